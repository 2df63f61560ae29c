"""Hypothesis strategy for raw UI message streams: chunks drawn for what the reader does with them.

Not adapter output: streams that exercise every branch of ``processUIMessageStream`` (parts opened,
fed, ended out of order, tool calls streamed as split JSON text or garbage, outputs, approvals,
steps, resets, a second ``start``, data parts, metadata merges, in-band errors), for
``tests/test_ui_stream_oracle.py`` to read with our port and with ``ai``'s own reader.

Example:
    >>> from hypothesis import find
    >>> events = find(ui_streams(), lambda e: any(c["type"] == "tool-input-delta" for c in e))
    >>> [c["type"] for c in events]  # the smallest: a delta with no call open (the reader throws at it)
    ['tool-input-delta']
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

_IDS = st.sampled_from(["t1", "t2"])
_CALLS = st.sampled_from(["c1", "c2", "c3"])
_NAMES = st.sampled_from(["f", "get-weather"])
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(2**60), 2**60),
                     st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=6))
_JSON: st.SearchStrategy[Any] = st.recursive(
    _SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                      st.dictionaries(st.sampled_from(["a", "b", "city", "__proto__", "constructor",
                                                                       "prototype"]), inner, max_size=3)),
    max_leaves=6)
# Characters the partial JSON repair branches on, and a few it does not.
_GARBAGE = st.text(alphabet='{}[]":,-.0123456789eEtrufalsn \\abx\u00e9', max_size=8)


def _optional(chunk: dict[str, Any], draw: st.DrawFn, **fields: st.SearchStrategy[Any]) -> dict[str, Any]:
    for key, strategy in fields.items():
        if draw(st.booleans()):
            chunk[key] = draw(strategy)
    return chunk


@st.composite
def _streamed_call(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A tool call whose input text is a JSON value (or garbage) cut into deltas, maybe left open."""
    call_id, name = draw(_CALLS), draw(_NAMES)
    value = draw(_JSON)
    whole = json.dumps(value, indent=draw(st.sampled_from([None, 1])))
    # The whole JSON text, a prefix of it with a stray character or two (what fixJson repairs), or garbage.
    prefix = whole[:draw(st.integers(0, len(whole)))] + draw(st.text(alphabet='x}] ",:', max_size=2))
    text = draw(st.sampled_from([whole, prefix, draw(_GARBAGE)]))
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=4)))
    pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
    pieces = pieces[:draw(st.integers(0, len(pieces)))]  # maybe cut short: the input still streaming
    start = _optional({"type": "tool-input-start", "toolCallId": call_id, "toolName": name}, draw,
                      dynamic=st.booleans(), providerExecuted=st.booleans(), title=st.text(max_size=3))
    chunks = [start, *({"type": "tool-input-delta", "toolCallId": call_id, "inputTextDelta": p} for p in pieces)]
    if draw(st.booleans()):
        chunks.append(_optional({"type": "tool-input-available", "toolCallId": call_id, "toolName": name,
                                 "input": value}, draw, dynamic=st.booleans()))
    return chunks


def _chunk_strategies() -> list[st.SearchStrategy[dict[str, Any]]]:
    def fixed(chunk_type: str, **fields: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"type": st.just(chunk_type), **fields})

    def with_optional(kind: str, required: dict[str, st.SearchStrategy[Any]],
                      optional: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"type": st.just(kind), **required}, optional=optional)

    text = st.text(max_size=5)
    return [
        with_optional("start", {}, {"messageId": st.sampled_from(["m1", "m2"]), "messageMetadata": _JSON}),
        fixed("text-start", id=_IDS), fixed("text-delta", id=_IDS, delta=text), fixed("text-end", id=_IDS),
        fixed("reasoning-start", id=_IDS), fixed("reasoning-delta", id=_IDS, delta=text),
        fixed("reasoning-end", id=_IDS),
        with_optional("tool-input-start", {"toolCallId": _CALLS, "toolName": _NAMES},
                      {"dynamic": st.booleans(), "providerExecuted": st.booleans()}),
        fixed("tool-input-delta", toolCallId=_CALLS, inputTextDelta=_GARBAGE),
        with_optional("tool-input-available", {"toolCallId": _CALLS, "toolName": _NAMES, "input": _JSON},
                      {"dynamic": st.booleans(), "providerExecuted": st.booleans()}),
        with_optional("tool-input-error", {"toolCallId": _CALLS, "toolName": _NAMES, "input": _JSON,
                                           "errorText": text}, {"dynamic": st.booleans()}),
        with_optional("tool-output-available", {"toolCallId": _CALLS, "output": _JSON},
                      {"preliminary": st.booleans(), "providerExecuted": st.booleans()}),
        fixed("tool-output-error", toolCallId=_CALLS, errorText=text),
        fixed("tool-output-denied", toolCallId=_CALLS),
        fixed("tool-approval-request", approvalId=st.sampled_from(["a1", "a2"]), toolCallId=_CALLS),
        with_optional("tool-approval-response", {"approvalId": st.sampled_from(["a1", "a2"]),
                                                 "approved": st.booleans()}, {"reason": text}),
        fixed("start-step"), fixed("finish-step"), fixed("reset-step"),
        fixed("error", errorText=text),
        with_optional("finish", {}, {"finishReason": st.sampled_from(["stop", "tool-calls", "error", "other"]),
                                     "messageMetadata": _JSON}),
        fixed("message-metadata", messageMetadata=_JSON),
        with_optional("data-x", {"data": _JSON}, {"id": st.sampled_from(["d1", "d2"]), "transient": st.booleans()}),
        fixed("file", mediaType=st.just("image/png"), url=st.just("data:image/png;base64,AA==")),
        fixed("source-url", sourceId=st.just("s1"), url=st.just("https://example.com")),
        fixed("custom", kind=st.just("acme.note")),
        fixed("abort"),
    ]


@st.composite
def ui_streams(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A list of UI message chunks: single chunks and streamed tool calls in any order."""
    block = st.one_of(st.builds(lambda c: [c], st.one_of(*_chunk_strategies())), _streamed_call())
    return [chunk for piece in draw(st.lists(block, max_size=12)) for chunk in piece]
