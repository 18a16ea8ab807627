"""The languages submissions and the problem setter's programs are written in.

    registry  one descriptor per language (extensions, compile and run templates), and detection
    build     the compile step: a source becomes a program, compiled once (isolated when it is a
              submission's) and cached

Imports the sandbox and judge.verdicts (a failed compile step is CE or JE by the verdict table).
Imported by checkers (checker programs are compiled), problem (problem.yaml names languages),
judging, setter, formats, service and web.
"""
