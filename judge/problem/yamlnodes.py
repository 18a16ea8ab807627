"""Reading YAML with line numbers, so that every error can point at the line that caused it.

PyYAML's composed node tree keeps positions; plain `safe_load` loses them. These helpers read
scalars, sequences and mappings from that tree and raise `ProblemError` naming file, line and key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import yaml

from judge.errors import ProblemError


def compose_file(path: Path) -> yaml.Node | None:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ProblemError(path, "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ProblemError(path, f"cannot read: {exc}") from None
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        raise ProblemError(path, f"invalid YAML: {exc.problem}", line=line) from None
    except yaml.YAMLError as exc:
        raise ProblemError(path, f"invalid YAML: {exc}") from None


def line_of(node: yaml.Node) -> int:
    return node.start_mark.line + 1


@dataclass(frozen=True)
class MappingReader:
    """Typed access to one YAML mapping; remembers its file and the key path for messages."""

    path: Path
    node: yaml.MappingNode
    prefix: str = ""

    @classmethod
    def of(cls, path: Path, node: yaml.Node | None, prefix: str = "") -> MappingReader:
        if not isinstance(node, yaml.MappingNode):
            line = line_of(node) if node is not None else None
            what = f"'{prefix.rstrip('.')}' must be" if prefix else "the file must hold"
            raise ProblemError(path, f"{what} a mapping of keys to values", line=line)
        seen: set[str] = set()
        for key_node, _ in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
            if not isinstance(key, str):
                raise ProblemError(path, "keys must be plain strings", line=line_of(key_node))
            if key in seen:
                raise ProblemError(path, "duplicate key", line=line_of(key_node), key=prefix + key)
            seen.add(key)
        return cls(path, node, prefix)

    @classmethod
    def of_optional_file(cls, path: Path) -> MappingReader | None:
        """The mapping a file holds; None for a file that is absent or empty (no entries)."""
        if not path.is_file():
            return None
        node = compose_file(path)
        return None if node is None else cls.of(path, node)

    def keys(self) -> list[str]:
        return [k.value for k, _ in self.node.value]

    def get(self, key: str) -> yaml.Node | None:
        for key_node, value_node in self.node.value:
            if key_node.value == key:
                return value_node
        return None

    def reject_unknown(self, allowed: set[str]) -> None:
        for key_node, _ in self.node.value:
            if key_node.value not in allowed:
                raise ProblemError(
                    self.path,
                    f"unknown key; expected one of: {', '.join(sorted(allowed))}",
                    line=line_of(key_node),
                    key=self.prefix + key_node.value,
                )

    def error(self, key: str, message: str) -> ProblemError:
        node = self.get(key)
        line = line_of(node) if node is not None else line_of(self.node)
        return ProblemError(self.path, message, line=line, key=self.prefix + key)

    def missing(self, key: str, expected: str) -> ProblemError:
        return ProblemError(
            self.path,
            f"missing; expected {expected}",
            line=line_of(self.node),
            key=self.prefix + key,
        )

    def string(self, key: str, *, default: str | None = None) -> str:
        node = self.get(key)
        if node is None:
            if default is None:
                raise self.missing(key, "a string")
            return default
        value = self._scalar(key, node)
        if not isinstance(value, str) or not value.strip():
            raise self.error(key, f"expected a non-empty string, got {value!r}")
        return value

    def optional_string(self, key: str) -> str | None:
        return self.string(key) if self.get(key) is not None else None

    def integer(
        self, key: str, *, default: int | None = None, minimum: int = 0, maximum: int | None = None
    ) -> int:
        expected = (
            f"an integer >= {minimum}"
            if maximum is None
            else f"an integer from {minimum} to {maximum}"
        )
        node = self.get(key)
        if node is None:
            if default is None:
                raise self.missing(key, expected)
            return default
        value = self._scalar(key, node)
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or value < minimum
            or (maximum is not None and value > maximum)
        ):
            raise self.error(key, f"expected {expected}, got {value!r}")
        return value

    def boolean(self, key: str, *, default: bool) -> bool:
        node = self.get(key)
        if node is None:
            return default
        value = self._scalar(key, node)
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {node.value!r}")
        return value

    def number(self, key: str, *, default: float) -> float:
        """A non-negative finite number in any usual spelling: 0.001, 1e-6, 1.5E-3 (YAML 1.1
        reads `1e-6` as a string, so a string that Python reads as a number counts too)."""
        node = self.get(key)
        if node is None:
            return default
        value = self._scalar(key, node)
        if isinstance(value, str):
            value = _float_or_none(value)
        if (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not math.isfinite(value)
            or value < 0
        ):
            raise self.error(key, f"expected a non-negative number, got {node.value!r}")
        return float(value)

    def choice(self, key: str, choices: tuple[str, ...], *, default: str) -> str:
        value = self.string(key, default=default)
        if value not in choices:
            raise self.error(key, f"expected one of {', '.join(choices)}, got {value!r}")
        return value

    def string_list(self, key: str) -> tuple[str, ...]:
        node = self.get(key)
        if node is None:
            return ()
        if not isinstance(node, yaml.SequenceNode):
            raise self.error(key, "expected a list of strings")
        items = []
        for item in node.value:
            value = _construct(item)
            if not isinstance(item, yaml.ScalarNode) or isinstance(value, (bool, type(None))):
                raise ProblemError(
                    self.path,
                    f"expected a string, got {value!r}",
                    line=line_of(item),
                    key=self.prefix + key,
                )
            items.append(str(item.value))
        return tuple(items)

    def mapping(self, key: str) -> MappingReader | None:
        node = self.get(key)
        if node is None:
            return None
        return MappingReader.of(self.path, node, prefix=f"{self.prefix}{key}.")

    def _scalar(self, key: str, node: yaml.Node):
        if not isinstance(node, yaml.ScalarNode):
            raise self.error(key, "expected a single value, not a list or mapping")
        return _construct(node)


def _float_or_none(text: str) -> float | None:
    try:
        return float(text.strip())
    except ValueError:
        return None


def _construct(node: yaml.Node):
    return yaml.SafeLoader("").construct_object(node, deep=True)
