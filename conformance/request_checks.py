"""Checks on the upstream request an adapter made: a scenario's ``expected_request`` against the request log.

Sans-IO: the runner hands over the logged request (the in-process ``do_stream`` options, or the
JSON body the mock server received) and gets findings back, one per failed check, on the check's
row (default: the scenario's primary row).

Example:
    >>> from mock_provider.scenario import RequestCheck
    >>> req = {"prompt": [{"role": "system", "content": "Be terse."}], "tools": []}
    >>> checks = [RequestCheck(path="/prompt/0/role", equals="system"),
    ...           RequestCheck(path="/responseFormat", absent=True),
    ...           RequestCheck(path="/prompt/0", subset={"role": "user"}, row="request.prompt")]
    >>> [f.row for f in request_findings(checks, req, "v3", "x.primary")]
    ['request.prompt']
    >>> request_findings(checks, req, "v3", "x.primary")[0].message.split(": ", 2)[1:]
    ["the caller's message 0 (user) is not there, in order", 'at /prompt/0: not a subset match (at /role)']
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from typing import Any

from conformance.caller_messages import (
    MESSAGE_ROWS,
    SYSTEM_ROLES,
    ListMatch,
    holds_nothing,
    match_list,
    message_list_path,
    shift,
)
from conformance.findings import Finding
from conformance.request_reading import (
    conversation_mismatch,
    functions_mismatch,
    media_mismatch,
    media_sent,
    offered,
    output_schema_mismatch,
    said,
    spoken,
)
from conformance.structured import StrictSchemaError, strict_json_schema
from conformance.tool_call_ids import renamed_back
from mock_provider.dialects import dialect as registered_dialect
from mock_provider.scenario import RequestCheck
from mock_provider.servers import requires_strict_tool_schemas

__all__ = ["MISSING", "find_json_in", "keyed_mismatch", "pointer_get", "request_findings", "same_json_text",
           "strict_tools", "string_content", "subset_mismatch"]


class _Missing:
    def __repr__(self) -> str:
        return "<absent>"


MISSING: Any = _Missing()


def pointer_get(doc: Any, pointer: str) -> Any:
    """The value at a JSON Pointer (RFC 6901), or :data:`MISSING`.

    >>> pointer_get({"a": [{"b/c": 1}]}, "/a/0/b~1c"), pointer_get({"a": []}, "/a/0")
    (1, <absent>)
    """
    if pointer == "":
        return doc
    node = doc
    for raw in pointer.split("/")[1:]:
        key = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict):
            if key not in node:
                return MISSING
            node = node[key]
        elif isinstance(node, list):
            if not key.isdigit() or int(key) >= len(node):
                return MISSING
            node = node[int(key)]
        else:
            return MISSING
    return node


def subset_mismatch(expected: Any, actual: Any, where: str = "") -> str | None:
    """Where ``actual`` fails to contain ``expected`` (None when it does).

    Objects need the expected keys (recursively); lists need the same length and element-wise
    containment; other values are compared with ``==`` (``1`` is not ``True``).

    >>> subset_mismatch({"a": {"b": 1}}, {"a": {"b": 1, "c": 2}, "d": 3}) is None
    True
    >>> subset_mismatch([{"t": "text"}], [{"t": "file"}])
    '/0/t'
    """
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return where or "/"
        for key, value in expected.items():
            if key not in actual:
                return f"{where}/{key}"
            found = subset_mismatch(value, actual[key], f"{where}/{key}")
            if found is not None:
                return found
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return where or "/"
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            found = subset_mismatch(e, a, f"{where}/{i}")
            if found is not None:
                return found
        return None
    if type(expected) is not type(actual) and not (_number(expected) and _number(actual)):
        return where or "/"
    return None if expected == actual or same_json_text(expected, actual) else (where or "/")


def same_json_text(expected: Any, actual: Any) -> bool:
    """Two strings that are the same JSON object or array written differently.

    A call's ``arguments`` and a tool result's content are JSON text in the history; Python's
    ``json.dumps`` writes ``{"city": "Paris"}`` where ``JSON.stringify`` writes ``{"city":"Paris"}``,
    and the model reads one value. Scalars stay text (``"1"`` is not ``"1.0"``); types stay apart.

    >>> same_json_text('{"city":"Paris"}', '{"city": "Paris"}'), same_json_text('{"a":1}', '{"a":"1"}')
    (True, False)
    >>> same_json_text("1", "1.0"), same_json_text("[1]", "[1.0]")
    (False, True)
    """
    if not (isinstance(expected, str) and isinstance(actual, str) and expected.lstrip()[:1] in ("{", "[")):
        return False
    try:
        want, got = json.loads(expected), json.loads(actual)
    except ValueError:
        return False
    return isinstance(want, dict | list) and subset_mismatch(want, got) is None and subset_mismatch(got, want) is None


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def find_json_in(text: Any, wanted: Any) -> bool:
    """Whether the string ``text`` holds a JSON document equal to ``wanted`` (any formatting).

    >>> find_json_in('Schema:\\n{\\n  "type": "object"\\n}\\nJSON only.', {"type": "object"})
    True
    >>> find_json_in('{"type": "array"}', {"type": "object"})
    False
    """
    if not isinstance(text, str):
        return False
    decoder = json.JSONDecoder()
    for start, ch in enumerate(text):
        if ch not in "{[\"0123456789-tfn":
            continue
        try:
            value, _end = decoder.raw_decode(text, start)
        except ValueError:
            continue
        if value == wanted and subset_mismatch(wanted, value) is None:
            return True
    return False


def string_content(doc: Any) -> Any:
    """``doc`` with every message's content that is one text part written as that text.

    Chat Completions takes a message's content as a string or as a list of content parts (openai
    3.57.0 ``types/chat/chat_completion_user_message_param.py:19``, ``content: str |
    Iterable[ChatCompletionContentPartParam]``; system, developer, tool and assistant messages alike),
    and Anthropic's ``MessageParam.content`` is a string or content blocks: ``"Hi"`` and
    ``[{"type": "text", "text": "Hi"}]`` are the same message.

    >>> string_content({"messages": [{"role": "user", "content": [{"type": "text", "text": "Hi"}]}]})
    {'messages': [{'role': 'user', 'content': 'Hi'}]}
    >>> string_content([{"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}])
    [{'role': 'user', 'content': [{'type': 'text', 'text': 'a'}, {'type': 'text', 'text': 'b'}]}]
    """
    if isinstance(doc, list):
        return [string_content(item) for item in doc]
    if not isinstance(doc, dict):
        return doc
    out = {key: string_content(value) for key, value in doc.items()}
    content = out.get("content")
    if isinstance(out.get("role"), str) and isinstance(content, list) and len(content) == 1:
        part = content[0]
        if isinstance(part, dict) and part.keys() == {"type", "text"} and part["type"] == "text" \
                and isinstance(part["text"], str):
            out["content"] = part["text"]
    return out


def _in_place(request: Any, path: str, expected: Any) -> Any:
    """``expected`` as :func:`string_content` writes it where it stands in ``request`` (at ``path``)."""
    if path == "":
        return string_content(expected)
    parent_path, _, key = path.rpartition("/")
    doc = copy.deepcopy(request)
    parent = pointer_get(doc, parent_path)
    key = key.replace("~1", "/").replace("~0", "~")
    if isinstance(parent, dict):
        parent[key] = copy.deepcopy(expected)
    elif isinstance(parent, list) and key.isdigit() and int(key) < len(parent):
        parent[int(key)] = copy.deepcopy(expected)
    else:
        return string_content(expected)
    return pointer_get(string_content(doc), path)


def _check(check: RequestCheck, request: Any, same_content: bool = False) -> str | None:
    """Why the request fails this check and each of its ``or_else`` forms (None when one holds).

    ``same_content``: the dialect writes one text part as a string too (:func:`string_content`), so
    both the request and the expected value are read in that one form.

    >>> schema = {"type": "object"}
    >>> check = RequestCheck(path="/response_format", subset={"type": "json_schema"},
    ...                      or_else=[RequestCheck(path="/messages/0/content", contains_json=schema)])
    >>> _check(check, {"response_format": {"type": "json_object"},
    ...                "messages": [{"role": "system", "content": 'JSON schema: {"type": "object"}'}]}) is None
    True
    >>> _check(check, {"response_format": {"type": "json_object"}, "messages": [{"role": "user", "content": "Hi"}]})
    'not a subset match (at /type); nor /messages/0/content: does not contain the expected JSON document'
    """
    why = _one_check(check, request, same_content)
    if why is None or not check.or_else:
        return why
    others = [(alt.path, _one_check(alt, request, same_content)) for alt in check.or_else]
    if any(other is None for _path, other in others):
        return None
    return why + "".join(f"; nor {path}: {other}" for path, other in others)


def _one_check(check: RequestCheck, request: Any, same_content: bool) -> str | None:
    value = pointer_get(string_content(request) if same_content else request, check.path)
    if check.absent:
        return None if value is MISSING else f"expected nothing there, found {_short(value)}"
    if value is MISSING:
        return "nothing there"

    def want(expected: Any) -> Any:
        return _in_place(request, check.path, expected) if same_content else expected

    if "equals" in check.model_fields_set:
        equals = want(check.equals)
        return None if _equal_mismatch(equals, value) is None else "differs"
    if "subset" in check.model_fields_set:
        expected = want(check.subset)
        if check.strict_tools:
            expected = strict_tools(expected, value, check.key)
        where = subset_mismatch(expected, value) if check.key is None else keyed_mismatch(expected, value, check.key)
        if where is not None and check.strict_schema:
            # Sent with strict: true, the strict-mode form of the caller's schema is the caller's schema too.
            strict = strict_response_format(expected, value)
            where = where if strict is expected else subset_mismatch(strict, value)
        return None if where is None else f"not a subset match (at {where})"
    if "members" in check.model_fields_set:
        return None if _same_members(want(check.members or []), value) else "not exactly these members (any order)"
    if check.conversation is not None:
        return conversation_mismatch([i.model_dump(exclude_unset=True) for i in check.conversation], value)
    if check.functions is not None:
        return functions_mismatch([t.model_dump() for t in check.functions], value)
    if check.output_schema is not None:
        return output_schema_mismatch(check.output_schema, value)
    if check.media is not None:
        return media_mismatch([f.model_dump() for f in check.media], value)
    if not find_json_in(value, check.contains_json):
        return "does not contain the expected JSON document"
    return None


def keyed_mismatch(expected: Any, actual: Any, key: str) -> str | None:
    """Where the list ``actual`` fails to hold ``expected``'s elements matched through ``key``, in any
    order (None when it does): each expected element a subset of the one actual element with the same
    value at ``key``. Chat Completions gives the order of ``tools`` no meaning (openai 3.57.0
    ``types/chat/completion_create_params.py:414``: ``tools: Iterable[ChatCompletionToolUnionParam]``,
    "A list of tools the model may call"; a call names its tool), so a tool is found by its name; and
    nothing there limits the list to the caller's tools, so elements under other keys (an adapter's own
    tools, as the CopilotKit runtime adds its state tools) may be there too. Two elements under one
    expected key are a mismatch: the model would see two definitions of one tool.

    >>> tools = [{"function": {"name": "b", "x": 1}}, {"function": {"name": "a"}}]
    >>> keyed_mismatch([{"function": {"name": "a"}}, {"function": {"name": "b", "x": 1}}], tools, "/function/name")
    >>> keyed_mismatch([{"function": {"name": "a"}}, {"function": {"name": "b", "x": 2}}], tools, "/function/name")
    '/0/function/x'
    >>> keyed_mismatch([{"function": {"name": "a"}}, {"function": {"name": "c"}}], tools, "/function/name")
    "/ (no element with /function/name = 'c')"
    >>> keyed_mismatch([{"function": {"name": "a"}}], tools, "/function/name") is None  # 'b' is the adapter's own
    True
    >>> keyed_mismatch([{"function": {"name": "a"}}], [*tools, {"function": {"name": "a"}}], "/function/name")
    "/ (2 elements with /function/name = 'a')"
    """
    if not isinstance(expected, list) or not isinstance(actual, list):
        return "/"
    by_key: dict[str, list[tuple[int, Any]]] = {}
    for j, a in enumerate(actual):
        by_key.setdefault(json.dumps(pointer_get(a, key), sort_keys=True, default=repr), []).append((j, a))
    for item in expected:
        wanted = pointer_get(item, key)
        matches = by_key.get(json.dumps(wanted, sort_keys=True, default=repr), [])
        if not matches:
            return f"/ (no element with {key} = {wanted!r})"
        if len(matches) > 1:
            return f"/ ({len(matches)} elements with {key} = {wanted!r})"
        found = matches[0]
        where = subset_mismatch(item, found[1], f"/{found[0]}")
        if where is not None:
            return where
    return None


def strict_tools(expected: Any, actual: Any, key: str | None = None) -> Any:
    """``expected`` Chat Completions tools with the ``parameters`` of each tool the request sent in OpenAI
    strict mode (``function.strict: true``) rewritten as strict mode requires them.

    OpenAI's Structured Outputs (which ``strict: true`` turns on for a function's parameters) require
    every property in ``required``, optional ones emulated as a union with ``null``, and
    ``additionalProperties: false`` (platform.openai.com/docs/guides/structured-outputs, "Supported
    schemas": "All fields must be required", "additionalProperties: false must always be set in
    objects"; openai 3.57.0 ``lib/_pydantic.py:50,57`` applies the same to its own schemas).
    ``@tanstack/openai-base`` 0.10.15 sends tools that way (``chat-completions-tool-converter.js:36``,
    ``makeStructuredOutputCompatible``), and :func:`conformance.structured.strict_json_schema` is that
    rewrite. The schema is still compared exactly, only in the form the wire's mode demands; a tool
    sent without ``strict`` keeps the caller's schema. Tools are paired by ``key`` when given, else by position.

    >>> sent = [{"type": "function", "function": {"name": "f", "strict": True, "parameters": {"type": "object",
    ...         "properties": {"u": {"type": "string"}}, "required": [], "additionalProperties": False}}}]
    >>> want = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object",
    ...         "properties": {"u": {"type": "string"}}}}}]
    >>> strict_tools(want, sent)[0]["function"]["parameters"]["properties"]["u"]
    {'type': ['string', 'null']}
    """
    if not isinstance(expected, list) or not isinstance(actual, list):
        return expected
    out: list[Any] = []
    for i, item in enumerate(expected):
        if key is not None:
            wanted = pointer_get(item, key)
            sent = next((a for a in actual if pointer_get(a, key) == wanted), MISSING)
        else:
            sent = actual[i] if i < len(actual) else MISSING
        params = pointer_get(item, "/function/parameters")
        if pointer_get(sent, "/function/strict") is not True or not isinstance(params, dict):
            out.append(item)
            continue
        try:
            strict = strict_json_schema(params)
        except StrictSchemaError:
            out.append(item)  # no strict form exists: the caller's schema is what must have been sent
            continue
        out.append({**item, "function": {**item["function"], "parameters": strict}})
    return out


def strict_response_format(expected: Any, actual: Any) -> Any:
    """``expected`` Chat Completions ``response_format`` with its ``json_schema.schema`` in strict mode's form when
    the request sent ``json_schema.strict: true`` (the rewrite :func:`strict_tools` makes for a tool's parameters).

    Mistral's ``json_schema`` takes ``strict`` (@mistralai/mistralai 2.2.0 ``JsonSchema {name, schemaDefinition,
    strict}``) and @tanstack/ai-mistral 0.6.7 sends a schema it can make strict that way (its
    ``utils/schema-converter.js``, the same rewrite, undone on the answer). A check with ``strict_schema`` accepts
    that form beside the caller's schema as given (which @ai-sdk/moonshotai sends even with ``strict: true``); sent
    without ``strict`` the caller's schema is what must arrive.

    >>> want = {"type": "json_schema", "json_schema": {"schema": {"type": "object",
    ...         "properties": {"u": {"type": "string"}}}}}
    >>> strict_response_format(want, {"json_schema": {"strict": True}})["json_schema"]["schema"]["required"]
    ['u']
    >>> strict_response_format(want, {"json_schema": {"schema": {}}}) is want
    True
    """
    schema = pointer_get(expected, "/json_schema/schema")
    if pointer_get(actual, "/json_schema/strict") is not True or not isinstance(schema, dict):
        return expected
    try:
        strict = strict_json_schema(schema)
    except StrictSchemaError:
        return expected  # no strict form exists: the caller's schema is what must have been sent
    return {**expected, "json_schema": {**expected["json_schema"], "schema": strict}}


def _equal_mismatch(expected: Any, actual: Any) -> str | None:
    """Where ``actual`` is not exactly ``expected`` (a missing key, a value, or an extra key: '/')."""
    where = subset_mismatch(expected, actual)
    return where if where is not None else (None if _same(expected, actual) else "/ (an extra key)")


def _same(expected: Any, actual: Any) -> bool:
    # equals = subset both ways (so extra keys fail too) with JSON types kept apart.
    return subset_mismatch(actual, expected) is None


def _same_members(expected: list[Any], actual: Any) -> bool:
    if not isinstance(actual, list) or len(actual) != len(expected):
        return False
    rest = list(actual)
    for item in expected:
        match = next((i for i, a in enumerate(rest) if subset_mismatch(item, a) is None and _same(item, a)), None)
        if match is None:
            return False
        rest.pop(match)
    return True


def _short(value: Any) -> str:
    text = json.dumps(value, default=repr)
    return text if len(text) <= 120 else text[:117] + "..."


def request_findings(checks: Sequence[RequestCheck], request: Any, dialect: str, primary_row: str,
                     system_prompt: str = "caller", caller_roles: Sequence[str] = (),
                     server: str | None = None) -> list[Finding]:
    """One finding per check that applies to ``dialect`` and fails on ``request``.

    ``request`` None means the adapter made no upstream request: every applicable check fails. A check
    on the caller's messages (:data:`~conformance.caller_messages.MESSAGE_ROWS`) finds them in order
    wherever the adapter put them (:mod:`conformance.caller_messages`); ``system_prompt`` is the declared
    POLICY (``own``: the caller's system messages may be replaced), ``caller_roles`` the role of each
    message the caller sent (which indexed checks are about a system message), ``server`` the Chat
    Completions server the client is written for (None: OpenAI's; a check may be one server's only). A Mistral
    client's tool call ids, renamed one-to-one into Mistral's form, are read back as the caller's
    (:mod:`conformance.tool_call_ids`).
    """
    applicable = [_strict_for(_own_system_left_out(c) if system_prompt == "own" else c, server)
                  for c in checks if c.applies_to(dialect, server)]
    same_content = registered_dialect(dialect).string_content
    request = renamed_back(one_result_per_tool_message(request), _expected_messages(applicable), server)
    placed = {} if request is None else _place_messages(
        [c for c in applicable if _message_check(c, primary_row)], request, same_content, system_prompt, caller_roles)
    out: list[Finding] = []
    for check in applicable:
        row = check.row or primary_row
        if request is None:
            out.append(Finding(row=row, source="request", field=f"request{check.path}",
                               message=f"upstream request {check.path}: no upstream request was made"))
            continue
        if id(check) in placed:
            why, at = placed[id(check)]
        elif _message_check(check, primary_row):  # a check on the whole list (one on a message is placed)
            why, at = _whole_list(check, request, same_content, system_prompt == "own"), check.path
        else:
            why, at = _check(check, request, same_content), check.path
        if why is not None:
            out.append(_failed(check, row, why, request, at))
    return out


def _strict_for(check: RequestCheck, server: str | None) -> RequestCheck:
    """``check`` as it holds for a client of ``server``: a server that does not refuse a ``strict: true`` tool in the
    caller's own schema (:func:`~mock_provider.servers.requires_strict_tool_schemas`) may get either that schema or
    its strict-mode form (:func:`strict_tools`); OpenAI's gets the strict-mode form only."""
    if not check.strict_tools or requires_strict_tool_schemas(server):
        return check
    return check.model_copy(update={"strict_tools": False, "or_else": [check.model_copy(update={"or_else": []}),
                                                                        *check.or_else]})


def _failed(check: RequestCheck, row: str, why: str, request: Any, at: str) -> Finding:
    """The finding of a check that failed on ``request`` (read at ``at``): what it expected and what was there,
    for a check that reads the request alike on every wire what that reading found."""
    expected = next((getattr(check, k) for k in ("equals", "subset", "members", "contains_json", "output_schema")
                     if k in check.model_fields_set), None)
    read = check.conversation or check.functions or check.media
    if read is not None:
        expected = [i.model_dump(exclude_unset=True) for i in read]
    actual = pointer_get(request, at)
    if check.conversation is not None:
        actual = [str(item) for item in said(request)[0]] + [f"{role}: {''.join(t)}" for role, t in spoken(request)]
    elif check.functions is not None:
        actual = offered(request)
    elif check.media is not None:
        actual = [f"{kind}: {data[:40]}" for kind, data in media_sent(request) if kind is not None]
    where = f" {check.path}" if check.path else ""
    message = f"upstream request{where}: {why}" + (f" ({check.why})" if check.why else "")
    return Finding(row=row, source="request", field=f"request{check.path}", message=message,
                   expected=None if check.absent else expected, actual=None if actual is MISSING else actual)


def _own_system_left_out(check: RequestCheck) -> RequestCheck:
    """A ``conversation`` check without the caller's system messages, for an adapter that owns the system prompt
    (the ``system_prompt: own`` POLICY); other checks as they are."""
    if check.conversation is None:
        return check
    kept = [i for i in check.conversation if i.text is None or i.text.role != "system"]
    return check.model_copy(update={"conversation": kept})


def _expected_messages(checks: Sequence[RequestCheck]) -> list[Any]:
    """What the checks expect of the sent Chat Completions ``messages`` (whole lists, then single messages, in
    message order): where :func:`~conformance.tool_call_ids.renamed_back` reads the caller's tool call ids."""
    found: list[tuple[int, Any]] = []
    for check in checks:
        parsed = message_list_path(check.path)
        if parsed is None or parsed[0] != "/messages" or parsed[2]:
            continue
        for kind in ("equals", "subset"):
            if kind in check.model_fields_set:
                found.append((-1 if parsed[1] is None else parsed[1], getattr(check, kind)))
    return [doc for _, doc in sorted(found, key=lambda f: f[0])]


def one_result_per_tool_message(request: Any) -> Any:
    """The request with each V2/V3/V4 ``tool`` prompt message of several results split into one message
    per result: ``ai``'s own loop sends a step's results in one message (``toResponseMessages``), other
    agents one message each, and every provider sends each result on its own (Chat Completions one
    ``tool`` message per call, Messages one ``tool_result`` block per call), so the upstream receives
    the same either way. Other requests are returned as they are.

    >>> r = {"prompt": [{"role": "tool", "content": [{"type": "tool-result", "toolCallId": "a"},
    ...                                               {"type": "tool-result", "toolCallId": "b"}]}]}
    >>> [m["content"][0]["toolCallId"] for m in one_result_per_tool_message(r)["prompt"]]
    ['a', 'b']
    """
    prompt = request.get("prompt") if isinstance(request, dict) else None
    if not isinstance(prompt, list) or not any(_grouped_results(m) for m in prompt):
        return request
    split: list[Any] = []
    for m in prompt:
        split += [{**m, "content": [part]} for part in m["content"]] if _grouped_results(m) else [m]
    return {**request, "prompt": split}


def _grouped_results(message: Any) -> bool:
    return (isinstance(message, dict) and message.get("role") == "tool" and isinstance(message.get("content"), list)
            and len(message["content"]) > 1)


def _message_check(check: RequestCheck, primary_row: str) -> bool:
    """A check about the caller's messages (found in order), not about a position the adapter chose."""
    parsed = message_list_path(check.path)
    if parsed is None or check.absent or (check.row or primary_row) not in MESSAGE_ROWS:
        return False
    kinds = {"equals", "subset"} if parsed[1] is None else {"equals", "subset", "contains_json", "members"}
    return bool(kinds & check.model_fields_set)


def _whole_list(check: RequestCheck, request: Any, same_content: bool, own_system: bool) -> str | None:
    """Why the caller's messages of a check on the whole list are not, in order, in the sent list."""
    sent = pointer_get(string_content(request) if same_content else request, check.path)
    raw = check.equals if "equals" in check.model_fields_set else check.subset
    expected = _in_place(request, check.path, raw) if same_content else raw
    if not isinstance(expected, list):
        return _check(check, request, same_content)
    exact = "equals" in check.model_fields_set
    return match_list(check.path, expected, sent, _equal_mismatch if exact else subset_mismatch, own_system)


def _place_messages(checks: Sequence[RequestCheck], request: Any, same_content: bool, system_prompt: str,
                    caller_roles: Sequence[str]) -> dict[int, tuple[str | None, str]]:
    """For each check on one caller message (``/prompt/N/...``): (why it fails or None, the path it was read at).

    The checks on one caller message hold together at the first sent position after the previous caller
    message's; a caller message that is nowhere is reported at the position it would have had.
    """
    groups: dict[tuple[str, int], list[RequestCheck]] = {}
    for check in checks:
        parsed = message_list_path(check.path)
        if parsed is not None and parsed[1] is not None:
            groups.setdefault((parsed[0], parsed[1]), []).append(check)
    out: dict[int, tuple[str | None, str]] = {}
    matches: dict[str, tuple[ListMatch, int]] = {}
    for (list_path, index), group in sorted(groups.items()):
        sent = pointer_get(request, list_path)
        match, previous = matches.get(list_path) or (ListMatch(list_path, sent if isinstance(sent, list) else [],
                                                               system_prompt == "own"), -1)
        role = _group_role(group, caller_roles, index)
        if match.own_system and role in SYSTEM_ROLES:
            out.update((id(c), (None, c.path)) for c in group)  # the adapter owns the system prompt
            continue
        offset = match.after - previous
        found = match.find(lambda p, g=group: all(  # type: ignore[misc]
            _check(c.model_copy(update={"path": shift(c.path, p)}), request, same_content) is None for c in g))
        if found is not None:
            out.update((id(c), (None, shift(c.path, found))) for c in group)
            matches[list_path] = (match, index)
            continue
        if _empty_message(group):  # nothing the model reads: it may be left out
            out.update((id(c), (None, c.path)) for c in group)
            matches[list_path] = (match, previous)
            continue
        at = index + offset
        for c in group:
            why = _check(c.model_copy(update={"path": shift(c.path, at)}), request, same_content)
            out[id(c)] = (match.missing(index, role, f"at {shift(c.path, at)}: {why or 'not with the rest'}"),
                          shift(c.path, at))
        matches[list_path] = (match, previous)
    return out


def _empty_message(group: Sequence[RequestCheck]) -> bool:
    """Whether a group of checks on one caller message expects a whole message that holds nothing."""
    return all((message_list_path(c.path) or ("", None, "x"))[2] == "" and holds_nothing(
        c.equals if "equals" in c.model_fields_set else c.subset if "subset" in c.model_fields_set else None)
        for c in group)


def _group_role(group: Sequence[RequestCheck], caller_roles: Sequence[str], index: int) -> str | None:
    """The role of the caller message a group of checks is about: what the checks say, else the caller's."""
    for c in group:
        value = c.equals if "equals" in c.model_fields_set else c.subset
        rest = (message_list_path(c.path) or ("", None, ""))[2]
        if rest == "" and isinstance(value, dict) and isinstance(value.get("role"), str):
            return str(value["role"])
        if rest == "/role" and isinstance(value, str):
            return value
    return caller_roles[index] if index < len(caller_roles) else None
