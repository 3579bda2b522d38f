#!/usr/bin/env python3
"""dev5: an independent labelled evaluation set for the zh-CN Temporal Recall service.

    python3 gen5.py            # writes data.json next to this file (deterministic, seed 20270111)

Persona: 陈立华, owner of 陈记面馆 (a small noodle restaurant in Hangzhou), who also looks after
his father (78, heart condition) and his daughter 桐桐 (初二). Period 2027-01-11 (Mon) to
2027-01-31 (Sun), Asia/Shanghai, the run-up to Spring Festival.

Same data format as shared/dev-eval/data.json. Python 3.11 standard library only.
Every record of an event declares which anchor of the event its time words name (`claim`) and
the finest grain of those words (`g`); dedupe sets and labels are computed from that ground truth
and the labelling rules of shared/dev-eval/README.md (ranges per shared/time-conventions.md).
"""
import json
import os
import random
from datetime import datetime, timedelta, timezone

SEED = 20270111
HERE = os.path.dirname(os.path.abspath(__file__))
TZ = timezone(timedelta(hours=8))
UTC = timezone.utc
DAY = timedelta(days=1)
MIN1 = timedelta(minutes=1)
Q15 = timedelta(minutes=15)
FAR = timedelta(days=3650)
YEAR = 2027
MAIN, OTHER = "u_chen", "u_lin"
P0 = datetime(2027, 1, 11, tzinfo=TZ)
P1 = datetime(2027, 2, 1, tzinfo=TZ)

rng = random.Random(SEED)            # ids, seconds, reply delays
WIRE = random.Random(SEED + 7)       # wire-level choices (Z times, optional fields)


def T(s):
    """'01-13 09:00' (year 2027, +08:00) -> datetime."""
    return datetime.strptime(f"{YEAR}-{s}", "%Y-%m-%d %H:%M").replace(tzinfo=TZ)


def D(s):
    return datetime.strptime(f"{YEAR}-{s}", "%Y-%m-%d").replace(tzinfo=TZ)


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


def rid(prefix, n, alphabet="0123456789abcdefghjkmnpqrstvwxyz"):
    return prefix + "".join(rng.choice(alphabet) for _ in range(n))


USED_IDS = set()


def new_id(prefix, n, alphabet="0123456789abcdefghjkmnpqrstvwxyz"):
    while True:
        x = rid(prefix, n, alphabet)
        if x not in USED_IDS:
            USED_IDS.add(x)
            return x


# ================================================================ records
class Rec:
    """One MeInput segment, chat message or agent run.

    claim: which anchor of its event the record's time words name ('event_time', 'completed_at',
    'superseded:0') or None (no time words at all); g: the finest grain of those words
    ('minute', 'ago' (刚刚/刚才), 'part', 'day', 'week', 'month'); off: minutes between the named
    clock time and the anchor (a mention a little off the real time)."""

    def __init__(self, src, user, obs, text, role="user", claim=None, g=None, off=0, sess=None, app=None,
                 extra=None):
        self.src, self.user, self.obs, self.text, self.role = src, user, obs, text, role
        self.claim, self.g, self.off, self.sess, self.app = claim, g, off, sess, app
        self.extra = extra or {}
        self.event = None
        if src == "mi":
            self.id = new_id("seg_", 26, "0123456789ABCDEFGHJKMNPQRSTVWXYZ")
            self.ref = f"meinput:segment:{self.id}"
        elif src == "msg":
            self.id = new_id("msg_", 12)
            self.ref = f"chat:message:{self.id}"
        else:
            self.id = new_id("run_", 10)
            self.ref = f"chat:run:{self.id}"
        if claim is not None and g is None:
            raise ValueError(f"claim without grain: {text}")
        RECS.append(self)


RECS = []
SESSIONS = []


def sec(t, lo=3, hi=57):
    return t + timedelta(seconds=rng.randint(lo, hi))


def mi(when, text, claim=None, g=None, off=0, user=MAIN, app=None):
    return Rec("mi", user, sec(T(when)), text, "user", claim, g, off, app=app)


class Sess:
    def __init__(self, title, user=MAIN):
        self.id = new_id("sess_", 10)
        self.title, self.user = title, user
        self.msgs, self.runs = [], []
        SESSIONS.append(self)

    def u(self, when, text, claim=None, g=None, off=0):
        r = Rec("msg", self.user, sec(T(when)), text, "user", claim, g, off, sess=self)
        self.msgs.append(r)
        return r

    def a(self, text, claim=None, g=None, off=0, delay=(25, 95)):
        prev = self.msgs[-1].obs
        r = Rec("msg", self.user, prev + timedelta(seconds=rng.randint(*delay)), text, "assistant", claim, g, off,
                sess=self)
        self.msgs.append(r)
        return r

    def tool(self, obj, delay=(2, 9)):
        prev = self.msgs[-1].obs
        r = Rec("msg", self.user, prev + timedelta(seconds=rng.randint(*delay)),
                json.dumps(obj, ensure_ascii=False), "tool", sess=self)
        self.msgs.append(r)
        return r

    def run(self, when, task, status, minutes, summary):
        st = sec(T(when))
        fin = None if status == "running" else st + timedelta(minutes=minutes, seconds=rng.randint(0, 50))
        r = Rec("run", self.user, st, task, "run", sess=self,
                extra={"status": status, "finished": fin, "summary": summary})
        self.runs.append(r)
        return r


# ================================================================ calendar
class VEvent:
    def __init__(self, user, summary, start, end, all_day=False, form="tzid", rrule=None, exdates=(),
                 location=None, description=None, status="CONFIRMED", created=None, overrides=()):
        self.user, self.summary = user, summary
        self.start, self.end, self.all_day, self.form = start, end, all_day, form
        self.rrule, self.exdates, self.location, self.description = rrule, list(exdates), location, description
        self.status, self.overrides = status, list(overrides)
        self.created = created
        self.uid = "-".join(new_id("", n, "0123456789abcdef") for n in (8, 4, 4, 4, 12)) + "@cal.chenji-mian.example"
        VEVENTS.append(self)

    def _t(self, x):
        return x.strftime("%Y-%m-%d") if self.all_day else iso(x)

    def ref(self, inst=None):
        if not self.rrule:
            return f"calendar:event:{self.uid}"
        return f"calendar:event:{self.uid}:{inst.strftime('%Y%m%d' if self.all_day else '%Y%m%dT%H%M%S')}"

    def wire(self):
        mod = max([self.created] + [o["modified"] for o in self.overrides])
        if self.status == "CANCELLED":
            mod = self.cancelled_at
        return {"uid": self.uid, "summary": self.summary, "start": self._t(self.start), "end": self._t(self.end),
                "all_day": self.all_day, "time_form": "date" if self.all_day else self.form,
                "rrule": self.rrule, "exdates": [self._t(x) for x in self.exdates],
                "location": self.location, "description": self.description, "status": self.status,
                "sequence": 1 if (self.status == "CANCELLED" or self.overrides) else 0,
                "created": iso(self.created, z=True), "last_modified": iso(mod, z=True),
                "overrides": [{"recurrence_id": self._t(o["rid"]), "start": self._t(o["start"]),
                               "end": self._t(o["end"]), "summary": o["summary"], "sequence": 1,
                               "last_modified": iso(o["modified"], z=True)} for o in self.overrides]}


VEVENTS = []


class CalRec:
    """A calendar instance as a record of an event (never observed; never counts for `must`)."""

    def __init__(self, v, inst=None, claim="event_time", start=None):
        self.src, self.user, self.v = "cal", v.user, v
        self.ref = v.ref(inst)
        self.claim = claim
        self.all_day = v.all_day
        self.start = start or (inst if inst is not None else v.start)
        self.obs = None
        self.role = "calendar"


# ================================================================ events
class Ev:
    def __init__(self, id, title, kind, imp, topics, et=None, grain=None, done=None, old=(), status=None):
        self.id, self.title, self.kind, self.imp, self.topics = id, title, kind, imp, list(topics)
        self.et, self.grain, self.done = et, grain, done
        self.old = list(old)          # [(time, grain, reason, changed_at)]
        self.status = status
        self.recs = []
        EVENTS.append(self)

    def add(self, *recs):
        for r in recs:
            if getattr(r, "event", None) is not None:
                raise ValueError("record in two events")
            r.event = self
            self.recs.append(r)
        return self

    def nc(self):
        return [r for r in self.recs if r.src != "cal"]

    def anchor(self, name):
        if name == "event_time":
            return self.et, self.grain
        if name == "completed_at":
            return self.done, "minute"
        i = int(name.split(":")[1])
        return self.old[i][0], self.old[i][1]


EVENTS = []

# ---------------------------------------------------------------- calendar of u_chen
V_MEET = VEvent(MAIN, "店里员工例会", T("01-11 15:00"), T("01-11 15:30"), rrule="FREQ=WEEKLY;BYDAY=MO;COUNT=3",
                exdates=[T("01-25 15:00")], location="陈记面馆 后厨", description="午市收档后 半小时",
                created=T("01-04 10:00"))
V_TUTOR = VEvent(MAIN, "桐桐数学补习", T("01-16 14:00"), T("01-16 16:00"), rrule="FREQ=WEEKLY;BYDAY=SA;COUNT=3",
                 location="学思堂 拱墅校区 302", created=T("01-08 19:30"),
                 overrides=[{"rid": T("01-23 14:00"), "start": T("01-24 14:00"), "end": T("01-24 16:00"),
                             "summary": "桐桐数学补习（老师调课到周日）", "modified": T("01-22 12:40")}])
V_CHECKUP = VEvent(MAIN, "爸 浙一心内科复诊", T("01-13 09:00"), T("01-13 11:00"), location="浙大一院 庆春院区 门诊3楼",
                   description="带上次心电图、医保卡", created=T("01-05 16:20"))
V_FREEZER = VEvent(MAIN, "冰柜售后上门", T("01-14 14:00"), T("01-14 15:00"), created=T("01-12 10:10"))
V_LABA = VEvent(MAIN, "腊八 给老顾客送粥", D("01-15"), D("01-16"), all_day=True, created=T("01-10 21:00"))
V_WANG = VEvent(MAIN, "和王老板吃饭（面粉价）", T("01-19 18:30"), T("01-19 20:30"), location="胜利河美食街 外婆家",
                status="CANCELLED", created=T("01-15 17:05"))
V_WANG.cancelled_at = T("01-19 10:08")
V_INSP = VEvent(MAIN, "市场监管局 食品安全检查", T("01-20 10:00"), T("01-20 11:30"), location="陈记面馆",
                description="健康证、进货台账、温度记录、消毒记录", created=T("01-14 16:10"))
V_PTM = VEvent(MAIN, "桐桐期末家长会", T("01-23 09:00"), T("01-23 10:30"), location="文澜中学 初二(3)班",
               created=T("01-20 18:20"))
V_SIS = VEvent(MAIN, "接机：大姐 落地萧山T3", T("01-29 07:40"), T("01-29 08:40"), form="utc",
               description="航班 MU5474", created=T("01-25 21:10"))
V_DINNER = VEvent(MAIN, "员工年饭 + 发红包", T("02-01 18:00"), T("02-01 20:30"), location="陈记面馆",
                  created=T("01-26 22:05"))

# ---------------------------------------------------------------- events (u_chen)
# 1 flour order: plan -> done (刚刚)
s = Sess("面粉订货")
Ev("flour_order", "跟王老板订年前的面粉", "todo", "high", ["flour", "supplier"], D("01-13"), "day",
   done=T("01-12 16:05")).add(
    mi("01-11 08:10", "周三前要跟王老板把年前的面粉订了，至少50袋", "event_time", "day"),
    s.u("01-12 16:20", "刚刚跟王老板订好面粉了，50袋富强粉，他说分两批送", "completed_at", "ago"),
    s.a("好的，已记下：向王老板订购富强粉50袋，分两批送货。"))

# 2 father's cardiology follow-up: note + chat + calendar (three-way), then done
s = Sess("陪爸复诊")
Ev("dad_checkup", "陪爸去浙一心内科复诊", "event", "high", ["father", "hospital"], T("01-13 09:00"), "minute").add(
    mi("01-11 21:05", "后天上午9点带爸去浙一复查心脏，记得带上次的心电图", "event_time", "minute"),
    s.u("01-12 20:30", "明天早上9点陪我爸去浙一心内科复诊，要空腹吗？", "event_time", "minute"),
    s.a("如果复诊要抽血查血脂、血糖，一般需要空腹8小时以上，降压药可以照常用少量温水服下。记得带上医保卡和以往的检查单。"),
    CalRec(V_CHECKUP),
    mi("01-13 11:40", "爸复查完了，医生说指标还行，阿托伐他汀减半吃"))

# 3 heart echo two weeks later (Traditional note)
s = Sess("心超注意事项")
Ev("dad_echo", "带爸去做心脏彩超", "event", "high", ["father", "hospital"], T("01-27 14:30"), "minute").add(
    mi("01-13 11:45", "医生约了1月27号下午2点半再来做心脏彩超", "event_time", "minute"),
    mi("01-26 20:10", "明天下午2:30帶爸去浙一做心超，記得帶醫保卡", "event_time", "minute"),
    s.u("01-26 20:40", "明天带我爸去做心脏彩超，要提前停药吗？", "event_time", "day"),
    s.a("一般心脏彩超不需要空腹，也不用停药，穿宽松好脱的上衣就行。"),
    mi("01-27 17:10", "心超做完了，医生说心功能比上次好些"))

# 4 freezer repair
Ev("freezer_fix", "冰柜售后上门维修", "event", "low", ["equipment"], T("01-14 14:00"), "minute").add(
    mi("01-12 10:05", "冰柜又不制冷了，约了售后周四下午两点上门看看", "event_time", "minute"),
    CalRec(V_FREEZER),
    mi("01-14 15:40", "冰柜修好了，换了个温控器，花了380"))

# 5 range hood cleaning
Ev("hood_clean", "清洗油烟机", "event", "low", ["equipment"], T("01-16 21:00"), "minute").add(
    mi("01-13 13:10", "约了清洗公司这周六晚上9点来洗油烟机，打烊后弄", "event_time", "minute"),
    mi("01-16 23:15", "油烟机洗好了，滤网也换了新的"))

# 6 腊八 porridge: 腊八 itself is no time word (the conventions do not list it)
s = Sess("腊八告示")
Ev("laba", "腊八给老顾客送腊八粥", "event", "low", ["laba", "shop"], D("01-15"), "day").add(
    s.u("01-13 15:00", "帮我写个腊八给老顾客送粥的小告示，贴在门口"),
    s.a("【腊八暖心粥】1月15日（周五）腊八节，本店为老顾客免费送上一碗热腾腾的腊八粥，先到先得，送完为止。陈记面馆 敬上",
        "event_time", "day"),
    mi("01-14 20:30", "明天腊八，红豆、莲子、桂圆都备好了，早点来熬粥", "event_time", "day"),
    CalRec(V_LABA),
    mi("01-15 14:00", "腊八粥送出去一百二十多碗，老顾客都挺高兴"))

# 7 wages
Ev("wages", "发老周、小吴、阿芳的工资", "todo", "high", ["staff", "wages"], D("01-15"), "day",
   done=T("01-15 10:15")).add(
    mi("01-11 09:30", "1月15号前把老周、小吴、阿芳的工资发了，老周还有加班费", "event_time", "day"),
    mi("01-15 10:20", "工资都转过去了：老周是六千八，小吴四千二，阿芳三千九"))

# 8 bad review (a mention, no time)
s = Sess("回复差评")
Ev("bad_review", "美团差评：面送到坨了", "mention", "low", ["delivery", "review"]).add(
    mi("01-12 22:10", "美团上有个差评，说面送到都坨了，得跟骑手说汤和面分开装"),
    s.u("01-12 22:14", "帮我回复一个美团差评，顾客说面送到就坨了，语气诚恳点"),
    s.a("亲，非常抱歉让您吃到坨掉的面！我们已经改为汤面分装，下单备注“分装”即可。为表歉意，下次到店凭订单送您一份卤蛋，期待再次为您服务。"))

# 9 food-safety inspection: note, chat (user + assistant restatement), run, calendar, 刚刚 note
s = Sess("迎检准备")
Ev("inspection", "市场监管局食品安全检查", "event", "high", ["inspection"], T("01-20 10:00"), "minute").add(
    mi("01-14 16:00", "街道通知下周三上午10点市场监管局来查食品安全，后厨台账得补齐", "event_time", "minute"),
    s.u("01-18 21:00", "周三上午10点卫生检查，帮我列一下后厨要准备的东西", "event_time", "minute"),
    s.a("1月20日（周三）10:00 检查前建议准备：1）员工健康证；2）进货台账和索证索票；3）冷藏冷冻温度记录；4）消毒记录；5）垃圾分类和防鼠设施。",
        "event_time", "minute"),
    s.run("01-18 21:05", "整理迎检台账清单（进货、温度、消毒）", "succeeded", 3, "已生成 3 张台账模板和 1 份自查表"),
    s.u("01-19 09:30", "健康证复印件要不要贴在墙上？"),
    s.a("一般要求从业人员健康证在店内公示，原件或复印件都可以，放在显眼处或统一做成公示牌。"),
    CalRec(V_INSP),
    mi("01-20 10:12", "刚刚检查组到了，先进的后厨", "event_time", "ago"),
    mi("01-20 11:40", "检查过了，说冷库温度记录要天天填，整体合格"))

# 10 health certificate (deadline; done the day before)
Ev("health_cert", "小吴换新健康证", "todo", "high", ["staff", "inspection"], D("01-19"), "day",
   done=T("01-18 14:00")).add(
    mi("01-14 16:05", "小吴的健康证过期了，下周二前必须去换新的，检查要看", "event_time", "day"),
    mi("01-18 17:30", "小吴今天把新的健康证拿回来了", "completed_at", "day"))

# 11 dinner with the flour supplier: planned, then cancelled (calendar CANCELLED)
s = Sess("饭局取消")
Ev("wang_dinner", "请王老板吃饭谈面粉价（取消）", "event", "low", ["supplier", "flour", "wang_dinner"],
   old=[(T("01-19 18:30"), "minute", "cancelled", None)], status="cancelled").add(
    mi("01-15 17:00", "下周二晚上6点半请王老板吃饭，顺便谈谈面粉涨价的事", "superseded:0", "minute"),
    CalRec(V_WANG, claim="superseded:0"),
    mi("01-19 10:05", "王老板他妈住院了，今晚的饭局取消", "superseded:0", "part"),
    s.u("01-19 10:20", "跟供应商约的饭局取消了，我订的包间怎么跟饭店说比较好？"),
    s.a("直接打电话给饭店说明情况并致歉，问清定金怎么处理；如果以后还会再去，可以说改期再约。"))

# 12 gas safety check
Ev("gas_check", "燃气公司上门安检", "event", "low", ["shop", "safety"], T("01-18 14:00"), "minute").add(
    mi("01-15 11:00", "燃气公司说下周一下午2点上门安检，店里得留人", "event_time", "minute"),
    mi("01-18 15:10", "燃气安检过了，说软管老化了要换"))

# 13-15 weekly staff meeting (calendar series; the 01-25 one is cancelled by EXDATE)
Ev("meet_0111", "员工例会：年前排班", "event", "low", ["staff", "meeting"], T("01-11 15:00"), "minute").add(
    mi("01-11 15:50", "跟大家过了一下年前排班，每人轮休两天"),
    CalRec(V_MEET, T("01-11 15:00")))
Ev("meet_0118", "员工例会：迎检分工", "event", "low", ["staff", "meeting", "inspection"], T("01-18 15:00"),
   "minute").add(
    mi("01-18 15:45", "今天下午3点的例会上，把迎检的活分到了每个人", "event_time", "minute"),
    CalRec(V_MEET, T("01-18 15:00")))
Ev("meet_0125", "员工例会（取消）", "event", "low", ["staff", "meeting"],
   old=[(T("01-25 15:00"), "minute", "cancelled", None)], status="cancelled").add(
    mi("01-22 21:00", "下周一下午3点的例会不开了，有事在群里说", "superseded:0", "minute"))

# 16 daughter's final exams
s = Sess("考试早饭")
Ev("tong_exam", "桐桐期末考试", "event", "high", ["tong", "school"], D("01-20"), "day").add(
    mi("01-13 22:00", "桐桐说期末考定在1月20号，考两天", "event_time", "day"),
    s.u("01-19 21:30", "桐桐明天就期末考了，早饭给她做点什么好？", "event_time", "day"),
    s.a("考试当天早饭可以清淡又顶饱：鸡蛋、小米粥或牛奶、全麦面包，再加点水果，别吃太油太辣。"),
    mi("01-21 18:00", "桐桐考完了，说数学最后一道大题没做出来"))

# 17 parent meeting -- and 18 beef delivery at the very same time
s = Sess("家长会要问什么")
Ev("tong_ptm", "桐桐期末家长会", "event", "high", ["tong", "school"], T("01-23 09:00"), "minute").add(
    mi("01-20 18:10", "班主任在群里通知，这周六上午9点开期末家长会", "event_time", "minute"),
    s.u("01-22 19:00", "明天上午9点要去桐桐学校开家长会，班主任让家长提前十分钟到，我该问老师些什么？", "event_time",
        "minute"),
    s.a("可以问这几件事：1）这学期各科的薄弱点；2）寒假作业和复习建议；3）她在班里的状态和同学关系；4）老师希望家长配合什么。"),
    CalRec(V_PTM),
    mi("01-23 11:05", "家长会开完，班主任说桐桐数学退步了，寒假得补"))
s = Sess("给阿芳的便条")
Ev("beef_delivery", "刘师傅送年前牛肉（阿芳收货）", "event", "low", ["supplier", "beef"], T("01-23 09:00"),
   "minute").add(
    mi("01-21 14:20", "跟刘师傅约好周六上午9点送牛肉，30斤牛腱子", "event_time", "minute"),
    s.u("01-22 21:40", "明天上午9点牛肉到货，我不在店里，帮我写张便条给阿芳，提醒她过秤、看检疫票", "event_time", "minute"),
    s.a("阿芳：明早刘师傅送牛肉来，30斤牛腱子。麻烦过秤核对斤两，检疫票和发票收好，放冷库下层。辛苦了！"),
    mi("01-23 12:10", "阿芳说牛肉到了，过秤少了半斤，跟刘师傅说了"))

# 19 commitment to the beef supplier: 月底前 (a month-end window, grain month)
s = Sess("记账")
Ev("beef_payment", "答应刘师傅月底前结清牛肉款", "commitment", "high", ["supplier", "beef", "money"], D("01-31"),
   "day", done=T("01-28 15:00")).add(
    s.u("01-16 14:30", "刘师傅那边的牛肉钱还欠着一万二，我答应他月底前结清，帮我记一下", "event_time", "month"),
    s.a("已记下：月底前结清刘师傅的牛肉款，共一万二。", "event_time", "month"),
    mi("01-28 15:05", "刘师傅的牛肉款转过去了，一万二，两清"))

# 20 rent (下周一 written on a Sunday = tomorrow)
s.u("01-18 11:00", "房租刚转给孙阿姨了，一万八，帮我记到账本里")    # same multi-day session
rent_done = s.msgs[-1]
rent_ack = s.a("已记账：房租 18000 元，收款人孙阿姨。")
Ev("rent", "交房租给孙阿姨", "todo", "high", ["rent", "money"], D("01-18"), "day", done=T("01-18 10:50")).add(
    mi("01-17 20:40", "孙阿姨发消息催房租了，下周一前要转过去，押一付三一万八", "event_time", "day"),
    rent_done, rent_ack)

# 21 dough mixer: booked, moved (改到周五), repaired
s = Sess("和面机维修")
Ev("mixer", "厂家师傅修和面机（改期）", "event", "low", ["equipment", "mixer"], T("01-29 10:00"), "minute",
   old=[(T("01-26 10:00"), "minute", "rescheduled", None)]).add(
    mi("01-22 16:30", "和面机齿轮响得厉害，约了厂家师傅下周二上午10点来修", "superseded:0", "minute"),
    mi("01-25 09:40", "师傅说配件没到，和面机改到周五上午10点修，要等配件", "event_time", "minute"),
    s.u("01-28 16:00", "明天上午10点修和面机的师傅要来，面要不要提前和好？", "event_time", "minute"),
    s.a("稳妥起见可以提前一晚和好面放冷藏醒发，维修期间先用手工揉面应急。"),
    mi("01-29 12:10", "和面机修好了，换了齿轮和皮带，六百五"))

# 22 picking up the sister at the airport (calendar in UTC: the previous UTC day)
s = Sess("接机那天谁开门")
Ev("sister_pickup", "去萧山机场接大姐", "event", "high", ["family", "travel"], T("01-29 07:40"), "minute").add(
    s.u("01-25 21:00", "我姐1月29号早上7点40分的飞机到萧山，我得去接，那天早上店里谁开门合适？", "event_time", "minute"),
    s.a("可以让老周早点到店开门备料，你接完人再回店。提前一晚把钥匙和要用的货交代好。"),
    CalRec(V_SIS),
    mi("01-28 21:30", "明天早上7:40去萧山接大姐，店里早饭让老周先弄", "event_time", "minute"),
    mi("01-29 09:30", "接到大姐了，航班还早到了十分钟"))

# 23 tutoring series: two calendar-only instances and one moved instance that a note also names
Ev("tutor_0116", "桐桐数学补习", "event", "low", ["tong", "tutor"], T("01-16 14:00"), "minute").add(
    CalRec(V_TUTOR, T("01-16 14:00")))
Ev("tutor_0123", "桐桐数学补习（调到周日）", "event", "low", ["tong", "tutor"], T("01-24 14:00"), "minute",
   old=[(T("01-23 14:00"), "minute", "rescheduled", T("01-22 12:40"))]).add(
    mi("01-22 13:00", "桐桐的数学补习调到周日下午2点了，记得送她过去", "event_time", "minute"),
    CalRec(V_TUTOR, T("01-23 14:00"), start=T("01-24 14:00")))
Ev("tutor_0130", "桐桐数学补习", "event", "low", ["tong", "tutor"], T("01-30 14:00"), "minute").add(
    CalRec(V_TUTOR, T("01-30 14:00")))

# 24 tutoring fee
Ev("tutor_fee", "交桐桐寒假补习费", "todo", "low", ["tong", "tutor", "money"], D("01-26"), "day",
   done=T("01-26 12:00")).add(
    mi("01-21 09:00", "寒假补习费两千四，下周二前交给机构", "event_time", "day"),
    mi("01-26 12:10", "桐桐补习费交掉了"))

# 25 promise to the daughter (这个周末 = a weekend window)
Ev("tong_coat", "答应桐桐周末去买羽绒服", "commitment", "low", ["tong"], D("01-24"), "day",
   done=T("01-24 17:00")).add(
    mi("01-21 18:10", "答应桐桐了，考完试这个周末带她去买件新羽绒服", "event_time", "week"),
    mi("01-24 19:00", "陪桐桐逛银泰，羽绒服买好了，她自己挑的白色"))

# 26 father's medicine
s = Sess("老人用药")
Ev("dad_meds", "去社区医院给爸配药", "todo", "high", ["father", "medicine", "hospital", "father_meds"], D("01-25"),
   "day", done=T("01-25 10:00")).add(
    mi("01-21 07:50", "爸的降压药快吃完了，下周一得去社区医院配药", "event_time", "day"),
    s.u("01-21 08:05", "老人同时吃氨氯地平和二甲双胍，饭前吃还是饭后吃？"),
    s.a("氨氯地平一般每天固定时间吃，饭前饭后都可以；二甲双胍建议随餐或餐后吃，减少胃肠不适。具体以医生医嘱为准。"),
    mi("01-25 10:30", "在社区医院给爸配好了药，氨氯地平和二甲双胍各三盒"))

# 27 father slipped (mention; 早上 alone names no time)
s = Sess("老人摔了一下")
Ev("dad_slip", "爸在卫生间滑了一跤", "mention", "high", ["father"]).add(
    mi("01-19 07:50", "爸早上在卫生间滑了一下，膝盖青了一块，得买个防滑垫"),
    s.u("01-19 08:10", "老人摔了一下膝盖淤青，能走路，需要去医院拍片吗？"),
    s.a("如果能正常走路、没有明显肿胀变形，可以先冷敷观察；若疼痛加重、肿得厉害或不能负重，要尽快去医院拍片。家里注意防滑。"))

# 28 New Year shopping (月底前), with an agent run
s = Sess("员工年货")
Ev("ny_goods", "月底前办齐年货", "todo", "low", ["newyear", "shopping"], D("01-31"), "day",
   done=T("01-30 16:00")).add(
    mi("01-18 21:30", "月底前把年货办齐：酱鸭、鳗鲞、春联，还有给员工的米和油", "event_time", "month"),
    s.u("01-24 14:50", "帮我比比员工年货礼包，大米加食用油那种，八份"),
    s.run("01-24 15:00", "比价：员工年货礼包（大米+食用油）", "succeeded", 4, "已比较 4 家，最低每份 168 元"),
    mi("01-30 16:10", "年货差不多办齐了，春联和福字也买好了"))

# 29 delivery platforms: holiday closing hours (过年 is no time word)
Ev("platform_hours", "在美团/饿了么设置过年打烊时间", "todo", "low", ["delivery", "newyear"], D("02-03"), "day").add(
    mi("01-27 11:00", "记得2月3号前在美团和饿了么上把过年打烊的时间设好", "event_time", "day"),
    Sess("平台打烊设置").u("01-29 16:20", "美团商家版怎么设置过年暂停营业？"),
    SESSIONS[-1].a("商家版App→门店设置→营业状态→设置休息时段，选好起止日期保存即可；饿了么在“店铺设置-营业时间”里设。"))

# 30 staff New Year dinner (three-way with calendar)
s = Sess("年饭菜单")
Ev("staff_dinner", "员工年饭、发红包", "event", "high", ["staff", "newyear"], T("02-01 18:00"), "minute").add(
    mi("01-26 22:00", "定了2月1号晚上6点在店里请大家吃顿年饭，顺便发红包", "event_time", "minute"),
    CalRec(V_DINNER),
    s.u("01-30 15:00", "后天晚上6点员工聚餐，八个人，帮我配几个硬菜", "event_time", "minute"),
    s.a("八人桌可以这样配：红烧羊排、清蒸鲈鱼、东坡肉、白切鸡、油焖春笋、西湖醋鱼，再来一锅片儿川收尾。"))

# 31 red packets
Ev("red_packets", "去银行换新钞包红包", "todo", "low", ["newyear", "money", "staff"], D("02-01"), "day").add(
    mi("01-28 10:00", "下周一前去银行换好新钞，包年饭的红包", "event_time", "day"),
    Sess("红包包多少").u("01-28 10:30", "给店里员工包红包，每人包多少合适？"),
    SESSIONS[-1].a("小店常见是每人三五百到一千，干得久的、出力多的可以多包些，数额吉利就好，比如六六六、八八八。"))

# 32 year-end bonus decision
s = Sess("年终奖")
Ev("dec_bonus", "定下年终奖：老周一个月工资，小吴阿芳各三千", "decision", "high", ["staff", "wages"],
   T("01-24 20:00"), "minute").add(
    mi("01-24 20:20", "年终奖定了：老周给一个月工资，小吴和阿芳各三千"),
    s.u("01-24 20:40", "我定了给厨师发一个月工资当年终奖，两个服务员各三千，这样合理吗？"),
    s.a("对小店来说比较合理：核心厨师给一个月工资体现分量，服务员给固定数额简单透明。可以在年饭上当面发，再说几句感谢的话。"))

# 33 closing over New Year (正月初八 is no time word)
s = Sess("休业告示")
Ev("dec_closing", "定下过年歇业到正月初八", "decision", "high", ["shop", "newyear"], T("01-27 21:00"), "minute").add(
    mi("01-27 21:15", "定了，过年店里歇到正月初八再开"),
    s.u("01-27 21:30", "过年店里准备歇到正月初八，门口告示怎么写？"),
    s.a("【休业通知】感谢各位街坊一年的照顾！本店过年期间暂停营业，正月初八恢复营业。提前祝大家新年快乐、万事如意！陈记面馆"))

# 34 price rise decision
s = Sess("涨价怎么说")
Ev("dec_price", "定下牛肉面涨两块", "decision", "low", ["menu", "pricing"], T("01-14 21:00"), "minute").add(
    mi("01-14 21:20", "跟老周商量好了，牛肉面涨两块，片儿川不动"),
    s.u("01-14 21:40", "牛肉面从22涨到24，菜单上怎么写不让老顾客反感？"),
    s.a("可以在菜单旁贴个小告示：因牛肉进价上涨，牛肉面小幅调整为24元，其他面品价格不变，感谢老顾客理解。"))

# 35 stop a delivery promotion
Ev("dec_promo", "饿了么满减活动不再续", "decision", "low", ["delivery"], T("01-21 16:00"), "minute").add(
    mi("01-21 16:15", "饿了么那个满30减8的活动不续了，亏钱"))

# 36 the daughter and her phone (mention)
s = Sess("跟孩子谈手机")
Ev("m_tong_phone", "桐桐老抱着手机", "mention", "low", ["tong"]).add(
    mi("01-17 23:00", "桐桐老是抱着手机不放，得找机会跟她谈谈"),
    s.u("01-17 23:10", "十四岁的女儿整天玩手机，怎么跟她谈不会吵起来？"),
    s.a("先别急着没收，找她心情好的时候聊，听听她在手机上做什么；再一起定规则，比如作业写完才玩、睡前把手机放客厅充电，你也以身作则。"))

# 37 the cook wants to go home early (mention)
Ev("m_zhou_home", "老周想早点回安徽过年", "mention", "low", ["staff"]).add(
    mi("01-19 15:00", "老周说想早点回安徽过年，火车票还没抢到"))

# 38 flour price (mention)
Ev("m_flour_price", "王老板说面粉涨价", "mention", "low", ["flour", "supplier"]).add(
    mi("01-16 10:00", "王老板说面粉一袋涨了五块，年后可能还要涨"))

# 39 vegetables delivered late (07:30; the note is written in UTC)
Ev("veg_late", "小马送菜迟到", "event", "low", ["supplier", "veg"], T("01-20 07:30"), "minute").add(
    mi("01-20 07:45", "小马的菜又送晚了，七点半才到，差点耽误早市", "event_time", "minute"))

# ---------------------------------------------------------------- noise (u_chen)
NOISE_MI = [
    ("01-11 06:20", "片儿川的雪菜要选咸一点的，炒出来才香"),
    ("01-11 11:40", "隔壁奶茶店又换老板了"),
    ("01-11 22:30", "每天早上5点半起来熬汤，身体有点吃不消"),
    ("01-12 07:10", "骨头汤熬得有点淡，下回多放两根筒骨"),
    ("01-12 14:30", "一碗拌川成本算下来3点几块，卖15还行"),
    ("01-12 23:40", "外卖单子占了快一半，平台抽成太狠了"),
    ("01-13 06:50", "菜市场的冬笋涨到十五一斤了"),
    ("01-13 19:30", "想在店门口挂两个红灯笼，喜庆点"),
    ("01-14 12:50", "老周炒的浇头，客人都说比以前香"),
    ("01-14 15:10", "下午茶时间店里没人，可以考虑卖点小馄饨"),
    ("01-14 22:40", "收银机的小票纸又快用完了"),
    ("01-15 08:30", "有个老顾客说吃了十几年我们家的面了"),
    ("01-15 21:50", "爸說想吃小時候的蔥包檜"),
    ("01-16 08:40", "杭州这几天湿冷，店里的暖风机得一直开着"),
    ("01-16 13:20", "三天打鱼两天晒网，记账这事得坚持"),
    ("01-16 16:30", "面条机出来的面没有手工的筋道"),
    ("01-17 09:15", "饿了么的客服电话总打不通"),
    ("01-17 12:40", "今日头条上看到说牛肉还要涨价"),
    ("01-17 15:20", "有个骑手在门口摔了一跤，给了他一杯热水"),
    ("01-18 07:20", "一点都不想动，累"),
    ("01-18 19:40", "白胡椒粉快没了"),
    ("01-19 12:30", "门口的共享单车停得乱七八糟"),
    ("01-19 22:50", "醋和酱油换了个牌子，客人没吃出来"),
    ("01-20 14:20", "桐桐的班主任姓林，人挺好"),
    ("01-20 22:30", "爸的血压计电池换了"),
    ("01-21 11:10", "隔壁在装修，电钻声吵死了"),
    ("01-21 21:20", "小吴手机掉汤锅里了，哈哈"),
    ("01-22 07:40", "老周说他女儿高三了，压力大"),
    ("01-22 10:50", "买了两箱一次性手套"),
    ("01-23 14:30", "大葱一捆十块，贵"),
    ("01-23 20:10", "排队的人一多就手忙脚乱"),
    ("01-24 00:25", "收到一张假币，五十的，气死"),
    ("01-24 11:30", "面馆开了快十年了，街坊都熟"),
    ("01-24 22:40", "有人问能不能做无麸质的面，做不了"),
    ("01-25 12:45", "中午12点半那一波人最多"),
    ("01-25 16:20", "下雨天外卖单量翻倍"),
    ("01-25 23:10", "想换个大点的汤桶"),
    ("01-26 09:20", "周杰伦的新歌桐桐天天在放"),
    ("01-26 15:30", "年貨比往年貴不少"),
    ("01-27 08:10", "店裡的抹布該換新的了"),
    ("01-27 13:40", "骑手等餐的时候老催，搞得大家很紧张"),
    ("01-27 23:20", "小红书上有人推荐我们家的腰花拌川"),
    ("01-28 07:30", "地铁5号线的口子开在店旁边，人流多了"),
    ("01-28 13:10", "阿芳说她儿子也在初二，跟桐桐同级"),
    ("01-29 15:40", "一周得用掉十袋面粉"),
    ("01-29 21:40", "大姐带了两瓶冰酒回来"),
    ("01-30 09:10", "街上已经有放鞭炮的了"),
    ("01-30 22:20", "生意比想象的好一点，知足"),
    ("01-31 10:30", "桐桐寒假作业一大堆，她一点儿都不着急"),
    ("01-31 19:50", "包了三百个馄饨冻起来，过年吃"),
]
for when, text in NOISE_MI:
    mi(when, text)


def noise_chat(title, turns, user=MAIN):
    """turns: [(when, user text, reply, tool obj or None)]"""
    ss = Sess(title, user)
    for when, utext, reply, tool in turns:
        ss.u(when, utext)
        if tool is not None:
            ss.tool(tool)
        if reply is not None:
            ss.a(reply)
    return ss


t = noise_chat("拌川", [("01-11 14:40", "拌川怎么拌才入味？", "面出锅后先过一下热水，趁热加猪油、酱油和葱油拌开，浇头最后放，拌的时候要快。", None)])
t.u("01-11 14:46", "猪油用板油自己熬还是买现成的？")
t.a("自己用板油熬更香，小火慢熬，油渣捞出来还能做浇头；量大的话现成的也行，注意看生产日期。")
noise_chat("英文菜单", [("01-12 15:10", "帮我把“片儿川”“虾爆鳝面”“拌川”翻成英文，做个英文菜单",
                        "Pian'er Chuan (noodles with preserved greens, pork and bamboo shoots); Shrimp and Eel Noodles; Dry Mixed Noodles.", None)])
noise_chat("天气", [("01-13 07:00", "杭州会下雪吗？", "近期有一次小雪过程，路面可能结冰，送货出门注意路滑。",
                   {"tool": "weather", "city": "杭州", "forecast": [{"date": "2027-01-19", "text": "小雪", "low": -1},
                                                                  {"date": "2027-01-20", "text": "阴", "low": 0}]})])
t = noise_chat("成本", [("01-14 10:30", "一碗牛肉面放80克牛肉，牛腱子每斤38，牛肉成本多少？", "80克约0.16斤，牛肉成本约6.1元一碗。", None)])
t.u("01-14 10:34", "那一碗卖24，毛利率大概多少？")
t.a("牛肉6.1元，面、汤料和调料约3元，合计约9.1元，毛利率约62%。")
t = noise_chat("起个口号", [("01-15 22:10", "给面馆想几个新口号，接地气一点", "1）一碗热面，十年老街坊；2）汤是熬出来的，面是揉出来的；3）饿了就来陈记。", None)])
t.u("01-17 10:05", "第二个不错，再改短一点")
t.a("“汤靠熬，面靠揉。”")
t = noise_chat("年前排班", [("01-16 20:10", "帮我排一下年前的班，五个人，每人轮休两天", None, None)])
t.run("01-16 20:12", "生成年前员工排班表", "succeeded", 2, "已生成排班表：5 人，每人轮休 2 天")
t.a("排班表已生成，见附件；周末中午不安排轮休。", delay=(150, 200))
noise_chat("外卖包装", [("01-17 16:40", "外卖包装用什么材质不容易漏汤？", "汤碗选 PP 材质带卡扣的，封口再加一层封口膜，汤面分装最保险。", None)])
noise_chat("顾客说咸", [("01-18 13:30", "有顾客说面太咸，怎么回比较好？", "先道歉并问清是汤咸还是浇头咸，当场给换或加一碗清汤；事后跟厨房核对盐量。", None)])
noise_chat("朋友圈", [("01-19 16:10", "帮我写条朋友圈，宣传新出的牛肉拌川", "新品上线｜牛肉拌川：慢炖牛腱，酱香浓郁，一口一个满足。老街坊来尝尝！", None)])
t = noise_chat("寒假书单", [("01-20 22:00", "初二女生寒假读什么书好？", "可以试试《红星照耀中国》《昆虫记》《朝花夕拾》，再配一本她自己感兴趣的小说。", None)])
t.u("01-20 22:05", "她不爱看书，怎么引导？")
t.a("从她喜欢的题材入手，漫画、悬疑都行；家里少开电视，你也拿本书一起看，读完聊两句，别考她。")
t = noise_chat("英语练习", [("01-25 22:30", "教我几句招呼外国客人的英语", "Welcome! / For here or to go? / Spicy or not? / Please scan the QR code to pay.", None)])
t.u("01-27 22:15", "“要不要加辣”再说一遍，我记不住")
t.a("Would you like it spicy? 也可以简单说：Spicy? 再配个手势指指辣椒罐。")
noise_chat("汤圆", [("01-21 20:30", "老人有糖尿病能吃汤圆吗？", "可以少量吃，选无糖馅或少吃一两个，算进主食里，吃完注意监测血糖。", None)])
noise_chat("算账", [("01-22 14:10", "算一下：每天卖300碗，每碗毛利9块，一个月多少？", "300×9×30 = 81000 元左右（按 30 天算）。", None)])
t = noise_chat("高铁票", [("01-23 21:00", "帮我查查杭州东到合肥南的高铁还有没有票", None,
                         {"tool": "train_search", "from": "杭州东", "to": "合肥南", "date": "2027-02-03",
                          "results": [{"train": "G7375", "depart": "08:12", "second_class": "有"},
                                      {"train": "G7663", "depart": "13:40", "second_class": "3"}]})])
t.a("还有两班有二等座：G7375 和 G7663。")
t.run("01-23 21:03", "查询高铁余票（杭州东→合肥南）并锁座", "failed", 1, "失败：12306 接口超时")
noise_chat("睡不着", [("01-24 00:20", "睡不着，讲个笑话", "顾客问老板：你家面怎么这么筋道？老板说：因为我们每天都在和面，从不和人吵架。", None)])
noise_chat("监控", [("01-25 14:20", "店里监控摄像头老断网怎么办？", "先看路由器离摄像头的距离和信号强度，可以换成网线供电（PoE）或加一个中继器。", None)])
t = noise_chat("年货礼盒海报", [("01-27 10:20", "帮我做一张年货礼盒的宣传图", None, None)])
t.run("01-27 10:21", "生成年货礼盒宣传图", "cancelled", 1, "用户取消")
t.a("已取消生成。需要的话我可以先给你几个文案方向。", delay=(70, 90))
noise_chat("“回头见”", [("01-28 11:30", "“回头见”用英语怎么说？", "See you later.", None)])
t = noise_chat("休业海报", [("01-31 20:00", "帮我把休业告示做成一张海报", None, None)])
t.run("01-31 20:01", "生成休业告示海报", "running", 0, None)
noise_chat("电影", [("01-31 20:30", "推荐几部适合全家一起看的电影", "《寻梦环游记》《你好，李焕英》《流浪地球》都挺合适，老少都能看。", None)])

# ---------------------------------------------------------------- the other user (u_lin): a yoga teacher
OTHER_MI = [
    ("01-12 21:30", "明天上午9点孕妇私教，提醒学员带瑜伽砖"),
    ("01-13 10:40", "阴瑜伽课换了一份新歌单，效果不错"),
    ("01-14 08:20", "早课学员只来了三个，寒潮影响太大"),
    ("01-15 19:00", "下周三上午10点去体育局考教练证，体式部分再练练"),
    ("01-18 22:00", "会员群里有人问能不能带家属体验"),
    ("01-20 12:00", "教练证考完了，倒立那项有点抖"),
    ("01-21 20:00", "周六上午9点亲子瑜伽，报了六组家庭"),
    ("01-22 18:00", "瑜伽垫要消毒，酒精用完了"),
    ("01-24 09:30", "膝盖有点不舒服，鸽子式先别做了"),
    ("01-27 15:00", "会员续卡率不太行，得想个活动"),
    ("01-28 21:30", "明天早上7:40飞三亚，带冥想工作坊"),
    ("01-30 11:00", "团课结束大家送了我一束花"),
]
for when, text in OTHER_MI:
    mi(when, text, user=OTHER)
noise_chat("肩颈放松", [("01-13 21:00", "帮我设计一个30分钟的肩颈放松序列", "热身颈部绕环→猫牛式→穿针引线→鹰手臂→坐姿侧伸展→仰卧扭转→摊尸式放松。", None)], user=OTHER)
noise_chat("孕期体式", [("01-16 20:00", "孕妇做瑜伽有哪些体式要避免？", "避免深度扭转、腹部受压的俯卧、倒立和跳跃类动作，孕晚期少做长时间仰卧。", None)], user=OTHER)
t = noise_chat("考证清单", [("01-19 21:00", "瑜伽教练证考核一般考哪些体式？", "常见有下犬式、战士二式、三角式、树式、轮式和头倒立，外加口令和纠错。", None)], user=OTHER)
t.run("01-19 21:05", "导出会员出勤表", "succeeded", 2, "已导出 42 名会员出勤记录")
V_O1 = VEvent(OTHER, "孕妇私教（王女士）", T("01-13 09:00"), T("01-13 10:00"), location="晓敏瑜伽 2号教室",
              created=T("01-10 12:00"))
V_O2 = VEvent(OTHER, "瑜伽教练证考核", T("01-20 10:00"), T("01-20 12:00"), location="市体育局 训练馆",
              created=T("01-08 09:00"))


# ================================================================ wire format
def entities(text):
    people = ["王老板", "刘师傅", "孙阿姨", "老周", "小吴", "阿芳", "小马", "桐桐", "大姐"]
    orgs = ["浙一", "美团", "饿了么", "市场监管局", "燃气公司"]
    return [{"type": "person", "text": p} for p in people if p in text] + \
           [{"type": "org", "text": o} for o in orgs if o in text]


def wire_meinput(r):
    imp = r.event.imp if r.event is not None else None
    if imp == "high":
        importance = round(WIRE.uniform(0.7, 0.95), 2)
    elif imp == "low":
        importance = round(WIRE.uniform(0.3, 0.65), 2)
    else:
        importance = round(WIRE.uniform(0.05, 0.45), 2)
    app = WIRE.choice(["notes", "notes", "voice", "wechat", "clipboard"])
    z = WIRE.random() < 0.13 or r.text.startswith("小马的菜又送晚了")
    rec = {"evidence_id": r.id, "user_id": r.user, "type": "expression_segment", "text": r.text,
           "observed_at": iso(r.obs, z=z)}
    roll = WIRE.random()
    if roll > 0.1:
        rec["app"] = app
    elif roll > 0.05:
        rec["app"] = None
    roll = WIRE.random()
    if roll > 0.12:
        rec["importance"] = importance
    elif roll > 0.06:
        rec["importance"] = None
    if WIRE.random() > 0.07:
        rec["confidence"] = round(WIRE.uniform(0.72, 0.9) if app == "voice" else WIRE.uniform(0.86, 0.99), 2)
    ents = entities(r.text)
    if ents or WIRE.random() < 0.4:
        rec["entities"] = ents
    elif WIRE.random() < 0.2:
        rec["entities"] = None
    roll = WIRE.random()
    if roll > 0.15:
        rec["lang"] = "zh-CN" if not any(c in r.text for c in "帶醫記說時蔥檜貨貴裡該換") else "zh-TW"
    elif roll > 0.08:
        rec["lang"] = None
    return rec


def wire_chat(user):
    out = {"sessions": [], "messages": [], "runs": []}
    for ss in SESSIONS:
        if ss.user != user or not ss.msgs:
            continue
        first = min(m.obs for m in ss.msgs)
        last = max([m.obs for m in ss.msgs] + [r.extra["finished"] or r.obs for r in ss.runs])
        out["sessions"].append({"session_id": ss.id, "title": ss.title,
                                "created_at": iso(first - timedelta(seconds=WIRE.randint(2, 30))),
                                "last_active_at": iso(last)})
        for m in ss.msgs:
            out["messages"].append({"message_id": m.id, "session_id": ss.id, "role": m.role, "content": m.text,
                                    "created_at": iso(m.obs)})
        for r in ss.runs:
            out["runs"].append({"run_id": r.id, "session_id": ss.id, "task": r.text, "status": r.extra["status"],
                                "started_at": iso(r.obs), "finished_at": iso(r.extra["finished"]),
                                "summary": r.extra["summary"]})
    n = len(out["messages"])
    for i in sorted(WIRE.sample(range(n), k=max(1, round(0.06 * n)))):
        m = out["messages"][i]
        m["created_at"] = iso(datetime.fromisoformat(m["created_at"]), z=True)
    key = lambda x: datetime.fromisoformat(x.replace("Z", "+00:00"))
    out["sessions"].sort(key=lambda s: (key(s["created_at"]), s["session_id"]))
    out["messages"].sort(key=lambda m: (key(m["created_at"]), m["message_id"]))
    out["runs"].sort(key=lambda r: (key(r["started_at"]), r["run_id"]))
    return out


# ================================================================ ground truth per event
def rec_point(r, ev):
    """The instant a record's finest time expression names (minute / ago), or None."""
    if r.src == "cal":
        return r.start
    a, _ = ev.anchor(r.claim)
    if r.g == "minute":
        return a + timedelta(minutes=r.off)
    if r.g == "ago":
        return r.obs
    return None


def dedupe_sets(ev):
    """Records naming the same anchor within ±15 min (precise) or on the same day (day grain)."""
    precise, days = {}, {}
    for r in ev.recs:
        if r.claim is None:
            continue
        a, g = ev.anchor(r.claim)
        if r.src == "cal":
            (days if r.all_day else precise).setdefault(r.claim, []).append(r.ref)
            continue
        if g == "minute" and r.g in ("minute", "ago"):
            if abs(rec_point(r, ev) - a) <= Q15:
                precise.setdefault(r.claim, []).append(r.ref)
        elif r.g == "day":
            days.setdefault(r.claim, []).append(r.ref)
    return ([sorted(v) for k, v in sorted(precise.items()) if len(v) >= 2],
            [sorted(v) for k, v in sorted(days.items()) if len(v) >= 2])


def first_obs(ev):
    return min((r.obs for r in ev.nc()), default=None)


def time_known_at(ev):
    """When MeInput/chat made the effective time known (for a moved event: the record naming the new time)."""
    if ev.et is None:
        return None
    if not ev.old:
        return first_obs(ev)
    return min((r.obs for r in ev.nc() if r.claim == "event_time"), default=None)


def changed_at(ev, i):
    """When the superseding record was written: the first record naming the new time (moved), or the
    last record naming the superseded time (cancelled: that is the 取消 record)."""
    if ev.old[i][3] is not None:
        return ev.old[i][3]
    if ev.old[i][2] == "rescheduled":
        return min(r.obs for r in ev.nc() if r.claim == "event_time")
    return max(r.obs for r in ev.nc() if r.claim == f"superseded:{i}")


def wire_event(ev):
    recs = sorted(ev.recs, key=lambda r: (r.src == "cal", r.obs or P0, r.ref))
    precise, days = dedupe_sets(ev)
    return {"id": ev.id, "title": ev.title, "kind": ev.kind, "importance": ev.imp, "topics": ev.topics,
            "event_time": iso(ev.et), "event_time_grain": ev.grain,
            "status": ev.status or ("rescheduled" if ev.old else None),
            "superseded": [{"time": iso(x), "grain": g, "reason": reason, "changed_at": iso(changed_at(ev, i))}
                           for i, (x, g, reason, _) in enumerate(ev.old)],
            "completed_at": iso(ev.done),
            "records": [r.ref for r in recs],
            "calendar_only": not ev.nc(),
            "first_observed_at": iso(first_obs(ev)),
            "time_known_at": iso(time_known_at(ev)),
            "record_times": {r.ref: r.claim for r in recs if r.claim and r.src != "cal"},
            "dedupe_sets": precise, "dedupe_sets_day": days}


# ================================================================ labelling (dev-eval README rules)
def ev_iv(e):
    if e.et is None:
        return None
    return (e.et, e.et + (DAY if e.grain == "day" else MIN1))


def overlaps(iv, R):
    return iv is not None and iv[0] < R[1] and iv[1] > R[0]


def inr(t, R):
    return t is not None and R[0] <= t < R[1]


def known(e, now):
    return any(r.obs <= now for r in e.nc())


def time_known(e, now):
    t = time_known_at(e)
    return t is not None and t <= now


def done_known(e, now):
    """Completed by now, and a record at or after the completion (10 min slack) says so by now."""
    return (e.done is not None and e.done <= now
            and any(e.done - timedelta(minutes=10) <= r.obs <= now for r in e.nc()))


def is_occurred(e, R, now):
    if e.kind in ("event", "decision"):
        iv = ev_iv(e)
        return iv is not None and overlaps(iv, R) and iv[0] <= now and time_known(e, now)
    if e.kind in ("todo", "commitment") and e.done is not None:
        return inr(e.done, R) and done_known(e, now)
    return False


def is_mentioned(e, R, now, source=None, text_re=None):
    import re
    src = {"mi": "mi", "chat": "msg", None: None}[source]
    return any(r.role == "user" and r.obs <= now and inr(r.obs, R) and (src is None or r.src == src)
               and (text_re is None or re.search(text_re, r.text)) for r in e.nc())


def is_planned(e, R, now):
    iv = ev_iv(e)
    fo = first_obs(e)
    return e.kind == "event" and overlaps(iv, R) and fo is not None and fo < iv[0] and time_known(e, now)


def is_created(e, R, now):
    fo = first_obs(e)
    return e.kind in ("decision", "commitment", "todo") and inr(fo, R) and fo <= now


def is_due(e, R, now):
    return e.kind in ("todo", "commitment") and overlaps(ev_iv(e), R) and known(e, now) and not done_known(e, now)


def is_ambiguous(e, R, now, source=None):
    done_before = e.done is not None and e.done < R[0] and done_known(e, now)
    return (is_occurred(e, R, now) or is_mentioned(e, R, now, source)
            or (overlaps(ev_iv(e), R) and time_known(e, now) and not done_before))


def related(e, W):
    olds = [(x, x + (DAY if g == "day" else MIN1)) for x, g, _, _ in e.old]
    return (overlaps(ev_iv(e), W) or any(overlaps(iv, W) for iv in olds) or inr(e.done, W)
            or any(inr(r.obs, W) for r in e.nc()))


def ranges(name, now, arg=None):
    """(narrow, wide) half-open ranges per shared/time-conventions.md; wide = the generous reading."""
    d, w = day0(now), week0(now)
    H = timedelta(hours=1)
    one = lambda a, b: ((a, b), (a, b))
    if name == "today":
        return one(d, d + DAY)
    if name == "yesterday":
        return one(d - DAY, d)
    if name == "day_before":
        return one(d - 2 * DAY, d - DAY)
    if name == "tomorrow":
        return one(d + DAY, d + 2 * DAY)
    if name == "these_two_days":                     # 这两天 = [yesterday, tomorrow)
        return one(d - DAY, d + DAY)
    if name == "this_week":
        return one(w, w + 7 * DAY)
    if name == "last_week":
        return one(w - 7 * DAY, w)
    if name == "week_before_last":                   # 上上周
        return one(w - 14 * DAY, w - 7 * DAY)
    if name == "next_week":
        return one(w + 7 * DAY, w + 14 * DAY)
    if name == "weekday":                            # arg = (week offset, weekday)
        off, wd = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x, x + DAY)
    if name == "weekday_part":                       # arg = (week offset, weekday, part start h, part end h)
        off, wd, a, b = arg
        x = w + timedelta(days=7 * off + wd)
        return one(x + a * H, x + b * H)
    if name == "this_weekend":
        return one(w + 5 * DAY, w + 7 * DAY)
    if name == "last_weekend":
        return one(w - 2 * DAY, w)
    if name == "recent3":                            # 最近三天 = [today-2, tomorrow); 72 h tolerated
        return (d - 2 * DAY, d + DAY), (d - 3 * DAY, d + DAY)
    if name == "recent":                             # 最近 = the last 7 days incl. today; older tolerated
        return (d - 6 * DAY, d + DAY), (d - FAR, d + DAY)
    if name == "before_weekday":                     # 这周五之前 / 下周一之前 = [now, end of that day)
        off, wd = arg
        end = w + timedelta(days=7 * off + wd + 1)
        return (now, end), (w, end)
    if name == "before_month_end":                   # 月底之前 = [now, 1st of next month)
        return (now, month_start(d, 1)), (month_start(d), month_start(d, 1))
    if name == "before_date":                        # 2月3号之前 = [now, end of that day)
        end = D(arg) + DAY
        return (now, end), (w, end)
    if name == "this_month":
        return one(month_start(d), month_start(d, 1))
    if name == "this_morning":                       # 今天上午 = [06:00, 12:00)
        return (d + 6 * H, d + 12 * H), (d, d + 13 * H)
    if name == "last_night":                         # 昨晚 = [yesterday 18:00, 24:00); notes to 04:00 tolerated
        return (d - 6 * H, d), (d - 7 * H, d + 4 * H)
    if name == "date":
        x = D(arg)
        return one(x, x + DAY)
    if name == "all":                                # no time word: the last 30 days up to now
        return (now - timedelta(days=30), now), (d - FAR, d + FAR)
    raise KeyError(name)


MODE_GROUP = {"OCCURRED_IN": "occurred", "MENTIONED_IN": "mentioned", "PLANNED_IN": "planned",
              "CREATED_IN": "created", "DUE_IN": "due"}


def label_query(q, spec):
    now = datetime.fromisoformat(q["now"])
    R, W = ranges(spec["range"], now, spec.get("arg"))
    mode = q["mode_hint"]
    kinds, imp, topics = spec.get("kinds"), spec.get("importance"), spec.get("topics")
    tolerated = set(topics or []) | set(spec.get("allow_topics", []))
    source, text_re = spec.get("source"), spec.get("text_re")

    def rule(e):
        if not e.nc():
            return False          # calendar-only events are never required
        return {"OCCURRED_IN": lambda: is_occurred(e, R, now),
                "MENTIONED_IN": lambda: is_mentioned(e, R, now, source, text_re),
                "PLANNED_IN": lambda: is_planned(e, R, now),
                "CREATED_IN": lambda: is_created(e, R, now),
                "DUE_IN": lambda: is_due(e, R, now),
                "AMBIGUOUS": lambda: is_ambiguous(e, R, now, source)}[mode]()

    def filt(e):
        return ((not kinds or e.kind in kinds) and (not imp or e.imp == imp)
                and (not topics or bool(set(topics) & set(e.topics))))

    must = [e for e in EVENTS if rule(e) and filt(e)]
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
    assert not (ids & set(must_not)), q["id"]
    assert len(must) <= 12, (q["id"], len(must))
    q.update(must=[e.id for e in must], must_not=must_not, allowed=allowed, groups=groups,
             range={"start": iso(R[0]), "end": iso(R[1])}, range_wide={"start": iso(W[0]), "end": iso(W[1])})


# ================================================================ queries
NA, NB, NC, ND = "01-13 21:00", "01-17 22:00", "01-18 08:00", "01-20 20:30"
NE, NF, NG, NH, NI = "01-22 12:30", "01-24 21:30", "01-26 07:30", "01-28 22:00", "01-31 21:00"
TD = ["todo", "commitment"]
QUERIES = [
    # OCCURRED_IN
    ("o01", "今天都忙活了些啥？", NA, "OCCURRED_IN", {"range": "today"}),
    ("o02", "上周办成了哪些要紧的事？", NC, "OCCURRED_IN", {"range": "last_week", "importance": "high"}),
    ("o03", "昨天我都干嘛了？", NF, "OCCURRED_IN", {"range": "yesterday"}),
    ("o04", "上周三那天我做了些什么？", NI, "OCCURRED_IN", {"range": "weekday", "arg": [-1, 2]}),
    ("o05", "今天上午都办了哪些事？", ND, "OCCURRED_IN", {"range": "this_morning"}),
    ("o06", "这个周末都干了点啥？", NB, "OCCURRED_IN", {"range": "this_weekend"}),
    ("o07", "这周到目前为止做了哪些事？", NH, "OCCURRED_IN", {"range": "this_week"}),
    ("o08", "上个周末过得咋样，都干了啥？", NG, "OCCURRED_IN", {"range": "last_weekend"}),
    ("o09", "1月29号那天都发生了什么？", NI, "OCCURRED_IN", {"range": "date", "arg": "01-29"}),
    # MENTIONED_IN
    ("m01", "我昨天说过要办哪些事？", NA, "MENTIONED_IN", {"range": "yesterday", "kinds": TD}),
    ("m02", "这两天我都念叨过些啥？", NE, "MENTIONED_IN", {"range": "these_two_days"}),
    ("m03", "昨晚记了点什么？", NC, "MENTIONED_IN", {"range": "last_night", "source": "mi"}),
    ("m04", "上周我在聊天里跟助手说过什么？", NF, "MENTIONED_IN", {"range": "last_week", "source": "chat"}),
    ("m05", "我在 MeInput 里记过哪些带我爸看病、配药的事？", NH, "MENTIONED_IN",
     {"range": "all", "source": "mi", "topics": ["hospital"], "allow_topics": ["father"], "text_re": "爸"}),
    ("m06", "这个月我提过桐桐哪些事？", NI, "MENTIONED_IN", {"range": "this_month", "topics": ["tong"]}),
    ("m07", "前天和助手聊了些什么？", ND, "MENTIONED_IN", {"range": "day_before", "source": "chat"}),
    ("m08", "今天上午都记了啥？", ND, "MENTIONED_IN", {"range": "this_morning", "source": "mi"}),
    ("m09", "1月20号那天我都说了些什么？", NI, "MENTIONED_IN", {"range": "date", "arg": "01-20"}),
    # PLANNED_IN
    ("p01", "今天有啥安排？", NC, "PLANNED_IN", {"range": "today"}),
    ("p02", "下周都排了哪些事？", NB, "PLANNED_IN", {"range": "next_week"}),
    ("p03", "周六有什么安排？", ND, "PLANNED_IN", {"range": "weekday", "arg": [0, 5]}),
    ("p04", "明天有什么行程？", NE, "PLANNED_IN", {"range": "tomorrow"}),
    ("p05", "这周还有哪些安排？", NG, "PLANNED_IN", {"range": "this_week"}),
    ("p06", "周五上午都安排了啥？", NH, "PLANNED_IN", {"range": "weekday_part", "arg": [0, 4, 6, 12]}),
    ("p07", "这个周末有什么安排没？", NA, "PLANNED_IN", {"range": "this_weekend"}),
    ("p08", "下周一有什么安排？", NI, "PLANNED_IN", {"range": "weekday", "arg": [1, 0]}),
    ("p09", "1月27号有什么安排？", NE, "PLANNED_IN", {"range": "date", "arg": "01-27"}),
    # CREATED_IN
    ("c01", "这周都定下了什么事？", NB, "CREATED_IN", {"range": "this_week", "kinds": ["decision"]}),
    ("c02", "最近定下来的事有哪些？", NI, "CREATED_IN", {"range": "recent", "kinds": ["decision"]}),
    ("c03", "这周我答应了别人哪些事？", NF, "CREATED_IN", {"range": "this_week", "kinds": ["commitment"]}),
    ("c04", "这个月新记了哪些待办？", NI, "CREATED_IN", {"range": "this_month", "kinds": TD}),
    ("c05", "上周记下了哪些待办？", NH, "CREATED_IN", {"range": "last_week", "kinds": TD}),
    ("c06", "我上周定了哪些事？", NE, "CREATED_IN", {"range": "last_week", "kinds": ["decision"]}),
    ("c07", "上上周我答应过谁什么事？", NI, "CREATED_IN", {"range": "week_before_last", "kinds": ["commitment"]}),
    # DUE_IN
    ("d01", "这周五之前要交什么？", NA, "DUE_IN", {"range": "before_weekday", "arg": [0, 4]}),
    ("d02", "下周一之前得搞定哪些事？", NB, "DUE_IN", {"range": "before_weekday", "arg": [1, 0]}),
    ("d03", "这周都有什么要交的？", NC, "DUE_IN", {"range": "this_week"}),
    ("d04", "月底之前还有哪些事要搞定？", NE, "DUE_IN", {"range": "before_month_end"}),
    ("d05", "下周有哪些事得办完？", NF, "DUE_IN", {"range": "next_week"}),
    ("d06", "2月3号之前要办完的有哪些？", NH, "DUE_IN", {"range": "before_date", "arg": "02-03"}),
    ("d07", "今天有什么要交的吗？", NG, "DUE_IN", {"range": "today"}),
    ("d08", "明天有啥要交的？", NI, "DUE_IN", {"range": "tomorrow"}),
    ("d09", "下周三之前有什么要交？", NF, "DUE_IN", {"range": "before_weekday", "arg": [1, 2]}),
    # AMBIGUOUS
    ("a01", "我昨天有什么重要的事？", NA, "AMBIGUOUS", {"range": "yesterday", "importance": "high"}),
    ("a02", "今天有哪些要紧的事？", ND, "AMBIGUOUS", {"range": "today", "importance": "high"}),
    ("a03", "这周我有哪些重要的事？", NF, "AMBIGUOUS", {"range": "this_week", "importance": "high"}),
    ("a04", "上周有什么重要的事吗？", NC, "AMBIGUOUS", {"range": "last_week", "importance": "high"}),
    ("a05", "最近三天有什么需要注意的？", NH, "AMBIGUOUS", {"range": "recent3", "importance": "high"}),
    ("a06", "和面机修好了没？", NI, "AMBIGUOUS", {"range": "all", "topics": ["mixer"], "allow_topics": ["equipment"]}),
    ("a07", "王老板那顿饭后来吃成了吗？", NE, "AMBIGUOUS",
     {"range": "all", "topics": ["wang_dinner"], "allow_topics": ["flour", "supplier"]}),
    ("a08", "爸的药配上了吗？", NH, "AMBIGUOUS", {"range": "all", "topics": ["father_meds"], "allow_topics": ["father"]}),
    ("a09", "这周我爸那边有什么情况？", NI, "AMBIGUOUS", {"range": "this_week", "topics": ["father"]}),
    ("a10", "上周三有什么事？", NC, "AMBIGUOUS", {"range": "weekday", "arg": [-1, 2]}),
]
SKIPS = [
    ("s01", "“明天见”用英语怎么说？", NE),
    ("s02", "帮我写一段春节放假的告示，语气亲切点", NH),
    ("s03", "片儿川的浇头怎么炒才香？", NA),
    ("s04", "三天打鱼两天晒网是什么意思？", ND),
    ("s05", "下午茶配什么点心比较好卖？", NF),
    ("s06", "把“下周一恢复营业”翻成英文，我要贴在门口", NI),
    ("s07", "一碗牛肉面的成本怎么算比较合理？", NC),
    ("s08", "推荐几部适合全家过年一起看的电影", NG),
]


def build_queries():
    out = []
    for qid, text, now, mode, spec in QUERIES:
        q = {"id": qid, "query": text, "now": iso(T(now)), "mode_hint": mode}
        label_query(q, spec)
        q["expect_skip"] = False
        q["spec"] = spec
        out.append(q)
    for qid, text, now in SKIPS:
        out.append({"id": qid, "query": text, "now": iso(T(now)), "mode_hint": None, "expect_skip": True,
                    "must": [], "must_not": [], "allowed": [], "groups": {}, "spec": {}})
    return out


# ================================================================ main
def main():
    for r in RECS:
        if not P0 <= r.obs < P1:
            raise SystemExit(f"record outside the period: {r.text}")
    meinput = sorted((wire_meinput(r) for r in RECS if r.src == "mi"),
                     key=lambda x: (datetime.fromisoformat(x["observed_at"].replace("Z", "+00:00")), x["evidence_id"]))
    data = {
        "meta": {"name": "temporal-recall dev5 (noodle restaurant, Spring Festival run-up)", "generator": "gen5.py",
                 "seed": SEED, "main_user": MAIN, "timezone": "Asia/Shanghai",
                 "period": {"start": iso(P0), "end": iso(P1)},
                 "notes": "events and queries describe u_chen only; every u_lin record is a leak if shown for u_chen. "
                          "event_time_grain=day means the whole calendar day of event_time (deadlines, all-day items). "
                          "Calendar refs: calendar:event:<UID> or calendar:event:<UID>:<RECURRENCE-ID> "
                          "(YYYYMMDDTHHMMSS, Asia/Shanghai) for instances of recurring events."},
        "users": [{"user_id": MAIN, "timezone": "Asia/Shanghai",
                   "persona": "陈立华，杭州拱墅区「陈记面馆」老板；照顾78岁的老父亲（心脏病、高血压），女儿桐桐初二"},
                  {"user_id": OTHER, "timezone": "Asia/Shanghai", "persona": "林晓敏，瑜伽馆老师，带私教和团课"}],
        "meinput": meinput,
        "chat": {MAIN: wire_chat(MAIN), OTHER: wire_chat(OTHER)},
        "calendar": {MAIN: {"name": "陈立华", "timezone": "Asia/Shanghai",
                            "events": [v.wire() for v in VEVENTS if v.user == MAIN]},
                     OTHER: {"name": "林晓敏", "timezone": "Asia/Shanghai",
                             "events": [v.wire() for v in VEVENTS if v.user == OTHER]}},
        "events": [wire_event(e) for e in EVENTS],
        "queries": build_queries(),
    }
    path = os.path.join(HERE, "data.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    n_msgs = len(data["chat"][MAIN]["messages"])
    print(f"wrote {path}: meinput(main)={sum(1 for r in meinput if r['user_id'] == MAIN)} "
          f"sessions(main)={len(data['chat'][MAIN]['sessions'])} messages(main)={n_msgs} "
          f"runs(main)={len(data['chat'][MAIN]['runs'])} vevents(main)={len(data['calendar'][MAIN]['events'])} "
          f"events={len(EVENTS)} queries={len(data['queries'])}")


if __name__ == "__main__":
    main()
