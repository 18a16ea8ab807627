"""Java, compiled by the host's OpenJDK javac into a jar whose manifest names the main class."""

from judge.languages.descriptor import CompileNeeds, Entry, Language, Memory, Naming, SelfTest

JVM_RUN = ("-XX:+UseSerialGC", "-Xss64m", "-Xmx{heap_kb}k", "-XX:-UsePerfData",
           "-Dfile.encoding=UTF-8")
# The compiler's own JVM: one collector thread, the quick JIT only (a compile is short).
JVM_COMPILE = ("-Xmx768m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:-UsePerfData")
# The JVM's growth beyond its idle footprint while a program runs (compiled code, loaded
# classes, the collector's tables) is kept out of the heap it is given.
# Its address space holds a 1 GB class space and a code cache it reserves but barely touches.
JVM_MEMORY = Memory(reserve_kb=24 * 1024, minimum_kb=32 * 1024,
                    out_of_memory=("java.lang.OutOfMemoryError",), address_space_kb=4 * 1024 * 1024)
# The JVM's threads (compiler, collector, finalizer, ...) count against a run's processes.
JVM_PROCESSES = 128
JVM_SYSCALLS = ("threads (clone, futex)", "large address-space reservations (mmap, mprotect)")

LANGUAGE = Language(
    id="java",
    name="Java",
    extensions=(".java",),
    kattis=("java",),
    entry=Entry.MAIN_CLASS,
    naming=Naming.PUBLIC_CLASS,
    compiler="javac",
    compile=("{python}", "-I", "-S", "-B", "-c", "{jvm}", "--classes", "classes", "--jar",
             "{program}", "--main-file", "{source}", "--",
             "javac", *(f"-J{flag}" for flag in JVM_COMPILE), "-encoding", "UTF-8",
             "-d", "classes", "{files}"),
    program_in_box="solution.jar",
    run=("java", *JVM_RUN, "-jar", "{program}"),
    version=("javac", "-version"),
    package="default-jdk-headless",
    self_test=SelfTest(
        "import java.util.Scanner;\n"
        "public class Main {\n"
        "    public static void main(String[] args) {\n"
        "        Scanner in = new Scanner(System.in);\n"
        "        System.out.println(in.nextLong() + in.nextLong());\n"
        "    }\n"
        "}\n"
    ),
    idle_source="public class Main { public static void main(String[] args) {} }\n",
    memory=JVM_MEMORY,
    compile_needs=CompileNeeds(time_ms=30_000, memory_kb=1024 * 1024, processes=JVM_PROCESSES),
    processes=JVM_PROCESSES,
    # jvm.cfg and the security settings are links from the JDK into /etc.
    binds=("/etc/java-*-openjdk",),
    syscalls=JVM_SYSCALLS,
)
