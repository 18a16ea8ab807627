"""The flags of the Kattis default output validator, parsed into options.

The Kattis problem package format names them (`validator_flags` in a legacy problem.yaml,
`output_validator_flags` / `output_validator_args` in testdata.yaml):

    case_sensitive                  string tokens must match byte for byte (default: up to case)
    space_change_sensitive          whitespace must match exactly (default: any run is one gap)
    float_absolute_tolerance EPS    numbers in the answer match output within EPS
    float_relative_tolerance EPS    ... within EPS * |answer|
    float_tolerance EPS             both of the above

Problem files give them as a list of strings; this module is their one reader.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

FLAG_WORDS = ("case_sensitive", "space_change_sensitive")
TOLERANCE_WORDS = ("float_tolerance", "float_absolute_tolerance", "float_relative_tolerance")


@dataclass(frozen=True)
class DefaultFlags:
    case_sensitive: bool = False
    space_change_sensitive: bool = False
    abs_tol: float | None = None  # None: numbers are compared as strings
    rel_tol: float | None = None

    @property
    def compares_numbers(self) -> bool:
        return self.abs_tol is not None or self.rel_tol is not None


def parse_default_flags(args: tuple[str, ...] | list[str]) -> DefaultFlags:
    """Options from the flags; ValueError names the flag that is wrong."""
    words = list(args)
    seen: dict[str, float | None] = {}
    position = 0
    while position < len(words):
        word = words[position]
        if word in seen:
            raise ValueError(f"flag '{word}' given twice")
        if word in FLAG_WORDS:
            seen[word] = None
            position += 1
            continue
        if word not in TOLERANCE_WORDS:
            known = ", ".join(FLAG_WORDS + TOLERANCE_WORDS)
            raise ValueError(f"unknown flag '{word}' (known: {known})")
        if position + 1 >= len(words):
            raise ValueError(f"flag '{word}' needs a number after it")
        seen[word] = _tolerance(word, words[position + 1])
        position += 2
    if "float_tolerance" in seen and seen.keys() & {
        "float_absolute_tolerance",
        "float_relative_tolerance",
    }:
        raise ValueError("float_tolerance cannot be combined with the absolute or relative one")
    both = seen.get("float_tolerance")
    return DefaultFlags(
        case_sensitive="case_sensitive" in seen,
        space_change_sensitive="space_change_sensitive" in seen,
        abs_tol=both if both is not None else seen.get("float_absolute_tolerance"),
        rel_tol=both if both is not None else seen.get("float_relative_tolerance"),
    )


def _tolerance(word: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"flag '{word}' needs a number after it, got '{text}'") from None
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"flag '{word}' needs a non-negative number, got '{text}'")
    return value
