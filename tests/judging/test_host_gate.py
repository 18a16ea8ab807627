"""The host gate between judging processes: a re-run measured alone waits for the runs in
progress, holds new ones back, and lets them go when it is done. Real processes and real
locks; the checks are on order (what waited for what), never on how long anything took."""

from __future__ import annotations

import multiprocessing
import threading

from judge.judging.host_gate import HostGate


def hold_alone(folder, holding, release) -> None:
    gate = HostGate(folder)
    with gate.alone():
        holding.set()
        release.wait(30)
        with gate.shared():  # its own runs pass while it is alone
            pass


def test_a_run_alone_waits_for_the_runs_in_progress_and_holds_new_ones_back(tmp_path):
    gate = HostGate(tmp_path)
    context = multiprocessing.get_context("spawn")
    holding, release = context.Event(), context.Event()
    other = context.Process(target=hold_alone, args=(tmp_path, holding, release))
    with gate.shared():  # a run in progress here
        other.start()
        assert not holding.wait(0.5)  # the other process waits for it
    assert holding.wait(30)  # and gets the host once it is done

    started = threading.Event()

    def run_meanwhile() -> None:
        with gate.shared():
            started.set()

    meanwhile = threading.Thread(target=run_meanwhile)
    meanwhile.start()
    assert not started.wait(0.5)  # a new run waits while the other is alone
    release.set()
    assert started.wait(30)
    meanwhile.join()
    other.join(30)
    assert other.exitcode == 0
