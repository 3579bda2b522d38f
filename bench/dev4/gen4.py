#!/usr/bin/env python3
"""Deterministic generator for the dev4 Temporal Recall evaluation set.

    python3 gen4.py [--out data.json]

Writes data.json next to this file in the format of shared/dev-eval/data.json
(meta, users, meinput, chat, calendar, events, queries). Python 3.11 standard
library only; fixed seeds, so running it twice gives identical bytes.

Persona (u_dev): 陈一帆, second-year master's student (环境工程, 微塑料 in 东湖)
at 江城大学 in 武汉; advisor 周老师, labmates 老孟 / 小葵, TA for 刘老师's lab
course, tutors a middle-school boy 乐乐 on Saturdays, rents a flat from 王阿姨,
boyfriend 阿哲, family in 宜昌 (妈妈, 外婆). Period 2026-12-07 (Mon) to
2026-12-27 (Sun), Asia/Shanghai.

How it works:
  * Every ground-truth event is declared with its true time ("MM-DD HH:MM"
    minute grain, "MM-DD" day grain, or None) and superseded times.
  * Every record text is written out by hand. A small zh-CN time parser (the
    forms of ../../../shared/time-conventions.md that the texts use) reads
    each event record relative to its own observed time; the generator asserts
    that every expression names the record's anchor (event time, completion or
    a superseded time) and that records claiming no time contain none. The
    anchor, the dedupe sets and the labels are derived from that.
  * Labels follow the rules of shared/dev-eval/README.md ("Labelling rules");
    README.md here says how the queries without a time word are read.
"""
import argparse
import json
import os
import random
import re
from datetime import datetime, timedelta, timezone

SEED = 20261207
TZ = timezone(timedelta(hours=8))
UTC = timezone.utc
PERIOD_START = datetime(2026, 12, 7, tzinfo=TZ)
PERIOD_END = datetime(2026, 12, 28, tzinfo=TZ)
MAIN_USER = "u_dev"
OTHER_USER = "u_dev_other"
HERE = os.path.dirname(os.path.abspath(__file__))

RNG = random.Random(SEED)                 # jitter, follow-ups
ID_RNG = random.Random(SEED * 7 + 3)      # ids
WIRE_RNG = random.Random(SEED + 99)       # Z times, optional fields

DAY = timedelta(days=1)
HOUR = timedelta(hours=1)
MIN1 = timedelta(minutes=1)
Q15 = timedelta(minutes=15)
FAR = timedelta(days=3650)


# ------------------------------------------------------------------ time utils
def _year(month):
    return 2027 if month < 6 else 2026


def T(s):
    """'MM-DD HH:MM[:SS]' -> aware datetime (+08:00); months before June are 2027."""
    s = s.strip()
    md, hm = s.split()
    mo, d = (int(x) for x in md.split("-"))
    parts = [int(x) for x in hm.split(":")]
    while len(parts) < 3:
        parts.append(0)
    return datetime(_year(mo), mo, d, parts[0], parts[1], parts[2], tzinfo=TZ)


def Dd(s):
    mo, d = (int(x) for x in s.split("-"))
    return datetime(_year(mo), mo, d, tzinfo=TZ)


def iso(dt, z=False):
    if dt is None:
        return None
    if z:
        return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return dt.astimezone(TZ).isoformat()


def day0(dt):
    return dt.replace(hour=0, minute=0, second=0, microsecond=0)


def week0(dt):
    d = day0(dt)
    return d - timedelta(days=d.weekday())


def month_start(dt, add=0):
    y, m = dt.year, dt.month + add
    y, m = y + (m - 1) // 12, (m - 1) % 12 + 1
    return datetime(y, m, 1, tzinfo=TZ)


# ------------------------------------------------------------ zh-CN text parser
# Only the forms of time-conventions.md that the stored texts use; read with the
# text rule (a bare weekday is the next one on or after the observed day).
CN = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
WDX = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
PARTS = {"凌晨": (0, 6), "上午": (6, 12), "中午": (11, 13), "下午": (12, 18), "晚上": (18, 24)}
_PER = "凌晨|早上|上午|中午|下午|傍晚|晚上"
_NUM = "[零一二两三四五六七八九十]{1,3}|\\d{1,2}"
TIME_RE = re.compile(
    r"(?P<date>(?P<mo>\d{1,2})月(?P<dd>\d{1,2})[日号](?:[（(](?:周|星期)(?P<ann>[一二三四五六日天])[)）])?)"
    r"|(?P<rel>大后天|大前天|今天|今日|明天|后天|昨天|前天)"
    r"|(?P<eve>今晚|昨晚)"
    r"|(?P<wkend>(?P<wep>这|上|下)?个?周末)"
    r"|(?P<rep>每(?:天|日|周|星期|礼拜|个?月|年)[一二三四五六日天]?)"
    r"|(?P<wday>(?P<wp>这|本|上|下)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天]))"
    r"|(?P<week>这周|本周|上周|下周|这个星期|上个星期)"
    r"|(?P<month>这个月|本月|上个月|下个月|月底|月末)"
    r"|(?P<ago>刚才|刚刚)"
    rf"|(?P<hm>(?P<hmp>{_PER})?(?P<hh>\d{{1,2}}):(?P<mm>\d{{2}}))"
    rf"|(?P<clock>(?P<cp>{_PER})?(?P<ch>{_NUM})点(?P<cm>半|一刻|整|(?:{_NUM})分?)?)"
    r"|(?P<part>凌晨|上午|中午|下午|晚上)"
)


def cn_int(s):
    if s.isdigit():
        return int(s)
    if "十" in s:
        a, _, b = s.partition("十")
        return (CN[a] if a else 1) * 10 + (CN[b] if b else 0)
    return CN[s]


class X:
    def __init__(self, text, grain, start, end):
        self.text, self.grain, self.start, self.end = text, grain, start, end

    def __repr__(self):
        return f"{self.text}<{self.grain} {self.start:%m-%d %H:%M}..{self.end:%m-%d %H:%M}>"


def _h24(h, period, evening):
    if period in ("下午", "傍晚", "晚上") and h < 12:
        return h + 12
    if period == "中午" and h < 6:
        return h + 12
    if evening and h < 12:
        return h + 12
    return h


def parse_text(text, obs):
    today = day0(obs)
    mon = week0(obs)
    out, held, last = [], None, None

    def flush():
        nonlocal held
        if held is not None:
            lab, d, part, _ = held
            if part is None:
                out.append(X(lab, "day", d, d + DAY))
            else:
                a, b = PARTS[part]
                out.append(X(lab, "part", d + a * HOUR, d + b * HOUR))
            held = None

    for m in TIME_RE.finditer(text):
        k, g = m.lastgroup, m.groupdict()
        glued = held is not None and text[last:m.start()].strip() == ""
        if k not in ("clock", "hm", "part") or not glued:
            flush()
        last = m.end()
        if k == "rep":
            continue
        if k == "date":
            base = datetime(obs.year, int(g["mo"]), int(g["dd"]), tzinfo=TZ)
            d = min((base.replace(year=obs.year + y) for y in (-1, 0, 1)),
                    key=lambda c: (abs((c - today).days), c))
            assert not g["ann"] or WDX[g["ann"]] == d.weekday(), f"weekday annotation wrong in {text!r}"
            held = (m.group(), d, None, False)
        elif k == "rel":
            off = {"大前天": -3, "前天": -2, "昨天": -1, "今天": 0, "今日": 0, "明天": 1, "后天": 2, "大后天": 3}
            held = (m.group(), today + off[m.group()] * DAY, None, False)
        elif k == "eve":
            held = (m.group(), today - (DAY if m.group() == "昨晚" else timedelta(0)), "晚上", True)
        elif k == "wday":
            wd = WDX[g["wd"]]
            if g["wp"] in ("上", "下"):
                d = mon + timedelta(days=wd + (7 if g["wp"] == "下" else -7))
            elif g["wp"] in ("这", "本"):
                d = mon + timedelta(days=wd)
            else:
                d = today + timedelta(days=(wd - today.weekday()) % 7)
            held = (m.group(), d, None, False)
        elif k == "wkend":
            s = mon + timedelta(days=5 + {"上": -7, "下": 7}.get(g["wep"], 0))
            out.append(X(m.group(), "week", s, s + 2 * DAY))
        elif k == "week":
            s = mon + timedelta(days={"上周": -7, "上个星期": -7, "下周": 7}.get(m.group(), 0))
            out.append(X(m.group(), "week", s, s + 7 * DAY))
        elif k == "month":
            w = m.group()
            if w in ("月底", "月末"):
                out.append(X(w, "month", today.replace(day=21), month_start(today, 1)))
            else:
                a = {"上个月": -1, "下个月": 1}.get(w, 0)
                out.append(X(w, "month", month_start(today, a), month_start(today, a + 1)))
        elif k == "ago":
            out.append(X(m.group(), "ago", obs - HOUR, obs))
        elif k in ("clock", "hm"):
            if k == "hm":
                h, mi, per = int(g["hh"]), int(g["mm"]), g["hmp"]
            else:
                h, per, cm = cn_int(g["ch"]), g["cp"], g["cm"]
                mi = (0 if not cm or cm == "整" else 30 if cm == "半" else 15 if cm == "一刻"
                      else cn_int(cm.rstrip("分")))
            lab, d, evening = m.group(), today, False
            if glued:
                hl, d, hpart, evening = held
                lab = hl + m.group()
                per = per or hpart
                held = None
            h = _h24(h, per, evening)
            assert 0 <= h < 24 and 0 <= mi < 60, f"impossible clock in {text!r}"
            t = d + timedelta(hours=h, minutes=mi)
            out.append(X(lab, "minute", t, t + MIN1))
        elif k == "part":
            if glued:
                hl, d, _, _ = held
                held = (hl + m.group(), d, m.group(), False)
            else:
                held = (m.group(), today, m.group(), False)
    flush()
    return out


def agrees(x, obs, a, grain):
    if grain == "day":
        if x.grain == "ago":
            return False
        if x.grain == "minute":
            return a <= x.start < a + DAY
        return x.start < a + DAY and x.end > a
    if x.grain == "minute":
        return abs(x.start - a) <= Q15
    if x.grain == "ago":
        return obs - HOUR <= a <= obs
    return x.start <= a < x.end


GRAIN_RANK = {"minute": 0, "ago": 1, "part": 2, "day": 3, "week": 4, "month": 5}


# ------------------------------------------------------------------ ids
_B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_SEEN = set()


def _uniq(s):
    assert s not in _SEEN, s
    _SEEN.add(s)
    return s


def ulid(dt):
    ms = int(dt.timestamp() * 1000)
    t = ""
    for _ in range(10):
        ms, r = divmod(ms, 32)
        t = _B32[r] + t
    return t + "".join(ID_RNG.choice(_B32) for _ in range(16))


def rand_id(prefix, n):
    while True:
        s = prefix + "".join(ID_RNG.choice("0123456789abcdefghijkmnpqrstvwxyz") for _ in range(n))
        if s not in _SEEN:
            return _uniq(s)


def cal_uid():
    h = "".join(ID_RNG.choice("0123456789abcdef") for _ in range(32))
    return _uniq(f"{h[:8]}-{h[8:12]}-4{h[13:16]}-b{h[17:20]}-{h[20:32]}@cal.jcu-grad.example")


# ------------------------------------------------------------- record model
class Rec:
    """src: 'mi' | 'chat' | 'run' | 'cal'; role: user | assistant | tool | run | cal."""

    def __init__(self, user, src, role, obs, text, event=None):
        self.user, self.src, self.role, self.obs, self.text, self.event = user, src, role, obs, text, event
        self.id = None
        self.claim = None          # 'ev' | 'done' | 'old0' ...
        self.xs = []
        self.extra = {}

    @property
    def ref(self):
        if self.src == "mi":
            return f"meinput:segment:{self.id}"
        if self.src == "chat":
            return f"chat:message:{self.id}"
        if self.src == "run":
            return f"chat:run:{self.id}"
        return self.extra["cal_ref"]


MI = []            # both users
SESSIONS = {}      # key -> dict(user, title, msgs, runs)
EVENTS = []
VEVENTS = []
CAL = {}


def jit(t, lo=0, hi=55):
    return t + timedelta(seconds=RNG.randint(lo, hi))


def session(user, key, title):
    k = (user, key)
    if k not in SESSIONS:
        SESSIONS[k] = {"user": user, "key": key, "title": title, "msgs": [], "runs": []}
    return SESSIONS[k]


def add_msg(s, rec):
    if s["msgs"]:
        assert rec.obs > s["msgs"][-1].obs, (s["title"], rec.text, rec.obs, s["msgs"][-1].obs)
    s["msgs"].append(rec)


FOLLOWUPS = [("好的，谢谢", "不客气，有需要随时找我。"), ("懂了", "好的，还有问题可以接着问。"),
             ("行，就这么办", "好嘞，有变化再跟我说。"), ("👍", "😊"), ("收到", "好的～"),
             ("OK", "好的，祝顺利！")]


def maybe_followup(s, user, p):
    if RNG.random() >= p:
        return
    u, a = RNG.choice(FOLLOWUPS)
    t1 = s["msgs"][-1].obs + timedelta(seconds=RNG.randint(25, 150))
    add_msg(s, Rec(user, "chat", "user", t1, u))
    add_msg(s, Rec(user, "chat", "assistant", t1 + timedelta(seconds=RNG.randint(3, 15)), a))


def tool_json(spec):
    return json.dumps(spec, ensure_ascii=False)


def make_run(user, t, task, summary, status, minutes):
    st = t + timedelta(seconds=RNG.randint(10, 35))
    r = Rec(user, "run", "run", st, task)
    r.extra.update(summary=summary, status=status,
                   finished=None if status == "running" else st + timedelta(minutes=minutes, seconds=RNG.randint(2, 50)))
    return r


# ------------------------------------------------------------- calendar model
class VEvent:
    def __init__(self, user, key, summary, start, end, all_day=False, weekly=None, exdates=(), location=None,
                 description=None, status="CONFIRMED", sequence=0, created=None, modified=None, utc=False,
                 overrides=None):
        self.user, self.key, self.summary = user, key, summary
        self.uid = cal_uid()
        self.start, self.end, self.all_day, self.weekly = start, end, all_day, weekly
        self.exdates = list(exdates)
        self.location, self.description, self.status, self.sequence = location, description, status, sequence
        self.created, self.modified = created, modified or created
        self.utc = utc
        self.overrides = overrides or {}
        VEVENTS.append(self)
        if user == MAIN_USER:
            CAL[key] = self

    def instances(self):
        if not self.weekly:
            return [(None, self.start, self.end)]
        out = []
        for i in range(self.weekly):
            s = self.start + timedelta(days=7 * i)
            if s in self.exdates:
                continue
            if s in self.overrides:
                o = self.overrides[s]
                out.append((s, o["start"], o["end"]))
            else:
                out.append((s, s, self.end + timedelta(days=7 * i)))
        return out

    def ref(self, rid=None):
        if rid is None:
            return f"calendar:event:{self.uid}"
        fmt = "%Y%m%d" if self.all_day else "%Y%m%dT%H%M%S"
        return f"calendar:event:{self.uid}:{rid.strftime(fmt)}"

    def wire(self):
        def t(x):
            return x.strftime("%Y-%m-%d") if self.all_day else iso(x)
        return {"uid": self.uid, "summary": self.summary, "start": t(self.start), "end": t(self.end),
                "all_day": self.all_day, "time_form": "utc" if self.utc else ("date" if self.all_day else "tzid"),
                "rrule": (f"FREQ=WEEKLY;BYDAY={['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'][self.start.weekday()]};"
                          f"COUNT={self.weekly}") if self.weekly else None,
                "exdates": [t(x) for x in self.exdates], "location": self.location,
                "description": self.description, "status": self.status, "sequence": self.sequence,
                "created": iso(self.created, z=True), "last_modified": iso(self.modified, z=True),
                "overrides": [{"recurrence_id": t(k), "start": t(v["start"]), "end": t(v["end"]),
                               "summary": v.get("summary", self.summary), "sequence": v.get("sequence", 1),
                               "last_modified": iso(v.get("modified", self.modified), z=True)}
                              for k, v in sorted(self.overrides.items())]}


# ------------------------------------------------------------------ events
class Ev:
    def __init__(self, eid, title, kind, importance, topics, at=None, done=None, old=(), status=None):
        assert kind in ("event", "todo", "decision", "mention", "commitment"), kind
        assert importance in ("high", "low")
        assert all(e.id != eid for e in EVENTS), eid
        self.id, self.title, self.kind, self.importance, self.topics = eid, title, kind, importance, list(topics)
        self.et, self.grain = self._t(at)
        self.done = T(done) if done else None
        self.old = []
        for tm, reason in old:
            assert reason in ("rescheduled", "cancelled")
            x, g = self._t(tm)
            self.old.append((x, g, reason))
        self.status = status or ("cancelled" if any(r == "cancelled" for *_, r in self.old) else None)
        if self.status == "cancelled":
            assert self.et is None, eid
        self.recs = []
        EVENTS.append(self)

    @staticmethod
    def _t(at):
        if at is None:
            return None, None
        if " " in at:
            return T(at), "minute"
        return Dd(at), "day"

    def anchors(self):
        out = []
        if self.et is not None:
            out.append(("ev", self.et, self.grain))
        if self.done is not None:
            out.append(("done", self.done, "minute"))
        for i, (x, g, _) in enumerate(self.old):
            out.append((f"old{i}", x, g))
        return out

    def _bind(self, r, claim=None):
        """Parse the record and find the anchor every expression names."""
        r.xs = parse_text(r.text, r.obs)
        if not r.xs:
            assert claim is None, (self.id, r.text, "claims a time but has no time expression")
            return r
        ok = [name for name, a, g in self.anchors() if all(agrees(x, r.obs, a, g) for x in r.xs)]
        assert ok, (self.id, r.text, f"{r.obs:%m-%d %H:%M}", r.xs, "no anchor agrees")
        if claim is not None:
            assert claim in ok, (self.id, r.text, claim, ok, r.xs)
        r.claim = claim or ok[0]
        return r

    def mi(self, obs, text, app=None, claim=None, exact=False):
        t = T(obs) if exact else jit(T(obs))
        r = self._bind(Rec(MAIN_USER, "mi", "user", t, text, self.id), claim)
        r.extra["app"] = app
        self.recs.append(r)
        MI.append(r)
        return r

    def say(self, skey, obs, text, reply=None, link_reply=True, claim=None, reply_claim=None, tool=None, run=None,
            title=None, followup=0.25, link_user=True):
        """A chat exchange: user message [, tool output] [, agent run] [, assistant reply]."""
        s = session(MAIN_USER, skey, title or self.title)
        t = jit(T(obs))
        u = Rec(MAIN_USER, "chat", "user", t, text, self.id if link_user else None)
        if link_user:
            self._bind(u, claim)
            self.recs.append(u)
        add_msg(s, u)
        cur = t
        if tool is not None:
            cur = cur + timedelta(seconds=RNG.randint(5, 18))
            add_msg(s, Rec(MAIN_USER, "chat", "tool", cur, tool_json(tool)))
        if run is not None:
            rr = make_run(MAIN_USER, t, *run)
            rr.event = self.id
            self._bind(rr)
            self.recs.append(rr)
            s["runs"].append(rr)
        if reply is not None:
            cur = cur + timedelta(seconds=RNG.randint(20, 95))
            a = Rec(MAIN_USER, "chat", "assistant", cur, reply, self.id if link_reply else None)
            if link_reply:
                self._bind(a, reply_claim)
                self.recs.append(a)
            add_msg(s, a)
        maybe_followup(s, MAIN_USER, followup)
        return s

    def cal(self, key, rid=None):
        v = CAL[key]
        if v.weekly:
            rid_t = T(rid)
            inst = [x for x in v.instances() if x[0] == rid_t]
            assert inst, (self.id, key, rid)
            start = inst[0][1]
            ref = v.ref(rid_t)
        else:
            start = v.start
            ref = v.ref()
        r = Rec(MAIN_USER, "cal", "cal", None, v.summary, self.id)
        r.extra.update(cal_ref=ref, start=start, all_day=v.all_day)
        hit = [name for name, a, g in self.anchors() if a == start]
        assert hit, (self.id, key, start)
        r.claim = hit[0]
        self.recs.append(r)
        return r


def nc(e):
    return [r for r in e.recs if r.src != "cal"]


# ================================================================ calendar (u_dev)
def declare_calendar():
    U, V = MAIN_USER, VEvent
    V(U, "group", "课题组组会", T("12-09 15:00"), T("12-09 17:00"), weekly=4, exdates=[T("12-23 15:00")],
      location="环境楼 B305", description="周老师课题组；每周轮流汇报", created=T("11-30 09:12"),
      overrides={T("12-16 15:00"): {"start": T("12-16 16:00"), "end": T("12-16 18:00"),
                                    "summary": "课题组组会（推迟一小时）", "sequence": 1,
                                    "modified": T("12-16 08:40")}})
    V(U, "badminton", "实验室羽毛球", T("12-09 19:30"), T("12-09 21:00"), weekly=3,
      location="西区体育馆 3号场", created=T("12-01 21:05"))
    V(U, "tutor", "家教：乐乐 初二数学", T("12-12 09:00"), T("12-12 11:00"), weekly=4, exdates=[T("12-19 09:00")],
      location="光谷 保利小区 5栋", created=T("12-02 20:30"),
      overrides={T("12-26 09:00"): {"start": T("12-27 14:00"), "end": T("12-27 16:00"),
                                    "summary": "家教：乐乐（改到周日下午）", "sequence": 1,
                                    "modified": T("12-22 19:50")}})
    V(U, "ta_class", "环境监测实验（助教）", T("12-08 14:00"), T("12-08 17:00"), weekly=2,
      location="环境楼 实验室 A108", description="刘老师的本科实验课", created=T("09-01 10:00"))
    V(U, "defense", "硕士中期答辩（第3组）", T("12-23 14:00"), T("12-23 17:30"), location="环境楼 A201",
      description="每人 10 分钟汇报 + 5 分钟提问", created=T("12-07 09:30"))
    V(U, "invigilate", "监考：环境监测实验期末", T("12-24 09:00"), T("12-24 11:00"), location="教三 302",
      created=T("12-17 15:40"))
    V(U, "lease", "续租签约（王阿姨）", T("12-20 15:00"), T("12-20 16:00"), location="家", sequence=1,
      created=T("12-08 19:35"), modified=T("12-12 18:10"))
    V(U, "drive", "科目二考试", T("12-17 08:00"), T("12-17 09:00"), location="金口考场", sequence=1,
      description="带身份证，提前 30 分钟到", created=T("12-08 12:35"), modified=T("12-14 17:50"))
    V(U, "anniv", "三周年纪念日晚餐", T("12-15 19:00"), T("12-15 21:00"), location="楚河汉街 云南菜馆",
      created=T("12-13 22:40"))
    V(U, "grandma", "外婆八十大寿", Dd("12-19"), Dd("12-20"), all_day=True, location="宜昌", created=T("12-07 21:20"))
    V(U, "train_home", "D3062 武汉→宜昌东", T("12-19 07:40"), T("12-19 09:52"), utc=True,
      description="二等座 05车08D", created=T("12-11 20:35"))
    V(U, "standup", "脱口秀专场（和小鱼）", T("12-12 19:30"), T("12-12 21:30"), location="江汉路 笑果剧场",
      status="CANCELLED", sequence=1, created=T("12-08 22:15"), modified=T("12-11 13:02"))


# ================================================================ u_dev events
def declare_events():
    E = Ev
    # ---------------------------------------------------------------- thesis / midterm
    e = E("midterm_report", "中期报告提交到研究生系统", "todo", "high", ["midterm", "thesis"], at="12-18",
          done="12-18 16:35")
    e.mi("12-07 09:05", "黄老师群里通知了，中期报告12月18号之前交到研究生系统", app="wechat")
    e.say("mid_plan", "12-07 20:40", "中期报告下周五截止，第二章的数据图还没弄完，帮我排一下这十天怎么干",
          reply="可以倒排：先用三天把第二章的图定稿，再用四天写结论和展望，最后留两天给周老师看、留一天提交缓冲。"
                "截止是12月18日（周五），别拖到最后一晚。", title="中期报告怎么排")
    e.mi("12-14 09:40", "中期报告还差结论那节，这周五前必须交", app="notes")
    e.say("mid_watch", "12-18 15:50", "帮我盯一下研究生系统，中期报告的提交入口有变化就告诉我",
          reply="好的，我会定时检查提交入口，状态有变化第一时间告诉你。",
          run=("监控研究生系统中期报告提交入口", "进行中：入口开放，已检查 1 次", "running", 0),
          title="盯研究生系统", followup=0)
    e.mi("12-18 16:41", "中期报告刚刚交上去了，总算松口气", app="voice")
    e.say("mid_food", "12-18 16:47", "刚才把报告交了！想吃顿好的犒劳自己，街道口附近有啥推荐",
          reply="街道口附近可以试试：一家开了二十年的老字号煲仔饭、评分很高的潮汕牛肉火锅，或者广埠屯那家小龙虾（冬天有蒜蓉虾尾）。",
          link_reply=False, title="犒劳自己", followup=0)

    e = E("midterm_defense", "硕士中期答辩", "event", "high", ["midterm", "thesis", "defense"], at="12-23 14:00")
    e.cal("defense")
    e.mi("12-07 09:07", "中期答辩定在12月23号下午两点，环境楼A201", app="wechat")
    e.say("defense_ask", "12-16 21:12", "我下周三是不是有个答辩来着？几点开始？",
          reply="是的，你记过：12月23日（周三）14:00 中期答辩，地点环境楼 A201。", title="答辩时间", followup=0)
    e.say("defense_ppt", "12-20 20:30", "帮我按中期报告生成一个答辩PPT的大纲",
          reply="抱歉，大纲没生成出来：上传的 PDF 解析失败。你可以把报告的目录直接贴给我，我按目录来排。",
          run=("生成中期答辩PPT大纲", "生成失败：上传的 PDF 无法解析", "failed", 2), title="答辩PPT", followup=0)
    e.mi("12-22 21:35", "明天下午答辩，PPT再过两遍就睡", app="voice")
    e.mi("12-23 17:45", "答辩结束！周老师说数据还得补，但总体过了", app="voice")

    e = E("meet_zhou_1214", "去周老师办公室过中期报告", "event", "high", ["advisor", "midterm", "thesis"],
          at="12-14 10:00")
    e.mi("12-11 17:10", "周老师让我下周一上午十点去他办公室过一遍中期报告", app="notes")
    e.mi("12-14 11:30", "和周老师聊完了，结论部分要重写，心累", app="voice")

    e = E("dec_ppt_scope", "定了：中期只讲第二章的数据", "decision", "low", ["midterm", "thesis"], at="12-16 18:00")
    e.mi("12-16 18:30", "定了，中期只讲第二章的数据，第三章等答辩后再说", app="notes")

    e = E("lit_review", "文献综述英文版初稿发给周老师", "todo", "low", ["thesis", "advisor"], at="12-31")
    e.mi("12-09 10:30", "月底前把文献综述英文版初稿发给周老师", app="notes")
    e.say("lit_plan", "12-21 14:00", "文献综述月底要交，现在才写了三分之一，帮我排个进度",
          reply="按12月31日截止倒推：每天写一千五百字左右，留最后两天统一改格式和参考文献。",
          run=("检索近三年微塑料沉积物相关英文文献", "已检索到 46 篇，按被引排序导出", "succeeded", 4),
          title="文献综述进度")

    e = E("abstract_submit", "环境化学大会摘要投稿", "todo", "high", ["conference", "paper"], at="12-20",
          done="12-19 23:10")
    e.mi("12-09 13:30", "环境化学大会的摘要12月20号截止，周老师让我一定投", app="notes")
    e.say("abstract_title", "12-15 22:00",
          "帮我看看摘要的英文标题：Occurrence of microplastics in urban lake sediments，投稿这周日截止",
          reply="标题可以更具体：Abundance and characteristics of microplastics in sediments of an urban lake in "
                "Wuhan。离周日截止没几天了，先把正文定稿再抠标题。", title="摘要标题")
    e.mi("12-19 23:15", "摘要投出去了，总算松口气，睡觉", app="voice")

    # ---------------------------------------------------------------- group meeting / lab
    e = E("group_mtg_1209", "组会（汇报东湖采样进展）", "event", "low", ["group_meeting"], at="12-09 15:00")
    e.cal("group", "12-09 15:00")
    e.mi("12-07 10:20", "嗯那个…周三组会轮到我讲采样进展，得做几页PPT", app="voice")
    e.say("gm_report", "12-08 21:05", "明天下午三点组会要汇报，帮我想想东湖采样进展怎么讲得有条理",
          reply="可以按“采样点—方法—初步结果—问题”四段讲：先用地图交代五个点位，再讲过滤和消解流程，"
                "结果部分放丰度柱状图，最后把三号点位的异常值作为问题抛出来。", title="组会汇报")

    e = E("group_mtg_1216", "组会（推迟一小时）", "event", "low", ["group_meeting"], at="12-16 16:00",
          old=[("12-16 15:00", "rescheduled")])
    e.cal("group", "12-16 15:00")
    e.mi("12-16 08:50", "下午三點的組會推遲到四點", app="wechat")
    e.say("gm_move", "12-16 09:02", "组会往后挪了一个小时，我想趁空去东湖补个样，来得及吗？",
          reply="从学校到东湖三号点位单程大约二十分钟，采样加过滤一个半小时左右，来得及；记得16:00组会前回来，样品先放冷藏。",
          title="补采样")
    e.mi("12-16 18:20", "组会被周老师批了，图太丑，以后统一用一套配色", app="voice")

    e = E("group_mtg_1223", "组会（取消，准备中期）", "event", "low", ["group_meeting"],
          old=[("12-23 15:00", "cancelled")])
    e.mi("12-21 12:30", "周老师说这周三组会不开了，大家专心准备中期答辩", app="wechat")

    e = E("group_mtg_1230", "组会（12月30日）", "event", "low", ["group_meeting"], at="12-30 15:00")
    e.cal("group", "12-30 15:00")

    e = E("resample", "重新采三号点位", "todo", "low", ["research", "sampling"], done="12-16 13:30")
    e.mi("12-09 17:20", "组会讲完了，周老师让我把三号点位重新采一次", app="voice")
    e.mi("12-16 13:40", "三号点位补采完了，湖边风大得手都冻僵了", app="voice")

    e = E("raman", "拉曼光谱测样", "event", "low", ["raman", "research"], at="12-18 09:00",
          old=[("12-15 14:00", "rescheduled")])
    e.mi("12-10 16:30", "拉曼约到了下周二下午两点", app="notes")
    e.mi("12-14 09:10", "拉曼平台通知机器检修，我的机时改到周五上午九点", app="wechat")
    e.mi("12-16 22:00", "拉慢测试的样品烘干了", app="voice")
    e.say("raman_prep", "12-17 22:10", "明天上午测拉曼，微塑料样品上机前要怎么处理？",
          reply="把滤膜上的颗粒转到铝箔或金膜上，保持干燥；测之前先用硅片校一下波数，激光功率从低往高调。",
          title="拉曼制样")
    e.mi("12-18 12:10", "拉曼测完了，谱图噪声有点大", app="notes")

    e = E("data_to_xiaokui", "答应小葵：整理去年东湖采样数据发她", "commitment", "low", ["lab", "xiaokui"],
          at="12-18", done="12-17 22:30")
    e.mi("12-14 12:00", "答应小葵周五前把去年东湖的采样数据整理好发她", app="notes")
    e.say("data_table", "12-17 21:00", "帮我把去年东湖采样的数据整理成一张总表，按点位和采样批次排",
          reply="整理好了：共5个点位、每个点位3个平行样，已按点位和批次排序，缺测的格子标成了灰色。",
          run=("整理东湖采样数据总表", "已生成 xlsx，共 180 行", "succeeded", 3), title="采样数据总表")
    e.mi("12-17 22:35", "数据打包发给小葵了", app="wechat")

    e = E("m_xiaokui_topic", "小葵也想做微塑料方向", "mention", "low", ["lab", "xiaokui"])
    e.mi("12-17 11:00", "小葵也想做微塑料，得找机会跟周老师说一下分工", app="notes")

    e = E("m_zhou_mood", "周老师在忙基金本子", "mention", "low", ["advisor"])
    e.mi("12-10 19:00", "老孟说周老师最近为了基金本子焦头烂额，少去办公室晃", app="voice")

    e = E("reimburse", "耗材报销单交给财务郑老师", "todo", "low", ["lab", "finance"], at="12-11")
    e.mi("12-07 15:10", "耗材报销单这周五前得交给财务郑老师，发票还差两张", app="notes")
    e.mi("12-15 12:40", "报销单还没交！发票只找到了一张", app="voice")
    e.say("reimb", "12-22 11:00", "报销的发票丢了一张怎么办？",
          reply="可以联系开票方补开，或者让商家提供发票复印件并加盖发票专用章，再附一份情况说明，一起交给财务。",
          title="发票丢了")

    e = E("backup_data", "把实验室电脑的数据备份到移动硬盘", "todo", "low", ["research"])
    e.mi("12-18 22:00", "实验室电脑的数据这两天得备份到移动硬盘", app="notes")

    e = E("lab_safety", "学院实验室安全培训", "event", "low", ["lab"], at="12-21 19:00")
    e.mi("12-18 10:00", "学院通知下周一晚上七点开实验室安全培训，必须去，要签到", app="wechat")
    e.mi("12-21 20:40", "安全培训签完到就溜了，讲的还是老三样", app="voice")

    e = E("bbq_cancel", "老孟请吃烧烤（取消）", "event", "low", ["lab"], old=[("12-10 18:30", "cancelled")])
    e.say("bbq", "12-08 16:10", "老孟说周四晚上请我们吃烧烤庆祝他投稿，我要不要带点什么？",
          reply="带点饮料或者水果就很合适，不用太破费。", title="烧烤")
    e.mi("12-10 15:20", "烧烤泡汤了，老孟的稿子被打回来要大修", app="voice")

    e = E("winter_solstice", "实验室冬至包饺子", "event", "low", ["lab", "food"], at="12-22 18:00")
    e.mi("12-17 16:00", "下周二晚上六点实验室包饺子过冬至，我负责买饺子皮", app="notes")
    e.say("dumplings", "12-22 16:00", "待会儿实验室包饺子，十个人买多少饺子皮合适？",
          reply="按每人二十个算，两百张左右，多买一包备用。肉馅一斤大约能包四五十个。", title="包饺子")
    e.mi("12-22 21:00", "饺子包了一百多个，老孟包的全破了哈哈", app="voice")

    e = E("dec_badminton", "决定每周三都去打羽毛球", "decision", "low", ["badminton", "health"], at="12-09 21:40")
    e.mi("12-09 21:46", "决定了，以后每周三羽毛球雷打不动，减肥就靠它", app="voice")

    e = E("badminton_1209", "实验室羽毛球（12月9日）", "event", "low", ["badminton"], at="12-09 19:30")
    e.cal("badminton", "12-09 19:30")
    e.mi("12-09 21:40", "今晚羽毛球打得很爽，就是膝盖有点酸", app="voice")
    e = E("badminton_1216", "实验室羽毛球（12月16日）", "event", "low", ["badminton"], at="12-16 19:30")
    e.cal("badminton", "12-16 19:30")
    e = E("badminton_1223", "实验室羽毛球（12月23日）", "event", "low", ["badminton"], at="12-23 19:30")
    e.cal("badminton", "12-23 19:30")

    e = E("m_knee", "膝盖又疼了", "mention", "low", ["health", "badminton"])
    e.mi("12-17 08:30", "膝盖又开始疼了，可能是羽毛球打多了", app="voice")

    # ---------------------------------------------------------------- TA work
    e = E("ta_class_1208", "环境监测实验课（助教）", "event", "low", ["ta"], at="12-08 14:00")
    e.cal("ta_class", "12-08 14:00")
    e.mi("12-08 17:30", "实验课上有个学生把移液枪摔了，心疼", app="voice")
    e = E("ta_class_1215", "环境监测实验课（助教，12月15日）", "event", "low", ["ta"], at="12-15 14:00")
    e.cal("ta_class", "12-15 14:00")

    e = E("grade_reports", "批完第三次实验报告", "todo", "low", ["ta"], at="12-11", done="12-11 16:00")
    e.mi("12-08 10:40", "刘老师催了，第三次实验报告这周五前批完", app="wechat")
    e.say("grading", "12-09 12:30", "批实验报告发现有三份几乎一模一样，助教该怎么处理？",
          reply="先别直接判零分：把雷同的部分标出来交给刘老师定夺，助教只负责如实反馈。", title="实验报告雷同")
    e.mi("12-11 16:05", "实验报告批完了，平均分78，雷同的三份交给刘老师了", app="notes")

    e = E("ta_scores", "平时成绩录进教务系统", "todo", "low", ["ta"], at="12-16", done="12-16 10:10")
    e.mi("12-10 15:30", "刘老师让我下周三前把平时成绩录进教务系统", app="wechat")
    e.mi("12-16 10:15", "平时成绩录完了，系统卡得要死", app="voice")

    e = E("invigilate", "监考环境监测实验期末", "event", "low", ["ta"], at="12-24 09:00")
    e.cal("invigilate")
    e.mi("12-17 15:30", "刘老师安排我下周四上午九点监考，环境监测期末", app="wechat")
    e.say("invig", "12-23 20:30", "明天早上8点50就得到考场监考，答辩完已经累瘫了，提醒我定个闹钟",
          reply="好的，12月24日（周四）09:00 监考，闹钟记得留出路上的时间，早饭别空着肚子。", title="监考提醒")
    e.mi("12-24 11:30", "监考完了，有个学生计算器没电，借了我的", app="voice")

    e = E("ta_final_grades", "期末卷子改完交给刘老师", "todo", "low", ["ta"], at="12-29")
    e.mi("12-24 12:40", "监考的卷子要在12月29号之前改完交给刘老师", app="notes")

    e = E("dec_no_ta", "定了：下学期不当助教", "decision", "low", ["ta"], at="12-24 12:00")
    e.say("no_ta", "12-24 12:20", "想好了，下学期不当助教了，专心做实验。你觉得我跟刘老师怎么开口比较好？",
          reply="可以先感谢他这学期的信任，再说明下学期实验任务重、需要全职泡在实验室，最后主动提出帮忙带一带接手的同学。",
          title="不当助教")

    # ---------------------------------------------------------------- scholarship / library / PhD
    e = E("scholarship", "学业奖学金申请材料交学院", "todo", "high", ["scholarship"], at="12-10",
          done="12-10 14:20")
    e.mi("12-07 11:30", "奖学金申请材料12月10号下午五点前交学院办公室", app="wechat")
    e.say("sch", "12-08 22:30", "奖学金申请表里的“科研成果”一栏，没有论文的话写什么？后天就要交了",
          reply="可以写在投或在写的稿件（注明“在投”“撰写中”）、参加的学术会议、专利或软件著作权，以及参与的课题和你承担的部分。",
          title="奖学金申请表")
    e.mi("12-10 14:25", "奖学金材料交到学院了，排队排了半个钟", app="voice")

    e = E("library_book", "还图书馆的《环境统计学》", "todo", "low", ["library"], at="12-14", done="12-16 12:30")
    e.mi("12-09 08:40", "图书馆那本《环境统计学》12月14号到期，记得还", app="notes")
    e.mi("12-16 12:35", "书还了，超期两天罚了两毛钱", app="voice")

    e = E("reply_phd", "给周老师答复硕博连读", "commitment", "low", ["phd", "advisor"], done="12-25 10:30")
    e.mi("12-16 21:00", "周老师问我硕博连读的事，让我下礼拜给他答复", app="notes")
    e.mi("12-25 10:40", "跟周老师答复了，硕博连读我报，他挺高兴", app="voice")

    e = E("dec_phd", "决定读博", "decision", "high", ["phd"], at="12-25 10:30")
    e.say("phd", "12-25 12:00", "我决定读博了！有点兴奋又有点怕，读博前要做哪些心理准备？",
          reply="恭喜做了决定！可以先接受三件事：进展常常是非线性的；和导师的沟通要主动、定期；给生活留出运动和社交的位置。"
                "再和师兄师姐聊聊他们踩过的坑。", title="读博")
    e.mi("12-25 12:30", "决定了：读博，方向还是微塑料", app="notes")

    e = E("phd_meeting", "和周老师聊读博方向", "event", "high", ["phd", "advisor"], at="12-28 09:30")
    e.mi("12-25 15:00", "周老师让我下周一早上9点半去办公室聊读博的方向", app="wechat")

    # ---------------------------------------------------------------- driving test
    e = E("drive_test", "科目二考试", "event", "high", ["driving"], at="12-17 08:00",
          old=[("12-18 13:30", "rescheduled")])
    e.cal("drive")
    e.mi("12-08 12:30", "科目二约上了，12月18号下午一点半", app="notes")
    e.mi("12-14 17:45", "吴教练说科目二提前到周四早上8点，得早点到考场", app="voice")
    e.say("drive", "12-14 17:50", "科目二提前到周四早上8点了，突然好慌，还能练几次？",
          reply="别慌，周四之前每天练一次就够，重点练倒车入库和侧方停车，考前睡够觉。", title="科目二")
    e.say("drive", "12-16 21:30", "明天一早考科目二，紧张到睡不着，有什么放松的办法？",
          reply="试试4-7-8呼吸：吸气4秒、屏住7秒、呼气8秒，做四轮。考试时只想下一个动作，不去想结果。",
          title="考前紧张")
    e.mi("12-17 10:05", "科目二一把过！！吴教练说我倒车入库最稳", app="voice")

    # ---------------------------------------------------------------- tutoring
    e = E("tutor_1212", "家教：给乐乐讲一次函数", "event", "low", ["tutoring"], at="12-12 09:00")
    e.cal("tutor", "12-12 09:00")
    e.mi("12-10 21:20", "周六家教给乐乐讲一次函数，得先备课", app="notes")
    e.mi("12-12 11:20", "给乐乐讲完一次函数了，这孩子一走神就转笔", app="voice")

    e = E("tutor_1219", "家教停一次（回宜昌）", "event", "low", ["tutoring"], old=[("12-19 09:00", "cancelled")])
    e.mi("12-14 20:10", "跟乐乐妈妈说好了，这周六的课停一次，我得回宜昌", app="wechat")

    e = E("tutor_1226", "家教改到周日下午", "event", "low", ["tutoring"], at="12-27 14:00",
          old=[("12-26 09:00", "rescheduled")])
    e.cal("tutor", "12-26 09:00")
    e.say("tutor_move", "12-22 19:40", "乐乐妈妈想把这周的家教改到周日下午两点，我答应了",
          reply="好的，家教改到12月27日（周日）14:00，记得把一次函数的练习卷带上。", title="家教改时间")
    e.mi("12-27 16:10", "乐乐的课上完了，期末应该能及格", app="voice")

    e = E("tutor_0102", "家教（1月2日）", "event", "low", ["tutoring"], at="01-02 09:00")
    e.cal("tutor", "01-02 09:00")

    # ---------------------------------------------------------------- lease
    e = E("lease_sign", "和房东王阿姨签续租合同", "event", "high", ["lease", "contract"], at="12-20 15:00",
          old=[("12-13 10:00", "rescheduled")])
    e.cal("lease")
    e.mi("12-08 19:30", "王阿姨说周日上午十点过来签续租合同", app="voice")
    e.say("lease", "12-08 19:41", "房东周日要来签续租合同，签之前我要注意看哪些条款？",
          reply="重点看四处：租金和押金金额、维修责任怎么分、提前退租的违约金、水电燃气怎么结算。签之前把房屋现状拍照留底。",
          title="续租合同")
    e.mi("12-12 18:05", "王阿姨临时回老家，签合同推迟到下周日下午三点", app="wechat")
    e.say("lease", "12-19 21:00", "明天下午房东来签合同，押金条要不要让她重写一张？",
          reply="建议在新合同里写明押金金额和退还条件，旧押金条收回作废就行，不用另写。")
    e.mi("12-20 16:20", "合同签好了，房租没涨，开心", app="voice")

    # ---------------------------------------------------------------- 阿哲
    e = E("anniversary", "和阿哲的三周年纪念日晚餐", "event", "high", ["azhe"], at="12-15 19:00")
    e.cal("anniv")
    e.mi("12-13 22:30", "后天是我和阿哲在一起三周年纪念日！订了后天晚上七点楚河汉街那家云南菜 so happy", app="notes")
    e.say("anniv", "12-13 22:34", "后天晚上七点纪念日晚餐，要不要再订个蛋糕？",
          reply="可以订个六寸的，两个人刚好；提前跟餐厅说好帮忙冷藏，吃完饭再端出来。", title="纪念日")
    e.say("anniv", "12-14 00:20", "明天纪念日，送男朋友什么礼物比较好？预算五百左右",
          reply="五百左右可以考虑：刻字的钢笔、用你们合照做的拍立得相册，或者他一直想要的耳机。实用又有心意最好。",
          title="纪念日礼物")
    e.mi("12-15 22:40", "纪念日晚饭超好次，阿哲居然偷偷准备了相册", app="voice")

    e = E("xmas_dinner", "和阿哲吃火锅过圣诞", "event", "low", ["azhe"], at="12-25 18:00")
    e.mi("12-21 12:00", "周五晚上六点和阿哲去吃火锅过圣诞", app="notes")
    e.say("xmas", "12-24 19:30", "明晚和男朋友吃火锅过圣诞，穿什么不容易沾味道？",
          reply="选表面光滑的面料，比如皮衣、尼龙外套，别穿毛呢和针织；进店先把外套套上店里的防护罩。", title="圣诞火锅")
    e.mi("12-25 22:10", "火锅吃撑了，圣诞快乐🎄", app="voice")

    e = E("movie_1226", "和阿哲看电影", "event", "low", ["azhe"], at="12-26 14:30")
    e.mi("12-23 22:00", "这周末和阿哲去看电影，他选片", app="notes")
    e.say("movie", "12-26 09:40", "下午两点半和阿哲看电影，帮我查查光谷影院附近有什么好吃的",
          reply="光谷步行街那边可以吃：老字号热干面、评分很高的湘菜馆，或者一家做烤肉的日料，都在影院步行五分钟内。",
          title="看电影")
    e.mi("12-26 17:50", "电影还行，结尾有点仓促", app="voice")

    e = E("m_azhe_leave", "阿哲元旦前后能请两天假", "mention", "low", ["azhe", "newyear"])
    e.mi("12-18 19:00", "阿哲说元旦前后他能请两天假", app="wechat")

    # ---------------------------------------------------------------- family (宜昌)
    e = E("grandma_bday", "外婆八十大寿", "event", "high", ["family", "grandma", "mom"], at="12-19")
    e.cal("grandma")
    e.say("mom_call", "12-07 21:10", "我妈说外婆八十大寿定在12月19号，让我一定回去",
          reply="八十大寿很隆重，可以提前准备一份有纪念意义的礼物，比如把外婆的老照片做成相册。需要的话我帮你列个清单。",
          title="外婆大寿")
    e.mi("12-10 20:00", "外婆八十大寿送什么？围巾还是按摩仪，纠结", app="notes")
    e.mi("12-19 21:30", "外婆寿宴结束，全家拍了大合照，外婆笑得合不拢嘴", app="voice")

    e = E("ppt_album", "答应妈妈：外婆大寿的照片PPT", "commitment", "high", ["family", "mom", "grandma"],
          at="12-13", done="12-13 16:00")
    e.say("album", "12-08 12:30", "我妈让我给外婆做个八十大寿的照片PPT，我答应她这周日之前给她，用什么做比较快？",
          reply="用剪映的“图文成片”或者 PPT 自带的相册功能都很快：先按年代把照片排好，配一首外婆喜欢的老歌，很快就能出初稿。",
          title="外婆相册PPT")
    e.mi("12-08 12:50", "答应老妈周日前做好外婆的相册PPT", app="notes")
    e.mi("12-13 16:05", "外婆的相册PPT做好发给我妈了，她说比婚庆公司做的还好", app="wechat")

    e = E("train_home", "D3062 回宜昌", "event", "low", ["family", "travel"], at="12-19 07:40")
    e.cal("train_home")
    e.say("train", "12-11 12:20", "帮我查一下下周六早上武汉到宜昌东的动车",
          tool={"fn": "rail.search", "args": {"from": "武汉", "to": "宜昌东", "date": "2026-12-19"},
                "result": [{"train": "D3062", "dep": "2026-12-19T07:40:00+08:00", "arr": "2026-12-19T09:52:00+08:00",
                            "second_class": "有"},
                           {"train": "G1581", "dep": "2026-12-19T08:55:00+08:00", "arr": "2026-12-19T11:01:00+08:00",
                            "second_class": "候补"}]},
          run=("查询武汉到宜昌东的动车余票", "已查询 2 个车次", "succeeded", 1),
          reply="12月19日（周六）07:40 武汉站出发的 D3062 比较合适，二等座还有余票。", title="回宜昌的车票")
    e.mi("12-11 20:30", "抢到下周六早上7:40的动车票了，D3062，二等座", app="notes")

    e = E("new_year_home", "答应妈妈元旦回宜昌", "commitment", "high", ["family", "mom", "newyear"], at="01-01")
    e.say("mom_ny", "12-12 20:40", "我妈又打电话问元旦回不回家，我答应她了，一定回",
          reply="那就早点把车票定下来，元旦前后的票很紧张。", title="元旦回家")
    e.mi("12-12 20:55", "答应老妈元旦回宜昌", app="notes")

    e = E("ticket_ny", "买元旦回宜昌的车票", "todo", "low", ["newyear", "travel"], at="12-31", done="12-22 12:05")
    e.mi("12-13 11:20", "月底前把元旦回宜昌的车票买了，不然又抢不到", app="notes")
    e.mi("12-22 12:08", "车票抢到了！", app="voice")

    e = E("train_ny", "元旦前回宜昌的动车", "event", "low", ["newyear", "travel", "family"], at="12-31 18:30")
    e.say("ny_train", "12-22 12:15", "帮我记一下：12月31号晚上6点半武汉站的动车回宜昌",
          reply="已记下：12月31日（周四）18:30 武汉站出发回宜昌。", title="记一下", followup=0)

    e = E("dec_newyear", "定了：元旦阿哲跟我回宜昌", "decision", "high", ["azhe", "family", "newyear"],
          at="12-22 20:00")
    e.say("ny_azhe", "12-22 20:10", "和阿哲商量好了，元旦他跟我一起回宜昌见我爸妈，好紧张",
          reply="第一次见家长，可以先跟爸妈打个招呼，聊聊阿哲的工作和爱好；礼物不用太贵，带点武汉特产就很好。",
          title="见家长")
    e.mi("12-22 20:25", "定了：元旦阿哲跟我回宜昌", app="notes")

    e = E("m_mom_health", "妈妈血压有点高", "mention", "low", ["mom", "family"])
    e.mi("12-20 21:40", "我妈血压有点高，得盯着她按时吃药", app="voice")

    # ---------------------------------------------------------------- daily life
    e = E("wisdom_tooth", "校医院拔智齿", "event", "low", ["health"], at="12-10 08:30")
    e.mi("12-09 22:30", "明早去校医院拔智齿，有点怂", app="voice")
    e.say("tooth", "12-10 07:30", "待会儿要拔智齿，拔完能吃什么？",
          reply="拔完先咬棉球止血，别急着吃东西；之后吃温凉的流食，比如粥、酸奶、蒸蛋，别用吸管，也别用那一侧嚼。",
          title="拔智齿")
    e.mi("12-10 10:40", "智齿拔了，脸肿成包子", app="voice")

    e = E("standup_cancel", "和小鱼看脱口秀（取消）", "event", "low", ["roommate", "leisure"],
          old=[("12-12 19:30", "cancelled")])
    e.cal("standup")
    e.mi("12-08 22:10", "小鱼非要拉我去看脱口秀，周六晚上七点半，票都买好了", app="voice")
    e.mi("12-11 13:00", "脱口秀取消了，说是主演生病，票钱原路退", app="wechat")
    e.say("standup", "12-11 13:05", "周六的脱口秀取消了，周六晚上武汉还有啥好玩的？",
          reply="可以去江滩看灯光秀，或者去黎黄陂路逛逛小店，再去吉庆街吃夜宵。", link_reply=False, title="周末去哪玩")

    e = E("utility_pay", "水电费转给小鱼", "todo", "low", ["roommate"], at="12-20")
    e.mi("12-15 21:30", "這週日前把水電費轉給小魚", app="notes")


# ================================================================ noise (u_dev)
NOISE_MI = [
    ("12-07 00:40", "凌晨了还睡不着，刷了一个小时小红书", "notes"),
    ("12-07 07:55", "今天大雪节气，武汉连个雪花都没有", "voice"),
    ("12-07 12:20", "食堂的热干面今天咸死了", "voice"),
    ("12-07 18:40", "地铁八号线挤成沙丁鱼", "voice"),
    ("12-08 08:05", "嗯…早上在实验室门口碰到老孟，他黑眼圈好重", "voice"),
    ("12-08 13:10", "背单词：sediment 沉积物，sorption 吸附，abundance 丰度", "notes"),
    ("12-08 23:50", "这周已经喝了五杯咖啡了，得戒", "notes"),
    ("12-09 09:20", "样品编号 DH-03-1205、DH-04-1205 别搞混", "clipboard"),
    ("12-09 14:40", "离心机转速8000转，十分钟", "notes"),
    ("12-09 19:00", "国庆后就没怎么运动过，体重涨了三斤", "voice"),
    ("12-10 12:50", "喝了杯霸王茶姬，伯牙绝弦少冰", "wechat"),
    ("12-10 17:40", "今天的東湖好美，拍了幾張照片", "notes"),
    ("12-10 23:30", "武汉的冬天没暖气，真的会冻哭", "voice"),
    ("12-11 08:30", "天气预报说下礼拜降温到零下，羽绒服得翻出来了", "voice"),
    ("12-11 10:15", "想法：可以用尼罗红染色快速筛微塑料", "notes"),
    ("12-11 14:30", "p值0.03，勉强显著，周老师会不会嫌弃", "notes"),
    ("12-11 22:40", "小鱼说周六要去她男朋友那住两天", "voice"),
    ("12-12 08:10", "三年前的今天还在考研考场上，感慨", "notes"),
    ("12-12 13:30", "快递到菜鸟驿站了，取件码 5-2-1203", "clipboard"),
    ("12-12 21:15", "外卖又洒了一半，差评", "wechat"),
    ("12-13 09:40", "周末的实验楼空荡荡的，就我和保洁阿姨", "voice"),
    ("12-13 14:10", "B站看了个讲拉曼原理的视频，比课上讲得清楚", "notes"),
    ("12-13 23:05", "这两天嗓子疼，多喝热水", "voice"),
    ("12-14 07:50", "闹钟响了三遍才起来", "voice"),
    ("12-14 15:20", "组里打印机又卡纸了，修了半天", "voice"),
    ("12-14 19:30", "楼下的橘猫又胖了一圈", "notes"),
    ("12-15 08:40", "lol 老孟的PPT全是动画特效", "notes"),
    ("12-15 16:10", "移动硬盘到了，2T，够用", "notes"),
    ("12-15 23:20", "减肥第十天，晚饭只吃了个苹果", "voice"),
    ("12-16 07:40", "早上食堂的豆皮排了二十分钟队", "voice"),
    ("12-16 20:45", "每天早上八点实验室门口排队刷卡，烦", "notes"),
    ("12-17 09:30", "论文图3配色改用viridis，好看多了", "notes"),
    ("12-17 13:20", "一年有多少个工作日来着，算了不想了", "notes"),
    ("12-17 20:10", "妈妈发来外婆年轻时的照片，好美", "wechat"),
    ("12-18 08:20", "昨晚只睡了五个小时，头好痛", "voice"),
    ("12-18 13:00", "食堂新开了个麻辣烫窗口，还行", "voice"),
    ("12-18 19:10", "阿哲发来他们公司年会抽到的扫地机器人照片", "wechat"),
    ("12-19 10:30", "动车上信号好差，一路断网", "voice"),
    ("12-19 15:00", "宜昌今天出太阳了，比武汉暖和", "voice"),
    ("12-20 00:20", "十二点多了还在跟表妹聊天", "notes"),
    ("12-20 11:00", "回武汉的车上补了一觉", "voice"),
    ("12-20 19:30", "meeting notes: site 3 needs more replicates", "notes"),
    ("12-21 08:00", "周一综合征，什么都不想干", "voice"),
    ("12-21 16:30", "实验室的纯水机又报警了", "voice"),
    ("12-22 10:20", "今天冬至，食堂说中午供应饺子", "voice"),
    ("12-22 23:40", "睡前喝了杯热牛奶", "notes"),
    ("12-23 08:30", "降温了，风吹得脸疼", "voice"),
    ("12-23 12:10", "中午随便扒了两口饭", "voice"),
    ("12-24 16:00", "平安夜，宿舍楼下有人摆蜡烛表白", "notes"),
    ("12-24 22:30", "下载了个番茄钟App试试", "notes"),
    ("12-25 09:00", "周老师在群里发了圣诞快乐的表情包", "wechat"),
    ("12-25 16:40", "两点建议给自己：少熬夜，多喝水", "notes"),
    ("12-26 08:30", "周六也来实验室，我真是劳模", "voice"),
    ("12-26 13:00", "午饭吃了碗牛肉粉，一点都不辣", "voice"),
    ("12-26 22:00", "今年看了23部电影，比去年少", "notes"),
    ("12-27 00:30", "凌晨十二点半还在打游戏，罪过", "notes"),
    ("12-27 10:00", "洗衣机又坏了，房东说明天来修", "voice"),
    ("12-27 18:30", "想家了，还有几天就元旦了", "voice"),
    ("12-08 15:30", "一会儿去取快递，顺便买瓶洗发水", "voice"),
    ("12-14 22:50", "我妈非要给我寄腊肉，说武汉的不好吃", "wechat"),
    ("12-21 22:15", "B站又刷到微塑料的科普，评论区吵起来了", "notes"),
]

# (session key, title, start, [(user, assistant[, tool])], gap minutes)
NOISE_DIALOGS = [
    ("n_micro", "随手问问", "12-07 13:00", [
        ("微塑料的定义是什么？多小才算“微”？",
         "一般把粒径小于5毫米的塑料颗粒称为微塑料，小于1微米的常叫纳米塑料。"),
        ("那海洋里的微塑料主要从哪来？", "主要来自轮胎磨损、合成纤维衣物洗涤、大块塑料垃圾的破碎，以及个人护理品里的微珠。"),
    ]),
    ("n_weather", "天气", "12-08 09:30", [
        ("武汉这周天气怎么样？", "周三起降温，周五最低零下一度，周末转晴，出门记得加衣。",
         {"fn": "wx.forecast", "args": {"place": "武汉"},
          "result": [{"ymd": "2026-12-08", "sky": "阴", "t_min": 4, "t_max": 11},
                     {"ymd": "2026-12-09", "sky": "小雨", "t_min": 2, "t_max": 7},
                     {"ymd": "2026-12-11", "sky": "阴", "t_min": -1, "t_max": 5},
                     {"ymd": "2026-12-12", "sky": "晴", "t_min": 0, "t_max": 9}]}),
    ]),
    ("n_trans1", "翻译", "12-09 20:30", [
        ("帮我把这句翻成英文：样品采集后24小时内完成过滤", "Samples were filtered within 24 hours of collection."),
    ]),
    ("n_kinetics", "随手问问", "12-10 22:00", [
        ("解释一下什么是一级动力学方程", "一级动力学指反应速率与反应物浓度的一次方成正比：ln(C0/C) = kt，半衰期 t1/2 = 0.693/k，与初始浓度无关。"),
        ("吸附实验里常用的是准一级还是准二级？", "两种都会拟合，用 R² 和计算出的平衡吸附量是否接近实验值来判断，微塑料吸附多数文献报告准二级拟合更好。"),
    ]),
    ("n_series", "推荐", "12-12 10:30", [
        ("推荐几部适合周末窝在家看的美剧", "轻松向可以看《Brooklyn Nine-Nine》《Ted Lasso》，烧脑向可以看《Severance》，下饭可以看《Friends》。"),
    ]),
    ("n_trans2", "翻译", "12-14 13:00", [
        ("Please translate into Chinese: The workshop will be held on Friday, 18 December at 3 pm in Room 204.",
         "研讨会将于12月18日（星期五）下午3点在204室举行。"),
    ]),
    ("n_origin", "Origin", "12-15 10:00", [
        ("Origin 怎么画双Y轴？", "选中数据后用 Plot → Multi-Curve → Double-Y；或者先画一条，再右键图层添加右侧Y轴并把第二列数据拖进去。"),
    ]),
    ("n_dongzhi", "随手问问", "12-17 14:00", [
        ("冬至为什么要吃饺子？", "北方有“冬至不端饺子碗，冻掉耳朵没人管”的说法，相传和张仲景用“娇耳”给百姓治冻疮有关；南方不少地方吃汤圆。"),
    ]),
    ("n_notice", "改通知", "12-22 09:00", [
        ("帮我把这个通知改得亲切一点：“请同学们于本周五前提交第四次实验报告，逾期不候”",
         "改写：“同学们好～第四次实验报告记得在本周五前交哦，逾期就没法收啦，有问题随时找我。”"),
    ]),
    ("n_distance", "随手问问", "12-24 15:00", [
        ("武汉到宜昌多少公里？开车要多久？", "走沪渝高速大约320公里，开车四个小时左右，节假日会更久。"),
    ]),
    ("n_weeks", "随手问问", "12-26 20:00", [
        ("一年有多少个星期？", "一年是52周零1天（闰年零2天）。"),
    ]),
    ("n_idiom", "翻译", "12-27 11:00", [
        ("“三天打鱼两天晒网”用英文怎么说？", "可以说 \"to work by fits and starts\"，或者 \"do things in a half-hearted way\"。"),
    ]),
]

# a multi-day English practice session (noise)
ENGLISH_PRACTICE = [
    ("12-19 22:00", "Let's practise English small talk. Topic: hobbies. I'll start: I like playing badminton.",
     "Great! How often do you play, and who do you usually play with?"),
    ("12-19 22:06", "Usually with my labmates, it's a good way to relax.", "Nice. Try adding a detail: what do you enjoy most about it?"),
    ("12-20 22:10", "Let's continue. Today's topic: travel. I went back to my hometown Yichang this weekend.",
     "Lovely! What's Yichang famous for? Try to describe one place there."),
    ("12-21 22:30", "Yichang is famous for the Three Gorges Dam. The river view is amazing.",
     "Very good! Small fix: \"the view of the river is amazing\" sounds more natural."),
]

NOISE_RUNS = [
    ("n_scrape", "学院通知", "12-12 16:00", "帮我抓取一下学院官网最新的研究生通知",
     "抱歉，学院官网拒绝了访问请求，抓取没成功。",
     ("抓取学院官网研究生通知", "目标网站拒绝访问（403）", "failed", 1)),
    ("n_rename", "整理照片", "12-20 21:00", "把采样照片按日期批量重命名",
     "好的，已取消。", ("批量重命名采样照片", "用户已取消", "cancelled", 1)),
]


def noise_mi(user, obs, text, app=None):
    r = Rec(user, "mi", "user", jit(T(obs)), text)
    r.extra["app"] = app
    MI.append(r)
    return r


def noise_exchange(user, skey, title, obs, utext, reply, tool=None, run=None, followup=0.0):
    s = session(user, skey, title)
    t = jit(T(obs))
    add_msg(s, Rec(user, "chat", "user", t, utext))
    cur = t
    if tool is not None:
        cur += timedelta(seconds=RNG.randint(5, 18))
        add_msg(s, Rec(user, "chat", "tool", cur, tool_json(tool)))
    if run is not None:
        s["runs"].append(make_run(user, t, *run))
    if reply is not None:
        cur += timedelta(seconds=RNG.randint(20, 95))
        add_msg(s, Rec(user, "chat", "assistant", cur, reply))
    maybe_followup(s, user, followup)


def declare_noise_dev():
    for obs, text, app in NOISE_MI:
        noise_mi(MAIN_USER, obs, text, app)
    for key, title, start, exchanges in NOISE_DIALOGS:
        t = T(start)
        for ex in exchanges:
            noise_exchange(MAIN_USER, key, title, t.strftime("%m-%d %H:%M"), ex[0], ex[1],
                           tool=ex[2] if len(ex) > 2 else None, followup=0.2)
            last = SESSIONS[(MAIN_USER, key)]["msgs"][-1].obs
            t = max(t + timedelta(minutes=RNG.randint(2, 6)), last.replace(second=0) + 2 * MIN1)
    for obs, u, a in ENGLISH_PRACTICE:
        noise_exchange(MAIN_USER, "n_english", "English practice", obs, u, a)
    for key, title, obs, u, a, run in NOISE_RUNS:
        noise_exchange(MAIN_USER, key, title, obs, u, a, run=run)


# ================================================================ u_dev_other (isolation)
# 赵磊, personal trainer at a gym in 光谷. Several times collide with u_dev's on purpose.
OTHER_MI = [
    ("12-07 07:10", "早课带了六个会员做HIIT，嗓子喊哑了"),
    ("12-07 20:30", "刘姐体脂降到28了，继续保持"),
    ("12-08 21:02", "明天下午三点刘姐私教，练臀腿，记得带弹力带"),
    ("12-09 16:10", "刘姐今天硬拉做到40公斤，进步明显"),
    ("12-10 12:00", "蛋白粉快喝完了，下单两桶"),
    ("12-11 19:40", "搏击团课来了二十个人，爆满"),
    ("12-12 09:15", "两天都排满了课，腰有点吃不消"),
    ("12-13 22:31", "后天晚上七点会员答谢会彩排，场地在三楼操房"),
    ("12-14 08:00", "店长说要冲年卡业绩，压力山大"),
    ("12-15 21:30", "答谢会彩排结束，音响又出问题"),
    ("12-16 14:00", "新会员小王深蹲姿势全错，得从徒手练起"),
    ("12-17 18:00", "体测仪器校准了一遍"),
    ("12-19 21:05", "明天下午三点跟新会员签年卡合同，带上POS机"),
    ("12-20 16:00", "年卡签了两张，提成有着落了"),
    ("12-21 07:30", "冬天早上起不来，健身房开门都晚了"),
    ("12-22 20:00", "明天下午两点给三个新会员做体测"),
    ("12-23 15:30", "体测做完了，三个人都偏胖"),
    ("12-24 09:30", "平安夜健身房也没人，冷清"),
    ("12-25 19:00", "店里搞活动，办卡送私教课"),
    ("12-26 10:00", "乳酸堆积了，跑步机上走了半小时"),
]
OTHER_DIALOGS = [
    ("o_diet", "减脂餐", "12-08 11:00", [
        ("帮我写个减脂期一周的食谱，女生，1500大卡", "思路：高蛋白、中碳水、低脂。早餐燕麦+鸡蛋+牛奶，午餐糙米饭+鸡胸+西兰花，晚餐红薯+鱼虾+绿叶菜，每天换着搭配。"),
    ]),
    ("o_plateau", "平台期", "12-11 14:00", [
        ("怎么跟会员解释平台期？", "可以说：身体适应了当前的训练和饮食，消耗变少了，这是正常现象；调整训练强度和饮食结构，一般两到四周就能突破。"),
    ]),
    ("o_copy", "文案", "12-14 12:00", [
        ("写一条年卡促销的朋友圈文案，突出送私教课", "年卡限时福利来啦！现在办卡加送私教课，专业教练一对一带练，练出好身材不再靠自律硬撑～"),
    ]),
    ("o_squat", "动作纠正", "12-18 13:30", [
        ("深蹲膝盖内扣怎么纠正？", "先练臀中肌：弹力带侧走、蚌式开合；深蹲时想象膝盖往外推，对准第二、三脚趾，重量先降下来。"),
    ]),
    ("o_test", "体测", "12-22 20:10", [
        ("明天下午两点的体测要准备哪些表格？", "准备健康问卷（PAR-Q）、体成分记录表、围度表和动作评估表，最好再备一份会员目标确认单。"),
    ]),
    ("o_trans", "翻译", "12-26 11:00", [
        ("Translate: Consistency beats intensity.", "坚持胜过强度。"),
    ]),
]
OTHER_RUNS = [
    ("o_runs1", "体测报告", "12-14 12:30", "帮我生成一个会员体测报告模板", "模板做好了，包含体成分、围度和动作评估三部分。",
     ("生成会员体测报告模板", "已生成模板", "succeeded", 2)),
    ("o_runs2", "课时统计", "12-22 21:00", "导出我这个月的私教课时统计", "导出失败：排课系统没有授权。",
     ("导出私教课时统计", "排课系统未授权", "failed", 1)),
    ("o_runs3", "续卡名单", "12-25 20:00", "整理一下快到期的会员名单", "行，这个任务先停下了。",
     ("整理会员续卡名单", "用户已取消", "cancelled", 1)),
]


def declare_other():
    U = OTHER_USER
    for obs, text in OTHER_MI:
        noise_mi(U, obs, text, WIRE_RNG.choice(["notes", "voice", "wechat"]))
    for key, title, start, exchanges in OTHER_DIALOGS:
        t = T(start)
        for u, a in exchanges:
            noise_exchange(U, key, title, t.strftime("%m-%d %H:%M"), u, a)
            t += timedelta(minutes=5)
    for key, title, obs, u, a, run in OTHER_RUNS:
        noise_exchange(U, key, title, obs, u, a, run=run)
    VEvent(U, "o_pt", "私教·刘姐（臀腿）", T("12-09 15:00"), T("12-09 16:00"), location="光谷店 2F 私教区",
           created=T("12-05 18:00"))
    VEvent(U, "o_test", "新会员体测", T("12-23 14:00"), T("12-23 15:30"), location="光谷店 体测室",
           created=T("12-18 10:00"))
    VEvent(U, "o_class", "燃脂搏击团课", T("12-07 19:00"), T("12-07 20:00"), weekly=3, location="光谷店 操房",
           created=T("11-28 09:00"))


PERSONS = ["周老师", "老孟", "小葵", "刘老师", "黄老师", "郑老师", "王阿姨", "阿哲", "小鱼", "乐乐", "吴教练", "外婆",
           "刘姐", "小王"]
ORGS = ["江城大学", "研究生系统", "教务系统", "图书馆", "校医院", "驾校", "拉曼平台", "楚河汉街", "宜昌"]


def entities(text):
    out = [{"type": "person", "text": p} for p in PERSONS if p in text]
    out += [{"type": "org", "text": o} for o in ORGS if o in text]
    return out


# ================================================================ ids and wire
def assign_ids():
    for r in sorted(MI, key=lambda r: (r.obs, r.user, r.text)):
        r.id = _uniq("seg_" + ulid(r.obs))
    sessions = sorted(SESSIONS.values(), key=lambda s: (s["msgs"][0].obs, s["user"], s["key"]))
    for s in sessions:
        s["id"] = rand_id("sess_", 10)
        for m in s["msgs"]:
            m.id = rand_id("msg_", 12)
        for r in s["runs"]:
            r.id = rand_id("run_", 10)
    return sessions


def wire_meinput(r, imp_of, z):
    rng = WIRE_RNG
    rec = {"evidence_id": r.id, "user_id": r.user, "type": "expression_segment", "text": r.text,
           "observed_at": iso(r.obs, z=z)}
    app = r.extra.get("app") or rng.choice(["notes", "voice", "wechat"])
    imp = imp_of.get(r.event)
    importance = round(rng.uniform(0.68, 0.95) if imp == "high" else rng.uniform(0.3, 0.7) if imp == "low"
                       else rng.uniform(0.05, 0.5), 2)
    conf = round(rng.uniform(0.7, 0.9) if app == "voice" else rng.uniform(0.86, 0.99), 2)
    roll = rng.random()
    if roll > 0.1:
        rec["app"] = app
    elif roll > 0.05:
        rec["app"] = None
    roll = rng.random()
    if roll > 0.12:
        rec["importance"] = importance
    elif roll < 0.06:
        rec["importance"] = None
    if rng.random() > 0.06:
        rec["confidence"] = conf
    ents = entities(r.text)
    roll = rng.random()
    if ents or roll < 0.4:
        rec["entities"] = ents
    elif roll < 0.5:
        rec["entities"] = None
    roll = rng.random()
    if roll > 0.15:
        rec["lang"] = "zh-CN"
    elif roll > 0.08:
        rec["lang"] = None
    return rec


def wire_chat(sessions, user):
    out = {"sessions": [], "messages": [], "runs": []}
    for s in sessions:
        if s["user"] != user:
            continue
        first, last = s["msgs"][0].obs, s["msgs"][-1].obs
        for r in s["runs"]:
            last = max(last, r.extra["finished"] or r.obs)
        out["sessions"].append({"session_id": s["id"], "title": s["title"],
                                "created_at": iso(first - timedelta(seconds=WIRE_RNG.randint(1, 25))),
                                "last_active_at": iso(last)})
        for m in s["msgs"]:
            out["messages"].append({"message_id": m.id, "session_id": s["id"], "role": m.role,
                                    "content": m.text, "created_at": iso(m.obs)})
        for r in s["runs"]:
            out["runs"].append({"run_id": r.id, "session_id": s["id"], "task": r.text, "status": r.extra["status"],
                                "started_at": iso(r.obs), "finished_at": iso(r.extra["finished"]),
                                "summary": r.extra["summary"]})
    k = round(0.05 * len(out["messages"]))
    for i in WIRE_RNG.sample(range(len(out["messages"])), k=k):
        m = out["messages"][i]
        m["created_at"] = iso(datetime.fromisoformat(m["created_at"]), z=True)
    key = lambda x: datetime.fromisoformat(x.replace("Z", "+00:00"))
    out["messages"].sort(key=lambda m: (key(m["created_at"]), m["message_id"]))
    out["runs"].sort(key=lambda r: (key(r["started_at"]), r["run_id"]))
    return out


# ================================================================ ground truth
def ev_iv(e):
    if e.et is None:
        return None
    return e.et, e.et + (DAY if e.grain == "day" else MIN1)


def first_obs(e):
    rs = nc(e)
    return min(r.obs for r in rs) if rs else None


def time_known_at(e):
    """When MeInput/chat made the effective time known (for a rescheduled event: the first record
    whose every time expression names the new time)."""
    if e.et is None:
        return None
    if not e.old:
        return first_obs(e)
    ok = [r.obs for r in nc(e) if r.xs and all(agrees(x, r.obs, e.et, e.grain) for x in r.xs)]
    return min(ok) if ok else None


def changed_at(e, i):
    reason = e.old[i][2]
    if reason == "rescheduled":
        return time_known_at(e)
    rs = [r.obs for r in nc(e) if r.claim == f"old{i}"]
    return max(rs) if rs else None


def alabel(c):
    return {"ev": "event_time", "done": "completed_at"}.get(c) or f"superseded:{int(c[3:])}"


def dedupe_sets(e):
    """Records naming the same anchor: within ±15 min (minute grain) or on the same day (day grain)."""
    precise, days = {}, {}
    for r in e.recs:
        if r.src == "cal":
            (days if r.extra["all_day"] else precise).setdefault(r.claim, []).append(r.ref)
            continue
        if not r.xs:
            continue
        a, g = next((a, g) for name, a, g in e.anchors() if name == r.claim)
        best = min(r.xs, key=lambda x: GRAIN_RANK[x.grain])
        if g == "minute" and best.grain in ("minute", "ago"):
            point = best.start if best.grain == "minute" else r.obs
            if abs(point - a) <= Q15:
                precise.setdefault(r.claim, []).append(r.ref)
        elif best.grain == "day":
            days.setdefault(r.claim, []).append(r.ref)
    return ([sorted(v) for v in precise.values() if len(v) >= 2],
            [sorted(v) for v in days.values() if len(v) >= 2])


def wire_event(e):
    recs = sorted(e.recs, key=lambda r: (r.src == "cal", r.obs or PERIOD_START, r.ref))
    precise, days = dedupe_sets(e)
    return {"id": e.id, "title": e.title, "kind": e.kind, "importance": e.importance, "topics": e.topics,
            "event_time": iso(e.et), "event_time_grain": e.grain,
            "status": e.status or ("rescheduled" if e.old else None),
            "superseded": [{"time": iso(x), "grain": g, "reason": reason, "changed_at": iso(changed_at(e, i))}
                           for i, (x, g, reason) in enumerate(e.old)],
            "completed_at": iso(e.done),
            "records": [r.ref for r in recs],
            "calendar_only": not nc(e),
            "first_observed_at": iso(first_obs(e)),
            "time_known_at": iso(time_known_at(e)),
            "record_times": {r.ref: alabel(r.claim) for r in recs if r.src != "cal" and r.claim},
            "dedupe_sets": precise, "dedupe_sets_day": days}


# ================================================================ labelling
def overlaps(iv, R):
    return iv is not None and iv[0] < R[1] and iv[1] > R[0]


def inr(t, R):
    return t is not None and R[0] <= t < R[1]


def tk(e, now):
    t = time_known_at(e)
    return t is not None and t <= now


def known(e, now):
    return any(r.obs <= now for r in nc(e))


def done_by(e, now):
    return (e.done is not None and e.done <= now
            and any(e.done - timedelta(minutes=10) <= r.obs <= now for r in nc(e)))


def is_occurred(e, R, now):
    if e.kind in ("event", "decision"):
        iv = ev_iv(e)
        return iv is not None and overlaps(iv, R) and iv[0] <= now and tk(e, now)
    if e.kind in ("todo", "commitment") and e.done is not None:
        return inr(e.done, R) and done_by(e, now)
    return False


def is_mentioned(e, R, now, source=None, text_re=None):
    src = {"mi": "mi", "chat": "chat", None: None}[source]
    return any(r.role == "user" and r.obs <= now and inr(r.obs, R) and (src is None or r.src == src)
               and (not text_re or re.search(text_re, r.text)) for r in nc(e))


def is_planned(e, R, now):
    iv = ev_iv(e)
    fo = first_obs(e)
    return e.kind == "event" and overlaps(iv, R) and fo is not None and fo < iv[0] and tk(e, now)


def is_created(e, R, now):
    fo = first_obs(e)
    return e.kind in ("decision", "commitment", "todo") and inr(fo, R) and fo <= now


def is_due(e, R, now):
    return e.kind in ("todo", "commitment") and overlaps(ev_iv(e), R) and known(e, now) and not done_by(e, now)


def is_ambiguous(e, R, now, source=None):
    done_before = e.done is not None and e.done < R[0] and done_by(e, now)
    return (is_occurred(e, R, now) or is_mentioned(e, R, now, source)
            or (overlaps(ev_iv(e), R) and tk(e, now) and not done_before))


def related(e, W):
    return (overlaps(ev_iv(e), W)
            or any(overlaps((x, x + (DAY if g == "day" else MIN1)), W) for x, g, _ in e.old)
            or inr(e.done, W) or any(inr(r.obs, W) for r in nc(e)))


NATIONAL_DAY = datetime(2026, 10, 1, tzinfo=TZ)


def ranges(name, now, arg=None):
    """(narrow, wide) half-open ranges per time-conventions.md; wide = the generous reading."""
    d, w = day0(now), week0(now)
    one = lambda a, b: ((a, b), (a, b))
    if name == "today":
        return one(d, d + DAY)
    if name == "yesterday":
        return one(d - DAY, d)
    if name == "day_before":
        return one(d - 2 * DAY, d - DAY)
    if name == "day_before_evening":
        # 前天晚上 = [D-2 18:00, D-1 00:00) by the conventions; check_data.py's query parser reads the
        # whole day, so the stored range is the whole day and the day is built so both give the same
        # labels (asserted in build_queries).
        return one(d - 2 * DAY, d - DAY)
    if name == "tomorrow":
        return one(d + DAY, d + 2 * DAY)
    if name == "day_after":
        return one(d + 2 * DAY, d + 3 * DAY)
    if name == "these_two_days":
        return one(d - DAY, d + DAY)
    if name == "this_week":
        return one(w, w + 7 * DAY)
    if name == "last_week":
        return one(w - 7 * DAY, w)
    if name == "week_before_last":
        return one(w - 14 * DAY, w - 7 * DAY)
    if name == "next_week":
        return one(w + 7 * DAY, w + 14 * DAY)
    if name == "weekday":
        off, wd = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x, x + DAY)
    if name == "weekday_part":
        off, wd, a, b = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x + a * HOUR, x + b * HOUR)
    if name == "this_weekend":
        return one(w + 5 * DAY, w + 7 * DAY)
    if name == "last_weekend":
        return one(w - 2 * DAY, w)
    if name == "recent3":
        return (d - 2 * DAY, d + DAY), (d - 3 * DAY, d + DAY)
    if name == "recent":
        return (d - 6 * DAY, d + DAY), (d - FAR, d + DAY)
    if name == "before_weekday":
        off, wd = arg
        end = w + timedelta(days=7 * off + wd + 1)
        return (now, end), (w, end)
    if name == "before_month_end":
        return (now, month_start(d, 1)), (month_start(d), month_start(d, 1))
    if name == "before_date":
        end = Dd(arg) + DAY
        return (now, end), (w, end)
    if name == "this_month":
        return one(month_start(d), month_start(d, 1))
    if name == "last_month":
        return one(month_start(d, -1), month_start(d))
    if name == "this_morning":
        return (d + 6 * HOUR, d + 12 * HOUR), (d, d + 13 * HOUR)
    if name == "last_night":
        return (d - 6 * HOUR, d), (d - 7 * HOUR, d + 4 * HOUR)
    if name == "date":
        x = Dd(arg)
        return one(x, x + DAY)
    if name == "since_holiday":
        return (NATIONAL_DAY, now), (NATIONAL_DAY, d + DAY)
    if name == "all":
        # no time word: api.md's last 30 days up to now; the wide range adds the 30-day horizon ahead
        # (time-conventions.md "Windows ahead"), so upcoming items are tolerated, never required.
        return (now - timedelta(days=30), now), (now - timedelta(days=30), now + timedelta(days=30))
    raise KeyError(name)


MODE_GROUP = {"OCCURRED_IN": "occurred", "MENTIONED_IN": "mentioned", "PLANNED_IN": "planned",
              "CREATED_IN": "created", "DUE_IN": "due"}


def label(now, mode, spec, R, W):
    kinds, imp, topics = spec.get("kinds"), spec.get("importance"), spec.get("topics")
    tolerated = set(topics or []) | set(spec.get("allow_topics") or [])
    source, text_re = spec.get("source"), spec.get("text_re")

    def rule(e):
        if not nc(e):
            return False
        return {"OCCURRED_IN": lambda: is_occurred(e, R, now),
                "MENTIONED_IN": lambda: is_mentioned(e, R, now, source, text_re),
                "PLANNED_IN": lambda: is_planned(e, R, now),
                "CREATED_IN": lambda: is_created(e, R, now),
                "DUE_IN": lambda: is_due(e, R, now),
                "AMBIGUOUS": lambda: is_ambiguous(e, R, now, source)}[mode]()

    def passes(e):
        return ((not kinds or e.kind in kinds) and (not imp or e.importance == imp)
                and (not topics or bool(set(topics) & set(e.topics))))

    must = [e for e in EVENTS if rule(e) and passes(e)]
    ids = {e.id for e in must}
    must_not = [e.id for e in EVENTS if not related(e, W)]
    allowed = [e.id for e in EVENTS if e.id not in ids and related(e, W) and (not topics or tolerated & set(e.topics))]
    groups = {}
    for e in must:
        if mode in MODE_GROUP:
            groups[e.id] = MODE_GROUP[mode]
        elif e.kind in ("event", "decision") and overlaps(ev_iv(e), R) and ev_iv(e)[0] <= now:
            groups[e.id] = "occurred"
        elif e.et is None or (not overlaps(ev_iv(e), W) and not inr(e.done, W)):
            groups[e.id] = "mentioned"
    assert not (ids & set(must_not))
    return [e.id for e in must], must_not, allowed, groups


# ------------------------------------------------------------------ queries
NA, NB, NC, ND = "12-07 21:30", "12-09 12:10", "12-11 18:40", "12-13 22:15"
NE, NF, NG, NH = "12-14 08:20", "12-17 12:30", "12-18 23:40", "12-21 07:55"
NI, NJ, NK = "12-23 21:00", "12-26 10:00", "12-27 21:00"
TD = ["todo", "commitment"]

QUERY_SPECS = [
    # OCCURRED_IN
    ("q01", "昨天我都干了啥？", NB, "OCCURRED_IN", dict(range="yesterday")),
    ("q02", "前天晚上我干嘛了？", NF, "OCCURRED_IN", dict(range="day_before_evening")),
    ("q03", "上个周末我都忙了些什么？", NE, "OCCURRED_IN", dict(range="last_weekend")),
    ("q04", "12月19号那天都发生了哪些事？", NK, "OCCURRED_IN", dict(range="date", arg="12-19")),
    ("q05", "今天上午干了些什么？", NF, "OCCURRED_IN", dict(range="this_morning")),
    ("q06", "上个月我都做了些什么？", NK, "OCCURRED_IN", dict(range="last_month", empty=True)),
    ("q07", "上周三我做了什么？", NH, "OCCURRED_IN", dict(range="weekday", arg=(-1, 2))),
    ("q08", "昨晚我干嘛了？", NG, "OCCURRED_IN", dict(range="last_night")),
    ("q09", "这周到现在做了哪些事情？", NC, "OCCURRED_IN", dict(range="this_week")),
    ("q10", "上周我做了哪些重要的事？", NH, "OCCURRED_IN", dict(range="last_week", importance="high")),
    ("q11", "这个周末我都干了些什么？", NK, "OCCURRED_IN", dict(range="this_weekend")),
    ("q12", "上上周我都忙了些啥？", NJ, "OCCURRED_IN", dict(range="week_before_last")),
    # MENTIONED_IN
    ("q13", "我昨天说过要做什么？", NE, "MENTIONED_IN", dict(range="yesterday", kinds=TD)),
    ("q14", "上周我在聊天里跟助手说过什么？", NH, "MENTIONED_IN", dict(range="last_week", source="chat")),
    ("q15", "今天上午都记了什么？", NF, "MENTIONED_IN", dict(range="this_morning", source="mi")),
    ("q16", "最近三天我提过的要紧事有哪些？", NG, "MENTIONED_IN", dict(range="recent3", importance="high")),
    ("q17", "上周三我在 MeInput 里记了啥？", NH, "MENTIONED_IN", dict(range="weekday", arg=(-1, 2), source="mi")),
    ("q18", "前天和助手都聊过什么？", NJ, "MENTIONED_IN", dict(range="day_before", source="chat")),
    ("q19", "我用 MeInput 记过哪些跟拉曼有关的？", NK, "MENTIONED_IN",
     dict(range="all", source="mi", topics=["raman"], text_re="拉曼|拉慢")),
    ("q20", "昨晚我记了什么？", NH, "MENTIONED_IN", dict(range="last_night", source="mi")),
    ("q21", "这两天我都说过些什么？", NF, "MENTIONED_IN", dict(range="these_two_days")),
    ("q22", "上周我提过哪些跟阿哲有关的事？", NH, "MENTIONED_IN", dict(range="last_week", topics=["azhe"])),
    ("q23", "这个月我说起过我妈的哪些事？", NK, "MENTIONED_IN",
     dict(range="this_month", topics=["mom"], allow_topics=["family", "grandma"])),
    ("q24", "12月10号那天我都说了什么？", NK, "MENTIONED_IN", dict(range="date", arg="12-10")),
    # PLANNED_IN
    ("q25", "今天都有啥安排？", NH, "PLANNED_IN", dict(range="today")),
    ("q26", "明天有什么行程？", NI, "PLANNED_IN", dict(range="tomorrow")),
    ("q27", "下周都有哪些安排？", NK, "PLANNED_IN", dict(range="next_week")),
    ("q28", "这周都安排了些什么？", NH, "PLANNED_IN", dict(range="this_week")),
    ("q29", "今天上午有哪些安排？", NE, "PLANNED_IN", dict(range="this_morning")),
    ("q30", "周五上午有什么安排？", NF, "PLANNED_IN", dict(range="weekday_part", arg=(0, 4, 6, 12))),
    ("q31", "这个周末有什么安排？", NC, "PLANNED_IN", dict(range="this_weekend")),
    ("q32", "后天都要干嘛？", NI, "PLANNED_IN", dict(range="day_after")),
    ("q33", "下周一有什么安排？", ND, "PLANNED_IN", dict(range="weekday", arg=(1, 0))),
    ("q34", "12月23号有什么安排？", NE, "PLANNED_IN", dict(range="date", arg="12-23")),
    ("q35", "周六有什么安排？", NF, "PLANNED_IN", dict(range="weekday", arg=(0, 5))),
    ("q36", "昨天有什么安排来着？", NJ, "PLANNED_IN", dict(range="yesterday")),
    # CREATED_IN
    ("q37", "这周都定下了什么？", NK, "CREATED_IN", dict(range="this_week", kinds=["decision"])),
    ("q38", "最近定下来的事有哪些？", NG, "CREATED_IN", dict(range="recent", kinds=["decision"])),
    ("q39", "这周我都答应了别人哪些事？", NG, "CREATED_IN", dict(range="this_week", kinds=["commitment"])),
    ("q40", "国庆以来我答应过哪些事？", NK, "CREATED_IN", dict(range="since_holiday", kinds=["commitment"])),
    ("q41", "这个月新记了哪些待办？", NC, "CREATED_IN", dict(range="this_month", kinds=TD)),
    ("q42", "上周记了哪些待办？", NH, "CREATED_IN", dict(range="last_week", kinds=TD)),
    ("q43", "上上周我答应了家里哪些事？", NK, "CREATED_IN",
     dict(range="week_before_last", kinds=["commitment"], topics=["family"])),
    ("q44", "前天定了什么事吗？", NJ, "CREATED_IN", dict(range="day_before", kinds=["decision"])),
    # DUE_IN
    ("q45", "这周五之前要交什么？", NB, "DUE_IN", dict(range="before_weekday", arg=(0, 4))),
    ("q46", "下周一之前得搞定哪些事？", NC, "DUE_IN", dict(range="before_weekday", arg=(1, 0))),
    ("q47", "这周都有什么要交的？", NE, "DUE_IN", dict(range="this_week")),
    ("q48", "下周有哪些事要搞定？", NH, "DUE_IN", dict(range="next_week")),
    ("q49", "月底之前有哪些事要搞定？", NJ, "DUE_IN", dict(range="before_month_end")),
    ("q50", "12月18号之前要交的东西有哪些？", NE, "DUE_IN", dict(range="before_date", arg="12-18")),
    ("q51", "明天有什么要交的？", NF, "DUE_IN", dict(range="tomorrow")),
    ("q52", "今天有什么要交的吗？", NC, "DUE_IN", dict(range="today")),
    ("q53", "下周三之前要交什么？", ND, "DUE_IN", dict(range="before_weekday", arg=(1, 2))),
    ("q54", "还有什么要交的？", NJ, "DUE_IN", dict(range="all")),
    ("q55", "有没有忘记什么事？", NG, "DUE_IN", dict(range="all")),
    # AMBIGUOUS
    ("q56", "我昨天有什么重要的事？", NE, "AMBIGUOUS", dict(range="yesterday", importance="high")),
    ("q57", "今天有哪些要紧的事？", NI, "AMBIGUOUS", dict(range="today", importance="high")),
    ("q58", "这周我有哪些重要的事？", NJ, "AMBIGUOUS", dict(range="this_week", importance="high")),
    ("q59", "上周有什么重要的事吗？", NK, "AMBIGUOUS", dict(range="last_week", importance="high")),
    ("q60", "最近三天有什么需要注意的？", NF, "AMBIGUOUS", dict(range="recent3", importance="high")),
    ("q61", "合同什么时候签？", NF, "AMBIGUOUS", dict(range="all", topics=["lease"], allow_topics=["contract"])),
    ("q62", "续租的事办妥了没？", NK, "AMBIGUOUS", dict(range="all", topics=["lease"], allow_topics=["contract"])),
    ("q63", "这周组会那边有什么变动？", NI, "AMBIGUOUS", dict(range="this_week", topics=["group_meeting"])),
    ("q64", "最近论文方面进展怎么样？", NK, "AMBIGUOUS",
     dict(range="recent", topics=["thesis"], allow_topics=["midterm", "paper", "conference", "advisor"])),
    ("q65", "这个月都有哪些重要的事情？", NC, "AMBIGUOUS", dict(range="this_month", importance="high")),
    ("q66", "上周三有什么事？", NH, "AMBIGUOUS", dict(range="weekday", arg=(-1, 2))),
    ("q67", "今天我要注意些什么？", NE, "AMBIGUOUS", dict(range="today", importance="high")),
    ("q68", "我有什么安排？", NA, "AMBIGUOUS", dict(range="all", kinds=["event"])),
    ("q69", "接下来要干嘛？", NA, "AMBIGUOUS", dict(range="all")),
    # normal chat: no temporal recall
    ("s01", "“中期答辩”用英文怎么说？", NB, "SKIP", dict(skip=True)),
    ("s02", "把“请于本周五前提交实验报告”翻译成英文", NC, "SKIP", dict(skip=True)),
    ("s03", "写一段冬至和朋友包饺子的朋友圈文案", NH, "SKIP", dict(skip=True)),
    ("s04", "帮我写一封给导师的邮件，说明下周想请两天假回家", NE, "SKIP", dict(skip=True)),
    ("s05", "微塑料对人体有什么危害？", NF, "SKIP", dict(skip=True)),
    ("s06", "解释一下什么是半衰期", ND, "SKIP", dict(skip=True)),
    ("s07", "“三天打鱼两天晒网”是什么意思？", NJ, "SKIP", dict(skip=True)),
    ("s08", "科目二倒车入库有什么技巧？", NA, "SKIP", dict(skip=True)),
    ("s09", "异地恋怎么维持感情？", NI, "SKIP", dict(skip=True)),
    ("s10", "Origin 里怎么把横坐标改成“2026年12月”这种日期格式？", NK, "SKIP", dict(skip=True)),
]


def build_queries():
    out = []
    for qid, text, now_s, mode, spec in QUERY_SPECS:
        now = T(now_s)
        q = {"id": qid, "query": text, "now": iso(now), "mode_hint": None if mode == "SKIP" else mode}
        if spec.get("skip"):
            q.update(expect_skip=True, must=[], must_not=[], allowed=[], groups={})
        else:
            R, W = ranges(spec["range"], now, spec.get("arg"))
            must, must_not, allowed, groups = label(now, mode, spec, R, W)
            if spec["range"] == "day_before_evening":
                d = day0(now) - 2 * DAY
                ev = (d + 18 * HOUR, d + DAY)
                m2, _, _, g2 = label(now, mode, spec, ev, ev)
                assert m2 == must and g2 == groups, (qid, must, m2)
            q.update(must=must, must_not=must_not, allowed=allowed, groups=groups,
                     range={"start": iso(R[0]), "end": iso(R[1])},
                     range_wide={"start": iso(W[0]), "end": iso(W[1])})
            q["expect_skip"] = False
            n = len(must)
            if spec.get("empty"):
                assert n == 0, (qid, must)
            else:
                assert 1 <= n <= 12, (qid, n, must)
        q["spec"] = {k: (list(v) if isinstance(v, tuple) else v) for k, v in spec.items()
                     if k not in ("skip", "empty")}
        out.append(q)
    return out


# ================================================================ main
def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(HERE, "data.json"))
    args = ap.parse_args()

    declare_calendar()
    declare_events()
    declare_noise_dev()
    declare_other()
    sessions = assign_ids()
    for r in MI:
        assert PERIOD_START <= r.obs < PERIOD_END, r.text
    for s in sessions:
        for m in s["msgs"]:
            assert PERIOD_START <= m.obs < PERIOD_END, m.text
    imp_of = {e.id: e.importance for e in EVENTS}
    mi_sorted = sorted(MI, key=lambda r: (r.user != MAIN_USER, r.obs))
    z_idx = set()
    for user in (MAIN_USER, OTHER_USER):
        idx = [i for i, r in enumerate(mi_sorted) if r.user == user]
        z_idx |= set(WIRE_RNG.sample(idx, k=round(0.10 * len(idx))))
    meinput = [wire_meinput(r, imp_of, z=i in z_idx) for i, r in enumerate(mi_sorted)]
    data = {
        "meta": {
            "name": "temporal-recall dev4 set (independent)", "generator": "gen4.py", "seed": SEED,
            "main_user": MAIN_USER, "timezone": "Asia/Shanghai",
            "period": {"start": iso(PERIOD_START), "end": iso(PERIOD_END)},
            "notes": "events and queries describe u_dev only; every u_dev_other record is a leak if shown for "
                     "u_dev. event_time_grain=day means the whole calendar day of event_time (deadlines, "
                     "all-day items). Calendar refs: calendar:event:<UID> or calendar:event:<UID>:<RECURRENCE-ID> "
                     "(YYYYMMDDTHHMMSS, Asia/Shanghai) for instances of recurring events. Queries without a time "
                     "word: range = the last 30 days up to now (api.md), range_wide adds 30 days ahead.",
        },
        "users": [
            {"user_id": MAIN_USER, "timezone": "Asia/Shanghai",
             "persona": "陈一帆，江城大学环境学院研二（东湖微塑料课题），武汉；导师周老师，助教，周六做家教；"
                        "男朋友阿哲，老家宜昌（妈妈、外婆）"},
            {"user_id": OTHER_USER, "timezone": "Asia/Shanghai", "persona": "赵磊，光谷一家健身房的私教"},
        ],
        "meinput": meinput,
        "chat": {MAIN_USER: wire_chat(sessions, MAIN_USER), OTHER_USER: wire_chat(sessions, OTHER_USER)},
        "calendar": {
            MAIN_USER: {"name": "陈一帆", "timezone": "Asia/Shanghai",
                        "events": [v.wire() for v in VEVENTS if v.user == MAIN_USER]},
            OTHER_USER: {"name": "赵磊", "timezone": "Asia/Shanghai",
                         "events": [v.wire() for v in VEVENTS if v.user == OTHER_USER]},
        },
        "events": [wire_event(e) for e in EVENTS],
        "queries": build_queries(),
    }
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")
    ch = data["chat"][MAIN_USER]
    n_mi = sum(1 for r in meinput if r["user_id"] == MAIN_USER)
    oc = data["chat"][OTHER_USER]
    print(f"wrote {args.out}: events={len(EVENTS)} meinput[u_dev]={n_mi} sessions={len(ch['sessions'])} "
          f"messages={len(ch['messages'])} runs={len(ch['runs'])} "
          f"calendar[u_dev]={len(data['calendar'][MAIN_USER]['events'])} "
          f"u_dev_other: meinput={len(meinput) - n_mi} sessions={len(oc['sessions'])} messages={len(oc['messages'])} "
          f"runs={len(oc['runs'])} queries={len(data['queries'])}")


if __name__ == "__main__":
    main()
