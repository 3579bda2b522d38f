-- name: server_versions
-- params: none
-- PostgreSQL and pgvector versions for /healthz.
SELECT current_setting('server_version') AS postgres,
       (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS pgvector
