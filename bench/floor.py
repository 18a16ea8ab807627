"""The least time any judge that forks a warm interpreter for each test can take: run in a test
folder (NAME.in, NAME.ans) as `python3 -I -S bench/floor.py SOLUTION`, it compiles SOLUTION once,
then forks a child per test, one process per core, each child running the solution on the test
as __main__; the parent compares what it wrote with the answer. Nothing is confined, limited or
measured: no namespace, no rlimit, no filter, no report. Exit status 0 when every answer matched.

It stands for what the judge's fork server cannot avoid (the interpreter's start, a fork and an
exit per test, the program), so that bench_normal_user can say how far above that floor the
judge is, in the same rounds as the loop.
"""

import os
import sys


def main(solution):
    with open(solution, "rb") as handle:
        code = compile(handle.read(), solution, "exec")
    tests = sorted(name[:-3] for name in os.listdir(".") if name.endswith(".in"))
    cores = os.cpu_count() or 1
    workers = []
    for part in range(1, cores):
        pid = os.fork()
        if pid == 0:
            os._exit(min(wrong_answers(code, tests[part::cores]), 1))
        workers.append(pid)
    wrong = wrong_answers(code, tests[0::cores])
    for pid in workers:
        wrong += os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    return 1 if wrong else 0


def wrong_answers(code, tests):
    wrong = 0
    for name in tests:
        given = os.open(f"{name}.in", os.O_RDONLY)
        read_end, write_end = os.pipe()
        child = os.fork()
        if child == 0:
            os.dup2(given, 0)
            os.dup2(write_end, 1)
            sys.stdin = open(0, closefd=False)  # noqa: SIM115 - the child's own stdio
            sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
            exec(code, {"__name__": "__main__"})  # noqa: S102 - running the program is the point
            sys.stdout.flush()
            os._exit(0)
        os.close(write_end)
        os.close(given)
        chunks = []
        while chunk := os.read(read_end, 65536):
            chunks.append(chunk)
        os.close(read_end)
        os.waitpid(child, 0)
        with open(f"{name}.ans", "rb") as handle:
            wrong += b"".join(chunks) != handle.read()
    return wrong


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
