"""Speed as a normal user (host tier b): `judge submit` on 200 one-line tests against the shell
loop, both run as a user that is not root, pair by pair in the same rounds. There the fork
server isolates its runs in a user namespace of its own and has no cgroup. Target: judge / loop
<= 0.10 (root's, measured by bench_speed, is about 0.07).

Run as root, both run as the user `judge-test` (`make test` makes it: .ci/create-test-user),
with the system's interpreter of this one's version reading this environment's packages (an
interpreter under /root, pyenv's, is not the user's to run); run as a normal user, as that user.
"""

from __future__ import annotations

import os
import pwd
import shutil
import statistics
import sys
import sysconfig
import tempfile
from pathlib import Path

from bench.bench_speed import TESTS, report_ratio, rounds
from bench.common import ROOT, print_header, tiny_project
from bench.peers import Contender, shell_loop

USER = "judge-test"


def main() -> bool:
    print_header(f"speed as a normal user: judge submit on {TESTS} tiny tests against a shell "
                 "loop")
    prefix, python, why = as_the_user()
    if why:
        print(f"  not timed: {why}")
        return True
    print(f"user: {pwd.getpwuid(os.geteuid()).pw_name if not prefix else USER}; "
          f"interpreter (loop and judge): {python}")
    scratch = Path(tempfile.mkdtemp(prefix="judge-bench-user-"))
    try:
        root = tiny_project(scratch / "loop", TESTS)
        home = scratch / "home"
        home.mkdir()
        if prefix:
            account = pwd.getpwnam(USER)
            for path in (scratch, *scratch.rglob("*")):
                os.chown(path, account.pw_uid, account.pw_gid)
        # The loop's interpreter as a contestant starts it: without the judge's packages on its
        # path, which would slow each start.
        env = ("env", "-i", "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", f"HOME={home}")
        loop = shell_loop(root, python)
        loop = Contender(loop.name, (*prefix, *env, *loop.command), loop.cwd)
        submit = (*prefix, *env, f"PYTHONPATH={python_path(python)}", python, "-m", "judge",
                  "submit", "solutions/tiny/reference.py", "tiny")
        judge = Contender("judge submit", submit, root)
        one = Contender("judge submit, one test", (*submit, "--test", "t000"), root)
        one.seconds()  # calibrates the interpreter's baseline into the user's cache
        times, failed = rounds([loop, judge, one])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if failed:
        for why in failed.values():
            print(f"  {why}")
        return False
    return report_ratio(times, loop.name, judge.name, statistics.median(times[one.name]))


def as_the_user() -> tuple[tuple[str, ...], str, str]:
    """(the prefix that runs a command as the normal user, the interpreter it runs, why it
    cannot be measured here)."""
    if os.geteuid() != 0:
        return (), sys.executable, ""
    try:
        account = pwd.getpwnam(USER)
    except KeyError:
        return (), "", f"no user {USER} (`make test` as root makes it: .ci/create-test-user)"
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return (), "", "setpriv (util-linux) is missing"
    python = sys.executable
    if sys.base_prefix.startswith(("/root", "/home")):
        python = f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"
        if not os.path.exists(python):
            return (), "", f"{python} is missing: the user cannot run {sys.executable}"
    prefix = (setpriv, f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}",
              "--init-groups", "--")
    return prefix, python, ""


def python_path(python: str) -> str:
    """The checkout, and for an interpreter other than this one, this environment's packages."""
    if python == sys.executable:
        return str(ROOT)
    return os.pathsep.join((str(ROOT), sysconfig.get_paths()["purelib"]))


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
