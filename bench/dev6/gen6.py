#!/usr/bin/env python3
"""Deterministic generator for the dev6 Temporal Recall evaluation set.

    python3 gen6.py [--out data.json]

Writes data.json next to this file in exactly the format of
shared/dev-eval/data.json (meta, users, meinput, chat, calendar, events,
queries), so shared/dev-eval/check_data.py, stub.py and score.py run on it
unchanged. Python 3.11 standard library only; fixed seeds; the output bytes do
not depend on PYTHONHASHSEED (no set/dict iteration order reaches the output
except insertion-ordered dicts).

Persona (main user u_dev6): 郑语桐, a freelance wedding photographer based in
Hangzhou (studio 桐影), travelling to 苏州 / 上海 / 厦门 / 成都 between
2027-03-15 (Mon) and 2027-04-04 (Sun). Second user u_dev6_other: 周可, a
graduate student (thesis, 组会) whose times collide with the main user's.

How it works (details in README.md):
  * Every ground-truth event of the main user is declared with its true time:
    minute grain "MM-DD HH:MM", day grain "MM-DD" (deadlines, all-day items)
    or none (mentions, cancelled events). Reschedules and cancellations keep
    the superseded time as a second anchor.
  * A record is a template whose time words are placeholders ({when} {day}
    {due} {clock} {abs} {absday} {daypart} {part} {ago}), rendered from
    (observed_at, anchor) with one of several equivalent zh-CN phrasings
    picked by the seeded RNG. A few records carry hand-written time words
    (cross-midnight 今晚12点前, 凌晨, Traditional script) with an explicit
    claim. check_data.py re-parses every text on its own.
  * Noise and the second user's records are written out by hand.
  * Query labels are computed by rule from the ground truth only (same rules
    as shared/dev-eval; see label_query and README.md).
"""
import argparse
import json
import os
import random
import re
from datetime import datetime, timedelta, timezone

SEED = 20270315
YEAR = 2027
TZ = timezone(timedelta(hours=8))
UTC = timezone.utc
PERIOD_START = datetime(2027, 3, 15, tzinfo=TZ)
PERIOD_END = datetime(2027, 4, 5, tzinfo=TZ)
N_DAYS = (PERIOD_END - PERIOD_START).days
MAIN_USER = "u_dev6"
OTHER_USER = "u_dev6_other"
WD = "一二三四五六日"
HERE = os.path.dirname(os.path.abspath(__file__))

RNG = random.Random(SEED)
MIN1 = timedelta(minutes=1)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


# ------------------------------------------------------------------ time utils
def T(s):
    """'MM-DD HH:MM[:SS]' -> aware datetime in +08:00."""
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


FW = str.maketrans("0123456789", "０１２３４５６７８９")


def fullwidth(s):
    """ASCII digits -> full-width digits (the conventions read them as ASCII)."""
    return s.translate(FW)


# ---------------------------------------------------------- zh-CN phrasing
DIG = "零一二三四五六七八九"


def cn_num(n):
    """0..59 in Chinese numerals (十五, 二十, 四十五)."""
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
    """(Chinese-numeral suffixes, digit suffixes) for minute m, both starting with 点."""
    if m == 0:
        return ["点", "点整"], ["点"]
    if m == 30:
        return ["点半"], ["点半", "点30"]
    if m == 15:
        return ["点一刻", "点十五"], ["点15"]
    return ["点" + cn_num(m)], [f"点{m}"]


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


def day_forms(od, d, allow_next_bare=True):
    """Ways to name calendar day d (a datetime at 00:00) in a text written on day od."""
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
        # written on a weekend, a bare weekday of the coming week is the next one (text rule)
        if allow_next_bare and od.weekday() >= 5 and wd < od.weekday():
            o.append(f"周{w}")
    if wdiff == -1 and wd != 6 and delta < -2:
        o.append(f"上周{w}")
    if delta != 0:
        # a bare 「15号」 without its month is not a form the conventions list: always write the month
        o += [f"{d.month}月{d.day}号", f"{d.month}月{d.day}日"]
    return o


def _join(a, b):
    return a + (" " if a[-1].isdigit() and b[0].isdigit() else "") + b


def when_forms(obs, t):
    """Day + clock for a minute-grain time t, written at obs."""
    od, d = day0(obs), day0(t)
    out = []
    for dy in day_forms(od, d):
        out += [_join(dy, c) for c in clock_forms(t)]
        # 今晚 is a listed day part; 明晚 / 明早 are not (the conventions), so they are not used
        if dy == "今天" and t.hour >= 18:
            out += ["今晚" + c for c in clock_forms(t, period=False)]
    if d == od:
        out += clock_forms(t)
    return out


def daypart_forms(obs, t):
    """Day + broad part of the day (凌晨 / 上午 / 下午 / 晚上), no clock."""
    od, d = day0(obs), day0(t)
    h = t.hour
    if h < 6:
        part = "凌晨"
    elif h < 12:
        part = "上午"
    elif h < 18:
        part = "下午"
    else:
        part = "晚上"
    out = [dy + part for dy in day_forms(od, d)]
    if d == od and part == "晚上":
        out.append("今晚")
    return out


def due_forms(obs, t, grain):
    """Deadline phrasings (X之前, X前, 最晚X, 截止到X, X下班前, 月底前 ...)."""
    od, d = day0(obs), day0(t)
    if grain == "minute":
        return [w + s for w in when_forms(obs, t) for s in ("之前", "前")]
    if d == od:
        return ["最晚今天", "今天之内", "今天必须"]
    base = day_forms(od, d)
    out = []
    for x in base:
        out += [x + "之前", x + "前", "最晚" + x, "截止到" + x]
    last_day = (d + DAY).month != d.month
    if last_day and d.month == od.month:
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


def render(template, obs, a_dt, a_grain, rng, shift=0, pick=None):
    """Fill the placeholders of template, said at obs about anchor a_dt.

    pick: optional regex; when given, only phrasings matching it are used.
    Returns (text, finest_grain, point): point is the minute the text names
    (a_dt shifted by `shift` minutes) for minute grain, obs for 'ago'."""
    used = []
    t = a_dt + timedelta(minutes=shift) if a_dt is not None else None

    def choose(opts):
        if pick:
            sel = [o for o in opts if re.search(pick, o)]
            assert sel, (template, pick, opts[:8])
            opts = sel
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
            return rng.choice(abs_forms(t))
        if k == "due":
            x = choose(due_forms(obs, t, a_grain))
            # 月底前 names the month-end window (grain month), not the day itself
            used.append("minute" if a_grain == "minute" else "month" if "月底" in x else "day")
            return x
        if k == "day":
            used.append("day")
            opts = day_forms(day0(obs), day0(t))
            assert opts, (template, obs, t)
            return choose(opts)
        if k == "absday":
            used.append("day")
            return rng.choice(absday_forms(t))
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
    """A ULID whose time part is dt (ms) and whose random part comes from the seeded RNG."""
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
    return _uniq(f"{h[:8]}-{h[8:12]}-4{h[13:16]}-b{h[17:20]}-{h[20:32]}@{domain}")


# ------------------------------------------------------------- record model
class Rec:
    """One upstream record before ids are assigned.

    src: 'mi' (MeInput segment) | 'chat' (message) | 'run' (agent run) | 'cal' (calendar instance)
    role: 'user' for mi; 'user' | 'assistant' | 'tool' for chat; 'run'; 'cal'
    grain/point: how precisely the text names the anchor (see render)."""

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
    """A user message, optional tool output, agent run and assistant reply."""

    def __init__(self, user, t, title, sess=None):
        self.user, self.t, self.title, self.sess = user, t, title, sess
        self.msgs = []
        self.run = None


MI = []       # Rec(src='mi'), both users
TURNS = []    # Turn, both users
EVENTS = []   # Ev, main user only
VEVENTS = []  # VEvent, both users


def _pick(x, rng=None):
    rng = rng or RNG
    return rng.choice(x) if isinstance(x, (list, tuple)) else x


def _jit(t, lo=0, hi=55):
    return t + timedelta(seconds=RNG.randint(lo, hi))


# follow-ups that close a chat exchange (user, assistant)
FOLLOWUPS = [("好的收到", "不客气，拍摄顺利！"), ("行，先这样", "好的，有需要随时叫我。"),
             ("谢啦", "随时效劳～"), ("👌", "😊 祝一切顺利。"), ("明白了明白了", "好的，还有问题可以接着问。"),
             ("可以，就这么办", "那就按这个来，有变化再告诉我。"), ("辛苦了", "不辛苦，应该的。")]


def maybe_followup(turn, p=0.3):
    if RNG.random() >= p or turn.msgs[-1].role != "assistant":
        return
    u, a = RNG.choice(FOLLOWUPS)
    t1 = turn.msgs[-1].obs + timedelta(seconds=RNG.randint(25, 140))
    t2 = t1 + timedelta(seconds=RNG.randint(3, 14))
    turn.msgs.append(Rec(turn.user, "chat", "user", t1, u))
    turn.msgs.append(Rec(turn.user, "chat", "assistant", t2, a))


def tool_json(spec, t):
    """Tool output is a JSON string; '$d+N' is the date N days after t, '$dt+N@HH:MM' a time then."""
    def fix(v):
        if isinstance(v, str) and v.startswith("$d+"):
            return (day0(t) + timedelta(days=int(v[3:]))).strftime("%Y-%m-%d")
        if isinstance(v, str) and v.startswith("$dt+"):
            days, hm = v[4:].split("@")
            h, m = hm.split(":")
            x = day0(t) + timedelta(days=int(days), hours=int(h), minutes=int(m))
            return iso(x)
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
CAL_DOMAIN = {MAIN_USER: "cal.tongying-studio.example", OTHER_USER: "cal.grad-school.example"}


class VEvent:
    """One VEVENT (RFC 5545). start/end are aware datetimes; all-day ones are dates at 00:00."""

    def __init__(self, user, key, summary, start, end, all_day=False, weekly_count=None, exdates=(),
                 location=None, description=None, status="CONFIRMED", sequence=0, created=None,
                 modified=None, utc=False, overrides=None):
        self.user, self.key, self.summary = user, key, summary
        self.uid = cal_uid(CAL_DOMAIN[user])
        self.start, self.end, self.all_day = start, end, all_day
        self.weekly_count = weekly_count
        self.exdates = list(exdates)
        self.location, self.description, self.status, self.sequence = location, description, status, sequence
        self.created = created
        self.modified = modified or created
        self.utc = utc
        # original start -> dict(start, end, summary, sequence, modified)
        self.overrides = overrides or {}
        VEVENTS.append(self)

    def instances(self):
        """[(recurrence_id or None, start, end)] after RRULE, EXDATE and overrides."""
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
        d = {"uid": self.uid, "summary": self.summary, "start": t(self.start), "end": t(self.end),
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
        return d


CAL = {}   # key -> VEvent (main user)


# ------------------------------------------------------------------ events
class Ev:
    """A ground-truth event of the main user.

    at:   "MM-DD HH:MM" (minute) | "MM-DD" (day: deadlines, all-day items) | None (mentions, cancelled)
    done: "MM-DD HH:MM" when a todo/commitment was done
    old:  [(time, reason)] superseded times, reason 'rescheduled' | 'cancelled'"""

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

    def _render(self, tpl, obs, which, shift=0, pick=None):
        if PH_RE.search(tpl):
            a_dt, a_g = self.anchor(which)
            assert a_dt is not None, (self.id, tpl)
        else:
            a_dt, a_g = None, None
        return render(tpl, obs, a_dt, a_g, RNG, shift, pick)

    def mi(self, obs, texts, anchor="ev", app=None, shift=0, exact=False, pick=None, fw=False, claim=None):
        """A MeInput segment. claim=(grain, anchor) for a hand-written time word the template
        does not render (e.g. 今晚12点前, 凌晨了); fw=True writes its digits full-width."""
        obs = T(obs) if exact else _jit(T(obs))
        text, grain, point = self._render(_pick(texts), obs, anchor, shift, pick)
        if fw:
            text = fullwidth(text)
        which = anchor if grain else None
        if claim is not None:
            cgrain, which = claim
            if grain is None or GRAIN_RANK[cgrain] < GRAIN_RANK[grain]:
                grain = cgrain
                point = None if cgrain != "minute" else point
        r = Rec(MAIN_USER, "mi", "user", obs, text, self.id, grain, which, point)
        r.extra["app"] = app
        self.recs.append(r)
        MI.append(r)
        return r

    def cu(self, obs, texts, reply=None, link=True, tool=None, run=None, title=None, sess=None,
           anchor="ev", shift=0, followup=0.2, pick=None, claim=None, exact=False):
        t = T(obs) if exact else _jit(T(obs))
        turn = Turn(MAIN_USER, t, title or self.title, sess)
        text, grain, point = self._render(_pick(texts), t, anchor, shift, pick)
        which = anchor if grain else None
        if claim is not None:
            cgrain, which, cpoint = claim
            grain, point = cgrain, cpoint
        u = Rec(MAIN_USER, "chat", "user", t, text, self.id, grain, which, point)
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
                rtext, rgrain, rpoint = self._render(_pick(reply), cur, anchor)
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
        """Attach the calendar instance (key, original start rid for recurring ones)."""
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
            if which == "done" and self.done is None:
                continue
            a, g = self.anchor(which)
            if a is None:
                continue
            if (v.all_day and g == "day" and a == s) or (not v.all_day and a == s):
                r.anchor = which
                break
        assert r.anchor, (self.id, key)
        r.extra["cal_ref"] = ref
        r.extra["vevent"] = v
        self.recs.append(r)
        return r


# ================================================================ calendar
def declare_calendar():
    U = MAIN_USER
    V = VEvent
    CAL["studio_weekly"] = V(U, "studio_weekly", "桐影周例会（和阿杰对排期）", T("03-15 10:00"), T("03-15 11:00"),
                             weekly_count=4, exdates=[T("03-22 10:00")], location="工作室（文三路）",
                             description="对接下来两周的拍摄排期、器材和后期进度", created=T("03-01 09:00"),
                             modified=T("03-21 18:30"))
    CAL["yoga"] = V(U, "yoga", "流瑜伽 晚课", T("03-18 19:30"), T("03-18 20:45"), weekly_count=4,
                    exdates=[T("04-01 19:30")], location="一念瑜伽馆 2号教室", created=T("02-20 12:00"),
                    modified=T("03-29 09:05"),
                    overrides={T("03-25 19:30"): {"start": T("03-24 20:00"), "end": T("03-24 21:15"),
                                                  "summary": "流瑜伽 晚课（老师请假，本周改周三）", "sequence": 1,
                                                  "modified": T("03-22 20:50")}})
    CAL["train_suzhou"] = V(U, "train_suzhou", "G7357 杭州东→苏州北", T("03-17 19:10"), T("03-17 20:42"), utc=True,
                            description="二等座 05车08D；器材箱随身", created=T("03-15 20:45"))
    CAL["suzhou_shoot"] = V(U, "suzhou_shoot", "许诺&周然 金鸡湖日出外景", T("03-18 06:30"), T("03-18 10:30"),
                            location="苏州金鸡湖 东岸步道", description="化妆师 Coco 04:30 酒店跟妆",
                            created=T("03-05 15:00"))
    CAL["chen_wedding"] = V(U, "chen_wedding", "陈默&林晓 婚礼跟拍", T("03-20 05:00"), T("03-20 22:00"),
                            location="新娘家（静安）→ 上海四季酒店", description="跟妆→接亲→仪式→晚宴；二机阿杰",
                            created=T("01-12 10:00"))
    CAL["wang_meeting"] = V(U, "wang_meeting", "喜上眉梢 王姐｜年度合作", T("03-24 15:30"), T("03-24 17:00"),
                            location="喜上眉梢婚礼策划（上海长宁）", sequence=1, created=T("03-18 12:20"),
                            modified=T("03-22 19:40"))
    CAL["xiamen_wedding"] = V(U, "xiamen_wedding", "林佩君&陳先生 鼓浪屿婚礼", T("03-27 15:30"), T("03-27 21:00"),
                              location="厦门鼓浪屿 港仔后海滩", created=T("02-10 21:00"))
    CAL["ding_consult"] = V(U, "ding_consult", "丁小姐 到店看样片", T("03-31 15:00"), T("03-31 16:00"),
                            location="工作室（文三路）", status="CANCELLED", sequence=1, created=T("03-26 10:20"),
                            modified=T("03-29 19:30"))
    CAL["chengdu_flight"] = V(U, "chengdu_flight", "3U8978 杭州萧山→成都天府", T("04-01 07:15"), T("04-01 10:05"),
                              utc=True, description="改签：原 3U8976 取消", created=T("03-31 13:15"))
    CAL["chengdu_shoot"] = V(U, "chengdu_shoot", "赵一鸣&孙悦 成都旅拍", T("04-01 15:00"), T("04-01 19:30"),
                             location="宽窄巷子 / 人民公园", created=T("03-05 16:00"))
    CAL["expo"] = V(U, "expo", "杭州春季婚博会（展位 B-112）", Dd("04-03"), Dd("04-05"), all_day=True,
                    location="杭州国际博览中心", created=T("03-22 11:10"))


# ================================================================ main user
# 郑语桐 (小桐): freelance wedding photographer, studio 桐影 in 杭州.
# Work: 阿杰 (second shooter / assistant), Coco (makeup artist), 小鹿 (remote retoucher),
#       王姐 (planner at 喜上眉梢婚礼策划, 上海), 老周 (印象相册, album printer).
# Couples: 陆先生&唐小姐 (delivery, album), 许诺&周然 (苏州 sunrise shoot), 陈默&林晓 (上海 wedding 03-20),
#          林佩君&陳先生 (厦门 wedding 03-27; the 林小姐 notes are written on the iPad, in Traditional script),
#          何先生&何太太 (南京, new client), 赵一鸣&孙悦 (成都 travel shoot 04-01), 丁小姐 (cancelled consult).
# Home: boyfriend 程野, cat 年糕, 外婆 in 绍兴.
TRAD_APP = "ipad"      # the one source that writes Traditional characters (iPad handwriting keyboard)


def declare_events():
    E = Ev
    # ------------------------------------------------------------ week 1 (03-15 .. 03-21)
    e = E("weekly_0315", "周一工作室例会（和阿杰对排期）", "event", "low", ["studio", "ajie"], at="03-15 10:00")
    e.cal("studio_weekly", "03-15 10:00")
    e.mi("03-15 11:20", ["例会跟阿杰把接下来的排期对完了：苏州、上海、厦门、成都四场，器材清单他来列",
                         "和阿杰开完例会，四场活儿的排期都对齐了，器材清单归他"])

    e = E("lu_retouch", "交付陆先生唐小姐的婚礼精修", "todo", "high", ["lu", "delivery"], at="03-17",
          done="03-17 23:40")
    e.mi("03-15 09:12", ["陆先生唐小姐那组精修{due}必须交，拖了快一个月了", "{due}要把陆先生那组精修交掉，再拖唐小姐要炸了"],
         pick="周三")
    e.cu("03-16 13:20", "精修图导出给客户用什么尺寸合适？陆先生那组{due}要交，一共180张",
         reply="给客户的精修一般导出长边 3000 像素左右的 JPG，质量 90，色彩空间选 sRGB；另外单独打包一份长边 1080 的小图，"
               "方便他们发朋友圈。", link=False, title="精修导出")
    e.mi("03-17 23:52", "{ago}把陆先生那组精修全传到网盘了，总算没食言", anchor="done")
    e.cu("03-17 23:57", "帮我写条消息给唐小姐，说精修已经全部传到网盘了",
         reply="唐小姐您好～你们的精修照片已经全部上传到网盘了，链接和提取码已发微信，有想调整的地方随时告诉我。",
         title="交付消息", followup=0)

    e = E("dec_price", "定了：新单涨价（单机8800/双机12800）", "decision", "high", ["pricing", "studio"],
          at="03-16 21:30")
    e.mi("03-16 21:46", ["跟Coco商量完定了：以后新接的婚礼跟拍单机涨到8800，双机12800",
                         "定了，涨价！新单单机8800、双机12800，老客户介绍的打九五折"])
    e.cu("03-16 22:05", "我们决定涨价了，单机8800双机12800，跟老客户怎么说才不伤感情？",
         reply="可以先感谢老客户一直以来的信任，再说明涨价是因为器材升级和后期投入增加；已经签约的价格不变，"
               "老客户转介绍的新人保留九五折，这样既讲了原因，也留了情分。", title="涨价话术")

    e = E("train_suzhou", "去苏州的高铁", "event", "low", ["travel"], at="03-17 19:10")
    e.cu("03-15 20:30", "帮我查{day}杭州东到苏州的高铁，傍晚那几班",
         tool={"fn": "rail.timetable", "args": {"from": "HGH", "to": "SZH", "travel_day": "$d+2"},
               "result": [{"train": "G7357", "dep_local": "19:10", "arr_local": "20:42", "left": {"2nd": 14}},
                          {"train": "G7503", "dep_local": "17:36", "arr_local": "19:05", "left": {"2nd": 0}}]},
         reply="{abs} 从杭州东发车的 G7357 还有二等座，一个半小时左右到苏州北；更早那班已经售罄。", title="查高铁")
    e.mi("03-15 20:41", "订了{when}的高铁去苏州，器材箱得自己扛", fw=True, app="wechat", pick=r"\d")
    e.cal("train_suzhou")

    e = E("xu_prewed", "许诺周然金鸡湖日出外景", "event", "high", ["suzhou_xu", "shoot"], at="03-18 06:30")
    e.mi("03-15 09:40", ["许诺周然的外景定在{when}，金鸡胡拍日出，天气不好就顺延",
                         "{when}给许诺周然拍日出外景，地点金鸡胡东岸"])
    e.cal("suzhou_shoot")
    e.cu("03-17 21:10", "{when}拍日出，金鸡湖那边风大吗？要不要带柔光布？",
         tool={"fn": "wx.forecast", "args": {"place": "苏州"},
               "result": [{"ymd": "$d+1", "sky": "多云", "t_min": 8, "t_max": 16, "wind": "东北风3级",
                           "sunrise": "06:03"}]},
         reply="{abs} 苏州多云、东北风三级，湖边体感偏冷，柔光布和压沙袋都带上；日出前后光线变化快，建议提前四十分钟到机位。",
         title="日出外景")
    e.mi("03-18 10:52", "外景收工，许诺全程笑场，日出没出来但阴天的光很软")

    e = E("gear_rent", "租85mm镜头和备用机身", "todo", "low", ["gear", "chen_wedding"], at="03-19",
          done="03-18 16:00")
    e.mi("03-16 10:30", "陈默林晓那场要租一支85 1.4和一台备用机身，{due}去光圈租赁取", pick="周五")
    e.mi("03-18 16:06", "85和备用机身取回来了，押金交了五千")

    e = E("chen_rehearsal", "陈默林晓婚礼彩排", "event", "low", ["chen_wedding"], at="03-19 18:30")
    e.mi("03-17 09:30", ["{when}去酒店看彩排，王姐说流程还会改", "{when}彩排，提前半小时到宴会厅"])
    e.cu("03-19 17:40", "{clock}彩排，新郎新娘第一次走位，我要重点拍什么？",
         reply="彩排时重点记录走位路线、灯光位置和仪式台的背景，顺便跟主持人确认几个关键节点的口令，正式当天就不会抢不到位置。",
         link=False, title="彩排")
    e.mi("03-19 21:30", "彩排结束，林晓说仪式上想要一张跟她奶奶的合影，记下")

    e = E("chen_wedding", "陈默林晓婚礼跟拍（上海）", "event", "high", ["chen_wedding", "shoot"], at="03-20 05:00")
    e.cu("03-16 20:10", "{when}陈默林晓的婚礼，从跟妆一路拍到晚宴，帮我列个shot list",
         reply="好的，{abs} 开始的婚礼跟拍 shot list：1）新娘家：婚纱细节、跟妆、父母互动；2）接亲与出门；"
               "3）仪式：入场、交换戒指、拥吻；4）晚宴：敬酒、亲友合影。", sess="s_chen")
    e.cal("chen_wedding")
    e.mi("03-19 22:40", "{when}到林晓家，先拍晨袍和出门，闹钟定了三个", pick="^明天凌晨")
    e.mi("03-20 00:36", "{clock}就得到新娘家，睡不着，再检查一遍电池和卡")
    e.mi("03-20 23:48", "婚礼拍完了，三千多张，腰要断了。林晓哭了三次")

    e = E("m_lens", "24-70镜头对焦发飘", "mention", "low", ["gear"])
    e.mi("03-21 11:30", "婚礼上那支24-70对焦有点飘，可能要送修")
    e.cu("03-21 11:40", "24-70 对焦老是跑焦，自己能校准吗？",
         reply="可以先用机身的 AF 微调功能，对着对焦测试卡逐档校准；如果广角端和长焦端偏差不一致，就得送售后用专业设备调了。",
         link=False, title="镜头跑焦")

    e = E("dec_drone", "定了：无人机不买，用时再租", "decision", "low", ["gear"], at="03-21 15:00")
    e.mi("03-21 15:10", "想了想定了：无人机不买了，要用就租，一年用不了几次")

    e = E("ajie_pay", "给阿杰转两场的劳务费", "todo", "low", ["ajie", "money"], at="03-22", done="03-21 10:15")
    e.mi("03-21 09:30", "阿杰这两场的劳务费{due}转给他，一共2400", pick="周一")
    e.mi("03-21 10:20", "{ago}给阿杰转了2400，他回了个抱拳", anchor="done")

    e = E("chen_preview", "答应林晓先发30张精选", "commitment", "high", ["chen_wedding", "delivery"], at="03-24",
          done="03-25 00:50")
    e.cu("03-21 12:30", "答应林晓{due}先给她30张精选，选片标准帮我捋一捋",
         reply="{due}交 30 张精选的话，建议按时间线挑：晨袍细节、出门、仪式、晚宴各挑几张，优先选情绪饱满、表情自然的，"
               "废片和重复的先剔掉。", sess="s_chen", pick="^周三之?前$")
    e.mi("03-21 12:41", ["答应林晓{due}给她30张精选，她说要发朋友圈", "{due}给林晓30张精选，说好的"])
    # 今晚12点 = the midnight that ends 03-24 (conventions); 「今晚12点前」 = due by the end of 03-24
    e.mi("03-24 18:35", "今晚12点前得把林晓的精选发出去，还差十张没调色", claim=("minute", "ev"))
    e.mi("03-25 00:58", "{ago}把30张精选发给林晓了，凌晨了眼睛要瞎", anchor="done", claim=("part", "done"))
    e.cu("03-25 01:04", "精选总算发给新娘了，凌晨一点还在弄，帮我写两句话请她挑要精修的",
         claim=("minute", "done", T("03-25 01:00")),
         reply="林晓～30 张精选已经发你啦，先挑一挑最喜欢的，标个星发我，我按你的选择安排精修。",
         link=False, title="发精选", followup=0)

    e = E("xiaolu_raw", "把陈默婚礼原片发给修图师小鹿", "todo", "low", ["chen_wedding", "retouch"], at="03-23",
          done="03-22 15:20")
    e.mi("03-21 20:10", "陈默林晓的原片{due}发给修图师小鹿，她排期紧")
    e.cu("03-22 15:30", "原片传给小鹿了，三千张，帮我算下按每张8块要付多少",
         run=("生成修图费对账单", "已生成：3000 张 × 8 元 = 24000 元", "succeeded", 1),
         reply="3000 × 8 = 24000 元，可以和她商量分两次付。", link=False, title="修图费")

    # ------------------------------------------------------------ week 2 (03-22 .. 03-28)
    e = E("weekly_0322", "周一工作室例会（取消）", "event", "low", ["studio", "ajie"],
          old=[("03-22 10:00", "cancelled")])
    e.mi("03-21 18:20", "{day}的例会不开了，阿杰回老家喝喜酒", anchor="old0")

    e = E("wang_meeting", "和喜上眉梢王姐谈年度合作（改期）", "event", "high", ["wang", "cooperation"],
          at="03-24 15:30", old=[("03-23 14:00", "rescheduled")])
    e.mi("03-18 12:10", ["王姐约{when}聊年度合作，喜上眉梢想签我做长期摄影",
                         "{when}跟喜上眉梢的王姐谈长期合作"], anchor="old0")
    e.cu("03-21 21:00", "{when}跟婚庆公司谈长期合作，分成一般怎么谈？", anchor="old0",
         reply="常见做法是婚庆按单给摄影师固定价，或者按套餐价抽成一到两成；建议先明确淡旺季的单量保底，再谈价格和结算周期。",
         link=False, sess="s_wang")
    e.mi("03-22 19:30", ["王姐临时要去看场地，见面改到{when}", "跟王姐的见面往后挪到{when}了"])
    e.cal("wang_meeting")
    e.cu("03-24 14:20", "{clock}去喜上眉梢见王姐，她要谈分成，我的底线定多少合理？", shift=-10,
         reply="{abs} 谈的话，建议底线守在套餐价的八五折：低于这个数，旺季宁可接散客；同时争取一个保底单量，写进合作协议。",
         sess="s_wang")
    e.mi("03-24 17:50", "跟汪姐谈完了，下午聊了两个多小时，她们家的单子按八五折给我，保底一年二十场",
         claim=("part", "ev"))

    e = E("he_consult", "和南京何先生何太太视频咨询", "event", "low", ["he_client"], at="03-23 20:00")
    e.cu("03-22 10:40", "南京的何先生约{when}视频咨询，新客户第一次聊该问什么？",
         reply="可以先问婚期、城市和场地，再问他们喜欢的照片风格、预算区间、要不要双机和婚前拍摄；"
               "最后留点时间介绍你的交付周期和样片。", link=False, title="客户咨询")
    e.mi("03-23 21:25", "跟何先生何太太视频聊完，他们秋天在南京办，预算两万出头，想要双机")

    e = E("he_contract", "答应何先生发合同和报价", "commitment", "high", ["he_client", "money"], at="03-26",
          done="03-25 14:10")
    e.mi("03-23 21:31", "答应何先生{due}把合同和报价发过去，定金收30%", pick="周五")
    e.cu("03-24 10:05", "婚礼跟拍合同里一般要写哪些免责条款？何先生那份{due}要发",
         reply="常见的免责条款有：因天气、场地限制导致的拍摄调整；新人迟到造成的时间压缩；不可抗力导致的改期规则。"
               "合同{due}发出前，记得把定金比例和交付周期写清楚。", title="合同条款")
    e.mi("03-25 14:16", "何先生的合同和报价发了，他说尽快付定金")

    e = E("yoga_0324", "瑜伽课（本周改到周三）", "event", "low", ["yoga"], at="03-24 20:00",
          old=[("03-25 19:30", "rescheduled")])
    e.cal("yoga", "03-25 19:30")
    e.mi("03-22 21:10", "瑜伽馆通知这周的课挪到{when}了，老师请假")
    e.mi("03-24 21:40", "{part}瑜伽练了髋部，腿筋拉得好酸", app="voice")

    e = E("flight_xiamen", "飞厦门的航班", "event", "low", ["xiamen_wedding", "travel"], at="03-26 07:50")
    e.cu("03-22 16:00", "查一下{day}杭州飞厦门最早的航班",
         tool={"fn": "air.lookup", "args": {"dep_airport": "HGH", "arr_airport": "XMN", "on": "$d+4"},
               "result": [{"fno": "MF8512", "std": "$dt+4@07:50", "cny": 540},
                          {"fno": "3U3325", "std": "$dt+4@09:35", "cny": 610}]},
         reply="最早一班是厦航 MF8512，{abs} 从萧山起飞，经济舱 540 元起，要帮你留意值机吗？", sess="s_xiamen")
    e.mi("03-22 16:12", "订了{when}飞厦门的机票，鼓浪屿那场婚礼的器材得提前一晚装箱")

    e = E("xiamen_wedding", "林佩君陳先生鼓浪屿婚礼跟拍", "event", "high", ["xiamen_wedding", "shoot"],
          at="03-27 15:30")
    e.mi("03-16 22:30", "厦门那场{when}，林小姐他们从台北飞过来，我得提前一天到")
    e.cal("xiamen_wedding")
    # Traditional script (iPad): 這週六 = 这周六 (03-27); check_data's parser does not read 週, so no time is claimed
    e.mi("03-22 09:20", "林小姐來訊：廈門那場就是這週六，她們想要海邊的儀式照多一些", app=TRAD_APP)
    e.cu("03-24 22:00", "{when}在鼓浪屿拍婚礼，海边逆光的仪式怎么补光？",
         reply="{abs} 的海边仪式正好是侧逆光，建议用一块大反光板给新人脸部补光，闪灯只做轻微补光；"
               "风大的话反光板要有人扶，机位尽量放在下风处。", sess="s_xiamen")
    e.mi("03-25 22:30", "{when}鼓浪嶼儀式開始，新娘說海邊風大，要備夾子和反光板", app=TRAD_APP,
         pick=r"^\d+月\d+日下午3:30$")
    e.mi("03-26 12:30", "到厦门了，{day}的婚礼场地去踩了点，礁石那块机位最好", pick="^明天$")
    e.mi("03-27 21:10", "廈門這場收工，陳先生的爸爸致詞講到哭，全場安靜了好久", app=TRAD_APP)

    e = E("flight_back_xm", "厦门回杭州的红眼航班", "event", "low", ["xiamen_wedding", "travel"], at="03-28 01:50")
    e.mi("03-27 19:50", "{when}的航班回杭州，婚宴一结束就往机场冲", pick="^明天凌晨")
    e.mi("03-28 03:45", "落地杭州了，打车回家，年糕居然还醒着", app="voice")

    e = E("invoice_chen", "给陈默开尾款发票", "todo", "low", ["chen_wedding", "money"], at="03-26",
          done="03-24 11:05")
    e.mi("03-22 09:50", "陈默那边要尾款发票，{due}开好寄过去")
    e.mi("03-24 11:10", "{ago}在电子税务局把陈默的发票开了，快递也叫了", anchor="done")

    e = E("m_balance", "陈默结清尾款", "mention", "low", ["chen_wedding", "money"])
    e.mi("03-23 13:00", "陈默把尾款结清了，还多转了666说是辛苦费")

    e = E("dec_ajie", "定了：阿杰转全职助理", "decision", "high", ["ajie", "ajie_fulltime", "studio"],
          at="03-25 16:00")
    e.mi("03-25 16:20", "想了一路，定了：阿杰转全职助理，底薪6500加提成，社保我来交")
    e.cu("03-25 16:40", "我决定让助理转全职了，底薪6500加提成，签劳动合同要注意什么？",
         reply="要写清岗位职责、工作地点、试用期（不超过六个月）、薪资构成和提成的计算方式；社保从用工之日起缴，"
               "外地出差的补贴标准也最好写进去。", link=False, title="招全职助理")

    e = E("m_coco", "Coco怀孕，跟妆要减量", "mention", "low", ["coco"])
    e.mi("03-25 09:10", "Coco说她怀孕了，以后的跟妆要减量，让我找个备选化妆师")

    e = E("album_lu", "陆先生相册设计稿交印象相册", "todo", "high", ["lu", "album"], at="03-31",
          done="03-30 16:30")
    e.mi("03-23 10:20", "陆先生的相册设计稿{due}要给印象相册老周，不然排不上印刷", pick="^月底")
    e.cu("03-29 14:00", "相册排版，跨页放几张照片合适？陆先生那本{due}要交厂",
         reply="跨页一般放一张主图加两三张小图，留白多一点更显高级；主图尽量别让人物的脸落在中缝上。",
         link=False, title="相册排版")
    e.mi("03-30 16:36", "相册设计稿发给老周了，他说出样了会拍照给我")

    e = E("niangao_vet", "带年糕打疫苗（改期）", "event", "low", ["cat"], at="03-29 10:30",
          old=[("03-22 10:30", "rescheduled")])
    e.mi("03-16 19:00", "年糕的疫苗约了{when}，宠物医院提醒前一晚别喂太饱", anchor="old0")
    e.mi("03-21 17:30", "年糕的疫苗往后挪到{when}，医生说不碍事")
    e.cu("03-29 09:40", "{clock}带猫去打疫苗，打完能洗澡吗？",
         reply="打完疫苗先别急着洗澡，也别剧烈运动，观察有没有精神差、发烧或注射部位肿胀；有异常及时回医院。",
         link=False, title="猫咪疫苗")
    e.mi("03-29 11:50", "年糕打完疫苗蔫了一上午，缩在猫窝里不出来", claim=("part", "ev"), app="voice")

    e = E("cy_bday", "程野生日晚餐", "event", "high", ["chengye"], at="03-30 19:00")
    e.mi("03-23 22:40", "{when}程野生日，订了西湖边那家私房菜，这次绝对不接活")
    e.cu("03-28 21:00", "男朋友{day}生日，送什么礼物好？他喜欢露营",
         reply="喜欢露营的话可以送一盏好用的营地灯、一把轻量折叠椅，或者一次周边营地的两人露营体验；附一张手写卡片会更有心意。",
         link=False, title="生日礼物")
    e.mi("03-30 22:50", "{part}陪程野过生日，他拆礼物的时候笑得像个小孩")

    e = E("ding_consult", "丁小姐到店看样片（取消）", "event", "low", ["ding_client"],
          old=[("03-31 15:00", "cancelled")])
    e.mi("03-26 10:10", "杭州的丁小姐约了{when}来工作室看样片", anchor="old0")
    e.cal("ding_consult")
    e.mi("03-29 19:20", "丁小姐说{day}不来了，已经订了别家，可惜", anchor="old0")

    e = E("m_cy_job", "程野想跳槽去深圳", "mention", "low", ["chengye"])
    e.cu("03-26 23:10", "男朋友想跳槽去深圳，我做自由职业的跟着过去合适吗？",
         reply="自由摄影师换城市，最大的成本是重新积累客源。可以先看看深圳的婚礼市场和你现有客户的分布，"
               "必要时两地跑一段再决定。", link=False, title="要不要去深圳")
    e.mi("03-26 23:30", "程野说深圳那边给他开的价挺高，他有点心动")

    e = E("xu_date", "定了：许诺周然婚礼办在苏州园林", "decision", "low", ["suzhou_xu"], at="03-28 20:30")
    e.mi("03-28 20:40", "许诺说他们定了，婚礼放在苏州的园林里办，还是找我跟拍")

    e = E("promise_lin", "答应林小姐交厦门婚礼精修", "commitment", "high", ["xiamen_wedding", "delivery"],
          at="04-10")
    e.mi("03-28 10:00", "答應林小姐{due}交精修，她們要趕在回台北前印相冊", app=TRAD_APP, pick=r"^\d+月\d+日前$")
    e.cu("03-28 10:20", "答应台湾那对新人{due}交精修，手上还有陈默和许诺的片子，排得过来吗？",
         reply="可以倒排一下：交付日最早的排在前面，每天固定修图时段，修图师小鹿那边也提前沟通好产能；实在紧的话，就先交一部分精选。",
         link=False, title="修图排期")

    e = E("grandma", "回绍兴看外婆", "event", "low", ["grandma", "chengye"], at="04-04 10:00")
    e.mi("03-28 20:00", "回趟绍兴看外婆，{when}出发，程野开车")
    e.mi("04-04 21:00", "外婆精神挺好，非要塞给我一袋笋干和两罐霉干菜")

    e = E("m_grandma", "外婆想去给外公扫墓", "mention", "low", ["grandma"])
    e.mi("03-17 20:00", "外婆电话里说想外公了，想去给他扫扫墓", app="voice")

    # ------------------------------------------------------------ week 3 (03-29 .. 04-04)
    e = E("weekly_0329", "周一工作室例会", "event", "low", ["studio", "ajie", "ajie_fulltime"], at="03-29 10:00")
    e.cal("studio_weekly", "03-29 10:00")
    e.mi("03-29 11:10", "例会上跟阿杰说了转全职的事，他愣了几秒然后说好")

    e = E("flight_chengdu", "飞成都的航班（取消后改签）", "event", "low", ["chengdu_zhao", "travel"],
          at="04-01 07:15", old=[("03-31 18:40", "rescheduled")])
    e.cu("03-24 15:10", "帮我订{when}杭州飞成都的航班，傍晚那班", anchor="old0",
         tool={"fn": "air.book", "args": {"dep_airport": "HGH", "arr_airport": "TFU", "on": "$d+7"},
               "result": {"fno": "3U8976", "std": "$dt+7@18:40", "status": "HELD", "cny": 880}},
         reply="已帮你锁定 {abs} 从萧山起飞的川航 3U8976，经济舱 880 元，请尽快完成支付。", sess="s_chengdu")
    e.mi("03-31 13:10", "航班取消了！改签到{when}，落地直接去拍摄点")
    e.cu("03-31 13:20", "航班被取消，改到{when}了，落地后到宽窄巷子要多久？",
         run=("监控成都航班的延误和余票", "进行中：已检查 5 次，航班状态正常", "running", 0),
         reply="{abs} 落地天府机场的话，打车到宽窄巷子大约一小时，地铁换乘也差不多；拍摄时间是够的。", sess="s_chengdu")
    e.cal("chengdu_flight")

    e = E("zhao_shoot", "赵一鸣孙悦成都旅拍", "event", "high", ["chengdu_zhao", "shoot"], at="04-01 15:00")
    e.mi("03-19 08:30", "赵一鸣孙悦的旅拍定在{when}，宽窄巷子加人民公园")
    e.cal("chengdu_shoot")
    e.cu("03-30 20:30", "{when}在成都拍旅拍，宽窄巷子人多，怎么避开路人？",
         reply="可以用长焦压缩背景、找巷子里的侧门和转角，或者让新人站高一点仰拍避开人群；实在人多就多拍特写和半身。",
         link=False, sess="s_chengdu")
    e.mi("04-01 20:40", "成都旅拍收工，孙悦换了三套衣服，下午的光太好了", claim=("part", "ev"))

    e = E("yoga_0401", "瑜伽课（请假）", "event", "low", ["yoga"], old=[("04-01 19:30", "cancelled")])
    e.mi("03-29 09:00", "{day}的瑜伽课请假了，人在成都", anchor="old0")

    e = E("expo", "杭州春季婚博会（两天）", "event", "high", ["expo", "studio"], at="04-03")
    e.mi("03-22 11:00", "婚博会的展位定了，{day}起连守两天，样册得重新做", fw=True, pick=r"\d")
    e.cal("expo")
    e.cu("04-01 21:30", "{day}婚博会，展位上放什么样片最吸引新人？",
         reply="展位上建议放三类样片：一组完整的婚礼故事、一组旅拍大片、一组有趣的花絮；再准备一台平板循环播放视频，"
               "比静态照片更能留住人。", link=False, title="婚博会样片")
    e.mi("04-03 19:30", "婚博会第一天，收了四个意向，两个当场交了定金")
    e.mi("04-04 18:00", "婚博会收摊，两天一共签了六单，嗓子哑了", app="voice")

    e = E("expo_print", "婚博会易拉宝和样册印好", "todo", "high", ["expo", "ajie"], at="04-02", done="04-02 11:30")
    e.mi("03-29 10:40", "婚博会的易拉宝和样册{due}必须印好")
    e.cu("03-30 09:50", "易拉宝80x200的尺寸，标题字放多大合适？{due}就要印出来",
         reply="80×200 的易拉宝，主标题字高建议十二到十五厘米，三米外也能看清；正文别超过五行，二维码放在齐腰的位置。",
         link=False, title="易拉宝")
    e.mi("04-02 11:35", "阿杰{ago}把易拉宝和样册从打印店取回来了，颜色没偏", anchor="done")

    e = E("dec_expo_price", "定了：婚博会现场签单立减1000送小相册", "decision", "high",
          ["expo", "pricing", "ajie", "album"], at="04-01 22:00")
    e.mi("04-01 22:10", "跟阿杰定了：婚博会现场签单立减1000，再送一本10寸小相册")
    e.cu("04-01 22:25", "婚博会现场签单立减1000，再送一本小相册，这个力度够吗？",
         reply="这个力度在婚博会上算中上了。可以再加一个限定条件，比如只限展会当天签约，并准备好现场收定金的二维码和简易合同。",
         title="展会优惠")

    e = E("gear_insurance", "续器材保险", "todo", "low", ["gear"], at="04-06")
    e.mi("03-30 18:20", "器材保险{day}到期，得赶紧续上")

    e = E("lens_repair", "24-70送佳能维修站", "event", "low", ["gear"], at="04-05 10:00")
    e.mi("04-02 12:40", "约了{when}把24-70送去佳能维修站")
    e.cu("04-04 20:00", "{when}送修镜头，保修卡找不到了还能走保修吗？",
         reply="一般凭购买发票或电商订单记录就能保修，机身和镜头的序列号对得上就行；去之前把订单截图存好。",
         link=False, title="镜头保修")

    # calendar-only instances (no MeInput / chat record): tolerated, never required
    for eid, key, rid, title, topics in [
            ("yoga_0318", "yoga", "03-18 19:30", "瑜伽课", ["yoga"]),
            ("yoga_0408", "yoga", "04-08 19:30", "瑜伽课", ["yoga"]),
            ("weekly_0405", "studio_weekly", "04-05 10:00", "周一工作室例会", ["studio"])]:
        e = E(eid, title, "event", "low", topics, at=rid)
        e.cal(key, rid)


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
    """A multi-turn noise conversation; exchanges: (user_text, reply[, tool])."""
    t = T(start)
    for ex in exchanges:
        tool = ex[2] if len(ex) > 2 else None
        noise_turn(user, t.strftime("%m-%d %H:%M"), ex[0], ex[1], tool=tool, title=title,
                   sess=sess or f"dlg:{user}:{start}")
        t = t + timedelta(minutes=RNG.randint(*gap))


# Notes without an event. Several carry time words or numbers that look like times on purpose
# (晚上12点, 凌晨两点, 3点几, 一点点, 两点建议, 下午茶, 每周三次, 十年前的今天, 《今天你要嫁给我》, 清明 ...).
NOISE_MI_MAIN = [
    ("03-15 07:50", "降温了，出门只有九度，手指冻得按不动快门", "voice"),
    ("03-15 13:10", "同行报价3点几万一场，这价格怎么活", "wechat"),
    ("03-15 22:00", "構圖筆記：逆光時讓新娘的頭紗透光，輪廓會很漂亮", TRAD_APP),
    ("03-15 23:20", "十年前的今天第一次拿相机，是一台二手卡片机", "notes"),
    ("03-16 00:05", "都晚上12点了还在导片，硬盘又快满了", "notes"),
    ("03-16 15:20", "下午茶点了一点点，四季春少冰三分糖", "wechat"),
    ("03-16 12:30", "午饭随便对付了一碗拌川", "notes"),
    ("03-17 07:30", "年糕把镜头盖当玩具踢到床底下了", "voice"),
    ("03-17 15:40", "两点建议给自己：少修图，多睡觉", "notes"),
    ("03-18 05:10", "凌晨五点的苏州街上只有环卫车，空气冷得发甜", "voice"),
    ("03-18 22:30", "今天走了２３０００步，腿废了", "notes"),
    ("03-19 10:20", "學到一招：陰天用白色反光板墊一下，膚色會乾淨很多", TRAD_APP),
    ("03-19 16:00", "构图笔记：前景虚化留三分之一，画面就有呼吸感", "notes"),
    ("03-20 03:50", "闹钟还没响就醒了，心跳好快", "voice"),
    ("03-21 08:50", "睡到自然醒，全身像被拆过一样", "voice"),
    ("03-21 22:10", "三天打鱼两天晒网的健身卡，又快过期了", "notes"),
    ("03-22 13:20", "每周三次力量训练的计划，又泡汤了", "notes"),
    ("03-22 23:40", "周杰伦的《简单爱》已经被三对新人点过做开场曲了", "notes"),
    ("03-23 09:10", "昨晚修图修到凌晨两点，黑眼圈挂到下巴", "notes"),
    ("03-23 16:30", "时间复杂度这种词，程野一说我就犯困", "notes"),
    ("03-24 08:20", "地铁1号线人挤人，器材包差点被挤掉", "voice"),
    ("03-24 13:00", "中午只啃了个饭团，胃在抗议", "notes"),
    ("03-25 07:40", "年糕今天早上把水杯打翻了，键盘幸免于难", "voice"),
    ("03-25 20:10", "一年有多少个周末能休息？掰着手指数不到十个", "notes"),
    ("03-26 08:30", "萧山机场的咖啡贵得离谱，一杯四十八", "notes"),
    ("03-26 18:40", "鼓浪屿的晚霞紫得不像话，随手拍了几张", "voice"),
    ("03-26 21:30", "今日的光線很柔，適合拍人像", TRAD_APP),
    ("03-27 08:10", "沙茶面加了大肠和豆干，厦门的早餐太顶了", "notes"),
    ("03-28 14:20", "补觉补到下午，起来头昏脑涨", "voice"),
    ("03-28 23:10", "明天又是周一，闹钟定好", "notes"),
    ("03-29 16:40", "想法：样片集按城市分册，每册二十页", "notes"),
    ("03-30 03:05", "凌晨三点还在调色，年糕趴在键盘上睡着了", "notes"),
    ("03-30 12:50", "楼下新开了家面馆，片儿川味道还行", "notes"),
    ("03-31 08:00", "今天杭州有雾，能见度不到两百米", "voice"),
    ("03-31 21:50", "清明快到了，记得给外婆买青团", "notes"),
    ("04-01 06:30", "天府机场的早餐居然有担担面", "voice"),
    ("04-01 23:30", "成都的夜宵太危险了，兔头加冰粉", "voice"),
    ("04-02 09:10", "回杭州的航班晚点了四十分钟", "notes"),
    ("04-02 20:40", "整理器材，发现少了一块CF卡，翻了半天在外套口袋里", "notes"),
    ("04-02 22:10", "備忘：下次出差多帶兩塊電池和一個讀卡器", TRAD_APP),
    ("04-03 07:20", "展馆的空调开得像冰窖，幸好带了件外套", "voice"),
    ("04-03 22:40", "站了一天，脚底板着火", "voice"),
    ("04-04 08:10", "隔壁展位循环放《今天你要嫁给我》，洗脑了", "voice"),
]

LIFE_LOG = ["拉伸了{m}分钟，肩颈松快多了", "年糕今天吃了{g}克猫粮，胃口不错", "体脂秤说我{kg}公斤，奶茶该戒了",
            "又喝了{n}杯咖啡，手有点抖", "练了{m}分钟平板支撑，核心在燃烧", "硬盘还剩{tb}T，得买新的了"]


def declare_noise_main():
    for obs, text, app in NOISE_MI_MAIN:
        noise_mi(MAIN_USER, obs, text, app)
    rng = random.Random(SEED + 11)
    days = sorted(rng.sample(range(N_DAYS), 5))
    for d in days:
        dt = PERIOD_START + timedelta(days=d, hours=rng.choice([7, 12, 19, 21]), minutes=rng.randint(0, 58))
        text = rng.choice(LIFE_LOG).format(m=rng.choice([10, 15, 20]), g=rng.choice([45, 50, 60]),
                                           kg=rng.choice(["49.2", "48.8", "49.6"]), n=rng.choice(["三", "四"]),
                                           tb=rng.choice(["0.3", "0.5", "1.2"]))
        noise_mi(MAIN_USER, dt.strftime("%m-%d %H:%M"), text, rng.choice(["notes", "voice"]))

    W = lambda loc, days: {"fn": "wx.forecast", "args": {"place": loc},
                           "result": [{"ymd": f"$d+{k}", "sky": c, "t_min": lo, "t_max": hi}
                                      for k, (c, lo, hi) in enumerate(days)]}
    turns = [
        ("03-15 12:40", "光圈f1.4和f2.8拍人像差别大吗？",
         "f1.4 虚化更强、进光量更大，适合暗光和突出主体；f2.8 景深更深，拍合影时不容易有人虚掉。", None),
        ("03-17 12:20", "“高光溢出”是什么意思？",
         "高光溢出是指画面最亮的部分超出了传感器的记录范围，变成一片死白、没有细节，拍白色婚纱时要特别注意。", None),
        ("03-18 13:30", "帮我算下：一场8800，十五场一年多少？", "8800 × 15 = 132000 元。", None),
        ("03-21 16:20", "猫咪能吃酸奶吗？", "少量无糖原味酸奶一般可以，但不少成年猫乳糖不耐受，第一次给要观察有没有拉肚子。", None),
        ("03-22 12:10", "你能帮我直接给客户打电话吗？",
         "抱歉，我没办法拨打电话。不过我可以帮你准备通话提纲，或者起草一条消息发给对方。", None),
        ("03-23 14:30", "100港币换人民币多少？", "按当前中间价，100 港币约合 92 元人民币。",
         {"fn": "currency.convert", "args": {"pair": "HKDCNY", "amount": 100},
          "result": {"mid": 0.9213, "value": 92.13, "quoted": "$dt+0@14:00"}}),
        ("03-26 13:30", "厦门有什么适合带给朋友的特产？", "馅饼、土笋冻的真空装、鼓浪屿的手工牛轧糖和老字号的茶叶都不错。", None),
        ("03-27 11:00", "“黄金时刻”具体指的是什么？", "一般指日出后和日落前的那段时间，太阳角度低、光线柔和偏暖，拍人像特别出片。", None),
        ("03-28 15:40", "你是真人还是机器人？", "我是 AI 助手，不是真人。想聊什么、要办什么，直接说就行。", None),
        ("03-31 16:30", "成都明天会下雨吗？", "明天成都多云转阴，气温 12 到 21 度，有短时阵雨的可能，器材记得带防雨罩。",
         W("成都", [("多云", 11, 20), ("多云转阴", 12, 21)])),
        ("04-01 12:10", "今天几号来着？", "今天是 4 月 1 日，星期四。", None),
    ]
    for obs, u, a, tool in turns:
        noise_turn(MAIN_USER, obs, u, a, tool=tool)

    dialog(MAIN_USER, "03-18 20:30", [
        ("新娘肤色偏黄，调色怎么处理比较自然？", "可以在 HSL 里把橙色的饱和度降一点、明亮度提一点，再用曲线把中间调稍微提亮，别一味加白。"),
        ("婚纱会不会跟着发灰？", "会有一点，可以用蒙版单独把婚纱的白色拉回来，或者降低整体去雾的力度。"),
        ("那背景的绿植呢？", "绿色往青色偏一点、饱和度降一点，画面会更干净，人也更突出。"),
    ], "修图调色")
    for start, ex in [("03-16 22:40", ("Let's practice: how do I greet a couple before the ceremony?",
                                       "Try: “Congratulations! I'm Yutong, your photographer today—just be yourselves, I'll take care of the rest.”")),
                      ("03-23 22:20", ("How do I say “请往左边转一点” in English?", "“Could you turn a little to your left?”")),
                      ("03-30 22:30", ("Correct me: “The golden hour is the most beautiful light in the day.”",
                                       "“Golden hour has the most beautiful light of the day.”")),
                      ("04-02 21:50", ("Give me a polite way to remind a client about the final payment.",
                                       "“Just a friendly reminder about the final payment—let me know if you need the invoice again.”"))]:
        noise_turn(MAIN_USER, start, ex[0], ex[1], title="英语口语陪练", sess="s_english")
    noise_turn(MAIN_USER, "03-19 14:20", "给作品集的照片批量加一下水印", "好的，已经给 48 张作品集照片加上了右下角水印。",
               run=("给作品集照片批量加水印", "已处理 48 张", "succeeded", 2), title="加水印")
    noise_turn(MAIN_USER, "03-26 15:10", "帮我生成作品集网页的首页轮播图", "抱歉，素材文件夹是空的，没能生成轮播图。",
               run=("生成作品集网页首页轮播图", "失败：素材文件夹为空", "failed", 1), title="作品集网页")
    t = noise_turn(MAIN_USER, "03-31 20:10", "帮我把收入流水整理成表格", None,
                   run=("整理收入流水表", "用户已取消", "cancelled", 1), title="收入流水")
    t.msgs.append(Rec(MAIN_USER, "chat", "user", t.t + timedelta(seconds=70), "先不用了，回头再弄"))
    t.msgs.append(Rec(MAIN_USER, "chat", "assistant", t.t + timedelta(seconds=78), "好的，已经帮你取消了。"))


# ================================================================ second user
# 周可: 环境科学硕士生 (thesis, 组会, 采样). Different vocabulary; several times collide with u_dev6 on purpose.
OTHER_MI = [
    ("03-15 09:30", "导师让我周三之前交开题修改稿，文献综述还差两节"),
    ("03-16 22:10", "跑了一晚上的水质数据，总磷的曲线还是不对劲"),
    ("03-17 18:40", "明天早上6点半去钱塘江边采水样，师兄开车接我"),
    ("03-18 12:30", "食堂的番茄炒蛋又咸了，研究生的快乐只剩加鸡腿"),
    ("03-19 22:30", "明天凌晨5点起来赶论文初稿，周末实验室没人正好清净"),
    ("03-21 14:00", "组会PPT做了一半，第三章的模型结果讲不清楚"),
    ("03-22 19:40", "课题组组会改到后天下午3点半，老板要听进度"),
    ("03-23 08:50", "图书馆抢座失败，只好去咖啡馆写论文"),
    ("03-24 21:10", "今晚12点前把审稿意见的回复信发给通讯作者"),
    ("03-25 10:30", "光谱仪又坏了，预约的机时白白浪费"),
    ("03-26 20:15", "明天下午3点半去学院交中期考核表，别忘了导师签字"),
    ("03-27 23:40", "投稿系统显示 with editor，心里七上八下"),
    ("03-28 16:20", "室友在准备考公，宿舍里全是申论书"),
    ("03-29 09:15", "导师说要去太湖做野外调查，得提前申请经费"),
    ("03-30 14:40", "R 语言画的箱线图被导师嫌丑，改成小提琴图"),
    ("03-30 22:00", "后天下午3点预答辩演练，紧张到胃疼"),
    ("04-01 18:30", "预答辩演练结束，评委老师让我把结论再收一收"),
    ("04-02 11:10", "实验室开放日要带本科生参观，准备了三个小实验"),
    ("04-03 13:20", "开放日来了好多中学生，提的问题比我想象的尖锐"),
    ("04-04 20:30", "下周一之前把实验记录本补齐，老板要抽查"),
]
OTHER_DIALOGS = [
    ("文献管理", "03-16 21:00", [
        ("Zotero 怎么批量导出 BibTeX？", "在文库里选中条目，右键“导出条目”，格式选 BibTeX；勾选“导出笔记”可以把批注一起带上。"),
        ("引用格式要 GB/T 7714 怎么办？", "可以在 Zotero 的样式库里搜索安装 GB/T 7714 样式，再在 Word 插件里切换。"),
    ]),
    ("统计方法", "03-23 20:30", [
        ("做单因素方差分析之前要先检验正态性吗？", "一般要先做正态性和方差齐性检验；样本量大时方差分析对轻微偏离正态比较稳健。"),
    ]),
    ("论文写作", "03-27 22:50", [
        ("帮我把摘要改得更学术一点：本研究发现钱塘江下游总磷浓度在汛期明显升高",
         "可改为：“研究结果表明，钱塘江下游总磷浓度在汛期呈显著上升趋势。”"),
    ]),
    ("焦虑", "04-02 23:10", [
        ("论文写不下去的时候怎么办？", "可以先把任务拆小，比如只写一段方法或只画一张图；换个环境、定一个二十五分钟的番茄钟也会有帮助。"),
        ("导师总说我拖延", "试着每周主动发一次进度小结给导师，哪怕进展不多，也能让沟通更顺。"),
    ]),
]
OTHER_RUNS = [
    ("03-24 21:20", "把审稿意见逐条整理成回复信模板", "已生成回复信模板，共 14 条意见，已按审稿人分组。",
     ("整理审稿意见回复信模板", "已生成 14 条回复框架", "succeeded", 3)),
    ("03-31 10:00", "下载近五年太湖水质相关的文献", "下载失败：数据库访问受限。",
     ("批量下载太湖水质文献", "数据库访问受限", "failed", 2)),
]


def declare_other():
    for obs, text in OTHER_MI:
        noise_mi(OTHER_USER, obs, text, RNG.choice(["notes", "voice"]))
    for title, start, exchanges in OTHER_DIALOGS:
        dialog(OTHER_USER, start, exchanges, title)
    for obs, u, a, run in OTHER_RUNS:
        noise_turn(OTHER_USER, obs, u, a, title="请助手办事", run=run)
    VEvent(OTHER_USER, "o_group", "课题组组会（汇报进度）", T("03-24 15:30"), T("03-24 17:30"), location="环境学院 305",
           created=T("03-22 19:45"))
    VEvent(OTHER_USER, "o_defense", "预答辩演练", T("04-01 15:00"), T("04-01 17:00"), location="环境学院报告厅",
           created=T("03-25 09:00"))
    VEvent(OTHER_USER, "o_openday", "实验室开放日", Dd("04-03"), Dd("04-04"), all_day=True, created=T("03-20 10:00"))
    VEvent(OTHER_USER, "o_sampling", "钱塘江采样", T("03-18 06:30"), T("03-18 11:00"), utc=True,
           location="钱塘江 闸口断面", created=T("03-14 20:00"))


# ================================================================ assembly
NAMED_SESSIONS = {"s_chen": "陈默林晓婚礼", "s_wang": "喜上眉梢合作", "s_xiamen": "厦门婚礼",
                  "s_chengdu": "成都旅拍", "s_english": "英语口语陪练"}
PERSONS = ["阿杰", "Coco", "小鹿", "王姐", "汪姐", "老周", "陆先生", "唐小姐", "许诺", "周然", "陈默", "林晓",
           "林小姐", "陳先生", "何先生", "何太太", "赵一鸣", "孙悦", "丁小姐", "程野", "外婆", "导师", "师兄"]
ORGS = ["喜上眉梢", "印象相册", "光圈租赁", "佳能", "桐影", "电子税务局", "瑜伽馆", "宠物医院", "课题组", "环境学院"]


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


WIRE_RNG = random.Random(SEED + 99)   # wire-level choices (Z times, optional fields) on their own stream


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
    if app == TRAD_APP:
        rec["lang"] = "zh-TW" if roll > 0.3 else None
    elif roll > 0.15:
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
    # 5% of the messages carry their time in UTC (Z)
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
        p = [r for r in rs if g == "minute" and r.grain in ("minute", "ago") and r.point is not None
             and abs(r.point - a) <= timedelta(minutes=15)]
        if len(p) >= 2:
            pts = [r.point for r in p]
            assert max(pts) - min(pts) <= timedelta(minutes=15), (e.id, which)
            precise.append(sorted(r.ref for r in p))
        d = [r for r in rs if r.grain == "day"]
        if len(d) >= 2:
            days.append(sorted(r.ref for r in d))
    return precise, days


def nc(e):
    """Non-calendar records (what a service without a calendar adapter can see)."""
    return [r for r in e.recs if r.src != "cal"]


def first_obs(e):
    rs = nc(e)
    return min(r.obs for r in rs) if rs else None


def time_known_at(e):
    """When the effective time became known from MeInput/chat (the reschedule record, if any)."""
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
    """(narrow, wide) half-open ranges per ../time-conventions.md; wide = the generous reading."""
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
    if name == "weekday":              # 这周X / 上周X / 下周X / bare 周X (arg = (week offset, weekday))
        off, wd = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x, x + DAY)
    if name == "weekday_part":         # 周四下午: arg = (week offset, weekday, part start h, part end h)
        off, wd, a, b = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x + a * H, x + b * H)
    if name == "until_weekday":        # 截止到这周五: 这周五 is the listed form (that day); 截止到 adds nothing.
        off, wd = arg                  # wide: everything from the start of the week up to the end of that day
        x = w + timedelta(days=7 * off + wd)
        return (x, x + DAY), (w, x + DAY)
    if name == "this_weekend":
        return one(w + 5 * DAY, w + 7 * DAY)
    if name == "last_weekend":
        return one(w - 2 * DAY, w)
    if name == "recent3":              # 最近三天 = [today-2, tomorrow); also tolerate the 72 h reading
        return (d - 2 * DAY, d + DAY), (d - 3 * DAY, d + DAY)
    if name == "recent":               # 最近 = last 7 days incl. today; older tolerated
        return (d - 6 * DAY, d + DAY), (d - FAR, d + DAY)
    if name == "before_fri":           # 这周五之前 = [now, Sat 00:00); earlier this week tolerated
        return (now, w + 5 * DAY), (w, w + 5 * DAY)
    if name == "before_weekday":       # 下周一之前 / 下周三之前 = [now, end of that day)
        off, wd = arg
        end = w + timedelta(days=7 * off + wd + 1)
        return (now, end), (w, end)
    if name == "before_month_end":     # 月底之前 = [now, 1st of next month)
        return (now, month_start(d, 1)), (month_start(d), month_start(d, 1))
    if name == "before_date":          # 4月10号之前 = [now, end of that day)
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
    if name == "date":
        x = Dd(arg)
        return one(x, x + DAY)
    if name == "all":                  # no time word: the last 30 days up to now (covers all history here)
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
    source, text_re = spec.get("source"), spec.get("text_re")
    source = {"mi": "mi", "chat": "chat", None: None}[source]

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
    q.update(must=[e.id for e in must], must_not=must_not, allowed=allowed, groups=groups,
             range={"start": iso(R[0]), "end": iso(R[1])}, range_wide={"start": iso(W[0]), "end": iso(W[1])})


# the `now`s of the queries (2027): two Monday mornings, two Sunday mornings, a Sunday night, weekdays
NA, NB, NC, ND = "03-17 08:30", "03-19 21:00", "03-21 10:00", "03-22 08:30"
NE, NF, NG, NH = "03-24 21:00", "03-25 09:00", "03-28 11:00", "03-29 08:30"
NI, NJ, NK = "03-31 14:00", "04-02 12:00", "04-04 21:30"
TD = ["todo", "commitment"]

# (id, query, now, mode_hint, spec)
QUERY_SPECS = [
    # OCCURRED_IN
    ("q01", "昨天我都干了啥？", NF, "OCCURRED_IN", dict(range="yesterday")),
    ("q02", "前天都忙了些什么？", NH, "OCCURRED_IN", dict(range="day_before")),
    ("q03", "上个周末我都在忙啥？", ND, "OCCURRED_IN", dict(range="last_weekend")),
    ("q04", "这周到现在都做了哪些事？", NB, "OCCURRED_IN", dict(range="this_week")),
    ("q05", "上周我做了哪些重要的事？", NE, "OCCURRED_IN", dict(range="last_week", importance="high")),
    ("q06", "3月27号那天发生了什么？", NK, "OCCURRED_IN", dict(range="date", arg="03-27")),
    ("q07", "今天都办了哪些事？", NJ, "OCCURRED_IN", dict(range="today")),
    ("q08", "昨晚我干嘛了？", NF, "OCCURRED_IN", dict(range="last_night")),
    ("q09", "上周三我做了什么？", NG, "OCCURRED_IN", dict(range="weekday", arg=(-1, 2))),
    ("q10", "这个周末我都干了些什么？", NK, "OCCURRED_IN", dict(range="this_weekend")),
    ("q11", "前天我干了啥？", NC, "OCCURRED_IN", dict(range="day_before")),
    ("q12", "这个月都做了些什么？", NK, "OCCURRED_IN", dict(range="this_month")),
    ("q13", "上个月我都忙了些什么？", NA, "OCCURRED_IN", dict(range="last_month", empty=True)),
    # MENTIONED_IN
    ("q14", "我昨天说过要做什么？", ND, "MENTIONED_IN", dict(range="yesterday", kinds=TD)),
    ("q15", "上周我在聊天里跟助手说过什么？", NH, "MENTIONED_IN", dict(range="last_week", source="chat")),
    ("q16", "今天上午都记了什么？", NJ, "MENTIONED_IN", dict(range="this_morning", source="mi")),
    ("q17", "最近三天我提过的要紧事有哪些？", NI, "MENTIONED_IN", dict(range="recent3", importance="high")),
    ("q18", "上周三我在 MeInput 里记了啥？", NH, "MENTIONED_IN", dict(range="weekday", arg=(-1, 2), source="mi")),
    ("q19", "前天和助手都聊过什么？", NE, "MENTIONED_IN", dict(range="day_before", source="chat")),
    ("q20", "我用 MeInput 记过哪些跟相册有关的？", NK, "MENTIONED_IN",
     dict(range="all", source="mi", topics=["album"], text_re="相册")),
    ("q21", "昨晚我记了什么？", NG, "MENTIONED_IN", dict(range="last_night", source="mi")),
    ("q22", "这两天我都说过些什么？", NE, "MENTIONED_IN", dict(range="these_two_days")),
    ("q23", "上周我提过哪些跟厦门婚礼有关的事？", NH, "MENTIONED_IN", dict(range="last_week", topics=["xiamen_wedding"])),
    ("q24", "这个月我说起过程野的哪些事？", NI, "MENTIONED_IN", dict(range="this_month", topics=["chengye"])),
    ("q25", "3月24号那天我都说了什么？", NK, "MENTIONED_IN", dict(range="date", arg="03-24")),
    ("q26", "我今天记了哪些东西？", NK, "MENTIONED_IN", dict(range="today", source="mi")),
    ("q27", "最近跟助手聊过哪些出行的事？", NI, "MENTIONED_IN", dict(range="recent", source="chat", topics=["travel"])),
    # PLANNED_IN
    ("q28", "今天都有啥安排？", NA, "PLANNED_IN", dict(range="today")),
    ("q29", "明天有什么行程？", NB, "PLANNED_IN", dict(range="tomorrow")),
    ("q30", "下周都有哪些安排？", NG, "PLANNED_IN", dict(range="next_week")),
    ("q31", "这周都安排了些什么？", NE, "PLANNED_IN", dict(range="this_week")),
    ("q32", "今天上午有哪些安排？", NH, "PLANNED_IN", dict(range="this_morning")),
    ("q33", "周四下午有什么安排？", NH, "PLANNED_IN", dict(range="weekday_part", arg=(0, 3, 12, 18))),
    ("q34", "这个周末有什么安排？", NJ, "PLANNED_IN", dict(range="this_weekend")),
    ("q35", "后天都要干嘛？", NF, "PLANNED_IN", dict(range="day_after")),
    ("q36", "下周一有什么安排？", NK, "PLANNED_IN", dict(range="weekday", arg=(1, 0))),
    ("q37", "3月20号有什么安排？", NA, "PLANNED_IN", dict(range="date", arg="03-20")),
    ("q38", "周六有什么安排？", NE, "PLANNED_IN", dict(range="weekday", arg=(0, 5))),
    ("q39", "昨天有什么安排来着？", NC, "PLANNED_IN", dict(range="yesterday")),
    ("q40", "下周四有什么安排？", NG, "PLANNED_IN", dict(range="weekday", arg=(1, 3))),
    # CREATED_IN
    ("q41", "这周都定下了什么？", NK, "CREATED_IN", dict(range="this_week", kinds=["decision"])),
    ("q42", "上周定了哪些事？", NK, "CREATED_IN", dict(range="last_week", kinds=["decision"])),
    ("q43", "最近定下来的事有哪些？", NH, "CREATED_IN", dict(range="recent", kinds=["decision"])),
    ("q44", "这周我都答应了别人哪些事？", NE, "CREATED_IN", dict(range="this_week", kinds=["commitment"])),
    ("q45", "这个月新记了哪些待办？", NC, "CREATED_IN", dict(range="this_month", kinds=TD)),
    ("q46", "上周记了哪些待办？", NH, "CREATED_IN", dict(range="last_week", kinds=TD)),
    ("q47", "上个月定了哪些事？", NK, "CREATED_IN", dict(range="last_month", kinds=["decision"])),
    # DUE_IN
    ("q48", "这周五之前要交什么？", ND, "DUE_IN", dict(range="before_fri")),
    ("q49", "下周一之前得搞定哪些事？", NC, "DUE_IN", dict(range="before_weekday", arg=(1, 0))),
    ("q50", "这周都有什么要交的？", NH, "DUE_IN", dict(range="this_week")),
    ("q51", "下周有哪些东西要交？", NJ, "DUE_IN", dict(range="next_week")),
    ("q52", "月底之前有哪些事要搞定？", NE, "DUE_IN", dict(range="before_month_end")),
    ("q53", "4月10号之前要交的东西有哪些？", NJ, "DUE_IN", dict(range="before_date", arg="04-10")),
    ("q54", "今天有什么要交的吗？", NE, "DUE_IN", dict(range="today")),
    ("q55", "明天有什么要交的？", ND, "DUE_IN", dict(range="tomorrow")),
    ("q56", "截止到这周五，还有哪些没交？", NF, "DUE_IN", dict(range="until_weekday", arg=(0, 4))),
    ("q57", "下周三之前要交什么？", NG, "DUE_IN", dict(range="before_weekday", arg=(1, 2))),
    # AMBIGUOUS
    ("q58", "我昨天有什么重要的事？", NC, "AMBIGUOUS", dict(range="yesterday", importance="high")),
    ("q59", "今天有哪些要紧的事？", NE, "AMBIGUOUS", dict(range="today", importance="high")),
    ("q60", "这周我有哪些重要的事？", NH, "AMBIGUOUS", dict(range="this_week", importance="high")),
    ("q61", "上周有什么重要的事吗？", NK, "AMBIGUOUS", dict(range="last_week", importance="high")),
    ("q62", "最近三天有什么需要注意的？", NJ, "AMBIGUOUS", dict(range="recent3", importance="high")),
    ("q63", "林晓那边的事怎么样了？", NK, "AMBIGUOUS", dict(range="all", topics=["chen_wedding"])),
    ("q64", "阿杰转全职的事定了吗？", NK, "AMBIGUOUS",
     dict(range="all", topics=["ajie_fulltime"], allow_topics=["ajie"])),
    ("q65", "成都的旅拍准备得怎么样了？", NI, "AMBIGUOUS", dict(range="all", topics=["chengdu_zhao"])),
    ("q66", "这周跟王姐那边有什么进展？", NE, "AMBIGUOUS", dict(range="this_week", topics=["wang"])),
    ("q67", "最近婚博会的事怎么样了？", NK, "AMBIGUOUS", dict(range="recent", topics=["expo"])),
    ("q68", "上周三有什么事？", NH, "AMBIGUOUS", dict(range="weekday", arg=(-1, 2))),
    ("q69", "今天我要注意些什么？", NA, "AMBIGUOUS", dict(range="today", importance="high")),
    ("q70", "许诺他们的婚礼定在哪了？", NK, "AMBIGUOUS", dict(range="all", topics=["suzhou_xu"])),
    # normal chat: no temporal recall (time words only inside quotes, translations, idioms, generic advice)
    ("s01", "“明天见”用粤语怎么说？", ND, "SKIP", dict(skip=True)),
    ("s02", "帮我把‘下周三下午’翻译成英文", NF, "SKIP", dict(skip=True)),
    ("s03", "写一段周末去海边拍婚纱照的朋友圈文案", NJ, "SKIP", dict(skip=True)),
    ("s04", "帮我写一封感谢新人的邮件", NG, "SKIP", dict(skip=True)),
    ("s05", "相机的快门时间和曝光时间是一回事吗？", NB, "SKIP", dict(skip=True)),
    ("s06", "周杰伦的哪首歌适合做婚礼开场？", NK, "SKIP", dict(skip=True)),
    ("s07", "把“我们周五之前给您精修”改得更礼貌一点", NH, "SKIP", dict(skip=True)),
    ("s08", "婚礼跟拍一般要拍多长时间？", NI, "SKIP", dict(skip=True)),
    ("s09", "一天站十个小时，怎么保护腰？", NA, "SKIP", dict(skip=True)),
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
    declare_noise_main()
    declare_other()
    sessions = assign_ids_and_sessions()
    imp_of = {e.id: e.importance for e in EVENTS}
    for e in EVENTS:
        for r in e.recs:
            assert r.id is not None or r.src == "cal", (e.id, r.text)
    mi_sorted = sorted(MI, key=lambda r: (r.user, r.obs))
    z_mi = set()
    for user in (MAIN_USER, OTHER_USER):     # 10% of each user's segments carry their time in UTC (Z)
        idx = [i for i, r in enumerate(mi_sorted) if r.user == user]
        z_mi |= set(WIRE_RNG.sample(idx, k=round(0.10 * len(idx))))
    meinput = [wire_meinput(r, imp_of, z=i in z_mi) for i, r in enumerate(mi_sorted)]
    data = {
        "meta": {
            "name": "temporal-recall dev6 set (independent; freelance wedding photographer)", "generator": "gen6.py",
            "seed": SEED, "main_user": MAIN_USER, "timezone": "Asia/Shanghai",
            "period": {"start": iso(PERIOD_START), "end": iso(PERIOD_END)},
            "notes": "events and queries describe u_dev6 only; every u_dev6_other record is a leak if shown for "
                     "u_dev6. event_time_grain=day means the whole calendar day of event_time (deadlines, "
                     "all-day items). Calendar refs: calendar:event:<UID> or calendar:event:<UID>:<RECURRENCE-ID> "
                     "(YYYYMMDDTHHMMSS, Asia/Shanghai) for instances of recurring events. MeInput segments with "
                     "app=ipad are written in Traditional characters.",
        },
        "users": [
            {"user_id": MAIN_USER, "timezone": "Asia/Shanghai",
             "persona": "郑语桐，自由婚礼摄影师（杭州·桐影工作室），常跑苏州/上海/厦门/成都；助理阿杰，男朋友程野，猫年糕，外婆在绍兴"},
            {"user_id": OTHER_USER, "timezone": "Asia/Shanghai", "persona": "周可，环境科学硕士生，写论文、跑组会、野外采样"},
        ],
        "meinput": meinput,
        "chat": {MAIN_USER: wire_chat(sessions, MAIN_USER), OTHER_USER: wire_chat(sessions, OTHER_USER)},
        "calendar": {MAIN_USER: wire_calendar(MAIN_USER, "郑语桐"), OTHER_USER: wire_calendar(OTHER_USER, "周可")},
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
