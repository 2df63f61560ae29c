"""The real AI SDK behind ``--adapter-cmd``: its verdicts must match the published findings.

``examples/ts/ai-sdk-openai-compatible.mjs`` runs ``streamText`` over
``@ai-sdk/openai-compatible`` against the mock server and prints every UI message stream chunk.
Every openai-chat case is graded; the verdicts and failed rows must equal
``tests/data/ai_sdk_verdicts.json`` (the table of docs/findings-ai-sdk.md). A new AI SDK
version, a harness change or a grading change that moves any verdict fails here.

Skipped, with the reason, when ``node`` or ``examples/ts/node_modules`` is missing
(``cd examples/ts && npm ci``). After a deliberate change, rewrite the expectation with
``python -m tests.test_ai_sdk_harness --write`` and update docs/findings-ai-sdk.md to match.
"""

from __future__ import annotations

import importlib
import json
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario, load_corpus

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "examples" / "ts"
HARNESS = TS / "ai-sdk-openai-compatible.mjs"
EXPECTED = ROOT / "tests" / "data" / "ai_sdk_verdicts.json"
PACKAGES = ("ai", "@ai-sdk/openai-compatible")


def skip_reason() -> str | None:
    """Why the harness cannot run here (None: it can)."""
    if shutil.which("node") is None:
        return "node is not installed"
    missing = [p for p in PACKAGES if not (TS / "node_modules" / p / "package.json").is_file()]
    if missing:
        return f"examples/ts/node_modules lacks {', '.join(missing)} (run: cd examples/ts && npm ci)"
    return None


def installed_versions() -> dict[str, str]:
    return {p: json.loads((TS / "node_modules" / p / "package.json").read_text())["version"] for p in PACKAGES}


def run_all(corpus: list[Scenario]) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Every openai-chat case through the harness: ``{case id: {verdict, failed_rows}}`` and the results."""
    cmd = importlib.import_module("conformance.targets.cmd")
    target = cmd.CmdTarget(f"node {HARNESS}", start_timeout=30.0, case_timeout=10.0)
    verdicts: dict[str, dict[str, Any]] = {}
    results: dict[str, Any] = {}
    try:
        for scenario in corpus:
            r = run_case(target, scenario, "openai-chat", Settings(timeout=10.0))
            verdicts[r.case_id] = {"verdict": r.verdict, "failed_rows": sorted(r.failed_rows())}
            results[r.case_id] = r
    finally:
        target.close()
    return verdicts, results


pytestmark = pytest.mark.skipif(skip_reason() is not None, reason=str(skip_reason()))


@pytest.fixture(scope="module")
def graded(corpus: list[Scenario]) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    return run_all(corpus)


def test_pinned_versions_are_installed() -> None:
    expected = json.loads(EXPECTED.read_text())
    assert installed_versions() == expected["versions"], "examples/ts/node_modules is stale: cd examples/ts && npm ci"


def test_no_harness_errors(graded: tuple[dict[str, dict[str, Any]], dict[str, Any]]) -> None:
    _verdicts, results = graded
    errors = {cid: r.reason for cid, r in results.items() if r.verdict == "ERROR"}
    assert errors == {}


def test_verdicts_match_the_published_findings(graded: tuple[dict[str, dict[str, Any]], dict[str, Any]]) -> None:
    verdicts, _results = graded
    expected = json.loads(EXPECTED.read_text())["cases"]
    changed = {cid: (expected.get(cid), got) for cid, got in verdicts.items() if expected.get(cid) != got}
    assert changed == {}, "verdicts moved (expected, got); update docs/findings-ai-sdk.md if intended"
    assert set(verdicts) == set(expected)


def test_streamtext_keeps_going_after_an_error_chunk(graded: tuple[dict[str, dict[str, Any]], dict[str, Any]]) -> None:
    """The 8.1.18/8.1.20 finding is about these chunks: streamText ends the step and the message after `error`."""
    _verdicts, results = graded
    events = results["error.continue.001[openai-chat]"].events
    types = [e["type"] for e in events]
    after = types[types.index("error") + 1:]
    assert after[-2:] == ["finish-step", "finish"]
    assert events[-1].get("finishReason") in ("stop", "error")


def test_the_harness_declares_what_the_findings_say(graded: tuple[dict[str, dict[str, Any]], dict[str, Any]]) -> None:
    cmd = importlib.import_module("conformance.targets.cmd")
    target = cmd.CmdTarget(f"node {HARNESS}", start_timeout=30.0)
    try:
        caps = target.process().capabilities
    finally:
        target.close()
    assert (caps.output, caps.inputs) == ("ui-message-stream", ["openai-chat"])
    assert (caps.policies.abort, caps.policies.unknown_finish, caps.policies.malformed_args) == (
        "cancelled", "null", "raw")


if __name__ == "__main__":  # python -m tests.test_ai_sdk_harness --write
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python -m tests.test_ai_sdk_harness --write")
    why = skip_reason()
    if why is not None:
        raise SystemExit(why)
    found, _ = run_all(load_corpus())
    EXPECTED.write_text(json.dumps({"versions": installed_versions(), "cases": found}, indent=1) + "\n")
    print(f"wrote {EXPECTED}: {len(found)} cases")
