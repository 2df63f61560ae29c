"""Output protocols, one module each: schema, lifecycle state-machine table, transcript extraction.

Every protocol module exposes:

* ``NAME``: ``"ag-ui"`` | ``"tanstack"`` | ``"tanstack-legacy"``;
* ``USAGE_FIELDS``: the :class:`~mock_provider.transcript.UsageRecord` fields it can express;
* ``schema_errors(event) -> list[str]``: why one event does not match the protocol schema
  (AG-UI through the official ``ag-ui-protocol`` models, TanStack layers through the JSON
  Schemas in ``conformance/schemas``);
* ``lifecycle(events) -> list[Finding]``: the protocol's one state-machine table applied to
  the whole stream; each finding names its matrix row;
* ``extract(events) -> Transcript``: the normalized transcript the events mean;
* ``exposures(events) -> dict[str, int]``: for each tool call id, the index of the event at
  which the call is handed to the consumer as complete (AG-UI ``TOOL_CALL_END``, legacy
  ``tool_call`` chunk).

Example:
    >>> protocol("ag-ui").NAME
    'ag-ui'
"""

from __future__ import annotations

import importlib
from typing import Any

_MODULES = {"ag-ui": "agui", "tanstack": "tanstack", "tanstack-legacy": "tanstack_legacy"}


def protocol(name: str) -> Any:
    """The protocol module for an output protocol name."""
    try:
        return importlib.import_module(f"conformance.protocols.{_MODULES[name]}")
    except KeyError:
        raise ValueError(f"unknown output protocol {name!r}; known: {', '.join(_MODULES)}") from None
