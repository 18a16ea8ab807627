"""The system-call filter's policy and its program: built by libseccomp, kept in the cache."""

from __future__ import annotations

import pytest

from judge.cache import Cache
from judge.sandbox.guarantees import describe_guarantees
from judge.sandbox.host import HostSupport
from judge.sandbox.syscall_policy import ALLOWED, REFUSED, FilterProgram, filter_program


def test_the_program_is_built_once_and_kept_in_the_cache(tmp_path):
    built = filter_program(Cache(tmp_path).syscall_filters)
    if not built.available:
        pytest.skip(built.reason)
    kept = list(Cache(tmp_path).syscall_filters.iterdir())
    assert len(kept) == 1 and kept[0].read_bytes() == built.bpf
    assert len(built.bpf) % 8 == 0  # whole BPF instructions
    assert filter_program(Cache(tmp_path).syscall_filters) == built


def test_a_damaged_cached_program_is_built_again(tmp_path):
    folder = Cache(tmp_path).syscall_filters
    built = filter_program(folder)
    if not built.available:
        pytest.skip(built.reason)
    kept = next(folder.iterdir())
    kept.write_bytes(b"cut short")
    assert filter_program(folder) == built


def test_nothing_is_both_allowed_and_refused():
    assert not set(ALLOWED) & set(REFUSED)


def test_a_host_without_the_filter_says_why():
    host = HostSupport(root=True, cgroup_version=1, namespaces=True)
    missing = FilterProgram(None, "no system-call filter: libseccomp unavailable (x)")
    calls = next(g for g in describe_guarantees(host, missing) if g.name == "system calls")
    assert not calls.active and "libseccomp unavailable" in calls.detail
