"""The hazards of real data, many times over: a seeded pass over the recipe events of dataset.py.

Some events are asked about again in chat on the day, in other words and with content of their
own (the assistant's answer dates them 「8月27日（周四）15:00」 and lists tips): with the note
typed days before they name one time, so they are one item. Some are moved to a later day and
happen only then; some are called off and have no time any more. Records are only added, so the
easy part keeps its texts and ids; the ground truth of the events touched is updated.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from app.emulator.records import DEMO_NOW, DEMO_USER, WEEKDAY, Event, Writer, clock_phrase, day_phrase

# recipe key → (how the user names it in passing, a question on the day ({clock}: its time), the answer)
RETOLD = {
    "contract": ("跟张总签约", "{clock}跟张总签约，合同要打印几份？公章要不要提前申请？",
                 "签约前要准备：1）合同一式两份，骑缝章提前盖好；2）用印走审批，至少留半天；3）带上授权委托书。"),
    "weekly": ("项目周会", "{clock}的项目周会轮到我讲进度，怎么讲才不啰嗦？",
               "周会可以这样讲：1）先说结论和风险；2）再讲本周完成的三件事；3）最后说需要谁支持。"),
    "review_meinput": ("语音输入方案评审", "{clock}评审 MeInput 语音输入方案，评委可能会挑哪些刺？",
                       "评审常被问到：1）识别延迟和准确率的数据从哪来；2）离线时怎么办；3）录音的隐私合规。"),
    "review_dash": ("看板评审", "{clock}数据看板评审，指标口径怎么讲清楚？",
                    "看板评审时：1）每个指标写明分子和分母；2）说明数据延迟多久；3）准备两张对比图。"),
    "report": ("季度报告", "季度报告{clock}前要交，结构怎么排比较好？",
               "之前交的季度报告可以这样排：1）业绩概览；2）重点项目；3）问题和下季度计划。"),
    "visit": ("拜访李经理", "{clock}去见李经理谈续约，他嫌价格高，我怎么回？",
              "谈续约时：1）先算清一年能省下的人力；2）给两档方案让他选；3）续约三年可以锁价。"),
    "interview": ("后端面试", "{clock}面一个后端候选人，帮我出三道不太常见的题",
                  "面试可以问：1）设计一个限流器；2）慢查询怎么排查；3）讲一次线上事故的复盘。"),
    "checkup": ("体检", "{clock}体检，要空腹吗？能喝水吗？",
                "体检前：1）空腹，前一晚八点后别吃东西；2）早上可以喝一小口水；3）带上身份证。"),
    "pta": ("家长会", "{clock}开家长会，要不要单独找班主任聊孩子上课走神的事？",
            "家长会上：1）会后再单独找老师，别占大家时间；2）先问孩子在校的表现；3）约好以后怎么沟通。"),
    "birthday": ("妈妈的生日饭", "{clock}给我妈过生日，除了蛋糕还能准备点什么？",
                 "给妈妈过生日可以：1）做一本全家福相册；2）买她念叨过的按摩仪；3）提前订个包间。"),
    "quote": ("给王总的报价单", "报价单{clock}前要发给王总，20万的预算怎么拆成几项比较好看？",
              "之前发给王总的报价可以拆成：1）软件许可；2）实施服务；3）一年运维，总价控制在 20 万以内。"),
    "release": ("新版本上线", "{clock}上线新版本，回滚方案要准备到什么程度？",
                "上线前：1）旧包保留，可以一键回滚；2）灰度先放一成用户；3）值班排到凌晨。"),
    "dinner": ("跟老王的饭", "{clock}约了老王吃饭，附近有什么安静点的馆子？",
               "吃饭可以：1）找有包间的粤菜馆；2）提前订位；3）避开商场顶楼，人多。"),
    "weekly_report": ("给陈总监的周报", "周报{clock}前要发给陈总监，这周没什么亮点怎么写？",
                      "之前发的周报可以：1）写清完成了什么；2）列出风险和需要的支持；3）下周计划具体到人。"),
    "dentist": ("看牙", "{clock}去看牙，智齿要不要拔？拔完能上班吗？",
                "看牙时：1）先拍片看智齿的位置；2）拔完当天别吃硬的；3）一般第二天就能上班。"),
    "trip": ("上海出差", "{clock}出发去上海，带电脑还是平板就够了？",
             "出差前：1）要改代码就带电脑；2）充电器和转换头别忘；3）车上可以把材料再过一遍。"),
}
_MOVE_VERBS = ["改到", "挪到", "推迟到", "往后挪到"]
_REASONS = ["", "，对方临时有事", "，时间冲突了", "，那天会议室订不到"]


def _key(ev: Event) -> str:
    return ev.event_id.split("_", 2)[2]  # ev_<day>_<recipe key>


def _clock(t: datetime, rnd: random.Random) -> str:
    """How a question on the day names the time: 15:00, 下午3点, 下午三点."""
    return rnd.choice([f"{t.hour}:{t.minute:02d}", clock_phrase(t, True), clock_phrase(t, False)])


def _between(a: datetime, b: datetime, rnd: random.Random) -> datetime:
    """A minute between a and b (a < b), away from both ends."""
    return (a + (b - a) * rnd.uniform(0.3, 0.8)).replace(second=0, microsecond=0)


def retell_recipes(w: Writer) -> None:
    rnd = w.rnd
    observed = {f"meinput:segment:{s['evidence_id']}": datetime.fromisoformat(s["observed_at"]) for s in w.ds.segments}
    observed |= {f"chat:message:{m['message_id']}": datetime.fromisoformat(m["created_at"]) for m in w.ds.messages}
    plans = [e for e in w.ds.events if e.event_id.startswith("ev_") and e.kind == "event" and not e.done_refs
             and e.planned_refs and DEMO_NOW - timedelta(days=21) <= e.when <= DEMO_NOW + timedelta(days=8)]
    for i, ev in enumerate(rnd.sample(plans, 6)):
        at = _between(max(observed[r] for r in ev.planned_refs), min(ev.when, DEMO_NOW), rnd)
        short = RETOLD[_key(ev)][0]
        ev.superseded.append(ev.when)
        if i < 3:  # moved to a later day: it happens only there
            new = (ev.when + timedelta(days=rnd.choice([1, 2]))).replace(hour=rnd.choice([9, 10, 14, 15, 16]),
                                                                           minute=rnd.choice([0, 30]))
            text = (f"{short}{rnd.choice(_MOVE_VERBS)}{day_phrase(new, at, rnd)}{clock_phrase(new, rnd.random() < 0.5)}"
                    f"{rnd.choice(_REASONS)}")
            ev.when, ev.status = new, "moved"
        else:  # called off: no time any more
            text = rnd.choice([f"{short}取消了", f"{short}临时取消了，改天再约", f"{short}泡汤了{rnd.choice(_REASONS[1:])}"])
            ev.when, ev.status = None, "cancelled"
        ref = w.segment(DEMO_USER, text, at, None)
        ev.refs.append(ref)
        ev.change_refs.append(ref)

    # asked about again on the day, in other words: one time named by the note and both turns
    for ev in w.ds.events:
        if not ev.event_id.startswith("ev_") or ev.status or not ev.planned_refs or rnd.random() >= 0.35:
            continue
        morning = ev.when.replace(hour=7, minute=0)
        asked = (morning + (ev.when - morning) * rnd.uniform(0.2, 0.8)).replace(second=0, microsecond=0)
        if asked >= DEMO_NOW or asked <= max(observed[r] for r in ev.planned_refs):
            continue
        _short, question, answer = RETOLD[_key(ev)]
        label = f"{ev.when.month}月{ev.when.day}日（{rnd.choice(['周', '星期'])}{WEEKDAY[ev.when.weekday()]}）{ev.when:%H:%M}"
        sid = w.assistant_session(DEMO_USER, asked)
        turns = [w.say(DEMO_USER, sid, "user", question.format(clock=_clock(ev.when, rnd)), asked),
                 w.say(DEMO_USER, sid, "assistant", f"{rnd.choice(['好的，', ''])}{label} {answer}",
                       asked + timedelta(seconds=rnd.randrange(30, 90)))]
        ev.refs += turns
        ev.planned_refs += turns
        ev.dedupe_sets = [list(ev.planned_refs)]
