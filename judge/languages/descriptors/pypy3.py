"""Python 3 on PyPy: its own language id; `.py` files run on it where the problem says so
(problem.yaml `default_python: pypy3`)."""

from judge.languages.descriptor import Entry, Language, Memory, SelfTest

# A syntax check that names the file as the submission knows it; the source is the program.
PYPY_CHECK = (
    "import sys, traceback\n"
    "path, name = sys.argv[1:3]\n"
    "try:\n"
    "    compile(open(path, 'rb').read(), name, 'exec')\n"
    "except (SyntaxError, ValueError) as exc:\n"
    "    sys.stderr.write(''.join(traceback.format_exception_only(type(exc), exc)))\n"
    "    sys.exit(1)\n"
)

LANGUAGE = Language(
    id="pypy3",
    name="Python 3 (PyPy)",
    extensions=(".py", ".py3"),
    aliases=("pypy",),
    kattis=("python3",),  # Kattis runs Python 3 on PyPy; which one is the problem's choice
    family="python",
    entry=Entry.MAIN_FILE,
    compiler="pypy3",
    compile=("pypy3", "-S", "-c", PYPY_CHECK, "{source}", "{name}"),
    checks_only=True,
    program_in_box="solution.py",
    run=("pypy3", "-S", "{program}"),
    # PyPy's collector raises MemoryError once its heap would pass this.
    run_env={"PYPY_GC_MAX": "{heap_kb}KB"},
    version=("pypy3", "--version"),
    package="pypy3",
    self_test=SelfTest("print(sum(map(int, input().split())))\n"),
    idle_source="",
    # Past PYPY_GC_MAX an allocation raises MemoryError, or, inside the collector, aborts.
    memory=Memory(reserve_kb=8 * 1024, minimum_kb=16 * 1024,
                  out_of_memory=("MemoryError", "using too much memory, aborting")),
)
