"""Questions to a user's resident judge that are not commands: whether it runs and what it has
done, whether it would take this process's commands, and stop."""

from __future__ import annotations

from judge.resident.client import connect
from judge.resident.setting import process_setting
from judge.resident.wire import WireError, receive_frame, send_frame


def ask(folder: str, op: str) -> dict | None:
    """The daemon's answer to `op` ("status" or "stop"), once it has acted on it; None if none
    runs. A status answer says, in "differences", what of this process's setting keeps the
    daemon from taking its commands ([] when nothing does). A stop is answered first, and done
    when the daemon closes the connection."""
    sock = connect(folder)
    if sock is None:
        return None
    message = {"op": op, "setting": process_setting()} if op == "status" else {"op": op}
    try:
        send_frame(sock, message)
        got = receive_frame(sock)
        if got is not None and op == "stop":
            while sock.recv(4096):  # until the daemon has gone
                pass
    except (OSError, WireError):
        return None
    finally:
        sock.close()
    return None if got is None else got[0]


def why_not_taken(differences: list[str]) -> str:
    """What a status answer's `differences` mean for this process, in the words `judge daemon
    status` and `judge doctor` both use."""
    return (f"commands from here start by themselves: this process's {', '.join(differences)} "
            f"differ from the resident judge's")
