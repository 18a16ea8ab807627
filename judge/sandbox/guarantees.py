"""The guarantees a sandbox gives on this host, each with how it is enforced or why it is not."""

from __future__ import annotations

from dataclasses import dataclass

from judge.sandbox.api import SandboxInfo
from judge.sandbox.host import HostSupport
from judge.sandbox.syscall_policy import FilterProgram


@dataclass(frozen=True)
class Guarantee:
    name: str
    active: bool
    detail: str  # how it is enforced, or why it is unavailable


def sandbox_info(kind: str, host: HostSupport | None, reason: str = "",
                 syscall_filter: FilterProgram | None = None) -> SandboxInfo:
    """The summary every report carries: active and missing guarantees, and why."""
    guarantees = describe_guarantees(host, syscall_filter)
    missing = tuple(g for g in guarantees if not g.active)
    if not reason and missing:
        reason = "; ".join(dict.fromkeys(g.detail for g in missing))
    return SandboxInfo(
        kind=kind,
        guarantees=tuple(g.name for g in guarantees if g.active),
        missing=tuple(g.name for g in missing),
        reason=reason,
        cgroup_version=host.cgroup_version if host is not None else None,
    )


def describe_guarantees(host: HostSupport | None,
                        syscall_filter: FilterProgram | None = None) -> tuple[Guarantee, ...]:
    """For the fork-server sandbox on `host` with `syscall_filter` (the filter its isolated runs
    load), or for the plain runner when `host` is None."""
    if host is None:
        return _plain_guarantees()
    cgroups = host.cgroup_version is not None
    isolated = host.namespaces
    cg = f"cgroup v{host.cgroup_version}" if cgroups else ""
    return (
        _time(host, cg),
        Guarantee(
            "memory",
            True,
            f"{cg} memory limit; peak = max(cgroup peak, program's own peak RSS)"
            if cgroups
            # wait4's peak carries the forking server's own (about 10 MB of Python) across the
            # exec: below that, the program's own VmHWM, which exec starts anew, read by its
            # init at its exit stop (forkserver.exitpeak), or as last polled.
            else "the program's own peak RSS (wait4's above the fork server's, else its VmHWM "
            "as it exits, read by its tracing init), held to the cap by a poll every 4 ms, "
            "RLIMIT_AS as a backstop; a program's children and what it holds in the kernel's "
            f"pipe and socket buffers not counted ({host.cgroup_reason})",
        ),
        Guarantee("output", True, "stdout through a pipe, cut at the cap; files: RLIMIT_FSIZE"),
        Guarantee(
            "network",
            isolated,
            "an empty network namespace (no interface up)" if isolated else host.namespace_reason,
        ),
        Guarantee(
            "file system",
            isolated,
            "private mount namespace: read-only system dirs and interpreter, empty /box"
            if isolated
            else host.namespace_reason,
        ),
        _processes(host),
        _system_calls(syscall_filter or FilterProgram(None, "no system-call filter given")),
        _cleanup(host),
    )


def _time(host: HostSupport, cg: str) -> Guarantee:
    if host.cgroup_version is not None:
        return Guarantee("time", True, f"CPU of the whole tree from {cg} cpu accounting, polled "
                         "every 4 ms; wall backstop")
    if host.user_namespace:
        return Guarantee("time", True, "CPU of every process in the runs' PID namespace from "
                         "/proc (children never waited for and orphans included), polled every "
                         "4 ms; RLIMIT_CPU backstop (an interactive submission's children count "
                         f"once reaped; no cgroups: {host.cgroup_reason})")
    return Guarantee("time", True, "CPU of the program from /proc, polled; RLIMIT_CPU backstop "
                     f"(threads and children less exact: {host.cgroup_reason})")


def _processes(host: HostSupport) -> Guarantee:
    if host.namespaces and host.cgroup_version is not None and host.root:
        return Guarantee("processes", True,
                         "PID namespace, pids cgroup, RLIMIT_NPROC under a uid of its own")
    if host.user_namespace and host.subordinate is not None:
        return Guarantee("processes", True,
                         "PID namespace, RLIMIT_NPROC under a uid of its own (a subordinate uid "
                         "of the user's, with no capability; no pids cgroup: "
                         + host.cgroup_reason + ")")
    if host.user_namespace:
        # A fork bomb is bounded, but by a count the server's own few processes share, and
        # with no cap on what the bomb's processes use together but each one's RLIMIT_AS.
        return Guarantee("processes", True,
                         "PID namespace, RLIMIT_NPROC counted in the server's user namespace "
                         "(no pids cgroup: " + host.cgroup_reason + "; runs share the judge's "
                         "uid on the host, mapped to 0 inside, with every capability dropped: "
                         + host.subordinate_reason + ")")
    return Guarantee("processes", False, _first_reason(host))


def run_identity(host: HostSupport | None) -> str:
    """Whose uid the isolated runs have on the host, for `judge doctor`: one of their own (a
    run that escaped its namespaces could still signal, trace or write nothing of the judge's),
    or the judge's, and what is missing for one of their own."""
    if host is None or not host.namespaces:
        return "runs share the judge's uid (no isolation on this host)"
    if host.root:
        return (f"runs have their own uid ({host.sandbox_uid_base} plus the judge's slot: one "
                "per judge at once)")
    if host.subordinate is not None:
        return f"runs have their own uid ({host.subordinate.describe()})"
    return f"runs share the judge's uid on the host ({host.subordinate_reason})"


def _cleanup(host: HostSupport) -> Guarantee:
    if host.namespaces and host.cgroup_version is not None:
        return Guarantee("cleanup", True,
                         "what is left of a run is killed through its cgroups as its program "
                         "ends, and the runs' PID namespace dies with the server; cgroups are "
                         "emptied and removed")
    if host.user_namespace:
        return Guarantee("cleanup", True,
                         "the runs' PID namespace is swept by its pid 1 after every run (an "
                         "interactive submission's leftovers as it ends, by its pair's worker), "
                         "and dies with the server; what the problem setter's programs leave "
                         "comes back to their server, which kills it after every run (no "
                         "cgroups: " + host.cgroup_reason + ")")
    if host.root and host.cgroup_version is None:
        return Guarantee("cleanup", False,
                         "the run's process group, then what comes back to its server (the "
                         "subreaper of its runs' orphans) after every run; what runs leave "
                         "outlives a server that is killed (" + _first_reason(host) + ")")
    return Guarantee("cleanup", False, "process group only: " + _first_reason(host))


def _system_calls(program: FilterProgram) -> Guarantee:
    return Guarantee(
        "system calls",
        program.available,
        "a seccomp filter (libseccomp): keyrings, io_uring, bpf, ptrace, namespaces, mounts "
        "and sockets other than AF_UNIX refused, file locks without effect; a session keyring "
        "of its own" if program.available else program.reason,
    )


def _plain_guarantees() -> tuple[Guarantee, ...]:
    reason = "the fork-server sandbox cannot run on this host (not Linux, or it failed to start)"
    return (
        Guarantee("time", True, "CPU of the tree polled with psutil; RLIMIT_CPU backstop"),
        Guarantee("memory", True, "peak RSS polled (short spikes can be missed)"),
        Guarantee("output", True, "RLIMIT_FSIZE on stdout"),
        Guarantee("network", False, reason),
        Guarantee("file system", False, reason),
        Guarantee("processes", False, reason),
        Guarantee("system calls", False, reason),
        Guarantee("cleanup", True, "the process group is killed after each run"),
    )


def _first_reason(host: HostSupport) -> str:
    return host.namespace_reason or host.cgroup_reason or "not running as root"
