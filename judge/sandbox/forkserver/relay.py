"""One direction of a pair's conversation, passed on by its worker: from the read end of one
program's stdout pipe to the write end of the other's stdin pipe, with splice (in the kernel:
the bytes never enter the worker's memory).

Everything that passes between a submission and its interactor goes through the worker, so the
worker sees each side's end of output (end of file) and refusal of input (it closed its stdin)
before the other side can: it notes the moment, then passes it on (closes the other's stdin, or
its own end of the writer's pipe). Which of the two stopped talking first is then what the
worker saw first, whatever the scheduler does afterwards; and what the submission sends is
counted against its output cap.
"""

import os
import select

CHUNK = 1 << 16  # the most one splice moves: a pipe's default capacity


class Relay:
    """Bytes from `source` to `sink` (both pipe ends the worker holds), at most `cap` of them
    (None: any amount; one byte over marks the writer over its cap). `keep_writer`: when the
    reader has gone, the writer's pipe stays open (writes then wait, never SIGPIPE), as a
    trusted interactor that still answers a submission which has left must not be killed."""

    def __init__(self, source, sink, cap=None, keep_writer=False):
        self.source, self.sink = source, sink
        self.room = cap
        self.keep_writer = keep_writer
        self.waiting = False  # for room in the sink (the source is not watched meanwhile)
        self.eof_at = None  # when the writer's output ended, passed on as the reader's EOF
        self.refused_at = None  # when the reader was found to have closed its input
        self.over_cap = False
        self.done = False

    def register(self, poller):
        poller.register(self.source, select.POLLIN)

    def on_events(self, events, poller, now):
        """Move what the events in this poll round allow: one splice at most (bounded work)."""
        if self.done:
            return
        if self.waiting:
            if self.sink in events:  # room again, or the reader gone (the splice will say)
                poller.unregister(self.sink)
                poller.register(self.source, select.POLLIN)
                self.waiting = False
            return
        if self.source in events:
            self.move(poller, now)

    def move(self, poller, now):
        size = CHUNK if self.room is None else min(CHUNK, self.room)
        try:
            moved = os.splice(self.source, self.sink, size, flags=os.SPLICE_F_NONBLOCK)
        except BlockingIOError:  # the source had bytes: the sink is full
            poller.unregister(self.source)
            poller.register(self.sink, select.POLLOUT)
            self.waiting = True
            return
        except BrokenPipeError:  # the reader closed its input
            self.refused_at = now
            self.finish(poller, close_source=not self.keep_writer)
            return
        if moved == 0:  # the writer's end of output: the reader's end of file
            self.eof_at = now
            self.finish(poller, close_source=True)
            return
        if self.room is not None:
            self.room -= moved
            if self.room == 0:  # the writer is stopped now, and the reader with it, before
                self.over_cap = True  # it could see an end of file and answer it
                poller.unregister(self.source)
                self.done = True

    def finish(self, poller, close_source):
        """Stop relaying: the reader's end of file (its stdin pipe's last writer closes)."""
        poller.unregister(self.source)
        os.close(self.sink)
        if close_source:
            os.close(self.source)
        self.done = True
        self.sink = None
        if close_source:
            self.source = None

    def close(self):
        """Once the pair is over: whatever is still open."""
        for fd in (self.source, self.sink):
            if fd is not None:
                os.close(fd)
        self.source = self.sink = None
        self.done = True
