import sys

# stdin names host paths to create; also try the usual writable places of a system.
written = []
for path in sys.stdin.read().split() + ["/tmp/escape", "/escape", "/usr/escape", "/dev/shm/escape",
                                        "../escape", "/proc/escape"]:
    try:
        with open(path, "w") as handle:
            handle.write("escaped")
        written.append(path)
    except OSError:
        pass
with open("inside.txt", "w") as inside:
    inside.write("fine")  # the own directory is writable
print("written:", written)
