"""Benchmark: the README's main job, ``pytest --adapter=conformance.reference:agui``, in pytest time and CPU.

Method (issue 18, "a first run that feels instant"):

* Each tree given (``--tree DIR``, default this checkout) runs the main job in a subprocess with
  ``PYTHONPATH=DIR`` (the installed entry points import the tree's code), from a temporary
  directory, the reports written there and dropped with it.
* Per run: pytest's own duration (the ``in N.NNs`` of its summary line: "pytest time"), the CPU
  of the process (``resource.getrusage(RUSAGE_CHILDREN)`` deltas), the outcome counts, and the
  sum of the twelve ``generated-*`` cases' durations (``--durations=0``).
* ``--tree DIR#ARGS`` adds pytest arguments for that entry (``--tree .#--adapter-isolation=none``:
  the same tree with the adapter in the suite's process), so two ways of running one tree are
  compared in the same run.
* The trees alternate within each round (``--rounds``, default 3); the figure is the median.
  On a shared machine pytest time follows the load; CPU time is the steadier comparison.
* The first tree is the previous figure: every other tree's pytest time, wall time and CPU are
  also given as a change against it, measured in the same run (``vs first``).

Run (from the repository root)::

    git archive main | (mkdir -p /tmp/main-tree && tar -x -C /tmp/main-tree)
    python benchmarks/bench_main_job.py --tree /tmp/main-tree --tree .

It is a script, not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_once(entry: str) -> dict[str, float | str]:
    """One main job against ``entry`` (``DIR`` or ``DIR#ARGS``): pytest seconds, CPU seconds, generated-*
    seconds, summary."""
    where, _, extra = entry.partition("#")
    tree = Path(where)
    env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
    with tempfile.TemporaryDirectory() as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "pytest", "--adapter=conformance.reference:agui", "-q",
                              "-p", "no:cacheprovider", "--durations=0",
                              "-W", "ignore::pytest.PytestDeprecationWarning", *shlex.split(extra)],
                             cwd=tmp, env=env, capture_output=True, text=True, timeout=1800)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    summary = next((line for line in reversed(run.stdout.splitlines()) if re.search(r" in [\d.]+s", line)), "")
    if run.returncode != 0:
        raise RuntimeError(f"{entry}: exit {run.returncode}\n{run.stdout[-3000:]}\n{run.stderr[-2000:]}")
    generated = sum(float(m.group(1)) for m in re.finditer(r"^([\d.]+)s call .*test_generated\[", run.stdout, re.M))
    return {"pytest_s": float(re.findall(r" in ([\d.]+)s", summary)[-1]), "wall_s": wall,
            "cpu_s": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
            "generated_s": generated, "summary": summary.strip("= ")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", action="append", help="a checkout of the kit, DIR or DIR#PYTEST-ARGS (repeatable)")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    trees: list[str] = args.tree or [str(ROOT)]
    samples: dict[str, list[dict[str, float | str]]] = {t: [] for t in trees}
    loads = [os.getloadavg()[0]]
    for _ in range(args.rounds):
        for tree in trees:
            samples[tree].append(run_once(tree))
            loads.append(os.getloadavg()[0])
    print(f"README main job, median of {args.rounds} rounds; 1-minute load average {min(loads):.1f} to "
          f"{max(loads):.1f} (at the start and after each run)")
    print("| tree | pytest s | wall s | CPU s | generated-* s | vs first (pytest / wall / CPU) | summary |\n"
          "|---|---|---|---|---|---|---|")
    keys = ("pytest_s", "wall_s", "cpu_s", "generated_s")
    medians = {t: {k: statistics.median(float(r[k]) for r in runs) for k in keys} for t, runs in samples.items()}
    first = medians[trees[0]]
    for tree, med in medians.items():
        versus = "-" if tree == trees[0] else " / ".join(
            f"{(med[k] - first[k]) / first[k]:+.0%}" for k in ("pytest_s", "wall_s", "cpu_s"))
        figures = " | ".join(f"{med[k]:.1f}" for k in keys)
        print(f"| {tree} | {figures} | {versus} | {samples[tree][-1]['summary']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
