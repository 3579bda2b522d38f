"""recall_temporal_match in double precision: extract() returns numeric since PostgreSQL 14, and
numeric division on every candidate was a measurable share of the temporal filter.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _temporal_match(epoch: str) -> str:
    """The function of 0001 with `epoch` ("date_part('epoch', {})" or "extract(epoch FROM {})")."""
    lo_gap, hi_gap, slack = epoch.format("lo - t"), epoch.format("t - hi"), epoch.format("slack")
    return f"""
        CREATE OR REPLACE FUNCTION recall_temporal_match(
          t timestamptz, lo timestamptz, hi timestamptz, slack interval)
        RETURNS double precision
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$
          SELECT CASE
            WHEN t IS NULL OR lo IS NULL OR hi IS NULL THEN 0.0
            WHEN t >= lo AND t < hi THEN 1.0
            WHEN t < lo THEN 0.8 * greatest(0.0, 1.0 - {lo_gap} / {slack})
            ELSE 0.8 * greatest(0.0, 1.0 - {hi_gap} / {slack})
          END
        $$
        """


def upgrade() -> None:
    op.execute(_temporal_match("date_part('epoch', {})"))


def downgrade() -> None:
    op.execute(_temporal_match("extract(epoch FROM {})"))
