"""Chooses the process runner for this host."""

from __future__ import annotations

import sys
from pathlib import Path

from judge.sandbox.api import Sandbox
from judge.sandbox.host import detect_host
from judge.sandbox.jail import JailSandbox, ServerFailed
from judge.sandbox.plain import PlainSandbox


def open_sandbox(cache_dir: Path) -> Sandbox:
    """Return the strongest sandbox this host supports; `cache_dir` keeps calibration data.

    On Linux that is the fork server with whatever of root, cgroups and namespaces the host
    grants; elsewhere, or if the server cannot start, the portable plain runner, whose `info`
    says that it isolates nothing and why it was chosen.
    """
    if not sys.platform.startswith("linux"):
        return PlainSandbox(cache_dir, f"the fork-server sandbox needs Linux, not {sys.platform}")
    try:
        return JailSandbox(cache_dir, detect_host())
    except (OSError, ServerFailed) as exc:
        return PlainSandbox(cache_dir, f"the fork-server sandbox failed to start: {exc}")
