"""The cgroup v2 folder a judge's runs go under, made ready: its own cgroup, or (when it is the
judge's leaf) the one above.

cgroup v2 lets a cgroup other than the root either hold processes or give controllers to
children, not both ("no internal processes"). A judge started in a cgroup that holds processes
(a systemd scope with Delegate=yes, a container's cgroup namespace root) so first moves every
process of that cgroup into a leaf of its own, LEAF, then enables memory and pids for the
children; the runs' cgroups are made beside the leaf. A judge started later in the leaf (a
second judge, a worker) takes the leaf's parent.

As root any cgroup may be used; a normal user only a delegated one: a cgroup whose folder,
cgroup.procs and cgroup.subtree_control the user may write.
"""

import errno
import os
from pathlib import Path

CONTROLLERS = ("memory", "pids")
LEAF = "judge.self"  # not "judge-…": no run's name, so no sweep ever looks at it
MOVE_ROUNDS = 100  # of moving the cgroup's processes to the leaf: they may fork meanwhile
ADVICE = ("run the judge in a cgroup of its own whose subtree it manages (a systemd unit or scope "
          "with Delegate=yes, or a container with a writable cgroup namespace)")
DELEGATED_FILES = ("cgroup.procs", "cgroup.subtree_control")


def runs_folder(own: str) -> str:
    """The folder the runs' cgroups go under, for a process in cgroup folder `own`."""
    path = Path(own)
    return str(path.parent) if path.name == LEAF else own


def delegated(directory: str) -> bool:
    """Whether this process's user may manage the cgroups under `directory`."""
    return os.access(directory, os.W_OK) and all(
        os.access(os.path.join(directory, name), os.W_OK) for name in DELEGATED_FILES)


def prepare(directory: str) -> str:
    """Make `directory` able to hold the runs' cgroups, with memory and pids enabled for its
    children; "" when it can, else why not."""
    folder = Path(directory)
    available = _read(folder / "cgroup.controllers").split()
    missing = [name for name in CONTROLLERS if name not in available]
    if missing:
        return (f"cgroup v2: {', '.join(missing)} not available in {directory} "
                "(cgroup.controllers): the parent cgroup does not delegate them")
    wanted = [name for name in CONTROLLERS
              if name not in _read(folder / "cgroup.subtree_control").split()]
    if wanted:
        problem = _enable(folder, wanted)
        if problem:
            return problem
    probe = folder / f"judge-probe-{os.urandom(8).hex()}"
    try:
        probe.mkdir()
        probe.rmdir()
    except OSError as exc:
        return f"cannot create a cgroup under {directory}: {exc.strerror}"
    return ""


def _enable(folder: Path, wanted: list[str]) -> str:
    control = folder / "cgroup.subtree_control"
    line = " ".join(f"+{name}" for name in wanted)
    try:
        control.write_text(line)
        return ""
    except OSError as exc:
        if exc.errno != errno.EBUSY:
            return (f"cgroup v2: cannot enable {', '.join(wanted)} for the cgroups under "
                    f"{folder} ({exc.strerror}): {ADVICE}")
    # EBUSY: the cgroup holds processes (this judge's among them). Into a leaf with them.
    problem = move_into_leaf(folder)
    if problem:
        return problem
    try:
        control.write_text(line)
        return ""
    except OSError as exc:
        return (f"cgroup v2: cannot enable {', '.join(wanted)} for the cgroups under {folder} "
                f"({exc.strerror}) after moving its processes into {LEAF}: {ADVICE}")


def move_into_leaf(folder: Path) -> str:
    """Move every process of cgroup `folder` into its child LEAF; "" when it is empty after."""
    leaf = folder / LEAF
    try:
        leaf.mkdir()
    except FileExistsError:
        pass
    except OSError as exc:
        return f"cgroup v2: cannot create {leaf} for the judge's own processes: {exc.strerror}"
    for _ in range(MOVE_ROUNDS):
        pids = _read(folder / "cgroup.procs").split()
        if not pids:
            return ""
        for pid in pids:
            try:
                (leaf / "cgroup.procs").write_text(pid)
            except ProcessLookupError:
                pass  # ended meanwhile
            except OSError as exc:
                if exc.errno != errno.ESRCH:
                    return (f"cgroup v2: cannot move process {pid} out of {folder} into "
                            f"{LEAF} ({exc.strerror}): the cgroup holds processes that are "
                            "not the judge's to move")
    return f"cgroup v2: {folder} kept gaining processes while they were moved into {LEAF}"


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""
