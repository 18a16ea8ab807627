"""API tokens: high-entropy secrets handed out once and stored only as their sha256."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from sqlalchemy import select
from sqlalchemy.orm import Session

from judge.errors import JudgeError
from judge.service.models import Role, User, utcnow

TOKEN_BYTES = 32
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
