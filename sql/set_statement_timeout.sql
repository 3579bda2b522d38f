-- name: set_statement_timeout
-- params: timeout_ms
-- Box the next statements into the time their request has left (milliseconds, as text; SqlRun sends
-- it again when it drifts from the deadline); local to the transaction, so a pooled connection never
-- keeps it.
SELECT set_config('statement_timeout', CAST(:timeout_ms AS text), true)
