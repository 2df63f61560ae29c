"""Output protocols, one module each: schema, lifecycle state-machine table, transcript extraction.

Every protocol module exposes:

* ``NAME``: ``"ag-ui"`` | ``"tanstack"`` | ``"tanstack-legacy"`` | ``"ui-message-stream"``;
* ``USAGE_FIELDS``: the :class:`~mock_provider.transcript.UsageRecord` fields it can express;
* ``schema_errors(event) -> list[str]``: why one event does not match the protocol schema
  (AG-UI through the official ``ag-ui-protocol`` models, TanStack layers through the JSON
  Schemas in ``conformance/schemas``);
* ``lifecycle(events) -> list[Finding]``: the protocol's one state-machine table applied to
  the whole stream; each finding names its matrix row;
* ``extract(events) -> Transcript``: the normalized transcript the events mean;
* ``exposures(events) -> dict[str, int]``: for each tool call id, the index of the event at
  which the call is handed to the consumer as complete (AG-UI ``TOOL_CALL_END``, legacy
  ``tool_call`` chunk, UI message stream ``tool-input-available``).

Optional declarations (default ``True``) for what a protocol cannot express, so the grader
skips that comparison instead of failing it: ``EXPRESSES_RESULT_ERROR`` (a tool result's error
flag), ``EXPRESSES_MODEL`` (the model id, row 8.1.2), ``EXPRESSES_ERROR_CODE`` (row
hygiene.error-code).

Example:
    >>> protocol("ag-ui").NAME
    'ag-ui'
"""

from __future__ import annotations

import importlib
from typing import Any

_MODULES = {
    "ag-ui": "agui",
    "tanstack": "tanstack",
    "tanstack-legacy": "tanstack_legacy",
    "ui-message-stream": "ui_message_stream",
}


def protocol(name: str) -> Any:
    """The protocol module for an output protocol name."""
    try:
        return importlib.import_module(f"conformance.protocols.{_MODULES[name]}")
    except KeyError:
        raise ValueError(f"unknown output protocol {name!r}; known: {', '.join(_MODULES)}") from None
