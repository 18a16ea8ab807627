"""Small process helpers: kill without caring whether the process is still there."""

import os
import signal


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


def pid_alive(text):
    """Whether the process whose pid is `text` (as found in a file name) exists."""
    try:
        os.kill(int(text), 0)
        return True
    except (ValueError, ProcessLookupError):
        return False
    except PermissionError:
        return True


def reap_all():
    """Wait for every child of this process."""
    while True:
        try:
            os.wait()
        except ChildProcessError:
            return
