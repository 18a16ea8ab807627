"""`judge doctor`."""

from __future__ import annotations

import click

from judge.commands.shared import root_option
from judge.commands.context import AppContext


@click.command(short_help="Show which sandbox guarantees this host gives.")
@root_option
@click.pass_obj
def doctor(app: AppContext) -> None:
    """Show which guarantees this host gives (time, memory, output, network, file system,
    processes, cleanup), each active or unavailable with the reason, and the calibrated memory
    baselines of each language runtime."""
    from judge.present.doctor import diagnose, render_diagnosis

    sandbox = app.open_sandbox()
    try:
        click.echo(render_diagnosis(diagnose(sandbox)))
    finally:
        sandbox.close()
