"""The samples a statement shows: the fenced code blocks of its "Sample" sections.

A heading whose text starts with "Sample" (## Sample, ## Sample 2, ### Samples) opens a sample
section, which runs to the next heading that is not itself a sample heading. Its fenced code
blocks are read in pairs: input, then output. Pair k is sample k, to be compared byte for byte
with testdata sample-k.in / sample-k.ans.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
FENCE = re.compile(r"^(```+|~~~+)")


@dataclass(frozen=True)
class StatementSample:
    number: int  # 1-based, in the order the statement shows them
    input: bytes
    output: bytes | None  # None when the statement shows an input without its output
    line: int  # of the input's opening fence
    output_line: int | None = None  # of the output's opening fence


def statement_samples(text: str) -> tuple[StatementSample, ...]:
    blocks = _sample_blocks(text.split("\n"))
    samples = []
    for index in range(0, len(blocks), 2):
        line, given = blocks[index]
        output_line, output = blocks[index + 1] if index + 1 < len(blocks) else (None, None)
        samples.append(StatementSample(index // 2 + 1, given, output, line, output_line))
    return tuple(samples)


def _sample_blocks(lines: list[str]) -> list[tuple[int, bytes]]:
    """(line number, content) of each fenced block inside a sample section."""
    blocks: list[tuple[int, bytes]] = []
    in_samples, fence, opened_at, body = False, "", 0, []
    for number, line in enumerate(lines, start=1):
        if fence:  # inside a code block: only its closing fence matters
            if line.startswith(fence) and not line[len(fence) :].strip():
                if in_samples:
                    blocks.append((opened_at, "".join(f"{row}\n" for row in body).encode()))
                fence = ""
            else:
                body.append(line)
        elif heading := HEADING.match(line):
            in_samples = heading.group(1).lower().startswith("sample")
        elif opening := FENCE.match(line):
            fence, opened_at, body = opening.group(1), number, []
    return blocks
