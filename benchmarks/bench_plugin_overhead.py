"""Benchmark: what installing the kit costs an unrelated pytest run (CPU of ``pytest --co``).

Method (issue 18, "zero cost when inactive"):

* An empty project (one ``test_x.py``), ``pytest --co -q -p no:cacheprovider``, in subprocesses.
  CPU = user + system time of the child (``resource.getrusage(RUSAGE_CHILDREN)`` deltas).
* Plugin autoloading is off in every run (``PYTEST_DISABLE_PLUGIN_AUTOLOAD=1``) and the plugins
  are named with ``-p``, so other packages in this environment (xdist, the test extra's plugins)
  do not blur the figure:
  - ``bare``: pytest alone (the baseline);
  - ``kit``: the kit's two entry points plus the pytest11 entry points of every package a plain
    ``pip install stream-adapter-conformance`` brings (the kit's ``dependencies`` in
    pyproject.toml, recursively, as installed here): the plugins the kit forces on a project;
  - ``kit+extras`` (for information): also the plugins of the ``generated``, ``snapshot`` and
    ``respx`` extras (hypothesis, syrupy, respx, and anyio through httpx).
* With a bytecode cache (the ``.pyc`` files Python keeps) and without one (``PYTHONPYCACHEPREFIX``
  set to a new empty directory per run and ``PYTHONDONTWRITEBYTECODE=1``: every module compiles
  from source, as in a fresh CI container).
* The variants alternate within each round (``--rounds``, default 15); the figure is the median
  per variant, and the overhead the difference of medians against ``bare`` in the same run.

Run (from the repository root)::

    python benchmarks/bench_plugin_overhead.py            # Markdown table + reports/bench_plugin_overhead.json
    python benchmarks/bench_plugin_overhead.py --rounds 3  # quick

It is a script, not a test; tests/test_plugin_hygiene.py proves the inactive plugins import nothing heavy.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import tomllib
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
KIT_PLUGINS = ["_sac_pytest.conformance", "_sac_pytest.mock_provider"]
EXTRAS = ("generated", "snapshot", "respx")


def _pytest11(requirements: list[str]) -> list[str]:
    """The pytest11 entry points of these requirements and everything they require (installed, markers applied)."""
    seen: set[str] = set()
    plugins: list[str] = []
    todo = [Requirement(r) for r in requirements]
    while todo:
        req = todo.pop()
        name = re.sub(r"[-_.]+", "-", req.name).lower()
        if name in seen or (req.marker is not None and not req.marker.evaluate({"extra": ""})):
            continue
        seen.add(name)
        try:
            dist = distribution(req.name)
        except PackageNotFoundError:
            continue
        plugins += [ep.value for ep in dist.entry_points if ep.group == "pytest11"]
        todo += [Requirement(r) for r in dist.requires or []]  # markers (extras) are checked when popped
    return sorted(set(plugins))


def variants() -> dict[str, list[str]]:
    """``-p`` lists per variant, from this checkout's pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    deps: list[str] = project["dependencies"]
    extras = [r for e in EXTRAS for r in project["optional-dependencies"][e]]
    return {"bare": [], "kit": KIT_PLUGINS + _pytest11(deps), "kit+extras": KIT_PLUGINS + _pytest11(deps + extras)}


def _cpu_of(args: list[str], cwd: Path, env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0:  # the project's one test is collected
        raise RuntimeError(f"{args}: exit {run.returncode}\n{run.stdout}\n{run.stderr}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(rounds: int) -> dict[str, dict[str, float]]:
    """Median CPU seconds per (cache, variant)."""
    table = variants()
    samples: dict[str, dict[str, list[float]]] = {c: {v: [] for v in table} for c in ("cached", "no-cache")}
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        project.mkdir()
        (project / "test_x.py").write_text("def test_x():\n    assert True\n")
        base_env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
                    "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        for i in range(rounds + 1):
            for cache in ("cached", "no-cache"):
                for name, plugins in table.items():
                    env = dict(base_env)
                    if cache == "no-cache":
                        env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(dir=tmp)
                        env["PYTHONDONTWRITEBYTECODE"] = "1"
                    args = [sys.executable, "-m", "pytest", "--co", "-q", "-p", "no:cacheprovider"]
                    for p in plugins:
                        args += ["-p", p]
                    cpu = _cpu_of(args, project, env)
                    if i:  # round 0 warms the cache (and the page cache)
                        samples[cache][name].append(cpu)
    return {c: {v: statistics.median(s) for v, s in per.items()} for c, per in samples.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--out", default=str(ROOT / "reports" / "bench_plugin_overhead.json"))
    args = ap.parse_args(argv)
    figures = measure(args.rounds)
    table = variants()
    print(f"pytest --co in an empty project, CPU ms (median of {args.rounds} rounds), overhead vs bare")
    print("| cache | variant | CPU ms | overhead ms |\n|---|---|---|---|")
    for cache, per in figures.items():
        for name, cpu in per.items():
            print(f"| {cache} | {name} | {cpu * 1000:.0f} | {(cpu - per['bare']) * 1000:+.0f} |")
    print("plugins: " + "; ".join(f"{k}: {' '.join(v) or '-'}" for k, v in table.items()))
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps({"rounds": args.rounds, "cpu_seconds": figures, "plugins": table}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
