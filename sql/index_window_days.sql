-- name: index_window_days
-- params: none
-- Day-grain items are compared with the next day-grain items of their day, in observed order
-- (dedupe_edges): a short index range scan per item.
CREATE INDEX recall_window_days ON recall_window (local_day, observed_time, id) WHERE coarse
