"""Mastra background-task chunks (``@mastra/core`` 1.71.0 ``background-task-*``) for the ``mastra`` dialect.

A tool flagged ``background: {enabled: true}`` runs out of band while the agent goes on; its
lifecycle reaches the run's ``fullStream`` as nine chunk types (``dist/stream/types.d.ts``
``BackgroundTask*Payload``). One canonical part, :class:`~mock_provider.parts.BackgroundTask`,
stands for all of them: its ``status`` names the chunk. The payload's ``runId`` and ``agentId`` are
the dialect's run and agent; its dates (``startedAt``, ``suspendedAt``, ``completedAt``) are the
part's ``at`` as an ISO string (a ``Date`` in process; JSON writes its ISO string).

Example:
    >>> from mock_provider.parts import parse_part
    >>> encode(parse_part({"type": "background-task", "status": "started", "taskId": "t1",
    ...                    "toolCallId": "c1", "toolName": "report"}), "mock-run")
    ('background-task-started', {'taskId': 't1', 'toolName': 'report', 'toolCallId': 'c1'})
"""

from __future__ import annotations

from typing import Any

from mock_provider.parts import BackgroundTask, Part, parse_part

AGENT_ID = "mock-agent"
CHUNK_TYPES = tuple(f"background-task-{s}" for s in (
    "started", "running", "output", "progress", "suspended", "resumed", "completed", "failed", "cancelled"))
# The date each status's payload carries, and whether the type requires it.
_DATES = {"running": ("startedAt", True), "resumed": ("startedAt", True), "suspended": ("suspendedAt", False),
          "completed": ("completedAt", True), "failed": ("completedAt", True), "cancelled": ("completedAt", True)}
NOTE = ("`background-task-<status>` with the payload of its BackgroundTask*Payload: started `{taskId, toolName, "
        "toolCallId}`; running/resumed `+ {runId, agentId, startedAt, args}`; output `+ {runId, agentId, payload: "
        "tool-output chunk {output, toolCallId, toolName}}`; progress `{taskIds, runningCount, elapsedMs}`; "
        "suspended `+ {runId, agentId, args, suspendPayload?, suspendedAt?}`; completed `+ {runId, agentId, result, "
        "completedAt, isError?}`; failed `+ {runId, agentId, error: {message}, completedAt}`; cancelled `+ {runId, "
        "agentId, completedAt}`. @ag-ui/mastra 1.1.2 shows them as ACTIVITY_SNAPSHOT/ACTIVITY_DELTA "
        "(activityType 'mastra-background-task')")
WHY_NOT = "the {status} payload's {field} is required (BackgroundTask{name}Payload)"


def encode(part: BackgroundTask, run_id: str) -> tuple[str, dict[str, Any]] | str:
    """The chunk type and payload of a background-task part, or why it has none (a required field missing)."""
    if part.status == "progress":
        return "background-task-progress", {"taskIds": part.task_ids, "runningCount": part.running_count,
                                            "elapsedMs": part.elapsed_ms}
    body: dict[str, Any] = {"taskId": part.task_id, "toolName": part.tool_name, "toolCallId": part.tool_call_id}
    if part.status != "started":
        body.update(runId=run_id, agentId=AGENT_ID)
    date = _DATES.get(part.status)
    if date is not None and (part.at is not None or date[1]):
        if part.at is None:
            return WHY_NOT.format(status=part.status, field=date[0], name=part.status.title())
        body[date[0]] = part.at
    if part.status in ("running", "resumed", "suspended"):
        if part.args is None:
            return WHY_NOT.format(status=part.status, field="args", name=part.status.title())
        body["args"] = part.args
    if part.status == "suspended" and part.suspend_payload is not None:
        body["suspendPayload"] = part.suspend_payload
    elif part.status == "output":
        body["payload"] = {"type": "tool-output", "runId": run_id, "from": "AGENT", "payload": {
            "output": part.output, "toolCallId": part.tool_call_id, "toolName": part.tool_name}}
    elif part.status == "completed":
        body["result"] = part.result
        if part.is_error is not None:
            body["isError"] = part.is_error
    elif part.status == "failed":
        body["error"] = {"message": part.error}
    return f"background-task-{part.status}", body


def decode(kind: str, payload: dict[str, Any]) -> Part:
    """A background-task chunk read back into its part.

    >>> decode("background-task-failed", {"taskId": "t", "toolName": "r", "toolCallId": "c",
    ...     "error": {"message": "boom"}, "completedAt": "2026-01-01T00:00:00Z"}).error
    'boom'
    """
    status = kind.removeprefix("background-task-")
    out: dict[str, Any] = {"type": "background-task", "status": status}
    for key in ("taskId", "toolName", "toolCallId", "args", "result", "isError", "suspendPayload", "taskIds",
                "runningCount", "elapsedMs"):
        if key in payload:
            out[key] = payload[key]
    date = _DATES.get(status)
    if date is not None and date[0] in payload:
        out["at"] = payload[date[0]]
    if status == "output":
        out["output"] = ((payload.get("payload") or {}).get("payload") or {}).get("output")
    if status == "failed":
        out["error"] = (payload.get("error") or {}).get("message")
    return parse_part(out)
