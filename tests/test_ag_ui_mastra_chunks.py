"""A real AG-UI adapter on Mastra's own chunks: ``@ag-ui/mastra``'s ``MastraAgent`` over the ``mastra`` dialect.

The harness (examples/ts-mastra/ag-ui-mastra-chunks.mjs) gives MastraAgent a local agent whose
``stream()`` returns the scripted Mastra chunks as its ``fullStream``: MastraAgent's chunk reader is
the adapter under test, on the agent-loop chunks no provider wire can carry (tool-call-suspended,
tool-error, tool-output, tool-output-denied, reasoning-signature, redacted-reasoning, abort,
object/object-result, data-*, tripwire). The rest of the corpus reaches MastraAgent through a real
Mastra Agent over Chat Completions (tests/test_ag_ui_mastra.py), so this configuration runs the
scenarios written for the mastra dialect alone. Verdicts are pinned in
``tests/data/ag-ui-mastra-chunks.verdicts.json`` with their triage (tests/test_triage.py).
"""

from __future__ import annotations

import json

import pytest

from conformance.session import ConformanceSession
from conformance.targets.cmd import CmdTarget
from mock_provider.scenario import Scenario
from tests.calibration import DATA, check_pins
from tests.test_ag_ui_mastra import HARNESS, _skip_reason  # one harness directory, one install check

NAME = "ag-ui-mastra-chunks"


def chunk_only(scenario: Scenario) -> bool:
    """A scenario only the mastra dialect plays, and no bridge profile case (MastraAgent declares none)."""
    return list(scenario.dialects or []) == ["mastra"] and "bridge" not in scenario.features()


def test_ag_ui_mastra_on_mastra_chunks_gets_its_committed_verdicts() -> None:
    why = _skip_reason()
    if why:
        pytest.skip(why)
    pins = json.loads((DATA / f"{NAME}.verdicts.json").read_text(encoding="utf-8"))
    for package, version in pins["versions"].items():
        installed = json.loads((HARNESS / "node_modules" / package / "package.json").read_text())["version"]
        assert installed == version, f"{package}: the lockfile pins {version}"
    target = CmdTarget(f"node {HARNESS / 'ag-ui-mastra-chunks.mjs'}", start_timeout=30, case_timeout=10)
    try:
        session = ConformanceSession.from_factory(target, target.__name__, records=[])
        caps = session.capabilities
        assert caps is not None and (caps.inputs, caps.output) == (["mastra"], "ag-ui")
        ran = [session.run(s, d) for s, d in session.cases() if chunk_only(s)]
    finally:
        target.close()
    assert len(ran) >= 9 and target.starts == 1  # every agent-chunk scenario; the harness never crashed or hung
    # The chunks MastraAgent reads and skips leave the answer whole: the data-* case passes the text rows.
    data = next(r for r in session.results if r.scenario_id == "agent.data.001")
    assert not {f.row for f in data.findings} & {"8.1.4", "8.1.16", "8.1.18"}
    check_pins(NAME, session)
