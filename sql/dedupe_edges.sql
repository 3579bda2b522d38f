-- name: dedupe_edges
-- params: window_minutes, min_similarity, min_overlap, min_overlap_at_same_time, min_shared_at_same_time, reply_within
-- RFC §9: two in-window items of the same user are the same event when their times are within
-- ±window_minutes (or both are day-grain on the same day, api.md) and their embeddings' cosine
-- similarity or their keyword overlap (|a ∩ b| / min(|a|, |b|) of content words, as an inner
-- product of 0/1 sparse vectors) exceeds the threshold. Two explicit clock times that agree are
-- strong evidence of their own: then a smaller share of content words (min_overlap_at_same_time),
-- or a few of them in common (min_shared_at_same_time), is enough (「10:00见恒通采购的邓经理」 ≈
-- 「十点去恒通采购部见邓经理」); and the assistant's answer to the user, within `reply_within` of it,
-- about the same clock time is about the same event whatever its words (a list of tips). Items naming people, none in
-- common, are different events whatever their words (「给王总打电话」 ≠ 「给李总打电话」).
-- One row per direction, for the component walk.
CREATE TEMP TABLE recall_edges ON COMMIT DROP AS
WITH pairs AS (
    SELECT a.id AS a, b.id AS b
    FROM recall_window a
    JOIN recall_window b
      ON b.user_id = a.user_id
     AND b.t BETWEEN a.t - make_interval(mins => CAST(:window_minutes AS integer))
                 AND a.t + make_interval(mins => CAST(:window_minutes AS integer))
     AND b.id > a.id
    WHERE coalesce(a.participants && b.participants, true)
      AND (1 - (a.embedding <=> b.embedding) > CAST(:min_similarity AS double precision)
           OR -(a.kw <#> b.kw) / least(a.kw_count, b.kw_count) > CAST(:min_overlap AS double precision)
           OR (a.precise AND b.precise
               AND (-(a.kw <#> b.kw) / least(a.kw_count, b.kw_count)
                        >= CAST(:min_overlap_at_same_time AS double precision)
                    OR -(a.kw <#> b.kw) >= CAST(:min_shared_at_same_time AS double precision)
                    OR (a.role IN ('user', 'assistant') AND b.role IN ('user', 'assistant') AND a.role <> b.role
                        AND b.observed_time BETWEEN a.observed_time - CAST(:reply_within AS interval)
                                                AND a.observed_time + CAST(:reply_within AS interval)))))
    UNION
    SELECT a.id, b.id
    FROM recall_window a
    JOIN recall_window b
      ON b.user_id = a.user_id AND b.local_day = a.local_day AND b.id > a.id
    WHERE a.coarse AND b.coarse
      AND coalesce(a.participants && b.participants, true)
      AND (1 - (a.embedding <=> b.embedding) > CAST(:min_similarity AS double precision)
           OR -(a.kw <#> b.kw) / least(a.kw_count, b.kw_count) > CAST(:min_overlap AS double precision))
)
SELECT a, b FROM pairs
UNION ALL
SELECT b, a FROM pairs
