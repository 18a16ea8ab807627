"""The children of a run: keeper, init and the program (isolated runs), or the program alone
(trusted runs). Each reports on the status pipe (protocol's status records); none ever unwinds
into the server's code: a child ends with os._exit, or returns the Python job it became."""

import marshal
import os
import select
import signal
import stat
import time

from . import protocol
from .confine import close_all_but, drop_privileges, join_cgroups, open_executable, set_limits
from .libc import CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, CLONE_NEWPID, PR_SET_PDEATHSIG
from .libc import prctl, setns, unshare
from .pyrunner import PythonJob
from .rootfs import BOX, mount_run_directories

PIPE_CHUNK = 65536


def keeper_main(server, order, files, joins, status_w):
    """Outside the run's namespaces: unshare them, fork init into them, then pump the
    program's stderr until the run is over. Returns only in the program (its Python job)."""
    try:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != server.pid:
            os._exit(1)
        try:
            # Before the project disappears from view: the program, its files, where to leave
            # the files it makes.
            loaded = (*load_program(order), open_run_files(order))
        except OSError as exc:
            report(status_w, protocol.child_failed(exc, unstarted=True))
            os._exit(1)
        enter_namespaces(server, order)
        # stdout and stderr go through pipes this keeper empties: what the program writes is
        # never page cache charged to its memory cgroup, and stderr is kept to head and tail.
        # In a pair, stdin and stdout are the pipes to the partner, handed over as they are.
        stdout_r, stdout_w = (None, files[1]) if order.piped else os.pipe2(os.O_CLOEXEC)
        stderr_r, stderr_w = os.pipe2(os.O_CLOEXEC)
        stdin = private_copy(files[0]) if order.isolate and not order.piped else files[0]
        init = os.fork()
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        report(status_w, protocol.child_failed(exc))
        os._exit(1)
    given = (stdin, stdout_w, stderr_w)
    if init == 0:
        try:
            for fd in {stdout_r, stderr_r, *files} - {None, *given}:
                os.close(fd)  # init keeps only what it hands to the program
            # only the program returns
            return init_main(server, order, (stdin, stdout_w, stderr_w), joins, status_w, loaded)
        except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
            report(status_w, protocol.child_failed(exc))
        os._exit(1)
    try:
        # Only the program may hold its stdin and stdout now (in a pair: the partner's pipes);
        # the keeper keeps the files it fills, stdout's and stderr's.
        for fd in {*given, files[0], *joins, *(files[:2] if order.piped else ())}:
            os.close(fd)
        stderr = HeadTail(files[2], protocol.STDERR_HEAD_BYTES, protocol.STDERR_TAIL_BYTES)
        sinks = {stderr_r: stderr}
        if stdout_r is not None:
            sinks[stdout_r] = Capped(files[1], order.output_kb * 1024 + 1)  # a byte over: OLE
        pump(sinks, init)
        stderr.finish()
        report(status_w, protocol.StreamsDone(stderr.total))
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        report(status_w, protocol.child_failed(exc))
    os._exit(0)


def enter_namespaces(server, order):
    """The run's own namespaces: PID (where cgroups find its processes), and for an isolated
    run mount, network (the server's empty one) and IPC."""
    if server.namespaces is None:
        return
    flags = CLONE_NEWPID if server.cgroups is not None else 0
    if order.isolate:
        flags |= CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC
        if server.namespaces.network_fd is not None:
            setns(server.namespaces.network_fd, CLONE_NEWNET)
            flags &= ~CLONE_NEWNET
    if uses_template(server, order):
        # Into the minimal root built once per server: the unshare below then copies its
        # dozen mounts, and init only adds the run's own /box and /proc.
        setns(server.namespaces.template_fd, CLONE_NEWNS)
    if flags:
        unshare(flags)


def uses_template(server, order):
    """Whether an isolated run enters the server's minimal root; a run in a given folder
    builds its own, since that folder is out of the template's sight."""
    return (server.namespaces is not None and server.namespaces.template_fd is not None
            and order.isolate and not order.cwd_given)


def init_main(server, order, files, joins, status_w, loaded):
    """pid 1 of the run: its root and files, the program, every orphan reaped, its end."""
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    source, exec_fd, (files_in, out_dir) = loaded
    if uses_template(server, order):
        mount_run_directories(order, server.uid)
    elif server.namespaces is not None and order.isolate:
        server.namespaces.enter_own_root(order, server.uid)
    place_in_box(files_in)
    program = os.fork()
    if program == 0:
        return program_main(server, order, files, joins, status_w, source, exec_fd)
    if server.cgroups is None:
        report(status_w, protocol.ProgramStarted(program))
    for fd in (*files, *joins):
        os.close(fd)
    if exec_fd is not None:
        os.close(exec_fd)
    status, usage = reap_until(program)
    ended_at = time.monotonic()
    if out_dir is not None:
        collect_from_box(order.collect, out_dir)
    report(status_w, protocol.ProgramEnded(status, usage.ru_maxrss,
                                           int((usage.ru_utime + usage.ru_stime) * 1e9),
                                           ended_at))
    os._exit(0)


def direct_main(server, order, files, joins, status_w):
    """A trusted run: this child of the server becomes the program."""
    try:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != server.pid:
            os._exit(1)
        source, exec_fd = load_program(order)
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        report(status_w, protocol.child_failed(exc, unstarted=True))
        os._exit(127)
    return program_main(server, order, files, joins, status_w, source, exec_fd)


def program_main(server, order, files, joins, status_w, source, exec_fd):
    """Confine this process, then exec the binary or return the Python job to the top level."""
    try:
        join_cgroups(joins)
        os.setpgid(0, 0)  # without a PID namespace the process group is what gets killed
        set_limits(order, server.uid, server.cgroups is not None)
        if order.isolate and server.uid is not None:
            drop_privileges(server.uid)
        os.chdir(BOX if server.namespaces is not None and order.isolate else order.cwd)
        for target, fd in enumerate(files):
            os.dup2(fd, target)
        close_all_but(fd for fd in (status_w, exec_fd) if fd is not None)
        if exec_fd is None:
            job = PythonJob(order.argv[4:], load_code(order, source), source, dict(order.env))
            os.close(status_w)
            return job
        for sig in (signal.SIGPIPE, signal.SIGXFSZ):
            signal.signal(sig, signal.SIG_DFL)
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        report(status_w, protocol.child_failed(exc))
        os._exit(127)
    try:
        os.execve(exec_fd, order.argv, order.env)
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        report(status_w, protocol.child_failed(exc, unstarted=True))
    os._exit(127)


def report(status_w, record):
    try:
        os.write(status_w, protocol.encode(record))  # one write: never interleaved
    except OSError:
        pass


def load_program(order):
    """(the source or code of a Python program run in this interpreter, or a descriptor to
    exec)."""
    if order.python:
        with open(order.code_file or order.argv[4], "rb") as handle:
            return handle.read(), None
    return None, open_executable(order.argv[0])


def load_code(order, source):
    """The program's code object: unmarshalled here, where a broken code file is the judge's
    failure; or, for a program that comes as source, None (it is compiled as it runs, where a
    syntax error is the program's own)."""
    return marshal.loads(source) if order.code_file else None


def reap_until(program):
    """As PID 1, reap every orphan; return the program's own status and resource usage."""
    while True:
        pid, status, usage = os.wait4(-1, 0)
        if pid == program:
            return status, usage


class Capped:
    """Moves a stream to `fd` (in the kernel: splice) up to `cap` bytes, then drops the rest:
    the server sees the file reach the cap and stops the run."""

    def __init__(self, fd, cap):
        self.fd, self.room = fd, cap

    def drain(self, pipe):
        """Move what is waiting; False at the end of the stream."""
        if self.room:
            moved = os.splice(pipe, self.fd, min(self.room, PIPE_CHUNK),
                              flags=os.SPLICE_F_NONBLOCK)
            self.room -= moved
            return moved > 0
        return bool(os.read(pipe, PIPE_CHUNK))


class HeadTail:
    """Writes the first `head` bytes of a stream to `fd` as they come, keeps the last `tail`
    bytes of the rest, and writes those at the end: a flood costs neither disk nor memory."""

    def __init__(self, fd, head, tail):
        self.fd, self.head, self.tail = fd, head, tail
        self.total = 0
        self.last = bytearray()

    def drain(self, pipe):
        """Take what is waiting; False at the end of the stream."""
        chunk = os.read(pipe, PIPE_CHUNK)
        self.feed(chunk)
        return bool(chunk)

    def feed(self, chunk):
        room = max(0, self.head - self.total)
        self.total += len(chunk)
        if room:
            protocol.write_all(self.fd, chunk[:room])
            chunk = chunk[room:]
        if chunk:
            self.last += chunk
            del self.last[:-self.tail]

    def finish(self):
        protocol.write_all(self.fd, self.last)


def pump(sinks, init):
    """Let each sink drain its pipe (`sinks`: read end -> sink) until every pipe is closed, or,
    once `init` has exited, until nothing more is waiting: without a PID namespace a program's
    orphan may hold a pipe open for ever. Reaps init."""
    poller = select.poll()
    for fd in sinks:
        os.set_blocking(fd, False)
        poller.register(fd, select.POLLIN | select.POLLHUP)
    exited = False
    while sinks:
        if not exited:
            exited = os.waitpid(init, os.WNOHANG)[0] != 0
        ready = poller.poll(0 if exited else 50)
        if not ready and exited:
            break  # init is gone and nothing is waiting
        for fd, _ in ready:
            try:
                more = sinks[fd].drain(fd)
            except BlockingIOError:
                continue
            if not more:
                poller.unregister(fd)
                os.close(fd)
                del sinks[fd]
    if not exited:
        os.waitpid(init, 0)


def private_copy(fd):
    """The input as a file in memory of its own: /proc/self/fd/0 then names nothing of the host
    (not the project, not the test), and the program may read, seek or map it as a file."""
    copy = os.memfd_create("stdin", os.MFD_CLOEXEC)
    copy_file(fd, copy)
    os.lseek(copy, 0, os.SEEK_SET)
    return copy


def open_run_files(order):
    """Descriptors of the files a boxed run gets (name -> fd) and of the folder where the files
    it leaves are copied: opened while the host is still in view."""
    files_in = {name: os.open(path, os.O_RDONLY | os.O_CLOEXEC)
                for name, path in order.files_in.items()}
    out_dir = None
    if order.out_dir is not None and order.collect:
        out_dir = os.open(order.out_dir, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    return files_in, out_dir


def place_in_box(files_in):
    """Copy the run's files into its /box, readable by the program, owned by the judge."""
    for name, source in files_in.items():
        target = os.open(f"{BOX}/{name}", os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                         | os.O_CLOEXEC, 0o644)
        try:
            copy_file(source, target)
        finally:
            os.close(target)
            os.close(source)


def collect_from_box(names, out_dir):
    """Copy the regular files `names` the run left in its /box to the judge's folder; what is
    missing, a link or not a regular file stays behind. The run has ended, but an orphan may
    still be alive: the copy is taken from the open file, never from a path twice."""
    for name in names:
        try:
            source = os.open(f"{BOX}/{name}", os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
                             | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            mode = os.fstat(source).st_mode
            if not stat.S_ISREG(mode):
                continue
            target = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW
                             | os.O_CLOEXEC, mode & 0o755, dir_fd=out_dir)
            try:
                copy_file(source, target)
            finally:
                os.close(target)
        finally:
            os.close(source)
    os.close(out_dir)


def copy_file(source, target):
    """Copy all of `source` (from its start) to `target`, in the kernel: no copy passes through
    this process's memory, which a Python run forked from the server would share."""
    size, offset = os.fstat(source).st_size, 0
    while offset < size:
        sent = os.sendfile(target, source, offset, size - offset)
        if not sent:
            break
        offset += sent
