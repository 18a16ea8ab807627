"""What goes over a resident judge's socket: frames of a dictionary of plain values (a 4-byte
length, then the dictionary marshalled: the client must not pay for importing json), the first
one of a command carrying the client's descriptors. Both ends are the same user's processes
(SO_PEERCRED), and what is read is checked to be a dictionary.

    client -> daemon   {"op": "run", "argv", "environ", "umask", "package"} + stdin, stdout,
                       stderr and the working folder; or {"op": "status"} or {"op": "stop"}
    spare  -> client   {"started": pid}, then {"status": N} once the command has ended
    client -> spare    {"signal": N} for each SIGINT, SIGTERM or SIGHUP the client gets
    daemon -> client   {"status": {...}} for "status"; {"stopping": pid} for "stop"

A connection closed before "started" means the command was not taken (an install changed, the
daemon stopping): the client runs it itself.
"""

from __future__ import annotations

import marshal
import os
import struct

import _socket  # not socket, whose enums cost the client some 5 ms to import

HEADER = struct.Struct(">I")
FD = struct.Struct("i")
MAX_FRAME = 1 << 20  # a command's environment and arguments fit many times over
MAX_FDS = 8


MARSHAL_VERSION = 4  # what every Python 3 reads alike


class WireError(Exception):
    """A frame that is not one: too large, cut short, or not a dictionary."""


def send_frame(sock: _socket.socket, message: dict, fds: tuple[int, ...] = ()) -> None:
    body = marshal.dumps(message, MARSHAL_VERSION)
    data = HEADER.pack(len(body)) + body
    ancillary = ([(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, struct.pack(f"{len(fds)}i", *fds))]
                 if fds else [])
    sent = sock.sendmsg([data], ancillary)
    if sent < len(data):
        sock.sendall(data[sent:])


def receive_frame(sock: _socket.socket) -> tuple[dict, list[int]] | None:
    """The next frame and the descriptors that came with it; None when the peer has closed the
    connection before a frame began."""
    room = _socket.CMSG_SPACE(MAX_FDS * FD.size)
    data, ancillary, _, _ = sock.recvmsg(HEADER.size, room)
    fds = _descriptors(ancillary)
    if not data:
        _close(fds)
        return None
    try:
        data += _exactly(sock, HEADER.size - len(data))
        (size,) = HEADER.unpack(data)
        if size > MAX_FRAME:
            raise WireError(f"a frame of {size} bytes")
        message = marshal.loads(_exactly(sock, size))
        if not isinstance(message, dict):
            raise WireError("a frame that is not a dictionary")
    except WireError:
        _close(fds)
        raise
    except (ValueError, EOFError, TypeError) as exc:  # what marshal says of a broken frame
        _close(fds)
        raise WireError(f"an unreadable frame: {exc}") from exc
    return message, fds


def _exactly(sock: _socket.socket, size: int) -> bytes:
    chunks = []
    while size > 0:
        chunk = sock.recv(size)
        if not chunk:
            raise WireError("the connection closed in the middle of a frame")
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def _descriptors(ancillary) -> list[int]:
    fds = []
    for level, kind, data in ancillary:
        if level == _socket.SOL_SOCKET and kind == _socket.SCM_RIGHTS:
            fds += [fd for (fd,) in FD.iter_unpack(data[: len(data) - len(data) % FD.size])]
    return fds


def _close(fds: list[int]) -> None:
    for fd in fds:
        os.close(fd)
