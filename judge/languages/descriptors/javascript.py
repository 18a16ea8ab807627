"""JavaScript on Node.js: the source is checked at compile time, and run as it is."""

from judge.languages.descriptor import Entry, Language, Memory, SelfTest

LANGUAGE = Language(
    id="javascript",
    name="JavaScript (Node.js)",
    extensions=(".js",),
    aliases=("js", "node", "nodejs"),
    kattis=("javascript",),
    entry=Entry.MAIN_FILE,
    compiler="node",
    compile=("node", "--check", "{source}"),
    checks_only=True,
    program_in_box="solution.js",
    run=("node", "--max-old-space-size={heap_mb}", "--stack-size=65500", "{program}"),
    version=("node", "--version"),
    package="nodejs",
    self_test=SelfTest(
        "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(BigInt);\n"
        "console.log((a + b).toString());\n"
    ),
    idle_source="",
    # V8 reserves its heap's cages and code space ahead of use.
    memory=Memory(reserve_kb=16 * 1024, minimum_kb=32 * 1024,
                  out_of_memory=("JavaScript heap out of memory",),
                  address_space_kb=4 * 1024 * 1024),
    processes=64,
    syscalls=("threads (clone, futex)", "large address-space reservations (mmap)"),
)
