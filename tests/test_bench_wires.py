"""The wire benchmark's own proofs, on a tiny load (figures are never asserted: see benchmarks/).

Every wire's streams must arrive whole and in order, and the events counted per stream must be
the wire's own framing of one text answer (written from each wire's event set, spec-reference
6.2/6.3 and the openai / google-genai SDK event types), so CPU per event divides by real events.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Events of one streamed text answer of N deltas, besides the N delta events:
ENVELOPE = {
    "openai-chat": 3,  # the role chunk, the finish chunk, data: [DONE]
    # created, in_progress, output_item.added, content_part.added | output_text.done, content_part.done,
    # output_item.done, completed
    "openai-responses": 8,
    "gemini": 1,  # the last candidate with finishReason and usageMetadata
    "anthropic": 5,  # message_start, content_block_start | content_block_stop, message_delta, message_stop
}


def test_quick_wire_benchmark_measures_every_wire_in_the_same_rounds(tmp_path: Path) -> None:
    out = tmp_path / "wires.json"
    streams, deltas, rounds = 3, 25, 2
    proc = subprocess.run(
        [sys.executable, "benchmarks/bench_wires.py", "--rounds", str(rounds), "--streams", str(streams),
         "--deltas", str(deltas), "--concurrency", "2", "--timeout", "60", "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(out.read_text())
    summary = {s["wire"]: s for s in report["summary"]}
    assert set(summary) == set(ENVELOPE)
    for wire, row in summary.items():
        assert row["ok_streams"] == row["streams"] == streams, wire
        assert row["deltas"] == streams * deltas, wire
        assert row["events"] == streams * (deltas + ENVELOPE[wire]), wire
        # Same run: each round measured every wire, and the ratio is taken within the round.
        per_round = [r[wire]["cpu_us_per_event"] / r["openai-chat"]["cpu_us_per_event"] for r in report["rounds"]]
        assert row["paired_ratios_vs_chat"] == [round(x, 3) for x in per_round]
        assert len(per_round) == rounds and row["cpu_us_per_event"] > 0
    assert summary["openai-chat"]["paired_ratios_vs_chat"] == [1.0] * rounds
    line = next(ln for ln in report["markdown"].splitlines() if ln.startswith("| gemini |"))
    assert f"| {summary['gemini']['paired_ratio_vs_chat']:.2f} (" in line
