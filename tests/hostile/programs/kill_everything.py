import os
import signal
import sys

# stdin holds the pid of a process outside the run: it must survive, and so must the judge.
# (A parent outside the run's PID namespace reads as 0, which kill() would take for this
# program's own process group: it is left out.)
outside = int(sys.stdin.read())
for pid in (outside, os.getppid() or None, 1, -1):
    if pid is None:
        continue
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
print("still here")
