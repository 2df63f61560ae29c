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
UI_VERSIONS = {6: "ui-message-stream", 7: "ui-message-stream@7"}
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
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]


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
