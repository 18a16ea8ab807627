"""Chooses the process runner for this host, and refuses to run strangers' code without isolation.

Isolation never degrades silently: whichever sandbox is chosen, its `info` names it, its active
and missing guarantees and why; every report carries that, and `judge submit` warns when
isolation is off. A service that judges strangers' code asks for isolation and gets an
`IsolationUnavailable` error instead of a weaker sandbox, unless its operator allows it.
"""

from __future__ import annotations

import enum
import sys
import threading
from judge.cache import Cache
from judge.errors import JudgeError
from judge.sandbox.api import Sandbox, SandboxInfo
from judge.sandbox.host import HostSupport, detect_host
from judge.sandbox.jail import JailSandbox, ServerFailed, ServerInterrupted

SANDBOX_ENV = "JUDGE_SANDBOX"  # auto (the default) or plain


class SandboxChoice(enum.Enum):
    AUTO = "auto"  # the strongest sandbox the host supports
    PLAIN = "plain"  # the portable runner, which isolates nothing (the operator's choice)

    @classmethod
    def from_environ(cls, environ: dict[str, str]) -> SandboxChoice:
        value = environ.get(SANDBOX_ENV, "auto") or "auto"
        try:
            return cls(value)
        except ValueError:
            known = ", ".join(choice.value for choice in cls)
            raise JudgeError(f"${SANDBOX_ENV}={value!r}: expected one of {known}") from None


class IsolationUnavailable(JudgeError):
    """Untrusted code would run without isolation, and the operator has not allowed that."""


def open_sandbox(
    cache: Cache,
    *,
    choice: SandboxChoice = SandboxChoice.AUTO,
    require_isolation: bool = False,
    host: HostSupport | None = None,
    started: threading.Event | None = None,
) -> Sandbox:
    """The strongest sandbox this host supports; it owns `cache` (baselines, compiled programs).

    On Linux that is the fork server with whatever of root, cgroups and namespaces the host
    grants (`host`, detected when not given); elsewhere, if the server cannot start, or when
    `choice` says so, the portable plain runner, whose `info` says that it isolates nothing and
    why. With `require_isolation`, a sandbox that does not isolate is closed and
    `IsolationUnavailable` raised instead. `started` is set once a fork server's process runs
    (the rest of the opening waits for it: another thread may go on), unless none starts.
    """
    sandbox = _open(cache, choice, host, started)
    if require_isolation:
        try:
            check_isolation(sandbox.info, allow_unsandboxed=False)
        except IsolationUnavailable:
            sandbox.close()
            raise
    return sandbox


def check_isolation(info: SandboxInfo, allow_unsandboxed: bool) -> None:
    """Refuse (IsolationUnavailable) to judge untrusted code without isolation, unless the
    operator allowed it (`judge worker --unsandboxed`)."""
    if info.isolated or allow_unsandboxed:
        return
    raise IsolationUnavailable(
        f"refusing to run untrusted code without isolation: the {info.kind} sandbox lacks "
        f"{', '.join(info.missing)} ({info.reason}); the operator may allow it with --unsandboxed"
    )


def _open(cache: Cache, choice: SandboxChoice, host: HostSupport | None,
          started: threading.Event | None) -> Sandbox:
    if choice is SandboxChoice.PLAIN:
        return _plain(cache, f"chosen with {SANDBOX_ENV}=plain")
    if not sys.platform.startswith("linux"):
        return _plain(cache, f"the fork-server sandbox needs Linux, not {sys.platform}")
    try:
        return JailSandbox(cache, host if host is not None else detect_host(), started)
    except ServerInterrupted:  # the command is being interrupted: no sandbox is wanted now
        raise
    except (OSError, ServerFailed) as exc:
        return _plain(cache, f"the fork-server sandbox failed to start: {exc}")


def _plain(cache: Cache, reason: str) -> Sandbox:
    from judge.sandbox.plain import PlainSandbox  # psutil: loaded only where it is used

    return PlainSandbox(cache, reason)
