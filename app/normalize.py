"""Timeline Normalizer (RFC §4.2, §6): the text rules that turn one record's text into a Candidate.

Deterministic: event_time from the planner's time parser in stored-text mode (relative to the
record's observed time), type and status from cue words, a short title, participants, importance
(upstream when given, else estimated) and extraction confidence. What an upstream states outright
(a run's status, a memory's kind or event time) is passed in as `Stated` and wins over the rules.
Reading the upstreams' wire formats is the sources' job (app/sources/).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, time, timedelta, tzinfo

import msgspec

from app.candidate import Candidate, Role, Status
from app.contracts import Change, Grain, ItemStatus, ItemType, SourceName, TimeExpression
from app.keywords import KIN_PATTERN, PERSON_PATTERN, TIME_WORD, family_in, keywords, people_in
from app.planner.tense import CLAUSE as _CLAUSE
from app.planner.tense import DONE, MUST_DO, REMIND, STILL_AHEAD, clause_around
from app.planner.timeparse import GRAIN_ORDER, is_deadline, parse
from app.text import clean_text, simplified

# How much a record's origin is worth (RFC §7 source_quality): a calendar entry first (RFC §5 weighs
# Calendar highest: its time and title are exact, so it represents an event merged across sources),
# then the user's own typed words.
SOURCE_QUALITY: dict[Role, float] = {"calendar": 1.0, "segment": 0.99, "user": 0.97, "run": 0.9, "assistant": 0.85,
                                     "memory": 0.8}

# 搞定了: done; 还没定下来 / 没决定: nothing decided yet
_DECIDED = re.compile(r"(?<![没未])(?:决定|(?<!搞)定了|定下|敲定|确定了|拍板|采用|选定|结论是|就这么定|定为|改成|商量好了|商定|议定|(?<!等我)(?<![等你])想(?:清楚|好)了(?![吗么没再])|拿定主意)")
_COMMITMENT = re.compile(r"答应|承诺|保证|我会|我来负责|我负责|包在我身上|一定会|说好了|说好")
# A favour for someone named (「帮小唐约上孙总」「帮妈妈挂号」) is a promise to them, not only a task.
_FAVOUR = re.compile(rf"帮(?:{PERSON_PATTERN}|{KIN_PATTERN})")  # (KIN_PATTERN holds 妈 and 爸 alone)
# The 了 of a promise is the promise made, not the thing done (「跟钱总保证了，下周三前给他方案」), also
# with whom it was made to (「答应桐桐了，这个周末带她去买羽绒服」「老板答应我了」「答应过外婆了」; but 「约好王总了」
# got the meeting arranged, and 「保证金交了」「承诺书签了」 are done)
_PROMISE_TO = (rf"(?:[他她你我]|大家|孩子)们?|{PERSON_PATTERN}|{KIN_PATTERN}|小[\u4e00-\u9fff]|[男女]朋友|外?[婆公]|"
               r"爷爷|奶奶|姥姥|姥爷|(?P<twice>[\u4e00-\u9fff])(?P=twice)")  # (a doubled name: 桐桐, 乐乐)
_PROMISE_MADE = re.compile(rf"(?:(?:答应|承诺|保证)过?(?:{_PROMISE_TO})?|说好|约好|定好)了")
# a day's deadline with what to do by it (「5月8号之前配副新老花镜」; not 「周五之前的」 or 「3号以前一直在出差」)
_BY_DAY = (r"(?:[\d一二三四五六七八九十][号日]|周[一二三四五六日天末]|星期[一二三四五六日天]|礼拜[一二三四五六日天]|月底|月初|月中|年底)"
           r"(?:之前|以前)(?![的，,。！!？?]|$|我|都|在|是|没|一直|还|手头)")
_TODO = re.compile(
    rf"{_BY_DAY}|{REMIND}|别忘|要交|还没(?:交|缴|付|还)|提交|截止|deadline|待办|todo|下班前|最晚|最迟|要求[^，。,]{{0,8}}把|让[^，。,]{{1,8}}把|"
    r"让我[^，。,]{0,8}(?:给[^，。,]{1,4})?(?:答复|回复|回话|交|发(?![愁火呆慌])|做(?!梦|噩)|写|准备|去)|"
    rf"之前.{{0,12}}?(?:完成|交|提交|发|给|做|写|改)|把.{{1,15}}?(?:发给|交给|提交)|{MUST_DO}|"
    r"(?<![非偏硬])(?:要|得|需要)把|前(?:要|得|把)|需要(?:去|做|完成|提交|准备|写|处理)|(?<![非偏硬])要(?:去|做|完成|准备|写|买|交|提交|整理|处理|回复|发|改|看|订|约|打|联系|跟进)|"
    r"准备|提醒我|跟进|交(?:方案|报告|周报|材料|作业|文档|稿|表)|(?:发|交|寄|回复|转)[^，。,]{0,8}给|给[^，。,]{1,6}(?:发|交|寄|回复)|"
    r"(?<![以提])前(?:交|给|发|回复|完成|提交|报|做|写|改|付|订|办|寄)(?![的过了])|必须",
    re.I,
)
_GOING_TO = re.compile(r"(?:要|得|需要)去")
_EVENT = re.compile(
    r"开会|会议|例会|周会|见面|见了|拜访|签约|签合同|签了|吃饭|吃了?[午晚早]?饭|午饭|晚饭|聚餐|看牙|牙医|医院|面试|体检|出差|评审|上线|发布|约了|复诊|看病|航班|"
    r"演示|汇报|培训|团建|电话会|视频会|讨论|沟通|谈谈|聊聊|聊完|谈完|谈话|面谈|约谈|谈心|演讲|参加|去了|会面|聚会|婚礼|摆酒|喜酒|婚宴|寿宴|满月酒|生日|纪念日|旅行|旅游|接孩子|家长会"
)
# occasions a day ahead is planned for (「下周三述职」「周日钢琴课」); not read in undated texts, where
# they are often only talked about (「值班室的空调坏了」「他上课爱插话」)
_OCCASION = re.compile(
    r"述职|答辩|路演|考试|笔试|复试|手术|出院|住院|开庭|值班|比赛|演出|上课|家教|补课|辅导|活动|自由行|"
    r"(?:钢琴|瑜伽|游泳|舞蹈|美术|书法|围棋|编程|英语|数学|体育|网|公开|培训)课|"
    r"(?:年|晚|酒|舞|展|峰|早|晨|(?<!加)班|研讨|座谈|茶话|演唱|音乐|运动|见面|交流|分享|宣讲|招聘|联欢|启动|复盘|总结|动员)会(?![员计话儿])"
)
_FRAMING = re.compile(
    r"^(?:好的[，,。！!]?\s*)?(?:已经?(?:帮你)?(?:记下|记录|添加|设置|创建)(?:了)?(?:提醒|待办)?[：:，,]?\s*|"
    r"帮我记(?:一下|下)?[：:，,]?\s*|提醒我[：:，,]?\s*|记一下[：:，,]?\s*)"
)
_PERIODS = ("week", "month", "quarter", "year")
# a plan moved to a time (周会改到周五): said by the record that moves it, and framing its new time
_MOVE_TO = "改到|改在|推迟到|推到|延到|延后到|延期到|顺延到|提前到|往前提到|挪到|换到|调到|改签到|改约到"
# Deadline words said with a time (截止到…, …之前): the item's due time says them, and so do the
# words that move a plan to its time (往后挪到…); 整 after a clock time (四点整) is part of it
_DEADLINE_BEFORE = re.compile(rf"(?:截止到|截至到?|截止|最晚|最迟|不晚于|赶在|[定约]在|安排在|定于|(?:往[前后])?(?:{_MOVE_TO}))$")
_DEADLINE_AFTER = re.compile(r"^(?:之前|以前|前|截止到?|为止)?(?:了$)?")
_CLOCK_END = re.compile(r"[点时分钟]$")
_JUST_NOW = re.compile(r"刚刚|刚才")
_PRONOUN = re.compile(r"(?<!其)[他她]")
_BORROWED_MAX = 12  # a clause borrowed to say what or who, at most this long: the item's own words come first
# what a title may start with once its time words are gone (「明天下午三点的会」 → 「会」, not 「的会」)
_LEADING_JOINER = re.compile(r"^(?:[的在是，,：:、\s]|和(?=都|也|还))+")
# Filler that says nothing about which event a text is about (「记得明天和张总签合同」 ≈ 「和张总签合同」).
_FILLER = re.compile(
    r"帮我记一下|帮我记|记一下|提醒我|记得|别忘了|别忘|不要忘了|一下|我们|我|你|他|她|一起|那个|这个|还有|"
    r"[要得去的了和跟与把给在是吧呢啊哦嗯呀]"
)
_IMPORTANCE_RULES = [
    (re.compile(r"截止|之前|deadline|到期|要交|提交|ddl", re.I), 0.2),
    (re.compile(r"\d+万|万元|\d+元|报价|付款|回款|预算|发票|报销|工资|奖金|提成|薪|转账|贷款"), 0.15),
    (re.compile(r"合同|签约|签合同|协议"), 0.2),
    (re.compile(r"医院|体检|看病|医生|牙医|看牙|复诊|药|发烧|生病|手术"), 0.15),
    (re.compile(r"会议|开会|评审|汇报|面试|上线|发布|客户|老板|生日|纪念日|家长会"), 0.1),
    # the milestones of a life: rare, prepared for, remembered
    (re.compile(r"比赛|马拉松|半马|全马|考试|答辩|婚礼|搬家|手术|毕业|入职|离职|签证|护照"), 0.15),
    # a holiday spent with family (「端午全家去松江吃饭」「元旦回老家」「年夜饭六点开席」; not 「大家端午快乐」,
    # 「周五一起回家」, 「王国庆说…」, 「端午节家长群里发了通知」)
    (re.compile(rf"^(?=.*(?:端午|中秋|春节|过年|除夕|元旦|(?<![王张李刘陈杨赵黄吴])国庆|(?<!周)五一|清明|重阳|元宵))"
                rf"(?=.*(?:全家|一家人|回家|老家|家里人|婆家|娘家|[婆娘公]婆家|团圆|{KIN_PATTERN}))|年夜饭|团年饭|团圆饭",
                re.S), 0.15),
]
_CHITCHAT = re.compile(r"哈哈|好的$|嗯嗯|谢谢|晚安|早安|吃了吗|无聊|随便|表情|你好|在吗|hh|233|lol", re.I)
_EMBED_CHARS = 4000  # long texts are cut before analysis
# A record that calls a plan off, or moves it to the time it names (「周会改到周五上午十点」).
# (算了 of giving up, 「算了，不去了」「那就算了」; not of reckoning, 「提成改按回款算了」)
_CALLED_OFF = re.compile(
    r"取消|去不了|去不成|办不成|来不了|作废|泡汤|(?<![要快怕])黄了|(?:(?<![\u4e00-\u9fff])|(?<=就)|(?<=还是)|(?<=干脆))算了|改天(?:再|吧|了)|改期了|延期了|撤了|推掉|爽约|"
    r"停一次(?![电水气])|停一期|停课(?!不)|"
    # excused from a class, meeting or shift (「4月1号的瑜伽课请假了」「明天的例会我请了假」); not leave taken for a trip
    # (会 of a meeting, not the 会 of 我会请假, 学会; 班 of a class or shift, not 上班, 加班)
    r"(?P<excused>课|(?<![我你他她不也就将待一学机要还都])会|(?<![上下加])班|训练|培训|排练|活动|聚会|聚餐)"
    r"(?:都|我|也|就){0,2}(?:会|已经)?请(?:了|过|好|个)?假(?![条单])|"
    # 不去了, 不用开了, 不聚了, 就不参加了, 不用接孩子了 (a verb of doing the plan; not 不错了, 不早了)
    r"(?<![看用赶追考])不(?:用|必|需要)?(?:再)?(?:去|开(?!心)|办|做|聚|打|上|来|约|参加|接|送|搞|弄|过来|过去)"
    r"[^，。,；！就才]{0,3}了"
)
# ...or says it is done (「报价单发给王总了」「CRM总算更新完了」「给爸配好了药」): a verb of getting a thing done, not any
# completed aspect (「晚饭吃了火锅」 is something that happened, not a plan ticked off).
# (配 of a thing got ready, 配好了药; not 分配, 匹配, 搭配, 标配)
_DONE_VERB = "(?:发|交|缴|寄|提交|报|办|做|弄|写|改|填|订|约|买|付|签|开|续|取|领|投|(?<![分匹搭标顶装支])配|整理|处理|准备|更新|修)"
_GOT_DONE = re.compile(
    # not when negated: 「报告到现在还没写完」 is not done
    # nor when only part is: 「第三讲写了一半」
    rf"(?<![没未])(?:{_DONE_VERB}(?:完|好|清|齐|上|下来|出去|上去|掉|回)?了(?!一半|一部分|一小半|一大半|几|一些|些|吗|没)|"
    # 「新钱换好了」「材料凑齐了」: got or gathered (not 换了个发型, 心情收好了, 人凑齐了就开打)
    r"(?:(?:换|备)(?:好|齐|完)|(?:凑|收)齐)了(?!吗|没|就)|"
    rf"{_DONE_VERB}(?:完|好)[^，。,；！]{{1,8}}了|"
    r"(?<!忘了|忘记)(?:发|交|寄|转|报|递|(?<![冒感病毒艺])传|回复)给[^，。,；]{1,8}了(?!吗|没|么)|(?:交|提交|传)到(?!哪)[^，。,；]{1,8}了|搞定|完成了|弄完|做完|写完|改完|办完|交完|发完|更新完|还(?:清|完)了|还上了(?!个)|到账了|"
    # money that reached the account it was to go into (「5万定金进监管账户了」)
    r"(?<![没未])进[^，。,；]{0,6}账户了(?!吗|没|么)|进账了(?!吗|没|么)|"
    # 「易拉宝从打印店取回来了」: fetched (not 被…寄回来了, sent back)
    r"(?:取|买|领|借|修|配)回来了(?!吗|没)|"
    # 「车票抢到了！」: got hold of what was to be got
    r"(?<![等要是果])(?:抢|买|订|约|拿|领|借|挂)到了(?!吗|没)|"
    # 「书还了」: returned
    r"(?<![没未该得要快又就])还了(?!得|解|一半|一部分|吗|没|么|个|一)|"
    # a thing done with someone or at a place, finished (「陪小邝练完预冲了」「体检做完了」「课上完了」「学分刷完了」)
    # (not nearly done, 快背完了, 就看完了; nor used up, 饭卡刷完了, 额度刷完了)
    r"(?<![等快就卡度量费])(?:练|看|考|讲|跑|学|上|聊|谈|搬|拍|录|剪|采|测|刷|补|背|培训|体检|复查|检查)完(?!一半)[^，。,；！]{0,8}了(?!一半|吗|没|么)|"
    r"(?:签证|护照|执照|批文|贷款|批)下来了|已经?(?:发|交|缴|寄|提交|办|完成|签|付|订|约|修|续|(?:转|汇)(?=[账款钱给过]|了(?![一二三两几\d])))|"
    # paid or handed in before now (「学费交过了」; not what was tried before, 做过了, 约过了两次), and money
    # sent (「押金转过去了」「房租打过去了」; not a call, 电话打过去了没人接)
    r"(?:交|缴|付|报|办|签)过了(?!吗|没|么)|(?<!电话)(?:转|汇|打)(?:过去|出去)了(?!吗|没|么|[^，。]{0,3}没人))"
)
_MOVED = re.compile(rf"{_MOVE_TO}|改成|改为|往后挪|往前挪")
# put off to a time named (「ECMO培训延期了，改到12月1号下午2点」): moved, not called off
_PUT_OFF = re.compile(r"延期了|改期了")
_ANOTHER_THING = re.compile(r"[。？?\n]|另外|还有|顺便")  # between a calling off and a move: of two plans


class Stated(msgspec.Struct, frozen=True, kw_only=True):
    """What an upstream states outright about a record; the text rules fill in everything else."""

    type: ItemType | None = None
    status: ItemStatus | None = None
    event_time: datetime | None = None  # an exact time, e.g. an agent run's started_at
    event_grain: Grain | None = None  # its grain: minute unless stated (a calendar's all-day event: day)
    title: str | None = None
    confidence: float | None = None


NOTHING_STATED = Stated()


class Analysis(msgspec.Struct, frozen=True, kw_only=True):
    """What the rules read from one text."""

    type: ItemType
    gist: str
    status: Status
    event_time: datetime | None
    event_grain: Grain | None
    title: str
    confidence: float
    scheduled: bool  # it names a clock time after it was written: something planned (raises importance)
    asks_only: bool  # a lone question naming no time of its own (「粽叶要提前泡多久？」): knowledge asked for
    change: Change | None  # what it says happened to an earlier plan, if it reads as such an update
    subject: str | None  # ...and the plan a move or calling off names, by its head word (which plan, on a tie)
    body: str  # the text the rules read: framing ("帮我记一下") dropped, cut to _EMBED_CHARS


def participants_of(text: str, named: Iterable[str] = ()) -> tuple[str, ...]:
    """People an upstream named (`named`; family by one word each: an entity 我妈 is 妈妈) and people
    the text mentions, each once."""
    names = [*(person for name in named for person in family_in(name)[0] or [name]), *people_in(text)]
    return tuple(dict.fromkeys(n.strip() for n in names if n.strip()))


# going somewhere or doing something with others on a day ahead is an event; paying or sending, an errand
_GOING = re.compile(r"去|飞|考|搬家|出发|出差|回[^，。,？?]{0,3}家|参加|接|送|见|聚|上课|打球|看|"
                    # one's own intention for that day (「下周一业务学习我要讲俯卧位通气」)
                    r"我(?:要|得|打算|准备)")
_ERRAND = re.compile(r"把|交|付|缴|买|订|办|(?<!预)报|寄|回复|提交|打电话|给[^，。,]{0,6}(?:打|发|回)")
_ALREADY = re.compile(r"已经|已(?!读)")
# 「把报告写完」 orders it done (「把报告写完了」 says it is); not a mishap (「把钥匙忘在家里」「老板把我骂一顿」)
_ORDERED = re.compile(r"把(?![我人他她])(?![^，。,；！]*(?:了|忘|丢|摔|骂|吓|气|累|坏))")
# a request put as a question (「能提醒我明天9点给王总打电话吗？」) is what it asks for
_REQUEST = re.compile(rf"提醒|帮我|帮忙|{REMIND}|记一下|能不能|可不可以|麻烦")
_ASKED = re.compile(r"[^，。；！？,;!?\n]*[？?]+")  # a clause that ends in a question mark, with it
# a clause handing the assistant something to work out or write, after something told (not what it asks
# to be booked or bought on the user's behalf: 帮我订…, 帮我约…)
_ASSISTANT_TASK = re.compile(
    r"(?<=[^，。；！？,;!?\s])[，,。；;！!]\s*(?:帮我|帮忙|麻烦你?帮?我?)"
    r"(?:算|写|查|看(?!看?(?:孩子|娃|家|店|着)|下娃)|想(?!着)|捋|翻译|列|整理|润色|估|推荐|出个|出一|拟|起草|总结|分析)"
    r"[^，,。；;！!？?\n]*")


def _asks(text: str) -> bool:
    """Whether `text` holds a question mark: _ASKED's scan of every clause is dear, the check is not."""
    return "？" in text or "?" in text


def _clause_of(text: str, expr: TimeExpression) -> str:
    """The clause of `text` that holds `expr`."""
    start, end = clause_around(text, expr.span[0] if expr.span is not None else 0)
    return text[start:end]


# the words of a day in a time expression: a clock time without them was written apart from its day
_DAY_WORDS = re.compile(r"[天日号周期拜月年今明昨]")
# words to be rewritten (「把“下周三下午三点开会”翻译成英文」「把“请各位家长周五前回复”改得客气一点」
# 「翻译成英文：下周三开会」): their times are the words', not the user's. Not a quote that is no such
# object (「客户说“下周一上午十点开会”，方案还要修改」), nor a move (「例会时间改成“周五下午两点”」)
_REWRITTEN = re.compile(
    r"把\s*(“[^”]*”|「[^」]*」|『[^』]*』|\"[^\"]*\")\s*(?:翻译|译成|改得|改写|改一下|润色|校对|修改|写得)"
    r"|把([^，。！？；]{1,40}?)(?:翻译|翻|译)成"
    r"|(?:翻译|翻成|译|润色|校对|改写)[^，。：:“「\"]{0,8}[：:]\s*(“[^”]*”|「[^」]*」|\"[^\"]*\"|[^。！？]+)"
    # 「帮我把这个通知改得亲切一点：“请同学们于本周五前提交…”」: the words follow the colon (改成 would be a move)
    # (quoted: 「把报价单改一下：下周一之前发给他」 says what to change, and when)
    r"|把[^，。：:“「\"]{1,12}?(?:改得|改写|改一下|润色|校对|写得)[^，。：:“「\"]{0,8}[：:]\s*"
    r"(“[^”]*”|「[^」]*」|\"[^\"]*\")"
)
# a habit holds the times of day after it in its sentence (「总是凌晨一两点才睡着，早上六点半又得起」), up
# to a turn (但/不过/可是), a clause that plans (约/提醒/安排/计划/要) or a day named; 一般 as "so-so" is none
_HABIT = re.compile(r"(?<![很挺太比较])一般(?![般，。,.!！])|通常|总是|老是|经常|常常|往往|一向|向来|平时|平常|每天|天天|每晚|每早")
_HABIT_ENDS = re.compile(r"[。！？!?；;\n]|但|不过|可是")
_PLANS = re.compile(r"约|提醒|安排|计划|要(?!不)")
# a chat turn that asks the assistant for something now (「统计一下班里交作业的情况」「给我一个拜访记录的
# 模板」), not to keep a task for the user (「帮我记一下…」「提醒我…」「帮我加个待办」), nor the user's own
# (「给我爸寄点茶叶」「汇总表要交给财务」)
_ASKS_ASSISTANT = re.compile(
    r"^(?:请|麻烦)?你?(?:帮我|帮忙|替我|给我(?:[一几讲说写列找推算查出整]|个)|把\s*[“「\"]"
    r"|(?:统计|汇总|整理|翻译|计算|算|查|列|写|生成|总结|解释|推荐|比较|分析)(?:一下|下|个|一个|一篇|一段|一份|几|些|查))"
)
_KEEP_FOR_ME = re.compile(r"记一下|记下|记着|记住|提醒|备忘|别忘|待办|日程|加到")
# an answer that asks or confirms a time (「跟王总的会几点？」「好的，下午3点提醒你」) tells the user's
_ASKS_TIME = re.compile(r"几点|什么时候|啥时候|哪天|几号|何时|时间")
_CONFIRMS = re.compile(r"提醒你|帮你|为你|给你|已预约|约好|订好|已约|已订|已安排|已设置")


def _without(text: str, spans: list[tuple[int, int]]) -> str:
    for a, b in sorted(spans, reverse=True):
        text = text[:a] + text[b:]
    return text


def _rewritten(text: str) -> list[tuple[int, int]]:
    """Where the words to be rewritten are in `text`."""
    return [m.span(g) for m in _REWRITTEN.finditer(text) for g in (1, 2, 3, 4) if m.start(g) >= 0]


def _own_times(text: str, exprs: list[TimeExpression], *, generic_clock: bool = False) -> list[TimeExpression]:
    """The times of `text` that are when something of the user's happens: not those in words to be
    rewritten, not a time of day a habit holds, and with `generic_clock` (advice answering a
    question that named or asked no time) no time of day without its day (「下午三点后少喝咖啡」)."""
    rewritten = _rewritten(text)
    days = [e.span[0] for e in exprs if e.span is not None and _DAY_WORDS.search(e.text)]

    def habit_holds(at: int) -> bool:
        clause_start, clause_end = clause_around(text, at)
        for habit in _HABIT.finditer(text, 0, at):
            if (_HABIT_ENDS.search(text, habit.end(), at) is None and not any(habit.end() <= d < at for d in days)
                    and (habit.start() >= clause_start or not _PLANS.search(text, clause_start, clause_end))):
                return True
        return False

    def held(e: TimeExpression) -> bool:
        if e.span is None:
            return False
        if any(a <= e.span[0] < b for a, b in rewritten):
            return True
        return not _DAY_WORDS.search(e.text) and (generic_clock or habit_holds(e.span[0]))

    return [e for e in exprs if not held(e)]


_STEP = {"minute": timedelta(minutes=1), "hour": timedelta(hours=1)}


def _on_its_day(text: str, expr: TimeExpression | None, exprs: list[TimeExpression], observed: datetime,
                zone: tzinfo) -> TimeExpression | None:
    """A clock time written apart from the day (or part of a day) just before it, in its clause or
    the one before (「12月3号家长会 下午两点」「下周三出差，早上7点的飞机」「明天下午，三点，去银行」), on
    that day and in that part; the parser joins only adjacent ones, and alone it is the record's own
    day. Not a deadline (下午3点之前 is a range from now), not a day before the record's own."""
    if (expr is None or expr.grain not in _STEP or expr.span is None or expr.end - expr.start != _STEP[expr.grain]
            or _DAY_WORDS.search(expr.text)):
        return expr
    before = [e for e in exprs if e.span is not None and e.span[1] <= expr.span[0]
              and (e.grain == "day" or (e.grain == "hour" and e.end - e.start > _STEP["hour"]))]
    anchor = before[-1] if before else None
    if anchor is None or anchor.start.date() < observed.astimezone(zone).date() or \
            len(_CLAUSE.findall(text, anchor.span[1], expr.span[0])) > 1:
        return expr
    start = datetime.combine(anchor.start.astimezone(zone).date(), expr.start.astimezone(zone).time(), zone)
    if anchor.grain == "hour":  # a part of the day: the clock's own hour or twelve later, within it
        start = next((s for s in (start, start + timedelta(hours=12)) if anchor.start <= s < anchor.end), None)
        if start is None:
            return expr
    return msgspec.structs.replace(expr, start=start, end=start + _STEP[expr.grain])


def _moves_to(body: str, expr: TimeExpression, moved: re.Match[str] | None = None) -> bool:
    """Whether the text moves something to `expr` (it comes after 改到, 改成, 推迟到 …); `moved`, the
    text's _MOVED match when the caller has it."""
    moved = moved or _MOVED.search(body)
    return moved is not None and expr.span is not None and expr.span[0] >= moved.end()


def _event_expression(body: str, exprs: list[TimeExpression], observed: datetime) -> TimeExpression | None:
    """The expression that dates the event: the finest grain, then the shortest (「下周二第一次月考，这几天
    得抓紧复习」 is dated by the Tuesday, not the few days), the later one on a tie — of those after a
    move (「3点半的会改到4点」), else of those outside the questions the text asks (「下周一早上九点要做
    演示，今晚怎么准备？」)."""
    moved = _MOVED.search(body)
    after_move = [e for e in exprs if _moves_to(body, e, moved)] if moved else []
    asked = [m.span() for m in _ASKED.finditer(body)] if _asks(body) else []
    told = [e for e in exprs if e.span is None or not any(lo <= e.span[0] < hi for lo, hi in asked)]
    best = None
    for e in after_move or told or exprs:
        if best is None or _dates_better(e, best, observed, body):
            best = e
    return best


def _dates_better(e: TimeExpression, best: TimeExpression, observed: datetime, body: str) -> bool:
    """Whether `e`, later in the text, dates the event better than `best`: finer, or as fine and
    shorter (a deadline, [now, X), is as long as it is late: there the later one wins); of two days as
    long, the later (「周五跟孙总汇报，今天先把数据整理出来」); of two clock times, the one whose clause
    names the event, else the first (「七点起床，九点面试」: 面试; 「晚上8点吃饭，10点回家」: 吃饭)."""
    if e.grain != best.grain:
        return GRAIN_ORDER.index(e.grain) < GRAIN_ORDER.index(best.grain)
    if any(is_deadline(x) and x.start == observed for x in (e, best)):
        return True
    if e.end - e.start != best.end - best.start:
        return e.end - e.start < best.end - best.start
    if e.grain not in ("minute", "hour"):
        return True
    return _names_event(_clause_of(body, e)) and not _names_event(_clause_of(body, best))


def _names_event(clause: str) -> bool:
    return bool(_EVENT.search(clause) or _OCCASION.search(clause) or _TODO.search(clause))


def classify(text: str) -> ItemType:
    if _DECIDED.search(text):
        return "decision"
    if _COMMITMENT.search(text) or _FAVOUR.search(text):
        return "commitment"
    # 「下周一要去杭州出差」「明天下午两点要去医院复查」: going to an event is the event, not a task
    if _TODO.search(_GOING_TO.sub("去", text) if _EVENT.search(text) else text):
        return "todo"
    if _EVENT.search(text):
        return "event"
    return "mention"


def _status(kind: ItemType, text: str, event_time: datetime | None, observed: datetime,
            dated_ahead: bool) -> ItemStatus:
    if kind == "mention":
        return "mentioned"
    if dated_ahead and kind != "decision":
        return "planned"  # 「订好了26号早上7点35的高铁」: what got done is the booking; the trip is ahead
    ahead = bool(STILL_AHEAD.search(text))
    if DONE.search(_PROMISE_MADE.sub(" ", text)) and not ahead:
        return "completed"
    if ahead or kind == "commitment" or (event_time is not None and event_time > observed):
        return "planned"
    if kind == "decision":
        return "completed"
    if event_time is not None and event_time < observed:
        return "completed"
    return "unknown"


def _change(body: str, kind: ItemType, status: ItemStatus, expr: TimeExpression | None,
            observed: datetime, whole: str) -> Change | None:
    """What `body` (what the text tells) does to a plan; `whole`, the text the time expressions'
    spans count in."""
    moved = _MOVED.search(body) if expr is not None and expr.end > observed else None
    called_off = _CALLED_OFF.search(body)
    # put off to a time named, or called off and then set for a new time, in one breath (「航班取消了！改签到
    # 这周四早上七点一刻」): moved, not called off; not 「会取消了，改到哪天另行通知」, 「烧烤取消了，改成涮火锅」,
    # nor another plan moved after it (「明天的会取消了。另外周五的复盘挪到下午三点」)
    reset = (moved is not None and called_off is not None and called_off.start() < moved.start()
             and _moves_to(whole, expr) and not _ANOTHER_THING.search(body, called_off.end(), moved.start()))
    if called_off and not (moved and (_PUT_OFF.search(body) or reset)):
        return "cancelled"
    if moved:
        return "moved"
    if status in ("completed", "mentioned") and kind != "decision" and _GOT_DONE.search(body) \
            and not STILL_AHEAD.search(body):
        return "done"  # 「报价单发给王总了」: whatever was planned for it is done
    return None


def _title(text: str, exprs: list[TimeExpression], expr: TimeExpression | None) -> str:
    """The clause that holds the event's time expression (else the first), without the time words
    the item's own resolved time replaces, nor the deadline words around them: 「明天下午三点和张总签合同」
    → 「和张总签合同」, 「合肥的差旅票据截止到下星期五交给财务」 → 「合肥的差旅票据交给财务」. A clause left
    with too little to say what it is about keeps a short clause before it (「可乐的狗粮快见底了，得补上」),
    or, first and without a time, the one after it (「定了，年会放在杭州」); one that is nothing but its
    time is replaced by the clause before or after it (「下周二，上午十点，项目评审」); one saying 他 or 她 keeps a
    short clause before it that names who (「跟钱总保证了，给他试点方案」)."""
    pos, previous = 0, ("", 0)
    clauses = _CLAUSE.split(text)
    for n, clause in enumerate(clauses):
        start = text.find(clause, pos)
        pos = start + len(clause)
        if not clause.strip():
            continue
        if expr is not None and not start <= expr.span[0] < pos:
            previous = (clause, start)
            continue
        kept = _without_times(clause, start, exprs)
        if len(kept) < 2 and expr is not None:  # nothing but its time (「下周二，上午十点，项目评审」): a
            before = _without_times(*previous, exprs)  # clause beside it says what
            after = next((c.strip() for c in clauses[n + 1 :] if c.strip()), "")
            return ((before if 2 <= len(before) <= _BORROWED_MAX else after) or clause.strip())[:30]
        if len(kept) < 2:
            kept = clause.strip()
        if len(kept) < 4 or _PRONOUN.search(kept):  # only then may the clause before be borrowed
            before = _without_times(*previous, exprs)
            borrow = before if 2 <= len(before) <= _BORROWED_MAX else ""
            if len(kept) < 4:
                after = next((c.strip() for c in clauses[n + 1 :] if c.strip()), "") if expr is None else ""
                kept = f"{borrow}，{kept}" if borrow else f"{kept}，{after}" if after else kept
            elif borrow and people_in(borrow):
                kept = f"{borrow}，{kept}"
        return kept[:30]
    return text.strip()[:30]


def _without_times(clause: str, start: int, exprs: list[TimeExpression]) -> str:
    """`clause` (at `start` in its text) without its time expressions and the deadline words framing them."""
    end = start + len(clause)
    for e in sorted(exprs, key=lambda e: -e.span[0]):
        if start <= e.span[0] and e.span[1] <= end:
            after = clause[e.span[1] - start :]
            if _CLOCK_END.search(e.text) and after.startswith("整"):
                after = after[1:]
            clause = _DEADLINE_BEFORE.sub("", clause[: e.span[0] - start]) + _DEADLINE_AFTER.sub("", after)
    return _LEADING_JOINER.sub("", clause.strip())


def _change_gist(body: str, exprs: list[TimeExpression], said: re.Match[str]) -> str | None:
    """What a record moving or calling off a plan says of the plan: the text up to the end of the
    clause saying so (`said`, its last cue), without what follows it (why, what next: 「复盘会往后挪到周五上午十点了，
    会议室被占了」 is about the 复盘会, not about a meeting room)."""
    end = clause_around(body, said.start())[1]
    if end == len(body):
        return None
    gist = _gist(body[:end], [e for e in exprs if e.span[1] <= end])[:300]
    return gist if keywords(gist) else None  # 「改到周五吧，跟王姐的见面…」: the plan is named after its clause


def _change_subject(body: str, exprs: list[TimeExpression], said: re.Match[str]) -> str | None:
    """The plan a record moving or calling one off names right before saying so (`said`, its last cue),
    by its head word (the last, as a Chinese noun phrase ends in its head: 「台风天搬不了，搬家改到大后天」 →
    搬家, 「和王总的见面挪到周五」 → 见面); None when its clause names none before the cue."""
    # excused from a class or meeting, the cue starts inside the plan's word (「周会我也请假了」): it ends there
    at = said.end("excused") if said.groupdict().get("excused") else said.start()
    start = clause_around(body, at)[0]
    before = _without_times(body[start:at], start, exprs).lower()
    people = set(people_in(before))
    # (a word keywords() adds for what the text says otherwise, 半马 → 马拉松, is not in it to end anywhere)
    ends = [(before.rfind(w) + len(w), len(w), w) for w in keywords(before) if w not in people and w in before]
    return max(ends)[2] if ends else None


def _gist(body: str, exprs: list[TimeExpression]) -> str:
    """What a text is about: without its time words and filler."""
    gist = body
    for e in sorted(exprs, key=lambda e: -e.span[0]):
        gist = gist[: e.span[0]] + " " + gist[e.span[1] :]
    return " ".join(_FILLER.sub(" ", gist).split()) or body


def estimate_importance(text: str, kind: str, participants: tuple[str, ...], scheduled: bool = False) -> float:
    """Rules when the upstream gives none: deadlines, money, contracts, health, meetings, named
    people and a scheduled clock time raise it; chit-chat lowers it."""
    score = (0.35 if kind == "mention" else 0.45) + sum(bonus for rx, bonus in _IMPORTANCE_RULES if rx.search(text))
    if participants:
        score += 0.1
    if scheduled:
        score += 0.1
    if kind in ("decision", "commitment", "todo"):
        score += 0.1
    if _CHITCHAT.search(text) and len(text) < 40:
        score -= 0.3
    return round(min(0.98, max(0.05, score)), 3)


def _text_time(expr: TimeExpression | None, kind: ItemType, body: str, observed: datetime, zone: tzinfo,
               happened_when_said: bool) -> tuple[datetime | None, Grain | None, float]:
    """The event time the text itself gives (with its grain) and how sure the rules are of it."""
    if expr is None:
        if happened_when_said or kind not in ("todo", "commitment") or DONE.search(body):
            return observed, None, 0.9
        return None, None, 0.8  # a to-do with no time has no deadline
    if _JUST_NOW.fullmatch(expr.text):
        # a thing done 刚刚 / 刚才 was done minutes before it was written (the conventions' [now − 1 h, now)
        # is a question's range): the record's own time is the nearest, as for a thing told when done
        return observed, "minute", 0.9
    event_time, grain = expr.start, expr.grain
    deadline = is_deadline(expr) and expr.start == observed.astimezone(zone)
    if deadline and grain in ("hour", "minute"):
        event_time = expr.end  # 下午五点之前: due at 17:00
    elif kind in ("todo", "commitment") or deadline:
        # the deadline is the last day (or hour/minute) of the range, e.g. 这周五之前 → Friday
        step = {"minute": timedelta(minutes=1), "hour": timedelta(hours=1)}.get(grain, timedelta(days=1))
        event_time = expr.end - step
        grain = grain if grain in ("minute", "hour") else "day"
    if grain in ("minute", "hour"):
        return event_time, grain, 1.0  # an explicit clock time leaves nothing to guess
    return event_time, grain, 0.85 if grain in _PERIODS else 0.97


def _told(text: str) -> str:
    """What a text tells, without the questions it goes on to ask (「11月1号晚上七点结婚十周年，给我家那位
    准备什么礼物好？」 tells of an anniversary; what to prepare is asked, not a task set) — unless it
    asks for something to be done (「能提醒我…吗？」) or is nothing but questions — and without the work
    it then hands the assistant (「原片传给小鹿了，帮我算下要付多少」: the reckoning is no plan of the user's)."""
    if "帮" in text or "麻烦" in text:
        # (one that names a time is about a plan of the user's: 「帮我想想周五彩排要准备什么」)
        text = _ASSISTANT_TASK.sub(lambda m: m.group(0) if TIME_WORD.search(m.group(0)) else "", text) or text
    if not _asks(text) or _REQUEST.search(text):
        return text
    told = _ASKED.sub("，", text)
    return told if told.strip("，,。 ") else text


def analyse(text: str, observed: datetime, zone: tzinfo, *, happened_when_said: bool,
            stated: Stated = NOTHING_STATED, role: Role = "segment", answers: str = "") -> Analysis:
    """Type, status, event_time (+grain), title, gist and confidence of one text; `stated` wins.
    `role` is who wrote it (a chat turn: `user` or `assistant`); `answers`, the question an
    assistant's turn answers (what the turn is about includes it)."""
    body = _FRAMING.sub("", text.strip())[:_EMBED_CHARS] or text.strip()[:_EMBED_CHARS]
    # an assistant's advice or answer (「可以主动打个电话跟进」「建议《纳瓦尔宝典》」) is no task, decision,
    # promise or event of the user's; its echo of what the user said (「好的，已帮你记下：…」) is
    advising = role == "assistant" and not stated.type and not _FRAMING.match(text.strip())
    # a question alone (「明天几点开会来着？」「上周五的会议纪要你还记得吗」) asks about a thing: no plan, task
    # or event of its own
    # (「10:00要见邓经理，我该怎么回应？」 says one before it asks)
    question = (not stated.type and body.rstrip().endswith(("?", "？", "吗")) and len(_CLAUSE.split(body.rstrip(" ?？"))) == 1
                and not _REQUEST.search(body))
    # what the text asks done with words is told without them (「把“…开会”翻译成英文」 is no meeting)
    kind = stated.type or ("mention" if question else classify(_told(_without(text, _rewritten(text)))))
    # advice, or an answer to a question that named no time, tells no time of day of the user's
    asked = parse(answers, observed, zone, stored=True) if answers else []
    generic_clock = (advising and bool(answers) and not _ASKS_TIME.search(answers) and not _CONFIRMS.search(body)
                     and not _own_times(answers, asked))
    exprs = _own_times(body, parse(body, observed, zone, stored=True), generic_clock=generic_clock)
    if role == "user" and kind in ("todo", "event") and not exprs and _ASKS_ASSISTANT.search(body) \
            and not _KEEP_FOR_ME.search(body):
        kind = "mention"  # the assistant's work, done in its answer
    expr = None if question else _on_its_day(body, _event_expression(body, exprs, observed), exprs, observed, zone)
    if advising and (kind in ("todo", "decision", "commitment") or (kind == "event" and expr is None)):
        kind = "mention"  # an answer dated by the user's own event (「10月20日14:00 与恒通过合同时可以问…」) stays one
    if kind == "decision" and expr is not None and _moves_to(body, expr) and not _DECIDED.search(body.replace("改成", "")):
        kind = "event"  # 「周会时间改成周五下午三点」 moves a meeting (「决定下周起站会改到十点」 is a decision)
    # the text's own time decides the status even where the upstream dates the record itself
    text_time, grain, confidence = _text_time(expr, kind, body, observed, zone, happened_when_said)
    scheduled = expr is not None and expr.grain in ("minute", "hour") and expr.start > observed
    # a day or week ahead, no time in the text before now, and nothing said done before its clause
    # (「明天把PPT做完」「周六去理发」「这周五是女儿生日，蛋糕订好了」; not 「腊肉钱付了，周末全家去野餐」, where
    # what is told first was done)
    tomorrow = datetime.combine(observed.astimezone(zone).date() + timedelta(days=1), time(), zone)
    its_clause = _clause_of(body, expr) if expr is not None else ""
    day_ahead = (expr is not None and expr.grain in ("day", "week")
                 # (a deadline beside it, 「月底前把元旦回宜昌的车票买了」, is ahead too)
                 and all(e.start >= tomorrow or (e is not expr and is_deadline(e) and e.end > tomorrow)
                         for e in exprs if its_clause in _clause_of(body, e))
                 and not DONE.search(body[: body.find(its_clause)]))
    # 「今天把报告写完」「今天先把数据整理出来」: what to get done on the day it is written (a 把 with no 了
    # after it), not done yet
    today_task = (expr is not None and expr.grain == "day" and expr.start <= observed < expr.end
                  and _ORDERED.search(its_clause) is not None)
    if kind == "mention" and (scheduled or day_ahead or today_task):
        # 「明天下午3点半去看牙医」「周六去理发」: a time ahead with something to do in its clause is
        # something planned
        kind = ("event" if scheduled or _GOING.search(its_clause) or _OCCASION.search(its_clause)
                else "todo" if _ERRAND.search(its_clause) and not advising else kind)
    gist = _gist(body, exprs)[:300]
    if answers:  # a reply is about what was asked too (「最早一班是 G7317，7:35 从虹桥发车」: 「去合肥的高铁」)
        gist = f"{gist} {_gist(answers, asked)}"[:600]
    exact = stated.event_time is not None
    # a time wholly ahead that is not a deadline: planned, whatever 了 it holds (「明天把PPT做完」「订好了
    # 26号早上7点35的高铁」); 「下午五点前发给他了」 may be done already, and in 「看完牙了，下个月复诊」 the
    # month is the next visit's
    # ...and 「周四前把机票订了」 is what to do by Thursday, unless it says it was done already
    deadline = expr is not None and is_deadline(expr)
    dated_ahead = ((scheduled or day_ahead) and not deadline) or today_task or (
        deadline and expr.end > observed and not _ALREADY.search(body)
        # 「刘老师催了，第三次实验报告这周五前批完」 (what was done is someone's asking), not 「合作方案发给王总了，
        # 他说周末前给回复」 (a thing got done; the deadline is someone else's)
        and ("把" in body or not (DONE.search(its_clause) or _GOT_DONE.search(body))))
    if kind == "mention" and deadline and expr.start == observed and not advising and not DONE.search(its_clause):
        kind = "todo"  # 「周五前出一套月考复习卷」: what to get done by then
    # what is still ahead is read in what the text tells, not in what it asks next (「报价单已经发给客户了，
    # 接下来要怎么跟进？」 is done)
    told = _told(body)
    status = stated.status or _status(kind, told, text_time, observed, dated_ahead)
    # an upstream that states the type or status (an agent run, a memory) says what the record is
    change = None if stated.type or stated.status or today_task else _change(told, kind, status, expr, observed, body)
    if change == "done" and kind == "mention":
        kind, status = "event", "completed"  # 「发票开好寄出了」: something got done, not a remark
    elif change == "moved" and status == "completed" and not stated.status:
        status = "planned"  # 「培训延期了，改到下周三」: its 了 is the putting off; the plan is at its new time
    subject = None
    if change in ("moved", "cancelled") and not answers:
        # the last cue: 「算了，明天的聚餐不去了」 names the dinner after its first
        said = [*(_MOVED if change == "moved" else _CALLED_OFF).finditer(body)]
        if said:
            gist = _change_gist(body, exprs, said[-1]) or gist
            subject = _change_subject(body, exprs, said[-1])
    if status == "completed" and kind != "decision" and expr is not None and expr.start > observed \
            and change != "cancelled":  # a plan called off keeps the time it was for
        # done already, so the time ahead is of what follows (「看完牙了，下个月复诊」): it happened when said
        text_time, grain = observed, None
    elif kind == "decision" and expr is not None and expr.grain in _PERIODS and expr.start <= observed < expr.end:
        # the period around the decision is what it is about (「定了，Q4提成按回款算」), not when it was made
        text_time, grain = observed, None
    return Analysis(
        type=kind,
        gist=gist,
        # a decision that calls a plan off (「定了，春游去都江堰，不去青城山了」) was made: the plan is what is cancelled
        status="cancelled" if change == "cancelled" and kind != "decision" else status,
        event_time=stated.event_time if exact else text_time,
        event_grain=(stated.event_grain or "minute") if exact else grain,
        title=stated.title if stated.title is not None else _title(body, exprs, expr),
        confidence=stated.confidence if stated.confidence is not None else confidence,
        scheduled=scheduled,
        asks_only=question and not exprs,
        change=change,
        subject=subject,
        body=body,
    )


ASKED_ONLY_DISCOUNT = 0.2
# a question about how one's own things stand: 「…了吗」「…没有」, or naming oneself
_OWN_STATE = re.compile(r"[我咱]|了(?:吗|么|没)|没有?[?？]?\s*$")


def build_candidate(*, source: SourceName, ref: str, user_id: str, role: Role, text: str, observed: datetime,
                    zone: tzinfo, happened_when_said: bool, stated: Stated = NOTHING_STATED,
                    importance: float | None = None, confidence: float | None = None,
                    named: Iterable[str] = (), answers: str = "") -> Candidate:
    """One record as a Candidate. `importance` and `confidence` are the upstream's own scores
    (None: estimate importance, trust the rules' confidence); `named` are people it names;
    `answers` is the question an assistant's reply answers: what the reply is about includes what
    was asked (「最早一班是 G7317，7:35 从虹桥发车」 is about 「去合肥的高铁」)."""
    text = clean_text(text)
    # the rules read one script: a Traditional note and a Simplified message about one thing agree
    asked = simplified(clean_text(answers))[:_EMBED_CHARS]
    facts = analyse(simplified(text), observed, zone, happened_when_said=happened_when_said, stated=stated,
                    role=role, answers=asked)
    if asked:  # the reply is about the people asked about too
        named = (*named, *people_in(asked))
    people = tuple(clean_text(p) for p in participants_of(facts.body, named))
    if importance is None:
        importance = estimate_importance(facts.body, facts.type, people, facts.scheduled)
        if role == "assistant":
            importance = round(importance * 0.85, 3)
        elif source == "chat" and role == "user" and facts.asks_only and not people and not _OWN_STATE.search(facts.body):
            # asked of the assistant, about no day, no one and nothing of the user's own (「粽叶要提前泡多久？」;
            # not 「合同签了吗？」「我的护照放哪了？」): no fact of the user's life, under the threshold of a remark
            importance = round(max(0.05, importance - ASKED_ONLY_DISCOUNT), 3)
    # an upstream's confidence (a voice note's transcription) tilts ours, as importance tilts the score:
    # a clear decision dictated on a noisy street is still a decision
    conf = facts.confidence * (0.5 + 0.5 * confidence if confidence is not None else 1.0)
    if role == "assistant":
        conf *= 0.9
    return Candidate(
        source_ref=ref, gist=facts.gist, user_id=user_id, source=source, role=role, type=facts.type,
        status=facts.status, event_time=facts.event_time, event_grain=facts.event_grain,
        observed_time=observed, title=facts.title, content=text[:_EMBED_CHARS], importance=importance,
        confidence=round(conf, 3), source_quality=SOURCE_QUALITY[role], participants=people,
        # only the user's own words update the user's plans (an assistant's 「已取消」 is not a decision)
        change=facts.change if role in ("segment", "user") else None,
        subject=facts.subject if role in ("segment", "user") else None,
    )
