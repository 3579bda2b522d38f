"""Every statement under sql/ on a real Postgres, driven through the pipeline stages with
hand-made candidates: what each stage keeps, merges and scores."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import msgspec
import pytest

from app.candidate import Candidate
from app.contracts import UserSnapshot
from app.embed import HashingEmbedder
from app.pipeline.dedupe import dedupe
from app.pipeline.filter import filter_by_mode
from app.pipeline.lifecycle import apply_lifecycle
from app.pipeline.load import encode_rows, load_candidates
from app.pipeline.runner import prepare_stages, run_stages, sql_transaction
from app.pipeline.sql import SqlRun
from app.planner import plan_query, resolve_clock
from app.sqlfiles import Queries

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 9, 3, 10, 0, tzinfo=TZ)
CLOCK = resolve_clock(NOW, None)
EMBEDDER = HashingEmbedder()


def cand(ref: str, text: str, *, event: datetime | None, observed: datetime, user: str = "u1", source: str = "meinput",
         role: str = "segment", type: str = "event", status: str = "planned", grain: str | None = "hour",
         importance: float = 0.8, confidence: float = 1.0, quality: float = 1.0, people: tuple[str, ...] = ()) -> Candidate:
    return Candidate(source_ref=ref, gist=text, user_id=user, source=source, role=role, type=type, status=status,
                     event_time=event, event_grain=grain if event else None, observed_time=observed, title=text[:30],
                     content=text, importance=importance, confidence=confidence, source_quality=quality,
                     participants=people)


def sql_run(engine):
    return sql_transaction(engine, Queries())


async def load(run: SqlRun, cands: list[Candidate]) -> int:
    """The load stage and the lifecycle stage after it, as the runner does."""
    loaded = await load_candidates(run, encode_rows(cands, await EMBEDDER.embed([c.gist for c in cands]), CLOCK.zone))
    await apply_lifecycle(run, cands)
    return loaded


def D(day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(2026, 9, day, hour, minute, tzinfo=TZ)


# ---------------------------------------------------------------- load

async def test_create_copy_analyze_then_dropped_at_commit(engine):
    async with sql_run(engine) as run:
        n = await load(run, [cand("a", "明天下午三点签合同", event=D(3, 15), observed=D(2, 20))])
        assert n == 1
        row = await run.conn.fetchrow(
            "SELECT n.nspname LIKE 'pg_temp%' AS temp, c.reltuples FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relname = 'recall_candidates'")
        assert row["temp"] and row["reltuples"] == 1, "lives in pg_temp and has statistics (analyze_candidates)"
        assert await run.conn.fetchval("SELECT vector_dims(embedding) FROM recall_candidates") == EMBEDDER.dim
    async with engine.connect() as conn:
        raw = (await conn.get_raw_connection()).driver_connection
        assert await raw.fetchval("SELECT to_regclass('pg_temp.recall_candidates')") is None


async def test_a_real_models_embeddings_stay_in_their_rows(engine):
    # 1,536 dimensions (6 kB): moved out of line at the default 2 kB target, they were read back
    # from the TOAST table for every pair dedupe compares
    wide = HashingEmbedder(dim=1536)
    cands = [cand(f"m{i}", f"明天下午三点和张总签第{i}份合同", event=D(3, 15), observed=D(2, 20, i)) for i in range(3)]
    async with sql_run(engine) as run:
        await load_candidates(run, encode_rows(cands, await wide.embed([c.gist for c in cands]), CLOCK.zone))
        assert await filter_by_mode(run, plan_query("今天下午有什么安排", now=NOW), CLOCK) == 3
        out_of_line = await run.conn.fetch(
            "SELECT c.relname, pg_relation_size(c.reltoastrelid) AS toasted FROM pg_class c "
            "WHERE c.relname IN ('recall_candidates', 'recall_window') AND c.relnamespace = pg_my_temp_schema()")
    assert sorted((r["relname"], r["toasted"]) for r in out_of_line) == [("recall_candidates", 0), ("recall_window", 0)]


async def test_the_copy_rows_we_encode_read_back_as_the_candidates_and_are_reused(engine):
    full = Candidate(source_ref="m:1", gist="和王总签合同", user_id="u1", source="chat", role="user", type="todo",
                     status="planned", event_time=D(3, 15, 30), event_grain="minute", observed_time=D(2, 20, 1),
                     title="签合同", content="明天下午三点半和王总、妈妈签合同 ✓", importance=0.25, confidence=0.9,
                     source_quality=0.97, participants=("王总", "妈妈"), change="moved")
    bare = cand("b", "今天好困", event=None, observed=datetime(2026, 9, 3, 0, 30, 59, 999999, tzinfo=TZ),
                type="mention", status="mentioned")
    cands = [full, bare]
    vectors = await EMBEDDER.embed([c.gist for c in cands])
    for _ in range(2):  # the second load sends the rows kept from the first
        async with sql_run(engine) as run:
            await load_candidates(run, encode_rows(cands, vectors, CLOCK.zone))
            rows = await run.conn.fetch("SELECT *, kw IS NULL AS no_kw FROM recall_candidates ORDER BY id")
        for row, c, vec in zip(rows, cands, vectors, strict=True):
            for field in ("source_ref", "user_id", "source", "role", "type", "status", "event_time", "event_grain",
                          "observed_time", "title", "content", "importance", "confidence", "source_quality", "change"):
                assert row[field] == getattr(c, field), field
            assert (row["names"] or []) + (row["kin"] or []) == list(c.participants)
            assert row["local_day"] == (c.event_time or c.observed_time).date()
            assert row["embedding"].to_list() == pytest.approx(vec, abs=1e-6)
        assert rows[0]["names"] == ["王总"] and rows[0]["kin"] == ["妈妈"] and rows[0]["kw_count"] > 0
        assert rows[0]["coarse"] is False and rows[1]["names"] is None and rows[1]["kin"] is None
    kept = full.__dict__["_copy_row"]
    async with sql_run(engine) as run:  # another zone: another local_day, so the row is encoded again
        other = resolve_clock(datetime(2026, 9, 3, 10, tzinfo=ZoneInfo("America/New_York")), None)
        await load_candidates(run, encode_rows(cands, vectors, other.zone))
        assert await run.conn.fetchval("SELECT local_day FROM recall_candidates WHERE id = 1") == date(2026, 9, 2)
    assert full.__dict__["_copy_row"] is not kept


# ---------------------------------------------------------------- filter (RFC §14.4)

# Two records that differ only in which time is in range: A happens yesterday but was written last
# week; B was written yesterday about next week.
A = cand("A", "上周记的：9月2日下午开评审会", event=D(2, 15), observed=datetime(2026, 8, 26, 9, tzinfo=TZ), status="planned")
B = cand("B", "昨天说的：下周二交方案", event=D(8, 0), observed=D(2, 11), type="todo", grain="day")


@pytest.mark.parametrize(
    ("query", "mode", "kept"),
    [
        ("我昨天做了什么", "OCCURRED_IN", {"A": "occurred"}),
        ("我昨天说过什么", "MENTIONED_IN", {"B": "mentioned"}),
        ("我昨天有什么安排", "PLANNED_IN", {"A": "planned"}),
        ("我昨天定了什么", "CREATED_IN", {"B": "created"}),
        ("我昨天有什么重要的事", "AMBIGUOUS", {"A": "occurred", "B": "mentioned"}),
        ("下周二之前要交什么", "DUE_IN", {"B": "due"}),
    ],
)
async def test_filter_uses_the_time_column_of_each_mode(engine, query, mode, kept):
    plan = plan_query(query, now=NOW)
    assert plan.temporal_mode == mode
    async with sql_run(engine) as run:
        await load(run, [A, B])
        await filter_by_mode(run, plan, CLOCK)
        rows = await run.conn.fetch("SELECT c.source_ref, w.group_key, w.temporal_match FROM recall_window w "
                                    "JOIN recall_candidates c USING (id)")
    assert {r["source_ref"]: r["group_key"] for r in rows} == kept
    assert all(r["temporal_match"] == 1.0 for r in rows)


async def test_near_misses_stay_with_lower_temporal_match(engine):
    plan = plan_query("我昨天做了什么", now=NOW)
    near = cand("near", "前天晚上十点开会", event=D(1, 22), observed=D(1, 8), status="completed")
    far = cand("far", "上周一开会", event=datetime(2026, 8, 24, 10, tzinfo=TZ), observed=datetime(2026, 8, 24, 8, tzinfo=TZ))
    async with sql_run(engine) as run:
        await load(run, [near, far])
        await filter_by_mode(run, plan, CLOCK)
        rows = dict(await run.conn.fetch("SELECT c.source_ref, w.temporal_match FROM recall_window w "
                                         "JOIN recall_candidates c USING (id)"))
    assert set(rows) == {"near"}
    assert 0 < rows["near"] < 1


async def test_a_record_said_just_past_midnight_was_said_the_next_day(engine):
    said = {ref: cand(ref, "签恒通", event=None, observed=at, type="mention", status="mentioned", grain=None)
            for ref, at in (("late", D(2, 23, 50)), ("past_midnight", D(3, 0, 16)), ("at_noon", D(2, 12, 20)))}
    ranges = {"我昨天说过什么": {"late", "at_noon"},  # a day's edges: a note 16 minutes into the next day is not in it
              "我昨天上午说过什么": {"at_noon"}}  # a time of day's edge: twenty minutes past noon is a near miss
    for query, kept in ranges.items():
        async with sql_run(engine) as run:
            await load(run, list(said.values()))
            await filter_by_mode(run, plan_query(query, now=NOW), CLOCK)
            rows = dict(await run.conn.fetch("SELECT c.source_ref, w.temporal_match FROM recall_window w "
                                             "JOIN recall_candidates c USING (id)"))
        assert set(rows) == kept, query
    assert 0 < rows["at_noon"] < 1


async def test_an_event_known_only_to_the_month_is_not_certainly_on_the_day_asked(engine):
    plan = plan_query("我前天做了什么", now=NOW)  # 09-01, a day range
    month = cand("month", "看完牙了，下个月复诊", event=D(1, 0), observed=datetime(2026, 8, 17, 16, tzinfo=TZ), grain="month")
    day = cand("day", "前天去复诊", event=D(1, 0), observed=D(1, 9), grain="day")
    async with sql_run(engine) as run:
        await load(run, [month, day])
        await filter_by_mode(run, plan, CLOCK)
        rows = dict(await run.conn.fetch("SELECT c.source_ref, w.temporal_match FROM recall_window w "
                                         "JOIN recall_candidates c USING (id)"))
    assert rows["day"] == 1.0
    assert rows["month"] == pytest.approx(0.8), "a near miss at best, like an event just outside the range"
    month_plan = plan_query("我这个月做了什么", now=NOW)
    async with sql_run(engine) as run:
        await load(run, [month, day])
        await filter_by_mode(run, month_plan, CLOCK)
        rows = dict(await run.conn.fetch("SELECT c.source_ref, w.temporal_match FROM recall_window w "
                                         "JOIN recall_candidates c USING (id)"))
    assert rows["month"] == 1.0 and rows["day"] == 1.0, "a month-grain event fits a month range"


async def test_records_observed_after_now_are_not_used(engine):
    plan = plan_query("我今天说过什么", now=NOW)
    later = cand("later", "今天下午说的话", event=D(3, 15), observed=D(3, 15))
    async with sql_run(engine) as run:
        await load(run, [later])
        assert await filter_by_mode(run, plan, CLOCK) == 0


async def test_due_unresolved_drops_completed(engine):
    plan = plan_query("这周五之前还没完成要交的", now=NOW)
    assert plan.filters.status == "unresolved"
    done = cand("done", "周报交了", event=D(4, 0), observed=D(2, 9), type="todo", status="completed", grain="day")
    open_ = cand("open", "周五前要交周报", event=D(4, 0), observed=D(2, 9), type="todo", status="planned", grain="day")
    async with sql_run(engine) as run:
        await load(run, [done, open_])
        await filter_by_mode(run, plan, CLOCK)
        refs = {r[0] for r in await run.conn.fetch(
            "SELECT c.source_ref FROM recall_window JOIN recall_candidates c USING (id)")}
    assert refs == {"open"}


# ---------------------------------------------------------------- dedupe (RFC §9)

async def _clusters(engine, cands, query="我昨天有什么重要的事"):
    plan = plan_query(query, now=NOW)
    async with sql_run(engine) as run:
        await load(run, cands)
        clusters = (await dedupe(run, await filter_by_mode(run, plan, CLOCK))).clusters
        refs = dict(await run.conn.fetch("SELECT w.id, c.source_ref FROM recall_window w JOIN recall_candidates c USING (id)"))
    root = dict(zip(clusters.ids, clusters.roots, strict=True))
    groups: dict[int, set[str]] = {}
    for id_, ref in refs.items():
        groups.setdefault(root.get(id_, id_), set()).add(ref)
    return sorted(groups.values(), key=lambda g: sorted(g))


async def test_same_event_in_chat_and_meinput_is_one_cluster(engine):
    seg = cand("meinput:segment:1", "明天下午三点和张总签合同", event=D(2, 15), observed=D(1, 21, 10))
    user = cand("chat:message:1", "帮我记一下，明天下午3点和张总签合同", event=D(2, 15), observed=D(1, 21, 14),
                source="chat", role="user", quality=0.97)
    echo = cand("chat:message:2", "好的，已帮你记下：明天下午3点和张总签合同。", event=D(2, 15), observed=D(1, 21, 14),
                source="chat", role="assistant", quality=0.85)
    other = cand("meinput:segment:2", "明天下午三点去医院体检", event=D(2, 15), observed=D(1, 21, 30))
    assert await _clusters(engine, [seg, user, echo, other]) == [
        {"chat:message:1", "chat:message:2", "meinput:segment:1"}, {"meinput:segment:2"}]


async def test_a_thing_told_just_after_it_happened_is_one_item_with_the_plan_for_its_time(engine):
    plan = _said("plan", "明天上午10点卫生检查组来店里检查", D(1, 20))
    came = _said("came", "刚刚检查组到了，先进的后厨", D(2, 10, 13))
    assert came.event_time == D(2, 10, 13), "刚刚: minutes before it was written, not an hour"
    assert await _clusters(engine, [plan, came], "我昨天做了什么") == [{"came", "plan"}]


async def test_dedupe_window_is_15_minutes(engine):
    a = cand("a", "下午三点和张总签合同", event=D(2, 15, 0), observed=D(2, 9))
    b = cand("b", "下午三点一刻和张总签合同", event=D(2, 15, 15), observed=D(2, 9, 5))
    c = cand("c", "下午三点半和张总签合同", event=D(2, 15, 31), observed=D(2, 9, 10))
    assert await _clusters(engine, [a, b, c]) == [{"a", "b"}, {"c"}]


async def test_a_chain_of_near_repeats_is_one_item_whatever_the_load_order(engine):
    # a–b, b–c and c–d are within 15 minutes, a and d are not: one connected component; the load
    # order gives ids whose smallest is not at the end of the chain
    text = "和张总签合同"
    a, b, c, d = (cand(k, text, event=D(2, 15, m), observed=D(2, 9, m)) for k, m in (("a", 0), ("b", 14), ("c", 28), ("d", 42)))
    far = cand("far", text, event=D(2, 17), observed=D(2, 9, 50))
    assert await _clusters(engine, [c, a, far, d, b]) == [{"a", "b", "c", "d"}, {"far"}]


async def test_day_grain_times_on_the_same_day_merge(engine):
    a = cand("a", "昨天和张总签合同", event=D(2, 0), observed=D(2, 20), grain="day")
    b = cand("b", "昨天和张总签了合同", event=D(2, 0), observed=D(2, 21), grain="day")
    c = cand("c", "和张总签合同", event=D(2, 18), observed=D(2, 18))
    assert await _clusters(engine, [a, b, c]) == [{"a", "b"}, {"c"}], "day grain only pairs with day grain"


async def test_keyword_overlap_alone_can_merge(engine):
    # short texts whose embeddings differ but whose keyword sets overlap above 0.7
    a = cand("a", "评审会", event=D(2, 15), observed=D(2, 9))
    b = cand("b", "评审会 张总 李经理 王总 刘总 陈总监 小周", event=D(2, 15, 5), observed=D(2, 9, 3))
    cosine = sum(x * y for x, y in zip(EMBEDDER.vector(a.content), EMBEDDER.vector(b.content), strict=True))
    assert cosine < 0.7
    assert await _clusters(engine, [a, b]) == [{"a", "b"}]


async def test_merges_never_cross_users(engine):
    a = cand("a", "明天下午三点和张总签合同", event=D(2, 15), observed=D(1, 21), user="u1")
    b = cand("b", "明天下午三点和张总签合同", event=D(2, 15), observed=D(1, 21), user="u2")
    assert await _clusters(engine, [a, b]) == [{"a"}, {"b"}]


# ---------------------------------------------------------------- score (RFC §7)

async def _ranked(engine, cands, query, snapshot=None):
    plan = plan_query(query, now=NOW)
    stage_input = await prepare_stages(plan, CLOCK, cands, EMBEDDER)
    return (await run_stages(engine, Queries(), stage_input, snapshot=snapshot, limit=100, include_hidden=True)).rows


async def test_score_is_the_product_of_five_factors_and_keeps_the_best_source(engine):
    seg = cand("meinput:segment:1", "明天下午三点和张总签合同", event=D(2, 15), observed=D(1, 21, 10),
               importance=0.9, confidence=0.95, people=("张总",))
    echo = cand("chat:message:2", "好的，已帮你记下：明天下午3点和张总签合同。", event=D(2, 15), observed=D(1, 21, 14),
                source="chat", role="assistant", quality=0.85, importance=0.95, people=("张总", "助手"))
    [row] = await _ranked(engine, [echo, seg], "我昨天有什么重要的事")
    assert row["source_ref"] == "meinput:segment:1", "the record of highest source_quality represents the item"
    assert row["merged_from"] == ["meinput:segment:1", "chat:message:2"]
    assert row["participants"] == ["助手", "张总"]
    assert row["importance"] == 0.95, "importance is the best of the merged records"
    product = row["source_factor"] * row["temporal_match"] * row["semantic_match"] * row["importance_factor"] * row["confidence"]
    assert row["recall_score"] == pytest.approx(product)
    assert row["semantic_match"] == 1.0, "a query without a topic does not punish items"


async def test_topic_terms_decide_semantic_match(engine):
    on = cand("on", "MeInput 的语音输入要优化", event=D(2, 9), observed=D(2, 9))
    off = cand("off", "晚上和老王吃饭", event=D(2, 9, 30), observed=D(2, 9, 30))
    rows = {r["source_ref"]: r for r in await _ranked(engine, [on, off], "我昨天说过什么关于 MeInput 的")}
    assert rows["on"]["semantic_match"] == 1.0
    assert rows["off"]["semantic_match"] < 0.5
    assert rows["on"]["recall_score"] > rows["off"]["recall_score"]


async def test_user_snapshot_projects_are_a_ranking_prior(engine):
    a = cand("a", "凤凰项目需求评审", event=D(2, 10), observed=D(2, 10), importance=0.5)
    b = cand("b", "周会讨论排期", event=D(2, 11), observed=D(2, 11), importance=0.5)
    rows = await _ranked(engine, [a, b], "我昨天做了什么", UserSnapshot(active_projects=["凤凰项目"]))
    assert [r["source_ref"] for r in rows] == ["a", "b"]
    assert rows[0]["importance"] == pytest.approx(0.6)


async def test_partial_topic_keywords_count(engine):
    # 「那个川菜餐厅叫什么」: the topic term is 「川菜餐厅」; an item with only 「餐厅」 is still near
    part = cand("part", "周五晚上去那家餐厅吃饭", event=D(2, 19), observed=D(2, 9))
    none = cand("none", "下午开项目周会", event=D(2, 15), observed=D(2, 9, 30))
    rows = {r["source_ref"]: r for r in await _ranked(engine, [part, none], "我昨天说过的川菜餐厅")}
    assert rows["part"]["semantic_match"] >= 0.3 + 0.7 * (1 / 3) - 1e-9
    assert rows["part"]["semantic_match"] > rows["none"]["semantic_match"]


async def test_paraphrases_merge_and_neighbours_do_not(engine):
    from app.sources import chat, meinput

    def seg(i, text, at):
        return meinput.to_candidate(meinput.decode({"evidence_id": f"s{i}", "text": text, "observed_at": at}, "u1"),
                                    "u1", TZ)

    def msg(i, text, at):
        record = chat.decode_message({"message_id": f"m{i}", "role": "user", "content": text, "created_at": at})
        return chat.to_candidate(record, "u1", TZ)

    cands = [
        seg(1, "明天下午3点跟张总签合同", "2026-09-01T21:10:00+08:00"),
        msg(2, "记得提醒我明天下午三点和张总签约", "2026-09-01T21:12:00+08:00"),
        seg(3, "明天下午3点给李经理打电话", "2026-09-01T21:15:00+08:00"),
        msg(4, "下周三上午十点项目评审会", "2026-09-01T22:00:00+08:00"),
        seg(5, "下周三10点的评审别忘了", "2026-09-01T22:05:00+08:00"),
    ]
    assert await _clusters(engine, cands, "前天我说过什么") == [
        {"chat:message:m2", "meinput:segment:s1"}, {"chat:message:m4", "meinput:segment:s5"}, {"meinput:segment:s3"}]


async def test_agent_runs_are_done_not_said(engine):
    run = cand("chat:run:r1", "整理合同条款", event=D(2, 10), observed=D(2, 10), source="chat", role="run",
               status="completed")
    said = cand("chat:message:m1", "合同条款整理好了吗", event=D(2, 11), observed=D(2, 11), source="chat", role="user",
                type="mention", status="mentioned", grain=None)
    async with sql_run(engine) as run_:
        await load(run_, [run, said])
        await filter_by_mode(run_, plan_query("我昨天说过什么", now=NOW), CLOCK)
        kept = {r[0] for r in await run_.conn.fetch(
            "SELECT c.source_ref FROM recall_window JOIN recall_candidates c USING (id)")}
    assert kept == {"chat:message:m1"}
    assert {r["source_ref"] for r in await _ranked(engine, [run, said], "我昨天做了什么")} == {"chat:run:r1"}


# ---------------------------------------------------------------- modes table and runner

def _every_kind() -> list[Candidate]:
    """One record of each type and status, dated and dateless, said and done, around 09-01…09-05."""
    out = []
    for i, (type_, status) in enumerate([("event", "planned"), ("event", "completed"), ("todo", "planned"),
                                         ("todo", "completed"), ("commitment", "planned"), ("decision", "completed"),
                                         ("mention", "mentioned")]):
        for day in (1, 2, 4, 5):
            out.append(cand(f"{type_}-{status}-{day}", f"第{i}件事 {type_}", event=D(day, 10), observed=D(min(day, 2), 9),
                            type=type_, status=status))
        out.append(cand(f"{type_}-{status}-dateless", f"第{i}件事 {type_} 无时间", event=None, observed=D(2, 9),
                        type=type_, status=status))
    out.append(cand("chat:run:r9", "整理材料", event=D(2, 10), observed=D(2, 10), source="chat", role="run",
                    status="completed"))
    return out


@pytest.mark.parametrize("query", ["我昨天做了什么", "我昨天说过什么", "我这周五有什么安排", "我昨天决定了什么",
                                   "这周五之前要交什么", "我这周有什么重要的事"])
async def test_groups_and_types_the_sql_keeps_are_those_of_the_modes_table(engine, query):
    from app.modes import MODES

    plan = plan_query(query, now=NOW)
    mode = MODES[plan.temporal_mode]
    async with sql_run(engine) as run:
        await load(run, _every_kind())
        assert await filter_by_mode(run, plan, CLOCK) > 0
        kept = await run.conn.fetch("SELECT w.group_key, w.type FROM recall_window w")
    assert {r["group_key"] for r in kept} <= set(mode.groups), plan.temporal_mode
    if mode.restricts_types:
        assert {r["type"] for r in kept} <= {t.type for t in plan.targets}, plan.temporal_mode


async def test_no_connection_is_held_while_embedding(engine):
    class Watching:
        dim = EMBEDDER.dim

        def __init__(self):
            self.held: list[int] = []

        async def embed(self, texts):
            self.held.append(engine.pool.checkedout())
            return await EMBEDDER.embed(texts)

    watcher = Watching()
    plan = plan_query("我昨天说过什么关于合同的", now=NOW)
    assert plan.topics, "the topic is embedded too"
    stage_input = await prepare_stages(plan, CLOCK, [cand("a", "和张总签合同", event=D(2, 15), observed=D(2, 9))], watcher)
    result = await run_stages(engine, Queries(), stage_input, include_hidden=True)
    assert watcher.held == [0]
    assert [r["source_ref"] for r in result.rows] == ["a"]
    # no record among them says a plan was done, called off or moved: the lifecycle runs no statement
    assert set(result.stage_ms()) == {"load", "filter", "dedupe", "rank"}


async def test_clock_times_that_agree_merge_a_paraphrase_with_extra_content(engine):
    # said a day apart, in other words, each with content of its own: the clock time and the
    # client's name say it is one event; word overlap alone (< 0.7) would not
    note = cand("meinput:segment:n", "去华信采购部见刘经理，报价单打印两份", event=D(2, 10, 30), observed=D(1, 17),
                people=("刘经理",))
    chat = cand("chat:message:c", "要见华信采购的刘经理，他嫌我们交付慢，我该怎么说", event=D(2, 10, 30),
                observed=D(2, 8, 40), source="chat", role="user", quality=0.97, people=("刘经理",))
    assert await _clusters(engine, [note, chat]) == [{"chat:message:c", "meinput:segment:n"}]


async def test_the_assistants_answer_about_the_same_clock_time_is_the_same_event(engine):
    ask = cand("chat:message:q", "周三下午3点要采访华信的刘经理，帮我拟几个问题", event=D(2, 15), observed=D(1, 21, 2),
               source="chat", role="user", quality=0.97, people=("刘经理",))
    tips = cand("chat:message:a", "9月2日（周三）15:00 的采访可以问：选型时最看重什么；上线最难的环节", event=D(2, 15),
                observed=D(1, 21, 3), source="chat", role="assistant", quality=0.85)
    later = cand("chat:message:z", "周三下午3点顺便问下物流的事", event=D(2, 15), observed=D(1, 23),
                 source="chat", role="assistant", quality=0.85)
    assert await _clusters(engine, [ask, tips, later]) == [
        {"chat:message:a", "chat:message:q"}, {"chat:message:z"}], "an answer hours later is not a reply"


async def test_same_time_different_people_are_different_events(engine):
    wang = cand("a", "给王总打电话确认合同", event=D(2, 15), observed=D(1, 21), people=("王总",))
    li = cand("b", "给李总打电话确认合同", event=D(2, 15), observed=D(1, 21, 2), people=("李总",))
    assert await _clusters(engine, [wang, li]) == [{"a"}, {"b"}]


async def test_day_grain_needs_the_words_to_agree(engine):
    # both only known to the day: time is weak evidence, a little shared wording is not enough
    a = cand("a", "华信的报价单要改", event=D(2), observed=D(1, 9), grain="day")
    b = cand("b", "华信的合同要寄出", event=D(2), observed=D(1, 10), grain="day")
    assert await _clusters(engine, [a, b]) == [{"a"}, {"b"}]


async def test_one_deadline_day_told_twice_in_other_words_is_one_item_but_a_family_word_is_not_enough(engine):
    note = cand("note", "季度报告初稿之前交给苏编辑，第三章数据更新", event=D(15), observed=D(1, 20), type="todo", grain="day")
    chat = cand("chat", "季度报告初稿前要交，第三章还差两张图，帮我想想", event=D(15), observed=D(2, 21), source="chat",
                role="user", type="todo", grain="day")
    home = cand("home", "医生说老爸恢复得不错，可以出院", event=D(6), observed=D(1, 19), grain="day", people=("爸爸",))
    errand = cand("errand", "下班前去药房给老爸拿钙片和骨化三醇", event=D(6), observed=D(2, 22), type="todo", grain="day",
                  people=("爸爸",))
    assert await _clusters(engine, [note, chat, home, errand], "这个月有什么安排") == [{"chat", "note"}, {"errand"}, {"home"}]


async def test_one_day_told_twice_sharing_two_head_words_is_one_item(engine):
    # 发票 and 票据 (each said another way), no sub-word among them: two head words in common
    note = cand("note", "后天前把发票寄给财务", event=D(4), observed=D(2, 9), type="todo", grain="day")
    chat = cand("chat", "发票明天之前要寄，顺便问下报销进度", event=D(4), observed=D(3, 8), source="chat",
                role="user", type="todo", grain="day")
    assert await _clusters(engine, [note, chat], "明天有什么要交的") == [{"chat", "note"}]


async def test_two_forms_of_one_friday_sharing_a_compound_and_its_parts_are_two_to_dos(engine):
    claim = cand("claim", "周五前填好报销申请表交财务", event=D(4), observed=D(1, 9), type="todo", grain="day")
    leave = cand("leave", "周五前把请假申请表交给财务部", event=D(4), observed=D(2, 9), type="todo", grain="day")
    assert await _clusters(engine, [claim, leave], "这周有什么安排") == [{"claim"}, {"leave"}]


async def test_near_misses_are_hours_from_the_edge_not_half_the_range(engine):
    monday = datetime(2026, 9, 7, 10, tzinfo=TZ)
    plan = plan_query("这周我有什么重要的事", now=monday)  # [Mon 00:00, next Mon)
    sunday_night = cand("sun", "周日晚上八点聚餐", event=datetime(2026, 9, 6, 20, tzinfo=TZ),
                        observed=datetime(2026, 9, 6, 9, tzinfo=TZ), grain="minute")
    late_sunday = cand("late", "周日晚上十一点半赶飞机", event=datetime(2026, 9, 6, 23, 30, tzinfo=TZ),
                       observed=datetime(2026, 9, 6, 9, 5, tzinfo=TZ), grain="minute")
    async with sql_run(engine) as run:
        await load(run, [sunday_night, late_sunday])
        await filter_by_mode(run, plan, resolve_clock(monday, None))
        rows = dict(await run.conn.fetch("SELECT c.source_ref, w.temporal_match FROM recall_window w "
                                         "JOIN recall_candidates c USING (id)"))
    assert "sun" not in rows, "14 hours before the week began is another time, not a near miss"
    assert 0 < rows["late"] < 0.8, "half an hour before it is"


async def test_a_day_known_only_to_the_day_counts_for_the_part_of_it_in_the_range(engine):
    plan = plan_query("这周五之前要交什么", now=NOW)  # [Thu 10:00, Sat 00:00)
    today = cand("today", "今天要交周报", event=D(3), observed=D(2, 9), type="todo", grain="day")
    yesterday = cand("yday", "昨天要交的发票", event=D(2), observed=D(1, 9), type="todo", grain="day")
    handed_in = cand("done", "昨天要交的报销单", event=D(2), observed=D(1, 9), type="todo", grain="day",
                     status="completed")
    long_ago = cand("old", "上个月要交的材料", event=datetime(2026, 8, 10, tzinfo=TZ), observed=datetime(2026, 8, 1, tzinfo=TZ),
                    type="todo", grain="day")
    async with sql_run(engine) as run:
        await load(run, [today, yesterday, handed_in, long_ago])
        await filter_by_mode(run, plan, CLOCK)
        rows = dict(await run.conn.fetch("SELECT c.source_ref, w.temporal_match FROM recall_window w "
                                         "JOIN recall_candidates c USING (id)"))
    assert rows["today"] == 1.0, "due today, asked at ten: in the range"
    assert "yday" not in rows and "done" not in rows and "old" not in rows, "due before the range: not due in it"


# ---------------------------------------------------------------- lifecycle: done, called off, moved

def _said(ref: str, text: str, at: datetime, zone: ZoneInfo = TZ) -> Candidate:
    from app.normalize import build_candidate

    return build_candidate(source="meinput", ref=ref, user_id="u1", role="segment", text=text, observed=at,
                           zone=zone, happened_when_said=False)


async def _bundle_rows(engine, cands, query, now):
    plan = plan_query(query, now=now)
    clock = resolve_clock(now, None)
    result = await run_stages(engine, Queries(), await prepare_stages(plan, clock, cands, EMBEDDER),
                              include_hidden=False, explain=True)
    return result


async def test_a_todo_done_later_is_not_shown_as_unresolved(engine):
    plan = _said("plan", "这周日下午5点给王总发报价单", D(3, 9))
    done = _said("done", "报价单发给王总了", D(3, 19, 5))
    assert done.change == "done" and plan.change is None
    result = await _bundle_rows(engine, [plan, done], "这周日之前还有什么没完成的要交？", D(3, 20))
    assert "plan" not in {r["source_ref"] for r in result.rows}, "done at 19:05: not unresolved at 20:00"
    assert [(c.item, c.changed_by, c.kind) for c in result.changes] == [("plan", "done", "done")]
    before = await _bundle_rows(engine, [plan], "这周日之前还有什么没完成的要交？", D(3, 20))
    assert [r["source_ref"] for r in before.rows] == ["plan"], "without the later record it is still due"


async def test_a_record_calling_off_a_plan_matters_as_much_as_the_plan(engine):
    plan = msgspec.structs.replace(_said("plan", "明天上午11点面试后端候选人", D(1, 22, 23)), importance=0.9)
    off = msgspec.structs.replace(_said("off", "后端面试取消了", D(2, 6, 29)), importance=0.3)
    assert off.change == "cancelled"
    async with sql_run(engine) as run:
        await load(run, [plan, off])
        await filter_by_mode(run, plan_query("我前天说过什么", now=NOW), CLOCK)  # 09-01: the plan alone
        alone = dict(await run.conn.fetch("SELECT c.source_ref, w.importance FROM recall_window w "
                                          "JOIN recall_candidates c USING (id)"))
    async with sql_run(engine) as run:
        await load(run, [plan, off])
        await filter_by_mode(run, plan_query("我昨天说过什么", now=NOW), CLOCK)  # 09-02: only the calling off
        rows = dict(await run.conn.fetch("SELECT c.source_ref, w.importance FROM recall_window w "
                                         "JOIN recall_candidates c USING (id)"))
    assert alone == {"plan": pytest.approx(0.9)}
    assert rows == {"off": pytest.approx(0.9)}, "「后端面试取消了」 is as important as the interview"


async def test_a_cancelled_meeting_is_not_planned(engine):
    plan = _said("plan", "周五下午三点开周会", D(3, 9))
    off = _said("off", "周五的周会取消了", D(3, 15))
    result = await _bundle_rows(engine, [plan, off], "周五有什么安排？", D(3, 16))
    assert result.rows == []
    assert [(c.item, c.kind) for c in result.changes] == [("plan", "cancelled")]


async def test_a_moved_meeting_shows_only_at_its_new_time_with_both_records(engine):
    plan = _said("plan", "周五下午三点开周会", D(3, 9))
    moved = _said("moved", "周会改到下周一上午十点", D(3, 15))
    friday = await _bundle_rows(engine, [plan, moved], "周五有什么安排？", D(3, 16))
    assert friday.rows == [], "the old time is never shown as planned"
    monday = await _bundle_rows(engine, [plan, moved], "下周一有什么安排？", D(3, 16))
    [row] = monday.rows
    assert row["event_time"] == datetime(2026, 9, 7, 10, tzinfo=TZ)
    assert set(row["merged_from"]) == {"plan", "moved"}
    assert row["change"] == "moved"


async def test_asked_which_plans_changed_the_moved_and_the_called_off_are_shown_and_nothing_else(engine):
    cands = [_said("meeting", "周五下午三点开周会", D(1, 9)), _said("moved", "周会改到下周一上午十点", D(2, 15)),
             _said("dinner", "周六晚上和老王吃饭", D(1, 10)), _said("off", "周六和老王吃饭取消了", D(2, 16)),
             _said("dentist", "周四上午十点看牙", D(1, 11))]
    result = await _bundle_rows(engine, cands, "哪些安排改过时间或者取消了？", D(3, 9))
    shown = [set(r["merged_from"]) for r in result.rows]
    assert {"meeting", "moved"} in shown and any("off" in refs for refs in shown), shown
    assert not any("dentist" in refs for refs in shown), "nothing moved the dentist"
    anything = await _bundle_rows(engine, cands, "这周有什么安排？", D(3, 9))
    assert any("dentist" in set(r["merged_from"]) for r in anything.rows), "asked for plans, it is one"


async def test_a_plan_moved_across_a_dst_change_is_on_its_new_local_day(engine):
    # asked in winter (UTC-5) about a day in summer time (UTC-4 from 14 March 2027): the moved plan's
    # local day (day-grain dedupe) is read in the zone, as every loaded record's is, not at the
    # request's offset (18 March)
    ny = ZoneInfo("America/New_York")
    clock = resolve_clock(datetime(2027, 3, 3, 10, tzinfo=ny), None)
    cands = [_said("plan", "3月12日开周会", datetime(2027, 3, 1, 9, tzinfo=ny), ny),
             _said("moved", "周会改到3月19日", datetime(2027, 3, 2, 9, tzinfo=ny), ny)]
    async with sql_run(engine) as run:
        await load_candidates(run, encode_rows(cands, await EMBEDDER.embed([c.gist for c in cands]), clock.zone))
        await apply_lifecycle(run, cands)
        days = dict(await run.conn.fetch("SELECT source_ref, local_day FROM recall_candidates"))
    assert days == {"plan": date(2027, 3, 19), "moved": date(2027, 3, 19)}


async def test_a_list_worked_out_once_is_neither_embedded_encoded_nor_linked_again_and_only_that_list(engine):
    from app.cache import KnownLists

    plan = _said("plan", "周五下午三点开周会", D(3, 9))
    moved = _said("moved", "周会改到下周一上午十点", D(3, 15))
    known = KnownLists()
    monday = plan_query("下周一有什么安排？", now=D(3, 16))
    clock = resolve_clock(D(3, 16), None)

    class Counting:
        dim = EMBEDDER.dim

        def __init__(self):
            self.texts: list[str] = []

        async def embed(self, texts):
            self.texts.extend(texts)
            return await EMBEDDER.embed(texts)

    async def ask(cands, clock=clock):
        embedder = Counting()
        stage_input = await prepare_stages(monday, clock, cands, embedder, known)
        result = await run_stages(engine, Queries(), stage_input, explain=True)
        shown = [(r["source_ref"], r["event_time"], r["change"], sorted(r["merged_from"])) for r in result.rows]
        embedded = {c.source_ref for c in cands if c.gist in embedder.texts}
        streams.append(stage_input.rows.data)
        return [s.statement for s in result.steps if s.stage == "lifecycle"], shown, result.changes, embedded

    streams: list[bytes] = []
    first = await ask([plan, moved])
    assert first[0] == ["index_candidate_times", "link_changes", "apply_changes"]
    assert first[1] == [("plan", datetime(2026, 9, 7, 10, tzinfo=TZ), "moved", ["moved", "plan"])]
    assert first[3] == {"plan", "moved"}
    again = await ask([plan, moved])  # a follow-up question: the timeline cache's very objects
    assert again[0] == ["apply_changes"], "linked once, applied again"
    assert again[3] == set(), "embedded once"
    assert streams[1] is streams[0], "encoded once: the rows are sent as they were"
    assert again[1:3] == first[1:3]
    linked_anew = ["index_candidate_times", "link_changes", "apply_changes"]
    # the same objects in another order, among others, or seen from another zone: worked out anew
    assert (await ask([moved, plan]))[::3] == (linked_anew, {"plan", "moved"})
    assert (await ask([plan, moved, _said("other", "健身课取消了", D(3, 12))]))[0] == linked_anew
    assert (await ask([plan, moved], resolve_clock(datetime(2026, 9, 3, 4, tzinfo=ZoneInfo("Europe/Berlin")),
                                                   None)))[0] == linked_anew
    # an edited record is a new object: its list is worked out anew
    edited = await ask([plan, _said("moved", "周会改到下周二上午十点", D(3, 15))])
    assert edited[0] == linked_anew
    assert edited[1] == [], "moved to Tuesday: nothing on Monday"
    assert (await ask([plan, moved]))[0] == ["apply_changes"], "the first list is still known"


async def test_a_change_names_the_same_thing(engine):
    plan = _said("plan", "周五下午三点开周会", D(3, 9))
    other = _said("other", "健身课取消了", D(3, 15))
    result = await _bundle_rows(engine, [plan, other], "周五有什么安排？", D(3, 16))
    assert [r["source_ref"] for r in result.rows] == ["plan"]
    assert result.changes == []


async def test_a_cancelled_plan_is_only_mentioned_and_the_answer_says_so(engine):
    from app.answer import render_answer
    from app.pipeline.bundle import build_bundle

    plan_rec = _said("plan", "周五下午三点开周会", D(3, 9))
    off = _said("off", "周五的周会取消了", D(3, 15))
    now = D(3, 16)
    plan = plan_query("这周有什么事", now=now)
    assert plan.temporal_mode == "AMBIGUOUS"
    clock = resolve_clock(now, None)
    result = await run_stages(engine, Queries(), await prepare_stages(plan, clock, [plan_rec, off], EMBEDDER))
    bundle = build_bundle(plan, clock, result, {}, candidates=2, explain=None)
    [item] = [it for g in bundle.groups for it in g.items]
    assert [g.key for g in bundle.groups if g.items] == ["mentioned"], "called off: it did not occur"
    assert (item.status, item.change) == ("unknown", "cancelled")
    assert set(item.merged_from) == {"plan", "off"}
    assert "已取消" in render_answer(bundle).text


async def test_a_todo_due_the_day_before_the_range_is_not_due_in_it(engine):
    due = _said("due", "周五之前要交季度报告", D(1, 9))
    missed = _said("missed", "今天要把发票寄给财务", D(2, 8))  # due 09-02, asked on 09-03
    plan = plan_query("这周五之前要交什么", now=NOW)
    result = await run_stages(engine, Queries(), await prepare_stages(plan, CLOCK, [due, missed], EMBEDDER),
                              include_hidden=True)
    assert [r["source_ref"] for r in result.rows] == ["due"], "RFC §5.2: 应完成在该范围"


async def test_a_deadline_missed_inside_the_range_asked_about_is_marked_overdue(engine):
    from app.answer import render_answer
    from app.pipeline.bundle import build_bundle

    # no time word: the last 30 days and the next, so a deadline missed last week is in the range
    missed = _said("missed", "8月28日前要把报销单交给财务", D(1, 9))
    ahead = _said("ahead", "9月10日前要交季度报告", D(2, 9))
    plan = plan_query("我有什么要交的", now=NOW)
    result = await run_stages(engine, Queries(), await prepare_stages(plan, CLOCK, [missed, ahead], EMBEDDER))
    assert {r["source_ref"] for r in result.rows} == {"missed", "ahead"}
    text = render_answer(build_bundle(plan, CLOCK, result, {}, candidates=2, explain=None)).text
    assert "交给财务（已逾期）" in text and "季度报告（已逾期）" not in text


async def test_two_conversations_minutes_apart_about_two_calls_at_one_hour_stay_apart(engine):
    def said(ref, text, role, at, people=()):
        return cand(ref, text, event=D(2, 15), observed=at, source="chat", role=role, people=people,
                    quality=0.97 if role == "user" else 0.85)

    cands = [
        said("chat:message:q1", "下午3点要给物业回电话，楼上漏水怎么说", "user", D(2, 9, 0)),
        said("chat:message:a1", "9月2日15:00 给物业回电话时：说清漏水位置", "assistant", D(2, 9, 1)),
        said("chat:message:q2", "下午三点还要跟李经理通个电话，续约款怎么谈", "user", D(2, 9, 6), ("李经理",)),
        said("chat:message:a2", "9月2日15:00 和李经理通话，先争取两期续约款", "assistant", D(2, 9, 7), ("李经理",)),
    ]
    assert await _clusters(engine, cands) == [
        {"chat:message:a1", "chat:message:q1"}, {"chat:message:a2", "chat:message:q2"}]


async def test_a_plan_asking_for_no_dedupe_gets_every_record(engine):
    import msgspec

    seg = cand("meinput:segment:1", "明天下午三点和张总签合同", event=D(2, 15), observed=D(1, 21, 10))
    echo = cand("chat:message:1", "明天下午3点和张总签合同", event=D(2, 15), observed=D(1, 21, 12), source="chat",
                role="user", quality=0.97)
    plan = plan_query("我前天说过什么", now=NOW)
    as_is = msgspec.structs.replace(plan, output=msgspec.structs.replace(plan.output, dedupe=False))
    merged = await run_stages(engine, Queries(), await prepare_stages(plan, CLOCK, [seg, echo], EMBEDDER))
    separate = await run_stages(engine, Queries(), await prepare_stages(as_is, CLOCK, [seg, echo], EMBEDDER))
    assert len(merged.rows) == 1 and len(separate.rows) == 2


async def test_items_left_out_of_a_comparison_are_counted_only_where_a_window_or_day_holds_that_many(engine):
    # dedupe compares each item with its next 64 only: the bundle says so when a 15-minute window
    # (or a day, for day-grain items) holds more; where none can, the count is not even run
    plan = plan_query("我昨天有什么重要的事", now=NOW)

    def filler(n: int, over_seconds: float, grain: str = "minute") -> list[Candidate]:
        """n records from 15:00 yesterday, evenly spread over `over_seconds`."""
        return [cand(f"f{i}", f"第{i}件事", event=D(2, 15) + timedelta(seconds=over_seconds * i / (n - 1)),
                     observed=D(2, 9), grain=grain) for i in range(n)]

    # ten more in the range, hours apart: the window holds more than 65 in every case below, so
    # only how close together they are decides
    apart = [cand(f"h{h}", f"第{h}点的事", event=D(2, h), observed=D(2, 0, 30)) for h in range(1, 11)]

    async def crowded(cands: list[Candidate]) -> tuple[bool, list[str]]:
        cands = [*cands, *apart]
        result = await run_stages(engine, Queries(), await prepare_stages(plan, CLOCK, cands, EMBEDDER),
                                  include_hidden=True)
        assert result.in_window == len(cands) > 65
        counted = "dedupe_crowded" in {s.statement for s in result.steps}
        return counted, [n for n in result.notices if "at most 64 others" in n]

    counted, notices = await crowded(filler(66, 15 * 60))  # the first and the last just 15 minutes apart
    assert counted and len(notices) == 1 and "1 items had more" in notices[0]
    assert await crowded(filler(66, 15 * 60 + 1)) == (False, [])
    assert await crowded(filler(65, 60)) == (False, []), "65 in a window: each has at most 64 after it"
    counted, notices = await crowded(filler(66, 8 * 3600, grain="day"))  # 7 minutes apart
    assert counted and len(notices) == 1
    assert await crowded(filler(65, 8 * 3600, grain="day")) == (False, [])
    # a plan moved into a window of 64 records and the record that moved it: 66 there, as the SQL sees it
    meeting = _said("plan", "9月2日上午十点开周会", D(1, 9))
    moved = _said("moved", "周会改到9月2日下午三点", D(1, 20))
    assert moved.change == "moved" and moved.event_time == D(2, 15)
    counted, notices = await crowded([*filler(64, 60), meeting, moved])
    assert counted and len(notices) == 1


async def test_a_favour_promised_then_done_with_other_words_is_done(engine):
    plan = _said("plan", "下周五下班前得帮小陈约上王总，他想换部门", D(2, 17, 50))
    done = _said("done", "帮小陈约好王总了，他俩自己聊", D(3, 14, 6))
    assert (plan.type, done.change) == ("commitment", "done")
    result = await _bundle_rows(engine, [plan, done], "下周五之前还有什么没完成的？", D(3, 20))
    assert result.rows == [] and [(c.item, c.kind) for c in result.changes] == [("plan", "done")]


async def test_a_name_and_a_family_word_can_be_one_person_two_family_words_cannot(engine):
    # the son is 豆豆 in the note and 孩子 in the chat: same instant, same museum, one event
    note = cand("meinput:segment:n", "答应豆豆去科技馆，票先抢好", event=D(5, 14, 30), observed=D(1, 21),
                people=("豆豆",))
    chat = cand("chat:message:c", "带九岁的孩子去科技馆航天展，哪些展区值得看", event=D(5, 14, 30), observed=D(2, 20),
                source="chat", role="user", quality=0.97, people=("孩子",))
    assert await _clusters(engine, [note, chat], "这周有什么安排") == [{"chat:message:c", "meinput:segment:n"}]
    mum = cand("a", "给妈妈打电话问体检结果", event=D(2, 15), observed=D(1, 21), people=("妈妈",))
    husband = cand("b", "给老公打电话问体检结果", event=D(2, 15), observed=D(1, 21, 2), people=("老公",),
                   source="chat", role="user")
    assert await _clusters(engine, [mum, husband], "这周有什么安排") == [{"a"}, {"b"}]


async def test_the_very_same_instant_in_two_sources_needs_only_one_word_in_common(engine):
    note = cand("meinput:segment:n", "带可乐去宠物店洗澡剪毛，疫苗本带上", event=D(6, 16), observed=D(1, 20))
    chat = cand("chat:message:c", "要带柯基去洗澡，它最近掉毛特别厉害，正常吗", event=D(6, 16), observed=D(3, 8),
                source="chat", role="user", quality=0.97)
    later = cand("chat:message:l", "去宠物医院洗牙", event=D(6, 16, 10), observed=D(3, 8, 30),
                 source="chat", role="user", quality=0.97)
    assert await _clusters(engine, [note, chat, later], "这周有什么安排") == [
        {"chat:message:c", "meinput:segment:n"}, {"chat:message:l"}], "ten minutes apart and one word: two things"


async def test_an_answer_is_about_what_was_asked_even_in_other_words(engine):
    from app.normalize import build_candidate

    def rec(ref, role, text, at, answers=""):
        return build_candidate(source="meinput" if role == "segment" else "chat", ref=ref, user_id="u1", role=role,
                               text=text, observed=at, zone=TZ, happened_when_said=role != "segment", answers=answers)

    note = rec("n", "segment", "订好了9月8号早上7点35去杭州的高铁", D(2, 18, 32))
    answer = rec("a", "assistant", "最早一班是 G7501，9月8日（周二）7:35 从虹桥发车，二等座还有票", D(2, 18, 43),
                 answers="帮我查9月8号上海虹桥到杭州东最早的高铁")
    assert note.status == "planned", "what got done is the booking: the trip is ahead"
    assert await _clusters(engine, [note, answer], "下周二有什么安排") == [{"a", "n"}]
    bare = rec("a", "assistant", "最早一班是 G7501，9月8日（周二）7:35 从虹桥发车，二等座还有票", D(2, 18, 43))
    assert await _clusters(engine, [note, bare], "下周二有什么安排") == [{"a"}, {"n"}]


async def test_a_planned_event_in_the_range_shows_whatever_its_upstream_importance(engine):
    # the upstream scored it low; asked what tomorrow holds, a meeting at 9:00 is still the answer,
    # while a bare remark of the same importance is not
    meeting = cand("meeting", "晨会讲冲刺计划", event=D(4, 9), observed=D(2, 17), grain="minute", importance=0.3,
                   confidence=0.88)
    remark = cand("remark", "体脂秤说我55公斤", event=D(4, 8), observed=D(2, 17, 5), grain="minute", type="mention",
                  status="mentioned", importance=0.3, confidence=0.88)
    plan = plan_query("明天有什么安排", now=D(3, 21))
    result = await run_stages(engine, Queries(), await prepare_stages(plan, resolve_clock(D(3, 21), None),
                                                                      [meeting, remark], EMBEDDER))
    assert [r["source_ref"] for r in result.rows] == ["meeting"]


async def test_a_done_record_ticks_off_the_plan_told_twice_that_day_but_not_another_days(engine):
    note = _said("note", "月底前要把供应商的保密协议签好寄回", D(1, 9))
    chat = build_candidate_said("chat", "供应商的保密协议30号之前要签回，保密期限五年正常吗", D(2, 9))
    other = _said("other", "下个月10号前把另一份保密协议签好寄回", D(2, 10))
    done = _said("done", "供应商的保密协议签好寄回了", D(3, 11))
    assert [c.event_time.date() for c in (note, chat, other)] == [D(30).date(), D(30).date(), date(2026, 10, 10)]
    result = await _bundle_rows(engine, [note, chat, other, done], "下个月15号之前还有什么要交的？", D(3, 20))
    assert sorted((c.item, c.kind) for c in result.changes) == [("chat", "done"), ("note", "done")]
    assert [r["source_ref"] for r in result.rows] == ["other"]


async def test_a_todo_ticked_off_in_other_words_before_its_deadline_is_done(engine):
    # two words in common (报销 and 票据, each said another way) of six: too few to fit by share, but
    # a done record a day before the only to-do due that day that it has two words in common with
    receipts = _said("receipts", "出差的差旅票据截止到9月4日交给财务", D(1, 22))
    done = _said("done", "报销单交了，高铁票和住宿发票都齐了", D(3, 13))
    assert (receipts.event_time.date(), receipts.type, done.change) == (D(4).date(), "todo", "done")
    result = await _bundle_rows(engine, [receipts, done], "这周有什么要交的？", D(3, 20))
    assert [(c.item, c.kind) for c in result.changes] == [("receipts", "done")]
    assert "receipts" not in {r["source_ref"] for r in result.rows if r["group_key"] == "due"}

    # another to-do due that day with one word in common is not what was done
    itinerary = _said("itinerary", "9月4日前把差旅的行程单发给行政", D(1, 22, 10))
    result = await _bundle_rows(engine, [receipts, itinerary, done], "这周有什么要交的？", D(3, 20))
    assert [(c.item, c.kind) for c in result.changes] == [("receipts", "done")]
    # nor is either of two such to-dos due on different days: which one was done is not known
    next_day = _said("next_day", "出差的差旅票据截止到9月5日交给财务", D(1, 22, 20))
    result = await _bundle_rows(engine, [receipts, next_day, done], "这周有什么要交的？", D(3, 20))
    assert result.changes == []
    # nor is a to-do due a week after it
    later = _said("later", "出差的差旅票据9月10日前交给财务", D(1, 22))
    result = await _bundle_rows(engine, [later, done], "下周有什么要交的？", D(3, 20))
    assert result.changes == []


@pytest.mark.parametrize(("plan_text", "done_text"), [
    # two words in common, one of them the person: one thing in common is not enough
    ("后天前要给王总寄样品，附上新版价目表、检测报告和售后条款，约下季度拜访时间",
     "王总的样品寄出去了，顺带聊了招聘排期和团建地点，还有包装设计"),
    ("明天下班前要去菜鸟驿站取妈妈寄来的腊肉和香肠，买酱油、鸡蛋、牛奶",
     "给妈妈的腊肉钱付了，外婆身体挺好，周末全家去公园野餐"),  # the family word and one other
    ("明天之前要把季度总结交给李总", "总结会开完了，发到群里了"),  # one word in common
], ids=["person", "family", "one word"])
async def test_a_done_record_sharing_a_person_or_one_word_with_a_todo_due_soon_leaves_it_open(engine, plan_text,
                                                                                             done_text):
    plan, done = _said("plan", plan_text, D(1, 9)), _said("done", done_text, D(2, 12))
    assert plan.type in ("todo", "commitment") and D(2) <= plan.event_time <= D(4) and done.change == "done"
    result = await _bundle_rows(engine, [plan, done], "这周有什么要交或者要办的？", D(2, 20))
    assert result.changes == []
    assert "plan" in {r["source_ref"] for r in result.rows}, "still due"


def build_candidate_said(ref: str, text: str, at: datetime) -> Candidate:
    from app.normalize import build_candidate

    return build_candidate(source="chat", ref=ref, user_id="u1", role="user", text=text, observed=at, zone=TZ,
                           happened_when_said=True)


async def test_a_deadline_known_to_the_day_is_due_on_that_day_only(engine):
    today = _said("today", "今天之内要把年会预算报给行政", D(3, 9))  # due 09-03, asked 09-03 at noon
    missed = _said("missed", "明天要把发票寄给财务", D(1, 9))  # due 09-02
    after = _said("after", "后天要交投标文件", D(3, 9, 5))  # due 09-05: not tomorrow
    tomorrow = _said("tomorrow", "明天要交周报", D(3, 9, 10))
    assert today.type == "todo", "a to-do due today: not due tomorrow"
    assert [c.event_time.date() for c in (today, missed, after, tomorrow)] == [
        D(3).date(), D(2).date(), D(5).date(), D(4).date()]
    result = await _bundle_rows(engine, [today, missed, after, tomorrow], "明天有什么要交的？", D(3, 12))
    assert [r["source_ref"] for r in result.rows] == ["tomorrow"]


async def test_a_change_in_few_words_is_tied_to_its_plan_by_the_person_and_the_day(engine):
    dinner = _said("dinner", "这周三晚上六点半约了钱总吃饭，订在外滩那家本帮菜", D(1, 19))
    off = _said("off", "钱总临时出差，今晚的饭局取消了", D(2, 11, 40))  # 09-02 is that Wednesday
    training = _said("training", "周五下午两点给小郑讲一遍产品线，顺带讲讲客户案例", D(1, 18))
    moved = _said("moved", "给小郑的产品培训往后挪到下周一上午九点半", D(2, 9))
    other = _said("other", "周五下午两点和小林对一下预算", D(1, 18, 30))
    assert (off.change, moved.change) == ("cancelled", "moved")
    result = await _bundle_rows(engine, [dinner, off, training, moved, other], "这周有什么安排？", D(2, 12))
    assert sorted((c.item, c.kind) for c in result.changes) == [("dinner", "cancelled"), ("training", "moved")]
    planned = {r["source_ref"]: r["event_time"] for r in result.rows if r["group_key"] == "planned"}
    assert planned == {"other": D(4, 14)}, "the dinner is off; the training is next week"


@pytest.mark.parametrize(("terms", "query", "lead"), [
    (["恒通", "合同"], "恒通的合同签了吗？", "恒通"),
    (["bug", "meinput"], "MeInput的bug修了吗", "meinput"),  # the terms are lower-cased, the question is not
    (["妈妈", "体检"], "我妈的体检约了吗", "妈妈"),  # family by its one name
    (["开周", "开周会"], "开周会的事定了吗", "开周会"),  # the longest starting there
    (["同学", "同学聚会", "聚会"], "老同学聚会的事定了吗", "聚会"),  # whose 聚会: by its head word
    (["劳动", "劳动合同", "合同"], "劳动合同续签了吗", "劳动合同"),  # another kind of 合同 is not it
    (["季度", "报告"], "", None),  # a caller's plan without its question
])
def test_the_lead_topic_is_the_term_the_question_says_first(terms, query, lead):
    from app.pipeline.rank import _lead

    assert _lead(terms, query) == lead


@pytest.mark.parametrize(("records", "question", "asked", "changes"), [
    pytest.param([  # 往后, 挪到, 临时: how and when a plan moves, no word of what it is
        ("vet", "年糕的疫苗约了下周一上午十点半，宠物医院提醒前一晚别喂太饱", D(1, 19)),
        ("vet_moved", "年糕的疫苗往后挪到9月14号10:30，医生说不碍事", D(2, 17)),
        ("talk", "9月4日下午两点跟喜上眉梢的王姐谈长期合作", D(1, 12)),
        ("talk_moved", "王姐临时要去看场地，见面改到下周二下午3点半", D(2, 19)),
    ], "这周有什么安排？", D(2, 20), [("talk", "moved"), ("vet", "moved")], id="by what moves, not the words of moving"),
    pytest.param([  # the meeting room is why, not what
        ("review", "周三下午两点开季度复盘会，每个人讲五分钟", D(1, 9)),
        ("weekly", "周四下午四点产品周会，3F会议室", D(1, 10)),
        ("moved", "复盘会往后挪到周五上午十点了，会议室被占了", D(1, 18, 40)),
    ], "这周有什么安排？", D(1, 19), [("review", "moved")], id="by what it moves, not the reason it gives"),
    pytest.param([
        ("dinner", "周五晚上部门聚餐", D(1, 9)),
        ("off", "算了，周五的聚餐不去了", D(2, 9)),
    ], "这周有什么安排？", D(2, 10), [("dinner", "cancelled")], id="named after the first cue"),
    pytest.param([
        ("yoga", "周五晚上七点半上瑜伽课", D(1, 9)),
        ("excused", "周五的瑜伽课请假了，人在成都", D(2, 9)),
        ("flight", "订了周四18:40飞成都的航班", D(1, 10)),
        ("rebooked", "航班取消了！改签到周五早上七点一刻", D(3, 9)),
    ], "这周有什么安排？", D(3, 10), [("flight", "moved"), ("yoga", "cancelled")],
        id="excused from a class; a flight rebooked is moved"),
    pytest.param([
        ("printing", "婚博会的易拉宝和样册最晚周五必须印好", D(1, 10)),
        ("fetched", "阿杰刚才把易拉宝和样册从打印店取回来了，颜色没偏", D(4, 11, 35)),
    ], "这周还有什么要交的？", D(4, 12), [("printing", "done")], id="prints fetched tick off the printing"),
    pytest.param([  # 刷完了: done, for both tellings of the to-do
        ("plan", "继续教育学分截止到9月30号，还差6分没刷", D(20, 7, 40)),
        ("again", "继续教育还差两分，月底前必须刷完", D(28, 19, 10)),
        ("done", "夜班间隙把继续教育最后两分刷完了，证书截图存好了", D(29, 23, 42)),
    ], "这周还有什么要交的？", D(30, 8), [("again", "done"), ("plan", "done")], id="credits done"),
    pytest.param([  # the plan told again that day in other words moves with the one the move fits
        ("boxes", "9月5号搬家，纸箱还差十几个", D(1, 20)),
        ("movers", "搬家公司9月5号早上8点上门，四个师傅一台车", D(2, 10)),
        ("moved", "搬家公司说那天不出车，改到9月6号早上8点", D(3, 18)),
    ], "这周末有什么安排？", D(3, 19), [("boxes", "moved"), ("movers", "moved")], id="moved with its retelling"),
    pytest.param([  # ...but a plan at a clock time of its own that day is its own plan
        ("report", "9月5号上午10点去医院拿体检报告", D(1, 20)),
        ("teeth", "9月5号下午3点去医院洗牙", D(2, 10)),
        ("moved", "医院打电话说洗牙改到9月7号下午3点", D(3, 18)),
    ], "这周末有什么安排？", D(3, 19), [("teeth", "moved")], id="not another plan of that day"),
    pytest.param([  # a plan already at the new time is the move told beforehand (a calendar updated): the booking moves too
        ("booked", "订好了9月26号晚上6点半泮溪的包间，给老爸过生日", D(20, 10)),
        ("calendar", "9月25号中午12点老爸生日饭，泮溪", D(21, 9)),
        ("moved", "老爸的生日饭提前到9月25号中午12点", D(21, 19)),
    ], "这周末有什么安排？", D(21, 20), [("booked", "moved")], id="not the plan already at the new time"),
    pytest.param([  # 搬家 is what the boxes note is about and why the brother comes: the move moves the first
        ("boxes", "9月5号搬家，纸箱还差十几个，得去超市要", D(1, 20)),
        ("train", "我弟订了9月4号晚上7点40到广州南的高铁，回来帮我搬家", D(2, 21)),
        ("moved", "台风天搬不了，搬家改到大后天了", D(4, 18, 30)),
    ], "这周末有什么安排？", D(4, 19), [("boxes", "moved")], id="the plan its head word names, not the nearer one"),
    pytest.param([  # 教研 is what the two share, 活动 what is moved: 给公开课让路 is why
        ("lesson", "王组长通知：区教研公开课定在9月16号上午10:10，第三节", D(1, 16)),
        ("moved", "这周的教研活动改到周四下午三点了，给公开课让路", D(14, 12)),
    ], "这周有什么安排？", D(14, 13), [], id="not a plan sharing only a modifier"),
    pytest.param([  # 半马 is the 半程马拉松 by another name: the word it names the plan by is shared
        ("race", "这周日上午参加半程马拉松", D(1, 9)),
        ("moved", "半马改到下周日了", D(2, 9)),
    ], "这周末有什么安排？", D(2, 10), [("race", "moved")], id="its subject by another name"),
    pytest.param([  # the sum says which payment: 押金 alone is too little of the plan's words
        ("plan", "中介让我明天中午12点前把押金7600转给房东，直接转账安全吗？", D(24, 18, 5)),
        ("done", "押金7600转过去了，备注写了押金", D(25, 10, 12)),
    ], "这周还有什么要交的？", D(26, 9), [("plan", "done")], id="a deposit paid, by its amount"),
    pytest.param([  # 黄总说 is no word the salary plan and the PPT handed in share
        ("ppt", "黄总要我在年会上讲5分钟财务年报，PPT要在礼拜四前给他", D(25, 17, 22)),
        ("salary", "黄总说工资最晚下礼拜三发下去，年前让大家拿到钱", D(28, 10, 32)),
        ("done", "PPT交了，黄总说OK，就是字太多", D(28, 11, 45)),
    ], "这周还有什么要交的？", D(28, 12), [("ppt", "done")], id="the thing handed in, not what the same boss said"),
])
async def test_a_change_updates_the_plan_it_is_about(engine, records, question, asked, changes):
    result = await _bundle_rows(engine, [_said(ref, text, at) for ref, text, at in records], question, asked)
    assert sorted((c.item, c.kind) for c in result.changes) == changes


async def test_an_item_naming_only_a_later_topic_term_is_matched_by_similarity_not_in_full(engine):
    both = _said("both", "周五下午跟恒通签合同", D(1, 10))
    whose = _said("whose", "跟孙总商量完定了：恒通分两期上，先上运输调度", D(1, 11))
    other = _said("other", "周四上午跟华为签合同", D(2, 9))
    result = await _bundle_rows(engine, [both, whose, other], "这周恒通的合同签了吗？", D(2, 12))
    semantic = {r["source_ref"]: r["semantic_match"] for r in result.rows}
    assert semantic["both"] == semantic["whose"] == 1.0, "naming 恒通, whose contract is asked about"
    assert semantic["other"] < 0.8, "another client's 合同: shown, by its similarity"


async def test_a_record_naming_the_head_of_a_compound_topic_is_about_it(engine):
    reunion = _said("reunion", "老同学聚会定在这周日中午11点半，西苑饭店", D(1, 9))
    split = _said("split", "定了：聚会AA，每人150，钱我先垫上", D(1, 21))
    classmate = _said("classmate", "同学寄来的茶叶到了", D(2, 10))
    result = await _bundle_rows(engine, [reunion, split, classmate], "我说过哪些跟老同学聚会有关的？", D(2, 12))
    semantic = {r["source_ref"]: r["semantic_match"] for r in result.rows}
    assert semantic["reunion"] == semantic["split"] == 1.0, "a note of the 聚会 is about the 同学聚会"
    assert semantic.get("classmate", 0) < 0.8, "a 同学 without the 聚会 is not"


async def test_a_done_record_ticks_off_another_plan_of_that_day_only_by_a_word_besides_the_people(engine):
    quote = _said("quote", "周五前把报价单发给王总", D(1, 9))
    lunch = _said("lunch", "周五中午跟王总吃饭", D(1, 10))
    done = _said("done", "报价单发给王总了", D(3, 16))
    assert done.change == "done"
    result = await _bundle_rows(engine, [quote, lunch, done], "这周有什么安排？", D(3, 17))
    assert sorted((c.item, c.kind) for c in result.changes) == [("quote", "done")], "the lunch is still on"


async def test_a_todo_told_again_in_other_words_is_done_with_the_one_that_fits(engine):
    # the remark after 「交上去了」 leaves too small a share of words to fit the first telling (two of
    # seven), but the other telling due that day fits, and the first shares two head words with the done
    note = _said("note", "黄老师群里通知了，中期报告9月4号之前交到研究生系统", D(1, 9))
    again = _said("again", "中期报告还差结论那节，这周五前必须交", D(2, 9, 40))
    done = _said("done", "中期报告刚刚交上去了，总算松口气", D(4, 8, 41))
    assert (note.event_time, again.event_time) == (D(4), D(4))
    result = await _bundle_rows(engine, [note, again, done], "有没有忘记什么事？", D(4, 23))
    assert sorted((c.item, c.kind) for c in result.changes) == [("again", "done"), ("note", "done")]


async def test_a_word_and_the_word_inside_it_are_one_word_in_common(engine):
    # 护士长 and 护士: one word; 「带教记录本交给护士长了」 ticks off the 带教记录 due that day, not the PPT
    log = _said("log", "小邝的带教记录，月底前交给护士长", D(1, 13))
    ppt = _said("ppt", "俯卧位通气的PPT月底前发给护士长过目", D(1, 15))
    done = _said("done", "带教记录本交给护士长了", D(30, 16, 40))
    assert log.event_time == ppt.event_time == D(30)
    result = await _bundle_rows(engine, [log, ppt, done], "月底之前有哪些事要搞定？", D(30, 18))
    assert [(c.item, c.kind) for c in result.changes] == [("log", "done")]


async def test_a_plan_told_twice_naming_mom_is_done_in_both_tellings(engine):
    note = _said("note", "周五给妈妈买降压药", D(1, 9))
    again = _said("again", "周五记得给妈妈买药，降压的", D(2, 9))
    done = _said("done", "给妈妈买好降压药了", D(3, 16))
    result = await _bundle_rows(engine, [note, again, done], "这周有什么安排？", D(3, 17))
    assert sorted((c.item, c.kind) for c in result.changes) == [("again", "done"), ("note", "done")]


async def test_a_called_off_plan_is_called_off_wherever_it_was_told(engine):
    note = _said("note", "答应豆豆周六14:30去科技馆，票先抢好", D(1, 21))
    chat = build_candidate_said("chat", "周六下午两点半带九岁的孩子去科技馆航天展，哪些展区值得看？", D(2, 20))
    off = _said("off", "科技馆去不成了，跟豆豆说好改天", D(3, 8))
    assert note.event_time == chat.event_time == D(5, 14, 30) and off.change == "cancelled"
    result = await _bundle_rows(engine, [note, chat, off], "周六有什么安排？", D(3, 9))
    assert result.rows == [], "called off: nothing is planned on Saturday any more"
    assert sorted(c.item for c in result.changes) == ["chat", "note"]


async def _ranked_plan(engine, cands, plan):
    stage_input = await prepare_stages(plan, CLOCK, cands, EMBEDDER)
    return {r["source_ref"]: r for r in (await run_stages(engine, Queries(), stage_input, limit=100,
                                                          include_hidden=True)).rows}


async def test_each_source_is_ranked_against_its_own_expansion(engine):
    # neither names the topic; the chat message names a chat cue (跟进), the note a MeInput cue only
    # chat has not: each is read against its own source's words (RFC §8)
    chat = cand("chat", "下午要跟进一下物流的报价", event=D(2, 15), observed=D(2, 9), source="chat", role="user")
    note = cand("note", "下午和物流的人吃饭", event=D(2, 15, 40), observed=D(2, 9, 5))
    plan = plan_query("我昨天说过什么关于 MeInput 的", now=NOW)
    rows = await _ranked_plan(engine, [chat, note], plan)
    assert rows["chat"]["semantic_match"] > rows["note"]["semantic_match"]
    without = msgspec.structs.replace(plan, retrievals=[
        msgspec.structs.replace(r, expanded_queries=[q for q in r.expanded_queries if q != "跟进"])
        for r in plan.retrievals])
    rows = await _ranked_plan(engine, [chat, note], without)
    assert rows["chat"]["semantic_match"] == rows["note"]["semantic_match"], "the cue alone made the difference"


async def test_what_was_said_where_the_question_asks_is_shown_first_and_the_rest_after_it(engine):
    note = cand("note", "周三和物流的人开会", event=D(2, 15), observed=D(1, 9), importance=0.9)
    chat = cand("chat", "周四下午跟供应商吃饭", event=D(3, 15), observed=D(1, 9, 5), source="chat", role="user",
                importance=0.7)
    both = [cand("both-note", "周五上午去医院复查", event=D(4, 10), observed=D(1, 10)),
            cand("both-chat", "周五上午10点去医院复查", event=D(4, 10), observed=D(1, 10, 2), source="chat", role="user")]
    anywhere = await _ranked_plan(engine, [note, chat, *both], plan_query("这周我说过什么", now=NOW))
    in_chat = await _ranked_plan(engine, [note, chat, *both], plan_query("这周我在聊天里跟助手说过什么", now=NOW))
    assert anywhere["note"]["recall_score"] > anywhere["chat"]["recall_score"], "no source asked: the weightier first"
    assert in_chat["chat"]["recall_score"] > in_chat["note"]["recall_score"], "chat first where chat is asked"
    shown = await _bundle_rows(engine, [note, chat, *both], "这周我在聊天里跟助手说过什么", NOW)
    assert "note" in {r["source_ref"] for r in shown.rows}, "the rest is still shown after it (wide recall)"
    assert in_chat["both-note"]["source_factor"] == pytest.approx(anywhere["both-note"]["source_factor"]), \
        "an item one of whose records was said in chat was said there"


async def test_a_callers_retrieval_weights_are_what_ranking_reads(engine):
    note = cand("note", "下午三点和物流的人开会", event=D(2, 15), observed=D(2, 9))
    chat = cand("chat", "明天上午十点和供应商开会", event=D(2, 10), observed=D(2, 9, 5), source="chat", role="user")
    plan = plan_query("我昨天有什么安排", now=NOW)
    favour = {"chat": 1.0, "meinput": 0.0}
    tilted = msgspec.structs.replace(plan, retrievals=[
        msgspec.structs.replace(r, weight=favour.get(r.source, r.weight)) for r in plan.retrievals])
    before = await _ranked_plan(engine, [note, chat], plan)
    after = await _ranked_plan(engine, [note, chat], tilted)
    assert after["chat"]["source_factor"] > before["chat"]["source_factor"]
    assert after["note"]["source_factor"] < before["note"]["source_factor"]


async def test_an_item_names_the_topic_if_any_of_its_records_does(engine):
    # the note (the representative: the user's own words) says only 钱总; the chat message about the
    # same call says 北辰: asked about 北辰, the call matches in full
    note = cand("note", "上午10:30跟钱总通电话，听试点方案的反馈", event=D(2, 10, 30), observed=D(1, 18),
                people=("钱总",))
    chat = cand("chat", "上午10:30跟北辰钱总通电话，他可能会压价", event=D(2, 10, 30), observed=D(2, 9, 50),
                source="chat", role="user", quality=0.97, people=("钱总",))
    [row] = await _ranked(engine, [note, chat], "这周北辰那边有什么动静？")
    assert row["source_ref"] == "note" and set(row["merged_from"]) == {"note", "chat"}
    assert row["semantic_match"] >= 0.9
