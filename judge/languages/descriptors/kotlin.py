"""Kotlin, compiled by the host's kotlinc (run on the JVM directly, without its shell script)
into a jar that names the main class and Kotlin's standard library."""

from judge.languages.descriptor import CompileNeeds, Entry, Language, SelfTest
from judge.languages.descriptors.java import (
    JVM_COMPILE,
    JVM_MEMORY,
    JVM_PROCESSES,
    JVM_RUN,
    JVM_SYSCALLS,
)

KOTLIN_LIB = "/usr/share/kotlin/kotlinc/lib"

LANGUAGE = Language(
    id="kotlin",
    name="Kotlin",
    extensions=(".kt",),
    kattis=("kotlin",),
    entry=Entry.MAIN_CLASS,
    compiler="kotlinc",
    compile=("{python}", "-I", "-S", "-B", "-c", "{jvm}", "--classes", "classes", "--jar",
             "{program}", "--main-file", "{source}",
             "--class-path", f"{KOTLIN_LIB}/kotlin-stdlib.jar", "--",
             "java", *JVM_COMPILE, "-cp", f"{KOTLIN_LIB}/kotlin-preloader.jar",
             "org.jetbrains.kotlin.preloading.Preloader", "-cp",
             f"{KOTLIN_LIB}/kotlin-compiler.jar", "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler",
             "-no-reflect", "-d", "classes", "{files}"),
    program_in_box="solution.jar",
    run=("java", *JVM_RUN, "-jar", "{program}"),
    version=("java", "-cp", f"{KOTLIN_LIB}/kotlin-preloader.jar",
             "org.jetbrains.kotlin.preloading.Preloader", "-cp",
             f"{KOTLIN_LIB}/kotlin-compiler.jar", "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler",
             "-version"),
    package="kotlin",
    self_test=SelfTest(
        "fun main() {\n"
        "    val (a, b) = readLine()!!.trim().split(\" \").map { it.toLong() }\n"
        "    println(a + b)\n"
        "}\n"
    ),
    idle_source="fun main() {}\n",
    memory=JVM_MEMORY,
    # A Kotlin compile takes seconds of CPU and some 350 MB even for ten lines.
    compile_needs=CompileNeeds(time_ms=60_000, memory_kb=1024 * 1024, processes=JVM_PROCESSES),
    processes=JVM_PROCESSES,
    binds=("/etc/java-*-openjdk",),
    syscalls=JVM_SYSCALLS,
)
