import ctypes
import sys

# Whatever the fork server once held is in my memory too: look through all of my heap and
# anonymous memory (where Python keeps its objects) for strings of earlier runs. Each string
# comes in two halves on stdin, one per line, and is never joined here, so a match is a copy
# that came from somewhere else. (Lines starting with # are not looked for.)
CHUNK = 1 << 20
lines = sys.stdin.buffer.read().splitlines()
wanted = [tuple(line.split(b" ")) for line in lines if line and not line.startswith(b"#")]
regions = []
with open("/proc/self/maps") as maps:
    for line in maps:
        fields = line.split()
        name = fields[5] if len(fields) > 5 else ""
        if fields[1].startswith("r") and name in ("", "[heap]", "[stack]"):
            regions.append(tuple(int(value, 16) for value in fields[0].split("-")))
found = set()
for start, end in regions:
    for offset in range(start, end, CHUNK):
        data = ctypes.string_at(offset, min(CHUNK + 256, end - offset))
        for number, (head, tail) in enumerate(wanted):
            at = data.find(head)
            while at >= 0:
                if data.startswith(tail, at + len(head)):
                    found.add(number)
                at = data.find(head, at + 1)
print(sorted(found) or "nothing", len(wanted))
