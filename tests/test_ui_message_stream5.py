"""``ui-message-stream@5``: ai 5.0.277's UI message stream, stated as its difference from ai 6.

Each difference is read from ai 5's ``dist/index.mjs`` (``uiMessageChunkSchema`` lines 3142-3288,
``processUIMessageStream`` line 3744); tests/test_ui_stream_oracle.py runs ai 5's own schema and reader on
the same streams (``ai5_streams`` there).
"""

from __future__ import annotations

import sys
from pathlib import Path

from conformance.catalog import OUTPUT_PROTOCOLS as CATALOG_PROTOCOLS
from conformance.catalog import family
from conformance.contract import Capabilities
from conformance.protocols import names, protocol
from conformance.protocols import ui_message_stream as ai6
from conformance.protocols import ui_message_stream5 as ai5
from conformance.ui_message_reader import read
from conformance.ui_message_view import VERSIONS

ROOT = Path(__file__).resolve().parent.parent
UNKNOWN_FINISH = [{"type": "start"}, {"type": "start-step"}, {"type": "text-start", "id": "t"},
                  {"type": "text-delta", "id": "t", "delta": "cut"}, {"type": "finish-step"},
                  {"type": "finish", "finishReason": "unknown"}]


def test_registered_with_its_own_name() -> None:
    assert protocol("ui-message-stream@5") is ai5.PROTOCOL and ai5.PROTOCOL.name == "ui-message-stream@5"
    assert "ui-message-stream@5" in names() and "ui-message-stream@5" in CATALOG_PROTOCOLS
    assert family("ui-message-stream@5") == "ui-message-stream" and VERSIONS["ui-message-stream@5"] == 5
    caps = Capabilities(name="x", inputs=["openai-responses"], output="ui-message-stream@5")
    assert protocol(caps.output) is ai5.PROTOCOL


def test_an_ai5_finish_unknown_is_schema_valid_at_5_and_not_at_6() -> None:
    """ai 5's finish chunk may say 'unknown' (dist/index.mjs:3270-3278); ai 6's schema refuses it."""
    assert [ai5.schema_errors(e) for e in UNKNOWN_FINISH if ai5.schema_errors(e)] == []
    assert [i for i, e in enumerate(UNKNOWN_FINISH) if ai6.schema_errors(e)] == [5]
    transcript = ai5.extract(UNKNOWN_FINISH)
    assert transcript.terminal == "finished" and transcript.finish_reason is None and transcript.text == "cut"


def test_ai6_only_chunks_are_refused_at_5() -> None:
    for chunk in ({"type": "tool-approval-request", "approvalId": "a", "toolCallId": "c"},
                  {"type": "tool-output-denied", "toolCallId": "c"}):
        assert ai5.schema_errors(chunk) == [f"type: {chunk['type']!r} is not a UIMessageChunk type (nor data-*)"]
        assert ai6.schema_errors(chunk) == []
    # ai 6's optional fields are unknown keys to ai 5's looseObjects: let through, whatever their value.
    assert ai5.schema_errors({"type": "abort", "reason": 1}) == []
    assert ai5.schema_errors({"type": "tool-input-start", "toolCallId": "c", "toolName": "f", "title": 1}) == []
    assert ai6.schema_errors({"type": "abort", "reason": 1}) != []


def test_a_tool_output_whose_dynamic_flag_is_not_the_calls_throws_at_5_only() -> None:
    call = {"toolCallId": "c", "toolName": "f"}
    events = [{"type": "start"}, {"type": "tool-input-available", **call, "input": {}},
              {"type": "tool-output-available", "toolCallId": "c", "output": 1, "dynamic": True},
              {"type": "finish"}]
    assert [(f.row, f.event_index) for f in ai5.lifecycle(events)] == [("8.4.2", 2)]
    assert ai6.lifecycle(events) == []
    assert read(events, 5).error == "Error: tool-output-error must be preceded by a tool-input-available"
    assert read(events, 5).error_index == 2 and read(events, 6).error is None


def test_ai5_reads_a_text_encoded_input_as_json_and_no_approvals() -> None:
    events = [{"type": "start"}, {"type": "tool-input-start", "toolCallId": "c", "toolName": "f",
                                  "inputEncoding": "text"},
              {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": '{"q": "a'}]
    assert read(events, 5).message["parts"][0]["input"] == {"q": "a"}  # type: ignore[index]
    assert read(events, 6).message["parts"][0]["input"] == '{"q": "a'  # type: ignore[index]
    assert read(events, 5).error is None


def test_a_delta_of_a_part_not_open_is_a_type_error_at_5() -> None:
    events = [{"type": "start"}, {"type": "text-delta", "id": "t", "delta": "x"}]
    assert (read(events, 5).error or "").startswith("TypeError")
    assert (read(events, 6).error or "").startswith("AI_UIMessageStreamError")
    assert [f.row for f in ai5.lifecycle([*events, {"type": "finish"}])] == ["8.4.2"]


def test_the_schema_is_generated_from_the_field_table() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import gen_ui_message_stream_schema as gen

    assert gen.schema(5) == ai5.SCHEMA, "stale: run `python tools/gen_ui_message_stream_schema.py`"
