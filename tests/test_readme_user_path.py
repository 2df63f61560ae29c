"""The docs tell a new adapter author what the kit really reads (docs/adapters.md, docs/scenarios.md)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from conformance.contract import RunRequest
from conformance.protocols import ui_message_stream

ROOT = Path(__file__).resolve().parent.parent
# The pages the README sends an adapter author to (it keeps only the quickstarts).
DOCS = "\n".join((ROOT / "docs" / page).read_text(encoding="utf-8") for page in ("adapters.md", "scenarios.md"))


def _section(title: str) -> str:
    start = DOCS.index(title)
    end = DOCS.find("\n#", start + len(title))
    return DOCS[start:end]


def test_the_graded_values_section_names_every_run_request_field() -> None:
    text = _section("## Where each graded value goes, per output protocol")
    fields = {f.name for f in dataclasses.fields(RunRequest)}
    named = set(re.findall(r"`([a-z_]+)`", text.split("| `Capabilities.output`")[0]))
    assert fields <= named, fields - named
    for output in ("`ag-ui`", "`tanstack`", "`tanstack-legacy`", "`ui-message-stream`"):
        assert f"| {output}" in text


def test_the_ui_message_stream_row_says_what_it_cannot_express() -> None:
    """Usage and model are skipped for the UI message stream because the protocol module says so."""
    row = next(line for line in _section("## Where each graded value goes").splitlines()
               if line.startswith("| `ui-message-stream`"))
    assert not ui_message_stream.USAGE_FIELDS and not ui_message_stream.EXPRESSES_MODEL
    assert row.count("not expressed") == 2


def test_the_request_table_uses_the_keys_a_run_request_carries() -> None:
    """It showed `toolCalls` where the scenarios' requests carry tool_calls, tool_call_id and input_schema."""
    table = _section("**Request conversion**")
    assert "toolCalls" not in table
    assert "tool_calls" in table and "tool_call_id" in table and "input_schema" in table
    scenario = (ROOT / "fixtures" / "scenarios" / "request" / "request.tool-history.001.yaml").read_text()
    assert "tool_calls:" in scenario and "tool_call_id:" in scenario and "input_schema:" in scenario


def test_the_docs_say_a_scenario_needs_citations() -> None:
    from mock_provider.scenario import Scenario

    assert Scenario.model_fields["citations"].is_required()
    assert "`citations`" in _section("**Your own scenarios**")
