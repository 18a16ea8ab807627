"""The server's end of an isolated run's stdout and stderr: pipes it empties into the judge's
files with splice, in the kernel, so that what a program writes is never page cache charged to
its memory cgroup, and never passes through the server's memory (which every Python run forked
from the server shares: it must hold nothing of another run).

stdout is kept up to its cap and one byte more (that byte marks OLE; the server then stops the
run). stderr is not output: its first STDERR_HEAD_BYTES go to the start of its file and the
rest round a ring of STDERR_TAIL_BYTES after them, so that its last bytes are kept whatever
the amount (protocol.unwind_stderr puts the ring back in order).
"""

import os

from . import protocol

CHUNK = 1 << 20  # the most one splice moves


class Capped:
    """stdout: moved into `fd` up to `cap` bytes; then no longer read (the run is stopped)."""

    def __init__(self, fd, cap):
        self.fd, self.room = fd, cap

    def drain(self, pipe):
        """Move what is waiting; False when this pipe is done with (its end, or the cap)."""
        if not self.room:
            return False
        moved = os.splice(pipe, self.fd, min(self.room, CHUNK), flags=os.SPLICE_F_NONBLOCK)
        self.room -= moved
        return moved > 0 and self.room > 0


class Ring:
    """stderr: its head, then its tail round a ring (see protocol.unwind_stderr)."""

    def __init__(self, fd):
        self.fd = fd
        self.total = 0

    def drain(self, pipe):
        offset, room = self.position()
        moved = os.splice(pipe, self.fd, room, offset_dst=offset, flags=os.SPLICE_F_NONBLOCK)
        self.total += moved
        return moved > 0

    def position(self):
        """Where the next bytes go in the file, and how many may go there in one piece."""
        head, tail = protocol.STDERR_HEAD_BYTES, protocol.STDERR_TAIL_BYTES
        if self.total < head:
            return self.total, head - self.total
        into_ring = (self.total - head) % tail
        return head + into_ring, tail - into_ring
