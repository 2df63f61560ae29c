"""Mutants of the upstream request and of structured output: each breaks one request.* / structured.* rule."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import AsyncIterator
from typing import Any

from conformance.contract import AdapterContext, RunRequest
from conformance.reference import agui, openai_http
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.core import js_stringify
from conformance.reference.openai_http import OpenAIChatModel
from conformance.structured import StructuredOutputParseError
from tests.mutants.base import Mutant, map_upstream, subclass


# ---------------------------------------------------------------- request conversion
class UserContentAsString(AguiReferenceAdapter):
    """request.prompt broken: a text-only user message is sent as a bare string (seed CoreMessage form)."""

    def build_prompt(self, request: RunRequest) -> list[dict[str, Any]]:
        out = []
        for m in super().build_prompt(request):
            parts = m["content"]
            if m["role"] == "user" and all(p.get("type") == "text" for p in parts):
                m = {**m, "content": "".join(p["text"] for p in parts)}
            out.append(m)
        return out


class SeedMediaParts(AguiReferenceAdapter):
    """request.media broken: file parts name their type ``mimeType`` (seed 000 section 11.1)."""

    def build_prompt(self, request: RunRequest) -> list[dict[str, Any]]:
        prompt = super().build_prompt(request)
        for m in prompt:
            if isinstance(m["content"], list):
                m["content"] = [{("mimeType" if k == "mediaType" else k): v for k, v in p.items()}
                                for p in m["content"]]
        return prompt


class PdfModalityUnmapped(AguiReferenceAdapter):
    """request.modalities broken: models.dev's ``pdf`` is declared as is (TanStack's ``Modality`` says ``document``)."""

    CATALOGUE_MODALITIES = {**AguiReferenceAdapter.CATALOGUE_MODALITIES, "pdf": "pdf"}


class ToolCallInputAsString(AguiReferenceAdapter):
    """request.tool-history broken: a history tool call's ``input`` stays a JSON string (seed ``args``)."""

    def build_prompt(self, request: RunRequest) -> list[dict[str, Any]]:
        prompt = super().build_prompt(request)
        for m in prompt:
            if m["role"] == "assistant":
                m["content"] = [{**p, "input": js_stringify(p["input"])} if p.get("type") == "tool-call" else p
                                for p in m["content"]]
        return prompt


class ToolsAsParameters(AguiReferenceAdapter):
    """request.tools broken: the JSON Schema goes into ``parameters`` (seed 000 section 11.2), not ``inputSchema``."""

    def build_tools(self, request: RunRequest) -> list[dict[str, Any]]:
        return [{("parameters" if k == "inputSchema" else k): v for k, v in t.items()}
                for t in super().build_tools(request)]


def drain_after_abort(ctx: AdapterContext) -> Any:
    """request.abort broken: the abort is not passed upstream, and on close the adapter still reads up
    to two more upstream items before letting go (it stops emitting at once, as it should)."""

    async def fn(stream: AsyncIterator[dict[str, Any]], _ctx: AdapterContext) -> AsyncIterator[dict[str, Any]]:
        it = stream.__aiter__()
        try:
            async for item in it:
                yield item
        finally:
            for _ in range(2):
                try:
                    # A stalled upstream never answers: give up on it (no sleep; a bounded wait).
                    await asyncio.wait_for(it.__anext__(), timeout=0.2)
                except BaseException:
                    break

    return map_upstream(agui, fn, strip_abort=True)(ctx)


class LeaksUpstreamOnAbort(AguiReferenceAdapter):
    """request.abort broken in time: on abort it stops reading and emitting (row 8.1.22 holds) but
    neither passes the signal upstream nor closes the upstream stream; it keeps the stream until the
    adapter object dies, so the upstream request stays open long after the abort."""

    def __init__(self, ctx: AdapterContext | None = None, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        self.kept: list[Any] = []  # shared with the per-run copies (copy.copy), owned by the adapter

    def stream_options(self, request: RunRequest) -> dict[str, Any]:
        return {k: v for k, v in super().stream_options(request).items() if k != "abort_signal"}

    async def close_upstream(self, result: Any, iterator: Any) -> None:
        if self.abort_requested(self.state.request):
            self.kept.append((result, iterator))
        else:
            await super().close_upstream(result, iterator)


# ---------------------------------------------------------------- structured output
class NoResponseFormat(AguiReferenceAdapter):
    """structured.native broken: the output schema is not sent upstream (no ``responseFormat``)."""

    def stream_options(self, request: RunRequest) -> dict[str, Any]:
        options = super().stream_options(request)
        options.pop("responseFormat", None)
        return options


class ToolChoiceNotForced(AguiReferenceAdapter):
    """structured.tool broken: the structured_output tool is offered but not forced (no ``toolChoice``)."""

    def stream_options(self, request: RunRequest) -> dict[str, Any]:
        options = super().stream_options(request)
        options.pop("toolChoice", None)
        return options


class NoInstructionMessage(AguiReferenceAdapter):
    """structured.instruction broken: no system message carries the schema."""

    def stream_options(self, request: RunRequest) -> dict[str, Any]:
        if getattr(request, "structured_mode", "native") != "instruction":
            return super().stream_options(request)
        return {**super().stream_options(request), "prompt": self.build_prompt(request)}


class SeedNullsDropped(AguiReferenceAdapter):
    """structured.result broken: every null is removed (seed 000 14.3 ``transformNullsToUndefined``),
    so a genuinely nullable field's null is lost too."""

    def parse_structured(self, text: str) -> tuple[Any, str]:
        data, raw = super().parse_structured(text)
        return _drop_nulls(data), raw


def _drop_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_nulls(v) for v in value]
    return value


class StrictJsonParse(AguiReferenceAdapter):
    """structured.parse broken: only a direct ``JSON.parse`` of the whole answer (no fence, no prose)."""

    def parse_structured(self, text: str) -> tuple[Any, str]:
        try:
            return json.loads(text), text
        except ValueError:
            raise StructuredOutputParseError(
                f"Failed to parse structured output as JSON. Content: {text[:200]}") from None


class _LooseSchemaModel(OpenAIChatModel):
    def response_format(self, fmt: dict[str, Any]) -> dict[str, Any]:
        return {"type": "json_schema", "json_schema": {"name": "structured_output", "schema": fmt["schema"],
                                                       "strict": True}}


def schema_not_strict(ctx: AdapterContext) -> Any:
    """structured.strict-schema broken: the schema goes out as given (not converted; oneOf not rejected)."""
    adapter = openai_http(ctx)
    model = getattr(adapter.ctx, "model", None)
    if isinstance(model, OpenAIChatModel):
        loose = _LooseSchemaModel(model.base_url, model.model_id, model.headers, model.finish_when_missing)
        adapter.ctx = dataclasses.replace(adapter.ctx, model=loose)
    return adapter


class _JsonObjectModel(OpenAIChatModel):
    def response_format(self, fmt: dict[str, Any]) -> dict[str, Any]:
        super().response_format(fmt)  # a schema strict mode cannot express still raises (structured.strict-schema)
        return {"type": "json_object"}


def schema_dropped_for_other(ctx: AdapterContext) -> Any:
    """structured.native broken for a server without a flavour (``server: other``): ``json_object`` goes out and
    the caller's schema nowhere (not in ``response_format``, not in a system message)."""
    adapter = openai_http(ctx)
    adapter.capabilities = adapter.capabilities.model_copy(update={"server": "other"})
    model = getattr(adapter.ctx, "model", None)
    if isinstance(model, OpenAIChatModel):
        dropped = _JsonObjectModel(model.base_url, model.model_id, model.headers, model.finish_when_missing)
        adapter.ctx = dataclasses.replace(adapter.ctx, model=dropped)
    return adapter


HTTP = ["openai-chat"]

MUTANTS: list[Mutant] = [
    Mutant("agui.user-content-string", "a text-only user message sent as a string", subclass(UserContentAsString),
           {"request.prompt"}, "agui"),
    Mutant("agui.seed-media-parts", "file parts carry mimeType instead of mediaType", subclass(SeedMediaParts),
           {"request.media"}, "agui"),
    Mutant("agui.pdf-modality-unmapped", "models.dev pdf declared as a modality, not document",
           subclass(PdfModalityUnmapped), {"request.modalities"}, "agui"),
    Mutant("agui.tool-call-input-string", "history tool-call input left a JSON string", subclass(ToolCallInputAsString),
           {"request.tool-history"}, "agui"),
    Mutant("agui.tools-as-parameters", "tool schema sent as parameters", subclass(ToolsAsParameters),
           {"request.tools"}, "agui"),
    Mutant("agui.abort-drains-upstream", "upstream read on after the caller aborted", drain_after_abort,
           {"request.abort"}, "agui"),
    Mutant("agui.abort-leaks-upstream", "upstream left open after the caller aborted", subclass(LeaksUpstreamOnAbort),
           {"request.abort"}, "agui", abort_bound=0.05),
    Mutant("agui.no-response-format", "output schema not sent upstream", subclass(NoResponseFormat),
           {"structured.native"}, "agui"),
    Mutant("agui.tool-choice-not-forced", "structured_output tool not forced", subclass(ToolChoiceNotForced),
           {"structured.tool"}, "agui"),
    Mutant("agui.no-instruction-message", "no system message with the schema", subclass(NoInstructionMessage),
           {"structured.instruction"}, "agui"),
    Mutant("agui.seed-nulls-dropped", "every null removed from the structured result", subclass(SeedNullsDropped),
           {"structured.result"}, "agui"),
    Mutant("agui.strict-json-parse", "structured answer parsed with JSON.parse only", subclass(StrictJsonParse),
           {"structured.parse"}, "agui"),
    Mutant("openai-http.schema-not-strict", "over HTTP: schema not converted for strict mode", schema_not_strict,
           {"structured.strict-schema"}, "openai-http", dialects=HTTP),
    Mutant("openai-http.other-schema-dropped", "server other: json_object sent, the caller's schema nowhere",
           schema_dropped_for_other, {"structured.native"}, "openai-http", dialects=HTTP),
]
