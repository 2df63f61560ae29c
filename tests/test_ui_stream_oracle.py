"""Our UI message stream grader agrees with the AI SDK's own reader (Node: ``ai`` 6.0.326 and 7.0.173).

Every stream the UI message stream reference adapters (ai 6 and ai 7) and the UMS mutants produce
over the corpus, plus hand-written ones, goes through ``tools/ui-stream-oracle/oracle.mjs``: that
version's zod ``uiMessageChunkSchema`` per chunk, then ``readUIMessageStream`` to the end. Per
stream, the chunks the real schema refuses must be exactly the ones ours refuses, and the chunk the
real reader throws at must be the first of our findings on the rows that stand for a throw
(:data:`conformance.node_oracle.READER_ROWS`: 8.4.2). Rows the reader cannot see (a missing
``start``, parts left open at the finish, chunks after the terminal, a call exposed twice, the
transcript's values) are not compared here; they rest on their own cited sources.

There are no known divergences: where a rule of ours was stricter than the reader without a
published rule behind it (a part started again while open, a tool-input-delta after the call was
complete), this comparison found it and the rule now names the row of what the consumer really does
instead of 8.4.2. Content after an ``error`` chunk is row 8.1.18 (``Chat`` stops there), not a
reader row, so it is not compared. Skipped, with the reason, where ``node`` or
``tools/ui-stream-oracle/node_modules`` is missing.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance import node_oracle
from conformance.reference import ui_message_stream, ui_message_stream7
from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario
from tests.mutants import ALL_MUTANTS
from tests.test_ui_message_stream import LIFECYCLE_CASES, valid_stream
from tests.test_ui_message_stream7 import ai7_stream, text_across_finish_step

DIALECTS = ("v2", "v3", "v4", "mastra")
VERSION_OF = {"ui-message-stream": 6, "ui-message-stream@7": 7}

# Chunks one schema or both refuse (each sent inside a valid stream).
BAD_CHUNKS: list[Any] = [
    {"type": "text-delta", "id": "t"},
    {"type": "finish", "finishReason": "tool_calls"},
    {"type": "finish", "finishReason": "unknown"},
    {"type": "finish", "finishReason": "interrupted"},
    {"type": "tool-input-start", "toolCallId": 7, "toolName": "f"},
    {"type": "tool-output-available", "toolCallId": "c"},
    {"type": "error", "message": "x"},
    {"type": "data-x"},
    {"type": "text-start", "id": "t", "providerMetadata": {"openai": 1}},
    {"type": "TEXT_MESSAGE_CONTENT"},
    {"type": "custom"},
    {"type": "custom", "kind": "a.b"},
    {"type": "tool-approval-response", "approvalId": "a"},
    {"type": "steering-message", "id": "s", "parts": [{"type": "image"}]},
    {"type": "steering-message", "id": "s", "parts": [{"type": "text", "text": "go on"}]},
    {"type": "reasoning-file", "url": "u"},
    {"type": "text-end", "id": "t", "citations": [{"source": {"type": "source"}}]},
    {"type": "text-end", "id": "t", "citations": [{"source": {"type": "source", "sourceType": "url", "id": "s",
                                                              "url": "u"}, "startIndex": -1}]},
    {"type": "tool-approval-request", "approvalId": "a", "toolCallId": "c", "isAutomatic": "yes"},
    {"type": "start", "messageId": 1},
    {"id": "t"},
    "text",
]


def _hand_streams() -> list[dict[str, Any]]:
    streams: list[tuple[str, list[Any]]] = [("valid", valid_stream()), ("ai7", ai7_stream()),
                                            ("across-finish-step", text_across_finish_step())]
    streams += [(f"lifecycle-{name}", events) for name, (events, _rows) in LIFECYCLE_CASES.items()]
    streams += [(f"chunk-{i}", [{"type": "start"}, chunk, {"type": "finish"}]) for i, chunk in enumerate(BAD_CHUNKS)]
    return [{"id": f"hand:{name}@{v}", "version": v, "events": events} for name, events in streams for v in (6, 7)]


def _streams(corpus: list[Scenario]) -> list[dict[str, Any]]:
    cases = _hand_streams()
    for factory, version in ((ui_message_stream, 6), (ui_message_stream7, 7)):
        for scenario in corpus:
            for dialect in DIALECTS:
                result = run_case(factory, scenario, dialect, Settings(timeout=5.0))
                if result.events:
                    cases.append({"id": f"ref{version}:{result.case_id}", "version": version,
                                  "events": result.events})
    settings = Settings(timeout=2.0, grace=0.5)
    for mutant in ALL_MUTANTS:
        version = VERSION_OF.get(mutant.base)
        if version is None:
            continue
        for scenario in corpus:
            if not set(scenario.rows) & (mutant.targets | {"8.1.4", "8.1.9"}):
                continue
            result = run_case(mutant.factory, scenario, mutant.dialects[0], settings, adapter_name=mutant.name)
            if result.events:
                cases.append({"id": f"{mutant.name}:{result.case_id}", "version": version, "events": result.events})
    return cases


def test_our_reading_agrees_with_ai_s_own_reader(corpus: list[Scenario], capsys: pytest.CaptureFixture[str]) -> None:
    why = node_oracle.ui_unavailable()
    if why is not None:
        pytest.skip(f"UI message stream oracle unavailable: {why}")
    cases = _streams(corpus)
    real = {r["id"]: r for r in node_oracle.run_ui(cases)}
    disagree, rejected = [], 0
    for case in cases:
        theirs = real[case["id"]]
        mine = node_oracle.ui_verdict(case["events"], case["version"])
        their_rejected = theirs["rejected"]["index"] if theirs["rejected"] else None
        rejected += theirs["verdict"] == "reject"
        assert (theirs["verdict"] == "reject") == bool(theirs["invalid"] or their_rejected is not None)
        if mine == {"invalid": [i for i, _ in theirs["invalid"]], "rejected": their_rejected}:
            continue
        disagree.append(f"{case['id']}: ours {mine}; ai {theirs['version']}: invalid {theirs['invalid'][:2]}, "
                        f"rejected {theirs['rejected']}")
    with capsys.disabled():
        print(f"\nui-stream oracle: ours and ai's reader agree on {len(cases) - len(disagree)} of "
              f"{len(cases)} streams ({rejected} rejected by ai)")
    assert not disagree, f"{len(disagree)} of {len(cases)} streams disagree:\n" + "\n".join(disagree[:8])
    assert len(cases) > 700 and rejected > 20  # it really ran, and on streams that fail too


def test_the_done_when_streams_read_as_the_issue_says() -> None:
    """The ai 7 stream: accepted by ai 7, refused by ai 6's schema; a text across finish-step:
    read by ai 7, thrown at by ai 6 (at the delta after finish-step)."""
    why = node_oracle.ui_unavailable()
    if why is not None:
        pytest.skip(f"UI message stream oracle unavailable: {why}")
    cases = [{"id": f"{name}@{v}", "version": v, "events": events}
             for name, events in (("ai7", ai7_stream()), ("across", text_across_finish_step())) for v in (6, 7)]
    real = {r["id"]: r for r in node_oracle.run_ui(cases)}
    assert real["ai7@7"]["invalid"] == [] and real["ai7@7"]["rejected"] is None
    assert real["ai7@7"]["text"] == "Context was compacted."  # the reset step's draft is gone
    assert [i for i, _ in real["ai7@6"]["invalid"]] == [4, 8, 12]
    assert real["across@7"]["rejected"] is None and real["across@7"]["text"] == "Hello again"
    assert real["across@6"]["rejected"]["index"] == 6 and "missing text part" in real["across@6"]["rejected"]["reason"]
