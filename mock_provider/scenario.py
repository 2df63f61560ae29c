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
from typing import Any, Literal

from pydantic import Field, PrivateAttr, ValidationError, model_validator

from mock_provider.derive import derived_rows, expected_transcript

# PART_DIALECTS is re-exported: scenario users (cli, conformance) import it from here.
from mock_provider.dialects import PART_DIALECTS as PART_DIALECTS
from mock_provider.matrix_rows import RowId
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
from mock_provider.quirks import StepWire as StepWire
from mock_provider.scenario_steps import _M as _M
from mock_provider.scenario_steps import MAX_ID_LENGTH as MAX_ID_LENGTH
from mock_provider.scenario_steps import MAX_TURNS as MAX_TURNS
from mock_provider.scenario_steps import SCENARIO_ID as SCENARIO_ID

# The pieces of a scenario are re-exported: callers import them from here.
from mock_provider.scenario_steps import CatalogueModalities as CatalogueModalities
from mock_provider.scenario_steps import Citation as Citation
from mock_provider.scenario_steps import ClientSpec as ClientSpec
from mock_provider.scenario_steps import Contract as Contract
from mock_provider.scenario_steps import Dialect as Dialect
from mock_provider.scenario_steps import DisconnectFault as DisconnectFault
from mock_provider.scenario_steps import Fault as Fault
from mock_provider.scenario_steps import HttpStatusFault as HttpStatusFault
from mock_provider.scenario_steps import MatchRule as MatchRule
from mock_provider.scenario_steps import Message as Message
from mock_provider.scenario_steps import ModelInfo as ModelInfo
from mock_provider.scenario_steps import RawBytesFault as RawBytesFault
from mock_provider.scenario_steps import RecordedChunk as RecordedChunk
from mock_provider.scenario_steps import Recording as Recording
from mock_provider.scenario_steps import RequestCheck as RequestCheck
from mock_provider.scenario_steps import RequestSpec as RequestSpec
from mock_provider.scenario_steps import ServerToolResult as ServerToolResult
from mock_provider.scenario_steps import SplitFault as SplitFault
from mock_provider.scenario_steps import StallFault as StallFault
from mock_provider.scenario_steps import Step as Step
from mock_provider.scenario_steps import TanstackModality as TanstackModality
from mock_provider.scenario_steps import ToolSpec as ToolSpec
from mock_provider.scenario_steps import Turn as Turn
from mock_provider.scenario_steps import Unspecified as Unspecified
from mock_provider.scenario_steps import WireOptions as WireOptions
from mock_provider.short_form import default_id, expand, is_short, shorthand_errors
from mock_provider.transcript import ErrorRecord, Transcript, merge_override

# The YAML reader with locations is re-exported: the server and the gate import it from here.
from mock_provider.yaml_located import MAX_YAML_DEPTH as MAX_YAML_DEPTH
from mock_provider.yaml_located import Lines as Lines
from mock_provider.yaml_located import LocatedError as LocatedError
from mock_provider.yaml_located import collector_paused
from mock_provider.yaml_located import compose_located as compose_located
from mock_provider.yaml_located import node_line as node_line
from mock_provider.yaml_located import read_located as read_located

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
    "custom_tools",
    "audio_output",
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
    # `custom_tools` (calls whose input is free text, `inputEncoding: 'text'`) is left out too: only the
    # OpenAI Responses wire carries them, and an adapter claims it when it offers custom tools.
    # `audio_output` too: a server speaks an answer (Chat `delta.audio`) only to a request that asks for
    # the audio modality, which an adapter does only when it offers spoken answers.
)
_FIELD_MSG = re.compile(r"^Value error, ([A-Za-z_][\w.]*): (.*)$", re.S)


# ---------------------------------------------------------------- scenario
def _script_features(parts: list[Part]) -> set[str]:
    """The features one model call's parts need (tools, parallel calls, reasoning, ...).

    >>> calls = [ToolCall(type="tool-call", toolCallId=c, toolName="t", input="{}") for c in ("c1", "c2")]
    >>> sorted(_script_features(calls))
    ['parallel_tools', 'tools']
    """
    found: set[str] = set()
    open_calls: set[str] = set()
    for p in parts:
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
                if p.input_encoding == "text":
                    found.add("custom_tools")
            elif isinstance(p, ToolCall):
                open_calls.discard(p.tool_call_id)
                if p.provider_executed:
                    found.add("provider_executed")
        elif isinstance(p, ToolResult):
            found.update({"tools", "provider_executed"})
        elif isinstance(p, ToolApprovalRequest):
            found.update({"tools", "approval"})
    # Two calls in one model call are parallel, even when each closes before the next opens.
    if len({p.tool_call_id for p in parts if isinstance(p, ToolCall)}) > 1:
        found.add("parallel_tools")
    return found


class Scenario(_M):
    id: str = Field(description="Stable hierarchical id, e.g. tool.interleave.002. Never renumber.")
    title: str
    description: str = ""
    rows: list[RowId] = Field(min_length=1, description="Matrix row ids this scenario exercises.")
    citations: list[Citation] = Field(min_length=1)
    request: RequestSpec
    dialects: list[Dialect] | None = Field(
        default=None, description="Restrict rendering to these dialects (default: all that can express it)."
    )
    requires: list[Feature] = Field(default_factory=list, description="Features beyond those derived.")
    client: ClientSpec = Field(default_factory=ClientSpec)
    wire: WireOptions = Field(default_factory=WireOptions)
    match: MatchRule | None = None
    stateless: bool = Field(
        default=False, description="Every request gets turn 1, whatever assistant turns its conversation holds: "
        "a reply picked by its match rule, as other mock servers' fixtures answer (the short form's default "
        "when it has no `turns`). Otherwise the turn follows the conversation (agent loops).")
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
    unspecified: Unspecified | None = Field(
        default=None, description="Rows on which no published rule says what an adapter owes for this input: "
        "findings there are information, with the reason."
    )
    model_info: ModelInfo | None = Field(
        default=None, description="The upstream model's models.dev catalogue entry, given to the adapter "
        "(AdapterContext.model_info); needs expected_modalities."
    )
    recording: Recording | None = Field(
        default=None, description="The bytes a provider sent, for a byte-exact replay (imported or recorded)."
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
        if self.match is not None and not self.match.conditions():
            raise ValueError("match: a rule with no condition never matches (give last_user_contains, tool_names, "
                             "model or tool_result)")
        if not SCENARIO_ID.match(self.id):
            raise ValueError(f"id: {self.id!r} must be dotted lowercase segments like 'tool.interleave.002'")
        if len(self.id) > MAX_ID_LENGTH:  # a request cannot select a longer one
            raise ValueError(f"id: {len(self.id)} characters; an id has at most {MAX_ID_LENGTH}")
        if self.stateless and self.turns:
            raise ValueError("stateless: a scenario with later turns follows the conversation")
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
        if self.stateless:
            return 1
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
        """Features an adapter must declare to run this scenario: derived from every turn's script (a later
        turn's reasoning needs ``reasoning`` as much as the first one's), the request (the client tools it
        offers need ``tools``, its server tools ``server_tools``) + `requires`.

        >>> s = Scenario.model_validate({"id": "a.b", "title": "t", "rows": ["8.1.7"], "citations": [{"ref": "r"}],
        ...     "request": {"messages": [{"role": "user", "content": "hi"}]},
        ...     "script": [{"part": {"type": "text-delta", "id": "0", "delta": "Hi"}}],
        ...     "turns": [{"script": [{"part": {"type": "reasoning-start", "id": "r"}}]}],
        ...     "expected": {"text": "Hi"}})
        >>> sorted(s.features())
        ['reasoning']
        """
        found: set[str] = set(self.requires)
        for script in self.turn_scripts():
            found |= _script_features([step.part for step in script if step.part is not None])
        if self.client.aborts:
            found.add("abort")
        if self.request.output_schema is not None:
            found.add("structured_output")
        if any(t.server for t in self.request.tools):
            found.add("server_tools")
        if any(not t.server for t in self.request.tools):
            # Offering a client tool is a tools request whether or not the scripted model calls it: an adapter
            # without tools (a provider that sends none) cannot take the request the scenario makes.
            found.add("tools")
        if self.failed_attempts or any(t.failed_attempts for t in self.turns):
            found.add("retries")
        if self.wire.reasoning == "think-tags":
            found.add("think_tags")
        return found

    def client_tool_calls(self) -> list[str]:
        """The client tools the scripted model calls, in any turn: tools the request offers without
        ``server`` (the caller runs them), provider-executed calls left out.

        >>> s = Scenario.model_validate({"id": "a.b", "title": "t", "rows": ["8.1.12"],
        ...     "citations": [{"ref": "r"}], "request": {"messages": [{"role": "user", "content": "hi"}],
        ...     "tools": [{"name": "show_map"}]},
        ...     "script": [{"part": {"type": "tool-call", "toolCallId": "c1", "toolName": "show_map", "input": "{}"}}],
        ...     "expected": {"tool_calls": [{"id": "c1", "name": "show_map", "args": {}}]}})
        >>> s.client_tool_calls()
        ['show_map']
        """
        server = {t.name for t in self.request.tools if t.server}
        names = [p.tool_name for steps in self.turn_scripts() for p in (s.part for s in steps)
                 if isinstance(p, ToolCall) and not p.provider_executed and p.tool_name not in server]
        return sorted(set(names))

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


def _located(err: Any, data: Any, node: Lines | None, path: str) -> ScenarioError:
    """One pydantic error as a :class:`ScenarioError` naming the document's field and its line."""
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
    msg = str(err["msg"])
    # Whole-model checks name their field as "path.to.field: message" (pydantic gives them no loc).
    located = _FIELD_MSG.match(msg)
    if located and not loc:
        doc_loc_field = [int(x) if x.isdigit() else x for x in located.group(1).split(".")]
        doc_loc = list(doc_loc_field)
        msg = located.group(2)
    if err["type"] == "extra_forbidden":
        msg = "unknown field (typo?)"
    field = ".".join(str(p) for p in doc_loc_field)
    return ScenarioError(path, node.line(doc_loc) if node is not None else None, field, msg)


class ScenarioErrors(ScenarioError):
    """Every error of one or more scenario files, each located (``errors``); the message is the
    first error and how many more there are (``validate`` and ``serve`` print them all).

    >>> e = ScenarioErrors([ScenarioError("a.yaml", 1, "id", "bad"), ScenarioError("a.yaml", 2, "title", "bad")])
    >>> str(e), len(e.errors)
    ('a.yaml:1: id: bad (+1 more)', 2)
    """

    def __init__(self, errors: Sequence[ScenarioError]) -> None:
        self.errors = list(errors)
        first = self.errors[0]
        more = f" (+{len(self.errors) - 1} more)" if len(self.errors) > 1 else ""
        super().__init__(first.path, first.line, first.field, first.message + more)


def every_error(exc: BaseException) -> list[ScenarioError]:
    """The located errors an exception of the loaders carries (one, or a :class:`ScenarioErrors`' all)."""
    if isinstance(exc, ScenarioErrors):
        return exc.errors
    return [exc] if isinstance(exc, ScenarioError) else []


def _validate_located(data: dict[str, Any], node: Lines | None, path: str) -> Scenario:
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        raise ScenarioErrors([_located(err, data, node, path) for err in exc.errors()]) from exc


def parse_scenario_text(text: str, path: str = "<string>", *, short_form: bool = False,
                        fallback_id: str | None = None) -> Scenario:
    """Parse one scenario from YAML text; errors raise :class:`ScenarioErrors`, each file:line: field.

    ``short_form`` (a user's file, never the built-in corpus) accepts the short form of
    :mod:`mock_provider.short_form`: rows, citations and the expected transcript derived, the
    script given as shorthand.

    >>> s = parse_scenario_text('match: {last_user_contains: hi}\\nreply: "Hello!"', "hi.yaml", short_form=True)
    >>> s.id, s.expected.text, s.expected.finish_reason, s.rows
    ('user.hi', 'Hello!', 'stop', ['8.1.4', '8.1.5', '8.1.18'])
    """
    with collector_paused():  # the validation of a large document too: it is linear only without the collector
        data, node = read_located(text, path, ScenarioError)
        if not isinstance(data, dict) or node is None:
            raise ScenarioError(path, 1, "", "a scenario file must hold one mapping")
        scenario = scenario_from_document(data, path, node, short_form=short_form,
                                          fallback_id=fallback_id or default_id(Path(path).stem))
    scenario._source = path
    return scenario


def scenario_from_document(data: dict[str, Any], path: str, node: Lines | None = None, *, short_form: bool,
                           fallback_id: str) -> Scenario:
    """Validate a parsed document (``node``: its YAML tree, for line numbers; None for JSON).

    Raises :class:`ScenarioErrors` with every error located.

    >>> scenario_from_document({"reply": "hi"}, "<posted>", short_form=True, fallback_id="user.x").expected.text
    'hi'
    """
    if short_form and is_short(data):
        return _parse_short(data, node, path, fallback_id)
    return _validate_located(data, node, path)


def _parse_short(data: dict[str, Any], node: Lines | None, path: str, fallback_id: str) -> Scenario:
    """Validate a short-form document: the shorthand's errors and the rest's in one list, then
    derive what was left out (rows, expected) from the validated script."""
    errors: list[ScenarioError] = []
    bad_short = shorthand_errors(data)
    if bad_short is not None:
        errors += [_located(err, data, node, path) for err in bad_short.errors()]
    full = expand(data, fallback_id)
    derived = [k for k in ("rows", "expected") if k not in full]
    trial = {**full, **({"rows": ["8.1.4"]} if "rows" in derived else {}),
             **({"expected": {}} if "expected" in derived else {})}
    if "script" not in full:
        if bad_short is None:  # a shorthand that did not validate is the error already
            errors.append(ScenarioError(path, node.line([]) if node is not None else None, "script",
                                        "no answer: give `reply`, `tool_call`, `tool_calls`, `fail` or a `script`"))
        trial["script"] = [{"part": {"type": "ping"}}]  # stands in, so the rest is checked in the same pass
    try:
        scenario = Scenario.model_validate(trial)
    except ValidationError as exc:
        errors += [_located(err, trial, node, path) for err in exc.errors()]
    if errors:
        raise ScenarioErrors(errors)
    if not derived:
        return scenario
    if "expected" in derived:
        expected = derived_expected(scenario)
        if isinstance(expected, str):
            raise ScenarioError(path, node.line([]) if node is not None else None, "expected", expected)
        full["expected"] = expected.model_dump(exclude_defaults=True)
    if "rows" in derived:
        full["rows"] = derived_rows(scenario.parts(), http_status=scenario.http_fault() is not None)
    return _validate_located(full, node, path)


def derived_expected(scenario: Scenario) -> Transcript | str:
    """The transcript a scenario's script means, or why it cannot be derived (the user writes it).

    >>> s = parse_scenario_text("fail: {status: 429, retry_after: 2}", "x.yaml", short_form=True)
    >>> s.expected.terminal, s.expected.error.code
    ('error', '429')
    """
    fault = scenario.http_fault()
    if fault is not None:
        return Transcript(terminal="error", error=ErrorRecord(code=str(fault.status)))
    if scenario.turns:
        return "an agent loop's transcript is not derived: write `expected`"
    kinds = sorted({s.fault.kind for s in scenario.script if s.fault is not None and s.fault.kind != "split"})
    if kinds:
        return f"a script with a {', '.join(kinds)} fault has no derived transcript: write `expected`"
    if scenario.client.aborts:
        return "an aborted run's transcript is not derived: write `expected`"
    return expected_transcript(scenario.parts())


def load_scenario(path: str | Path, *, short_form: bool | None = None) -> Scenario:
    """Load one scenario YAML file; ``short_form`` (default: the file is outside the built-in
    corpus) accepts the short form (:mod:`mock_provider.short_form`).

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
    if short_form is None:
        short_form = not in_corpus(p)
    return parse_scenario_text(text, str(path), short_form=short_form)


def in_corpus(path: Path) -> bool:
    """Whether a file is one of the built-in corpus's (which keeps the strict schema)."""
    try:
        corpus = fixtures_dir() / "scenarios"
    except FileNotFoundError:
        return False
    return path.resolve().is_relative_to(corpus.resolve())


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
    """Every ``*.yaml`` under each of ``roots``, sorted by id; an id found twice is an error naming both files.

    Every bad file is reported, not only the first: :class:`ScenarioErrors` holds all their errors.
    """
    seen: dict[str, str] = {}
    out: list[Scenario] = []
    errors: list[ScenarioError] = []
    for path in (p for root in roots for p in sorted(root.rglob("*.yaml"))):
        try:
            s = load_scenario(path)
        except ScenarioError as exc:
            errors += every_error(exc)
            continue
        if s.id in seen:
            errors.append(ScenarioError(str(path), 1, "id", f"duplicate id {s.id!r} (also in {seen[s.id]})"))
            continue
        seen[s.id] = str(path)
        out.append(s)
    if errors:
        raise ScenarioErrors(errors)
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
