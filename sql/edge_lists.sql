-- name: edge_lists
-- params: none
-- Each in-window item with a match and its neighbours, for the component labelling in
-- app/pipeline/dedupe.py.
SELECT a, near FROM recall_edges
