"""The Linux system calls the sandbox needs and Python does not offer: mount, unshare, setns,
pivot_root, prctl. Loaded on first use."""

import ctypes
import functools
import os

CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWIPC = 0x20000, 0x20000000, 0x40000000, 0x8000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MNT_DETACH = 2
PR_SET_PDEATHSIG, PR_SET_NO_NEW_PRIVS, PR_SET_CHILD_SUBREAPER = 1, 38, 36
PR_GET_NAME = 16
PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "riscv64": 41}


# Every libc function the sandbox calls, looked up once with the library. The server loads it
# before its first fork, so its runs' children find them ready: a child that looked one up
# itself (dlsym, for setns) walked the symbol tables of the loaded libraries, some 35 pages
# touched (measured per isolated Python run: about 688 page faults before, 672 after).
FUNCTIONS = ("mount", "umount2", "unshare", "setns", "prctl", "syscall", "capset", "ptrace")


@functools.cache
def libc():
    library = ctypes.CDLL(None, use_errno=True)
    for name in FUNCTIONS:
        getattr(library, name)  # (CDLL keeps each function it finds as an attribute)
    return library


def check(result, what):
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def mount(source, target, fstype, flags, data=None):
    check(libc().mount(source and source.encode(), target.encode(), fstype and fstype.encode(),
                       flags, data and data.encode()), f"mount {target}")


def umount(target, flags=MNT_DETACH):
    check(libc().umount2(target.encode(), flags), f"umount {target}")


def unshare(flags):
    check(libc().unshare(flags), "unshare")


def setns(fd, kind):
    check(libc().setns(fd, kind), "setns")


def prctl(option, value):
    check(libc().prctl(option, value, 0, 0, 0), f"prctl {option}")


def process_name():
    """The calling thread's name (its comm, as /proc/PID/status's Name: shows it)."""
    name = ctypes.create_string_buffer(16)
    check(libc().prctl(PR_GET_NAME, name, 0, 0, 0), "prctl PR_GET_NAME")
    return name.value.decode(errors="replace")


def pivot_root(new_root, put_old):
    """True when done; False where the system call is unknown or refused (chroot instead)."""
    number = PIVOT_ROOT.get(os.uname().machine)
    return number is not None and libc().syscall(number, new_root.encode(),
                                                  put_old.encode()) == 0


def set_command_line(words):
    """Show `words` as this process's command line (/proc/PID/cmdline) instead of the server's,
    which names the judge's install path: the area of the original arguments is overwritten in
    place (what it cannot hold is cut; its length cannot change, the rest reads as NULs)."""
    area = command_line_area()
    if area is None:
        return
    start, end = area
    text = b"\0".join(os.fsencode(word) for word in words)[: end - start - 1]
    ctypes.memmove(start, text.ljust(end - start, b"\0"), end - start)


@functools.cache
def command_line_area():
    """(start, end) of the process's argument area, read once by the server: its forks have
    the same (reading /proc in every run cost more than the rest of this)."""
    try:
        with open("/proc/self/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        return int(fields[45]), int(fields[46])  # arg_start, arg_end (fields 48 and 49)
    except (OSError, IndexError, ValueError):
        return None


def drop_capabilities():
    """Empty this process's capability sets (capset, version 3) and forbid gaining any back:
    a run in the user namespace of a server that is not root keeps the namespace's uid 0, but
    none of its powers."""
    prctl(PR_SET_NO_NEW_PRIVS, 1)
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable: twice, all empty
    check(libc().capset(header, data), "capset")
