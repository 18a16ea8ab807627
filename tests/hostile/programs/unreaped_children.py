"""Children that burn CPU and end without their parent ever waiting for them: it learns through
a pipe that they are done, prints how much they burned, and exits, leaving them zombies for the
PID namespace's holder to reap. A judge that counts only the CPU of the children a program
reaped sees none of theirs. Input: how many children, and each one's seconds of CPU."""

import os
import sys
import time

count, seconds = sys.stdin.read().split()
read_end, write_end = os.pipe()
for _ in range(int(count)):
    if os.fork() == 0:
        os.close(read_end)
        started = time.process_time()
        while time.process_time() - started < float(seconds):
            pass
        os.write(write_end, b"%.3f\n" % (time.process_time() - started))
        os._exit(0)
os.close(write_end)
with os.fdopen(read_end, "rb") as done:
    print(f"{sum(float(line) for line in done):.3f}")
