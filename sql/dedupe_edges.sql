-- name: dedupe_edges
-- params: window_minutes, min_similarity, min_overlap
-- RFC §9: two in-window items of the same user are the same event when their times are within
-- ±window_minutes (or both are day-grain on the same day, api.md) and their embeddings' cosine
-- similarity or their keyword overlap (|a ∩ b| / min(|a|, |b|), as an inner product of 0/1
-- sparse vectors) exceeds the threshold. One row per direction, for the component walk.
CREATE TEMP TABLE recall_edges ON COMMIT DROP AS
WITH pairs AS (
    SELECT a.id AS a, b.id AS b
    FROM recall_window a
    JOIN recall_window b
      ON b.user_id = a.user_id
     AND b.t BETWEEN a.t - make_interval(mins => CAST(:window_minutes AS integer))
                 AND a.t + make_interval(mins => CAST(:window_minutes AS integer))
     AND b.id > a.id
    WHERE 1 - (a.embedding <=> b.embedding) > CAST(:min_similarity AS double precision)
       OR -(a.kw <#> b.kw) / least(a.kw_count, b.kw_count) > CAST(:min_overlap AS double precision)
    UNION
    SELECT a.id, b.id
    FROM recall_window a
    JOIN recall_window b
      ON b.user_id = a.user_id AND b.local_day = a.local_day AND b.id > a.id
    WHERE a.coarse AND b.coarse
      AND (1 - (a.embedding <=> b.embedding) > CAST(:min_similarity AS double precision)
           OR -(a.kw <#> b.kw) / least(a.kw_count, b.kw_count) > CAST(:min_overlap AS double precision))
)
SELECT a, b FROM pairs
UNION ALL
SELECT b, a FROM pairs
