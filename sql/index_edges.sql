-- name: index_edges
-- params: none
-- The component walk follows edges from each reached item: an index lookup per step.
CREATE INDEX recall_edges_a ON recall_edges (a)
