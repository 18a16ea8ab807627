"""The vocabulary of judging: verdicts, a problem's limits, and the verdict table.

    verdict   the Verdict enum, the folders that promise one, and the POJ-style overall verdict
    limits    a problem's time, memory and output limits, as plain data
    outcome   the verdict table: the facts of a run and the limits become one verdict

Imports only the sandbox's API (the facts it reports). Everything that judges or reports imports
this package; it knows nothing of problem packages, languages or checkers.
"""
