"""The ``v3`` dialect: ``LanguageModelV3StreamPart`` (``@ai-sdk/provider`` 3.0.19).

V3 is V4 without the V4 additions: no ``reasoning-file``/``custom``/``ping`` parts, no
``interrupted`` finish reason, no ``text-end.citations``, no ``deprecated`` warning, and a
file's ``data`` is a plain string (base64, or a URL string) instead of V4's tagged object.
``tool-input-start.inputEncoding`` is kept: it exists in the 3.0.19 copy of V3.

Example:
    >>> from mock_provider.parts import parse_part
    >>> Encoder("x.y.001").encode(parse_part(
    ...     {"type": "file", "mediaType": "image/png", "data": {"type": "data", "data": "aGk="}}))
    [{'type': 'file', 'mediaType': 'image/png', 'data': 'aGk='}]
"""

from __future__ import annotations

from typing import Any

from mock_provider.dialects.base import (
    DialectError,
    PartDialect,
    Rule,
    agent_part_rules,
    decode_finish_usage,
    fail,
    tag_file_data,
    untag_file_data,
    without_interrupted,
)
from mock_provider.dialects.v4 import encode_v4
from mock_provider.parts import (
    File,
    Finish,
    Part,
    StreamStart,
    TextEnd,
    WarningDeprecated,
    parse_part,
)

NAME = "v3"

RULES: dict[str, Rule] = {
    "text-start": Rule("same", "identity"),
    "text-delta": Rule("same", "identity"),
    "text-end": Rule(
        "same",
        "identity (an empty `citations` list is left out)",
        error_when="`citations` is non-empty (V4-only key)",
    ),
    "reasoning-start": Rule("same", "identity"),
    "reasoning-delta": Rule("same", "identity"),
    "reasoning-end": Rule("same", "identity"),
    "tool-input-start": Rule("same", "identity (`inputEncoding` exists in V3 3.0.19)"),
    "tool-input-delta": Rule("same", "identity"),
    "tool-input-end": Rule("same", "identity"),
    "tool-call": Rule("same", "identity; `input` stays a JSON string"),
    "tool-result": Rule(
        "mapped",
        "identity except `providerExecuted` (V2-only, removed in V3) is left out",
        error_when="`result` is null (V3 `result` is NonNullable<JSONValue>)",
    ),
    "tool-approval-request": Rule("same", "identity"),
    "file": Rule(
        "mapped",
        "`data` untagged: base64 string for {type:'data'}, the URL string for {type:'url'} "
        "(`originalUrl` has no V3 key); `providerMetadata` kept",
    ),
    "reasoning-file": Rule("error", "no `reasoning-file` part in V3 (V4 only)"),
    "source": Rule("same", "identity"),
    "custom": Rule("error", "no `custom` part in V3 (V4 only)"),
    "stream-start": Rule(
        "same",
        "identity (`unsupported`/`compatibility`/`other` are SharedV3Warning)",
        error_when="a `deprecated` warning is present (V4 only)",
    ),
    "response-metadata": Rule("same", "identity"),
    "finish": Rule(
        "mapped",
        "as v4: unified 'unknown' -> {unified:'other', raw}; `usage: null` -> key omitted",
        error_when="unified 'interrupted' (V4 4.0.32+ only)",
    ),
    "raw": Rule("same", "identity"),
    "error": Rule("same", "identity"),
    "ping": Rule("error", "no `ping` part in V3 (V4 only)"),
    **agent_part_rules(),
}

# Part types that exist only from V4 on.
_V4_ONLY = {"reasoning-file", "custom", "ping"}


class Encoder:
    """Stateless V3 encoder.

    >>> from mock_provider.parts import parse_part
    >>> Encoder("x.y.001").encode(parse_part({"type": "ping"}))
    Traceback (most recent call last):
    ...
    mock_provider.dialects.DialectError: dialect 'v3' cannot express part 'ping' (scenario x.y.001): ...
    """

    def __init__(self, scenario_id: str) -> None:
        self.scenario_id = scenario_id

    def _fail(self, part: Part, reason: str) -> DialectError:
        return fail(part.type, NAME, self.scenario_id, reason)

    def encode(self, part: Part) -> list[dict[str, Any]]:
        """Encode one canonical part into V3 items (exactly one, or DialectError)."""
        if part.type in _V4_ONLY or RULES[part.type].action == "error":
            raise self._fail(part, RULES[part.type].note)
        if isinstance(part, Finish) and part.finish_reason.unified == "interrupted":
            raise self._fail(part, "finish reason 'interrupted' is V4-only (4.0.32+)")
        if isinstance(part, StreamStart):
            for w in part.warnings:
                if isinstance(w, WarningDeprecated):
                    raise self._fail(part, f"warning type 'deprecated' (setting {w.setting!r}) is V4-only")
        if isinstance(part, TextEnd) and part.citations:
            raise self._fail(part, "`text-end.citations` is V4-only")
        out = encode_v4(part, NAME, self.scenario_id)
        if isinstance(part, TextEnd):
            out.pop("citations", None)
        elif isinstance(part, File):
            out["data"] = untag_file_data(part, NAME, self.scenario_id)
        return [out]

    def encode_raw(self, item: dict[str, Any]) -> list[dict[str, Any]]:
        """An unknown future part passes verbatim.

        >>> Encoder("x.y.001").encode_raw({"type": "future-thing"})
        [{'type': 'future-thing'}]
        """
        return [dict(item)]


def decode(item: dict[str, Any]) -> list[Part]:
    """Read one V3 item back into canonical parts (a file's string ``data`` is re-tagged).

    >>> decode({"type": "file", "mediaType": "image/png", "data": "https://x/a.png"})[0].data.url
    'https://x/a.png'
    """
    data = dict(item)
    if data.get("type") == "file" and isinstance(data.get("data"), str):
        data["data"] = tag_file_data(data["data"]).model_dump(by_alias=True, exclude_none=True)
    part = parse_part(data)
    if isinstance(part, Finish):
        part = decode_finish_usage(item, part)
    return [part]


DIALECT = PartDialect(
    name=NAME,
    rules=RULES,
    finish_shape="unified",
    usage_shape="nested",
    finish_reasons=without_interrupted(),
    encoder=Encoder,
    decode=decode,
)
