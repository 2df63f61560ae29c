"""The JSON @ai-sdk/openai 4.0.118 makes of each Responses built-in item, read back into the item's fields.

A scenario scripts a built-in call's input and result as that consumer hands them on; the wire needs
the item the ``openai`` 3.57.0 SDK types say. Each reader here takes the canonical form (exactly as
the consumer writes it: key order, absent fields left out) and gives the item's fields, or None / a
reason when the form is not the consumer's.

Example:
    >>> shell_action('{"action":{"commands":["ls"],"timeoutMs":5}}')
    {'commands': ['ls'], 'timeout_ms': 5}
"""

from __future__ import annotations

import json
from typing import Any

from mock_provider.parts import Usage

__all__ = ["compact", "computer_fields", "escape", "file_results", "local_shell_action", "patch_operation",
           "patch_stream", "responses_usage", "search_action", "shell_action", "shell_outputs"]


def compact(value: Any) -> str:
    """``JSON.stringify`` of a value: no spaces, non-ASCII kept.

    >>> compact({"a": [1, "é"]})
    '{"a":[1,"é"]}'
    """
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def escape(text: str) -> str:
    """``escapeJSONDelta``: a string's JSON form without its quotes.

    >>> escape('print("hi")')
    'print(\\\\"hi\\\\")'
    """
    return compact(text)[1:-1]


def search_action(result: Any) -> tuple[dict[str, Any], list[str]] | str:
    """A web search result as the item's ``action`` and its url sources (mapWebSearchOutput reversed)."""
    form = ("a web_search result is {action: {type: 'search', query?, queries?} | {type: 'openPage', url} | "
            "{type: 'findInPage', url, pattern}, sources?: [{type: 'url', url}]}")
    if not isinstance(result, dict) or set(result) - {"action", "sources"} \
            or not isinstance(result.get("action"), dict):
        return form
    action, sources = result["action"], result.get("sources")
    kind = action.get("type")
    if kind == "search" and not set(action) - {"type", "query", "queries"}:
        wire: dict[str, Any] = {"type": "search", "query": action.get("query")}
        if "queries" in action:
            wire["queries"] = action["queries"]
        if sources is not None:
            if not isinstance(sources, list) or not all(isinstance(s, dict) and set(s) == {"type", "url"}
                                                        and s["type"] == "url" for s in sources):
                return "web search sources are [{type: 'url', url}] (ActionSearchSource has no api source)"
            wire["sources"] = sources
        return wire, [s["url"] for s in sources or []]
    if sources is None and kind == "openPage" and set(action) == {"type", "url"}:
        return {"type": "open_page", "url": action["url"]}, []
    if sources is None and kind == "findInPage" and set(action) == {"type", "url", "pattern"}:
        return {"type": "find_in_page", "url": action["url"], "pattern": action["pattern"]}, []
    return form


def file_results(result: Any) -> tuple[dict[str, Any], list[dict[str, Any]]] | str:
    """A file search result as the item's ``queries``/``results`` and the document sources that follow."""
    keys = {"attributes", "fileId", "filename", "score", "text"}
    if not isinstance(result, dict) or set(result) != {"queries", "results"} or not isinstance(result["queries"], list):
        return "a file_search result is {queries: [...], results: [{attributes, fileId, filename, score, text}] | null}"
    rows = result["results"]
    if rows is not None and not (isinstance(rows, list) and all(isinstance(r, dict) and set(r) == keys
                                                                 for r in rows)):
        return "each file_search result is {attributes, fileId, filename, score, text} (all required by the consumer)"
    wire = [{"attributes": r["attributes"], "file_id": r["fileId"], "filename": r["filename"], "score": r["score"],
             "text": r["text"]} for r in rows or []]
    sources: list[dict[str, Any]] = []
    for r in rows or []:
        if all(s["fileId"] != r["fileId"] for s in sources):
            sources.append({"fileId": r["fileId"], "filename": r["filename"]})
    return {"queries": result["queries"], "results": None if rows is None else wire}, sources


def shell_action(text: str) -> dict[str, Any] | None:
    """A shell call's canonical input ``{"action":{"commands":[…],"timeoutMs"?,"maxOutputLength"?}}`` as the
    item's action (None: not that input, exactly as the consumer writes it)."""
    try:
        value = json.loads(text)
    except ValueError:
        return None
    action = value.get("action") if isinstance(value, dict) and set(value) == {"action"} else None
    if not isinstance(action, dict) or set(action) - {"commands", "timeoutMs", "maxOutputLength"} \
            or not isinstance(action.get("commands"), list) or not all(isinstance(c, str) for c in action["commands"]):
        return None
    if compact(value) != text or list(action) != [k for k in ("commands", "timeoutMs", "maxOutputLength")
                                                  if k in action]:
        return None
    wire: dict[str, Any] = {"commands": action["commands"]}
    if "timeoutMs" in action:
        wire["timeout_ms"] = action["timeoutMs"]
    if "maxOutputLength" in action:
        wire["max_output_length"] = action["maxOutputLength"]
    return wire


# The consumer's local_shell input keys in its order (dist/index.js:8809-8823); env: LocalShellCallAction requires it.
_LOCAL_SHELL = (("type", "type"), ("command", "command"), ("timeoutMs", "timeout_ms"), ("user", "user"),
                ("workingDirectory", "working_directory"), ("env", "env"))


def local_shell_action(text: str) -> dict[str, Any] | None:
    """A local shell call's canonical input ``{"action":{"type":"exec","command":[…],…,"env":{…}}}`` as the item's
    action (None: not that input, exactly as the consumer writes it).

    >>> local_shell_action('{"action":{"type":"exec","command":["ls"],"workingDirectory":"/w","env":{}}}')
    {'type': 'exec', 'command': ['ls'], 'working_directory': '/w', 'env': {}}
    """
    try:
        value = json.loads(text)
    except ValueError:
        return None
    action = value.get("action") if isinstance(value, dict) and list(value) == ["action"] else None
    if not isinstance(action, dict) or action.get("type") != "exec" or not isinstance(action.get("env"), dict) \
            or not isinstance(action.get("command"), list) or not all(isinstance(c, str) for c in action["command"]):
        return None
    if list(action) != [k for k, _ in _LOCAL_SHELL if k in action] or compact(value) != text \
            or not all(isinstance(v, str) for v in action["env"].values()):
        return None
    return {wire: action[k] for k, wire in _LOCAL_SHELL if k in action}


def shell_outputs(value: Any) -> list[dict[str, Any]] | None:
    """A hosted shell's canonical outputs as ``shell_call_output.output`` (None: not that form)."""
    if not isinstance(value, list):
        return None
    out: list[dict[str, Any]] = []
    for o in value:
        outcome = o.get("outcome") if isinstance(o, dict) and set(o) == {"stdout", "stderr", "outcome"} else None
        if not isinstance(outcome, dict) or not isinstance(o["stdout"], str) or not isinstance(o["stderr"], str):
            return None
        if outcome == {"type": "timeout"}:
            wire: dict[str, Any] = {"type": "timeout"}
        elif set(outcome) == {"type", "exitCode"} and outcome["type"] == "exit" \
                and isinstance(outcome["exitCode"], int):
            wire = {"type": "exit", "exit_code": outcome["exitCode"]}
        else:
            return None
        out.append({"stdout": o["stdout"], "stderr": o["stderr"], "outcome": wire})
    return out


def patch_operation(text: str, call_id: str) -> dict[str, Any] | None:
    """An apply_patch call's canonical input ``{"callId","operation":{type, path, diff?}}`` as the operation."""
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not isinstance(value, dict) or list(value) != ["callId", "operation"] or value["callId"] != call_id:
        return None
    op = value["operation"]
    fields = ["type", "path"] if isinstance(op, dict) and op.get("type") == "delete_file" else ["type", "path", "diff"]
    if not isinstance(op, dict) or list(op) != fields or op["type"] not in ("create_file", "update_file",
                                                                              "delete_file") \
            or not all(isinstance(op[k], str) for k in fields) or compact(value) != text:
        return None
    return dict(op)


def patch_stream(call_id: str, op: dict[str, Any]) -> list[str]:
    """The input deltas the consumer makes of an apply_patch_call (added, then the diff at done).

    >>> patch_stream("c", {"type": "delete_file", "path": "a"})
    ['{"callId":"c","operation":{"type":"delete_file","path":"a"}}']
    """
    if op["type"] == "delete_file":
        return [compact({"callId": call_id, "operation": op})]
    head = f'{{"callId":"{escape(call_id)}","operation":{{"type":"{escape(op["type"])}","path":"{escape(op["path"])}"'
    return [head + ',"diff":"', escape(op["diff"]), '"}}']


# mapComputerAction (dist/index.js:7328-7366): the wire action each canonical action is (scroll renames).
def _computer_action(action: Any) -> dict[str, Any] | None:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return None
    if action["type"] == "scroll":
        if set(action) - {"type", "x", "y", "scrollX", "scrollY", "keys"}:
            return None
        wire = {"type": "scroll", "x": action.get("x"), "y": action.get("y"), "scroll_x": action.get("scrollX"),
                "scroll_y": action.get("scrollY")}
        return {**wire, **({"keys": action["keys"]} if "keys" in action else {})}
    if action["type"] in ("click", "double_click", "drag", "keypress", "move", "screenshot", "type", "wait"):
        return dict(action)
    return None


def computer_fields(text: str) -> dict[str, Any] | None:
    """A computer call's canonical input ``{actions, pendingSafetyChecks, status: 'completed'}`` as item fields."""
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not isinstance(value, dict) or list(value) != ["actions", "pendingSafetyChecks", "status"] \
            or value["status"] != "completed" or not isinstance(value["actions"], list) \
            or not isinstance(value["pendingSafetyChecks"], list) or compact(value) != text:
        return None
    actions = [_computer_action(a) for a in value["actions"]]
    if any(a is None for a in actions):
        return None
    return {"actions": actions, "pending_safety_checks": value["pendingSafetyChecks"]}


def responses_usage(usage: Usage | None) -> dict[str, Any] | None:
    """Canonical nested usage as a Responses ``ResponseUsage`` (None: nothing to report).

    Every count of the object is required (openai 3.57.0 ``response_usage.py``): a missing one is 0.

    >>> from mock_provider.parts import Usage
    >>> responses_usage(Usage.model_validate({"inputTokens": {"total": 9, "cacheRead": 2},
    ...     "outputTokens": {"total": 3, "reasoning": 1}}))  # doctest: +NORMALIZE_WHITESPACE
    {'input_tokens': 9, 'input_tokens_details': {'cached_tokens': 2, 'cache_write_tokens': 0},
     'output_tokens': 3, 'output_tokens_details': {'reasoning_tokens': 1}, 'total_tokens': 12}
    """
    if usage is None:
        return None
    inp, out = usage.input_tokens, usage.output_tokens
    prompt, completion = inp.wire_total(), out.wire_total()
    if prompt is None and completion is None:
        return None
    return {
        "input_tokens": prompt or 0,
        "input_tokens_details": {"cached_tokens": inp.cache_read or 0, "cache_write_tokens": inp.cache_write or 0},
        "output_tokens": completion or 0,
        "output_tokens_details": {"reasoning_tokens": out.reasoning or 0},
        "total_tokens": (prompt or 0) + (completion or 0),
    }
