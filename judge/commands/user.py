"""`judge user add NAME --role ROLE`: API users and their tokens."""

from __future__ import annotations

import click

from judge.commands.context import AppContext
from judge.service.models import Role
from judge.service.settings import sqlite_url


@click.group(short_help="Add users of the online judge and print their tokens.")
def user() -> None:
    """Users of the online judge (`judge serve`)."""


@user.command("add")
@click.argument("name")
@click.option(
    "--role",
    type=click.Choice([role.value for role in Role]),
    default=Role.CONTESTANT.value,
    show_default=True,
    help="admin: everything; setter: sees all submissions and tests; contestant: submits and "
    "sees own results; worker: a judging machine.",
)
@click.option("--db", "db_url", metavar="URL", help="The server's database (as for judge serve).")
@click.pass_obj
def add(app: AppContext, name: str, role: str, db_url: str | None) -> None:
    """Create user NAME and print its API token (last line; it is stored only hashed, so keep
    it: a lost token means a new user)."""
    from judge.service.auth import add_user
    from judge.service.db import Database

    database = Database(db_url or sqlite_url(app.root))
    try:
        database.migrate()
        with database.writing() as session:
            token = add_user(session, name, Role(role))
    finally:
        database.close()
    click.echo(f"user {name} ({role}) created; send this token as 'Authorization: Bearer TOKEN':")
    click.echo(token)
