"""What every adapter here shares: the request conversion and the reading of the upstream parts.

Written from README.md, docs/adapters.md, docs/contract.md, docs/scenarios.md (the request
conversion table), docs/mock-provider.md and docs/matrix.md (the rules), with the V3 part shapes
of ``mock_provider.parts`` (docs/index.md) and ``mock-provider render ID --dialect v3``.

A protocol module subclasses :class:`Writer`: each method returns the events one happening is
written as. :class:`Translator` decides what happened.

    >>> to_prompt([{"role": "user", "content": "hi"}])
    [{'role': 'user', 'content': [{'type': 'text', 'text': 'hi'}]}]
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from conformance.contract import AdapterContext, Capabilities, RunRequest

Event = dict[str, Any]

# docs/scenarios.md, "Request conversion": media parts become file parts.
_MEDIA_KINDS = ("image", "audio", "video", "document")


def _text_parts(content: Any, dialect: str = "v3") -> list[dict[str, Any]]:
    """A caller's message content as AI SDK parts (string, null or a list of content parts)."""
    if content is None:
        return [{"type": "text", "text": ""}]
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    parts: list[dict[str, Any]] = []
    for item in content:
        kind = item.get("type")
        if kind == "text":
            parts.append({"type": "text", "text": item.get("content", item.get("text", ""))})
        elif kind in _MEDIA_KINDS:
            parts.append(_file_part(item, dialect))
    return parts


def _file_part(item: dict[str, Any], dialect: str) -> dict[str, Any]:
    """An image/audio/video/document part as ``{type: file, mediaType, data}`` (``<kind>/*`` without a type;
    V4: ``data`` tagged ``{type: data, data}`` or ``{type: url, url}``)."""
    source = item.get("source") or {}
    media = source.get("mimeType") or item.get("mimeType") or f"{item['type']}/*"
    value = source.get("value", "")
    if dialect == "v4":
        data: Any = {"type": "url", "url": value} if source.get("type") == "url" else {"type": "data", "data": value}
    else:
        data = value
    return {"type": "file", "mediaType": media, "data": data}


def _tool_result_output(content: Any) -> dict[str, Any]:
    if isinstance(content, str):
        try:
            return {"type": "json", "value": json.loads(content)}
        except ValueError:
            return {"type": "text", "value": content}
    return {"type": "json", "value": content}


def to_prompt(messages: list[dict[str, Any]], dialect: str = "v3") -> list[dict[str, Any]]:
    """The caller's OpenAI-style messages as one AI SDK prompt (docs/scenarios.md's table).

    >>> to_prompt([{"role": "system", "content": "Be terse."}])
    [{'role': 'system', 'content': 'Be terse.'}]
    """
    names: dict[str, str] = {}
    prompt: list[dict[str, Any]] = []
    for message in messages:
        role = message["role"]
        if role == "system":
            content = message.get("content")
            text = content if isinstance(content, str) else "".join(p.get("text", "") for p in _text_parts(content))
            prompt.append({"role": "system", "content": text})
        elif role == "user":
            prompt.append({"role": "user", "content": _text_parts(message.get("content"), dialect)})
        elif role == "assistant":
            parts = [] if message.get("content") in (None, "") else _text_parts(message["content"], dialect)
            for call in message.get("tool_calls") or []:
                function = call["function"]
                names[call["id"]] = function["name"]
                arguments = function.get("arguments") or "{}"
                parts.append({"type": "tool-call", "toolCallId": call["id"], "toolName": function["name"],
                              "input": json.loads(arguments) if isinstance(arguments, str) else arguments})
            prompt.append({"role": "assistant", "content": parts})
        elif role == "tool":
            call_id = message["tool_call_id"]
            prompt.append({"role": "tool", "content": [{
                "type": "tool-result", "toolCallId": call_id, "toolName": names.get(call_id, ""),
                "output": _tool_result_output(message.get("content"))}]})
    return prompt


def to_tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``{name, description, input_schema}`` as AI SDK function tools."""
    return [{"type": "function", "name": t["name"], "description": t.get("description", ""),
             "inputSchema": t.get("input_schema") or {"type": "object", "properties": {}}} for t in tools]


@dataclass
class Usage:
    """Token counts read from a V3 finish; None: the upstream did not say."""

    input: int | None = None
    output: int | None = None
    reasoning: int | None = None
    cache_read: int | None = None
    cache_write: int | None = None

    @property
    def total(self) -> int:
        if self.provider_total is not None:
            return self.provider_total
        return (self.input or 0) + (self.output or 0)

    provider_total: int | None = None  # V2's totalTokens, which wins over the sum

    @classmethod
    def read(cls, usage: Any) -> Usage | None:
        """A finish part's usage: V3/V4 nested counts or V2 flat ones; None when it is absent or every
        count is undefined (docs: omit it)."""
        if not isinstance(usage, dict):
            return None
        inp, out = usage.get("inputTokens"), usage.get("outputTokens")
        if isinstance(inp, dict) or isinstance(out, dict):  # V3/V4: total = the sum (row 8.3.v3)
            inp, out = inp or {}, out or {}
            read = cls(input=inp.get("total"), output=out.get("total"), reasoning=out.get("reasoning"),
                       cache_read=inp.get("cacheRead"), cache_write=inp.get("cacheWrite"))
        else:  # V2 flat: total = the provider's total or the sum (row 8.3.v2)
            read = cls(input=inp, output=out, reasoning=usage.get("reasoningTokens"),
                       cache_read=usage.get("cachedInputTokens"), provider_total=usage.get("totalTokens"))
        if read.input is None and read.output is None:
            return None
        return read


@dataclass
class Call:
    """One tool call as the upstream streams it."""

    id: str
    name: str
    provider_executed: bool = False
    started: bool = False  # its start was written
    text: str = ""  # the argument text forwarded so far
    ended: bool = False  # its end was written
    completed: bool = False  # a tool-call part completed its input (only that counts for 'tool_calls')


MALFORMED = object()  # the input of a call whose argument text does not parse


def parse_input(text: str) -> Any:
    """The call's input as a JSON value (``null`` stays null); ``MALFORMED`` when it does not parse ('' is {})."""
    if text.strip() == "":
        return {}
    try:
        return json.loads(text)
    except ValueError:
        return MALFORMED


@dataclass
class Run:
    """What the writers need to know about the run so far."""

    request: RunRequest
    capabilities: Capabilities
    model: str
    response_id: str | None = None
    upstream_reason: str | None = None  # the finish part's own reason (V3/V4 unified, V2 string)
    ids: int = 0
    calls: dict[str, Call] = field(default_factory=dict)

    def mint(self, prefix: str) -> str:
        self.ids += 1
        return f"{prefix}-{self.ids}"


class Writer:
    """How one output protocol writes each happening. Every method returns the events to emit."""

    def __init__(self, run: Run) -> None:
        self.run = run

    def started(self) -> list[Event]:
        return []

    def step_started(self) -> list[Event]:
        return []

    def text_start(self, message_id: str) -> list[Event]:
        return []

    def text_delta(self, message_id: str, delta: str) -> list[Event]:
        return []

    def text_end(self, message_id: str) -> list[Event]:
        return []

    def reasoning_start(self, message_id: str) -> list[Event]:
        return []

    def reasoning_delta(self, message_id: str, delta: str) -> list[Event]:
        return []

    def reasoning_end(self, message_id: str) -> list[Event]:
        return []

    def tool_start(self, call: Call) -> list[Event]:
        return []

    def tool_args(self, call: Call, delta: str) -> list[Event]:
        return []

    def tool_end(self, call: Call, value: Any) -> list[Event]:
        """``value`` is the parsed input, or ``MALFORMED`` (then ``call.text`` is the raw text)."""
        return []

    def tool_result(self, call: Call, result: Any, is_error: bool) -> list[Event]:
        return []

    def approval(self, call: Call, approval_id: str, value: Any, reason: str, usage: Usage | None) -> list[Event]:
        """The run ends waiting for the caller's approval of ``call`` (instead of :meth:`finished`)."""
        return []

    def finished(self, reason: str, usage: Usage | None) -> list[Event]:
        return []

    def failed(self, message: str, code: str | None) -> list[Event]:
        return []


# V3 finishReason.unified in TanStack's words (docs/adapters.md: "Finish reasons are TanStack's words").
_TANSTACK_REASONS = {"stop": "stop", "length": "length", "content-filter": "content_filter"}
# ... and in the AI SDK's own (the UI message stream).
_AI_REASONS = {"stop": "stop", "length": "length", "content-filter": "content-filter", "tool-calls": "tool-calls"}


def _error_of(error: Any) -> tuple[str, str | None]:
    """An error part's (or exception's) message and code."""
    if isinstance(error, BaseException):
        status = getattr(error, "status_code", None) or getattr(error, "status", None)
        body = getattr(error, "response_body", None) or getattr(error, "body", None)
        message, code = str(error), None
        if isinstance(body, str):
            try:
                body = json.loads(body)
            except ValueError:
                body = None
        if isinstance(body, dict):
            message, code = _error_of(body)
        return message or type(error).__name__, code or (str(status) if status is not None else None)
    if isinstance(error, dict):
        inner = error.get("error")
        if isinstance(inner, dict):
            return _error_of(inner)
        message = error.get("message") or (inner if isinstance(inner, str) else None) or json.dumps(error)
        code = error.get("code")
        return str(message), None if code is None else str(code)
    return str(error), None


class Translator:
    """Reads one case's upstream and hands each happening to the protocol's writer."""

    def __init__(self, ctx: AdapterContext, capabilities: Capabilities, writer: type[Writer],
                 request: RunRequest) -> None:
        assert ctx.model is not None, "these adapters run in process"
        self.ctx, self.request = ctx, request
        self.run = Run(request=request, capabilities=capabilities, model=request.model)
        self.writer = writer(self.run)
        self.policies = capabilities.policies.resolved(capabilities.output)
        self.texts: dict[str, str | None] = {}  # upstream text id -> our message id (None: not opened yet)
        self.reasonings: dict[str, str | None] = {}
        self.reason: str | None = None
        self.usage: Usage | None = None
        self.finished = False

    async def events(self) -> AsyncIterator[Event]:
        for event in self.writer.started():
            yield event
        options: dict[str, Any] = {"prompt": to_prompt(self.request.messages, self.ctx.dialect),
                                   "abort_signal": self.request.abort}
        if self.request.tools:
            options["tools"] = to_tools(self.request.tools)
        assert self.ctx.model is not None
        try:
            result = await self.ctx.model.do_stream(options)
        except Exception as exc:  # a refused request: the run's error (row 8.1.21), never a raise
            for event in self.writer.failed(*_error_of(exc)):
                yield event
            return
        if self.request.abort.aborted:  # nothing after the caller's abort (row 8.1.22)
            return
        for event in self.writer.step_started():
            yield event
        stream = result.stream
        try:
            async for part in stream:
                if self.request.abort.aborted:
                    return
                done = False
                for event in self._part(part):
                    if event.get("__end__"):
                        done = True
                        continue
                    yield event
                if done or self.request.abort.aborted:
                    return
        except Exception as exc:  # a cut connection: the run's error
            if self.request.abort.aborted:
                return
            for event in self.writer.failed(*_error_of(exc)):
                yield event
            return
        finally:
            close = getattr(stream, "aclose", None)
            if close is not None:
                await close()
        if self.request.abort.aborted:
            return
        for event in self._end():
            yield event

    # ------------------------------------------------------------------ parts
    def _part(self, part: dict[str, Any]) -> list[Event]:
        kind = part.get("type")
        handler = getattr(self, "_on_" + str(kind).replace("-", "_"), None)
        return handler(part) if handler is not None else []  # file, source, raw, unknown: nothing to show

    def _on_response_metadata(self, part: dict[str, Any]) -> list[Event]:
        if part.get("modelId"):
            self.run.model = part["modelId"]
        if part.get("id"):
            self.run.response_id = part["id"]
        return []

    def _on_text_start(self, part: dict[str, Any]) -> list[Event]:
        self.texts[part["id"]] = None  # opened at its first non-empty delta: no empty messages
        return []

    def _on_text_delta(self, part: dict[str, Any]) -> list[Event]:
        if part["delta"] == "":
            return []
        out: list[Event] = []
        message_id = self.texts.get(part["id"])
        if message_id is None:
            message_id = self.run.mint("msg")
            self.texts[part["id"]] = message_id
            out += self.writer.text_start(message_id)
        return out + self.writer.text_delta(message_id, part["delta"])

    def _on_text_end(self, part: dict[str, Any]) -> list[Event]:
        message_id = self.texts.pop(part["id"], None)
        return self.writer.text_end(message_id) if message_id is not None else []

    def _on_reasoning_start(self, part: dict[str, Any]) -> list[Event]:
        self.reasonings[part["id"]] = None
        return []

    def _on_reasoning_delta(self, part: dict[str, Any]) -> list[Event]:
        if part["delta"] == "":
            return []
        out: list[Event] = []
        message_id = self.reasonings.get(part["id"])
        if message_id is None:
            message_id = self.run.mint("reasoning")
            self.reasonings[part["id"]] = message_id
            out += self.writer.reasoning_start(message_id)
        return out + self.writer.reasoning_delta(message_id, part["delta"])

    def _on_reasoning_end(self, part: dict[str, Any]) -> list[Event]:
        message_id = self.reasonings.pop(part["id"], None)
        return self.writer.reasoning_end(message_id) if message_id is not None else []

    def _on_tool_input_start(self, part: dict[str, Any]) -> list[Event]:
        if part["id"] in self.run.calls:
            return []
        call = Call(id=part["id"], name=part["toolName"], provider_executed=bool(part.get("providerExecuted")))
        self.run.calls[call.id] = call
        call.started = True
        return self.writer.tool_start(call)

    def _on_tool_input_delta(self, part: dict[str, Any]) -> list[Event]:
        call = self.run.calls.get(part["id"])
        if call is None or call.ended or part["delta"] == "":
            return []
        call.text += part["delta"]
        return self.writer.tool_args(call, part["delta"])

    def _on_tool_call(self, part: dict[str, Any]) -> list[Event]:
        call = self.run.calls.get(part["toolCallId"])
        out: list[Event] = []
        if call is None:  # an atomic call: start, arguments, end
            call = Call(id=part["toolCallId"], name=part["toolName"],
                        provider_executed=bool(part.get("providerExecuted")))
            self.run.calls[call.id] = call
            call.started = True
            out += self.writer.tool_start(call)
        elif call.ended:  # a replay of a call already handed over
            return []
        text = part.get("input") or ""
        if call.text == "" and text:
            call.text = text
            out += self.writer.tool_args(call, text)
        elif text and call.text != text and text.startswith(call.text):
            rest = text[len(call.text):]
            call.text = text
            out += self.writer.tool_args(call, rest)
        call.ended = call.completed = True
        return out + self.writer.tool_end(call, parse_input(call.text))

    def _on_tool_result(self, part: dict[str, Any]) -> list[Event]:
        if part.get("preliminary") and self.policies.preliminary_results == "drop":
            return []
        call = self.run.calls.get(part["toolCallId"])
        if call is None:
            call = Call(id=part["toolCallId"], name=part["toolName"], provider_executed=True, started=True, ended=True)
            self.run.calls[call.id] = call
        return self.writer.tool_result(call, part.get("result"), bool(part.get("isError")))

    def _on_tool_approval_request(self, part: dict[str, Any]) -> list[Event]:
        call = self.run.calls.get(part["toolCallId"])
        if call is None:
            return []
        self._approval = (call, part["approvalId"])
        return []

    def _on_finish(self, part: dict[str, Any]) -> list[Event]:
        self.finished = True
        reason = part.get("finishReason")  # V2: a string; V3/V4: {unified, raw} (read unified, never the object)
        self.reason = reason.get("unified", "other") if isinstance(reason, dict) else str(reason or "other")
        self.run.upstream_reason = self.reason
        self.usage = Usage.read(part.get("usage"))
        return []

    def _on_error(self, part: dict[str, Any]) -> list[Event]:
        return [*self.writer.failed(*_error_of(part.get("error"))), {"__end__": True}]

    # ------------------------------------------------------------------ the end
    def _end(self) -> list[Event]:
        out: list[Event] = []
        if not self.finished and self.policies.missing_finish == "error":
            return self.writer.failed("The model stream ended without a finish part.", None)
        if self.reason == "error":
            return self.writer.failed("The model reported an error (finish reason 'error').", None)
        for call in self.run.calls.values():  # never completed: ended with what streamed (docs/adapters.md)
            if call.started and not call.ended:
                call.ended = True
                out += self.writer.tool_end(call, parse_input(call.text))
        for upstream_id, message_id in list(self.texts.items()):
            if message_id is not None:
                out += self.writer.text_end(message_id)
            del self.texts[upstream_id]
        for upstream_id, message_id in list(self.reasonings.items()):
            if message_id is not None:
                out += self.writer.reasoning_end(message_id)
            del self.reasonings[upstream_id]
        approval = getattr(self, "_approval", None)
        if approval is not None:
            call, approval_id = approval
            return out + self.writer.approval(call, approval_id, parse_input(call.text), self._reason(), self.usage)
        return out + self.writer.finished(self._reason(), self.usage)

    def _reason(self) -> str:
        unified = self.reason or "other"
        if self.policies.finish_reason == "engine":
            if any(c.completed and not c.provider_executed for c in self.run.calls.values()):
                return "tool_calls"
            return _TANSTACK_REASONS.get(unified, self.policies.unknown_finish)
        return _AI_REASONS.get(unified, self.policies.unknown_finish)


class DocsAdapter:
    """The adapter object the factory returns (README, Quickstart 1): capabilities, ``stream`` and
    ``input_modalities`` (docs/adapters.md, "A model's input modalities"). A subclass names its writer."""

    capabilities: Capabilities
    writer: type[Writer] = Writer

    def __init__(self, ctx: AdapterContext) -> None:
        self.ctx = ctx

    @property
    def input_modalities(self) -> list[str] | None:
        info = self.ctx.model_info
        if info is None:
            return None
        names = {"text": "text", "image": "image", "audio": "audio", "video": "video", "pdf": "document"}
        return [names[m] for m in info["modalities"]["input"] if m in names]

    def stream(self, request: RunRequest) -> AsyncIterator[Event]:
        return Translator(self.ctx, self.capabilities, self.writer, request).events()


def base_capabilities(name: str, output: Any) -> Capabilities:
    """What every adapter here declares: V2, V3 and V4 parts in, the features its core implements."""
    from conformance.contract import Policies

    return Capabilities(
        name=name, inputs=["v2", "v3", "v4"], output=output,
        features={"tools", "parallel_tools", "reasoning", "abort", "provider_executed", "approval", "multimodal"},
        policies=Policies(malformed_args="raw", missing_usage="omit", abort="silent", missing_finish="error"),
    )
