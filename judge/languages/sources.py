"""A submission's source files as its compile step sees them: their names there, and its main file.

A submission is one file or a folder of files (a program of several files, as Kattis packages
have them). A single file goes by `solution.<ext>`, a name that says nothing of the host —
except in Java, where javac wants a public class in a file of its name: there it is named after
its public top-level class. The files of a folder keep their names. The main file (what an
interpreter runs, and the name Kattis gives the main class after) is the only source, else the
one called main.* (any case), else the first by name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from judge.languages.descriptor import Language, Naming

SOURCE_NAME = "solution"  # a single source is solution.<ext> in its compile's directory
JAVA_IDENTIFIER = r"^[A-Za-z_$][A-Za-z0-9_$]*$"
# Comments, then string and character literals (which may hold anything that looks like code).
JAVA_NOISE = (r'//[^\n]*|/\*.*?\*/|"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"|'
              r"'(?:\\.|[^'\\\n])*'")
JAVA_PUBLIC_TYPE = (
    r"\bpublic\s+(?:(?:abstract|final|sealed|non-sealed|strictfp|static)\s+)*"
    r"(?:class|interface|enum|record|@interface)\s+([A-Za-z_$][A-Za-z0-9_$]*)"
)


@dataclass(frozen=True)
class Sources:
    files: dict[str, Path]  # name in the compile step's directory -> host file
    compiled: tuple[str, ...]  # the names the compiler is given ({files})
    main: str  # the main file's name ({source})


def gather(language: Language, source: Path) -> Sources:
    """The files of `source` (a file, or a folder of them) named as the compile step sees them."""
    if source.is_dir():
        files = {p.name: p for p in sorted(source.iterdir()) if p.is_file()}
        compiled = tuple(name for name in files if Path(name).suffix.lower() in language.extensions)
        if not compiled:
            raise ValueError(f"{source} holds no {language.name} source "
                             f"({', '.join(language.extensions)})")
        return Sources(files, compiled, main_file(compiled))
    name = single_name(language, source)
    return Sources({name: source}, (name,), name)


def with_included(language: Language, sources: Sources, included: Mapping[str, Path]) -> Sources:
    """`sources` with files the problem adds (judge.problem.includes): an included file of a
    source's name replaces it, and included sources of the language are compiled too."""
    files = {**sources.files, **included}
    added = tuple(
        name for name in included
        if Path(name).suffix.lower() in language.extensions and name not in sources.compiled
    )
    return Sources(files, (*sources.compiled, *added), sources.main)


def single_name(language: Language, source: Path) -> str:
    """What a single source file is called in its compile step."""
    if language.naming is Naming.PUBLIC_CLASS:
        return java_file_name(source.read_text(encoding="utf-8", errors="replace"), source.name)
    return f"{SOURCE_NAME}{language.extensions[0]}"


def main_file(names: tuple[str, ...]) -> str:
    """Kattis' rule: the only file, else main.* (any case), else the first by name."""
    if len(names) == 1:
        return names[0]
    mains = sorted(name for name in names if Path(name).stem.lower() == "main")
    return mains[0] if mains else sorted(names)[0]


def java_file_name(text: str, original: str) -> str:
    """A Java source's file name: its public top-level type's (javac insists), else the name it
    came with when that is a class name, else Main.java."""
    # Compiled here, when a Java source comes (re keeps them): at import every judge paid 1.3 ms.
    noise = re.compile(JAVA_NOISE, re.DOTALL)
    public = re.search(JAVA_PUBLIC_TYPE, _top_level(noise.sub(" ", text)))
    if public:
        return f"{public.group(1)}.java"
    stem = Path(original).stem
    return f"{stem}.java" if re.match(JAVA_IDENTIFIER, stem) else "Main.java"


def _top_level(code: str) -> str:
    """The code outside every brace pair: the top-level declarations' heads."""
    kept, depth = [], 0
    for char in code:
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        elif depth == 0:
            kept.append(char)
    return "".join(kept)
