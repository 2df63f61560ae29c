"""What a request to a model carries, read alike on every wire: its messages, tool calls and results, tools, files.

Each wire writes a finished tool round its own way: Chat Completions an assistant ``tool_calls`` entry and a
``tool`` message, the Messages API a ``tool_use`` block and a ``tool_result`` block, the Responses API a
``function_call`` item and a ``function_call_output`` item, Gemini a ``functionCall`` part and a
``functionResponse`` part, the AI SDK prompt ``tool-call`` and ``tool-result`` parts. The server reads them here to
pick a scenario (a ``match`` rule's ``tool_names`` and ``tool_result``), and ``conformance.request_reading``
to judge what reached the model; one reading serves both, so a rule cannot match a request the checks read
otherwise.

Example:
    >>> said({"input": [{"type": "function_call_output", "call_id": "c", "output": "1"}]})[0]
    [Said(kind='result', id='c', name=None, value='1')]
    >>> list(offered({"tools": [{"type": "function", "function": {"name": "a"}}, {"name": "b"}]}))
    ['a', 'b']
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["Said", "json_or_text", "media_sent", "offered", "role_name", "said", "spoken", "text_parts"]


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
    parts = text_parts(content) if isinstance(content, list) else None
    return "".join(parts) if parts and len(parts) == len(content) else content


def json_or_text(value: Any) -> Any:
    """A text read as the JSON it holds (a call's arguments are JSON text on most wires), else as it is.

    >>> json_or_text('{"a": 1}'), json_or_text("ok"), json_or_text({"a": 1})
    ({'a': 1}, 'ok', {'a': 1})
    """
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


_TEXT_TYPES = frozenset({"text", "input_text", "output_text"})
_ROLES = {"model": "assistant", "developer": "system"}  # Gemini's and OpenAI's names for the same speakers


def role_name(role: str) -> str:
    """A speaker's role in OpenAI's words: Gemini's ``model`` is ``assistant``, ``developer`` is ``system``.

    >>> role_name("model"), role_name("user")
    ('assistant', 'user')
    """
    return _ROLES.get(role, role)


def text_parts(content: Any) -> list[str] | None:
    """A message content's text parts (a string is one), None when it holds parts but no text (a tool round).
    Gemini's thought parts are the model's reasoning, not a message.

    >>> text_parts("Hi"), text_parts([{"type": "text", "text": "a"}, {"type": "image"}]), text_parts([{"type": "x"}])
    (['Hi'], ['a'], None)
    """
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
        parts = text_parts(held.get("parts") if isinstance(held, dict) else held)
        if parts:
            out.append(("system", parts))
    for key in ("messages", "input", "contents", "prompt"):
        items = request.get(key)
        for m in items if isinstance(items, list) else []:
            role = m.get("role") if isinstance(m, dict) and m.get("type", "message") == "message" else None
            if not isinstance(role, str) or role == "tool":
                continue
            parts = text_parts(m["content"] if "content" in m else m.get("parts"))
            if parts is not None:
                out.append((role_name(role), parts))
    return out




def _from_messages(messages: list[Any]) -> Iterator[Said]:
    """Chat Completions messages and Messages API messages (both live under ``messages``)."""
    for m in messages:
        if not isinstance(m, dict):
            continue
        for tc in m.get("tool_calls") or []:
            fn = tc.get("function") if isinstance(tc, dict) else None
            if isinstance(fn, dict):
                yield Said("call", tc.get("id"), fn.get("name"), json_or_text(fn.get("arguments")))
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
            yield Said("call", item.get("call_id"), item.get("name"), json_or_text(item.get("arguments")))
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
                yield Said("call", p.get("toolCallId"), p.get("toolName"), json_or_text(p.get("input")))
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

