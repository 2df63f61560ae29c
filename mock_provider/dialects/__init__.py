"""Upstream dialects: pure, sans-IO converters between canonical parts and one upstream shape.

Each dialect module (``v2``, ``v3``, ``v4``, ``mastra``) defines ``NAME`` and an
``Encoder`` class: ``Encoder(scenario_id).encode(part) -> list[dict]`` turns one canonical
part into zero or more dialect items (stateful across one stream: Mastra needs the tool
name of an earlier call for an approval), ``encode_raw(item) -> list[dict]`` passes an
unknown future part, and ``decode(item) -> list[Part]`` reads a dialect item back.
A part the dialect cannot express raises :class:`DialectError` naming the part, the
dialect and the scenario; nothing is dropped silently (where a dialect's real producer
drops a part, e.g. Mastra dropping ``stream-start``, the module's RULES table says so).

Example:
    >>> from mock_provider.parts import parse_part
    >>> encode_parts([parse_part({"type": "text-delta", "id": "0", "delta": "Hi"})], "mastra", "x.y")
    [{'type': 'text-delta', 'runId': 'mock-run', 'from': 'AGENT', 'payload': {'id': '0', 'text': 'Hi'}}]
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any, Protocol

from mock_provider.parts import Part

PART_DIALECT_MODULES = {"v2": "v2", "v3": "v3", "v4": "v4", "mastra": "mastra"}


class DialectError(ValueError):
    """A canonical part this dialect cannot express.

    >>> str(DialectError("tool-approval-request", "v2", "tool.approval.001", "no such part in V2"))
    "dialect 'v2' cannot express part 'tool-approval-request' (scenario tool.approval.001): no such part in V2"
    """

    def __init__(self, part_type: str, dialect: str, scenario_id: str, reason: str) -> None:
        self.part_type, self.dialect, self.scenario_id, self.reason = part_type, dialect, scenario_id, reason
        super().__init__(
            f"dialect {dialect!r} cannot express part {part_type!r} (scenario {scenario_id}): {reason}"
        )


class Encoder(Protocol):
    def encode(self, part: Part) -> list[dict[str, Any]]: ...

    def encode_raw(self, item: dict[str, Any]) -> list[dict[str, Any]]: ...


def _module(dialect: str) -> Any:
    try:
        return importlib.import_module(f"mock_provider.dialects.{PART_DIALECT_MODULES[dialect]}")
    except KeyError:
        raise ValueError(f"unknown part dialect {dialect!r}; known: {', '.join(PART_DIALECT_MODULES)}") from None


def encoder(dialect: str, scenario_id: str) -> Encoder:
    """A fresh stateful encoder for one stream."""
    enc: Encoder = _module(dialect).Encoder(scenario_id)
    return enc


def encode_parts(parts: Iterable[Part], dialect: str, scenario_id: str) -> list[dict[str, Any]]:
    """Encode a whole part sequence in one dialect."""
    enc = encoder(dialect, scenario_id)
    out: list[dict[str, Any]] = []
    for p in parts:
        out.extend(enc.encode(p))
    return out


def decode_items(items: Iterable[dict[str, Any]], dialect: str) -> list[Part]:
    """Read dialect items back into canonical parts (the inverse used by round-trip tests)."""
    mod = _module(dialect)
    out: list[Part] = []
    for item in items:
        out.extend(mod.decode(item))
    return out
