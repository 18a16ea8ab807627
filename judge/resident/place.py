"""Where a user's resident judge listens: a folder of the cache folder, the user's alone."""

from __future__ import annotations

import os

from judge.places import cache_folder

FOLDER = "resident"
SOCKET = "socket"
# sun_path holds 108 bytes: a longer path is reached through the folder's descriptor.
SOCKET_PATH_MAX = 100


def resident_folder(environ: dict[str, str]) -> str:
    return os.path.join(cache_folder(environ), FOLDER)


def socket_address(folder: str, folder_fd: int) -> str:
    """The address of the socket in `folder` (open as `folder_fd` while it is used)."""
    path = os.path.join(folder, SOCKET)
    if len(os.fsencode(path)) <= SOCKET_PATH_MAX:
        return path
    return f"/proc/self/fd/{folder_fd}/{SOCKET}"


def open_own_folder(folder: str) -> int:
    """A descriptor of `folder` when it belongs to this user and no one else may write in it
    (else OSError): a socket there is this user's judge, not another user's stand-in."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    status = os.fstat(fd)
    if status.st_uid != os.geteuid() or status.st_mode & 0o022:
        os.close(fd)
        raise PermissionError(f"{folder}: not this user's own folder")
    return fd
