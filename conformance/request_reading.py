"""What reached the model, judged alike on every wire: the conversation, the tools, the output schema, the files.

The request is read by ``mock_provider.request_reading`` (the server picks scenarios with the same reading).
What reaches the model is the same when the call's name and input, and the result's value under that call,
are the same; so a request check written once (``conversation``, ``functions``) holds on every wire, and says
what was sent when it does not.

Values are compared as the model reads them: a call's arguments as JSON (``{"city": "Paris"}`` and
``{"city":"Paris"}`` are one input), and a result's value as the whole content or JSON text of it, or, on the
one wire whose result must be an object, one member of that object: Gemini's ``FunctionResponse.response``
("Required. The function response in JSON object format. Use "output" key to specify function output",
js-genai types.FunctionResponse), so ``@ai-sdk/google`` 4.0.121 sends a text result as ``{"name": ...,
"content": "14:05"}``. Elsewhere a result's content is the value itself (Chat Completions' and the Messages API's
text, the Responses API's output string): an object the client wraps it in reaches the model as well, so
``{"type": "text", "value": "14:05"}`` is not ``14:05`` there.
Gemini's call ids are optional (``FunctionResponse.id``: "Optional. The identifier of the function call
this response is for", ai.google.dev/api/caching#FunctionResponse), so there a call and its result are
found by name; elsewhere the id is how the model pairs them, and it must be the scripted one.
A Responses request may name an earlier item by its id alone, ``{"type": "item_reference", "id": ...}``, which
OpenAI's server reads as the item it served under that id (openai 3.57.0 ``ItemReference``: "An internal identifier
for an item to reference"); :func:`with_references_read` puts in each item the case was served under such an id, and
leaves a reference to an id never served as it is: no call, no message.

Example:
    >>> body = {"messages": [{"role": "user", "content": "Hi"},
    ...   {"role": "assistant", "content": [{"type": "tool_use", "id": "c1", "name": "f", "input": {"a": 1}}]},
    ...   {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1", "content": "ok"}]}]}
    >>> conversation_mismatch([{"call": {"id": "c1", "name": "f", "args": {"a": 1}}},
    ...                        {"result": {"id": "c1", "value": "ok"}}], body) is None
    True
    >>> print(conversation_mismatch([{"result": {"id": "c1", "value": "no"}}], body).split("; ")[1])
    sent: call c1 f {'a': 1}, result c1 'ok'
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterable, Mapping
from typing import Any

from mock_provider.request_reading import Said, json_or_text, media_sent, offered, role_name, said, spoken

__all__ = [
    "Said",
    "conversation_mismatch",
    "functions_mismatch",
    "media_mismatch",
    "media_sent",
    "offered",
    "output_schema_mismatch",
    "said",
    "schema_mismatch",
    "spoken",
    "with_references_read",
]


def _says(role: str, text: str, sent: tuple[str, list[str]]) -> bool:
    """Whether a sent message gives the model the caller's ``text`` as ``role``: the whole of it, or one of its
    parts (a client that joins consecutive messages of one speaker); a system prompt may hold the agent's own
    instructions beside the caller's."""
    if role_name(role) != sent[0]:
        return False
    whole, want = "".join(sent[1]).strip(), text.strip()
    return whole == want or any(p.strip() == want for p in sent[1]) or (role == "system" and want in whole)



def _same(a: Any, b: Any) -> bool:
    """One JSON value (1 and 1.0 alike, true and 1 apart), or one text modulo surrounding white space."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, str) and isinstance(b, str):
        return a.strip() == b.strip()
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _no_input(value: Any) -> bool:
    return value is None or value == "" or value == {}


def _same_input(want: Any, sent: Any) -> bool:
    want, sent = json_or_text(want), json_or_text(sent)
    return (_no_input(want) and _no_input(sent)) or _same(want, sent)


def holds_value(sent: Any, want: Any, envelope: bool = False, depth: int = 0) -> bool:
    """Whether the result content ``sent`` gives the model the value ``want``: as it is, or as JSON text; with
    ``envelope`` (the wire's result is an object the client must put the value in: Gemini's) as one member of
    that object too.

    >>> holds_value('{"t": 18}', {"t": 18}), holds_value('{"t": 18}', '{"t":18}'), holds_value({"t": 19}, {"t": 18})
    (True, True, False)
    >>> holds_value({"name": "f", "content": "14:05"}, "14:05", envelope=True)
    True
    >>> holds_value('{"type": "text", "value": "14:05"}', "14:05")  # an envelope the wire does not need
    False
    """
    if _same(sent, want) or _same(json_or_text(sent), json_or_text(want)):
        return True
    if depth >= 3:
        return False
    inner = json_or_text(sent)
    if envelope and isinstance(inner, dict):
        return any(holds_value(v, want, depth=depth + 1) for v in inner.values())
    if isinstance(inner, list) and len(inner) == 1:
        return holds_value(inner[0], want, envelope, depth + 1)
    return False


def _call_at(spec: dict[str, Any], sent: list[Said], used: set[int]) -> int | None:
    """The first unused sent call with the expected call's name and input (its id is the client's to choose)."""
    return next((i for i, item in enumerate(sent) if i not in used and item.kind == "call"
                 and item.name == spec.get("name") and _same_input(spec.get("args"), item.value)), None)


def _result_at(spec: dict[str, Any], call: Said | None, after: int, sent: list[Said], used: set[int],
               by_id: bool, envelope: bool) -> int | None:
    """The first unused sent result after ``after`` under the sent call's id (its name where the wire has no
    ids: Gemini) that gives the model the expected value (in the object the wire needs, with ``envelope``)."""
    for i, item in enumerate(sent):
        if i <= after or i in used or item.kind != "result" or not holds_value(item.value, spec.get("value"),
                                                                                    envelope):
            continue
        if by_id and item.id == (call.id if call is not None and call.id else spec.get("id")):
            return i
        if not by_id and (call is None or item.name == call.name) and (spec.get("name") in (None, item.name)):
            return i
    return None


def served_by_id(items: Iterable[Any]) -> dict[str, dict[str, Any]]:
    """Served output items by their ``id`` (a later one under an id served twice).

    >>> served_by_id([{"id": "fc_1", "type": "function_call"}, {"type": "message"}])
    {'fc_1': {'id': 'fc_1', 'type': 'function_call'}}
    """
    return {i["id"]: i for i in items if isinstance(i, dict) and isinstance(i.get("id"), str)}


def with_references_read(request: Any, served: Mapping[str, dict[str, Any]]) -> Any:
    """``request`` with each Responses ``item_reference`` in its ``input`` replaced by the item ``served`` holds
    under its id, as OpenAI's server reads it; a reference to an id not served stays (the request as it is when it
    has none).

    >>> served = {"fc_1": {"id": "fc_1", "type": "function_call", "call_id": "c", "name": "f", "arguments": "{}"}}
    >>> body = {"input": [{"type": "item_reference", "id": "fc_1"}, {"type": "item_reference", "id": "fc_9"},
    ...                   {"type": "function_call_output", "call_id": "c", "output": "1"}]}
    >>> [str(s) for s in said(with_references_read(body, served))[0]]
    ['call c f {}', "result c '1'"]
    """
    items = request.get("input") if isinstance(request, dict) else None
    if not isinstance(items, list) or not any(_reference(i) in served for i in items):
        return request
    read = [copy.deepcopy(served[ref]) if (ref := _reference(i)) is not None and ref in served else i
            for i in items]
    return {**request, "input": read}


def _reference(item: Any) -> str | None:
    if isinstance(item, dict) and item.get("type") == "item_reference" and isinstance(item.get("id"), str):
        return str(item["id"])
    return None


def conversation_mismatch(expected: list[dict[str, Any]], request: Any) -> str | None:
    """Why ``request`` does not carry the ``expected`` calls and results (None when it does).

    Each expected call is some sent call with its name and input; each expected result is a sent result after
    that call, under the id the client sent the call with (by the call's name on Gemini, whose ids are optional),
    with its value. What the model reads decides: a client that gives a call an id of its own and files the
    result under it tells the model the same, and one that files a result under another call's id does not. Other
    calls and results may be there (an agent's own), and one turn's results in any order.
    """
    sent, by_id = said(request)
    # Gemini's contents: the one wire whose result is an object by the wire's own type (FunctionResponse.response).
    envelope = isinstance(request, dict) and isinstance(request.get("contents"), list)
    texts, after = spoken(request), -1
    used: set[int] = set()
    calls: dict[str, int] = {}  # expected call id -> the sent call's position
    for want in expected:
        if "text" in want:
            role, text = want["text"]["role"], want["text"]["text"]
            at = next((i for i in range(after + 1, len(texts)) if _says(role, text, texts[i])), None)
            if at is None and text.strip():  # a message that holds nothing may be left out
                shown = ", ".join(f"{r} {''.join(t)!r}" for r, t in texts) or "no text"
                return f"the caller's {role} message {text!r} is not there, in order; sent: {shown}"
            after = after if at is None else at
            continue
        kind = "call" if "call" in want else "result"
        spec = want[kind]
        if kind == "call":
            found = _call_at(spec, sent, used)
        else:
            at = calls.get(spec.get("id") or "")
            found = _result_at(spec, None if at is None else sent[at], -1 if at is None else at, sent, used, by_id,
                               envelope)
        if found is None:
            shown = ", ".join(str(s) for s in sent) or "no call or result"
            if kind == "call":
                return f"no call of {spec.get('name')} with input {spec.get('args')!r}; sent: {shown}"
            return f"the result of call {spec.get('id')} (value {spec.get('value')!r}) was not sent after its " \
                   f"call, under its id; sent: {shown}"
        used.add(found)
        if kind == "call" and spec.get("id"):
            calls[spec["id"]] = found
    return None


def _types(schema: dict[str, Any]) -> set[str]:
    """A schema's types, lower case, ``nullable: true`` (OpenAPI, Gemini) read as the type ``null``."""
    raw = schema.get("type")
    found = {str(t).lower() for t in (raw if isinstance(raw, list) else [raw] if raw is not None else [])}
    for option in schema.get("anyOf") or []:
        if isinstance(option, dict):
            found |= _types(option)
    return found | ({"null"} if schema.get("nullable") is True else set())


def schema_mismatch(want: Any, sent: Any, where: str = "") -> str | None:
    """Where the schema ``sent`` means something other than ``want`` for the model (None: the same meaning).

    Compared: the types (any case; ``nullable`` as a ``null`` type), an object's property names and its
    required set, each property and an array's items in turn, an enum's values, a description the caller
    gave. Not compared: how the wire spells the rest (``additionalProperties``, ``$schema``, ``title``,
    ``propertyOrdering``), which Gemini's OpenAPI subset and OpenAI's strict mode add or drop.

    >>> schema_mismatch({"type": "object", "properties": {"c": {"type": "string"}}, "required": ["c"]},
    ...                 {"type": "OBJECT", "properties": {"c": {"type": "STRING"}}, "required": ["c"]}) is None
    True
    >>> print(schema_mismatch({"type": "object", "properties": {"c": {"type": "string"}}}, {"type": "object"}))
    /properties (names [] where the caller has ['c'])
    """
    if not isinstance(want, dict) or not isinstance(sent, dict):
        return None if _same(want, sent) else where or "/"
    if _types(want) - {"null"} != _types(sent) - {"null"}:
        return f"{where}/type"
    if "enum" in want and not _same(sorted(map(str, want["enum"])), sorted(map(str, sent.get("enum") or []))):
        return f"{where}/enum"
    if isinstance(want.get("description"), str) and not _same(want["description"], sent.get("description")):
        return f"{where}/description"
    props, got = want.get("properties") or {}, sent.get("properties") or {}
    if sorted(props) != sorted(got):
        return f"{where}/properties (names {sorted(got)} where the caller has {sorted(props)})"
    if set(want.get("required") or []) != set(sent.get("required") or []):
        return f"{where}/required"
    for name, prop in props.items():
        found = schema_mismatch(prop, got[name], f"{where}/properties/{name}")
        if found is not None:
            return found
    if isinstance(want.get("items"), dict):
        return schema_mismatch(want["items"], sent.get("items"), f"{where}/items")
    return None


def functions_mismatch(expected: list[dict[str, Any]], request: Any) -> str | None:
    """Why ``request`` does not offer the ``expected`` function tools (None when it does): each found by name
    with the caller's description and a schema of the same meaning (:func:`schema_mismatch`); a tool sent in
    OpenAI's strict mode may carry the strict form of the caller's schema. Tools of the adapter's own may be there.

    >>> req = {"tools": [{"type": "function", "name": "f", "description": "F", "parameters": {"type": "object"}}]}
    >>> functions_mismatch([{"name": "f", "description": "F", "parameters": {"type": "object"}}], req) is None
    True
    >>> functions_mismatch([{"name": "g", "parameters": {"type": "object"}}], req)
    "no tool named 'g' (offered: ['f'])"
    """
    from conformance.structured import StrictSchemaError, strict_json_schema

    tools = offered(request)
    for want in expected:
        sent = tools.get(want["name"])
        if sent is None:
            return f"no tool named {want['name']!r} (offered: {sorted(tools)})"
        if want.get("description") and not _same(want["description"], sent["description"]):
            return f"tool {want['name']!r}: description {sent['description']!r} where the caller gave " \
                   f"{want['description']!r}"
        where = schema_mismatch(want.get("parameters"), sent["parameters"])
        if where is not None and sent["strict"] and isinstance(want.get("parameters"), dict):
            with contextlib.suppress(StrictSchemaError):  # no strict form: the caller's schema must be there
                where = schema_mismatch(strict_json_schema(want["parameters"]), sent["parameters"])
        if where is not None:
            return f"tool {want['name']!r}: its schema differs at {where}"
    return None


# ---------------------------------------------------------------- the output schema
_NATIVE_SCHEMA_PATHS = ("/response_format/json_schema/schema", "/text/format/schema",
                        "/generationConfig/responseJsonSchema", "/generationConfig/responseSchema",
                        "/generation_config/response_json_schema", "/generation_config/response_schema",
                        "/output_format/schema", "/output_config/format/schema")


def _native_schemas(request: dict[str, Any]) -> list[Any]:
    """The output schemas ``request`` states natively, wherever its wire keeps one."""
    from conformance.request_checks import pointer_get  # it imports this module

    return [f for f in (pointer_get(request, path) for path in _NATIVE_SCHEMA_PATHS) if isinstance(f, dict)]


def _forced_tool_schemas(request: dict[str, Any]) -> list[Any]:
    """The schemas of the tools ``request`` makes the model call: Chat ``tool_choice`` "required" or one function,
    Messages ``{type: any | tool}``, Responses ``{type: function, name}``, Gemini ``functionCallingConfig`` mode ANY."""
    from conformance.request_checks import MISSING, pointer_get  # it imports this module

    choice = request.get("tool_choice", pointer_get(request, "/toolConfig/functionCallingConfig"))
    if isinstance(choice, dict) and "mode" in choice:  # Gemini
        forced, names = str(choice["mode"]).upper() == "ANY", choice.get("allowedFunctionNames") or []
    elif isinstance(choice, dict):
        named = pointer_get(choice, "/function/name")
        named = choice.get("name") if named is MISSING else named
        forced, names = choice.get("type") not in ("auto", "none"), [named] if named else []
    else:
        forced, names = choice == "required", []
    return [t["parameters"] for name, t in offered(request).items() if forced and (not names or name in names)]


def output_schema_mismatch(schema: dict[str, Any], request: Any) -> str | None:
    """Why the caller's output ``schema`` does not reach the model in ``request`` (None when it does): natively
    (Chat ``response_format``, Responses ``text.format``, Gemini ``responseSchema`` or ``responseJsonSchema``, the
    Messages API's ``output_format``), as the schema of a tool the request makes the model call, or as JSON in a
    system message; with the caller's meaning, or its strict form (optional properties required and nullable,
    which OpenAI's strict mode documents as the same schema).

    >>> want = {"type": "object", "properties": {"a": {"type": "string"}}}
    >>> output_schema_mismatch(want, {"generationConfig": {"responseSchema": {"type": "OBJECT",
    ...                               "properties": {"a": {"type": "STRING"}}}}}) is None
    True
    >>> output_schema_mismatch(want, {"contents": []})
    'the output schema is not in the request (natively, as a forced tool, or in a system message)'
    """
    from conformance.request_checks import find_json_in
    from conformance.structured import StrictSchemaError, strict_json_schema

    if not isinstance(request, dict):
        return "no request"
    forms = [schema]
    with contextlib.suppress(StrictSchemaError):
        forms.append(strict_json_schema(schema))
    sent = _native_schemas(request) + _forced_tool_schemas(request)
    if any(schema_mismatch(form, got) is None for form in forms for got in sent):
        return None
    if any(find_json_in("".join(parts), form) for role, parts in spoken(request) if role == "system" for form in forms):
        return None
    if sent:
        return f"the output schema sent differs at {schema_mismatch(schema, sent[0])}"
    return "the output schema is not in the request (natively, as a forced tool, or in a system message)"


# ---------------------------------------------------------------- media

def media_mismatch(expected: list[dict[str, Any]], request: Any) -> str | None:
    """Why a file the caller sent (``{media_type, data}``) does not reach the model (None when each does): its
    bytes somewhere in the request, under its media type wherever the wire states one.

    >>> media_mismatch([{"media_type": "image/png", "data": "iVBO"}], {"x": "data:image/png;base64,iVBO"}) is None
    True
    >>> media_mismatch([{"media_type": "application/pdf", "data": "JVBE"}], {"x": "data:image/png;base64,JVBE"})
    "the caller's application/pdf file is not in the request (found as: ['image/png'])"
    """
    sent = media_sent(request)
    for want in expected:
        kinds = [k for k, data in sent if data == want["data"]]
        if not kinds or not any(k in (None, want["media_type"]) for k in kinds):
            return f"the caller's {want['media_type']} file is not in the request (found as: {kinds})"
    return None
