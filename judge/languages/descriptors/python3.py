"""Python 3 on CPython: the judge's own interpreter, run inside the pre-started fork server."""

from judge.languages.descriptor import Entry, Language, Memory, SelfTest

# The compile step, in a process of its own: code that cannot be parsed is CE, and the code
# object is kept (marshalled) so that no run parses the source again.
PYTHON_COMPILE = (
    "import marshal, sys, traceback\n"
    "path, target, name = sys.argv[1:4]\n"
    "try:\n"
    "    code = compile(open(path, 'rb').read(), name, 'exec')\n"
    "except (SyntaxError, ValueError) as exc:\n"
    "    sys.stderr.write(''.join(traceback.format_exception_only(type(exc), exc)))\n"
    "    sys.exit(1)\n"
    "with open(target, 'wb') as out:\n"
    "    marshal.dump(code, out)\n"
)

LANGUAGE = Language(
    id="python3",
    name="Python 3",
    extensions=(".py", ".py3"),
    aliases=("python", "py", "cpython"),
    kattis=("python3",),
    family="python",
    family_default=True,
    entry=Entry.MAIN_FILE,
    compile=("{python}", "-I", "-S", "-B", "-c", PYTHON_COMPILE, "{source}", "{program}",
             "{name}"),
    run=("{python}", "-I", "-S", "-B", "{name}"),
    version=("{python}", "--version"),
    package="python3",
    self_test=SelfTest("print(sum(map(int, input().split())))\n"),
    idle_source="",
    memory=Memory(out_of_memory=("MemoryError",)),
)
