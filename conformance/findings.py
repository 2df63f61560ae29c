"""A finding: one broken (or noted) rule, attributed to one matrix row.

Example:
    >>> f = Finding(row="8.1.5", message="text message m1 still open at RUN_FINISHED", event_index=7)
    >>> f.row, f.event_index
    ('8.1.5', 7)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conformance.catalog import UnknownRow, known


@dataclass
class Finding:
    row: str
    message: str
    event_index: int | None = None
    expected: Any = None
    actual: Any = None
    field: str | None = None  # transcript field, for semantic findings
    source: str = "check"  # schema | lifecycle | semantics | runner | exposure
    # Overrides the row's level: a declared non-strict POLICY choice grades SHOULD, a note MAY.
    level: str | None = None

    def __post_init__(self) -> None:
        # Rows are named through the catalog: a misspelt id fails here, it never grades as a silent MUST.
        if not known(self.row):
            raise UnknownRow(f"unknown matrix row {self.row!r} in a finding ({self.source}: {self.message[:80]})")

    def as_dict(self) -> dict[str, Any]:
        """JSON-friendly form for reports."""
        out: dict[str, Any] = {"row": self.row, "message": self.message, "source": self.source}
        for key in ("event_index", "expected", "actual", "field", "level"):
            val = getattr(self, key)
            if val is not None:
                out[key] = val
        return out
