"""Host tiers: the sandbox's verdict and containment tests (marked `host_tier`) run again as
another kind of host than the one running the suite, and their outcome is asserted here.

A tier is a way to start a command on that host (`HostTier.prefix`) and an interpreter there
that can import the judge; `run_selection` runs a pytest selection through it and returns the
outcome. Each test_*.py here makes the tier it needs and skips, with the reason, only where that
host cannot exist on this machine.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HOST_TIER_TIMEOUT_S = 600  # the whole selection; a few minutes is the budget


@dataclass(frozen=True)
class HostTier:
    name: str
    prefix: tuple[str, ...]  # runs a command as that host
    python: str  # an interpreter there that imports the judge's dependencies
    env: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Outcome:
    returncode: int
    output: str  # pytest's report, for the assertion message

    @property
    def passed(self) -> bool:
        return self.returncode == 0

    @property
    def summary(self) -> str:
        """pytest's closing line ("12 passed, 3 skipped in 9.8s")."""
        lines = [line for line in self.output.splitlines()
                 if re.search(r"\d+ (passed|failed|errors?|skipped)", line)]
        return lines[-1] if lines else "(no summary)"


def run_selection(tier: HostTier, selection: tuple[str, ...], basetemp: Path) -> Outcome:
    """Run `pytest -m host_tier SELECTION` on `tier`, from this checkout, writing nothing into
    it (no bytecode, no cache); its temporary files go under `basetemp`, which the tier's user
    must be able to write."""
    env = {
        "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
        "LANG": "C.UTF-8",
        "PYTHONPATH": python_path(tier.python),
        "PYTHONDONTWRITEBYTECODE": "1",
        "HOME": str(basetemp),
        **dict(tier.env),
    }
    command = [*tier.prefix, tier.python, "-m", "pytest", "-p", "no:cacheprovider",
               "-m", "host_tier", "-rs", f"--basetemp={basetemp / 'pytest'}",
               "--rootdir", str(REPO), *selection]
    try:
        done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True,
                              timeout=HOST_TIER_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired as exc:
        return Outcome(returncode=-1, output=f"timed out after {exc.timeout} s")
    return Outcome(returncode=done.returncode, output=done.stdout + done.stderr)


def interpreter_for(user_can_run) -> tuple[str | None, str]:
    """(an interpreter the tier's user can run and that imports the judge's dependencies,
    why none): $JUDGE_HOST_PYTHON if set; else this one, unless it lives in a folder of root's
    own (pyenv under /root: the user's sandbox could not show it to its runs); else the
    system's interpreter of the same version, with this environment's packages on its path
    (the same version reads them as they are)."""
    explicit = os.environ.get("JUDGE_HOST_PYTHON")
    if explicit:
        candidates = [explicit]
    else:
        system = f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"
        own = [] if sys.base_prefix.startswith(("/root", "/home")) else [sys.executable]
        candidates = [*own, system]
    problems = []
    for candidate in candidates:
        problem = user_can_run(candidate)
        if not problem:
            return candidate, ""
        problems.append(problem)
    return None, "; ".join(problems)


def python_path(python: str) -> str:
    """The checkout, and for an interpreter other than this one, this environment's packages."""
    if python == sys.executable:
        return str(REPO)
    return os.pathsep.join((str(REPO), sysconfig.get_paths()["purelib"]))


def pytest_terminal_summary(terminalreporter):
    """The time each VM tier took (recorded by tests/hosts/test_vm_cgroup_v2.py as the property
    `vm_tier`), in the suite's closing summary: their cost is watched as the suite grows."""
    measured = [value for reports in terminalreporter.stats.values() for report in reports
                if getattr(report, "when", None) == "call"
                for name, value in getattr(report, "user_properties", ()) if name == "vm_tier"]
    if measured:
        terminalreporter.write_sep("-", "host tiers in a VM")
        for line in measured:
            terminalreporter.write_line(line)
