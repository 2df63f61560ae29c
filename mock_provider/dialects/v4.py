"""The ``v4`` dialect: ``LanguageModelV4StreamPart`` (``@ai-sdk/provider`` 4.0.38).

The canonical parts are V4-shaped, so encoding is almost the identity (:func:`dump_part`).
The exceptions are the canonical extensions that V4 has no word for: finish reason
``unknown`` (rendered ``{unified: 'other', raw}``, exactly the official V2 -> V3
conversion) and the V2-only ``tool-result.providerExecuted``. :func:`encode_v4` and
:func:`finish_reason_v4` are the base the ``v3`` module edits; the helpers every dialect
shares live in :mod:`mock_provider.dialects.base`.

Example:
    >>> from mock_provider.parts import parse_part
    >>> Encoder("x.y.001").encode(parse_part(
    ...     {"type": "finish", "finishReason": {"unified": "unknown"}, "usage": None}))
    [{'type': 'finish', 'finishReason': {'unified': 'other'}}]
"""

from __future__ import annotations

from typing import Any

from mock_provider.dialects.base import PartDialect, Rule, agent_part_rules, decode_finish_usage, fail
from mock_provider.parts import (
    Finish,
    Part,
    ToolResult,
    dump_part,
    parse_part,
)

NAME = "v4"

RULES: dict[str, Rule] = {
    "text-start": Rule("same", "identity"),
    "text-delta": Rule("same", "identity"),
    "text-end": Rule("same", "identity, `citations` included"),
    "reasoning-start": Rule("same", "identity"),
    "reasoning-delta": Rule("same", "identity"),
    "reasoning-end": Rule("same", "identity"),
    "tool-input-start": Rule("same", "identity (`inputEncoding`, `dynamic`, `title` are V4 keys)"),
    "tool-input-delta": Rule("same", "identity"),
    "tool-input-end": Rule("same", "identity"),
    "tool-call": Rule("same", "identity; `input` stays a JSON string"),
    "tool-result": Rule(
        "mapped",
        "identity except `providerExecuted` (V2-only key, removed in V3: every stream "
        "tool-result is provider-executed) is left out",
        error_when="`result` is null (V4 `result` is NonNullable<JSONValue>)",
    ),
    "tool-approval-request": Rule("same", "identity"),
    "file": Rule("same", "identity; `data` tagged {type:'data', data} or {type:'url', url, originalUrl?}"),
    "reasoning-file": Rule("same", "identity"),
    "source": Rule("same", "identity"),
    "custom": Rule("same", "identity"),
    "stream-start": Rule("same", "identity (all four SharedV4Warning variants)"),
    "response-metadata": Rule("same", "identity; `timestamp` is the ISO string of a JS Date"),
    "finish": Rule(
        "mapped",
        "unified 'unknown' -> {unified:'other', raw} (official asLanguageModelV3 conversion); "
        "canonical `usage: null` -> `usage` key omitted (deliberate upstream fault); usage.raw kept",
    ),
    "raw": Rule("same", "identity"),
    "error": Rule("same", "identity"),
    "ping": Rule("same", "identity"),
    **agent_part_rules(),
}


def finish_reason_v4(part: Finish) -> dict[str, Any]:
    """The V3/V4 ``{unified, raw}`` object; canonical ``unknown`` becomes ``other``.

    ``raw`` is a required key whose value may be ``undefined``: in JSON it is absent.

    >>> from mock_provider.parts import parse_part
    >>> finish_reason_v4(parse_part({"type": "finish", "finishReason": {"unified": "unknown", "raw": "x"}}))
    {'unified': 'other', 'raw': 'x'}
    """
    fr = part.finish_reason
    out: dict[str, Any] = {"unified": "other" if fr.unified == "unknown" else fr.unified}
    if fr.raw is not None:
        out["raw"] = fr.raw
    return out


def encode_v4(part: Part, dialect: str, scenario_id: str) -> dict[str, Any]:
    """One canonical part as its V4 object (the base the ``v3`` dialect edits).

    >>> from mock_provider.parts import parse_part
    >>> encode_v4(parse_part({"type": "ping"}), "v4", "x.y.001")
    {'type': 'ping'}
    """
    out = dump_part(part)
    if isinstance(part, Finish):
        out["finishReason"] = finish_reason_v4(part)
    elif isinstance(part, ToolResult):
        if part.result is None:
            raise fail(part.type, dialect, scenario_id, "`result` is NonNullable<JSONValue>; null given")
        out.pop("providerExecuted", None)
    return out


class Encoder:
    """Stateless V4 encoder (the class exists for the common dialect interface).

    >>> from mock_provider.parts import parse_part
    >>> Encoder("x.y.001").encode(parse_part({"type": "text-delta", "id": "0", "delta": "Hi"}))
    [{'type': 'text-delta', 'id': '0', 'delta': 'Hi'}]
    """

    def __init__(self, scenario_id: str) -> None:
        self.scenario_id = scenario_id

    def encode(self, part: Part) -> list[dict[str, Any]]:
        """Encode one canonical part into V4 items (always exactly one)."""
        if RULES[part.type].action == "error":
            raise fail(part.type, NAME, self.scenario_id, RULES[part.type].note)
        return [encode_v4(part, NAME, self.scenario_id)]

    def encode_raw(self, item: dict[str, Any]) -> list[dict[str, Any]]:
        """An unknown future part passes verbatim: a V4 consumer must tolerate it.

        >>> Encoder("x.y.001").encode_raw({"type": "future-thing", "x": 1})
        [{'type': 'future-thing', 'x': 1}]
        """
        return [dict(item)]


# ---------------------------------------------------------------- decoding
def decode(item: dict[str, Any]) -> list[Part]:
    """Read one V4 item back into canonical parts (exact inverse of :meth:`Encoder.encode`,
    except ``unknown`` -> ``other`` and the dropped V2-only ``providerExecuted``).

    >>> decode({"type": "finish", "finishReason": {"unified": "stop"},
    ...         "usage": {"inputTokens": {"total": 3}, "outputTokens": {}}})[0].usage.input_tokens.total
    3
    """
    part = parse_part(dict(item))
    if isinstance(part, Finish):
        part = decode_finish_usage(item, part)
    return [part]


DIALECT = PartDialect(
    name=NAME,
    rules=RULES,
    finish_shape="unified",
    usage_shape="nested",
    citations=True,
    tagged_file_data=True,
    encoder=Encoder,
    decode=decode,
)

__all__ = [
    "DIALECT",
    "NAME",
    "RULES",
    "Encoder",
    "decode",
    "encode_v4",
    "finish_reason_v4",
]
