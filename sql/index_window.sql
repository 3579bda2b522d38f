-- name: index_window
-- params: none
-- The dedupe self-join probes ±15 minutes around each item: a range scan per item, not n².
-- On t alone: a request's candidates are one user's, so user_id would only be compared again on
-- every index entry (a (user_id, t) index measured slower to build and to probe).
CREATE INDEX recall_window_t ON recall_window (t)
