"""What this host lets the sandbox use: root, cgroups (v1 or v2), namespaces.

Each capability is probed for real (a cgroup is created and removed, namespaces are unshared in a
throwaway process) and comes with the reason when it is missing, for `judge doctor`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

V1_CONTROLLERS = ("memory", "pids", "cpuacct")
V2_CONTROLLERS = ("memory", "pids")
SANDBOX_UID_BASE = 1_900_000_000  # plus the server's pid: a uid no account uses, one per server
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

    @property
    def sandbox_uid_base(self) -> int | None:
        return SANDBOX_UID_BASE if self.root else None


def detect_host() -> HostSupport:
    root = os.geteuid() == 0
    version, dirs, cgroup_reason = _detect_cgroups(root)
    namespaces, namespace_reason = _detect_namespaces(root)
    return HostSupport(
        root=root,
        cgroup_version=version,
        cgroup_dirs=dirs,
        cgroup_reason=cgroup_reason,
        namespaces=namespaces,
        namespace_reason=namespace_reason,
    )


def _detect_cgroups(root: bool) -> tuple[int | None, dict[str, str], str]:
    if not root:
        return None, {}, "not running as root: cannot create cgroups or move processes into them"
    mounts = _cgroup_mounts()
    own = _own_cgroups()
    v1 = {
        name: str(Path(mounts[name]) / own[name].lstrip("/"))
        for name in V1_CONTROLLERS
        if name in mounts and name in own
    }
    if len(v1) == len(V1_CONTROLLERS):
        problem = _probe_v1(v1)
        return (None, {}, problem) if problem else (1, v1, "")
    if "" in mounts and "" in own:
        directory = str(Path(mounts[""]) / own[""].lstrip("/"))
        problem = _probe_v2(directory)
        return (None, {}, problem) if problem else (2, {"unified": directory}, "")
    return None, {}, "no cgroup v1 memory+pids+cpuacct hierarchies and no cgroup v2 mount"


def _cgroup_mounts() -> dict[str, str]:
    """Controller name (\"\" for cgroup v2) -> mount point, from /proc/self/mountinfo."""
    mounts: dict[str, str] = {}
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return mounts
    for line in lines:
        before, _, after = line.partition(" - ")
        fstype, _, options = (after.split() + ["", "", ""])[:3]
        point = before.split()[4]
        if fstype == "cgroup2":
            mounts.setdefault("", point)
        elif fstype == "cgroup":
            for option in options.split(","):
                mounts.setdefault(option, point)
    return mounts


def _own_cgroups() -> dict[str, str]:
    """Controller name (\"\" for v2) -> this process's cgroup path, from /proc/self/cgroup."""
    own: dict[str, str] = {}
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return own
    for line in lines:
        _, controllers, path = line.split(":", 2)
        for name in controllers.split(",") if controllers else [""]:
            own[name] = path
    return own


def _probe_v1(dirs: dict[str, str]) -> str:
    probe_name = f"judge-probe-{os.getpid()}"
    for controller, directory in dirs.items():
        probe = Path(directory) / probe_name
        try:
            probe.mkdir()
            probe.rmdir()
        except OSError as exc:
            return f"cannot create a {controller} cgroup under {directory}: {exc.strerror}"
    return ""


def _probe_v2(directory: str) -> str:
    probe = Path(directory) / f"judge-probe-{os.getpid()}"
    try:
        probe.mkdir()
    except OSError as exc:
        return f"cannot create a cgroup under {directory}: {exc.strerror}"
    try:
        missing = [name for name in V2_CONTROLLERS if not (probe / f"{name}.max").exists()]
        if missing:
            return (
                f"cgroup v2 controllers {', '.join(missing)} are not delegated to {directory} "
                "(cgroup.subtree_control)"
            )
        return ""
    finally:
        probe.rmdir()


def _detect_namespaces(root: bool) -> tuple[bool, str]:
    if not root:
        return False, "not running as root: cannot create mount, PID and network namespaces"
    try:
        probe = subprocess.run(
            [sys.executable, "-I", "-S", "-B", "-c", UNSHARE_PROBE],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, f"cannot probe namespaces: {exc}"
    if probe.returncode != 0:
        return False, f"unshare(mount, pid, net, ipc) failed: {probe.stderr.strip()}"
    return True, ""
