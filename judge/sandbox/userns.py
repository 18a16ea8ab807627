"""A user namespace for the fork server of a judge that is not root.

As a normal user the server starts inside a user namespace of its own (as bubblewrap and nsjail
do), where it holds the capabilities to make the same mount, PID, network and IPC namespaces and
the same private root as it does as root. Only the user's own uid is mapped (to 0 inside): the
runs then share the judge's uid on the host, which the kernel still keeps from the judge's files
outside the runs' root, but which lets a run signal or trace processes of that uid outside its
namespaces only where they are visible, which they are not. Cgroups stay out of reach: the host's
cgroup tree belongs to the real root.
"""

from __future__ import annotations

import functools
import shutil
import subprocess

# util-linux's unshare(1): the user namespace with the caller's uid and gid mapped to 0, then
# exec; the server makes the other namespaces itself.
ENTER = ("--user", "--map-root-user", "--")
PROBE = ("--user", "--map-root-user", "--mount", "--pid", "--net", "--ipc", "--uts", "--fork",
         "true")


def server_prefix() -> tuple[str, ...]:
    """The command that starts the server in a user namespace of its own."""
    unshare = shutil.which("unshare")
    if unshare is None:
        raise OSError("unshare(1) (util-linux) is missing")
    return (unshare, *ENTER)


@functools.cache  # once per judge: the host's answer does not change while it runs
def probe() -> tuple[bool, str]:
    """(whether this user may make a user namespace and, inside it, mount, PID, network, IPC and
    UTS namespaces; why not)."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return False, "unshare(1) from util-linux is missing: install the util-linux package"
    try:
        result = subprocess.run([unshare, *PROBE], capture_output=True, text=True, timeout=10,
                                check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, f"cannot probe user namespaces: {exc}"
    if result.returncode != 0:
        return False, (f"the host forbids unprivileged user namespaces "
                       f"({result.stderr.strip() or 'unshare failed'}); allow them "
                       "(sysctl user.max_user_namespaces, kernel.unprivileged_userns_clone, "
                       "kernel.apparmor_restrict_unprivileged_userns) or run the judge as root")
    return True, ""
