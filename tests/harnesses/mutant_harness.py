"""The reference harness hosting one mutant adapter: ``python tests/harnesses/mutant_harness.py NAME``.

Used to prove that the timing checks (exposure, abort) still catch a broken adapter when it runs
in another process behind ``--adapter-cmd``.
"""

from __future__ import annotations

import asyncio
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from examples.harness_python import Harness
from tests.mutants import ALL_MUTANTS


class MutantHarness(Harness):
    def __init__(self, name: str) -> None:
        self.factory = next(m.factory for m in ALL_MUTANTS if m.name == name)
        self.cases = {}


if __name__ == "__main__":
    asyncio.run(MutantHarness(sys.argv[1]).main())
