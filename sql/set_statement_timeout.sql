-- name: set_statement_timeout
-- params: timeout_ms
-- Box the next statement into the time its request has left (milliseconds, as text); local to the
-- transaction, so a pooled connection never keeps it.
SELECT set_config('statement_timeout', CAST(:timeout_ms AS text), true)
