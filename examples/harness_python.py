"""A reference ``sac-harness/1`` harness: any Python adapter factory behind the stdio protocol.

It is what a harness in another language does (docs/adapter-protocol.md), written in Python
so the project's tests can prove that ``--adapter-cmd`` grades an adapter exactly as the
in-process runner does::

    pytest --adapter-cmd "python examples/harness_python.py conformance.reference:agui"

The harness itself ships in the kit as :mod:`conformance.harness` (``python -m
conformance.harness MODULE:FACTORY``, what ``--adapter-isolation=process`` runs); this file
serves it the same way, and is what the tests' hostile harnesses subclass.
"""

from __future__ import annotations

import asyncio
import sys

from conformance.harness import Harness, RemoteModel, event_line, upstream_exception, write

__all__ = ["Harness", "RemoteModel", "event_line", "upstream_exception", "write"]


if __name__ == "__main__":
    asyncio.run(Harness(sys.argv[1] if len(sys.argv) > 1 else "conformance.reference:agui").main())
