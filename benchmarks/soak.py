"""Soak: the attack suites of issue 19, longer than CI runs them, for release checks.

CI runs the fuzz and hostile suites at bounded counts within its time budget. Before a release,
run them longer: this command repeats the hostile-adapter and hostile-harness suites and the fault
suites ``--rounds`` times, runs the server fuzz with ``--fuzz-examples`` examples per property, then
the hostile-load benchmark at full scale (1,000 slow readers, a 10,000-request flood). Every step is
a subprocess bounded by ``--timeout`` seconds; the command exits 1 at the first failing step and
says which.

Run (from the repository root)::

    python benchmarks/soak.py                      # 5 rounds, 3,000 fuzz examples, full load
    python benchmarks/soak.py --rounds 1 --fuzz-examples 300 --no-load   # a quick look (about 2 min)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUITES = ["tests/test_hostile.py", "tests/test_hostile_more.py", "tests/test_hostile_harnesses.py",
          "tests/test_fault_loops.py", "tests/test_request_log_bounds.py", "tests/test_bad_scenario_files.py"]


def step(name: str, argv: list[str], timeout: float, env: dict[str, str] | None = None) -> bool:
    """Run one step; print its outcome and time. True when it passed."""
    started = time.monotonic()
    try:
        done = subprocess.run(argv, cwd=ROOT, env={**os.environ, **(env or {})}, timeout=timeout,
                              capture_output=True, text=True)
        lines = (done.stdout + done.stderr).strip().splitlines()
        ok, tail = done.returncode == 0, [*(x for x in lines if x.startswith("FAILED")), *lines[-1:]]
    except subprocess.TimeoutExpired:
        ok, tail = False, [f"timed out after {timeout:.0f} s"]
    print(f"{'ok  ' if ok else 'FAIL'} {name} ({time.monotonic() - started:.0f} s) {' | '.join(tail)}", flush=True)
    return ok


def main(argv: list[str] | None = None) -> int:
    """Run the soak; 0 when every step passed."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="repetitions of the hostile and fault suites")
    ap.add_argument("--fuzz-examples", type=int, default=3000,
                    help="server fuzz examples per property; at least 300, CI's count (the test checks that every "
                         "kind of bad request was drawn)")
    ap.add_argument("--no-load", action="store_true", help="skip the full-scale hostile-load benchmark")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds each step may take")
    opts = ap.parse_args(argv)
    if opts.fuzz_examples < 300:
        ap.error("--fuzz-examples: at least 300")
    pytest = [sys.executable, "-m", "pytest", "-q", "-rf", "-p", "no:cacheprovider"]
    for n in range(1, opts.rounds + 1):
        if not step(f"hostile and fault suites, round {n}/{opts.rounds}", [*pytest, *SUITES], opts.timeout):
            return 1
    if not step(f"server fuzz, {opts.fuzz_examples} examples", [*pytest, "tests/test_server_fuzz.py"], opts.timeout,
                {"SAC_FUZZ_EXAMPLES": str(opts.fuzz_examples)}):
        return 1
    if not opts.no_load and not step("hostile load (1,000 slow readers, 10,000 flood)",
                                     [sys.executable, "benchmarks/bench_hostile_load.py"], opts.timeout):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
