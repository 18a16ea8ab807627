"""The program's own confinement, in its process, before it starts: its cgroups, rlimits, uid,
descriptors, and the executable it becomes."""

import os
import resource

from .libc import PR_SET_NO_NEW_PRIVS, prctl

NOFILE = 256  # open files of an isolated run
# Without a memory cgroup: the address space a run may map above its memory cap (RLIMIT_AS,
# the backstop under the supervisor's polling), unless its order asks for more.
DEFAULT_ADDRESS_SPACE_KB = 512 * 1024


def join_cgroups(joins):
    """Move this process into the run's cgroups (descriptors of their cgroup.procs)."""
    for fd in joins:
        os.write(fd, b"0")
        os.close(fd)


def set_limits(order, uid, cgroups, count_processes=False):
    """The run's rlimits. CPU is a backstop only: the server stops the run sooner.
    `count_processes`: RLIMIT_NPROC even without a uid of its own (a server in a user namespace
    of its own, whose uid 0 only its runs and itself use: the kernel counts per namespace)."""
    cpu_s = order.cpu_ms // 1000 + 2
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 1))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    memory_kb = order.memory_kb
    if order.isolate:
        # Files it writes in its /box stop one byte over (its stdout is a pipe, capped apart).
        size = order.files_kb * 1024 + 1
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
        resource.setrlimit(resource.RLIMIT_NOFILE, (NOFILE, NOFILE))
        if uid is not None or count_processes:
            resource.setrlimit(resource.RLIMIT_NPROC, (order.processes,) * 2)
    stack = max(8 * 1024 * 1024, memory_kb * 1024) if memory_kb is not None else None
    if memory_kb is not None and not cgroups:
        # No memory cgroup: bound the address space generously, so a bomb cannot take the host
        # (the supervisor holds the program to its cap). A runtime that asks for room maps
        # threads too, each with a stack of RLIMIT_STACK's size.
        space = (memory_kb + (order.address_space_kb or DEFAULT_ADDRESS_SPACE_KB)) * 1024
        if order.address_space_kb and not order.python:
            space += order.processes * stack
        resource.setrlimit(resource.RLIMIT_AS, (space, space))
    if stack is not None and not order.python:
        resource.setrlimit(resource.RLIMIT_STACK, (stack, stack))


def drop_privileges(uid):
    prctl(PR_SET_NO_NEW_PRIVS, 1)
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)


def close_all_but(keep):
    """Close every descriptor above stderr except `keep`."""
    low = 3
    for fd in sorted(keep):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, 1 << 20)


def open_executable(program):
    """A descriptor to exec `program` by (found on PATH when it has no slash)."""
    path = program if "/" in program else which(program)
    fd = os.open(path, os.O_RDONLY)
    # An ELF binary needs no descriptor after exec; a script does (its interpreter reads it as
    # /dev/fd/N, and execve of a script by a close-on-exec descriptor fails with ENOENT).
    os.set_inheritable(fd, os.pread(fd, 4, 0) != b"\x7fELF")
    return fd


def which(program):
    for directory in os.environ.get("PATH", os.defpath).split(os.pathsep):
        path = os.path.join(directory, program)
        if os.access(path, os.X_OK):
            return path
    raise FileNotFoundError(f"{program}: not found on PATH")
