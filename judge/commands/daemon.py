"""`judge daemon start | stop | status`: the user's resident judge (judge.daemon)."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time

import click

from judge.commands.context import AppContext
from judge.errors import JudgeError
from judge.resident.client import SERVED
from judge.resident.control import ask, why_not_taken
from judge.resident.place import open_own_folder, resident_folder
from judge.wording import plural

START_TIMEOUT_S = 60.0  # its imports and first spare take well under a second


@click.group(short_help="A resident judge: commands start judging at once.")
def daemon() -> None:
    """A judge that stays in the background for this user and cache folder, its code loaded
    and a spare judge ready with its sandboxes open: `judge submit` and the other commands that
    judge then start at once instead of after the judge's own start-up (about a tenth of a
    second). Each command still runs in a process of its own, in the caller's folder,
    environment and terminal; Ctrl-C reaches it. It leaves after --idle-minutes without a
    command, on `judge daemon stop`, or when the judge's code on disk changes (the commands
    then start as usual). JUDGE_RESIDENT=0 keeps a command from it.
    """


@daemon.command(short_help="Start the resident judge.")
@click.option("--idle-minutes", type=click.FloatRange(min=0, min_open=True), default=60.0,
              show_default=True, help="Leave after this long without a command.")
@click.pass_obj
def start(app: AppContext, idle_minutes: float) -> None:
    """Start the resident judge in the background, unless one runs already."""
    folder = own_folder(app)
    running = ask(folder, "status")
    if running is not None:
        click.echo(f"a resident judge runs already: pid {running['status']['pid']}")
        return
    ready_r, ready_w = os.pipe()
    with open(os.path.join(folder, "log"), "ab") as log:
        subprocess.Popen(
            [sys.executable, "-m", "judge.daemon",
             "--idle-seconds", str(idle_minutes * 60), "--ready-fd", str(ready_w)],
            pass_fds=(ready_w,), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=log, cwd="/", env=app.environ, start_new_session=True,
        )
    os.close(ready_w)
    pid = read_ready(ready_r)
    if pid is None:
        raise JudgeError(f"the resident judge did not start: {last_line(folder)}")
    click.echo(f"resident judge started: pid {pid}, for the cache folder "
               f"{os.path.dirname(folder)}; it leaves after {idle_minutes:g} idle minutes. "
               f"Commands it takes: {', '.join(sorted(SERVED))}.")


@daemon.command(short_help="Stop the resident judge.")
@click.pass_obj
def stop(app: AppContext) -> None:
    """Stop the resident judge; commands it is running finish first on their own."""
    folder = resident_folder(app.environ)
    answer = ask(folder, "stop")
    if answer is None:
        click.echo("no resident judge runs")
        return
    click.echo(f"resident judge stopped: pid {answer['stopping']}")


@daemon.command(short_help="Say whether a resident judge runs.")
@click.pass_obj
def status(app: AppContext) -> None:
    """Whether a resident judge runs for this cache folder, and what it has done. Exit status
    1 when none runs."""
    answer = ask(resident_folder(app.environ), "status")
    if answer is None:
        click.echo("no resident judge runs")
        raise click.exceptions.Exit(1)
    state = answer["status"]
    started = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(state["started"]))
    click.echo(f"resident judge: pid {state['pid']}, started {started}, "
               f"{plural(state['served'], 'command')} taken, leaves after "
               f"{state['idle_minutes']:g} idle minutes; judge at {state['package']}, "
               f"Python {state['python']}")
    if state["declined"]:
        click.echo(f"{plural(state['declined'], 'command')} declined (their callers ran them): "
                   f"the last because {state['last_declined']}")
    if answer["differences"]:
        click.echo(why_not_taken(answer["differences"]))


def own_folder(app: AppContext) -> str:
    """The resident judge's folder, made the user's alone if it is new."""
    folder = resident_folder(app.environ)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    try:
        os.close(open_own_folder(folder))
    except PermissionError as exc:
        raise JudgeError(f"{folder}: others may write in it or it is not yours: refused "
                         f"(chmod 700 it)") from exc
    return folder


def read_ready(ready_r: int) -> int | None:
    """The daemon's pid once it listens; None if it ended first."""
    try:
        readable, _, _ = select.select([ready_r], [], [], START_TIMEOUT_S)
        data = os.read(ready_r, 64) if readable else b""
    finally:
        os.close(ready_r)
    return int(data) if data.strip().isdigit() else None


def last_line(folder: str) -> str:
    try:
        with open(os.path.join(folder, "log"), "rb") as log:
            lines = log.read().decode(errors="replace").strip().splitlines()
    except OSError:
        lines = []
    return lines[-1] if lines else "it ended without a word"
