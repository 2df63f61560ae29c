"""HTTP wires: scenarios rendered to the exact bytes of an HTTP response (sans-IO).

:mod:`~mock_provider.wires.frames` holds the plan and framing types (no scenario),
:mod:`~mock_provider.wires.plan` the response planner and the step/fault helpers every wire
shares, and one module per HTTP wire dialect: :mod:`~mock_provider.wires.openai_chat`
(Chat Completions) and :mod:`~mock_provider.wires.anthropic` (Messages). Dependencies run
one way: a wire module imports ``plan`` and ``frames``; ``plan`` finds the wire modules
through the dialect registry (:mod:`mock_provider.dialects`), never by importing them.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> plan_response(s, "openai-chat", {"stream": True}).headers["content-type"]
    'text/event-stream'
"""

from __future__ import annotations

from mock_provider.wires.frames import (
    BodyItem,
    Chunk,
    Comment,
    Disconnect,
    Stall,
    WirePlan,
    comment_frame,
    ndjson_line,
    split_at,
    sse_frame,
)
from mock_provider.wires.plan import (
    HttpDialect,
    apply_step_faults,
    error_status_plan,
    fault_delay,
    http_dialect,
    plan_response,
)

__all__ = [
    "BodyItem",
    "Chunk",
    "Comment",
    "Disconnect",
    "HttpDialect",
    "Stall",
    "WirePlan",
    "apply_step_faults",
    "comment_frame",
    "error_status_plan",
    "fault_delay",
    "http_dialect",
    "ndjson_line",
    "plan_response",
    "split_at",
    "sse_frame",
]
