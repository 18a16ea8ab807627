"""The children of a run, forked by its worker: the program alone, or an init and the program
(see supervise.runs_with_init). Each reports on the status pipe (protocol's status records);
none ever unwinds into the worker's code: a child ends with os._exit, or returns the Python job
it became."""

import _signal  # not signal: its enum wrapper copies some 50 of the server's pages a run
import marshal
import os
import resource
import select
import signal
import stat
import time

from . import protocol
from .exitpeak import ExitPeak, drain, wake_on_sigchld
from .confine import close_all_but, drop_privileges, join_cgroups, open_executable, set_limits
from .libc import CLONE_NEWIPC, CLONE_NEWNET, CLONE_NEWNS, PR_SET_PDEATHSIG
from .libc import drop_capabilities, prctl, setns, unshare
from .pyrunner import PythonJob
from .processes import INTERRUPT, kill_group, read_to_end
from .rootfs import BOX, mount_run_directories
from .syscalls import join_new_session_keyring


def direct_main(server, order, files, joins, status_w, go_r=None):
    """A run whose program is this child of the worker: an isolated run first enters its
    namespaces and sets up its root and files. `go_r`: the worker traces it (exitpeak)."""
    files, source, exec_fd, _ = set_up(server, order, files, status_w, failed_status=127)
    return program_main(server, order, files, joins, status_w, source, exec_fd, go_r)


def init_main(server, order, files, joins, status_w, stop_r):
    """The run's first process, forked by its worker (see supervise.runs_with_init): it enters
    the run's namespaces, sets up its root and files, forks the program, reaps it, copies the
    files the run leaves out, and reports how the program ended. Returns only in the program
    (its Python job). `stop_r`: see wait_for_program.

    Without cgroups it traces an exec'd program for its own peak memory (exitpeak): the program
    waits on `go` for init to have seized it before it execs."""
    files, source, exec_fd, out_dir = set_up(server, order, files, status_w, failed_status=1)
    go = None
    try:
        # What this process inherited of its worker (a pair's pipe ends of the other program
        # among them: held here, they would keep an end of file from ever coming) goes now.
        close_all_but(fd for fd in (*files, *joins, status_w, stop_r, exec_fd, out_dir)
                      if fd is not None)
        if server.cgroups is None and exec_fd is not None:
            go = os.pipe2(os.O_CLOEXEC)
        program = os.fork()
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the worker
        report(status_w, protocol.child_failed(exc))
        os._exit(1)
    if program == 0:
        if stop_r is not None:
            os.close(stop_r)
        if go is not None:
            os.close(go[1])
        return program_main(server, order, files, joins, status_w, source, exec_fd,
                            go[0] if go is not None else None)
    try:
        if server.cgroups is None:
            report(status_w, protocol.ProgramStarted(program))
        for fd in (*files, *joins):
            os.close(fd)
        if exec_fd is not None:
            os.close(exec_fd)
        watch = None
        if go is not None:
            os.close(go[0])
            watch = ExitPeak(program)
            watch.seize()
            os.close(go[1])  # the go-ahead: the program execs
        status, usage = wait_for_program(program, stop_r, watch)
        ended_at = time.monotonic()
        if out_dir is not None:
            collect_from_box(order.collect, out_dir)
        if watch is not None:
            report(status_w, protocol.ProgramExitPeak(watch.peak_kb, watch.untraced))
        report(status_w, protocol.ProgramEnded(status, usage.ru_maxrss,
                                               int((usage.ru_utime + usage.ru_stime) * 1e9),
                                               ended_at))
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the worker
        report(status_w, protocol.child_failed(exc))
    os._exit(0)


def set_up(server, order, files, status_w, failed_status):
    """What a run's first child does before its program starts: let go of the worker; open the
    program, the run's files and the folder for the files it leaves while the host is still in
    view; enter the run's box. (its stdio files, the program's source, a descriptor to exec,
    that folder); on a failure it reports why and exits with `failed_status`."""
    try:
        leave_worker(server)
        try:
            source, exec_fd = load_program(order)
            files_in, out_dir = open_run_files(order)
        except OSError as exc:
            report(status_w, protocol.child_failed(exc, unstarted=True))
            os._exit(failed_status)
        return enter_box(server, order, files, files_in), source, exec_fd, out_dir
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the worker
        report(status_w, protocol.child_failed(exc))
        os._exit(failed_status)


def enter_box(server, order, files, files_in):
    """An isolated run's namespaces, root, /box (with `files_in` copied in) and /proc; its
    stdio `files`, stdin replaced by a private copy."""
    enter_namespaces(server, order)
    if order.isolate and not order.piped:  # (in a pair, stdin is the interactor's pipe)
        files = (private_copy(files[0]), *files[1:])
    if uses_template(server, order):
        mount_run_directories(order, server.uid)
    elif server.namespaces is not None and order.isolate:
        server.namespaces.enter_own_root(order, server.uid)
    place_in_box(files_in)
    return files


def leave_worker(server):
    """A run's first child: let go of the worker's descriptors (the judge's pipes, the worker's
    own to the server), and die with the worker."""
    for fd in server.private_fds:
        os.close(fd)
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    # A worker that died before PDEATHSIG was set: leave. (A child of the server itself, which
    # is outside the runs' PID namespace, reads its parent as 0 either way; should the server
    # have died, the holder of that namespace leaves, and the kernel kills all in it.)
    if os.getppid() not in (server.supervisor, 0):
        os._exit(1)


def enter_namespaces(server, order):
    """An isolated run's own namespaces: mount, network (the server's empty one) and IPC. (Its
    PID namespace is the server's runs': see rootfs.enter_pid_namespace.)"""
    if server.namespaces is None or not order.isolate:
        return
    flags = CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC
    if server.namespaces.network_fd is not None:
        setns(server.namespaces.network_fd, CLONE_NEWNET)
        flags &= ~CLONE_NEWNET
    if uses_template(server, order):
        # Into the minimal root built once per server: the unshare below then copies its
        # dozen mounts, and only the run's own /box and /proc are added.
        server.namespaces.templates[tuple(order.binds)].enter()
    unshare(flags)


def uses_template(server, order):
    """Whether an isolated run enters the server's minimal root; a run in a given folder
    builds its own, since that folder is out of the template's sight."""
    return (server.namespaces is not None and order.isolate and not order.cwd_given
            and server.namespaces.templates.get(tuple(order.binds)) is not None)


def program_main(server, order, files, joins, status_w, source, exec_fd, go_r=None):
    """Confine this process, then exec the binary or return the Python job to the top level.
    `go_r`: its init traces it (exitpeak): it execs once that pipe has closed."""
    try:
        join_cgroups(joins)
        os.setpgid(0, 0)  # without a PID namespace the process group is what gets killed
        user_namespace = server.config.user_namespace
        set_limits(order, server.uid, server.cgroups is not None, count_processes=user_namespace)
        if order.isolate:  # (before the uid drop: as root, whose key quota runs cannot fill)
            join_new_session_keyring(filtered=server.syscall_filter is not None)
        if order.isolate and server.uid is not None:
            drop_privileges(server.uid)  # (in a user namespace: a subordinate uid, no capability)
        elif order.isolate and user_namespace:
            drop_capabilities()
        os.chdir(BOX if server.namespaces is not None and order.isolate else order.cwd)
        for target, fd in enumerate(files):
            os.dup2(fd, target)
        close_all_but(fd for fd in (status_w, exec_fd, go_r) if fd is not None)
        if go_r is not None:
            read_to_end(go_r)  # until init has seized this process (or failed to)
            os.close(go_r)
        if order.isolate and server.syscall_filter is not None:
            server.syscall_filter.load()  # last: from here on only what the policy allows
        if exec_fd is None:
            _signal.signal(INTERRUPT, _signal.SIG_DFL)  # the server's, as exec would reset it
            if _signal.getsignal(_signal.SIGINT) != _signal.SIG_IGN:  # Python's own
                _signal.signal(_signal.SIGINT, _signal.default_int_handler)
            job = PythonJob(order.argv[4:], load_code(order, source), source, dict(order.env),
                            order.isolate)
            os.close(status_w)
            return job
        for sig in (signal.SIGPIPE, signal.SIGXFSZ):
            signal.signal(sig, signal.SIG_DFL)
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the worker
        report(status_w, protocol.child_failed(exc))
        os._exit(127)
    if server.cgroups is None:  # the peak wait4 will give starts at this process's own
        report(status_w, protocol.ProgramImage(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
    try:
        os.execve(exec_fd, order.argv, order.env)
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the worker
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
        fd = os.open(order.code_file or order.argv[4], os.O_RDONLY | os.O_CLOEXEC)
        try:
            return read_to_end(fd), None
        finally:
            os.close(fd)
    return None, open_executable(order.argv[0])


def load_code(order, source):
    """The program's code object: unmarshalled here, where a broken code file is the judge's
    failure; or, for a program that comes as source, None (it is compiled as it runs, where a
    syntax error is the program's own)."""
    return marshal.loads(source) if order.code_file else None


def wait_for_program(program, stop_r, watch=None):
    """Wait for the program to end; return its status and resource usage. What is left of its
    process group is killed before the program is reaped, while its number is still its own
    (after the reap it may be another process's, and a group of that number another run's).

    `stop_r` (without cgroups, where the run's processes are found by the program's group
    only): a byte there asks for the group to be killed now, the run having passed a limit.
    This process alone reaps the program, so the number is the program's when it does.
    `watch`: the program is traced (exitpeak), and its stops are taken on the way."""
    if watch is not None:
        wait_traced(program, stop_r, watch)
    elif stop_r is not None:
        pidfd = os.pidfd_open(program)
        poller = select.poll()
        poller.register(pidfd, select.POLLIN)
        poller.register(stop_r, select.POLLIN)
        while pidfd not in dict(poller.poll()):
            kill_group(program)  # asked to stop (or the worker is gone)
            poller.unregister(stop_r)
    else:
        os.waitid(os.P_PID, program, os.WEXITED | os.WNOWAIT)
    kill_group(program)
    _, status, usage = os.wait4(program, 0)
    return status, usage


def wait_traced(program, stop_r, watch):
    """Until the traced program has ended: its stops wake the poll through SIGCHLD's pipe. The
    stops are looked for before every wait, so a signal that came before the handler was set
    is not missed."""
    wake_r, _ = wake_on_sigchld()
    poller = select.poll()
    poller.register(wake_r, select.POLLIN)
    if stop_r is not None:
        poller.register(stop_r, select.POLLIN)
    while not watch.settle():
        for fd, _ in poller.poll():
            if fd == wake_r:
                drain(wake_r)
            else:
                kill_group(program)  # asked to stop (or the worker is gone)
                poller.unregister(stop_r)


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
