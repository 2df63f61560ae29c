"""Scenario files: the request an adapter should make, the scripted upstream, the expected transcript.

Scenarios are YAML under ``fixtures/scenarios/`` and validate through pydantic. Load errors
name the file, the line and the field (:class:`ScenarioError`).

Example:
    >>> s = Scenario.model_validate({
    ...     "id": "text.basic.900", "title": "t", "rows": ["8.1.4"],
    ...     "citations": [{"ref": "spec-reference 8.1 row 4"}],
    ...     "request": {"messages": [{"role": "user", "content": "hi"}]},
    ...     "script": [{"part": {"type": "text-delta", "id": "0", "delta": "Hi"}}],
    ...     "expected": {"text": "Hi", "finish_reason": "@unknown"}})
    >>> s.parts()[0].delta
    'Hi'
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator, model_validator

# PART_DIALECTS is re-exported: scenario users (cli, conformance) import it from here.
from mock_provider.dialects import PART_DIALECTS as PART_DIALECTS
from mock_provider.dialects import names
from mock_provider.parts import (
    Part,
    ReasoningStart,
    ToolApprovalRequest,
    ToolCall,
    ToolInputDelta,
    ToolInputStart,
    ToolResult,
)
from mock_provider.quirks import REASONING_DIALECTS as REASONING_DIALECTS
from mock_provider.quirks import ReasoningDialect
from mock_provider.quirks import StepWire as StepWire
from mock_provider.transcript import Transcript, merge_override

# The YAML reader with locations is re-exported: the server and the gate import it from here.
from mock_provider.yaml_located import MAX_YAML_DEPTH as MAX_YAML_DEPTH
from mock_provider.yaml_located import LocatedError as LocatedError
from mock_provider.yaml_located import compose_located as compose_located
from mock_provider.yaml_located import node_line as node_line

if TYPE_CHECKING:
    Dialect = str
else:
    # The registry's names as a Literal: pydantic validates and documents (JSON schema enum) them.
    Dialect = Literal[tuple(names())]
Feature = Literal[
    "reasoning",
    "tools",
    "parallel_tools",
    "provider_executed",
    "approval",
    "structured_output",
    "multimodal",
    "abort",
    "bridge",
    "server_tools",
    "retries",
    "think_tags",
]
# What an adapter declares by default (conformance.contract.Capabilities). `bridge` is left out:
# it is a profile of extra output conventions (seed 001), claimed only by adapters that opt in.
FEATURES: tuple[str, ...] = (
    "reasoning",
    "tools",
    "parallel_tools",
    "provider_executed",
    "approval",
    "structured_output",
    "multimodal",
    "abort",
    # Agent loops (issue 16): it runs the server tools it is given (execute) and asks the model again;
    # it retries a retryable upstream failure (429/5xx) itself, as SDKs do by default.
    "server_tools",
    "retries",
    # Reads `<think>` tags in Chat Completions content as reasoning (a reasoning parser, such as the
    # AI SDK's opt-in extractReasoningMiddleware): no published rule asks every client to.
    "think_tags",
)
_FIELD_MSG = re.compile(r"^Value error, ([A-Za-z_][\w.]*): (.*)$", re.S)
MAX_ID_LENGTH = 200  # the longest id a request may name (model, X-Mock-Scenario)
SCENARIO_ID = re.compile(r"\A[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+\Z")  # \Z: `$` matches before a newline


class _M(BaseModel):
    # No NaN or infinity anywhere (a `.inf` delay at time scale 0 broke a 200 stream midway).
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


# ---------------------------------------------------------------- request
class Message(_M):
    role: Literal["system", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = None
    tool_call_id: str | None = None
    tool_calls: list[dict[str, Any]] | None = None


class ToolSpec(_M):
    name: str
    description: str = ""
    input_schema: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})
    needs_approval: bool = False
    server: bool = Field(
        default=False, description="An executable tool: the adapter's context offers it with an execute "
        "function that returns the scenario's tool_results for each call (agent loops); otherwise a client tool.")


class RequestSpec(_M):
    """What the adapter's caller asks for; adapters convert it to their upstream request."""

    model: str = "mock-model"
    messages: list[Message] = Field(min_length=1)
    tools: list[ToolSpec] = Field(default_factory=list)
    output_schema: dict[str, Any] | None = None
    structured_mode: Literal["native", "tool", "instruction"] = Field(
        default="native",
        description="How the provider supports structured output (seed 000 14.2, stated instead of detected): "
        "native JSON schema, a forced tool call, or instructions in a system message.",
    )
    options: dict[str, Any] = Field(default_factory=dict)


class CatalogueModalities(_M):
    """A models.dev entry's ``modalities``: what the model reads and writes (``pdf``, not ``document``)."""

    input: list[str] = Field(min_length=1, description="e.g. [text, image, audio, video, pdf].")
    output: list[str] = Field(default_factory=lambda: ["text"], description="e.g. [text].")


class ModelInfo(_M):
    """The upstream model's catalogue entry, in models.dev's shape (the fields this kit reads).

    The adapter gets it as ``AdapterContext.model_info`` and declares the TanStack input
    modalities it supports for that model (``input_modalities``; row ``request.modalities``).
    """

    id: str | None = Field(default=None, description="The models.dev model id, e.g. gemini-2.5-flash.")
    name: str | None = None
    attachment: bool | None = Field(default=None, description="models.dev: the model accepts file attachments.")
    modalities: CatalogueModalities


TanstackModality = Literal["text", "image", "audio", "video", "document"]


class MatchRule(_M):
    """Server-side selection when neither the model name nor a header names the scenario."""

    last_user_contains: str | None = None
    tool_names: list[str] | None = None


class Citation(_M):
    kind: Literal["spec", "seed", "type", "consumer", "test", "anchor"] = "spec"
    ref: str


class ClientSpec(_M):
    """What the test harness (the adapter's caller) does during the run."""

    abort_after_step: int | None = Field(
        default=None, ge=0, description="Abort the caller's signal once this many steps were emitted."
    )
    # Issue 16: an abort while a server tool runs, between two model calls of an agent loop.
    abort_during_tool: str | None = Field(
        default=None, min_length=1,
        description="Abort the caller's signal while the server tool call with this id executes: the tool "
        "holds its result until the abort (in process its execute is awaitable; on a harness or an AG-UI "
        "endpoint its result carries `until_abort: true`), and the caller aborts once the call was emitted "
        "and turn 1's upstream ended.",
    )

    @property
    def aborts(self) -> bool:
        """Whether the caller aborts at all (after a step, or during a tool)."""
        return self.abort_after_step is not None or self.abort_during_tool is not None


class RequestCheck(_M):
    """One expectation on the upstream request the adapter made, read from the request log.

    ``path`` is a JSON Pointer into the logged request: the ``do_stream`` call options for the
    part dialects (``/prompt/0/content``), the JSON body for the HTTP dialects
    (``/messages/0/content``). Exactly one of ``equals``, ``subset``, ``contains_json``,
    ``members`` or ``absent`` is given.
    """

    path: str = Field(pattern=r"^(/[^/]*)*$", description="JSON Pointer (RFC 6901); '' is the whole request.")
    equals: Any = Field(default=None, description="The value there is exactly this.")
    subset: Any = Field(
        default=None, description="Objects: these keys with matching values (recursively); lists: same length, "
        "element-wise subset; scalars: equal."
    )
    contains_json: Any = Field(
        default=None, description="The value there is a string holding a JSON document equal to this."
    )
    members: list[Any] | None = Field(
        default=None, description="The value there is a list with exactly these members, in any order."
    )
    absent: bool = Field(default=False, description="Nothing is at this path.")
    dialects: list[Dialect] | None = Field(default=None, description="Only for these dialects (default: all).")
    row: str | None = Field(default=None, description="Matrix row a mismatch belongs to (default: the primary row).")
    why: str = ""
    # Issue 15 class 6: an order that means nothing, and a published rewrite of the schema, are no difference.
    key: str | None = Field(
        default=None, pattern=r"^(/[^/]*)+$",
        description="With `subset`: the list there is matched element by element through the value at this JSON "
        "Pointer inside each element (a tool's `/function/name`), in any order; same length, each a subset.",
    )
    strict_tools: bool = Field(
        default=False,
        description="With `subset` on Chat Completions `tools`: a tool sent with `function.strict: true` is compared "
        "with the OpenAI strict-mode form of the expected `parameters` (all properties required, the optional ones "
        "nullable, additionalProperties false).",
    )

    @model_validator(mode="after")
    def _one_expectation(self) -> RequestCheck:
        given: list[str] = [k for k in ("equals", "subset", "contains_json", "members") if k in self.model_fields_set]
        if self.absent:
            given.append("absent")
        if len(given) != 1:
            raise ValueError(f"a request check states exactly one of equals, subset, contains_json, members, absent; "
                             f"got {', '.join(given) or 'none'}")
        if (self.key is not None or self.strict_tools) and given != ["subset"]:
            raise ValueError("key and strict_tools qualify a subset check only")
        return self

    def applies_to(self, dialect: str) -> bool:
        """Whether this check is made for a case in ``dialect``."""
        return self.dialects is None or dialect in self.dialects


# ---------------------------------------------------------------- faults
# RFC 9110 5.1: a field name is a token (5.6.2 tchar).
HEADER_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
# The server frames the body it writes itself: these would contradict it.
FRAMING_HEADERS = frozenset({"content-length", "transfer-encoding", "connection"})


class HttpStatusFault(_M):
    """Answer with this status instead of a stream (in-process: ``do_stream`` raises)."""

    kind: Literal["http_status"]
    status: int = Field(ge=400, le=599)
    body: Any = None
    headers: dict[str, str] = Field(default_factory=dict)

    @field_validator("headers")
    @classmethod
    def _sendable_headers(cls, headers: dict[str, str]) -> dict[str, str]:
        """Refuse headers the server cannot send as written: a name that is not an RFC 9110 token, a
        value with CR, LF or NUL (it would split the header block), or a framing header the server
        sets from the body it writes (a scripted one would contradict it)."""
        for name, value in headers.items():
            if not HEADER_TOKEN.fullmatch(name):
                raise ValueError(f"{name!r} is not an HTTP header name (an RFC 9110 token: letters, digits, "
                                 "!#$%&'*+-.^_`|~)")
            if name.lower() in FRAMING_HEADERS:
                raise ValueError(f"{name!r} is set by the server from the body it writes; a scenario cannot "
                                 f"script it ({', '.join(sorted(FRAMING_HEADERS))} are reserved)")
            if any(c in value for c in "\r\n\0"):
                raise ValueError(f"the value of {name!r} holds CR, LF or NUL, which cannot be sent in a header")
        return headers


class DisconnectFault(_M):
    """Drop the connection here, or once ``after_bytes`` body bytes were written."""

    kind: Literal["disconnect"]
    after_bytes: int | None = Field(default=None, ge=0)


class StallFault(_M):
    """Send nothing more and keep the connection open until the client gives up."""

    kind: Literal["stall"]


class RawBytesFault(_M):
    """Write these bytes verbatim (malformed frames). In-process: an ``error`` part."""

    kind: Literal["raw_bytes"]
    data: str


class SplitFault(_M):
    """Write the frame carrying the next step's part in pieces cut at these byte offsets (wire only).

    The offsets count in that frame; a preamble frame the wire writes before it (the Chat
    Completions role chunk) is written whole.
    """

    kind: Literal["split"]
    offsets: list[int] = Field(min_length=1)


Fault = Annotated[
    HttpStatusFault | DisconnectFault | StallFault | RawBytesFault | SplitFault,
    Field(discriminator="kind"),
]


class WireOptions(_M):
    """Byte-level choices for the HTTP dialects (ignored in-process)."""

    line_ending: Literal["lf", "crlf"] = Field(default="lf", description="SSE line endings.")
    done: Literal["auto", "omit", "always"] = Field(
        default="auto",
        description="OpenAI `data: [DONE]`: auto = after a normal end; omit = never (finish without [DONE]); "
        "always = even when the script has no finish ([DONE] without finish).",
    )
    keepalive_comments: bool = Field(default=False, description="Send `: keep-alive` comment lines between frames.")
    reasoning: ReasoningDialect = Field(
        default="reasoning_content",
        description="How Chat Completions (openai-chat) carries reasoning deltas: `delta.reasoning_content` "
        "(DeepSeek, vLLM), `delta.reasoning` (OpenRouter, Ollama) or `<think>...</think>` inside "
        "`delta.content` (think-tags). A request header `X-Mock-Reasoning` overrides it per request. "
        "The other wires have one native reasoning form and ignore it.",
    )


class Step(_M):
    """One script step: a canonical part, a verbatim unknown part, or a fault; plus a delay."""

    part: Part | None = None
    raw_part: dict[str, Any] | None = Field(
        default=None, description="A part of a type no spec defines, emitted verbatim (future parts)."
    )
    fault: Fault | None = None
    delay_ms: float = Field(default=0, ge=0)
    wire: StepWire | None = Field(default=None, description="Provider quirks of this step's wire rendering "
                                  "(a part step only; ignored in-process).")

    @model_validator(mode="after")
    def _one_kind(self) -> Step:
        given = [k for k in ("part", "raw_part", "fault") if getattr(self, k) is not None]
        if len(given) > 1:
            raise ValueError(f"a step holds one of part, raw_part, fault; got {', '.join(given)}")
        if self.raw_part is not None and not isinstance(self.raw_part.get("type"), str):
            raise ValueError("raw_part needs a string 'type'")
        if self.wire is not None and self.part is None:
            raise ValueError("wire quirks apply to a part step")
        return self


class Contract(_M):
    """A scenario whose upstream stream breaks the provider's contract on purpose.

    Its script is outside the published stream-part types (``conformance.type_oracle``
    proves it) or breaks a stated runtime contract (a completed stream ends with one
    ``finish``; blocks open, get deltas and close per id). What an adapter does with such
    input is not specified, so such a case is graded on the catalog's robustness rows only
    (``robustness: true``: no crash, no hang, valid output, one terminal event), plus the
    rows in ``covered_by``; findings on other rows are reported as information.
    """

    breaks: str = Field(min_length=1, description="How the script breaks the contract, citing the type or rule.")
    covered_by: list[str] = Field(
        default_factory=list,
        description="Rows of this scenario whose rule is written for this very input (e.g. 8.1.19 for a "
        "missing finish): graded as usual.",
    )


# ---------------------------------------------------------------- turns (agent loops)
MAX_TURNS = 16  # far more than any agent loop a scenario needs; bounds what a served scenario costs


class Turn(_M):
    """A later model call of an agent loop: what the model answers once the adapter sent back the
    previous turn (its assistant message and the tool results).

    The provider picks the turn from the conversation a request carries: with ``k`` more assistant
    turns than the scenario's own ``request.messages`` hold, the request gets turn ``k + 1``
    (the scenario's ``script`` is turn 1, ``turns[0]`` is turn 2).
    """

    script: list[Step] = Field(min_length=1)
    failed_attempts: list[HttpStatusFault] = Field(
        default_factory=list, description="Answers to this turn's first attempts (e.g. a 429 with Retry-After); "
        "the attempt after them gets the script.")
    expect_request: list[RequestCheck] = Field(
        default_factory=list, description="Checks on the request that asked for this turn (its JSON Pointers "
        "read that request), e.g. that it carries the previous turn's tool results.")


class ServerToolResult(_M):
    """What a server tool (``ToolSpec.server``) returns for one call, or the error it raises."""

    tool_call_id: str
    result: Any = None
    error: str | None = Field(default=None, description="The tool raises this message instead of returning.")


# ---------------------------------------------------------------- scenario
class Scenario(_M):
    id: str = Field(description="Stable hierarchical id, e.g. tool.interleave.002. Never renumber.")
    title: str
    description: str = ""
    rows: list[str] = Field(min_length=1, description="Matrix row ids this scenario exercises.")
    citations: list[Citation] = Field(min_length=1)
    request: RequestSpec
    dialects: list[Dialect] | None = Field(
        default=None, description="Restrict rendering to these dialects (default: all that can express it)."
    )
    requires: list[Feature] = Field(default_factory=list, description="Features beyond those derived.")
    client: ClientSpec = Field(default_factory=ClientSpec)
    wire: WireOptions = Field(default_factory=WireOptions)
    match: MatchRule | None = None
    script: list[Step] = Field(min_length=1, description="Turn 1: the model's answer to the first request.")
    failed_attempts: list[HttpStatusFault] = Field(
        default_factory=list, description="Answers to turn 1's first attempts (e.g. a 500, then the script): "
        "the attempt after them gets the script.")
    turns: list[Turn] = Field(
        default_factory=list, max_length=MAX_TURNS - 1,
        description="Later turns of an agent loop (turn 2 is turns[0]). A request past the last turn is "
        "refused with an error naming the scenario and the turn, never answered with a replay.")
    tool_results: list[ServerToolResult] = Field(
        default_factory=list, description="What the server tools return for each call (agent loops).")
    expected: Transcript
    expected_by_dialect: dict[Dialect, dict[str, Any]] = Field(
        default_factory=dict, description="Partial transcripts deep-merged over `expected` for one dialect."
    )
    expected_request: list[RequestCheck] = Field(
        default_factory=list, description="Checks on the upstream request the adapter made (the request log)."
    )
    contract: Contract | None = Field(
        default=None, description="Set when the scripted stream breaks the provider contract on purpose: "
        "graded on robustness rows (and contract.covered_by) only."
    )
    model_info: ModelInfo | None = Field(
        default=None, description="The upstream model's models.dev catalogue entry, given to the adapter "
        "(AdapterContext.model_info); needs expected_modalities."
    )
    expected_modalities: list[TanstackModality] | None = Field(
        default=None, description="The TanStack input modalities (@tanstack/ai Modality) the adapter must declare "
        "for model_info, in any order (row request.modalities)."
    )

    _source: str | None = PrivateAttr(default=None)
    # Turn views (see for_turn), made on first use: a served later turn costs one copy, not one per request.
    _turn_views: dict[int, Scenario] = PrivateAttr(default_factory=dict)
    _turn: int = PrivateAttr(default=1)  # which turn this is: 1 for the scenario, n for its for_turn(n)

    @model_validator(mode="after")
    def _check(self) -> Scenario:
        if not SCENARIO_ID.match(self.id):
            raise ValueError(f"id: {self.id!r} must be dotted lowercase segments like 'tool.interleave.002'")
        if len(self.id) > MAX_ID_LENGTH:  # a request cannot select a longer one
            raise ValueError(f"id: {len(self.id)} characters; an id has at most {MAX_ID_LENGTH}")
        if self.client.abort_after_step is not None and self.client.abort_after_step > len(self.script):
            raise ValueError("client.abort_after_step: past the end of the script")
        if self.client.abort_after_step is not None and self.client.abort_during_tool is not None:
            raise ValueError("client.abort_during_tool: the caller aborts once (abort_after_step is given too)")
        if (self.model_info is None) != (self.expected_modalities is None):
            given = "model_info" if self.model_info is not None else "expected_modalities"
            raise ValueError(f"{given}: model_info and expected_modalities go together")
        self._check_tools()
        if self.contract is not None and not set(self.contract.covered_by) <= set(self.rows):
            extra = sorted(set(self.contract.covered_by) - set(self.rows))
            raise ValueError(f"contract.covered_by: {', '.join(extra)} not among the scenario's rows")
        for dialect, override in self.expected_by_dialect.items():
            try:
                Transcript.model_validate(merge_override(self.expected.model_dump(), override))
            except ValidationError as exc:
                raise ValueError(
                    f"expected_by_dialect.{dialect}: does not give a valid transcript: {exc}"
                ) from exc
        return self

    def _check_tools(self) -> None:
        server = {t.name for t in self.request.tools if t.server}
        calls = {p.tool_call_id: p.tool_name for turn in self.turn_scripts() for s in turn
                 if isinstance(p := s.part, ToolCall)}
        for i, r in enumerate(self.tool_results):
            if r.tool_call_id not in calls:
                raise ValueError(f"tool_results.{i}.tool_call_id: {r.tool_call_id!r} is no tool-call of the script")
            if calls[r.tool_call_id] not in server:
                raise ValueError(f"tool_results.{i}.tool_call_id: {r.tool_call_id!r} calls "
                                 f"{calls[r.tool_call_id]!r}, which is not a server tool of request.tools")
        given = {r.tool_call_id for r in self.tool_results}
        for call_id, name in calls.items():
            if name in server and call_id not in given:
                raise ValueError(f"tool_results: no result for the call {call_id!r} of the server tool {name!r}")
        held = self.client.abort_during_tool
        if held is not None:
            self._check_held_call(held, calls, server)

    def _check_held_call(self, held: str, calls: dict[str, str], server: set[str]) -> None:
        """``client.abort_during_tool`` names a call the abort can land in: a server tool's complete
        call with JSON arguments, in turn 1 (the turn the runner watches), with a turn after it (the
        model call row loop.abort-stops says must not come)."""
        if calls.get(held) not in server:
            what = (f"calls {calls[held]!r}, which is not a server tool" if held in calls
                    else "is no tool-call of the script")
            raise ValueError(f"client.abort_during_tool: {held!r} {what}")
        call = next((p for p in self.parts() if isinstance(p, ToolCall) and p.tool_call_id == held), None)
        if call is None or not self.turns:
            raise ValueError(f"client.abort_during_tool: {held!r} must be a call of turn 1, with a later turn")
        if call.provider_executed:
            raise ValueError(f"client.abort_during_tool: {held!r} is provider-executed: no tool of the adapter runs")
        try:
            json.loads(call.input)
        except (TypeError, ValueError):
            raise ValueError(f"client.abort_during_tool: {held!r} has arguments that are not JSON: "
                             "no tool runs to abort in") from None

    @property
    def source(self) -> str | None:
        """The file this scenario was loaded from, if any."""
        return self._source

    def parts(self) -> list[Part]:
        """The canonical parts of the script, in order (faults and unknown parts left out)."""
        return [s.part for s in self.script if s.part is not None]

    def turn_scripts(self) -> list[list[Step]]:
        """Every turn's script, turn 1 first (a single-turn scenario has one)."""
        return [self.script, *(t.script for t in self.turns)]

    def turn_count(self) -> int:
        """How many model calls the scenario scripts (1 unless it has later ``turns``)."""
        return 1 + len(self.turns)

    def turn_index(self, assistant_turns: int) -> int:
        """The 1-based turn a request gets, from the assistant turns its conversation holds.

        The scenario's own ``request.messages`` may already hold assistant turns (a follow-up
        request): only those beyond them count. A result above :meth:`turn_count` is a request
        past the last turn, which the provider refuses.

        >>> s = Scenario.model_validate({"id": "a.b", "title": "t", "rows": ["8.1.4"],
        ...     "citations": [{"ref": "r"}], "request": {"messages": [{"role": "user", "content": "hi"}]},
        ...     "script": [{"part": {"type": "text-delta", "id": "0", "delta": "Hi"}}],
        ...     "expected": {"text": "Hi"}})
        >>> s.turn_index(0), s.turn_index(1)
        (1, 2)
        """
        own = sum(1 for m in self.request.messages if m.role == "assistant")
        return max(0, assistant_turns - own) + 1

    def failed_attempts_of(self, turn: int) -> list[HttpStatusFault]:
        """The scripted failures of a turn's first attempts (1-based turn)."""
        return self.failed_attempts if turn == 1 else self.turns[turn - 2].failed_attempts

    def for_turn(self, turn: int) -> Scenario:
        """The scenario as one turn's response sees it: that turn's script as ``script`` (1-based).

        Every plan and encoder reads ``script``, so a later turn renders through the same code
        as turn 1; turn 1 is the scenario itself (its bytes never change). ``IndexError`` past
        the last turn.

        >>> s = Scenario.model_validate({"id": "a.b", "title": "t", "rows": ["8.1.4"],
        ...     "citations": [{"ref": "r"}], "request": {"messages": [{"role": "user", "content": "hi"}]},
        ...     "script": [{"part": {"type": "text-delta", "id": "0", "delta": "Hi"}}],
        ...     "turns": [{"script": [{"part": {"type": "text-delta", "id": "0", "delta": "Bye"}}]}],
        ...     "expected": {"text": "Hi"}})
        >>> s.for_turn(1) is s, s.for_turn(2).parts()[0].delta, s.for_turn(2).id
        (True, 'Bye', 'a.b')
        """
        if turn == 1:
            return self
        if not 2 <= turn <= self.turn_count():
            raise IndexError(self.past_last_turn_message(turn))
        view = self._turn_views.get(turn)
        if view is None:
            # A copy, not a validated model: the turn's steps were validated with the scenario.
            view = self.model_copy(update={"script": self.turns[turn - 2].script, "turns": [],
                                           "failed_attempts": []})
            view._turn = turn
            self._turn_views[turn] = view
        return view

    @property
    def response_seed(self) -> str:
        """What a wire derives its default response ids from: the id, plus the turn after turn 1,
        so every turn of a loop gets ids of its own (a real API never repeats a response id).

        >>> s = Scenario.model_validate({"id": "a.b", "title": "t", "rows": ["8.1.4"],
        ...     "citations": [{"ref": "r"}], "request": {"messages": [{"role": "user", "content": "hi"}]},
        ...     "script": [{"part": {"type": "ping"}}], "turns": [{"script": [{"part": {"type": "ping"}}]}],
        ...     "expected": {}})
        >>> s.response_seed, s.for_turn(2).response_seed
        ('a.b', 'a.b turn 2')
        """
        return self.id if self._turn == 1 else f"{self.id} turn {self._turn}"

    def past_last_turn_message(self, turn: int) -> str:
        """Why a request past the last turn is refused (the provider never replays a turn).

        >>> s = Scenario.model_validate({"id": "a.b", "title": "t", "rows": ["8.1.4"],
        ...     "citations": [{"ref": "r"}], "request": {"messages": [{"role": "user", "content": "hi"}]},
        ...     "script": [{"part": {"type": "text-delta", "id": "0", "delta": "Hi"}}],
        ...     "expected": {"text": "Hi"}})
        >>> s.past_last_turn_message(2)
        'scenario a.b scripts 1 turn; this request is turn 2'
        """
        count = self.turn_count()
        return f"scenario {self.id} scripts {count} turn{'s' if count != 1 else ''}; this request is turn {turn}"

    def server_tool_result(self, tool_call_id: str) -> ServerToolResult | None:
        """The declared result of one server-tool call, if any."""
        return next((r for r in self.tool_results if r.tool_call_id == tool_call_id), None)

    def features(self) -> set[str]:
        """Features an adapter must declare to run this scenario: derived from the script + `requires`."""
        found: set[str] = set(self.requires)
        open_calls: set[str] = set()
        for p in self.parts():
            if isinstance(p, ReasoningStart):
                found.add("reasoning")
            elif isinstance(p, ToolInputStart | ToolCall | ToolInputDelta):
                found.add("tools")
                if isinstance(p, ToolInputStart):
                    if open_calls:
                        found.add("parallel_tools")
                    open_calls.add(p.id)
                    if p.provider_executed:
                        found.add("provider_executed")
                elif isinstance(p, ToolCall):
                    open_calls.discard(p.tool_call_id)
                    if p.provider_executed:
                        found.add("provider_executed")
            elif isinstance(p, ToolResult):
                found.update({"tools", "provider_executed"})
            elif isinstance(p, ToolApprovalRequest):
                found.update({"tools", "approval"})
        if len({p.tool_call_id for p in self.parts() if isinstance(p, ToolCall)}) > 1:
            found.add("parallel_tools")
        if self.client.aborts:
            found.add("abort")
        if self.request.output_schema is not None:
            found.add("structured_output")
        if any(t.server for t in self.request.tools):
            found.add("server_tools")
        if self.failed_attempts or any(t.failed_attempts for t in self.turns):
            found.add("retries")
        if self.wire.reasoning == "think-tags":
            found.add("think_tags")
        return found

    def expected_for(self, dialect: str) -> Transcript:
        """The expected transcript for one dialect (``expected`` + ``expected_by_dialect``)."""
        override = self.expected_by_dialect.get(dialect)
        if not override:
            return self.expected
        return Transcript.model_validate(merge_override(self.expected.model_dump(), override))

    def http_fault(self) -> HttpStatusFault | None:
        """The HTTP status fault, when the script starts with one."""
        first = self.script[0].fault
        return first if isinstance(first, HttpStatusFault) else None


# ---------------------------------------------------------------- loading with locations
class ScenarioError(LocatedError):
    """A scenario file that does not load: names the file, the line and the field.

    >>> str(ScenarioError("a.yaml", 3, "script.0.part.type", "bad"))
    'a.yaml:3: script.0.part.type: bad'
    """


def _clean_loc(loc: Sequence[str | int]) -> list[str | int]:
    # pydantic inserts union tags (e.g. 'text-delta', 'function-after[...]') into locations;
    # keep only the keys that exist in the document so the field path is readable.
    return [p for p in loc if isinstance(p, int) or not (p.startswith("function-") or "[" in p)]


def _has(container: Any, key: str | int) -> bool:
    """Whether ``key`` is a real key/index of the YAML value (not a pydantic union tag)."""
    if isinstance(container, dict):
        return key in container
    return isinstance(container, list) and isinstance(key, int) and key < len(container)


def parse_scenario_text(text: str, path: str = "<string>") -> Scenario:
    """Parse one scenario from YAML text; errors raise :class:`ScenarioError` with file:line: field."""
    data, node = compose_located(text, path, ScenarioError)
    if not isinstance(data, dict) or node is None:
        raise ScenarioError(path, 1, "", "a scenario file must hold one mapping")
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = _clean_loc(err["loc"])
        # Drop the discriminator tag pydantic adds after 'part'/'fault' (e.g. 'text-delta').
        doc_loc: list[str | int] = []
        cursor: Any = data
        for p in loc:
            if _has(cursor, p):
                doc_loc.append(p)
                cursor = cursor[p]
            elif isinstance(cursor, dict | list):
                continue  # a union tag, not a document key
            else:
                break
        if err["type"] in ("missing", "extra_forbidden") and loc and loc[-1] not in doc_loc:
            doc_loc_field = [*doc_loc, loc[-1]]
        else:
            doc_loc_field = doc_loc
        # Whole-model checks name their field as "path.to.field: message" (pydantic gives them no loc).
        located = _FIELD_MSG.match(str(err["msg"]))
        if located and not loc:
            doc_loc_field = [int(x) if x.isdigit() else x for x in located.group(1).split(".")]
            doc_loc = list(doc_loc_field)
            err["msg"] = located.group(2)
        field = ".".join(str(p) for p in doc_loc_field)
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "unknown field (typo?)"
        more = f" (+{len(exc.errors()) - 1} more)" if len(exc.errors()) > 1 else ""
        raise ScenarioError(path, node_line(node, doc_loc), field, msg + more) from exc
    scenario._source = path
    return scenario


def load_scenario(path: str | Path) -> Scenario:
    """Load one scenario YAML file.

    >>> load_scenario("missing.yaml")
    Traceback (most recent call last):
    ...
    mock_provider.scenario.ScenarioError: missing.yaml: cannot read: ...
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(str(path), None, "", f"cannot read: {exc.strerror or exc}") from exc
    except UnicodeDecodeError as exc:
        raise ScenarioError(str(path), None, "", f"not UTF-8 text: {exc.reason} at byte {exc.start}") from exc
    return parse_scenario_text(text, str(path))


def fixtures_dir() -> Path:
    """The built-in fixtures: inside the installed wheel, else the source checkout's ``fixtures/``."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_fixtures", here.parent / "fixtures"):
        if (candidate / "scenarios").is_dir():
            return candidate
    raise FileNotFoundError("built-in fixtures not found (neither mock_provider/_fixtures nor ./fixtures)")


def load_corpus(directory: str | Path | None = None) -> list[Scenario]:
    """Load every ``*.yaml`` under a directory (default: the built-in corpus), sorted by id.

    Duplicate ids are an error naming both files.
    """
    return load_directories([Path(directory) if directory is not None else fixtures_dir() / "scenarios"])


def load_directories(roots: list[Path]) -> list[Scenario]:
    """Every ``*.yaml`` under each of ``roots``, sorted by id; an id found twice is an error naming both files."""
    seen: dict[str, str] = {}
    out: list[Scenario] = []
    for path in (p for root in roots for p in sorted(root.rglob("*.yaml"))):
        s = load_scenario(path)
        if s.id in seen:
            raise ScenarioError(str(path), 1, "id", f"duplicate id {s.id!r} (also in {seen[s.id]})")
        seen[s.id] = str(path)
        out.append(s)
    return sorted(out, key=lambda s: s.id)


def scenario_schema() -> dict[str, Any]:
    """The published JSON Schema of a scenario file (committed as fixtures/schemas/scenario.schema.json)."""
    schema = Scenario.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://stream-adapter-conformance/scenario.schema.json"
    return schema


def schema_text() -> str:
    """The schema as committed: stable key order, trailing newline."""
    return json.dumps(scenario_schema(), indent=2, sort_keys=True) + "\n"


def by_id(scenarios: Iterable[Scenario]) -> dict[str, Scenario]:
    """Index scenarios by id."""
    return {s.id: s for s in scenarios}
