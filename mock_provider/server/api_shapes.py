"""The request shapes of the Responses and Gemini APIs the mock checks: a wrong type is that API's 400.

Both routes once answered 200 to ``input`` a number, Responses items with an integer ``role``, no
``input`` at all, Gemini ``contents`` a string, ``parts`` a string, ``generationConfig`` a string.
Gemini fields are checked against google-genai's own pydantic types (its ``extra='forbid'`` is not
applied: the API grows fields before the SDK knows them, and the mock reads only what it knows).
The Responses API has no pydantic request models in the SDK (TypedDicts only), so the fields the
mock reads are checked by type here.

Example:
    >>> check_api_fields("gemini", {"contents": "hi"})
    Traceback (most recent call last):
    ...
    mock_provider.server.errors.RequestError: Invalid value at 'contents' (input should be a valid list): 'hi'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from pydantic import TypeAdapter, ValidationError

from mock_provider.server.errors import RequestError
from mock_provider.server.validation import json_type

__all__ = ["check_api_fields"]


@cache
def _gemini_adapters() -> dict[str, TypeAdapter[Any]]:
    """google-genai's types of the request fields the mock may read (built once, on first use)."""
    from google.genai import types

    return {"contents": TypeAdapter(list[types.Content]), "systemInstruction": TypeAdapter(types.Content),
            "generationConfig": TypeAdapter(types.GenerationConfig), "tools": TypeAdapter(list[types.Tool]),
            "toolConfig": TypeAdapter(types.ToolConfig),
            "safetySettings": TypeAdapter(list[types.SafetySetting])}


def _where(field: str, loc: tuple[int | str, ...]) -> str:
    """Google's way to name a field: ``contents[0].parts``."""
    out = field
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _check_gemini(body: Mapping[str, Any]) -> None:
    for field, adapter in _gemini_adapters().items():
        if field not in body:
            continue
        value = body[field]
        try:
            adapter.validate_python(value)
        except ValidationError as exc:
            wrong = [e for e in exc.errors() if e["type"] != "extra_forbidden"]
            if wrong:
                first = wrong[0]
                where = _where(field, tuple(first["loc"]))
                shown = repr(first["input"])[:80]
                msg = first["msg"][0].lower() + first["msg"][1:]
                raise RequestError(400, "invalid_request_error", f"Invalid value at '{where}' ({msg}): {shown}",
                                   param=where) from None


def _type_error(param: str, want: str, value: Any) -> RequestError:
    return RequestError(400, "invalid_request_error", f"Invalid type for '{param}': expected {want}, but got "
                        f"{json_type(value)} instead.", param=param, code="invalid_type")


def _check_responses(body: Mapping[str, Any]) -> None:
    if "input" not in body:
        if not any(k in body for k in ("previous_response_id", "prompt", "conversation")):
            raise RequestError(400, "invalid_request_error", "Missing required parameter: 'input'.", param="input",
                               code="missing_required_parameter")
        return
    items = body["input"]
    if isinstance(items, str):
        return
    if not isinstance(items, list):
        raise _type_error("input", "a string or an array of input items", items)
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            raise _type_error(f"input[{i}]", "an object", item)
        for key in ("role", "type"):
            if key in item and not isinstance(item[key], str):
                raise _type_error(f"input[{i}].{key}", "a string", item[key])
        content = item.get("content")
        if content is not None and not isinstance(content, str | list):
            raise _type_error(f"input[{i}].content", "a string or an array", content)
    if "instructions" in body and body["instructions"] is not None and not isinstance(body["instructions"], str):
        raise _type_error("instructions", "a string", body["instructions"])


def check_api_fields(dialect: str, body: Mapping[str, Any]) -> None:
    """Check the request fields of the Responses (``openai-responses``) or Gemini (``gemini``) API; a
    ``RequestError`` (400) naming the field, in the words that API uses.

    >>> check_api_fields("openai-responses", {"input": [{"role": 1}]})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mock_provider.server.errors.RequestError: Invalid type for 'input[0].role': expected a string, but got number ...
    >>> check_api_fields("openai-chat", {"input": 1})
    """
    if dialect == "gemini":
        _check_gemini(body)
    elif dialect == "openai-responses":
        _check_responses(body)
