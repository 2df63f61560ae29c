"""Snapshots of an adapter's normalized event stream, stored with syrupy in the adapter's repository.

Generated ids become stable placeholders in order of first appearance and timestamps
are replaced, so a snapshot changes only when the adapter's behaviour does.

Example:
    >>> normalize_events([{"type": "RUN_STARTED", "runId": "r-9f2", "timestamp": 1712}])
    [{'type': 'RUN_STARTED', 'runId': '<id:1>', 'timestamp': '<timestamp>'}]
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

_ID_KEYS = {"id", "threadId", "runId", "messageId", "parentMessageId", "toolCallId", "stepId", "approvalId",
            "parentRunId", "entityId"}
_TIME_KEYS = {"timestamp", "createdAt"}


def normalize_events(events: list[Any]) -> list[Any]:
    """Replace ids (by first appearance) and timestamps with placeholders, recursively."""
    ids: dict[str, str] = {}

    def walk(value: Any, key: str | None = None) -> Any:
        if isinstance(value, dict):
            return {k: walk(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v, key) for v in value]
        if key in _TIME_KEYS and isinstance(value, int | float | str):
            return "<timestamp>"
        if key is not None and (key in _ID_KEYS or key.endswith("Ids")) and isinstance(value, str):
            return ids.setdefault(value, f"<id:{len(ids) + 1}>")
        return value

    return [walk(e) for e in events]


def extension_for(directory: str) -> type[Any]:
    """A syrupy JSON extension class bound to one directory (syrupy resolves dirs on the class).

    syrupy is the ``[snapshot]`` extra, imported here only: the report imports this module too.
    """
    from syrupy.extensions.json import JSONSnapshotExtension

    class ConformanceSnapshotExtension(JSONSnapshotExtension):  # type: ignore[misc,unused-ignore]
        """One JSON file per case under the configured ``--conformance-snapshot-dir``."""

        @classmethod
        def dirname(cls, *, test_location: Any) -> str:
            return str(Path(directory))

    return ConformanceSnapshotExtension
