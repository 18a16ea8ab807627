"""The judges a user could use instead, each run on the tiny tests the way its users run it:
a shell loop over the real interpreter, `judge submit`, online-judge-tools' `oj test` and DMOJ's
`dmoj-cli submit`. Each peer says why it cannot run rather than being left out silently."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from bench.common import JUDGE, loop_python, real_python

PEERS = Path(__file__).resolve().parent / ".venv-peers"
PEERS_LOG = PEERS.with_name(".venv-peers.log")


@dataclass(frozen=True)
class Contender:
    name: str
    command: tuple[str, ...]  # run in `cwd`; its exit status must be 0
    cwd: Path
    missing: str = ""  # why it cannot run here

    def seconds(self) -> float:
        started = time.perf_counter()
        done = subprocess.run(self.command, cwd=self.cwd, capture_output=True, check=False)
        took = time.perf_counter() - started
        if done.returncode != 0:
            tail = (done.stdout + done.stderr).decode(errors="replace").strip()[-400:]
            raise RuntimeError(f"{self.name} failed (exit {done.returncode}): {tail}")
        return took


# The environment a loop starts in, whoever runs it: nothing of the judge's (no PYTHONPATH),
# so that the same loop costs the same as root and as a normal user.
LOOP_ENV = ("env", "-i", "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8")


def shell_loop(root: Path, interpreter: str | None = None) -> Contender:
    """What a contestant writes: for each test, the program, then cmp with the answer; the same
    interpreter (bench.common.loop_python, unless another is named) and environment for every
    benchmark and user."""
    python = shlex.quote(interpreter or loop_python())
    script = (
        f"for f in *.in; do {python} ../../solutions/tiny/reference.py < \"$f\" > ../out.txt; "
        f"cmp -s ../out.txt \"${{f%.in}}.ans\" || exit 1; done"
    )
    return Contender("shell loop", (*LOOP_ENV, "bash", "-c", script), root / "testdata/tiny")


def judge_submit(root: Path) -> Contender:
    command = (str(JUDGE), "submit", "solutions/tiny/reference.py", "tiny")
    return Contender("judge submit", command, root)


def oj_test(root: Path) -> Contender:
    """online-judge-tools reads NAME.in / NAME.out pairs from a folder."""
    oj = PEERS / "bin/oj"
    if not oj.exists():
        return Contender("oj test", (), root, missing=_why_missing("oj"))
    folder = root / "oj-tests"
    if not folder.exists():
        folder.mkdir()
        for given in (root / "testdata/tiny").glob("*.in"):
            shutil.copy(given, folder / given.name)
            shutil.copy(given.with_suffix(".ans"), folder / f"{given.stem}.out")
    program = f"{loop_python()} {root / 'solutions/tiny/reference.py'}"
    return Contender("oj test", (str(oj), "test", "-c", program, "-d", str(folder)), root)


def dmoj_submit(root: Path) -> Contender:
    """DMOJ's judge-server as a local judge: a problem folder with init.yml, the runtime named
    in a config file, one `submit` command."""
    cli = PEERS / "bin/dmoj-cli"
    if not cli.exists():
        return Contender("dmoj-cli", (), root, missing=_why_missing("dmoj-cli"))
    folder = root / "dmoj/problems/tiny"
    if not folder.exists():
        folder.mkdir(parents=True)
        cases = []
        for given in sorted((root / "testdata/tiny").glob("*.in")):
            shutil.copy(given, folder / given.name)
            shutil.copy(given.with_suffix(".ans"), folder / f"{given.stem}.out")
            cases.append(f"  - {{in: {given.name}, out: {given.stem}.out, points: 1}}")
        (folder / "init.yml").write_text("test_cases:\n" + "\n".join(cases) + "\n")
        (root / "dmoj/judge.yml").write_text(
            f"problem_storage_globs:\n  - {root / 'dmoj/problems'}/*\n"
            f"runtime:\n  python3: {real_python()}\n"
        )
    command = (str(cli), "-c", str(root / "dmoj/judge.yml"), "--no-ansi", "-e", "PY3",
               "--history", str(root / "dmoj/history"), "submit", "tiny", "PY3",
               str(root / "solutions/tiny/reference.py"))
    return Contender("dmoj-cli", command, root)


def _why_missing(program: str) -> str:
    reasons = []
    if PEERS_LOG.exists():
        reasons = [line for line in PEERS_LOG.read_text(errors="replace").splitlines()
                   if line.strip() and not line.startswith("WARNING")]
    said = "; ".join(reasons[-3:]) or "bench/install-peers has not run (make bench runs it)"
    return f"{program} is not installed in bench/.venv-peers: {said}"
