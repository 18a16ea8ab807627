"""C, compiled by the host's GCC."""

from judge.languages.descriptor import Language, Memory, SelfTest

LANGUAGE = Language(
    id="c",
    name="C",
    extensions=(".c",),
    kattis=("c",),
    compiler="gcc",
    compile=("gcc", "-O2", "-std=c11", "-o", "{program}", "{files}", "-lm"),
    run=("{program}",),
    version=("gcc", "--version"),
    package="gcc",
    self_test=SelfTest('#include <stdio.h>\nint main(void) { int a, b; scanf("%d %d", &a, &b);'
                       ' printf("%d\\n", a + b); return 0; }\n'),
    idle_source="int main(void) { return 0; }\n",
    memory=Memory(out_of_memory=()),
)
