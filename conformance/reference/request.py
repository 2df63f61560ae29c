"""The upstream request of the reference interpreter (spec 1.7, ``request.*`` rows).

``stream_options`` sends ``{prompt, tools, abort_signal, headers}`` (plus the structured-output
options); ``build_prompt`` writes a V2/V3 prompt, ``build_tools`` function tools.

>>> from conformance.contract import RunRequest
>>> req = RunRequest(model="m", messages=[{"role": "user", "content": "Hi"}], tools=[],
...                  output_schema=None, options={}, thread_id="t", run_id="r")
>>> RequestMixin().build_prompt(req)
[{'role': 'user', 'content': [{'type': 'text', 'text': 'Hi'}]}]
"""

from __future__ import annotations

from typing import Any, ClassVar

from conformance.contract import RunRequest
from conformance.reference.base import AdapterBase
from conformance.reference.values import parse_json_text
from conformance.structured import STRUCTURED_TOOL_NAME, instruction_prompt

__all__ = ["RequestMixin"]


class RequestMixin(AdapterBase):
    """What the adapter asks the model for: prompt, tools, abort signal, structured-output options.

    >>> RequestMixin().catalogue_modalities(["pdf", "text", "smell"])
    ['document', 'text']
    """

    @property
    def input_modalities(self) -> list[str] | None:
        """The TanStack input modalities for the case's model (``ctx.model_info``; None without one).

        >>> from conformance.contract import AdapterContext
        >>> info = {"modalities": {"input": ["text", "pdf", "image"], "output": ["text"]}}
        >>> ctx = AdapterContext(dialect="v3", model=None, scenario_id="x.y", model_info=info)
        >>> RequestMixin(ctx).input_modalities
        ['text', 'document', 'image']
        """
        info = self.ctx.model_info if self.ctx is not None else None
        if not isinstance(info, dict):
            return None
        return self.catalogue_modalities(list((info.get("modalities") or {}).get("input") or []))

    # A models.dev modality -> the @tanstack/ai ``Modality`` of the same input (seed 000 section 6.6).
    CATALOGUE_MODALITIES: ClassVar[dict[str, str]] = {
        "text": "text", "image": "image", "audio": "audio", "video": "video", "pdf": "document",
    }

    def catalogue_modalities(self, names: list[str]) -> list[str]:
        """request.modalities: ``pdf`` -> ``document``, the others unchanged, names TanStack lacks dropped."""
        out: list[str] = []
        for name in names:
            mapped = self.CATALOGUE_MODALITIES.get(name)
            if mapped is not None and mapped not in out:
                out.append(mapped)
        return out

    def stream_options(self, request: RunRequest) -> dict[str, Any]:
        """Row 22: the caller's abort signal is passed to the upstream, with prompt and tools (1.7)."""
        options: dict[str, Any] = {
            "prompt": self.build_prompt(request),
            "tools": self.build_tools(request),
            "abort_signal": request.abort,
            "headers": {},
        }
        schema = request.output_schema
        mode = getattr(request, "structured_mode", "native")
        if schema is not None and mode == "tool":
            # structured.tool: one forced tool whose input is the answer (seed 000 14.5).
            options["tools"] = [{"type": "function", "name": STRUCTURED_TOOL_NAME,
                                 "description": "Use this tool to provide your response in the required "
                                                "structured format.",
                                 "inputSchema": schema}]
            options["toolChoice"] = {"type": "tool", "toolName": STRUCTURED_TOOL_NAME}
        elif schema is not None and mode == "instruction":
            # structured.instruction: the schema goes into a system message; no responseFormat.
            options["prompt"] = [{"role": "system", "content": instruction_prompt(schema)}, *options["prompt"]]
        elif schema is not None:
            options["responseFormat"] = {"type": "json", "schema": schema}  # structured.native (1.7)
        return options

    def build_tools(self, request: RunRequest) -> list[dict[str, Any]]:
        """Tools as V2/V3 function tools ``{type:'function', name, description, inputSchema}``."""
        tools = []
        for t in request.tools:
            schema = t.get("input_schema", t.get("inputSchema", t.get("parameters")))
            tools.append(
                {
                    "type": "function",
                    "name": t.get("name", ""),
                    "description": t.get("description", ""),
                    "inputSchema": schema if schema is not None else {"type": "object", "properties": {}},
                }
            )
        return tools

    def tagged_file_data(self) -> bool:
        """V4 file parts carry tagged data (``{type:'data', data}`` / ``{type:'url', url}``)."""
        shape = self.input_shape()
        return shape is not None and shape.tagged_file_data

    def build_prompt(self, request: RunRequest) -> list[dict[str, Any]]:
        """Messages as a V2/V3 prompt (1.7): system string; user/assistant/tool part arrays."""
        prompt: list[dict[str, Any]] = []
        names: dict[str, str] = {}
        for m in request.messages:
            role, content = m.get("role"), m.get("content")
            if role == "system":
                prompt.append({"role": "system", "content": _plain_text(content)})
            elif role == "user":
                # A null/empty user message still gets one (empty) text part (seed 000 section 4).
                prompt.append({"role": "user", "content": _user_parts(content, self.tagged_file_data())
                               or [{"type": "text", "text": ""}]})
            elif role == "assistant":
                parts = [p for p in _user_parts(content) if p.get("type") == "text" and p.get("text")]
                for tc in m.get("tool_calls") or m.get("toolCalls") or []:
                    call_id, name, args = _history_call(tc)
                    names[call_id] = name
                    call = {"type": "tool-call", "toolCallId": call_id, "toolName": name}
                    parts.append({**call, "input": args})
                prompt.append({"role": "assistant", "content": parts})
            elif role == "tool":
                call_id = m.get("tool_call_id") or m.get("toolCallId") or ""
                if isinstance(content, str):
                    ok, value = parse_json_text(content)
                    output = {"type": "json", "value": value} if ok and content.strip() else {
                        "type": "text",
                        "value": content,
                    }
                else:
                    output = {"type": "json", "value": content}
                prompt.append(
                    {
                        "role": "tool",
                        "content": [
                            {
                                "type": "tool-result",
                                "toolCallId": call_id,
                                "toolName": names.get(call_id, ""),
                                "output": output,
                            }
                        ],
                    }
                )
        return prompt


# ---------------------------------------------------------------- prompt helpers
def _plain_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", p.get("content", ""))) for p in content if isinstance(p, dict))
    return ""


def _user_parts(content: Any, tagged: bool = False) -> list[dict[str, Any]]:
    """User content -> V2/V3 parts: text stays text; TanStack image/audio/video/document parts become
    ``file`` parts with a ``mediaType`` (``<kind>/*`` when the source names none); V4 (``tagged``)
    wraps the data as ``{type:'data', data}`` or ``{type:'url', url}``."""
    if content is None:
        return []
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    parts: list[dict[str, Any]] = []
    for p in content if isinstance(content, list) else []:
        if not isinstance(p, dict):
            continue
        kind = p.get("type")
        if kind == "text":
            parts.append({"type": "text", "text": p.get("text", p.get("content", ""))})
        elif kind == "file":
            parts.append(p)
        elif isinstance(p.get("source"), dict):
            src = p["source"]
            media = src.get("mimeType") or p.get("mimeType") or f"{'application' if kind == 'document' else kind}/*"
            data: Any = src.get("value")
            if tagged:
                data = {"type": "url", "url": data} if src.get("type") == "url" else {"type": "data", "data": data}
            parts.append({"type": "file", "mediaType": media, "data": data})
    return parts


def _history_call(tc: dict[str, Any]) -> tuple[str, str, Any]:
    """An assistant history tool call (OpenAI/AG-UI or flat form) -> (id, name, parsed input)."""
    fn = tc.get("function") if isinstance(tc.get("function"), dict) else {}
    assert isinstance(fn, dict)
    call_id = str(tc.get("id") or tc.get("toolCallId") or "")
    name = str(fn.get("name") or tc.get("name") or tc.get("toolName") or "")
    args = fn.get("arguments", tc.get("arguments", tc.get("args", tc.get("input"))))
    if isinstance(args, str):
        ok, value = parse_json_text(args)
        args = value if ok else args
    return call_id, name, {} if args is None else args
