"""`judge doctor`: every guarantee with its state, and the calibrated baselines."""

from __future__ import annotations

import pytest

from judge.cache import Cache
from judge.present.doctor import diagnose, render_diagnosis
from judge.sandbox import open_sandbox


@pytest.fixture(scope="module")
def diagnosis(tmp_path_factory):
    cache = tmp_path_factory.mktemp("cache")
    sandbox = open_sandbox(Cache(cache))
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


def test_rendering_names_states_and_baselines(diagnosis):
    text = render_diagnosis(diagnosis)
    for guarantee in diagnosis.guarantees:
        assert guarantee.name in text
    python = next(b for b in diagnosis.baselines if b.language == "python")
    assert python.kb is not None and f"{python.kb} KB" in text


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
