"""TEMPORARY (lead's branch): the OutputProtocol seam as agreed; the protocols branch brings the real one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.findings import Finding
from mock_provider.transcript import Transcript


@dataclass(frozen=True)
class OutputProtocol:
    name: str
    usage_fields: tuple[str, ...]
    schema_errors: Callable[[Any], list[str]]
    lifecycle: Callable[[Sequence[Any]], list[Finding]]
    extract: Callable[[Sequence[Any]], Transcript]
    exposures: Callable[[Sequence[Any]], dict[str, int]]
    expresses_result_error: bool = True
    expresses_model: bool = True
    expresses_error_code: bool = True
    expresses_structured: bool = True
