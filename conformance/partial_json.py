"""``ai``'s partial JSON parser: ``parsePartialJson``, ``fixJson`` and the ``secureJsonParse`` under them.

How ``readUIMessageStream`` shows a tool call's input while its text is still streaming
(:mod:`conformance.ui_message_reader`): the text parsed as it is, else the longest valid prefix
closed (``fixJson``) parsed, else ``undefined``. Ported from ``ai`` 6.0.326 ``dist/index.mjs`` and
``ai`` 7.0.173 ``dist/index.js`` (the two differ in one branch, see :func:`fix_json`), and
``@ai-sdk/provider-utils`` 4.0.65 / 5.0.81 for the JSON parser, which refuses prototype keys.
``tests/test_ui_stream_oracle.py`` streams every prefix of a set of JSON texts to ``ai``'s reader
and to the port and requires the same input.

Example:
    >>> parse_partial_json('{"city": "Madr'), parse_partial_json('[1, 2')
    ({'city': 'Madr'}, [1, 2])
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, Literal

Version = Literal[5, 6, 7]


class _Undefined:
    """JavaScript's ``undefined``: a member that is absent from the JSON of the message."""

    _instance: _Undefined | None = None

    def __new__(cls) -> _Undefined:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "undefined"

    def __bool__(self) -> bool:
        return False


UNDEFINED: Any = _Undefined()


# ---------------------------------------------------------------------------------------------
# JSON: secureJsonParse, fixJson, parsePartialJson
# ---------------------------------------------------------------------------------------------

# @ai-sdk/provider-utils 4.0.65 dist/index.js:1300-1301 (5.0.81 :2117-2118).
_SUSPECT_PROTO = re.compile(r'"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])'
                            r'(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:')
_SUSPECT_CONSTRUCTOR = re.compile(r'"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)'
                                  r'(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])'
                                  r'(?:r|\\u0072)"\s*:')


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # JSON.parse refuses NaN and Infinity


def _forbidden(obj: Any) -> bool:
    """secureJsonParse's filter (provider-utils 4.0.65 dist/index.js:1312-1333): an own ``__proto__``,
    or an own ``constructor`` object with an own ``prototype``, anywhere in the value."""
    pending = [obj]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            if "__proto__" in node:
                return True
            ctor = node.get("constructor")
            if isinstance(ctor, dict) and "prototype" in ctor:
                return True
            pending.extend(v for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            pending.extend(v for v in node if isinstance(v, (dict, list)))
    return False


def secure_json_parse(text: str) -> Any:
    """``secureJsonParse``: ``JSON.parse``, refusing prototype keys (raises ValueError).

    >>> secure_json_parse('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> secure_json_parse('{"__proto__": {}}')
    Traceback (most recent call last):
    ...
    ValueError: Object contains forbidden prototype property
    """
    try:
        obj = json.loads(text, parse_constant=_no_constant)
    except RecursionError as exc:  # deeper than Python's parser goes; V8 parses it
        raise ValueError("nested too deep for this port") from exc
    if not isinstance(obj, (dict, list)):
        return obj
    if (_SUSPECT_PROTO.search(text) or _SUSPECT_CONSTRUCTOR.search(text)) and _forbidden(obj):
        raise ValueError("Object contains forbidden prototype property")
    return obj


_DIGITS = frozenset("0123456789")
_HEX = frozenset("0123456789abcdefABCDEF")
_OBJECT_STATES = frozenset({"INSIDE_OBJECT_KEY", "INSIDE_OBJECT_AFTER_KEY", "INSIDE_OBJECT_AFTER_COMMA",
                            "INSIDE_OBJECT_START", "INSIDE_OBJECT_BEFORE_VALUE", "INSIDE_OBJECT_AFTER_VALUE"})
_ARRAY_STATES = frozenset({"INSIDE_ARRAY_START", "INSIDE_ARRAY_AFTER_COMMA", "INSIDE_ARRAY_AFTER_VALUE"})
# The state after a container's value -> (its closer, the state a comma leaves), for objects and arrays alike.
_AFTER_VALUE = {"INSIDE_OBJECT_AFTER_VALUE": ("}", "INSIDE_OBJECT_AFTER_COMMA"),
                "INSIDE_ARRAY_AFTER_VALUE": ("]", "INSIDE_ARRAY_AFTER_COMMA")}


class _FixJson:
    """``fixJson`` (ai 6 dist/index.mjs:3421-3756, ai 7 dist/index.js:3318-3567): one state per
    character, then the closers of every state still open."""

    def __init__(self, text: str, version: Version) -> None:
        self.text = text
        self.version = version
        self.stack = ["ROOT"]
        self.last_valid = -1
        self.literal_start = 0
        self.unicode_digits = 0

    def value_start(self, char: str, i: int, swap: str) -> None:
        opens = {'"': "INSIDE_STRING", "f": "INSIDE_LITERAL", "t": "INSIDE_LITERAL", "n": "INSIDE_LITERAL",
                 "-": "INSIDE_NUMBER", "{": "INSIDE_OBJECT_START", "[": "INSIDE_ARRAY_START"}
        state = opens.get(char, "INSIDE_NUMBER" if char in _DIGITS else None)
        if state is None:
            return
        if char != "-":
            self.last_valid = i
        if state == "INSIDE_LITERAL":
            self.literal_start = i
        self.stack.pop()
        self.stack.append(swap)
        self.stack.append(state)

    def after_value(self, char: str, i: int) -> None:
        """On top, an object's or an array's after-value state: a comma swaps it for its after-comma
        state, the container's own closer ends it, anything else leaves it."""
        closer, after_comma = _AFTER_VALUE[self.stack[-1]]
        if char == ",":
            self.stack.pop()
            self.stack.append(after_comma)
        elif char == closer:
            self.last_valid = i
            self.stack.pop()

    def end_value(self, char: str, i: int) -> None:
        """A number or literal ends at ``char``: pop it, and let the container it was in read ``char``."""
        self.stack.pop()
        if self.stack[-1] in _AFTER_VALUE:
            self.after_value(char, i)

    def swap_on(self, char: str, table: dict[str, str]) -> None:
        if char in table:
            self.stack.pop()
            self.stack.append(table[char])

    def string(self, char: str, i: int) -> None:
        if char == '"':
            self.stack.pop()
            self.last_valid = i
        elif char == "\\":
            self.stack.append("INSIDE_STRING_ESCAPE")
        else:
            self.last_valid = i

    def array_start(self, char: str, i: int) -> None:
        if char == "]":
            self.last_valid = i
            self.stack.pop()
            return
        if self.version != 7:
            self.last_valid = i  # ai 5 and 6 only (dist/index.mjs:3554); ai 7 dropped it (dist/index.js:3455)
        self.value_start(char, i, "INSIDE_ARRAY_AFTER_VALUE")

    def array_after_value(self, char: str, i: int) -> None:
        if char in ",]":
            self.after_value(char, i)
        else:
            self.last_valid = i

    def escape(self, char: str, i: int) -> None:
        self.stack.pop()
        if char == "u" and self.version != 5:  # ai 5.0.277 fixJson has no unicode escape state (dist/index.mjs:3546)
            self.unicode_digits = 0
            self.stack.append("INSIDE_STRING_UNICODE_ESCAPE")
        else:
            self.last_valid = i

    def unicode_escape(self, char: str, i: int) -> None:
        if char in _HEX:
            self.unicode_digits += 1
            if self.unicode_digits == 4:
                self.stack.pop()
                self.last_valid = i

    def number(self, char: str, i: int) -> None:
        if char in _DIGITS:
            self.last_valid = i
        elif char in "eE-.":
            pass
        elif char in ",}]":
            self.end_value(char, i)  # a closer of the other kind does nothing to the container
        else:
            self.stack.pop()

    def literal(self, char: str, i: int) -> None:
        partial = self.text[self.literal_start:i + 1]
        if not any(word.startswith(partial) for word in ("false", "true", "null")):
            self.end_value(char, i)
        else:
            self.last_valid = i

    def step(self, char: str, i: int) -> None:
        state = self.stack[-1]
        if state == "ROOT":
            self.value_start(char, i, "FINISH")
        elif state == "INSIDE_OBJECT_START":
            if char == "}":
                self.last_valid = i
                self.stack.pop()
            else:
                self.swap_on(char, {'"': "INSIDE_OBJECT_KEY"})
        elif state == "INSIDE_OBJECT_AFTER_COMMA":
            self.swap_on(char, {'"': "INSIDE_OBJECT_KEY"})
        elif state == "INSIDE_OBJECT_KEY":
            self.swap_on(char, {'"': "INSIDE_OBJECT_AFTER_KEY"})
        elif state == "INSIDE_OBJECT_AFTER_KEY":
            self.swap_on(char, {":": "INSIDE_OBJECT_BEFORE_VALUE"})
        elif state == "INSIDE_OBJECT_BEFORE_VALUE":
            self.value_start(char, i, "INSIDE_OBJECT_AFTER_VALUE")
        elif state == "INSIDE_OBJECT_AFTER_VALUE":
            self.after_value(char, i)
        elif state == "INSIDE_ARRAY_AFTER_COMMA":
            self.value_start(char, i, "INSIDE_ARRAY_AFTER_VALUE")
        else:
            self._STEPS[state](self, char, i)

    _STEPS: dict[str, Callable[[_FixJson, str, int], None]] = {
        "INSIDE_STRING": string, "INSIDE_ARRAY_START": array_start, "INSIDE_ARRAY_AFTER_VALUE": array_after_value,
        "INSIDE_STRING_ESCAPE": escape, "INSIDE_STRING_UNICODE_ESCAPE": unicode_escape, "INSIDE_NUMBER": number,
        "INSIDE_LITERAL": literal,
        "FINISH": lambda self, char, i: None,
    }

    def fixed(self) -> str:
        for i, char in enumerate(self.text):
            self.step(char, i)
        result = self.text[:self.last_valid + 1]
        for state in reversed(self.stack):
            if state == "INSIDE_STRING":
                result += '"'
            elif state in _OBJECT_STATES:
                result += "}"
            elif state in _ARRAY_STATES:
                result += "]"
            elif state == "INSIDE_LITERAL":
                partial = self.text[self.literal_start:]
                word = next((w for w in ("true", "false", "null") if w.startswith(partial)), None)
                if word is not None:
                    result += word[len(partial):]
        return result


def fix_json(text: str, version: Version = 7) -> str:
    """``fixJson``: the longest valid prefix of a partial JSON text, closed.

    >>> fix_json('{"a": [1, tr'), fix_json('{"a": "b'), fix_json("[x", 6), fix_json("[x", 7)
    ('{"a": [1, true]}', '{"a": "b"}', '[x]', '[]')
    """
    return _FixJson(text, version).fixed()


def parse_partial_json(text: Any, version: Version = 7) -> Any:
    """``parsePartialJson(text).value`` (ai 6 dist/index.mjs:3758, ai 7 dist/index.js:3569):
    the parsed text, else the parsed repair, else ``undefined``.

    >>> parse_partial_json('{"city": "Ma'), parse_partial_json('{"a": 1') , parse_partial_json("x")
    ({'city': 'Ma'}, {'a': 1}, undefined)
    """
    if text is UNDEFINED:
        return UNDEFINED
    for candidate in (lambda: text, lambda: fix_json(text, version)):
        try:
            return secure_json_parse(candidate())
        except ValueError:
            continue
    return UNDEFINED
