"""Verdicts: each case is graded on two axes, content and termination (Autobahn keeps payload and close apart).

Example:
    >>> grade([])
    'PASS'
    >>> grade(["SHOULD", "MAY"])
    'PASS-NONSTRICT'
    >>> grade(["MUST"])
    'FAIL'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from conformance.findings import Finding, row_link

Verdict = Literal["PASS", "PASS-NONSTRICT", "FAIL", "INFO", "UNSUPPORTED", "ERROR", "NOT-EXPRESSIBLE"]
ORDER: dict[str, int] = {
    "PASS": 0,
    "INFO": 1,
    "PASS-NONSTRICT": 2,
    "UNSUPPORTED": 3,
    "NOT-EXPRESSIBLE": 3,
    "FAIL": 4,
    "ERROR": 5,
}
FAILING: frozenset[str] = frozenset({"FAIL", "ERROR"})


def grade(levels: Iterable[str]) -> Verdict:
    """The verdict for a set of broken-rule levels: MUST -> FAIL, SHOULD -> PASS-NONSTRICT, MAY -> INFO."""
    lv = set(levels)
    if "MUST" in lv:
        return "FAIL"
    if "SHOULD" in lv:
        return "PASS-NONSTRICT"
    if "MAY" in lv:
        return "INFO"
    return "PASS"


def worst(verdicts: Iterable[str]) -> Verdict:
    """The most severe of several verdicts."""
    out: Verdict = "PASS"
    for v in verdicts:
        if ORDER[v] > ORDER[out]:
            out = v  # type: ignore[assignment]
    return out


@dataclass
class CaseResult:
    """Everything one case produced: verdicts, findings, the events and the upstream they came from."""

    case_id: str
    scenario_id: str
    dialect: str
    adapter: str
    content: Verdict = "PASS"
    termination: Verdict = "PASS"
    reason: str = ""
    findings: list[Finding] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)
    upstream_positions: list[int] = field(default_factory=list)
    expected: dict[str, Any] | None = None
    actual: dict[str, Any] | None = None
    duration_s: float = 0.0
    rows: list[str] = field(default_factory=list)
    traceback: str = ""  # the adapter's exception, where it raised (ERROR cases and raise-instead-of-error)

    @property
    def verdict(self) -> Verdict:
        return worst([self.content, self.termination])

    def failed_rows(self) -> set[str]:
        """Rows with a finding that grades FAIL in this case (findings carry their effective level)."""
        return {f.row for f in self.findings if f.level == "MUST"}

    def first_difference(self) -> Finding | None:
        """The finding with the lowest event index (the first differing event), else the first finding."""
        indexed = [f for f in self.findings if f.event_index is not None]
        if indexed:
            return min(indexed, key=lambda f: f.event_index or 0)
        return self.findings[0] if self.findings else None

    def describe(self) -> str:
        """A readable failure text: verdicts, each finding with expected vs actual."""
        lines = [f"{self.case_id}: content={self.content} termination={self.termination}"]
        if self.reason:
            lines.append(f"  reason: {self.reason}")
        if self.traceback:
            lines.append("  traceback (most recent call last, as the adapter raised it):")
            lines.extend(f"    {line}" for line in self.traceback.rstrip().splitlines()[-30:])
        first = self.first_difference()
        if first is not None and first.event_index is not None:
            lines.append(f"  first differing event: #{first.event_index}")
        for f in self.findings:
            lvl = f" [{f.level}]" if f.level else ""
            at = f" at event #{f.event_index}" if f.event_index is not None else ""
            about = f"{f.subject()}: " if f.tool_call_id is not None else ""
            lines.append(f"  - row {f.row}{lvl}: {about}{f.message}{at}")
            if f.expected is not None or f.actual is not None:
                lines.append(f"      expected: {_short(f.expected)}")
                lines.append(f"      actual:   {_short(f.actual)}")
            lines.append(f"      see: {row_link(f.row)}")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        """JSON-friendly summary for reports."""
        return {
            "case": self.case_id,
            "scenario": self.scenario_id,
            "dialect": self.dialect,
            "adapter": self.adapter,
            "content": self.content,
            "termination": self.termination,
            "verdict": self.verdict,
            "reason": self.reason,
            "findings": [f.as_dict() for f in self.findings],
            "duration_s": round(self.duration_s, 6),
        }


def _short(value: Any, limit: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
