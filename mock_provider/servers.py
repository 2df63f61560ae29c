"""Server flavours: which OpenAI-compatible server a Chat Completions or Responses client talks to.

Many servers speak Chat Completions, each with its own habits: OpenAI's `delta.refusal`, OpenRouter's
mid-stream error chunk, the late call id of some self-hosted servers, Mistral's error body and finish
vocabulary, Perplexity's finish vocabulary, the field a server streams reasoning in. A client written for
one server (``@ai-sdk/groq``, ``@ai-sdk/mistral``, ``@ai-sdk/deepseek``, ``@ai-sdk/perplexity``,
``@ai-sdk/moonshotai``) never meets another server's habits, so a scenario that plays one is not
expressible for it, and where a case has a form on that server (Mistral's error body, OpenRouter's error
chunk) the mock serves that form. The Responses wire
has the same question: xAI serves it (``@ai-sdk/xai``'s default model), without OpenAI's background queue
(``response.queued``) or its context compaction items; so does Hugging Face (``@ai-sdk/huggingface``'s every
model), whose server (huggingface/responses.js, a translation of its router's Chat Completions stream) sends
reasoning only as raw ``reasoning_text`` content and ends every response ``response.completed`` (or
``response.failed``), never ``response.incomplete``: the ``huggingface`` flavour plays its reasoning that way
(:func:`served_as`), and a length or content-filter finish, which that server cannot say, is not expressible.

A harness declares its server in its capabilities (``server: mistral``); the runner forwards it to
the mock as the request header ``X-Mock-Server``, which a user of the mock alone may send too.
No declaration is ``openai``: OpenAI's server, or a client meant for any OpenAI-compatible server
(``@ai-sdk/openai-compatible``), which gets every quirk, as before server flavours existed.
``other`` is a client written for one vendor's server that has no flavour here (``@ai-sdk/togetherai``,
...): the kit does not know that server's habits, so it plays none of any named
server's (no refusal channel, late call id or OpenRouter error chunk; only the finish reasons every known
tool-calling server sends; reasoning only in the default ``delta.reasoning_content``, or the field the
harness names per request), grades no request check that states one server's request shape, nor the words
of the mock's refusal of a turn past the script (:func:`reads_refusal_body`). What
the kit cannot know about a server it leaves ungraded rather than failing a client for it.
``cerebras`` is Cerebras's server: everything ``other`` is (:func:`vendor_of`), plus what its chunk type requires that
the mock's chunk does not always carry (``system_fingerprint`` on every chunk, ``type`` on every tool-call delta,
:func:`served_as`), and no finish reason outside the type's closed vocabulary.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> refusal = next(s for s in load_corpus() if s.id == "quirks.refusal.001")
    >>> foreign_quirk(refusal, "openai") is None, foreign_quirk(refusal, "groq")[:40]
    (True, "a refusal in the model's refusal channel")
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Literal, get_args

from mock_provider.chat_habits import CHAT_WIRE, NO_REASONING_COUNT, chat_wire, mistral_usage, without_cache_write
from mock_provider.parts import (
    Error,
    Finish,
    ReasoningDelta,
    ReasoningEnd,
    ReasoningStart,
    Source,
    TextDelta,
    TextEnd,
    ToolCall,
    ToolInputDelta,
    ToolInputEnd,
    ToolInputStart,
)
from mock_provider.quirks import StepWire
from mock_provider.responses_habits import (  # noqa: F401  (plays_legacy_reasoning: the tests import it from here)
    NO_INCOMPLETE,
    incomplete_habit,
    plays_legacy_reasoning,
    responses_quirks,
    xai_responses_habit,
)

if TYPE_CHECKING:  # mock_provider.scenario_steps reads Server from here
    from mock_provider.scenario import Scenario
    from mock_provider.scenario_steps import Step
    from mock_provider.transcript import Transcript

Server = Literal["openai", "groq", "mistral", "mistral-own", "deepseek", "xai", "openrouter", "perplexity", "moonshot",
                 "huggingface", "cerebras", "other"]
SERVERS: tuple[str, ...] = get_args(Server)
DEFAULT_SERVER = "openai"
SERVER_HEADER = "X-Mock-Server"  # the server flavour of a Chat Completions or Responses request

# Mistral's API for a client that can name only Mistral's own models: the same server as `mistral` (its usage, finish
# vocabulary, error body, tool call ids, request shapes), whose models send each tool call whole (:data:`_WHOLE_CALLS`).
# Mistral's API streams a call in fragments (a first delta with id and name, continuations {index, type, function:
# {name: '', arguments}}) only for the models it relays (zai-glm-*: recorded streams in anomalyco/opencode issue 49692
# and earendil-works/pi issue 8387); its own models send each call whole in one delta (comet-ml/opik PR 7385, checked
# against the live API; a microsoft/semantic-kernel maintainer on its Mistral connector, issue 6316; dust-tt/dust PR
# 4226's Mistral client). A client that accepts any model id (agno, pydantic-ai, AG2, @ai-sdk/mistral,
# @tanstack/ai-mistral) may be pointed at a relayed one, so fragments are its input (`mistral`); one whose model table
# holds only Mistral's own models (llama-index-llms-mistralai's MistralAI) never meets them.
# Cerebras's server (`cerebras`) shares every habit of a server without a flavour (`other`): the kit knows no more of
# it than its chunk type says. cerebras-cloud-sdk 1.91.0, generated from Cerebras's OpenAPI spec (Stainless), types
# the stream's chunk `ChatChunkResponse` with `id`, `created`, `model`, `object` and `system_fingerprint` required
# (types/chat/chat_completion.py:423-443; `choices`, `service_tier`, `time_info` and `usage` optional), `type`
# required on every delta tool call (`ChatChunkResponseChoiceDeltaToolCall`, :255-265; `id`, `index` and
# `function.name` optional) and `finish_reason` a closed Literal (:364-369, :data:`_CEREBRAS_FINISH`). The mock's chunk
# carries `system_fingerprint` only where a scenario asks (`chat_fields`) and `type` only on a call's first delta, so
# the flavour adds both (:func:`served_as`). Its error shapes disagree between its
# clients (the SDK's in-stream `ErrorChunkResponse` is `{error: {...}, status_code}`, :459-462; @ai-sdk/cerebras
# 3.0.59 reads a flat `{message, type, param, code}`, dist/index.js:100-109), so they stay `other`'s: ungraded.
_SAME_SERVER = {"mistral-own": "mistral", "cerebras": "other"}


def vendor_of(server: str | None) -> str | None:
    """The flavour whose habits ``server`` shares (itself unless it is a narrower flavour of the same server).

    >>> vendor_of("mistral-own"), vendor_of("groq"), vendor_of("cerebras"), vendor_of(None)
    ('mistral', 'groq', 'other', None)
    """
    return _SAME_SERVER.get(server, server) if server is not None else None

# Mistral's finish reasons (its API reference, ChatCompletionChoice.finish_reason; @ai-sdk/mistral 4.0.87
# dist/index.js:178-186 maps exactly these). It has no content filter stop.
_MISTRAL_FINISH = frozenset({"stop", "length", "model_length", "error", "tool_calls"})
# Perplexity's finish reasons: its Sonar API's `finish_reason` is 'stop' | 'length' | null (its own SDK,
# @perplexity-ai/perplexity_ai 0.38.1 src/generated/api.ts ChoiceOutput, generated from its OpenAPI spec;
# @ai-sdk/perplexity 4.0.49 dist/index.js:199-207 maps exactly these two).
_PERPLEXITY_FINISH = frozenset({"stop", "length"})
# A server the kit has no flavour for: the finish reasons every known server with tool calls sends (OpenAI's,
# Groq's, Mistral's, DeepSeek's, OpenRouter's); `content_filter` is not among them (Mistral has none).
_COMMON_FINISH = frozenset({"stop", "length", "tool_calls"})
# Servers whose `json_schema` response format takes `strict` as an option, not a requirement: Mistral's (its
# JsonSchema.strict, default false; @mistralai/mistralai 2.2.0 JsonSchema {name, schemaDefinition, strict}),
# Perplexity's (@perplexity-ai/perplexity_ai 0.38.1 JSONSchema, strict optional) and Moonshot's (@ai-sdk/moonshotai
# 3.0.60 sends strict from its own option). A refusal OpenAI's strict mode forces is not owed by their clients.
_STRICT_OPTIONAL = frozenset({"mistral", "perplexity", "moonshot"})
# The one server known to refuse a tool sent with `strict: true` whose parameters are not in strict mode's form (every
# property in `required`, `additionalProperties: false`): OpenAI's ("Supported schemas": "All fields must be
# required", "additionalProperties: false must always be set in objects", platform.openai.com/docs/guides/
# structured-outputs). No other server's docs say it refuses that request (Together documents no `strict` field;
# DeepSeek honours `strict` on its beta base URL only), so there the caller's schema as given is what it asked for.
_STRICT_TOOL_SCHEMAS = frozenset({"openai"})


def requires_strict_tool_schemas(server: str | None) -> bool:
    """Whether ``server`` refuses a ``strict: true`` tool whose parameters are not in strict mode's form.

    >>> [requires_strict_tool_schemas(server) for server in (None, "openai", "other")]
    [True, True, False]
    """
    return (vendor_of(server) or DEFAULT_SERVER) in _STRICT_TOOL_SCHEMAS


# A server whose finish vocabulary the kit knows, with whose it is (in words).
_FINISH_VOCABULARY = {"mistral": ("Mistral's", _MISTRAL_FINISH), "perplexity": ("Perplexity's", _PERPLEXITY_FINISH),
                      "other": ("every known server's common", _COMMON_FINISH)}

# The one field a server streams reasoning in, where the server has no other: DeepSeek's API sends
# `delta.reasoning_content` (its thinking-mode guide; @ai-sdk/deepseek 3.0.56 dist/index.js:1157 reads
# no other field). A scenario that states another field (`wire.reasoning`) plays another server's
# habit for its clients. Groq's and Mistral's harnesses name their field per request (X-Mock-Reasoning).
# Moonshot's Kimi API likewise (@ai-sdk/moonshotai 3.0.60 dist/index.js:734, its chunk schema's only reasoning
# field, read at :1268).
# A server without a flavour ("other") gets the default field: a harness whose client reads another names it
# per request, and a scenario that states a field is then another server's habit.
# xAI's Chat Completions server likewise: a recorded api.x.ai stream carries `delta.reasoning_content` (charmbracelet/
# fantasy providertests/testdata/TestOpenAICompatibleCommon/xai-grok-code-fast/multi_tool_streaming.yaml), the one
# reasoning field @ai-sdk/xai 3.0.99's chat model reads (dist/index.mjs:744; its chunk schema :876-897).
_REASONING_FIELD = {"deepseek": "reasoning_content", "moonshot": "reasoning_content", "xai": "reasoning_content",
                    "other": "reasoning_content"}
_REASONING_OWNERS = {"reasoning": "OpenRouter's, Ollama's and Groq's", "reasoning_details": "OpenRouter's",
                     "think-tags": "a server's without a reasoning parser", "thinking-chunks": "Mistral's"}


# OpenRouter's docs (API reference, Streaming, "Handling Errors During Streaming"): an error before any token is
# "a standard JSON error response with the appropriate HTTP status code" (`{"error": {"code": 400, "message"}}`);
# one after tokens is one more `chat.completion.chunk` with a top-level `error` and a choice with `finish_reason:
# "error"`, and "the stream is terminated after this unified error event". A token is a part that fills a delta.
_TOKENS = (TextDelta, ReasoningDelta, ToolInputStart, ToolInputDelta, ToolCall)
# What may follow an in-band error and still put nothing on the Chat Completions wire (the encoder sends no
# frame for a block's end, nor for a finish 'error' after the error frame).
_SILENT = (TextEnd, ReasoningEnd, ToolInputEnd)


def _quirks(scenario: Scenario) -> Iterator[tuple[str, str, frozenset[str]]]:
    """Each server habit a scenario's script plays: (the habit, whose it is, the servers that have it)."""
    for script in scenario.turn_scripts():
        for step in script:
            wire = step.wire
            if wire is not None and wire.channel == "refusal":
                # @openrouter/sdk 0.13.20 esm/models/chatstreamdelta.js:25: OpenRouter's delta has `refusal`.
                yield ("a refusal in the model's refusal channel (`delta.refusal`)", "OpenAI's",
                       frozenset({"openai", "openrouter"}))
            if wire is not None and wire.late:
                yield ("a tool call whose id or name comes in its second delta", "some self-hosted servers' (vLLM)",
                       frozenset({"openai", "openrouter"}))  # OpenRouter fronts such servers; no sign it re-cuts deltas
            if wire is not None and wire.error_shape == "openrouter":
                yield ("a mid-stream error chunk with top-level `error` and finish_reason 'error'", "OpenRouter's",
                       frozenset({"openai", "openrouter"}))


# Groq's chunk as its SDK publishes it (groq 1.7.0 types/chat/chat_completion_chunk.py): `finish_reason` is the closed
# Literal below, and a delta annotation is a document_citation or function_citation only (OpenAI's url_citation of
# its web search is not among them). A client built on that SDK may validate what it reads.
_GROQ_FINISH = frozenset({"stop", "length", "tool_calls", "content_filter", "function_call"})


def _groq_habit(scenario: Scenario, server: str) -> str | None:
    """Why ``scenario`` streams what Groq's published chunk cannot say, or a call Groq's server never sends, in words
    (None: nothing)."""
    from mock_provider.wires.openai_chat import Encoder  # it imports this module (Server)

    for script in scenario.turn_scripts():
        for step in script:
            part = step.part
            if isinstance(part, Finish) and part.finish_reason.unified in ("other", "unknown"):
                # The chat wire sends such a finish as its raw reason or as 'other', never as one of the reasons
                # a consumer maps to a unified one of its own (mock_provider.wires.openai_chat.Encoder.finish_reason):
                # outside Groq's closed Literal either way. The reason names the value the wire sends.
                sent = Encoder(scenario.id).finish_reason(part)
                raw = part.finish_reason.raw
                return (f"finish_reason {sent!r} (unified {part.finish_reason.unified!r}"
                        + (f", raw {raw!r}" if raw and raw != sent else "")
                        + f") is not in Groq's finish vocabulary ({', '.join(sorted(_GROQ_FINISH))}; groq 1.7.0 "
                        f"ChatCompletionChunk; declared server: {server})")
            if isinstance(part, Source) and part.source_type == "url":
                return ("a url_citation annotation (OpenAI's web search) is not one of Groq's annotation types "
                        "(document_citation, function_citation; groq 1.7.0 ChatCompletionChunk; "
                        f"declared server: {server})")
            if isinstance(part, ToolCall) and not part.provider_executed and _unparsable(part.input):
                return (f"a tool call whose arguments do not parse as JSON ({part.input!r}) is a stream Groq's server "
                        "never sends: it parses the model's generation into calls before it sends one, and answers a "
                        "generation that does not parse with an error `tool_use_failed` (failed_generation) and no "
                        "call (error.groq-tool-use-failed.001 plays it; huggingface/smolagents issue 1119, "
                        f"agno-agi/agno issue 4090; declared server: {server})")
    return None


# Cerebras's chunk as its SDK publishes it (cerebras-cloud-sdk 1.91.0 types/chat/chat_completion.py:369
# ChatChunkResponseChoice.finish_reason, generated from its OpenAPI): a closed Literal, which a finish the wire sends as
# its raw reason or 'other' is outside. Its SDK casts each chunk without validating, so such a chunk is built as
# another member of its union (a dict delta) rather than rejected.
_CEREBRAS_FINISH = frozenset({"stop", "length", "content_filter", "tool_calls"})


def _cerebras_habit(scenario: Scenario, server: str) -> str | None:
    """Why ``scenario`` streams what Cerebras's published chunk cannot say, in words (None: nothing)."""
    from mock_provider.wires.openai_chat import Encoder  # it imports this module (Server)

    for script in scenario.turn_scripts():
        for step in script:
            part = step.part
            if isinstance(part, Finish) and part.finish_reason.unified in ("other", "unknown"):
                sent = Encoder(scenario.id).finish_reason(part)
                return (f"finish_reason {sent!r} (unified {part.finish_reason.unified!r}) is not in Cerebras's finish "
                        f"vocabulary ({', '.join(sorted(_CEREBRAS_FINISH))}; cerebras-cloud-sdk 1.91.0 "
                        f"ChatChunkResponse; declared server: {server})")
    return None


def _unparsable(arguments: str) -> bool:
    """Whether a call's arguments text does not parse as JSON. An empty text is no arguments (the kit's expected view
    reads it as ``{}``, tool.empty-input.001), not malformed."""
    if not arguments:
        return False
    try:
        json.loads(arguments)
    except ValueError:
        return True
    return False


def _openrouter_error_habit(scenario: Scenario) -> str | None:
    """Why an in-band error of ``scenario`` is not one OpenRouter streams, in words (None: every one is).

    OpenRouter sends an error before the first token as an HTTP error status (the ``http.*`` scenarios play
    that), and ends the stream at its error chunk: a second error or more content after it is not OpenRouter's.
    """
    for script in scenario.turn_scripts():
        tokens = errors = 0
        for step in script:
            part = step.part
            if errors and part is not None and not isinstance(part, _SILENT) and not (
                    isinstance(part, Finish) and part.finish_reason.unified == "error"):
                return (f"part {part.type!r} after an in-band error: OpenRouter ends the stream at its error chunk "
                        "(docs, API reference, Streaming: 'the stream is terminated after this unified error "
                        "event'; declared server: openrouter)")
            if isinstance(part, Error) and not tokens:
                return ("an in-band error before any token: OpenRouter answers that with an HTTP error status and "
                        "its JSON error body (docs, API reference, Streaming, 'Errors Before Any Tokens Are Sent'; "
                        "declared server: openrouter)")
            tokens += isinstance(part, _TOKENS)
            errors += isinstance(part, Error)
    return None


def _mistral_error_habit(scenario: Scenario, server: str) -> str | None:
    """Why an in-band error of ``scenario`` is not one Mistral streams, in words (None: it has none).

    The Chat Completions wire sends an error part as OpenAI's frame, ``data: {"error": {...}}``. Mistral's stream has
    no such frame: mistralai 3.7.0, generated from its OpenAPI, decodes every ``data:`` of chat.stream as
    CompletionEvent{data: CompletionChunk} with required id, model and choices (client/chat.py:996-1003,
    client/models/completionchunk.py), and says a failed generation with finish_reason 'error'.
    """
    for script in scenario.turn_scripts():
        if any(isinstance(step.part, Error) for step in script):
            return ("an in-band error frame (`data: {\"error\": {...}}`) is OpenAI's habit; Mistral's stream has no "
                    "error frame, every chunk is a CompletionChunk (mistralai 3.7.0 client/models/completionchunk.py; "
                    f"declared server: {server})")
    return None


# The Chat Completions servers whose stream has no error frame: a `data: {"error": {...}}` chunk (OpenAI's habit, the
# mock's rendering of an error part) is a chunk their vendor's client rejects, a TypeValidationError part.
# xAI's: @ai-sdk/xai 3.0.99's chat chunk schema is one object with `choices` required and no error member
# (dist/index.mjs:876-897; its error schema is the failed HTTP response's only, :300-311). Perplexity's:
# @ai-sdk/perplexity 4.0.49's chunk schema requires `id`, `created`, `model` and `choices`, no error member
# (dist/index.js:649-665). A server without a flavour ("other"): the kit does not know its error frame, and clients of
# such servers disagree on it:
# @ai-sdk/cerebras 3.0.59 reads an error chunk only in Cerebras's flat shape {message, type, param, code}
# (dist/index.js:100-109, the union of its openai-compatible 3.0.59 chunk schema, dist/index.js:1052), @ai-sdk/alibaba
# 2.0.58's chunk schema has no error member (dist/index.js:823-853). Mistral's has its own reason
# (:func:`_mistral_error_habit`).
_NO_ERROR_FRAME = {
    "xai": "xAI's stream has no error frame (@ai-sdk/xai 3.0.99 dist/index.mjs:876-897, its chat chunk schema)",
    "perplexity": "Perplexity's stream has no error frame (@ai-sdk/perplexity 4.0.49 dist/index.js:649-665, its chunk "
                  "schema requires id, created, model and choices)",
    "other": "the kit does not know the error frame of a server without a flavour (@ai-sdk/cerebras 3.0.59 reads one "
             "in Cerebras's flat shape only, dist/index.js:100-109; @ai-sdk/alibaba 2.0.58's chunk schema has none, "
             "dist/index.js:823-853)",
}


def _error_frame_habit(scenario: Scenario, server: str) -> str | None:
    """Why ``scenario``'s in-band error is not one ``server`` streams (:data:`_NO_ERROR_FRAME`), in words."""
    why = _NO_ERROR_FRAME.get(str(vendor_of(server)))
    if why is None or not any(isinstance(step.part, Error) for script in scenario.turn_scripts() for step in script):
        return None
    frame = 'an in-band error frame (`data: {"error": {...}}`)'
    return f"{frame} is OpenAI's habit; {why} (declared server: {server})"


# The Chat Completions servers that send each tool call whole, in one delta with its id, type, name and complete
# arguments, never its arguments in fragments: xAI's (a recorded api.x.ai stream, charmbracelet/fantasy
# providertests/testdata/TestOpenAICompatibleCommon/xai-grok-4-fast/tool_streaming.yaml, one chunk holds the whole
# call; @ai-sdk/xai 3.0.99's chat model requires all four on every tool_calls entry, dist/index.mjs:876-897, and hands
# each entry over as a complete call, :764-796); Mistral's for its own models (`mistral-own`, :data:`_SAME_SERVER`);
# and Groq's, which parses the model's generation into calls before it sends any and sends each call whole, each call
# of a batch in its own delta with its own index (a recorded api.groq.com stream, charmbracelet/fantasy
# providertests/testdata/TestOpenAICompatibleCommon/groq-kimi-k2/multi_tool_streaming.yaml: 'add' at index 0, then
# 'multiply' at index 1, each whole; a Groq engineer in vercel/ai PR 1653, "Groq sends the entire tool call payload in
# a single delta"; meta-llama/llama-stack PR 630, a 10k-character argument in one chunk; BerriAI/litellm issue 7621,
# "Groq outputs a single chunk per one tool call"). A generation Groq cannot parse never reaches its client as a call
# (`_groq_habit`: it answers tool_use_failed).
_WHOLE_CALLS = frozenset({"xai", "mistral-own", "groq"})
_CALL_INPUT = (ToolInputStart, ToolInputDelta, ToolInputEnd)


def sends_calls_whole(server: str | None, dialect: str) -> bool:
    """Whether ``server`` sends each tool call whole on ``dialect`` (:data:`_WHOLE_CALLS`): the calls then come in the
    order they completed.

    >>> sends_calls_whole("mistral-own", "openai-chat"), sends_calls_whole("mistral", "openai-chat")
    (True, False)
    """
    return server in _WHOLE_CALLS and dialect == "openai-chat"


def _completed_calls(script: list[Step]) -> tuple[set[str], set[str]]:
    """The calls a turn's script starts, and those of them whose tool-call part the wire gets (no fault before it)."""
    started: set[str] = set()
    whole: set[str] = set()
    cut = False
    for step in script:
        part = step.part
        cut = cut or step.fault is not None
        if isinstance(part, ToolInputStart):
            started.add(part.id)
        elif isinstance(part, ToolCall) and part.tool_call_id in started and not cut:
            whole.add(part.tool_call_id)
    return started, whole


def _cut_call_habit(scenario: Scenario, server: str) -> str | None:
    """A tool call the script streams but never completes on the wire (cut, aborted, dropped), in words (None: none).
    A server that sends each call whole (:data:`_WHOLE_CALLS`) sends nothing of such a call."""
    habit = ("a tool call whose arguments stream across chunks and stop before the call is whole (cut, aborted "
             f"or never completed) is OpenAI's habit; the {server} server sends each call whole in one delta")
    for script in scenario.turn_scripts():
        started, whole = _completed_calls(script)
        if started - whole:
            return habit
    pause = scenario.client.abort_after_step  # the caller aborts once this many steps of the script were sent
    if pause is not None:
        opened = {st.part.id for st in scenario.script[:pause] if isinstance(st.part, ToolInputStart)}
        done = {st.part.tool_call_id for st in scenario.script[:pause] if isinstance(st.part, ToolCall)}
        if opened - done:
            return habit
    return None


def _whole_call_script(script: list[Step]) -> list[Step]:
    """A turn's script as a server that sends each call whole streams it: a call's tool-input steps go, its tool-call
    part (sent whole, :meth:`mock_provider.wires.openai_chat` encodes an unstarted call in one delta) takes their wire
    quirks (a reused or gapped `index`) and their delays."""
    _started, whole = _completed_calls(script)
    out: list[Step] = []
    held: dict[str, StepWire] = {}
    delay = 0.0
    for step in script:
        part = step.part
        if isinstance(part, _CALL_INPUT) and (part.id in whole):
            delay += step.delay_ms
            if isinstance(part, ToolInputStart) and step.wire is not None:
                held[part.id] = step.wire
            continue
        if isinstance(part, ToolCall) and part.tool_call_id in held and step.wire is None:
            step = step.model_copy(update={"wire": held.pop(part.tool_call_id)})
        if delay:
            step = step.model_copy(update={"delay_ms": step.delay_ms + delay})
            delay = 0.0
        out.append(step)
    return out


def _finish_reasons(scenario: Scenario) -> Iterator[str]:
    """The Chat Completions finish reasons a scenario sends that only some servers have."""
    for script in scenario.turn_scripts():
        for step in script:
            if isinstance(step.part, Finish) and step.part.finish_reason.unified == "content-filter":
                yield "content_filter"


def _reasoning_habit(scenario: Scenario, server: str) -> str | None:
    """The reasoning field a scenario asks for that ``server`` never sends, in words (None: no such field)."""
    own = _REASONING_FIELD.get(str(vendor_of(server)))
    field = scenario.wire.reasoning
    if own is None or "reasoning" not in scenario.wire.model_fields_set or field == own:
        return None
    habit = f"reasoning in the {field!r} dialect is {_REASONING_OWNERS.get(field, 'another server')} habit"
    if vendor_of(server) == "other":
        return (f"{habit}; the kit does not know which field a server without a flavour streams reasoning in "
                f"(declared server: {server}; a harness names its field per request with X-Mock-Reasoning)")
    return f"{habit}; the {server} server streams reasoning in `delta.{own}` only (declared server: {server})"


def foreign_quirk(scenario: Scenario, server: str | None, dialect: str = "openai-chat") -> str | None:
    """Why ``scenario`` is not expressible on ``dialect`` for a client of ``server`` (None: it is).

    The quirks are those of the Chat Completions and Responses wires that belong to named servers; a
    scenario that breaks the wire's contract on purpose (an empty ``choices``, a reused index) is graded
    for every server, as robustness. ``openai`` (and no declaration) takes every quirk; the other
    dialects have no server habits.

    >>> from mock_provider.scenario import load_corpus
    >>> filtered = next(s for s in load_corpus() if s.id == "finish.content-filter.001")
    >>> foreign_quirk(filtered, "groq") is None, foreign_quirk(filtered, "mistral")  # doctest: +ELLIPSIS
    (True, "finish_reason 'content_filter' is not in Mistral's finish vocabulary ...")
    >>> openrouter = next(s for s in load_corpus() if s.id == "reasoning.field-reasoning.001")
    >>> foreign_quirk(openrouter, "groq") is None, foreign_quirk(openrouter, "deepseek")  # doctest: +ELLIPSIS
    (True, "reasoning in the 'reasoning' dialect is OpenRouter's, Ollama's and Groq's habit; the deepseek ...")
    >>> late = next(s for s in load_corpus() if s.id == "quirks.tool-late-id.001")
    >>> foreign_quirk(late, "openai"), foreign_quirk(late, "other")  # doctest: +ELLIPSIS
    (None, "a tool call whose id or name comes in its second delta is ... (declared server: other)")
    >>> queued = next(s for s in load_corpus() if s.id == "text.queued.001")
    >>> foreign_quirk(queued, "xai", "openai-responses")[:30], foreign_quirk(queued, "xai", "anthropic")
    ('a queued response (`response.q', None)
    """
    if server is None or server == DEFAULT_SERVER:
        return None
    if dialect == "openai-responses":
        habit = next(responses_quirks(scenario), None)
        if habit is None and server in NO_INCOMPLETE:
            habit = incomplete_habit(scenario)
        if habit is None and server == "xai":
            habit = xai_responses_habit(scenario)
    elif dialect == "openai-chat":
        habit = next(((h, who) for h, who, servers in _quirks(scenario) if server not in servers), None)
    else:
        return None
    if habit is not None and vendor_of(server) == "other":
        return (f"{habit[0]} is {habit[1]} habit, which the kit plays to no client of a server it has no "
                f"flavour for (declared server: {server})")
    if habit is not None:
        return f"{habit[0]} is {habit[1]} habit, which the {server} server does not have (declared server: {server})"
    return _chat_server_habit(scenario, server) if dialect == "openai-chat" else None


def _chat_server_habit(scenario: Scenario, server: str) -> str | None:
    """Why a client of ``server`` (not OpenAI's) is never sent ``scenario`` on Chat Completions, beside the quirks
    :func:`_quirks` lists: the server's own stream shape, reasoning field and finish vocabulary (those of the flavour
    it narrows, :func:`vendor_of`), and a call it would send whole that the script cuts."""
    vendor = str(vendor_of(server))
    if vendor in _STRICT_OPTIONAL and scenario.expected.terminal == "error" \
            and "structured.strict-schema" in scenario.rows:
        return (f"an error for a schema OpenAI's strict structured outputs cannot express is OpenAI's requirement; "
                f"the {server} server's json_schema takes `strict` as an option, so its client may send such a schema "
                f"without it (declared server: {server})")
    if server == "openrouter":
        return _openrouter_error_habit(scenario)
    own = _OWN_HABITS.get(server, _OWN_HABITS.get(vendor))
    habit = (own(scenario, server) if own is not None else None) or _error_frame_habit(scenario, server)
    if habit is not None:
        return habit
    if server in _WHOLE_CALLS and (cut := _cut_call_habit(scenario, server)) is not None:
        return f"{cut} (declared server: {server})"
    reasoning = _reasoning_habit(scenario, server)
    if reasoning is not None or vendor not in _FINISH_VOCABULARY:
        return reasoning
    whose, vocabulary = _FINISH_VOCABULARY[vendor]
    reason = next((r for r in _finish_reasons(scenario) if r not in vocabulary), None)
    if reason is not None:
        return (f"finish_reason {reason!r} is not in {whose} finish vocabulary "
                f"({', '.join(sorted(vocabulary))}; declared server: {server})")
    return None


# The servers whose own stream shape rules out more of the corpus (their error frame, their chunk type's literals).
_OWN_HABITS: dict[str, Callable[[Scenario, str], str | None]] = {"mistral": _mistral_error_habit, "groq": _groq_habit,
                                                                  "cerebras": _cerebras_habit}


def error_body(server: str | None, kind: str, message: str, param: Any = None,
               status: int = 400) -> dict[str, Any] | None:
    """A refusal's JSON body in ``server``'s own error shape, or None for OpenAI's (the default).

    Mistral's body is flat: ``{object: 'error', message, type, param, code}`` (@ai-sdk/mistral 4.0.87
    dist/index.js:245-251, mistralErrorDataSchema); its client reads ``message`` from there only.
    OpenRouter's is ``{error: {code, message, metadata?}}`` whose ``code`` is the HTTP status, a number
    (openrouter.ai/docs, API reference, Errors: ``type ErrorResponse``; "The HTTP Response will have the same
    status code as error.code"; @openrouter/sdk 0.13.20 esm/models/badrequestresponseerrordata.js:8-12,
    ``code: z.int()``, ``metadata`` a record): the mock's error kind and ``param`` go in ``metadata``.

    >>> error_body("mistral", "invalid_request_error", "no turn 3")["message"], error_body("groq", "x", "y")
    ('no turn 3', None)
    >>> error_body("openrouter", "invalid_request_error", "no turn 3", status=400)
    {'error': {'code': 400, 'message': 'no turn 3', 'metadata': {'type': 'invalid_request_error'}}}
    """
    if server == "openrouter":
        error: dict[str, Any] = {"code": status, "message": message}
        if kind:
            error["metadata"] = {"type": kind, **({"param": param} if isinstance(param, str) else {})}
        return {"error": error}
    if vendor_of(server) != "mistral":
        return None
    return {"object": "error", "message": message, "type": kind,
            "param": param if isinstance(param, str) else None, "code": None}


def _body_message(body: Any) -> str | None:
    """The message a scripted error body carries (``error.message`` or a flat ``message``), if any."""
    if isinstance(body, dict):
        inner = body.get("error")
        for holder in (inner, body):
            if isinstance(holder, dict) and isinstance(holder.get("message"), str):
                return str(holder["message"])
    return None


def failed_body(server: str | None, status: int, body: Any, message: str) -> Any:
    """A scripted failed attempt's body (``fault: http_status``) as ``server`` sends it.

    OpenRouter answers every error before the first token in its own shape (:func:`error_body`), whatever
    the upstream provider said, so an OpenRouter client gets the scripted body's message there; other
    servers get the scripted body as written. ``message`` is used when the body carries none.

    >>> failed_body("openrouter", 401, {"type": "error", "error": {"type": "x", "message": "bad key"}}, "m")
    {'error': {'code': 401, 'message': 'bad key'}}
    >>> failed_body("openai", 401, "raw", "m"), failed_body("openrouter", 500, "raw", "m")
    ('raw', {'error': {'code': 500, 'message': 'm'}})
    """
    if server != "openrouter":
        return body
    return error_body(server, "", _body_message(body) or message, status=status)  # no kind: no metadata


# The Responses servers whose usage has no cache-write count: xAI's has input_tokens_details.cached_tokens and
# output_tokens_details.reasoning_tokens only (@ai-sdk/xai 5.0.12 dist/index.js:790-803 xaiResponsesUsageSchema;
# its convertXaiResponsesUsage sets cacheWrite undefined, :612-620), not OpenAI's cache_write_tokens.
# A server without a flavour ("other") is not known to report one either, on either wire.
# Hugging Face's Responses usage (huggingface/responses.js src/routes/responses.ts:109-115, :539-547) has
# input_tokens_details.cached_tokens and output_tokens_details.reasoning_tokens only; @ai-sdk/huggingface 2.0.48 sets
# cacheWrite undefined (dist/index.js:53-60).
_NO_CACHE_WRITE = frozenset({("xai", "openai-responses"), ("huggingface", "openai-responses"),
                             ("other", "openai-responses"), ("other", "openai-chat"), ("mistral", "openai-chat")})
def reports_cache_write(server: str | None, dialect: str) -> bool:
    """Whether ``server``'s usage on ``dialect`` can carry a cache-write count that the wire has a field for.

    >>> reports_cache_write(None, "openai-responses"), reports_cache_write("xai", "openai-responses")
    (True, False)
    >>> reports_cache_write("other", "openai-chat"), reports_cache_write("groq", "openai-chat")
    (False, True)
    """
    return (vendor_of(server), dialect) not in _NO_CACHE_WRITE


# The reasoning parts: Hugging Face's Responses server streams each as a reasoning item's raw `reasoning_text`
# content, translated from its router's Chat Completions `delta.reasoning` / `delta.reasoning_content`
# (huggingface/responses.js src/routes/responses.ts:555; the item, with `content: []` and `summary: []`, :597-614; its
# `response.content_part.added` part {type: 'reasoning_text'} and `response.reasoning_text.delta`, :658-686; the
# `.done`, content_part.done and output_item.done, :913-947). It never sends a summary (`response.reasoning_summary_*`).
_REASONING_PARTS = (ReasoningStart, ReasoningDelta, ReasoningEnd)


def _raw_reasoning_step(step: Step) -> Step:
    """A reasoning step sent as raw ``reasoning_text`` content (``channel: reasoning_text``), as Hugging Face's
    Responses server sends every reasoning; any other step, or one whose channel the scenario states, as it is."""
    if not isinstance(step.part, _REASONING_PARTS) or (step.wire is not None and step.wire.channel is not None):
        return step
    wire = StepWire(channel="reasoning_text") if step.wire is None else step.wire.model_copy(
        update={"channel": "reasoning_text"})
    return step.model_copy(update={"wire": wire})


def _served_step(step: Step, server: str) -> Step:
    """One script step as ``server`` (OpenRouter) sends it: an error part in its chunk, a status in its body."""
    if isinstance(step.part, Error):
        wire = StepWire(error_shape="openrouter") if step.wire is None else step.wire.model_copy(
            update={"error_shape": "openrouter"})
        return step.model_copy(update={"wire": wire})
    from mock_provider.scenario_steps import HttpStatusFault  # it imports this module (Server)

    fault = step.fault
    if isinstance(fault, HttpStatusFault):
        body = failed_body(server, fault.status, fault.body, f"mock-provider: scripted HTTP {fault.status}")
        return step.model_copy(update={"fault": fault.model_copy(update={"body": body})})
    return step


def served_as(scenario: Scenario, server: str | None, dialect: str) -> Scenario:
    """``scenario`` as ``server`` streams it on ``dialect`` (the scenario itself when nothing changes).

    OpenRouter streams an in-band error in its own form, whatever the upstream provider sent: every error
    part of an ``openai-chat`` script gets the ``error_shape: openrouter`` rendering (a chunk with top-level
    ``error`` and ``finish_reason: 'error'``; openrouter.ai/docs, API reference, Streaming, "Errors After
    Tokens Have Been Sent"). The error's code is sent as the docs' example sends it (``"server_error"``, a
    string, when the part has none), though @openrouter/sdk 0.13.20 types it as an integer
    (esm/models/chatstreamchunk.js:29-33): the docs describe what the server sends. Call it on one turn's
    scenario (:meth:`~mock_provider.scenario.Scenario.for_turn`): it rewrites ``script``. A scripted HTTP
    error status gets OpenRouter's body (:func:`failed_body`).

    >>> from mock_provider.scenario import load_corpus
    >>> code = next(s for s in load_corpus() if s.id == "error.code.001")
    >>> served_as(code, "openrouter", "openai-chat").script[-1].wire.error_shape, served_as(code, "perplexity",
    ...     "openai-chat") is code
    ('openrouter', True)

    A server whose usage has no cache-write count (xAI's Responses API, :func:`reports_cache_write`) gets the
    finish usage without it; :func:`served_expected` grades its clients without it. Mistral gets its usage on the
    finish chunk, whatever the request asks (``wire.usage: finish``; its API has no ``stream_options``).

    >>> served_as(code, "mistral", "openai-chat").wire.usage, code.wire.usage
    ('finish', 'chunk')

    Groq streams it in the last chunk's ``x_groq.usage``, unasked (``wire.usage: x_groq``):

    >>> served_as(code, "groq", "openai-chat").wire.usage, served_as(code, "groq", "openai-responses") is code
    ('x_groq', True)

    DeepSeek sends its own cache counts on every usage (``wire.usage_counts: deepseek``):

    >>> served_as(code, "deepseek", "openai-chat").wire.usage_counts, code.wire.usage_counts
    ('deepseek', 'openai')

    xAI's Chat Completions server sends each tool call whole, in one delta (:data:`_WHOLE_CALLS`), and so do Groq's
    and Mistral's for its own models (``mistral-own``): the call's tool-input steps go and its tool-call part carries
    the whole call:

    >>> tool = next(s for s in load_corpus() if s.id == "tool.basic.001")
    >>> [st.part.type for st in served_as(tool, "xai", "openai-chat").script if st.part and "tool" in st.part.type]
    ['tool-call']
    >>> [st.part.type for st in served_as(tool, "groq", "openai-chat").script if st.part and "tool" in st.part.type]
    ['tool-call']
    >>> [st.part.type for st in served_as(tool, "mistral-own", "openai-chat").script if st.part and "tool" in
    ...  st.part.type], served_as(tool, "mistral-own", "openai-chat").wire.usage
    (['tool-call'], 'finish')

    xAI's Chat Completions server sends its fingerprint and its own usage object:

    >>> served_as(tool, "xai", "openai-chat").wire.chat_fields, served_as(tool, "xai", "openai-responses") is tool
    (['system_fingerprint', 'xai_usage'], True)

    Hugging Face's Responses server streams reasoning only as raw ``reasoning_text`` content (:data:`_REASONING_PARTS`):

    >>> basic = next(s for s in load_corpus() if s.id == "reasoning.basic.001")
    >>> {st.wire.channel for st in served_as(basic, "huggingface", "openai-responses").script if st.wire}
    {'reasoning_text'}

    Cerebras's server sends ``system_fingerprint`` on every chunk and ``type`` on every tool-call delta (its SDK's
    chunk type requires both), and is otherwise a server without a flavour (``other``):

    >>> cerebras = served_as(tool, "cerebras", "openai-chat").wire
    >>> cerebras.chat_fields, cerebras.call_deltas, tool.wire.chat_fields, tool.wire.call_deltas
    (['system_fingerprint'], 'typed', [], 'openai')
    """
    if dialect == "openai-chat" and server in CHAT_WIRE:
        # The server's own usage placement and counts, chunk fields and call deltas (mock_provider.chat_habits).
        scenario = scenario.model_copy(update={"wire": chat_wire(scenario.wire, server)})
    if vendor_of(server) == "mistral" and dialect == "openai-chat":
        # With no reasoning or cache-write count in its usage (chat_habits.mistral_usage); mistral-own: calls whole.
        script = [mistral_usage(step) for step in scenario.script]
        script = _whole_call_script(script) if server in _WHOLE_CALLS else script
        return scenario.model_copy(update={"script": script})
    if server == "openrouter" and dialect == "openai-chat":
        script = [_served_step(step, server) for step in scenario.script]
    elif sends_calls_whole(server, dialect):
        script = _whole_call_script(scenario.script)
        if len(script) == len(scenario.script):
            return scenario
        return scenario.model_copy(update={"script": script})
    elif server == "huggingface" and dialect == "openai-responses":
        script = [without_cache_write(_raw_reasoning_step(step)) for step in scenario.script]
    elif not reports_cache_write(server, dialect):
        script = [without_cache_write(step) for step in scenario.script]
    else:
        return scenario
    if all(new is old for new, old in zip(script, scenario.script, strict=True)):
        return scenario
    return scenario.model_copy(update={"script": script})


def served_expected(expected: Transcript, server: str | None, dialect: str, refused: bool = False) -> Transcript:
    """``expected`` as a client of ``server`` can show it on ``dialect``: without the usage counts that server
    does not report (:func:`served_as` leaves them off the wire), and, when the mock ``refused`` a call of the
    run (a turn past the script), without the refusal's text where the kit does not know the server's error body.

    >>> from mock_provider.scenario import load_corpus
    >>> nested = next(s for s in load_corpus() if s.id == "usage.nested.001").expected_for("openai-responses")
    >>> served_expected(nested, "xai", "openai-responses").usage.cache_write_input_tokens, served_expected(
    ...     nested, None, "openai-responses").usage.cache_write_input_tokens
    (None, 100)
    >>> loop = next(s for s in load_corpus() if s.id == "loop.malformed.002").expected_for("openai-chat")
    >>> served_expected(loop, "other", "openai-chat", refused=True).error, served_expected(
    ...     loop, "groq", "openai-chat", refused=True).error.message
    (ErrorRecord(message=None, code=None), 'turn 2')
    """
    # Server flavours are of the Chat Completions and Responses wires; other routes refuse in their APIs' bodies.
    foreign_body = dialect in ("openai-chat", "openai-responses") and not reads_refusal_body(server)
    if refused and foreign_body and expected.error is not None and expected.error.message:
        expected = expected.model_copy(update={"error": expected.error.model_copy(update={"message": None})})
    usage = expected.usage
    no_reasoning = dialect == "openai-chat" and vendor_of(server) in NO_REASONING_COUNT
    if usage is not None and no_reasoning and usage.reasoning_tokens is not None:
        usage = usage.model_copy(update={"reasoning_tokens": None})
        expected = expected.model_copy(update={"usage": usage})
    if reports_cache_write(server, dialect) or usage is None or usage.cache_write_input_tokens is None:
        return expected
    return expected.model_copy(update={"usage": usage.model_copy(update={"cache_write_input_tokens": None})})


def reads_refusal_body(server: str | None) -> bool:
    """Whether the kit grades the words of the mock's refusal (a turn past the script) for a client of ``server``.

    The mock refuses in OpenAI's error object (``mock_provider.server.errors``), or in the server's own body where
    the kit knows it (:func:`error_body`: Mistral's, OpenRouter's); a named flavour is a server whose habits the
    kit claims to know, and its clients are graded on that body. A server without a flavour (``other``) has an
    error body the kit does not know: @ai-sdk/cerebras 3.0.59 reads Cerebras's flat ``{message, type, param,
    code}`` only (dist/index.js:100-109) and shows the HTTP status text for OpenAI's. Its run must still end in
    an error; the refusal's words are not graded.

    >>> reads_refusal_body(None), reads_refusal_body("mistral"), reads_refusal_body("other"), reads_refusal_body(
    ...     "cerebras")
    (True, True, False, False)
    """
    return vendor_of(server) != "other"


def check_server(value: str, source: str) -> str:
    """A declared server flavour, or ``ValueError`` naming the known ones.

    >>> check_server("mistral", "header X-Mock-Server")
    'mistral'
    >>> check_server("azure", "header X-Mock-Server")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: header X-Mock-Server: 'azure' is not one of openai, groq, mistral, mistral-own, deepseek, xai, ...
    """
    if value not in SERVERS:
        raise ValueError(f"{source}: {value[:40]!r} is not one of {', '.join(SERVERS)}")
    return value


__all__ = ["DEFAULT_SERVER", "SERVERS", "SERVER_HEADER", "Server", "check_server", "error_body", "failed_body",
           "foreign_quirk", "reads_refusal_body", "reports_cache_write", "sends_calls_whole", "served_as",
           "served_expected", "vendor_of"]
