"""The safety net's decisions on SQLite and PostgreSQL: what is sent again, and when."""

from __future__ import annotations

from datetime import timedelta

from judge.service import store
from judge.service.models import Status, Submission, User, utcnow
from judge.service.settings import QueueSettings

QUEUE = QueueSettings(lease_seconds=60, resend_after_seconds=60, max_attempts=3)


def submission(api) -> int:
    body = {"problem": "sum", "language": "python", "source": "print(3)\n"}
    return api.post("/api/submissions", json=body).json()["id"]


def claim(api, submission_id: int, attempt: int = 1, worker: str = "w") -> None:
    """The next job (the only one queued) is this one."""
    with api.database.writing() as session:
        taken = store.claim_next(session, worker, QUEUE.lease_seconds, ["python"], PACKAGE)
        assert (taken.id, taken.attempt) == (submission_id, attempt)


def PACKAGE(submission) -> str:
    return "0" * 64


def age(api, submission_id: int, **fields) -> None:
    """Move the submission's times into the past, as if time had passed."""
    with api.database.writing() as session:
        row = session.get(Submission, submission_id)
        for name, seconds in fields.items():
            setattr(row, name, utcnow() - timedelta(seconds=seconds))


def resend(api, **flags) -> tuple[list[store.Job], list]:
    with api.database.writing() as session:
        return store.jobs_to_resend(session, QUEUE, **flags)


def status(api, submission_id: int) -> tuple[Status, int, str | None]:
    with api.database.session() as session:
        row = session.get(Submission, submission_id)
        return row.status, row.attempt, row.error


def test_an_expired_lease_means_a_new_attempt_then_failure(api):
    first = submission(api)
    claim(api, first)
    assert resend(api) == ([], [])  # the lease holds
    for attempt in (1, 2):
        age(api, first, lease_until=1)
        assert resend(api)[0] == [store.Job(first, attempt + 1)]
        assert status(api, first)[:2] == (Status.QUEUED, attempt + 1)
        claim(api, first, attempt + 1)
    age(api, first, lease_until=1)
    jobs, changed = resend(api)
    assert jobs == [] and [change.submission_id for change in changed] == [first]
    final, attempt, error = status(api, first)
    assert final is Status.FAILED and attempt == 3 and "interrupted 3 times" in error


def test_queued_jobs_are_sent_again_after_a_while_or_at_start(api):
    first, second = submission(api), submission(api)
    assert resend(api)[0] == []
    age(api, first, queued_at=120)
    assert resend(api)[0] == [store.Job(first, 1)]
    assert resend(api)[0] == []  # sent again just now
    assert sorted(resend(api, all_queued=True)[0], key=lambda j: j.submission_id) == [
        store.Job(first, 1),
        store.Job(second, 1),
    ]


def test_an_embedded_restart_takes_back_every_judging_submission(api):
    first = submission(api)
    claim(api, first)
    assert resend(api, all_queued=True)[0] == []  # a remote worker may still be judging it
    assert resend(api, all_judging=True)[0] == [store.Job(first, 2)]


def test_a_judged_job_is_not_handed_out_again_until_its_lease_runs_out(api):
    first = submission(api)
    claim(api, first)
    with api.database.writing() as session:
        assert store.claim_next(session, "other", 60, ["python"], PACKAGE) is None
    age(api, first, lease_until=1)
    resend(api)  # the sweeper: a new attempt
    with api.database.writing() as session:
        taken = store.claim_next(session, "other", 60, ["python"], PACKAGE)
        assert (taken.id, taken.attempt, taken.worker) == (first, 2, "other")
        assert isinstance(taken.user, User)
