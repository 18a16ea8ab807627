"""One module per subcommand. COMMANDS says where each command lives: the CLI imports a
command's module only when that command runs (or when --help lists them all), so that judging
does not pay for the service's database layer, nor the service for the judge's reports.

context.AppContext is what every command needs from its surroundings, resolved once. The
commands are the top layer. Imports: any package. Imported by: judge.cli alone."""

from __future__ import annotations

import importlib

import click

COMMANDS = {  # name -> (module, attribute)
    "submit": ("judge.commands.submit", "submit"),
    "run": ("judge.commands.run", "run"),
    "diff": ("judge.commands.run", "diff"),
    "list": ("judge.commands.problems", "list_problems"),
    "show": ("judge.commands.problems", "show"),
    "validate": ("judge.commands.validate", "validate"),
    "answer": ("judge.commands.answer", "answer"),
    "generate": ("judge.commands.generate", "generate"),
    "stress": ("judge.commands.stress", "stress"),
    "verify": ("judge.commands.verify", "verify"),
    "doctor": ("judge.commands.doctor", "doctor"),
    "import": ("judge.commands.import_package", "import_package"),
    "export": ("judge.commands.export_package", "export_package"),
    "new": ("judge.commands.new", "new"),
    "serve": ("judge.commands.serve", "serve"),
    "worker": ("judge.commands.serve", "worker"),
    "user": ("judge.commands.user", "user"),
    "contest": ("judge.commands.contest", "contest"),
    "daemon": ("judge.commands.daemon", "daemon"),
}


def load_command(name: str) -> click.Command | None:
    """The command called `name`, its module imported now; None for an unknown name."""
    if name not in COMMANDS:
        return None
    module, attribute = COMMANDS[name]
    command = getattr(importlib.import_module(module), attribute)
    if command.name != name:
        raise AssertionError(f"{module}.{attribute} is named {command.name!r}, not {name!r}")
    return command
