"""Cheap Router over 60+ queries at a pinned `now` (Thu 2026-09-03 10:00 +08:00).

Row: query | temporal_mode | mention_range | event_range | top source | temporal_recall need.
Ranges are `start~end` in Asia/Shanghai, `-` for none. Five RFC §14 cases are included.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import msgspec
import pytest

from app.contracts import ContextPlan, TimeRange
from app.planner import plan_query, recorded_in

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 9, 3, 10, 0, tzinfo=TZ)
LAST_30_DAYS = "2026-08-04 10:00~2026-09-03 10:00"
NEXT_30_DAYS = "2026-09-03 10:00~2026-10-03 10:00"
OPEN_30_DAYS = "2026-08-04 10:00~2026-10-03 10:00"  # overdue or due: both ways

TABLE = f"""
我昨天有什么重要的事？ | AMBIGUOUS | 2026-09-02 00:00~2026-09-03 00:00 | 2026-09-02 00:00~2026-09-03 00:00 | chat | REQUIRED
我这周输入过什么关于 MeInput 的？ | MENTIONED_IN | 2026-08-31 00:00~2026-09-07 00:00 | - | meinput | REQUIRED
这周五之前要交什么？ | DUE_IN | - | 2026-09-03 10:00~2026-09-05 00:00 | chat | REQUIRED
我昨天做了什么？ | OCCURRED_IN | - | 2026-09-02 00:00~2026-09-03 00:00 | chat | REQUIRED
我昨天说过要做什么？ | MENTIONED_IN | 2026-09-02 00:00~2026-09-03 00:00 | - | chat | REQUIRED
我今天有什么安排？ | PLANNED_IN | - | 2026-09-03 00:00~2026-09-04 00:00 | calendar | REQUIRED
我上周定了哪些事？ | CREATED_IN | 2026-08-24 00:00~2026-08-31 00:00 | - | chat | REQUIRED
合同的事进展到哪了 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | REQUIRED
我昨天说过明天要做什么 | MENTIONED_IN | 2026-09-02 00:00~2026-09-03 00:00 | 2026-09-04 00:00~2026-09-05 00:00 | chat | REQUIRED
上周跟你聊过的那个方案 | MENTIONED_IN | 2026-08-24 00:00~2026-08-31 00:00 | - | chat | REQUIRED
我前天问过你什么 | MENTIONED_IN | 2026-09-01 00:00~2026-09-02 00:00 | - | chat | REQUIRED
刚才我说了什么 | MENTIONED_IN | 2026-09-03 09:00~2026-09-03 10:00 | - | chat | REQUIRED
我上个月和张总聊了什么 | MENTIONED_IN | 2026-08-01 00:00~2026-09-01 00:00 | - | chat | REQUIRED
最近三天我记过什么笔记 | MENTIONED_IN | 2026-09-01 00:00~2026-09-04 00:00 | - | meinput | REQUIRED
这周我写过哪些想法 | MENTIONED_IN | 2026-08-31 00:00~2026-09-07 00:00 | - | meinput | REQUIRED
昨天的原话是怎么说的 | MENTIONED_IN | 2026-09-02 00:00~2026-09-03 00:00 | - | meinput | REQUIRED
明天有什么会议 | PLANNED_IN | - | 2026-09-04 00:00~2026-09-05 00:00 | calendar | REQUIRED
下周一的行程 | PLANNED_IN | - | 2026-09-07 00:00~2026-09-08 00:00 | calendar | REQUIRED
下周的日程 | PLANNED_IN | - | 2026-09-07 00:00~2026-09-14 00:00 | calendar | REQUIRED
国庆有什么安排 | PLANNED_IN | - | 2026-10-01 00:00~2026-10-02 00:00 | calendar | REQUIRED
周末有什么计划 | PLANNED_IN | - | 2026-09-05 00:00~2026-09-07 00:00 | chat | REQUIRED
明天下午有什么事 | PLANNED_IN | - | 2026-09-04 12:00~2026-09-04 18:00 | chat | REQUIRED
下周要交的报告 | DUE_IN | - | 2026-09-07 00:00~2026-09-14 00:00 | chat | REQUIRED
月底之前要完成什么 | DUE_IN | - | 2026-09-03 10:00~2026-10-01 00:00 | chat | REQUIRED
哪些任务这个月到期 | DUE_IN | - | 2026-09-01 00:00~2026-10-01 00:00 | chat | REQUIRED
下周一之前截止的事 | DUE_IN | - | 2026-09-03 10:00~2026-09-08 00:00 | chat | REQUIRED
周五要交什么 | DUE_IN | - | 2026-09-04 00:00~2026-09-05 00:00 | chat | REQUIRED
上周做了哪些事 | OCCURRED_IN | - | 2026-08-24 00:00~2026-08-31 00:00 | chat | REQUIRED
昨天下午发生了什么 | OCCURRED_IN | - | 2026-09-02 12:00~2026-09-02 18:00 | chat | REQUIRED
前天晚上我干了啥 | OCCURRED_IN | - | 2026-09-01 18:00~2026-09-02 00:00 | chat | REQUIRED
8月15号那天我在干嘛 | OCCURRED_IN | - | 2026-08-15 00:00~2026-08-16 00:00 | chat | REQUIRED
后天下午我在干嘛 | PLANNED_IN | - | 2026-09-05 12:00~2026-09-05 18:00 | chat | REQUIRED
这个月我参加了哪些活动 | OCCURRED_IN | - | 2026-09-01 00:00~2026-10-01 00:00 | chat | REQUIRED
我们这周决定了什么 | CREATED_IN | 2026-08-31 00:00~2026-09-07 00:00 | - | chat | REQUIRED
上个月定下来的事有哪些 | CREATED_IN | 2026-08-01 00:00~2026-09-01 00:00 | - | chat | REQUIRED
今天记下了哪些待办 | CREATED_IN | 2026-09-03 00:00~2026-09-04 00:00 | - | meinput | REQUIRED
这周有什么需要注意的 | AMBIGUOUS | 2026-08-31 00:00~2026-09-07 00:00 | 2026-08-31 00:00~2026-09-07 00:00 | chat | REQUIRED
最近有什么要紧的事 | AMBIGUOUS | 2026-08-28 00:00~2026-09-04 00:00 | 2026-08-28 00:00~2026-09-04 00:00 | chat | REQUIRED
我这周有什么事 | AMBIGUOUS | 2026-08-31 00:00~2026-09-07 00:00 | 2026-08-31 00:00~2026-09-07 00:00 | chat | REQUIRED
我最近在忙什么 | OCCURRED_IN | - | 2026-08-28 00:00~2026-09-04 00:00 | chat | REQUIRED
过去24小时有什么关键进展 | AMBIGUOUS | 2026-09-02 10:00~2026-09-03 10:00 | 2026-09-02 10:00~2026-09-03 10:00 | chat | REQUIRED
上个月的大事 | AMBIGUOUS | 2026-08-01 00:00~2026-09-01 00:00 | 2026-08-01 00:00~2026-09-01 00:00 | chat | REQUIRED
季度报告的进度怎么样了 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | REQUIRED
那个项目最新情况 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | REQUIRED
我们上次定的架构是什么？ | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | OPTIONAL
我们对报价的结论是什么 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | OPTIONAL
你好 | AMBIGUOUS | - | - | chat | SKIP
帮我写一首关于秋天的诗 | AMBIGUOUS | - | - | chat | SKIP
解释一下快速排序的时间复杂度 | AMBIGUOUS | - | - | chat | SKIP
今天天气怎么样 | AMBIGUOUS | - | - | chat | SKIP
周杰伦有哪些好听的歌 | AMBIGUOUS | - | - | chat | SKIP
推荐一个下午茶 | AMBIGUOUS | - | - | chat | SKIP
用Python写个冒泡排序 | AMBIGUOUS | - | - | chat | SKIP
讲个笑话 | AMBIGUOUS | - | - | chat | SKIP
一年有多少个星期 | AMBIGUOUS | - | - | chat | SKIP
每天喝多少水合适 | AMBIGUOUS | - | - | chat | SKIP
今天是几号 | AMBIGUOUS | - | - | chat | SKIP
帮我写一篇春节作文 | PLANNED_IN | - | - | chat | SKIP
把这段话翻译成英文 | AMBIGUOUS | - | - | chat | SKIP
多长时间能学会游泳 | AMBIGUOUS | - | - | chat | SKIP
Python 的 GIL 是什么 | AMBIGUOUS | - | - | chat | SKIP
三天打鱼两天晒网是什么意思 | AMBIGUOUS | - | - | chat | SKIP
周末去哪玩比较好 | PLANNED_IN | - | - | chat | SKIP
"""

_SOURCES = ("meinput", "chat", "memory_v2", "calendar")


def _range(text: str) -> TimeRange | None:
    if text == "-":
        return None
    lo, hi = (datetime.strptime(x, "%Y-%m-%d %H:%M").replace(tzinfo=TZ) for x in text.split("~"))
    return TimeRange(start=lo, end=hi)


ROWS = [pytest.param(*[c.strip() for c in line.split("|")], id=line.split("|")[0].strip())
        for line in TABLE.strip().splitlines()]


def test_table_is_large_enough():
    assert len(ROWS) >= 60
    assert sum(1 for r in ROWS if r.values[-1] == "SKIP") >= 10


@pytest.mark.parametrize(("query", "mode", "mention", "event", "top", "need"), ROWS)
def test_plan(query, mode, mention, event, top, need):
    plan: ContextPlan = plan_query(query, now=NOW)
    assert plan.temporal_mode == mode
    assert plan.time.mention_range == _range(mention)
    assert plan.time.event_range == _range(event)
    weights = {s: getattr(plan.sources, s) for s in _SOURCES}
    assert max(weights, key=weights.get) == top
    assert sorted(weights.values()).count(weights[top]) == 1, f"tied top source: {weights}"
    assert plan.context_needs.temporal_recall == need
    if need == "REQUIRED":
        assert all(w > 0 for w in weights.values()), "wide recall: every source keeps a weight"


MORE = f"""
上周我都干嘛了 | OCCURRED_IN | - | 2026-08-24 00:00~2026-08-31 00:00 | chat | REQUIRED
今天几点开会 | PLANNED_IN | - | 2026-09-03 00:00~2026-09-04 00:00 | calendar | REQUIRED
昨天我答应了谁什么事 | CREATED_IN | 2026-09-02 00:00~2026-09-03 00:00 | - | chat | REQUIRED
记得我上周说的那个bug吗 | MENTIONED_IN | 2026-08-24 00:00~2026-08-31 00:00 | - | chat | REQUIRED
我明天下午有空吗 | PLANNED_IN | - | 2026-09-04 12:00~2026-09-04 18:00 | chat | REQUIRED
你说的对 | AMBIGUOUS | - | - | chat | SKIP
上周和张总讨论了什么 | MENTIONED_IN | 2026-08-24 00:00~2026-08-31 00:00 | - | chat | REQUIRED
明天要讨论什么 | PLANNED_IN | - | 2026-09-04 00:00~2026-09-05 00:00 | chat | REQUIRED
上周你推荐的那本书叫什么 | MENTIONED_IN | 2026-08-24 00:00~2026-08-31 00:00 | - | chat | REQUIRED
昨天天气怎么样 | AMBIGUOUS | - | - | chat | SKIP
有什么没做完的 | DUE_IN | - | {OPEN_30_DAYS} | chat | REQUIRED
我有什么要交的 | DUE_IN | - | {OPEN_30_DAYS} | chat | REQUIRED
我有什么安排 | PLANNED_IN | - | {NEXT_30_DAYS} | calendar | REQUIRED
接下来要做什么 | PLANNED_IN | - | {NEXT_30_DAYS} | chat | REQUIRED
接下来要干嘛？ | PLANNED_IN | - | {NEXT_30_DAYS} | chat | REQUIRED
我还有哪些事情要做 | PLANNED_IN | - | {NEXT_30_DAYS} | chat | REQUIRED
还有哪些待办 | PLANNED_IN | - | {OPEN_30_DAYS} | chat | REQUIRED
合同什么时候签 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | REQUIRED
怎么安排时间比较好 | PLANNED_IN | - | - | calendar | SKIP
高考什么时候考 | AMBIGUOUS | - | - | chat | SKIP
待会儿要干嘛 | PLANNED_IN | - | 2026-09-03 10:00~2026-09-04 00:00 | chat | REQUIRED
一会儿几点开会 | PLANNED_IN | - | 2026-09-03 10:00~2026-09-04 00:00 | calendar | REQUIRED
我该干嘛了 | PLANNED_IN | - | 2026-09-03 10:00~2026-09-04 00:00 | chat | REQUIRED
还有什么会 | PLANNED_IN | - | {NEXT_30_DAYS} | chat | REQUIRED
我什么时候要去北京 | PLANNED_IN | - | {NEXT_30_DAYS} | chat | REQUIRED
我有没有忘记什么事 | DUE_IN | - | {OPEN_30_DAYS} | chat | REQUIRED
有什么事情我还没回复 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | REQUIRED
谁找过我 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | REQUIRED
我跟老婆约好的事是什么 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | REQUIRED
我定过哪些计划 | CREATED_IN | {LAST_30_DAYS} | - | chat | OPTIONAL
孩子该做什么运动 | AMBIGUOUS | - | - | chat | SKIP
你还没回答我的问题 | AMBIGUOUS | - | - | chat | SKIP
我妈下周几复查 | PLANNED_IN | - | 2026-09-07 00:00~2026-09-14 00:00 | chat | REQUIRED
国庆假期要去哪玩定了吗 | AMBIGUOUS | 2026-10-01 00:00~2026-10-02 00:00 | 2026-10-01 00:00~2026-10-02 00:00 | chat | REQUIRED
你之前建议我怎么跟房东谈来着 | MENTIONED_IN | {LAST_30_DAYS} | - | chat | REQUIRED
你有没有提醒过我交物业费 | MENTIONED_IN | {LAST_30_DAYS} | - | chat | REQUIRED
年后第一周有什么安排 | PLANNED_IN | - | {NEXT_30_DAYS} | calendar | REQUIRED
我有啥事没干完 | DUE_IN | - | {OPEN_30_DAYS} | chat | REQUIRED
周会纪要发出去没 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | REQUIRED
那个PPT我发给王总没有 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | REQUIRED
儿子期中考试哪天 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | REQUIRED
体温37点5度是哪天量的 | AMBIGUOUS | {LAST_30_DAYS} | {LAST_30_DAYS} | chat | REQUIRED
三天内要回复的邮件有哪些 | PLANNED_IN | - | 2026-09-03 00:00~2026-09-06 00:00 | chat | REQUIRED
下周一有什么会 | PLANNED_IN | - | 2026-09-07 00:00~2026-09-08 00:00 | chat | REQUIRED
国庆前后有什么安排 | PLANNED_IN | - | 2026-10-01 00:00~2026-10-02 00:00 | calendar | REQUIRED
中秋节为什么要吃月饼 | PLANNED_IN | - | - | chat | SKIP
明天是感恩节吗 | PLANNED_IN | - | - | chat | SKIP
上周五美股为什么大跌 | AMBIGUOUS | - | - | chat | SKIP
如何在一个月内减肥10斤 | AMBIGUOUS | - | - | chat | SKIP
最近有什么好看的电影 | AMBIGUOUS | - | - | chat | SKIP
你说我该不该辞职 | AMBIGUOUS | - | - | chat | SKIP
帮我写一段微信问客户合同签了没 | AMBIGUOUS | - | - | chat | SKIP
我们上周制定的方案是什么 | AMBIGUOUS | 2026-08-24 00:00~2026-08-31 00:00 | 2026-08-24 00:00~2026-08-31 00:00 | chat | REQUIRED
失眠的时候我该做什么 | AMBIGUOUS | - | - | chat | SKIP
现在几号了 | AMBIGUOUS | - | - | chat | SKIP
这张卡还有哪些会员权益 | AMBIGUOUS | - | - | chat | SKIP
昨天有什么会 | OCCURRED_IN | - | 2026-09-02 00:00~2026-09-03 00:00 | chat | REQUIRED
这周过得怎么样 | AMBIGUOUS | 2026-08-31 00:00~2026-09-07 00:00 | 2026-08-31 00:00~2026-09-07 00:00 | chat | REQUIRED
这周组会那边有什么变动？ | AMBIGUOUS | 2026-08-31 00:00~2026-09-07 00:00 | 2026-08-31 00:00~2026-09-07 00:00 | chat | REQUIRED
下周有哪些事要搞定？ | DUE_IN | - | 2026-09-07 00:00~2026-09-14 00:00 | chat | REQUIRED
有没有逾期的事 | DUE_IN | - | {LAST_30_DAYS} | chat | REQUIRED
本周还有哪些待办没完成 | DUE_IN | - | 2026-08-31 00:00~2026-09-07 00:00 | chat | REQUIRED
和恒通谈得怎么样 | AMBIGUOUS | 2026-08-04 10:00~2026-09-03 10:00 | 2026-08-04 10:00~2026-09-03 10:00 | chat | REQUIRED
恒通的事有消息吗 | AMBIGUOUS | 2026-08-04 10:00~2026-09-03 10:00 | 2026-08-04 10:00~2026-09-03 10:00 | chat | REQUIRED
周一我说过要做什么 | MENTIONED_IN | 2026-08-31 00:00~2026-09-01 00:00 | - | chat | REQUIRED
周一（8月31号）我都说了什么 | MENTIONED_IN | 2026-08-31 00:00~2026-09-01 00:00 | - | chat | REQUIRED
昨天说过上周五要做什么 | MENTIONED_IN | 2026-09-02 00:00~2026-09-03 00:00 | 2026-08-28 00:00~2026-08-29 00:00 | chat | REQUIRED
我说过明天要干嘛来着 | MENTIONED_IN | 2026-08-04 10:00~2026-09-03 10:00 | 2026-09-04 00:00~2026-09-05 00:00 | chat | REQUIRED
下周的安排我上周提过吗 | MENTIONED_IN | 2026-08-24 00:00~2026-08-31 00:00 | 2026-09-07 00:00~2026-09-14 00:00 | calendar | REQUIRED
周一的会开得怎么样 | AMBIGUOUS | 2026-08-31 00:00~2026-09-01 00:00 | 2026-08-31 00:00~2026-09-01 00:00 | chat | REQUIRED
我今天加了哪些待办 | CREATED_IN | 2026-09-03 00:00~2026-09-04 00:00 | - | chat | REQUIRED
帮我写一份上周的周报 | AMBIGUOUS | 2026-08-24 00:00~2026-08-31 00:00 | 2026-08-24 00:00~2026-08-31 00:00 | chat | REQUIRED
把我昨天说的话翻译成英文 | MENTIONED_IN | 2026-09-02 00:00~2026-09-03 00:00 | - | chat | REQUIRED
明天是什么节日 | PLANNED_IN | - | - | chat | SKIP
距离元旦还有几天 | PLANNED_IN | - | - | chat | SKIP
你觉得怎么样 | AMBIGUOUS | - | - | chat | SKIP
要交朋友吗 | DUE_IN | - | - | chat | SKIP
昨天看的是什么节目 | AMBIGUOUS | 2026-09-02 00:00~2026-09-03 00:00 | 2026-09-02 00:00~2026-09-03 00:00 | chat | REQUIRED
苹果新手机有消息吗 | AMBIGUOUS | - | - | chat | SKIP
帮我翻译一下人民日报今天的社论 | AMBIGUOUS | - | - | chat | SKIP
昨天几点睡的 | OCCURRED_IN | - | 2026-09-02 00:00~2026-09-03 00:00 | chat | REQUIRED
上周末去哪玩了 | AMBIGUOUS | 2026-08-29 00:00~2026-08-31 00:00 | 2026-08-29 00:00~2026-08-31 00:00 | chat | REQUIRED
上周翻译的那份合同发出去了吗 | AMBIGUOUS | 2026-08-24 00:00~2026-08-31 00:00 | 2026-08-24 00:00~2026-08-31 00:00 | chat | REQUIRED
合同到底签没签 | AMBIGUOUS | 2026-08-04 10:00~2026-09-03 10:00 | 2026-08-04 10:00~2026-09-03 10:00 | chat | REQUIRED
体检报告出来没 | AMBIGUOUS | 2026-08-04 10:00~2026-09-03 10:00 | 2026-08-04 10:00~2026-09-03 10:00 | chat | REQUIRED
跟装修公司谈得咋样 | AMBIGUOUS | 2026-08-04 10:00~2026-09-03 10:00 | 2026-08-04 10:00~2026-09-03 10:00 | chat | REQUIRED
明天得交什么 | DUE_IN | - | 2026-09-04 00:00~2026-09-05 00:00 | chat | REQUIRED
今天要干啥 | PLANNED_IN | - | 2026-09-03 00:00~2026-09-04 00:00 | chat | REQUIRED
昨晚跟老婆聊的那个旅行计划是去哪 | MENTIONED_IN | 2026-09-02 18:00~2026-09-03 00:00 | - | chat | REQUIRED
早上空腹喝咖啡好吗 | AMBIGUOUS | - | - | chat | SKIP
离春节还有多少天 | PLANNED_IN | - | - | chat | SKIP
中秋节为什么吃月饼 | PLANNED_IN | - | - | chat | SKIP
明天要降温吗 | PLANNED_IN | - | - | chat | SKIP
帮我写个通知：请大家周五之前提交报销单 | DUE_IN | - | - | chat | SKIP
周末带孩子去哪儿玩比较好 | PLANNED_IN | - | - | chat | SKIP
"""

MORE_ROWS = [pytest.param(*[c.strip() for c in line.split("|")], id=line.split("|")[0].strip())
             for line in MORE.strip().splitlines()]


@pytest.mark.parametrize(("query", "mode", "mention", "event", "top", "need"), MORE_ROWS)
def test_colloquial_plan(query, mode, mention, event, top, need):
    test_plan(query, mode, mention, event, top, need)


# Topics are what the user asks about; fillers and pointers back (那件事, 来着, 谈了) are not.
# A junk topic would cost every item lacking it most of its semantic_match and hide it.
TOPICS = """
我这周输入过什么关于 MeInput 的？ | MeInput
周末我说要做什么来着 | -
前几天说的那件事 | -
这两天我答应了别人什么 | -
我今天要做哪几件事 | -
帮我回忆一下上周发生了什么 | -
我这周有没有漏掉什么待办 | -
我这个月有哪些重要的截止日期 | -
上周和张总谈了什么 | 张总
昨天跟老王约了几点 | 老王
周三之前把报告发给谁来着 | 报告
去上海出差的事怎么样了 | 上海,出差
成都那边有消息吗 | 成都
同事聚餐是哪天 | 同事,聚餐
我对什么过敏来着 | 过敏
跟装修有关的我都记了啥 | 装修
后天上午有空吗 | -
我上次说的那个方案后来怎么样了 | 方案
下周三之前我得交什么材料 | -
我前天是不是说过要去医院 | 医院
周五之前还有什么活儿要干完？ | -
这周都忙了些什么 | -
"""


@pytest.mark.parametrize(("query", "topics"), [pytest.param(*[c.strip() for c in line.split("|")], id=line.split("|")[0])
                                               for line in TOPICS.strip().splitlines()])
def test_topics(query, topics):
    assert list(plan_query(query, now=NOW).topics) == ([] if topics == "-" else topics.split(","))


# Questions as people ask them (issue: a router that reads source, status and meta-requests).
QUESTIONS = [
    # query, mode (None: any), temporal_recall, topics, the source weighed up (or None)
    ("“明天见”用英语怎么说？", None, "SKIP", None, None),
    ("把‘下周一’翻译成日语", None, "SKIP", None, None),
    ("我前天跟助手聊了些什么？", "MENTIONED_IN", "REQUIRED", [], "chat"),
    ("我用 MeInput 记过哪些东西？", "MENTIONED_IN", "REQUIRED", [], "meinput"),
    ("昨天晚上我记了些什么？", "MENTIONED_IN", "REQUIRED", [], "meinput"),
    ("妈妈生日的事都准备好了吗？", "AMBIGUOUS", "REQUIRED", ["妈妈", "生日"], None),
    ("周报写了没", "AMBIGUOUS", "REQUIRED", ["周报"], None),
    ("上次说的那个bug修了吗", None, "REQUIRED", ["bug"], None),
    ("下週三之前要交什麼", "DUE_IN", "REQUIRED", [], None),
    ("上週說過什麼", "MENTIONED_IN", "REQUIRED", [], None),
    ("你吃了吗", None, "SKIP", None, None),
    ("下周一之前得搞定哪些事？", "DUE_IN", "REQUIRED", [], None),
    ("这个月我说起过老妈的哪些事？", "MENTIONED_IN", "REQUIRED", ["妈妈"], None),
    # the verb's 过 is not read into the name after it (过程 of 说起过程野)
    ("这个月我说起过程野的哪些事？", "MENTIONED_IN", "REQUIRED", ["程野"], None),
    ("我提过程序优化的事吗", None, "REQUIRED", ["优化", "程序"], None),
    # after a thing is when it was, no word of the topic; a cue starting inside a word (讲过 of 演讲|过后) cuts nothing
    ("演讲过后张总说了什么", "MENTIONED_IN", "REQUIRED", ["演讲", "张总"], None),
    ("上周团建之后小林提过什么", "MENTIONED_IN", "REQUIRED", ["团建", "小林"], None),
    ("会后张总说了什么", "MENTIONED_IN", "REQUIRED", ["张总"], None),  # after the meeting: when, not what
    ("饭后散步了吗", "AMBIGUOUS", "REQUIRED", ["散步"], None),
    # where or when a thing of one's own was settled
    ("许诺他们的婚礼定在哪了？", "AMBIGUOUS", "REQUIRED", ["许诺", "婚礼"], None),
    ("下次团建定在哪天了", "AMBIGUOUS", "REQUIRED", ["团建"], None),
    ("婚礼一般定在哪里比较好？", None, "SKIP", None, None),
    # when someone one knows comes or goes is the user's affair; a train's or a typhoon's timetable is not
    ("阿豪什么时候到广州？", "AMBIGUOUS", "REQUIRED", ["阿豪", "广州"], None),
    ("我弟哪天到广州？", "AMBIGUOUS", "REQUIRED", ["广州"], None),
    ("林晓哪天去成都？", "AMBIGUOUS", "REQUIRED", ["林晓", "成都"], None),
    ("高铁什么时候到广州？", None, "SKIP", None, None),
    ("台风什么时候到广州？", None, "SKIP", None, None),
    ("周杰伦什么时候来广州开演唱会？", None, "SKIP", None, None),  # a name the dictionary holds: a star's
    ("阿里的包裹什么时候到广州？", None, "SKIP", None, None),
    # which plans moved or were called off: the change is asked of the records' lifecycle, no topic
    ("最近哪些会延后了", "AMBIGUOUS", "REQUIRED", [], None),
    ("哪些安排改过时间或者取消了？", "AMBIGUOUS", "REQUIRED", [], None),
    ("有没有物业的事改期了？", "AMBIGUOUS", "REQUIRED", ["物业"], None),
    ("活动取消了怎么退款？", None, "SKIP", None, None),
    ("航班为什么会取消？", None, "SKIP", None, None),
    ("比赛有没有可能会延期？", None, "SKIP", None, None),
    ("哪些安排改过时间？", "AMBIGUOUS", "REQUIRED", [], None),
    ("哪些挪威的行程取消了？", "AMBIGUOUS", "REQUIRED", ["挪威"], None),
    ("有哪些安排被改期或者取消了？", "AMBIGUOUS", "REQUIRED", [], None),  # every change word of it, no topic
    # what upset one's plans, the weather too: still one's own affairs
    ("台风都影响了哪些安排？", "AMBIGUOUS", "REQUIRED", ["台风"], None),
    ("台风影响了哪些航班？", None, "SKIP", None, None),
    # an adverb or a verb with its result is no topic (a junk topic hides every item)
    ("有哪些已经过期还没办的？", "DUE_IN", "REQUIRED", [], None),
    ("还有哪些过期没办的？", "DUE_IN", "REQUIRED", [], None),  # 没办: not done (not 没办法)
    ("没办签证能去日本吗？", None, "SKIP", None, None),
    ("我说过哪些跟演出有关的？", "MENTIONED_IN", "REQUIRED", ["演出"], None),  # 演出 is a thing of its own
    ("台风会影响哪些活动？", None, "SKIP", None, None),  # not said done: a question about the weather
    ("受台风影响，深圳有哪些活动取消了？", None, "SKIP", None, None),  # a city's 活动, not one's own plans
    ("哪些安排变更了？", "AMBIGUOUS", "REQUIRED", [], None),
    ("周五前有哪些事得办好？", "DUE_IN", "REQUIRED", [], None),
    ("大刘那边有什么事？", "AMBIGUOUS", "REQUIRED", ["大刘"], None),  # a colleague by a 大 nickname
    ("我这周忘记了什么事？", None, "REQUIRED", [], None),
    ("这段时间老王怎么样了？", "AMBIGUOUS", "REQUIRED", ["老王"], None),
    ("今儿下午几点开会？", None, "REQUIRED", None, None),
    ("谢谢，还有什么事吗？", None, "SKIP", None, None),
    ("星星几点出来？", None, "SKIP", None, None),
    # a day word the conventions do not list is neither a time nor a topic; the question is still about
    # someone the user knows: their affairs (a child's doubled name too), the hour of a thing with them
    ("昨儿朵朵那边有啥事儿？", "AMBIGUOUS", "REQUIRED", ["朵朵"], None),
    ("端午节6月9号这天我都干了啥？", "OCCURRED_IN", "REQUIRED", [], None),  # 这天 / 当天 point at the day said
    ("劳动节当天我都干了啥？", "OCCURRED_IN", "REQUIRED", [], None),
    ("刚刚出了什么事？", None, "REQUIRED", None, None),
    ("北京出了什么事？", None, "SKIP", None, None),
    ("明朝陪老妈配药是几点？", None, "REQUIRED", ["妈妈", "配药"], None),
    ("桐桐几点放学？", "PLANNED_IN", "REQUIRED", ["桐桐", "放学"], None),
    ("天天几点起床比较好？", None, "SKIP", None, None),
    ("春晚几点开始？", None, "SKIP", None, None),
    # how much, how often, how it went, what kind: no topic (each made every item score as off-topic)
    ("昨天一天都忙活了些什么？", "OCCURRED_IN", "REQUIRED", [], None),
    ("下周的行程帮我过一遍", "PLANNED_IN", "REQUIRED", [], None),
    ("上周我办成了哪些重要的事？", "OCCURRED_IN", "REQUIRED", [], None),
    ("这个月新加了哪些要办的事？", "CREATED_IN", "REQUIRED", [], None),
    ("这周我都拿定了哪些主意？", "CREATED_IN", "REQUIRED", [], None),
    ("最近三天我说过的事里，哪些比较重要？", "MENTIONED_IN", "REQUIRED", [], None),
    ("新加坡出差的事怎么样了", "AMBIGUOUS", "REQUIRED", ["出差", "新加坡"], None),
    # up to now ends the range, and colloquial saying asks what was said: no topic of their own (each hid every item)
    ("这周到目前为止做了哪些事？", "OCCURRED_IN", "REQUIRED", [], None),
    ("这两天我都念叨过些啥？", "MENTIONED_IN", "REQUIRED", [], None),
    ("上周我嘀咕过什么来着", "MENTIONED_IN", "REQUIRED", [], None),
    ("截至目前项目进展怎么样", "AMBIGUOUS", "REQUIRED", ["项目"], None),
    ("孩子嫌我唠叨怎么办", None, "SKIP", None, None),
    ("奶奶这两天一直念叨想见孙子，周末能安排回去吗", "PLANNED_IN", "REQUIRED", None, None),
    ("昨天在聊天里都问了助手些什么？", "MENTIONED_IN", "REQUIRED", [], "chat"),
    # when one's own thing is; a holiday's day is the world's
    ("ECMO培训到底是哪天？", None, "REQUIRED", ["ECMO", "培训"], None),
    ("家长会什么时候开来着", None, "REQUIRED", None, None),
    ("中秋节是哪天？", None, "SKIP", None, None),
    ("这首歌什么时候出的", None, "SKIP", None, None),
    ("高考是哪天", None, "SKIP", None, None),
    ("国庆哪天回老家来着", None, "REQUIRED", ["回老家", "老家"], None),  # a holiday, one's own plan on it
    ("上周比较器的bug修了吗", None, "REQUIRED", ["比较器", "bug"], None),
    ("明天要忙活什么", "PLANNED_IN", "REQUIRED", [], None),
    # a day of one's own named by what happened then, and what one did, need no time word
    ("年会那天是谁喝多了？", "AMBIGUOUS", "REQUIRED", ["年会", "喝多"], None),
    ("搬家那天谁来帮忙了？", None, "REQUIRED", ["搬家", "帮忙"], None),
    ("回娘家都干了些什么？", "OCCURRED_IN", "REQUIRED", None, None),
    ("他们都做了啥", None, "SKIP", None, None),  # someone else's deeds
    ("老王干嘛了", None, "SKIP", None, None),
    ("婚礼那天要穿什么？", None, "SKIP", None, None),  # a day ahead: advice
    # a lunar day is a time the conventions do not read: neither a range nor a topic
    ("大年初二去拜年都做了啥？", "OCCURRED_IN", "REQUIRED", ["拜年"], None),
    # the hour of one's own thing, recalled with no time word: past or ahead, as told
    ("年三十的年夜饭是几点开席来着？", "AMBIGUOUS", "REQUIRED", None, None),
    # got hold of yet? asks how one's own thing stands (not whether one can: 能收到吗)
    ("返程票抢到没有？", "AMBIGUOUS", "REQUIRED", ["返程", "返程票"], None),
    ("能收到没有", None, "SKIP", None, None),
    # 给自己 says for whom, not what about; a holiday's origin is the world's
    ("上周我给自己记了哪些待办？", "CREATED_IN", "REQUIRED", [], None),
    ("这周新添了哪些要办的事？", "CREATED_IN", "REQUIRED", [], None),  # 新添 as 新加: created, no topic
    ("五一劳动节是怎么来的？", None, "SKIP", None, None),
    ("听到没有？", None, "SKIP", None, None),
]


@pytest.mark.parametrize(("query", "mode", "need", "topics", "source"), QUESTIONS)
def test_questions_as_people_ask_them(query, mode, need, topics, source):
    plan = plan_query(query, now=NOW)
    assert plan.context_needs.temporal_recall == need
    if mode is not None:
        assert plan.temporal_mode == mode
    if topics is not None:
        assert plan.topics == topics
    if source is not None:
        weights = msgspec.structs.asdict(plan.sources)
        assert weights[source] == max(weights.values()), f"{source} weighed up: {weights}"


@pytest.mark.parametrize(("query", "where"), [
    ("上周我在聊天里跟助手说过什么？", ["chat"]),
    ("前天和助手都聊过什么？", ["chat"]),
    ("我跟你说过哪些关于婆婆的事？", ["chat"]),
    ("我用 MeInput 记过哪些跟报价有关的？", ["meinput"]),
    ("上星期四我在 MeInput 裡記了啥？", ["meinput"]),
    ("昨晚我记了什么？", ["meinput"]),
    ("日历上下周有什么？", ["calendar"]),
    ("我昨天说过什么关于 MeInput 的", []),  # the product, talked about: a topic
    ("问你个事，上周我都做了啥？", []),  # asks the assistant, not about what was said to it
    ("记得我上周说的那个bug吗", []),
])
def test_where_a_question_says_its_things_were_recorded(query, where):
    assert recorded_in(query) == where


def test_a_question_naming_a_kind_keeps_it():
    plan = plan_query("这周五之前有什么会议？", now=NOW)
    assert plan.temporal_mode == "DUE_IN"
    assert {"event", "todo", "commitment"} <= {t.type for t in plan.targets}, "the meetings before Friday too"


def test_traditional_script_plans_like_simplified():
    for traditional, simple in [("下週三之前要交什麼", "下周三之前要交什么"), ("上週說過什麼", "上周说过什么")]:
        a, b = plan_query(traditional, now=NOW), plan_query(simple, now=NOW)
        assert (a.temporal_mode, a.time.event_range, a.time.mention_range) == (
            b.temporal_mode, b.time.event_range, b.time.mention_range)


def test_what_is_next_late_in_the_evening_looks_past_midnight():
    late = datetime(2026, 9, 3, 22, 30, tzinfo=TZ)
    plan = plan_query("待会儿要干嘛", now=late)
    assert plan.time.expressions == []  # 待会儿 is no time expression of time-conventions.md
    assert plan.time.event_range == TimeRange(start=late, end=datetime(2026, 9, 4, 1, 30, tzinfo=TZ))
