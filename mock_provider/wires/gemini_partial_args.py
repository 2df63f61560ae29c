"""Gemini streamed function-call arguments: JSON argument text as ``functionCall.partialArgs``.

With ``toolConfig.functionCallingConfig.streamFunctionCallArguments`` Vertex AI streams a call's
arguments as ``PartialArg`` entries (google-genai 3.6.1 ``types.PartialArg``: ``jsonPath``, one of
``stringValue``/``numberValue``/``boolValue``/``nullValue``, ``willContinue``): one entry per
scalar value, addressed by its JSON path (``$.city``, ``$.stops[1].name``); a long string comes
in pieces of the same path, every piece but the last with ``willContinue: true``.
``@ai-sdk/google`` 4.0.121 rebuilds the JSON text from them (``GoogleJSONAccumulator``).

A scenario's tool-input deltas are JSON text fragments; :class:`ArgsStream` turns each fragment
into the entries it completes: a value whose text is whole, or the new characters of a string
still open. A number is sent once a delimiter follows it (``12`` may still become ``123``).
What has no path form is refused (:class:`NoPathForm`): arguments that are not an object, a key
with ``.``, ``[`` or ``]`` (the client splits paths on them), and an empty object or array (no
scalar carries it).

Example:
    >>> s = ArgsStream()
    >>> s.feed('{"city":"Os')
    [{'jsonPath': '$.city', 'stringValue': 'Os', 'willContinue': True}]
    >>> s.feed('lo","days":')
    [{'jsonPath': '$.city', 'stringValue': 'lo'}]
    >>> s.finish('{"city":"Oslo","days":3}')
    [{'jsonPath': '$.days', 'numberValue': 3}]
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass
from typing import Any

_DECODER = json.JSONDecoder()
_SCALAR = re.compile(r"[-\dtfn]")


class NoPathForm(ValueError):
    """The arguments have no ``partialArgs`` form (the wire refuses the scenario)."""


@dataclass
class Leaf:
    """One scalar of the argument text: its path, its value so far, and whether its text is whole."""

    path: str
    value: Any
    whole: bool


def _key_path(stack: list[tuple[str, Any]]) -> str:
    out = "$"
    for kind, at in stack:
        out += f"[{at}]" if kind == "arr" else f".{at}"
    return out


def _open_string(text: str, start: int) -> str:
    """The decoded characters of the string opened at ``start`` that ``text`` holds so far (an escape
    cut in the middle is left for the next fragment)."""
    raw = text[start + 1:]
    for cut in range(len(raw), max(len(raw) - 12, -1), -1):
        piece = raw[:cut]
        if piece.endswith("\\") and not piece.endswith("\\\\"):
            continue
        try:
            value = json.loads(f'"{piece}"')
        except ValueError:
            continue
        if value and "\ud800" <= value[-1] <= "\udbff":
            continue  # a lone high surrogate: its pair is in the next fragment
        return str(value)
    return ""


class _Scanner:
    """Reads a prefix of a JSON object's text into its leaves, in document order."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.stack: list[tuple[str, Any]] = []  # ("obj", key) | ("arr", index)
        self.children: list[int] = []  # children seen per open container
        self.leaves: list[Leaf] = []

    def skip_ws(self) -> bool:
        while self.i < len(self.text) and self.text[self.i] in " \t\r\n":
            self.i += 1
        return self.i < len(self.text)

    def scan(self) -> list[Leaf]:
        if not self.skip_ws():
            return []
        if self.text[self.i] != "{":
            raise NoPathForm("the arguments are not a JSON object (partialArgs address an object's members)")
        self.i += 1
        self.stack.append(("obj", None))
        self.children.append(0)
        while self.step():
            pass
        return self.leaves

    def step(self) -> bool:
        if not self.skip_ws() or not self.stack:
            return False
        ch = self.text[self.i]
        kind, at = self.stack[-1]
        if ch in "}]":
            if self.children.pop() == 0 and len(self.stack) > 1:
                raise NoPathForm("an empty object or array has no partialArgs entry")
            self.stack.pop()
            self.i += 1
            return True
        if ch == ",":
            self.i += 1
            if kind == "arr":
                self.stack[-1] = ("arr", at + 1)
            return True
        if kind == "obj" and (at is None or self._after_value()):
            return self.key()
        if ch == ":":
            self.i += 1
            return True
        return self.value()

    def _after_value(self) -> bool:
        j = self.i - 1
        while j >= 0 and self.text[j] in " \t\r\n":
            j -= 1
        return self.text[j] in ",{"

    def key(self) -> bool:
        try:
            key, end = _DECODER.raw_decode(self.text, self.i)
        except ValueError:
            return False  # the key is not whole yet
        if not isinstance(key, str) or not key or any(c in key for c in ".[]"):
            raise NoPathForm(f"key {key!r} has no unambiguous jsonPath (the client splits paths on '.', '[' and ']')")
        self.stack[-1] = ("obj", key)
        self.children[-1] += 1
        self.i = end
        return True

    def value(self) -> bool:
        ch = self.text[self.i]
        if self.stack[-1][0] == "arr":
            self.children[-1] += 1
        if ch in "{[":
            self.stack.append(("obj", None) if ch == "{" else ("arr", 0))
            self.children.append(0)
            self.i += 1
            return True
        path = _key_path(self.stack)
        if ch == '"':
            try:
                value, end = _DECODER.raw_decode(self.text, self.i)
            except ValueError:
                self.leaves.append(Leaf(path, _open_string(self.text, self.i), whole=False))
                return False
            self.leaves.append(Leaf(path, value, whole=True))
            self.i = end
            return True
        if not _SCALAR.match(self.text, self.i):
            raise NoPathForm(f"the argument text is not JSON at offset {self.i}")
        try:
            value, end = _DECODER.raw_decode(self.text, self.i)
        except ValueError:
            return False  # a literal cut in the middle
        if isinstance(value, int | float) and not isinstance(value, bool) and \
                (end >= len(self.text) or self.text[end] not in ",]} \t\r\n"):
            return False  # a number may go on in the next fragment ('2' may become '2.5')
        self.leaves.append(Leaf(path, value, whole=True))
        self.i = end
        return True


def leaves(text: str) -> list[Leaf]:
    """The scalars of a JSON object's text or of a prefix of it, in document order.

    >>> [(leaf.path, leaf.value, leaf.whole) for leaf in leaves('{"a":[1,{"b":"xy')]
    [('$.a[0]', 1, True), ('$.a[1].b', 'xy', False)]
    """
    return _Scanner(text).scan()


def entry(path: str, value: Any, *, more: bool = False) -> dict[str, Any]:
    """One ``PartialArg`` (google-genai ``types.PartialArg``, wire names in camelCase).

    >>> entry("$.x", None), entry("$.ok", True)
    ({'jsonPath': '$.x', 'nullValue': 'NULL_VALUE'}, {'jsonPath': '$.ok', 'boolValue': True})
    """
    out: dict[str, Any] = {"jsonPath": path}
    if value is None:
        out["nullValue"] = "NULL_VALUE"  # google-genai types.PartialArg.null_value: Literal['NULL_VALUE']
    elif isinstance(value, bool):
        out["boolValue"] = value
    elif isinstance(value, int | float):
        out["numberValue"] = value
    else:
        out["stringValue"] = value
    if more:
        out["willContinue"] = True
    return out


class ArgsStream:
    """The ``partialArgs`` of one call, fragment by fragment: what each new fragment completes."""

    def __init__(self) -> None:
        self.text = ""
        self.done = 0  # leaves sent whole
        self.sent = ""  # the characters of the open string already sent

    def feed(self, fragment: str) -> list[dict[str, Any]]:
        """The entries ``fragment`` adds to the text so far."""
        self.text += fragment
        return self._new(leaves(self.text))

    def finish(self, whole: str) -> list[dict[str, Any]]:
        """The entries still to send once the call's whole input is known (its tool-call part)."""
        try:
            parsed = json.loads(whole or "{}")
        except ValueError:
            parsed = None
        if not isinstance(parsed, dict):
            raise NoPathForm(f"the call's input {whole!r} is not a JSON object")
        self.text = whole if whole.startswith(self.text) else self.text
        return self._new(leaves(self.text or "{}"))

    def _new(self, found: list[Leaf]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for leaf in found[self.done:]:
            if isinstance(leaf.value, str) and (self.sent or not leaf.whole):
                piece = leaf.value[len(self.sent):]
                if leaf.whole:
                    out.append(entry(leaf.path, piece))
                elif piece:
                    out.append(entry(leaf.path, piece, more=True))
                self.sent = "" if leaf.whole else leaf.value
            else:
                out.append(entry(leaf.path, leaf.value))
            if leaf.whole:
                self.done += 1
        return out


_SEGMENT = re.compile(r"\.([^.\[\]]+)|\[(\d+)\]")


def apply(args: dict[str, Any], entries: list[Any]) -> None:
    """Read ``partialArgs`` entries into ``args`` as ``@ai-sdk/google`` does: each value set at its path,
    a string appended to the string already there (an entry that is not an object is skipped).

    >>> args: dict[str, Any] = {}
    >>> apply(args, [{"jsonPath": "$.a[0].b", "stringValue": "x", "willContinue": True},
    ...              {"jsonPath": "$.a[0].b", "stringValue": "y"}, {"jsonPath": "$.n", "nullValue": "NULL_VALUE"}])
    >>> args
    {'a': [{'b': 'xy'}], 'n': None}
    """
    for e in entries:
        if not isinstance(e, dict) or not isinstance(e.get("jsonPath"), str):
            continue
        keys: list[str | int] = [m[1] if m[1] else int(m[2]) for m in _SEGMENT.finditer(e["jsonPath"])]
        if not keys:
            continue
        holder: Any = args
        for key, nxt in itertools.pairwise(keys):
            if isinstance(holder, list) and isinstance(key, int) and key == len(holder):
                holder.append([] if isinstance(nxt, int) else {})
            elif isinstance(holder, dict) and key not in holder:
                holder[key] = [] if isinstance(nxt, int) else {}
            holder = holder[key]
        last = keys[-1]
        value = next((e[k] for k in ("stringValue", "numberValue", "boolValue") if e.get(k) is not None),
                     None if "nullValue" in e else ...)
        if value is ...:
            continue
        if isinstance(holder, list) and isinstance(last, int) and last == len(holder):
            holder.append(value)
            continue
        old = holder.get(last) if isinstance(holder, dict) else holder[last]
        holder[last] = old + value if isinstance(old, str) and isinstance(value, str) else value


__all__ = ["ArgsStream", "Leaf", "NoPathForm", "apply", "entry", "leaves"]
