-- name: score_items
-- params: ids, roots, topics, lead_topic, topic_embedding, topic_keywords, topic_keyword_count, cue_sources, cue_terms, recorded_in, elsewhere_factor, unchanged_factor, target_types, target_weights, projects, w_meinput, w_chat, w_memory, w_calendar, importance_asked, importance_min, min_score, include_hidden, max_rows
-- RFC §7 + §9: one row per cluster (ids[i]'s cluster is roots[i], from app/pipeline/dedupe.py; an
-- in-window item not in ids is its own cluster's root or alone), best first, at most max_rows of them (hidden ones, scored under
-- min_score, only with include_hidden); `after_dedupe` counts every cluster. The representative is the member of
-- highest source_quality (among equals, one naming the topic); merged_from lists every member's source_ref, participants (names and kin) are united,
-- importance and temporal_match are the best of the members; `change` is what a later record did to
-- a member plan (app/pipeline/lifecycle.py). recall_score is the product
-- source_quality × temporal_match × semantic_match × importance × extraction_confidence, each in
-- [0, 1]. With no topic in the query nothing is penalised for lacking one; an item naming the
-- question's first topic term (lead_topic) in any of its records, or every term any item names, matches
-- fully, others by embedding similarity or by the share of the topic's keywords they
-- contain, whichever is higher, and a little more for naming a cue of their own source's expansion
-- (RFC §8: cue_sources[i] is the source whose retrieval expands to cue_terms[i], e.g. chat → 约, 跟进,
-- a caller's plan may give its own); the plan's target weight for the item's type tilts it (0.5 + 0.5 w). Where the
-- question says where its things were recorded (recorded_in: 「在聊天里跟助手说过什么」 → chat), an item with no
-- record there is weighed by elsewhere_factor: shown after those with one, not filtered out (RFC §3.3), though
-- one just over the threshold falls under it. Asked which
-- plans were moved or called off (「哪些安排改过时间」), an item none of whose records a move or calling off
-- touched (app/pipeline/lifecycle.py) is matched at unchanged_factor of its topic match (1.0: not asked). A user-snapshot
-- project named in an item raises its importance by 0.1 (RFC §10 prior). Asked for important
-- things, importance counts in full; otherwise it only tilts the ranking: 0.3 + 0.7 × importance for a
-- bare remark, 0.5 + 0.5 × importance for an event, plan or decision (in the range asked, it is an
-- answer whatever score an upstream gave it; a remark has to earn its place).
WITH clustered AS (
    SELECT coalesce(k.root, w.id) AS cluster, w.id, w.source, w.type, w.source_quality, w.confidence, w.event_time,
           w.observed_time, w.importance, w.temporal_match, w.group_key
    FROM recall_window w
    LEFT JOIN unnest(CAST(:ids AS integer[]), CAST(:roots AS integer[])) AS k (id, root) ON k.id = w.id
), naming AS (  -- the topic terms each in-window record names
    SELECT cl.id, cl.cluster, tp
    FROM clustered cl
    JOIN recall_candidates c ON c.id = cl.id
    CROSS JOIN unnest(CAST(:topics AS text[])) tp
    WHERE strpos(lower(c.title || ' ' || c.content), lower(tp)) > 0
), named AS (  -- per record: whether it names the question's first term, and how many terms its item names
    SELECT n.id, bool_or(n.tp = CAST(:lead_topic AS text)) AS lead,
           (SELECT count(DISTINCT m.tp) FROM naming m WHERE m.cluster = n.cluster) AS item_terms
    FROM naming n
    GROUP BY n.id, n.cluster
), members AS (
    -- an item names the topic when one of its records names the question's first term (「恒通的合同」:
    -- 恒通, whose thing it is) or it names every term any item names; an item naming only the others
    -- (another client's 合同, every other wedding of 「许诺他们的婚礼」) is matched by its similarity, not in full
    SELECT cl.*, coalesce(nd.lead OR nd.item_terms = (SELECT count(DISTINCT tp) FROM naming), false) AS names_topic
    FROM clustered cl
    LEFT JOIN named nd ON nd.id = cl.id
), changed AS (  -- the items a move or calling off touched: the plan, or the record that changed it
    SELECT DISTINCT cl.cluster
    FROM clustered cl
    JOIN recall_candidates c ON c.id = cl.id
    WHERE CAST(:unchanged_factor AS double precision) < 1.0
      AND (c.change IN ('moved', 'cancelled') OR c.changed_how IN ('moved', 'cancelled'))
), representative AS (
    -- among equals, the record that names the topic speaks for the item (it shows why it matched)
    SELECT DISTINCT ON (cluster) cluster, id AS rep, source, type, source_quality, confidence, event_time
    FROM members
    ORDER BY cluster, source_quality DESC, names_topic DESC, confidence DESC, observed_time, id
), merged AS (
    SELECT m.cluster, bool_or(m.names_topic) AS names_topic,
           coalesce(bool_or(m.source = ANY (CAST(:recorded_in AS text[]))), false) AS recorded_there,
           max(m.importance) AS importance,
           max(m.temporal_match) AS temporal_match,
           (ARRAY['occurred', 'due', 'planned', 'created', 'mentioned'])[
               min(CASE m.group_key WHEN 'occurred' THEN 1 WHEN 'due' THEN 2 WHEN 'planned' THEN 3
                                    WHEN 'created' THEN 4 ELSE 5 END)] AS group_key
    FROM members m
    GROUP BY m.cluster
), factors AS MATERIALIZED (  -- once per cluster: inlined, the semantic subquery ran twice
    SELECT mg.cluster, rp.rep AS id, mg.group_key, mg.temporal_match,
           rp.source_quality * (0.85 + 0.15 * CASE rp.source
                                                WHEN 'meinput' THEN CAST(:w_meinput AS double precision)
                                                WHEN 'chat' THEN CAST(:w_chat AS double precision)
                                                WHEN 'calendar' THEN CAST(:w_calendar AS double precision)
                                                ELSE CAST(:w_memory AS double precision) END)
           * CASE WHEN coalesce(cardinality(CAST(:recorded_in AS text[])), 0) = 0 OR mg.recorded_there
                  THEN 1.0 ELSE CAST(:elsewhere_factor AS double precision) END AS source_factor,
           -- the plan's targets tilt it: what the question looks for (decisions for 「定了什么」) first
           (0.5 + 0.5 * coalesce((CAST(:target_weights AS double precision[]))[
                                     array_position(CAST(:target_types AS text[]), rp.type)], 0.5))
           * CASE WHEN mg.cluster IN (SELECT cluster FROM changed) THEN 1.0
                  ELSE CAST(:unchanged_factor AS double precision) END
           * CASE WHEN coalesce(cardinality(CAST(:topics AS text[])), 0) = 0 THEN 1.0
                -- any of the item's records may name it (the chat message says 北辰, the note only 钱总)
                ELSE (SELECT CASE WHEN mg.names_topic THEN 1.0
                                  ELSE least(1.0, 0.3 + 0.7 * greatest(0.0, 1 - (r.embedding <=> CAST(:topic_embedding AS vector)),
                                                                       -(r.kw <#> CAST(:topic_keywords AS sparsevec))
                                                                       / greatest(1, CAST(:topic_keyword_count AS integer)))
                                                  + CASE WHEN EXISTS (
                                                             SELECT 1
                                                             FROM unnest(CAST(:cue_sources AS text[]),
                                                                         CAST(:cue_terms AS text[])) AS cue(source, term)
                                                             WHERE cue.source = r.source
                                                               AND strpos(lower(r.title || ' ' || r.content), cue.term) > 0)
                                                         THEN 0.1 ELSE 0 END)
                             END
                      FROM recall_candidates r WHERE r.id = rp.rep)
           END AS semantic_match,
           least(1.0, mg.importance
                 + CASE WHEN coalesce(cardinality(CAST(:projects AS text[])), 0) > 0 AND EXISTS (
                             SELECT 1 FROM recall_candidates r, unnest(CAST(:projects AS text[])) pr
                             WHERE r.id = rp.rep AND strpos(lower(r.title || ' ' || r.content), lower(pr)) > 0)
                        THEN 0.1 ELSE 0 END) AS importance,
           rp.confidence, rp.event_time, rp.type
    FROM merged mg
    JOIN representative rp ON rp.cluster = mg.cluster
), weighed AS (
    SELECT f.*, CASE WHEN CAST(:importance_asked AS boolean) THEN f.importance
                     WHEN f.type = 'mention' THEN 0.3 + 0.7 * f.importance
                     ELSE 0.5 + 0.5 * f.importance END AS importance_factor
    FROM factors f
), scored AS (
    SELECT w.*, w.source_factor * w.temporal_match * w.semantic_match * w.importance_factor * w.confidence AS recall_score
    FROM weighed w
), shown AS (
    SELECT sc.*
    FROM scored sc
    WHERE CAST(:include_hidden AS boolean)
       OR (sc.recall_score >= CAST(:min_score AS double precision) AND (CAST(:importance_min AS double precision) IS NULL
                                       OR sc.importance >= CAST(:importance_min AS double precision)))
    ORDER BY sc.recall_score DESC, sc.event_time NULLS LAST, sc.id
    LIMIT CAST(:max_rows AS integer)
), shown_members AS (
    SELECT s.cluster, c.id, c.source_ref, c.source_quality, c.observed_time, c.names, c.kin, c.changed_how
    FROM shown s
    JOIN members m ON m.cluster = s.cluster
    JOIN recall_candidates c ON c.id = m.id
), merged_refs AS (
    SELECT cluster, array_agg(source_ref ORDER BY source_quality DESC, observed_time, id) AS merged_from,
           min(changed_how) AS change
    FROM shown_members
    GROUP BY cluster
), merged_participants AS (
    SELECT sm.cluster, array_agg(DISTINCT x ORDER BY x) AS participants
    FROM shown_members sm, unnest(coalesce(sm.names, '{}') || coalesce(sm.kin, '{}')) AS x
    GROUP BY sm.cluster
)
SELECT total.after_dedupe, s.cluster, s.group_key, s.temporal_match, s.source_factor, s.semantic_match, s.importance,
       s.importance_factor, s.recall_score,
       r.source_ref, r.user_id, r.source, r.type, r.status, r.event_time, r.event_grain, r.observed_time,
       r.title, r.content, r.confidence, mr.merged_from, coalesce(mp.participants, '{}') AS participants,
       mr.change
-- one row even when nothing is shown, so that after_dedupe is always reported
FROM (SELECT count(*) AS after_dedupe FROM scored) total
LEFT JOIN shown s ON true
LEFT JOIN recall_candidates r ON r.id = s.id
LEFT JOIN merged_refs mr ON mr.cluster = s.cluster
LEFT JOIN merged_participants mp ON mp.cluster = s.cluster
ORDER BY s.recall_score DESC, s.event_time NULLS LAST, s.id
