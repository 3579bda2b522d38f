"""Tense and aspect cues: whether a text speaks of what is ahead or of what is done.

One module for the time parser (which way a bare 周五 or 三点 points) and the normalizer (a
record's status). The cue lists differ on purpose: the parser asks "does this text look ahead",
the normalizer "is this thing done"; each pattern says which question it answers.
"""

from __future__ import annotations

import re

# Clauses: what a cue is read within (「还没买票，周一出发」: 还没 is not 周一's).
CLAUSE = re.compile(r"[，。；！？,;!?\n]+")


def clause_around(text: str, at: int) -> tuple[int, int]:
    """Where the clause of `text` holding position `at` starts and ends."""
    start = max((m.end() for m in CLAUSE.finditer(text, 0, at)), default=0)
    end = next((m.start() for m in CLAUSE.finditer(text, at)), len(text))
    return start, end

# A question looks ahead (「下周五之前要交什么」): a bare weekday in it is the next one.
QUESTION_AHEAD = re.compile(
    r"安排|计划|打算|准备|之前|截止|到期|要交|将要|将会|日程|行程|预约|约了|提醒|(?<![重主只需想])要(?!不)|"
    r"(?<![觉获记懂值])得(?![到])|(?<![开聚约例晚宴学大社工机组晨早班])(?<!开[了过个完])会(?![议])"
)
# A question reports what was said or settled (「周一我说过要做什么」「周二答应了要给谁回电话」): the
# words after the verb are what was said.
REPORTED = re.compile(r"说过|说了|提过|提到|聊过|聊到|讲过|记了|记下|写过|问过|答应|承诺|定了|决定")
# A recorded statement looks ahead (「周一开会」 has no completed-aspect marker, 「要」「约」 say so).
STATEMENT_AHEAD = re.compile(
    r"要|(?<![开聚约例晚宴学大社工机])(?<!开[了过个完])会(?!议)|(?<![觉获记懂值])得(?!到)|记得|安排|约|计划|准备|打算|将|提醒|别忘|之前|截止|"
    # a deadline's 前, just after its time, before what is to be done by then and not done (「周一前发给
    # 护士长过目」; not 「出门前发给王总了」「周一前交的报销单」)
    r"(?<=[一二三四五六日天号底末点])前(?=[要得把交发给做写完提])(?![^，。,；！]*[了的])"
)
# A recorded statement looks back: any of these and no look-ahead cue means its times are past; so
# does the 是…的 of a thing done (「周一跟张总吃的饭」「周一交的报销单还没批」); 过目, 过年 are no 过.
STATEMENT_BEHIND = re.compile(r"了|过(?![目年节期程生]|夜(?!店|市)|周末|日子|马路)|已经|已|刚才|刚刚|昨|上周|上个|前天|完成|结束|"
                              # (not what one likes or wants: 「做几个他爱吃的菜」「想买的」)
                              r"(?<![爱想])(?<!好(?=吃))(?:吃|见|送|交|签|买|聊|谈|发|办|订)的(?![太很都也喝吃])|(?:发现|看到|碰到)的(?=[，。；！,;!]|$)|"
                              # a mishap is told once it happened: nobody plans 「早上7点10分老爸摔倒」 (but
                              # 「做跌倒风险评估」「复查摔伤的手腕」 are plans)
                              r"(?<![防别怕免])(?:摔倒|跌倒|滑倒|晕倒|昏倒|摔伤|撞车|出车祸)(?![的风评])")

# A record says its thing is done (「体检做完了」「已经发了」); 「了解」「已读」 are not.
DONE = re.compile(r"已经|已(?!读)|完成了|做完|搞定|开完|结束了|办完|改完|[\u4e00-\u9fffA-Za-z]了(?!解)")
# A record says its thing is still to come, which outweighs a done cue (「做完了要记得发」「水电费还没交」);
# waiting (「报名交了，审核要等几天」) is not.
# Shared with the normalizer's to-do words: a reminder (记得; 还记得/你记得 ask), a thing one must do
# (得交; not 觉得, 值得), and one not done yet (还没交; not 还没发现, 还没办法, 尚未发现)
REMIND = r"(?<![还你])记得"
# (an adverb of haste may come between: 「器材保险下周二到期，得赶紧续上」)
MUST_DO = (r"(?<![觉值记获懂显])得(?:赶紧|尽快|抓紧|马上|早点|及时|先)?"
           r"(?:去|做|完成|交|把|写|准备|搞定|弄完|做完|写完|备份|处理|联系|订|约|修|改|发|回复|整理|报名|办|买|续|缴)")
NOT_YET = (r"还没(?:交|缴|付|还|写|做|办|发|订|买|约|报|填|签|改|弄|搞|处理|完成|提交)(?!现|法|流|明白|清楚)"
           r"|尚未(?!发现)")
# (要 of a feeling overdone is no plan: 「眼睛要瞎了」「要疯了」「要累死了」; 「要炸年货」「要疯狂补觉」 are)
STILL_AHEAD = re.compile(rf"(?<![非偏硬纪重主只概摘])要(?![等求死命])"
                         rf"(?!(?:瞎|疯|炸|哭|崩|晕|累|饿|困|气|烦|撑|吐)(?:了|死|掉|啦|溃|坏|炸|$|[，。！!,~～]))|{NOT_YET}|将|准备|{REMIND}|别忘|打算|计划|约了|安排|"
                         rf"会去|{MUST_DO}|之前|截止|提醒|下班前|最晚|最迟|必须")
