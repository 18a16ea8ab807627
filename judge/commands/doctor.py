"""`judge doctor`."""

from __future__ import annotations

import click

from judge.commands.shared import root_option
from judge.commands.context import AppContext
from judge.resident.control import ask, why_not_taken
from judge.resident.place import resident_folder


@click.command(short_help="Show which sandbox guarantees this host gives.")
@root_option
@click.pass_obj
def doctor(app: AppContext) -> None:
    """Show which guarantees this host gives (time, memory, output, network, file system,
    processes, cleanup), each active or unavailable with the reason, the calibrated memory
    baselines of each language runtime, and whether a resident judge takes the commands run
    from here."""
    from judge.present.doctor import diagnose, render_diagnosis

    sandbox = app.open_sandbox()
    try:
        click.echo(render_diagnosis(diagnose(sandbox)))
    finally:
        sandbox.close()
    click.echo(resident_line(resident_folder(app.environ)))


def resident_line(folder: str) -> str:
    """Whether a resident judge runs for this cache folder and would take this process's
    commands: its commands judge with the guarantees above only when their setting is this
    one."""
    answer = ask(folder, "status")
    if answer is None:
        return ("resident judge: none runs (`judge daemon start` keeps one, and commands start "
                "without the judge's own start-up)")
    pid = answer["status"]["pid"]
    if answer["differences"]:
        return f"resident judge: pid {pid}, but {why_not_taken(answer['differences'])}"
    return f"resident judge: pid {pid}, takes the commands run from here"
