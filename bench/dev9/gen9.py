#!/usr/bin/env python3
"""Deterministic generator for the dev9 Temporal Recall evaluation set.

    python3 gen9.py [--out PATH]        # default: data.json next to this file

Written only from /work/shared (RFC temporal-recall-v0.1.md, contracts/, time-conventions.md and
the dev-eval format). Python 3.11 standard library only; fixed seed, no set iteration, so the
output is byte-identical under any PYTHONHASHSEED.

Main user u_dev9: 秦淑兰 (秦老师), 66, retired high-school Chinese teacher in 北京海淀, widowed
(老伴 老李 died three years ago), looks after granddaughter 朵朵 (5, 蓝天幼儿园) on weekdays.
Period 2027-04-19 (Mon) .. 2027-05-09 (Sun), Asia/Shanghai, spanning 劳动节/五一 (05-01, Sat).

Every record of an event declares the anchor its time words name ("ev", "done", "old0") and the
finest grain of those words (m = minute, a = 刚才/刚刚, p = day part, d = day, w = week,
mo = month), optionally with the minute offset it names ("m+10"). Dedupe sets are derived from
these declarations; check_data.py re-parses every text on its own and must agree.
Labels are computed by the rules of README.md ("Labelling rules").
"""
import argparse
import json
import os
import random
import re
from datetime import datetime, timedelta, timezone

SEED = 20270419
TZ = timezone(timedelta(hours=8))
UTC = timezone.utc
P0 = datetime(2027, 4, 19, tzinfo=TZ)
P1 = datetime(2027, 5, 10, tzinfo=TZ)
MAIN, OTHER = "u_dev9", "u_dev9_other"
HERE = os.path.dirname(os.path.abspath(__file__))
DAY, MIN1, Q15 = timedelta(days=1), timedelta(minutes=1), timedelta(minutes=15)
WD = "一二三四五六日"

RNG = random.Random(SEED)          # ids
WIRE = random.Random(SEED + 1)     # wire-level choices (Z, optional fields)


def T(s):
    """'MM-DD HH:MM[:SS]' (2027) -> aware datetime."""
    fmt = "%Y-%m-%d %H:%M:%S" if s.count(":") == 2 else "%Y-%m-%d %H:%M"
    return datetime.strptime("2027-" + s, fmt).replace(tzinfo=TZ)


def D(s):
    return datetime.strptime("2027-" + s, "%Y-%m-%d").replace(tzinfo=TZ)


def iso(dt, z=False):
    if dt is None:
        return None
    if z:
        return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return dt.astimezone(TZ).strftime("%Y-%m-%dT%H:%M:%S+08:00")


def day0(t):
    return t.astimezone(TZ).replace(hour=0, minute=0, second=0, microsecond=0)


def week0(t):
    d = day0(t)
    return d - timedelta(days=d.weekday())


def month0(t, add=0):
    y, m = t.year, t.month + add
    y, m = y + (m - 1) // 12, (m - 1) % 12 + 1
    return datetime(y, m, 1, tzinfo=TZ)


_USED = set()


def rid(prefix, n=10, alpha="0123456789abcdefghjkmnpqrstvwxyz"):
    while True:
        s = prefix + "".join(RNG.choice(alpha) for _ in range(n))
        if s not in _USED:
            _USED.add(s)
            return s


# ============================================================ records
class Rec:
    def __init__(self, user, src, role, obs, text, eid=None, claim=None):
        self.user, self.src, self.role, self.obs, self.text = user, src, role, obs, text
        self.eid = eid
        self.anchor, self.grain, self.shift = None, None, 0
        if claim:
            a, _, g = claim.partition(":")
            m = re.fullmatch(r"(m|a|p|d|w|mo)([+-]\d+)?", g)
            assert m, claim
            self.anchor, self.grain = a, m.group(1)
            self.shift = int(m.group(2) or 0)
        self.ref = None
        self.extra = {}


MI, SESS, RUNS, EVENTS, VEV = [], {}, [], {}, []
EV_ORDER = []


class Ev:
    def __init__(self, eid, title, kind, imp, topics, at=None, done=None, old=(), status=None):
        assert eid not in EVENTS, eid
        self.id, self.title, self.kind, self.imp, self.topics = eid, title, kind, imp, list(topics)
        self.et, self.grain = self._t(at)
        self.done = T(done) if done else None
        self.old = [(self._t(x)[0], self._t(x)[1], r) for x, r in old]
        self.status = status or ("cancelled" if any(r == "cancelled" for _, _, r in self.old) else None)
        assert not (self.status == "cancelled" and self.et is not None)
        self.recs = []
        EVENTS[eid] = self
        EV_ORDER.append(self)

    @staticmethod
    def _t(at):
        if at is None:
            return None, None
        return (D(at), "day") if len(at) == 5 else (T(at), "minute")

    def anchor(self, which):
        if which == "ev":
            return self.et, self.grain
        if which == "done":
            return self.done, "minute"
        x, g, _ = self.old[int(which[3:])]
        return x, g


def ev(eid):
    return EVENTS[eid]


def mi(user, obs, text, eid=None, claim=None, app=None, imp=None):
    r = Rec(user, "mi", "user", T(obs), text, eid, claim)
    r.extra["app"] = app
    r.extra["imp"] = imp
    MI.append(r)
    if eid:
        ev(eid).recs.append(r)
    return r


def sess(user, key, title):
    if key not in SESS:
        SESS[key] = {"user": user, "title": title, "msgs": [], "id": rid("sess_")}
    return key


def say(key, obs, role, text, eid=None, claim=None):
    s = SESS[key]
    r = Rec(s["user"], "chat", role, T(obs), text, eid, claim)
    s["msgs"].append(r)
    if eid:
        ev(eid).recs.append(r)
    return r


def run(key, started, task, status, secs, summary, eid=None):
    s = SESS[key]
    t = T(started)
    r = Rec(s["user"], "run", "run", t, task, eid, None)
    r.extra.update(status=status, finished=None if status == "running" else t + timedelta(seconds=secs),
                   summary=summary, session=key)
    RUNS.append(r)
    if eid:
        ev(eid).recs.append(r)
    return r


class VEvent:
    def __init__(self, user, key, summary, start, end, form="tzid", rrule=None, exdates=(), location=None,
                 description=None, status="CONFIRMED", sequence=0, created="04-10 10:00", overrides=()):
        self.user, self.key, self.summary = user, key, summary
        self.all_day = form == "date"
        self.start = D(start) if self.all_day else T(start)
        self.end = D(end) if self.all_day else T(end)
        self.form, self.rrule, self.location, self.description = form, rrule, location, description
        self.exdates = [T(x) for x in exdates]
        self.status, self.sequence = status, sequence
        self.created = T(created)
        self.overrides = [dict(rid=T(o[0]), start=T(o[1]), end=T(o[2]), summary=o[3], seq=o[4], lm=T(o[5]))
                          for o in overrides]
        self.last_modified = max([self.created] + [o["lm"] for o in self.overrides])
        self.uid = "%s-%s@cal.dev9.example" % (rid("", 8, "0123456789abcdef"), rid("", 12, "0123456789abcdef"))
        VEV.append(self)

    def instances(self):
        """[(ref, start)]"""
        if not self.rrule:
            return [("calendar:event:" + self.uid, self.start)]
        n = int(self.rrule.split("COUNT=")[1])
        out = []
        ov = {o["rid"]: o for o in self.overrides}
        for i in range(n):
            st = self.start + timedelta(days=7 * i)
            if st in self.exdates:
                continue
            ref = f"calendar:event:{self.uid}:{st.strftime('%Y%m%d' if self.all_day else '%Y%m%dT%H%M%S')}"
            out.append((ref, ov[st]["start"] if st in ov else st))
        return out

    def wire(self):
        f = (lambda t: t.strftime("%Y-%m-%d")) if self.all_day else iso
        return {"uid": self.uid, "summary": self.summary, "start": f(self.start), "end": f(self.end),
                "all_day": self.all_day, "time_form": self.form, "rrule": self.rrule,
                "exdates": [f(x) for x in self.exdates], "location": self.location,
                "description": self.description, "status": self.status, "sequence": self.sequence,
                "created": iso(self.created, z=True), "last_modified": iso(self.last_modified, z=True),
                "overrides": [{"recurrence_id": f(o["rid"]), "start": f(o["start"]), "end": f(o["end"]),
                               "summary": o["summary"], "sequence": o["seq"], "last_modified": iso(o["lm"], z=True)}
                              for o in self.overrides]}


CAL = {}


def cal(eid, key, orig=None):
    """Attach a calendar instance (orig = original start of a recurring instance)."""
    v = CAL[key]
    insts = v.instances()
    if v.rrule:
        o = T(orig)
        ref = f"calendar:event:{v.uid}:{o.strftime('%Y%m%dT%H%M%S')}"
        start = dict(insts)[ref]
    else:
        ref, start = insts[0]
    e = ev(eid)
    r = Rec(MAIN, "cal", "cal", None, v.summary, eid)
    r.ref = ref
    for which in ["ev", "done"] + [f"old{i}" for i in range(len(e.old))]:
        a, g = e.anchor(which)
        if a is not None and a == start:
            r.anchor, r.grain = which, ("d" if v.all_day else "m")
            break
    assert r.anchor, (eid, key)
    r.extra["start"] = start
    e.recs.append(r)


# ============================================================ calendar (main user)
def declare_calendar():
    C = lambda *a, **k: CAL.__setitem__(a[0], VEvent(MAIN, *a, **k))
    C("rehearsal", "夕阳红合唱团排练", "04-20 09:00", "04-20 11:00", rrule="FREQ=WEEKLY;BYDAY=TU;COUNT=3",
      exdates=["05-04 09:00"], location="万柳社区活动中心二楼", description="每周二上午，带歌谱和水杯",
      created="04-01 10:00",
      overrides=[("04-27 09:00", "04-28 14:00", "04-28 16:00", "夕阳红合唱团排练（活动中心被占，改周三下午）", 1,
                  "04-26 19:30")])
    C("dance", "朵朵舞蹈课", "04-22 16:30", "04-22 17:30", rrule="FREQ=WEEKLY;BYDAY=TH;COUNT=3",
      location="海淀文化馆三楼", created="04-05 20:00")
    C("early_pick", "幼儿园周五早放学 接朵朵", "04-23 15:30", "04-23 16:00", rrule="FREQ=WEEKLY;BYDAY=FR;COUNT=3",
      exdates=["04-30 15:30"], location="蓝天幼儿园", description="周五三点半放学", created="04-02 09:00")
    C("cardio", "北医三院心内科复查", "04-21 09:30", "04-21 10:30", location="北医三院门诊楼三层",
      description="带医保卡、上次化验单", created="04-19 19:10")
    C("dental", "北大口腔补牙", "04-30 10:00", "04-30 11:00", status="CANCELLED", sequence=1,
      location="北大口腔医院", created="04-22 10:00")
    C("move", "帮李想家搬家", "04-24", "04-25", form="date", location="清河新家", created="04-15 21:00")
    C("trip", "夕阳红旅行团 西安四日游 北京西站集合", "05-01 07:30", "05-01 08:00", form="utc",
      location="北京西站北广场", description="导游小刘，小红旗", created="04-18 16:00")
    C("gala", "海淀区“五月的鲜花”合唱汇演", "05-07 14:00", "05-07 16:30", location="海淀剧院",
      description="白衬衫黑裤子", created="04-20 09:00")
    C("reunion", "高中同学毕业45周年聚会", "05-08 11:30", "05-08 14:30", location="西苑饭店", sequence=1,
      created="04-21 20:00")
    C("checkup", "社区老年人免费体检（空腹）", "04-23 08:00", "04-23 09:30", location="万柳社区卫生服务站",
      created="04-16 09:00")


# ============================================================ events (main user)
def declare_events():
    S = lambda key, title: sess(MAIN, key, title)
    # ---------------------------------------------------------------- health
    Ev("cardio", "北医三院心内科复查", "event", "high", ["health", "hospital"], at="04-21 09:30")
    mi(MAIN, "04-19 19:02:11", "周三上午九点半的心内科号挂上了，北医三院，专家号", "cardio", "ev:m", "notes", 0.8)
    mi(MAIN, "04-20 20:10:40", "明天上午九点半北一三院副查，医保卡化验单都带上", "cardio", "ev:m", "voice", 0.75)
    S("s_cardio", "复查提醒")
    say("s_cardio", "04-20 20:31:05", "user", "帮我记着：明天9:20到北医三院，心内科复查，得提前到", "cardio", "ev:m-10")
    say("s_cardio", "04-20 20:32:02", "assistant", "好的，已记下：4月21日（周三）9:30 北医三院心内科复查，记得带医保卡和上次的化验单。",
        "cardio", "ev:m")
    cal("cardio", "cardio")
    mi(MAIN, "04-21 11:45:30", "复查完了，大夫说血压控制得还行，药接着吃", "cardio", None, "notes", 0.6)

    Ev("bp_meds", "取降压药（旅游前）", "todo", "high", ["health", "meds"], at="04-30", done="04-28 10:20")
    mi(MAIN, "04-21 12:03:15", "降压药只剩十来天的了，旅游走之前得取回来，最晚4月30号", "bp_meds", "ev:d", "notes", 0.7)
    S("s_meds", "取药提醒")
    say("s_meds", "04-26 09:12:00", "user", "提醒我这周五之前把降压药取回来", "bp_meds", "ev:d")
    say("s_meds", "04-26 09:12:48", "assistant", "好的，4月30日（周五）之前取降压药，到时候我提醒您。", "bp_meds", "ev:d")
    mi(MAIN, "04-28 10:26:02", "药取回来了，开了两个月的量", "bp_meds", None, "voice", 0.5)

    Ev("dental", "北大口腔补牙（取消）", "event", "low", ["health", "hospital"], old=[("04-30 10:00", "cancelled")])
    mi(MAIN, "04-22 10:05:33", "4月30号上午十点北大口腔补牙", "dental", "old0:m", "notes", 0.6)
    S("s_dental", "口腔预约")
    say("s_dental", "04-27 18:40:10", "user", "口腔医院那个号我取消了，等旅游回来再约", "dental", None)
    say("s_dental", "04-27 18:40:55", "assistant", "好的，补牙的预约已取消，回来后需要的话我帮您留意放号。", "dental", None)
    cal("dental", "dental")

    Ev("checkup", "社区老年人免费体检", "event", "low", ["health"], at="04-23 08:00")
    mi(MAIN, "04-22 19:30:20", "明天早上八点社区卫生站体检，得空腹，甭吃早饭了", "checkup", "ev:m", "voice", 0.5)
    cal("checkup", "checkup")

    Ev("m_knee", "膝盖上下楼疼", "mention", "low", ["health"])
    mi(MAIN, "04-25 20:12:09", "搬完家膝盖疼得厉害，上下楼梯都费劲", "m_knee", None, "voice", 0.4)
    S("s_knee", "膝盖疼")
    say("s_knee", "04-25 20:20:00", "user", "膝盖疼贴膏药管用吗？我六十六了", "m_knee", None)
    say("s_knee", "04-25 20:21:10", "assistant", "膏药能缓解一些，但疼得厉害建议去骨科看看，少爬楼梯。")

    Ev("ortho", "北医三院骨科门诊", "event", "high", ["health", "hospital"], at="05-06 08:30")
    mi(MAIN, "04-26 21:03:44", "骨科的号挂上了，5月6号早上八点半，北医三院", "ortho", "ev:m", "notes", 0.7)
    S("s_ortho", "骨科")
    say("s_ortho", "05-05 20:40:00", "user", "明天早上8:30骨科，提醒我带膝盖的片子", "ortho", "ev:m")
    say("s_ortho", "05-05 20:40:40", "assistant", "好的：5月6日（周四）8:30 北医三院骨科，带上膝盖的片子和医保卡。", "ortho", "ev:m")
    mi(MAIN, "05-06 10:40:18", "骨科看完了，说是半月板磨损，开了膏药，让少爬楼", "ortho", None, "voice", 0.5)

    # ---------------------------------------------------------------- choir
    Ev("reh_0420", "合唱团排练（4/20）", "event", "low", ["choir"], at="04-20 09:00")
    mi(MAIN, "04-20 11:20:05", "今天排练把《我和我的祖国》第二声部又抠了一遍", "reh_0420", "ev:d", "notes", 0.35)
    cal("reh_0420", "rehearsal", "04-20 09:00")

    Ev("reh_0428", "合唱团排练（改到周三下午）", "event", "low", ["choir"], at="04-28 14:00",
       old=[("04-27 09:00", "rescheduled")])
    mi(MAIN, "04-21 15:10:00", "下周二上午九点还是老地方排练，李团长让把歌词背熟", "reh_0428", "old0:m", "notes", 0.4)
    S("s_choir", "合唱团")
    say("s_choir", "04-26 19:40:12", "user", "合唱团排练改到周三下午两点了，活动中心那天被占了", "reh_0428", "ev:m")
    say("s_choir", "04-26 19:41:00", "assistant", "好的，排练改为4月28日（周三）14:00，地点不变。", "reh_0428", "ev:m")
    mi(MAIN, "04-28 16:32:40", "排练完了，指挥说咱们高音部还得练", "reh_0428", None, "voice", 0.3)
    cal("reh_0428", "rehearsal", "04-27 09:00")

    Ev("gala", "海淀区合唱汇演", "event", "high", ["choir"], at="05-07 14:00")
    mi(MAIN, "04-20 11:30:21", "5月7号下午两点区里汇演，咱团唱两首，《我和我的祖国》打头", "gala", "ev:m", "notes", 0.8)
    say("s_choir", "05-06 19:05:00", "user", "明天下午2点汇演，要穿的白衬衫还没熨呢", "gala", "ev:m")
    say("s_choir", "05-06 19:05:50", "assistant", "记下了：5月7日（周五）14:00 合唱汇演，白衬衫提前熨好，别忘了带歌词本。",
        "gala", "ev:m")
    cal("gala", "gala")
    mi(MAIN, "05-07 17:20:33", "汇演顺利！唱完大家在台下合了影", "gala", None, "notes", 0.6)

    Ev("choir_fee", "交合唱团服装费200元", "todo", "low", ["choir"], at="04-25", done="04-27 10:00")
    mi(MAIN, "04-20 11:36:02", "合唱团服装费200块，这周日之前交给李团长", "choir_fee", "ev:d", "notes", 0.5)
    mi(MAIN, "04-26 07:55:10", "哎呀服装费忘交了，李团长也没催，明儿带过去", "choir_fee", None, "voice", 0.4)
    mi(MAIN, "04-27 10:04:30", "服装费交了，收据夹在歌谱里", "choir_fee", None, "notes", 0.4)

    Ev("lyrics", "给李团长印歌词本", "commitment", "high", ["choir"], at="05-06", done="05-06 17:00")
    S("s_lyrics", "歌词本排版")
    say("s_lyrics", "04-28 20:15:00", "user", "答应李团长5月6号之前把歌词本印出来，帮我排个版", "lyrics", "ev:d")
    say("s_lyrics", "04-28 20:16:02", "assistant", "好的，歌词本需在5月6日（周四）之前印好，我先帮您排版，两首歌各一页。",
        "lyrics", "ev:d")
    run("s_lyrics", "04-28 20:16:30", "排版合唱团歌词本（两首）", "succeeded", 95, "已生成 A4 双栏歌词本 PDF，共 2 页", "lyrics")
    mi(MAIN, "05-06 17:05:12", "歌词本印好了，三十本，明儿一早给李团长", "lyrics", None, "notes", 0.5)

    Ev("dec_pick0507", "汇演那天让小敏去接朵朵", "decision", "low", ["kid", "choir"], at="04-29 19:00")
    S("s_kid", "朵朵的事")
    say("s_kid", "04-29 19:20:00", "user", "跟小敏商量好了，汇演那天她请假去接朵朵", "dec_pick0507", None)
    say("s_kid", "04-29 19:20:45", "assistant", "好的，汇演当天由小敏接朵朵，您安心演出。", "dec_pick0507", None)

    # ---------------------------------------------------------------- reunion
    Ev("reunion", "高中同学毕业45周年聚会", "event", "high", ["reunion"], at="05-08 11:30",
       old=[("04-25 11:30", "rescheduled")])
    mi(MAIN, "04-19 09:10:00", "老同学聚会定在这周日中午11点半，西苑饭店，我来张罗", "reunion", "old0:m", "notes", 0.8)
    S("s_reunion", "老同学聚会")
    say("s_reunion", "04-19 09:30:10", "user", "帮我拟个老同学聚会的通知：4月25号中午11:30，西苑饭店", "reunion", "old0:m")
    say("s_reunion", "04-19 09:31:20", "assistant", "各位老同学：毕业45周年聚会定于4月25日（周日）11:30 在西苑饭店举行，盼大家拨冗出席。",
        "reunion", "old0:m")
    say("s_reunion", "04-21 20:05:00", "user", "聚会推迟到5月8号中午11点半了，跟饭店说好了", "reunion", "ev:m")
    say("s_reunion", "04-21 20:05:50", "assistant", "好的，聚会改为5月8日（周六）11:30，仍在西苑饭店。需要我把通知也改一下吗？",
        "reunion", "ev:m")
    say("s_reunion", "04-21 20:06:30", "user", "得嘞，改吧，就说好几个人那几天要出门", "reunion", None)
    cal("reunion", "reunion")
    mi(MAIN, "05-08 15:10:00", "聚会散了，来了二十三个人，老赵还掉眼泪了", "reunion", None, "voice", 0.6)

    Ev("dec_aa", "聚会AA每人150", "decision", "low", ["reunion"], at="04-21 21:00")
    mi(MAIN, "04-21 21:20:00", "定了：聚会AA，每人150，多退少补，钱我先垫上", "dec_aa", None, "notes", 0.5)

    Ev("headcount", "把聚会人数报给西苑饭店", "todo", "high", ["reunion"], at="05-06", done="05-05 19:00")
    say("s_reunion", "04-22 09:40:00", "user", "饭店让5月6号之前报人数", "headcount", "ev:d")
    say("s_reunion", "04-22 09:40:40", "assistant", "好的：5月6日（周四）之前把聚会人数报给西苑饭店，我会提前提醒您。", "headcount", "ev:d")
    mi(MAIN, "05-05 19:05:40", "人数报给饭店了，一共24位", "headcount", None, "notes", 0.5)

    Ev("zhao_list", "把老同学通讯录发给老赵", "commitment", "low", ["reunion"], at="04-22", done="04-22 20:00")
    mi(MAIN, "04-20 16:40:00", "答应老赵周四之前把老同学通讯录发他微信上", "zhao_list", "ev:d", "notes", 0.5)
    mi(MAIN, "04-22 20:05:00", "通讯录发给老赵了", "zhao_list", None, "notes", 0.3)

    Ev("zhao_call", "跟老赵通电话商量座位", "event", "low", ["reunion"], at="04-27 19:00")
    mi(MAIN, "04-27 08:40:00", "今晚7点跟老赵通电话，商量聚会怎么排座", "zhao_call", "ev:m", "notes", 0.4)

    Ev("slides", "做老照片幻灯片", "todo", "low", ["reunion"], at="05-07", done="05-06 20:30")
    S("s_slides", "老照片幻灯片")
    say("s_slides", "04-29 10:10:00", "user", "聚会上想放老照片，5月7号之前得做成幻灯片", "slides", "ev:d")
    run("s_slides", "04-29 10:11:00", "把扫描的老照片做成幻灯片", "failed", 40, "失败：照片文件夹为空", "slides")
    say("s_slides", "05-06 20:28:00", "user", "照片传好了，再帮我做一遍幻灯片", "slides", None)
    run("s_slides", "05-06 20:28:40", "把扫描的老照片做成幻灯片（第二次）", "succeeded", 180, "已生成 38 页幻灯片", "slides")
    say("s_slides", "05-06 20:33:00", "assistant", "幻灯片做好了，一共38页，按年份排的。", "slides", None)

    # ---------------------------------------------------------------- move (son 李想, 儿媳 小敏)
    Ev("move", "帮儿子家搬家", "event", "high", ["move"], at="04-24")
    mi(MAIN, "04-19 12:15:00", "儿子家4月24号搬家，搬到清河那边，离朵朵幼儿园近", "move", "ev:d", "notes", 0.8)
    S("s_move", "搬家")
    say("s_move", "04-22 14:02:00", "user", "后天搬家，帮我列个打包清单，老人孩子的东西分开", "move", "ev:d")
    say("s_move", "04-22 14:03:10", "assistant", "好的，4月24日（周六）搬家，清单如下：朵朵的衣物玩具单独装箱，常用药随身带……",
        "move", "ev:d")
    mi(MAIN, "04-24 00:31:00", "过了半夜还在打包，今天搬家得早起", "move", "ev:d", "voice", 0.5)
    cal("move", "move")
    mi(MAIN, "04-24 21:30:00", "搬完了，累得腰都直不起来，新家离幼儿园更近了", "move", None, "notes", 0.6)

    Ev("truck", "搬家公司上门", "event", "low", ["move"], at="04-24 08:30")
    mi(MAIN, "04-23 19:40:00", "明天早上八点半搬家公司到，我得早点过去盯着", "truck", "ev:m", "voice", 0.5)
    say("s_move", "04-23 20:10:00", "user", "搬家公司说明天8:40到", "truck", "ev:m+10")
    say("s_move", "04-23 20:10:45", "assistant", "收到，4月24日（周六）8:40 搬家公司上门，贵重物品请随身带。", "truck", "ev:m+10")

    Ev("pack_kid", "打包朵朵的东西", "todo", "low", ["move", "kid"], at="04-23", done="04-23 16:00")
    mi(MAIN, "04-22 18:20:00", "明天之前得把朵朵的玩具衣服打包好", "pack_kid", "ev:d", "notes", 0.5)
    mi(MAIN, "04-23 16:06:00", "朵朵的东西打包完了，装了六个箱子", "pack_kid", None, "notes", 0.4)

    Ev("unpack", "帮小敏收拾新家", "commitment", "low", ["move"], done="05-05 17:00")
    mi(MAIN, "04-25 10:30:00", "答应小敏旅游回来帮她把新家收拾利索", "unpack", None, "notes", 0.5)
    mi(MAIN, "05-05 17:12:00", "帮小敏收拾了一整天，总算利索了", "unpack", None, "voice", 0.4)

    Ev("dec_kg", "朵朵不转园", "decision", "high", ["kid", "move"], at="04-20 20:00")
    say("s_kid", "04-20 20:30:00", "user", "商量好了，朵朵不转园，接着在蓝天幼儿园上", "dec_kg", None)
    say("s_kid", "04-20 20:30:40", "assistant", "好的，朵朵继续在蓝天幼儿园就读，接送路线我帮您记着。", "dec_kg", None)

    Ev("m_son_sh", "儿子可能调去上海", "mention", "low", ["family"])
    mi(MAIN, "04-26 22:10:00", "儿子说单位可能调他去上海，心里有点乱", "m_son_sh", None, "notes", 0.5)

    # ---------------------------------------------------------------- kid (朵朵)
    Ev("pick_0423", "周五早放学接朵朵（4/23）", "event", "low", ["kid"], at="04-23 15:30")
    mi(MAIN, "04-22 17:02:00", "周五下午三点半幼儿园就放学了，得早点去接朵朵", "pick_0423", "ev:m", "notes", 0.4)
    cal("pick_0423", "early_pick", "04-23 15:30")
    Ev("pick_0507", "周五早放学接朵朵（5/7）", "event", "low", ["kid"], at="05-07 15:30")
    cal("pick_0507", "early_pick", "05-07 15:30")

    Ev("sports", "朵朵幼儿园亲子运动会", "event", "high", ["kid"], at="04-28 09:00")
    mi(MAIN, "04-26 08:10:00", "周三上午九点朵朵幼儿园亲子运动会，小敏让我去", "sports", "ev:m", "notes", 0.6)
    say("s_kid", "04-26 08:20:00", "user", "幼儿园通知4月28号上午9点亲子运动会，要穿运动鞋", "sports", "ev:m")
    say("s_kid", "04-26 08:20:50", "assistant", "好的，已记下：4月28日（周三）9:00 朵朵幼儿园亲子运动会，记得穿运动鞋、带水杯。",
        "sports", "ev:m")
    mi(MAIN, "04-28 11:50:00", "运动会完事儿了，朵朵跳绳得了第二", "sports", None, "voice", 0.5)

    Ev("kid_form", "交朵朵的体检表", "todo", "low", ["kid"], at="04-23", done="04-22 08:40")
    mi(MAIN, "04-20 08:50:00", "幼儿园让周五前交体检表", "kid_form", "ev:d", "notes", 0.5)
    mi(MAIN, "04-22 08:45:00", "刚才把体检表交给王老师了", "kid_form", "done:a", "notes", 0.3)

    Ev("vaccine", "带朵朵打疫苗", "event", "low", ["kid", "health"], at="04-26 09:30")
    mi(MAIN, "04-23 09:00:00", "下周一上午九点半带朵朵去社区医院打疫苗", "vaccine", "ev:m", "notes", 0.5)
    mi(MAIN, "04-26 10:40:00", "疫苗打完了，朵朵一声没哭", "vaccine", None, "notes", 0.4)

    Ev("dance_0422", "朵朵舞蹈课（4/22）", "event", "low", ["kid"], at="04-22 16:30")
    cal("dance_0422", "dance", "04-22 16:30")
    Ev("dance_0429", "朵朵舞蹈课（4/29）", "event", "low", ["kid"], at="04-29 16:30")
    mi(MAIN, "04-29 17:40:00", "舞蹈课上朵朵学了个新动作，回来非要跳给我看", "dance_0429", None, "voice", 0.3)
    cal("dance_0429", "dance", "04-29 16:30")
    Ev("dance_0506", "朵朵舞蹈课（5/6）", "event", "low", ["kid"], at="05-06 16:30")
    cal("dance_0506", "dance", "05-06 16:30")

    Ev("openday", "幼儿园开放日", "event", "low", ["kid"], at="05-07 09:30")
    say("s_kid", "05-06 08:15:00", "user", "明天上午9:30幼儿园开放日，我去看朵朵上课", "openday", "ev:m")
    mi(MAIN, "05-07 11:00:00", "开放日看朵朵上了节手工课，剪了个小兔子", "openday", None, "notes", 0.4)

    Ev("m_kid_song", "朵朵夸奶奶唱歌好听", "mention", "low", ["kid", "choir"])
    mi(MAIN, "04-21 18:30:00", "朵朵今儿说奶奶唱歌真好听，心里美滋滋的", "m_kid_song", None, "voice", 0.2)

    # ---------------------------------------------------------------- trip (五一 西安)
    Ev("trip", "西安跟团游 北京西站集合", "event", "high", ["trip"], at="05-01 07:30")
    mi(MAIN, "04-19 16:20:00", "五一跟团去西安，四天，夕阳红旅行团，导游姓刘", "trip", None, "notes", 0.7)
    S("s_trip", "西安旅游")
    say("s_trip", "04-28 21:00:00", "user", "5月1号早上7:30北京西站集合，帮我列个出门带的东西", "trip", "ev:m")
    say("s_trip", "04-28 21:01:10", "assistant", "好的，5月1日（周六）7:30 北京西站集合。建议带：身份证、降压药、老花镜、充电宝。",
        "trip", "ev:m")
    mi(MAIN, "04-30 21:05:00", "明天早上七点半西站集合，闹钟定好了", "trip", "ev:m", "notes", 0.6)
    cal("trip", "trip")
    mi(MAIN, "05-01 07:41:00", "到西站了，导游小刘举着小红旗", "trip", None, "voice", 0.3)

    Ev("trip_pay", "交旅行团尾款1800", "todo", "high", ["trip"], at="04-23", done="04-22 15:00")
    mi(MAIN, "04-19 16:25:00", "旅行社让这周五之前交尾款1800", "trip_pay", "ev:d", "notes", 0.6)
    say("s_trip", "04-22 15:10:00", "user", "旅行团尾款刚刚转过去了，帮我记一笔", "trip_pay", "done:a")
    say("s_trip", "04-22 15:10:40", "assistant", "已记录：旅行团尾款1800元已付。", "trip_pay", None)

    Ev("trip_id", "身份证复印件交给旅行社", "todo", "low", ["trip"], at="04-27")
    mi(MAIN, "04-22 11:15:00", "旅行社要身份证复印件，下周二之前给他们", "trip_id", "ev:d", "notes", 0.5)

    Ev("bmy", "逛兵马俑", "event", "low", ["trip"], at="05-02")
    mi(MAIN, "05-02 20:10:00", "今天逛了兵马俑，人山人海，腿都走细了", "bmy", "ev:d", "voice", 0.4)
    say("s_trip", "05-02 20:30:00", "user", "帮我给兵马俑的照片配段朋友圈文字", "bmy", None)
    say("s_trip", "05-02 20:31:00", "assistant", "“千年兵马俑，一眼望不到头。老秦我也来打卡啦！”")

    Ev("return", "返京高铁到北京西", "event", "low", ["trip", "family"], at="05-04 20:00")
    mi(MAIN, "05-01 21:30:00", "5月4号晚上8点的车到北京西，儿子来接", "return", "ev:m", "notes", 0.4)
    say("s_trip", "05-03 19:00:00", "user", "跟儿子说了明天晚上8点到北京西，让他来接", "return", "ev:m")
    say("s_trip", "05-03 19:00:45", "assistant", "好的，5月4日（周二）20:00 到北京西站，李想来接您。", "return", "ev:m")
    mi(MAIN, "05-04 21:15:00", "到家了，还是家里踏实", "return", None, "notes", 0.3)

    # ---------------------------------------------------------------- other errands
    Ev("sscard", "去银行换社保卡", "todo", "low", ["errand"], at="04-30", done="04-29 10:30")
    mi(MAIN, "04-20 09:30:00", "社保卡月底前得去银行换新的", "sscard", "ev:mo", "notes", 0.5)
    mi(MAIN, "04-29 10:40:00", "社保卡换好了，顺便把这个月的水电费交了", "sscard", "done:mo", "notes", 0.4)

    Ev("gas", "燃气公司上门安检", "event", "low", ["errand"], at="04-22 14:00")
    mi(MAIN, "04-21 17:30:00", "明天下午两点燃气公司上门安检，得有人在家", "gas", "ev:m", "voice", 0.4)

    Ev("memorial", "去万安公墓看老李（三周年）", "event", "high", ["family"], at="05-05")
    mi(MAIN, "04-23 21:40:00", "5月5号老李三周年，得去万安公墓看看他", "memorial", "ev:d", "notes", 0.8)
    S("s_memorial", "去万安公墓")
    say("s_memorial", "05-04 21:30:00", "user", "明天去万安公墓看老李，帮我查查公交怎么走", "memorial", "ev:d")
    say("s_memorial", "05-04 21:30:20", "tool", json.dumps({"route": "公交", "from": "清河", "to": "万安公墓",
                                                            "lines": ["563路", "运通112"], "minutes": 75},
                                                           ensure_ascii=False))
    say("s_memorial", "05-04 21:31:00", "assistant", "可以先坐563路，再换乘运通112，全程大约75分钟。")
    mi(MAIN, "05-05 12:05:00", "看完老李回来了，跟他念叨了念叨朵朵", "memorial", None, "voice", 0.5)

    Ev("glasses", "配新老花镜", "todo", "low", ["errand", "reunion"], at="05-08")
    mi(MAIN, "04-26 15:00:00", "5月8号之前配副新老花镜，聚会上好看老照片", "glasses", "ev:d", "notes", 0.4)


# ============================================================ noise (main user)
NOISE_MI = [
    ("04-19 06:40:00", "早上量血压135/85，比上礼拜好点", "notes"),
    ("04-19 07:30:00", "每天早上六点遛弯，雷打不动", "voice"),
    ("04-19 21:00:00", "十年前的今天还在带毕业班，一晃都退休六年了", "notes"),
    ("04-20 06:35:00", "血压132/84", "notes"),
    ("04-20 13:10:00", "午觉睡了四十分钟，一点儿都不困了", "voice"),
    ("04-20 22:05:00", "想起以前讲《荷塘月色》，学生们都爱听", "notes"),
    ("04-21 06:45:00", "血压138/86，复查前有点紧张", "notes"),
    ("04-21 19:50:00", "朵朵问我为什么天是蓝的，我给她讲了半天", "voice"),
    ("04-22 07:05:00", "天儿暖和了，把厚被子收起来", "voice"),
    ("04-22 12:30:00", "午饭炖了个西红柿牛腩，朵朵吃了两碗", "notes"),
    ("04-22 21:45:00", "每周六上午9点到11点社区垃圾分类值班，轮到我们楼了", "notes"),
    ("04-23 06:20:00", "今兒天氣真好，頤和園的海棠開了", "notes"),
    ("04-23 12:40:00", "三天打鱼两天晒网可不行，合唱得天天练", "voice"),
    ("04-23 22:30:00", "楼上装修的电钻声吵得脑仁疼", "voice"),
    ("04-24 13:20:00", "中午搬家师傅吃的炸酱面，十二个人", "voice"),
    ("04-25 07:10:00", "腰还是酸，今儿甭出门了", "voice"),
    ("04-25 15:30:00", "看了会儿电视剧，《人世间》又重播了", "notes"),
    ("04-26 06:30:00", "血压136/85", "notes"),
    ("04-26 13:00:00", "小区门口新开了家包子铺，三鲜馅的不错", "notes"),
    ("04-27 06:40:00", "血压130/82，不错", "notes"),
    ("04-27 13:30:00", "朵朵午睡说梦话，喊妈妈", "voice"),
    ("04-27 21:20:00", "这周天气忽冷忽热，朵朵有点流鼻涕", "voice"),
    ("04-28 07:20:00", "嗓子有点干，泡了胖大海", "voice"),
    ("04-28 22:00:00", "睡前背了两遍歌词，还是老忘第三段", "notes"),
    ("04-29 06:50:00", "血压134/83", "notes"),
    ("04-29 14:10:00", "下午茶跟楼下王姐喝的，聊了她孙子上小学的事", "notes"),
    ("04-30 09:10:00", "收拾行李箱，带了三件外套，怕西安早晚凉", "voice"),
    ("04-30 15:00:00", "把阳台的花浇透了，托王姐帮着看着点", "notes"),
    ("05-01 12:20:00", "火车上认识了个退休的老会计，聊得挺投缘", "voice"),
    ("05-01 19:30:00", "回民街的肉夹馍真香，就是排队太长", "voice"),
    ("05-02 07:30:00", "酒店早饭一般，豆浆太稀", "notes"),
    ("05-03 10:00:00", "大雁塔广场人多得挤不动，导游嗓子都喊哑了", "voice"),
    ("05-03 20:40:00", "給朵朵買了個兵馬俑的小擺件", "notes"),
    ("05-04 12:00:00", "碑林博物馆看了颜真卿的字，真想再练练书法", "notes"),
    ("05-05 07:00:00", "血压140/88，玩了几天有点累", "notes"),
    ("05-06 13:30:00", "念了一段《岳阳楼记》给朵朵听，她说听不懂", "voice"),
    ("05-07 07:30:00", "汇演前紧张得一宿没睡好", "voice"),
    ("05-08 09:00:00", "翻出来毕业照，四十五年了，好些人都认不出来了", "notes"),
    ("05-08 21:00:00", "聚会上有人说三十年前的事，我一点都不记得了", "notes"),
    ("05-09 10:00:00", "今儿歇着，哪儿也不去", "voice"),
    ("05-09 16:00:00", "包了韭菜鸡蛋饺子，给儿子家送了一盘", "notes"),
]


def declare_noise():
    for obs, text, app in NOISE_MI:
        mi(MAIN, obs, text, app=app, imp=round(WIRE.uniform(0.05, 0.3), 2))
    N = lambda key, title: sess(MAIN, key, title)
    N("n_poem", "诗词")
    say("n_poem", "04-19 14:00:00", "user", "“春眠不觉晓”下一句是什么？朵朵要背")
    say("n_poem", "04-19 14:00:30", "assistant", "下一句是“处处闻啼鸟”。")
    say("n_poem", "04-27 15:20:00", "user", "再给朵朵找首短一点的描写春天的诗")
    say("n_poem", "04-27 15:20:40", "assistant", "可以背《春晓》之外的《咏柳》：碧玉妆成一树高，万条垂下绿丝绦。")
    N("n_cook", "做饭")
    say("n_cook", "04-20 11:50:00", "user", "西红柿牛腩怎么炖才烂？")
    say("n_cook", "04-20 11:50:50", "assistant", "牛腩先焯水，小火炖一个半小时，最后放西红柿再炖二十分钟。")
    N("n_bp", "血压")
    say("n_bp", "04-21 13:00:00", "user", "血压135算高吗？我吃着降压药呢")
    say("n_bp", "04-21 13:00:50", "assistant", "对于老年人，收缩压135左右通常在可接受范围，具体请遵医嘱。")
    N("n_phone", "手机")
    say("n_phone", "04-23 10:30:00", "user", "微信字体怎么调大？")
    say("n_phone", "04-23 10:30:40", "assistant", "打开微信“我-设置-通用-字体大小”，往右拖动就可以。")
    say("n_phone", "04-23 10:32:00", "user", "得嘞，调好了，谢谢您")
    say("n_phone", "04-23 10:32:20", "assistant", "不客气，有事随时问我。")
    N("n_weather", "天气")
    say("n_weather", "04-29 20:00:00", "user", "西安这几天天气怎么样？")
    say("n_weather", "04-29 20:00:10", "tool", json.dumps({"city": "西安", "forecast": [
        {"date": "2027-05-01", "high": 27, "low": 14}, {"date": "2027-05-02", "high": 25, "low": 13}]},
        ensure_ascii=False))
    say("n_weather", "04-29 20:00:40", "assistant", "西安这几天白天二十五度左右，早晚十三四度，带件外套。")
    N("n_eng", "学英语")
    say("n_eng", "05-03 21:00:00", "user", "“兵马俑”英文怎么说？")
    say("n_eng", "05-03 21:00:30", "assistant", "Terracotta Warriors。")
    say("n_eng", "05-05 21:00:00", "user", "“我是退休老师”英文怎么说？")
    say("n_eng", "05-05 21:00:30", "assistant", "I am a retired teacher.")
    N("n_hist", "历史")
    say("n_hist", "05-08 20:00:00", "user", "颜真卿是哪个朝代的？")
    say("n_hist", "05-08 20:00:30", "assistant", "唐代。")
    EXTRA = [("04-19 15:00:00", "“桃花潭水深千尺”是谁写的？", "李白，《赠汪伦》。"),
             ("04-20 15:30:00", "老年人膝盖疼能练八段锦吗？", "可以，动作放慢，膝盖不适就停。"),
             ("04-22 16:00:00", "孩子挑食怎么办？孙女不爱吃青菜", "可以把青菜切碎包进饺子或做成蔬菜饼。"),
             ("04-25 16:00:00", "您帮我想个合唱团的口号", "“歌声不老，夕阳正好！”"),
             ("04-27 11:00:00", "泡胖大海能天天喝吗？", "不建议长期天天喝，嗓子不适时短期用即可。"),
             ("04-30 10:00:00", "行李箱托运有重量限制吗？坐高铁", "高铁一般不托运，随身行李建议不超过20公斤。"),
             ("05-03 12:00:00", "回民街有什么老字号？", "可以试试老孙家泡馍、贾三灌汤包。"),
             ("05-06 14:00:00", "《岳阳楼记》怎么给五岁孩子讲？", "挑“先天下之忧而忧”一句，讲成帮助别人的小故事。"),
             ("05-08 22:00:00", "老同学聚会后写段感言发群里，帮我起个头", "“四十五年弹指一挥间，今日重逢，恍如昨日……”"),
             ("05-09 11:00:00", "韭菜鸡蛋馅怎么调才不出水？", "韭菜最后放，拌之前先用油拌一下。")]
    N("n_misc", "随手问问")
    for obs, u, a in EXTRA:
        say("n_misc", obs, "user", u)
        t = T(obs) + timedelta(seconds=40)
        say("n_misc", t.strftime("%m-%d %H:%M:%S"), "assistant", a)
    run("n_weather", "04-29 20:01:00", "查询西安五一期间天气", "running", 0, None)
    run("n_hist", "05-08 20:01:00", "整理颜真卿生平简介", "cancelled", 30, "用户取消")


# ============================================================ other user (collisions)
def declare_other():
    O = OTHER
    mi(O, "04-20 21:10:00", "明天上午九点半版本评审，PPT还差两页", app="notes", imp=0.7)
    mi(O, "04-21 09:31:00", "评审开始了，主策划在讲数值", app="notes", imp=0.3)
    mi(O, "04-21 17:00:00", "明天下午两点跟发行对接买量素材", app="notes", imp=0.5)
    mi(O, "04-23 19:40:00", "明天早上八点半健身房私教课", app="voice", imp=0.4)
    mi(O, "04-24 00:31:00", "凌晨还在改bug，线上崩了三次", app="notes", imp=0.4)
    mi(O, "04-25 10:30:00", "中午11点半和大学室友吃烤鸭", app="notes", imp=0.3)
    mi(O, "04-28 21:00:00", "5月1号早上7:30的航班飞成都，记得提前值机", app="notes", imp=0.6)
    mi(O, "05-06 19:05:00", "明天下午2点版本上线，全组待命", app="notes", imp=0.8)
    mi(O, "05-07 14:05:00", "上线了，DAU看着还行", app="voice", imp=0.3)
    mi(O, "05-08 11:35:00", "周末加班，外卖点了麻辣烫", app="voice", imp=0.1)
    sess(O, "o_s1", "策划案")
    say("o_s1", "04-20 20:31:00", "user", "帮我把关卡难度曲线写成三段式说明")
    say("o_s1", "04-20 20:32:00", "assistant", "第一段新手引导，第二段能力爬坡，第三段高压挑战，每段给出关卡号区间。")
    sess(O, "o_s2", "上线")
    say("o_s2", "05-06 19:06:00", "user", "明天下午2点上线，帮我列个回滚预案")
    say("o_s2", "05-06 19:07:00", "assistant", "回滚预案：保留上一版本镜像，灰度5%观察半小时，异常立即切回。")
    run("o_s2", "05-06 19:08:00", "生成上线检查清单", "succeeded", 60, "清单 14 项")
    v = VEvent(OTHER, "o_review", "版本评审会", "04-21 09:30", "04-21 11:00", location="中关村 7F 会议室")
    VEvent(OTHER, "o_launch", "2.3 版本上线", "05-07 14:00", "05-07 15:00", location="线上")
    VEvent(OTHER, "o_flight", "CA4193 飞成都", "05-01 07:30", "05-01 10:20", form="utc")
    return v


# ============================================================ wire
def assign_ids():
    for r in MI:
        r.id = "seg_" + rid("", 22, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")
        r.ref = "meinput:segment:" + r.id
    for key, s in SESS.items():
        s["msgs"].sort(key=lambda r: r.obs)
        for r in s["msgs"]:
            r.id = rid("msg_", 12)
            r.ref = "chat:message:" + r.id
    for r in RUNS:
        r.id = rid("run_")
        r.ref = "chat:run:" + r.id


PERSONS = ["老赵", "李团长", "小敏", "李想", "朵朵", "王老师", "小刘", "老李", "王姐"]
PLACES = ["北医三院", "北大口腔", "西苑饭店", "蓝天幼儿园", "万安公墓", "北京西站", "西安", "兵马俑", "清河"]


def wire_mi(r):
    z = WIRE.random() < 0.1
    d = {"evidence_id": r.id, "user_id": r.user, "type": "expression_segment", "text": r.text,
         "observed_at": iso(r.obs, z=z)}
    imp = r.extra.get("imp")
    if WIRE.random() < 0.85:
        d["app"] = r.extra.get("app")
    if imp is not None and WIRE.random() < 0.9:
        d["importance"] = imp
    if WIRE.random() < 0.7:
        d["confidence"] = 0.78 if r.extra.get("app") == "voice" else 0.95
    x = WIRE.random()
    if x < 0.6:
        ents = [{"type": "person", "text": p} for p in PERSONS if p in r.text]
        ents += [{"type": "place", "text": p} for p in PLACES if p in r.text]
        d["entities"] = ents
    elif x < 0.7:
        d["entities"] = None
    y = WIRE.random()
    if y < 0.8:
        d["lang"] = "zh-CN"
    elif y < 0.9:
        d["lang"] = None
    return d


def build():
    declare_calendar()
    declare_events()
    declare_noise()
    declare_other()
    assign_ids()
    meinput = [wire_mi(r) for r in sorted(MI, key=lambda r: (r.obs, r.id))]
    chat = {MAIN: {"sessions": [], "messages": [], "runs": []}, OTHER: {"sessions": [], "messages": [], "runs": []}}
    for key, s in SESS.items():
        ms = s["msgs"]
        runs = [r for r in RUNS if r.extra["session"] == key]
        times = [r.obs for r in ms] + [r.obs for r in runs]
        c = chat[s["user"]]
        c["sessions"].append({"session_id": s["id"], "title": s["title"], "created_at": iso(min(times)),
                              "last_active_at": iso(max(times))})
        for r in ms:
            c["messages"].append({"message_id": r.id, "session_id": s["id"], "role": r.role, "content": r.text,
                                  "created_at": iso(r.obs, z=WIRE.random() < 0.05)})
        for r in runs:
            c["runs"].append({"run_id": r.id, "session_id": s["id"], "task": r.text, "status": r.extra["status"],
                              "started_at": iso(r.obs), "finished_at": iso(r.extra["finished"]),
                              "summary": r.extra["summary"]})
    for u in chat.values():
        u["sessions"].sort(key=lambda s: (s["created_at"], s["session_id"]))
        u["messages"].sort(key=lambda m: (m["created_at"], m["message_id"]))
        u["runs"].sort(key=lambda r: (r["started_at"], r["run_id"]))
    calendar = {MAIN: {"name": "秦淑兰", "timezone": "Asia/Shanghai", "events": [v.wire() for v in VEV if v.user == MAIN]},
                OTHER: {"name": "周子航", "timezone": "Asia/Shanghai", "events": [v.wire() for v in VEV if v.user == OTHER]}}
    events = [wire_event(e) for e in EV_ORDER]
    queries = build_queries()
    return {
        "meta": {"name": "temporal-recall dev9 set (written from /work/shared only)", "generator": "gen9.py",
                 "seed": SEED, "main_user": MAIN, "timezone": "Asia/Shanghai",
                 "period": {"start": iso(P0), "end": iso(P1)},
                 "notes": "events and queries describe u_dev9 only; every u_dev9_other record is a leak if shown for "
                          "u_dev9. event_time_grain=day means the whole calendar day of event_time (deadlines, "
                          "all-day items). Calendar refs: calendar:event:<UID> or calendar:event:<UID>:<RECURRENCE-ID> "
                          "(YYYYMMDDTHHMMSS, Asia/Shanghai) for instances of recurring events."},
        "users": [{"user_id": MAIN, "timezone": "Asia/Shanghai",
                   "persona": "秦淑兰，66岁，北京海淀，退休高中语文老师，丧偶；工作日带5岁孙女朵朵（蓝天幼儿园），社区合唱团，张罗老同学聚会"},
                  {"user_id": OTHER, "timezone": "Asia/Shanghai", "persona": "周子航，28岁，中关村游戏策划"}],
        "meinput": meinput, "chat": chat, "calendar": calendar, "events": events, "queries": queries}


# ============================================================ ground truth
def nc(e):
    return [r for r in e.recs if r.src != "cal"]


def first_obs(e):
    rs = nc(e)
    return min(r.obs for r in rs) if rs else None


def time_known_at(e):
    if e.et is None:
        return None
    if e.old:
        rs = [r.obs for r in nc(e) if r.anchor == "ev"]
        return min(rs) if rs else None
    return first_obs(e)


def point(r, e):
    a, _ = e.anchor(r.anchor)
    return (r.obs if r.grain == "a" else a + timedelta(minutes=r.shift))


def dedupe(e):
    precise, days = [], []
    names = (["ev"] if e.et is not None else []) + (["done"] if e.done else []) + [f"old{i}" for i in range(len(e.old))]
    for w in names:
        a, g = e.anchor(w)
        rs = [r for r in e.recs if r.anchor == w]
        p = [r for r in rs if g == "minute" and r.grain in ("m", "a") and abs(point(r, e) - a) <= Q15]
        if len(p) >= 2:
            precise.append(sorted(r.ref for r in p))
        d = [r for r in rs if r.grain == "d"]
        if len(d) >= 2:
            days.append(sorted(r.ref for r in d))
    return precise, days


def alabel(w):
    return {"ev": "event_time", "done": "completed_at"}.get(w) or f"superseded:{int(w[3:])}"


def wire_event(e):
    recs = sorted(e.recs, key=lambda r: (r.src == "cal", r.obs or P0, r.ref))
    precise, days = dedupe(e)
    changed = []
    for i, (x, g, reason) in enumerate(e.old):
        if reason == "rescheduled":
            c = time_known_at(e)
        else:
            later = [r.obs for r in nc(e) if r.anchor is None and r.obs is not None]
            c = max(later) if later else None
        changed.append({"time": iso(x), "grain": g, "reason": reason, "changed_at": iso(c)})
    return {"id": e.id, "title": e.title, "kind": e.kind, "importance": e.imp, "topics": e.topics,
            "event_time": iso(e.et), "event_time_grain": e.grain,
            "status": e.status or ("rescheduled" if e.old else None), "superseded": changed,
            "completed_at": iso(e.done), "records": [r.ref for r in recs], "calendar_only": not nc(e),
            "first_observed_at": iso(first_obs(e)), "time_known_at": iso(time_known_at(e)),
            "record_times": {r.ref: alabel(r.anchor) for r in recs if r.anchor and r.src != "cal"},
            "dedupe_sets": precise, "dedupe_sets_day": days}


# ============================================================ labelling (README "Labelling rules")
def iv(e):
    return None if e.et is None else (e.et, e.et + (DAY if e.grain == "day" else MIN1))


def ov(i, R):
    return i is not None and i[0] < R[1] and i[1] > R[0]


def within(t, R):
    return t is not None and R[0] <= t < R[1]


def label(q, R, W, now):
    spec = q["spec"]
    mode = q["mode_hint"]

    def known(e):
        return any(r.obs <= now for r in nc(e))

    def tk(e):
        x = time_known_at(e)
        return x is not None and x <= now

    def done_by(e):
        return e.done is not None and e.done <= now and any(e.done - timedelta(minutes=10) <= r.obs <= now for r in nc(e))

    def occurred(e):
        if e.kind in ("event", "decision"):
            i = iv(e)
            return i is not None and ov(i, R) and i[0] <= now and tk(e)
        if e.kind in ("todo", "commitment") and e.done is not None:
            return within(e.done, R) and done_by(e)
        return False

    def mentioned(e):
        src = spec.get("source")
        return any(r.role == "user" and r.obs <= now and within(r.obs, R)
                   and (src is None or r.src == {"mi": "mi", "chat": "chat"}[src])
                   and (not spec.get("text_re") or re.search(spec["text_re"], r.text)) for r in nc(e))

    def planned(e):
        i = iv(e)
        f = first_obs(e)
        return e.kind == "event" and ov(i, R) and f is not None and f < i[0] and tk(e)

    def created(e):
        f = first_obs(e)
        return e.kind in ("decision", "commitment", "todo") and within(f, R) and f <= now

    def due(e):
        return e.kind in ("todo", "commitment") and ov(iv(e), R) and known(e) and not done_by(e)

    def ambiguous(e):
        done_before = e.done is not None and e.done < R[0] and done_by(e)
        return occurred(e) or mentioned(e) or (ov(iv(e), R) and tk(e) and not done_before)

    rule = {"OCCURRED_IN": occurred, "MENTIONED_IN": mentioned, "PLANNED_IN": planned, "CREATED_IN": created,
            "DUE_IN": due, "AMBIGUOUS": ambiguous}[mode]
    topics = set(spec.get("topics") or [])
    tol = topics | set(spec.get("allow_topics") or [])

    def passes(e):
        return ((not spec.get("kinds") or e.kind in spec["kinds"])
                and (not spec.get("importance") or e.imp == spec["importance"])
                and (not topics or bool(topics & set(e.topics))))

    def touches(e, w):
        return (ov(iv(e), w) or any(ov((x, x + (DAY if g == "day" else MIN1)), w) for x, g, _ in e.old)
                or within(e.done, w) or any(within(r.obs, w) for r in nc(e)))

    must = [e for e in EV_ORDER if nc(e) and rule(e) and passes(e)]
    ids = {e.id for e in must}
    must_not = [e.id for e in EV_ORDER if not touches(e, W)]
    allowed = [e.id for e in EV_ORDER if e.id not in ids and touches(e, W) and (not topics or bool(tol & set(e.topics)))]
    key = {"OCCURRED_IN": "occurred", "MENTIONED_IN": "mentioned", "PLANNED_IN": "planned",
           "CREATED_IN": "created", "DUE_IN": "due"}
    groups = {}
    for e in must:
        if mode in key:
            groups[e.id] = key[mode]
        elif e.kind in ("event", "decision") and ov(iv(e), R) and iv(e)[0] <= now:
            groups[e.id] = "occurred"
        elif e.et is None or (not ov(iv(e), W) and not within(e.done, W)):
            groups[e.id] = "mentioned"
    return [e.id for e in must], must_not, allowed, groups


# ------------------------------------------------------------ query ranges (time-conventions.md)
def rng_of(name, arg, now):
    """-> (range, range_wide) per time-conventions.md (query rules) and README.md wide readings."""
    t = day0(now)
    mon = week0(now)
    if name in ("today", "yesterday", "day_before", "tomorrow", "day_after"):
        off = {"today": 0, "yesterday": -1, "day_before": -2, "tomorrow": 1, "day_after": 2}[name]
        R = (t + off * DAY, t + (off + 1) * DAY)
        return R, R
    if name in ("this_week", "last_week", "next_week"):
        off = {"this_week": 0, "last_week": -7, "next_week": 7}[name]
        R = (mon + timedelta(days=off), mon + timedelta(days=off + 7))
        return R, R
    if name == "weekday":                     # arg = (week offset, weekday, future?)
        wk, wd, fut = arg
        d = mon + timedelta(days=7 * wk + wd)
        if wk == 0 and fut and d + DAY <= now:
            d += 7 * DAY
        R = (d, d + DAY)
        return R, R
    if name == "before_weekday":              # X之前 = [now, end of X); wide from the week start
        wk, wd = arg
        d = mon + timedelta(days=7 * wk + wd)
        R = (now, d + DAY)
        return R, (min(mon, now), R[1])
    if name == "before_date":
        d = D(arg)
        R = (now, d + DAY)
        return R, (min(mon, now), R[1])
    if name == "before_month_end":
        R = (now, month0(now, 1))
        return R, (month0(now), R[1])
    if name == "date":
        d = D(arg)
        R = (d, d + DAY)
        return R, R
    if name == "recent_days":
        R = (t - (arg - 1) * DAY, t + DAY)
        return R, (min(R[0], now - timedelta(hours=24 * arg)), R[1])
    if name == "recent":
        R = (t - 6 * DAY, t + DAY)
        return R, (P0 - 365 * DAY, R[1])
    if name == "these_two_days":
        R = (t - DAY, t + DAY)
        return R, R
    if name == "this_morning":
        R = (t + timedelta(hours=6), t + timedelta(hours=12))
        return R, (t, t + timedelta(hours=13))
    if name == "last_night":
        R = (t - timedelta(hours=6), t)
        return R, (t - timedelta(hours=7), t + timedelta(hours=4))
    if name == "this_weekend":
        R = (mon + 5 * DAY, mon + 7 * DAY)
        return R, R
    if name == "last_weekend":
        R = (mon - 2 * DAY, mon)
        return R, R
    if name in ("this_month", "last_month"):
        a = 0 if name == "this_month" else -1
        R = (month0(now, a), month0(now, a + 1))
        return R, R
    if name == "none":                        # no time word: last 30 days up to now (api.md)
        R = (now - 30 * DAY, now)
        ahead = arg or 0                      # colloquial 明儿/后儿 (no time per the conventions): tolerate
        return R, (P0 - 365 * DAY, max(now, t + (1 + ahead) * DAY) if ahead else now)
    raise KeyError(name)


def Q(qid, now, text, mode, rname, arg=None, **spec):
    return dict(id=qid, now=now, query=text, mode=mode, rname=rname, arg=arg, spec=spec)


QUERIES = [
    # ---------------------------------------------------------------- OCCURRED_IN
    Q("o01", "04-21 21:30", "我今天都干了些啥？", "OCCURRED_IN", "today"),
    Q("o02", "04-25 22:00", "昨天我都忙了些什么？", "OCCURRED_IN", "yesterday"),
    Q("o03", "04-26 08:30", "上个周末我都干嘛了？", "OCCURRED_IN", "last_weekend"),
    Q("o04", "04-28 19:00", "今天做了哪些事？", "OCCURRED_IN", "today"),
    Q("o05", "05-02 21:00", "劳动节当天，也就是5月1号，我都干了啥？", "OCCURRED_IN", "date", "05-01"),
    Q("o06", "05-05 20:00", "上周我都做了什么？", "OCCURRED_IN", "last_week"),
    Q("o07", "05-07 18:00", "上周三我做了什么？", "OCCURRED_IN", "weekday", (-1, 2, False)),
    Q("o08", "05-09 21:00", "这周都完成了哪些事？", "OCCURRED_IN", "this_week"),
    Q("o09", "05-05 20:00", "前天我都干了些什么？", "OCCURRED_IN", "day_before"),
    Q("o10", "04-30 21:30", "这个月去过哪些医院？", "OCCURRED_IN", "this_month", topics=["hospital"]),
    Q("o11", "05-09 21:00", "上个月朵朵那边都有啥事儿？", "OCCURRED_IN", "last_month", topics=["kid"]),
    Q("o12", "04-23 08:30", "周三我干什么了？", "OCCURRED_IN", "weekday", (0, 2, False)),
    # ---------------------------------------------------------------- MENTIONED_IN
    Q("m01", "04-19 20:00", "我今天记了哪些东西？", "MENTIONED_IN", "today", source="mi"),
    Q("m02", "04-21 21:30", "昨晚我记了什么？", "MENTIONED_IN", "last_night", source="mi"),
    Q("m03", "04-22 20:30", "这两天我跟助手说过些什么？", "MENTIONED_IN", "these_two_days", source="chat"),
    Q("m04", "04-26 08:30", "上周我在聊天里跟助手说过什么？", "MENTIONED_IN", "last_week", source="chat"),
    Q("m05", "04-26 08:30", "今天上午都记了什么？", "MENTIONED_IN", "this_morning", source="mi"),
    Q("m06", "04-28 19:00", "我说过哪些跟老同学聚会有关的？", "MENTIONED_IN", "none", topics=["reunion"], text_re="聚会"),
    Q("m07", "04-30 21:30", "最近三天我提过什么？", "MENTIONED_IN", "recent_days", 3),
    Q("m08", "05-02 21:00", "五一那天（5月1号）我都说了什么？", "MENTIONED_IN", "date", "05-01"),
    Q("m09", "05-05 20:00", "我用 MeInput 记过哪些跟合唱团有关的？", "MENTIONED_IN", "none", source="mi",
      topics=["choir"], text_re="合唱|排练|汇演|服装费|歌词"),
    Q("m10", "05-07 18:00", "前天和助手都聊过什么？", "MENTIONED_IN", "day_before", source="chat"),
    Q("m11", "05-09 21:00", "最近我都说过什么跟朵朵有关的？", "MENTIONED_IN", "recent", topics=["kid"], text_re="朵朵"),
    Q("m12", "04-23 08:30", "昨天我說過什麼？", "MENTIONED_IN", "yesterday"),
    Q("m13", "04-28 19:00", "4月26号那天我都说了什么？", "MENTIONED_IN", "date", "04-26"),
    Q("m14", "05-06 21:00", "今天跟助手说了啥？", "MENTIONED_IN", "today", source="chat"),
    # ---------------------------------------------------------------- PLANNED_IN
    Q("p01", "04-19 20:00", "这周有什么安排？", "PLANNED_IN", "this_week"),
    Q("p02", "04-20 21:00", "明天有什么安排？", "PLANNED_IN", "tomorrow"),
    Q("p03", "04-22 20:30", "明天有什麼安排？", "PLANNED_IN", "tomorrow"),
    Q("p04", "04-23 08:30", "这个周末有什么安排？", "PLANNED_IN", "this_weekend"),
    Q("p05", "04-25 22:00", "下周有什么安排？", "PLANNED_IN", "next_week"),
    Q("p06", "04-26 08:30", "周三有什么安排？", "PLANNED_IN", "weekday", (0, 2, True)),
    Q("p07", "04-28 19:00", "后天有什么安排？", "PLANNED_IN", "day_after"),
    Q("p08", "04-30 21:30", "5月8号有什么安排？", "PLANNED_IN", "date", "05-08"),
    Q("p09", "05-02 21:00", "下周四有什么安排？", "PLANNED_IN", "weekday", (1, 3, False)),
    Q("p10", "05-05 20:00", "明儿朵朵那边有啥安排？", "PLANNED_IN", "none", 1, topics=["kid"]),
    Q("p11", "05-06 21:00", "这周末有啥安排？", "PLANNED_IN", "this_weekend"),
    Q("p12", "05-09 21:00", "周一有什么安排？", "PLANNED_IN", "weekday", (0, 0, True)),
    Q("p13", "04-21 21:30", "下周去医院的安排有哪些？", "PLANNED_IN", "next_week", topics=["hospital", "health"]),
    # ---------------------------------------------------------------- CREATED_IN
    Q("c01", "04-21 21:30", "这周我定了哪些事？", "CREATED_IN", "this_week", kinds=["decision"]),
    Q("c02", "04-26 08:30", "上周我答应过别人什么？", "CREATED_IN", "last_week", kinds=["commitment"]),
    Q("c03", "04-26 08:30", "上周我给自己记了哪些待办？", "CREATED_IN", "last_week", kinds=["todo"]),
    Q("c04", "04-30 21:30", "这周新添了哪些要办的事？", "CREATED_IN", "this_week", kinds=["todo", "commitment"]),
    Q("c05", "05-05 20:00", "上周我都定了些什么？", "CREATED_IN", "last_week"),
    Q("c06", "05-09 21:00", "这个月我答应过谁什么事？", "CREATED_IN", "this_month", kinds=["commitment"]),
    Q("c07", "04-28 19:00", "上上周我定了些啥？", "CREATED_IN", "last_week2", kinds=["decision"]),
    Q("c08", "04-23 08:30", "我最近答应过别人什么？", "CREATED_IN", "recent", kinds=["commitment"]),
    # ---------------------------------------------------------------- DUE_IN
    Q("u01", "04-19 20:00", "这周五之前要交什么？", "DUE_IN", "before_weekday", (0, 4)),
    Q("u02", "04-21 21:30", "下周二之前得办完哪些事？", "DUE_IN", "before_weekday", (1, 1)),
    Q("u03", "04-23 08:30", "这周日之前我得做什么？", "DUE_IN", "before_weekday", (0, 6)),
    Q("u04", "04-26 08:30", "月底之前要办完哪些事？", "DUE_IN", "before_month_end"),
    Q("u05", "04-28 19:00", "5月1号之前，也就是五一前，我得办完什么？", "DUE_IN", "before_date", "05-01"),
    Q("u06", "05-02 21:00", "下周四之前要交什么？", "DUE_IN", "before_weekday", (1, 3)),
    Q("u07", "05-05 20:00", "5月8号之前要办的事还有哪些？", "DUE_IN", "before_date", "05-08"),
    Q("u08", "05-07 18:00", "这周日之前还有什么没办？", "DUE_IN", "before_weekday", (0, 6)),
    Q("u09", "05-09 21:00", "这个月还有哪些到期没办的？", "DUE_IN", "this_month"),
    # ---------------------------------------------------------------- AMBIGUOUS
    Q("a01", "04-20 21:00", "我昨天有什么重要的事？", "AMBIGUOUS", "yesterday", importance="high"),
    Q("a02", "04-22 20:30", "我今天有什么重要的事？", "AMBIGUOUS", "today", importance="high"),
    Q("a03", "04-25 22:00", "这周有什么重要的事？", "AMBIGUOUS", "this_week", importance="high"),
    Q("a04", "04-26 08:30", "上周三有什么事？", "AMBIGUOUS", "weekday", (-1, 2, False)),
    Q("a05", "04-28 19:00", "聚会的事定下来了吗？", "AMBIGUOUS", "none", topics=["reunion"]),
    Q("a06", "04-30 21:30", "明天需要注意什么？", "AMBIGUOUS", "tomorrow", importance="high"),
    Q("a07", "05-02 21:00", "这周有什么要紧的？", "AMBIGUOUS", "this_week", importance="high"),
    Q("a08", "05-05 20:00", "最近有什么重要的事？", "AMBIGUOUS", "recent", importance="high"),
    Q("a09", "05-07 18:00", "昨天有什么事？", "AMBIGUOUS", "yesterday"),
    Q("a10", "05-09 21:00", "这周有什么重要的事？", "AMBIGUOUS", "this_week", importance="high"),
    Q("a11", "05-02 21:00", "降压药取了没有？", "AMBIGUOUS", "none", topics=["meds"]),
    Q("a12", "04-30 21:30", "昨儿朵朵那边有啥事儿？", "AMBIGUOUS", "none", 1, topics=["kid"]),

    Q("a14", "05-09 21:00", "下周有什么重要的事？", "AMBIGUOUS", "next_week", importance="high"),
]

SKIP = [
    ("s01", "04-19 20:00", "“明儿见”用英语怎么说？"),
    ("s02", "04-21 21:30", "帮我把‘下周三上午’翻译成英文"),
    ("s03", "04-23 08:30", "《我和我的祖国》第一句歌词是什么？"),
    ("s04", "04-26 08:30", "五一劳动节是怎么来的？"),
    ("s05", "04-28 19:00", "三天打鱼两天晒网是什么意思？"),
    ("s06", "04-30 21:30", "高血压的人早饭吃什么好？"),
    ("s07", "05-02 21:00", "给我写一首夸孙女的打油诗"),
    ("s08", "05-05 20:00", "帮我把“您明天有空吗”改得更客气一点"),
    ("s09", "05-07 18:00", "时间复杂度是什么意思？孙子问我的"),
]


def build_queries():
    out = []
    for q in QUERIES:
        now = T(q["now"])
        if q["rname"] == "last_week2":
            mon = week0(now)
            R = (mon - 14 * DAY, mon - 7 * DAY)
            W = R
        elif q["rname"] == "last_month_end":
            R = W = None
        else:
            R, W = rng_of(q["rname"], q["arg"], now)
        if R is None:
            continue
        spec = {"range": q["rname"]}
        if q["arg"] is not None:
            spec["arg"] = list(q["arg"]) if isinstance(q["arg"], tuple) else q["arg"]
        spec.update(q["spec"])
        d = {"id": q["id"], "query": q["query"], "now": iso(now), "mode_hint": q["mode"], "spec": spec}
        must, mn, al, groups = label(d, R, W, now)
        out.append({"id": q["id"], "query": q["query"], "now": iso(now), "mode_hint": q["mode"], "must": must,
                    "must_not": mn, "allowed": al, "groups": groups,
                    "range": {"start": iso(R[0]), "end": iso(R[1])},
                    "range_wide": {"start": iso(W[0]), "end": iso(W[1])}, "expect_skip": False, "spec": spec})
    for sid, now, text in SKIP:
        out.append({"id": sid, "query": text, "now": iso(T(now)), "mode_hint": None, "expect_skip": True,
                    "must": [], "must_not": [], "allowed": [], "groups": {}, "spec": {}})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "data.json"))
    a = ap.parse_args()
    data = build()
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")
    ev_ = data["events"]
    print(f"wrote {a.out}: meinput={len(data['meinput'])} messages="
          f"{sum(len(c['messages']) for c in data['chat'].values())} events={len(ev_)} queries={len(data['queries'])}")


if __name__ == "__main__":
    main()
