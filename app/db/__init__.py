"""Database access: the embedded server, the engine/pool, migrations."""
