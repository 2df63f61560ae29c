"""``mock-provider`` command line: list, validate, render and serve scenarios.

Example (shell)::

    mock-provider list
    mock-provider validate my_scenarios/*.yaml
    mock-provider render tool.interleave.002 --dialect v3
    mock-provider render SCENARIO_ID --dialect openai-chat --turn 2   # turn 2 of an agent loop
    mock-provider serve --port 8765 --time-scale 0
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import logging
import math
import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any

from mock_provider.corpus import load_scenarios
from mock_provider.dialects import HTTP_DIALECTS, DialectError
from mock_provider.scenario import PART_DIALECTS, REASONING_DIALECTS, ScenarioError, every_error, load_scenario
from mock_provider.timing import TIME_SCALE_ENV, time_scale_from_env


def _cmd_list(args: argparse.Namespace) -> int:
    for s in load_scenarios(args.scenarios, replace=args.scenarios_only):
        print(f"{s.id:<40} {','.join(s.rows):<28} {s.title}")
    return 0


def _cmd_validate(args: argparse.Namespace) -> int:
    bad = 0
    seen: dict[str, str] = {}  # id -> the first file with it: a server or a suite holds one per id
    for path in args.files:
        try:
            s = load_scenario(path)
        except ScenarioError as exc:
            _print_errors(exc)
            bad += 1
            continue
        if s.id in seen:
            print(f"error: {path}: id {s.id!r} is already the id of {seen[s.id]}", file=sys.stderr)
            bad += 1
            continue
        seen[s.id] = str(path)
        turns = f", {s.turn_count()} turns" if s.turn_count() > 1 else ""
        print(f"ok: {path} ({s.id}, {len(s.script)} steps{turns})")
    return 1 if bad else 0


def _print_errors(exc: ScenarioError) -> None:
    """Every located error an exception carries, one ``error: file:line: field: why`` line each."""
    for err in sorted(every_error(exc), key=lambda e: (e.path, e.line or 0)):
        print(f"error: {err}", file=sys.stderr)


def _cmd_render(args: argparse.Namespace) -> int:
    """Print the exact response bytes (status and headers on stderr, fault markers too)."""
    from mock_provider.wires import Chunk, plan_response

    scenarios = {s.id: s for s in load_scenarios(args.scenarios, replace=args.scenarios_only)}
    s = scenarios.get(args.id)
    if s is None:
        print(f"error: unknown scenario {args.id!r}", file=sys.stderr)
        return 2
    if not 1 <= args.turn <= s.turn_count():
        print(f"error: {s.past_last_turn_message(args.turn)}", file=sys.stderr)
        return 2
    s = s.for_turn(args.turn)
    if args.reasoning is not None:  # as the server does for the header X-Mock-Reasoning
        s = s.model_copy(update={"wire": s.wire.model_copy(update={"reasoning": args.reasoning})})
    request: dict[str, object] = {"model": f"scenario:{s.id}", "stream": not args.json}
    if args.include_usage:
        request["stream_options"] = {"include_usage": True}
    try:
        plan = plan_response(s, args.dialect, request, streaming=not args.json,
                             accept="application/x-ndjson" if args.ndjson else None)
    except DialectError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"# HTTP {plan.status} " + " ".join(f"{k}: {v}" for k, v in plan.headers.items()), file=sys.stderr)
    out = sys.stdout.buffer
    try:
        for item in plan.body:
            if isinstance(item, Chunk):
                out.write(item.data)
            else:
                out.flush()
                print(f"# {type(item).__name__.lower()} after step {item.step}", file=sys.stderr)
        out.flush()
    except BrokenPipeError:  # `mock-provider render ... | head`
        pass
    return 0


def _cmd_import(args: argparse.Namespace) -> int:
    """Write the scenario of one raw SSE capture (or a non-streaming JSON answer); warn about what the
    parts model has no place for."""
    from pathlib import Path

    from mock_provider.capture import scenario_document, scenario_id_for, write_scenario

    path = Path(args.file)
    body = path.read_bytes()
    doc = scenario_document(body, args.wire, scenario_id=args.id or scenario_id_for(path.name),
                            source=args.source or path.name, streamed=not body.lstrip().startswith(b"{"))
    if args.replay != "exact":
        doc["recording"]["replay"] = args.replay
    try:
        load_scenario_document(doc, str(path))
    except ScenarioError as exc:
        _print_errors(exc)
        return 1
    written = write_scenario(doc, Path(args.out))
    for what in doc["recording"].get("unmodelled", []):
        print(f"warning: {path}: {what}: not in the parts model; replayed byte for byte only", file=sys.stderr)
    print(f"wrote {written} ({len(doc['script'])} parts, {len(doc['recording']['chunks'])} chunks)")
    return 0


def _cmd_record(args: argparse.Namespace) -> int:
    """Run the recording proxy until interrupted."""
    from pathlib import Path

    from mock_provider.record import run_recorder

    try:
        asyncio.run(run_recorder(args.upstream, Path(args.out), args.host, args.port, args.redact_header))
    except KeyboardInterrupt:
        print("mock-provider: recording stopped", flush=True)
    return 0


def load_scenario_document(doc: dict[str, Any], path: str) -> None:
    """Validate a generated scenario document as ``validate`` would (``ScenarioError`` when it does not)."""
    from mock_provider.scenario import scenario_from_document

    scenario_from_document(dict(doc), path, short_form=False, fallback_id=str(doc.get("id", "captured.stream")))


def _time_scale(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be a finite number >= 0")
    return value


def _auth_problem(host: str, token: str | None) -> tuple[str | None, str | None]:
    """(error, warning) about the control API's protection for this bind address and token.

    >>> _auth_problem("127.0.0.1", "")[0]
    "--token '' would turn authentication off; omit --token to run without it"
    >>> _auth_problem("0.0.0.0", None)[1] is not None, _auth_problem("127.0.0.1", None)
    (True, (None, None))
    """
    if token is not None and not token.strip():
        return "--token '' would turn authentication off; omit --token to run without it", None
    loopback = host in ("localhost", "::1") or host.startswith("127.")
    if not loopback and token is None:
        return None, (f"warning: binding {host} without --token: anyone who can reach this address can "
                      "read the request log and change the scenarios through /_mock/")
    return None, None


async def _serve(args: argparse.Namespace, time_scale: float) -> int:
    from mock_provider.server import MockServer

    error, warning = _auth_problem(args.host, args.token)
    if error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if warning:
        print(warning, file=sys.stderr, flush=True)
    try:
        scenarios = load_scenarios(args.scenarios, replace=args.scenarios_only)
    except ScenarioError as exc:
        _print_errors(exc)
        print("error: mock-provider serve refuses to start until every scenario file validates", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    server = MockServer(scenarios, time_scale=time_scale, token=args.token, flush=args.flush,
                        access_log=args.log_level == "DEBUG", freeze_gc=True)
    try:
        url = await server.start(args.host, args.port)
    except OSError as exc:
        print(f"error: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    loop_name = "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"
    print(f"mock-provider serving {len(scenarios)} scenarios at {url} "
          f"(time scale {time_scale:g}, flush {args.flush}, {loop_name} loop"
          f"{', token required' if args.token else ''})", flush=True)
    try:
        await stop.wait()
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        print("mock-provider: shutting down", flush=True)
        await server.stop()
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    logging.basicConfig(level=getattr(logging, args.log_level), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if args.time_scale is None:
        try:
            time_scale = time_scale_from_env(default=1.0)  # the CLI serves in real time unless told otherwise
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    else:
        time_scale = args.time_scale
    if _event_loop(args.loop) == "uvloop":
        try:
            import uvloop
        except ImportError:
            print("error: --loop uvloop: uvloop is not installed (pip install uvloop)", file=sys.stderr)
            return 2
        return uvloop.run(_serve(args, time_scale))
    return asyncio.run(_serve(args, time_scale))


def _event_loop(choice: str) -> str:
    """The event loop ``serve`` runs on: ``auto`` is uvloop when it is installed, else asyncio's.

    uvloop (libuv) lowers aiohttp's per-connection and per-request cost, which dominates many
    concurrent short streams: a bare aiohttp server on it used 0.74x to 0.92x of its CPU per
    event on asyncio's loop (benchmarks/bench_server.py). The bytes and their order are the same.

    >>> _event_loop("asyncio")
    'asyncio'
    """
    if choice != "auto":
        return choice
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return "asyncio"
    return "uvloop"


def package_version() -> str:
    """The installed kit's version (what ``--version`` prints on both commands).

    >>> package_version().count(".") >= 1
    True
    """
    try:
        return importlib.metadata.version("stream-adapter-conformance")
    except importlib.metadata.PackageNotFoundError:
        return "0+unknown (not installed)"


def run_cli(fn: Callable[[], int]) -> int:
    """Run a command's body; a reader that closed the pipe (``mock-provider list | head``) ends it
    quietly, as Unix tools do, instead of with a BrokenPipeError traceback."""
    try:
        return fn()
    except BrokenPipeError:
        # Python would complain again when it flushes stdout at exit: point it at /dev/null.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, what a shell reports for a killed writer


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``mock-provider`` / ``python -m mock_provider``."""
    return run_cli(lambda: _main(argv))


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="mock-provider", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
    parser.add_argument("--scenarios", default=None, help="scenario directory, added to the built-in corpus")
    parser.add_argument("--scenarios-only", action="store_true", default=False,
                        help="only the --scenarios directory's scenarios, not the built-in corpus")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list scenarios").set_defaults(fn=_cmd_list)
    v = sub.add_parser("validate", help="lint scenario files (errors name file, line, field)")
    v.add_argument("files", nargs="+")
    v.set_defaults(fn=_cmd_validate)
    r = sub.add_parser("render", help="print the exact bytes the server would send for a scenario in one dialect")
    r.add_argument("id")
    r.add_argument("--dialect", choices=[*PART_DIALECTS, *HTTP_DIALECTS], default="v3")
    r.add_argument("--json", action="store_true", help="the non-streaming response (HTTP wires)")
    r.add_argument("--ndjson", action="store_true", help="NDJSON instead of SSE (part dialects)")
    r.add_argument("--include-usage", action="store_true", help="openai-chat stream_options.include_usage")
    r.add_argument("--turn", type=int, default=1, help="which turn of an agent-loop scenario (1-based; default 1)")
    r.add_argument("--reasoning", choices=REASONING_DIALECTS, default=None,
                   help="openai-chat reasoning dialect, as the request header X-Mock-Reasoning picks it")
    r.set_defaults(fn=_cmd_render)
    im = sub.add_parser("import", help="make a scenario of a raw SSE capture or a JSON answer "
                        "(parts, transcript, bytes for replay)")
    im.add_argument("file")
    im.add_argument("--wire", required=True, choices=("openai-chat", "openai-responses", "anthropic", "gemini"))
    im.add_argument("--out", default=".", help="directory to write the scenario to (default: here)")
    im.add_argument("--id", default=None, help="scenario id (default: captured.<file name>)")
    im.add_argument("--source", default=None, help="where the capture came from, kept in the scenario")
    im.add_argument("--replay", choices=("exact", "rendered"), default="exact",
                    help="exact (default): serve the captured bytes on their wire; rendered: the parts re-encoded")
    im.set_defaults(fn=_cmd_import)
    rc = sub.add_parser("record", help="proxy the model routes to a real upstream, one scenario per exchange")
    rc.add_argument("--upstream", required=True, help="the provider's base URL, e.g. https://api.openai.com")
    rc.add_argument("--out", default=".", help="directory to write the scenarios to (default: here)")
    rc.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    rc.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    rc.add_argument("--redact-header", action="append", default=[], metavar="NAME",
                    help="one more request header never written (credentials are always dropped); repeatable")
    rc.set_defaults(fn=_cmd_record)
    sv = sub.add_parser("serve", help="serve the scenarios over HTTP (OpenAI, Anthropic, AI SDK parts, control API)")
    sv.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    sv.add_argument("--port", type=int, default=8765, help="port (default 8765; 0 = any free port)")
    # SUPPRESS keeps `mock-provider --scenarios DIR serve` working: no default overwrites the global option.
    sv.add_argument("--scenarios", default=argparse.SUPPRESS, help="scenario directory, added to the built-in corpus")
    sv.add_argument("--scenarios-only", action="store_true", default=argparse.SUPPRESS,
                    help="only the --scenarios directory's scenarios, not the built-in corpus")
    sv.add_argument("--time-scale", type=_time_scale, default=None,
                    help=f"multiply scripted delays (0 = none; default ${TIME_SCALE_ENV} or 1.0)")
    sv.add_argument("--token", default=None, help="require 'Authorization: Bearer <token>' on the /_mock/ control API")
    sv.add_argument("--flush", choices=("coalesce", "per-event"), default="coalesce",
                    help="coalesce (default): one write per run of zero-delay chunks; per-event: one write per chunk")
    sv.add_argument("--loop", choices=("auto", "uvloop", "asyncio"), default="auto",
                    help="event loop: auto (default) = uvloop when installed, else asyncio's own")
    sv.add_argument("--log-level", choices=("DEBUG", "INFO", "WARNING", "ERROR"), default="INFO",
                    type=str.upper, help="log level (DEBUG also logs every request)")
    sv.set_defaults(fn=_cmd_serve)
    args = parser.parse_args(argv)
    try:
        code: int = args.fn(args)
    except ScenarioError as exc:  # a bad --scenarios directory: say where, no traceback
        _print_errors(exc)
        return 1
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return code


if __name__ == "__main__":
    raise SystemExit(main())
