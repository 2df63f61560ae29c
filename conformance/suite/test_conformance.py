"""One test per scenario x dialect. Parametrized by ``conformance.plugin``; see ``--adapter``."""

from __future__ import annotations

from typing import Any

from conformance.plugin import check_case


def test_case(conformance_case: Any, request: Any) -> None:
    check_case(conformance_case, request)
