"""What routes share: the service's parts, a database session, and the request's user.

Other packages that add routes (HTML pages) use the same dependencies:

    @router.get("/mine")
    def mine(user: User = Depends(current_user), session: Session = Depends(db_session)): ...
"""

from __future__ import annotations

import base64
import threading
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from datetime import datetime

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from judge.errors import JudgeError
from judge.service.api.errors import ApiError
from judge.service.api.intake import FORM_TYPES, read_form
from judge.service.auth import token_hash, user_for_password, user_for_token
from judge.service.board_cache import BoardCache
from judge.service.changes import Change, ChangeHub, OpenStreams
from judge.service.contest_feed import FeedUpdates
from judge.service.feed_tails import FeedTails
from judge.service.db import Database
from judge.service.hidden_problems import hidden_problems, sees_hidden
from judge.service.documents import hidden_labels
from judge.service.metrics import Metrics
from judge.service.models import Role, User, utcnow
from judge.service.packages import PackageStore
from judge.service.problems import ProblemCatalog
from judge.service.queue import Sender
from judge.service.sessions import (
    CSRF_FIELD,
    CSRF_HEADER,
    SESSION_COOKIE,
    csrf_matches,
    session_user,
)
from judge.service.settings import ServiceSettings
from judge.problem.spec import Problem, list_problem_ids, unknown_problem
from judge.problem.testdata import discover_tests


@dataclass(frozen=True)
class Services:
    """Everything a request may need, owned by the app (no module state)."""

    settings: ServiceSettings
    database: Database
    sender: Sender
    packages: PackageStore
    problems: ProblemCatalog = field(default_factory=lambda: ProblemCatalog())
    users: UserCache = field(default_factory=lambda: UserCache())
    changes: ChangeHub = field(default_factory=lambda: ChangeHub())  # live updates, pushed
    streams: OpenStreams = field(default_factory=lambda: OpenStreams())  # per user, capped
    metrics: Metrics = field(default_factory=lambda: Metrics())  # GET /metrics
    test_labels: TestLabels = field(default_factory=lambda: TestLabels())
    # Contest boards, made once per change (create_app makes `changes` tell it of each).
    boards: BoardCache = field(default_factory=lambda: BoardCache())
    feeds: FeedUpdates = field(default_factory=lambda: FeedUpdates())  # CLICS event feeds
    tails: FeedTails = field(default_factory=lambda: FeedTails())  # and their streaming readers
    # Set when the server stops: event streams end, so that stopping need not wait for them.
    closing: threading.Event = field(default_factory=threading.Event)
    # The time now, naive UTC as stored (models.utcnow): what contest windows are judged by.
    # Tests pass a clock they set, so that no test waits for a contest to start.
    clock: Callable[[], datetime] = utcnow

    def feed_changed(self, contest_id: str, team_id: str | None = None,
                     submissions: Collection[int] | None = None) -> None:
        """The contest changed (`submissions` alone, and its clarifications, when given): its
        event feed is brought up to date soon, off this request."""
        self.feeds.touch(self.database, self.load_problem, self.clock, self.closing, contest_id,
                         team_id, submissions)

    def change_delivered(self, change: Change | None) -> None:
        """A change notification (from this process or, through Redis, another): the feed of
        its contest is brought up to date; with None (some may have been missed), every feed
        this process serves."""
        if change is None:
            for contest_id in self.feeds.contests():
                self.feed_changed(contest_id)
        elif change.contest:
            self.feed_changed(change.contest, submissions=(change.submission_id,))
        elif change.clarifications:
            self.feed_changed(change.clarifications, submissions=())

    def load_problem(self, problem_id: str) -> Problem:
        """The project's problem; a JudgeError when it is unknown or broken."""
        return self.problems.load(self.settings.root, problem_id)

    def labels(self, problem_id: str) -> dict[str, str]:
        """What contestants call the problem's hidden tests (documents.hidden_labels)."""
        try:
            problem = self.problems.load(self.settings.root, problem_id)
            return self.test_labels.of(problem)
        except JudgeError:
            return {}  # a broken package: every hidden test is "hidden test"

    def problem(self, problem_id: str) -> Problem:
        """The problem as the project has it now; unknown or broken is a 404 with the reason."""
        try:
            return self.problems.load(self.settings.root, problem_id)
        except JudgeError as exc:
            raise ApiError(404, str(exc)) from None

    def hidden(self, user: User | None) -> frozenset[str]:
        """The problems `user` may not see now (judge.service.hidden_problems)."""
        if sees_hidden(user):
            return frozenset()  # no query for the jury
        with self.database.session() as session:
            return hidden_problems(session, user, self.clock())

    def problem_for(self, user: User | None, problem_id: str) -> Problem:
        """The problem as `user` may see it: one that is hidden from the user is a 404 as an
        unknown problem is, and an unknown one's 404 names no hidden problem."""
        hidden = self.hidden(user)
        if not hidden:
            return self.problem(problem_id)
        known = list_problem_ids(self.settings.root)
        if problem_id in hidden or problem_id not in known:
            raise ApiError(404, unknown_problem(problem_id, [p for p in known if p not in hidden]))
        return self.problem(problem_id)


class TestLabels:
    """Hidden tests' labels per problem, made again when the problem (or its test folder)
    changes: listing the tests costs more than the rest of a request."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._made: dict[str, tuple[object, int, dict[str, str]]] = {}

    def of(self, problem: Problem) -> dict[str, str]:
        try:
            stamp = problem.testdata.stat().st_mtime_ns
        except OSError:
            stamp = 0
        with self._lock:
            made = self._made.get(problem.id)
        if made is not None and made[0] is problem and made[1] == stamp:
            return made[2]
        labels = hidden_labels(discover_tests(problem))
        with self._lock:
            self._made[problem.id] = (problem, stamp, labels)
        return labels


class UserCache:
    """Users by token for a few seconds: a worker posts several times a second, and looking
    its token up each time would cost more than the rest of most requests."""

    def __init__(self, seconds: float = 5.0) -> None:
        self.seconds = seconds
        self._lock = threading.Lock()
        self._users: dict[str, tuple[float, User]] = {}

    def user(self, database: Database, token: str) -> User | None:
        key = token_hash(token)
        now = time.monotonic()
        with self._lock:
            cached = self._users.get(key)
        if cached is not None and cached[0] > now:
            return cached[1]
        user = self._fetch(database, token)
        if user is not None:
            with self._lock:
                self._users[key] = (now + self.seconds, user)
        return user

    def by_password(self, database: Database, username: str, password: str) -> User | None:
        """A contest account signing in by HTTP basic auth; cached as tokens are, and more
        usefully: checking a password hash costs some 50 ms."""
        key = "basic:" + token_hash(f"{username}\0{password}")
        now = time.monotonic()
        with self._lock:
            cached = self._users.get(key)
        if cached is not None and cached[0] > now:
            return cached[1]
        with database.session() as session:
            user = user_for_password(session, username, password)
        if user is not None:
            with self._lock:
                self._users[key] = (now + self.seconds, user)
        return user

    def forget(self) -> None:
        """Tokens are looked up again (a user was removed, or its token rotated, here)."""
        with self._lock:
            self._users.clear()

    @staticmethod
    def _fetch(database: Database, token: str) -> User | None:
        with database.session() as session:
            return user_for_token(session, token)


SAFE_METHODS = frozenset({"GET", "HEAD"})


def services(request: Request) -> Services:
    return request.app.state.services


def db_session(parts: Services = Depends(services)) -> Iterator[Session]:
    """A reading session for the request; routes that write open `database.writing()`."""
    with parts.database.session() as session:
        yield session


def basic_credentials(request: Request) -> tuple[str, str] | None:
    """(username, password) of an `Authorization: Basic` header; None without one."""
    header = request.headers.get("authorization", "")
    scheme, _, encoded = header.partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        username, colon, password = base64.b64decode(encoded.strip(), validate=True).decode(
            "utf-8").partition(":")
    except (ValueError, UnicodeDecodeError):
        raise ApiError(401, "malformed basic credentials",
                       {"WWW-Authenticate": 'Basic realm="judge"'}) from None
    if not colon:
        raise ApiError(401, "malformed basic credentials",
                       {"WWW-Authenticate": 'Basic realm="judge"'})
    return username, password


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


async def csrf_guard(request: Request, parts: Services = Depends(services)) -> None:
    """A request that would change state on the strength of the session cookie alone must
    carry the session's CSRF token (judge.service.sessions), in the header or a form field.
    A request with a token in its Authorization header needs none: no other site can add one."""
    # Basic auth is not exempt: a browser sends remembered basic credentials by itself.
    if request.method in SAFE_METHODS or bearer_token(request) is not None:
        return
    secret = request.cookies.get(SESSION_COOKIE)
    if secret is None:
        return
    given = request.headers.get(CSRF_HEADER) or await _form_csrf(request, parts)
    if not csrf_matches(secret, given):
        raise ApiError(403, "cross-site request refused: missing or wrong CSRF token")


async def _form_csrf(request: Request, parts: Services) -> str | None:
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type not in FORM_TYPES:
        return None
    given = (await read_form(request, parts.settings.source_limit)).get(CSRF_FIELD)
    return given if isinstance(given, str) else None


def optional_user(
    request: Request, parts: Services = Depends(services), _csrf: None = Depends(csrf_guard)
) -> User | None:
    """The user of the request's token; None when it sends none (pages may allow that).

    A contest package's account may send its username and password instead (HTTP basic auth,
    as the ICPC's tools do). A browser signed in on the pages sends its session cookie instead
    (judge.service.sessions): it counts for reading, and for changing state only with the
    session's CSRF token, which `csrf_guard` has checked by now. An unknown or expired session
    is no user at all."""
    token = bearer_token(request)
    if token is not None:
        user = parts.users.user(parts.database, token)
        if user is None:
            raise ApiError(401, "invalid token", {"WWW-Authenticate": "Bearer"})
        return user
    credentials = basic_credentials(request)
    if credentials is not None:
        user = parts.users.by_password(parts.database, *credentials)
        if user is None:
            raise ApiError(401, "wrong username or password",
                           {"WWW-Authenticate": 'Basic realm="judge"'})
        return user
    secret = request.cookies.get(SESSION_COOKIE)
    if secret is None:
        return None
    with parts.database.session() as session:
        return session_user(session, secret)


def any_user(user: User | None = Depends(optional_user)) -> User:
    """The request's user, whatever its role (401 without one)."""
    if user is None:
        raise ApiError(
            401, "no token: send Authorization: Bearer TOKEN", {"WWW-Authenticate": "Bearer"}
        )
    return user


def current_user(user: User = Depends(any_user)) -> User:
    """The request's user, a person: a worker token may use the /api/worker/ routes only."""
    if user.role is Role.WORKER:
        raise ApiError(403, "a worker token may use the /api/worker/ routes only")
    return user


def require_role(*roles: Role) -> Callable[..., User]:
    """A dependency that lets only `roles` through (403 for everyone else)."""
    names = ", ".join(role.value for role in roles)

    def check(user: User = Depends(any_user)) -> User:
        if user.role not in roles:
            raise ApiError(403, f"this needs the role {names}; {user.name} is {user.role.value}")
        return user

    return check
