"""The dialect registry: every upstream dialect, one line each, and the sans-IO part dialects.

A dialect is one module plus one line in :data:`REGISTRY`: its kind (``parts``: AI SDK-style
stream parts, encoded item by item; ``http``: an HTTP wire planned as a whole response) and
the module that exports its :class:`~mock_provider.dialects.base.Dialect` description as
``DIALECT``. Modules are imported on first use, so naming the dialects (:func:`names`,
:data:`PART_DIALECTS`, :data:`HTTP_DIALECTS`) imports none of them.

Each part dialect module (``v2``, ``v3``, ``v4``, ``mastra``) defines an ``Encoder`` class:
``Encoder(scenario_id).encode(part) -> list[dict]`` turns one canonical part into zero or
more dialect items (stateful across one stream: Mastra needs the tool name of an earlier
call for an approval), ``encode_raw(item) -> list[dict]`` passes an unknown future part, and
``decode(item) -> list[Part]`` reads a dialect item back. A part the dialect cannot express
raises :class:`DialectError` naming the part, the dialect and the scenario; nothing is
dropped silently (where a dialect's real producer drops a part, e.g. Mastra dropping
``stream-start``, the module's RULES table says so). The HTTP wires live in
:mod:`mock_provider.wires`.

Example:
    >>> from mock_provider.parts import parse_part
    >>> encode_parts([parse_part({"type": "text-delta", "id": "0", "delta": "Hi"})], "mastra", "x.y")
    [{'type': 'text-delta', 'runId': 'mock-run', 'from': 'AGENT', 'payload': {'id': '0', 'text': 'Hi'}}]
    >>> names("http"), dialect("v2").finish_shape
    (['openai-chat', 'anthropic', 'openai-responses', 'gemini'], 'string')
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from mock_provider.dialects.base import Dialect, DialectError, Encoder, Kind, PartDialect
from mock_provider.parts import Part

# name -> (kind, module exporting DIALECT). The order is the order of every dialect list.
REGISTRY: dict[str, tuple[Kind, str]] = {
    "v2": ("parts", "mock_provider.dialects.v2"),
    "v3": ("parts", "mock_provider.dialects.v3"),
    "v4": ("parts", "mock_provider.dialects.v4"),
    "mastra": ("parts", "mock_provider.dialects.mastra"),
    "openai-chat": ("http", "mock_provider.wires.openai_chat"),
    "anthropic": ("http", "mock_provider.wires.anthropic"),
    "openai-responses": ("http", "mock_provider.wires.openai_responses"),
    "gemini": ("http", "mock_provider.wires.gemini"),
}


def names(kind: Kind | None = None) -> list[str]:
    """The registered dialect names (of one kind), in registry order.

    >>> names("parts")
    ['v2', 'v3', 'v4', 'mastra']
    """
    return [name for name, (k, _) in REGISTRY.items() if kind is None or k == kind]


PART_DIALECTS: tuple[str, ...] = tuple(names("parts"))
HTTP_DIALECTS: tuple[str, ...] = tuple(names("http"))


@functools.cache
def dialect(name: str) -> Dialect:
    """The description of one dialect (its module is imported on first use).

    >>> dialect("mastra").envelope, dialect("openai-chat").kind
    (True, 'http')
    >>> dialect("v9")
    Traceback (most recent call last):
    ...
    ValueError: unknown dialect 'v9'; known: v2, v3, v4, mastra, openai-chat, anthropic, openai-responses, gemini
    """
    try:
        kind, module = REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown dialect {name!r}; known: {', '.join(REGISTRY)}") from None
    found = importlib.import_module(module).DIALECT
    if not isinstance(found, Dialect) or (found.name, found.kind) != (name, kind):
        raise TypeError(f"{module}.DIALECT does not describe the {kind} dialect {name!r}: {found!r}")
    return found


def part_dialect(name: str) -> PartDialect:
    """The description of one part dialect (``ValueError`` for any other name).

    >>> part_dialect("v3").name
    'v3'
    >>> part_dialect("anthropic")
    Traceback (most recent call last):
    ...
    ValueError: unknown part dialect 'anthropic'; known: v2, v3, v4, mastra
    """
    found = dialect(name) if name in PART_DIALECTS else None
    if not isinstance(found, PartDialect):
        raise ValueError(f"unknown part dialect {name!r}; known: {', '.join(PART_DIALECTS)}")
    return found


def assistant_turns(name: str, request: Mapping[str, Any]) -> int:
    """How many assistant turns a request of this dialect carries, by the dialect's own counter
    (its module's ``DIALECT.assistant_turns``): the turn the request gets follows them.

    >>> assistant_turns("v3", {"prompt": [{"role": "user"}, {"role": "assistant"}, {"role": "tool"}]})
    1
    >>> assistant_turns("gemini", {"contents": [{"role": "user"}, {"role": "model"}]})
    1
    """
    found = dialect(name)
    counter = getattr(found, "assistant_turns", None)
    if counter is None:
        raise TypeError(f"dialect {name!r} has no assistant_turns counter")
    count: int = counter(request)
    return count


def encoder(dialect: str, scenario_id: str) -> Encoder:
    """A fresh stateful encoder for one stream.

    >>> encoder("v2", "x.y").encode_raw({"type": "future"})
    [{'type': 'future'}]
    """
    return part_dialect(dialect).encoder(scenario_id)


def encode_parts(parts: Iterable[Part], dialect: str, scenario_id: str) -> list[dict[str, Any]]:
    """Encode a whole part sequence in one dialect."""
    enc = encoder(dialect, scenario_id)
    out: list[dict[str, Any]] = []
    for p in parts:
        out.extend(enc.encode(p))
    return out


def decode_items(items: Iterable[dict[str, Any]], dialect: str) -> list[Part]:
    """Read dialect items back into canonical parts (the inverse used by round-trip tests)."""
    decode = part_dialect(dialect).decode
    out: list[Part] = []
    for item in items:
        out.extend(decode(item))
    return out


__all__ = [
    "HTTP_DIALECTS",
    "PART_DIALECTS",
    "REGISTRY",
    "Dialect",
    "DialectError",
    "Encoder",
    "PartDialect",
    "assistant_turns",
    "decode_items",
    "dialect",
    "encode_parts",
    "encoder",
    "names",
    "part_dialect",
]
