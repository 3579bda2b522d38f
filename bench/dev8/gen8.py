#!/usr/bin/env python3
"""Deterministic generator for the dev8 Temporal Recall evaluation set.

    python3 gen8.py [--out PATH]          (default: data.json next to this file)

Python 3.11 standard library only; a fixed seed, no set/dict-order dependence,
so the output is byte-identical under any PYTHONHASHSEED.

Written only from /work/shared (the RFC, contracts/sources.md, contracts/api.md,
time-conventions.md and the dev-eval format). The data.json it writes has the
exact layout of /work/shared/dev-eval/data.json and is checked with the shared
check_data.py and score.py --self-test (see README.md).

  * Every event of the main user (u_dev8, 陈晓蓉) is declared with its true time:
    minute grain "MM-DD HH:MM", day grain "MM-DD" (deadlines, all-day items) or
    none (mentions, cancelled events). Reschedules / cancellations keep the
    superseded time as a second anchor.
  * A record is a template whose time words are placeholders ({when} {clock}
    {day} {due} {abs} {absday} {ago}) rendered from (observed_at, anchor) with
    one of several equivalent zh-CN phrasings picked by the seeded RNG, so the
    words are right by construction; the few records with literal time words
    declare what they name (lit=...). check_data.py re-parses every one.
  * Festival / lunar words follow time-conventions.md: 除夕 / 春节 / 情人节 are
    time words (so a record using one always names the same day with a form the
    shared checker also reads); 年三十 / 大年初一 / 初二 / 正月初六 / 过年 / 年前 /
    年后 are no time words and are used as such.
  * Query labels are computed by rule from the ground truth only
    (label_query; README.md "Labelling rules").
"""
import argparse
import json
import os
import random
import re
from datetime import datetime, timedelta, timezone

SEED = 20270125
YEAR = 2027
TZ = timezone(timedelta(hours=8))
UTC = timezone.utc
PERIOD_START = datetime(2027, 1, 25, tzinfo=TZ)
PERIOD_END = datetime(2027, 2, 15, tzinfo=TZ)
MAIN_USER = "u_dev8"
OTHER_USER = "u_dev8_other"
WD = "一二三四五六日"
HERE = os.path.dirname(os.path.abspath(__file__))

RNG = random.Random(SEED)
MIN1 = timedelta(minutes=1)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


# ------------------------------------------------------------------ time utils
def T(s):
    """'MM-DD HH:MM[:SS]' -> aware datetime in +08:00 (year 2027)."""
    s = s.strip()
    fmt = "%Y-%m-%d %H:%M:%S" if s.count(":") == 2 else "%Y-%m-%d %H:%M"
    return datetime.strptime(f"{YEAR}-{s}", fmt).replace(tzinfo=TZ)


def Dd(s):
    """'MM-DD' -> aware datetime at 00:00 +08:00."""
    return datetime.strptime(f"{YEAR}-{s}", "%Y-%m-%d").replace(tzinfo=TZ)


def iso(dt, z=False):
    if dt is None:
        return None
    if z:
        return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return dt.astimezone(TZ).strftime("%Y-%m-%dT%H:%M:%S+08:00")


def day0(dt):
    return dt.astimezone(TZ).replace(hour=0, minute=0, second=0, microsecond=0)


def week0(dt):
    d = day0(dt)
    return d - timedelta(days=d.weekday())


def month_start(dt, add=0):
    y, m = dt.year, dt.month + add
    while m > 12:
        y, m = y + 1, m - 12
    while m < 1:
        y, m = y - 1, m + 12
    return datetime(y, m, 1, tzinfo=TZ)


# ---------------------------------------------------------- zh-CN phrasing
DIG = "零一二三四五六七八九"


def cn_num(n):
    """0..59 in Chinese numerals (十二, 二十, 四十五)."""
    if n < 10:
        return DIG[n]
    t, u = divmod(n, 10)
    return ("" if t == 1 else DIG[t]) + "十" + ("" if u == 0 else DIG[u])


def cn_hour(h12):
    return "两" if h12 == 2 else cn_num(h12)


def period_words(h):
    if h < 6:
        return ["凌晨"]
    if h < 8:
        return ["早上"]
    if h < 9:
        return ["早上", "上午"]
    if h < 12:
        return ["上午"]
    if h == 12:
        return ["中午"]
    if h < 18:
        return ["下午"]
    return ["晚上"]


def _minute_suffixes(m):
    """(Chinese-numeral suffixes, digit suffixes) for minute m, all starting with 点.
    Minutes below 10 other than 0 are never used by this set (「4点8」 is ambiguous)."""
    assert m == 0 or m >= 10, m
    if m == 0:
        return ["点", "点整"], ["点"]
    if m == 30:
        return ["点半"], ["点半", "点30"]
    if m == 15:
        return ["点一刻", "点十五"], ["点15"]
    return ["点" + cn_num(m), "点" + cn_num(m) + "分"], [f"点{m}", f"点{m}分"]


def clock_forms(t, period=True):
    """All equivalent spellings of the clock time of t."""
    h, m = t.hour, t.minute
    h12 = h if h <= 12 else h - 12
    cs, ds = _minute_suffixes(m)
    out = []
    if period:
        for p in period_words(h):
            out += [p + cn_hour(h12) + c for c in cs]
            out += [p + str(h12) + d for d in ds]
            if h12 != h or p in ("早上", "上午"):
                out.append(f"{p}{h12}:{m:02d}")
        out.append(f"{h}:{m:02d}")
    else:
        out += [cn_hour(h12) + c for c in cs] + [str(h12) + d for d in ds]
    return out


def day_forms(od, d, allow_next_bare=False):
    """Ways to name calendar day d (00:00) in a text written on day od.

    A bare weekday is only used for a day of the current ISO week that is still
    ahead (there the conventions' text rule and the plain rule agree); on a
    weekend a bare weekday of the coming week is used only when the template is
    a clear future statement (allow_next_bare=True: 要 / 记得 / 约 ...)."""
    delta = (d - od).days
    wdiff = (week0(d) - week0(od)).days // 7
    wd = d.weekday()
    w = WD[wd]
    o = []
    rel = {0: "今天", 1: "明天", 2: "后天", 3: "大后天", -1: "昨天", -2: "前天"}
    if delta in rel:
        o.append(rel[delta])
    if wdiff == 0 and delta > 0:
        o += [f"周{w}", f"这周{w}", "星期天" if wd == 6 else f"星期{w}", "礼拜天" if wd == 6 else f"礼拜{w}"]
    if wdiff == 0 and delta <= -3:
        o.append(f"这周{w}")
    if wdiff == 1 and wd != 6:
        o += [f"下周{w}", f"下星期{w}", f"下礼拜{w}"]
        if allow_next_bare and od.weekday() >= 5 and wd < od.weekday():
            o.append(f"周{w}")
    if wdiff == -1 and wd != 6 and delta < -2:
        o.append(f"上周{w}")
    if delta != 0:
        # a bare 「12号」 without its month is no listed form: always write the month
        o += [f"{d.month}月{d.day}号", f"{d.month}月{d.day}日"]
    return o


def _join(a, b):
    return a + (" " if a[-1].isdigit() and b[0].isdigit() else "") + b


def when_forms(obs, t, allow_next_bare=False):
    od, d = day0(obs), day0(t)
    out = []
    for dy in day_forms(od, d, allow_next_bare):
        out += [_join(dy, c) for c in clock_forms(t)]
        if dy == "今天" and t.hour >= 18:
            out += ["今晚" + c for c in clock_forms(t, period=False)]
    if d == od:
        out += clock_forms(t)
    return out


def due_forms(obs, t, grain, allow_next_bare=False):
    """Deadline phrasings (X之前, X前, 最晚X, 截止到X, X下班前)."""
    od, d = day0(obs), day0(t)
    if grain == "minute":
        return [w + s for w in when_forms(obs, t, allow_next_bare) for s in ("之前", "前")]
    if d == od:
        return ["今天下班前", "最晚今天", "今天之内"]
    out = []
    for x in day_forms(od, d, allow_next_bare):
        out += [x + "之前", x + "前", "最晚" + x, "截止到" + x]
        if d.weekday() < 5 and x[-1] not in "号日":
            out.append(x + "下班前")
    return out


def abs_forms(t):
    w = WD[t.weekday()]
    return [f"{t.month}月{t.day}日（周{w}）{t.hour}:{t.minute:02d}",
            f"{t.month}月{t.day}日（星期{'天' if w == '日' else w}）{t.hour}:{t.minute:02d}"]


def absday_forms(t):
    return [f"{t.month}月{t.day}日（周{WD[t.weekday()]}）"]


PH_RE = re.compile(r"\{(when|clock|day|due|abs|absday|ago)\}")
GRAIN_RANK = {"minute": 0, "ago": 1, "part": 2, "day": 3, "week": 4, "month": 5, None: 9}


def render(template, obs, a_dt, a_grain, rng, shift=0, pick=None, bare=False, lit=None):
    """Fill the placeholders of template, said at obs about anchor a_dt.

    lit: the grain a literal time word in the template names ("minute" = the
    anchor itself (+shift), "day" = its day); used for texts written out by hand.
    Returns (text, finest_grain, point)."""
    used = []
    t = a_dt + timedelta(minutes=shift) if a_dt is not None else None

    def choose(opts):
        if pick:
            sel = [o for o in opts if re.search(pick, o)]
            assert sel, (template, pick, opts[:6])
            opts = sel
        return rng.choice(opts)

    def sub(m):
        k = m.group(1)
        if k == "when":
            assert a_grain == "minute", (template, a_grain)
            used.append("minute")
            return choose(when_forms(obs, t, bare))
        if k == "clock":
            assert a_grain == "minute" and day0(t) == day0(obs), (template, obs, t)
            used.append("minute")
            return choose(clock_forms(t))
        if k == "abs":
            assert a_grain == "minute"
            used.append("minute")
            return choose(abs_forms(t))
        if k == "due":
            used.append("minute" if a_grain == "minute" else "day")
            return choose(due_forms(obs, t, a_grain, bare))
        if k == "day":
            used.append("day")
            opts = day_forms(day0(obs), day0(t), bare)
            assert opts, (template, obs, t)
            return choose(opts)
        if k == "absday":
            used.append("day")
            return choose(absday_forms(t))
        if k == "ago":
            lag = obs - a_dt
            assert timedelta(0) <= lag <= HOUR, ("ago", template, obs, a_dt)
            used.append("ago")
            return rng.choice(["刚才", "刚刚"])
        raise KeyError(k)

    text = PH_RE.sub(sub, template)
    if lit:
        assert a_dt is not None, template
        used.append(lit)
    grain = min(used, key=lambda g: GRAIN_RANK[g]) if used else None
    point = None
    if grain == "minute":
        point = t
    elif grain == "ago":
        point = obs
    return text, grain, point


# ------------------------------------------------------------------ ids
_B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_ID_RNG = random.Random(SEED * 7 + 3)
_SEEN = set()


def _uniq(s):
    assert s not in _SEEN, s
    _SEEN.add(s)
    return s


def ulid(dt):
    ms = int(dt.timestamp() * 1000)
    tpart = ""
    for _ in range(10):
        ms, r = divmod(ms, 32)
        tpart = _B32[r] + tpart
    return tpart + "".join(_ID_RNG.choice(_B32) for _ in range(16))


def rand_id(prefix, n, alphabet="0123456789abcdefghijkmnpqrstvwxyz"):
    while True:
        s = prefix + "".join(_ID_RNG.choice(alphabet) for _ in range(n))
        if s not in _SEEN:
            return _uniq(s)


def cal_uid(domain):
    h = "".join(_ID_RNG.choice("0123456789abcdef") for _ in range(32))
    return _uniq(f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:32]}@{domain}")


# ------------------------------------------------------------- record model
class Rec:
    """One upstream record before ids are assigned.
    src: 'mi' | 'chat' | 'run' | 'cal'; role: user / assistant / tool / run / cal."""

    def __init__(self, user, src, role, obs, text, event=None, grain=None, anchor=None, point=None):
        self.user, self.src, self.role, self.obs, self.text = user, src, role, obs, text
        self.event, self.grain, self.anchor, self.point = event, grain, anchor, point
        self.id = None
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


class Turn:
    def __init__(self, user, t, title, sess=None):
        self.user, self.t, self.title, self.sess = user, t, title, sess
        self.msgs = []
        self.run = None


MI = []
TURNS = []
EVENTS = []
VEVENTS = []


def _pick(x, rng=None):
    rng = rng or RNG
    return rng.choice(x) if isinstance(x, (list, tuple)) else x


def _jit(t, lo=0, hi=55):
    return t + timedelta(seconds=RNG.randint(lo, hi))


FOLLOWUPS = [("OK，晓得了", "好的，有需要随时喊我。"), ("要得，先这样", "好嘞，祝顺利！"),
             ("谢谢哈", "不客气～"), ("👍", "😊 随时再来。"), ("懂了", "好的，其他问题也可以接着问。"),
             ("可以，就按这个来", "那就这么办，有变化再告诉我。"), ("辛苦了", "应该的。")]


def maybe_followup(turn, p=0.3):
    if RNG.random() >= p or turn.msgs[-1].role != "assistant":
        return
    u, a = RNG.choice(FOLLOWUPS)
    t1 = turn.msgs[-1].obs + timedelta(seconds=RNG.randint(25, 140))
    t2 = t1 + timedelta(seconds=RNG.randint(3, 14))
    turn.msgs.append(Rec(turn.user, "chat", "user", t1, u))
    turn.msgs.append(Rec(turn.user, "chat", "assistant", t2, a))


def tool_json(spec, t):
    """Tool output is a JSON string; '$d+N' becomes the date N days after t."""
    def fix(v):
        if isinstance(v, str) and v.startswith("$d+"):
            return (day0(t) + timedelta(days=int(v[3:]))).strftime("%Y-%m-%d")
        if isinstance(v, str) and v.startswith("$dt+"):
            days, hm = v[4:].split("@")
            h, m = hm.split(":")
            return iso(day0(t) + timedelta(days=int(days), hours=int(h), minutes=int(m)))
        if isinstance(v, dict):
            return {k: fix(x) for k, x in v.items()}
        if isinstance(v, list):
            return [fix(x) for x in v]
        return v
    return json.dumps(fix(spec), ensure_ascii=False)


def make_run(user, t, run, rendered_task=None):
    task, summary, status, minutes = run
    st = t + timedelta(seconds=RNG.randint(10, 35))
    rr = Rec(user, "run", "run", st, rendered_task or task)
    rr.extra.update(summary=summary, status=status,
                    finished=None if status == "running" else
                    st + timedelta(minutes=minutes, seconds=RNG.randint(2, 50)))
    return rr


# ------------------------------------------------------------- calendar model
class VEvent:
    def __init__(self, user, key, summary, start, end, all_day=False, weekly_count=None, exdates=(),
                 location=None, description=None, status="CONFIRMED", sequence=0, created=None,
                 modified=None, utc=False, overrides=None, domain="cal.jincheng-jd.example"):
        self.user, self.key, self.summary = user, key, summary
        self.uid = cal_uid(domain)
        self.start, self.end, self.all_day = start, end, all_day
        self.weekly_count = weekly_count
        self.exdates = list(exdates)
        self.location, self.description, self.status, self.sequence = location, description, status, sequence
        self.created = created
        self.modified = modified or created
        self.utc = utc
        self.overrides = overrides or {}
        VEVENTS.append(self)

    def instances(self):
        if not self.weekly_count:
            return [(None, self.start, self.end)]
        out = []
        for i in range(self.weekly_count):
            s = self.start + timedelta(days=7 * i)
            if s in self.exdates:
                continue
            e = self.end + timedelta(days=7 * i)
            if s in self.overrides:
                o = self.overrides[s]
                out.append((s, o["start"], o["end"]))
            else:
                out.append((s, s, e))
        return out

    def ref(self, rid=None):
        if rid is None:
            return f"calendar:event:{self.uid}"
        return f"calendar:event:{self.uid}:{rid.astimezone(TZ).strftime('%Y%m%dT%H%M%S')}"

    def wire(self):
        def t(x):
            if x is None:
                return None
            return x.strftime("%Y-%m-%d") if self.all_day else iso(x)
        return {"uid": self.uid, "summary": self.summary, "start": t(self.start), "end": t(self.end),
                "all_day": self.all_day, "time_form": "utc" if self.utc else ("date" if self.all_day else "tzid"),
                "rrule": (f"FREQ=WEEKLY;BYDAY={['MO','TU','WE','TH','FR','SA','SU'][self.start.weekday()]};"
                          f"COUNT={self.weekly_count}") if self.weekly_count else None,
                "exdates": [t(x) for x in self.exdates], "location": self.location,
                "description": self.description, "status": self.status, "sequence": self.sequence,
                "created": iso(self.created, z=True), "last_modified": iso(self.modified, z=True),
                "overrides": [{"recurrence_id": t(k), "start": t(v["start"]), "end": t(v["end"]),
                               "summary": v.get("summary", self.summary), "sequence": v.get("sequence", 1),
                               "last_modified": iso(v.get("modified", self.modified), z=True)}
                              for k, v in sorted(self.overrides.items())]}


CAL = {}


# ------------------------------------------------------------------ events
class Ev:
    """A ground-truth event of the main user (see the module doc)."""

    def __init__(self, eid, title, kind, importance, topics, at=None, done=None, old=(), status=None):
        assert kind in ("event", "todo", "decision", "mention", "commitment"), kind
        assert importance in ("high", "low")
        assert all(e.id != eid for e in EVENTS), eid
        self.id, self.title, self.kind, self.importance = eid, title, kind, importance
        self.topics = list(topics)
        self.et, self.grain = self._t(at)
        self.done = T(done) if done else None
        self.old = []
        for tm, reason in old:
            assert reason in ("rescheduled", "cancelled")
            x, g = self._t(tm)
            self.old.append((x, g, reason))
        self.status = status or ("cancelled" if any(r == "cancelled" for _, _, r in self.old) else None)
        if self.status == "cancelled":
            assert self.et is None, eid
        self.recs = []
        EVENTS.append(self)

    @staticmethod
    def _t(at):
        if at is None:
            return None, None
        if len(at) == 5:
            return Dd(at), "day"
        return T(at), "minute"

    def anchor(self, which):
        if which == "ev":
            return self.et, self.grain
        if which == "done":
            assert self.done is not None, self.id
            return self.done, "minute"
        if which.startswith("old"):
            x, g, _ = self.old[int(which[3:] or 0)]
            return x, g
        raise KeyError(which)

    def _render(self, tpl, obs, which, shift=0, pick=None, bare=False, lit=None):
        timed = PH_RE.search(tpl) or lit
        a_dt, a_g = self.anchor(which) if timed else (None, None)
        if timed:
            assert a_dt is not None, (self.id, tpl)
        return render(tpl, obs, a_dt, a_g, RNG, shift, pick, bare, lit)

    def mi(self, obs, texts, anchor="ev", app=None, shift=0, exact=False, pick=None, bare=False, lit=None):
        obs = T(obs) if exact else _jit(T(obs))
        text, grain, point = self._render(_pick(texts), obs, anchor, shift, pick, bare, lit)
        r = Rec(MAIN_USER, "mi", "user", obs, text, self.id, grain, anchor if grain else None, point)
        r.extra["app"] = app
        self.recs.append(r)
        MI.append(r)
        return r

    def cu(self, obs, texts, reply=None, link=True, tool=None, run=None, title=None, sess=None,
           anchor="ev", shift=0, followup=0.3, pick=None, bare=False, lit=None, reply_lit=None):
        t = _jit(T(obs))
        turn = Turn(MAIN_USER, t, title or self.title, sess)
        text, grain, point = self._render(_pick(texts), t, anchor, shift, pick, bare, lit)
        u = Rec(MAIN_USER, "chat", "user", t, text, self.id, grain, anchor if grain else None, point)
        self.recs.append(u)
        turn.msgs.append(u)
        cur = t
        if tool is not None:
            cur = cur + timedelta(seconds=RNG.randint(5, 18))
            turn.msgs.append(Rec(MAIN_USER, "chat", "tool", cur, tool_json(tool, cur)))
        if run is not None:
            rtext, rgrain, rpoint = self._render(run[0], t, anchor)
            rr = make_run(MAIN_USER, t, run, rtext)
            rr.event, rr.grain, rr.anchor, rr.point = self.id, rgrain, anchor if rgrain else None, rpoint
            self.recs.append(rr)
            turn.run = rr
        if reply is not None:
            cur = cur + timedelta(seconds=RNG.randint(20, 95))
            if link:
                rtext, rgrain, rpoint = self._render(_pick(reply), cur, anchor, lit=reply_lit)
                a = Rec(MAIN_USER, "chat", "assistant", cur, rtext, self.id, rgrain,
                        anchor if rgrain else None, rpoint)
                self.recs.append(a)
            else:
                rtext = _pick(reply)
                assert not PH_RE.search(rtext), rtext
                a = Rec(MAIN_USER, "chat", "assistant", cur, rtext)
            turn.msgs.append(a)
        maybe_followup(turn, followup)
        TURNS.append(turn)
        return turn

    def cal(self, key, rid=None):
        v = CAL[key]
        insts = v.instances()
        if v.weekly_count:
            rid = T(rid)
            inst = [x for x in insts if x[0] == rid]
            assert inst, (self.id, key, rid)
            _, s, _ = inst[0]
            ref = v.ref(rid)
        else:
            _, s, _ = insts[0]
            ref = v.ref()
        grain = "day" if v.all_day else "minute"
        r = Rec(MAIN_USER, "cal", "cal", v.created, v.summary, self.id, grain, None, None if v.all_day else s)
        for which in ["ev", "done"] + [f"old{i}" for i in range(len(self.old))]:
            try:
                a, g = self.anchor(which)
            except AssertionError:
                continue
            if a is None:
                continue
            if (v.all_day and g == "day" and a == s) or (not v.all_day and a == s):
                r.anchor = which
                break
        assert r.anchor, (self.id, key)
        r.extra["cal_ref"] = ref
        self.recs.append(r)
        return r


# ================================================================ calendar
def declare_calendar():
    U = MAIN_USER
    V = VEvent
    CAL["weekly"] = V(U, "weekly", "财务部周例会", T("01-25 09:00"), T("01-25 10:00"), weekly_count=3,
                      exdates=[T("02-08 09:00")], location="6F 财务部小会议室", created=T("01-04 09:20"),
                      description="每周一：结账进度、资金计划、本周重点",
                      overrides={T("02-01 09:00"): {"start": T("02-02 09:30"), "end": T("02-02 10:30"),
                                                    "summary": "财务部周例会（审计进场，改周二）", "sequence": 1,
                                                    "modified": T("01-29 16:30")}})
    CAL["math"] = V(U, "math", "航航数学补习班", T("01-26 14:00"), T("01-26 16:00"), weekly_count=2,
                    exdates=[T("02-02 14:00")], location="启航培训 双楠校区 3楼", created=T("01-18 20:10"))
    CAL["english"] = V(U, "english", "航航英语补习班", T("01-30 09:30"), T("01-30 11:30"), weekly_count=3,
                       exdates=[T("02-06 09:30")], location="启航培训 双楠校区 5楼", created=T("01-18 20:15"))
    CAL["physio"] = V(U, "physio", "公公膝盖理疗（婆婆陪）", T("01-27 15:00"), T("01-27 16:00"), weekly_count=2,
                      location="社区卫生服务中心 康复科", created=T("01-20 18:40"))
    CAL["party"] = V(U, "party", "锦程机电 年会", T("01-29 17:30"), T("01-29 21:30"), utc=True,
                     location="望江宾馆 3F 宴会厅", description="财务部节目：合唱；财务年报 5 分钟",
                     created=T("01-15 10:00"))
    CAL["audit"] = V(U, "audit", "蓉诚所审计进场（王经理）", T("02-01 10:00"), T("02-01 12:00"),
                     location="6F 财务部大会议室", description="进场会：审计计划、资料清单、时间表",
                     created=T("01-27 09:40"))
    CAL["camp"] = V(U, "camp", "航航科技冬令营", Dd("02-01"), Dd("02-04"), all_day=True,
                    location="都江堰 青少年科技营地", created=T("01-26 12:30"))
    CAL["classmates"] = V(U, "classmates", "大学同学聚会（春熙路火锅）", T("01-31 18:00"), T("01-31 21:00"),
                          status="CANCELLED", sequence=1, created=T("01-27 21:40"), modified=T("01-30 20:15"))
    CAL["train_out"] = V(U, "train_out", "D6173 成都东→乐山", T("02-04 10:12"), T("02-04 11:20"), utc=True,
                         description="二等座 05车 7A-7D、8A", created=T("01-20 12:05"))
    CAL["nianyefan"] = V(U, "nianyefan", "年夜饭（婆家）", T("02-05 18:00"), T("02-05 21:00"),
                         location="乐山 市中区 婆家", created=T("02-02 21:20"))
    CAL["ret_train"] = V(U, "ret_train", "D6186 乐山→成都东", T("02-10 16:12"), T("02-10 17:20"),
                         description="候补成功 二等座", created=T("01-26 15:12"))
    CAL["valentine"] = V(U, "valentine", "情人节火锅（和老公）", T("02-14 19:00"), T("02-14 21:00"),
                         location="玉林 老火锅", sequence=1, created=T("02-12 21:40"), modified=T("02-13 19:05"))


# ================================================================ main user
# 陈晓蓉, 38, 会计主管 at 锦程机电 (mid-size, 成都). Boss 刘总监 (财务总监), 总经理 黄总; team 小杨 (出纳),
# 小余 (会计); HR 张姐; auditor 王经理 (蓉诚会计师事务所). Son 航航 (9, 三年级, 寒假); husband 周斌 (老公,
# works in 重庆 on weekdays); 公公 / 婆婆 live with her. Her parents (我妈, 老汉) and brother 弟弟 in 乐山 五通桥.
def declare_events():
    E = Ev
    # ------------------------------------------------------------ week 1 (01-25 .. 01-31)
    e = E("wk_0125", "财务部周例会", "event", "low", ["work", "meeting", "p_liu"], at="01-25 09:00")
    e.cal("weekly", "01-25 09:00")
    e.mi("01-25 10:12", "例会开完，刘总监把年结分工又过了一遍，小余负责往来对账", app="notes")

    e = E("close_books", "年终结账·关账", "todo", "high", ["close", "work", "p_liu"], at="01-29", done="01-29 17:30")
    e.mi("01-25 10:20", ["年终结账{due}必须关账，刘总监亲自盯", "{due}要把年终结账关掉，一天都拖不得"])
    e.cu("01-26 21:10", ["年结 deadline 是{due}，帮我列个年结检查清单，怕漏了啥子",
                         "{due}要关账，帮我列个年终结账的检查清单"],
         reply="年结检查清单：1）银行、现金余额与对账单核对；2）往来款项清理和询证；3）存货盘点与跌价测试；"
               "4）固定资产折旧和减值；5）收入成本截止性检查；6）计提奖金和税费。{due}关账的话，最好留出复核的时间。",
         sess="s_close")
    e.mi("01-29 17:36", ["关账了！年终结账搞定，巴适 🎉", "年結終於關賬了，要得！"], anchor="done")

    e = E("bonus_sheet", "年终奖测算表交刘总监（提前一天）", "todo", "high", ["bonus", "work", "p_liu"], at="01-27",
          done="01-27 16:00", old=[("01-28", "rescheduled")])
    e.mi("01-25 15:40", ["年终奖测算表{due}交给刘总监", "{due}要把年终奖的表给刘总监，各部门的考核分还没收齐"],
         anchor="old0")
    e.mi("01-26 09:40", "刘总监说年终奖的表提前到{day}就要，黄总那边等着看")
    e.mi("01-26 19:20", "年中奖的表{due}要交 考核分 还差销售部的", app="voice")   # ASR: 年中奖 = 年终奖
    e.mi("01-27 16:05", "年终奖测算表交了，刘总监说销售部的系数再压一压", anchor="done")

    e = E("dec_bonus_tax", "定了：年终奖按单独计税", "decision", "high", ["bonus", "tax"], at="01-27 11:00")
    e.mi("01-27 11:16", "定了，年终奖还是按单独计税走，大部分人划算，个别高收入的单独算一下")
    e.cu("01-27 11:30", "我们定了年终奖按单独计税，有几个人并入综合所得更划算，要不要单独跟他们说？",
         reply="可以单独提醒。年终奖选单独计税还是并入综合所得，员工在个税汇算时还能自己再选一次，"
               "你们代扣时按单独计税走即可，把测算结果发给那几位，让他们汇算时自行选择。", sess="s_tax")
    e.cu("01-26 10:05", "年终奖单独计税和并入综合所得，哪个划算？帮我拿几档收入对比一下",
         reply="收入较低时并入综合所得可能更省，年终奖较高时单独计税通常更划算，关键看会不会跳档。已按五档收入列了对比表。",
         run=("对比年终奖两种计税方式", "已生成五档收入的对比表", "succeeded", 1), title="年终奖计税")
    e.cu("01-28 16:01", "帮我算一下：年终奖36000，单独计税要交多少税？",
         reply="36000 ÷ 12 = 3000，适用 3% 税率，应纳税额 = 36000 × 3% = 1080 元。", title="年终奖计税")

    e = E("camp_signup", "给航航报冬令营", "todo", "low", ["kid", "camp"], at="01-26", done="01-26 12:20")
    e.mi("01-25 12:32", ["冬令营名额不多了，{due}要把航航的名报了", "{due}给航航报冬令营，晚了就没得名额了"])
    e.mi("01-26 12:24", "冬令营报好了，交了1980，航航高兴惨了 😂", anchor="done")

    e = E("dec_camp", "定了：冬令营报科技营", "decision", "low", ["kid", "camp"], at="01-25 22:30")
    e.mi("01-25 22:33", "跟老公商量了，冬令营报科技营，不报军事营，航航吃不得苦", app="voice")
    e.cu("01-25 22:41", "定了给航航报科技冬令营，第一次离开家三天，要准备些啥子？",
         reply="第一次离家可以这样准备：1）衣物按层次带，多备袜子；2）常用药和创可贴；3）水杯、手电筒写上名字；"
               "4）跟他约好每天一个电话的时间，别天天追着问，让他自己适应。", link=False, title="冬令营")

    e = E("ticket_grab", "抢返程动车票", "event", "high", ["ticket", "travel"], at="01-26 15:00")
    e.mi("01-25 20:12", ["{when}开抢返程的动车票，闹钟定好", "{when}放返程票，记得提前登录12306"])
    e.cu("01-26 14:41", ["{clock}抢票，有啥子技巧没？手速不够快", "{clock}开抢返程票，咋个提高成功率？"],
         tool={"fn": "rail.left_tickets", "args": {"from": "LSW", "to": "ICW", "travel_day": "$d+15"},
               "result": [{"train": "D6186", "dep_local": "16:12", "arr_local": "17:20", "left": {"2nd": 0}},
                          {"train": "D6190", "dep_local": "18:40", "arr_local": "19:52", "left": {"2nd": 0}}]},
         run=("查询返程动车余票", "查询失败：12306 接口超时", "failed", 1),
         reply="{abs}开售的话：提前几分钟登录，乘车人和席别先选好；同时挂上候补，多选几个车次；"
               "别反复刷新页面，点一次等结果。", title="抢票")
    e.mi("01-26 15:04", ["{ago}抢到了！！返程票到手 🎉", "{ago}候补成功，返程票抢到了，手都在抖"])
    e.mi("01-26 15:20", "抢 到 了 跟 老公 说 一声 返 程 的 票 搞定 了", app="voice")

    e = E("ret_train", "乐山→成都东 返程动车", "event", "high", ["travel", "ticket", "inlaws_mention", "kid_mention"], at="02-10 16:12")
    e.mi("01-26 15:08", "返程的票是{when}的D车，乐山站上车")
    e.cal("ret_train")
    e.cu("02-09 20:30", ["{when}的动车回成都，婆婆晕车，有啥子办法？", "{when}坐动车回成都，老人晕车咋个办？"],
         run=("监控返程车次的一等座余票", "进行中：已检查 6 次，暂无余票", "running", 0),
         reply="{abs}出发的话：上车前半小时让婆婆吃晕车药，选靠窗、车厢中间的位置，路上少看手机，"
               "备点话梅和塑料袋。我也在帮你盯一等座有没有人退票。", sess="s_cny")
    e.mi("02-10 17:40", "到成都东了，挤惨了，航航在车上睡了一路")

    e = E("annual_ppt", "年会财务汇报 PPT 交黄总", "todo", "high", ["annual_party", "work"], at="01-28",
          done="01-28 11:40")
    e.mi("01-25 17:22", ["黄总要我在年会上讲5分钟财务年报，PPT要在{due}给他", "年会的财务汇报 PPT {due}要交给黄总"], pick=r"之?前$")
    e.cu("01-27 20:31", "年会上财务汇报的PPT{due}要交，5分钟讲啥子重点？",
         reply="5 分钟建议只讲三页：全年营收和利润、回款与现金流、下一步的三件事。PPT{due}交的话，先把数字定稿再调版式。",
         sess="s_party")
    e.mi("01-28 11:45", "PPT交了，黄总说OK，就是字太多", anchor="done")

    e = E("annual_party", "公司年会", "event", "high", ["annual_party", "p_liu"], at="01-29 17:30")
    e.cal("party")
    e.mi("01-26 09:12", ["年会定在{when}，在望江宾馆", "{when}公司年会，记得穿那条红裙子"])
    e.mi("01-28 21:40", "年會明天下午5:30開始，記得帶工牌", lit="minute", exact=False)
    e.cu("01-28 21:52", "{when}年会，我要上台讲财务年报，紧张得很，开场白咋个说？",
         run=("根据财务年报 PPT 生成 5 分钟发言稿", "已生成发言稿（约 900 字）", "succeeded", 2),
         reply="{abs}的年会，开场可以这样说：“各位同事，我是财务部的陈晓蓉，用五分钟跟大家汇报一下咱们公司的家底。”"
               "先讲一个让大家有感的数字，再讲三页内容，最后感谢各部门配合。", sess="s_party")
    e.mi("01-29 17:02", "{when}到宴会厅签到，先去化个妆", shift=-15)
    e.mi("01-29 22:41", "年会散场，刘总监喝多了，我负责送她上车")

    e = E("m_lottery", "年会抽奖中了三等奖", "mention", "low", ["annual_party"])
    e.mi("01-29 21:12", "年会抽奖抽到三等奖，一个电饭煲，航航说还不如抽个 iPad 😂", app="voice")

    e = E("rehearsal", "年会合唱排练", "event", "low", ["annual_party"], at="01-28 19:00")
    e.mi("01-26 16:40", "财务部年会节目定了合唱《成都》，{when}排练")
    e.mi("01-28 21:05", "排练完了，小余跑调跑到姥姥家了 😂")

    e = E("husband_0129", "老公周五晚上回成都", "event", "low", ["husband"], at="01-29 21:10")
    e.mi("01-28 22:05", "老公说{when}到成都东，年会完了我直接去接他")
    e.mi("01-29 21:35", "接到老公了，他说重庆那边项目的验收拖到年后了")

    e = E("haircut", "带航航剪头发", "event", "low", ["kid"], at="01-30 14:00")
    e.mi("01-28 20:10", "{when}带航航去剪头发，过年要精神点")
    e.mi("01-30 15:10", "头剪了，航航嫌太短，闹了半天")

    e = E("eng_0130", "航航英语补习班", "event", "low", ["kid", "tutoring"], at="01-30 09:30")
    e.cal("english", "01-30 09:30")
    e.mi("01-30 11:52", "英语补习班下课，航航说外教凶得很")

    e = E("classmate", "大学同学聚会（不去了）", "event", "low", ["friends"], old=[("01-31 18:00", "cancelled")])
    e.mi("01-27 21:32", "{when}大学同学聚会，在春熙路吃火锅", anchor="old0")
    e.cal("classmates")
    e.mi("01-30 20:12", "{day}的同学聚会不去了，老公难得回来一趟", anchor="old0")
    e.cu("01-30 20:20", "帮我在同学群里说一声{day}聚会我不去了，要委婉点", anchor="old0",
         reply="可以这样说：“各位老同学，{day}的聚会我临时有事来不了了，你们吃好耍好，下回我请！”", title="同学群")

    e = E("husband_0131", "老公回重庆", "event", "low", ["husband"], at="01-31 17:30")
    e.mi("01-31 10:22", "老公{when}的车回重庆，给他装点婆婆灌的香肠")

    e = E("gift_parents", "给我妈老汉买年货", "todo", "low", ["cny", "my_parents"], at="02-03", done="01-31 15:00")
    e.mi("01-28 12:42", "给我妈买件羽绒服，给老汉买两瓶酒，{due}买好")
    e.mi("01-31 15:08", "年货买齐了，老汉的酒选的五粮液，我妈的羽绒服是红色的", anchor="done")

    e = E("reimb", "催各部门交报销单", "todo", "low", ["work"], at="01-27")
    e.mi("01-25 11:05", "通知各部门：报销单{due}交齐，过了就等年后")

    e = E("salary", "1月工资提前发放", "todo", "high", ["salary", "work", "tax_mention"], at="02-03", done="02-02 16:00")
    e.mi("01-28 10:32", "黄总说工资{due}发下去，年前让大家拿到钱")
    e.cu("01-29 14:20", "工资要{due}发完，放假前发的话个税申报有啥子要注意的？",
         reply="提前发放的工资仍按实际发放月份申报个税。工资{due}发的话，记得在系统里把发放日期填对，社保照常扣。",
         sess="s_tax")
    e.mi("02-02 16:08", "工资发了，小杨说银行那边秒到账", anchor="done")

    e = E("dec_holiday", "定了：放假七天，正月初六开工", "decision", "low", ["work", "cny"], at="01-28 10:00")
    e.mi("01-28 10:22", "放假通知下来了，正月初六开工，一共放七天")

    e = E("tax_deduct", "收齐员工专项附加扣除确认", "todo", "high", ["tax", "work"], at="02-12", done="02-12 17:20")
    e.mi("01-28 15:02", "个税汇算要提前准备，员工的专项附加扣除{due}让张姐收齐")
    e.mi("02-11 09:20", "專項附加扣除明天之前要收齊，還差三十幾個人", lit="day")
    e.cu("02-11 10:31", "专项附加扣除{due}要收齐，还有三十几个人没确认，咋个催比较好？",
         run=("汇总未确认专项附加扣除的员工名单", "已汇总：未确认 34 人，按部门分组", "succeeded", 1),
         reply="可以分三步：先在企业微信群发统一通知，附上个税 App 的操作截图；再把没确认的名单发给各部门负责人；"
               "{due}还没确认的，逐个打电话。", sess="s_tax")
    e.mi("02-12 17:24", "专项附加扣除总算收齐了，办完了 💪", anchor="done")

    e = E("tax_filing", "个税和增值税月度申报", "todo", "high", ["tax", "work"], at="02-19")
    e.mi("02-11 09:42", "个税和增值税的月度申报{due}要报完，征期顺延了")

    e = E("audit_in", "审计进场（蓉诚所 王经理）", "event", "high", ["audit", "work", "p_wang"], at="02-01 10:00")
    e.mi("01-27 09:32", ["蓉诚所的王经理确认{when}进场审计，会议室要提前订", "王经理那边定了，{when}审计进场"])
    e.cal("audit")
    e.cu("01-29 10:02", "审计{when}进场，要提前准备哪些资料？",
         run=("生成审计进场资料准备清单", "已生成 5 类 23 项资料清单", "succeeded", 2),
         reply="{abs}进场前建议备好：1）科目余额表和明细账；2）银行对账单和余额调节表；3）重大合同台账；"
               "4）固定资产清单；5）往来明细和账龄分析。", sess="s_audit")
    e.mi("01-31 21:05", "{when}审记进场 资料 还差 合同台账", app="voice")   # ASR: 审记 = 审计
    e.mi("02-01 12:22", "审计进场会开完，王经理要的资料清单有三页")

    e = E("wk_0201", "财务部周例会（改到周二）", "event", "low", ["work", "meeting", "audit_mention"], at="02-02 09:30",
          old=[("02-01 09:00", "rescheduled")])
    e.mi("01-26 08:52", "{when}的例会要汇报结账进度", anchor="old0")
    e.mi("01-29 16:22", ["周例会改到{when}，审计那天要进场", "例会往后挪到{when}了，给审计让路"])
    e.cal("weekly", "02-01 09:00")
    e.mi("02-02 10:42", "例会开完，年后第一周的值班表定了")

    e = E("camp", "航航冬令营（三天两夜）", "event", "high", ["kid", "camp"], at="02-01")
    e.mi("01-29 08:42", "冬令营{day}出发，三天两夜，睡袋要自己带")
    e.cal("camp")
    e.cu("01-31 21:02", "{day}航航去冬令营，三天两夜，行李清单帮我列一下",
         reply="{absday}出发的话，行李可以这样准备：保暖内衣两套、冲锋衣、睡袋、洗漱包、常用药、水杯；"
               "贵重的电子产品就别带了。", sess="s_kid")
    e.mi("02-01 07:52", "把航航送上冬令营的大巴了，车子一开他头都没回 😂", app="voice")
    e.mi("02-01 22:31", "冬令营群里老师发了照片，航航笑得眼睛都没了", app="wechat")

    e = E("camp_pickup", "冬令营结束接航航", "event", "low", ["kid", "camp"], at="02-03 16:30")
    e.mi("02-02 21:02", "{when}去学校接航航，让小杨帮我顶一会儿")
    e.mi("02-03 17:12", "接到航航了，晒黑了一圈，说冬令营巴适得很")

    e = E("math_0126", "航航数学补习班", "event", "low", ["kid", "tutoring"], at="01-26 14:00")
    e.cal("math", "01-26 14:00")
    e.mi("01-25 21:02", "{when}数学补习班，婆婆送他去")
    e.mi("01-26 18:32", "补习班老师说航航计算老是粗心，口算要天天练，不晓得他听进去没")

    e = E("math_0202", "航航数学补习班（请假）", "event", "low", ["kid", "tutoring"],
          old=[("02-02 14:00", "cancelled")])
    e.mi("01-29 21:02", ["{day}的数学补习班请假了，那几天航航在冬令营", "{day}的数学补习班取消了，航航那几天在冬令营"],
         anchor="old0")

    e = E("fil_0127", "公公膝盖理疗", "event", "low", ["inlaws", "health"], at="01-27 15:00")
    e.cal("physio", "01-27 15:00")
    e.mi("01-27 16:32", "婆婆陪公公做完理疗，公公说膝盖松活多了")

    e = E("m_husband_work", "老公那边项目要验收，天天加班", "mention", "low", ["husband"])
    e.mi("01-27 22:30", "老公说重庆那边的项目年前要验收，天天加班到半夜，心疼")

    e = E("m_son_grade", "航航期末数学考了98", "mention", "low", ["kid"])
    e.mi("01-25 19:02", "航航期末数学考了98，语文作文扣分多，要多读书")

    # ------------------------------------------------------------ week 2 (02-01 .. 02-07)
    e = E("bank_confirm", "银行询证函寄出", "todo", "high", ["audit", "work", "p_wang"], at="02-03", done="02-03 11:30")
    e.mi("02-01 12:32", "王经理要的银行询证函{due}要寄出去，小杨去跑银行")
    e.cu("02-02 20:42", "询证函{due}要发出去，银行说要三个工作日才能回函，来得及不？",
         reply="来得及：询证函只要{due}寄出就行，回函时间不影响你这边的节点。可以请银行走加急，把快递单号发给审计备查。",
         sess="s_audit")
    t = e.cu("02-02 11:12", "帮我批量生成十二家银行的询证函", run=("批量生成银行询证函", "用户已取消", "cancelled", 1),
             title="询证函", followup=0)
    for dt, role, text in ((70, "user", "算了，银行有固定模板，不用生成了"), (78, "assistant", "好的，已经帮你取消了。")):
        r = Rec(MAIN_USER, "chat", role, t.t + timedelta(seconds=dt), text, e.id)
        t.msgs.append(r)
        e.recs.append(r)
    e.mi("02-03 11:36", "询证函寄出去了，小杨跑了三个银行，累惨了", anchor="done")

    e = E("m_auditor", "王经理抠得很细", "mention", "low", ["audit", "p_wang"])
    e.mi("02-02 12:40", "王经理这个人抠得很细，连差旅报销的发票都要抽查")

    e = E("audit_meet2", "和王经理对审计调整分录", "event", "low", ["audit", "work", "p_wang"], at="02-03 14:00")
    e.mi("02-02 17:32", "{when}跟王经理对审计调整分录")
    e.cu("02-03 13:40", "{clock}跟审计对调整分录，他们要调增一笔预提费用，我该咋个解释？",
         reply="可以先拿出预提的依据：合同约定、实际发生的进度和期后付款记录；如果依据充分，就请审计说明调增的理由，"
               "双方按证据说话。", link=False, sess="s_audit")
    e.mi("02-03 15:42", "调整分录对完了，只调了两笔，王经理还算讲道理")

    e = E("year_report", "年报初稿交刘总监", "todo", "high", ["annual_report", "work", "p_liu"], at="02-03",
          done="02-03 20:30")
    e.mi("01-29 18:02", "年报初稿{due}要交给刘总监，放假前一定要弄完")
    e.mi("02-03 00:32", "年报初稿{due}必须交，还差现金流量表，睡不着", exact=True)
    e.mi("02-03 20:34", "年报初稿熬夜弄完发给刘总监了", anchor="done")

    e = E("red_env", "换新钱包红包", "todo", "low", ["cny", "money"], at="02-04", done="02-03 12:40")
    e.mi("01-30 14:02", "要换点新钱包红包，{due}去银行换")
    e.mi("02-03 12:44", "新钱换好了，红包也买了一沓 🧧", anchor="done")

    e = E("dept_dinner", "财务部团年饭", "event", "low", ["work", "tuannian", "p_liu"], at="02-03 18:30")
    e.mi("02-01 18:02", "财务部团年饭定在{when}，小杨订的老火锅")
    e.mi("02-03 21:32", "部门团年饭吃安逸了，刘总监请客")

    e = E("train_out", "成都东→乐山 动车（回乐山过年）", "event", "high", ["travel", "cny", "inlaws_mention"], at="02-04 10:12")
    e.mi("01-31 21:22", "去乐山的票是{when}的，公公婆婆跟我们一起")
    e.cal("train_out")
    e.cu("02-03 21:32", "{when}的动车去乐山，带老人娃儿，行李咋个收拾最省事？",
         reply="{abs}出发的话：大件提前一晚装好放门口，老人的药和证件放随身包，航航背自己的小书包；"
               "提前四十分钟到站，带老人走无障碍通道。", sess="s_cny")
    e.mi("02-04 11:36", "到乐山了，婆婆家楼下的钵钵鸡还是那个味道")

    e = E("husband_leshan", "老公从重庆直接到乐山", "event", "low", ["husband", "travel"], at="02-04 19:00")
    e.mi("02-04 12:32", "老公{when}从重庆直接到乐山，不用去接")
    e.mi("02-04 19:40", "老公到了，一进门就找钵钵鸡吃")

    e = E("dec_leshan", "定了：回乐山过年", "decision", "high", ["cny", "travel", "nianyefan_mention", "ticket_mention"], at="01-26 20:30")
    e.mi("01-26 20:41", "跟老公电话里定了，回乐山过年，年三十在婆家吃，初二回娘家")
    e.cu("01-26 20:52", "我们定了回乐山过年，带老人娃儿，要提前准备些啥子？",
         reply="可以提前准备：1）老人常用药和血压计；2）娃儿的寒假作业和充电设备；3）给亲戚的礼物和红包；"
               "4）返程票尽早抢。", sess="s_cny")

    e = E("chunlian", "贴春联", "event", "low", ["cny", "inlaws_mention", "kid_mention"], at="02-05 11:00")
    e.mi("02-05 11:20", "{ago}跟航航一起贴了春联，贴歪了，公公又重贴了一遍", exact=True)

    e = E("nianyefan", "年夜饭（婆家）", "event", "high", ["cny", "nianyefan", "family", "inlaws_mention", "kid_mention"], at="02-05 18:00")
    e.mi("02-02 21:12", "婆家的团年饭{when}开席，我负责凉菜")
    e.cal("nianyefan")
    e.mi("02-05 09:32", "除夕了！年夜饭{clock}开席，今天要拌八个凉菜")
    e.cu("02-05 10:02", "年夜饭{clock}开席，十二个人，凉菜做哪几个好？要有川味",
         reply="{clock}开席的话，凉菜可以提前两小时做好：夫妻肺片、口水鸡、凉拌折耳根、蒜泥白肉、拌三丝、红油耳片。",
         sess="s_cny")
    e.mi("02-05 21:32", "年夜饭吃完了，公公喝高兴了，给航航包了个大红包")

    e = E("bainian_inlaw", "春节给二姑家拜年（婆家亲戚）", "event", "low", ["cny", "bainian", "inlaws_mention", "kid_mention"], at="02-06 10:00")
    e.mi("02-05 22:12", "{when}去二姑家拜年，春节头一天，婆婆说要早点出门")
    e.cu("02-06 08:32", "大年初一去拜年，给长辈说啥子吉利话好？要有四川味道的",
         reply="可以说：“新年大吉，身体巴巴适适，日子红红火火！”给小辈就说“学习进步，长高高”。", link=False,
         title="拜年")
    e.mi("02-06 12:32", "拜完年了，航航收了五个红包，高兴惨了")

    e = E("bainian_mine", "初二回娘家拜年（五通桥）", "event", "high", ["cny", "bainian", "my_parents"],
          at="02-07 10:30")
    e.mi("02-06 21:02", "{when}回娘家，给我妈和老汉拜年，弟弟开车来接")
    e.cu("02-07 09:12", "初二回娘家，给老汉的酒忘在婆家了，现在买啥子补救？",
         reply="可以就近买一盒好茶叶或者一箱本地的豆腐乳，再让航航给外公写张贺卡，心意到了比啥子都强。", link=False,
         title="回娘家")
    e.mi("02-07 18:22", "回娘家巴适，我妈做了一大桌，老汉喝了半斤，弟弟说想开个火锅店")

    e = E("brother_shop", "答应弟弟帮他看开店的账", "commitment", "low", ["my_parents", "money"],
          done="02-07 16:00")
    e.mi("02-07 12:31", "答应弟弟帮他算算开火锅店的账，他那个预算太粗了")
    e.mi("02-07 16:08", "帮弟弟把开店的账过了一遍，房租占比太高，劝他再想想", anchor="done")

    e = E("dafo", "答应航航去看乐山大佛", "commitment", "high", ["kid", "cny"], at="02-08", done="02-08 15:30")
    e.mi("02-01 21:42", "答应航航{day}带他去看乐山大佛，这回不能再放他鸽子")
    e.mi("02-07 21:12", "{day}带航航去大佛，初三人少些")
    e.mi("02-08 15:36", "看完大佛了，排了两个小时队，航航说值得", anchor="done")

    e = E("m_red_total", "红包发出去八千多", "mention", "low", ["cny", "money"])
    e.mi("02-08 22:12", "算了一下，红包发出去八千多，收回来的还不到一半 😭")

    # ------------------------------------------------------------ week 3 (02-08 .. 02-14)
    e = E("emei", "全家去峨眉山泡温泉", "event", "low", ["family", "cny"], at="02-09 09:30")
    e.mi("02-08 21:02", "{when}全家去峨眉山泡温泉，弟弟开车")
    e.mi("02-09 19:02", "温泉泡得巴适，航航耍疯了不想走")

    e = E("husband_0210", "老公从乐山回重庆", "event", "low", ["husband"], at="02-10 14:00")
    e.mi("02-10 09:02", "老公{when}的车回重庆，又要分开一个礼拜")

    e = E("inlaw_checkup", "陪婆婆去华西复查（改到周六）", "event", "high", ["inlaws", "health", "husband_mention"], at="02-13 07:30",
          old=[("02-12 07:30", "rescheduled")])
    e.mi("02-08 20:12", "婆婆血压有点高，回成都得去华西复查")
    e.mi("02-10 20:02", "约了{when}陪婆婆去华西复查，要空腹抽血", anchor="old0")
    e.mi("02-11 12:32", ["婆婆复查改到{when}了，上班第二天请不到假", "婆婆的复查推迟到{when}，周斌说他回来开车"])
    e.cu("02-11 12:41", "婆婆复查推迟到{when}，空腹抽血要注意啥子？",
         reply="{abs}复查的话：前一晚清淡饮食，抽血前不要吃东西，降压药问过医生再吃，带上平时的血压记录。",
         sess="s_health")
    e.mi("02-13 11:52", "婆婆复查完了，医生说血压控制得还行，药不用换")

    e = E("back_work", "开工第一天", "event", "low", ["work"], at="02-11 09:00")
    e.mi("02-11 10:12", "开工了，黄总发了开工红包，两百块，图个吉利")

    e = E("liu_talk", "和刘总监聊年后工作安排", "event", "low", ["work", "p_liu"], at="02-11 11:00")
    e.mi("02-11 11:42", "跟刘总监聊完，年后重点是汇算清缴和预算，让我带小余")

    e = E("dec_tax_training", "定了：汇算前给全员做个税培训", "decision", "high", ["tax", "work"], at="02-12 10:00")
    e.mi("02-12 10:16", "定了：个税汇算开始前给全员做一次培训，张姐来组织，我来讲")

    e = E("ppt_promise", "答应张姐交个税培训 PPT", "commitment", "low", ["tax", "work"], at="02-19")
    e.mi("02-12 10:22", ["答应张姐{due}把个税汇算培训的PPT给她", "{due}要给张姐个税培训的PPT，答应了的"])

    e = E("dec_tv_rule", "定了：寒假作业做完才准看电视", "decision", "low", ["kid", "homework"], at="02-12 21:00")
    e.mi("02-12 21:12", "跟航航定了规矩：寒假作业做完才准看电视，一天最多一集")

    e = E("homework", "航航寒假作业做完", "todo", "high", ["kid", "homework"], at="02-21")
    e.mi("01-25 21:32", "寒假作业{due}必须做完，开学老师要查")
    e.cu("02-12 20:32", "航航寒假作业还剩一半，{due}要做完，咋个安排进度？",
         reply="可以倒排：把剩下的作业按科目拆成小块，每天固定做两块；{day}之前的最后两天只检查、不赶新的。",
         sess="s_kid")
    e.mi("02-13 21:02", "寒假作业又拖到最后，气死了 😤 日记还差十篇")

    e = E("eng_0213", "航航英语补习班", "event", "low", ["kid", "tutoring"], at="02-13 09:30")
    e.cal("english", "02-13 09:30")
    e.mi("02-12 21:40", "{when}英语补习班开课，书包还没收拾")

    e = E("valentine", "情人节火锅（改到7点）", "event", "low", ["husband"], at="02-14 19:00",
          old=[("02-14 18:30", "rescheduled")])
    e.mi("02-12 21:32", "老公订了{when}的火锅，说是过情人节", anchor="old0")
    e.mi("02-13 19:02", "火锅店打电话说{when}才有位子，改了")
    e.cal("valentine")
    e.cu("02-13 19:12", "情人节改到{when}吃火锅，给老公准备个啥子小礼物？预算500",
         reply="{abs}的火锅之约，可以送：一条好点的皮带、刻字的钥匙扣，或者一张手写卡片配他喜欢的茶叶。", title="情人节")
    e.mi("02-14 21:22", "火锅吃得巴适，老公送了一束花，航航在旁边起哄")

    # calendar-only instance (no MeInput / chat record): tolerated, never required
    e = E("fil_0203", "公公膝盖理疗", "event", "low", ["inlaws", "health"], at="02-03 15:00")
    e.cal("physio", "02-03 15:00")


# ================================================================ noise (main user)
def noise_mi(user, obs, text, app=None, exact=False):
    r = Rec(user, "mi", "user", T(obs) if exact else _jit(T(obs)), text)
    r.extra["app"] = app
    MI.append(r)
    return r


def noise_turn(user, obs, utext, reply=None, tool=None, title="随手问问", sess=None, run=None, followup=0.15):
    t = _jit(T(obs))
    turn = Turn(user, t, title, sess)
    turn.msgs.append(Rec(user, "chat", "user", t, utext))
    cur = t
    if tool is not None:
        cur = cur + timedelta(seconds=RNG.randint(5, 18))
        turn.msgs.append(Rec(user, "chat", "tool", cur, tool_json(tool, cur)))
    if run is not None:
        turn.run = make_run(user, t, run)
    if reply is not None:
        cur = cur + timedelta(seconds=RNG.randint(20, 95))
        turn.msgs.append(Rec(user, "chat", "assistant", cur, reply))
    if sess is None and user == MAIN_USER:
        maybe_followup(turn, followup)
    TURNS.append(turn)
    return turn


def dialog(user, start, exchanges, title, gap=(2, 7), sess=None):
    t = T(start)
    for ex in exchanges:
        tool = ex[2] if len(ex) > 2 else None
        noise_turn(user, t.strftime("%m-%d %H:%M"), ex[0], ex[1], tool=tool, title=title,
                   sess=sess or f"dlg:{user}:{start}")
        t = t + timedelta(minutes=RNG.randint(*gap))


# Notes without an event. Several carry time words, festival / lunar words or time-like numbers on purpose
# (repetitions, idioms, durations, 3点几, a greeting on 除夕, lunar dates that are no time words).
NOISE_MI_DEV = [
    ("01-25 07:41", "地铁7号线又挤成沙丁鱼，早饭都没吃成", "voice"),
    ("01-25 13:10", "每周二下午2点数学补习班，寒假里都是婆婆负责接送", "notes"),
    ("01-27 00:40", "凌晨还在对往来账，眼睛都看花了", "notes"),
    ("01-26 00:31", "睡不着，刷了半小时房价，成都南边又涨了", "notes"),
    ("01-26 12:55", "下午茶拼单点了奶茶，三分糖少冰", "wechat"),
    ("01-26 22:40", "十年前的今天还在熬夜考注会，现在熬夜对账，哈哈", "notes"),
    ("01-27 07:55", "降温了，出门只有三度，航航非不戴帽子", "voice"),
    ("01-27 13:22", "同事说隔壁公司的利润是3点几个亿，吹牛吧", "notes"),
    ("01-27 19:40", "婆婆说三天打鱼两天晒网的人学不会打麻将，说的就是我", "voice"),
    ("01-28 07:31", "deadline 一个接一个，KPI 压力山大", "notes"),
    ("01-28 13:06", "食堂的回锅肉今天巴适，多打了一勺", "voice"),
    ("01-28 23:31", "一年有多少个工作日来着，算年假的时候老是算错", "notes"),
    ("01-29 07:20", "早上起来嗓子哑了，年会还要唱歌，恼火", "voice"),
    ("01-29 13:35", "这个报表格式真的很難看，下次要改", "notes"),
    ("01-30 09:10", "小年都过了，婆婆开始张罗灌香肠", "voice"),
    ("01-30 22:20", "航航问我时间复杂度是啥子，我说问你老汉去", "notes"),
    ("01-31 08:40", "难得睡个懒觉，七点就被楼下装修吵醒", "voice"),
    ("01-31 12:30", "腊月二十八，把面发，婆婆念了一早上", "voice"),
    ("01-31 23:45", "明天又是周一，定三个闹钟", "notes"),
    ("02-01 13:02", "午饭只吃了个面包，下午饿得心慌", "notes"),
    ("02-02 07:48", "今天雾好大，绕城高速封了", "voice"),
    ("02-02 19:05", "读书笔记：利润是观点，现金是事实", "notes"),
    ("02-03 08:05", "起晚了，打车上班，司机师傅一路在听评书", "voice"),
    ("02-04 14:40", "快过年了，乐山街上的腊肉香肠摊子排长队", "voice"),
    ("02-04 22:05", "春运的车站真的是人从众", "notes"),
    ("02-05 00:12", "除夕快乐！🧧 提前祝大家新年快乐", "wechat"),
    ("02-05 20:35", "春晚的小品一般，还是以前的好看", "notes"),
    ("02-06 15:20", "舊曆新年快樂，萬事如意（台灣客戶傳來的賀卡）", "wechat"),
    ("02-06 22:40", "抢红包雨抢了8块8，开心", "voice"),
    ("02-07 08:10", "大年初二一早就被鞭炮吵醒", "voice"),
    ("02-08 09:30", "乐山的甜皮鸭还是那个味道，买了两只带回成都", "voice"),
    ("02-08 14:02", "大佛脚下人山人海，手机信号都没有", "voice"),
    ("02-09 07:35", "早起跟航航在院子里放了一挂小鞭", "voice"),
    ("02-09 22:30", "过年胖了三斤，年后必须管住嘴", "notes"),
    ("02-10 11:20", "收拾行李，婆婆装了一箱腊肉", "voice"),
    ("02-10 23:15", "到家了，家里冷冰冰的，开了空调还是冷", "notes"),
    ("02-11 07:52", "开工第一天，地铁居然有座位", "voice"),
    ("02-11 13:40", "OK 今天不加班了，早点回家陪航航", "notes"),
    ("02-12 08:05", "公司楼下的早餐店还没开门，只能啃面包", "voice"),
    ("02-12 13:30", "報銷系統又改版了，按鈕都找不到", "notes"),
    ("02-13 15:10", "航航拼了一下午乐高，作业一个字没动", "voice"),
    ("02-14 09:20", "今天成都出太阳了，晒被子", "voice"),
    ("02-14 14:40", "元宵节要回来吃汤圆吗？婆婆在家族群里问", "wechat"),
]

LIFE_LOG = ["昨晚只睡了{h}小时，开会一直打哈欠", "今天喝水{n}杯，达标", "步数{s}，脚底板疼",
            "今天最高{t}度，{w}", "体重秤说我{kg}公斤，接受现实", "航航今天练琴{m}分钟，没有哭"]


def declare_noise_dev():
    for obs, text, app in NOISE_MI_DEV:
        noise_mi(MAIN_USER, obs, text, app)
    rng = random.Random(SEED + 11)
    days = sorted(rng.sample(range(21), 12))
    pool = LIFE_LOG * 2
    rng.shuffle(pool)
    for d, tpl in zip(days, pool):
        dt = PERIOD_START + timedelta(days=d, hours=rng.choice([12, 19, 21, 22]), minutes=rng.randint(0, 58))
        text = tpl.format(h=rng.choice(["五个", "四个半", "六个"]), n=rng.choice([6, 7, 8]),
                                           s=rng.choice(["一万二", "八千", "一万五"]), t=rng.choice([6, 9, 12]),
                                           w=rng.choice(["有雾", "阴", "小雨", "出太阳了"]),
                                           kg=rng.choice(["56.2", "55.8", "56.6"]), m=rng.choice([20, 30, 40]))
        noise_mi(MAIN_USER, dt.strftime("%m-%d %H:%M"), text, rng.choice(["notes", "voice"]))

    W = lambda loc, days: {"fn": "wx.forecast", "args": {"place": loc},
                           "result": [{"ymd": f"$d+{k}", "sky": c, "t_min": lo, "t_max": hi}
                                      for k, (c, lo, hi) in enumerate(days)]}
    turns = [
        ("01-25 12:51", "增值税专用发票认证期限现在是多久？",
         "现在增值税专用发票已经取消了认证期限，勾选确认后在申报期内申报抵扣即可。", None),
        ("01-25 18:31", "成都今天冷不冷？", "今天成都阴，气温 3 到 9 度，早晚注意保暖。",
         W("成都", [("阴", 3, 9), ("小雨", 4, 8)])),
        ("01-26 13:12", "固定资产折旧年限一般怎么定？",
         "一般按税法规定的最低年限：房屋建筑物 20 年，机器设备 10 年，电子设备 3 年，车辆 4 年；会计上也可以按实际使用寿命估计。", None),
        ("01-27 12:41", "“应收账款周转天数”怎么算？",
         "应收账款周转天数 = 365 ÷ 应收账款周转率，周转率 = 营业收入 ÷ 平均应收账款。", None),
        ("01-29 21:51", "九岁娃儿一天看好久电视合适？", "建议每天不超过一小时，最好分成两段，中间让眼睛休息，远眺窗外。", None),
        ("01-30 10:21", "乐山有啥子好吃的？", "可以试试跷脚牛肉、甜皮鸭、钵钵鸡、豆腐脑和叶儿粑，嘉定坊一带比较集中。", None),
        ("01-30 16:40", "帮我润色：感谢各位同事一年来对财务工作的支持",
         "可以改成：“一年来，感谢各位同事对财务工作的理解与配合，每一张单据背后都是大家的用心。”", None),
        ("01-31 13:31", "红包一般包多少合适？", "看地方习惯和关系远近：小辈常见 200 到 1000 元，长辈 500 到 2000 元，量力而行。", None),
        ("02-01 13:21", "你能直接帮我去银行办业务吗？",
         "抱歉，我没办法替你去银行。不过可以帮你列好要带的材料，或者起草给银行的说明。", None),
        ("02-01 20:41", "“应付账款”英文怎么说？", "一般说 accounts payable，缩写 AP。", None),
        ("02-02 13:11", "Excel 里 VLOOKUP 匹配不上一般是什么原因？",
         "常见原因：查找值有空格；数字存成了文本；查找区域没锁定；最后一个参数没写 FALSE。", None),
        ("02-04 15:21", "乐山明天会下雨吗？", "乐山明天多云，气温 6 到 12 度，不会下雨。",
         W("乐山", [("多云", 6, 13), ("多云", 6, 12)])),
        ("02-05 14:11", "帮我写一段春节拜年的朋友圈文案，要有点川味",
         "“新春大吉！祝大家新的一年巴巴适适、顺顺利利，钱包鼓鼓、笑口常开！🧧”", None),
        ("02-06 20:31", "打麻将血战到底怎么算番？", "血战到底基本番型：平胡 1 番，对对胡 2 番，清一色 4 番，七对 4 番，杠另算。", None),
        ("02-07 22:11", "小孩子的压岁钱该不该由家长保管？",
         "可以商量着来：大额由家长代存到孩子名下的账户，小额让孩子自己支配，顺便教他记账。", None),
        ("02-08 19:31", "跷脚牛肉的汤底怎么熬？", "牛骨和牛杂先焯水，再加中药香料包小火慢熬三四个小时，出锅前撒香菜和芹菜。", None),
        ("02-09 12:01", "温泉泡多久合适？", "每次 15 到 20 分钟，上来休息一会儿再泡，饭后和空腹都不宜泡。", None),
        ("02-11 16:41", "你是真人还是机器人？", "我是 AI 助手，不是真人。想聊什么、要办什么，直接说就行。", None),
        ("02-12 12:21", "个税汇算一般从什么时候开始？", "综合所得年度汇算一般在次年 3 月 1 日至 6 月 30 日办理，具体以税务局公告为准。", None),
        ("02-13 13:21", "帮我把这段话改简洁：关于贵司提出的关于发票方面的相关问题，我方已进行了相关研究",
         "改为：“贵司提出的发票问题，我们已研究完毕。”", None),
        ("02-14 10:41", "情人节送花送什么颜色好？", "红玫瑰最经典，香槟色和粉色显得温柔；老夫老妻也可以换成一束向日葵。", None),
    ]
    for obs, u, a, tool in turns:
        noise_turn(MAIN_USER, obs, u, a, tool=tool)
    dialog(MAIN_USER, "01-27 21:40", [
        ("航航的数学题：一个长方形周长是24厘米，长是8厘米，宽是多少？", "宽 = 24 ÷ 2 − 8 = 4 厘米。可以让他画图理解。"),
        ("那面积呢？", "面积 = 8 × 4 = 32 平方厘米。"),
        ("咋个跟他讲周长和面积的区别？", "周长是绕一圈的长度，像给操场围栅栏；面积是里面占的地方，像给操场铺草皮。"),
    ], "亲子作业")
    dialog(MAIN_USER, "02-06 21:30", [
        ("婆婆说春节要守岁，守岁有啥子讲究？", "守岁是除夕夜一家人团坐到新年，寓意辞旧迎新、给长辈添寿；现在熬到零点放完烟花就算。"),
        ("为啥子要贴春联？", "春联源自桃符，寓意驱邪纳福；贴的时候上联在右、下联在左，横批从右往左读。"),
    ], "过年习俗")
    # a noise session that spans several days
    for start, ex in [("01-26 22:10", ("How do I say “年终结账” in English?", "“Year-end closing”, or “closing the books for the year”.")),
                      ("01-28 22:20", ("Correct me: “The audit are start next Monday.”",
                                       "“The audit starts next Monday.”")),
                      ("02-01 22:05", ("What is the “accrual basis”?",
                                       "Under the accrual basis, revenue and expenses are recorded when they are earned or incurred, not when cash moves.")),
                      ("02-12 22:15", ("Give me a polite way to remind staff to submit forms.",
                                       "“A friendly reminder to submit your forms by the deadline—thank you!”"))]:
        noise_turn(MAIN_USER, start, ex[0], ex[1], title="会计英语", sess="s_english")


# ================================================================ second user
# 段宇轩: 电子科大研二（计算机）, from 哈尔滨. Different vocabulary; several times collide with u_dev8 on purpose.
OTHER_MI = [
    ("01-25 21:06", "明天下午3点组会，PPT还差两页实验结果"),                  # = u_dev8 抢票 01-26 15:00
    ("01-26 16:20", "组会被导师说了，消融实验不够"),
    ("01-27 10:05", "服务器又被师兄占满了，GPU排队到晚上"),
    ("01-28 20:02", "周五下午5点半课题组聚餐，师兄请客吃烤肉"),              # = u_dev8 年会 01-29 17:30
    ("01-29 23:40", "烤肉吃撑了，回宿舍继续跑实验"),
    ("01-30 13:10", "论文初稿写了三千字，相关工作那节还空着"),
    ("01-31 22:32", "终于买到2月4号上午10点的机票，回哈尔滨"),              # ~ u_dev8 动车 02-04 10:12
    ("02-01 09:20", "导师说放假前要把代码整理好，传到组里的仓库"),
    ("02-02 16:02", "明天下午两点找导师签请假条"),                          # = u_dev8 对调整分录 02-03 14:00
    ("02-03 19:30", "实验室最后一天，关空调关电脑"),
    ("02-04 07:40", "去天府机场的地铁人好多"),
    ("02-04 23:05", "明天晚上6点全家包饺子，我负责擀皮"),                    # = u_dev8 年夜饭 02-05 18:00
    ("02-05 20:30", "哈尔滨零下二十五度，鼻涕都冻住了"),
    ("02-06 11:00", "跟高中同学去冰雪大世界，排队排到腿麻"),
    ("02-08 15:00", "姥姥塞了个厚厚的压岁钱，说研究生也是小孩"),
    ("02-10 21:10", "后天早上7点半飞成都，闹钟定好"),                        # = u_dev8 复查（原定）02-12 07:30
    ("02-11 18:20", "开学前得把论文的实验部分补完"),
    ("02-12 13:00", "落地双流，热得穿不住棉袄"),
    ("02-12 18:02", "后天晚上7点跟女朋友看电影，票买好了"),                  # = u_dev8 情人节 02-14 19:00
    ("02-13 10:30", "帮导师贴发票，学院财务说要等开学"),
    ("02-14 12:20", "花店门口排长队，还好提前订了"),
]
OTHER_DIALOGS = [
    ("代码", "01-27 21:05", [
        ("Python 多进程读数据为什么还是卡？", "可以检查是不是 GIL 之外的 IO 瓶颈：用 multiprocessing.Pool 配合 imap，数据预先切片。"),
        ("DataLoader 的 num_workers 设多少？", "一般从 CPU 核数的一半开始试，观察 GPU 利用率再调。"),
    ]),
    ("哈尔滨", "02-02 22:10", [
        ("东北零下二十几度穿什么不冻手？", "里层速干、中层抓绒、外层羽绒；手套选分指内胆加连指外套，鞋要防滑加绒。"),
    ]),
    ("论文", "02-12 21:05", [
        ("润色：Our method outperforms baselines by a large margin.",
         "“Our method outperforms the baselines by a substantial margin.”"),
        ("related work 一节怎么组织？", "按方法类别分三到四段，每段先概括思路，再指出局限，最后引出你的方法。"),
    ]),
]
OTHER_RUNS = [
    ("01-28 14:00", "帮我把训练日志画成损失曲线", "已生成 4 张曲线图，存在 plots/ 目录。",
     ("绘制训练损失曲线", "已生成 4 张图", "succeeded", 2)),
    ("02-09 10:00", "查一下哈尔滨飞成都还有没有余票", "查询失败：航司接口暂不可用。",
     ("查询哈尔滨至成都航班余票", "航司接口不可用", "failed", 1)),
]


def declare_other():
    for obs, text in OTHER_MI:
        noise_mi(OTHER_USER, obs, text, RNG.choice(["notes", "voice"]))
    for title, start, exchanges in OTHER_DIALOGS:
        dialog(OTHER_USER, start, exchanges, title)
    for obs, u, a, run in OTHER_RUNS:
        noise_turn(OTHER_USER, obs, u, a, title="请助手办事", run=run)
    VEvent(OTHER_USER, "o_group", "课题组组会", T("01-26 15:00"), T("01-26 17:00"), weekly_count=2,
           location="主楼 B312", created=T("01-10 09:00"), domain="cal.uestc-lab.example")
    VEvent(OTHER_USER, "o_flight", "航班 成都天府→哈尔滨", T("02-04 10:00"), T("02-04 14:20"),
           created=T("01-31 22:40"), domain="cal.uestc-lab.example")
    VEvent(OTHER_USER, "o_movie", "电影（和女朋友）", T("02-14 19:00"), T("02-14 21:10"),
           created=T("02-12 18:10"), domain="cal.uestc-lab.example")


# ================================================================ assembly
NAMED_SESSIONS = {"s_close": "年终结账", "s_party": "年会准备", "s_audit": "审计", "s_tax": "个税与工资",
                  "s_cny": "回乐山过年", "s_kid": "航航", "s_health": "婆婆复查", "s_english": "会计英语"}
PERSONS = ["刘总监", "黄总", "小杨", "小余", "张姐", "王经理", "航航", "老公", "周斌", "公公", "婆婆", "我妈",
           "老汉", "弟弟", "二姑", "导师", "师兄", "女朋友"]
ORGS = ["锦程机电", "蓉诚所", "华西", "12306", "启航培训", "课题组"]


def assign_ids_and_sessions():
    for r in sorted(MI, key=lambda r: (r.obs, r.text)):
        r.id = "seg_" + ulid(r.obs)
        _uniq(r.id)
    sessions, by_key, current = [], {}, {}
    for turn in sorted(TURNS, key=lambda x: (x.t, x.title)):
        if turn.sess is not None:
            k = (turn.user, turn.sess)
            if k not in by_key:
                by_key[k] = {"user": turn.user, "title": NAMED_SESSIONS.get(turn.sess, turn.title),
                             "msgs": [], "runs": []}
                sessions.append(by_key[k])
            s = by_key[k]
        else:
            s = current.get(turn.user)
            last = s["msgs"][-1].obs if s else None
            if (s is None or turn.t - last > timedelta(hours=3) or turn.t <= last
                    or day0(turn.t) != day0(last) or len(s["msgs"]) >= 24):
                s = {"user": turn.user, "title": turn.title, "msgs": [], "runs": []}
                sessions.append(s)
                current[turn.user] = s
        if s["msgs"] and turn.t <= s["msgs"][-1].obs:
            raise SystemExit(f"overlapping turns in session {s['title']}: {turn.t}")
        s["msgs"].extend(turn.msgs)
        if turn.run is not None:
            s["runs"].append(turn.run)
    sessions.sort(key=lambda s: (s["msgs"][0].obs, s["title"]))
    for s in sessions:
        s["id"] = rand_id("sess_", 10)
        for m in s["msgs"]:
            m.id = rand_id("msg_", 12)
            m.extra["session_id"] = s["id"]
        for r in s["runs"]:
            r.id = rand_id("run_", 10)
            r.extra["session_id"] = s["id"]
    return sessions


def entities(text):
    out = [{"type": "person", "text": p} for p in PERSONS if p in text]
    out += [{"type": "org", "text": o} for o in ORGS if o in text]
    return out


WIRE_RNG = random.Random(SEED + 99)


def wire_meinput(r, imp_of, z=False):
    rng = WIRE_RNG
    app = r.extra.get("app") or rng.choice(["notes", "notes", "voice", "wechat", "clipboard"])
    rec = {"evidence_id": r.id, "user_id": r.user, "type": "expression_segment", "text": r.text,
           "observed_at": iso(r.obs, z=z)}
    imp = imp_of.get(r.event)
    if imp == "high":
        importance = round(rng.uniform(0.68, 0.96), 2)
    elif imp == "low":
        importance = round(rng.uniform(0.3, 0.7), 2)
    else:
        importance = round(rng.uniform(0.05, 0.5), 2)
    conf = round(rng.uniform(0.7, 0.9) if app == "voice" else rng.uniform(0.86, 0.99), 2)
    roll = rng.random()
    if roll > 0.1:
        rec["app"] = app
    elif roll > 0.05:
        rec["app"] = None
    if rng.random() > 0.12:
        rec["importance"] = importance
    elif rng.random() < 0.5:
        rec["importance"] = None
    if rng.random() > 0.06:
        rec["confidence"] = conf
    ents = entities(r.text)
    if ents or rng.random() < 0.4:
        rec["entities"] = ents
    elif rng.random() < 0.2:
        rec["entities"] = None
    roll = rng.random()
    if roll > 0.15:
        rec["lang"] = "zh-CN"          # also on the Traditional-script notes: upstream language tags are coarse
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
    for i in WIRE_RNG.sample(range(len(out["messages"])), k=round(0.05 * len(out["messages"]))):
        m = out["messages"][i]
        m["created_at"] = iso(datetime.fromisoformat(m["created_at"]), z=True)
    key = lambda x: datetime.fromisoformat(x.replace("Z", "+00:00"))
    out["messages"].sort(key=lambda m: (key(m["created_at"]), m["message_id"]))
    out["runs"].sort(key=lambda r: (key(r["started_at"]), r["run_id"]))
    return out


def wire_calendar(user, name):
    return {"name": name, "timezone": "Asia/Shanghai",
            "events": [v.wire() for v in VEVENTS if v.user == user]}


def anchor_names(e):
    out = []
    if e.et is not None:
        out.append("ev")
    if e.done is not None:
        out.append("done")
    out += [f"old{i}" for i in range(len(e.old))]
    return out


ANCHOR_LABEL = {"ev": "event_time", "done": "completed_at"}


def alabel(which):
    return ANCHOR_LABEL.get(which) or f"superseded:{int(which[3:] or 0)}"


def dedupe_sets(e):
    """Records a RFC §9 service must merge: same anchor, named to within ±15 min (or the same day)."""
    precise, days = [], []
    for which in anchor_names(e):
        a, g = e.anchor(which)
        rs = [r for r in e.recs if r.anchor == which]
        p = [r for r in rs if g == "minute" and r.grain in ("minute", "ago") and abs(r.point - a) <= timedelta(minutes=15)]
        if len(p) >= 2:
            pts = [r.point for r in p]
            assert max(pts) - min(pts) <= timedelta(minutes=15), (e.id, which)
            precise.append(sorted(r.ref for r in p))
        d = [r for r in rs if r.grain == "day"]
        if len(d) >= 2:
            days.append(sorted(r.ref for r in d))
    return precise, days


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


def changed_at(e, i):
    _, _, reason = e.old[i]
    which = f"old{i}" if i else "old0"
    if reason == "rescheduled":
        return time_known_at(e)
    rs = [r.obs for r in nc(e) if r.anchor == which]
    return max(rs) if rs else None


def wire_event(e):
    recs = sorted(e.recs, key=lambda r: (r.src == "cal", r.obs))
    precise, days = dedupe_sets(e)
    fo = first_obs(e)
    return {"id": e.id, "title": e.title, "kind": e.kind, "importance": e.importance, "topics": e.topics,
            "event_time": iso(e.et), "event_time_grain": e.grain,
            "status": e.status or ("rescheduled" if e.old else None),
            "superseded": [{"time": iso(x), "grain": g, "reason": reason, "changed_at": iso(changed_at(e, i))}
                           for i, (x, g, reason) in enumerate(e.old)],
            "completed_at": iso(e.done),
            "records": [r.ref for r in recs],
            "calendar_only": not nc(e),
            "first_observed_at": iso(fo),
            "time_known_at": iso(time_known_at(e)),
            "record_times": {r.ref: alabel(r.anchor) for r in recs if r.anchor and r.src != "cal"},
            "dedupe_sets": precise, "dedupe_sets_day": days}


# ================================================================ labelling
def ev_iv(e):
    if e.et is None:
        return None
    return (e.et, e.et + (DAY if e.grain == "day" else MIN1))


def old_ivs(e):
    return [(x, x + (DAY if g == "day" else MIN1)) for x, g, _ in e.old]


def overlaps(iv, R):
    return iv is not None and iv[0] < R[1] and iv[1] > R[0]


def inr(t, R):
    return t is not None and R[0] <= t < R[1]


def known(e, now):
    return any(r.obs <= now for r in nc(e))


def time_known(e, now):
    t = time_known_at(e)
    return t is not None and t <= now


def done_known(e, now):
    return (e.done is not None and e.done <= now and
            any(now >= r.obs >= e.done - timedelta(minutes=10) for r in nc(e)))


def occ_iv(e):
    if e.kind in ("event", "decision"):
        return ev_iv(e)
    if e.kind in ("todo", "commitment") and e.done is not None:
        return (e.done, e.done + MIN1)
    return None


def is_occurred(e, R, now):
    iv = occ_iv(e)
    if iv is None or not overlaps(iv, R) or iv[0] > now:
        return False
    return done_known(e, now) if e.kind in ("todo", "commitment") else time_known(e, now)


def is_mentioned(e, R, now, source=None, text_re=None):
    return any(r.role == "user" and (source is None or r.src == source) and inr(r.obs, R) and r.obs <= now
               and (text_re is None or re.search(text_re, r.text)) for r in nc(e))


def is_mentioned_any_role(e, R, now, source=None, text_re=None):
    """api.md: 'mentioned means said by anyone in the user's own records (user or assistant turns)'."""
    return any(r.role in ("user", "assistant") and (source is None or r.src == source) and inr(r.obs, R)
               and r.obs <= now and (text_re is None or re.search(text_re, r.text)) for r in nc(e))


def is_planned(e, R, now):
    iv = ev_iv(e)
    return (e.kind == "event" and overlaps(iv, R) and first_obs(e) is not None and first_obs(e) < iv[0]
            and time_known(e, now))


def is_created(e, R, now):
    fo = first_obs(e)
    return e.kind in ("decision", "commitment", "todo") and inr(fo, R) and fo <= now


def is_due(e, R, now):
    return (e.kind in ("todo", "commitment") and overlaps(ev_iv(e), R) and known(e, now)
            and not done_known(e, now))


def is_ambiguous(e, R, now, source=None):
    done_before = e.done is not None and e.done < R[0] and done_known(e, now)
    return (is_occurred(e, R, now) or is_mentioned(e, R, now, source)
            or (overlaps(ev_iv(e), R) and time_known(e, now) and not done_before))


def related(e, W):
    return (overlaps(ev_iv(e), W) or any(overlaps(iv, W) for iv in old_ivs(e))
            or inr(e.done, W) or any(inr(r.obs, W) for r in nc(e)))


FAR = timedelta(days=3650)


def ranges(name, now, arg=None):
    """(narrow, wide) half-open ranges per time-conventions.md; wide = the generous reading."""
    d, w = day0(now), week0(now)
    H = HOUR
    one = lambda a, b: ((a, b), (a, b))
    if name == "today":
        return one(d, d + DAY)
    if name == "yesterday":
        return one(d - DAY, d)
    if name == "day_before":
        return one(d - 2 * DAY, d - DAY)
    if name == "tomorrow":
        return one(d + DAY, d + 2 * DAY)
    if name == "day_after":
        return one(d + 2 * DAY, d + 3 * DAY)
    if name == "day_after3":           # 大后天
        return one(d + 3 * DAY, d + 4 * DAY)
    if name == "these_two_days":       # 这两天 = [yesterday, tomorrow)
        return one(d - DAY, d + DAY)
    if name == "this_week":
        return one(w, w + 7 * DAY)
    if name == "last_week":
        return one(w - 7 * DAY, w)
    if name == "next_week":
        return one(w + 7 * DAY, w + 14 * DAY)
    if name == "weekday":              # 这周X / 上周X / 下周X / bare 周X: arg = (week offset, weekday)
        off, wd = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x, x + DAY)
    if name == "weekday_part":         # 周五下午: arg = (week offset, weekday, part start h, part end h)
        off, wd, a, b = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x + a * H, x + b * H)
    if name == "this_weekend":
        return one(w + 5 * DAY, w + 7 * DAY)
    if name == "last_weekend":
        return one(w - 2 * DAY, w)
    if name == "recent3":              # 最近三天 = [today-2, tomorrow); the 72 h reading tolerated
        return (d - 2 * DAY, d + DAY), (d - 3 * DAY, d + DAY)
    if name == "recent":               # 最近 = the last 7 days incl. today; older tolerated
        return (d - 6 * DAY, d + DAY), (d - FAR, d + DAY)
    if name == "before_weekday":       # 这周五之前 / 下周三之前 / 周四之前 = [now, end of that day)
        off, wd = arg
        end = w + timedelta(days=7 * off + wd + 1)
        return (now, end), (w, end)
    if name == "before_month_end":     # 月底之前 = [now, 1st of next month)
        return (now, month_start(d, 1)), (month_start(d), month_start(d, 1))
    if name == "before_date":          # 2月19号之前 = [now, end of that day)
        end = Dd(arg) + DAY
        return (now, end), (w, end)
    if name == "this_month":
        return one(month_start(d), month_start(d, 1))
    if name == "last_month":
        return one(month_start(d, -1), month_start(d))
    if name == "this_morning":         # 今天上午 = [06:00, 12:00)
        return (d + 6 * H, d + 12 * H), (d, d + 13 * H)
    if name == "last_night":           # 昨晚 = [yesterday 18:00, 24:00); after-midnight notes tolerated
        return (d - 6 * H, d), (d - 7 * H, d + 4 * H)
    if name == "date":                 # 2月6号 (with or without 春节 / 除夕 / 情人节 naming the same day)
        x = Dd(arg)
        return one(x, x + DAY)
    if name == "all":                  # no time word (also 年三十 / 大年初二 ...): the last 30 days up to now
        return (now - timedelta(days=30), now), (d - FAR, d + FAR)
    raise KeyError(name)


MODE_GROUP = {"OCCURRED_IN": "occurred", "MENTIONED_IN": "mentioned", "PLANNED_IN": "planned",
              "CREATED_IN": "created", "DUE_IN": "due"}
SRC = {"mi": "mi", "chat": "chat"}
MENTION_NOTES = []


def label_query(q, spec):
    now = datetime.fromisoformat(q["now"])
    R, W = ranges(spec["range"], now, spec.get("arg"))
    mode = q["mode_hint"]
    kinds, imp, topics = spec.get("kinds"), spec.get("importance"), spec.get("topics")
    allow_topics = set(topics or []) | set(spec.get("allow_topics", []))
    source, text_re = spec.get("source"), spec.get("text_re")

    def rule(e):
        if not nc(e):
            return False          # calendar-only: never required (a service may not read calendar)
        return {"OCCURRED_IN": lambda: is_occurred(e, R, now),
                "MENTIONED_IN": lambda: is_mentioned(e, R, now, source, text_re),
                "PLANNED_IN": lambda: is_planned(e, R, now),
                "CREATED_IN": lambda: is_created(e, R, now),
                "DUE_IN": lambda: is_due(e, R, now),
                "AMBIGUOUS": lambda: is_ambiguous(e, R, now, source)}[mode]()

    def filt(e):
        return ((not kinds or e.kind in kinds) and (not imp or e.importance == imp)
                and (not topics or bool(set(topics) & set(e.topics))))

    must = [e for e in EVENTS if rule(e) and filt(e)]
    ids = {e.id for e in must}
    must_not = [e.id for e in EVENTS if not related(e, W)]
    allowed = [e.id for e in EVENTS if e.id not in ids and related(e, W)
               and (not topics or (allow_topics & set(e.topics)))]
    groups = {}
    for e in must:
        if mode in MODE_GROUP:
            groups[e.id] = MODE_GROUP[mode]
        elif e.kind in ("event", "decision") and overlaps(ev_iv(e), R) and ev_iv(e)[0] <= now:
            groups[e.id] = "occurred"
        elif e.et is None or (not overlaps(ev_iv(e), W) and not inr(e.done, W)):
            groups[e.id] = "mentioned"
    assert not (ids & set(must_not)), q["id"]
    # api.md reads "mentioned" as said by anyone (user or assistant). The shared labelling counts user
    # records only; this set is built so that both readings give the same `must` (checked here).
    if mode in ("MENTIONED_IN", "AMBIGUOUS"):
        wide = [e.id for e in EVENTS if nc(e) and filt(e) and
                (is_mentioned_any_role(e, R, now, source, text_re) if mode == "MENTIONED_IN" else
                 (is_ambiguous(e, R, now, source) or is_mentioned_any_role(e, R, now, source)))]
        assert set(wide) == ids, (q["id"], sorted(set(wide) ^ ids))
    q.update(must=[e.id for e in must], must_not=must_not, allowed=allowed, groups=groups,
             range={"start": iso(R[0]), "end": iso(R[1])}, range_wide={"start": iso(W[0]), "end": iso(W[1])})


N1, N2, N3, N4, N5 = "01-26 08:30", "01-27 21:00", "01-29 12:00", "01-31 22:00", "02-01 08:30"
N6, N7, N8, N11, N9, N10 = "02-03 19:00", "02-05 10:30", "02-07 21:00", "02-09 07:50", "02-11 15:00", "02-14 21:30"
TD = ["todo", "commitment"]

# (id, query, now, mode_hint, spec)
QUERY_SPECS = [
    # OCCURRED_IN
    ("q01", "昨天我都干了啥？", N3, "OCCURRED_IN", dict(range="yesterday")),
    ("q02", "前天我都忙了些啥？", N4, "OCCURRED_IN", dict(range="day_before")),
    ("q03", "上个周末我都干了些什么？", N5, "OCCURRED_IN", dict(range="last_weekend")),
    ("q04", "2月6号春节那天都干了些啥？", N10, "OCCURRED_IN", dict(range="date", arg="02-06")),
    ("q05", "2月5号除夕那天我们都做了些啥？", N8, "OCCURRED_IN", dict(range="date", arg="02-05")),
    ("q06", "今天都办了哪些事？", N9, "OCCURRED_IN", dict(range="today")),
    ("q07", "上周三我做了什么？", N9, "OCCURRED_IN", dict(range="weekday", arg=(-1, 2))),
    ("q08", "昨晚我干嘛了？", N7, "OCCURRED_IN", dict(range="last_night")),
    ("q09", "这周到现在做了哪些事情？", N6, "OCCURRED_IN", dict(range="this_week")),
    ("q10", "上周我做了哪些重要的事？", N9, "OCCURRED_IN", dict(range="last_week", importance="high")),
    ("q11", "这个周末我都干了些什么？", N10, "OCCURRED_IN", dict(range="this_weekend")),
    ("q12", "大年初二去拜年都做了啥？", N10, "OCCURRED_IN", dict(range="all", topics=["bainian"])),
    ("q13", "上周日我干了啥？", N9, "OCCURRED_IN", dict(range="weekday", arg=(-1, 6))),
    ("q14", "1月29号那天都发生了什么？", N10, "OCCURRED_IN", dict(range="date", arg="01-29")),
    # MENTIONED_IN
    ("q15", "我昨天说过要做什么？", N2, "MENTIONED_IN", dict(range="yesterday", kinds=TD)),
    ("q16", "上周我在聊天里跟助手说过什么？", N5, "MENTIONED_IN", dict(range="last_week", source="chat")),
    ("q17", "今天上午都记了什么？", N7, "MENTIONED_IN", dict(range="this_morning", source="mi")),
    ("q18", "最近三天我提过的要紧事有哪些？", N6, "MENTIONED_IN", dict(range="recent3", importance="high")),
    ("q19", "上周三我在 MeInput 里记了啥？", N9, "MENTIONED_IN", dict(range="weekday", arg=(-1, 2), source="mi")),
    ("q20", "前天和助手都聊过什么？", N8, "MENTIONED_IN", dict(range="day_before", source="chat")),
    ("q21", "我记过哪些跟抢票有关的？", N10, "MENTIONED_IN",
     dict(range="all", source="mi", topics=["ticket"], allow_topics=["ticket_mention"], text_re="票")),
    ("q22", "昨晚我记了什么？", N5, "MENTIONED_IN", dict(range="last_night", source="mi")),
    ("q23", "这两天我都说过些什么？", N7, "MENTIONED_IN", dict(range="these_two_days")),
    ("q24", "上周我提过哪些跟审计有关的事？", N9, "MENTIONED_IN", dict(range="last_week", topics=["audit"], allow_topics=["audit_mention"])),
    ("q25", "这个月我说起过婆婆公公的哪些事？", N10, "MENTIONED_IN",
     dict(range="this_month", topics=["inlaws"], allow_topics=["health", "inlaws_mention"])),
    ("q26", "1月27号那天我都说了什么？", N10, "MENTIONED_IN", dict(range="date", arg="01-27")),
    ("q27", "我今天记了哪些东西？", N9, "MENTIONED_IN", dict(range="today", source="mi")),
    ("q28", "最近我跟助手聊过航航的哪些事？", N6, "MENTIONED_IN",
     dict(range="recent", source="chat", topics=["kid"], allow_topics=["kid_mention"])),
    ("q29", "我说过哪些关于年终奖的？", N10, "MENTIONED_IN", dict(range="all", topics=["bonus"])),
    ("q30", "上周助手都给我出过哪些主意？", N9, "MENTIONED_IN", dict(range="last_week", source="chat")),
    ("q31", "我记过哪些跟组会有关的？", N10, "MENTIONED_IN",
     dict(range="all", source="mi", topics=["group_meeting"], empty=True)),
    # PLANNED_IN
    ("q32", "今天都有啥安排？", N5, "PLANNED_IN", dict(range="today")),
    ("q33", "明天有什么行程？", N6, "PLANNED_IN", dict(range="tomorrow")),
    ("q34", "下周都有哪些安排？", N4, "PLANNED_IN", dict(range="next_week")),
    ("q35", "这周都安排了些什么？", N5, "PLANNED_IN", dict(range="this_week")),
    ("q36", "今天上午有哪些安排？", N11, "PLANNED_IN", dict(range="this_morning")),
    ("q37", "周五下午有什么安排？", N2, "PLANNED_IN", dict(range="weekday_part", arg=(0, 4, 12, 18))),
    ("q38", "这个周末有什么安排？", N3, "PLANNED_IN", dict(range="this_weekend")),
    ("q39", "后天都要干嘛？", N6, "PLANNED_IN", dict(range="day_after")),
    ("q40", "下周一有什么安排？", N4, "PLANNED_IN", dict(range="weekday", arg=(1, 0))),
    ("q41", "2月10号有什么安排？", N8, "PLANNED_IN", dict(range="date", arg="02-10")),
    ("q42", "周六有什么安排？", N9, "PLANNED_IN", dict(range="weekday", arg=(0, 5))),
    ("q43", "昨天有什么安排来着？", N8, "PLANNED_IN", dict(range="yesterday")),
    ("q44", "下周三有什么安排？", N10, "PLANNED_IN", dict(range="weekday", arg=(1, 2), empty=True)),
    ("q45", "2月14号情人节有什么安排？", N10, "PLANNED_IN", dict(range="date", arg="02-14")),
    ("q46", "周四上午有什么安排？", N6, "PLANNED_IN", dict(range="weekday_part", arg=(0, 3, 6, 12))),
    ("q47", "明天有啥子安排？", N11, "PLANNED_IN", dict(range="tomorrow")),
    # CREATED_IN
    ("q48", "这周都定下了什么？", N3, "CREATED_IN", dict(range="this_week", kinds=["decision"])),
    ("q49", "最近定下来的事有哪些？", N10, "CREATED_IN", dict(range="recent", kinds=["decision"])),
    ("q50", "这周我都答应了别人哪些事？", N8, "CREATED_IN", dict(range="this_week", kinds=["commitment"])),
    ("q51", "这个月新记了哪些待办？", N6, "CREATED_IN", dict(range="this_month", kinds=TD)),
    ("q52", "上周记了哪些待办？", N5, "CREATED_IN", dict(range="last_week", kinds=TD)),
    ("q53", "上个月定了哪些事？", N10, "CREATED_IN", dict(range="last_month", kinds=["decision"])),
    ("q54", "今天定了什么事没？", N7, "CREATED_IN", dict(range="today", kinds=["decision"], empty=True)),
    ("q55", "这个月我都答应了哪些事？", N10, "CREATED_IN", dict(range="this_month", kinds=["commitment"])),
    # DUE_IN
    ("q56", "这周五之前要交什么？", N1, "DUE_IN", dict(range="before_weekday", arg=(0, 4))),
    ("q57", "下周三之前要交什么？", N4, "DUE_IN", dict(range="before_weekday", arg=(1, 2))),
    ("q58", "这周都有什么要交的？", N5, "DUE_IN", dict(range="this_week")),
    ("q59", "下周有哪些东西要交？", N10, "DUE_IN", dict(range="next_week")),
    ("q60", "月底之前有哪些事要搞定？", N3, "DUE_IN", dict(range="before_month_end")),
    ("q61", "2月19号之前要交的东西有哪些？", N9, "DUE_IN", dict(range="before_date", arg="02-19")),
    ("q62", "明天有什么要交的？", N2, "DUE_IN", dict(range="tomorrow")),
    ("q63", "今天有什么要交的吗？", N6, "DUE_IN", dict(range="today")),
    ("q64", "周四之前得搞定哪些事？", N5, "DUE_IN", dict(range="before_weekday", arg=(0, 3))),
    # AMBIGUOUS
    ("q65", "我昨天有什么重要的事？", N3, "AMBIGUOUS", dict(range="yesterday", importance="high")),
    ("q66", "今天有哪些要紧的事？", N6, "AMBIGUOUS", dict(range="today", importance="high")),
    ("q67", "这周我有哪些重要的事？", N2, "AMBIGUOUS", dict(range="this_week", importance="high")),
    ("q68", "上周有什么重要的事吗？", N9, "AMBIGUOUS", dict(range="last_week", importance="high")),
    ("q69", "最近三天有什么需要注意的？", N9, "AMBIGUOUS", dict(range="recent3", importance="high")),
    ("q70", "年夜饭的事安排好了没？", N6, "AMBIGUOUS", dict(range="all", topics=["nianyefan"], allow_topics=["nianyefan_mention"])),
    ("q71", "返程票抢到没有？", N2, "AMBIGUOUS", dict(range="all", topics=["ticket"], allow_topics=["ticket_mention"])),
    ("q72", "审计那边进展咋样了？", N6, "AMBIGUOUS", dict(range="all", topics=["audit"], allow_topics=["audit_mention"])),
    ("q73", "这周航航那边有啥子事？", N6, "AMBIGUOUS", dict(range="this_week", topics=["kid"], allow_topics=["kid_mention"])),
    ("q74", "这个月都有哪些重要的事情？", N7, "AMBIGUOUS", dict(range="this_month", importance="high")),
    ("q75", "上周三有什么事？", N9, "AMBIGUOUS", dict(range="weekday", arg=(-1, 2))),
    ("q76", "今天我要注意些什么？", N7, "AMBIGUOUS", dict(range="today", importance="high")),
    ("q77", "年三十的年夜饭是几点开席来着？", N10, "AMBIGUOUS", dict(range="all", topics=["nianyefan"], allow_topics=["nianyefan_mention"])),
    ("q78", "老公那边最近有啥子动静？", N10, "AMBIGUOUS", dict(range="recent", topics=["husband"], allow_topics=["husband_mention"])),
    ("q79", "昨天有什麼重要的事嗎？", N8, "AMBIGUOUS", dict(range="yesterday", importance="high")),
    ("q80", "我前天有啥子要紧事哦？", N9, "AMBIGUOUS", dict(range="day_before", importance="high")),
    ("q81", "个税汇算的事准备得咋样了？", N9, "AMBIGUOUS", dict(range="all", topics=["tax"], allow_topics=["tax_mention"])),
    ("q82", "婆婆复查的事定了没？", N9, "AMBIGUOUS", dict(range="all", topics=["health"], allow_topics=["inlaws"])),
    # more forms and nows
    ("q83", "明天有什么安排？", N3, "PLANNED_IN", dict(range="tomorrow")),
    ("q84", "我跟助手说过哪些关于婆婆的事？", N10, "MENTIONED_IN",
     dict(range="all", source="chat", topics=["inlaws"], allow_topics=["health", "inlaws_mention"])),
    ("q85", "下周五之前要交什么？", N10, "DUE_IN", dict(range="before_weekday", arg=(1, 4))),
    ("q86", "冬令营的事咋样了？", N6, "AMBIGUOUS", dict(range="all", topics=["camp"])),
    ("q87", "这周记了哪些待办？", N10, "CREATED_IN", dict(range="this_week", kinds=TD)),
    ("q88", "大后天有什么安排？", N5, "PLANNED_IN", dict(range="day_after3")),
    ("q89", "昨天我都做了啥子？", N11, "OCCURRED_IN", dict(range="yesterday")),
    ("q90", "上周五我做了什么？", N9, "OCCURRED_IN", dict(range="weekday", arg=(-1, 4))),
    # people, and what the assistant said
    ("q91", "上周我跟王经理打过哪些交道？", N9, "AMBIGUOUS",
     dict(range="last_week", topics=["p_wang"], allow_topics=["audit", "audit_mention"])),
    ("q92", "刘总监让我交的东西都交了吗？", N6, "AMBIGUOUS", dict(range="all", kinds=TD, topics=["p_liu"])),
    ("q93", "年会那天是谁喝多了？", N10, "AMBIGUOUS", dict(range="all", topics=["annual_party"])),
    ("q94", "助手之前说年夜饭的凉菜做哪几个来着？", N10, "MENTIONED_IN",
     dict(range="all", source="chat", topics=["nianyefan"], allow_topics=["nianyefan_mention"])),
    # normal chat: no temporal recall (time words only inside quotes, translations, idioms, generic advice)
    ("s01", "“除夕快乐”用英语咋个说？", N7, "SKIP", dict(skip=True)),
    ("s02", "帮我把‘明天下午三点开会’翻译成英文", N2, "SKIP", dict(skip=True)),
    ("s03", "写一段春节拜年的朋友圈文案，要有点川味", N8, "SKIP", dict(skip=True)),
    ("s04", "帮我写一封给客户的新年祝福邮件", N3, "SKIP", dict(skip=True)),
    ("s05", "会计上“年终结转”是啥子意思？", N4, "SKIP", dict(skip=True)),
    ("s06", "年终奖单独计税的税率表是怎样的？", N1, "SKIP", dict(skip=True)),
    ("s07", "把“款项将于节后三个工作日内支付”改得客气点", N9, "SKIP", dict(skip=True)),
    ("s08", "Excel 里怎么把日期显示成“2027年2月”这种？", N5, "SKIP", dict(skip=True)),
    ("s09", "九岁娃儿一天看好久电视合适？", N6, "SKIP", dict(skip=True)),
    ("s10", "三天打鱼两天晒网是啥子意思？", N10, "SKIP", dict(skip=True)),
    ("s11", "春节为什么要贴春联？", N11, "SKIP", dict(skip=True)),
    ("s12", "12306 候补购票是什么原理？", N3, "SKIP", dict(skip=True)),
]


def build_queries():
    out = []
    for qid, text, now, mode, spec in QUERY_SPECS:
        q = {"id": qid, "query": text, "now": iso(T(now)), "mode_hint": None if mode == "SKIP" else mode}
        if spec.get("skip"):
            q.update(expect_skip=True, must=[], must_not=[], allowed=[], groups={})
        else:
            label_query(q, spec)
            q["expect_skip"] = False
            n = len(q["must"])
            if spec.get("empty"):
                assert n == 0, (qid, q["must"])
            else:
                assert 1 <= n <= 12, (qid, n, q["must"])
        q["spec"] = {k: (list(v) if isinstance(v, tuple) else v) for k, v in spec.items() if k not in ("skip", "empty")}
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
    sessions = assign_ids_and_sessions()
    imp_of = {e.id: e.importance for e in EVENTS}
    for e in EVENTS:
        for r in e.recs:
            assert r.id is not None or r.src == "cal", (e.id, r.text)
    for r in MI:
        assert PERIOD_START <= r.obs < PERIOD_END, r.text
    mi_sorted = sorted(MI, key=lambda r: (r.user, r.obs))
    z_mi = set()
    for user in (MAIN_USER, OTHER_USER):     # 10% of each user's segments carry their time in UTC (Z)
        idx = [i for i, r in enumerate(mi_sorted) if r.user == user]
        z_mi |= set(WIRE_RNG.sample(idx, k=round(0.10 * len(idx))))
    meinput = [wire_meinput(r, imp_of, z=i in z_mi) for i, r in enumerate(mi_sorted)]
    data = {
        "meta": {
            "name": "temporal-recall dev8 set (accountant in 成都, 年终结账 → 春节 in 乐山)", "generator": "gen8.py",
            "seed": SEED, "main_user": MAIN_USER, "timezone": "Asia/Shanghai",
            "period": {"start": iso(PERIOD_START), "end": iso(PERIOD_END)},
            "notes": "events and queries describe u_dev8 only; every u_dev8_other record is a leak if shown for "
                     "u_dev8. event_time_grain=day means the whole calendar day of event_time (deadlines, "
                     "all-day items). Calendar refs: calendar:event:<UID> or calendar:event:<UID>:<RECURRENCE-ID> "
                     "(YYYYMMDDTHHMMSS, Asia/Shanghai) for instances of recurring events. Written only from "
                     "/work/shared (RFC, contracts, time-conventions, dev-eval format).",
        },
        "users": [
            {"user_id": MAIN_USER, "timezone": "Asia/Shanghai",
             "persona": "陈晓蓉，38岁，成都锦程机电财务部会计主管；儿子航航九岁上小学三年级，老公周斌平时在重庆上班，"
                        "和公公婆婆同住；娘家在乐山五通桥"},
            {"user_id": OTHER_USER, "timezone": "Asia/Shanghai", "persona": "段宇轩，电子科大研二（计算机），哈尔滨人"},
        ],
        "meinput": meinput,
        "chat": {MAIN_USER: wire_chat(sessions, MAIN_USER), OTHER_USER: wire_chat(sessions, OTHER_USER)},
        "calendar": {MAIN_USER: wire_calendar(MAIN_USER, "陈晓蓉"), OTHER_USER: wire_calendar(OTHER_USER, "段宇轩")},
        "events": [wire_event(e) for e in EVENTS],
        "queries": build_queries(),
    }
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")
    ch = data["chat"][MAIN_USER]
    n_mi = sum(1 for r in meinput if r["user_id"] == MAIN_USER)
    oc = data["chat"][OTHER_USER]
    print(f"wrote {args.out}: events={len(EVENTS)} meinput[{MAIN_USER}]={n_mi} sessions={len(ch['sessions'])} "
          f"messages={len(ch['messages'])} runs={len(ch['runs'])} "
          f"calendar[{MAIN_USER}]={len(data['calendar'][MAIN_USER]['events'])} "
          f"{OTHER_USER}: meinput={len(meinput) - n_mi} messages={len(oc['messages'])} runs={len(oc['runs'])} "
          f"queries={len(data['queries'])}")


if __name__ == "__main__":
    main()
