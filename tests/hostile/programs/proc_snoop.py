import os

pids = sorted(int(name) for name in os.listdir("/proc") if name.isdigit())
print(pids)
