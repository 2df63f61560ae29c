"""A pytest plugin that writes, for every test, what its time was made of: load-independent figures.

On a shared machine a test's wall time mostly measures the other jobs. This plugin records, per test
(setup + call + teardown), the wall time, the CPU time of the pytest process, the CPU time of the children
it reaped (Node harnesses, app servers in their own venv, pytest or pip subprocesses) and how long the
main thread sat runnable in the run queue without a core (Linux ``/proc/self/task/<pid>/schedstat``).
``idle`` estimates the wall time on a machine with no other job: the wall time less the run-queue wait,
less the children's CPU time scaled by the same starvation. ``benchmarks/ci_time.md`` is built from it.

Example::

    PYTHONPATH=.:benchmarks CI_TIME_PROBE=/tmp/probe pytest -p ci_time_probe -n 2 --runslow -m slow
    python benchmarks/ci_time_probe.py /tmp/probe     # totals and the longest tests
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest


def _queue_and_run_ns() -> tuple[int, int]:
    """The nanoseconds the main thread (the one running the test) has run and waited runnable for a core
    (0, 0 off Linux). Other threads are left out: their queue waits overlap the main thread's."""
    try:
        fields = Path(f"/proc/self/task/{os.getpid()}/schedstat").read_text().split()
    except OSError:
        return 0, 0
    return int(fields[0]), int(fields[1])


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, Any, None]:
    """Measure one test's setup, call and teardown together (module fixtures land on their first/last test)."""
    out = os.environ.get("CI_TIME_PROBE")
    if not out:
        yield
        return
    wall, cpu, children = time.monotonic(), time.process_time(), _children_cpu()
    ran, waited = _queue_and_run_ns()
    yield
    ran2, waited2 = _queue_and_run_ns()
    row = {"id": item.nodeid, "wall": time.monotonic() - wall, "cpu": time.process_time() - cpu,
           "children": _children_cpu() - children, "ran": max(ran2 - ran, 0) / 1e9,
           "queued": max(waited2 - waited, 0) / 1e9,
           "worker": os.environ.get("PYTEST_XDIST_WORKER", "main")}
    Path(out).mkdir(parents=True, exist_ok=True)
    with (Path(out) / f"{row['worker']}.jsonl").open("a", encoding="utf-8") as f:
        f.write(json.dumps(row) + "\n")


def idle_estimate(row: dict[str, Any]) -> float:
    """The wall time less the starvation: the main thread's run-queue wait, and its children's CPU time
    stretched by the same ratio of waiting to running. An estimate, not a measurement.

    >>> idle_estimate({"wall": 10.0, "ran": 2.0, "queued": 2.0, "children": 1.0})
    7.0
    """
    ratio = row["queued"] / row["ran"] if row["ran"] > 0 else 0.0
    return max(row["wall"] - row["queued"] - row["children"] * ratio, 0.0)


def summary(directory: Path, top: int = 40) -> str:
    """Totals and the ``top`` tests by estimated idle time of the rows under ``directory``."""
    rows = [json.loads(line) for f in sorted(directory.glob("*.jsonl")) for line in f.read_text().splitlines()]
    by_file: dict[str, float] = {}
    for r in rows:
        r["idle"] = idle_estimate(r)
        by_file[r["id"].split("::")[0]] = by_file.get(r["id"].split("::")[0], 0.0) + r["idle"]
    cpu = sum(r["cpu"] for r in rows)
    lines = [f"{len(rows)} tests: wall {sum(r['wall'] for r in rows):.0f} test-s, CPU {cpu:.0f} s"
             f" + children {sum(r['children'] for r in rows):.0f} s, queued {sum(r['queued'] for r in rows):.0f} s,"
             f" idle estimate {sum(r['idle'] for r in rows):.0f} test-s", "", "by file (idle test-s):"]
    lines += [f"  {v:8.1f}  {k}" for k, v in sorted(by_file.items(), key=lambda kv: -kv[1])[:top]]
    lines += ["", "longest tests (idle estimate, wall, cpu, children):"]
    lines += [f"  {r['idle']:7.1f} {r['wall']:7.1f} {r['cpu']:6.1f} {r['children']:6.1f}  {r['id']}"
              for r in sorted(rows, key=lambda r: -r["idle"])[:top]]
    return "\n".join(lines)


if __name__ == "__main__":
    print(summary(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 40))
