"""Gemini forms of the model's non-text output: a file as an ``inlineData`` part, a source as a
``groundingMetadata.groundingChunks`` entry of the candidate (``google-genai`` 3.6.1 ``Blob``,
``GroundingMetadata``, ``GroundingChunk``; wire names in camelCase).

Each form is the one ``@ai-sdk/google`` 4.0.121 reads back into the same canonical part
(``dist/index.js`` 2698-2724: an ``inlineData`` part is a ``file``, or a ``reasoning-file`` with
``thought: true``; 2958-3040 ``extractSources``: a ``web`` chunk is a url source, a
``retrievedContext`` whose uri is a file name a document source typed by its extension). What it
would read back differently has no form here: :class:`NoForm` says why.

Example:
    >>> from mock_provider.parts import parse_part
    >>> grounding_chunk(parse_part({"type": "source", "sourceType": "url", "id": "s", "url": "https://a.b",
    ...     "title": "A"}))
    {'web': {'uri': 'https://a.b', 'title': 'A'}}
"""

from __future__ import annotations

import json
from typing import Any

from mock_provider.parts import File, ReasoningFile, Source


class NoForm(ValueError):
    """The part has no Gemini form its consumer reads back as the same part."""


# The media type @ai-sdk/google 4.0.121 gives a document source by its uri's extension (extractSources);
# any other extension reads as application/octet-stream.
DOCUMENT_TYPES = {".pdf": "application/pdf", ".txt": "text/plain",
                  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                  ".doc": "application/msword", ".md": "text/markdown", ".markdown": "text/markdown"}


def signature_of(part: Any) -> str | None:
    """``providerMetadata.google.thoughtSignature`` of a part, or None.

    >>> from mock_provider.parts import parse_part
    >>> signature_of(parse_part({"type": "reasoning-delta", "id": "r", "delta": "x",
    ...     "providerMetadata": {"google": {"thoughtSignature": "c2ln"}}}))
    'c2ln'
    """
    sig = ((getattr(part, "provider_metadata", None) or {}).get("google") or {}).get("thoughtSignature")
    return sig if isinstance(sig, str) else None


def inline_part(part: File | ReasoningFile) -> dict[str, Any]:
    """A generated file as a ``Part`` with ``inlineData`` (``thought: true`` for a reasoning file).

    >>> from mock_provider.parts import parse_part
    >>> inline_part(parse_part({"type": "reasoning-file", "mediaType": "image/png",
    ...     "data": {"type": "data", "data": "aGk="}}))
    {'inlineData': {'mimeType': 'image/png', 'data': 'aGk='}, 'thought': True}
    >>> inline_part(parse_part({"type": "file", "mediaType": "image/png",
    ...     "data": {"type": "url", "url": "https://x/y.png"}}))
    Traceback (most recent call last):
    ...
    mock_provider.wires.gemini_content.NoForm: a file by URL: a Gemini answer carries generated files inline ...
    """
    if part.data.type != "data" or part.data.data is None:
        raise NoForm("a file by URL: a Gemini answer carries generated files inline (inlineData), and "
                     "@ai-sdk/google 4.0.121 reads no fileData part in a response")
    out: dict[str, Any] = {"inlineData": {"mimeType": part.media_type, "data": part.data.data}}
    if isinstance(part, ReasoningFile):
        out["thought"] = True
    sig = signature_of(part)
    if sig is not None:
        out["thoughtSignature"] = sig
    return out


def grounding_chunk(part: Source) -> dict[str, Any]:
    """A source as one ``GroundingChunk``: ``web{uri, title}`` for a url source, ``retrievedContext{uri,
    title}`` (uri = the file name) for a document source.

    >>> from mock_provider.parts import parse_part
    >>> grounding_chunk(parse_part({"type": "source", "sourceType": "document", "id": "d",
    ...     "mediaType": "application/pdf", "title": "T", "filename": "t.pdf"}))
    {'retrievedContext': {'uri': 't.pdf', 'title': 'T'}}
    """
    if part.source_type == "url":
        if not part.url:
            raise NoForm("a url source without a url has no groundingChunk.web form")
        web: dict[str, Any] = {"uri": part.url}
        if part.title is not None:
            web["title"] = part.title
        return {"web": web}
    name = part.filename or ""
    if not name or "/" in name or name.startswith(("http://", "https://")):
        raise NoForm("a document source is a retrievedContext named by its file: it needs a filename "
                     "(no path), which @ai-sdk/google 4.0.121 reads back as the filename")
    dot = name.rfind(".")
    typed = DOCUMENT_TYPES.get(name[dot:].lower() if dot > 0 else "", "application/octet-stream")
    if part.media_type != typed:
        raise NoForm(f"document {name!r} of type {part.media_type!r}: @ai-sdk/google 4.0.121 types a "
                     f"retrievedContext by its extension, and reads this one as {typed!r}")
    return {"retrievedContext": {"uri": name, "title": part.title}}


# google-genai 3.6.1 ToolType values a server-side tool call (Part.toolCall) names, less TOOL_TYPE_UNSPECIFIED.
SERVER_TOOL_TYPES = ("GOOGLE_SEARCH_WEB", "GOOGLE_SEARCH_IMAGE", "URL_CONTEXT", "GOOGLE_MAPS", "FILE_SEARCH",
                     "MEDIA_PROCESSING")
SERVER_PREFIX = "server:"


def server_tool_type(tool_name: str) -> str | None:
    """The ``ToolType`` of a provider-executed call named as @ai-sdk/google 4.0.121 names a Gemini
    server-side tool call (``server:${toolType}``, dist/index.js:2724-2745), or None.

    >>> server_tool_type("server:GOOGLE_SEARCH_WEB"), server_tool_type("code_execution")
    ('GOOGLE_SEARCH_WEB', None)
    """
    kind = tool_name[len(SERVER_PREFIX):] if tool_name.startswith(SERVER_PREFIX) else None
    return kind if kind in SERVER_TOOL_TYPES else None


def server_call_form(tool_name: str) -> str:
    """Why a provider-executed call has no Gemini form unless it is a named server-side tool call (the
    name is left out, so the refusals of every such tool read alike).

    >>> server_call_form("web_search")[:52]
    'a provider-executed call has no Gemini form unless i'
    """
    del tool_name
    return ("a provider-executed call has no Gemini form unless it is a server-side tool call (Part.toolCall) "
            "named `server:<ToolType>`, as @ai-sdk/google reads one, or `code_execution` (executableCode)")


# The name @ai-sdk/google 4.0.121 gives a code execution call (toCustomToolName("code_execution")).
CODE_TOOL = "code_execution"
# google-genai 3.6.1 Outcome values a codeExecutionResult reports.
OUTCOMES = ("OUTCOME_OK", "OUTCOME_FAILED", "OUTCOME_DEADLINE_EXCEEDED")


def executable_code(input_text: str) -> dict[str, Any]:
    """The ``executableCode`` part of a provider-executed ``code_execution`` call: its input is the JSON
    @ai-sdk/google 4.0.121 makes of the part (``JSON.stringify`` of ``{language, code}``, dist/index.js:2595-2604).

    >>> executable_code('{"language":"PYTHON","code":"print(1)"}')
    {'executableCode': {'language': 'PYTHON', 'code': 'print(1)'}}
    >>> try:
    ...     executable_code('{"code":"print(1)"}')
    ... except NoForm as exc:
    ...     str(exc)[:25]
    "a code_execution call's i"
    """
    try:
        value = json.loads(input_text)
    except ValueError:
        value = None
    if not isinstance(value, dict) or list(value) != ["language", "code"] or value["language"] != "PYTHON" \
            or not isinstance(value["code"], str) or not value["code"] \
            or json.dumps(value, separators=(",", ":"), ensure_ascii=False) != input_text:
        raise NoForm('a code_execution call\'s input is {"language":"PYTHON","code":"..."}, the JSON @ai-sdk/google '
                     "makes of an executableCode part (a non-empty code; keys in that order)")
    return {"executableCode": value}


def code_execution_result(result: Any) -> dict[str, Any]:
    """The ``codeExecutionResult`` part of a code execution call's result ``{outcome, output}`` (what
    @ai-sdk/google 4.0.121 hands on, its output '' when the part has none, dist/index.js:2605-2616).

    >>> code_execution_result({"outcome": "OUTCOME_OK", "output": "1\\n"})
    {'codeExecutionResult': {'outcome': 'OUTCOME_OK', 'output': '1\\n'}}
    """
    if not isinstance(result, dict) or list(result) != ["outcome", "output"] or result["outcome"] not in OUTCOMES \
            or not isinstance(result["output"], str):
        raise NoForm(f"a code_execution result is {{outcome, output}}, the outcome one of {', '.join(OUTCOMES)} and "
                     "the output a string (what @ai-sdk/google makes of a codeExecutionResult part)")
    return {"codeExecutionResult": dict(result)}
