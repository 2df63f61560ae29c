"""Benchmark: server CPU per event of each HTTP wire, measured in the same run.

The question (issue 17): do the wires real adapters use by default (OpenAI Responses, Gemini) cost
the mock more CPU per streamed event than Chat Completions? Method, after ``bench_server.py``
(whose server child, CPU readers and connection pool this script reuses):

* One ``mock-provider serve`` child, pinned to CPU 0 (the client to CPU 1 when there are two),
  with the same text scenario registered once: ``--deltas`` numbered text deltas and a finish.
  Server CPU = on-CPU time of the child's threads (``/proc/<pid>/task/*/schedstat``) over the
  load only.
* Each round streams ``--streams`` responses at ``--concurrency`` on every wire
  (``openai-chat``, ``openai-responses``, ``gemini``, ``anthropic``) one after the other, in an
  order that alternates round by round, so drift on a shared host hits the wires alike. The
  per-round ratio of a wire's CPU per event to Chat Completions' in the same round is the
  figure compared (``paired_ratio_vs_chat``: the median over the rounds).
* Per event and per delta: a wire frames a text delta as one event, but opens and closes the
  stream with a different number of envelope events (Responses: 8, Chat Completions: 3), so
  both are reported; per delta is the cost of the same answer.
* Client: aiohttp in this process; it parses every SSE frame, checks each delta's sequence
  number and the wire's terminal event, so a stream counts only when it arrived whole and in
  order. Every loop is bounded: fixed counts, a per-request and an overall timeout.

Run (from the repository root)::

    python benchmarks/bench_wires.py                       # 5 rounds, Markdown + reports/bench_wires.json
    python benchmarks/bench_wires.py --rounds 1 --streams 10 --deltas 100   # quick

It is a script, not a test (tests/test_bench_wires.py runs it at a tiny scale).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_server as bs  # the sibling script: its server child and CPU readers

ROOT = bs.ROOT
SID = "bench.wires.001"
WIRES = ("openai-chat", "openai-responses", "gemini", "anthropic")
MODEL = "bench-model"
PATHS = {
    "openai-chat": "/v1/chat/completions",
    "openai-responses": "/v1/responses",
    "gemini": f"/v1beta/models/{MODEL}:streamGenerateContent?alt=sse",
    "anthropic": "/v1/messages",
}
# The event that ends a whole stream on each wire (a stream without it does not count).
TERMINAL = {"openai-chat": "[DONE]", "openai-responses": "response.completed", "gemini": "STOP",
            "anthropic": "message_stop"}


def request_body(wire: str) -> dict[str, Any]:
    """The smallest request each real API accepts for a streamed answer."""
    if wire == "gemini":
        return {"contents": [{"role": "user", "parts": [{"text": "count"}]}]}
    if wire == "openai-responses":
        return {"model": MODEL, "input": "count", "stream": True}
    body: dict[str, Any] = {"model": MODEL, "messages": [{"role": "user", "content": "count"}], "stream": True}
    if wire == "anthropic":
        body["max_tokens"] = 4096
    return body


def read_event(wire: str, data: bytes) -> tuple[list[str], bool]:
    """The text deltas one SSE data payload carries, and whether it is the wire's terminal event."""
    if data == b"[DONE]":
        return [], wire == "openai-chat"
    obj = json.loads(data)
    if wire == "openai-chat":
        choices = obj.get("choices") or []
        text = choices[0].get("delta", {}).get("content") if choices else None
        return ([text] if text else []), False
    if wire == "openai-responses":
        kind = obj.get("type")
        return ([obj["delta"]] if kind == "response.output_text.delta" else []), kind == TERMINAL[wire]
    if wire == "gemini":
        candidate = (obj.get("candidates") or [{}])[0]
        parts = (candidate.get("content") or {}).get("parts") or []
        return [p["text"] for p in parts if p.get("text")], candidate.get("finishReason") == TERMINAL[wire]
    delta = obj.get("delta")
    text = delta.get("text") if obj.get("type") == "content_block_delta" and isinstance(delta, dict) else None
    return ([text] if text else []), obj.get("type") == TERMINAL[wire]


async def one_stream(session: aiohttp.ClientSession, base: str, wire: str, deltas: int,
                     timeout: float) -> tuple[int, int, bool]:
    """Read one stream: (events, text deltas, whole and in order)."""
    events = seq = 0
    ok = done = False
    buf = b""
    async with session.post(base + PATHS[wire], json=request_body(wire),
                            headers={"X-Mock-Scenario": SID},
                            timeout=aiohttp.ClientTimeout(total=timeout)) as r:
        if r.status != 200:
            return 0, 0, False
        ok = True
        async for chunk in r.content.iter_any():
            buf += chunk
            *frames, buf = buf.split(b"\n\n")
            for frame in frames:
                at = frame.find(b"data: ")
                if at < 0:
                    continue
                events += 1
                texts, terminal = read_event(wire, frame[at + 6:])
                done = done or terminal
                for text in texts:
                    ok = ok and int(text[:5]) == seq  # lost or reordered
                    seq += 1
    return events, seq, ok and done and seq == deltas and not buf.strip()


async def measure(child: bs.Child, wire: str, opts: argparse.Namespace) -> dict[str, Any]:
    """Stream ``--streams`` answers on one wire; the server's CPU over exactly that load."""
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=opts.concurrency)) as session:
        sem = asyncio.Semaphore(opts.concurrency)
        results: list[tuple[int, int, bool]] = []

        async def worker() -> None:
            async with sem:
                try:
                    results.append(await one_stream(session, child.base, wire, opts.deltas, opts.timeout))
                except (aiohttp.ClientError, asyncio.TimeoutError):
                    results.append((0, 0, False))

        cpu0 = bs.run_seconds(child.proc.pid)
        t0 = time.perf_counter()
        await asyncio.wait_for(asyncio.gather(*(worker() for _ in range(opts.streams))), opts.timeout)
        wall = time.perf_counter() - t0
        await asyncio.sleep(0.2)  # let the server finish its bookkeeping before reading CPU
        cpu = bs.run_seconds(child.proc.pid) - cpu0
    events = sum(e for e, _, _ in results)
    deltas = sum(d for _, d, _ in results)
    return {"wire": wire, "streams": opts.streams, "ok_streams": sum(ok for _, _, ok in results),
            "events": events, "deltas": deltas, "wall_s": wall, "server_cpu_s": cpu,
            "cpu_us_per_event": cpu / events * 1e6 if events else float("nan"),
            "cpu_us_per_delta": cpu / deltas * 1e6 if deltas else float("nan")}


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def summarise(rounds: list[dict[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per wire: medians over the rounds, and the round-by-round ratios to Chat Completions."""
    out: list[dict[str, Any]] = []
    for wire in WIRES:
        rows = [r[wire] for r in rounds]
        per_event = [r["cpu_us_per_event"] for r in rows]
        per_delta = [r["cpu_us_per_delta"] for r in rows]
        event_pairs = [round(r[wire]["cpu_us_per_event"] / r["openai-chat"]["cpu_us_per_event"], 3) for r in rounds]
        delta_pairs = [round(r[wire]["cpu_us_per_delta"] / r["openai-chat"]["cpu_us_per_delta"], 3) for r in rounds]
        out.append({
            "wire": wire, "rounds": len(rows), "streams": rows[0]["streams"],
            "ok_streams": min(r["ok_streams"] for r in rows), "events": rows[0]["events"],
            "deltas": rows[0]["deltas"], "server_cpu_s": median([r["server_cpu_s"] for r in rows]),
            "cpu_us_per_event": median(per_event), "cpu_us_per_delta": median(per_delta),
            "raw_cpu_us_per_event": [round(x, 3) for x in per_event],
            "paired_ratios_vs_chat": event_pairs, "paired_ratio_vs_chat": median(event_pairs),
            "paired_delta_ratios_vs_chat": delta_pairs, "paired_delta_ratio_vs_chat": median(delta_pairs),
        })
    return out


def markdown(summary: list[dict[str, Any]]) -> str:
    lines = ["| wire | streams ok | events | deltas | server CPU s | CPU µs/event | CPU µs/delta "
             "| × Chat Completions per event, median of rounds (range) | × Chat Completions per delta |",
             "|---|---|---|---|---|---|---|---|---|"]
    for s in summary:
        pairs = s["paired_ratios_vs_chat"]
        lines.append(f"| {s['wire']} | {s['ok_streams']}/{s['streams']} | {s['events']:,} | {s['deltas']:,} "
                     f"| {s['server_cpu_s']:.3f} | {s['cpu_us_per_event']:.2f} | {s['cpu_us_per_delta']:.2f} "
                     f"| {s['paired_ratio_vs_chat']:.2f} ({min(pairs):.2f}-{max(pairs):.2f}) "
                     f"| {s['paired_delta_ratio_vs_chat']:.2f} |")
    return "\n".join(lines)


async def main_async(opts: argparse.Namespace) -> dict[str, Any]:
    bs.pin(1)
    child = bs.Child("mock", opts.flush, "openai-chat", opts.deltas, 10)
    rounds: list[dict[str, dict[str, Any]]] = []
    try:
        async with aiohttp.ClientSession() as session:
            await child.wait_ready(session)
            scenario = bs.bench_scenario(SID, opts.deltas)
            async with session.post(child.base + "/_mock/scenarios", json=scenario) as r:
                if r.status != 201:
                    raise RuntimeError(f"could not register {SID}: {r.status} {await r.text()}")
            for wire in WIRES:  # warm-up: every wire answers whole before anything is measured
                if not (await one_stream(session, child.base, wire, opts.deltas, 60))[2]:
                    raise RuntimeError(f"warm-up stream on {wire} failed")
        for rnd in range(opts.rounds):
            order = WIRES if rnd % 2 == 0 else tuple(reversed(WIRES))
            found: dict[str, dict[str, Any]] = {}
            for wire in order:
                print(f"round {rnd + 1}/{opts.rounds}: {wire} ...", file=sys.stderr, flush=True)
                found[wire] = await measure(child, wire, opts)
            rounds.append(found)
    finally:
        child.stop()
    summary = summarise(rounds)
    return {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "aiohttp": aiohttp.__version__,
                    "platform": platform.platform()},
        "settings": vars(opts),
        "summary": summary,
        "markdown": markdown(summary),
        "rounds": rounds,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--streams", type=int, default=100)
    p.add_argument("--deltas", type=int, default=1000)
    p.add_argument("--concurrency", type=int, default=20)
    p.add_argument("--flush", default="coalesce", choices=("coalesce", "per-event"))
    p.add_argument("--timeout", type=float, default=300.0, help="overall timeout per load, seconds")
    p.add_argument("--out", default=str(ROOT / "reports" / "bench_wires.json"))
    opts = p.parse_args()
    report = asyncio.run(main_async(opts))
    Path(opts.out).parent.mkdir(parents=True, exist_ok=True)
    Path(opts.out).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(report["markdown"])
    print(f"\nwritten: {opts.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
