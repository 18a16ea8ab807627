import os
import sys
import threading
import time

# Keep stderr busy from four threads at once, so that its pipe always has something for the
# judge to move: "burn" writes without a pause (CPU time flows), "sleep" writes a line every
# millisecond (the wall clock flows, the CPU hardly).
mode = sys.stdin.read().strip()
line = b"x" * 4096 if mode == "burn" else b"still here\n"


def write_forever():
    while True:
        os.write(2, line)
        if mode == "sleep":
            time.sleep(0.001)


for _ in range(4):
    threading.Thread(target=write_forever, daemon=True).start()
write_forever()
