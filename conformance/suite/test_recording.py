"""One test: the ``--recording`` file's check. Collected by ``conformance.plugin`` when it is given."""

from __future__ import annotations

from typing import Any

from conformance.plugin import check_recording_case


def test_recording(request: Any) -> None:
    check_recording_case(request)
