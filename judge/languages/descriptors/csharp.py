"""C#, compiled by Mono's mcs and run by the Mono runtime."""

from judge.languages.descriptor import CompileNeeds, Language, Memory, SelfTest

LANGUAGE = Language(
    id="csharp",
    name="C#",
    extensions=(".cs",),
    aliases=("cs", "c#", "mono"),
    kattis=("csharp",),
    compiler="mcs",
    compile=("mcs", "-optimize+", "-r:System.Numerics", "-out:{program}", "{files}"),
    program_in_box="solution.exe",
    run=("mono", "{program}"),
    # Mono's collector throws OutOfMemoryException once its heap would pass this.
    run_env={"MONO_GC_PARAMS": "max-heap-size={heap_kb}k"},
    version=("mcs", "--version"),
    package="mono-mcs",
    self_test=SelfTest(
        "using System;\n"
        "class Program {\n"
        "    static void Main() {\n"
        "        var parts = Console.ReadLine().Split(' ');\n"
        "        Console.WriteLine(long.Parse(parts[0]) + long.Parse(parts[1]));\n"
        "    }\n"
        "}\n"
    ),
    idle_source="class Program { static void Main() {} }\n",
    memory=Memory(reserve_kb=8 * 1024, minimum_kb=16 * 1024,
                  out_of_memory=("System.OutOfMemoryException",)),
    compile_needs=CompileNeeds(time_ms=30_000, memory_kb=1024 * 1024, processes=64),
    processes=64,
    binds=("/etc/mono",),
    syscalls=("threads (clone, futex)",),
)
