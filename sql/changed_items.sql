-- name: changed_items
-- params: none
-- Which record changed which item, and how (for explain).
SELECT p.source_ref AS item, u.source_ref AS changed_by, ch.kind
FROM recall_changes ch
JOIN recall_candidates p ON p.id = ch.item
JOIN recall_candidates u ON u.id = ch.change
ORDER BY p.source_ref
