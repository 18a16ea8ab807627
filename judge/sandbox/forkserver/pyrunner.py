"""The in-process Python runner: a Python program run as __main__ of the server's interpreter,
in the program's process (already confined), the way `python3 -I -S -B FILE` would run it.

This is the fork server's speed: the interpreter is started once, and the standard modules
programs import again and again are imported once, before any fork.
"""

import atexit  # imported here, before any fork: a program's shutdown runs its functions
import os
import sys
from collections import namedtuple

from .libc import set_command_line

# Standard modules that generators, validators and solutions import again and again: imported
# once here, they cost a child nothing (argparse and random alone take about 10 ms of CPU).
# Their memory is part of the idle baseline, which is measured in this same server.
PRELOADED_MODULES = ("argparse", "array", "bisect", "collections", "functools", "heapq",
                     "itertools", "math", "random", "re", "string")

PythonJob = namedtuple("PythonJob", [
    "argv",  # sys.argv: the name the program goes by, then its arguments
    "code",  # its code object, or None to compile `source`
    "source",  # its source (bytes), when it came uncompiled
    "env",  # its environment
    "isolated",  # a submission: its command line must not show the server's
])


def warm_up(package_folder):
    """Prepare the server's interpreter for the programs it will run: the preloaded modules
    imported with their first-use caches filled (argparse's regular expressions and message
    lookups cost about 3 ms the first time in every process), exit() and quit() defined, the
    parser's state built once, and `sys.path` as `python3 -I -S -B` has it, without this
    package's folder (which names the judge's install)."""
    for name in PRELOADED_MODULES:
        __import__(name)
    define_exit_and_quit()
    parser = sys.modules["argparse"].ArgumentParser(prog="warm-up")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("values", nargs="*")
    parser.parse_args(["--seed", "-1", "x"])
    compile("pass", "<warm-up>", "exec")
    return [entry for entry in sys.path if os.path.abspath(entry) != package_folder]


def define_exit_and_quit():
    """exit() and quit(), which `site` defines and `-S` leaves out: contestants call them as in
    a plain `python3`. Defined as site does, without importing site."""
    import builtins

    import _sitebuiltins

    builtins.exit = _sitebuiltins.Quitter("exit", "Ctrl-D (i.e. EOF)")
    builtins.quit = _sitebuiltins.Quitter("quit", "Ctrl-D (i.e. EOF)")


def run_python_main(job, path, server_environment):
    """Run the job's program as __main__, with `path` as sys.path. `server_environment`: the
    server's own as it started, which this process's still is.

    It ends with os._exit after the shutdown steps a program can observe (non-daemon threads,
    atexit, flushing stdio): a full interpreter teardown in a forked child would touch, and so
    copy, every page of the server for nothing.
    """
    import builtins

    if job.isolated:  # (a trusted program's /proc is the host's anyway)
        set_command_line([sys.executable, "-I", "-S", "-B", *job.argv])
    # Most often the run's environment is the server's own (the judge starts both alike): then
    # os.environ is left as it is. Walking it (os's mapping, a dozen Python functions, each
    # call writing to its function's page) cost about 15 page faults a run.
    if job.env != server_environment:
        set_environment(job.env)
    sys.path[:] = path
    # (The preloaded random generator needs no seeding here: random reseeds it after every
    # fork, so no two runs share a sequence.)
    name = job.argv[0]
    main = type(sys)("__main__")
    main.__file__, main.__builtins__, main.__cached__ = name, builtins, None
    sys.modules["__main__"] = main
    sys.argv = list(job.argv)
    try:
        code = job.code or compile(job.source, name, "exec")
        exec(code, main.__dict__)  # noqa: S102 - running the program is the point
        status = 0
    except SystemExit as exc:
        status = exit_code(exc)
    except BaseException as exc:  # noqa: BLE001 - a child must never unwind into the server
        traceback = exc.__traceback__.tb_next if exc.__traceback__ else None
        sys.excepthook(type(exc), exc.with_traceback(traceback), traceback)  # hide this frame
        status = 1
    os._exit(shut_down(status))


def set_environment(env):
    """Make os.environ (and the process's environment) `env`, changing only what differs: it
    is most often the server's own already."""
    for key in [key for key in os.environ if key not in env]:
        del os.environ[key]
    for key, value in env.items():
        if os.environ.get(key) != value:
            os.environ[key] = value


def exit_code(exc):
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code & 0xFF
    print(exc.code, file=sys.stderr)
    return 1


def shut_down(code):
    """What Py_Finalize does that a program can see; returns the process's exit code."""
    threading = sys.modules.get("threading")
    try:
        if threading is not None:
            threading._shutdown()
        atexit._run_exitfuncs()
    except SystemExit as exc:
        code = exit_code(exc)
    try:
        sys.stdout.flush()
    except Exception as exc:  # noqa: BLE001 - e.g. a closed pipe: CPython reports it, exits 120
        print(f"Exception ignored flushing sys.stdout: {exc!r}", file=sys.stderr)
        code = code or 120
    try:
        sys.stderr.flush()
    except Exception:  # noqa: BLE001, S110 - nowhere left to report a broken stderr
        pass
    return code
