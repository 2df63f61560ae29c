"""Row 8.1.2 on AG-UI: the reported model is graded where the stream names one.

Plain AG-UI 1.0 has no required place for the model (``TokenUsage.model`` is optional, and
``@ag-ui/client`` shows none), so a plain endpoint that names no model is not told it should; one that
names another model than the upstream answered with is, and so is a TanStack stream (whose
``metadata.tanstack`` has the field) that leaves it out."""

from __future__ import annotations

import copy
from typing import Any

from conformance.grading import grade
from conformance.runner import Settings
from mock_provider.corpus import load_scenarios
from tests.calibration import read_records

SCENARIO = next(s for s in load_scenarios() if s.id == "text.basic.001")


def _record(config: str) -> Any:
    return copy.deepcopy(next(r for r in read_records(config) if r.case_id == "text.basic.001[openai-chat]"))


def _rows(record: Any) -> set[str]:
    return {f.row for f in grade(record, SCENARIO, Settings(timeout=10.0)).findings}


def _finished(record: Any) -> dict[str, Any]:
    return next(e for e in record.events if e.get("type") == "RUN_FINISHED")


def test_a_plain_agui_stream_that_names_no_model_is_not_told_it_should() -> None:
    record = _record("llama-index-agui")
    named = [e for e in record.events if "model" in str(e.get("usage", "")) or "tanstack" in str(e.get("metadata", ""))]
    assert named == []
    assert "8.1.2" not in _rows(record)


def test_a_plain_agui_stream_that_names_another_model_in_its_usage_should_not() -> None:
    record = _record("llama-index-agui")
    _finished(record)["usage"] = [{"model": "gpt-4o-configured", "inputTokens": 1, "outputTokens": 1}]
    assert "8.1.2" in _rows(record)
    _finished(record)["usage"][0]["model"] = SCENARIO.expected.model
    assert "8.1.2" not in _rows(record)


def test_a_tanstack_stream_without_its_model_field_should_have_it() -> None:
    record = _record("tanstack-ai-openai")
    assert "8.1.2" not in _rows(record)
    for event in record.events:
        tanstack = (event.get("metadata") or {}).get("tanstack")
        if isinstance(tanstack, dict):
            tanstack.pop("model", None)
    assert "8.1.2" in _rows(record)
