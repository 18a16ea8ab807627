"""Small process helpers: kill without caring whether the process is still there, reap, read
a descriptor to its end."""

import os
import signal

# What a process of the fork server is (Server.role): the server itself, a worker it forked for
# one order, or a run's child, which goes back through the server's code only to become its
# program.
SERVER, WORKER, RUN = "server", "worker", "run"


def kill(pid, sig=signal.SIGKILL):
    try:
        os.kill(pid, sig)
    except OSError:
        pass


def kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def reap(pid):
    """Wait for the child `pid` (gone already: fine)."""
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


def reap_orphans():
    """Reap the children that have ended: orphans of stopped runs come back to the server
    (their subreaper). Runs still going, a pair's other half, are not waited for."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def read_to_end(fd):
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    return b"".join(chunks)
