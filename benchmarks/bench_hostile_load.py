"""Benchmark: the mock server under hostile load, against its own idle baseline in the same run.

Issue 19: a slow reader once made the server buffer a whole response (200 readers, 610 MB), and
a flood from one scope slowed every other client. This script measures both at once:

* the server is ``mock-provider serve`` in a subprocess (as users run it);
* **baseline**: a normal client (its own ``X-Mock-Scope``) makes ``--probes`` sequential
  streaming requests of a short scenario; latency per request (until ``[DONE]``), the server's
  RSS sampled every 50 ms;
* **load**: ``--slow-readers`` connections (default 1,000) each stream a long scenario
  (``--deltas`` numbered deltas) and read ``--slow-read`` bytes every ``--slow-interval`` seconds,
  while ``--flood`` requests (default 10,000, ``--flood-concurrency`` at a time) come from another
  scope, and the normal client makes its ``--probes`` requests again;
* the verdict: the server's peak RSS under load is at most ``--max-rss-mb`` and the normal
  client's p99 under load at most ``--max-p99-ms`` (the stated bounds); the normal client's
  request log entries must survive the flood too (``GET /_mock/requests?scope=``).

Every loop is bounded: fixed counts, a per-request timeout, an overall ``--timeout``.

Run (from the repository root)::

    python benchmarks/bench_hostile_load.py                 # 1,000 slow readers + 10,000 flood
    python benchmarks/bench_hostile_load.py --slow-readers 20 --flood 200 --probes 20   # quick

It is a script, not a test (tests/test_bench_hostile_load.py runs it at a tiny scale). Exit
status 1 when a bound is exceeded or a stream failed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import bench_scenario, free_port, request_body

ROOT = Path(__file__).resolve().parent.parent
LONG_ID, SHORT_ID = "bench.slow-reader.001", "bench.probe.001"
PATH = "/v1/chat/completions"


def rss_mb(pid: int) -> float:
    """Resident set size of the process (MiB), from /proc."""
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def kernel_queues_mb(port: int) -> dict[str, float]:
    """Bytes the kernel holds for the server's connections (MiB, from /proc/net/tcp): the server's
    unsent send queues and the clients' unread receive queues. A slow reader's backlog that is not
    in the server's RSS is here, bounded by the socket buffers."""
    server_tx = client_rx = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError), open(table, encoding="ascii") as f:
            for line in list(f)[1:]:
                fields = line.split()
                local, remote, queues = fields[1], fields[2], fields[4]
                tx, rx = (int(x, 16) for x in queues.split(":"))
                if int(local.rsplit(":", 1)[1], 16) == port:
                    server_tx += tx
                elif int(remote.rsplit(":", 1)[1], 16) == port:
                    client_rx += rx
    return {"server_send_queues_mb": round(server_tx / 2**20, 1), "client_recv_queues_mb": round(client_rx / 2**20, 1)}


class Sampler:
    """The server's peak RSS while a phase runs (sampled every 50 ms)."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak = pid, 0.0

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            with contextlib.suppress(OSError):
                self.peak = max(self.peak, rss_mb(self.pid))
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.05)


def headers(scenario: str, scope: str) -> dict[str, str]:
    return {"X-Mock-Scenario": scenario, "X-Mock-Scope": scope, "Content-Type": "application/json"}


async def full_stream(session: aiohttp.ClientSession, base: str, scenario: str, scope: str,
                      timeout: float) -> tuple[float, bool]:
    """One request read to its end: (seconds, completed with [DONE])."""
    began = time.perf_counter()
    try:
        async with session.post(base + PATH, data=json.dumps(request_body("openai-chat")),
                                headers=headers(scenario, scope),
                                timeout=aiohttp.ClientTimeout(total=timeout)) as r:
            body = await r.read()
            ok = r.status == 200 and b"data: [DONE]" in body
    except (aiohttp.ClientError, asyncio.TimeoutError):
        ok = False
    return time.perf_counter() - began, ok


async def probes(session: aiohttp.ClientSession, base: str, n: int, timeout: float) -> list[tuple[float, bool]]:
    return [await full_stream(session, base, SHORT_ID, "normal", timeout) for _ in range(n)]


async def slow_reader(session: aiohttp.ClientSession, base: str, opts: argparse.Namespace, stop: asyncio.Event,
                      opened: list[int]) -> None:
    """Open the long stream and read it a trickle at a time until told to stop."""
    with contextlib.suppress(aiohttp.ClientError, asyncio.TimeoutError):
        async with session.post(base + PATH, data=json.dumps(request_body("openai-chat")),
                                headers=headers(LONG_ID, "slow")) as r:
            opened.append(r.status)
            while not stop.is_set():
                if not await r.content.read(opts.slow_read):
                    return
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(stop.wait(), opts.slow_interval)


async def flood(session: aiohttp.ClientSession, base: str, opts: argparse.Namespace) -> int:
    """``--flood`` short requests from scope 'flood', ``--flood-concurrency`` at a time; how many completed."""
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(opts.flood):
        queue.put_nowait(i)
    done = 0

    async def worker() -> None:
        nonlocal done
        while not queue.empty():
            queue.get_nowait()
            _, ok = await full_stream(session, base, SHORT_ID, "flood", opts.request_timeout)
            done += ok

    await asyncio.gather(*(worker() for _ in range(opts.flood_concurrency)))
    return done


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def latency(results: list[tuple[float, bool]]) -> dict[str, Any]:
    ms = [t * 1000 for t, _ in results]
    return {"requests": len(results), "ok": sum(ok for _, ok in results), "p50_ms": round(statistics.median(ms), 2),
            "p99_ms": round(percentile(ms, 0.99), 2), "max_ms": round(max(ms), 2)}


async def phase_load(base: str, pid: int, opts: argparse.Namespace) -> dict[str, Any]:
    stop, sampling = asyncio.Event(), asyncio.Event()
    sampler = Sampler(pid)
    sample_task = asyncio.create_task(sampler.run(sampling))
    opened: list[int] = []
    # One connection per slow reader (no limit), the flood and the probe on pools of their own.
    slow_session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    flood_session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=opts.flood_concurrency))
    probe_session = aiohttp.ClientSession()
    try:
        readers = [asyncio.create_task(slow_reader(slow_session, base, opts, stop, opened))
                   for _ in range(opts.slow_readers)]
        deadline = time.monotonic() + opts.request_timeout
        while len(opened) < opts.slow_readers and time.monotonic() < deadline:
            await asyncio.sleep(0.05)  # every reader has its response head before the flood starts
        began = time.perf_counter()
        flooded, probed = await asyncio.gather(flood(flood_session, base, opts),
                                               probes(probe_session, base, opts.probes, opts.request_timeout))
        seconds = time.perf_counter() - began
        still_open = sum(not t.done() for t in readers)
        kernel = kernel_queues_mb(opts.port)
        stop.set()
        await asyncio.gather(*readers, return_exceptions=True)
    finally:
        sampling.set()
        await sample_task
        for s in (slow_session, flood_session, probe_session):
            await s.close()
    return {"slow_readers_opened": len(opened), "slow_readers_open_at_end": still_open,
            "flood_ok": flooded, "flood_seconds": round(seconds, 2), "normal": latency(probed),
            "peak_rss_mb": round(sampler.peak, 1), "kernel_at_end_of_flood": kernel}


async def main_async(opts: argparse.Namespace) -> dict[str, Any]:
    port = opts.port = free_port()
    base = f"http://127.0.0.1:{port}"
    # The scenarios as files (JSON is YAML): a slow reader's stream must outgrow the kernel's socket
    # buffers (about 1.5 MB a connection on loopback), and a POSTed scenario is capped at 1 MiB.
    scenarios = Path(tempfile.mkdtemp(prefix="bench-hostile-"))
    for sid, n in ((LONG_ID, opts.deltas), (SHORT_ID, opts.short_deltas)):
        (scenarios / f"{sid}.yaml").write_text(json.dumps(bench_scenario(sid, n)))
    cmd = [sys.executable, "-c", "import sys; from mock_provider.cli import main; main(sys.argv[1:])",
           "serve", "--host", "127.0.0.1", "--port", str(port), "--time-scale", "0", "--log-level", "WARNING",
           "--scenarios", str(scenarios)]
    server = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        async with aiohttp.ClientSession() as session:
            deadline = time.monotonic() + 120  # the long scenario is validated at start
            while True:
                try:
                    async with session.get(base + "/_mock/health") as r:
                        if r.status == 200:
                            break
                except aiohttp.ClientConnectionError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("the mock server did not start") from None
                    await asyncio.sleep(0.1)
            await probes(session, base, 5, opts.request_timeout)  # warm-up
            idle_rss = rss_mb(server.pid)
            stop = asyncio.Event()
            sampler = Sampler(server.pid)
            task = asyncio.create_task(sampler.run(stop))
            baseline = latency(await probes(session, base, opts.probes, opts.request_timeout))
            stop.set()
            await task
        loaded = await asyncio.wait_for(phase_load(base, server.pid, opts), opts.timeout)
        async with aiohttp.ClientSession() as session, \
                session.get(base + "/_mock/requests", params={"scope": "normal"}) as r:
            kept = len((await r.json()).get("requests", []))
    finally:
        shutil.rmtree(scenarios, ignore_errors=True)
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    normal_requests = 5 + 2 * opts.probes
    within = {"rss": loaded["peak_rss_mb"] <= opts.max_rss_mb, "p99": loaded["normal"]["p99_ms"] <= opts.max_p99_ms,
              "streams": (loaded["normal"]["ok"] == opts.probes and baseline["ok"] == opts.probes
                          and loaded["flood_ok"] == opts.flood and loaded["slow_readers_opened"] == opts.slow_readers),
              "normal_log_kept": kept == normal_requests}
    return {"options": vars(opts), "idle_rss_mb": round(idle_rss, 1),
            "baseline": {**baseline, "peak_rss_mb": round(sampler.peak, 1)}, "load": loaded,
            "normal_log_entries": kept, "normal_requests": normal_requests,
            "bounds": {"max_rss_mb": opts.max_rss_mb, "max_p99_ms": opts.max_p99_ms}, "within": within,
            "ok": all(within.values())}


def markdown(report: dict[str, Any]) -> str:
    b, load = report["baseline"], report["load"]
    o = report["options"]
    return "\n".join([
        f"{o['slow_readers']} slow readers ({o['deltas']} deltas each, {o['slow_read']} B every "
        f"{o['slow_interval']} s) + {o['flood']} flood requests ({o['flood_concurrency']} at a time) "
        "from another scope",
        "",
        "| phase | normal p50 (ms) | normal p99 (ms) | server peak RSS (MiB) |",
        "|---|---:|---:|---:|",
        f"| baseline (idle) | {b['p50_ms']} | {b['p99_ms']} | {b['peak_rss_mb']} |",
        f"| under load | {load['normal']['p50_ms']} | {load['normal']['p99_ms']} | {load['peak_rss_mb']} |",
        "",
        f"bounds: RSS <= {report['bounds']['max_rss_mb']} MiB, p99 <= {report['bounds']['max_p99_ms']} ms; "
        f"within: {report['within']}; flood {load['flood_ok']}/{o['flood']} in {load['flood_seconds']} s; "
        f"normal client's log entries kept {report['normal_log_entries']}/{report['normal_requests']}; "
        f"kernel queues at the end of the flood: {load['kernel_at_end_of_flood']}",
    ])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--slow-readers", type=int, default=1000)
    ap.add_argument("--deltas", type=int, default=50_000, help="deltas of the slow readers' scenario (a 6 MB stream, "
                    "past the kernel's socket buffers)")
    ap.add_argument("--slow-read", type=int, default=1024, help="bytes a slow reader reads at a time")
    ap.add_argument("--slow-interval", type=float, default=1.0, help="seconds between a slow reader's reads")
    ap.add_argument("--flood", type=int, default=10_000)
    ap.add_argument("--flood-concurrency", type=int, default=64)
    ap.add_argument("--short-deltas", type=int, default=10)
    ap.add_argument("--probes", type=int, default=200, help="the normal client's requests per phase")
    ap.add_argument("--max-rss-mb", type=float, default=512.0, help="stated bound on the server's peak RSS")
    ap.add_argument("--max-p99-ms", type=float, default=2000.0, help="stated bound on the normal client's p99")
    ap.add_argument("--request-timeout", type=float, default=60.0)
    ap.add_argument("--timeout", type=float, default=900.0, help="bound on the whole load phase (seconds)")
    ap.add_argument("--out", default="reports/bench_hostile_load.json")
    opts = ap.parse_args()
    report = asyncio.run(main_async(opts))
    report["markdown"] = markdown(report)
    Path(opts.out).parent.mkdir(parents=True, exist_ok=True)
    Path(opts.out).write_text(json.dumps(report, indent=2) + "\n")
    print(report["markdown"])
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
