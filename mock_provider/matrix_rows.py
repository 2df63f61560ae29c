"""The matrix row ids a scenario may name (``rows``, ``unspecified.rows``, ``contract.covered_by``).

A row id that is not in ``fixtures/matrix.yaml`` is a typo: in ``rows`` it attributes nothing, in
``unspecified.rows`` it silently leaves a finding at its full level. So a scenario that names one
does not load, and the error names the row, the closest known ids and (through the scenario
loader) the file, line and field.

Example:
    >>> known_row("8.1.4")
    '8.1.4'
    >>> known_row("8.1.44")
    Traceback (most recent call last):
    ...
    ValueError: unknown matrix row '8.1.44' (not in fixtures/matrix.yaml; close: 8.1.4, 8.1.14, 8.1.9)
"""

from __future__ import annotations

import difflib
import functools
from typing import Annotated

import yaml
from pydantic import AfterValidator

# libyaml's loader when PyYAML has it: about ten times faster on matrix.yaml, the same data.
_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=1)
def row_ids() -> frozenset[str]:
    """Every row id of the built-in matrix, read once per process.

    >>> "schema.event" in row_ids()
    True
    """
    from mock_provider.scenario import fixtures_dir  # the scenario module imports this one

    data = yaml.load((fixtures_dir() / "matrix.yaml").read_text(encoding="utf-8"), Loader=_LOADER)
    return frozenset(str(row["id"]) for row in data["rows"])


def known_row(row_id: str) -> str:
    """``row_id`` when the matrix has it; ``ValueError`` naming the closest ids otherwise."""
    ids = row_ids()
    if row_id in ids:
        return row_id
    close = difflib.get_close_matches(row_id, sorted(ids), n=3)
    hint = f"; close: {', '.join(close)}" if close else ""
    raise ValueError(f"unknown matrix row {row_id!r} (not in fixtures/matrix.yaml{hint})")


RowId = Annotated[str, AfterValidator(known_row)]

__all__ = ["RowId", "known_row", "row_ids"]
