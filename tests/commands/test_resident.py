"""The resident judge (`judge daemon`): a command handed to it judges as the judge itself does,
in the caller's folder, environment and streams, with the caller's exit status; Ctrl-C and a
caller that goes away reach the command; changed code is never served; `stop` leaves nothing."""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from judge.resident.client import command_of
from judge.resident.setting import JUDGES_LEAF, differences, process_setting
from judge.sandbox.cgroup_v2_parent import LEAF
from tests.commands.test_termination import as_from_a_terminal
from tests.conftest import SOLUTIONS, wait_gone, write_project

PACKAGE = Path(__file__).resolve().parents[2] / "judge"


def judge(args: list[str], env: dict[str, str], cwd: Path | None = None,
          ) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "judge", *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=120, check=False)


def served(env: dict[str, str]) -> int:
    """How many commands the resident judge has taken."""
    said = judge(["daemon", "status"], env)
    assert said.returncode == 0, said.stdout + said.stderr
    return int(re.search(r"(\d+) commands? taken", said.stdout).group(1))


def start(env: dict[str, str]) -> int:
    started = judge(["daemon", "start", "--idle-minutes", "20"], env)
    assert started.returncode == 0, started.stdout + started.stderr
    return int(re.search(r"pid (\d+)", started.stdout).group(1))


def stop(env: dict[str, str], pid: int) -> None:
    """Stop it; kill it if it did not go (a failed test still leaves nothing)."""
    judge(["daemon", "stop"], env)
    try:
        daemon = psutil.Process(pid)
        family = [daemon, *daemon.children(recursive=True)]
    except psutil.NoSuchProcess:
        return
    for process in family:
        try:
            process.kill()
        except psutil.NoSuchProcess:
            pass


@pytest.fixture
def resident(tmp_path) -> Iterator[dict[str, str]]:
    """The environment of commands that a resident judge of their own takes."""
    env = {**os.environ, "JUDGE_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("JUDGE_RESIDENT", None)
    pid = start(env)
    try:
        yield env
    finally:
        stop(env, pid)


def verdicts(document: str) -> tuple[str, list[tuple[str, str]]]:
    report = json.loads(document)
    return report["verdict"], [(test["name"], test["verdict"]) for test in report["tests"]]


@pytest.mark.host_tier
def test_a_command_it_takes_judges_as_the_judge_does(tmp_path, resident):
    root = write_project(tmp_path / "project")
    here = {**resident, "JUDGE_RESIDENT": "0"}
    for solution, status in (("reference.py", 0), ("wa.py", 1)):
        # In the project's folder, by a relative path: the command runs where its caller is.
        args = ["submit", f"solutions/sum/{solution}", "sum", "--json"]
        before = served(resident)
        taken = judge(args, resident, cwd=root)
        assert served(resident) == before + 1
        itself = judge(args, here, cwd=root)
        assert served(resident) == before + 1
        assert (taken.returncode, itself.returncode) == (status, status), taken.stderr
        assert verdicts(taken.stdout) == verdicts(itself.stdout)
    # The caller's environment is the command's: the root comes from it here.
    listed = judge(["list"], {**resident, "JUDGE_ROOT": str(root)}, cwd=tmp_path)
    assert listed.returncode == 0 and "sum" in listed.stdout, listed.stderr
    # A usage error is the caller's too, on its stderr.
    wrong = judge(["submit", "missing.py", "sum"], resident, cwd=root)
    assert wrong.returncode == 2 and "missing.py" in wrong.stderr


def lower_open_files() -> None:
    """In a caller: a limit on open files one below the one it inherited."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft - 1, hard))


def one_cpu() -> None:
    """In a caller: only the first CPU it may run on."""
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def test_a_caller_whose_setting_differs_runs_its_command_itself(tmp_path, resident):
    """A command under `ulimit` or `taskset` judges with the caller's limits and CPUs, not the
    daemon's: the daemon declines it, the caller runs it, and `status` says why."""
    root = write_project(tmp_path / "project")
    args = [sys.executable, "-m", "judge", "submit", "solutions/sum/reference.py", "sum"]
    changes = [(lower_open_files, "resource limits (ulimit)")]
    if len(os.sched_getaffinity(0)) > 1:
        changes.append((one_cpu, "CPUs allowed (affinity)"))
    for declined, (change, part) in enumerate(changes, start=1):
        done = subprocess.run(args, env=resident, cwd=root, capture_output=True, text=True,
                              timeout=120, check=False, preexec_fn=change)
        assert done.returncode == 0 and "AC" in done.stdout, done.stdout + done.stderr
        assert served(resident) == 0
        said = judge(["daemon", "status"], resident).stdout
        commands = "1 command" if declined == 1 else f"{declined} commands"
        assert (f"{commands} declined (their callers ran them): the last because the "
                f"caller's {part} differ") in said, said
    # The same caller without the change is served.
    assert judge(args[3:], resident, cwd=root).returncode == 0
    assert served(resident) == 1


def test_doctor_says_whether_the_resident_judge_takes_its_commands(tmp_path):
    env = {**os.environ, "JUDGE_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("JUDGE_RESIDENT", None)
    assert judge(["doctor"], env).stdout.strip().endswith(
        "resident judge: none runs (`judge daemon start` keeps one, and commands start without "
        "the judge's own start-up)")
    pid = start(env)
    try:
        said = judge(["doctor"], env)
        assert said.returncode == 0, said.stderr
        assert said.stdout.strip().endswith(
            f"resident judge: pid {pid}, takes the commands run from here")
        limited = subprocess.run([sys.executable, "-m", "judge", "doctor"], env=env,
                                 capture_output=True, text=True, timeout=120, check=False,
                                 preexec_fn=lower_open_files)
        assert limited.stdout.strip().endswith(
            f"resident judge: pid {pid}, but commands from here start by themselves: this "
            "process's resource limits (ulimit) differ from the resident judge's"), limited.stdout
    finally:
        stop(env, pid)


def test_differences_name_each_part_of_the_setting():
    ours = process_setting()
    assert differences(ours, ours) == []
    assert differences(None, ours) == ["the caller sent no setting"]
    theirs = {**ours, "namespaces": ["net:[1]"], "priority": ours["priority"] + 1,
              "status": {**ours["status"], "Groups": "4242", "CapEff": "0"}}
    assert differences(theirs, ours) == ["namespaces", "priority (nice)", "capabilities",
                                         "supplementary groups"]
    # A caller in the leaf a judge on cgroup v2 moves its cgroup's processes into is judged as
    # one in the cgroup above: the setting names the cgroup without it.
    assert JUDGES_LEAF == f"/{LEAF}"


def sleeper(tmp_path: Path) -> tuple[Path, str]:
    """A project whose solution sleeps, under a name no other test's process carries."""
    name = f"sleep_{uuid.uuid4().hex[:12]}.py"
    root = write_project(tmp_path / "project", solutions={
        "reference.py": SOLUTIONS["reference.py"], name: "import time\ntime.sleep(60)\n"})
    return root, name


def processes_named(name: str) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter():
        try:
            if any(name in word for word in process.cmdline()) and process.status() != "zombie":
                found.append(process)
        except psutil.Error:
            continue
    return found


def submit_sleeper(root: Path, name: str, env: dict[str, str],
                   preexec_fn=as_from_a_terminal) -> subprocess.Popen:
    """`judge submit` of the sleeping solution, once the command the resident judge took (a
    process called `judge submit ...`) has the submission's run going."""
    client = subprocess.Popen(
        [sys.executable, "-m", "judge", "submit", f"solutions/sum/{name}", "sum"], cwd=root,
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=preexec_fn)
    deadline = time.monotonic() + 60
    while not any(run_going(command) for command in processes_named(name)
                  if command.pid != client.pid):
        assert client.poll() is None, client.communicate()
        assert time.monotonic() < deadline, "the run never started"
        time.sleep(0.05)
    return client


def run_going(command: psutil.Process) -> bool:
    """Whether the submission runs under `command` (its run is called `python ... solution.py`,
    not by the submission's name)."""
    try:
        return any("solution.py" in process.cmdline()
                   for process in command.children(recursive=True))
    except psutil.Error:
        return False


def wait_no_process_named(name: str) -> None:
    deadline = time.monotonic() + 20
    while processes_named(name):
        assert time.monotonic() < deadline, [p.cmdline() for p in processes_named(name)]
        time.sleep(0.05)


@pytest.mark.host_tier
@pytest.mark.parametrize("sig, status, said", [(signal.SIGINT, 130, "interrupted"),
                                              (signal.SIGTERM, 143, "terminated")])
def test_a_signal_to_the_caller_reaches_the_command(tmp_path, resident, sig, status, said):
    root, name = sleeper(tmp_path)
    client = submit_sleeper(root, name, resident)
    try:
        client.send_signal(sig)
        _, stderr = client.communicate(timeout=60)
    finally:
        if client.poll() is None:
            client.kill()
    assert client.returncode == status and said in stderr, stderr
    assert served(resident) == 1
    wait_no_process_named(name)  # the command, its fork servers and the run


def as_a_shells_job() -> None:
    """A process group of its own, as a shell gives a job: one that Ctrl-Z may stop (the
    kernel does not stop an orphaned group, which the suite's own may be)."""
    as_from_a_terminal()
    os.setpgid(0, 0)


def wait_stopped(process: psutil.Process, stopped: bool) -> None:
    deadline = time.monotonic() + 20
    while (process.status() == psutil.STATUS_STOPPED) != stopped:
        assert time.monotonic() < deadline, (process.cmdline(), process.status())
        time.sleep(0.02)


@pytest.mark.host_tier
def test_ctrl_z_stops_the_command_with_its_caller_and_fg_continues_both(tmp_path, resident):
    root, name = sleeper(tmp_path)
    client = submit_sleeper(root, name, resident, preexec_fn=as_a_shells_job)
    try:
        [command] = [process for process in processes_named(name) if process.pid != client.pid]
        caller = psutil.Process(client.pid)
        client.send_signal(signal.SIGTSTP)
        wait_stopped(caller, True)
        wait_stopped(command, True)
        client.send_signal(signal.SIGCONT)
        wait_stopped(caller, False)
        wait_stopped(command, False)
        client.send_signal(signal.SIGINT)  # the command still answers: it was not left stopped
        _, stderr = client.communicate(timeout=60)
    finally:
        if client.poll() is None:
            client.kill()
    assert client.returncode == 130 and "interrupted" in stderr, stderr
    wait_no_process_named(name)


@pytest.mark.host_tier
def test_a_caller_that_goes_away_takes_its_command_with_it(tmp_path, resident):
    root, name = sleeper(tmp_path)
    client = submit_sleeper(root, name, resident)
    client.kill()
    client.communicate()
    assert served(resident) == 1
    wait_no_process_named(name)


@pytest.mark.host_tier
def test_stop_leaves_no_process_behind(tmp_path):
    env = {**os.environ, "JUDGE_CACHE_DIR": str(tmp_path / "cache")}
    pid = start(env)
    try:
        family = [psutil.Process(pid), *psutil.Process(pid).children(recursive=True)]
        assert len(family) > 1  # the spare, with its fork servers
        stopped = judge(["daemon", "stop"], env)
        assert stopped.returncode == 0 and f"pid {pid}" in stopped.stdout
        for process in family:
            wait_gone(process.pid)
        assert "no resident judge runs" in judge(["daemon", "status"], env).stdout
        assert not (tmp_path / "cache/resident/socket").exists()
    finally:
        stop(env, pid)


def test_changed_code_is_never_served(tmp_path):
    """A daemon started from a copy of the judge; once a file of that copy changes, commands
    are run by the caller itself, and the daemon leaves."""
    copy = tmp_path / "install"
    shutil.copytree(PACKAGE, copy / "judge", ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "JUDGE_CACHE_DIR": str(tmp_path / "cache"),
           # (no empty entry: it would be each caller's own working folder)
           "PYTHONPATH": os.pathsep.join(filter(None, [str(copy),
                                                       os.environ.get("PYTHONPATH")]))}
    env.pop("JUDGE_RESIDENT", None)
    root = write_project(tmp_path / "project")
    args = ["submit", "solutions/sum/reference.py", "sum"]
    pid = start(env)
    try:
        assert judge(args, env, cwd=root).returncode == 0
        assert served(env) == 1
        # Another install of the judge is not this daemon's: its command is not taken.
        other = {**env, "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
        assert judge(args, other, cwd=root).returncode == 0
        assert served(env) == 1
        changed = copy / "judge/wording.py"
        changed.write_text(changed.read_text() + "\n")
        assert judge(args, env, cwd=root).returncode == 0
        wait_gone(pid, timeout=30)
        assert "no resident judge runs" in judge(["daemon", "status"], env).stdout
    finally:
        stop(env, pid)


def test_the_daemon_commands_are_clear_without_a_daemon(tmp_path):
    env = {**os.environ, "JUDGE_CACHE_DIR": str(tmp_path / "cache")}
    assert judge(["daemon", "stop"], env).stdout.strip() == "no resident judge runs"
    status = judge(["daemon", "status"], env)
    assert status.returncode == 1 and status.stdout.strip() == "no resident judge runs"


def test_a_resident_folder_others_may_write_in_is_refused(tmp_path):
    env = {**os.environ, "JUDGE_CACHE_DIR": str(tmp_path / "cache")}
    folder = tmp_path / "cache/resident"
    folder.mkdir(parents=True)
    folder.chmod(0o777)
    refused = judge(["daemon", "start"], env)
    assert refused.returncode == 2
    assert f"judge: error: {folder}: others may write in it" in refused.stderr


@pytest.mark.parametrize("argv, command", [
    (["submit", "a.py", "p"], "submit"),
    (["--root", "x", "verify", "p"], "verify"),
    (["--root=x", "list"], "list"),
    (["--version"], None),
    ([], None),
])
def test_the_command_is_found_after_the_groups_root_option(argv, command):
    assert command_of(argv) == command
