"""Responses built-in tool items read back into canonical parts, as ``@ai-sdk/openai`` 4.0.118 reads them.

The counterpart of :mod:`mock_provider.wires.openai_responses_tools` for
:mod:`mock_provider.wires.decode`: each item gives the parts that consumer's ``doStream`` makes of it
(``dist/index.js`` lines 8293-8975): a hosted call is named after its item id, an MCP call
``mcp.<name>``, a client-run shell / apply_patch / computer call after its ``call_id``; the progress
events only restate the items and are read as nothing.

Example:
    >>> parts = []
    >>> r = BuiltinReader(parts.append)
    >>> r.added({"type": "image_generation_call", "id": "ig_1"})
    True
    >>> [p["type"] for p in parts], parts[0]["input"]
    (['tool-call'], '{}')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mock_provider.wires.openai_responses_forms import compact, escape

# Items the consumer reads only at response.output_item.done, whole (nothing at added, no progress events).
_WHOLE = ("local_shell_call", "program", "program_output")
_SEARCH = ("tool_search_call", "tool_search_output")
_HOSTED = {"web_search_call": "web_search", "file_search_call": "file_search",
           "code_interpreter_call": "code_interpreter", "image_generation_call": "image_generation"}
# Progress events the items restate (their data is in the item at response.output_item.done).
_RESTATED = frozenset({
    *(f"response.{kind}.{stage}" for kind in ("web_search_call", "file_search_call")
      for stage in ("in_progress", "searching", "completed")),
    *(f"response.code_interpreter_call.{s}" for s in ("in_progress", "interpreting", "completed")),
    *(f"response.image_generation_call.{s}" for s in ("in_progress", "generating", "completed")),
    *(f"response.mcp_call.{s}" for s in ("in_progress", "completed", "failed")),
    "response.mcp_call_arguments.delta", "response.mcp_call_arguments.done",
    *(f"response.mcp_list_tools.{s}" for s in ("in_progress", "completed", "failed")),
    "response.shell_call_command.added", "response.shell_call_command.delta", "response.shell_call_command.done",
    "response.shell_call_output_content.delta", "response.shell_call_output_content.done",
    "response.compaction.compacting"})


def _web_search_result(item: dict[str, Any]) -> dict[str, Any]:
    """mapWebSearchResult (dist/index.js:9225-9252)."""
    if item.get("status") != "completed":
        return {"isError": True, "result": {"status": item.get("status")}}
    action = item.get("action") or {}
    kind = action.get("type")
    if kind == "open_page":
        return {"result": {"action": {"type": "openPage", "url": action.get("url")}}}
    if kind == "find_in_page":
        return {"result": {"action": {"type": "findInPage", "url": action.get("url"),
                                      "pattern": action.get("pattern")}}}
    if kind != "search":
        return {"result": {}}
    out: dict[str, Any] = {"action": {"type": "search", **({"query": action["query"]} if action.get("query") is not None
                                                            else {}),
                                      **({"queries": action["queries"]} if action.get("queries") is not None else {})}}
    if action.get("sources") is not None:
        out["sources"] = action["sources"]
    return {"result": out}


def _computer_action(a: dict[str, Any]) -> dict[str, Any]:
    """mapComputerAction (dist/index.js:7328-7366)."""
    keys = {"keys": a["keys"]} if a.get("keys") is not None else {}
    if a.get("type") == "click":
        return {"type": "click", "button": a.get("button"), "x": a.get("x"), "y": a.get("y"), **keys}
    if a.get("type") in ("double_click", "move"):
        return {"type": a["type"], "x": a.get("x"), "y": a.get("y"), **keys}
    if a.get("type") == "drag":
        return {"type": "drag", "path": a.get("path"), **keys}
    if a.get("type") == "scroll":
        return {"type": "scroll", "x": a.get("x"), "y": a.get("y"), "scrollX": a.get("scroll_x"),
                "scrollY": a.get("scroll_y"), **keys}
    return a


def item_meta(item_id: Any) -> dict[str, Any] | None:
    """The provider metadata that names a Responses item, as @ai-sdk/openai 4.0.118 keeps it on the item's
    text, reasoning and tool-input parts (``providerMetadata.openai.itemId``) and sends it back as an
    ``item_reference`` in the next request (dist/index.js:6084-6200): the encoder names the item by it again.

    >>> item_meta("msg_1"), item_meta(None)
    ({'openai': {'itemId': 'msg_1'}}, None)
    """
    return {"openai": {"itemId": item_id}} if isinstance(item_id, str) and item_id else None


def _naming(add: Callable[..., None], item_id: str) -> Callable[..., None]:
    """``add`` that names each call and result it gets after the item ``item_id`` (unless it names one already).

    >>> got = []
    >>> _naming(got.append, "lsh_1")({"type": "tool-call", "toolCallId": "c"})
    >>> got[0]["providerMetadata"]
    {'openai': {'itemId': 'lsh_1'}}
    """
    def named(part: dict[str, Any], *rest: Any) -> None:
        if part.get("type") in ("tool-call", "tool-result") and "providerMetadata" not in part:
            part = {**part, "providerMetadata": item_meta(item_id)}
        add(part, *rest)

    return named


class BuiltinReader:
    """Reads one Responses stream's built-in items (``add`` receives each part as a dict)."""

    def __init__(self, add: Callable[[dict[str, Any]], None]) -> None:
        self.add = add
        self.saw_call = False  # a client-run call the consumer counts as a function call (finish tool-calls)
        self.by_index: dict[int, str] = {}  # output_index -> code interpreter call id
        self.containers: dict[str, str] = {}
        self.sources = 0
        self.searches: list[str] = []  # hosted tool searches done, awaiting their output item

    def event(self, kind: str, data: dict[str, Any]) -> bool:
        """Whether the event is a built-in item's own (read here)."""
        if kind in _RESTATED:
            return True
        call_id = self.by_index.get(data.get("output_index", -1))
        if call_id is None and data.get("item_id") in self.containers:  # a JSON answer's events name no index
            call_id = str(data["item_id"])
        if kind == "response.code_interpreter_call_code.delta" and call_id is not None:
            self.add({"type": "tool-input-delta", "id": call_id, "delta": escape(str(data.get("delta", "")))})
            return True
        if kind == "response.code_interpreter_call_code.done" and call_id is not None:
            self.add({"type": "tool-input-delta", "id": call_id, "delta": '"}'})
            self.add({"type": "tool-input-end", "id": call_id})
            self.add({"type": "tool-call", "toolCallId": call_id, "toolName": "code_interpreter",
                      "providerExecuted": True,
                      "input": compact({"code": data.get("code"), "containerId": self.containers.get(call_id)})})
            return True
        if kind == "response.image_generation_call.partial_image":
            self.add({"type": "tool-result", "toolCallId": str(data.get("item_id")), "toolName": "image_generation",
                      "result": {"result": data.get("partial_image_b64")}, "preliminary": True})
            return True
        return kind in ("response.code_interpreter_call_code.delta", "response.code_interpreter_call_code.done")

    def added(self, item: dict[str, Any], output_index: int = -1) -> bool:
        """``response.output_item.added`` of a built-in item (False: not one)."""
        kind, item_id = item.get("type"), str(item.get("id"))
        if kind == "web_search_call":
            self.add({"type": "tool-input-start", "id": item_id, "toolName": "web_search", "providerExecuted": True})
            self.add({"type": "tool-input-end", "id": item_id})
            self.add({"type": "tool-call", "toolCallId": item_id, "toolName": "web_search", "input": "{}",
                      "providerExecuted": True})
        elif kind in ("file_search_call", "image_generation_call"):
            self.add({"type": "tool-call", "toolCallId": item_id, "toolName": _HOSTED[kind], "input": "{}",
                      "providerExecuted": True})
        elif kind == "code_interpreter_call":
            if output_index >= 0:
                self.by_index[output_index] = item_id
            self.containers[item_id] = str(item.get("container_id"))
            self.add({"type": "tool-input-start", "id": item_id, "toolName": "code_interpreter",
                      "providerExecuted": True})
            self.add({"type": "tool-input-delta", "id": item_id,
                      "delta": f'{{"containerId":"{item.get("container_id")}","code":"'})
        elif kind == "tool_search_call" and item.get("execution") == "server":
            self.add({"type": "tool-input-start", "id": item_id, "toolName": "tool_search", "providerExecuted": True})
        elif kind == "apply_patch_call":
            self._patch_start(item)
        elif kind == "computer_call":
            self.add({"type": "tool-input-start", "id": str(item.get("call_id")), "toolName": "computer"})
        return kind in (*_HOSTED, *_WHOLE, *_SEARCH, "apply_patch_call", "computer_call", "mcp_call", "mcp_list_tools",
                        "mcp_approval_request", "shell_call", "shell_call_output", "compaction")

    def _patch_start(self, item: dict[str, Any]) -> None:
        call_id, op = str(item.get("call_id")), item.get("operation") or {}
        self.add({"type": "tool-input-start", "id": call_id, "toolName": "apply_patch"})
        if op.get("type") == "delete_file":
            self.add({"type": "tool-input-delta", "id": call_id,
                      "delta": compact({"callId": call_id, "operation": op})})
            self.add({"type": "tool-input-end", "id": call_id})
        else:
            self.add({"type": "tool-input-delta", "id": call_id, "delta": f'{{"callId":"{escape(call_id)}","operation":'
                      f'{{"type":"{escape(str(op.get("type")))}","path":"{escape(str(op.get("path")))}","diff":"'})

    def done(self, item: dict[str, Any]) -> bool:
        """``response.output_item.done`` of a built-in item (False: not one).

        An item the consumer names its call after keeps its id as the call's; any other keeps it on its call
        or result as ``providerMetadata.openai.itemId`` (the id @ai-sdk/openai sends back as an
        ``item_reference``), so the encoder names the item by it again.
        """
        add = self.add
        if item.get("type") not in (*_HOSTED, "mcp_call", "mcp_approval_request", "compaction") and item.get("id"):
            self.add = _naming(add, str(item["id"]))
        try:
            return self._done(item)
        finally:
            self.add = add

    def _done(self, item: dict[str, Any]) -> bool:
        kind, item_id = item.get("type"), str(item.get("id"))
        if kind in _HOSTED:
            self._hosted_done(kind, item_id, item)
        elif kind == "mcp_call":
            name = f"mcp.{item.get('name')}"
            self.add({"type": "tool-call", "toolCallId": item_id, "toolName": name, "input": item.get("arguments"),
                      "providerExecuted": True, "dynamic": True})
            result = {"type": "call", "serverLabel": item.get("server_label"), "name": item.get("name"),
                      "arguments": item.get("arguments"),
                      **({"output": item["output"]} if item.get("output") is not None else {}),
                      **({"error": item["error"]} if item.get("error") is not None else {})}
            self.add({"type": "tool-result", "toolCallId": item_id, "toolName": name, "result": result})
        elif kind == "mcp_approval_request":
            # The consumer names the call with an id it generates (dist/index.js:8790-8808): here one derived
            # from the approval's, so a recording replays as the same item (the grader reads minted ids).
            call_id, name = f"{item_id}-call", f"mcp.{item.get('name')}"
            self.add({"type": "tool-call", "toolCallId": call_id, "toolName": name, "input": item.get("arguments"),
                      "providerExecuted": True, "dynamic": True})
            self.add({"type": "tool-approval-request",
                      "approvalId": str(item.get("approval_request_id") or item_id), "toolCallId": call_id})
        elif kind == "shell_call":
            action = item.get("action") or {}
            wire = {"commands": action.get("commands"),
                    **({"timeoutMs": action["timeout_ms"]} if action.get("timeout_ms") is not None else {}),
                    **({"maxOutputLength": action["max_output_length"]}
                       if action.get("max_output_length") is not None else {})}
            # A shell in a container OpenAI runs is provider-executed (@ai-sdk/openai knows it from the shell
            # tool it declared, isShellProviderExecuted; the item says it in its environment).
            hosted = (item.get("environment") or {}).get("type") in ("container_reference", "container_auto")
            self.add({"type": "tool-call", "toolCallId": str(item.get("call_id")), "toolName": "shell",
                      "input": compact({"action": wire}), **({"providerExecuted": True} if hosted else {})})
        elif kind == "shell_call_output":
            self._shell_output(item)
        elif kind in _WHOLE:
            self._whole(item)
        elif kind in _SEARCH:
            self._search(item)
        elif kind in ("apply_patch_call", "computer_call"):
            self._client_done(item)
        elif kind == "compaction":
            self.add({"type": "custom", "kind": "openai.compaction", "providerMetadata": {"openai": {
                "type": "compaction", "itemId": item_id, "encryptedContent": item.get("encrypted_content")}}})
        return kind in (*_HOSTED, *_WHOLE, *_SEARCH, "mcp_call", "mcp_list_tools", "mcp_approval_request", "shell_call",
                        "shell_call_output", "apply_patch_call", "computer_call", "compaction")

    def _hosted_done(self, kind: str, item_id: str, item: dict[str, Any]) -> None:
        name = _HOSTED[kind]
        if kind == "web_search_call":
            self.add({"type": "tool-result", "toolCallId": item_id, "toolName": name, **_web_search_result(item)})
            for src in (item.get("action") or {}).get("sources") or []:
                if isinstance(src, dict) and src.get("type") == "url":
                    self._source({"sourceType": "url", "url": src.get("url")})
        elif kind == "file_search_call":
            rows = item.get("results")
            result = {"queries": item.get("queries"), "results": None if rows is None else [
                {"attributes": r.get("attributes"), "fileId": r.get("file_id"), "filename": r.get("filename"),
                 "score": r.get("score"), "text": r.get("text")} for r in rows]}
            self.add({"type": "tool-result", "toolCallId": item_id, "toolName": name, "result": result})
            seen: set[Any] = set()
            for r in rows or []:
                if r.get("file_id") not in seen:
                    seen.add(r.get("file_id"))
                    self._source({"sourceType": "document", "mediaType": "text/plain", "title": r.get("filename"),
                                  "filename": r.get("filename"),
                                  "providerMetadata": {"openai": {"type": "file_search", "fileId": r.get("file_id")}}})
        elif kind == "code_interpreter_call":
            self.add({"type": "tool-result", "toolCallId": item_id, "toolName": name,
                      "result": {"outputs": item.get("outputs")}})
        else:
            self.add({"type": "tool-result", "toolCallId": item_id, "toolName": name,
                      "result": {"result": item.get("result")}})

    def _whole(self, item: dict[str, Any]) -> None:
        """An item read only at its done: local_shell_call (dist/index.js:8809-8824), program and program_output
        (:8541-8562)."""
        kind, call_id = item.get("type"), str(item.get("call_id"))
        if kind == "local_shell_call":
            action = item.get("action") or {}
            wire = {name: action[key] for name, key in (("type", "type"), ("command", "command"),
                                                        ("timeoutMs", "timeout_ms"), ("user", "user"),
                                                        ("workingDirectory", "working_directory"), ("env", "env"))
                    if action.get(key) is not None}
            self.add({"type": "tool-call", "toolCallId": call_id, "toolName": "local_shell",
                      "input": compact({"action": wire})})
        elif kind == "program":
            self.add({"type": "tool-call", "toolCallId": call_id, "toolName": "programmatic_tool_calling",
                      "input": compact({"code": item.get("code"), "fingerprint": item.get("fingerprint")}),
                      "providerExecuted": True})
        else:
            self.add({"type": "tool-result", "toolCallId": call_id, "toolName": "programmatic_tool_calling",
                      "result": {"result": item.get("result"), "status": item.get("status")}})

    def _search(self, item: dict[str, Any]) -> None:
        """A hosted tool search's call and its output (dist/index.js:8692-8729): the output pairs with its call_id, else
        the oldest hosted search without one."""
        item_id = str(item.get("id"))
        if item.get("type") == "tool_search_call":
            hosted = item.get("execution") == "server"
            call_id = item_id if hosted else str(item.get("call_id") or item_id)
            if hosted:
                self.searches.append(call_id)
            else:
                self.add({"type": "tool-input-start", "id": call_id, "toolName": "tool_search"})
            self.add({"type": "tool-input-end", "id": call_id})
            self.add({"type": "tool-call", "toolCallId": call_id, "toolName": "tool_search",
                      "input": compact({"arguments": item.get("arguments"), "call_id": None if hosted else call_id}),
                      **({"providerExecuted": True} if hosted else {})})
            return
        call_id = item.get("call_id") or (self.searches.pop(0) if self.searches else item_id)
        self.add({"type": "tool-result", "toolCallId": str(call_id), "toolName": "tool_search",
                  "result": {"tools": item.get("tools")}})

    def _shell_output(self, item: dict[str, Any]) -> None:
        """shell_call_output done: the tool-result (dist/index.js:8839-8855)."""
        output = [{"stdout": o.get("stdout"), "stderr": o.get("stderr"),
                   "outcome": {"type": "exit", "exitCode": (o.get("outcome") or {}).get("exit_code")}
                   if (o.get("outcome") or {}).get("type") == "exit" else {"type": "timeout"}}
                  for o in item.get("output") or [] if isinstance(o, dict)]
        result = {**({"maxOutputLength": item["max_output_length"]} if item.get("max_output_length") is not None
                     else {}), "output": output}
        self.add({"type": "tool-result", "toolCallId": str(item.get("call_id")), "toolName": "shell", "result": result})

    def _source(self, fields: dict[str, Any]) -> None:
        self.sources += 1
        self.add({"type": "source", "id": f"src_{self.sources}", **fields})

    def _client_done(self, item: dict[str, Any]) -> None:
        self.saw_call = True
        call_id = str(item.get("call_id"))
        if item.get("type") == "apply_patch_call":
            op = item.get("operation") or {}
            if op.get("type") != "delete_file":
                self.add({"type": "tool-input-delta", "id": call_id, "delta": escape(str(op.get("diff", "")))})
                self.add({"type": "tool-input-delta", "id": call_id, "delta": '"}}'})
                self.add({"type": "tool-input-end", "id": call_id})
            self.add({"type": "tool-call", "toolCallId": call_id, "toolName": "apply_patch",
                      "input": compact({"callId": call_id, "operation": op})})
            return
        actions: list[Any] = item.get("actions") or ([item["action"]] if item.get("action") is not None else [])
        checks = [{"id": c.get("id"), **({"code": c["code"]} if c.get("code") is not None else {}),
                   **({"message": c["message"]} if c.get("message") is not None else {})}
                  for c in item.get("pending_safety_checks") or []]
        text = compact({"actions": [_computer_action(a) for a in actions], "pendingSafetyChecks": checks,
                        "status": item.get("status")})
        self.add({"type": "tool-input-delta", "id": call_id, "delta": text})
        self.add({"type": "tool-input-end", "id": call_id})
        self.add({"type": "tool-call", "toolCallId": call_id, "toolName": "computer", "input": text})
