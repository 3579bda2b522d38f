-- name: analyze_candidates
-- params: none
-- Temp tables are never auto-analyzed; without statistics the planner guesses row counts.
ANALYZE recall_candidates
