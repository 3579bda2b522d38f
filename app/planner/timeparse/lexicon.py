"""The words the rules read: numbers, weekdays, relative day/week/month/year words, parts of the
day and of the month, and holidays with the date each falls on."""

from __future__ import annotations

import re
from datetime import date, timedelta

from lunardate import LunarDate

from app.planner.timeparse.calendar import qingming

# ---------------------------------------------------------------- numbers

_DIGIT = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_POWER = {"十": 10, "百": 100, "千": 1000}


def cn_number(s: str) -> int:
    """'15', '十五', '二十四', '一百', '两', '二〇二六', '两千零四' → int."""
    if s.isdigit():
        return int(s)
    if not any(c in _POWER for c in s):
        if len(s) == 2 and "零" not in s and "〇" not in s:  # 两三天, 三五天: a rough count, take the upper end
            return max(_DIGIT[c] for c in s)
        return int("".join(str(_DIGIT[c]) for c in s))
    total, cur = 0, 0
    for c in s:
        if c in _POWER:
            total += (cur or 1) * _POWER[c]
            cur = 0
        else:
            cur = _DIGIT[c]
    return total + cur


def year_number(s: str) -> int:
    """A year as written: digit by digit (二〇二五, 九八, 07) unless it counts in thousands (两千零四)."""
    if s.isdigit():
        return int(s)
    if "千" in s:
        return cn_number(s)
    return int("".join(str(_DIGIT[c]) for c in s))


N = r"(?:\d{1,4}|[零〇一二两三四五六七八九十百]{1,4})"
_WD = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "日": 7, "天": 7, "1": 1, "2": 2, "3": 3,
       "4": 4, "5": 5, "6": 6, "7": 7}
WEEK = r"(?:周|星期|礼拜)"
WEEK_N = r"(?:周|个?星期|个?礼拜)"

# ---------------------------------------------------------------- words

# Day words time-conventions.md does not list, with a part of the day after them (「昨儿晚上」): a question
# saying one gets no range from it (timeparse.parse; a record is still dated by it, as its writer meant),
# nor a topic (router.topics_of: 「明朝陪老妈配药是几点」), but it still asks about a day of the user's
# (「今儿下午几点开会」); a form starting with the listed 最近 (最近几天, 最近一段时间) is 最近
UNLISTED_DAY = re.compile(r"(?:今儿|明儿|昨儿|今朝|明朝|昨朝)个?(?:早上|上午|中午|下午|晚上|夜里|凌晨|晚|早)?|"
                          r"这几天|(?<!最)近几天|近期|(?<!最近)这段时间|(?<!最近)一段时间")

_REL_DAY = {"大前天": -3, "前天": -2, "昨天": -1, "昨日": -1, "昨儿": -1, "今天": 0, "今日": 0, "今儿": 0,
            "明天": 1, "明日": 1, "明儿": 1, "后天": 2, "大后天": 3}
_REL_DAY_PART = {"今晚": (0, "晚上"), "昨晚": (-1, "晚上"), "明晚": (1, "晚上"), "昨夜": (-1, "晚上"),
                 "今早": (0, "早上"), "明早": (1, "早上"), "昨早": (-1, "早上"), "今夜": (0, "晚上")}
_WEEK_SHIFT = {"上上": -2, "上": -1, "这": 0, "本": 0, "这个": 0, "本个": 0, "下": 1, "下下": 2, "上个": -1,
               "下个": 1, "上一": -1, "下一": 1, "这一": 0, "上上个": -2, "下下个": 2}
_MONTH_SHIFT = {"上上个": -2, "上个": -1, "上一个": -1, "上": -1, "这个": 0, "本": 0, "这": 0, "下个": 1,
                "下一个": 1, "下": 1, "下下个": 2, "当": 0, "上上": -2, "下下": 2}
_YEAR_SHIFT = {"前年": -2, "去年": -1, "今年": 0, "本年": 0, "明年": 1, "后年": 2, "大前年": -3}
_PARTS = {"凌晨": (0, 6), "上午": (6, 12), "中午": (11, 13), "下午": (12, 18), "晚上": (18, 24),
          "晚间": (18, 24), "早上": None, "早晨": None, "傍晚": None, "夜里": None, "夜间": None,
          "半夜": None, "清晨": None}
_MONTH_PART = {"初": (1, 10), "月初": (1, 10), "上旬": (1, 10), "中旬": (11, 20), "月中": (11, 20),
               "底": (21, 0), "月底": (21, 0), "月末": (21, 0), "末": (21, 0), "下旬": (21, 0)}

# ---------------------------------------------------------------- holidays

# longer names first: the regex takes the first alternative that matches
_HOLIDAYS = (r"(?:春节|大年初一|除夕|大年三十|中秋节|中秋|端午节|端午|元旦|国庆节|国庆|劳动节|五一|圣诞节|圣诞|情人节"
             r"|元宵节|元宵|妇女节|儿童节|七夕节|七夕|清明节|清明)")
_LUNAR = {"春节": (1, 1), "大年初一": (1, 1), "元宵": (1, 15), "元宵节": (1, 15), "端午": (5, 5), "端午节": (5, 5),
          "七夕": (7, 7), "七夕节": (7, 7), "中秋": (8, 15), "中秋节": (8, 15)}
_SOLAR = {"元旦": (1, 1), "情人节": (2, 14), "妇女节": (3, 8), "劳动节": (5, 1), "五一": (5, 1), "儿童节": (6, 1),
          "国庆": (10, 1), "国庆节": (10, 1), "圣诞": (12, 25), "圣诞节": (12, 25)}


def holiday_date(name: str, year: int) -> date:
    """The day the holiday falls on in `year`: lunar ones from the lunar calendar, 清明 by the Sun."""
    if name in ("除夕", "大年三十"):  # the last day of the lunar year that began in `year`
        return LunarDate(year + 1, 1, 1).to_solar_date() - timedelta(days=1)
    if name.startswith("清明"):
        return qingming(year)
    if name in _SOLAR:
        return date(year, *_SOLAR[name])
    return LunarDate(year, *_LUNAR[name]).to_solar_date()
