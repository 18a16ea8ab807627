import os
import sys

# stdin names host paths that must be invisible; print whatever can be read or listed.
found = []
for path in sys.stdin.read().split():
    try:
        if os.path.isdir(path):
            found.append(f"{path}: {sorted(os.listdir(path))}")
        else:
            with open(path, "rb") as handle:
                found.append(f"{path}: {handle.read()!r}")
    except OSError:
        pass
print("\n".join(found) if found else "nothing")
