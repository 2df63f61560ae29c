"""The pieces of a scenario file: the request, match rules, script steps, faults, wire options, turns.

:class:`mock_provider.scenario.Scenario` puts them together (and re-exports them: import them from there).

Example:
    >>> Step.model_validate({"fault": {"kind": "stall"}}).fault.kind
    'stall'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from mock_provider.dialects import names
from mock_provider.matrix_rows import RowId
from mock_provider.parts import Part
from mock_provider.quirks import ReasoningDialect, StepWire
from mock_provider.servers import DEFAULT_SERVER, Server, vendor_of

if TYPE_CHECKING:
    Dialect = str
else:
    # The registry's names as a Literal: pydantic validates and documents (JSON schema enum) them.
    Dialect = Literal[tuple(names())]
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
    input_encoding: Literal["json", "text"] = Field(
        default="json", description="text: a custom tool (OpenAI Responses `{type: 'custom'}`), whose input is "
        "free text the model writes, not JSON arguments (its calls start with `inputEncoding: 'text'`).")
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
    """Server-side selection when neither the model name nor a header names the scenario.

    Every condition given must hold; a rule with none never matches.
    """

    last_user_contains: str | None = Field(default=None, description="The last user message contains this text.")
    tool_names: list[str] | None = Field(default=None, description="The request offers at least these tools.")
    model: str | None = Field(default=None, min_length=1, description="The request's model name matches this "
                              "shell-style pattern (`gpt-4o*`).")
    tool_result: bool | None = Field(default=None, description="The request carries a tool result (true) or none "
                                     "(false): the turn after a tool call, or the first one.")

    def conditions(self) -> int:
        """How many conditions the rule states."""
        return sum(v is not None for v in (self.last_user_contains, self.tool_names, self.model, self.tool_result))


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


class SaidCall(_M):
    """A tool call the request's history carries: its id (None: any), name and input (JSON)."""

    id: str | None = None
    name: str
    args: Any = None


class SaidResult(_M):
    """A tool result the request's history carries, under its call's id, with the value the model must read."""

    id: str | None = None
    name: str | None = Field(default=None, description="The call's tool (found from the call of that id if not given).")
    value: Any


class SaidText(_M):
    """A message the request must send the model as text, in the caller's order (a system prompt may hold the
    agent's own instructions beside it; one that holds nothing may be left out)."""

    role: Literal["system", "user", "assistant"]
    text: str


class SaidItem(_M):
    """One entry of a ``conversation`` check: a ``text`` message, a tool ``call`` or a tool ``result``."""

    text: SaidText | None = None
    call: SaidCall | None = None
    result: SaidResult | None = None

    @model_validator(mode="after")
    def _one(self) -> SaidItem:
        if sum(x is not None for x in (self.text, self.call, self.result)) != 1:
            raise ValueError("a conversation entry is exactly one of text, call, result")
        return self


class SentFile(_M):
    """A file the caller sent: its media type and its base64 bytes."""

    media_type: str
    data: str


class OfferedTool(_M):
    """A function tool the request must offer the model: found by name, with this description and the meaning
    of this JSON Schema (conformance.request_reading.schema_mismatch)."""

    name: str
    description: str | None = None
    parameters: dict[str, Any] = Field(default_factory=lambda: {"type": "object", "properties": {}})


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
    conversation: list[SaidItem] | None = Field(
        default=None, description="The request carries these messages, tool calls and results, read the same way "
        "on every wire (conformance.request_reading): the text messages in order, each call with its name and JSON "
        "input, each result after its call under the id the call was sent with (by name on Gemini, whose ids are "
        "optional), with the value the model reads. Use with path ''.")
    output_schema: dict[str, Any] | None = Field(
        default=None, description="The caller's output schema reaches the model, read the same way on every wire: "
        "natively, as the schema of a tool the request makes the model call, or as JSON in a system message, with the "
        "caller's meaning or its strict form (conformance.request_reading.output_schema_mismatch). Use with path ''.")
    media: list[SentFile] | None = Field(
        default=None, description="The files the caller sent reach the model, read the same way on every wire: each "
        "file's base64 bytes somewhere in the request, under its media type wherever the wire states one "
        "(conformance.request_reading.media_mismatch). Use with path ''.")
    functions: list[OfferedTool] | None = Field(
        default=None, description="The request offers these function tools, read the same way on every wire and "
        "found by name: the caller's description and a schema of the same meaning. Use with path ''.")
    dialects: list[Dialect] | None = Field(default=None, description="Only for these dialects (default: all).")
    servers: list[Server] | None = Field(
        default=None, description="Only for clients of these Chat Completions servers (mock_provider.servers; "
        "a harness that declares none is 'openai'): a check that states one server's request shape (OpenAI's "
        "`strict: true`, its `image_url: {url}`) beside another server's own (default: every server).")
    row: str | None = Field(default=None, description="Matrix row a mismatch belongs to (default: the primary row).")
    why: str = ""
    # Issue 15 class 6: an order that means nothing, and a published rewrite of the schema, are no difference.
    key: str | None = Field(
        default=None, pattern=r"^(/[^/]*)+$",
        description="With `subset`: the list there is matched element by element through the value at this JSON "
        "Pointer inside each element (a tool's `/function/name`), in any order, each a subset; elements under other "
        "keys (an adapter's own tools) may be there too, but not two under one expected key.",
    )
    strict_tools: bool = Field(
        default=False,
        description="With `subset` on Chat Completions `tools`: a tool sent with `function.strict: true` is compared "
        "with the OpenAI strict-mode form of the expected `parameters` (all properties required, the optional ones "
        "nullable, additionalProperties false) for a client of OpenAI's server, which refuses it in another form; for "
        "any other server's client either form holds (mock_provider.servers.requires_strict_tool_schemas).",
    )
    strict_schema: bool = Field(
        default=False,
        description="With `subset` on Chat Completions `response_format`: a `json_schema` sent with `strict: true` "
        "may also be the strict-mode form of the expected `json_schema.schema` (all properties required, the "
        "optional ones nullable, additionalProperties false); one sent without must be the caller's schema.",
    )

    or_else: list[RequestCheck] = Field(
        default_factory=list,
        description="Other forms of the same request: the check also holds when one of these holds (a schema a "
        "client sends natively, or writes into the system message for a model without a native mode). Each is "
        "a check of its own path and expectation; it takes this check's dialects, servers and row.",
    )

    @model_validator(mode="after")
    def _one_expectation(self) -> RequestCheck:
        if any(alt.dialects is not None or alt.servers is not None or alt.row is not None for alt in self.or_else):
            raise ValueError("an or_else check takes its dialects, servers and row from the check it belongs to")
        given: list[str] = [k for k in ("equals", "subset", "contains_json", "members", "conversation", "functions",
                                        "output_schema", "media") if k in self.model_fields_set]
        if self.absent:
            given.append("absent")
        if len(given) != 1:
            raise ValueError(f"a request check states exactly one of equals, subset, contains_json, members, "
                             f"conversation, functions, output_schema, media, absent; "
                             f"got {', '.join(given) or 'none'}")
        if (self.key is not None or self.strict_tools or self.strict_schema) and given != ["subset"]:
            raise ValueError("key, strict_tools and strict_schema qualify a subset check only")
        return self

    def applies_to(self, dialect: str, server: str | None = None) -> bool:
        """Whether this check is made for a case in ``dialect`` whose client talks to ``server`` (None: OpenAI's).

        A narrower flavour of a server (``mistral-own``) is that server's client here (:func:`vendor_of`):

        >>> check = RequestCheck(path="/response_format", equals=1, servers=["mistral"])
        >>> check.applies_to("openai-chat"), check.applies_to("openai-chat", "mistral"), check.applies_to(
        ...     "openai-chat", "mistral-own")
        (False, True, True)
        """
        return (self.dialects is None or dialect in self.dialects) and (
            self.servers is None or (vendor_of(server) or DEFAULT_SERVER) in self.servers)


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


# Chat Completions chunk fields a scenario can ask the openai-chat wire to send beside the content.
ChatField = Literal["service_tier", "system_fingerprint", "obfuscation", "logprobs", "usage_details", "audio",
                    "xai_usage"]


class WireOptions(_M):
    """Byte-level choices for the HTTP dialects (ignored in-process)."""

    line_ending: Literal["lf", "crlf"] = Field(default="lf", description="SSE line endings.")
    done: Literal["auto", "omit", "always"] = Field(
        default="auto",
        description="OpenAI `data: [DONE]`: auto = after a normal end; omit = never (finish without [DONE]); "
        "always = even when the script has no finish ([DONE] without finish).",
    )
    keepalive_comments: bool = Field(default=False, description="Send `: keep-alive` comment lines between frames.")
    chat_fields: list[ChatField] = Field(
        default_factory=list, description="Chat Completions (openai-chat) fields OpenAI sends beside the content "
        "(openai 3.57.0 `ChatCompletionChunk`, openai@6.49.0 completions.d.ts), none of which changes the turn: "
        "`service_tier` ('default') and `system_fingerprint` on every chunk; `obfuscation` (the size padding "
        "`stream_options.include_obfuscation` sends, on by default) on every chunk; `logprobs` (`{content: "
        "[{token, logprob, bytes, top_logprobs}], refusal: null}`) on each content chunk; `usage_details`: every "
        "count of `prompt_tokens_details` (`cached_tokens`, `cache_write_tokens`, `audio_tokens`) and "
        "`completion_tokens_details` (`reasoning_tokens`, `audio_tokens`, `accepted_prediction_tokens`, "
        "`rejected_prediction_tokens`), 0 where the script states none (OpenAI sends them all); `audio`: the "
        "answer is spoken (a request with `modalities: ['text', 'audio']`), so its text streams as "
        "`delta.audio.transcript` (the first chunk with the audio `id`), then the audio `data` and its "
        "`expires_at`, and no `delta.content` (no JSON form: @ai-sdk/openai reads the two forms differently); "
        "`xai_usage`: xAI's usage object instead of OpenAI's (`completion_tokens` without the reasoning tokens, "
        "`total_tokens` with them; `prompt_tokens_details` {text_tokens, audio_tokens, image_tokens, "
        "cached_tokens} and `completion_tokens_details` {reasoning_tokens, audio_tokens, "
        "accepted_prediction_tokens, rejected_prediction_tokens} always, 0 where the script states none; "
        "`num_sources_used`), which the server flavour `xai` (header `X-Mock-Server`) sets with "
        "`system_fingerprint`. The other wires ignore them.")
    responses_fields: list[Literal["audio", "mcp_list_failed"]] = Field(
        default_factory=list, description="OpenAI Responses (openai-responses) forms beside the plain ones: "
        "`audio`: the answer is spoken (a request for audio output), so its text streams as "
        "`response.audio.transcript.delta` events, then `response.audio.transcript.done`, the audio as "
        "`response.audio.delta` (base64) and `response.audio.done` (openai 3.57.0 response_audio_*_event.py), "
        "and no message item (the Response lists none); `mcp_list_failed`: a remote MCP server the request "
        "declared cannot list its tools, so before the answer comes its `mcp_list_tools` item with "
        "`response.mcp_list_tools.failed` and the item's `error` (which @ai-sdk/openai skips). "
        "The other wires ignore them.")
    queued: bool = Field(default=False, description="OpenAI Responses: the response waits in a queue first "
                         "(`response.created` with status 'queued', then `response.queued`, then "
                         "`response.in_progress`), as a background request does. The other wires ignore it.")
    usage: Literal["chunk", "finish", "x_groq"] = Field(
        default="chunk",
        description="Where Chat Completions (openai-chat) streams the usage: `chunk` = OpenAI's, a last chunk "
        "with `choices: []` after the finish chunk, only when the request sets `stream_options.include_usage`; "
        "`finish` = Mistral's, on the finish chunk itself whatever the request (its API has no `stream_options`: "
        "no request model of @mistralai/mistralai 2.2.0, generated from its OpenAPI, has one); `x_groq` = Groq's, "
        "in the finish chunk's `x_groq.usage` whatever the request (groq 1.7.0 types/chat/chat_completion_chunk.py "
        "XGroq.usage, 'Only sent in the final chunk'), and OpenAI's usage chunk too when the request asks for it. "
        "The server flavours `mistral` (and `mistral-own`) and `groq` (header `X-Mock-Server`) set `finish` and "
        "`x_groq`. The other "
        "wires ignore it.",
    )
    usage_counts: Literal["openai", "deepseek", "cached"] = Field(
        default="openai",
        description="Which counts a Chat Completions (openai-chat) usage object carries: `openai` = OpenAI's, "
        "`prompt_tokens_details.cached_tokens` and `completion_tokens_details.reasoning_tokens` only where the "
        "script has the count; `deepseek` = DeepSeek's, its own `prompt_cache_hit_tokens` and "
        "`prompt_cache_miss_tokens` (prompt_tokens less the hit) and `prompt_tokens_details.cached_tokens` on every "
        "usage, 0 hit when nothing was cached, and the reasoning count where the script has one (a live deepseek-chat "
        "usage: {prompt_tokens, completion_tokens, total_tokens, prompt_tokens_details: {cached_tokens: 0}, "
        "prompt_cache_hit_tokens: 0, prompt_cache_miss_tokens}; a deepseek-reasoner answer adds "
        "`completion_tokens_details.reasoning_tokens`); `cached` = Cerebras's, OpenAI's counts with "
        "`prompt_tokens_details.cached_tokens` on every usage (recorded api.cerebras.ai streams). The server flavours "
        "`deepseek` and `cerebras` (header `X-Mock-Server`) set `deepseek` and `cached`. The other wires ignore it.",
    )
    call_deltas: Literal["openai", "named", "typed"] = Field(
        default="openai",
        description="How Chat Completions (openai-chat) sends a tool call's continuation deltas (every delta after "
        "the one that opens the call): `openai` = OpenAI's, `{index, function: {arguments}}`; `named` = Mistral's, "
        "`{index, type: 'function', function: {name: '', arguments}}`, since Mistral's chunk schema requires "
        "`function.name` in every streamed tool call (mistralai 3.7.0 client/models/functioncall.py, generated from "
        "its OpenAPI; a stream from its API in earendil-works/pi issue 8387 sends the empty name); `typed` = "
        "Cerebras's, `{index, type: 'function', function: {arguments}}`, since its chunk type requires `type` in "
        "every streamed tool call (cerebras-cloud-sdk 1.91.0 types/chat/chat_completion.py "
        "ChatChunkResponseChoiceDeltaToolCall, generated from its OpenAPI; `function.name` optional). The server "
        "flavour `mistral` (header `X-Mock-Server`) sets `named` (`mistral-own` too, whose calls come whole, with "
        "no continuation), `cerebras` sets `typed`. The other wires ignore it.",
    )
    reasoning: ReasoningDialect = Field(
        default="reasoning_content",
        description="How Chat Completions (openai-chat) carries reasoning deltas: `delta.reasoning_content` "
        "(DeepSeek, vLLM), `delta.reasoning` (OpenRouter, Ollama, Groq), `<think>...</think>` inside "
        "`delta.content` (think-tags), OpenRouter's `delta.reasoning` with `delta.reasoning_details` "
        "(`[{type: 'reasoning.text', text, format, index}]`) beside it (reasoning_details), or a `thinking` "
        "chunk in an array `delta.content` (thinking-chunks, Mistral). "
        "A request header `X-Mock-Reasoning` overrides it per request. "
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


class RecordedChunk(_M):
    """One piece of a recorded body, as it arrived: UTF-8 text, or base64 for bytes that are not."""

    data: str = ""
    data_base64: str | None = Field(default=None, description="The bytes, base64, when they are not UTF-8 text.")
    delay_ms: float = Field(default=0, ge=0, description="Time since the previous piece arrived.")

    def raw(self) -> bytes:
        """The piece's bytes."""
        import base64

        return base64.b64decode(self.data_base64) if self.data_base64 is not None else self.data.encode()


class Recording(_M):
    """A streamed answer as a provider sent it (``mock-provider import`` or ``record``).

    ``replay: exact`` serves these bytes and chunk boundaries on ``wire`` to requests of the same kind
    (streaming ones, or with ``streamed: false`` non-streaming ones); every other wire and request,
    and ``replay: rendered``, gets the script's parts through the kit's encoder.
    """

    wire: Literal["openai-chat", "openai-responses", "anthropic", "gemini"]
    replay: Literal["exact", "rendered"] = "exact"
    status: int = Field(default=200, ge=200, le=599)
    headers: dict[str, str] = Field(default_factory=dict, description="Response headers kept (content-type).")
    chunks: list[RecordedChunk] = Field(min_length=1)
    streamed: bool = Field(
        default=True, description="false: a JSON answer to a request with streaming off (the exact replay "
        "serves it to such requests; a streaming request gets the parts through the encoder).")
    end: Literal["complete", "disconnect", "stall"] = Field(
        default="complete", description="How the body ended: `disconnect` (the provider dropped the connection "
        "after the chunks) or `stall` (nothing more came until the client left); replayed the same way.")
    unmodelled: list[str] = Field(default_factory=list, description="What the parts model has no place for: "
                                  "replayed byte for byte, absent from the re-rendered form.")
    source: str = Field(default="", description="Where the capture came from.")
    request_headers: dict[str, str] = Field(default_factory=dict, description="The recorded request's headers, "
                                            "every credential dropped (mock-provider record).")

    def body(self) -> bytes:
        """Every recorded byte, in order."""
        return b"".join(c.raw() for c in self.chunks)


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
    covered_by: list[RowId] = Field(
        default_factory=list,
        description="Rows of this scenario whose rule is written for this very input (e.g. 8.1.19 for a "
        "missing finish): graded as usual.",
    )


class Unspecified(_M):
    """Rows of a valid scenario on which no published rule says what an adapter owes: what the scenario
    expects there is one real consumer's view (cited), not a rule, so findings on those rows are
    information. Example: OpenAI's spoken answer (``delta.audio``): @ai-sdk/openai shows no text for it,
    another adapter may show the transcript; neither is harm any output protocol names.
    """

    rows: list[RowId] = Field(min_length=1, description="The rows graded as information on this scenario.")
    why: str = Field(min_length=1, description="Why no published rule decides them, citing what was read.")


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
