"""The ``openai-responses`` wire dialect: OpenAI Responses streaming (``openai`` 3.57.0 ``ResponseStreamEvent``).

Canonical parts become Responses events, each sent as ``event: <type>`` + ``data: <json>`` with a
``sequence_number`` counting from 0, or one ``Response`` JSON body when the request does not
stream. The event shapes are those of the published Python SDK,
``openai/types/responses/response_*_event.py`` (``ResponseStreamEvent`` in
``response_stream_event.py``); the ``Response`` object is ``response.py``, its usage
``response_usage.py``. ``response.created`` + ``response.in_progress`` open the stream (with ``wire.queued``,
``response.created`` says 'queued' and ``response.queued`` comes between them); text,
reasoning and function calls are output items numbered by ``output_index`` in order of opening
(``response.output_item.added`` ... ``response.output_item.done``), so parallel calls interleave
their ``response.function_call_arguments.delta`` events by ``output_index``; a call started with
``inputEncoding: 'text'`` is a custom tool's ``custom_tool_call`` (free-text input,
``response.custom_tool_call_input.delta/done``). The turn ends with
``response.completed`` (stop, tool calls), ``response.incomplete`` (length: ``max_output_tokens``,
content filter: ``content_filter``) or, after an ``error`` event, ``response.failed``. What the
wire cannot say (files, document sources, provider-executed tools and results, approvals, custom and raw
parts, a finish consumers would read as 'other') raises :class:`~mock_provider.dialects.DialectError`;
:data:`RULES` lists every case.

Example:
    >>> from mock_provider.parts import parse_part
    >>> enc = Encoder("x.y.001", model="gpt", response_id="resp_1")
    >>> [e["type"] for e in enc.encode(parse_part({"type": "text-delta", "id": "0", "delta": "Hi"}))]
    ['response.created', 'response.in_progress', 'response.output_item.added', 'response.content_part.added', \
'response.output_text.delta']
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

from mock_provider.dialects.base import DialectError, Rule, agent_part_rules, fail, without_interrupted
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
    Source,
    TextDelta,
    TextEnd,
    TextStart,
    ToolApprovalRequest,
    ToolCall,
    ToolInputDelta,
    ToolInputStart,
)
from mock_provider.scenario import Scenario, StepWire
from mock_provider.wires.frames import Comment, Frame, WirePlan, comment_frame, sse_frame
from mock_provider.wires.openai_chat import DEFAULT_CREATED, error_body, unix_seconds
from mock_provider.wires.openai_responses_audio import Spoken
from mock_provider.wires.openai_responses_forms import responses_usage
from mock_provider.wires.openai_responses_ids import call_item_ids, served_items
from mock_provider.wires.openai_responses_tools import (
    APPROVAL,
    BUILTIN_CALL_ERRORS,
    BUILTIN_CALLS,
    BUILTIN_RESULT_ERRORS,
    BUILTIN_RESULTS,
    BuiltinTools,
    assistant_turns,
    builtin_functions,
    declared_functions,
    named_item,
)
from mock_provider.wires.plan import (
    HttpDialect,
    apply_step_faults,
    encode_steps,
    error_fields,
    first_metadata,
    http_headers,
    json_plan,
    quirks_of,
    refuse_quirks,
    scenario_hash,
    with_keepalives,
)

NAME = "openai-responses"

# Canonical unified reason -> (terminal event, incomplete_details.reason). `@ai-sdk/openai` 4.x reads
# a missing reason as 'stop' (or 'tool-calls' when a function_call item is present), max_output_tokens
# as 'length' and content_filter as 'content-filter' (mapOpenAIResponseFinishReason).
TERMINALS: dict[str, tuple[str, str | None]] = {
    "stop": ("response.completed", None),
    "tool-calls": ("response.completed", None),
    "length": ("response.incomplete", "max_output_tokens"),
    "content-filter": ("response.incomplete", "content_filter"),
}
# `ResponseError.code` is a Literal in openai 3.57.0 (response_error.py); other codes become server_error.
_FAILED_CODES = frozenset({"server_error", "rate_limit_exceeded", "invalid_prompt", "vector_store_timeout"})

RULES: dict[str, Rule] = {
    "stream-start": Rule("dropped", "no event: Responses has no stream-start (warnings have no wire form)"),
    "response-metadata": Rule(
        "mapped",
        "`response.id`/`model`/`created_at` of `response.created` and every later response object; `plan` "
        "applies the script's first response-metadata, since response.created opens the stream",
        error_when="it changes id/model after response.created was sent",
    ),
    "text-start": Rule(
        "mapped",
        "`response.output_item.added{item:{type:'message', status:'in_progress', content:[]}}` + "
        "`response.content_part.added{part:{type:'output_text', text:'', annotations:[]}}`",
    ),
    "text-delta": Rule("mapped", "`response.output_text.delta{item_id, output_index, content_index:0, delta}` "
                       "(opens the message item if none is open)"),
    "text-end": Rule(
        "mapped",
        "`response.output_text.done{text}` + `response.content_part.done` + `response.output_item.done` "
        "(item status 'completed')",
        error_when="`citations` is non-empty (url_citation annotations are not implemented)",
    ),
    "reasoning-start": Rule(
        "mapped",
        "`response.output_item.added{item:{type:'reasoning', summary:[], status:'in_progress'}}` + "
        "`response.reasoning_summary_part.added{summary_index:0, part:{type:'summary_text', text:''}}`",
    ),
    "reasoning-delta": Rule("mapped", "`response.reasoning_summary_text.delta{summary_index:0, delta}` "
                            "(opens the reasoning item if none is open)"),
    "reasoning-end": Rule(
        "mapped",
        "`response.reasoning_summary_text.done` + `response.reasoning_summary_part.done` + "
        "`response.output_item.done{item:{type:'reasoning', summary:[{type:'summary_text', text}], "
        "status:'completed'}}`",
    ),
    "tool-input-start": Rule(
        "mapped",
        "`response.output_item.added{item:{type:'function_call', id:'fc_...', call_id, name, arguments:'', "
        "status:'in_progress'}}`; with `inputEncoding: 'text'` a custom tool's call, `item:{type:"
        "'custom_tool_call', id:'ctc_...', call_id, name, input:''}` (@ai-sdk/openai 4.0.118 reads it back as "
        "tool-input-start with inputEncoding 'text')",
        error_when="the script runs to its end, or finishes, without the call's tool-call part (response.completed "
        "lists every output item as done); a built-in tool's call the consumer never starts with it (below)",
    ),
    "tool-input-delta": Rule(
        "mapped", "`response.function_call_arguments.delta{item_id, output_index, delta}`; on a custom tool's "
        "call `response.custom_tool_call_input.delta{item_id, output_index, delta}` (raw text)",
        error_when="no tool-input-start opened that id",
    ),
    "tool-input-end": Rule("dropped", "no event: the call completes at its tool-call part"),
    "tool-call": Rule(
        "mapped",
        "`response.function_call_arguments.done{arguments: input}` + `response.output_item.done` (status "
        "'completed'); a call never started is first added with one arguments delta carrying the whole input; "
        "a streamed call whose fragments stop short of `input` gets the missing tail as a delta; a replay of a "
        "completed call adds nothing; a custom tool's call ends with `response.custom_tool_call_input.done"
        "{input: text}` + `response.output_item.done{item:{..., input: text, status:'completed'}}`, its "
        "text the JSON string `input` decoded. " + BUILTIN_CALLS,
        error_when="a custom tool's call whose input is not one JSON string, or not the text its deltas streamed; "
        + BUILTIN_CALL_ERRORS,
    ),
    "tool-result": Rule("mapped", BUILTIN_RESULTS, error_when=BUILTIN_RESULT_ERRORS),
    "tool-approval-request": Rule("mapped", APPROVAL, error_when="not right after an mcp call's tool-call"),
    "file": Rule("error", "Responses streams no file parts (@ai-sdk/openai 4.0.118 reads a generated image as the "
                 "image_generation tool's result)"),
    "reasoning-file": Rule("error", "Responses streams no reasoning files"),
    "source": Rule(
        "mapped",
        "a url source inside an open text item: `response.output_text.annotation.added{annotation:{type:"
        "'url_citation', start_index, end_index, url, title}}` over the item's text so far, kept in the part's "
        "`annotations` (@ai-sdk/openai 4.0.118 reads it as a url source); right after a web or file search's "
        "result, each source the consumer makes of that item (url / document), sent as nothing more",
        error_when="a document source, a url source without a title or no text item open (outside a search's "
        "sources); a search's source missing or not next",
    ),
    "custom": Rule("mapped", "kind openai.compaction with providerMetadata openai {type:'compaction', itemId, "
                   "encryptedContent}: a `compaction` item (`response.compaction.compacting`)",
                   error_when="any other kind (Responses has no other custom parts)"),
    "finish": Rule(
        "mapped",
        "open text/reasoning items are completed, then stop/tool-calls -> `response.completed` (status "
        "'completed'); length -> `response.incomplete{incomplete_details:{reason:'max_output_tokens'}}`; "
        "content-filter -> `response.incomplete{reason:'content_filter'}`; unified 'error' after an error "
        "event -> `response.failed{error:{code, message}}`. The terminal response carries every output item "
        "and `usage{input_tokens=input.total, input_tokens_details{cached_tokens=cacheRead, "
        "cache_write_tokens=cacheWrite}, output_tokens=output.total, output_tokens_details{reasoning_tokens}, "
        "total_tokens=their sum}`; null or all-undefined usage is `usage: null`",
        error_when="unified 'other'/'unknown' (no terminal event reads as 'other': a response.incomplete "
        "without a known reason reads as 'stop'); unified 'error' with no error event before it; unified "
        "'interrupted' (V4's word for a stream cut before its terminal event: script no finish instead); "
        "a function call still open",
    ),
    "raw": Rule("error", "a raw part mirrors a provider event; it has no wire form of its own"),
    "error": Rule(
        "mapped",
        "`event: error` `{type:'error', code, message, param:null, sequence_number}` (opening the stream first "
        "when it is the first event: the SDK's stream helper needs response.created)",
        error_when="the response does not stream (a Response JSON cannot carry content and an error)",
    ),
    "ping": Rule("mapped", "an SSE comment line `: ping` (every SSE consumer ignores comments)"),
    **agent_part_rules(),
}
UNKNOWN_PART_RULE = Rule("error", "an unknown part type has no Responses form")


@dataclass
class _Item:
    """One output item: its index, id and the item object as it grows (``done``: completed)."""

    index: int
    item: dict[str, Any]
    text: str = ""
    done: bool = False
    streamed: str = field(default="")  # function arguments sent as deltas


class Encoder:
    """Stateful Responses encoder for one stream: canonical part -> event dicts (``type`` = event name).

    >>> from mock_provider.parts import parse_part
    >>> enc = Encoder("x.y.001", response_id="resp_1")
    >>> [e["sequence_number"] for e in enc.encode(parse_part({"type": "tool-call", "toolCallId": "c",
    ...     "toolName": "f", "input": "{}"}))]
    [0, 1, 2, 3, 4, 5]
    >>> enc.encode(parse_part({"type": "file", "mediaType": "image/png", "data": {"type": "data", "data": "aGk="}}))
    Traceback (most recent call last):
    ...
    mock_provider.dialects.DialectError: dialect 'openai-responses' cannot express part 'file' (scenario x.y.001): ...
    """

    def __init__(self, scenario_id: str, *, model: str = "mock-model", created: int = DEFAULT_CREATED,
                 response_id: str | None = None, queued: bool = False, functions: frozenset[str] = frozenset(),
                 spoken: bool = False, list_failed: bool = False) -> None:
        self.scenario_id = scenario_id
        self.queued = queued  # the response waits in a queue before it runs (response.queued)
        # A spoken answer: its text is the audio's transcript (response.audio.*).
        self.spoken = Spoken(self._event) if spoken else None
        self.model = model
        self.created = created
        self.response_id = response_id or f"resp_{scenario_hash(scenario_id)}"
        self.seq = 0
        self.started = False
        self.error_sent: dict[str, Any] | None = None
        self.items: list[_Item] = []
        self.open: dict[tuple[str, str], _Item] = {}  # (kind, part id) -> open item
        self.calls: dict[str, _Item] = {}  # call id -> its item (open or done)
        self.refusals: set[str] = set()  # text part ids sent as a refusal content part
        self.raw_reasoning: set[str] = set()  # reasoning part ids sent as reasoning_text content
        self.legacy_reasoning: set[str] = set()  # ... of them, sent as the older response.reasoning.* events
        self.annotations: dict[str, list[dict[str, Any]]] = {}  # text part id -> its url_citation annotations
        # built-in tool items (web search, code interpreter, MCP ...), a failed MCP tool list first
        self.tools = BuiltinTools(self, functions, list_failed=list_failed)

    def _fail(self, part_type: str, reason: str) -> DialectError:
        return fail(part_type, NAME, self.scenario_id, reason)

    def refuse(self, part_type: str, reason: str) -> DialectError:
        """The error for a part this wire cannot say (the built-in items' way to refuse)."""
        return self._fail(part_type, reason)

    def event(self, kind: str, **fields: Any) -> dict[str, Any]:
        """The next event, numbered (the built-in items' way to emit)."""
        return self._event(kind, **fields)

    def add_item(self, prefix: str, item: dict[str, Any]) -> tuple[int, list[dict[str, Any]]]:
        """Append an output item kept by reference (an empty id gets one): its index and its events."""
        if not item.get("id"):
            item["id"] = self._item_id(prefix)
        out = self._start()
        entry = _Item(len(self.items), item)
        self.items.append(entry)
        out.append(self._event("response.output_item.added", output_index=entry.index, item=copy.deepcopy(item)))
        return entry.index, out

    def _event(self, kind: str, **fields: Any) -> dict[str, Any]:
        event = {"type": kind, **fields, "sequence_number": self.seq}
        self.seq += 1
        return event

    def response(self, status: str, *, usage: dict[str, Any] | None = None,
                 incomplete: str | None = None, error: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``Response`` object in one state: every output item so far, usage at the end."""
        return {
            "id": self.response_id,
            "object": "response",
            "created_at": self.created,
            "status": status,
            "error": error,
            "incomplete_details": None if incomplete is None else {"reason": incomplete},
            "instructions": None,
            "model": self.model,
            "output": [copy.deepcopy(i.item) for i in self.items],
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
            "usage": usage,
        }

    def _start(self) -> list[dict[str, Any]]:
        if self.started:
            return []
        self.started = True
        # openai 3.57.0 response_queued_event.py; Response.status 'queued' (response_status.py).
        queue = [self._event("response.queued", response=self.response("queued"))] if self.queued else []
        return [self._event("response.created", response=self.response("queued" if self.queued else "in_progress")),
                *queue, self._event("response.in_progress", response=self.response("in_progress")),
                *self.tools.opening()]

    def _add(self, kind: str, part_id: str, item: dict[str, Any]) -> list[dict[str, Any]]:
        out = self._start()
        entry = _Item(len(self.items), item)
        self.items.append(entry)
        self.open[(kind, part_id)] = entry
        out.append(self._event("response.output_item.added", output_index=entry.index, item=copy.deepcopy(item)))
        return out

    def _item_id(self, prefix: str, part: Part | None = None) -> str:
        """The id of the next item: the one its part names (``named_item``: a recording keeps the ids the provider
        minted, which a client sends back as ``item_reference``), else one derived from the scenario."""
        named = named_item(part) if part is not None else ""
        if named and all(e.item.get("id") != named for e in self.items):
            return named
        return f"{prefix}_{scenario_hash(self.scenario_id)}_{len(self.items)}"

    def encode(self, part: Part) -> list[Frame]:
        """Encode one canonical part into zero or more Responses events (or an SSE comment)."""
        if self.tools.claims(part):
            return list(self.tools.encode(part))
        rule = RULES[part.type]
        if rule.action == "error":
            raise self._fail(part.type, rule.note)
        if isinstance(part, ResponseMetadata):
            return self._metadata(part)
        if isinstance(part, TextStart | TextDelta | TextEnd):
            if part.id in self.refusals:
                raise self._fail(part.type, "a text part that began as a refusal continues as one")
            if self.spoken is not None:
                return [*self._start(), *self.spoken.encode(part)]
            return list(self._text(part))
        if isinstance(part, Source):
            return self._annotation(part)
        if isinstance(part, ReasoningStart | ReasoningDelta | ReasoningEnd):
            return list(self._reasoning(part))
        if isinstance(part, ToolInputStart):
            return list(self._call_start(part.id, part.tool_name, custom=part.input_encoding == "text", part=part))
        if isinstance(part, ToolInputDelta):
            entry = self.open.get(("call", part.id))
            if entry is None:
                raise self._fail(part.type, f"no open function_call item for call {part.id!r}")
            return [self._arguments_delta(entry, part.delta)]
        if isinstance(part, ToolCall):
            return list(self._tool_call(part))
        if isinstance(part, Finish):
            return list(self._finish(part))
        if isinstance(part, Error):
            return list(self._error(part))
        if isinstance(part, Ping):
            return [Comment("ping")]
        if isinstance(part, Custom):  # openai.compaction went to the built-in items
            raise self._fail(part.type, "Responses has no custom parts but openai.compaction")
        if isinstance(part, ToolApprovalRequest):  # one after an mcp call went to the built-in items
            raise self._fail(part.type, "Responses has no approvals but an mcp call's (mcp_approval_request)")
        return []  # stream-start, tool-input-end (RULES action 'dropped')

    def _metadata(self, part: ResponseMetadata) -> list[Frame]:
        new = (part.id or self.response_id, part.model_id or self.model,
               unix_seconds(part.timestamp) if part.timestamp else self.created)
        if self.started and new[:2] != (self.response_id, self.model):
            raise self._fail(part.type, "Responses states id and model once, in response.created")
        self.response_id, self.model, self.created = new
        return []

    # ---------------------------------------------------------------- text
    def _text_part(self, text: str, part_id: str | None = None) -> dict[str, Any]:
        if part_id is not None and part_id in self.refusals:
            return {"type": "refusal", "refusal": text}
        return {"type": "output_text", "text": text,
                "annotations": copy.deepcopy(self.annotations.get(part_id or "", []))}

    def encode_quirk(self, part: Part, wire: StepWire) -> list[Frame]:
        """A text part sent as a refusal content part (``channel: refusal`` on its start, deltas and end:
        ``response.refusal.delta/done``); any other quirk is a Chat Completions one: NOT-EXPRESSIBLE.

        >>> from mock_provider.parts import parse_part
        >>> enc = Encoder("x.y.001", response_id="resp_1")
        >>> [e["type"] for e in enc.encode_quirk(parse_part({"type": "text-delta", "id": "0", "delta": "No."}),
        ...                                      StepWire(channel="refusal"))][-2:]
        ['response.content_part.added', 'response.refusal.delta']
        """
        others = wire.model_copy(update={"channel": None})
        if wire.channel not in ("refusal", "reasoning_text", "reasoning_legacy") or quirks_of(others):
            raise refuse_quirks(part, wire, NAME, self.scenario_id)
        if wire.channel in ("reasoning_text", "reasoning_legacy"):
            return list(self._raw_reasoning(part, legacy=wire.channel == "reasoning_legacy"))
        if not isinstance(part, TextStart | TextDelta | TextEnd):
            raise self._fail(part.type, "only a text part can be a refusal")
        key = ("text", part.id)
        if key in self.open and part.id not in self.refusals:
            raise self._fail(part.type, "a text part that began as output_text cannot turn into a refusal")
        self.refusals.add(part.id)
        if isinstance(part, TextEnd):
            return list(self._text_close(part.id))
        out: list[Frame] = [] if key in self.open else list(self._text_open(part.id, part))
        if isinstance(part, TextDelta):
            entry = self.open[key]
            entry.text += part.delta
            out.append(self._event("response.refusal.delta", item_id=entry.item["id"], output_index=entry.index,
                                   content_index=0, delta=part.delta))
        return out

    def _annotation(self, part: Source) -> list[Frame]:
        entry = next((e for (kind, pid), e in self.open.items() if kind == "text" and pid not in self.refusals),
                     None)
        if part.source_type != "url" or not part.url or part.title is None or entry is None:
            raise self._fail(part.type, "Responses annotates an open output_text with url citations, each with a "
                             "title")
        part_id = next(pid for (kind, pid), e in self.open.items() if e is entry)
        found = self.annotations.setdefault(part_id, [])
        annotation = {"type": "url_citation", "start_index": 0, "end_index": len(entry.text), "url": part.url,
                      "title": part.title}
        found.append(annotation)
        return [self._event("response.output_text.annotation.added", item_id=entry.item["id"],
                            output_index=entry.index, content_index=0, annotation_index=len(found) - 1,
                            annotation=dict(annotation))]

    def _text_open(self, part_id: str, part: Part | None = None) -> list[dict[str, Any]]:
        item = {"id": self._item_id("msg", part), "type": "message", "status": "in_progress", "role": "assistant",
                "content": []}
        out = self._add("text", part_id, item)
        entry = self.open[("text", part_id)]
        out.append(self._event("response.content_part.added", item_id=item["id"], output_index=entry.index,
                               content_index=0, part=self._text_part("", part_id)))
        return out

    def _text(self, part: TextStart | TextDelta | TextEnd) -> list[dict[str, Any]]:
        key = ("text", part.id)
        if isinstance(part, TextEnd):
            if part.citations:
                raise self._fail(part.type, "url_citation annotations are not implemented for Responses")
            return self._text_close(part.id)
        out = [] if key in self.open else self._text_open(part.id, part)
        if isinstance(part, TextDelta):
            entry = self.open[key]
            entry.text += part.delta
            out.append(self._event("response.output_text.delta", item_id=entry.item["id"], output_index=entry.index,
                                   content_index=0, delta=part.delta, logprobs=[]))
        return out

    def _text_close(self, part_id: str) -> list[dict[str, Any]]:
        entry = self.open.pop(("text", part_id), None)
        if entry is None:
            return []
        item_id, index = entry.item["id"], entry.index
        entry.item["content"] = [self._text_part(entry.text, part_id)]
        entry.item["status"] = "completed"
        entry.done = True
        if part_id in self.refusals:
            done = self._event("response.refusal.done", item_id=item_id, output_index=index, content_index=0,
                               refusal=entry.text)
        else:
            done = self._event("response.output_text.done", item_id=item_id, output_index=index, content_index=0,
                               text=entry.text, logprobs=[])
        return [
            done,
            self._event("response.content_part.done", item_id=item_id, output_index=index, content_index=0,
                        part=self._text_part(entry.text, part_id)),
            self._event("response.output_item.done", output_index=index, item=copy.deepcopy(entry.item)),
        ]

    # ---------------------------------------------------------------- reasoning
    def _reasoning(self, part: ReasoningStart | ReasoningDelta | ReasoningEnd) -> list[dict[str, Any]]:
        key = ("reasoning", part.id)
        if isinstance(part, ReasoningEnd):
            return self._reasoning_close(part.id)
        if part.id in self.raw_reasoning:
            raise self._fail(part.type, "a reasoning part sent as raw reasoning text keeps `channel: reasoning_text`")
        out: list[dict[str, Any]] = []
        if key not in self.open:
            # A returned item has its status (ResponseReasoningItem.status); xAI's clients require it.
            out = self._add("reasoning", part.id, {"id": self._item_id("rs", part), "type": "reasoning",
                                                   "summary": [], "status": "in_progress"})
            entry = self.open[key]
            out.append(self._event("response.reasoning_summary_part.added", item_id=entry.item["id"],
                                   output_index=entry.index, summary_index=0,
                                   part={"type": "summary_text", "text": ""}))
        if isinstance(part, ReasoningDelta):
            entry = self.open[key]
            entry.text += part.delta
            out.append(self._event("response.reasoning_summary_text.delta", item_id=entry.item["id"],
                                   output_index=entry.index, summary_index=0, delta=part.delta))
        return out

    def _raw_reasoning(self, part: Part, *, legacy: bool = False) -> list[dict[str, Any]]:
        """A reasoning part as the item's raw ``reasoning_text`` content (``response.reasoning_text.delta/done``);
        ``legacy``: as the API streamed raw reasoning before that content type existed (openai 1.97.0's
        ``response.reasoning.delta/done``, a reasoning item with no content and no content part events).

        >>> from mock_provider.parts import parse_part
        >>> enc = Encoder("x.y.001", response_id="resp_1")
        >>> [e["type"] for e in enc.encode_quirk(parse_part({"type": "reasoning-delta", "id": "r", "delta": "Hm"}),
        ...                                      StepWire(channel="reasoning_text"))][-2:]
        ['response.content_part.added', 'response.reasoning_text.delta']
        >>> [e["type"] for e in enc.encode_quirk(parse_part({"type": "reasoning-delta", "id": "s", "delta": "Hm"}),
        ...                                      StepWire(channel="reasoning_legacy"))][-2:]
        ['response.output_item.added', 'response.reasoning.delta']
        """
        if not isinstance(part, ReasoningStart | ReasoningDelta | ReasoningEnd):
            raise self._fail(part.type, "only a reasoning part can be raw reasoning text")
        key = ("reasoning", part.id)
        if key in self.open and part.id not in self.raw_reasoning:
            raise self._fail(part.type, "a reasoning part that began as a summary cannot turn into raw reasoning text")
        if key in self.open and (part.id in self.legacy_reasoning) != legacy:
            raise self._fail(part.type, "a raw reasoning part keeps the one channel it began with")
        self.raw_reasoning.add(part.id)
        if legacy:
            self.legacy_reasoning.add(part.id)
        if isinstance(part, ReasoningEnd):
            return self._reasoning_close(part.id)
        out: list[dict[str, Any]] = []
        if key not in self.open:
            item: dict[str, Any] = {"id": self._item_id("rs", part), "type": "reasoning", "summary": [],
                                    **({} if legacy else {"content": []}), "status": "in_progress"}
            out = self._add("reasoning", part.id, item)
            entry = self.open[key]
            if not legacy:
                out.append(self._event("response.content_part.added", item_id=entry.item["id"],
                                       output_index=entry.index, content_index=0,
                                       part={"type": "reasoning_text", "text": ""}))
        if isinstance(part, ReasoningDelta):
            entry = self.open[key]
            entry.text += part.delta
            kind = "response.reasoning.delta" if legacy else "response.reasoning_text.delta"
            out.append(self._event(kind, item_id=entry.item["id"], output_index=entry.index, content_index=0,
                                   delta=part.delta))
        return out

    def _reasoning_close(self, part_id: str) -> list[dict[str, Any]]:
        entry = self.open.pop(("reasoning", part_id), None)
        if entry is None:
            return []
        item_id, index = entry.item["id"], entry.index
        entry.item["status"] = "completed"
        if part_id in self.legacy_reasoning:
            entry.done = True
            return [
                self._event("response.reasoning.done", item_id=item_id, output_index=index, content_index=0,
                            text=entry.text),
                self._event("response.output_item.done", output_index=index, item=copy.deepcopy(entry.item)),
            ]
        if part_id in self.raw_reasoning:
            content = {"type": "reasoning_text", "text": entry.text}
            entry.item["content"] = [content]
            entry.done = True
            return [
                self._event("response.reasoning_text.done", item_id=item_id, output_index=index, content_index=0,
                            text=entry.text),
                self._event("response.content_part.done", item_id=item_id, output_index=index, content_index=0,
                            part=dict(content)),
                self._event("response.output_item.done", output_index=index, item=copy.deepcopy(entry.item)),
            ]
        summary = {"type": "summary_text", "text": entry.text}
        entry.item["summary"] = [summary]
        entry.done = True
        return [
            self._event("response.reasoning_summary_text.done", item_id=item_id, output_index=index,
                        summary_index=0, text=entry.text),
            self._event("response.reasoning_summary_part.done", item_id=item_id, output_index=index,
                        summary_index=0, part=dict(summary)),
            self._event("response.output_item.done", output_index=index, item=copy.deepcopy(entry.item)),
        ]

    # ---------------------------------------------------------------- function calls
    def _call_start(self, call_id: str, name: str, *, custom: bool = False,
                    part: Part | None = None) -> list[dict[str, Any]]:
        if custom:
            # A custom tool's call: its input is free text (ResponseCustomToolCall.input), not JSON arguments.
            item = {"id": self._item_id("ctc", part), "type": "custom_tool_call", "status": "in_progress",
                    "call_id": call_id, "name": name, "input": ""}
        else:
            item = {"id": self._item_id("fc", part), "type": "function_call", "status": "in_progress",
                    "call_id": call_id, "name": name, "arguments": ""}
        out = self._add("call", call_id, item)
        self.calls[call_id] = self.open[("call", call_id)]
        return out

    def _arguments_delta(self, entry: _Item, delta: str) -> dict[str, Any]:
        entry.streamed += delta
        kind = ("response.custom_tool_call_input.delta" if entry.item["type"] == "custom_tool_call"
                else "response.function_call_arguments.delta")
        return self._event(kind, item_id=entry.item["id"], output_index=entry.index, delta=delta)

    def _custom_call_done(self, part: ToolCall, entry: _Item) -> list[dict[str, Any]]:
        """A custom tool call completes: ``response.custom_tool_call_input.done{input}`` + the item done.

        The canonical ``input`` is the text JSON-encoded (a V3/V4 tool-call input is JSON whatever its
        deltas' encoding; @ai-sdk/openai 4.0.118 makes it ``JSON.stringify(item.input)``).
        """
        try:
            text = json.loads(part.input)
        except ValueError:
            text = None
        if not isinstance(text, str):
            raise self._fail(part.type, "a custom tool call's input is its text as one JSON string "
                             "(custom_tool_call.input is free text)")
        out: list[dict[str, Any]] = []
        if len(text) > len(entry.streamed) and text.startswith(entry.streamed):
            out.append(self._arguments_delta(entry, text[len(entry.streamed):]))
        elif text != entry.streamed:
            raise self._fail(part.type, "a custom tool call's input is the text its deltas streamed")
        self.open.pop(("call", part.tool_call_id), None)
        entry.item.update(input=text, status="completed")
        entry.done = True
        out.append(self._event("response.custom_tool_call_input.done", item_id=entry.item["id"],
                               output_index=entry.index, input=text))
        out.append(self._event("response.output_item.done", output_index=entry.index,
                               item=copy.deepcopy(entry.item)))
        return out

    def _tool_call(self, part: ToolCall) -> list[dict[str, Any]]:
        call_id = part.tool_call_id
        existing = self.calls.get(call_id)
        if existing is not None and existing.done:
            return []  # a replay of a completed call adds nothing
        if existing is not None and existing.item["type"] == "custom_tool_call":
            return self._custom_call_done(part, existing)
        out: list[dict[str, Any]] = []
        if existing is None:
            out = self._call_start(call_id, part.tool_name, part=part)
            existing = self.calls[call_id]
            out.append(self._arguments_delta(existing, part.input))
        elif len(part.input) > len(existing.streamed) and part.input.startswith(existing.streamed):
            out.append(self._arguments_delta(existing, part.input[len(existing.streamed):]))
        self.open.pop(("call", call_id), None)
        existing.item.update(arguments=part.input, status="completed")
        existing.done = True
        out.append(self._event("response.function_call_arguments.done", item_id=existing.item["id"],
                               output_index=existing.index, arguments=part.input))
        out.append(self._event("response.output_item.done", output_index=existing.index,
                               item=copy.deepcopy(existing.item)))
        return out

    # ---------------------------------------------------------------- the end
    def _close_open(self, part_type: str) -> list[dict[str, Any]]:
        calls = [pid for kind, pid in self.open if kind == "call"]
        calls += [c for c in [self.tools.unfinished()] if c is not None]
        if calls:
            raise self._fail(part_type, f"call {calls[0]!r} is still open, but the terminal response lists every "
                             "output item as done")
        out: list[dict[str, Any]] = []
        for kind, pid in list(self.open):
            out.extend(self._text_close(pid) if kind == "text" else self._reasoning_close(pid))
        return out

    def _finish(self, part: Finish) -> list[dict[str, Any]]:
        unified = part.finish_reason.unified
        if unified == "error":
            if self.error_sent is None:
                raise self._fail(part.type, "finish reason 'error' with no error event before it has no wire form")
            failed = self.response("failed", usage=responses_usage(part.usage), error=self.error_sent)
            return [*self._start(), self._event("response.failed", response=failed)]
        if unified not in TERMINALS:
            raise self._fail(part.type, f"finish reason {unified!r} has no Responses form (no terminal event "
                             "reads as 'other')")
        kind, reason = TERMINALS[unified]
        if unified == "content-filter" and self.refusals:
            # A refusal completes the response; @ai-sdk/openai 4.0.118 reads completed + refusal as content-filter.
            kind, reason = "response.completed", None
        out = [*self._start(), *self._close_open(part.type)]
        status = "completed" if reason is None else "incomplete"
        response = self.response(status, usage=responses_usage(part.usage), incomplete=reason)
        out.append(self._event(kind, response=response))
        return out

    def _error(self, part: Error) -> list[dict[str, Any]]:
        message, _kind, code = error_fields(part.error)
        code_text = None if code is None else str(code)
        self.error_sent = {"code": code_text if code_text in _FAILED_CODES else "server_error", "message": message}
        return [*self._start(), self._event("error", code=code_text, message=message, param=None)]

    def end(self) -> list[Frame]:
        """The script ran to its end: a started call must have been completed (or the turn failed).

        >>> from mock_provider.parts import parse_part
        >>> enc = Encoder("x.y.001")
        >>> _ = enc.encode(parse_part({"type": "tool-input-start", "id": "c1", "toolName": "t"}))
        >>> enc.end()
        Traceback (most recent call last):
        ...
        mock_provider.dialects.DialectError: dialect 'openai-responses' cannot express part 'tool-input-start' ...
        """
        unfinished = [c for c, entry in self.calls.items() if not entry.done]
        builtin = self.tools.unfinished()
        if self.tools.pending_sources and self.error_sent is None:
            raise self._fail("source", "the script ends before the sources the consumer makes of a search item")
        if builtin is not None and self.error_sent is None:
            raise self._fail("tool-call", f"built-in call {builtin!r} never gets its result; its item completes "
                             "only with it")
        if unfinished and self.error_sent is None:
            raise self._fail("tool-input-start", f"call {unfinished[0]!r} never gets its tool-call part; a "
                             "function_call item completes only at response.output_item.done")
        return []

    def encode_raw(self, item: dict[str, Any]) -> list[Frame]:
        """A part of a type no spec defines has no wire form.

        >>> Encoder("x.y.001").encode_raw({"type": "future-thing"})
        Traceback (most recent call last):
        ...
        mock_provider.dialects.DialectError: dialect 'openai-responses' cannot express part 'future-thing' ...
        """
        raise self._fail(str(item.get("type")), UNKNOWN_PART_RULE.note)


# ---------------------------------------------------------------- plans
def make_encoder(scenario: Scenario, request: dict[str, Any]) -> Encoder:
    """The encoder for one response, stamped with the script's first response-metadata."""
    meta = first_metadata(scenario)
    model = request.get("model") if isinstance(request.get("model"), str) else None
    return Encoder(
        scenario.response_seed,  # the default ids' seed (a later turn's differ); also names it in errors
        model=(meta.model_id if meta and meta.model_id else None) or model or scenario.request.model,
        created=unix_seconds(meta.timestamp) if meta and meta.timestamp else DEFAULT_CREATED,
        response_id=meta.id if meta and meta.id else None,
        queued=scenario.wire.queued,
        functions=declared_functions(request),
        spoken="audio" in scenario.wire.responses_fields,
        list_failed="mcp_list_failed" in scenario.wire.responses_fields,
    )


def plan(scenario: Scenario, request: dict[str, Any], *, streaming: bool | None = None) -> WirePlan:
    """The Responses response for one request: ``event:``/``data:`` SSE frames, or one Response JSON.

    ``streaming`` overrides ``request['stream']``; ``wire.done`` does not apply (no ``[DONE]``).

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> plan(s, {"stream": True}).body_bytes().split(b"\\n")[0]
    b'event: response.created'
    """
    stream = bool(request.get("stream")) if streaming is None else streaming
    if not stream:
        return json_plan(scenario, NAME, lambda: response_object(scenario, request))
    le = scenario.wire.line_ending
    enc = make_encoder(scenario, request)
    frames = [
        [comment_frame(e.text, le) if isinstance(e, Comment) else sse_frame(e, event=e["type"], line_ending=le)
         for e in step]
        for step in encode_steps(scenario, enc)
    ]
    if scenario.wire.keepalive_comments:
        frames = with_keepalives(frames, le)
    return WirePlan(200, http_headers(scenario, True), apply_step_faults(scenario, frames), scenario.id, NAME)


def response_object(scenario: Scenario, request: dict[str, Any]) -> dict[str, Any]:
    """The non-streaming ``Response``: the response object of the stream's terminal event.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> r = response_object(s, {})
    >>> r["status"], r["output"][0]["content"][0]["text"], r["usage"]["total_tokens"]
    ('completed', 'The capital of France is Paris.', 21)
    """
    for p in scenario.parts():
        if isinstance(p, Error):
            raise fail(p.type, NAME, scenario.id, "a JSON (non-streaming) response cannot carry an in-band error")
    terminal: dict[str, Any] | None = None
    for step in encode_steps(scenario, make_encoder(scenario, request)):
        for event in step:
            if not isinstance(event, Comment) and "response" in event and event["type"] not in (
                    "response.in_progress", "response.queued"):
                terminal = event["response"]
    if terminal is None or terminal["status"] == "in_progress":
        raise fail("finish", NAME, scenario.id, "a Response JSON is a finished turn: a script without finish has "
                   "no non-streaming form")
    return terminal


DIALECT = HttpDialect(
    name=NAME,
    rules=RULES,
    finish_shape="responses",
    usage_shape="responses",
    finish_reasons=without_interrupted() - {"other", "unknown"},
    tool_calls_derived=True,  # response.completed says neither stop nor tool-calls
    # usage() above writes each detail count, 0 where the scenario has none (openai ResponseUsage requires
    # input_tokens_details.cached_tokens and output_tokens_details.reasoning_tokens).
    zero_usage=frozenset({"cached_input_tokens", "cache_write_input_tokens", "reasoning_tokens"}),
    plan=plan,
    route="/v1/responses",
    # `input` is optional in the real API (a stored prompt or previous_response_id can stand in for it).
    required=(),
    assistant_turns=assistant_turns,
    error_body=error_body,  # OpenAI's error object, as for Chat Completions
    answer_fields=builtin_functions,  # a function named shell / apply_patch / computer is called as a function
    call_aliases=call_item_ids,  # a call item's own id beside its call_id
    served_items=served_items,  # what a later request's item_reference names
)
