"""Shared by the pydantic-ai reproducers of every model: a local server answering every POST with canned SSE
bytes, and one RunAgentInput posted to pydantic-ai's AG-UI endpoint (``AGUIAdapter.dispatch_request``) over a
model built on that server's URL. No conformance suite involved; each wire's own module builds its events."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from _canned_server import canned_server
from pydantic_ai import Agent
from pydantic_ai.models import Model
from pydantic_ai.ui.ag_ui import AGUIAdapter
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient


def agui_events(model_on: Callable[[str], Model], payload: bytes, tools: list[dict[str, Any]] | None = None,
                prompt: str = "Hi") -> list[dict[str, Any]]:
    """The AG-UI events of one run of an ``Agent`` on ``model_on(base_url)`` whose provider answers ``payload``."""
    run_input = {"threadId": "t", "runId": "r", "state": {}, "tools": tools or [], "context": [],
                 "forwardedProps": {}, "messages": [{"id": "m", "role": "user", "content": prompt}]}
    with canned_server(payload) as base_url:
        agent = Agent(model_on(base_url))

        async def run(request: Request) -> Response:
            return await AGUIAdapter.dispatch_request(request, agent=agent, include_usage=True)

        app = Starlette(routes=[Route("/agui", run, methods=["POST"])])
        text = TestClient(app).post("/agui", json=run_input).text
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ")]


def sse(chunks: list[dict[str, Any]]) -> bytes:
    """Chat Completions chunks as an SSE body ending ``data: [DONE]``."""
    return b"".join(b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks) + b"data: [DONE]\n\n"


def call(index: int, args: str, call_id: str | None = None, name: str = "get_weather") -> dict[str, Any]:
    """A Chat Completions delta with one tool-call fragment (id and name only when ``call_id`` is given)."""
    head = {"id": call_id, "type": "function"} if call_id else {}
    function = {"name": name, "arguments": args} if call_id else {"arguments": args}
    return {"tool_calls": [{"index": index, **head, "function": function}]}


def tool(name: str) -> list[dict[str, Any]]:
    """One AG-UI frontend tool."""
    return [{"name": name, "description": name, "parameters": {"type": "object",
                                                             "properties": {"city": {"type": "string"},
                                                                            "path": {"type": "string"}}}}]


def args_after_end(events: list[dict[str, Any]]) -> list[str]:
    """The calls whose TOOL_CALL_ARGS come after their TOOL_CALL_END (a client appends them to a closed call)."""
    ended: set[str] = set()
    late = []
    for e in events:
        if e["type"] == "TOOL_CALL_END":
            ended.add(e["toolCallId"])
        elif e["type"] == "TOOL_CALL_ARGS" and e["toolCallId"] in ended:
            late.append(e["toolCallId"])
    return late


def text_after_end(events: list[dict[str, Any]]) -> list[str]:
    """The TEXT_MESSAGE_CONTENT deltas that come after their message's TEXT_MESSAGE_END."""
    ended: set[str] = set()
    late = []
    for e in events:
        if e["type"] == "TEXT_MESSAGE_END":
            ended.add(e["messageId"])
        elif e["type"] == "TEXT_MESSAGE_CONTENT" and e["messageId"] in ended:
            late.append(e["delta"])
    return late


def calls_started_ended(events: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The ids of the calls the stream started and of those it ended, each sorted."""
    return (sorted(e["toolCallId"] for e in events if e["type"] == "TOOL_CALL_START"),
            sorted(e["toolCallId"] for e in events if e["type"] == "TOOL_CALL_END"))


Run = Callable[..., list[dict[str, Any]]]
Delta = Callable[..., dict[str, Any]]


def _continuation(index: int, args: str) -> dict[str, Any]:
    return call(index, args)


def index_reused(run: Run, chunk: Delta, ids: tuple[str, str] = ("call_w1", "call_w2"), opening: Delta = call,
                 continuing: Delta = _continuation) -> int:
    """D-index-reused on one model's wire: two calls that both say index 0, the second told apart by its new id.

    ``run`` plays the wire's chunks (built by ``chunk`` around ``opening``/``continuing`` deltas) through pydantic-ai's
    AG-UI endpoint. Returns the exit status: 1 while the stream does not start both calls. Example (a reproducer)::

        sys.exit(index_reused(deepseek_events, chunk))
    """
    events = run([chunk(opening(0, "", ids[0], "file_write")), chunk(continuing(0, '{"path":"hello.py"}')),
                  chunk(opening(0, "", ids[1], "file_write")), chunk(continuing(0, '{"path":"world.py"}')),
                  chunk(finish="tool_calls")], tools=tool("file_write"))
    started, ended = calls_started_ended(events)
    print("index-reused: started", started, "ended", ended)
    return 1 if started != sorted(ids) else 0


def interleave(run: Run, chunk: Delta, ids: tuple[str, str] = ("call_A", "call_B"), opening: Delta = call,
               continuing: Delta = _continuation) -> int:
    """D-interleave on one model's wire: two calls' fragments interleaved (index 0, 1, 0).

    Returns the exit status: 1 while a call's TOOL_CALL_ARGS come after its TOOL_CALL_END. Example::

        sys.exit(interleave(groq_events, chunk))
    """
    events = run([chunk(opening(0, "", ids[0])), chunk(opening(1, "", ids[1])), chunk(continuing(0, '{"city":')),
                  chunk(continuing(1, '{"city":"Berlin"}')), chunk(continuing(0, '"Paris"}')),
                  chunk(finish="tool_calls")], tools=tool("get_weather"))
    late = args_after_end(events)
    print("interleave: TOOL_CALL_ARGS after TOOL_CALL_END for", late)
    return 1 if late else 0


def zero_usage(run: Run, chunk: Delta, counts: tuple[str, ...] = ("cachedInputTokens", "reasoningTokens")) -> int:
    """D-zero-usage on a wire that sends usage in a last chunk of its own: cached and reasoning counts of 0.

    Returns the exit status: 1 while RUN_FINISHED.usage does not report each of ``counts`` as 0. Example::

        sys.exit(zero_usage(deepseek_events, chunk))
    """
    usage = {"prompt_tokens": 4, "completion_tokens": 2, "total_tokens": 6,
             "prompt_tokens_details": {"cached_tokens": 0}, "completion_tokens_details": {"reasoning_tokens": 0}}
    events = run([chunk({"role": "assistant", "content": "Done."}), chunk(finish="stop"),
                  {**chunk(), "choices": [], "usage": usage}])
    reported = next(e for e in events if e["type"] == "RUN_FINISHED").get("usage", [{}])[0]
    print("zero-usage: cached_tokens 0, reasoning_tokens 0 ->", json.dumps(reported))
    return 0 if all(reported.get(count) == 0 for count in counts) else 1


def leading_whitespace(run: Run, chunk: Delta) -> int:
    """D-leading-whitespace: an answer of whitespace only ('\\n  '), which a profile's
    ``ignore_streamed_leading_whitespace`` drops. Returns the exit status: 1 while the run does not finish with it.
    Example::

        sys.exit(leading_whitespace(moonshot_events, chunk))
    """
    events = run([chunk({"role": "assistant", "content": "\n"}), chunk({"content": "  "}), chunk(finish="stop")],
                 prompt="Say nothing.")
    text = "".join(e["delta"] for e in events if e["type"] == "TEXT_MESSAGE_CONTENT")
    terminal = [e for e in events if e["type"] in ("RUN_FINISHED", "RUN_ERROR")]
    print("leading-whitespace: answer '\\n  ' ->", json.dumps(text), terminal[-1]["type"] if terminal else None,
          terminal[-1].get("message", "") if terminal else "")
    return 0 if text == "\n  " and terminal and terminal[-1]["type"] == "RUN_FINISHED" else 1
