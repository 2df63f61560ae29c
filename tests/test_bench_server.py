"""The benchmark script's own proofs, on a tiny load (figures are never asserted: see benchmarks/).

The script must count every event, see every stream complete and in order, and show that the
pooled load reuses its connections while the other short load opens new ones.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_quick_benchmark_run_checks_streams_bodies_and_connections(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    streams, deltas, wide, short_streams, short_deltas, waves = 4, 30, 8, 20, 10, 2
    proc = subprocess.run(
        [sys.executable, "benchmarks/bench_server.py", "--servers", "mock", "bare", "--flush", "coalesce",
         "per-event", "--rounds", "2", "--streams", str(streams), "--deltas", str(deltas), "--concurrency", "2",
         "--wide-streams", str(wide),
         "--short-streams", str(short_streams), "--short-deltas", str(short_deltas), "--short-waves", str(waves),
         "--timeout", "60", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(out.read_text())
    every = {(s["server"], s["flush"], s["load"]): s for s in report["summary"]}
    loads = ("long", "wide", "short-new", "short-pooled")
    assert set(every) == {(k, f, load) for k in ("mock", "bare") for f in ("coalesce", "per-event") for load in loads}
    for (server, flush, load), row in every.items():
        # The headline ratio: round by round against bare per-event, then the median of the rounds.
        mine, base = row["raw_cpu_us_per_event"], every[("bare", "per-event", load)]["raw_cpu_us_per_event"]
        assert len(mine) == len(base) == 2
        assert row["paired_ratios_vs_bare_per_event"] == [round(a / b, 3) for a, b in zip(mine, base, strict=True)]
        assert row["paired_ratio_vs_bare_per_event"] == sum(row["paired_ratios_vs_bare_per_event"]) / 2
        if (server, flush) == ("bare", "per-event"):
            assert row["paired_ratios_vs_bare_per_event"] == [1.0, 1.0]
    rows = {(server, load): row for (server, flush, load), row in every.items() if flush == "coalesce"}
    # OpenAI chat: a role chunk, one chunk per delta, a finish chunk and [DONE].
    per_stream = {"long": deltas + 3, "wide": deltas + 3, "short-new": short_deltas + 3,
                  "short-pooled": short_deltas + 3}
    total = {"long": streams, "wide": wide, "short-new": short_streams * waves, "short-pooled": short_streams * waves}
    for (server, flush, load), row in every.items():
        assert row["ok_streams"] == row["streams"] == total[load], (server, flush, load)
        assert row["events"] == total[load] * per_stream[load], (server, flush, load)
        assert row["cpu_us_per_event"] > 0
    for server in ("mock", "bare"):
        assert rows[(server, "wide")]["connections_opened"] == [wide] * 2  # all at once: one connection each
        assert rows[(server, "short-new")]["connections_opened"] == [short_streams * waves] * 2
        assert rows[(server, "short-pooled")]["connections_opened"] == [0, 0]
    mock_short = rows[("mock", "short-new")]
    pairs = mock_short["paired_ratios_vs_bare_per_event"]
    shown = f"| {mock_short['paired_ratio_vs_bare_per_event']:.2f} ({min(pairs):.2f}-{max(pairs):.2f}) |"
    line = next(ln for ln in report["markdown"].splitlines() if ln.startswith("| mock | coalesce | short-new"))
    assert shown in line


def test_the_aimock_column_is_skipped_with_its_reason_when_no_cli_is_named(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    import bench_server

    monkeypatch.delenv("AIMOCK_CLI_PATH", raising=False)
    cli, why = bench_server.aimock_cli()
    assert cli is None and "AIMOCK_CLI_PATH is not set" in why
    monkeypatch.setenv("AIMOCK_CLI_PATH", str(tmp_path / "missing" / "cli.js"))
    cli, why = bench_server.aimock_cli()
    assert cli is None and "does not exist" in why
    script = tmp_path / "cli.js"
    script.write_text("", encoding="utf-8")
    monkeypatch.setenv("AIMOCK_CLI_PATH", str(script))
    assert bench_server.aimock_cli() == (["node", str(script)], "")
    # Its fixtures carry the same numbered deltas the client checks, selected by the user message.
    fx = bench_server.aimock_fixtures(3, 2)["fixtures"]
    assert [(f["match"]["userMessage"], f["response"]["content"]) for f in fx] == [
        (bench_server.SHORT_ID, "00000;00001;"), (bench_server.LONG_ID, "00000;00001;00002;")]
    assert json.loads(bench_server.body_for("aimock", "openai-chat", bench_server.SHORT_ID))["messages"][0][
        "content"] == bench_server.SHORT_ID
