-- name: filter_by_mode
-- params: mode, mention_lo, mention_hi, event_lo, event_hi, now, unresolved_only
-- Temporal filter (RFC §5.2): OCCURRED_IN/PLANNED_IN/DUE_IN match event_time, MENTIONED_IN and
-- CREATED_IN match observed_time, AMBIGUOUS = occurred ∪ mentioned (occurred wins, and holds
-- what happens in the range whether or not it is past `now`: status says which). Each mode keeps the item types it implies; a bare mention with no time
-- of its own (chit-chat) is something said, not something that occurred; an agent run is
-- something done, not something said (api.md: mentioned = user or assistant turns). Wide recall (RFC §3.6): an
-- item just outside its range stays, with temporal_match decaying to 0 over half the range
-- (at least 12 h). Records observed after `now` are never used.
CREATE TEMP TABLE recall_window ON COMMIT DROP AS
WITH p AS (
    SELECT CAST(:mode AS text) AS mode,
           CAST(:mention_lo AS timestamptz) AS m_lo, CAST(:mention_hi AS timestamptz) AS m_hi,
           CAST(:event_lo AS timestamptz) AS e_lo, CAST(:event_hi AS timestamptz) AS e_hi,
           CAST(:now AS timestamptz) AS now, CAST(:unresolved_only AS boolean) AS unresolved_only
), slack AS (
    SELECT p.*,
           greatest(interval '12 hours', (p.m_hi - p.m_lo) / 2) AS m_slack,
           greatest(interval '12 hours', (p.e_hi - p.e_lo) / 2) AS e_slack
    FROM p
), matched AS (
    SELECT c.id, c.user_id, c.t, c.local_day, c.coarse, c.kw, c.kw_count, c.embedding, c.type, c.status,
           c.event_time, c.event_grain, c.source, c.source_quality, c.confidence, c.importance, c.observed_time,
           c.role,
           s.mode, s.now, s.unresolved_only, tm.e_tm, tm.m_tm
    FROM recall_candidates c
    CROSS JOIN slack s
    -- OFFSET 0 keeps the two matches computed once per row instead of inlined at every use
    CROSS JOIN LATERAL (SELECT recall_temporal_match(c.event_time, s.e_lo, s.e_hi, s.e_slack) AS e_tm,
                               recall_temporal_match(c.observed_time, s.m_lo, s.m_hi, s.m_slack) AS m_tm
                        OFFSET 0) tm
    WHERE c.observed_time < s.now
), grouped AS (
    SELECT m.*,
           CASE m.mode
             WHEN 'OCCURRED_IN' THEN CASE WHEN m.e_tm > 0 AND m.event_time < m.now
                                          AND (m.type <> 'mention' OR m.event_grain IS NOT NULL) THEN 'occurred' END
             WHEN 'PLANNED_IN' THEN CASE WHEN m.e_tm > 0 AND m.type IN ('event', 'todo', 'commitment') THEN 'planned' END
             WHEN 'DUE_IN' THEN CASE WHEN m.e_tm > 0 AND m.type IN ('todo', 'commitment')
                                      AND NOT (m.unresolved_only AND m.status = 'completed') THEN 'due' END
             WHEN 'MENTIONED_IN' THEN CASE WHEN m.m_tm > 0 AND m.role <> 'run' AND (m.e_lo_set IS FALSE OR m.e_tm > 0)
                                      THEN 'mentioned' END
             WHEN 'CREATED_IN' THEN CASE WHEN m.m_tm > 0 AND m.type IN ('decision', 'commitment', 'todo') THEN 'created' END
             WHEN 'AMBIGUOUS' THEN CASE
               WHEN m.e_tm > 0 AND m.e_tm >= m.m_tm AND (m.type <> 'mention' OR m.event_grain IS NOT NULL)
                 THEN 'occurred'
               WHEN m.m_tm > 0 AND m.role <> 'run' THEN 'mentioned'
             END
           END AS group_key,
           CASE m.mode
             WHEN 'MENTIONED_IN' THEN CASE WHEN m.e_lo_set THEN least(m.m_tm, m.e_tm) ELSE m.m_tm END
             WHEN 'CREATED_IN' THEN m.m_tm
             WHEN 'AMBIGUOUS' THEN greatest(m.e_tm, m.m_tm)
             ELSE m.e_tm
           END AS temporal_match
    FROM (SELECT matched.*, (SELECT e_lo IS NOT NULL FROM p) AS e_lo_set FROM matched) m
)
-- what scoring needs rides along, so that ranking touches recall_candidates only for the shown rows
SELECT id, user_id, t, local_day, coarse, kw, kw_count, embedding, group_key, temporal_match,
       source, type, source_quality, confidence, importance, observed_time, event_time
FROM grouped
WHERE group_key IS NOT NULL AND temporal_match > 0
