"""A normal user's subordinate uids and gids (/etc/subuid, /etc/subgid): uids of its own for
the runs of a judge that is not root.

Without them a normal user's fork server maps only the user's own uid into its user namespace
(judge.sandbox.userns), and its runs are that uid on the host. Where the administrator gave the
user a range (`usermod --add-subuids`) and the setuid helpers newuidmap and newgidmap (Debian's
uidmap package) exist, the server maps the user's uid to 0 as before and the range to 1..N
above it, and each judge's runs drop to one uid of the range: not the user's, not 0 on the
host, so a run that escaped every namespace still could not signal, trace or write anything of
the user's. As with root's runs, the uid is the judge's slot's (forkserver.ownership): judges
of one user at once never share one.
"""

from __future__ import annotations

import os
import pwd
import shutil
from dataclasses import dataclass

FIRST_INSIDE = 1  # where the range starts inside the server's user namespace (0 is the user)
HELPERS = ("newuidmap", "newgidmap")
HELPER_PATH = "/usr/local/bin:/usr/bin:/bin"  # as the server's unshare(1) finds them


@dataclass(frozen=True)
class SubidFiles:
    """Where a user's ranges are read: the system's files, or an operator's own."""

    subuid: str = "/etc/subuid"
    subgid: str = "/etc/subgid"
    helpers: str = HELPER_PATH  # where newuidmap and newgidmap are looked for


@dataclass(frozen=True)
class SubordinateIds:
    """The range mapped for a user's runs: host uids uid..uid+count-1 and gids gid..gid+count-1
    appear as 1..count inside the server's user namespace."""

    user: str
    uid: int
    gid: int
    count: int

    def inside(self, slot: int) -> int:
        """The uid (and gid) of slot `slot`'s runs inside the server's user namespace."""
        return FIRST_INSIDE + slot

    def host_uid(self, slot: int) -> int:
        return self.uid + slot

    def unshare_options(self) -> tuple[str, ...]:
        """util-linux unshare(1)'s options that map the range (OUTER,INNER,COUNT) through
        newuidmap and newgidmap, beside --map-root-user's own uid."""
        return (f"--map-users={self.uid},{FIRST_INSIDE},{self.count}",
                f"--map-groups={self.gid},{FIRST_INSIDE},{self.count}")

    def describe(self) -> str:
        return (f"subordinate uids {self.uid}-{self.uid + self.count - 1} of {self.user}: "
                "one per judge at once")


def find(files: SubidFiles, uid: int | None = None) -> tuple[SubordinateIds | None, str]:
    """(the range of the user `uid` (this process's by default), or None and what is missing)."""
    uid = os.geteuid() if uid is None else uid
    user = user_name(uid)
    keys = {user, str(uid)}
    missing = [name for name in HELPERS if shutil.which(name, path=files.helpers) is None]
    if missing:
        return None, (", ".join(f"{name} not installed" for name in missing)
                      + " (Debian's uidmap package)")
    uids, gids = first_range(files.subuid, keys), first_range(files.subgid, keys)
    if uids is None or gids is None:
        path = files.subuid if uids is None else files.subgid
        return None, (f"no {path} range for {user}; an operator adds one: usermod "
                      f"--add-subuids FIRST-LAST --add-subgids FIRST-LAST {user}")
    return SubordinateIds(user, uids[0], gids[0], min(uids[1], gids[1])), ""


def first_range(path: str, keys: set[str]) -> tuple[int, int] | None:
    """(first id, count) of the first range in `path` (NAME_OR_ID:FIRST:COUNT lines) whose
    owner is one of `keys`; None when there is none or the file cannot be read."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            lines = handle.read().splitlines()
    except OSError:
        return None
    for line in lines:
        fields = line.strip().split(":")
        if len(fields) != 3 or fields[0] not in keys:
            continue
        if fields[1].isdigit() and fields[2].isdigit() and int(fields[2]) > 0:
            return int(fields[1]), int(fields[2])
    return None


def user_name(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:  # a uid without an account (a container's): the files may name it so
        return str(uid)
