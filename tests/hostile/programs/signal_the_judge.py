import json
import os
import signal

# Which processes of its PID namespace could this run signal? kill() with signal 0 makes the
# kernel's permission check without sending anything. Pid 1 (the namespace's holder) and the
# run's parent (its init, when the run leaves files) are processes of the judge's uid on the
# host: a run that could signal them could signal any process of the judge's that it named.
# Numbers are drawn afresh for each run, and its init and program take the next ones: the
# judge's are 1 and those just below this run's own.
me = os.getpid()
reachable, refused = [], []
for pid in sorted({1, *range(max(1, me - 64), me + 64)}):
    if pid == me:
        continue
    try:
        os.kill(pid, 0)
        reachable.append(pid)
    except ProcessLookupError:
        pass
    except PermissionError:
        refused.append(pid)
# And for real, at its parent: a SIGSTOP there would hang the run's init.
try:
    os.kill(os.getppid(), signal.SIGSTOP)
    stopped = "sent"
except OSError as exc:
    stopped = type(exc).__name__
print(json.dumps({"parent": os.getppid(), "reachable": reachable, "refused": refused,
                  "stop_parent": stopped, "uid": os.getuid()}))
