"""API tokens: high-entropy secrets handed out once and stored only as their sha256. And the
passwords of a contest package's accounts (HTTP basic auth, what the ICPC's tools send): chosen
by people, so stored as a salted scrypt hash, never in clear."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from judge.errors import JudgeError
from judge.service.models import ContestAccount, Role, Submission, User, WebSession, utcnow

TOKEN_BYTES = 32
# scrypt's cost: 16 MiB and some 50 ms a check, which a guesser pays per guess too.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
USER_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def add_user(session: Session, name: str, role: Role) -> str:
    """Create a user and return its token, the only time the token exists in clear."""
    if not USER_NAME.match(name):
        raise JudgeError(
            f"user name {name!r}: expected 1-64 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit"
        )
    if session.scalar(select(User).where(User.name == name)) is not None:
        raise JudgeError(f"user {name!r} exists already")
    token = new_token()
    session.add(User(name=name, role=role, token_hash=token_hash(token), created_at=utcnow()))
    return token


def replace_token(session: Session, name: str, role: Role) -> str:
    """A fresh token for `name` (created with `role` if absent); the old token stops working."""
    token = new_token()
    user = session.scalar(select(User).where(User.name == name))
    if user is None:
        session.add(User(name=name, role=role, token_hash=token_hash(token), created_at=utcnow()))
    else:
        user.token_hash = token_hash(token)
    return token


def user_for_token(session: Session, token: str) -> User | None:
    digest = token_hash(token)
    user = session.scalar(select(User).where(User.token_hash == digest))
    # The lookup is by hash; compare again in constant time so the check itself leaks nothing.
    if user is None or not hmac.compare_digest(user.token_hash, digest):
        return None
    return user


def count_people(session: Session) -> int:
    """Users who are people (not judging machines): none means nobody can sign in yet."""
    query = select(func.count(User.id)).where(User.role != Role.WORKER)
    return session.scalar(query) or 0


@dataclass(frozen=True)
class UserRow:
    """A user as `judge user list` and the admin page show it (never its token)."""

    name: str
    role: str
    created_at: datetime
    submissions: int


def list_users(session: Session) -> list[UserRow]:
    counts = (
        select(Submission.user_id, func.count(Submission.id).label("count"))
        .group_by(Submission.user_id)
        .subquery()
    )
    rows = session.execute(
        select(User, func.coalesce(counts.c.count, 0))
        .outerjoin(counts, counts.c.user_id == User.id)
        .order_by(User.name)
    )
    return [UserRow(user.name, user.role.value, user.created_at, count) for user, count in rows]


def find_user(session: Session, name: str) -> User:
    user = session.scalar(select(User).where(User.name == name))
    if user is None:
        raise JudgeError(f"no user {name!r} (`judge user list` shows them)")
    return user


def rotate_token(session: Session, name: str) -> str:
    """A new token for user `name`; the old one stops working, and so do its browser
    sessions (they were opened with it)."""
    user = find_user(session, name)
    token = new_token()
    user.token_hash = token_hash(token)
    session.execute(delete(WebSession).where(WebSession.user_id == user.id))
    return token


def remove_user(session: Session, name: str) -> int:
    """Remove user `name`, its sessions and its submissions; how many submissions went."""
    user = find_user(session, name)
    removed = session.execute(delete(Submission).where(Submission.user_id == user.id)).rowcount
    session.execute(delete(WebSession).where(WebSession.user_id == user.id))
    session.delete(user)
    return removed


def submissions_of(session: Session, name: str) -> int:
    user = find_user(session, name)
    return session.scalar(select(func.count(Submission.id)).where(Submission.user_id == user.id))


def password_hash(password: str) -> str:
    """`scrypt$N$r$p$salt$hash` (hex): the parameters travel with it, so they may grow later."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def password_matches(stored: str, password: str) -> bool:
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        found = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                               p=int(p))
    except ValueError:
        return False
    return hmac.compare_digest(found.hex(), digest)


def user_for_password(session: Session, username: str, password: str) -> User | None:
    """The user of a contest account `username` whose package password is `password` (an
    account is in one or more contests; any of its stored hashes will do)."""
    hashes = session.scalars(
        select(ContestAccount.password_hash).where(
            ContestAccount.username == username, ContestAccount.password_hash.is_not(None)
        )
    ).all()
    if not any(password_matches(stored, password) for stored in set(hashes)):
        return None
    return session.scalar(select(User).where(User.name == username))
