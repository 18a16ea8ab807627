"""Who owns the names a judge leaves on the host, and whether that owner still lives.

A judge's runs leave named things behind them on the host: a scratch folder, the cgroups of its
runs, the mount point of their roots. A judge killed without a chance to clean up leaves them
for good, so every judge sweeps what dead judges left. Telling the dead from the living by a pid
is wrong beside other judges: pids repeat across PID namespaces (two judges in two containers
are both pid 3), and from inside one namespace every process of another looks dead.

So, as isolate numbers its boxes, a judge claims a numbered slot: an exclusive flock on
LOCK_DIR/slot-N.lock. The judge holds it and its fork servers inherit it, so the kernel lets it
go only when the last of them has ended, however it ended. Every name carries its owner,
`N-TOKEN` (the slot, and a random token that keeps names apart even between judges that do not
share a lock folder). A sweeper removes what a slot's names hold only while it holds that slot's
lock itself: an owner that still lives keeps its lock, and a new owner cannot claim the slot
until the sweep is done.

A sweeper's own slot is the one it cannot lock again, and a judge alone on its host claims the
very slot its killed predecessor had. So each holder writes its token into the slot's lock file
(the last HISTORY of them are kept): names of the sweeper's own slot whose token is an earlier
holder's there are removed too. A token of that number found nowhere in the file is left alone:
it may be a live judge's whose lock folder is another (a container with a /dev/shm of its own
beside a shared /tmp).

Standard library only: the fork server imports this module too.
"""

import fcntl
import os
import shutil
import stat

SLOT_LIMIT = 4096  # slots per lock folder: judges at once on one host, as one user
TOKEN_BYTES = 4
HISTORY = 64  # tokens of a slot's earlier holders kept in its lock file


class Slot:
    """A claimed slot: its number, the name prefix of what its judge makes, and the locked
    descriptor (inheritable by the judge's fork servers, which keep the slot while they live)."""

    def __init__(self, number, fd):
        self.number = number
        self.fd = fd
        self.owner = f"{number}-{os.urandom(TOKEN_BYTES).hex()}"
        _record_holder(fd, self.owner.split("-")[1])

    def release(self):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def lock_folder(parent, euid=None):
    """The lock folder of this user's judges under `parent` (one per user: judges of other
    users cannot sweep this user's runs, nor plant locks for them)."""
    euid = os.geteuid() if euid is None else euid
    return os.path.join(parent, f"judge-slots-{euid}")


def claim(folder):
    """The first free slot of `folder` (made, private to this user, if missing)."""
    _ensure_private_folder(folder)
    for number in range(SLOT_LIMIT):
        fd = _lock(folder, number)
        if fd is not None:
            return Slot(number, fd)
    raise OSError(f"all {SLOT_LIMIT} judge slots in {folder} are taken")


def owner_of(name, prefix):
    """The owner in `name` (PREFIX + N-TOKEN + ...), N-TOKEN, or None for a name of another
    kind."""
    if not name.startswith(prefix):
        return None
    parts = name[len(prefix):].split("-")
    if len(parts) < 2 or not parts[0].isdigit() or not _is_token(parts[1]):
        return None
    return f"{int(parts[0])}-{parts[1]}"


def sweep(folder, names, prefix, remove, parent=None, own=None):
    """Call remove(name) for each of `names` whose owner's slot is free, holding that slot's
    lock meanwhile. Names of live owners, and names of another kind, are left alone; so are,
    when `parent` is the folder the names are in, those of another user's (a lock folder is
    one user's: another user's judge holds its slots in its own). `own`: the sweeper's owner
    (N-TOKEN, or a name that starts with it), whose slot it holds: names of that slot with an
    earlier holder's token (in the slot's lock file) are removed too; its own, and those of
    tokens unknown here, stay."""
    if own is not None:  # (a fork server's owner goes on with its kind: N-TOKEN-i)
        own = "-".join(own.split("-")[:2])
    own_slot = None if own is None else own.split("-")[0]
    by_slot, of_own_slot = {}, []
    for name in names:
        owner = owner_of(name, prefix)
        if owner is None or (parent is not None and not _owned_here(os.path.join(parent, name))):
            continue
        number = owner.split("-")[0]
        if number != own_slot:
            by_slot.setdefault(int(number), []).append(name)
        elif owner != own:
            of_own_slot.append((name, owner.split("-")[1]))
    if not (by_slot or of_own_slot) or not _is_private_folder(folder):
        return
    earlier = _earlier_holders(folder, own) if of_own_slot else set()
    for name, token in of_own_slot:
        if token in earlier:
            remove(name)
    for number, owned in sorted(by_slot.items()):
        fd = _lock(folder, number)
        if fd is None:
            continue
        try:
            for name in owned:
                remove(name)
        finally:
            os.close(fd)


def sweep_folders(folder, parent, prefix, own):
    """sweep() of the folders PREFIX* under `parent` (removed whole), as `own`."""
    try:
        names = [name for name in os.listdir(parent) if name.startswith(prefix)]
    except FileNotFoundError:
        return
    sweep(folder, names, prefix, lambda name: shutil.rmtree(os.path.join(parent, name), True),
          parent=parent, own=own)


def _record_holder(fd, token):
    """Add `token` to the tokens of the slot's holders in its lock file (held: no other writer)."""
    try:
        tokens = _read_tokens(fd)
        text = "".join(f"{t}\n" for t in [*tokens, token][-HISTORY:]).encode()
        os.ftruncate(fd, 0)
        os.pwrite(fd, text, 0)
    except OSError:
        pass  # a slot without its history only leaves its predecessor's names to others


def _earlier_holders(folder, own):
    """The tokens of the earlier holders of `own`'s slot, from its lock file (held by the caller,
    or by the judge whose fork server the caller is)."""
    number, token = own.split("-")
    try:
        fd = os.open(os.path.join(folder, f"slot-{int(number)}.lock"),
                     os.O_RDONLY | os.O_CLOEXEC | os.O_NOFOLLOW)
    except OSError:
        return set()
    try:
        return set(_read_tokens(fd)) - {token}
    finally:
        os.close(fd)


def _read_tokens(fd):
    data = os.pread(fd, HISTORY * (2 * TOKEN_BYTES + 1) * 2, 0).decode("ascii", "replace")
    return [line for line in data.split() if _is_token(line)]


def _owned_here(path):
    try:
        return os.lstat(path).st_uid == os.geteuid()
    except OSError:
        return False


def _lock(folder, number):
    """A descriptor holding slot `number`'s lock, or None while another holds it."""
    fd = os.open(os.path.join(folder, f"slot-{number}.lock"),
                 os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except BaseException:
        os.close(fd)
        raise
    return fd


def _ensure_private_folder(folder):
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    if not _is_private_folder(folder):
        raise OSError(f"{folder} is not a folder of this user's alone: judges of this user "
                      "cannot tell which runs are alive")


def _is_private_folder(folder):
    """A real folder of this user's that nobody else may write in: locks there are judges'."""
    try:
        info = os.lstat(folder)
    except OSError:
        return False
    return (stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid()
            and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH))


def _is_token(text):
    return len(text) == 2 * TOKEN_BYTES and all(c in "0123456789abcdef" for c in text)
