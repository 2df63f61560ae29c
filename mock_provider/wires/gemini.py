"""The ``gemini`` wire dialect: Gemini ``streamGenerateContent?alt=sse`` (``google-genai`` 3.6.1 types).

Canonical parts become ``GenerateContentResponse`` objects (``google/genai/types.py``:
``GenerateContentResponse``, ``Candidate``, ``Content``, ``Part``, ``FunctionCall``,
``FinishReason``, ``GenerateContentResponseUsageMetadata``; JSON field names in camelCase), each
sent as a ``data: <json>`` SSE frame, or one ``GenerateContentResponse`` JSON from
``:generateContent``. The model is a path segment (``/v1beta/models/{model}:...``), so
``scenario:<id>`` in the path selects the scenario. Gemini has no block boundaries: text and
thoughts (``thought: true``) are parts of ``candidates[0].content.parts``, a function call is one
``functionCall{id, name, args}`` part sent whole at its tool-call part (or, with the step quirk
``partial_args``, streamed as ``partialArgs``: :mod:`mock_provider.wires.gemini_partial_args`), and
the last chunk carries ``finishReason`` and ``usageMetadata``.
What Gemini cannot say raises :class:`~mock_provider.dialects.DialectError`; :data:`RULES` lists
every case.

Example:
    >>> from mock_provider.parts import parse_part
    >>> Encoder("x.y.001", model="gemini").encode(parse_part({"type": "text-delta", "id": "0", "delta": "Hi"}))
    [{'candidates': [{'content': {'role': 'model', 'parts': [{'text': 'Hi'}]}, 'index': 0}], 'modelVersion': 'gemini'}]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from mock_provider.dialects.base import DialectError, Rule, agent_part_rules, fail, role_turns, without_interrupted
from mock_provider.parts import (
    Error,
    File,
    Finish,
    Part,
    ReasoningDelta,
    ReasoningEnd,
    ReasoningFile,
    ResponseMetadata,
    Source,
    TextDelta,
    ToolCall,
    ToolInputDelta,
    ToolInputStart,
    ToolResult,
    Usage,
)
from mock_provider.quirks import Continuation
from mock_provider.scenario import Scenario, StepWire
from mock_provider.wires.frames import Chunk, WirePlan, sse_frame
from mock_provider.wires.gemini_content import (
    CODE_TOOL,
    NoForm,
    code_execution_result,
    executable_code,
    grounding_chunk,
    inline_part,
    server_call_form,
    server_tool_type,
    signature_of,
)
from mock_provider.wires.gemini_partial_args import ArgsStream, NoPathForm
from mock_provider.wires.gemini_paths import VERTEX_PREFIXES
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
)

NAME = "gemini"

# Canonical unified reason -> Gemini `finishReason` (google-genai `FinishReason`). `@ai-sdk/google` 4.x
# reads STOP as 'stop' (or 'tool-calls' when a functionCall part came), MAX_TOKENS as 'length',
# SAFETY/RECITATION/BLOCKLIST/PROHIBITED_CONTENT/SPII/IMAGE_SAFETY as 'content-filter', OTHER and
# FINISH_REASON_UNSPECIFIED as 'other' (mapGoogleGenerativeAIFinishReason).
FINISH_REASONS = {"stop": "STOP", "tool-calls": "STOP", "length": "MAX_TOKENS", "content-filter": "SAFETY",
                  "other": "OTHER", "unknown": "OTHER"}
# A raw reason kept as is when it maps back to the same unified reason.
# MALFORMED_FUNCTION_CALL reads as 'error' (@ai-sdk/google 4.0.121 dist/index.js:1990), and every other
# FinishReason of google-genai 3.6.1 as 'other' (the switch's default). CONTINUATION is left out: it asks the
# client for a second request within the call, played only by the step quirk `continuation` (see `_hop`).
CONSUMER_REASONS = {"STOP": "stop", "MAX_TOKENS": "length", "SAFETY": "content-filter", "RECITATION": "content-filter",
                 "BLOCKLIST": "content-filter", "PROHIBITED_CONTENT": "content-filter", "SPII": "content-filter",
                 "IMAGE_SAFETY": "content-filter", "OTHER": "other", "FINISH_REASON_UNSPECIFIED": "other",
                 "MALFORMED_FUNCTION_CALL": "error", **dict.fromkeys((
                     "LANGUAGE", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS", "MALFORMED_RESPONSE",
                     "MISSING_THOUGHT_SIGNATURE", "NO_IMAGE", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION",
                     "IMAGE_OTHER", "MODEL_ARMOR", "PUP_LIMITED_DISABLED", "ESCALATION"), "other")}
# google-genai 3.6.1 BlockedReason values @ai-sdk/google reads as a prompt block (isConfirmedPromptBlockReason).
BLOCK_REASONS = ("SAFETY", "OTHER", "BLOCKLIST", "PROHIBITED_CONTENT", "IMAGE_SAFETY", "MODEL_ARMOR", "JAILBREAK")
# google.rpc status names of the HTTP codes an in-band error can carry.
_STATUS = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
           429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED"}

RULES: dict[str, Rule] = {
    "stream-start": Rule("dropped", "no frame: Gemini has no stream-start (warnings have no wire form)"),
    "response-metadata": Rule(
        "mapped",
        "`responseId` and `modelVersion` of every chunk; `plan` applies the script's first response-metadata "
        "from the first chunk (the timestamp has no field)",
    ),
    "text-start": Rule("dropped", "implicit (text is a part of the candidate's content)"),
    "text-delta": Rule("mapped", "a chunk with one part `{text}`"),
    "text-end": Rule("dropped", "implicit", error_when="`citations` is non-empty (citationMetadata is not "
                     "implemented)"),
    "reasoning-start": Rule("dropped", "implicit"),
    "reasoning-delta": Rule("mapped", "a part `{text, thought: true}` (+ `thoughtSignature` from "
                            "providerMetadata.google.thoughtSignature)"),
    "reasoning-end": Rule("mapped", "nothing, or `{text:'', thought: true, thoughtSignature}` when "
                          "providerMetadata.google.thoughtSignature is set"),
    "tool-input-start": Rule(
        "dropped", "the call is sent whole at its tool-call part; with the step quirk `partial_args`, on a "
        "request that sets toolConfig.functionCallingConfig.streamFunctionCallArguments (Vertex AI), a part "
        "`{functionCall:{id, name, willContinue: true}}`",
        error_when="`providerExecuted` is true and the tool is not named `server:<ToolType>`; `inputEncoding: "
        "'text'` (functionCall.args is a JSON object); "
        "the script runs to its end without the call's tool-call part; "
        "a later-started call completes first (the client would see the calls reordered); with `partial_args`, "
        "another streamed call is still open",
    ),
    "tool-input-delta": Rule(
        "dropped", "no frame (the tool-call part carries the whole input); for a `partial_args` call a part "
        "`{functionCall:{partialArgs, willContinue: true}}` with the values the fragment completes "
        "(none: no frame)",
        error_when="a `partial_args` call's text has no jsonPath form: not an object, an empty nested object "
        "or array, a key with '.', '[' or ']'; a fragment of a streamed call that is not the open one",
    ),
    "tool-input-end": Rule("dropped", "no frame"),
    "tool-call": Rule(
        "mapped", "a part `{functionCall:{id, name, args}}` (`args` = the parsed input; a replay adds nothing; "
        "+ `thoughtSignature` from providerMetadata.google.thoughtSignature); "
        "a call followed by more text of its turn is sent with the finish (a turn's text comes first); a "
        "`partial_args` call's remaining values, then an empty `{functionCall:{}}` that ends it",
        error_when="`providerExecuted` is true and the tool is not named `server:<ToolType>` (a server-side "
        "call: a part `{toolCall:{id, toolType, args}}`) or `code_execution` (a part `{executableCode:{language, "
        "code}}`, the input that JSON; no id: @ai-sdk/google generates one, expected.minted_ids); `input` is not a "
        "JSON object (args is a Struct; empty text too); a call started earlier is not complete yet",
    ),
    "tool-result": Rule(
        "mapped", "the result of a server-side tool call: a part `{toolResponse:{id, toolType, response}}`; of a "
        "code_execution call `{outcome, output}`: a part `{codeExecutionResult:{outcome, output}}`",
        error_when="the call is not the server-side call sent last (@ai-sdk/google pairs a toolResponse with the "
        "last toolCall), or the result is not a JSON object, an error or preliminary (ToolResponse has no such "
        "flag); a client tool's result (Gemini streams none)"),
    "tool-approval-request": Rule("error", "Gemini has no approvals"),
    "file": Rule("mapped", "a part `{inlineData:{mimeType, data}}` (+ `thoughtSignature` from "
                 "providerMetadata.google.thoughtSignature)",
                 error_when="the data is a URL (a Gemini answer carries generated files inline)"),
    "reasoning-file": Rule("mapped", "a part `{inlineData:{mimeType, data}, thought: true}` (+ `thoughtSignature`)",
                           error_when="the data is a URL"),
    "source": Rule(
        "mapped", "a chunk whose candidate has no new part and `groundingMetadata.groundingChunks: [one chunk]`: "
        "`{web:{uri, title}}` for a url source, `{retrievedContext:{uri: filename, title}}` for a document "
        "source (the JSON form gathers them in one groundingMetadata)",
        error_when="a document source without a plain filename, or whose mediaType is not the one "
        "@ai-sdk/google reads from the filename's extension; a url already sent (the consumer emits one "
        "source per url)"),
    "custom": Rule("error", "Gemini has no custom parts"),
    "finish": Rule(
        "mapped",
        "a chunk with `finishReason` (stop/tool-calls -> STOP, length -> MAX_TOKENS, content-filter -> SAFETY, "
        "other/unknown -> OTHER; a raw value that maps back to the same reason is kept, as are "
        "MALFORMED_FUNCTION_CALL for unified 'error' and the 12 other reasons read as 'other') and `usageMetadata"
        "{promptTokenCount=input.total, cachedContentTokenCount=cacheRead, candidatesTokenCount=output.total-"
        "reasoning, thoughtsTokenCount=reasoning, totalTokenCount}` (cacheWrite has no key); unified 'error' "
        "after an error frame sends nothing more; content-filter with providerMetadata.google.promptFeedback"
        ".blockReason is a prompt block: one chunk `{promptFeedback:{blockReason}, usageMetadata}` with no "
        "candidates; with the step quirk `continuation` (long decode), the request without a continuationToken "
        "gets the steps before that step and a chunk `{finishReason: CONTINUATION, continuationToken, usageMetadata: "
        "the hop's}`, the request that sends the token back the rest, its usage less the first hop's (a request "
        "with another token: 400 INVALID_ARGUMENT)",
        error_when="unified 'error' with no error frame before it and a raw other than MALFORMED_FUNCTION_CALL; "
        "unified 'interrupted' (V4-synthesised); a prompt block after content was sent, or with a blockReason "
        "google-genai's BlockedReason does not have",
    ),
    "raw": Rule("error", "a raw part mirrors a provider chunk; it has no wire form of its own"),
    "error": Rule(
        "mapped",
        "`data: {\"error\":{code, message, status}}` (google-genai raises APIError on it): code = an integer "
        "code or 500, status = a string code or the google.rpc name of the code",
        error_when="the response does not stream",
    ),
    "ping": Rule("error", "Gemini sends no keep-alives (and google-genai reads a non-data line as JSON)"),
    **agent_part_rules(),
}
UNKNOWN_PART_RULE = Rule("error", "an unknown part type has no Gemini form")


def usage_metadata(usage: Usage | None) -> dict[str, int] | None:
    """Canonical nested usage as Gemini ``usageMetadata`` (None: nothing to report).

    >>> from mock_provider.parts import Usage
    >>> usage_metadata(Usage.model_validate({"inputTokens": {"total": 9, "cacheRead": 4},
    ...     "outputTokens": {"total": 5, "reasoning": 2}}))  # doctest: +NORMALIZE_WHITESPACE
    {'promptTokenCount': 9, 'candidatesTokenCount': 3, 'totalTokenCount': 14, 'cachedContentTokenCount': 4,
     'thoughtsTokenCount': 2}
    """
    if usage is None:
        return None
    inp, out = usage.input_tokens, usage.output_tokens
    prompt, output = inp.wire_total(), out.wire_total()
    if prompt is None and output is None:
        return None
    meta = {"promptTokenCount": prompt or 0, "candidatesTokenCount": (output or 0) - (out.reasoning or 0),
            "totalTokenCount": (prompt or 0) + (output or 0)}
    if inp.cache_read is not None:
        meta["cachedContentTokenCount"] = inp.cache_read
    if out.reasoning is not None:
        meta["thoughtsTokenCount"] = out.reasoning
    return meta


class Encoder:
    """Stateful Gemini encoder for one stream: canonical part -> ``GenerateContentResponse`` dicts.

    >>> from mock_provider.parts import parse_part
    >>> enc = Encoder("x.y.001", model="gemini")
    >>> enc.encode(parse_part({"type": "tool-call", "toolCallId": "c", "toolName": "f", "input": '{"a":1}'}))[0][
    ...     "candidates"][0]["content"]["parts"]
    [{'functionCall': {'id': 'c', 'name': 'f', 'args': {'a': 1}}}]
    """

    def __init__(self, scenario_id: str, *, model: str = "mock-model", response_id: str | None = None,
                 streaming: bool = True, stream_args: bool = True) -> None:
        self.scenario_id = scenario_id
        self.model = model
        self.response_id = response_id
        self.streaming = streaming  # a generateContent answer has whole calls: `partial_args` is a stream form
        self.stream_args = stream_args  # the request asked for streamed arguments (streams_arguments)
        self.error_sent = False
        self.calls: set[str] = set()  # calls sent (whole)
        self.started: list[str] = []  # calls a tool-input-start opened, in order
        self.streamed: dict[str, ArgsStream] = {}  # `partial_args` calls still open
        self.sent_content = False  # a candidate part was sent (a prompt block comes before any)
        self.sources: set[tuple[str, str]] = set()  # (url|document, uri) a groundingChunk named
        self.server_call: tuple[str, str] | None = None  # (id, toolType) of the server-side call sent last

    def _fail(self, part_type: str, reason: str) -> DialectError:
        return fail(part_type, NAME, self.scenario_id, reason)

    def _chunk(self, parts: list[dict[str, Any]], **candidate: Any) -> dict[str, Any]:
        self.sent_content = self.sent_content or bool(parts)
        cand: dict[str, Any] = {"content": {"role": "model", "parts": parts}, **candidate, "index": 0}
        return {"candidates": [cand], "modelVersion": self.model,
                **({"responseId": self.response_id} if self.response_id is not None else {})}

    def encode(self, part: Part) -> list[dict[str, Any]]:
        """Encode one canonical part into zero or more response chunks."""
        rule = RULES[part.type]
        if rule.action == "error":
            raise self._fail(part.type, rule.note)
        if self.streamed and (isinstance(part, TextDelta | ReasoningDelta | ToolInputStart)
                              or (isinstance(part, ToolCall) and part.tool_call_id not in self.streamed)):
            raise self._fail(part.type, f"streamed call {next(iter(self.streamed))!r} is still open: its "
                             "partialArgs name no call, and Gemini sends one part at a time")
        if isinstance(part, ResponseMetadata):
            self.response_id = part.id or self.response_id
            self.model = part.model_id or self.model
            return []
        if isinstance(part, TextDelta):
            return [self._chunk([{"text": part.delta}])]
        if isinstance(part, ReasoningDelta | ReasoningEnd):
            return self._thought(part)
        if isinstance(part, ToolInputStart):
            self._check_start(part)
            self.started.append(part.id)
            return []
        if isinstance(part, ToolInputDelta) and part.id in self.streamed:
            return self._partial(part.type, part.id, lambda s: s.feed(part.delta))
        if isinstance(part, ToolCall):
            return self._streamed_call(part) if part.tool_call_id in self.streamed else self._tool_call(part)
        if isinstance(part, Finish):
            return self._finish(part)
        if isinstance(part, File | ReasoningFile | Source):
            return [self._content(part)]
        if isinstance(part, ToolResult):
            return [self._tool_response(part)]
        if isinstance(part, Error):
            return [self._error(part)]
        if part.type == "text-end" and getattr(part, "citations", None):
            raise self._fail(part.type, "citationMetadata is not implemented for Gemini")
        return []  # implicit boundaries and the argument stream (RULES action 'dropped')

    def _thought(self, part: ReasoningDelta | ReasoningEnd) -> list[dict[str, Any]]:
        """A thought part; a reasoning-end only when it carries the signature (an empty signed thought)."""
        sig = signature_of(part)
        if isinstance(part, ReasoningEnd) and sig is None:
            return []
        out: dict[str, Any] = {"text": part.delta if isinstance(part, ReasoningDelta) else "", "thought": True}
        if sig is not None:
            out["thoughtSignature"] = sig
        return [self._chunk([out])]

    def _content(self, part: File | ReasoningFile | Source) -> dict[str, Any]:
        """The chunk of a generated file (an inlineData part) or of a source (a groundingChunk)."""
        if not isinstance(part, Source):
            return self._chunk([self._form(part.type, inline_part, part)])
        found = self._form(part.type, grounding_chunk, part)
        key = (part.source_type, str(part.url if part.source_type == "url" else part.filename))
        if key in self.sources:
            raise self._fail(part.type, f"source {key[1]!r} was already sent: @ai-sdk/google emits one source per "
                             "url or document (emittedSourceKeys)")
        self.sources.add(key)
        chunk = self._chunk([], groundingMetadata={"groundingChunks": [found]})
        del chunk["candidates"][0]["content"]["parts"]
        return chunk

    def _tool_response(self, part: ToolResult) -> dict[str, Any]:
        """A server-side call's result, right after its call (``toolResponse``)."""
        if self.server_call is None or self.server_call[0] != part.tool_call_id:
            raise self._fail(part.type, f"the result of {part.tool_call_id!r} has no Gemini form: only a server-side "
                             "call's (toolResponse) streams, and @ai-sdk/google pairs it with the last toolCall")
        if not isinstance(part.result, dict) or part.is_error or part.preliminary:
            raise self._fail(part.type, "ToolResponse.response is one JSON object, with no error or preliminary flag")
        (call_id, kind), self.server_call = self.server_call, None
        if kind == CODE_TOOL:  # executableCode's result: codeExecutionResult (no id: the last code part's)
            return self._chunk([self._form(part.type, code_execution_result, part.result)])
        return self._chunk([{"toolResponse": {"id": call_id, "toolType": kind, "response": part.result}}])

    def _form(self, part_type: str, make: Callable[[Any], dict[str, Any]], value: Any) -> dict[str, Any]:
        try:
            return make(value)
        except NoForm as exc:
            raise self._fail(part_type, str(exc)) from None

    def _tool_call(self, part: ToolCall) -> list[dict[str, Any]]:
        if part.provider_executed and part.tool_name == CODE_TOOL and part.tool_call_id not in self.calls:
            self.calls.add(part.tool_call_id)  # an executableCode part: no id on the wire
            self.server_call = (part.tool_call_id, CODE_TOOL)
            return [self._chunk([self._form(part.type, executable_code, part.input)])]
        if part.provider_executed and server_tool_type(part.tool_name) is None:
            raise self._fail(part.type, server_call_form(part.tool_name))
        if part.tool_call_id in self.calls:
            return []
        earlier = self.started[:self.started.index(part.tool_call_id)] if part.tool_call_id in self.started else []
        pending = [c for c in earlier if c not in self.calls]
        if pending:
            raise self._fail(part.type, f"call {part.tool_call_id!r} completes before {pending[0]!r}, which started "
                             "first: Gemini sends each call whole, so the client would see them reordered")
        try:
            args = json.loads(part.input)  # '' too: no arguments is `args: {}`, the stream of input '{}'
        except ValueError:
            args = None
        if not isinstance(args, dict):
            raise self._fail(part.type, f"functionCall.args is an object; the input {part.input!r} is not one")
        self.calls.add(part.tool_call_id)
        kind = server_tool_type(part.tool_name) if part.provider_executed else None
        if kind is not None:
            self.server_call = (part.tool_call_id, kind)
        call: dict[str, Any] = {"toolCall": {"id": part.tool_call_id, "toolType": kind, "args": args}} \
            if kind is not None else {"functionCall": {"id": part.tool_call_id, "name": part.tool_name, "args": args}}
        sig = signature_of(part)
        if sig is not None:
            call["thoughtSignature"] = sig
        return [self._chunk([call])]

    def _partial(self, part_type: str, call_id: str, step: Any) -> list[dict[str, Any]]:
        """The chunk of the values one fragment of a streamed call completes (none: no chunk)."""
        if call_id != list(self.streamed)[-1]:
            raise self._fail(part_type, f"call {call_id!r} is not the open streamed call: partialArgs name no call")
        try:
            entries = step(self.streamed[call_id])
        except NoPathForm as exc:
            raise self._fail(part_type, f"partialArgs: {exc}") from None
        if not entries:
            return []
        return [self._chunk([{"functionCall": {"partialArgs": entries, "willContinue": True}}])]

    def _check_start(self, part: ToolInputStart) -> None:
        """A call Gemini can state: one the client runs, with JSON arguments."""
        if part.provider_executed and server_tool_type(part.tool_name) is None:
            raise self._fail(part.type, server_call_form(part.tool_name))
        if part.input_encoding == "text":
            raise self._fail(part.type, "functionCall.args is a JSON object: Gemini has no free-text "
                             "(custom tool) input")

    def _stream_start(self, part: ToolInputStart) -> list[dict[str, Any]]:
        self._check_start(part)
        if part.provider_executed:
            raise self._fail(part.type, "a server-side tool call is sent whole: ToolCall has no partialArgs")
        if self.streamed:
            raise self._fail(part.type, f"streamed call {next(iter(self.streamed))!r} is still open: partialArgs "
                             "name no call, so two streamed calls cannot interleave")
        self.started.append(part.id)
        self.streamed[part.id] = ArgsStream()
        return [self._chunk([{"functionCall": {"id": part.id, "name": part.tool_name, "willContinue": True}}])]

    def _streamed_call(self, part: ToolCall) -> list[dict[str, Any]]:
        out = self._partial(part.type, part.tool_call_id, lambda s: s.finish(part.input))
        del self.streamed[part.tool_call_id]
        self.calls.add(part.tool_call_id)
        return [*out, self._chunk([{"functionCall": {}}])]

    def finish_reason(self, part: Finish) -> str:
        """The wire ``finishReason`` of a finish part.

        >>> from mock_provider.parts import parse_part
        >>> Encoder("x.y.001").finish_reason(parse_part({"type": "finish", "finishReason": {"unified":
        ...     "content-filter", "raw": "RECITATION"}}))
        'RECITATION'
        """
        fr = part.finish_reason
        if fr.unified == "error" and fr.raw == "MALFORMED_FUNCTION_CALL":
            return fr.raw
        if fr.unified not in FINISH_REASONS:
            raise self._fail(part.type, f"finish reason {fr.unified!r} has no Gemini form")
        if fr.raw is not None and CONSUMER_REASONS.get(fr.raw) == ("other" if fr.unified == "unknown" else fr.unified):
            return fr.raw
        return FINISH_REASONS[fr.unified]

    def _prompt_block(self, part: Finish) -> str | None:
        """The blockReason of a finish that is a prompt block (``promptFeedback``), or None."""
        feedback = ((part.provider_metadata or {}).get("google") or {}).get("promptFeedback")
        reason = feedback.get("blockReason") if isinstance(feedback, dict) else None
        if reason is None:
            return None
        if reason not in BLOCK_REASONS or part.finish_reason.unified != "content-filter":
            raise self._fail(part.type, f"prompt block {reason!r}: a content-filter finish with a google-genai "
                             f"BlockedReason ({', '.join(BLOCK_REASONS)}) is one")
        if self.sent_content:
            raise self._fail(part.type, "a prompt block comes before any candidate: content was already sent")
        return str(reason)

    def _finish(self, part: Finish) -> list[dict[str, Any]]:
        if part.finish_reason.unified == "error" and part.finish_reason.raw != "MALFORMED_FUNCTION_CALL":
            if not self.error_sent:
                raise self._fail(part.type, "finish reason 'error' with no error frame before it has no wire form")
            return []
        block = self._prompt_block(part)
        if block is not None:
            out: dict[str, Any] = {"promptFeedback": {"blockReason": block}, "modelVersion": self.model}
            if self.response_id is not None:
                out["responseId"] = self.response_id
            usage = usage_metadata(part.usage)
            if usage is not None:
                out["usageMetadata"] = usage
            return [out]
        chunk = self._chunk([], finishReason=self.finish_reason(part))
        del chunk["candidates"][0]["content"]["parts"]  # the finishing chunk carries no new part
        usage = usage_metadata(part.usage)
        if usage is not None:
            chunk["usageMetadata"] = usage
        return [chunk]

    def _error(self, part: Error) -> dict[str, Any]:
        message, kind, code = error_fields(part.error)
        number = code if isinstance(code, int) and not isinstance(code, bool) else 500
        status = code if isinstance(code, str) else (kind or _STATUS.get(number, "INTERNAL"))
        self.error_sent = True
        return {"error": {"code": number, "message": message, "status": status}}

    def end(self) -> list[dict[str, Any]]:
        """The script ran to its end: a started call must have been completed (or the turn failed).

        A call reaches the wire only whole, at its tool-call part, so one the script starts but
        never completes would be missing from the wire while every streaming consumer of the
        other wires completes (or at least sees) it.

        >>> from mock_provider.parts import parse_part
        >>> enc = Encoder("x.y.001")
        >>> _ = enc.encode(parse_part({"type": "tool-input-start", "id": "c1", "toolName": "t"}))
        >>> enc.end()
        Traceback (most recent call last):
        ...
        mock_provider.dialects.DialectError: dialect 'gemini' cannot express part 'tool-input-start' ...
        """
        unfinished = [c for c in self.started if c not in self.calls]
        if unfinished and not self.error_sent:
            raise self._fail("tool-input-start", f"call {unfinished[0]!r} never gets its tool-call part, and "
                             "Gemini sends a call only whole")
        return []

    def encode_quirk(self, part: Part, wire: StepWire) -> list[dict[str, Any]]:
        """A tool-input-start with ``partial_args`` opens a streamed call (a generateContent answer sends
        it whole); a step with ``continuation`` is encoded as it is (:func:`plan` splits the response there);
        the Chat Completions and Responses quirks have no form here: NOT-EXPRESSIBLE.

        >>> from mock_provider.parts import parse_part
        >>> enc = Encoder("x.y.001")
        >>> enc.encode_quirk(parse_part({"type": "tool-input-start", "id": "c", "toolName": "f"}),
        ...     StepWire(partial_args=True))[0]["candidates"][0]["content"]["parts"]
        [{'functionCall': {'id': 'c', 'name': 'f', 'willContinue': True}}]
        """
        if not (wire.partial_args or wire.continuation) or \
                quirks_of(wire.model_copy(update={"partial_args": False, "continuation": None})):
            raise refuse_quirks(part, wire, NAME, self.scenario_id)
        if not wire.partial_args:
            return self.encode(part)  # `continuation` splits the response in `plan`, not the step's chunks
        if not isinstance(part, ToolInputStart):
            raise self._fail(part.type, "`partial_args` belongs to the tool-input-start of a call")
        return self._stream_start(part) if self.streaming and self.stream_args else self.encode(part)

    def encode_raw(self, item: dict[str, Any]) -> list[dict[str, Any]]:
        """A part of a type no spec defines has no wire form.

        >>> Encoder("x.y.001").encode_raw({"type": "future-thing"})
        Traceback (most recent call last):
        ...
        mock_provider.dialects.DialectError: dialect 'gemini' cannot express part 'future-thing' (scenario ...
        """
        raise self._fail(str(item.get("type")), UNKNOWN_PART_RULE.note)


def streams_arguments(request: Mapping[str, Any]) -> bool:
    """The request asks for streamed function-call arguments
    (``toolConfig.functionCallingConfig.streamFunctionCallArguments``, google-genai 3.6.1
    ``FunctionCallingConfig.stream_function_call_arguments``): only then does Vertex AI send
    ``partialArgs``, so only then does a ``partial_args`` step stream its call.

    >>> streams_arguments({"toolConfig": {"functionCallingConfig": {"streamFunctionCallArguments": True}}})
    True
    >>> streams_arguments({"contents": []})
    False
    """
    tool_config = request.get("toolConfig")
    calling = tool_config.get("functionCallingConfig") if isinstance(tool_config, Mapping) else None
    return isinstance(calling, Mapping) and calling.get("streamFunctionCallArguments") is True


# The request fields that ask for streamed arguments, as the server passes them on to ``plan``.
STREAM_ARGS: dict[str, Any] = {"toolConfig": {"functionCallingConfig": {"streamFunctionCallArguments": True}}}


def make_encoder(scenario: Scenario, request: dict[str, Any], *, streaming: bool = True) -> Encoder:
    """The encoder for one response, stamped with the script's first response-metadata."""
    meta = first_metadata(scenario)
    model = request.get("model") if isinstance(request.get("model"), str) else None
    return Encoder(scenario.id, model=(meta.model_id if meta and meta.model_id else None) or model
                   or scenario.request.model, response_id=meta.id if meta and meta.id else None,
                   streaming=streaming, stream_args=streams_arguments(request))


def content_order(scenario: Scenario) -> list[int]:
    """The script's step indexes in the order Gemini sends their content: a turn's text (and thoughts)
    before its function calls. Gemini has no block boundaries and puts a turn's functionCall parts after
    its text, so a call the script places before later text of the same turn is sent with the finish.
    A script with a fault or a caller abort keeps its order (the cut must fall where the script says).

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "tool.text-between.001")
    >>> kinds = [type(s.script[i].part).__name__ for i in content_order(s)]
    >>> [k for k in kinds if k in ("TextDelta", "ToolCall")]
    ['TextDelta', 'TextDelta', 'TextDelta', 'ToolCall', 'ToolCall']
    """
    natural = list(range(len(scenario.script)))
    finish, held = _held_calls(scenario)
    if finish is None or not held:
        return natural
    return [i for i in range(finish) if i not in held] + held + natural[finish:]


def _held_calls(scenario: Scenario) -> tuple[int | None, list[int]]:
    """The finish step, and the tool-call steps before it that later text of the turn follows."""
    steps = scenario.script
    finish = next((i for i, st in enumerate(steps) if isinstance(st.part, Finish)), None)
    if finish is None or scenario.client.abort_after_step is not None or \
            any(st.fault or (st.wire is not None and st.wire.continuation) for st in steps):
        return None, []  # a cut (or a continuation hop) falls where the script puts it
    streamed = {st.part.id for st in steps if isinstance(st.part, ToolInputStart) and st.wire is not None
                and st.wire.partial_args}  # sent as it streams, where the script puts it
    return finish, [i for i in range(finish) if isinstance(steps[i].part, ToolCall)
                    and steps[i].part.tool_call_id not in streamed  # type: ignore[union-attr, operator]
                    and not steps[i].part.provider_executed  # type: ignore[union-attr]  # its result follows it
                    and any(isinstance(steps[j].part, TextDelta | ReasoningDelta) for j in range(i + 1, finish))]


def _wire_steps(scenario: Scenario, request: dict[str, Any], *, streaming: bool = True) -> list[list[dict[str, Any]]]:
    """Each step's chunks, a held function call's moved to the finish step (:func:`content_order`): the
    step count stays the script's, so faults and step counts read as before."""
    steps = encode_steps(scenario, make_encoder(scenario, request, streaming=streaming))
    finish, held = _held_calls(scenario)
    if finish is None or not held:
        return steps
    out = [[] if i in held else list(chunks) for i, chunks in enumerate(steps)]
    out[finish] = [c for i in held for c in steps[i]] + out[finish]
    return out


def plan(scenario: Scenario, request: dict[str, Any], *, streaming: bool | None = None) -> WirePlan:
    """The Gemini response for one request: ``data:`` SSE frames, or one GenerateContentResponse JSON.

    The route sets ``request['stream']`` (``:streamGenerateContent`` or ``:generateContent``).

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> plan(s, {"stream": True}).body_bytes()[:30]
    b'data: {"candidates":[{"content'
    """
    stream = bool(request.get("stream")) if streaming is None else streaming
    if not stream:
        refused = _token_refusal(scenario, request)
        return refused or json_plan(scenario, NAME, lambda: response_object(scenario, request))
    if scenario.wire.keepalive_comments:
        raise fail("ping", NAME, scenario.id, "Gemini sends no keep-alive comments (google-genai reads a "
                   "non-data line as JSON)")
    refused = _token_refusal(scenario, request)
    if refused is not None:
        return refused
    le = scenario.wire.line_ending
    steps = _hop(scenario, request, _wire_steps(scenario, request))
    frames = [[sse_frame(c, line_ending=le) for c in step] for step in steps]
    return WirePlan(200, http_headers(scenario, True), apply_step_faults(scenario, frames), scenario.id, NAME)


def continuation_of(scenario: Scenario) -> tuple[int, Continuation] | None:
    """The step a long-decode response is split at (quirk ``continuation``) and its hop, or None.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "quirks.gemini-continuation.001")
    >>> step, hop = continuation_of(s)
    >>> type(s.script[step].part).__name__, hop.token
    ('TextDelta', 'Y29udC1nZW0tMDAx')
    """
    found = [(i, st.wire.continuation) for i, st in enumerate(scenario.script)
             if st.wire is not None and st.wire.continuation is not None]
    if not found:
        return None
    if len(found) > 1:
        raise fail(_step_type(scenario, found[1][0]), NAME, scenario.id, "one continuation hop per response "
                   "is played (a second `continuation` step)")
    index, hop = found[0]
    finish = next((i for i, st in enumerate(scenario.script) if isinstance(st.part, Finish)), None)
    if index == 0 or finish is None or index > finish:
        raise fail(_step_type(scenario, index), NAME, scenario.id, "a continuation hop splits a response "
                   "between its first step and its finish")
    return index, hop


def _step_type(scenario: Scenario, index: int) -> str:
    part = scenario.script[index].part
    return part.type if part is not None else "fault"


def continuation_token(request: Mapping[str, Any]) -> str | None:
    """The ``continuationToken`` a request sends back (top level of the body, as @ai-sdk/google 4.0.121
    and google-genai 3.6.1 put it), or None.

    >>> continuation_token({"contents": [], "continuationToken": "abcd"}), continuation_token({})
    ('abcd', None)
    """
    token = request.get("continuationToken")
    return token if isinstance(token, str) else None


def _token_refusal(scenario: Scenario, request: Mapping[str, Any]) -> WirePlan | None:
    """The 400 a request gets for a continuation token this response never gave (None: the token is good
    or absent)."""
    token = continuation_token(request)
    if token is None:
        return None
    found = continuation_of(scenario)
    if found is not None and found[1].token == token:
        return None
    message = (f"mock-provider: continuationToken {token[:40]!r} was not issued by scenario {scenario.id} "
               f"(its token: {found[1].token!r})" if found is not None else
               f"mock-provider: continuationToken {token[:40]!r} was not issued (scenario {scenario.id} has no "
               "continuation hop)")
    data = json.dumps(error_body(400, "invalid_request_error", message)).encode()
    return WirePlan(400, {"content-type": "application/json"}, [Chunk(data, 0.0, 0)], scenario.id, NAME)


def _hop(scenario: Scenario, request: dict[str, Any],
         steps: list[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    """The chunks of the hop a request asks for: all of them without a continuation hop; else the steps
    before the split and a ``CONTINUATION`` chunk (no token sent), or the steps from the split on with
    the hop-2 usage (the token sent). Steps of the other hop stay empty, so step counts read as before."""
    found = continuation_of(scenario)
    if found is None:
        return steps
    index, hop = found
    enc = make_encoder(scenario, request)
    first = usage_metadata(hop.usage)
    if continuation_token(request) is None:
        last = enc._chunk([], finishReason="CONTINUATION", continuationToken=hop.token)
        del last["candidates"][0]["content"]["parts"]
        if first is not None:
            last["usageMetadata"] = first
        out = [list(chunks) if i < index else [] for i, chunks in enumerate(steps)]
        out[index - 1].append(last)
        return out
    out = [[] if i < index else [dict(c) for c in chunks] for i, chunks in enumerate(steps)]
    for chunks in out:
        for chunk in chunks:
            if "usageMetadata" in chunk and first is not None:
                chunk["usageMetadata"] = _minus(scenario, chunk["usageMetadata"], first)
    return out


def _minus(scenario: Scenario, total: dict[str, int], first: dict[str, int]) -> dict[str, int]:
    """The second hop's usage: the whole call's less the first hop's (what a summing client adds back)."""
    out = {k: v - first.get(k, 0) for k, v in total.items()}
    extra = [k for k in first if k not in total]
    if extra or any(v < 0 for v in out.values()):
        raise fail("finish", NAME, scenario.id, f"the continuation hop's usage {first} exceeds the finish usage "
                   f"{total}: the hops' sum is the finish usage")
    return out


def response_object(scenario: Scenario, request: dict[str, Any]) -> dict[str, Any]:
    """The non-streaming ``GenerateContentResponse``: the stream's parts folded into one candidate.

    Consecutive text (and thought) parts are joined, as the API returns them.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> r = response_object(s, {})
    >>> r["candidates"][0]["content"]["parts"], r["candidates"][0]["finishReason"]
    ([{'text': 'The capital of France is Paris.'}], 'STOP')
    """
    for p in scenario.parts():
        if isinstance(p, Error):
            raise fail(p.type, NAME, scenario.id, "a JSON (non-streaming) response cannot carry an in-band error")
    if first_finish(scenario) is None:
        raise fail("finish", NAME, scenario.id, "a generateContent answer is a finished turn: a script without "
                   "finish has no non-streaming form")
    enc = make_encoder(scenario, request, streaming=False)
    parts: list[dict[str, Any]] = []
    grounding: list[dict[str, Any]] = []
    last: dict[str, Any] = {}
    for step in _hop(scenario, request, _wire_steps(scenario, request, streaming=False)):
        for chunk in step:
            if "promptFeedback" in chunk:
                return chunk  # a blocked prompt: no candidate at all, streamed or not
            cand = chunk["candidates"][0]
            grounding += cand.get("groundingMetadata", {}).get("groundingChunks", [])
            for part in cand.get("content", {}).get("parts", []):
                prev = parts[-1] if parts else None
                joinable = prev is not None and "text" in part and "text" in prev and \
                    prev.get("thought") == part.get("thought") and "thoughtSignature" not in prev
                if joinable and prev is not None:
                    prev["text"] += part["text"]
                    if "thoughtSignature" in part:
                        prev["thoughtSignature"] = part["thoughtSignature"]
                else:
                    parts.append(dict(part))
            last = chunk
    cand = last["candidates"][0]
    body: dict[str, Any] = {
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": cand.get("finishReason"),
                        **({"continuationToken": cand["continuationToken"]} if "continuationToken" in cand else {}),
                        **({"groundingMetadata": {"groundingChunks": grounding}} if grounding else {}),
                        "index": 0}],
        "modelVersion": enc.model,
    }
    if "usageMetadata" in last:
        body["usageMetadata"] = last["usageMetadata"]
    if enc.response_id is not None:
        body["responseId"] = enc.response_id
    return body


def assistant_turns(body: Mapping[str, Any]) -> int:
    """Assistant turns of a generateContent request: its ``contents`` of role ``model``.

    >>> assistant_turns({"contents": [{"role": "user", "parts": []}, {"role": "model", "parts": []},
    ...     {"role": "user", "parts": [{"functionResponse": {"name": "f", "response": {}}}]}]})
    1
    """
    return role_turns(body.get("contents"), "model")


def error_body(status: int, kind: str, message: str) -> dict[str, Any]:
    """Google's error body: ``{"error": {code, message, status}}`` with the google.rpc status name
    (``kind`` is the OpenAI/Anthropic error type, which Google's body has no field for).

    >>> error_body(429, "rate_limit_error", "slow down")
    {'error': {'code': 429, 'message': 'slow down', 'status': 'RESOURCE_EXHAUSTED'}}
    """
    return {"error": {"code": status, "message": message,
                      "status": _STATUS.get(status, "INTERNAL" if status >= 500 else "INVALID_ARGUMENT")}}


DIALECT = HttpDialect(
    name=NAME,
    rules=RULES,
    finish_shape="gemini",
    usage_shape="gemini",
    finish_reasons=without_interrupted(),
    cache_write=False, zero_usage=frozenset({"cached_input_tokens", "reasoning_tokens"}),  # why: base.py zero_usage
    tool_calls_derived=True,  # STOP is both stop and tool-calls (FINISH_REASONS)
    content_order=content_order,  # a turn's text before its function calls
    # A document source is a retrievedContext groundingChunk, a url source a web one: the API sends either only "when
    # grounding is enabled" (google-genai 2.34.0 types.py:7868-7874), as the output of a retrieval it ran.
    retrieval_sources=frozenset({"document", "url"}),
    plan=plan,
    route="/v1beta/models/{model}:streamGenerateContent",
    route_streams=True,
    json_route="/v1beta/models/{model}:generateContent",
    other_prefixes=("/v1/", *VERTEX_PREFIXES),
    required=("contents",),  # the API answers 400 without contents
    assistant_turns=assistant_turns,
    error_body=error_body,
    answer_fields=lambda body: {**(dict(STREAM_ARGS) if streams_arguments(body) else {}),
                                **({"continuationToken": t} if (t := continuation_token(body)) else {})},
)
