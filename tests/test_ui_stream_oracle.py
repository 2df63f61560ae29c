"""Our UI message stream grader agrees with the AI SDK's own reader (Node: ``ai`` 5.0.277, 6.0.326 and 7.0.173).

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

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given
from hypothesis import settings as run_settings

from conformance import node_oracle
from conformance.reference import ui_message_stream, ui_message_stream7
from conformance.runner import Settings, run_case
from conformance.ui_message_reader import read
from mock_provider.scenario import Scenario
from tests.calibration import recorded_runs
from tests.mutants import ALL_MUTANTS
from tests.test_ui_message_stream import LIFECYCLE_CASES, valid_stream
from tests.test_ui_message_stream7 import ai7_stream, approval_streams, text_across_finish_step
from tests.ui_chunk_streams import ui_streams
from tests.ui_merged_streams import merged_cases

DIALECTS = ("v2", "v3", "v4", "mastra")
VERSION_OF = {"ui-message-stream": 6, "ui-message-stream@7": 7, "ui-message-stream@5": 5}
VERSIONS = (5, 6, 7)

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
    streams += [(f"approval-{name}", events) for name, (events, _thrown) in approval_streams().items()]
    streams += [(f"ai5-{name}", events) for name, events in ai5_streams().items()]
    return [{"id": f"hand:{name}@{v}", "version": v, "events": events} for name, events in streams for v in VERSIONS]


def ai5_streams() -> dict[str, list[Any]]:
    """Where ai 5's reader differs from ai 6's: a tool output whose ``dynamic`` flag is not the call's (ai 5
    throws), a text-encoded input (ai 5 parses it as JSON), result metadata, a renamed call, an unopened part."""
    call = {"toolCallId": "c", "toolName": "f"}
    return {
        "unknown-finish": [{"type": "start"}, {"type": "finish", "finishReason": "unknown"}],
        "dynamic-output-of-static": [{"type": "start"}, {"type": "tool-input-available", **call, "input": {}},
                                     {"type": "tool-output-available", "toolCallId": "c", "output": 1,
                                      "dynamic": True}, {"type": "finish"}],
        "static-output-of-dynamic": [{"type": "start"}, {"type": "tool-input-available", **call, "input": {},
                                                         "dynamic": True},
                                     {"type": "tool-output-error", "toolCallId": "c", "errorText": "x"},
                                     {"type": "finish"}],
        "dynamic-both": [{"type": "start"}, {"type": "tool-input-start", **call, "dynamic": True},
                         {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": '{"a":'},
                         {"type": "tool-input-available", **call, "input": {"a": 1}, "dynamic": True,
                          "providerMetadata": {"p": {"k": 1}}},
                         {"type": "tool-output-available", "toolCallId": "c", "output": 2, "dynamic": True,
                          "providerExecuted": True, "providerMetadata": {"p": {"r": 1}}}, {"type": "finish"}],
        "text-input": [{"type": "start"}, {"type": "tool-input-start", **call, "inputEncoding": "text",
                                           "title": "T", "toolMetadata": {"m": 1}},
                       {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": '{"q": "a'},
                       {"type": "tool-input-available", **call, "input": "x", "title": "T"}],
        "renamed": [{"type": "start"}, {"type": "tool-input-start", **call},
                    {"type": "tool-input-available", "toolCallId": "c", "toolName": "g", "input": {}},
                    {"type": "tool-output-available", "toolCallId": "c", "output": 1,
                     "providerMetadata": {"p": {}}}],
        "input-error-dynamic": [{"type": "start"}, {"type": "tool-input-start", **call, "dynamic": True},
                                {"type": "tool-input-error", **call, "input": "{", "errorText": "bad"}],
        "unopened-end": [{"type": "start"}, {"type": "reasoning-end", "id": "r"}],
        "file-metadata": [{"type": "start"}, {"type": "file", "url": "u", "mediaType": "text/plain",
                                              "providerMetadata": {"p": {}}}],
        "escape": [{"type": "start"}, {"type": "tool-input-start", **call},
                   {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": '{"a": "x\\u00'}],
        "denied": [{"type": "start"}, {"type": "tool-input-available", **call, "input": {}},
                   {"type": "tool-output-denied", "toolCallId": "c"}, {"type": "abort", "reason": "r"}],
    }


def _streams(corpus: list[Scenario]) -> list[dict[str, Any]]:
    cases = _hand_streams()
    for factory, version in ((ui_message_stream, 6), (ui_message_stream7, 7)):
        for scenario in corpus:
            for dialect in DIALECTS:
                result = run_case(factory, scenario, dialect, Settings(timeout=5.0))
                if result.events:
                    cases.append({"id": f"ref{version}:{result.case_id}", "version": version,
                                  "events": result.events})
    # No ai 5 reference adapter: ai 6's streams, read by ai 5's schema and reader (what a producer that
    # writes ai 6's chunks to an ai 5 client meets).
    cases += [{**c, "id": f"ref5:{c['id'][5:]}", "version": 5} for c in cases if c["id"].startswith("ref6:")]
    cases += _recorded_streams()
    cases += merged_cases([c for c in cases if c["id"].startswith("ref") and c["id"].endswith("[v3]")], MERGED_PAIRS)
    settings = Settings(timeout=2.0, grace=0.5)
    for mutant in ALL_MUTANTS:
        mutant_version = VERSION_OF.get(mutant.base)
        if mutant_version is None:
            continue
        for scenario in corpus:
            if not set(scenario.rows) & (mutant.targets | {"8.1.4", "8.1.9"}):
                continue
            result = run_case(mutant.factory, scenario, mutant.dialects[0], settings, adapter_name=mutant.name)
            if result.events:
                cases.append({"id": f"{mutant.name}:{result.case_id}", "version": mutant_version,
                              "events": result.events})
    return cases


def _recorded_streams() -> list[dict[str, Any]]:
    """What the pinned real UI-message-stream adapters sent (their recorded runs, tests/data/recorded)."""
    out = []
    for name, records in recorded_runs().items():
        for r in records:
            output = r.capabilities.output if r.capabilities is not None else ""
            if output.startswith("ui-message-stream") and r.events:
                out.append({"id": f"{name}:{r.case_id}", "version": VERSION_OF.get(output, 6),
                            "events": list(r.events)})
    return out


GENERATED = 700  # hypothesis streams, each read by both versions
MERGED_PAIRS = 200  # per version: pairs of reference streams merged as writer.merge can (six shapes a pair)
# JSON texts whose every prefix (with a stray character or none after it) is streamed as one tool call's
# input: fixJson and parsePartialJson, branch by branch (escapes, \\u escapes, exponents, literals).
PROBE_DOCS = ['{"city": "Madrid", "days": [1, 2.5e3, -0.5], "ok": true, "none": null}',
              '[{"a": "x\\"y\\\\z\\u00e9\\n"}, [], {}, false, -12E-2]',
              '{"__proto__": {"x": 1}, "constructor": {"prototype": 1}}',
              '  {"nested": {"deep": [[[1]], {"k": "v"}]}, "t": tru',
              '"just a string"']
STRAYS = ("", "x", "}", "]", " ", ",", ":", '"')


def _generated_streams() -> list[dict[str, Any]]:
    streams: list[list[Any]] = []

    @run_settings(max_examples=GENERATED, derandomize=True, database=None, deadline=None,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate])
    @given(ui_streams())
    def collect(events: list[Any]) -> None:
        streams.append(events)

    collect()
    return [{"id": f"generated:{i}@{v}", "version": v, "events": events, "generated": True}
            for i, events in enumerate(streams) for v in VERSIONS]


def _partial_json_probes() -> list[dict[str, Any]]:
    texts = sorted({doc[:k] + stray for doc in PROBE_DOCS for k in range(len(doc) + 1) for stray in STRAYS})
    return [{"id": f"probe:{i}@{v}", "version": v, "generated": True,
             "events": [{"type": "tool-input-start", "toolCallId": "c", "toolName": "f"},
                        {"type": "tool-input-delta", "toolCallId": "c", "inputTextDelta": text}]}
            for i, text in enumerate(texts) for v in VERSIONS]


def _comparable(value: Any) -> Any:
    """A JSON value as JavaScript holds it: integers past 2**53 are doubles, and an integral double prints as an
    integer below 1e21 (Number.prototype.toString), -2**53 included."""
    if isinstance(value, dict):
        return {k: _comparable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_comparable(v) for v in value]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    number = float(value) if isinstance(value, int) and abs(value) > 2**53 else value
    return int(number) if isinstance(number, float) and number.is_integer() and abs(number) < 1e21 else number


def _same_reading(case: dict[str, Any], theirs: dict[str, Any]) -> str | None:
    """Where our port's reading of the stream (up to the first chunk ai's schema refuses) differs, or None."""
    events = case["events"]
    invalid = [i for i, _ in theirs["invalid"]]
    mine = read(events[:invalid[0]] if invalid else events, case["version"])
    ours_json = json.dumps(_comparable(mine.message), sort_keys=True)
    if ours_json != json.dumps(_comparable(theirs["message"]), sort_keys=True):
        return f"message: ours {ours_json[:300]}; ai's {json.dumps(theirs['message'], sort_keys=True)[:300]}"
    if mine.in_band != theirs["inBand"]:
        return f"in-band errors: ours {mine.in_band}, ai's {theirs['inBand']}"
    name = mine.error.split(":", 1)[0] if mine.error else None
    if name != theirs["errorName"]:
        return f"error: ours {mine.error}, ai's {theirs['rejected']}"
    if mine.error is not None and (mine.error_index != theirs["rejected"]["index"] or (
            name != "TypeError" and mine.error != theirs["rejected"]["reason"])):
        return f"error: ours {mine.error} at {mine.error_index}, ai's {theirs['rejected']}"
    return None  # a TypeError's wording is V8's, not compared


Oracle = tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]


def _failed_at_the_terminal(events: list[Any], version: int, their_rejected: int | None) -> bool:
    """ai's reader throws at a chunk past the stream's first terminal chunk, and our grader has already
    failed that chunk as content after the terminal (8.1.18, a MUST): a merged stream whose later source
    finished first. The lifecycle does not read parts past the terminal (one finding there, not two)."""
    from conformance.protocols import protocol

    terminal = next((i for i, e in enumerate(events) if isinstance(e, dict)
                     and e.get("type") in ("finish", "error", "abort")), None)
    if their_rejected is None or terminal is None or their_rejected <= terminal:
        return False
    after = [f.event_index for f in protocol(node_oracle.UI_VERSIONS[version]).lifecycle(events)
             if f.row == "8.1.18" and f.event_index is not None]
    return bool(after) and min(after) <= their_rejected


# The two slow tests that read it are one xdist group: the slow set (``--dist loadgroup``, tests/conftest.py)
# runs Node over every stream once, on one worker.
@pytest.fixture(scope="module")
def oracle(corpus: list[Scenario]) -> Oracle:
    """Every stream of this module and ai's reading of it, from one ``node`` process: the corpus
    streams (reference adapters, mutants, hand-written), then the generated ones and the partial JSON
    probes (``"generated": True``), which only the final-message comparison reads."""
    why = node_oracle.ui_unavailable()
    if why is not None:
        pytest.skip(f"UI message stream oracle unavailable: {why}")
    cases = _streams(corpus) + _generated_streams() + _partial_json_probes()
    return cases, {r["id"]: r for r in node_oracle.run_ui(cases)}


@pytest.mark.slow
@pytest.mark.xdist_group("ui-stream-oracle")
def test_our_reading_agrees_with_ai_s_own_reader(oracle: Oracle, capsys: pytest.CaptureFixture[str]) -> None:
    cases, real = oracle
    cases = [c for c in cases if not c.get("generated")]
    disagree, rejected = [], 0
    for case in cases:
        theirs = real[case["id"]]
        mine = node_oracle.ui_verdict(case["events"], case["version"])
        their_rejected = theirs["rejected"]["index"] if theirs["rejected"] else None
        rejected += theirs["verdict"] == "reject"
        assert (theirs["verdict"] == "reject") == bool(theirs["invalid"] or their_rejected is not None)
        if mine == {"invalid": [i for i, _ in theirs["invalid"]], "rejected": their_rejected}:
            continue
        if mine["invalid"] == [i for i, _ in theirs["invalid"]] and mine["rejected"] is None \
                and _failed_at_the_terminal(case["events"], case["version"], their_rejected):
            continue
        disagree.append(f"{case['id']}: ours {mine}; ai {theirs['version']}: invalid {theirs['invalid'][:2]}, "
                        f"rejected {theirs['rejected']}")
    with capsys.disabled():
        print(f"\nui-stream oracle: ours and ai's reader agree on {len(cases) - len(disagree)} of "
              f"{len(cases)} streams ({rejected} rejected by ai)")
    assert not disagree, f"{len(disagree)} of {len(cases)} streams disagree:\n" + "\n".join(disagree[:8])
    assert len(cases) > 700 and rejected > 20  # it really ran, and on streams that fail too


@pytest.mark.slow
@pytest.mark.xdist_group("ui-stream-oracle")
def test_the_port_reads_every_stream_as_ai_s_reader_does(oracle: Oracle, capsys: pytest.CaptureFixture[str]) -> None:
    """conformance.ui_message_reader gives the final message, the in-band errors and the thrown error
    ai's readUIMessageStream gives, on every stream of the module (each read as that version)."""
    cases, real = oracle
    disagree = [f"{c['id']}: {why}" for c in cases if (why := _same_reading(c, real[c["id"]])) is not None]
    generated = sum(1 for c in cases if c.get("generated"))
    threw = sum(1 for c in cases if real[c["id"]]["errorName"] is not None)
    with capsys.disabled():
        print(f"\nui reader port: the final message agrees with ai's readUIMessageStream on "
              f"{len(cases) - len(disagree)} of {len(cases)} streams ({generated} generated or probes, "
              f"{threw} thrown at)")
    assert not disagree, f"{len(disagree)} of {len(cases)} streams read differently:\n" + "\n".join(disagree[:8])
    assert len(cases) > 4000 and threw > 200  # it really ran, on streams the reader throws at too


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
