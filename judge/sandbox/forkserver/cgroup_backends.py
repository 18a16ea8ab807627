"""The cgroup version a server's runs use, chosen by what the host gave (judge.sandbox.host)."""

from .cgroup_v1 import CgroupsV1
from .cgroup_v2 import CgroupsV2

BACKENDS = {1: CgroupsV1, 2: CgroupsV2}


def for_host(version, dirs, owner, lock_folder, kind="r"):
    """The cgroups for the judge's ServerConfig, or None without usable cgroups."""
    backend = BACKENDS.get(version)
    return None if backend is None or not dirs else backend(dirs, owner, lock_folder, kind)
