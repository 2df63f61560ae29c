"""``ui-message-stream@7`` (``ai`` 7.0.173) beside ``ui-message-stream`` (``ai`` 6.0.326).

The streams are written by hand from the published types and consumers (``npm pack ai@7.0.173``,
``dist/index.js``: zod ``uiMessageChunkSchema`` 6715-6911, ``processUIMessageStream`` 7060-7600);
what each version must say about them comes from those sources, not from our output.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from conformance.catalog import OUTPUT_PROTOCOLS, Applicability, catalog, level_for
from conformance.contract import Capabilities
from conformance.protocols import protocol
from conformance.protocols import ui_message_stream as ai6
from conformance.protocols import ui_message_stream7 as ai7
from conformance.reference import ui_message_stream7
from conformance.runner import Settings, run_case
from conformance.ui_message_reader import read
from mock_provider.scenario import Scenario
from tests.test_reference import _run_all, _with_policies

Ev = dict[str, Any]
START: list[Ev] = [{"type": "start", "messageId": "m1"}, {"type": "start-step"}]


def ai7_stream() -> list[Ev]:
    """A step that is reset and redone, a custom part, and an interrupted finish: all ai 7 idioms."""
    return [
        *START,
        {"type": "text-start", "id": "t1"},
        {"type": "text-delta", "id": "t1", "delta": "A draft the step reset throws away"},
        {"type": "reset-step"},
        {"type": "start-step"},
        {"type": "text-start", "id": "t1"},
        {"type": "text-delta", "id": "t1", "delta": "Context was"},
        {"type": "custom", "kind": "openai.compaction", "providerMetadata": {"openai": {"compactedTokens": 4000}}},
        {"type": "text-delta", "id": "t1", "delta": " compacted."},
        {"type": "text-end", "id": "t1", "citations": [
            {"source": {"type": "source", "sourceType": "url", "id": "s1", "url": "https://example.com"}}]},
        {"type": "finish-step"},
        {"type": "finish", "finishReason": "interrupted"},
    ]


def schema_failures(proto: Any, events: list[Ev]) -> list[tuple[int, list[str]]]:
    return [(i, proto.schema_errors(e)) for i, e in enumerate(events) if proto.schema_errors(e)]


def test_registered_with_its_own_name_and_the_ai6_alias() -> None:
    assert protocol("ui-message-stream@7") is ai7.PROTOCOL and ai7.PROTOCOL.name == "ui-message-stream@7"
    assert protocol("ui-message-stream@6") is ai6.PROTOCOL  # the explicit name of ai 6
    assert "ui-message-stream@7" in OUTPUT_PROTOCOLS
    caps = Capabilities(name="x", inputs=["v4"], output="ui-message-stream@7")
    assert protocol(caps.output) is ai7.PROTOCOL


def test_an_ai7_stream_passes_at_7() -> None:
    events = ai7_stream()
    assert schema_failures(ai7, events) == []
    assert ai7.lifecycle(events) == []
    transcript = ai7.extract(events)
    # reset-step removed the first step's parts (processUIMessageStream 7536-7545).
    assert transcript.text == "Context was compacted."
    # 'interrupted': the output may be incomplete (dist/index.d.ts:126), reported in band: an error terminal.
    assert transcript.terminal == "error" and transcript.finish_reason is None


def test_the_same_stream_fails_at_6_where_ai6s_schema_rejects_it() -> None:
    failing = schema_failures(ai6, ai7_stream())
    # ai 6.0.326's zod union has no reset-step or custom chunk and no 'interrupted' reason.
    assert [i for i, _ in failing] == [4, 8, 12]
    assert "not a UIMessageChunk type" in failing[0][1][0] and "interrupted" in failing[2][1][0]


def text_across_finish_step() -> list[Ev]:
    return [*START, {"type": "text-start", "id": "t"}, {"type": "text-delta", "id": "t", "delta": "Hello"},
            {"type": "finish-step"}, {"type": "start-step"}, {"type": "text-delta", "id": "t", "delta": " again"},
            {"type": "text-end", "id": "t"}, {"type": "finish-step"}, {"type": "finish", "finishReason": "stop"}]


def test_a_text_part_continuing_across_finish_step_passes_at_7_and_fails_at_6() -> None:
    events = text_across_finish_step()
    assert schema_failures(ai7, events) == [] and schema_failures(ai6, events) == []
    assert ai7.lifecycle(events) == []  # ai 7: `case "finish-step": break` (line 7535)
    # ai 6 drops the open part at finish-step (6.0.326 dist/index.js 6634-6637): the part is still
    # open there, and its later delta and end name a part the consumer no longer has.
    assert [(f.row, f.event_index) for f in ai6.lifecycle(events)] == [("8.1.5", 4), ("8.4.2", 6), ("8.4.2", 7)]
    assert ai7.extract(events).text == "Hello again"


def test_reset_step_forgets_open_parts_and_lets_the_step_start_afresh() -> None:
    call = [{"type": "tool-input-start", "toolCallId": "c1", "toolName": "f"},
            {"type": "tool-input-available", "toolCallId": "c1", "toolName": "f", "input": {}}]
    redone = [*START, *call, {"type": "reset-step"}, {"type": "start-step"}, *call,
              {"type": "finish-step"}, {"type": "finish", "finishReason": "tool-calls"}]
    assert ai7.lifecycle(redone) == []  # the reset removed the call's part: exposing it again is fine
    assert [c.id for c in ai7.extract(redone).tool_calls] == ["c1"]
    # ...but a call completed in an earlier step is still there.
    earlier = [*START, *call, {"type": "finish-step"}, {"type": "start-step"}, {"type": "reset-step"}, *call[1:],
               {"type": "finish-step"}, {"type": "finish"}]
    assert [f.row for f in ai7.lifecycle(earlier)] == ["8.1.12"]
    # An open delta after the reset names a part the consumer forgot.
    open_text = [*START, {"type": "text-start", "id": "t"}, {"type": "reset-step"},
                 {"type": "text-delta", "id": "t", "delta": "x"}, {"type": "finish"}]
    assert [(f.row, f.event_index) for f in ai7.lifecycle(open_text)] == [("8.4.2", 4)]


def approval_streams() -> dict[str, tuple[list[Ev], int | None]]:
    """Streams with a ``tool-approval-response``, and the chunk ai 7's reader throws at (None: reads on).

    The reader finds the approval on a tool part (getToolInvocationByApprovalId, ai 7.0.173
    dist/index.js:7092-7099): an id no request of the message asked for, one whose part a reset-step
    removed, or one asked for before a start that began another message, throws there.
    """
    call: list[Ev] = [{"type": "tool-input-available", "toolCallId": "c1", "toolName": "f", "input": {}},
                      {"type": "tool-approval-request", "approvalId": "a1", "toolCallId": "c1"}]

    def answer(approval: str) -> Ev:
        return {"type": "tool-approval-response", "approvalId": approval, "approved": True}

    end: list[Ev] = [{"type": "finish-step"}, {"type": "finish", "finishReason": "stop"}]
    return {
        "answered": ([*START, *call, answer("a1"), *end], None),
        "unknown id": ([*START, *call, answer("a2"), *end], 4),
        "nothing asked": ([*START, answer("a1"), *end], 2),
        "asked in a reset step": ([*START, *call, {"type": "reset-step"}, answer("a1"), *end], 5),
        "asked in an earlier step": ([*START, *call, {"type": "finish-step"}, {"type": "start-step"},
                                      {"type": "reset-step"}, answer("a1"), *end], None),
        "asked before another message": ([{"type": "start", "messageId": "m1"}, {"type": "start-step"}, *call,
                                          {"type": "start", "messageId": "m2"}, answer("a1"), *end], 5),
    }


@pytest.mark.parametrize("name", list(approval_streams()))
def test_an_approval_response_must_answer_an_approval_the_message_asked_for(name: str) -> None:
    events, thrown = approval_streams()[name]
    assert read(events, 7).error_index == thrown  # the port of ai 7's reader (Node: test_ui_stream_oracle)
    reader_rows = [f.event_index for f in ai7.lifecycle(events) if f.row == "8.4.2"]
    assert (reader_rows[0] if reader_rows else None) == thrown


@pytest.mark.parametrize(
    ("event", "needle"),
    [
        ({"type": "custom"}, "'kind' is a required property"),
        ({"type": "tool-approval-response", "approvalId": "a"}, "'approved' is a required property"),
        ({"type": "steering-message", "id": "s", "parts": [{"type": "image"}]}, "parts.0"),
        ({"type": "reasoning-file", "url": "u"}, "'mediaType' is a required property"),
        ({"type": "text-end", "id": "t", "citations": [{"source": {"type": "source"}}]}, "citations.0.source"),
        ({"type": "tool-approval-request", "approvalId": "a", "toolCallId": "c", "isAutomatic": "yes"},
         "isAutomatic"),
        ({"type": "finish", "finishReason": "unknown"}, "finishReason: 'unknown' is not one of"),
    ],
)
def test_ai7_schema_errors(event: Ev, needle: str) -> None:
    errors = ai7.schema_errors(event)
    assert any(needle in e for e in errors), errors


def test_schema_files_are_generated_from_the_table() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import gen_ui_message_stream_schema as gen

    assert gen.OUT7.read_text(encoding="utf-8") == gen.render(7)
    jsonschema.Draft202012Validator.check_schema(ai7.SCHEMA)
    whole = jsonschema.Draft202012Validator(ai7.SCHEMA)
    for event in [*ai7_stream(), {"type": "custom"}, {"type": "reset-step", "x": 1}]:
        assert bool(ai7.schema_errors(event)) == bool(list(whole.iter_errors(event))), event


def test_a_family_applies_entry_covers_its_versions() -> None:
    row = catalog().row("8.1.2")
    assert "ui-message-stream@7" not in row.applies and level_for("8.1.2", "ui-message-stream@7") is None
    # A version's own entry wins over its family's.
    own = row.model_copy(update={"applies": {**row.applies,
                                             "ui-message-stream@7": Applicability(level="MAY", why="test")}})
    assert own.level_for("ui-message-stream@7") == "MAY" and own.level_for("ui-message-stream") is None


def test_reference7_passes_every_expressible_case(corpus: list[Scenario]) -> None:
    verdicts = _run_all(ui_message_stream7, corpus)
    assert not verdicts.get("FAIL") and not verdicts.get("ERROR"), "\n".join(
        (verdicts.get("FAIL") or []) + (verdicts.get("ERROR") or []))[:4000]
    assert set(verdicts) <= {"PASS", "INFO", "NOT-EXPRESSIBLE"}
    assert len(verdicts["PASS"]) + len(verdicts.get("INFO", [])) >= 350


def test_reference7_speaks_ai7_where_it_differs(corpus: list[Scenario]) -> None:
    by_id = {s.id: s for s in corpus}
    custom = run_case(ui_message_stream7, by_id["parts.custom.001"], "v4", Settings(timeout=5.0))
    assert custom.verdict == "PASS", custom.findings
    assert {"type": "custom", "kind": "openai.compaction",
            "providerMetadata": {"openai": {"compactedTokens": 4000}}} in custom.events
    null = _with_policies(ui_message_stream7, {"unknown_finish": "null"})
    interrupted = run_case(null, by_id["finish.interrupted.001"], "v4", Settings(timeout=5.0))
    assert interrupted.verdict == "PASS", interrupted.findings
    assert interrupted.events[-1] == {"type": "finish", "finishReason": "interrupted"}
    # The ai 6 grader refuses that chunk: ai 6 has no such reason.
    assert ai6.schema_errors(interrupted.events[-1])


async def _ai7_idioms(events: Any, ctx: Any) -> Any:
    """The reference's run with a drafted-then-reset step before it and a custom part before its end."""
    async for e in events:
        if e.get("type") == "finish-step":
            yield {"type": "custom", "kind": "openai.compaction"}
        yield e
        if e.get("type") == "start-step" and not ctx.extra.get("reset_done"):
            ctx.extra["reset_done"] = True
            yield {"type": "text-start", "id": "draft"}
            yield {"type": "text-delta", "id": "draft", "delta": "a draft the reset throws away"}
            yield {"type": "reset-step"}
            yield {"type": "start-step"}


def _declaring(output: str) -> Any:
    from tests.mutants.base import map_events

    inner = map_events(_with_policies(ui_message_stream7, {"unknown_finish": "null"}), _ai7_idioms)

    def factory(ctx: Any) -> Any:
        adapter = inner(ctx)
        adapter.capabilities = adapter.capabilities.model_copy(update={"output": output})
        return adapter

    return factory


def test_graded_end_to_end_an_ai7_run_passes_at_7_and_fails_at_6(corpus: list[Scenario]) -> None:
    scenario = next(s for s in corpus if s.id == "finish.interrupted.001")
    at7 = run_case(_declaring("ui-message-stream@7"), scenario, "v4", Settings(timeout=5.0))
    types = [e["type"] for e in at7.events]
    assert {"reset-step", "custom"} <= set(types) and at7.events[-1]["finishReason"] == "interrupted"
    assert at7.verdict == "PASS", at7.findings
    at6 = run_case(_declaring("ui-message-stream"), scenario, "v4", Settings(timeout=5.0))
    assert at6.verdict == "FAIL"
    # ai 6's schema refuses the three chunks; ai 6's reader ignores reset-step, so the draft is read
    # as text (8.1.4) and its part is never ended (8.1.5).
    assert {f.row for f in at6.findings if f.level == "MUST"} == {"schema.event", "8.1.4", "8.1.5"}
    assert sorted(f.event_index for f in at6.findings if f.row == "schema.event") == [
        types.index("reset-step"), types.index("custom"), len(types) - 1]
