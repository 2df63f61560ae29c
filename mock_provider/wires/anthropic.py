"""The ``anthropic`` wire dialect: Anthropic Messages streaming (``@anthropic-ai/sdk`` 1.12.0 event types).

Canonical parts become Messages events (spec-reference 6.3), each sent as ``event: <type>`` +
``data: <json>`` (the Anthropic SDK skips frames without an ``event:`` line), or one Message
JSON body when the request does not stream. Text, reasoning and tool inputs are content
blocks numbered in order of opening: ``content_block_start`` / ``*_delta`` /
``content_block_stop``. ``message_start`` opens the stream (with the input usage of the
script's finish), ``message_delta`` + ``message_stop`` end it. What Messages cannot say (files,
sources outside citations, approvals, custom and raw parts) raises
:class:`~mock_provider.dialects.DialectError`; :data:`RULES` lists every case.

Blocks go out as the script orders its parts; where that is a stream the API never sends (interleaved blocks,
input text no JSON object), :mod:`mock_provider.wires.anthropic_contract` says so (robustness rows only).

A provider-executed call is a ``server_tool_use`` block and its result the tool's result block
(:mod:`mock_provider.wires.anthropic_server_tools`).

Example:
    >>> from mock_provider.parts import parse_part
    >>> enc = Encoder("x.y.001", model="claude", message_id="msg_1")
    >>> [e["type"] for e in enc.encode(parse_part({"type": "text-start", "id": "0"}))]
    ['message_start', 'content_block_start']
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from mock_provider.dialects.base import (
    DialectError,
    Rule,
    agent_part_rules,
    envelope_error_body,
    fail,
    role_turns,
    without_interrupted,
)
from mock_provider.parts import (
    Custom,
    Error,
    Finish,
    Part,
    Ping,
    ReasoningDelta,
    ReasoningEnd,
    ReasoningStart,
    ResponseMetadata,
    TextDelta,
    TextEnd,
    TextStart,
    ToolCall,
    ToolInputDelta,
    ToolInputEnd,
    ToolInputStart,
    ToolResult,
    Usage,
)
from mock_provider.scenario import Scenario, StepWire
from mock_provider.wires.anthropic_contract import outside_contract, unnamed_raw_bytes
from mock_provider.wires.anthropic_server_tools import (
    CODE_BLOCKS,
    CODE_FORM,
    SERVER_TOOL_NAMES,
    UPLOAD_RULE,
    code_execution_kinds,
    code_prefix,
    result_block,
    server_tool_usage,
    upload_block,
)
from mock_provider.wires.frames import Comment, WirePlan, sse_frame
from mock_provider.wires.plan import (
    HttpDialect,
    apply_step_faults,
    encode_steps,
    error_fields,
    first_finish,
    first_metadata,
    http_headers,
    json_plan,
    quirks_of,
    refuse_quirks,
    scenario_hash,
    with_keepalives,
)

NAME = "anthropic"

# Canonical unified reason -> Messages `stop_reason` (spec-reference 6.7).
STOP_REASONS = {"stop": "end_turn", "length": "max_tokens", "tool-calls": "tool_use", "content-filter": "refusal"}
# How `@ai-sdk/anthropic` reads a stop_reason (6.5): a raw value that maps back to the same
# unified reason is sent as is (e.g. 'stop_sequence'), which keeps the raw value too.
_CONSUMER_MAP = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "pause_turn": "stop",
    "tool_use": "tool-calls",
    "max_tokens": "length",
    "model_context_window_exceeded": "length",
    "refusal": "content-filter",
}

RULES: dict[str, Rule] = {
    "stream-start": Rule("dropped", "no event: Messages has no stream-start (warnings have no wire form)"),
    "response-metadata": Rule(
        "mapped",
        "`message_start.message{id, model}`; `plan` applies the script's first response-metadata, "
        "since message_start opens the stream",
        error_when="it changes id/model after message_start was sent",
    ),
    "text-start": Rule("mapped", "`content_block_start{index, content_block:{type:'text', text:''}}`"),
    "text-delta": Rule("mapped", "`content_block_delta{delta:{type:'text_delta', text}}` (opens a block if none)"),
    "text-end": Rule(
        "mapped",
        "`content_block_stop{index}`",
        error_when="a citation whose source is neither a url nor a document (see `citation`); before the stop, "
        "each citation is a `citations_delta{citation}` (@ai-sdk/anthropic 4.0.105 collects them on the text "
        "block and ends it with them): a url source as `web_search_result_location{url, title, cited_text, "
        "encrypted_index:''}`, a document source as `char_location{document_index:0, document_title, "
        "start_char_index, end_char_index, cited_text}` (anthropic 2.14.0 citations_delta.py)",
    ),
    "reasoning-start": Rule(
        "mapped",
        "`thinking` block (`redacted_thinking{data}` when providerMetadata.anthropic.redactedData is set)",
    ),
    "reasoning-delta": Rule(
        "mapped",
        "`thinking_delta{thinking}`; providerMetadata.anthropic.signature adds a `signature_delta`",
        error_when="non-empty text into a redacted_thinking block",
    ),
    "reasoning-end": Rule(
        "mapped", "`signature_delta` when providerMetadata.anthropic.signature is set, then `content_block_stop`"
    ),
    "tool-input-start": Rule(
        "mapped",
        "`tool_use` block `{type:'tool_use', id, name, input:{}}`; `providerExecuted` true: a "
        "`server_tool_use` block `{type:'server_tool_use', id, name, input:{}}` (anthropic 2.14.0 "
        "server_tool_use_block.py; @ai-sdk/anthropic 4.0.105 reads it as a provider-executed call)",
        error_when="a provider-executed tool whose name is not one of ServerToolUseBlock's (web_search, "
        "web_fetch, code_execution, bash_code_execution, text_editor_code_execution, tool_search_tool_regex, "
        "tool_search_tool_bm25); a code_execution call whose input does not open with its kind "
        "`{\"type\": \"<kind>\",` (the block's name comes from it); `inputEncoding: 'text'`; "
        "a non-streaming Message whose call never completes (tool_use blocks in a "
        "Message are complete)",
    ),
    "tool-input-delta": Rule(
        "mapped", "`input_json_delta{partial_json}`", error_when="no open tool_use block has that id"
    ),
    "tool-input-end": Rule(
        "mapped",
        "`content_block_stop`",
        error_when="the script runs to its end without the call's tool-call part (content_block_stop "
        "completes the call for every consumer)",
    ),
    "tool-call": Rule(
        "mapped",
        "a call never started: tool_use start + one `input_json_delta` with the whole input + stop; a call "
        "still open: the missing input tail (if `input` extends the fragments) + stop; a closed call: nothing",
        error_when="`providerExecuted` is true and the name is not a server tool's (see tool-input-start); the "
        "input is '' or JSON but not an object (`null`, a list: ToolUseBlock.input is `Dict[str, object]`, anthropic "
        "2.14.0 types/tool_use_block.py:21; other text that is no JSON is played, as robustness; '' is `{}`'s form)",
    ),
    "tool-result": Rule(
        "mapped",
        "the result block of a server call, started and stopped at once: web_search -> "
        "`web_search_tool_result{tool_use_id, content:[{type:'web_search_result', url, title, page_age, "
        "encrypted_content}]}` (isError: `content:{type:'web_search_tool_result_error', error_code}`); "
        "code_execution -> `code_execution_tool_result{tool_use_id, content:{type:'code_execution_result', "
        "stdout, stderr, return_code, content}}`; web_fetch -> `web_fetch_tool_result{tool_use_id, content:"
        "{type:'web_fetch_result', url, retrieved_at, content:{type:'document', source:{type:'text', media_type, "
        "data}, title, citations}}}` (isError: `web_fetch_tool_result_error{error_code}`); tool_search_tool_regex/"
        "bm25 -> `tool_search_tool_result{tool_use_id, content:{type:'tool_search_tool_search_result', "
        "tool_references:[{type:'tool_reference', tool_name}]}}` (isError: `tool_search_tool_result_error"
        "{error_code}`); the finish's usage counts searches in "
        "`server_tool_use{web_search_requests, web_fetch_requests}` (server_tool_usage.py). @ai-sdk/anthropic "
        "4.0.105 hands a search result on with `encryptedContent` and `type` added and a url `source` part per "
        "result. A code_execution call (@ai-sdk/anthropic's name for all three code blocks, its input opened "
        "with `{\"type\": \"<kind>\",`) is the kind's block: programmatic-tool-call -> `code_execution`, whose "
        "result is the whole CodeExecutionResultBlock (isError: `code_execution_tool_result_error{error_code}`); "
        "bash_code_execution / text_editor_code_execution -> `bash_code_execution_tool_result` / "
        "`text_editor_code_execution_tool_result` whose content is the result as given (the SDK hands it on raw, "
        "an error object too, never with isError)",
        error_when="the call is not a server call of this response; a result with fields the block has no "
        "place for; isError on a code_execution result that is not the error object, or on a bash or text "
        "editor result",
    ),
    "tool-approval-request": Rule("error", "Messages has no approvals"),
    "file": Rule("error", "Messages streams no files"),
    "reasoning-file": Rule("error", "Messages streams no files"),
    "source": Rule("error", "Messages has sources only as citations (not implemented)"),
    "custom": Rule("mapped", UPLOAD_RULE, error_when="any other kind (Messages has no other custom blocks)"),
    "finish": Rule(
        "mapped",
        "`message_delta{delta:{stop_reason, stop_sequence:null}, usage:{input_tokens, cache_*, output_tokens}}` "
        "(the input and cache counts repeated from message_start, as the live API sends them; quirk "
        "`delta_usage: output-only` leaves them out) + `message_stop`: "
        "stop->end_turn, length->max_tokens, tool-calls->tool_use, content-filter->refusal (a raw value "
        "that @ai-sdk/anthropic maps to the same reason is kept), other/unknown->null (read as 'other'); "
        "message_start carries input_tokens=noCache (else total-cacheRead-cacheWrite), "
        "cache_read_input_tokens=cacheRead, cache_creation_input_tokens=cacheWrite; output.reasoning is "
        "`usage.output_tokens_details.thinking_tokens` (anthropic 2.14.0 output_tokens_details.py; "
        "@ai-sdk/anthropic 4.0.105 reads it as reasoning tokens); providerMetadata.anthropic.stopDetails "
        "`{type:'refusal', category?, explanation?}` is `delta.stop_details` (raw_message_delta_event.py, "
        "refusal_stop_details.py); unified 'error' after an error event ends the stream with no "
        "message_delta/message_stop",
        error_when="`usage` is null or all-undefined (Messages always reports usage); unified 'error' with no "
        "error event before it; unified 'interrupted' (V4's word for a stream cut before message_stop)",
    ),
    "raw": Rule("error", "a raw part mirrors a provider event; it has no wire form of its own"),
    "error": Rule(
        "mapped",
        "`event: error` `{type:'error', error:{type: error.type or 'api_error', message}}` (+ `code` if given; "
        "@ai-sdk/anthropic drops it)",
        error_when="the response does not stream",
    ),
    "ping": Rule("mapped", "`event: ping` `{type:'ping'}`"),
    **agent_part_rules(),
}
# raw_part steps (part types no spec defines) have no wire form either: an unknown event type
# would turn into an error part in @ai-sdk/anthropic (6.5), which is not what the script says.
UNKNOWN_PART_RULE = Rule("error", "an unknown part type has no Messages form")


def _anthropic(meta: dict[str, dict[str, Any]] | None) -> dict[str, Any]:
    return (meta or {}).get("anthropic") or {}


def input_usage(usage: Usage | None) -> dict[str, int]:
    """The ``message_start`` usage for the script's finish usage (no finish: zero input tokens).

    >>> from mock_provider.parts import Usage
    >>> input_usage(Usage.model_validate({"inputTokens": {"total": 1200, "cacheRead": 900, "cacheWrite": 100}}))
    {'input_tokens': 200, 'output_tokens': 0, 'cache_creation_input_tokens': 100, 'cache_read_input_tokens': 900}
    """
    inp = usage.input_tokens if usage is not None else None
    tokens = 0
    if inp is not None:
        if inp.no_cache is not None:
            tokens = inp.no_cache
        elif inp.total is not None:
            tokens = max(inp.total - (inp.cache_read or 0) - (inp.cache_write or 0), 0)
    out = {"input_tokens": tokens, "output_tokens": 0}
    if inp is not None and inp.cache_write is not None:
        out["cache_creation_input_tokens"] = inp.cache_write
    if inp is not None and inp.cache_read is not None:
        out["cache_read_input_tokens"] = inp.cache_read
    return out


def output_tokens(usage: Usage) -> int | None:
    """``output_tokens`` of a canonical usage (None: not reported)."""
    return usage.output_tokens.wire_total()


def stop_details(part: Finish) -> dict[str, Any] | None:
    """``stop_details`` of a finish: providerMetadata.anthropic.stopDetails (the AI SDK's camelCase, as
    @ai-sdk/anthropic 4.0.105 ``mapAnthropicStopDetails`` hands it on) in the API's snake_case.

    >>> from mock_provider.parts import parse_part
    >>> stop_details(parse_part({"type": "finish", "finishReason": {"unified": "content-filter"},
    ...     "providerMetadata": {"anthropic": {"stopDetails": {"type": "refusal", "category": "cyber"}}}}))
    {'type': 'refusal', 'category': 'cyber', 'explanation': None}
    """
    given = _anthropic(part.provider_metadata).get("stopDetails")
    if not isinstance(given, dict):
        return None
    return {"type": given.get("type", "refusal"), "category": given.get("category"),
            "explanation": given.get("explanation")}


def _reports_input(usage: Usage) -> bool:
    inp = usage.input_tokens
    return any(v is not None for v in (inp.total, inp.no_cache, inp.cache_read, inp.cache_write))


class Encoder:
    """Stateful Messages encoder for one stream: canonical part -> event dicts (``type`` = event name).

    ``usage`` is the script's finish usage: ``message_start`` comes first on the wire but
    carries the input token counts.

    >>> from mock_provider.parts import parse_part
    >>> Encoder("x.y.001").encode(parse_part({"type": "ping"}))
    [{'type': 'ping'}]
    """

    def __init__(
        self,
        scenario_id: str,
        *,
        model: str = "mock-model",
        message_id: str | None = None,
        usage: Usage | None = None,
        service_tier: str | None = None,
        code_kinds: Mapping[str, str | None] | None = None,
    ) -> None:
        self.scenario_id = scenario_id
        # Provider-executed code_execution call id -> the kind its input opens with (code_execution_kinds).
        self.code_kinds = dict(code_kinds or {})
        self.code_pending: set[str] = set()  # code execution calls whose input has not reached the wire yet
        self.service_tier = service_tier  # usage.service_tier (the finish's providerMetadata.anthropic.serviceTier)
        self.model = model
        self.message_id = message_id or f"msg_{scenario_hash(scenario_id)}"
        self.usage = usage
        self.started = False  # message_start was sent
        self.error_sent = False
        self.output_only_usage = False  # quirk delta_usage: output-only
        self.next_index = 0
        self.open: dict[tuple[str, str], int] = {}  # (block kind, part id) -> index of an open block
        self.redacted: set[int] = set()
        self.tool_args: dict[str, str] = {}  # call id -> input text sent so far (open or closed)
        self.completed: set[str] = set()  # call ids a tool-call part completed
        self.server_calls: dict[str, str] = {}  # provider-executed call id -> server tool name

    def _fail(self, part_type: str, reason: str) -> DialectError:
        return fail(part_type, NAME, self.scenario_id, reason)

    def _message_start(self) -> list[dict[str, Any]]:
        if self.started:
            return []
        self.started = True
        return [{
            "type": "message_start",
            "message": {
                "id": self.message_id,
                "type": "message",
                "role": "assistant",
                "model": self.model,
                "content": [],
                "stop_reason": None,
                "stop_sequence": None,
                "usage": {**input_usage(self.usage),
                          **({"service_tier": self.service_tier} if self.service_tier else {})},
            },
        }]

    def _start(self, kind: str, part_id: str, block: dict[str, Any]) -> list[dict[str, Any]]:
        out = self._message_start()
        index = self.next_index
        self.next_index += 1
        self.open[(kind, part_id)] = index
        out.append({"type": "content_block_start", "index": index, "content_block": block})
        return out

    def _citation(self, given: dict[str, Any]) -> dict[str, Any]:
        source = given.get("source") or {}
        kind = source.get("sourceType", source.get("source_type"))
        cited = given.get("cited_text") or ""
        if kind == "url" and source.get("url"):
            return {"type": "web_search_result_location", "url": source["url"], "title": source.get("title"),
                    "cited_text": cited, "encrypted_index": ""}
        if kind == "document":
            return {"type": "char_location", "document_index": 0, "document_title": source.get("title"),
                    "start_char_index": given.get("start_index") or 0, "end_char_index": given.get("end_index") or 0,
                    "cited_text": cited}
        raise self._fail("text-end", f"a citation of a {kind!r} source has no Messages location")

    def _stop(self, kind: str, part_id: str) -> list[dict[str, Any]]:
        index = self.open.pop((kind, part_id), None)
        return [] if index is None else [{"type": "content_block_stop", "index": index}]

    @staticmethod
    def _delta(index: int, delta: dict[str, Any]) -> dict[str, Any]:
        return {"type": "content_block_delta", "index": index, "delta": delta}

    def encode(self, part: Part) -> list[dict[str, Any]]:
        """Encode one canonical part into zero or more Messages events."""
        rule = RULES[part.type]
        if rule.action == "error":
            raise self._fail(part.type, rule.note)
        if isinstance(part, ResponseMetadata):
            return self._metadata(part)
        if isinstance(part, TextStart):
            return self._start("text", part.id, {"type": "text", "text": ""})
        if isinstance(part, TextDelta):
            out = [] if ("text", part.id) in self.open else self._start("text", part.id, {"type": "text", "text": ""})
            return [*out, self._delta(self.open[("text", part.id)], {"type": "text_delta", "text": part.delta})]
        if isinstance(part, TextEnd):
            index = self.open.get(("text", part.id))
            cited = [] if index is None else [self._delta(index, {"type": "citations_delta",
                                                                  "citation": self._citation(c.model_dump())})
                                              for c in part.citations or []]
            return [*cited, *self._stop("text", part.id)]
        if isinstance(part, ReasoningStart | ReasoningDelta | ReasoningEnd):
            return self._reasoning(part)
        if isinstance(part, ToolInputStart):
            if part.input_encoding == "text":
                raise self._fail(part.type, "a tool_use block's input is a JSON object: Messages has no free-text "
                                 "(custom tool) input")
            self.tool_args[part.id] = ""
            return self._start("tool", part.id, self._call_block(part, part.id, bool(part.provider_executed)))
        if isinstance(part, ToolInputDelta):
            index = self.open.get(("tool", part.id))
            if index is None:
                raise self._fail(part.type, f"no open tool_use block for call {part.id!r}")
            self.tool_args[part.id] += part.delta
            return [self._delta(index, {"type": "input_json_delta", "partial_json": self._wire_input(part)})]
        if isinstance(part, ToolInputEnd):
            return self._stop("tool", part.id)
        if isinstance(part, ToolCall):
            return self._tool_call(part)
        if isinstance(part, ToolResult):
            return self._tool_result(part)
        if isinstance(part, Finish):
            return self._finish(part)
        if isinstance(part, Error):
            message, kind, code = error_fields(part.error)
            error: dict[str, Any] = {"type": kind or "api_error", "message": message}
            if code is not None:
                error["code"] = code
            self.error_sent = True
            return [{"type": "error", "error": error}]
        if isinstance(part, Ping):
            return [{"type": "ping"}]
        if isinstance(part, Custom):
            return self._upload(part)
        return []  # stream-start (RULES action 'dropped')

    def _upload(self, part: Custom) -> list[dict[str, Any]]:
        block = upload_block(part)
        if isinstance(block, str):
            raise self._fail(part.type, block)
        key = ("upload", str(self.next_index))
        return self._start(*key, block) + self._stop(*key)

    def _metadata(self, part: ResponseMetadata) -> list[dict[str, Any]]:
        new_id = part.id or self.message_id
        new_model = part.model_id or self.model
        if self.started and (new_id, new_model) != (self.message_id, self.model):
            raise self._fail(part.type, "Messages states id and model once, in message_start")
        self.message_id, self.model = new_id, new_model
        return []

    def _reasoning(self, part: ReasoningStart | ReasoningDelta | ReasoningEnd) -> list[dict[str, Any]]:
        meta = _anthropic(part.provider_metadata)
        key = ("reasoning", part.id)
        out: list[dict[str, Any]] = []
        if isinstance(part, ReasoningStart):
            if isinstance(meta.get("redactedData"), str):
                out = self._start(*key, {"type": "redacted_thinking", "data": meta["redactedData"]})
                self.redacted.add(self.open[key])
                return out
            return self._start(*key, {"type": "thinking", "thinking": ""})
        if isinstance(part, ReasoningEnd) and key not in self.open:
            return []
        if key not in self.open:
            out = self._start(*key, {"type": "thinking", "thinking": ""})
        index = self.open[key]
        if isinstance(part, ReasoningDelta) and part.delta:
            if index in self.redacted:
                raise self._fail(part.type, "a redacted_thinking block carries no text")
            out.append(self._delta(index, {"type": "thinking_delta", "thinking": part.delta}))
        if isinstance(meta.get("signature"), str):
            out.append(self._delta(index, {"type": "signature_delta", "signature": meta["signature"]}))
        if isinstance(part, ReasoningEnd):
            out.extend(self._stop(*key))
        return out

    def _call_block(self, part: ToolInputStart | ToolCall, call_id: str, server: bool) -> dict[str, Any]:
        """The start block of a call: ``tool_use``, or ``server_tool_use`` for a provider-executed one."""
        if not server:
            return {"type": "tool_use", "id": call_id, "name": part.tool_name, "input": {}}
        if part.tool_name not in SERVER_TOOL_NAMES:
            raise self._fail(part.type, f"{part.tool_name!r} is not a Messages server tool (ServerToolUseBlock.name "
                             f"is one of {', '.join(sorted(SERVER_TOOL_NAMES))})")
        name = part.tool_name
        if name == "code_execution":
            kind = self.code_kinds.get(call_id)
            if kind is None:
                raise self._fail(part.type, CODE_FORM)
            name = CODE_BLOCKS[kind]
            self.code_pending.add(call_id)
        self.server_calls[call_id] = name
        return {"type": "server_tool_use", "id": call_id, "name": name, "input": {}}

    def _wire_input(self, part: ToolInputDelta | ToolCall, text: str | None = None) -> str:
        """The input text on the wire: a code execution call's first text without the kind prefix that
        @ai-sdk/anthropic puts back (``{"type": "<kind>",`` + the rest of ``{...}``)."""
        call_id = part.id if isinstance(part, ToolInputDelta) else part.tool_call_id
        text = part.delta if isinstance(part, ToolInputDelta) else (part.input if text is None else text)
        if call_id not in self.code_pending or not text:
            return text
        self.code_pending.discard(call_id)
        prefix = code_prefix(self.code_kinds[call_id] or "")
        if not text.startswith(prefix):
            raise self._fail(part.type, CODE_FORM + f"; the first input text is {text[:40]!r}")
        return "{" + text[len(prefix):]

    def _tool_result(self, part: ToolResult) -> list[dict[str, Any]]:
        name = self.server_calls.get(part.tool_call_id)
        if name is None:
            raise self._fail(part.type, "Messages has result blocks only for server calls of the same response; "
                             f"{part.tool_call_id!r} is not one")
        block = result_block(name, part.result, bool(part.is_error))
        if isinstance(block, str):
            raise self._fail(part.type, block)
        key = ("result", part.tool_call_id)
        out = self._start(*key, {"type": block["type"], "tool_use_id": part.tool_call_id, "content": block["content"]})
        return out + self._stop(*key)

    def _tool_call(self, part: ToolCall) -> list[dict[str, Any]]:
        try:  # text that is no JSON at all is played, as robustness; '' is not: no arguments is `input: {}`
            value: Any = json.loads(part.input)
        except ValueError:
            value = {} if part.input else None
        if not isinstance(value, dict):
            raise self._fail(part.type, "a tool_use block's input is a JSON object (ToolUseBlock.input, anthropic "
                             f"2.14.0 types/tool_use_block.py:21); {part.input[:40]!r} is not one")
        call_id = part.tool_call_id
        key = ("tool", call_id)
        self.completed.add(call_id)
        if key in self.open:
            sent = self.tool_args[call_id]
            out: list[dict[str, Any]] = []
            if len(part.input) > len(sent) and part.input.startswith(sent):
                # The fragments stopped short of `input`: send the tail so the block carries the input.
                tail = self._wire_input(part, part.input[len(sent):])
                out.append(self._delta(self.open[key], {"type": "input_json_delta", "partial_json": tail}))
                self.tool_args[call_id] = part.input
            return out + self._stop(*key)
        if call_id in self.tool_args:
            return []  # already streamed and closed (tool-input-end): the replay adds nothing
        self.tool_args[call_id] = part.input
        out = self._start(*key, self._call_block(part, call_id, bool(part.provider_executed)))
        out.append(self._delta(self.open[key], {"type": "input_json_delta", "partial_json": self._wire_input(part)}))
        return out + self._stop(*key)

    def stop_reason(self, part: Finish) -> str | None:
        """The wire ``stop_reason`` of a finish part (None: JSON null, read as 'other').

        >>> from mock_provider.parts import parse_part
        >>> Encoder("x.y.001").stop_reason(parse_part({"type": "finish", "finishReason": {"unified": "stop",
        ...     "raw": "stop_sequence"}}))
        'stop_sequence'
        """
        fr = part.finish_reason
        if fr.unified in STOP_REASONS:
            if fr.raw is not None and _CONSUMER_MAP.get(fr.raw) == fr.unified:
                return fr.raw
            return STOP_REASONS[fr.unified]
        if fr.unified in ("other", "unknown"):
            return None
        raise self._fail(part.type, f"finish reason {fr.unified!r} has no Messages form")

    def _finish(self, part: Finish) -> list[dict[str, Any]]:
        if part.finish_reason.unified == "error":
            if not self.error_sent:
                raise self._fail(part.type, "finish reason 'error' with no error event before it has no wire form")
            return []  # the error event already ended the turn; @ai-sdk/anthropic emits no finish either
        reason = self.stop_reason(part)
        if part.usage is None or (not _reports_input(part.usage) and output_tokens(part.usage) is None):
            raise self._fail(part.type, "Messages always reports usage; the script's finish has none")
        delta: dict[str, Any] = {"stop_reason": reason, "stop_sequence": None}
        details = stop_details(part)
        if details is not None:
            delta["stop_details"] = details
        # The live API repeats message_start's cumulative input and cache counts here (a recorded
        # stream: tests/data/captures/anthropic-text.chunks.txt); `delta_usage: output-only` leaves them out.
        usage: dict[str, Any] = {} if self.output_only_usage else {
            k: v for k, v in input_usage(part.usage).items() if k != "output_tokens"}
        usage["output_tokens"] = output_tokens(part.usage) or 0
        if part.usage.output_tokens.reasoning is not None:
            usage["output_tokens_details"] = {"thinking_tokens": part.usage.output_tokens.reasoning}
        server_use = server_tool_usage(list(self.server_calls.values()))
        if server_use is not None:
            usage["server_tool_use"] = server_use
        return [*self._message_start(), {"type": "message_delta", "delta": delta, "usage": usage},
                {"type": "message_stop"}]

    def end(self) -> list[dict[str, Any]]:
        """The script ran to its end: check that no closed tool_use block lacks its tool-call part.

        ``@ai-sdk/anthropic`` completes a call at its ``content_block_stop`` (6.5), so a call the
        script ended (tool-input-end) but never completed would reach the consumer as complete.
        A block left open is faithful (no consumer completes it). After an error event the turn
        failed anyway.

        >>> from mock_provider.parts import parse_part
        >>> enc = Encoder("x.y.001")
        >>> _ = enc.encode(parse_part({"type": "tool-input-start", "id": "c1", "toolName": "t"}))
        >>> enc.end()
        []
        >>> _ = enc.encode(parse_part({"type": "tool-input-end", "id": "c1"}))
        >>> enc.end()
        Traceback (most recent call last):
        ...
        mock_provider.dialects.DialectError: dialect 'anthropic' cannot express part 'tool-input-end' ...
        """
        still_open = {pid for kind, pid in self.open if kind == "tool"}
        closed = [c for c in self.tool_args if c not in self.completed and c not in still_open]
        if closed and not self.error_sent:
            raise self._fail("tool-input-end", f"call {closed[0]!r} is ended without its tool-call part, but "
                             "content_block_stop completes it for every consumer")
        return []

    def encode_quirk(self, part: Part, wire: StepWire) -> list[dict[str, Any]]:
        """``delta_usage: output-only`` on the finish (``message_delta.usage`` without the input counts);
        the other quirks are Chat Completions' or Responses': NOT-EXPRESSIBLE.

        >>> from mock_provider.parts import parse_part
        >>> fin = parse_part({"type": "finish", "finishReason": {"unified": "stop"},
        ...                   "usage": {"inputTokens": {"total": 9}, "outputTokens": {"total": 2}}})
        >>> Encoder("x.y.001").encode(fin)[1]["usage"]
        {'input_tokens': 9, 'output_tokens': 2}
        >>> Encoder("x.y.001").encode_quirk(fin, StepWire(delta_usage="output-only"))[1]["usage"]
        {'output_tokens': 2}
        """
        if wire.delta_usage is None or quirks_of(wire.model_copy(update={"delta_usage": None})):
            raise refuse_quirks(part, wire, NAME, self.scenario_id)
        if not isinstance(part, Finish):
            raise self._fail(part.type, "`delta_usage` belongs to the finish (message_delta)")
        self.output_only_usage = True
        return self.encode(part)

    def encode_raw(self, item: dict[str, Any]) -> list[dict[str, Any]]:
        """A part of a type no spec defines has no wire form.

        >>> Encoder("x.y.001").encode_raw({"type": "future-thing"})
        Traceback (most recent call last):
        ...
        mock_provider.dialects.DialectError: dialect 'anthropic' cannot express part 'future-thing' (scenario ...
        """
        raise self._fail(str(item.get("type")), UNKNOWN_PART_RULE.note)


def make_encoder(scenario: Scenario, request: dict[str, Any]) -> Encoder:
    """The encoder for one response: the script's first response-metadata and finish usage up front."""
    meta = first_metadata(scenario)
    finish = first_finish(scenario)
    model = request.get("model") if isinstance(request.get("model"), str) else None
    return Encoder(
        scenario.response_seed,  # the default ids' seed (a later turn's differ); also names it in errors
        model=(meta.model_id if meta and meta.model_id else None) or model or scenario.request.model,
        message_id=meta.id if meta and meta.id else None,
        usage=finish.usage if finish is not None else None,
        service_tier=service_tier(finish, scenario.id),
        code_kinds=code_execution_kinds(scenario.parts()),
    )


# Usage.service_tier (anthropic 2.14.0 types/usage.py).
SERVICE_TIERS = ("standard", "priority", "batch")


def service_tier(finish: Finish | None, scenario_id: str) -> str | None:
    """``usage.service_tier`` of a response: the finish's providerMetadata.anthropic.serviceTier, where
    @ai-sdk/anthropic 4.0.105 puts what it reads from ``message_start`` usage (dist/index.js:5946). Sent in
    ``message_start`` only: ``MessageDeltaUsage`` has no such field. A value outside ``Usage.service_tier``
    is NOT-EXPRESSIBLE.

    >>> from mock_provider.parts import parse_part
    >>> service_tier(parse_part({"type": "finish", "finishReason": {"unified": "stop"},
    ...     "providerMetadata": {"anthropic": {"serviceTier": "priority"}}}), "x.y.001")
    'priority'
    """
    tier = _anthropic(finish.provider_metadata).get("serviceTier") if finish is not None else None
    if tier is not None and tier not in SERVICE_TIERS:
        raise fail("finish", NAME, scenario_id, f"service tier {tier!r} is not a Usage.service_tier "
                   f"({', '.join(SERVICE_TIERS)})")
    return tier if isinstance(tier, str) else None


def plan(scenario: Scenario, request: dict[str, Any], *, streaming: bool | None = None) -> WirePlan:
    """The Messages response for one request: ``event:``/``data:`` SSE frames, or one Message JSON.

    ``streaming`` overrides ``request['stream']``; ``request['model']`` is the model unless
    response-metadata names one. ``wire.done`` does not apply (Messages has no ``[DONE]``).

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> plan(s, {"stream": True}).body_bytes().split(b"\\n")[0]
    b'event: message_start'
    """
    stream = bool(request.get("stream")) if streaming is None else streaming
    if not stream:
        return json_plan(scenario, NAME, lambda: message(scenario, request))
    if (unnamed := unnamed_raw_bytes(scenario)) is not None:  # an event-less frame: its clients skip it
        raise fail("raw_bytes", NAME, scenario.id, unnamed)
    le = scenario.wire.line_ending
    enc = make_encoder(scenario, request)
    frames = [
        [sse_frame(e, event=e["type"], line_ending=le) for e in step]
        for step in encode_steps(scenario, enc)
    ]
    if scenario.wire.keepalive_comments:
        frames = with_keepalives(frames, le)
    body = apply_step_faults(scenario, frames)
    return WirePlan(200, http_headers(scenario, True), body, scenario.id, NAME)


def message(scenario: Scenario, request: dict[str, Any]) -> dict[str, Any]:
    """The non-streaming Message: the stream's events folded into content blocks.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> m = message(s, {})
    >>> m["content"], m["stop_reason"], m["usage"]["output_tokens"]
    ([{'type': 'text', 'text': 'The capital of France is Paris.'}], 'end_turn', 7)
    """
    for p in scenario.parts():
        if isinstance(p, Error):
            raise fail(p.type, NAME, scenario.id, "a JSON (non-streaming) response cannot carry an in-band error")
    if first_finish(scenario) is None:
        raise fail("finish", NAME, scenario.id, "a Message is a finished turn: a script without finish has no "
                   "non-streaming form")
    enc = make_encoder(scenario, request)
    blocks: dict[int, dict[str, Any]] = {}
    partial: dict[int, str] = {}
    stop_reason: str | None = None
    details: dict[str, Any] | None = None
    usage: dict[str, Any] = {}
    for step in encode_steps(scenario, enc):
        for event in step:
            if isinstance(event, Comment):
                continue
            kind = event["type"]
            if kind == "message_start":
                usage = dict(event["message"]["usage"])
            elif kind == "content_block_start":
                blocks[event["index"]] = dict(event["content_block"])
                partial[event["index"]] = ""
            elif kind == "content_block_delta":
                _fold_delta(blocks[event["index"]], partial, event["index"], event["delta"])
            elif kind == "message_delta":
                stop_reason = event["delta"]["stop_reason"]
                details = event["delta"].get("stop_details")
                usage.update(event["usage"])
    unfinished = [c for kind, c in enc.open if kind == "tool" and c not in enc.completed]
    if unfinished:
        raise fail("tool-input-start", NAME, scenario.id, f"call {unfinished[0]!r} never completes, but a "
                   "Message's tool_use blocks are complete")
    content = []
    for index in sorted(blocks):
        block = blocks[index]
        if block["type"] in ("tool_use", "server_tool_use"):
            try:
                block["input"] = json.loads(partial[index] or "{}")
            except ValueError:
                block["input"] = None
            if not isinstance(block["input"], dict):
                raise fail("tool-call", NAME, scenario.id, "a Message's tool_use.input is a JSON object; "
                           f"the argument text {partial[index]!r} is not one")
        elif block["type"] == "thinking":
            block.setdefault("signature", "")
        content.append(block)
    return {
        "id": enc.message_id,
        "type": "message",
        "role": "assistant",
        "model": enc.model,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        **({"stop_details": details} if details is not None else {}),
        "usage": usage,
    }


def _fold_delta(block: dict[str, Any], partial: dict[int, str], index: int, delta: dict[str, Any]) -> None:
    """Add one ``content_block_delta`` to the block it names (a Message holds the folded blocks)."""
    if delta["type"] == "text_delta":
        block["text"] += delta["text"]
    elif delta["type"] == "thinking_delta":
        block["thinking"] += delta["thinking"]
    elif delta["type"] == "signature_delta":
        block["signature"] = delta["signature"]
    elif delta["type"] == "input_json_delta":
        partial[index] += delta["partial_json"]
    elif delta["type"] == "citations_delta":
        block.setdefault("citations", []).append(delta["citation"])


def assistant_turns(body: Mapping[str, Any]) -> int:
    """Assistant turns of a Messages request: its ``messages`` of role ``assistant`` (tool results
    come back in a ``user`` message).

    >>> assistant_turns({"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": []},
    ...     {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "1"}]}]})
    1
    """
    return role_turns(body.get("messages"), "assistant")


DIALECT = HttpDialect(
    name=NAME,
    rules=RULES,
    finish_shape="anthropic",
    usage_shape="anthropic",
    finish_reasons=without_interrupted(),
    string_content=True,  # MessageParam.content: a string is one text block
    plan=plan,
    route="/v1/messages",
    required=("messages", "max_tokens"),  # Anthropic answers 400 "max_tokens: Field required"
    assistant_turns=assistant_turns,
    error_body=envelope_error_body,  # Messages errors: {"type": "error", "error": {type, message}}, the envelope
    contract_break=outside_contract,
    zero_usage=frozenset({"cached_input_tokens", "cache_write_input_tokens"}),  # in every live usage (base.py)
)
