"""Content words of a text, for RFC §9 keyword overlap and topic matching.

Words come from rjieba (the Rust port of jieba: the same dictionary and segmentation as jieba,
about 18× faster here, ~7 µs per record) in search mode, so that a compound also yields its parts
(合同条款 → 合同, 条款, 合同条款; 采购部 → 采购, 采购部). Single characters, numbers and function
words and time words carry no content and are dropped; people named with a title (王总, 邓经理, 老李) are kept
whole, since the segmenter splits them into a surname and a title. A word the dictionary does not
know (the segmenter guessed it: 开周会) also gives its two-character parts (开周, 周会), and two
one-character nouns side by side (狗粮, cut 狗 / 粮 by the dictionary) are taken as one word too.
"""

from __future__ import annotations

import re
from itertools import pairwise

import rjieba

_SURNAMES = (
    "张王李赵刘陈杨黄周吴徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈"
    "姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
PERSON_PATTERN = (
    rf"[{_SURNAMES}](?:总监|总(?![部额结共体算计裁])|经理|老师|师傅|工(?![作资具])|医生|主任|律师|博士|姐|哥|董|教授|处长|局长|秘书)|"
    rf"[老小][{_SURNAMES}]|"
    # 大刘, 大张: a nickname among colleagues, of surnames few words start with 大 + it (not 大王, 大方, 大陆,
    # 大于), and not inside another word (一大张表格, 扩大徐州, 伟大何在; 大张旗鼓, 大刘海, 大陈皮, 大沈阳)
    r"(?<![一老最扩加放太很伟强巨特])"
    r"大[刘张李陈赵杨吴徐郭何郑谢冯邓曹彭肖袁蒋杜魏沈卢崔谭廖邹孟尹薛侯陶郝龚邵](?![旗鼓树子海罗力列皮州岛梅鹃像阳])"
)
_PERSON = re.compile(PERSON_PATTERN)
# Family named as people are (one name for every way of saying it: 我妈, 老妈 and 妈妈 are one person).
_KIN_WORDS = (
    # alone too (「带爸去复查」「跟妈视频」「给爸妈打电话」), but not an aunt or a godparent (姑妈, 舅妈, 干爸)
    (r"妈妈|老妈|我妈|母亲|老娘|(?<![姑姨舅大奶干后继宝岳公婆])妈(?![祖呀])", "妈妈"),
    (r"爸爸|老爸|我爸|父亲|(?<![干后继岳公])爸(?!比)", "爸爸"),
    (r"老公|丈夫|我家那位", "老公"),
    (r"老婆|妻子|媳妇", "老婆"),
    (r"儿子|女儿|孩子|小孩|娃", "孩子"),
)
_KIN = tuple((re.compile(pattern), name) for pattern, name in _KIN_WORDS)
# someone else's parent: 乐乐妈妈, 豆豆爸爸 (a child's doubled name), 他妈妈, 小明的爸爸
_OTHERS_PARENT = re.compile(r"(?![爸妈哥姐弟妹爷奶姥婆叔舅姨姑宝])([\u4e00-\u9fff])\1(?:的)?(?:妈妈|爸爸|妈|爸)|"
                            r"[他她你]的?(?:妈妈|爸爸|妈|爸)|小[\u4e00-\u9fff]的?(?:妈妈|爸爸|妈|爸)")
KIN_PATTERN = "|".join(pattern for pattern, _ in _KIN_WORDS)  # every family word above
ANY_KIN = re.compile(KIN_PATTERN)  # any family word (someone else's parent, too, is said with one of them)
KIN_NAMES = frozenset(name for _, name in _KIN)
# A few ways of saying one thing, as one word (签约 and 签合同 are about a contract).
_SAME_THING = tuple((re.compile(pattern), word) for pattern, word in (
    (r"签约|签合同|签了合同|签署|协议|签(?![名字到收证单])", "合同"),
    # a calendar says 「半程马拉松」 where a note says 「半马」
    (r"半马|马拉松", "马拉松"),
    # the New Year's Eve dinner by its regional names (团年饭 in Sichuan and Hubei, 年饭; not 新年饭局, 今年饭店)
    (r"年夜饭|团年饭|(?<![新跨今去明周一少成过拜])年饭(?![局店钱量卡堂后])", "年夜饭"),
    # an expense claim is said by its form (报销单) or by what goes in it (差旅票据), receipts by any name
    (r"报销|差旅|票据", "报销"),
    (r"票据|发票|单据|收据", "票据"),
))
# Words that say nothing about which thing a text is about.
_FUNCTION_WORDS = frozenset(
    "我们 你们 他们 她们 咱们 自己 这个 那个 这些 那些 这边 那边 一下 一起 一遍 一点 一些 还有 还是 什么 怎么 怎么样 "
    "为什么 哪些 哪个 可以 可能 需要 应该 已经 之前 以前 之后 以后 时候 现在 然后 因为 所以 但是 如果 就是 还要 "
    "我该 要是 不要 没有 不是 是不是 有没有 帮我 帮忙 一定 记得 别忘 提醒 知道 觉得 感觉 比较 特别 真的 好的 谢谢 "
    "这样 那样 的话 起来 出来 过来 一下子 东西 事情 问题 情况 截止 截至 最晚 最迟".split()
)
# Words of how a thing moved or came about, no word of what it is: moving a plan says when it is now
# (「年糕的疫苗往后挪到3月29号」 is about 年糕 and 疫苗), and 「王姐临时要去看场地，见面改到后天」 is about 王姐
# and the meeting. Not content words of a record; a question may still ask about them (「哪些会推迟了」).
_MANNER_WORDS = frozenset(
    "改到 挪到 推到 推迟 延后 顺延 往后 往前 "
    "临时 直接 马上 赶紧 顺便 顺手 总算 终于 刚才 刚刚 突然 居然 竟然 其实 本来 原来 一直".split()
)
_NOT_CONTENT = _FUNCTION_WORDS | _MANNER_WORDS
# Words that only say when (a record's own time is compared as a time, not as words).
TIME_WORD = re.compile(
    r"(?:大?[前后]|[今明昨])(?:天|日|晚|早|夜|儿)|[上中下]午|晚上|早上|凌晨|傍晚|半夜|夜里|周末|[本这上下]周|"
    r"(?:星期|礼拜)[一二三四五六日天末]?|周[一二三四五六日天末]|[零〇一二两三四五六七八九十半\d]+(?:点|点半|时|分|分钟|号|日|月|月份|年|刻|天|周|小时)|"
    r"[上下本这]个?月|今年|去年|明年|月[初中底末]|年[初中底末]"
)
# a day of the lunar calendar (大年初二, 年三十, 腊月二十八): a time (most of them none the conventions read:
# other holidays produce nothing), so no content word (not 年初一起, 修正月报, 真正月薪)
LUNAR_DAY = re.compile(r"(?:大年|正月|年)初[一二三四五六七八九十]{1,2}(?![起次定])|大?年三十|"
                       r"(?<![修真公纠])(?:正|腊)月(?:初[一二三四五六七八九十]{1,2}|[二三]?十[一二三四五六七八九]?|廿[一二三四五六七八九]?)")
_NOUN_TAGS = frozenset({"n", "ng"})  # jieba's part-of-speech tags of common nouns and noun morphemes
_IDEOGRAPH = re.compile(r"[\u4e00-\u9fff]+")
_PUNCTUATION = re.compile(r"[\s，。、；：？！,.;:?!\"'“”‘’（）()《》【】\[\]…~\-—/|]+")


def family_in(text: str) -> tuple[list[str], str]:
    """The family a text names, by one name each (老妈 → 妈妈), and the text without those words;
    someone else's parent (乐乐妈妈) is not the user's family."""
    text = _OTHERS_PARENT.sub(lambda m: m.group(0).replace("妈妈", "妈").replace("爸爸", "爸"), text)
    others = [m.span() for m in _OTHERS_PARENT.finditer(text)]  # kept as written: a possible topic (乐乐妈)
    names = []
    for rx, name in _KIN:
        found = [m.span() for m in rx.finditer(text) if not any(a <= m.start() < b for a, b in others)]
        if found:
            names.append(name)
            for a, b in found:  # blanked in place: the spans of the others stay where they are
                text = text[:a] + " " * (b - a) + text[b:]
    return names, text


# someone the user knows besides people_in's: 阿豪, 阿May, 我弟, a friend, a colleague, a client
_KNOWN = re.compile(r"阿[A-Za-z]{2,}|阿[\u4e00-\u9fff](?=什么|啥|哪|几|说|要|去|到|回|来)|我[弟哥姐妹]|"
                    r"男朋友|女朋友|对象|闺蜜|室友|朋友|同事|同学|客户")


def names_someone(text: str) -> bool:
    """Whether `text` names someone the user knows: with a title or 老/小 (people_in), by family (我弟
    too), as a friend or colleague, as 阿X, by a name the segmenter guesses (林晓, 阿豪; not one its
    dictionary holds, a celebrity's: 周杰伦), or by a child's doubled name (朵朵, 桐桐; not 刚刚, 慢慢)."""
    if _PERSON.search(text) or ANY_KIN.search(text) or _KNOWN.search(text):
        return True
    end = 0
    for word, tag in rjieba.tag(text, True):
        end += len(word)
        if tag == "nr" and len(word) >= 2 and not rjieba.has_word(word):
            return True
        # a doubled name: one the dictionary lacks (桐桐, 航航), or any but an adverb, verb, time word,
        # number, state word or the like (刚刚, 看看, 天天, 谢谢) when a place or thing of theirs follows
        # (「朵朵那边」「乐乐家」)
        if (len(word) == 2 and word[0] == word[1] and word not in _DOUBLED_NO_NAME and tag not in _NOT_A_DOUBLED_NAME
                and (not rjieba.has_word(word) or _THEIR_PLACE.match(text, end))):
            return True
    return False


# what a doubled word is when it is no name: an adverb (刚刚, 慢慢), verb (看看), time (天天), number
# (多多), distinguishing or state word (小小, 悄悄), onomatopoeia (哈哈) or pronoun (人人); and words the
# tagger calls nouns or names that are none (谢谢, 星星) or a family word, not a name
_NOT_A_DOUBLED_NAME = frozenset({"d", "v", "t", "m", "b", "z", "o", "r"})
_DOUBLED_NO_NAME = frozenset("谢谢 哈哈 嘿嘿 呵呵 嘻嘻 人人 个个 星星 滴滴 狗狗 猫猫 串串 哥哥 姐姐 弟弟 妹妹 "
                             "爷爷 奶奶 叔叔 婆婆 公公 舅舅 姑姑".split())  # (爸爸, 妈妈: ANY_KIN's, found first)
_THEIR_PLACE = re.compile(r"那边|那儿|这边|家|的")


def people_in(text: str) -> list[str]:
    """People the text names with a title or a 老/小 prefix (王总, 邓经理, 老李), and family (妈妈)."""
    named = _PERSON.findall(text)
    if not ANY_KIN.search(text):  # most texts name no family: one search instead of six
        return named
    family = _OTHERS_PARENT.sub(" ", text)
    return [*named, *(name for rx, name in _KIN if rx.search(family))]


def _standing_apart(name: re.Match[str]) -> str:
    """A person named, cut apart from the words after it (「黄总说OK」 is no 黄总说, nor 总说), unless a
    word runs across its end: 小程序, 张工程师 and 老毛病 name no 小程, 张工 or 老毛."""
    text, end = name.string, name.end()
    if end < len(text) and any(rjieba.has_word(text[end - 1 : end + k]) for k in (1, 2)):
        return name.group(0)
    return f" {name.group(0)} "


def keywords(text: str, *, manner: bool = False) -> list[str]:
    """The content words of `text`, lower-cased, each once, sorted; with `manner`, the words of how a
    thing moved or came about too (a question's topic may be one)."""
    skipped = _FUNCTION_WORDS if manner else _NOT_CONTENT
    text = LUNAR_DAY.sub(" ", text.lower())
    out = set(people_in(text))
    out.update(word for rx, word in _SAME_THING if rx.search(text))
    for chunk in _PUNCTUATION.split(_PERSON.sub(_standing_apart, text)):
        if not chunk:
            continue
        out.update(_unknown_compounds(rjieba.tag(chunk, False)))
        for word in rjieba.cut_for_search(chunk):
            if word.isascii():
                # a number of three digits or more (押金7600, 房号1203) names a thing; 3, 12 may be anything
                # (a year or a count, 2026届, 300人, is shared by unrelated records too: rarer than a sum)
                if word.isalnum() and (not word.isdigit() or len(word) >= 3):
                    out.add(word)
            elif len(word) >= 2 and word not in skipped and not TIME_WORD.fullmatch(word):
                out.add(word)
                if len(word) >= 3 and not rjieba.has_word(word):
                    # a word the dictionary lacks was guessed (开周会: 开 + 周会?): its bigrams hedge the guess
                    out.update(word[i : i + 2] for i in range(len(word) - 1))
    return sorted(out)


_PROPER_NOUN_TAGS = frozenset({"ns", "nr", "nz", "nt", "nrt"})  # places, names, organisations
_NOUN_KIND_TAGS = frozenset({"n", "vn"})


def words_of(text: str) -> list[tuple[str, str]]:
    """`text` cut into words (every character kept), each with what the segmenter's dictionary says
    it is: "proper" (上海, 都江堰), "noun" (纪要, 同事), "verb" (还款) or "" (unknown, or anything else)."""
    def kind(word: str, tag: str) -> str:
        if len(word) < 2 or not rjieba.has_word(word):
            return ""
        return "proper" if tag in _PROPER_NOUN_TAGS else "noun" if tag in _NOUN_KIND_TAGS else "verb" if tag == "v" else ""
    return [(word, kind(word, tag)) for word, tag in rjieba.tag(text, True)]


# what happened to a thing, not the thing: a verb with its result (办好, 写完, 交上)
RESULT_CHARS = frozenset("好完上去下到出过掉来了起")


# ...of which those that only say it got done (not 演出, 支出, 迟到: things of their own)
_DONE_RESULT = frozenset("好完掉")


def says_no_subject(word: str) -> bool:
    """Whether a word names nothing a question could be about: an adverb (已经, 终于) or a verb with
    its being done (办好, 写完), as the segmenter's dictionary tags the word alone."""
    tagged = rjieba.tag(word, True)
    if len(tagged) != 1 or not rjieba.has_word(word):
        return False
    tag = tagged[0][1]
    return tag == "d" or (tag == "v" and len(word) == 2 and word[-1] in _DONE_RESULT)


def _unknown_compounds(tagged: list[tuple[str, str]]) -> list[str]:
    """Compound nouns the dictionary lacks: it cuts 狗粮 into 狗 / 粮 and 猫砂 into 猫 / 砂, each a
    one-character noun; two such nouns side by side are taken as one word (约 / 好, 去 / 看 are not
    nouns, and a surname is not a common noun)."""
    return [first + second for (first, a), (second, b) in pairwise(tagged)
            if a in _NOUN_TAGS and b in _NOUN_TAGS and len(first) == len(second) == 1
            and _IDEOGRAPH.fullmatch(first + second)]
