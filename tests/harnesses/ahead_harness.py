"""The packaged harness with ``parts-ahead`` told one way or another: ``python tests/harnesses/ahead_harness.py MODE``.

``pull``: it does not list ``parts-ahead`` (a pull per read, what the Node harnesses get). The other modes
list it and break its rule on ``text.basic.001`` only (every other case is served as the packaged harness
does): ``read-back`` says fewer reads than it said before, ``read-past`` more reads than the call has,
``pull-in-ahead`` pulls during a call it was answered ahead.
"""

from __future__ import annotations

import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from conformance.harness import Harness, RemoteModel, main, write

MODE = sys.argv.pop(1) if __name__ == "__main__" and len(sys.argv) > 2 else ""
BAD_CASE = "text.basic.001"


class Lying(RemoteModel):
    """Says its reads wrong on BAD_CASE (its case id is the scenario's: the harness is not opaque)."""

    def said(self) -> dict[str, Any]:
        said = super().said()
        if not said or not self.case_id.startswith(BAD_CASE):
            return said
        if MODE == "read-back":
            return {"read": self.reads if self.reads < 6 else 2}
        if MODE == "read-past":
            return {"read": self.reads + 100}
        return said

    def _read_ahead(self) -> Any:
        if MODE == "pull-in-ahead" and self.case_id.startswith(BAD_CASE) and self.reads == 2:
            write({"type": "pull", "case": self.case_id})
        return super()._read_ahead()


if __name__ == "__main__":
    if MODE == "pull":
        Harness.ahead = False
    else:
        import conformance.harness

        conformance.harness.RemoteModel = Lying  # type: ignore[misc]  # what Harness.main() builds per case
    main()
