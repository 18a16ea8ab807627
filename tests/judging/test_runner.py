"""The runner over a fake sandbox fed canned results: what each fact becomes in the report."""

from __future__ import annotations

import json
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest

from judge.cache import Cache
from judge.languages.build import CompileFailure
from judge.present.report import case_message, report_to_json
from judge.judging.runner import JudgeOptions, judge_submission, prepare_submission
from judge.sandbox.api import RunRequest, RunResult, SandboxInfo, Termination
from judge.problem.spec import load_problem
from judge.verdicts.verdict import Verdict
from tests.conftest import SUM_YAML, write_project


def result(termination=Termination.EXITED, exit_code=0, stdout=b"", stderr=b"", message="",
           cpu_ms=5.0, peak_kb=9000) -> RunResult:
    return RunResult(termination=termination, exit_code=exit_code, signal=None, cpu_ms=cpu_ms,
                     wall_ms=cpu_ms + 1, peak_memory_kb=peak_kb, stdout=stdout, stderr=stderr,
                     message=message)


@dataclass
class FakeSandbox:
    """Answers compile steps with `compiled`, and each test's run from `runs` by input name
    (a list: one result per run, in turn)."""

    runs: dict[str, RunResult | list[RunResult]]
    cache: Cache
    compiled: RunResult = field(default_factory=result)
    info: SandboxInfo = SandboxInfo("fake", ("time",), ())
    requests: list[RunRequest] = field(default_factory=list)

    def run(self, request: RunRequest) -> RunResult:
        self.requests.append(request)
        if request.files_out:  # the compile step: leave the compiled program behind
            if self.compiled.ok:
                for target in request.files_out.values():
                    target.write_bytes(b"")
            return self.compiled
        answer = self.runs[request.stdin_path.stem]
        return answer.pop(0) if isinstance(answer, list) else answer

    def baseline_kb(self, argv, **needs) -> int:
        return 8000

    def interrupt(self) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.fixture
def problem(tmp_path):
    return load_problem(write_project(tmp_path / "project"), "sum")


def solution(problem):
    return problem.solutions / "reference.py"


def test_a_sandbox_failure_is_a_judge_error_never_the_contestants(problem, tmp_path):
    sandbox = FakeSandbox({
        "sample-1": result(stdout=b"3\n"),
        "hand-01-negative": result(Termination.SANDBOX_ERROR, exit_code=127,
                                   message="OSError: [Errno 9] Bad file descriptor"),
        "hand-02-large": result(stdout=b"2000000000\n"),
    }, Cache(tmp_path / "cache"))
    report = judge_submission(problem, solution(problem), sandbox)
    assert [case.verdict for case in report.tests] == [Verdict.AC, Verdict.JE, Verdict.AC]
    assert report.verdict is Verdict.JE
    assert "Bad file descriptor" in report.tests[1].message


def test_the_checker_is_not_asked_when_the_run_failed(problem, tmp_path):
    sandbox = FakeSandbox({
        "sample-1": result(Termination.CPU_LIMIT, exit_code=None, stdout=b"3\n", cpu_ms=1004),
        "hand-01-negative": result(exit_code=1, stdout=b"-2\n",
                                   stderr=b"Traceback\nZeroDivisionError: x\n"),
        "hand-02-large": result(stdout=b"1\n"),
    }, Cache(tmp_path / "cache"))
    report = judge_submission(problem, solution(problem), sandbox)
    assert [case.verdict for case in report.tests] == [Verdict.TLE, Verdict.RE, Verdict.WA]
    assert report.tests[1].message == "exit code 1: ZeroDivisionError: x"
    assert report.tests[0].memory_kb == 1000  # the gross peak less the baseline


@pytest.mark.parametrize(
    "compiled, verdict",
    [
        (result(exit_code=1, stderr=b"SyntaxError: invalid syntax\n"), Verdict.CE),
        (result(Termination.CPU_LIMIT, exit_code=None), Verdict.CE),
        (result(Termination.SANDBOX_ERROR, exit_code=None, message="cannot mount /box"),
         Verdict.JE),
    ],
)
def test_a_failed_compile_is_a_typed_result(problem, tmp_path, compiled, verdict):
    sandbox = FakeSandbox({}, Cache(tmp_path / "cache"), compiled=compiled)
    failure = prepare_submission(problem, solution(problem), sandbox, None)
    assert isinstance(failure, CompileFailure) and failure.verdict is verdict
    report = judge_submission(problem, solution(problem), sandbox)
    assert report.verdict is verdict and report.tests == ()
    assert report.compile_message == failure.message


def test_a_submission_is_compiled_isolated_under_the_problems_compile_limits(tmp_path):
    yaml_text = SUM_YAML + "compile:\n  time_ms: 4000\n  memory_kb: 131072\n"
    problem = load_problem(write_project(tmp_path / "project", problem_yaml=yaml_text), "sum")
    sandbox = FakeSandbox({}, Cache(tmp_path / "cache"))
    prepare_submission(problem, solution(problem), sandbox, None)
    compiles = [r for r in sandbox.requests if r.files_out]
    submission = next(r for r in compiles if r.files_in["solution.py"] == solution(problem))
    assert submission.isolate and set(submission.files_in) == {"solution.py"}
    assert submission.limits.cpu_ms == 4000 and submission.limits.memory_kb == 131072
    assert str(problem.root) not in " ".join(submission.argv)


def out_of_time(cpu_ms=1004.0) -> RunResult:
    return result(Termination.CPU_LIMIT, exit_code=None, cpu_ms=cpu_ms)


def test_a_run_out_of_time_near_the_limit_runs_again_and_the_smallest_time_counts(
        problem, tmp_path):
    sandbox = FakeSandbox({
        "sample-1": [out_of_time(), result(stdout=b"3\n", cpu_ms=930)],
        "hand-01-negative": [out_of_time(), result(Termination.EXITED, stdout=b"-2\n",
                                                   cpu_ms=1100),
                             result(stdout=b"-2\n", cpu_ms=990)],
        "hand-02-large": result(stdout=b"2000000000\n", cpu_ms=700),
    }, Cache(tmp_path / "cache"))
    report = judge_submission(problem, solution(problem), sandbox)
    assert [(c.verdict, c.time_ms, c.reruns) for c in report.tests] == [
        (Verdict.AC, 930, 1), (Verdict.AC, 990, 2), (Verdict.AC, 700, 0)]
    caps = [r.limits.cpu_ms for r in sandbox.requests if not r.files_out and r.stdin_path]
    assert caps == [1000, 1250, 1000, 1250, 1250, 1000]  # a re-run may go on past the limit
    document = json.loads(report_to_json(report))
    assert [test["reruns"] for test in document["tests"]] == [1, 2, 0]


def test_at_most_two_reruns_and_a_clear_tle_stops_them(problem, tmp_path):
    sandbox = FakeSandbox({
        "sample-1": [out_of_time(), out_of_time(1160), out_of_time(1210), result()],
        "hand-01-negative": [out_of_time(), out_of_time(1254), result()],
        "hand-02-large": result(stdout=b"2000000000\n"),
    }, Cache(tmp_path / "cache"))
    report = judge_submission(problem, solution(problem), sandbox)
    assert [(c.verdict, c.time_ms, c.reruns) for c in report.tests[:2]] == [
        (Verdict.TLE, 1004, 2), (Verdict.TLE, 1004, 1)]
    assert "best of 3 runs" in case_message(report.tests[0])


def starved(cpu_ms=610.0) -> RunResult:
    """Stopped by the wall clock after computing for `cpu_ms`: kept from the CPU by a busy host."""
    return result(Termination.WALL_LIMIT, exit_code=None, cpu_ms=cpu_ms)


def test_a_run_starved_of_the_cpu_until_the_wall_clock_ran_out_runs_again(problem, tmp_path):
    sandbox = FakeSandbox({
        "sample-1": [starved(), result(stdout=b"3\n", cpu_ms=820)],  # the AC counts, not 610
        "hand-01-negative": [starved(), starved(700), starved(650)],  # wall-clock TLE each time
        "hand-02-large": [out_of_time(), starved(900), out_of_time(1010)],  # 900 ms, yet stopped
    }, Cache(tmp_path / "cache"))
    report = judge_submission(problem, solution(problem), sandbox)
    assert [(c.verdict, c.time_ms, c.reruns) for c in report.tests] == [
        (Verdict.AC, 820, 1), (Verdict.TLE, 610, 2), (Verdict.TLE, 1004, 2)]
    assert "wall-clock" in report.tests[1].message
    assert "best of 3 runs" in case_message(report.tests[1])


def asleep(cpu_ms=49.0) -> RunResult:
    """Stopped by the wall clock with little CPU used: asleep, or never let run by a busy host."""
    return result(Termination.WALL_LIMIT, exit_code=None, cpu_ms=cpu_ms)


def test_a_run_stopped_by_the_wall_clock_idle_runs_once_more_alone_with_a_longer_backstop(
        problem, tmp_path):
    sandbox = FakeSandbox({
        "sample-1": [asleep(), result(stdout=b"3\n", cpu_ms=60)],  # starved: it finishes
        "hand-01-negative": [asleep(20), asleep(21)],  # a sleeper: stopped again, believed
        "hand-02-large": [starved(499), result(stdout=b"2000000000\n")],  # under half: idle
    }, Cache(tmp_path / "cache"))
    alone = []

    @contextmanager
    def host_alone():
        alone.append(len(sandbox.requests))
        yield

    report = judge_submission(problem, solution(problem), sandbox, alone=host_alone)
    assert [(c.verdict, c.reruns) for c in report.tests] == [
        (Verdict.AC, 1), (Verdict.TLE, 1), (Verdict.AC, 1)]
    assert "best of 2 runs" in case_message(report.tests[1])
    runs = [r.limits for r in sandbox.requests if not r.files_out and r.stdin_path]
    wall = problem.limits.wall_ms
    assert [(limits.cpu_ms, limits.wall_ms) for limits in runs] == [
        (1000, wall), (1250, 2 * wall)] * 3
    assert len(alone) == 3  # every re-run, alone


def test_a_submission_spends_at_most_its_budget_of_reruns(problem, tmp_path):
    sandbox = FakeSandbox({
        "sample-1": [out_of_time(), out_of_time(1100), out_of_time(1200)],
        "hand-01-negative": [out_of_time(), out_of_time(1100)],
        "hand-02-large": [out_of_time(), result(stdout=b"2000000000\n")],
    }, Cache(tmp_path / "cache"))
    report = judge_submission(problem, solution(problem), sandbox, JudgeOptions(rerun_budget=3))
    assert [(c.verdict, c.reruns) for c in report.tests] == [
        (Verdict.TLE, 2), (Verdict.TLE, 1), (Verdict.TLE, 0)]


@pytest.mark.parametrize("first", [
    result(Termination.MEMORY_LIMIT, exit_code=None, cpu_ms=990),
    result(exit_code=1, cpu_ms=999),
])
def test_only_a_run_out_of_time_runs_again(problem, tmp_path, first):
    sandbox = FakeSandbox({"sample-1": [first, result(stdout=b"3\n")],
                           "hand-01-negative": result(stdout=b"-2\n"),
                           "hand-02-large": result(stdout=b"2000000000\n")},
                          Cache(tmp_path / "cache"))
    report = judge_submission(problem, solution(problem), sandbox)
    assert report.tests[0].reruns == 0 and report.tests[0].verdict is not Verdict.AC


def test_reruns_can_be_turned_off(problem, tmp_path):
    sandbox = FakeSandbox({"sample-1": [out_of_time(), result(stdout=b"3\n")],
                           "hand-01-negative": result(stdout=b"-2\n"),
                           "hand-02-large": result(stdout=b"2000000000\n")},
                          Cache(tmp_path / "cache"))
    report = judge_submission(problem, solution(problem), sandbox,
                              JudgeOptions(near_limit_reruns=0))
    assert report.tests[0].verdict is Verdict.TLE and report.tests[0].reruns == 0
