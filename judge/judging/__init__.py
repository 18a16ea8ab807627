"""Judging one submission: run it on each test under the limits, check, grade, collect.

    runner               the submission on every test: launch, check, results in test order
    launch               one run of a submission, re-run alone when it ends near the limit
    near_limit           when a run is too close to the limit to believe on a noisy host
    interactive          one test of an interactive problem: submission and interactor by pipes
    interactive_verdict  the verdict of an interactive test, in the Kattis order
    multi_pass           one test of a multi-pass problem: runs again on the validator's nextpass.in
    interactive_passes   the same for an interactive problem: meets the interactor again
    transcript_player    the program that plays a sample transcript against an interactor
    grading, scoring     test groups: dependencies, early stops, group results and scores
    parallel, lookahead  tests on all cores, one sandbox per worker, taken in test order
    first_failure        the first failing test with its whole output (`judge diff`)

Imports the sandbox, judge.verdicts, languages, checkers and problem. Imported by setter,
present, formats, service and the commands; knows nothing of how results are shown.
"""
