-- name: score_items
-- params: topics, topic_embedding, projects, w_meinput, w_chat, w_memory, importance_asked
-- RFC §7 + §9: one row per cluster. The representative is the member of highest
-- source_quality; merged_from lists every member's source_ref, participants are united,
-- importance and temporal_match are the best of the members. recall_score is the product of
-- source_quality × temporal_match × semantic_match × importance × extraction_confidence, each
-- in [0, 1]. With no topic in the query nothing is penalised for lacking one (semantic_match 1);
-- an item naming a topic term matches fully, others by embedding similarity.
-- A user-snapshot project named in an item raises its importance by 0.1 (RFC §10 prior).
WITH p AS (
    SELECT CAST(:topics AS text[]) AS topics, CAST(:topic_embedding AS vector) AS topic_embedding,
           CAST(:projects AS text[]) AS projects,
           CAST(:w_meinput AS double precision) AS w_meinput, CAST(:w_chat AS double precision) AS w_chat,
           CAST(:w_memory AS double precision) AS w_memory, CAST(:importance_asked AS boolean) AS importance_asked
), members AS (
    SELECT k.cluster, c.*, w.group_key, w.temporal_match,
           row_number() OVER (PARTITION BY k.cluster
                              ORDER BY c.source_quality DESC, c.confidence DESC, c.observed_time, c.id) AS rank_in_cluster
    FROM recall_clusters k
    JOIN recall_candidates c ON c.id = k.id
    JOIN recall_window w ON w.id = k.id
), merged AS (
    SELECT cluster,
           array_agg(source_ref ORDER BY source_quality DESC, observed_time, id) AS merged_from,
           max(importance) AS importance,
           max(temporal_match) AS temporal_match,
           (array_agg(group_key ORDER BY CASE group_key WHEN 'occurred' THEN 0 WHEN 'due' THEN 1
                      WHEN 'planned' THEN 2 WHEN 'created' THEN 3 ELSE 4 END))[1] AS group_key
    FROM members
    GROUP BY cluster
), people AS (
    SELECT m.cluster, coalesce(array_agg(DISTINCT x ORDER BY x) FILTER (WHERE x IS NOT NULL), CAST(ARRAY[] AS text[])) AS participants
    FROM members m LEFT JOIN LATERAL unnest(m.participants) AS x ON true
    GROUP BY m.cluster
), factors AS (
    SELECT r.id, r.source_ref, r.user_id, r.source, r.type, r.status, r.event_time, r.event_grain,
           r.observed_time, r.title, r.content, r.confidence, mg.merged_from, mg.group_key,
           pp.participants,
           r.source_quality * (0.85 + 0.15 * CASE r.source WHEN 'meinput' THEN p.w_meinput
                                                         WHEN 'chat' THEN p.w_chat ELSE p.w_memory END) AS source_factor,
           mg.temporal_match,
           CASE WHEN coalesce(cardinality(p.topics), 0) = 0 THEN 1.0
                WHEN EXISTS (SELECT 1 FROM unnest(p.topics) tp
                             WHERE strpos(lower(r.title || ' ' || r.content), lower(tp)) > 0) THEN 1.0
                ELSE 0.3 + 0.7 * greatest(0.0, 1 - (r.embedding <=> p.topic_embedding))
           END AS semantic_match,
           least(1.0, mg.importance
                 + CASE WHEN EXISTS (SELECT 1 FROM unnest(p.projects) pr
                                     WHERE strpos(lower(r.title || ' ' || r.content), lower(pr)) > 0)
                        THEN 0.1 ELSE 0 END) AS importance,
           p.importance_asked
    FROM members r
    JOIN merged mg ON mg.cluster = r.cluster
    JOIN people pp ON pp.cluster = r.cluster
    CROSS JOIN p
    WHERE r.rank_in_cluster = 1
)
SELECT f.*, s.importance_factor,
       f.source_factor * f.temporal_match * f.semantic_match * s.importance_factor * f.confidence AS recall_score
FROM factors f
-- Asked for important things, importance counts in full; otherwise it only tilts the ranking.
CROSS JOIN LATERAL (SELECT CASE WHEN f.importance_asked THEN f.importance
                                ELSE 0.3 + 0.7 * f.importance END AS importance_factor) s
ORDER BY recall_score DESC, f.event_time NULLS LAST, f.id
