import os
import signal
import sys

# stdin holds the pid of a process outside the run: it must survive, and so must the judge.
outside = int(sys.stdin.read())
for pid in (outside, os.getppid(), 1, -1):
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
print("still here")
