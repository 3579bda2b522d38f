-- name: analyze_edges
-- params: none
-- Statistics for the component walk (temp tables are never auto-analyzed).
ANALYZE recall_edges
