"""Host tiers (c) and (d): the sandbox's verdict and containment tests on a cgroup v2 kernel
with an overlay root, in a VM (tests/hosts/vm.py), as root and as a normal user with a delegated
cgroup v2 subtree.

Each tier boots a VM of its own, prints what `judge doctor` says of the sandbox there, and runs
the tests marked vm_tier inside with xdist off: a verdict of each limit (CPU, wall, memory,
output, a signal), a fork bomb, a daemon, the network, the file system, the system-call filter,
the keyring and flock channels, the stderr relays, the crash-at-once interactive submission 100
times, an interactor's end of output and its caps. (The rest of the host_tier tests would double
a tier's time under emulation; they run on this machine, as root and as a normal user.)

The guest has two emulated CPUs and runs programs several times slower than this machine, so it
runs the tests with their CPU and wall limits scaled ($JUDGE_TEST_TIME_SCALE, tests/conftest.py):
what they prove is containment and verdicts, not this machine's speed. The host test fails when
the selection fails inside, or when the guest did not get as far as saying so; the failure shows
the end of the guest's console, and the whole of it is kept beside the test's temporary files.
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

import pytest

from tests.conftest import TIME_SCALE_VARIABLE
from tests.hosts import vm

ROOT = Path(__file__).resolve().parents[2]
SELECTION = "tests/sandbox tests/hostile"
# A guest that hangs is cut off long before the suite's patience ends (a tier takes a few
# minutes: the closing summary of the suite prints how long).
BOOT_AND_RUN_S = 900
# Under software emulation a fresh interpreter costs about a second of CPU, several times what it
# does on this machine: the limits of the tests grow by this much there, so that nothing comes
# near one by the emulator's slowness (or by its host's load, which the guest sees as CPU time).
GUEST_TIME_SCALE = 6
USER = "judge-tier"
DELEGATED = "/sys/fs/cgroup/judge-tier.scope"

# Run in the guest, as root or as USER: the sandbox's own view, then the vm_tier selection.
SELECTION_SCRIPT = """
cd {root}
export PYTHONDONTWRITEBYTECODE=1 {scale_variable}={scale}
echo "GUEST-UPTIME $(cut -d' ' -f1 /proc/uptime)"
echo "ROOT-FS $(stat -f -c %T /)"
{python} -c 'from judge.sandbox.host import detect_host
from judge.present.doctor import describe_cgroups
from judge.sandbox.guarantees import run_identity
host = detect_host()
print("DOCTOR-CGROUPS", describe_cgroups(host))
print("DOCTOR-UID", run_identity(host))'
{python} -m pytest -p no:cacheprovider -p no:xdist -p no:randomly --color=no -m vm_tier \\
  -rfEs --durations=10 {selection}
"""

# As systemd does for a unit with Delegate=yes: a cgroup of the user's own, with its
# cgroup.procs and cgroup.subtree_control the user's, holding the user's shell.
DELEGATE_SCRIPT = """
set -e
useradd --create-home --shell /bin/bash {user}
# Subordinate ids (whatever this machine's /etc/subuid gave): its runs get uids of their own;
# tests/sandbox/test_subordinate_uids.py also runs the fallback without them.
grep -q "^{user}:" /etc/subuid || usermod --add-subuids 300000-365535 \\
  --add-subgids 300000-365535 {user}
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


def selection_script() -> str:
    return SELECTION_SCRIPT.format(root=shlex.quote(str(ROOT)), python=shlex.quote(sys.executable),
                                   scale_variable=TIME_SCALE_VARIABLE, scale=GUEST_TIME_SCALE,
                                   selection=SELECTION)


def boot_and_select(script, tier, tmp_path, record_property):
    try:
        vm.check()
    except vm.VmUnavailable as exc:
        pytest.skip(str(exc))
    if os.geteuid() != 0:
        pytest.skip("the VM shares this machine's whole root file system, readable only by root")
    run = vm.run_in_vm(script, timeout_s=BOOT_AND_RUN_S)
    (tmp_path / "console.txt").write_text(run.console)
    boot = re.search(r"GUEST-UPTIME ([\d.]+)", run.console)
    # Shown in the suite's closing summary (tests/hosts/conftest.py), under xdist too.
    record_property("vm_tier", f"{tier}: {run.seconds:.0f} s from boot to power-off"
                    f" (booted in {float(boot.group(1)):.0f} s)" if boot else
                    f"{tier}: {run.seconds:.0f} s, the guest never reached the tests")
    return run


def passed(console):
    found = re.findall(r"(\d+) passed", console)
    return int(found[-1]) if found else 0


def tail(console, tmp_path):
    return (f"guest console (the whole of it in {tmp_path / 'console.txt'}), last part:\n"
            + console[-6000:])


def test_root_on_cgroup_v2_with_an_overlay_root(tmp_path, record_property):
    run = boot_and_select(selection_script(), "root, cgroup v2", tmp_path, record_property)
    assert run.exit_code == 0, tail(run.console, tmp_path)
    assert "ROOT-FS overlayfs" in run.console, tail(run.console, tmp_path)
    assert "DOCTOR-CGROUPS v2 (unified under /sys/fs/cgroup)" in run.console, tail(run.console,
                                                                                   tmp_path)
    assert "DOCTOR-UID runs have their own uid (1900000000 plus" in run.console, \
        tail(run.console, tmp_path)
    # As root every kind of check runs: none skips for want of cgroups or namespaces.
    assert "cgroups unavailable" not in run.console, tail(run.console, tmp_path)
    assert "namespaces unavailable" not in run.console, tail(run.console, tmp_path)
    assert passed(run.console) >= 20, tail(run.console, tmp_path)


def test_a_normal_user_with_a_delegated_cgroup_v2_subtree(tmp_path, record_property):
    script = DELEGATE_SCRIPT.format(user=USER, delegated=DELEGATED,
                                    inner=shlex.quote(selection_script()))
    run = boot_and_select(script, "normal user, delegated cgroup v2", tmp_path, record_property)
    assert run.exit_code == 0, tail(run.console, tmp_path)
    # The user's own cgroup held its shell: the judge moved it into a leaf and made the runs'
    # cgroups beside it, and doctor names the subtree as the user's.
    assert (f"DOCTOR-CGROUPS v2 (unified under {DELEGATED}, a subtree delegated to this user)"
            in run.console), tail(run.console, tmp_path)
    assert "cgroups unavailable" not in run.console, tail(run.console, tmp_path)
    assert "namespaces unavailable" not in run.console, tail(run.console, tmp_path)
    assert "DOCTOR-UID runs have their own uid (subordinate uids" in run.console, \
        tail(run.console, tmp_path)
    assert passed(run.console) >= 15, tail(run.console, tmp_path)


def test_a_guest_cut_off_leaves_no_emulator_behind():
    """A guest past its time (hung, or a test interrupted) is killed with its process group."""
    try:
        vm.check()
    except vm.VmUnavailable as exc:
        pytest.skip(str(exc))
    if os.geteuid() != 0:
        pytest.skip("the VM shares this machine's whole root file system, readable only by root")
    run = vm.run_in_vm("sleep 600", timeout_s=3)
    assert run.exit_code is None  # cut off, not finished
    assert not is_emulator(run.pid)


def is_emulator(pid: int) -> bool:
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0]
    except OSError:
        return False  # gone
    return os.path.basename(command) == vm.QEMU.encode()
