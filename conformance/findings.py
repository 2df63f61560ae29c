"""A finding: one broken (or noted) rule, attributed to one matrix row.

A finding about one tool call names it (``tool_call_id`` and ``tool_name``), so a report says which
call of a multi-call run is wrong.

Example:
    >>> f = Finding(row="8.1.5", message="text message m1 still open at RUN_FINISHED", event_index=7)
    >>> f.row, f.event_index
    ('8.1.5', 7)
    >>> Finding(row="8.1.12", message="parsed arguments differ", tool_call_id="c1", tool_name="f").subject()
    "tool call 'c1' (f)"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from conformance.catalog import UnknownRow, known


def call_subject(call_id: Any, name: Any) -> str:
    """How a report names a tool call (``""`` for no call).

    >>> call_subject("c1", "get_weather"), call_subject("c1", None), call_subject(None, None)
    ("tool call 'c1' (get_weather)", "tool call 'c1'", '')
    """
    if call_id is None:
        return ""
    return f"tool call {call_id!r}" + (f" ({name})" if name else "")


# Where a row's rule is explained: its line on the generated matrix page (tools/gen_docs.py writes the anchor).
MATRIX_PAGE = "docs/matrix.md"


def row_anchor(row_id: str) -> str:
    """The HTML id of a row's line on docs/matrix.md.

    >>> row_anchor("8.1.5")
    'row-8.1.5'
    """
    return f"row-{row_id}"


def row_link(row_id: str) -> str:
    """The repository-relative link to a row's line on docs/matrix.md (findings carry it).

    >>> row_link("8.3.absent")
    'docs/matrix.md#row-8.3.absent'
    """
    return f"{MATRIX_PAGE}#{row_anchor(row_id)}"


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
    tool_call_id: str | None = None  # the call a finding is about (None: not about one call)
    tool_name: str | None = None

    def subject(self) -> str:
        """The call this finding is about, as a report names it (``""`` when about no one call)."""
        return call_subject(self.tool_call_id, self.tool_name)

    def __post_init__(self) -> None:
        # Rows are named through the catalog: a misspelt id fails here, it never grades as a silent MUST.
        if not known(self.row):
            raise UnknownRow(f"unknown matrix row {self.row!r} in a finding ({self.source}: {self.message[:80]})")

    def as_dict(self) -> dict[str, Any]:
        """JSON-friendly form for reports."""
        out: dict[str, Any] = {"row": self.row, "message": self.message, "source": self.source}
        for key in ("event_index", "expected", "actual", "field", "level", "tool_call_id", "tool_name"):
            val = getattr(self, key)
            if val is not None:
                out[key] = val
        return out
