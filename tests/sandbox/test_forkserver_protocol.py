"""The fork server's messages and its pure logic: framing and codec, the status records, the
limit checks, stderr's head and tail, the report of a run."""

from __future__ import annotations

import os
import signal

import pytest

from judge.sandbox.api import RunRequest, ResourceLimits, Termination
from judge.sandbox.forkserver import protocol
from judge.sandbox.forkserver.streams import Ring
from judge.sandbox.forkserver.supervise import blind, limit_passed
from judge.sandbox.reports import run_result

ORDER = protocol.RunOrder(
    argv=["/bin/true"], python=False, code_file=None, isolate=True, boxed=True, cwd="/w",
    cwd_given=False, files_in={"a.cpp": "/s/a.cpp"}, collect=["program"], out_dir="/o",
    stdin=None, stdout="/s/out", stderr="/s/err", env={"PATH": "/bin"}, cpu_ms=1000,
    wall_ms=3000, memory_kb=65536, address_space_kb=None, output_kb=64, files_kb=64,
    box_bytes=1 << 26, processes=16, piped=False, binds=["/etc/java-17-openjdk"],
)


def report(**fields):
    base = dict(error=None, unstarted=False, stopped=None, status=0, wall_s=0.01, cpu_ns=5_000_000,
                cgroup_peak=4 << 20, oom=False, maxrss_kb=9000, stderr_bytes=0, note="")
    return protocol.RunReport(**{**base, **fields})


@pytest.mark.parametrize("message", [
    ORDER,
    report(),
    protocol.ServerConfig(1, {"memory": "/m"}, True, 1_900_000_000, "3-0badcafe", "/dev/shm/l",
                          ["/usr"], ["/usr/x"], b"\0" * 8, False),
    protocol.Ready(123),
    protocol.SetupFailed("FileNotFoundError: x"),
    protocol.ProgramEnded(9, 1000, 5, 12.5),
    protocol.ChildFailed("OSError: boom", True),
    protocol.WorkerDone([[3, "judge-7-3", [65536, 16]], [0, None, None]], False),
])
def test_every_message_crosses_a_pipe_unchanged(message):
    read, write = os.pipe()
    try:
        protocol.send(write, message)
        os.close(write)
        assert protocol.receive(read) == message
        assert protocol.receive(read) is None  # the writer is gone
    finally:
        os.close(read)


def test_a_frame_names_who_reads_it_before_anything_is_read():
    read, write = os.pipe()
    try:
        pair = protocol.PairOrder(ORDER, ORDER._replace(isolate=False), 1000)
        protocol.send(write, pair, protocol.WORKER)
        protocol.send(write, ORDER)
        size, reader = protocol.receive_header(read)
        assert reader == protocol.WORKER
        assert protocol.receive_body(read, size) == pair
        assert protocol.receive_header(read)[1] == protocol.SERVER
    finally:
        os.close(read)
        os.close(write)


def test_status_records_in_one_stream_and_a_frame_cut_short():
    records = [protocol.ProgramStarted(7), protocol.ChildFailed("x", False),
               protocol.ProgramEnded(0, 10, 20, 1.0)]
    data = b"".join(protocol.encode(r) for r in records)
    assert protocol.decode_all(data) == records
    assert protocol.decode_all(data + protocol.encode(protocol.Ready(1))[:-2]) == records


def test_a_childs_error_fits_one_atomic_pipe_write():
    record = protocol.encode(protocol.child_failed(OSError("é" * 10_000), unstarted=False))
    assert len(record) < 4096  # PIPE_BUF: never interleaved with another child's record


@pytest.mark.parametrize("blind_, cpu, memory, wall, flood, why", [
    (False, False, False, False, False, None),
    (True, True, True, True, True, "counter"),
    (False, True, True, True, True, "cpu"),
    (False, False, True, True, True, "memory"),
    (False, False, False, True, True, "wall"),
    (False, False, False, False, True, "output"),
])
def test_which_limit_stops_a_run(blind_, cpu, memory, wall, flood, why):
    assert limit_passed(blind_, cpu, wall, flood, memory) == why


def test_a_run_that_could_not_be_measured_is_the_sandboxs_failure():
    assert blind(None, 5, cgroups=object()) is None
    assert blind(None, None, cgroups=None) is None  # no cgroups: CPU comes from rusage
    assert "while it ran" in blind("counter", 5, cgroups=object())


@pytest.mark.parametrize("size", [0, 100, 8192, 8193, 16384, 16385, 20000, 1_000_003])
def test_stderr_keeps_its_head_and_a_ring_of_its_tail(tmp_path, size):
    data = bytes(i % 251 for i in range(size))
    read, write = os.pipe()
    path = tmp_path / "stderr"
    with open(path, "wb") as handle:
        ring = Ring(handle.fileno())
        for start in range(0, size, 3000):  # chunks that cross the head and wrap the ring
            os.write(write, data[start:start + 3000])
            while ring.drain(read) and ring.total < min(size, start + 3000):
                pass
    os.close(write)
    os.close(read)
    assert ring.total == size
    kept, skipped = protocol.unwind_stderr(path.read_bytes(), ring.total)
    head, tail = protocol.STDERR_HEAD_BYTES, protocol.STDERR_TAIL_BYTES
    if size <= head + tail:
        assert (kept, skipped) == (data, 0)
    else:
        assert kept == data[:head] + data[-tail:] and skipped == size - head - tail


LIMITS = ResourceLimits(cpu_ms=1000, wall_ms=3000, memory_kb=65536, output_kb=1)


@pytest.mark.parametrize("fields, termination, exit_code, sig", [
    ({}, Termination.EXITED, 0, None),
    ({"status": 3 << 8}, Termination.EXITED, 3, None),
    ({"status": signal.SIGSEGV}, Termination.SIGNALED, None, signal.SIGSEGV),
    ({"stopped": "cpu", "status": signal.SIGKILL}, Termination.CPU_LIMIT, None, signal.SIGKILL),
    ({"stopped": "wall", "status": None}, Termination.WALL_LIMIT, None, signal.SIGKILL),
    ({"oom": True, "status": signal.SIGKILL}, Termination.MEMORY_LIMIT, None, signal.SIGKILL),
    ({"error": "OSError: x", "status": 127 << 8}, Termination.SANDBOX_ERROR, None, None),
    ({"error": "FileNotFoundError", "unstarted": True}, Termination.START_FAILED, None, None),
    ({"status": None}, Termination.SANDBOX_ERROR, None, None),
])
def test_a_report_becomes_facts(tmp_path, fields, termination, exit_code, sig):
    (tmp_path / "stdout").write_bytes(b"ok\n")
    result = run_result(RunRequest(argv=("x",), limits=LIMITS), report(**fields), tmp_path, False)
    assert (result.termination, result.exit_code, result.signal) == (termination, exit_code, sig)


def test_more_stdout_than_the_cap_is_the_output_limit(tmp_path):
    (tmp_path / "stdout").write_bytes(b"x" * 1025)
    result = run_result(RunRequest(argv=("x",), limits=LIMITS), report(), tmp_path, False)
    assert result.termination is Termination.OUTPUT_LIMIT and len(result.stdout) == 1024


def test_peak_memory_is_the_cgroups_or_for_in_server_python_the_programs_own(tmp_path):
    request = RunRequest(argv=("x",), limits=LIMITS)
    assert run_result(request, report(), tmp_path, False).peak_memory_kb == 4096
    assert run_result(request, report(), tmp_path, True).peak_memory_kb == 9000


def test_a_pair_order_carries_two_run_orders():
    pair = protocol.PairOrder(ORDER, ORDER._replace(isolate=False, argv=["/bin/cat"]), 500)
    read, write = os.pipe()
    try:
        protocol.send(write, pair)
        assert protocol.receive(read) == pair
    finally:
        os.close(read)
        os.close(write)


class CappedCgroups:
    """The cgroup calls a watcher makes: CPU well under the limit, the cap met as often as the
    next number of `counts` says at each look."""

    def __init__(self, counts):
        self.counts = iter(counts)

    def cpu_ns(self):
        return 1_000_000

    def sample(self):
        pass

    def capped(self):
        return next(self.counts)


@pytest.mark.parametrize("counts, memory_kb, after_s, why", [
    ((0, 0, 0), 65536, 10.0, None),  # never at its cap
    ((3, 5, 9), 65536, 0.01, None),  # at its cap: the kernel's OOM killer has its moment
    ((3, 5, 9), 65536, 0.06, "memory"),  # still meeting it past the grace: the kernel reclaims
    ((3, 5, 5), 65536, 0.06, None),  # it met its cap, then no more: page cache given back
    ((3, 5, 9), None, 0.06, None),  # an uncapped run has no cap to meet (a failcnt of old)
])
def test_a_run_kept_at_its_memory_cap_is_stopped_for_memory(tmp_path, counts, memory_kb,
                                                             after_s, why):
    from judge.sandbox.forkserver.supervise import MEMORY_GRACE_S, Run

    assert MEMORY_GRACE_S < 0.06
    out = os.open(tmp_path / "out", os.O_WRONLY | os.O_CREAT)
    try:
        run = Run(None, ORDER._replace(memory_kb=memory_kb, wall_ms=60_000), CappedCgroups(counts),
                  0, -1, (-1, out, out), started=100.0, streams={})
        assert run.limit_passed(100.0) is None  # the first look: the cap met since the start
        assert run.limit_passed(100.0 + after_s / 2) is None
        assert run.limit_passed(100.0 + after_s) == why
    finally:
        os.close(out)
