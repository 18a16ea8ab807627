"""`judge user add | list | remove | token`: the online judge's users and their tokens."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from judge.commands.context import AppContext
from judge.service.models import Role
from judge.service.settings import sqlite_url

if TYPE_CHECKING:
    from sqlalchemy.orm import Session


db_option = click.option(
    "--db", "db_url", metavar="URL", help="The server's database (as for judge serve)."
)


@click.group(short_help="Users of the online judge: add, list, remove, new tokens.")
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
@db_option
@click.pass_obj
def add(app: AppContext, name: str, role: str, db_url: str | None) -> None:
    """Create user NAME and print its API token (last line; it is stored only hashed, so keep
    it: a lost token means a new one, `judge user token NAME --rotate`)."""
    from judge.service.auth import add_user

    with service_session(app, db_url) as session:
        token = add_user(session, name, Role(role))
    click.echo(f"user {name} ({role}) created; send this token as 'Authorization: Bearer TOKEN':")
    click.echo(token)


@user.command("list")
@db_option
@click.pass_obj
def list_users(app: AppContext, db_url: str | None) -> None:
    """Every user: name, role, when it was created, how many submissions it has."""
    from judge.service.auth import list_users as users

    with service_session(app, db_url) as session:
        rows = users(session)
    click.echo(f"{'name':24} {'role':10} {'created (UTC)':19} submissions")
    for row in rows:
        created = row.created_at.strftime("%Y-%m-%d %H:%M:%S")
        click.echo(f"{row.name:24} {row.role:10} {created:19} {row.submissions}")


@user.command("remove")
@click.argument("name")
@click.option("--yes", is_flag=True, help="Do not ask, even when the user has submissions.")
@db_option
@click.pass_obj
def remove(app: AppContext, name: str, yes: bool, db_url: str | None) -> None:
    """Remove user NAME: its token and sessions stop working (a running server notices within
    a few seconds), and its submissions are deleted."""
    from judge.service.auth import remove_user, submissions_of

    with service_session(app, db_url) as session:
        count = submissions_of(session, name)
    if count and not yes:
        click.confirm(f"user {name} has {count} submissions; delete them too?", abort=True)
    with service_session(app, db_url) as session:
        removed = remove_user(session, name)
    click.echo(f"user {name} removed, with {removed} submissions")


@user.command("token")
@click.argument("name")
@click.option("--rotate", is_flag=True, help="Make a new token; the old one stops working.")
@db_option
@click.pass_obj
def token(app: AppContext, name: str, rotate: bool, db_url: str | None) -> None:
    """Print a new token for user NAME (last line). Tokens are stored only hashed, so an old
    one cannot be shown: --rotate replaces it."""
    from judge.service.auth import rotate_token

    if not rotate:
        raise click.UsageError(
            "tokens are stored only as their hash and cannot be shown again; "
            "--rotate makes a new one (the old one stops working)"
        )
    with service_session(app, db_url) as session:
        new = rotate_token(session, name)
    click.echo(f"user {name} has a new token; the old one and its sessions no longer work:")
    click.echo(new)


@contextmanager
def service_session(app: AppContext, db_url: str | None) -> Iterator[Session]:
    from judge.service.db import Database

    database = Database(db_url or sqlite_url(app.root))
    try:
        database.migrate()
        with database.writing() as session:
            yield session
    finally:
        database.close()
