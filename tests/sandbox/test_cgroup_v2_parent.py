"""Moving a cgroup's processes into the judge's leaf, on a real cgroup2 mount (v2's "no internal
processes" rule: a cgroup that holds processes cannot give controllers to children)."""

import textwrap


from tests.conftest import needs_cgroup2_mount, run_on_a_private_cgroup2_mount

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


@needs_cgroup2_mount
def test_every_process_of_the_cgroup_moves_into_the_leaf(tmp_path):
    words, stderr = run_on_a_private_cgroup2_mount(LEAF_PROBE, tmp_path)
    assert words == ["before", "3", "problem", "''", "left", "0", "leaf", "True",
                     "again", "''", "runs", "True"], stderr
