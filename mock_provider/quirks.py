"""Provider quirks a scenario can ask a wire for: a reasoning dialect for the whole stream, and
per-step wire options (:class:`StepWire`). Read by :mod:`mock_provider.scenario` (which re-exports
them) and the HTTP wires; the part dialects ignore them.

Example:
    >>> StepWire(index=0).index, "think-tags" in REASONING_DIALECTS
    (0, True)
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from mock_provider.parts import Usage

# Chat Completions reasoning dialects (WireOptions.reasoning, header X-Mock-Reasoning).
# `reasoning_details`: OpenRouter's `delta.reasoning` with its structured `delta.reasoning_details` beside it.
# thinking-chunks is Mistral's: `delta.content` as an array holding a `thinking` chunk.
ReasoningDialect = Literal["reasoning_content", "reasoning", "think-tags", "reasoning_details", "thinking-chunks"]
REASONING_DIALECTS: tuple[str, ...] = ("reasoning_content", "reasoning", "think-tags", "reasoning_details",
                                       "thinking-chunks")


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class Continuation(_M):
    """Where a Gemini long-decode response stops for a continuation hop (see ``StepWire.continuation``)."""

    token: str = Field(
        min_length=4, max_length=200, pattern=r"^[A-Za-z0-9+/]+={0,2}$",
        description="The `continuationToken` the first hop ends with, which the client must send back. Base64: "
        "google-genai (Python) types it `bytes`, read from the JSON as base64.")
    usage: Usage | None = Field(
        default=None, description="The first hop's `usageMetadata` (a request of its own); the second hop reports "
        "the finish part's usage minus this one, so a client that sums the hops (as @ai-sdk/google and google-genai "
        "do) reports the finish part's usage.")


class StepWire(_M):
    """Provider quirks of one step's wire rendering (HTTP wires only; the part dialects ignore them).

    A quirk changes the bytes, not the meaning: the expected transcript is what a client that
    copes with the quirk sees. A wire that has no such quirk refuses the step as
    NOT-EXPRESSIBLE (``DialectError`` naming the quirk), never renders it silently.
    """

    channel: Literal["refusal", "reasoning_text", "reasoning_legacy"] | None = Field(
        default=None, description="`refusal`: a text part sent as the model's refusal (Chat Completions "
        "`delta.refusal`, Responses `response.refusal.delta`). `reasoning_text`: a reasoning part sent as the "
        "reasoning item's raw `reasoning_text` content (Responses `response.reasoning_text.delta/done`, as "
        "open-weight reasoning models stream it) instead of its summary. `reasoning_legacy`: the same raw "
        "reasoning as the Responses API streamed it before `reasoning_text` existed (`response.reasoning.delta/"
        "done`, openai 1.97.0's ResponseReasoningDeltaEvent/DoneEvent; the reasoning item has no content).")
    filter_chunk_before: bool = Field(
        default=False, description="Chat Completions: an Azure content-filter chunk with empty `choices` "
        "(`prompt_filter_results`, empty id/model) before this step's chunks.")
    late: list[Literal["id", "name"]] = Field(
        default_factory=list, description="On a tool-input-start, Chat Completions: these fields of the call "
        "are left out of its first `tool_calls` delta and sent in the next one.")
    index: int | None = Field(
        default=None, ge=0, description="On a tool-input-start or an unstarted tool-call, Chat Completions: the "
        "`tool_calls[].index` sent for the call instead of its ordinal (a skipped or duplicate index).")
    error_shape: Literal["openrouter"] | None = Field(
        default=None, description="On an error part, Chat Completions: `openrouter` sends the error as "
        "OpenRouter does mid-stream: a `chat.completion.chunk` (id, model, created) carrying top-level "
        "`error: {code, message}` and one choice with an empty content delta and `finish_reason: 'error'`.")
    partial_args: bool = Field(
        default=False, description="On a tool-input-start, Gemini: when the request sets "
        "`toolConfig.functionCallingConfig.streamFunctionCallArguments` (as Vertex AI answers it), the call's "
        "arguments are streamed as `functionCall.partialArgs` (`{jsonPath, stringValue|numberValue|boolValue|"
        "nullValue, willContinue}`): the name first with `willContinue: true`, each tool-input-delta's completed "
        "values, then an empty `functionCall` at the call's tool-call part. A request that does not ask gets the "
        "call whole.")
    delta_usage: Literal["output-only"] | None = Field(
        default=None, description="On a finish, Anthropic Messages: `message_delta.usage` carries `output_tokens` "
        "alone, as the streaming docs' examples show, instead of also repeating the cumulative input and cache "
        "counts of `message_start` as the live API does (`input_tokens` is `number | null` there).")
    continuation: Continuation | None = Field(
        default=None, description="Gemini long decode: the response ends before this step with a chunk "
        "`{finishReason: CONTINUATION, continuationToken}` (google-genai FinishReason.CONTINUATION: the per-request "
        "cap was reached, generation is not complete), and the request that sends that `continuationToken` back "
        "(the same request otherwise) gets the script from this step on. A request with another token is refused "
        "(400 INVALID_ARGUMENT).")

    @model_validator(mode="after")
    def _some_quirk(self) -> StepWire:
        if not (self.channel or self.filter_chunk_before or self.late or self.index is not None
                or self.delta_usage or self.partial_args or self.error_shape or self.continuation):
            raise ValueError("a step's wire options name at least one quirk")
        return self
