-- name: changed_items
-- params: none
-- Which record changed which item, and how (for explain).
SELECT p.source_ref AS item, u.source_ref AS changed_by, p.changed_how AS kind
FROM recall_candidates p
JOIN recall_candidates u ON u.id = p.changed_by
ORDER BY p.source_ref
