"""The rule table: every form the lexer knows, in priority order, each with the handler that turns
a match into a token. The handlers live in rules_dates.py (calendar dates and periods) and
rules_clock.py (windows and offsets from now, parts of the day, clock times); the void and
connective tokens, which name no time of their own, are here."""

from __future__ import annotations

import re
from collections.abc import Callable

from app.planner.timeparse import rules_clock, rules_dates
from app.planner.timeparse.tokens import Ctx, Tok, _void

Handler = Callable[[re.Match, Ctx], Tok | None]
Rule = tuple[str, str, Handler]

# -- negatives and repetitions: consumed so that nothing inside them becomes a time
EVERY_RE = (
    r"每(?:天|日|晚|早|周[一二三四五六日天]?|个?星期[一二三四五六日天]?|个?礼拜[一二三四五六日天]?|个?月|年|季度|小时|个小时|分钟)"
    r"|三天打鱼两天晒网|天天|周杰伦|周[一二三四五六]?[杰星润树华]|时间复杂度|下午茶|多长时间|多少个?(?:星期|天|小时|月)"
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
BEFORE_RE = r"之前|以前|前"
TO_RE = r"到|至|~|～|-|—"
FROM_RE = r"从|自从|自"

# Order matters: all rules are alternatives of one master regex, and at one position the first
# alternative that matches wins, so longer and more specific forms come first. A handler may
# decline a match (None); then the next rule that matches at that position is tried.
RULES: tuple[Rule, ...] = (
    ("every", EVERY_RE, every),
    # explicit dates
    ("explicit_year", rules_dates.EXPLICIT_YEAR_RE, rules_dates.explicit_year),
    ("iso_date", rules_dates.ISO_DATE_RE, rules_dates.iso_date),
    ("relative_year_month", rules_dates.RELATIVE_YEAR_MONTH_RE, rules_dates.relative_year_month),
    ("slash_date", rules_dates.SLASH_DATE_RE, rules_dates.slash_date),
    ("month_day", rules_dates.MONTH_DAY_RE, rules_dates.month_day),
    ("shifted_month_day", rules_dates.SHIFTED_MONTH_DAY_RE, rules_dates.shifted_month_day),
    # holidays
    ("year_holiday", rules_dates.YEAR_HOLIDAY_RE, rules_dates.year_holiday),
    ("holiday", rules_dates.HOLIDAY_RE, rules_dates.holiday),
    # days
    ("relative_day", rules_dates.RELATIVE_DAY_RE, rules_dates.relative_day),
    ("two_days", rules_dates.TWO_DAYS_RE, rules_dates.two_days),
    ("relative_day_part", rules_dates.RELATIVE_DAY_PART_RE, rules_dates.relative_day_part),
    # weekends and weekdays
    ("weekend", rules_dates.WEEKEND_RE, rules_dates.weekend),
    ("qualified_weekday", rules_dates.QUALIFIED_WEEKDAY_RE, rules_dates.qualified_weekday),
    ("bare_weekday", rules_dates.BARE_WEEKDAY_RE, rules_dates.bare_weekday),
    # rolling windows and windows ending now
    ("rolling", rules_clock.ROLLING_RE, rules_clock.rolling),
    ("just_now", rules_clock.JUST_NOW_RE, rules_clock.just_now),
    ("few_days_ago", rules_clock.FEW_DAYS_AGO_RE, rules_clock.few_days_ago),
    ("recent", rules_clock.RECENT_RE, rules_clock.recent),
    # offsets: N<unit>前/后
    ("offset", rules_clock.OFFSET_RE, rules_clock.offset),
    # weeks
    ("week", rules_dates.WEEK_RE, rules_dates.week),
    # quarters, half years, years
    ("quarter", rules_dates.QUARTER_RE, rules_dates.quarter),
    ("year_part", rules_dates.YEAR_PART_RE, rules_dates.year_part),
    ("relative_year", rules_dates.RELATIVE_YEAR_RE, rules_dates.relative_year),
    # months and month parts
    ("shifted_month", rules_dates.SHIFTED_MONTH_RE, rules_dates.shifted_month),
    ("named_month", rules_dates.NAMED_MONTH_RE, rules_dates.named_month),
    ("bare_month_part", rules_dates.BARE_MONTH_PART_RE, rules_dates.bare_month_part),
    # parts of day and clock times
    ("part_of_day", rules_clock.PART_OF_DAY_RE, rules_clock.part_of_day),
    ("colon_clock", rules_clock.COLON_CLOCK_RE, rules_clock.colon_clock),
    ("clock", rules_clock.CLOCK_RE, rules_clock.clock),
    # a day of this month (D号)
    ("bare_monthday", rules_dates.BARE_MONTHDAY_RE, rules_dates.bare_monthday),
    # connectives
    ("that_period", THAT_PERIOD_RE, that_period),
    ("until_now", UNTIL_NOW_RE, _connective("now")),
    ("since", SINCE_RE, _connective("since")),
    ("before", BEFORE_RE, _connective("before")),
    ("to", TO_RE, _connective("to")),
    ("from_", FROM_RE, _connective("from")),
)
