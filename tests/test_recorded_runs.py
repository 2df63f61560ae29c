"""The real adapters' recorded runs (``tests/data/recorded/``) regrade to their pinned verdicts.

Each pinned real adapter's run records are kept when its pin is rewritten (``SAC_REPIN=1``,
tests/calibration.py), so the grader can be checked on what real adapters sent without running them:
here, that grading a recorded run again gives exactly the pinned verdict and rows (the grader is a
pure function of the record, and a rule change that moves a real adapter's verdict shows up in this
fast test, not only in the slow pin runs); tests/test_metamorphic.py rewrites the same streams, and
tests/test_ui_stream_oracle.py and tests/test_agui_oracle.py read them in Node.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conformance.grading import grade
from conformance.runner import Settings
from mock_provider.scenario import Scenario
from tests.calibration import DATA, LISTED_OUT, read_records, recorded_path, without_racy

PINS = sorted(p for p in DATA.glob("*.verdicts.json") if recorded_path(p.name.removesuffix(".verdicts.json")).is_file())


def test_the_pinned_real_adapters_have_recorded_runs() -> None:
    assert len(PINS) >= 10, [p.name for p in PINS]


@pytest.mark.parametrize("path", PINS, ids=lambda p: p.name.removesuffix(".verdicts.json"))
def test_a_recorded_run_regrades_to_its_pinned_verdict(path: Path, corpus: list[Scenario]) -> None:
    name = path.name.removesuffix(".verdicts.json")
    pins = json.loads(path.read_text(encoding="utf-8"))
    by_id = {s.id: s for s in corpus}
    records = read_records(name)
    assert records, f"{name}: no records"
    moved = []
    racy = pins.get("racy", {})
    for record in records:
        result = grade(record, by_id[record.scenario_id], Settings(timeout=10.0))
        result = without_racy([result], racy)[0] if racy else result
        want = pins["cases"].get(record.case_id)
        rows = sorted({f.row for f in result.findings if f.level in ("MUST", "SHOULD")})
        if want is None and result.verdict not in LISTED_OUT:
            moved.append(f"{record.case_id}: pinned PASS, regraded {result.verdict} {rows}")
        elif want is not None and (result.verdict, rows) != (want["verdict"], want["rows"]):
            moved.append(f"{record.case_id}: pinned {want['verdict']} {want['rows']}, regraded {result.verdict} {rows}")
    assert not moved, f"{name}: {len(moved)} recorded run(s) regrade otherwise than pinned:\n" + "\n".join(moved)
    assert {r.case_id for r in records} >= set(pins["cases"]), "every pinned case has its record"
