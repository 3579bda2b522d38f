"""The Cheap Router's cue words, as ordered tables (RFC §4.1): which words pick a temporal mode, raise
a source's weight, say what the question needs, or carry no topic. Order matters where a table is
a tuple: the first row that matches decides.
"""

from __future__ import annotations

import re

from app.contracts import SourceName, TargetType, TemporalMode
from app.planner.timeparse.lexicon import _HOLIDAYS

# ---------------------------------------------------------------- temporal mode (first match wins)

# what should be done and is not (「本周还有哪些待办没完成」「有没有逾期的」): a DUE_IN cue, a need for
# recall without a time word (AFFAIRS) and the unresolved filter (UNRESOLVED)
_UNFINISHED = r"没完成|未完成|没做完|没办完|还没办(?![法理成下过卡])|没办的|没干完|没弄完|没搞完|没搞定|还没做|还没交|逾期"
SAID = re.compile(r"我[^，。？?！!]{0,6}(?:说|讲|提|聊)的|(?:跟|和)[^，。？?！!]{1,6}(?:聊|说|谈|讲)(?:过|了)?的|输入过|写过|(?<![忘登标惦])(?:记过|记了|记下了|记的)|录过|说过|怎么说|原话|说了|提到|提过|提起|聊过|聊到|聊了|讲过|谈到|谈过|谈了|讨论过|讨论了|商量过|商量了|沟通过|沟通了|问过|(?<!访)问了|跟你说|和你说|对你说|告诉过?你|说起|"
                  # colloquial saying, asked of one's own words: 「这两天我都念叨过些啥」「上周我嘀咕过什么」 (not
                  # 「孩子嫌我唠叨怎么办」「我妈念叨我好几天了」)
                  r"我[^，。？?！!]{0,4}(?:念叨|唠叨|叨叨|絮叨|嘀咕)(?:过|了)?些?(?:什么|啥|哪些)|"
                  # what the assistant said (api.md: mentioned by anyone): 「你之前建议我怎么谈来着」「你有没有提醒过我」
                  r"你(?:之前|上次|以前|刚才|刚刚|那天|昨天)[^，。？?！!]{0,4}(?:说|讲|建议|推荐)|"
                  r"你[^，。？?！!]{0,4}(?:说过|讲过|建议过|推荐过|推荐的|提醒过|告诉过我|给我的|发我的)")
# 几点: when it is planned (今天几点开会), or when it happened if the time asked about is over (昨天几点睡的,
# router._mode)
ASKS_CLOCK = re.compile(r"几点")
# which meetings there are (「周一有什么会」「下午有会吗」): planned, or occurred when the time asked about is over
HAS_MEETING = re.compile(r"有(?:什么|啥|哪些|几个|没有)会(?=[?？吗么呢没]|\s*$|要开)|有会(?:吗|么|没)")
# what is next, in words time-conventions.md gives no range (「待会儿要干嘛」「一会儿几点开会」「我该干嘛了」):
# planned, the rest of the day (router._no_time_word_scope)
SOON = re.compile(r"(?<![跑睡玩看等歇聊坐躺])(?:待会儿?|等会儿?|一会儿?|等下(?!一?次|周|个)|过会儿?|稍后)"
                  r"[^，。？?]{0,4}(?:有|要|得|该|几点|干|做|去|开)|"
                  r"(?:^|[，,])(?:我|咱们?)?(?:现在|接下来)?该(?:干嘛|干啥|做什么|做啥|忙什么|忙啥)了?[?？]?\s*$")
# A question about the state of one's own affairs (「周报写了没」「合同签了吗」「签没签」「有没有交」; 「X好吗」
# asks for advice, 「早上空腹喝咖啡好吗」, while 「约好没」 is a status)
STATUS_QUESTION = re.compile(r"(?:给|到)[^，。？?]{1,6}没有?[?？]?\s*$|(?<![能得听想])(?<!能.)到(?:没|没有)[?？]?\s*$|(?:出|回|上)去(?:没|没有)[?？]?\s*$|(?:了|完|掉|过|来)(?:吗|没|没有|么)(?:啊|呀|呢)?[?？]?\s*$|好(?:没|没有)(?:啊|呀|呢)?[?？]?\s*$|"
                             r"定下来没|弄好没|搞定没|办好没|有没有(?:签|交|发|约|定|办|做|搞定|弄好|完成|回复|回)|"
                             # where or when a thing of theirs was settled: 「许诺他们的婚礼定在哪了？」
                             r"(?:定|约|改|放)在(?:哪|哪儿|哪里|哪天|几号|什么时候|啥时候)(?:了|呢|啊)?[?？]?\s*$|"
                             r"(?P<verb>[签交发约定办做买订付还寄])没(?P=verb)")
# which of one's plans were moved or called off (「哪些安排改过时间或者取消了」「有什么事改期了吗」「台风都影响了哪些安排」; not
# 「活动取消了怎么退款」): how one's affairs stand, asked of the records that changed them
# (the change asked of them is no topic: 「物业的事改期了吗」 is about 物业)
# (moved or called off, said as done: 「改过时间」「取消了」; not 「会取消吗」「有什么办法把会议挪到下午」)
CHANGE_WORDS = re.compile(r"改过时间|改过|改了|变了|调过|调了|"
                          r"(?:改时间|改期|改到|推迟|延期|延后|推后|提前|取消|挪|变动|变更|调整|打乱)(?:了|过)")
# ...and every way of saying so in such a question, done or not (「被改期或者取消了」): no topic
CHANGE_SAID = re.compile(r"(?:改过时间|改时间|改期|改到|推迟|延期|延后|推后|提前|取消|变动|变更|调整|挪到)(?:了|过)?|"
                         r"(?:改|变|调|挪)(?:了|过)|(?:影响|打乱|耽误|搅黄)了?|被|或者|或是")
CHANGED_PLANS = re.compile(r"(?<!为)(?:哪些|哪个|哪场|什么(?!时候)|啥|有没有)[^，。？?]{0,4}"
                           r"(?:安排|计划|日程|行程|约|事|活动|会(?!议纪要|员))[^，。？?]{0,6}"
                           rf"(?:{CHANGE_WORDS.pattern})|"
                           # what upset them, said as done (「台风都影响了哪些安排」; not 「台风会影响哪些活动」)
                           r"(?:影响|打乱|耽误|搅黄)了[^，。？?]{0,2}(?:哪些|什么|啥)(?:安排|计划|日程|行程|约|事|活动)")
# ...of which those that can only be one's own (not a city's 活动): what changed them may be the weather
OWN_PLANS = re.compile(r"安排|计划|日程|行程")
MODE_CUES: tuple[tuple[TemporalMode, re.Pattern[str]], ...] = (
    # 记了 asks what was recorded (MENTIONED_IN, below), unless it names what kind: 「记了哪些待办」
    ("CREATED_IN", re.compile(r"(?:记|录)(?:了|下了?|过)[^，。？?]{0,6}(?:待办|任务|决定|承诺)|新记"
                              r"|(?:加了|新增|添加|新添|添了|新加|新建|冒出来?)[^，。？?]{0,6}(?:待办|任务|提醒|要办|要做)")),
    ("MENTIONED_IN", SAID),
    # also DUE_IN: a deadline expression (这周五之前) whatever the verb, see router._mode
    # ...and what should be done by then and is not
    ("DUE_IN", re.compile(rf"截止|要交|得交|该交|到期|交付|提交|deadline|ddl|due|要完成|得完成|必须完成|{_UNFINISHED}|没交|过期|"
                          r"忘(?:记|了)(?:什么|啥|哪些)|漏(?:了|掉)(?:什么|啥|哪些)|(?:要|得|该)(?:搞定|办完|弄完)", re.I)),
    # a question about the state of one's own affairs without a time word: what happened and what
    # was said about it (「恒通的合同签了吗」「眼科号约好了没」「年会的事定下来了吗」)
    ("AMBIGUOUS", re.compile(rf"{STATUS_QUESTION.pattern}|{CHANGED_PLANS.pattern}|进展|怎么样了|有什么动静")),
    ("CREATED_IN", re.compile(r"定了|定过|定下|决定|创建|新建|建了|立了|确定了|答应了|答应过|承诺了|承诺过|保证过|新记")),
    ("PLANNED_IN", re.compile(rf"安排|日程|行程|计划|打算|预约|约了|要(?:做|干|忙)(?:什么|嘛|啥)|待办|有空|"
                              r"(?:事|事情)要(?:做|办|忙)|会要开|还有(?:什么|哪些|啥)会(?=[?？吗么呢没]|\s*$)|(?:什么时候|啥时候|哪天)要(?:去|来|回|开|见|出发)|"
                              rf"{SOON.pattern}")),
    ("PLANNED_IN", ASKS_CLOCK),
    ("PLANNED_IN", HAS_MEETING),
    ("OCCURRED_IN", re.compile(r"做了|做过|干了|干过|干嘛了|干啥了|做什么了|干什么了|忙什么|忙了|忙活了|发生|完成了|去了|见了|参加了|开了|办了|办成了|经历")),
    ("AMBIGUOUS", re.compile(r"重要|需要注意|要注意|值得注意|要紧|关键|大事|紧急")),
)
# 「那天我在干嘛」: what was going on, when the time asked about is over (「明天这时候我在干嘛」 is a plan)
DOING = re.compile(r"在(?:干嘛|干什么|干啥|做什么|做啥|忙啥)")

# Kinds of item a question names (「之前有什么会议」): they join the mode's targets at full weight, and
# a mode that keeps only its targets' types keeps them too.
TYPE_CUES: tuple[tuple[TargetType, re.Pattern[str]], ...] = (
    ("event", re.compile(r"会议|开会|会面|见面|约会|活动|行程|日程")),
    ("todo", re.compile(r"任务|待办|要做|要交|要办|要完成")),
    ("decision", re.compile(r"决定|定了|定下")),
    ("commitment", re.compile(r"答应|承诺|保证")),
)

# ---------------------------------------------------------------- source weights (RFC §3.3: raise, never zero)

# Chat and MeInput lead; Calendar (v0.2, exact but only what was scheduled) just below them until a
# schedule word raises it; Memory V2 stays low. Never zero (wide recall). Ranking reads each weight
# (sql/score_items.sql source_factor).
BASE_WEIGHTS: dict[SourceName, float] = {"calendar": 0.70, "chat": 0.80, "meinput": 0.75, "memory_v2": 0.45}
SOURCE_CUES: tuple[tuple[SourceName, re.Pattern[str], float], ...] = (
    ("meinput", re.compile(r"输入过|输入的|记过|记了|记的|原话|写过|写的|记下|笔记|备忘|MeInput|打字|录入", re.I), 0.95),
    ("chat", re.compile(r"聊过|聊的|聊了|聊天|问过你|问你|跟你说|和你说|对你说|告诉过?你|你说过|对话|会话|我们聊|助手"), 0.95),
    ("calendar", re.compile(r"安排|行程|日程|会议|开会|约了|预约|日历"), 0.95),
    ("memory_v2", re.compile(r"决定|承诺|定了|答应|约定|共识|结论"), 0.65),
)
EXPANSIONS: dict[SourceName, list[str]] = {  # RFC §8 per-source expansion vocabularies
    "chat": ["约", "安排", "明天", "会议", "确认", "跟进", "截止"],
    "meinput": ["任务", "待办", "要", "记得", "完成", "提交", "开会", "截止"],
    "memory_v2": ["commitment", "task", "decision", "决定", "承诺"],
    "calendar": ["会议", "日程", "约"],
}

# Where the question says the thing was recorded (「用 MeInput 记的」「在聊天里跟助手说的」「日历上的」):
# a source, weighed up above, never a topic.
SOURCE_INTENT = re.compile(
    r"(?:用|在|通过|从)\s*MeInput\s*(?:里|上|中)?|MeInput\s*(?:里|上)|(?:在|从)?聊天(?:里|中|记录)?|"
    r"(?:跟|和|问过?|对)\s*(?:助手|你)|助手|(?:在|从)?日历(?:上|里)?|日程表", re.I)
# ...and the source each such place is (the user asks what is there: an item with no record there
# ranks below those with one, sql/score_items.sql). Only where the question says so: 「问你个事」 and
# 「你帮我看看」 ask the assistant, not about what was said to it.
RECORDED_IN: tuple[tuple[SourceName, re.Pattern[str]], ...] = (
    ("meinput", re.compile(r"(?:用|在|通过|从)\s*MeInput|MeInput\s*(?:里|上|中)|(?<![忘登标惦])记(?:了|过|的|下)", re.I)),  # (not 「关于 MeInput 的」)
    ("chat", re.compile(r"聊天(?:里|中|记录|时)|助手|(?:跟|和|对)你(?:说|聊|讲|提)|问过你|告诉过?你|你说过")),
    ("calendar", re.compile(r"日历(?:上|里)|日程表")),
)

# ---------------------------------------------------------------- what the question needs (RFC §2.1)

# A temporal need without a time word (api.md: then the last 30 days); so is a STATUS_QUESTION.
HISTORY = re.compile(r"进展|进度|最新情况|后来怎么样|怎么样了|到哪了|做到哪|有没有说过|之前说|上回|最近在忙|有什么动静|"
                     # a day or a time of one's own, named by what happened then (「年会那天是谁喝多了」「搬家那天谁来帮忙了」;
                     # not one ahead, 「婚礼那天要穿什么」)
                     r"(?:那天|那晚|那次|那回|当天)(?![^，。？?]{0,6}(?:要|得|该|打算|准备|会))|"
                     # what one did (「去拜年都做了啥」「回娘家都干了些什么」; not 他们都做了啥, 老王干嘛了)
                     r"(?:(?<![他她它们])都|我[^，。？?]{0,6})(?:(?:做|干|忙)了(?:些|点)?(?:啥|什么|哪些)|干嘛了)")
# ...and a question about one's own to-dos or how an affair went (「我有哪些待办」「和恒通谈得怎么样」
# 「面试结果怎么样」「恒通的事有消息吗」): each is about the user's own records, so the last 30 days
AFFAIRS = re.compile(rf"待办|{_UNFINISHED}|要跟进|忘了做|要交(?!朋友)|得交|快到期|要到期|到哪一步|"
                     r"(?<!觉)得(?:怎么样|如何|咋样)|结果(?:怎么样|如何|咋样)|情况(?:如何|怎么样|咋样)|事(?:情)?(?:怎么样|如何|咋样)|"
                     r"(?:咋样|如何)了|事有(?:没有)?消息|有(?:没有)?回音|有(?:没有)?回复|"
                     # when one's own thing is (「ECMO培训到底是哪天？」); a holiday's day is WORLD's
                     r"(?:是|在)?(?:哪天|哪一天|什么时候|啥时候|几号)(?:了|呢|啊)?(?:[^，。？?]{0,3}来着)?[?？]?\s*$|"
                     r"(?:哪天|哪一天|几号)[^，。？?]{1,2}的[?？]?\s*$|"
                     # the hour of one's own thing, recalled (「年夜饭是几点开席来着」; not 「春晚几点开始」)
                     r"几点[^，。？?]{0,4}来着[?？]?\s*$|"
                     # what one has coming (「我有什么安排」「接下来要做什么」「我的日程」): the next 30 days
                     r"(?:我|咱们?)[^，。？?]{0,4}(?:有|还有)(?:什么|哪些|啥|没有|些什么)(?:安排|计划|日程|行程|事要|事情要)|"
                     r"(?:还?有)(?:什么|哪些|啥|些什么)(?:安排|日程|行程)|(?:我|咱们?)的(?:日程|行程|安排)|"
                     r"(?:还?有)(?:什么|哪些|啥)(?:事|事情)(?:要|得|该|没)(?:做|办|忙|干)|(?:事|事情)(?:要|得|该)(?:办|做|干|弄)完|"
                     r"(?:^|[我咱])[^，。？?]{0,2}(?:接下来|后面|往后|近期)[^，。？?]{0,3}(?:有|要|得|该)(?:做|干|忙)?(?:什么|哪些|啥|嘛|些什么)|"
                     r"(?:我|咱们?)[^，。？?]{0,2}(?:还有)(?:什么|哪些|啥)事(?:情)?要(?:做|办|忙)|"
                     # meetings ahead, what is next, what was forgotten or left unanswered, who asked for
                     # one, what was agreed with someone (「还有什么会」「我有没有忘记什么事」「有什么我还没回复」
                     # 「谁找过我」「我跟老婆约好的事」; what was promised or decided is ASKS_DECISION's)
                     rf"{HAS_MEETING.pattern}|会要开|还有(?:什么|哪些|啥)会(?=[?？吗么呢没]|\s*$)|"
                     r"忘(?:记|了)(?:什么|啥|哪些)|漏(?:了|掉)?(?:什么|啥|哪些)|"
                     r"(?<!你)还没(?:回复|回(?!答)|处理|办|联系|付|还)|谁[^，。？?]{0,3}(?:找过|联系过|打过电话给|来找)我|"
                     r"约好的|说好的|"
                     rf"{CHANGED_PLANS.pattern}|"
                     r"(?:什么时候|啥时候|哪天)要(?:去|来|回|交|开|见|出发)|"
                     # when one's own thing takes place (「合同什么时候签」「老王哪天来」)
                     r"(?:什么时候|啥时候|哪天)(?:签|交|开会|开|办|去|来|到|回来|回|出发|见|面试|截止|到期)"
                     r"(?:来着|呢|啊)?[?？]?\s*$")
# when someone comes or goes somewhere (「阿豪什么时候到广州」「我弟哪天回来」): the user's affair when the one
# coming is a person (router), not a train's or a typhoon's (「高铁什么时候到广州」; a parcel's is AFFAIRS')
COMES_OR_GOES = re.compile(r"(?:什么时候|啥时候|哪天|几点)(?:到|去|回|来|出发|过来|回来|走)[^，。？?]{0,6}?"
                           r"(?:来着|呢|啊)?[?？]?\s*$")
# what is going on with someone (「朵朵那边有啥事儿」「老爸有没有什么情况」): the user's affair when that one is
# a person they know (router), not a company's or a city's (「苹果最近有什么事」)
SOMEONES_AFFAIRS = re.compile(r"(?:有|出了?)(?:没有)?(?:什么|啥|哪些)(?:新)?(?:事|事儿|事情|情况|动静)")
# small talk that looks like one (「吃了吗」「你睡了没」) is not
SMALL_TALK = re.compile(r"^\s*(?:你|您)?(?:吃|睡|起|到|走|下班|回来|忙完)了?(?:吗|没|没有)[?？]?\s*$")
# Past decisions live in Memory V2 (RFC §2.1 "历史决策").
ASKS_DECISION = re.compile(r"上次|上回|之前定|当时定|定的|定过|定了|决定|约定|承诺|答应|结论|共识")
# A time word in a world-knowledge or generative request (今天天气, 写一篇春节作文) is no recall need...
WORLD = (
    r"天气|气温|下雨|下雪|降温|升温|台风|雾霾|空气质量|新闻|股价|股票|美股|港股|A股|大盘|汇率|球赛|比分|谁赢了|节气|"
    # which weekday a day is (「明天周几」), not which day of a week one's thing is on (「我妈下周几复查」)
    r"(?<![日期])是几号|几月几号|(?<![下上这本])(?:星期|周|礼拜)几|多少号|"
    r"什么日子|放假吗|农历|黄历|闰年|月食|日食|流星雨|"
    # the calendar as everyone's: 「明天是什么节日」「春节放几天假」「中秋节的由来」「距离元旦还有几天」「中秋节为什么吃月饼」
    r"什么节日|是啥节(?!目)|是什么节(?!目)|由来|来历|起源|是怎么来的|习俗|为什么要?吃|放几天|还有几天(?:到|过)|(?:距离?|离)(?:元旦|春节|过年|国庆|中秋|端午|圣诞|周末)还有|"
    rf"(?:{_HOLIDAYS}|重阳|冬至|春分|秋分|夏至|母亲节|父亲节|感恩节|万圣节|教师节|双十一|双11|双十二|618|高考(?!试)|(?<!期)中考(?!试)|"
    r"世界杯|奥运会|发布会|上映|开通)"
    r"[^，。？?]{0,4}(?:是|在)?(?:哪天|哪一天|几号|什么时候|啥时候)(?:开|开始|举办|举行|到|来)?[?？]?\s*$|"
    # 「现在几号了」
    r"^(?:今天|现在)?(?:是)?几号了?[?？]?\s*$|"
    # 「明天是感恩节吗」
    rf"是(?:{_HOLIDAYS}|重阳|冬至|春分|秋分|夏至|母亲节|父亲节|感恩节|万圣节|教师节|双十一|双十二|工作日|休息日|节假日)(?:吗|么)"
)
# where to go is advice (「周末带孩子去哪儿玩比较好」); where one went is history (「国庆去哪玩了」)
WHERE_TO_GO = re.compile(r"去哪儿?玩(?![了的过])|哪[里儿]玩(?![了的过])")
# ...nor in a request for material (写, 翻译, 推荐) unless it asks about a thing the user did: 「上周翻译的那份
# 合同发出去了吗」 (router: a time over and a question about what was done)
NOT_RECALL = re.compile(
    rf"{WORLD}|"
    r"帮我写|写一|写个|写篇|作文|翻译|推荐|生成|讲个|笑话|首诗|歌词|食谱|菜谱|帮我制定|"
    rf"{WHERE_TO_GO.pattern}|怎么过|"
    # language about words, not about the user's days: 「“明天见”用英语怎么说」「把…改得更礼貌」
    r"[语文]怎么说|怎么说比较|怎么说才|什么意思|怎么写|怎么读|造句|文案|润色|改写|改得|语气|措辞|格式|用[^，。？?]{1,4}语"
)
# Advice that names nothing of the user's is normal chat (「最近有什么好看的电影」, and with no time word
# 「工作日九点上班算早吗」「如何煮粥」); 「如何准备下周三的答辩」「我的行程安排合适吗」 are about the user's own
# days (router)
ADVICE = re.compile(r"好看的|好玩的|好吃的|最便宜|最划算")
ADVICE_HOW = re.compile(r"^(?:如何|怎样|怎么(?:样)?才能)|算(?:早|晚|多|少)吗|合适吗|正常吗")
# Quoted words are material, not the question's own time (「把‘下周一’翻译成日语」).
QUOTED = re.compile(r"“[^”]*”|‘[^’]*’|「[^」]*」|『[^』]*』|\"[^\"]*\"|'[^']*'")
# ...unless it points back at the user's own history: 「上周你推荐的那本书」 is a recall question.
# 「把我昨天说的话翻译成英文」「根据我这周做的事写个周报」 are too
OWN_HISTORY = re.compile(r"你[^，。？?]{0,4}的|我[^，。？?]{0,4}(?:说|讲|提|聊|写|记|输入|问|做|干|忙)过?的|上次|上回|"
                         # 之前 on its own (「之前说的方案」「我之前推荐的」), not a deadline's (周五之前)
                         r"(?:^|[，。？?\s我你])(?:之前|以前)|当时|说过|聊过|提过|周报|工作总结")
# a question about a thing done, asked with a time that is over (router): 「国庆去哪玩了」「上周我推荐给老王的
# 那本书叫啥」「昨天写的那篇文案发了没」
PAST_DEED = re.compile(r"(?:了|的|过)(?:吗|没有?|么|呢|啊)?[?？]?\s*$|叫(?:啥|什么)(?:来着)?[?？]?\s*$|"
                       r"(?:了|完)没(?:有)?[?？]?\s*$")
WORLD_FACTS = re.compile(WORLD)

# ---------------------------------------------------------------- filters and output

IMPORTANT = re.compile(r"重要|要紧|关键|紧急|大事")
# a deadline question about what was missed (「有没有逾期的事」) looks back only
OVERDUE = re.compile(r"逾期|过期|超期|错过|误了|耽误")
UNRESOLVED = re.compile(rf"{_UNFINISHED}|还没|没做|待办|没处理|未处理|跟进|遗漏|要交|忘了做|忘(?:记|了)(?:什么|啥|哪些)")
SUMMARIZE = re.compile(r"总结|汇总|概括|回顾|梳理|盘点|复盘|整理一下")

# ---------------------------------------------------------------- topics

# Words that carry no topic of their own.
TOPIC_STOP = re.compile(
    # after a thing is when, not what (「演讲过后张总说了什么」 asks about the speech and 张总, 「会后…」 about 张总); before 过
    r"过后|之后|以后|(?<=[会饭课班])后|"
    r"我们|我的|咱们|(?:给|为)?自己|我|你|有什么|有哪些|有啥|什么|哪些|哪个|哪里|怎么样|怎么|如何|多少|关于|重要的|重要|需要|注意|"
    r"的事情|事情|的事|事儿|事|东西|一下|帮我|请|吗|呢|吧|啊|呀|了|过|的|是|在|有|和|跟|与|及|或|要|都|还|又|"
    r"做了|做过|做|干了|干|说过|说了|说|提到|提过|聊过|聊|讲过|谈到|输入过|输入|记过|记下|记|写过|写|原话|"
    r"安排|日程|行程|计划|之前|以前|以来|截止|要交|交|到期|定了|定|决定|创建|发生|进展|到哪|哪一?天|哪|情况|最新|"
    r"那些|这些|那个|这个|一些|看看|看|查|找|列出|告诉|给|把|被|对|向|从|到|至|上|下|个|些|们|就|也|"
    r"总结|汇总|回顾|梳理|盘点|所有|全部|相关|内容|记录|时候|时间|期间|里|中|上面|方面|完成了|完成|上次|那次|"
    r"那周|那一?天|这一?天|当天|那时|当时|那会儿|那段|叫|几点钟|几点|"
    # colloquial fillers and pointers back to something said: 「那件事」「说要做什么来着」「谈了什么」
    r"来着|后来|别人|谁|那件|这件|哪件|几件|哪几|那本|这本|那位|这位|那场|这场|几个|有没有|是不是|"
    r"谈了|谈过|约了|发给|回忆|想起|漏掉|忘了|忘记|必须|重点|日期|要紧|答应|承诺|啥|嘛|呗|咋|"
    # what kind of thing is sought is the plan's targets, not a topic: 「哪些任务」「什么会议」
    r"任务|事项|待办|会议|活动|笔记|想法|消息|工作|材料|资料|"
    # the record's channel, not its subject (a source cue above)
    r"助手|聊天|日历|准备好|好了没|好了|没有|没|"
    # verbs of getting things done and vague nouns carry no subject: 「得搞定哪些事」「有什么动静」
    r"得搞定|搞定|弄完|办完|处理|动静|怎样|得|练得|"
    # work in general: 「还有什么活儿要干完」
    r"活儿|干完|做完|忙了|忙|要干|需要干|"
    # how much of a day, how often, how it went: 「一天都忙活了些什么」「帮我过一遍」「办成了哪些」「比较重要」
    r"一天|一遍|一次(?!性)|一趟|过一遍|下来|忙活|办成|去办|要办|比较(?!器)|原本|(?<!日)本来|原来|"
    # what kind of record is asked for (the plan's targets): 「拿定了哪些主意」「新冒出来哪些待办」「新加了哪些」
    r"主意|拿定|冒出来|冒出|新加(?!坡)|新添|新增|新记|"
    # what is coming or was missed, not what it is about: 「接下来有什么安排」「有没有逾期的」
    r"接下来|后面|往后|近期|前后|逾期|过期|超期|待会儿?|等会儿?|一会儿?|等下|过会儿?|稍后|约好|说好|"
    # nouns of the dictionary that are no subject: 「有空吗」「有关的」「有下文吗」「交代了啥」「那边」
    r"有空|有关|下文|交代|大事|那边|这边|提交|跟进|拿到|办到|咋办|改得|上映|几号|几次|几期|几只|那份|这份|说起|提起|问起|聊起|没办|不了|好看|制定|"
    # going to work is every day's: 「今天几点上班」 asks the day's plan (records say 上白班, 夜班)
    r"上班|下班|"
    # up to now is the range's end, and colloquial saying is how it was said: 「这周到目前为止做了哪些事」
    # 「截至目前项目进展怎么样」「这两天我都念叨过些啥」
    r"目前|为止|截至|迄今|至今|念叨|唠叨|絮叨|嘀咕"
)
TOPIC_SPLIT = re.compile(r"[\s，。？！、,.?!:：;；\"'“”‘’（）()《》<>【】\[\]]+")
