"""The tables. The database is the truth about every submission; the queue only carries ids."""

from __future__ import annotations

import enum
from datetime import datetime, timezone

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Enum,
    Float,
    ForeignKey,
    ForeignKeyConstraint,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Role(enum.Enum):
    ADMIN = "admin"  # everything, including rejudging
    SETTER = "setter"  # sees every submission and all test data
    CONTESTANT = "contestant"  # submits; sees own submissions, sample details only
    WORKER = "worker"  # a judging machine: claims jobs, fetches packages, posts results

    @property
    def sees_everything(self) -> bool:
        return self in (Role.ADMIN, Role.SETTER)


class Status(enum.Enum):
    QUEUED = "queued"
    JUDGING = "judging"
    DONE = "done"
    FAILED = "failed"  # the judge could not judge it (broken package, workers kept dying)


class Priority(enum.IntEnum):
    """Which queued job is judged first: the lowest level first; within a level the jobs are
    shared out round-robin by fairness key (judge.service.scheduling). Levels leave room
    between them for others to come."""

    CONTEST = 10  # a submission to a contest that is running now (contests set it)
    PRACTICE = 20  # any other submission
    REJUDGE = 30  # judged again because an admin asked
    VERIFY = 40  # a bundled solution of a setter's verify run


class Base(DeclarativeBase):
    pass


def utcnow() -> datetime:
    """Times are stored as naive UTC: SQLite and PostgreSQL then compare them alike."""
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _enum(kind: type[enum.Enum], name: str) -> Enum:
    """Stored by value ("queued"), checked by the database, portable across SQLite/PostgreSQL."""
    return Enum(
        kind,
        name=name,
        values_callable=lambda members: [m.value for m in members],
        native_enum=False,
        create_constraint=True,
        length=16,
    )


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    role: Mapped[Role] = mapped_column(_enum(Role, "role"))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)  # sha256 hex of the token
    created_at: Mapped[datetime] = mapped_column(DateTime())


class Submission(Base):
    __tablename__ = "submissions"
    __table_args__ = (
        Index("ix_submissions_user_submitted", "user_id", "submitted_at"),
        Index("ix_submissions_status", "status"),
        Index("ix_submissions_problem", "problem"),
        Index("ix_submissions_verify_run", "verify_run_id"),
        Index("ix_submissions_queue", "status", "priority", "id"),
        Index("ix_submissions_user_started", "user_id", "started_at"),
        Index("ix_submissions_contest", "contest_id", "team_id"),
        Index("ix_submissions_rejudging", "rejudging_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    problem: Mapped[str] = mapped_column(String(64))
    language: Mapped[str] = mapped_column(String(16))
    filename: Mapped[str] = mapped_column(String(128))
    source: Mapped[bytes] = mapped_column(LargeBinary)
    status: Mapped[Status] = mapped_column(_enum(Status, "status"))
    # Each (re)judging is a new attempt; a job, a claim and a result all name theirs, so that a
    # late result of an abandoned attempt can never overwrite the current one.
    attempt: Mapped[int] = mapped_column(Integer, default=1)
    verdict: Mapped[str | None] = mapped_column(String(8), nullable=True)
    result: Mapped[dict | None] = mapped_column(JSON, nullable=True)  # the report document
    error: Mapped[str | None] = mapped_column(Text, nullable=True)  # why it failed
    judging_ms: Mapped[float | None] = mapped_column(Float, nullable=True)  # on the worker
    package: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 judged with
    worker: Mapped[str | None] = mapped_column(String(128), nullable=True)
    submitted_at: Mapped[datetime] = mapped_column(DateTime())
    queued_at: Mapped[datetime] = mapped_column(DateTime())  # last sent to the queue
    started_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    # A bundled solution judged for a verify run (None: a submission like any other), and the
    # verdict its folder promises. No foreign key: SQLite adds one to an existing table only by
    # rebuilding it, and dropping the old table would cascade into `progress`.
    verify_run_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    expected: Mapped[str | None] = mapped_column(String(8), nullable=True)
    # A Priority; stored as its number so that levels can be added without a migration.
    priority: Mapped[int] = mapped_column(Integer, default=int(Priority.PRACTICE))
    # A submission to a contest, by a team of it (plain columns, as verify_run_id is);
    # `practice`: sent after the team's window closed, judged but off the official board.
    contest_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    team_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    practice: Mapped[bool] = mapped_column(Boolean, default=False)
    # A scored problem's points and each group's, in the problem's group order (copied from
    # the result when it is stored): what a contest's board reads.
    score: Mapped[float | None] = mapped_column(Float, nullable=True)
    group_scores: Mapped[list | None] = mapped_column(JSON, nullable=True)
    # A rejudging's copy of a submission (judge.service.rejudgings): judged by the workers like
    # any other, but never listed, never on a board, its result kept apart until applied.
    rejudging_id: Mapped[int | None] = mapped_column(Integer, nullable=True)

    user: Mapped[User] = relationship(lazy="joined", innerjoin=True)


class VerifyRun(Base):
    """A setter's `judge verify` through the queue: every bundled solution of a problem judged
    as a submission by the workers, its results read back as the verify matrix."""

    __tablename__ = "verify_runs"
    __table_args__ = (Index("ix_verify_runs_problem", "problem"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    problem: Mapped[str] = mapped_column(String(64))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    started_at: Mapped[datetime] = mapped_column(DateTime())

    user: Mapped[User] = relationship(lazy="joined", innerjoin=True)


class WebSession(Base):
    """A browser signed in with a user's token: the cookie holds a secret of its own (never the
    API token), stored only as its sha256; signing out deletes the row."""

    __tablename__ = "web_sessions"
    __table_args__ = (Index("ix_web_sessions_user", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    secret_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime())
    expires_at: Mapped[datetime] = mapped_column(DateTime())

    user: Mapped[User] = relationship(lazy="joined", innerjoin=True)


class Progress(Base):
    """One finished test of one attempt, as the worker reported it (for live progress)."""

    __tablename__ = "progress"
    __table_args__ = (UniqueConstraint("submission_id", "attempt", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    submission_id: Mapped[int] = mapped_column(ForeignKey("submissions.id", ondelete="CASCADE"))
    attempt: Mapped[int] = mapped_column(Integer)
    position: Mapped[int] = mapped_column(Integer)  # 0, 1, ... in judging order
    case: Mapped[dict] = mapped_column(JSON)  # a CaseDocument


class Worker(Base):
    """A judging process as it last reported itself (every heartbeat and claim): the queue
    page shows each one's host, languages, sandbox, current job and when it was last seen."""

    __tablename__ = "workers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # As Submission.worker names it: the token's user and the process, "judge-1/host:pid:slot".
    name: Mapped[str] = mapped_column(String(128), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    host: Mapped[str] = mapped_column(String(128))
    languages: Mapped[list] = mapped_column(JSON)
    sandbox: Mapped[str] = mapped_column(String(128))
    started_at: Mapped[datetime] = mapped_column(DateTime())
    last_seen: Mapped[datetime] = mapped_column(DateTime())


# Contests (judge.contest.model is the frozen form; judge.service.contests converts). Ids are
# the package's CLICS identifiers; lengths of time are whole milliseconds, as the package
# writes them; times are naive UTC like every time here.


class Contest(Base):
    __tablename__ = "contests"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    name: Mapped[str] = mapped_column(String(255))
    formal_name: Mapped[str | None] = mapped_column(String(255), nullable=True)
    start_time: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    duration_ms: Mapped[int] = mapped_column(BigInteger)
    freeze_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    penalty_time: Mapped[int] = mapped_column(Integer)  # minutes
    scoreboard_type: Mapped[str] = mapped_column(String(16))  # a ScoreboardType's value
    score_mode: Mapped[str] = mapped_column(String(16))  # a ScoreMode's value
    time_tiebreak: Mapped[bool] = mapped_column(Boolean)
    team_duration_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    balloons_after_freeze: Mapped[bool] = mapped_column(Boolean, default=False)
    # {"gold": n, "silver": n, "bronze": n}: places that get each medal; None: no medals.
    medals: Mapped[dict | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime())
    updated_at: Mapped[datetime] = mapped_column(DateTime())
    # The jury's acts on the board: the public board shows everything once thawed, and
    # nothing changes on it any more once finalized.
    thawed_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    finalized_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)


def _in_contest() -> Mapped[str]:
    return mapped_column(
        String(36), ForeignKey("contests.id", ondelete="CASCADE"), primary_key=True
    )


class ContestProblem(Base):
    __tablename__ = "contest_problems"
    __table_args__ = (UniqueConstraint("contest_id", "label"),)

    contest_id: Mapped[str] = _in_contest()
    problem: Mapped[str] = mapped_column(String(64), primary_key=True)  # a problem's id
    label: Mapped[str] = mapped_column(String(16))
    ordinal: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(255), nullable=True)
    color: Mapped[str | None] = mapped_column(String(64), nullable=True)
    rgb: Mapped[str | None] = mapped_column(String(7), nullable=True)


class ContestOrganization(Base):
    __tablename__ = "contest_organizations"

    contest_id: Mapped[str] = _in_contest()
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)  # the package's order
    name: Mapped[str] = mapped_column(String(255))
    formal_name: Mapped[str | None] = mapped_column(String(255), nullable=True)
    country: Mapped[str | None] = mapped_column(String(3), nullable=True)


class ContestGroup(Base):
    __tablename__ = "contest_groups"

    contest_id: Mapped[str] = _in_contest()
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(255))
    hidden: Mapped[bool] = mapped_column(Boolean)


class ContestTeam(Base):
    __tablename__ = "contest_teams"

    contest_id: Mapped[str] = _in_contest()
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(255))
    display_name: Mapped[str | None] = mapped_column(String(255), nullable=True)
    organization_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    group_ids: Mapped[list] = mapped_column(JSON)
    hidden: Mapped[bool] = mapped_column(Boolean)
    extra_time_ms: Mapped[int] = mapped_column(BigInteger, default=0)
    # When the team's own window began (contests with a team_duration); None: not yet.
    started_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)


class ContestAccount(Base):
    """An account as the package gave it. Its password is never stored in clear: only a salted
    hash (judge.service.auth), with which the account signs in by HTTP basic auth as the ICPC's
    tools do; the account's user also has a token."""

    __tablename__ = "contest_accounts"

    contest_id: Mapped[str] = _in_contest()
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    username: Mapped[str] = mapped_column(String(64))
    type: Mapped[str] = mapped_column(String(16))  # an AccountType's value
    team_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    name: Mapped[str | None] = mapped_column(String(255), nullable=True)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)


class TeamMember(Base):
    """A user submitting for a team: one team per contest; a team has one or more."""

    __tablename__ = "contest_team_members"
    __table_args__ = (
        ForeignKeyConstraint(
            ["contest_id", "team_id"],
            ["contest_teams.contest_id", "contest_teams.id"],
            ondelete="CASCADE",
        ),
        Index("ix_contest_team_members_team", "contest_id", "team_id"),
    )

    contest_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    team_id: Mapped[str] = mapped_column(String(36))


class Clarification(Base):
    """A question of a team (`from_team_id`) or a message of the jury (None) to one team
    (`to_team_id`) or to all (None), about a problem or general (None); an answer names the
    question it answers (`reply_to_id`)."""

    __tablename__ = "clarifications"
    __table_args__ = (
        Index("ix_clarifications_contest", "contest_id", "id"),
        Index("ix_clarifications_clics_id", "contest_id", "clics_id", unique=True),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    contest_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("contests.id", ondelete="CASCADE")
    )
    from_team_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    to_team_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    problem: Mapped[str | None] = mapped_column(String(64), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    reply_to_id: Mapped[int | None] = mapped_column(
        ForeignKey("clarifications.id"), nullable=True
    )
    # Who wrote it (None once that user is removed: the team's question stays).
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    sent_at: Mapped[datetime] = mapped_column(DateTime())
    # The id its sender chose (a CLICS admin's PUT); None: the Contest API shows `id`.
    clics_id: Mapped[str | None] = mapped_column(String(36), nullable=True)


class BalloonDone(Base):
    """A balloon a runner has brought: the first accepted submission of a team on a problem."""

    __tablename__ = "balloons_done"

    submission_id: Mapped[int] = mapped_column(
        ForeignKey("submissions.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    done_at: Mapped[datetime] = mapped_column(DateTime())


class RejudgingState(enum.Enum):
    OPEN = "open"  # judging again, or judged and waiting for the admin
    APPLIED = "applied"  # the new results became the submissions'
    CANCELLED = "cancelled"  # nothing changed


class Rejudging(Base):
    __tablename__ = "rejudgings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(  # None once that admin is removed
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    reason: Mapped[str] = mapped_column(String(255))
    state: Mapped[RejudgingState] = mapped_column(_enum(RejudgingState, "rejudging_state"))
    created_at: Mapped[datetime] = mapped_column(DateTime())
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)

    user: Mapped[User | None] = relationship()  # not joined: a rejudging is locked alone


class RejudgingItem(Base):
    """One submission of a rejudging and the copy that is judged in its stead."""

    __tablename__ = "rejudging_items"

    rejudging_id: Mapped[int] = mapped_column(
        ForeignKey("rejudgings.id", ondelete="CASCADE"), primary_key=True
    )
    submission_id: Mapped[int] = mapped_column(
        ForeignKey("submissions.id", ondelete="CASCADE"), primary_key=True
    )
    copy_id: Mapped[int] = mapped_column(Integer)
    old_verdict: Mapped[str | None] = mapped_column(String(8), nullable=True)
    # The submission's id while the rejudging is open, None once closed: a unique column, so
    # that the database itself refuses a second open rejudging of one submission.
    open_submission_id: Mapped[int | None] = mapped_column(Integer, nullable=True, unique=True)


class ContestEvent(Base):
    """One event of a contest's CLICS event feed, for one view of it ("jury": everything;
    "public": what the public sees, frozen judgements withheld until the thaw; "team:<id>": the
    public's and the team's own; judge.service.contest_feed). Kept so that
    a reader resumes after a restart with exactly what it missed; `position` is the event's
    place in its view's feed (its token)."""

    __tablename__ = "contest_events"
    __table_args__ = (UniqueConstraint("contest_id", "view", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    contest_id: Mapped[str] = mapped_column(
        String(36), ForeignKey("contests.id", ondelete="CASCADE")
    )
    view: Mapped[str] = mapped_column(String(48))  # jury, public, team:<id>
    position: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(32))
    object_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    data: Mapped[dict | None] = mapped_column(JSON, nullable=True)  # None: deleted
    created_at: Mapped[datetime] = mapped_column(DateTime())


class PastJudgement(Base):
    """A contest submission's judgement that a later attempt replaced (a rejudge, a rejudging
    applied, a dead worker's attempt): kept because the CLICS Contest API keeps every
    judgement, the current one being the submission's last (judge.service.judgement_history)."""

    __tablename__ = "past_judgements"
    __table_args__ = (UniqueConstraint("submission_id", "attempt"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    submission_id: Mapped[int] = mapped_column(ForeignKey("submissions.id", ondelete="CASCADE"))
    attempt: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime] = mapped_column(DateTime())
    finished_at: Mapped[datetime] = mapped_column(DateTime())
    verdict: Mapped[str] = mapped_column(String(8))  # JE for an attempt that never finished
    score: Mapped[float | None] = mapped_column(Float, nullable=True)
    max_time_ms: Mapped[float | None] = mapped_column(Float, nullable=True)
    tests: Mapped[list] = mapped_column(JSON)  # [{name, verdict, wall_ms, time_ms}, ...]
