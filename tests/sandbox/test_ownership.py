"""Judges beside each other on one host: names of their own, and sweeps that never remove what a
live judge owns, whatever PID namespace it is in (judge.sandbox.forkserver.ownership)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judge.sandbox.forkserver import ownership

ROOT = Path(__file__).resolve().parents[2]

# Claims a slot, says which, and holds it until its stdin closes.
HOLDER = """
import sys
sys.path.insert(0, sys.argv[1])
from judge.sandbox.forkserver import ownership
slot = ownership.claim(sys.argv[2])
print(slot.owner, flush=True)
sys.stdin.read()
"""


def hold_slot(folder: Path, *prefix: str) -> tuple[subprocess.Popen, str]:
    holder = subprocess.Popen([*prefix, sys.executable, "-c", HOLDER, str(ROOT), str(folder)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    owner = holder.stdout.readline().strip()
    assert owner, "the holder could not claim a slot"
    return holder, owner


def own_pid_namespace() -> tuple[str, ...]:
    """A prefix that runs a command in a PID namespace of its own, where it is pid 1."""
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("a PID namespace of its own needs root and unshare(1)")
    return ("unshare", "--pid", "--fork", "--mount-proc")


def sweep(folder: Path, names: list[str]) -> list[str]:
    removed: list[str] = []
    ownership.sweep(str(folder), names, "judge-run-", removed.append)
    return removed


def test_judges_claim_different_slots_and_a_released_slot_is_claimed_again(tmp_path):
    folder = str(tmp_path / "locks")
    first, second = ownership.claim(folder), ownership.claim(folder)
    assert (first.number, second.number) == (0, 1)
    assert first.owner != second.owner
    first.release()
    third = ownership.claim(folder)
    assert third.number == 0 and third.owner != first.owner
    second.release()
    third.release()


def test_a_live_judge_in_another_pid_namespace_keeps_its_names(tmp_path):
    folder = tmp_path / "locks"
    holder, owner = hold_slot(folder, *own_pid_namespace())
    try:
        # Its pid in its own namespace is 1 or 2, which says nothing here: only the lock counts.
        assert sweep(folder, [f"judge-run-{owner}-abc"]) == []
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    assert sweep(folder, [f"judge-run-{owner}-abc"]) == [f"judge-run-{owner}-abc"]


def test_a_judge_killed_without_cleaning_up_leaves_names_that_are_swept(tmp_path):
    folder = tmp_path / "locks"
    holder, owner = hold_slot(folder)
    holder.kill()
    holder.wait()
    assert sweep(folder, [f"judge-run-{owner}-x", f"judge-run-{owner}-y"]) == [
        f"judge-run-{owner}-x", f"judge-run-{owner}-y"]


def test_a_judge_that_claims_a_killed_judges_slot_sweeps_what_that_judge_left(tmp_path):
    # Alone on its host, a judge claims the slot its killed predecessor had: it cannot lock that
    # slot again to sweep it, and must not leave the names behind for good.
    folder = tmp_path / "locks"
    holder, dead = hold_slot(folder)
    holder.kill()
    holder.wait()
    slot = ownership.claim(str(folder))
    try:
        assert slot.number == int(dead.split("-")[0])
        removed: list[str] = []
        # A token of the same number that never held this folder's slot may be a live judge's
        # with a lock folder of its own (a container's /dev/shm): it stays.
        stranger = f"{slot.number}-{'0' * 8}"
        names = [f"judge-run-{dead}-x", f"judge-run-{slot.owner}-y", f"judge-run-{stranger}-z",
                 "judge-run-notes"]
        ownership.sweep(str(folder), names, "judge-run-", removed.append, own=slot.owner)
        assert removed == [f"judge-run-{dead}-x"]  # its own names stay
        removed.clear()  # as one of its fork servers sweeps, which goes by N-TOKEN-i
        ownership.sweep(str(folder), names, "judge-run-", removed.append, own=f"{slot.owner}-i")
        assert removed == [f"judge-run-{dead}-x"]
    finally:
        slot.release()


def test_a_sweep_holds_the_slot_so_no_judge_claims_it_meanwhile(tmp_path):
    folder = tmp_path / "locks"
    dead = ownership.claim(str(folder))
    dead.release()
    claimed: list[int] = []

    def remove(name: str) -> None:
        slot = ownership.claim(str(folder))  # a judge starting during the sweep
        claimed.append(slot.number)
        slot.release()

    ownership.sweep(str(folder), [f"judge-run-{dead.owner}-x"], "judge-run-", remove)
    assert claimed == [1]


def test_names_of_another_kind_are_never_swept(tmp_path):
    folder = tmp_path / "locks"
    ownership.claim(str(folder)).release()
    names = ["judge-run-1234-abcdefgh", "judge-run-0-probe", "judge-run-x-0badcafe", "other"]
    assert sweep(folder, names) == []


def test_a_lock_folder_others_may_write_in_is_not_trusted(tmp_path):
    folder = tmp_path / "locks"
    dead = ownership.claim(str(folder))
    dead.release()
    folder.chmod(0o777)
    assert sweep(folder, [f"judge-run-{dead.owner}-x"]) == []
    with pytest.raises(OSError, match="not a folder of this user's alone"):
        ownership.claim(str(folder))


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a folder to another user needs root")
def test_another_users_names_are_not_this_users_to_sweep(tmp_path):
    """Root's judge holds its slots in its own lock folder: a user's judge of the same slot
    number, whose scratch folder is beside root's, is not root's to sweep."""
    folder = tmp_path / "locks"
    dead = ownership.claim(str(folder))
    dead.release()
    parent = tmp_path / "scratch"
    parent.mkdir()
    mine, theirs = f"judge-run-{dead.owner}-a", f"judge-run-{dead.owner}-b"
    (parent / mine).mkdir()
    (parent / theirs).mkdir()
    os.chown(parent / theirs, 4242, 4242)
    removed: list[str] = []
    ownership.sweep(str(folder), [mine, theirs], "judge-run-", removed.append, str(parent))
    assert removed == [mine]
