"""Old home of the wire plans, kept only as a re-export of :mod:`mock_provider.wires`.

``mock_provider.server`` (and a few callers: ``cli``, ``respx_routes``,
``conformance.runner``, some tests and benchmarks) still import from here. This module goes
when they import from :mod:`mock_provider.wires` instead; new code should not use it.

Example:
    >>> from mock_provider.wires import plan_response as new
    >>> plan_response is new, PART_DIALECTS
    (True, ('v2', 'v3', 'v4', 'mastra'))
"""

from __future__ import annotations

from mock_provider.dialects import PART_DIALECTS
from mock_provider.wires.frames import BodyItem, Chunk, Disconnect, Stall, WirePlan, ndjson_line, split_at, sse_frame
from mock_provider.wires.plan import (
    apply_step_faults,
    error_status_plan,
    fault_delay,
    plan_response,
)

__all__ = [
    "PART_DIALECTS",
    "BodyItem",
    "Chunk",
    "Disconnect",
    "Stall",
    "WirePlan",
    "apply_step_faults",
    "error_status_plan",
    "fault_delay",
    "ndjson_line",
    "plan_response",
    "split_at",
    "sse_frame",
]
