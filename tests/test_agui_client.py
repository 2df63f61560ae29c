"""The Python port of ``@ag-ui/client``'s runAgent (:mod:`conformance.agui_client`) agrees with the real one.

One ``node tools/agui-oracle/oracle.mjs`` process reads every stream of a batch and runs it
through a real ``AbstractAgent`` subclass's ``runAgent`` (``@ag-ui/client`` 1.0.0): its ``run``
answer is ``agent.messages``, ``agent.state``, ``agent.pendingInterrupts``, the run's result, the
last outcome and RUN_ERROR its subscribers saw, and the event at which ``runAgent`` rejected. The
port must give exactly that on:

* every stream the AG-UI reference adapter produces over the corpus (four dialects, and v3 with its
  text as TEXT_MESSAGE_CHUNKs);
* every AG-UI mutant's stream on the scenarios of the rows it breaks (the realistic wrong ones);
* hand-written streams for the reducer's branches the adapters never reach (snapshots, deltas,
  activity messages, a reopened message, a renamed call, results placed after their call);
* streams hypothesis generates from the event vocabulary, mostly well-formed so that they reach
  the reducer, sometimes not.

Skipped, with the reason, where ``node`` or ``tools/agui-oracle/node_modules`` is missing.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import strategies as st

from conformance import agui_client, node_oracle
from mock_provider.scenario import Scenario
from tests.agui_attributed import ATTRIBUTED, THINKING, attributed_streams
from tests.agui_events import F, S, call, drawn_cases, text
from tests.agui_streams import chunk_streams, mutant_streams, reference_streams, skip_without_oracle


def result(cid: str, content: str, mid: str | None = None) -> dict[str, Any]:
    return {"type": "TOOL_CALL_RESULT", "messageId": mid or f"r-{cid}", "toolCallId": cid, "content": content}


def snapshot(*messages: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "MESSAGES_SNAPSHOT", "messages": list(messages), **extra}


USER = {"id": "u1", "role": "user", "content": "hi"}
REASONING = [{"type": "REASONING_START", "messageId": "rs"},
             {"type": "REASONING_MESSAGE_START", "messageId": "r1", "role": "reasoning"},
             {"type": "REASONING_MESSAGE_CONTENT", "messageId": "r1", "delta": "think"},
             {"type": "REASONING_MESSAGE_END", "messageId": "r1"}, {"type": "REASONING_END", "messageId": "rs"}]

# Streams for the reducer's branches no adapter of the kit reaches (each on its own line of default.ts).
HAND: dict[str, list[Any]] = {
    "reopened-message-appends": [S, *text("m", "A"), *call("c", "{}", parent="m"), *text("m", "B"), F],
    "call-parent-unknown-creates-it": [S, *call("c", '{"a":', "1}", parent="p"), *text("p", "after"), F],
    "call-parent-is-user-falls-back": [S, snapshot(USER), *call("c", "{}", parent="u1"), F],
    "call-without-parent": [S, *call("c", "[1]"), F],
    "result-after-later-text": [S, *text("m", "A"), *call("c", "{}", parent="m"), *text("m2", "B"),
                                result("c", "ok"), result("c", "again", "r2"), F],
    "result-without-call": [S, result("nope", "x"), F],
    "renamed-call": [S, *call("c", "{}", name="f"), *call("c", name="g"), F],
    "metadata-merged": [S, {"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "assistant",
                            "metadata": {"a": 1, "b": {"x": 1}}},
                        {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "x", "metadata": {"b": 2}},
                        {"type": "TEXT_MESSAGE_END", "messageId": "m", "metadata": {"c": 3}}, F],
    "user-and-named-text": [S, *text("u", "hello", role="user"),
                            {"type": "TEXT_MESSAGE_START", "messageId": "n", "role": "assistant", "name": "bot"},
                            {"type": "TEXT_MESSAGE_END", "messageId": "n"}, F],
    "reasoning": [S, *REASONING, *text("m", "done"), F],
    "encrypted-values": [S, *REASONING, *call("c", "{}"),
                         {"type": "REASONING_ENCRYPTED_VALUE", "subtype": "message", "entityId": "r1",
                          "encryptedValue": "e1"},
                         {"type": "REASONING_ENCRYPTED_VALUE", "subtype": "tool-call", "entityId": "c",
                          "encryptedValue": "e2"}, F],
    "state": [S, {"type": "STATE_SNAPSHOT", "snapshot": {"a": 1, "l": [1, 2]}},
              {"type": "STATE_DELTA", "delta": [{"op": "add", "path": "/b", "value": {"c": 1}},
                                                {"op": "remove", "path": "/l/0"},
                                                {"op": "replace", "path": "/a", "value": "x"}]},
              {"type": "STATE_DELTA", "delta": [{"op": "remove", "path": "/nope"}]},  # fails: unchanged
              {"type": "STATE_DELTA", "delta": [{"op": "test", "path": "/a", "value": "y"}]}, F],
    "state-falsy-snapshot": [S, {"type": "STATE_SNAPSHOT", "snapshot": 0}, F],
    "snapshot-replaces-streamed": [S, *text("m", "streamed"), *REASONING, snapshot(USER), F],
    "snapshot-updates-by-id": [S, *text("m", "streamed"),
                               snapshot(USER, {"id": "m", "role": "assistant", "content": "final"}), *text("m2", "x"),
                               F],
    "snapshot-with-reasoning-owns-it": [S, *REASONING, snapshot({"id": "r9", "role": "reasoning", "content": "z"}), F],
    "snapshot-extra-keys-stripped": [S, snapshot({**USER, "extra": 1},
                                                 {"id": "a", "role": "assistant", "toolCalls": [
                                                     {"id": "c", "type": "function", "x": 1,
                                                      "function": {"name": "f", "arguments": "{}", "y": 2}}]}),
                                     {"type": "TOOL_CALL_ARGS", "toolCallId": "c", "delta": "more"}, F],
    "activity": [S, {"type": "ACTIVITY_SNAPSHOT", "messageId": "act", "activityType": "plan", "content": {"s": [1]}},
                 {"type": "ACTIVITY_DELTA", "messageId": "act", "activityType": "plan",
                  "patch": [{"op": "add", "path": "/s/-", "value": 2}]},
                 {"type": "ACTIVITY_SNAPSHOT", "messageId": "act", "activityType": "plan", "content": {"t": 1},
                  "replace": False, "metadata": {"k": 1}},
                 *text("act", "dropped"), F],
    "activity-snapshot-keeps-or-drops": [S, {"type": "ACTIVITY_SNAPSHOT", "messageId": "a1", "activityType": "x",
                                             "content": {}},
                                         {"type": "ACTIVITY_SNAPSHOT", "messageId": "a2", "activityType": "y",
                                          "content": {}},
                                         snapshot(USER, metadata={"@ag-ui/client": {"authoritativeActivityTypes":
                                                                                   ["x"]}}), F],
    "input-messages": [{**S, "input": {"threadId": "t", "runId": "r", "messages": [USER, USER]}}, *text("m", "x"), F],
    "interrupt": [S, *call("c", "{}"), {**F, "outcome": {"type": "interrupt", "interrupts": [
        {"id": "i1", "reason": "tool_call", "toolCallId": "c"}]}}],
    "result-and-two-runs": [S, {**F, "result": {"x": 1}}, S, {**F, "outcome": {"type": "cancelled"}}],
    "run-error": [S, *text("m", "part", end=False), {"type": "RUN_ERROR", "message": "boom", "code": "E1"}],
    "throws-mid-run": [S, *text("m", "A"), {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "late"}, F],
    "legacy-nulls": [S, {"type": "TOOL_CALL_START", "toolCallId": "c", "toolCallName": "f", "parentMessageId": None},
                     {"type": "TOOL_CALL_END", "toolCallId": "c", "rawEvent": None},
                     {**F, "result": None, "outcome": None}],
    "null-event": [S, *text("m", "A"), None, F],
    "unknown-dropped": [S, {"type": "FOO"}, "text", *text("m", "A"), F],
    "chunks": [S, {"type": "TEXT_MESSAGE_CHUNK", "messageId": "m", "delta": "a"},
               {"type": "TOOL_CALL_CHUNK", "toolCallId": "c", "toolCallName": "f", "parentMessageId": "m",
                "delta": '{"x"'}, {"type": "TOOL_CALL_CHUNK", "delta": ":1}"},
               {"type": "REASONING_MESSAGE_CHUNK", "messageId": "r", "delta": "hm"}, F],
}


_UUID = re.compile(r'"([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})"')


def minted(run: Any) -> Any:
    """The run with each version-4 UUID as ``<minted-k>``, k by first appearance: the ids the boundary mints
    for THINKING_* events (random in Node, counted in the port) read as the same k-th minted id.

    >>> minted({"a": "4f1c2d3e-aaaa-4bbb-8ccc-0123456789ab", "b": ["4f1c2d3e-aaaa-4bbb-8ccc-0123456789ab"]})
    {'a': '<minted-1>', 'b': ['<minted-1>']}
    """
    names: dict[str, str] = {}

    def sub(m: re.Match[str]) -> str:
        return '"' + names.setdefault(m.group(1), f"<minted-{len(names) + 1}>") + '"'

    return json.loads(_UUID.sub(sub, json.dumps(run, sort_keys=True)))


def _disagreements(cases: list[dict[str, Any]]) -> tuple[list[str], int, int]:
    """Streams where the port and the real runAgent differ; and how many threw, how many held messages."""
    real = {r["id"]: minted(r["run"]) for r in node_oracle.run_agui(cases)}
    out: list[str] = []
    threw = with_messages = 0
    for case in cases:
        theirs = real[case["id"]]
        mine = minted(agui_client.client_run(case["events"]).to_json())
        threw += theirs["threw"] is not None
        with_messages += bool(theirs["messages"])
        if mine != theirs:
            out.append(f"{case['id']}: {json.dumps(case['events'])[:1500]}\n  python {json.dumps(mine)[:600]}\n"
                       f"  node   {json.dumps(theirs)[:600]}")
    return out, threw, with_messages


def _report(capsys: pytest.CaptureFixture[str], source: str, cases: list[dict[str, Any]], disagree: list[str],
            threw: int, with_messages: int) -> None:
    with capsys.disabled():
        print(f"\nagui client ({source}): the port and @ag-ui/client's runAgent agree on "
              f"{len(cases) - len(disagree)} of {len(cases)} streams ({threw} rejected, {with_messages} with messages)")
    assert not disagree, f"{len(disagree)} of {len(cases)} streams disagree:\n" + "\n".join(disagree[:6])


def test_hand_written_streams(capsys: pytest.CaptureFixture[str]) -> None:
    skip_without_oracle()
    cases = [{"id": name, "events": events} for name, events in HAND.items()]
    disagree, threw, with_messages = _disagreements(cases)
    _report(capsys, "hand-written", cases, disagree, threw, with_messages)
    # What the streams were written for, read off the port (which the node answer equals):
    runs = {name: agui_client.client_run(events) for name, events in HAND.items()}
    assert runs["reopened-message-appends"].messages[0]["content"] == "AB"
    assert runs["snapshot-replaces-streamed"].messages == [
        {"id": "r1", "role": "reasoning", "content": "think"}, USER]
    assert runs["state"].state == {"a": "x", "l": [2], "b": {"c": 1}}
    assert runs["throws-mid-run"].threw == 4 and runs["throws-mid-run"].messages[0]["content"] == "A"
    assert [m["id"] for m in runs["result-after-later-text"].messages] == ["m", "r-c", "r2", "m2"]


def test_attributed_and_thinking_streams(capsys: pytest.CaptureFixture[str]) -> None:
    """The attribution streams, and canary THINKING_* streams, through a whole runAgent: its
    CompatibilityBoundary translates THINKING_* to REASONING_* under minted ids, which verifyEvents then
    reads like any other (the index at which runAgent rejects is written from that source)."""
    skip_without_oracle()
    cases = [{"id": name, "events": events} for name, (events, _) in {**ATTRIBUTED, **THINKING}.items()]
    disagree, threw, with_messages = _disagreements(cases)
    _report(capsys, "attributed and thinking", cases, disagree, threw, with_messages)
    runs = {name: agui_client.client_run(events) for name, (events, _) in THINKING.items()}
    assert {name: run.threw for name, run in runs.items()} == {name: i for name, (_, i) in THINKING.items()}
    shown = [m for m in runs["thinking-bracketed"].messages if m["role"] == "reasoning"]
    assert [m["content"] for m in shown] == ["ab"] and runs["thinking-bracketed"].outcome == "success"
    assert not runs["thinking-content-without-start"].unported  # the port vouches for thinking streams now


@pytest.mark.slow
def test_generated_attributed_streams(capsys: pytest.CaptureFixture[str]) -> None:
    skip_without_oracle()
    cases = drawn_cases(attributed_streams(), 600, "attributed")
    disagree, threw, with_messages = _disagreements(cases)
    _report(capsys, "generated, attributed", cases, disagree, threw, with_messages)
    assert len(cases) > 540 and len(cases) // 5 < threw < len(cases) * 4 // 5 and with_messages > len(cases) // 3


@pytest.mark.slow
def test_corpus_and_mutant_streams(corpus: list[Scenario], capsys: pytest.CaptureFixture[str]) -> None:
    skip_without_oracle()
    cases = reference_streams(corpus) + chunk_streams(corpus)
    cases += mutant_streams(corpus, also=lambda s: s.id.startswith("tool.text-between"))
    disagree, threw, with_messages = _disagreements(cases)
    _report(capsys, "corpus and mutants", cases, disagree, threw, with_messages)
    assert len(cases) > 1000 and threw > 50 and with_messages > 500  # it really ran, on both kinds


# ---------------------------------------------------------------------------------------------
# Generated streams
# ---------------------------------------------------------------------------------------------

IDS = st.sampled_from(["m1", "m2", "m3"])
CALLS = st.sampled_from(["c1", "c2"])
DELTAS = st.sampled_from(["", "a", " b", '{"x":', "1}", "\n"])
PATHS = st.sampled_from(["", "/a", "/b", "/a/0", "/l/-", "/l/0", "/x/y"])
JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["s", ""]),
                    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.sampled_from(["a", "l", "k"]),
                                                                               inner, max_size=2), max_leaves=4)
# A move from the root into a child leaves fast-json-patch with a circular state (not ported): no root `from`.
PATCH = st.lists(st.fixed_dictionaries({"op": st.sampled_from(["add", "remove", "replace", "test", "move", "copy"]),
                                        "path": PATHS}, optional={"value": JSON, "from": PATHS.filter(bool)}),
                 max_size=3)
MESSAGE = st.one_of(
    st.fixed_dictionaries({"id": IDS | st.just("u1"), "role": st.just("user"), "content": DELTAS}),
    st.fixed_dictionaries({"id": IDS, "role": st.just("assistant")},
                          optional={"content": DELTAS, "toolCalls": st.lists(st.fixed_dictionaries(
                              {"id": CALLS, "type": st.just("function"),
                               "function": st.fixed_dictionaries({"name": st.just("f"), "arguments": DELTAS})}),
                              max_size=2)}),
    st.fixed_dictionaries({"id": IDS, "role": st.just("tool"), "toolCallId": CALLS, "content": DELTAS}),
    st.fixed_dictionaries({"id": IDS, "role": st.just("reasoning"), "content": DELTAS}),
    st.fixed_dictionaries({"id": IDS, "role": st.just("activity"), "activityType": st.just("plan"),
                           "content": st.just({"s": 1})}),
)
META = st.dictionaries(st.sampled_from(["a", "b"]), st.integers(0, 2), max_size=2)


def _event(kind: str, data: Any, ident: str, cid: str) -> dict[str, Any]:
    """One event of ``kind`` on message ``ident`` / call ``cid``, with the fields it needs drawn from ``data``."""
    simple: dict[str, dict[str, Any]] = {
        "TEXT_MESSAGE_START": {"messageId": ident, "role": "assistant"},
        "TEXT_MESSAGE_END": {"messageId": ident}, "REASONING_MESSAGE_START": {"messageId": ident, "role": "reasoning"},
        "REASONING_MESSAGE_END": {"messageId": ident}, "TOOL_CALL_END": {"toolCallId": cid},
        "STEP_STARTED": {"stepName": "s"}, "STEP_FINISHED": {"stepName": "s"}, "CUSTOM": {"name": "n", "value": 1},
        "RUN_ERROR": {"message": "boom"}, "RUN_STARTED": {"threadId": "t", "runId": "r"},
    }
    if kind in simple:
        event = {"type": kind, **simple[kind]}
    elif kind in ("TEXT_MESSAGE_CONTENT", "REASONING_MESSAGE_CONTENT"):
        event = {"type": kind, "messageId": ident, "delta": data.draw(DELTAS)}
    elif kind == "TOOL_CALL_START":
        event = {"type": kind, "toolCallId": cid, "toolCallName": data.draw(st.sampled_from(["f", "g"]))}
        parent = data.draw(st.none() | IDS | st.just("u1"))
        if parent is not None:
            event["parentMessageId"] = parent
    elif kind == "TOOL_CALL_ARGS":
        event = {"type": kind, "toolCallId": cid, "delta": data.draw(DELTAS)}
    elif kind == "TOOL_CALL_RESULT":
        event = {"type": kind, "messageId": data.draw(IDS | st.just("r1")), "toolCallId": cid,
                 "content": data.draw(DELTAS)}
    elif kind == "STATE_SNAPSHOT":
        event = {"type": kind, "snapshot": data.draw(JSON)}
    elif kind == "STATE_DELTA":
        event = {"type": kind, "delta": data.draw(PATCH)}
    elif kind == "MESSAGES_SNAPSHOT":
        event = {"type": kind, "messages": data.draw(st.lists(MESSAGE, max_size=3))}
    elif kind == "ACTIVITY_SNAPSHOT":
        event = {"type": kind, "messageId": ident, "activityType": "plan", "content": data.draw(JSON),
                 **data.draw(st.fixed_dictionaries({}, optional={"replace": st.booleans()}))}
    elif kind == "ACTIVITY_DELTA":
        event = {"type": kind, "messageId": ident, "activityType": "plan", "patch": data.draw(PATCH)}
    elif kind == "RUN_FINISHED":
        event = {"type": kind, "threadId": "t", "runId": "r",
                 **data.draw(st.fixed_dictionaries({}, optional={"result": JSON, "outcome": st.sampled_from(
                     [{"type": "cancelled"}, {"type": "interrupt", "interrupts": [{"id": "i", "reason": "r"}]}])}))}
    else:  # a chunk
        key = "toolCallId" if kind == "TOOL_CALL_CHUNK" else "messageId"
        event = {"type": kind, **data.draw(st.fixed_dictionaries({}, optional={
            key: st.just(cid if kind == "TOOL_CALL_CHUNK" else ident), "delta": DELTAS,
            "toolCallName": st.just("f")}))}
        if kind != "TOOL_CALL_CHUNK":
            event.pop("toolCallName", None)
    if data.draw(st.integers(0, 9)) == 0:
        event["metadata"] = data.draw(META)
    return event


KINDS = ["TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "TOOL_CALL_START", "TOOL_CALL_ARGS",
         "TOOL_CALL_END", "TOOL_CALL_RESULT", "REASONING_MESSAGE_START", "REASONING_MESSAGE_CONTENT",
         "REASONING_MESSAGE_END", "STATE_SNAPSHOT", "STATE_DELTA", "MESSAGES_SNAPSHOT", "ACTIVITY_SNAPSHOT",
         "ACTIVITY_DELTA", "STEP_STARTED", "STEP_FINISHED", "CUSTOM", "TEXT_MESSAGE_CHUNK", "TOOL_CALL_CHUNK",
         "REASONING_MESSAGE_CHUNK", "RUN_ERROR", "RUN_FINISHED", "RUN_STARTED"]


@st.composite
def streams(draw: Any) -> list[dict[str, Any]]:
    """A run: RUN_STARTED, events that mostly keep the lifecycle (an open message gets content, a
    started call arguments, what is open is ended before RUN_FINISHED), and sometimes anything."""
    class _Draw:
        def draw(self, strategy: Any) -> Any:
            return draw(strategy)

    d = _Draw()
    events: list[dict[str, Any]] = [] if draw(st.integers(0, 19)) == 0 else [dict(S)]
    open_text: set[str] = set()
    open_calls: set[str] = set()
    for _ in range(draw(st.integers(1, 14))):
        if draw(st.integers(0, 5)) == 0:
            kind = draw(st.sampled_from(KINDS))  # anything, valid or not
            ident, cid = draw(IDS), draw(CALLS)
        else:
            kind, ident, cid = _sensible(draw, open_text, open_calls)
        events.append(_event(kind, d, ident, cid))
        _track(events[-1], open_text, open_calls)
    if draw(st.booleans()):
        events += [{"type": "TEXT_MESSAGE_END", "messageId": m} for m in sorted(open_text)]
        events += [{"type": "TOOL_CALL_END", "toolCallId": c} for c in sorted(open_calls)]
        events.append(dict(F))
    return events


def _sensible(draw: Any, open_text: set[str], open_calls: set[str]) -> tuple[str, str, str]:
    choices = ["TEXT_MESSAGE_START", "TOOL_CALL_START", "TOOL_CALL_RESULT", "STATE_SNAPSHOT", "STATE_DELTA",
               "MESSAGES_SNAPSHOT", "ACTIVITY_SNAPSHOT", "ACTIVITY_DELTA", "CUSTOM", "TEXT_MESSAGE_CHUNK",
               "REASONING_MESSAGE_START"]
    if open_text:
        choices += ["TEXT_MESSAGE_CONTENT"] * 3 + ["TEXT_MESSAGE_END"] * 2
    if open_calls:
        choices += ["TOOL_CALL_ARGS"] * 3 + ["TOOL_CALL_END"] * 2
    kind = draw(st.sampled_from(choices))
    fresh = sorted({"m1", "m2", "m3"} - open_text) or ["m1"]
    ident = draw(st.sampled_from(sorted(open_text))) if kind in ("TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END") \
        else draw(st.sampled_from(fresh))
    cid = draw(st.sampled_from(sorted(open_calls))) if kind in ("TOOL_CALL_ARGS", "TOOL_CALL_END") and open_calls \
        else draw(CALLS)
    return kind, ident, cid


def _track(event: dict[str, Any], open_text: set[str], open_calls: set[str]) -> None:
    kind = event["type"]
    if kind == "TEXT_MESSAGE_START":
        open_text.add(event["messageId"])
    elif kind == "TEXT_MESSAGE_END":
        open_text.discard(event["messageId"])
    elif kind == "TOOL_CALL_START":
        open_calls.add(event["toolCallId"])
    elif kind == "TOOL_CALL_END":
        open_calls.discard(event["toolCallId"])


GENERATED = 1500


@pytest.mark.slow
def test_generated_streams(capsys: pytest.CaptureFixture[str]) -> None:
    skip_without_oracle()
    cases = drawn_cases(streams(), GENERATED, "gen")
    disagree, threw, with_messages = _disagreements(cases)
    _report(capsys, "generated", cases, disagree, threw, with_messages)
    assert len(cases) >= GENERATED * 0.9 and with_messages > len(cases) // 3 and threw > len(cases) // 10
