"""The judge's end of the fork server: its modules' bytecode is written before it starts."""

from __future__ import annotations

import os
import shutil
import struct
import sys

from judge.sandbox import server_process


def recorded_mtime(pyc):
    """The source modification time a timestamp-based .pyc was made from (PEP 552 header)."""
    flags, mtime = struct.unpack("<4xII", pyc.read_bytes()[:12])
    assert flags == 0  # checked against the source's time stamp, as an import does
    return mtime


def test_the_servers_modules_are_compiled_once_and_again_when_changed(tmp_path, monkeypatch):
    package = tmp_path / "forkserver"
    shutil.copytree(server_process.SERVER_PACKAGE, package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(server_process, "SERVER_PACKAGE", package)
    compile_package = server_process.compile_server_package.__wrapped__
    compile_package()
    tag = sys.implementation.cache_tag
    sources = sorted(package.glob("*.py"))
    assert sources
    for source in sources:
        pyc = package / "__pycache__" / f"{source.stem}.{tag}.pyc"
        assert recorded_mtime(pyc) == int(source.stat().st_mtime)
    server = package / "__pycache__" / f"server.{tag}.pyc"
    written = server.stat().st_mtime_ns
    compile_package()
    assert server.stat().st_mtime_ns == written  # fresh: not written again
    source = package / "server.py"
    source.write_text(source.read_text() + "\n# changed\n")
    later = server.stat().st_mtime + 10  # (file times tick coarsely: within a tick, no change)
    os.utime(source, (later, later))
    compile_package()
    assert recorded_mtime(server) == int(source.stat().st_mtime)
