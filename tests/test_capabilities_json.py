"""A declaration is the same JSON in every process: its sets (features, structured modes) dump sorted.

Python orders a set of strings by their hashes, which change from process to process (PYTHONHASHSEED), so a
set dumped as it iterates differed between two harnesses of one declaration: two runs of one adapter then
recorded different capabilities (tests/test_parts_ahead.py compared them and failed in CI).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DUMP = ("from conformance.reference import agui\n"
        "from conformance.contract import AdapterContext\n"
        "print(agui(AdapterContext(dialect='v3', model=None, scenario_id='x')).capabilities.model_dump_json())\n")


def _dumped(seed: int) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", DUMP], capture_output=True, text=True, timeout=120, cwd=ROOT,
                         env={**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": str(ROOT)}, check=True)
    loaded: dict[str, object] = json.loads(out.stdout)
    return loaded


def test_the_same_declaration_dumps_alike_under_every_hash_seed() -> None:
    dumps = [_dumped(seed) for seed in range(4)]
    # Four seeds give the three structured modes at least two different set orders (checked on the unsorted dump).
    assert all(d == dumps[0] for d in dumps[1:]), dumps
    assert dumps[0]["structured_modes"] == sorted(dumps[0]["structured_modes"])  # type: ignore[type-var]
    assert dumps[0]["features"] == sorted(dumps[0]["features"])  # type: ignore[type-var]
