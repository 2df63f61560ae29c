"""An in-process scripted language model shaped like an AI SDK ``LanguageModel``.

:class:`ScriptedLanguageModel` plays one :class:`~mock_provider.scenario.Scenario` in one
dialect (``v2``/``v3``/``v4``/``mastra``): ``do_stream`` yields the script's parts encoded
by the dialect's encoder, honouring delays, faults and the caller's abort signal, and
records every call in a :class:`~mock_provider.request_log.RequestLog`.

Faults in-process (there is no HTTP here):

* ``http_status`` (first step only): ``do_stream``/``do_generate`` raise :class:`APICallError`.
* ``disconnect``: the stream raises :class:`StreamDisconnected` (a ``ConnectionError``).
* ``stall``: the stream waits for the abort signal (then ``AbortError``); without a
  signal it waits until the consumer's task is cancelled.
* ``raw_bytes``: there are no bytes to corrupt, so the stream yields an ``error`` item
  ``{name: 'TypeValidationError', message: 'malformed upstream chunk: <first 80 chars>'}``
  in the dialect's error shape: what an AI SDK provider emits for a chunk it cannot parse.
* ``split``: no effect (frame splitting only exists on the wire).

Agent loops (:mod:`mock_provider.turns`): a call gets the scenario's turn that follows the
assistant turns of its ``prompt``, and each call is counted as an attempt of that turn in the
log. A scripted failed attempt raises :class:`APICallError` (as an ``http_status`` fault); a
call past the last turn raises :class:`APICallError` 400 naming the scenario and the turn.

Example:
    >>> import asyncio
    >>> from mock_provider.scenario import Scenario
    >>> s = Scenario.model_validate({"id": "x.y.001", "title": "t", "rows": ["8.1.4"],
    ...     "citations": [{"ref": "r"}], "request": {"messages": [{"role": "user", "content": "hi"}]},
    ...     "script": [{"part": {"type": "text-delta", "id": "0", "delta": "Hi"}}],
    ...     "expected": {"text": "Hi"}})
    >>> async def main():
    ...     result = await ScriptedLanguageModel(s, "v4").do_stream({})
    ...     return [item async for item in result.stream]
    >>> asyncio.run(main())
    [{'type': 'text-delta', 'id': '0', 'delta': 'Hi'}]
"""

from __future__ import annotations

import asyncio
import copy
import http
import json
import time
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass, field
from typing import Any

from mock_provider.abort import AbortError
from mock_provider.dialects import part_dialect
from mock_provider.dialects.base import DialectError, FinishShape
from mock_provider.parts import (
    Abort,
    BackgroundTask,
    Data,
    Error,
    Finish,
    ObjectPartial,
    ObjectResult,
    Part,
    Ping,
    Raw,
    ReasoningDelta,
    ReasoningEnd,
    ReasoningSignature,
    ReasoningStart,
    RedactedReasoning,
    ResponseMetadata,
    StepFinish,
    StepStart,
    StreamStart,
    TextDelta,
    TextEnd,
    TextStart,
    ToolError,
    ToolInputDelta,
    ToolInputEnd,
    ToolInputStart,
    ToolOutputDenied,
    ToolSuspended,
    Tripwire,
)
from mock_provider.request_log import CallKind, RequestLog, RequestRecord
from mock_provider.scenario import (
    DisconnectFault,
    HttpStatusFault,
    RawBytesFault,
    Scenario,
    StallFault,
    Step,
)
from mock_provider.timing import scripted_sleep
from mock_provider.turns import TurnPick, pick_turn, refusal

PROVIDER = "mock-provider"


class APICallError(Exception):
    """The upstream answered with an HTTP error status (AI SDK ``APICallError``).

    ``response_body`` is the body text, as in AI SDK (a JSON body is serialised). The
    message is the body's ``error.message`` (or ``message``) when there is one, else the
    status text, like AI SDK's JSON error response handler.

    >>> e = APICallError(429, {"error": {"message": "Rate limit"}}, {"retry-after": "1"})
    >>> str(e), e.status_code, e.is_retryable, e.response_body
    ('Rate limit', 429, True, '{"error": {"message": "Rate limit"}}')
    >>> str(APICallError(400, None, {})), APICallError(400, None, {}).is_retryable
    ('Bad Request', False)
    """

    def __init__(
        self,
        status_code: int,
        response_body: Any = None,
        response_headers: dict[str, str] | None = None,
        *,
        message: str | None = None,
    ) -> None:
        self.status_code = status_code
        if response_body is None or isinstance(response_body, str):
            self.response_body: str | None = response_body
        else:
            self.response_body = json.dumps(response_body)
        self.response_headers = dict(response_headers or {})
        self.is_retryable = status_code in (408, 409, 429) or status_code >= 500
        super().__init__(message or _error_message(status_code, response_body))


def _error_message(status: int, body: Any) -> str:
    if isinstance(body, dict):
        err = body.get("error")
        if isinstance(err, dict) and isinstance(err.get("message"), str):
            return str(err["message"])
        if isinstance(err, str):
            return err
        if isinstance(body.get("message"), str):
            return str(body["message"])
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return f"HTTP {status}"


class StreamDisconnected(ConnectionError):
    """The upstream dropped the connection mid-stream (a ``disconnect`` fault)."""


class UpstreamError(Exception):
    """``do_generate`` met an in-band ``error`` part: a non-streaming call fails as a whole.

    >>> UpstreamError({"message": "boom"}).error
    {'message': 'boom'}
    """

    def __init__(self, error: Any) -> None:
        self.error = error
        super().__init__(f"upstream error: {error!r}")


@dataclass
class StreamResult:
    """What ``do_stream`` resolves to (AI SDK ``LanguageModelV*StreamResult``).

    ``stream`` is an async generator: close it (``await stream.aclose()``) when stopping
    early so the request log records ``client_left_early`` at once rather than when the
    generator is garbage-collected. A stream that is never iterated at all runs no code,
    so its record stays open (``ended_at`` None, nothing flagged).
    """

    stream: AsyncGenerator[dict[str, Any], None]
    request: dict[str, Any] = field(default_factory=dict)
    response: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Planned:
    """One script step with its items already encoded (encoding is eager, see ``_plan``)."""

    step: Step
    items: list[dict[str, Any]]


def _silent_of(plan: list[_Planned]) -> frozenset[int]:
    """The steps of a plan that hand the adapter nothing (see ``ScriptedLanguageModel.silent_steps``)."""
    return frozenset(i for i, planned in enumerate(plan) if not planned.items and planned.step.fault is None)


_BLOCK_PARTS = (TextStart, TextDelta, TextEnd, ReasoningStart, ReasoningDelta, ReasoningEnd)
# Agent-loop chunks (step boundaries, tool suspensions/errors, tripwires ...): a doGenerate result has no
# content item for them.
_AGENT_PARTS = (StepStart, StepFinish, ToolSuspended, ToolError, ToolOutputDenied, ReasoningSignature,
                RedactedReasoning, Abort, ObjectPartial, ObjectResult, Data, Tripwire, BackgroundTask)
_NO_CONTENT_PARTS = (ToolInputStart, ToolInputDelta, ToolInputEnd, Raw, Ping, *_AGENT_PARTS)


# doGenerate's finishReason/usage when the script has no finish, per finish shape.
_NO_FINISH: dict[FinishShape, dict[str, Any]] = {
    "string": {"finishReason": "unknown", "usage": {}},
    "mastra": {"finishReason": "other", "usage": {}},
    "unified": {"finishReason": {"unified": "other"}, "usage": {"inputTokens": {}, "outputTokens": {}}},
}


def _error_text(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


class ScriptedLanguageModel:
    """A language model that replays a scenario script in one dialect.

    ``steps_emitted`` counts the steps of the current (or last) call whose items were
    all handed out (a fault counts once it took effect); ``exhausted`` is true when that
    reached the end of the script. Both describe the latest call, so run one call at a
    time per model instance.

    ``on_step(i)`` is called before step ``i`` is emitted (``i`` = steps emitted so far)
    and once more with ``i == len(script)`` after the last step, so a harness can abort
    "after N steps" for every N from 0 to the script length.

    >>> from mock_provider.scenario import Scenario
    >>> s = Scenario.model_validate({"id": "x.y.001", "title": "t", "rows": ["8.1.4"],
    ...     "citations": [{"ref": "r"}], "request": {"messages": [{"role": "user", "content": "hi"}]},
    ...     "script": [{"part": {"type": "ping"}}], "expected": {}})
    >>> m = ScriptedLanguageModel(s, "v4")
    >>> m.specification_version, m.provider, m.model_id
    ('v4', 'mock-provider', 'scenario:x.y.001')
    """

    def __init__(
        self,
        scenario: Scenario,
        dialect: str,
        *,
        time_scale: float = 0.0,
        log: RequestLog | None = None,
        on_step: Callable[[int], None] | None = None,
    ) -> None:
        self._dialect = part_dialect(dialect)  # ValueError for an unknown name
        if time_scale < 0:
            raise ValueError(f"time_scale must be >= 0, got {time_scale}")
        self.scenario = scenario
        self.dialect = dialect
        self.specification_version = dialect
        self.provider = PROVIDER
        self.model_id = f"scenario:{scenario.id}"
        self.supported_urls: dict[str, list[Any]] = {}
        self.time_scale = time_scale
        self.log = log if log is not None else RequestLog()
        self.on_step = on_step
        self._steps_emitted = 0
        self._turn = scenario  # the scenario as the current (or last) call's turn sees it
        self._silent: dict[int, frozenset[int]] = {}  # per turn, from the plan do_stream made
        self._call_plan: list[_Planned] = []  # the plan of the current (or last) do_stream call
        self._encoded: list[list[dict[str, Any]]] | None = None  # turn 1's items, encoded by the caller (once)

    # ------------------------------------------------------------ state
    @property
    def steps_emitted(self) -> int:
        """Script steps emitted so far in the current or last call."""
        return self._steps_emitted

    @property
    def exhausted(self) -> bool:
        """True once every script step of the current or last call (its turn's script) was emitted."""
        return self._steps_emitted == len(self._turn.script)

    def _mark(self, steps: int, record: RequestRecord) -> None:
        self._steps_emitted = steps
        record.steps_sent = steps

    def silent_steps(self, turn: int = 1) -> frozenset[int]:
        """Script steps that hand the adapter nothing in this dialect (``stream-start`` in Mastra).

        Running through them costs an adapter no read, so an abort check never counts them as
        steps in flight. Empty when the script cannot be planned (it never ran either).

        >>> from mock_provider.scenario import load_corpus
        >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
        >>> sorted(ScriptedLanguageModel(s, "mastra").silent_steps())
        [0]
        """
        if turn in self._silent:
            return self._silent[turn]  # the turn was played: its plan is not encoded a second time
        try:
            plan = self._plan(self.scenario.for_turn(turn))
        except (DialectError, ValueError, IndexError):
            return frozenset()
        return _silent_of(plan)

    def step_items(self, turn: int = 1) -> list[list[dict[str, Any]]]:
        """The dialect items each script step hands the adapter (a fault step: none, or the
        in-band ``error`` of a ``raw_bytes`` fault); ``DialectError`` when inexpressible.

        This is exactly what ``do_stream`` yields, so the type oracle checks what adapters get.

        >>> from mock_provider.scenario import load_corpus
        >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
        >>> [[i["type"] for i in items] for items in ScriptedLanguageModel(s, "v4").step_items()][:2]
        [['stream-start'], ['response-metadata']]
        """
        return [list(planned.items) for planned in self._plan(self.scenario.for_turn(turn))]

    def reads_ahead(self) -> tuple[list[dict[str, Any]], BaseException | None] | None:
        """What the current call's stream hands out when read to its end, worked out without reading it:
        its items, and what the read after the last one raises (None: the stream just ends).

        None when a step of the call waits (a delay at a non-zero time scale, a stall): only a stream
        whose reads all return at once can be handed to a reader ahead of its reads. Nothing is
        emitted, logged or called back: the stream itself is still to be read.

        >>> import asyncio
        >>> from mock_provider.scenario import load_corpus
        >>> m = ScriptedLanguageModel(next(s for s in load_corpus() if s.id == "text.basic.001"), "v3")
        >>> _ = asyncio.run(m.do_stream({}))
        >>> items, end = m.reads_ahead()
        >>> items[0]["type"], end, m.steps_emitted
        ('stream-start', None, 0)
        """
        items: list[dict[str, Any]] = []
        for index, planned in enumerate(self._call_plan):
            step = planned.step
            if (step.delay_ms and self.time_scale) or isinstance(step.fault, StallFault):
                return None
            if isinstance(step.fault, DisconnectFault):
                return items, self._disconnected(index)
            items.extend(planned.items)
        return items, None

    # ------------------------------------------------------------ planning
    def take_encoded(self, items: list[list[dict[str, Any]]]) -> None:
        """Turn 1's items, step by step, as this dialect's fresh encoder gives them for the scenario's script
        (its ``part`` or ``raw_part``; ``[]`` for a step with neither): the first plan of turn 1 hands these
        out instead of encoding the script again. The caller checked the script was expressible by encoding it
        (:func:`conformance.execution.execute`) and holds the items no more; a script with a ``raw_bytes``
        fault (whose error part the plan encodes in between) is encoded again all the same.

        >>> from mock_provider.scenario import load_corpus
        >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
        >>> m = ScriptedLanguageModel(s, "v3")
        >>> m.take_encoded([[{"type": "marked"}] for _ in s.script])
        >>> m.step_items()[0], m.step_items()[0]  # the next plan encodes the script itself
        ([{'type': 'marked'}], [{'type': 'stream-start', 'warnings': []}])
        """
        self._encoded = items

    def _plan(self, scenario: Scenario) -> list[_Planned]:
        """Encode a turn's whole script up front, so an inexpressible scenario (``DialectError``)
        or a misplaced fault fails in ``do_stream`` before any item is yielded."""
        encoded, self._encoded = self._encoded, None  # given for one plan of turn 1 only
        if encoded is not None and (scenario is not self.scenario or len(encoded) != len(scenario.script)
                                    or any(isinstance(step.fault, RawBytesFault) for step in scenario.script)):
            encoded = None
        enc = self._dialect.encoder(scenario.id)
        plan: list[_Planned] = []
        for index, step in enumerate(scenario.script):
            items: list[dict[str, Any]] = []
            if encoded is not None and (step.part is not None or step.raw_part is not None):
                items = encoded[index]
            elif step.part is not None:
                items = enc.encode(step.part)
            elif step.raw_part is not None:
                items = enc.encode_raw(step.raw_part)
            elif isinstance(step.fault, HttpStatusFault) and index > 0:
                raise ValueError(
                    f"scenario {scenario.id}: http_status fault at step {index}; "
                    "it is only allowed as the first step (a status precedes the body)"
                )
            elif isinstance(step.fault, RawBytesFault):
                # AI SDK providers turn an unparsable chunk into an in-band error part.
                error = {
                    "name": "TypeValidationError",
                    "message": f"malformed upstream chunk: {step.fault.data[:80]}",
                }
                items = enc.encode(Error(type="error", error=error))
            plan.append(_Planned(step, items))
        return plan

    # ------------------------------------------------------------ step machinery
    async def _before_step(self, index: int, signal: Any, delay_ms: float) -> None:
        if self.on_step is not None:
            self.on_step(index)
        if signal is not None and signal.aborted:
            raise AbortError(f"The operation was aborted ({signal.reason or 'aborted'})")
        await scripted_sleep(delay_ms, self.time_scale, signal)

    async def _stall(self, signal: Any) -> None:
        if signal is None:
            # Nobody can abort: hang until the consumer's task is cancelled.
            await asyncio.Event().wait()
            return
        await signal.wait()
        raise AbortError(f"The operation was aborted ({signal.reason or 'aborted'})")

    def _disconnected(self, index: int) -> StreamDisconnected:
        return StreamDisconnected(f"scenario {self.scenario.id}: upstream disconnected at step {index}")

    def _response(self) -> dict[str, Any]:
        return {"headers": {"x-mock-scenario": self.scenario.id}}

    def _start(self, kind: CallKind, options: dict[str, Any]) -> tuple[RequestRecord, TurnPick]:
        self._steps_emitted = 0
        record = self.log.start(kind, self.scenario.id, self.dialect, options)
        pick = pick_turn(self.scenario, self.dialect, options, self.log, record.scope)
        pick.record(record)
        self._turn = self.scenario if pick.past_last_turn else self.scenario.for_turn(pick.turn)
        return record, pick

    def _refuse(self, pick: TurnPick) -> None:
        """Raise what a failed attempt or a turn past the last gets, as for an ``http_status`` fault."""
        refused = refusal(self.scenario, self.dialect, pick)
        if refused is not None:
            raise APICallError(refused.status, refused.body, refused.headers)

    # ------------------------------------------------------------ do_stream
    async def do_stream(self, options: dict[str, Any]) -> StreamResult:
        """Start a stream (AI SDK ``doStream``).

        Raises before any item: ``DialectError`` (the dialect cannot express the script),
        :class:`APICallError` (``http_status`` fault), ``AbortError`` (signal already fired).

        >>> import asyncio
        >>> from mock_provider.scenario import Scenario
        >>> s = Scenario.model_validate({"id": "x.y.001", "title": "t", "rows": ["8.1.4"],
        ...     "citations": [{"ref": "r"}], "request": {"messages": [{"role": "user", "content": "hi"}]},
        ...     "script": [{"fault": {"kind": "http_status", "status": 503}}], "expected": {}})
        >>> asyncio.run(ScriptedLanguageModel(s, "v3").do_stream({}))
        Traceback (most recent call last):
        ...
        mock_provider.model.APICallError: Service Unavailable
        """
        record, pick = self._start("stream", options)
        signal = options.get("abort_signal")
        try:
            self._refuse(pick)
            plan = self._call_plan = self._plan(self._turn)
            if not pick.past_last_turn:
                self._silent.setdefault(pick.turn, _silent_of(plan))
            if signal is not None and signal.aborted:
                raise AbortError(f"The operation was aborted ({signal.reason or 'aborted'})")
            first = plan[0].step
            if isinstance(first.fault, HttpStatusFault):
                await self._before_step(0, signal, first.delay_ms)
                self._mark(1, record)
                fault = first.fault
                raise APICallError(fault.status, fault.body, fault.headers)
        except BaseException as exc:
            self._close_record(record, exc)
            raise
        return StreamResult(
            stream=self._stream(plan, signal, record),
            request={"body": copy.deepcopy(record.options)},
            response=self._response(),
        )

    def _close_record(self, record: RequestRecord, exc: BaseException | None) -> None:
        if isinstance(exc, AbortError):
            record.aborted = True
            record.aborted_after_step = self._steps_emitted
        if isinstance(exc, GeneratorExit | asyncio.CancelledError):
            if self._steps_emitted < len(self._turn.script):
                record.client_left_early = True
        elif exc is not None:
            record.error = _error_text(exc)
        else:
            record.completed = True
        record.ended_at = time.monotonic()

    async def _stream(
        self, plan: list[_Planned], signal: Any, record: RequestRecord
    ) -> AsyncGenerator[dict[str, Any], None]:
        outcome: BaseException | None = None
        try:
            for index, planned in enumerate(plan):
                step = planned.step
                await self._before_step(index, signal, step.delay_ms)
                if isinstance(step.fault, DisconnectFault):
                    self._mark(index + 1, record)
                    raise self._disconnected(index)
                if isinstance(step.fault, StallFault):
                    await self._stall(signal)
                items = planned.items
                if not items:
                    self._mark(index + 1, record)
                for n, item in enumerate(items):
                    if n == len(items) - 1:
                        # Counted before the hand-off: a consumer that stops after the last
                        # item of the script has received everything (not "left early").
                        self._mark(index + 1, record)
                    yield item
            # One more boundary after the last step: an abort there still reaches the reader.
            await self._before_step(len(plan), signal, 0)
        except BaseException as exc:
            outcome = exc
            raise
        finally:
            self._close_record(record, outcome)

    # ------------------------------------------------------------ do_generate
    async def do_generate(self, options: dict[str, Any]) -> dict[str, Any]:
        """Run the script to its end and return one result (AI SDK ``doGenerate``-like).

        The result is ``{content, finishReason, usage, warnings, providerMetadata?, request,
        response}`` with ``finishReason``/``usage``/content items in the dialect's shapes
        (for ``mastra``: the normalised reason, Mastra's flat usage, and content items
        ``{type: chunk type, **payload}``). Text and reasoning deltas are joined per block;
        tool-input streaming, ``raw``, ``ping`` and unknown parts have no content item.
        Faults: ``http_status`` -> :class:`APICallError`; ``raw_bytes`` ->
        :class:`APICallError` "Invalid JSON response" (status 200), as AI SDK's JSON
        response handler; ``disconnect`` -> :class:`StreamDisconnected`; ``stall`` waits for
        the abort. An in-band ``error`` part raises :class:`UpstreamError`.

        >>> import asyncio
        >>> from mock_provider.scenario import Scenario
        >>> s = Scenario.model_validate({"id": "x.y.001", "title": "t", "rows": ["8.1.4"],
        ...     "citations": [{"ref": "r"}], "request": {"messages": [{"role": "user", "content": "hi"}]},
        ...     "script": [{"part": {"type": "text-delta", "id": "0", "delta": "Hi"}},
        ...                {"part": {"type": "finish", "finishReason": {"unified": "stop"}}}],
        ...     "expected": {}})
        >>> r = asyncio.run(ScriptedLanguageModel(s, "v2").do_generate({}))
        >>> r["content"], r["finishReason"]
        ([{'type': 'text', 'text': 'Hi'}], 'stop')
        """
        record, pick = self._start("generate", options)
        signal = options.get("abort_signal")
        outcome: BaseException | None = None
        try:
            self._refuse(pick)
            plan = self._plan(self._turn)
            if signal is not None and signal.aborted:
                raise AbortError(f"The operation was aborted ({signal.reason or 'aborted'})")
            for index, planned in enumerate(plan):
                step = planned.step
                await self._before_step(index, signal, step.delay_ms)
                fault = step.fault
                if isinstance(fault, HttpStatusFault):
                    self._mark(1, record)
                    raise APICallError(fault.status, fault.body, fault.headers)
                if isinstance(fault, RawBytesFault):
                    self._mark(index + 1, record)
                    raise APICallError(200, fault.data, {}, message="Invalid JSON response")
                if isinstance(fault, DisconnectFault):
                    self._mark(index + 1, record)
                    raise self._disconnected(index)
                if isinstance(fault, StallFault):
                    await self._stall(signal)
                self._mark(index + 1, record)
            await self._before_step(len(plan), signal, 0)
            result = self._assemble(plan)
            result["request"] = {"body": copy.deepcopy(record.options)}
            return result
        except BaseException as exc:
            outcome = exc
            raise
        finally:
            self._close_record(record, outcome)

    def _content_item(self, item: dict[str, Any]) -> dict[str, Any]:
        if self._dialect.envelope:
            payload = item.get("payload")
            return {"type": item["type"], **(payload if isinstance(payload, dict) else {})}
        return dict(item)

    def _assemble(self, plan: list[_Planned]) -> dict[str, Any]:
        """Build the doGenerate result from the planned parts (see :meth:`do_generate`)."""
        content: list[dict[str, Any]] = []
        open_blocks: dict[tuple[str, str], dict[str, Any]] = {}
        warnings: list[Any] = []
        response: dict[str, Any] = {}
        finish_item: dict[str, Any] | None = None

        def block(kind: str, part_id: str) -> dict[str, Any]:
            entry = open_blocks.get((kind, part_id))
            if entry is None:
                entry = {"type": kind, "text": ""}
                content.append(entry)
                open_blocks[(kind, part_id)] = entry
            return entry

        for planned in plan:
            part: Part | None = planned.step.part
            items = planned.items
            if part is None:
                continue
            if isinstance(part, _BLOCK_PARTS):
                kind = "text" if part.type.startswith("text") else "reasoning"
                entry = block(kind, part.id)
                if isinstance(part, TextDelta | ReasoningDelta):
                    entry["text"] += part.delta
                if part.provider_metadata is not None:
                    entry["providerMetadata"] = part.provider_metadata
                if isinstance(part, TextEnd | ReasoningEnd):
                    if isinstance(part, TextEnd) and part.citations and self._dialect.citations:
                        entry["citations"] = [
                            c.model_dump(by_alias=True, exclude_none=True) for c in part.citations
                        ]
                    open_blocks.pop((kind, part.id), None)
            elif isinstance(part, StreamStart):
                if items and not self._dialect.envelope:
                    warnings = list(items[0].get("warnings", []))
            elif isinstance(part, ResponseMetadata):
                response.update(part.model_dump(by_alias=True, exclude_none=True, exclude={"type"}))
            elif isinstance(part, Finish):
                finish_item = items[0] if items else None
            elif isinstance(part, Error):
                raise UpstreamError(part.error)
            elif isinstance(part, _NO_CONTENT_PARTS):
                continue  # no content item: e.g. the tool-call part carries the whole input
            else:
                # tool-call, tool-result, tool-approval-request, file, reasoning-file, source, custom
                content.extend(self._content_item(i) for i in items)

        result: dict[str, Any] = {"content": content}
        result.update(self._finish_fields(finish_item))
        result["warnings"] = warnings
        response.update(self._response())
        result["response"] = response
        return result

    def _finish_fields(self, item: dict[str, Any] | None) -> dict[str, Any]:
        """``finishReason``/``usage``/``providerMetadata`` from the encoded finish item, or the
        dialect's "no finish" defaults (V2 'unknown', V3/V4 {unified:'other'}, Mastra 'other')."""
        out: dict[str, Any] = {}
        shape = self._dialect.finish_shape
        if item is None:
            return copy.deepcopy(_NO_FINISH[shape])
        if shape == "mastra":
            payload = item["payload"]
            out["finishReason"] = payload["stepResult"]["reason"]
            out["usage"] = payload["output"]["usage"]
            src = payload
        else:
            out["finishReason"] = item["finishReason"]
            if "usage" in item:
                out["usage"] = item["usage"]
            src = item
        if src.get("providerMetadata") is not None:
            out["providerMetadata"] = src["providerMetadata"]
        return out
