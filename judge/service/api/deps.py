"""What routes share: the service's parts, a database session, and the request's user.

Other packages that add routes (HTML pages) use the same dependencies:

    @router.get("/mine")
    def mine(user: User = Depends(current_user), session: Session = Depends(db_session)): ...
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from judge.errors import JudgeError
from judge.service.api.errors import ApiError
from judge.service.auth import token_hash, user_for_token
from judge.service.db import Database
from judge.service.models import Role, User
from judge.service.packages import PackageStore
from judge.service.problems import ProblemCatalog
from judge.service.queue import Sender
from judge.service.settings import ServiceSettings
from judge.spec import Problem


@dataclass(frozen=True)
class Services:
    """Everything a request may need, owned by the app (no module state)."""

    settings: ServiceSettings
    database: Database
    sender: Sender
    packages: PackageStore
    problems: ProblemCatalog = field(default_factory=lambda: ProblemCatalog())
    users: UserCache = field(default_factory=lambda: UserCache())

    def problem(self, problem_id: str) -> Problem:
        """The problem as the project has it now; unknown or broken is a 404 with the reason."""
        try:
            return self.problems.load(self.settings.root, problem_id)
        except JudgeError as exc:
            raise ApiError(404, str(exc)) from None


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
        with database.session() as session:
            user = user_for_token(session, token)
        if user is not None:
            with self._lock:
                self._users[key] = (now + self.seconds, user)
        return user


SESSION_COOKIE = "judge_token"
SAFE_METHODS = frozenset({"GET", "HEAD"})


def services(request: Request) -> Services:
    return request.app.state.services


def db_session(parts: Services = Depends(services)) -> Iterator[Session]:
    """A reading session for the request; routes that write open `database.writing()`."""
    with parts.database.session() as session:
        yield session


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def optional_user(request: Request, parts: Services = Depends(services)) -> User | None:
    """The user of the request's token; None when it sends none (pages may allow that).

    A browser's session may carry the token in the `judge_token` cookie, for reading only: a
    cookie goes with requests that other sites make, so anything that changes state needs the
    Authorization header (or a page's own protection against cross-site requests)."""
    token = bearer_token(request)
    if token is None and request.method in SAFE_METHODS:
        token = request.cookies.get(SESSION_COOKIE)
    if token is None:
        return None
    user = parts.users.user(parts.database, token)
    if user is None:
        raise ApiError(401, "invalid token", {"WWW-Authenticate": "Bearer"})
    return user


def current_user(user: User | None = Depends(optional_user)) -> User:
    if user is None:
        raise ApiError(
            401, "no token: send Authorization: Bearer TOKEN", {"WWW-Authenticate": "Bearer"}
        )
    return user


def require_role(*roles: Role) -> Callable[..., User]:
    """A dependency that lets only `roles` through (403 for everyone else)."""
    names = ", ".join(role.value for role in roles)

    def check(user: User = Depends(current_user)) -> User:
        if user.role not in roles:
            raise ApiError(403, f"this needs the role {names}; {user.name} is {user.role.value}")
        return user

    return check
