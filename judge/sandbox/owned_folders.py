"""Scratch folders named for the slot of the process that made them (forkserver.ownership), for
the judge's own callers: a worker's job writes its submission's source in one.

A process killed without a chance to clean up (kill -9, an out-of-memory kill, a lost machine)
leaves its folders behind; the next process of this user to open an OwnedFolders of the same
prefix removes them. Whose folder is whose is told by the slot's lock, not by a pid: a live
process's folders are never removed, whatever PID namespace it or the sweeper is in.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from judge.sandbox.forkserver import ownership
from judge.sandbox.jail import lock_parent


class OwnedFolders:
    """Folders PREFIX + this process's slot + a random part, under `parent` (the system's
    temporary folder: TMPDIR when set). Opening one claims a slot and sweeps what dead owners
    left under `parent`; close() gives the slot back."""

    def __init__(self, prefix: str, parent: Path | None = None, locks: str | None = None) -> None:
        self.prefix = prefix
        self.parent = parent if parent is not None else Path(tempfile.gettempdir())
        # Slots of their own, apart from the sandboxes': a sandbox's slot number is its runs'
        # uid, and these must not push the sandboxes' past the ids the user has. `locks`: where
        # the lock folder goes (every process of the host must use the same).
        locks = locks if locks is not None else lock_parent()
        self._lock_folder = os.path.join(locks, f"{prefix}slots-{os.geteuid()}")
        self._slot = ownership.claim(self._lock_folder)
        self.sweep()

    def sweep(self) -> None:
        """Remove the folders of this prefix whose owners have ended."""
        ownership.sweep_folders(self._lock_folder, str(self.parent), self.prefix,
                                self._slot.owner)

    @contextmanager
    def folder(self) -> Iterator[Path]:
        """A new folder of this process's, removed when the block ends."""
        with tempfile.TemporaryDirectory(prefix=f"{self.prefix}{self._slot.owner}-",
                                         dir=self.parent) as name:
            yield Path(name)

    def close(self) -> None:
        self._slot.release()

    def __enter__(self) -> OwnedFolders:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
