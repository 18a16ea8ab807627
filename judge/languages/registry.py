"""Every language the judge knows, found in judge.languages.descriptors, and the ways to name one:
by id or alias (--lang, the API), by a file's extension, by the name a Kattis package gives it.

A file's extension may belong to several languages of one family (`.py`: Python 3 and PyPy):
the caller says which of the family it prefers (a problem's `default_python`), else the family's
default is chosen.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import shutil
from collections.abc import Mapping
from pathlib import Path

from judge.languages import descriptors
from judge.languages.descriptor import Language
from judge.sandbox.server_process import MINIMAL_PATH


class UnknownLanguage(ValueError):
    """The file's language is not known, or its toolchain is missing on this host."""


# What CPython prints on stderr when a program dies on an uncaught exception.
PYTHON_TRACEBACK = b"Traceback (most recent call last):"

Preferences = Mapping[str, str]  # family -> the id of the language its files get


@functools.cache
def all_languages() -> tuple[Language, ...]:
    """Every descriptor of judge.languages.descriptors, by name."""
    found = []
    for module in pkgutil.iter_modules(descriptors.__path__):
        loaded = importlib.import_module(f"{descriptors.__name__}.{module.name}")
        language = getattr(loaded, "LANGUAGE", None)
        if isinstance(language, Language):
            found.append(language)
    return tuple(sorted(found, key=lambda language: language.name.lower()))


def language_by_id(name: str) -> Language:
    """The language of that id or alias (any case); UnknownLanguage when there is none."""
    wanted = name.lower()
    for language in all_languages():
        if wanted == language.id or wanted in language.aliases:
            return language
    known = ", ".join(language.id for language in all_languages())
    raise UnknownLanguage(f"unknown language {name!r}; known languages: {known}")


def language_for_path(path: Path, prefer: Preferences | None = None) -> Language | None:
    """The language of a source file (or of the files of a folder) by extension; None when
    no language claims it."""
    suffixes = _suffixes(path)
    claimed = [lang for lang in all_languages() if any(s in lang.extensions for s in suffixes)]
    if not claimed:
        return None
    counts = {lang.id: sum(s in lang.extensions for s in suffixes) for lang in claimed}
    best = max(counts.values())
    claimed = [lang for lang in claimed if counts[lang.id] == best]
    return _of_family(claimed, prefer or {})


def language_for_kattis(name: str, prefer: Preferences | None = None) -> Language | None:
    """The language a Kattis package (problemtools' languages.yaml) means by `name`, e.g.
    python3, cpp, java, kotlin, csharp; None when the judge has none of that name."""
    wanted = name.lower()
    named = [lang for lang in all_languages() if wanted in lang.kattis]
    return _of_family(named, prefer or {}) if named else None


def detect_language(
    path: Path, override: str | None = None, prefer: Preferences | None = None
) -> Language:
    """The language named by `override` (an id or alias), else the one of the file extension;
    UnknownLanguage when there is none or its toolchain is not installed on this host."""
    if override:
        language = language_by_id(override)
    else:
        found = language_for_path(path, prefer)
        if found is None:
            known = ", ".join(dict.fromkeys(e for lang in all_languages() for e in lang.extensions))
            raise UnknownLanguage(
                f"cannot tell the language of {path.name!r} from its extension (known: {known}); "
                "name it with --lang"
            )
        language = found
    missing = not_installed(language)
    if missing:
        raise UnknownLanguage(missing)
    return language


def not_installed(language: Language) -> str:
    """Why the language cannot be used on this host ("" when its toolchain is installed)."""
    if language.compiler is None or find_executable(language.compiler) is not None:
        return ""
    return (f"{language.name} is not installed: {language.compiler} not found "
            f"(Debian package {language.package})")


def find_executable(name: str) -> str | None:
    """The program as a run finds it: on the system's PATH, the one a run gets (a compiler in
    a user's own folder, such as rustup's, is not the one the judge runs)."""
    return shutil.which(name, path=MINIMAL_PATH)


def family_members(family: str) -> tuple[Language, ...]:
    return tuple(lang for lang in all_languages() if lang.family == family)


def _of_family(claimed: list[Language], prefer: Preferences) -> Language:
    """One language of those claiming a file: the preferred one of their family, else the
    family's default."""
    if len(claimed) == 1:
        return claimed[0]
    families = {lang.family for lang in claimed}
    if len(families) == 1 and None not in families:
        (family,) = families
        chosen = prefer.get(family)
        for lang in claimed:
            if lang.id == chosen:
                return lang
        for lang in claimed:
            if lang.family_default:
                return lang
    return claimed[0]


def _suffixes(path: Path) -> list[str]:
    if path.is_dir():
        return [p.suffix.lower() for p in sorted(path.iterdir()) if p.is_file()]
    return [path.suffix.lower()]
