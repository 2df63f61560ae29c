"""The ``openai-chat`` wire dialect: OpenAI Chat Completions (``openai`` 6.49.0 ``ChatCompletionChunk``).

Canonical parts become ``chat.completion.chunk`` objects sent as ``data: <json>`` SSE frames
(spec-reference 6.2), or one ``chat.completion`` JSON body when the request does not stream.
Chat Completions has no block boundaries: text, reasoning and tool-input starts/ends are
implicit, calls are told apart by ``tool_calls[].index`` (the call's ordinal), and the stream
ends with a ``finish_reason`` chunk, an optional usage chunk and ``data: [DONE]``. What the
dialect cannot say (files, sources, provider-executed tools, approvals, custom parts, raw
parts) raises :class:`~mock_provider.dialects.DialectError`; :data:`RULES` lists every case.

Example:
    >>> from mock_provider.parts import parse_part
    >>> enc = Encoder("x.y.001", model="m", completion_id="chatcmpl-1")
    >>> [c["choices"][0]["delta"] for c in enc.encode(parse_part({"type": "text-delta", "id": "0", "delta": "Hi"}))]
    [{'role': 'assistant', 'content': ''}, {'content': 'Hi'}]
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from typing import Any

from mock_provider.dialects.base import DialectError, Rule, agent_part_rules, fail, role_runs, without_interrupted
from mock_provider.parts import (
    Error,
    Finish,
    Part,
    Ping,
    ReasoningDelta,
    ReasoningEnd,
    ResponseMetadata,
    Source,
    TextDelta,
    TextEnd,
    TextStart,
    ToolCall,
    ToolInputDelta,
    ToolInputStart,
)
from mock_provider.scenario import Scenario, StepWire
from mock_provider.wires.frames import Comment, Frame, WirePlan, comment_frame, sse_frame
from mock_provider.wires.openai_chat_usage import openai_usage, xai_usage
from mock_provider.wires.plan import (
    HttpDialect,
    apply_step_faults,
    encode_steps,
    error_fields,
    first_finish,
    first_metadata,
    http_headers,
    json_plan,
    refuse_quirks,
    scenario_hash,
    with_keepalives,
)

NAME = "openai-chat"

# A fixed `created` (unix seconds) keeps every plan byte-for-byte reproducible.
DEFAULT_CREATED = 1_700_000_000

# Canonical unified reason -> Chat Completions `finish_reason` (spec-reference 6.7).
FINISH_REASONS = {"stop": "stop", "length": "length", "content-filter": "content_filter", "tool-calls": "tool_calls"}
# Wire values `@ai-sdk/openai-compatible` maps to something other than 'other' (6.4): a raw value
# outside this set reaches every consumer as 'other', so it can carry unified 'other'/'unknown'.
_MAPPED_BY_CONSUMERS = {"stop", "length", "content_filter", "tool_calls", "function_call"}

RULES: dict[str, Rule] = {
    "stream-start": Rule("dropped", "no frame: Chat Completions has no stream-start (warnings have no wire form)"),
    "response-metadata": Rule(
        "mapped",
        "`id`/`model`/`created` (unix seconds of `timestamp`) of the following chunks; `plan` applies the "
        "script's first response-metadata to every chunk, as a real server states them once per stream",
    ),
    "text-start": Rule("dropped", "implicit (the first `delta.content` starts the text)"),
    "text-delta": Rule("mapped", "`delta.content`; the first chunk of a stream is `{role:'assistant', content:''}`; "
                       "with chat_fields `audio`, `delta.audio{id?, transcript}` (the text-end sends the audio "
                       "`data`, then `expires_at`)", error_when="chat_fields `audio` in a JSON (non-streaming) "
                       "answer (@ai-sdk/openai reads message.audio.transcript as text, a stream's as nothing)"),
    "text-end": Rule(
        "dropped",
        "implicit (end of stream / `finish_reason`)",
        error_when="`citations` is non-empty (Chat Completions has no citations)",
    ),
    "reasoning-start": Rule("dropped", "implicit"),
    "reasoning-delta": Rule(
        "mapped", "`delta.reasoning_content` (DeepSeek-style compat extension, 6.2); `wire.reasoning` (or the "
        "request header X-Mock-Reasoning) picks `delta.reasoning` (OpenRouter, Ollama) or `<think>...</think>` "
        "in `delta.content` instead"),
    "reasoning-end": Rule("dropped", "implicit (think-tags: the `</think>` content chunk)"),
    "tool-input-start": Rule(
        "mapped",
        "`tool_calls:[{index:k, id, type:'function', function:{name, arguments:''}}]`, k = call ordinal",
        error_when="`providerExecuted` is true (a function call would be executed by the client); the script "
        "runs to its end without the call's tool-call part (consumers complete every started call at the end "
        "of the stream, so the wire would say the call completed); `inputEncoding: 'text'` (a custom tool's "
        "free-text input: function arguments are JSON)",
    ),
    "tool-input-delta": Rule(
        "mapped",
        "`tool_calls:[{index:k, function:{arguments: fragment}}]`",
        error_when="no tool-input-start opened that id",
    ),
    "tool-input-end": Rule("dropped", "implicit (calls complete at the end of the stream)"),
    "tool-call": Rule(
        "mapped",
        "a call never started: one chunk with id, name and the whole `arguments`; a streamed call: nothing, "
        "except the missing tail when `input` extends the streamed fragments (so the wire carries `input`)",
        error_when="`providerExecuted` is true",
    ),
    "tool-result": Rule("error", "Chat Completions carries no provider-executed tool results"),
    "tool-approval-request": Rule("error", "Chat Completions has no approvals"),
    "file": Rule("error", "Chat Completions streams no files"),
    "reasoning-file": Rule("error", "Chat Completions streams no files"),
    "source": Rule(
        "mapped",
        "a url source: `delta.annotations:[{type:'url_citation', url_citation:{start_index, end_index, url, "
        "title}}]` over the content sent so far (@ai-sdk/openai 4.0.118 reads each as a url source)",
        error_when="a document source (Chat Completions annotates with urls only); a url source without a title "
        "(`url_citation.title` is required)",
    ),
    "custom": Rule("error", "Chat Completions has no custom parts"),
    "finish": Rule(
        "mapped",
        "a `delta:{}` chunk with `finish_reason` stop/length/content_filter/tool_calls; unified 'other'/"
        "'unknown' send the raw reason (or 'other') when no consumer maps it to a known reason, so it reads "
        "as 'other' (leaving it out would read as an error in openai-compatible V3); unified 'error' sends "
        "no finish chunk when an error frame came first (openai-compatible V3 then reports exactly "
        "error + finish{error}); then, when `stream_options.include_usage`, a `choices:[]` usage chunk "
        "(prompt_tokens=input.total, completion_tokens=output.total, total_tokens=their sum, cached_tokens="
        "cacheRead, reasoning_tokens=output.reasoning; cacheWrite has no key); `usage: null` or all-undefined "
        "usage sends no usage chunk",
        error_when="unified 'error' with no error frame before it (nothing on the wire says it); "
        "unified 'interrupted' (V4's word for a stream cut before its finish: script no finish instead)",
    ),
    "raw": Rule("error", "a raw part mirrors a provider chunk; it has no wire form of its own"),
    "error": Rule(
        "mapped",
        "`data: {\"error\":{message, type, param:null, code}}` (the openai SDK raises APIError on it)",
        error_when="the response does not stream (a JSON body cannot carry content and an error)",
    ),
    "ping": Rule("mapped", "an SSE comment line `: ping` (every consumer ignores comments)"),
    **agent_part_rules(),
}
# raw_part steps (part types no spec defines) have no wire form either.
UNKNOWN_PART_RULE = Rule("error", "an unknown part type has no Chat Completions form")


def unix_seconds(timestamp: str) -> int:
    """An ISO 8601 timestamp (a JS ``Date`` as JSON) as unix seconds.

    >>> unix_seconds("2025-01-01T00:00:00.000Z")
    1735689600
    """
    dt = datetime.fromisoformat(timestamp.replace("Z", "+00:00"))
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return int(dt.timestamp())


class Encoder:
    """Stateful Chat Completions encoder for one stream: canonical part -> chunk dicts (and comments).

    ``model``/``created``/``completion_id`` stamp every chunk until a ``response-metadata`` part
    changes them; ``include_usage`` adds the usage chunk after the finish chunk; ``usage_on_finish`` puts the
    usage on the finish chunk instead, whatever the request asked (Mistral's placement); ``usage_in_x_groq`` puts it
    in the finish chunk's ``x_groq`` too, whatever the request asked (Groq's placement); ``usage_counts`` says which
    counts it carries (DeepSeek's, Cerebras's: :func:`openai_usage`).

    >>> from mock_provider.parts import parse_part
    >>> enc = Encoder("x.y.001", completion_id="chatcmpl-1")
    >>> enc.encode(parse_part({"type": "file", "mediaType": "image/png", "data": {"type": "data", "data": "aGk="}}))
    Traceback (most recent call last):
    ...
    mock_provider.dialects.DialectError: dialect 'openai-chat' cannot express part 'file' (scenario x.y.001): ...
    """

    def __init__(
        self,
        scenario_id: str,
        *,
        model: str = "mock-model",
        created: int = DEFAULT_CREATED,
        completion_id: str | None = None,
        include_usage: bool = False, usage_on_finish: bool = False, usage_in_x_groq: bool = False,
        usage_counts: str = "openai", named_call_deltas: bool = False, typed_call_deltas: bool = False,
        reasoning: str = "reasoning_content",
        fields: Sequence[str] = (),
    ) -> None:
        self.scenario_id = scenario_id
        self.fields = frozenset(fields)  # WireOptions.chat_fields: what OpenAI sends beside the content
        self.sent = 0  # chunks stamped so far (the obfuscation padding varies with it)
        self.reasoning = reasoning  # WireOptions.reasoning: the reasoning dialect
        self.thinking = False  # think-tags: a `<think>` was sent and not closed yet
        self.late: list[str] = []  # StepWire.late of the call being started
        self.refused = False  # a `delta.refusal` was sent: the refusal ends with finish_reason 'stop'
        self.content_chars = 0  # characters of `delta.content` so far (annotation offsets)
        self.audio_open = False  # chat_fields audio: a spoken answer's transcript is streaming
        self.model = model
        self.created = created
        self.completion_id = completion_id or f"chatcmpl-{scenario_hash(scenario_id)}"
        self.include_usage = include_usage
        self.usage_on_finish = usage_on_finish  # WireOptions.usage 'finish': Mistral's usage placement
        self.usage_in_x_groq = usage_in_x_groq  # WireOptions.usage 'x_groq': Groq's usage placement
        self.usage_counts = usage_counts  # WireOptions.usage_counts: which counts the usage object carries
        self.named_call_deltas = named_call_deltas  # WireOptions.call_deltas 'named': Mistral's continuation delta
        self.typed_call_deltas = typed_call_deltas  # WireOptions.call_deltas 'typed': Cerebras's continuation delta
        self.started = False  # the role chunk was sent
        self.error_sent = False
        self.calls: dict[str, int] = {}  # call id -> index k (ordinal of first appearance)
        self.streamed: dict[str, str] = {}  # call id -> argument text sent so far
        self.completed: set[str] = set()  # call ids a tool-call part completed

    def _fail(self, part_type: str, reason: str) -> DialectError:
        return fail(part_type, NAME, self.scenario_id, reason)

    def _chunk(self, delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
        return self._stamped({"id": self.completion_id, "object": "chat.completion.chunk", "created": self.created,
                              "model": self.model,
                              "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]})

    def _stamped(self, chunk: dict[str, Any]) -> dict[str, Any]:
        """A chunk with the chunk-level fields of ``chat_fields`` (service tier, fingerprint, padding).

        >>> enc = Encoder("x.y.001", completion_id="c", fields=["service_tier", "obfuscation"])
        >>> sorted(k for k in enc._chunk({}) if k in ("service_tier", "obfuscation"))
        ['obfuscation', 'service_tier']
        """
        if "service_tier" in self.fields:
            chunk["service_tier"] = "default"
        if "system_fingerprint" in self.fields:
            chunk["system_fingerprint"] = "fp_" + scenario_hash(self.scenario_id)[:10]
        if "obfuscation" in self.fields:
            self.sent += 1  # random-looking padding of varying length, the same on every rendering
            chunk["obfuscation"] = hashlib.sha256(f"{self.completion_id}:{self.sent}".encode()).hexdigest()[
                :2 + self.sent * 5 % 13]
        return chunk

    def _choice(self, delta: dict[str, Any], finish_reason: str | None = None) -> list[Frame]:
        # Real servers open with a role chunk; consumers take response metadata from the first chunk.
        out: list[Frame] = []
        if not self.started:
            self.started = True
            out.append(self._chunk({"role": "assistant", "content": ""}))
        out.append(self._chunk(delta, finish_reason))
        return out

    def _text(self, delta: str) -> list[Frame]:
        """A content chunk, with its ``logprobs`` when ``chat_fields`` asks (one token: the delta); with
        ``audio``, the delta is the spoken answer's ``delta.audio.transcript`` (the first one names the audio)."""
        if "audio" in self.fields:
            audio = {"transcript": delta} if self.audio_open else {"id": self._audio_id(), "transcript": delta}
            self.audio_open = True
            return self._choice({"audio": audio})
        self.content_chars += len(delta)
        out = self._choice({"content": delta})
        last = out[-1]
        if "logprobs" in self.fields and isinstance(last, dict):
            last["choices"][0]["logprobs"] = {"content": [{
                "token": delta, "logprob": -0.0625, "bytes": list(delta.encode()), "top_logprobs": []}],
                "refusal": None}
        return out

    def _audio_id(self) -> str:
        return "audio_" + scenario_hash(self.completion_id)[:12]

    def _audio_end(self) -> list[Frame]:
        """The end of a spoken answer: its audio bytes (base64) and then its expiry, as OpenAI closes one
        (openai 3.57.0 ChoiceDeltaAudio: "the final audio update contains only its expiry timestamp")."""
        if not self.audio_open:
            return []
        self.audio_open = False
        data = base64.b64encode(hashlib.sha256(self._audio_id().encode()).digest()).decode()
        return [*self._choice({"audio": {"id": self._audio_id(), "data": data}}),
                *self._choice({"audio": {"expires_at": self.created + 3600}})]

    def _call_index(self, call_id: str) -> int:
        if call_id not in self.calls:
            self.calls[call_id] = len(self.calls)
        return self.calls[call_id]

    def encode(self, part: Part) -> list[Frame]:
        """Encode one canonical part into zero or more chunk dicts / comment lines."""
        rule = RULES[part.type]
        if rule.action == "error":
            raise self._fail(part.type, rule.note)
        if isinstance(part, ResponseMetadata):
            self.completion_id = part.id or self.completion_id
            self.model = part.model_id or self.model
            if part.timestamp:
                self.created = unix_seconds(part.timestamp)
            return []
        if isinstance(part, ReasoningDelta):
            return self._reasoning(part.delta)
        if isinstance(part, ReasoningEnd):
            return self._close_think()
        if isinstance(part, TextDelta | ToolInputStart | ToolCall | Finish) and self.thinking:
            return [*self._close_think(), *self.encode(part)]  # think-tags: the answer follows `</think>`
        if isinstance(part, TextDelta):
            return self._text(part.delta)
        if isinstance(part, Source):
            return self._annotation(part)
        if isinstance(part, ToolInputStart):
            if part.input_encoding == "text":
                raise self._fail(part.type, "a function call's arguments are JSON: Chat Completions has no "
                                 "free-text (custom tool) input")
            return self._tool_start(part)
        if isinstance(part, ToolInputDelta):
            if part.id not in self.streamed:
                raise self._fail(part.type, f"no tool-input-start for call {part.id!r}")
            self.streamed[part.id] += part.delta
            return self._choice({"tool_calls": [self._continuation(part.id, part.delta)]})
        if isinstance(part, ToolCall):
            return self._tool_call(part)
        if isinstance(part, Finish):
            return self._finish(part)
        if isinstance(part, Error):
            message, kind, code = error_fields(part.error)
            self.error_sent = True
            body = {"message": message, "type": kind or "server_error", "param": None, "code": code}
            # Groq's tool_use_failed error carries the model's unparsable output (failed_generation).
            extra = part.error.get("failed_generation") if isinstance(part.error, dict) else None
            if isinstance(extra, str):
                body["failed_generation"] = extra
            return [{"error": body}]
        if isinstance(part, Ping):
            return [Comment("ping")]
        if part.type == "text-end":
            if getattr(part, "citations", None):
                raise self._fail(part.type, "Chat Completions has no citations")
            return self._audio_end()
        return []  # the implicit boundaries (RULES action 'dropped')

    def _reasoning(self, delta: str) -> list[Frame]:
        if self.reasoning == "think-tags":
            opened = "" if self.thinking else "<think>"
            self.thinking = True
            return self._choice({"content": opened + delta})
        if self.reasoning == "reasoning_details":
            # OpenRouter sends the text as `reasoning` and again as a `reasoning.text` detail (its
            # structured form, which also carries encrypted and summary details).
            return self._choice({"reasoning": delta, "reasoning_details": [
                {"type": "reasoning.text", "text": delta, "format": "unknown", "index": 0}]})
        if self.reasoning == "thinking-chunks":  # Mistral: a `thinking` chunk in an array `content`
            return self._choice({"content": [{"type": "thinking", "thinking": [{"type": "text", "text": delta}]}]})
        return self._choice({self.reasoning: delta})  # `reasoning_content` or `reasoning`

    def _annotation(self, part: Source) -> list[Frame]:
        if part.source_type != "url" or not part.url or part.title is None:
            raise self._fail(part.type, "Chat Completions annotates with url citations only, and each has a title")
        cite = {"start_index": 0, "end_index": self.content_chars, "url": part.url, "title": part.title}
        return self._choice({"annotations": [{"type": "url_citation", "url_citation": cite}]})

    def _close_think(self) -> list[Frame]:
        if not self.thinking:
            return []
        self.thinking = False
        return self._choice({"content": "</think>"})

    def _tool_start(self, part: ToolInputStart) -> list[Frame]:
        if part.provider_executed:
            raise self._fail(part.type, "a provider-executed call has no Chat Completions form")
        k = self._call_index(part.id)
        self.streamed[part.id] = ""
        call: dict[str, Any] = {"index": k, "id": part.id, "type": "function",
                                "function": {"name": part.tool_name, "arguments": ""}}
        if not self.late:
            return self._choice({"tool_calls": [call]})
        # A late id/name: the first delta has neither, the next one brings them (arguments still '').
        first: dict[str, Any] = {"index": k, "type": "function", "function": {"arguments": ""}}
        then: dict[str, Any] = {"index": k, "function": {}}
        for key in ("id", "name"):
            holder_first = first if key == "id" else first["function"]
            holder_then = then if key == "id" else then["function"]
            value = call["id"] if key == "id" else part.tool_name
            (holder_then if key in self.late else holder_first)[key] = value
        return [*self._choice({"tool_calls": [first]}), *self._choice({"tool_calls": [then]})]

    def encode_quirk(self, part: Part, wire: StepWire) -> list[Frame]:
        """Encode one part with its step's provider quirks (:class:`~mock_provider.scenario.StepWire`).

        >>> from mock_provider.parts import parse_part
        >>> enc = Encoder("x.y.001", completion_id="chatcmpl-1")
        >>> out = enc.encode_quirk(parse_part({"type": "text-delta", "id": "0", "delta": "No."}),
        ...                        StepWire(channel="refusal"))
        >>> out[-1]["choices"][0]["delta"]
        {'refusal': 'No.'}
        """
        if wire.partial_args or wire.continuation:
            raise refuse_quirks(part, wire, NAME, self.scenario_id)
        if wire.error_shape == "openrouter":
            return self._openrouter_error(part)
        if wire.channel in ("reasoning_text", "reasoning_legacy") or wire.delta_usage:
            raise refuse_quirks(part, wire, NAME, self.scenario_id)
        before: list[Frame] = [self.filter_chunk()] if wire.filter_chunk_before else []
        if wire.channel == "refusal":
            if isinstance(part, TextStart | TextEnd):
                return [*before, *self.encode(part)]  # implicit here; a Responses refusal part opens/closes
            if not isinstance(part, TextDelta):
                raise self._fail(part.type, "only a text part can be sent as `delta.refusal`")
            self.refused = True
            return [*before, *self._choice({"refusal": part.delta})]
        if wire.late and not isinstance(part, ToolInputStart):
            raise self._fail(part.type, "a late id/name belongs to a tool-input-start")
        if wire.index is not None:
            call_id = part.id if isinstance(part, ToolInputStart) else (
                part.tool_call_id if isinstance(part, ToolCall) else None)
            if call_id is None or call_id in self.calls:
                raise self._fail(part.type, "an index quirk belongs to the part that starts a call")
            self.calls[call_id] = wire.index
        self.late = list(wire.late)
        try:
            return [*before, *self.encode(part)]
        finally:
            self.late = []

    def _openrouter_error(self, part: Part) -> list[Frame]:
        """OpenRouter's mid-stream error: a chunk with top-level ``error {code, message}`` and a choice that
        finishes with ``'error'`` (the openai SDKs raise on a data event with ``error``; @ai-sdk/openai-compatible
        reads the key through its loose chunk schema)."""
        if not isinstance(part, Error):
            raise self._fail(part.type, "`error_shape` belongs to an error part")
        message, _kind, code = error_fields(part.error)
        self.error_sent = True
        frames = self._choice({"content": ""}, "error")
        last = frames[-1]
        assert isinstance(last, dict)
        last["error"] = {"code": code if code is not None else "server_error", "message": message}
        return frames

    def filter_chunk(self) -> dict[str, Any]:
        """Azure OpenAI's content-filter chunk: empty ``choices``, empty id/model, ``created`` 0 (as Azure
        sends its ``prompt_filter_results``; the openai SDK's ``ChatCompletionChunk`` reads it)."""
        safe = {"filtered": False, "severity": "safe"}
        results = {"hate": safe, "self_harm": safe, "sexual": safe, "violence": safe}
        return {"choices": [], "created": 0, "id": "", "model": "", "object": "",
                "prompt_filter_results": [{"prompt_index": 0, "content_filter_results": results}]}

    def _continuation(self, call_id: str, arguments: str) -> dict[str, Any]:
        # OpenAI's `{index, function: {arguments}}`; Mistral's names the type and an empty name (its schema needs one);
        # Cerebras's names the type (its chunk type requires it).
        named = {"type": "function", "function": {"name": "", "arguments": arguments}} if self.named_call_deltas else (
            {"type": "function"} if self.typed_call_deltas else {})
        return {"index": self.calls[call_id], "function": {"arguments": arguments}, **named}

    def _tool_call(self, part: ToolCall) -> list[Frame]:
        if part.provider_executed:
            raise self._fail(part.type, "a provider-executed call has no Chat Completions form")
        self.completed.add(part.tool_call_id)
        if part.tool_call_id in self.streamed:
            sent = self.streamed[part.tool_call_id]
            if len(part.input) > len(sent) and part.input.startswith(sent):
                # The fragments stopped short of `input` (e.g. start, end, then input '{}'): send the tail.
                tail = part.input[len(sent):]
                self.streamed[part.tool_call_id] = part.input
                return self._choice({"tool_calls": [self._continuation(part.tool_call_id, tail)]})
            return []
        k = self._call_index(part.tool_call_id)
        self.streamed[part.tool_call_id] = part.input
        fn = {"name": part.tool_name, "arguments": part.input}
        return self._choice({"tool_calls": [{"index": k, "id": part.tool_call_id, "type": "function", "function": fn}]})

    def finish_reason(self, part: Finish) -> str | None:
        """The wire ``finish_reason`` of a finish part (None: send no finish chunk).

        >>> from mock_provider.parts import parse_part
        >>> Encoder("x.y.001").finish_reason(parse_part({"type": "finish", "finishReason": {"unified": "other",
        ...     "raw": "pause_turn"}}))
        'pause_turn'
        """
        fr = part.finish_reason
        if fr.unified == "content-filter" and self.refused:
            return "stop"  # OpenAI ends a refusal with 'stop'; consumers read stop + refusal as content-filter
        if fr.unified in FINISH_REASONS:
            return FINISH_REASONS[fr.unified]
        if fr.unified in ("other", "unknown"):
            return fr.raw if fr.raw and fr.raw not in _MAPPED_BY_CONSUMERS else "other"
        if fr.unified == "error":
            if not self.error_sent:
                raise self._fail(part.type, "finish reason 'error' with no error frame before it has no wire form")
            return None
        raise self._fail(part.type, f"finish reason {fr.unified!r} has no Chat Completions form (V4-synthesised)")

    def _finish(self, part: Finish) -> list[Frame]:
        reason = self.finish_reason(part)
        out: list[Frame] = [] if reason is None else self._choice({}, reason)
        usage = xai_usage(part.usage) if "xai_usage" in self.fields else openai_usage(
            part.usage, details="usage_details" in self.fields, counts=self.usage_counts)
        if self.usage_on_finish:
            # Mistral's: on the finish chunk, asked for or not (no finish chunk after an error frame: none).
            if out and usage is not None and isinstance(out[-1], dict):
                out[-1]["usage"] = usage
            return out
        if self.usage_in_x_groq and out and usage is not None and isinstance(out[-1], dict):
            # Groq's: the last chunk's `x_groq` carries the request id and the usage, asked for or not.
            out[-1]["x_groq"] = {"id": "req_" + self.completion_id.removeprefix("chatcmpl-"), "usage": usage}
        if self.include_usage and usage is not None:
            out.append(self._stamped({
                "id": self.completion_id,
                "object": "chat.completion.chunk",
                "created": self.created,
                "model": self.model,
                "choices": [],
                "usage": usage,
            }))
        return out

    def end(self) -> list[Frame]:
        """The script ran to its end: check that the wire does not complete a call the script did not.

        Chat Completions has no end-of-call marker: every consumer completes each started call
        when the stream ends (spec-reference 6.4 flush). A streamed call that never got its
        ``tool-call`` part (tool.input-end-only, a stream ending mid-call) would therefore reach
        the consumer as complete, so it is refused. After an error frame the turn failed anyway.

        >>> from mock_provider.parts import parse_part
        >>> enc = Encoder("x.y.001")
        >>> _ = enc.encode(parse_part({"type": "tool-input-start", "id": "c1", "toolName": "t"}))
        >>> enc.end()
        Traceback (most recent call last):
        ...
        mock_provider.dialects.DialectError: dialect 'openai-chat' cannot express part 'tool-input-start' ...
        """
        unfinished = [c for c in self.streamed if c not in self.completed]
        if unfinished and not self.error_sent:
            raise self._fail("tool-input-start", f"call {unfinished[0]!r} never gets its tool-call part, but "
                             "Chat Completions consumers complete every started call at the end of the stream")
        return []

    def encode_raw(self, item: dict[str, Any]) -> list[Frame]:
        """A part of a type no spec defines has no wire form.

        >>> Encoder("x.y.001").encode_raw({"type": "future-thing"})
        Traceback (most recent call last):
        ...
        mock_provider.dialects.DialectError: dialect 'openai-chat' cannot express part 'future-thing' (scenario ...
        """
        raise self._fail(str(item.get("type")), UNKNOWN_PART_RULE.note)


# @ai-sdk/openai 4.0.118 reads a whole answer's message.audio.transcript as its text (dist/index.js:2235) but
# drops delta.audio from a stream (its chunk schema, :1758-1785, has no audio): one expected transcript
# cannot say what a client shows for both forms.
AUDIO_JSON = ("chat_fields audio: a spoken answer's JSON form (message.audio.transcript) is text for @ai-sdk/openai "
              "4.0.118, its streamed form (delta.audio.transcript) is nothing: the two forms differ")


# ---------------------------------------------------------------- plans
def make_encoder(scenario: Scenario, request: dict[str, Any], *, include_usage: bool) -> Encoder:
    """The encoder for one response, stamped with the script's first response-metadata.

    A real server states one id/model/created for the whole stream, and consumers read them
    from the first chunk, so metadata that the script gives late still applies from the start.
    """
    meta = first_metadata(scenario)
    model = request.get("model") if isinstance(request.get("model"), str) else None
    return Encoder(
        scenario.response_seed,  # the default ids' seed (a later turn's differ); also names it in errors
        model=(meta.model_id if meta and meta.model_id else None) or model or scenario.request.model,
        created=unix_seconds(meta.timestamp) if meta and meta.timestamp else DEFAULT_CREATED,
        completion_id=meta.id if meta and meta.id else None,
        include_usage=include_usage,
        usage_on_finish=scenario.wire.usage == "finish",
        usage_in_x_groq=scenario.wire.usage == "x_groq",
        usage_counts=scenario.wire.usage_counts,
        named_call_deltas=scenario.wire.call_deltas == "named", typed_call_deltas=scenario.wire.call_deltas == "typed",
        reasoning=scenario.wire.reasoning,
        fields=scenario.wire.chat_fields,
    )


def done_trailer(scenario: Scenario) -> bool:
    """Whether ``data: [DONE]`` follows a script that ran to its end (``wire.done``).

    >>> from mock_provider.scenario import load_corpus
    >>> done_trailer(next(s for s in load_corpus() if s.id == "text.basic.001"))
    True
    """
    if scenario.wire.done == "omit":
        return False
    if scenario.wire.done == "always":
        return True
    return first_finish(scenario) is not None


def plan(scenario: Scenario, request: dict[str, Any], *, streaming: bool | None = None) -> WirePlan:
    """The Chat Completions response for one request: SSE chunks, or one JSON body.

    ``streaming`` overrides ``request['stream']``; ``request['stream_options']['include_usage']``
    decides the usage chunk; ``request['model']`` is the model unless response-metadata names one.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> p = plan(s, {"model": "gpt", "stream": True})
    >>> p.headers["content-type"], p.body_bytes().endswith(b"data: [DONE]\\n\\n")
    ('text/event-stream', True)
    """
    stream = bool(request.get("stream")) if streaming is None else streaming
    if not stream:
        return json_plan(scenario, NAME, lambda: completion(scenario, request))
    options = request.get("stream_options")
    include_usage = bool(isinstance(options, dict) and options.get("include_usage"))
    enc = make_encoder(scenario, request, include_usage=include_usage)
    le = scenario.wire.line_ending
    frames = [
        [comment_frame(f.text, le) if isinstance(f, Comment) else sse_frame(f, line_ending=le) for f in step]
        for step in encode_steps(scenario, enc)
    ]
    trailer = [sse_frame("[DONE]", line_ending=le)] if done_trailer(scenario) else []
    if scenario.wire.keepalive_comments:
        with_trailer = with_keepalives([*frames, trailer], le)
        frames, trailer = with_trailer[:-1], with_trailer[-1]
    body = apply_step_faults(scenario, frames, trailer=trailer)
    return WirePlan(200, http_headers(scenario, True), body, scenario.id, NAME)


def completion(scenario: Scenario, request: dict[str, Any]) -> dict[str, Any]:
    """The non-streaming ``chat.completion`` object: the stream's chunks folded into one message.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> c = completion(s, {"model": "gpt"})
    >>> c["choices"][0]["message"]["content"], c["choices"][0]["finish_reason"], c["usage"]["total_tokens"]
    ('The capital of France is Paris.', 'stop', 21)
    """
    for p in scenario.parts():
        if isinstance(p, Error):
            raise fail(p.type, NAME, scenario.id, "a JSON (non-streaming) response cannot carry an in-band error")
        if isinstance(p, TextDelta) and "audio" in scenario.wire.chat_fields:
            raise fail(p.type, NAME, scenario.id, AUDIO_JSON)
    enc = make_encoder(scenario, request, include_usage=True)
    text: list[str] = []
    fields: dict[str, list[str]] = {"reasoning_content": [], "reasoning": [], "refusal": [], "thinking": []}
    annotations: list[Any] = []
    calls: list[dict[str, Any]] = []
    by_index: dict[int, dict[str, Any]] = {}  # the call each index names now (a new id opens a new call)
    finish_reason: str | None = None
    usage: dict[str, Any] | None = None
    for step in encode_steps(scenario, enc):
        for frame in step:
            if isinstance(frame, Comment):
                continue
            if frame.get("usage") is not None:
                usage = frame["usage"]
            for choice in frame.get("choices", []):
                delta = choice["delta"]
                _content(delta.get("content"), text, fields["thinking"])
                for key, found in fields.items():
                    found.append(delta.get(key) or "")
                annotations.extend(delta.get("annotations") or [])
                for tc in delta.get("tool_calls", []):
                    _fold_call(calls, by_index, tc)
                finish_reason = choice.get("finish_reason") or finish_reason
    content = _message_content("".join(text), "".join(fields.pop("thinking")))
    message: dict[str, Any] = {"role": "assistant", "content": content}
    for key, found in fields.items():
        if "".join(found):
            message[key] = "".join(found)  # the dialect's reasoning field, a refusal
    if annotations:
        message["annotations"] = annotations
    if calls:
        message["tool_calls"] = calls
    body: dict[str, Any] = {
        "id": enc.completion_id,
        "object": "chat.completion",
        "created": enc.created,
        "model": enc.model,
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
    }
    if usage is not None:
        body["usage"] = usage
    return body


def _content(content: Any, text: list[str], thinking: list[str]) -> None:
    """One delta's ``content``: a string of answer text, or (thinking-chunks) Mistral's array of chunks."""
    if isinstance(content, list):
        for chunk in content:
            if chunk.get("type") == "thinking":
                thinking.extend(t["text"] for t in chunk["thinking"])
            else:
                text.append(chunk.get("text", ""))
    else:
        text.append(content or "")


def _message_content(text: str, thinking: str) -> str | list[dict[str, Any]] | None:
    """The JSON message's ``content``: the answer text, or with thinking-chunks reasoning Mistral's array
    (a ``thinking`` chunk, then the text chunk).

    >>> _message_content("Paris.", ""), _message_content("", "")
    ('Paris.', None)
    >>> _message_content("Paris.", "France's capital")[0]["thinking"]
    [{'type': 'text', 'text': "France's capital"}]
    """
    if not thinking:
        return text or None
    chunks: list[dict[str, Any]] = [{"type": "thinking", "thinking": [{"type": "text", "text": thinking}]}]
    return [*chunks, {"type": "text", "text": text}] if text else chunks


def _fold_call(calls: list[dict[str, Any]], by_index: dict[int, dict[str, Any]], tc: dict[str, Any]) -> None:
    """Add one ``tool_calls`` delta to the call its index names; a new id at a used index is a new call
    (a reused index, ``quirks.tool-index-reused.001``)."""
    call = by_index.get(tc["index"])
    if call is None or (tc.get("id") and call["id"] and tc["id"] != call["id"]):
        call = {"id": None, "type": "function", "function": {"name": None, "arguments": ""}}
        by_index[tc["index"]] = call
        calls.append(call)
    call["id"] = tc.get("id") or call["id"]
    fn = tc.get("function", {})
    call["function"]["name"] = fn.get("name") or call["function"]["name"]
    call["function"]["arguments"] += fn.get("arguments") or ""


def assistant_turns(body: Mapping[str, Any]) -> int:
    """Assistant turns of a Chat Completions request: runs of consecutive ``assistant`` messages (:func:`role_runs`).

    >>> assistant_turns({"messages": [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "I see."},
    ...     {"role": "assistant", "tool_calls": []}, {"role": "tool", "content": "1"}, {"role": "assistant"}]})
    2
    """
    return role_runs(body.get("messages"), "assistant")


def error_body(status: int, kind: str, message: str) -> dict[str, Any]:
    """OpenAI's error body (``{"error": {message, type, param, code}}``; openai 3.57.0
    ``_client.py`` ``_make_status_error`` reads ``body["error"]``).

    >>> error_body(400, "invalid_request_error", "no")["error"]["message"]
    'no'
    """
    return {"error": {"message": message, "type": kind, "param": None, "code": None}}


DIALECT = HttpDialect(
    name=NAME,
    rules=RULES,
    finish_shape="openai",
    usage_shape="openai",
    finish_reasons=without_interrupted(),
    cache_write=False,  # cacheWrite has no Chat Completions key
    string_content=True,  # openai 3.57.0 types/chat/chat_completion_user_message_param.py:19: str | parts
    unordered_message=True,  # openai 3.57.0 types/chat/chat_completion_message.py: content and tool_calls
    plan=plan,
    route="/v1/chat/completions",
    # Groq's path to the same method (its API reference: POST https://api.groq.com/openai/v1/chat/completions), which
    # its SDK asks for under the server's root (groq 1.7.0 resources/chat/completions.py:952).
    other_prefixes=("/openai/v1/",),
    include_usage=True,
    assistant_turns=assistant_turns,
    error_body=error_body,
)
