-- name: analyze_window
-- params: none
-- Statistics for the dedupe self-join (temp tables are never auto-analyzed).
ANALYZE recall_window
