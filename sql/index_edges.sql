-- name: index_edges
-- params: none
-- The component walk looks up the neighbour list of each item it reaches: one index probe each.
-- Without it, a window of thousands of near-identical messages (one component) made every step of
-- the walk scan all the lists.
CREATE INDEX recall_edges_a ON recall_edges (a)
