import os
import sys

# The mount points of this process's root, and which of them the kernel would let anyone write
# (mounted read-write): in the sandbox only the own directory and /proc should be.
mounts = []
writable_mounts = []
with open("/proc/self/mountinfo") as mountinfo:
    for line in mountinfo:
        fields = line.split()
        mounts.append(fields[4])
        if "rw" in fields[5].split(","):
            writable_mounts.append(fields[4])

# stdin names host paths to create; also try the usual writable places of a system, and a new
# file in every folder something is mounted on but the own directory.
written = []
places = sys.stdin.read().split() + ["/tmp/escape", "/escape", "/usr/escape", "/dev/shm/escape",
                                     "../escape", "/proc/escape"]
places += [os.path.join(mount, "escape") for mount in mounts
           if mount != os.getcwd() and os.path.isdir(mount)]
for path in places:
    try:
        with open(path, "w") as handle:
            handle.write("escaped")
        written.append(path)
    except OSError:
        pass
with open("inside.txt", "w") as inside:
    inside.write("fine")  # the own directory is writable
print("written:", written)
print("writable mounts:", sorted(set(writable_mounts)))
