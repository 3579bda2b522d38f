-- name: link_changes
-- params: min_overlap, grace, horizon
-- A record that says a plan is done, called off or moved (recall_candidates.change) updates the
-- plan it is about: a planned todo, commitment or event of the same user, recorded before it,
-- whose content words it shares (overlap >= min_overlap, as in dedupe), naming no other people,
-- and due between `grace` before the change was said and `horizon` after it. Each change updates
-- the one plan it fits best (the nearest in time, then the most recent); a plan changed several
-- times keeps its latest change.
-- The change records drive the join (they are few; materialized, so that each probes the plans
-- due around it through the (user_id, event_time) index instead of every plan scanning them all).
CREATE TEMP TABLE recall_changes ON COMMIT DROP AS
WITH u AS MATERIALIZED (
    SELECT id, user_id, change, event_time, event_grain, observed_time, names, kin, kw, kw_count
    FROM recall_candidates
    WHERE change IS NOT NULL
)
SELECT DISTINCT ON (item) item, change, kind, event_time, event_grain
FROM (
    SELECT DISTINCT ON (u.id) p.id AS item, u.id AS change, u.change AS kind, u.event_time, u.event_grain,
           u.observed_time
    FROM u
    JOIN recall_candidates p
      ON p.user_id = u.user_id
     AND p.event_time BETWEEN u.observed_time - CAST(:grace AS interval)
                          AND u.observed_time + CAST(:horizon AS interval)
     AND p.id <> u.id
     AND p.observed_time < u.observed_time
    WHERE p.change IS NULL AND p.status = 'planned' AND p.type IN ('todo', 'commitment', 'event')
      AND coalesce(p.names && u.names, true) AND coalesce(p.kin && u.kin, true)
      AND -(p.kw <#> u.kw) / least(p.kw_count, u.kw_count) >= CAST(:min_overlap AS double precision)
    ORDER BY u.id, abs(extract(epoch FROM p.event_time - u.observed_time)), p.observed_time DESC, p.id
) best
ORDER BY item, observed_time DESC, change
