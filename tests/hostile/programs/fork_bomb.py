import os
import time

# Fork without end; children fork too. The pids cgroup and RLIMIT_NPROC must bound it.
while True:
    try:
        os.fork()
    except OSError:
        time.sleep(0.01)
