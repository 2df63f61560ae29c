"""Reading Gemini's non-text model parts back into canonical parts (the Gemini decoder's helpers):
a server-side tool call (``toolCall``) and its response (``toolResponse``), code execution
(``executableCode``, ``codeExecutionResult``), a generated file
(``inlineData``), read as ``@ai-sdk/google`` 4.0.121 reads them (dist/index.js 2698-2763), and the
error and usage shapes of a Gemini stream.

Example:
    >>> parts: list[dict] = []
    >>> reader = PartReader(parts.append)
    >>> reader.part({"toolCall": {"id": "s1", "toolType": "URL_CONTEXT", "args": {}}})
    True
    >>> reader.part({"toolResponse": {"id": "s1", "toolType": "URL_CONTEXT", "response": {"ok": 1}}})
    True
    >>> [p["type"] for p in parts], parts[-1]["toolCallId"]
    (['tool-input-start', 'tool-input-delta', 'tool-input-end', 'tool-call', 'tool-result'], 's1')
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


class PartReader:
    """The parts a server-side call, its response or a generated file reads as (``add`` takes each)."""

    def __init__(self, add: Callable[[dict[str, Any]], None]) -> None:
        self.add = add
        self.server_call: str | None = None  # the server-side call a toolResponse answers (the last one)
        self.count = 0
        self.code_call: str | None = None  # the code execution call a codeExecutionResult answers (the last one)

    @staticmethod
    def reads(part: dict[str, Any]) -> bool:
        """The part is one this reader reads.

        >>> PartReader.reads({"inlineData": {}}), PartReader.reads({"text": "x"})
        (True, False)
        """
        return any(isinstance(part.get(k), dict) for k in ("toolCall", "toolResponse", "inlineData", "executableCode",
                                                            "codeExecutionResult"))

    def _code(self, code: dict[str, Any]) -> None:
        """An ``executableCode`` part: a provider-executed ``code_execution`` call under an id @ai-sdk/google
        generates (here a counted one; the grader reads minted ids, mock_provider.minted), its input the JSON of
        ``{language, code}`` (dist/index.js:2595-2604); one without code is skipped, as the consumer skips it."""
        if not code.get("code"):
            return
        self.count += 1
        self.code_call = f"code-{self.count}"
        self.add({"type": "tool-call", "toolCallId": self.code_call, "toolName": "code_execution",
                  "input": json.dumps({"language": code.get("language"), "code": code.get("code")},
                                      ensure_ascii=False, separators=(",", ":")), "providerExecuted": True})

    def part(self, part: dict[str, Any]) -> bool:
        """Read one candidate part; False when it is none of these (the caller reads it)."""
        if isinstance(part.get("toolCall"), dict):
            tc = part["toolCall"]
            self.count += 1
            call_id = self.server_call = str(tc.get("id") or f"server-{self.count}")
            name, args = f"server:{tc.get('toolType')}", json.dumps(tc.get("args") or {}, ensure_ascii=False,
                                                                   separators=(",", ":"))
            self.add({"type": "tool-input-start", "id": call_id, "toolName": name, "providerExecuted": True})
            self.add({"type": "tool-input-delta", "id": call_id, "delta": args})
            self.add({"type": "tool-input-end", "id": call_id})
            self.add({"type": "tool-call", "toolCallId": call_id, "toolName": name, "input": args,
                      "providerExecuted": True})
        elif isinstance(part.get("toolResponse"), dict):
            tr = part["toolResponse"]
            self.add({"type": "tool-result", "toolCallId": self.server_call or str(tr.get("id")),
                      "toolName": f"server:{tr.get('toolType')}", "result": tr.get("response") or {}})
            self.server_call = None
        elif isinstance(part.get("executableCode"), dict):
            self._code(part["executableCode"])
        elif isinstance(part.get("codeExecutionResult"), dict):
            result = part["codeExecutionResult"]
            if self.code_call is not None:  # @ai-sdk/google pairs it with the last code part (none: dropped)
                self.add({"type": "tool-result", "toolCallId": self.code_call, "toolName": "code_execution",
                          "result": {"outcome": result.get("outcome"), "output": result.get("output") or ""}})
        elif isinstance(part.get("inlineData"), dict):
            blob = part["inlineData"]
            self.add({"type": "reasoning-file" if part.get("thought") else "file", "mediaType": blob.get("mimeType"),
                      "data": {"type": "data", "data": blob.get("data")}})
        else:
            return False
        return True


def gemini_error(error: Any) -> Any:
    """A Google error (``{code, message, status}``) as an error part's payload: the status is its type.

    >>> gemini_error({"code": 429, "message": "m", "status": "RESOURCE_EXHAUSTED"})
    {'code': 429, 'message': 'm', 'type': 'RESOURCE_EXHAUSTED'}
    """
    if not isinstance(error, dict):
        return error
    out = {k: v for k, v in error.items() if k != "status"}
    if isinstance(error.get("status"), str):
        out["type"] = error["status"]
    return out


def hops_summed(carried: dict[str, Any] | None, usage: dict[str, Any]) -> dict[str, Any]:
    """A hop's ``usageMetadata`` with the earlier hops' counts added (@ai-sdk/google 4.0.121
    addGoogleUsageMetadata: numbers summed, the rest from the later hop).

    >>> hops_summed({"promptTokenCount": 2, "totalTokenCount": 5}, {"promptTokenCount": 3})
    {'promptTokenCount': 5, 'totalTokenCount': 5}
    """
    if not carried:
        return usage
    out = {**carried, **usage}
    for key in set(carried) & set(usage):
        if isinstance(carried[key], int) and isinstance(usage[key], int):
            out[key] = carried[key] + usage[key]
    return out
