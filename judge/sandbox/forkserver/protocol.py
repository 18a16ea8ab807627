"""Every message of the fork server, written down once and used by both sides.

Messages are named tuples: on the pipes a message is marshal.dumps((KIND, FIELDS...)) behind a
4-byte little-endian length and a byte that names its reader (SERVER or WORKER). The judge and
the server come from the same source tree, so the fields travel by position. Standard library
only: the server imports this module too.
"""

from collections import namedtuple
import marshal
import os

# A run's stderr is not output: the server keeps its first and last few KB, drops the middle.
STDERR_HEAD_BYTES = 8192
STDERR_TAIL_BYTES = 8192
ERROR_CHARS = 1000  # of a child's error: a status record must fit one atomic pipe write
HEADER_BYTES = 5  # of a frame: the message's length, and who reads it


def unwind_stderr(data, total):
    """A run's stderr as kept in its file (`data`; `total`: how much the program wrote), put
    in order: (its head and tail, how many bytes between them were dropped). The server keeps
    the first STDERR_HEAD_BYTES, then the rest round a ring of STDERR_TAIL_BYTES."""
    head, tail = STDERR_HEAD_BYTES, STDERR_TAIL_BYTES
    if total <= head + tail:
        return data[:total], 0
    start = (total - head) % tail
    ring = data[head:head + tail]
    return data[:head] + ring[start:] + ring[:start], total - head - tail


def _message(name, fields, doc):
    cls = namedtuple(name, fields)
    cls.__doc__ = doc
    return cls


# ------------------------------------------------------------------ judge <-> server

ServerConfig = _message("ServerConfig", [
    "cgroup_version",  # 1, 2, or None when the host gives no usable cgroups
    "cgroup_dirs",  # {controller: parent folder}: v1 memory, pids, cpuacct; v2 "unified"
    "namespaces",  # whether mount, PID, network and IPC namespaces may be made
    "uid",  # the unprivileged uid isolated runs drop to, as the server names it (one per
    # judge's slot), or None: they keep the server's own (a user namespace without a range)
    "owner",  # "SLOT-TOKEN": what names the server's cgroups and roots (forkserver.ownership)
    "lock_folder",  # where the slots' locks are: what tells a live judge's names from a dead one's
    "binds",  # host paths shown read-only in a run's minimal root
    "hidden",  # paths under the binds that a run sees as empty folders (third-party packages)
    "syscall_filter",  # the BPF program every isolated run's program loads (bytes), or None
    "user_namespace",  # the server is uid 0 of a user namespace of its own (judge not root)
], "The host as the judge found it; the first message to a new server.")

Ready = _message("Ready", ["pid"], "The server is set up and waits for RunOrders.")

SetupFailed = _message("SetupFailed", ["error"], "The server could not set up; it exits.")

RunOrder = _message("RunOrder", [
    "argv",  # the program and its arguments
    "python",  # run in the server's interpreter (argv is python -I -S -B FILE ...)
    "code_file",  # the program's marshalled code (a Python program), or None: compile FILE
    "isolate",  # a submission (namespaces, own uid) rather than a trusted program
    "boxed",  # the run gets a private /box (tmpfs) in its own root
    "cwd",  # its working directory when not boxed
    "cwd_given",  # cwd was chosen by the caller (a boxed-capable run then builds its own root)
    "files_in",  # {name: host file} copied into /box before the program starts
    "collect",  # [name] regular files of /box copied into out_dir when the program has ended
    "out_dir",  # where the collected files go, or None
    "stdin",  # host file read as stdin, or None for empty
    "stdout",  # host file the server creates for stdout
    "stderr",  # host file the server creates for stderr (head and tail only when isolated)
    "env",  # the program's whole environment
    "cpu_ms",  # CPU limit of the run's process tree
    "wall_ms",  # wall-clock backstop
    "memory_kb",  # cap on the run's memory (cgroup), or None
    "address_space_kb",  # without a memory cgroup: RLIMIT_AS's room above memory_kb, or None
    "output_kb",  # stdout cap
    "files_kb",  # largest file the program may write (RLIMIT_FSIZE)
    "box_bytes",  # size of the /box tmpfs
    "processes",  # most processes and threads at once
    "piped",  # stdin and stdout are pipes to a partner (a pair run), handed over as they are
    "binds",  # [host path] shown read-only in an isolated run's root besides ServerConfig.binds
], "One run.")

RunReport = _message("RunReport", [
    "error",  # the sandbox failed (or the program could not start): why; else None
    "unstarted",  # with error: the program never started
    "stopped",  # the watcher that stopped the run: "cpu", "wall", "output", "memory" (at its
    # cap, not killed by the kernel), "partner", "abandoned", "counter", or None
    "status",  # the program's wait status, or None when it is unknown
    "wall_s",  # from fork to the end of the run
    "cpu_ns",  # CPU of the run (its cgroup, else the program's rusage), or None if unreadable
    "cgroup_peak",  # peak bytes charged to the run's memory cgroup (0 without one)
    "oom",  # the kernel's OOM killer struck in the run's memory cgroup
    "maxrss_kb",  # the program's own peak resident set (wait4), 0 when unknown
    "stderr_bytes",  # how much the program wrote on stderr
    "note",  # what the judge should know of how it was measured (a weaker way), or ""
], "How one run ended, and what it used: facts and measurements only.")

PairOrder = _message("PairOrder", [
    "submission",  # RunOrder: isolated; its stdout feeds the interactor's stdin
    "interactor",  # RunOrder: trusted; its stdout feeds the submission's stdin
    "grace_ms",  # how long the submission may run on once the interactor has exited
], "Two runs wired together by pipes the server makes (an interactive problem).")

PairReport = _message("PairReport", [
    "submission",  # RunReport
    "interactor",  # RunReport
    "first",  # "submission" or "interactor": which ended first (both stopped: the first stop)
    "submission_ended_s",  # since the pair started
    "interactor_ended_s",
    "killed_after_interactor",  # the submission ran on past the grace period and was killed
], "How both runs of a pair ended, each measured on its own.")

# ------------------------------------------------------------------ children -> server

ProgramStarted = _message("ProgramStarted", ["pid"],
                          "init forked the program (sent only without cgroups, where the "
                          "server watches it through /proc and kills its process group).")

ProgramImage = _message("ProgramImage", ["inherited_kb"],
                        "The program's child is about to exec it (sent only without cgroups): "
                        "its own peak resident set then, which the kernel carries into the "
                        "program's rusage (ru_maxrss) across the exec.")

ProgramExitPeak = _message("ProgramExitPeak", ["peak_kb", "untraced"],
                           "The program's tracer (its init, or its worker: exitpeak) read its "
                           "own peak resident set as it exited (None when no exit stop came), "
                           "or could not trace it (untraced: why). Without cgroups only.")

ProgramEnded = _message("ProgramEnded", ["status", "maxrss_kb", "cpu_ns", "at"],
                        "The program's wait status and rusage, as init or the server reaped it, "
                        "and when (time.monotonic(), the same clock in every process).")

ChildFailed = _message("ChildFailed", ["error", "unstarted"],
                       "A child failed before the program started (unstarted: the program "
                       "itself could not be loaded or exec'd). The sandbox's failure.")

# ------------------------------------------------------------------ worker -> server

WorkerDone = _message("WorkerDone", [
    "cgroups",  # the state the worker leaves each of the server's RunCgroups in (their state())
    "closed",  # the judge closed the request pipe (or broke it): the server leaves
], "A worker has answered its order: the state the server goes on from.")

KINDS = {kind.__name__: kind for kind in (ServerConfig, Ready, SetupFailed, RunOrder, RunReport,
                                          PairOrder, PairReport, ProgramStarted, ProgramImage,
                                          ProgramExitPeak, ProgramEnded, ChildFailed, WorkerDone)}


# Who reads a message on the request pipe, named in its frame: the server itself, or a worker
# it forks for that message alone, which reads it, runs it, answers and exits. The judge marks
# for a worker an order the server of isolated runs must not read (a pair: its interactor is
# the problem setter's and names the host's files), so that it never enters the memory every
# isolated run is forked from.
SERVER, WORKER = b"s", b"w"


def encode(message, reader=SERVER):
    """The message framed for a pipe: its length (4 bytes, little-endian), its reader (1 byte),
    then the message itself."""
    blob = marshal.dumps(_plain(message))
    return len(blob).to_bytes(4, "little") + reader + blob


def decode(blob):
    return _typed(marshal.loads(blob))


def _plain(message):
    """(KIND, FIELDS...), the messages among the fields (a pair's runs) made plain too."""
    return (type(message).__name__, *(_plain(field) if type(field).__name__ in KINDS else field
                                      for field in message))


def _typed(plain):
    kind, *fields = plain
    return KINDS[kind](*(_typed(field) if _is_plain_message(field) else field
                         for field in fields))


def _is_plain_message(field):
    return type(field) is tuple and field and field[0] in KINDS


def send(fd, message, reader=SERVER):
    write_all(fd, encode(message, reader))


def receive(fd):
    """The next message on `fd`, or None when the writer has closed it."""
    header = receive_header(fd)
    return None if header is None else receive_body(fd, header[0])


def receive_header(fd):
    """(size, reader) of the next message on `fd`, or None when the writer has closed it."""
    header = read_exact(fd, HEADER_BYTES)
    if header is None:
        return None
    return int.from_bytes(header[:4], "little"), header[4:]


def receive_body(fd, size):
    """The message whose header was read, `size` bytes."""
    blob = read_exact(fd, size)
    if blob is None:
        raise EOFError("the pipe closed in the middle of a message")
    return decode(blob)


def decode_all(data):
    """The messages in `data`, a concatenation of framed messages (a status pipe's content);
    a frame cut short at the end is dropped (its writer was killed while writing)."""
    messages, offset = [], 0
    while offset + HEADER_BYTES <= len(data):
        size = int.from_bytes(data[offset:offset + 4], "little")
        start = offset + HEADER_BYTES
        if start + size > len(data):
            break
        messages.append(decode(data[start:start + size]))
        offset = start + size
    return messages


def child_failed(exc, unstarted=False):
    """The record a child sends about an exception that stopped it."""
    return ChildFailed(f"{type(exc).__name__}: {exc}"[:ERROR_CHARS], unstarted)


def write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def read_exact(fd, size):
    """`size` bytes from `fd`, or None at end of file before the first byte."""
    chunks = []
    while size:
        chunk = os.read(fd, size)
        if not chunk:
            if chunks:
                raise EOFError("the pipe closed in the middle of a message")
            return None
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)
