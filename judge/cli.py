"""The `judge` command line. Commands are thin: they parse, call the library, and render."""

from __future__ import annotations

import atexit
import errno
import os
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from judge import __version__
from judge.commands import COMMANDS, load_command
from judge.commands.shared import ROOT_HELP
from judge.commands.context import AppContext
from judge.errors import JudgeError

if TYPE_CHECKING:
    from judge.judging.parallel import ReadySandboxes

USAGE_ERROR_EXIT = 2
INTERNAL_ERROR_EXIT = 3
INTERRUPTED_EXIT = 130  # 128 + SIGINT
TERMINATED_EXIT = 143  # 128 + SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM (`timeout`, a service manager): unwinds like Ctrl-C, so that sandboxes close,
    fork servers leave and temporary folders go."""


def _terminate(signum, frame) -> None:
    raise Terminated()


def terminate_on_sigterm() -> None:
    signal.signal(signal.SIGTERM, _terminate)


class ReportedError(click.ClickException):
    """A JudgeError on its way out through click: exit status 2, one line, no traceback."""

    exit_code = USAGE_ERROR_EXIT

    def format_message(self) -> str:
        return self.message

    def show(self, file=None) -> None:
        click.echo(f"judge: error: {self.format_message()}", err=True)


class JudgeGroup(click.Group):
    """The commands, each imported when it is asked for (judge.commands.COMMANDS)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return load_command(cmd_name)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except JudgeError as exc:
            raise ReportedError(str(exc)) from None
        except OSError as exc:
            if exc.filename is None or exc.errno not in HOST_REFUSALS:
                raise
            raise ReportedError(refused(exc)) from None


# What the host refuses on a file the command names or writes (a folder the user may not
# write, a read-only or full file system): the user's to fix, said in one line, not a bug.
HOST_REFUSALS = frozenset({errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOSPC, errno.EDQUOT})


def refused(exc: OSError) -> str:
    where = " -> ".join(str(name) for name in (exc.filename, exc.filename2) if name is not None)
    return f"{where}: {exc.strerror or exc}"


@click.group(cls=JudgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    help=ROOT_HELP,
)
@click.version_option(__version__, prog_name="judge")
@click.pass_context
def cli(ctx: click.Context, root: Path | None) -> None:
    """Judge solutions against problem packages, and produce and prove their tests.

    Exit status: 0 success (AC), 1 a rejecting verdict or a failed check, 2 a usage or problem
    error (bad problem.yaml, missing files). `--root` may also follow the command name.
    """
    ctx.obj = AppContext.from_process(root, ready=ctx.obj)


def main(argv: list[str] | None = None) -> NoReturn:
    """Console entry point: user errors become short messages, never tracebacks."""
    terminate_on_sigterm()
    _leave(_status(argv, None))


def run_command(argv: list[str] | None, ready: ReadySandboxes | None = None) -> int:
    """Run the command; its exit status, once what the command started has ended (see
    finish). `ready`: sandboxes already open, which a resident judge's spare hands over."""
    return finish(_status(argv, ready))


def _status(argv: list[str] | None, ready: ReadySandboxes | None) -> int:
    """Run the command; its exit status."""
    try:
        status = cli.main(args=argv, prog_name="judge", standalone_mode=False, obj=ready)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.Abort as exc:  # click turns an interrupt inside a command into Abort
        if isinstance(exc.__cause__, Terminated):
            click.echo("terminated", err=True)
            return TERMINATED_EXIT
        click.echo("interrupted" if isinstance(exc.__cause__, KeyboardInterrupt) else "aborted",
                   err=True)
        return INTERRUPTED_EXIT
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except Terminated:
        click.echo("terminated", err=True)
        return TERMINATED_EXIT
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        return INTERRUPTED_EXIT
    except Exception as exc:  # a bug in the judge: say so briefly; the trace on request
        click.echo(f"judge: internal error: {type(exc).__name__}: {exc}", err=True)
        if os.environ.get("JUDGE_DEBUG"):
            import traceback  # only for a bug: not loaded on every run

            traceback.print_exc()
        else:
            click.echo("(set JUDGE_DEBUG=1 to see the traceback)", err=True)
        return INTERNAL_ERROR_EXIT
    # Without standalone mode click returns the status a command exited with.
    return status if isinstance(status, int) else 0


def _leave(status: int) -> NoReturn:
    """Exit with `status` as Python would, less the teardown of every object of every module
    loaded (tens of milliseconds after the work is done, in which nothing anyone can see
    happens)."""
    os._exit(finish(status))


def finish(status: int) -> int:
    """What Python does at exit that anyone can see: threads that are not daemons are waited
    for, atexit functions run (temporary folders go), stdout and stderr are flushed (a reader
    that went away is no error). The status to exit with: an interrupt meanwhile changes it."""
    try:
        current = threading.current_thread()
        for thread in threading.enumerate():
            if thread is not current and not thread.daemon:
                thread.join()
        atexit._run_exitfuncs()
    except KeyboardInterrupt:  # interrupted again while leaving: leave now
        status = TERMINATED_EXIT if isinstance(sys.exc_info()[1], Terminated) else INTERRUPTED_EXIT
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    return status
