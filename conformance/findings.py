"""A finding: one broken (or noted) rule, attributed to one matrix row.

Example:
    >>> f = Finding(row="8.1.5", message="text message m1 still open at RUN_FINISHED", event_index=7)
    >>> f.row, f.event_index
    ('8.1.5', 7)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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

    def as_dict(self) -> dict[str, Any]:
        """JSON-friendly form for reports."""
        out: dict[str, Any] = {"row": self.row, "message": self.message, "source": self.source}
        for key in ("event_index", "expected", "actual", "field", "level"):
            val = getattr(self, key)
            if val is not None:
                out[key] = val
        return out
