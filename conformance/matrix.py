"""The matrix file's upkeep: which scenarios exercise each row (the catalog itself is :mod:`conformance.catalog`).

Example:
    >>> m = load_matrix()
    >>> m.row("8.1.5").level
    'MUST'
    >>> marker_name("8.1.12a")
    'row_8_1_12a'
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable

from conformance.catalog import Level, Matrix, Row, load_matrix, matrix_path
from mock_provider.scenario import Scenario


def marker_name(row_id: str) -> str:
    """The pytest marker for a row: ``row_`` + the id with non-identifier characters as ``_``."""
    return "row_" + re.sub(r"[^0-9A-Za-z]+", "_", row_id).strip("_")


def scenarios_by_row(scenarios: Iterable[Scenario]) -> dict[str, list[str]]:
    """Row id -> ids of the scenarios that list it, from the scenarios' own ``rows``."""
    out: dict[str, list[str]] = {}
    for s in scenarios:
        for r in s.rows:
            out.setdefault(r, []).append(s.id)
    return {k: sorted(v) for k, v in out.items()}


def render_matrix_yaml(matrix: Matrix, scenarios: Iterable[Scenario], original: str) -> str:
    """``matrix.yaml`` with each row's ``scenarios`` list regenerated (comments and order kept)."""
    by_row = scenarios_by_row(scenarios)
    lines = original.splitlines()
    out: list[str] = []
    pending: list[str] = []  # comments and blank lines between two rows belong to the next one
    skipping = False
    current: str | None = None
    for line in lines:
        m = re.match(r'^  - id: "?([^"]+)"?\s*$', line)
        if m:
            if current is not None:
                out.extend(_scenario_lines(by_row.get(current, [])))
            out.extend(pending)
            pending = []
            current = m.group(1)
            skipping = False
        if re.match(r"^    scenarios:", line):
            skipping = True
            continue
        if skipping and line.startswith("      - "):
            continue
        skipping = False
        if current is not None and (not line.strip() or re.match(r"^ {0,2}#", line)):
            pending.append(line)
            continue
        out.extend(pending)
        pending = []
        out.append(line)
    if current is not None:
        out.extend(_scenario_lines(by_row.get(current, [])))
    out.extend(pending)
    return "\n".join(out) + "\n"


def _scenario_lines(ids: list[str]) -> list[str]:
    if not ids:
        return ["    scenarios: []"]
    return ["    scenarios:", *[f"      - {i}" for i in ids]]


def main(argv: list[str] | None = None) -> int:
    """``python -m conformance.matrix [--write|--check]``: regenerate or check matrix.yaml's scenario lists."""
    import argparse

    from mock_provider.scenario import load_corpus

    parser = argparse.ArgumentParser(prog="python -m conformance.matrix",
                                     description="Check (default) or regenerate the scenario lists of the catalog "
                                                 "(fixtures/matrix.yaml) from the scenario corpus.")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 when the lists are stale (the default)")
    mode.add_argument("--write", action="store_true", help="rewrite the lists in place (a source checkout only)")
    args = parser.parse_args(argv)
    path = matrix_path()
    original = path.read_text(encoding="utf-8")
    rendered = render_matrix_yaml(load_matrix(path), load_corpus(), original)
    if args.write:
        if path.parent.name == "_fixtures":  # the copy inside an installed wheel: never rewrite a package
            print(f"refusing to write {path}: it is inside the installed package; run this in a source "
                  "checkout of the kit", file=sys.stderr)
            return 2
        path.write_text(rendered, encoding="utf-8")
        print(f"wrote {path}")
        return 0
    if rendered != original:
        print(f"{path} is stale: run `python -m conformance.matrix --write`", file=sys.stderr)
        return 1
    print(f"{path} is up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

__all__ = ["Level", "Matrix", "Row", "load_matrix", "marker_name", "matrix_path", "render_matrix_yaml",
           "scenarios_by_row"]
