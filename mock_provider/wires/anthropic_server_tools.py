"""Anthropic server-tool blocks: a provider-executed call and its result on the Messages wire.

A V4 ``tool-call`` with ``providerExecuted: true`` is a ``server_tool_use`` block (anthropic
2.14.0 ``types/server_tool_use_block.py``: ``{type, id, name, input}``, ``name`` one of
:data:`SERVER_TOOL_NAMES`); its ``tool-result`` is the result block of that tool
(``types/raw_content_block_start_event.py`` lists the block types a ``content_block_start``
may carry). ``@ai-sdk/anthropic`` 4.0.105 (``dist/index.js`` ``case "server_tool_use"`` /
``case "web_search_tool_result"`` / ``case "code_execution_tool_result"``, lines 5502-5700)
reads them back as a provider-executed ``tool-input-start``/``tool-call`` and a ``tool-result``.

Only results whose every field has a wire home are rendered (:func:`result_block`); anything
else is a reason string the encoder turns into NOT-EXPRESSIBLE.

Example:
    >>> result_block("web_search", [{"url": "https://x.test", "title": "X"}], False)["content"][0]["type"]
    'web_search_result'
"""

from __future__ import annotations

from typing import Any

from mock_provider.parts import Custom, Part, ToolCall, ToolInputDelta, ToolInputStart

# ServerToolUseBlock.name (anthropic 2.14.0 types/server_tool_use_block.py).
SERVER_TOOL_NAMES = frozenset({
    "web_search", "web_fetch", "code_execution", "bash_code_execution", "text_editor_code_execution",
    "tool_search_tool_regex", "tool_search_tool_bm25",
})
# Canonical web search result keys -> WebSearchResultBlock fields (types/web_search_result_block.py);
# @ai-sdk/anthropic reads them back as url, title, pageAge, encryptedContent, type.
_WEB_SEARCH_FIELDS = {"url": "url", "title": "title", "pageAge": "page_age", "encryptedContent": "encrypted_content"}
# CodeExecutionResultBlock fields (types/code_execution_result_block.py); @ai-sdk/anthropic hands on
# {type, stdout, stderr, return_code, content} as the tool-result's result.
_CODE_FIELDS = {"type", "stdout", "stderr", "return_code", "content"}
# @ai-sdk/anthropic 4.0.105 names the calls of all three code execution blocks `code_execution` and opens their
# input with the block's kind (dist/index.js:5511-5512, :5907 ``{"type": "<kind>",``; :4969-4983 in a whole
# Message): a canonical code_execution call says that kind first, and its block on the wire is the kind's.
CODE_BLOCKS = {"programmatic-tool-call": "code_execution", "bash_code_execution": "bash_code_execution",
               "text_editor_code_execution": "text_editor_code_execution"}
CODE_FORM = ("a provider-executed code_execution call's input opens with the kind @ai-sdk/anthropic 4.0.105 "
             "gives it, '{\"type\": \"<kind>\",' (kind: programmatic-tool-call, bash_code_execution or "
             "text_editor_code_execution)")


def code_prefix(kind: str) -> str:
    """The text @ai-sdk/anthropic puts before a code execution call's streamed input.

    >>> code_prefix("bash_code_execution")
    '{"type": "bash_code_execution",'
    """
    return f'{{"type": "{kind}",'


def code_kind(text: str) -> str | None:
    """The code execution kind a call's canonical input text opens with (None: none).

    >>> code_kind('{"type": "bash_code_execution","command":"ls"}'), code_kind('{"code":"1"}')
    ('bash_code_execution', None)
    """
    return next((k for k in CODE_BLOCKS if text.startswith(code_prefix(k))), None)


def code_execution_kinds(parts: list[Part]) -> dict[str, str | None]:
    """Each provider-executed ``code_execution`` call's kind, from its first input text (None: it names none).

    >>> from mock_provider.parts import parse_part
    >>> code_execution_kinds([parse_part({"type": "tool-call", "toolCallId": "s1", "toolName": "code_execution",
    ...     "providerExecuted": True, "input": '{"type": "bash_code_execution","command":"ls"}'})])
    {'s1': 'bash_code_execution'}
    """
    calls = {p.id for p in parts if isinstance(p, ToolInputStart) and p.provider_executed
             and p.tool_name == "code_execution"}
    calls |= {p.tool_call_id for p in parts if isinstance(p, ToolCall) and p.provider_executed
              and p.tool_name == "code_execution"}
    kinds: dict[str, str | None] = {}
    for p in parts:
        if isinstance(p, ToolInputDelta) and p.id in calls and p.id not in kinds and p.delta:
            kinds[p.id] = code_kind(p.delta)
        elif isinstance(p, ToolCall) and p.tool_call_id in calls and p.tool_call_id not in kinds:
            kinds[p.tool_call_id] = code_kind(p.input)
    return kinds


def _web_search_item(item: Any) -> dict[str, Any] | str:
    if not isinstance(item, dict) or not isinstance(item.get("url"), str) or not isinstance(item.get("title"), str):
        return "a web search result is an object with a string url and title (WebSearchResultBlock)"
    extra = set(item) - set(_WEB_SEARCH_FIELDS) - {"type"}
    if extra or item.get("type", "web_search_result") != "web_search_result":
        return f"web search result fields {sorted(map(str, extra)) or ['type']} have no WebSearchResultBlock field"
    out: dict[str, Any] = {"type": "web_search_result", "url": item["url"], "title": item["title"],
                           "encrypted_content": item.get("encryptedContent", "")}
    if item.get("pageAge") is not None:
        out["page_age"] = item["pageAge"]
    return out


def _web_search(result: Any, is_error: bool) -> dict[str, Any] | str:
    if is_error:
        # The error form @ai-sdk/anthropic produces (isError true, result {type, errorCode}).
        if isinstance(result, dict) and set(result) == {"type", "errorCode"} \
                and result["type"] == "web_search_tool_result_error":
            return {"type": "web_search_tool_result_error", "error_code": result["errorCode"]}
        return "an error result of web_search is {type: 'web_search_tool_result_error', errorCode} on Messages"
    if not isinstance(result, list):
        return "a web_search result is a list of search results (web_search_tool_result.content)"
    items = [_web_search_item(i) for i in result]
    bad = next((i for i in items if isinstance(i, str)), None)
    return bad if bad is not None else {"content": items}


def _code_execution(result: Any, is_error: bool) -> dict[str, Any] | str:
    """CodeExecutionResultBlock, in the form @ai-sdk/anthropic 4.0.105 hands on (dist/index.js:5656-5667: all
    five fields, ``content`` [] when absent); a failed run is still a result (its return_code says so)."""
    if is_error:  # only code_execution_tool_result_error makes @ai-sdk/anthropic set isError (index.js:5679)
        return _error(result, "code_execution_tool_result_error", "code_execution")
    if not isinstance(result, dict) or set(result) != _CODE_FIELDS or result["type"] != "code_execution_result" \
            or not isinstance(result["return_code"], int) or result["content"] != []:
        return ("a code_execution result is {type: 'code_execution_result', stdout, stderr, return_code, "
                "content: []} (CodeExecutionResultBlock, as @ai-sdk/anthropic hands it on)")
    return {"content": dict(result)}


# The result forms of the bash and text editor blocks: @ai-sdk/anthropic 4.0.105 hands the block's content on
# as it parsed it (dist/index.js:5687-5694, zod objects at :737-783 that keep only these keys), errors included
# and never with isError; anthropic 2.14.0 types/bash_code_execution_*.py, text_editor_code_execution_*.py.
_RAW_FORMS: dict[str, dict[str, frozenset[str]]] = {
    "bash_code_execution": {
        "bash_code_execution_result": frozenset({"type", "content", "stdout", "stderr", "return_code"}),
        "bash_code_execution_tool_result_error": frozenset({"type", "error_code"})},
    "text_editor_code_execution": {
        "text_editor_code_execution_tool_result_error": frozenset({"type", "error_code"}),
        "text_editor_code_execution_view_result": frozenset(
            {"type", "content", "file_type", "num_lines", "start_line", "total_lines"}),
        "text_editor_code_execution_create_result": frozenset({"type", "is_file_update"}),
        "text_editor_code_execution_str_replace_result": frozenset(
            {"type", "lines", "new_lines", "new_start", "old_lines", "old_start"})},
}


def _raw_result(tool: str) -> Any:
    forms = _RAW_FORMS[tool]

    def build(result: Any, is_error: bool) -> dict[str, Any] | str:
        if is_error:
            return (f"isError on a {tool} result: @ai-sdk/anthropic 4.0.105 hands the block's content on "
                    "without isError, an error object included")
        if not isinstance(result, dict) or frozenset(result) != forms.get(str(result.get("type"))):
            return f"a {tool} result is one of {', '.join(sorted(forms))} with exactly its fields"
        outputs = result.get("content")
        if result["type"] == "bash_code_execution_result" and not (
                isinstance(outputs, list) and all(isinstance(o, dict) and set(o) == {"type", "file_id"}
                                                  and o["type"] == "bash_code_execution_output" for o in outputs)):
            return "a bash_code_execution_result's content is a list of {type: 'bash_code_execution_output', file_id}"
        return {"content": dict(result)}

    return build


def _error(result: Any, error_type: str, tool: str) -> dict[str, Any] | str:
    """The ``{type: <tool>_tool_result_error, errorCode}`` form @ai-sdk/anthropic gives an error block."""
    if isinstance(result, dict) and set(result) == {"type", "errorCode"} and result["type"] == error_type:
        return {"type": error_type, "error_code": result["errorCode"]}
    return f"an error result of {tool} is {{type: '{error_type}', errorCode}} on Messages"


_FETCH_FORM = ("a web_fetch result is {type: 'web_fetch_result', url, retrievedAt?, content: {type: 'document', "
               "title?, citations?, source: {type: 'text', mediaType, data}}} (WebFetchBlock)")


def _web_fetch(result: Any, is_error: bool) -> dict[str, Any] | str:
    """WebFetchBlock (types/web_fetch_block.py: url, retrieved_at, content: DocumentBlock), from the form
    @ai-sdk/anthropic 4.0.105 gives it (dist/index.js:5574-5610: camelCase retrievedAt and mediaType)."""
    if is_error:
        return _error(result, "web_fetch_tool_result_error", "web_fetch")
    if not isinstance(result, dict) or result.get("type") != "web_fetch_result" \
            or not isinstance(result.get("url"), str) or set(result) - {"type", "url", "retrievedAt", "content"}:
        return _FETCH_FORM
    doc = result.get("content")
    if not isinstance(doc, dict) or doc.get("type") != "document" \
            or set(doc) - {"type", "title", "citations", "source"}:
        return _FETCH_FORM
    source = doc.get("source")
    if not isinstance(source, dict) or source.get("type") != "text" or set(source) - {"type", "mediaType", "data"}:
        return _FETCH_FORM
    block = {"type": "document", "source": {"type": "text", "media_type": source.get("mediaType", "text/plain"),
                                            "data": source.get("data", "")},
             "title": doc.get("title"), "citations": doc.get("citations")}
    return {"content": {"type": "web_fetch_result", "url": result["url"], "retrieved_at": result.get("retrievedAt"),
                        "content": block}}


def _tool_search(result: Any, is_error: bool) -> dict[str, Any] | str:
    """ToolSearchToolSearchResultBlock (types/tool_search_tool_search_result_block.py: tool_references), from
    @ai-sdk/anthropic's list of ``{type: 'tool_reference', toolName}`` (dist/index.js:5696-5722)."""
    if is_error:
        return _error(result, "tool_search_tool_result_error", "tool search")
    if not isinstance(result, list) or not all(isinstance(r, dict) and set(r) == {"type", "toolName"}
                                               and r["type"] == "tool_reference" for r in result):
        return "a tool search result is a list of {type: 'tool_reference', toolName} (ToolReferenceBlock)"
    return {"content": {"type": "tool_search_tool_search_result",
                        "tool_references": [{"type": "tool_reference", "tool_name": r["toolName"]} for r in result]}}


_RESULTS = {"web_search": ("web_search_tool_result", _web_search),
            "code_execution": ("code_execution_tool_result", _code_execution),
            "bash_code_execution": ("bash_code_execution_tool_result", _raw_result("bash_code_execution")),
            "text_editor_code_execution": ("text_editor_code_execution_tool_result",
                                           _raw_result("text_editor_code_execution")),
            "web_fetch": ("web_fetch_tool_result", _web_fetch),
            "tool_search_tool_regex": ("tool_search_tool_result", _tool_search),
            "tool_search_tool_bm25": ("tool_search_tool_result", _tool_search)}


def result_block(tool_name: str, result: Any, is_error: bool) -> dict[str, Any] | str:
    """The result block (without ``tool_use_id``) of a server tool's result, or why it has none.

    >>> result_block("code_execution", {"type": "code_execution_result", "stdout": "4", "stderr": "",
    ...                                  "return_code": 0, "content": []}, False)["type"]
    'code_execution_tool_result'
    >>> result_block("web_search_tool", {}, False)  # doctest: +ELLIPSIS
    'results of web_search_tool are not implemented (rendered: web_search, code_execution, ...)'
    """
    if tool_name not in _RESULTS:
        return f"results of {tool_name} are not implemented (rendered: {', '.join(_RESULTS)})"
    block_type, build = _RESULTS[tool_name]
    body = build(result, is_error)
    if isinstance(body, str):
        return body
    if "content" not in body:  # an error object is the block's content
        body = {"content": body}
    return {"type": block_type, **body}


def server_tool_usage(names: list[str]) -> dict[str, int] | None:
    """``usage.server_tool_use`` for the server calls of a response (None: no search or fetch).

    ServerToolUsage (types/server_tool_usage.py) counts web searches and fetches, both required.

    >>> server_tool_usage(["web_search", "code_execution", "web_search"])
    {'web_search_requests': 2, 'web_fetch_requests': 0}
    >>> server_tool_usage(["code_execution"]) is None
    True
    """
    searches, fetches = names.count("web_search"), names.count("web_fetch")
    if not searches and not fetches:
        return None
    return {"web_search_requests": searches, "web_fetch_requests": fetches}


# A file uploaded to the code execution container: the one custom part Messages has.
UPLOAD_KIND = "anthropic.container_upload"
UPLOAD_RULE = (f"kind {UPLOAD_KIND} with providerMetadata anthropic {{fileId}}: a `container_upload` block "
               "(`content_block_start{index, content_block:{type:'container_upload', file_id}}` + "
               "`content_block_stop`), as @ai-sdk/anthropic 4.0.105 reads one in a whole Message")


def upload_block(part: Custom) -> dict[str, Any] | str:
    """The ``container_upload`` block a custom part is (anthropic 2.14.0 ``types/container_upload_block.py``;
    @ai-sdk/anthropic 4.0.105 reads one in a whole Message as this part, dist/index.js:4916-4921), or why none.

    >>> from mock_provider.parts import parse_part
    >>> upload_block(parse_part({"type": "custom", "kind": UPLOAD_KIND,
    ...                          "providerMetadata": {"anthropic": {"fileId": "file_1"}}}))
    {'type': 'container_upload', 'file_id': 'file_1'}
    """
    meta = (part.provider_metadata or {}).get("anthropic")
    if part.kind != UPLOAD_KIND or not isinstance(meta, dict) or set(meta) != {"fileId"} \
            or not isinstance(meta["fileId"], str):
        return (f"Messages has one custom block: kind {UPLOAD_KIND} with providerMetadata anthropic {{fileId}} "
                "(a container_upload block)")
    return {"type": "container_upload", "file_id": meta["fileId"]}
