-- name: dedupe_edges
-- params: window_minutes, min_similarity, min_overlap, max_neighbours
-- RFC §9: two in-window items of the same user are the same event when their times are within
-- ±window_minutes (or both are day-grain on the same day, api.md) and their embeddings' cosine
-- similarity or their keyword overlap (|a ∩ b| / min(|a|, |b|), as an inner product of 0/1
-- sparse vectors) exceeds the threshold. Each item is compared with the next max_neighbours items
-- after it in time order only (day grain: in observed order on its day), hence with at most that
-- many on either side, nearest first: a window packed with thousands of messages costs
-- n × max_neighbours comparisons, not n² (dedupe_crowded counts the items this leaves out).
-- One row per item with an edge: its neighbours and the smallest of their ids, for the component walk.
CREATE TEMP TABLE recall_edges ON COMMIT DROP AS
WITH pairs AS (
    SELECT least(a.id, b.id) AS a, greatest(a.id, b.id) AS b
    FROM recall_window a
    CROSS JOIN LATERAL (
        SELECT n.id, n.embedding, n.kw, n.kw_count
        FROM recall_window n
        WHERE n.user_id = a.user_id
          AND (n.t, n.id) > (a.t, a.id)
          AND n.t <= a.t + make_interval(mins => CAST(:window_minutes AS integer))
        ORDER BY n.t, n.id
        LIMIT CAST(:max_neighbours AS integer)
    ) b
    WHERE 1 - (a.embedding <=> b.embedding) > CAST(:min_similarity AS double precision)
       OR -(a.kw <#> b.kw) / least(a.kw_count, b.kw_count) > CAST(:min_overlap AS double precision)
    UNION
    SELECT least(a.id, b.id), greatest(a.id, b.id)
    FROM recall_window a
    CROSS JOIN LATERAL (
        SELECT n.id, n.embedding, n.kw, n.kw_count
        FROM recall_window n
        WHERE n.coarse AND n.local_day = a.local_day AND n.user_id = a.user_id
          AND (n.local_day, n.observed_time, n.id) > (a.local_day, a.observed_time, a.id)
        ORDER BY n.local_day, n.observed_time, n.id
        LIMIT CAST(:max_neighbours AS integer)
    ) b
    WHERE a.coarse
      AND (1 - (a.embedding <=> b.embedding) > CAST(:min_similarity AS double precision)
           OR -(a.kw <#> b.kw) / least(a.kw_count, b.kw_count) > CAST(:min_overlap AS double precision))
)
SELECT a, array_agg(b) AS near, min(b) AS nearest_id
FROM (SELECT a, b FROM pairs UNION ALL SELECT b, a FROM pairs) edge
GROUP BY a
