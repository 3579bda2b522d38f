"""The rule table: every form the lexer knows, in priority order, each with the handler that turns
a match into a token. The handlers live in rules_years.py (years and their parts), rules_dates.py
(dates, weeks, months), rules_windows.py (windows and offsets from now) and rules_clock.py (the
time of day); the tokens that name no time of their own are here."""

from __future__ import annotations

import re
from collections.abc import Callable

from app.planner.timeparse import rules_clock, rules_dates, rules_windows, rules_years
from app.planner.timeparse.tokens import Ctx, Tok, _name, _void

Handler = Callable[[re.Match, Ctx], Tok | None]
Rule = tuple[str, str, Handler]

# -- names and idioms made of time characters: nothing inside them is a time
NAME_RE = (
    r"《[^》]{1,40}》|今日头条|时间复杂度|下午茶|多长时间|多少个?(?:星期|天|小时|月)|三天打鱼两天晒网|周杰伦"
    r"|一时半会儿?|清明上河图|五月天"
    r"|周[一二三四五六]?[杰星润树华]"
)


def name(m, ctx):
    return _name(m)


# -- repetitions: consumed with the time they repeat (每周六上午9点到11点 is no range)
EVERY_RE = (
    r"每逢|每(?:天|日|晚|早|个?工作日|个?周末|个?周[一二三四五六日天]?|个?星期[一二三四五六日天]?|个?礼拜[一二三四五六日天]?"
    r"|个?月|年|季度|小时|个小时|分钟)的?|天天"
    # a habit is no time either (我一般晚上十一点睡, 老是半夜两点醒)
    r"|(?:一般|通常|总是|老是|经常|常常|往往|一向|向来|平时|平常)(?:都|会|是|在|也)?"
)


def every(m, ctx):
    return _void(m)


# -- connectives (only meaningful next to an expression)
THAT_PERIOD_RE = r"那(?:一)?周|那个?星期|那个?礼拜|那天|那一天"


def that_period(m, ctx):
    return Tok("that", m.start(), m.end(), grain="week" if m.group(0) not in ("那天", "那一天") else "day")


def _connective(kind: str) -> Handler:
    def handler(m, ctx):
        return Tok(kind, m.start(), m.end())

    return handler


UNTIL_NOW_RE = r"至今|到现在|到今天为止|迄今"
SINCE_RE = r"以来|之后以来"
AFTER_RE = r"以后|之后"
EARLIER_RE = r"以前"
BEFORE_RE = r"(?:之前|前)(?!后)"  # 国庆前后 is around 国庆, no deadline
TO_RE = r"到|至|~|～|-|—"
FROM_RE = r"从|自从|自"

# Order matters: all rules are alternatives of one master regex, and at one position the first
# alternative that matches wins, so longer and more specific forms come first. A handler may
# decline a match (None); then the next rule that matches at that position is tried.
RULES: tuple[Rule, ...] = (
    ("name", NAME_RE, name),
    ("every", EVERY_RE, every),
    # years and dates
    ("year_holiday", rules_dates.YEAR_HOLIDAY_RE, rules_dates.year_holiday),
    ("year", rules_years.YEAR_RE, rules_years.year),
    ("iso_date", rules_dates.ISO_DATE_RE, rules_dates.iso_date),
    ("slash_date", rules_dates.SLASH_DATE_RE, rules_dates.slash_date),
    ("month_day", rules_dates.MONTH_DAY_RE, rules_dates.month_day),
    ("shifted_month_day", rules_dates.SHIFTED_MONTH_DAY_RE, rules_dates.shifted_month_day),
    ("holiday", rules_dates.HOLIDAY_RE, rules_dates.holiday),
    # days
    ("relative_day", rules_dates.RELATIVE_DAY_RE, rules_dates.relative_day),
    ("two_days", rules_dates.TWO_DAYS_RE, rules_dates.two_days),
    ("relative_day_part", rules_dates.RELATIVE_DAY_PART_RE, rules_dates.relative_day_part),
    # weekends and weekdays
    ("weekend", rules_dates.WEEKEND_RE, rules_dates.weekend),
    ("qualified_weekday", rules_dates.QUALIFIED_WEEKDAY_RE, rules_dates.qualified_weekday),
    ("bare_weekday", rules_dates.BARE_WEEKDAY_RE, rules_dates.bare_weekday),
    # windows from now: back, ahead, either way (N天内), offsets
    ("rolling", rules_windows.ROLLING_RE, rules_windows.rolling),
    ("just_now", rules_windows.JUST_NOW_RE, rules_windows.just_now),
    ("few_days_ago", rules_windows.FEW_DAYS_AGO_RE, rules_windows.few_days_ago),
    ("recent", rules_windows.RECENT_RE, rules_windows.recent),
    ("ahead", rules_windows.AHEAD_RE, rules_windows.ahead),
    ("within", rules_windows.WITHIN_RE, rules_windows.within),
    ("offset", rules_windows.OFFSET_RE, rules_windows.offset),
    # weeks
    ("week", rules_dates.WEEK_RE, rules_dates.week),
    # quarters and parts of this year
    ("quarter", rules_years.QUARTER_RE, rules_years.quarter),
    ("half_or_end", rules_years.HALF_OR_END_RE, rules_years.half_or_end),
    # months and month parts
    ("shifted_month", rules_dates.SHIFTED_MONTH_RE, rules_dates.shifted_month),
    ("named_month", rules_dates.NAMED_MONTH_RE, rules_dates.named_month),
    ("bare_month_part", rules_dates.BARE_MONTH_PART_RE, rules_dates.bare_month_part),
    # parts of day and clock times
    ("part_of_day", rules_clock.PART_OF_DAY_RE, rules_clock.part_of_day),
    ("midnight", rules_clock.MIDNIGHT_RE, rules_clock.midnight),
    ("am_pm", rules_clock.AM_PM_RE, rules_clock.am_pm),
    ("colon_clock", rules_clock.COLON_CLOCK_RE, rules_clock.colon_clock),
    ("bare_hour", rules_clock.BARE_HOUR_RE, rules_clock.bare_hour),
    ("clock", rules_clock.CLOCK_RE, rules_clock.clock),
    # a day of this month (D号)
    ("bare_monthday", rules_dates.BARE_MONTHDAY_RE, rules_dates.bare_monthday),
    # connectives
    ("that_period", THAT_PERIOD_RE, that_period),
    ("until_now", UNTIL_NOW_RE, _connective("now")),
    ("since", SINCE_RE, _connective("since")),
    ("after", AFTER_RE, _connective("after")),
    ("earlier", EARLIER_RE, _connective("earlier")),
    ("before", BEFORE_RE, _connective("before")),
    ("to", TO_RE, _connective("to")),
    ("from_", FROM_RE, _connective("from")),
)
