"""The Calendar source (sources.md §4): recurrence expansion, all-day and floating times, cancelled
instances, malformed feeds and a rejected token; calendar records in dedupe, lifecycle, the filter
and ranking on a real Postgres; the emulator's feed through the service."""

from __future__ import annotations

import multiprocessing
import time
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import httpx
import pytest
from dateutil.rrule import rrulestr

from app.emulator.calendar import CONTRACT_UID, WEEKLY_UID
from app.emulator.dataset import DEMO_NOW
from app.normalize import build_candidate
from app.planner import plan_query
from app.sources import spare_core
from app.sources.calendar import CalendarEvent, expand, feed_url, to_candidate
from app.sources.http import SourceError
from tests.test_recall_api import ask, items
from tests.test_sql_pipeline import CLOCK, EMBEDDER, NOW, TZ, D, _bundle_rows, _clusters

NY = ZoneInfo("America/New_York")
CAP = 5000  # SOURCE_RECORD_CAP's default


def ics(*events: str, timezones: str = "") -> bytes:
    body = "\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", timezones, *events, "END:VCALENDAR"])
    return "\r\n".join(line for line in body.splitlines() if line).encode() + b"\r\n"


def vevent(*lines: str, uid: str = "e1@test", stamp: str = "20260801T000000Z") -> str:
    return "\n".join(["BEGIN:VEVENT", f"UID:{uid}", f"DTSTAMP:{stamp}", *lines, "END:VEVENT"])


def window(lo: datetime, hi: datetime) -> tuple[datetime, datetime]:
    return lo, hi


# ---------------------------------------------------------------- the feed's URL

@pytest.mark.parametrize(("template", "user", "url"), [
    ("http://cal/calendar/{user_id}.ics", "u_42", "http://cal/calendar/u_42.ics"),
    ("http://cal/calendar", "u_42", "http://cal/calendar/u_42.ics"),  # sources.md §4: {CALENDAR_URL}/{user_id}.ics
    ("http://cal/feeds/{user_id}/basic.ics", "../admin", "http://cal/feeds/..%2Fadmin/basic.ics"),
    ("http://cal/feeds/{user_id}/basic.ics", "..", "http://cal/feeds/%2E%2E/basic.ics"),
    ("http://cal/c/{user_id}.ics", "a b?x=1#f", "http://cal/c/a%20b%3Fx%3D1%23f.ics"),
])
def test_the_user_id_is_one_encoded_path_segment(template, user, url):
    assert feed_url(template, user) == url


# ---------------------------------------------------------------- recurrence expansion

def test_a_weekly_series_across_the_new_york_dst_change_with_an_exception_and_an_exdate():
    feed = ics(
        vevent("SUMMARY:Standup", "DTSTART;TZID=America/New_York:20261019T090000",
               "DTEND;TZID=America/New_York:20261019T093000", "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=5",
               "EXDATE;TZID=America/New_York:20261026T090000", "LAST-MODIFIED:20261001T120000Z"),
        vevent("RECURRENCE-ID;TZID=America/New_York:20261102T090000", "SUMMARY:Standup (moved)",
               "DTSTART;TZID=America/New_York:20261103T100000", "DTEND;TZID=America/New_York:20261103T103000",
               "LAST-MODIFIED:20261028T120000Z"))
    pulled = expand(feed, window(datetime(2026, 10, 1, tzinfo=TZ), datetime(2026, 12, 1, tzinfo=TZ)), TZ, CAP)
    assert (pulled.fetched, pulled.skipped) == (2, 0)
    got = {e.recurrence_id: e for e in pulled.records}
    assert sorted(got) == ["20261019T090000", "20261102T090000", "20261109T090000", "20261116T090000"], \
        "EXDATE drops 10-26; COUNT counts it"
    # 09:00 in New York is 13:00 UTC in daylight time and 14:00 UTC after 1 November
    assert got["20261019T090000"].start.astimezone(UTC).hour == 13
    assert got["20261109T090000"].start.astimezone(UTC).hour == 14
    moved = got["20261102T090000"]
    assert moved.start == datetime(2026, 11, 3, 10, tzinfo=NY) and moved.summary == "Standup (moved)"
    assert moved.changed == datetime(2026, 10, 28, 12, tzinfo=UTC), "observed when the override was written"
    c = to_candidate(moved, "u1", TZ)
    assert c.source_ref == "calendar:event:e1@test:20261102T090000", "the original start in the event's own zone"
    assert (c.event_time, c.event_grain, c.type, c.status, c.confidence) == (moved.start, "minute", "event", "planned", 1.0)
    assert (c.source, c.role, c.source_quality) == ("calendar", "calendar", 1.0)


def test_a_shanghai_series_with_a_moved_and_a_cancelled_instance():
    vtz = "\n".join(["BEGIN:VTIMEZONE", "TZID:Asia/Shanghai", "BEGIN:STANDARD", "DTSTART:19700101T000000",
                     "TZOFFSETFROM:+0800", "TZOFFSETTO:+0800", "END:STANDARD", "END:VTIMEZONE"])
    feed = ics(
        vevent("SUMMARY:周一 Pipeline 晨会", "DTSTART;TZID=Asia/Shanghai:20261012T090000",
               "DTEND;TZID=Asia/Shanghai:20261012T094500", "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=4",
               "ATTENDEE;CN=孙总:mailto:sun@corp.example", "ATTENDEE:mailto:abin@corp.example", uid="p@cal"),
        vevent("RECURRENCE-ID;TZID=Asia/Shanghai:20261019T090000", "SUMMARY:周一 Pipeline 晨会",
               "DTSTART;TZID=Asia/Shanghai:20261019T103000", "DTEND;TZID=Asia/Shanghai:20261019T111500", uid="p@cal"),
        vevent("RECURRENCE-ID;TZID=Asia/Shanghai:20261026T090000", "STATUS:CANCELLED", "SUMMARY:周一 Pipeline 晨会",
               "DTSTART;TZID=Asia/Shanghai:20261026T090000", "DTEND;TZID=Asia/Shanghai:20261026T094500",
               uid="p@cal", stamp="20261025T020000Z"),
        timezones=vtz)
    pulled = expand(feed, window(datetime(2026, 10, 12, tzinfo=TZ), datetime(2026, 11, 3, tzinfo=TZ)), TZ, CAP)
    got = {e.recurrence_id: to_candidate(e, "u1", TZ) for e in pulled.records}
    assert sorted(got) == ["20261012T090000", "20261019T090000", "20261026T090000", "20261102T090000"]
    assert got["20261019T090000"].event_time == datetime(2026, 10, 19, 10, 30, tzinfo=TZ)
    off = got["20261026T090000"]
    assert (off.status, off.change) == ("cancelled", "cancelled")
    assert got["20261012T090000"].participants == ("孙总", "abin"), "attendees by name, else the mailbox"
    assert got["20261012T090000"].title == "周一 Pipeline 晨会"


def test_an_occurrence_of_a_series_is_routine_and_weighs_less_than_the_same_entry_once():
    once = vevent("SUMMARY:ICU 夜班", "LOCATION:浦江医院", "DTSTART;TZID=Asia/Shanghai:20261013T200000", uid="once@cal")
    weekly = vevent("SUMMARY:ICU 夜班", "LOCATION:浦江医院", "DTSTART;TZID=Asia/Shanghai:20261013T200000",
                    "RRULE:FREQ=WEEKLY;COUNT=2",
                    uid="weekly@cal")
    yearly = vevent("SUMMARY:老婆生日", "DTSTART;VALUE=DATE:20261014", "RRULE:FREQ=YEARLY", uid="yearly@cal")
    once_day = vevent("SUMMARY:老婆生日", "DTSTART;VALUE=DATE:20261014", uid="once-day@cal")
    pulled = expand(ics(once, weekly, yearly, once_day),
                    window(datetime(2026, 10, 12, tzinfo=TZ), datetime(2026, 10, 18, tzinfo=TZ)), TZ, CAP)
    got = {e.uid: to_candidate(e, "u1", TZ) for e in pulled.records}
    assert got["weekly@cal"].importance < 0.6 <= got["once@cal"].importance, "「重要的事」 is not every week's shift"
    assert got["yearly@cal"].importance == got["once-day@cal"].importance, "a yearly birthday is no routine"


def test_all_day_and_floating_times_are_wall_times_in_the_request_zone():
    feed = ics(vevent("SUMMARY:秋季艺术节", "DTSTART;VALUE=DATE:20261023", "DTEND;VALUE=DATE:20261024", uid="a@x"),
               vevent("SUMMARY:早会", "DTSTART:20261023T090000", "DTEND:20261023T093000", uid="f@x"),
               vevent("SUMMARY:高铁", "DTSTART:20261025T233500Z", uid="z@x"))
    for zone in (TZ, NY):
        pulled = expand(feed, window(datetime(2026, 10, 20, tzinfo=zone), datetime(2026, 10, 30, tzinfo=zone)), zone, CAP)
        got = {e.uid: to_candidate(e, "u1", zone) for e in pulled.records}
        assert got["a@x"].event_time == datetime(2026, 10, 23, tzinfo=zone) and got["a@x"].event_grain == "day"
        assert got["a@x"].source_ref == "calendar:event:a@x", "a single event: no RECURRENCE-ID"
        assert got["f@x"].event_time == datetime(2026, 10, 23, 9, tzinfo=zone), "floating: the request's zone"
        assert got["z@x"].event_time == datetime(2026, 10, 26, 7, 35, tzinfo=TZ), "UTC stays the instant it is"


def test_a_recurrence_rid_in_utc_and_of_a_date_keeps_its_form():
    feed = ics(vevent("SUMMARY:Sync", "DTSTART:20261019T010000Z", "RRULE:FREQ=DAILY;COUNT=2", uid="u@x"),
               vevent("SUMMARY:Holiday", "DTSTART;VALUE=DATE:20261019", "RRULE:FREQ=YEARLY", uid="d@x"))
    pulled = expand(feed, window(datetime(2026, 10, 19, tzinfo=TZ), datetime(2026, 10, 22, tzinfo=TZ)), TZ, CAP)
    refs = sorted(to_candidate(e, "u1", TZ).source_ref for e in pulled.records)
    assert refs == ["calendar:event:d@x:20261019", "calendar:event:u@x:20261019T010000Z",
                    "calendar:event:u@x:20261020T010000Z"]


def test_only_instances_overlapping_the_window_are_records():
    feed = ics(vevent("SUMMARY:Daily", "DTSTART;TZID=Asia/Shanghai:20260101T090000",
                      "DTEND;TZID=Asia/Shanghai:20260101T100000", "RRULE:FREQ=DAILY"))  # no end
    pulled = expand(feed, window(D(3), D(5)), TZ, CAP)
    assert [e.start for e in pulled.records] == [D(3, 9), D(4, 9)]
    assert pulled.fetched == 1


def test_the_instances_of_a_window_are_those_of_its_whole_days_that_overlap_it():
    # pull() expands whole UTC days (kept for the day) and takes the window's instances from them:
    # the very ones an expansion of the window itself gives, at its edges too
    import random

    from app.sources.calendar import _in_window, _whole_days, expansions
    from app.sources.wire import Pulled

    feed = ics(vevent("SUMMARY:站会", "DTSTART;TZID=Asia/Shanghai:20261001T090000",
                      "DTEND;TZID=Asia/Shanghai:20261001T093000", "RRULE:FREQ=DAILY", uid="daily@x"),
               vevent("SUMMARY:提醒", "DTSTART:20261002T160000Z", "RRULE:FREQ=DAILY;COUNT=20", uid="instant@x"),
               vevent("SUMMARY:假期", "DTSTART;VALUE=DATE:20261005", "DTEND;VALUE=DATE:20261008", uid="allday@x"),
               vevent("SUMMARY:出差", "DTSTART;TZID=America/New_York:20261010T220000",
                      "DTEND;TZID=America/New_York:20261012T080000", uid="trip@x"),
               vevent("SUMMARY:早会", "DTSTART:20261014T073000", "DTEND:20261014T080000", uid="floating@x"))
    edges = [datetime(2026, 10, 5, tzinfo=TZ), datetime(2026, 10, 8, tzinfo=TZ), datetime(2026, 10, 3, 9, tzinfo=TZ),
             datetime(2026, 10, 3, 9, 30, tzinfo=TZ), datetime(2026, 10, 4, 16, tzinfo=UTC),
             datetime(2026, 10, 11, 2, tzinfo=UTC), datetime(2026, 10, 12, 8, tzinfo=NY),
             datetime(2026, 10, 14, 7, 30, tzinfo=TZ)]
    rnd = random.Random(5)
    for _ in range(60):
        lo, hi = sorted(rnd.choice([rnd.choice(edges) + timedelta(seconds=rnd.choice((-1, 0, 1))),
                                    datetime(2026, 10, 1, tzinfo=TZ) + timedelta(minutes=rnd.randrange(20 * 1440))])
                        for _ in range(2))
        if lo == hi:
            continue
        for cap in (CAP, 3):  # with a cap, the newest of the window's own, not of the days'
            exact = expand(feed, (lo, hi), TZ, cap)
            days = Pulled.concat(expansions(feed, (_whole_days(lo), _whole_days(hi, up=True)), TZ, cap))
            taken = _in_window(days, (lo, hi), cap)
            assert sorted((e.uid, e.start) for e in taken.records) == sorted((e.uid, e.start) for e in exact.records)
            assert taken.truncated == exact.truncated, (lo, hi, cap)
    # the days hold one instance more than the cap, before the window: the window's own are all kept
    daily = ics(vevent("SUMMARY:打卡", "DTSTART:20261001T090000Z", "RRULE:FREQ=DAILY", uid="d@x"))
    lo, hi = datetime(2026, 10, 1, 10, tzinfo=UTC), datetime(2026, 10, 1, 10, tzinfo=UTC) + timedelta(days=100, hours=19)
    days = Pulled.concat(expansions(daily, (_whole_days(lo), _whole_days(hi, up=True)), TZ, 100))
    taken, exact = _in_window(days, (lo, hi), 100), expand(daily, (lo, hi), TZ, 100)
    assert len(taken.records) == len(exact.records) == 100 and not taken.truncated and not exact.truncated
    # in a zone with DST the first and last day are still 24 hours: New York springs forward on
    # 14 March, and the 13th's 19:30 (after the window) is in the last day, not among the capped
    nightly = ics(vevent("SUMMARY:值班", "DTSTART;TZID=America/New_York:20270301T193000", "RRULE:FREQ=DAILY",
                         uid="n@x"))
    lo, hi = datetime(2027, 3, 11, tzinfo=NY), datetime(2027, 3, 14, 0, 15, tzinfo=UTC)
    days = Pulled.concat(expansions(nightly, (_whole_days(lo), _whole_days(hi, up=True)), NY, 2))
    taken, exact = _in_window(days, (lo, hi), 2), expand(nightly, (lo, hi), NY, 2)
    assert [e.start.day for e in taken.records] == [e.start.day for e in exact.records] == [11, 12]
    assert not taken.truncated


def test_a_series_begun_decades_ago_has_the_same_instances_in_the_window():
    # begun in 2001, every other week on Monday and Thursday at 09:00 New York time, across the 2026
    # DST change; one instance dropped, one moved (the expansion starts it again near the window)
    rule = "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU"
    feed = ics(vevent("SUMMARY:Old sync", "DTSTART;TZID=America/New_York:20010104T090000",
                      "DTEND;TZID=America/New_York:20010104T093000", f"RRULE:{rule}",
                      "EXDATE;TZID=America/New_York:20261105T090000", uid="old@x"),
               vevent("RECURRENCE-ID;TZID=America/New_York:20261022T090000", "SUMMARY:Old sync (moved)",
                      "DTSTART;TZID=America/New_York:20261023T100000", uid="old@x"),
               vevent("SUMMARY:Daily since 1900", "DTSTART;VALUE=DATE:19000101", "RRULE:FREQ=DAILY;INTERVAL=3",
                      uid="d@x"))
    lo, hi = datetime(2026, 10, 1, tzinfo=NY), datetime(2026, 12, 1, tzinfo=NY)
    pulled = expand(feed, (lo, hi), NY, CAP)
    every = rrulestr(rule, dtstart=datetime(2001, 1, 4, 9, tzinfo=NY))
    expected = {t for t in every.between(lo, hi, inc=True) if t != datetime(2026, 11, 5, 9, tzinfo=NY)}
    expected = (expected - {datetime(2026, 10, 22, 9, tzinfo=NY)}) | {datetime(2026, 10, 23, 10, tzinfo=NY)}
    assert {e.start for e in pulled.records if e.uid == "old@x"} == expected
    assert all(e.start.astimezone(UTC).hour == (13 if e.start.month == 10 else 14)
               for e in pulled.records if e.uid == "old@x" and e.recurrence_id != "20261022T090000")
    days = rrulestr("FREQ=DAILY;INTERVAL=3", dtstart=datetime(1900, 1, 1)).between(
        datetime(2026, 10, 1), datetime(2026, 12, 1), inc=True)
    assert sorted(e.start.date() for e in pulled.records if e.uid == "d@x") == [d.date() for d in days]
    assert (pulled.skipped, pulled.truncated) == (0, False)


def test_at_most_cap_instances_are_kept_the_latest():
    feed = ics(vevent("SUMMARY:Daily", "DTSTART;VALUE=DATE:20260101", "RRULE:FREQ=DAILY"))
    pulled = expand(feed, window(D(1), D(11)), TZ, 3)
    assert [e.start.day for e in pulled.records] == [8, 9, 10] and pulled.truncated


# ---------------------------------------------------------------- malformed feeds

def test_unreadable_vevents_are_skipped_and_counted_and_never_sink_the_rest():
    feed = ics(vevent("SUMMARY:好的", "DTSTART;TZID=Asia/Shanghai:20260903T150000", uid="ok@x"),
               vevent("SUMMARY:坏时间", "DTSTART:明天下午三点", uid="bad@x"),
               vevent("SUMMARY:没有开始", uid="nostart@x"),
               vevent("SUMMARY:坏规则", "DTSTART:20260903T150000Z", "RRULE:FREQ=SOMETIMES", uid="rule@x"),
               vevent("SUMMARY:", "DTSTART:20260903T150000Z", uid="blank@x"),
               vevent("SUMMARY:远古", "DTSTART:20260903T150000Z", uid="old@x", stamp="18000101T000000Z"),
               "BEGIN:VTODO\nUID:t@x\nDTSTAMP:20260801T000000Z\nSUMMARY:一个待办\nEND:VTODO")
    pulled = expand(feed, window(D(3), D(4)), TZ, CAP)
    assert [e.uid for e in pulled.records] == ["ok@x"]
    assert (pulled.fetched, pulled.skipped) == (6, 5), "a VTODO is not read (not junk); every bad VEVENT is counted"


@pytest.mark.parametrize("body", [b"not a calendar at all", b"<html><body>login</body></html>", b"\xff\xfe\x00"])
def test_a_body_that_is_not_icalendar_is_a_source_error(body):
    with pytest.raises(SourceError, match="not iCalendar"):
        expand(body, window(D(3), D(4)), TZ, CAP)


def test_a_calendar_event_too_far_off_the_calendar_is_unreadable():
    with pytest.raises(ValueError):
        CalendarEvent(uid="x", recurrence_id=None, start=datetime(9999, 1, 1, tzinfo=TZ), all_day=False,
                      summary="x", changed=datetime(2026, 1, 1, tzinfo=TZ))


# ---------------------------------------------------------------- through the pipeline (real Postgres)

def _calendar(ref: str, summary: str, start: datetime, written: datetime, *, cancelled: bool = False,
              attendees: tuple[str, ...] = ()):
    uid, _, rid = ref.partition(":")
    return to_candidate(CalendarEvent(uid=uid, recurrence_id=rid or None, start=start, all_day=False, summary=summary,
                                      cancelled=cancelled, attendees=attendees, changed=written), "u1", TZ)


def _note(ref: str, text: str, at: datetime, role: str = "segment"):
    source = "meinput" if role == "segment" else "chat"
    return build_candidate(source=source, ref=ref, user_id="u1", role=role, text=text, observed=at, zone=TZ,
                           happened_when_said=role != "segment")


async def test_calendar_note_and_chat_are_one_item_represented_by_the_calendar(engine):
    cal = _calendar("p@cal:20260902T090000", "周一 Pipeline 晨会", D(2, 9), D(1, 8))
    user = _note("chat:message:q", "9:00晨会前想先心里有数：恒通到合同阶段、北辰演示完等报价，哪单最该花时间？", D(2, 8, 20),
                 role="user")
    note = _note("meinput:segment:n", "明天早上九点的晨会要讲恒通和北辰", D(1, 21))
    rows = (await _bundle_rows(engine, [user, note, cal], "我昨天有什么安排？", NOW)).rows
    [row] = rows
    assert row["source_ref"] == "calendar:event:p@cal:20260902T090000", "highest source_quality represents it"
    assert set(row["merged_from"]) == {cal.source_ref, user.source_ref, note.source_ref}


async def test_the_very_minute_of_a_calendar_entry_and_one_shared_word_merge_minutes_off_do_not(engine):
    cal = _calendar("p@cal", "周一 Pipeline 晨会 12F 大会议室 过商机阶段、回款预测和本周重点客户", D(2, 9), D(1, 8))
    same = _note("chat:message:s", "9点晨会前想先理一下恒通、北辰、万象哪单最该花时间", D(2, 8), role="user")
    off = _note("chat:message:o", "9点10分晨会前想先理一下恒通、北辰、万象哪单最该花时间", D(2, 8, 1), role="user")
    unrelated = _note("chat:message:u", "早上9点给豆豆的班主任打电话", D(2, 8, 2), role="user")  # its minute, no word
    # (same and off are not compared with each other here: each alone against the entry)
    assert await _clusters(engine, [cal, same, unrelated]) == [{cal.source_ref, same.source_ref}, {unrelated.source_ref}]
    assert await _clusters(engine, [cal, off]) == [{cal.source_ref}, {off.source_ref}]


async def test_people_veto_a_calendar_merge_too(engine):
    cal = _calendar("c@cal", "和张总签合同", D(2, 15), D(1, 8), attendees=("张总",))
    call = _note("meinput:segment:x", "下午三点和李总签合同", D(2, 9))
    assert await _clusters(engine, [cal, call]) == [{cal.source_ref}, {call.source_ref}]


async def test_a_cancelled_calendar_instance_cancels_the_plan_written_about_it(engine):
    plan = _note("meinput:segment:p", "周五晚上六点半和北辰钱总吃饭", D(3, 9))
    off = _calendar("d@cal", "和北辰钱总晚餐", D(4, 18, 30), D(3, 15), cancelled=True, attendees=("钱总",))
    result = await _bundle_rows(engine, [plan, off], "周五有什么安排？", D(3, 16))
    assert result.rows == [], "called off: neither record is planned"
    assert [(c.item, c.changed_by, c.kind) for c in result.changes] == [("meinput:segment:p", off.source_ref, "cancelled")]


@pytest.mark.parametrize("updated", [D(13, 21, 40), D(12, 10)], ids=["calendar updated after", "before (already the told-again rule)"])
async def test_a_move_the_calendar_already_shows_moves_no_other_week_of_the_series(engine, updated):
    # the calendar updated after the note or before it: Monday's 例会 is on Tuesday there
    monday = _calendar("w@cal:20260914T093000", "门店周例会（区域经理巡店，改周二）", D(15, 9, 30), updated)
    next_week = _calendar("w@cal:20260921T093000", "门店周例会", D(21, 9, 30), D(1, 8))
    moved = _note("meinput:segment:m", "例会挪到后天上午9:30了", D(13, 21, 30))
    result = await _bundle_rows(engine, [monday, next_week, moved], "下周都有哪些安排？", D(13, 21, 50))
    assert next_week.source_ref not in {c.item for c in result.changes}, "next Monday's 例会 still stands"
    assert [r["event_time"] for r in result.rows] == [D(15, 9, 30)], "one 例会 this week, on Tuesday"


async def test_a_calendar_entry_is_scheduled_not_said(engine):
    cal = _calendar("w@cal", "产品周会", D(10, 16), D(2, 11))  # written yesterday, for next week
    said = await _bundle_rows(engine, [cal], "我昨天说过什么？", NOW)
    assert said.rows == [], "never in the mentioned group"
    planned = await _bundle_rows(engine, [cal], "下周有什么安排？", NOW)
    assert [r["group_key"] for r in planned.rows] == ["planned"]


async def test_ranking_reads_the_plans_calendar_weight(engine):
    from app.pipeline.runner import prepare_stages, run_stages
    from app.sqlfiles import Queries

    cal = _calendar("w@cal", "产品周会", D(3, 16), D(1, 11))
    factors = {}
    for query in ("今天下午四点有什么", "今天下午四点有什么会议"):  # 会议 weighs Calendar up
        plan = plan_query(query, now=NOW)
        [row] = (await run_stages(engine, Queries(), await prepare_stages(plan, CLOCK, [cal], EMBEDDER),
                                  include_hidden=True)).rows
        assert row["source_factor"] == pytest.approx(1.0 * (0.85 + 0.15 * plan.sources.calendar))
        factors[query] = row["source_factor"]
    assert factors["今天下午四点有什么会议"] > factors["今天下午四点有什么"]


# ---------------------------------------------------------------- through the service (emulator feed)

@pytest.fixture
async def client(build_app, upstream_env):
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=build_app(upstream_env)),
                                 base_url="http://recall") as c:
        yield c


async def test_todays_schedule_comes_from_the_calendar(client):
    bundle = await ask(client, "我今天有什么安排？")
    assert bundle["plan"]["sources"]["calendar"] == 0.95, "安排 weighs Calendar up"
    assert bundle["sources"]["calendar"]["status"] == "ok"
    [weekly] = [it for it in items(bundle) if it["source"] == "calendar"]
    assert weekly["source_ref"] == f"calendar:event:{WEEKLY_UID}:20260903T160000"
    assert weekly["event_time"] == "2026-09-03T16:00:00+08:00"


async def test_the_signing_is_one_item_from_three_sources(client):
    bundle = await ask(client, "我昨天做了什么？")
    [signing] = [it for it in items(bundle) if f"calendar:event:{CONTRACT_UID}" in it["merged_from"]]
    assert signing["source_ref"] == f"calendar:event:{CONTRACT_UID}"
    assert {r.split(":")[0] for r in signing["merged_from"]} == {"calendar", "meinput", "chat"}
    assert "张总" in signing["participants"]


async def test_moved_and_cancelled_instances(client):
    moved = await ask(client, "8月28号有什么安排？")
    assert [it["event_time"] for it in items(moved) if it["source"] == "calendar"] == ["2026-08-28T17:00:00+08:00"]
    off = await ask(client, "下周四有什么安排？")
    assert not [it for it in items(off) if it["source"] == "calendar"], "the cancelled instance is not planned"


async def test_junk_in_the_feed_is_skipped_and_counted(client, emulator):
    emulator.state.set_fault("calendar", "junk")
    bundle = await ask(client, "我今天有什么安排？")
    report = bundle["sources"]["calendar"]
    assert report["status"] == "ok" and report["skipped"] == 2
    assert any(it["source"] == "calendar" for it in items(bundle))


@pytest.mark.parametrize("fault", ["auth", "503"])
async def test_a_failing_feed_is_a_source_error_and_the_others_answer(client, emulator, fault):
    emulator.state.set_fault("calendar", fault)
    bundle = await ask(client, "我今天有什么安排？")
    assert bundle["sources"]["calendar"]["status"] == "error"
    if fault == "auth":
        assert "401" in bundle["sources"]["calendar"]["error"]
    assert {bundle["sources"][s]["status"] for s in ("meinput", "chat", "memory_v2")} == {"ok"}


async def test_without_calendar_url_the_source_is_absent(build_app, emulator):
    env = emulator.env(("meinput", "chat"))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=build_app(env)), base_url="http://recall") as c:
        bundle = await ask(c, "我今天有什么安排？")
    assert "calendar" not in bundle["sources"]


def test_the_window_of_the_feed_is_one_of_event_times():
    from app.fetch import event_window

    plan = plan_query("下周有什么安排？", now=NOW)
    lo, hi = event_window(plan, NOW)
    assert lo == datetime(2026, 9, 7, tzinfo=TZ) - timedelta(days=1) and hi == datetime(2026, 9, 14, tzinfo=TZ) + timedelta(days=1)


# ---------------------------------------------------------------- hostile feeds (anyone can invite a user)

HOSTILE_USER = "u_hostile"


def _hostile_feed(*bad: list[str]) -> list[str]:
    """Today's 「代码评审」 at 10:00 first, then `bad`'s VEVENTs (content lines, as the emulator serves them)."""
    good = ["BEGIN:VEVENT", "UID:good@x", "DTSTAMP:20260801T000000Z", "SUMMARY:代码评审",
            "DTSTART;TZID=Asia/Shanghai:20260903T100000", "DTEND;TZID=Asia/Shanghai:20260903T110000", "END:VEVENT"]
    return [*good, *(line for event in bad for line in event)]


def _bad(uid: str, *lines: str) -> list[str]:
    return ["BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20260801T000000Z", "SUMMARY:邀请", *lines, "END:VEVENT"]


async def ask_deadline(client, emulator, monkeypatch, feed: list[str], plan: dict | None = None) -> dict:
    """The service's answer to 「我今天有什么安排？」 for a user whose feed is `feed`: it comes within
    the request deadline (5 s; generous slack), and no expansion is still running once it has."""
    monkeypatch.setitem(emulator.state.dataset.calendars, HOSTILE_USER, feed)
    started = time.monotonic()
    resp = await client.post("/v1/temporal-recall/query", json={
        "user_id": HOSTILE_USER, "query": "我今天有什么安排？", "now": DEMO_NOW.isoformat(),
        **({"plan": plan} if plan else {})})
    assert resp.status_code == 200, resp.text
    assert time.monotonic() - started < 5.0 + 5.0
    left = [p for p in multiprocessing.active_children() if p.pid not in spare_core.worker_pids()]
    assert left == [], "the expansion's process is gone with its request"
    return resp.json()


@pytest.fixture
async def roomy_client(build_app, upstream_env):
    """A client whose sources have 4 s: one costly event's CPU slice (0.5 s) and the rest of the feed
    fit however loaded the machine, so only the event's own cut is tested."""
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=build_app({**upstream_env, "SOURCE_TIMEOUT_S": "4"})),
                                 base_url="http://recall") as c:
        yield c


@pytest.mark.parametrize("bad", [
    _bad("minutely@x", "DTSTART;TZID=Asia/Shanghai:20200101T000000", "RRULE:FREQ=MINUTELY"),
    _bad("secondly@x", "DTSTART:20260903T000000Z", "RRULE:FREQ=SECONDLY;INTERVAL=1"),
    _bad("hourly@x", "DTSTART:20100101T000000Z", "RRULE:FREQ=HOURLY;COUNT=1000000"),
    _bad("feb30@x", "DTSTART;TZID=Asia/Shanghai:20200101T090000", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"),
    _bad("backwards@x", "DTSTART;TZID=Asia/Shanghai:20260901T100000", "DTEND;TZID=Asia/Shanghai:20260901T090000",
         "RRULE:FREQ=DAILY"),
    # never occurs, and no check knows it (day 366 is in December): its CPU slice ends it
    _bad("day366@x", "DTSTART;TZID=Asia/Shanghai:20200101T090000", "RRULE:FREQ=DAILY;BYYEARDAY=366;BYMONTH=1"),
], ids=["minutely", "secondly", "hourly-count-huge", "february-30", "end-before-start", "never-unknown"])
async def test_a_costly_event_is_skipped_and_the_rest_of_the_feed_answers(roomy_client, emulator, monkeypatch, bad):
    bundle = await ask_deadline(roomy_client, emulator, monkeypatch, _hostile_feed(bad))
    report = bundle["sources"]["calendar"]
    assert (report["status"], report["skipped"], report["fetched"]) == ("ok", 1, 2)
    assert [it["title"] for it in items(bundle) if it["source"] == "calendar"] == ["代码评审"]
    assert {bundle["sources"][s]["status"] for s in ("meinput", "chat", "memory_v2")} == {"ok"}


async def test_a_feed_that_outlasts_the_budget_keeps_what_was_expanded(client, emulator, monkeypatch):
    # each never-occurring rule takes its whole CPU slice: together far more than the source's budget
    bad = [_bad(f"day366-{i}@x", "DTSTART;TZID=Asia/Shanghai:20200101T090000",
                "RRULE:FREQ=DAILY;BYYEARDAY=366;BYMONTH=1") for i in range(40)]
    bundle = await ask_deadline(client, emulator, monkeypatch, _hostile_feed(*bad))
    report = bundle["sources"]["calendar"]
    assert (report["status"], report["partial"], report["fetched"]) == ("error", True, 41)
    assert report["error"].startswith("timeout after")
    assert [it["title"] for it in items(bundle) if it["source"] == "calendar"] == ["代码评审"]


async def test_a_plan_over_three_centuries_is_cut_around_now(client, emulator, monkeypatch):
    plan = (await client.post("/v1/context-planner/plan",
                              json={"query": "我今天有什么安排？", "now": DEMO_NOW.isoformat()})).json()
    plan["time"]["event_range"] = {"start": "1900-01-01T00:00:00+08:00", "end": "2199-12-31T00:00:00+08:00"}
    since_1900 = _bad("daily1900@x", "DTSTART;TZID=Asia/Shanghai:19000101T080000",
                      "DTEND;TZID=Asia/Shanghai:19000101T083000", "RRULE:FREQ=DAILY")
    bundle = await ask_deadline(client, emulator, monkeypatch, _hostile_feed(since_1900), plan)
    report = bundle["sources"]["calendar"]
    assert (report["status"], report["truncated"], report.get("skipped", 0)) == ("ok", True, 0)
    calendar = [it for it in items(bundle) if it["source"] == "calendar"]
    assert "代码评审" in {it["title"] for it in calendar}
    assert all(abs(datetime.fromisoformat(it["event_time"]) - DEMO_NOW) <= timedelta(days=2 * 366 + 1)
               for it in calendar)



async def test_an_unchanged_feed_is_expanded_once_and_an_edited_one_again(upstreams, upstream_env, emulator,
                                                                            monkeypatch):
    from app.cache import IdleLru, TimelineCache
    from app.fetch import fetch_candidates
    from app.planner.clock import resolve_clock
    from app.sources import calendar, worker

    children = []
    run = worker.run

    async def counted(*args, **kwargs):
        children.append(1)
        return await run(*args, **kwargs)

    monkeypatch.setattr(worker, "run", counted)
    monkeypatch.setattr(calendar, "EXPANDED", IdleLru(max_weight=50_000))
    feed = _hostile_feed()
    monkeypatch.setitem(emulator.state.dataset.calendars, HOSTILE_USER, feed)
    up = upstreams(upstream_env)
    elapsed = [0.0]
    up.cache = TimelineCache(0.5, clock=lambda: elapsed[0])  # expired by hand between the pulls
    plan, clock = plan_query("我今天有什么安排？", now=DEMO_NOW), resolve_clock(DEMO_NOW, None)

    async def titles() -> list[str]:
        elapsed[0] += 1
        got = await fetch_candidates(plan, clock, HOSTILE_USER, up)
        assert got.reports["calendar"].status == "ok" and not got.reports["calendar"].cached
        return [c.title for c in got.candidates if c.source == "calendar"]

    assert await titles() == ["代码评审"] and await titles() == ["代码评审"]
    assert len(children) == 1, "pulled again, the same feed is not expanded again"
    monkeypatch.setitem(emulator.state.dataset.calendars, HOSTILE_USER,
                        [line.replace("SUMMARY:代码评审", "SUMMARY:代码评审（线上）") for line in feed])
    assert await titles() == ["代码评审（线上）"] and len(children) == 2, "an edited feed is read as it is now"
    # a window that moves with `now` (a question without a range, one cut around now) asks for the
    # same whole days all day: expanded once; on the next day the days are others
    import msgspec

    from app.contracts import TimeRange

    wide = TimeRange(start=datetime(1900, 1, 1, tzinfo=DEMO_NOW.tzinfo), end=datetime(2199, 1, 1, tzinfo=DEMO_NOW.tzinfo))
    for asked in (plan_query("代码评审在哪个会议室？", now=DEMO_NOW),
                  msgspec.structs.replace(plan, time=msgspec.structs.replace(plan.time, event_range=wide))):
        expanded = len(children)
        for minutes in (0, 1, 90):
            plan, clock = asked, resolve_clock(DEMO_NOW + timedelta(minutes=minutes), None)
            assert await titles() == ["代码评审（线上）"]
        assert len(children) == expanded + 1, "the same days all day: expanded once"
        clock = resolve_clock(DEMO_NOW + timedelta(days=1), None)
        await titles()
        assert len(children) == expanded + 2, "the next day's window is another"
