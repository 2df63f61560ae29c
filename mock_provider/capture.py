"""Streams captured elsewhere, turned into scenarios: ``mock-provider import FILE --wire WIRE``.

A raw SSE capture (browser devtools, a proxy log, an SDK's debug output) of one of the four
provider wires is read back into the kit's canonical parts (the model every encoder starts
from), the expected transcript is derived from those parts (:mod:`mock_provider.derive`), and a
scenario is written with the raw bytes kept beside it (``<id>.sse``): the server replays those
bytes unchanged on the wire they were captured from (``recorded.replay: exact``) and renders the
parts through its own encoder on every other wire. Events the kit does not model (pings,
``response.in_progress``, a Gemini ``thoughtSignature``...) are replayed as they were and listed
as warnings in the scenario's description: a warning, not a failure.

Only the events a stream adapter reads for text, reasoning, client tool calls, finish and usage
are decoded; anything else is a warning.

Example:
    >>> raw = (b'data: {"choices":[{"index":0,"delta":{"content":"Hi"}}]}\\n\\n'
    ...        b'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\\n\\n'
    ...        b'data: [DONE]\\n\\n')
    >>> got = decode(raw, "openai-chat")
    >>> [p["type"] for p in got.parts], got.warnings
    (['stream-start', 'text-start', 'text-delta', 'text-end', 'finish'], [])
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from mock_provider.derive import derived_rows, expected_transcript
from mock_provider.parts import parse_part

WIRES = ("openai-chat", "openai-responses", "anthropic", "gemini")
CAPTURE_CITATION = {"kind": "test", "ref": "imported capture: parts read from the recorded wire, transcript derived"}


class CaptureError(ValueError):
    """A capture that cannot be read as the wire it is said to be (the message says where)."""


@dataclass
class Decoded:
    """What a capture means: canonical parts (dicts), what was not modelled, the model id."""

    parts: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    model: str | None = None


def sse_events(raw: bytes) -> list[tuple[str | None, str]]:
    """The (event name, data) of each SSE event, per the WHATWG event-stream parsing rules.

    >>> sse_events(b"event: a\\r\\ndata: 1\\r\\n\\r\\n: comment\\n\\ndata: x\\ndata: y\\n\\n")
    [('a', '1'), (None, 'x\\ny')]
    """
    text = raw.decode("utf-8").removeprefix("\ufeff")
    events: list[tuple[str | None, str]] = []
    name: str | None = None
    data: list[str] = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if not line:
            if data:
                events.append((name, "\n".join(data)))
            name, data = None, []
            continue
        if line.startswith(":"):
            continue
        key, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if key == "data":
            data.append(value)
        elif key == "event":
            name = value
    if data:  # a capture cut before its last blank line still holds that event
        events.append((name, "\n".join(data)))
    return events


def _json(data: str, n: int) -> dict[str, Any]:
    try:
        value = json.loads(data)
    except json.JSONDecodeError as exc:
        raise CaptureError(f"event {n}: data is not JSON ({exc.msg} at column {exc.colno}): {data[:60]!r}") from exc
    if not isinstance(value, dict):
        raise CaptureError(f"event {n}: data is not a JSON object: {data[:60]!r}")
    return value


class _Builder:
    """Canonical parts in stream order: opens a text or reasoning block on its first delta."""

    def __init__(self) -> None:
        self.out = Decoded(parts=[{"type": "stream-start", "warnings": []}])
        self.open: dict[str, str] = {}  # kind ("text"/"reasoning") -> open block id
        self.calls: dict[str, tuple[str, list[str]]] = {}  # call id -> (name, argument chunks)
        self.finish: dict[str, Any] | None = None

    def add(self, part: dict[str, Any]) -> None:
        self.out.parts.append(part)

    def delta(self, kind: str, delta: str, block: str | None = None) -> None:
        bid = block or f"{kind[:3]}-{len(self.out.parts)}"
        if self.open.get(kind) not in (None, bid):
            self.close(kind)
        if kind not in self.open:
            self.open[kind] = bid
            self.add({"type": f"{kind}-start", "id": bid})
        if delta:
            self.add({"type": f"{kind}-delta", "id": self.open[kind], "delta": delta})

    def close(self, kind: str) -> None:
        bid = self.open.pop(kind, None)
        if bid is not None:
            self.add({"type": f"{kind}-end", "id": bid})

    def call_start(self, call_id: str, name: str) -> None:
        self.close("text")
        self.close("reasoning")
        self.calls[call_id] = (name, [])
        self.add({"type": "tool-input-start", "id": call_id, "toolName": name})

    def call_delta(self, call_id: str, delta: str) -> None:
        if delta and call_id in self.calls:
            self.calls[call_id][1].append(delta)
            self.add({"type": "tool-input-delta", "id": call_id, "delta": delta})

    def call_end(self, call_id: str, whole: str | None = None) -> None:
        if call_id not in self.calls:
            return
        name, chunks = self.calls.pop(call_id)
        args = whole if whole is not None else "".join(chunks)
        self.add({"type": "tool-input-end", "id": call_id})
        self.add({"type": "tool-call", "toolCallId": call_id, "toolName": name, "input": args or "{}"})

    def warn(self, what: str) -> None:
        if what not in self.out.warnings:
            self.out.warnings.append(what)

    def done(self) -> Decoded:
        self.close("reasoning")
        self.close("text")
        for call_id in list(self.calls):
            self.call_end(call_id)
        if self.finish is not None:
            self.add(self.finish)
        return self.out


def _finish(unified: str, raw: str | None, usage: dict[str, Any] | None) -> dict[str, Any]:
    part: dict[str, Any] = {"type": "finish", "finishReason": {"unified": unified, "raw": raw}}
    part["usage"] = usage or {}
    return part


def _usage(inp: Any, out: Any, cached: Any = None, reasoning: Any = None) -> dict[str, Any]:
    usage: dict[str, Any] = {"inputTokens": {"total": inp}, "outputTokens": {"total": out}}
    if isinstance(cached, int) and cached:
        usage["inputTokens"]["cacheRead"] = cached
    if isinstance(reasoning, int) and reasoning:
        usage["outputTokens"]["reasoning"] = reasoning
    return usage


CHAT_FINISH = {"stop": "stop", "length": "length", "content_filter": "content-filter",
               "tool_calls": "tool-calls", "function_call": "tool-calls"}


def _chat_delta(delta: dict[str, Any], b: _Builder, index_ids: dict[int, str]) -> None:
    """One Chat Completions ``choices[].delta``: reasoning, content, tool-call fragments."""
    for key in ("reasoning_content", "reasoning"):
        if isinstance(delta.get(key), str) and delta[key]:
            b.delta("reasoning", delta[key], "rs-0")
    if isinstance(delta.get("content"), str) and delta["content"]:
        b.close("reasoning")
        b.delta("text", delta["content"], "txt-0")
    for call in delta.get("tool_calls") or []:
        fn = call.get("function") or {}
        if call.get("id"):
            index_ids[call.get("index", 0)] = call["id"]
            b.call_start(call["id"], fn.get("name", ""))
        call_id = index_ids.get(call.get("index", 0))
        if call_id and isinstance(fn.get("arguments"), str):
            b.call_delta(call_id, fn["arguments"])
    for key in ("refusal", "audio", "annotations"):
        if delta.get(key):
            b.warn(f"delta.{key}")


def _chat(events: list[tuple[str | None, str]], b: _Builder) -> None:
    reason: str | None = None
    usage: dict[str, Any] | None = None
    index_ids: dict[int, str] = {}
    for n, (_name, data) in enumerate(events):
        if data.strip() == "[DONE]":
            continue
        chunk = _json(data, n)
        b.out.model = b.out.model or chunk.get("model")
        if isinstance(chunk.get("usage"), dict):
            u = chunk["usage"]
            usage = _usage(u.get("prompt_tokens"), u.get("completion_tokens"),
                           (u.get("prompt_tokens_details") or {}).get("cached_tokens"),
                           (u.get("completion_tokens_details") or {}).get("reasoning_tokens"))
        for choice in chunk.get("choices") or []:
            _chat_delta(choice.get("delta") or {}, b, index_ids)
            reason = choice.get("finish_reason") or reason
    if reason is not None:
        b.finish = _finish(CHAT_FINISH.get(reason, "other"), reason, usage)


RESPONSES_IGNORED = {"response.created", "response.in_progress", "response.output_text.done",
                     "response.function_call_arguments.done", "response.content_part.added",
                     "response.content_part.done", "response.reasoning_summary_part.added",
                     "response.reasoning_summary_part.done", "response.reasoning_summary_text.done"}


def _responses_finish(resp: dict[str, Any]) -> dict[str, Any]:
    """The finish part of a ``response.completed``/``response.incomplete`` event's response."""
    u = resp.get("usage") or {}
    calls = any(o.get("type") == "function_call" for o in resp.get("output") or [])
    reason = (resp.get("incomplete_details") or {}).get("reason")
    unified = ("length" if reason == "max_output_tokens" else "content-filter" if reason == "content_filter"
               else "tool-calls" if calls else "stop")
    return _finish(unified, reason, _usage(u.get("input_tokens"), u.get("output_tokens"),
                                           (u.get("input_tokens_details") or {}).get("cached_tokens"),
                                           (u.get("output_tokens_details") or {}).get("reasoning_tokens")))


def _responses(events: list[tuple[str | None, str]], b: _Builder) -> None:
    items: dict[str, str] = {}  # item id -> call id
    for n, (name, data) in enumerate(events):
        ev = _json(data, n)
        kind = ev.get("type") or name or ""
        item = ev.get("item") or {}
        if kind == "response.output_item.added" and item.get("type") == "function_call":
            items[item.get("id", "")] = item.get("call_id", "")
            b.call_start(item.get("call_id", ""), item.get("name", ""))
        elif kind == "response.function_call_arguments.delta":
            b.call_delta(items.get(ev.get("item_id", ""), ""), ev.get("delta", ""))
        elif kind == "response.output_item.done" and item.get("type") == "function_call":
            b.call_end(item.get("call_id", ""), item.get("arguments"))
        elif kind == "response.output_text.delta":
            b.close("reasoning")
            b.delta("text", ev.get("delta", ""), ev.get("item_id"))
        elif kind == "response.reasoning_summary_text.delta":
            b.delta("reasoning", ev.get("delta", ""), ev.get("item_id"))
        elif kind in ("response.completed", "response.incomplete"):
            resp = ev.get("response") or {}
            b.out.model = resp.get("model")
            b.finish = _responses_finish(resp)
        elif kind == "response.output_item.done" or kind == "response.output_item.added":
            if item.get("type") not in ("message", "reasoning", "function_call"):
                b.warn(f"{kind} of a {item.get('type')} item")
        elif kind not in RESPONSES_IGNORED:
            b.warn(f"{kind}")


ANTHROPIC_FINISH = {"end_turn": "stop", "stop_sequence": "stop", "max_tokens": "length", "tool_use": "tool-calls",
                    "refusal": "content-filter", "pause_turn": "other"}


def _anthropic_block(block: dict[str, Any], idx: int, b: _Builder, blocks: dict[int, tuple[str, str]]) -> None:
    """A ``content_block_start``: a client tool call, a text or thinking block, or a warning."""
    btype = block.get("type")
    if btype == "tool_use":
        blocks[idx] = ("tool", block.get("id", ""))
        b.call_start(block.get("id", ""), block.get("name", ""))
    elif btype in ("text", "thinking"):
        kind = "text" if btype == "text" else "reasoning"
        blocks[idx] = (kind, f"{kind[:3]}-{idx}")
        b.delta(kind, block.get("text", "") or block.get("thinking", ""), f"{kind[:3]}-{idx}")
    else:
        b.warn(f"content block {btype}")


def _anthropic_delta(delta: dict[str, Any], bid: str, b: _Builder) -> None:
    """A ``content_block_delta`` of the block ``bid``."""
    if delta.get("type") == "input_json_delta":
        b.call_delta(bid, delta.get("partial_json", ""))
    elif delta.get("type") == "text_delta":
        b.delta("text", delta.get("text", ""), bid)
    elif delta.get("type") == "thinking_delta":
        b.delta("reasoning", delta.get("thinking", ""), bid)
    else:
        b.warn(f"delta {delta.get('type')}")


def _anthropic(events: list[tuple[str | None, str]], b: _Builder) -> None:
    blocks: dict[int, tuple[str, str]] = {}  # index -> (kind, id)
    usage_in: dict[str, Any] = {}
    usage_out: dict[str, Any] = {}
    reason: str | None = None
    for n, (name, data) in enumerate(events):
        ev = _json(data, n)
        kind = ev.get("type") or name or ""
        idx = ev.get("index", -1)
        if kind == "message_start":
            msg = ev.get("message") or {}
            b.out.model = msg.get("model")
            usage_in = msg.get("usage") or {}
        elif kind == "content_block_start":
            _anthropic_block(ev.get("content_block") or {}, idx, b, blocks)
        elif kind == "content_block_delta":
            _anthropic_delta(ev.get("delta") or {}, blocks.get(idx, ("", ""))[1], b)
        elif kind == "content_block_stop":
            kind_name, bid = blocks.pop(idx, ("", ""))
            if kind_name == "tool":
                b.call_end(bid)
            elif kind_name:
                b.close(kind_name)
        elif kind == "message_delta":
            reason = (ev.get("delta") or {}).get("stop_reason")
            usage_out = ev.get("usage") or {}
        elif kind in ("ping", "message_stop"):
            if kind == "ping":
                b.warn("ping")
        else:
            b.warn(f"{kind}")
    if reason is not None:
        inp = usage_out.get("input_tokens", usage_in.get("input_tokens"))
        cached = usage_out.get("cache_read_input_tokens", usage_in.get("cache_read_input_tokens"))
        b.finish = _finish(ANTHROPIC_FINISH.get(reason, "other"), reason,
                           _usage(inp, usage_out.get("output_tokens"), cached))


GEMINI_FINISH = {"STOP": "stop", "MAX_TOKENS": "length", "SAFETY": "content-filter", "RECITATION": "content-filter",
                 "BLOCKLIST": "content-filter", "PROHIBITED_CONTENT": "content-filter", "SPII": "content-filter"}


def _gemini(events: list[tuple[str | None, str]], b: _Builder) -> None:
    reason: str | None = None
    usage: dict[str, Any] | None = None
    calls = 0
    for n, (_name, data) in enumerate(events):
        chunk = _json(data, n)
        b.out.model = chunk.get("modelVersion") or b.out.model
        meta = chunk.get("usageMetadata")
        if isinstance(meta, dict):
            usage = _usage(meta.get("promptTokenCount"),
                           (meta.get("candidatesTokenCount") or 0) + (meta.get("thoughtsTokenCount") or 0),
                           meta.get("cachedContentTokenCount"), meta.get("thoughtsTokenCount"))
        for cand in chunk.get("candidates") or []:
            for part in (cand.get("content") or {}).get("parts") or []:
                if "thoughtSignature" in part:
                    b.warn("thoughtSignature")
                if "functionCall" in part:
                    fn = part["functionCall"]
                    call_id = fn.get("id") or f"call_{calls}"
                    calls += 1
                    b.call_start(call_id, fn.get("name", ""))
                    b.call_end(call_id, json.dumps(fn.get("args") or {}, ensure_ascii=False))
                elif isinstance(part.get("text"), str):
                    kind = "reasoning" if part.get("thought") else "text"
                    if kind == "text":
                        b.close("reasoning")
                    if part["text"]:
                        b.delta(kind, part["text"], f"{kind[:3]}-0")
                else:
                    b.warn(f"part {sorted(part)}")
            if cand.get("finishReason"):
                reason = cand["finishReason"]
    if reason is not None:
        unified = "tool-calls" if calls and reason == "STOP" else GEMINI_FINISH.get(reason, "other")
        b.finish = _finish(unified, reason, usage)


DECODERS: dict[str, Callable[[list[tuple[str | None, str]], _Builder], None]] = {
    "openai-chat": _chat, "openai-responses": _responses, "anthropic": _anthropic, "gemini": _gemini}


def decode(raw: bytes, wire: str) -> Decoded:
    """The canonical parts a capture of ``wire`` carries (see the module example).

    Raises :class:`CaptureError` for an unknown wire, bytes that are not UTF-8, an event whose
    data is not a JSON object, or a capture with no event at all.
    """
    if wire not in DECODERS:
        raise CaptureError(f"unknown wire {wire!r}; use one of {', '.join(WIRES)}")
    try:
        events = sse_events(raw)
    except UnicodeDecodeError as exc:
        raise CaptureError(f"not UTF-8 at byte {exc.start}: an SSE stream is UTF-8 text") from exc
    if not events:
        raise CaptureError("no SSE event in the capture (expected `data:` lines separated by blank lines)")
    builder = _Builder()
    DECODERS[wire](events, builder)
    out = builder.done()
    if not any(p["type"] == "finish" for p in out.parts):
        out.warnings.append("no finish event: the capture ends before the provider finished")
    for part in out.parts:
        parse_part(part)  # a decoder bug shows here, not in the written file
    return out


def scenario_document(raw: bytes, wire: str, scenario_id: str, sidecar: str) -> dict[str, Any]:
    """The scenario (full schema) of a capture: its parts, derived rows and transcript, the replay.

    >>> raw = b'data: {"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}\\n\\n'
    >>> doc = scenario_document(raw, "openai-chat", "imported.hi", "imported.hi.sse")
    >>> doc["expected"]["text"], doc["recorded"]
    ('Hi', {'wire': 'openai-chat', 'file': 'imported.hi.sse', 'replay': 'exact'})
    """
    got = decode(raw, wire)
    parts = [parse_part(p) for p in got.parts]
    description = f"Imported from a capture of the {wire} wire ({len(raw)} bytes)."
    if got.warnings:
        description += " Warning: not modelled (replayed byte for byte on this wire, dropped when re-rendered): " + \
            "; ".join(got.warnings) + "."
    return {
        "id": scenario_id,
        "title": f"imported {wire} capture",
        "description": description,
        "rows": derived_rows(parts) or ["8.1.4"],
        "citations": [CAPTURE_CITATION],
        "request": {"model": got.model or "imported", "messages": [{"role": "user", "content": "(imported capture)"}]},
        "stateless": True,
        "recorded": {"wire": wire, "file": sidecar, "replay": "exact"},
        "script": [{"part": p} for p in got.parts],
        "expected": expected_transcript(parts).model_dump(exclude_defaults=True),
    }


def import_capture(path: str | Path, wire: str, out_dir: str | Path, scenario_id: str | None = None) -> Path:
    """Write ``<id>.yaml`` and the raw bytes as ``<id>.sse`` into ``out_dir``; the YAML's path.

    The id defaults to ``imported.<file name>``.
    """
    src = Path(path)
    raw = src.read_bytes()
    sid = scenario_id or "imported." + "".join(c if c.isalnum() else "-" for c in src.stem.lower()).strip("-")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    doc = scenario_document(raw, wire, sid, f"{sid}.sse")
    (out / f"{sid}.sse").write_bytes(raw)
    target = out / f"{sid}.yaml"
    target.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return target


__all__ = ["WIRES", "CaptureError", "Decoded", "decode", "import_capture", "scenario_document", "sse_events"]
