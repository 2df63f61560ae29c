"""One test: the ``--recording`` file's check. Collected by ``conformance.suite_plugin`` when it is given."""

from __future__ import annotations

from typing import Any

from conformance.suite_plugin import check_recording_case


def test_recording(request: Any) -> None:
    check_recording_case(request)
