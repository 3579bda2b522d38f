#!/usr/bin/env python3
"""Deterministic generator for the dev11 Temporal Recall evaluation set.

    python3 gen11.py [--out data.json]

Writes data.json next to this file, in the format of shared/dev-eval/data.json
(meta, users, meinput, chat, calendar, events, queries). Python 3.11 standard
library only; a fixed seed, no set/dict-hash ordering, so the bytes are the same
on every run and under any PYTHONHASHSEED.

Written from the specification only (shared/temporal-recall-v0.1.md,
shared/contracts/*.md, shared/time-conventions.md, shared/dev-eval/README.md):
  * u_dev11 is 罗嘉明 (阿明), a 房产经纪人 in 深圳 南山/福田, 2027-07-19 .. 2027-08-08.
    Three days of it (07-28 .. 07-30) he is in 东京: records observed there carry
    +09:00 offsets; the request time zone stays Asia/Shanghai, so every day
    boundary, every relative word and every label is taken in +08:00.
  * Every ground-truth event is declared with its true time: "MM-DD HH:MM"
    (minute, Asia/Shanghai), "MM-DD" (day grain) or None (mentions, cancelled).
  * Event records are templates whose time words are placeholders, rendered from
    (observed_at, anchor) with one of several equivalent phrasings the
    time conventions list; the seeded RNG picks which. Time words the conventions
    do not list (明早, 半个月前, bare 15号, 听日/琴日 ...) never carry a label: they
    appear only in noise or in records that claim no time.
  * Labels are computed by the rules of shared/dev-eval/README.md
    ("Labelling rules"), from the ground truth only.
"""
import argparse
import json
import os
import random
import re
from datetime import datetime, timedelta, timezone

SEED = 20270719
YEAR = 2027
TZ = timezone(timedelta(hours=8))      # Asia/Shanghai (no DST)
JST = timezone(timedelta(hours=9))     # Asia/Tokyo, only as an observed_at offset
UTC = timezone.utc
PERIOD_START = datetime(2027, 7, 19, tzinfo=TZ)
PERIOD_END = datetime(2027, 8, 9, tzinfo=TZ)
MAIN_USER = "u_dev11"
OTHER_USER = "u_dev11_other"
WD = "一二三四五六日"
HERE = os.path.dirname(os.path.abspath(__file__))

RNG = random.Random(SEED)
ID_RNG = random.Random(SEED * 31 + 7)
WIRE_RNG = random.Random(SEED + 1000)
MIN1 = timedelta(minutes=1)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


# ------------------------------------------------------------------ time utils
def T(s):
    """'MM-DD HH:MM[:SS]' in Asia/Shanghai -> aware datetime (+08:00)."""
    fmt = "%Y-%m-%d %H:%M:%S" if s.count(":") == 2 else "%Y-%m-%d %H:%M"
    return datetime.strptime(f"{YEAR}-{s.strip()}", fmt).replace(tzinfo=TZ)


def J(s):
    """'MM-DD HH:MM[:SS]' Tokyo wall time -> aware datetime (+09:00)."""
    fmt = "%Y-%m-%d %H:%M:%S" if s.count(":") == 2 else "%Y-%m-%d %H:%M"
    return datetime.strptime(f"{YEAR}-{s.strip()}", fmt).replace(tzinfo=JST)


def Dd(s):
    return datetime.strptime(f"{YEAR}-{s}", "%Y-%m-%d").replace(tzinfo=TZ)


def tobs(x):
    return x if isinstance(x, datetime) else T(x)


def cst(dt):
    return dt.astimezone(TZ)


def iso(dt, tz=TZ, z=False):
    if dt is None:
        return None
    if z:
        return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    x = dt.astimezone(tz)
    off = "+09:00" if tz is JST else "+08:00"
    return x.strftime("%Y-%m-%dT%H:%M:%S") + off


def day0(dt):
    return cst(dt).replace(hour=0, minute=0, second=0, microsecond=0)


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
    """Words that name the part of the day of hour h (conventions: 凌晨 [0,6), 上午 [6,12),
    中午 [11,13), 下午 [12,18), 晚上 [18,24); 早上 / 傍晚 only together with a clock)."""
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
    if h == 18:
        return ["晚上", "傍晚"]
    return ["晚上"]


def _minute_cn(m):
    if m == 0:
        return ["点", "点整"]
    if m == 30:
        return ["点半"]
    if m == 15:
        return ["点一刻", "点十五"]
    return ["点" + cn_num(m)]


def _minute_dg(m):
    if m == 0:
        return ["点"]
    if m == 30:
        return ["点半", "点30"]
    return [f"点{m}"]


def clock_forms(t, period=True, trad=False):
    """Equivalent spellings of the clock time of t (Asia/Shanghai wall time).
    trad: only forms whose characters are the same in Traditional script (colon times)."""
    t = cst(t)
    h, m = t.hour, t.minute
    h12 = h if h <= 12 else h - 12
    out = []
    if trad:
        if period:
            for p in period_words(h):
                if p in ("上午", "下午", "晚上", "中午"):
                    out.append(f"{p}{h12}:{m:02d}")
        out.append(f"{h}:{m:02d}")
        return out
    if period:
        for p in period_words(h):
            out += [p + cn_hour(h12) + c for c in _minute_cn(m)]
            out += [p + str(h12) + c for c in _minute_dg(m)]
            if p != "傍晚":
                out.append(f"{p}{h12}:{m:02d}")
        out.append(f"{h}:{m:02d}")
    else:
        out += [cn_hour(h12) + c for c in _minute_cn(m)] + [str(h12) + c for c in _minute_dg(m)]
    return out


def day_forms(od, d, trad=False):
    """Ways to name calendar day d (00:00) in a text written on day od (both Asia/Shanghai).
    Only forms the conventions list; a bare weekday only for a later day of the same ISO week
    (where 'day X of this week' and 'next occurrence' coincide)."""
    delta = (d - od).days
    wdiff = (week0(d) - week0(od)).days // 7
    wd = d.weekday()
    w = WD[wd]
    o = []
    rel = {0: "今天", 1: "明天", 2: "后天", 3: "大后天", -1: "昨天", -2: "前天", -3: "大前天"}
    if trad:
        rel = {0: "今天", 1: "明天", -1: "昨天", -2: "前天", -3: "大前天"}
    if delta in rel:
        o.append(rel[delta])
    sun = "天" if wd == 6 else w
    if wdiff == 0 and delta > 0:
        o += ([f"星期{sun}"] if trad else [f"周{w}", f"这周{w}", f"星期{sun}", f"礼拜{sun}"])
    if wdiff == 0 and delta < 0 and not trad:
        o.append(f"这周{w}")
    if wdiff == 1 and wd != 6:
        o += ([f"下星期{w}"] if trad else [f"下周{w}", f"下星期{w}", f"下礼拜{w}"])
    if wdiff == -1 and wd != 6 and delta < -1:
        o += ([f"上星期{w}"] if trad else [f"上周{w}", f"上星期{w}", f"上礼拜{w}"])
    if delta != 0:
        o += ([f"{d.month}月{d.day}日"] if trad else [f"{d.month}月{d.day}号", f"{d.month}月{d.day}日"])
    return o


def _join(a, b):
    return a + (" " if a[-1].isdigit() or b[0].isdigit() and a[-1] in "号日" else "") + b


def when_forms(obs, t, trad=False):
    od, d = day0(obs), day0(t)
    out = []
    for dy in day_forms(od, d, trad):
        out += [_join(dy, c) for c in clock_forms(t, trad=trad)]
        if dy == "今天" and cst(t).hour >= 18:
            out += ["今晚" + c for c in (clock_forms(t, period=False) if not trad else [])]
    if d == od:
        out += clock_forms(t, trad=trad)
    return out


def part_of(t):
    h = cst(t).hour
    if 6 <= h < 12:
        return "上午"
    if 12 <= h < 18:
        return "下午"
    if h >= 18:
        return "晚上"
    return "凌晨"


def daypart_forms(obs, t, trad=False):
    od, d = day0(obs), day0(t)
    part = part_of(t)
    out = [dy + part for dy in day_forms(od, d, trad)]
    if d == od:
        out.append("今天" + part)
        if part == "晚上":
            out.append("今晚")
    return out


def due_forms(obs, t, grain, trad=False):
    od, d = day0(obs), day0(t)
    if grain == "minute":
        return [w + s for w in when_forms(obs, t, trad) for s in ("之前", "前")]
    if d == od:
        return ["最晚今天", "今天之内"] + ([] if trad else ["今天下班前"])
    out = []
    for x in day_forms(od, d, trad):
        out += [x + "之前", x + "前", "最晚" + x, "截止到" + x]
        if d.weekday() < 5 and x[-1] not in "号日":
            out.append(x + "下班前")
    last_day = (d + DAY).month != d.month
    if last_day and d.month == od.month and (d - od).days >= 3 and not trad:
        out += ["月底前", "月底之前"]
    return out


def abs_forms(t, beijing=False):
    t = cst(t)
    w = WD[t.weekday()]
    tail = "（北京时间）" if beijing else ""
    return [f"{t.month}月{t.day}日（周{w}）{t.hour}:{t.minute:02d}{tail}",
            f"{t.month}月{t.day}日（星期{'天' if w == '日' else w}）{t.hour}:{t.minute:02d}{tail}"]


def absday_forms(t):
    t = cst(t)
    return [f"{t.month}月{t.day}日（周{WD[t.weekday()]}）"]


PH_RE = re.compile(r"\{(when|clock|day|due|abs|absbj|absday|daypart|part|ago)\}")
GRAIN_RANK = {"minute": 0, "ago": 1, "part": 2, "day": 3, "week": 4, "month": 5, None: 9}

# time words that must not appear outside the placeholders of an event record (they would be a
# second, unclaimed time expression); Traditional forms included
LINT_RE = re.compile(
    r"今天|今日|明天|后天|後天|昨天|前天|今晚|昨晚|周末|週末|每天|每周|每週|这周|本周|上周|下周|這週|上週|下週"
    r"|(?:周|週|星期|礼拜|禮拜)[一二三四五六日天]|这个月|這個月|本月|上个月|上個月|下个月|下個月|月底|月末"
    r"|刚才|刚刚|剛才|剛剛|\d{1,2}:\d{2}|[零一二两三四五六七八九十\d][点點]|凌晨|上午|中午|下午|晚上"
    r"|\d{1,2}月\d{1,2}[日号號]|今年|去年|明年|七夕|最近|前几天|这两天|以来|季度|年底|年初|月初"
    r"|上旬|中旬|下旬|[一二三四五六七八九十两\d]+天[内之以]|小时前|分钟前|天前|天后|周前|月前|年前")


def render(template, obs, a_dt, a_grain, rng, shift=0, pick=None, trad=False, allow=()):
    """Fill the placeholders of template, said at obs about anchor a_dt.
    -> (text, finest_grain, point): point is the minute the text names (minute grain) or obs (ago)."""
    bare = PH_RE.sub("|", template)
    for w in allow:
        bare = bare.replace(w, "")
    m = LINT_RE.search(bare)
    assert not m, ("unclaimed time word in an event template", template, m.group())
    for mm in PH_RE.finditer(template):
        before = template[:mm.start()][-1:]
        assert before not in ("上", "下", "这", "本", "這", "個", "个", "大", "每"), ("glue hazard", template)
    used = []
    t = a_dt + timedelta(minutes=shift) if a_dt is not None else None

    def choose(opts):
        if pick:
            sel = [o for o in opts if re.search(pick, o)]
            if sel:
                opts = sel
        assert opts, (template, obs, t)
        return rng.choice(opts)

    def sub(m):
        k = m.group(1)
        if k == "when":
            assert a_grain == "minute", (template, a_grain)
            used.append("minute")
            return choose(when_forms(obs, t, trad))
        if k == "clock":
            assert a_grain == "minute" and day0(t) == day0(obs), (template, obs, t)
            used.append("minute")
            return choose(clock_forms(t, trad=trad))
        if k in ("abs", "absbj"):
            assert a_grain == "minute"
            used.append("minute")
            return choose(abs_forms(t, beijing=(k == "absbj")))
        if k == "due":
            x = choose(due_forms(obs, t, a_grain, trad))
            used.append("minute" if a_grain == "minute" else "month" if "月底" in x else "day")
            return x
        if k == "day":
            used.append("day")
            return choose(day_forms(day0(obs), day0(t), trad))
        if k == "absday":
            used.append("day")
            return choose(absday_forms(t))
        if k == "daypart":
            used.append("part")
            return choose(daypart_forms(obs, t, trad))
        if k == "part":
            used.append("part")
            delta = (day0(t) - day0(obs)).days
            assert cst(t).hour >= 18 and delta in (0, -1), (template, obs, t)
            return {0: "今晚", -1: "昨晚"}[delta]
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
_SEEN = []
_SEEN_SET = {}


def _uniq(s):
    assert s not in _SEEN_SET, s
    _SEEN_SET[s] = True
    return s


def ulid(dt):
    ms = int(dt.timestamp() * 1000)
    tpart = ""
    for _ in range(10):
        ms, r = divmod(ms, 32)
        tpart = _B32[r] + tpart
    return tpart + "".join(ID_RNG.choice(_B32) for _ in range(16))


def rand_id(prefix, n, alphabet="0123456789abcdefghjkmnpqrstuvwxyz"):
    while True:
        s = prefix + "".join(ID_RNG.choice(alphabet) for _ in range(n))
        if s not in _SEEN_SET:
            return _uniq(s)


def cal_uid():
    h = "".join(ID_RNG.choice("0123456789abcdef") for _ in range(32))
    return _uniq(f"{h[:8]}-{h[8:12]}-4{h[13:16]}-b{h[17:20]}-{h[20:32]}@cal.hejia-home.example")


# ------------------------------------------------------------- record model
class Rec:
    """src: 'mi' | 'chat' | 'run' | 'cal'; role: 'user' | 'assistant' | 'tool' | 'run' | 'cal'.
    obs is an aware instant; tz is the offset it is written with on the wire (TZ or JST)."""

    def __init__(self, user, src, role, obs, text, event=None, grain=None, anchor=None, point=None):
        self.user, self.src, self.role, self.obs, self.text = user, src, role, obs, text
        self.event, self.grain, self.anchor, self.point = event, grain, anchor, point
        self.tz = JST if obs is not None and obs.utcoffset() == timedelta(hours=9) else TZ
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


MI, TURNS, EVENTS, VEVENTS = [], [], [], []


def _pick(x):
    return RNG.choice(x) if isinstance(x, (list, tuple)) else x


def _jit(t, lo=0, hi=55):
    return t + timedelta(seconds=RNG.randint(lo, hi))


def same_tz(base, t):
    """t expressed with the same offset as base (for messages of a turn observed in Tokyo)."""
    return t.astimezone(base.tzinfo)


FOLLOWUPS = [("好的，明白", "好的，有需要随时叫我。"), ("行，就这样", "好的，祝顺利！"), ("谢啦", "不客气～"),
             ("👌", "😊 随时再来。"), ("收到收到", "好的，有变化再告诉我。"), ("可以，就这么办", "那就这么定，祝成交！")]


def maybe_followup(turn, p=0.25):
    if RNG.random() >= p or turn.msgs[-1].role != "assistant":
        return
    u, a = RNG.choice(FOLLOWUPS)
    t1 = turn.msgs[-1].obs + timedelta(seconds=RNG.randint(25, 140))
    t2 = t1 + timedelta(seconds=RNG.randint(3, 14))
    turn.msgs.append(Rec(turn.user, "chat", "user", t1, u))
    turn.msgs.append(Rec(turn.user, "chat", "assistant", t2, a))


def make_run(user, t, run, text=None):
    task, summary, status, minutes = run
    st = t + timedelta(seconds=RNG.randint(10, 35))
    rr = Rec(user, "run", "run", st, text or task)
    rr.extra.update(summary=summary, status=status,
                    finished=None if status == "running" else st + timedelta(minutes=minutes, seconds=RNG.randint(2, 50)))
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
        self.created, self.modified = created, modified or created
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
        return f"calendar:event:{self.uid}:{cst(rid).strftime(fmt)}"

    def wire(self):
        def t(x):
            if x is None:
                return None
            return x.strftime("%Y-%m-%d") if self.all_day else iso(x)
        byday = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][self.start.weekday()]
        return {"uid": self.uid, "summary": self.summary, "start": t(self.start), "end": t(self.end),
                "all_day": self.all_day,
                "time_form": "utc" if self.utc else ("date" if self.all_day else "tzid"),
                "rrule": f"FREQ=WEEKLY;BYDAY={byday};COUNT={self.weekly_count}" if self.weekly_count else None,
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
    """A ground-truth event of u_dev11.
    at:   "MM-DD HH:MM" (minute) | "MM-DD" (day grain: deadlines, all-day items) | None
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
            return self.done, "minute"
        x, g, _ = self.old[int(which[3:] or 0)]
        return x, g

    def _render(self, tpl, obs, which, shift=0, pick=None, trad=False, allow=()):
        if PH_RE.search(tpl):
            a_dt, a_g = self.anchor(which)
            assert a_dt is not None, (self.id, tpl)
        else:
            a_dt, a_g = None, None
        return render(tpl, obs, a_dt, a_g, RNG, shift, pick, trad, allow)

    def mi(self, obs, texts, anchor="ev", app=None, shift=0, exact=False, pick=None, trad=False, allow=(), z=False):
        obs = tobs(obs) if exact else _jit(tobs(obs))
        text, grain, point = self._render(_pick(texts), obs, anchor, shift, pick, trad, allow)
        r = Rec(MAIN_USER, "mi", "user", obs, text, self.id, grain, anchor if grain else None, point)
        r.extra["app"] = app
        r.extra["z"] = z
        self.recs.append(r)
        MI.append(r)
        return r

    def cu(self, obs, texts, reply=None, link=True, tool=None, run=None, title=None, sess=None,
           anchor="ev", shift=0, followup=0.25, pick=None, rpick=None, trad=False, allow=()):
        t = _jit(tobs(obs))
        turn = Turn(MAIN_USER, t, title or self.title, sess)
        text, grain, point = self._render(_pick(texts), t, anchor, shift, pick, trad, allow)
        u = Rec(MAIN_USER, "chat", "user", t, text, self.id, grain, anchor if grain else None, point)
        self.recs.append(u)
        turn.msgs.append(u)
        cur = t
        if tool is not None:
            cur = cur + timedelta(seconds=RNG.randint(5, 18))
            turn.msgs.append(Rec(MAIN_USER, "chat", "tool", cur, json.dumps(tool, ensure_ascii=False)))
        if run is not None:
            rtext, rgrain, rpoint = self._render(run[0], t, anchor)
            rr = make_run(MAIN_USER, t, run, rtext)
            rr.event, rr.grain, rr.anchor, rr.point = self.id, rgrain, anchor if rgrain else None, rpoint
            self.recs.append(rr)
            turn.run = rr
        if reply is not None:
            cur = cur + timedelta(seconds=RNG.randint(20, 95))
            if link:
                rtext, rgrain, rpoint = self._render(_pick(reply), cur, anchor, pick=rpick, allow=allow)
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
            rid = T(rid)
            inst = [x for x in v.instances() if x[0] == rid]
            assert inst, (self.id, key, rid)
            _, s, _ = inst[0]
            ref = v.ref(rid)
        else:
            _, s, _ = v.instances()[0]
            ref = v.ref()
        r = Rec(MAIN_USER, "cal", "cal", v.created, v.summary, self.id, "day" if v.all_day else "minute", None,
                None if v.all_day else s)
        for which in ["ev", "done"] + [f"old{i}" for i in range(len(self.old))]:
            a, g = self.anchor(which)
            if a is not None and a == s and (g == "day") == v.all_day:
                r.anchor = which
                break
        assert r.anchor, (self.id, key)
        r.extra["cal_ref"] = ref
        self.recs.append(r)
        return r


def noise_mi(user, obs, text, app=None):
    r = Rec(user, "mi", "user", _jit(tobs(obs)), text)
    r.extra["app"] = app
    MI.append(r)
    return r


def noise_turn(user, obs, utext, reply=None, tool=None, title="随手问问", sess=None, run=None, followup=0.15):
    t = _jit(tobs(obs))
    turn = Turn(user, t, title, sess)
    turn.msgs.append(Rec(user, "chat", "user", t, utext))
    cur = t
    if tool is not None:
        cur = cur + timedelta(seconds=RNG.randint(4, 15))
        turn.msgs.append(Rec(user, "chat", "tool", cur, json.dumps(tool, ensure_ascii=False)))
    if run is not None:
        turn.run = make_run(user, t, run)
    if reply is not None:
        cur = cur + timedelta(seconds=RNG.randint(15, 80))
        turn.msgs.append(Rec(user, "chat", "assistant", cur, reply))
    if user == MAIN_USER:
        maybe_followup(turn, followup)
    TURNS.append(turn)
    return turn


# ================================================================ calendar (u_dev11)
def declare_calendar():
    U, V = MAIN_USER, VEvent
    CAL["shop"] = V(U, "shop", "门店周例会", T("07-19 09:30"), T("07-19 10:30"), weekly_count=3,
                    location="合家置业 南山海岸城店", description="周业绩、带看复盘、本周重点房源",
                    created=T("07-05 10:00"),
                    overrides={T("07-26 09:30"): {"start": T("07-27 09:30"), "end": T("07-27 10:30"),
                                                  "summary": "门店周例会（区域经理巡店，改周二）", "sequence": 1,
                                                  "modified": T("07-25 21:40")}})
    CAL["badm"] = V(U, "badm", "羽毛球（大刘他们）", T("07-21 20:00"), T("07-21 22:00"), weekly_count=3,
                    exdates=[T("07-28 20:00")], location="南山文体中心 羽毛球馆", created=T("07-10 22:00"))
    CAL["li_sign"] = V(U, "li_sign", "后海商铺签约（李老板）", T("07-21 16:00"), T("07-21 17:30"),
                       location="门店 2号洽谈室", description="买方：李老板；卖方：郑先生；总价 1280 万",
                       created=T("07-19 19:30"))
    CAL["mom_check"] = V(U, "mom_check", "陪罗妈体检（南山医院）", T("07-24 07:30"), T("07-24 10:00"),
                         location="南山医院 体检中心 3F", created=T("07-22 21:50"))
    CAL["trip_brief"] = V(U, "trip_brief", "东京团行前说明会（线上）", T("07-26 20:00"), T("07-26 21:00"),
                          location="腾讯会议", created=T("07-20 10:00"))
    CAL["fly_out"] = V(U, "fly_out", "深圳宝安 → 东京成田", T("07-28 08:15"), T("07-28 12:40"), utc=True,
                       description="公司奖励游；T3 国际出发", created=T("07-12 16:00"))
    CAL["tk_dinner"] = V(U, "tk_dinner", "东京团建晚宴（公司奖励游）", T("07-28 18:00"), T("07-28 21:00"),
                         location="新宿 居酒屋", created=T("07-12 16:05"))
    CAL["fly_back"] = V(U, "fly_back", "东京成田 → 深圳宝安", T("07-30 16:40"), T("07-30 21:10"), utc=True,
                        created=T("07-12 16:00"))
    CAL["wang_sign"] = V(U, "wang_sign", "蔚蓝海岸签约（王先生）", T("08-01 15:00"), T("08-01 16:30"),
                         location="门店 1号洽谈室", sequence=1, created=T("07-24 10:30"), modified=T("07-27 19:10"))
    CAL["zhao_view"] = V(U, "zhao_view", "带看：赵小姐 书城一房", T("08-03 15:00"), T("08-03 16:00"),
                         location="南山书城旁 海文花园", status="CANCELLED", sequence=1, created=T("08-01 20:05"),
                         modified=T("08-03 11:55"))
    CAL["li_transfer"] = V(U, "li_transfer", "后海商铺过户（南山不动产登记中心）", T("08-04 09:30"),
                           T("08-04 11:30"), location="南山区不动产登记中心 1楼大厅", created=T("07-26 11:25"))
    CAL["wang_loan"] = V(U, "wang_loan", "招行面签（王先生）", T("08-05 14:30"), T("08-05 15:30"),
                         location="招商银行 后海支行", description="贷款经理：黄经理", created=T("08-02 10:20"))
    CAL["lele_grad"] = V(U, "lele_grad", "乐乐暑期班结业演出", Dd("08-06"), Dd("08-07"), all_day=True,
                         created=T("07-30 09:00"))
    CAL["chen_open"] = V(U, "chen_open", "香蜜湖集中带看（陈太）", T("08-07 14:00"), T("08-07 17:00"),
                         location="香蜜湖 1979 花园 3栋", sequence=1, created=T("07-31 15:10"),
                         modified=T("08-03 12:25"))
    CAL["qixi"] = V(U, "qixi", "七夕晚餐 · 海上世界", T("08-08 19:00"), T("08-08 21:00"),
                    location="蛇口 海上世界 西餐厅", created=T("08-05 13:20"))


# ================================================================ u_dev11: 罗嘉明 (阿明)
# 房产经纪人, 合家置业 南山海岸城店 (fictional). 店长 周姐, 同事 大刘. Clients: 王先生 (buys a 学位房
# in 蔚蓝海岸; 签约, 定金, 招行面签), 陈太 (sells her 香蜜湖 flat in 福田; Cantonese-flavoured,
# Traditional-script WeChat pastes), 李老板 (buys a 后海 shop; 签约, 过户), 赵小姐 (rents), 何先生 (new).
# Family: wife 小雯, son 乐乐 (3, 幼儿园 summer class), his mother 罗妈 (lives with them).
# 07-28 .. 07-30: company incentive trip to 东京 (records observed there carry +09:00).
def declare_events():
    E = Ev
    # ------------------------------------------------------------ week 1 (07-19 .. 07-25)
    e = E("shop_0719", "门店周例会", "event", "low", ["shop"], at="07-19 09:30")
    e.cal("shop", "07-19 09:30")
    e.mi("07-19 10:48", ["例会时周姐说离保奖还差两单，让我和大刘多跑跑盘",
                         "例会结束，周姐点名表扬了带看记录，又催了成交"])

    e = E("wang_view1", "带王先生看星海名城三房", "event", "low", ["wang", "viewing"], at="07-19 15:00")
    e.mi("07-19 08:52", ["{when}带王先生看星海名城那套三房，钥匙在大刘那",
                         "{when}带王先生看星海名城三房，记得找大刘拿钥匙"], exact=True)
    e.mi("07-19 08:54", "嗯 {when} 带王先生看 心海名城 三房 钥匙找大刘", app="voice", exact=True)
    e.cu("07-19 12:20", "{when}带客户看星海名城，他最在意学位，小区对口哪所小学一般去哪查？",
         reply="一般可以在区教育局官网或公众号的“学区划分”栏目按小区名查；也建议直接打对口小学电话核实当年政策，"
               "学位房还要留意学位锁定的年限。", link=False, title="学位查询")
    e.mi("07-19 16:45", ["看完星海名城，王先生嫌楼层太低，想看高层", "星海名城那套王先生不太满意，嫌低层吵"])

    e = E("m_wang_budget", "王先生预算六百万以内、要学位", "mention", "low", ["wang"])
    e.mi("07-19 17:02", "王先生预算六百万以内，首付准备了两百万，一定要带学位")
    e.mi("07-22 09:40", "首付三成，二套四成，王先生是首套", app="notes")

    e = E("lele_form", "交乐乐的体检表给幼儿园", "todo", "low", ["lele"], at="07-21", done="07-21 08:35")
    e.mi("07-19 20:40", ["乐乐的体检表{due}交给幼儿园老师", "幼儿园要乐乐的体检表，{due}交"])
    e.mi("07-21 08:38", "体检表交给乐乐老师了，老师说疫苗本也要复印一份", anchor="done")

    e = E("li_sign", "和李老板签后海商铺", "event", "high", ["li", "contract"], at="07-21 16:00")
    e.mi("07-19 19:10", ["{when}李老板来门店签后海那个商铺，合同让周姐先过一遍",
                         "李老板约在{when}签后海商铺，合同先给周姐看"])
    e.cal("li_sign")
    e.cu("07-20 20:15", ["{when}跟李老板签商铺买卖合同，定金和首付款的节点怎么写比较稳妥？",
                         "{when}要签后海商铺，买方是老板个人名义，合同里定金条款怎么写？"],
         reply="好的，{abs} 签约时建议：1）定金写明金额和违约罚则；2）首付款走资金监管，写清划转条件；"
               "3）约定过户和交房的先后顺序；4）税费承担方写进补充条款。", sess="s_li")
    e.mi("07-21 17:50", ["李老板签了！后海商铺，总价1280万，周姐请喝奶茶", "后海商铺签下来了，李老板爽快，定金当场转"])
    e.mi("07-24 18:05", "{day}签的李老板那单，周姐说佣金能先结一半", pick="^大前天$")

    e = E("dec_li_escrow", "定了：李老板尾款走资金监管", "decision", "low", ["li", "contract"], at="07-21 16:40")
    e.mi("07-21 17:56", "定了：李老板的尾款走银行资金监管，不直接打给业主")

    e = E("li_tax", "答应李老板算清商铺过户税费", "commitment", "low", ["li", "transfer"], at="07-22",
          done="07-22 15:00")
    e.cu("07-21 18:10", "答应李老板{due}帮他算清商铺过户的税费，非住宅的增值税一般怎么算？",
         reply="非住宅交易一般涉及增值税及附加、土地增值税、印花税和契税；增值税通常按差额 5% 计，"
               "有没有原值发票差别很大，具体以税务窗口核定为准。", link=False, sess="s_li")
    e.cu("07-22 15:05", "李老板的税费{ago}算完发给他了，帮我备注一下", anchor="done",
         reply="已备注：后海商铺过户税费测算已发给李老板。", sess="s_li")

    e = E("kid_fee", "交乐乐暑期班餐费", "todo", "high", ["lele"], at="07-23", done="07-22 20:10")
    e.mi("07-19 21:15", ["乐乐暑期班的餐费{due}要交，群里老师催了", "暑期班餐费{due}交，别忘了"])
    e.cu("07-22 20:15", "暑期班餐费{ago}交了，960块，帮我记一笔", anchor="done",
         reply="已记下：乐乐暑期班餐费 960 元已缴。", title="记账")

    e = E("chen_shoot", "陈太香蜜湖房子实勘拍照（改期）", "event", "low", ["chen", "listing", "changed"],
          at="07-22 10:00", old=[("07-21 14:00", "rescheduled")])
    e.mi("07-19 18:30", ["{when}去香蜜湖给陈太的房子实勘拍照", "{when}带摄影师去陈太香蜜湖那套实勘"], anchor="old0")
    e.cu("07-20 21:20", "陈太微信说：「阿明，實勘改到{when}得唔得？鎖匙我會準備好。」帮我回她一句，就说没问题",
         trad=True, reply="可以这样回：「陈太您好，没问题，{abs}我们准时到，麻烦您提前把钥匙准备好，谢谢！」",
         sess="s_chen")
    e.mi("07-20 21:30", ["陈太实勘改到{when}了", "实勘改{when}，陈太那边"])
    e.mi("07-21 21:00", "陳太：{when}我喺屋企，你哋直接上嚟", app="wechat", trad=True)
    e.mi("07-21 22:05", "明早去香蜜湖之前先回门店拿相机和脚架")
    e.mi("07-22 11:40", "陈太那套实勘拍完了，南北通透，装修旧了些")

    e = E("chen_plan", "答应把推广方案发给陈太", "commitment", "low", ["chen", "listing"], at="07-24",
          done="07-24 10:50")
    e.mi("07-22 12:05", ["答应陈太{due}把推广方案发给她，视频号那部分也要", "陈太要推广方案，{due}发她"])
    e.mi("07-24 10:55", "推广方案发给陈太了，她说视频拍得不错", anchor="done")

    e = E("m_chen_hk", "陈太打算回香港住一段", "mention", "low", ["chen"])
    e.mi("07-22 11:50", "陈太打算回香港住一段，钥匙想寄放在门店")

    e = E("wang_view2", "带王先生夫妇看蔚蓝海岸高层", "event", "high", ["wang", "viewing"], at="07-20 19:00")
    e.mi("07-20 09:20", ["{when}约了王先生两口子看蔚蓝海岸28楼那套", "{when}带王先生夫妇看蔚蓝海岸高层"])
    e.cu("07-20 17:10", "{when}带客户看蔚蓝海岸，业主报610万，有没有比较自然的砍价话术？",
         reply="可以先肯定房子，再摆事实：同小区近期成交价、这套的楼龄和装修折旧；最后给出一个有依据的目标价，"
               "并强调买家诚意和付款速度。", link=False, title="砍价话术")
    e.mi("07-20 21:40", "蔚蓝海岸看完，王太太很喜欢那个大阳台，王先生在算月供", app="voice")

    e = E("training", "公司线上培训：佣金新政", "event", "low", ["shop"], at="07-20 14:00")
    e.mi("07-20 13:20", "{clock}公司线上培训，讲新的佣金政策")
    e.mi("07-20 15:40", "培训讲的佣金新政：跨店合作佣金五五分，结佣更快")

    e = E("zhao_view1", "带赵小姐看书城一房", "event", "low", ["zhao", "viewing"], at="07-21 12:30")
    e.mi("07-21 09:10", ["{when}带赵小姐看书城旁边那套一房", "{when}赵小姐午休过来看书城一房"])
    e.mi("07-21 13:30", "赵小姐看了一房，嫌卫生间没窗，想再看看")

    e = E("bad_0721", "周三羽毛球", "event", "low", ["sport"], at="07-21 20:00")
    e.cal("badm", "07-21 20:00")
    e.mi("07-21 22:30", ["{part}打了两小时羽毛球，大刘输了请宵夜", "{part}羽毛球打爽了，肩膀有些酸"], app="voice")

    e = E("bad_0804", "周三羽毛球", "event", "low", ["sport"], at="08-04 20:00")
    e.cal("badm", "08-04 20:00")

    e = E("chen_keys", "答应陈太签委托书和钥匙收据", "commitment", "low", ["chen", "listing"], at="07-23",
          done="07-23 17:00")
    e.mi("07-21 10:05", ["答应陈太{due}把独家委托书和钥匙收据拿给她签", "跟陈太说好了，委托书和钥匙收据{due}给她签字"])
    e.mi("07-23 17:08", "委托书和钥匙收据陈太都签好了，原件放门店保险柜", anchor="done")

    e = E("dec_chen_price", "定了：陈太那套挂880万", "decision", "low", ["chen", "listing"], at="07-22 11:30")
    e.mi("07-22 11:45", ["跟陈太商量定了，香蜜湖那套挂880万，底价850不对外说", "陈太拍板了：挂牌880万，底价850"])
    e.cu("07-22 13:05", "陈太那套定了挂880万，帮我写个房源标题，突出南北通透和近地铁",
         reply="「香蜜湖南北通透三房｜近地铁｜业主诚心出售 880 万」——也可以把满五唯一之类的税费优势加进标题。",
         sess="s_chen", run=("生成陈太香蜜湖房源的朋友圈文案", "已生成 3 条文案，含 1 条短视频口播稿", "succeeded", 2))

    e = E("lele_fruit", "乐乐幼儿园水果日", "event", "low", ["lele"], at="07-23")
    e.mi("07-21 21:10", ["乐乐幼儿园{day}是水果日，要带切好的水果", "{day}乐乐班里水果日，记得切水果"])
    e.mi("07-23 07:40", ["{day}乐乐水果日，切了一盒哈密瓜", "{day}水果日，给乐乐带了哈密瓜和葡萄"])

    e = E("xw_dinner", "小雯和闺蜜聚餐（我看娃）", "event", "low", ["xiaowen"], at="07-23 19:00")
    e.mi("07-22 12:30", ["小雯{when}跟闺蜜聚餐，我得早点回去看乐乐", "{when}小雯约了闺蜜吃饭，乐乐归我"])
    e.mi("07-23 22:40", "小雯聚餐回来说闺蜜要结婚了，让我们俩当伴郎伴娘")

    e = E("dec_wang_deal", "定了：王先生595万拿下蔚蓝海岸", "decision", "high", ["wang", "contract", "wang_contract"],
          at="07-23 21:00")
    e.mi("07-23 21:10", ["谈妥了！蔚蓝海岸595万成交，业主让了15万，王先生当场拍板", "定了，王先生要蔚蓝海岸那套，595万"])
    e.cu("07-23 21:40", "王先生定了蔚蓝海岸595万，首付三成，贷三十年，月供大概多少？",
         reply="按首套商贷利率粗算：贷款约 416.5 万，三十年等额本息，月供约 2.1 万；具体以银行审批利率为准。",
         sess="s_wang", run=("计算595万、首付三成、贷款三十年的月供", "等额本息月供约 21,000 元；等额本金首月约 26,500 元",
                             "succeeded", 1))

    e = E("wang_deposit", "王先生定金打进监管账户", "todo", "high", ["wang", "contract", "wang_contract"], at="07-26",
          done="07-24 15:00")
    e.mi("07-23 21:25", ["王先生的定金{due}要打进监管账户", "{due}提醒王先生把5万定金打进监管账户"])
    e.mi("07-24 15:10", "王先生5万定金进监管账户了，跟业主也说了", anchor="done")

    e = E("wang_sign", "王先生签约蔚蓝海岸（业主改期）", "event", "high", ["wang", "contract", "changed", "wang_contract"],
          at="08-01 15:00", old=[("07-31 10:00", "rescheduled")])
    e.mi("07-23 21:30", ["{when}王先生来门店签约，业主那边我来约", "签约定在{when}，门店会议室"], anchor="old0")
    e.cu("07-24 10:15", "{when}要签二手房买卖合同，买方首付三成，贷款万一不批合同里怎么约定？", anchor="old0",
         reply="建议在合同里写明：{abs} 签约后如贷款审批不通过，买方可补足首付或解除合同、定金如数退还；"
               "同时约定办贷款的材料提交时限。", sess="s_wang")
    e.cal("wang_sign")
    e.cu("07-27 19:05", "业主那边航班改了，签约改到{when}，帮我给王先生发条消息解释一下",
         reply="可以这样发：「王先生您好，业主航班临时有变，签约改到{abs}，地点还是门店，给您添麻烦了，到时见！」",
         sess="s_wang")
    e.mi("07-27 19:12", ["签约改到{when}了，记得跟周姐借会议室", "王先生签约挪到{when}"])
    e.mi("08-01 18:40", "{day}签完约请门店同事喝了奶茶")
    e.mi("08-01 16:50", ["王先生签完了！网签也约好了，佣金能结了", "蔚蓝海岸签完，王先生一家都挺开心"])

    e = E("mom_checkup", "陪罗妈去南山医院体检", "event", "high", ["mom", "mom_health"], at="07-24 07:30")
    e.mi("07-22 21:40", ["{when}陪我妈去南山医院体检，要空腹", "{when}带罗妈去体检，前一晚别让她吃夜宵"])
    e.cal("mom_check")
    e.cu("07-23 22:10", "{when}带我妈体检，老人空腹体检要注意什么？降压药能吃吗？",
         reply="好的，{abs} 体检：前一晚起禁食，降压药一般可以用少量温水送服，但最好先问医生；"
               "记得带身份证、医保卡和以往的体检报告。", sess="s_home")
    e.mi("07-24 11:30", "体检做完，罗妈血压有点高，报告过几天出")

    e = E("mom_meds", "给罗妈配降压药", "todo", "low", ["mom", "mom_health"], at="07-27", done="07-26 18:30")
    e.mi("07-24 11:40", ["罗妈降压药快吃完了，{due}去社康配", "{due}得给罗妈配降压药"])
    e.mi("07-26 18:35", "{ago}去社康把罗妈的药配好了，一次开了一个月的量", anchor="done")

    e = E("m_mom_dance", "罗妈的广场舞队要参加比赛", "mention", "low", ["mom"])
    e.mi("07-25 10:20", "罗妈的广场舞队要去参加区里的比赛，她紧张得睡不着")

    e = E("visit_jp", "填好 Visit Japan Web", "todo", "high", ["trip"], at="07-27", done="07-25 16:00")
    e.mi("07-20 12:10", ["Visit Japan Web {due}要填好，周姐说不填的话入境要排长队",
                         "东京团要求{due}把 Visit Japan Web 填好"])
    e.cu("07-25 15:40", "Visit Japan Web 的入境审查和海关申报要分开填吗？",
         reply="是的，两部分都要填：入境审查填完会生成一个二维码，海关申报再生成一个；截图保存，落地时直接出示。",
         link=False, sess="s_trip")
    e.mi("07-25 16:05", "Visit Japan Web 填好了，二维码截图发给周姐了", anchor="done")

    e = E("lele_park", "带乐乐去欢乐港湾", "event", "low", ["lele", "family"], at="07-25 16:00")
    e.mi("07-24 20:10", ["{when}带乐乐去欢乐港湾放电", "{when}一家人去欢乐港湾，乐乐想坐摩天轮"])
    e.mi("07-25 19:00", "欢乐港湾人太多，乐乐玩沙玩到不肯走")

    e = E("dec_lele_school", "定了：乐乐秋季上公立幼儿园", "decision", "low", ["lele", "xiaowen"], at="07-25 21:00")
    e.mi("07-25 21:20", "和小雯商量定了，乐乐秋季还是上公立幼儿园，不去私立")

    e = E("li_booking", "约不动产登记中心的过户号", "todo", "high", ["li", "transfer"], at="07-27",
          done="07-26 11:15")
    e.mi("07-23 09:10", ["李老板的过户号{due}要约上，晚了就排不到了", "{due}得把李老板过户的号约好"])
    e.cu("07-26 10:40", "帮我查下南山不动产登记中心的过户怎么网上预约",
         run=("查询南山不动产登记中心过户预约号源", "查询失败：预约系统接口超时", "failed", 1),
         reply="查询没成功，预约系统暂时超时。也可以在“i深圳”App 搜“不动产登记预约”，选南山登记大厅和“二手房转移登记”。",
         sess="s_li")
    e.mi("07-26 11:20", "过户号约上了，南山登记中心，总算没耽误", anchor="done")

    e = E("shop_0726", "门店周例会（挪到周二）", "event", "low", ["shop", "changed"], at="07-27 09:30",
          old=[("07-26 09:30", "rescheduled")])
    e.cal("shop", "07-26 09:30")
    e.mi("07-25 21:30", ["周姐说例会改到{when}，区域经理要来巡店", "例会挪到{when}了"])
    e.mi("07-27 10:45", "例会开完，周姐把东京的行程表发群里了")


def declare_events_2():
    E = Ev
    # ------------------------------------------------------------ week 2 (07-26 .. 08-01), 东京 07-28..30
    e = E("li_transfer", "李老板后海商铺过户", "event", "high", ["li", "transfer"], at="08-04 09:30")
    e.mi("07-26 11:22", ["{when}李老板过户，提醒他带身份证原件和房款收据", "李老板过户约在{when}，南山不动产登记中心"],
         exact=True)
    e.mi("07-26 11:24", "{when} 李老板过护 带身份证原件", app="voice", exact=True)
    e.cal("li_transfer")
    e.cu("08-03 20:30", "{when}去南山不动产登记中心过户，台风会不会停办？",
         reply="一般只有发布更高级别预警时才会暂停对外办理。{abs} 出发前建议看一眼登记中心公众号的通知，或直接打大厅电话确认。",
         sess="s_li")
    e.mi("08-04 11:40", "过户办完了，李老板请喝早茶，尾款也解监管了")

    e = E("regional_visit", "区域经理巡店", "event", "low", ["shop"], at="07-26 10:00")
    e.mi("07-26 12:10", "区域经理巡店，夸了我们门店的带看记录做得细")

    e = E("dec_chen_push", "定了：陈太香蜜湖那套由我主推", "decision", "low", ["chen", "shop"], at="07-27 10:30")
    e.mi("07-27 10:50", "例会定了，陈太香蜜湖那套由我主推，大刘配合带看")

    e = E("trip_brief", "东京团行前说明会", "event", "low", ["trip"], at="07-26 20:00")
    e.cal("trip_brief")
    e.mi("07-24 09:00", "{when}东京团开行前说明会，线上的")
    e.mi("07-26 21:05", "行前说明会开完了，行程单发群里了")

    e = E("car_inspect", "车子年检", "todo", "low", ["car"], at="07-31")
    e.mi("07-19 13:00", "车子年检{due}要做，不然要罚款", pick="月底")
    e.cu("07-26 21:00", "车年检{due}必须做完，南山哪里可以预约上线检测？", pick="月底",
         reply="可以在“交管12123”App 里预约机动车检验，选南山区的检测站；带上行驶证和交强险保单，"
               "六年以内的非营运小车还可以申请免检。", link=False, title="车年检")

    e = E("souvenir", "答应给家里带东京手信", "commitment", "high", ["trip", "family", "xiaowen"], at="07-30",
          done="07-30 13:00")
    e.mi("07-26 22:10", ["答应小雯带资生堂防晒，罗妈要膏药，乐乐要新干线，{due}买齐",
                         "手信清单：小雯的防晒、罗妈的膏药、乐乐的新干线，{due}一定买齐"])
    e.cu(J("07-29 21:00"), "东京的药妆店哪家比较全？{due}要把给家里带的东西买齐", pick="^(明天之前|明天前|最晚明天|7月30号前|7月30日前)$",
         reply="松本清、大国药妆、唐吉诃德都比较全，上野和新宿店多、能退税；膏药和防晒药妆店基本都有，"
               "玩具可以去东京站一番街的玩具街。", link=False, sess="s_trip")
    e.mi(J("07-30 14:05"), "手信买齐了：防晒、膏药、新干线，箱子快塞不下了", anchor="done")

    e = E("fly_out", "飞东京（公司奖励游）", "event", "high", ["trip"], at="07-28 08:15")
    e.cal("fly_out")
    e.mi("07-19 18:00", ["{when}飞东京，公司奖励游，三天", "公司奖励游定了，{when}的飞机去东京"])
    e.mi("07-26 21:30", ["{when}飞东京，护照放随身包了", "{when}的飞机去东京"])
    e.cu("07-27 20:30", "{when}的国际航班去东京，深圳机场要提前多久到？",
         reply="{abs} 的国际航班建议至少提前三个小时到 T3，值机和出境排队都要时间；充电宝记得放随身行李。",
         sess="s_trip")
    e.mi("07-27 08:20", "明早要早起赶飞机，闹钟定了三个", app="notes")
    e.mi("07-28 06:40", "出门了，乐乐还在睡，小雯送到楼下")
    e.mi(J("07-28 13:55"), "成田的入境比想象的快，Visit Japan Web 的码一扫就过", app="voice")
    e.mi(J("07-28 14:10"), "落地成田了，周姐让大家先去酒店放行李")

    e = E("tk_dinner", "东京团建晚宴", "event", "low", ["trip", "shop"], at="07-28 18:00")
    e.cal("tk_dinner")
    e.mi(J("07-28 15:30"), ["{part}团建晚宴，周姐说要颁奖", "{part}公司包了个居酒屋吃团建"])
    e.cu(J("07-28 16:00"), "{part}团建要上台领奖，帮我写三句感言，接地气些",
         reply="「感谢周姐带队，感谢同事们一直帮我补位；房子是一套套带出来的，奖是大家一起跑出来的；"
               "明年咱们门店一起冲！」", link=False, sess="s_trip")
    e.mi(J("07-29 00:10"), "晚宴散了，我拿了个带看之星，周姐喝高了")

    e = E("tokyo_free", "东京自由活动（浅草、秋叶原）", "event", "low", ["trip"], at="07-29")
    e.mi("07-26 21:40", "{day}东京自由活动，想去浅草和秋叶原")
    e.mi(J("07-29 08:20"), ["{day}自由活动，和大刘去浅草，再去秋叶原", "{day}自由行，先浅草寺后秋叶原"])
    e.mi(J("07-29 19:30"), "浅草寺人山人海，大刘在秋叶原买了一堆手办")

    e = E("dl_cover", "大刘帮我带王先生父母复看蔚蓝海岸", "event", "low", ["wang", "viewing", "daliu"],
          at="07-29 10:00")
    e.mi("07-27 11:30", ["{when}王先生父母要复看蔚蓝海岸，我在东京，托大刘带", "{when}大刘帮我带王先生父母复看蔚蓝海岸"])
    e.cu(J("07-29 09:05"), "大刘{clock}帮我带客户复看蔚蓝海岸，帮我拟条微信提醒他带鞋套和户型图",
         reply="可以这样发：「刘哥，{clock}蔚蓝海岸复看辛苦你啦，记得带鞋套和户型图，老人家关心学位和电梯，"
               "有问题随时微信我。」", sess="s_wang")
    e.mi(J("07-29 13:30"), "大刘说王先生父母看完挺满意，老人家就问了学位和电梯")
    e.mi("08-02 16:00", "{day}大刘帮我带的那组老人家，又打电话来问学位", pick="^上周四$")

    e = E("fly_back", "飞回深圳", "event", "low", ["trip"], at="07-30 16:40")
    e.cal("fly_back")
    e.mi(J("07-29 23:40"), ["{daypart}回深圳，行李估计要超重", "{daypart}的飞机回深圳"])
    e.cu(J("07-30 10:30"), "帮我查下回程航班几点起飞，换算成北京时间",
         tool={"flight": "成田 → 深圳宝安", "date": "2027-07-30", "dep_local": "17:40", "dep_tz": "Asia/Tokyo",
               "arr_local": "21:10", "arr_tz": "Asia/Shanghai", "status": "准点"},
         reply="回程航班 {absbj} 从成田起飞，目前显示准点，飞行大约四个半小时。", sess="s_trip")
    e.mi("07-30 22:50", "到家了，乐乐抱着新干线不撒手")

    e = E("m_packing", "东京要带的东西", "mention", "low", ["trip"])
    e.mi("07-25 22:50", "东京要带的东西：转换插头、充电宝、感冒药", app="notes")

    e = E("m_daliu_job", "大刘在考虑跳槽做新房", "mention", "low", ["daliu"])
    e.mi(J("07-29 22:30"), "大刘喝多了跟我说他在考虑跳去做新房渠道，让我先别告诉周姐")

    e = E("lele_pmeet", "小雯去开乐乐幼儿园家长会", "event", "low", ["lele", "xiaowen"], at="07-27 19:00")
    e.mi("07-26 20:35", "乐乐幼儿园{when}开家长会，小雯去，我在家收拾行李")
    e.mi("07-27 21:30", "小雯开完家长会回来说，老师夸乐乐吃饭最快")

    e = E("lele_sports", "乐乐幼儿园亲子运动会", "event", "low", ["lele"], at="07-31 09:00")
    e.mi("07-26 20:30", ["乐乐幼儿园{when}亲子运动会，小雯说我必须到", "{when}乐乐亲子运动会，要穿班服"])
    e.mi("07-31 00:20", "{day}亲子运动会，班服总算找到了，压在箱子底下", z=True)
    e.mi("07-31 12:00", "亲子运动会拿了个第三，乐乐比我还激动")

    e = E("lele_beach", "答应乐乐去大梅沙玩水", "commitment", "low", ["lele", "family"], at="08-01",
          done="08-01 11:30")
    e.mi("07-30 23:05", "答应乐乐{day}去大梅沙玩水，给他买个新的小水桶")
    e.mi("08-01 12:00", "带乐乐去大梅沙玩水，晒黑了一圈", anchor="done")

    e = E("dec_massage", "定了：奖金给罗妈换按摩椅", "decision", "low", ["mom", "family"], at="07-31 20:00")
    e.mi("07-31 20:15", "跟小雯商量定了，这次的奖金给罗妈换个按摩椅")

    e = E("mom_report", "取罗妈的体检报告", "todo", "low", ["mom", "mom_health"], at="08-02", done="08-02 18:20")
    e.mi("07-31 10:30", ["罗妈的体检报告出了，{due}得去医院拿", "体检报告{due}去南山医院取"])
    e.mi("08-02 18:25", "罗妈的报告拿回来了，医生说血脂偏高，要少吃腊肉", anchor="done")

    e = E("perf_report", "业绩表和带看记录交给周姐", "todo", "high", ["shop"], at="08-02", done="08-02 09:10")
    e.mi("07-27 11:00", ["业绩表和带看记录{due}交给周姐", "{due}要把业绩表和带看记录交给周姐"])
    e.cu("08-01 21:00", "{due}要交业绩表，帮我把带看次数按客户汇总一下",
         run=("按客户汇总带看次数", "已汇总：王先生 4 次、陈太房源 6 次、赵小姐 2 次，共 23 组", "succeeded", 2),
         reply="汇总好了：王先生 4 次、陈太房源 6 次、赵小姐 2 次，合计 23 组，表格在附件里。", title="业绩表")
    e.mi("08-02 09:15", "业绩表交给周姐了，一共带看23组", anchor="done")

    e = E("wang_list", "答应把面签材料清单发给王先生", "commitment", "low", ["wang", "loan"], at="08-03",
          done="08-02 10:05")
    e.mi("08-01 17:00", ["答应王先生{due}把面签要的材料清单发给他", "跟王先生说好{due}把面签材料清单发他"])
    e.mi("08-02 10:12", "面签材料清单发给王先生了：收入证明、流水、婚姻证明", anchor="done")

    e = E("chen_open", "陈太房子集中带看（台风改期）", "event", "high",
          ["chen", "viewing", "typhoon", "changed", "chen_open"], at="08-07 14:00", old=[("08-03 16:00", "rescheduled")])
    e.mi("07-31 15:00", ["{when}陈太那套香蜜湖做集中带看，约了四组客户", "集中带看定在{when}，陈太香蜜湖"], anchor="old0")
    e.cu("08-02 18:30", "{when}要给陈太的房子做集中带看，四组客户怎么排才不撞车？", anchor="old0",
         reply="建议每组错开二十分钟进门；{abs} 开始前把灯和窗帘都打开，门口放鞋套，每组看完马上登记意向。",
         sess="s_chen")
    e.cal("chen_open")
    e.cu("08-03 12:10", "台风来了，陈太那边的集中带看改到{when}，帮我写条通知发给约好的四组客户",
         reply="通知可以这样写：「各位好，受台风影响，香蜜湖房源集中带看改到{abs}，地点不变，届时恭候，注意出行安全！」",
         sess="s_chen")
    e.mi("08-03 12:20", ["集中带看改到{when}了", "陈太的集中带看挪到{when}"])
    e.mi("08-03 12:40", "陳太：{when}得，我會喺度等你哋", app="wechat", trad=True)
    e.mi("08-07 17:30", "集中带看来了三组，有一组出价850万，陈太说再等等")

    e = E("zhao_view2", "带赵小姐复看书城一房（台风取消）", "event", "low",
          ["zhao", "viewing", "typhoon", "changed"], old=[("08-03 15:00", "cancelled")])
    e.mi("08-01 20:00", "{when}带赵小姐复看书城那套一房，她男朋友一起来", anchor="old0")
    e.cal("zhao_view")
    e.mi("08-03 11:50", ["台风黄色预警，{daypart}的带看取消了，跟赵小姐说好台风过了再约", "台风来了，赵小姐{daypart}的复看取消"],
         anchor="old0")
    e.mi("08-05 19:10", "赵小姐说她男朋友单位分了宿舍，书城那套先不租了")

    e = E("typhoon_shop", "台风天门店提前关门", "event", "low", ["typhoon", "shop"], at="08-03 16:00")
    e.mi("08-03 13:00", "周姐通知门店{clock}关门，大家早点回家")
    e.mi("08-03 16:40", "门店关了，地铁挤爆，风好大")

    e = E("xw_trip", "小雯去广州出差（台风推迟）", "event", "low", ["xiaowen", "typhoon", "changed"], at="08-05",
          old=[("08-03", "rescheduled")])
    e.mi("08-01 21:10", ["小雯{day}去广州出差两天，乐乐接送归我", "{day}小雯去广州出差，我负责接送乐乐"], anchor="old0")
    e.mi("08-03 07:30", ["台风高铁停运，小雯出差改到{day}", "小雯的出差推到{day}了，高铁停了"])
    e.cu("08-04 21:30", "小雯{day}一早去广州，帮我看看深圳北到广州南的高铁还有没有票",
         tool={"query": "深圳北→广州南", "date": "2027-08-05",
               "trains": [{"no": "G6011", "dep": "07:30", "arr": "08:05", "second_class": "有票"},
                          {"no": "G6013", "dep": "08:10", "arr": "08:48", "second_class": "候补"}]},
         reply="8月5日的票还算充足：G6011 07:30 发车、08:05 到广州南，二等座有票；G6013 只能候补。", link=False,
         sess="s_home")


def declare_events_3():
    E = Ev
    # ------------------------------------------------------------ week 3 (08-02 .. 08-08)
    e = E("shop_0802", "门店周例会", "event", "low", ["shop"], at="08-02 09:30")
    e.cal("shop", "08-02 09:30")
    e.mi("08-02 10:40", "例会时周姐提醒台风要来，带看都要提前跟客户确认")

    e = E("travelogue", "给公司公众号写东京游记", "todo", "low", ["shop", "trip"], at="08-06")
    e.mi("08-02 11:00", ["周姐让我{due}交一篇东京游记，给公司公众号用", "东京游记{due}要交给周姐，公众号要发"])

    e = E("m_market", "传闻深圳要松绑限购，咨询变多", "mention", "low", ["market"])
    e.mi("08-02 15:20", "传闻深圳又要松绑限购，来电咨询的客户多了一倍")

    e = E("wang_loan", "陪王先生去招行面签", "event", "high", ["wang", "loan"], at="08-05 14:30")
    e.mi("08-02 10:15", ["{when}陪王先生去招行面签，贷款经理姓黄", "{when}招行面签，王先生夫妇都要到"])
    e.mi("08-02 10:17", "{when} 陪王先生去照行面签", app="voice", pick="^(周四|这周四|星期四|8月5号)")
    e.cu("08-02 10:20", "帮我记一下，{when}陪王先生去招行面签", reply="已记下：{abs} 陪王先生到招商银行面签。",
         sess="s_wang")
    e.cal("wang_loan")
    e.cu("08-04 21:00", "{when}带客户去银行面签，客户是自由职业，流水不太稳定怎么办？",
         reply="可以准备近两年的纳税证明、大额存款或理财证明作为还款能力补充，必要时加一个共同借款人；"
               "面签时如实说明收入来源，材料前后要一致。", link=False, sess="s_wang")
    e.mi("08-05 16:20", "面签完了，黄经理说两周左右出审批")

    e = E("wang_cert", "王先生补交在职证明", "todo", "low", ["wang", "loan"], at="08-06", done="08-06 11:00")
    e.mi("08-05 16:25", "黄经理要王先生补一份在职证明，{due}交")
    e.mi("08-06 11:05", "王先生的在职证明补交给黄经理了", anchor="done")

    e = E("lele_vaccine", "小雯带乐乐打疫苗", "event", "low", ["lele", "xiaowen"], at="08-04 10:00")
    e.mi("08-02 20:50", "小雯{when}带乐乐去社康打疫苗，记得把疫苗本找出来", exact=True)
    e.mi("08-02 20:52", "小雯 {when} 带乐乐去射康打一苗 疫苗本", app="voice", exact=True)
    e.mi("08-04 12:10", "小雯说乐乐打针没哭，奖励了一根冰棍")

    e = E("lele_grad", "乐乐暑期班结业演出", "event", "high", ["lele"], at="08-06")
    e.mi("08-02 20:40", ["乐乐暑期班{day}结业演出，他演小兔子，小雯说我们俩都得到场", "{day}乐乐暑期班结业演出，要穿白T恤"])
    e.cal("lele_grad")
    e.cu("08-05 21:00", "乐乐{day}结业演出演小兔子，有什么不花钱又能让他开心的小奖励？",
         reply="可以给他做一张“小兔子之星”奖状，演出后全家拍张合影；回家让他当一晚“家庭小主人”，决定晚饭吃什么。",
         link=False, sess="s_home")
    e.mi("08-06 18:20", "结业演出结束，乐乐的小兔子跳错了两个动作，笑死")

    e = E("he_view", "带何先生看福田两房", "event", "low", ["he", "viewing"], at="08-04 15:00")
    e.mi("08-03 21:00", "{when}带何先生看福田中心区那套两房")
    e.mi("08-04 16:30", "何先生看了福田两房，觉得离地铁太远")

    e = E("qixi_book", "订过节（七夕）的餐厅", "todo", "high", ["xiaowen", "qixi"], at="08-06", done="08-05 13:10")
    e.mi("08-02 21:30", ["跟小雯过节的餐厅{due}要订好，不然没位", "过节吃饭的餐厅{due}得订，海上世界那几家都抢手"])
    e.cu("08-03 21:05", "帮我比较一下海上世界几家西餐厅，{due}要订好",
         run=("比较海上世界西餐厅的人均和空位", "比价失败：点评接口限流", "failed", 1),
         reply="比价没成功，点评那边限流了。可以直接打餐厅电话问过节当晚的空位，靠窗位最好早点订。",
         title="订餐厅")
    e.mi("08-05 13:15", "餐厅订好了，海上世界那家西餐，靠窗的位子", anchor="done")

    e = E("qixi_dinner", "七夕和小雯吃饭", "event", "high", ["xiaowen", "qixi"], at="08-08 19:00")
    e.mi("08-05 13:18", "七夕那天，{when}，海上世界，别迟到", allow=("七夕",), pick="^8月8号晚上", exact=True)
    e.cal("qixi")
    e.cu("08-06 12:30", "七夕{when}跟老婆吃饭，送什么礼物比较好？预算两千", allow=("七夕",),
         pick="^(周日|这周日|星期天|礼拜天|8月8号|8月8日)晚上",
         reply="预算两千可以考虑：一束花加一件她念叨过的小物件，比如香水或耳饰；再手写一张卡片，写写这一年的小事，"
               "比贵的礼物更打动人。", link=False, sess="s_home")
    e.cu("08-07 21:30", "帮我写一段贺卡上的话，给老婆的，过节送花用",
         reply="「谢谢你把家照顾得这么好，也谢谢你一直包容我忙到很晚。以后的每一年，都想和你一起过。」", link=False,
         sess="s_home")
    e.mi("08-08 16:50", "花店的玫瑰比平时贵了一倍，过节就是这样")
    e.mi("08-08 21:50", "吃完饭了，小雯很喜欢那束花")

    e = E("daliu_duty", "答应帮大刘顶一天值班", "commitment", "low", ["daliu", "shop"], at="08-07",
          done="08-07 18:00")
    e.mi("08-02 17:30", ["答应大刘{day}帮他值班，他要回老家喝喜酒", "{day}帮大刘顶班，他回老家"])
    e.mi("08-07 09:00", "值班日，门店就我一个，空调开到最大", app="voice")
    e.mi("08-07 18:10", "帮大刘值完班了，顺手接了两个租房咨询", anchor="done")

    e = E("mom_night", "罗妈凌晨血压高头晕", "event", "low", ["mom", "mom_health"], at="08-05 03:00")
    e.mi("08-05 07:10", "{when}罗妈说头晕，量了血压一百六，吃了药才缓过来", pick="凌晨")
    e.cu("08-05 07:30", "老人家夜里血压到一百六、头晕，吃了降压药缓过来了，还需要去医院吗？",
         reply="血压一度到 160 并伴头晕，建议尽快带老人到医院心内科或全科复查、调整用药；平时注意休息、低盐饮食，"
               "出现胸闷、说话不清等情况要立即就医。", link=False, sess="s_home")

    e = E("m_mom_better", "罗妈精神好多了", "mention", "low", ["mom", "mom_health"])
    e.mi("08-06 09:30", "罗妈精神好多了，还去了趟菜市场")

    e = E("m_lele_word", "乐乐会说“谢谢叔叔”了", "mention", "low", ["lele"])
    e.mi("08-04 21:10", "乐乐突然会说“谢谢叔叔”了，小雯说是暑期班老师教的")

    e = E("dec_chen_hold", "陈太决定850万不卖、挂牌价不动", "decision", "high", ["chen"], at="08-07 20:00")
    e.mi("08-07 20:10", "陈太定了：850万不卖，挂牌价不动，再观望一阵")
    e.mi("08-07 20:12", "陳太：850萬唔賣住，再睇下先", app="wechat")
    e.cu("08-07 20:30", "业主拒了850万的出价，我怎么回买家既不伤和气又能留住他？",
         reply="可以这样说：「业主暂时想再看看市场，但很认可您的诚意；您那边价格如果还有空间，我随时帮您再约。」"
               "同时推荐一两套同片区的备选房源。", sess="s_chen")


# ================================================================ noise (u_dev11)
# Records that belong to no event. Several carry time words or time-like numbers on purpose
# (a service that surfaces them is imprecise): 「今天带看三组」, 「每周六上午9点到11点」, 「地铁2号线」,
# 「第9号台风」, 「下午茶点了一点点」, 「例会上周姐发了火」 (上周 is not meant), 「半个月前」 and 「明早」
# (forms the conventions do not list), 「凌晨两点」, 「三天打鱼两天晒网」.
NOISE_MI = [
    ("07-19 07:45", "地铁2号线又挤成沙丁鱼，下次早点出门", "voice"),
    ("07-19 11:30", "天太热了，衬衫湿透，车上得备件替换的", "voice"),
    ("07-19 14:10", "同事说海岸城楼下新开了家潮汕牛肉火锅", None),
    ("07-19 22:40", "今天步数两万一，脚底板疼", None),
    ("07-20 08:05", "每周六上午9点到11点门店搞开放日，周姐说要常态化", "notes"),
    ("07-20 10:30", "南山这两个月二手挂牌量又涨了，买家越来越会砍价", None),
    ("07-20 12:40", "下午茶点了一点点，同事请客", "notes"),
    ("07-20 16:50", "想法：给每个业主做一页房屋体检报告，带看时发给买家", "notes"),
    ("07-21 07:50", "乐乐早上赖床，非要穿奥特曼的衣服去幼儿园", "voice"),
    ("07-21 11:05", "单价八万三，总价算下来七百四左右", "clipboard"),
    ("07-21 15:20", "呃那个 帮我 嗯 算了", "voice"),
    ("07-21 19:10", "刚下班，晚饭吃了个猪脚饭", None),
    ("07-22 08:30", "早上周姐在群里发火，说带看记录不填的一律扣分", "notes"),
    ("07-22 15:30", "半个月前看过的那套南山二手，业主又降了二十万", None),
    ("07-22 17:20", "今天太阳太毒，带看要多备几瓶水在车上", None),
    ("07-23 00:30", "凌晨了还在回客户微信，明天又是一堆带看", "voice"),
    ("08-05 00:15", "睡不着，把下周要推的房源又排了一遍", None),
    ("07-23 08:10", "早高峰深南大道堵成停车场", "voice"),
    ("07-23 12:15", "午饭：隆江猪脚饭，第三次了", None),
    ("07-23 15:45", "客户老问满五唯一，税费说明该做成模板了", "notes"),
    ("07-23 19:40", "乐乐睡前要听三遍小猪佩奇才肯睡", None),
    ("07-24 07:20", "天气预报说下周有台风生成，带看安排要留余地", "notes"),
    ("07-24 13:10", "周末的门店比平时还忙，饭都没时间吃", "voice"),
    ("07-24 16:20", "三天打鱼两天晒网，健身卡又白办了", None),
    ("07-24 22:30", "每天都在跑盘，鞋底都磨平了", None),
    ("07-25 08:40", "周日也得回客户消息，当经纪人就没有休息日", "voice"),
    ("07-25 12:30", "家里煲了老火汤，一口气喝了两碗", None),
    ("07-25 14:50", "十年前刚来深圳住城中村，现在卖别人的房子", None),
    ("07-26 07:55", "今天周一，门店里人手不够，有同事请假", "voice"),
    ("07-26 13:40", "深圳的夏天一点都不想出门，偏偏要带看", None),
    ("07-26 16:10", "有个业主问能不能卖了再买，置换周期怎么排", "notes"),
    ("07-26 23:10", "行李箱翻出来了，轮子坏了一个", None),
    ("07-27 13:30", "同事说他表哥在日本开中餐馆，让我们去捧场", None),
    ("07-27 16:40", "下午茶喝了杯生椰拿铁，续命", None),
    ("07-27 22:15", "乐乐知道我要出差，抱着不让走", "voice"),
    (J("07-28 17:20"), "东京地铁换乘太复杂了，跟着周姐走就对了", None),
    (J("07-29 00:40"), "睡不着，刷了会儿贝壳，蔚蓝海岸又挂出来一套同户型的", None),
    (J("07-29 10:50"), "便利店的饭团真好吃，金枪鱼蛋黄酱那款", None),
    (J("07-29 16:40"), "秋叶原的二手相机便宜得离谱，忍住了", None),
    (J("07-30 09:30"), "酒店房间小得转不开身，箱子只能竖着开", "voice"),
    (J("07-30 11:20"), "成田免税店的白色恋人买了四盒，分给门店", None),
    ("07-31 08:10", "回来第一天，时差没有，就是累", "voice"),
    ("07-31 13:30", "周末带看约满了，周姐说台风季要多备伞", None),
    ("07-31 09:20", "凌晨两点才把东京的照片整理完，困死", None),
    ("08-01 09:10", "乐乐一早就把新干线玩具摆满了客厅", None),
    ("08-02 07:40", "第9号台风生成了，气象台说可能正面吹深圳", "notes"),
    ("08-02 08:50", "每周一例会前都要把带看记录补齐，不然周姐念", "notes"),
    ("08-02 13:10", "午饭就一个面包，下午还有两组", "voice"),
    ("08-02 19:30", "超市的水和方便面都被抢光了，台风前都这样", None),
    ("08-03 09:20", "风越来越大，门店的易拉宝被吹倒了", "voice"),
    ("08-03 14:30", "在门店躲雨，顺便把房源描述都改了一遍", None),
    ("08-03 22:10", "台风天在家，阳台的花盆都搬进来了", None),
    ("08-04 07:50", "台风过了，满街都是断树枝", "voice"),
    ("08-04 13:50", "一点都不想吃午饭，太热了", None),
    ("08-04 18:20", "地铁11号线恢复了，终于不用打车", None),
    ("08-05 10:40", "今天约了三组带看，午饭估计又要凑合", "voice"),
    ("08-05 12:20", "客户问公积金能贷多少，回头整理一下最新政策", "notes"),
    ("08-05 22:10", "每天晚上都在回消息，家里人说我手机长在手上", None),
    ("08-06 14:40", "周姐说下个月要冲业绩，全员周末不休", None),
    ("08-06 21:30", "明早要早起，先睡了", "voice"),
    ("08-07 12:30", "外卖迟到四十分钟，骑手说台风后单太多", None),
    ("08-08 10:10", "周日难得睡到自然醒", None),
    ("08-08 15:20", "小家伙午睡不肯睡，哄了半天", None),
]

NOISE_CHAT = [
    # (time, user text, assistant reply, tool, title, session)
    ("07-19 09:40", "满五唯一是什么意思？", "指房产证满五年、且是卖方家庭在当地唯一的住房；满足条件的二手住宅转让可免个人所得税。",
     None, "知识问答", None),
    ("07-19 21:40", "帮我写一条朋友圈：南山三房急售，南北通透", "「南山三房急售｜南北通透｜业主诚心，看房随时约～」要不要加上小区名和面积？",
     None, "文案", None),
    ("07-20 11:10", "公积金贷款额度在深圳一般怎么算？",
     "深圳公积金贷款额度一般与缴存余额和缴存时间挂钩，并设有个人和家庭的最高限额；具体以公积金中心的计算器为准。",
     None, "知识问答", None),
    ("07-20 22:30", "等额本息和等额本金有什么区别？",
     "等额本息每月还款额固定，前期利息占比高；等额本金每月本金固定，月供逐月递减，总利息更少但前期压力大。",
     None, "知识问答", None),
    ("07-21 12:50", "“这套房南北通透，采光很好”用英文怎么说？",
     "This apartment faces both north and south, so it gets plenty of natural light.", None, "翻译", None),
    ("07-22 19:30", "三岁小孩晚上总踢被子怎么办？", "可以给他穿连体睡衣或用睡袋，空调调到 26℃ 左右，别捂太厚。",
     None, "育儿", None),
    ("07-23 13:20", "给我讲个冷笑话", "为什么房产经纪人不怕冷？因为他们天天都在“带看”（带暖）……好吧，确实挺冷的。",
     None, "闲聊", None),
    ("07-24 21:10", "带看的时候客户一直挑毛病，是不是不想买？",
     "恰恰相反，挑毛病常常说明对方在认真考虑，想找议价空间；可以把问题一条条记下，逐个给出解决方案或价格依据。",
     None, "销售技巧", None),
    ("07-25 09:30", "“多少钱”用日语怎么说？", "いくらですか（ikura desu ka）。", None, "日语", "s_jp"),
    ("07-25 20:40", "“谢谢”和“不好意思”日语怎么说？", "谢谢：ありがとうございます；不好意思／打扰了：すみません。", None, "日语", "s_jp"),
    ("07-26 09:20", "东京地铁一日券划算吗？",
     "如果一天坐四五次以上就划算；东京 Metro 和都营线的通票覆盖大部分景点，机场线另算。", None, "日语", "s_jp"),
    ("07-26 14:30", "日本的插座和国内的一样吗？", "日本是 A 型两扁脚、100V，国内的两扁脚插头一般能直接用，三脚插头要转换器。",
     None, "出行", None),
    ("07-27 21:30", "“请给我一张去浅草的票”日语怎么说？", "浅草までの切符を一枚ください。", None, "日语", "s_jp"),
    (J("07-28 18:30"), "居酒屋点菜“这个”“那个”日语怎么说？", "这个：これ；那个：それ／あれ。点菜时指着菜单说“これをください”就行。",
     None, "日语", "s_jp"),
    (J("07-29 11:30"), "日本吃饭要给小费吗？", "日本一般不收小费，直接按账单付即可；部分高级餐厅会加服务费，账单上会写明。",
     None, "日语", "s_jp"),
    (J("07-30 10:10"), "退税的东西能在机场打开吗？", "消耗品类免税商品原则上要密封带出日本，在日本境内拆封可能被要求补税。",
     None, "日语", "s_jp"),
    ("07-31 16:20", "帮我写一条成交喜报，低调点", "「感谢客户的信任，又一个家安顿下来了。房子是一套套带出来的，信任是一点点攒起来的。」",
     None, "文案", None),
    ("08-01 10:00", "二手房过户一般要多久？", "材料齐全的话，登记中心受理后通常一到三个工作日出新证，有贷款的还要等银行放款。",
     None, "知识问答", None),
    ("08-02 07:50", "台风天车停地库安全吗？", "地势低的地库有水浸风险，台风暴雨前尽量把车停到高处或地面立体车位，别停在坡道口。",
     None, "台风", None),
    ("08-02 22:00", "深圳现在的台风预警是什么颜色？", "目前深圳市气象台发布的是台风蓝色预警，预计明天升级，请关注官方通知。",
     {"source": "weather", "city": "深圳", "alerts": [{"type": "台风", "level": "蓝色", "issued_at": "2027-08-02T21:40:00+08:00"}],
      "forecast": [{"date": "2027-08-03", "wind": "10-12级", "rain": "暴雨"}]}, "台风", None),
    ("08-03 08:10", "台风黄色预警是什么级别？", "黄色预警表示 24 小时内可能或者已经受热带气旋影响，平均风力 8 级以上；幼儿园和中小学一般停课。",
     None, "台风", None),
    ("08-04 19:40", "三岁小孩打完疫苗能洗澡吗？", "一般建议接种后 24 小时内不洗澡，避免针眼感染；如有发热或红肿明显及时就医。",
     None, "育儿", None),
    ("08-05 23:10", "失眠了，有什么快速入睡的方法？", "试试 4-7-8 呼吸法：吸气 4 秒、屏气 7 秒、呼气 8 秒，重复几轮；睡前别刷手机。",
     None, "闲聊", None),
    ("08-06 20:30", "七夕是怎么来的？", "七夕源自牛郎织女的传说，农历七月初七，古代又叫乞巧节，女子在这天向织女乞求巧艺。",
     None, "知识问答", None),
    ("08-07 13:20", "周末值班太无聊了，推荐个播客", "可以听听《忽左忽右》的城市与历史话题，或者《声东击西》，通勤、值班都合适。",
     None, "闲聊", None),
    ("07-19 22:30", "帮我把这段房源描述改得更吸引人：三房两厅，南北通透，近地铁",
     "「三房两厅，南北通透，一梯两户，步行五分钟到地铁；客厅连着大阳台，采光从早到晚都好。」", None, "文案", None),
    ("07-20 07:50", "早上喝咖啡还是喝茶对胃好？", "空腹喝咖啡对胃刺激更大，胃不好的话可以先吃点东西再喝，或者换成淡茶。", None, "闲聊", None),
    ("07-21 23:20", "二手房网签是什么？", "网签是买卖双方在房管部门系统里备案合同，备案后这套房就不能再跟别人签，起到防止一房多卖的作用。",
     None, "知识问答", None),
    ("07-22 16:40", "投资商铺的租金回报率一般怎么算？", "年租金 ÷ 总价（含税费）× 100%，深圳核心商圈商铺一般在 2%～4%，还要扣掉空置期和物业费。",
     None, "知识问答", None),
    ("07-23 10:30", "什么是资金监管？", "买卖双方把房款存进银行监管账户，过户完成、条件满足后银行才把钱划给卖方，保障双方资金安全。",
     None, "知识问答", None),
    ("07-24 19:30", "三岁孩子老说“不要”，是叛逆期吗？", "两三岁是自我意识萌芽期，爱说“不要”很正常；可以给他两个选项让他选，比直接命令更有效。",
     None, "育儿", None),
    ("07-26 12:20", "东京这几天热吗？要带伞吗？", "东京这几天 26～33℃，有阵雨，建议带一把折叠伞和防晒。",
     {"source": "weather", "city": "东京", "days": [{"date": "2027-07-28", "high": 33, "low": 26, "desc": "多云转阵雨"},
                                                  {"date": "2027-07-29", "high": 32, "low": 25, "desc": "晴"},
                                                  {"date": "2027-07-30", "high": 31, "low": 25, "desc": "阵雨"}]},
     "出行", None),
    ("07-27 09:20", "成田机场到新宿怎么走最方便？", "可以坐成田特快 N'EX 直达新宿，大约 80 分钟；预算紧的话坐京成线换 JR，便宜但要换乘。",
     None, "日语", "s_jp"),
    (J("07-28 20:10"), "日本便利店能用支付宝吗？", "7-11、全家、罗森大多支持支付宝和微信支付，收银台一般有标识；小店最好备点现金。",
     None, "日语", "s_jp"),
    ("07-31 21:10", "老人血脂高，饮食上要注意什么？", "少吃动物内脏、肥肉、腊味和油炸食品，多吃蔬菜、燕麦、豆制品和深海鱼，配合适量运动。",
     None, "健康", None),
    ("08-01 08:30", "深圳哪里有适合三岁小孩的室内游乐场？", "可以看看海岸城、欢乐港湾附近的亲子乐园，或者深圳自然博物馆的儿童区，下雨天也能去。",
     None, "育儿", None),
    ("08-01 13:40", "房子满两年和满五年，税费差多少？", "深圳普通住宅满两年免增值税；满五唯一再免个税。两者差的主要是个税，通常是差额的 20% 或全额的 1%。",
     None, "知识问答", None),
    ("08-04 09:10", "台风过后树倒了挡住车库门，该找谁？", "小区内的树找物业处理；市政道路上的可以打 12345 市民热线报修，别自己硬挪。",
     None, "台风", None),
    ("08-04 14:20", "帮我给门店抖音号想几个名字", "「海岸城看房阿明」「南山房事」「阿明带你看好房」——带上名字和片区，更容易被本地人搜到。",
     None, "文案", None),
    ("08-05 20:20", "推荐一部适合全家一起看的动画电影", "《寻梦环游记》《龙猫》《疯狂动物城》都合适，三岁孩子看《龙猫》最不会被吓到。", None, "闲聊", None),
    ("08-07 10:20", "周末带看高峰怎么安排才不撞车？", "按小区把客户分批，同一小区的集中在一个时段，路线由近到远；每组之间留出路上和讲解的时间。",
     None, "销售技巧", None),
    ("08-08 11:40", "帮我推荐几首适合七夕放的歌", "《小幸运》《告白气球》《遇见》《最浪漫的事》——最后一首放在吃饭时刚好。",
     None, "闲聊", None),
]

NOISE_RUNS = [
    ("07-26 15:10", "帮我订东京迪士尼的门票，两张", "好的，已开始预订……你取消了这个任务，门票未购买。",
     ("预订东京迪士尼门票两张", "任务已被用户取消", "cancelled", 1), "迪士尼门票"),
    ("08-02 21:50", "帮我盯着台风路径，有升级就提醒我", "好的，已开始跟踪台风路径，预警升级会第一时间提醒你。",
     ("持续跟踪台风路径并推送预警", None, "running", 0), "台风跟踪"),
]


def declare_noise():
    for obs, text, app in NOISE_MI:
        noise_mi(MAIN_USER, obs, text, app)
    # the same thing typed twice within minutes, belonging to no event
    noise_mi(MAIN_USER, "07-22 17:22", "今天太阳太毒，带看要多备几瓶水在车上", None)
    for obs, u, a, tool, title, sess in NOISE_CHAT:
        noise_turn(MAIN_USER, obs, u, a, tool=tool, title=title, sess=sess)
    for obs, u, a, run, title in NOISE_RUNS:
        noise_turn(MAIN_USER, obs, u, a, title=title, run=run)
    # a multi-turn chit-chat session with no time at all
    t0 = "07-24 22:40"
    noise_turn(MAIN_USER, t0, "跟你说，今天有个客户看了八套房还没定", "八套还没定，多半是心里的标准还没理清，可以帮他把必须项和加分项列出来。",
               title="闲聊", sess="s_chat")
    noise_turn(MAIN_USER, "07-24 22:44", "他说要学位、要高层、要新，还要便宜", "那就得帮他做取舍了：四个条件里先问他最不能让的是哪一个。",
               title="闲聊", sess="s_chat")
    noise_turn(MAIN_USER, "07-24 22:49", "哈哈，我就是这么问的", "那你已经是老司机了 😄", title="闲聊", sess="s_chat")


# ================================================================ the other user (isolation)
# 苏晓岚, 3D character artist at a game studio in 南山 科技园; a cat 团子, boyfriend 阿哲.
# Several of her times collide with u_dev11's on purpose (版本评审 07-21 16:00 = 李老板签约; 提测
# 08-05 14:30 = 招行面签; 高铁 07-28 08:15 = 飞东京; 看电影 08-08 19:00 = 七夕晚餐).
OTHER_MI = [
    ("07-19 10:20", "主美说新角色的高模面数还得再减三成，法线要重烘"),
    ("07-20 21:05", "明天下午4点版本评审，角色贴图还差两张没出"),
    ("07-21 18:30", "版本评审过了，主美只挑了发丝穿模的问题"),
    ("07-22 13:00", "团子又把键盘当床睡，代码没写成，贴图也没画成"),
    ("07-23 20:15", "普拉提课老师说我的核心太弱，回家练平板支撑"),
    ("07-24 11:00", "给团子买的猫砂到了，二十斤扛上楼差点断气"),
    ("07-26 20:30", "后天早上8点15的高铁去广州参加美术沙龙"),
    ("07-28 18:40", "沙龙上听了原画大佬讲光影，收获很大"),
    ("07-30 09:50", "阿哲说周末想去西涌露营，我只想在家补觉"),
    ("08-02 10:05", "周四下午2点半提测，绑定师还在改蒙皮权重"),
    ("08-02 19:20", "策划又改需求，武器要加一套发光特效"),
    ("08-03 15:10", "台风天居家办公，渲染农场排队排到天荒地老"),
    ("08-04 22:30", "UV 展开又翻车，明天找技术美术救命"),
    ("08-05 17:00", "提测通过，QA 只提了两个贴图接缝"),
    ("08-06 12:40", "8月8号晚上7点和阿哲去看电影，票已经买好"),
    ("08-07 15:30", "周末加班赶宣传图，甲方要赛博朋克风"),
    ("08-08 22:20", "电影还行，爆米花太甜了"),
]
OTHER_CHAT = [
    ("07-19 16:00", "Substance Painter 里烘焙法线总有接缝怎么办？", "检查 UV 接缝处的 padding 是否足够，烘焙时开启 cage 并适当调大距离，高低模的平滑组要一致。"),
    ("07-22 22:10", "猫咪疫苗要间隔多久打一次？", "幼猫一般三针、间隔三到四周；成猫每年加强一次猫三联，狂犬疫苗按当地要求接种。"),
    ("07-25 18:20", "普拉提一周练几次比较合适？", "初学者一周两到三次，每次四十分钟到一小时，中间留出恢复时间。"),
    ("07-31 11:15", "ZBrush 的 DynaMesh 和 ZRemesher 有什么区别？", "DynaMesh 适合早期大形雕刻、随时重建均匀网格；ZRemesher 用于后期自动拓扑，生成更规整的四边面。"),
    ("08-03 16:30", "台风天居家办公怎么保持效率？", "固定开工时间和工作区，用番茄钟切分任务，关掉无关通知，午休后做需要专注的部分。"),
    ("08-06 09:40", "给男朋友挑个不俗气的小礼物", "可以考虑他常用物品的升级款，比如好一点的机械键盘键帽、皮质卡包，或者一起做一次手作体验。"),
]
OTHER_RUNS = [
    ("07-27 14:00", "帮我把角色贴图批量导出成 4K PNG", "导出完成：共 36 张贴图", ("批量导出角色贴图为 4K PNG", "已导出 36 张", "succeeded", 3)),
    ("08-04 10:30", "整理这次版本的提测清单", "整理失败：需求文档链接无法访问", ("整理版本提测清单", "失败：需求文档链接无法访问", "failed", 1)),
]


def declare_other():
    for obs, text in OTHER_MI:
        noise_mi(OTHER_USER, obs, text, RNG.choice(["notes", "voice", None]))
    for obs, u, a in OTHER_CHAT:
        noise_turn(OTHER_USER, obs, u, a, title="工作与生活")
    for obs, u, a, run in OTHER_RUNS:
        noise_turn(OTHER_USER, obs, u, a, title="请助手办事", run=run)
    VEvent(OTHER_USER, "o_weekly", "项目组周会", T("07-19 09:30"), T("07-19 10:30"), weekly_count=3,
           location="科技园 B 座 9F", created=T("07-01 09:00"))
    VEvent(OTHER_USER, "o_review", "版本评审（角色组）", T("07-21 16:00"), T("07-21 17:30"), location="评审室 A",
           created=T("07-15 10:00"))
    VEvent(OTHER_USER, "o_movie", "和阿哲看电影", T("08-08 19:00"), T("08-08 21:30"), location="海岸城 影院",
           created=T("08-06 12:45"))


# ================================================================ assembly
NAMED_SESSIONS = {"s_wang": "王先生买房", "s_li": "李老板后海商铺", "s_chen": "陈太香蜜湖房源",
                  "s_trip": "东京奖励游", "s_jp": "日语速成（东京行）", "s_home": "家里的事", "s_chat": "闲聊"}
PERSONS = ["王先生", "王太太", "陈太", "李老板", "赵小姐", "何先生", "周姐", "大刘", "小雯", "乐乐", "罗妈", "黄经理",
           "主美", "阿哲", "团子"]
ORGS = ["合家置业", "招行", "招商银行", "南山医院", "不动产登记中心", "幼儿园", "社康"]


def assign_ids_and_sessions():
    for r in sorted(MI, key=lambda r: (r.obs, r.user, r.text)):
        r.id = "seg_" + ulid(r.obs)
        _uniq(r.id)
    sessions, by_key, current = [], {}, {}
    for turn in sorted(TURNS, key=lambda x: (x.t, x.user, x.title)):
        if turn.sess is not None:
            k = (turn.user, turn.sess)
            if k not in by_key:
                by_key[k] = {"user": turn.user, "title": NAMED_SESSIONS.get(turn.sess, turn.title), "msgs": [], "runs": []}
                sessions.append(by_key[k])
            s = by_key[k]
        else:
            s = current.get(turn.user)
            last = s["msgs"][-1].obs if s else None
            if (s is None or turn.t - last > 3 * HOUR or turn.t <= last or day0(turn.t) != day0(last)
                    or len(s["msgs"]) >= 20):
                s = {"user": turn.user, "title": turn.title, "msgs": [], "runs": []}
                sessions.append(s)
                current[turn.user] = s
        if s["msgs"] and turn.t <= s["msgs"][-1].obs:
            raise SystemExit(f"overlapping turns in session {s['title']}: {turn.t}")
        s["msgs"].extend(turn.msgs)
        if turn.run is not None:
            s["runs"].append(turn.run)
    sessions.sort(key=lambda s: (s["msgs"][0].obs, s["user"], s["title"]))
    for s in sessions:
        s["id"] = rand_id("sess_", 10)
        for m in s["msgs"]:
            m.id = rand_id("msg_", 12)
        for r in s["runs"]:
            r.id = rand_id("run_", 10)
    return sessions


def entities(text):
    out = [{"type": "person", "text": p} for p in PERSONS if p in text]
    out += [{"type": "org", "text": o} for o in ORGS if o in text]
    return out


def wire_meinput(r, imp_of, z=False):
    rng = WIRE_RNG
    app = r.extra.get("app") or rng.choice(["notes", "notes", "voice", "wechat", "clipboard"])
    rec = {"evidence_id": r.id, "user_id": r.user, "type": "expression_segment", "text": r.text,
           "observed_at": iso(r.obs, r.tz, z=z)}
    imp = imp_of.get(r.event)
    importance = round(rng.uniform(0.68, 0.96) if imp == "high" else rng.uniform(0.3, 0.7) if imp == "low"
                       else rng.uniform(0.05, 0.5), 2)
    conf = round(rng.uniform(0.68, 0.9) if app == "voice" else rng.uniform(0.86, 0.99), 2)
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
    if re.search(r"[陳實鎖會喺哋嚟萬賣睇]", r.text):
        rec["lang"] = "zh-HK" if roll > 0.3 else None
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
        first, last = s["msgs"][0], s["msgs"][-1]
        last_t, last_tz = last.obs, last.tz
        for r in s["runs"]:
            end = r.extra["finished"] or r.obs
            if end > last_t:
                last_t, last_tz = end, r.tz
        out["sessions"].append({"session_id": s["id"], "title": s["title"],
                                "created_at": iso(first.obs - timedelta(seconds=WIRE_RNG.randint(1, 25)), first.tz),
                                "last_active_at": iso(last_t, last_tz)})
        for m in s["msgs"]:
            out["messages"].append({"message_id": m.id, "session_id": s["id"], "role": m.role,
                                    "content": m.text, "created_at": iso(m.obs, m.tz)})
        for r in s["runs"]:
            out["runs"].append({"run_id": r.id, "session_id": s["id"], "task": r.text, "status": r.extra["status"],
                                "started_at": iso(r.obs, r.tz), "finished_at": iso(r.extra["finished"], r.tz),
                                "summary": r.extra["summary"]})
    # about 5% of the messages observed in Shanghai carry their time in UTC (Z)
    cand = [i for i, m in enumerate(out["messages"]) if m["created_at"].endswith("+08:00")]
    for i in sorted(WIRE_RNG.sample(cand, k=round(0.05 * len(out["messages"])))):
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
    """Records a RFC §9 service merges: same anchor named to within ±15 min (precise) or as that day."""
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
    _, _, reason = e.old[i]
    if reason == "rescheduled":
        return time_known_at(e)
    rs = [r.obs for r in nc(e) if r.anchor == f"old{i}"]
    return max(rs) if rs else None


NAMED = [("wang", "王先生|王太太"), ("chen", "陈太|陳太"), ("li", "李老板"), ("zhao", "赵小姐"), ("he", "何先生"),
         ("daliu", "大刘|刘哥"), ("xiaowen", "小雯|老婆"), ("lele", "乐乐"), ("mom", "罗妈|我妈")]


def tag_named():
    """A person whose name occurs in an event's texts without the event being about them gets a
    '<person>_named' tag: topic queries about that person tolerate such events (allow_topics)."""
    for e in EVENTS:
        texts = " ".join(r.text for r in nc(e))
        for topic, pat in NAMED:
            if topic not in e.topics and re.search(pat, texts):
                e.topics.append(topic + "_named")


def wire_event(e):
    recs = sorted(e.recs, key=lambda r: (r.src == "cal", r.obs))
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
            "record_times": {r.ref: alabel(r.anchor) for r in recs if r.anchor and r.src != "cal"},
            "dedupe_sets": precise, "dedupe_sets_day": days}


# ================================================================ labelling (shared/dev-eval/README.md)
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
    return (e.done is not None and e.done <= now
            and any(e.done - timedelta(minutes=10) <= r.obs <= now for r in nc(e)))


def is_occurred(e, R, now):
    if e.kind in ("event", "decision"):
        iv = ev_iv(e)
        return iv is not None and overlaps(iv, R) and iv[0] <= now and time_known(e, now)
    if e.kind in ("todo", "commitment") and e.done is not None:
        return inr(e.done, R) and done_known(e, now)
    return False


def is_mentioned(e, R, now, source=None, text_re=None):
    src = {"mi": "mi", "chat": "chat", None: None}[source]
    return any(r.role == "user" and r.obs <= now and inr(r.obs, R) and (src is None or r.src == src)
               and (not text_re or re.search(text_re, r.text)) for r in nc(e))


def is_planned(e, R, now):
    iv = ev_iv(e)
    fo = first_obs(e)
    return e.kind == "event" and overlaps(iv, R) and fo is not None and fo < iv[0] and time_known(e, now)


def is_created(e, R, now):
    fo = first_obs(e)
    return e.kind in ("decision", "commitment", "todo") and inr(fo, R) and fo <= now


def is_due(e, R, now):
    return e.kind in ("todo", "commitment") and overlaps(ev_iv(e), R) and known(e, now) and not done_known(e, now)


def is_ambiguous(e, R, now, source=None, text_re=None):
    done_before = e.done is not None and e.done < R[0] and done_known(e, now)
    return (is_occurred(e, R, now) or is_mentioned(e, R, now, source, text_re)
            or (overlaps(ev_iv(e), R) and time_known(e, now) and not done_before))


def related(e, W):
    return (overlaps(ev_iv(e), W) or any(overlaps(iv, W) for iv in old_ivs(e))
            or inr(e.done, W) or any(inr(r.obs, W) for r in nc(e)))


FAR = timedelta(days=3650)


def ranges(name, now, arg=None):
    """(narrow, wide) half-open ranges per shared/time-conventions.md, in Asia/Shanghai whatever the
    offset `now` is written with; wide = the generous reading where one is arguable."""
    now = cst(now)
    d, w = day0(now), week0(now)
    H = HOUR
    one = lambda a, b: ((a, b), (a, b))
    days = {"today": 0, "yesterday": -1, "day_before": -2, "day3_before": -3, "tomorrow": 1, "day_after": 2,
            "day3_after": 3}
    if name in days:
        x = d + timedelta(days=days[name])
        return one(x, x + DAY)
    if name == "these_two_days":           # 这两天 = [yesterday, tomorrow)
        return one(d - DAY, d + DAY)
    weeks = {"this_week": 0, "last_week": -1, "next_week": 1, "week_before_last": -2}
    if name in weeks:
        x = w + timedelta(days=7 * weeks[name])
        return one(x, x + 7 * DAY)
    if name == "weekday":                  # 这周X / 上周X / 下周X / bare 周X; arg = (week offset, weekday)
        off, wd = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x, x + DAY)
    if name == "weekday_part":             # 周四下午; arg = (week offset, weekday, part start h, part end h)
        off, wd, a, b = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x + a * H, x + b * H)
    if name == "this_weekend":
        return one(w + 5 * DAY, w + 7 * DAY)
    if name == "last_weekend":
        return one(w - 2 * DAY, w)
    if name == "recent3":                  # 最近三天 = [today-2, tomorrow); the last 72 h tolerated
        return (d - 2 * DAY, d + DAY), (d - 3 * DAY, d + DAY)
    if name == "recent":                   # 最近 / 最近一周 = the last 7 days incl. today; older tolerated
        return (d - 6 * DAY, d + DAY), (d - FAR, d + DAY)
    if name == "before_weekday":           # X之前 = [now, end of X); earlier this week tolerated
        off, wd = arg
        end = w + timedelta(days=7 * off + wd + 1)
        return (now, end), (w, end)
    if name == "before_month_end":         # 月底之前 = [now, 1st of next month)
        return (now, month_start(d, 1)), (month_start(d), month_start(d, 1))
    if name == "before_date":              # M月D号之前 = [now, end of that day)
        end = Dd(arg) + DAY
        return (now, end), (w, end)
    if name == "this_month":
        return one(month_start(d), month_start(d, 1))
    if name == "last_month":
        return one(month_start(d, -1), month_start(d))
    if name == "this_morning":             # 今天上午 = [06:00, 12:00)
        return (d + 6 * H, d + 12 * H), (d, d + 13 * H)
    if name == "last_night":               # 昨晚 = [yesterday 18:00, 24:00); notes up to 04:00 tolerated
        return (d - 6 * H, d), (d - 7 * H, d + 4 * H)
    if name == "date":
        x = Dd(arg)
        return one(x, x + DAY)
    if name == "all":                      # no time word: the last 30 days up to now (api.md)
        return (now - timedelta(days=30), now), (d - FAR, d + FAR)
    raise KeyError(name)


MODE_GROUP = {"OCCURRED_IN": "occurred", "MENTIONED_IN": "mentioned", "PLANNED_IN": "planned",
              "CREATED_IN": "created", "DUE_IN": "due"}


def label_query(q, spec, now):
    R, W = ranges(spec["range"], now, spec.get("arg"))
    mode = q["mode_hint"]
    kinds, imp, topics = spec.get("kinds"), spec.get("importance"), spec.get("topics")
    tolerated = set(topics or []) | set(spec.get("allow_topics", []))
    source, text_re = spec.get("source"), spec.get("text_re")

    def rule(e):
        if not nc(e):
            return False
        return {"OCCURRED_IN": lambda: is_occurred(e, R, now),
                "MENTIONED_IN": lambda: is_mentioned(e, R, now, source, text_re),
                "PLANNED_IN": lambda: is_planned(e, R, now),
                "CREATED_IN": lambda: is_created(e, R, now),
                "DUE_IN": lambda: is_due(e, R, now),
                "AMBIGUOUS": lambda: is_ambiguous(e, R, now, source, text_re)}[mode]()

    def filt(e):
        return ((not kinds or e.kind in kinds) and (not imp or e.importance == imp)
                and (not topics or bool(set(topics) & set(e.topics))))

    must = [e for e in EVENTS if rule(e) and filt(e)]
    ids = [e.id for e in must]
    must_not = [e.id for e in EVENTS if not related(e, W)]
    allowed = [e.id for e in EVENTS if e.id not in ids and related(e, W)
               and (not topics or bool(tolerated & set(e.topics)))]
    groups = {}
    for e in must:
        if mode in MODE_GROUP:
            groups[e.id] = MODE_GROUP[mode]
        elif e.kind in ("event", "decision") and overlaps(ev_iv(e), R) and ev_iv(e)[0] <= now:
            groups[e.id] = "occurred"
        elif e.et is None or (not overlaps(ev_iv(e), W) and not inr(e.done, W)):
            groups[e.id] = "mentioned"
    assert not set(ids) & set(must_not), q["id"]
    q.update(must=ids, must_not=must_not, allowed=allowed, groups=groups,
             range={"start": iso(R[0]), "end": iso(R[1])}, range_wide={"start": iso(W[0]), "end": iso(W[1])})


# ------------------------------------------------------------------ queries
NA, NB, NC, ND, NE = T("07-19 20:30"), T("07-21 08:10"), T("07-23 18:30"), T("07-25 21:45"), T("07-26 08:30")
NF, NG = J("07-28 21:30"), J("07-29 00:20")          # asked in 东京 (+09:00); request timezone Asia/Shanghai
NH, NI, NJ, NK = T("07-31 10:00"), T("08-02 12:30"), T("08-03 19:00"), T("08-05 09:00")
NL, NM = T("08-07 16:00"), T("08-08 22:00")
TD = ["todo", "commitment"]

# (id, query, now, mode_hint, spec)
QUERY_SPECS = [
    # OCCURRED_IN
    ("o01", "昨天我都干了啥？", NB, "OCCURRED_IN", dict(range="yesterday")),
    ("o02", "前天我都忙了些什么？", NE, "OCCURRED_IN", dict(range="day_before")),
    ("o03", "上个周末都干了些什么？", NI, "OCCURRED_IN", dict(range="last_weekend")),
    ("o04", "今天都做了什么？", NF, "OCCURRED_IN", dict(range="today")),
    ("o05", "昨天都做了什么？", NG, "OCCURRED_IN", dict(range="yesterday")),
    ("o06", "7月21号那天发生了哪些事？", NM, "OCCURRED_IN", dict(range="date", arg="07-21")),
    ("o07", "上周三我做了什么？", NI, "OCCURRED_IN", dict(range="weekday", arg=(-1, 2))),
    ("o08", "昨晚我干嘛了？", NE, "OCCURRED_IN", dict(range="last_night")),
    ("o09", "这周做了哪些重要的事情？", NC, "OCCURRED_IN", dict(range="this_week", importance="high")),
    ("o10", "上周我做了哪些重要的事？", NI, "OCCURRED_IN", dict(range="last_week", importance="high")),
    ("o11", "这个周末我都干了些什么？", NM, "OCCURRED_IN", dict(range="this_weekend")),
    ("o12", "大前天做了什么？", NK, "OCCURRED_IN", dict(range="day3_before")),
    ("o13", "上星期五發生了什麼？", NI, "OCCURRED_IN", dict(range="weekday", arg=(-1, 4))),
    ("o14", "8月4号那天办了什么事？", NM, "OCCURRED_IN", dict(range="date", arg="08-04")),
    ("o15", "上周我跟王先生那边都办了些什么？", NI, "OCCURRED_IN", dict(range="last_week", topics=["wang"], allow_topics=["wang_named"])),
    ("o16", "上上周我都做了什么？", NE, "OCCURRED_IN", dict(range="week_before_last", empty=True)),
    # MENTIONED_IN
    ("m01", "我昨天说过要做什么？", NC, "MENTIONED_IN", dict(range="yesterday", kinds=TD)),
    ("m02", "上周我在聊天里跟助手说过什么？", NE, "MENTIONED_IN", dict(range="last_week", source="chat")),
    ("m03", "今天上午都记了什么？", NI, "MENTIONED_IN", dict(range="this_morning", source="mi")),
    ("m04", "最近三天我提过的要紧事有哪些？", NJ, "MENTIONED_IN", dict(range="recent3", importance="high")),
    ("m05", "上周三我在 MeInput 里记了啥？", NI, "MENTIONED_IN", dict(range="weekday", arg=(-1, 2), source="mi")),
    ("m06", "前天和助手都聊过什么？", NH, "MENTIONED_IN", dict(range="day_before", source="chat")),
    ("m07", "我用 MeInput 记过哪些跟过户有关的？", NM, "MENTIONED_IN",
     dict(range="all", source="mi", topics=["transfer"], text_re="过户|过护")),
    ("m08", "昨晚我记了什么？", NI, "MENTIONED_IN", dict(range="last_night", source="mi")),
    ("m09", "这两天我都说过些什么？", NK, "MENTIONED_IN", dict(range="these_two_days")),
    ("m10", "上周我提过哪些跟陈太有关的事？", NI, "MENTIONED_IN", dict(range="last_week", topics=["chen"], allow_topics=["chen_named"])),
    ("m11", "这个月我说起过罗妈的哪些事？", NM, "MENTIONED_IN", dict(range="this_month", topics=["mom"], allow_topics=["mom_named"])),
    ("m12", "7月27号那天我都说了什么？", NM, "MENTIONED_IN", dict(range="date", arg="07-27")),
    ("m13", "我今天记了哪些东西？", NG, "MENTIONED_IN", dict(range="today", source="mi")),
    ("m14", "我昨天記了什麼？", NH, "MENTIONED_IN", dict(range="yesterday", source="mi")),
    ("m15", "我跟助手聊过小雯的哪些事？", NM, "MENTIONED_IN",
     dict(range="all", source="chat", topics=["xiaowen"], allow_topics=["xiaowen_named"], text_re="小雯|老婆")),
    ("m16", "上个月我在聊天里提过哪些跟王先生有关的？", NM, "MENTIONED_IN",
     dict(range="last_month", source="chat", topics=["wang"], allow_topics=["wang_named"], text_re="王先生")),
    # PLANNED_IN
    ("p01", "今天都有啥安排？", NK, "PLANNED_IN", dict(range="today")),
    ("p02", "明天有什么行程？", NF, "PLANNED_IN", dict(range="tomorrow")),
    ("p03", "下周都有哪些安排？", ND, "PLANNED_IN", dict(range="next_week")),
    ("p04", "这周都安排了些什么？", NI, "PLANNED_IN", dict(range="this_week")),
    ("p05", "今天上午有哪些安排？", NK, "PLANNED_IN", dict(range="this_morning")),
    ("p06", "周四下午有什么安排？", NI, "PLANNED_IN", dict(range="weekday_part", arg=(0, 3, 12, 18))),
    ("p07", "这个周末有什么安排？", NL, "PLANNED_IN", dict(range="this_weekend")),
    ("p08", "后天都要干嘛？", NJ, "PLANNED_IN", dict(range="day_after")),
    ("p09", "下周一有什么安排？", ND, "PLANNED_IN", dict(range="weekday", arg=(1, 0))),
    ("p10", "8月8号七夕有什么安排？", NL, "PLANNED_IN", dict(range="date", arg="08-08")),
    ("p11", "周六有什么安排？", NK, "PLANNED_IN", dict(range="weekday", arg=(0, 5))),
    ("p12", "周二有什么安排？", ND, "PLANNED_IN", dict(range="weekday", arg=(1, 1))),
    ("p13", "昨天有什么安排来着？", NH, "PLANNED_IN", dict(range="yesterday")),
    ("p14", "下星期三有什麼安排？", ND, "PLANNED_IN", dict(range="weekday", arg=(1, 2))),
    ("p15", "明天有什么安排？", NJ, "PLANNED_IN", dict(range="tomorrow")),
    ("p16", "乐乐这周有什么活动安排？", NJ, "PLANNED_IN", dict(range="this_week", topics=["lele"], allow_topics=["lele_named"])),
    ("p17", "后天有什么安排？", NA, "PLANNED_IN", dict(range="day_after")),
    # CREATED_IN
    ("c01", "这周都定下了什么？", NC, "CREATED_IN", dict(range="this_week", kinds=["decision"])),
    ("c02", "最近定下来的事有哪些？", NM, "CREATED_IN", dict(range="recent", kinds=["decision"])),
    ("c03", "这周我都答应了别人哪些事？", NK, "CREATED_IN", dict(range="this_week", kinds=["commitment"])),
    ("c04", "上周记了哪些待办？", NI, "CREATED_IN", dict(range="last_week", kinds=TD)),
    ("c05", "这个月新记了哪些待办？", NK, "CREATED_IN", dict(range="this_month", kinds=TD)),
    ("c06", "上个月定了哪些事？", NM, "CREATED_IN", dict(range="last_month", kinds=["decision"])),
    ("c07", "昨天我答应过谁什么事？", NI, "CREATED_IN", dict(range="yesterday", kinds=["commitment"])),
    ("c08", "这周新加了哪些要办的事？", ND, "CREATED_IN", dict(range="this_week", kinds=TD)),
    ("c09", "昨天定了什么？", NM, "CREATED_IN", dict(range="yesterday", kinds=["decision"])),
    ("c10", "上周我答应了哪些事？", NI, "CREATED_IN", dict(range="last_week", kinds=["commitment"])),
    # DUE_IN
    ("u01", "这周五之前要交什么？", NB, "DUE_IN", dict(range="before_weekday", arg=(0, 4))),
    ("u02", "下周二之前得搞定哪些事？", NC, "DUE_IN", dict(range="before_weekday", arg=(1, 1))),
    ("u03", "这周还有哪些事要办完？", NI, "DUE_IN", dict(range="this_week")),
    ("u04", "月底之前有哪些事要搞定？", NE, "DUE_IN", dict(range="before_month_end")),
    ("u05", "8月6号之前要办的事有哪些？", NJ, "DUE_IN", dict(range="before_date", arg="08-06")),
    ("u06", "今天有什么必须办完的吗？", NI, "DUE_IN", dict(range="today")),
    ("u07", "下周三之前要搞定什么？", ND, "DUE_IN", dict(range="before_weekday", arg=(1, 2))),
    ("u08", "有哪些已经过期还没办的？", NK, "DUE_IN", dict(range="all")),
    ("u09", "下星期二之前有什麼要辦完的？", NH, "DUE_IN", dict(range="before_weekday", arg=(1, 1))),
    ("u10", "周五前有哪些事得办好？", NK, "DUE_IN", dict(range="before_weekday", arg=(0, 4))),
    ("u11", "还有哪些过期没办的？", NM, "DUE_IN", dict(range="all")),
    ("u12", "下周一之前得搞定哪些事？", NL, "DUE_IN", dict(range="before_weekday", arg=(1, 0))),
    # AMBIGUOUS
    ("a01", "我昨天有什么重要的事？", ND, "AMBIGUOUS", dict(range="yesterday", importance="high")),
    ("a02", "今天有哪些要紧的事？", NK, "AMBIGUOUS", dict(range="today", importance="high")),
    ("a03", "这周我有哪些重要的事？", NB, "AMBIGUOUS", dict(range="this_week", importance="high")),
    ("a04", "上周有什么重要的事吗？", NM, "AMBIGUOUS", dict(range="last_week", importance="high")),
    ("a05", "最近三天有什么需要注意的？", NJ, "AMBIGUOUS", dict(range="recent3", importance="high")),
    ("a06", "王先生的房子签了吗？", NH, "AMBIGUOUS", dict(range="all", topics=["wang_contract"], allow_topics=["wang", "wang_named"])),
    ("a07", "陈太那套房的集中带看改到哪天了？", NJ, "AMBIGUOUS",
     dict(range="all", topics=["chen_open"], allow_topics=["chen", "chen_named"])),
    ("a08", "李老板的过户办完了吗？", NK, "AMBIGUOUS", dict(range="all", topics=["transfer"], allow_topics=["li", "li_named"])),
    ("a09", "这周乐乐有什么事？", NK, "AMBIGUOUS", dict(range="this_week", topics=["lele"], allow_topics=["lele_named"])),
    ("a10", "小雯那边最近有什么事？", NK, "AMBIGUOUS", dict(range="recent", topics=["xiaowen"], allow_topics=["xiaowen_named"])),
    ("a11", "最近罗妈身体怎么样？", NK, "AMBIGUOUS", dict(range="recent", topics=["mom_health"], allow_topics=["mom", "mom_named"])),
    ("a12", "这个月都有哪些重要的事情？", NM, "AMBIGUOUS", dict(range="this_month", importance="high")),
    ("a13", "上周三有什么事？", NI, "AMBIGUOUS", dict(range="weekday", arg=(-1, 2))),
    ("a14", "今天我要注意些什么？", NJ, "AMBIGUOUS", dict(range="today", importance="high")),
    ("a15", "台风都影响了哪些安排？", NK, "AMBIGUOUS", dict(range="all", topics=["typhoon"])),
    ("a16", "有哪些安排被改期或者取消了？", NK, "AMBIGUOUS", dict(range="all", topics=["changed"])),
    ("a17", "东京那几天有什么事？", NH, "AMBIGUOUS", dict(range="all", topics=["trip"])),
    ("a18", "大后天有什么事？", NF, "AMBIGUOUS", dict(range="day3_after")),
    ("a19", "最近一周有什么重要的事？", NL, "AMBIGUOUS", dict(range="recent", importance="high")),
    ("a20", "大刘那边有什么事？", NL, "AMBIGUOUS", dict(range="all", topics=["daliu"], allow_topics=["daliu_named"])),
    ("a21", "王先生贷款的事怎么样了？", NM, "AMBIGUOUS", dict(range="all", topics=["loan"], allow_topics=["wang", "wang_named"])),
    ("a22", "上星期四有什麼事？", NI, "AMBIGUOUS", dict(range="weekday", arg=(-1, 3))),
    # normal chat: no temporal recall (time words only inside quotes or as topic, idioms, knowledge questions)
    ("s01", "“下周见”用粤语怎么说？", NE, "SKIP", dict(skip=True)),
    ("s02", "帮我把‘明天上午十点看房’翻译成英文", NB, "SKIP", dict(skip=True)),
    ("s03", "写一条七夕的朋友圈文案，肉麻一点", NL, "SKIP", dict(skip=True)),
    ("s04", "二手房过户要交哪些税？", NK, "SKIP", dict(skip=True)),
    ("s05", "等额本息和等额本金哪个更划算？", NC, "SKIP", dict(skip=True)),
    ("s06", "三天打鱼两天晒网是什么意思？", NH, "SKIP", dict(skip=True)),
    ("s07", "帮我推荐几首周杰伦的歌，开车听", NM, "SKIP", dict(skip=True)),
    ("s08", "台风天开车要注意些什么？", NJ, "SKIP", dict(skip=True)),
    ("s09", "东京有哪些适合带三岁小孩去的地方？", NF, "SKIP", dict(skip=True)),
    ("s10", "把“我们周五之前给您答复”改得更客气一点", NI, "SKIP", dict(skip=True)),
    ("s11", "帮我算一下595万首付三成是多少钱", ND, "SKIP", dict(skip=True)),
    ("s12", "日本的插座和国内的一样吗？", NA, "SKIP", dict(skip=True)),
]


def build_queries():
    out = []
    for qid, text, now, mode, spec in QUERY_SPECS:
        q = {"id": qid, "query": text, "now": iso(now, JST if now.utcoffset() == timedelta(hours=9) else TZ),
             "mode_hint": None if mode == "SKIP" else mode}
        if spec.get("skip"):
            q.update(expect_skip=True, must=[], must_not=[], allowed=[], groups={})
        else:
            label_query(q, spec, now)
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
    declare_events_2()
    declare_events_3()
    declare_noise()
    declare_other()
    tag_named()
    sessions = assign_ids_and_sessions()
    imp_of = {e.id: e.importance for e in EVENTS}
    for e in EVENTS:
        for r in e.recs:
            assert r.id is not None or r.src == "cal", (e.id, r.text)
    mi_sorted = sorted(MI, key=lambda r: (r.user, r.obs, r.id))
    z_mi = set()
    for user in (MAIN_USER, OTHER_USER):     # ~10% of the segments observed in Shanghai carry their time in Z
        idx = [i for i, r in enumerate(mi_sorted) if r.user == user and r.tz is TZ]
        z_mi |= set(WIRE_RNG.sample(idx, k=round(0.10 * len(idx))))
    z_mi |= {i for i, r in enumerate(mi_sorted) if r.extra.get("z")}
    meinput = [wire_meinput(r, imp_of, z=i in z_mi) for i, r in enumerate(mi_sorted)]
    data = {
        "meta": {
            "name": "temporal-recall dev11 (罗嘉明, 深圳 real-estate agent, 2027-07-19..08-08)",
            "generator": "gen11.py", "seed": SEED, "main_user": MAIN_USER, "timezone": "Asia/Shanghai",
            "period": {"start": iso(PERIOD_START), "end": iso(PERIOD_END)},
            "notes": "events and queries describe u_dev11 only; every u_dev11_other record is a leak if shown for "
                     "u_dev11. Records observed in Tokyo (07-28..07-30) carry +09:00 offsets; the request time zone "
                     "is Asia/Shanghai, so days, relative words and labels are all taken in +08:00 (two query nows "
                     "are written in +09:00 too). event_time_grain=day means the whole calendar day of event_time "
                     "(deadlines, all-day items). Calendar refs: calendar:event:<UID> or "
                     "calendar:event:<UID>:<RECURRENCE-ID> (YYYYMMDDTHHMMSS, Asia/Shanghai) for instances of "
                     "recurring events. 七夕 2027 = 08-08 (lunar 7/7, checked with two lunar calendar libraries).",
        },
        "users": [
            {"user_id": MAIN_USER, "timezone": "Asia/Shanghai",
             "persona": "罗嘉明（阿明），31岁，合家置业南山海岸城店房产经纪人；妻子小雯，儿子乐乐三岁上幼儿园暑期班，母亲罗妈同住；"
                        "7月28日至30日公司奖励游去东京"},
            {"user_id": OTHER_USER, "timezone": "Asia/Shanghai",
             "persona": "苏晓岚，南山科技园游戏公司的3D角色美术；养一只猫团子，男朋友阿哲"},
        ],
        "meinput": meinput,
        "chat": {MAIN_USER: wire_chat(sessions, MAIN_USER), OTHER_USER: wire_chat(sessions, OTHER_USER)},
        "calendar": {MAIN_USER: wire_calendar(MAIN_USER, "罗嘉明"), OTHER_USER: wire_calendar(OTHER_USER, "苏晓岚")},
        "events": [wire_event(e) for e in EVENTS],
        "queries": build_queries(),
    }
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")
    ch, oc = data["chat"][MAIN_USER], data["chat"][OTHER_USER]
    n_mi = sum(1 for r in meinput if r["user_id"] == MAIN_USER)
    print(f"wrote {args.out}: events={len(EVENTS)} meinput[{MAIN_USER}]={n_mi} sessions={len(ch['sessions'])} "
          f"messages={len(ch['messages'])} runs={len(ch['runs'])} calendar[{MAIN_USER}]="
          f"{len(data['calendar'][MAIN_USER]['events'])} {OTHER_USER}: meinput={len(meinput) - n_mi} "
          f"sessions={len(oc['sessions'])} messages={len(oc['messages'])} runs={len(oc['runs'])} "
          f"queries={len(data['queries'])}")


if __name__ == "__main__":
    main()
