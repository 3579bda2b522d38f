-- name: index_candidate_times
-- params: none
-- link_changes probes, per change record, the plans due around when it was said.
CREATE INDEX ON recall_candidates (user_id, event_time)
