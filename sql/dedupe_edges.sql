-- name: dedupe_edges
-- params: window_minutes, min_similarity, min_overlap, min_overlap_at_same_time, min_shared_at_same_time, reply_within, max_neighbours
-- RFC §9: two in-window items of the same user are the same event when their times are within
-- ±window_minutes (or both are day-grain on the same day, api.md) and their embeddings' cosine
-- similarity or their keyword overlap (|a ∩ b| / min(|a|, |b|) of content words, as an inner
-- product of 0/1 sparse vectors) exceeds the threshold. Two explicit clock times that agree are
-- strong evidence of their own: then a smaller share of content words (min_overlap_at_same_time),
-- or a few of them in common (min_shared_at_same_time), is enough (「10:00见恒通采购的邓经理」 ≈
-- 「十点去恒通采购部见邓经理」); the very same instant and one word in common is enough across sources
-- (a note 「16:00带可乐去宠物店洗澡」 ≈ a chat 「下午4:00要带柯基去洗澡」; within one source, two records of
-- one instant are as often two things: 「下午3点给物业回电话」, 「下午三点跟李经理通个电话」); and the assistant's answer to the user, within `reply_within` after it,
-- about the same clock time and sharing a word with it, is about the same event (a list of tips
-- rarely repeats more; two conversations minutes apart about two 15:00 calls share none). Items
-- naming people, none in common, are different events whatever their words (「给王总打电话」 ≠
-- 「给李总打电话」, 「给妈妈打电话」 ≠ 「给老公打电话」); a name and a family word do not contradict each other
-- (the son is 豆豆 in one record and 孩子 in the next). A plan and the record that changed it (changed_by, apply_changes) are one event too.
-- Each item is compared with the next max_neighbours items after it in time order only (day grain:
-- in observed order on its day), hence with at most that many on either side, nearest first: a
-- window packed with thousands of messages costs n × max_neighbours comparisons, not n²
-- (dedupe_crowded counts the items this leaves out). The probe is one short range scan of the
-- (t, id) index per item (index_window), and each pair's cosine similarity and shared-word count
-- are computed once, beside the neighbour they belong to, then read by every rule (written out in
-- each rule they were computed up to five times per pair). Joining neighbours by row number instead
-- (row_number and a RANGE count per item, then a hash join on position) measured slower: its
-- window sorts cost more than the probes they replace.
-- One row per item with an edge to a larger id: those ids (each pair once), returned to
-- app/pipeline/dedupe.py, which labels the components (not kept in a temp table: creating and
-- dropping one per request is catalog work; bench/sql_steps.py measures it for recall_candidates).
WITH pairs AS (
    SELECT least(a.id, b.id) AS a, greatest(a.id, b.id) AS b
    FROM recall_window a
    CROSS JOIN LATERAL (
        SELECT n.id, n.t, n.source, n.kw_count, n.names, n.kin, n.precise, n.role, n.observed_time,
               1 - (a.embedding <=> n.embedding) AS similarity, -(a.kw <#> n.kw) AS shared
        FROM recall_window n
        WHERE n.user_id = a.user_id
          AND (n.t, n.id) > (a.t, a.id)
          AND n.t <= a.t + make_interval(mins => CAST(:window_minutes AS integer))
        ORDER BY n.t, n.id
        LIMIT CAST(:max_neighbours AS integer)
    ) b
    WHERE coalesce(a.names && b.names, true) AND coalesce(a.kin && b.kin, true)
      AND (b.similarity > CAST(:min_similarity AS double precision)
           OR b.shared / least(a.kw_count, b.kw_count) > CAST(:min_overlap AS double precision)
           OR (a.precise AND b.precise
               AND (b.shared / least(a.kw_count, b.kw_count) >= CAST(:min_overlap_at_same_time AS double precision)
                    OR b.shared >= CAST(:min_shared_at_same_time AS double precision)
                    OR (b.t = a.t AND b.source <> a.source AND b.shared >= 1)
                    OR (b.shared >= 1
                        AND ((a.role = 'user' AND b.role = 'assistant'
                              AND b.observed_time BETWEEN a.observed_time
                                                      AND a.observed_time + CAST(:reply_within AS interval))
                             OR (a.role = 'assistant' AND b.role = 'user'
                                 AND a.observed_time BETWEEN b.observed_time
                                                         AND b.observed_time + CAST(:reply_within AS interval)))))))
    UNION
    SELECT least(a.id, b.id), greatest(a.id, b.id)
    FROM recall_window a
    CROSS JOIN LATERAL (
        SELECT n.id, n.embedding, n.kw, n.kw_count, n.kw_heads, n.names, n.kin
        FROM recall_window n
        WHERE n.coarse AND n.local_day = a.local_day AND n.user_id = a.user_id
          AND (n.local_day, n.observed_time, n.id) > (a.local_day, a.observed_time, a.id)
        ORDER BY n.local_day, n.observed_time, n.id
        LIMIT CAST(:max_neighbours AS integer)
    ) b
    WHERE a.coarse
      AND coalesce(a.names && b.names, true) AND coalesce(a.kin && b.kin, true)
      AND (1 - (a.embedding <=> b.embedding) > CAST(:min_similarity AS double precision)
           OR -(a.kw <#> b.kw) / least(a.kw_count, b.kw_count) > CAST(:min_overlap AS double precision)
           -- one deadline day told twice in other words (「季度报告初稿15号之前交给苏编辑」, 「季度报告初稿
           -- 15号前要交，第三章还差两张图」): the share of two clock times that agree, and two head words in
           -- common besides the people (a word and the word inside it, 申请表 and 申请, are one), so
           -- 「填好报销申请表交财务」 and 「把请假申请表交给财务部」 stay two to-dos of one Friday, as do
           -- 「老爸可以出院」 and 「去药房给老爸拿钙片」
           OR (-(a.kw <#> b.kw) / least(a.kw_count, b.kw_count) > CAST(:min_overlap_at_same_time AS double precision)
               AND coalesce(-(a.kw_heads <#> b.kw_heads), 0)
                   - cardinality(ARRAY(SELECT unnest(a.names) INTERSECT SELECT unnest(b.names)))
                   - cardinality(ARRAY(SELECT unnest(a.kin) INTERSECT SELECT unnest(b.kin))) >= 2))
    UNION
    -- most requests have no change: one scan finding no row, no hash of the window built
    SELECT least(wi.id, wi.changed_by), greatest(wi.id, wi.changed_by)
    FROM recall_window wi
    WHERE wi.changed_by IS NOT NULL AND EXISTS (SELECT 1 FROM recall_window wc WHERE wc.id = wi.changed_by)
)
SELECT a, array_agg(b) AS near
FROM pairs
GROUP BY a
