"""AG-UI streams with subagents, activities, steps per lane and canary ``THINKING_*`` events, for the Node oracle.

``ATTRIBUTED``: hand-written streams, a valid and an invalid one per rule of ``@ag-ui/client`` 1.0.0's
``verifyEvents`` about who owns what (``src/verify/verify.ts``, dist/index.mjs.map sourcesContent): each
with the index of the event the client throws at, written from that source (the message it throws is
in the comment), not from either reading. ``THINKING``: canary-typed streams (the deprecated events
``@tanstack/ai`` 0.58.0's ``EventType`` still lists, from ``@ag-ui/core`` 0.1.1-canary.beta.0) with the
index at which a whole ``runAgent`` (its CompatibilityBoundary translating them) rejects.
:func:`attributed_streams` draws streams that mix tags, subagent spans, steps and activities.

Example:
    >>> events, throws_at = ATTRIBUTED["tool-tag-unlike-its-message"]
    >>> events[throws_at]["type"], events[throws_at]["subagentRunId"]
    ('TOOL_CALL_START', 's2')
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from tests.agui_events import F, S


def sub(sid: str = "s1", **extra: Any) -> dict[str, Any]:
    return {"type": "SUBAGENT_STARTED", "subagentRunId": sid, "name": "helper", **extra}


def sub_end(sid: str = "s1", **extra: Any) -> dict[str, Any]:
    return {"type": "SUBAGENT_FINISHED", "subagentRunId": sid, **extra}


def tag(event: dict[str, Any], sid: str | None) -> dict[str, Any]:
    return event if sid is None else {**event, "subagentRunId": sid}


def text(mid: str, sid: str | None = None, *, end_tag: str | None = None) -> list[dict[str, Any]]:
    """A text message of owner ``sid``; its END tagged ``end_tag`` when given (else like the rest)."""
    return [tag({"type": "TEXT_MESSAGE_START", "messageId": mid, "role": "assistant"}, sid),
            tag({"type": "TEXT_MESSAGE_CONTENT", "messageId": mid, "delta": "x"}, sid),
            tag({"type": "TEXT_MESSAGE_END", "messageId": mid}, end_tag or sid)]


def call(cid: str, sid: str | None = None, parent: str | None = None, args_tag: str | None = None,
         ) -> list[dict[str, Any]]:
    start = tag({"type": "TOOL_CALL_START", "toolCallId": cid, "toolCallName": "f"}, sid)
    if parent is not None:
        start["parentMessageId"] = parent
    return [start, tag({"type": "TOOL_CALL_ARGS", "toolCallId": cid, "delta": "{}"}, args_tag or sid),
            tag({"type": "TOOL_CALL_END", "toolCallId": cid}, sid)]


def step(name: str, sid: str | None = None, end: bool = False) -> dict[str, Any]:
    return tag({"type": "STEP_FINISHED" if end else "STEP_STARTED", "stepName": name}, sid)


def activity(mid: str, sid: str | None = None, **extra: Any) -> dict[str, Any]:
    return tag({"type": "ACTIVITY_SNAPSHOT", "messageId": mid, "activityType": "plan", "content": {"s": 1},
                **extra}, sid)


def activity_delta(mid: str, sid: str | None = None) -> dict[str, Any]:
    return tag({"type": "ACTIVITY_DELTA", "messageId": mid, "activityType": "plan",
                "patch": [{"op": "replace", "path": "/s", "value": 2}]}, sid)


def reasoning(mid: str, sid: str | None = None, content_tag: str | None = None) -> list[dict[str, Any]]:
    return [tag({"type": "REASONING_START", "messageId": mid}, sid),
            tag({"type": "REASONING_MESSAGE_START", "messageId": mid, "role": "reasoning"}, sid),
            tag({"type": "REASONING_MESSAGE_CONTENT", "messageId": mid, "delta": "hm"}, content_tag or sid),
            tag({"type": "REASONING_MESSAGE_END", "messageId": mid}, sid),
            tag({"type": "REASONING_END", "messageId": mid}, sid)]


def encrypted(entity: str, subtype: str, sid: str | None) -> dict[str, Any]:
    return tag({"type": "REASONING_ENCRYPTED_VALUE", "subtype": subtype, "entityId": entity,
                "encryptedValue": "e"}, sid)


def chunk(kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": f"{kind}_MESSAGE_CHUNK" if kind == "TEXT" else f"{kind}_CALL_CHUNK", **fields}


def snapshot(*messages: dict[str, Any]) -> dict[str, Any]:
    return {"type": "MESSAGES_SNAPSHOT", "messages": list(messages)}


def result(cid: str, mid: str, sid: str | None) -> dict[str, Any]:
    return tag({"type": "TOOL_CALL_RESULT", "messageId": mid, "toolCallId": cid, "content": "ok"}, sid)


OWNED = {"id": "m", "role": "assistant", "content": "x", "subagentRunId": "s1",
         "toolCalls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}
INTERRUPT = {"type": "interrupt", "interrupts": [{"id": "i1", "reason": "tool_call", "toolCallId": "c"}]}

# name -> (events, index the client throws at or None).
ATTRIBUTED: dict[str, tuple[list[Any], int | None]] = {
    # Text: "subagentRunId 's1' does not match the message 'm' opener's subagent '(the parent agent)'".
    "text-all-tagged": ([S, sub(), *text("m", "s1"), sub_end(), F], None),
    "text-content-tagged-unlike-opener": ([S, *text("m")[:1], tag(text("m")[1], "s1"), F], 2),
    "text-end-tagged-unlike-opener": ([S, sub(), *text("m", "s1", end_tag="s2"), sub_end(), F], 4),
    "text-reopened-untagged-keeps-owner": ([S, *text("m", "s1"), *text("m")[:1], tag(text("m")[1], "s1"),
                                            text("m")[2], F], None),
    "text-reopened-by-other-owner": ([S, *text("m"), *text("m", "s1"), F], 4),
    # Tool calls: "A tool call belongs to the message that carries it".
    "tool-inherits-its-message-owner": ([S, *text("m", "s1"), *call("c", parent="m", args_tag="s1"), F], None),
    "tool-tag-unlike-its-message": ([S, *text("m", "s1"), *call("c", "s2", parent="m"), F], 4),
    "tool-args-tagged-unlike-opener": ([S, *call("c", args_tag="s1"), F], 2),
    "tool-reopened-under-other-owners-message": ([S, *text("m1"), *text("m2", "s1"), *call("c", parent="m1"),
                                                  *call("c", parent="m2"), F], 10),
    "tool-reopened-under-same-owner": ([S, *text("m1", "s1"), *call("c", parent="m1"), *call("c", "s1"), F], None),
    # TOOL_CALL_RESULT mints a tool message: the newest result owns its id.
    "result-owner-continues": ([S, *call("c"), result("c", "r", "s1"), *text("r", "s1"), F], None),
    "result-owner-contradicted": ([S, *call("c"), result("c", "r", "s1"), *text("r", "s2"), F], 5),
    "result-owner-replaced-by-newer": ([S, *call("c"), result("c", "r", "s1"), result("c", "r", None),
                                        *text("r")[:1], tag(text("r")[1], "s1")], 7),
    # Reasoning: one owner bucket for spans and messages.
    "reasoning-all-tagged": ([S, *reasoning("r", "s1"), F], None),
    "reasoning-content-tagged-unlike-opener": ([S, *reasoning("r", "s1", content_tag="s2"), F], 3),
    "reasoning-message-opened-by-other-owner": ([S, tag(reasoning("r")[0], "s1"), tag(reasoning("r")[1], "s2"),
                                                 F], 2),
    # REASONING_ENCRYPTED_VALUE: checked against the bucket its subtype names.
    "encrypted-tool-call-same-owner": ([S, *call("c", "s1"), encrypted("c", "tool-call", "s1"), F], None),
    "encrypted-tool-call-other-owner": ([S, *call("c", "s1"), encrypted("c", "tool-call", "s2"), F], 4),
    "encrypted-reasoning-message-other-owner": ([S, *reasoning("r", "s1"), encrypted("r", "message", "s2"), F], 6),
    "encrypted-unknown-entity": ([S, encrypted("nope", "message", "s2"), F], None),
    # Activities (what @ag-ui/mastra emits): a delta must not patch someone else's activity.
    "activity-delta-same-owner": ([S, activity("a", "s1"), activity_delta("a", "s1"), F], None),
    "activity-delta-other-owner": ([S, activity("a", "s1"), activity_delta("a", "s2"), F], 2),
    "activity-delta-untagged": ([S, activity("a", "s1"), activity_delta("a"), F], None),
    "activity-replaced-reowns": ([S, activity("a", "s1"), activity("a", "s2"), activity_delta("a", "s2"), F], None),
    "activity-kept-keeps-owner": ([S, activity("a", "s1"), activity("a", "s2", replace=False),
                                   activity_delta("a", "s2"), F], 3),
    "activity-delta-unknown": ([S, activity_delta("nope", "s2"), F], None),
    "activity-delta-without-patch": ([S, activity("a"), {**activity_delta("a"), "patch": None}, F], 2),
    # Owners seeded from replayed history.
    "snapshot-owner-continued": ([S, snapshot(OWNED), *text("m", "s1"), F], None),
    "snapshot-owner-contradicted": ([S, snapshot(OWNED), *text("m", "s2"), F], 2),
    "snapshot-call-owner-contradicted": ([S, snapshot(OWNED), *call("c", "s2"), F], 2),
    "snapshot-replaces-owner": ([S, *text("m", "s1"), snapshot({"id": "m", "role": "assistant"}),
                                 *text("m", "s1"), F], 5),
    "input-owner-contradicted": ([{**S, "input": {"threadId": "t", "runId": "r", "messages": [OWNED]}},
                                  *text("m", "s2"), F], 1),
    "input-does-not-replace": ([S, *text("m", "s1"), F,
                                {**S, "input": {"threadId": "t", "runId": "r",
                                                "messages": [{"id": "m", "role": "assistant", "content": "x"}]}},
                                *text("m")[:1], tag(text("m")[1], "s2"), F], 7),
    "snapshot-message-null-owner": ([S, snapshot({"id": "m", "role": "assistant", "subagentRunId": None}), F], 1),
    "interrupt-null-owner": ([S, {**F, "outcome": {"type": "interrupt", "interrupts": [
        {"id": "i1", "reason": "r", "subagentRunId": None}]}}], 1),
    "event-null-owner": ([S, tag(text("m")[0], None) | {"subagentRunId": None}, F], 1),
    # Subagent spans: "parentSubagentRunId ... has not been started in this run", "has already finished".
    "subagent-nested": ([S, sub(), sub("s2", parentSubagentRunId="s1"), sub_end("s2"), sub_end(), F], None),
    "subagent-parent-already-finished": ([S, sub(), sub_end(), sub("s2", parentSubagentRunId="s1"), sub_end("s2"),
                                          F], None),
    "subagent-parent-never-started": ([S, sub("s2", parentSubagentRunId="s1"), sub_end("s2"), F], 1),
    "subagent-started-twice": ([S, sub(), sub(), F], 2),
    "subagent-reused-next-run": ([S, sub(), sub_end(), F, S, sub(), sub_end(), F], None),
    "subagent-finished-never-started": ([S, sub_end(), F], 1),
    "subagent-error-with-message": ([S, sub(), {"type": "SUBAGENT_ERROR", "subagentRunId": "s1", "message": "x"},
                                     F], None),
    "subagent-error-without-message": ([S, sub(), {"type": "SUBAGENT_ERROR", "subagentRunId": "s1"}, F], 2),
    "subagent-started-without-name": ([S, {"type": "SUBAGENT_STARTED", "subagentRunId": "s1"}, F], 1),
    "subagent-null-description": ([S, sub(description=None), sub_end(), F], 1),
    "subagent-finished-without-id": ([S, sub(), {"type": "SUBAGENT_FINISHED"}, F], 2),
    "subagent-error-null-code": ([S, sub(), {"type": "SUBAGENT_ERROR", "subagentRunId": "s1", "message": "x",
                                             "code": None}, F], 2),
    "subagent-outcome-suspended": ([S, sub(), sub_end(outcome={"type": "suspended", "interruptIds": ["i1"]}), F],
                                   None),
    "subagent-outcome-bad-interrupt-ids": ([S, sub(), sub_end(outcome={"type": "suspended", "interruptIds": [1]}),
                                            F], 2),
    "subagent-error-after-finish": ([S, sub(), sub_end(), {"type": "SUBAGENT_ERROR", "subagentRunId": "s1",
                                                           "message": "x"}, F], 3),
    # Steps are open per lane: "A step must be finished by whoever started it".
    "step-same-name-in-two-lanes": ([S, step("tools"), sub(), step("tools", "s1"), step("tools", "s1", end=True),
                                     sub_end(), step("tools", end=True), F], None),
    "step-finished-in-another-lane": ([S, step("tools"), sub(), step("tools", "s1", end=True), sub_end(), F], 3),
    "step-finished-untagged-for-subagent": ([S, sub(), step("tools", "s1"), sub_end(), step("tools", end=True), F],
                                            4),
    "step-started-twice-in-a-lane": ([S, step("tools", "s1"), step("tools", "s1"), F], 2),
    "step-of-subagent-open-at-finish": ([S, step("tools", "s1"), F], 2),
    # Chunks continue the stream open in their lane (transformChunks, before verifyEvents).
    "chunks-in-two-lanes": ([S, {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m1", "delta": "a"},
                             {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m2", "delta": "b", "subagentRunId": "s1"},
                             {"type": "TEXT_MESSAGE_CHUNK", "delta": "c"},
                             {"type": "TEXT_MESSAGE_CHUNK", "delta": "d", "subagentRunId": "s1"}, F], None),
    "chunk-continues-other-lanes-stream": ([S, {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m1", "delta": "a",
                                                "subagentRunId": "s1"},
                                            {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m1", "delta": "b",
                                             "subagentRunId": "s2"}, F], 2),
    "chunk-ambiguous-lane": ([S, chunk("TEXT", messageId="m1", delta="a", subagentRunId="s1"),
                              chunk("TEXT", messageId="m2", delta="b", subagentRunId="s2"),
                              chunk("TEXT", delta="c"), F], 3),
    "chunk-the-one-open-lane": ([S, chunk("TEXT", messageId="m1", delta="a", subagentRunId="s1"),
                                 chunk("TEXT", delta="c"), F], None),
    # "Cannot continue text message 'm1': chunk role 'user' does not match the open stream's role 'assistant'".
    "chunk-same-role": ([S, chunk("TEXT", messageId="m1", delta="a"), chunk("TEXT", delta="b", role="assistant"), F],
                        None),
    "chunk-other-role": ([S, chunk("TEXT", messageId="m1", delta="a"), chunk("TEXT", delta="b", role="user"), F], 2),
    "chunk-name-added": ([S, chunk("TEXT", messageId="m1", delta="a"), chunk("TEXT", delta="b", name="y"), F], 2),
    "chunk-same-tool-fields": ([S, chunk("TOOL", toolCallId="c", toolCallName="f", parentMessageId="m", delta="{"),
                                chunk("TOOL", delta="}", parentMessageId="m", toolCallName="f"), F], None),
    "chunk-other-tool-name": ([S, chunk("TOOL", toolCallId="c", toolCallName="f", delta="{"),
                               chunk("TOOL", delta="}", toolCallName="g"), F], 2),
    "chunk-parent-added": ([S, chunk("TOOL", toolCallId="c", toolCallName="f", delta="{"),
                            chunk("TOOL", delta="}", parentMessageId="m"), F], 2),
    # enforceEvents strips an unknown discriminated-union member (strip.ts): an optional field holding one is
    # omitted, an array element dropped; the client reads on without it.
    "subagent-outcome-unknown": ([S, sub(), sub_end(outcome={"type": "done"}), F], None),
    "run-outcome-unknown": ([S, {**F, "outcome": {"type": "done"}}], None),
    "snapshot-message-role-unknown": ([S, snapshot({"id": "a", "role": "robot", "subagentRunId": "s1"},
                                                   {"id": "b", "role": "user", "content": "y"}), *text("a", "s2"), F],
                                      None),
    "snapshot-content-part-unknown": ([S, snapshot({"id": "u", "role": "user", "content": [
        {"type": "text", "text": "a"}, {"type": "weird"}]}), F], None),
    "input-message-role-unknown": ([{**S, "input": {"threadId": "t", "runId": "r", "messages": [
        {"id": "a", "role": "robot"}]}}, F], None),
    # Not AG-UI 1.0: enforceEvents drops a canary THINKING_* event when nothing translated it first.
    "thinking-untranslated": ([S, {"type": "THINKING_START"}, F], None),
}

THINK_START = {"type": "THINKING_START", "title": "Thinking"}
THINK_END = {"type": "THINKING_END"}
MSG_START = {"type": "THINKING_TEXT_MESSAGE_START"}
MSG_END = {"type": "THINKING_TEXT_MESSAGE_END"}


def think(delta: str) -> dict[str, Any]:
    return {"type": "THINKING_TEXT_MESSAGE_CONTENT", "delta": delta}


ANSWER = [{"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "assistant"},
          {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "42"},
          {"type": "TEXT_MESSAGE_END", "messageId": "m"}]

# Canary-typed thinking through a whole runAgent: name -> (events, the index runAgent rejects at or None).
THINKING: dict[str, tuple[list[Any], int | None]] = {
    # Translated to REASONING_* under minted ids: the reasoning message shows.
    "thinking-bracketed": ([S, THINK_START, MSG_START, think("a"), think("b"), MSG_END, THINK_END, *ANSWER, F], None),
    "thinking-message-only": ([S, MSG_START, think("a"), MSG_END, *ANSWER, F], None),
    "thinking-with-tanstack-ids": ([S, {**MSG_START, "messageId": "r1"}, {**think("a"), "messageId": "r1"},
                                    {**MSG_END, "messageId": "r1"}, *ANSWER, F], None),
    # The canary types let content come with no opener: the minted id names nothing open.
    "thinking-content-without-start": ([S, THINK_START, think("a"), THINK_END, *ANSWER, F], 2),
    "thinking-end-without-start": ([S, *ANSWER, THINK_END, F], 4),
    # A second opener before the first closed: the first reasoning message is still open at RUN_FINISHED.
    "thinking-message-restarted": ([S, MSG_START, think("a"), MSG_START, think("b"), MSG_END, F], 6),
    "thinking-left-open": ([S, THINK_START, MSG_START, think("a"), *ANSWER, F], 7),
}


TAGS = st.sampled_from([None, None, "s1", "s2"])


@st.composite
def attributed_streams(draw: Any) -> list[dict[str, Any]]:
    """A run of text, tool calls, results, reasoning, activities, steps and snapshots, each event tagged
    with a subagent (or not), inside subagent spans that are mostly well-formed: most such streams
    pass the run and entity rules, so the attribution rules decide."""
    events: list[dict[str, Any]] = [dict(S)]
    started: list[str] = []
    for _ in range(draw(st.integers(1, 8))):
        owner, kind = draw(TAGS), draw(st.sampled_from(
            ["text", "call", "result", "reasoning", "activity", "step", "sub", "snapshot", "encrypted"]))
        events += _piece(draw, kind, owner, started)
    events += [sub_end(s) for s in started if draw(st.integers(0, 4))]
    return [*events, dict(F)]


def _piece(draw: Any, kind: str, owner: str | None, started: list[str]) -> list[dict[str, Any]]:
    """One entity's events (a step started and finished, a subagent started), some tagged unlike the owner."""
    ident, other = draw(st.sampled_from(["m1", "m2"])), draw(TAGS)
    if kind == "text":
        return text(ident, owner, end_tag=other)
    if kind == "call":
        return call(draw(st.sampled_from(["c1", "c2"])), owner, parent=draw(st.sampled_from([None, "m1", "m2"])),
                    args_tag=other)
    if kind == "result":
        return [result(draw(st.sampled_from(["c1", "c2"])), ident, owner)]
    if kind == "reasoning":
        return reasoning(draw(st.sampled_from(["r1", "m1"])), owner, content_tag=other)
    if kind == "activity":
        return [activity("a1", owner, **draw(st.sampled_from([{}, {"replace": False}]))), activity_delta("a1", other)]
    if kind == "step":
        return [step("tools", owner), step("tools", other, end=True)]
    if kind == "sub":
        sid = draw(st.sampled_from(["s1", "s2", "s3"]))
        parent = draw(st.sampled_from([None, "s1", "s2"]))
        started.append(sid)
        return [sub(sid) if parent is None or parent == sid else sub(sid, parentSubagentRunId=parent)]
    if kind == "snapshot":
        return [snapshot(tag({"id": ident, "role": "assistant", "content": "x"}, owner))]
    return [encrypted(draw(st.sampled_from(["c1", "r1", "m1"])), draw(st.sampled_from(["tool-call", "message"])),
                      owner)]
