"""A team's window, as the rules say: the contest's, plus the team's extra time; or, with a
team_duration, the team's own from its start, cut at the contest's end, plus extra time."""

from datetime import datetime, timedelta, timezone

from judge.contest.model import Contest, Team
from judge.contest.window import Phase, Window, phase_at, team_window

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
    assert phase_at(OWN, PLAIN, None, START + 4 * HOUR) is Phase.RUNNING  # starts now
    assert phase_at(OWN, PLAIN, None, START + 5 * HOUR) is Phase.AFTER


def test_an_unscheduled_contest_has_no_window():
    unscheduled = Contest(id="u", name="U", duration=HOUR)
    assert team_window(unscheduled, PLAIN, None) is None
    assert phase_at(unscheduled, PLAIN, None, START) is Phase.UNSCHEDULED
