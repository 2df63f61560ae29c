"""Reproducer of two defects pinned in tests/data/agno-agui-anthropic.verdicts.json (agno's Claude model).

agno's ``Claude`` streams with the anthropic SDK's ``messages.stream`` helper and takes each tool call's input
from the block the helper accumulated (agno 3.1.10 agno/models/anthropic/claude.py:1163). The helper parses the
argument buffer after every ``input_json_delta`` with ``jiter.from_json(..., partial_mode=True)`` and keeps that
parse as the block's input (anthropic 2.14.0 anthropic/lib/streaming/_messages.py:509), with no strict parse at
``content_block_stop``:

* D-claude-partial-json: unparsable arguments become whatever a partial parse keeps: ``{"city":"Par`` -> ``{}``,
  ``{"city":"Paris"}{"city":"Rome"}`` -> ``{"city": "Paris"}``; the client runs a call the model never made.
* D-claude-tool-json-raise: arguments no partial parse accepts (``{"city": "Paris", "unit": }``) raise ValueError
  out of the stream (_messages.py:511): agno's run ends in RUN_ERROR and the call is lost.

No network: an httpx MockTransport serves the canned Anthropic stream. Run:
python examples/repro_anthropic_tool_json.py (exit 1: a defect is present).
"""

import json
import sys

import anthropic
import httpx2 as httpx  # the HTTP client the anthropic SDK 2.x is built on


def _sse(args_fragments: list[str]) -> bytes:
    events = [("message_start", {"type": "message_start", "message": {
        "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-x", "content": [],
        "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 0}}}),
        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {
            "type": "tool_use", "id": "call_1", "name": "get_weather", "input": {}}})]
    events += [("content_block_delta", {"type": "content_block_delta", "index": 0,
                                        "delta": {"type": "input_json_delta", "partial_json": f}})
               for f in args_fragments]
    events += [("content_block_stop", {"type": "content_block_stop", "index": 0}),
               ("message_delta", {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
                                  "usage": {"output_tokens": 5}}),
               ("message_stop", {"type": "message_stop"})]
    return "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in events).encode()


def tool_input(args_fragments: list[str]) -> object:
    """The input the SDK's stream helper hands on for one tool call streamed as ``args_fragments``."""
    body = _sse(args_fragments)
    transport = httpx.MockTransport(lambda _: httpx.Response(200, content=body,
                                                             headers={"content-type": "text/event-stream"}))
    client = anthropic.Anthropic(api_key="k", base_url="http://mock", http_client=httpx.Client(transport=transport))
    try:
        with client.messages.stream(model="claude-x", max_tokens=10,
                                    messages=[{"role": "user", "content": "Weather?"}]) as stream:
            for _ in stream:
                pass
            return stream.get_final_message().content[0].input  # type: ignore[union-attr]
    except ValueError as error:
        return f"raised ValueError: {str(error)[:60]}..."


present = False
for fragments in (['{"city":"Par'], ['{"city":"Paris"}', '{"city":"Rome"}'], ['{"city": "Paris", "unit": }']):
    got = tool_input(fragments)
    print(f"arguments {''.join(fragments)!r} -> {got!r}")
    present = present or not isinstance(got, str) or got.startswith("raised")
sys.exit(1 if present else 0)
