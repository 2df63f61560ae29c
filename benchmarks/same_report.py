"""Whether two ``conformance.json`` reports say the same thing: every key of every case and of the report,
but what the clock says (``duration_s``, ``timestamp``).

A change made for speed must leave the main job's verdicts as they were: run the job on the tree before
and after (``bench_main_job.py`` drops its reports, so run it once more in a directory of your own) and::

    python benchmarks/same_report.py BEFORE/reports/conformance.json AFTER/reports/conformance.json

It prints the differences (none: exit 0). It is a script, not a test.

Example:
    >>> differences({"cases": [{"case": "a", "verdict": "PASS", "duration_s": 1}]},
    ...             {"cases": [{"case": "a", "verdict": "PASS", "duration_s": 2}]})
    []
    >>> differences({"cases": [{"case": "a", "verdict": "PASS"}]}, {"cases": [{"case": "a", "verdict": "FAIL"}]})
    ['case a: verdict']
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

CLOCK = frozenset({"duration_s", "timestamp"})


def timeless(value: Any) -> Any:
    """``value`` without the keys the clock decides, at any depth."""
    if isinstance(value, dict):
        return {k: timeless(v) for k, v in value.items() if k not in CLOCK}
    if isinstance(value, list):
        return [timeless(v) for v in value]
    return value


def differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What differs between two reports but timings: report keys, case ids, and each case's differing keys."""
    out = [key for key in sorted((set(before) | set(after)) - CLOCK - {"cases"})
           if timeless(before.get(key)) != timeless(after.get(key))]
    cases = [{c["case"]: timeless(c) for c in report.get("cases", [])} for report in (before, after)]
    if cases[0].keys() != cases[1].keys():
        out.append(f"case ids: {sorted(cases[0].keys() ^ cases[1].keys())[:10]}")
    for case in sorted(cases[0].keys() & cases[1].keys()):
        a, b = cases[0][case], cases[1][case]
        if a != b:
            out.append(f"case {case}: " + ", ".join(k for k in sorted(a.keys() | b.keys()) if a.get(k) != b.get(k)))
    return out


def main(argv: list[str] | None = None) -> int:
    before, after = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (argv or sys.argv[1:])[:2])
    found = differences(before, after)
    print(f"{len(before.get('cases', []))} and {len(after.get('cases', []))} cases; "
          + ("the same but timings" if not found else f"{len(found)} difference(s):"))
    for line in found[:50]:
        print(f"  {line}")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
