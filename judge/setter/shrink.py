"""Shrinking a failing input: smaller candidates, kept only while valid and still failing.

The candidates know nothing of a problem's format; the validator filters out the ones that break
it. They are tried biggest reduction first, and a candidate is taken only when it is strictly
smaller (fewer tokens, then smaller numbers), so shrinking always ends:

- remove a run of lines, optionally lowering a count in a header line before the run (the first
  line, or the nearest earlier line of at most four integers) by the number of removed lines or by
  one — which keeps "n then n lines" formats valid;
- lower one integer: to 0, to 1, or by half, a quarter, ... of itself, down to one less;
- remove one token.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from collections.abc import Callable, Iterable, Iterator

MAX_HEADER_TOKENS = 4
EXHAUSTIVE_RUNS_UP_TO = 60  # lines; beyond this only power-of-two runs are tried


@dataclass(frozen=True)
class ShrinkResult:
    data: bytes
    steps: int  # accepted reductions
    tried: int  # candidates tried
    complete: bool  # False when the time budget ran out first


Proposals = Callable[[bytes], Iterable[bytes]]


def shrink(
    data: bytes,
    still_fails: Callable[[bytes], bool],
    budget_seconds: float = 60.0,
    proposals: Proposals | None = None,
) -> ShrinkResult:
    """Greedy: take the first candidate that still fails, start over from it, until none does.

    `proposals` (a problem's own shrinker, which knows its format) are tried before the
    format-blind candidates."""
    deadline = time.monotonic() + budget_seconds
    current, steps, tried = data, 0, 0
    seen: set[bytes] = {data}
    while True:
        improved = False
        for candidate in _with_proposals(current, proposals):
            if candidate in seen or not smaller(candidate, current):
                continue
            seen.add(candidate)
            if time.monotonic() > deadline:
                return ShrinkResult(current, steps, tried, complete=False)
            tried += 1
            if still_fails(candidate):
                current, steps, improved = candidate, steps + 1, True
                break
        if not improved:
            return ShrinkResult(current, steps, tried, complete=True)


def _with_proposals(data: bytes, proposals: Proposals | None) -> Iterator[bytes]:
    if proposals is not None:
        yield from proposals(data)
    yield from candidates(data)


def size(data: bytes) -> tuple[int, int, int]:
    tokens = data.split()
    magnitude = sum(abs(int(t)) for t in tokens if _is_int(t))
    return len(tokens), magnitude, len(data)


def smaller(candidate: bytes, current: bytes) -> bool:
    return size(candidate) < size(current)


def candidates(data: bytes) -> Iterator[bytes]:
    lines = data.decode(errors="replace").split("\n")
    trailing = lines[-1] == ""
    body = lines[:-1] if trailing else lines
    yield from _without_runs(body, trailing)
    yield from _lower_integers(body, trailing)
    yield from _without_tokens(body, trailing)


def _join(lines: list[str], trailing: bool) -> bytes:
    return ("\n".join(lines) + ("\n" if trailing else "")).encode()


def _run_lengths(count: int) -> list[int]:
    if count <= EXHAUSTIVE_RUNS_UP_TO:
        return list(range(count - 1, 0, -1))
    lengths, length = [], count // 2
    while length >= 1:
        lengths.append(length)
        length //= 2
    return lengths


def _without_runs(lines: list[str], trailing: bool) -> Iterator[bytes]:
    # Runs may start at the first line too: formats that read cases to the end of the input have
    # no count line, and the validator discards what breaks a format that has one.
    for length in _run_lengths(len(lines)):
        for start in range(len(lines) - length + 1):
            rest = lines[:start] + lines[start + length :]
            yield _join(rest, trailing)
            for header in _headers_before(lines, start):
                tokens = lines[header].split()
                for index, token in enumerate(tokens):
                    if not _is_int(token):
                        continue
                    for amount in sorted({length, 1}, reverse=True):
                        lowered = list(tokens)
                        lowered[index] = str(int(token) - amount)
                        changed = list(rest)
                        changed[header] = " ".join(lowered)
                        yield _join(changed, trailing)


def _headers_before(lines: list[str], start: int) -> list[int]:
    """The first line and the nearest earlier line of a few integers, both before `start`."""
    headers = [0] if start > 0 else []
    for index in range(start - 1, 0, -1):
        tokens = lines[index].split()
        if 0 < len(tokens) <= MAX_HEADER_TOKENS and all(_is_int(t) for t in tokens):
            headers.append(index)
            break
    return headers


def _lower_integers(lines: list[str], trailing: bool) -> Iterator[bytes]:
    for row, line in enumerate(lines):
        tokens = line.split()
        for index, token in enumerate(tokens):
            if not _is_int(token):
                continue
            for value in _smaller_values(int(token)):
                changed_tokens = list(tokens)
                changed_tokens[index] = str(value)
                changed = list(lines)
                changed[row] = " ".join(changed_tokens)
                yield _join(changed, trailing)


def _smaller_values(value: int) -> list[int]:
    """0, 1, then values approaching `value` from below (halving the step), toward zero."""
    sign, magnitude = (1, value) if value >= 0 else (-1, -value)
    results = [0, 1] if magnitude > 1 else [0]
    step = magnitude // 2
    while step >= 1:
        results.append(magnitude - step)
        step //= 2
    return [sign * v for v in dict.fromkeys(results) if v < magnitude]


def _without_tokens(lines: list[str], trailing: bool) -> Iterator[bytes]:
    for row, line in enumerate(lines):
        tokens = line.split()
        if len(tokens) < 2:
            continue
        for index in range(len(tokens)):
            changed = list(lines)
            changed[row] = " ".join(tokens[:index] + tokens[index + 1 :])
            yield _join(changed, trailing)


def _is_int(token: str | bytes) -> bool:
    text = token.decode() if isinstance(token, bytes) else token
    return text.lstrip("-").isdigit() and text.count("-") <= 1
