"""Pascal, compiled by Free Pascal."""

from judge.languages.descriptor import CompileNeeds, Language, Memory, SelfTest

LANGUAGE = Language(
    id="pascal",
    name="Pascal",
    extensions=(".pas", ".pp"),
    aliases=("fpc", "freepascal"),
    kattis=("pascal",),
    compiler="fpc",
    compile=("fpc", "-O2", "-XS", "-Xt", "-v0ew", "-o{program}", "{source}"),
    run=("{program}",),
    version=("fpc", "-iV"),
    package="fp-compiler",
    self_test=SelfTest("program sum;\nvar a, b: int64;\nbegin\n  read(a, b);\n"
                       "  writeln(a + b);\nend.\n"),
    idle_source="program idle;\nbegin\nend.\n",
    # Free Pascal's heap manager ends the program with runtime error 203 when it is out of
    # memory.
    memory=Memory(out_of_memory=("Runtime error 203",)),
    compile_needs=CompileNeeds(time_ms=30_000),
    # Its configuration (unit search paths) is in /etc.
    binds=("/etc/fpc.cfg", "/etc/fpc-*.cfg"),
)
