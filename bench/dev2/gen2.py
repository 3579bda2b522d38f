#!/usr/bin/env python3
"""gen2.py - a second, independent labelled dev set for Temporal Recall (stdlib only).

    python3 gen2.py [--out data.json]

Writes data.json in the exact format of shared/dev-eval/data.json (same stub, same scorer,
same check_data.py). Deterministic: a fixed seed, every text and time written by hand;
re-running gives the same bytes.

Persona (u_dev2): 林岚, 38, 成都一所中学的数学老师兼初二(5)班班主任. Husband 老陈 (often away),
son 小满 (8, second grade, 围棋课 on Sundays). Her father (老爸) is recovering from hip
surgery at 华西医院 (discharge, medicines, a follow-up visit). Side project: a popular-math
book 《初中几何十二讲》 with 苏编辑 of a publisher (outline, video call, royalty, sample chapter
whose deadline moves). Period 2026-02-27 (Fri) .. 2026-03-19 (Thu) 24:00, Asia/Shanghai.
u_dev2_other: 胡志强, a hotpot-restaurant owner in Chongqing (isolation / time collisions).

Labels: `must` (and, for AMBIGUOUS, `groups`) are written by hand per query from
../time-conventions.md, ../contracts/api.md and the labelling rules of dev-eval/README.md;
`must_not` / `allowed` are computed here from each event's times and records
("touches range_wide"), as README.md defines them. check_data.py re-derives all of it.
"""
import argparse
import json
import os
import random
from datetime import datetime, timedelta, timezone

SEED = 20260319
TZ = timezone(timedelta(hours=8))
UTC = timezone.utc
YEAR = 2026
P0 = datetime(2026, 2, 27, tzinfo=TZ)
P1 = datetime(2026, 3, 20, tzinfo=TZ)
MAIN = "u_dev2"
OTHER = "u_dev2_other"
HERE = os.path.dirname(os.path.abspath(__file__))
DAY = timedelta(days=1)
MIN = timedelta(minutes=1)
FAR = timedelta(days=3650)

RNG = random.Random(SEED)            # seconds of observed times
ID_RNG = random.Random(SEED + 1)     # ids
WIRE = random.Random(SEED + 2)       # optional fields, Z times


def T(s):
    """'03-05 21:20' -> aware datetime (2026, +08:00)."""
    d, hm = s.split()
    mo, dd = map(int, d.split("-"))
    h, mi = map(int, hm.split(":"))
    return datetime(YEAR, mo, dd, h, mi, tzinfo=TZ)


def D(s):
    mo, dd = map(int, s.split("-"))
    return datetime(YEAR, mo, dd, tzinfo=TZ)


def iso(dt, z=False):
    if dt is None:
        return None
    if z:
        return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return dt.astimezone(TZ).isoformat()


def day0(x):
    return x.replace(hour=0, minute=0, second=0, microsecond=0)


def week0(x):
    d = day0(x)
    return d - timedelta(days=d.weekday())


def month_start(x, add=0):
    y, m = x.year, x.month + add
    y, m = y + (m - 1) // 12, (m - 1) % 12 + 1
    return datetime(y, m, 1, tzinfo=TZ)


# ============================================================== ids
B32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
SEEN = set()


def uniq(s):
    assert s not in SEEN, s
    SEEN.add(s)
    return s


def seg_id(dt):
    ms = int(dt.timestamp() * 1000)
    head = ""
    for _ in range(10):
        ms, r = divmod(ms, 32)
        head = B32[r] + head
    return uniq("seg_" + head + "".join(ID_RNG.choice(B32) for _ in range(16)))


def short_id(prefix, n):
    while True:
        s = prefix + "".join(ID_RNG.choice("0123456789abcdefghjkmnpqrstuvwxyz") for _ in range(n))
        if s not in SEEN:
            return uniq(s)


def cal_uid():
    h = "".join(ID_RNG.choice("0123456789abcdef") for _ in range(32))
    return uniq(f"{h[:8]}-{h[8:12]}-4{h[13:16]}-9{h[17:20]}-{h[20:]}@cal.jinjiang-edu.example")


# ============================================================== record model
class Rec:
    """src: mi | chat | run | cal. claim: None or (anchor, how) with anchor in et / done / sup0 and
    how = m (a clock time within 15 min of a minute anchor), d (a day), c (coarser or finer than
    the anchor: part of day, week, month ... never in a dedupe set)."""

    def __init__(self, src, user, t, text, role="user", sess=None, claim=None, app=None, lang=None,
                 status=None, finished=None, summary=None, cal=None):
        self.src, self.user, self.t, self.text, self.role, self.sess = src, user, t, text, role, sess
        self.claim, self.app, self.lang = claim, app, lang
        self.status, self.finished, self.summary, self.cal = status, finished, summary, cal
        self.obs = None
        self.ref = None
        self.event = None


ALL = []          # every non-calendar record, both users


def _claim(c):
    if c is None:
        return None
    a, how = c.split(":")
    assert a in ("et", "done", "sup0") and how in ("m", "d", "c"), c
    return a, how


def M(t, text, claim=None, app=None, lang=None, user=MAIN):
    r = Rec("mi", user, T(t), text, claim=_claim(claim), app=app, lang=lang)
    ALL.append(r)
    return r


def U(sess, t, text, claim=None, user=MAIN):
    r = Rec("chat", user, T(t), text, role="user", sess=sess, claim=_claim(claim))
    ALL.append(r)
    return r


def A(sess, t, text, claim=None, user=MAIN):
    r = Rec("chat", user, T(t), text, role="assistant", sess=sess, claim=_claim(claim))
    ALL.append(r)
    return r


def TOOL(sess, t, obj, user=MAIN):
    r = Rec("chat", user, T(t), json.dumps(obj, ensure_ascii=False), role="tool", sess=sess)
    ALL.append(r)
    return r


def RUN(sess, t, task, status, minutes, summary, user=MAIN):
    start = T(t)
    fin = None if status == "running" else start + timedelta(minutes=minutes, seconds=RNG.randint(3, 50))
    r = Rec("run", user, start, task, role="run", sess=sess, status=status, finished=fin, summary=summary)
    ALL.append(r)
    return r


def CAL(key, start=None):
    """A calendar instance: key of a VEVENT; start = the instance's original start (recurring)."""
    return Rec("cal", MAIN, None, None, role="cal", cal=(key, start))


# ============================================================== calendar
class VEvent:
    def __init__(self, key, user, summary, start, end, form="tzid", rrule=None, exdates=(), location=None,
                 description=None, status="CONFIRMED", sequence=0, created=None, modified=None, overrides=()):
        self.key, self.user, self.summary = key, user, summary
        self.all_day = form == "date"
        self.start, self.end = start, end
        self.form, self.rrule, self.exdates = form, rrule, list(exdates)
        self.location, self.description, self.status, self.sequence = location, description, status, sequence
        self.created, self.modified = created, modified or created
        self.overrides = list(overrides)      # (recurrence_id, start, end, summary, sequence, modified)
        self.uid = cal_uid()

    def _t(self, x):
        return x.strftime("%Y-%m-%d") if self.all_day else iso(x)

    def wire(self):
        return {"uid": self.uid, "summary": self.summary, "start": self._t(self.start), "end": self._t(self.end),
                "all_day": self.all_day, "time_form": self.form, "rrule": self.rrule,
                "exdates": [self._t(x) for x in self.exdates], "location": self.location,
                "description": self.description, "status": self.status, "sequence": self.sequence,
                "created": self.created, "last_modified": self.modified,
                "overrides": [{"recurrence_id": self._t(o[0]), "start": self._t(o[1]), "end": self._t(o[2]),
                               "summary": o[3], "sequence": o[4], "last_modified": o[5]} for o in self.overrides]}

    def instance(self, orig):
        """-> (ref, actual start, all_day) of the instance whose original start is orig (None: single)."""
        if not self.rrule:
            return f"calendar:event:{self.uid}", self.start, self.all_day
        assert orig is not None
        rid = orig.strftime("%Y%m%d") if self.all_day else orig.strftime("%Y%m%dT%H%M%S")
        actual = next((o[1] for o in self.overrides if o[0] == orig), orig)
        n = int(self.rrule.split("COUNT=")[1])
        assert orig in [self.start + timedelta(days=7 * i) for i in range(n)] and orig not in self.exdates
        return f"calendar:event:{self.uid}:{rid}", actual, self.all_day


V = {}


def vevent(key, *a, **k):
    V[key] = VEvent(key, *a, **k)


def declare_calendar():
    vevent("jiaoyan", MAIN, "初二数学教研组活动", T("03-04 14:00"), T("03-04 15:30"),
           rrule="FREQ=WEEKLY;BYDAY=WE;COUNT=4", location="行政楼 302 教研室",
           description="每周三下午：集体备课、听评课", created="2026-02-26T03:10:00Z",
           overrides=[(T("03-18 14:00"), T("03-19 15:00"), T("03-19 16:30"),
                       "初二数学教研组活动（公开课当天，改周四）", 1, "2026-03-16T04:20:00Z")])
    vevent("weiqi", MAIN, "小满 围棋课", T("03-01 09:30"), T("03-01 11:00"),
           rrule="FREQ=WEEKLY;BYDAY=SU;COUNT=4", exdates=[T("03-22 09:30")], location="少年宫 4楼 围棋教室",
           created="2026-02-20T12:00:00Z", modified="2026-03-15T04:30:00Z")
    vevent("opening", MAIN, "开学典礼暨升旗仪式", T("03-02 07:50"), T("03-02 08:40"), form="utc",
           location="学校操场", created="2026-02-25T08:00:00Z")
    vevent("forum", MAIN, "区初中数学学科会", T("03-05 14:00"), T("03-05 16:00"),
           location="区教师进修学校", created="2026-02-28T02:00:00Z")
    vevent("discharge", MAIN, "爸出院（华西骨科）", T("03-06 10:00"), T("03-06 11:30"),
           location="华西医院 骨科病房 12F", created="2026-03-04T10:40:00Z")
    vevent("drill", MAIN, "全校消防疏散演练", T("03-11 10:00"), T("03-11 10:30"),
           created="2026-03-09T01:00:00Z")
    vevent("pm", MAIN, "初二(5)班家长会", T("03-13 19:00"), T("03-13 20:30"), location="初二(5)班教室",
           description="原定3月6日，因上级检查改期", sequence=1,
           created="2026-03-02T13:20:00Z", modified="2026-03-04T04:35:00Z")
    vevent("dentist", MAIN, "小满 口腔医院复诊", T("03-14 10:30"), T("03-14 11:30"), location="华西口腔医院",
           status="CANCELLED", sequence=1, created="2026-03-12T00:10:00Z", modified="2026-03-13T08:25:00Z")
    vevent("oc", MAIN, "区教研公开课《勾股定理的逆定理》", T("03-18 10:10"), T("03-18 10:55"),
           location="初二(5)班教室", description="区教研员、全组听课", created="2026-03-06T08:40:00Z")
    vevent("followup", MAIN, "爸 华西骨科复查", T("03-20 09:30"), T("03-20 11:30"),
           location="华西医院 门诊楼 骨科", description="带出院小结、片子、医保卡", form="utc",
           created="2026-03-10T04:15:00Z")
    vevent("checkup", MAIN, "教职工体检", T("03-25 08:00"), T("03-25 10:00"), location="区人民医院体检中心",
           created="2026-03-02T09:00:00Z")
    vevent("trip", MAIN, "初二年级春游（都江堰）", D("03-27"), D("03-28"), form="date",
           created="2026-03-11T09:30:00Z")
    # the other user
    vevent("o_inspect", OTHER, "市场监管所 后厨检查", T("03-06 10:00"), T("03-06 11:00"),
           location="渝中区 店里", created="2026-03-05T14:00:00Z")
    vevent("o_dinner", OTHER, "员工聚餐（南滨路）", T("03-13 19:00"), T("03-13 21:30"),
           created="2026-03-04T12:55:00Z")
    vevent("o_freezer", OTHER, "冻库维修", T("03-18 10:10"), T("03-18 12:00"), form="utc",
           created="2026-03-12T08:00:00Z")


# ============================================================== events (main user)
class Ev:
    def __init__(self, id, title, kind, imp, topics, et=None, grain=None, done=None, status=None, sup=(),
                 recs=()):
        self.id, self.title, self.kind, self.imp, self.topics = id, title, kind, imp, list(topics)
        self.et = None if et is None else (D(et) if grain == "day" else T(et))
        self.grain = grain
        self.done = None if done is None else T(done)
        self.status = status
        # sup: (time, grain, reason, index of the record that changed it)
        self.sup = [((D(x) if g == "day" else T(x)), g, reason, i) for x, g, reason, i in sup]
        self.recs = list(recs)
        if self.sup and status is None:
            self.status = "rescheduled" if self.sup[0][2] == "rescheduled" else "cancelled"
        for r in self.recs:
            assert r.event is None
            r.event = self.id


EVENTS = []


def E(*a, **k):
    e = Ev(*a, **k)
    EVENTS.append(e)
    return e


def declare_events():
    # ---------------------------------------------------------------- school
    E("staff_meeting", "开学前全体教职工大会", "event", "low", ["school"], "02-27 14:30", "minute", recs=[
        M("02-27 08:12", "下午两点半全体教职工大会，阶梯教室，别忘了带笔记本", "et:m"),
        M("02-27 16:48", "大会开完了，这学期重点就是迎省督导，教案必须手写"),
    ])
    E("opening", "开学典礼暨升旗仪式", "event", "low", ["school"], "03-02 07:50", "minute", recs=[
        M("03-01 21:05", "明天早上7:50开学典礼，要提前到操场排队", "et:m"),
        M("03-02 09:10", "典礼上校长讲了二十分钟，孩子们站得东倒西歪"),
        CAL("opening"),
    ])
    E("teach_plan", "交初二下学期数学教学进度表", "todo", "high", ["school"], "03-06", "day",
      done="03-05 16:10", recs=[
        M("03-02 12:20", "教学进度表这周五前交教务处", "et:d"),
        U("s_plan", "03-02 12:41", "帮我排一下初二下学期数学的教学进度，周五前要交", "et:d"),
        A("s_plan", "03-02 12:42", "好的，按18个教学周排：二次根式、勾股定理、平行四边形、一次函数、数据分析依次推进，"
                                   "期中复习放在第9教学周。周五（3月6日）前提交没问题。", "et:d"),
        M("03-05 16:10", "教学进度表交上去了"),
    ])
    E("talk_xiaoyu", "放学后找小宇谈话", "event", "low", ["class5", "xiaoyu"], "03-03 16:30", "minute", recs=[
        M("03-03 07:55", "今天放学后找小宇谈谈，上课老偷偷玩手机", "et:d"),
        M("03-03 17:25", "跟小宇聊完了，孩子说家里爸妈在闹离婚，心疼"),
    ])
    E("m_xiaoyu_home", "小宇家里父母闹离婚，怎么帮他", "mention", "low", ["class5", "xiaoyu"], recs=[
        U("s_class", "03-04 21:30", "班上有个学生家里父母在闹离婚，孩子上课走神，我作为班主任该怎么帮他？"),
        A("s_class", "03-04 21:31", "先稳住孩子的情绪：单独、私下谈，不追问细节；和家长分别沟通，只谈孩子的在校表现；"
                                    "给他安排一个能带来成就感的小任务；必要时请学校心理老师介入。"),
    ])
    E("parent_meeting", "初二(5)班家长会", "event", "high", ["class5", "parent_meeting"], "03-13 19:00", "minute",
      sup=[("03-06 19:00", "minute", "rescheduled", 3)], recs=[
        M("03-02 21:10", "这周五晚上七点开家长会，PPT还一页没做", "sup0:m"),
        U("s_pm", "03-03 20:05", "周五晚上要开家长会，帮我列个发言提纲", "sup0:c"),
        A("s_pm", "03-03 20:06", "发言提纲可以分四块：一、开学以来的班级情况；二、本学期学习重点；三、作息与手机管理；"
                                 "四、家校配合的具体请求。每块控制在五分钟内。"),
        M("03-04 12:30", "家长会推迟到下周五晚上七点了，教育局要来检查", "et:m"),
        M("03-04 12:33", "家长会改到下周五了 记得在家长群里发通知", "et:d", app="voice"),
        RUN("s_pm", "03-04 12:40", "批量生成家长会改期通知短信", "cancelled", 1, "用户已取消"),
        U("s_pm", "03-11 19:30", "后天晚上家长会，帮我把发言稿改得口语化些", "et:c"),
        A("s_pm", "03-11 19:32", "改好了：“各位家长，大家好！开学快两周了，孩子们慢慢进入状态……”后面我把数据部分换成了"
                                 "三个具体的小例子，听起来更亲切。"),
        CAL("pm"),
        M("03-13 21:35", "家长会开完了，小宇妈妈留下来聊了半小时"),
    ])
    E("fire_drill", "全校消防疏散演练", "event", "low", ["school"], "03-11 10:00", "minute", recs=[
        M("03-10 17:50", "明天上午十点全校消防演练，要提前跟学生讲疏散路线", "et:m"),
        M("03-10 17:52", "明天上午十点消防演练 班里谁负责开后门要定好", "et:m", app="voice"),
        M("03-11 09:20", "十点消防演练，带班下楼", "et:m"),
        CAL("drill"),
    ])
    E("sports_signup", "交运动会报名表", "todo", "low", ["class5"], "03-11", "day", done="03-10 16:45", recs=[
        M("03-09 08:10", "运动会报名表周三前交体育组", "et:d"),
        M("03-10 16:45", "运动会报名表交了，班里只有三个男生肯报1500米"),
    ])
    E("bzr_training", "区班主任线上培训", "event", "low", ["school"], "03-10 19:00", "minute", recs=[
        M("03-10 07:45", "今晚七点区里班主任线上培训，要截图签到", "et:m"),
        M("03-10 20:40", "培训讲的是学生心理危机干预，案例挺扎心"),
    ])
    E("competition", "报数学竞赛名单（答应教务处）", "commitment", "high", ["school", "class5", "competition"],
      "03-13", "day", done="03-12 17:30", recs=[
        M("03-09 09:40", "答应教务处周五前把数学竞赛名单报上去", "et:d"),
        U("s_comp", "03-10 21:10", "初二数学竞赛要选8个人，除了成绩还该看什么？"),
        A("s_comp", "03-10 21:11", "除了分数，还可以看：思维是否灵活（能不能一题多解）、肯不肯啃难题、课外有没有兴趣。"
                                   "建议出一套小测，再结合平时观察。"),
        M("03-12 17:30", "竞赛名单报上去了，一共八个，小宇也在里面"),
    ])
    E("dec_trip", "年级组定了春游去都江堰", "decision", "low", ["school", "spring_trip"], "03-11 16:50", "minute",
      recs=[M("03-11 17:05", "年级组开会定了，春游去都江堰，不去青城山了")])
    E("spring_trip", "初二年级春游（都江堰）", "event", "low", ["school", "spring_trip"], "03-27", "day", recs=[
        M("03-11 17:10", "3月27号全年级去都江堰春游，要提前收安全承诺书", "et:d"),
        CAL("trip"),
    ])
    E("m_grade9", "王组长说下学期可能带初三", "mention", "low", ["school"], recs=[
        M("03-12 12:40", "王组长私下说下学期可能让我带初三，心里没底"),
    ])
    E("mock_exam", "初二第一次月考", "event", "high", ["class5", "exam"], "03-24", "day", recs=[
        M("03-17 17:40", "下周二第一次月考，这几天得抓紧复习", "et:d"),
    ])
    E("review_paper", "出一套月考复习卷", "todo", "low", ["class5", "exam"], "03-20", "day", recs=[
        M("03-17 17:44", "周五前出一套月考复习卷", "et:d"),
        U("s_rev", "03-18 20:10", "帮我出5道勾股定理的中档题，周五前要印出来", "et:d"),
        A("s_rev", "03-18 20:12", "好的，5道题如下：1. 直角三角形两直角边为6和8，求斜边上的高；2. 等腰三角形腰长为10、"
                                  "底边为12，求面积；3. 判断三边为9、12、15的三角形形状；4. 梯子下滑问题；5. 折叠矩形求线段长。"
                                  "这套题难度适中，周五（3月20日）前印出来时间够。", "et:d"),
    ])
    E("m_xiaoyu_better", "小宇状态好转", "mention", "low", ["class5", "xiaoyu"], recs=[
        M("03-18 17:10", "小宇最近状态好多了，作业都按时交了"),
    ])
    E("cert", "职称（高级）申报材料交人事处", "todo", "high", ["cert"], "03-31", "day", recs=[
        M("03-05 13:20", "职称申报材料月底前交人事处，今年一定要报高级", "et:c"),
        U("s_cert", "03-16 21:00", "中学一级申报高级职称，材料截止到月底，帮我列个清单", "et:c"),
        A("s_cert", "03-16 21:02", "常见清单：①任现职以来的年度考核表；②继续教育学时证明；③公开课或讲座证明；④获奖证书与论文；"
                                   "⑤班主任工作年限证明；⑥师德考核表。建议先跟人事处确认本校的模板。"),
    ])
    # ---------------------------------------------------------------- open class / 教研
    E("open_class", "区教研公开课《勾股定理的逆定理》", "event", "high", ["open_class"], "03-18 10:10", "minute", recs=[
        M("03-06 16:30", "王组长通知：区教研公开课定在3月18号上午10:10，第三节", "et:m"),
        U("s_oc", "03-12 20:40", "我3月18号上午10:10要上区公开课，讲勾股定理的逆定理，帮我设计个导入环节", "et:m"),
        A("s_oc", "03-12 20:41", "可以用“古埃及人用打了13个等距结的绳子围出直角”的故事导入：让学生分组用绳子围三角形，"
                                 "猜哪种一定是直角，再引出逆定理。整个导入控制在五分钟。"),
        CAL("oc"),
        M("03-18 11:30", "公开课上完了！教研员说导入很出彩，就是后半段有点赶"),
        M("03-18 11:33", "公開課總算上完了，評課的時候被誇了好幾次", app="voice", lang="zh-TW"),
    ])
    E("open_class_ppt", "公开课课件定稿", "todo", "high", ["open_class"], "03-16", "day", done="03-16 00:12", recs=[
        M("03-12 21:50", "公开课课件下周一之前要定稿", "et:d"),
        U("s_oc", "03-13 20:15", "课件下周一前定稿，帮我看看这几页的动画顺序合不合理", "et:d"),
        A("s_oc", "03-13 20:17", "第3页建议先出图形再出问题；第5页的勾股数表可以逐行出现；第8页动画太多，留两个就够。"),
        M("03-16 00:12", "课件终于定稿了，改了七版，睡觉"),
    ])
    E("shijiang", "借初二3班试讲公开课", "event", "low", ["open_class"], "03-16 15:00", "minute", recs=[
        M("03-13 17:40", "下周一下午三点借初二3班试讲一次", "et:m"),
        M("03-16 16:30", "试讲完了，3班的孩子比我们班活跃，节奏刚好"),
    ])
    E("jy_0304", "数学教研组活动（3月4日）", "event", "low", ["jiaoyan"], "03-04 14:00", "minute", recs=[
        CAL("jiaoyan", T("03-04 14:00"))])
    E("jy_0311", "教研组去七中听示范课", "event", "low", ["jiaoyan", "open_class"], "03-11 14:00", "minute", recs=[
        M("03-05 18:10", "下周三下午全组去七中听示范课，教研活动挪到那边", "et:c"),
        CAL("jiaoyan", T("03-11 14:00")),
        M("03-11 16:20", "在七中听完示范课，回来的路上王组长又帮我磨了一遍公开课"),
    ])
    E("jy_0318", "教研组活动改到周四（给公开课让路）", "event", "low", ["jiaoyan", "open_class"], "03-19 15:00",
      "minute", sup=[("03-18 14:00", "minute", "rescheduled", 0)], recs=[
        M("03-16 12:15", "这周的教研活动改到周四下午三点了，给公开课让路", "et:m"),
        CAL("jiaoyan", T("03-18 14:00")),
    ])
    E("jy_0325", "数学教研组活动（3月25日）", "event", "low", ["jiaoyan"], "03-25 14:00", "minute", recs=[
        CAL("jiaoyan", T("03-25 14:00"))])
    E("math_forum", "区初中数学学科会", "event", "low", ["school"], "03-05 14:00", "minute", recs=[CAL("forum")])
    E("checkup", "教职工体检", "event", "low", ["school", "health"], "03-25 08:00", "minute", recs=[CAL("checkup")])
    # ---------------------------------------------------------------- dad
    E("dad_visit", "去华西陪老爸做康复", "event", "low", ["dad"], "03-01", "day", recs=[
        M("03-01 18:35", "下午去华西陪老爸做了康复训练，他扶着助行器能走十米了", "et:c"),
    ])
    E("dad_discharge", "老爸出院", "event", "high", ["dad"], "03-06 10:00", "minute", recs=[
        M("02-27 19:20", "医生说老爸恢复得不错，下周五可以出院", "et:d"),
        M("03-04 18:30", "后天上午十点办出院手续，要跟学校请半天假", "et:m"),
        M("03-04 18:33", "後天十點給老爸辦出院，病歷和押金條都要帶上", app="voice", lang="zh-TW"),
        U("s_dad", "03-05 21:20", "明天上午要请半天假接我爸出院，帮我写个请假条", "et:c"),
        A("s_dad", "03-05 21:21", "王校长：您好！家父术后康复良好，定于3月6日上午10:00出院，需本人陪同办理手续，"
                                  "特申请事假半天，课程已与李老师调换。恳请批准。林岚", "et:m"),
        CAL("discharge"),
        M("03-06 13:40", "老爸出院了！到家第一句话是想吃妈做的回锅肉"),
    ])
    E("m_dad_hometown", "老爸出院后想回乐山老家住", "mention", "low", ["dad"], recs=[
        U("s_dad", "03-06 21:00", "我爸出院后想回乐山老家住一阵，髋关节手术后的康复期回老家合适吗？"),
        A("s_dad", "03-06 21:01", "如果老家离复查医院远，建议至少等第一次复查后再回；回去前确认当地有没有康复科可以继续训练。"),
    ])
    E("dad_meds", "给老爸拿钙片和骨化三醇", "todo", "low", ["dad"], "03-06", "day", done="03-06 17:40", recs=[
        M("03-04 21:00", "周五下班前去药房给老爸拿钙片和骨化三醇", "et:d"),
        M("03-06 17:40", "药拿到了，医保还报了一大半"),
    ])
    E("dad_followup_book", "给老爸约华西复查号", "todo", "high", ["dad", "dad_followup"], "03-10", "day",
      done="03-10 12:05", recs=[
        M("03-09 20:30", "明天记得给老爸约华西的复查号", "et:d"),
        M("03-10 12:05", "老爸复查的号约上了！"),
    ])
    E("dad_followup", "带老爸去华西骨科复查", "event", "high", ["dad", "dad_followup"], "03-20 09:30", "minute", recs=[
        U("s_dad", "03-10 12:10", "帮我记一下，3月20号上午9点半带老爸去华西骨科复查", "et:m"),
        A("s_dad", "03-10 12:11", "已记下：3月20日（周五）09:30 华西医院骨科复查。建议带上出院小结、术后片子和医保卡。", "et:m"),
        RUN("s_dad", "03-10 12:12", "检索华西医院骨科复查的挂号与检查须知", "succeeded", 2,
            "已整理：需空腹与否、带片要求、医保报销流程共 6 条"),
        CAL("followup"),
        M("03-19 21:05", "明天上午九点半带老爸复查，片子和出院小结都装好了", "et:m"),
    ])
    E("promise_mom", "答应妈周日回去吃饭", "commitment", "low", ["mom", "dad"], "03-15", "day", done="03-15 20:10",
      recs=[
        M("03-11 21:00", "答应妈这周日回去吃饭，顺便看看老爸", "et:d"),
        M("03-15 20:10", "回爸妈那吃了饭，老爸已经能扶着助行器在小区走一圈了"),
    ])
    E("m_mom_bp", "妈血压偏高", "mention", "low", ["mom"], recs=[
        M("03-09 19:00", "妈这两天血压有点高，照顾老爸太累了"),
    ])
    # ---------------------------------------------------------------- book (side project)
    E("book_outline", "把书稿大纲发给苏编辑", "todo", "high", ["book"], "03-03", "day", done="03-03 21:40", recs=[
        M("02-28 10:05", "苏编辑催大纲了，下周二之前发给她", "et:d"),
        U("s_book", "02-28 10:20", "帮我想想几何小书的目录怎么排，下周二前要发给出版社编辑", "et:d"),
        A("s_book", "02-28 10:21", "可以按“图形的认识→全等→相似→勾股→圆→综合”的主线排十二讲，每讲配一个生活里的引入问题。"
                                   "大纲建议3月3日前先给编辑一个粗版，细节后补。", "et:d"),
        M("03-03 21:40", "大纲发给苏编辑了，搞定一件"),
    ])
    E("book_call", "和苏编辑视频会议", "event", "high", ["book"], "03-04 20:00", "minute", recs=[
        U("s_book", "03-02 20:15", "周三晚上八点要跟苏编辑开视频会，帮我列几个要问的问题", "et:m"),
        A("s_book", "03-02 20:16", "好的，3月4日（周三）20:00 和苏编辑的视频会可以问：1）交稿节奏和样章要求；2）版税比例与首印数；"
                                   "3）插图由谁来画；4）书名最终谁定。", "et:m"),
    ])
    E("dec_royalty", "定了版税8%、首印五千册", "decision", "high", ["book"], "03-04 21:00", "minute", recs=[
        M("03-04 21:06", "和苏编辑聊完，定了：版税8%，首印五千册"),
        U("s_book", "03-04 21:15", "出版社给版税8%、首印五千，这个条件对新作者来说算好吗？"),
        A("s_book", "03-04 21:16", "对教辅类新作者来说属于中等偏上：常见区间在6%到10%之间，首印三千到五千册比较普遍。"
                                   "可以争取的是加印后的阶梯版税。"),
    ])
    E("book_sample", "交样章（第三讲）给苏编辑", "todo", "high", ["book", "sample"], "03-22", "day",
      sup=[("03-15", "day", "rescheduled", 4)], recs=[
        M("03-01 20:30", "样章3月15号之前交给苏编辑，第三讲全等三角形", "sup0:d"),
        U("s_book", "03-09 21:40", "样章3月15号前要交，第三讲还差两道压轴例题，帮我找找思路", "sup0:d"),
        A("s_book", "03-09 21:42", "可以考虑：①“手拉手”模型，两个等腰直角三角形共顶点旋转；②角平分线加截长补短，证明线段和差。"
                                   "两题都能自然引出全等的构造思路。"),
        RUN("s_book", "03-09 21:45", "生成第三讲例题配图（手拉手模型）", "failed", 3, "绘图服务超时，未生成"),
        M("03-12 22:10", "苏编辑说样章可以推迟到3月22号交，松了口气", "et:d"),
        U("s_book", "03-15 21:20", "样章第三讲写了一半，感觉例题讲解太啰嗦，怎么写得更简洁？"),
        A("s_book", "03-15 21:21", "每道例题只保留“分析—关键一步—小结”三段；把重复的推理改成“同理可得”；图上标好字母，"
                                   "正文就能少写很多描述。"),
        M("03-18 21:30", "样章还差最后一节，这周末必须写完", "et:c"),
    ])
    E("book_title", "出版社想改书名", "mention", "low", ["book"], recs=[
        M("03-12 22:14", "苏编辑还说出版社想把书名改成《几何其实很简单》，我不太喜欢"),
    ])
    # ---------------------------------------------------------------- 小满 / family
    E("panda", "答应小满去熊猫基地", "commitment", "low", ["xiaoman"], "03-07", "day", done="03-07 16:00", recs=[
        M("03-02 19:40", "答应小满这周六带他去熊猫基地", "et:d"),
        U("s_panda", "03-05 12:30", "周六带8岁孩子去成都大熊猫基地，怎么安排路线不排队？", "et:d"),
        A("s_panda", "03-05 12:31", "建议开园就到，先去月亮产房看幼崽，再去成年熊猫别墅；人最多的时段去科普馆歇脚。"
                                    "带好水和零食，孩子走累了园区有观光车。"),
        M("03-07 16:05", "带小满去熊猫基地了，人山人海，他最喜欢花花"),
    ])
    E("roommates", "大学室友聚餐（玉林路）", "event", "low", ["friends"], "03-07 18:00", "minute", recs=[
        M("03-05 20:10", "周六晚上六点和大学室友在玉林路吃饭，琪琪要去深圳了", "et:m"),
        M("03-07 23:40", "聚餐散了，喝了点米酒，琪琪哭成泪人"),
    ])
    E("chen_trip", "老陈去北京出差", "event", "low", ["chen"], "03-09", "day", recs=[
        M("03-05 22:30", "老陈下周一去北京出差，要待四天", "et:d"),
        M("03-09 07:20", "老陈一早的飞机走了，这几天我一个人带娃"),
    ])
    E("weiqi_0301", "小满围棋课（3月1日）", "event", "low", ["xiaoman", "weiqi"], "03-01 09:30", "minute",
      recs=[CAL("weiqi", T("03-01 09:30"))])
    E("weiqi_0308", "小满围棋课（3月8日）", "event", "low", ["xiaoman", "weiqi"], "03-08 09:30", "minute", recs=[
        CAL("weiqi", T("03-08 09:30")),
        M("03-08 11:40", "围棋课上小满赢了一盘，高兴坏了"),
    ])
    E("weiqi_0315", "小满围棋课（3月15日）", "event", "low", ["xiaoman", "weiqi"], "03-15 09:30", "minute",
      recs=[CAL("weiqi", T("03-15 09:30"))])
    E("weiqi_0322", "小满围棋课停一次（3月22日）", "event", "low", ["xiaoman", "weiqi"],
      sup=[("03-22 09:30", "minute", "cancelled", 0)], recs=[
        M("03-15 12:05", "小满的围棋老师说下周日停课一次，他去比赛", "sup0:d"),
    ])
    E("xm_openday", "小满学校开放日（家长进课堂）", "event", "low", ["xiaoman", "chen"], "03-19 14:00", "minute", recs=[
        M("03-09 12:30", "小满学校3月19号下午两点开放日，家长进课堂", "et:m"),
        M("03-19 17:20", "老陈说小满在开放日上举手回答了三次问题"),
    ])
    E("dec_openday", "开放日让老陈去", "decision", "low", ["xiaoman", "chen"], "03-16 21:30", "minute", recs=[
        M("03-16 21:40", "跟老陈商量好了，小满学校开放日他去，我有课走不开"),
        U("s_open", "03-16 21:50", "老公第一次去参加孩子学校的开放日，要提醒他注意些什么？"),
        A("s_open", "03-16 21:51", "提醒他：提前到、手机静音；别在课上给孩子拍个不停；留意孩子的坐姿和举手情况；"
                                   "结束后找班主任简单打个招呼，回家先表扬再提建议。"),
    ])
    E("xm_dentist", "小满口腔医院复诊（取消）", "event", "low", ["xiaoman", "dentist"],
      sup=[("03-14 10:30", "minute", "cancelled", 2)], recs=[
        M("03-12 08:05", "后天上午十点半带小满去口腔医院复诊，别又忘了", "sup0:m"),
        CAL("dentist"),
        M("03-13 16:20", "口腔医院打电话说医生明天停诊，看牙取消了", "sup0:d"),
    ])
    E("kid_fever", "小满发烧请假在家", "event", "high", ["xiaoman", "health"], "03-17", "day", recs=[
        M("03-17 06:50", "小满发烧38度5，今天请假在家", "et:d"),
        U("s_kid", "03-17 07:05", "8岁孩子发烧38.5度，精神还行，能先吃布洛芬吗？"),
        A("s_kid", "03-17 07:06", "38.5℃、精神尚可，可以按体重给布洛芬混悬液，两次用药间隔至少6小时；多喝水、注意观察。"
                                  "若高热持续超过三天或精神变差，及时就医。"),
        M("03-17 12:30", "小满退烧了，还嚷着要看动画片"),
    ])
    # ---------------------------------------------------------------- car / self
    E("car_service", "送车去4S店保养", "event", "low", ["car"], "03-14 09:00", "minute", recs=[
        M("03-12 07:30", "周六上午九点送车去4S店做保养", "et:m"),
        M("03-13 21:45", "明早送车保养，钥匙放门口鞋柜上"),
        M("03-14 11:10", "车保养完了，花了八百多，还说刹车片快不行了"),
    ])
    E("insurance", "车险续保", "todo", "low", ["car"], "03-25", "day", recs=[
        M("03-14 11:20", "车险3月25号到期，记得续保", "et:d"),
    ])
    E("dec_yoga", "决定办瑜伽卡", "decision", "low", ["health"], "03-14 20:00", "minute", recs=[
        M("03-14 20:20", "决定办张瑜伽卡，这学期不能再这么坐着了"),
    ])


# ============================================================== noise (main user)
NOISE_MI = [
    ("02-27 07:35", "成都又是阴天，晾的衣服三天了还没干"),
    ("02-27 12:10", "食堂的冒菜今天特别咸"),
    ("02-27 21:30", "寒假一眨眼就没了，还没缓过来"),
    ("02-28 08:40", "小满问我为什么月亮跟着车走，答不上来"),
    ("02-28 14:15", "刷到一个说法：人一天要做三万五千个决定，难怪这么累"),
    ("02-28 22:50", "十年前的今天我还在川师读大四"),
    ("03-01 09:05", "周日早上的菜市场，豌豆尖上市了"),
    ("03-01 13:20", "想法：可以把勾股定理和成都地铁线路结合起来出题"),
    ("03-01 22:40", "明天又是周一，不想上班（不是）"),
    ("03-02 07:10", "闹钟响了三遍才起来"),
    ("03-02 11:50", "批了四十二本寒假作业，手腕酸"),
    ("03-02 16:40", "办公室的绿萝冒了新芽"),
    ("03-02 23:10", "今天步数一万二，腿都不是自己的了"),
    ("03-03 06:55", "早读课盯着他们背公式"),
    ("03-03 12:35", "下午茶拼单点了一点点，半糖去冰"),
    ("03-03 22:05", "跟妈视频，她又在念叨我太瘦"),
    ("03-04 07:30", "地铁7号线今天人挤人，差点没挤上"),
    ("03-04 10:45", "有个孩子把3.14背成了3.41，全班笑疯"),
    ("03-04 15:20", "读完《被讨厌的勇气》第三章"),
    ("03-05 07:40", "学校樱花开了第一朵"),
    ("03-05 11:30", "每周三次跳绳的计划，到现在才跳了一次"),
    ("03-05 23:50", "作业又改到这个点，眼睛干"),
    ("03-06 07:15", "今天天氣真好，學校的櫻花開了一半"),
    ("03-06 20:30", "小满说长大要当宇航员，上周还说要当厨师"),
    ("03-06 22:40", "有点想吃钟水饺"),
    ("03-07 09:10", "周末终于睡到自然醒，七点半"),
    ("03-07 21:15", "发现自己已经三个月没买新衣服了"),
    ("03-08 10:20", "学校发了三八节的花和一盒巧克力"),
    ("03-08 15:30", "和小满拼了两个小时乐高"),
    ("03-08 20:00", "周日晚上的焦虑准时到来"),
    ("03-09 06:45", "凌晨一点还没睡着，脑子里全是事"),
    ("03-09 11:05", "班里的绿萝被谁浇多了水，叶子黄了"),
    ("03-09 17:30", "一个人带娃第一天，晚饭煮了面条"),
    ("03-09 22:15", "今天讲的题目有两个孩子用了我没想到的解法，开心"),
    ("03-10 12:40", "食堂今天有甜水面"),
    ("03-10 22:30", "小满睡前问我数学老师的孩子是不是不用学数学"),
    ("03-11 07:05", "出门才发现忘带工牌"),
    ("03-11 11:40", "课间十分钟被三个家长电话轰炸"),
    ("03-11 21:50", "手机屏幕摔裂了一道缝"),
    ("03-12 10:15", "每天喝八杯水的目标又没完成"),
    ("03-12 15:45", "两点建议给自己：少熬夜，多喝水"),
    ("03-12 23:30", "明天又是周五了，这周过得好快"),
    ("03-13 07:20", "成都今天升温到二十度，终于可以穿单衣"),
    ("03-13 12:50", "有个学生说我像他妈妈，不知道该高兴还是该难过"),
    ("03-13 14:40", "下周的天气预报全是雨"),
    ("03-14 09:50", "4S店的咖啡比想象中好喝"),
    ("03-14 15:10", "小满在小区里学会了骑自行车不用辅助轮"),
    ("03-14 22:20", "重温了一遍《请回答1988》第一集，哭了"),
    ("03-15 08:30", "周日早上小满五点半就醒了，非要下棋"),
    ("03-15 16:40", "去人民公园喝了盖碗茶，晒了会儿太阳"),
    ("03-15 23:55", "课件还差两页动画"),
    ("03-16 00:40", "都00:40了还没睡，明天肯定起不来"),
    ("03-16 07:10", "早上的雨下得人心烦"),
    ("03-16 13:30", "午休趴桌上睡了十五分钟，满血复活"),
    ("03-17 09:40", "请了假在家陪孩子，顺手把衣柜收拾了"),
    ("03-17 15:20", "物业说小区下周要停水半天"),
    ("03-17 22:10", "比分21:15，小满跟他爸下跳棋赢了"),
    ("03-18 07:35", "紧张得早饭都没吃下"),
    ("03-18 13:15", "奖励自己一杯生椰拿铁"),
    ("03-18 22:40", "今天太累了，洗完澡就想躺着"),
    ("03-19 07:50", "出门时小满还在睡，额头不烫了"),
    ("03-19 12:20", "食堂终于换了新的厨师"),
    ("03-19 16:05", "三月过了一大半，体重纹丝不动"),
]

# noise chat: (session key, title, [(role, time, text)]) ; tool text may be a dict
NOISE_CHAT = [
    ("n_gougu", "随手问问", [
        ("user", "02-27 20:10", "勾股定理一共有多少种证明方法？"),
        ("assistant", "02-27 20:11", "已知的证明有四百多种，常见的有赵爽弦图、总统证法（加菲尔德）、欧几里得的面积法和相似三角形法。"),
    ]),
    ("n_poem", "随手问问", [
        ("user", "02-28 16:30", "“春眠不觉晓”的下一句是什么？"),
        ("assistant", "02-28 16:30", "“处处闻啼鸟。夜来风雨声，花落知多少。”出自孟浩然《春晓》。"),
    ]),
    ("n_weather", "天气", [
        ("user", "03-01 19:30", "成都这周天气怎么样？"),
        ("tool", "03-01 19:30", {"tool": "weather", "city": "成都", "daily": [
            {"date": "2026-03-02", "text": "阴", "high": 14, "low": 8},
            {"date": "2026-03-03", "text": "小雨", "high": 12, "low": 8},
            {"date": "2026-03-04", "text": "小雨", "high": 13, "low": 9},
            {"date": "2026-03-05", "text": "多云", "high": 16, "low": 9},
            {"date": "2026-03-06", "text": "晴", "high": 18, "low": 10}]}),
        ("assistant", "03-01 19:31", "这周成都前半周阴雨，周二周三有小雨，周五转晴，最高18℃左右，早晚还凉，记得带伞。"),
    ]),
    ("n_teen", "随手问问", [
        ("user", "03-02 22:20", "怎么跟青春期的孩子沟通不容易吵起来？"),
        ("assistant", "03-02 22:21", "少说教、多提问；先听完再回应；就事论事不翻旧账；给他选择权，比如“你打算先做哪科”。"),
        ("user", "03-02 22:25", "好，谢谢"),
        ("assistant", "03-02 22:25", "不客气，有需要随时找我。"),
    ]),
    ("n_excel", "Excel", [
        ("user", "03-03 13:05", "Excel 里怎么把全班成绩按总分从高到低排序，姓名跟着一起动？"),
        ("assistant", "03-03 13:06", "选中整张表（含姓名列）→ 数据 → 排序 → 主要关键字选“总分”、次序选“降序”，勾上“数据包含标题”即可。"),
    ]),
    ("n_idiom", "随手问问", [
        ("user", "03-04 09:50", "“守株待兔”用英文怎么说比较地道？"),
        ("assistant", "03-04 09:50", "可以说 wait for windfalls，或者意译为 trust to chance and wait for a lucky break。"),
    ]),
    ("n_book", "读书", [
        ("user", "03-05 22:50", "推荐几本适合初二学生的数学课外书"),
        ("assistant", "03-05 22:51", "《从一到无穷大》《数学之美》（选读）、《什么是数学》（挑章节）、《啊哈！灵机一动》，"
                                     "后者特别适合培养兴趣。"),
    ]),
    ("n_english", "英语口语", [
        ("user", "03-06 21:30", "我们来练英语口语吧，你先问我一个问题"),
        ("assistant", "03-06 21:30", "Sure! What do you usually do to relax after a long day of teaching?"),
        ("user", "03-06 21:33", "I usually watch some TV series and play with my son."),
        ("assistant", "03-06 21:33", "Great answer! You could also say “unwind” instead of “relax”. Which series are you watching now?"),
        ("user", "03-08 20:40", "继续练口语：I am watching Reply 1988 again."),
        ("assistant", "03-08 20:41", "Nice! Try: “I'm rewatching Reply 1988 — it never gets old.” Why do you like it so much?"),
        ("user", "03-10 22:00", "Because it reminds me of my childhood neighbours."),
        ("assistant", "03-10 22:00", "Lovely. “It reminds me of the neighbours I grew up with” sounds even more natural."),
    ]),
    ("n_water", "健康", [
        ("user", "03-07 10:15", "一个成年人一天喝多少水比较合适？"),
        ("assistant", "03-07 10:15", "一般建议每天1500到1700毫升，运动或天热时再多一些，少量多次比一次猛喝好。"),
    ]),
    ("n_bp", "健康", [
        ("user", "03-09 19:10", "六十多岁的老人血压偏高，饮食上要注意什么？"),
        ("assistant", "03-09 19:11", "控盐（每天不超过5克）、少腌腊和火锅底料，多吃蔬菜水果和豆制品，规律作息，按医嘱服药并每天测量。"),
    ]),
    ("n_spring", "随手问问", [
        ("user", "03-10 12:50", "成都周边春天适合带孩子去哪看花？"),
        ("assistant", "03-10 12:51", "龙泉驿的桃花、新津的梨花、三圣乡花乡农居都不错，人少的话可以去青白江的樱花园。"),
    ]),
    ("n_python", "编程", [
        ("user", "03-11 21:30", "Python 怎么读一个 Excel 文件并按班级统计平均分？"),
        ("assistant", "03-11 21:31", "用 pandas：df = pd.read_excel('成绩.xlsx'); print(df.groupby('班级')['总分'].mean())，"
                                     "需要先 pip install pandas openpyxl。"),
    ]),
    ("n_notice", "家长群", [
        ("user", "03-12 13:20", "帮我写一段家长群的温馨提示：天气转暖，注意给孩子增减衣物"),
        ("assistant", "03-12 13:21", "各位家长好：近期气温回升、早晚温差较大，请提醒孩子根据天气增减衣物，备一件薄外套，"
                                     "多喝水、注意休息。感谢配合！"),
    ]),
    ("n_run", "随手问问", [
        ("user", "03-13 22:10", "跳绳和慢跑哪个更减脂？"),
        ("assistant", "03-13 22:11", "同样时间内跳绳消耗略高，但对膝盖冲击更大；体重基数大的话先慢跑或快走，再逐步加跳绳。"),
    ]),
    ("n_movie", "随手问问", [
        ("user", "03-14 21:40", "《请回答1988》里德善最后嫁给了谁？"),
        ("assistant", "03-14 21:40", "德善最后嫁给了崔泽。"),
    ]),
    ("n_sort", "编程", [
        ("user", "03-15 10:30", "快速排序的时间复杂度是多少？"),
        ("assistant", "03-15 10:31", "平均 O(n log n)，最坏 O(n²)（比如每次都选到最大或最小的基准），空间复杂度平均 O(log n)。"),
    ]),
    ("n_polite", "改写", [
        ("user", "03-16 09:40", "把“请各位家长周五前回复”改得客气一点"),
        ("assistant", "03-16 09:41", "可以改成：“烦请各位家长于本周五前回复，感谢您的理解与支持！”"),
    ]),
    ("n_cold", "健康", [
        ("user", "03-17 14:30", "小孩发烧后多久可以去上学？"),
        ("assistant", "03-17 14:31", "一般建议退烧后观察24小时，不再反复、精神和食欲恢复再返校，具体以学校要求为准。"),
    ]),
    ("n_coffee", "随手问问", [
        ("user", "03-18 13:20", "生椰拿铁一杯大概多少热量？"),
        ("assistant", "03-18 13:20", "中杯大约150到200千卡，主要来自椰浆和糖，选少糖能降不少。"),
    ]),
    ("n_tea", "随手问问", [
        ("user", "03-19 12:40", "盖碗茶的三个部件分别叫什么？"),
        ("assistant", "03-19 12:40", "茶盖、茶碗、茶船（茶托），分别象征天、人、地。"),
    ]),
    ("n_hello", "新对话", [
        ("user", "02-27 07:50", "你好"),
        ("assistant", "02-27 07:50", "你好！我是你的助手，有什么可以帮你的吗？"),
    ]),
    ("n_puzzle", "每日一题", [
        ("user", "03-03 21:10", "出一道适合初二的趣味数学题"),
        ("assistant", "03-03 21:11", "一只蜗牛在10米深的井底，白天爬3米，夜里滑下2米，它第几天能爬出井口？"),
        ("user", "03-03 21:15", "第8天？"),
        ("assistant", "03-03 21:15", "对！前7天净爬7米，第8天白天再爬3米就到顶了，不会再滑下来。"),
        ("user", "03-09 21:05", "再来一道每日一题"),
        ("assistant", "03-09 21:05", "一个两位数，十位与个位交换后比原数大27，且两位数字之和为11，这个数是多少？"),
        ("user", "03-09 21:12", "47"),
        ("assistant", "03-09 21:12", "正确！74−47=27，4+7=11。"),
        ("user", "03-15 22:00", "今天的每日一题呢"),
        ("assistant", "03-15 22:01", "用12根火柴围成一个面积为4的多边形（火柴长为1），怎么围？提示：想想勾股数3、4、5。"),
    ]),
    ("n_recipe", "做饭", [
        ("user", "03-06 18:30", "回锅肉怎么做才不腻？"),
        ("assistant", "03-06 18:31", "选二刀肉，煮到七八成熟切薄片，下锅煸到出油卷成“灯盏窝”，把多余的油倒掉再下郫县豆瓣和蒜苗。"),
    ]),
    ("n_sleep", "健康", [
        ("user", "03-09 07:00", "总是凌晨一两点才睡着，早上六点半又得起，怎么调整？"),
        ("assistant", "03-09 07:01", "固定起床时间比固定入睡时间更重要；睡前一小时放下手机，下午三点后少喝咖啡和浓茶；"
                                    "躺下二十分钟睡不着就起来做点安静的事。"),
    ]),
    ("n_phone", "随手问问", [
        ("user", "03-11 22:00", "手机屏幕摔裂了一道缝，换屏还是直接换手机划算？"),
        ("tool", "03-11 22:00", {"tool": "web_search", "query": "手机换屏价格", "results": [
            {"title": "官方售后屏幕维修价格表", "date": "2026-01-15", "snippet": "外屏维修 399 元起"},
            {"title": "第三方换屏靠谱吗", "date": "2025-11-02", "snippet": "价格约为官方的一半"}]}),
        ("assistant", "03-11 22:01", "如果手机用了不到三年、只是外屏裂，官方换外屏大概四百元起，比换新机划算；"
                                     "用了很久、电池也不行了再考虑换机。"),
    ]),
    ("n_moon", "随手问问", [
        ("user", "02-28 09:00", "为什么坐车时月亮看起来一直跟着车走？"),
        ("assistant", "02-28 09:01", "因为月亮离我们非常远，车开过的距离相对它来说微不足道，月亮在视野里的方向几乎不变，"
                                    "而路边近处的树飞快后退，对比之下就像月亮在跟着走。"),
    ]),
    ("n_transl", "翻译", [
        ("user", "03-13 10:20", "把“下周三下午三点开会”翻译成英文"),
        ("assistant", "03-13 10:20", "The meeting is at 3 p.m. next Wednesday."),
    ]),
    ("n_thanks", "随手问问", [
        ("user", "03-18 22:30", "今天好累，跟你说说话"),
        ("assistant", "03-18 22:30", "辛苦啦！想聊什么都可以，或者我给你讲个轻松的小故事？"),
        ("user", "03-18 22:33", "不用了，晚安"),
        ("assistant", "03-18 22:33", "晚安，好好休息。"),
    ]),
]

NOISE_RUNS = [
    ("n_hw", "寒假作业统计", "02-28 15:10", "整理初二(5)班寒假作业完成情况表", "succeeded", 4,
     "已汇总 46 人：全部完成 38 人，部分完成 7 人，未交 1 人"),
    ("n_rate", "作业统计", "03-13 16:40", "汇总初二(5)班开学两周的作业提交率", "succeeded", 3, "平均提交率 94%，最低的是周三的几何作业"),
    ("n_notice2", "通知跟踪", "03-18 20:30", "跟踪区教研室公开课评比结果通知", "running", 0, "进行中：已检查 2 次，暂无结果"),
]
NOISE_RUN_MSGS = {
    "n_hw": [("user", "02-28 15:08", "帮我把寒假作业的完成情况整理成表")],
    "n_rate": [("user", "03-13 16:38", "统计一下班里开学以来交作业的情况")],
    "n_notice2": [("user", "03-18 20:28", "帮我盯着区教研室的网站，评比结果出来告诉我")],
}

# ============================================================== the other user
OTHER_MI = [
    ("02-27 10:20", "牛油又涨价了，一桶贵了四十"),
    ("02-28 23:10", "今晚翻台五轮，后厨累瘫"),
    ("03-02 09:30", "跟房东谈续租，他想涨百分之八"),
    ("03-03 15:10", "给后厨排了新的班表，两班倒"),
    ("03-04 20:50", "下周五晚上七点员工聚餐，地点定南滨路"),
    ("03-05 22:10", "明天上午十点市场监管所来查后厨，冻库要提前除霜"),
    ("03-06 15:00", "检查过了，就说排烟管道要清洗"),
    ("03-07 11:00", "毛肚供货商换成黔江那家，脆度好多了"),
    ("03-08 21:00", "这周营业额比上周多了一成"),
    ("03-09 14:30", "外卖平台抽成又调了，满减活动先停"),
    ("03-10 18:20", "新来的服务员小敏手脚麻利"),
    ("03-11 09:50", "鸭肠今天到货晚了四十分钟"),
    ("03-12 16:00", "3月18号上午10:10冻库师傅上门维修"),
    ("03-13 23:30", "聚餐喝嗨了，厨师长唱了三首"),
    ("03-14 13:00", "和老婆商量，第二家店开在观音桥还是解放碑"),
    ("03-15 12:20", "大众点评上有个差评说毛血旺太咸"),
    ("03-16 10:30", "锅底配方改了三次，辣度还是不稳"),
    ("03-17 22:40", "收银对账差了二十块，查了半小时"),
    ("03-18 11:00", "冻库修好了，换了个压缩机"),
    ("03-19 20:30", "明天上午9点半去银行谈装修贷款"),
    ("03-16 00:25", "打烊收拾完已经过了十二点"),
]
OTHER_CHAT = [
    ("o_menu", "菜单翻译", [
        ("user", "02-28 11:00", "麻辣鸭肠英文怎么翻？"),
        ("assistant", "02-28 11:00", "Spicy duck intestines，菜单上也可以写 Sichuan-style spicy duck intestines。"),
    ]),
    ("o_rules", "员工手册", [
        ("user", "03-03 16:00", "帮我写一段员工迟到扣款的规定，语气别太凶"),
        ("assistant", "03-03 16:01", "为保证门店正常营业，上班迟到十分钟以内提醒一次，当月累计三次起每次扣款二十元；"
                                     "如遇特殊情况请提前向店长报备。"),
    ]),
    ("o_cost", "成本", [
        ("user", "03-07 15:20", "一锅牛油锅底的成本控制在多少比较合适？"),
        ("assistant", "03-07 15:21", "按售价的25%到30%控制比较常见；牛油、辣椒和香料占大头，可以和供应商谈季度锁价。"),
    ]),
    ("o_review", "差评回复", [
        ("user", "03-15 12:30", "帮我回复个差评：顾客说毛血旺太咸"),
        ("assistant", "03-15 12:31", "非常抱歉这次的毛血旺让您失望了！我们已让后厨重新核对调味标准，下次光临请告诉服务员，"
                                     "我们为您送一份甜品表示歉意。"),
    ]),
    ("o_loan", "贷款", [
        ("user", "03-18 21:00", "装修贷款3月20号上午9点半去银行谈，要准备哪些材料？"),
        ("assistant", "03-18 21:01", "一般要营业执照、法人身份证、近半年对公流水、租赁合同、装修预算报价单，提前跟客户经理确认清单。"),
    ]),
    ("o_branch", "开分店", [
        ("user", "03-14 13:20", "开第二家火锅店，选商圈要看哪些指标？"),
        ("assistant", "03-14 13:21", "看夜间人流、周边写字楼与住宅比例、同类门店密度、停车便利度和租金占营业额比例（最好低于15%）。"),
    ]),
]
OTHER_RUNS = [
    ("o_menu", "02-28 11:05", "汇总二月外卖订单数据", "succeeded", 3, "二月外卖 2,314 单，客单价 86 元"),
    ("o_cost", "03-07 15:30", "比价三家冻库维修报价", "failed", 2, "其中一家网站无法访问"),
    ("o_review", "03-15 12:40", "抓取竞品店大众点评评分", "running", 0, "进行中：已抓取 3 家"),
]


def declare_noise():
    for t, text in NOISE_MI:
        M(t, text)
    for key, title, turns in NOISE_CHAT:
        TITLES.setdefault(key, title)
        for role, t, text in turns:
            if role == "user":
                U(key, t, text)
            elif role == "assistant":
                A(key, t, text)
            else:
                TOOL(key, t, text)
    for key, title, t, task, status, mins, summary in NOISE_RUNS:
        TITLES.setdefault(key, title)
        for role, tt, text in NOISE_RUN_MSGS[key]:
            U(key, tt, text)
        RUN(key, t, task, status, mins, summary)
    for t, text in OTHER_MI:
        M(t, text, user=OTHER)
    for key, title, turns in OTHER_CHAT:
        TITLES.setdefault(key, title)
        for role, t, text in turns:
            (U if role == "user" else A)(key, t, text, user=OTHER)
    for key, t, task, status, mins, summary in OTHER_RUNS:
        RUN(key, t, task, status, mins, summary, user=OTHER)


TITLES = {"s_plan": "教学进度", "s_class": "班主任工作", "s_pm": "家长会准备", "s_comp": "数学竞赛选拔",
          "s_rev": "月考复习", "s_cert": "职称申报", "s_oc": "公开课准备", "s_dad": "老爸出院和复查",
          "s_book": "几何小书", "s_panda": "熊猫基地", "s_open": "开放日", "s_kid": "孩子发烧"}

# ============================================================== queries
NA, NB, NC, ND = "03-02 07:40", "03-05 21:00", "03-08 21:30", "03-11 12:10"
NE, NF, NG, NH = "03-14 08:40", "03-16 07:30", "03-17 20:30", "03-19 21:30"
TD = ["todo", "commitment"]

# (id, query, now, mode, spec, must (by hand), groups for AMBIGUOUS (by hand))
QUERIES = [
    # ---------------------------------------------------------------- OCCURRED_IN
    ("t01", "我昨天干了啥？", NB, "OCCURRED_IN", dict(range="yesterday"), ["book_call", "dec_royalty"], None),
    ("t02", "这个周末我都忙了些什么？", NC, "OCCURRED_IN", dict(range="this_weekend"),
     ["roommates", "weiqi_0308", "panda"], None),
    ("t03", "上周我做了哪些重要的事？", NF, "OCCURRED_IN", dict(range="last_week", importance="high"),
     ["parent_meeting", "dad_followup_book", "competition"], None),
    ("t04", "昨天都忙了些啥？", NG, "OCCURRED_IN", dict(range="yesterday"),
     ["shijiang", "dec_openday", "open_class_ppt"], None),
    ("t05", "今天都发生了哪些事？", NH, "OCCURRED_IN", dict(range="today"), ["xm_openday", "jy_0318"], None),
    ("t06", "上周三我做了什么？", NF, "OCCURRED_IN", dict(range="weekday", arg=(-1, 2)),
     ["fire_drill", "jy_0311", "dec_trip"], None),
    ("t07", "这周到现在做了哪些事情？", NB, "OCCURRED_IN", dict(range="this_week"),
     ["opening", "talk_xiaoyu", "book_call", "dec_royalty", "book_outline", "teach_plan"], None),
    ("t08", "3月6号那天都发生了哪些事？", NH, "OCCURRED_IN", dict(range="date", arg="03-06"),
     ["dad_discharge", "dad_meds"], None),
    ("t09", "上个周末我都干了些什么？", NG, "OCCURRED_IN", dict(range="last_weekend"),
     ["car_service", "promise_mom", "dec_yoga"], None),
    ("t10", "昨晚我干嘛了？", NE, "OCCURRED_IN", dict(range="last_night"), ["parent_meeting"], None),
    # ---------------------------------------------------------------- MENTIONED_IN
    ("t11", "我昨天说过要做什么？", NB, "MENTIONED_IN", dict(range="yesterday", kinds=TD), ["dad_meds"], None),
    ("t12", "这周我在聊天里跟助手说过什么？", NC, "MENTIONED_IN", dict(range="this_week", source="chat"),
     ["teach_plan", "book_call", "parent_meeting", "m_xiaoyu_home", "dec_royalty", "panda", "dad_discharge",
      "m_dad_hometown"], None),
    ("t13", "今天上午都记了什么？", ND, "MENTIONED_IN", dict(range="this_morning", source="mi"), ["fire_drill"], None),
    ("t14", "最近三天我提过的要紧事有哪些？", NG, "MENTIONED_IN", dict(range="recent3", importance="high"),
     ["book_sample", "open_class_ppt", "cert", "mock_exam", "kid_fever"], None),
    ("t15", "前天记了什么？", NE, "MENTIONED_IN", dict(range="day_before", source="mi"),
     ["car_service", "xm_dentist", "m_grade9", "competition", "open_class_ppt", "book_sample", "book_title"], None),
    ("t16", "前天和助手都聊过什么？", NH, "MENTIONED_IN", dict(range="day_before", source="chat"), ["kid_fever"], None),
    ("t17", "我用 MeInput 记过哪些跟老爸有关的？", NH, "MENTIONED_IN",
     dict(range="all", source="mi", topics=["dad"], text_re="爸"),
     ["dad_visit", "dad_discharge", "dad_meds", "dad_followup_book", "dad_followup", "promise_mom"], None),
    ("t18", "昨晚我记了什么？", NF, "MENTIONED_IN", dict(range="last_night", source="mi"), ["promise_mom"], None),
    ("t19", "这两天我都说过些什么？", ND, "MENTIONED_IN", dict(range="these_two_days"),
     ["dad_followup_book", "dad_followup", "sports_signup", "bzr_training", "fire_drill", "competition"], None),
    ("t20", "上周我提过哪些跟公开课有关的事？", NH, "MENTIONED_IN", dict(range="last_week", topics=["open_class"]),
     ["open_class", "open_class_ppt", "shijiang", "jy_0311"], None),
    ("t21", "这个月我说起过小满的哪些事？", NG, "MENTIONED_IN", dict(range="this_month", topics=["xiaoman"]),
     ["panda", "weiqi_0308", "xm_openday", "xm_dentist", "weiqi_0322", "dec_openday", "kid_fever"], None),
    ("t22", "3月4号那天我都说了什么？", NH, "MENTIONED_IN", dict(range="date", arg="03-04"),
     ["parent_meeting", "dad_discharge", "dad_meds", "dec_royalty", "m_xiaoyu_home"], None),
    ("t23", "我今天记了哪些东西？", NH, "MENTIONED_IN", dict(range="today", source="mi"),
     ["xm_openday", "dad_followup"], None),
    # ---------------------------------------------------------------- PLANNED_IN
    ("t24", "今天都有啥安排？", NA, "PLANNED_IN", dict(range="today"), ["opening"], None),
    ("t25", "下周都有哪些安排？", NC, "PLANNED_IN", dict(range="next_week"),
     ["chen_trip", "jy_0311", "parent_meeting"], None),
    ("t26", "这周都安排了些什么？", ND, "PLANNED_IN", dict(range="this_week"),
     ["chen_trip", "bzr_training", "fire_drill", "jy_0311", "parent_meeting"], None),
    ("t27", "这周有哪些安排？", NA, "PLANNED_IN", dict(range="this_week"), ["opening", "dad_discharge"], None),
    ("t28", "明天有什么安排？", NG, "PLANNED_IN", dict(range="tomorrow"), ["open_class"], None),
    ("t29", "明天有什么行程？", NH, "PLANNED_IN", dict(range="tomorrow"), ["dad_followup"], None),
    ("t30", "周四下午有什么安排？", NF, "PLANNED_IN", dict(range="weekday_part", arg=(0, 3, 12, 18)),
     ["xm_openday"], None),
    ("t31", "这个周末有什么安排？", NE, "PLANNED_IN", dict(range="this_weekend"), ["car_service"], None),
    ("t32", "后天都要干嘛？", NB, "PLANNED_IN", dict(range="day_after"), ["roommates"], None),
    ("t33", "下周二有什么安排？", NH, "PLANNED_IN", dict(range="weekday", arg=(1, 1)), ["mock_exam"], None),
    ("t34", "3月27号有什么安排？", NH, "PLANNED_IN", dict(range="date", arg="03-27"), ["spring_trip"], None),
    # ---------------------------------------------------------------- CREATED_IN
    ("t35", "这周我都答应了别人哪些事？", NC, "CREATED_IN", dict(range="this_week", kinds=["commitment"]),
     ["panda"], None),
    ("t36", "最近定下来的事有哪些？", NH, "CREATED_IN", dict(range="recent", kinds=["decision"]),
     ["dec_yoga", "dec_openday"], None),
    ("t37", "这个月新记了哪些待办？", ND, "CREATED_IN", dict(range="this_month", kinds=TD),
     ["teach_plan", "panda", "dad_meds", "cert", "dad_followup_book", "sports_signup", "competition",
      "book_sample"], None),
    ("t38", "上个月记了哪些待办？", NB, "CREATED_IN", dict(range="last_month", kinds=TD), ["book_outline"], None),
    ("t39", "上周记了哪些待办？", NF, "CREATED_IN", dict(range="last_week", kinds=TD),
     ["dad_followup_book", "sports_signup", "competition", "promise_mom", "open_class_ppt", "insurance"], None),
    ("t40", "上周定了哪些事？", NF, "CREATED_IN", dict(range="last_week", kinds=["decision"]),
     ["dec_trip", "dec_yoga"], None),
    # ---------------------------------------------------------------- DUE_IN
    ("t41", "这周五之前要交什么？", ND, "DUE_IN", dict(range="before_weekday", arg=(0, 4)), ["competition"], None),
    ("t42", "这周有什么要交的？", NF, "DUE_IN", dict(range="this_week"), ["book_sample"], None),
    ("t43", "周五之前还有什么活儿要干完？", NG, "DUE_IN", dict(range="before_weekday", arg=(0, 4)),
     ["review_paper"], None),
    ("t44", "下周一之前得搞定哪些事？", NE, "DUE_IN", dict(range="before_weekday", arg=(1, 0)),
     ["open_class_ppt", "promise_mom"], None),
    ("t45", "月底之前有哪些事要搞定？", NH, "DUE_IN", dict(range="before_month_end"),
     ["review_paper", "book_sample", "insurance", "cert"], None),
    ("t46", "这周五之前还有什么要搞定的？", NB, "DUE_IN", dict(range="before_weekday", arg=(0, 4)), ["dad_meds"], None),
    ("t47", "3月25号之前有哪些事得办完？", NG, "DUE_IN", dict(range="before_date", arg="03-25"),
     ["review_paper", "book_sample", "insurance"], None),
    ("t48", "下周有哪些事要完成？", NH, "DUE_IN", dict(range="next_week"), ["insurance"], None),
    # ---------------------------------------------------------------- AMBIGUOUS
    ("t49", "我昨天有什么重要的事？", NB, "AMBIGUOUS", dict(range="yesterday", importance="high"),
     ["book_call", "dec_royalty", "parent_meeting", "dad_discharge"],
     {"book_call": "occurred", "dec_royalty": "occurred", "parent_meeting": "mentioned", "dad_discharge": "mentioned"}),
    ("t50", "这周我有哪些重要的事？", NG, "AMBIGUOUS", dict(range="this_week", importance="high"),
     ["open_class_ppt", "kid_fever", "cert", "mock_exam", "open_class", "dad_followup", "book_sample"],
     {"kid_fever": "occurred", "cert": "mentioned", "mock_exam": "mentioned"}),
    ("t51", "上周有什么重要的事吗？", NF, "AMBIGUOUS", dict(range="last_week", importance="high"),
     ["parent_meeting", "dad_followup_book", "competition", "dad_followup", "open_class", "open_class_ppt",
      "book_sample"],
     {"parent_meeting": "occurred", "dad_followup": "mentioned", "open_class": "mentioned",
      "open_class_ppt": "mentioned", "book_sample": "mentioned"}),
    ("t52", "最近三天有什么需要注意的？", NE, "AMBIGUOUS", dict(range="recent3", importance="high"),
     ["parent_meeting", "competition", "open_class", "open_class_ppt", "book_sample"],
     {"parent_meeting": "occurred", "open_class": "mentioned", "open_class_ppt": "mentioned",
      "book_sample": "mentioned"}),
    ("t53", "家长会的事怎么样了？", NH, "AMBIGUOUS", dict(range="all", topics=["parent_meeting"]),
     ["parent_meeting"], {"parent_meeting": "occurred"}),
    ("t54", "老爸复查的号约好了没？", NH, "AMBIGUOUS", dict(range="all", topics=["dad_followup"], allow_topics=["dad"]),
     ["dad_followup_book", "dad_followup"], {}),
    ("t55", "最近样章的事进展怎么样？", NH, "AMBIGUOUS", dict(range="recent", topics=["sample"], allow_topics=["book"]),
     ["book_sample"], {"book_sample": "mentioned"}),
    ("t56", "最近小宇的事进展怎么样？", NH, "AMBIGUOUS",
     dict(range="recent", topics=["xiaoyu"], allow_topics=["parent_meeting", "competition"]),
     ["m_xiaoyu_better"], {"m_xiaoyu_better": "mentioned"}),
    ("t57", "今天我要注意些什么？", NG, "AMBIGUOUS", dict(range="today", importance="high"),
     ["kid_fever", "mock_exam"], {"kid_fever": "occurred", "mock_exam": "mentioned"}),
    ("t58", "周四都有些什么事？", NC, "AMBIGUOUS", dict(range="weekday", arg=(0, 3)),
     ["teach_plan", "panda", "dad_discharge", "cert", "roommates", "chen_trip", "jy_0311"],
     {"panda": "mentioned", "dad_discharge": "mentioned", "cert": "mentioned", "roommates": "mentioned",
      "chen_trip": "mentioned", "jy_0311": "mentioned"}),
    ("t59", "前天有什么事？", ND, "AMBIGUOUS", dict(range="day_before"),
     ["chen_trip", "sports_signup", "competition", "xm_openday", "m_mom_bp", "dad_followup_book", "book_sample"],
     {"chen_trip": "occurred", "sports_signup": "mentioned", "competition": "mentioned", "xm_openday": "mentioned",
      "m_mom_bp": "mentioned", "dad_followup_book": "mentioned", "book_sample": "mentioned"}),
    ("t60", "小满看牙的事怎么样了？", NE, "AMBIGUOUS", dict(range="all", topics=["dentist"]),
     ["xm_dentist"], {"xm_dentist": "mentioned"}),
]

SKIP = [
    ("k01", "帮我把“周五前回复”改得礼貌点", NF),
    ("k02", "“明天见”用四川话怎么说？", NA),
    ("k03", "勾股定理有多少种证明方法？", ND),
    ("k04", "帮我写一段下周三家长开放日的邀请语", NE),
    ("k05", "一天喝多少水比较合适？", NC),
    ("k06", "快速排序的时间复杂度是多少？", NH),
    ("k07", "每周三次有氧运动够不够？", NG),
    ("k08", "把“截止到3月20号”翻译成英文", NB),
    ("k09", "《明日之后》这个游戏适合初中生玩吗？", NH),
    ("k10", "写一条朋友圈：这周末带娃去看熊猫，累并快乐着", NC),
]


# ============================================================== ranges (../time-conventions.md)
def ranges(name, now, arg=None):
    """-> (range, range_wide); wide = the generous reading of README.md where one is arguable."""
    d, w = day0(now), week0(now)
    H = timedelta(hours=1)

    def same(a, b):
        return (a, b), (a, b)

    if name == "today":
        return same(d, d + DAY)
    if name == "yesterday":
        return same(d - DAY, d)
    if name == "day_before":
        return same(d - 2 * DAY, d - DAY)
    if name == "tomorrow":
        return same(d + DAY, d + 2 * DAY)
    if name == "day_after":
        return same(d + 2 * DAY, d + 3 * DAY)
    if name == "these_two_days":
        return same(d - DAY, d + DAY)
    if name == "this_week":
        return same(w, w + 7 * DAY)
    if name == "last_week":
        return same(w - 7 * DAY, w)
    if name == "next_week":
        return same(w + 7 * DAY, w + 14 * DAY)
    if name == "this_weekend":
        return same(w + 5 * DAY, w + 7 * DAY)
    if name == "last_weekend":
        return same(w - 2 * DAY, w)
    if name == "weekday":
        off, wd = arg
        x = w + timedelta(days=7 * off + wd)
        return same(x, x + DAY)
    if name == "weekday_part":
        off, wd, a, b = arg
        x = w + timedelta(days=7 * off + wd)
        return same(x + a * H, x + b * H)
    if name == "date":
        x = D(arg)
        return same(x, x + DAY)
    if name == "this_morning":
        return (d + 6 * H, d + 12 * H), (d, d + 13 * H)
    if name == "last_night":
        return (d - 6 * H, d), (d - 7 * H, d + 4 * H)
    if name == "recent3":
        return (d - 2 * DAY, d + DAY), (d - 3 * DAY, d + DAY)
    if name == "recent":
        return (d - 6 * DAY, d + DAY), (d - FAR, d + DAY)
    if name == "this_month":
        return same(month_start(d), month_start(d, 1))
    if name == "last_month":
        return same(month_start(d, -1), month_start(d))
    if name == "before_weekday":      # 这周五之前 / 下周一之前 = [now, end of that day); wide: from Monday
        off, wd = arg
        end = w + timedelta(days=7 * off + wd + 1)
        return (now, end), (w, end)
    if name == "before_date":         # 3月25号之前
        end = D(arg) + DAY
        return (now, end), (w, end)
    if name == "before_month_end":    # 月底之前 = [now, 1st of next month); wide: from the 1st
        return (now, month_start(d, 1)), (month_start(d), month_start(d, 1))
    if name == "all":                 # no time word: the last 30 days up to now; wide: unbounded
        return (now - timedelta(days=30), now), (d - FAR, d + FAR)
    raise KeyError(name)


# ============================================================== assembly
def assign_times():
    """Seconds for every record; strictly increasing times inside a chat session."""
    for r in ALL:
        r.obs = r.t + timedelta(seconds=RNG.randint(0, 59))
    by_sess = {}
    for r in ALL:
        if r.src in ("chat", "run"):
            by_sess.setdefault((r.user, r.sess), []).append(r)
    for rs in by_sess.values():
        rs.sort(key=lambda r: (r.t, ALL.index(r)))
        prev = None
        for r in rs:
            if prev is not None and r.obs <= prev:
                r.obs = prev + timedelta(seconds=RNG.randint(3, 9))
            prev = r.obs
        for r in rs:
            if r.src == "run" and r.finished is not None and r.finished <= r.obs:
                r.finished = r.obs + timedelta(seconds=40)


def assign_ids():
    sess_ids = {}
    for r in sorted(ALL, key=lambda r: (r.obs, r.user, r.text)):
        if r.src == "mi":
            r.id = seg_id(r.obs)
            r.ref = f"meinput:segment:{r.id}"
        elif r.src == "chat":
            r.id = short_id("m_", 10)
            r.ref = f"chat:message:{r.id}"
        else:
            r.id = short_id("r_", 8)
            r.ref = f"chat:run:{r.id}"
        if r.sess is not None and (r.user, r.sess) not in sess_ids:
            sess_ids[(r.user, r.sess)] = short_id("s_", 8)
    return sess_ids


PERSONS = ["小宇", "苏编辑", "王组长", "老陈", "小满", "琪琪", "王校长", "李老师", "小敏"]
ORGS = ["华西", "七中", "教务处", "人事处", "出版社", "体育组", "教育局", "市场监管所", "大众点评"]
PLACES = ["都江堰", "青城山", "玉林路", "乐山", "北京", "深圳", "南滨路", "观音桥", "解放碑", "人民公园"]


def entities(text):
    return ([{"type": "person", "text": p} for p in PERSONS if p in text]
            + [{"type": "org", "text": o} for o in ORGS if o in text]
            + [{"type": "place", "text": p} for p in PLACES if p in text])


def wire_mi(r, imp):
    rec = {"evidence_id": r.id, "user_id": r.user, "type": "expression_segment", "text": r.text,
           "observed_at": iso(r.obs, z=WIRE.random() < 0.1)}
    app = r.app or WIRE.choice(["ime", "ime", "notes", "voice", "voice", "wechat"])
    if imp == "high":
        importance = round(WIRE.uniform(0.66, 0.95), 2)
    elif imp == "low":
        importance = round(WIRE.uniform(0.3, 0.68), 2)
    else:
        importance = round(WIRE.uniform(0.03, 0.45), 2)
    x = WIRE.random()
    if x > 0.08:
        rec["app"] = app
    elif x > 0.04:
        rec["app"] = None
    x = WIRE.random()
    if x > 0.1:
        rec["importance"] = importance
    elif x > 0.05:
        rec["importance"] = None
    x = WIRE.random()
    if x > 0.07:
        rec["confidence"] = round(WIRE.uniform(0.68, 0.9) if app == "voice" else WIRE.uniform(0.85, 0.99), 2)
    ents = entities(r.text)
    x = WIRE.random()
    if ents or x < 0.35:
        rec["entities"] = ents
    elif x < 0.45:
        rec["entities"] = None
    x = WIRE.random()
    if r.lang:
        rec["lang"] = r.lang
    elif x > 0.12:
        rec["lang"] = "zh-CN"
    elif x > 0.06:
        rec["lang"] = None
    return rec


def wire_chat(user, sess_ids):
    out = {"sessions": [], "messages": [], "runs": []}
    sess = {}
    for r in ALL:
        if r.user == user and r.src in ("chat", "run"):
            sess.setdefault(r.sess, []).append(r)
    for key, rs in sess.items():
        msgs = [r for r in rs if r.src == "chat"]
        runs = [r for r in rs if r.src == "run"]
        first = min(r.obs for r in rs)
        last = max([r.obs for r in msgs] + [r.finished or r.obs for r in runs])
        out["sessions"].append({"session_id": sess_ids[(user, key)], "title": TITLES[key],
                                "created_at": iso(first - timedelta(seconds=WIRE.randint(2, 40))),
                                "last_active_at": iso(last)})
        for m in msgs:
            out["messages"].append({"message_id": m.id, "session_id": sess_ids[(user, key)], "role": m.role,
                                    "content": m.text, "created_at": iso(m.obs)})
        for r in runs:
            out["runs"].append({"run_id": r.id, "session_id": sess_ids[(user, key)], "task": r.text,
                                "status": r.status, "started_at": iso(r.obs), "finished_at": iso(r.finished),
                                "summary": r.summary})
    n = len(out["messages"])
    for i in sorted(WIRE.sample(range(n), k=round(0.05 * n))):
        m = out["messages"][i]
        m["created_at"] = iso(datetime.fromisoformat(m["created_at"]), z=True)
    k = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))
    out["sessions"].sort(key=lambda s: (k(s["created_at"]), s["session_id"]))
    out["messages"].sort(key=lambda m: (k(m["created_at"]), m["message_id"]))
    out["runs"].sort(key=lambda r: (k(r["started_at"]), r["run_id"]))
    return out


def resolve_calendar(e):
    for r in e.recs:
        if r.src == "cal":
            key, orig = r.cal
            r.ref, r.start, r.all_day = V[key].instance(orig)


def anchors(e):
    a = {"et": (e.et, e.grain), "done": (e.done, "minute")}
    for i, (x, g, _, _) in enumerate(e.sup):
        a[f"sup{i}"] = (x, g)
    return a


ANCHOR_NAME = {"et": "event_time", "done": "completed_at", "sup0": "superseded:0"}


def dedupe_sets(e):
    """Records naming the same anchor: minute-precise ones (and calendar instances) -> precise sets;
    day-grain ones (and all-day calendar instances) -> day sets. Only sets of >= 2 records."""
    an = anchors(e)
    precise, days = {}, {}
    for r in e.recs:
        if r.src == "cal":
            k = next(k for k, (x, g) in an.items() if x is not None and x == r.start)
            (days if r.all_day else precise).setdefault(k, []).append(r.ref)
        elif r.claim:
            k, how = r.claim
            if how == "m":
                assert an[k][1] == "minute"
                precise.setdefault(k, []).append(r.ref)
            elif how == "d":
                days.setdefault(k, []).append(r.ref)
    return ([sorted(v) for v in precise.values() if len(v) >= 2],
            [sorted(v) for v in days.values() if len(v) >= 2])


def nc(e):
    return [r for r in e.recs if r.src != "cal"]


def first_obs(e):
    return min((r.obs for r in nc(e)), default=None)


def time_known_at(e):
    if e.et is None:
        return None
    if not e.sup:
        return first_obs(e)
    return min((r.obs for r in nc(e) if r.claim and r.claim[0] == "et"), default=None)


def wire_event(e):
    recs = sorted(e.recs, key=lambda r: (r.src == "cal", r.obs or P1))
    precise, days = dedupe_sets(e)
    return {"id": e.id, "title": e.title, "kind": e.kind, "importance": e.imp, "topics": e.topics,
            "event_time": iso(e.et), "event_time_grain": e.grain, "status": e.status,
            "superseded": [{"time": iso(x), "grain": g, "reason": reason, "changed_at": iso(e.recs[i].obs)}
                           for x, g, reason, i in e.sup],
            "completed_at": iso(e.done), "records": [r.ref for r in recs], "calendar_only": not nc(e),
            "first_observed_at": iso(first_obs(e)), "time_known_at": iso(time_known_at(e)),
            "record_times": {r.ref: ANCHOR_NAME[r.claim[0]] for r in recs if r.src != "cal" and r.claim},
            "dedupe_sets": precise, "dedupe_sets_day": days}


def touches(e, W):
    """README.md: related to range_wide = an effective or superseded time, completed_at, or a
    MeInput/chat record in it."""
    def ov(x, g):
        return x is not None and x < W[1] and x + (DAY if g == "day" else MIN) > W[0]
    return (ov(e.et, e.grain) or any(ov(x, g) for x, g, _, _ in e.sup)
            or (e.done is not None and W[0] <= e.done < W[1]) or any(W[0] <= r.obs < W[1] for r in nc(e)))


MODE_KEY = {"OCCURRED_IN": "occurred", "MENTIONED_IN": "mentioned", "PLANNED_IN": "planned",
            "CREATED_IN": "created", "DUE_IN": "due"}


def build_queries():
    evs = {e.id: e for e in EVENTS}
    out = []
    for qid, text, now_s, mode, spec, must, groups in QUERIES:
        now = T(now_s)
        R, W = ranges(spec["range"], now, spec.get("arg"))
        assert len(set(must)) == len(must) and set(must) <= set(evs), (qid, set(must) - set(evs))
        for eid in must:
            assert nc(evs[eid]), f"{qid}: calendar-only {eid} in must"
            assert touches(evs[eid], W), f"{qid}: {eid} in must but outside range_wide"
        topics = set(spec.get("topics") or [])
        tol = topics | set(spec.get("allow_topics") or [])
        must_not = [e.id for e in EVENTS if not touches(e, W)]
        allowed = [e.id for e in EVENTS if e.id not in must and touches(e, W) and (not topics or tol & set(e.topics))]
        if mode in MODE_KEY:
            assert groups is None
            groups = {eid: MODE_KEY[mode] for eid in must}
        assert set(groups) <= set(must), qid
        sp = {k: (list(v) if isinstance(v, tuple) else v) for k, v in spec.items()}
        out.append({"id": qid, "query": text, "now": iso(now), "mode_hint": mode, "must": list(must),
                    "must_not": must_not, "allowed": allowed, "groups": groups,
                    "range": {"start": iso(R[0]), "end": iso(R[1])},
                    "range_wide": {"start": iso(W[0]), "end": iso(W[1])}, "expect_skip": False, "spec": sp})
    for qid, text, now_s in SKIP:
        out.append({"id": qid, "query": text, "now": iso(T(now_s)), "mode_hint": None, "expect_skip": True,
                    "must": [], "must_not": [], "allowed": [], "groups": {}, "spec": {}})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(HERE, "data.json"))
    args = ap.parse_args()
    declare_calendar()
    declare_events()
    declare_noise()
    assign_times()
    sess_ids = assign_ids()
    for e in EVENTS:
        resolve_calendar(e)
    for r in ALL:
        assert P0 <= r.obs < P1, (r.text, r.obs)
    imp_of = {}
    for e in EVENTS:
        for r in e.recs:
            imp_of[id(r)] = e.imp
    mi = sorted((r for r in ALL if r.src == "mi"), key=lambda r: (r.obs, r.id))
    data = {
        "meta": {"name": "temporal-recall dev set 2 (independent, public)", "generator": "gen2.py", "seed": SEED,
                 "main_user": MAIN, "timezone": "Asia/Shanghai",
                 "period": {"start": iso(P0), "end": iso(P1)},
                 "notes": "Second persona (林岚, Chengdu teacher). Same format and labelling rules as dev-eval/"
                          "data.json. Events and queries describe u_dev2 only; every u_dev2_other record is a leak "
                          "if shown for u_dev2. event_time_grain=day means the whole calendar day of event_time. "
                          "Calendar refs: calendar:event:<UID> or calendar:event:<UID>:<RECURRENCE-ID> "
                          "(YYYYMMDDTHHMMSS, Asia/Shanghai)."},
        "users": [{"user_id": MAIN, "timezone": "Asia/Shanghai",
                   "persona": "林岚，成都一所中学的数学老师、初二(5)班班主任；儿子小满二年级；老爸髋关节术后康复；业余在写一本几何科普书"},
                  {"user_id": OTHER, "timezone": "Asia/Shanghai", "persona": "胡志强，重庆渝中区火锅店老板"}],
        "meinput": [wire_mi(r, imp_of.get(id(r))) for r in mi],
        "chat": {MAIN: wire_chat(MAIN, sess_ids), OTHER: wire_chat(OTHER, sess_ids)},
        "calendar": {MAIN: {"name": "林岚", "timezone": "Asia/Shanghai",
                            "events": [v.wire() for v in V.values() if v.user == MAIN]},
                     OTHER: {"name": "胡志强", "timezone": "Asia/Shanghai",
                             "events": [v.wire() for v in V.values() if v.user == OTHER]}},
        "events": [wire_event(e) for e in EVENTS],
        "queries": build_queries(),
    }
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")
    n_mi = sum(1 for r in ALL if r.src == "mi" and r.user == MAIN)
    n_msg = sum(1 for r in ALL if r.src == "chat" and r.user == MAIN)
    print(f"wrote {args.out}: meinput(main)={n_mi} messages(main)={n_msg} events={len(EVENTS)} "
          f"queries={len(data['queries'])}")


if __name__ == "__main__":
    main()
