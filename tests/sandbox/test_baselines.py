"""The calibrated-baseline cache on disk, shared by every judging thread and process."""

from __future__ import annotations

import json
import threading

from judge.sandbox.baselines import BaselineCache


def test_threads_storing_baselines_at_once_all_succeed(tmp_path):
    """`judge verify` calibrates one sandbox per thread: their first stores meet."""
    path = tmp_path / "cache" / "baselines.json"
    threads, rounds = 8, 40
    errors: list[BaseException] = []
    start = threading.Barrier(threads)

    def store(worker: int) -> None:
        cache = BaselineCache(path)
        start.wait()
        try:
            for round_ in range(rounds):
                assert (
                    cache.get(f"runtime-{worker}-{round_}", lambda: 1000 + worker) == 1000 + worker
                )
        except BaseException as exc:  # noqa: BLE001 - reported below, in the test's thread
            errors.append(exc)

    workers = [threading.Thread(target=store, args=(w,)) for w in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []
    stored = json.loads(path.read_text())  # whole JSON, whichever store came last
    assert all(value == 1000 + int(key.split("-")[1]) for key, value in stored.items())
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".partial")]


def test_a_stored_baseline_is_not_measured_again(tmp_path):
    path = tmp_path / "baselines.json"
    assert BaselineCache(path).get("python", lambda: 10200) == 10200
    assert BaselineCache(path).get("python", lambda: 1 / 0) == 10200
