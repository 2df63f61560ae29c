"""A request read the same way on every wire: the tool calls and results it carries, and the tools it offers.

Each wire writes a finished tool round its own way: Chat Completions an assistant ``tool_calls`` entry and a
``tool`` message, the Messages API a ``tool_use`` block and a ``tool_result`` block, the Responses API a
``function_call`` item and a ``function_call_output`` item, Gemini a ``functionCall`` part and a
``functionResponse`` part, the AI SDK prompt ``tool-call`` and ``tool-result`` parts. What reaches the model
is the same when the call's name and input, and the result's value under that call, are the same; so a
request check written once (``conversation``, ``functions``) holds on every wire, and says what was sent
when it does not.

Values are compared as the model reads them: a call's arguments as JSON (``{"city": "Paris"}`` and
``{"city":"Paris"}`` are one input), and a result's value wherever the client put it: the whole content,
JSON text of it, or one member of the object a wire needs (Gemini's ``functionResponse.response`` is an
object, so ``@ai-sdk/google`` 4.0.121 sends a text result as ``{"name": ..., "content": "14:05"}``).
Gemini's call ids are optional (``FunctionResponse.id``: "Optional. The identifier of the function call
this response is for", ai.google.dev/api/caching#FunctionResponse), so there a call and its result are
found by name; elsewhere the id is how the model pairs them, and it must be the scripted one.

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
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

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
]


@dataclass(frozen=True)
class Said:
    """One tool call (``kind`` "call": its ``value`` the input) or tool result ("result": the value sent)."""

    kind: str
    id: str | None
    name: str | None
    value: Any

    def __str__(self) -> str:
        named = f" {self.name}" if self.kind == "call" and self.name else ""
        return f"{self.kind} {self.id or self.name}{named} {self.value!r}"


def _text(content: Any) -> Any:
    """A result content that is text, or a list of text parts only, as one string; anything else as it is."""
    parts = _text_parts(content) if isinstance(content, list) else None
    return "".join(parts) if parts and len(parts) == len(content) else content


def _parsed(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


_TEXT_TYPES = frozenset({"text", "input_text", "output_text"})
_ROLES = {"model": "assistant", "developer": "system"}  # Gemini's and OpenAI's names for the same speakers


def _text_parts(content: Any) -> list[str] | None:
    """A message content's text parts (a string is one), None when it holds parts but no text (a tool round).
    Gemini's thought parts are the model's reasoning, not a message."""
    if isinstance(content, str):
        return [content]
    if not isinstance(content, list):
        return None
    texts = [p["text"] for p in content if isinstance(p, dict) and p.get("type", "text") in _TEXT_TYPES
             and isinstance(p.get("text"), str) and not p.get("thought")]
    return texts if texts or not content else None


def spoken(request: Any) -> list[tuple[str, list[str]]]:
    """The messages ``request`` sends the model as text, in order: (role, text parts). The system prompt first,
    wherever the wire keeps it (Messages ``system``, Responses ``instructions``, Gemini ``systemInstruction``);
    roles in OpenAI's words (Gemini's ``model`` is ``assistant``, ``developer`` is ``system``).

    >>> spoken({"systemInstruction": {"parts": [{"text": "Be terse."}]},
    ...         "contents": [{"role": "model", "parts": [{"text": "Hi", "thought": True}, {"text": "Hello"}]}]})
    [('system', ['Be terse.']), ('assistant', ['Hello'])]
    """
    if not isinstance(request, dict):
        return []
    out: list[tuple[str, list[str]]] = []
    for key in ("system", "instructions", "systemInstruction", "system_instruction"):
        held = request.get(key)
        parts = _text_parts(held.get("parts") if isinstance(held, dict) else held)
        if parts:
            out.append(("system", parts))
    for key in ("messages", "input", "contents", "prompt"):
        items = request.get(key)
        for m in items if isinstance(items, list) else []:
            role = m.get("role") if isinstance(m, dict) and m.get("type", "message") == "message" else None
            if not isinstance(role, str) or role == "tool":
                continue
            parts = _text_parts(m["content"] if "content" in m else m.get("parts"))
            if parts is not None:
                out.append((_ROLES.get(role, role), parts))
    return out


def _says(role: str, text: str, sent: tuple[str, list[str]]) -> bool:
    """Whether a sent message gives the model the caller's ``text`` as ``role``: the whole of it, or one of its
    parts (a client that joins consecutive messages of one speaker); a system prompt may hold the agent's own
    instructions beside the caller's."""
    if _ROLES.get(role, role) != sent[0]:
        return False
    whole, want = "".join(sent[1]).strip(), text.strip()
    return whole == want or any(p.strip() == want for p in sent[1]) or (role == "system" and want in whole)


def _from_messages(messages: list[Any]) -> Iterator[Said]:
    """Chat Completions messages and Messages API messages (both live under ``messages``)."""
    for m in messages:
        if not isinstance(m, dict):
            continue
        for tc in m.get("tool_calls") or []:
            fn = tc.get("function") if isinstance(tc, dict) else None
            if isinstance(fn, dict):
                yield Said("call", tc.get("id"), fn.get("name"), _parsed(fn.get("arguments")))
        if m.get("role") == "tool":
            yield Said("result", m.get("tool_call_id"), None, _text(m.get("content")))
        content = m.get("content")
        for b in content if isinstance(content, list) else []:
            if isinstance(b, dict) and b.get("type") == "tool_use":
                yield Said("call", b.get("id"), b.get("name"), b.get("input"))
            elif isinstance(b, dict) and b.get("type") == "tool_result":
                yield Said("result", b.get("tool_use_id"), None, _text(b.get("content")))


def _from_input(items: list[Any]) -> Iterator[Said]:
    """Responses API input items."""
    for item in items:
        if isinstance(item, dict) and item.get("type") == "function_call":
            yield Said("call", item.get("call_id"), item.get("name"), _parsed(item.get("arguments")))
        elif isinstance(item, dict) and item.get("type") == "function_call_output":
            yield Said("result", item.get("call_id"), None, _text(item.get("output")))


def _from_contents(contents: list[Any]) -> Iterator[Said]:
    """Gemini contents (camelCase as the REST API writes it, snake_case as some SDKs send it)."""
    for c in contents:
        for p in (c.get("parts") or []) if isinstance(c, dict) else []:
            if not isinstance(p, dict):
                continue
            call = p.get("functionCall") or p.get("function_call")
            answer = p.get("functionResponse") or p.get("function_response")
            if isinstance(call, dict):
                yield Said("call", None, call.get("name"), call.get("args"))
            if isinstance(answer, dict):
                yield Said("result", None, answer.get("name"), answer.get("response"))


def _from_prompt(prompt: list[Any]) -> Iterator[Said]:
    """The AI SDK prompt of the part dialects."""
    for m in prompt:
        for p in (m.get("content") or []) if isinstance(m, dict) and isinstance(m.get("content"), list) else []:
            if isinstance(p, dict) and p.get("type") == "tool-call":
                yield Said("call", p.get("toolCallId"), p.get("toolName"), _parsed(p.get("input")))
            elif isinstance(p, dict) and p.get("type") == "tool-result":
                output = p.get("output")
                value = output.get("value") if isinstance(output, dict) else output
                yield Said("result", p.get("toolCallId"), p.get("toolName"), value)


_READERS = {"messages": _from_messages, "input": _from_input, "contents": _from_contents, "prompt": _from_prompt}


def said(request: Any) -> tuple[list[Said], bool]:
    """The tool calls and results ``request`` carries, in order, and whether its wire pairs them by id.

    >>> calls, by_id = said({"contents": [{"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}}}]}]})
    >>> [str(c) for c in calls], by_id
    (['call f f {}'], False)
    """
    if not isinstance(request, dict):
        return [], True
    for key, read in _READERS.items():
        if isinstance(request.get(key), list):
            return list(read(request[key])), key != "contents"
    return [], True


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
    want, sent = _parsed(want), _parsed(sent)
    return (_no_input(want) and _no_input(sent)) or _same(want, sent)


def holds_value(sent: Any, want: Any, depth: int = 0) -> bool:
    """Whether the result content ``sent`` gives the model the value ``want``: as it is, as JSON text, or as
    one member of an object the client wrapped it in (a few levels deep).

    >>> holds_value({"name": "f", "content": "14:05"}, "14:05"), holds_value('{"t": 18}', {"t": 18})
    (True, True)
    >>> holds_value('{"t": 18}', '{"t":18}'), holds_value({"t": 19}, {"t": 18})
    (True, False)
    """
    if _same(sent, want) or _same(_parsed(sent), _parsed(want)):
        return True
    if depth >= 3:
        return False
    inner = _parsed(sent)
    if isinstance(inner, dict):
        return any(holds_value(v, want, depth + 1) for v in inner.values())
    if isinstance(inner, list) and len(inner) == 1:
        return holds_value(inner[0], want, depth + 1)
    return False


def _call_at(spec: dict[str, Any], sent: list[Said], used: set[int]) -> int | None:
    """The first unused sent call with the expected call's name and input (its id is the client's to choose)."""
    return next((i for i, item in enumerate(sent) if i not in used and item.kind == "call"
                 and item.name == spec.get("name") and _same_input(spec.get("args"), item.value)), None)


def _result_at(spec: dict[str, Any], call: Said | None, after: int, sent: list[Said], used: set[int],
               by_id: bool) -> int | None:
    """The first unused sent result after ``after`` under the sent call's id (its name where the wire has no
    ids: Gemini) that gives the model the expected value."""
    for i, item in enumerate(sent):
        if i <= after or i in used or item.kind != "result" or not holds_value(item.value, spec.get("value")):
            continue
        if by_id and item.id == (call.id if call is not None and call.id else spec.get("id")):
            return i
        if not by_id and (call is None or item.name == call.name) and (spec.get("name") in (None, item.name)):
            return i
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
            found = _result_at(spec, None if at is None else sent[at], -1 if at is None else at, sent, used, by_id)
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


# ---------------------------------------------------------------- the tools offered
def _chat_or_responses(tool: dict[str, Any]) -> dict[str, Any] | None:
    nested = tool.get("function")
    fn: dict[str, Any] = nested if isinstance(nested, dict) else tool
    if "name" not in fn:
        return None
    schema = fn.get("parameters", fn.get("input_schema", fn.get("inputSchema")))
    return {"name": fn["name"], "description": fn.get("description"), "parameters": schema,
            "strict": fn.get("strict") is True}


def offered(request: Any) -> dict[str, dict[str, Any]]:
    """The function tools ``request`` offers the model, by name: description, parameters, strict.

    >>> offered({"tools": [{"functionDeclarations": [{"name": "f", "parametersJsonSchema": {"type": "object"}}]}]})
    {'f': {'name': 'f', 'description': None, 'parameters': {'type': 'object'}, 'strict': False}}
    """
    tools = request.get("tools") if isinstance(request, dict) else None
    out: dict[str, dict[str, Any]] = {}
    for tool in tools if isinstance(tools, list) else []:
        if not isinstance(tool, dict):
            continue
        declarations = tool.get("functionDeclarations", tool.get("function_declarations"))
        if isinstance(declarations, list):
            for d in declarations:
                if isinstance(d, dict) and "name" in d:
                    schema = d.get("parametersJsonSchema", d.get("parameters_json_schema", d.get("parameters")))
                    out[d["name"]] = {"name": d["name"], "description": d.get("description"), "parameters": schema,
                                      "strict": False}
            continue
        found = _chat_or_responses(tool)
        if found is not None:
            out[found["name"]] = found
    return out


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
_TYPE_KEYS = ("media_type", "mediaType", "mimeType", "mime_type")


def _data_url(text: str) -> tuple[str | None, str] | None:
    if not text.startswith("data:") or ";base64," not in text:
        return None
    head, _, data = text[5:].partition(";base64,")
    return head or None, data


def media_sent(doc: Any) -> list[tuple[str | None, str]]:
    """Every (media type or None, base64 data) the request carries, in any wire's shape: data URLs (Chat
    ``image_url``, Responses ``input_image``/``input_file``), Messages ``source: {media_type, data}``, Gemini
    ``inlineData: {mimeType, data}``, the AI SDK's ``{mediaType, data}`` (V4: ``data: {type: data, data}``), or bare
    base64 text (Perplexity's ``file_url``).

    >>> media_sent({"parts": [{"inlineData": {"mimeType": "image/png", "data": "iVBO"}}, {"text": "Hi"}]})
    [('image/png', 'iVBO'), (None, 'Hi')]
    """
    out: list[tuple[str | None, str]] = []
    if isinstance(doc, str):
        out.append(_data_url(doc) or (None, doc))
    elif isinstance(doc, list):
        for item in doc:
            out += media_sent(item)
    elif isinstance(doc, dict):
        kind = next((doc[k] for k in _TYPE_KEYS if isinstance(doc.get(k), str)), None)
        data = doc.get("data")
        data = data.get("data") if isinstance(data, dict) and isinstance(data.get("data"), str) else data
        if kind is not None and isinstance(data, str):
            out.append(_data_url(data) or (kind, data))
        for key, value in doc.items():
            if kind is None or key not in ("data", *_TYPE_KEYS):
                out += media_sent(value)
    return out


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
