"""Benchmark: the in-process HTTP reference adapter per case against the Node AI SDK harness, same wire.

The question (issue 29): is ``conformance.reference:openai_http`` (the official ``openai`` SDK over
the mock server's Chat Completions wire, in the pytest process) slower per case than the AI SDK's
``@ai-sdk/openai-compatible`` harness (``examples/ts/ai-sdk-openai-compatible.mjs``, a Node child over
``--adapter-cmd``) reading the same wire?

Method:

* Each round runs the whole corpus once per adapter, alternating which goes first, each in a
  subprocess from a temporary directory (``PYTHONPATH`` = this checkout); the per-case time is each
  ``test_case`` item's time in pytest's JUnit XML (setup + call + teardown, milliseconds).
* Compared: the cases both adapters ran (not skipped), per case: the median over the rounds; the
  figure is the median over those cases of each adapter, and the median of the per-case ratio
  (reference / Node). Also reported: pytest time per graded case of each run.
* The Node harness needs ``node`` and ``examples/ts/node_modules``; without them the script says so
  and measures the reference alone.

Run (from the repository root)::

    python benchmarks/bench_http_reference.py              # 3 rounds
    python benchmarks/bench_http_reference.py --rounds 1 -k "text."   # quick

It is a script, not a test (tests/test_bench_http_reference.py runs it on a few cases).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_HARNESS = ROOT / "examples" / "ts" / "ai-sdk-openai-compatible.mjs"
ADAPTERS: dict[str, list[str]] = {
    "reference openai_http (Python, in process)": ["--adapter=conformance.reference:openai_http",
                                                   "--dialect=openai-chat"],
    "AI SDK openai-compatible (Node, --adapter-cmd)": ["--adapter-cmd", f"node {NODE_HARNESS}"],
}


def node_missing() -> str | None:
    """Why the Node harness cannot run here (None: it can)."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (ROOT / "examples" / "ts" / "node_modules").exists():
        return "examples/ts/node_modules is missing (npm ci --prefix examples/ts)"
    return None


def run_once(args: list[str], select: str | None = None) -> tuple[float, dict[str, float]]:
    """One corpus run (``select``: a pytest ``-k`` expression): pytest seconds and each ran case's
    milliseconds (skipped cases left out)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory() as tmp:
        xml = Path(tmp) / "junit.xml"
        run = subprocess.run([sys.executable, "-m", "pytest", *args, *(["-k", select] if select else []),
                              "-q", "-p", "no:cacheprovider",
                              f"--junitxml={xml}", "-W", "ignore::pytest.PytestDeprecationWarning"],
                             cwd=tmp, env=env, capture_output=True, text=True, timeout=1800)
        if run.returncode not in (0, 1) or not xml.exists():
            raise RuntimeError(f"exit {run.returncode}\n{run.stdout[-3000:]}\n{run.stderr[-2000:]}")
        cases: dict[str, float] = {}
        for tc in ET.parse(xml).iter("testcase"):
            name = tc.get("name", "")
            match = re.fullmatch(r"test_case\[(.+)\]", name)  # the id and its dialect (the same wire in both)
            if match and tc.find("skipped") is None:
                cases[match.group(1)] = float(tc.get("time", "0")) * 1000
    summary = next((line for line in reversed(run.stdout.splitlines()) if re.search(r" in [\d.]+s", line)), "")
    return float(re.findall(r" in ([\d.]+)s", summary)[-1]), cases


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("-k", dest="select", help="only the cases this pytest -k expression selects")
    args = ap.parse_args(argv)
    why = node_missing()
    names = [n for n in ADAPTERS if why is None or "Node" not in n]
    if why:
        print(f"Node harness not measured: {why}")
    per_case: dict[str, dict[str, list[float]]] = {n: {} for n in names}
    totals: dict[str, list[tuple[float, int]]] = {n: [] for n in names}
    for rnd in range(args.rounds):
        for name in names if rnd % 2 == 0 else reversed(names):
            seconds, cases = run_once(ADAPTERS[name], args.select)
            totals[name].append((seconds, len(cases)))
            for case, ms in cases.items():
                per_case[name].setdefault(case, []).append(ms)
    common = sorted(set.intersection(*(set(c) for c in per_case.values())))
    med = {n: {c: statistics.median(per_case[n][c]) for c in common} for n in names}
    print(f"Per case over the {len(common)} cases every adapter ran, {args.rounds} rounds, load average "
          f"{os.getloadavg()[0]:.2f} at the end")
    print("| adapter | median ms per case | mean ms per case | pytest s (median) | ms of pytest time per ran case |")
    print("|---|---|---|---|---|")
    for n in names:
        secs = statistics.median(s for s, _ in totals[n])
        ran = statistics.median(k for _, k in totals[n])
        print(f"| {n} | {statistics.median(med[n].values()):.1f} | {statistics.mean(med[n].values()):.1f} | "
              f"{secs:.2f} | {1000 * secs / max(ran, 1):.1f} |")
    if len(names) == 2:
        ref, node = names
        ratios = [med[ref][c] / med[node][c] for c in common if med[node][c] > 0]
        print(f"reference / Node per case: median {statistics.median(ratios):.2f}x over {len(ratios)} cases")
        slow = sorted(common, key=lambda c: med[ref][c] - med[node][c], reverse=True)[:5]
        print("largest differences (reference - Node, ms): "
              + ", ".join(f"{c} {med[ref][c] - med[node][c]:+.0f}" for c in slow))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
