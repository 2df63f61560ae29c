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

import asyncio
import inspect
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from conformance.contract import AdapterContext, Capabilities, RunRequest
from tests.contract_adapters import _structured as structured

Event = dict[str, Any]
MAX_RETRY_WAIT = 5.0  # seconds: a longer Retry-After gives up rather than outlive the case's time bound

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
    run_here: bool = False  # a server tool the adapter ran itself (not the caller's to run)


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

    # An agent loop's usage: summed over its model calls, or the last call's own (TanStack).
    loop_usage = "sum"

    def __init__(self, run: Run) -> None:
        self.run = run

    def started(self) -> list[Event]:
        return []

    def step_started(self) -> list[Event]:
        return []

    def step_finished(self) -> list[Event]:
        """A model call ended and the loop goes on to the next."""
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

    def structured_start(self, message_id: str) -> list[Event]:
        """Before the text message that carries a structured answer."""
        return []

    def structured(self, value: Any, raw: str) -> list[Event]:
        """The structured answer, parsed, before the terminal (protocols without such an event: nothing)."""
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


def _status_of(error: BaseException) -> int | None:
    """The HTTP status of a refused model call (``APICallError``), if it says one."""
    for name in ("status_code", "statusCode", "status"):
        value = getattr(error, name, None)
        if isinstance(value, int):
            return value
    return None


def _retry_after(error: BaseException) -> float | None:
    """Seconds the refusal asked to wait: ``retry-after-ms``, or a numeric ``Retry-After`` under 60 s."""
    headers = getattr(error, "response_headers", None) or getattr(error, "headers", None) or {}
    lowered = {str(k).lower(): str(v) for k, v in dict(headers).items()}
    try:
        if "retry-after-ms" in lowered:
            return float(lowered["retry-after-ms"]) / 1000
        if "retry-after" in lowered and float(lowered["retry-after"]) < 60:
            return float(lowered["retry-after"])
    except ValueError:
        return None
    return None


def _add(a: Usage | None, b: Usage | None) -> Usage | None:
    """Two turns' usage summed (an agent loop reports the run's total)."""
    if a is None or b is None:
        return a or b

    def plus(x: int | None, y: int | None) -> int | None:
        return None if x is None and y is None else (x or 0) + (y or 0)

    return Usage(input=plus(a.input, b.input), output=plus(a.output, b.output),
                 reasoning=plus(a.reasoning, b.reasoning), cache_read=plus(a.cache_read, b.cache_read),
                 cache_write=plus(a.cache_write, b.cache_write),
                 provider_total=None if a.provider_total is None or b.provider_total is None
                 else a.provider_total + b.provider_total)


def _tool_result_part(call: Call, result: Any, error: bool) -> dict[str, Any]:
    """A server tool's result as the prompt's ``tool-result`` part (docs/scenarios.md: output json or text)."""
    output = {"type": "text", "value": str(result)} if error or isinstance(result, str) else {
        "type": "json", "value": result}
    return {"type": "tool-result", "toolCallId": call.id, "toolName": call.name, "output": output}


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
        self.usage: Usage | None = None  # this turn's
        self.turns_usage: Usage | None = None  # the earlier turns' (an agent loop sums them)
        self.finished = False
        self.stopped = False  # the run has ended (or the caller aborted)
        self.approval: tuple[Call, str] | None = None
        self.prompt = to_prompt(request.messages, ctx.dialect)
        self.turn_calls: list[str] = []
        self.answer_started = False
        self.turn_text = ""

    async def events(self) -> AsyncIterator[Event]:
        """The run: one model call per turn while the model calls server tools (docs/mock-provider.md,
        "Agent loops"), then exactly one terminal event (or nothing more after the caller's abort)."""
        for event in self.writer.started():
            yield event
        while not self.stopped:
            async for event in self._turn():
                yield event
            if self.stopped:
                return
            async for event in self._after_turn():
                yield event

    async def _request(self, options: dict[str, Any]) -> Any:
        """``do_stream``, a refused call retried (429, 5xx) at most ``max_retries`` times after its Retry-After."""
        assert self.ctx.model is not None
        attempts = 0
        while True:
            try:
                return await self.ctx.model.do_stream(options)
            except Exception as exc:
                status = _status_of(exc)
                retryable = status is not None and (status in (408, 409, 429) or status >= 500)
                if not retryable or attempts >= self.run.capabilities.max_retries or self.request.abort.aborted:
                    raise
                attempts += 1
                delay = _retry_after(exc)
                if delay is not None and delay > MAX_RETRY_WAIT:  # would outlive the case (docs/mock-provider.md)
                    raise
                await asyncio.sleep(delay if delay is not None else (2 ** attempts) * self.ctx.time_scale)

    async def _turn(self) -> AsyncIterator[Event]:
        """One model call: its parts as events; ``stopped`` when the run ended in it."""
        options: dict[str, Any] = {"prompt": self.prompt, "abort_signal": self.request.abort}
        if self.request.tools:
            options["tools"] = to_tools(self.request.tools)
        if self.request.output_schema is not None:
            options = structured.request_options(options, self.request.output_schema, self.request.structured_mode)
        self.turn_calls, self.turn_text, self.finished, self.reason = [], "", False, None
        try:
            result = await self._request(options)
        except Exception as exc:  # a refused request: the run's error (row 8.1.21), never a raise
            self.stopped = True
            if not self.request.abort.aborted:
                for event in self.writer.failed(*_error_of(exc)):
                    yield event
            return
        if self.request.abort.aborted:  # nothing after the caller's abort (row 8.1.22)
            self.stopped = True
            return
        for event in self.writer.step_started():
            yield event
        stream = result.stream
        try:
            async for part in stream:
                if self.request.abort.aborted:
                    self.stopped = True
                    return
                for event in self._part(part):
                    if event.get("__end__"):
                        self.stopped = True
                        continue
                    yield event
                if self.stopped or self.request.abort.aborted:
                    self.stopped = True
                    return
        except Exception as exc:  # a cut connection: the run's error
            self.stopped = True
            if not self.request.abort.aborted:
                for event in self.writer.failed(*_error_of(exc)):
                    yield event
            return
        finally:
            close = getattr(stream, "aclose", None)
            if close is not None:
                await close()
        if self.request.abort.aborted:
            self.stopped = True

    async def _after_turn(self) -> AsyncIterator[Event]:
        """Run the turn's server tools and ask the model again, or end the run."""
        server = {t["name"]: t for t in self.request.tools if t.get("server")}
        calls = [self.run.calls[i] for i in self.turn_calls]
        calls = [c for c in calls if c.completed and not c.provider_executed]
        to_run = [c for c in calls if c.name in server]
        client = [c for c in calls if c.name not in server]
        if not self.finished or self.approval is not None or not to_run:
            self.stopped = True
            for event in self._end():
                yield event
            return
        outputs: list[dict[str, Any]] = []
        for call in to_run:
            call.run_here = True
            value = parse_input(call.text)
            if value is MALFORMED:  # not run: the model is told, the stream shows nothing
                outputs.append(_tool_result_part(call, f"Invalid JSON arguments: {call.text}", error=True))
                continue
            try:
                result = server[call.name]["execute"](call.id, value)
                if inspect.isawaitable(result):
                    result = await result
                error = False
            except Exception as exc:
                result, error = str(exc), True
            if self.request.abort.aborted:  # the caller aborted while the tool ran: no more model calls
                self.stopped = True
                return
            for event in self.writer.tool_result(call, result, error):
                yield event
            outputs.append(_tool_result_part(call, result, error=error))
        if client:  # the caller's own calls: the run ends with them for the caller to run
            self.stopped = True
            for event in self._end():
                yield event
            return
        for event in self._close_turn():
            yield event
        self.turns_usage = _add(self.turns_usage, self.usage)
        self.usage = None
        assistant: list[dict[str, Any]] = [{"type": "text", "text": self.turn_text}] if self.turn_text else []
        for call in calls:
            value = parse_input(call.text)
            assistant.append({"type": "tool-call", "toolCallId": call.id, "toolName": call.name,
                              "input": call.text if value is MALFORMED else value})
        # One tool message per result, in the calls' order (docs/mock-provider.md, "Agent loops").
        self.prompt = [*self.prompt, {"role": "assistant", "content": assistant},
                       *({"role": "tool", "content": [output]} for output in outputs)]

    def _close_turn(self) -> list[Event]:
        """Between two model calls: what the turn left open is closed, its step ended."""
        out: list[Event] = []
        for upstream_id, message_id in list(self.texts.items()):
            if message_id is not None:
                out += self.writer.text_end(message_id)
            del self.texts[upstream_id]
        for upstream_id, message_id in list(self.reasonings.items()):
            if message_id is not None:
                out += self.writer.reasoning_end(message_id)
            del self.reasonings[upstream_id]
        return out + self.writer.step_finished()

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
            if self.request.output_schema is not None and not self.answer_started:
                self.answer_started = True  # the answer's message is the structured output's
                out += self.writer.structured_start(message_id)
            out += self.writer.text_start(message_id)
        self.turn_text += part["delta"]
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
        if self._answer_tool(part["toolName"]):  # the forced structured_output tool: its input is the answer
            self.texts[part["id"]] = None
            return []
        if part["id"] in self.run.calls:
            return []
        call = Call(id=part["id"], name=part["toolName"], provider_executed=bool(part.get("providerExecuted")))
        self.run.calls[call.id] = call
        self.turn_calls.append(call.id)
        call.started = True
        return self.writer.tool_start(call)

    def _on_tool_input_delta(self, part: dict[str, Any]) -> list[Event]:
        if part["id"] in self.texts:
            return self._on_text_delta(part)
        call = self.run.calls.get(part["id"])
        if call is None or call.ended or part["delta"] == "":
            return []
        call.text += part["delta"]
        return self.writer.tool_args(call, part["delta"])

    def _on_tool_call(self, part: dict[str, Any]) -> list[Event]:
        if self._answer_tool(part["toolName"]):
            upstream_id = part["toolCallId"]
            answer = [] if self.texts.get(upstream_id) is not None else self._on_text_delta(
                {"id": upstream_id, "delta": part.get("input") or ""})
            return answer + self._on_text_end({"id": upstream_id})
        call = self.run.calls.get(part["toolCallId"])
        out: list[Event] = []
        if call is None:  # an atomic call: start, arguments, end
            call = Call(id=part["toolCallId"], name=part["toolName"],
                        provider_executed=bool(part.get("providerExecuted")))
            self.run.calls[call.id] = call
            self.turn_calls.append(call.id)
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
        self.approval = (call, part["approvalId"])
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
        usage = self.usage if self.writer.loop_usage == "last-call" else _add(self.turns_usage, self.usage)
        schema = self.request.output_schema
        if schema is not None:
            parsed = structured.parse_answer(self.turn_text)
            if parsed is None:
                return out + self.writer.failed(structured.failure_message(self.turn_text), None)
            value, raw = parsed
            out += self.writer.structured(structured.undo_null_widening(value, schema), raw)
        if self.approval is not None:
            call, approval_id = self.approval
            return out + self.writer.approval(call, approval_id, parse_input(call.text), self._reason(), usage)
        return out + self.writer.finished(self._reason(), usage)

    def _answer_tool(self, name: str) -> bool:
        return self.request.output_schema is not None and self.request.structured_mode == "tool" and (
            name == structured.TOOL_NAME)

    def _reason(self) -> str:
        unified = self.reason or "other"
        if self.policies.finish_reason == "engine":
            if any(c.completed and not c.provider_executed and not c.run_here for c in self.run.calls.values()):
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
        features={"tools", "parallel_tools", "reasoning", "abort", "provider_executed", "approval", "multimodal",
                  "server_tools", "retries", "structured_output",
                  # In process a <think>-tag stream reaches the adapter as reasoning parts already.
                  "think_tags"},
        policies=Policies(malformed_args="raw", missing_usage="omit", abort="silent", missing_finish="error"),
    )
