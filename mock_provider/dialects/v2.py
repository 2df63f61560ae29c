"""The ``v2`` dialect: ``LanguageModelV2StreamPart`` (``@ai-sdk/provider`` 2.0.0).

V2 differs from the canonical (V4) shape in the ``finish`` part (a plain string reason,
flat usage with ``totalTokens``), in its warnings (``unsupported-setting``/
``unsupported-tool``/``other``), and in missing keys: ``tool-input-start`` has no
``dynamic``/``title``/``inputEncoding``, ``tool-call`` no ``dynamic``, ``tool-result`` no
``preliminary``/``dynamic`` (but keeps ``providerExecuted``), ``file`` no
``providerMetadata``. Leaving those keys out is the published V2 shape, not an error; the
:data:`RULES` table records it. Parts V2 does not have raise :class:`DialectError`.

Example:
    >>> from mock_provider.parts import parse_part
    >>> [item] = Encoder("x.y.001").encode(parse_part({"type": "finish", "finishReason": {"unified": "stop"},
    ...     "usage": {"inputTokens": {"total": 3}, "outputTokens": {"total": 4}}}))
    >>> item["finishReason"], item["usage"]
    ('stop', {'inputTokens': 3, 'outputTokens': 4, 'totalTokens': 7})
"""

from __future__ import annotations

from typing import Any

from mock_provider.dialects.base import (
    DialectError,
    PartDialect,
    Rule,
    agent_part_rules,
    fail,
    tag_file_data,
    untag_file_data,
    without_interrupted,
)
from mock_provider.parts import (
    AGENT_PART_TYPES,
    File,
    Finish,
    FinishReason,
    InputTokens,
    OutputTokens,
    Part,
    StreamStart,
    TextEnd,
    ToolCall,
    ToolInputStart,
    ToolResult,
    Usage,
    WarningCompatibility,
    WarningDeprecated,
    WarningOther,
    WarningUnsupported,
    dump_part,
    parse_part,
)

NAME = "v2"

RULES: dict[str, Rule] = {
    "text-start": Rule("same", "identity"),
    "text-delta": Rule("same", "identity"),
    "text-end": Rule(
        "same", "identity (an empty `citations` list is left out)", error_when="non-empty `citations`"
    ),
    "reasoning-start": Rule("same", "identity"),
    "reasoning-delta": Rule("same", "identity"),
    "reasoning-end": Rule("same", "identity"),
    "tool-input-start": Rule(
        "mapped", "`dynamic`, `title`, `inputEncoding` left out: the V2 part has no such keys",
        error_when="`inputEncoding: 'text'` (V2 reads every delta as JSON: the text deltas would be shown as "
        "broken JSON)",
    ),
    "tool-input-delta": Rule("same", "identity"),
    "tool-input-end": Rule("same", "identity"),
    "tool-call": Rule("mapped", "`dynamic` left out (V2 has no such key); `input` stays a JSON string"),
    "tool-result": Rule(
        "mapped",
        "`providerExecuted` kept (a V2 key); `dynamic` and `preliminary: false` left out (no V2 keys)",
        error_when="`preliminary: true` (V2 has no preliminary results)",
    ),
    "tool-approval-request": Rule("error", "no `tool-approval-request` part in V2 (V3+)"),
    "file": Rule(
        "mapped",
        "`data` untagged as in v3 (base64 string / URL string); `providerMetadata` left out "
        "(the V2 file part has none)",
    ),
    "reasoning-file": Rule("error", "no `reasoning-file` part in V2 (V4 only)"),
    "source": Rule("same", "identity"),
    "custom": Rule("error", "no `custom` part in V2 (V4 only)"),
    "stream-start": Rule(
        "mapped",
        "warnings: `unsupported{feature, details?}` -> `unsupported-setting{setting: feature, details?}`, "
        "`compatibility{feature, details?}` -> `other{message: '<feature>: <details>'}`, `other` same",
        error_when="a `deprecated` warning (V4 only)",
    ),
    "response-metadata": Rule("same", "identity"),
    "finish": Rule(
        "mapped",
        "finishReason = the unified string ('unknown' kept; raw reason has no V2 key); usage flat: "
        "inputTokens=input.total, outputTokens=output.total, totalTokens=raw.totalTokens or the sum "
        "(absent unless both are known), reasoningTokens=output.reasoning, "
        "cachedInputTokens=input.cacheRead; "
        "`usage: null` -> key omitted",
        error_when="unified 'interrupted' (V4 only)",
    ),
    "raw": Rule("same", "identity"),
    "error": Rule("same", "identity"),
    "ping": Rule("error", "no `ping` part in V2 (V4 only)"),
    **agent_part_rules(),
}

_NOT_IN_V2 = {"tool-approval-request", "reasoning-file", "custom", "ping", *AGENT_PART_TYPES}


def flat_usage(usage: Usage) -> dict[str, Any]:
    """Canonical nested usage as V2's flat ``LanguageModelV2Usage`` (undefined values omitted).

    ``totalTokens`` is the provider's own total when the scenario gave one in
    ``raw.totalTokens`` (it may differ from the sum), else the sum when both halves are known.

    >>> flat_usage(Usage.model_validate({"inputTokens": {"total": 3, "cacheRead": 1},
    ...     "outputTokens": {"total": 4, "reasoning": 2}, "raw": {"totalTokens": 9}}))
    {'inputTokens': 3, 'outputTokens': 4, 'totalTokens': 9, 'reasoningTokens': 2, 'cachedInputTokens': 1}
    """
    inp, outp = usage.input_tokens, usage.output_tokens
    raw_total = (usage.raw or {}).get("totalTokens")
    if isinstance(raw_total, int) and not isinstance(raw_total, bool):
        total: int | None = raw_total
    elif inp.total is not None and outp.total is not None:
        total = inp.total + outp.total
    else:
        total = None
    flat = {
        "inputTokens": inp.total,
        "outputTokens": outp.total,
        "totalTokens": total,
        "reasoningTokens": outp.reasoning,
        "cachedInputTokens": inp.cache_read,
    }
    return {k: v for k, v in flat.items() if v is not None}


def nested_usage(flat: dict[str, Any]) -> Usage:
    """V2 flat usage as canonical nested usage: the official ``asLanguageModelV3`` conversion.

    >>> nested_usage({"inputTokens": 3, "outputTokens": 4, "totalTokens": 9}).raw
    {'totalTokens': 9}
    """
    total = flat.get("totalTokens")
    return Usage(
        input_tokens=InputTokens(total=flat.get("inputTokens"), cache_read=flat.get("cachedInputTokens")),
        output_tokens=OutputTokens(total=flat.get("outputTokens"), reasoning=flat.get("reasoningTokens")),
        raw={"totalTokens": total} if total is not None else None,
    )


class Encoder:
    """Stateless V2 encoder.

    >>> from mock_provider.parts import parse_part
    >>> Encoder("x.y.001").encode(parse_part({"type": "stream-start",
    ...     "warnings": [{"type": "unsupported", "feature": "topK"}]}))
    [{'type': 'stream-start', 'warnings': [{'type': 'unsupported-setting', 'setting': 'topK'}]}]
    """

    def __init__(self, scenario_id: str) -> None:
        self.scenario_id = scenario_id

    def _fail(self, part: Part, reason: str) -> DialectError:
        return fail(part.type, NAME, self.scenario_id, reason)

    def _warnings(self, part: StreamStart) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for w in part.warnings:
            if isinstance(w, WarningUnsupported):
                item: dict[str, Any] = {"type": "unsupported-setting", "setting": w.feature}
                if w.details is not None:
                    item["details"] = w.details
            elif isinstance(w, WarningCompatibility):
                # V2 has no compatibility warning; `other` is the only free-text variant.
                message = w.feature if w.details is None else f"{w.feature}: {w.details}"
                item = {"type": "other", "message": message}
            elif isinstance(w, WarningOther):
                item = {"type": "other", "message": w.message}
            elif isinstance(w, WarningDeprecated):
                raise self._fail(part, f"warning type 'deprecated' (setting {w.setting!r}) is V4-only")
            out.append(item)
        return out

    def encode(self, part: Part) -> list[dict[str, Any]]:
        """Encode one canonical part into V2 items (exactly one, or DialectError)."""
        if part.type in _NOT_IN_V2:
            raise self._fail(part, RULES[part.type].note)
        out = dump_part(part)
        if isinstance(part, StreamStart):
            out["warnings"] = self._warnings(part)
        elif isinstance(part, Finish):
            if part.finish_reason.unified == "interrupted":
                raise self._fail(part, "finish reason 'interrupted' is V4-only (4.0.32+)")
            out["finishReason"] = part.finish_reason.unified
            if part.usage is not None:
                out["usage"] = flat_usage(part.usage)
        elif isinstance(part, TextEnd):
            if part.citations:
                raise self._fail(part, "`text-end.citations` is V4-only")
            out.pop("citations", None)
        elif isinstance(part, ToolInputStart):
            if part.input_encoding == "text":
                raise self._fail(part, "`inputEncoding: 'text'` is V3+: V2 reads tool-input deltas as JSON")
            for key in ("dynamic", "title", "inputEncoding"):
                out.pop(key, None)
        elif isinstance(part, ToolCall):
            out.pop("dynamic", None)
        elif isinstance(part, ToolResult):
            if part.preliminary:
                raise self._fail(part, "`preliminary` tool results are V3+; V2 cannot mark a result partial")
            out.pop("preliminary", None)
            out.pop("dynamic", None)
        elif isinstance(part, File):
            out["data"] = untag_file_data(part, NAME, self.scenario_id)
            out.pop("providerMetadata", None)
        return [out]

    def encode_raw(self, item: dict[str, Any]) -> list[dict[str, Any]]:
        """An unknown future part passes verbatim.

        >>> Encoder("x.y.001").encode_raw({"type": "future-thing"})
        [{'type': 'future-thing'}]
        """
        return [dict(item)]


def _decode_warning(w: dict[str, Any]) -> dict[str, Any]:
    kind = w.get("type")
    if kind == "unsupported-setting":
        out: dict[str, Any] = {"type": "unsupported", "feature": str(w.get("setting"))}
    elif kind == "unsupported-tool":
        tool = w.get("tool") or {}
        name = tool.get("name") if isinstance(tool, dict) else None
        out = {"type": "unsupported", "feature": f"tool:{name}"}
    elif kind == "other":
        return {"type": "other", "message": w.get("message", "")}
    else:
        raise ValueError(f"not a V2 warning: {w!r}")
    if w.get("details") is not None:
        out["details"] = w["details"]
    return out


def decode(item: dict[str, Any]) -> list[Part]:
    """Read one V2 item back into canonical parts (lossy where encoding was).

    >>> [p] = decode({"type": "finish", "finishReason": "unknown", "usage": {"inputTokens": 3}})
    >>> p.finish_reason.unified, p.usage.input_tokens.total
    ('unknown', 3)
    """
    data = dict(item)
    kind = data.get("type")
    if kind == "stream-start":
        data["warnings"] = [_decode_warning(w) for w in data.get("warnings", [])]
    elif kind == "file" and isinstance(data.get("data"), str):
        data["data"] = tag_file_data(data["data"]).model_dump(by_alias=True, exclude_none=True)
    elif kind == "finish":
        reason = data.pop("finishReason")
        usage = data.pop("usage", None)
        part = parse_part({**data, "finishReason": {"unified": "stop"}})
        assert isinstance(part, Finish)
        part.finish_reason = FinishReason(unified=reason)
        part.usage = nested_usage(usage) if usage is not None else None
        return [part]
    return [parse_part(data)]


DIALECT = PartDialect(
    name=NAME,
    rules=RULES,
    finish_shape="string",
    usage_shape="flat",
    finish_reasons=without_interrupted(),
    provider_total=True,
    cache_write=False,
    encoder=Encoder,
    decode=decode,
)
