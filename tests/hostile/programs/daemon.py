import os
import time

# Double fork: the grandchild leaves its session and lives on, unless the judge ends it.
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(30)
    os._exit(0)
print("parent done")
