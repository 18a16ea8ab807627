"""Reads the PID namespace's sequence (its own pid) and moves it by forking as many children as
its input says, each of which ends at once: a run after it in the same namespace that found
the sequence where this one left it would know the number. Prints its pid and its children's."""

import json
import os
import sys

moves = int(sys.stdin.read() or 0)
children = []
for _ in range(moves):
    child = os.fork()
    if child == 0:
        os._exit(0)
    os.waitpid(child, 0)
    children.append(child)
print(json.dumps({"pid": os.getpid(), "children": children}))
