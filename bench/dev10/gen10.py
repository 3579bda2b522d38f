#!/usr/bin/env python3
"""Deterministic generator for the dev10 Temporal Recall evaluation set.

    python3 gen10.py [--out PATH]        (default: data.json next to this file)

Python 3 standard library only. Every random choice comes from seeded
random.Random instances and nothing iterates over a set or a dict keyed by
hash order, so the output is byte-identical under any PYTHONHASHSEED.

Persona: u_dev10 = 沈卉, ICU nurse in 上海 on rotating shifts (night shifts
20:00 -> next day 08:00), 2027-05-24 (Mon) .. 2027-06-13 (Sun), 端午 on
2027-06-09 (Wed). u_dev10_other = 邵毅, a middle-school physics teacher whose
notes and calendar collide in time with hers (isolation checks).

How it works
  * Each ground-truth event of u_dev10 is declared with its true time
    ("MM-DD HH:MM" minute grain, "MM-DD" day grain, or None), superseded
    times for reschedules / cancellations, and completed_at for todos.
  * Records are templates whose time words are placeholders ({when} {day}
    {due} {clock} {abs} {absday} {daypart} {part} {ago}); they are rendered
    from (observed_at, anchor) following /work/shared/time-conventions.md
    (text rules: a bare weekday in a statement about the future is the next
    occurrence on or after the observed day; 今天/明天 are calendar days of
    the observed time, also at 03:00 after midnight during a night shift).
    Literal time words appear only in noise and in forms the conventions do
    not list (今朝, 明朝, 明早, 明晚, 节前, 节后), which name no time.
  * Labels (must / must_not / allowed / groups) follow the labelling rules of
    /work/shared/dev-eval/README.md, computed from the ground truth only.
"""
import argparse
import json
import os
import random
import re
import sys
from datetime import datetime, timedelta, timezone

SEED = 20270609
YEAR = 2027
TZ = timezone(timedelta(hours=8))
UTC = timezone.utc
PERIOD_START = datetime(2027, 5, 24, tzinfo=TZ)
PERIOD_END = datetime(2027, 6, 14, tzinfo=TZ)
MAIN_USER = "u_dev10"
OTHER_USER = "u_dev10_other"
WD = "一二三四五六日"
HERE = os.path.dirname(os.path.abspath(__file__))
CAL_DOMAIN = "cal.pujiang-hospital.example"

RNG = random.Random(SEED)
MIN1 = timedelta(minutes=1)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


# ------------------------------------------------------------------ time utils
def T(s):
    """'MM-DD HH:MM[:SS]' -> aware datetime (+08:00)."""
    s = s.strip()
    fmt = "%Y-%m-%d %H:%M:%S" if s.count(":") == 2 else "%Y-%m-%d %H:%M"
    return datetime.strptime(f"{YEAR}-{s}", fmt).replace(tzinfo=TZ)


def Dd(s):
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
    if m == 0:
        return ["点", "点整"], ["点"]
    if m == 30:
        return ["点半"], ["点半", "点30"]
    if m == 15:
        return ["点一刻", "点十五"], ["点15"]
    return ["点" + cn_num(m)], [f"点{m}"]


def clock_forms(t, period=True):
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


def day_forms(od, d):
    """Ways to name day d in a statement about the future written on day od (text rules)."""
    delta = (d - od).days
    wdiff = (week0(d) - week0(od)).days // 7
    wd = d.weekday()
    w = WD[wd]
    wt = "天" if wd == 6 else w
    o = []
    rel = {0: "今天", 1: "明天", 2: "后天", 3: "大后天", -1: "昨天", -2: "前天", -3: "大前天"}
    if delta in rel:
        o.append(rel[delta])
    if wdiff == 0 and delta > 0:
        # a bare weekday of the current week: the next occurrence on or after the observed day
        o += [f"周{w}", f"这周{w}", f"星期{wt}", f"礼拜{wt}"]
    if wdiff == 0 and delta < 0:
        o.append(f"这周{w}")
    if wdiff == 1:
        o += [f"下周{w}", f"下星期{wt}", f"下礼拜{wt}"]
        if wd < od.weekday():
            # written later in the week: a bare weekday is already next week's (text rule)
            o += [f"周{w}", f"星期{wt}"]
    if wdiff == -1:
        o += [f"上周{w}", f"上星期{wt}"]
    if delta != 0:
        o += [f"{d.month}月{d.day}号", f"{d.month}月{d.day}日"]
    return o


def _join(a, b):
    return a + (" " if a[-1].isdigit() and b[0].isdigit() else "") + b


def when_forms(obs, t):
    od, d = day0(obs), day0(t)
    out = []
    for dy in day_forms(od, d):
        out += [_join(dy, c) for c in clock_forms(t)]
        if dy == "今天" and t.hour >= 18:
            out += ["今晚" + c for c in clock_forms(t, period=False)]
    if d == od:
        out += clock_forms(t)
    return out


def daypart_forms(obs, t):
    od, d = day0(obs), day0(t)
    h = t.hour
    if 6 <= h < 12:
        part = "上午"
    elif 12 <= h < 18:
        part = "下午"
    elif h >= 18:
        part = "晚上"
    else:
        part = "凌晨"
    out = [dy + part for dy in day_forms(od, d)]
    if d == od and part == "晚上":
        out.append("今晚")
    return out


def due_forms(obs, t, grain):
    od, d = day0(obs), day0(t)
    if grain == "minute":
        return [w + s for w in when_forms(obs, t) for s in ("之前", "前")]
    if d == od:
        return ["今天下班前", "最晚今天", "今天之内"]
    out = []
    for x in day_forms(od, d):
        out += [x + "之前", x + "前", "最晚" + x, "截止到" + x]
        if d.weekday() < 5 and x[-1] not in "号日":
            out.append(x + "下班前")
    if (d + DAY).month != d.month and d.month == od.month:
        out += ["月底前", "月底之前"]
    return out


def abs_forms(t):
    w = WD[t.weekday()]
    return [f"{t.month}月{t.day}日（周{w}）{t.hour}:{t.minute:02d}",
            f"{t.month}月{t.day}日（星期{'天' if w == '日' else w}）{t.hour}:{t.minute:02d}"]


def absday_forms(t):
    return [f"{t.month}月{t.day}日（周{WD[t.weekday()]}）"]


def part_word(obs, t):
    delta = (day0(t) - day0(obs)).days
    assert t.hour >= 18, ("part_word needs an evening anchor", obs, t)
    return {0: "今晚", -1: "昨晚"}[delta]


PH_RE = re.compile(r"\{(when|clock|day|due|abs|absday|daypart|part|ago)\}")
GRAIN_RANK = {"minute": 0, "ago": 1, "part": 2, "day": 3, "week": 4, "month": 5, None: 9}
TRAD_OK = re.compile(r"^[^号周礼点后这个]*$")   # Traditional texts: only script-invariant time words


def render(template, obs, a_dt, a_grain, rng, shift=0, pick=None, trad=False):
    """Fill the placeholders of template, said at obs about anchor a_dt.
    Returns (text, finest_grain, point)."""
    used = []
    t = a_dt + timedelta(minutes=shift) if a_dt is not None else None

    def choose(opts):
        if trad:
            opts = [o for o in opts if TRAD_OK.match(o)]
        if pick:
            opts = [o for o in opts if re.search(pick, o)]
        assert opts, (template, pick, obs, a_dt)
        return rng.choice(opts)

    def sub(m):
        k = m.group(1)
        if k == "when":
            assert a_grain == "minute", (template, a_grain)
            used.append("minute")
            return choose(when_forms(obs, t))
        if k == "clock":
            assert a_grain == "minute" and day0(t) == day0(obs), (template, obs, t)
            used.append("minute")
            return choose(clock_forms(t))
        if k == "abs":
            assert a_grain == "minute"
            used.append("minute")
            return choose(abs_forms(t))
        if k == "due":
            x = choose(due_forms(obs, t, a_grain))
            used.append("minute" if a_grain == "minute" else "month" if "月底" in x else "day")
            return x
        if k == "day":
            used.append("day")
            return choose(day_forms(day0(obs), day0(t)))
        if k == "absday":
            used.append("day")
            return choose(absday_forms(t))
        if k == "daypart":
            used.append("part")
            return choose(daypart_forms(obs, t))
        if k == "part":
            used.append("part")
            return part_word(obs, t)
        if k == "ago":
            lag = obs - a_dt
            assert timedelta(0) <= lag <= HOUR, ("ago", template, obs, a_dt)
            used.append("ago")
            return rng.choice(["刚才", "刚刚"])
        raise KeyError(k)

    text = PH_RE.sub(sub, template)
    grain = min(used, key=lambda g: GRAIN_RANK[g]) if used else None
    point = t if grain == "minute" else obs if grain == "ago" else None
    return text, grain, point


# ------------------------------------------------------------------ ids
_B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_ID_RNG = random.Random(SEED * 3 + 1)
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


def rand_id(prefix, n, alphabet="0123456789abcdefghjkmnpqrstuvwxyz"):
    while True:
        s = prefix + "".join(_ID_RNG.choice(alphabet) for _ in range(n))
        if s not in _SEEN:
            return _uniq(s)


def cal_uid():
    h = "".join(_ID_RNG.choice("0123456789abcdef") for _ in range(32))
    return _uniq(f"{h[:8]}-{h[8:12]}-4{h[13:16]}-b{h[17:20]}-{h[20:32]}@{CAL_DOMAIN}")


# ------------------------------------------------------------- record model
class Rec:
    """src: 'mi' | 'chat' | 'run' | 'cal'; role: user / assistant / tool / run / cal."""

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


FOLLOWUPS = [("好的，知道了", "不客气，有事随时找我。"), ("行，先这样", "好的，祝你一切顺利！"),
             ("谢谢啦", "随时效劳～"), ("👌", "😊 有需要再来。"), ("明白了", "好的，还有问题可以接着问。"),
             ("就按这个来", "那就这么办，有变化再告诉我。"), ("辛苦了", "不辛苦，照顾好自己。")]


OTHER_FOLLOWUPS = [("收到，谢谢", "不用谢，祝教学顺利。"), ("OK", "好的，有需要再找我。")]


def maybe_followup(turn, p=0.3):
    if RNG.random() >= p or turn.msgs[-1].role != "assistant":
        return
    u, a = RNG.choice(FOLLOWUPS if turn.user == MAIN_USER else OTHER_FOLLOWUPS)
    t1 = turn.msgs[-1].obs + timedelta(seconds=RNG.randint(25, 140))
    t2 = t1 + timedelta(seconds=RNG.randint(3, 14))
    turn.msgs.append(Rec(turn.user, "chat", "user", t1, u))
    turn.msgs.append(Rec(turn.user, "chat", "assistant", t2, a))


def tool_json(spec, t):
    """Tool output as a JSON string; '$d+N' -> the date N days after t, '$dt+N@HH:MM' -> RFC 3339."""
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
                 modified=None, utc=False, overrides=None):
        self.user, self.key, self.summary = user, key, summary
        self.uid = cal_uid()
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
        fmt = "%Y%m%d" if self.all_day else "%Y%m%dT%H%M%S"
        return f"calendar:event:{self.uid}:{rid.astimezone(TZ).strftime(fmt)}"

    def wire(self):
        def t(x):
            if x is None:
                return None
            return x.strftime("%Y-%m-%d") if self.all_day else iso(x)
        return {"uid": self.uid, "summary": self.summary, "start": t(self.start), "end": t(self.end),
                "all_day": self.all_day,
                "time_form": "utc" if self.utc else ("date" if self.all_day else "tzid"),
                "rrule": (f"FREQ=WEEKLY;BYDAY={['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'][self.start.weekday()]};"
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
    """A ground-truth event of the main user.
    at: "MM-DD HH:MM" (minute) | "MM-DD" (day) | None; done: "MM-DD HH:MM";
    old: [(time, 'rescheduled' | 'cancelled')]"""

    def __init__(self, eid, title, kind, importance, topics, at=None, done=None, old=(), status=None):
        assert kind in ("event", "todo", "decision", "mention", "commitment"), kind
        assert importance in ("high", "low")
        assert all(e.id != eid for e in EVENTS), eid
        self.id, self.title, self.kind, self.importance = eid, title, kind, importance
        self.topics = list(topics)
        self.et, self.grain = self._t(at)
        self.done = T(done) if done else None
        self.old = []
        self.changed_re = []
        for tm, reason, marker in old:
            x, g = self._t(tm)
            self.old.append((x, g, reason))
            self.changed_re.append(marker)   # regex of the record that first announced the change
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
            return self.done, "minute"
        x, g, _ = self.old[int(which[3:] or 0)]
        return x, g

    def _render(self, tpl, obs, which, shift=0, pick=None, trad=False):
        if PH_RE.search(tpl):
            a_dt, a_g = self.anchor(which)
            assert a_dt is not None, (self.id, tpl)
        else:
            a_dt, a_g = None, None
        return render(tpl, obs, a_dt, a_g, RNG, shift, pick, trad)

    def mi(self, obs, texts, anchor="ev", app=None, shift=0, exact=False, pick=None, z=None, trad=False):
        obs = T(obs) if exact else _jit(T(obs))
        text, grain, point = self._render(_pick(texts), obs, anchor, shift, pick, trad)
        r = Rec(MAIN_USER, "mi", "user", obs, text, self.id, grain, anchor if grain else None, point)
        r.extra["app"] = app
        r.extra["z"] = z
        self.recs.append(r)
        MI.append(r)
        return r

    def cu(self, obs, texts, reply=None, link=True, tool=None, run=None, title=None, sess=None,
           anchor="ev", shift=0, followup=0.3, pick=None, rpick=None, trad=False):
        t = _jit(T(obs))
        turn = Turn(MAIN_USER, t, title or self.title, sess)
        text, grain, point = self._render(_pick(texts), t, anchor, shift, pick, trad)
        u = Rec(MAIN_USER, "chat", "user", t, text, self.id, grain, anchor if grain else None, point)
        self.recs.append(u)
        turn.msgs.append(u)
        cur = t
        if tool is not None:
            cur = cur + timedelta(seconds=RNG.randint(5, 18))
            turn.msgs.append(Rec(MAIN_USER, "chat", "tool", cur, tool_json(tool, cur)))
        if run is not None:
            rr = make_run(MAIN_USER, t, run)
            rr.event = self.id
            self.recs.append(rr)
            turn.run = rr
        if reply is not None:
            cur = cur + timedelta(seconds=RNG.randint(20, 95))
            if link:
                rtext, rgrain, rpoint = self._render(_pick(reply), cur, anchor, pick=rpick)
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
        if v.weekly_count:
            rid = T(rid) if len(rid) > 5 else Dd(rid)
            inst = [x for x in v.instances() if x[0] == rid]
            assert inst, (self.id, key, rid)
            _, s, _ = inst[0]
            ref = v.ref(rid)
        else:
            _, s, _ = v.instances()[0]
            ref = v.ref()
        grain = "day" if v.all_day else "minute"
        r = Rec(MAIN_USER, "cal", "cal", v.created, v.summary, self.id, grain, None, None if v.all_day else s)
        for which in ["ev", "done"] + [f"old{i}" for i in range(len(self.old))]:
            a, g = self.anchor(which)
            if a is None:
                continue
            if (v.all_day and g == "day" and a == s) or (not v.all_day and a == s):
                r.anchor = which
                break
        assert r.anchor, (self.id, key)
        r.extra["cal_ref"] = ref
        self.recs.append(r)
        return r


def noise_mi(user, obs, text, app=None, exact=False, z=None):
    r = Rec(user, "mi", "user", T(obs) if exact else _jit(T(obs)), text)
    r.extra["app"] = app
    r.extra["z"] = z
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
    if sess is None:
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


# ================================================================ calendar (u_dev10)
def declare_calendar():
    U = MAIN_USER
    V = VEvent
    ward = "浦江医院 重症医学科 3F"
    CAL["day_mo"] = V(U, "day_mo", "ICU 白班", T("05-24 08:00"), T("05-24 16:00"), weekly_count=3,
                      location=ward, description="重症医学科排班（护理部排班系统导入）", created=T("05-10 09:00"))
    CAL["night_tu"] = V(U, "night_tu", "ICU 夜班", T("05-25 20:00"), T("05-26 08:00"), weekly_count=3,
                        location=ward, description="夜班 20:00 接班，次日 08:00 交班", created=T("05-10 09:00"),
                        overrides={T("06-08 20:00"): {"start": T("06-10 20:00"), "end": T("06-11 08:00"),
                                                      "summary": "ICU 夜班（与周婷换班，改周四）", "sequence": 1,
                                                      "modified": T("06-02 14:30")}})
    CAL["night_we"] = V(U, "night_we", "ICU 夜班", T("05-26 20:00"), T("05-27 08:00"), weekly_count=3,
                        exdates=[T("06-09 20:00")], location=ward, description="夜班 20:00 接班，次日 08:00 交班",
                        created=T("05-10 09:00"), modified=T("06-03 11:05"))
    CAL["phys"] = V(U, "phys", "乐乐 物理一对一", T("05-29 14:00"), T("05-29 16:00"), weekly_count=3,
                    location="启明教育 徐汇校区 3F", created=T("05-08 19:00"))
    CAL["dad"] = V(U, "dad", "陪老爸 内分泌科复诊（李主任）", T("05-27 09:00"), T("05-27 11:00"),
                   location="瑞金医院 门诊楼 5F", description="带医保卡、近一周血糖记录", created=T("05-24 12:15"))
    CAL["repair"] = V(U, "repair", "物业上门检修卫生间漏水", T("06-02 15:30"), T("06-02 17:00"),
                      location="家（502）", description="楼上602留人开门；物业管家小丁", sequence=2,
                      created=T("05-25 10:40"), modified=T("05-28 18:45"))
    CAL["pt"] = V(U, "pt", "私教课（阿杰）肩背", T("05-29 10:00"), T("05-29 11:00"), location="乐动健身 漕河泾店",
                  status="CANCELLED", sequence=1, created=T("05-26 13:05"), modified=T("05-28 20:05"))
    CAL["crrt"] = V(U, "crrt", "CRRT 操作考核", T("06-03 14:00"), T("06-03 15:00"), location="重症医学科 示教室",
                    description="护理部组织；管路预冲 + 报警处理", created=T("05-26 12:40"))
    CAL["checkup"] = V(U, "checkup", "职工体检（空腹）", T("06-04 08:00"), T("06-04 10:00"),
                       location="浦江医院 体检中心 2F", created=T("05-31 12:05"))
    CAL["wedding"] = V(U, "wedding", "小陆 & 林悦 婚宴", T("06-05 17:30"), T("06-05 21:00"),
                       location="虹桥 锦江酒店 3F 宴会厅", description="ICU 同事一桌", created=T("05-24 15:30"))
    CAL["cover"] = V(U, "cover", "白班（替周婷）", T("06-06 08:00"), T("06-06 16:00"), location=ward,
                     created=T("06-02 14:15"))
    CAL["duanwu"] = V(U, "duanwu", "端午 回松江婆婆家", Dd("06-09"), Dd("06-10"), all_day=True,
                      location="松江 婆婆家", created=T("05-30 20:10"))
    CAL["car"] = V(U, "car", "朗逸 年检（莘庄检测站）", T("06-12 07:30"), T("06-12 08:30"), utc=True,
                   location="莘庄机动车检测站", description="带行驶证、交强险保单", created=T("05-31 20:12"))
    CAL["zhongkao"] = V(U, "zhongkao", "乐乐 中考", Dd("06-19"), Dd("06-22"), all_day=True,
                        created=T("05-20 21:00"))


# ================================================================ u_dev10 events
# 沈卉: ICU nurse (护师) at 浦江医院 重症医学科. Colleagues: 王护士长, 周婷 (小周, swap partner),
# 陆嘉豪 (小陆, wedding 06-05), 阿芳. Family: 老公 老陈, son 乐乐 (初三, 中考 06-19), 老爸 (diabetes),
# 老妈, 婆婆 in 松江. Home: 502, leaking ceiling from 602, 物业管家 小丁. Car: 朗逸. Gym coach 阿杰.
S_LEAK, S_ZK, S_SWAP = "s_leak", "s_zk", "s_swap"


def declare_events():
    E = Ev
    # ---------------------------------------------------------------- shifts (calendar series)
    e = E("shift_0524", "白班", "event", "low", ["shift"], at="05-24 08:00")
    e.cal("day_mo", "05-24 08:00")

    e = E("shift_0525", "夜班", "event", "low", ["shift"], at="05-25 20:00")
    e.cal("night_tu", "05-25 20:00")
    e.mi("05-25 18:40", "{when}夜班，乐乐的晚饭让老陈热一下", pick="^今晚8点$")
    e.mi("05-26 02:15", "夜班到现在收了一个消化道大出血，血压一直往下掉", z=True)

    e = E("shift_0526", "夜班", "event", "low", ["shift"], at="05-26 20:00")
    e.cal("night_we", "05-26 20:00")
    # 03:20 inside the 05-25 night shift: 今晚 = the evening of 05-26 (the next shift)
    e.mi("05-26 03:20", "{when}还得接一个夜班，下了班先回去补觉", pick="^今晚8点$", z=True)
    e.mi("05-26 19:30", "{when}又是夜班，连着第二个了", pick="^今晚")

    e = E("shift_0531", "白班", "event", "low", ["shift"], at="05-31 08:00")
    e.cal("day_mo", "05-31 08:00")
    e.mi("05-30 08:40", "{day}又是白班，又要早起", pick="^明天$")
    e.mi("05-31 07:20", "白班，5床{day}要转普通病房", pick="^今天$")

    e = E("shift_0601", "夜班", "event", "low", ["shift"], at="06-01 20:00")
    e.cal("night_tu", "06-01 20:00")
    e.mi("06-01 18:50", "{when}接夜班，冰箱里有饺子让老陈下", pick="^今晚8点$")
    e.mi("06-02 04:50", "这个夜班收了两个急诊，到现在还没吃上饭", z=True)

    e = E("shift_0602", "夜班", "event", "low", ["shift"], at="06-02 20:00")
    e.cal("night_we", "06-02 20:00")
    # 03:10 during the 06-01 night shift: 今晚 = the evening of 06-02 (the NEXT shift), not the current one
    e.mi("06-02 03:10", "{when}还要接一个夜班，连上两个真吃不消", pick="^今晚8点$", z=True)

    e = E("shift_0607", "白班", "event", "low", ["shift"], at="06-07 08:00")
    e.cal("day_mo", "06-07 08:00")
    e.mi("06-07 07:30", "{clock}交班前先灌了一杯美式", pick="^早上8点$")

    # ---------------------------------------------------------------- 继续教育学分 (todo, done later)
    e = E("ce_credits", "华医网继续教育学分修满", "todo", "high", ["credits", "study"], at="06-11",
          done="06-10 10:40")
    e.mi("05-24 10:32", "继续教育I类学分还差6分，护理部说{due}要在华医网上修满", app="notes")
    e.cu("06-04 13:05", "华医网的课太多了，我还差4学分，{due}得修完，先挑哪几门最快？",
         reply="离{absday}截止还有一周，建议先挑“重症患者镇静镇痛护理”和“CRRT护理规范”，课时短、题目少，"
               "一口气就能刷完。",
         run=("整理华医网可选课程清单", "用户已取消", "cancelled", 1), pick="下周五|6月11")
    e.mi("06-10 10:45", "华医网的学分终于修满了，截图发给护士长了")
    e.cu("06-10 10:50", "继续教育学分{ago}修满了，帮我加一下总共多少分：I类10分，II类15分",
         reply="合计 25 学分：I类 10 分、II类 15 分，已经达到年度要求。", anchor="done")

    # ---------------------------------------------------------------- 小陆婚礼 + 份子钱
    e = E("wedding", "小陆婚礼（婚宴）", "event", "low", ["wedding", "colleague"], at="06-05 17:30")
    e.cal("wedding")
    e.mi("05-24 15:20", "小陆发喜帖了，{when}在虹桥的酒店办婚宴，科室坐一桌")
    e.cu("06-03 12:30", "{day}同事婚礼，穿什么颜色合适？我们ICU的同事坐一桌",
         reply="{absday}如果是婚宴，避开白色和大红就好，浅蓝、香槟色、浅灰都很稳妥，配一件小外套。")
    e.mi("06-05 16:50", "出发去小陆婚宴了，{clock}开席")
    e.mi("06-05 22:40", "小陆的婚礼很热闹，新娘是我们医院手术室的护士")

    e = E("dec_gift", "份子钱定每人800", "decision", "low", ["wedding", "colleague"], at="06-02 13:00")
    e.mi("06-02 13:10", "跟阿芳她们商量好了，小陆的份子钱每人包800")
    e.cu("06-02 13:20", "同事结婚我们定了每人随800，在上海会不会拿不出手？",
         reply="同事之间 600 到 1000 都常见，800 既体面又不给新人压力；再附一张手写祝福卡会更有心意。")
    e.mi("06-04 19:00", "分子钱800已经转给阿芳了，她统一包红包", app="voice")   # ASR: 分子钱 = 份子钱

    # ---------------------------------------------------------------- 健身卡 / 私教课 (cancelled)
    e = E("gym_renew", "健身卡续费", "todo", "low", ["gym"], at="05-31", done="05-30 16:00")
    e.mi("05-24 19:05", "健身卡{due}得续上，年卡还是次卡再想想")
    e.cu("05-27 15:00", "健身房年卡续费3280，私教另算，我一个礼拜最多去两次，值不值？",
         reply="按每个礼拜两次算，一年大约 100 次，单次 30 多元，比次卡划算；如果夜班多去不了，可以问问能不能停卡。")
    e.mi("05-30 16:05", "健身卡续了一年，送了两节私教")

    e = E("pt_class", "私教课（阿杰）", "event", "low", ["gym", "change"], old=[("05-29 10:00", "cancelled", "私教课取消")])
    e.cal("pt")
    e.mi("05-26 13:00", "约了阿杰{when}上私教课，练肩背", anchor="old0")
    e.mi("05-28 20:00", "阿杰说他家里有事，{day}的私教课取消了", anchor="old0", pick="^周六$")

    # ---------------------------------------------------------------- 老爸复诊
    e = E("dad_followup", "陪老爸内分泌科复诊", "event", "high", ["dad", "health"], at="05-27 09:00")
    e.cal("dad")
    e.mi("05-24 12:10", "{when}带老爸去瑞金内分泌科复诊，挂的李主任的号")
    e.cu("05-24 12:20", "老爸上次糖化7.8，{day}复诊要不要空腹抽血？",
         reply="{absday}复诊如果要查空腹血糖和糖化，前一晚的夜宵就别吃了，降糖药等抽完血再吃，"
               "带上这段时间的血糖记录。")
    # 02:40 during the night shift: 今天 = 05-27 (the calendar day of observed_at)
    e.mi("05-27 02:40", "{when}老爸复诊，下了夜班直接过去，医保卡在老爸那", pick="^今天上午9点$", z=True)
    e.mi("05-27 11:30", "老爸付诊完了，李主任说糖化降到7.1，药不用改", app="voice")   # ASR: 付诊 = 复诊
    e.cu("05-27 12:05", "老爸糖化从7.8降到7.1，算控制得好吗？",
         reply="7.1 已经很接近 7 的目标，说明这段时间饮食和用药都有效，继续保持，也要留意别出现低血糖。")

    e = E("m_dad_thirst", "老爸最近老口干", "mention", "low", ["dad"])
    e.mi("05-25 09:40", "老爸电话里说这阵子老口干，让他这几天多测测血糖")

    e = E("dad_strips", "给老爸买血糖试纸", "todo", "low", ["dad"], at="06-06", done="06-05 11:00")
    e.mi("06-01 16:00", "老爸的血糖试纸快用完了，{due}给他买两盒")
    e.mi("06-05 11:05", "血糖试纸给老爸带过去了，两盒")

    # ---------------------------------------------------------------- 乐乐 中考
    e = E("kid_pt_meeting", "中考前最后一次家长会", "event", "high", ["kid", "zhongkao"], at="05-28 18:30")
    e.mi("05-25 16:05", "班主任通知{when}开中考前最后一次家长会")
    e.cu("05-27 12:40", "乐乐{day}开家长会，我想问问老师他数学压轴题老丢分怎么办", sess=S_ZK,
         reply="{absday}家长会上可以问三件事：压轴题是思路卡住还是计算失误、最后冲刺的刷题节奏、考场上的时间分配。")
    e.mi("05-28 21:10", "家长会开完了，老师说乐乐冲市重点有希望，数学再稳一稳")

    e = E("zk_form", "中考志愿网上确认", "todo", "high", ["kid", "zhongkao"], at="05-31", done="05-29 21:00")
    e.mi("05-25 16:10", "中考志愿{due}要在网上确认，得跟老陈商量第一志愿")
    e.cu("05-28 22:05", "乐乐的志愿想填向明和大同，{due}要确认，顺序怎么排更稳？", sess=S_ZK,
         reply="{absday}截止前确认就行：把握最大的放后面兜底，第一志愿可以略冲些，同时看看往年的录取分数线。")
    e.mi("05-29 21:05", "志愿确认好了，第一志愿还是填了向明")

    e = E("dec_zk_first", "第一志愿定为向明中学", "decision", "high", ["kid", "zhongkao"], at="05-29 20:30")
    e.mi("05-29 20:40", "跟老陈和乐乐商量好了，第一志愿就填向明，不冲格致了")
    e.cu("05-29 20:50", "我们定了第一志愿填向明中学，第二志愿放哪所比较稳？", sess=S_ZK,
         reply="第二志愿建议选往年分数线比向明低 10 分左右、离家近的学校，既能兜底，通勤也方便。")

    e = E("dec_summer", "中考后暑假不报衔接班", "decision", "low", ["kid"], at="05-30 21:30")
    e.mi("05-30 21:40", "跟老陈定了，中考完暑假不给乐乐报衔接班，先让他歇一歇")

    e = E("m_mock", "乐乐三模成绩", "mention", "low", ["kid", "zhongkao"])
    e.mi("05-25 21:00", "乐乐三模考了582，比二模进步了11分")

    e = E("m_kid_stress", "乐乐压力大说梦话", "mention", "low", ["kid"])
    e.mi("05-30 22:30", "乐乐这阵子压力大，半夜说梦话喊“来不及了”")

    e = E("zhongkao", "乐乐中考", "event", "high", ["kid", "zhongkao"], at="06-19")
    e.cal("zhongkao")
    e.mi("06-01 13:00", "中考{day}开考，考场就在本区", pick="月")
    e.cu("06-10 21:30", "{day}中考开考，考前一周饮食要注意什么？", sess=S_ZK,
         reply="{absday}开考前一周，饮食清淡、以熟悉的饭菜为主，不要突然进补；早饭吃好，少吃生冷，考试当天别喝太多水。")
    e.mi("06-12 16:30", "还剩一个礼拜，乐乐说他不紧张，我倒是睡不着")
    e.cu("06-12 20:00", "帮我盯一下中考成绩查询入口什么时候开放", sess=S_ZK,
         reply="好的，我会持续关注教育考试院的通知，有消息第一时间告诉你。",
         run=("跟踪中考成绩查询入口开放时间", "进行中：已检查 2 次，暂无通知", "running", 0))

    e = E("exam_form", "中考体检表家长签字", "todo", "low", ["kid", "zhongkao"], at="06-11", done="06-11 12:00")
    e.mi("06-09 21:40", "乐乐的中考体检表要家长签字，{due}交给班主任")
    e.mi("06-11 00:50", "别忘了{due}把乐乐的体检表签了", pick="今天", z=True)
    e.mi("06-11 12:10", "体检表签好字让乐乐带去学校了")

    e = E("stationery", "买中考用的2B铅笔和透明笔袋", "todo", "low", ["kid", "zhongkao"], at="06-14")
    e.mi("06-08 21:30", "乐乐中考要用的2B铅笔和透明笔袋{due}买好")

    e = E("promise_trip", "答应乐乐中考后去环球影城", "commitment", "low", ["kid"])
    e.mi("06-09 21:35", "答应乐乐中考考完带他去大阪环球影城")

    e = E("kid_dentist", "乐乐牙齿矫正复查", "event", "low", ["kid"], at="06-08 09:30")
    e.mi("06-01 13:10", "乐乐{when}牙齿矫正复查，在九院")
    e.mi("06-08 11:20", "乐乐矫正复查完，医生说牙套还要再戴半年")

    e = E("phys_0529", "乐乐物理一对一", "event", "low", ["kid"], at="05-29 14:00")
    e.cal("phys", "05-29 14:00")
    e.mi("05-27 21:30", "乐乐{when}物理一对一，作业还没写完")
    e.mi("05-29 16:20", "乐乐物理课下课了，老师说电学综合题还得多练")

    e = E("phys_0605", "乐乐物理一对一", "event", "low", ["kid"], at="06-05 14:00")
    e.cal("phys", "06-05 14:00")

    e = E("phys_0612", "乐乐最后一次物理课", "event", "low", ["kid"], at="06-12 14:00")
    e.cal("phys", "06-12 14:00")
    e.mi("06-11 20:30", "{when}乐乐最后一次物理课，上完就不补了", pick="^明天")

    # ---------------------------------------------------------------- 卫生间漏水 / 物业 (moved twice)
    e = E("repair", "物业上门修卫生间天花板漏水", "event", "high", ["home", "repair", "change"],
          at="06-02 15:30", old=[("05-26 14:00", "rescheduled", "临时来不了"), ("05-28 10:00", "rescheduled", "又得改时间")])
    e.cal("repair")
    e.mi("05-24 21:05", "卫生间天花板又在滴水，肯定是楼上602漏下来的，得找物业")
    e.cu("05-25 10:20", "物业说{when}派师傅来看卫生间漏水，我要提前准备点什么？", anchor="old0", sess=S_LEAK,
         reply="{abs}师傅上门前，先把天花板水渍拍照留证，清空吊顶下面的东西，再问问楼上602那天能不能留人开门。")
    e.mi("05-25 10:31", "物业小丁约了{when}上门看漏水", anchor="old0")
    e.mi("05-26 11:50", "物业说师傅临时来不了，改到{when}", anchor="old1")
    e.cu("05-26 12:00", "物业改到{when}了，帮我给楼上602写条客气点的微信，请他们那天家里留个人", anchor="old1",
         sess=S_LEAK, reply="您好，我是楼下502的住户。物业约了{abs}上门查卫生间漏水，麻烦您家那天留个人开门，"
                            "给您添麻烦了，谢谢！")
    e.mi("05-28 09:20", "602家里没人，物业说{day}修不了，又得改时间", anchor="old1", pick="^今天$")
    # written on Friday: a bare 周三 in a future statement is the coming Wednesday (06-02)
    e.mi("05-28 18:40", "物业终于约定了：{when}修天花板，602也答应留人", pick="^周三下午")
    e.cu("05-28 18:52", "物业定在{when}来修，那天我刚下夜班，会不会撑不住？", sess=S_LEAK, pick="^(下周三|6月2)",
         reply="{abs}修理前可以先补几个钟头的觉，修的时候主要是开门、确认漏水位置，结束后签个维修单就行。")
    e.mi("06-01 23:50", "{when}物业来修天化板，602阿姨说会在家", app="voice", pick="^明天下午三点半$")   # ASR: 天化板
    # 03:25 after midnight: 今天 = 06-02
    e.mi("06-02 03:25", "{when}物业来修天花板，下了班先补觉", pick="^今天下午3点半$", z=True)
    e.mi("06-02 17:10", "天花板修好了，师傅说是602的下水管接口老化，换了个新的")
    e.cu("06-02 17:30", "漏水修好了，天花板上的黄印子要等多久才能刷漆？", sess=S_LEAK,
         reply="等吊顶完全干透再刷，一般要一到两个礼拜；先开窗通风，刷之前用防水底漆封一下黄印，不然会返色。")

    e = E("m_neighbor", "602阿姨愿意出涂料钱", "mention", "low", ["home", "repair"])
    e.mi("06-02 17:20", "602阿姨挺客气，说补漆的涂料钱她家出")

    e = E("m_repaint", "天花板补漆节后再弄", "mention", "low", ["home", "repair"])
    e.mi("06-03 10:10", "天花板补漆的事节后再找人弄")   # 节后: not a listed form -> no time

    e = E("water_cut", "小区停水检修", "event", "low", ["home"], at="06-03 09:00")
    e.mi("06-02 19:20", "物业群通知{when}停水检修，先接几桶水", pick="^明天")

    # ---------------------------------------------------------------- 工作：考核 / 业务学习 / 文书
    e = E("crrt_exam", "CRRT 操作考核", "event", "high", ["exam", "work"], at="06-03 14:00")
    e.cal("crrt")
    e.mi("05-26 12:30", "护士长通知{when}CRRT操作考核，管路预冲流程得背熟")
    e.cu("06-01 15:00", "{day}要考CRRT操作，帮我列一下管路预冲和报警处理的要点",
         reply="{absday}考核前重点过三块：预冲顺序和排气、跨膜压和滤器前压报警的处理、回血下机流程。",
         run=("整理CRRT管路预冲与报警处理要点", "已整理 14 条要点", "succeeded", 2))
    e.mi("06-02 22:10", "{when}到示教室考CRRT，跨膜压报警那块再看一遍", app="voice", pick="^明天", shift=-10)
    e.mi("06-03 16:20", "CRRT考核过了，护士长说我预冲手法很标准")

    e = E("talk", "业务学习讲俯卧位通气（答应护士长）", "commitment", "high", ["work", "teaching"], at="06-07",
          done="06-07 15:00")
    e.mi("05-27 13:30", "答应护士长{day}业务学习我来讲俯卧位通气", pick="月")
    e.cu("06-04 14:00", "给我讲讲俯卧位通气的禁忌症",
         reply="绝对禁忌主要是脊柱不稳定；相对禁忌包括颅内压增高、严重血流动力学不稳、近期胸腹部手术和孕晚期。")
    e.cu("06-04 16:00", "{day}业务学习我要讲俯卧位通气护理，帮我列个20分钟的提纲",
         reply="{absday}的业务学习可以这样排：适应证与禁忌、翻身前准备、五人翻身法、管路和皮肤保护、并发症观察。",
         run=("生成俯卧位通气护理课件大纲", "已生成 12 页大纲", "succeeded", 3))
    e.mi("06-07 15:10", "业务学习讲完了，护士长让我把课件发科室群")

    e = E("nursing_docs", "护理文书整改", "todo", "low", ["work"], at="05-28", done="05-28 15:00")
    e.mi("05-24 11:40", "护士长让{due}把护理文书的问题改完")
    e.mi("05-28 15:05", "护理文书整改交给护士长了")

    e = E("night_pay", "夜班费统计表交护士长", "todo", "low", ["work"], at="05-31", done="05-31 15:00")
    e.mi("05-27 14:00", "这个月的夜班费统计表{due}交给护士长", pick="月底")
    e.mi("05-31 15:05", "夜班费统计表交了")

    e = E("m_masters", "主管护师考试通过", "mention", "high", ["exam"])
    e.mi("06-07 11:00", "主管护师成绩出来了，四门都过了！")
    e.cu("06-07 19:30", "主管护师考过了，接下来聘任要准备哪些材料？",
         reply="一般要准备：资格证书、近几年的年度考核表、继续教育学分证明、论文或个案护理报告，具体以医院人事处通知为准。")

    e = E("dec_mentor", "由我带教新护士小林", "decision", "low", ["work"], at="06-07 16:00")
    e.mi("06-07 16:10", "跟护士长定了，新来的小林由我带教，算带教绩效")

    e = E("m_patient", "3床老爷子转出ICU", "mention", "low", ["work"])
    e.mi("06-04 09:30", "3床老爷子转出ICU了，家属送了面锦旗")

    e = E("m_award", "可能被推荐评优秀护士", "mention", "low", ["work"])
    e.mi("06-08 11:00", "护士长说科室可能推荐我评优秀护士")

    # ---------------------------------------------------------------- 换班 (moved night shift) / 替班 / 调休
    e = E("swap_shift", "夜班与小周换班（改到周四）", "event", "high", ["shift", "swap", "change"],
          at="06-10 20:00", old=[("06-08 20:00", "rescheduled", "替我上")])
    e.cal("night_tu", "06-08 20:00")
    e.mi("06-02 14:05", "跟小周换好班了，{day}那个夜班她替我上", anchor="old0", pick="^下周二$")
    e.mi("06-02 14:07", "换完以后我改上{when}的夜班", pick="^(下周四|6月10)")
    e.cu("06-02 14:20", "帮我写个换班申请给护士长：我和周婷互换，我改上{when}的夜班", sess=S_SWAP,
         reply="护士长您好：本人沈卉与周婷协商一致，申请互换夜班，本人改上{abs}的夜班，请您审批。谢谢！")
    e.mi("06-10 19:40", "{when}夜班，换来的这个班床位满满当当", pick="^今晚8点$")
    # 03:05 on 06-11, still inside that shift: 昨晚 = 06-10 [18:00, 24:00)
    e.mi("06-11 03:05", "{part}接班到现在没坐下过，3床半夜上了CRRT", z=True)

    e = E("cover_shift", "替小周上白班", "event", "low", ["shift", "swap"], at="06-06 08:00")
    e.cal("cover")
    e.mi("06-02 14:10", "作为交换，{when}我替小周上白班", pick="^(周日|这周日|星期天|礼拜天|6月6)")
    e.mi("06-06 07:20", "{day}还要上班，地铁里空空的", pick="^今天$")
    e.mi("06-06 16:30", "替小周的白班上完了，收了两个术后")

    e = E("shift_0609", "端午当晚夜班（调休取消）", "event", "low", ["shift", "change"],
          old=[("06-09 20:00", "cancelled", "调休")])
    e.mi("06-03 11:00", "护士长批了，{day}那个夜班给我调休", anchor="old0", pick="^(下周三|下星期三|6月9)")

    e = E("zongzi_promise", "答应给小周带粽子", "commitment", "low", ["colleague", "swap"], at="06-10",
          done="06-10 21:00")
    e.mi("06-07 21:00", "答应小周{day}上班给她带婆婆包的粽子")
    e.mi("06-10 21:05", "粽子给小周了，她说比超市的好吃多了")

    # ---------------------------------------------------------------- 端午 / 家里
    e = E("duanwu_family", "端午回松江婆婆家", "event", "high", ["family", "duanwu"], at="06-09")
    e.cal("duanwu")
    e.mi("05-30 20:00", "婆婆打电话说{day}端午全家去松江吃饭，让我们早点到", pick="^6月9号$")
    e.cu("06-06 21:00", "{day}端午回婆婆家，给婆婆买点什么好？她血压有点高", pick="^(6月9日|下周三)$",
         reply="{absday}端午去看婆婆，可以带低糖的绿豆糕、一盒好茶，或者一个电子血压计，实用又贴心。")
    e.mi("06-07 20:00", "婆婆說{day}包鹹肉粽，讓我們別買了", app="wechat", trad=True)   # Traditional
    e.mi("06-09 14:00", "在婆婆家看龙舟比赛直播，乐乐难得放松")
    e.mi("06-09 21:30", "婆婆家回来了，粽子吃撑了")

    e = E("zongzi_mom", "跟老妈包粽子", "event", "low", ["mom", "duanwu", "family"], at="06-05 10:00")
    e.mi("06-03 20:00", "老妈说{when}一起包粽子，得先去买粽叶和糯米")
    e.mi("06-05 12:30", "跟老妈包了六十个粽子，肉粽蛋黄粽各一半")

    e = E("m_mom_knee", "老妈膝盖疼", "mention", "low", ["mom"])
    e.mi("06-04 20:00", "老妈膝盖又疼了，爬五楼要歇两回")

    e = E("mom_pharmacy", "陪老妈去社区医院配药", "event", "low", ["mom"], at="06-10 14:00")
    # written on Sunday 06-06: bare 周四 = the next Thursday (06-10)
    e.mi("06-06 21:30", "{when}陪老妈去社区医院配降压药", pick="^周四下午", shift=15)
    e.cu("06-09 21:50", "{when}陪我妈去社区医院配药，要带些什么？", pick="^明天",
         reply="{abs}去配药的话，带上医保卡、以前的病历本和正在吃的药盒，方便医生核对剂量。")
    e.mi("06-10 16:00", "老妈的降压药配好了，医生说血压控制得还行")

    e = E("gas_bill", "交燃气费", "todo", "low", ["utilities"], at="06-10", done="06-08 10:00")
    e.mi("06-01 12:05", "燃氣費帳單來了，286塊，{due}要繳", app="wechat", trad=True)   # Traditional
    e.cu("06-08 10:05", "燃气费{ago}在支付宝上交了，帮我记一下水电煤：电费412，水费68，燃气286", anchor="done",
         reply="已记录：电费 412 元、水费 68 元、燃气费 286 元，合计 766 元。")

    e = E("cake", "订老陈生日蛋糕", "todo", "low", ["husband"], at="06-10", done="06-08 15:00")
    e.mi("06-06 21:40", "老陈的生日蛋糕{due}要订好，他喜欢栗子的")
    e.mi("06-08 15:05", "栗子蛋糕订好了，生日当天送到家")

    e = E("husband_bday", "给老陈过生日（晚饭）", "event", "high", ["husband", "family"], at="06-11 18:30")
    e.mi("06-06 21:45", "{when}给老陈过生日，在家吃，再做几个他爱吃的菜")
    e.cu("06-10 16:00", "{when}给老公过生日，我那天刚下夜班，做哪几个菜省事又像样？", pick="^明天",
         reply="{abs}的生日晚饭可以做：油爆虾、红烧肉（前一晚炖好）、清炒时蔬、番茄蛋汤，再配上蛋糕就很像样了。")
    # 01:30 during the moved night shift: 今天晚上 = the evening of 06-11
    e.mi("06-11 01:30", "{daypart}给老陈过生日，下了夜班先补觉再去买菜", pick="^今天晚上$", z=True)
    e.mi("06-11 21:30", "老陈生日过完了，乐乐给他写了张卡片，他眼圈都红了")

    e = E("husband_trip", "老陈去成都出差", "event", "low", ["husband"], at="06-14 07:40")
    e.mi("06-04 21:00", "老陈说单位要派他去成都出差，去一个礼拜")
    e.mi("06-10 22:00", "老陈{when}的高铁去成都出差")
    e.cu("06-13 20:00", "老陈{when}的高铁去成都，帮我列个出差行李清单", pick="^明天",
         reply="{abs}的高铁，行李清单：身份证、充电器、换洗衣服、常用药、雨伞；建议提前一个钟头出门。")

    e = E("friend_may", "和阿May吃甜品", "event", "low", ["friend"], at="05-30 14:00")
    e.mi("05-29 22:00", "跟阿May约了{when}在新天地吃甜品", pick="^明天")
    e.cu("05-30 11:00", "帮我写一段朋友圈文案，{daypart}要和闺蜜去吃甜品", pick="^今天下午$",
         reply="“夜班人的快乐很简单：一份杨枝甘露，和一个懂你的闺蜜。”")
    e.mi("05-30 18:00", "跟阿May聊了很久，她要去新加坡工作了，有点舍不得")

    e = E("reunion", "高中同学聚会", "event", "low", ["friend", "change"], old=[("06-12 18:00", "cancelled", "聚会取消了，班长")])
    e.mi("05-27 21:00", "高中同学群里约了{when}聚会，在徐家汇", anchor="old0")
    e.mi("06-08 20:30", "同学聚会取消了，班长说人凑不齐，下次再约")
    e.cu("06-08 20:40", "{day}的同学聚会取消了，帮我回一句得体的话给班长", anchor="old0",
         reply="没关系，大家都忙，等人齐了再聚，到时候我一定到！")

    e = E("checkup", "职工体检", "event", "low", ["health"], at="06-04 08:00")
    e.cal("checkup")
    e.mi("05-31 12:00", "医院职工体检排在{when}，要空腹")
    e.cu("06-03 21:30", "{when}职工体检要空腹，前一晚几点以后不能吃东西？", pick="^明天",
         reply="{abs}体检的话，前一晚吃完晚饭就别再吃东西了，少量白开水没关系，记得带上身份证。")
    e.mi("06-04 11:00", "体检做完了，甲状腺结节还是老样子，没长")

    # ---------------------------------------------------------------- 车：年检 / 交强险
    e = E("car_insp", "车辆年检", "event", "high", ["car"], at="06-12 07:30")
    e.cal("car")
    e.mi("05-31 20:10", "车子年检到期了，约了{when}去莘庄检测站")
    e.cu("05-31 20:20", "帮我查查莘庄检测站怎么预约",
         reply="预约系统在维护，这次没查到；可以直接打检测站的客服电话，或者用“交管12123”App预约。",
         run=("查询莘庄检测站可预约时段", "预约系统维护中（503）", "failed", 1))
    e.cu("06-11 21:00", "{when}到检测站排队年检，要带哪些材料？交强险保单要打印吗？", pick="^明天", shift=-10,
         reply="{abs}年检请带上行驶证、身份证和交强险电子保单（检测站能在系统里查，一般不用打印），车上备好三角警示牌。")
    e.mi("06-12 09:10", "年检过了，排队排了一个多钟头")
    e.mi("06-12 11:00", "年检完顺便去洗了个车")

    e = E("insurance", "交强险续保", "todo", "low", ["car"], at="06-11", done="06-07 13:20")
    e.mi("05-31 20:15", "交强险也快到期了，{due}得续上，不然年检过不了")
    e.cu("06-07 13:25", "交强险{ago}续好了，电子保单年检能用吗？", anchor="done",
         reply="可以，交强险电子保单和纸质保单效力相同，年检时检测站能在系统里查到。")
    e.mi("06-07 13:30", "交强险续好了，950块")


# ================================================================ noise (u_dev10)
# Records that belong to no event. Several carry time words, unlisted forms or time-like numbers on purpose.
NOISE_MI_DEV = [
    ("05-24 07:05", "地铁9号线挤到怀疑人生", "voice", None),
    ("05-24 13:20", "食堂的红烧大排今天咸得要命", "notes", None),
    ("05-24 22:40", "十年前的今天我刚进ICU，那会儿连动脉血气都不会抽", "notes", None),
    ("05-25 08:30", "早饭：豆浆一杯，粢饭团半个", "notes", None),
    ("05-25 11:20", "俯卧位通气的病人每两小时换一次头的方向，别忘了", "notes", None),
    ("05-25 13:40", "想法：夜班交班本可以做成电子化模板，省得每次手抄", "notes", None),
    ("05-26 04:30", "凌晨四点的ICU特别安静，只有监护仪在响", "voice", True),
    ("05-26 05:50", "5床体温38点5度，物理降温后降到37点8", "notes", True),
    ("05-26 10:30", "下夜班补觉，睡了四个小时还是困", "notes", None),
    ("05-26 23:10", "咖啡喝到第三杯了，一点都不困", "voice", None),
    ("05-27 01:20", "凌晨一点多，12床家属一直在门口守着", "notes", True),
    ("05-27 03:30", "今朝夜里收了个车祸多发伤，忙到现在", "voice", True),
    ("05-27 08:15", "下夜班，外面下雨了，没带伞", "voice", None),
    ("05-27 22:30", "每天睡前拉伸十分钟，腰好多了", "notes", None),
    ("05-28 13:00", "午饭点了一份沙拉，吃完还是饿", "notes", None),
    ("05-28 16:30", "记一下：去甲肾上腺素4mg加到50ml，泵速按医嘱调", "notes", None),
    ("05-28 23:40", "明早不用早起，可以睡个懒觉", "notes", None),
    ("05-29 09:00", "周末菜场的杨梅上市了，买了两斤", "notes", None),
    ("05-29 11:30", "看了个纪录片，讲ECMO的发展史", "notes", None),
    ("05-30 12:00", "楼下新开了一家生煎，排队的人很多", "notes", None),
    ("05-30 21:00", "《繁花》看第二遍，还是喜欢玲子", "notes", None),
    ("05-31 17:30", "回家路上听了一期播客，讲睡眠债", "voice", None),
    ("05-31 22:10", "明早送乐乐去学校，先睡了", "notes", None),
    ("06-01 09:30", "儿童节，给侄女寄了一套乐高", "notes", None),
    ("06-01 11:00", "下午茶点了一点点，波霸奶茶三分糖", "notes", None),
    ("06-02 01:40", "凌晨一点多还在抢救，家属在走廊哭，心里难受", "voice", True),
    ("06-02 05:30", "天快亮了，交班前把护理记录补完", "notes", True),
    ("06-02 10:30", "下夜班回家路上买了两副大饼油条", "voice", None),
    ("06-03 00:20", "夜里12点给6床翻身，皮肤完整", "notes", True),
    ("06-03 07:40", "两点建议给自己：少喝咖啡，多喝水", "notes", None),
    ("06-03 22:00", "体重又涨了一斤，得管住嘴", "notes", None),
    ("06-04 12:30", "三天打鱼两天晒网的健身计划又要重启了", "notes", None),
    ("06-04 15:00", "网上看到一句话：护士是离生死最近的职业", "clipboard", None),
    ("06-04 22:30", "乐乐房间的台灯坏了，换个护眼的", "notes", None),
    ("06-05 08:00", "天气闷热，黄梅天要来了", "voice", None),
    ("06-06 12:10", "午休刷到一个视频，教怎么快速叠被子", "notes", None),
    ("06-07 21:30", "每周三次力量训练的计划坚持了两周", "notes", None),
    ("06-07 22:40", "明晚有欧冠决赛，老陈肯定又要熬夜", "notes", None),
    ("06-08 09:00", "端午节放假安排出来了，医院照常排班", "notes", None),
    ("06-08 13:00", "把冬天的被子收起来了，晒了一整天", "notes", None),
    ("06-08 17:00", "超市的粽子礼盒贵得离谱，一盒两百多", "voice", None),
    ("06-09 09:00", "端午安康！科室群里红包抢了6块8", "voice", None),
    ("06-10 08:30", "明朝要早点起，今朝先早点困", "voice", None),
    ("06-10 12:00", "楼下的栀子花开了，很香", "notes", None),
    ("06-11 00:15", "夜班一点都不困，大概是咖啡喝多了", "voice", True),
    ("06-11 01:50", "2床的血钾3点几，医生说先不补", "notes", True),
    ("06-11 05:40", "凌晨五点多，窗外开始有鸟叫了", "voice", True),
    ("06-11 10:30", "下夜班睡到现在，头有点疼", "notes", None),
    ("06-12 13:30", "一年有多少个夜班？算了一下大概七十个", "notes", None),
    ("06-12 19:30", "晚饭做了腌笃鲜，笋是婆婆给的", "notes", None),
    ("06-13 10:00", "周末在家大扫除，擦了一上午窗", "notes", None),
    ("06-13 15:00", "下午睡了一觉，晚上想吃小龙虾", "voice", None),
    ("06-13 22:30", "明天又是周一，三个礼拜过得真快", "notes", None),
]
LIFE_LOG = ["睡了{h}个小时，还是觉得没睡够", "走了{s}步，脚底板疼", "喝水{n}杯，达标", "血压{bp}，正常",
            "体重{kg}公斤，比上次轻了点", "跳绳{j}个，出了一身汗"]


def declare_noise_dev():
    for obs, text, app, z in NOISE_MI_DEV:
        noise_mi(MAIN_USER, obs, text, app, z=z)
    rng = random.Random(SEED + 11)
    days = sorted(rng.sample(range(21), 12))
    for d in days:
        dt = PERIOD_START + timedelta(days=d, hours=rng.choice([12, 17, 21, 22]), minutes=rng.randint(0, 58))
        text = rng.choice(LIFE_LOG).format(h=rng.choice(["五", "四个半", "六", "七"]), n=rng.choice([6, 7, 8]),
                                           s=rng.choice(["一万二", "两万三", "两万一", "九千多"]),
                                           bp=rng.choice(["118/76", "122/80", "115/72"]),
                                           kg=rng.choice(["56.2", "55.8", "56.6"]), j=rng.choice([500, 800, 1000]))
        noise_mi(MAIN_USER, dt.strftime("%m-%d %H:%M"), text, rng.choice(["notes", "voice"]))

    weather = lambda: {"fn": "weather.forecast", "args": {"city": "上海"},
                       "result": [{"date": "$d+1", "sky": "小雨转阴", "t_min": 19, "t_max": 24}]}
    turns = [
        ("05-24 12:40", "帮我把“请家属在探视时间内来院”翻译成英文",
         "Please ask family members to come during visiting hours.", None),
        ("05-24 20:00", "上海明天会下雨吗？", "明天上海小雨转阴，19 到 24 度，出门带把伞。", weather()),
        ("05-25 14:00", "ICU里常用的镇静评分有哪些？",
         "常用的有 RASS 和 SAS：RASS 从 +4（有攻击性）到 −5（不可唤醒），目标一般在 −2 到 0。", None),
        ("05-26 01:30", "多巴胺的常用剂量范围是多少？",
         "一般 2–20 μg/kg/min，小剂量偏扩张肾血管，中大剂量升压，具体以医嘱为准。", None),
        ("05-26 10:50", "下夜班以后怎么快速入睡？",
         "拉好遮光窗帘、戴耳塞眼罩，睡前别刷手机，先吃点清淡的，卧室温度调低一点。", None),
        ("05-27 16:00", "帮我算一下：一个月8个夜班，每个夜班补贴150，一年多少钱？", "8 × 150 × 12 = 14400 元。", None),
        ("05-28 14:00", "推荐几本护理管理方面的书",
         "可以看《护理管理学》《危重症护理质量管理》和《护士长带教手册》，后两本偏实操。", None),
        ("05-29 10:30", "糯米蒸多久能熟？", "泡过四小时以上的糯米，大火上汽后蒸 25 到 30 分钟就熟了。", None),
        ("05-29 12:00", "周杰伦的新专辑什么时候出？", "目前没有查到官方的发行日期，可以关注他工作室的微博。",
         {"fn": "web.search", "args": {"q": "周杰伦 新专辑 发行"}, "result": {"hits": 0, "date": "$d+0"}}),
        ("05-31 13:00", "Excel里怎么把日期列改成“2027年6月”这种格式？",
         "选中单元格 → 设置单元格格式 → 自定义，类型里输入 yyyy\"年\"m\"月\" 即可。", None),
        ("06-01 10:00", "粽叶要提前泡多久？", "干粽叶最好提前一晚用温水泡上，包之前再煮几分钟，更软也更香。", None),
        ("06-01 21:30", "去甲肾上腺素泵速怎么换算成μg/kg/min？",
         "泵速(ml/h) × 浓度(μg/ml) ÷ 体重(kg) ÷ 60 = μg/kg/min。", None),
        ("06-02 02:10", "病人要外出做CT，转运途中要注意什么？",
         "转运前评估风险、备好简易呼吸器和急救药，监护不中断，管路妥善固定，由医生陪同。", None),
        ("06-02 11:00", "夜班后第二天还适合去健身房吗？", "如果睡够了可以做轻量的有氧或拉伸，别上大重量。", None),
        ("06-03 08:00", "今天上海空气质量怎么样？", "今天上海 AQI 62，良，适合户外活动。",
         {"fn": "air.quality", "args": {"city": "上海"}, "result": {"date": "$d+0", "aqi": 62, "level": "良"}}),
        ("06-05 09:00", "上海话“今朝”“明朝”是啥意思？", "“今朝”就是今天，“明朝”是明天，“昨日”是昨天，“后日”是后天。", None),
        ("06-06 13:00", "电子血压计袖带式和手腕式哪个准？", "上臂袖带式更准，手腕式受姿势影响大，老人家用建议选上臂式。", None),
        ("06-07 22:00", "《繁花》里的黄河路在哪里？", "黄河路在黄浦区，靠近人民广场，以美食街闻名。", None),
        ("06-08 12:00", "端午节的由来简单讲讲", "端午节在农历五月初五，最常见的说法是纪念屈原，习俗有赛龙舟、吃粽子、挂艾草。", None),
        ("06-08 16:00", "端午高速免费吗？", "端午节高速不免费，小型客车免费通行只在春节、清明、劳动节和国庆。",
         {"fn": "holiday.toll", "args": {"holiday": "端午节"}, "result": {"date": "$d+1", "toll_free": False}}),
        ("06-09 10:00", "松江到市区坐几号线最方便？", "坐 9 号线最方便，从松江新城站到徐家汇大约一个小时。", None),
        ("06-10 11:00", "推荐一部适合一家三口看的电影", "可以看《寻梦环游记》或者《飞屋环游记》，温情又不幼稚。", None),
        ("06-11 01:10", "帮我写个交班记录的模板",
         "交班记录模板：1）患者基本情况；2）生命体征与趋势；3）管路与用药；4）护理重点与风险；5）待办与交接。", None),
        ("06-11 11:00", "下夜班头疼怎么缓解？", "先补水、吃点东西，拉上窗帘睡一觉；如果头疼剧烈或伴呕吐，要及时就医。", None),
        ("06-13 16:00", "小龙虾怎么洗干净？", "先用清水泡半小时，再用牙刷刷腹部和钳子，剪掉虾头的胃囊和虾线。", None),
    ]
    turns += [
        ("05-25 19:00", "今晚上海会下雨吗？", "今晚多云，不会下雨，夜里 20 度左右。",
         {"fn": "weather.forecast", "args": {"city": "上海"},
          "result": [{"date": "$d+0", "sky": "多云", "t_min": 20, "t_max": 26}]}),
        ("05-26 14:30", "帮我把“患者意识清楚，对答切题”翻译成英文",
         "The patient is alert and oriented, and answers questions appropriately.", None),
        ("05-27 10:00", "下夜班后喝什么汤比较养人？", "可以喝点百合莲子汤或者冬瓜排骨汤，清淡好消化。", None),
        ("05-28 10:30", "ICU护士怎么预防职业性腰痛？", "翻身、搬运尽量用过床板和多人协作，弯腰改成屈膝下蹲，平时练练核心和臀肌。", None),
        ("05-29 15:00", "初三孩子考前焦虑怎么疏导？", "多听少讲，别反复提分数；保证睡眠和运动，和孩子一起把考试当天的流程过一遍，心里有数就不慌。", None),
        ("05-30 09:00", "上海哪里的杨枝甘露好吃？", "许留山、满记这类港式甜品店都有，新天地和南京西路附近选择比较多。", None),
        ("06-01 14:00", "帮我写一句儿童节祝福发给侄女", "祝我们家小公主儿童节快乐，永远好奇、永远开心！", None),
        ("06-03 13:00", "跨膜压升高一般是什么原因？", "常见原因是滤器凝血、血流量与超滤率不匹配、置换液比例不合适，要结合滤器前压一起看。", None),
        ("06-04 08:40", "甲状腺结节3类要紧吗？", "TI-RADS 3 类多为良性可能，一般定期复查超声即可，具体听从医生建议。", None),
        ("06-06 19:00", "夜班前一天怎么安排睡眠？", "夜班当天下午尽量睡一到两个小时，晚饭别吃太饱，带点坚果和水果上班。", None),
        ("06-07 12:30", "推荐几个适合上班族的午休小技巧", "戴眼罩耳塞、控制在 20 分钟以内、醒后用冷水洗把脸，下午更精神。", None),
        ("06-08 19:00", "粽子甜的好吃还是咸的好吃？", "南方多爱咸的鲜肉粽、蛋黄粽，北方偏爱甜的豆沙、蜜枣粽，各有各的好。", None),
        ("06-09 16:00", "上海哪里能看赛龙舟？", "苏州河和淀山湖一带常有龙舟赛，建议提前看一下当地的赛事公告。",
         {"fn": "web.search", "args": {"q": "上海 龙舟赛"}, "result": {"hits": 2, "date": "$d+0"}}),
        ("06-13 11:00", "小龙虾配什么饮料解辣？", "冰镇酸梅汤、柠檬茶或者椰汁都很解辣。", None),
    ]
    for obs, u, a, tool in turns:
        noise_turn(MAIN_USER, obs, u, a, tool=tool)
    dialog(MAIN_USER, "06-07 20:30", [
        ("帮我想一个护理查房的题目，ICU的", "可以选“机械通气患者呼吸机相关性肺炎的预防”，病例常见、讨论点多。"),
        ("查房PPT一般分几部分？", "病例介绍、护理评估、护理问题与措施、效果评价、讨论与小结，五部分就够了。"),
        ("讨论环节怎么设计让大家愿意发言？", "提前抛两三个具体问题，比如“床头抬高做不到30度怎么办”，点名请低年资护士先说。"),
    ], "护理查房准备")
    noise_turn(MAIN_USER, "05-24 21:30", "帮我把这个月的排班表导出到日历", "导出失败：排班系统接口超时，请稍后再试。",
               run=("导出本月排班表到日历", "排班系统接口超时", "failed", 2))
    # a multi-day English practice session (one session, three days)
    for start, ex in (("05-25 15:00", [("陪我练医学英语：怎么跟外籍家属说病人需要插管？",
                                         "You can say: “He needs a breathing tube to help him breathe. "
                                         "It is the safest option right now.”"),
                                        ("“镇静”用英文怎么说？", "Sedation；镇静药是 sedatives。")]),
                      ("05-26 16:00", [("继续练：“探视时间是下午三点到四点”怎么说？", "Visiting hours are from 3 to 4 pm.")]),
                      ("05-27 16:30", [("“家属请在门外等候”怎么说？", "Please wait outside for a moment.")])):
        dialog(MAIN_USER, start, ex, "医学英语陪练", sess="s_eng")


# ================================================================ the other user (isolation)
OTHER_MI = [
    ("05-24 07:30", "初三(4)班物理作业收齐了，电学实验报告还差三份"),
    ("05-25 21:40", "明天下午2点教研组说课，PPT再改一版"),
    ("05-26 19:10", "晚自习值班，三个学生来问浮力的题"),
    ("05-27 20:05", "明天晚上6点半年级组聚餐，地点在学校对面"),
    ("05-28 12:20", "实验室的电流表坏了三只，要报修"),
    ("05-29 10:40", "周末改了一百多份模拟卷，眼睛都花了"),
    ("05-30 20:30", "给女儿检查作文，错别字有点多"),
    ("06-01 20:10", "明天下午三点半听新老师的公开课，记得带听课本"),
    ("06-02 00:30", "改卷改到半夜，茶都凉了"),
    ("06-02 21:00", "明天下午2点中考监考培训，教务处统一开会"),
    ("06-03 20:30", "明早8点学校安排教职工查体，别吃早饭"),
    ("06-04 22:00", "周六下午5点半去参加大学室友的婚礼"),
    ("06-05 09:30", "物理组的老刘借走了我的示波器"),
    ("06-05 23:50", "婚宴上遇到好多大学同学，聊到很晚"),
    ("06-06 18:00", "学生家长发来感谢短信，说孩子电学开窍了"),
    ("06-07 07:50", "早读课抽查公式，一半人记不住欧姆定律"),
    ("06-08 21:00", "端午那天学校安排我值班，早上8点到岗"),
    ("06-09 12:00", "值班室里吃了食堂发的粽子，豆沙的"),
    ("06-10 22:30", "压轴题讲了两遍还有人不会，明天再换个讲法"),
    ("06-11 20:00", "明天早上7点半送车去4S店做保养"),
    ("06-12 15:00", "保养完顺便换了雨刮器"),
    ("06-13 19:00", "明天早上7点40开年级组会，讨论考前最后一周"),
]
OTHER_DIALOGS = [
    ("物理复习", "05-25 20:00", [
        ("初三物理总复习最后三周怎么排？", "第一段回归课本和基础实验，第二段专题突破（电学、力学综合），最后套卷模拟加错题回顾。"),
        ("电学压轴题有什么通用思路？", "先画等效电路，标出已知量，判断串并联和电表测量对象，再列方程求解。"),
    ]),
    ("出题", "06-01 21:00", [
        ("帮我出三道关于浮力的计算题，难度中等", "1）体积为 200 cm³ 的木块漂浮在水面，露出水面的体积为 80 cm³，求木块密度；2）……"),
    ]),
    ("监考", "06-03 16:00", [
        ("中考监考员有哪些注意事项？", "提前到岗、核对准考证和身份证、考场内不看手机、按时发卷收卷、异常情况及时上报。"),
    ]),
    ("家长沟通", "06-06 20:30", [
        ("家长问孩子物理模考没考好怎么安慰，我该怎么回？", "先肯定孩子的努力，再具体指出两三个能快速提分的点，语气以鼓励为主。"),
    ]),
]
OTHER_RUNS = [
    ("05-28 16:00", "帮我生成一套电学练习题，十道", "已生成 10 道电学练习题。",
     ("生成电学练习题", "已生成 10 题", "succeeded", 2)),
    ("06-04 17:00", "统计一下班级三模的物理均分", "统计失败：成绩表格式无法识别。",
     ("统计班级三模物理均分", "成绩表格式无法识别", "failed", 1)),
    ("06-09 13:00", "整理一份监考须知发给年级组", "好的，已取消。",
     ("整理监考须知", "已撤回", "cancelled", 1)),
]


def declare_other():
    rng = random.Random(SEED + 23)
    for obs, text in OTHER_MI:
        noise_mi(OTHER_USER, obs, text, rng.choice(["notes", "voice"]))
    for title, start, exchanges in OTHER_DIALOGS:
        dialog(OTHER_USER, start, exchanges, title)
    for obs, u, a, run in OTHER_RUNS:
        noise_turn(OTHER_USER, obs, u, a, title="请助手办事", run=run)
    VEvent(OTHER_USER, "o_eve", "晚自习值班", T("05-26 18:30"), T("05-26 21:00"), weekly_count=3,
           location="初三年级办公室", created=T("05-20 08:00"))
    VEvent(OTHER_USER, "o_open", "教研组公开课（听课）", T("06-02 15:30"), T("06-02 16:15"), location="实验楼 2F",
           created=T("05-30 09:00"))
    VEvent(OTHER_USER, "o_train", "中考监考培训", T("06-03 14:00"), T("06-03 15:30"), location="学校报告厅",
           created=T("05-28 10:00"))
    VEvent(OTHER_USER, "o_duty", "端午值班", Dd("06-09"), Dd("06-10"), all_day=True, created=T("06-01 12:00"))
    VEvent(OTHER_USER, "o_car", "4S店保养", T("06-12 07:30"), T("06-12 09:00"), utc=True, created=T("06-08 20:00"))


# ================================================================ assembly
NAMED_SESSIONS = {S_LEAK: "卫生间漏水", S_ZK: "中考冲刺", S_SWAP: "换班申请", "s_eng": "医学英语陪练"}
PERSONS = ["护士长", "小周", "周婷", "小陆", "阿芳", "阿杰", "阿May", "小丁", "李主任", "小林", "老陈", "老公",
           "乐乐", "老爸", "老妈", "我妈", "婆婆", "班长"]
ORGS = ["浦江医院", "瑞金", "华医网", "物业", "莘庄检测站", "九院", "向明", "ICU"]


def assign_ids_and_sessions():
    for r in sorted(MI, key=lambda r: (r.obs, r.user, r.text)):
        r.id = _uniq("seg_" + ulid(r.obs))
    sessions, by_key, current = [], {}, {}
    for turn in sorted(TURNS, key=lambda x: (x.t, x.user, x.title, x.msgs[0].text)):
        if turn.sess is not None:
            k = (turn.user, turn.sess)
            if k not in by_key:
                by_key[k] = {"user": turn.user, "title": NAMED_SESSIONS.get(turn.sess, turn.title),
                             "msgs": [], "runs": []}
                sessions.append(by_key[k])
            s = by_key[k]
            if s["msgs"] and turn.t <= s["msgs"][-1].obs:
                raise SystemExit(f"overlapping turns in session {s['title']}: {turn.t}")
        else:
            s = current.get(turn.user)
            last = s["msgs"][-1].obs if s else None
            if (s is None or turn.t - last > timedelta(hours=3) or turn.t <= last
                    or day0(turn.t) != day0(last) or len(s["msgs"]) >= 24):
                s = {"user": turn.user, "title": turn.title, "msgs": [], "runs": []}
                sessions.append(s)
                current[turn.user] = s
        s["msgs"].extend(turn.msgs)
        if turn.run is not None:
            s["runs"].append(turn.run)
    sessions.sort(key=lambda s: (s["msgs"][0].obs, s["user"], s["title"]))
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
        rec["lang"] = "zh-TW" if r.extra.get("trad") else "zh-CN"
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
    return {"name": name, "timezone": "Asia/Shanghai", "events": [v.wire() for v in VEVENTS if v.user == user]}


def anchor_names(e):
    out = []
    if e.et is not None:
        out.append("ev")
    if e.done is not None:
        out.append("done")
    out += [f"old{i}" for i in range(len(e.old))]
    return out


def alabel(which):
    return {"ev": "event_time", "done": "completed_at"}.get(which) or f"superseded:{int(which[3:] or 0)}"


def dedupe_sets(e):
    """RFC §9: records of one anchor named to within ±15 min (precise) or as the same day (day grain)."""
    precise, days = [], []
    for which in anchor_names(e):
        a, g = e.anchor(which)
        rs = [r for r in e.recs if r.anchor == which]
        p = [r for r in rs if g == "minute" and r.grain in ("minute", "ago") and abs(r.point - a) <= timedelta(minutes=15)]
        if len(p) >= 2:
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
    """When MeInput/chat first announced the change (the first record matching the declared marker)."""
    rs = [r.obs for r in nc(e) if re.search(e.changed_re[i], r.text)]
    assert rs, (e.id, i)
    return min(rs)


def wire_event(e):
    recs = sorted(e.recs, key=lambda r: (r.src == "cal", r.obs, r.ref))
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


# ================================================================ labelling (README "Labelling rules")
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
    """Done by now, and a record at (or up to 10 min before) the completion says so by now."""
    return (e.done is not None and e.done <= now and
            any(now >= r.obs >= e.done - timedelta(minutes=10) for r in nc(e)))


def is_occurred(e, R, now):
    if e.kind in ("event", "decision"):
        iv = ev_iv(e)
        return iv is not None and overlaps(iv, R) and iv[0] <= now and time_known(e, now)
    if e.kind in ("todo", "commitment") and e.done is not None:
        return inr(e.done, R) and done_known(e, now)
    return False


def is_mentioned(e, R, now, source=None, text_re=None):
    return any(r.role == "user" and (source is None or r.src == source) and inr(r.obs, R) and r.obs <= now
               and (text_re is None or re.search(text_re, r.text)) for r in nc(e))


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
    if name == "weekday_part":         # 周四下午: arg = (week offset, weekday, part start h, part end h)
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
    if name == "before_fri":           # 这周五之前 = [now, Sat 00:00); earlier this week tolerated
        return (now, w + 5 * DAY), (w, w + 5 * DAY)
    if name == "before_weekday":       # 下周一之前 / 星期五之前 = [now, end of that day)
        off, wd = arg
        end = w + timedelta(days=7 * off + wd + 1)
        return (now, end), (w, end)
    if name == "before_month_end":     # 月底之前 = [now, 1st of next month)
        return (now, month_start(d, 1)), (month_start(d), month_start(d, 1))
    if name == "before_date":          # 6月11号之前 = [now, end of that day)
        end = Dd(arg) + DAY
        return (now, end), (w, end)
    if name == "this_month":
        return one(month_start(d), month_start(d, 1))
    if name == "last_month":
        return one(month_start(d, -1), month_start(d))
    if name == "this_morning":         # 今天上午 = [06:00, 12:00)
        return (d + 6 * H, d + 12 * H), (d, d + 13 * H)
    if name == "last_night":           # 昨晚 = [yesterday 18:00, 24:00); notes written up to 04:00 tolerated
        return (d - 6 * H, d), (d - 7 * H, d + 4 * H)
    if name == "date":
        x = Dd(arg)
        return one(x, x + DAY)
    if name == "all":                  # no (listed) time word: the last 30 days up to now (api.md)
        return (now - timedelta(days=30), now), (d - FAR, d + FAR)
    raise KeyError(name)


MODE_GROUP = {"OCCURRED_IN": "occurred", "MENTIONED_IN": "mentioned", "PLANNED_IN": "planned",
              "CREATED_IN": "created", "DUE_IN": "due"}


def label_query(q, spec):
    now = datetime.fromisoformat(q["now"])
    R, W = ranges(spec["range"], now, spec.get("arg"))
    mode = q["mode_hint"]
    kinds, imp, topics = spec.get("kinds"), spec.get("importance"), spec.get("topics")
    allow_topics = set(topics or []) | set(spec.get("allow_topics", []))
    source = {"mi": "mi", "chat": "chat", None: None}[spec.get("source")]
    text_re = spec.get("text_re")

    def rule(e):
        if not nc(e):
            return False
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
    q.update(must=[e.id for e in must], must_not=must_not, allowed=allowed, groups=groups,
             range={"start": iso(R[0]), "end": iso(R[1])}, range_wide={"start": iso(W[0]), "end": iso(W[1])})


# ================================================================ queries
NA, NB, NC, ND = "05-26 03:40", "05-28 12:30", "05-30 10:00", "05-31 08:20"
NE, NF, NG, NH = "06-01 12:00", "06-02 04:10", "06-03 21:00", "06-06 22:30"
NI, NJ, NK, NL = "06-08 07:50", "06-09 20:00", "06-11 02:30", "06-13 21:30"
TD = ["todo", "commitment"]
HI = "high"

# (id, query, now, mode_hint, spec)
QUERY_SPECS = [
    # ---------------- OCCURRED_IN
    ("q01", "昨晚我干嘛了？", NF, "OCCURRED_IN", dict(range="last_night")),
    ("q02", "昨天我都干了啥？", NA, "OCCURRED_IN", dict(range="yesterday")),
    ("q03", "前天我都忙了些啥？", NB, "OCCURRED_IN", dict(range="day_before")),
    ("q04", "这周到现在做了哪些事情？", NE, "OCCURRED_IN", dict(range="this_week")),
    ("q05", "上个周末我都忙了些什么？", ND, "OCCURRED_IN", dict(range="last_weekend")),
    ("q06", "这个周末我都干了些什么？", NH, "OCCURRED_IN", dict(range="this_weekend")),
    ("q07", "上周三我做了什么？", NL, "OCCURRED_IN", dict(range="weekday", arg=(-1, 2))),
    ("q08", "今天都办了哪些事？", NG, "OCCURRED_IN", dict(range="today")),
    ("q09", "上周我做了哪些重要的事？", NI, "OCCURRED_IN", dict(range="last_week", importance=HI)),
    ("q10", "端午节6月9号这天我都干了啥？", NJ, "OCCURRED_IN", dict(range="date", arg="06-09")),
    ("q11", "昨天我都干了啥？", NK, "OCCURRED_IN", dict(range="yesterday")),
    ("q12", "5月27号那天都发生了哪些事？", NL, "OCCURRED_IN", dict(range="date", arg="05-27")),
    ("q13", "上个月我做了哪些重要的事？", NE, "OCCURRED_IN", dict(range="last_month", importance=HI)),
    ("q14", "昨天我做了什麼？", NL, "OCCURRED_IN", dict(range="yesterday")),
    ("q15", "这周做了哪些重要的事？", NL, "OCCURRED_IN", dict(range="this_week", importance=HI)),
    # ---------------- MENTIONED_IN
    ("q16", "我昨天说过要做什么？", NF, "MENTIONED_IN", dict(range="yesterday", kinds=TD)),
    ("q17", "上周我在聊天里跟助手说过什么？", NE, "MENTIONED_IN", dict(range="last_week", source="chat")),
    ("q18", "今天我记了哪些东西？", NK, "MENTIONED_IN", dict(range="today", source="mi")),
    ("q19", "最近三天我提过的要紧事有哪些？", NB, "MENTIONED_IN", dict(range="recent3", importance=HI)),
    ("q20", "这两天我都说过些什么？", NC, "MENTIONED_IN", dict(range="these_two_days")),
    ("q21", "上周我提过哪些跟漏水有关的事？", ND, "MENTIONED_IN", dict(range="last_week", topics=["repair"])),
    ("q22", "上个月我说起过老爸的哪些事？", NL, "MENTIONED_IN", dict(range="last_month", topics=["dad"])),
    ("q23", "我用 MeInput 记过哪些跟中考有关的？", NL, "MENTIONED_IN",
     dict(range="all", source="mi", topics=["zhongkao"], text_re="中考")),
    ("q24", "昨晚我记了什么？", NJ, "MENTIONED_IN", dict(range="last_night", source="mi")),
    ("q25", "昨天和助手都聊过什么？", NI, "MENTIONED_IN", dict(range="yesterday", source="chat")),
    ("q26", "我今天记了哪些东西？", NH, "MENTIONED_IN", dict(range="today", source="mi")),
    ("q27", "6月2号那天我都说了什么？", NL, "MENTIONED_IN", dict(range="date", arg="06-02")),
    ("q28", "上星期四我在 MeInput 裡記了啥？", NL, "MENTIONED_IN", dict(range="weekday", arg=(-1, 3), source="mi")),
    ("q29", "前天和助手都聊过什么？", NC, "MENTIONED_IN", dict(range="day_before", source="chat")),
    ("q30", "今天上午都记了什么？", NG, "MENTIONED_IN", dict(range="this_morning", source="mi")),
    ("q31", "最近我说过哪些跟换班有关的？", NL, "MENTIONED_IN", dict(range="recent", topics=["swap"])),
    # ---------------- PLANNED_IN
    ("q32", "今天都有啥安排？", NA, "PLANNED_IN", dict(range="today")),
    ("q33", "明天有什么行程？", NB, "PLANNED_IN", dict(range="tomorrow")),
    ("q34", "下周都有哪些安排？", NH, "PLANNED_IN", dict(range="next_week")),
    ("q35", "这周都安排了些什么？", ND, "PLANNED_IN", dict(range="this_week")),
    ("q36", "今天上午有哪些安排？", NI, "PLANNED_IN", dict(range="this_morning")),
    ("q37", "周六有什么安排？", NG, "PLANNED_IN", dict(range="weekday", arg=(0, 5))),
    ("q38", "周四下午有什么安排？", NH, "PLANNED_IN", dict(range="weekday_part", arg=(1, 3, 12, 18))),
    ("q39", "明天有什么安排？", NJ, "PLANNED_IN", dict(range="tomorrow")),
    ("q40", "今天有什么安排？", NK, "PLANNED_IN", dict(range="today")),
    ("q41", "明天有什么行程？", NL, "PLANNED_IN", dict(range="tomorrow")),
    ("q42", "后天都要干嘛？", NE, "PLANNED_IN", dict(range="day_after")),
    ("q43", "下周三有什么安排？", NG, "PLANNED_IN", dict(range="weekday", arg=(1, 2))),
    ("q44", "下星期三有什麼安排？", NH, "PLANNED_IN", dict(range="weekday", arg=(1, 2))),
    ("q45", "6月5号有什么安排？", NC, "PLANNED_IN", dict(range="date", arg="06-05")),
    ("q46", "这个周末有什么安排？", NI, "PLANNED_IN", dict(range="this_weekend")),
    ("q47", "6月12日有什麼安排？", NE, "PLANNED_IN", dict(range="date", arg="06-12")),
    # ---------------- CREATED_IN
    ("q48", "这周都定下了什么？", NH, "CREATED_IN", dict(range="this_week", kinds=["decision"])),
    ("q49", "最近定下来的事有哪些？", NL, "CREATED_IN", dict(range="recent", kinds=["decision"])),
    ("q50", "这周我都答应了别人哪些事？", NB, "CREATED_IN", dict(range="this_week", kinds=["commitment"])),
    ("q51", "这个月新记了哪些待办？", NL, "CREATED_IN", dict(range="this_month", kinds=TD)),
    ("q52", "上周记了哪些待办？", ND, "CREATED_IN", dict(range="last_week", kinds=TD)),
    ("q53", "上个月定了哪些事？", NL, "CREATED_IN", dict(range="last_month", kinds=["decision"])),
    ("q54", "最近三天我答应过哪些事？", NJ, "CREATED_IN", dict(range="recent3", kinds=["commitment"])),
    ("q55", "上周我定了哪些事？", NE, "CREATED_IN", dict(range="last_week", kinds=["decision"])),
    ("q56", "这周我都答应了别人哪些事？", NK, "CREATED_IN", dict(range="this_week", kinds=["commitment"])),
    ("q57", "这个月新记了哪些待办？", NG, "CREATED_IN", dict(range="this_month", kinds=TD)),
    # ---------------- DUE_IN
    ("q58", "这周五之前要交什么？", NB, "DUE_IN", dict(range="before_fri")),
    ("q59", "月底之前有哪些事要搞定？", ND, "DUE_IN", dict(range="before_month_end")),
    ("q60", "下周一之前得搞定哪些事？", NG, "DUE_IN", dict(range="before_weekday", arg=(1, 0))),
    ("q61", "这周都有什么要交的？", NI, "DUE_IN", dict(range="this_week")),
    ("q62", "下周有哪些东西要交？", NH, "DUE_IN", dict(range="next_week")),
    ("q63", "6月11号之前要交的东西有哪些？", NE, "DUE_IN", dict(range="before_date", arg="06-11")),
    ("q64", "明天有什么要交的？", NJ, "DUE_IN", dict(range="tomorrow")),
    ("q65", "今天有什么要交的吗？", NK, "DUE_IN", dict(range="today")),
    ("q66", "下周三之前要交什么？", NL, "DUE_IN", dict(range="before_weekday", arg=(1, 2))),
    ("q67", "星期五之前要交什麼？", NH, "DUE_IN", dict(range="before_weekday", arg=(1, 4))),
    # ---------------- AMBIGUOUS
    ("q68", "我昨天有什么重要的事？", NC, "AMBIGUOUS", dict(range="yesterday", importance=HI)),
    ("q69", "今天有哪些要紧的事？", NF, "AMBIGUOUS", dict(range="today", importance=HI)),
    ("q70", "这周我有哪些重要的事？", NH, "AMBIGUOUS", dict(range="this_week", importance=HI)),
    ("q71", "上周有什么重要的事吗？", NL, "AMBIGUOUS", dict(range="last_week", importance=HI)),
    ("q72", "最近三天有什么需要注意的？", NG, "AMBIGUOUS", dict(range="recent3", importance=HI)),
    ("q73", "物业修漏水的事搞定了吗？", NL, "AMBIGUOUS", dict(range="all", topics=["repair"], allow_topics=["home"])),
    ("q74", "物业修漏水的事搞定了吗？", NB, "AMBIGUOUS", dict(range="all", topics=["repair"], allow_topics=["home"])),
    ("q75", "小陆婚礼的份子钱定了多少？", NG, "AMBIGUOUS", dict(range="all", topics=["wedding"])),
    ("q76", "继续教育学分修满了没？", NL, "AMBIGUOUS", dict(range="all", topics=["credits"])),
    ("q77", "节前要交的继续教育学分搞定了没？", NE, "AMBIGUOUS", dict(range="all", topics=["credits"])),
    ("q78", "今朝物业几点钟来修天花板？", NF, "AMBIGUOUS",
     dict(range="all", topics=["repair"], allow_topics=["home"])),
    ("q79", "明朝陪老妈配药是几点？", NJ, "AMBIGUOUS", dict(range="all", topics=["mom"])),
    ("q80", "这个月都有哪些重要的事情？", NG, "AMBIGUOUS", dict(range="this_month", importance=HI)),
    ("q81", "上周三有什么事？", NL, "AMBIGUOUS", dict(range="weekday", arg=(-1, 2))),
    ("q82", "乐乐中考准备得怎么样了？", NK, "AMBIGUOUS", dict(range="all", topics=["zhongkao"], allow_topics=["kid"])),
    ("q83", "换班的事跟护士长说好了吗？", NH, "AMBIGUOUS", dict(range="all", topics=["swap"], allow_topics=["shift"])),
    ("q84", "车子年检过了没？", NL, "AMBIGUOUS", dict(range="all", topics=["car"])),
    ("q85", "今天我要注意些什么？", NB, "AMBIGUOUS", dict(range="today", importance=HI)),
    ("q86", "最近三天有什麼要緊的事？", NL, "AMBIGUOUS", dict(range="recent3", importance=HI)),
    ("q87", "哪些安排改过时间或者取消了？", NL, "AMBIGUOUS", dict(range="all", topics=["change"])),
    ("q88", "CRRT考核过了吗？", NG, "AMBIGUOUS", dict(range="all", topics=["exam"])),
    # ---------------- normal chat: temporal recall must not be triggered
    ("s01", "“明天下午三点半”用英文怎么说？", NF, "SKIP", dict(skip=True)),
    ("s02", "端午节为什么要吃粽子？", NI, "SKIP", dict(skip=True)),
    ("s03", "夜班以后怎么调整作息比较科学？", NK, "SKIP", dict(skip=True)),
    ("s04", "帮我写一段祝新人百年好合的婚礼祝福", NG, "SKIP", dict(skip=True)),
    ("s05", "CRRT 的抗凝方式有哪些？", NB, "SKIP", dict(skip=True)),
    ("s06", "把“请您下周三之前回复”改得更礼貌一点", NH, "SKIP", dict(skip=True)),
    ("s07", "2027年端午节是几月几号？", ND, "SKIP", dict(skip=True)),
    ("s08", "周杰伦的《晴天》讲的是什么故事？", NC, "SKIP", dict(skip=True)),
    ("s09", "上海中考总分是多少？", NL, "SKIP", dict(skip=True)),
    ("s10", "上海话里的“今朝”“明朝”是什么意思？", NA, "SKIP", dict(skip=True)),
    ("s11", "一周健身几次比较合适？", NE, "SKIP", dict(skip=True)),
    ("s12", "解释一下什么是时间复杂度", NJ, "SKIP", dict(skip=True)),
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
                assert 1 <= n <= 12, (qid, text, n, q["must"])
        q["spec"] = {k: (list(v) if isinstance(v, tuple) else v) for k, v in spec.items() if k not in ("skip", "empty")}
        out.append(q)
    return out


def char_bigrams(s):
    s = re.sub(r"\s+", "", s)
    return {s[i:i + 2] for i in range(len(s) - 1)}


def check_isolation():
    mine = sorted({r.text for r in MI if r.user == MAIN_USER} |
                  {m.text for t in TURNS if t.user == MAIN_USER for m in t.msgs})
    theirs = sorted({r.text for r in MI if r.user == OTHER_USER} |
                    {m.text for t in TURNS if t.user == OTHER_USER for m in t.msgs})
    worst = (0.0, "", "")
    mb = [(t, char_bigrams(t)) for t in mine]
    for t in theirs:
        b = char_bigrams(t)
        for t2, b2 in mb:
            if b and b2:
                j = len(b & b2) / len(b | b2)
                if j > worst[0]:
                    worst = (j, t, t2)
    assert worst[0] < 0.45, worst
    return worst


# ================================================================ main
def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(HERE, "data.json"))
    args = ap.parse_args()

    declare_calendar()
    declare_events()
    declare_noise_dev()
    declare_other()
    for r in MI:
        r.extra.setdefault("trad", False)
    for e in EVENTS:
        for r in e.recs:
            if r.src == "mi" and re.search(r"[說讓費帳來塊繳鹹]", r.text):
                r.extra["trad"] = True
    sessions = assign_ids_and_sessions()
    imp_of = {e.id: e.importance for e in EVENTS}
    for e in EVENTS:
        for r in e.recs:
            assert r.id is not None or r.src == "cal", (e.id, r.text)
    worst = check_isolation()
    mi_sorted = sorted(MI, key=lambda r: (r.user, r.obs, r.id))
    z_mi = set()
    for user in (MAIN_USER, OTHER_USER):     # ~10% of each user's segments in UTC (Z); forced ones first
        idx = [i for i, r in enumerate(mi_sorted) if r.user == user]
        forced = [i for i in idx if mi_sorted[i].extra.get("z")]
        rest = [i for i in idx if not mi_sorted[i].extra.get("z")]
        z_mi |= set(forced)
        k = max(0, round(0.10 * len(idx)) - len(forced) // 2)
        z_mi |= set(WIRE_RNG.sample(rest, k=k))
    meinput = [wire_meinput(r, imp_of, z=i in z_mi) for i, r in enumerate(mi_sorted)]
    data = {
        "meta": {
            "name": "temporal-recall dev10 set (ICU nurse, 端午 2027)", "generator": "gen10.py", "seed": SEED,
            "main_user": MAIN_USER, "timezone": "Asia/Shanghai",
            "period": {"start": iso(PERIOD_START), "end": iso(PERIOD_END)},
            "notes": "events and queries describe u_dev10 only; every u_dev10_other record is a leak if shown for "
                     "u_dev10. event_time_grain=day means the whole calendar day of event_time (deadlines, "
                     "all-day items). Calendar refs: calendar:event:<UID> or calendar:event:<UID>:<RECURRENCE-ID> "
                     "(YYYYMMDDTHHMMSS, Asia/Shanghai) for instances of recurring events. 端午 2027 = 2027-06-09 (Wed).",
        },
        "users": [
            {"user_id": MAIN_USER, "timezone": "Asia/Shanghai",
             "persona": "沈卉，浦江医院重症医学科（ICU）护师，倒班（夜班 20:00–次日08:00）；老公老陈，儿子乐乐初三备战中考，"
                        "老爸糖尿病复诊，婆婆住松江"},
            {"user_id": OTHER_USER, "timezone": "Asia/Shanghai", "persona": "邵毅，初中物理老师，带初三毕业班"},
        ],
        "meinput": meinput,
        "chat": {MAIN_USER: wire_chat(sessions, MAIN_USER), OTHER_USER: wire_chat(sessions, OTHER_USER)},
        "calendar": {MAIN_USER: wire_calendar(MAIN_USER, "沈卉"), OTHER_USER: wire_calendar(OTHER_USER, "邵毅")},
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
          f"queries={len(data['queries'])} isolation_max_jaccard={worst[0]:.2f}", file=sys.stderr)


if __name__ == "__main__":
    main()
