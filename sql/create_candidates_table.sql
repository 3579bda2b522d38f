-- name: create_candidates_table
-- params: none
-- The per-request candidate table: lives in pg_temp and is dropped at commit (works behind
-- pgbouncer transaction pooling; nothing is persisted, RFC §11). Filled by binary COPY. A row stays
-- whole in its page up to nearly a page (toast_tuple_target's maximum): pgvector stores a vector
-- `external`, so with the default 2 kB target a real model's embedding (384+ dimensions) was moved
-- out of line and read back for every pair dedupe compares (bench/recall.py --dim).
CREATE TEMP TABLE recall_candidates (
    id             integer PRIMARY KEY,
    source_ref     text NOT NULL,
    user_id        text NOT NULL,
    source         text NOT NULL,
    role           text NOT NULL,
    type           text NOT NULL,
    status         text NOT NULL,
    event_time     timestamptz,
    event_grain    text,
    observed_time  timestamptz NOT NULL,
    local_day      date NOT NULL,
    coarse         boolean NOT NULL,
    title          text NOT NULL,
    content        text NOT NULL,
    importance     double precision NOT NULL,
    confidence     double precision NOT NULL,
    source_quality double precision NOT NULL,
    change         text,                 -- done | cancelled | moved: this record updates an earlier plan
    subject        text,                 -- the plan it names by its head word (「搬家改到大后天」: 搬家), if any
    subject_kw     sparsevec,            -- ...as keywords (半马 is 马拉松 too: app.keywords' ways of saying one thing)
    changed_by     integer,              -- set by apply_changes: the later record that updated this plan...
    changed_how    text,                 -- ...and how (done | cancelled | moved)
    -- the people a record names (its participants), split by how they are named, for the "different
    -- people" veto: a son called 豆豆 in one record is 孩子 in another, so a name never contradicts a
    -- family word, only a name. NULL when none: an empty array is far dearer to COPY
    names          text[],               -- named people (王总, 豆豆)
    kin            text[],               -- family by one word each (妈妈, 孩子)
    kw             sparsevec,            -- content words as a 0/1 sparse vector (app.embed.keyword_sets);
    kw_count       integer,              -- NULL for a text without any: no keyword overlap is computed
    kw_heads       sparsevec,            -- kw less the words inside another of them (护士 in 护士长): words in common, counted once
    embedding      vector NOT NULL
) WITH (toast_tuple_target = 8160) ON COMMIT DROP
