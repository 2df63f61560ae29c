"""The hostile-load benchmark's own proofs, at a tiny scale (figures are never asserted: see benchmarks/).

Every slow reader must get its response head, every flood request and every normal request
must complete, the normal client's log entries must all be there, and the verdict must be
the stated bounds applied to the measured figures.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_quick_hostile_load_run_counts_every_stream_and_applies_its_bounds(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    readers, flood, probes = 12, 150, 15
    proc = subprocess.run(
        [sys.executable, "benchmarks/bench_hostile_load.py", "--slow-readers", str(readers), "--flood", str(flood),
         "--probes", str(probes), "--deltas", "2000", "--slow-interval", "0.2", "--timeout", "120",
         "--max-rss-mb", "100000", "--max-p99-ms", "100000", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    report = json.loads(out.read_text())
    load = report["load"]
    assert load["slow_readers_opened"] == readers
    assert load["slow_readers_open_at_end"] == readers  # 2,000 deltas at 1 KiB per 0.2 s outlast the flood
    assert load["flood_ok"] == flood
    assert report["baseline"]["ok"] == load["normal"]["ok"] == probes
    assert report["normal_log_entries"] == report["normal_requests"] == 5 + 2 * probes
    assert report["within"]["rss"] == (load["peak_rss_mb"] <= 100000)
    assert load["normal"]["p50_ms"] <= load["normal"]["p99_ms"] <= load["normal"]["max_ms"]
    assert report["ok"] is True and "| under load |" in report["markdown"]
    # A bound the run cannot meet turns the verdict (and the exit status) over.
    strict = subprocess.run(
        [sys.executable, "benchmarks/bench_hostile_load.py", "--slow-readers", "2", "--flood", "10", "--probes", "3",
         "--deltas", "200", "--max-rss-mb", "1", "--out", str(tmp_path / "strict.json")],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert strict.returncode == 1
    assert json.loads((tmp_path / "strict.json").read_text())["within"]["rss"] is False
