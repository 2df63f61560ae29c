"""A scenario's ``unspecified`` rows: where no published rule says what an adapter owes (a spoken
answer's transcript, shown as text or not), findings there are information, and nowhere else."""

from __future__ import annotations

from conformance.catalog import catalog
from conformance.findings import Finding
from conformance.grading import NOT_SPECIFIED, contract_scoped
from mock_provider.corpus import load_scenarios

SCENARIOS = {s.id: s for s in load_scenarios()}


def _levels(scenario_id: str, findings: list[Finding]) -> dict[str, str | None]:
    return {f.row: f.level for f in contract_scoped(findings, SCENARIOS[scenario_id], catalog())}


def test_an_adapter_that_shows_the_spoken_transcript_gets_information_not_a_must() -> None:
    shown = [Finding(row="8.1.4", message="assistant text differs", level="MUST"),
             Finding(row="consumer.ui-messages", message="the message differs", level="MUST")]
    assert _levels("quirks.chat-audio.001", shown) == {"8.1.4": "MAY", "consumer.ui-messages": "MAY"}
    scoped = contract_scoped(shown, SCENARIOS["quirks.chat-audio.001"], catalog())
    assert all(f.message.startswith(NOT_SPECIFIED) and "delta.audio" in f.message for f in scoped)


def test_rows_the_scenario_does_not_name_and_other_scenarios_keep_their_level() -> None:
    usage = Finding(row="8.3.v3", message="usage differs", level="MUST")
    terminal = Finding(row="8.1.18", message="two terminals", level="MUST")
    assert _levels("quirks.chat-audio.001", [usage, terminal]) == {"8.3.v3": "MUST", "8.1.18": "MUST"}
    text = Finding(row="8.1.4", message="assistant text differs", level="MUST")
    assert _levels("text.basic.001", [text]) == {"8.1.4": "MUST"}


def test_every_unspecified_row_is_a_catalog_row_with_a_reason() -> None:
    rows = {r.id for r in catalog().rows}
    marked = [s for s in SCENARIOS.values() if s.unspecified is not None]
    assert marked, "no scenario uses `unspecified`"
    for scenario in marked:
        assert scenario.unspecified is not None
        assert set(scenario.unspecified.rows) <= rows, scenario.id
        assert len(scenario.unspecified.why) > 20, scenario.id


def test_a_spoken_answer_is_played_only_to_an_adapter_that_asks_for_audio() -> None:
    # OpenAI sends delta.audio only to a request for the audio modality: an adapter that never asks for it
    # (pydantic-ai's, whose empty turn then failed "Exceeded maximum output retries") is not played it.
    from conformance.contract import Capabilities

    assert "audio_output" in SCENARIOS["quirks.chat-audio.001"].features()
    assert "audio_output" not in Capabilities(name="n", inputs=["openai-chat"], output="ag-ui").features
