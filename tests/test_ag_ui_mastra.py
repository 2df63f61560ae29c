"""A real AG-UI adapter over ``--adapter-cmd``: ``@ag-ui/mastra``'s ``MastraAgent`` (examples/ts-mastra).

The harness runs a Mastra ``Agent`` whose model is ``@ai-sdk/openai-compatible`` on the suite's mock
server, through ``MastraAgent.run(RunAgentInput)``, and prints every AG-UI event unchanged. Its FAILs
are results: each case's verdict, the rows it broke and the per-row counts must be the ones pinned
in ``tests/data/ag-ui-mastra.verdicts.json`` (explained in docs/findings-ag-ui-mastra.md), and each
FAIL/ERROR there carries its triage record (tests/test_triage.py).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conformance.session import ConformanceSession
from conformance.targets.cmd import CmdTarget
from tests.calibration import DATA, check_pins

# Slow set (tests/conftest.py): @ag-ui/mastra runs the corpus in Node.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "examples" / "ts-mastra"


def _skip_reason() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (HARNESS / "node_modules" / "@ag-ui" / "mastra" / "package.json").exists():
        return "@ag-ui/mastra is not installed: run `npm ci --prefix examples/ts-mastra`"
    return None


def test_ag_ui_mastra_gets_its_committed_verdicts() -> None:
    why = _skip_reason()
    if why:
        pytest.skip(why)
    pins = json.loads((DATA / "ag-ui-mastra.verdicts.json").read_text(encoding="utf-8"))
    for package, version in pins["versions"].items():
        installed = json.loads((HARNESS / "node_modules" / package / "package.json").read_text())["version"]
        assert installed == version, f"{package}: the lockfile pins {version}"
    target = CmdTarget(f"node {HARNESS / 'ag-ui-mastra.mjs'}", start_timeout=30, case_timeout=10)
    try:
        session = ConformanceSession.from_factory(target, target.__name__, records=[])
        caps = session.capabilities
        assert caps is not None and (caps.inputs, caps.output) == (["openai-chat"], "ag-ui")
        for scenario, dialect in session.cases():
            session.run(scenario, dialect)
    finally:
        target.close()
    assert len(session.results) == len(session.scenarios)  # one openai-chat case per scenario
    assert target.starts == 1  # the harness never crashed or hung
    # @ag-ui/mastra sends its text as TEXT_MESSAGE_CHUNK (AG-UI 1.0 shorthand), read as @ag-ui/client
    # expands it: text.basic.001 passes the text rows.
    basic = next(r for r in session.results if r.scenario_id == "text.basic.001")
    assert {e["type"] for e in basic.events} >= {"RUN_STARTED", "TEXT_MESSAGE_CHUNK", "RUN_FINISHED"}
    assert not {f.row for f in basic.findings} & {"8.1.4", "8.1.5", "8.4.2"}
    check_pins("ag-ui-mastra", session)
