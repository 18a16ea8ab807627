"""The objects of a contest package (a contest, a problem, a team...) read from YAML or JSON
alike, each remembering its file and line, so that every error names file, line and key.

YAML keeps a line per key (judge.problem.yamlnodes composes the file); JSON keeps the line
where each object of a file's top-level list starts, found as the list is decoded. Scalars
keep their text as written, because YAML 1.1 reads `5:00:00` as the number 18000.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

import yaml

from judge.contest.times import parse_abstime, parse_reltime
from judge.errors import ProblemError
from judge.problem.yamlnodes import compose_file, line_of

# The CLICS identifier (common.json in the ccs-specs JSON schemas).
IDENTIFIER = re.compile(r"^[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,34}[A-Za-z0-9_-])?$")
RGB = re.compile(r"^#?([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})$")


@dataclass(frozen=True)
class Record:
    """One object of a package file: its values, and where each came from."""

    path: Path
    line: int | None  # where the object starts
    values: Mapping[str, object]
    texts: Mapping[str, str] = field(default_factory=dict)  # scalars as written
    lines: Mapping[str, int] = field(default_factory=dict)  # per key, where known

    def has(self, key: str) -> bool:
        return self.values.get(key) is not None

    def error(self, key: str, message: str) -> ProblemError:
        return ProblemError(self.path, message, line=self.lines.get(key, self.line), key=key)

    def one_of(self, *keys: str) -> str:
        """Which of several spellings of one key (`penalty_time`, the 2021 `penalty-time`) is
        given: the first when none is; two at once is an error."""
        given = [key for key in keys if key in self.values]
        if len(given) > 1:
            raise self.error(given[1], f"the same as '{given[0]}'; give one of them")
        return given[0] if given else keys[0]

    def string(self, key: str) -> str:
        value = self.values.get(key)
        if value is None:
            raise ProblemError(self.path, "missing; expected a string", line=self.line, key=key)
        return self._text(key, value)

    def optional_string(self, key: str) -> str | None:
        value = self.values.get(key)
        return None if value is None else self._text(key, value)

    def identifier(self, key: str) -> str:
        value = self.string(key)
        if not IDENTIFIER.match(value):
            raise self.error(
                key,
                f"expected an identifier (1-36 letters, digits, '_', '-' or '.'), got {value!r}",
            )
        return value

    def optional_identifier(self, key: str) -> str | None:
        return self.identifier(key) if self.has(key) else None

    def identifiers(self, key: str) -> tuple[str, ...]:
        value = self.values.get(key)
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(key, f"expected a list of identifiers, got {value!r}")
        for item in value:
            if not IDENTIFIER.match(item):
                raise self.error(key, f"expected identifiers, got {item!r}")
        return tuple(value)

    def boolean(self, key: str, default: bool) -> bool:
        value = self.values.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {value!r}")
        return value

    def integer(self, key: str, default: int | None, minimum: int = 0) -> int | None:
        value = self.values.get(key)
        if value is None:
            return default
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise self.error(key, f"expected an integer >= {minimum}, got {value!r}")
        return value

    def reltime(self, key: str) -> timedelta | None:
        """A length of time, h:mm:ss or h:mm:ss.uuu, not negative."""
        if not self.has(key):
            return None
        text = self.texts.get(key, self.values[key])
        length = parse_reltime(text) if isinstance(text, str) else None
        if length is None or length < timedelta(0):
            raise self.error(key, f"expected a length of time as h:mm:ss(.uuu), got {text!r}")
        return length

    def abstime(self, key: str) -> datetime | None:
        """A time with its offset (RFC 3339), e.g. 2026-12-05T10:00:00+01:00."""
        if not self.has(key):
            return None
        text = self.texts.get(key, self.values[key])
        moment = parse_abstime(text) if isinstance(text, str) else None
        if moment is None:
            raise self.error(
                key,
                f"expected a time with its offset (RFC 3339), e.g. 2026-12-05T10:00:00Z, "
                f"got {text!r}",
            )
        return moment

    def choice(self, key: str, choices: tuple[str, ...], default: str) -> str:
        value = self.optional_string(key) or default
        if value not in choices:
            raise self.error(key, f"expected one of {', '.join(choices)}, got {value!r}")
        return value

    def rgb(self, key: str) -> str | None:
        """A colour as #rrggbb (lower case; #rgb is widened)."""
        value = self.optional_string(key)
        if value is None:
            return None
        match = RGB.match(value)
        if match is None:
            raise self.error(key, f"expected a colour as '#rrggbb', got {value!r}")
        digits = match.group(1).lower()
        return "#" + (digits if len(digits) == 6 else "".join(c * 2 for c in digits))

    def unknown(self, known: set[str]) -> list[str]:
        """The keys nothing reads, located, for the import to report (not to refuse: a
        package written by another system carries keys this judge has no use for)."""
        out = []
        for key in self.values:
            if key not in known:
                line = self.lines.get(key, self.line)
                where = f"{self.path}" + (f":{line}" if line is not None else "")
                out.append(f"{where}: key '{key}' ignored")
        return out

    def _text(self, key: str, value: object) -> str:
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise self.error(key, f"expected a string, got {value!r}")
        text = self.texts.get(key, str(value))
        if not text.strip():
            raise self.error(key, "expected a non-empty string")
        return text


def yaml_record(path: Path, node: yaml.Node | None) -> Record:
    """A YAML mapping as a record, a line per key."""
    if not isinstance(node, yaml.MappingNode):
        line = line_of(node) if node is not None else None
        raise ProblemError(path, "expected a mapping of keys to values", line=line)
    values: dict[str, object] = {}
    texts: dict[str, str] = {}
    lines: dict[str, int] = {}
    for key_node, value_node in node.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        if not isinstance(key, str):
            raise ProblemError(path, "keys must be plain strings", line=line_of(key_node))
        if key in values:
            raise ProblemError(path, "duplicate key", line=line_of(key_node), key=key)
        values[key] = yaml.SafeLoader("").construct_object(value_node, deep=True)
        if isinstance(value_node, yaml.ScalarNode) and values[key] is not None:
            texts[key] = value_node.value
        lines[key] = line_of(value_node)
    return Record(path, line_of(node), values, texts, lines)


def yaml_file_record(path: Path) -> Record:
    return yaml_record(path, compose_file(path))


def yaml_list(path: Path, node: yaml.Node | None) -> list[Record]:
    if node is None:
        return []
    if not isinstance(node, yaml.SequenceNode):
        raise ProblemError(path, "expected a list", line=line_of(node))
    return [yaml_record(path, item) for item in node.value]


def json_list(path: Path) -> list[Record]:
    """A JSON file holding a list of objects, each with the line where it starts."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProblemError(path, "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ProblemError(path, f"cannot read: {exc}") from None
    decoder = json.JSONDecoder(object_pairs_hook=_no_duplicates)
    position = _skip(text, 0)
    if not text.startswith("[", position):
        raise ProblemError(path, "expected a list of objects", line=_line(text, position))
    records: list[Record] = []
    position = _skip(text, position + 1)
    try:
        while not text.startswith("]", position):
            value, end = decoder.raw_decode(text, position)
            line = _line(text, position)
            if not isinstance(value, dict):
                raise ProblemError(path, f"expected an object, got {value!r}", line=line)
            records.append(Record(path, line, value))
            position = _skip(text, end)
            if text.startswith(",", position):
                position = _skip(text, position + 1)
            elif not text.startswith("]", position):
                raise ProblemError(path, "invalid JSON: expected ',' or ']'",
                                   line=_line(text, position))
        if text[_skip(text, position + 1):].strip():
            raise ProblemError(path, "invalid JSON: text after the list",
                               line=_line(text, position))
    except json.JSONDecodeError as exc:
        raise ProblemError(path, f"invalid JSON: {exc.msg}", line=exc.lineno) from None
    except _Duplicate as exc:
        raise ProblemError(
            path, "duplicate key", line=_line(text, position), key=str(exc)
        ) from None
    return records


class _Duplicate(Exception):
    pass


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    seen: dict[str, object] = {}
    for key, value in pairs:
        if key in seen:
            raise _Duplicate(key)
        seen[key] = value
    return seen


def _skip(text: str, position: int) -> int:
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position


def _line(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1
