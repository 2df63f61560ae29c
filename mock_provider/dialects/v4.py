"""The ``v4`` dialect: ``LanguageModelV4StreamPart`` (``@ai-sdk/provider`` 4.0.38).

The canonical parts are V4-shaped, so encoding is almost the identity (:func:`dump_part`).
The exceptions are the canonical extensions that V4 has no word for: finish reason
``unknown`` (rendered ``{unified: 'other', raw}``, exactly the official V2 -> V3
conversion) and the V2-only ``tool-result.providerExecuted``. Shared helpers used by the
``v3``/``v2``/``mastra`` modules (:class:`Rule`, :func:`fail`, file-data untagging,
:func:`decode_finish_usage`) live here because V4 is the reference shape.

Example:
    >>> from mock_provider.parts import parse_part
    >>> Encoder("x.y.001").encode(parse_part(
    ...     {"type": "finish", "finishReason": {"unified": "unknown"}, "usage": None}))
    [{'type': 'finish', 'finishReason': {'unified': 'other'}}]
"""

from __future__ import annotations

import re
from typing import Any, Literal, NamedTuple

from mock_provider.dialects import DialectError
from mock_provider.parts import (
    File,
    FileData,
    Finish,
    Part,
    ReasoningFile,
    ToolResult,
    dump_part,
    parse_part,
)

NAME = "v4"

Action = Literal["same", "mapped", "dropped", "error"]


class Rule(NamedTuple):
    """What one dialect does with one canonical part type.

    ``action``: ``same`` (identical object), ``mapped`` (renamed/reshaped, possibly lossy),
    ``dropped`` (no item: what the dialect's real producer does), ``error`` (always a
    :class:`DialectError`). ``error_when`` names the cases of a non-``error`` rule that
    raise :class:`DialectError` instead.

    >>> Rule("same", "identity").action
    'same'
    """

    action: Action
    note: str
    error_when: str = ""


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
    "step-start": Rule("error", "agent-loop step (Mastra chunk), not a LanguageModel part"),
    "step-finish": Rule("error", "agent-loop step (Mastra chunk), not a LanguageModel part"),
}


def fail(part_type: str, dialect: str, scenario_id: str, reason: str) -> DialectError:
    """Build the :class:`DialectError` for one inexpressible part (callers ``raise`` it).

    >>> str(fail("ping", "v3", "x.y.001", "no ping in V3"))
    "dialect 'v3' cannot express part 'ping' (scenario x.y.001): no ping in V3"
    """
    return DialectError(part_type, dialect, scenario_id, reason)


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


# ---------------------------------------------------------------- decoding helpers
_URL_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def untag_file_data(part: File | ReasoningFile, dialect: str, scenario_id: str) -> str:
    """V4 tagged file data as the V2/V3 ``data`` string: base64 or the URL string.

    This is how Mastra's V4 wrapper (``untagV4ResponseFileData``) downgrades it; a V4
    ``originalUrl`` has nowhere to go and is left out.

    >>> from mock_provider.parts import parse_part
    >>> untag_file_data(parse_part({"type": "file", "mediaType": "image/png",
    ...     "data": {"type": "url", "url": "https://x/a.png"}}), "v3", "x.y.001")
    'https://x/a.png'
    """
    d = part.data
    value = d.data if d.type == "data" else d.url
    if value is None:
        key = "data" if d.type == "data" else "url"
        raise fail(part.type, dialect, scenario_id, f"file data of type {d.type!r} has no {key!r}")
    return value


def tag_file_data(value: str) -> FileData:
    """Inverse of :func:`untag_file_data`: a string with a URL scheme is a URL (base64 has no ``:``).

    >>> tag_file_data("aGk=").type, tag_file_data("https://x/a.png").type
    ('data', 'url')
    """
    if _URL_SCHEME.match(value):
        return FileData(type="url", url=value)
    return FileData(type="data", data=value)


def decode_finish_usage(item: dict[str, Any], part: Finish) -> Finish:
    """A decoded V3/V4 ``finish`` whose item had no ``usage`` key gets ``usage=None`` back.

    (``parse_part`` would otherwise fill in the default empty usage.)

    >>> p = decode_finish_usage({"type": "finish"}, parse_part(
    ...     {"type": "finish", "finishReason": {"unified": "stop"}}))
    >>> p.usage is None
    True
    """
    if "usage" not in item:
        part.usage = None
    return part


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


__all__ = [
    "NAME",
    "RULES",
    "Encoder",
    "Rule",
    "decode",
    "decode_finish_usage",
    "encode_v4",
    "fail",
    "finish_reason_v4",
    "tag_file_data",
    "untag_file_data",
]
