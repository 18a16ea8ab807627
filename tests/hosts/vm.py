"""A throwaway VM with cgroup v2 and an overlay root, over this machine's own file system.

qemu boots Debian's stock kernel (linux-image-amd64; the -cloud- flavour lacks 9p) with a
busybox initramfs built here. Its init shares this machine's / read-only over 9p, lays a tmpfs
overlay on top (the guest may write anywhere; nothing reaches the host), mounts cgroup2 alone
at /sys/fs/cgroup, makes the overlay its root (switch_root) and runs one script as root. So the
guest sees the same Python, virtual environments and checkouts as the host, at the same paths.

Software emulation (TCG): this kind of machine's /dev/kvm cannot run a stock kernel. A boot
takes about 25 s; programs inside run several times slower than on the host. `no_timer_check`
keeps a loaded host's slow emulated timer from panicking the guest at boot.

The guest's output comes back on its serial console; the script's exit status follows a marker
line, so a guest that panics or hangs is told apart from a script that failed.
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

PACKAGES = "qemu-system-x86 linux-image-amd64 busybox-static util-linux"
MODULES = ("virtio_pci", "9pnet_virtio", "9p", "overlay")  # loaded in this order, with their deps
EXIT_MARKER = "JUDGE-VM-EXIT"
QEMU = "qemu-system-x86_64"
BUSYBOX = "/bin/busybox"

INIT = """#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
for m in {modules}; do insmod /lib/modules/$m || echo "insmod $m failed"; done
mkdir -p /lower /upper /root
mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose hostroot /lower || echo "9p failed"
mount -t tmpfs tmpfs /upper; mkdir -p /upper/u /upper/w
mount -t overlay overlay -o lowerdir=/lower,upperdir=/upper/u,workdir=/upper/w /root \
  || echo "overlay failed"
mount --move /proc /root/proc 2>/dev/null || mount -t proc proc /root/proc
mount -t sysfs sys /root/sys; mount -t devtmpfs dev /root/dev
mkdir -p /root/dev/pts /root/dev/shm; mount -t devpts devpts /root/dev/pts
ln -s /proc/self/fd /root/dev/fd; ln -s /proc/self/fd/0 /root/dev/stdin
ln -s /proc/self/fd/1 /root/dev/stdout; ln -s /proc/self/fd/2 /root/dev/stderr
mount -t tmpfs -o mode=1777 tmpfs /root/dev/shm
mount -t tmpfs -o mode=1777 tmpfs /root/tmp
{tmp_views}mount -t cgroup2 cgroup2 /root/sys/fs/cgroup
umount -l /sys /dev 2>/dev/null  # fresh ones are under /root
export HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# switch_root, not chroot: in a chroot the kernel refuses unshare(CLONE_NEWUSER), which the
# sandbox of a normal user needs. The overlay becomes the root of the mount namespace.
exec switch_root /root /bin/bash -c \
  'cd / && bash {script}; echo "{marker} $?"; {busybox} poweroff -f; sleep 600'
"""


class VmUnavailable(Exception):
    """This machine cannot boot the VM (a package missing): the reason."""


@dataclass(frozen=True)
class VmRun:
    console: str  # the guest's serial console, boot messages and the script's output
    exit_code: int | None  # the script's; None when the guest never got to say it
    seconds: float  # from starting the emulator to its end: boot, script and power-off
    pid: int  # the emulator's, reaped by the time run_in_vm returns


def kernel() -> tuple[Path, str]:
    """The newest stock (not -cloud-) amd64 kernel in /boot, and its version."""
    found = sorted(path for path in Path("/boot").glob("vmlinuz-*-amd64")
                   if "cloud" not in path.name)
    if not found:
        raise VmUnavailable(f"no stock amd64 kernel in /boot: apt-get install {PACKAGES}")
    return found[-1], found[-1].name.removeprefix("vmlinuz-")


def check() -> None:
    """Raise VmUnavailable unless qemu, a kernel, its modules and a static busybox are here."""
    missing = [name for name in (QEMU, "modprobe", "setpriv") if shutil.which(name) is None]
    if missing or not os.path.exists(BUSYBOX):
        raise VmUnavailable(f"missing {', '.join(missing) or BUSYBOX}: apt-get install {PACKAGES}")
    _, version = kernel()
    if not Path(f"/lib/modules/{version}").is_dir():
        raise VmUnavailable(f"no modules for kernel {version}: apt-get install {PACKAGES}")


def module_files(version: str) -> list[str]:
    """The .ko files MODULES need, dependencies first, as modprobe would load them."""
    files: list[str] = []
    for module in MODULES:
        shown = subprocess.run(["modprobe", "-S", version, "--show-depends", module],
                               capture_output=True, text=True, check=True).stdout
        for line in shown.splitlines():
            parts = line.split()
            if len(parts) >= 2 and parts[0] == "insmod" and parts[1] not in files:
                files.append(parts[1])  # "builtin NAME" lines need nothing
    return files


def build_initramfs(folder: Path, script: Path) -> Path:
    """A gzipped newc cpio archive: busybox, the modules, and an init that runs `script`."""
    _, version = kernel()
    tree = folder / "initramfs"
    for sub in ("bin", "dev", "proc", "sys", "mnt", "lib/modules"):
        (tree / sub).mkdir(parents=True, exist_ok=True)
    shutil.copy(BUSYBOX, tree / "bin" / "busybox")
    names = []
    for path in module_files(version):
        shutil.copy(path, tree / "lib" / "modules")
        names.append(os.path.basename(path))
    init = tree / "init"
    init.write_text(INIT.format(modules=" ".join(names), script=script, marker=EXIT_MARKER,
                             busybox=BUSYBOX, tmp_views=tmp_views(host_folders_in_tmp())))
    init.chmod(0o755)
    archive = folder / "initramfs.gz"
    with gzip.open(archive, "wb", compresslevel=1) as out:
        out.write(newc_archive(tree))
    return archive


def host_folders_in_tmp() -> list[str]:
    """The folders under /tmp the guest must see although its /tmp is a tmpfs of its own: this
    checkout and its interpreter's environment (a clean clone may well be made under /tmp)."""
    checkout = Path(__file__).resolve().parents[2]
    tops = set()
    for path in (checkout, Path(sys.prefix).resolve()):
        if path.parts[:2] == ("/", "tmp") and len(path.parts) > 2:
            tops.add(str(Path(*path.parts[:3])))
    return sorted(tops)


def tmp_views(folders: list[str]) -> str:
    """Init's lines that show each host folder under the guest's /tmp, writable by an overlay
    of its own (writes stay in the guest, as everywhere else)."""
    lines = []
    for number, folder in enumerate(folders):
        upper = f"/upper/tmp{number}"
        lines.append(f"mkdir -p {upper}/u {upper}/w /root{folder}\n"
                     f"mount -t overlay overlay -o lowerdir=/lower{folder},upperdir={upper}/u,"
                     f"workdir={upper}/w /root{folder} || echo \"overlay of {folder} failed\"\n")
    return "".join(lines)


def newc_archive(tree: Path) -> bytes:
    """The files under `tree` as a cpio archive in the kernel's "newc" format."""
    chunks = []
    entries = [tree, *sorted(tree.rglob("*"))]
    for number, path in enumerate(entries, 1):
        name = "." if path == tree else str(path.relative_to(tree))
        info = path.lstat()
        data = b"" if path.is_dir() else path.read_bytes()
        chunks.append(_newc_entry(name, info.st_mode, number, len(data)) + data + _pad(len(data)))
    chunks.append(_newc_entry("TRAILER!!!", 0, 0, 0))
    return b"".join(chunks)


def _newc_entry(name: str, mode: int, inode: int, size: int) -> bytes:
    encoded = name.encode() + b"\0"
    fields = [inode, mode, 0, 0, 1, 0, size, 0, 0, 0, 0, len(encoded), 0]
    header = b"070701" + b"".join(b"%08X" % value for value in fields)
    return header + encoded + _pad(len(header) + len(encoded))


def _pad(length: int) -> bytes:
    return b"\0" * (-length % 4)


def run_in_vm(script_text: str, timeout_s: float, memory_mb: int = 3072) -> VmRun:
    """Boot the VM, run `script_text` (bash) in it as root, power it off; its console and the
    script's exit status. The script's folder is on this machine, so the guest sees it."""
    check()
    image, _ = kernel()
    with tempfile.TemporaryDirectory(prefix="judge-vm-", dir="/var/tmp") as temp:
        folder = Path(temp)
        script = folder / "script.sh"
        script.write_text(script_text)
        initramfs = build_initramfs(folder, script)
        console = folder / "console"
        command = [
            # The guest dies with the process that started it, even one killed outright (a
            # pytest worker stopped by xdist): no emulator is left running for minutes.
            "setpriv", "--pdeathsig", "KILL", "--",
            # -cpu max: the default model lacks instructions (SSE4.2, AVX2) that compiled
            # packages on this machine use, and they die with SIGILL in the guest.
            QEMU, "-accel", "tcg,thread=multi", "-cpu", "max", "-m", str(memory_mb), "-smp", "2",
            "-nographic", "-no-reboot", "-kernel", str(image), "-initrd", str(initramfs),
            "-append", "console=ttyS0 quiet loglevel=1 panic=-1 no_timer_check",
            "-virtfs", "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,"
            "multidevs=remap",
        ]
        started = time.monotonic()
        with open(console, "wb") as out:
            qemu = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=subprocess.STDOUT, start_new_session=True)
            try:
                qemu.wait(timeout=timeout_s)
            except subprocess.TimeoutExpired:
                pass  # cut off below; the console says how far it got
            finally:
                stop(qemu)
        seconds = time.monotonic() - started
        text = console.read_bytes().decode(errors="replace")
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1bc", "", text)
    found = re.findall(rf"^{EXIT_MARKER} (\d+)\s*$", text, re.MULTILINE)
    return VmRun(console=text, exit_code=int(found[-1]) if found else None, seconds=seconds,
                 pid=qemu.pid)


def stop(qemu: subprocess.Popen) -> None:
    """Kill the emulator's process group (whatever the test's outcome, an interrupt too) and
    reap it."""
    if qemu.returncode is None:  # not reaped: its pid is still its group's, no other's
        os.killpg(qemu.pid, signal.SIGKILL)
    qemu.wait()
