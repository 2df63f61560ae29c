"""Every corpus scenario, served by the kit's mock, recorded through ``mock-provider record``'s proxy and
replayed (byte-exact and re-rendered), gives back the same parts and the same transcript, on every wire
that expresses it.

Each wire gets one upstream mock, one recording proxy and one replay server, all in process on one
event loop (aiohttp's test servers): every turn of every scenario goes through the proxy as a request of
its own (an agent loop's later turn carries the earlier assistant turns, a scripted retry is asked again
until the stream comes), and every exchange written is replayed. A scenario the wire refuses up front
(the encoder's NOT-EXPRESSIBLE) is counted with its reason, never compared.

What is compared, per exchange:

* the client behind the proxy got the mock's bytes unchanged, and the same ending (a dropped
  connection, a stall the client leaves, an HTTP error status);
* the recorded parts (read from the wire) give the transcript the scenario's own parts give;
* the exact replay gives the recorded bytes and ending; the re-rendered replay (the recorded parts
  through the encoder) decodes to the recorded parts, with the same ending.

Each wire runs twice: streamed, and as non-streaming JSON answers (``stream: false``, Gemini
``generateContent``). Run with ``-s`` to see the counts.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from conformance.semantics import no_arguments
from mock_provider.derive import expected_transcript
from mock_provider.dialects import DialectError
from mock_provider.minted import renamed_transcript
from mock_provider.parts import dump_part
from mock_provider.record import Recorder, create_record_app
from mock_provider.scenario import Scenario, load_scenario
from mock_provider.scenario_steps import DisconnectFault, HttpStatusFault, RawBytesFault, StallFault
from mock_provider.server.app import create_app
from mock_provider.servers import plays_legacy_reasoning
from mock_provider.sse import parse_sse
from mock_provider.wires import plan_response
from mock_provider.wires.decode import DECODED_WIRES, decode_events, decode_json
from mock_provider.wires.frames import Chunk, Disconnect, Stall
from tests.shared_corpus import builtin_corpus

CORPUS = builtin_corpus()


def _conversation(wire: str, earlier: int, stream: bool) -> dict[str, Any]:
    """The request body's conversation: ``earlier`` assistant turns (each after a user turn), then a user turn."""
    if wire == "gemini":
        contents: list[dict[str, Any]] = []
        for k in range(earlier):
            contents += [{"role": "user", "parts": [{"text": f"q{k}"}]}, {"role": "model", "parts": [{"text": "a"}]}]
        return {"contents": [*contents, {"role": "user", "parts": [{"text": "hi"}]}]}
    messages: list[dict[str, Any]] = []
    for k in range(earlier):
        messages += [{"role": "user", "content": f"q{k}"}, {"role": "assistant", "content": "a"}]
    messages.append({"role": "user", "content": "hi"})
    if wire == "openai-responses":
        return {"input": messages, "stream": stream}
    if wire == "anthropic":
        return {"messages": messages, "max_tokens": 64, "stream": stream}
    usage = {"stream_options": {"include_usage": True}} if stream else {}
    return {"messages": messages, "stream": stream, **usage}


def _request(wire: str, sid: str, earlier: int = 0, stream: bool = True) -> tuple[str, dict[str, Any]]:
    body = _conversation(wire, earlier, stream)
    if wire == "gemini":
        method = "streamGenerateContent?alt=sse" if stream else "generateContent"
        return f"/v1beta/models/scenario:{sid}:{method}", body
    path = {"openai-chat": "/v1/chat/completions", "openai-responses": "/v1/responses",
            "anthropic": "/v1/messages"}[wire]
    return path, {"model": f"scenario:{sid}", **body}


@dataclass
class Answer:
    """What a client read: the status, the bytes, and how the body ended."""

    status: int
    body: bytes
    end: str  # "complete" | "disconnect" | "left" (the client stopped reading a stall)


async def _ask(client: aiohttp.ClientSession, url: str, body: dict[str, Any], leave_after: int | None) -> Answer:
    """POST and read the whole answer; with ``leave_after``, stop reading once that many bytes came."""
    got = bytearray()
    async with client.post(url, json=body) as r:
        if leave_after == 0:  # a stall before any byte: the client gives up once the headers came
            r.close()
            return Answer(r.status, b"", "left")
        try:
            while True:
                piece = await r.content.readany()
                if not piece:
                    return Answer(r.status, bytes(got), "complete")
                got += piece
                if leave_after is not None and len(got) >= leave_after:
                    r.close()
                    return Answer(r.status, bytes(got), "left")
        except aiohttp.ClientPayloadError:
            return Answer(r.status, bytes(got), "disconnect")


@dataclass
class Exchange:
    """One request the proxy forwarded: the scenario turn it was, what the mock was to send."""

    scenario: Scenario  # the turn's view (its script is that turn's)
    label: str
    status: int
    body: bytes
    end: str


def _planned(view: Scenario, wire: str, body: dict[str, Any], fault: HttpStatusFault | None,
             stream: bool = True) -> Exchange | str:
    """What the mock sends for this turn (or the reason the wire refuses it)."""
    if fault is not None:
        view = view.model_copy(update={"script": [view.script[0].model_copy(update={"fault": fault, "part": None})]})
    try:
        plan = plan_response(view, wire, body, streaming=stream)
    except DialectError as e:
        return str(e)
    end = "complete"
    data = bytearray()
    for item in plan.body:
        if isinstance(item, Chunk):
            data += item.data
        elif isinstance(item, Disconnect):
            end = "disconnect"
            break
        elif isinstance(item, Stall):
            end = "left"
            break
    return Exchange(view, view.id, plan.status, bytes(data), end)


def _plans(s: Scenario, wire: str, stream: bool) -> list[tuple[Exchange, int]] | str:
    """Every exchange a scenario makes on a wire, in order, with the earlier assistant turns its request
    carries; or why the wire refuses the scenario."""
    if s.dialects and wire not in s.dialects:
        return f"restricted to dialects {', '.join(s.dialects)}"
    if wire == "gemini" and any(st.wire is not None and st.wire.continuation for st in s.script):
        # Each hop is an exchange the recorder keeps as a scenario of its own, and a re-rendered hop 1
        # ends MAX_TOKENS: recording a continued call as one scenario is not implemented.
        return "a long-decode call (continuation hops) is not recorded as one scenario"
    own = sum(1 for m in s.request.messages if m.role == "assistant")
    out: list[tuple[Exchange, int]] = []
    for turn in range(1, s.turn_count() + 1):
        view = s.for_turn(turn)
        earlier = own + turn - 1
        body = _request(wire, s.id, earlier, stream)[1]
        for fault in [*s.failed_attempts_of(turn), None]:
            planned = _planned(view, wire, body, fault, stream)
            if isinstance(planned, str):
                return planned
            planned.label = f"{s.id} turn {turn}" + (f" attempt {fault.status}" if fault else "")
            out.append((planned, earlier))
            if planned.end != "complete" or (planned.status >= 400 and fault is None):
                return out  # the conversation cannot go on past a cut, a stall or a scripted error
    return out


def _comparable(t: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    t = dict(t, model=None)  # the wire stamps a model the script may not name
    # A call without arguments is "" or "{}" as the grader reads it (no_arguments): Gemini's args is
    # an object ({}), and @ai-sdk/anthropic reads a tool_use without input_json_delta as "{}".
    t["tool_calls"] = [dict(c, args_text="") if no_arguments(c["args_text"], c["args"]) else c
                       for c in t["tool_calls"]]
    if t.get("usage") and other.get("usage"):  # counts a wire states always or never (test_wire_decode.py)
        t["usage"] = {k: v for k, v in t["usage"].items() if v is not None and other["usage"].get(k) is not None}
    if t.get("error"):
        t["error"] = {k: v for k, v in t["error"].items() if k != "code"}
    return t


@dataclass
class Tally:
    """The counts one wire's run measured."""

    wire: str
    stream: bool
    scenarios: int = 0
    exchanges: int = 0
    skipped: dict[str, str] = field(default_factory=dict)  # scenario id -> the wire's reason
    malformed: int = 0  # recorded scenarios holding a malformed event (a raw_bytes step)
    failures: list[str] = field(default_factory=list)


def _transcript(parts: list[Any], wire: str, sent: list[Any] | None = None) -> dict[str, Any]:
    """The transcript of ``parts``; with ``sent``, a call the decoder named itself (as its consumer does) read as
    the sent one (mock_provider.minted)."""
    got = expected_transcript(parts, wire)
    if sent is not None:
        want = expected_transcript(sent, wire)
        got = renamed_transcript(want, got).model_copy(update={"minted_ids": want.minted_ids})
    return got.model_dump()


def _wire_fault(s: Scenario) -> bool:
    """Whether the script breaks its own wire (a cut, a stall, raw bytes): a JSON answer then is never
    written, so what a non-streaming client gets is the fault alone, not the parts before it."""
    return any(isinstance(st.fault, DisconnectFault | StallFault | RawBytesFault) for st in s.script)


def _check_recorded(ex: Exchange, proxied: Answer, recorded: Scenario, wire: str, stream: bool = True) -> list[str]:
    bad: list[str] = []
    if (proxied.status, proxied.end) != (ex.status, ex.end) or proxied.body != ex.body:
        bad.append(f"{ex.label}: the proxy changed the answer ({proxied.status} {proxied.end} "
                   f"{len(proxied.body)} bytes, the mock sent {ex.status} {ex.end} {len(ex.body)})")
    if recorded.http_fault() is not None:
        return bad
    sent = ex.scenario.parts() if stream or not _wire_fault(ex.scenario) else \
        _decoded(wire, ex.body, False, ex.end == "complete")
    want, got = _transcript(sent, wire), _transcript(recorded.parts(), wire, sent)
    if (wire == "openai-chat" and "audio" in ex.scenario.wire.chat_fields) or (
            wire == "openai-responses" and "audio" in ex.scenario.wire.responses_fields):
        # A spoken answer: the decoder reads the chunks as @ai-sdk/openai 4.0.118 does, which drops delta.audio
        # and skips response.audio.*,
        # so the recording's parts hold no text (its bytes still hold the transcript: the exact replay sends it).
        want = {**want, "text": ""}
    if not stream:  # a JSON answer holds each item finished: no partial images (preliminary results)
        want["tool_results"] = [r for r in want["tool_results"] if not r["preliminary"]]
        if plays_legacy_reasoning(ex.scenario):
            want["reasoning"] = ""  # the older API's reasoning item had no content (openai 1.97.0): no raw text
    if _comparable(got, want) != _comparable(want, got):
        bad.append(f"{ex.label}: recorded transcript {_comparable(got, want)} != {_comparable(want, got)}")
    return bad


def _renamed(parts: list[Any]) -> list[dict[str, Any]]:
    """The parts as dicts, each text or reasoning block's id replaced by its ordinal: a wire names blocks
    its own way (Responses item ids derive from the scenario id, Messages counts content blocks)."""
    out: list[dict[str, Any]] = []
    names: dict[str, str] = {}
    opened = 0
    for p in parts:
        d = dump_part(p)
        kind = d["type"].rpartition("-")[0]
        if kind in ("text", "reasoning") and "id" in d:
            if d["type"].endswith("-start"):
                names[d["id"]] = f"{kind}#{opened}"
                opened += 1
            d["id"] = names.get(d["id"], d["id"])
        out.append(d)
    return out


def _decoded(wire: str, body: bytes, stream: bool, complete: bool) -> list[Any]:
    if stream:
        return decode_events(wire, parse_sse(body), complete=complete).parts
    try:
        answer = json.loads(body)
    except ValueError:
        answer = None  # not JSON (a fault's raw bytes, an empty body): no parts
    return decode_json(wire, answer).parts


def _check_replay(ex: Exchange, recorded: Scenario, exact: Answer, rendered: Answer, wire: str,
                  stream: bool) -> list[str]:
    bad: list[str] = []
    if (exact.status, exact.body, exact.end) != (ex.status, ex.body, ex.end):
        bad.append(f"{ex.label}: exact replay differs ({exact.status} {exact.end} {len(exact.body)} bytes)")
    if (rendered.status, rendered.end) != (ex.status, ex.end):
        bad.append(f"{ex.label}: rendered replay ends {rendered.status} {rendered.end}, not {ex.status} {ex.end}")
    if ex.end != "complete":
        # The client stops reading a stall itself, so the recording must say what it saw: the ending,
        # and the script's last step the fault a re-rendered replay ends with.
        last = recorded.script[-1].fault
        want = {"left": ("stall", StallFault), "disconnect": ("disconnect", DisconnectFault)}[ex.end]
        if recorded.recording is None or recorded.recording.end != want[0] or not isinstance(last, want[1]):
            bad.append(f"{ex.label}: the recording does not end with a {want[0]}")
    if recorded.http_fault() is not None:
        if rendered.body != ex.body:
            bad.append(f"{ex.label}: rendered error body differs")
        return bad
    again = _renamed(_decoded(wire, rendered.body, stream, ex.end == "complete"))
    mine = _renamed(recorded.parts())
    if again != mine:
        bad.append(f"{ex.label}: rendered replay decodes to other parts:\n  {again}\n  {mine}")
    if stream:  # a malformed event is kept as a raw_bytes step: the rendered replay sends it too
        sent = [raw for _, raw in decode_events(wire, parse_sse(rendered.body)).malformed]
        kept = [st.fault.data.encode() for st in recorded.script if isinstance(st.fault, RawBytesFault)]
        if sent != kept:
            bad.append(f"{ex.label}: rendered replay sends malformed events {sent}, the recording holds {kept}")
    return bad


async def _round_trip(wire: str, stream: bool, out: Path) -> Tally:
    tally = Tally(wire, stream)
    recorder = Recorder("http://placeholder", out)
    upstream = TestServer(create_app(CORPUS, time_scale=0.0))
    twin = TestServer(create_app(CORPUS, time_scale=0.0))  # asked the same, directly: what the mock sends
    proxy = TestServer(create_record_app(recorder), handler_cancellation=True)
    exchanges: list[tuple[Exchange, Answer]] = []
    async with upstream, twin, proxy, aiohttp.ClientSession() as client:
        recorder.upstream = str(upstream.make_url("")).rstrip("/")
        for s in CORPUS:
            plans = _plans(s, wire, stream)
            if isinstance(plans, str):
                tally.skipped[s.id] = plans
                continue
            tally.scenarios += 1
            for ex, earlier in plans:
                path, body = _request(wire, s.id, earlier, stream)
                leave = len(ex.body) if ex.end == "left" else None
                direct = await _ask(client, str(twin.make_url(path)), body, leave)
                ex.status, ex.body, ex.end = direct.status, direct.body, direct.end
                before = len(recorder.written)
                answer = await _ask(client, str(proxy.make_url(path)), body, leave)
                for _ in range(1000):  # the proxy writes the scenario once the answer ended (or the client left)
                    if len(recorder.written) > before:
                        break
                    await asyncio.sleep(0.001)
                exchanges.append((ex, answer))
    written = list(recorder.written)
    tally.exchanges = len(exchanges)
    if len(written) != len(exchanges):
        tally.failures.append(f"{len(exchanges)} exchanges, {len(written)} scenarios written")
        return tally
    recorded = [load_scenario(p) for p in written]
    rendered = [r.model_copy(update={"id": r.id + "-r", "recording": r.recording and r.recording.model_copy(
        update={"replay": "rendered"})}) for r in recorded]
    replay = TestServer(create_app([*recorded, *rendered], time_scale=0.0))
    async with replay, aiohttp.ClientSession() as client:
        for (ex, proxied), mine, again in zip(exchanges, recorded, rendered, strict=True):
            tally.failures += _check_recorded(ex, proxied, mine, wire, stream)
            tally.malformed += any(isinstance(st.fault, RawBytesFault) for st in mine.script)
            leave = len(ex.body) if ex.end == "left" else None
            path, body = _request(wire, mine.id, stream=stream)
            exact = await _ask(client, str(replay.make_url(path)), body, leave)
            path, body = _request(wire, again.id, stream=stream)
            other = await _ask(client, str(replay.make_url(path)), body, leave)
            tally.failures += _check_replay(ex, mine, exact, other, wire, stream)
    return tally


@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "json"])
@pytest.mark.parametrize("wire", DECODED_WIRES)
def test_the_whole_corpus_round_trips(wire: str, stream: bool, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    tally = asyncio.run(_round_trip(wire, stream, tmp_path))
    with capsys.disabled():
        print(f"\n{wire} ({'streamed' if stream else 'JSON'}): {tally.scenarios} scenarios "
              f"({tally.exchanges} exchanges) recorded and replayed; {len(tally.skipped)} refused by the wire")
        reasons: dict[str, list[str]] = {}
        for sid, why in tally.skipped.items():
            reasons.setdefault(why.partition(f"(scenario {sid}): ")[2] or why, []).append(sid)
        for why, ids in sorted(reasons.items()):
            print(f"  skipped {len(ids)}: {why}: {', '.join(ids)}")
    assert not tally.failures, "\n".join(tally.failures)
    assert tally.scenarios + len(tally.skipped) == len(CORPUS)
    # Most of the corpus written for the wire goes through (a scenario written for other wires' own elements,
    # such as a Responses-only or Gemini-only one, is not the wire's to play).
    assert tally.scenarios > len([s for s in CORPUS if s.dialects is None or wire in s.dialects]) // 2
    if stream and "fault.raw-bytes.001" not in tally.skipped:
        assert tally.malformed >= 1  # the malformed frame check above compared something


def test_a_changed_byte_is_seen() -> None:
    """The comparison can fail: a stream the proxy would pass on with one byte changed is reported."""
    s = next(x for x in CORPUS if x.id == "text.basic.001")
    ex = _planned(s, "openai-chat", _request("openai-chat", s.id)[1], None)
    assert isinstance(ex, Exchange)
    changed = Answer(200, ex.body.replace(b"Paris", b"Lyon!"), "complete")
    recorded = s.model_copy(update={"id": "x.y"})
    assert _check_recorded(ex, changed, recorded, "openai-chat")
    assert json.dumps(_transcript(s.parts(), "openai-chat"))  # the transcript compared is not empty
