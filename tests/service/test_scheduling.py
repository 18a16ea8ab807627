"""Fair queues on SQLite and PostgreSQL: which queued submission a judging process gets next.
The order is decided by the database at each claim, so these tests claim one job at a time
(one judging process) and read the order: no timing is involved."""

from __future__ import annotations

from sqlalchemy import select

from judge.service import store
from judge.service.models import Priority, Submission, User
from judge.service.scheduling import fairness_key

SLOW = "import time\ntime.sleep(1)\nprint(3)\n"


def queue(api, name: str, count: int = 1, priority: Priority = Priority.PRACTICE,
          language: str = "python") -> list[int]:
    with api.database.writing() as session:
        user = session.scalar(select(User).where(User.name == name))
        rows = [
            store.create_submission(session, user, "sum", language, "a.py", SLOW.encode(),
                                    priority=priority)
            for _ in range(count)
        ]
        return [row.id for row in rows]


def claim(api, languages=("python",)) -> Submission | None:
    with api.database.writing() as session:
        return store.claim_next(session, "w", 60, list(languages), lambda s: "0" * 64)


def finish(api, submission: Submission) -> None:
    with api.database.writing() as session:
        job = store.Job(submission.id, submission.attempt)
        assert store.finish(session, job, None, None, "done here") is store.Finish.STORED


def judged_order(api) -> list[int]:
    """Claim and finish every queued job in turn, as one judging process would."""
    order = []
    while (taken := claim(api)) is not None:
        order.append(taken.id)
        finish(api, taken)
    return order


def test_a_second_users_one_submission_goes_before_the_first_users_thirty(api):
    alice = queue(api, "alice", 30)
    [bob] = queue(api, "bob")
    order = judged_order(api)
    assert sorted(order) == sorted(alice + [bob])  # each exactly once
    assert order.index(bob) == 1  # alice's first, then bob's: turns, not arrival
    assert [i for i in order if i != bob] == alice  # a user's own stay in order


def test_one_in_judging_counts_as_a_users_turn(api):
    first, *rest = queue(api, "alice", 30)
    assert claim(api).id == first  # being judged
    [bob] = queue(api, "bob")  # arrives while alice's first is judged
    assert claim(api).id == bob  # before alice's second


def test_turns_go_round_every_user(api):
    alice = queue(api, "alice", 3)
    bob = queue(api, "bob", 3)
    setter = queue(api, "setter", 1)
    assert judged_order(api) == [alice[0], bob[0], setter[0], alice[1], bob[1], alice[2], bob[2]]


def test_live_contest_before_practice_before_rejudges_before_verify_runs(api):
    verify = queue(api, "setter", 2, Priority.VERIFY)
    rejudge = queue(api, "admin", 2, Priority.REJUDGE)
    practice = queue(api, "alice", 2)
    contest = queue(api, "bob", 2, Priority.CONTEST)
    assert judged_order(api) == contest + practice + rejudge + verify


def test_a_process_gets_only_languages_it_can_judge(api):
    [cpp] = queue(api, "alice", language="cpp")
    [python] = queue(api, "bob")
    assert claim(api, ["python"]).id == python
    assert claim(api, ["python"]) is None
    assert claim(api, ["python", "cpp"]).id == cpp


def test_two_processes_never_get_the_same_job(api):
    ids = set(queue(api, "alice", 5))
    first, second = claim(api), claim(api)
    assert first.id != second.id and {first.id, second.id} <= ids


def test_the_fairness_key_is_the_user_for_now():
    assert fairness_key() is Submission.user_id
