"""Speed as a normal user (host tier b): `judge submit` on 200 one-line tests against the shell
loop, both run as a user that is not root, pair by pair in the same rounds. There the fork
server isolates its runs in a user namespace of its own and has no cgroup.

Target: isolation costs no speed. As root the ratio judge / loop stays at or below today's, and
as a normal user it is at most 0.10 where today's root read 0.07: at most 10/7 of today's root
ratio. "Today's" is the judge of bench.baseline.HOSTS_BASELINE, the code before this work, run
as root in the same rounds against the same loop (a ratio moves with the loop's interpreter and
the machine's load: a figure written down once would not compare). Each judge counts both ways
it can start (by itself, or handed to its resident judge). The ratios are printed against the
system's interpreter's loop and, where it differs, against the loop over root's `python3`, the
one the figures 0.07 and 0.10 were measured with (see bench/README.md).

Run as root, both run as the user `judge-test` (`make test` makes it: .ci/create-test-user),
with the system's interpreter of this one's version reading this environment's packages (an
interpreter under /root, pyenv's, is not the user's to run); run as a normal user, as that user,
and today's judge as that user too.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from bench.bench_speed import TARGET_RATIO, TESTS, report_ratio, rounds
from bench import baseline
from bench.common import ROOT, loop_python, print_header, real_python, tiny_project
from bench.peers import LOOP_ENV, Contender, shell_loop

USER = "judge-test"


def main() -> bool:
    print_header(f"speed as a normal user: judge submit on {TESTS} tiny tests against a shell "
                 "loop")
    prefix, python, why = as_the_user()
    if why:
        print(f"  not timed: {why}")
        return True
    print(f"user: {pwd.getpwuid(os.geteuid()).pw_name if not prefix else USER}; "
          f"judge's interpreter: {python}; shell loop's: {loop_python()} (as bench_speed's)")
    scratch = Path(tempfile.mkdtemp(prefix="judge-bench-user-"))
    try:
        root = tiny_project(scratch / "loop", TESTS)
        home = scratch / "home"
        home.mkdir()
        if prefix:
            account = pwd.getpwnam(USER)
            for path in (scratch, *scratch.rglob("*")):
                os.chown(path, account.pw_uid, account.pw_gid)
        loop = shell_loop(root)  # the same loop, interpreter and environment as bench_speed's
        loop = Contender(loop.name, (*prefix, *loop.command), loop.cwd)
        loops = [loop, *other_loops(root)]
        floor = floor_contender(prefix, root)
        env = ("env", "-i", "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", f"HOME={home}")
        user_judge = (*prefix, *env, f"PYTHONPATH={python_path(python)}", python, "-m", "judge")
        contenders = [*loops, floor, *judge_contenders("", user_judge, root)]
        if prefix:  # root's judge in the same rounds: the two hosts against one loop
            root_cache = scratch / "root-cache"
            root_judge = ("env", f"JUDGE_CACHE_DIR={root_cache}", sys.executable, "-m", "judge")
            contenders += judge_contenders("as root, ", root_judge, root)
        today = todays_judge(scratch, root)
        if isinstance(today, Contender):
            contenders.append(today)
        with ExitStack() as daemons:
            daemons.enter_context(resident_judge(user_judge))
            if prefix:
                daemons.enter_context(resident_judge(root_judge))
            for contender in contenders:
                if "one test" in contender.name or contender.name == TODAY:
                    contender.seconds()  # calibrates the baselines into each cache
            times, failed = rounds(contenders)
        costs = run_costs(prefix, python, env, scratch)
        confinement = confinement_cost(scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if failed:
        for why in failed.values():
            print(f"  {why}")
        return False
    report_ratio(times, loop.name, "judge submit", statistics.median(
        times["judge submit, one test"]), target=None)
    report_resident(times, loop.name, "")
    if prefix:
        report_root(times, loop.name, statistics.median(times["as root, one test"]))
        report_resident(times, loop.name, "as root, ")
    met = report_targets(times, [c.name for c in loops], bool(prefix),
                         today if isinstance(today, str) else "")
    for who, cost in costs.items():
        print(f"  one run's CPU {who}: judge {cost['judge_ms']:.2f} ms, fork server (and the "
              f"run) {cost['server_ms']:.2f} ms, {cost['server_faults']:.0f} page faults: the "
              f"server itself {cost['server_own_ms']:.2f} ms, {cost['server_own_faults']:.0f} "
              f"faults; the run {cost['server_ms'] - cost['server_own_ms']:.2f} ms, "
              f"{cost['server_faults'] - cost['server_own_faults']:.0f} faults")
    report_floor(times, loop.name, "judge submit", floor.name, confinement)
    return met


TODAY = "today's judge"
# Where today's root read 0.07 of the loop, a normal user's judge may read 0.10 (the target).
USER_ALLOWANCE = TARGET_RATIO / 0.07


def other_loops(root: Path) -> list[Contender]:
    """The loop over the interpreter `python3` on this user's PATH runs, where it is not the
    system's: the loop the speed targets were first measured with (pyenv's, as root here)."""
    if real_python() == loop_python():
        return []
    loop = shell_loop(root, real_python())
    return [Contender(f"loop over {real_python()}", loop.command, loop.cwd)]


def todays_judge(scratch: Path, root: Path) -> Contender | str:
    """The judge before this work (bench.baseline.HOSTS_BASELINE), run by the bench's own user
    with a cache of its own and starting up by itself; or why it cannot be had."""
    extracted = baseline.extract(baseline.HOSTS_BASELINE, scratch / "today")
    if isinstance(extracted, str):
        return extracted
    command = ("env", f"JUDGE_CACHE_DIR={scratch / 'today-cache'}", f"PYTHONPATH={extracted}",
               sys.executable, "-m", "judge", "submit", "solutions/tiny/reference.py", "tiny")
    return Contender(TODAY, command, root)


def report_targets(times: dict[str, list[float]], loops: list[str], as_root: bool,
                   no_today: str) -> bool:
    """Whether isolation cost speed: each host's better ratio (by itself or resident) against
    today's judge's in the same rounds; and every judge's ratio against each loop."""
    def ratio(judge: str, loop: str) -> float:
        return median_ratio(times, judge, loop)

    who = {"as the normal user": ("judge submit", "resident")}
    if as_root:
        who["as root"] = ("judge submit as root", "as root, resident")
    for loop in loops:
        shown = [f"{host} {ratio(own, loop):.3f} (resident {ratio(resident, loop):.3f})"
                 for host, (own, resident) in who.items()]
        if TODAY in times:
            shown.append(f"today's judge as {'root' if as_root else 'this user'} "
                         f"{ratio(TODAY, loop):.3f}")
        print(f"  judge / {loop}: {'; '.join(shown)}")
    loop = loops[0]
    best = {host: min(ratio(own, loop), ratio(resident, loop))
            for host, (own, resident) in who.items()}
    if TODAY not in times:
        met = best["as the normal user"] <= TARGET_RATIO
        print(f"  today's judge not timed ({no_today}): the normal user's ratio against "
              f"{TARGET_RATIO} instead: {'met' if met else 'NOT met'}")
        return met
    today = ratio(TODAY, loop)
    met = best["as the normal user"] <= USER_ALLOWANCE * today
    print(f"  target, as the normal user: {best['as the normal user']:.3f} <= "
          f"{USER_ALLOWANCE:.3f} x today's {today:.3f} = {USER_ALLOWANCE * today:.3f}: "
          f"{'met' if met else 'NOT met'}")
    if as_root:
        root_met = best["as root"] <= today
        print(f"  target, as root: {best['as root']:.3f} <= today's {today:.3f}: "
              f"{'met' if root_met else 'NOT met'}")
        met = met and root_met
    return met


def judge_contenders(who: str, judge: tuple[str, ...], root: Path) -> list[Contender]:
    """`judge submit` on every test and on one test, starting up by itself (JUDGE_RESIDENT=0)
    and handed to its resident judge (`judge daemon start`); `judge` runs the judge through
    `env`."""
    submit = ("submit", "solutions/tiny/reference.py", "tiny")
    own = _with_env(judge, "JUDGE_RESIDENT=0")
    names = ((f"judge submit {who.rstrip(', ')}", f"{who}one test") if who
             else ("judge submit", "judge submit, one test"))
    return [Contender(names[0], (*own, *submit), root),
            Contender(names[1], (*own, *submit, "--test", "t000"), root),
            Contender(f"{who}resident", (*judge, *submit), root),
            Contender(f"{who}resident, one test", (*judge, *submit, "--test", "t000"), root)]


def _with_env(command: tuple[str, ...], assignment: str) -> tuple[str, ...]:
    """`command` (which runs through `env`) with one more variable set."""
    at = command.index("env") + 1
    if command[at] == "-i":
        at += 1
    return (*command[:at], assignment, *command[at:])


@contextmanager
def resident_judge(judge: tuple[str, ...]) -> Iterator[None]:
    """The resident judge of `judge`'s user and cache folder, running meanwhile."""
    subprocess.run((*judge, "daemon", "start", "--idle-minutes", "30"), check=True,
                   capture_output=True)
    try:
        yield
    finally:
        subprocess.run((*judge, "daemon", "stop"), check=False, capture_output=True)


def median_ratio(times: dict[str, list[float]], one: str, other: str) -> float:
    """The median over the rounds of `one`'s time over `other`'s in the same round."""
    return statistics.median(a / b for a, b in zip(times[one], times[other], strict=True))


def report_resident(times: dict[str, list[float]], loop: str, who: str) -> None:
    """The same rounds' `judge submit` handed to the resident judge, against the loop."""
    print(f"  {who}with the resident judge (judge daemon start): judge submit "
          f"{statistics.median(times[f'{who}resident']):.2f} s, on one test "
          f"{statistics.median(times[f'{who}resident, one test']) * 1000:.0f} ms; judge / loop "
          f"median {median_ratio(times, f'{who}resident', loop):.3f}")


def floor_contender(prefix: tuple[str, ...], root: Path) -> Contender:
    """bench/floor.py in the loop's place: the same user, interpreter and environment."""
    command = (*prefix, *LOOP_ENV, loop_python(), "-I", "-S", str(ROOT / "bench/floor.py"),
               "../../solutions/tiny/reference.py")
    return Contender("floor", command, root / "testdata/tiny")


CONFINEMENT_RUNS = 2000


def confinement_cost(scratch: Path) -> dict[str, float] | str:
    """bench/confine_cost.c's figures (the kernel's share of a run's confinement, apart from
    any Python), or why they could not be had: it needs root and a C compiler."""
    if os.geteuid() != 0:
        return "measured as root only"
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return "no C compiler"
    program = scratch / "confine_cost"
    source = ROOT / "bench/confine_cost.c"
    built = subprocess.run([compiler, "-O2", "-o", str(program), str(source)],
                           capture_output=True, text=True, check=False)
    if built.returncode != 0:
        return f"bench/confine_cost.c did not compile: {built.stderr.strip()[-300:]}"
    done = subprocess.run([str(program), str(CONFINEMENT_RUNS)], capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        return f"bench/confine_cost failed (exit {done.returncode}): {done.stderr.strip()[-300:]}"
    return json.loads(done.stdout)


def report_floor(times: dict[str, list[float]], loop: str, judge: str, floor: str,
                 confinement: dict[str, float] | str) -> None:
    """How far the judge is above what its design cannot avoid, in the same rounds: the floor
    (bench/floor.py), and the floor with the kernel's share of each run's confinement added,
    spread over the cores as the judge spreads its runs."""
    floor_s = statistics.median(times[floor])
    over_loop, over_floor = median_ratio(times, floor, loop), median_ratio(times, judge, floor)
    print(f"  floor (bench/floor.py: a warm interpreter forks a child per test, nothing confined)"
          f" {floor_s:.2f} s: floor / loop median {over_loop:.3f}; judge / floor {over_floor:.2f}")
    if isinstance(confinement, str):
        print(f"  the kernel's share of confinement: not measured: {confinement}")
        return
    extra_us = confinement["confined_us"] - confinement["bare_us"]
    least_s = floor_s + TESTS * extra_us / 1e6 / (os.cpu_count() or 1)
    print(f"  the kernel's share of confinement (bench/confine_cost.c, in C): {extra_us:.0f} us of "
          f"CPU a run above a bare fork and exit ({confinement['bare_us']:.0f} us); the floor "
          f"with it, {TESTS} runs over {os.cpu_count()} cores: {least_s:.2f} s, "
          f"{least_s / statistics.median(times[loop]):.3f} of the loop")


COST_RUNS = 300
COST_ROUNDS = 3


def run_costs(prefix: tuple[str, ...], python: str, env: tuple[str, ...],
              scratch: Path) -> dict[str, dict[str, float]]:
    """Where a test's time goes, by host (bench.run_cost, median of COST_ROUNDS): as the
    normal user, and (run as root) as root."""
    hosts = {f"as {USER if prefix else 'this user'}": (*prefix, *env,
                                                      f"PYTHONPATH={python_path(python)}",
                                                      python)}
    if prefix:
        hosts["as root"] = (sys.executable,)
    costs = {}
    for who, command in hosts.items():
        cache = scratch / f"cost-{len(costs)}"
        cache.mkdir()
        if prefix and who != "as root":
            account = pwd.getpwnam(USER)
            os.chown(cache, account.pw_uid, account.pw_gid)
        measured = []
        for _ in range(COST_ROUNDS):
            done = subprocess.run([*command, str(ROOT / "bench/run_cost.py"), str(cache),
                                   str(COST_RUNS)], capture_output=True, text=True, check=True)
            measured.append(json.loads(done.stdout))
        costs[who] = {key: statistics.median(m[key] for m in measured) for key in measured[0]}
    return costs


def report_root(times: dict[str, list[float]], loop: str, one_test_s: float) -> None:
    """Root's judge in the same rounds, against the same loop."""
    judge_s = statistics.median(times["judge submit as root"])
    per_test = (judge_s - one_test_s) / (TESTS - 1)
    print(f"  as root, the same rounds: judge submit {judge_s:.2f} s ({per_test * 1000:.1f} ms "
          f"a test beyond start-up); judge / loop median "
          f"{median_ratio(times, 'judge submit as root', loop):.3f}")


def as_the_user() -> tuple[tuple[str, ...], str, str]:
    """(the prefix that runs a command as the normal user, the interpreter it runs, why it
    cannot be measured here)."""
    if os.geteuid() != 0:
        return (), sys.executable, ""
    try:
        account = pwd.getpwnam(USER)
    except KeyError:
        return (), "", f"no user {USER} (`make test` as root makes it: .ci/create-test-user)"
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        return (), "", "setpriv (util-linux) is missing"
    python = sys.executable
    if sys.base_prefix.startswith(("/root", "/home")):
        python = f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"
        if not os.path.exists(python):
            return (), "", f"{python} is missing: the user cannot run {sys.executable}"
    prefix = (setpriv, f"--reuid={account.pw_uid}", f"--regid={account.pw_gid}",
              "--init-groups", "--")
    return prefix, python, ""


def python_path(python: str) -> str:
    """The checkout, and for an interpreter other than this one, this environment's packages."""
    if python == sys.executable:
        return str(ROOT)
    return os.pathsep.join((str(ROOT), sysconfig.get_paths()["purelib"]))


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
