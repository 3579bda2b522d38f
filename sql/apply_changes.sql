-- name: apply_changes
-- params: items, changes, kinds
-- The plans link_changes linked take their change: items[i] (an id in recall_candidates) was
-- changed by the record changes[i], as kinds[i] says. done → completed, called off → cancelled,
-- moved → the change record's own time, grain and local day (load read that day in the request's
-- zone; a moving record always names its new time), so the old time is never shown as planned.
-- changed_by and changed_how say which record did what (dedupe merges the two, ranking shows the
-- change). The links come as arrays, not from a table: a follow-up query over the same candidates
-- applies the links found before without linking again.
UPDATE recall_candidates p
SET status = CASE ch.kind WHEN 'done' THEN 'completed' WHEN 'cancelled' THEN 'cancelled' ELSE p.status END,
    event_time = CASE WHEN ch.kind = 'moved' THEN c.event_time ELSE p.event_time END,
    event_grain = CASE WHEN ch.kind = 'moved' THEN c.event_grain ELSE p.event_grain END,
    local_day = CASE WHEN ch.kind = 'moved' THEN c.local_day ELSE p.local_day END,
    coarse = CASE WHEN ch.kind = 'moved' THEN c.coarse ELSE p.coarse END,
    changed_by = ch.change,
    changed_how = ch.kind
FROM unnest(CAST(:items AS integer[]), CAST(:changes AS integer[]), CAST(:kinds AS text[])) AS ch (item, change, kind)
JOIN recall_candidates c ON c.id = ch.change
WHERE p.id = ch.item
