"""A custom tool's free-text input (Responses ``custom_tool_call``) on the AG-UI and TanStack outputs.

The upstream streams the text raw (``tool-input-start`` with ``inputEncoding: 'text'``, raw deltas) and
ends the call with that text as one JSON string (@ai-sdk/provider 3.0.19). AG-UI and TanStack have no
input encoding: ``TOOL_CALL_ARGS`` fragments are the arguments text, which the consumers JSON-parse:

* ``@ag-ui/client`` 1.0.0 (dist/index.mjs, ``defaultApplyEvents`` TOOL_CALL_END) hands
  ``onToolCallEndEvent`` ``toolCallArgs = JSON.parse(function.arguments)``, or ``{}`` when that throws:
  raw text reaches a tool-running subscriber as ``{}``, the text's JSON string as the text;
* TanStack's ``StreamProcessor`` (@tanstack/ai 0.58.0 processor.js:1251-1268) parses the arguments
  strictly at completion and shows ``input`` only when that parse succeeds (or the END carries it).

So the fragments an adapter sends are the pieces of the text's JSON string, and the references do that;
ai 7's UI stream can say the input is text (``inputEncoding``) and gets it raw. Forwarding the raw text
on AG-UI or TanStack fails 8.1.10 (the fragments do not join to the input) and shows the consumers
other arguments. The scenario is played on the Responses wire only (the one wire with custom tools);
here it is also played on the V3/V4 parts, which express ``inputEncoding`` too.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar

import pytest

from conformance import agui_client_view, consumer_view
from conformance import reference as ref
from conformance.contract import AdapterContext
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.tanstack import TanstackReferenceAdapter
from conformance.runner import CaseResult, Settings, run_case
from mock_provider.scenario import Scenario

SQL = "SELECT count(*) FROM orders\nWHERE shipped_at >= '2026-11-16' AND note = \"rush\";"
Factory = Callable[[AdapterContext], Any]


def _claiming(factory: Factory) -> Factory:
    """The adapter, claiming custom tools (no reference claims them: only the Responses wire has them)."""

    def make(ctx: AdapterContext) -> Any:
        adapter = factory(ctx)
        caps = adapter.capabilities
        adapter.capabilities = caps.model_copy(update={"features": {*caps.features, "custom_tools"}})
        return adapter

    return make


class _RawAgui(AguiReferenceAdapter):
    TEXT_INPUT_AS_JSON: ClassVar[bool] = False  # forwards the free text as it came


class _RawTanstack(TanstackReferenceAdapter):
    TEXT_INPUT_AS_JSON: ClassVar[bool] = False


@pytest.fixture(scope="module")
def scenario(corpus: list[Scenario]) -> Scenario:
    played = next(s for s in corpus if s.id == "tool.custom-input.001")
    assert played.dialects == ["openai-responses"]
    return played.model_copy(update={"dialects": None})


def _run(factory: Factory, scenario: Scenario, dialect: str) -> CaseResult:
    return run_case(_claiming(factory), scenario, dialect, Settings(timeout=5.0))


def _args(events: list[dict[str, Any]]) -> str:
    return "".join(e["delta"] for e in events if e.get("type") == "TOOL_CALL_ARGS")


@pytest.mark.parametrize("dialect", ["v3", "v4"])
@pytest.mark.parametrize("name", ["agui", "tanstack", "tanstack_legacy", "ui_message_stream", "ui_message_stream7"])
def test_every_reference_hands_over_the_free_text_call(name: str, dialect: str, scenario: Scenario) -> None:
    result = _run(getattr(ref, name), scenario, dialect)
    assert result.verdict == "PASS", result.describe()


@pytest.mark.parametrize("factory", [ref.agui, ref.tanstack])
def test_ag_ui_and_tanstack_fragments_join_to_the_text_s_json_string(factory: Factory, scenario: Scenario) -> None:
    events = _run(factory, scenario, "v3").events
    pieces = [e["delta"] for e in events if e.get("type") == "TOOL_CALL_ARGS"]
    assert len(pieces) == 4 and pieces[-1] == '"'  # the three text deltas, then the string's closing quote
    assert json.loads(_args(events)) == SQL  # what @ag-ui/client's JSON.parse hands the tool


def test_ui_message_stream_7_says_the_input_is_text_and_sends_it_raw(scenario: Scenario) -> None:
    events = _run(ref.ui_message_stream7, scenario, "v3").events
    start = next(e for e in events if e.get("type") == "tool-input-start")
    assert start.get("inputEncoding") == "text"
    assert "".join(e["inputTextDelta"] for e in events if e.get("type") == "tool-input-delta") == SQL


@pytest.mark.parametrize(("raw", "output"), [(_RawAgui, "ag-ui"), (_RawTanstack, "tanstack")])
def test_the_raw_text_on_ag_ui_or_tanstack_fails_and_the_consumers_show_other_arguments(
        raw: type[AguiReferenceAdapter], output: str, scenario: Scenario) -> None:
    result = _run(lambda ctx: raw(ctx), scenario, "v3")
    assert result.verdict == "FAIL" and set(result.failed_rows()) == {"8.1.10"}, result.describe()
    events = list(result.events)
    assert _args(events) == SQL
    with pytest.raises(json.JSONDecodeError):
        json.loads(_args(events))  # @ag-ui/client's onToolCallEndEvent gets {} for it
    shown, _notes = consumer_view.actual_view(events, output)
    assert shown.calls["call_sql_1"].arguments == SQL  # TanStack's part: the text, not its JSON string
    differences = consumer_view.check(events, output, scenario, "v3")
    assert [f.row for f in differences] == ["consumer.ui-messages"] and "arguments" in differences[0].message
    if output == "ag-ui":
        client = agui_client_view.check(events, output, scenario, "v3")
        assert [f.row for f in client] == ["consumer.agui-messages"] and "arguments" in client[0].message
