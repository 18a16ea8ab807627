import os

print(sorted(os.environ))
print(sorted(int(fd) for fd in os.listdir("/proc/self/fd")))
