"""C++, compiled by the host's G++ as GNU C++20."""

from judge.languages.descriptor import Language, Memory, SelfTest

LANGUAGE = Language(
    id="cpp",
    name="C++",
    extensions=(".cpp", ".cc", ".cxx", ".c++"),
    aliases=("c++", "cxx"),
    kattis=("cpp",),
    compiler="g++",
    # GNU C++20, as Kattis and DOMjudge compile: packages written for them (their
    # validation headers, their submissions) may use C++20.
    compile=("g++", "-O2", "-std=gnu++20", "-o", "{program}", "{files}"),
    run=("{program}",),
    version=("g++", "--version"),
    package="g++",
    self_test=SelfTest("#include <iostream>\nint main() { long a, b; std::cin >> a >> b;"
                       " std::cout << a + b << '\\n'; }\n"),
    idle_source="int main() { return 0; }\n",
    # new beyond what the address space allows throws; uncaught, the program aborts.
    memory=Memory(out_of_memory=("std::bad_alloc",)),
)
