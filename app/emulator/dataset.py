"""A deterministic, realistic demo dataset for the upstream emulator.

One demo user over four weeks up to DEMO_NOW (plus the week after, for plans): work (contracts,
meetings, reviews, deadlines, the MeInput product), personal life, decisions and commitments,
events typed in MeInput and said in chat within minutes (dedupe targets), agent runs, and plenty
of noise. A second user has look-alike records that must never reach the first user's results.

Ground truth (`Dataset.events`) comes from the generator itself: what happened when, and which
upstream records speak of it. The evaluation compares the pipeline's output against it.

This part is easy: the pipeline was written together with it. hazards.py and retell.py then add
what real data has (paraphrases across sources, same-time events, done / cancelled / moved plans,
UTC times, sessions over several days), with their ground truth.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from app.emulator.calendar import calendar_feeds
from app.emulator.hazards import add_hazards, write_some_times_in_utc
from app.emulator.records import (
    DEMO_NOW,
    DEMO_USER,
    OTHER_USER,
    SH,
    Dataset,
    Event,
    Writer,
    clock_phrase,
    day_phrase,
)
from app.emulator.retell import retell_recipes

__all__ = ["DEMO_NOW", "DEMO_USER", "OTHER_USER", "RECIPES", "SH", "Dataset", "Event", "build_dataset",
           "clock_phrase", "day_phrase"]

DAYS_BACK = 28
DAYS_AHEAD = 8


# (key, plan phrase, done phrase, kind, importance, hour, minute, people)
RECIPES = [
    ("contract", "和张总签合同", "和张总签了合同，条款都确认了", "event", 0.92, 15, 0, ["张总"]),
    ("weekly", "开项目周会", "周会开完了，进度基本正常", "event", 0.55, 10, 0, []),
    ("review_meinput", "MeInput 语音输入方案评审", "MeInput 语音输入方案评审通过了", "event", 0.8, 14, 0, []),
    ("review_dash", "数据看板方案评审", "数据看板评审结束，要补两张图", "event", 0.7, 16, 0, []),
    ("report", "要交季度报告", "季度报告交上去了", "todo", 0.88, 18, 0, []),
    ("visit", "拜访李经理，聊续约的事", "见了李经理，续约基本谈妥", "event", 0.82, 10, 30, ["李经理"]),
    ("interview", "面试一个后端候选人", "面试完了，候选人基础不错", "event", 0.6, 11, 0, []),
    ("checkup", "去医院体检", "体检做完了，等报告", "event", 0.72, 8, 30, []),
    ("pta", "开家长会", "家长会开完了，老师说孩子进步挺大", "event", 0.7, 19, 0, []),
    ("birthday", "给妈妈过生日，订好蛋糕", "给妈妈过了生日，她很开心", "event", 0.78, 18, 30, []),
    ("quote", "给王总发报价单，预算20万", "报价单发给王总了", "todo", 0.86, 17, 0, ["王总"]),
    ("release", "MeInput 新版本上线", "MeInput 新版本上线了，暂时没有问题", "event", 0.9, 20, 0, []),
    ("dinner", "和老王吃饭", "和老王吃了饭，聊了不少", "event", 0.42, 19, 0, ["老王"]),
    ("weekly_report", "发周报给陈总监", "周报发给陈总监了", "todo", 0.62, 17, 30, ["陈总监"]),
    ("dentist", "去看牙医", "看完牙了，下个月复诊", "event", 0.6, 15, 30, []),
    ("trip", "去上海出差", "上海出差回来了", "event", 0.76, 9, 0, []),
]

NOISE_SEGMENTS = [
    "中午吃什么好呢", "今天好困啊", "这首歌真好听", "哈哈哈哈", "看了一部电影，还不错", "天气好热",
    "想喝奶茶", "地铁上人好多", "周末想去爬山", "这本书写得挺有意思", "咖啡喝多了睡不着", "又下雨了",
    "新买的键盘手感不错", "晚饭吃了火锅", "猫又把杯子打翻了", "今天步数一万二", "路上看到一只很可爱的狗",
    "灵感：输入法可以记住常用短语", "随便记一下，没什么事", "好无聊",
]
CHAT_TOPICS = [
    [("user", "Python 里怎么读取 CSV 文件？"), ("assistant", "可以用 pandas.read_csv，或者标准库的 csv 模块。"),
     ("user", "编码报错怎么办"), ("assistant", "试试 encoding='utf-8-sig' 或 'gbk'。")],
    [("user", "帮我想一个周末的菜单"), ("assistant", "周六可以做番茄牛腩，周日清蒸鱼配青菜。"),
     ("user", "有没有简单点的"), ("assistant", "那就西红柿炒蛋和紫菜汤，十五分钟搞定。")],
    [("user", "解释一下什么是向量数据库"), ("assistant", "向量数据库按向量相似度检索数据，常用于语义搜索。"),
     ("user", "pgvector 算吗"), ("assistant", "算，它是 PostgreSQL 的向量扩展。")],
    [("user", "推荐几本讲产品设计的书"), ("assistant", "《启示录》《用户体验要素》《设计心理学》都不错。")],
    [("user", "怎么缓解颈椎疼"), ("assistant", "多起身活动，调整显示器高度，必要时去医院看看。"),
     ("user", "好的谢谢"), ("assistant", "不客气，注意休息。")],
    [("user", "写一段 SQL 统计每天的订单数"), ("assistant", "SELECT date(created_at), count(*) FROM orders GROUP BY 1;"),
     ("tool", "{\"rows\": 28}"), ("assistant", "结果共有 28 天的数据。")],
    [("user", "MeInput 的输入延迟能怎么优化"), ("assistant", "可以先做端侧缓存，再把联想请求合并。"),
     ("user", "合并请求会不会影响准确率"), ("assistant", "影响很小，可以灰度验证。")],
    [("user", "给我讲个冷笑话"), ("assistant", "为什么数学书总是很忧郁？因为它有太多的问题。"), ("user", "哈哈哈")],
]
DECISIONS = [
    ("决定下周起站会改到上午十点", "decision", 0.7),
    ("和团队定了：MeInput 的架构定为 SQL-centric", "decision", 0.85),
    ("答应老王周末帮他搬家", "commitment", 0.6),
    ("承诺客户9月10日前给出报价", "commitment", 0.85),
    ("决定年底前把 MeInput 的冷启动时间降到一秒以内", "decision", 0.8),
]
RUN_TASKS = [
    ("整理合同条款", "已整理 12 条条款"), ("生成本周周报", "周报草稿已生成"), ("汇总客户反馈", "共 37 条反馈，已分类"),
    ("翻译产品文档", "已翻译 8 页"), ("检查 MeInput 崩溃日志", "发现 2 个高频崩溃"), ("准备评审材料", "已生成 15 页幻灯片"),
]


def build_dataset(seed: int = 20260903) -> Dataset:
    rnd = random.Random(seed)
    ds = Dataset()
    w = Writer(ds, rnd)
    start = (DEMO_NOW - timedelta(days=DAYS_BACK)).replace(hour=0, minute=0)

    # --- the demo user's life: 2-3 events a day
    for day in range(DAYS_BACK + DAYS_AHEAD):
        base = start + timedelta(days=day)
        for recipe in rnd.sample(RECIPES, rnd.choice([2, 2, 3])):
            key, plan, done, kind, imp, hour, minute, people = recipe
            when = base.replace(hour=hour, minute=minute)
            ev = Event(event_id=f"ev_{day:02d}_{key}", user_id=DEMO_USER, when=when, title=plan, kind=kind,
                       importance=imp)
            # typed the evening before, the same morning, or a few days ahead
            lead = rnd.choice([0, 1, 1, 1, 2, 3])
            observed = (when - timedelta(days=lead)).replace(hour=rnd.choice([7, 8, 20, 21, 22]),
                                                             minute=rnd.randrange(0, 60))
            if observed >= when:
                observed = when - timedelta(hours=2, minutes=rnd.randrange(0, 50))
            if observed < DEMO_NOW:
                text = f"{day_phrase(when, observed, rnd)}{clock_phrase(when, rnd.random() < 0.5)}{plan}"
                ref = w.segment(DEMO_USER, text, observed, imp if rnd.random() < 0.7 else None, people)
                ev.refs.append(ref)
                ev.planned_refs.append(ref)
                if rnd.random() < 0.5:  # also said to the assistant within minutes: a dedupe target
                    said = observed + timedelta(minutes=rnd.randrange(1, 10))
                    if said < DEMO_NOW:
                        sid = w.assistant_session(DEMO_USER, said)
                        line = f"帮我记一下，{day_phrase(when, said, rnd)}{clock_phrase(when, True)}{plan}"
                        ev.refs.append(w.say(DEMO_USER, sid, "user", line, said))
                        ev.refs.append(w.say(DEMO_USER, sid, "assistant", f"好的，已帮你记下：{line[6:]}。",
                                           said + timedelta(seconds=20)))
                        ev.planned_refs += ev.refs[-2:]
                        ev.dedupe_sets.append(list(ev.planned_refs))
            wrap = when + timedelta(hours=rnd.choice([1, 2, 3]), minutes=rnd.randrange(0, 40))
            if wrap < DEMO_NOW and rnd.random() < 0.6:
                ref = w.segment(DEMO_USER, done, wrap, None, people)
                ev.refs.append(ref)
                ev.done_refs.append(ref)
                if kind == "todo":
                    ev.completed_at = wrap
            if ev.refs:
                ds.events.append(ev)

    # --- anchors around DEMO_NOW that the RFC's example questions are about
    def at(days: int, hour: int, minute: int = 0) -> datetime:
        return (DEMO_NOW + timedelta(days=days)).replace(hour=hour, minute=minute, second=0)

    contract = Event(event_id="anchor_contract", user_id=DEMO_USER, when=at(-1, 15), title="和张总签合同",
                     kind="event", importance=0.92)
    ref = w.segment(DEMO_USER, "明天下午三点和张总签合同", at(-2, 21, 10), 0.92, ["张总"])
    sid = w.assistant_session(DEMO_USER, at(-2, 21, 14))
    contract.refs += [ref, w.say(DEMO_USER, sid, "user", "帮我记一下，明天下午3点和张总签合同", at(-2, 21, 14)),
                      w.say(DEMO_USER, sid, "assistant", "好的，已帮你记下：明天下午3点和张总签合同。",
                          at(-2, 21, 14) + timedelta(seconds=20))]
    contract.planned_refs = list(contract.refs)
    contract.dedupe_sets.append(list(contract.planned_refs))
    contract.done_refs.append(w.segment(DEMO_USER, "和张总签了合同，条款都确认了", at(-1, 17, 20), 0.9, ["张总"]))
    contract.refs += contract.done_refs
    report = Event(event_id="anchor_report", user_id=DEMO_USER, when=at(1, 18), title="交季度报告", kind="todo",
                   importance=0.9)
    report.refs.append(w.segment(DEMO_USER, "这周五晚上6点之前要交季度报告", at(-3, 9, 5), 0.9))
    report.planned_refs = list(report.refs)
    weekly = Event(event_id="anchor_meinput_weekly", user_id=DEMO_USER, when=at(1, 0), title="MeInput 周报发给陈总监",
                   kind="todo", importance=0.75, grain="day")
    weekly.refs.append(w.segment(DEMO_USER, "MeInput 周报这周五之前发给陈总监", at(-1, 21, 30), None, ["陈总监"]))
    weekly.planned_refs = list(weekly.refs)
    release = Event(event_id="anchor_release", user_id=DEMO_USER, when=at(-1, 20), title="MeInput 新版本上线",
                    kind="event", importance=0.9)
    release.planned_refs.append(w.segment(DEMO_USER, "今天晚上8点 MeInput 新版本上线", at(-1, 8, 10), 0.9))
    release.done_refs.append(w.segment(DEMO_USER, "MeInput 新版本上线了，暂时没有问题", at(-1, 22, 5), None))
    release.refs = release.planned_refs + release.done_refs
    ds.events += [contract, report, weekly, release]

    # --- decisions and commitments, typed and sometimes remembered by Memory V2
    for i, (text, kind, imp) in enumerate(DECISIONS):
        at = start + timedelta(days=4 + i * 5, hours=rnd.choice([11, 15, 21]), minutes=rnd.randrange(60))
        ref = w.segment(DEMO_USER, text, at, imp)
        ev = Event(event_id=f"dec_{i}", user_id=DEMO_USER, when=at, title=text, kind=kind, importance=imp, refs=[ref])
        mid = w.id("mem_")
        ds.memories.append({"memory_id": mid, "user_id": DEMO_USER, "kind": kind, "content": text,
                            "created_at": (at + timedelta(hours=1)).isoformat(), "event_time": None,
                            "importance": imp})
        ev.refs.append(f"memory_v2:memory:{mid}")
        ds.events.append(ev)

    # --- noise: chit-chat segments and topic chat sessions
    for _ in range(90):
        at = start + timedelta(days=rnd.randrange(DAYS_BACK), hours=rnd.randrange(7, 24), minutes=rnd.randrange(60))
        w.segment(DEMO_USER, rnd.choice(NOISE_SEGMENTS), at, round(rnd.uniform(0.05, 0.3), 2))
    for _ in range(44):
        created = start + timedelta(days=rnd.randrange(DAYS_BACK), hours=rnd.randrange(8, 23), minutes=rnd.randrange(60))
        turns = rnd.choice(CHAT_TOPICS)
        repeats = rnd.choice([1, 2, 2, 3])
        sid = w.session(DEMO_USER, turns[0][1][:12], created, created + timedelta(minutes=3 * len(turns) * repeats))
        at = created
        for _r in range(repeats):
            for role, text in turns:
                w.say(DEMO_USER, sid, role, text, at)
                at += timedelta(minutes=rnd.randrange(1, 4))
    # a session that began last week and went on today
    long_sid = w.session(DEMO_USER, "长期项目讨论", DEMO_NOW - timedelta(days=8), DEMO_NOW - timedelta(minutes=30))
    for d, text in [(8, "我们开始规划 MeInput 的新功能吧"), (5, "先做语音输入的降噪"), (0, "降噪方案今天定下来了，用端侧模型")]:
        w.say(DEMO_USER, long_sid, "user", text, DEMO_NOW - timedelta(days=d, hours=1))

    # --- agent runs
    for i in range(24):
        task, summary = RUN_TASKS[i % len(RUN_TASKS)]
        at = start + timedelta(days=rnd.randrange(DAYS_BACK), hours=rnd.randrange(9, 22), minutes=rnd.randrange(60))
        status = rnd.choice(["succeeded"] * 5 + ["failed", "cancelled"])
        run_id = w.id("r_")
        ds.events.append(Event(event_id=f"run_{run_id}", user_id=DEMO_USER, when=at, title=task, kind="event",
                               importance=0.5, refs=[f"chat:run:{run_id}"], done_refs=[f"chat:run:{run_id}"]))
        ds.runs.append({"run_id": run_id, "user_id": DEMO_USER, "session_id": rnd.choice(ds.sessions)["session_id"],
                        "task": task, "status": status, "started_at": at.isoformat(),
                        "finished_at": (at + timedelta(minutes=rnd.randrange(1, 20))).isoformat(),
                        "summary": summary if status == "succeeded" else None})

    # --- the other user: look-alike records that must never leak
    for day in range(0, DAYS_BACK, 2):
        at = start + timedelta(days=day, hours=20, minutes=rnd.randrange(60))
        w.segment(OTHER_USER, "明天下午三点和张总签合同", at, 0.9, ["张总"])
        w.segment(OTHER_USER, rnd.choice(NOISE_SEGMENTS), at + timedelta(minutes=5), 0.1)
    for i in range(6):
        created = start + timedelta(days=3 + i * 4, hours=21)
        sid = w.session(OTHER_USER, "别人的会话", created, created + timedelta(minutes=10))
        w.say(OTHER_USER, sid, "user", "帮我记一下，明天上午10点开项目周会", created)
        w.say(OTHER_USER, sid, "assistant", "好的，已帮你记下：明天上午10点开项目周会。", created + timedelta(seconds=20))
    ds.runs.append({"run_id": w.id("r_"), "user_id": OTHER_USER, "session_id": ds.sessions[-1]["session_id"],
                    "task": "整理合同条款", "status": "succeeded", "started_at": (start + timedelta(days=10)).isoformat(),
                    "finished_at": (start + timedelta(days=10, minutes=5)).isoformat(), "summary": "已整理"})
    add_hazards(w)
    retell_recipes(w)
    write_some_times_in_utc(w)
    w.fit_sessions()
    ds.calendars = calendar_feeds(contract)
    return ds
