#!/usr/bin/env python3
"""Third independent dev set for Temporal Recall (Python 3.11 standard library only).

    python3 gen3.py            # writes data.json next to this file (same bytes on every run)

Persona: 梁嘉欣, 34, ICU nurse (护师) in Guangzhou on 12-hour rotating shifts
(白班 07:30-19:30, 夜班 19:30-07:30 next morning), a daughter 糖糖 (2 y 8 m) at a 托班,
her mother-in-law 家婆 (76, type-2 diabetes, cataract) living with them, husband 阿杰
(metro maintenance engineer), studying for the 主管护师 exam, running a small 小红书
account.  Period: 2026-11-16 (Mon) .. 2026-12-06 (Sun), Asia/Shanghai.

Written only from /work/shared: the RFC, contracts/, time-conventions.md and the
dev-eval README (data.json format and labelling rules).  Labels are derived here from the
ground truth by those rules; `check_data.py` re-derives them independently.

Every record text is hand-written.  Each ground-truth record says which anchor its time
words name (event_time / completed_at / a superseded time); this file parses its own texts
with the conventions' text rules and refuses to write data.json when a claim and the text
disagree.
"""
import json
import os
import random
import re
import sys
from datetime import datetime, timedelta, timezone

SEED = 20261116
YEAR = 2026
TZ = timezone(timedelta(hours=8))
UTC = timezone.utc
PERIOD_START = datetime(2026, 11, 16, tzinfo=TZ)
PERIOD_END = datetime(2026, 12, 7, tzinfo=TZ)
MAIN_USER = "u_dev"
OTHER_USER = "u_dev_other"
HERE = os.path.dirname(os.path.abspath(__file__))
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)
MIN1 = timedelta(minutes=1)
Q15 = timedelta(minutes=15)
FAR = timedelta(days=3650)

RNG = random.Random(SEED)               # seconds jitter, reply delays
ID_RNG = random.Random(SEED * 31 + 7)   # identifiers
WIRE_RNG = random.Random(SEED + 99)     # wire-level choices (Z times, optional fields)


def T(s):
    """'11-16 07:05' -> aware datetime (+08:00) in 2026."""
    return datetime.strptime(f"{YEAR}-{s}", "%Y-%m-%d %H:%M").replace(tzinfo=TZ)


def Dd(s):
    return datetime.strptime(f"{YEAR}-{s}", "%Y-%m-%d").replace(tzinfo=TZ)


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


# =========================================================== zh-CN text time parser
# Text rules of time-conventions.md for the forms used in this set's records: days (今天 …
# 大后天, M月D号/日 with an optional （周X） note), 今晚/昨晚, weekdays (这/本/上/下 + 周/星期/礼拜 X;
# a bare weekday = the next one on or after the observed day), 周末, weeks, months, 月底,
# 刚才/刚刚, parts of the day, clock times (N点, N点半, N点一刻, HH:MM) glued to a day word or not.
# Repetitions (每天 / 每周X …) name no time.
_NUM = "[零一二两三四五六七八九十]{1,3}|\\d{1,2}"
_CN = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_WD = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_PARTS = {"凌晨": (0, 6), "上午": (6, 12), "中午": (11, 13), "下午": (12, 18), "晚上": (18, 24)}
_PER = "凌晨|早上|上午|中午|下午|傍晚|晚上"


def _num(s):
    if s.isdigit():
        return int(s)
    if "十" in s:
        a, _, b = s.partition("十")
        return (_CN[a] if a else 1) * 10 + (_CN[b] if b else 0)
    return _CN[s]


def _clk(x):
    return (rf"(?:(?P<hh{x}>\d{{1,2}}):(?P<mm{x}>\d{{2}})|(?P<ch{x}>{_NUM})点"
            rf"(?P<cm{x}>半|一刻|整|(?:{_NUM})分?)?)")


_DAYW = (r"(?:(?P<mo>\d{1,2})月(?P<dd>\d{1,2})[日号](?:[（(](?:周|星期)(?P<ann>[一二三四五六日天])[)）])?"
         r"|(?P<rel>大后天|大前天|今天|今日|明天|后天|昨天|前天)"
         r"|(?P<eve>今晚|昨晚)"
         r"|(?P<wp>这|本|上|下)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天]))")
EXPR = re.compile(
    r"(?P<rep>每(?:天|日|周|星期|礼拜|个?月|年)[一二三四五六日天]?)"
    r"|(?P<wkend>(?P<wep>这|上|下)?个?周末)"
    rf"|(?P<day>{_DAYW}\s*(?P<per1>{_PER})?\s*{_clk(1)}?)"
    r"|(?P<week>这周|本周|上周|下周|这个星期|上个星期)"
    r"|(?P<month>这个月|本月|上个月|下个月|月底|月末)"
    r"|(?P<ago>刚才|刚刚)"
    rf"|(?P<bare>(?P<per2>{_PER})?\s*{_clk(2)})"
    rf"|(?P<part>凌晨|上午|中午|下午|晚上)"
)


class X:
    def __init__(self, text, grain, start, end):
        self.text, self.grain, self.start, self.end = text, grain, start, end

    def __repr__(self):
        return f"{self.text}<{self.grain} {self.start:%m-%d %H:%M}..{self.end:%m-%d %H:%M}>"


def _clock_value(g, x, period, evening):
    if g[f"hh{x}"] is not None:
        h, m = int(g[f"hh{x}"]), int(g[f"mm{x}"])
    elif g[f"ch{x}"] is not None:
        h = _num(g[f"ch{x}"])
        cm = g[f"cm{x}"]
        m = 0 if not cm or cm == "整" else 30 if cm == "半" else 15 if cm == "一刻" else _num(cm.rstrip("分"))
    else:
        return None
    if period in ("下午", "傍晚", "晚上") and h < 12:
        h += 12
    elif period == "中午" and h < 6:
        h += 12
    elif evening and h < 12:
        h += 12
    if not (0 <= h < 24 and 0 <= m < 60):
        raise ValueError(f"impossible clock {h}:{m}")
    return h, m


def parse_text(text, obs):
    """Time expressions of a stored text, relative to its observed time (text rules)."""
    d0 = day0(obs)
    out = []
    for m in EXPR.finditer(text):
        g = m.groupdict()
        s = m.group()
        if g["rep"]:
            continue
        if g["wkend"]:
            st = week0(obs) + timedelta(days=5 + {"上": -7, "下": 7}.get(g["wep"], 0))
            out.append(X(s, "week", st, st + 2 * DAY))
        elif g["week"]:
            st = week0(obs) + timedelta(days={"上周": -7, "上个星期": -7, "下周": 7}.get(s, 0))
            out.append(X(s, "week", st, st + 7 * DAY))
        elif g["month"]:
            if s in ("月底", "月末"):
                out.append(X(s, "month", d0.replace(day=21), month_start(d0, 1)))
            else:
                add = {"上个月": -1, "下个月": 1}.get(s, 0)
                out.append(X(s, "month", month_start(d0, add), month_start(d0, add + 1)))
        elif g["ago"]:
            out.append(X(s, "ago", obs - HOUR, obs))
        elif g["day"]:
            evening = False
            if g["mo"]:
                base = datetime(obs.year, int(g["mo"]), int(g["dd"]), tzinfo=TZ)
                cands = [base.replace(year=obs.year + k) for k in (-1, 0, 1)]
                day = min(cands, key=lambda c: (abs((c - d0).days), c))
                if g["ann"] and _WD[g["ann"]] != day.weekday():
                    raise ValueError(f"weekday note does not match the date in {text!r}")
            elif g["rel"]:
                off = {"大前天": -3, "前天": -2, "昨天": -1, "今天": 0, "今日": 0, "明天": 1, "后天": 2, "大后天": 3}
                day = d0 + off[g["rel"]] * DAY
            elif g["eve"]:
                day = d0 + (-DAY if g["eve"] == "昨晚" else timedelta(0))
                evening = True
            else:
                wd = _WD[g["wd"]]
                if g["wp"] in ("上", "下"):
                    day = week0(obs) + timedelta(days=wd + (7 if g["wp"] == "下" else -7))
                elif g["wp"] in ("这", "本"):
                    day = week0(obs) + timedelta(days=wd)
                else:
                    day = d0 + timedelta(days=(wd - d0.weekday()) % 7)
            per = g["per1"]
            hm = _clock_value(g, 1, per or ("晚上" if evening else None), evening)
            if hm is not None:
                t = day + timedelta(hours=hm[0], minutes=hm[1])
                out.append(X(s, "minute", t, t + MIN1))
            elif per in _PARTS or evening:
                a, b = _PARTS[per or "晚上"]
                out.append(X(s, "part", day + a * HOUR, day + b * HOUR))
            else:
                out.append(X(s, "day", day, day + DAY))
        elif g["bare"]:
            hm = _clock_value(g, 2, g["per2"], False)
            t = d0 + timedelta(hours=hm[0], minutes=hm[1])
            out.append(X(s, "minute", t, t + MIN1))
        elif g["part"]:
            a, b = _PARTS[s]
            out.append(X(s, "part", d0 + a * HOUR, d0 + b * HOUR))
    return out


def agrees(x, obs, a, grain):
    """Does expression x name the anchor a (grain 'minute' or 'day')?"""
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


# =========================================================== records
def _b32(n, width):
    alpha = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    s = ""
    for _ in range(width):
        s = alpha[n % 32] + s
        n //= 32
    return s


SEEN_IDS = set()


def _uniq(s):
    assert s not in SEEN_IDS, s
    SEEN_IDS.add(s)
    return s


def ulid(dt):
    ms = int(dt.timestamp() * 1000)
    return _uniq("seg_" + _b32(ms, 10) + _b32(ID_RNG.getrandbits(80), 16))


def rand_id(prefix, n):
    alpha = "0123456789abcdefghjkmnpqrstvwxyz"
    return _uniq(prefix + "".join(ID_RNG.choice(alpha) for _ in range(n)))


class Rec:
    """One upstream record. src: mi | chat | run | cal; role: user | assistant | tool | run | cal."""

    def __init__(self, user, src, role, obs, text, ev=None, at=None, app=None):
        self.user, self.src, self.role, self.obs, self.text = user, src, role, obs, text
        self.ev, self.at, self.app = ev, at, app
        self.id = None
        self.parsed = []
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


MI = []         # MeInput records, both users
SESSIONS = []   # dict(user, title, msgs, runs)
EVENTS = {}     # id -> Ev (main user)
VEVENTS = []


def jit(t, lo=0, hi=59):
    return t + timedelta(seconds=RNG.randint(lo, hi))


def mi(obs, text, ev=None, at=None, app=None, user=MAIN_USER):
    r = Rec(user, "mi", "user", jit(T(obs)), text, ev, at, app)
    MI.append(r)
    return r


def U(obs, text, ev=None, at=None):
    return ("user", obs, text, ev, at)


def A(text, ev=None, at=None, obs=None):
    return ("assistant", obs, text, ev, at)


def TOOL(obj):
    return ("tool", None, obj, None, None)


def RUN(task, status, minutes, summary, ev=None, at=None):
    return ("run", None, (task, status, minutes, summary), ev, at)


def session(title, items, user=MAIN_USER):
    """items: U / A / TOOL / RUN tuples in time order; A/TOOL/RUN without a time follow the
    previous message by a few seconds."""
    s = {"user": user, "title": title, "msgs": [], "runs": []}
    cur = None
    for role, obs, text, ev, at in items:
        if role == "user":
            cur = jit(T(obs), 0, 40)
            s["msgs"].append(Rec(user, "chat", "user", cur, text, ev, at))
        elif role == "assistant":
            cur = jit(T(obs)) if obs else cur + timedelta(seconds=RNG.randint(15, 80))
            s["msgs"].append(Rec(user, "chat", "assistant", cur, text, ev, at))
        elif role == "tool":
            cur = cur + timedelta(seconds=RNG.randint(3, 12))
            obj = dict(text)
            s["msgs"].append(Rec(user, "chat", "tool", cur, json.dumps(obj, ensure_ascii=False)))
        else:
            task, status, minutes, summary = text
            st = cur + timedelta(seconds=RNG.randint(5, 30))
            r = Rec(user, "run", "run", st, task, ev, at)
            r.extra.update(status=status, summary=summary,
                           finished=None if status == "running" else st + timedelta(minutes=minutes,
                                                                                    seconds=RNG.randint(3, 50)))
            s["runs"].append(r)
    SESSIONS.append(s)
    return s


# =========================================================== calendar
class VEvent:
    def __init__(self, user, key, summary, start, end, all_day=False, weekly_count=None, exdates=(),
                 location=None, description=None, status="CONFIRMED", sequence=0, created=None,
                 modified=None, utc=False, overrides=None):
        self.user, self.key, self.summary = user, key, summary
        self.uid = _uniq("%08x-%04x-4%03x-%04x-%012x" % (
            ID_RNG.getrandbits(32), ID_RNG.getrandbits(16), ID_RNG.getrandbits(12),
            0x8000 | ID_RNG.getrandbits(14), ID_RNG.getrandbits(48))) + (
            "@cal.kayan-family.example" if user == MAIN_USER else "@cal.zzh-dev.example")
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
        """[(recurrence id or None, start, end)] after RRULE, EXDATE and overrides."""
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
        return f"calendar:event:{self.uid}:{rid.astimezone(TZ).strftime(fmt)}"

    def wire(self):
        def t(x):
            return x.strftime("%Y-%m-%d") if self.all_day else iso(x)
        wd = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][self.start.weekday()]
        return {"uid": self.uid, "summary": self.summary, "start": t(self.start), "end": t(self.end),
                "all_day": self.all_day,
                "time_form": "utc" if self.utc else ("date" if self.all_day else "tzid"),
                "rrule": f"FREQ=WEEKLY;BYDAY={wd};COUNT={self.weekly_count}" if self.weekly_count else None,
                "exdates": [t(x) for x in self.exdates], "location": self.location,
                "description": self.description, "status": self.status, "sequence": self.sequence,
                "created": iso(self.created, z=True), "last_modified": iso(self.modified, z=True),
                "overrides": [{"recurrence_id": t(k), "start": t(v["start"]), "end": t(v["end"]),
                               "summary": v.get("summary", self.summary), "sequence": v.get("sequence", 1),
                               "last_modified": iso(v.get("modified", self.modified), z=True)}
                              for k, v in sorted(self.overrides.items())]}


CAL = {}


# =========================================================== ground-truth events
class Ev:
    """at: 'MM-DD HH:MM' (minute) | 'MM-DD' (day: deadlines) | None (mentions, cancelled);
    done: 'MM-DD HH:MM'; old: [(time, 'rescheduled'|'cancelled')]; cal: [(key, rid or None)]."""

    def __init__(self, eid, title, kind, importance, topics, at=None, done=None, old=(), cal=()):
        assert kind in ("event", "todo", "decision", "mention", "commitment"), kind
        assert importance in ("high", "low") and eid not in EVENTS, eid
        self.id, self.title, self.kind, self.importance, self.topics = eid, title, kind, importance, list(topics)
        self.et, self.grain = self._t(at)
        self.done = T(done) if done else None
        self.old = [self._t(tm) + (reason,) for tm, reason in old]
        self.status = "cancelled" if any(r == "cancelled" for _, _, r in self.old) else (
            "rescheduled" if self.old else None)
        assert self.status != "cancelled" or self.et is None, eid
        self.cal = list(cal)
        self.recs = []
        EVENTS[eid] = self

    @staticmethod
    def _t(at):
        if at is None:
            return None, None
        if len(at) == 5:
            return Dd(at), "day"
        return T(at), "minute"

    def anchors(self):
        out = {}
        if self.et is not None:
            out["event_time"] = (self.et, self.grain)
        if self.done is not None:
            out["completed_at"] = (self.done, "minute")
        for i, (x, g, _) in enumerate(self.old):
            out[f"superseded:{i}"] = (x, g)
        return out

    def nc(self):
        return [r for r in self.recs if r.src != "cal"]

    def first_obs(self):
        return min((r.obs for r in self.nc()), default=None)

    def time_known_at(self):
        """When MeInput/chat made the effective time known (for a rescheduled event: the first
        record whose time words all name the new time)."""
        if self.et is None:
            return None
        if not self.old:
            return self.first_obs()
        ok = [r.obs for r in self.nc() if r.parsed and all(agrees(x, r.obs, self.et, self.grain) for x in r.parsed)]
        return min(ok, default=None)


def E(*a, **k):
    return Ev(*a, **k)


AT_NAME = {"ev": "event_time", "done": "completed_at", "old0": "superseded:0", "old1": "superseded:1"}


# =========================================================== the calendar (main user)
def declare_calendar():
    Uu, V = MAIN_USER, VEvent
    CAL["course"] = V(Uu, "course", "主管护师 网课直播（内科护理）", T("11-17 20:00"), T("11-17 21:30"), weekly_count=4,
                      exdates=[T("11-24 20:00")], location="线上直播间", created=T("11-12 21:00"),
                      modified=T("11-22 21:30"), description="每周二晚，回放保留7天")
    CAL["edu"] = V(Uu, "edu", "糖糖 早教音乐课", T("11-21 10:00"), T("11-21 11:00"), weekly_count=3,
                   location="天河 小星星早教中心 3号教室", created=T("11-10 12:00"),
                   overrides={T("11-28 10:00"): {"start": T("11-29 10:00"), "end": T("11-29 11:00"),
                                                 "summary": "糖糖 早教音乐课（老师请假，改周日）", "sequence": 1,
                                                 "modified": T("11-24 16:40")}})
    CAL["biz"] = V(Uu, "biz", "ICU 科室业务学习", T("11-19 16:00"), T("11-19 17:00"), weekly_count=3,
                   location="ICU 示教室", created=T("11-01 09:00"), description="每周四下午，轮流主讲")
    CAL["tt_flu"] = V(Uu, "tt_flu", "糖糖 流感疫苗", T("11-20 14:30"), T("11-20 15:00"),
                      location="石牌街社区卫生服务中心 预防接种门诊", created=T("11-16 12:55"))
    CAL["anniv"] = V(Uu, "anniv", "结婚七周年晚餐", T("11-21 18:30"), T("11-21 20:30"), location="天河 粤菜馆",
                     status="CANCELLED", sequence=1, created=T("11-17 21:00"), modified=T("11-21 15:45"))
    CAL["mil_clinic"] = V(Uu, "mil_clinic", "陪家婆 内分泌科复诊", T("11-25 09:30"), T("11-25 11:00"), utc=True,
                          location="穗南医院 门诊2楼 内分泌科", description="空腹抽血，带上血糖记录本",
                          created=T("11-17 12:50"))
    CAL["physical"] = V(Uu, "physical", "员工年度体检", T("11-26 08:00"), T("11-26 10:00"),
                        location="穗南医院 体检中心", created=T("11-20 13:15"))
    CAL["xhs_collab"] = V(Uu, "xhs_collab", "小红书｜轻步压力袜 合作笔记发布", Dd("11-27"), Dd("11-28"), all_day=True,
                          created=T("11-16 13:40"))
    CAL["mock"] = V(Uu, "mock", "主管护师 线上模拟考", T("11-29 09:00"), T("11-29 11:30"),
                    location="线上", created=T("11-19 03:00"))
    CAL["ecmo"] = V(Uu, "ecmo", "护理部 ECMO 培训", T("12-01 14:00"), T("12-01 17:00"), location="行政楼 5楼 多功能厅",
                    sequence=1, created=T("11-18 15:25"), modified=T("11-24 10:35"))
    CAL["crrt"] = V(Uu, "crrt", "新护士 CRRT 操作考核（考官）", T("12-02 10:00"), T("12-02 11:30"), utc=True,
                    location="ICU 示教室", description="考核对象：小邝", created=T("11-23 18:00"))
    CAL["eye"] = V(Uu, "eye", "陪家婆 白内障门诊", T("12-07 14:00"), T("12-07 16:00"),
                   location="穗南医院 眼科 陈主任", created=T("11-19 07:20"))


def cal_link(eid, key, rid=None):
    """Attach a calendar instance to an event (rid = original start of a recurring instance)."""
    e, v = EVENTS[eid], CAL[key]
    if v.weekly_count:
        r0 = T(rid)
        inst = [x for x in v.instances() if x[0] == r0]
        assert inst, (eid, key, rid)
        _, start, _ = inst[0]
        ref = v.ref(r0)
    else:
        _, start, _ = v.instances()[0]
        ref = v.ref()
    r = Rec(MAIN_USER, "cal", "cal", None, v.summary, eid)
    r.extra.update(cal_ref=ref, start=start, all_day=v.all_day)
    hit = [k for k, (a, g) in e.anchors().items() if a == start]
    assert hit, (eid, key)
    r.at = hit[0]
    e.recs.append(r)


# =========================================================== main user: events and their records
def declare_events():
    # ---------------- week 1: 11-16 (Mon) .. 11-22 (Sun); shifts 白 白 夜 夜 休 休 白
    E("course_1117", "主管护师网课直播（11月17日）", "event", "low", ["exam", "course"], at="11-17 20:00")
    cal_link("course_1117", "course", "11-17 20:00")
    mi("11-17 21:50", "网课听到一半在地铁上睡着了，只能回看再补", "course_1117", app="voice")

    E("shift_1118", "周三夜班", "event", "low", ["shift"], at="11-18 19:30")
    mi("11-16 21:40", "排班出来了，周三晚上7点半开始连上两个夜班", "shift_1118", "ev", app="keyboard")
    mi("11-18 18:45", "出门上夜班了，糖糖抱着我腿不让走😢", "shift_1118", app="voice")
    mi("11-19 00:40", "夜班第一晚就不太平，3床血压往下掉，去甲肾又加量了", "shift_1118", app="keyboard")

    E("tt_flu", "带糖糖打流感疫苗", "event", "high", ["tangtang", "vaccine"], at="11-20 14:30")
    cal_link("tt_flu", "tt_flu")
    session("糖糖打疫苗", [
        U("11-16 12:50", "社区医院约上了，周五下午两点半带糖糖打流感疫苗，打完要注意啥？", "tt_flu", "ev"),
        A("11月20日（周五）14:30 打完疫苗要在现场留观30分钟；针眼当天保持干燥，多喝水，"
          "体温超过38.5℃再用退烧药，一般一两天就好。", "tt_flu", "ev"),
    ])
    mi("11-19 02:10", "记得周五下午2点半打疫苗，接种本放包里了", "tt_flu", "ev", app="keyboard")
    mi("11-20 15:25", "糖糖打完针哭了两声就好了，留观半小时没事", "tt_flu", app="voice")

    E("exam_signup", "主管护师考试网上报名", "todo", "high", ["exam", "signup"], at="12-04", done="12-01 21:05")
    mi("11-16 22:35", "主管护师报名开始了，最晚12月4号要报完，材料先准备齐", "exam_signup", "ev", app="notes")

    E("cert_sign", "找护士长签工作年限证明", "todo", "low", ["exam", "signup"], at="12-02", done="11-23 10:40")
    mi("11-17 13:05", "报名要的工作年限证明打印好了，找罗护士长签字盖章，12月2号前拿到", "cert_sign", "ev", app="notes")
    mi("11-23 10:48", "护士长签好字了，科室章也盖了", "cert_sign", app="voice")

    E("xhs_collab", "发布轻步压力袜合作笔记", "todo", "high", ["xhs", "collab"], at="11-27", done="11-27 12:00")
    cal_link("xhs_collab", "xhs_collab")
    session("小红书合作报价", [
        U("11-16 13:20", "有个压力袜牌子找我合作，要求11月27号之前发一篇笔记，我报800会不会太高？", "xhs_collab", "ev"),
        A("按你5000左右的粉丝量、互动也不错，800元一篇图文在合理区间。合同里写清楚：11月27日（周五）前发布、"
          "是否需要授权品牌二次使用、修改次数上限。", "xhs_collab", "ev"),
        U("11-27 12:25", "笔记发出去了，帮我盯一下点赞和收藏的变化", "xhs_collab"),
        RUN("追踪合作笔记发布后的点赞和收藏", "running", 0, "进行中：已采样 3 次，点赞 412、收藏 96", "xhs_collab"),
        A("好的，我每隔一段时间记录一次，有明显变化再告诉你。"),
    ])
    mi("11-18 11:05", "轻步的样品到了，压力袜先穿两个班试试，笔记下周五发", "xhs_collab", "ev", app="notes")
    mi("11-27 12:06", "合作笔记发出去了！品牌方说封面很好看", "xhs_collab", app="xiaohongshu")

    E("mil_eye_ticket", "抢家婆的眼科专家号", "event", "low", ["mil", "mil_eye"], at="11-19 07:00")
    mi("11-18 16:05", "家婆的眼科专家号明天早上7点放号，交班前用手机抢", "mil_eye_ticket", "ev", app="notes")
    mi("11-19 07:08", "抢到了！手速还行", "mil_eye_ticket", app="keyboard")

    E("mil_eye_visit", "陪家婆看白内障门诊", "event", "high", ["mil", "mil_eye", "health"], at="12-07 14:00")
    cal_link("mil_eye_visit", "eye")
    mi("11-19 07:15", "家婆的白内障门诊是12月7号下午2点，陈主任的号", "mil_eye_visit", "ev", app="notes")
    session("家婆白内障", [
        U("12-05 15:10", "家婆76岁，后天去看白内障，医生一般会建议什么时候做手术？", "mil_eye_visit", "ev"),
        A("一般看视力受影响的程度：矫正视力明显下降、影响看路和做饭时就可以考虑手术。"
          "门诊会先查眼压、眼底和角膜内皮，糖尿病患者还要先把血糖控制平稳。"),
    ])

    E("anniv_dinner", "结婚七周年晚餐（取消）", "event", "low", ["husband"], old=[("11-21 18:30", "cancelled")])
    cal_link("anniv_dinner", "anniv")
    mi("11-17 20:50", "阿杰订了周六晚上6点半的粤菜馆，结婚七周年，家婆帮忙看糖糖", "anniv_dinner", "old0", app="voice")
    session("纪念日礼物", [
        U("11-19 13:30", "结婚七周年送老公什么好？预算一千以内，周六晚上吃饭时给他", "anniv_dinner", "old0"),
        A("可以考虑：一块入门机械表、刻上纪念日的皮夹、或者把这七年的照片做成一本相册。"
          "他平时上夜班多，一副好的降噪耳机也很实用。"),
    ])
    mi("11-21 15:40", "糖糖烧到38度5，今晚的饭取消了，已经跟餐厅说了", "anniv_dinner", "old0", app="voice")

    E("m_tt_fever", "糖糖发烧", "mention", "low", ["tangtang", "health"])
    mi("11-21 13:05", "糖糖摸着有点烫，量了37度6，先观察", "m_tt_fever", app="voice")
    mi("11-21 22:15", "糖糖吃了美林，体温降到37度8，终于睡着了", "m_tt_fever", app="notes")
    session("宝宝发烧", [
        U("11-22 01:30", "两岁八个月的宝宝发烧反复，退热贴到底有没有用？", "m_tt_fever"),
        A("退热贴降温作用很有限，主要是让孩子舒服些。体温超过38.5℃或者精神差时用布洛芬或对乙酰氨基酚，"
          "多喝水、少穿点；如果持续超过三天、精神萎靡或者抽搐，要及时去医院。"),
    ])

    E("tt_class_1121", "糖糖早教课（11月21日）", "event", "low", ["tangtang", "early_edu"], at="11-21 10:00")
    cal_link("tt_class_1121", "edu", "11-21 10:00")
    mi("11-20 21:05", "明天上午10点早教课，阿杰送，我去接", "tt_class_1121", "ev", app="notes")
    mi("11-21 11:35", "早教课上糖糖第一次敢自己上去唱歌，录了视频发给阿杰", "tt_class_1121", app="voice")

    E("adverse_report", "上报不良事件（3床险些非计划拔管）", "todo", "high", ["work", "adverse"], at="11-19",
      done="11-19 06:45")
    mi("11-19 03:25", "3床病人躁动差点把气管插管拔了，今天下班前要把不良事件报上去", "adverse_report", "ev",
       app="keyboard")
    session("不良事件经过", [
        U("11-19 04:10", "帮我把这段经过改得规范些：“患者躁动，右手挣脱约束带，把气管插管拽出来约2cm，"
                         "当班护士及时发现并复位固定，未造成不良后果”", "adverse_report"),
        A("规范表述：患者烦躁不安，右上肢挣脱约束带后牵拉气管插管，导管外移约2cm；责任护士巡视时及时发现，"
          "立即通知医生并重新固定，复查导管位置正确，未造成不良后果。"),
    ])
    mi("11-19 06:52", "不良事件报完了，护士长上班会看", "adverse_report", app="notes")

    E("amay_notes", "答应阿May周日前发内科笔记", "commitment", "low", ["exam", "amay"], at="11-22",
      done="11-22 21:00")
    mi("11-18 12:20", "答应阿May周日前把内科护理的复习笔记发她，她把外科的给我", "amay_notes", "ev", app="notes")
    mi("11-22 21:05", "内科笔记拍照发给阿May了", "amay_notes", app="voice")

    E("dec_study_plan", "备考顺序：先内科后外科", "decision", "low", ["exam"], at="11-17 22:00")
    mi("11-17 22:10", "定了：先刷内科再刷外科，白班回来刷50题，夜班不刷", "dec_study_plan", app="notes")
    session("备考顺序", [
        U("11-17 22:25", "我定了先刷内科护理再刷外科，这个顺序合理吗？", "dec_study_plan"),
        A("合理。内科护理在主管护师考试里占比最大，先把内科打牢，外科很多知识点能触类旁通。",
          "dec_study_plan"),
    ])

    E("mil_followup", "陪家婆内分泌科复诊", "event", "high", ["mil", "mil_clinic", "health"], at="11-25 09:30")
    cal_link("mil_followup", "mil_clinic")
    mi("11-17 12:45", "家婆复诊约到了，11月25号上午9点半，内分泌科，要空腹抽血", "mil_followup", "ev", app="notes")
    session("家婆复诊", [
        U("11-22 20:40", "家婆76岁，2型糖尿病，下周三去复诊，帮我列几个要问医生的问题", "mil_followup", "ev"),
        A("11月25日（星期三）复诊可以问：1. 糖化血红蛋白控制在多少合适；2. 现在的药要不要调整；"
          "3. 低血糖怎么预防；4. 膝盖疼能做哪些运动。", "mil_followup", "ev"),
    ])
    mi("11-25 03:15", "下班直接带家婆去复诊，今天上午9点半，她空腹要带饼干", "mil_followup", "ev", app="keyboard")
    mi("11-25 11:45", "复诊完了，糖化7.9，医生加了一个药，让她少吃米饭", "mil_followup", app="voice")

    E("physical_exam", "员工年度体检", "event", "low", ["health", "checkup"], at="11-26 08:00")
    cal_link("physical_exam", "physical")
    mi("11-20 13:10", "员工体检排到了11月26号早上8点，要空腹", "physical_exam", "ev", app="notes")
    mi("11-26 00:20", "下班直接去体检，今天早上8点，夜宵不能吃了😭", "physical_exam", "ev", app="keyboard")
    mi("11-26 09:50", "体检完了，抽了四管血", "physical_exam", app="voice")

    E("m_thyroid", "体检查出甲状腺小结节", "mention", "low", ["health", "checkup"])
    mi("11-26 09:55", "B超说甲状腺有个小结节，让我定期复查", "m_thyroid", app="voice")
    session("甲状腺结节", [
        U("11-26 15:00", "体检B超说甲状腺结节 TI-RADS 3类，4mm，要紧吗？", "m_thyroid"),
        A("TI-RADS 3类一般是良性可能性很大的结节，4mm 也很小，通常不需要穿刺，按医生建议定期复查超声、"
          "看看大小和形态有没有变化就行。"),
    ])

    E("mil_wedding", "回顺德喝喜酒", "event", "low", ["mil", "family"], at="11-28 12:00")
    mi("11-20 11:30", "家婆的侄孙结婚，下周六中午12点在顺德摆酒，全家都要去", "mil_wedding", "ev", app="notes")
    session("喝喜酒红包", [
        U("11-25 14:20", "广东这边喝喜酒红包包多少合适？家婆那边的亲戚，周六去顺德", "mil_wedding", "ev"),
        A("珠三角一般按关系远近：普通亲戚 300～600 元，关系近的 800～1000 元；挑双数、带 6 或 8 比较讨喜。"),
    ])
    mi("11-28 07:40", "出发去顺德，高速有点堵", "mil_wedding", app="voice")
    mi("11-28 21:35", "从顺德回来了，糖糖在车上睡着了，家婆开心得很", "mil_wedding", app="voice")

    E("shift_swap", "和阿May换班：白班改到11月30号", "event", "low", ["shift", "amay"], at="11-30 07:30",
      old=[("11-28 07:30", "rescheduled")])
    mi("11-20 11:40", "可是11月28号早上7点半我是白班，得找人换", "shift_swap", "old0", app="notes")
    session("换班微信", [
        U("11-20 11:50", "帮我写条微信问阿May能不能跟我换个班，语气客气点，上次她家里有事我也帮她顶过", "shift_swap"),
        A("May姐～想跟你商量个事：家里有个喜酒走不开，想跟你换个班，你看方便吗？上次你有事我帮你顶过，"
          "这次换我求你啦🙏"),
    ])
    mi("11-21 09:20", "阿May答应换班了，我改成11月30号早上7点半上白班", "shift_swap", "ev", app="wechat")
    mi("11-30 07:12", "换来的白班，7点半交班，先去买个肠粉", "shift_swap", "ev", app="voice")

    E("course_1124", "网课直播停一次（11月24日）", "event", "low", ["exam", "course"],
      old=[("11-24 20:00", "cancelled")])
    mi("11-22 21:40", "网课群通知，周二晚上的直播停一次，老师去外地开会", "course_1124", "old0", app="wechat")

    E("ecmo_training", "护理部ECMO培训", "event", "high", ["work", "ecmo"], at="12-01 14:00",
      old=[("11-26 14:00", "rescheduled")])
    cal_link("ecmo_training", "ecmo")
    mi("11-18 15:20", "护理部ECMO培训通知：11月26号下午2点，行政楼5楼，科里派我去", "ecmo_training", "old0",
       app="notes")
    mi("11-24 10:30", "ECMO培训延期了，改到12月1号下午2点", "ecmo_training", "ev", app="wechat")
    session("ECMO预习", [
        U("11-30 19:55", "明天下午2点ECMO培训，去之前要预习哪些？", "ecmo_training", "ev"),
        A("12月1日（周二）14:00 培训前建议过一遍：VA 和 VV 的区别、管路预充、抗凝和 ACT 监测、"
          "常见并发症（出血、血栓、下肢缺血）。", "ecmo_training", "ev"),
    ])
    mi("12-01 17:35", "ECMO培训听完了，VA和VV终于分清楚了", "ecmo_training", app="voice")

    # ---------------- week 2: 11-23 (Mon) .. 11-29 (Sun); shifts 白 夜 夜 休 休 (白→换) 休
    E("prone_talk", "业务学习主讲俯卧位通气护理", "event", "high", ["work", "talk"], at="12-03 16:00")
    cal_link("prone_talk", "biz", "12-03 16:00")
    mi("11-23 13:15", "护士长排我12月3号下午4点业务学习，讲俯卧位通气护理", "prone_talk", "ev", app="notes")

    E("crrt_exam", "小邝CRRT操作考核（当考官）", "event", "high", ["work", "mentoring"], at="12-02 10:00")
    cal_link("crrt_exam", "crrt")
    mi("11-23 17:55", "小邝的CRRT操作考核定在12月2号上午10点，我是考官之一", "crrt_exam", "ev", app="notes")

    E("m_mil_knee", "家婆膝盖疼", "mention", "low", ["mil", "health"])
    mi("11-23 20:30", "家婆膝盖又疼了，上下楼要扶着扶手", "m_mil_knee", app="voice")
    mi("12-02 21:10", "给家婆买了一对护膝，她说戴着暖和", "m_mil_knee", app="notes")

    E("dec_xhs_freq", "小红书改成一周两篇", "decision", "low", ["xhs"], at="11-23 21:00")
    mi("11-23 21:10", "想清楚了，小红书不日更了，一周两篇，质量优先", "dec_xhs_freq", app="notes")

    E("shift_1124", "周二夜班", "event", "low", ["shift"], at="11-24 19:30")
    mi("11-24 09:00", "今天在家歇到傍晚，晚上又是夜班", "shift_1124", "ev", app="voice")
    mi("11-25 01:10", "夜班收了个心梗溶栓的，手都没停过", "shift_1124", app="keyboard")

    E("xhs_fan", "答应粉丝出一期护手霜测评", "commitment", "low", ["xhs"], at="12-04")
    mi("11-24 14:20", "评论区好多人问护手霜，答应她们12月4号前出一期测评", "xhs_fan", "ev", app="xiaohongshu")
    session("护手霜测评", [
        U("12-02 20:30", "护手霜测评答应粉丝周五前发，帮我写个开头，真实些，别像广告", "xhs_fan", "ev"),
        A("开头试试：“一个班洗手七八十次，我的手从十月开始裂口子。这一期不收钱、不挂链接，"
          "只说我自己轮流用过的五支护手霜。”"),
    ])

    E("prone_ppt", "业务学习PPT发护士长过目", "todo", "low", ["work", "talk"], at="11-30", done="11-30 20:05")
    mi("11-24 15:30", "俯卧位通气的PPT周一前发给护士长过目", "prone_ppt", "ev", app="notes")
    mi("11-30 20:12", "PPT发给罗护士长了，等她意见", "prone_ppt", app="keyboard")

    E("tt_class_move", "糖糖早教课（改到周日）", "event", "low", ["tangtang", "early_edu"], at="11-29 10:00",
      old=[("11-28 10:00", "rescheduled")])
    cal_link("tt_class_move", "edu", "11-28 10:00")
    mi("11-24 16:35", "早教中心发通知，周六的音乐课老师请假", "tt_class_move", "old0", app="wechat")
    session("早教课改期", [
        U("11-24 16:50", "早教课改到周日上午10点了，那会儿我在考模拟考，阿杰一个人带两岁多的娃要注意啥？",
          "tt_class_move", "ev"),
        A("11月29日（周日）10:00 那节课让阿杰提前十分钟到，带上水杯、备用裤子和小零食；"
          "上课时他跟着一起做动作，娃会更投入。", "tt_class_move", "ev"),
    ])
    mi("11-29 12:05", "阿杰说糖糖早教课玩疯了，回来倒头就睡", "tt_class_move", app="voice")

    E("m_tt_cantonese", "糖糖开始讲粤语", "mention", "low", ["tangtang"])
    mi("11-25 12:30", "糖糖会用粤语讲“唔要”了，跟托班小朋友学的", "m_tt_cantonese", app="voice")
    session("双语", [
        U("11-25 12:40", "两岁多的孩子同时学粤语和普通话，会不会说话晚？", "m_tt_cantonese"),
        A("不会。双语环境的孩子早期词汇可能分散在两种语言里，但总量并不少，通常到三四岁就能自如切换。"),
    ])

    E("daycare_open", "托班家长开放日", "event", "low", ["tangtang", "daycare"], at="12-04 09:30")
    mi("11-26 19:45", "托班通知12月4号上午9点半家长开放日，要穿亲子装", "daycare_open", "ev", app="wechat")
    session("亲子装", [
        U("12-01 12:30", "托班开放日要穿亲子装，有没有便宜又好看的推荐？周五上午就要穿", "daycare_open", "ev"),
        A("可以选纯色卫衣加同色系小配饰，网店一两百能搞定一套；来不及的话，母女都穿白T配牛仔裤也很整齐。"),
    ])
    mi("12-04 11:25", "开放日糖糖全程黏着我，别的小朋友都在做手工", "daycare_open", app="voice")

    E("daycare_fee", "交托班下期学费", "todo", "low", ["tangtang", "daycare"], at="11-30", done="11-27 10:15")
    mi("11-20 16:20", "托班下期学费最晚11月30号交", "daycare_fee", "ev", app="notes")
    mi("11-27 10:20", "托班学费交了，3800，肉痛", "daycare_fee", app="voice")

    E("mentor_log", "交小邝的带教记录本", "todo", "low", ["mentoring"], at="11-30", done="11-30 16:30")
    mi("11-17 13:35", "小邝的带教记录，月底前交给护士长", "mentor_log", "ev", app="notes")
    mi("11-30 16:40", "带教记录本交给护士长了", "mentor_log", app="notes")

    E("kuang_practice", "答应小邝周日陪练CRRT预冲", "commitment", "low", ["mentoring"], at="11-29",
      done="11-29 15:30")
    mi("11-27 15:20", "答应小邝周日下午陪她练一遍CRRT预冲", "kuang_practice", "ev", app="notes")
    mi("11-29 16:10", "陪小邝练完预冲了，她手法熟多了", "kuang_practice", app="voice")

    E("dec_daycare", "糖糖继续读托班", "decision", "low", ["tangtang", "daycare"], at="11-27 21:10")
    mi("11-27 21:20", "跟阿杰商量好了，糖糖继续读托班，不急着转公立幼儿园", "dec_daycare", app="notes")
    session("托班还是幼儿园", [
        U("11-27 21:40", "我们商量好孩子先继续读托班，不急着转公立幼儿园，你觉得稳妥吗？", "dec_daycare"),
        A("挺稳妥的：托班师生比更高，孩子已经适应了环境；公立幼儿园按年龄统一招生，到时候再报名也不迟。",
          "dec_daycare"),
    ])

    E("m_husband_job", "阿杰有机会跳槽去设计院", "mention", "low", ["husband"])
    mi("11-27 22:30", "阿杰说设计院想挖他，工资差不多但不用半夜去检修", "m_husband_job", app="notes")

    E("mock_exam", "主管护师线上模拟考", "event", "high", ["exam", "mock"], at="11-29 09:00")
    cal_link("mock_exam", "mock")
    mi("11-28 22:45", "明天早上9点模拟考，不刷题了，早点睡", "mock_exam", "ev", app="notes")
    mi("11-29 08:30", "模拟考前手心一直出汗", "mock_exam", app="voice")
    mi("11-29 11:50", "模拟考完了，基础知识72，专业实践能力才58，内科拖后腿", "mock_exam", app="notes")
    session("模拟考错题", [
        U("11-29 12:08", "帮我把模拟考的错题按科目归一下类", "mock_exam"),
        RUN("整理模拟考错题并按科目归类", "succeeded", 3, "已归类 43 道错题：内科 19、外科 11、基础 8、其他 5",
            "mock_exam"),
        A("整理好了，内科错得最多，建议先补水电解质和心衰那两章。"),
    ])

    E("dec_ppt_case", "业务学习选用5床ARDS俯卧位病例", "decision", "low", ["work", "talk"], at="11-29 20:30")
    mi("11-29 20:40", "定了，业务学习的案例就用之前5床ARDS那个俯卧位的病人", "dec_ppt_case", app="notes")

    E("dec_xhs_series", "小红书新系列：ICU护士夜班生存指南", "decision", "low", ["xhs"], at="11-20 10:00")
    mi("11-20 10:10", "小红书下一个系列就做「ICU护士夜班生存指南」，先写吃什么和怎么补觉", "dec_xhs_series",
       app="notes")
    session("小红书选题", [
        U("11-20 10:30", "我决定做一个ICU护士夜班生存指南的系列，帮我想10个标题", "dec_xhs_series"),
        A("1. ICU护士的夜班便当清单；2. 下夜班怎么睡得着；3. 熬夜不长痘的小习惯；4. 夜班护士的护腿神器；"
          "5. 夜班后别急着喝咖啡；6. 倒班人的运动计划；7. 一个人值夜班怎么不慌；8. 夜班后怎么陪孩子；"
          "9. 我的夜班包里有什么；10. 倒班十年，我学会了什么。"),
    ])

    E("m_study_progress", "刷题进度", "mention", "low", ["exam"])
    mi("11-22 22:50", "刷题刷到眼睛疼，内科的水电解质好难", "m_study_progress", app="keyboard")
    mi("11-26 21:30", "刷了150道题，正确率67%，有进步", "m_study_progress", app="notes")
    mi("12-06 20:30", "题库刷到第四章了，外科还没开始", "m_study_progress", app="notes")

    E("m_xhs_fans", "小红书涨粉、粉丝提问", "mention", "low", ["xhs"])
    mi("11-18 09:30", "补觉补不着，刷了会小红书，有粉丝问夜班怎么吃才不胖", "m_xhs_fans", app="voice")
    mi("11-27 16:00", "小红书粉丝涨到5200了，开心", "m_xhs_fans", app="xiaohongshu")

    E("xhs_draft", "合作笔记文案初稿给品牌方审", "todo", "low", ["xhs", "collab"], at="11-24", done="11-24 14:40")
    session("合作笔记文案", [
        U("11-22 16:10", "品牌方要我周二前交文案初稿，帮我列个提纲，主题是夜班12小时腿肿、压力袜", "xhs_draft", "ev"),
        A("提纲参考：①开头场景：下夜班脱鞋那一刻的腿；②为什么护士容易腿肿；③我的实测：穿和不穿的对比；"
          "④怎么选压力等级和尺码；⑤结尾抛个问题，引导大家晒自己的护腿方法。"),
        RUN("检索医用压力袜的压力分级标准", "succeeded", 2, "已整理：一级 15–21mmHg，二级 23–32mmHg，附 3 篇来源"),
    ])
    mi("11-24 14:46", "文案初稿发给品牌方了，等他们的修改意见", "xhs_draft", app="notes")

    E("course_1201", "主管护师网课直播（12月1日）", "event", "low", ["exam", "course"], at="12-01 20:00")
    cal_link("course_1201", "course", "12-01 20:00")
    E("course_1208", "主管护师网课直播（12月8日）", "event", "low", ["exam", "course"], at="12-08 20:00")
    cal_link("course_1208", "course", "12-08 20:00")
    E("biz_1119", "科室业务学习（11月19日）", "event", "low", ["work"], at="11-19 16:00")
    cal_link("biz_1119", "biz", "11-19 16:00")
    E("biz_1126", "科室业务学习（11月26日）", "event", "low", ["work"], at="11-26 16:00")
    cal_link("biz_1126", "biz", "11-26 16:00")
    E("tt_class_1205", "糖糖早教课（12月5日）", "event", "low", ["tangtang", "early_edu"], at="12-05 10:00")
    cal_link("tt_class_1205", "edu", "12-05 10:00")

    # ---------------- week 3: 11-30 (Mon) .. 12-06 (Sun); shifts 白(换来) 白 白 白 夜 夜 休
    E("mil_meds", "给家婆开降糖药", "todo", "low", ["mil", "health"], at="12-03", done="12-03 12:30")
    mi("11-30 12:40", "家婆的降糖药快吃完了，最晚周四去药房开", "mil_meds", "ev", app="notes")
    mi("12-03 12:35", "午休跑去药房把家婆的药开了", "mil_meds", app="voice")

    E("mil_glasses", "答应家婆周日配老花镜", "commitment", "low", ["mil"], at="12-06", done="12-06 15:30")
    mi("12-01 22:10", "答应家婆周日带她去配老花镜，她说看手机字太小", "mil_glasses", "ev", app="notes")
    mi("12-06 16:05", "带家婆配好眼镜了，480，她嫌贵念了一路", "mil_glasses", app="voice")

    E("shift_1204", "周五夜班", "event", "low", ["shift"], at="12-04 19:30")
    mi("12-03 21:30", "明天晚上7点半夜班，开放日回来得先补个觉", "shift_1204", "ev", app="notes")
    mi("12-04 18:40", "又要上夜班，糖糖问妈妈为什么晚上要上班", "shift_1204", "ev", app="voice")
    mi("12-05 00:45", "夜班难得安静，把护理记录都补完了", "shift_1204", app="keyboard")

    E("exam_confirm", "主管护师考点现场确认", "todo", "high", ["exam", "signup"], at="12-09")
    mi("12-04 15:30", "报名审核通过了，12月9号前要去考点现场确认，带齐原件", "exam_confirm", "ev", app="notes")

    E("dec_xhs_pause", "备考期间小红书暂停商单", "decision", "low", ["xhs", "exam"], at="12-05 13:50")
    mi("12-05 14:05", "定了，考试前小红书不接商单了，只发日常", "dec_xhs_pause", app="notes")
    session("婉拒商单", [
        U("12-05 14:20", "我决定备考期间小红书先不接商单，怎么跟之前联系我的品牌说比较好？", "dec_xhs_pause"),
        A("可以这样回：“感谢信任！我近期在准备职称考试，暂时不接新的合作，等考完第一时间联系您。”"
          "语气真诚、留好后路就行。"),
    ])

    session("俯卧位PPT", [
        U("11-28 22:00", "帮我搭个俯卧位通气护理的PPT框架，下周四科里业务学习要讲，20分钟左右", "prone_talk", "ev"),
        A("框架：1. 俯卧位通气的原理与适应证；2. 翻身前评估与准备；3. 五人翻身法步骤；4. 俯卧期间的管路、"
          "皮肤和眼部护理；5. 并发症与应急处理；6. 病例分享；7. 小结与提问。"),
        U("12-03 12:40", "把PPT里的要点扩写成讲稿", "prone_talk"),
        RUN("生成俯卧位通气业务学习讲稿", "cancelled", 1, "用户已取消", "prone_talk"),
        A("好的，已按你的要求停止生成。"),
    ])
    mi("12-03 17:10", "业务学习讲完了，主任说案例讲得好", "prone_talk", app="voice")

    # the exam thread: one session over two weeks
    session("主管护师备考", [
        U("11-19 02:45", "学习群说11月29号上午9点有线上模拟考，我基础护理才刷了一半，来得及吗", "mock_exam", "ev"),
        A("来得及。11月29日（周日）09:00 考试前还有十天：前五天把基础护理刷完，后五天做两套真题卷，"
          "最后一晚只看错题。", "mock_exam", "ev"),
        U("11-23 12:40", "主管护师报名是不是12月4号截止？要准备哪些材料", "exam_signup", "ev"),
        A("对，网上报名截止到12月4日（周五）。一般需要：身份证、学历证书、护士执业证书、"
          "单位盖章的工作年限证明，以及白底证件照电子版。", "exam_signup", "ev"),
        U("12-01 21:20", "报名刚刚交完，剩下的时间复习怎么安排比较好？", "exam_signup", "done"),
        A("恭喜～建议分三轮：第一轮按章节过教材配套题，第二轮专攻错题和高频考点，第三轮整套模拟限时做。"),
        RUN("把主管护师考试大纲拆成每日复习计划", "failed", 2, "大纲 PDF 解析失败：文件加密"),
        A("大纲文件是加密的，我没能读出来。你可以把目录拍照发我，我按章节排。"),
        U("12-04 15:40", "审核过了，现场确认要带哪些原件？最晚12月9号", "exam_confirm", "ev"),
        A("一般要带：身份证、毕业证和执业证原件，单位盖章的工作年限证明，以及打印好的报名表。"
          "12月9日（周三）前记得去。", "exam_confirm", "ev"),
    ])
    mi("12-01 21:12", "报名交了！！审核要等几天，有点紧张", "exam_signup", app="keyboard")
    session("CRRT考核提问", [
        U("11-30 21:05", "帮我出5道CRRT考核的口头提问，后天考新护士用", "crrt_exam", "ev"),
        A("1. 枸橼酸抗凝时要监测哪些指标？2. 跨膜压升高的常见原因有哪些？3. 管路预冲的步骤和注意点？"
          "4. 滤器凝血的早期表现？5. 治疗中低血压怎么处理？"),
    ])
    mi("12-02 11:35", "小邝考核过了，就是预冲那一步手有点抖", "crrt_exam", app="voice")


# =========================================================== main user: noise (no ground-truth event)
NOISE_MI = [
    ("11-16 06:40", "闹钟响了三遍才起来，白班第一天，冲", "voice"),
    ("11-16 07:20", "地铁上好擠，站了一路", "keyboard"),
    ("11-16 12:10", "午饭扒了两口就被叫走，5床又躁动了", "voice"),
    ("11-16 15:30", "today's handover 好乱，三个床都有問題", "keyboard"),
    ("11-17 07:05", "糖糖今天早上自己穿袜子，虽然穿反了哈哈", "voice"),
    ("11-17 10:30", "呃那个，血气结果 pH 7.31，乳酸4.2，医生说先补液", "voice"),
    ("11-17 16:40", "OMG 糖糖把我的口红当蜡笔了，阿杰发来的视频笑死", "keyboard"),
    ("11-17 19:45", "下班！今日份步数两万三", "keyboard"),
    ("11-18 13:40", "平时夜班都是晚上7点半接班，早上7点半交班，中间能眯二十分钟算好的", "notes"),
    ("11-18 20:10", "夜班前的仪式：一杯美式一包饼干", "keyboard"),
    ("11-18 23:10", "新收一个重症胰腺炎，忙到飞起", "keyboard"),
    ("11-19 01:50", "凌晨两点的ICU好安静，只剩监护仪在响", "keyboard"),
    ("11-19 05:30", "好饿，泡面配咖啡，夜班标配", "voice"),
    ("11-19 18:30", "十年前的今天我刚进ICU，一晃十年", "notes"),
    ("11-19 22:30", "第二个夜班，一来就收了两个术后", "keyboard"),
    ("11-20 03:15", "手机只剩20%电，监护仪报警响个不停", "keyboard"),
    ("11-20 08:40", "下夜班回家路上差点坐过站", "voice"),
    ("11-20 12:30", "今天一點都不想動", "keyboard"),
    ("11-20 20:30", "糖糖学会一首新儿歌，一直唱两只老虎", "voice"),
    ("11-21 08:30", "周六早上想睡个懒觉，被糖糖坐醒了", "voice"),
    ("11-21 21:00", "我系不系应该买个血氧仪放家里", "voice"),
    ("11-22 06:50", "又是白班，外面下雨，打车排队三十多人", "voice"),
    ("11-22 12:30", "ICU今天满床，护士长在群里说大家辛苦了", "keyboard"),
    ("11-22 17:10", "3床的引流量每小时都要记，记到眼花", "keyboard"),
    ("11-23 06:45", "早上送糖糖去托班，她哭了一路", "voice"),
    ("11-23 08:20", "每天早上7点半交班，雷打不动", "keyboard"),
    ("11-23 15:10", "进修护士问题好多，一个班被问了二十几个问题", "keyboard"),
    ("11-23 19:55", "下班买了杯奶茶犒劳自己，三分糖", "keyboard"),
    ("11-24 12:00", "糖糖昨晚咳了两声，听了听肺没事", "voice"),
    ("11-24 17:30", "下午茶点了一点点，奶茶续命", "voice"),
    ("11-25 05:50", "护理记录写到手抽筋", "keyboard"),
    ("11-25 18:40", "出门前喝了碗老火汤", "voice"),
    ("11-25 21:00", "接班，8个病人满床", "voice"),
    ("11-26 03:30", "咖啡第三杯了，还是困", "keyboard"),
    ("11-26 14:00", "回来倒头睡到两点，饿醒了", "voice"),
    ("11-27 09:00", "休息日，带糖糖去楼下公园喂鸽子", "voice"),
    ("11-27 11:30", "呃…今天天气好好，晒被子", "voice"),
    ("11-27 18:40", "糖糖今天说了一句完整的话：妈妈我要吃饼饼", "keyboard"),
    ("11-28 14:30", "双皮奶和鱼皮角好吃到哭", "voice"),
    ("11-29 18:00", "一天下来像跑了个马拉松", "keyboard"),
    ("11-29 21:30", "两点建议给明天的自己：早点睡，别刷手机", "notes"),
    ("11-30 12:10", "饭堂的白切鸡还行，就是冷了", "keyboard"),
    ("11-30 19:40", "连上白班第一天就累趴", "voice"),
    ("11-30 22:30", "明天又是白班，洗洗睡了", "keyboard"),
    ("12-01 07:10", "降温了，给糖糖穿上小羽绒", "voice"),
    ("12-01 13:00", "5床家属一直问什么时候能转出，解释了好久", "keyboard"),
    ("12-02 07:20", "闹钟没响，差点迟到，狂奔", "voice"),
    ("12-02 12:20", "饭堂今天有烧鹅，排队的人好多", "keyboard"),
    ("12-02 19:50", "今日份：两个新入、一个拔管、零次好好吃饭", "keyboard"),
    ("12-03 07:00", "连续第四个白班，靠咖啡续命", "voice"),
    ("12-03 19:50", "四个白班终于结束", "keyboard"),
    ("12-03 22:00", "追了两集剧，放空", "keyboard"),
    ("12-04 14:00", "补觉被楼上装修吵醒，崩溃", "voice"),
    ("12-05 03:00", "有个年轻病人没抢回来，心里堵得慌", "keyboard"),
    ("12-05 21:20", "第二个夜班，稳住", "keyboard"),
    ("12-06 09:00", "下夜班，天好冷，手都冻红了", "voice"),
    ("12-06 12:30", "睡到中午，骨头都软了", "voice"),
    ("12-06 18:00", "周日晚上的超市人好多", "voice"),
]


def declare_noise():
    for obs, text, app in NOISE_MI:
        mi(obs, text, app=app)
    wx = {"fn": "weather.forecast", "args": {"city": "广州"},
          "result": [{"date": "2026-11-21", "sky": "多云", "t_min": 17, "t_max": 24},
                     {"date": "2026-11-22", "sky": "阴转小雨", "t_min": 15, "t_max": 21},
                     {"date": "2026-11-23", "sky": "北风 3 级", "t_min": 12, "t_max": 18}]}
    aqi = {"fn": "air.quality", "args": {"city": "广州", "date": "2026-12-05"},
           "result": {"aqi": 46, "level": "优", "pm25": 21, "updated": "2026-12-05T15:00:00+08:00"}}
    S = session
    S("英文一句话", [U("11-16 07:40", "英文怎么说：请家属在外面稍等一下"),
                  A("Please wait outside for a moment."), U("11-16 07:41", "谢啦"), A("不客气～")])
    S("泵速计算", [U("11-17 12:15", "去甲肾上腺素4mg配成50ml，病人60kg，要0.1μg/kg/min，泵速多少ml/h？"),
               A("浓度 4mg/50ml = 80μg/ml；剂量 0.1×60 = 6μg/min = 360μg/h；泵速 360÷80 = 4.5 ml/h。")])
    S("探视通知", [U("11-18 10:20", "帮我把这条通知改温和点：“探视时间每天下午3点到3点半，超时一律不让进”"),
               A("各位家属好：ICU 探视时间为每天 15:00–15:30。为了让患者好好休息、减少感染风险，"
                 "请尽量在规定时间内探视，感谢理解与配合！")])
    S("翻译给家属", [U("11-19 05:10", "翻成英文给外籍家属看：“明早6点抽血，今晚12点以后不能吃东西也不能喝水”"),
                A("Blood will be drawn at 6 a.m. tomorrow. Please do not eat or drink anything after midnight "
                  "tonight.")])
    S("下夜班补觉", [U("11-20 09:10", "下夜班之后怎么补觉，才不会晚上睡不着？"),
                A("回家先吃点清淡的，睡 3～4 个小时就起来，下午晒晒太阳、别喝咖啡，晚上按平时的点睡，"
                  "把作息尽快拉回来。")])
    S("天气", [U("11-20 21:10", "广州这几天会降温吗？"), TOOL(wx),
             A("明天多云 17～24 度，后天转小雨，周一北风一吹最低 12 度左右，给孩子备好外套。")])
    S("夜班费", [U("11-22 13:00", "算一下：一个月8个夜班，夜班费每个150，中夜班补贴每次40，一共多少？"),
              A("8×150 + 8×40 = 1200 + 320 = 1520 元。")])
    S("英语口语练习", [U("11-23 21:00", "How do I say “你今天感觉怎么样” to a patient?"),
                 A("How are you feeling today?"),
                 U("11-26 16:30", "“我要给你翻个身，可能有点不舒服”呢？"),
                 A("I'm going to turn you over now; it may be a little uncomfortable."),
                 U("11-27 10:40", "“请不要自己拔管子”"),
                 A("Please don't pull out the tubes yourself.")])
    S("胰岛素泵速", [U("11-24 20:30", "胰岛素50单位配50ml，每小时4单位，泵速多少？"),
                A("浓度 1U/ml，泵速就是 4 ml/h。")])
    S("朋友圈文案", [U("11-25 07:50", "帮我写句朋友圈文案，配图是下夜班看到的日出"),
                A("熬过一整夜的监护仪声，换来一整片橘色的天。早安，广州。")])
    S("肝素", [U("11-26 16:00", "肝素和低分子肝素有什么区别？简单说"),
             A("普通肝素分子大、起效快、半衰期短，要监测 APTT，可以用鱼精蛋白完全中和；"
               "低分子肝素皮下注射、作用更稳定，一般不用常规监测，出血风险相对低一些。")])
    S("家庭开销", [U("11-27 11:00", "帮我算下这个月家里开销：房贷6200，托班3800，菜钱2400，水电500"),
               A("合计 6200 + 3800 + 2400 + 500 = 12900 元。")])
    S("顺德手信", [U("11-28 22:20", "顺德有什么手信适合带给同事？"),
               A("可以带伦教糕、大良崩砂、陈村粉干，分装方便，同事一人一份刚好。")])
    S("专业表述", [U("11-30 13:00", "帮我把这句改专业点：“病人血压低，用了升压药，现在好点了”"),
               A("患者血压偏低，予去甲肾上腺素泵入维持，目前血压较前回升。")])
    S("翻译质控通知", [U("12-01 12:45", "把“请于周五前提交本月护理质控报告”翻译成英文"),
                 A("Please submit this month's nursing quality-control report by Friday.")])
    S("随手问问", [U("12-02 13:10", "周深哪首歌适合哄娃睡觉？"), A("可以试试《小美满》和《大鱼》，节奏慢、声音干净。")])
    S("ARDS", [U("12-03 20:30", "ARDS 的柏林定义是什么？"),
              A("一周内起病或加重；胸片双肺浸润影；不能完全用心衰或液体过多解释；"
                "PEEP≥5 时按氧合指数分轻度 200～300、中度 100～200、重度 ≤100 mmHg。")])
    S("空气质量", [U("12-05 15:30", "广州今天空气怎么样，适合带孩子出去吗？"), TOOL(aqi),
               A("AQI 46，优，可以放心带孩子出门，注意保暖。")])
    S("娃几点睡", [U("12-06 19:00", "两岁多的孩子晚上几点睡比较合适？"),
               A("一般建议八点半到九点之间入睡，保证夜里 10～12 个小时睡眠，睡前半小时关掉屏幕。")])


# =========================================================== the other user (isolation)
def declare_other():
    O = OTHER_USER
    V = VEvent
    V(O, "o_review", "订单中心 需求评审", T("11-25 09:30"), T("11-25 11:00"), location="B座 12楼 会议室 3",
      created=T("11-20 10:00"))
    V(O, "o_k1", "科目一考试", T("11-26 08:00"), T("11-26 09:00"), utc=True, location="车管所 考场",
      created=T("11-10 20:00"))
    V(O, "o_release", "订单服务灰度发布", T("12-02 10:00"), T("12-02 12:00"), location="线上",
      created=T("11-30 09:50"))
    for obs, text in [
        ("11-16 09:15", "站会说这个迭代要把订单服务拆成三个微服务"),
        ("11-17 22:40", "羽毛球群约了周六晚上6点半，南山文体中心，记得带拍子"),
        ("11-18 08:50", "科技园地铁站早高峰人挤人，差点没挤上去"),
        ("11-19 23:30", "线上告警，Redis 连接池打满，排查到后半夜"),
        ("11-20 12:15", "相亲对象约周日下午喝咖啡，有点紧张"),
        ("11-21 21:00", "羽毛球双打连输三局，手感全无"),
        ("11-22 18:30", "咖啡馆聊了两个钟，她也是做产品的，聊得来"),
        ("11-24 21:10", "明天上午9点半需求评审，PRD 还没看完，通宵预定"),
        ("11-25 20:30", "明天早上8点去车管所考科目一，题库再过一遍"),
        ("11-26 11:00", "科目一98分过了，下一步约科目二"),
        ("11-28 15:00", "周末加班修 bug，外卖又是猪脚饭"),
        ("11-30 09:40", "周会：灰度发布定在12月2号上午10点，回滚预案要先写好"),
        ("12-01 22:15", "压测报告写完了，QPS 上到八千"),
        ("12-02 11:20", "灰度发布顺利，回滚预案没用上"),
        ("12-03 20:00", "健身房练背，引体向上做了十个"),
        ("12-05 10:30", "约了科目二练车，教练说倒库要多练"),
        ("12-06 17:00", "给爸妈抢了春运回潮汕的高铁票"),
    ]:
        mi(obs, text, app="keyboard", user=O)
    session("SQL 走不了索引", [
        U("11-18 21:00", "这条 SQL 走不了索引，帮我看看：SELECT * FROM orders WHERE DATE(created_at) = '2026-11-18'"),
        A("对列套函数会让索引失效，改成 created_at >= '2026-11-18' AND created_at < '2026-11-19' 就能走范围扫描。"),
    ], user=O)
    session("第一次见面", [
        U("11-21 10:00", "第一次相亲见面聊什么不尴尬？"),
        A("从轻松的话题开始：最近在看的剧、周末爱去哪、工作里好玩的事；多问开放式问题，少查户口。"),
    ], user=O)
    session("需求评审准备", [
        U("11-24 21:20", "明天上午9点半需求评审，帮我列几个要问产品经理的问题"),
        A("11月25日 09:30 评审可以问：1. 拆分后的订单状态机谁来维护；2. 历史数据怎么迁移；3. 灰度范围；"
          "4. 验收口径。"),
        RUN("生成需求评审问题清单", "succeeded", 2, "已生成 12 个问题，按模块分组"),
    ], user=O)
    session("科目一", [
        U("11-25 20:40", "科目一明天早上8点考，有什么易错题要注意？"),
        A("重点看：扣分分值、安全距离、灯光使用和各种标志标线，数字类的题最容易混。"),
    ], user=O)
    session("灰度发布", [
        U("11-30 10:00", "12月2号上午10点灰度发布，帮我写个发布 checklist"),
        A("checklist：1. 配置中心开关；2. 灰度比例 5%→20%→50%；3. 监控大盘和告警阈值；4. 回滚脚本演练；"
          "5. 值班表。"),
        RUN("跑一遍订单服务的压测脚本", "succeeded", 6, "峰值 QPS 8120，P99 182ms"),
    ], user=O)
    session("Go 泛型", [
        U("12-03 21:00", "Go 泛型的类型约束怎么写？"),
        A("用 interface 定义约束，比如 type Number interface { ~int | ~int64 | ~float64 }，"
          "然后 func Sum[T Number](xs []T) T。"),
    ], user=O)


# =========================================================== assembling, validation
def all_records():
    out = list(MI)
    for s in SESSIONS:
        out += s["msgs"] + s["runs"]
    return out


def assemble():
    problems = []
    recs = sorted(all_records(), key=lambda r: (r.user != MAIN_USER, r.obs, r.src, r.text))
    for r in recs:
        if r.src == "mi":
            r.id = ulid(r.obs)
        elif r.src == "chat":
            r.id = rand_id("msg_", 12)
        else:
            r.id = rand_id("run_", 10)
        assert PERIOD_START <= r.obs < PERIOD_END, (r.text, r.obs)
        if r.ev is not None:
            assert r.user == MAIN_USER, r.text
            EVENTS[r.ev].recs.append(r)
    for s in SESSIONS:
        s["id"] = rand_id("sess_", 10)
    for e in EVENTS.values():
        anchors = e.anchors()
        for r in e.nc():
            try:
                r.parsed = parse_text(r.text, r.obs)
            except ValueError as exc:
                problems.append(f"{e.id}: {exc}")
                continue
            if r.at is None:
                if r.parsed:
                    problems.append(f"{e.id}: {r.text!r} has time words {r.parsed} but claims none")
                continue
            name = AT_NAME[r.at]
            if name not in anchors:
                problems.append(f"{e.id}: claim {name} missing")
                continue
            a, g = anchors[name]
            if not r.parsed:
                problems.append(f"{e.id}: {r.text!r} claims {name} but has no time words")
            bad = [x for x in r.parsed if not agrees(x, r.obs, a, g)]
            if bad:
                problems.append(f"{e.id}: {bad} in {r.text!r} (observed {r.obs:%m-%d %H:%M}) do not name "
                                f"{name}={a:%m-%d %H:%M}")
        for r in e.recs:
            if r.src == "cal":
                r.at = next(k for k, (a, g) in anchors.items() if a == r.extra["start"])
    # noise must not be attached by accident; the other user's texts must not be the main user's
    mine = {r.text for r in all_records() if r.user == MAIN_USER}
    for r in all_records():
        if r.user != MAIN_USER and r.text in mine:
            problems.append(f"shared text {r.text!r}")
    if problems:
        print("gen3: refusing to write data.json:")
        for p in problems:
            print(" -", p)
        sys.exit(1)


def claim_name(r):
    if r.src == "cal":
        return r.at
    return AT_NAME[r.at] if r.at else None


def dedupe_sets(e):
    """Records naming the same anchor within ±15 min (precise) or the same day (day grain)."""
    precise, days = {}, {}
    anchors = e.anchors()
    for r in e.recs:
        name = claim_name(r)
        if name is None:
            continue
        a, g = anchors[name]
        if r.src == "cal":
            (days if r.extra["all_day"] else precise).setdefault(name, []).append(r.ref)
            continue
        best = min(r.parsed, key=lambda x: GRAIN_RANK[x.grain])
        if g == "minute" and best.grain in ("minute", "ago"):
            point = best.start if best.grain == "minute" else r.obs
            if abs(point - a) <= Q15:
                precise.setdefault(name, []).append(r.ref)
        elif best.grain == "day":
            days.setdefault(name, []).append(r.ref)
    return ([sorted(v) for v in precise.values() if len(v) >= 2],
            [sorted(v) for v in days.values() if len(v) >= 2])


def changed_at(e, i):
    x, g, reason = e.old[i]
    if reason == "rescheduled":
        return e.time_known_at()
    name = f"superseded:{i}"
    rs = [r.obs for r in e.nc() if claim_name(r) == name]
    return max(rs) if rs else None


def wire_event(e):
    recs = sorted(e.recs, key=lambda r: (r.src == "cal", r.obs or PERIOD_START))
    precise, days = dedupe_sets(e)
    return {"id": e.id, "title": e.title, "kind": e.kind, "importance": e.importance, "topics": e.topics,
            "event_time": iso(e.et), "event_time_grain": e.grain, "status": e.status,
            "superseded": [{"time": iso(x), "grain": g, "reason": reason, "changed_at": iso(changed_at(e, i))}
                           for i, (x, g, reason) in enumerate(e.old)],
            "completed_at": iso(e.done),
            "records": [r.ref for r in recs],
            "calendar_only": not e.nc(),
            "first_observed_at": iso(e.first_obs()),
            "time_known_at": iso(e.time_known_at()),
            "record_times": {r.ref: AT_NAME[r.at] for r in recs if r.src != "cal" and r.at},
            "dedupe_sets": sorted(precise), "dedupe_sets_day": sorted(days)}


PERSONS = ["阿杰", "糖糖", "家婆", "阿May", "小邝", "罗护士长", "护士长", "陈主任"]
ORGS = ["穗南医院", "护理部", "轻步", "小红书", "托班", "早教中心"]


def entities(text):
    out = []
    for p in PERSONS:
        if p in text and not any(p != q and p in q and q in text for q in PERSONS):
            out.append({"type": "person", "text": p})
    out += [{"type": "org", "text": o} for o in ORGS if o in text]
    return out


def wire_meinput(r, z):
    rng = WIRE_RNG
    rec = {"evidence_id": r.id, "user_id": r.user, "type": "expression_segment", "text": r.text,
           "observed_at": iso(r.obs, z=z)}
    imp = EVENTS[r.ev].importance if r.ev else None
    importance = round(rng.uniform(0.68, 0.95) if imp == "high" else rng.uniform(0.3, 0.7) if imp == "low"
                       else rng.uniform(0.05, 0.45), 2)
    app = r.app or "notes"
    conf = round(rng.uniform(0.72, 0.9) if app == "voice" else rng.uniform(0.86, 0.99), 2)
    roll = rng.random()
    if roll > 0.1:
        rec["app"] = app
    elif roll > 0.05:
        rec["app"] = None
    roll = rng.random()
    if roll > 0.12:
        rec["importance"] = importance
    elif roll > 0.06:
        rec["importance"] = None
    if rng.random() > 0.07:
        rec["confidence"] = conf
    ents = entities(r.text)
    if ents or rng.random() < 0.35:
        rec["entities"] = ents
    elif rng.random() < 0.25:
        rec["entities"] = None
    roll = rng.random()
    if roll > 0.15:
        rec["lang"] = "zh-CN"
    elif roll > 0.08:
        rec["lang"] = None
    return rec


def wire_all():
    # MeInput: ~10% in Z, always including some records written just after midnight
    mis = sorted(MI, key=lambda r: (r.obs, r.id))
    main_idx = [i for i, r in enumerate(mis) if r.user == MAIN_USER]
    z = set(WIRE_RNG.sample(main_idx, k=round(0.1 * len(main_idx))))
    z |= {i for i, r in enumerate(mis) if r.user == MAIN_USER and r.obs.hour == 0 and r.obs.day % 2 == 1}
    z |= set(WIRE_RNG.sample([i for i, r in enumerate(mis) if r.user != MAIN_USER], k=2))
    meinput = [wire_meinput(r, i in z) for i, r in enumerate(mis)]
    chat = {}
    for user in (MAIN_USER, OTHER_USER):
        out = {"sessions": [], "messages": [], "runs": []}
        for s in SESSIONS:
            if s["user"] != user:
                continue
            first = s["msgs"][0].obs
            last = max([m.obs for m in s["msgs"]] + [r.extra["finished"] or r.obs for r in s["runs"]])
            out["sessions"].append({"session_id": s["id"], "title": s["title"],
                                    "created_at": iso(first - timedelta(seconds=WIRE_RNG.randint(1, 25))),
                                    "last_active_at": iso(last)})
            for m in s["msgs"]:
                out["messages"].append({"message_id": m.id, "session_id": s["id"], "role": m.role,
                                        "content": m.text, "created_at": iso(m.obs)})
            for r in s["runs"]:
                out["runs"].append({"run_id": r.id, "session_id": s["id"], "task": r.text,
                                    "status": r.extra["status"], "started_at": iso(r.obs),
                                    "finished_at": iso(r.extra["finished"]), "summary": r.extra["summary"]})
        msgs = out["messages"]
        zi = set(WIRE_RNG.sample(range(len(msgs)), k=max(1, round(0.05 * len(msgs)))))
        zi |= {i for i, m in enumerate(msgs) if datetime.fromisoformat(m["created_at"]).hour == 1}
        for i in sorted(zi):
            msgs[i]["created_at"] = iso(datetime.fromisoformat(msgs[i]["created_at"]), z=True)
        key = lambda x: datetime.fromisoformat(x.replace("Z", "+00:00"))
        out["sessions"].sort(key=lambda s: (key(s["created_at"]), s["session_id"]))
        msgs.sort(key=lambda m: (key(m["created_at"]), m["message_id"]))
        out["runs"].sort(key=lambda r: (key(r["started_at"]), r["run_id"]))
        chat[user] = out
    calendar = {u: {"name": n, "timezone": "Asia/Shanghai", "events": [v.wire() for v in VEVENTS if v.user == u]}
                for u, n in ((MAIN_USER, "梁嘉欣"), (OTHER_USER, "钟子豪"))}
    return meinput, chat, calendar


# =========================================================== labelling (README "Labelling rules")
def ev_iv(e):
    if e.et is None:
        return None
    return e.et, e.et + (DAY if e.grain == "day" else MIN1)


def overlaps(iv, R):
    return iv is not None and iv[0] < R[1] and iv[1] > R[0]


def inr(t, R):
    return t is not None and R[0] <= t < R[1]


def known(e, now):
    return any(r.obs <= now for r in e.nc())


def time_known(e, now):
    t = e.time_known_at()
    return t is not None and t <= now


def done_known(e, now):
    """Done by now, and a record written at (or up to 10 min before) the completion says so."""
    return (e.done is not None and e.done <= now
            and any(e.done - timedelta(minutes=10) <= r.obs <= now for r in e.nc()))


def is_occurred(e, R, now):
    if e.kind in ("event", "decision"):
        iv = ev_iv(e)
        return overlaps(iv, R) and iv[0] <= now and time_known(e, now)
    if e.kind in ("todo", "commitment") and e.done is not None:
        return inr(e.done, R) and done_known(e, now)
    return False


SRC = {"mi": "mi", "chat": "chat"}


def is_mentioned(e, R, now, source=None, text_re=None):
    return any(r.role == "user" and r.obs <= now and inr(r.obs, R) and (source is None or r.src == source)
               and (not text_re or re.search(text_re, r.text)) for r in e.nc())


def is_planned(e, R, now):
    iv = ev_iv(e)
    return (e.kind == "event" and overlaps(iv, R) and e.first_obs() is not None and e.first_obs() < iv[0]
            and time_known(e, now))


def is_created(e, R, now):
    f = e.first_obs()
    return e.kind in ("decision", "commitment", "todo") and inr(f, R) and f <= now


def is_due(e, R, now):
    return e.kind in ("todo", "commitment") and overlaps(ev_iv(e), R) and known(e, now) and not done_known(e, now)


def is_ambiguous(e, R, now, source=None, text_re=None):
    done_before = e.done is not None and e.done < R[0] and done_known(e, now)
    return (is_occurred(e, R, now) or is_mentioned(e, R, now, source, text_re)
            or (overlaps(ev_iv(e), R) and time_known(e, now) and not done_before))


def related(e, W):
    return (overlaps(ev_iv(e), W)
            or any(overlaps((x, x + (DAY if g == "day" else MIN1)), W) for x, g, _ in e.old)
            or inr(e.done, W) or any(inr(r.obs, W) for r in e.nc()))


def ranges(name, now, arg=None):
    """(range, range_wide) per time-conventions.md; wide = the generous reading where one is arguable."""
    d, w = day0(now), week0(now)
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
    if name == "these_two_days":        # 这两天 = [yesterday, tomorrow)
        return one(d - DAY, d + DAY)
    if name == "this_week":
        return one(w, w + 7 * DAY)
    if name == "last_week":
        return one(w - 7 * DAY, w)
    if name == "next_week":
        return one(w + 7 * DAY, w + 14 * DAY)
    if name == "weekday":               # arg = (week offset, weekday)
        off, wd = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x, x + DAY)
    if name == "weekday_part":          # arg = (week offset, weekday, part start h, part end h)
        off, wd, a, b = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x + a * HOUR, x + b * HOUR)
    if name == "this_weekend":
        return one(w + 5 * DAY, w + 7 * DAY)
    if name == "last_weekend":
        return one(w - 2 * DAY, w)
    if name == "recent_n":              # 最近N天 = [today-(N-1), tomorrow); also the last N*24 h
        n = arg
        return (d - (n - 1) * DAY, d + DAY), (min(d - (n - 1) * DAY, now - n * 24 * HOUR), d + DAY)
    if name == "recent":                # 最近 = the last 7 days incl. today; older tolerated
        return (d - 6 * DAY, d + DAY), (d - FAR, d + DAY)
    if name == "before_weekday":        # 这周X之前 / 下周X之前 = [now, end of that day); from the week start tolerated
        off, wd = arg
        end = w + timedelta(days=7 * off + wd + 1)
        return (now, end), (w, end)
    if name == "before_month_end":      # 月底之前 = [now, 1st of next month)
        return (now, month_start(d, 1)), (month_start(d), month_start(d, 1))
    if name == "before_date":           # M月D号之前 = [now, end of that day)
        end = Dd(arg) + DAY
        return (now, end), (w, end)
    if name == "this_month":
        return one(month_start(d), month_start(d, 1))
    if name == "last_month":
        return one(month_start(d, -1), month_start(d))
    if name == "this_morning":          # 今天上午 = [06:00, 12:00)
        return (d + 6 * HOUR, d + 12 * HOUR), (d, d + 13 * HOUR)
    if name == "last_night":            # 昨晚 = [yesterday 18:00, 24:00); notes up to 04:00 tolerated
        return (d - 6 * HOUR, d), (d - 7 * HOUR, d + 4 * HOUR)
    if name == "date":
        x = Dd(arg)
        return one(x, x + DAY)
    if name == "date_part":             # arg = ('MM-DD', part start h, part end h)
        x = Dd(arg[0])
        return one(x + arg[1] * HOUR, x + arg[2] * HOUR)
    if name == "all":                   # no time word: the last 30 days up to now
        return (now - timedelta(days=30), now), (d - FAR, d + FAR)
    raise KeyError(name)


MODE_GROUP = {"OCCURRED_IN": "occurred", "MENTIONED_IN": "mentioned", "PLANNED_IN": "planned",
              "CREATED_IN": "created", "DUE_IN": "due"}


def label_query(q, spec):
    now = datetime.fromisoformat(q["now"])
    R, W = ranges(spec["range"], now, spec.get("arg"))
    mode = q["mode_hint"]
    kinds, imp, topics = spec.get("kinds"), spec.get("importance"), set(spec.get("topics") or [])
    tolerated = topics | set(spec.get("allow_topics") or [])
    source, text_re = spec.get("source"), spec.get("text_re")

    def rule(e):
        if not e.nc():
            return False        # calendar-only events are never required
        return {"OCCURRED_IN": lambda: is_occurred(e, R, now),
                "MENTIONED_IN": lambda: is_mentioned(e, R, now, source, text_re),
                "PLANNED_IN": lambda: is_planned(e, R, now),
                "CREATED_IN": lambda: is_created(e, R, now),
                "DUE_IN": lambda: is_due(e, R, now),
                "AMBIGUOUS": lambda: is_ambiguous(e, R, now, source, text_re)}[mode]()

    def passes(e):
        return ((not kinds or e.kind in kinds) and (not imp or e.importance == imp)
                and (not topics or bool(topics & set(e.topics))))

    evs = list(EVENTS.values())
    must = [e for e in evs if rule(e) and passes(e)]
    ids = {e.id for e in must}
    must_not = [e.id for e in evs if not related(e, W)]
    allowed = [e.id for e in evs if e.id not in ids and related(e, W) and (not topics or tolerated & set(e.topics))]
    groups = {}
    for e in must:
        if mode in MODE_GROUP:
            groups[e.id] = MODE_GROUP[mode]
        elif e.kind in ("event", "decision") and overlaps(ev_iv(e), R) and ev_iv(e)[0] <= now:
            groups[e.id] = "occurred"
        elif e.et is None or (not overlaps(ev_iv(e), W) and not inr(e.done, W)):
            groups[e.id] = "mentioned"
    assert not ids & set(must_not), q["id"]
    q.update(must=[e.id for e in must], must_not=must_not, allowed=allowed, groups=groups,
             range={"start": iso(R[0]), "end": iso(R[1])}, range_wide={"start": iso(W[0]), "end": iso(W[1])})


# =========================================================== queries
N1, N2, N3, N4 = "11-18 12:30", "11-20 08:10", "11-22 21:30", "11-23 12:50"
N5, N6, N7, N8 = "11-25 02:40", "11-27 20:00", "11-29 22:00", "11-30 07:00"
N9, N10, N11 = "12-02 19:45", "12-04 12:00", "12-06 21:30"
TD = ["todo", "commitment"]
EXAM_RE = "考|题|报名|网课|复习"

# (id, query, now, mode_hint, spec)
QUERY_SPECS = [
    # OCCURRED_IN
    ("q01", "昨天一天都忙活了些什么？", N2, "OCCURRED_IN", dict(range="yesterday")),
    ("q02", "这个周末我都干嘛了？", N3, "OCCURRED_IN", dict(range="this_weekend")),
    ("q03", "昨天都做了哪些事？", N5, "OCCURRED_IN", dict(range="yesterday")),
    ("q04", "前天那天都干了什么？", N6, "OCCURRED_IN", dict(range="day_before")),
    ("q05", "今天一天下来都做了什么？", N7, "OCCURRED_IN", dict(range="today")),
    ("q06", "上周我办成了哪些重要的事？", N8, "OCCURRED_IN", dict(range="last_week", importance="high")),
    ("q07", "上周六我干嘛去了？", N9, "OCCURRED_IN", dict(range="weekday", arg=(-1, 5))),
    ("q08", "这周我都做了哪些事？", N10, "OCCURRED_IN", dict(range="this_week")),
    ("q09", "12月4号那天我都干了啥？", N11, "OCCURRED_IN", dict(range="date", arg="12-04")),
    ("q10", "今天上午都做了什么？", N4, "OCCURRED_IN", dict(range="this_morning")),
    ("q11", "11月26号那天干了些什么？", N6, "OCCURRED_IN", dict(range="date", arg="11-26")),
    ("q12", "昨天晚上都在忙什么？", N5, "OCCURRED_IN", dict(range="last_night")),
    # MENTIONED_IN
    ("q13", "我昨天在 MeInput 里记了些什么？", N1, "MENTIONED_IN", dict(range="yesterday", source="mi")),
    ("q14", "这两天跟助手聊过些什么？", N3, "MENTIONED_IN", dict(range="these_two_days", source="chat")),
    ("q16", "这周我提过哪些小红书的事？", N6, "MENTIONED_IN", dict(range="this_week", topics=["xhs"])),
    ("q17", "这周我说起过家婆哪些事？", N7, "MENTIONED_IN", dict(range="this_week", topics=["mil"])),
    ("q18", "上周在聊天里跟助手说过哪些事？", N8, "MENTIONED_IN", dict(range="last_week", source="chat")),
    ("q19", "最近三天我说过的事里，哪些比较重要？", N9, "MENTIONED_IN",
     dict(range="recent_n", arg=3, importance="high")),
    ("q20", "前天我说过要去办哪些事？", N10, "MENTIONED_IN", dict(range="day_before", kinds=TD)),
    ("q21", "我在 MeInput 里记过哪些备考的事？", N11, "MENTIONED_IN",
     dict(range="all", source="mi", topics=["exam"], text_re=EXAM_RE)),
    ("q22", "这个月我都记了些啥？", N11, "MENTIONED_IN", dict(range="this_month", source="mi")),
    ("q23", "昨天在聊天里都问了助手些什么？", N4, "MENTIONED_IN", dict(range="yesterday", source="chat")),
    ("q24", "11月18号那天我都说了些啥？", N2, "MENTIONED_IN", dict(range="date", arg="11-18")),
    # PLANNED_IN
    ("q25", "今天接下来有啥安排？", N1, "PLANNED_IN", dict(range="today")),
    ("q27", "下周都排了哪些事？", N3, "PLANNED_IN", dict(range="next_week")),
    ("q28", "周三要干嘛？", N4, "PLANNED_IN", dict(range="weekday", arg=(0, 2))),
    ("q29", "今天上午我得去哪儿？", N5, "PLANNED_IN", dict(range="this_morning")),
    ("q30", "明天要去哪？", N6, "PLANNED_IN", dict(range="tomorrow")),
    ("q32", "下周的行程帮我过一遍", N7, "PLANNED_IN", dict(range="next_week")),
    ("q33", "今天几点上班来着？", N8, "PLANNED_IN", dict(range="today")),
    ("q34", "周四下午有啥事？", N9, "PLANNED_IN", dict(range="weekday_part", arg=(0, 3, 12, 18))),
    ("q35", "下周一有什么要忙的？", N11, "PLANNED_IN", dict(range="weekday", arg=(1, 0))),
    ("q36", "这周还有哪些安排？", N1, "PLANNED_IN", dict(range="this_week")),
    ("q37", "11月29号那天原本都安排了什么？", N10, "PLANNED_IN", dict(range="date", arg="11-29")),
    # CREATED_IN
    ("q38", "这周我都拿定了哪些主意？", N3, "CREATED_IN", dict(range="this_week", kinds=["decision"])),
    ("q39", "这周答应过别人什么事？", N7, "CREATED_IN", dict(range="this_week", kinds=["commitment"])),
    ("q40", "上周新冒出来哪些待办？", N8, "CREATED_IN", dict(range="last_week", kinds=TD)),
    ("q41", "最近做了哪些决定？", N11, "CREATED_IN", dict(range="recent", kinds=["decision"])),
    ("q43", "这个月新加了哪些要办的事？", N6, "CREATED_IN", dict(range="this_month", kinds=TD)),
    ("q44", "上个月我都定了些什么？", N10, "CREATED_IN", dict(range="last_month", kinds=["decision"])),
    ("q45", "最近记下的待办有哪些？", N9, "CREATED_IN", dict(range="recent", kinds=TD)),
    # DUE_IN
    ("q46", "这周日之前得做完什么？", N1, "DUE_IN", dict(range="before_weekday", arg=(0, 6))),
    ("q47", "下周二之前要交哪些东西？", N3, "DUE_IN", dict(range="before_weekday", arg=(1, 1))),
    ("q48", "月底之前还有哪些事要搞定？", N4, "DUE_IN", dict(range="before_month_end")),
    ("q49", "下周一之前要弄完哪些？", N6, "DUE_IN", dict(range="before_weekday", arg=(1, 0))),
    ("q50", "这周有哪些截止的事？", N8, "DUE_IN", dict(range="this_week")),
    ("q51", "12月4号之前要办完的有哪些？", N9, "DUE_IN", dict(range="before_date", arg="12-04")),
    ("q52", "今天截止的有什么？", N10, "DUE_IN", dict(range="today")),
    ("q53", "这周五之前要交的东西有哪些？", N5, "DUE_IN", dict(range="before_weekday", arg=(0, 4))),
    ("q54", "下周有哪些事到期？", N11, "DUE_IN", dict(range="next_week")),
    ("q55", "明天有哪些东西到截止日？", N7, "DUE_IN", dict(range="tomorrow")),
    # AMBIGUOUS
    ("q56", "我昨天有什么要紧的事吗？", N2, "AMBIGUOUS", dict(range="yesterday", importance="high")),
    ("q57", "这周有什么重要的事？", N4, "AMBIGUOUS", dict(range="this_week", importance="high")),
    ("q58", "家婆复诊后来怎么样了？", N7, "AMBIGUOUS", dict(range="all", topics=["mil_clinic"], allow_topics=["mil"])),
    ("q59", "轻步那篇合作笔记发了没？", N6, "AMBIGUOUS", dict(range="all", topics=["collab"], allow_topics=["xhs"])),
    ("q60", "主管护师报上名了吗？", N9, "AMBIGUOUS", dict(range="all", topics=["signup"], allow_topics=["exam"])),
    ("q61", "最近三天有哪些需要注意的事情？", N10, "AMBIGUOUS", dict(range="recent_n", arg=3, importance="high")),
    ("q62", "这个月我有什么要紧事？", N11, "AMBIGUOUS", dict(range="this_month", importance="high")),
    ("q63", "上周发生了哪些要紧的事？", N8, "AMBIGUOUS", dict(range="last_week", importance="high")),
    ("q65", "最近家婆那边有什么情况？", N5, "AMBIGUOUS", dict(range="recent", topics=["mil"])),
    ("q66", "带教小邝的事最近有什么进展？", N9, "AMBIGUOUS", dict(range="recent", topics=["mentoring"])),
    ("q67", "昨天有什么事？", N1, "AMBIGUOUS", dict(range="yesterday")),
    ("q68", "ECMO培训到底是哪天？", N10, "AMBIGUOUS", dict(range="all", topics=["ecmo"])),
    ("q69", "这两天有什么事？", N11, "AMBIGUOUS", dict(range="these_two_days")),
]

SKIP_SPECS = [
    ("s01", "把“请家属明天上午10点前缴费”翻译成英文", N1),
    ("s02", "夜班后怎么调整作息比较科学？", N2),
    ("s03", "写一条小红书标题：ICU护士的夜班便当", N3),
    ("s04", "解释一下什么是时间依赖性抗菌药", N4),
    ("s05", "一周吃几次深海鱼比较好？", N5),
    ("s06", "周深哪几首歌适合跑步时听？", N6),
    ("s07", "帮我把“本周六起探视时间调整为下午3点到4点”改得温和一点", N7),
    ("s08", "三天打鱼两天晒网的毛病怎么改？", N8),
    ("s09", "肝素和低分子肝素的剂量怎么换算？", N9),
    ("s10", "Excel 怎么统计排班表里每个人的夜班次数？", N11),
]


def build_queries():
    out = []
    for i, (_, text, now, mode, spec) in enumerate(QUERY_SPECS, 1):
        q = {"id": f"q{i:02d}", "query": text, "now": iso(T(now)), "mode_hint": mode}
        label_query(q, spec)
        q["expect_skip"] = False
        q["spec"] = {k: (list(v) if isinstance(v, tuple) else v) for k, v in spec.items()}
        out.append(q)
    for qid, text, now in SKIP_SPECS:
        out.append({"id": qid, "query": text, "now": iso(T(now)), "mode_hint": None, "expect_skip": True,
                    "must": [], "must_not": [], "allowed": [], "groups": {}, "spec": {}})
    return out


# =========================================================== main
def main():
    declare_calendar()
    declare_events()
    declare_noise()
    declare_other()
    assemble()
    meinput, chat, calendar = wire_all()
    queries = build_queries()
    data = {
        "meta": {"name": "temporal-recall dev set 3 (ICU nurse, Guangzhou)", "generator": "gen3.py",
                 "seed": SEED, "main_user": MAIN_USER, "timezone": "Asia/Shanghai",
                 "period": {"start": iso(PERIOD_START), "end": iso(PERIOD_END)},
                 "notes": "events and queries describe u_dev only; every u_dev_other record is a leak if shown "
                          "for u_dev. event_time_grain=day means the whole calendar day of event_time (deadlines, "
                          "all-day items). Calendar refs: calendar:event:<UID> or "
                          "calendar:event:<UID>:<RECURRENCE-ID> (YYYYMMDDTHHMMSS, Asia/Shanghai) for instances "
                          "of recurring events."},
        "users": [
            {"user_id": MAIN_USER, "timezone": "Asia/Shanghai",
             "persona": "梁嘉欣，34岁，广州穗南医院综合ICU护师，白班/夜班轮转；女儿糖糖两岁八个月（托班），"
                        "家婆76岁同住，老公阿杰做地铁检修；在备考主管护师，经营一个小红书账号"},
            {"user_id": OTHER_USER, "timezone": "Asia/Shanghai",
             "persona": "钟子豪，深圳后端工程师，打羽毛球、学车、相亲"},
        ],
        "meinput": meinput,
        "chat": chat,
        "calendar": calendar,
        "events": [wire_event(e) for e in EVENTS.values()],
        "queries": queries,
    }
    path = os.path.join(HERE, "data.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")
    n_main_mi = sum(1 for r in meinput if r["user_id"] == MAIN_USER)
    print(f"wrote {path}: meinput(main)={n_main_mi} messages(main)={len(chat[MAIN_USER]['messages'])} "
          f"sessions(main)={len(chat[MAIN_USER]['sessions'])} runs(main)={len(chat[MAIN_USER]['runs'])} "
          f"events={len(EVENTS)} queries={len(queries)}")


if __name__ == "__main__":
    main()
