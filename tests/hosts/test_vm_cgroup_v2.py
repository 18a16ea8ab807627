"""Host tiers (c) and (d): the sandbox's verdict and containment tests (marked host_tier) on a
cgroup v2 kernel with an overlay root, in a VM (tests/hosts/vm.py), as root and as a normal user
with a delegated cgroup v2 subtree.

Each tier boots the VM once, prints what `judge doctor` says of the sandbox there, and runs the
selection inside with xdist off (the guest has two emulated CPUs and is several times slower).
The host test fails when the selection fails inside, or when the guest did not get as far as
saying so; the guest's console is in the failure message.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from tests.hosts import vm

ROOT = Path(__file__).resolve().parents[2]
SELECTION = "tests/sandbox tests/hostile"
BOOT_AND_RUN_S = 900  # a tier takes about 4 minutes on 2 loaded cores; a hung guest is cut off
USER = "judge-tier"
DELEGATED = "/sys/fs/cgroup/judge-tier.scope"
# Opt-in for now: under emulation, tests that judge against a CPU limit of about a second see
# trusted runs of a few hundred milliseconds on the host take longer than that in the guest.
OPT_IN = "JUDGE_VM_TIERS"

# Run in the guest, as root or as USER: the sandbox's own view, then the host_tier selection.
SELECTION_SCRIPT = """
cd {root}
export PYTHONDONTWRITEBYTECODE=1
echo "ROOT-FS $(stat -f -c %T /)"
.venv/bin/python -c 'from judge.sandbox.host import detect_host
from judge.present.doctor import describe_cgroups
host = detect_host()
print("DOCTOR-CGROUPS", describe_cgroups(host))'
.venv/bin/pytest -p no:cacheprovider -p no:xdist --color=no -m host_tier -q -rs {selection}
"""

# As systemd does for a unit with Delegate=yes: a cgroup of the user's own, with its
# cgroup.procs and cgroup.subtree_control the user's, holding the user's shell.
DELEGATE_SCRIPT = """
set -e
useradd --create-home --shell /bin/bash {user}
# The virtual environment's interpreter may live under root's home (pyenv): let the user reach
# it. (In the guest's overlay: nothing of this reaches the host.)
chmod o+x /root
echo "+memory +pids +cpu" > /sys/fs/cgroup/cgroup.subtree_control
mkdir {delegated}
chown {user}: {delegated} {delegated}/cgroup.procs {delegated}/cgroup.subtree_control \\
  {delegated}/cgroup.threads
echo $$ > {delegated}/cgroup.procs
set +e
exec setpriv --reuid={user} --regid={user} --init-groups env HOME=/home/{user} \\
  bash -c {inner}
"""


def boot_and_select(script):
    if not os.environ.get(OPT_IN):
        pytest.skip(f"the VM tiers run with {OPT_IN}=1 (about 10 minutes of emulation)")
    try:
        vm.check()
    except vm.VmUnavailable as exc:
        pytest.skip(str(exc))
    if os.geteuid() != 0:
        pytest.skip("the VM shares this machine's whole root file system, readable only by root")
    return vm.run_in_vm(script, timeout_s=BOOT_AND_RUN_S)


def passed(console):
    found = re.findall(r"(\d+) passed", console)
    return int(found[-1]) if found else 0


def tail(console):
    return "guest console (last part):\n" + console[-6000:]


def test_root_on_cgroup_v2_with_an_overlay_root():
    selection = SELECTION_SCRIPT.format(root=shlex.quote(str(ROOT)), selection=SELECTION)
    run = boot_and_select(selection)
    assert run.exit_code == 0, tail(run.console)
    assert "ROOT-FS overlayfs" in run.console, tail(run.console)
    assert "DOCTOR-CGROUPS v2 (unified under /sys/fs/cgroup)" in run.console, tail(run.console)
    # As root every kind of check runs: none skips for want of cgroups or namespaces.
    assert "cgroups unavailable" not in run.console, tail(run.console)
    assert "namespaces unavailable" not in run.console, tail(run.console)
    assert passed(run.console) >= 40, tail(run.console)


def test_a_normal_user_with_a_delegated_cgroup_v2_subtree():
    inner = SELECTION_SCRIPT.format(root=shlex.quote(str(ROOT)), selection=SELECTION)
    script = DELEGATE_SCRIPT.format(user=USER, delegated=DELEGATED, inner=shlex.quote(inner))
    run = boot_and_select(script)
    assert run.exit_code == 0, tail(run.console)
    # The user's own cgroup held its shell: the judge moved it into a leaf and made the runs'
    # cgroups beside it, and doctor names the subtree as the user's.
    assert (f"DOCTOR-CGROUPS v2 (unified under {DELEGATED}, a subtree delegated to this user)"
            in run.console), tail(run.console)
    assert "cgroups unavailable" not in run.console, tail(run.console)
    assert passed(run.console) >= 5, tail(run.console)
