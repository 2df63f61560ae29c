"""Row refusal.shown (issue 15): a refusal on the wire is graded per documented reading, showing it is a SHOULD.

quirks.refusal.001 expects the AI SDK's reading (the refusal as text, finish content_filter). Each test
grades a run of another reading, built from the reference adapter's own events on the Chat Completions
wire, and checks which rows it breaks: the readings published code documents (pydantic-ai's RUN_ERROR,
TanStack's 'stop' passed through, an empty answer) break no MUST row; an empty answer, or an error that
does not carry the whole refusal, misses the SHOULD; a crash and mangled text still FAIL.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from conformance.contract import Capabilities
from conformance.execution import execute
from conformance.grading import grade
from conformance.reference import openai_http
from conformance.run_record import RunRecord
from conformance.settings import Settings
from conformance.verdict import CaseResult
from mock_provider.scenario import Scenario, load_corpus

REFUSAL = "I'm sorry, I can't help with that."
Ev = dict[str, Any]


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return next(s for s in load_corpus() if s.id == "quirks.refusal.001")


@pytest.fixture(scope="module")
def reference(scenario: Scenario) -> RunRecord:
    """The reference adapter's run over the mock server: the refusal as text, finish content_filter."""
    return execute(openai_http, scenario, "openai-chat")


def _with(rec: RunRecord, events: list[Ev], **caps: Any) -> RunRecord:
    assert rec.capabilities is not None
    return dataclasses.replace(rec, events=tuple(events), capabilities=rec.capabilities.model_copy(update=caps))


def _start(rec: RunRecord) -> list[Ev]:
    return [e for e in rec.events if e["type"] == "RUN_STARTED"]


def _error(message: str, **extra: str) -> Ev:
    """A RUN_ERROR that, like the reference's events, reports the model (row 8.1.2) in its metadata."""
    return {"type": "RUN_ERROR", "message": message, **extra, "metadata": {"tanstack": {"model": "mock-gpt-4o"}}}


def _finished(rec: RunRecord, reason: str) -> Ev:
    end = dict(next(e for e in rec.events if e["type"] == "RUN_FINISHED"))
    end["metadata"] = {"tanstack": {**end["metadata"]["tanstack"], "finishReason": reason}}
    return end


def _rows(result: CaseResult) -> dict[str, str]:
    return {f.row: f.level or "" for f in result.findings}


def test_the_reference_reading_passes_and_its_text_is_the_refusal(scenario: Scenario, reference: RunRecord) -> None:
    texts = "".join(e.get("delta", "") for e in reference.events if e["type"] == "TEXT_MESSAGE_CONTENT")
    assert texts == REFUSAL
    assert grade(reference, scenario, Settings(strict=True)).verdict == "PASS"


def test_a_run_error_carrying_the_refusal_passes(scenario: Scenario, reference: RunRecord) -> None:
    # pydantic-ai 2.68.0's reading: ContentFilterError "Content filter triggered. Refusal: '...'" -> RUN_ERROR.
    error = _error(f"Content filter triggered. Refusal: {REFUSAL!r}")
    result = grade(_with(reference, [*_start(reference), error], reports_finish_reason=False), scenario,
                   Settings(strict=True))
    assert result.verdict == "PASS", [f.as_dict() for f in result.findings]


def test_a_run_error_with_only_the_first_refusal_delta_misses_the_should(scenario: Scenario,
                                                                         reference: RunRecord) -> None:
    # @tanstack/openai-base 0.10.15 responses-text.js:291-305 errors on the first response.refusal.delta.
    rec = _with(reference, [*_start(reference), _error("Model refused: I'm sorry, ")])
    result = grade(rec, scenario)
    assert (result.verdict, _rows(result)) == ("PASS-NONSTRICT", {"refusal.shown": "SHOULD"})
    assert grade(rec, scenario, Settings(strict=True)).verdict == "FAIL"


def test_an_error_coded_refusal_without_its_text_misses_the_should(scenario: Scenario, reference: RunRecord) -> None:
    # What TanStack's Responses adapter does on the wire: response.content_part.added of type 'refusal' (still
    # empty) -> RUN_ERROR 'Refused without explanation', code 'refusal' (responses-text.js:685-697, :766-789).
    rec = _with(reference, [*_start(reference), _error("Refused without explanation", code="refusal")])
    result = grade(rec, scenario)
    assert (result.verdict, _rows(result)) == ("PASS-NONSTRICT", {"refusal.shown": "SHOULD"})
    uncoded = grade(_with(reference, [*_start(reference), _error("Refused without explanation")]), scenario)
    assert uncoded.verdict == "FAIL"  # the same words without the code: nothing says it is the refusal


def test_an_error_that_does_not_carry_the_refusal_is_a_crash(scenario: Scenario, reference: RunRecord) -> None:
    error = _error("unexpected chunk")
    result = grade(_with(reference, [*_start(reference), error]), scenario)
    assert result.verdict == "FAIL"
    assert "refusal.shown" in _rows(result) and set(result.failed_rows()) - {"refusal.shown"}


def test_an_empty_answer_with_the_providers_stop_misses_only_the_should(scenario: Scenario,
                                                                       reference: RunRecord) -> None:
    # TanStack's chat-completions adapter (and agno, llama-index) read delta.content only.
    rec = _with(reference, [*_start(reference), _finished(reference, "stop")])
    result = grade(rec, scenario)
    assert (result.verdict, _rows(result)) == ("PASS-NONSTRICT", {"refusal.shown": "SHOULD"})
    strict = grade(rec, scenario, Settings(strict=True))
    assert (strict.verdict, _rows(strict)) == ("FAIL", {"refusal.shown": "SHOULD"})


def test_the_refusal_as_text_with_the_providers_stop_passes(scenario: Scenario, reference: RunRecord) -> None:
    events = [e if e["type"] != "RUN_FINISHED" else _finished(reference, "stop") for e in reference.events]
    assert grade(_with(reference, events), scenario, Settings(strict=True)).verdict == "PASS"


def test_text_that_is_neither_the_refusal_nor_empty_fails_its_must_row(scenario: Scenario,
                                                                      reference: RunRecord) -> None:
    events = [e for e in reference.events if e.get("delta") != "I can't help with that."]
    result = grade(_with(reference, events), scenario)
    assert result.failed_rows() == {"8.1.4"}, [f.as_dict() for f in result.findings]


def test_the_ui_message_stream_keeps_content_filter_after_a_refusal(scenario: Scenario,
                                                                     reference: RunRecord) -> None:
    """Both AI SDK OpenAI providers read 'stop' after a refusal as content-filter and ai passes it on."""
    text = [{"type": "text-start", "id": "t"}, {"type": "text-delta", "id": "t", "delta": REFUSAL},
            {"type": "text-end", "id": "t"}]

    def ums(reason: str) -> RunRecord:
        caps = Capabilities(name="ums", inputs=["openai-chat"], output="ui-message-stream", reports_usage=False)
        return dataclasses.replace(reference, capabilities=caps, events=(
            {"type": "start"}, {"type": "start-step"}, *text, {"type": "finish-step"},
            {"type": "finish", "finishReason": reason}))

    assert grade(ums("content-filter"), scenario, Settings(strict=True)).verdict == "PASS"
    assert grade(ums("stop"), scenario).failed_rows() == {"8.2.content-filter"}


def test_the_ui_message_stream_takes_an_empty_answer_with_the_wires_stop(scenario: Scenario,
                                                                         reference: RunRecord) -> None:
    """A provider that never reads delta.refusal (@openrouter/ai-sdk-provider 3.1.0: its chunk schema has no such
    field) cannot know the answer was a refusal: it passes the wire's own finish_reason, 'stop', on. That is the
    'dropped' reading, a SHOULD miss on every protocol; content_filter after a refusal is the reading of providers
    that do read it (the test above), not something a provider that drops the refusal could say."""
    def ums(reason: str) -> RunRecord:
        caps = Capabilities(name="ums", inputs=["openai-chat"], output="ui-message-stream@7", reports_usage=False)
        return dataclasses.replace(reference, capabilities=caps, events=(
            {"type": "start"}, {"type": "start-step"}, {"type": "finish-step"},
            {"type": "finish", "finishReason": reason}))

    dropped = grade(ums("stop"), scenario)
    assert (dropped.verdict, _rows(dropped)) == ("PASS-NONSTRICT", {"refusal.shown": "SHOULD"})
    assert grade(ums("content-filter"), scenario).verdict == "PASS-NONSTRICT"
    assert grade(ums("length"), scenario).verdict == "FAIL"  # not the wire's reason: graded as usual


def test_a_part_dialect_has_no_refusal_to_read_another_way(scenario: Scenario) -> None:
    """On V3 the provider already made the refusal text and content-filter: an empty answer drops text."""
    from conformance.reference import agui

    rec = execute(agui, scenario, "v3")
    events = [e for e in rec.events if not e["type"].startswith("TEXT_MESSAGE")]
    result = grade(dataclasses.replace(rec, events=tuple(events)), scenario)
    assert result.failed_rows() == {"8.1.4"} and "refusal.shown" not in _rows(result)
