"""The registry: every descriptor well formed and documented, and the ways to name a language
(id, file, folder, Kattis name, the problem's preferred Python)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from judge.languages import jvm_build
from judge.languages.descriptor import Entry
from judge.languages.registry import (
    UnknownLanguage,
    all_languages,
    detect_language,
    language_by_id,
    language_for_kattis,
    language_for_path,
    not_installed,
)
from judge.languages.sources import gather, java_file_name, main_file

ROOT = Path(__file__).resolve().parents[2]
CLICS_ID = re.compile(r"^[a-z][a-z0-9]*$")


def test_every_descriptor_is_complete_and_distinct():
    ids = [language.id for language in all_languages()]
    assert len(ids) == len(set(ids)) and len(ids) >= 13
    names = {alias for lang in all_languages() for alias in (lang.id, *lang.aliases)}
    assert len(names) == sum(1 + len(lang.aliases) for lang in all_languages())
    for language in all_languages():
        assert CLICS_ID.match(language.id), language.id
        assert language.extensions and all(e.startswith(".") for e in language.extensions)
        assert language.version and language.package and language.self_test.source
        assert language.entry_point_required is False
        assert (language.entry_point_name is None) == (language.entry is Entry.BINARY)
        assert language.time_factor > 0 and language.memory.reserve_kb <= language.memory.minimum_kb


def test_every_toolchain_is_installed_by_make_test_and_documented():
    packages = (ROOT / ".ci/apt-packages").read_text().split()
    page = (ROOT / "docs/languages.md").read_text()
    for language in all_languages():
        assert language.package in packages or language.compiler is None, language.id
        assert f"`{language.id}`" in page and language.name in page, language.id


def test_a_language_comes_from_its_id_an_alias_a_file_or_a_kattis_name():
    assert language_by_id("Python").id == "python3"  # the id stored before ids followed CLICS
    assert language_by_id("js").id == "javascript"
    assert language_for_path(Path("a.kt")).id == "kotlin"
    assert language_for_path(Path("a.cc")).id == "cpp"
    assert language_for_path(Path("a.py3")).id == "python3"
    assert language_for_path(Path("a.scala")) is None
    assert language_for_kattis("csharp").id == "csharp"
    assert language_for_kattis("python3").id == "python3"
    assert language_for_kattis("python3", {"python": "pypy3"}).id == "pypy3"
    assert language_for_kattis("cobol") is None
    with pytest.raises(UnknownLanguage, match="known languages: .*kotlin"):
        language_by_id("cobol")


def test_a_py_file_is_the_preferred_python_of_its_family():
    assert language_for_path(Path("a.py")).id == "python3"
    assert language_for_path(Path("a.py"), {"python": "pypy3"}).id == "pypy3"
    assert language_for_path(Path("a.py"), {"python": "nonsense"}).id == "python3"
    assert language_for_path(Path("a.java"), {"python": "pypy3"}).id == "java"


def test_a_folder_is_the_language_most_of_its_files_are_in(tmp_path):
    for name in ("Main.java", "Helper.java", "notes.txt", "gen.py"):
        (tmp_path / name).write_text("")
    assert language_for_path(tmp_path).id == "java"
    sources = gather(language_by_id("java"), tmp_path)
    assert sources.compiled == ("Helper.java", "Main.java") and sources.main == "Main.java"
    assert set(sources.files) == {"Main.java", "Helper.java", "notes.txt", "gen.py"}


def test_a_missing_toolchain_is_not_installed_with_its_debian_package():
    absent = dataclasses.replace(language_by_id("kotlin"), compiler="no-such-kotlinc")
    assert not_installed(absent) == ("Kotlin is not installed: no-such-kotlinc not found "
                                     "(Debian package kotlin)")
    assert not_installed(language_by_id("python3")) == ""
    with pytest.raises(UnknownLanguage, match="--lang"):
        detect_language(Path("a.cobol"))


@pytest.mark.parametrize("text, original, expected", [
    ("public class Sum { }", "x.java", "Sum.java"),
    ("// public class Wrong\nfinal public class Right {}", "x.java", "Right.java"),
    ('class A { String s = "public class B"; public static class C {} }\n'
     "public final class D {}", "x.java", "D.java"),
    ("class Sum { }", "Solver.java", "Solver.java"),
    ("class Sum { }", "solution-1.java", "Main.java"),
    ("/* public class Hidden */ public record Point(int x) {}", "p.java", "Point.java"),
])
def test_a_java_file_is_named_after_its_public_class(text, original, expected):
    assert java_file_name(text, original) == expected


def test_the_main_file_is_the_only_one_else_main_else_the_first():
    assert main_file(("b.py",)) == "b.py"
    assert main_file(("a.py", "MAIN.py", "z.py")) == "MAIN.py"
    assert main_file(("z.py", "b.py")) == "b.py"


def test_the_jvm_entry_point_is_chosen_as_kattis_does():
    assert jvm_build.choose_main(["Helper", "Main"], "Main.java") == "Main"
    assert jvm_build.choose_main(["a.Other", "a.SolutionKt"], "solution.kt") == "a.SolutionKt"
    assert jvm_build.choose_main(["Zeta", "Alpha"], "x.java") == "Alpha"
    assert jvm_build.choose_main([], "x.java") is None
    with pytest.raises(jvm_build.ClassFormatError):
        jvm_build.main_class(b"not a class file")
    with pytest.raises(jvm_build.ClassFormatError):
        jvm_build.main_class(bytes.fromhex("cafebabe0000003d0005"))  # cut short


def test_each_language_has_the_fields_of_a_clics_language():
    java = language_by_id("java").clics("javac 17.0.15")
    assert java["id"] == "java" and java["name"] == "Java"
    assert java["entry_point_required"] is False and java["entry_point_name"] == "Main class"
    assert java["extensions"] == ["java"]
    assert java["compiler"]["command"] == "javac"
    assert "-d classes {files}" in java["compiler"]["args"]
    assert java["compiler"]["version"] == "javac 17.0.15"
    assert java["compiler"]["version_command"] == "javac -version"
    assert java["runner"]["command"] == "java" and "-jar {program}" in java["runner"]["args"]
    cpp = language_by_id("cpp").clics()
    assert cpp["compiler"]["command"] == "g++" and cpp["entry_point_name"] is None
    python = language_by_id("python3").clics()
    assert python["compiler"]["command"] == "python3" and "<script>" in python["compiler"]["args"]
