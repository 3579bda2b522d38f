-- name: apply_changes
-- params: utc_offset
-- The linked plans take their change: done → completed, called off → cancelled, moved → the
-- change's own time (and grain; its local day at the request's UTC offset), so the old time is
-- never shown as planned.
UPDATE recall_candidates p
SET status = CASE ch.kind WHEN 'done' THEN 'completed' WHEN 'cancelled' THEN 'cancelled' ELSE p.status END,
    event_time = CASE WHEN ch.kind = 'moved' THEN ch.event_time ELSE p.event_time END,
    event_grain = CASE WHEN ch.kind = 'moved' THEN ch.event_grain ELSE p.event_grain END,
    local_day = CASE WHEN ch.kind = 'moved' THEN CAST((ch.event_time AT TIME ZONE 'UTC') + CAST(:utc_offset AS interval) AS date)
                     ELSE p.local_day END,
    coarse = CASE WHEN ch.kind = 'moved' THEN ch.event_grain IN ('day', 'week', 'month', 'quarter', 'year')
                  ELSE p.coarse END
FROM recall_changes ch
WHERE p.id = ch.item
