"""The second oracle: run ``@tanstack/ai``'s real ``StreamProcessor`` (Node) on event streams.

``tools/consumer-oracle/process.mjs`` reads ``[{id, output, events}]`` on stdin and prints
``[{id, messages, error}]``. It needs ``node`` and ``npm ci --prefix tools/consumer-oracle``.
:func:`normalize` removes only what is legitimately non-deterministic: ``createdAt`` (the
script drops it) and generated message/step ids (``msg-<Date.now()>-<random>`` in Node,
``generated-N`` in the port), which become ``<generated-k>`` in order of first appearance.

Example:
    >>> normalize([{"id": "msg-1763900000000-abc12", "parts": []}, {"id": "msg-1763900000000-abc12"}])
    [{'id': '<generated-1>', 'parts': []}, {'id': '<generated-1>'}]
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

ORACLE_DIR = Path(__file__).resolve().parent.parent / "tools" / "consumer-oracle"
SCRIPT = ORACLE_DIR / "process.mjs"
_GENERATED = re.compile(r'"(msg-\d{10,}-[0-9a-z]*|generated-\d+)"')


def unavailable() -> str | None:
    """Why the Node oracle cannot run here (None when it can)."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (ORACLE_DIR / "node_modules" / "@tanstack" / "ai" / "package.json").is_file():
        return f"@tanstack/ai is not installed: run `npm ci --prefix {ORACLE_DIR}`"
    return None


def run(cases: list[dict[str, Any]], timeout: float = 120.0) -> list[dict[str, Any]]:
    """``[{id, output, events}]`` -> ``[{id, messages, error}]`` from the real processor."""
    proc = subprocess.run(["node", str(SCRIPT)], input=json.dumps(cases), capture_output=True, text=True,
                          timeout=timeout, check=False, cwd=ORACLE_DIR)
    if proc.returncode != 0:
        raise RuntimeError(f"{SCRIPT.name} failed ({proc.returncode}): {proc.stderr.strip()[:500]}")
    out: list[dict[str, Any]] = json.loads(proc.stdout)
    return out


def normalize(messages: Any) -> Any:
    """Generated ids as ``<generated-k>`` (k by first appearance); everything else unchanged."""
    text = json.dumps(messages, sort_keys=True, ensure_ascii=False)
    names: dict[str, str] = {}

    def sub(m: re.Match[str]) -> str:
        return '"' + names.setdefault(m.group(1), f"<generated-{len(names) + 1}>") + '"'

    return json.loads(_GENERATED.sub(sub, text))


# ---------------------------------------------------------------------------------------------
# The AI SDK's own UI message stream reader (tools/ui-stream-oracle: ai 6.0.326 and ai 7.0.173)
# ---------------------------------------------------------------------------------------------

UI_ORACLE_DIR = ORACLE_DIR.parent / "ui-stream-oracle"
UI_SCRIPT = UI_ORACLE_DIR / "oracle.mjs"
# The output protocol each ai major is graded by.
UI_VERSIONS = {5: "ui-message-stream@5", 6: "ui-message-stream", 7: "ui-message-stream@7"}
# Our rows that stand for "the real reader throws": processUIMessageStream throws UIMessageStreamError
# exactly for a delta/end of a part it does not have open, a tool-input-delta of a call it has no
# partial input for, and a tool output/approval naming no tool call (ai 6.0.326 dist/index.js
# 6101-6700; ai 7.0.173 7060-7600) -- the lifecycle's row 8.4.2.
READER_ROWS = frozenset({"8.4.2"})


def ui_unavailable() -> str | None:
    """Why the UI message stream oracle cannot run here (None when it can)."""
    if shutil.which("node") is None:
        return "node is not installed"
    for alias in ("ai6", "ai7"):
        if not (UI_ORACLE_DIR / "node_modules" / alias / "package.json").is_file():
            return f"{alias} is not installed: run `npm ci --prefix {UI_ORACLE_DIR}`"
    return None


def run_ui(cases: list[dict[str, Any]], timeout: float = 300.0) -> list[dict[str, Any]]:
    """``[{id, version, events}]`` -> ``[{id, version, verdict, invalid, rejected, text}]`` from ai's own code.

    ``verdict``: ``'reject'`` when either of the two below is non-empty, else ``'accept'``;
    ``invalid``: ``[index, reason]`` of every chunk that version's ``uiMessageChunkSchema`` refuses;
    ``rejected``: ``{index, reason}`` of the first error ``readUIMessageStream`` reports on the chunks
    before the first invalid one (the in-band ``error`` chunk is not one), or None.
    """
    lines = "".join(json.dumps(c) + "\n" for c in cases)
    proc = subprocess.run(["node", str(UI_SCRIPT)], input=lines, capture_output=True, text=True,
                          timeout=timeout, check=False, cwd=UI_ORACLE_DIR)
    if proc.returncode != 0:
        raise RuntimeError(f"{UI_SCRIPT.name} failed ({proc.returncode}): {proc.stderr.strip()[:500]}")
    return [json.loads(line) for line in proc.stdout.split("\n") if line.strip()]


def ui_verdict(events: list[Any], version: int) -> dict[str, Any]:
    """What our grader says the real reader sees: the same shape as one :func:`run_ui` answer.

    ``invalid``: the chunks our schema for that version refuses (row ``schema.event``);
    ``rejected``: the first lifecycle finding on a :data:`READER_ROWS` row among the chunks before
    the first invalid one (the transports stop at an invalid chunk), or None.

    >>> ui_verdict([{"type": "start"}, {"type": "text-delta", "id": "t", "delta": "x"},
    ...             {"type": "reset-step"}], 6)
    {'invalid': [2], 'rejected': 1}
    """
    from conformance.protocols import protocol  # the protocols load schemas: only when asked

    proto = protocol(UI_VERSIONS[version])
    invalid = [i for i, e in enumerate(events) if proto.schema_errors(e)]
    prefix = events[:invalid[0]] if invalid else events
    hits = [f.event_index for f in proto.lifecycle(prefix) if f.row in READER_ROWS and f.event_index is not None]
    return {"invalid": invalid, "rejected": min(hits) if hits else None}


# ---------------------------------------------------------------------------------------------
# @ag-ui/client's own pipeline (tools/agui-oracle: @ag-ui/client 1.0.0): enforceEvents,
# transformChunks, verifyEvents, as AbstractAgent.runAgent applies them
# ---------------------------------------------------------------------------------------------

AGUI_ORACLE_DIR = ORACLE_DIR.parent / "agui-oracle"
AGUI_SCRIPT = AGUI_ORACLE_DIR / "oracle.mjs"
# The rows of our run phases that stand for a verifyEvents throw (src/verify/verify.ts 225-270: an
# event after RUN_ERROR or RUN_FINISHED, a first event that is not RUN_STARTED, RUN_STARTED in a
# running run); 8.4.2 (an entity used while not open, opened while open) is every other throw of its
# entity checks, and an entity still open at RUN_FINISHED (its unclosed row) is verify.ts 938-1010.
_RUN_ROWS = frozenset({"8.1.0", "8.1.18", "8.1.20"})
_UNCLOSED_ROWS = frozenset({"8.1.5", "8.1.8", "8.1.12", "8.4.2"})
# Not an AG-UI field: our schema reads it because TanStack's consumer does (conformance.protocols.agui).
_TANSTACK_ONLY = "metadata.tanstack.finishReason"


def agui_unavailable() -> str | None:
    """Why the AG-UI client oracle cannot run here (None when it can)."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (AGUI_ORACLE_DIR / "node_modules" / "@ag-ui" / "client" / "package.json").is_file():
        return f"@ag-ui/client is not installed: run `npm ci --prefix {AGUI_ORACLE_DIR}`"
    return None


def run_agui(cases: list[dict[str, Any]], timeout: float = 300.0) -> list[dict[str, Any]]:
    """``[{id, events}]`` -> ``[{id, verdict, rejected, dropped, stripped, text}]`` from @ag-ui/client's code.

    ``rejected``: ``{index, reason}`` of the input event at which enforceEvents, transformChunks or
    verifyEvents threw, or None; ``dropped``: the events enforceEvents dropped (a type AG-UI does not
    define); ``stripped``: ``[index, path]`` of the keys it stripped (not in the event's schema).
    """
    lines = "".join(json.dumps(c) + "\n" for c in cases)
    proc = subprocess.run(["node", str(AGUI_SCRIPT)], input=lines, capture_output=True, text=True,
                          timeout=timeout, check=False, cwd=AGUI_ORACLE_DIR)
    if proc.returncode != 0:
        raise RuntimeError(f"{AGUI_SCRIPT.name} failed ({proc.returncode}): {proc.stderr.strip()[:500]}")
    return [json.loads(line) for line in proc.stdout.split("\n") if line.strip()]


def agui_verdict(events: list[Any]) -> dict[str, Any]:
    """What our AG-UI grader says @ag-ui/client's pipeline does, in the shape of one :func:`run_agui` answer.

    ``dropped``: the events that are not an object of a type AG-UI defines (our schema refuses them,
    row ``schema.event``; enforceEvents drops them with a warning, so verifyEvents never sees them);
    ``rejected``: the first of the other events our schema refuses, or the first our lifecycle flags
    on a row that stands for a throw, read run by run as the client does (a RUN_STARTED after a
    terminal starts a new run, verify.ts 254-270), minus the documented differences
    (:func:`_documented`), or the first that breaks an attribution rule
    (:func:`conformance.protocols.agui_owners.first_throw`: no lifecycle row stands for those, the
    consumer row ``consumer.agui-messages`` grades them); ``stripped``: the (type, key) pairs row
    8.4.5 reports.

    >>> agui_verdict([{"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...               {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "x"}])["rejected"]
    1
    >>> agui_verdict([{"type": "RUN_ERROR", "message": "no key"}])["rejected"] is None  # RUN_ERROR first
    True
    """
    return agui_verdict_read(events)[0]


def agui_verdict_read(events: list[Any]) -> tuple[dict[str, Any], dict[int, Any]]:
    """:func:`agui_verdict`, and each event of an AG-UI type as enforceEvents hands it on (its unknown union
    members stripped), by index: the client port reads those events on without stripping them again.

    >>> verdict, read = agui_verdict_read([{"type": "RUN_STARTED", "threadId": "t", "runId": "r"}, {"type": "X"}])
    >>> verdict["dropped"], sorted(read)
    ([1], [0])
    """
    from conformance.agui_client import stripped_member
    from conformance.protocols import agui, agui_owners  # the protocols load schemas: only when asked

    dropped = [i for i, e in enumerate(events) if not (isinstance(e, dict) and e.get("type") in agui.ALLOWED_KEYS)]
    kept = [i for i in range(len(events)) if i not in dropped]
    members = {i: stripped_member(events[i]) for i in kept}  # an unknown union member is stripped, not fatal
    # An event the models accepted as it was stripped has no model errors: they are not looked for twice.
    invalid = [i for i in kept if [m for m in agui.schema_errors(members[i][0], validated=members[i][2])
                                   if not m.startswith(_TANSTACK_ONLY)]]
    throws = []
    for run in _runs([events[i] for i in kept]):
        sub = [members[kept[i]][0] for i in run]
        throws += [kept[run[f.event_index]] for f in agui.lifecycle(sub) if f.event_index is not None
                   and f.row != "8.4.5" and _throws(f.row, f.event_index, sub)
                   and not _documented(f.row, f.event_index, sub)]
        owned = agui_owners.first_throw(sub)  # who owns each entity: the rules the lifecycle table has no row for
        throws += [] if owned is None else [kept[run[owned]]]
    hits = invalid[:1] + throws
    return ({"rejected": min(hits) if hits else None, "dropped": dropped, "stripped": _stripped(events, members)},
            {i: member for i, (member, _, _) in members.items()})


def _stripped(events: list[Any], members: dict[int, tuple[Any, list[list[Any]], bool]]) -> list[tuple[str, str]]:
    """The (type, key) pairs enforceEvents strips: keys no schema has (row 8.4.5), unknown union members."""
    from conformance.protocols import agui

    return sorted({(events[f.event_index]["type"], str(f.actual)) for f in agui.extra_key_findings(events)
                   if f.event_index is not None} | {(events[i]["type"], str(path[0]))
                                                    for i, (_, paths, _) in members.items() for path in paths})


def _runs(events: list[Any]) -> list[list[int]]:
    """The indices of each run: a RUN_STARTED after a terminal starts the next one."""
    runs: list[list[int]] = [[]]
    ended = False
    for i, event in enumerate(events):
        etype = event.get("type")
        if etype == "RUN_STARTED" and ended:
            runs.append([])
            ended = False
        ended = ended or etype in ("RUN_FINISHED", "RUN_ERROR")
        runs[-1].append(i)
    return runs


def _type_at(events: list[Any], index: int) -> Any:
    return events[index].get("type") if index < len(events) and isinstance(events[index], dict) else None


def _throws(row: str, index: int, events: list[Any]) -> bool:
    if row in _RUN_ROWS or row == "8.4.2":
        return True
    return row in _UNCLOSED_ROWS and _type_at(events, index) == "RUN_FINISHED"  # still open at RUN_FINISHED


def _documented(row: str, index: int, events: list[Any]) -> bool:
    """Where our rules are stricter than verifyEvents on purpose (each rests on its own source).

    * 8.1.0 on a first RUN_ERROR: verify.ts 249-253 accepts it; the spec-reference row wants
      RUN_STARTED even when the request fails;
    * 8.1.18 on a RUN_ERROR after RUN_FINISHED: verify.ts 235-246 accepts it (and refuses what
      follows); we grade one terminal per run.

    (A RUN_STARTED after the terminal is a new run for the client; our grader grades the first run
    and reports it on 8.1.18. :func:`agui_verdict` reads it run by run, as the client does.)
    """
    etype = _type_at(events, index)
    if row == "8.1.0" and index == 0 and etype == "RUN_ERROR":
        return True
    earlier = [_type_at(events, i) for i in range(index)]
    return row == "8.1.18" and etype == "RUN_ERROR" and "RUN_FINISHED" in earlier and "RUN_ERROR" not in earlier


# ---------------------------------------------------------------------------------------------
# The legacy-era TanStack consumer (tools/legacy-consumer-oracle: @tanstack/ai 0.2.2's StreamProcessor,
# which reads the tanstack-legacy chunks: content, thinking, tool_call, tool_result, done, error)
# ---------------------------------------------------------------------------------------------

LEGACY_ORACLE_DIR = ORACLE_DIR.parent / "legacy-consumer-oracle"
LEGACY_SCRIPT = LEGACY_ORACLE_DIR / "process.mjs"


def legacy_unavailable() -> str | None:
    """Why the legacy TanStack consumer cannot run here (None when it can)."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (LEGACY_ORACLE_DIR / "node_modules" / "@tanstack" / "ai" / "package.json").is_file():
        return f"@tanstack/ai 0.2.2 is not installed: run `npm ci --prefix {LEGACY_ORACLE_DIR}`"
    return None


def run_legacy(cases: list[dict[str, Any]], timeout: float = 300.0) -> list[dict[str, Any]]:
    """``[{id, events}]`` -> ``[{id, messages, result, errors, error}]`` from @tanstack/ai 0.2.2's processor.

    ``errors``: what the ``error`` chunks handed the chat's ``onError``; ``error``: what it threw.
    """
    proc = subprocess.run(["node", str(LEGACY_SCRIPT)], input=json.dumps(cases), capture_output=True, text=True,
                          timeout=timeout, check=False, cwd=LEGACY_ORACLE_DIR)
    if proc.returncode != 0:
        raise RuntimeError(f"{LEGACY_SCRIPT.name} failed ({proc.returncode}): {proc.stderr.strip()[:500]}")
    out: list[dict[str, Any]] = json.loads(proc.stdout)
    return out
