"""The fork server: a small pre-started interpreter that forks one sandboxed child per run.

Started as `python -I -S -B forkserver.py REQUEST_FD REPLY_FD` by judge.sandbox.jail; it imports
only the standard library and never reads project data, so a child sees nothing it must not.
Messages are marshal blobs behind a 4-byte length. The first message is the host configuration;
each next one is a run, answered by one reply.

Each run forks a chain of three processes:

    server ── keeper ── init ── program
              unshares   pid 1 of the run's PID namespace; mounts its /box and /proc in the
              namespaces minimal root, forks the program, reaps orphans, reports its status.

The minimal root (the system's programs and libraries, read-only, and a few devices) is built
once per server in a mount namespace of its own; the keeper enters it and unshares a copy.

The program joins the run's cgroups, drops to an unprivileged uid, sets rlimits, closes every
inherited descriptor, and then either execs a binary or, for the judge's own interpreter, runs
the source as __main__ in this already-started interpreter (the speed of the fork server).
When init exits, the kernel kills whatever is left in the namespace: nothing outlives a run.
"""

import ctypes
import gc
import marshal
import os
import resource
import select
import signal
import sys
import time

# Standard modules that generators, validators and solutions import again and again: imported
# once here, they cost a child nothing (argparse and random alone take about 10 ms of CPU).
# Their memory is part of the idle baseline, which is measured in this same server.
PRELOADED_MODULES = ("argparse", "array", "bisect", "collections", "functools", "heapq",
                     "itertools", "math", "random", "re", "string")
POLL_MS = 4  # how often limits are checked: the CPU overshoot is at most this times the cores
ROOT_TMPFS = "size=1m,mode=755"
ROOT_PARENT = "/tmp"
ROOT_PREFIX = "judge-root-"  # the server's mount point for every run's root, in ROOT_PARENT
BOX = "/box"  # the run's private working directory inside its root
BOX_TMPFS_BYTES = 64 * 1024 * 1024
NOFILE = 256
# stderr is kept apart from the output: its first and last few KB, the middle is dropped.
STDERR_HEAD_BYTES = 8192
STDERR_TAIL_BYTES = 8192
TRUSTED_STDERR_BYTES = 64 * 1024 * 1024  # a trusted run (no pump) writes stderr to a file
STOP_GRACE_S = 1.0  # after its processes were killed, how long a run may take to report
# What a clean v1 memory cgroup may still be charged after a run: kernel objects freed late and
# the per-CPU charge batches (64 pages each), which a new cgroup charges on its first page too.
REUSED_CGROUP_CHARGE = 1024 * 1024
CLONE_NEWNS, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWIPC = 0x20000, 0x20000000, 0x40000000, 0x8000000
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MNT_DETACH = 2
PR_SET_PDEATHSIG, PR_SET_NO_NEW_PRIVS, PR_SET_CHILD_SUBREAPER = 1, 38, 36
PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "riscv64": 41}
DEVICES = ("null", "zero", "random", "urandom")

libc = ctypes.CDLL(None, use_errno=True)


def check(result, what):
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def mount(source, target, fstype, flags, data=None):
    check(libc.mount(source and source.encode(), target.encode(), fstype and fstype.encode(),
                     flags, data and data.encode()), f"mount {target}")


def prctl(option, value):
    check(libc.prctl(option, value, 0, 0, 0), f"prctl {option}")


# ---------------------------------------------------------------- messages


def read_exact(fd, size):
    chunks = []
    while size:
        chunk = os.read(fd, size)
        if not chunk:
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def receive(fd):
    header = read_exact(fd, 4)
    if header is None:
        return None
    return marshal.loads(read_exact(fd, int.from_bytes(header, "little")))


def send(fd, message):
    blob = marshal.dumps(message)
    data = len(blob).to_bytes(4, "little") + blob
    while data:
        data = data[os.write(fd, data):]


# ---------------------------------------------------------------- cgroups


def cgroup_path(config, controller, name):
    return os.path.join(config["cgroups"][controller], name)


def prepare_cgroups(config, request):
    """The run's cgroups, limits set: the server's clean ones again, or new ones.

    Creating and removing three cgroups per run cost more than the run itself, so a server keeps
    its cgroups while they come back clean: no task left, no OOM kill, no memory still charged
    (v1 only: v2's memory.peak cannot be reset). Returns (name, descriptors for joining).
    """
    name = config["cgroup_name"]
    if name is not None and not reset_cgroups(config, name):
        remove_cgroups(config, name)
        name = None
    if name is None:
        config["cgroup_serial"] += 1
        name = f"judge-{os.getpid()}-{config['cgroup_serial']}"
        for controller in config["cgroups"]:
            os.mkdir(cgroup_path(config, controller, name))
        config["cgroup_name"], config["cgroup_limits"] = name, None
    limits = (request["memory_kb"], request["processes"])
    if limits != config["cgroup_limits"]:
        config["cgroup_limits"] = None  # unknown until every write has succeeded
        set_cgroup_limits(config, name, *limits)
        config["cgroup_limits"] = limits
    joins = [os.open(os.path.join(cgroup_path(config, controller, name), "cgroup.procs"),
                     os.O_WRONLY | os.O_CLOEXEC) for controller in config["cgroups"]]
    return name, joins


def reset_cgroups(config, name):
    """Make reused cgroups count from zero; False when they cannot be reused."""
    if config["cgroup_version"] != 1 or any(cgroup_pids(config, name, controller)
                                             for controller in config["cgroups"]):
        return False  # a task that did not die with its run
    memory = cgroup_path(config, "memory", name)
    if field_value(read_text(memory, "memory.oom_control"), "oom_kill"):
        return False  # a count that cannot be reset
    if int(read_text(memory, "memory.usage_in_bytes") or 0) > REUSED_CGROUP_CHARGE:
        return False  # e.g. page cache the run read: the next run's peak would include it
    write_file(memory, "memory.max_usage_in_bytes", 0)
    write_file(memory, "memory.failcnt", 0)
    write_file(cgroup_path(config, "cpuacct", name), "cpuacct.usage", 0)
    return True


def set_cgroup_limits(config, name, memory_kb, processes):
    if config["cgroup_version"] == 1:
        memory = cgroup_path(config, "memory", name)
        # Memory + swap may never be below memory alone: lift it, set memory, then cap it too,
        # so a run cannot swap its way past the limit.
        write_file(memory, "memory.memsw.limit_in_bytes", -1, optional=True)
        write_file(memory, "memory.limit_in_bytes", -1 if memory_kb is None else memory_kb * 1024)
        if memory_kb is not None:
            write_file(memory, "memory.memsw.limit_in_bytes", memory_kb * 1024, optional=True)
        write_file(cgroup_path(config, "pids", name), "pids.max", processes)
    else:
        path = cgroup_path(config, "unified", name)
        if memory_kb is not None:
            write_file(path, "memory.max", memory_kb * 1024)
            write_file(path, "memory.swap.max", 0, optional=True)
        write_file(path, "pids.max", processes)


def write_file(directory, name, value, optional=False):
    try:
        fd = os.open(os.path.join(directory, name), os.O_WRONLY | os.O_CLOEXEC)
        try:
            os.write(fd, str(value).encode())
        finally:
            os.close(fd)
    except OSError:
        if not optional:
            raise


def read_text(directory, name):
    """The file's text, "" if it cannot be read (raw reads: cgroup files are read often)."""
    try:
        fd = os.open(os.path.join(directory, name), os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return ""
    try:
        return read_to_end(fd).decode()
    except OSError:
        return ""
    finally:
        os.close(fd)


def cgroup_cpu_ns(config, name):
    """CPU time of the run's cgroup in ns; None when the counter cannot be read (never 0: an
    unreadable counter must not pass for a run that used no CPU)."""
    if config["cgroup_version"] == 1:
        text = read_text(cgroup_path(config, "cpuacct", name), "cpuacct.usage").strip()
        return int(text) if text.isdigit() else None
    for line in read_text(cgroup_path(config, "unified", name), "cpu.stat").splitlines():
        key, _, value = line.partition(" ")
        if key == "usage_usec" and value.strip().isdigit():
            return int(value) * 1000
    return None


def cgroup_memory(config, name):
    """(peak bytes, whether the kernel's OOM killer struck in the run)."""
    if config["cgroup_version"] == 1:
        path = cgroup_path(config, "memory", name)
        peak = read_text(path, "memory.max_usage_in_bytes").strip()
        events = read_text(path, "memory.oom_control")
        failures = read_text(path, "memory.failcnt").strip()
        oom = field_value(events, "oom_kill") > 0 or (failures not in ("", "0")
                                                     and "oom_kill " not in events)
        return int(peak or 0), oom
    path = cgroup_path(config, "unified", name)
    peak = read_text(path, "memory.peak").strip()
    return int(peak or 0), field_value(read_text(path, "memory.events"), "oom_kill") > 0


def field_value(text, key):
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == key:
            return int(parts[1])
    return 0


def cgroup_pids(config, name, controller="memory"):
    """The processes in the run's cgroup of one v1 controller (v2 has only one)."""
    if config["cgroup_version"] != 1:
        controller = "unified"
    text = read_text(cgroup_path(config, controller, name), "cgroup.procs")
    return [int(pid) for pid in text.split()]


def kill_cgroup_tasks(config, name):
    """Kill what is in the run's cgroups until they are empty (a fork bomb keeps forking)."""
    for _ in range(1000):
        pids = cgroup_pids(config, name)
        if not pids:
            return
        for pid in pids:
            kill(pid)
        time.sleep(0.001)


def remove_cgroups(config, name):
    """Kill anything left in the run's cgroups, then remove them."""
    kill_cgroup_tasks(config, name)
    for controller in config["cgroups"]:
        path = cgroup_path(config, controller, name)
        for _ in range(200):
            try:
                os.rmdir(path)
                break
            except FileNotFoundError:
                break
            except OSError:
                time.sleep(0.001)  # the last tasks are still leaving the group


def kill(pid, sig=signal.SIGKILL):
    try:
        os.kill(pid, sig)
    except OSError:
        pass


# ---------------------------------------------------------------- the run, seen from the server


def serve(config):
    """Answer runs until the judge closes the request pipe; return a job in a program child."""
    request_fd, reply_fd = config["request_fd"], config["reply_fd"]
    while True:
        request = receive(request_fd)
        if request is None:
            return None
        try:
            job = run(config, request)
        except Exception as exc:  # a broken request or host: the judge hears why, the server lives  # noqa: BLE001 - a child must never unwind into the server
            request["reply"], job = {"error": f"{type(exc).__name__}: {exc}"}, None
            discard_cgroups(config)  # in whatever state the failure left them
        if job is not None:
            return job  # we are the program of a run
        send(reply_fd, request["reply"])
        if config["cgroup_name"] is not None:
            kill_cgroup_tasks(config, config["cgroup_name"])  # while the judge reads the reply


def discard_cgroups(config):
    if config["cgroup_name"] is not None:
        remove_cgroups(config, config["cgroup_name"])
        config["cgroup_name"] = None


def run(config, request):
    """Run one request; fill request["reply"] in the server, or return the job in the program."""
    files, joins, name = open_stdio(request), [], None
    try:
        if config["cgroups"]:
            name, joins = prepare_cgroups(config, request)
        status_r, status_w = os.pipe2(os.O_CLOEXEC)
        jailed = runs_with_keeper(config, request)
        started = time.monotonic()
        child = os.fork()
        if child == 0:
            os.close(status_r)
            if jailed:
                return keeper_main(config, request, files, joins, status_w)
            return direct_main(config, request, files, joins, status_w)
        os.close(status_w)
        if jailed:
            request["reply"] = watch_jail(config, request, name, child, status_r, files, started)
        else:
            request["reply"] = watch_direct(config, request, name, child, status_r, files, started)
        os.close(status_r)
    finally:
        if os.getpid() == config["server_pid"]:
            for fd in (*files, *joins):
                os.close(fd)
    return None


def runs_with_keeper(config, request):
    """Isolated runs get a keeper (which pumps their stderr) and an init, in namespaces of their
    own where the host allows; trusted runs are the server's direct child: two forks less."""
    return request["isolate"] or not config["pidfd"]


def open_stdio(request):
    stdin = os.open(request["stdin"] or os.devnull, os.O_RDONLY | os.O_CLOEXEC)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC
    return stdin, os.open(request["stdout"], flags, 0o600), os.open(request["stderr"], flags, 0o600)


def watch_jail(config, request, name, keeper, status_r, files, started):
    """Follow a keeper's run through its status pipe, which closes when init is gone."""
    reports = []

    def read_report():
        chunk = os.read(status_r, 65536)
        reports.append(chunk)
        return bool(chunk)

    def program_pid():  # only needed, and only known, without cgroups and a PID namespace
        return None if config["cgroups"] else started_pid(reports)

    stopped, wall = watch(config, request, name, status_r, read_report, program_pid, files,
                          started, lambda pid: stop_jail(config, name, keeper, pid),
                          lambda: kill(keeper))
    pid = program_pid()
    if pid is not None:
        kill_group(pid)
    reap_all()
    status, error, unstarted, counts = parse_reports(b"".join(reports))
    return reply(config, name, status, error, unstarted, stopped, wall, counts)


def watch_direct(config, request, name, program, status_r, files, started):
    """Follow a run that is the server's own child: its pidfd turns readable when it exits."""
    pidfd = os.pidfd_open(program)
    try:
        stop = lambda pid=None: kill_run(config, name, program)  # noqa: E731
        stopped, wall = watch(config, request, name, pidfd, lambda: False, lambda: program, files,
                              started, stop, stop)
    finally:
        os.close(pidfd)
    kill_run(config, name, program)  # what it left behind; its pid, a zombie's, is not reused yet
    _, status, usage = os.wait4(program, 0)
    reap_all()
    result = {"status": status, "maxrss_kb": usage.ru_maxrss,
              "cpu_ns": int((usage.ru_utime + usage.ru_stime) * 1e9)}
    _, error, unstarted, _ = parse_reports(read_to_end(status_r))
    counts = {"stderr_bytes": os.fstat(files[2]).st_size}
    return reply(config, name, None if unstarted else result, error, unstarted, stopped, wall,
                 counts)


def watch(config, request, name, wait_fd, on_ready, program_pid, files, started, stop,
          hard_stop):
    """Poll until `on_ready` (called when `wait_fd` is readable) returns False, stopping the run
    at a limit on the way; return (the limit that stopped it or None, wall seconds).

    `stop` kills the run's processes, so that its init and keeper still report how it ended
    (its peak memory among it); `hard_stop` kills the keeper too, should that not come soon."""
    cpu_limit_ns = request["cpu_ms"] * 1_000_000
    wall_limit = request["wall_ms"] / 1000
    flood = flood_check(request, files)
    poller = select.poll()
    poller.register(wait_fd, select.POLLIN | select.POLLHUP)
    stopped = stopped_at = None
    while True:
        if poller.poll(POLL_MS):
            if on_ready():
                continue
            break
        now = time.monotonic()
        if stopped is None:
            pid = program_pid()
            cpu_ns = current_cpu_ns(config, name, pid)
            stopped = limit_passed(cpu_ns is None, cpu_ns is not None and cpu_ns > cpu_limit_ns,
                                   now - started > wall_limit, flood())
            if stopped is not None:
                stop(pid)
                stopped_at = now
        elif stopped_at is not None and now - stopped_at > STOP_GRACE_S:
            hard_stop()
            stopped_at = None
    return stopped, time.monotonic() - started


def flood_check(request, files):
    """Whether the run wrote more than it may: stdout past its cap; for a trusted run, whose
    stderr goes straight to a file, also a stderr beyond all reason. An isolated run's stderr
    is pumped by its keeper, which keeps only its head and tail: it may write any amount."""
    cap = request["output_kb"] * 1024
    if request["isolate"]:
        return lambda: os.fstat(files[1]).st_size > cap
    return lambda: (os.fstat(files[1]).st_size > cap
                    or os.fstat(files[2]).st_size > TRUSTED_STDERR_BYTES)


def read_to_end(fd):
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    return b"".join(chunks)


def reap_all():
    """Wait for every child: the keeper and, if it was killed, init (ours as subreaper; init exits
    only after every process of its namespace is gone), or a direct run's orphans once killed."""
    while True:
        try:
            os.wait()
        except ChildProcessError:
            return


def limit_passed(blind, cpu, wall, flood):
    """Why the run must stop now, or None. A run whose CPU time cannot be read is stopped
    too: its limit could not be enforced."""
    if blind:
        return "counter"
    if cpu:
        return "cpu"
    if wall:
        return "wall"
    if flood:
        return "output"
    return None


def started_pid(reports):
    for record in b"".join(reports).split(b"\n"):
        if record.startswith(b"P"):
            return int(record[1:])
    return None


def current_cpu_ns(config, name, program_pid):
    if config["cgroups"]:
        return cgroup_cpu_ns(config, name)
    if program_pid is None:
        return 0
    try:
        with open(f"/proc/{program_pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    ticks = sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
    return ticks * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


def stop_jail(config, name, keeper, program_pid):
    """Kill the run's processes; its init then reports the program's end and resource usage,
    and the namespace dies with init. Without a way to find them, kill the keeper (init dies
    with its parent, PDEATHSIG)."""
    if config["cgroups"]:
        kill_cgroup_tasks(config, name)
    elif program_pid is not None:
        kill_group(program_pid)
    else:
        kill(keeper)


def kill_run(config, name, program):
    """Kill a direct run: its process group, and with cgroups everything in them until empty."""
    kill_group(program)
    if config["cgroups"]:
        kill_cgroup_tasks(config, name)


def kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def parse_reports(reports):
    """(init's status record, the error a child reported, whether the program never started,
    the keeper's byte counts)."""
    status = error = None
    unstarted = False
    counts = {}
    for record in reports.split(b"\n"):
        if record.startswith(b"S"):
            status = marshal.loads(bytes.fromhex(record[1:].decode()))
        elif record.startswith(b"C"):
            counts = marshal.loads(bytes.fromhex(record[1:].decode()))
        elif record[:1] in (b"E", b"F"):
            error = bytes.fromhex(record[1:].decode()).decode(errors="replace")
            unstarted = unstarted or record.startswith(b"F")
    return status, error, unstarted, counts


def reply(config, name, status, error, unstarted, stopped, wall, counts=None):
    """The run's facts and measurements. `error` set means the sandbox failed (or, with
    `unstarted`, that the program could not be started): whatever else the reply says, the
    program is not to blame."""
    answer = {"stopped": stopped, "wall_s": wall, "error": error, "unstarted": unstarted,
              "status": None, "cpu_ns": None, "cgroup_peak": 0, "oom": False, "maxrss_kb": 0,
              "stderr_bytes": (counts or {}).get("stderr_bytes", 0)}
    if status is not None:
        answer.update(status=status["status"], maxrss_kb=status["maxrss_kb"],
                      cpu_ns=status["cpu_ns"])
    if config["cgroups"]:
        answer["cpu_ns"] = cgroup_cpu_ns(config, name)
        answer["cgroup_peak"], answer["oom"] = cgroup_memory(config, name)
        if answer["cpu_ns"] is None and not error:
            answer["error"] = "cannot read the run's CPU time from its cgroup"
    if stopped == "counter" and not error:
        answer["error"] = "cannot read the run's CPU time while it ran"
    return answer


# ---------------------------------------------------------------- keeper and init


def keeper_main(config, request, files, joins, status_w):
    """Outside the run's namespaces: unshare them, then fork init into the new PID namespace."""
    try:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() == 1:
            os._exit(1)
        try:
            loaded = load_program(request)  # before the project disappears from view
        except OSError as exc:
            report_error(status_w, exc, b"F")
            os._exit(1)
        if config["namespaces"]:
            flags = CLONE_NEWPID if config["cgroups"] else 0
            if request["isolate"]:
                flags |= CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC
            if request["isolate"] and config["netns_fd"] is not None:
                # An empty network namespace made once: joining it costs far less than a new one,
                # and nothing of a run (no socket, no process) outlives the run to meet the next.
                check(libc.setns(config["netns_fd"], CLONE_NEWNET), "setns net")
                flags &= ~CLONE_NEWNET
            if uses_template(config, request):
                # Into the minimal root built once per server: the unshare below then copies its
                # dozen mounts, and init only adds the run's own /box and /proc.
                check(libc.setns(config["template_fd"], CLONE_NEWNS), "setns mount")
            if flags:
                check(libc.unshare(flags), "unshare")
        stderr_r, stderr_w = os.pipe2(os.O_CLOEXEC)
        stdin = private_copy(files[0]) if request["isolate"] else files[0]
        init = os.fork()
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        report_error(status_w, exc)
        os._exit(1)
    if init == 0:
        try:
            os.close(stderr_r)
            # only the program returns
            return init_main(config, request, (stdin, files[1], stderr_w), joins, status_w,
                             loaded)
        except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
            report_error(status_w, exc)
        os._exit(1)
    try:
        for fd in (stdin, stderr_w, *joins):
            os.close(fd)
        stderr = HeadTail(files[2], STDERR_HEAD_BYTES, STDERR_TAIL_BYTES)
        pump({stderr_r: stderr}, init)
        stderr.finish()
        os.write(status_w, b"C" + marshal.dumps({"stderr_bytes": stderr.total}).hex().encode()
                 + b"\n")
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        report_error(status_w, exc)
    os._exit(0)


class HeadTail:
    """Writes the first `head` bytes of a stream to `fd` as they come, keeps the last `tail`
    bytes of the rest, and writes those at the end: a flood costs neither disk nor memory."""

    def __init__(self, fd, head, tail):
        self.fd, self.head, self.tail = fd, head, tail
        self.total = 0
        self.last = bytearray()

    def feed(self, chunk):
        room = max(0, self.head - self.total)
        self.total += len(chunk)
        if room:
            write_all(self.fd, chunk[:room])
            chunk = chunk[room:]
        if chunk:
            self.last += chunk
            del self.last[:-self.tail]

    def finish(self):
        write_all(self.fd, self.last)


def pump(sinks, init):
    """Feed what arrives on each pipe of `sinks` (read end -> sink) to its sink until every
    pipe is closed, or, once `init` has exited, until nothing more is waiting: without a PID
    namespace a program's orphan may hold a pipe open for ever. Reaps init."""
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
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if chunk:
                sinks[fd].feed(chunk)
            else:
                poller.unregister(fd)
                os.close(fd)
                del sinks[fd]
    if not exited:
        os.waitpid(init, 0)


def write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def direct_main(config, request, files, joins, status_w):
    """A run without namespaces: this child of the server becomes the program."""
    try:
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != config["server_pid"]:
            os._exit(1)
        source, exec_fd = load_program(request)
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        report_error(status_w, exc, b"F")
        os._exit(127)
    return program_main(config, request, files, joins, status_w, source, exec_fd)


def init_main(config, request, files, joins, status_w, loaded):
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    source, exec_fd = loaded
    if uses_template(config, request):
        mount_run_directories(config, request, "")
    elif config["namespaces"] and request["isolate"]:
        enter_minimal_root(config, request)
    program = os.fork()
    if program == 0:
        return program_main(config, request, files, joins, status_w, source, exec_fd)
    if not config["cgroups"]:
        os.write(status_w, b"P%d\n" % program)
    for fd in (*files, *joins):
        os.close(fd)
    if exec_fd is not None:
        os.close(exec_fd)
    status, usage = reap_until(program)
    result = {"status": status, "maxrss_kb": usage.ru_maxrss,
              "cpu_ns": int((usage.ru_utime + usage.ru_stime) * 1e9)}
    os.write(status_w, b"S" + marshal.dumps(result).hex().encode() + b"\n")
    os._exit(0)


def private_copy(fd):
    """The input as a file in memory of its own: /proc/self/fd/0 then names nothing of the host
    (not the project, not the test), and the program may read, seek or map it as a file."""
    copy = os.memfd_create("stdin", os.MFD_CLOEXEC)
    size, offset = os.fstat(fd).st_size, 0
    while offset < size:
        sent = os.sendfile(copy, fd, offset, size - offset)  # in the kernel: no copy here
        if not sent:
            break
        offset += sent
    os.lseek(copy, 0, os.SEEK_SET)
    return copy


def uses_template(config, request):
    """Whether an isolated run enters the server's minimal root; a run in a given directory
    builds its own, since that directory is out of the template's sight."""
    return (config["template_fd"] is not None and config["namespaces"] and request["isolate"]
            and not request["cwd_given"])


def load_program(request):
    """(the source of a Python program run in this interpreter, or a descriptor to exec)."""
    if request["python"]:
        # A trusted program may come compiled by the judge (marshalled code): no parse per run.
        with open(request.get("code_file") or request["argv"][4], "rb") as handle:
            return handle.read(), None
    return None, open_executable(request["argv"][0])


def reap_until(program):
    """As PID 1, reap every orphan; return the program's own status and resource usage."""
    while True:
        try:
            pid, status, usage = os.wait4(-1, 0)
        except ChildProcessError:
            return None, None
        if pid == program:
            return status, usage


def open_executable(program):
    path = program if "/" in program else which(program)
    fd = os.open(path, os.O_RDONLY)
    if os.pread(fd, 4, 0) == b"\x7fELF":
        os.set_inheritable(fd, False)  # an ELF binary needs no descriptor after exec; a script does
    return fd


def which(program):
    for directory in os.environ.get("PATH", os.defpath).split(os.pathsep):
        path = os.path.join(directory, program)
        if os.access(path, os.X_OK):
            return path
    raise FileNotFoundError(f"{program}: not found on PATH")


def enter_minimal_root(config, request):
    """Pivot into a new root of this run alone (see build_minimal_root), /box and /proc mounted."""
    root = config["root"]
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    build_minimal_root(config, root)
    mount_run_directories(config, request, root)
    pivot(root)
    mount(None, "/", None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)


def build_minimal_root(config, root):
    """Fill `root` with the system's programs and libraries (read-only binds), a few devices,
    and empty /box and /proc for a run to mount its own on."""
    mount("tmpfs", root, "tmpfs", MS_NOSUID | MS_NODEV, ROOT_TMPFS)
    for path in config["binds"]:
        bind_read_only(path, root)
    for device in DEVICES:
        bind_device(device, root)
    for link, target in (("stdin", "/proc/self/fd/0"), ("stdout", "/proc/self/fd/1"),
                         ("stderr", "/proc/self/fd/2"), ("fd", "/proc/self/fd")):
        os.symlink(target, f"{root}/dev/{link}")
    os.mkdir(root + BOX)
    os.mkdir(f"{root}/proc")


def mount_run_directories(config, request, root):
    """The run's own empty /box (or its given directory, read-only) and the /proc of its PID
    namespace, in the minimal root at `root`."""
    box = root + BOX
    uid = config["uid"]
    mount("tmpfs", box, "tmpfs", MS_NOSUID | MS_NODEV,
          f"size={BOX_TMPFS_BYTES},mode=700,uid={uid},gid={uid}")
    if request["cwd_given"]:
        mount(request["cwd"], box, None, MS_BIND | MS_REC)
        mount(None, box, None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    # hidepid: the program (an unprivileged uid of its own) sees its own processes, not init
    # nor anything else of the namespace's root, whose command line names the judge.
    mount("proc", f"{root}/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "hidepid=2")


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
    mount(None, target, None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)


def bind_device(device, root):
    os.makedirs(f"{root}/dev", exist_ok=True)
    target = f"{root}/dev/{device}"
    open(target, "w").close()
    mount(f"/dev/{device}", target, None, MS_BIND)
    mount(None, target, None, MS_BIND | MS_REMOUNT | MS_NOSUID | MS_RDONLY)


def pivot(root):
    """Make `root` the root: by pivot_root (True), or else by chroot (False)."""
    number = PIVOT_ROOT.get(os.uname().machine)
    old = root + "/.old"
    os.mkdir(old)
    if number is None or libc.syscall(number, root.encode(), old.encode()) != 0:
        os.rmdir(old)
        os.chroot(root)
        os.chdir("/")
        return False
    os.chdir("/")
    check(libc.umount2(b"/.old", MNT_DETACH), "umount old root")
    os.rmdir("/.old")
    return True


def report_error(status_w, exc, kind=b"E"):
    """Tell the server why a child failed: E (an error), or F (the program never started)."""
    message = f"{type(exc).__name__}: {exc}".encode()
    try:
        os.write(status_w, kind + message.hex().encode() + b"\n")
    except OSError:
        pass


# ---------------------------------------------------------------- the program


def program_main(config, request, files, joins, status_w, source, exec_fd):
    """Confine this process, then exec the binary or return the Python job to the top level."""
    try:
        for fd in joins:
            os.write(fd, b"0")
            os.close(fd)
        os.setpgid(0, 0)  # without a PID namespace the process group is what gets killed
        set_limits(config, request)
        if request["isolate"] and config["uid"] is not None:
            drop_privileges(config["uid"])
        os.chdir(BOX if config["namespaces"] and request["isolate"] else request["cwd"])
        for target, fd in enumerate(files):
            os.dup2(fd, target)
        keep = sorted(fd for fd in (status_w, exec_fd) if fd is not None)
        close_all_but(keep)
        env = dict(request["env"])
        if exec_fd is None:
            code = load_code(request, source)
            os.close(status_w)
            return {"argv": request["argv"][4:], "code": code, "source": source, "env": env}
        for sig in (signal.SIGPIPE, signal.SIGXFSZ):
            signal.signal(sig, signal.SIG_DFL)
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        report_error(status_w, exc)
        os._exit(127)
    try:
        os.execve(exec_fd, request["argv"], env)
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        report_error(status_w, exc, b"F")
    os._exit(127)


def load_code(request, source):
    """The program's code object: unmarshalled here, where a broken code file is the judge's
    failure; or, for a program that comes as source, None (it is compiled as it runs, where a
    syntax error is the program's own)."""
    return marshal.loads(source) if request.get("code_file") else None


def set_limits(config, request):
    cpu_s = request["cpu_ms"] // 1000 + 2  # backstop only: the server stops it sooner
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 1))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    memory_kb = request["memory_kb"]
    if request["isolate"]:
        output = request["output_kb"] * 1024 + 1  # one byte over the cap marks OLE
        resource.setrlimit(resource.RLIMIT_FSIZE, (output, output))
        resource.setrlimit(resource.RLIMIT_NOFILE, (NOFILE, NOFILE))
        if config["uid"] is not None:
            resource.setrlimit(resource.RLIMIT_NPROC, (request["processes"],) * 2)
    if memory_kb is not None and not config["cgroups"]:
        # No memory cgroup: bound the address space generously, so a bomb cannot take the host.
        space = (memory_kb + 512 * 1024) * 1024
        resource.setrlimit(resource.RLIMIT_AS, (space, space))
    if memory_kb is not None and not request["python"]:
        stack = max(8 * 1024 * 1024, memory_kb * 1024)
        resource.setrlimit(resource.RLIMIT_STACK, (stack, stack))


def drop_privileges(uid):
    prctl(PR_SET_NO_NEW_PRIVS, 1)
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)


def close_all_but(keep):
    low = 3
    for fd in keep:
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, 1 << 20)


def set_command_line(words):
    """Show `words` as this process's command line (/proc/PID/cmdline) instead of the server's,
    which names the judge's install path: the area of the original arguments is overwritten in
    place (what it cannot hold is cut; its length cannot change, the rest reads as NULs)."""
    try:
        with open("/proc/self/stat", "rb") as handle:
            fields = handle.read().rsplit(b")", 1)[1].split()
        start, end = int(fields[45]), int(fields[46])  # arg_start, arg_end (fields 48, 49)
    except (OSError, IndexError, ValueError):
        return
    text = b"\0".join(os.fsencode(word) for word in words)[: end - start - 1]
    ctypes.memmove(start, text.ljust(end - start, b"\0"), end - start)


def run_python_main(job):
    """Run the submission as __main__ of this interpreter, the way `python file.py` does.

    It ends with os._exit after the shutdown steps a program can observe (non-daemon threads,
    atexit, flushing stdio): a full interpreter teardown in a forked child would touch, and so
    copy, every page of the server for nothing.
    """
    import builtins

    set_command_line([sys.executable, "-I", "-S", "-B", *job["argv"]])
    os.environ.clear()
    os.environ.update(job["env"])
    sys.modules["random"].seed()  # the preloaded generator must not repeat across runs
    path = job["argv"][0]
    main = type(sys)("__main__")
    main.__file__, main.__builtins__, main.__cached__ = path, builtins, None
    sys.modules["__main__"] = main
    sys.argv = list(job["argv"])
    try:
        code = job["code"] or compile(job["source"], path, "exec")
        exec(code, main.__dict__)  # noqa: S102 - running the program is the point
        code = 0
    except SystemExit as exc:
        code = exit_code(exc)
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        traceback = exc.__traceback__.tb_next if exc.__traceback__ else None
        sys.excepthook(type(exc), exc.with_traceback(traceback), traceback)  # hide this frame
        code = 1
    os._exit(shut_down(code))


def exit_code(exc):
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code & 0xFF
    print(exc.code, file=sys.stderr)
    return 1


def shut_down(code):
    """What Py_Finalize does that a program can see; returns the process's exit code."""
    threading = sys.modules.get("threading")
    try:
        if threading is not None:
            threading._shutdown()
        import atexit

        atexit._run_exitfuncs()
    except SystemExit as exc:
        code = exit_code(exc)
    try:
        sys.stdout.flush()
    except Exception as exc:  # noqa: BLE001 - e.g. a closed pipe: CPython reports it, exits 120
        print(f"Exception ignored flushing sys.stdout: {exc!r}", file=sys.stderr)
        code = code or 120
    try:
        sys.stderr.flush()
    except Exception:  # noqa: BLE001, S110 - nowhere left to report a broken stderr
        pass
    return code


def warm_up_modules():
    """Import the preloaded modules and fill their first-use caches (argparse's regular
    expressions and message lookups cost about 3 ms the first time in every process)."""
    for name in PRELOADED_MODULES:
        __import__(name)
    define_exit_and_quit()
    parser = sys.modules["argparse"].ArgumentParser(prog="warm-up")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("values", nargs="*")
    parser.parse_args(["--seed", "-1", "x"])


def define_exit_and_quit():
    """exit() and quit(), which `site` defines and `-S` leaves out: contestants call them as in
    a plain `python3`. Defined as site does, without importing site."""
    import builtins

    import _sitebuiltins

    builtins.exit = _sitebuiltins.Quitter("exit", "Ctrl-D (i.e. EOF)")
    builtins.quit = _sitebuiltins.Quitter("quit", "Ctrl-D (i.e. EOF)")


def main():
    request_fd, reply_fd = int(sys.argv[1]), int(sys.argv[2])
    set_command_line([sys.executable, "-I", "-S", "-B"])  # every run inherits it
    config = receive(request_fd)
    config.update(request_fd=request_fd, reply_fd=reply_fd, server_pid=os.getpid())
    try:
        set_up(config)
    except Exception as exc:  # noqa: BLE001 - the judge hears why, and falls back or refuses
        send(reply_fd, {"error": f"{type(exc).__name__}: {exc}"})
        return None
    send(reply_fd, {"ready": os.getpid()})
    job = serve(config)
    if job is None:  # the server, leaving
        discard_cgroups(config)
        if config["root"] is not None:
            os.rmdir(config["root"])
    return job


def set_up(config):
    """Everything the server prepares once: cgroups, namespaces, its minimal root, warm caches."""
    config.update(cgroup_name=None, cgroup_serial=0, cgroup_limits=None)
    if config["cgroups"]:
        sweep_stale_cgroups(config)
    config["netns_fd"] = config["root"] = config["template_fd"] = None
    config["pidfd"] = pidfd_works()
    if config["namespaces"]:
        config["netns_fd"] = empty_network_namespace()
        sweep_stale_roots()
        config["root"] = make_root_mount_point()
        config["template_fd"] = minimal_root_namespace(config)
    prctl(PR_SET_CHILD_SUBREAPER, 1)  # orphans of a stopped run come back here to be reaped
    if config["uid"] is not None:
        config["uid"] += os.getpid()  # a uid of its own: RLIMIT_NPROC counts only this server's
    warm_up_modules()
    compile("pass", "<warm-up>", "exec")  # builds the parser's state once, not in every child
    gc.freeze()  # children's collections then leave the server's objects (and pages) alone


def pidfd_works():
    try:
        os.close(os.pidfd_open(os.getpid()))
        return True
    except (AttributeError, OSError):  # Python before 3.9 or Linux before 5.3
        return False


def empty_network_namespace():
    """A descriptor of a new network namespace with no interfaces up (not even loopback)."""
    ready_r, ready_w = os.pipe()
    holder = os.fork()
    if holder == 0:
        os.close(ready_r)
        os.write(ready_w, b"1" if libc.unshare(CLONE_NEWNET) == 0 else b"0")
        while True:
            signal.pause()  # until killed, once the server holds the namespace
    os.close(ready_w)
    try:
        if os.read(ready_r, 1) != b"1":
            raise OSError("cannot create a network namespace")
        fd = os.open(f"/proc/{holder}/ns/net", os.O_RDONLY | os.O_CLOEXEC)
    finally:
        kill(holder)
        os.waitpid(holder, 0)
        os.close(ready_r)
    return fd


def minimal_root_namespace(config):
    """A descriptor of a mount namespace whose root is the minimal root, read-only; None when
    it cannot be made (each isolated run then builds its own).

    Built once per server, it spares every run some forty mount calls and a pivot. It lives as
    long as the server holds the descriptor and shows nothing of the host, so a run that
    enters it and copies it sees what a root built for it alone would show.
    """
    ready_r, ready_w = os.pipe()
    holder = os.fork()
    if holder == 0:
        os.close(ready_r)
        try:
            prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
            check(libc.unshare(CLONE_NEWNS), "unshare mount")
            mount(None, "/", None, MS_REC | MS_PRIVATE)
            build_minimal_root(config, config["root"])
            if not pivot(config["root"]):
                os._exit(1)  # a chroot leaves the host as the namespace's root: no template
            mount(None, "/", None, MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
            os.write(ready_w, b"1")
        except BaseException:  # noqa: BLE001 - a child must never unwind into the server
            os._exit(1)
        while True:
            signal.pause()  # until killed, once the server holds the namespace
    os.close(ready_w)
    try:
        if os.read(ready_r, 1) != b"1":
            return None
        return os.open(f"/proc/{holder}/ns/mnt", os.O_RDONLY | os.O_CLOEXEC)
    finally:
        kill(holder)
        os.waitpid(holder, 0)
        os.close(ready_r)


def sweep_stale_cgroups(config):
    """Remove the empty cgroups of servers that died without cleaning up."""
    for directory in config["cgroups"].values():
        for entry in os.listdir(directory):
            if entry.startswith("judge-") and not pid_alive(entry.split("-")[1]):
                try:
                    os.rmdir(os.path.join(directory, entry))
                except OSError:
                    pass


def make_root_mount_point():
    """A private empty directory: each run mounts its root there, inside its own namespace.

    Made by hand: importing tempfile would grow the server, and with it every Python run's
    resident memory.
    """
    path = os.path.join(ROOT_PARENT, f"{ROOT_PREFIX}{os.getpid()}-{os.urandom(6).hex()}")
    os.mkdir(path, 0o700)
    return path


def sweep_stale_roots():
    """Remove the root mount points of servers that died without cleaning up."""
    directory = ROOT_PARENT
    for entry in os.listdir(directory):
        if entry.startswith(ROOT_PREFIX) and not pid_alive(entry[len(ROOT_PREFIX):].split("-")[0]):
            try:
                os.rmdir(os.path.join(directory, entry))
            except OSError:
                pass


def pid_alive(text):
    try:
        os.kill(int(text), 0)
        return True
    except (ValueError, ProcessLookupError):
        return False
    except PermissionError:
        return True


if __name__ == "__main__":
    JOB = main()
    if JOB is not None:
        run_python_main(JOB)
