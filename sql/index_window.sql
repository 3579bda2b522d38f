-- name: index_window
-- params: none
-- The dedupe self-join probes ±15 minutes around each item: a range scan per item, not n².
CREATE INDEX recall_window_user_t ON recall_window (user_id, t)
