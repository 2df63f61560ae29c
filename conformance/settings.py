"""Per-run limits and grading switches, shared by running (:mod:`conformance.execution`) and grading.

Example:
    >>> Settings().timeout, Settings().abort_bound
    (10.0, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass

from conformance.matrix import Matrix

# Seconds every upstream request may stay open after the caller aborted (row request.abort). An
# aborted fetch closes its connection at once; a second covers a busy machine and a server that
# notices a closed connection on its next poll, and keeps the wait on a leaking adapter short.
ABORT_TIME_BOUND = 1.0


@dataclass
class Settings:
    """Per-run limits. ``timeout`` is per case (seconds); ``abort_bound`` is how long (seconds) every
    upstream request may stay open after the caller aborted (row ``request.abort``)."""

    timeout: float = 10.0
    max_events: int = 10_000
    max_event_bytes: int = 1_000_000
    time_scale: float = 0.0
    grace: float = 2.0
    strict: bool = False
    matrix: Matrix | None = None
    abort_bound: float = ABORT_TIME_BOUND
