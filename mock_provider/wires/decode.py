"""The HTTP wires read back into canonical parts: what a streamed answer means, for import and record.

The encoders (:mod:`mock_provider.wires.openai_chat`, ``anthropic``, ``openai_responses``,
``gemini``) turn parts into a wire; a decoder here turns a wire's SSE events into the same parts
model (:mod:`mock_provider.parts`), reading each field the way the AI SDK's provider packages
read it (``@ai-sdk/openai``, ``@ai-sdk/anthropic``, ``@ai-sdk/google``). What the parts model has
no place for is not dropped silently: each such event or field is named in ``unmodelled``, and a
byte-exact replay still carries it. A non-streaming (JSON) answer is read by :func:`decode_json` as
the events that would have streamed it, so both forms of one answer mean the same parts. What a
re-rendered replay needs to send the stream the same way rides along: the provider quirk of a part
(``quirks``), the stream's wire options (``options``) and each malformed event (``malformed``).

Example:
    >>> from mock_provider.sse import parse_sse
    >>> d = decode_events("openai-chat", parse_sse(
    ...     b'data: {"id":"c1","model":"m","created":0,"choices":[{"index":0,"delta":{"content":"Hi"}}]}\\n\\n'
    ...     b'data: {"id":"c1","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\\n\\ndata: [DONE]\\n\\n'))
    >>> [p.type for p in d.parts], d.unmodelled
    (['response-metadata', 'text-start', 'text-delta', 'text-end', 'finish'], [])
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from mock_provider.parts import Part, parse_part
from mock_provider.sse import SseEvent
from mock_provider.wires.decode_gemini_parts import PartReader, gemini_error, hops_summed
from mock_provider.wires.decode_responses_tools import BuiltinReader, item_meta
from mock_provider.wires.gemini_partial_args import apply as apply_partial_args
from mock_provider.wires.json_answers import JSON_EVENTS

DECODED_WIRES = ("openai-chat", "openai-responses", "anthropic", "gemini")


@dataclass
class Decoded:
    """The parts a stream means, and what in it the parts model does not hold (``wire: what``).

    ``quirks`` holds, by part index, the provider quirk a part was sent with (a ``StepWire``
    document: a refusal channel, a reused tool call index); ``options`` the stream-wide wire
    options it showed (a ``WireOptions`` document: reasoning in ``<think>`` tags). Neither
    changes what the parts mean; a re-rendered replay sends them the same way. ``malformed`` holds
    each event whose data is not a JSON object, where it came: a consumer fails on it, so a
    re-rendered replay sends it too (a ``raw_bytes`` step).
    """

    parts: list[Part] = field(default_factory=list)
    unmodelled: list[str] = field(default_factory=list)
    quirks: dict[int, dict[str, Any]] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    malformed: list[tuple[int, bytes]] = field(default_factory=list)  # (parts before it, the event's bytes)

    def add(self, data: dict[str, Any], quirk: dict[str, Any] | None = None) -> None:
        if quirk:
            self.quirks[len(self.parts)] = quirk
        self.parts.append(parse_part(data))

    def skip(self, what: str) -> None:
        if what not in self.unmodelled:
            self.unmodelled.append(what)


def _iso(seconds: Any) -> str | None:
    if not isinstance(seconds, int | float) or isinstance(seconds, bool):
        return None
    return datetime.fromtimestamp(seconds, tz=timezone.utc).isoformat().replace("+00:00", "Z")


def _metadata(d: Decoded, rid: Any, model: Any, created: Any) -> None:
    meta: dict[str, Any] = {"type": "response-metadata"}
    if isinstance(rid, str):
        meta["id"] = rid
    if isinstance(model, str):
        meta["modelId"] = model
    stamp = _iso(created)
    if stamp is not None:
        meta["timestamp"] = stamp
    d.add(meta)


def _usage(total_in: Any, total_out: Any, *, cache_read: Any = None, cache_write: Any = None,
           no_cache: Any = None, reasoning: Any = None, raw: dict[str, Any] | None = None) -> dict[str, Any]:
    def ints(**kv: Any) -> dict[str, int]:
        return {k: v for k, v in kv.items() if isinstance(v, int) and not isinstance(v, bool)}

    usage: dict[str, Any] = {"inputTokens": ints(total=total_in, noCache=no_cache, cacheRead=cache_read,
                                                 cacheWrite=cache_write),
                             "outputTokens": ints(total=total_out, reasoning=reasoning)}
    if raw is not None:
        usage["raw"] = raw
    return usage


def _finish(d: Decoded, unified: str, raw: str | None, usage: dict[str, Any] | None,
            meta: dict[str, Any] | None = None) -> None:
    reason: dict[str, Any] = {"unified": unified}
    if raw is not None:
        reason["raw"] = raw
    extra = {"providerMetadata": meta} if meta else {}
    d.add({"type": "finish", "finishReason": reason, "usage": usage or {}, **extra})


class _Blocks:
    """Open text and reasoning blocks: a delta opens its block, a boundary closes it."""

    def __init__(self, d: Decoded) -> None:
        self.d = d
        self.open: dict[str, str] = {}  # id -> "text" | "reasoning"
        self.quirk: dict[str, dict[str, Any]] = {}  # id -> the quirk its start, deltas and end carry

    def delta(self, kind: str, block_id: str, text: str, quirk: dict[str, Any] | None = None,
              whole: bool = True, meta: dict[str, Any] | None = None) -> None:
        """A delta, opening its block first; ``whole=False``: the quirk is the delta's alone; ``meta``: the
        start's provider metadata."""
        if block_id not in self.open:
            self.open[block_id] = kind
            if quirk and whole:
                self.quirk[block_id] = quirk
            extra = {"providerMetadata": meta} if meta else {}
            self.d.add({"type": f"{kind}-start", "id": block_id, **extra}, self.quirk.get(block_id))
        self.d.add({"type": f"{kind}-delta", "id": block_id, "delta": text}, quirk)

    def close(self, block_id: str | None = None) -> None:
        for bid in [block_id] if block_id is not None else list(self.open):
            kind = self.open.pop(bid, None)
            if kind is not None:
                self.d.add({"type": f"{kind}-end", "id": bid}, self.quirk.pop(bid, None))


class _Calls:
    """Streamed tool calls: start, argument fragments, then the whole call at its end."""

    def __init__(self, d: Decoded) -> None:
        self.d = d
        self.args: dict[str, list[str]] = {}
        self.names: dict[str, str] = {}
        self.provider: set[str] = set()  # calls the provider runs itself (Messages server tools)
        self.text: set[str] = set()  # calls whose input is free text (Responses custom tools)

    def start(self, call_id: str, name: str, quirk: dict[str, Any] | None = None, *, provider: bool = False,
              text: bool = False, meta: dict[str, Any] | None = None) -> None:
        self.args[call_id], self.names[call_id] = [], name
        flag: dict[str, Any] = {"providerExecuted": True} if provider else {}
        if meta:
            flag["providerMetadata"] = meta
        if provider:
            self.provider.add(call_id)
        if text:
            self.text.add(call_id)
            flag["inputEncoding"] = "text"
        self.d.add({"type": "tool-input-start", "id": call_id, "toolName": name, **flag}, quirk)

    def delta(self, call_id: str, text: str) -> None:
        if call_id in self.args and text:
            self.args[call_id].append(text)
            self.d.add({"type": "tool-input-delta", "id": call_id, "delta": text})

    def end(self, call_id: str, whole: str | None = None, empty: str = "") -> None:
        if call_id not in self.args:
            return
        text = "".join(self.args.pop(call_id))
        if whole is not None and whole != text and whole.startswith(text):
            self.d.add({"type": "tool-input-delta", "id": call_id, "delta": whole[len(text):]})
            text = whole
        self.d.add({"type": "tool-input-end", "id": call_id})
        flag = {"providerExecuted": True} if call_id in self.provider else {}
        if call_id in self.text:  # the tool-call input is JSON whatever the deltas' encoding
            text = json.dumps(text, ensure_ascii=False)
        self.d.add({"type": "tool-call", "toolCallId": call_id, "toolName": self.names[call_id],
                    "input": text or empty, **flag})

    def end_all(self) -> None:
        for call_id in list(self.args):
            self.end(call_id)


def _json(ev: SseEvent, d: Decoded, wire: str) -> dict[str, Any] | None:
    if ev.data is None:
        if ev.comments:
            d.skip(f"{wire}: SSE comment lines")
        return None
    try:
        value = json.loads(ev.data)
    except ValueError:
        d.skip(f"{wire}: a data line that is not JSON")
        d.malformed.append((len(d.parts), ev.raw))
        return None
    if not isinstance(value, dict):
        d.skip(f"{wire}: a data line that is not a JSON object")
        d.malformed.append((len(d.parts), ev.raw))
        return None
    return value


# ---------------------------------------------------------------- Chat Completions
_CHAT_FINISH = {"stop": "stop", "length": "length", "content_filter": "content-filter", "tool_calls": "tool-calls",
                "function_call": "tool-calls"}
# Chunk fields read, or that only restate the stream (`object`, `system_fingerprint`, `service_tier`).
_CHAT_CHUNK_READ = frozenset({"id", "object", "created", "model", "choices", "usage", "system_fingerprint",
                              "service_tier", "obfuscation"})
_CHAT_DELTA_READ = frozenset({"role", "content", "reasoning_content", "reasoning", "tool_calls", "refusal"})


class _Chat:
    def __init__(self, d: Decoded) -> None:
        self.d, self.blocks, self.calls = d, _Blocks(d), _Calls(d)
        self.meta = False
        self.ids: dict[int, str] = {}  # tool call index -> id
        self.reason: str | None = None
        self.usage: dict[str, Any] | None = None
        self.refused = False  # a `delta.refusal` came: `stop` then reads as content-filter, as consumers read it
        self.started = 0  # calls started so far: the index a call gets unless the provider reuses or skips one
        self.think: bool | None = None  # think-tags: None before any content, True inside `<think>`

    def event(self, ev: SseEvent) -> None:
        if ev.data == "[DONE]":
            return
        chunk = _json(ev, self.d, "openai-chat")
        if chunk is None:
            return
        if "error" in chunk:
            self.blocks.close()
            # OpenRouter's mid-stream error rides on a chunk with choices (finish_reason 'error'): a quirk.
            quirk = {"error_shape": "openrouter"} if "choices" in chunk else None
            self.d.add({"type": "error", "error": chunk["error"]}, quirk)
            return
        if not self.meta and chunk.get("id"):  # Azure's first chunk (prompt filter results) has an empty id
            self.meta = True
            _metadata(self.d, chunk.get("id"), chunk.get("model"), chunk.get("created"))
        for key in chunk.keys() - _CHAT_CHUNK_READ:
            self.d.skip(f"openai-chat: chunk.{key}")
        if isinstance(chunk.get("usage"), dict):
            self.usage = self._usage(chunk["usage"])
        for choice in chunk.get("choices") or []:
            if isinstance(choice, dict) and choice.get("index", 0) == 0:
                self._choice(choice)

    def _choice(self, choice: dict[str, Any]) -> None:
        for key in choice.keys() - {"index", "delta", "finish_reason", "logprobs"}:
            self.d.skip(f"openai-chat: choice.{key}")
        delta = choice.get("delta") or {}
        for key in delta:
            if key not in _CHAT_DELTA_READ and delta[key] is not None:
                self.d.skip(f"openai-chat: delta.{key}")
        for key in ("reasoning_content", "reasoning"):
            if isinstance(delta.get(key), str) and delta[key]:
                self.blocks.delta("reasoning", "reasoning-0", delta[key])
        chunks = delta.get("content")
        for chunk in chunks if isinstance(chunks, list) else []:
            for t in chunk.get("thinking", []):  # thinking-chunks (Mistral)
                self.blocks.delta("reasoning", "reasoning-0", t.get("text", ""))
        if isinstance(delta.get("content"), str) and delta["content"]:
            self._content(delta["content"])
        if isinstance(delta.get("refusal"), str) and delta["refusal"]:
            self.refused = True
            self.blocks.close("reasoning-0")
            self.blocks.delta("text", "txt-0", delta["refusal"], {"channel": "refusal"}, whole=False)
        for tc in delta.get("tool_calls") or []:
            self._tool_call(tc)
        if choice.get("finish_reason"):
            self.reason = choice["finish_reason"]

    def _content(self, text: str) -> None:
        """Content, with reasoning in ``<think>...</think>`` at its start read as reasoning (the
        think-tags form of open-weight models; a tag cut across two chunks reads as text)."""
        if self.think is None:
            self.think = text.startswith("<think>")
            if self.think:
                self.d.options["reasoning"] = "think-tags"
                text = text[len("<think>"):]
        if self.think:
            inside, closed, text = text.partition("</think>")
            if inside:
                self.blocks.delta("reasoning", "reasoning-0", inside)
            if not closed:
                return
            self.think = False
            self.blocks.close("reasoning-0")
            if not text:
                return
        self.blocks.close("reasoning-0")
        self.blocks.delta("text", "txt-0", text)

    def _tool_call(self, tc: dict[str, Any]) -> None:
        index = tc.get("index", 0)
        fn = tc.get("function") or {}
        if isinstance(tc.get("id"), str) and self.ids.get(index) != tc["id"]:
            if index in self.ids:  # a new call on an index already used: the earlier call is over
                self.calls.end(self.ids[index])
            self.ids[index] = tc["id"]
            quirk = {"index": index} if isinstance(index, int) and index != self.started else None
            self.started += 1
            self.calls.start(tc["id"], fn.get("name") or "", quirk)
        call_id = self.ids.get(index)
        if call_id is not None and isinstance(fn.get("arguments"), str):
            self.calls.delta(call_id, fn["arguments"])

    @staticmethod
    def _usage(u: dict[str, Any]) -> dict[str, Any]:
        details = u.get("prompt_tokens_details") or {}
        out = u.get("completion_tokens_details") or {}
        return _usage(u.get("prompt_tokens"), u.get("completion_tokens"), cache_read=details.get("cached_tokens"),
                      reasoning=out.get("reasoning_tokens"))

    def end(self) -> None:
        if any(p.type == "error" for p in self.d.parts):
            return
        self.blocks.close()
        self.calls.end_all()
        if self.reason is not None:
            unified = "content-filter" if self.refused and self.reason == "stop" else \
                _CHAT_FINISH.get(self.reason, "other")
            _finish(self.d, unified, self.reason, self.usage)


# ---------------------------------------------------------------- Anthropic Messages
_ANTHROPIC_STOP = {"end_turn": "stop", "stop_sequence": "stop", "max_tokens": "length", "tool_use": "tool-calls",
                   "refusal": "content-filter", "model_context_window_exceeded": "length"}


# Server tool result blocks -> the tool they answer (the ones anthropic_server_tools renders).
_SERVER_RESULTS = {"web_search_tool_result": "web_search", "code_execution_tool_result": "code_execution",
                   "web_fetch_tool_result": "web_fetch", "tool_search_tool_result": "tool_search_tool_regex",
                   "bash_code_execution_tool_result": "code_execution",
                   "text_editor_code_execution_tool_result": "code_execution"}
# @ai-sdk/anthropic 4.0.105 calls all three code execution blocks `code_execution`, opens the input with the
# block's kind (dist/index.js:5511-5512, :5907) and hands the bash and text editor results on as they are,
# errors without isError (:5687-5694).
_CODE_KINDS = {"code_execution": "programmatic-tool-call", "bash_code_execution": "bash_code_execution",
               "text_editor_code_execution": "text_editor_code_execution"}
_RAW_RESULTS = ("bash_code_execution_tool_result", "text_editor_code_execution_tool_result")


def _fetched(content: dict[str, Any]) -> dict[str, Any]:
    """A WebFetchBlock as @ai-sdk/anthropic 4.0.105 hands it on (camelCase retrievedAt and mediaType)."""
    doc = content.get("content") or {}
    source = doc.get("source") or {}
    return {"type": content.get("type"), "url": content.get("url"), "retrievedAt": content.get("retrieved_at"),
            "content": {"type": doc.get("type"), "title": doc.get("title"), "citations": doc.get("citations"),
                        "source": {"type": source.get("type"), "mediaType": source.get("media_type"),
                                   "data": source.get("data")}}}


def _search_result(item: Any) -> Any:
    """A WebSearchResultBlock as a result item: url, title, pageAge, encryptedContent (the defaults the
    encoder writes, an empty encrypted content and the block type, are left out)."""
    if not isinstance(item, dict):
        return item
    out: dict[str, Any] = {"url": item.get("url"), "title": item.get("title")}
    if item.get("page_age") is not None:
        out["pageAge"] = item["page_age"]
    if item.get("encrypted_content"):
        out["encryptedContent"] = item["encrypted_content"]
    return out


class _Anthropic:
    def __init__(self, d: Decoded) -> None:
        self.d, self.blocks, self.calls = d, _Blocks(d), _Calls(d)
        self.kinds: dict[int, tuple[str, str]] = {}  # content block index -> (kind, id)
        self.code_opening: dict[str, str] = {}  # code execution call id -> its kind, until its first input text
        self.input: dict[str, Any] = {}
        self.output: Any = None
        self.reason: str | None = None
        self.errored = False  # an `error` event came: the blocks it left open close at the stream's end

    def event(self, ev: SseEvent) -> None:
        data = _json(ev, self.d, "anthropic")
        if data is None:
            return
        kind = data.get("type")
        handler: Callable[[dict[str, Any]], None] | None = {
            "message_start": self._start, "content_block_start": self._block_start,
            "content_block_delta": self._block_delta, "content_block_stop": self._block_stop,
            "message_delta": self._message_delta, "message_stop": self._stop, "ping": self._ping,
            "error": self._error}.get(str(kind))
        if handler is None:
            self.d.skip(f"anthropic: event {kind}")
            return
        handler(data)

    def _start(self, data: dict[str, Any]) -> None:
        msg = data.get("message") or {}
        _metadata(self.d, msg.get("id"), msg.get("model"), None)
        self.input = dict(msg.get("usage") or {})

    def _block_start(self, data: dict[str, Any]) -> None:
        index, block = data.get("index", 0), data.get("content_block") or {}
        kind = block.get("type")
        if kind == "text":
            self.kinds[index] = ("text", str(index))
        elif kind == "thinking":
            self.kinds[index] = ("reasoning", str(index))
        elif kind == "redacted_thinking":  # @ai-sdk/anthropic: a reasoning part with no text, the data kept
            self.kinds[index] = ("reasoning", str(index))
            self.blocks.open[str(index)] = "reasoning"
            self.d.add({"type": "reasoning-start", "id": str(index),
                        "providerMetadata": {"anthropic": {"redactedData": block.get("data", "")}}})
        elif kind in ("tool_use", "server_tool_use"):
            call_id, name = block.get("id", str(index)), block.get("name", "")
            self.kinds[index] = ("tool", call_id)
            if kind == "server_tool_use" and name in _CODE_KINDS:
                self.code_opening[call_id], name = _CODE_KINDS[name], "code_execution"
            self.calls.start(call_id, name, provider=kind == "server_tool_use")
        elif isinstance(kind, str) and kind.endswith("_tool_result") and kind in _SERVER_RESULTS:
            self._server_result(kind, block)
        elif kind == "container_upload":  # @ai-sdk/anthropic 4.0.105 doGenerate: a custom part (dist/index.js:4916)
            self.d.add({"type": "custom", "kind": "anthropic.container_upload",
                        "providerMetadata": {"anthropic": {"fileId": block.get("file_id")}}})
        else:
            self.d.skip(f"anthropic: content block {kind}")

    def _server_result(self, kind: str, block: dict[str, Any]) -> None:
        """A server tool's result block, read as @ai-sdk/anthropic reads it (see anthropic_server_tools)."""
        call_id = str(block.get("tool_use_id", ""))
        content = block.get("content")
        part: dict[str, Any] = {"type": "tool-result", "toolCallId": call_id,
                                "toolName": self.calls.names.get(call_id, _SERVER_RESULTS[kind])}
        if kind in _RAW_RESULTS:
            part["result"] = {k: v for k, v in content.items() if k != "error_message"} \
                if isinstance(content, dict) else content
        elif isinstance(content, dict) and str(content.get("type", "")).endswith("_error"):
            part["result"] = {"type": content["type"], "errorCode": content.get("error_code")}
            part["isError"] = True
        elif kind == "web_search_tool_result" and isinstance(content, list):
            part["result"] = [_search_result(r) for r in content]
        elif kind == "web_fetch_tool_result" and isinstance(content, dict):
            part["result"] = _fetched(content)
        elif kind == "tool_search_tool_result" and isinstance(content, dict):
            part["result"] = [{"type": r.get("type"), "toolName": r.get("tool_name")}
                              for r in content.get("tool_references") or [] if isinstance(r, dict)]
        else:
            part["result"] = content
        self.d.add(part)

    def _block_delta(self, data: dict[str, Any]) -> None:
        kind, bid = self.kinds.get(data.get("index", 0), ("", ""))
        delta = data.get("delta") or {}
        dtype = delta.get("type")
        if dtype == "text_delta" and kind == "text":
            self.blocks.delta("text", bid, delta.get("text", ""))
        elif dtype == "thinking_delta" and kind == "reasoning":
            self.blocks.delta("reasoning", bid, delta.get("thinking", ""))
        elif dtype == "input_json_delta" and kind == "tool":
            text = delta.get("partial_json", "")
            if text and bid in self.code_opening:
                text = f'{{"type": "{self.code_opening.pop(bid)}",' + text[1:]
            self.calls.delta(bid, text)
        elif kind:
            self.d.skip(f"anthropic: {dtype}")

    def _block_stop(self, data: dict[str, Any]) -> None:
        kind, bid = self.kinds.pop(data.get("index", 0), ("", ""))
        if kind == "tool":  # no input_json_delta: the block's input, {} (as @ai-sdk/anthropic reads it)
            self.calls.end(bid, empty="{}")
        elif kind:
            self.blocks.close(bid)

    def _message_delta(self, data: dict[str, Any]) -> None:
        self.reason = (data.get("delta") or {}).get("stop_reason") or self.reason
        usage = data.get("usage") or {}
        self.output = usage.get("output_tokens", self.output)
        for key in ("input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"):
            if isinstance(usage.get(key), int):
                self.input[key] = usage[key]

    def _stop(self, data: dict[str, Any]) -> None:
        self.blocks.close()
        self.calls.end_all()
        i = self.input
        read, write, plain = (i.get("cache_read_input_tokens"), i.get("cache_creation_input_tokens"),
                              i.get("input_tokens"))
        total = sum(v for v in (plain, read, write) if isinstance(v, int)) if isinstance(plain, int) else None
        usage = _usage(total, self.output, no_cache=plain, cache_read=read, cache_write=write)
        _finish(self.d, _ANTHROPIC_STOP.get(self.reason or "", "other"), self.reason, usage)

    def _ping(self, data: dict[str, Any]) -> None:
        self.d.add({"type": "ping"})

    def _error(self, data: dict[str, Any]) -> None:
        # A block the error came inside may go on (its index's next delta): it stays open until its
        # content_block_stop or the message's end.
        self.errored = True
        self.d.add({"type": "error", "error": data.get("error")})

    def end(self) -> None:
        """A Messages stream says its end itself (``message_stop``); one that stops after an ``error`` event closes
        what the error left open."""
        if self.errored:
            self.blocks.close()


# ---------------------------------------------------------------- OpenAI Responses
_RAW_REASONING = {"response.reasoning_text.delta": "reasoning_text",  # the older API's (openai 1.97.0):
                  "response.reasoning.delta": "reasoning_legacy"}
_RESPONSES_IGNORED = frozenset({  # they restate what came before
    "response.in_progress", "response.queued", "response.content_part.added", "response.content_part.done",
    "response.output_text.done", "response.function_call_arguments.done", "response.refusal.done",
    "response.custom_tool_call_input.done", "response.reasoning_summary_part.added", "response.reasoning.done",
    "response.reasoning_summary_part.done", "response.reasoning_summary_text.done"})


class _Responses:
    def __init__(self, d: Decoded) -> None:
        self.d, self.blocks, self.calls = d, _Blocks(d), _Calls(d)
        self.items: dict[str, dict[str, Any]] = {}  # item id -> item
        self.saw_call = False
        self.refused = False
        self.failed = False  # an `error` event came: a `response.failed` after it restates that failure
        self.tools = BuiltinReader(d.add)  # built-in tool items (web search, code interpreter, MCP ...)
        self.reasoned: set[str] = set()  # reasoning items that had text

    def event(self, ev: SseEvent) -> None:
        data = _json(ev, self.d, "openai-responses")
        if data is None:
            return
        kind = str(data.get("type"))
        if self.tools.event(kind, data):
            return
        handler: Callable[[dict[str, Any]], None] | None = {
            "response.created": self._created, "response.output_item.added": self._added,
            "response.output_text.delta": self._text, "response.refusal.delta": self._refusal,
            **dict.fromkeys(("response.reasoning_summary_text.delta", *_RAW_REASONING), self._reasoning),
            "response.function_call_arguments.delta": self._arguments, "response.output_item.done": self._done,
            "response.custom_tool_call_input.delta": self._arguments,
            "response.completed": self._completed, "response.incomplete": self._completed,
            "response.failed": self._failed, "error": self._error}.get(kind)
        if handler is not None:
            handler(data)
        elif kind not in _RESPONSES_IGNORED:
            self.d.skip(f"openai-responses: event {kind}")

    def _created(self, data: dict[str, Any]) -> None:
        r = data.get("response") or {}
        _metadata(self.d, r.get("id"), r.get("model"), r.get("created_at"))

    def _added(self, data: dict[str, Any]) -> None:
        item = data.get("item") or {}
        self.items[str(item.get("id"))] = item
        output_index = data.get("output_index")
        if self.tools.added(item, output_index if isinstance(output_index, int) else -1):
            return
        if item.get("type") in ("function_call", "custom_tool_call"):
            self.saw_call = True
            self.calls.start(str(item.get("call_id") or item.get("id")), str(item.get("name", "")),
                             text=item.get("type") == "custom_tool_call", meta=item_meta(item.get("id")))
        elif item.get("type") not in ("message", "reasoning"):
            self.d.skip(f"openai-responses: output item {item.get('type')}")

    def _text(self, data: dict[str, Any]) -> None:
        self.blocks.delta("text", str(data.get("item_id")), str(data.get("delta", "")),
                          meta=item_meta(data.get("item_id")))

    def _refusal(self, data: dict[str, Any]) -> None:
        self.refused = True  # read as the text of a content-filter finish, as the AI SDK reads it
        self.blocks.delta("text", str(data.get("item_id")), str(data.get("delta", "")), {"channel": "refusal"},
                          meta=item_meta(data.get("item_id")))

    def _reasoning(self, data: dict[str, Any]) -> None:
        channel = _RAW_REASONING.get(str(data.get("type")))
        self.reasoned.add(str(data.get("item_id")))
        self.blocks.delta("reasoning", str(data.get("item_id")), str(data.get("delta", "")),
                          {"channel": channel} if channel else None, meta=item_meta(data.get("item_id")))

    def _arguments(self, data: dict[str, Any]) -> None:
        item = self.items.get(str(data.get("item_id"))) or {}
        self.calls.delta(str(item.get("call_id") or data.get("item_id")), str(data.get("delta", "")))

    def _done(self, data: dict[str, Any]) -> None:
        item = data.get("item") or {}
        if self.tools.done(item):
            return
        if item.get("type") == "function_call":
            args = item.get("arguments")
            self.calls.end(str(item.get("call_id") or item.get("id")), args if isinstance(args, str) else None)
        elif item.get("type") == "custom_tool_call":
            text = item.get("input")
            self.calls.end(str(item.get("call_id") or item.get("id")), text if isinstance(text, str) else None)
        elif item.get("type") == "reasoning" and item.get("id") not in self.reasoned:
            # A reasoning item with no text (encrypted or redacted reasoning) is still an item: @ai-sdk/openai
            # 4.0.118 makes it a reasoning block and sends its id back as an item_reference.
            self.d.add({"type": "reasoning-start", "id": str(item.get("id")),
                        **({"providerMetadata": m} if (m := item_meta(item.get("id"))) else {})})
            self.d.add({"type": "reasoning-end", "id": str(item.get("id"))})
        else:
            self.blocks.close(str(item.get("id")))

    def _completed(self, data: dict[str, Any]) -> None:
        self.blocks.close()
        self.calls.end_all()
        r = data.get("response") or {}
        u = r.get("usage") or {}
        usage = _usage(u.get("input_tokens"), u.get("output_tokens"),
                       cache_read=(u.get("input_tokens_details") or {}).get("cached_tokens"),
                       reasoning=(u.get("output_tokens_details") or {}).get("reasoning_tokens")) if u else None
        incomplete = (r.get("incomplete_details") or {}).get("reason")
        if incomplete is not None:
            unified = "length" if incomplete == "max_output_tokens" else (
                "content-filter" if incomplete == "content_filter" else "other")
            _finish(self.d, unified, incomplete, usage)
        else:
            called = self.saw_call or self.tools.saw_call
            unified = "tool-calls" if called else "content-filter" if self.refused else "stop"
            _finish(self.d, unified, None, usage)

    def _failed(self, data: dict[str, Any]) -> None:
        self.blocks.close()
        if self.failed:
            return
        self.failed = True
        error = (data.get("response") or {}).get("error")
        self.d.add({"type": "error", "error": error if error is not None else {"message": "response.failed"}})

    def _error(self, data: dict[str, Any]) -> None:
        # An item the error came inside may go on (@ai-sdk/openai 4.0.118 passes the error on and keeps reading):
        # its block stays open until its item is done or the response ends.
        self.failed = True
        self.d.add({"type": "error", "error": {k: v for k, v in data.items() if k not in ("type", "sequence_number")}})

    def end(self) -> None:
        """A Responses stream says its end itself (``response.completed``); one that stops after an ``error``
        event closes what the error left open."""
        if self.failed:
            self.blocks.close()


# ---------------------------------------------------------------- Gemini
_GEMINI_FINISH = {"STOP": "stop", "MAX_TOKENS": "length", "SAFETY": "content-filter", "RECITATION": "content-filter",
                  "BLOCKLIST": "content-filter", "PROHIBITED_CONTENT": "content-filter", "SPII": "content-filter",
                  "IMAGE_SAFETY": "content-filter", "MALFORMED_FUNCTION_CALL": "error", "CONTINUATION": "length"}


class _Gemini:
    def __init__(self, d: Decoded) -> None:
        self.d, self.blocks, self.calls = d, _Blocks(d), _Calls(d)
        self.meta = False
        self.n_calls = 0
        self.streaming: tuple[str, str, dict[str, Any]] | None = None  # a partialArgs call still open
        self.blocked = False  # promptFeedback.blockReason: the prompt was refused
        self.reason: str | None = None
        self.usage: dict[str, Any] | None = None
        # Long decode: the usage of the hops a CONTINUATION ended, which the next hop's usage adds to (the
        # events of a continued call's responses are read as one stream, as @ai-sdk/google reads them).
        self.carried: dict[str, Any] | None = None
        self.hop_usage: dict[str, Any] | None = None
        self.server = PartReader(d.add)  # server-side calls, their responses, generated files

    def event(self, ev: SseEvent) -> None:
        chunk = _json(ev, self.d, "gemini")
        if chunk is None:
            return
        if "error" in chunk:
            self.blocks.close()
            self.d.add({"type": "error", "error": gemini_error(chunk["error"])})
            return
        if not self.meta:
            self.meta = True
            _metadata(self.d, chunk.get("responseId"), chunk.get("modelVersion"), None)
        if isinstance(chunk.get("usageMetadata"), dict):
            u = hops_summed(self.carried, chunk["usageMetadata"])
            self.hop_usage = u
            out = (u.get("candidatesTokenCount") or 0) + (u.get("thoughtsTokenCount") or 0)
            self.usage = _usage(u.get("promptTokenCount"), out if "candidatesTokenCount" in u else None,
                                cache_read=u.get("cachedContentTokenCount"), reasoning=u.get("thoughtsTokenCount"))
        block = (chunk.get("promptFeedback") or {}).get("blockReason")
        if block and block not in ("BLOCK_REASON_UNSPECIFIED", "BLOCKED_REASON_UNSPECIFIED") and not self.blocked:
            self.reason, self.blocked = str(block), True  # no candidate is read after a confirmed block
        if self.blocked:
            return
        for cand in chunk.get("candidates") or []:
            if isinstance(cand, dict) and cand.get("index", 0) == 0:
                self._candidate(cand)

    def _candidate(self, cand: dict[str, Any]) -> None:
        for part in (cand.get("content") or {}).get("parts") or []:
            self._part(part)
        if cand.get("finishReason"):
            self.reason = cand["finishReason"]
        if cand.get("finishReason") == "CONTINUATION":
            self.carried, self.hop_usage = self.hop_usage, None

    def _function_call(self, fc: dict[str, Any]) -> None:
        """A whole call, or a piece of a streamed one (``partialArgs``/``willContinue``, read as
        ``@ai-sdk/google`` 4.0.121 does: a name with ``willContinue`` opens it, an empty ``functionCall``
        or one whose call and entries all stop continuing ends it)."""
        partial = fc.get("partialArgs")
        if partial is not None or (fc.get("name") is not None and fc.get("willContinue") is True):
            if fc.get("name") is not None:
                self.blocks.close()
                self.streaming = (fc.get("id") or f"call-{self.n_calls}", str(fc["name"]), {})
                self.n_calls += 1
                self.calls.start(self.streaming[0], self.streaming[1])
            if self.streaming is not None and isinstance(partial, list):
                apply_partial_args(self.streaming[2], partial)
                if fc.get("willContinue") is not True and all(
                        not (isinstance(a, dict) and a.get("willContinue") is True) for a in partial):
                    self._end_streamed()
            return
        if not any(fc.get(k) is not None for k in ("name", "args", "willContinue")):
            self._end_streamed()  # the empty functionCall that ends a streamed call
            return
        self.blocks.close()
        call_id = fc.get("id") or f"call-{self.n_calls}"
        self.n_calls += 1
        args = json.dumps(fc.get("args") or {}, ensure_ascii=False, separators=(",", ":"))
        self.calls.start(call_id, str(fc.get("name", "")))
        self.calls.delta(call_id, args)
        self.calls.end(call_id)

    def _end_streamed(self) -> None:
        if self.streaming is None:
            return
        call_id, _, args = self.streaming
        self.streaming = None
        self.blocks.close()
        self.calls.delta(call_id, json.dumps(args, ensure_ascii=False, separators=(",", ":")))
        self.calls.end(call_id)

    def _part(self, part: dict[str, Any]) -> None:
        if isinstance(part.get("functionCall"), dict):
            self._function_call(part["functionCall"])
        elif PartReader.reads(part):
            self.blocks.close()  # a server-side call, its response or a file ends the block before it
            self.server.part(part)
        elif isinstance(part.get("text"), str):
            kind = "reasoning" if part.get("thought") else "text"
            other = "text" if kind == "reasoning" else "reasoning"
            self.blocks.close(f"{other}-0")
            if part["text"]:
                self.blocks.delta(kind, f"{kind}-0", part["text"])
        for key in part:
            if key not in ("text", "thought", "functionCall", "toolCall", "toolResponse", "inlineData"):
                self.d.skip(f"gemini: part.{key}")

    def end(self) -> None:
        if any(p.type == "error" for p in self.d.parts):
            return
        self.blocks.close()
        if self.reason is not None:
            unified = "content-filter" if self.blocked else _GEMINI_FINISH.get(self.reason, "other")
            if unified == "stop" and self.n_calls:
                unified = "tool-calls"
            # A blocked prompt: @ai-sdk/google keeps the feedback in the finish's provider metadata.
            _finish(self.d, unified, self.reason, self.usage,
                    {"google": {"promptFeedback": {"blockReason": self.reason}}} if self.blocked else None)


_DECODERS: dict[str, Callable[[Decoded], Any]] = {
    "openai-chat": _Chat, "anthropic": _Anthropic, "openai-responses": _Responses, "gemini": _Gemini}


def decode_events(wire: str, events: Iterable[SseEvent], *, complete: bool = True) -> Decoded:
    """The canonical parts a streamed answer of ``wire`` carries, and what the parts do not hold.

    ``complete=False`` reads a body cut short (a dropped connection, a stall the client left): what
    was open stays open and no finish is made up, as a consumer saw it.

    >>> from mock_provider.sse import parse_sse
    >>> decode_events("anthropic", parse_sse(b'event: ping\\ndata: {"type":"ping"}\\n\\n')).parts[0].type
    'ping'
    >>> decode_events("v3", [])
    Traceback (most recent call last):
    ...
    ValueError: no decoder for wire 'v3'; known: openai-chat, openai-responses, anthropic, gemini
    """
    if wire not in _DECODERS:
        raise ValueError(f"no decoder for wire {wire!r}; known: {', '.join(DECODED_WIRES)}")
    d = Decoded()
    decoder = _DECODERS[wire](d)
    for ev in events:
        decoder.event(ev)
    if complete:
        decoder.end()
    return d


def decode_json(wire: str, body: Any) -> Decoded:
    """The canonical parts a non-streaming (JSON) answer of ``wire`` carries: the answer is read as the
    events that would have streamed it, so both forms mean the same parts.

    >>> d = decode_json("openai-chat", {"id": "c", "model": "m", "created": 0, "choices": [{"index": 0,
    ...     "message": {"role": "assistant", "content": "Hi"}, "finish_reason": "stop"}]})
    >>> [p.type for p in d.parts]
    ['response-metadata', 'text-start', 'text-delta', 'text-end', 'finish']
    """
    if wire not in JSON_EVENTS:
        raise ValueError(f"no decoder for wire {wire!r}; known: {', '.join(DECODED_WIRES)}")
    if not isinstance(body, dict):
        d = Decoded()
        d.skip(f"{wire}: an answer that is not a JSON object")
        return d
    return decode_events(wire, JSON_EVENTS[wire](body))


__all__ = ["DECODED_WIRES", "Decoded", "decode_events", "decode_json"]
