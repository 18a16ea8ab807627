"""A team's window, as the rules say: the contest's, plus the team's extra time; or, with a
team_duration, the team's own from when it presses start, cut at the contest's end, plus extra
time."""

from datetime import datetime, timedelta, timezone

import pytest

from judge.contest.model import Contest, Team
from judge.contest.window import Phase, Window, phase_at, start_of_window, team_window
from judge.errors import JudgeError

START = datetime(2026, 12, 5, 9, tzinfo=timezone.utc)
HOUR = timedelta(hours=1)
CONTEST = Contest(id="c", name="C", start_time=START, duration=5 * HOUR)
OWN = Contest(id="o", name="O", start_time=START, duration=5 * HOUR, team_duration=2 * HOUR)
PLAIN = Team("t", "T")
LATE = Team("l", "L", extra_time=timedelta(minutes=15))


def test_the_contests_window_plus_extra_time():
    assert team_window(CONTEST, PLAIN, None) == Window(START, START + 5 * HOUR)
    assert team_window(CONTEST, LATE, None) == Window(START, START + 5 * HOUR + LATE.extra_time)
    assert phase_at(CONTEST, PLAIN, None, START - timedelta(seconds=1)) is Phase.BEFORE
    assert phase_at(CONTEST, PLAIN, None, START) is Phase.RUNNING
    assert phase_at(CONTEST, PLAIN, None, START + 5 * HOUR) is Phase.AFTER
    assert phase_at(CONTEST, LATE, None, START + 5 * HOUR) is Phase.RUNNING


def test_a_teams_own_window_is_cut_at_the_contests_end():
    started = START + HOUR
    assert team_window(OWN, PLAIN, started) == Window(started, started + 2 * HOUR)
    late_start = START + 4 * HOUR
    assert team_window(OWN, LATE, late_start).end == START + 5 * HOUR + LATE.extra_time
    assert phase_at(OWN, PLAIN, started, started + 2 * HOUR) is Phase.AFTER
    assert phase_at(OWN, PLAIN, None, START + 5 * HOUR) is Phase.AFTER


def test_a_team_that_has_not_pressed_start_is_not_running():
    assert phase_at(OWN, PLAIN, None, START - HOUR) is Phase.BEFORE
    assert phase_at(OWN, PLAIN, None, START) is Phase.NOT_STARTED
    assert phase_at(OWN, PLAIN, None, START + 4 * HOUR) is Phase.NOT_STARTED
    assert phase_at(OWN, LATE, None, START + 5 * HOUR) is Phase.AFTER  # its time is gone


def test_a_team_starts_its_window_within_the_contest_only():
    pressed = START + 90 * timedelta(minutes=1)
    assert start_of_window(OWN, PLAIN, None, pressed) == pressed
    assert phase_at(OWN, PLAIN, pressed, pressed) is Phase.RUNNING
    # extra time still lengthens the window, even one cut at the contest's end
    assert phase_at(OWN, LATE, START + 4 * HOUR, START + 5 * HOUR) is Phase.RUNNING
    refusals = {
        "starts at 2026-12-05 09:00:00 UTC": (OWN, None, START - timedelta(seconds=1)),
        "is over": (OWN, None, START + 5 * HOUR),
        "started its window already, at 2026-12-05 10:30:00 UTC": (OWN, pressed, pressed),
        "one window for every team": (CONTEST, None, START + HOUR),
    }
    for message, (contest, started, now) in refusals.items():
        with pytest.raises(JudgeError, match=message):
            start_of_window(contest, PLAIN, started, now)


def test_an_unscheduled_contest_has_no_window():
    unscheduled = Contest(id="u", name="U", duration=HOUR)
    assert team_window(unscheduled, PLAIN, None) is None
    assert phase_at(unscheduled, PLAIN, None, START) is Phase.UNSCHEDULED
