"""pgvector and the stateless SQL functions the recall pipeline uses (no user data is stored).

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("CREATE EXTENSION IF NOT EXISTS vector")
    # Temporal match for wide recall (RFC §3.6): 1 inside [lo, hi); outside it at most 0.8, decaying
    # linearly to 0 over `slack`, so near misses stay visible with a clearly lower score.
    op.execute(
        """
        CREATE OR REPLACE FUNCTION recall_temporal_match(
          t timestamptz, lo timestamptz, hi timestamptz, slack interval)
        RETURNS double precision
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$
          SELECT CASE
            WHEN t IS NULL OR lo IS NULL OR hi IS NULL THEN 0.0
            WHEN t >= lo AND t < hi THEN 1.0
            WHEN t < lo THEN 0.8 * greatest(0.0, 1.0 - extract(epoch FROM lo - t) / extract(epoch FROM slack))
            ELSE 0.8 * greatest(0.0, 1.0 - extract(epoch FROM t - hi) / extract(epoch FROM slack))
          END
        $$
        """
    )


def downgrade() -> None:
    op.execute("DROP FUNCTION IF EXISTS recall_temporal_match(timestamptz, timestamptz, timestamptz, interval)")
    op.execute("DROP EXTENSION IF EXISTS vector")
