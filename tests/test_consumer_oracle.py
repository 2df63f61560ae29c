"""The Python StreamProcessor port agrees with the real one (Node, ``@tanstack/ai`` 0.58.0).

Every event stream below goes through both processors; the UIMessage[] must be equal after
normalizing generated ids and ``createdAt`` (``conformance.node_oracle.normalize``). Skipped,
with the reason, where ``node`` or ``tools/consumer-oracle/node_modules`` is missing.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance import node_oracle
from conformance.consumer import StreamProcessor, consumer_chunks, process_events
from conformance.reference import agui, tanstack
from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario
from tests.mutants import ALL_MUTANTS

# Slow set (tests/conftest.py): the corpus and every mutant's streams through the Node StreamProcessor.
pytestmark = pytest.mark.slow

RUN: dict[str, Any] = {"type": "RUN_STARTED", "threadId": "t", "runId": "r"}
FIN: dict[str, Any] = {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}
FIN_TOOLS: dict[str, Any] = {**FIN, "metadata": {"tanstack": {"finishReason": "tool_calls"}}}


def seq(*items: dict[str, Any] | list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Events and lists of events, flattened, between RUN_STARTED and whatever the caller ends with."""
    out: list[dict[str, Any]] = [RUN]
    for item in items:
        out.extend(item if isinstance(item, list) else [item])
    return out


def text(mid: str, *deltas: str, start: bool = True, end: bool = True) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"type": "TEXT_MESSAGE_START", "messageId": mid, "role": "assistant"}] if start else []
    out += [{"type": "TEXT_MESSAGE_CONTENT", "messageId": mid, "delta": d} for d in deltas]
    return out + ([{"type": "TEXT_MESSAGE_END", "messageId": mid}] if end else [])


def call(cid: str, args: str, parent: str | None = None, **end: Any) -> list[dict[str, Any]]:
    start: dict[str, Any] = {"type": "TOOL_CALL_START", "toolCallId": cid, "toolCallName": "f"}
    if parent is not None:
        start["parentMessageId"] = parent
    return [start, {"type": "TOOL_CALL_ARGS", "toolCallId": cid, "delta": args},
            {"type": "TOOL_CALL_END", "toolCallId": cid, **end}]


def reasoning(mid: str, delta: str) -> dict[str, Any]:
    return {"type": "REASONING_MESSAGE_CONTENT", "messageId": mid, "delta": delta}


def custom(name: str, **value: Any) -> dict[str, Any]:
    return {"type": "CUSTOM", "name": name, "value": value}


APPROVAL = {"id": "a1", "needsApproval": True}
INTERRUPT = {"type": "interrupt", "interrupts": [
    {"id": "a1", "reason": "tool_call", "toolCallId": "c", "metadata": {"kind": "approval", "toolName": "f"}}]}

# Streams the reference adapters never produce, chosen to reach the processor's other branches.
EDGE_STREAMS: dict[str, tuple[str, list[dict[str, Any]]]] = {
    "whitespace-only": ("ag-ui", seq(text("m", " ", "\n"), FIN)),
    "whitespace-after-call-own-message": ("ag-ui", seq(text("m", "Hi"), call("c", "{}", "m"), text("m2", "\n"), FIN)),
    "one-id-text-call-text": ("ag-ui", seq(text("m", "A", end=False), call("c", '{"x":1}', "m"),
                                           text("m", "B", start=False), FIN)),
    "one-id-restart-after-call": ("ag-ui", seq(text("m", "A"), call("c", '{"x":1}', "m"), text("m", "B"), FIN)),
    "call-first-then-text": ("ag-ui", seq(call("c", "[1]"), text("m", "after"), FIN)),
    "args-unknown-id": ("ag-ui", seq({"type": "TOOL_CALL_ARGS", "toolCallId": "nope", "delta": "{}"}, FIN)),
    "call-never-ended": ("ag-ui", seq(call("c", '{"a":')[:2], FIN)),
    "end-input-without-args": ("tanstack", seq({"type": "TOOL_CALL_START", "toolCallId": "c", "toolName": "f"},
                                               {"type": "TOOL_CALL_END", "toolCallId": "c", "input": {"q": 1}}, FIN)),
    "end-result-error": ("tanstack", seq(call("c", "{}", result='{"error":"nope"}', state="output-error"), FIN)),
    "end-result-ok": ("tanstack", seq(call("c", "{}", result="plain text"), FIN)),
    "run-error-no-message": ("ag-ui", seq(text("m", "partial", end=False), {"type": "RUN_ERROR", "message": ""})),
    "tanstack-error-object": ("tanstack", seq({"type": "RUN_ERROR", "error": {"message": "boom", "code": "429"}})),
    "step-named-thinking": ("tanstack", seq({"type": "STEP_STARTED", "stepName": "s1", "stepType": "thinking"},
                                            reasoning("r1", "hm"),
                                            {"type": "STEP_FINISHED", "stepName": "s1", "signature": "sig"},
                                            text("m", "ok"), FIN)),
    "reasoning-text-reasoning": ("ag-ui", seq(reasoning("r1", "one"), text("m", "A"), reasoning("r2", "two"),
                                              text("m2", "B"), FIN)),
    "encrypted-value": ("ag-ui", seq(reasoning("r1", "x"), {"type": "REASONING_ENCRYPTED_VALUE", "subtype": "message",
                                                            "entityId": "r1", "encryptedValue": "e"}, FIN)),
    "approval-custom": ("ag-ui", seq(call("c", '{"n":1}'), custom("approval-requested", toolCallId="c", toolName="f",
                                                                  input={"n": 1}, approval=APPROVAL), FIN)),
    "approval-interrupt-tool-calls": ("ag-ui", seq(call("c", "{}"), {**FIN_TOOLS, "outcome": INTERRUPT})),
    "tool-calls-finish-then-more": ("ag-ui", seq(call("c", "{}"), FIN_TOOLS, text("m", "late"), FIN)),
    "structured-output": ("ag-ui", seq(custom("structured-output.start", messageId="m"), text("m", '{"a":', "1}"),
                                       custom("structured-output.complete", object={"a": 1}, raw='{"a":1}'), FIN)),
    "structured-output-unfinished": ("ag-ui", seq(custom("structured-output.start", messageId="m"),
                                                  text("m", '{"a":1}'), FIN)),
    "user-role-and-metadata": ("ag-ui", seq(
        {"type": "TEXT_MESSAGE_START", "messageId": "u", "role": "user",
         "metadata": {"k": 1, "tanstack": {"model": "x"}}},
        {"type": "TEXT_MESSAGE_CONTENT", "messageId": "u", "delta": "hi", "metadata": {"tanstack": {"content": "hi"}}},
        {"type": "TEXT_MESSAGE_END", "messageId": "u"}, FIN)),
    "content-without-start": ("ag-ui", seq({"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "x"}, FIN)),
    # A custom tool's free-text input: raw text (no strict parse: the part has no input unless END gives it)
    # or the text's JSON string (parsed to the text), with END's canonical input or without it.
    "text-input-raw": ("ag-ui", seq(call("c", "SELECT 1;\nGO"), FIN)),
    "text-input-raw-end-input": ("tanstack", seq(call("c", "SELECT 1;\nGO", input="SELECT 1;\nGO"), FIN)),
    "text-input-json": ("ag-ui", seq(call("c", '"SELECT 1;\\nGO"'), FIN)),
    "text-input-json-end-input": ("ag-ui", seq(call("c", '"SELECT 1;\\nGO"',
                                                    metadata={"tanstack": {"input": "SELECT 1;\nGO"}}), FIN)),
    "garbage-fields": ("ag-ui", seq({"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": None},
                                    {"type": "TOOL_CALL_START", "toolCallId": "c", "toolCallName": None},
                                    {"type": "TOOL_CALL_ARGS", "toolCallId": "c", "delta": 5}, FIN)),
}


def _streams(corpus: list[Scenario]) -> list[dict[str, Any]]:
    cases = [{"id": f"edge:{key}", "output": out, "events": ev} for key, (out, ev) in EDGE_STREAMS.items()]
    for scenario in corpus:
        for name, factory, output in (("agui", agui, "ag-ui"), ("tanstack", tanstack, "tanstack")):
            for dialect in ("v2", "v3", "v4", "mastra"):
                result = run_case(factory, scenario, dialect)
                if result.events:
                    cases.append({"id": f"{name}:{result.case_id}", "output": output, "events": result.events})
    # The mutants' streams are the realistic wrong ones: both processors must agree on those too
    # (each mutant on the scenarios of the rows it breaks, where its defect shows).
    settings = Settings(timeout=2.0, grace=0.5)
    for mutant in ALL_MUTANTS:
        if mutant.base not in ("agui", "tanstack"):
            continue
        for scenario in corpus:
            if not (set(scenario.rows) & mutant.targets or scenario.id.startswith("tool.text-between")):
                continue
            result = run_case(mutant.factory, scenario, mutant.dialects[0], settings, adapter_name=mutant.name)
            if result.events and all(isinstance(e, dict) for e in result.events):
                output = "tanstack" if mutant.base == "tanstack" else "ag-ui"
                cases.append({"id": f"{mutant.name}:{result.case_id}", "output": output, "events": result.events})
    return cases


def _result(case: dict[str, Any]) -> Any:
    processor = StreamProcessor()
    processor.process(consumer_chunks(case["events"], case["output"]))
    return node_oracle.normalize({k: v for k, v in processor.result().items() if v is not None})


def _result_of(real: dict[str, Any]) -> Any:
    return node_oracle.normalize({k: v for k, v in real["result"].items() if v is not None})


def test_python_port_agrees_with_the_real_stream_processor(corpus: list[Scenario], record_property: Any,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    why = node_oracle.unavailable()
    if why is not None:
        pytest.skip(f"Node oracle unavailable: {why}")
    cases = _streams(corpus)
    real = {r["id"]: r for r in node_oracle.run(cases)}
    disagree = []
    for case in cases:
        mine = node_oracle.normalize(process_events(case["events"], case["output"]))
        theirs = real[case["id"]]
        same = mine == node_oracle.normalize(theirs["messages"]) and _result(case) == _result_of(theirs)
        if theirs["error"] is not None or not same:
            disagree.append(f"{case['id']}:\n  python {mine}\n  node   {theirs['messages']} {theirs['error'] or ''}")
    record_property("consumer_oracle_agree", f"{len(cases) - len(disagree)}/{len(cases)}")
    scenarios = {c["id"].split(":", 1)[1].split("[", 1)[0] for c in cases if not c["id"].startswith("edge:")}
    bad_scenarios = {d.split(":", 2)[1].split("[", 1)[0] for d in disagree if not d.startswith("edge:")}
    with capsys.disabled():
        print(f"\nconsumer oracle: Python and Node StreamProcessor agree on {len(cases) - len(disagree)} "
              f"of {len(cases)} event streams, {len(scenarios - bad_scenarios)} of {len(scenarios)} scenarios "
              f"({len(EDGE_STREAMS)} hand-written edge streams)")
    assert not disagree, f"{len(disagree)} of {len(cases)} streams disagree:\n" + "\n".join(disagree[:5])
    assert len(cases) > 700  # the comparison really ran over the corpus
