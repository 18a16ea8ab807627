"""Folders named for their process's slot (judge.sandbox.owned_folders): what a process killed
without cleaning up leaves is swept by the next one, what a live one holds is not, whatever PID
namespace either is in."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from judge.sandbox.owned_folders import OwnedFolders

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "judge-job-"

# Opens its OwnedFolders, makes a folder with a file in it, says where, and holds both until its
# stdin closes.
HOLDER = """
import sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from judge.sandbox.owned_folders import OwnedFolders
with OwnedFolders(sys.argv[2], Path(sys.argv[3]), sys.argv[4]) as folders:
    with folders.folder() as folder:
        (folder / "solution.py").write_text("print(1)")
        print(folder, flush=True)
        sys.stdin.read()
"""


def holder(parent: Path, locks: Path) -> tuple[subprocess.Popen, Path]:
    """A process holding a folder, in a PID namespace of its own where root may make one (the
    sweeper then sees none of its pids)."""
    prefix: tuple[str, ...] = ()
    if os.geteuid() == 0 and shutil.which("unshare"):
        # --kill-child: killing unshare kills its namespace's init, the holder, with it.
        prefix = ("unshare", "--pid", "--fork", "--mount-proc", "--kill-child")
    process = subprocess.Popen([*prefix, sys.executable, "-c", HOLDER, str(ROOT), PREFIX,
                                str(parent), str(locks)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    folder = Path(process.stdout.readline().strip())
    assert folder.name.startswith(PREFIX) and (folder / "solution.py").exists(), folder
    return process, folder


def test_a_killed_owners_folder_is_swept_and_a_live_owners_is_kept(tmp_path):
    parent, locks = tmp_path / "scratch", tmp_path / "locks"
    parent.mkdir()
    locks.mkdir()
    live, live_folder = holder(parent, locks)
    killed, killed_folder = holder(parent, locks)
    try:
        killed.send_signal(signal.SIGKILL)  # kill -9: nothing of it cleans up
        killed.wait()
        stray = parent / "judge-job-notes"  # a name of another kind: never touched
        stray.mkdir()
        # The kernel lets the dead holder's lock go once its last descriptor is closed, which
        # may be a moment after unshare itself is reaped: each opening sweeps again.
        deadline = time.monotonic() + 30
        while killed_folder.exists() and time.monotonic() < deadline:
            OwnedFolders(PREFIX, parent, str(locks)).close()
            time.sleep(0.05)
        with OwnedFolders(PREFIX, parent, str(locks)) as folders:
            assert not killed_folder.exists()
            assert (live_folder / "solution.py").read_text() == "print(1)"
            assert stray.exists()
            with folders.folder() as own:
                assert own.parent == parent and own.name.startswith(PREFIX)
                assert live_folder.name.split("-")[2] != own.name.split("-")[2]  # slots apart
            assert not own.exists()
    finally:
        live.stdin.close()
        live.wait(timeout=30)
        if killed.poll() is None:
            killed.kill()
            killed.wait()
    assert not live_folder.exists()  # its owner removed it on its way out
