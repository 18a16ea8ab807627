"""`judge contest import | export | list | show | thaw | finalize`: contests of the online
judge, as CLICS contest packages (docs/contests.md), and with `export --archive` as archives of
what a contest lived through, which `import` reads back. They work on the server's database as
`judge user` does; a running server sees a thaw or a finalization within a second."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import click

from judge.commands.context import AppContext
from judge.commands.user import db_option, service_session
from judge.errors import JudgeError, did_you_mean

FOLDER = click.Path(file_okay=False, path_type=Path)


@click.group(short_help="Contests of the online judge: import, export, list, show, thaw, finalize.")
def contest() -> None:
    """Contests of the online judge (`judge serve`), as CLICS contest packages."""


@contest.command("import")
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@db_option
@click.pass_obj
def import_contest(app: AppContext, folder: Path, db_url: str | None) -> None:
    """Load the contest package in FOLDER (again: the contest is updated). Each account
    without a user gets one, and its token is printed this once. An archive (`export
    --archive`) brings its submissions, judgements and clarifications too, into a contest that
    has none yet."""
    from judge.contest.archive import has_history, read_history
    from judge.contest.package import read_contest
    from judge.problem.spec import list_problem_ids
    from judge.service.contest_archive import store_history
    from judge.service.contests import import_contest as store

    package = read_contest(folder, known_problems=list_problem_ids(app.root))
    for note in package.ignored:
        click.echo(f"note: {note}", err=True)
    history = read_history(folder) if has_history(folder) else None
    contest = package.contest
    with service_session(app, db_url) as session:
        imported = store(session, contest)
        stored = store_history(session, contest.id, history) if history else None
    how = "updated" if imported.updated else "imported"
    click.echo(
        f"contest {contest.id} {how}: {len(contest.problems)} problems, "
        f"{len(contest.teams)} teams, {len(contest.accounts)} accounts"
    )
    if stored is not None:
        click.echo(f"history: {stored.submissions} submissions, {stored.judgements} "
                   f"judgements, {stored.clarifications} clarifications")
        if stored.renumbered:
            click.echo(f"{stored.renumbered} submissions got new ids: theirs were taken here")
    if imported.existing_users:
        click.echo("users there already keep their tokens: " + ", ".join(imported.existing_users))
    if imported.tokens:
        click.echo("new users; each token is shown only now (send 'Authorization: Bearer TOKEN'):")
        width = max(len(name) for name, _ in imported.tokens)
        for name, token in imported.tokens:
            click.echo(f"{name:{width}}  {token}")


@contest.command("export")
@click.argument("contest_id", metavar="ID")
@click.argument("folder", type=FOLDER)
@click.option("--archive", is_flag=True,
              help="Also what the contest lived through, as the Contest API shows the jury: "
                   "every endpoint's JSON, the event feed, each submission's files.")
@db_option
@click.pass_obj
def export_contest(app: AppContext, contest_id: str, folder: Path, archive: bool,
                   db_url: str | None) -> None:
    """Write contest ID as a contest package into FOLDER (passwords are not stored, so none
    are written: the accounts' users sign in with their tokens)."""
    from judge.contest.package import write_contest

    write_contest(_stored(app, db_url, contest_id), folder)
    if archive:
        from judge.contest.archive import write_archive
        from judge.service.contest_archive import contest_archive
        from judge.service.contests import aware
        from judge.service.models import utcnow

        with service_session(app, db_url) as session:
            found = contest_archive(session, contest_id, app.problem, aware(utcnow()))
        write_archive(found, folder)
        click.echo(f"contest {contest_id} archived in {folder}: "
                   f"{len(found.endpoints['submissions'])} submissions, "
                   f"{len(found.events)} events")
        return
    click.echo(f"contest {contest_id} written to {folder}")


@contest.command("list")
@db_option
@click.pass_obj
def list_contests(app: AppContext, db_url: str | None) -> None:
    """Every contest: id, name, start (UTC), duration, problems, teams."""
    from judge.contest.times import format_reltime
    from judge.service.contests import list_contests as contests

    with service_session(app, db_url) as session:
        rows = contests(session)
    if not rows:
        click.echo("no contests yet; `judge contest import DIR` loads one")
        return
    click.echo(f"{'id':16} {'start (UTC)':19} {'duration':>9} {'problems':>8} {'teams':>6}  name")
    for row in rows:
        click.echo(
            f"{row.id:16} {_when(row.start_time):19} {format_reltime(row.duration):>9} "
            f"{row.problems:>8} {row.teams:>6}  {row.name}"
        )


@contest.command("show")
@click.argument("contest_id", metavar="ID")
@db_option
@click.pass_obj
def show(app: AppContext, contest_id: str, db_url: str | None) -> None:
    """Contest ID: its window, freeze, teams, and problems with their labels."""
    from judge.contest.times import format_reltime

    found = _stored(app, db_url, contest_id)
    title = found.name + (f" ({found.formal_name})" if found.formal_name else "")
    click.echo(f"{found.id}: {title}")
    kind = found.scoreboard_type.value
    if kind == "pass-fail":
        kind += f", penalty {found.penalty_time} min per rejected try"
    else:
        kind += f", {found.score_mode.value}" + (", time tie-break" if found.time_tiebreak else "")
    click.echo(f"  scoreboard  {kind}")
    length = format_reltime(found.duration)
    if found.start_time is None:
        click.echo(f"  window      not scheduled ({length})")
    else:
        click.echo(f"  window      {_when(found.start_time)} to {_when(found.end_time)} UTC "
                   f"({length})")
    if found.team_duration is not None:
        click.echo(f"  per team    {format_reltime(found.team_duration)} from when the team "
                   "presses start")
    if found.freeze_time is not None:
        click.echo(f"  freeze      {_when(found.freeze_time)} UTC (the last "
                   f"{format_reltime(found.scoreboard_freeze_duration)})")
    else:
        click.echo("  freeze      none")
    balloons = "also" if found.balloons_after_freeze else "none"
    click.echo(f"  balloons    {balloons} for submissions sent during the freeze")
    if found.medals is not None:
        medals = found.medals
        click.echo(f"  medals      {medals.gold} gold, {medals.silver} silver, {medals.bronze} "
                   "bronze (places)")
    click.echo(f"  teams       {len(found.teams)} ({len(found.organizations)} organizations, "
               f"{len(found.groups)} groups), {len(found.accounts)} accounts")
    click.echo("  problems")
    titles = [_title(app, problem) for problem in found.problems]
    width = max((len(title) for title in titles), default=0)
    for problem, title in zip(found.problems, titles, strict=True):
        colour = f"{problem.color or ''} {problem.rgb or ''}".strip()
        click.echo(f"    {problem.label:3} {problem.id:20} {title:{width}}  {colour}".rstrip())


@contest.command("thaw")
@click.argument("contest_id", metavar="ID")
@db_option
@click.pass_obj
def thaw_contest(app: AppContext, contest_id: str, db_url: str | None) -> None:
    """Thaw contest ID's board: the public sees what the freeze hid."""
    from judge.service.contest_jury import thaw
    from judge.service.models import utcnow

    with service_session(app, db_url) as session:
        when = thaw(session, contest_id, utcnow())
    click.echo(f"contest {contest_id} thawed at {_when(when)} UTC")


@contest.command("finalize")
@click.argument("contest_id", metavar="ID")
@db_option
@click.pass_obj
def finalize_contest(app: AppContext, contest_id: str, db_url: str | None) -> None:
    """Make contest ID's results final: only after its end, with nothing of it pending."""
    from judge.service.contest_jury import finalize
    from judge.service.models import utcnow

    with service_session(app, db_url) as session:
        when = finalize(session, contest_id, utcnow())
    click.echo(f"contest {contest_id} finalized at {_when(when)} UTC")


def _stored(app: AppContext, db_url: str | None, contest_id: str):
    from judge.service.contests import list_contests, load_contest

    with service_session(app, db_url) as session:
        found = load_contest(session, contest_id)
        if found is None:
            known = [row.id for row in list_contests(session)]
            raise JudgeError(f"no contest {contest_id!r}" + did_you_mean(contest_id, known))
    return found


def _title(app: AppContext, problem) -> str:
    if problem.name:
        return problem.name
    try:
        return app.problem(problem.id).title
    except JudgeError:
        return "(not in this project's problems/)"


def _when(moment: datetime | None) -> str:
    return "-" if moment is None else moment.strftime("%Y-%m-%d %H:%M:%S")
