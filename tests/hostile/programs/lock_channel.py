import ctypes
import fcntl
import json
import os
import struct
import sys
import time

# Two runs at once, one a sender, one a receiver, over locks on files every run sees: the
# interpreter's own standard library and /dev/null. The sender takes a lock on file i for each
# bit i that is set and holds them; the receiver looks for locks it cannot take.
FILES = sorted(os.path.join(os.path.dirname(os.__file__), name)
               for name in os.listdir(os.path.dirname(os.__file__)) if name.endswith(".py"))[:8]
role, _, bits = sys.stdin.read().partition(" ")


def taken_elsewhere(fd, how):
    try:
        how(fd)
        return False
    except BlockingIOError:
        return True
    except PermissionError:  # (lockf reports a conflict as EACCES on some systems)
        return True


if role == "send":
    held = [os.open(path, os.O_RDONLY) for path in FILES]
    for fd, bit in zip(held, bits.strip(), strict=False):
        if bit == "1":
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    null = os.open("/dev/null", os.O_RDWR)
    if bits.strip()[:1] == "1":
        fcntl.lockf(null, fcntl.LOCK_EX | fcntl.LOCK_NB)
        # And by the system call itself, F_SETLK with bits above the 32 the kernel reads set:
        # a filter comparing the whole register would take it for another command.
        write_lock = struct.pack("hhqqi4x", fcntl.F_WRLCK, os.SEEK_SET, 0, 0, 0)
        other = os.open("/dev/zero", os.O_RDWR)
        ctypes.CDLL(None).syscall(72, other, (1 << 32) | fcntl.F_SETLK, write_lock)
    print("locked", time.time(), flush=True)
    time.sleep(60)
else:
    seen, first, deadline = ["0"] * len(FILES), time.time(), time.time() + float(bits or 2)
    null_seen = False
    while time.time() < deadline:
        for index, path in enumerate(FILES):
            fd = os.open(path, os.O_RDONLY)
            if taken_elsewhere(fd, lambda fd: fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)):
                seen[index] = "1"
            os.close(fd)
        null = os.open("/dev/null", os.O_RDWR)
        null_seen |= taken_elsewhere(null,
                                     lambda fd: fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB))
        os.close(null)
        zero = os.open("/dev/zero", os.O_RDWR)
        null_seen |= taken_elsewhere(zero,
                                     lambda fd: fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB))
        os.close(zero)
        time.sleep(0.005)
    print(json.dumps({"seen": "".join(seen), "null": null_seen, "first": first,
                      "last": time.time()}))
