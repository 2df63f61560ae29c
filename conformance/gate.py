"""The CI gate: fail a run only on regressions against a baseline, minus accepted deviations.

* A **baseline** is a saved ``conformance.json``. A failing case that was failing in the baseline
  on the same rows (or more) is a *known failure*: reported, not failing the run. A case that
  passed in the baseline, fails a row it did not fail there, or is new (absent from the
  baseline) and failing, is a *regression*.
* A **deviations file** (YAML) lists accepted deviations, each with a reason::

      - row: "8.3.absent"            # every case whose failed rows are all accepted rows
        reason: "we report zeros on purpose (issue #12)"
      - scenario: abort.mid-text.001 # every dialect of one scenario
        reason: "..."
      - case: "tool.interleave.002[v2]"
        reason: "..."

  A deviation that matched no failing case is reported as unused.

Example:
    >>> devs = parse_deviations_text("- row: '8.1.5'\\n  reason: known\\n", "d.yaml")
    >>> gate = Gate(deviations=devs, deviations_path="d.yaml")
    >>> from conformance.verdict import CaseResult
    >>> from conformance.findings import Finding
    >>> r = CaseResult("a.b.001[v3]", "a.b.001", "v3", "x", content="FAIL",
    ...                findings=[Finding(row="8.1.5", message="open", level="MUST")])
    >>> gate.decide(r, failing=True).status
    'deviation'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from conformance.verdict import CaseResult
from mock_provider.scenario import LocatedError, compose_located, node_line


class DeviationsError(LocatedError):
    """A deviations file that does not load: names the file, the line and the field."""


class Deviation(BaseModel):
    """One accepted deviation: exactly one of ``case``, ``scenario``, ``row``, and a reason."""

    model_config = ConfigDict(extra="forbid")

    case: str | None = Field(default=None, description="A case id, 'scenario.id[dialect]'.")
    scenario: str | None = Field(default=None, description="A scenario id: every dialect of it.")
    row: str | None = Field(default=None, description="A matrix row: cases whose failed rows are all accepted.")
    reason: str = Field(min_length=1, description="Why the deviation is accepted (shown in the report).")

    _where: str = PrivateAttr(default="")

    @model_validator(mode="after")
    def _one_target(self) -> Deviation:
        given = [k for k in ("case", "scenario", "row") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(f"give exactly one of case, scenario, row (got {', '.join(given) or 'none'})")
        if not self.reason.strip():
            raise ValueError("reason: must not be blank")
        return self

    def target(self) -> str:
        """``'row 8.1.5'``, ``'scenario x.y.001'`` or ``'case x.y.001[v3]'``."""
        for key in ("case", "scenario", "row"):
            value = getattr(self, key)
            if value is not None:
                return f"{key} {value}"
        return "?"  # unreachable: the validator requires one

    def describe(self) -> str:
        return f"{self._where}: {self.target()} ({self.reason})"


def parse_deviations_text(text: str, path: str = "<deviations>", rows: Iterable[str] | None = None) -> list[Deviation]:
    """Parse a deviations YAML list; :class:`DeviationsError` names file, line and field of a bad entry.

    ``rows``, when given, are the known matrix row ids: an unknown ``row`` is an error.

    >>> parse_deviations_text("- row: 8.1.5\\n", "d.yaml")
    Traceback (most recent call last):
    ...
    conformance.gate.DeviationsError: d.yaml:1: 0.reason: Field required
    """
    data, node = compose_located(text, path, DeviationsError)
    if data is None:
        return []
    if not isinstance(data, list) or not isinstance(node, yaml.SequenceNode):
        raise DeviationsError(path, 1, "", "a deviations file holds a list of {case|scenario|row, reason} entries")
    known = set(rows) if rows is not None else None
    out = []
    for i, (item, item_node) in enumerate(zip(data, node.value, strict=True)):
        line = item_node.start_mark.line + 1
        if not isinstance(item, dict):
            raise DeviationsError(path, line, str(i), "an entry is a mapping like {row: '8.1.5', reason: '...'}")
        try:
            dev = Deviation.model_validate(item)
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = [str(p) for p in err["loc"]]
            msg = "unknown field (typo?)" if err["type"] == "extra_forbidden" else str(err["msg"])
            msg = msg.removeprefix("Value error, ")
            key = loc[0] if loc else ("reason" if msg.startswith("reason:") else "")
            msg = msg.removeprefix("reason: ")
            raise DeviationsError(path, node_line(item_node, [key] if key else []), ".".join([str(i), *loc] if loc else
                                  [str(i), key] if key else [str(i)]), msg) from exc
        if known is not None and dev.row is not None and dev.row not in known:
            raise DeviationsError(path, node_line(item_node, ["row"]), f"{i}.row",
                                  f"unknown matrix row {dev.row!r}")
        dev._where = f"{path}:{line}"
        out.append(dev)
    return out


def load_deviations(path: str | Path, rows: Iterable[str] | None = None) -> list[Deviation]:
    """Read a deviations file (see :func:`parse_deviations_text`)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DeviationsError(str(path), None, "", f"cannot read: {exc.strerror or exc}") from exc
    return parse_deviations_text(text, str(path), rows)


@dataclass
class Decision:
    """What the gate made of one case: ``ok``, ``failed``, ``known-failure`` or ``deviation``."""

    status: str
    reason: str = ""
    failing: bool = False
    new_rows: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"status": self.status, "reason": self.reason, "failing": self.failing}


def regression(base: Mapping[str, Any] | None, failed_rows: Iterable[str]) -> tuple[str, list[str]] | None:
    """Why a failing case is a regression against its baseline entry (None: a known failure).

    Returns the reason and the rows it newly fails.

    >>> regression({"failing": True, "failed_rows": ["8.1.5"], "verdict": "FAIL"}, ["8.1.5"]) is None
    True
    >>> regression({"failing": False, "failed_rows": [], "verdict": "PASS"}, ["8.1.5"])
    ('was PASS in the baseline', ['8.1.5'])
    """
    rows = sorted(set(failed_rows))
    if base is None:
        return "new case, not in the baseline", rows
    if not base["failing"]:
        return f"was {base['verdict']} in the baseline", rows
    new = sorted(set(rows) - set(base["failed_rows"]))
    if new:
        return f"fails rows the baseline did not: {', '.join(new)}", new
    return None


@dataclass
class Gate:
    """Baseline + deviations; :meth:`decide` is called once per failing-or-not case."""

    baseline: Mapping[str, Any] | None = None
    baseline_path: str | None = None
    deviations: list[Deviation] = field(default_factory=list)
    deviations_path: str | None = None
    decisions: dict[str, Decision] = field(default_factory=dict)
    _used: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        cases = self.baseline["cases"] if self.baseline else []
        self._base = {c["case"]: c for c in cases}

    def decide(self, result: CaseResult, failing: bool) -> Decision:
        """Record and return the decision for one case."""
        decision = self._failing(result) if failing else Decision("ok")
        self.decisions[result.case_id] = decision
        return decision

    def _failing(self, result: CaseResult) -> Decision:
        failed = result.failed_rows()
        for i, dev in enumerate(self.deviations):
            if dev.case == result.case_id or dev.scenario == result.scenario_id:
                self._used.add(i)
                return Decision("deviation", f"accepted deviation ({dev.describe()})", True)
        by_row = {i: d for i, d in enumerate(self.deviations) if d.row is not None and d.row in failed}
        if failed and failed <= {d.row for d in by_row.values()}:
            self._used.update(by_row)
            reasons = "; ".join(d.describe() for d in by_row.values())
            return Decision("deviation", f"accepted deviation ({reasons})", True)
        if self.baseline is None:
            return Decision("failed", "", True, sorted(failed))
        base = self._base.get(result.case_id)
        why = regression(base, failed)
        if why is None:
            assert base is not None
            return Decision("known-failure", f"failing in the baseline too ({base['verdict']}, rows "
                            f"{', '.join(base['failed_rows']) or '-'})", True)
        return Decision("failed", f"regression: {why[0]}", True, why[1])

    def unused(self) -> list[str]:
        """Deviations that matched no failing case in this run."""
        return [d.describe() for i, d in enumerate(self.deviations) if i not in self._used]

    def summary(self) -> dict[str, Any]:
        """The ``gate`` section of the report."""
        by_status: dict[str, list[str]] = {}
        rows: set[str] = set()
        for case_id, d in self.decisions.items():
            by_status.setdefault(d.status, []).append(case_id)
            if d.status == "failed":
                rows.update(d.new_rows)
        return {
            "failed": bool(by_status.get("failed")),
            "baseline": self.baseline_path,
            "deviations_file": self.deviations_path,
            "regressions": sorted(by_status.get("failed", [])),
            "regressed_rows": sorted(rows),
            "known_failures": sorted(by_status.get("known-failure", [])),
            "deviations": sorted(by_status.get("deviation", [])),
            "unused_deviations": self.unused(),
        }


# ---------------------------------------------------------------- comparing two saved runs
def diff_reports(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """What changed from run ``a`` to run ``b``: per case and per row; ``regressions`` is what gates.

    A regression is a case failing in ``b`` that :func:`regression` calls one against ``a``,
    unless ``b`` accepted it as a deviation.
    """
    ca = {c["case"]: c for c in a["cases"]}
    cb = {c["case"]: c for c in b["cases"]}
    new_failures, fixed, changes, regressions = [], [], [], []
    for case_id, c in cb.items():
        old = ca.get(case_id)
        if old is not None and old["verdict"] != c["verdict"]:
            changes.append({"case": case_id, "from": old["verdict"], "to": c["verdict"]})
        if c["failing"] and (old is None or not old["failing"]):
            new_failures.append({"case": case_id, "from": old["verdict"] if old else None, "to": c["verdict"],
                                 "rows": c["failed_rows"]})
        if old is not None and old["failing"] and not c["failing"]:
            fixed.append({"case": case_id, "from": old["verdict"], "to": c["verdict"]})
        if c["failing"] and c["gate"] != "deviation":
            why = regression(old, c["failed_rows"])
            if why is not None:
                regressions.append({"case": case_id, "reason": why[0], "rows": why[1]})
    ra = {r["id"]: r for r in a["rows"]}
    row_changes = []
    for r in b["rows"]:
        old_v = ra[r["id"]]["verdict"] if r["id"] in ra else None
        if old_v != r["verdict"]:
            row_changes.append({"row": r["id"], "from": old_v, "to": r["verdict"]})
    return {
        "added": sorted(set(cb) - set(ca)),
        "removed": sorted(set(ca) - set(cb)),
        "new_failures": new_failures,
        "fixed": fixed,
        "verdict_changes": changes,
        "row_changes": row_changes,
        "regressions": regressions,
    }
