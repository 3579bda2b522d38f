-- name: dedupe_crowded
-- params: window_minutes, max_neighbours
-- How many in-window items have more than max_neighbours items after them within window_minutes
-- (day grain: after them in observed order on their day): dedupe_edges compared those with the
-- nearest max_neighbours only, so repeats among them may stay apart. "After" is (t, id) order, as
-- in dedupe_edges: the items in [t, t + window] less those tied at t with a smaller id, itself
-- included. Counted over the window as a whole: a request's candidates are one user's.
WITH later_in_range AS (
    SELECT id,
           count(*) OVER (ORDER BY t RANGE BETWEEN CURRENT ROW
                                           AND make_interval(mins => CAST(:window_minutes AS integer)) FOLLOWING)
           - row_number() OVER (PARTITION BY t ORDER BY id) AS later
    FROM recall_window
), later_that_day AS (
    SELECT id,
           count(*) OVER (PARTITION BY local_day)
           - row_number() OVER (PARTITION BY local_day ORDER BY observed_time, id) AS later
    FROM recall_window
    WHERE coarse
)
SELECT count(*) AS crowded
FROM (SELECT id FROM later_in_range WHERE later > CAST(:max_neighbours AS integer)
      UNION
      SELECT id FROM later_that_day WHERE later > CAST(:max_neighbours AS integer)) crowded_items
