"""Isolation never degrades silently: a fork server that cannot start is named in every report,
warned about by `judge submit`, and refused by a worker that needs isolation."""

from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

from judge.cache import Cache
from judge.cli import cli
from judge.present.report import print_report, report_to_dict
from judge.judging.runner import judge_submission
from judge.sandbox import IsolationUnavailable, check_isolation, open_sandbox
from judge.sandbox.host import detect_host
from judge.problem.spec import load_problem
from tests.conftest import write_project


def broken_host():
    """This host, but with cgroup folders that do not exist: the real fork server fails while
    it starts (as on a host whose cgroups vanished or were never delegated)."""
    missing = "/nonexistent/judge-cgroups"
    return dataclasses.replace(detect_host(), cgroup_version=1,
                               cgroup_dirs={"memory": missing, "pids": missing,
                                            "cpuacct": missing})


def test_a_jail_that_fails_to_start_is_named_in_the_report(tmp_path):
    root = write_project(tmp_path / "project")
    problem = load_problem(root, "sum")
    sandbox = open_sandbox(Cache(tmp_path / "cache"), host=broken_host())
    try:
        assert sandbox.info.kind == "plain" and not sandbox.info.isolated
        assert "fork-server sandbox failed to start" in sandbox.info.reason
        assert "nonexistent/judge-cgroups" in sandbox.info.reason
        report = judge_submission(problem, problem.reference, sandbox)
    finally:
        sandbox.close()
    assert report.verdict.value == "AC"
    block = report_to_dict(report)["sandbox"]
    assert block["kind"] == "plain" and block["isolated"] is False
    assert {"network", "file system", "processes"} <= set(block["missing"])
    assert "failed to start" in block["reason"]
    from rich.console import Console

    console = Console(width=200, record=True)
    print_report(report, console)
    assert "sandbox: plain (no cgroups) NOT ISOLATED (missing: network" in console.export_text()


def test_a_worker_that_needs_isolation_refuses_a_failed_jail(tmp_path):
    with pytest.raises(IsolationUnavailable, match="refusing to run untrusted code without "
                       "isolation: the plain sandbox lacks network, file system, processes"):
        open_sandbox(Cache(tmp_path / "cache"), host=broken_host(), require_isolation=True)


def test_the_operator_may_allow_running_without_isolation(tmp_path):
    sandbox = open_sandbox(Cache(tmp_path / "cache"), host=broken_host())
    try:
        with pytest.raises(IsolationUnavailable, match="--unsandboxed"):
            check_isolation(sandbox.info, allow_unsandboxed=False)
        check_isolation(sandbox.info, allow_unsandboxed=True)
    finally:
        sandbox.close()


def test_an_isolating_jail_is_accepted_by_a_worker(tmp_path):
    sandbox = open_sandbox(Cache(tmp_path / "cache"))
    try:
        if not sandbox.info.isolated:
            pytest.skip(f"this host cannot isolate: {sandbox.info.reason}")
        check_isolation(sandbox.info, allow_unsandboxed=False)
    finally:
        sandbox.close()


def test_submit_warns_in_one_line_and_reports_the_sandbox(tmp_path):
    root = write_project(tmp_path / "project")
    solution = str(root / "solutions/sum/reference.py")
    plain = CliRunner().invoke(cli, ["--root", str(root), "submit", solution, "sum", "--json"],
                               env={"JUDGE_SANDBOX": "plain"})
    assert plain.exit_code == 0
    warnings = [line for line in plain.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "WITHOUT isolation (plain sandbox" in warnings[0]
    assert json.loads(plain.stdout)["sandbox"]["reason"] == "chosen with JUDGE_SANDBOX=plain"
    default = CliRunner().invoke(cli, ["--root", str(root), "submit", solution, "sum", "--json"])
    document = json.loads(default.stdout)
    assert ("warning:" in default.stderr) is not document["sandbox"]["isolated"]


def test_an_unknown_sandbox_choice_is_a_usage_error(tmp_path):
    root = write_project(tmp_path / "project")
    result = CliRunner().invoke(cli, ["--root", str(root), "submit",
                                      str(root / "solutions/sum/reference.py"), "sum"],
                                env={"JUDGE_SANDBOX": "docker"})
    assert result.exit_code == 2 and "JUDGE_SANDBOX='docker': expected one of auto, plain" \
        in result.stderr
