"""A small on-disk cache of calibrated memory baselines, keyed by runtime identity."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from judge.files import write_atomically


class BaselineCache:
    def __init__(self, path: Path) -> None:
        self._path = path

    def get(self, key: str, measure: Callable[[], int]) -> int:
        """The cached baseline for `key`, measured (and stored) the first time."""
        cached = self._read()
        if key in cached:
            return int(cached[key])
        value = measure()
        cached = {**self._read(), key: value}  # another judge may have written meanwhile
        # Judging threads each calibrate their own sandbox: the shared writer's partial file is
        # private to this thread, so two of them storing at once cannot take each other's.
        write_atomically(self._path, json.dumps(cached, indent=1, sort_keys=True).encode())
        return value

    def _read(self) -> dict:
        try:
            return json.loads(self._path.read_text())
        except (OSError, ValueError):
            return {}
