"""The resident judge (`judge daemon start`): one background process per user and cache folder
that keeps the judge's code imported and a spare judge forked, its sandboxes open, so that a
command starts judging at once instead of after the judge's own start-up.

    server   the daemon: takes a command's request, hands it to the spare, forks the next one
    spare    a judge forked ready; it becomes the one command it is handed, then ends
    stamp    the code the daemon runs, so that a changed install is never served by old code

Every command is a process of its own, forked from the daemon: nothing of one command stays for
the next. Its clients talk to it through judge.resident. Started as `python -m judge.daemon`.

Imports: judge.cli (a spare runs the command as `judge` does), judge.resident, and what every
command needs, imported ahead. Imported by: nothing (it runs as a program of its own).
"""
