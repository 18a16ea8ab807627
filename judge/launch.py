"""The `judge` command: handed to the user's resident judge when one runs (judge.resident),
else run here. Nothing of the judge is imported before that choice."""

import os
import sys


def main() -> None:
    from judge.resident.client import served

    status = served(sys.argv[1:], dict(os.environ))
    if status is not None:
        os._exit(status)  # nothing of the command's ran here: nothing to flush or tear down
    from judge.cli import main as run_here

    run_here()
