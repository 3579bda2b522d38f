"""The hazards of real data, added to the demo dataset with their ground truth.

Written after the easy part (dataset.py) so that part keeps its records and ids. Each story is
one event as a real user leaves it behind: told differently in each source with content of its
own (a MeInput note days before, a chat question on the day, the assistant's answer dated
「9月4日（周五）15:00」); two different events at the same time; plans later done, called off or
moved; times written in UTC (`Z`), one of them just after local midnight (the previous UTC day);
chat sessions that run over several days.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from app.emulator.records import DEMO_NOW, DEMO_USER, Event, Writer


def _at(days: int, hour: int, minute: int = 0) -> datetime:
    return (DEMO_NOW + timedelta(days=days)).replace(hour=hour, minute=minute, second=0)


def _utc(stamp: str) -> str:
    return datetime.fromisoformat(stamp).astimezone(UTC).isoformat().replace("+00:00", "Z")


class _Story:
    """One event being written: every record goes into its ground truth as it is written."""

    def __init__(self, w: Writer, key: str, when: datetime, title: str, kind: str, importance: float,
                 people: tuple[str, ...] = (), grain: str = "minute") -> None:
        self.w, self.people = w, people
        self.ev = Event(event_id=f"hz_{key}", user_id=DEMO_USER, when=when, title=title, kind=kind,
                        importance=importance, grain=grain)
        w.ds.events.append(self.ev)

    def _file(self, ref: str, role: str) -> str:
        self.ev.refs.append(ref)
        if role != "said":  # a remark about it that neither plans nor changes it
            {"plan": self.ev.planned_refs, "done": self.ev.done_refs, "change": self.ev.change_refs}[role].append(ref)
        return ref

    def note(self, text: str, at: datetime, role: str = "plan", people: tuple[str, ...] | None = None) -> str:
        """A MeInput segment (people: the names it carries as entities, the story's by default)."""
        imp = self.ev.importance if role == "plan" else None
        return self._file(self.w.segment(DEMO_USER, text, at, imp, self.people if people is None else people), role)

    def ask(self, sid: str, question: str, at: datetime, answer: str | None = None, role: str = "plan") -> list[str]:
        """The user's chat message and, when given, the assistant's reply 30-70 s later."""
        refs = [self._file(self.w.say(DEMO_USER, sid, "user", question, at), role)]
        if answer is not None:
            reply_at = at + timedelta(seconds=self.w.rnd.randrange(30, 70))
            refs.append(self._file(self.w.say(DEMO_USER, sid, "assistant", answer, reply_at), role))
        return refs

    def done(self, text: str, at: datetime) -> None:
        self.note(text, at, role="done")
        if self.ev.kind == "todo":
            self.ev.completed_at = at

    def same_time(self, *refs: str) -> None:
        """Records naming the same time of the event, whatever their words: one item."""
        self.ev.dedupe_sets.append(list(refs))

    def cancel(self, text: str, at: datetime) -> None:
        self.note(text, at, role="change")
        self.ev.superseded.append(self.ev.when)
        self.ev.when, self.ev.status = None, "cancelled"

    def move(self, to: datetime) -> None:
        self.ev.superseded.append(self.ev.when)
        self.ev.when, self.ev.status = to, "moved"


def add_hazards(w: Writer) -> None:
    rnd = w.rnd
    week = w.assistant_session  # the week's 「日常助手」 session

    # told differently in each source: a note days before, a question on the day, a dated answer with tips
    inv = _Story(w, "investor", _at(1, 15), "见投资人赵总谈融资", "event", 0.9, ("赵总",))
    fund = w.session(DEMO_USER, "融资准备", _at(-3, 20, 5), _at(0, 8, 47))
    w.say(DEMO_USER, fund, "user", "BP 里市场规模那页怎么写才不显得虚？", _at(-3, 20, 5))
    w.say(DEMO_USER, fund, "assistant", "用自下而上的算法：目标用户数 × 付费率 × 客单价，每个数都注明来源。",
          _at(-3, 20, 6))
    a = inv.note(rnd.choice(["9月4号下午三点见投资人赵总，聊下一轮融资，留存和获客成本的数得提前备好",
                             "下周五下午3点约了赵总谈融资，记得把留存曲线和获客成本做成两页"]),
                 _at(-4, 21, rnd.randrange(10, 50)))
    inv.same_time(a, *inv.ask(fund, "明天15:00跟赵总见面，他上次揪着竞品问了半天，差异化怎么讲比较稳？",
                              _at(0, 8, 45),
                              "9月4日（周五）15:00 和赵总见面，差异化可以分三点讲：1）识别在端侧完成，原始语音不出手机；"
                              "2）说完即记下，用户不用额外操作；3）先摆次月留存的数据，再讲愿景。"))

    onb = _Story(w, "onboarding", _at(-3, 10, 30), "带新同事小周过代码库", "event", 0.65, ("小周",))
    a = onb.note("下周一上午十点半带新来的小周过一遍代码库，部署流程也顺带讲了", _at(-7, 18, rnd.randrange(60)))
    onb.same_time(a, *onb.ask(week(DEMO_USER, _at(-3, 9)), "10:30要给新同事讲代码库，一个小时讲得完吗？先讲哪几块？",
                              _at(-3, 9, rnd.randrange(0, 20)),
                              "8月31日（周一）10:30 的代码库讲解，一小时可以这样排：1）目录结构和模块边界，15 分钟；"
                              "2）在本地跑起来，20 分钟；3）部署和回滚，25 分钟。"))
    onb.done("给小周讲完代码库了，他对部署那块问得最多", _at(-3, 12, rnd.randrange(60)))

    # the question names 15:50 for a 16:00 review: people round and misremember
    icons = _Story(w, "icons", _at(-8, 16), "评审新版 App 图标", "event", 0.7)
    a = icons.note("周三下午四点评审新版 App 图标，设计组出了三套方案", _at(-10, 21, rnd.randrange(60)))
    icons.same_time(a, *icons.ask(week(DEMO_USER, _at(-8, 13)), "下午3点50评审图标，三套方案怎么比才不会吵起来？",
                                  _at(-8, 13, rnd.randrange(10, 50)),
                                  "8月26日（周三）16:00 评审图标，可以先定标准再看方案：1）缩到最小还认不认得出；"
                                  "2）和品牌色是否一致；3）深色模式下的效果。"))
    icons.done("图标评审定了第二套，圆角再收一点", _at(-8, 17, rnd.randrange(20, 50)))

    # two phone calls at 15:00 with different people, asked about minutes apart: two items, never one
    li = _Story(w, "call_li", _at(-2, 15), "跟李经理通电话确认续约付款", "event", 0.8, ("李经理",))
    repair = _Story(w, "call_repair", _at(-2, 15), "给物业孙师傅回电话说漏水", "event", 0.5, ("孙师傅",))
    a = li.note("今天下午三点跟李经理通电话，确认续约的付款节点", _at(-2, 0, rnd.randrange(5, 40)))
    w.ds.segments[-1]["observed_at"] = _utc(w.ds.segments[-1]["observed_at"])  # the previous day in UTC
    asked = _at(-2, 8, rnd.randrange(15, 30))
    day = week(DEMO_USER, asked)
    repair.same_time(*repair.ask(day, "下午3点要给物业的孙师傅回电话，楼上漏水的事，怎么说他们才会赶紧派人来？", asked,
                                 "9月1日（周二）15:00 给物业回电话时：1）说清漏水的位置和持续了几天；"
                                 "2）把照片发过去留证据；3）请他们给一个上门的具体时间。"))
    li.same_time(a, *li.ask(day, "下午三点还要跟李经理通个电话，续约款他想分三期付，我们最多能接受几期？",
                            asked + timedelta(minutes=rnd.randrange(3, 7)),
                            "9月1日（周二）15:00 和李经理通话，可以先争取两期：签约付六成、上线验收后付四成；"
                            "真要三期，把尾款压到一成以内。"))
    repair.done("物业电话打完了，孙师傅答应派人上门看漏水", _at(-2, 15, rnd.randrange(15, 25)))
    li.done("跟李经理通完电话，付款分两期，首付六成", _at(-2, 15, rnd.randrange(35, 55)))

    # two events at the same hour typed minutes apart, both with 「明天上午十点」
    colors = _Story(w, "colors", _at(-7, 10), "和设计组开会定新配色", "event", 0.7)
    openday = _Story(w, "openday", _at(-7, 10), "儿子学校开放日（老公去）", "event", 0.6, ("老公",))
    typed = _at(-8, 21, rnd.randrange(0, 40))
    colors.note("明天上午十点和设计组开会，把 App 的新配色定下来", typed)
    openday.note("明天上午10点儿子学校开放日，让老公去，我走不开", typed + timedelta(minutes=rnd.randrange(2, 6)))
    colors.done("配色定了，主色换成深一点的蓝", _at(-7, 11, rnd.randrange(20, 50)))
    openday.done("老公说开放日上儿子念了一段课文，还挺大方", _at(-7, 18, rnd.randrange(60)))

    # to-dos done before their deadlines: not due any more
    deck = _Story(w, "deck_wang", _at(0, 0), "把 MeInput 合作方案发给王总", "todo", 0.85, ("王总",), grain="day")
    deck.note("这周四之前把 MeInput 的合作方案发给王总，报价单独列一页", _at(-3, 9, rnd.randrange(15, 45)))
    deck.done("合作方案发给王总了，他说周末前给回复", _at(-1, 17, rnd.randrange(30, 55)))
    expense = _Story(w, "expense", _at(1, 0), "出差报销单交给财务", "todo", 0.6, grain="day")
    expense.ask(week(DEMO_USER, _at(-3, 12)), "最晚周五要把出差的报销单交给财务，有两张发票找不到了怎么办？",
                _at(-3, 12, rnd.randrange(30, 50)),
                "发票丢了可以：1）请开票方补开，或者拿记账联复印件盖章；2）写一份情况说明，请部门负责人签字；"
                "3）其余的先交，别拖过截止日。")
    expense.done("报销的事搞定了，酒店把丢的两张发票补开了", _at(-1, 11, rnd.randrange(15, 40)))

    # called off: no time any more, neither occurred nor planned
    reunion = _Story(w, "reunion", _at(1, 19), "大学同学聚餐", "event", 0.55, ("老周",))
    a = reunion.note("下周五晚上七点大学同学聚餐，老周订了湘菜馆", _at(-4, 22, rnd.randrange(40)))
    reunion.same_time(a, *reunion.ask(week(DEMO_USER, _at(-2, 21)), "周五晚上7点同学聚会，十几年没见了，聊什么不尴尬？",
                                      _at(-2, 21, rnd.randrange(10, 40)),
                                      "9月4日（周五）19:00 的聚会可以从共同的回忆聊起：1）当年的宿舍和老师；"
                                      "2）各自现在在哪座城市；3）少问收入和婚育。"))
    reunion.cancel("周五的同学聚餐取消了，老周临时要出差", _at(-1, 20, rnd.randrange(20, 50)))
    demo = _Story(w, "sdk_demo", _at(-6, 16), "供应商演示语音降噪 SDK", "event", 0.7)
    demo.note("周五下午四点供应商来演示语音降噪 SDK，拉上算法组一起听", _at(-9, 10, rnd.randrange(30, 59)))
    demo.cancel("明天的降噪 SDK 演示取消了，对方说版本还没准备好", _at(-7, 18, rnd.randrange(60)))

    # moved: it happens only at the new time; a session that began last week carries the chain
    retro = _Story(w, "retro", _at(-1, 14), "MeInput 季度复盘会", "event", 0.8)
    room = w.session(DEMO_USER, "季度复盘", _at(-6, 17), _at(-1, 9, 30))
    retro.ask(room, "季度复盘一般要准备哪些数据？", _at(-6, 17),
              "可以准备：日活和留存、崩溃率、输入延迟的分位数、各渠道的新增。", role="said")
    a = retro.note("周三下午两点开 MeInput 季度复盘会，每个人讲五分钟", _at(-3, 9, rnd.randrange(0, 10)))
    retro.same_time(a, *retro.ask(room, "周三14:00季度复盘，帮我想个开场，别太官腔", _at(-3, 9, rnd.randrange(12, 30)),
                                  "9月2日（周三）14:00 复盘会的开场可以这样说：“这个季度我们一起扛过了两次大版本，"
                                  "今天不追究谁的错，只找下次能做得更好的地方。”"))
    retro.move(_at(1, 10))
    b = retro.note(rnd.choice(["季度复盘会改到周五上午十点，会议室被占了", "复盘会往后挪到周五上午十点了，会议室被占了"]),
                   _at(-2, 18, rnd.randrange(20, 50)), role="change")
    retro.same_time(b, *retro.ask(room, "复盘会挪到周五上午10点了，议程帮我顺一下", _at(-1, 9, rnd.randrange(0, 20)),
                                  "好的，9月4日（周五）10:00 季度复盘会议程：1）数据回顾，20 分钟；2）问题复盘，30 分钟；"
                                  "3）下季度目标，10 分钟。", role="change"))

    bank = _Story(w, "bank", _at(-7, 10), "去银行办房贷提前还款", "event", 0.75)
    bank.note("8月27号上午十点去银行办房贷提前还款，身份证和合同原件都要带", _at(-10, 20, rnd.randrange(30, 59)))
    bank.move(_at(-6, 14))
    bank.same_time(*bank.ask(week(DEMO_USER, _at(-8, 19)), "银行说系统升级，提前还款改到8月28号下午两点了，还要带什么？",
                             _at(-8, 19, rnd.randrange(40, 59)),
                             "8月28日（周五）14:00 办提前还款一般要带：1）身份证；2）借款合同原件；3）还款用的银行卡。",
                             role="change"))
    bank.done("房贷提前还了十万，月供少了八百多", _at(-6, 15, rnd.randrange(20, 50)))


def write_some_times_in_utc(w: Writer) -> None:
    """About one MeInput time in ten and one message time in twenty arrive as UTC with `Z`, as
    real upstreams mix them; the instant stays the same."""
    for seg in w.ds.segments:
        if w.rnd.random() < 0.1:
            seg["observed_at"] = _utc(seg["observed_at"])
    for msg in w.ds.messages:
        if w.rnd.random() < 0.05:
            msg["created_at"] = _utc(msg["created_at"])
