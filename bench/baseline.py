"""The judge as it was when a speed target was set, for timing beside today's in the same rounds.

A ratio to a shell loop moves with the loop's interpreter (a start of 12 ms for the system's
python3 here, about 38 ms for pyenv's with its site-packages) and with the machine's load, so a
target such as "the ratio stays at or below today's" is only checkable against "today's" judge
timed in the same rounds, against the same loop. That judge is taken from the repository's own
history (`git archive`), never from a figure written down once.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
from pathlib import Path

from bench.common import ROOT

# The last commit before the sandbox was made right on every host (isolation as a normal user,
# cgroup v2, many judges): "today's" judge of that work's speed target, root on cgroup v1.
HOSTS_BASELINE = "4ce541046fbd55aa5ff14a6459216004d15ca36b"


def extract(commit: str, into: Path) -> Path | str:
    """The judge package of `commit`, extracted under `into` (a folder to put on PYTHONPATH),
    or why it cannot be had: no git, no history (a shallow clone), a commit unknown."""
    git = shutil.which("git")
    if git is None:
        return "git is missing"
    archived = subprocess.run([git, "archive", "--format=tar", commit, "judge"], cwd=ROOT,
                              capture_output=True, check=False)
    if archived.returncode != 0:
        why = archived.stderr.decode(errors="replace").strip().splitlines()
        return f"commit {commit[:7]} is not in this repository's history ({why[-1] if why else ''})"
    into.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(archived.stdout)) as archive:
        archive.extractall(into, filter="data")
    return into
