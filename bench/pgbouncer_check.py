"""Check that the recall pipeline works behind PgBouncer in transaction pooling mode.

Needs the `pgbouncer` binary (Debian: `apt-get install pgbouncer`); not part of `make test`.
Starts an embedded Postgres and a PgBouncer (pool_mode = transaction, 3 server connections) in
front of it, then runs the same recall queries concurrently through PgBouncer (DB_POOLER=pgbouncer)
and directly, and checks that every bundle is identical and that no table is left behind.
Everything it starts is stopped by PID.

    .venv/bin/python bench/pgbouncer_check.py
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncpg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.contracts import RecallRequest
from app.db import migrate
from app.db.embedded import EmbeddedPostgres
from app.emulator import start_emulator
from app.emulator.dataset import DEMO_NOW, DEMO_USER, OTHER_USER
from app.recall import open_recall, run_recall
from app.settings import load_settings

DB = "recall_pgbouncer"
QUERIES = ["我昨天有什么重要的事？", "这周五之前要交什么？", "我这周输入过什么关于 MeInput 的？", "我上周做了什么？"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def prepare(socket_dir: str) -> None:
    conn = await asyncpg.connect(host=socket_dir, user="postgres", database="postgres")
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{DB}"')
        await conn.execute(f'CREATE DATABASE "{DB}"')
        # what the service sends as session settings when it connects directly
        await conn.execute(f"ALTER DATABASE \"{DB}\" SET temp_buffers = '96MB'")
        await conn.execute(f"ALTER DATABASE \"{DB}\" SET plan_cache_mode = 'force_custom_plan'")
        await conn.execute(f"ALTER DATABASE \"{DB}\" SET jit = off")
        await conn.execute(f"ALTER DATABASE \"{DB}\" SET work_mem = '32MB'")
    finally:
        await conn.close()


async def bundles(url: str, env: dict[str, str]) -> list[str]:
    async with open_recall(load_settings(env | {"DATABASE_URL": url})) as deps:

        async def one(i: int) -> str:
            request = RecallRequest(user_id=(DEMO_USER, OTHER_USER)[i % 2], query=QUERIES[i % len(QUERIES)],
                                    now=DEMO_NOW, include_hidden=True, limit=100)
            bundle = await run_recall(request, deps)
            return repr([(g.key, [(it.source_ref, it.merged_from, round(it.recall_score, 6)) for it in g.items])
                         for g in bundle.groups])

        return list(await asyncio.gather(*(one(i) for i in range(64))))


def main() -> int:
    binary = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
    if not Path(binary).exists():
        sys.exit("pgbouncer is not installed (Debian: apt-get install pgbouncer)")
    root = Path(tempfile.mkdtemp(prefix="mpgb-"))
    root.chmod(0o755)
    pg = EmbeddedPostgres(root / "pgdata")
    emulator = start_emulator()
    bouncer = None
    try:
        direct_url = pg.start()
        socket_dir = str(root / "pgdata")
        asyncio.run(prepare(socket_dir))
        direct_db = direct_url.replace("/postgres?", f"/{DB}?")
        migrate.upgrade(direct_db)
        port = free_port()
        logs = root / "log"
        logs.mkdir()
        shutil.chown(logs, "pgserver")  # pgbouncer drops root for this user (it refuses to run as root)
        (root / "users.txt").write_text('"postgres" ""\n')
        (root / "pgbouncer.ini").write_text(f"""[databases]
{DB} = host={socket_dir} port=5432 dbname={DB} user=postgres
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {port}
unix_socket_dir =
auth_type = trust
auth_file = {root}/users.txt
pool_mode = transaction
default_pool_size = 3
max_client_conn = 100
logfile = {logs}/pgbouncer.log
""")
        for path in root.iterdir():
            os.chmod(path, 0o755 if path.is_dir() else 0o644)
        bouncer = subprocess.Popen([binary, "-q", "-u", "pgserver", str(root / "pgbouncer.ini")])
        deadline = time.monotonic() + 10
        while socket.socket().connect_ex(("127.0.0.1", port)) != 0:
            if time.monotonic() > deadline or bouncer.poll() is not None:
                sys.exit(f"pgbouncer did not start: {(logs / 'pgbouncer.log').read_text()}")
            time.sleep(0.1)
        env = emulator.env(("meinput", "chat")) | {"DB_POOL_SIZE": "8", "CACHE_TTL_S": "600"}
        through = asyncio.run(bundles(f"postgresql://postgres@127.0.0.1:{port}/{DB}", env | {"DB_POOLER": "pgbouncer"}))
        direct = asyncio.run(bundles(direct_db, env))
        assert through == direct, "bundles differ between PgBouncer and a direct connection"
        leftovers = asyncio.run(_user_tables(socket_dir))
        assert leftovers == 0, f"{leftovers} tables left behind"
        print("pgbouncer transaction mode: 64 concurrent recall queries over 8 client / 3 server connections, "
              "bundles identical to direct connections, 0 tables left behind")
        return 0
    finally:
        if bouncer is not None:
            bouncer.send_signal(signal.SIGTERM)
            bouncer.wait(10)
        emulator.stop()
        pg.stop()
        shutil.rmtree(root, ignore_errors=True)


async def _user_tables(socket_dir: str) -> int:
    conn = await asyncpg.connect(host=socket_dir, user="postgres", database=DB)
    try:
        return await conn.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname NOT LIKE 'pg_%' "
                                   "AND schemaname <> 'information_schema' AND tablename <> 'alembic_version'")
    finally:
        await conn.close()


if __name__ == "__main__":
    sys.exit(main())
