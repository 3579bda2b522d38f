-- name: add_change_edges
-- params: none
-- A plan and the record that changed it are one item when both are in the window (merged_from
-- then holds the chain), in both directions like every edge.
INSERT INTO recall_edges (a, b)
SELECT x.a, x.b
FROM recall_changes ch
JOIN recall_window wi ON wi.id = ch.item
JOIN recall_window wc ON wc.id = ch.change
CROSS JOIN LATERAL (VALUES (ch.item, ch.change), (ch.change, ch.item)) AS x (a, b)
