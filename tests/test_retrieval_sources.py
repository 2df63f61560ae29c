"""A source the wire says only as a retrieval tool's output, shown as that tool's call (conformance.retrieval_sources).

pydantic-ai on the Gemini API shows parts.source.001's document source (a ``retrievedContext`` groundingChunk) as
a provider-executed ``file_search`` call whose result lists the document. The user sees the source; no call was
invented. The recorded run of that configuration grades without the content rows' "not in the upstream"; the same
call on a wire with a source element of its own, or a call whose result names nothing the scenario retrieved,
still fails row 8.1.12.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from conformance.grading import grade
from conformance.run_record import RunRecord
from conformance.runner import Settings
from mock_provider.scenario import Scenario
from tests.calibration import read_records


def _record() -> RunRecord:
    return next(r for r in read_records("pydantic-ai-agui-gemini") if r.case_id == "parts.source.001[gemini]")


def _rows(record: RunRecord, corpus: list[Scenario]) -> list[str]:
    scenario = next(s for s in corpus if s.id == record.scenario_id)
    result = grade(record, scenario, Settings(timeout=10.0))
    return sorted({f.row for f in result.findings if f.level in ("MUST", "SHOULD")})


def _with_result(record: RunRecord, content: str) -> RunRecord:
    events: list[dict[str, Any]] = [dict(e, content=content) if e["type"] == "TOOL_CALL_RESULT" else e
                                    for e in record.events]
    return dataclasses.replace(record, events=tuple(events))


def test_the_retrieval_call_that_shows_the_document_is_the_source_shown(corpus: list[Scenario]) -> None:
    record = _record()
    assert any(e["type"] == "TOOL_CALL_START" and e["toolCallName"] == "file_search" for e in record.events)
    assert not {"8.1.12", "8.1.14"} & set(_rows(record, corpus))


def test_a_call_whose_result_names_nothing_retrieved_is_still_not_in_the_upstream(corpus: list[Scenario]) -> None:
    # The consumer rows are subordinate: with the content rows failing they are not reported.
    assert "8.1.12" in _rows(_with_result(_record(), '[{"title": "Elsewhere", "uri": "other.pdf"}]'), corpus)


def test_on_a_wire_with_its_own_source_element_the_call_is_not_excused(corpus: list[Scenario]) -> None:
    # The same events as if read from V3 stream parts, which have a document source of their own.
    record = _record()
    assert record.capabilities is not None
    caps = record.capabilities.model_copy(update={"inputs": ["v3"]})
    assert "8.1.12" in _rows(dataclasses.replace(record, dialect="v3", case_id="parts.source.001[v3]",
                                                 capabilities=caps), corpus)


def test_a_web_grounding_shown_as_its_retrieval_call_is_the_source_shown(corpus: list[Scenario]) -> None:
    # AG2 1.2.1 on the Gemini API shows quirks.chat-annotations.001's url source (a `web` groundingChunk, which the
    # API sends only "when grounding is enabled", google-genai 2.34.0 types.py:7868-7874) as the grounding's own call
    # (`web_fetch`, ag2/config/gemini/gemini_client.py:308-314) whose result is the page's url: the source shown.
    record = next(r for r in read_records("ag2-agui-gemini") if r.case_id == "quirks.chat-annotations.001[gemini]")
    assert any(e["type"] == "TOOL_CALL_START" and e["toolCallName"] == "web_fetch" for e in record.events)
    assert not {"8.1.12", "8.1.14"} & set(_rows(record, corpus))
    # A result that names no page the scenario cited is still a call not in the upstream.
    assert "8.1.12" in _rows(_with_result(record, '[{"title": "Elsewhere", "uri": "https://example.org/x"}]'), corpus)
