"""What this host lets the sandbox use: root, cgroups (v1 or v2), namespaces.

Each capability is probed for real (a cgroup is created and removed, namespaces are unshared in a
throwaway process) and comes with the reason when it is missing, for `judge doctor`.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from . import cgroup_v2_parent
from .cgroup_v2_parent import prepare as prepare_v2_parent
from judge.sandbox import subids
from judge.sandbox.subids import SubidFiles, SubordinateIds
from judge.sandbox.userns import probe as probe_user_namespace
from judge.sandbox.userns import probe_mapping

V1_CONTROLLERS = ("memory", "pids", "cpuacct")
SANDBOX_UID_BASE = 1_900_000_000  # plus the judge's slot: a uid no account uses, one per judge
# What the probe unshares: util-linux's unshare(1) starts in a few milliseconds, the Python probe
# (where it is missing) in about ten.
UNSHARE_COMMAND = ("unshare", "--mount", "--pid", "--net", "--ipc", "true")
UNSHARE_PROBE = (
    "import ctypes, os\n"
    "libc = ctypes.CDLL(None, use_errno=True)\n"
    "flags = 0x20000 | 0x20000000 | 0x40000000 | 0x8000000\n"  # mount, pid, net, ipc
    "if libc.unshare(flags) != 0:\n"
    "    raise SystemExit(os.strerror(ctypes.get_errno()))\n"
)


@dataclass(frozen=True)
class HostSupport:
    root: bool
    cgroup_version: int | None  # None: no usable cgroups
    cgroup_dirs: Mapping[str, str] = field(default_factory=dict)  # controller -> parent dir
    cgroup_reason: str = ""  # why cgroups are unusable
    namespaces: bool = False
    namespace_reason: str = ""  # why namespaces are unusable
    # Not root, but the server's namespaces come from a user namespace of its own (userns.py)
    user_namespace: bool = False
    # In that user namespace, the user's subordinate ids its runs get a uid of (subids.py), or
    # None: they share the user's uid, and `subordinate_reason` says why.
    subordinate: SubordinateIds | None = None
    subordinate_reason: str = ""

    @property
    def sandbox_uid_base(self) -> int | None:
        """The host uid of slot 0's runs (a judge's runs get the base plus its slot), or None:
        they share the judge's."""
        if self.root:
            return SANDBOX_UID_BASE
        return self.subordinate.host_uid(0) if self.subordinate is not None else None


def detect_host(subid_files: SubidFiles = SubidFiles()) -> HostSupport:
    """This host's support; `subid_files`: where a normal user's subordinate ids are read."""
    root = os.geteuid() == 0
    version, dirs, cgroup_reason = detect_cgroups(root, _read("/proc/self/mountinfo"),
                                                  _read("/proc/self/cgroup"))
    subordinate, subordinate_reason = None, ""
    if root:
        namespaces, namespace_reason = _detect_namespaces(root)
    else:
        namespaces, namespace_reason, subordinate, subordinate_reason = _detect_user(subid_files)
    return HostSupport(root=root, cgroup_version=version, cgroup_dirs=dirs,
                       cgroup_reason=cgroup_reason, namespaces=namespaces,
                       namespace_reason=namespace_reason, user_namespace=namespaces and not root,
                       subordinate=subordinate, subordinate_reason=subordinate_reason)


def _detect_user(files: SubidFiles) -> tuple[bool, str, SubordinateIds | None, str]:
    """(namespaces, why not, subordinate ids, why none) of a normal user: the mapping probe
    runs in a thread while the namespace probe runs here, so that the two unshare(1) processes
    cost the slower of them, not their sum, on the way to the first fork server; its answer
    is dropped where namespaces fail, as if it had not run."""
    ids, reason = subids.find(files)
    mapping: list[str] = []
    thread = None
    if ids is not None:
        thread = threading.Thread(target=lambda: mapping.append(probe_mapping(ids)),
                                  name="probe-mapping", daemon=True)
        thread.start()
    namespaces, namespace_reason = probe_user_namespace()
    if thread is not None:
        thread.join()
    if not namespaces:
        return False, namespace_reason, None, ""
    if ids is None:
        return True, namespace_reason, None, reason
    # An exception in the thread (none is expected: probe_mapping catches OSError) leaves
    # `mapping` empty: probe again here, so that it surfaces as it did before.
    reason = mapping[0] if mapping else probe_mapping(ids)
    return (True, namespace_reason, None, reason) if reason else (True, namespace_reason, ids, "")


def detect_cgroups(root: bool, mountinfo: str, own: str) -> tuple[int | None, dict[str, str], str]:
    """(version, controller -> the folder the runs' cgroups go under, why none) from the
    mount table and this process's cgroups (/proc/self/mountinfo, /proc/self/cgroup).

    cgroup v1 needs the memory, pids and cpuacct hierarchies; v2 (most current distributions
    mount only v2) needs memory and pids enabled for the children of this process's cgroup
    (judge.sandbox.cgroup_v2_parent), and is the only kind a normal user may have: delegated.
    """
    mounts, paths = parse_mounts(mountinfo), parse_own_cgroups(own)
    v2 = None
    if "" in mounts and "" in paths:
        v2 = cgroup_v2_parent.runs_folder(str(Path(mounts[""]) / paths[""].lstrip("/")))
    if not root:
        # A normal user's cgroups are those delegated to it: a v2 subtree it may write.
        if v2 is None or not cgroup_v2_parent.delegated(v2):
            return None, {}, ("not running as root, and no delegated cgroup v2 subtree (a "
                              "systemd scope with Delegate=yes): cannot create cgroups or "
                              "move processes into them")
        problem = prepare_v2_parent(v2)
        return (None, {}, problem) if problem else (2, {"unified": v2}, "")
    v1 = {name: str(Path(mounts[name]) / paths[name].lstrip("/"))
          for name in V1_CONTROLLERS if name in mounts and name in paths}
    if len(v1) == len(V1_CONTROLLERS):
        problem = _probe_v1(v1)
        return (None, {}, problem) if problem else (1, v1, "")
    if v2 is not None:
        directory = v2
        problem = prepare_v2_parent(directory)
        return (None, {}, problem) if problem else (2, {"unified": directory}, "")
    return None, {}, "no cgroup v1 memory+pids+cpuacct hierarchies and no cgroup v2 mount"


def parse_mounts(mountinfo: str) -> dict[str, str]:
    """Controller name (\"\" for cgroup v2) -> mount point, from a mountinfo table."""
    mounts: dict[str, str] = {}
    for line in mountinfo.splitlines():
        before, _, after = line.partition(" - ")
        fstype, _, options = (after.split() + ["", "", ""])[:3]
        fields = before.split()
        if len(fields) < 5:
            continue
        if fstype == "cgroup2":
            mounts.setdefault("", fields[4])
        elif fstype == "cgroup":
            for option in options.split(","):
                mounts.setdefault(option, fields[4])
    return mounts


def parse_own_cgroups(text: str) -> dict[str, str]:
    """Controller name (\"\" for v2) -> a process's cgroup path, from /proc/PID/cgroup."""
    own: dict[str, str] = {}
    for line in text.splitlines():
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, path = parts
        for name in controllers.split(",") if controllers else [""]:
            own[name] = path
    return own


def probe_name() -> str:
    """The name of a cgroup made and removed to see that cgroups can be made: random, so that
    sandboxes opening at once, in this judge or in another PID namespace, never share it (and
    not a run's name, which sweeps would look at)."""
    return f"judge-probe-{os.urandom(8).hex()}"


def _read(path: str | Path) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def _probe_v1(dirs: dict[str, str]) -> str:
    name = probe_name()
    for controller, directory in dirs.items():
        probe = Path(directory) / name
        try:
            probe.mkdir()
            probe.rmdir()
        except OSError as exc:
            return f"cannot create a {controller} cgroup under {directory}: {exc.strerror}"
    return ""


@functools.cache  # a process in a child of its own: once per judge, not per sandbox
def _detect_namespaces(root: bool) -> tuple[bool, str]:
    if not root:
        return False, "not running as root: cannot create mount, PID and network namespaces"
    unshare = shutil.which(UNSHARE_COMMAND[0])
    if unshare is not None:
        command = [unshare, *UNSHARE_COMMAND[1:]]
    else:
        command = [sys.executable, "-I", "-S", "-B", "-c", UNSHARE_PROBE]
    try:
        probe = subprocess.run(command, capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, f"cannot probe namespaces: {exc}"
    if probe.returncode != 0:
        return False, f"unshare(mount, pid, net, ipc) failed: {probe.stderr.strip()}"
    return True, ""
