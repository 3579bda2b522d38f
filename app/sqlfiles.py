"""Named SQL statements from sql/*.sql, one per file, checked once at load (aiosql/PugSQL style).

Each file starts with a header:

    -- name: dedupe_candidates
    -- params: window_minutes, min_similarity
    -- what the statement does, briefly

Parameters are written `:name` in the body and compiled to asyncpg's `$n`. Loading fails when a
parameter is used but not declared, declared but not used, or when the file uses a `::` cast.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.errors import SqlFileError

SQL_DIR = Path(__file__).resolve().parents[1] / "sql"

_PARAM = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")
# string literals, dollar-quoted bodies and comments: no parameters or statement ends inside
_QUOTED = re.compile(r"'(?:[^']|'')*'|\$\$.*?\$\$|--[^\n]*", re.S)


@dataclass(frozen=True, slots=True)
class Statement:
    name: str
    source: str  # as written, with :named parameters (shown by explain)
    sql: str  # compiled for asyncpg, $1..$n
    params: tuple[str, ...]

    def args(self, values: Mapping[str, Any]) -> list[Any]:
        missing = [p for p in self.params if p not in values]
        unknown = [k for k in values if k not in self.params]
        if missing or unknown:
            raise SqlFileError(f"{self.name}: missing parameters {missing}, unknown parameters {unknown}")
        return [values[p] for p in self.params]


def parse_statement(path: Path) -> Statement:
    text = path.read_text(encoding="utf-8")
    header: dict[str, str] = {}
    body_lines = []
    for line in text.splitlines():
        m = re.match(r"--\s*(name|params):\s*(.*)$", line.strip())
        if m and not body_lines:
            header[m.group(1)] = m.group(2).strip()
        elif line.strip().startswith("--") and not body_lines:
            continue
        else:
            body_lines.append(line)
    body = "\n".join(body_lines).strip().rstrip(";")
    name = header.get("name")
    if name != path.stem:
        raise SqlFileError(f"{path.name}: header '-- name: {name}' must match the file name")
    if "params" not in header:
        raise SqlFileError(f"{path.name}: missing '-- params:' header (write '-- params: none')")
    declared = tuple(p.strip() for p in header["params"].split(",") if p.strip() and p.strip() != "none")
    unquoted = _QUOTED.sub("''", body)
    if "::" in unquoted:
        raise SqlFileError(f"{path.name}: use CAST(x AS t), not x::t")
    used = list(dict.fromkeys(_PARAM.findall(unquoted)))
    if set(used) != set(declared):
        raise SqlFileError(
            f"{path.name}: parameters used {sorted(used)} differ from those declared {sorted(declared)}"
        )
    if ";" in unquoted:
        raise SqlFileError(f"{path.name}: one statement per file")
    index = {p: i + 1 for i, p in enumerate(declared)}
    compiled = _compile(body, index)
    return Statement(name=name, source=body, sql=compiled, params=declared)


def _compile(body: str, index: Mapping[str, int]) -> str:
    out, pos = [], 0
    for quoted in _QUOTED.finditer(body):
        out.append(_PARAM.sub(lambda m: f"${index[m.group(1)]}", body[pos : quoted.start()]))
        out.append(quoted.group(0))
        pos = quoted.end()
    out.append(_PARAM.sub(lambda m: f"${index[m.group(1)]}", body[pos:]))
    return "".join(out)


class Queries(Mapping[str, Statement]):
    """Every statement under a directory, loaded once."""

    def __init__(self, directory: Path = SQL_DIR) -> None:
        self._by_name = {p.stem: parse_statement(p) for p in sorted(directory.glob("*.sql"))}

    def __getitem__(self, name: str) -> Statement:
        try:
            return self._by_name[name]
        except KeyError:
            raise SqlFileError(f"no statement named {name!r} under sql/") from None

    def __iter__(self):
        return iter(self._by_name)

    def __len__(self) -> int:
        return len(self._by_name)
