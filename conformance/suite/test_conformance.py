"""One test per scenario x dialect, and one per generated-* property x dialect.

Parametrized by ``conformance.suite_plugin``; see ``--adapter`` and ``--conformance-examples``.
"""

from __future__ import annotations

from typing import Any

from conformance.suite_plugin import check_case, check_property


def test_case(conformance_case: Any, request: Any) -> None:
    check_case(conformance_case, request)


def test_generated(conformance_property: Any, request: Any) -> None:
    check_property(conformance_property, request)
