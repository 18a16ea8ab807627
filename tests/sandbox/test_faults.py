"""Host faults are the judge's: a failing child or an unreadable counter is JE, never RE/TLE/AC."""

from __future__ import annotations

import dataclasses
import json
import sys

import pytest

from judge.cache import Cache
from judge.present.report import report_to_json
from judge.judging.runner import judge_submission
from judge.sandbox import ResourceLimits, RunRequest, Termination, open_sandbox
from judge.problem.spec import load_problem
from tests.conftest import write_project

# A CPU limit no rlimit can hold: the run's child fails to confine itself before the program
# starts (OverflowError in setrlimit), the way any host fault in that child would.
UNAPPLICABLE_MS = 10**25


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    box = open_sandbox(Cache(tmp_path_factory.mktemp("cache")))
    yield box
    box.close()


@pytest.mark.parametrize("isolate", [True, False])
def test_a_child_that_fails_before_the_program_starts_is_a_sandbox_error(sandbox, tmp_path,
                                                                         isolate):
    program = tmp_path / "hello.py"
    program.write_text("print('hello')\n")
    limits = ResourceLimits(cpu_ms=UNAPPLICABLE_MS, wall_ms=5000, memory_kb=256_000,
                            output_kb=64)
    result = sandbox.run(RunRequest(argv=(sys.executable, "-I", "-S", "-B", str(program)),
                                    limits=limits, isolate=isolate))
    assert result.termination is Termination.SANDBOX_ERROR, result
    assert "OverflowError" in result.message
    assert result.exit_code is None and result.stdout == b""


def test_a_host_fault_is_the_judges_error_in_the_report(sandbox, tmp_path):
    root = write_project(tmp_path / "project")
    problem = load_problem(root, "sum")
    # problem.yaml refuses such a limit, so the fault is brought in below the loader.
    limits = dataclasses.replace(problem.limits, time_ms=UNAPPLICABLE_MS)
    report = judge_submission(
        dataclasses.replace(problem, limits=limits),
        root / "solutions/sum/reference.py",
        sandbox,
    )
    document = json.loads(report_to_json(report))
    assert document["verdict"] == "JE"
    assert {test["verdict"] for test in document["tests"]} == {"JE"}
    assert "the sandbox failed: OverflowError" in document["tests"][0]["message"]
    assert "exit code" not in document["tests"][0]["message"]


@pytest.mark.parametrize("version, files", [
    (1, {"cpuacct": {}}),
    (1, {"cpuacct": {"cpuacct.usage": ""}}),
    (2, {"unified": {"cpu.stat": "user_usec 10\n"}}),
    (2, {"unified": {}}),
])
def test_an_unreadable_cpu_counter_is_not_zero(tmp_path, version, files):
    from judge.sandbox.forkserver.cgroup_backends import for_host
    from judge.sandbox.forkserver.supervise import blind

    dirs = {"memory": tmp_path / "memory", "pids": tmp_path / "pids",
            "cpuacct": tmp_path / "cpuacct"} if version == 1 else {"unified": tmp_path / "v2"}
    cgroups = for_host(version, {k: str(v) for k, v in dirs.items()}, "1-0badcafe",
                       str(tmp_path / "locks"))
    cgroups.name = "run"
    for controller, contents in files.items():
        folder = dirs[controller] / "run"
        folder.mkdir(parents=True)
        for name, text in contents.items():
            (folder / name).write_text(text)
    assert cgroups.cpu_ns() is None
    assert blind(None, None, cgroups) == "cannot read the run's CPU time from its cgroup"
    assert blind("counter", None, cgroups) == "cannot read the run's CPU time while it ran"
