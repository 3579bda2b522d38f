-- name: filter_by_mode
-- params: mode, kept_types, mention_lo, mention_hi, event_lo, event_hi, now, unresolved_only, near_miss, mention_near_miss
-- Temporal filter (RFC §5.2; app/modes.py says what each mode means): OCCURRED_IN/PLANNED_IN/DUE_IN
-- match event_time, MENTIONED_IN and CREATED_IN match observed_time, AMBIGUOUS = occurred ∪ mentioned
-- (occurred wins, and holds what happens in the range whether or not it is past `now`: status says
-- which). Each mode keeps the item types it implies (kept_types, NULL = all); a bare mention with no time of its own (chit-chat) is something said,
-- not something that occurred; an agent run is something done and a calendar entry something
-- scheduled, neither something said (api.md: mentioned = user or assistant turns). A cancelled plan has no time of its own any more: it
-- never occurred, is not planned or due, and is only something mentioned. DUE_IN is what is due in
-- the range (a deadline missed the day before it is not: dev-eval's labelling rules, RFC §5.2 「应完成在该范围」;
-- one missed inside the range is, and the answer marks it overdue). An hour, a day or a longer unit is a span, not
-- its first instant: it matches when it overlaps the range. Wide recall (RFC §3.6): an item at a
-- clock time just outside its range stays, with temporal_match decaying to 0 over `near_miss` past
-- the edge; one known only to the day or coarser is in its days or not (the day after a 「明天」 is
-- another day); an event whose grain is longer than the range is at most a near miss. A record is
-- said near the mention range within `mention_near_miss` (0 where the range is whole days:
-- app/pipeline/filter.py mention_near_miss). Records observed after `now` are never used.
-- Parameters are used in place, not through a one-row CTE joined to every candidate: custom plans
-- fold them into constants.
-- Rows kept whole in their pages as in recall_candidates (create_candidates_table: toast_tuple_target).
CREATE TEMP TABLE recall_window WITH (toast_tuple_target = 8160) ON COMMIT DROP AS
-- what scoring needs rides along, so that ranking reads recall_candidates only for the shown rows
-- (and, when the question names a topic, for the texts of the items in range and each cluster's
-- representative; with snapshot projects, for the representatives' texts)
SELECT id, user_id, role, t, local_day, coarse, precise, names, kin, kw, kw_count, kw_heads, embedding, group_key,
       temporal_match, source, type, source_quality, confidence, importance, observed_time, event_time, changed_by
FROM (
    SELECT m.*,
           CASE CAST(:mode AS text)
             WHEN 'OCCURRED_IN' THEN CASE WHEN m.e_tm > 0 AND m.event_time < CAST(:now AS timestamptz)
                                          AND m.status <> 'cancelled'
                                          AND (m.type <> 'mention' OR m.event_grain IS NOT NULL) THEN 'occurred' END
             WHEN 'PLANNED_IN' THEN CASE WHEN m.e_tm > 0 AND m.status <> 'cancelled' THEN 'planned' END
             WHEN 'DUE_IN' THEN CASE WHEN m.e_tm > 0 AND m.status <> 'cancelled'
                                      AND NOT (CAST(:unresolved_only AS boolean) AND m.status = 'completed') THEN 'due' END
             WHEN 'MENTIONED_IN' THEN CASE WHEN m.m_tm > 0 AND m.role NOT IN ('run', 'calendar')
                                                AND (CAST(:event_lo AS timestamptz) IS NULL OR m.e_tm > 0)
                                      THEN 'mentioned' END
             WHEN 'CREATED_IN' THEN CASE WHEN m.m_tm > 0 THEN 'created' END
             WHEN 'AMBIGUOUS' THEN CASE
               WHEN m.e_tm > 0 AND m.e_tm >= m.m_tm AND m.status <> 'cancelled'
                    AND (m.type <> 'mention' OR m.event_grain IS NOT NULL)
                 THEN 'occurred'
               WHEN m.m_tm > 0 AND m.role NOT IN ('run', 'calendar') THEN 'mentioned'
             END
           END AS group_key,
           CASE CAST(:mode AS text)
             WHEN 'MENTIONED_IN' THEN CASE WHEN CAST(:event_lo AS timestamptz) IS NOT NULL THEN least(m.m_tm, m.e_tm)
                                           ELSE m.m_tm END
             WHEN 'CREATED_IN' THEN m.m_tm
             WHEN 'AMBIGUOUS' THEN greatest(m.e_tm, m.m_tm)
             ELSE m.e_tm
           END AS temporal_match
    FROM (
        -- dedupe compares event_time; with none, observed_time (api.md)
        SELECT c.id, c.user_id, coalesce(c.event_time, c.observed_time) AS t, c.local_day, c.coarse, c.event_grain IN ('minute', 'hour') AS precise,
               c.names, c.kin, c.kw, c.kw_count, c.kw_heads, c.embedding, c.type, c.status,
               c.event_time, c.event_grain, c.source, c.source_quality, c.confidence,
               greatest(c.importance, plan.importance) AS importance, c.observed_time,
               c.role, c.changed_by,
               least(CASE
                       -- 「11月5号交」 is in a range that starts at noon that day: [t, t + unit) overlaps it
                       WHEN s.span > interval '0' AND c.event_time < CAST(:event_hi AS timestamptz)
                            AND c.event_time + s.span > CAST(:event_lo AS timestamptz)
                       THEN 1.0
                       WHEN c.coarse THEN 0.0
                       ELSE recall_temporal_match(c.event_time, CAST(:event_lo AS timestamptz),
                                CAST(:event_hi AS timestamptz), CAST(:near_miss AS interval))
                     END,
                     -- an event known only to a unit longer than the range (「下个月复诊」 asked about one
                     -- day) is not certainly in it: at most a near miss
                     CASE WHEN s.shortest > CAST(:event_hi AS timestamptz) - CAST(:event_lo AS timestamptz)
                          THEN 0.8 ELSE 1.0 END) AS e_tm,
               CASE WHEN CAST(:mention_near_miss AS interval) > interval '0'
                    THEN recall_temporal_match(c.observed_time, CAST(:mention_lo AS timestamptz),
                             CAST(:mention_hi AS timestamptz), CAST(:mention_near_miss AS interval))
                    WHEN c.observed_time >= CAST(:mention_lo AS timestamptz)
                         AND c.observed_time < CAST(:mention_hi AS timestamptz) THEN 1.0
                    ELSE 0.0 END AS m_tm
        FROM recall_candidates c
        CROSS JOIN LATERAL (
            -- the unit's span from the event's start, and the shortest any such unit is
            SELECT CASE c.event_grain WHEN 'hour' THEN interval '1 hour' WHEN 'day' THEN interval '1 day'
                                      WHEN 'week' THEN interval '7 days' WHEN 'month' THEN interval '1 month'
                                      WHEN 'quarter' THEN interval '3 months' WHEN 'year' THEN interval '1 year'
                                      ELSE interval '0' END AS span,
                   CASE c.event_grain WHEN 'hour' THEN interval '1 hour' WHEN 'day' THEN interval '1 day'
                                      WHEN 'week' THEN interval '7 days' WHEN 'month' THEN interval '28 days'
                                      WHEN 'quarter' THEN interval '89 days' WHEN 'year' THEN interval '365 days'
                                      ELSE interval '0' END AS shortest
        ) s
        -- a record that changed a plan (done, called off, moved) matters as much as the plan did
        LEFT JOIN (SELECT changed_by, max(importance) AS importance FROM recall_candidates
                   WHERE changed_by IS NOT NULL GROUP BY changed_by) plan ON plan.changed_by = c.id
        WHERE c.observed_time < CAST(:now AS timestamptz)
          AND (CAST(:kept_types AS text[]) IS NULL OR c.type = ANY(CAST(:kept_types AS text[])))
        -- OFFSET 0 keeps the two matches computed once per row instead of inlined at every use
        OFFSET 0
    ) m
) g
WHERE group_key IS NOT NULL AND temporal_match > 0
-- stored in time order: dedupe's probes for an item's next neighbours read rows stored side by side
ORDER BY t, id
