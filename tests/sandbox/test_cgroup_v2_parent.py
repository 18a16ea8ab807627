"""Moving a cgroup's processes into the judge's leaf, on a real cgroup2 mount (v2's "no internal
processes" rule: a cgroup that holds processes cannot give controllers to children)."""

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

LEAF_PROBE = textwrap.dedent("""
    import os, subprocess, sys
    sys.path.insert(0, sys.argv[1])
    from pathlib import Path
    from judge.sandbox import cgroup_v2_parent
    mount = sys.argv[2]
    subprocess.run(["mount", "-t", "cgroup2", "none", mount], check=True)
    own = Path(mount) / f"judge-test-{os.getpid()}"
    children = []
    try:
        own.mkdir()
        children = [subprocess.Popen(["sleep", "60"]) for _ in range(3)]
        for child in children:
            (own / "cgroup.procs").write_text(str(child.pid))
        print("before", len((own / "cgroup.procs").read_text().split()))
        print("problem", repr(cgroup_v2_parent.move_into_leaf(own)))
        print("left", len((own / "cgroup.procs").read_text().split()))
        print("leaf", sorted(int(p) for p in (own / "judge.self" / "cgroup.procs")
                             .read_text().split()) == sorted(c.pid for c in children))
        print("again", repr(cgroup_v2_parent.move_into_leaf(own)))
        print("runs", cgroup_v2_parent.runs_folder(str(own / "judge.self")) == str(own))
    finally:
        for child in children:
            child.kill()
            child.wait()
        for folder in (own / "judge.self", own):
            try:
                folder.rmdir()
            except OSError:
                pass
        subprocess.run(["umount", mount])
""")


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("unshare") is None,
                    reason="mounting cgroup2 needs root and unshare(1)")
def test_every_process_of_the_cgroup_moves_into_the_leaf(tmp_path):
    mount = tmp_path / "cgroup2"
    mount.mkdir()
    root = Path(__file__).resolve().parents[2]
    probe = subprocess.run(["unshare", "--mount", "--propagation", "private", sys.executable,
                            "-c", LEAF_PROBE, str(root), str(mount)],
                           capture_output=True, text=True, timeout=60)
    if probe.returncode != 0 and "mount" in probe.stderr:
        pytest.skip(f"cannot mount cgroup2 here: {probe.stderr.strip()[-200:]}")
    assert probe.stdout.split() == ["before", "3", "problem", "''", "left", "0", "leaf", "True",
                                    "again", "''", "runs", "True"], probe.stderr
