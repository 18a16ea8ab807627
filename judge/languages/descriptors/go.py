"""Go, built by Debian's Go toolchain (its standard library comes compiled), without cgo."""

from judge.languages.descriptor import CompileNeeds, Language, Memory, SelfTest

LANGUAGE = Language(
    id="go",
    name="Go",
    extensions=(".go",),
    kattis=("go",),
    compiler="go",
    compile=("go", "build", "-o", "{program}", "{files}"),
    # The build cache lives in the compile step's own directory, gone with it.
    compile_env={"GOCACHE": "{cwd}/.cache", "GOPATH": "{cwd}/.go", "TMPDIR": "{cwd}",
                 "HOME": "{cwd}", "CGO_ENABLED": "0", "GO111MODULE": "off"},
    run=("{program}",),
    # The collector works harder as the heap nears the limit, before the cap is met.
    run_env={"GOMEMLIMIT": "{heap_kb}KiB"},
    version=("go", "version"),
    package="golang-go",
    self_test=SelfTest(
        "package main\n\n"
        "import \"fmt\"\n\n"
        "func main() {\n"
        "\tvar a, b int64\n"
        "\tfmt.Scan(&a, &b)\n"
        "\tfmt.Println(a + b)\n"
        "}\n"
    ),
    idle_source="package main\n\nfunc main() {}\n",
    # Its runtime reserves arenas and thread stacks ahead of use.
    memory=Memory(reserve_kb=2 * 1024, minimum_kb=4 * 1024,
                  out_of_memory=("runtime: out of memory",), address_space_kb=2 * 1024 * 1024),
    # go build starts the compiler and the linker, each with threads of its own.
    compile_needs=CompileNeeds(time_ms=30_000, memory_kb=1024 * 1024, processes=128),
    processes=128,
    syscalls=("threads (clone, futex)", "large address-space reservations (mmap)"),
)
