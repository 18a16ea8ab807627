"""Reusable stress material on disk: generated inputs and the reference's answers.

Stress testing is repeated: a second solution against the same seeds, or the same solution after a
fix. The generator's output depends only on the generator, its arguments and the seed, and the
reference's answer only on the reference and the input, so both are kept, keyed by the content of
the program that made them. A changed generator or reference simply misses the cache.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from judge.files import write_atomically


def _digest(*parts: bytes) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        hasher.update(len(part).to_bytes(8, "little"))
        hasher.update(part)
    return hasher.hexdigest()[:32]


class StressCache:
    def __init__(
        self, directory: Path, generator: Path | None, reference: Path, args: tuple[str, ...]
    ) -> None:
        generator_key = _digest(
            generator.read_bytes() if generator else b"", "\0".join(args).encode()
        )
        self._inputs = directory / "inputs" / generator_key
        self._answers = directory / "answers" / _digest(reference.read_bytes())

    def input(self, seed: int) -> bytes | None:
        return _read(self._inputs / f"{seed}.in")

    def store_input(self, seed: int, data: bytes) -> None:
        write_atomically(self._inputs / f"{seed}.in", data)

    def answer(self, data: bytes) -> bytes | None:
        return _read(self._answers / f"{_digest(data)}.ans")

    def store_answer(self, data: bytes, answer: bytes) -> None:
        write_atomically(self._answers / f"{_digest(data)}.ans", answer)


def _read(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None
