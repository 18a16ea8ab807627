"""Presenting a stress outcome: the terminal text (heads of long files, where the rest is) and
the JSON document of `judge stress --json`."""

from __future__ import annotations

import shlex
from pathlib import Path

from rich.console import Console
from rich.text import Text

from judge.present.controls import shown as shown_text
from judge.setter.stress import StressOutcome, StressPlan
from judge.wording import plural

OUTPUT_SHOWN = 65536  # characters of the failing output kept in the document
SHOWN_LINES = 20  # of a failing input, its answer and the output: the rest is in the saved files
SHOWN_WIDTH = 200


def replay_command(solution: Path, problem_id: str, saved: dict[str, str]) -> str | None:
    target = saved.get("shrunk_input") or saved.get("failing_input")
    if target is None:
        return None
    return shlex.join(["judge", "stress", str(solution), problem_id, "--input", target])


def stress_to_dict(outcome: StressOutcome, plan: StressPlan, saved, replay_command) -> dict:
    failure, shrunk = outcome.failure, outcome.shrunk
    shown = shrunk or failure  # the smallest failing case: its answers and explanation
    return {
        "verdict": failure.result.verdict.value if failure else "AC",
        "iterations": outcome.iterations,
        "seconds": round(outcome.seconds, 3),
        "rate_per_second": round(outcome.iterations / max(outcome.seconds, 1e-9), 1),
        "seed": failure.seed if failure else None,
        "first_seed": plan.first_seed,
        "generator_args": list(plan.args),
        "message": failure.result.message if failure else None,
        "failing_input": failure.data.decode(errors="replace") if failure else None,
        "shrunk_input": shrunk.data.decode(errors="replace") if shrunk else None,
        "shrunk_verdict": shrunk.result.verdict.value if shrunk else None,
        "shrink_steps": outcome.shrink.steps if outcome.shrink else None,
        "expected_output": shown.answer.decode(errors="replace") if shown else None,
        "output": shown.output.decode(errors="replace")[:OUTPUT_SHOWN] if shown else None,
        "details": shown.result.details or None if shown else None,
        "saved": saved or None,
        "replay": replay_command,
    }


def print_stress(
    console: Console, outcome: StressOutcome, saved, replay_command, interactive: bool = False
) -> None:
    """The outcome for a person; an interactive problem's failure shows the interactor's
    feedback where others show the expected and the actual output."""
    rate = outcome.iterations / max(outcome.seconds, 1e-9)
    failure = outcome.failure
    console.print(f"{plural(outcome.iterations, 'test')} in {outcome.seconds:.1f} s ({rate:.0f}/s)")
    if failure is None:
        console.print("[green]no failure found[/green]")
        return
    where = f"seed {failure.seed}" if failure.seed is not None else "the given input"
    line = Text(failure.result.verdict.value, style="red")
    line.append(f" on {where}: {shown_text(failure.result.message)}")
    console.print(line)
    shown = outcome.shrunk or failure
    if outcome.shrunk is not None:
        steps = outcome.shrink.steps if outcome.shrink else 0
        complete = "" if outcome.shrink and outcome.shrink.complete else " (time ran out)"
        console.print(
            f"shrunk in {plural(steps, 'step')} from {len(failure.data)} to "
            f"{len(shown.data)} bytes{complete}: "
            f"{shown.result.verdict.value} {shown_text(shown.result.message)}",
            markup=False,
        )
    folder = Path(next(iter(saved.values()))).parent
    prefix = "shrunk" if outcome.shrunk is not None else "failing"
    blocks = [("input", shown.data, f"{prefix}.in")]
    if not interactive:
        blocks += [
            ("expected", shown.answer, f"{prefix}.ans"),
            ("got", shown.output, f"{prefix}.out"),
        ]
    for title, data, name in blocks:
        console.print(f"[bold]{title}:[/bold]")
        console.print(head(data, folder / name), markup=False)
    if interactive and shown.result.details:
        console.print("[bold]the interactor said:[/bold]")
        console.print(shown_text(shown.result.details.rstrip()), markup=False)
    console.print(f"saved in {folder}", markup=False)
    console.print(f"replay: {replay_command}", markup=False)


def head(data: bytes, path: Path, lines: int = SHOWN_LINES, width: int = SHOWN_WIDTH) -> str:
    """The first lines of a saved file (each cut to `width`), and where the rest is."""
    text = shown_text(data.decode(errors="replace").rstrip("\n")).split("\n")
    shown = [line if len(line) <= width else line[: width - 3] + "..." for line in text[:lines]]
    if len(text) > lines:
        shown.append(f"... {plural(len(text) - lines, 'more line')}; all of it in {path}")
    return "\n".join(shown)
