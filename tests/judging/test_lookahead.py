"""Tests judged side by side: results in test order, and a re-run near the limit alone."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

from judge.cache import Cache
from judge.judging.lookahead import Gate, Lookahead
from judge.judging.runner import JudgeOptions, judge_submission
from judge.sandbox import open_sandbox
from judge.sandbox.api import RunRequest, RunResult
from judge.problem.spec import load_problem
from tests.conftest import write_project
from tests.judging.test_runner import FakeSandbox, out_of_time, result, solution


def test_results_come_in_the_order_of_the_items_whatever_finishes_first(tmp_path):
    def job(sandbox, item, alone):
        time.sleep(0.02 * (3 - item % 3))  # later items finish first
        return item * 10

    sandboxes = [FakeSandbox({}, Cache(tmp_path)) for _ in range(3)]
    made = iter(sandboxes[1:])
    with Lookahead(job, list(range(9)), 3, sandboxes[0], lambda: next(made)) as ahead:
        assert [ahead.result(index) for index in range(9)] == [i * 10 for i in range(9)]


def test_closing_drops_the_items_not_started(tmp_path):
    started = []

    def job(sandbox, item, alone):
        started.append(item)
        time.sleep(0.05)
        return item

    ahead = Lookahead(job, list(range(20)), 2, FakeSandbox({}, Cache(tmp_path)),
                      lambda: FakeSandbox({}, Cache(tmp_path)))
    assert ahead.result(0) == 0
    ahead.close()
    assert len(started) < 20


def test_a_run_alone_waits_for_the_runs_going_on_and_holds_new_ones_back():
    gate, log, lock = Gate(), [], threading.Lock()
    first_in, release = threading.Event(), threading.Event()

    def note(what):
        with lock:
            log.append(what)

    def shared_run(name, hold):
        with gate.shared():
            note(f"{name} in")
            first_in.set()
            hold.wait(5)
            note(f"{name} out")

    def alone_run():
        first_in.wait(5)
        with gate.alone():
            note("alone in")
            with gate.shared():  # its own run passes the gate it holds
                pass
            note("alone out")

    done = threading.Event()
    done.set()
    long_run = threading.Thread(target=shared_run, args=("long", release))
    loner = threading.Thread(target=alone_run)
    long_run.start()
    loner.start()
    deadline = time.monotonic() + 5
    while gate._waiting == 0 and time.monotonic() < deadline:  # the loner waits for long
        time.sleep(0.001)
    late = threading.Thread(target=shared_run, args=("late", done))
    late.start()  # it must wait behind the loner, though only a shared run is going on
    time.sleep(0.05)
    release.set()
    for thread in (long_run, loner, late):
        thread.join(5)
    assert log == ["long in", "long out", "alone in", "alone out", "late in", "late out"]


@dataclass
class CountingSandbox(FakeSandbox):
    """A FakeSandbox that notes how many runs were going on (in all of them) at each run."""

    counter: dict = field(default_factory=lambda: {"now": 0, "lock": threading.Lock()})
    seen: list = field(default_factory=list)

    def run(self, request: RunRequest) -> RunResult:
        with self.counter["lock"]:
            self.counter["now"] += 1
            self.seen.append((request.limits.cpu_ms, self.counter["now"]))
        try:
            time.sleep(0.01)
            return super().run(request)
        finally:
            with self.counter["lock"]:
                self.counter["now"] -= 1


def test_side_by_side_the_verdicts_are_the_same_and_a_rerun_runs_alone(tmp_path):
    problem = load_problem(write_project(tmp_path / "project"), "sum")
    runs = {"sample-1": result(stdout=b"3\n"),
            "hand-01-negative": [out_of_time(), result(stdout=b"-2\n", cpu_ms=990)],
            "hand-02-large": result(stdout=b"1\n")}
    counter = {"now": 0, "lock": threading.Lock()}
    made = []

    def factory():
        made.append(CountingSandbox(runs, Cache(tmp_path / "cache"), counter=counter))
        return made[-1]

    first = CountingSandbox(runs, Cache(tmp_path / "cache"), counter=counter)
    order = []
    report = judge_submission(problem, solution(problem), first, JudgeOptions(workers=3),
                              on_case=lambda case: order.append(case.name),
                              sandbox_factory=factory)
    assert [(c.verdict.value, c.reruns) for c in report.tests] == [
        ("AC", 0), ("AC", 1), ("WA", 0)]
    assert order == ["sample-1", "hand-01-negative", "hand-02-large"]
    assert made  # tests ran in sandboxes of their own
    seen = [entry for box in (first, *made) for entry in box.seen]
    assert [alone for cap, alone in seen if cap == 1250] == [1]  # the re-run, alone


def test_real_runs_side_by_side_give_the_serial_verdicts(tmp_path, cache):
    root = write_project(tmp_path)
    problem = load_problem(root, "sum")
    sandbox = open_sandbox(cache)
    try:
        verdicts = {}
        for workers in (1, 2):
            report = judge_submission(problem, root / "solutions/sum/wa.py", sandbox,
                                      JudgeOptions(workers=workers),
                                      sandbox_factory=lambda: open_sandbox(cache))
            verdicts[workers] = [(c.name, c.verdict.value) for c in report.tests]
    finally:
        sandbox.close()
    assert verdicts[1] == verdicts[2] == [
        ("sample-1", "AC"), ("hand-01-negative", "WA"), ("hand-02-large", "AC")]
