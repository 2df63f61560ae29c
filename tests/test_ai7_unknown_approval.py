"""``ai`` 7's ``streamText`` given an approval answer naming no approval request: no harm, so no row.

A caller's conversation may end with a tool message whose ``tool-approval-response`` names an
approval id no ``tool-approval-request`` of the history carries. ai 7.0.173 checks that before any
model call: ``collectToolApprovals`` throws ``InvalidToolApprovalError`` (dist/index.js:2538-2539,
called by streamText at :10128), so the model (the upstream) is never asked, the tool that needs the
approval never runs, and the UI stream is ``start`` then the ``error`` chunk. Nothing reaches the
upstream it should not, and the user is told: that is the answer an adapter on ai 7 gives, and it
harms no consumer, so the kit grades no row for it (a finding here would be INFO at most). The kit's
request form carries an approval's answer as the call's tool result (``tool.approval-denied.001``,
``loop.approval.002``), which cannot name an approval id, so no scenario plays it to the adapters.

What does harm a consumer is the UI chunk of the same name answering an approval the stream never
asked for: ai 7's reader throws there (row 8.4.2, ``tests/test_ui_message_stream7.py``).

Runs ``tools/ui-stream-oracle/unknown-approval.mjs`` (ai 7's own code with its MockLanguageModelV4);
skipped without node or that oracle's node_modules.
"""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from conformance import node_oracle

SCRIPT = node_oracle.UI_ORACLE_DIR / "unknown-approval.mjs"


def _run(approval_id: str) -> dict[str, Any]:
    why = node_oracle.ui_unavailable()
    if why is not None:
        pytest.skip(f"UI message stream oracle unavailable: {why}")
    proc = subprocess.run(["node", str(SCRIPT), approval_id], capture_output=True, text=True, timeout=120,
                          check=True, cwd=node_oracle.UI_ORACLE_DIR)
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def test_an_unknown_approval_id_stops_the_run_before_the_model_and_the_tool() -> None:
    run = _run("appr-unknown")
    assert run["modelCalls"] == 0 and run["executed"] == 0 and run["thrown"] is None
    assert [c["type"] for c in run["chunks"]] == ["start", "error"]
    assert "InvalidToolApprovalError" in run["chunks"][1]["errorText"]


def test_the_known_approval_id_runs_the_tool_then_asks_the_model() -> None:
    run = _run("appr-1")
    assert run["modelCalls"] == 1 and run["executed"] == 1
    types = [c["type"] for c in run["chunks"]]
    assert types[:2] == ["start", "tool-output-available"] and types[-1] == "finish"
