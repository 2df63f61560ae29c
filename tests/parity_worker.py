"""One worker for the isolation parity test (tests/test_isolation_parity.py): it serves every
reference adapter and every mutant, the one named in the file ``$SAC_PARITY_ADAPTER_FILE`` when a
case starts (the test writes it before each case), so the whole run costs one worker start.

The suite takes the capabilities from the worker's handshake; the test sets each case's from the
adapter in process, as a worker serving that adapter alone would have declared them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from conformance import reference
from conformance.contract import AdapterContext

REFERENCES = ("agui", "tanstack", "tanstack_legacy", "ui_message_stream", "ui_message_stream7", "agui_bridge",
              "openai_http")


def named(name: str) -> Any:
    """The factory a name stands for: ``ref:<reference>`` or a mutant's name."""
    if name.startswith("ref:"):
        return getattr(reference, name.removeprefix("ref:"))
    from tests.mutants import ALL_MUTANTS

    return next(m.factory for m in ALL_MUTANTS if m.name == name)


def dispatch(ctx: AdapterContext) -> Any:
    """The factory named in the file (the reference AG-UI adapter for the handshake's probe)."""
    path = os.environ.get("SAC_PARITY_ADAPTER_FILE")
    name = Path(path).read_text(encoding="utf-8").strip() if path else ""
    return named(name or "ref:agui")(ctx)
