import os
import sys

# Where does my input come from? The host path would name the project and the test.
data = sys.stdin.buffer.read()
print(os.readlink("/proc/self/fd/0"))
print(os.fstat(0).st_size, len(data), data[:20])
