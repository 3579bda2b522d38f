-- name: dedupe_clusters
-- params: ids, roots
-- Each in-window item's cluster: the smallest id of its connected component in dedupe_edges' graph
-- (ids and roots are parallel arrays, labelled by app/pipeline/dedupe.py from the edges dedupe_edges returns); an
-- item without an edge is its own cluster.
CREATE TEMP TABLE recall_clusters ON COMMIT DROP AS
SELECT w.id, coalesce(c.root, w.id) AS cluster
FROM recall_window w
LEFT JOIN unnest(CAST(:ids AS integer[]), CAST(:roots AS integer[])) AS c (id, root) ON c.id = w.id
