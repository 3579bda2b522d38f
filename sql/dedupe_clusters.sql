-- name: dedupe_clusters
-- params: none
-- Clusters are the connected components of recall_edges: each in-window item gets the smallest
-- id of its component (items without an edge are their own cluster). The walk starts only from
-- local minima (an id smaller than all its neighbours'): the component's smallest id is one of
-- them. Starting from every id made O(k²) rows per component of k items.
CREATE TEMP TABLE recall_clusters ON COMMIT DROP AS
WITH RECURSIVE reach (id, root) AS (
    SELECT a, a FROM recall_edges WHERE a < nearest_id
    UNION
    -- only a smaller root can win the min(): do not carry larger ones around the component
    SELECT b, reach.root
    FROM reach
    -- one index probe per item reached (LIMIT 1 keeps the planner from unnesting every list first)
    CROSS JOIN LATERAL (SELECT near FROM recall_edges e WHERE e.a = reach.id LIMIT 1) e
    CROSS JOIN LATERAL unnest(e.near) b
    WHERE b > reach.root
)
SELECT w.id, coalesce(min(reach.root), w.id) AS cluster
FROM recall_window w
LEFT JOIN reach ON reach.id = w.id
GROUP BY w.id
