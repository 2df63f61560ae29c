"""The three output-protocol modules: schema, lifecycle table, extraction, exposures.

Every stream here is written by hand and every expected finding is derived from the rules
(spec-reference 3.5, 4.2, 4.7, 8.4; the task's row assignment), not copied from output.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.findings import Finding
from conformance.protocols import agui, protocol, tanstack, tanstack_legacy
from mock_provider.transcript import ApprovalRecord, ErrorRecord, ToolResultRecord, UsageRecord

Ev = dict[str, Any]
AGUI_LIKE = [agui, tanstack]
ALL = [agui, tanstack, tanstack_legacy]


# ---------------------------------------------------------------------------------------------
# Event builders (AG-UI shapes valid in both the wire and the TanStack yield schema)
# ---------------------------------------------------------------------------------------------


def rs(**extra: Any) -> Ev:
    return {"type": "RUN_STARTED", "threadId": "t1", "runId": "r1", **extra}


def rf(**extra: Any) -> Ev:
    return {"type": "RUN_FINISHED", "threadId": "t1", "runId": "r1", **extra}


def rerr(message: str = "boom", **extra: Any) -> Ev:
    return {"type": "RUN_ERROR", "message": message, **extra}


def tms(mid: str = "m1") -> Ev:
    return {"type": "TEXT_MESSAGE_START", "messageId": mid, "role": "assistant"}


def tmc(delta: str, mid: str = "m1") -> Ev:
    return {"type": "TEXT_MESSAGE_CONTENT", "messageId": mid, "delta": delta}


def tme(mid: str = "m1") -> Ev:
    return {"type": "TEXT_MESSAGE_END", "messageId": mid}


def rstart(mid: str = "r1") -> Ev:
    return {"type": "REASONING_START", "messageId": mid}


def rend(mid: str = "r1") -> Ev:
    return {"type": "REASONING_END", "messageId": mid}


def rms(mid: str = "r1") -> Ev:
    return {"type": "REASONING_MESSAGE_START", "messageId": mid, "role": "reasoning"}


def rmc(delta: str, mid: str = "r1") -> Ev:
    return {"type": "REASONING_MESSAGE_CONTENT", "messageId": mid, "delta": delta}


def rme(mid: str = "r1") -> Ev:
    return {"type": "REASONING_MESSAGE_END", "messageId": mid}


def ss(name: str = "thinking") -> Ev:
    return {"type": "STEP_STARTED", "stepName": name}


def sf(name: str = "thinking") -> Ev:
    return {"type": "STEP_FINISHED", "stepName": name}


def tcs(cid: str = "c1", name: str = "get_weather") -> Ev:
    return {"type": "TOOL_CALL_START", "toolCallId": cid, "toolCallName": name}


def tca(delta: str, cid: str = "c1") -> Ev:
    return {"type": "TOOL_CALL_ARGS", "toolCallId": cid, "delta": delta}


def tce(cid: str = "c1", **extra: Any) -> Ev:
    return {"type": "TOOL_CALL_END", "toolCallId": cid, **extra}


def rows(findings: list[Finding]) -> list[tuple[str, int | None]]:
    return [(f.row, f.event_index) for f in findings]


# ---------------------------------------------------------------------------------------------
# Valid streams: text + reasoning (+ step) + two interleaved tool calls
# ---------------------------------------------------------------------------------------------


def agui_valid() -> list[Ev]:
    ts = {"timestamp": 1_700_000_000_000}
    events = [
        rs(),  # 0
        ss(),  # 1
        rstart(),  # 2
        rms(),  # 3
        rmc("Need the weather"),  # 4
        rmc(" and the time."),  # 5
        rme(),  # 6
        rend(),  # 7
        sf(),  # 8
        tms(),  # 9
        tmc("Checking"),  # 10
        tmc(" both."),  # 11
        {**tcs("c1", "get_weather"), "parentMessageId": "m1"},  # 12
        {**tcs("c2", "get_time"), "parentMessageId": "m1"},  # 13
        tca('{"city":', "c1"),  # 14
        tca('{"tz":', "c2"),  # 15
        tca('"Paris"}', "c1"),  # 16
        tca('"UTC"}', "c2"),  # 17
        tce("c2", metadata={"tanstack": {"input": {"tz": "UTC"}}}),  # 18
        tce("c1", metadata={"tanstack": {"input": {"city": "Paris"}}}),  # 19
        tme(),  # 20
        rf(
            usage=[
                {
                    "inputTokens": 12,
                    "outputTokens": 7,
                    "totalTokens": 19,
                    "reasoningTokens": 3,
                    "cachedInputTokens": 4,
                    "cacheWriteInputTokens": 2,
                }
            ],
            metadata={"tanstack": {"finishReason": "tool_calls", "model": "gpt-test"}},
        ),  # 21
    ]
    return [{**e, **ts} for e in events]


def tanstack_valid() -> list[Ev]:
    return [
        rs(model="gpt-test"),  # 0
        {**ss(), "stepId": "s1", "stepType": "thinking"},  # 1
        rstart(),  # 2
        rms(),  # 3
        rmc("Need the weather"),  # 4
        rmc(" and the time."),  # 5
        rme(),  # 6
        rend(),  # 7
        {**sf(), "stepId": "s1", "content": "Need the weather and the time."},  # 8
        tms(),  # 9
        {**tmc("Checking"), "content": "Checking"},  # 10
        {**tmc(" both."), "content": "Checking both."},  # 11
        {**tcs("c1", "get_weather"), "toolName": "get_weather", "index": 0, "parentMessageId": "m1"},  # 12
        {"type": "TOOL_CALL_START", "toolCallId": "c2", "toolName": "get_time", "index": 1},  # 13
        tca('{"city":', "c1"),  # 14
        tca('{"tz":', "c2"),  # 15
        tca('"Paris"}', "c1"),  # 16
        tca('"UTC"}', "c2"),  # 17
        tce("c2", input={"tz": "UTC"}),  # 18
        tce("c1", input={"city": "Paris"}),  # 19
        tme(),  # 20
        rf(
            finishReason="tool_calls",
            model="gpt-test",
            usage={
                "promptTokens": 12,
                "completionTokens": 7,
                "totalTokens": 19,
                "promptTokensDetails": {"cachedTokens": 4, "cacheWriteTokens": 2},
                "completionTokensDetails": {"reasoningTokens": 3},
            },
        ),  # 21
    ]


def lc(ctype: str, model: str = "gpt-test", **fields: Any) -> Ev:
    """A legacy chunk with the common envelope."""
    return {"type": ctype, "id": "chatcmpl-1", "model": model, "timestamp": 1_700_000_000_000, **fields}


def ltool(cid: str, index: int, name: str = "get_weather", arguments: str = "{}") -> Ev:
    call = {"id": cid, "type": "function", "function": {"name": name, "arguments": arguments}}
    return lc("tool_call", toolCall=call, index=index)


def legacy_valid() -> list[Ev]:
    return [
        lc("thinking", delta="Need the weather", content="Need the weather"),  # 0
        lc("thinking", delta=" and the time.", content="Need the weather and the time."),  # 1
        lc("content", delta="Checking", content="Checking", role="assistant"),  # 2
        ltool("c1", 0, "get_weather", '{"city":"Paris"}'),  # 3
        lc("content", delta=" both.", content="Checking both.", role="assistant"),  # 4
        ltool("c2", 1, "get_time", '{"tz":"UTC"}'),  # 5
        lc("tool_result", toolCallId="c1", content='{"temp":21}'),  # 6
        lc(
            "done",
            finishReason="tool_calls",
            usage={"promptTokens": 12, "completionTokens": 7, "totalTokens": 19},
        ),
        lc(  # 8: the engine's own trailing approval chunk
            "approval-requested",
            toolCallId="c2",
            toolName="get_time",
            input={"tz": "UTC"},
            approval={"id": "ap1", "needsApproval": True},
        ),
    ]


VALID: dict[str, Callable[[], list[Ev]]] = {
    "ag-ui": agui_valid,
    "tanstack": tanstack_valid,
    "tanstack-legacy": legacy_valid,
}


@pytest.mark.parametrize("module", ALL, ids=lambda m: m.NAME)
def test_valid_stream_has_no_findings(module: Any) -> None:
    events = VALID[module.NAME]()
    assert [(i, module.schema_errors(e)) for i, e in enumerate(events) if module.schema_errors(e)] == []
    assert module.lifecycle(events) == []


@pytest.mark.parametrize("module", AGUI_LIKE, ids=lambda m: m.NAME)
def test_valid_agui_like_stream_extracts_every_field(module: Any) -> None:
    t = module.extract(VALID[module.NAME]())
    assert t.text == "Checking both."
    assert t.reasoning == "Need the weather and the time."
    # Order of first START, not of END (c2 ended first).
    assert [(c.id, c.name, c.args_text, c.args, c.malformed) for c in t.tool_calls] == [
        ("c1", "get_weather", '{"city":"Paris"}', {"city": "Paris"}, False),
        ("c2", "get_time", '{"tz":"UTC"}', {"tz": "UTC"}, False),
    ]
    assert t.tool_results == [] and t.approvals == []
    assert t.finish_reason == "tool_calls"
    assert t.usage == UsageRecord(
        input_tokens=12,
        output_tokens=7,
        total_tokens=19,
        reasoning_tokens=3,
        cached_input_tokens=4,
        cache_write_input_tokens=2,
    )
    assert t.error is None
    assert t.terminal == "finished"
    assert t.model == "gpt-test"
    assert module.exposures(VALID[module.NAME]()) == {"c2": 18, "c1": 19}


def test_valid_legacy_stream_extracts_every_field() -> None:
    events = legacy_valid()
    t = tanstack_legacy.extract(events)
    assert t.text == "Checking both."
    assert t.reasoning == "Need the weather and the time."
    assert [(c.id, c.name, c.args_text, c.args, c.malformed, c.provider_executed) for c in t.tool_calls] == [
        ("c1", "get_weather", '{"city":"Paris"}', {"city": "Paris"}, False, True),
        ("c2", "get_time", '{"tz":"UTC"}', {"tz": "UTC"}, False, False),
    ]
    assert t.tool_results == [ToolResultRecord(tool_call_id="c1", result={"temp": 21})]
    assert t.approvals == [ApprovalRecord(approval_id="ap1", tool_call_id="c2", tool_name="get_time")]
    assert t.finish_reason == "tool_calls"
    assert t.usage == UsageRecord(input_tokens=12, output_tokens=7, total_tokens=19)
    assert (t.error, t.terminal, t.model) == (None, "finished", "gpt-test")
    assert tanstack_legacy.exposures(events) == {"c1": 3, "c2": 5}


def test_protocol_loader_and_interface() -> None:
    for name, module in [("ag-ui", agui), ("tanstack", tanstack), ("tanstack-legacy", tanstack_legacy)]:
        assert protocol(name) is module.PROTOCOL
        assert name == module.NAME
        assert set(module.USAGE_FIELDS) <= set(UsageRecord.model_fields)
    assert tanstack_legacy.USAGE_FIELDS == ("input_tokens", "output_tokens", "total_tokens")
    assert set(agui.USAGE_FIELDS) == set(UsageRecord.model_fields)


# ---------------------------------------------------------------------------------------------
# Lifecycle: AG-UI-shaped protocols (same table); each violation gives exactly its row
# ---------------------------------------------------------------------------------------------

TERMINAL_MISSING: list[tuple[str, int | None]] = [("8.1.18", None)]

AGUI_CASES: dict[str, tuple[list[Ev], list[tuple[str, int | None]]]] = {
    # 8.1.0
    "first-event-not-run-started": ([tms(), tmc("Hi"), tme(), rf()], [("8.1.0", 0)]),
    "run-error-first": ([rerr()], [("8.1.0", 0)]),
    "run-finished-first": ([rf()], [("8.1.0", 0)]),
    "second-run-started": ([rs(), rs(), rf()], [("8.1.0", 1)]),
    # 8.1.18
    "no-terminal": ([rs(), tms(), tmc("Hi")], TERMINAL_MISSING),
    "two-terminals": ([rs(), rf(), rerr()], [("8.1.18", 2)]),
    "finished-twice": ([rs(), rf(), rf()], [("8.1.18", 2)]),
    "event-after-terminal": ([rs(), tms(), tmc("Hi"), tme(), rf(), tmc("late")], [("8.1.18", 5)]),
    "run-started-after-terminal": ([rs(), rf(), rs()], [("8.1.18", 2)]),
    "event-after-run-error": ([rs(), rerr(), tms()], [("8.1.18", 2)]),
    # open at RUN_FINISHED
    "text-open-at-finish": ([rs(), tms(), tmc("Hi"), rf()], [("8.1.5", 3)]),
    "reasoning-message-open-at-finish": ([rs(), rms(), rmc("x"), rf()], [("8.1.8", 3)]),
    "reasoning-span-open-at-finish": ([rs(), rstart(), rf()], [("8.1.8", 2)]),
    "step-open-at-finish": ([rs(), ss(), rf()], [("8.1.8", 2)]),
    "tool-call-open-at-finish": ([rs(), tcs(), tca("{}"), rf()], [("8.1.12", 3)]),
    "two-open-at-finish": ([rs(), tms(), tmc("Hi"), tcs(), rf()], [("8.1.5", 4), ("8.1.12", 4)]),
    # Tolerated (L9): only recorded, on the MAY row, never a MUST/SHOULD finding.
    "open-entities-at-run-error-tolerated": (
        [rs(), tms(), tmc("Hi"), tcs(), rms(), ss(), rerr()], [("info.open-at-error", 6)]),
    # 8.4.2
    "text-content-not-open": ([rs(), tmc("x", "m9"), rf()], [("8.4.2", 1)]),
    "text-end-not-open": ([rs(), tme("m9"), rf()], [("8.4.2", 1)]),
    # the START comes late: one 8.4.2, and the message is not also "empty"
    "text-content-before-start": ([rs(), tmc("Hi"), tms(), tme(), rf()], [("8.4.2", 1)]),
    "text-content-after-end": ([rs(), tms(), tmc("a"), tme(), tmc("b"), rf()], [("8.4.2", 4)]),
    "text-start-while-open": ([rs(), tms(), tmc("a"), tms(), tme(), rf()], [("8.4.2", 3)]),
    "tool-args-not-open": ([rs(), tca("{}", "c9"), rf()], [("8.4.2", 1)]),
    "tool-args-after-end": ([rs(), tcs(), tca("{}"), tce(), tca("x"), rf()], [("8.4.2", 4)]),
    "tool-end-twice": ([rs(), tcs(), tce(), tce(), rf()], [("8.4.2", 3)]),
    "tool-start-while-open": ([rs(), tcs(), tcs(), tce(), rf()], [("8.4.2", 2)]),
    "reasoning-content-not-open": ([rs(), rmc("x", "r9"), rf()], [("8.4.2", 1)]),
    "reasoning-message-end-not-open": ([rs(), rme("r9"), rf()], [("8.4.2", 1)]),
    "reasoning-end-not-open": ([rs(), rend("r9"), rf()], [("8.4.2", 1)]),
    "reasoning-start-while-open": ([rs(), rstart(), rstart(), rend(), rf()], [("8.4.2", 2)]),
    "reasoning-message-start-while-open": ([rs(), rms(), rmc("a"), rms(), rme(), rf()], [("8.4.2", 3)]),
    "step-finished-not-started": ([rs(), sf(), rf()], [("8.4.2", 1)]),
    "step-started-twice": ([rs(), ss(), ss(), sf(), rf()], [("8.4.2", 2)]),
    # hygiene
    "empty-text-delta": ([rs(), tms(), tmc(""), tmc("Hi"), tme(), rf()], [("hygiene.empty-delta", 2)]),
    "empty-reasoning-delta": ([rs(), rms(), rmc(""), rmc("x"), rme(), rf()], [("hygiene.empty-delta", 2)]),
    "empty-args-delta": ([rs(), tcs(), tca(""), tca("{}"), tce(), rf()], [("hygiene.empty-delta", 2)]),
    "empty-text-message": ([rs(), tms(), tme(), rf()], [("hygiene.empty-delta", 2)]),
    "reused-message-id": (
        [rs(), tms(), tmc("a"), tme(), tms(), tmc("b"), tme(), rf()],
        [("hygiene.unique-message-ids", 4)],
    ),
    # a call re-opened after its END is exposed twice
    "tool-call-reopened": ([rs(), tcs(), tca("{}"), tce(), tcs(), tca("{}"), tce(), rf()], [("8.1.12", 4)]),
    # allowed
    "no-arg-tool-call": ([rs(), tcs(), tce(), rf()], []),
    "reasoning-span-reused": ([rs(), rstart(), rend(), rstart(), rend(), rf()], []),
    "interleaved-text-and-tools": ([rs(), tms(), tcs(), tmc("a"), tca("{}"), tme(), tce(), rf()], []),
}


@pytest.mark.parametrize("module", AGUI_LIKE, ids=lambda m: m.NAME)
@pytest.mark.parametrize("case", sorted(AGUI_CASES))
def test_agui_like_lifecycle(module: Any, case: str) -> None:
    events, expected = AGUI_CASES[case]
    for event in events:  # the cases are about the lifecycle only: every event is schema-valid
        assert module.schema_errors(event) == [], event
    findings = module.lifecycle(events)
    assert rows(findings) == expected
    assert all(f.message for f in findings)


@pytest.mark.parametrize("module", AGUI_LIKE, ids=lambda m: m.NAME)
def test_a_run_error_first_is_a_should_the_other_first_events_fail(module: Any) -> None:
    """@ag-ui/client's verifyEvents takes RUN_ERROR as a first event (and the run shows the same
    failure as after RUN_STARTED): no harm, so a SHOULD; any other first event it rejects."""
    (error_first,) = module.lifecycle([rerr()])
    assert (error_first.row, error_first.level) == ("8.1.0", "SHOULD")
    (text_first,) = module.lifecycle([tms(), tmc("Hi"), tme(), rf()])
    assert (text_first.row, text_first.level) == ("8.1.0", None)  # the row's own level: MUST
    assert module.lifecycle([rs(), rerr()]) == []


@pytest.mark.parametrize("module", AGUI_LIKE, ids=lambda m: m.NAME)
def test_missing_terminal_is_marked_for_the_runner(module: Any) -> None:
    (finding,) = module.lifecycle([rs(), tms(), tmc("Hi")])
    assert (finding.row, finding.source) == ("8.1.18", "lifecycle-terminal-missing")
    (other,) = module.lifecycle([rs(), rf(), rf()])
    assert other.source == "lifecycle"


def test_lifecycle_messages_name_the_id() -> None:
    (finding,) = agui.lifecycle([rs(), tca("{}", "call_42"), rf()])
    assert "call_42" in finding.message and "TOOL_CALL_ARGS" in finding.message


def test_lifecycle_tables_are_complete() -> None:
    phases = ("before", "running", "ended", "errored")
    roles = ("start", "finish", "error", "body")
    assert set(agui.RUN_PHASES) == {(p, r) for p in phases for r in roles}
    states = ("absent", "orphan", "open", "fed", "closed")
    # "refer": an event that names an entity without changing it (TOOL_CALL_RESULT, row loop.tool-result).
    assert set(agui.ENTITY_TRANSITIONS) == {(s, o) for s in states for o in ("open", "feed", "close", "refer")}
    for _next, row in agui.ENTITY_TRANSITIONS.values():
        if isinstance(row, agui.EntityRow):
            assert all(hasattr(e, row.attr) for e in agui.ENTITIES.values())
    assert {kind for kind, _op in agui.EVENTS.values()} == {"run", *agui.ENTITIES}
    legacy_roles = {r.role for r in tanstack_legacy.LIFECYCLE.values()}
    assert set(tanstack_legacy.PHASES) == {
        (p, r) for p in ("streaming", "done", "errored") for r in ("body", "done", "error", "after-done")
    }
    assert legacy_roles == {"body", "done", "error", "after-done"}


# ---------------------------------------------------------------------------------------------
# Row 8.4.5 (ag-ui wire only): keys AG-UI does not define for the event
# ---------------------------------------------------------------------------------------------


def test_agui_extra_keys_one_finding_per_type_and_key() -> None:
    events = [
        rs(),
        {**tcs("c1"), "toolName": "get_weather", "index": 0},  # 1: two extra keys
        tce("c1"),
        {**tcs("c2"), "toolName": "get_time"},  # 3: same (type, key) again -> no new finding
        {**tce("c2"), "input": {}},  # 4
        rf(finishReason="stop"),  # 5
    ]
    findings = agui.lifecycle(events)
    assert [(f.row, f.event_index, f.actual) for f in findings] == [
        ("8.4.5", 1, "index"),
        ("8.4.5", 1, "toolName"),
        ("8.4.5", 4, "input"),
        ("8.4.5", 5, "finishReason"),
    ]
    # The yield layer allows loose extras: no key hygiene row there.
    assert tanstack.lifecycle(events) == []


def test_agui_extra_keys_allow_base_and_metadata_fields() -> None:
    event = {
        **tmc("x"),
        "timestamp": 1,
        "rawEvent": {"a": 1},
        "metadata": {"tanstack": {}},
        "subagentRunId": "s",
    }
    assert agui.lifecycle([rs(), tms(), event, tme(), rf()]) == []


# ---------------------------------------------------------------------------------------------
# Lifecycle: legacy chunks
# ---------------------------------------------------------------------------------------------

DONE = lc("done", finishReason="stop")

LEGACY_CASES: dict[str, tuple[list[Ev], list[tuple[str, int | None]]]] = {
    "content-not-cumulative": (
        [lc("content", delta="Hel", content="Hel"), lc("content", delta="lo", content="lo"), DONE],
        [("8.1.4", 1)],
    ),
    "content-skips-text": (
        [lc("content", delta="a", content="a"), lc("content", delta="c", content="abc"), DONE],
        [("8.1.4", 1)],
    ),
    "thinking-not-cumulative": (
        [lc("thinking", delta="a", content="a"), lc("thinking", delta="b", content="b"), DONE],
        [("8.1.7", 1)],
    ),
    "thinking-without-delta-grows": ([lc("thinking", content="a"), lc("thinking", content="ab"), DONE], []),
    "thinking-without-delta-shrinks": (
        [lc("thinking", content="ab"), lc("thinking", content="x"), DONE],
        [("8.1.7", 1)],
    ),
    "same-index-two-ids": ([ltool("c1", 0), ltool("c2", 0), DONE], [("8.1.9", 1)]),
    "one-id-two-indexes": ([ltool("c1", 0), ltool("c1", 1), DONE], [("8.1.9", 1)]),
    "call-exposed-twice": ([ltool("c1", 0), ltool("c1", 0), DONE], [("8.1.12", 1)]),
    "id-less-continuation-chunk": (
        [ltool("c1", 0, arguments='{"a":'), ltool("", 0, arguments="1}"), DONE],
        [("8.1.12", 1)],
    ),
    # malformed arguments are a POLICY handled by extraction, never a lifecycle finding
    "malformed-arguments-not-lifecycle": ([ltool("c1", 0, arguments="{bad"), DONE], []),
    "two-done": ([lc("content", delta="a", content="a"), DONE, DONE], [("8.1.18", 2)]),
    "content-after-done": ([DONE, lc("content", delta="a", content="a")], [("8.1.18", 1)]),
    "done-after-error": ([lc("error", error={"message": "x"}), DONE], [("8.1.20", 1)]),
    "error-after-done": ([DONE, lc("error", error={"message": "x"})], [("8.1.18", 1)]),
    "approval-after-error": (
        [
            lc("error", error={"message": "x"}),
            lc(
                "approval-requested",
                toolCallId="c1",
                toolName="f",
                input={},
                approval={"id": "a", "needsApproval": True},
            ),
        ],
        [("8.1.18", 1)],
    ),
    "no-terminal": ([lc("content", delta="a", content="a")], TERMINAL_MISSING),
    "empty-content-delta": (
        [lc("content", delta="", content=""), lc("content", delta="a", content="a"), DONE],
        [("hygiene.empty-delta", 0)],
    ),
    "approval-after-done-is-the-engine-shape": (
        [
            ltool("c1", 0),
            lc("done", finishReason="tool_calls"),
            lc(
                "approval-requested",
                toolCallId="c1",
                toolName="f",
                input={},
                approval={"id": "a", "needsApproval": True},
            ),
            lc("tool-input-available", toolCallId="c1", toolName="f", input={}),
        ],
        [],
    ),
    "error-only": ([lc("error", error={"message": "upstream 500", "code": "500"})], []),
    "content-interleaved-with-calls": (
        [
            lc("content", delta="a", content="a"),
            ltool("c1", 0),
            lc("content", delta="b", content="ab"),
            ltool("c2", 1),
            DONE,
        ],
        [],
    ),
}


def test_legacy_chunks_after_an_error_are_a_should_after_done_a_must() -> None:
    """The 0.2.2 engine stops reading at an error chunk (nothing after it is shown: SHOULD); it reads
    on after done (a chunk after done is shown: MUST)."""
    error = lc("error", error={"message": "x"})
    (after_error,) = tanstack_legacy.lifecycle([error, lc("content", delta="a", content="a")])
    assert (after_error.row, after_error.level) == ("8.1.18", "SHOULD")
    (after_done,) = tanstack_legacy.lifecycle([DONE, lc("content", delta="a", content="a")])
    assert (after_done.row, after_done.level) == ("8.1.18", None)


@pytest.mark.parametrize("case", sorted(LEGACY_CASES))
def test_legacy_lifecycle(case: str) -> None:
    events, expected = LEGACY_CASES[case]
    for event in events:
        assert tanstack_legacy.schema_errors(event) == [], event
    findings = tanstack_legacy.lifecycle(events)
    assert rows(findings) == expected
    assert all(
        f.source == ("lifecycle-terminal-missing" if f.event_index is None else "lifecycle") for f in findings
    )


# ---------------------------------------------------------------------------------------------
# Extraction details: AG-UI wire
# ---------------------------------------------------------------------------------------------


def test_agui_tool_call_arguments() -> None:
    events = [
        rs(),
        tcs("c1", "noargs"),
        tce("c1"),  # 2: no ARGS at all: "" means {} (AI SDK parseToolCall), not malformed
        tcs("c2", "bad"),
        tca('{"a":', "c2"),
        tce("c2", metadata={"tanstack": {"input": {}}}),  # 5: malformed; the END's parsed input is the args
        tcs("c3", "bad_no_input"),
        tca("{oops", "c3"),
        tce("c3"),  # 8: malformed, no END input: the consumer holds the raw text
        tcs("c4", "never_ended"),
        tca("{}", "c4"),
        tcs("c5", "nan"),
        tca("NaN", "c5"),
        tce("c5"),  # 13: JSON.parse rejects NaN
        rerr(),
    ]
    t = agui.extract(events)
    assert [(c.id, c.args_text, c.args, c.malformed) for c in t.tool_calls] == [
        ("c1", "", {}, False),
        ("c2", '{"a":', {}, True),
        ("c3", "{oops", "{oops", True),
        ("c5", "NaN", "NaN", True),
    ]
    assert agui.exposures(events) == {"c1": 2, "c2": 5, "c3": 8, "c5": 13}


def test_agui_tool_results_approvals_and_provider_execution() -> None:
    events = [
        rs(),
        tcs("c1", "web_search"),
        tca('{"q":"x"}', "c1"),
        tce("c1"),
        {
            "type": "TOOL_CALL_RESULT",
            "messageId": "tr1",
            "toolCallId": "c1",
            "content": '{"hits":2}',
            "role": "tool",
        },
        {
            "type": "TOOL_CALL_RESULT",
            "messageId": "tr2",
            "toolCallId": "c9",
            "content": "not json",
            "metadata": {"tanstack": {"state": "output-error"}},
        },
        tcs("c2", "delete_file"),
        tca('{"path":"/tmp/x"}', "c2"),
        tce("c2"),
        {
            "type": "CUSTOM",
            "name": "approval-requested",
            "value": {
                "toolCallId": "c2",
                "toolName": "delete_file",
                "input": {"path": "/tmp/x"},
                "approval": {"id": "ap1", "needsApproval": True},
            },
        },
        rf(
            outcome={
                "type": "interrupt",
                "interrupts": [
                    {
                        "id": "ap1",
                        "reason": "tool_call",
                        "toolCallId": "c2",
                        "metadata": {"kind": "approval", "toolName": "delete_file"},
                    },
                    {
                        "id": "ap2",
                        "reason": "tool_call",
                        "toolCallId": "c3",
                        "metadata": {"kind": "approval", "toolName": "other"},
                    },
                    {
                        "id": "client_tool_c4",
                        "reason": "tanstack:client_tool_execution",
                        "toolCallId": "c4",
                        "metadata": {"kind": "client_tool", "toolName": "ui"},
                    },
                ],
            }
        ),
    ]
    assert [agui.schema_errors(e) for e in events] == [[]] * len(events)
    t = agui.extract(events)
    assert t.tool_results == [
        ToolResultRecord(tool_call_id="c1", result={"hits": 2}),
        ToolResultRecord(tool_call_id="c9", result="not json", is_error=True),
    ]
    assert [(c.id, c.provider_executed) for c in t.tool_calls] == [("c1", True), ("c2", False)]
    # CUSTOM and outcome name the same approval once; the client-tool interrupt is not one.
    assert t.approvals == [
        ApprovalRecord(approval_id="ap1", tool_call_id="c2", tool_name="delete_file"),
        ApprovalRecord(approval_id="ap2", tool_call_id="c3", tool_name="other"),
    ]
    assert t.finish_reason is None and t.usage is None and t.terminal == "finished"


@pytest.mark.parametrize(
    ("terminal", "expected"),
    [
        (rerr("Upstream failed", code="500"), ("error", ErrorRecord(message="Upstream failed", code="500"))),
        (rerr("Upstream failed", code=429), ("error", ErrorRecord(message="Upstream failed", code="429"))),
        (
            rerr("Request aborted", code="aborted"),
            ("aborted", ErrorRecord(message="Request aborted", code="aborted")),
        ),
        (
            rerr("Request aborted", code="abort"),
            ("aborted", ErrorRecord(message="Request aborted", code="abort")),
        ),
        (rerr("no code"), ("error", ErrorRecord(message="no code"))),
        (rf(outcome={"type": "cancelled"}), ("aborted", None)),
        (rf(outcome={"type": "success"}), ("finished", None)),
    ],
)
def test_agui_terminal_and_error(terminal: Ev, expected: tuple[str, ErrorRecord | None]) -> None:
    t = agui.extract([rs(), terminal])
    assert (t.terminal, t.error) == expected


def test_agui_no_terminal_and_trailing_events() -> None:
    t = agui.extract([rs(), tms(), tmc("Hi")])
    assert (t.terminal, t.text, t.finish_reason, t.error) == ("none", "Hi", None, None)
    # Events after the first terminal are not part of what the consumer saw.
    t = agui.extract([rs(), tms(), tmc("Hi"), tme(), rf(), tmc("late"), rerr()])
    assert (t.text, t.terminal) == ("Hi", "finished")


def test_agui_finish_usage_and_model_sources() -> None:
    t = agui.extract([rs(metadata={"tanstack": {"model": "from-start"}}), rf(usage=[])])
    assert (t.model, t.usage, t.finish_reason) == ("from-start", None, None)
    t = agui.extract(
        [
            rs(metadata={"tanstack": {"model": "from-start"}}),
            rf(
                usage=[{"inputTokens": 5, "outputTokens": 1, "totalTokens": 6}],
                metadata={
                    "tanstack": {
                        "model": "from-finish",
                        "finishReason": "length",
                        "usage": {"promptTokensDetails": {"cacheWriteTokens": 3}},
                    }
                },
            ),
        ]
    )
    assert (t.model, t.finish_reason) == ("from-finish", "length")
    assert t.usage == UsageRecord(input_tokens=5, output_tokens=1, total_tokens=6, cache_write_input_tokens=3)
    # An off-enum finish reason cannot be represented: None in the transcript, a schema error on the event.
    bad = rf(metadata={"tanstack": {"finishReason": "tool-calls"}})
    assert agui.extract([rs(), bad]).finish_reason is None
    assert any("finishReason" in e for e in agui.schema_errors(bad))
    t = agui.extract([rs(), rerr(usage=[{"inputTokens": 2}])])
    assert t.usage == UsageRecord(input_tokens=2)


# ---------------------------------------------------------------------------------------------
# Extraction details: TanStack yield layer
# ---------------------------------------------------------------------------------------------


def test_tanstack_extras() -> None:
    events = [
        rs(),
        {"type": "TOOL_CALL_START", "toolCallId": "c1", "toolName": "alias_only", "index": 0},
        tca('{"x":', "c1"),
        tce("c1", input={}),  # malformed args: the parsed input the adapter gave is the args
        {"type": "TOOL_CALL_START", "toolCallId": "c2", "toolCallName": "srv", "toolName": "ignored"},
        tca("{}", "c2"),
        tce("c2", result='{"ok":false}', state="output-error"),  # normalizeStreamChunk -> TOOL_CALL_RESULT
        rf(
            metadata={"tanstack": {"finishReason": "tool_calls", "model": "meta-model"}},
            usage=[{"inputTokens": 1}],
        ),
    ]
    assert [tanstack.schema_errors(e) for e in events] == [[]] * len(events)
    t = tanstack.extract(events)
    assert [(c.id, c.name, c.args, c.malformed, c.provider_executed) for c in t.tool_calls] == [
        ("c1", "alias_only", {}, True, False),
        ("c2", "srv", {}, False, True),
    ]
    assert t.tool_results == [ToolResultRecord(tool_call_id="c2", result={"ok": False}, is_error=True)]
    assert (t.finish_reason, t.model) == ("tool_calls", "meta-model")
    assert t.usage == UsageRecord(input_tokens=1)


def test_tanstack_call_with_no_fragments_takes_its_arguments_from_the_end() -> None:
    """A call with no TOOL_CALL_ARGS whose END carries ``input`` (@tanstack/ai-anthropic 0.18.11 sends a
    provider-executed web search so, dist/esm/adapters/text.js:544-561): TanStack's StreamProcessor sets the
    call's arguments to JSON.stringify(input) (@tanstack/ai 0.58.0 stream/processor.js:868-869), so that is
    the argument text the consumer holds, not an empty one."""
    events = [rs(), tcs("s1", "web_search"), tce("s1", input={"query": "Paris weather"}),
              tcs("c2", "noargs"), tce("c2"), rf()]
    t = tanstack.extract(events)
    assert [(c.id, json.loads(c.args_text or "{}"), c.args) for c in t.tool_calls] == [
        ("s1", {"query": "Paris weather"}, {"query": "Paris weather"}),
        ("c2", {}, {}),
    ]
    assert t.tool_calls[1].args_text == ""  # no END input: nothing replaces the empty text


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        (
            {"type": "RUN_ERROR", "error": {"message": "nested", "code": "rate_limit"}},
            ErrorRecord(message="nested", code="rate_limit"),
        ),
        (
            {
                "type": "RUN_ERROR",
                "message": "top",
                "code": "500",
                "error": {"message": "nested", "code": "x"},
            },
            ErrorRecord(message="top", code="500"),
        ),
        (
            {"type": "RUN_ERROR", "message": "top", "error": {"message": "nested", "code": "503"}},
            ErrorRecord(message="top", code="503"),
        ),
    ],
)
def test_tanstack_run_error_forms(event: Ev, expected: ErrorRecord) -> None:
    assert tanstack.schema_errors(event) == []
    t = tanstack.extract([rs(), event])
    assert (t.terminal, t.error) == ("error", expected)


def test_tanstack_aborted_and_model_fallback() -> None:
    t = tanstack.extract(
        [
            rs(model="m-start"),
            {"type": "RUN_ERROR", "error": {"message": "Request aborted", "code": "aborted"}},
        ]
    )
    assert (t.terminal, t.model) == ("aborted", "m-start")


# ---------------------------------------------------------------------------------------------
# Extraction details: legacy
# ---------------------------------------------------------------------------------------------


def test_legacy_tool_calls_sorted_by_index_and_arguments() -> None:
    events = [
        ltool("c2", 1, "second", "{bad"),
        ltool("c1", 0, "first", ""),
        ltool("c3", 2, "third", '{"n":1}'),
        lc("done", finishReason="tool_calls"),
    ]
    t = tanstack_legacy.extract(events)
    assert [(c.id, c.name, c.args_text, c.args, c.malformed) for c in t.tool_calls] == [
        ("c1", "first", "", {}, False),
        ("c2", "second", "{bad", "{bad", True),  # the consumer holds the raw text
        ("c3", "third", '{"n":1}', {"n": 1}, False),
    ]
    assert tanstack_legacy.exposures(events) == {"c2": 0, "c1": 1, "c3": 2}


def test_legacy_duplicate_exposure_is_visible_in_the_transcript() -> None:
    t = tanstack_legacy.extract([ltool("c1", 0), ltool("c1", 0), lc("done", finishReason="tool_calls")])
    assert [c.id for c in t.tool_calls] == ["c1", "c1"]
    assert tanstack_legacy.exposures([ltool("c1", 0), ltool("c1", 0)]) == {"c1": 0}


@pytest.mark.parametrize(
    ("error", "terminal", "record"),
    [
        ({"message": "boom", "code": "500"}, "error", ErrorRecord(message="boom", code="500")),
        ({"message": "boom", "code": 502}, "error", ErrorRecord(message="boom", code="502")),
        (
            {"message": "Request aborted", "code": "abort"},
            "aborted",
            ErrorRecord(message="Request aborted", code="abort"),
        ),
    ],
)
def test_legacy_error(error: dict[str, Any], terminal: str, record: ErrorRecord) -> None:
    t = tanstack_legacy.extract([lc("content", delta="a", content="a"), lc("error", error=error), DONE])
    assert (t.terminal, t.error, t.finish_reason, t.text) == (terminal, record, None, "a")


def test_legacy_finish_usage_model_and_reasoning_without_delta() -> None:
    events = [
        lc("thinking", model="m-a", content="Hmm"),
        lc("thinking", model="m-a", content="Hmm, ok"),
        lc("content", model="m-a", delta="x", content="x"),
        lc("done", model="m-b", finishReason=None),
    ]
    t = tanstack_legacy.extract(events)
    assert (t.reasoning, t.model, t.finish_reason, t.usage, t.terminal) == (
        "Hmm, ok",
        "m-b",
        None,
        None,
        "finished",
    )
    assert tanstack_legacy.extract([lc("content", delta="x", content="x")]).terminal == "none"
    assert tanstack_legacy.extract([lc("done", finishReason="length")]).finish_reason == "length"


# ---------------------------------------------------------------------------------------------
# Schema errors
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "needle"),
    [
        ({"type": "RUN_STARTED", "threadId": "t"}, "runId"),
        ({"type": "TOOL_CALL_START", "toolCallId": "c1"}, "toolCallName"),
        (
            {"type": "TOOL_CALL_START", "toolCallId": "c1", "toolName": "f"},
            "toolCallName",
        ),  # no alias on the wire
        ({"type": "RUN_STARTED", "thread_id": "t", "run_id": "r"}, "threadId"),  # wire names only
        ({"type": "TEXT_MESSAGE_START", "messageId": "m", "timestamp": "5"}, "timestamp"),
        ({"type": "TEXT_MESSAGE_START", "messageId": "m", "timestamp": 1.5}, "timestamp"),
        ({"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "usage": {"inputTokens": 1}}, "usage"),
        ({"type": "RUN_ERROR", "error": {"message": "x"}}, "message"),
        ({"type": "TEXT_MESSAGE_START", "messageId": "m", "subagentRunId": None}, "subagentRunId"),
        ({"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "metadata": None}, "metadata"),
        ({"type": "REASONING_MESSAGE_START", "messageId": "r", "role": "assistant"}, "role"),
        (
            {
                "type": "RUN_FINISHED",
                "threadId": "t",
                "runId": "r",
                "outcome": {"type": "interrupt", "interrupts": []},
            },
            "interrupts",
        ),
        ({"type": "THINKING_START"}, "unknown"),
        ({"type": 5}, "type"),
        ({}, "type"),
        ([1, 2], "not a JSON object"),
    ],
)
def test_agui_schema_errors(event: Any, needle: str) -> None:
    errors = agui.schema_errors(event)
    assert errors and any(needle in e for e in errors), errors


def test_agui_schema_accepts_null_where_any() -> None:
    assert agui.schema_errors({"type": "CUSTOM", "name": "x", "value": None}) == []
    assert agui.schema_errors(rf(result=None)) == []


@pytest.mark.parametrize(
    ("event", "needle"),
    [
        ({"type": "TEXT_MESSAGE_CONTENT", "messageId": "m"}, "'delta' is a required property"),
        ({"type": "TOOL_CALL_START", "toolCallId": "c1"}, "toolCallName"),
        ({"type": "RUN_ERROR"}, "message"),
        ({"type": "RUN_ERROR", "error": {"code": "x"}}, "error: 'message' is a required property"),
        (
            {"type": "RUN_FINISHED", "threadId": "t", "runId": "r", "finishReason": "tool-calls"},
            "finishReason",
        ),
        (
            {
                "type": "RUN_FINISHED",
                "threadId": "t",
                "runId": "r",
                "usage": {"promptTokens": 1, "completionTokens": 1},
            },
            "totalTokens",
        ),
        (
            {
                "type": "RUN_FINISHED",
                "threadId": "t",
                "runId": "r",
                "usage": {"promptTokens": -1, "completionTokens": 1, "totalTokens": 0},
            },
            "usage.promptTokens",
        ),
        ({"type": "RUN_FINISHED", "runId": "r"}, "threadId"),
        ({"type": "TEXT_MESSAGE_CHUNK", "messageId": "m"}, "TEXT_MESSAGE_CHUNK"),  # not in TanStack's union
        ({"type": "TEXT_MESSAGE_START", "messageId": "m", "timestamp": 1.5}, "timestamp"),
        ({"type": "TOOL_CALL_START", "toolCallId": "c1", "toolName": "f", "index": "0"}, "index"),
        ({"type": "TOOL_CALL_RESULT", "toolCallId": "c1", "content": "x"}, "messageId"),
        ({"toolCallId": "c1"}, "'type' is a required property"),
        ("RUN_STARTED", "not a JSON object"),
    ],
)
def test_tanstack_schema_errors(event: Any, needle: str) -> None:
    errors = tanstack.schema_errors(event)
    assert errors and any(needle in e for e in errors), errors


@pytest.mark.parametrize(
    ("event", "needle"),
    [
        (
            {"type": "content", "delta": "a", "content": "a", "model": "m", "timestamp": 1},
            "'id' is a required property",
        ),
        (lc("content", delta="a"), "'content' is a required property"),
        (lc("content", delta="a", content="a", timestamp="now"), "timestamp"),
        ({**lc("content", delta="a", content="a"), "timestamp": "now"}, "timestamp"),
        (lc("done"), "finishReason"),
        (lc("done", finishReason="tool-calls"), "finishReason"),
        (lc("done", finishReason="stop", usage={"promptTokens": 1}), "totalTokens"),
        (
            {
                **ltool("c1", 0),
                "toolCall": {"id": "c1", "type": "function", "function": {"name": "f", "arguments": {}}},
            },
            "arguments",
        ),
        (
            lc(
                "tool_call",
                toolCall={"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}},
            ),
            "index",
        ),
        (lc("error", error={"code": "x"}), "message"),
        (
            lc(
                "approval-requested",
                toolCallId="c",
                toolName="f",
                input={},
                approval={"id": "a", "needsApproval": False},
            ),
            "needsApproval",
        ),
        (lc("RUN_STARTED"), "type"),
        (None, "not a JSON object"),
    ],
)
def test_legacy_schema_errors(event: Any, needle: str) -> None:
    errors = tanstack_legacy.schema_errors(event)
    assert errors and any(needle in e for e in errors), errors


# ---------------------------------------------------------------------------------------------
# Garbage never raises
# ---------------------------------------------------------------------------------------------

GARBAGE: list[Any] = [
    None,
    5,
    "RUN_STARTED",
    [],
    {},
    {"type": 5},
    {"type": None, "delta": "x"},
    {"type": "TEXT_MESSAGE_CONTENT"},
    {"type": "TEXT_MESSAGE_CONTENT", "messageId": ["m"], "delta": 3},
    {"type": "TOOL_CALL_START", "toolCallId": {}, "toolCallName": 1},
    {"type": "TOOL_CALL_START", "toolCallId": "g1", "toolCallName": None, "toolName": 7},
    {"type": "TOOL_CALL_ARGS", "toolCallId": "g1", "delta": None},
    {"type": "TOOL_CALL_ARGS", "toolCallId": [], "delta": "x"},
    {"type": "TOOL_CALL_END", "toolCallId": {"a": 1}},
    {"type": "TOOL_CALL_END", "toolCallId": "g1", "metadata": "nope", "input": float("nan")},
    {"type": "TOOL_CALL_RESULT", "toolCallId": "g1", "content": {"a": [1]}, "metadata": {"tanstack": 3}},
    {"type": "CUSTOM", "name": "approval-requested", "value": "x"},
    {"type": "CUSTOM", "name": "approval-requested", "value": {"approval": 1}},
    {"type": "STEP_STARTED", "stepName": {"x": 1}},
    {"type": "content", "delta": 1, "content": None},
    {"type": "content", "delta": "a", "content": 5},
    {"type": "thinking", "delta": None, "content": ["x"]},
    {"type": "tool_call", "toolCall": "c1", "index": True},
    {"type": "tool_call", "toolCall": {"id": 3, "function": 4}, "index": 0},
    {
        "type": "tool_call",
        "toolCall": {"id": "c1", "function": {"name": "f", "arguments": None}},
        "index": -1.5,
    },
    {"type": "tool_result", "toolCallId": None},
    {"type": "approval-requested", "approval": "x"},
    {"type": "RUN_FINISHED", "usage": "x", "outcome": {"type": "interrupt", "interrupts": "no"}},
    {
        "type": "RUN_FINISHED",
        "usage": [None, 1],
        "metadata": {"tanstack": {"finishReason": ["x"], "model": 5}},
    },
    {"type": "RUN_FINISHED", "usage": {"promptTokens": "1", "completionTokens": True, "totalTokens": 1.5}},
    {
        "type": "RUN_FINISHED",
        "outcome": {
            "type": "interrupt",
            "interrupts": [None, {"id": 1}, {"id": "a", "toolCallId": "b", "metadata": 1}],
        },
    },
    {"type": "RUN_ERROR", "code": {}, "message": 5, "error": "x"},
    {"type": "done", "finishReason": {"unified": "stop"}, "usage": [1]},
    {"type": "error", "error": "boom"},
]


@pytest.mark.parametrize("module", ALL, ids=lambda m: m.NAME)
def test_garbage_events_do_not_raise(module: Any) -> None:
    for event in GARBAGE:
        assert isinstance(module.schema_errors(event), list)
    for stream in ([*GARBAGE], [VALID[module.NAME]()[0], *GARBAGE], list(reversed(GARBAGE))):
        assert all(isinstance(f, Finding) for f in module.lifecycle(stream))
        module.extract(stream)
        assert isinstance(module.exposures(stream), dict)
    # Every non-dict event is a schema error.
    assert all(module.schema_errors(e) for e in GARBAGE if not isinstance(e, dict))


_TYPES = st.sampled_from(
    [
        "RUN_STARTED", "RUN_FINISHED", "RUN_ERROR", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT",
        "TEXT_MESSAGE_END", "TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "TOOL_CALL_RESULT",
        "REASONING_MESSAGE_CONTENT", "STEP_STARTED", "CUSTOM", "content", "thinking", "tool_call",
        "tool_result", "done", "error", "approval-requested",
    ]
)  # fmt: skip
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
_KEYS = st.sampled_from(
    ["messageId", "delta", "content", "toolCallId", "toolCallName", "toolName", "input", "usage",
     "outcome", "metadata", "finishReason", "model", "error", "code", "message", "toolCall", "index",
     "approval", "value", "name", "result", "state"]
)  # fmt: skip
_EVENT = st.one_of(
    _JSON,
    st.builds(lambda t, extra: {"type": t, **extra}, _TYPES, st.dictionaries(_KEYS, _JSON, max_size=4)),
)


@pytest.mark.slow
@pytest.mark.parametrize("module", ALL, ids=lambda m: m.NAME)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(stream=st.lists(_EVENT, max_size=8))
def test_random_streams_do_not_raise(module: Any, stream: list[Any]) -> None:
    for event in stream:
        module.schema_errors(event)
    module.lifecycle(stream)
    module.extract(stream)
    module.exposures(stream)



def test_a_finish_after_run_error_is_row_8_1_20_and_open_entities_are_recorded() -> None:
    from conformance.protocols import agui, tanstack_legacy

    events = [
        {"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
        {"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "assistant"},
        {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "Hi"},
        {"type": "RUN_ERROR", "message": "boom"},
        {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"},
    ]
    found = [(f.row, f.event_index) for f in agui.lifecycle(events)]
    assert found == [("info.open-at-error", 3), ("8.1.20", 4)]
    assert [(f.row, f.event_index) for f in agui.lifecycle(events[:4])] == [("info.open-at-error", 3)]
    closed = [*events[:3], {"type": "TEXT_MESSAGE_END", "messageId": "m"}, events[3]]
    assert agui.lifecycle(closed) == []
    base = {"id": "c", "model": "m", "timestamp": 1}
    legacy = [{**base, "type": "error", "error": {"message": "boom"}}, {**base, "type": "done", "finishReason": "stop"}]
    assert [(f.row, f.event_index) for f in tanstack_legacy.lifecycle(legacy)] == [("8.1.20", 1)]
