"""Mutant of row request.continuation: a Gemini long-decode response continued with another request.

The kit's reference adapters read the part dialects and Chat Completions, not the Gemini wire, so this
module carries a small Gemini reader for the rule's scenarios: ``google-genai``'s async client (the
library Google publishes for the wire) with its own continuation turned off, so the reader sends the
continuation hop itself (as @ai-sdk/google's ``continueGoogleStream`` does: the first request's
contents and config plus ``continuation_token``) and the mutant can send it wrong. It reads text,
thoughts and finish reasons, sums the hops' usage, and feeds V3 parts to the AG-UI reference. It is run
only on the scenarios with a continuation hop (``Mutant.only``): the unmutated reader passes them
(tests/test_gemini_continuation.py), which is what makes the mutant's FAIL its rule's.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from dataclasses import dataclass, field
from typing import Any

from conformance.contract import AdapterContext, Capabilities
from conformance.reference.agui import AguiReferenceAdapter
from mock_provider.dialects import DialectError
from mock_provider.scenario import Scenario
from mock_provider.wires.gemini import continuation_of
from tests.mutants.base import Mutant

# google-genai FinishReason -> V3 unified reason (@ai-sdk/google 4.0.121 mapGoogleFinishReason).
_FINISH = {"STOP": "stop", "MAX_TOKENS": "length", "CONTINUATION": "length", "SAFETY": "content-filter",
           "RECITATION": "content-filter"}
_COUNTS = ("prompt_token_count", "candidates_token_count", "thoughts_token_count", "cached_content_token_count")


@dataclass
class _Result:
    stream: Any
    request: dict[str, Any] = field(default_factory=dict)
    response: dict[str, Any] = field(default_factory=dict)


class GeminiTextModel:
    """A V3 ``LanguageModel`` view of the mock's Gemini route, read with ``google-genai``.

    >>> GeminiTextModel("http://127.0.0.1:1", "scenario:x.y.001").specification_version
    'v3'
    """

    specification_version = "v3"
    provider = "google"

    def __init__(self, base_url: str, model_id: str, headers: dict[str, str] | None = None) -> None:
        self.base_url, self.model_id, self.headers = base_url, model_id, dict(headers or {})

    def continuation_contents(self, contents: list[Any]) -> list[Any]:
        """The contents the continuation request sends: the first request's (a mutant changes them)."""
        return contents

    async def do_stream(self, options: dict[str, Any]) -> _Result:
        from google import genai
        from google.genai import types

        contents, system = [], None
        for msg in options.get("prompt") or []:
            content = msg.get("content")
            if msg.get("role") == "system":
                system = content if isinstance(content, str) else None
                continue
            text = "".join(p.get("text", "") for p in content or [] if isinstance(p, dict) and p.get("type") == "text")
            role = "model" if msg.get("role") == "assistant" else "user"
            contents.append(types.Content(role=role, parts=[types.Part(text=text)]))
        client = genai.Client(api_key="mock-key", http_options=types.HttpOptions(
            base_url=self.base_url, api_version="v1beta", headers=self.headers))
        config = types.GenerateContentConfig(system_instruction=system, automatic_continuation=False)
        return _Result(stream=self._parts(client, contents, config))

    async def _parts(self, client: Any, contents: list[Any], config: Any) -> AsyncGenerator[dict[str, Any], None]:
        yield {"type": "stream-start", "warnings": []}
        usage: dict[str, int] = {}
        reason: str | None = None
        first, open_text = True, False
        token: bytes | None = None
        while True:
            hop = await client.aio.models.generate_content_stream(
                model=self.model_id, contents=contents if token is None else self.continuation_contents(contents),
                config=config if token is None else config.model_copy(update={"continuation_token": token}))
            token, hop_usage = None, {}
            async for chunk in hop:
                if first:
                    first = False
                    yield {"type": "response-metadata", "id": chunk.response_id, "modelId": chunk.model_version}
                if chunk.usage_metadata is not None:
                    hop_usage = {k: getattr(chunk.usage_metadata, k) or 0 for k in _COUNTS}
                for cand in chunk.candidates or []:
                    for part in (cand.content.parts if cand.content else None) or []:
                        if part.text and not part.thought:
                            if not open_text:
                                open_text = True
                                yield {"type": "text-start", "id": "txt-0"}
                            yield {"type": "text-delta", "id": "txt-0", "delta": part.text}
                    if cand.finish_reason is not None:
                        reason = cand.finish_reason.value
                    if reason == "CONTINUATION" and cand.continuation_token:
                        token = cand.continuation_token
            usage = {k: usage.get(k, 0) + v for k, v in hop_usage.items()}
            if token is None:
                break
        if open_text:
            yield {"type": "text-end", "id": "txt-0"}
        output = usage.get("candidates_token_count", 0) + usage.get("thoughts_token_count", 0)
        yield {"type": "finish", "finishReason": {"unified": _FINISH.get(reason or "", "other"), "raw": reason},
               "usage": {"inputTokens": {"total": usage.get("prompt_token_count")}, "outputTokens": {"total": output}}}


class _RestartedContents(GeminiTextModel):
    """Sends the continuation token with the conversation plus a 'Continue.' user turn, as a chat loop that
    asks the model to go on would: the token continues a generation of another prompt."""

    def continuation_contents(self, contents: list[Any]) -> list[Any]:
        from google.genai import types

        return [*contents, types.Content(role="user", parts=[types.Part(text="Continue.")])]


class GeminiReferenceAdapter(AguiReferenceAdapter):
    """AG-UI out, Gemini ``streamGenerateContent`` in (text only; see the module notes)."""

    NAME = "reference-gemini-text"
    MODEL: type[GeminiTextModel] = GeminiTextModel

    def __init__(self, ctx: AdapterContext | None = None, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        self.capabilities = Capabilities(name=self.NAME, inputs=["gemini"], output="ag-ui",
                                         features=set(), policies=self.capabilities.policies)
        if ctx is not None and ctx.base_url:
            model = self.MODEL(ctx.base_url.rstrip("/"), ctx.model_id or "", ctx.extra.get("headers"))
            self.ctx = AdapterContext(dialect="v3", model=model,  # type: ignore[arg-type]
                                      scenario_id=ctx.scenario_id, time_scale=ctx.time_scale,
                                      request_log=ctx.request_log, base_url=ctx.base_url, model_id=ctx.model_id,
                                      extra=ctx.extra, model_info=ctx.model_info)
            self.dialect = "v3"


class _MutantAdapter(GeminiReferenceAdapter):
    NAME = "gemini.continuation-contents-changed"
    MODEL = _RestartedContents


def gemini_reference(ctx: AdapterContext) -> GeminiReferenceAdapter:
    """The unmutated Gemini reader (the control of the mutant)."""
    return GeminiReferenceAdapter(ctx)


def contents_changed(ctx: AdapterContext) -> GeminiReferenceAdapter:
    """request.continuation broken: the continuation request carries the token with other contents."""
    return _MutantAdapter(ctx)


def continued(scenario: Scenario) -> bool:
    """The scenarios this reader is run on: those whose turn 1 has a Gemini continuation hop."""
    try:
        return continuation_of(scenario) is not None
    except DialectError:
        return False

MUTANTS: list[Mutant] = [
    Mutant("gemini.continuation-contents-changed", "over Gemini: the continuation request sends the token with "
           "the conversation plus a 'Continue.' turn", contents_changed, {"request.continuation"}, "gemini",
           dialects=["gemini"], only=continued),
]
