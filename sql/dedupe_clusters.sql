-- name: dedupe_clusters
-- params: window_minutes, min_similarity, min_overlap
-- RFC §9: two in-window items of the same user are one event when their times are within
-- ±window_minutes (or both are day-grain on the same day, api.md) and their embeddings' cosine
-- similarity or their keyword overlap (|a ∩ b| / min(|a|, |b|), as an inner product of 0/1
-- sparse vectors) exceeds the threshold. Clusters are the connected components of that
-- relation: each item gets the smallest id of its component.
CREATE TEMP TABLE recall_clusters ON COMMIT DROP AS
WITH RECURSIVE edges AS (
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
), links AS (
    SELECT a, b FROM edges
    UNION ALL
    SELECT b, a FROM edges
), reach (id, root) AS (
    SELECT id, id FROM recall_window
    UNION
    SELECT links.b, reach.root FROM reach JOIN links ON links.a = reach.id
)
SELECT id, min(root) AS cluster FROM reach GROUP BY id
