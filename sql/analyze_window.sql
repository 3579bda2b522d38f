-- name: analyze_window
-- params: none
-- Statistics for the dedupe self-join (temp tables are never auto-analyzed); changed_by's, so that
-- its changed-by arm expects the few rows a change links, not a guess.
ANALYZE recall_window (id, user_id, t, local_day, coarse, changed_by)
