-- name: index_window
-- params: none
-- The dedupe self-join reads, for each item, the next items in time order: a short index range
-- scan per item, not n². On t alone (with id for a total order): a request's candidates are one
-- user's, so user_id would only be compared again on every index entry (a (user_id, t) index
-- measured slower to build and to probe).
CREATE INDEX recall_window_t ON recall_window (t, id)
