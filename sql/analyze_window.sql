-- name: analyze_window
-- params: none
-- Statistics for the dedupe self-join (temp tables are never auto-analyzed).
ANALYZE recall_window (id, user_id, t, local_day, coarse, changed_by)
