"""Where a scenario played on the ``anthropic`` wire leaves the Messages API's stream contract.

The wire plays some scripts the API itself never sends, because the Messages event format can carry
them and their clients' robustness is worth grading. What an adapter makes of such a stream is not
specified, so the grader scopes those cases to the robustness rows, as it does for a scenario marked
``contract`` (:func:`outside_contract`, read through ``Dialect.contract_break``). Two such inputs:

* **Blocks that interleave.** The API streams "a series of content blocks, each of which have a
  ``content_block_start`` event, one or more ``content_block_delta`` events, and a ``content_block_stop``
  event" (Anthropic, "Streaming Messages", event flow): one block at a time. Both SDK accumulators
  read every delta by the ``index`` it names (anthropic 2.14.0 lib/streaming/_messages.py:496
  ``current_snapshot.content[event.index]``; @anthropic-ai/sdk 0.97.1 lib/MessageStream.js:470
  ``snapshot.content.at(event.index)``), so an interleaved stream is readable, which is why it is played
  (robustness) and not NOT-EXPRESSIBLE; but nothing published says the API sends one.
* **Tool input text that is no JSON object**, on a tool that did not ask for fine-grained streaming.
  ``ToolUseBlock.input`` is ``Dict[str, object]`` (anthropic 2.14.0 types/tool_use_block.py:21; the
  TypeScript SDK types it ``unknown``), and without fine-grained streaming the API buffers a
  parameter to validate it as JSON before it streams it. Only fine-grained tool streaming, opted into
  per tool with ``eager_input_streaming: true`` (anthropic 2.14.0 types/tool_param.py:67), "sends
  parameters without buffering or JSON validation, there is no guarantee that the resulting stream will
  complete in a valid JSON string" (Anthropic, "Fine-grained tool streaming"). So a truncated or merged
  input is in the contract exactly when the request's tool set ``eager_input_streaming`` (what
  @ai-sdk/anthropic 3.0.140 and 4.0.105 send by default when streaming, dist/index.js ``toolStreaming``
  default true), and outside it otherwise (the anthropic Python SDK and agno send no such flag). The
  older beta header ``fine-grained-tool-streaming-2025-05-14`` is not in the run record, so a request
  that opts in only through it is read as not opted in.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> corpus = {s.id: s for s in load_corpus()}
    >>> outside_contract(corpus["text.basic.001"]) is None
    True
    >>> outside_contract(corpus["tool.interleave.002"])[:46]
    'content block 1 starts while block 0 is open: '
    >>> outside_contract(corpus["tool.malformed.001"])[:15]
    'tool_use input '

    >>> tools = [{"name": "get_weather", "eager_input_streaming": True}]
    >>> outside_contract(corpus["tool.malformed.001"], [{"tools": tools}]) is None
    True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from mock_provider.dialects.base import DialectError
from mock_provider.scenario import RawBytesFault, Scenario

# The blocks whose input is an object by type (ToolUseBlock, ServerToolUseBlock: Dict[str, object]).
_INPUT_BLOCKS = ("tool_use", "server_tool_use")


def eager_tools(requests: Sequence[Any]) -> set[str]:
    """Names of the tools a request opted into fine-grained streaming for (``eager_input_streaming: true``).

    >>> sorted(eager_tools([{"tools": [{"name": "a", "eager_input_streaming": True}, {"name": "b"}]}, None]))
    ['a']
    """
    out: set[str] = set()
    for body in requests:
        tools = body.get("tools") if isinstance(body, Mapping) else None
        for tool in tools if isinstance(tools, list) else []:
            if isinstance(tool, Mapping) and tool.get("eager_input_streaming") is True:
                out.add(str(tool.get("name")))
    return out


def _is_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text or "{}"), dict)
    except ValueError:
        return False


def events_break(events: Sequence[Mapping[str, Any]], eager: set[str]) -> str | None:
    """Why a stream of Messages event dicts is one the API never sends, or None.

    >>> start = {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "name": "t"}}
    >>> delta = {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": "{"}}
    >>> events_break([start, delta, {"type": "content_block_stop", "index": 0}], set())[:24]
    "tool_use input '{' is no"
    >>> events_break([start, delta, {"type": "content_block_stop", "index": 0}], {"t"}) is None
    True
    """
    open_blocks: dict[int, Mapping[str, Any]] = {}
    inputs: dict[int, str] = {}
    for event in events:
        kind, index = event.get("type"), event.get("index")
        if kind == "content_block_start" and isinstance(index, int):
            if open_blocks:
                return (f"content block {index} starts while block {min(open_blocks)} is open: the Messages API "
                        "streams one content block at a time (start, deltas, stop)")
            open_blocks[index] = event.get("content_block") or {}
            inputs[index] = ""
        elif kind == "content_block_delta" and isinstance(index, int):
            delta = event.get("delta") or {}
            if delta.get("type") == "input_json_delta":
                inputs[index] = inputs.get(index, "") + str(delta.get("partial_json", ""))
        elif kind == "content_block_stop" and isinstance(index, int):
            block = open_blocks.pop(index, {})
            name = str(block.get("name"))
            eager_call = block.get("type") == "tool_use" and name in eager
            if block.get("type") in _INPUT_BLOCKS and not eager_call and not _is_object(inputs[index]):
                return (f"{block.get('type')} input {inputs[index][:40]!r} is no JSON object, and tool {name!r} "
                        "was not asked for fine-grained streaming (eager_input_streaming): the API validates the "
                        "input JSON before it streams it")
    return None


def outside_contract(scenario: Scenario, requests: Sequence[Any] = ()) -> str | None:
    """Why this scenario, played on the anthropic wire to these request bodies, is a stream the Messages API
    never sends (graded on the robustness rows only), or None (also when the wire cannot play it at all:
    that is NOT-EXPRESSIBLE, decided elsewhere)."""
    from mock_provider.wires.anthropic import make_encoder
    from mock_provider.wires.plan import encode_steps

    eager = eager_tools(requests)
    for turn in range(1, scenario.turn_count() + 1):
        played = scenario.for_turn(turn)
        try:
            steps = encode_steps(played, make_encoder(played, {"stream": True}))
        except DialectError:
            return None
        why = events_break([e for step in steps for e in step], eager)
        if why is not None:
            return why if scenario.turn_count() == 1 else f"turn {turn}: {why}"
    return None


def unnamed_raw_bytes(scenario: Scenario) -> str | None:
    """Why a ``raw_bytes`` fault of the script is no frame on the anthropic wire, or None.

    An Anthropic client reads an SSE frame only by its ``event:`` name: anthropic 2.14.0
    ``_streaming.py:96-97`` skips a frame whose event is None, @anthropic-ai/sdk 0.97.1
    ``core/streaming.js:44`` matches named events only. Bytes with no ``event:`` line (a Chat Completions
    ``data:`` frame) are therefore skipped, and what the client reads is a stream that just stops: the
    input of ``finish.missing.*`` (row 8.1.19), not the unparsable frame the fault means (8.1.17). So the
    case is NOT-EXPRESSIBLE here rather than graded as the error it would be on another wire.

    >>> from mock_provider.scenario import load_corpus
    >>> "no 'event:' line" in unnamed_raw_bytes(next(s for s in load_corpus() if s.id == "fault.raw-bytes.001"))
    True
    """
    for step in scenario.script:
        fault = step.fault
        if isinstance(fault, RawBytesFault) and not any(
                line.startswith("event:") for line in fault.data.splitlines()):
            return (f"raw bytes {fault.data[:20]!r} hold no 'event:' line, and both Anthropic SDKs skip a frame "
                    "without one (anthropic 2.14.0 _streaming.py:96-97, @anthropic-ai/sdk 0.97.1 "
                    "core/streaming.js:44): the client would read a stream that just stops, not a malformed frame")
    return None
