-- name: dedupe_skipped
-- params: none
-- What ranking gets when dedupe ran out of time, or the plan says output.dedupe = false: every
-- in-window item is its own cluster.
CREATE TEMP TABLE recall_clusters ON COMMIT DROP AS
SELECT id, id AS cluster FROM recall_window
