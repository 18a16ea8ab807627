"""The online judge: an HTTP API over the project's problems, a database, a queue and workers.

settings   ServiceSettings and WorkerSettings: every option, parsed once at the edge
db         engines, sessions and Alembic migrations (SQLite with WAL, or PostgreSQL)
models     the tables: users, submissions, progress, contests and their teams
contests   a contest stored and loaded (judge.contest.model <-> rows), and its import
contest_board  a contest's standings from the stored submissions, for one view
contest_jury   a contest's state (scheduled ... final), its thaw and finalization
contest_archive  a contest as a CLICS archive, and an archive's history stored back
board_cache    contest boards made once per change, served from memory (and its ETag)
team_windows   a team's start of its own window, the first press winning
hidden_problems  problems of contests that have not started: the jury's alone until then
clarifications, balloons, rejudgings   the jury's tools of a contest
clics_record   a stored contest as the CLICS Contest API's objects
clics_live     that record kept in memory, read again by the submissions a change names
judgement_history  judgements a rejudge replaced, kept for the API and its feed
contest_feed   the stored event feed of each view of a contest
feed_logs      its logs and the contest's record, kept in memory between updates
feed_views     a view's objects served from its feed's log in memory
feed_tails     the feed's streaming readers, one shared tail per view
auth       tokens (stored hashed), roles, and the request's user
store      what happens to a submission, as database transactions
scheduling which queued job a judging process gets next: by priority, then round-robin
plans      how much of a submission is judged (lazy evaluation, a bounded cost)
problems   problem.yaml files, parsed once and again when they change
documents  the submission document and what each role may see of it
packages   problem packages as content-addressed archives, built, verified and unpacked
queue      the broker (Redis, or in-memory) and the one judging actor
judging    the job a judging process does: claim, fetch the package, judge, post the result
worker     a pool of judging processes consuming the queue (judge worker, judge serve)
workers    the judging processes as the server knows them (heartbeats, the queue page)
changes    live updates pushed to the event streams (in-process, or Redis pub/sub)
metrics    Prometheus metrics (/metrics)
sweeper    re-queues what a lost message or a dead worker left behind
api/       the FastAPI application and its routes
server     `judge serve`: migrations, the app, the sweeper and its judging processes
client     the HTTP client used by `judge submit --server` and by workers

Imports problem, judging, setter and present (one result document, judge.present.schema).
Imported by web (the pages read the service's data) and the commands.
"""
