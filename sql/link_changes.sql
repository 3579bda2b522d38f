-- name: link_changes
-- params: min_overlap, anchor_discount, grace, horizon, due_soon
-- A record that says a plan is done, called off or moved (recall_candidates.change) updates the
-- plan it is about: a planned todo, commitment or event of the same user, recorded before it,
-- naming no other people, due between `grace` before the change was said and `horizon` after it,
-- whose content words it shares: overlap >= min_overlap (as in dedupe), less anchor_discount for
-- each other tie (the same person named in both; a done or called-off record naming the plan's
-- day, as 「今晚的饭局取消了」 does), and not by one word alone where the change names its plan by another
-- (`subject`) and no one is in both. Each change updates the plan it fits best (the most words in
-- common; then the one whose title holds the word it names the plan by, `subject`: 「搬家改到大后天」
-- moves 「9月5号搬家」, not the brother's train 「…回来帮我搬家」; then the nearest in time, then the
-- most recent; never another week's occurrence of the calendar series whose entry, written after it
-- or before, already stands at the new time), every other plan it fits due that day
-- with a word in common besides the people (「带教记录本交给护士长了」 does not tick off that day's
-- 「PPT发给护士长过目」) (the plan told again: a note 「月底前要把保密协议签好寄回」 and a chat message 「保密协议礼拜六之前要签回」
-- are both done by 「保密协议签好寄回了」), every to-do or promise due that day, within `due_soon` of a
-- done record, sharing two head words with it besides the people (护士长 and the 护士 inside it are
-- one), and every plan at that plan's very clock time sharing a word with it. A plan changed several
-- times keeps its latest change. A done record that fits no plan by its share of words but has two
-- head words in common with to-dos due on one day within
-- `due_soon` of it ticks those off: a to-do ticked off just before its deadline is said in few
-- words among others (「狗粮买了，顺手给可乐挑了根磨牙棒」 for 「可乐的狗粮快见底了，10月25日得补上」).
-- The change records drive the join (they are few; materialized, so that each probes the plans
-- due around it through the (user_id, event_time) index instead of every plan scanning them all).
-- One row per plan changed: the record that changed it last, and how (app/pipeline/lifecycle.py
-- keeps the links with the candidates they were found among, for apply_changes).
WITH u AS MATERIALIZED (
    SELECT id, user_id, change, subject, subject_kw, event_time, event_grain, local_day, observed_time, names, kin, kw, kw_count, kw_heads
    FROM recall_candidates
    WHERE change IS NOT NULL
), pairs AS (
    SELECT p.id AS item, u.id AS change, u.change AS kind, u.observed_time,
           p.local_day, p.event_grain,
           abs(extract(epoch FROM p.event_time - u.observed_time)) AS distance,
           -- a plan already at the time a move moves to is the move told again, or a calendar updated: the
           -- plan moved is another one near that time, if there is one (not the series' next week)
           u.change = 'moved' AND p.event_time = u.event_time AS at_new_time,
           u.change = 'moved' AND abs(extract(epoch FROM p.event_time - u.event_time)) > 2 * 86400 AS far_from_new,
           o.overlap, p.observed_time AS planned_at, p.observed_time >= u.observed_time AS later,
           -- the calendar series an occurrence is of (its ref without the occurrence's start)
           CASE WHEN p.source = 'calendar' THEN regexp_replace(p.source_ref, ':[0-9]{8}(T[0-9]{6}Z?)?$', '') END AS series,
           coalesce(strpos(lower(p.title), u.subject) > 0, false) AS names_subject, ws.words_shared, ws.heads_shared,
           o.overlap >= CAST(:min_overlap AS double precision)
             - CAST(:anchor_discount AS double precision)
               * ((CASE WHEN p.names && u.names THEN 1 ELSE 0 END)
                  + (CASE WHEN u.change <> 'moved' AND u.event_grain IS NOT NULL AND u.local_day = p.local_day
                          THEN 1 ELSE 0 END))
             -- one word in common, no one in common, and none of the word the change names its plan by: a
             -- modifier shared (「教研活动改到周四」 does not move 「区教研公开课定在18号」; 「半马改到下周日」
             -- moves 「参加半程马拉松」, 马拉松 either way)
             AND NOT (u.subject_kw IS NOT NULL AND ws.words_shared < 2 AND ws.people_shared = 0
                      AND coalesce(-(p.kw <#> u.subject_kw), 0) = 0) AS fits_words,
           u.change = 'done' AND p.type IN ('todo', 'commitment')
             AND p.event_time <= u.observed_time + CAST(:due_soon AS interval)
             -- two words in common that are not people: one shared name (王总, 妈妈) or verb (写完) is not
             -- enough, nor one word and a word inside it (护士长, 护士)
             AND ws.heads_shared >= 2 AS due_soon
    FROM u
    JOIN recall_candidates p
      ON p.user_id = u.user_id
     AND p.event_time BETWEEN u.observed_time - CAST(:grace AS interval)
                          AND u.observed_time + CAST(:horizon AS interval)
     AND p.id <> u.id
     -- (and, to say which series is moved only, a calendar entry written later already at the new time)
     AND (p.observed_time < u.observed_time OR (u.change = 'moved' AND p.event_time = u.event_time AND p.source = 'calendar'))
    CROSS JOIN LATERAL (SELECT -(p.kw <#> u.kw) AS shared) w
    -- the words in common besides the people (each counted once: 妈妈 is one word), and of those the
    -- head words (护士长 and the 护士 inside it are one; 降压 and 降压药 are one too, so the plan told
    -- again in other words keeps the count with sub-words)
    CROSS JOIN LATERAL (
        SELECT w.shared - people.shared AS words_shared,
               coalesce(-(p.kw_heads <#> u.kw_heads), 0) - people.shared AS heads_shared, people.shared AS people_shared
        FROM (SELECT cardinality(ARRAY(SELECT unnest(p.names) INTERSECT SELECT unnest(u.names)))
                     + cardinality(ARRAY(SELECT unnest(p.kin) INTERSECT SELECT unnest(u.kin))) AS shared) people
    ) ws
    CROSS JOIN LATERAL (SELECT w.shared / least(p.kw_count, u.kw_count) AS overlap) o
    WHERE p.change IS NULL AND p.status = 'planned' AND p.type IN ('todo', 'commitment', 'event')
      AND coalesce(p.names && u.names, true) AND coalesce(p.kin && u.kin, true)
      AND o.overlap > 0
), updated AS (  -- the calendar series a move's new time is already in
    SELECT change, max(series) AS new_series FROM pairs WHERE at_new_time AND series IS NOT NULL GROUP BY change
), earlier AS (
    SELECT * FROM pairs WHERE NOT later
), fits AS (
    SELECT * FROM earlier WHERE fits_words
    UNION ALL
    SELECT earlier.* FROM earlier
    JOIN (SELECT change FROM earlier GROUP BY change
          HAVING NOT bool_or(fits_words)
             AND min(local_day) FILTER (WHERE due_soon) = max(local_day) FILTER (WHERE due_soon)) one_day
      USING (change)
    WHERE due_soon
), best AS (
    SELECT DISTINCT ON (change) change, item, kind, observed_time, local_day
    FROM (SELECT *, bool_or(at_new_time) OVER (PARTITION BY change) AS told_again FROM fits) f
    LEFT JOIN updated USING (change)
    -- the occurrence the calendar already shows at the new time is the one moved: another week's of that
    -- series is not (「例会挪到后天上午9:30了」, the Monday's shown on Tuesday: not next Monday's)
    WHERE NOT coalesce(f.series = updated.new_series AND f.far_from_new, false)
    ORDER BY change, at_new_time OR (told_again AND far_from_new), overlap DESC, names_subject DESC, distance, planned_at DESC, item
), linked AS (
    SELECT f.item, f.change, f.kind, f.observed_time
    FROM fits f
    JOIN best b ON b.change = f.change AND b.local_day = f.local_day AND (f.item = b.item OR f.words_shared >= 1)
    UNION ALL
    -- a to-do due that day, told in words too different to fit by their share, with two head words in
    -- common (「中期报告12月18号之前交到研究生系统」 beside 「中期报告…这周五前必须交」, both done by
    -- 「中期报告刚刚交上去了，总算松口气」)
    SELECT p.item, p.change, p.kind, p.observed_time
    FROM earlier p
    JOIN best b ON b.change = p.change AND b.local_day = p.local_day
    WHERE p.due_soon AND NOT p.fits_words
    UNION ALL
    -- a plan of the moved plan's day with no clock time of its own, sharing a head word with the move
    -- besides the people, told in other words (「10月2号搬家，纸箱还差十几个」 beside 「搬家公司…10月2号早上8点上门」,
    -- both moved by 「搬家公司说那天不出车，改到10月3号早上8点」): the same plan, moved with it (one at a clock time
    -- of its own is its own plan: 「上午10点去医院拿体检报告」 stays when 「洗牙改到…」)
    SELECT p.item, p.change, p.kind, p.observed_time
    FROM earlier p
    JOIN best b ON b.change = p.change AND b.local_day = p.local_day
    WHERE p.kind = 'moved' AND NOT p.fits_words AND p.heads_shared >= 1 AND p.event_grain NOT IN ('minute', 'hour')
    UNION ALL
    -- the best plan told again at its very clock time, in other words (「答应豆豆周六14:30去科技馆」 and
    -- 「周六下午两点半带孩子去科技馆航天展」): the same plan, so the same change
    SELECT p.id, b.change, b.kind, b.observed_time
    FROM best b
    JOIN recall_candidates bp ON bp.id = b.item
    JOIN recall_candidates p
      ON p.user_id = bp.user_id AND p.event_time = bp.event_time AND p.id <> bp.id AND p.id <> b.change
    WHERE bp.event_grain IN ('minute', 'hour') AND p.event_grain IN ('minute', 'hour')
      AND p.change IS NULL AND p.status = 'planned' AND p.observed_time < b.observed_time
      AND coalesce(p.names && bp.names, true) AND coalesce(p.kin && bp.kin, true)
      AND -(p.kw <#> bp.kw) >= 1
)
SELECT DISTINCT ON (item) item, change, kind
FROM linked
ORDER BY item, observed_time DESC, change
