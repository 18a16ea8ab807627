"""Browser sessions and their protection against cross-site requests.

A person signs in by pasting the API token `judge user add` printed; the server then opens a
session whose secret (not the token) goes in the `judge_session` cookie: HttpOnly (scripts
cannot read it), SameSite=Lax (other sites' forms do not send it), Secure over https. The
database keeps the secret's sha256 only; signing out deletes the row, so a copied cookie stops
working too.

A cookie rides along with requests that other sites make, so a request that changes something
must also prove it comes from one of our pages: it carries a CSRF token, in the form field
`csrf_token` or the header `X-CSRF-Token`. The token is an HMAC of the browser's own secret (the
session cookie, or before signing in the `judge_csrf` cookie that the sign-in page sets): our
pages can print it, another site can neither read nor compute it, and the server stores nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from judge.service.auth import token_hash
from judge.service.models import User, WebSession, utcnow

SESSION_COOKIE = "judge_session"
ANONYMOUS_COOKIE = "judge_csrf"  # the CSRF secret of a browser that has not signed in yet
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
SESSION_DAYS = 30
SECRET_BYTES = 32


def new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


def open_session(session: Session, user: User) -> str:
    """A new session for `user`; its secret, for the cookie, exists in clear only here."""
    secret = new_secret()
    now = utcnow()
    session.add(
        WebSession(
            user_id=user.id,
            secret_hash=token_hash(secret),
            created_at=now,
            expires_at=now + timedelta(days=SESSION_DAYS),
        )
    )
    return secret


def session_user(session: Session, secret: str) -> User | None:
    """The user of a live session; None for an unknown, closed or expired one."""
    digest = token_hash(secret)
    row = session.scalar(select(WebSession).where(WebSession.secret_hash == digest))
    if row is None or row.expires_at < utcnow() or not hmac.compare_digest(row.secret_hash, digest):
        return None
    return row.user


def close_session(session: Session, secret: str) -> None:
    session.execute(delete(WebSession).where(WebSession.secret_hash == token_hash(secret)))


def csrf_token(secret: str) -> str:
    """The token our pages put in their forms, bound to the browser's secret."""
    return hmac.new(secret.encode(), b"judge csrf", hashlib.sha256).hexdigest()


def csrf_matches(secret: str | None, given: str | None) -> bool:
    if not secret or not given:
        return False
    return hmac.compare_digest(csrf_token(secret), given)


def csrf_secret(cookies: dict[str, str]) -> str | None:
    """The secret a browser's CSRF token is bound to: its session's, else its anonymous one."""
    return cookies.get(SESSION_COOKIE) or cookies.get(ANONYMOUS_COOKIE)
