"""Request validation: JSON bodies, the fields the mock reads, posted scenario documents, body size.

Each check raises :class:`~mock_provider.server.errors.RequestError` naming what is wrong, so a
client sees a 4xx JSON error that points at its own mistake.

Example:
    >>> check_request_fields({"stream": True, "messages": []})
    >>> parse_json_object(b"[1]")
    Traceback (most recent call last):
    ...
    mock_provider.server.errors.RequestError: request body must be a JSON object, got list
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from aiohttp import web
from pydantic import ValidationError

from mock_provider.scenario import ScenarioError, read_located
from mock_provider.server.errors import RequestError

DEFAULT_MAX_BODY_BYTES = 1 << 20
_FIELD_MSG = re.compile(r"^Value error, ([A-Za-z_][\w.]*): (.*)$", re.S)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


_DECODER = json.JSONDecoder(parse_constant=_reject_constant)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


# Scenario documents only: a YAML document's duplicate keys are refused, so a JSON one's are too
# (json keeps the last silently). Requests keep the shared decoder: the real APIs accept them.
_SCENARIO_DECODER = json.JSONDecoder(parse_constant=_reject_constant, object_pairs_hook=_no_duplicate_keys)


def parse_json_object(raw: bytes, *, what: str = "request body", decoder: json.JSONDecoder = _DECODER
                      ) -> dict[str, Any]:
    """Parse a JSON object; ``RequestError`` (400) naming the parse error otherwise.

    >>> parse_json_object(b'{"a": 1}')
    {'a': 1}
    >>> parse_json_object(b'{"a": }')
    Traceback (most recent call last):
    ...
    mock_provider.server.errors.RequestError: request body is not valid JSON: Expecting value: line 1 column 7 (char 6)
    """
    try:
        # One shared decoder: json.loads(..., parse_constant=...) would build a new one per request.
        data = decoder.decode(raw.decode(json.detect_encoding(raw), "surrogatepass"))
    except RecursionError:
        raise RequestError(400, "invalid_request_error", f"{what} is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        raise RequestError(400, "invalid_request_error", f"{what} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RequestError(400, "invalid_request_error", f"{what} must be a JSON object, got {type(data).__name__}")
    return data


_JSON_TYPES = {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}


def _check_type(value: Any, expected: type, param: str) -> None:
    # bool is an int subclass, so only an explicit bool check accepts True/False.
    if not isinstance(value, expected) or (expected is not bool and isinstance(value, bool)):
        raise RequestError(400, "invalid_request_error",
                           f"{param} must be {_JSON_TYPES[expected]}, got {json_type(value)}", param=param)


def json_type(value: Any) -> str:
    """The JSON name of a value's type, as error messages show it.

    >>> json_type(None), json_type(True), json_type(1.5), json_type({})
    ('null', 'boolean', 'number', 'object')
    """
    if value is None:
        return "null"
    return {bool: "boolean", int: "number", float: "number", str: "string", list: "list", dict: "object"}.get(
        type(value), type(value).__name__)


def check_request_fields(body: Mapping[str, Any]) -> None:
    """Type-check the fields the mock reads; ``RequestError`` (400) naming the field.

    >>> check_request_fields({"messages": "hi"})
    Traceback (most recent call last):
    ...
    mock_provider.server.errors.RequestError: messages must be a list, got string
    """
    if "model" in body:
        _check_type(body["model"], str, "model")
    if "messages" in body:
        _check_type(body["messages"], list, "messages")
        for i, m in enumerate(body["messages"]):
            # Exact type tests first: the field names are only formatted for an error (hot path).
            if type(m) is not dict:
                _check_type(m, dict, f"messages.{i}")
            if "role" in m and type(m["role"]) is not str:
                _check_type(m["role"], str, f"messages.{i}.role")
    if "stream" in body:
        _check_type(body["stream"], bool, "stream")
    if "stream_options" in body and body["stream_options"] is not None:
        _check_type(body["stream_options"], dict, "stream_options")
        if "include_usage" in body["stream_options"]:
            _check_type(body["stream_options"]["include_usage"], bool, "stream_options.include_usage")
    if "tools" in body and body["tools"] is not None:
        _check_type(body["tools"], list, "tools")
        for i, t in enumerate(body["tools"]):
            _check_type(t, dict, f"tools.{i}")


def parse_document(raw: bytes, content_type: str) -> dict[str, Any]:
    """A posted scenario document as a mapping: JSON when the content type says so, else safe YAML.

    >>> parse_document(b"id: a.b.001\\ntitle: t\\n", "application/yaml")
    {'id': 'a.b.001', 'title': 't'}
    >>> parse_document(b'{"id": "a.b.001", "id": "c.d.001"}', "application/json")
    Traceback (most recent call last):
    ...
    mock_provider.server.errors.RequestError: scenario document is not valid JSON: duplicate key 'id'
    >>> parse_document(b"a: &x 1\\nb: *x\\n", "text/yaml")
    Traceback (most recent call last):
    ...
    mock_provider.server.errors.RequestError: scenario document:2: YAML aliases are not supported in scenarios
    """
    if "json" in content_type.lower():
        data = parse_json_object(raw, what="scenario document", decoder=_SCENARIO_DECODER)
        refuse_unencodable(data, "scenario document")
        return data
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RequestError(400, "invalid_request_error", f"scenario document is not UTF-8: {exc}") from None
    try:
        # The same reader as scenario files: aliases, depth, duplicate keys and bad strings refused.
        data, _ = read_located(text, "scenario document", ScenarioError)
    except ScenarioError as exc:
        raise RequestError(400, "invalid_request_error", str(exc)) from None
    if not isinstance(data, dict):
        raise RequestError(400, "invalid_request_error", "a scenario document must hold one mapping")
    return data


def refuse_unencodable(data: Any, what: str) -> None:
    """Refuse a string UTF-8 cannot encode (a lone surrogate from a ``"\\ud800"`` JSON escape): YAML
    files and posts were vetted, a JSON post was not, and its scenario broke the server's writer (500).

    >>> refuse_unencodable({"script": [{"delta": "a\\ud800"}]}, "doc")
    Traceback (most recent call last):
    ...
    mock_provider.server.errors.RequestError: doc: script.0.delta: a string that UTF-8 cannot encode (a lone surrogate)
    """

    def refuse(path: str, text: Any) -> None:
        try:
            if isinstance(text, str):
                text.encode("utf-8")
        except UnicodeEncodeError:
            raise RequestError(400, "invalid_request_error", f"{what}: {path or '<root>'}: a string that UTF-8 "
                               "cannot encode (a lone surrogate)", param=path or None) from None

    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:  # iterative: the parser bounds the depth, this walk need not recurse
        value, path = stack.pop()
        refuse(path, value)
        items: Any = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, item in items:
            refuse(path, key)  # before the key goes into a path: the error message must encode too
            stack.append((item, f"{path}.{key}" if path else str(key)))


def field_errors(exc: ValidationError, data: Any) -> list[dict[str, str]]:
    """Pydantic errors as ``{field, message}`` with document paths (union tags dropped).

    >>> from mock_provider.scenario import Scenario
    >>> data = {"id": "a.b.001", "title": "t", "rows": [], "citations": [], "script": [], "expected": {}, "x": 1}
    >>> try:
    ...     Scenario.model_validate(data)
    ... except ValidationError as exc:
    ...     [f for f in field_errors(exc, data) if f["field"] == "x"]
    [{'field': 'x', 'message': 'unknown field (typo?)'}]
    """
    out: list[dict[str, str]] = []
    for err in exc.errors():
        loc = list(err["loc"])
        path: list[str] = []
        cursor: Any = data
        for n, key in enumerate(loc):
            in_doc = (isinstance(cursor, dict) and key in cursor) or (
                isinstance(cursor, list) and isinstance(key, int) and 0 <= key < len(cursor))
            if in_doc:
                path.append(str(key))
                cursor = cursor[key]
            elif n == len(loc) - 1:
                path.append(str(key))  # a missing field: named by its key
            # else: a pydantic union tag such as 'text-delta' that is not a document key
        msg = str(err["msg"])
        located = _FIELD_MSG.match(msg)
        if located and not path:
            path, msg = [located.group(1)], located.group(2)
        if err["type"] == "extra_forbidden":
            msg = "unknown field (typo?)"
        out.append({"field": ".".join(path)[:300], "message": msg[:500]})
    return out


async def read_body(request: web.Request, limit: int) -> bytes:
    """The request body, or ``RequestError`` (413) when it is over ``limit`` bytes."""
    if request.content_length is not None and request.content_length > limit:
        raise RequestError(413, "request_too_large",
                           f"request body of {request.content_length} bytes exceeds the limit of {limit} bytes")
    try:
        return await request.read()
    except web.HTTPRequestEntityTooLarge:
        raise RequestError(413, "request_too_large", f"request body exceeds the limit of {limit} bytes") from None


__all__ = ["DEFAULT_MAX_BODY_BYTES", "check_request_fields", "field_errors", "json_type", "parse_document",
           "parse_json_object", "read_body"]
