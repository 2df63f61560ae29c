"""The benchmark script's own proofs, on a tiny load (figures are never asserted: see benchmarks/).

The script must count every event, see every stream complete and in order, and show that the
pooled load reuses its connections while the other short load opens new ones.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_quick_benchmark_run_checks_streams_bodies_and_connections(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    streams, deltas, wide, short_streams, short_deltas, waves = 4, 30, 8, 20, 10, 2
    proc = subprocess.run(
        [sys.executable, "benchmarks/bench_server.py", "--servers", "mock", "bare", "--flush", "coalesce",
         "--rounds", "1", "--streams", str(streams), "--deltas", str(deltas), "--concurrency", "2",
         "--wide-streams", str(wide),
         "--short-streams", str(short_streams), "--short-deltas", str(short_deltas), "--short-waves", str(waves),
         "--timeout", "60", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(out.read_text())
    rows = {(s["server"], s["load"]): s for s in report["summary"]}
    loads = ("long", "wide", "short-new", "short-pooled")
    assert set(rows) == {(k, load) for k in ("mock", "bare") for load in loads}
    # OpenAI chat: a role chunk, one chunk per delta, a finish chunk and [DONE].
    per_stream = {"long": deltas + 3, "wide": deltas + 3, "short-new": short_deltas + 3,
                  "short-pooled": short_deltas + 3}
    total = {"long": streams, "wide": wide, "short-new": short_streams * waves, "short-pooled": short_streams * waves}
    for (server, load), row in rows.items():
        assert row["ok_streams"] == row["streams"] == total[load], (server, load)
        assert row["events"] == total[load] * per_stream[load], (server, load)
        assert row["cpu_us_per_event"] > 0
    for server in ("mock", "bare"):
        assert rows[(server, "wide")]["connections_opened"] == [wide]  # all at once: one connection each
        assert rows[(server, "short-new")]["connections_opened"] == [short_streams * waves]
        assert rows[(server, "short-pooled")]["connections_opened"] == [0]
    assert "| mock | coalesce | short-pooled" in report["markdown"]
