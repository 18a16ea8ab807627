"""Ruby: the source is syntax-checked at compile time, and run as it is."""

from judge.languages.descriptor import Entry, Language, Memory, SelfTest

LANGUAGE = Language(
    id="ruby",
    name="Ruby",
    extensions=(".rb",),
    kattis=("ruby",),
    entry=Entry.MAIN_FILE,
    compiler="ruby",
    compile=("ruby", "-c", "{source}"),
    checks_only=True,
    program_in_box="solution.rb",
    # Without RubyGems: the standard library only, and a start several times quicker.
    run=("ruby", "--disable-gems", "{program}"),
    version=("ruby", "--version"),
    package="ruby",
    self_test=SelfTest("a, b = STDIN.read.split.map(&:to_i)\nputs a + b\n"),
    idle_source="",
    memory=Memory(out_of_memory=("NoMemoryError", "failed to allocate memory")),
)
