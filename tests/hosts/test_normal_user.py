"""Host tier (b): a normal user. The sandbox's verdict and containment tests run as the user
`judge-test` (made by `make test` as root: .ci/create-test-user), whose fork server isolates
its runs in a user namespace of its own, where they get uids of their own from its subordinate
ids; and again as `judge-test-shared`, who has none, whose runs share its uid."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tests.hosts.conftest import REPO, HostTier, interpreter_for, python_path, run_selection

USER = "judge-test"  # with subordinate ids
SHARED_USER = "judge-test-shared"  # without: the fallback
SELECTION = ("tests/hostile", "tests/sandbox/test_sandbox.py",
             "tests/sandbox/test_user_namespace.py", "tests/sandbox/test_pair.py",
             "tests/sandbox/test_subordinate_uids.py", "tests/sandbox/test_interrupt.py",
             "tests/commands/test_resident.py")


@pytest.fixture(scope="module", params=[USER, SHARED_USER])
def normal_user(request):
    user = request.param
    if os.geteuid() != 0:
        pytest.skip("only root can run the tests as another user")
    try:
        account = pwd.getpwnam(user)
    except KeyError:
        pytest.fail(f"no user {user}: `make test` makes it as root (.ci/create-test-user)")
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.fail("setpriv (util-linux) is missing: .ci/apt-packages lists util-linux")
    prefix = (setpriv, f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}",
              "--init-groups", "--")

    def user_can_run(python: str) -> str:
        # Through a user namespace, as the user's fork server starts it: there an interpreter
        # under a folder only root may enter (a venv over ~root/.pyenv) cannot be executed,
        # though setpriv alone starts it.
        probe = subprocess.run([*prefix, "unshare", "--user", "--map-root-user", "--", python,
                                "-c", "import judge.sandbox, pytest, psutil"],
                               cwd=REPO, env={"PYTHONPATH": python_path(python),
                                              "PYTHONDONTWRITEBYTECODE": "1"},
                               capture_output=True, text=True, check=False)
        if probe.returncode == 0:
            return ""
        return (f"{user} cannot run {python} with the judge's dependencies (set "
                f"$JUDGE_HOST_PYTHON to one it can): {probe.stderr.strip()[-300:]}")

    python, problem = interpreter_for(user_can_run)
    if python is None:
        pytest.skip(problem)
    return HostTier("normal user", prefix, python), account


def test_verdicts_and_containment_hold_as_a_normal_user(normal_user):
    tier, account = normal_user
    # Not under pytest's own temporary folder, which only root may enter.
    home = Path(tempfile.mkdtemp(prefix="judge-host-tier-"))
    try:
        os.chown(home, account.pw_uid, account.pw_gid)
        outcome = run_selection(tier, SELECTION, home)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    assert outcome.passed, outcome.output[-6000:]
    assert " passed" in outcome.summary, outcome.summary
    # Each user got the kind of run uid it was made for (tests/sandbox/test_subordinate_uids.py).
    no_range = f"no subordinate ids: no /etc/subuid range for {account.pw_name}"
    assert (no_range in outcome.output) == (account.pw_name == SHARED_USER), outcome.output[-3000:]
    assert "no subordinate ids" not in outcome.output or account.pw_name == SHARED_USER
