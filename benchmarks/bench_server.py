"""Benchmark: mock-provider server CPU per streamed event vs a bare aiohttp server (same run).

Method (after docs/peers section 2, "server CPU per streamed event"):

* Each server runs in its own subprocess pinned to CPU 0 (the client to CPU 1 when the
  machine has two or more). Server CPU = on-CPU time of the child's threads from
  ``/proc/<pid>/task/*/schedstat`` (ns; utime + stime from ``/proc/<pid>/stat`` is kept as a
  cross-check) over the load only (startup and warm-up excluded).
* (a) the mock server as ``mock-provider serve`` runs it (request log on, selection by header,
  uvloop when installed), (b) a bare aiohttp app on asyncio's loop that streams the SAME
  pre-encoded bytes with the same write boundaries (it takes them from the same compiled plan
  at startup and writes them with ``StreamResponse.write``), (c) that bare app on uvloop; all
  in ``coalesce`` and ``per-event`` flush modes; (d) ``@copilotkit/aimock`` (Node), the peer, when
  ``$AIMOCK_CLI_PATH`` names its CLI (``node_modules/.bin/llmock`` of an ``npm i
  @copilotkit/aimock@1.43.0``; else its column is skipped and the report says why), with JSON
  fixtures of the same deltas (chunk size 6: one numbered delta per event), its request journal on
  as it is by default. aimock frames its own chunks (ids, timestamps), so its bytes are not
  compared and it is compared per stream (``× aimock per stream``), not per event.
* Loads: ``long``, 200 streams x 1,000 deltas at concurrency 50; ``wide``, 1,000 concurrent
  streams of the same 1,000 deltas (``--wide-streams``); and 1,000 concurrent streams of a
  short (10-delta) scenario in 5 waves (``--short-waves``), twice: ``short-new``, each wave on
  new connections (TCP setup and aiohttp's per-connection work in every stream), and
  ``short-pooled``, the waves on one pool of kept-alive connections opened before the
  measurement (as an SDK client with a connection pool sends them).
  The scenarios are built here (Scenario.model_validate) and registered on the mock via
  ``POST /_mock/scenarios``.
* All servers stay up for the whole run; each round measures every server on one load, in
  alternating order, before the next load. The pairs compared are measured back to back, so
  drift on a shared (virtual) host hits them alike; ``paired_ratios_vs_bare_per_event`` gives
  the mock/bare ratio round by round, and the table's "median of rounds" column its median
  (the figure the README quotes).
* Client: aiohttp in this process. It parses every SSE frame and checks each delta's sequence
  number, so a stream counts only when every delta arrived, in order, and ``[DONE]`` was seen.
  It counts the connections it opens (aiohttp tracing): 0 during ``short-pooled``.
* Every loop is bounded: fixed counts, a per-request timeout and an overall timeout per load.

Run (from the repository root)::

    python benchmarks/bench_server.py            # 3 rounds, Markdown + reports/bench_server.json
    python benchmarks/bench_server.py --rounds 1 --streams 20 --wide-streams 20 --short-streams 100   # quick

It is a script, not a test.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

ROOT = Path(__file__).resolve().parent.parent
LONG_ID, SHORT_ID = "bench.deltas.001", "bench.short.001"
LOADS = ("long", "wide", "short-new", "short-pooled")
PATHS = {"openai-chat": "/v1/chat/completions", "anthropic": "/v1/messages", "openai-responses": "/v1/responses"}
CLK_TCK = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------- scenarios and plans
def bench_scenario(sid: str, deltas: int) -> dict[str, Any]:
    """A text scenario whose every delta carries its sequence number (``"00042;"``)."""
    script: list[dict[str, Any]] = [
        {"part": {"type": "stream-start", "warnings": []}},
        {"part": {"type": "response-metadata", "id": "chatcmpl-bench", "modelId": "bench-model"}},
        {"part": {"type": "text-start", "id": "txt-0"}},
    ]
    script += [{"part": {"type": "text-delta", "id": "txt-0", "delta": f"{i:05d};"}} for i in range(deltas)]
    script += [
        {"part": {"type": "text-end", "id": "txt-0"}},
        {"part": {"type": "finish", "finishReason": {"unified": "stop", "raw": "stop"},
                  "usage": {"inputTokens": {"total": 5}, "outputTokens": {"total": deltas}}}},
    ]
    return {"id": sid, "title": f"benchmark: {deltas} numbered deltas", "rows": ["8.1.4"],
            "citations": [{"kind": "test", "ref": "benchmarks/bench_server.py"}],
            "request": {"messages": [{"role": "user", "content": "count"}]},
            "script": script,
            "expected": {"text": "".join(f"{i:05d};" for i in range(deltas)), "finish_reason": "stop"}}


def request_body(dialect: str, content: str = "count") -> dict[str, Any]:
    body: dict[str, Any] = {"model": "bench-model", "messages": [{"role": "user", "content": content}]}
    if dialect in PATHS:
        body["stream"] = True
    if dialect == "anthropic":
        body["max_tokens"] = 4096
    return body


def route(dialect: str) -> str:
    return PATHS.get(dialect, f"/v1/parts/{dialect}")


def pin(cpu: int) -> None:
    if hasattr(os, "sched_setaffinity") and (os.cpu_count() or 1) >= 2:
        os.sched_setaffinity(0, {cpu})


# ---------------------------------------------------------------- child: the servers
def serve_bare(port: int, flush: str, dialect: str, uvloop: bool = False) -> None:
    """A minimal aiohttp server streaming pre-encoded write groups (the baseline)."""
    from mock_provider.scenario import Scenario
    from mock_provider.server import compile_plan
    from mock_provider.wires import plan_response

    groups: dict[str, tuple[dict[str, str], list[bytes]]] = {}
    for sid, n in ((LONG_ID, args_deltas), (SHORT_ID, args_short_deltas)):
        s = Scenario.model_validate(bench_scenario(sid, n))
        plan = compile_plan(plan_response(s, dialect, request_body(dialect)), s, time_scale=0.0,
                            flush=flush)  # type: ignore[arg-type]
        groups[sid] = (plan.headers, [op.data for op in plan.ops])

    async def handle(request: web.Request) -> web.StreamResponse:
        await request.read()
        headers, chunks = groups[request.headers["X-Mock-Scenario"]]
        resp = web.StreamResponse(headers=headers)
        resp.enable_chunked_encoding()
        await resp.prepare(request)
        for chunk in chunks:
            await resp.write(chunk)
        await resp.write_eof()
        return resp

    app = web.Application()
    app.router.add_post(route(dialect), handle)
    loop = None
    if uvloop:
        import uvloop as uv  # the same app on the mock's default loop: the loop's share, shown apart

        loop = uv.new_event_loop()
    web.run_app(app, host="127.0.0.1", port=port, access_log=None, print=None, backlog=2048,
                handle_signals=True, shutdown_timeout=2, loop=loop)


def serve_mock(port: int, flush: str, loop: str = "auto") -> None:
    """The mock exactly as users run it: ``mock-provider serve`` (built-in corpus loaded, request log on)."""
    from mock_provider.cli import main as cli_main

    cli_main(["serve", "--host", "127.0.0.1", "--port", str(port), "--time-scale", "0", "--flush", flush,
              "--loop", loop, "--log-level", "WARNING"])


AIMOCK_ENV = "AIMOCK_CLI_PATH"  # the same variable aimock-pytest reads


def aimock_cli() -> tuple[list[str] | None, str]:
    """The aimock command line from ``$AIMOCK_CLI_PATH`` (its ``llmock`` bin, or a ``.js`` CLI run
    with node), or None and why not."""
    path = os.environ.get(AIMOCK_ENV)
    if not path:
        return None, f"${AIMOCK_ENV} is not set (npm i @copilotkit/aimock@1.43.0; point it at node_modules/.bin/llmock)"
    if not Path(path).exists():
        return None, f"${AIMOCK_ENV}={path} does not exist"
    return (["node", path] if path.endswith((".js", ".mjs", ".cjs")) else [path]), ""


def aimock_fixtures(deltas: int, short_deltas: int) -> dict[str, Any]:
    """aimock's fixtures for the two scenarios: it matches on the user message, so the request names
    the scenario there (``body_for``); chunk size 6 gives one ``"00042;"`` delta per event."""
    return {"fixtures": [{"match": {"userMessage": sid},
                          "response": {"content": "".join(f"{i:05d};" for i in range(n))}}
                         for sid, n in ((SHORT_ID, short_deltas), (LONG_ID, deltas))]}


def body_for(kind: str, dialect: str, sid: str) -> bytes:
    """The request body a server gets: aimock selects its fixture by the user message, the others by header."""
    return json.dumps(request_body(dialect, sid if kind == "aimock" else "count")).encode()


# Set by the child's command line (the bare server builds the same scenarios as the parent).
args_deltas = 1000
args_short_deltas = 10


# ---------------------------------------------------------------- parent: client and measurement
def cpu_seconds(pid: int) -> float:
    """utime + stime of the process (clock ticks: 10 ms resolution)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # fields[0] is the state (field 3); utime and stime are fields 14 and 15.
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def run_seconds(pid: int) -> float:
    """On-CPU time of all the process's threads from schedstat (nanoseconds, so short loads
    are not lost in the 10 ms tick of utime/stime). Falls back to utime + stime."""
    try:
        total = 0
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/schedstat", encoding="ascii") as f:
                total += int(f.read().split()[0])
        return total / 1e9
    except (OSError, ValueError, IndexError):
        return cpu_seconds(pid)


def peak_rss_mib(pid: int) -> float | None:
    """The process's peak resident set (VmHWM) so far, MiB; None where /proc does not say."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Child:
    """A server subprocess, pinned to CPU 0 (stdout: the CLI's banner, discarded)."""

    def __init__(self, kind: str, flush: str, dialect: str, deltas: int, short_deltas: int,
                 mock_loop: str = "auto", base_tree: str | None = None) -> None:
        self.kind, self.flush = kind, flush
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        # The mock of this checkout: run as a script, the child would import mock_provider from wherever it
        # is installed (an editable install of another checkout measured that checkout's server).
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
        if kind == "mock-base":  # the mock of another checkout (before a change), in the same run
            if not base_tree:
                raise RuntimeError("--servers mock-base needs --base-tree DIR")
            env = {**os.environ, "PYTHONPATH": str(Path(base_tree).resolve())}
        cmd = [sys.executable, __file__, "--serve", "mock" if kind == "mock-base" else kind,
               "--port", str(self.port), "--flush", flush,
               "--mock-loop", mock_loop,
               "--dialect", dialect, "--deltas", str(deltas), "--short-deltas", str(short_deltas)]
        preexec = None
        if kind == "aimock":  # aimock's own Node CLI, pinned to CPU 0 like the Python servers
            import tempfile

            cli, why = aimock_cli()
            if cli is None:
                raise RuntimeError(why)
            fx = Path(tempfile.mkdtemp(prefix="bench-aimock-")) / "bench.json"
            fx.write_text(json.dumps(aimock_fixtures(deltas, short_deltas)), encoding="utf-8")
            cmd = [*cli, "--port", str(self.port), "--host", "127.0.0.1", "-f", str(fx), "--chunk-size", "6",
                   "--log-level", "warn"]
            preexec = lambda: pin(0)  # noqa: E731
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     preexec_fn=preexec, env=env)

    async def wait_ready(self, session: aiohttp.ClientSession, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"{self.kind} server exited: {err}")
            try:
                async with session.post(self.base + "/", data=b"") as r:
                    await r.read()
                    return  # any HTTP answer means it listens
            except aiohttp.ClientConnectionError:
                await asyncio.sleep(0.1)
        raise TimeoutError(f"{self.kind} server did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)


def delta_of(dialect: str, obj: dict[str, Any]) -> str | None:
    """The text delta an event carries, if any."""
    if dialect == "openai-chat":
        choices = obj.get("choices") or []
        return choices[0].get("delta", {}).get("content") if choices else None
    if dialect == "anthropic":
        d = obj.get("delta")
        return d.get("text") if obj.get("type") == "content_block_delta" and isinstance(d, dict) else None
    if dialect == "mastra":
        return obj.get("payload", {}).get("text") if obj.get("type") == "text-delta" else None
    if dialect == "openai-responses":
        return obj.get("delta") if obj.get("type") == "response.output_text.delta" else None
    return obj.get("delta") if obj.get("type") == "text-delta" else None


async def one_stream(session: aiohttp.ClientSession, url: str, body: bytes, sid: str, dialect: str,
                     deltas: int, timeout: float, keep: bool = False) -> tuple[int, bool, bytes]:
    """Read one stream; returns (events, ok, the raw bytes when ``keep``)."""
    events = 0
    seq = 0
    done = dialect != "openai-chat"  # only OpenAI ends with [DONE]
    ok = True
    buf = b""
    async with session.post(url, data=body, headers={"X-Mock-Scenario": sid, "Content-Type": "application/json"},
                            timeout=aiohttp.ClientTimeout(total=timeout)) as r:
        if r.status != 200:
            return 0, False, await r.read()
        raw = bytearray()
        async for chunk in r.content.iter_any():
            if keep:
                raw += chunk
            buf += chunk
            *frames, buf = buf.split(b"\n\n")
            for frame in frames:
                data = frame[frame.find(b"data: ") + 6:] if b"data: " in frame else None
                if data is None:
                    continue
                events += 1
                if data == b"[DONE]":
                    done = True
                    continue
                text = delta_of(dialect, json.loads(data))
                if text:
                    if int(text[:5]) != seq:  # lost or reordered
                        ok = False
                    seq += 1
    return events, ok and done and seq == deltas and not buf.strip(), bytes(raw)


async def run_load(session: aiohttp.ClientSession, base: str, dialect: str, sid: str, streams: int,
                   concurrency: int, deltas: int, overall_timeout: float, kind: str = "mock") -> dict[str, Any]:
    url = base + route(dialect)
    body = body_for(kind, dialect, sid)
    sem = asyncio.Semaphore(concurrency)
    results: list[tuple[int, bool]] = []

    async def worker() -> None:
        async with sem:
            try:
                events, ok, _ = await one_stream(session, url, body, sid, dialect, deltas, overall_timeout)
            except (aiohttp.ClientError, asyncio.TimeoutError):
                events, ok = 0, False
            results.append((events, ok))

    t0 = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(worker() for _ in range(streams))), overall_timeout)
    wall = time.perf_counter() - t0
    events = sum(e for e, _ in results)
    return {"streams": streams, "concurrency": concurrency, "ok_streams": sum(ok for _, ok in results),
            "events": events, "wall_s": wall, "events_per_s": events / wall if wall else 0.0}


class ConnectionCount:
    """Counts the TCP connections a client session opens (aiohttp's tracing signal)."""

    def __init__(self) -> None:
        self.opened = 0
        self.trace = aiohttp.TraceConfig()
        self.trace.on_connection_create_end.append(self._on_create)

    async def _on_create(self, *_: Any) -> None:
        self.opened += 1


async def waves(base: str, opts: argparse.Namespace, sid: str, streams: int, deltas: int, count: ConnectionCount,
                pool: aiohttp.ClientSession | None = None, kind: str = "mock") -> dict[str, Any]:
    """``--short-waves`` waves of ``streams`` concurrent streams: each wave on new connections, or
    all on ``pool``'s kept-alive connections (opened by the caller's warm-up wave).

    One wave is only ~13,000 events and ~0.2 s of server CPU, within the noise of kernel work
    (softirqs) charged to whichever task runs; several waves make the figure repeatable.
    """
    total: dict[str, Any] = {"streams": 0, "concurrency": streams, "ok_streams": 0, "events": 0, "wall_s": 0.0,
                             "waves": opts.short_waves}
    before = count.opened
    for _ in range(opts.short_waves):
        if pool is not None:
            res = await run_load(pool, base, opts.dialect, sid, streams, streams, deltas, opts.timeout, kind)
        else:
            async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=streams),
                                             trace_configs=[count.trace]) as wave:
                res = await run_load(wave, base, opts.dialect, sid, streams, streams, deltas, opts.timeout, kind)
        for key in ("streams", "ok_streams", "events", "wall_s"):
            total[key] += res[key]
    total["events_per_s"] = total["events"] / total["wall_s"] if total["wall_s"] else 0.0
    total["connections_opened"] = count.opened - before  # 0 on a pool when every stream reused a connection
    return total


async def start_server(kind: str, flush: str, opts: argparse.Namespace) -> tuple[Child, dict[str, bytes]]:
    """Start one server, register the scenarios on the mock, and return it with one sample body per scenario."""
    child = Child(kind, flush, opts.dialect, opts.deltas, opts.short_deltas, opts.mock_loop, opts.base_tree)
    try:
        async with aiohttp.ClientSession() as session:
            await child.wait_ready(session)
            if kind in ("mock", "mock-base"):
                for sid, n in ((LONG_ID, opts.deltas), (SHORT_ID, opts.short_deltas)):
                    async with session.post(child.base + "/_mock/scenarios", json=bench_scenario(sid, n)) as r:
                        if r.status != 201:
                            raise RuntimeError(f"could not register {sid}: {r.status} {await r.text()}")
            samples = {}
            for sid, n in ((LONG_ID, opts.deltas), (SHORT_ID, opts.short_deltas)):  # warm-up, and the bytes
                body = body_for(kind, opts.dialect, sid)
                _, ok, raw = await one_stream(session, child.base + route(opts.dialect), body, sid, opts.dialect, n, 60,
                                              keep=True)
                if not ok:
                    raise RuntimeError(f"{kind} warm-up stream {sid} failed: {raw[:300]!r}")
                samples[sid] = raw
    except BaseException:
        child.stop()
        raise
    return child, samples


async def measure(child: Child, load: str, opts: argparse.Namespace) -> dict[str, Any]:
    """Run one load against a running server; its CPU over exactly that load."""
    count = ConnectionCount()
    limit = {"long": opts.concurrency, "wide": opts.wide_streams}.get(load, opts.short_streams)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=limit),
                                     trace_configs=[count.trace]) as session:
        if load == "short-pooled":
            # The pool is opened (and the server's per-connection work done) before measuring.
            await run_load(session, child.base, opts.dialect, SHORT_ID, opts.short_streams, opts.short_streams,
                           opts.short_deltas, opts.timeout, child.kind)
        cpu0, ticks0 = run_seconds(child.proc.pid), cpu_seconds(child.proc.pid)
        if load in ("long", "wide"):
            streams, conc = (opts.streams, opts.concurrency) if load == "long" else (opts.wide_streams,) * 2
            res = await run_load(session, child.base, opts.dialect, LONG_ID, streams, conc, opts.deltas, opts.timeout,
                                 child.kind)
            res["connections_opened"] = count.opened
        else:
            res = await waves(child.base, opts, SHORT_ID, opts.short_streams, opts.short_deltas, count,
                              pool=session if load == "short-pooled" else None, kind=child.kind)
        await asyncio.sleep(0.2)  # let the server finish its bookkeeping before reading CPU
        cpu = run_seconds(child.proc.pid) - cpu0
        ticks = cpu_seconds(child.proc.pid) - ticks0
    res["server_cpu_s"] = cpu
    res["server_cpu_ticks_s"] = ticks  # utime+stime cross-check
    res["cpu_us_per_event"] = cpu / res["events"] * 1e6 if res["events"] else float("nan")
    # aimock frames the same deltas with its own role chunk, so streams (not events) are what compare.
    res["cpu_us_per_stream"] = cpu / res["streams"] * 1e6 if res["streams"] else float("nan")
    return res


def _version(dist: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return None


def aimock_version() -> str | None:
    """The version in the package.json above ``$AIMOCK_CLI_PATH`` (node_modules/.bin/llmock or dist/cli.js)."""
    path = os.environ.get(AIMOCK_ENV)
    if not path:
        return None
    here = Path(path).resolve()
    for parent in here.parents:
        pkg = parent / "package.json"
        if pkg.is_file():
            try:
                data = json.loads(pkg.read_text(encoding="utf-8"))
            except ValueError:
                return None
            return str(data.get("version")) if data.get("name") == "@copilotkit/aimock" else None
    return None


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


async def main_async(opts: argparse.Namespace) -> dict[str, Any]:
    """All servers stay up for the whole run, and each round measures every server on a load
    before the next load: the servers being compared are measured minutes apart at most, so
    drift on a shared (virtual) machine hits them alike."""
    pin(1)
    skipped: dict[str, str] = {}
    servers = list(opts.servers)
    if "aimock" in servers:
        cli, why = aimock_cli()
        if cli is None or opts.dialect != "openai-chat":
            skipped["aimock"] = why or f"aimock is benchmarked on openai-chat only, not {opts.dialect}"
            servers.remove("aimock")
            print(f"aimock column skipped: {skipped['aimock']}", file=sys.stderr, flush=True)
    # aimock has no flush modes: it is measured once, labelled with the first flush mode's slot "-".
    configs = [(k, f) for f in opts.flush for k in servers if k != "aimock"]
    if "aimock" in servers:
        configs.append(("aimock", "-"))
    children: dict[tuple[str, str], Child] = {}
    samples: dict[tuple[str, str], dict[str, bytes]] = {}
    loads = [load for load in LOADS if load in opts.loads]
    runs: dict[tuple[str, str], dict[str, list[dict[str, Any]]]] = {c: {load: [] for load in loads} for c in configs}
    try:
        for c in configs:
            children[c], samples[c] = await start_server(*c, opts)
        # Same bytes from every server (the point of the baseline).
        for flush in opts.flush:
            for sid in (LONG_ID, SHORT_ID):  # aimock frames its own chunks (ids, role chunk): not compared
                bodies = {kind: samples[(kind, flush)][sid] for kind in servers if kind != "aimock"}
                if len(set(bodies.values())) > 1:
                    raise RuntimeError(f"the servers' bodies differ for {sid} ({flush}): {sorted(bodies)}")
        for rnd in range(opts.rounds):
            for load in loads:
                order = configs if rnd % 2 == 0 else list(reversed(configs))  # alternate to spread drift
                for c in order:
                    print(f"round {rnd + 1}/{opts.rounds}: {load}: {c[0]} ({c[1]}) ...", file=sys.stderr, flush=True)
                    runs[c][load].append(await measure(children[c], load, opts))
        # Each server's peak memory over its whole life (start-up, warm-up and every load of every round).
        peak_rss = {f"{k}/{f}": peak_rss_mib(child.proc.pid) for (k, f), child in children.items()}
    finally:
        for child in children.values():
            child.stop()
    summary: list[dict[str, Any]] = []
    for (kind, flush), by_load in runs.items():
        for load in loads:
            rows = by_load[load]
            summary.append({
                "server": kind, "flush": flush, "load": load, "rounds": len(rows),
                "streams": rows[0]["streams"], "concurrency": rows[0]["concurrency"],
                "ok_streams": min(r["ok_streams"] for r in rows), "events": rows[0]["events"],
                "connections_opened": [r.get("connections_opened") for r in rows],
                "wall_s": median([r["wall_s"] for r in rows]),
                "events_per_s": median([r["events_per_s"] for r in rows]),
                "server_cpu_s": median([r["server_cpu_s"] for r in rows]),
                "server_cpu_ticks_s": median([r["server_cpu_ticks_s"] for r in rows]),
                "cpu_us_per_event": median([r["cpu_us_per_event"] for r in rows]),
                "raw_cpu_us_per_event": [round(r["cpu_us_per_event"], 3) for r in rows],
                "cpu_us_per_stream": median([r["cpu_us_per_stream"] for r in rows]),
                "raw_cpu_us_per_stream": [round(r["cpu_us_per_stream"], 3) for r in rows],
            })
    by = {(s["server"], s["flush"], s["load"]): s for s in summary}
    for s in summary:
        bare = by.get(("bare", s["flush"], s["load"]))
        s["ratio_vs_bare_same_flush"] = s["cpu_us_per_event"] / bare["cpu_us_per_event"] if bare else None
        same_loop = by.get(("bare-uvloop", s["flush"], s["load"]))
        s["ratio_vs_bare_uvloop_same_flush"] = (s["cpu_us_per_event"] / same_loop["cpu_us_per_event"]
                                                if same_loop else None)
        per_event_bare = by.get(("bare", "per-event", s["load"]))
        s["ratio_vs_bare_per_event"] = (s["cpu_us_per_event"] / per_event_bare["cpu_us_per_event"]
                                        if per_event_bare else None)
        # Round by round: each pair was measured back to back, so host drift mostly cancels.
        s["paired_ratios_vs_bare_per_event"] = (
            [round(a / b, 3) for a, b in zip(s["raw_cpu_us_per_event"], per_event_bare["raw_cpu_us_per_event"],
                                             strict=True)]
            if per_event_bare else None)
        pairs = s["paired_ratios_vs_bare_per_event"]
        # The headline figure (README): the median of those round-by-round ratios.
        s["paired_ratio_vs_bare_per_event"] = median(pairs) if pairs else None
        # Against aimock, per stream (its framing adds a role chunk), round by round as above.
        aim = by.get(("aimock", "-", s["load"]))
        s["paired_ratios_vs_aimock_per_stream"] = (
            [round(a / b, 3) for a, b in zip(s["raw_cpu_us_per_stream"], aim["raw_cpu_us_per_stream"], strict=True)]
            if aim else None)
        apairs = s["paired_ratios_vs_aimock_per_stream"]
        s["paired_ratio_vs_aimock_per_stream"] = median(apairs) if apairs else None
    return {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "aiohttp": aiohttp.__version__,
                    "uvloop": _version("uvloop"),
                    "platform": platform.platform()},
        "settings": {k: v for k, v in vars(opts).items() if k not in ("serve", "port")},
        "aimock": {"cli": os.environ.get(AIMOCK_ENV), "skipped": skipped.get("aimock"),
                   "version": aimock_version()},
        "summary": summary,
        "peak_rss_mib": peak_rss,
        "runs": {f"{k}/{f}": by_load for (k, f), by_load in runs.items()},
    }


def markdown(report: dict[str, Any]) -> str:
    lines = ["| server | flush | load | streams ok | events | wall s | events/s | server CPU s | CPU µs/event "
             "| CPU µs/stream | × bare (same flush) | × bare per-event | × bare per-event, median of rounds (range) "
             "| × bare on uvloop (same flush) | × aimock per stream, median of rounds (range) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for s in report["summary"]:
        def ratio(x: float | None) -> str:
            return f"{x:.2f}" if x is not None else "-"

        pairs = s["paired_ratios_vs_bare_per_event"]
        paired = f"{s['paired_ratio_vs_bare_per_event']:.2f} ({min(pairs):.2f}-{max(pairs):.2f})" if pairs else "-"
        apairs = s["paired_ratios_vs_aimock_per_stream"]
        apaired = (f"{s['paired_ratio_vs_aimock_per_stream']:.2f} ({min(apairs):.2f}-{max(apairs):.2f})"
                   if apairs else "-")
        lines.append(f"| {s['server']} | {s['flush']} | {s['load']} ({s['streams']}@{s['concurrency']}) "
                     f"| {s['ok_streams']}/{s['streams']} | {s['events']:,} | {s['wall_s']:.2f} "
                     f"| {s['events_per_s']:,.0f} | {s['server_cpu_s']:.3f} | {s['cpu_us_per_event']:.2f} "
                     f"| {s['cpu_us_per_stream']:.1f} "
                     f"| {ratio(s['ratio_vs_bare_same_flush'])} | {ratio(s['ratio_vs_bare_per_event'])} "
                     f"| {paired} | {ratio(s['ratio_vs_bare_uvloop_same_flush'])} | {apaired} |")
    rss = report.get("peak_rss_mib") or {}
    if rss:
        lines.append("\nserver peak RSS (VmHWM, MiB, the whole run): "
                     + ", ".join(f"{name} {mib:.1f}" if mib is not None else f"{name} -" for name, mib in rss.items()))
    skipped = report.get("aimock", {}).get("skipped")
    if skipped:
        lines.append(f"\naimock not measured: {skipped}")
    return "\n".join(lines)


def main() -> int:
    global args_deltas, args_short_deltas
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--serve", choices=("mock", "bare", "bare-uvloop"), help=argparse.SUPPRESS)
    p.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--dialect", default="openai-chat",
                   choices=("openai-chat", "anthropic", "openai-responses", "v2", "v3", "v4", "mastra"))
    p.add_argument("--flush", nargs="+", default=["coalesce", "per-event"], choices=("coalesce", "per-event"))
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--servers", nargs="+", default=["mock", "bare", "bare-uvloop", "aimock"],
                   choices=("mock", "mock-base", "bare", "bare-uvloop", "aimock"),
                   help="bare = aiohttp on asyncio's loop (the baseline); bare-uvloop = the same on uvloop; "
                        f"aimock = @copilotkit/aimock's CLI from ${AIMOCK_ENV} (skipped with the reason when unset)")
    p.add_argument("--base-tree", help="server mock-base: the mock of this checkout (e.g. before a change)")
    p.add_argument("--mock-loop", default="auto", choices=("auto", "uvloop", "asyncio"),
                   help="the mock's --loop (auto = uvloop when installed, as `mock-provider serve` does)")
    p.add_argument("--loads", nargs="+", default=list(LOADS), choices=LOADS, help="the loads to measure (all)")
    p.add_argument("--streams", type=int, default=200)
    p.add_argument("--deltas", type=int, default=1000)
    p.add_argument("--concurrency", type=int, default=50)
    p.add_argument("--wide-streams", type=int, default=1000,
                   help="concurrent streams of --deltas deltas in the wide load (one wave, new connections)")
    p.add_argument("--short-streams", type=int, default=1000)
    p.add_argument("--short-deltas", type=int, default=10)
    p.add_argument("--short-waves", type=int, default=5,
                   help="waves of --short-streams concurrent streams per measurement (short-new: each wave "
                        "on new connections; short-pooled: all on one kept-alive pool)")
    p.add_argument("--timeout", type=float, default=300.0, help="overall timeout per load, seconds")
    p.add_argument("--out", default=str(ROOT / "reports" / "bench_server.json"))
    opts = p.parse_args()
    if opts.serve:
        pin(0)
        args_deltas, args_short_deltas = opts.deltas, opts.short_deltas
        if opts.serve in ("bare", "bare-uvloop"):
            serve_bare(opts.port, opts.flush[0], opts.dialect, uvloop=opts.serve == "bare-uvloop")
        else:
            serve_mock(opts.port, opts.flush[0], opts.mock_loop)
        return 0
    report = asyncio.run(main_async(opts))
    table = markdown(report)
    report["markdown"] = table
    Path(opts.out).parent.mkdir(parents=True, exist_ok=True)
    Path(opts.out).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(table)
    print(f"\nwritten: {opts.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
