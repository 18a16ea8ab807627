"""`judge doctor`: every guarantee with its state, and every language's self-test."""

from __future__ import annotations

import os

import pytest

from judge.cache import Cache
from judge.present.doctor import diagnose, render_diagnosis
from judge.sandbox import open_sandbox


# In the cache the language tests compile the same self-tests into.
@pytest.fixture(scope="module")
def diagnosis(shared_cache):
    sandbox = open_sandbox(shared_cache)
    try:
        yield diagnose(sandbox)
    finally:
        sandbox.close()


def test_every_guarantee_is_listed(diagnosis):
    names = [guarantee.name for guarantee in diagnosis.guarantees]
    assert names == ["time", "memory", "output", "network", "file system", "processes",
                     "system calls", "cleanup"]


def test_this_host_is_fully_guarded(diagnosis):
    missing = [g for g in diagnosis.guarantees if not g.active]
    if missing and diagnosis.sandbox != "JailSandbox":
        pytest.skip("the fork-server sandbox is unavailable here")
    assert missing == []


def test_rendering_names_states_and_languages(diagnosis):
    text = render_diagnosis(diagnosis)
    for guarantee in diagnosis.guarantees:
        assert guarantee.name in text
    python = next(r for r in diagnosis.languages if r.language.id == "python3")
    assert python.available and python.baseline_kb and f"idle {python.baseline_kb} KB" in text
    assert python.version.startswith("Python 3.") and python.version in text
    for result in diagnosis.languages:
        line = next(line for line in text.splitlines()
                    if line.split()[:1] == [result.language.id])
        assert ("ok" in line.split()) == result.available
        if not result.available:
            assert result.reason and result.reason in line


def test_doctor_and_reports_name_the_cgroup_version(diagnosis, tmp_path):
    text = render_diagnosis(diagnosis)
    line = next(line for line in text.splitlines() if line.startswith("cgroups: "))
    if diagnosis.sandbox == "jail" and not line.startswith("cgroups: none"):
        assert line.startswith(("cgroups: v1 (memory under /", "cgroups: v2 (unified under /"))
    from judge.present.report import sandbox_to_dict

    sandbox = open_sandbox(Cache(tmp_path))
    try:
        block = sandbox_to_dict(sandbox.info)
    finally:
        sandbox.close()
    assert block["cgroup_version"] in (1, 2, None)
    assert (block["cgroup_version"] is None) == line.startswith("cgroups: none")


def test_doctor_names_a_subtree_delegated_to_a_normal_user():
    from judge.present.doctor import describe_cgroups
    from judge.sandbox.host import HostSupport

    user = HostSupport(root=False, cgroup_version=2,
                       cgroup_dirs={"unified": "/sys/fs/cgroup/user.slice/judge.scope"})
    assert describe_cgroups(user) == ("v2 (unified under /sys/fs/cgroup/user.slice/judge.scope, "
                                      "a subtree delegated to this user)")
    root = HostSupport(root=True, cgroup_version=2, cgroup_dirs={"unified": "/sys/fs/cgroup"})
    assert describe_cgroups(root) == "v2 (unified under /sys/fs/cgroup)"


def test_doctor_says_whose_uid_the_runs_have(diagnosis):
    line = next(line for line in render_diagnosis(diagnosis).splitlines()
                if line.startswith("uid: "))
    assert line == f"uid: {diagnosis.run_uid}"
    if diagnosis.sandbox == "jail" and os.geteuid() == 0:
        assert line.startswith("uid: runs have their own uid (1900000000 plus the judge's slot")
