"""A completed tool call as its consumer holds it: the argument text parsed as ``JSON.parse`` reads it,
and the final input a call's end may carry in its place.

Example:
    >>> tool_call_record("c1", "f", '{"a":1}', None, False).args
    {'a': 1}
"""

from __future__ import annotations

import json
from typing import Any

from mock_provider.transcript import ToolCallRecord


def _reject_constant(name: str) -> Any:
    raise ValueError(name)  # JSON.parse does not accept NaN/Infinity, so neither do we


def parse_json(text: str) -> tuple[bool, Any]:
    """``(True, value)`` when ``text`` is JSON as ``JSON.parse`` reads it, else ``(False, None)``.

    >>> parse_json('{"a": 1}'), parse_json("{bad"), parse_json("NaN")
    ((True, {'a': 1}), (False, None), (False, None))
    """
    try:
        return True, json.loads(text, parse_constant=_reject_constant)
    except (ValueError, RecursionError):
        return False, None


def tool_call_record(
    call_id: str, name: str, args_text: str, fallback_input: Any, provider_executed: bool
) -> ToolCallRecord:
    """The consumer's view of one completed call (AI SDK ``parseToolCall``: ``""`` means ``{}``).

    A malformed call's ``args`` is the input the consumer holds for it: ``fallback_input`` when the
    call's end carried one (it replaces the text), else the raw text itself (nothing replaced it).

    >>> tool_call_record("c1", "f", "", None, False).args
    {}
    >>> r = tool_call_record("c1", "f", '{"a":', {"a": 1}, False)
    >>> r.args, r.malformed
    ({'a': 1}, True)
    >>> tool_call_record("c1", "f", '{"a":', None, False).args
    '{"a":'
    """
    if args_text == "":
        return ToolCallRecord(
            id=call_id, name=name, args={}, args_text="", provider_executed=provider_executed
        )
    ok, value = parse_json(args_text)
    return ToolCallRecord(
        id=call_id,
        name=name,
        args=value if ok else (args_text if fallback_input is None else fallback_input),
        args_text=args_text,
        malformed=not ok,
        provider_executed=provider_executed,
    )


def engine_input(value: Any) -> Any:
    """The arguments TanStack's engine runs a call with once its ``TOOL_CALL_END`` carries ``input``.

    ``ToolCallManager.completeToolCall`` (@tanstack/ai 0.58.0,
    dist/esm/activities/chat/tools/tool-calls.js:133-139) replaces the streamed argument text with
    ``JSON.stringify(input && typeof input === 'object' ? input : {})``: a defined input wins over the
    deltas, and a non-object one becomes ``{}``. ``None`` means no input (the streamed text stands).

    >>> engine_input({"a": 1}), engine_input('{"a":'), engine_input(None)
    ({'a': 1}, {}, None)
    """
    if value is None:
        return None
    return value if isinstance(value, (dict, list)) else {}


# AG-UI and TanStack's TOOL_CALL_START/_CHUNK; the UI message stream's tool chunks.
NAME_KEYS = ("toolCallName", "toolName")


def shown_names(events: list[Any]) -> dict[str, str]:
    """The name each call id is first shown under, complete or not (a chat shows an open call by name).

    Read from the first event that carries the call id and a tool name: AG-UI and TanStack's
    TOOL_CALL_START and TOOL_CALL_CHUNK, the UI message stream's tool-input-start/-available/-error.
    (A legacy tool_call chunk is always complete: its name is compared with the transcript.)

    >>> shown_names([{"type": "TOOL_CALL_START", "toolCallId": "c1", "toolCallName": "f"},
    ...              {"type": "tool-input-start", "toolCallId": "c2", "toolName": "g"},
    ...              {"type": "TOOL_CALL_START", "toolCallId": "c1", "toolCallName": "h"}])
    {'c1': 'f', 'c2': 'g'}
    """
    out: dict[str, str] = {}
    for event in events:
        if not isinstance(event, dict) or not isinstance(event.get("toolCallId"), str):
            continue
        name = next((event[k] for k in NAME_KEYS if isinstance(event.get(k), str)), None)
        if name is not None:
            out.setdefault(event["toolCallId"], name)
    return out
