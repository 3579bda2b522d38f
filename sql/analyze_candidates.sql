-- name: analyze_candidates
-- params: none
-- Temp tables are never auto-analyzed; without statistics the planner guesses row counts.
-- Only the columns later statements filter or join on: sampling the vectors would cost more
-- than the whole filter stage.
ANALYZE recall_candidates (id, observed_time, event_time)
