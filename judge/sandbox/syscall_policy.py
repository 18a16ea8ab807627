"""The system calls an isolated run (a submission, and its compile step) may make, and the
filter that enforces them: a seccomp-bpf program built by libseccomp (through pyseccomp, its
Python API), once per judge, and loaded by each run's program just before it starts
(judge.sandbox.forkserver.syscalls).

The policy is a list of what runs need, not of what they must not do: a call the list does not
name fails with ENOSYS, as on a kernel that lacks it (so a new system call is closed until it
is named here, and the C library falls back where it can: clone3 to clone); calls newer than
libseccomp knows are refused by number, NEWER_CALLS of them past the newest it knows. On top
of that:

- the calls that gave channels between runs or kernel surface fail with EPERM, as for a process
  without privileges: keyrings (keyctl, add_key, request_key), io_uring, bpf, perf_event_open,
  userfaultfd, ptrace and process_vm_*, namespaces and mounts (unshare, setns, mount,
  pivot_root, chroot, the new mount API; clone with a CLONE_NEW* flag), modules and kexec, file
  watches (inotify, fanotify, F_NOTIFY: another run's reads of the shared system tree would
  show), and the host's clock, name, swap, quota and reboot;
- sockets: AF_UNIX only (socket and socketpair); any other family fails with EAFNOSUPPORT. The
  network is already gone (an empty network namespace); AF_VSOCK, AF_NETLINK, AF_PACKET and
  AF_ALG reach the host's kernel, not a network, and so are closed too. A run's AF_UNIX
  sockets, abstract names among them, live in its server's network namespace, which no other
  judge's runs share, and nothing of a run outlives it;
- file locks (flock, and fcntl's F_SETLK, F_SETLKW and their OFD forms) succeed without locking
  anything: a lock on a file of the shared read-only system tree (or /dev/null) would be seen
  by every other run on the host. A run's own files are its own, so it loses nothing;
- personality may change the persona, never its flags (ADDR_NO_RANDOMIZE, READ_IMPLIES_EXEC);
- a system call of another architecture (the 32-bit ABI through int 0x80, x32) kills the run.

Without pyseccomp or libseccomp the judge has no filter: `filter_program` says why, and the
"system calls" guarantee is missing (a service then refuses to judge strangers).
"""

from __future__ import annotations

import errno
import functools
import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from judge.files import file_identity

# What programs of every language need: files, memory, signals, time, processes and threads,
# waiting, AF_UNIX sockets, System V and POSIX IPC (the run has an IPC namespace of its own).
ALLOWED = (
    # files and descriptors
    "read write open openat openat2 creat close close_range lseek pread64 pwrite64 readv writev "
    "preadv pwritev preadv2 pwritev2 dup dup2 dup3 pipe pipe2 ioctl "
    "stat fstat lstat newfstatat statx statfs fstatfs access faccessat faccessat2 getdents "
    "getdents64 getcwd chdir fchdir rename renameat renameat2 mkdir mkdirat rmdir link linkat "
    "unlink unlinkat symlink symlinkat readlink readlinkat chmod fchmod fchmodat fchmodat2 chown "
    "fchown lchown fchownat umask utime utimes utimensat futimesat mknod mknodat truncate "
    "ftruncate fallocate fsync fdatasync sync_file_range readahead fadvise64 sendfile splice tee "
    "vmsplice copy_file_range memfd_create getxattr lgetxattr fgetxattr listxattr llistxattr "
    "flistxattr setxattr lsetxattr fsetxattr removexattr lremovexattr fremovexattr "
    # memory
    "brk mmap munmap mremap mprotect madvise msync mincore mlock mlock2 munlock mlockall "
    "munlockall membarrier pkey_alloc pkey_free pkey_mprotect mbind get_mempolicy set_mempolicy "
    # processes, threads, identities, limits, scheduling
    "fork vfork execve execveat exit exit_group wait4 waitid getpid getppid gettid getpgrp "
    "getpgid setpgid getsid setsid set_tid_address set_robust_list get_robust_list futex "
    "futex_waitv futex_wake futex_wait futex_requeue rseq arch_prctl prctl set_thread_area "
    "get_thread_area map_shadow_stack getuid geteuid getgid getegid getresuid getresgid getgroups "
    "setuid setgid setreuid setregid setresuid setresgid setgroups setfsuid setfsgid capget "
    "capset uname sysinfo getrusage times getrlimit setrlimit prlimit64 getpriority setpriority "
    "sched_yield sched_getaffinity sched_setaffinity sched_getparam sched_setparam "
    "sched_getscheduler sched_setscheduler sched_get_priority_max sched_get_priority_min "
    "sched_rr_get_interval sched_getattr sched_setattr getcpu ioprio_get ioprio_set getrandom "
    # signals and time
    "rt_sigaction rt_sigprocmask rt_sigreturn rt_sigpending rt_sigtimedwait rt_sigqueueinfo "
    "rt_tgsigqueueinfo rt_sigsuspend sigaltstack kill tkill tgkill pause restart_syscall "
    "signalfd signalfd4 pidfd_open pidfd_send_signal alarm getitimer setitimer nanosleep "
    "clock_nanosleep clock_gettime clock_getres gettimeofday time timer_create timer_settime "
    "timer_gettime timer_getoverrun timer_delete timerfd_create timerfd_settime timerfd_gettime "
    # waiting and events
    "poll ppoll select pselect6 epoll_create epoll_create1 epoll_ctl epoll_wait epoll_pwait "
    "epoll_pwait2 eventfd eventfd2 "
    # sockets (socket and socketpair: AF_UNIX only, below)
    "connect accept accept4 bind listen shutdown sendto recvfrom sendmsg recvmsg sendmmsg "
    "recvmmsg getsockname getpeername setsockopt getsockopt "
    # System V and POSIX IPC
    "shmget shmat shmdt shmctl semget semop semtimedop semctl msgget msgsnd msgrcv msgctl "
    "mq_open mq_unlink mq_timedsend mq_timedreceive mq_notify mq_getsetattr"
).split()

# Refused as to a process without privileges (EPERM), rather than unknown: each gave a channel
# between runs or reaches far into the kernel.
REFUSED = (
    "keyctl add_key request_key io_uring_setup io_uring_enter io_uring_register bpf "
    "perf_event_open userfaultfd ptrace process_vm_readv process_vm_writev pidfd_getfd "
    "process_madvise process_mrelease kcmp move_pages migrate_pages "
    "unshare setns mount umount2 pivot_root chroot open_tree move_mount mount_setattr fsopen "
    "fsconfig fsmount fspick name_to_handle_at open_by_handle_at "
    "kexec_load kexec_file_load init_module finit_module delete_module "
    "inotify_init inotify_init1 inotify_add_watch fanotify_init fanotify_mark "
    "seccomp modify_ldt iopl ioperm syslog vhangup acct quotactl quotactl_fd swapon swapoff "
    "reboot sethostname setdomainname settimeofday clock_settime clock_adjtime adjtimex "
    "io_setup io_submit io_cancel io_destroy io_getevents io_pgetevents cachestat memfd_secret "
    "landlock_create_ruleset landlock_add_rule landlock_restrict_self sync syncfs"
).split()

AF_UNIX = 1
# clone's namespace flags: CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET.
CLONE_NAMESPACES = (0x20000, 0x2000000, 0x4000000, 0x8000000, 0x10000000, 0x20000000,
                    0x40000000)
F_NOTIFY = 1026
# (fcntl's other commands stay: F_GETLK and F_OFD_GETLK see only locks no run can take.)
FCNTL_LOCKS = (6, 7, 37, 38)  # F_SETLK, F_SETLKW, F_OFD_SETLK, F_OFD_SETLKW
# personality's flags: UNAME26, ADDR_NO_RANDOMIZE, FDPIC_FUNCPTRS, MMAP_PAGE_ZERO,
# ADDR_COMPAT_LAYOUT, READ_IMPLIES_EXEC, ADDR_LIMIT_32BIT, SHORT_INODE, WHOLE_SECONDS,
# STICKY_TIMEOUTS, ADDR_LIMIT_3GB (the query, all bits set, is refused with them).
PERSONALITY_FLAGS = (0x20000, 0x40000, 0x80000, 0x100000, 0x200000, 0x400000, 0x800000,
                     0x1000000, 0x2000000, 0x4000000, 0x8000000)
LOW_HALF = 0xFFFFFFFF
WITH_ARGUMENTS = ("socket", "socketpair", "clone", "fcntl", "flock", "personality")
HIGHEST_NUMBER = 600  # of the numbers looked up in libseccomp's table of calls
NEWER_CALLS = 64  # numbers after the newest call libseccomp knows, refused as unknown

@dataclass(frozen=True)
class FilterProgram:
    """The filter as the kernel takes it (struct sock_filter[], 8 bytes an instruction), or
    why there is none."""

    bpf: bytes | None
    reason: str = ""  # why bpf is None

    @property
    def available(self) -> bool:
        return self.bpf is not None


def filter_program(folder: Path | None = None) -> FilterProgram:
    """The filter of isolated runs: read from `folder` (the judge's cache), where it is kept by
    the identity of this policy, or built (importing the binding and finding libseccomp cost
    about 50 ms, a judge's start) and kept there."""
    path = folder / f"{policy_key()}.bpf" if folder is not None else None
    if path is not None:
        try:
            cached = path.read_bytes()
            if cached and len(cached) % 8 == 0:
                return FilterProgram(cached)
        except OSError:
            pass
    program = built_program()
    if path is not None and program.bpf is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = path.with_suffix(f".{os.getpid()}.partial")
            partial.write_bytes(program.bpf)
            partial.replace(path)  # whole or not at all, for judges reading it at once
        except OSError:
            pass  # an unwritable cache: built again next time
    return program


def policy_key() -> str:
    """What the filter is built from: this module, and the machine whose calls it names."""
    text = f"{file_identity(__file__)}\0{os.uname().machine}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@functools.cache
def built_program() -> FilterProgram:
    """The filter built with libseccomp, once per judge; or why it cannot be."""
    try:
        import pyseccomp
    except (ImportError, OSError, RuntimeError) as exc:  # no binding, or no libseccomp
        return FilterProgram(None, f"no system-call filter: libseccomp unavailable ({exc})")
    try:
        return FilterProgram(export(build(pyseccomp)))
    except (OSError, RuntimeError, ValueError) as exc:
        return FilterProgram(None, f"no system-call filter: libseccomp failed ({exc})")


def build(seccomp):
    """The policy above as a libseccomp filter (pyseccomp's SyscallFilter).

    Written as what it refuses: every call libseccomp knows that ALLOWED does not name, and the
    numbers of the calls newer than it knows. The same policy as the allow-list, in less than
    half the instructions: the kernel prepares every instruction of a filter when a run loads
    it, and that is most of what the filter costs a run."""
    rules = seccomp.SyscallFilter(seccomp.ALLOW)
    rules.set_attr(seccomp.Attr.ACT_BADARCH, seccomp.KILL_PROCESS)
    rules.set_attr(seccomp.Attr.CTL_NNP, 0)  # the run sets no_new_privs itself (syscalls.load)
    optimize = getattr(seccomp.Attr, "CTL_OPTIMIZE", None)
    if optimize is not None:  # libseccomp 2.5: a binary tree of the calls, not a list
        try:
            rules.set_attr(optimize, 2)
        except (OSError, RuntimeError, ValueError):
            pass
    refused, unknown = seccomp.ERRNO(errno.EPERM), seccomp.ERRNO(errno.ENOSYS)
    known = known_calls(seccomp)
    for name, number in sorted(known.items()):
        if name not in ALLOWED and name not in WITH_ARGUMENTS:
            rules.add_rule(refused if name in REFUSED else unknown, number)
    newest = max(known.values())
    for number in range(newest + 1, newest + 1 + NEWER_CALLS):
        rules.add_rule(unknown, number)
    # (A 32-bit argument is compared on its low half, as the kernel reads it: no call passes a
    # lock command by setting its upper bits.)
    for call in ("socket", "socketpair"):
        rules.add_rule(seccomp.ERRNO(errno.EAFNOSUPPORT), call,
                       seccomp.Arg(0, seccomp.NE, AF_UNIX))
    for flag in CLONE_NAMESPACES:
        rules.add_rule(refused, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
    rules.add_rule(refused, "fcntl", seccomp.Arg(1, seccomp.MASKED_EQ, LOW_HALF, F_NOTIFY))
    no_lock = seccomp.ERRNO(0)  # "done", and nothing done
    rules.add_rule(no_lock, "flock")
    for command in FCNTL_LOCKS:
        rules.add_rule(no_lock, "fcntl", seccomp.Arg(1, seccomp.MASKED_EQ, LOW_HALF, command))
    for flag in PERSONALITY_FLAGS:
        rules.add_rule(refused, "personality", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
    return rules


def known_calls(seccomp) -> dict[str, int]:
    """Every system call libseccomp knows on this machine: name -> number."""
    known = {}
    for number in range(HIGHEST_NUMBER):
        try:
            name = seccomp.resolve_syscall(seccomp.Arch.NATIVE, number)
        except ValueError:
            continue
        known[name.decode() if isinstance(name, bytes) else name] = number
    return known


def export(rules) -> bytes:
    """The filter's BPF program, as libseccomp writes it."""
    with tempfile.TemporaryFile() as handle:
        rules.export_bpf(handle)
        handle.seek(0)
        program = handle.read()
    if not program or len(program) % 8:
        raise ValueError(f"libseccomp exported {len(program)} bytes, not whole instructions")
    return program
