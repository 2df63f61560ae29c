"""Reference adapter over HTTP: OpenAI Chat Completions from the mock server -> AG-UI events.

The upstream is read with the official ``openai`` SDK (as ``@tanstack/openai-base`` does), turned
into V3 stream parts by :class:`OpenAIChatModel` (the ``@ai-sdk/openai-compatible`` mapping of
spec-reference 6.4, with the openai-base rules of 4.6 where the two differ: a stream that ends
without ``finish_reason`` finishes with an unknown reason instead of an error, unless the adapter
declares ``missing_finish: error``, and started calls are completed at the end), and then handled
by the same interpreter as the other references.

Example (needs a running mock server)::

    pytest --adapter=conformance.reference:openai_http --dialect=openai-chat
"""

from __future__ import annotations

import functools
import ssl
from collections.abc import AsyncGenerator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from conformance.contract import AdapterContext, Capabilities
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.core import js_stringify
from conformance.structured import STRUCTURED_TOOL_NAME, strict_json_schema

FINISH_MAP = {
    "stop": "stop",
    "length": "length",
    "content_filter": "content-filter",
    "tool_calls": "tool-calls",
    "function_call": "tool-calls",
}


@dataclass
class _Call:
    index: int
    seq: int = 0  # order of appearance: calls that reuse one index keep theirs
    id: str | None = None
    name: str | None = None
    args: str = ""
    started: bool = False
    pending: list[str] = field(default_factory=list)


class _PartStream:
    """The part stream; ``aclose`` closes the HTTP response even if iteration never started.

    (An async generator that was never started skips its ``finally`` on ``aclose``, which
    would leave the upstream connection open after an early abort.)
    """

    def __init__(self, gen: AsyncGenerator[dict[str, Any], None], sdk_stream: Any, client: Any) -> None:
        self._gen, self._sdk_stream, self._client = gen, sdk_stream, client

    def __aiter__(self) -> _PartStream:
        return self

    async def __anext__(self) -> dict[str, Any]:
        return await self._gen.__anext__()

    async def aclose(self) -> None:
        await self._gen.aclose()
        await self._sdk_stream.close()
        await self._client.close()


@dataclass
class StreamResult:
    stream: Any
    request: dict[str, Any] = field(default_factory=dict)
    response: dict[str, Any] = field(default_factory=dict)


def _messages(prompt: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """An AI SDK prompt -> Chat Completions messages (text, tool calls, tool results)."""
    out: list[dict[str, Any]] = []
    for msg in prompt:
        role, content = msg.get("role"), msg.get("content")
        if role == "system":
            out.append({"role": "system", "content": content if isinstance(content, str) else ""})
            continue
        parts = content if isinstance(content, list) else []
        text = "".join(p.get("text", "") for p in parts if isinstance(p, dict) and p.get("type") == "text")
        if role == "user":
            files = [p for p in parts if isinstance(p, dict) and p.get("type") == "file"]
            out.append({"role": "user", "content": _user_content(parts) if files else text})
        elif role == "assistant":
            calls = [
                {"id": p.get("toolCallId"), "type": "function",
                 "function": {"name": p.get("toolName"), "arguments": js_stringify(p.get("input", {}))}}
                for p in parts if isinstance(p, dict) and p.get("type") == "tool-call"
            ]
            entry: dict[str, Any] = {"role": "assistant", "content": text or None}
            if calls:
                entry["tool_calls"] = calls
            out.append(entry)
        elif role == "tool":
            for p in parts:
                if isinstance(p, dict) and p.get("type") == "tool-result":
                    value = (p.get("output") or {}).get("value")
                    out.append({"role": "tool", "tool_call_id": p.get("toolCallId"),
                                "content": value if isinstance(value, str) else js_stringify(value)})
    return out


def _tool_choice(choice: Any) -> Any:
    """AI SDK ``toolChoice`` -> Chat Completions ``tool_choice`` (None: not sent)."""
    if not isinstance(choice, dict):
        return None
    if choice.get("type") == "tool":
        return {"type": "function", "function": {"name": choice.get("toolName")}}
    return choice.get("type") if choice.get("type") in ("auto", "none", "required") else None


def _user_content(parts: list[Any]) -> list[dict[str, Any]]:
    """User parts with files -> Chat Completions content parts, as ``@ai-sdk/openai-compatible``
    2.0.87 ``convertToOpenAICompatibleChatMessages``: images as ``image_url`` (a data URL for inline
    data; ``image/*`` read as ``image/jpeg``), inline wav/mp3 audio as ``input_audio``, inline PDFs as
    ``file{filename ('document.pdf'), file_data}``; anything else raises (the request is not sent)."""
    out: list[dict[str, Any]] = []
    for p in parts:
        if not isinstance(p, dict):
            continue
        if p.get("type") == "text":
            out.append({"type": "text", "text": p.get("text", "")})
            continue
        media, data = str(p.get("mediaType") or ""), p.get("data")
        is_url = isinstance(data, str) and data.startswith(("http://", "https://"))
        if media.startswith("image/"):
            shown = "image/jpeg" if media == "image/*" else media
            out.append({"type": "image_url", "image_url": {"url": data if is_url else f"data:{shown};base64,{data}"}})
        elif media in ("audio/wav", "audio/mp3", "audio/mpeg") and not is_url:
            out.append({"type": "input_audio",
                        "input_audio": {"data": data, "format": "wav" if media == "audio/wav" else "mp3"}})
        elif media == "application/pdf" and not is_url:
            out.append({"type": "file", "file": {"filename": p.get("filename") or "document.pdf",
                                                 "file_data": f"data:application/pdf;base64,{data}"}})
        else:
            raise ValueError(f"file part media type {media or '(none)'!r} is not supported by Chat Completions"
                             + (" as a URL" if is_url else ""))
    return out


_LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


@functools.lru_cache(maxsize=2)
def _tls_context(secure: bool) -> ssl.SSLContext:
    """One TLS context per process and kind. ``secure``: the system's CA store (loading it takes about
    20 ms, and took a third of each case's time when every model call built one). For an ``http://``
    upstream no handshake ever happens, so it gets a context without that load; it trusts no
    certificate at all, so a redirect to ``https://`` would fail rather than go unverified.

    >>> _tls_context(False) is _tls_context(False), _tls_context(False).verify_mode == ssl.CERT_REQUIRED
    (True, True)
    """
    return ssl.create_default_context() if secure else ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)


def _http_client(base_url: str) -> Any:
    """A fresh httpx client for one model call (closed with it), sharing the process's TLS context.

    A client is bound to the event loop it first ran on, and each case may run on a loop of its own,
    so none is kept across calls; building one costs about 0.1 ms with the shared context. On a
    loopback upstream the environment's proxy settings are not read: a proxy cannot reach the
    local mock server, and reading them took half of the client's construction.

    >>> _http_client("http://127.0.0.1:1/v1")._trust_env
    False
    """
    from openai import DefaultAsyncHttpxClient

    url = urlsplit(base_url)
    return DefaultAsyncHttpxClient(verify=_tls_context(url.scheme != "http"),
                                   trust_env=url.hostname not in _LOOPBACK_HOSTS)


class OpenAIChatModel:
    """A V3 ``LanguageModel`` view of an OpenAI-compatible endpoint, read with the ``openai`` SDK.

    >>> m = OpenAIChatModel("http://127.0.0.1:1/v1", "scenario:text.basic.001")
    >>> m.specification_version, m.model_id
    ('v3', 'scenario:text.basic.001')
    """

    specification_version = "v3"
    provider = "openai-compatible"

    def __init__(self, base_url: str, model_id: str, headers: dict[str, str] | None = None,
                 finish_when_missing: bool = True) -> None:
        self.base_url, self.model_id, self.headers = base_url, model_id, dict(headers or {})
        # False: a stream with no finish_reason yields no finish part (POLICY missing_finish 'error').
        self.finish_when_missing = finish_when_missing

    def response_format(self, fmt: dict[str, Any]) -> dict[str, Any]:
        """structured.native / structured.strict-schema (4.6): ``json_schema`` with the strict-mode
        schema; ``oneOf`` raises here, before any request is sent (the interpreter reports RUN_ERROR).

        >>> OpenAIChatModel("u", "m").response_format({"type": "json", "schema": {"type": "string"}})["json_schema"]
        {'name': 'structured_output', 'schema': {'type': 'string'}, 'strict': True}
        """
        return {"type": "json_schema", "json_schema": {
            "name": fmt.get("name") or STRUCTURED_TOOL_NAME, "schema": strict_json_schema(fmt["schema"]),
            "strict": True}}

    def delta_texts(self, delta: Any) -> tuple[str | None, str | None, bool]:
        """How a delta is read (:func:`_delta_texts`); a method so a mutant can misread one field.

        >>> from types import SimpleNamespace
        >>> OpenAIChatModel("u", "m").delta_texts(SimpleNamespace(content=None, refusal="No.", model_extra={}))
        (None, 'No.', True)
        """
        return _delta_texts(delta)

    async def do_stream(self, options: dict[str, Any]) -> StreamResult:
        from openai import AsyncOpenAI

        tools = [{"type": "function", "function": {"name": t["name"], "description": t.get("description", ""),
                                                   "parameters": t.get("inputSchema", {"type": "object"})}}
                 for t in options.get("tools") or []]
        kwargs: dict[str, Any] = {"model": self.model_id, "messages": _messages(options.get("prompt") or []),
                                  "stream": True, "stream_options": {"include_usage": True}}
        if tools:
            kwargs["tools"] = tools
        choice = _tool_choice(options.get("toolChoice"))
        if choice is not None:
            kwargs["tool_choice"] = choice
        fmt = options.get("responseFormat")
        if isinstance(fmt, dict) and fmt.get("type") == "json" and isinstance(fmt.get("schema"), dict):
            kwargs["response_format"] = self.response_format(fmt)
        # The request is built first (it may raise); then the client. No retries: a scripted 429
        # must reach the adapter once, not after backoff sleeps.
        client = AsyncOpenAI(base_url=self.base_url, api_key="mock-key", max_retries=0,
                             default_headers=self.headers, http_client=_http_client(self.base_url))
        try:
            sdk_stream = await client.chat.completions.create(**kwargs)
        except BaseException:
            await client.close()  # on this loop, before it ends (not at garbage collection)
            raise
        return StreamResult(stream=_PartStream(self._parts(sdk_stream, client), sdk_stream, client),
                            request={"body": kwargs})

    async def _parts(self, sdk_stream: Any, client: Any) -> AsyncGenerator[dict[str, Any], None]:
        calls: dict[int, _Call] = {}  # the open call of each index
        seen: list[_Call] = []  # every call, also one a reused index replaced
        text_open = reasoning_open = False
        finish: str | None = None
        raw_finish: str | None = None
        usage: dict[str, Any] | None = None
        first = True
        refused = False
        try:
            yield {"type": "stream-start", "warnings": []}
            async for chunk in sdk_stream:
                if first:
                    first = False
                    yield {"type": "response-metadata", "id": chunk.id, "modelId": chunk.model}
                if chunk.usage is not None:
                    usage = chunk.usage.model_dump()
                for choice in chunk.choices:
                    delta = choice.delta
                    reasoning, content, refusal = self.delta_texts(delta)
                    if reasoning:
                        if text_open:
                            text_open = False
                            yield {"type": "text-end", "id": "txt-0"}
                        if not reasoning_open:
                            reasoning_open = True
                            yield {"type": "reasoning-start", "id": "reasoning-0"}
                        yield {"type": "reasoning-delta", "id": "reasoning-0", "delta": reasoning}
                    refused = refused or refusal
                    if content:
                        if reasoning_open:
                            reasoning_open = False
                            yield {"type": "reasoning-end", "id": "reasoning-0"}
                        if not text_open:
                            text_open = True
                            yield {"type": "text-start", "id": "txt-0"}
                        yield {"type": "text-delta", "id": "txt-0", "delta": content}
                    for tc in delta.tool_calls or []:
                        for part in self._tool_delta(calls, seen, tc):
                            yield part
                    if choice.finish_reason is not None:
                        raw_finish = choice.finish_reason
                        finish = FINISH_MAP.get(choice.finish_reason, "other")
                        if refused and finish == "stop":
                            finish = "content-filter"
            if reasoning_open:
                yield {"type": "reasoning-end", "id": "reasoning-0"}
            if text_open:
                yield {"type": "text-end", "id": "txt-0"}
            for call in sorted(seen, key=lambda c: (c.index, c.seq)):
                if call.started:
                    yield {"type": "tool-input-end", "id": call.id}
                    yield {"type": "tool-call", "toolCallId": call.id, "toolName": call.name, "input": call.args}
            if finish is None and not self.finish_when_missing:
                return  # truncated: the interpreter's missing_finish policy decides (row 19)
            # openai-base (4.6): a stream without finish_reason still finishes ('other' -> policy).
            yield {"type": "finish", "finishReason": {"unified": finish or "other", "raw": raw_finish},
                   "usage": _usage(usage)}
        finally:
            await sdk_stream.close()  # cancels the HTTP body read: the server logs the early leave
            await client.close()

    @staticmethod
    def _tool_delta(calls: dict[int, _Call], seen: list[_Call], tc: Any) -> list[dict[str, Any]]:
        call = calls.get(tc.index)
        if call is None or (tc.id and call.id and tc.id != call.id):
            # A new id on an index in use is a new call (Ollama says index 0 for every call;
            # vercel/ai pull request 14277): never merge its arguments into the previous call's.
            call = calls[tc.index] = _Call(index=tc.index, seq=len(seen))
            seen.append(call)
        out: list[dict[str, Any]] = []
        if tc.id:
            call.id = call.id or tc.id
        fn = tc.function
        if fn is not None and fn.name:
            call.name = call.name or fn.name
        fragment = (fn.arguments if fn is not None else None) or ""
        if not call.started and call.id and call.name:
            call.started = True
            out.append({"type": "tool-input-start", "id": call.id, "toolName": call.name})
            for held in call.pending:
                out.append({"type": "tool-input-delta", "id": call.id, "delta": held})
            call.pending.clear()
        if fragment:
            call.args += fragment
            if call.started:
                out.append({"type": "tool-input-delta", "id": call.id, "delta": fragment})
            else:
                call.pending.append(fragment)  # fragments before id+name are buffered (openai-compatible 2.0.87)
        return out


def _usage(usage: dict[str, Any] | None) -> dict[str, Any]:
    """OpenAI usage -> V3 nested usage (spec-reference 6.4); all undefined when there was none."""
    if not usage:
        return {"inputTokens": {}, "outputTokens": {}}
    cached = (usage.get("prompt_tokens_details") or {}).get("cached_tokens")
    reasoning = (usage.get("completion_tokens_details") or {}).get("reasoning_tokens")
    return {
        "inputTokens": {k: v for k, v in {"total": usage.get("prompt_tokens"), "cacheRead": cached}.items()
                        if v is not None},
        "outputTokens": {k: v for k, v in {"total": usage.get("completion_tokens"), "reasoning": reasoning}.items()
                         if v is not None},
    }


class OpenAIHttpReferenceAdapter(AguiReferenceAdapter):
    """AG-UI out, OpenAI Chat Completions over HTTP in."""

    NAME = "reference-openai-http"

    def __init__(self, ctx: AdapterContext | None = None, **kwargs: Any) -> None:
        super().__init__(ctx, **kwargs)
        self.capabilities = Capabilities(
            name=self.NAME,
            inputs=["openai-chat"],
            output="ag-ui",
            # Chat Completions carries no provider-executed results or approvals.
            features={"tools", "parallel_tools", "reasoning", "abort", "structured_output", "multimodal",
                      "server_tools", "retries"},
            policies=self.capabilities.policies,
        )
        if ctx is not None and ctx.base_url:
            self.ctx = AdapterContext(
                dialect="v3",
                model=OpenAIChatModel(ctx.base_url.rstrip("/") + "/v1", ctx.model_id or "", ctx.extra.get("headers"),
                                      finish_when_missing=not self.missing_finish_is_error()),
                scenario_id=ctx.scenario_id, time_scale=ctx.time_scale, request_log=ctx.request_log,
                base_url=ctx.base_url, model_id=ctx.model_id, extra=ctx.extra, model_info=ctx.model_info,
            )
            self.dialect = "v3"


def _delta_texts(delta: Any) -> tuple[str | None, str | None, bool]:
    """A Chat Completions delta's reasoning, its text, and whether that text is a refusal.

    Reasoning is ``reasoning_content`` (DeepSeek, vLLM) or ``reasoning`` (OpenRouter, Ollama), as
    @ai-sdk/openai-compatible 3.0.92 reads either. A refusal streams in ``delta.refusal``: it is shown
    as text, and the turn's 'stop' is read as content-filter (@ai-sdk/openai 4.0.118's reading).
    """
    extra = delta.model_extra or {}
    reasoning = getattr(delta, "reasoning_content", None) or extra.get("reasoning_content") or extra.get("reasoning")
    refusal = getattr(delta, "refusal", None)
    return reasoning, delta.content or refusal, bool(refusal)
