"""A complete, small AG-UI adapter for AI SDK V3/V4 stream parts: the adapter contract in one file.

Run the suite on it (from the repository root)::

    pytest --adapter=examples.minimal_adapter:factory

It declares what it supports (text and tools, no reasoning, no provider-executed tools), so
cases that need more are UNSUPPORTED, not failures.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

from conformance.contract import AdapterContext, Capabilities, Policies, RunRequest
from mock_provider.abort import AbortError

FINISH = {"stop": "stop", "length": "length", "content-filter": "content_filter"}


def agui_usage(u: dict[str, Any]) -> dict[str, Any] | None:
    """V3/V4 nested usage -> AG-UI TokenUsage (spec-reference 8.3): no total upstream, so sum it."""
    inp, out = u.get("inputTokens") or {}, u.get("outputTokens") or {}
    if inp.get("total") is None and out.get("total") is None:
        return None  # POLICY 'omit': no usage rather than fake zeros
    usage = {"inputTokens": inp.get("total") or 0, "outputTokens": out.get("total") or 0}
    usage["totalTokens"] = usage["inputTokens"] + usage["outputTokens"]
    for key, value in (("reasoningTokens", out.get("reasoning")), ("cachedInputTokens", inp.get("cacheRead")),
                       ("cacheWriteInputTokens", inp.get("cacheWrite"))):
        if value is not None:
            usage[key] = value
    return usage


def to_prompt(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """TanStack-style messages -> the AI SDK prompt (spec-reference 1.7): one message array."""
    prompt: list[dict[str, Any]] = []
    names: dict[str, str] = {}  # tool call id -> tool name, for the results
    for m in messages:
        content = m.get("content")
        if m["role"] == "system":
            prompt.append({"role": "system", "content": str(content or "")})
        elif m["role"] == "user":
            parts = content if isinstance(content, list) else [{"type": "text", "content": content or ""}]
            prompt.append({"role": "user", "content": [{"type": "text", "text": p.get("content", "")}
                                                       for p in parts if p.get("type") == "text"]})
        elif m["role"] == "assistant":
            text = [{"type": "text", "text": content}] if isinstance(content, str) and content else []
            for tc in m.get("tool_calls") or []:
                names[tc["id"]] = tc["function"]["name"]
                text.append({"type": "tool-call", "toolCallId": tc["id"], "toolName": tc["function"]["name"],
                             "input": json.loads(tc["function"]["arguments"] or "{}")})
            prompt.append({"role": "assistant", "content": text})
        elif m["role"] == "tool":
            try:
                output = {"type": "json", "value": json.loads(content)}
            except (TypeError, ValueError):
                output = {"type": "text", "value": str(content)}
            call_id = m.get("tool_call_id", "")
            prompt.append({"role": "tool", "content": [{"type": "tool-result", "toolCallId": call_id,
                                                        "toolName": names.get(call_id, ""), "output": output}]})
    return prompt


def run_error(message: str, model_id: str | None, code: Any = None) -> dict[str, Any]:
    """A RUN_ERROR with the upstream's error code and the model that answered (rows hygiene.error-code, 8.1.2)."""
    event: dict[str, Any] = {"type": "RUN_ERROR", "message": message, "metadata": {"tanstack": {"model": model_id}}}
    if code is not None:
        event["code"] = str(code)
    return event


class MinimalAdapter:
    capabilities = Capabilities(
        name="minimal-example",
        inputs=["v3", "v4"],
        output="ag-ui",
        features={"tools", "parallel_tools", "abort"},
        policies=Policies(),  # raw malformed args, omit missing usage, silent abort, 'stop' default
    )

    def __init__(self, ctx: AdapterContext) -> None:
        self.model = ctx.model

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        run = {"threadId": request.thread_id, "runId": request.run_id}
        yield {"type": "RUN_STARTED", **run}
        tools = [{"type": "function", "name": t["name"], "description": t["description"],
                  "inputSchema": t["input_schema"]} for t in request.tools]
        options = {"prompt": to_prompt(request.messages), "tools": tools, "abort_signal": request.abort}
        try:
            result = await self.model.do_stream(options)
        except Exception as exc:  # row 21: report, never throw
            yield {"type": "RUN_ERROR", "message": str(exc), "code": str(getattr(exc, "status_code", "")) or None}
            return
        text_id: str | None = None
        messages = 0
        calls: dict[str, dict[str, Any]] = {}  # id -> {name, args, ended}
        finish: str | None = None
        usage: dict[str, Any] | None = None
        model_id = request.model
        try:
            async for part in result.stream:
                if request.abort.aborted:
                    return  # silent abort: nothing more
                kind = part.get("type")
                if kind == "response-metadata" and part.get("modelId"):
                    model_id = part["modelId"]
                elif kind == "text-delta" and part["delta"]:
                    if text_id is None:
                        messages += 1
                        text_id = f"msg-{messages}"
                        yield {"type": "TEXT_MESSAGE_START", "messageId": text_id, "role": "assistant"}
                    yield {"type": "TEXT_MESSAGE_CONTENT", "messageId": text_id, "delta": part["delta"]}
                elif kind in ("tool-input-start", "tool-call"):
                    if text_id is not None:  # text after a tool call is a new message
                        yield {"type": "TEXT_MESSAGE_END", "messageId": text_id}
                        text_id = None
                    cid = part.get("id") or part["toolCallId"]
                    if cid not in calls:
                        calls[cid] = {"name": part["toolName"], "args": "", "ended": False}
                        yield {"type": "TOOL_CALL_START", "toolCallId": cid, "toolCallName": part["toolName"]}
                    if kind == "tool-call" and not calls[cid]["ended"]:
                        if not calls[cid]["args"] and part["input"]:  # atomic call: all args at once
                            yield {"type": "TOOL_CALL_ARGS", "toolCallId": cid, "delta": part["input"]}
                        calls[cid]["ended"] = True  # arguments are complete only now (row 12)
                        yield {"type": "TOOL_CALL_END", "toolCallId": cid}
                elif kind == "tool-input-delta" and part["delta"]:
                    calls[part["id"]]["args"] += part["delta"]
                    yield {"type": "TOOL_CALL_ARGS", "toolCallId": part["id"], "delta": part["delta"]}
                elif kind == "error":
                    err = part["error"]
                    message = err.get("message", json.dumps(err)) if isinstance(err, dict) else str(err)
                    code = err.get("code") if isinstance(err, dict) else None
                    yield run_error(message, model_id, code)
                    return  # row 17: the first error is fatal; nothing follows it
                elif kind == "finish":
                    finish = part["finishReason"]["unified"]  # V3/V4: read .unified, never the object
                    usage = agui_usage(part.get("usage") or {})
        except AbortError:
            return
        except Exception as exc:  # a dropped connection mid-stream
            yield run_error(str(exc), model_id)
            return
        if finish == "error":
            yield run_error("upstream finished with an error", model_id)
            return
        for cid, call in calls.items():  # close what is still open (rows 18, 19)
            if not call["ended"]:
                yield {"type": "TOOL_CALL_END", "toolCallId": cid}
        if text_id is not None:
            yield {"type": "TEXT_MESSAGE_END", "messageId": text_id}
        completed = any(c["ended"] for c in calls.values())
        reason = "tool_calls" if completed else FINISH.get(finish or "", "stop")
        done: dict[str, Any] = {"type": "RUN_FINISHED", **run,
                                "metadata": {"tanstack": {"finishReason": reason, "model": model_id}}}
        if usage:
            done["usage"] = [usage]
        yield done


def factory(ctx: AdapterContext) -> MinimalAdapter:
    return MinimalAdapter(ctx)
