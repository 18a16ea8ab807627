"""The online judge: an HTTP API over the project's problems, a database, a queue and workers.

settings   ServiceSettings and WorkerSettings: every option, parsed once at the edge
db         engines, sessions and Alembic migrations (SQLite with WAL, or PostgreSQL)
models     the tables: users, submissions, progress
auth       tokens (stored hashed), roles, and the request's user
store      what happens to a submission, as database transactions
problems   problem.yaml files, parsed once and again when they change
documents  the submission document and what each role may see of it
packages   problem packages as content-addressed archives, built, verified and unpacked
queue      the broker (Redis, or in-memory) and the one judging actor
judging    the job a worker does: claim, fetch the package, judge, post the result
worker     a worker: a sandbox per judging thread, consuming the queue
sweeper    re-queues what a lost message or a dead worker left behind
api/       the FastAPI application and its routes
server     `judge serve`: migrations, the app, the sweeper and the embedded workers
client     the HTTP client used by `judge submit --server` and by workers

Imports problem, judging, setter and present (one result document, judge.present.schema).
Imported by web (the pages read the service's data) and the commands.
"""
