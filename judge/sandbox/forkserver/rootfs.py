"""What an isolated run sees: a minimal read-only root (the system's programs and libraries, a
few devices), its own empty /box and its own /proc, in mount, network and IPC namespaces.

`Namespaces` holds what a server builds once: an empty network namespace, which every isolated
run joins, and a template mount namespace whose root is the minimal root, which every isolated
run enters and copies (some forty mount calls and a pivot spared per run). A run may ask for
more of the host in its root (RunOrder.binds: a toolchain that lives outside the system's
folders, such as a JVM's configuration in /etc): each such set gets a template of its own, made
the first time a run asks for it.
"""

import os
import select
import signal
from collections import namedtuple

from .libc import (
    CLONE_NEWNET,
    CLONE_NEWNS,
    CLONE_NEWPID,
    MS_BIND,
    MS_NODEV,
    MS_NOEXEC,
    MS_NOSUID,
    MS_PRIVATE,
    MS_RDONLY,
    MS_REC,
    MS_REMOUNT,
    PR_SET_PDEATHSIG,
    mount,
    pivot_root,
    prctl,
    setns,
    umount,
    unshare,
)
from . import ownership
from .pidsweep import kill_all_but_holder
from .processes import kill, reap_orphans

BOX = "/box"  # the run's private working directory inside its root
ROOT_TMPFS = "size=1m,mode=755"
HIDDEN_TMPFS = "size=4k,mode=755"
ROOT_PARENT = "/tmp"
ROOT_PREFIX = "judge-root-"  # the server's mount point for every run's root, in ROOT_PARENT
DEVICES = ("null", "zero", "random", "urandom")
SAME_UID_FILES = ("keys", "key-users")  # of /proc: what they list, a run of the uid sees
# A PID namespace's holder and its requests (enter_pid_namespace).
LAST_PID = "/proc/sys/kernel/ns_last_pid"  # the namespace's of the process that writes it
SWEEP, RENUMBER = b"k", b"n"
FIRST_DRAWN = 300  # the least number renumber draws, where the kernel's own wrap starts
PID_HEADROOM = 4096  # room above the highest number drawn, for the run's own processes
READ_ONLY = MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV


class Template(namedtuple("Template", ["namespace", "root"])):
    """A minimal root made once per server: its mount namespace, and its root folder.

    Entering the namespace (setns) puts a process at the namespace's root mount, which is the
    minimal root only where the judge's own root is that mount too. On a host whose root is a
    chroot's (a VM or container started from an initramfs by switch_root or chroot, whose
    overlay root is not the namespace's first mount) the namespace's root mount is the
    initramfs: so the run changes into the minimal root by its folder's descriptor.

    `namespace`: a descriptor of the mount namespace; `root`: a descriptor of its root folder.
    (A named tuple, not a dataclass: dataclasses would bring inspect, ast and dis into the
    server, 20 ms more at every start and 1 MB more that every run's fork copies.)"""

    __slots__ = ()

    def enter(self):
        setns(self.namespace, CLONE_NEWNS)
        os.fchdir(self.root)
        os.chroot(".")
        os.chdir("/")


class Namespaces:
    """A server's namespaces for isolated runs, and the mount point their roots use."""

    def __init__(self, binds, hidden, owner, lock_folder, user_namespace=False):
        self.binds = tuple(binds)
        # In a user namespace (a judge that is not root), the kernel mounts a run's /proc only
        # where a proc file system is already fully visible in its mount namespace: the
        # minimal root then carries one of its own under the run's.
        self.user_namespace = user_namespace
        # The server's view of its children's namespaces: its own /proc shows the runs' PID
        # namespace in a user namespace (enter_pid_namespace), where its children's numbers,
        # as fork gave them, are not theirs; this descriptor of the host's /proc, opened first,
        # still shows them.
        self.proc_fd = os.open("/proc", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        self.owner, self.lock_folder = owner, lock_folder  # forkserver.ownership
        self.hidden = tuple(hidden)  # folders under the binds shown empty (third-party packages)
        self.network_fd = None  # the empty network namespace
        # The minimal root's mount namespace, by the extra binds it shows (() for none), or
        # None: each run with those binds builds its own root.
        self.templates = {}
        self.root = None  # the mount point of every run's root

    def set_up(self):
        self.network_fd = empty_network_namespace(self.proc_fd)
        sweep_stale_roots(self.lock_folder, self.owner)
        self.root = make_root_mount_point(self.owner)
        self.templates[()] = self.minimal_root_namespace(())

    def template_for(self, extra):
        """The template showing the extra binds `extra` (a tuple) too, made the first time a run
        asks for it (by the server, before it forks the run); None when it cannot be made."""
        if extra not in self.templates:
            self.templates[extra] = self.minimal_root_namespace(extra)
        return self.templates[extra]

    def remove(self):
        if self.root is not None:
            os.rmdir(self.root)
            self.root = None

    def minimal_root_namespace(self, extra):
        """The minimal root's mount namespace, read-only, as a Template; None when it cannot
        be made (each isolated run then builds its own).

        It lives as long as the server holds the descriptors and shows nothing of the host, so
        a run that enters it and copies it sees what a root built for it alone would show.
        """
        def prepare():
            unshare(CLONE_NEWNS)
            mount(None, "/", None, MS_REC | MS_PRIVATE)
            self.build(self.root, extra)
            if not pivot(self.root):
                return False  # a chroot leaves the host as the namespace's root: no template
            mount(None, "/", None, READ_ONLY)
            return True

        found = namespace_of_child("mnt", prepare, self.proc_fd, with_root=True)
        return None if found is None else Template(*found)

    def build(self, root, extra=()):
        """Fill `root` with the system's programs and libraries and the `extra` binds
        (read-only), a few devices, and empty /box and /proc for a run to mount its own on."""
        mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, ROOT_TMPFS)
        for path in (*self.binds, *extra):
            bind_read_only(path, root)
        for path in self.hidden:
            hide(path, root)
        for device in DEVICES:
            bind_device(device, root)
        for link, target in (("stdin", "/proc/self/fd/0"), ("stdout", "/proc/self/fd/1"),
                             ("stderr", "/proc/self/fd/2"), ("fd", "/proc/self/fd")):
            os.symlink(target, f"{root}/dev/{link}")
        os.mkdir(root + BOX)
        os.mkdir(f"{root}/proc")
        if self.user_namespace:
            mount("proc", f"{root}/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=2")

    def enter_own_root(self, order, uid):
        """Without a template (or for a run in a given folder): pivot into a new root of this
        run alone, its /box and /proc mounted. Called by init, in the run's new namespaces."""
        mount(None, "/", None, MS_REC | MS_PRIVATE)
        self.build(self.root, tuple(order.binds))
        mount_run_directories(order, uid, self.root)
        pivot(self.root)
        mount(None, "/", None, READ_ONLY)


def mount_run_directories(order, uid, root=""):
    """The run's own empty /box (or its given folder, read-only) and the /proc of its PID
    namespace, in the minimal root at `root` ("" once inside it)."""
    box = root + BOX
    mount("tmpfs", box, "tmpfs", MS_NOSUID | MS_NODEV,
          f"size={order.box_bytes},mode=700,uid={_owner(uid)},gid={_owner(uid)}")
    if order.cwd_given:
        mount(order.cwd, box, None, MS_BIND | MS_REC)
        mount(None, box, None, READ_ONLY)
    # hidepid: the program (an unprivileged uid of its own) sees its own processes, not init
    # nor anything else of the namespace's root, whose command line names the judge.
    mount("proc", f"{root}/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=2")
    if uid is None:
        # Without a uid of its own (a user namespace without subordinate ids) the run is the
        # judge's own uid on the host, which /proc/keys answers for: the names of the
        # operator's keys would show. (keyctl is filtered.)
        for name in SAME_UID_FILES:
            mount(f"{root}/dev/null", f"{root}/proc/{name}", None, MS_BIND)


def bind_read_only(path, root):
    target = root + path
    if os.path.islink(path):
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.symlink(os.readlink(path), target)
        return
    if not os.path.exists(path):
        return
    if os.path.isdir(path):
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        open(target, "w").close()
    mount(path, target, None, MS_BIND | MS_REC)
    mount(None, target, None, READ_ONLY)


def hide(path, root):
    """Show the folder `path` (a real folder, no link on its way) empty and read-only."""
    if os.path.isdir(root + path) and not os.path.islink(root + path):
        mount("tmpfs", root + path, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
              HIDDEN_TMPFS)


def bind_device(device, root):
    os.makedirs(f"{root}/dev", exist_ok=True)
    target = f"{root}/dev/{device}"
    open(target, "w").close()
    mount(f"/dev/{device}", target, None, MS_BIND)
    mount(None, target, None, MS_BIND | MS_REMOUNT | MS_NOSUID | MS_RDONLY)


def pivot(root):
    """Make `root` the root: by pivot_root (True), or else by chroot (False)."""
    old = root + "/.old"
    os.mkdir(old)
    if not pivot_root(root, old):
        os.rmdir(old)
        os.chroot(root)
        os.chdir("/")
        return False
    os.chdir("/")
    umount("/.old")
    os.rmdir("/.old")
    return True


def empty_network_namespace(proc_fd):
    """A descriptor of a new network namespace with no interfaces up (not even loopback):
    joining it costs a run far less than a new one, and nothing of a run (no socket, no
    process) outlives the run to meet the next."""
    fd = namespace_of_child("net", lambda: unshare(CLONE_NEWNET) or True, proc_fd)
    if fd is None:
        raise OSError("cannot create a network namespace")
    return fd


def enter_pid_namespace(own_proc=False):
    """Make the server's children the processes of a PID namespace of their own, whose pid 1 is
    a holder forked here: it reaps the orphans of runs, and when the server dies (its pipe
    closes) it leaves, and the kernel kills everything still in the namespace. Returns the
    holder's pid.

    Runs then see (in the /proc each mounts) only the processes of that namespace, and of them
    only their own uid's; each run's processes are killed through its cgroups.

    `own_proc` (a server in a user namespace, in a mount namespace of its own): the holder
    mounts the namespace's /proc over the host's before the server goes on, so that the
    server's workers read their runs' processes by the numbers they know them by."""
    unshare(CLONE_NEWPID)
    # After each run the server asks the holder, through the first pipe, to number the next
    # run's processes afresh (RENUMBER) or, without cgroups, to sweep the namespace first
    # (SWEEP: pidsweep, by numbers only a process inside can use); the holder answers on the
    # second with the same byte.
    alive_r, alive_w = os.pipe2(os.O_CLOEXEC)
    done_r, done_w = os.pipe2(os.O_CLOEXEC)
    ready_r, ready_w = os.pipe2(os.O_CLOEXEC)
    holder = os.fork()
    if holder == 0:
        try:
            os.close(ready_r)
            if own_proc:
                mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
            last_pid, pid_max = open_last_pid()
            os.write(ready_w, b"1")
            os.close(ready_w)
            kept = sorted(fd for fd in (alive_r, done_w, last_pid) if fd is not None)
            # The judge's pipes among the rest: its replies are not ours.
            for low, high in zip([2, *kept], [*kept, 1 << 20], strict=True):
                os.closerange(low + 1, high)
            hold_pid_namespace(alive_r, done_w, last_pid, pid_max)
        finally:
            os._exit(0)
    os.close(alive_r)
    os.close(done_w)
    os.close(ready_w)
    try:
        if os.read(ready_r, 1) != b"1":
            raise OSError("cannot mount the /proc of the runs' PID namespace")
    finally:
        os.close(ready_r)
    return holder, alive_w, done_r


def hold_pid_namespace(alive_r, done_w, last_pid, pid_max):
    """pid 1 of the runs' namespace: reap what comes back, until the server's pipe closes;
    each byte the server sends there asks for a sweep (SWEEP) or not (RENUMBER), then for the
    next run's numbers (renumber, through `last_pid`), answered when it is done."""
    wake_r, wake_w = os.pipe2(os.O_CLOEXEC | os.O_NONBLOCK)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.set_wakeup_fd(wake_w)  # a SIGCHLD at any moment wakes the poll below
    poller = select.poll()
    poller.register(alive_r, select.POLLIN | select.POLLHUP)
    poller.register(wake_r, select.POLLIN)
    while True:
        for fd, _ in poller.poll():
            if fd == alive_r:
                asked = os.read(alive_r, 1)
                if not asked:
                    return
                if asked == SWEEP:
                    kill_all_but_holder()
                if last_pid is not None:
                    renumber(last_pid, pid_max)
                os.write(done_w, asked)
                continue
            while True:
                try:
                    os.read(wake_r, 512)
                except BlockingIOError:
                    break
        reap_orphans()


def open_last_pid():
    """(a descriptor to set this namespace's last pid by, the host's highest pid), or (None,
    None) where the kernel has no ns_last_pid (built without checkpoint and restore) or a
    container's /proc/sys is read-only: its runs then take numbers in sequence."""
    last_pid = None
    try:
        with open("/proc/sys/kernel/pid_max", "rb") as handle:
            pid_max = int(handle.read())
        last_pid = os.open(LAST_PID, os.O_WRONLY | os.O_CLOEXEC)
        renumber(last_pid, pid_max)  # (opened, it may still refuse a write)
        return last_pid, pid_max
    except (OSError, ValueError):
        if last_pid is not None:
            os.close(last_pid)
        return None, None


def renumber(last_pid, pid_max):
    """Make the next process of this namespace take a number drawn at random. Its runs share
    the namespace's sequence of numbers, which each can read (its own pid, /proc/loadavg) and
    move (by forking): left as it is, a run tells the next one anything, in how far it moved
    it, and a program cut short at its time limit resumes where it was in its re-run."""
    span = max(1, pid_max - FIRST_DRAWN - PID_HEADROOM)
    drawn = FIRST_DRAWN + int.from_bytes(os.urandom(4), "little") % span
    os.pwrite(last_pid, str(drawn).encode(), 0)


def namespace_of_child(kind, prepare, proc_fd, with_root=False):
    """A descriptor of the `kind` namespace ("mnt", "net") of a throwaway child that `prepare`
    made (True when it did); None when it could not. With `with_root`, (that descriptor, a
    descriptor of the child's root folder). The namespace lives on as long as the server
    holds the descriptor; the child is killed once it is opened."""
    ready_r, ready_w = os.pipe()
    holder = os.fork()
    if holder == 0:
        os.close(ready_r)
        try:
            prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
            os.write(ready_w, b"1" if prepare() else b"0")
        except BaseException:  # noqa: BLE001 - a child must never unwind into the server
            os._exit(1)
        while True:
            signal.pause()  # until killed, once the server holds the namespace
    os.close(ready_w)
    try:
        if os.read(ready_r, 1) != b"1":
            return None
        namespace = os.open(f"{holder}/ns/{kind}", os.O_RDONLY | os.O_CLOEXEC, dir_fd=proc_fd)
        if not with_root:
            return namespace
        try:
            return namespace, os.open(f"{holder}/root", os.O_RDONLY | os.O_DIRECTORY
                                      | os.O_CLOEXEC, dir_fd=proc_fd)
        except OSError:
            os.close(namespace)
            raise
    finally:
        kill(holder)
        os.waitpid(holder, 0)
        os.close(ready_r)


def make_root_mount_point(owner):
    """A private empty folder: each run mounts its root there, inside its own namespace.

    Made by hand: importing tempfile would grow the server, and with it every Python run's
    resident memory.
    """
    path = os.path.join(ROOT_PARENT, f"{ROOT_PREFIX}{owner}-{os.urandom(6).hex()}")
    os.mkdir(path, 0o700)
    return path


def sweep_stale_roots(lock_folder, own):
    """Remove the root mount points of judges that died without cleaning up (their slot is
    free, or an earlier holder of `own`'s slot, this judge's, made them: forkserver.ownership)."""
    def remove(entry):
        try:
            os.rmdir(os.path.join(ROOT_PARENT, entry))
        except OSError:
            pass

    ownership.sweep(lock_folder, os.listdir(ROOT_PARENT), ROOT_PREFIX, remove, parent=ROOT_PARENT,
                    own=own)


def _owner(uid):
    """Who owns a run's /box: its uid, or without one (a server in a user namespace without
    subordinate ids) the server's own uid there."""
    return os.getuid() if uid is None else uid
