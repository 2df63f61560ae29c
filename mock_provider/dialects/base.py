"""What every dialect shares: the error, the rule tables, the encoder interface and the description.

A dialect module (``mock_provider.dialects.v2`` ... or ``mock_provider.wires.openai_chat`` ...)
builds its items with these helpers and exports one :class:`Dialect` description as
``DIALECT``; the registry in :mod:`mock_provider.dialects` finds it by name. This module
imports nothing but :mod:`mock_provider.parts`, so every dialect can depend on it and none
depends on another dialect for the basics.

Example:
    >>> str(fail("ping", "v3", "x.y.001", "no ping in V3"))
    "dialect 'v3' cannot express part 'ping' (scenario x.y.001): no ping in V3"
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Protocol, get_args

from mock_provider.parts import File, FileData, Finish, Part, ReasoningFile, UnifiedFinishReason

Kind = Literal["parts", "http"]
Action = Literal["same", "mapped", "dropped", "error"]
# How a dialect writes the finish reason: a plain string (V2), V3/V4's {unified, raw},
# Mastra's stepResult.reason, Chat Completions' finish_reason, Messages' stop_reason,
# Responses' terminal event (+ incomplete_details.reason), Gemini's candidate finishReason.
FinishShape = Literal["string", "unified", "mastra", "openai", "anthropic", "responses", "gemini"]
# How it writes usage: V2's flat counts, the canonical nested counts (V3/V4), Mastra's
# normalised flat counts, Chat Completions' usage chunk, Messages' message_start/message_delta,
# the usage of Responses' terminal response object, Gemini's usageMetadata.
UsageShape = Literal["flat", "nested", "mastra", "openai", "anthropic", "responses", "gemini"]
UNIFIED_REASONS: frozenset[str] = frozenset(get_args(UnifiedFinishReason))


class DialectError(ValueError):
    """A canonical part this dialect cannot express.

    >>> str(DialectError("tool-approval-request", "v2", "tool.approval.001", "no such part in V2"))
    "dialect 'v2' cannot express part 'tool-approval-request' (scenario tool.approval.001): no such part in V2"
    """

    def __init__(self, part_type: str, dialect: str, scenario_id: str, reason: str) -> None:
        self.part_type, self.dialect, self.scenario_id, self.reason = part_type, dialect, scenario_id, reason
        super().__init__(
            f"dialect {dialect!r} cannot express part {part_type!r} (scenario {scenario_id}): {reason}"
        )


# Its public home (and the name tracebacks and doctests show) is the package.
DialectError.__module__ = "mock_provider.dialects"


class Rule(NamedTuple):
    """What one dialect does with one canonical part type.

    ``action``: ``same`` (identical object), ``mapped`` (renamed/reshaped, possibly lossy),
    ``dropped`` (no item: what the dialect's real producer does), ``error`` (always a
    :class:`DialectError`). ``error_when`` names the cases of a non-``error`` rule that
    raise :class:`DialectError` instead.

    >>> Rule("same", "identity").action
    'same'
    """

    action: Action
    note: str
    error_when: str = ""


def fail(part_type: str, dialect: str, scenario_id: str, reason: str) -> DialectError:
    """Build the :class:`DialectError` for one inexpressible part (callers ``raise`` it).

    >>> str(fail("ping", "v3", "x.y.001", "no ping in V3"))
    "dialect 'v3' cannot express part 'ping' (scenario x.y.001): no ping in V3"
    """
    return DialectError(part_type, dialect, scenario_id, reason)


class Encoder(Protocol):
    """A stateful part-dialect encoder for one stream (canonical part -> dialect items)."""

    def encode(self, part: Part) -> list[dict[str, Any]]: ...

    def encode_raw(self, item: dict[str, Any]) -> list[dict[str, Any]]: ...


# ---------------------------------------------------------------- turns and errors (agent loops)
# How many assistant turns a request's conversation holds (the turn it gets follows them); one
# function per dialect, next to its other code. Any JSON must count without raising (hostile bodies).
TurnCounter = Callable[[Mapping[str, Any]], int]
# The API's own error body for a refusal: (status, error type, message) -> JSON object.
ErrorBody = Callable[[int, str, str], dict[str, Any]]


def role_turns(messages: Any, role: str, key: str = "role") -> int:
    """How many entries of a message list have ``key`` == ``role`` (anything but a list: 0).

    >>> role_turns([{"role": "user"}, {"role": "assistant"}, {"role": "tool"}, {"role": "assistant"}], "assistant")
    2
    >>> role_turns("not a list", "assistant"), role_turns([None, 3, {"role": "assistant"}], "assistant")
    (0, 1)
    """
    if not isinstance(messages, list):
        return 0
    return sum(1 for m in messages if isinstance(m, dict) and m.get(key) == role)


def role_runs(messages: Any, role: str) -> int:
    """How many runs of consecutive ``role`` messages ``messages`` holds: a turn sent back in pieces is one turn.

    A model turn ends when the caller adds to the conversation (tool results, a user message). A client that keeps a
    turn's text and its calls as two messages (@openai/agents-extensions 0.18.0's AiSdkModel,
    ai-sdk/messageConversion.mjs:357-373) sends ``[user, assistant text, assistant tool_calls, tool]`` for turn 2, which
    Mistral's server takes as one (mistral-common's normalizer merges consecutive messages of one role,
    protocol/instruct/normalize.py ``_aggregate_messages``).

    >>> role_runs([{"role": "user"}, {"role": "assistant"}, {"role": "assistant"}, {"role": "tool"},
    ...            {"role": "assistant"}], "assistant")
    2
    >>> role_runs("not a list", "assistant")
    0
    """
    if not isinstance(messages, list):
        return 0
    runs, inside = 0, False
    for message in messages:
        side = isinstance(message, dict) and message.get("role") == role
        runs += side and not inside
        inside = side
    return runs


def prompt_assistant_turns(options: Mapping[str, Any]) -> int:
    """Assistant turns of an AI SDK call's ``prompt`` (``LanguageModelV*Prompt``: role ``assistant``).

    The part dialects share it: V2/V3/V4 take that prompt, and Mastra calls its model with it too.

    >>> prompt_assistant_turns({"prompt": [{"role": "user", "content": []},
    ...     {"role": "assistant", "content": []}, {"role": "tool", "content": []}]})
    1
    >>> prompt_assistant_turns({})
    0
    """
    return role_turns(options.get("prompt"), "assistant")


def envelope_error_body(status: int, kind: str, message: str) -> dict[str, Any]:
    """The mock's own refusal body: Anthropic's envelope around OpenAI's ``error`` object (both SDKs
    read it; see :mod:`mock_provider.server.errors`).

    >>> envelope_error_body(400, "invalid_request_error", "no")
    {'type': 'error', 'error': {'type': 'invalid_request_error', 'message': 'no'}}
    """
    return {"type": "error", "error": {"type": kind, "message": message}}


@dataclass(frozen=True, kw_only=True)
class Dialect:
    """One upstream dialect: its name, kind, rule table and the shapes code elsewhere must know.

    ``finish_reasons`` are the canonical unified reasons it can carry (V4 alone has
    ``interrupted``); ``provider_total``: its usage carries the provider's own total
    (V2 ``totalTokens``); ``cache_write``: its usage has a cache-write count;
    ``citations``: a text block's citations belong to its content (V4; V2/V3 refuse them,
    Mastra's ``text-end`` chunk passes them on but its content has no such key);
    ``tagged_file_data``: file data is V4's tagged object; ``envelope``: items wrap their
    fields in ``payload`` (Mastra).

    >>> d = Dialect(name="x", kind="parts", rules={"ping": Rule("error", "no")},
    ...             finish_shape="unified", usage_shape="nested")
    >>> d.expresses("ping"), d.expresses("text-delta"), "interrupted" in d.finish_reasons
    (False, True, True)
    """

    name: str
    kind: Kind
    rules: Mapping[str, Rule]
    finish_shape: FinishShape
    usage_shape: UsageShape
    finish_reasons: frozenset[str] = UNIFIED_REASONS
    provider_total: bool = False
    cache_write: bool = True
    citations: bool = False
    tagged_file_data: bool = False
    envelope: bool = False
    # A request message's content may be a string for one text part (Chat Completions, Anthropic Messages).
    string_content: bool = False
    # The wire has one normal terminal for 'stop' and 'tool-calls' (Responses `response.completed`, Gemini
    # `STOP`): its clients derive 'tool-calls' from the function calls they read, so that is the
    # provider's reason (@ai-sdk/openai 4.0.118 dist/index.js:4263, @ai-sdk/google 4.0.121 dist/index.js:1981).
    tool_calls_derived: bool = False
    # Usage counts the wire always carries, 0 where the provider had none (Responses' cached_tokens,
    # cache_write_tokens, reasoning_tokens): a client cannot tell 0 from absent there, so neither can the grader.
    # Messages: cache_read_input_tokens and cache_creation_input_tokens are in every live usage, 0 when nothing was
    # cached (tests/data/captures/anthropic-text.chunks.txt; @anthropic-ai/sdk 0.97.1 messages.d.ts:755 types them
    # required, `number | null`), and @ai-sdk/anthropic 3.0.140 reads one left out as 0 (dist/index.mjs:2123-2124);
    # thinking_tokens is not (the capture has no output_tokens_details), so it stays apart.
    # Gemini, the other way round: usageMetadata's cachedContentTokenCount and thoughtsTokenCount are proto3 int32
    # with no presence (googleapis generative_service.proto:635, :645) and ProtoJSON leaves a 0 out, so the live
    # API never sends a 0 (tests/data/captures/google-tool-call.chunks.txt has no cache count) and an absent count
    # means 0, which @ai-sdk/google 3.0.141 reports (dist/index.mjs:595-596). It has no cache-write count at all
    # (cache_write False), so a 0 there is still one the wire never said.
    zero_usage: frozenset[str] = frozenset()
    # The order the wire sends a script's steps' content in, as step indexes, where it is not the script's
    # (Gemini: a turn's text before its function calls). None: the script's order.
    content_order: Callable[[Any], list[int]] | None = None
    # An assistant message holds its text and its tool calls in separate fields with no order between them
    # (Chat Completions: one `content`, one `tool_calls`): text streamed after a call belongs to the same message
    # as text before it, so a client may show the message's text, then its calls.
    unordered_message: bool = False
    # The body of a refusal the provider makes itself (a request past the last turn, a scripted
    # failed attempt without a body): the API's own error envelope.
    error_body: ErrorBody = envelope_error_body
    # Why a scenario played on this wire to these request bodies is a stream its provider never sends (the
    # wire's own contract: Anthropic streams one content block at a time), or None. Such a case is graded on
    # the robustness rows only, as a scenario marked ``contract`` is (conformance.grading.as_played).
    contract_break: Callable[[Any, Sequence[Any]], str | None] | None = None
    # Source types the wire can say only as a retrieval tool's output (Gemini's groundingChunks, ``retrievedContext``:
    # "context retrieved from a data source", google-genai 3.6.1 types.py:8071-8076, and ``web``: a GroundingChunk is
    # returned "when grounding is enabled", google-genai 2.34.0 types.py:7868-7874).
    # A client may show such a source as the provider's own tool call with its result
    # (conformance.retrieval_sources).
    retrieval_sources: frozenset[str] = frozenset()
    # The other ids the wire gives a scenario's calls -> the call id the scenario scripts (OpenAI Responses: a call
    # item's own ``id`` beside its ``call_id``, mock_provider.wires.openai_responses_ids): a client that shows the
    # call under one shows that call (mock_provider.minted).
    call_aliases: Callable[[Any], dict[str, str]] | None = None

    def expresses(self, part_type: str) -> bool:
        """Whether some part of this type can be sent at all (its rule is not ``error``)."""
        rule = self.rules.get(part_type)
        return rule is None or rule.action != "error"


@dataclass(frozen=True, kw_only=True)
class PartDialect(Dialect):
    """A dialect of AI SDK-style stream parts: an encoder per stream and a decoder per item.

    >>> from mock_provider.dialects import dialect
    >>> d = dialect("v4")
    >>> isinstance(d, PartDialect), d.encoder("x.y.001").encode_raw({"type": "z"})
    (True, [{'type': 'z'}])
    """

    kind: Kind = "parts"
    encoder: Callable[[str], Encoder]
    decode: Callable[[dict[str, Any]], list[Part]]
    assistant_turns: TurnCounter = prompt_assistant_turns


# ---------------------------------------------------------------- agent-loop parts
_STEP = "agent-loop step (Mastra chunk), not a LanguageModel part"
# Why a LanguageModel stream (V2/V3/V4 parts or a provider's HTTP wire) cannot say each agent-loop part.
_AGENT_PART_REASONS: dict[str, str] = {
    "step-start": _STEP,
    "step-finish": _STEP,
    "tool-call-suspended": "a tool suspending itself for input is an agent-loop event (Mastra chunk); "
                           "a LanguageModel stream runs no tools",
    "tool-error": "a tool's execution error is an agent-loop chunk (Mastra); a LanguageModel stream carries a "
                  "provider-executed tool's failure as tool-result{isError: true}",
    "tool-output-denied": "a declined approval is decided by the agent loop (Mastra chunk), not sent by the model",
    "reasoning-signature": "LanguageModelV1-era part (Mastra chunk); V2+ carry a reasoning signature in the "
                           "reasoning parts' providerMetadata",
    "redacted-reasoning": "LanguageModelV1-era part (Mastra chunk); V2+ carry redacted reasoning in the "
                          "reasoning parts' providerMetadata",
    "abort": "an agent run's abort (Mastra chunk); a LanguageModel stream has no abort part (the caller's "
             "AbortSignal ends it)",
    "object": "structured output the agent parsed (Mastra chunk); a LanguageModel stream carries it as text",
    "object-result": "structured output the agent parsed (Mastra chunk); a LanguageModel stream carries it as text",
    "data": "custom data the agent wrote (Mastra data-* chunk), not a LanguageModel part",
    "tripwire": "a processor blocking the run is an agent-loop event (Mastra chunk), not a LanguageModel part",
    "background-task": "a tool run as a background task is the agent loop's (Mastra background-task-* chunks); "
                       "a LanguageModel stream runs no tools",
}


def agent_part_rules() -> dict[str, Rule]:
    """The ``error`` rules of the agent-loop parts, for every dialect but ``mastra``.

    >>> agent_part_rules()["tool-error"].action, len(agent_part_rules())
    ('error', 13)
    """
    return {kind: Rule("error", reason) for kind, reason in _AGENT_PART_REASONS.items()}


# ---------------------------------------------------------------- shared helpers
def without_interrupted() -> frozenset[str]:
    """Every canonical unified finish reason but V4's ``interrupted``.

    >>> "interrupted" in without_interrupted(), "unknown" in without_interrupted()
    (False, True)
    """
    return UNIFIED_REASONS - {"interrupted"}


_URL_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def untag_file_data(part: File | ReasoningFile, dialect: str, scenario_id: str) -> str:
    """V4 tagged file data as the V2/V3 ``data`` string: base64 or the URL string.

    This is how Mastra's V4 wrapper (``untagV4ResponseFileData``) downgrades it; a V4
    ``originalUrl`` has nowhere to go and is left out.

    >>> from mock_provider.parts import parse_part
    >>> untag_file_data(parse_part({"type": "file", "mediaType": "image/png",
    ...     "data": {"type": "url", "url": "https://x/a.png"}}), "v3", "x.y.001")
    'https://x/a.png'
    """
    d = part.data
    value = d.data if d.type == "data" else d.url
    if value is None:
        key = "data" if d.type == "data" else "url"
        raise fail(part.type, dialect, scenario_id, f"file data of type {d.type!r} has no {key!r}")
    return value


def tag_file_data(value: str) -> FileData:
    """Inverse of :func:`untag_file_data`: a string with a URL scheme is a URL (base64 has no ``:``).

    >>> tag_file_data("aGk=").type, tag_file_data("https://x/a.png").type
    ('data', 'url')
    """
    if _URL_SCHEME.match(value):
        return FileData(type="url", url=value)
    return FileData(type="data", data=value)


def decode_finish_usage(item: dict[str, Any], part: Finish) -> Finish:
    """A decoded V3/V4 ``finish`` whose item had no ``usage`` key gets ``usage=None`` back.

    (``parse_part`` would otherwise fill in the default empty usage.)

    >>> from mock_provider.parts import parse_part
    >>> p = decode_finish_usage({"type": "finish"}, parse_part(
    ...     {"type": "finish", "finishReason": {"unified": "stop"}}))
    >>> p.usage is None
    True
    """
    if "usage" not in item:
        part.usage = None
    return part


__all__ = [
    "Action",
    "Dialect",
    "DialectError",
    "Encoder",
    "ErrorBody",
    "FinishShape",
    "Kind",
    "PartDialect",
    "Rule",
    "TurnCounter",
    "UsageShape",
    "agent_part_rules",
    "decode_finish_usage",
    "envelope_error_body",
    "fail",
    "prompt_assistant_turns",
    "role_runs",
    "role_turns",
    "tag_file_data",
    "untag_file_data",
    "without_interrupted",
]
