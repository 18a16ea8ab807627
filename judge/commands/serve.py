"""`judge serve` and `judge worker`: the online judge (judge.service)."""

from __future__ import annotations

import functools
import logging
import signal
import threading

import click

from judge.commands.context import AppContext
from judge.sandbox import SandboxChoice, open_sandbox
from judge.service.settings import (
    DEFAULT_SOURCE_LIMIT,
    QueueSettings,
    ServiceSettings,
    WorkerSettings,
    default_processes,
    sqlite_url,
)

processes_option = click.option(
    "--processes",
    type=click.IntRange(1),
    help="Judging processes: submissions judged at once, each in a process of its own with "
    "a sandbox of its own (default: one per core).",
)
unsandboxed_option = click.option(
    "--unsandboxed",
    is_flag=True,
    help="Judge even when the sandbox cannot isolate submissions (trusted submitters only).",
)


@click.command(short_help="Serve the online judge: web pages, HTTP API, database, judging.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--db",
    "db_url",
    metavar="URL",
    help="sqlite:///PATH or postgresql://USER@HOST/DB (default: .judge/judge.db in the project).",
)
@click.option(
    "--broker",
    metavar="URL",
    help="redis://HOST:PORT/N: judge on `judge worker` machines. Default: judge here.",
)
@processes_option
@unsandboxed_option
@click.option(
    "--source-limit",
    default=DEFAULT_SOURCE_LIMIT,
    show_default=True,
    type=click.IntRange(1),
    help="Largest source accepted, in bytes.",
)
@click.option(
    "--rate-limit",
    default=30,
    show_default=True,
    type=click.IntRange(1),
    help="Submissions per user per minute (admins are exempt).",
)
@click.option(
    "--lease",
    default=QueueSettings.lease_seconds,
    show_default=True,
    type=click.FloatRange(1),
    help="Seconds a worker may go without reporting a test before its job is judged again.",
)
@click.option(
    "--resend-after",
    default=QueueSettings.resend_after_seconds,
    show_default=True,
    type=click.FloatRange(1),
    help="Seconds after which a submission still queued is sent to the queue again.",
)
@click.option(
    "--stream-limit",
    default=ServiceSettings.stream_limit,
    show_default=True,
    type=click.IntRange(1),
    help="Live pages (event streams) one user may hold open at once.",
)
@click.pass_obj
def serve(
    app: AppContext,
    host: str,
    port: int,
    db_url: str | None,
    broker: str | None,
    processes: int | None,
    unsandboxed: bool,
    source_limit: int,
    rate_limit: int,
    lease: float,
    resend_after: float,
    stream_limit: int,
) -> None:
    """Serve the online judge over the project's problems: web pages and the HTTP API.

    With no --broker this one command is a complete judge: SQLite in .judge/judge.db and one
    judging process per core, started by this one. With --broker, `judge worker` processes on any
    machine do the judging. The pages are at / (sign in with a token from `judge user add`),
    the API at /api (schema: /api/openapi.json).
    """
    from judge.service.server import JudgeServer
    from judge.web.site import install_site

    _log_to_stderr()
    root = app.root
    settings = ServiceSettings(
        root=root,
        cache=app.cache,
        db_url=db_url or sqlite_url(root),
        broker_url=broker,
        host=host,
        port=port,
        processes=processes or default_processes(),
        unsandboxed=unsandboxed,
        source_limit=source_limit,
        rate_limit=rate_limit,
        stream_limit=stream_limit,
        queue=QueueSettings(
            lease_seconds=lease,
            resend_after_seconds=resend_after,
            sweep_every_seconds=min(QueueSettings.sweep_every_seconds, lease / 2),
        ),
    )
    server = JudgeServer(settings, _sandbox_factory(app), extensions=(install_site,))
    where = f"workers on {broker}" if broker else f"judging here, {settings.processes} at once"
    url = settings.public_url
    click.echo(f"judge serving {root} on {url}/ (API: {url}/api), {where}", err=True)
    if not server.people():
        click.echo(
            "no users yet: `judge user add NAME --role admin` prints a token; "
            f"sign in with it at {url}/signin",
            err=True,
        )
    server.serve()


@click.command(short_help="Judge submissions from the queue for a judge server.")
@click.option("--broker", metavar="URL", required=True, help="redis://HOST:PORT/N")
@click.option("--server", "server_url", metavar="URL", required=True, help="The judge server.")
@click.option(
    "--token",
    envvar="JUDGE_TOKEN",
    required=True,
    help="A worker token (`judge user add NAME --role worker`); default: $JUDGE_TOKEN.",
)
@processes_option
@unsandboxed_option
@click.pass_obj
def worker(
    app: AppContext,
    broker: str,
    server_url: str,
    token: str,
    processes: int | None,
    unsandboxed: bool,
) -> None:
    """Judge submissions from the queue at BROKER for the server at SERVER.

    Needs no database and no shared files: problem packages come from the server by hash and
    are cached. Refuses to start without sandbox isolation unless --unsandboxed.
    """
    from judge.service.client import ServiceClient
    from judge.service.queue import open_broker, warn_if_unreachable
    from judge.service.worker import (
        JudgingPool,
        ProcessSpec,
        prove_languages,
        require_isolation,
    )

    _log_to_stderr()
    settings = WorkerSettings(
        server_url=server_url,
        token=token,
        cache=app.cache,
        broker_url=broker,
        processes=processes or default_processes(),
        unsandboxed=unsandboxed,
    )
    factory = _sandbox_factory(app)
    info = require_isolation(factory, settings.cache, settings.unsandboxed)
    unavailable = prove_languages(factory, settings.cache)  # before any job is taken
    queue = open_broker(settings.broker_url, settings.queue)
    warn_if_unreachable(queue, settings.broker_url)
    with ServiceClient(settings.server_url, settings.token) as client:
        unreachable = client.check()
    if unreachable:
        logging.getLogger("judge.service").warning("server unreachable for now: %s", unreachable)
    spec = ProcessSpec(settings.server_url, settings.token, settings.cache, factory)
    pool = JudgingPool(queue, spec, settings.processes)
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    pool.start(unavailable)
    click.echo(
        f"judge worker: {settings.processes} judging processes, {info.kind} sandbox, "
        f"queue {broker}, server {server_url}",
        err=True,
    )
    stop.wait()
    click.echo("judge worker: stopping after the jobs in hand", err=True)
    pool.stop()


def _sandbox_factory(app: AppContext):
    """Sandboxes as the host allows ($JUDGE_SANDBOX=plain asks for the plain runner)."""
    return functools.partial(open_sandbox, choice=SandboxChoice.from_environ(app.environ))


def _log_to_stderr() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("dramatiq").setLevel(logging.WARNING)
    logging.getLogger("httpx").setLevel(logging.WARNING)
