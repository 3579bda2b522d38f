#!/usr/bin/env python3
"""Deterministic generator for dev7, an independent Temporal Recall evaluation set.

    python3 gen7.py [--out PATH]          # default: data.json next to this file

Python 3.11 standard library only. One fixed seed (SEED); no set or hash-order
iteration reaches the output, so the bytes are identical on every run and under
any PYTHONHASHSEED.

Written only from the shared specifications (temporal-recall-v0.1.md,
contracts/sources.md, contracts/api.md, time-conventions.md) and the data.json
format of shared/dev-eval/. The output has exactly that format, so
shared/dev-eval/check_data.py, stub.py and score.py run on it unchanged.

How it is built
  * Every ground-truth event of the main user (u_dev7, 陈嘉欣) is declared below
    with its true time ("MM-DD HH:MM" minute grain, "MM-DD" day grain, or none),
    superseded times (rescheduled / cancelled), completion time, and its records.
  * Every record is written out by hand. A record that names a time carries
    `claim` (which anchor its time words name: E = event_time, S0 = the first
    superseded time, C = completed_at) and `g`, the finest grain of its time
    words as the conventions read them (m = a clock time, a = 刚才/刚刚, d = a
    whole day, p = a part of a day / a week / a month). From these the precise
    (±15 min) and day-grain dedupe sets are derived (RFC §9, api.md).
  * Query labels are computed by rule from the ground truth only
    (label_query, README "Labelling rules"); check_data.py re-derives all of
    it with its own parser.
"""
import argparse
import json
import os
import random
import re
from datetime import datetime, timedelta, timezone

SEED = 20270920
YEAR = 2027
TZ = timezone(timedelta(hours=8))
UTC = timezone.utc
PERIOD_START = datetime(2027, 9, 20, tzinfo=TZ)
PERIOD_END = datetime(2027, 10, 11, tzinfo=TZ)
MAIN = "u_dev7"
OTHER = "u_dev7_other"
HERE = os.path.dirname(os.path.abspath(__file__))
WD = "一二三四五六日"
MIN1 = timedelta(minutes=1)
DAY = timedelta(days=1)
HOUR = timedelta(hours=1)
Q15 = timedelta(minutes=15)

RNG = random.Random(SEED)


# ------------------------------------------------------------------ time utils
def T(s):
    """'MM-DD HH:MM[:SS]' -> aware datetime (+08:00)."""
    fmt = "%Y-%m-%d %H:%M:%S" if s.count(":") == 2 else "%Y-%m-%d %H:%M"
    return datetime.strptime(f"{YEAR}-{s.strip()}", fmt).replace(tzinfo=TZ)


def Dd(s):
    """'MM-DD' -> aware datetime at 00:00 (+08:00)."""
    return datetime.strptime(f"{YEAR}-{s.strip()}", "%Y-%m-%d").replace(tzinfo=TZ)


def anchor(s):
    """'MM-DD HH:MM' -> (datetime, 'minute'); 'MM-DD' -> (datetime, 'day')."""
    return (T(s), "minute") if " " in s else (Dd(s), "day")


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


def month0(dt, add=0):
    y, m = dt.year, dt.month + add
    y, m = y + (m - 1) // 12, (m - 1) % 12 + 1
    return datetime(y, m, 1, tzinfo=TZ)


def _abs(m):
    """{A:MM-DD HH:MM} -> 9月22日（周三）10:30 ; {AD:MM-DD} -> 10月2日（周六）; X = 星期."""
    kind, word, s = m.group(1), "星期" if m.group(2) else "周", m.group(3)
    if kind == "D":
        d = Dd(s)
        return f"{d.month}月{d.day}日（{word}{WD[d.weekday()]}）"
    t = T(s)
    return f"{t.month}月{t.day}日（{word}{WD[t.weekday()]}）{t:%H:%M}"


def render(text):
    return re.sub(r"\{A(D?)(X?):([^}]+)\}", _abs, text)


# ------------------------------------------------------------------ ids
CROCK = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"


def seg_id():
    return "seg_01" + "".join(RNG.choice(CROCK) for _ in range(24))


def short_id(prefix, n):
    return prefix + "".join(RNG.choice(LOWER) for _ in range(n))


def uid():
    h = "".join(RNG.choice("0123456789abcdef") for _ in range(32))
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"


# ------------------------------------------------------------------ records
class Rec:
    def __init__(self, src, user, when, text, claim=None, g=None, **kw):
        self.src, self.user, self.text = src, user, render(text)
        self.when = when
        self.claim, self.g = claim, g
        self.kw = kw
        self.ref = None

    @property
    def role(self):
        if self.src == "mi":
            return "user"
        if self.src == "run":
            return "run"
        return self.kw["role"]


ALL = []                # every MeInput / chat / run record in creation order
SESSIONS = {}           # key -> dict(user, title, id, msgs)


def _when(s, sec=None):
    t = T(s)
    if s.count(":") == 2:
        return t
    return t + timedelta(seconds=RNG.randint(3, 57) if sec is None else sec)


def mi(s, text, claim=None, g=None, app="notes", tw=False, z=None, imp=None, user=MAIN):
    r = Rec("mi", user, _when(s), text, claim, g, app=app, tw=tw, z=z, imp=imp)
    ALL.append(r)
    return r


def session(key, title, user=MAIN):
    SESSIONS[key] = {"user": user, "title": title, "id": short_id("sess_", 10), "msgs": [], "runs": []}
    return key


def _msg(role, sess, s, text, claim, g, z=None):
    r = Rec("chat", SESSIONS[sess]["user"], _when(s), text, claim, g, role=role, sess=sess, z=z)
    SESSIONS[sess]["msgs"].append(r)
    ALL.append(r)
    return r


def cu(sess, s, text, claim=None, g=None, z=None):
    return _msg("user", sess, s, text, claim, g, z)


def ca(sess, s, text, claim=None, g=None, z=None):
    return _msg("assistant", sess, s, text, claim, g, z)


def ct(sess, s, obj):
    return _msg("tool", sess, s, json.dumps(obj, ensure_ascii=False), None, None)


def run(sess, s, task, status, minutes, summary):
    r = Rec("run", SESSIONS[sess]["user"], _when(s), task, None, None, sess=sess, status=status,
            minutes=minutes, summary=summary)
    SESSIONS[sess]["runs"].append(r)
    ALL.append(r)
    return r


# ------------------------------------------------------------------ calendar
CAL = {MAIN: [], OTHER: []}
CAL_KEY = {}


def vevent(user, key, summary, start, end, *, form="tzid", rrule=None, exdates=(), location=None,
           description=None, status="CONFIRMED", sequence=0, created, modified=None, overrides=()):
    allday = form == "date"
    conv = (lambda x: Dd(x).strftime("%Y-%m-%d")) if allday else (lambda x: iso(T(x)))
    v = {"uid": uid() + "@cal.axin-home.example" if user == MAIN else uid() + "@cal.yuanshop.example",
         "summary": summary, "start": conv(start), "end": conv(end), "all_day": allday, "time_form": form,
         "rrule": rrule, "exdates": [conv(x) for x in exdates], "location": location,
         "description": description, "status": status, "sequence": sequence,
         "created": iso(T(created), z=True), "last_modified": iso(T(modified or created), z=True),
         "overrides": [{"recurrence_id": conv(o[0]), "start": conv(o[1]), "end": conv(o[2]), "summary": o[3],
                        "sequence": o[4], "last_modified": iso(T(o[5]), z=True)} for o in overrides]}
    CAL[user].append(v)
    CAL_KEY[key] = v
    return v


def cal_ref(key, orig=None):
    """calendar ref of a single event, or of the instance of a series whose original start is `orig`."""
    v = CAL_KEY[key]
    if not v["rrule"]:
        return f"calendar:event:{v['uid']}"
    if v["all_day"]:
        return f"calendar:event:{v['uid']}:{Dd(orig):%Y%m%d}"
    return f"calendar:event:{v['uid']}:{T(orig):%Y%m%dT%H%M%S}"


def cal_start(ref):
    """start of a calendar instance named by ref (override start for moved instances)."""
    for v in CAL[MAIN]:
        if ref.startswith(f"calendar:event:{v['uid']}"):
            allday = v["all_day"]
            conv = (lambda x: datetime.strptime(x, "%Y-%m-%d").replace(tzinfo=TZ)) if allday else \
                (lambda x: datetime.fromisoformat(x))
            if not v["rrule"]:
                return conv(v["start"]), allday
            rid = ref.rsplit(":", 1)[1]
            t = datetime.strptime(rid, "%Y%m%d" if allday else "%Y%m%dT%H%M%S").replace(tzinfo=TZ)
            for o in v["overrides"]:
                if conv(o["recurrence_id"]) == t:
                    return conv(o["start"]), allday
            return t, allday
    raise KeyError(ref)


# ====================================================================== calendar of u_dev7
vevent(MAIN, "rehab", "老爸康复理疗（社区康复中心）", "09-21 15:00", "09-21 16:00",
       rrule="FREQ=WEEKLY;BYDAY=TU;COUNT=4", exdates=["09-28 15:00"], location="荔湾区逢源街社区卫生服务中心 康复室",
       description="黄姨陪同；带康复手册", created="09-10 12:00", modified="10-04 09:35",
       overrides=[("10-05 15:00", "10-08 09:00", "10-08 10:00", "老爸康复理疗（假期调整）", 1, "10-04 09:35")])
vevent(MAIN, "train", "ICU 护理业务学习", "09-23 15:00", "09-23 16:00",
       rrule="FREQ=WEEKLY;BYDAY=TH;COUNT=3", exdates=["10-07 15:00"], location="住院部 6 楼 ICU 示教室",
       description="每周四下午，轮流主讲", created="09-01 09:00", modified="09-27 08:00")
vevent(MAIN, "view1", "看房：芳村花地湾两房（中介小周）", "09-22 10:30", "09-22 11:30", location="芳村 花地湾地铁站 C 口",
       created="09-20 13:20")
vevent(MAIN, "lease", "签租约 龙津西路", "09-25 15:00", "09-25 16:00", location="龙津西路 中介门店", sequence=1,
       created="09-24 09:45", modified="09-25 00:55")
vevent(MAIN, "classmates", "大学同学聚会", "09-25 18:30", "09-25 21:00", location="天河 湘菜馆", status="CANCELLED",
       sequence=1, created="09-20 04:50", modified="09-24 04:10")
vevent(MAIN, "neuro", "陪老爸神经内科复诊（李主任）", "09-27 09:30", "09-27 10:30", form="utc",
       location="穗华医院 门诊楼 3 楼 神经内科", created="09-20 11:55")
vevent(MAIN, "brother", "阿豪 高铁 深圳北→广州南", "09-30 19:40", "09-30 20:30", form="utc",
       description="到站后直接去老爸那", created="09-25 13:05")
vevent(MAIN, "move", "搬家", "10-03", "10-04", form="date", location="海珠 → 荔湾龙津西路", sequence=1,
       created="09-26 03:00", modified="09-30 10:15")
vevent(MAIN, "handover", "海珠旧房验房交钥匙（梁生）", "10-07 10:00", "10-07 11:00", location="海珠区 宝岗大道", sequence=1,
       created="09-29 04:55", modified="10-02 08:15")
vevent(MAIN, "qc", "护理部质控检查（ICU）", "10-08 09:00", "10-08 11:00", location="ICU", sequence=1,
       created="09-22 11:35", modified="09-28 14:45")
vevent(MAIN, "bday", "老爸74岁生日饭 泮溪酒家", "10-09 12:00", "10-09 14:00", location="泮溪酒家 荔湾湖店", sequence=1,
       created="10-05 02:25", modified="10-07 11:15")

# ====================================================================== calendar of u_dev7_other
vevent(OTHER, "o_factory", "东莞工厂视频会：圣诞款出货", "09-22 10:30", "09-22 11:30", created="09-21 14:40")
vevent(OTHER, "o_amz", "亚马逊招商经理电话（店铺绩效）", "09-27 09:30", "09-27 10:00", form="utc", created="09-26 13:40")
vevent(OTHER, "o_fair", "深圳礼品展（会展中心 9 号馆）", "10-03", "10-05", form="date", created="09-15 02:00")

# ====================================================================== sessions of u_dev7
session("move", "搬家那些事")             # multi-day: 09-21 .. 10-06
session("dad", "老爸的身体")               # multi-day
session("work", "ICU 工作")                # multi-day
session("eng", "护理英语练习")             # multi-day, noise
session("icu_q", "血管活性药")
session("food", "夜班吃什么")
session("swap", "排班")
session("cme", "继续教育")
session("dentist", "洗牙")
session("weather", "天气")
session("bday", "老爸生日")
session("misc1", "随手问问")
session("misc2", "随手问问")
session("misc3", "随手问问")
session("misc4", "随手问问")
session("song", "粤语歌")
session("soup", "煲汤")
session("pay", "夜班费")
session("cantonese", "粤语")

EVENTS = []


def EV(id, title, kind, imp, topics, et=None, status=None, sup=(), done=None, recs=(), cal=()):
    EVENTS.append(dict(id=id, title=title, kind=kind, imp=imp, topics=list(topics), et=et, status=status,
                       sup=list(sup), done=done, recs=list(recs), cal=list(cal)))


# ====================================================================== events of u_dev7
# ---- week 1 (09-20 .. 09-26) -------------------------------------------------------------
EV("rehab_0921", "老爸康复理疗（9/21）", "event", "low", ["dad", "rehab"], et="09-21 15:00", recs=[
    mi("09-21 07:35", "今天下午3点老爸做康复理疗，我上白班走不开，让黄姨陪他去", "E", "m", app="voice"),
    mi("09-21 20:40", "黄姨说老爸今天康复练了半小时站立，腿比以前有劲多了", "E", "d"),
], cal=[cal_ref("rehab", "09-21 15:00")])

EV("view_flat1", "看芳村花地湾的两房", "event", "low", ["move", "flat", "dad_near"], et="09-22 10:30", recs=[
    mi("09-20 21:12", "周三上午10点半跟中介小周去芳村看房，离老爸家两站地铁", "E", "m"),
    cu("move", "09-21 22:05", "明天上午10:30去看房，第一次自己租房要看哪些地方？老人会经常来的话要注意啥", "E", "m"),
    ca("move", "09-21 22:06", "{A:09-22 10:30} 看房可以重点看：1）电梯和楼梯，老人上下楼是否方便；2）卫生间防滑和扶手位置；"
                              "3）采光通风和噪音；4）水电燃气表读数和房东的产权证明。", "E", "m"),
    mi("09-22 12:40", "芳村那套看完了，采光不错，但是没电梯要爬六楼，老爸肯定上不去", app="voice"),
], cal=[cal_ref("view1")])

EV("night_0922", "夜班（9/22 晚）", "event", "low", ["shift"], et="09-22 20:00", recs=[
    mi("09-22 18:20", "今晚8点接夜班，先去睡两个钟", "E", "m", app="voice"),
    mi("09-23 08:45", "下夜班了，昨晚忙到没坐下来过，腿都是肿的", "E", "p"),
])

EV("rescue_0923", "夜班抢救 3 床（血压骤降）", "event", "high", ["icu", "rescue"], et="09-23 03:00", recs=[
    mi("09-23 03:25", "凌晨三点，3床血压突然掉到七十多，推了去甲肾，总算稳住了", "E", "m", app="voice"),
    cu("icu_q", "09-23 09:10", "今天凌晨三点我们那有个病人血压骤降，去甲肾上腺素泵速一般怎么调比较稳？想复盘一下", "E", "m"),
    ca("icu_q", "09-23 09:11", "去甲肾上腺素一般从小剂量起泵，按平均动脉压目标每5到10分钟评估调整；同时要排查容量、出血和心律问题。"
                               "复盘时可以把给药时间点、血压曲线和医嘱对照着记录。"),
])

EV("view_flat2", "看龙津西路的电梯房", "event", "high", ["move", "flat", "dad_near"], et="09-24 16:00", recs=[
    mi("09-23 09:05", "明天下午4点小周再带我看龙津西路那套电梯房，走路到老爸家十分钟", "E", "m"),
    cu("move", "09-24 14:10", "下午4点还要再看一套，这次是电梯房，月租3800，押二付一在荔湾算贵吗？", "E", "m"),
    ca("move", "09-24 14:11", "荔湾老城区的电梯两房月租在3500到4200之间比较常见，3800在合理区间。押二付一是广州常见做法，"
                              "签约时把押金退还条件写进合同。"),
    mi("09-24 17:05", "龙津西路这套真的可以，有电梯，楼下就是菜市场", app="voice"),
])

EV("dec_flat", "决定租龙津西路那套", "decision", "high", ["move", "flat"], et="09-24 17:20", recs=[
    mi("09-24 17:31", "定了，就租龙津西路这套，跟小周说不用再约别的了"),
    cu("move", "09-24 17:45", "我决定租龙津西路那套电梯房了，签约前还要跟房东确认什么？"),
    ca("move", "09-24 17:46", "签约前建议确认：房东身份证与房产证一致、家电清单和现状拍照、维修责任怎么划分、提前退租的违约条款，"
                              "以及物业费和水电燃气怎么结算。"),
    run("move", "09-24 17:47", "对比两套房源的租金、楼层和到老爸家的步行距离", "succeeded", 2,
        "龙津西路：3800/月，电梯，步行约10分钟；芳村：3300/月，无电梯6楼，地铁两站"),
])

EV("meds_refill", "帮老爸拿降压药和胰岛素针头", "todo", "low", ["dad", "meds"], et="09-24", done="09-24 10:30", recs=[
    mi("09-21 12:30", "周五之前要去药房帮老爸拿降压药和胰岛素针头，这个月的快吃完了", "E", "d"),
    cu("dad", "09-22 16:30", "我爸用的是门冬胰岛素笔，针头要买几号的？周五我要去药房一起拿", "E", "d"),
    ca("dad", "09-22 16:31", "门冬胰岛素笔一般配4mm或5mm的针头，老人皮下脂肪薄的建议4mm。本周五去药房时带上处方和医保卡，"
                             "一次拿够一个月的用量。", "E", "d"),
    mi("09-24 10:41", "药拿齐了，降压药、胰岛素、针头，顺便给老爸买了个新血压计", app="voice"),
])

EV("notice_landlord", "通知海珠房东梁生退租", "todo", "high", ["move", "liang"], et="09-24", done="09-22 13:00", recs=[
    mi("09-20 22:10", "这周五之前要跟海珠这边的房东梁生讲退租，合同写了要提前两周通知", "E", "d"),
    mi("09-22 13:10", "给梁生发了退租微信，他回了个好，说搬走前约他验房", app="voice"),
    cu("move", "09-22 13:30", "房东同意退租了，押金一般多久退？他说验完房再退"),
    ca("move", "09-22 13:31", "通常验房无异议后当场或数日内退还押金，具体以合同约定为准。验房前把墙面、家电和钥匙清点好，拍照留存，"
                              "避免扣款争议。"),
])

EV("id_copy", "答应中介小周发身份证复印件", "commitment", "low", ["move", "lease"], et="09-24", done="09-24 08:45", recs=[
    cu("move", "09-23 19:30", "中介要身份证复印件，我答应他明天之前发过去，拍照发微信算不算复印件？", "E", "d"),
    ca("move", "09-23 19:31", "一般拍清晰的照片就可以，建议在照片上加水印“仅供龙津西路租房使用”，防止被挪作他用。"),
    mi("09-24 08:50", "下夜班路上把身份证照片加了水印发给小周了"),
])

EV("m_headnurse", "护士长在交班会上表扬抢救", "mention", "low", ["work", "headnurse"], recs=[
    mi("09-24 09:20", "护士长在交班会上表扬了我上次的抢救，有点不好意思"),
])

EV("dimsum_0925", "陪老爸饮早茶", "event", "low", ["dad"], et="09-25 08:30", recs=[
    mi("09-24 20:50", "聽日朝早八點半同阿爸去陶陶居飲早茶，佢話好耐冇去過", app="voice", tw=True),
    mi("09-25 10:15", "陪老爸饮完早茶，他吃了两笼虾饺，胃口比之前好"),
])

EV("lease_sign", "签龙津西路的租约", "event", "high", ["move", "flat", "lease"], et="09-25 15:00", status="rescheduled",
   sup=[("09-25 11:00", "rescheduled", "09-25 08:50")], recs=[
    mi("09-24 17:40", "房东约了礼拜六上午11点签租约，要带身份证和押金", "S0", "m"),
    cu("move", "09-25 08:52", "帮我想想搬家要准备的东西，按先后排个序。对了，房东说早上要去饮茶，签约推迟到下午三点了", "E", "m"),
    ca("move", "09-25 08:53", "可以按这个顺序：1）确定搬家日期并预约搬家公司；2）通知宽带、水电燃气办理迁移或过户；3）分区打包，"
                              "贵重物品和证件随身带；4）老人常用药单独装一箱。今天15:00签约时，记得核对家电清单并拍照。", "E", "m"),
    mi("09-25 16:20", "租约签了！钥匙拿到手了，房东人挺好说话", app="voice"),
], cal=[cal_ref("lease")])

EV("deposit", "转押金给房东", "todo", "low", ["move", "lease"], et="09-25 12:00", done="09-25 10:05", recs=[
    cu("move", "09-24 18:05", "中介让我明天中午12点前把押金7600转给房东，直接转账安全吗？", "E", "m"),
    ca("move", "09-24 18:06", "转账前核对收款人和房产证或授权书上的名字一致，备注“龙津西路租房押金”，保留转账凭证；"
                              "签约时在合同里写明已收押金金额。"),
    mi("09-25 10:12", "押金7600转过去了，备注写了押金"),
])

EV("classmates", "大学同学聚会（取消）", "event", "low", ["friends"], status="cancelled",
   sup=[("09-25 18:30", "cancelled", "09-24 12:00")], recs=[
    mi("09-20 12:45", "礼拜六晚上6点半大学同学聚会，在天河那家湘菜馆", "S0", "m", app="voice"),
    mi("09-24 12:08", "同学聚会黄了，班长说一半人要加班，改天再约"),
], cal=[cal_ref("classmates")])

EV("dec_movers", "决定用蚂蚁搬家", "decision", "low", ["move", "movers"], et="09-26 10:50", recs=[
    cu("move", "09-26 10:55", "比了两家，决定用蚂蚁搬家那家了"),
    mi("09-26 11:00", "定了用蚂蚁搬家，比另外那家便宜三百"),
])

EV("m_dad_bp", "老爸血压偏高", "mention", "low", ["dad"], recs=[
    mi("09-26 07:30", "黄姨发来老爸的血压148/90，比之前高，要跟李主任说", app="wechat"),
    cu("dad", "09-26 21:45", "老人血压148/90算高吗？他平时吃氨氯地平"),
    ca("dad", "09-26 21:46", "148/90属于偏高，但单次测量不宜下结论。建议固定时段、静坐五分钟后再量，连续记录，复诊时给医生看。"),
])

# ---- week 2 (09-27 .. 10-03) -------------------------------------------------------------
EV("dad_neuro", "陪老爸神经内科复诊（李主任）", "event", "high", ["dad", "neuro", "hospital"], et="09-27 09:30", recs=[
    mi("09-20 19:50", "老爸下周一上午9:30神经内科复诊，挂到了李主任的号", "E", "m"),
    mi("09-26 21:30", "明天上午9:30陪阿爸覆診，記得帶埋上次嘅CT片", "E", "m", app="voice", tw=True),
    cu("dad", "09-26 21:40", "明天9点半陪我爸去神经内科复诊，要带哪些资料？他上次做的CT要不要带", "E", "m"),
    ca("dad", "09-26 21:41", "{A:09-27 09:30} 复诊建议带：医保卡、既往CT片子和报告、出院小结、平时记的血压血糖本，"
                             "以及正在吃的药的药盒。", "E", "m"),
    mi("09-27 11:50", "复诊完了，李主任说恢复得还行，阿司匹林继续吃，二甲双胍减半", app="voice"),
], cal=[cal_ref("neuro")])

EV("shift_swap", "答应替小麦上国庆白班", "commitment", "high", ["work", "xiaomai", "shift"], et="10-01",
   done="10-01 20:00", recs=[
    mi("09-21 13:15", "答应小麦10月1号替她上白班，她那天要回老家摆酒", "E", "d"),
    cu("swap", "09-21 13:30", "同事跟我换了班，我答应10月1号替她上白班，连着几个班会不会太累？", "E", "d"),
    ca("swap", "09-21 13:31", "{AD:10-01} 替班前后尽量留出完整的休息时间，前一晚早点睡，班中按时吃饭补水；"
                              "如果连续上班超过三天，记得和护士长沟通调休。", "E", "d"),
    mi("10-01 20:25", "替小麦的白班上完了，国庆第一天ICU也没闲着", app="voice"),
])

EV("exam_signup", "ICU 专科护士培训班报名", "todo", "high", ["work", "training", "headnurse"], et="10-08",
   done="10-08 16:10", recs=[
    mi("09-27 12:30", "护士长推荐我报ICU专科护士培训班，10月8号之前交报名表和科室推荐意见", "E", "d"),
    cu("work", "10-05 09:30", "专科护士培训的报名表里“个人陈述”怎么写？10月8号之前要交，护士长假期后才签推荐意见", "E", "d"),
    ca("work", "10-05 09:31", "个人陈述可以写三段：一、ICU工作年限和擅长的护理操作；二、一次有代表性的抢救或护理案例；"
                              "三、参加培训后想在科里推动的改进。{AD:10-08}截止的话，建议提前一天请护士长签字。", "E", "d"),
    run("work", "10-05 09:35", "整理ICU专科护士培训报名材料清单", "succeeded", 1,
        "需要：报名表、科室推荐意见、护士执业证书复印件、近期免冠照片"),
    mi("10-08 16:20", "专科护士培训报上名了，护士长签字的时候说好好准备", app="voice"),
])

EV("dec_caregiver", "和阿豪商量：先不请住家保姆，黄姨多待两个钟", "decision", "high", ["dad", "caregiver", "brother"],
   et="09-27 21:00", recs=[
    mi("09-27 21:20", "跟阿豪视频商量好了，先不请住家保姆，让黄姨每天多待两个钟，钱我们俩平摊"),
    cu("dad", "09-27 21:35", "我和我弟决定先让钟点工阿姨每天多待两小时照顾我爸，不请住家保姆，这样够吗？"),
    ca("dad", "09-27 21:36", "对于能自理、只有轻度后遗症的老人，白天有人陪护，再加上防跌倒改造，通常够用。建议在卫生间装扶手、"
                             "铺防滑垫，床边放小夜灯，并定期评估是否需要增加照护。"),
])

EV("brother_money", "答应阿豪整理老爸的医药费账单", "commitment", "low", ["brother", "dad", "money"], et="09-30",
   done="10-06 21:00", recs=[
    cu("dad", "09-27 21:40", "答应我弟月底前把老爸这半年的医药费账单整理好发给他，有没有好用的记账模板？", "E", "p"),
    ca("dad", "09-27 21:41", "可以用表格按“日期、项目、金额、医保报销、自付、谁垫付”六列记录，月底汇总后导出PDF发给他，"
                             "双方核对更清楚。", "E", "p"),
    run("dad", "09-27 21:45", "把老爸的医药费票据照片整理成表格", "failed", 3, "识别失败：有6张票据照片太模糊"),
    mi("10-06 21:10", "老爸医药费的账终于理清了，发给阿豪，一人一半"),
])

EV("ppt_crrt", "业务学习 CRRT 的 PPT", "todo", "low", ["work", "training", "headnurse"], et="09-29", done="09-29 17:00", recs=[
    mi("09-24 09:40", "业务学习轮到我讲CRRT管路护理，PPT下周三之前要发给护士长", "E", "d"),
    cu("work", "09-27 15:00", "帮我列个CRRT管路护理的PPT提纲，大概讲二十分钟，后天之前要交", "E", "d"),
    ca("work", "09-27 15:01", "提纲建议：一、CRRT原理与模式；二、管路预冲与连接；三、抗凝与滤器寿命；四、常见报警处理；"
                              "五、并发症观察；六、案例分享。后天交的话，可以先把前三部分写出来。", "E", "d"),
    mi("09-29 17:10", "PPT发给护士长了，她让我加两张报警处理的图", app="voice"),
])

EV("dad_fall", "老爸在卫生间滑倒", "event", "high", ["dad", "fall"], et="09-28 07:10", recs=[
    mi("09-28 08:05", "隔壁何婆婆打电话，老爸早上7点左右在卫生间滑倒了，我现在赶过去", "E", "m-10", app="voice"),
    mi("09-28 08:14", "早上7点10分老爸摔倒，何婆婆先发现的，叫她别扶他起来", "E", "m"),
    cu("dad", "09-28 09:20", "我爸今天早上7:10在卫生间摔了一跤，右边髋部痛但是能走，要不要马上去拍片？", "E", "m"),
    ca("dad", "09-28 09:21", "老人跌倒后髋部疼痛，即使能行走也建议尽快到医院拍片，排除股骨颈骨折。去医院前减少负重，"
                             "留意有没有头晕、呕吐等头部受伤的表现。"),
    mi("09-28 13:40", "拍了片，没有骨折，软组织挫伤，医生说先卧床休息"),
    mi("09-28 14:05", "阿爸今朝跌親，好彩冇骨折，醫生話要休息", app="voice", tw=True),
    mi("10-02 09:00", "这周二老爸摔的那一跤，淤青基本退了", "E", "d"),
])

EV("rehab_0928", "老爸康复理疗（9/28，取消）", "event", "low", ["dad", "rehab"], status="cancelled",
   sup=[("09-28 15:00", "cancelled", "09-28 11:30")], recs=[
    mi("09-28 11:35", "打给康复中心，今天下午3点的康复课取消了，先养伤", "S0", "m"),
])

EV("dec_rehab_pause", "和康复师商量：康复先停一个礼拜", "decision", "low", ["dad", "rehab"], et="09-28 11:20", recs=[
    mi("09-28 11:50", "跟康复师商量好了，老爸的康复先停一个礼拜，等不痛了再慢慢加量", app="voice"),
])

EV("night_0928", "夜班（9/28 晚）", "event", "low", ["shift"], et="09-28 20:00", recs=[
    mi("09-28 17:30", "老爸那边黄姨守着，今晚8点的夜班还是得去，找不到人替", "E", "m", app="voice"),
])

EV("cme_credits", "继续教育学分刷满", "todo", "high", ["work", "cme"], et="09-30", done="09-29 23:30", recs=[
    mi("09-20 07:40", "继续教育学分截止到9月30号，还差6分没刷", "E", "d"),
    cu("cme", "09-23 10:00", "继续教育的线上课能不能倍速刷？截止到这个月底还差6学分", "E", "p"),
    ca("cme", "09-23 10:01", "多数继续教育平台限制倍速，或者要求完成随堂测验，建议固定每天刷一两门；离截止还有一周左右，"
                             "6学分分几天完成压力不大。"),
    mi("09-28 19:10", "继续教育还差两分，月底前必须刷完", "E", "p", app="voice"),
    mi("09-29 23:42", "夜班间隙把继续教育最后两分刷完了，证书截图存好了"),
])

EV("quality_check", "护理部质控检查", "event", "high", ["work", "quality", "headnurse"], et="10-08 09:00",
   status="rescheduled", sup=[("09-29 09:00", "rescheduled", "09-28 22:40")], recs=[
    mi("09-22 19:30", "护士长说护理部9月29号上午9点来ICU查质控，交接班记录和护理文书都要查", "S0", "m"),
    cu("work", "09-26 15:10", "护理质控检查一般重点看什么？我们科下周三上午9点被查", "S0", "m"),
    ca("work", "09-26 15:11", "护理质控常查：1）护理文书是否完整及时；2）交接班记录；3）高危药品管理；4）压疮、跌倒、"
                              "管路滑脱等风险评估；5）手卫生与院感。{A:09-29 09:00}之前建议先自查文书。", "S0", "m"),
    mi("09-28 22:50", "护士长在科室群里说质控检查推迟到10月8号上午9点，总算松口气", "E", "m", app="voice"),
    cu("work", "09-29 09:10", "下夜班了，脑子一团浆糊，还好护士长说质控改到10月8号上午9点，漏签的记录可以慢慢补。"
                              "帮我想想怎么跟老爸解释我要搬过去住近些，他总说不想麻烦我", "E", "m"),
    ca("work", "09-29 09:11", "可以从他的角度说：住近了你下班顺路就能过去，不用每次跨区奔波，反而更省心；再说说你自己的好处，"
                              "比如通勤更短、租金差不多。让他感到是在帮你，而不是你在迁就他。"),
    cu("work", "10-07 21:00", "明天上午9点护理部来查质控，我还能临时抱佛脚看点啥？", "E", "m"),
    ca("work", "10-07 21:01", "{A:10-08 09:00} 检查前可以再核对：交接班记录签名是否齐全、危重患者护理记录是否连续、"
                              "抢救车药品效期和基数。", "E", "m"),
    mi("10-08 11:40", "质控查完了，文书只扣了一分，护士长挺满意"),
], cal=[cal_ref("qc")])

EV("records_fix", "补齐漏签的交接班记录", "todo", "high", ["work", "quality", "headnurse"], et="10-07",
   status="rescheduled", sup=[("09-28", "rescheduled", "09-29 00:15")], done="10-05 03:30", recs=[
    mi("09-22 19:40", "质控前要把漏签的交接班记录补齐，最晚9月28号", "S0", "d"),
    mi("09-29 00:20", "刚看到护士长的微信，漏签的交接班记录10月7号之前补完就行", "E", "d", z=True),
    mi("10-05 03:40", "凌晨三点半趁病人都稳定，把漏签的交接班记录全补完了", "C", "m", app="voice"),
    cu("work", "10-05 09:15", "记录补完了。交接班记录有没有规范的写法，可以做成模板？"),
])

EV("admit_0929", "夜班连收两个新病人", "event", "low", ["icu"], et="09-29 02:00", recs=[
    mi("09-29 02:20", "凌晨两点连收两个新病人，一个车祸一个脑出血，整个科都在跑", "E", "m", app="voice"),
    mi("09-29 08:30", "下夜班。凌晨连收两个，到现在还没喝上一口水", "E", "p"),
])

EV("handover", "海珠旧房验房交钥匙（梁生）", "event", "high", ["move", "liang"], et="10-07 10:00", status="rescheduled",
   sup=[("10-06 10:00", "rescheduled", "10-02 16:00")], recs=[
    mi("09-29 12:50", "跟梁生约好10月6号上午10点回海珠验房交钥匙", "S0", "m"),
    mi("10-02 16:10", "梁生说他那天要回乡下，验房往后挪一天，改到10月7号上午10点", "E", "m", app="voice"),
    cu("move", "10-06 20:00", "明天上午10点回海珠交钥匙，退租验房要注意什么？墙上有几个钉孔会扣钱吗", "E", "m"),
    ca("move", "10-06 20:01", "{AX:10-07 10:00} 验房前建议：钉孔用补墙膏补平或提前跟房东说明，清洁厨卫，抄好水电燃气读数并拍照，"
                              "钥匙和门禁卡清点齐全。小钉孔一般不扣或少扣。", "E", "m"),
    mi("10-07 11:30", "海珠的房子交了，押金扣了两百块墙面修补费，其余当场退了"),
], cal=[cal_ref("handover")])

EV("training_0930", "业务学习：我讲 CRRT", "event", "low", ["work", "training"], et="09-30 15:00", recs=[
    mi("09-29 17:15", "明天下午3点业务学习轮到我讲CRRT，下了夜班先回家睡一觉再去", "E", "m"),
    mi("09-30 16:10", "业务学习讲完了，护士长说讲得清楚，下次让我带新人", app="voice"),
], cal=[cal_ref("train", "09-30 15:00")])

EV("dentist", "洗牙", "event", "low", ["health"], et="09-30 16:30", recs=[
    mi("09-26 12:20", "约了洗牙，9月30号下午4点半，海珠那家口腔诊所", "E", "m"),
    cu("dentist", "09-30 12:30", "下午4:30要去洗牙，刚下夜班能洗吗？会不会很疼", "E", "m"),
    ca("dentist", "09-30 12:31", "下夜班后可以洗牙，但特别疲劳、牙龈敏感时，疼痛感可能更明显。洗之前吃点东西，避免低血糖；"
                                 "洗完之后先别喝太烫或太冰的。"),
    mi("09-30 17:30", "洗完牙了，牙龈有点出血，医生说正常", app="voice"),
])

EV("m_xiaomai", "小麦怀孕了", "mention", "low", ["work", "xiaomai"], recs=[
    mi("09-30 10:00", "小麦怀孕了，科里排班夜班更紧张，压力更大"),
])

EV("brother_arrive", "阿豪回广州帮忙搬家", "event", "low", ["brother", "brother_trip"], et="10-01 10:30",
   status="rescheduled", sup=[("09-30 19:40", "rescheduled", "09-29 12:30")], recs=[
    mi("09-25 21:00", "阿豪订了9月30号晚上7点40到广州南的高铁，回来帮我搬家", "S0", "m"),
    cu("move", "09-29 12:35", "我弟临时要加班，改坐10月1号上午10点半到的车，搬家还来得及吗？", "E", "m"),
    ca("move", "09-29 12:36", "来得及。{A:10-01 10:30}到的话，当天可以先帮忙打包、拆装家具，搬家那天人手就够了。", "E", "m"),
    mi("10-01 11:05", "阿豪到了，直接去了老爸那", app="voice"),
], cal=[cal_ref("brother")])

EV("move_day", "搬家（海珠 → 荔湾龙津西路）", "event", "high", ["move", "movers"], et="10-03", status="rescheduled",
   sup=[("10-02", "rescheduled", "09-30 18:00")], recs=[
    cu("move", "09-26 10:40", "搬家公司报价1200，四个师傅一台车，10月2号早上8点上门，这个价合理吗？", "S0", "m"),
    ca("move", "09-26 10:41", "广州市内一室到两室搬家，一台厢式车加三四个师傅，1000到1500比较常见，1200合理。"
                              "{AD:10-02}正是假期，车辆紧张，建议尽快确认，并问清楼层费和拆装费。", "S0", "d"),
    mi("09-27 20:15", "10月2号搬家，纸箱还差十几个，得去超市要", "S0", "d"),
    run("move", "09-30 17:50", "查台风路径，看搬家要不要改期", "cancelled", 1, "已取消"),
    mi("09-30 18:10", "台风要来，搬家公司说那天不出车，改到10月3号早上8点", "E", "m", app="voice"),
    cu("move", "09-30 18:30", "台风天搬不了，搬家改到大后天了，家具要不要先用保鲜膜包起来？", "E", "d"),
    ca("move", "09-30 18:31", "可以。{AD:10-03}搬的话，布艺沙发和床垫用保鲜膜或防尘袋包好，易碎品单独装箱并标注；"
                              "台风过后地面湿滑，提醒师傅注意防滑。", "E", "d"),
    mi("10-03 07:50", "搬家师傅提前到楼下了，比说好的早了十分钟", app="voice"),
    mi("10-03 18:40", "搬完了！腰快断了，纸箱堆满客厅，阿豪睡沙发"),
    mi("10-05 14:00", "前天搬家请阿豪和师傅们吃了饭，花了四百多", "E", "d", app="voice"),
], cal=[cal_ref("move")])

EV("broadband_book", "预约宽带移机", "todo", "low", ["move", "broadband"], et="09-30", done="10-04 11:00", recs=[
    mi("09-23 12:10", "宽带移机要提前约，最晚9月30号打电话给电信", "E", "d"),
    mi("10-04 11:08", "宽带移机总算约上了，拖了好几天", app="voice"),
])

EV("utilities", "新房水电燃气过户", "todo", "low", ["move", "utilities"], et="10-10", done="10-06 15:00", recs=[
    mi("09-25 16:40", "新房的水电燃气过户下个月初要办好", "E", "p"),
    cu("move", "10-02 15:00", "水电燃气过户可以网上办吗？10月10号前要弄好", "E", "d"),
    ca("move", "10-02 15:01", "广州可以在“粤省事”或各公司的公众号办理过户，准备好租赁合同、房东身份证明和表号。"
                              "{AD:10-10}前办完是够的。", "E", "d"),
    mi("10-06 15:10", "水电燃气在粤省事上都过户好了，比想象中快", app="voice"),
])


# ---- week 3 (10-04 .. 10-10) -------------------------------------------------------------
EV("dad_birthday", "老爸74岁生日饭", "event", "high", ["dad", "birthday"], et="10-09 12:00", status="rescheduled",
   sup=[("10-09 18:30", "rescheduled", "10-07 19:00")], recs=[
    cu("bday", "10-03 21:00", "10月9号晚上6点半给老爸过74岁生日，泮溪酒家和陶陶居哪个更适合老人家？", "S0", "m"),
    ca("bday", "10-03 21:01", "两家都是老字号。泮溪酒家有园林包间，环境安静，适合老人慢慢吃；陶陶居点心出名，但人多嘈杂。"
                              "{A:10-09 18:30}的包间建议尽快订。", "S0", "m"),
    mi("10-05 10:20", "泮溪订好了，10月9号晚上6点半，八人包间", "S0", "m"),
    mi("10-07 19:10", "老爸嫌夜饭吃得太晚会累，生日饭提前到10月9号中午12点，泮溪那边改好了", "E", "m", app="voice"),
    cu("bday", "10-08 21:00", "明天中午给我爸过生日，想说几句祝福的话，帮我写三句简单的，他是老广", "E", "p"),
    ca("bday", "10-08 21:01", "1）阿爸，生日快乐，身体健康，饮茶食饭都开心！2）多谢你一直照顾我哋，以后我住近啲，随时过嚟陪你。"
                              "3）祝你福如东海，寿比南山！"),
    mi("10-09 14:40", "老爸生日饭吃完了，切了蛋糕，他说最开心就是我搬近了"),
], cal=[cal_ref("bday")])

EV("night_1004", "假期夜班（10/4 晚）", "event", "low", ["shift"], et="10-04 20:00", recs=[
    mi("10-04 18:40", "假期还要连上两个夜班，今晚8点第一个", "E", "m", app="voice"),
    cu("misc3", "10-05 08:40", "昨晚的夜班收了个中暑昏迷的，天气这么凉快还中暑，一般是什么原因？", "E", "p"),
    ca("misc3", "10-05 08:41", "天气不热也可能发生劳力性热射病，比如长时间剧烈运动、脱水、饮酒或者服用某些药物的人。"
                               "重症中暑死亡率高，关键是尽早降温和维持器官功能。"),
])

EV("broadband_install", "电信师傅上门装宽带", "event", "low", ["move", "broadband"], et="10-06 14:00", recs=[
    mi("10-04 11:12", "电信师傅１０月６号下午２点上门装宽带", "E", "m"),
    mi("10-06 15:20", "宽带装好了，网速比旧房子快"),
])

EV("rehab_1008", "老爸康复理疗（假期调整到 10/8）", "event", "low", ["dad", "rehab"], et="10-08 09:00",
   status="rescheduled", sup=[("10-05 15:00", "rescheduled", "10-04 09:30")], recs=[
    mi("10-04 09:40", "康复中心假期停诊，老爸的理疗挪到10月8号上午9点，黄姨陪他去", "E", "m"),
    mi("10-08 12:30", "黃姨話阿爸今日做完理療，行路穩咗好多", "E", "d", app="voice", tw=True),
], cal=[cal_ref("rehab", "10-05 15:00")])

EV("dad_promise", "答应老爸下周末去沙面", "commitment", "low", ["dad"], et="10-17", recs=[
    mi("10-04 09:20", "答应老爸下周末带他去沙面走走拍拍照", "E", "p"),
    cu("bday", "10-09 15:00", "老爸下周末想去沙面，他走路还不太稳，轮椅要不要租一个？", "E", "p"),
    ca("bday", "10-09 15:01", "沙面路面平整，但逛下来路程不短。可以租一台折叠轮椅备用，走累了就坐，既安全又不扫兴。"),
])

EV("m_new_area", "新家楼下的肠粉店", "mention", "low", ["new_area"], recs=[
    mi("10-04 13:00", "新家楼下的肠粉店好好吃，老板说做了三十年", app="voice"),
    mi("10-06 09:30", "新屋樓下間腸粉舖真係好正，老闆仲記得我", app="voice", tw=True),
])

EV("dec_exam", "想清楚了：专科护士培训一定要报", "decision", "high", ["work", "training"], et="10-06 09:50", recs=[
    mi("10-06 10:05", "想清楚了，专科护士培训一定要报，不能因为搬家和老爸的事一直往后拖"),
])

EV("housewarming", "新家入伙饭（取消）", "event", "low", ["move", "friends"], status="cancelled",
   sup=[("10-10 18:00", "cancelled", "10-08 21:30")], recs=[
    mi("10-05 11:00", "这周日傍晚6点请科里几个同事来新家入伙，打边炉", "S0", "m"),
    cu("move", "10-06 16:00", "周日请同事来入伙，六七个人打边炉，要准备多少菜？", "S0", "d"),
    ca("move", "10-06 16:01", "六七个人打边炉，按每人肉类约200克、青菜150克、丸滑和豆制品各100克准备，再加两三样主食就够了。"),
    run("move", "10-06 16:05", "生成入伙饭采购清单", "running", None, None),
    mi("10-08 21:40", "入伙饭先不搞了，箱子都还没拆完，过两个礼拜再说", app="voice"),
])

EV("m_brother_job", "阿豪公司在裁员", "mention", "low", ["brother"], recs=[
    cu("misc2", "10-01 22:00", "我弟说他们公司在裁员，他有点慌，我该怎么安慰他？"),
    ca("misc2", "10-01 22:01", "可以先倾听，不急着给建议；帮他一起梳理手头的积蓄和技能，必要时更新简历。也告诉他家里这边你能顶着，"
                               "让他别有太大心理负担。"),
])

# calendar-only events (instances nobody wrote about)
EV("training_0923", "ICU 护理业务学习（9/23）", "event", "low", ["work", "training"], et="09-23 15:00",
   cal=[cal_ref("train", "09-23 15:00")])
EV("rehab_1012", "老爸康复理疗（10/12）", "event", "low", ["dad", "rehab"], et="10-12 15:00",
   cal=[cal_ref("rehab", "10-12 15:00")])


# ====================================================================== noise of u_dev7
NOISE_MI = [
    ("09-20 07:20", "早上地铁8号线挤到怀疑人生", "voice"),
    ("09-21 06:50", "十年前的今天我第一天进护校，时间过得真快", "notes"),
    ("09-21 21:15", "中秋剩的两盒月饼还没吃完，广式莲蓉太甜了", "notes"),
    ("09-22 08:00", "今日天氣好好，落樓飲咗杯豆漿", "voice", True),
    ("09-22 15:30", "想学八段锦，网上说每天练十五分钟就有用", "clipboard"),
    ("09-22 23:50", "夜班第一口咖啡，续命", "voice"),
    ("09-23 00:40", "零点交完一轮治疗，去走廊伸了个懒腰", "voice"),
    ("09-23 13:30", "睡醒了，头好痛，夜班后遗症", "notes"),
    ("09-24 11:30", "体检报告出来了，血红蛋白偏低一点点", "notes"),
    ("09-24 21:00", "周杰伦演唱会又没抢到票，三天打鱼两天晒网地练的吉他也放下了", "voice"),
    ("09-25 22:30", "追的那部港剧更新了，今晚不睡了", "voice"),
    ("09-25 23:00", "琴晚瞓得唔好，成晚發夢", "voice", True),
    ("09-26 07:10", "白班前吃了碗及第粥", "notes"),
    ("09-26 13:10", "科里新来的规培生很机灵，教一遍就会", "notes"),
    ("09-27 16:00", "下午茶点了杯冻柠茶，一点点甜就够", "voice"),
    ("09-27 23:10", "一年有多少个星期？突然想到这个问题", "notes"),
    ("09-29 04:50", "凌晨快五点，监护仪的声音听久了耳鸣", "voice"),
    ("09-29 14:00", "睡到下午两点才醒，饿醒的", "notes"),
    ("09-30 09:30", "天文台挂了台风蓝色预警，阳台的衣服收了", "wechat"),
    ("10-01 07:40", "国庆第一天，地铁空荡荡的", "voice"),
    ("10-01 12:30", "饭堂的节日加餐有烧鹅，难得", "notes"),
    ("10-02 10:00", "台风天在家打包，听了一上午粤剧", "voice"),
    ("10-02 21:00", "打風唔使出街，喺屋企執嘢", "voice", True),
    ("10-03 22:50", "今天走了２３０００步，脚底板着火", "notes"),
    ("10-04 23:40", "假期的夜班果然不太平", "voice"),
    ("10-05 01:10", "凌晨一点还在给新病人抽血", "voice"),
    ("10-05 05:50", "天亮前最难熬，喝了第三杯咖啡", "voice"),
    ("10-05 15:00", "下午补觉被楼下装修吵醒", "notes"),
    ("10-06 12:00", "煲了个西洋菜猪骨汤，味道刚刚好", "notes"),
    ("10-07 08:20", "早上去菜市场买了条鲩鱼，阿姐送了把葱", "voice"),
    ("10-07 16:30", "每周三次力量训练的计划又泡汤了", "notes"),
    ("10-08 18:30", "下班后吃了碗云吞面，老板娘认得我了", "notes"),
    ("10-09 09:00", "早上去花市买了束向日葵", "voice"),
    ("10-10 07:30", "白班，出门前发现下雨了，伞还在旧房子", "voice"),
    ("10-10 13:00", "午饭只有十分钟，扒了几口就被叫走", "notes"),
    ("10-10 20:40", "地铁站贴了通知，下下周开始早班车提前十分钟", "notes"),
]
for item in NOISE_MI:
    mi(item[0], item[1], app=item[2], tw=len(item) > 3)

# chat noise
cu("eng", "09-20 21:00", "“请深呼吸，慢慢吐气”用英语怎么说？")
ca("eng", "09-20 21:01", "Please take a deep breath and breathe out slowly.")
cu("eng", "09-21 21:40", "“我要给您抽血了，会有一点疼”英文怎么讲")
ca("eng", "09-21 21:41", "I'm going to draw some blood now. You'll feel a little pinch.")
cu("eng", "09-25 21:30", "ICU里“镇静评分”英文叫什么？")
ca("eng", "09-25 21:31", "Usually “sedation score”; a common scale is the RASS (Richmond Agitation-Sedation Scale).")
cu("eng", "09-30 20:10", "“家属探视时间到了”怎么说比较礼貌")
ca("eng", "09-30 20:11", "“I'm sorry, visiting hours are over now. You're welcome to come back tomorrow.”")
cu("eng", "10-06 20:30", "pressure injury 和 pressure ulcer 有区别吗？")
ca("eng", "10-06 20:31", "Pressure injury is the newer term (NPIAP, 2016); it includes intact skin stages, while ulcer implies an open wound.")
cu("eng", "10-09 20:50", "帮我纠正一下：The patient feel dizzy since this morning.")
ca("eng", "10-09 20:51", "The patient has been feeling dizzy since this morning.")
cu("icu_q", "09-23 09:20", "多巴胺和去甲肾上腺素在休克里怎么选？")
ca("icu_q", "09-23 09:21", "指南一般首选去甲肾上腺素，多巴胺心律失常风险更高，只在心动过缓等特定情况下考虑。")
cu("food", "09-22 17:50", "上夜班前吃什么比较顶饿又不犯困？")
ca("food", "09-22 17:51", "可以选择优质蛋白加慢消化的碳水，比如鸡蛋、牛奶、杂粮饭或燕麦，少吃油炸和甜食；夜里饿了吃点坚果或酸奶。")
cu("food", "09-22 17:55", "咖啡最晚几点喝不影响下班后睡觉？")
ca("food", "09-22 17:56", "咖啡因半衰期约5到6小时，下班前6小时以后尽量不喝，下班后想睡得好就别再补。")
cu("misc1", "09-24 22:10", "帮我写一段感谢同事帮忙换班的话，要真诚一点")
ca("misc1", "09-24 22:11", "“谢谢你帮我顶班，让我能陪家人去看病。这份情我记着，你有需要随时叫我！”")
cu("song", "09-25 21:50", "推荐几首适合下夜班听的粤语歌")
ca("song", "09-25 21:51", "可以试试陈奕迅《富士山下》、容祖儿《我的骄傲》、张国荣《当年情》、林忆莲《夜太黑》。")
cu("weather", "09-30 09:40:05", "这几天广州会不会刮台风？")
ct("weather", "09-30 09:40:30", {"tool": "weather", "city": "广州", "typhoon_signal": "blue",
                                 "forecast": [{"date": "2027-09-30", "wind": "6级", "rain": "中雨"},
                                              {"date": "2027-10-01", "wind": "8级", "rain": "大雨"},
                                              {"date": "2027-10-02", "wind": "9级", "rain": "暴雨"},
                                              {"date": "2027-10-03", "wind": "4级", "rain": "阵雨"}]})
ca("weather", "09-30 09:41", "受台风影响，广州接下来风雨逐渐加大，风雨最强的时段预计在周末前后，之后逐步减弱。外出注意避开积水路段。")
cu("misc1", "09-30 22:30", "夜班后怎么调整作息比较快？")
ca("misc1", "09-30 22:31", "下班后先避光补觉，不超过4小时；下午适量活动、晒太阳，晚上按平时时间睡，第二天基本就能调回来。")
cu("soup", "10-06 11:00", "西洋菜猪骨汤要煲多久？")
ca("soup", "10-06 11:01", "猪骨先飞水，大火煲开后转小火，大约一个半到两个小时；西洋菜最后四十分钟再放，口感更好。")
ct("misc4", "10-06 17:00:30", {"tool": "train_search", "from": "广州南", "to": "佛山西",
                            "results": [{"train": "C6851", "depart": "2027-10-06T17:40:00+08:00", "price": 15},
                                        {"train": "C6853", "depart": "2027-10-06T18:25:00+08:00", "price": 15}]})
cu("misc4", "10-06 17:00:05", "顺便问问，广州到佛山的城轨要提前买票吗？")
ca("misc4", "10-06 17:01", "广佛城轨一般不用提前太久，工作日随到随买，节假日建议提前一两天在12306上买。")
cu("pay", "10-09 16:00:05", "帮我算一下：这个月8个夜班，每个夜班补贴150，其中2个在法定节假日按三倍算，一共多少？")
ct("pay", "10-09 16:00:40", {"tool": "calculator", "expression": "6*150+2*150*3", "result": 1800})
ca("pay", "10-09 16:01", "6个普通夜班 6×150=900 元，2个节假日夜班 2×150×3=900 元，合计 1800 元（按你说的计算方式）。")
cu("cantonese", "09-27 22:20", "“今晚见”用粤语怎么讲？")
ca("cantonese", "09-27 22:21", "粤语可以说“今晚见”（gam1 maan5 gin3），口语也常说“今晚见啦”。")
cu("misc2", "10-01 21:40", "三天打鱼两天晒网是什么意思？")
ca("misc2", "10-01 21:41", "比喻做事没有恒心，时断时续，不能坚持。")
cu("work", "09-24 11:00", "护士执业证延续注册要准备什么材料？")
ca("work", "09-24 11:01", "通常需要：延续注册申请表、执业证书原件、近期体检证明，以及单位出具的在岗证明，一般在有效期届满前30日内申请。")
cu("dad", "09-22 16:40", "胰岛素笔开封后放冰箱还是常温？")
ca("dad", "09-22 16:41", "未开封的放冷藏，开封使用中的笔常温（不超过30℃）保存即可，一般可用约四周，避免阳光直射。")
cu("move", "10-04 21:30", "新家客厅西晒，窗帘选什么材质遮光好？")
ca("move", "10-04 21:31", "西晒建议选遮光率高的涂层布或双层窗帘（纱帘加遮光布），颜色选浅色外层，能反射一部分热量。")
run("misc4", "10-06 17:02", "查询广州南到佛山西的城轨余票", "succeeded", 1, "C6851 余票充足")
session("misc5", "随手问问")
cu("misc5", "10-08 19:30", "经常上夜班的人怎么补钙和维生素D比较好？")
ca("misc5", "10-08 19:31", "多吃奶制品、豆制品和深绿色蔬菜；休息日白天尽量晒二三十分钟太阳，必要时在医生指导下补充维生素D。")
cu("eng", "10-02 11:30", "“病人今天下午要做CT”英文怎么说？")
ca("eng", "10-02 11:31", "The patient is scheduled for a CT scan this afternoon.")
cu("icu_q", "09-29 13:40", "监护仪报警太多，报警疲劳有什么办法缓解？")
ca("icu_q", "09-29 13:41", "可以按病人个体化设置报警阈值、及时更换电极片、关闭无临床意义的报警，并在交班时复核报警设置。")


# ====================================================================== u_dev7_other (方志远)
OTHER_MI = [
    ("09-20 09:15", "周一例会：亚马逊美国站九月销量环比涨了12%，圣诞季备货要提前锁海运舱位"),
    ("09-21 22:40", "明天上午10点半和东莞工厂视频会，确认圣诞款蓝牙音箱的出货数量和外箱唛头"),
    ("09-22 18:25", "今晚8点TikTok直播彩排，样品灯光和话术卡要提前摆好"),
    ("09-23 03:10", "凌晨三点还在回美国买家的差评邮件，时差真折磨人，退款率要压下去"),
    ("09-24 16:05", "下午4点跟货代开会，美西海运报价又涨了两成，得重新核算毛利"),
    ("09-25 15:00", "礼拜六还要回公司盘点海外仓库存，三个SKU对不上数"),
    ("09-26 21:35", "明天上午9:30亚马逊招商经理来电，准备好店铺绩效和广告数据截图"),
    ("09-27 20:40", "明天早上7点10分的航班飞义乌看小商品市场，五点就得起床打车去宝安机场"),
    ("09-28 23:00", "海关查验推迟到10月8号上午9点，这一柜宠物用品要在盐田港压一周"),
    ("09-29 10:30", "月底前把第四季度备货计划和广告预算表交给老板审批"),
    ("09-30 19:45", "亚马逊秋季大促报名10月8号之前截止，主推款的优惠券要先设好"),
    ("10-01 10:20", "在义乌谈了两家工厂，做宠物饮水机的那家起订量低、价格有优势"),
    ("10-02 12:00", "台风天，东莞仓库那边停工一天，发货全部顺延"),
    ("10-03 09:00", "深圳礼品展第一天，采购商比预想的少，样品册发出去三十几本"),
    ("10-05 08:40", "昨晚熬夜改listing标题和五点描述，转化率还得再观察几天"),
    ("10-06 14:10", "下午2点店铺被抽查审核，营业执照和发票资料都传上去了"),
    ("10-07 10:05", "今天上午10点给供应商的尾款已经安排付款，财务说下午到账"),
    ("10-08 09:10", "海关查验顺利放行，货柜预计下周到美西仓"),
    ("10-09 11:50", "中午12点请美国来的采购客户吃饭，提前到了福田的餐厅"),
    ("10-10 20:00", "这周末复盘：大促报名完成，广告ACOS从38%降到了25%"),
]
for s, text in OTHER_MI:
    mi(s, text, app="notes", user=OTHER)

session("o_pick", "选品分析", OTHER)
session("o_mail", "英文邮件", OTHER)
session("o_promo", "亚马逊大促", OTHER)
session("o_ship", "货代", OTHER)
session("o_live", "直播脚本", OTHER)
session("o_flight", "出差", OTHER)
cu("o_pick", "09-21 10:00", "帮我分析一下宠物饮水机在亚马逊美国站的竞争情况，头部卖家的评分和价格带")
ca("o_pick", "09-21 10:01", "头部几家评分多在4.3到4.6之间，价格带集中在25到40美元；差异化可以从静音水泵、滤芯成本和容量可视化入手。")
cu("o_mail", "09-24 10:30", "帮我写一封催东莞工厂发货的英文邮件，要求10月15号之前出货")
ca("o_mail", "09-24 10:31", "Dear Mr. Chen, could you please confirm that the Christmas order will ship by October 15? "
                            "Our sales window depends on it. Thank you.")
cu("o_promo", "09-30 20:00", "亚马逊秋季大促报名要准备什么？10月8号之前截止")
ca("o_promo", "09-30 20:01", "需要确认参与ASIN的库存深度、历史最低价、星级不低于3.5，并提前设置好Prime专享折扣和优惠券。")
cu("o_ship", "09-24 16:40", "美西海运和空运各自的时效大概多少天？")
ca("o_ship", "09-24 16:41", "美西整柜海运港到港约14到18天，加上清关派送约25到30天；空运约5到8天，成本高出好几倍。")
cu("o_live", "09-22 18:30", "今晚8点的TikTok直播脚本帮我理一下，主推两款蓝牙音箱")
ca("o_live", "09-22 18:31", "开场30秒抛福利，前10分钟讲防水和续航，中段做对比测试，最后10分钟集中逼单，每20分钟重复一次福利。")
cu("o_flight", "09-27 20:50:05", "明天早上7:10从宝安飞义乌，几点出门合适？")
ct("o_flight", "09-27 20:50:40", {"tool": "flight_status", "flight": "ZH9511", "from": "SZX", "to": "YIW",
                                  "scheduled_departure": "2027-09-28T07:10:00+08:00", "status": "on_time"})
ca("o_flight", "09-27 20:51", "国内航班建议提前1.5小时到机场，从福田打车约40分钟，5点20出门比较稳。")
cu("o_promo", "10-08 09:30", "大促的优惠券面额设多少合适？")
ca("o_promo", "10-08 09:31", "一般设在售价的10%到15%，同时留意叠加后不要低于历史最低价，否则可能失去大促资格。")
run("o_pick", "09-21 10:05", "抓取竞品 listing 的价格与评分", "succeeded", 4, "已抓取 48 个竞品")
run("o_promo", "10-01 09:00", "生成第四季度备货表", "failed", 2, "库存接口超时")


# ====================================================================== assemble records
def assign_ids_and_refs():
    for r in ALL:
        if r.src == "mi":
            r.id = seg_id()
            r.ref = f"meinput:segment:{r.id}"
        elif r.src == "chat":
            r.id = short_id("msg_", 12)
            r.ref = f"chat:message:{r.id}"
        else:
            r.id = short_id("run_", 10)
            r.ref = f"chat:run:{r.id}"


ENTITY_NAMES = ["小周", "梁生", "李主任", "小麦", "阿豪", "黄姨", "護士長", "护士长", "何婆婆", "康复师", "黃姨", "阿爸", "老爸"]


def meinput_json(r):
    z = r.kw.get("z")
    if z is None:
        z = RNG.random() < 0.10
    tw = r.kw.get("tw")
    event_rec = getattr(r, "event_id", None) is not None
    o = {"evidence_id": r.id, "user_id": r.user, "type": "expression_segment", "text": r.text,
         "observed_at": iso(r.when, z=z)}
    roll = RNG.random()
    if roll > 0.08:
        o["app"] = r.kw.get("app") or "notes"
    imp = round(RNG.uniform(0.55, 0.92) if event_rec else RNG.uniform(0.05, 0.4), 2)
    roll = RNG.random()
    if roll < 0.07:
        o["importance"] = None
    elif roll < 0.14:
        pass
    else:
        o["importance"] = imp
    if RNG.random() > 0.15:
        o["confidence"] = round(RNG.uniform(0.72, 0.97) if o.get("app") == "voice" else RNG.uniform(0.9, 0.99), 2)
    ents = [{"type": "person", "text": n} for n in ENTITY_NAMES if n in r.text]
    roll = RNG.random()
    if roll < 0.6:
        o["entities"] = ents
    elif roll < 0.7:
        o["entities"] = None
    roll = RNG.random()
    if roll < 0.85:
        o["lang"] = "zh-TW" if tw else "zh-CN"
    elif roll < 0.93:
        o["lang"] = None
    return o


def build():
    assign_ids_and_refs()
    for e in EVENTS:
        for r in e["recs"]:
            r.event_id = e["id"]
    meinput = [meinput_json(r) for r in ALL if r.src == "mi"]
    meinput.sort(key=lambda o: (datetime.fromisoformat(o["observed_at"].replace("Z", "+00:00")), o["evidence_id"]))
    chat = {}
    for user in (MAIN, OTHER):
        sessions, messages, runs = [], [], []
        for key, s in SESSIONS.items():
            if s["user"] != user:
                continue
            ms = sorted(s["msgs"], key=lambda r: r.when)
            if not ms:
                continue
            start = ms[0].when - timedelta(seconds=RNG.randint(5, 40))
            end = ms[-1].when
            sessions.append({"session_id": s["id"], "title": s["title"], "created_at": iso(start),
                             "last_active_at": iso(end)})
            for r in ms:
                z = r.kw.get("z")
                if z is None:
                    z = RNG.random() < 0.05
                messages.append({"message_id": r.id, "session_id": s["id"], "role": r.kw["role"],
                                 "content": r.text, "created_at": iso(r.when, z=z)})
            for r in s["runs"]:
                fin = None if r.kw["status"] == "running" else iso(r.when + timedelta(minutes=r.kw["minutes"],
                                                                                          seconds=RNG.randint(1, 50)))
                runs.append({"run_id": r.id, "session_id": s["id"], "task": r.text, "status": r.kw["status"],
                             "started_at": iso(r.when), "finished_at": fin, "summary": r.kw["summary"]})
        sessions.sort(key=lambda x: (x["created_at"], x["session_id"]))
        messages.sort(key=lambda x: (datetime.fromisoformat(x["created_at"].replace("Z", "+00:00")), x["message_id"]))
        runs.sort(key=lambda x: (x["started_at"], x["run_id"]))
        chat[user] = {"sessions": sessions, "messages": messages, "runs": runs}
    calendar = {MAIN: {"name": "阿欣", "timezone": "Asia/Shanghai", "events": CAL[MAIN]},
                OTHER: {"name": "方志远", "timezone": "Asia/Shanghai", "events": CAL[OTHER]}}
    events = [event_json(e) for e in EVENTS]
    return meinput, chat, calendar, events


# ------------------------------------------------------------------ ground truth
def anchors_of(e):
    a = {}
    if e["et"]:
        a["event_time"] = anchor(e["et"])
    if e["done"]:
        a["completed_at"] = (T(e["done"]), "minute")
    for i, (t, _, _) in enumerate(e["sup"]):
        a[f"superseded:{i}"] = anchor(t)
    return a


CLAIM_KEY = {"E": "event_time", "C": "completed_at", "S0": "superseded:0"}


def event_json(e):
    anc = anchors_of(e)
    recs = [r for r in e["recs"]]
    record_times, precise, dayset = {}, {}, {}
    for r in recs:
        if r.claim is None:
            continue
        key = CLAIM_KEY[r.claim]
        record_times[r.ref] = key
        a, grain = anc[key]
        g = r.g.split("-")[0].split("+")[0]
        if grain == "minute" and g in ("m", "a"):
            # m = the clock time named is the anchor; m-10 / m+10 = ten minutes before / after it; a = 刚才
            off = int(r.g[1:]) if g == "m" and len(r.g) > 1 else 0
            point = a + timedelta(minutes=off) if g == "m" else r.when
            if abs(point - a) <= Q15:
                precise.setdefault(key, []).append(r.ref)
        elif g == "d":
            dayset.setdefault(key, []).append(r.ref)
    for ref in e["cal"]:
        st, allday = cal_start(ref)
        key = next(k for k, (a, _) in anc.items() if a == st)
        (dayset if allday else precise).setdefault(key, []).append(ref)
    refs = [r.ref for r in recs] + list(e["cal"])
    nc = [r.when for r in recs]
    first = min(nc) if nc else None
    et = anc.get("event_time")
    return {
        "id": e["id"], "title": e["title"], "kind": e["kind"], "importance": e["imp"], "topics": e["topics"],
        "event_time": iso(et[0]) if et else None, "event_time_grain": et[1] if et else None,
        "status": e["status"],
        "superseded": [{"time": iso(anchor(t)[0]), "grain": anchor(t)[1], "reason": why,
                        "changed_at": iso(T(ch))} for t, why, ch in e["sup"]],
        "completed_at": iso(T(e["done"])) if e["done"] else None,
        "records": refs, "calendar_only": not recs,
        "first_observed_at": iso(first), "time_known_at": iso(time_known(e)),
        "record_times": record_times,
        "dedupe_sets": [sorted(v) for v in precise.values() if len(v) >= 2],
        "dedupe_sets_day": [sorted(v) for v in dayset.values() if len(v) >= 2],
    }


def time_known(e):
    """When MeInput/chat first made the event's effective time known (for a rescheduled event: the first
    record naming the new time)."""
    if not e["et"] or not e["recs"]:
        return None
    if not e["sup"]:
        return min(r.when for r in e["recs"])
    ok = [r.when for r in e["recs"] if r.claim == "E"]
    return min(ok) if ok else None


# ------------------------------------------------------------------ labelling
class Truth:
    def __init__(self, e):
        self.e = e
        self.id, self.kind, self.imp, self.topics = e["id"], e["kind"], e["imp"], set(e["topics"])
        self.et, self.grain = anchor(e["et"]) if e["et"] else (None, None)
        self.done = T(e["done"]) if e["done"] else None
        self.old = [anchor(t) for t, _, _ in e["sup"]]
        self.recs = [(r.when, r.role, r.src, r.text) for r in e["recs"] if r.src != "run"] + \
                    [(r.when, "run", "chat", r.text) for r in e["recs"] if r.src == "run"]
        self.tk = time_known(e)
        self.first = min((r[0] for r in self.recs), default=None)

    def iv(self):
        if self.et is None:
            return None
        return self.et, self.et + (DAY if self.grain == "day" else MIN1)


def ov(iv, R):
    return iv is not None and iv[0] < R[1] and iv[1] > R[0]


def within(t, R):
    return t is not None and R[0] <= t < R[1]


def label_query(q, truth, R, W, now):
    spec, mode = q["spec"], q["mode_hint"]

    def known(t):
        return any(r[0] <= now for r in t.recs)

    def tk(t):
        return t.tk is not None and t.tk <= now

    def done_by(t):
        return t.done is not None and t.done <= now and any(t.done - timedelta(minutes=10) <= r[0] <= now
                                                            for r in t.recs)

    def occurred(t):
        if t.kind in ("event", "decision"):
            iv = t.iv()
            return iv is not None and ov(iv, R) and iv[0] <= now and tk(t)
        if t.kind in ("todo", "commitment") and t.done is not None:
            return within(t.done, R) and done_by(t)
        return False

    def mentioned(t):
        src = {"mi": "mi", "chat": "chat"}.get(spec.get("source"))
        return any(r[1] == "user" and r[0] <= now and within(r[0], R)
                   and (src is None or (r[2] == src))
                   and (not spec.get("text_re") or re.search(spec["text_re"], r[3])) for r in t.recs)

    def planned(t):
        iv = t.iv()
        return t.kind == "event" and ov(iv, R) and t.first is not None and t.first < iv[0] and tk(t)

    def created(t):
        return t.kind in ("decision", "commitment", "todo") and within(t.first, R) and t.first <= now

    def due(t):
        return t.kind in ("todo", "commitment") and ov(t.iv(), R) and known(t) and not done_by(t)

    def ambiguous(t):
        done_before = t.done is not None and t.done < R[0] and done_by(t)
        return occurred(t) or mentioned(t) or (ov(t.iv(), R) and tk(t) and not done_before)

    rule = {"OCCURRED_IN": occurred, "MENTIONED_IN": mentioned, "PLANNED_IN": planned, "CREATED_IN": created,
            "DUE_IN": due, "AMBIGUOUS": ambiguous}[mode]
    topics = set(spec.get("topics") or [])
    tolerated = topics | set(spec.get("allow_topics") or [])

    def passes(t):
        return ((not spec.get("kinds") or t.kind in spec["kinds"])
                and (not spec.get("importance") or t.imp == spec["importance"])
                and (not topics or bool(topics & t.topics)))

    def touches(t, win):
        return (ov(t.iv(), win) or any(ov((x, x + (DAY if g == "day" else MIN1)), win) for x, g in t.old)
                or within(t.done, win) or any(within(r[0], win) for r in t.recs))

    must = [t for t in truth if t.recs and rule(t) and passes(t)]
    ids = [t.id for t in must]
    must_not = [t.id for t in truth if not touches(t, W)]
    allowed = [t.id for t in truth if t.id not in ids and touches(t, W)
               and (not topics or bool(tolerated & t.topics))]
    key = {"OCCURRED_IN": "occurred", "MENTIONED_IN": "mentioned", "PLANNED_IN": "planned",
           "CREATED_IN": "created", "DUE_IN": "due"}
    groups = {}
    for t in must:
        if mode in key:
            groups[t.id] = key[mode]
        elif t.kind in ("event", "decision") and ov(t.iv(), R) and t.iv()[0] <= now:
            groups[t.id] = "occurred"
        elif t.et is None or (not ov(t.iv(), W) and not within(t.done, W)):
            groups[t.id] = "mentioned"
    return ids, must_not, allowed, groups


# ------------------------------------------------------------------ query ranges (time-conventions.md)
def ranges(name, arg, now):
    """-> (range, range_wide) for a range name; the narrow range is the conventions' reading, the wide one
    the generous reading where one is arguable (README)."""
    today, mon = day0(now), week0(now)
    if name == "today":
        R = (today, today + DAY)
        return R, R
    if name == "yesterday":
        R = (today - DAY, today)
        return R, R
    if name == "day_before":
        R = (today - 2 * DAY, today - DAY)
        return R, R
    if name == "tomorrow":
        R = (today + DAY, today + 2 * DAY)
        return R, R
    if name == "day_after":
        R = (today + 2 * DAY, today + 3 * DAY)
        return R, R
    if name == "last_night":
        return (today - 6 * HOUR, today), (today - 7 * HOUR, today + 4 * HOUR)
    if name == "this_morning":
        return (today + 6 * HOUR, today + 12 * HOUR), (today, today + 13 * HOUR)
    if name in ("this_week", "last_week", "next_week"):
        off = {"this_week": 0, "last_week": -7, "next_week": 7}[name]
        R = (mon + timedelta(days=off), mon + timedelta(days=off + 7))
        return R, R
    if name == "this_weekend":
        R = (mon + 5 * DAY, mon + 7 * DAY)
        return R, R
    if name == "last_weekend":
        R = (mon - 2 * DAY, mon)
        return R, R
    if name == "weekday":                     # arg = (week offset, weekday 0..6)
        d = mon + timedelta(days=7 * arg[0] + arg[1])
        R = (d, d + DAY)
        return R, R
    if name == "weekday_future":              # bare 周X in a question about the future
        d = mon + timedelta(days=arg)
        if d + DAY <= now:
            d += 7 * DAY
        R = (d, d + DAY)
        return R, R
    if name == "weekday_part":                # arg = (weekday, h0, h1), bare 周X + part, future question
        d = mon + timedelta(days=arg[0])
        if d + DAY <= now:
            d += 7 * DAY
        R = (d + timedelta(hours=arg[1]), d + timedelta(hours=arg[2]))
        return R, R
    if name == "date":
        d = Dd(arg)
        R = (d, d + DAY)
        return R, R
    if name == "before_weekday":              # arg = (week offset, weekday); X之前 = [now, end of X)
        d = mon + timedelta(days=7 * arg[0] + arg[1])
        return (now, d + DAY), (mon, d + DAY)
    if name == "before_weekday_bare":         # bare 周X之前 on a day when this week's X is over: next week's
        d = mon + timedelta(days=arg)
        if d + DAY <= now:
            d += 7 * DAY
        return (now, d + DAY), (mon, d + DAY)
    if name == "before_date":
        d = Dd(arg)
        return (now, d + DAY), (mon, d + DAY)
    if name == "deadline_weekday":            # 截止到这周X: the listed part (这周X) is that day
        d = mon + timedelta(days=7 * arg[0] + arg[1])
        return (d, d + DAY), (mon, d + DAY)
    if name == "before_month_end":
        return (now, month0(now, 1)), (month0(now), month0(now, 1))
    if name == "recentN":
        R = (today - timedelta(days=arg - 1), today + DAY)
        return R, (day0(min(R[0], now - timedelta(hours=24 * arg))), today + DAY)
    if name == "recent":
        return (today - 6 * DAY, today + DAY), (today - 3650 * DAY, today + DAY)
    if name == "these_two_days":
        R = (today - DAY, today + DAY)
        return R, R
    if name in ("this_month", "last_month"):
        add = 0 if name == "this_month" else -1
        R = (month0(now, add), month0(now, add + 1))
        return R, R
    if name == "holiday":                     # 国庆 = Oct 1, one day, nearest occurrence
        d = datetime(now.year, 10, 1, tzinfo=TZ)
        R = (d, d + DAY)
        return R, R
    if name == "since_holiday":
        d = datetime(now.year, 10, 1, tzinfo=TZ)
        return (d, now), (d, today + DAY)
    if name == "all":                         # no time word: the last 30 days up to now (api.md)
        return (now - 30 * DAY, now), (today - 3650 * DAY, today + 3650 * DAY)
    raise ValueError(name)


# ------------------------------------------------------------------ queries
N = {
    "A": "09-22 21:30", "B": "09-23 09:30", "C": "09-26 22:00", "D": "09-27 08:30", "E": "09-29 09:00",
    "F": "10-01 21:00", "G": "10-03 21:30", "H": "10-05 08:30", "I": "10-07 14:00", "K": "10-08 07:30",
    "J": "10-10 21:30",
}

Q = []


def q(now, text, mode, rng, arg=None, **flt):
    Q.append((now, text, mode, rng, arg, flt))


OI, MI, PI, CI, DI, AM = "OCCURRED_IN", "MENTIONED_IN", "PLANNED_IN", "CREATED_IN", "DUE_IN", "AMBIGUOUS"
# ---- OCCURRED_IN
q("J", "昨天我都干了啥？", OI, "yesterday")
q("A", "今天做了哪些事？", OI, "today")
q("B", "昨晚我干嘛了？", OI, "last_night")
q("E", "前天我都忙了些啥？", OI, "day_before")
q("D", "上个周末我都忙了些什么？", OI, "last_weekend")
q("J", "国庆那天我在干嘛？", OI, "holiday")
q("H", "上周三我做了什么？", OI, "weekday", (-1, 2))
q("I", "这周到现在做了哪些事情？", OI, "this_week")
q("H", "上周我做了哪些重要的事？", OI, "last_week", importance="high")
q("G", "这个周末我都干了些什么？", OI, "this_weekend")
q("I", "今天上午我都干了什么？", OI, "this_morning")
q("J", "9月28号那天发生了什么？", OI, "date", "09-28")
q("J", "最近三天我都做了什么？", OI, "recentN", 3)
q("C", "上个月我都忙了些什么？", OI, "last_month")
# ---- MENTIONED_IN
q("E", "我昨天说过要做什么？", MI, "yesterday", kinds=["todo", "commitment"])
q("A", "今天都记了些什么？", MI, "today", source="mi")
q("D", "上周我在聊天里跟助手聊过哪些跟搬家有关的？", MI, "last_week", source="chat", topics=["move"])
q("I", "今天上午都记了什么？", MI, "this_morning", source="mi")
q("E", "最近三天我提过的要紧事有哪些？", MI, "recentN", 3, importance="high")
q("H", "上周三我在 MeInput 里记了啥？", MI, "weekday", (-1, 2), source="mi")
q("C", "前天和助手都聊过什么？", MI, "day_before", source="chat")
q("J", "我用 MeInput 记过哪些跟老爸康复有关的？", MI, "all", source="mi", topics=["rehab"], text_re="康复|理疗|理療")
q("E", "昨晚我记了什么？", MI, "last_night", source="mi")
q("B", "昨天晚上我都记了些啥？", MI, "last_night", source="mi")
q("G", "这两天我都说过些什么？", MI, "these_two_days")
q("H", "上周我提过哪些跟老爸有关的事？", MI, "last_week", topics=["dad"], allow_topics=["dad_near"])
q("J", "这个月我说起过阿豪的哪些事？", MI, "this_month", topics=["brother"])
q("J", "9月28号那天我都说了什么？", MI, "date", "09-28")
q("I", "我今天记了哪些东西？", MI, "today", source="mi")
q("J", "昨天傍晚我记了什么？", MI, "yesterday", source="mi")
# ---- PLANNED_IN
q("D", "今天都有啥安排？", PI, "today")
q("I", "明天有什么行程？", PI, "tomorrow")
q("C", "下周都有哪些安排？", PI, "next_week")
q("H", "这周都安排了些什么？", PI, "this_week")
q("K", "今天上午有哪些安排？", PI, "this_morning")
q("E", "周四下午有什么安排？", PI, "weekday_part", (3, 12, 18))
q("F", "这个周末有什么安排？", PI, "this_weekend")
q("H", "后天都要干嘛？", PI, "day_after")
q("C", "下周一有什么安排？", PI, "weekday", (1, 0))
q("K", "周六有什么安排？", PI, "weekday_future", 5)
q("C", "下周四有什么安排？", PI, "weekday", (1, 3))
q("E", "昨天有什么安排来着？", PI, "yesterday")
q("J", "9月25号有什么安排来着？", PI, "date", "09-25")
q("B", "明天有什么安排？", PI, "tomorrow")
# ---- CREATED_IN
q("C", "这周都定下了什么？", CI, "this_week", kinds=["decision"])
q("E", "最近定下来的事有哪些？", CI, "recent", kinds=["decision"])
q("C", "这周我都答应了别人哪些事？", CI, "this_week", kinds=["commitment"])
q("J", "国庆以来我答应过哪些事？", CI, "since_holiday", kinds=["commitment"])
q("D", "上周记了哪些待办？", CI, "last_week", kinds=["todo", "commitment"])
q("J", "上个月定了哪些事？", CI, "last_month", kinds=["decision"])
q("C", "昨天新记了什么待办？", CI, "yesterday", kinds=["todo", "commitment"])
q("I", "这周定了哪些事？", CI, "this_week", kinds=["decision"])
# ---- DUE_IN
q("A", "这周五之前要交什么？", DI, "before_weekday", (0, 4))
q("D", "后天有什么要交的？", DI, "day_after")
q("C", "下周三之前要交什么？", DI, "before_weekday", (1, 2))
q("D", "月底之前有哪些事要搞定？", DI, "before_month_end")
q("E", "这周都有什么要交的？", DI, "this_week")
q("G", "下周有哪些东西要交？", DI, "next_week")
q("H", "10月8号之前要交的东西有哪些？", DI, "before_date", "10-08")
q("E", "今天有什么要交的吗？", DI, "today")
q("I", "截止到这周五，还有哪些没交？", DI, "deadline_weekday", (0, 4))
q("H", "这几天还有什么该交没交的？", DI, "all")
q("G", "周五之前要把什么弄完？", DI, "before_weekday_bare", 4)
# ---- AMBIGUOUS
q("E", "我昨天有什么重要的事？", AM, "yesterday", importance="high")
q("K", "今天有哪些要紧的事？", AM, "today", importance="high")
q("C", "这周我有哪些重要的事？", AM, "this_week", importance="high")
q("H", "上周有什么重要的事吗？", AM, "last_week", importance="high")
q("I", "最近三天有什么需要注意的？", AM, "recentN", 3, importance="high")
q("I", "老爸生日饭定了吗？", AM, "all", topics=["birthday"])
q("F", "搬家公司那边搞定了吗？", AM, "all", topics=["movers"], allow_topics=["move"])
q("I", "这周跟护士长那边有什么进展？", AM, "this_week", topics=["headnurse"])
q("F", "阿豪什么时候到广州？", AM, "all", topics=["brother_trip"], allow_topics=["brother"])
q("K", "这个月都有哪些重要的事情？", AM, "this_month", importance="high")
q("H", "上周三有什么事？", AM, "weekday", (-1, 2))
q("D", "今天我要注意些什么？", AM, "today", importance="high")
q("C", "3床那个病人后来怎么样了？", AM, "all", topics=["rescue"], allow_topics=["icu"])
q("F", "最近小麦怎么样？", AM, "recent", topics=["xiaomai"])
q("E", "这几天老爸怎么样了？", AM, "all", topics=["dad"], allow_topics=["dad_near"])
q("E", "李主任上次复诊怎么说的？", AM, "all", topics=["neuro"], allow_topics=["dad"])
q("I", "梁生那边怎么说？", AM, "all", topics=["liang"], allow_topics=["move"])

SKIP = [
    ("D", "“明天见”用粤语怎么讲？"),
    ("E", "把‘明天上午交班’翻译成英文"),
    ("F", "ICU护士一般几年能考主管护师？"),
    ("G", "帮我写一段感谢同事帮忙换班的话"),
    ("H", "周杰伦的《晴天》是哪一年的歌？"),
    ("I", "夜班之后怎么调整作息比较好？"),
    ("J", "三天打鱼两天晒网是什么意思？"),
    ("K", "把“我们周五之前给您答复”改得更委婉一点"),
    ("C", "广州搬家一般要请几个师傅？"),
    ("A", "“每周三次康复训练”用英文怎么说？"),
]


def build_queries():
    truth = [Truth(e) for e in EVENTS]
    out = []
    prefix = {OI: "o", MI: "m", PI: "p", CI: "c", DI: "d", AM: "a"}
    count = {}
    for now_key, text, mode, rng, arg, flt in Q:
        now = T(N[now_key])
        R, W = ranges(rng, arg, now)
        spec = {"range": rng}
        if arg is not None:
            spec["arg"] = list(arg) if isinstance(arg, tuple) else arg
        for k in ("importance", "kinds", "topics", "allow_topics", "source", "text_re"):
            if k in flt:
                spec[k] = flt[k]
        qq = {"query": text, "now": iso(now), "mode_hint": mode, "spec": spec}
        must, must_not, allowed, groups = label_query(qq, truth, R, W, now)
        count[mode] = count.get(mode, 0) + 1
        out.append({"id": f"{prefix[mode]}{count[mode]:02d}", "query": text, "now": iso(now), "mode_hint": mode,
                    "must": must, "must_not": must_not, "allowed": allowed, "groups": groups,
                    "range": {"start": iso(R[0]), "end": iso(R[1])},
                    "range_wide": {"start": iso(W[0]), "end": iso(W[1])},
                    "expect_skip": False, "spec": spec})
    for i, (now_key, text) in enumerate(SKIP, 1):
        out.append({"id": f"s{i:02d}", "query": text, "now": iso(T(N[now_key])), "mode_hint": None,
                    "expect_skip": True, "must": [], "must_not": [], "allowed": [], "groups": {}, "spec": {}})
    return out


# ------------------------------------------------------------------ main
def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(HERE, "data.json"))
    args = ap.parse_args()
    meinput, chat, calendar, events = build()
    queries = build_queries()
    data = {
        "meta": {
            "name": "temporal-recall dev7 (independent set: ICU nurse on rotating shifts, 广州)",
            "generator": "gen7.py", "seed": SEED, "main_user": MAIN, "timezone": "Asia/Shanghai",
            "period": {"start": iso(PERIOD_START), "end": iso(PERIOD_END)},
            "notes": ("events and queries describe u_dev7 only; every u_dev7_other record is a leak if shown for "
                      "u_dev7. event_time_grain=day means the whole calendar day of event_time (deadlines, all-day "
                      "items). Calendar refs: calendar:event:<UID> or calendar:event:<UID>:<RECURRENCE-ID> "
                      "(YYYYMMDDTHHMMSS, Asia/Shanghai) for instances of recurring events. MeInput lang zh-TW marks "
                      "Cantonese voice input in Traditional script."),
        },
        "users": [
            {"user_id": MAIN, "timezone": "Asia/Shanghai",
             "persona": "陈嘉欣（阿欣），广州穗华医院 ICU 护士，白班/夜班轮转；照顾住在荔湾的老爸（中风后康复），"
                        "国庆前后从海珠搬到荔湾"},
            {"user_id": OTHER, "timezone": "Asia/Shanghai", "persona": "方志远，深圳跨境电商运营（亚马逊、TikTok 直播）"},
        ],
        "meinput": meinput, "chat": chat, "calendar": calendar, "events": events, "queries": queries,
    }
    raw = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        f.write(raw)
    print(f"wrote {args.out}: {len(meinput)} segments, "
          f"{sum(len(c['messages']) for c in chat.values())} messages, {len(events)} events, {len(queries)} queries")


if __name__ == "__main__":
    main()
