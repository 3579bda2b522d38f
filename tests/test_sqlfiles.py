from pathlib import Path

import pytest

from app.errors import SqlFileError
from app.sqlfiles import Queries, parse_statement


def test_every_sql_file_loads_with_a_header():
    queries = Queries()
    assert len(queries) >= 1
    for name, stmt in queries.items():
        assert stmt.name == name
        assert "::" not in stmt.source


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.sql"
    path.write_text(text)
    return path


def test_named_parameters_compile_to_positional(tmp_path):
    stmt = parse_statement(_write(tmp_path, "q", "-- name: q\n-- params: lo, hi\nSELECT CAST(:lo AS int) + :hi + :lo, ':not_a_param'"))
    assert stmt.sql == "SELECT CAST($1 AS int) + $2 + $1, ':not_a_param'"
    assert stmt.args({"hi": 2, "lo": 1}) == [1, 2]
    with pytest.raises(SqlFileError, match="missing parameters"):
        stmt.args({"lo": 1})
    with pytest.raises(SqlFileError, match="unknown parameters"):
        stmt.args({"lo": 1, "hi": 2, "x": 3})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-- name: q\nSELECT 1", "missing '-- params:'"),
        ("-- name: other\n-- params: none\nSELECT 1", "must match the file name"),
        ("-- name: q\n-- params: a\nSELECT :b", "differ from those declared"),
        ("-- name: q\n-- params: a, b\nSELECT :a", "differ from those declared"),
        ("-- name: q\n-- params: a\nSELECT :a::int", "use CAST"),
        ("-- name: q\n-- params: none\nSELECT 1; SELECT 2", "one statement per file"),
    ],
)
def test_malformed_files_fail_at_load(tmp_path, text, message):
    with pytest.raises(SqlFileError, match=message):
        parse_statement(_write(tmp_path, "q", text))


async def test_server_versions_runs_on_real_postgres(engine):
    stmt = Queries()["server_versions"]
    async with engine.connect() as conn:
        raw = (await conn.get_raw_connection()).driver_connection
        row = await raw.fetchrow(stmt.sql, *stmt.args({}))
    assert row["postgres"].startswith("18")
    assert tuple(int(x) for x in row["pgvector"].split(".")[:2]) >= (0, 8)
