"""What a process inherits from whoever starts it, beyond its arguments, environment, folder,
umask and streams, and what decides how a judge judges: its resource limits, cgroup,
namespaces, CPUs and memory nodes, credentials and capabilities, priority, and the interpreter
that runs it. A command is handed to the resident judge only when the caller's setting is the
daemon's; otherwise `ulimit -t`, `taskset`, `systemd-run --scope -p MemoryMax=`, `unshare -n`
or another `PYTHONPATH` would bind the caller and not the command.

Read from /proc in a few system calls: this runs on every command, before the judge is
imported."""

from __future__ import annotations

import os
import sys

# /proc/self/status lines that a fork inherits and an exec keeps: who the process is, what it
# may do, and where it may run. (Not its name, pid, state or memory: those are its own.)
STATUS_KEYS = ("Uid", "Gid", "Groups", "NoNewPrivs", "Seccomp", "CapInh", "CapPrm", "CapEff",
               "CapBnd", "CapAmb", "Cpus_allowed_list", "Mems_allowed_list")
NAMESPACES = ("cgroup", "ipc", "mnt", "net", "pid", "time", "user", "uts")
# The leaf a judge on a cgroup v2 host moves its cgroup's processes into
# (judge.sandbox.cgroup_v2_parent.LEAF): a caller there and one in the cgroup above are judged
# alike, their runs' cgroups made beside the leaf.
JUDGES_LEAF = "/judge.self"
# What each part is called when the caller is told why its command was not taken.
PARTS = {"limits": "resource limits (ulimit)", "cgroup": "cgroup",
         "namespaces": "namespaces", "priority": "priority (nice)",
         "interpreter": "Python interpreter, its flags or module path"}
STATUS_PARTS = {"Uid": "user ids", "Gid": "group ids", "Groups": "supplementary groups",
                "NoNewPrivs": "no_new_privs", "Seccomp": "system-call filter",
                "Cpus_allowed_list": "CPUs allowed (affinity)",
                "Mems_allowed_list": "memory nodes allowed"}


def process_setting() -> dict[str, object]:
    """This process's setting, as plain data that marshal carries."""
    return {"limits": _read("/proc/self/limits"), "cgroup": _cgroups(),
            "status": _status_lines(), "namespaces": [_link(name) for name in NAMESPACES],
            "priority": os.getpriority(os.PRIO_PROCESS, 0),
            # sys.path[0] is the folder of the script or the working folder: the caller's own.
            "interpreter": [sys.executable, list(sys.flags), sys.path[1:]]}


def differences(theirs: object, ours: dict[str, object]) -> list[str]:
    """What differs between a caller's setting and ours, in words; [] when they are one."""
    if not isinstance(theirs, dict):
        return ["the caller sent no setting"]
    found = [PARTS[key] for key in PARTS if theirs.get(key) != ours[key]]
    their_status = theirs.get("status")
    if their_status != ours["status"]:
        if not isinstance(their_status, dict):
            found.append("credentials")
        else:
            found += sorted({STATUS_PARTS.get(key, "capabilities")
                             for key in STATUS_KEYS
                             if their_status.get(key) != ours["status"].get(key)})
    return found


def _read(path: str) -> str:
    try:
        with open(path, "rb", buffering=0) as file:
            return file.read().decode(errors="replace")
    except OSError:
        return ""


def _cgroups() -> list[str]:
    return [line.removesuffix(JUDGES_LEAF) for line in _read("/proc/self/cgroup").splitlines()]


def _status_lines() -> dict[str, str]:
    lines = {}
    for line in _read("/proc/self/status").splitlines():
        key, _, value = line.partition(":")
        if key in STATUS_KEYS:
            lines[key] = value.strip()
    return lines


def _link(namespace: str) -> str:
    try:
        return os.readlink(f"/proc/self/ns/{namespace}")
    except OSError:
        return ""
