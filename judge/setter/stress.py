"""Stress testing: random valid inputs until the submission disagrees with the reference.

Each worker thread owns a sandbox and a scratch folder. Seeds are handed out in order, so the
same --seed finds the same failure. Reference answers are cached by input hash (small random
tests repeat often) and, with a StressCache, on disk together with the generated inputs, so
that a later run over the same seeds (another solution, or this one after a fix) runs neither
the generator nor the reference. An input already judged is not judged again.

The validator stays out of the hot path: a failing input is validated before it counts (an
invalid one is reported as the generator's bug), and every shrinking step is validated.
"""

from __future__ import annotations

import hashlib
import itertools
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable

from judge.setter.programs import SetterProgramError, SetterPrograms
from judge.judging.parallel import SandboxPerThread
from judge.judging.launch import Submission
from judge.judging.runner import CaseResult, Checker, judge_case
from judge.sandbox.api import Sandbox
from judge.setter.shrink import ShrinkResult, shrink
from judge.problem.spec import Problem
from judge.setter.stress_cache import StressCache
from judge.problem.testdata import TestCase
from judge.verdicts.verdict import Verdict


@dataclass(frozen=True)
class StressPlan:
    args: tuple[str, ...]  # generator arguments
    first_seed: int
    iterations: int | None  # stop after this many inputs ...
    seconds: float | None  # ... or after this much time (whichever is given; both: first)
    workers: int


@dataclass(frozen=True)
class Trial:
    seed: int | None  # None for a given input (replay) or a shrunk one
    data: bytes
    answer: bytes
    result: CaseResult
    output: bytes


@dataclass(frozen=True)
class StressOutcome:
    iterations: int
    seconds: float
    failure: Trial | None
    shrunk: Trial | None = None
    shrink: ShrinkResult | None = None


class Judging:
    """Judges one input with a given sandbox: validate, answer (cached), run, check."""

    def __init__(
        self,
        problem: Problem,
        programs: SetterPrograms,
        submission: Submission,
        checker: Checker,
        scratch: Path,
        cache: StressCache | None = None,
    ) -> None:
        self.problem, self.programs = problem, programs
        self.submission, self.checker = submission, checker
        self.cache = cache
        self._scratch = scratch
        self._answers: dict[bytes, bytes] = {}
        self._lock = threading.Lock()

    def input(self, sandbox: Sandbox, args: tuple[str, ...], seed: int) -> bytes:
        """The generator's input for `seed`, from the disk cache when an earlier run made it."""
        data = self.cache.input(seed) if self.cache else None
        if data is None:
            data = self.programs.generate(sandbox, args, seed)
            if self.cache:
                self.cache.store_input(seed, data)
        return data

    def answer(self, sandbox: Sandbox, data: bytes) -> bytes:
        key = hashlib.sha256(data).digest()
        with self._lock:
            cached = self._answers.get(key)
        if cached is None and self.cache:
            cached = self.cache.answer(data)
        if cached is None:
            cached = self.programs.answer(sandbox, data=data)
            if self.cache:
                self.cache.store_answer(data, cached)
        with self._lock:
            self._answers[key] = cached
        return cached

    def is_valid(self, sandbox: Sandbox, data: bytes) -> bool:
        return self.programs.validator is None or self.programs.validate(sandbox, data=data).valid

    def require_valid(self, sandbox: Sandbox, data: bytes, seed: int) -> None:
        """A failure only counts on a valid input; an invalid one is the generator's bug."""
        if self.programs.validator is None:
            return
        validation = self.programs.validate(sandbox, data=data)
        if not validation.valid:
            raise SetterProgramError(
                f"the generator made an invalid input with seed {seed}: {validation.message}"
            )

    def trial(self, sandbox: Sandbox, data: bytes, seed: int | None) -> Trial:
        answer = self.answer(sandbox, data)
        folder = self._scratch / f"t{threading.get_ident()}"
        folder.mkdir(exist_ok=True)
        case = TestCase(
            name=f"seed-{seed}" if seed is not None else "case",
            group="stress",
            input_path=folder / "input",
            answer_path=folder / "answer",
        )
        case.input_path.write_bytes(data)
        case.answer_path.write_bytes(answer)
        captured: list[bytes] = []
        result = judge_case(
            self.problem, self.submission, self.checker, sandbox, case, keep_output=captured.append
        )
        return Trial(seed, data, answer, result, captured[0] if captured else b"")


def run_stress(
    judging: Judging,
    sandboxes: SandboxPerThread,
    plan: StressPlan,
    on_progress: Callable[[int], None] | None = None,
) -> StressOutcome:
    started = time.monotonic()
    seeds = itertools.count(plan.first_seed)
    lock = threading.Lock()
    state = {"done": 0, "failure": None, "broken": False}
    judged: set[bytes] = set()

    def more() -> int | None:
        with lock:
            if state["failure"] is not None or state["broken"]:
                return None
            if plan.iterations is not None and state["done"] >= plan.iterations:
                return None
            if plan.seconds is not None and time.monotonic() - started >= plan.seconds:
                return None
            state["done"] += 1
            return next(seeds)

    def worker() -> None:
        try:
            search()
        except BaseException:
            with lock:
                state["broken"] = True  # the other workers stop too; the error propagates
            raise

    def search() -> None:
        sandbox = sandboxes.get()
        while (seed := more()) is not None:
            data = judging.input(sandbox, plan.args, seed)
            key = hashlib.sha256(data).digest()
            with lock:
                fresh = key not in judged
                judged.add(key)
            if fresh:
                trial = judging.trial(sandbox, data, seed)
                if is_failure(judging, sandbox, trial):
                    judging.require_valid(sandbox, data, seed)
                    with lock:
                        best = state["failure"]
                        if best is None or seed < best.seed:
                            state["failure"] = trial
            if on_progress is not None:
                on_progress(seed)

    with ThreadPoolExecutor(max_workers=max(1, plan.workers)) as pool:
        try:
            for future in [pool.submit(worker) for _ in range(max(1, plan.workers))]:
                future.result()
        except BaseException:  # e.g. Ctrl-C or SIGTERM in this thread: the workers stop too
            with lock:
                state["broken"] = True
            raise
    seconds = time.monotonic() - started
    return StressOutcome(state["done"], seconds, state["failure"])


# Verdicts a busy machine can cause on its own: found once, they are judged again before counting.
_LOAD_SENSITIVE = frozenset({Verdict.TLE, Verdict.JE})


def is_failure(judging: Judging, sandbox: Sandbox, trial: Trial) -> bool:
    """A trial fails when it is not accepted, and a load-sensitive verdict repeats on a rerun."""
    verdict = trial.result.verdict
    if verdict.accepted:
        return False
    if verdict not in _LOAD_SENSITIVE:
        return True
    return judging.trial(sandbox, trial.data, trial.seed).result.verdict is verdict


def shrink_failure(
    judging: Judging, sandbox: Sandbox, failure: Trial, budget_seconds: float
) -> tuple[Trial, ShrinkResult]:
    """Shrink a failing input, keeping it valid and failing; judge the result once more."""

    def still_fails(data: bytes) -> bool:
        if not judging.is_valid(sandbox, data):
            return False
        try:
            trial = judging.trial(sandbox, data, None)
        except SetterProgramError:
            # The reference cannot answer this candidate (a lax validator let it through, as
            # "guess 0" in a guessing game): it is not an input of the problem, so not kept.
            return False
        # Only the failure being shrunk counts: a candidate that merely ran out of time on a
        # busy machine (or met a judge error) would shrink towards the load, not the bug.
        return trial.result.verdict is failure.result.verdict

    programs = judging.programs
    programs = judging.programs
    proposals = None
    if programs.shrinker is not None:
        proposals = lambda data: programs.shrink_proposals(sandbox, data)  # noqa: E731
    result = shrink(failure.data, still_fails, budget_seconds, proposals)
    # The shrunk input failed the same way already; a rerun slowed by other work on the machine
    # is tried again rather than reported as a different verdict.
    for _ in range(3):
        final = judging.trial(sandbox, result.data, None)
        if final.result.verdict is failure.result.verdict:
            break
    return final, result


def save_failure(
    root: Path, problem_id: str, solution: Path, outcome: StressOutcome
) -> dict[str, str]:
    """Saved under .judge/stress/PROBLEM/SOLUTION/seed-N: another solution failing on the same
    seed gets a folder of its own. The solution's folder name carries a hash of its full path, as
    two solutions may share a file name."""
    failure = outcome.failure
    label = f"seed-{failure.seed}" if failure.seed is not None else time.strftime("%Y%m%d-%H%M%S")
    path_hash = hashlib.sha256(str(solution.resolve()).encode()).hexdigest()[:8]
    folder = root / ".judge" / "stress" / problem_id / f"{solution.name}-{path_hash}" / label
    folder.mkdir(parents=True, exist_ok=True)
    saved = _write_trial(folder, "failing", failure)
    if outcome.shrunk is not None:
        saved |= _write_trial(folder, "shrunk", outcome.shrunk)
    return saved


def _write_trial(folder: Path, prefix: str, trial: Trial) -> dict[str, str]:
    paths = {
        f"{prefix}_input": folder / f"{prefix}.in",
        f"{prefix}_expected": folder / f"{prefix}.ans",
        f"{prefix}_output": folder / f"{prefix}.out",
    }
    for key, data in zip(paths, (trial.data, trial.answer, trial.output), strict=True):
        paths[key].write_bytes(data)
    return {key: str(path) for key, path in paths.items()}


def make_scratch() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="judge-stress-")
