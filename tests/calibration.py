"""Pinned verdicts of the real adapters (``tests/data/<adapter>.verdicts.json``), shared by their tests.

A pin file records, for one real adapter at pinned package versions: every case that is neither
PASS nor NOT-EXPRESSIBLE with its verdict and the MUST/SHOULD rows it broke, the triage record of
each FAIL/ERROR case (checked by tests/test_triage.py), and the per-row verdict counts
(``row_summary``) that docs/ecosystem.md is generated from. ``SAC_REPIN=1`` rewrites the measured
parts of a pin file from the run instead of comparing (triage records and the rest are kept), for
a merger after a change in the suite's rules: review the diff, then triage what newly fails.

A pin file may list ``racy``: case id -> {"rows": [...], "why": ...}, rows whose findings in that case
depend on timing the suite does not control (an HTTP-mode abort reaches the harness after the suite
decided it, docs/adapter-protocol.md "Abort"). Their findings in that case are left out on both sides,
so neither the case's rows nor the per-row counts move with the race; the case's verdict is still
compared (a PASS-NONSTRICT that only a racy SHOULD row made is read as the PASS it is without it).
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from conformance.run_record import RunRecord
from conformance.session import ConformanceSession, row_summary
from conformance.targets.contract import transport_rows
from conformance.verdict import CaseResult

DATA = Path(__file__).resolve().parent / "data"
RECORDED = DATA / "recorded"
LISTED_OUT = ("PASS", "NOT-EXPRESSIBLE")


def pinned_cases(results: Iterable[CaseResult]) -> dict[str, dict[str, Any]]:
    """Case id -> {verdict, rows} for every case that is neither PASS nor NOT-EXPRESSIBLE."""
    return {r.case_id: {"verdict": r.verdict,
                        "rows": sorted({f.row for f in r.findings if f.level in ("MUST", "SHOULD")})}
            for r in results if r.verdict not in LISTED_OUT}


def summary(session: ConformanceSession, results: Iterable[CaseResult] | None = None) -> dict[str, dict[str, int]]:
    """Row id -> verdict -> number of cases, as ``ConformanceSession.row_summary`` counts them (over
    ``results`` when given, the session's own otherwise)."""
    if results is None:
        counts = session.row_summary()
    else:
        wire = set(transport_rows(session.factory))
        counts = row_summary(results, [r.id for r in session.matrix.rows if r.every_case or r.id in wire])
    return {row: dict(sorted(c.items())) for row, c in sorted(counts.items())}


def without_racy(results: Iterable[CaseResult], racy: dict[str, Any]) -> list[CaseResult]:
    """``results`` with the findings of each case's racy rows left out (the case's verdict kept).

    >>> from conformance.findings import Finding
    >>> r = CaseResult(case_id="c", scenario_id="s", dialect="d", adapter="a", termination="FAIL",
    ...                findings=[Finding(row="8.1.0", level="SHOULD", message="m"),
    ...                          Finding(row="8.1.22", level="MUST", message="m")])
    >>> [(x.verdict, [f.row for f in x.findings]) for x in without_racy([r], {"c": {"rows": ["8.1.0"]}})]
    [('FAIL', ['8.1.22'])]
    >>> soft = CaseResult(case_id="c", scenario_id="s", dialect="d", adapter="a", content="PASS-NONSTRICT",
    ...                   findings=[Finding(row="hygiene.empty-delta", level="SHOULD", message="m")])
    >>> [x.verdict for x in without_racy([soft], {"c": {"rows": ["hygiene.empty-delta"]}})]
    ['PASS']
    >>> order = CaseResult(case_id="c", scenario_id="s", dialect="d", adapter="a", content="FAIL",
    ...                    findings=[Finding(row="8.1.9", level="MUST", message="m")])
    >>> [x.verdict for x in without_racy([order], {"c": {"rows": ["8.1.9"]}})]
    ['PASS']
    >>> [x.verdict for x in without_racy([order], {"c": {"rows": ["8.1.0"]}})]
    ['FAIL']
    """
    out = []
    for r in results:
        rows = set(racy.get(r.case_id, {}).get("rows", []))
        if not rows:
            out.append(r)
            continue
        kept = [f for f in r.findings if f.row not in rows]
        # A PASS-NONSTRICT that only a racy SHOULD row made is the race too: without it the case passes.
        strict = not any(f.level == "SHOULD" for f in kept)
        # So is a FAIL that only racy MUST rows made (a defect that shows in some runs only, such as calls sent in
        # an order that varies from run to run): without them the case grades as its other findings say.
        raced = any(f.level == "MUST" for f in r.findings if f.row in rows) and not any(f.level == "MUST" for f in kept)
        settled = "PASS" if strict else "PASS-NONSTRICT"
        axes = {a: settled if (raced and getattr(r, a) == "FAIL") or (strict and getattr(r, a) == "PASS-NONSTRICT")
                else getattr(r, a) for a in ("content", "termination")}
        out.append(dataclasses.replace(r, findings=kept, **axes))
    return out


def recorded_path(name: str) -> Path:
    """Where a real adapter's run records are kept (``tests/data/recorded/<name>.records.jsonl.gz``)."""
    return RECORDED / f"{name}.records.jsonl.gz"


def write_records(name: str, records: list[RunRecord]) -> Path:
    """The run's ungraded records, one JSON line each, gzipped without a time stamp (stable bytes)."""
    RECORDED.mkdir(exist_ok=True)
    text = "".join(json.dumps(r.to_json(), sort_keys=True, ensure_ascii=False) + "\n" for r in records)
    path = recorded_path(name)
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as out:
        out.write(text.encode("utf-8"))
    return path


def read_records(name: str) -> list[RunRecord]:
    """The records :func:`write_records` kept (an empty list when this adapter has none yet)."""
    path = recorded_path(name)
    if not path.is_file():
        return []
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return [RunRecord.from_json(json.loads(line)) for line in lines if line.strip()]


def recorded_runs() -> dict[str, list[RunRecord]]:
    """Pin name -> its recorded run records, for every pinned real adapter that has them."""
    names = sorted(p.name.removesuffix(".verdicts.json") for p in DATA.glob("*.verdicts.json"))
    return {n: read_records(n) for n in names if recorded_path(n).is_file()}


def check_pins(name: str, session: ConformanceSession) -> dict[str, Any]:
    """Compare a run with ``tests/data/<name>.verdicts.json`` (or rewrite it under ``SAC_REPIN=1``, with
    the run's records when the session kept them)."""
    path = DATA / f"{name}.verdicts.json"
    pins = json.loads(path.read_text(encoding="utf-8"))
    racy = pins.get("racy", {})
    results = without_racy(session.results, racy) if racy else None
    got = pinned_cases(results if results is not None else session.results)
    rows = summary(session, results)
    if os.environ.get("SAC_REPIN") == "1":
        old = pins["cases"]
        pins["cases"] = {k: {**v, **({"triage": old[k]["triage"]} if "triage" in old.get(k, {}) else {})}
                         for k, v in sorted(got.items())}
        pins["row_summary"] = rows
        if session.records is not None:
            write_records(name, session.records)
        path.write_text(json.dumps(pins, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        return pins
    want = {k: {"verdict": v["verdict"], "rows": v["rows"]} for k, v in pins["cases"].items()}
    moved = [f"{k}: pinned {want.get(k)}, got {got.get(k)}" for k in sorted(set(got) | set(want))
             if got.get(k) != want.get(k)]
    # Why each moved case got its verdict: the reason and the counted findings (a flaky pin is diagnosed from CI).
    reasons = {r.case_id: "; ".join([r.reason, *(f"{f.row} [{f.level}] {f.message}" for f in r.findings
                                               if f.level in ("MUST", "SHOULD"))])
               for r in session.results if r.case_id in {m.split(":")[0] for m in moved}}
    assert got == want, (f"{path.name}: the verdicts changed (SAC_REPIN=1 rewrites them; then triage):\n"
                         + "\n".join(f"{m}\n  {reasons.get(m.split(':')[0], '')[:600]}" for m in moved))
    assert rows == pins["row_summary"], f"{path.name}: the per-row counts changed (SAC_REPIN=1 rewrites them)"
    return pins
