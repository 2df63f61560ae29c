"""Real TypeScript adapters over ``--adapter-cmd`` (examples/ts, installed with ``npm ci --prefix examples/ts``).

A third-party adapter's FAILs are results, not test failures: the test asserts the run completes
with no harness ERROR and that every case's verdict (and the rows it broke) is the committed
expectation, which docs/findings-tanstack-ai.md explains case by case.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conformance.session import ConformanceSession
from conformance.targets.cmd import CmdTarget

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "examples" / "ts"


def _skip_reason(package: str) -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (TS / "node_modules" / package / "package.json").exists():
        return f"{package} is not installed: run `npm ci --prefix examples/ts`"
    return None


def _installed_version(package: str) -> str:
    return str(json.loads((TS / "node_modules" / package / "package.json").read_text())["version"])


def test_tanstack_ai_openai_gets_its_committed_verdicts() -> None:
    why = _skip_reason("@tanstack/ai")
    if why:
        pytest.skip(why)
    expected = json.loads((ROOT / "tests" / "data" / "tanstack-ai-openai.verdicts.json").read_text())
    for package, version in expected["versions"].items():
        assert _installed_version(package) == version, f"{package}: the lockfile pins {version}"
    target = CmdTarget(f"node {TS / 'tanstack-ai-openai.mjs'}", start_timeout=30, case_timeout=10)
    try:
        session = ConformanceSession.from_spec(target.__name__, factory=target)
        assert session.capabilities is not None and session.capabilities.inputs == ["openai-chat"]
        for scenario, dialect in session.cases():
            session.run(scenario, dialect)
    finally:
        target.close()
    assert len(session.results) == len(session.scenarios)  # one openai-chat case per scenario
    errors = [f"{r.case_id}: {r.reason}" for r in session.results if r.verdict == "ERROR"]
    assert errors == []
    assert target.starts == 1  # the harness never crashed or hung
    got = {}
    for r in session.results:
        if r.verdict in ("PASS", "NOT-EXPRESSIBLE"):
            continue
        got[r.case_id] = {"verdict": r.verdict,
                          "rows": sorted({f.row for f in r.findings if f.level in ("MUST", "SHOULD")})}
    assert got == expected["cases"]
