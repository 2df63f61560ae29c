"""A Responses request that names an earlier item by ``item_reference`` carries that item, as OpenAI's server reads it.

@ai-sdk/openai 2.0.131 sends each earlier call, message and reasoning item back as ``{type: 'item_reference', id}``
while ``store`` is on, its default (ai5-openai dist/index.mjs:2734-2810); OpenAI's server reads the item it served under
that id (openai 3.57.0 ``ItemReference``). The mock logs the output items each answer completed
(``UpstreamCall.served_items``) and the grader reads a reference through them: a loop whose turn-2 request names the
turn-1 call and message by reference passes request.tool-history, and a reference to an id never served is no call.
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx

from conformance.contract import Capabilities
from conformance.grading import grade
from conformance.run_record import RunRecord, UpstreamCall
from conformance.runner import Settings
from mock_provider.scenario import Scenario
from mock_provider.server import ThreadedMockServer
from tests.shared_corpus import builtin_corpus

SID = "loop.text-between.001"
HISTORY = "request.tool-history"
TOOLS = [{"type": "function", "name": "get_weather", "parameters": {"type": "object"}}]
USER = {"role": "user", "content": [{"type": "input_text", "text": "Weather in Oslo?"}]}
CAPS = Capabilities(name="a", inputs=["openai-responses"], output="ag-ui", features={"tools", "server_tools"})
ANSWER = {"type": "function_call_output", "call_id": "call_t1", "output": '{"temp_c":3}'}


def _scenario() -> Scenario:
    return next(s for s in builtin_corpus() if s.id == SID)


def _ask(client: httpx.Client, base: str, items: list[Any]) -> None:
    body = {"model": f"scenario:{SID}", "stream": True, "tools": TOOLS, "input": items}
    with client.stream("POST", f"{base}/v1/responses", json=body, headers={"X-Mock-Scope": "refs"}) as resp:
        assert resp.status_code == 200, resp.read()
        resp.read()


def _served_loop(second: list[Any] | None = None) -> tuple[list[Any], list[Any]]:
    """Turn 1 over the mock's Responses wire, then turn 2 with the references ``second`` (None: to the items turn 1
    was served); the log's calls and turn 1's served items."""
    with ThreadedMockServer() as server, httpx.Client(timeout=10.0) as client:
        _ask(client, server.base_url, [USER])
        first = server.state.log.entries("refs")[0]
        refs = [{"type": "item_reference", "id": i["id"]} for i in first.served_items] if second is None else second
        _ask(client, server.base_url, [USER, *refs, ANSWER])
        calls = server.state.log.entries("refs")
        deadline = time.monotonic() + 5.0
        while any(c.ended_at is None for c in calls) and time.monotonic() < deadline:
            time.sleep(0.01)  # the server may end a record just after the client read
        return calls, list(first.served_items)


def _graded(calls: list[Any]) -> set[str]:
    upstream = tuple(UpstreamCall(request=c.request, turn=c.turn, attempt=c.attempt, served_items=c.served_items)
                     for c in calls)
    record = RunRecord(case_id=f"{SID}[openai-responses]", scenario_id=SID, dialect="openai-responses", adapter="a",
                       capabilities=CAPS, upstream=upstream, positions_known=False)
    result = grade(record, _scenario(), Settings(timeout=5.0))
    return {f.row for f in result.findings if f.row == HISTORY}


def test_the_mock_logs_the_items_it_served_and_a_reference_to_them_is_that_turns_history() -> None:
    calls, served = _served_loop()
    assert [(i["type"], i.get("call_id")) for i in served] == [("message", None), ("function_call", "call_t1")]
    assert served[1]["id"].startswith("fc_") and served[1]["arguments"] == '{"city":"Oslo"}'
    # The mock's turn count reads a reference to its own items as the assistant turn they were: turn 2, not refused.
    assert [(c.turn, c.past_last_turn) for c in calls] == [(1, False), (2, False)]
    assert calls[0].to_json()["served_items"] == served and calls[1].served_items[0]["type"] == "message"
    assert _graded(calls) == set()


def test_a_reference_to_an_id_never_served_is_no_call() -> None:
    calls, _served = _served_loop([{"type": "item_reference", "id": "fc_never_served_0"}])
    assert [c.turn for c in calls] == [1, 2]
    assert _graded(calls) == {HISTORY}


def test_a_reference_reads_only_what_an_earlier_call_was_served() -> None:
    calls, served = _served_loop()
    # The same items logged as served to the turn-2 call itself, not to turn 1: nothing earlier named them.
    first = UpstreamCall(request=calls[0].request, turn=1, attempt=1)
    second = UpstreamCall(request=calls[1].request, turn=2, attempt=1, served_items=tuple(served))
    record = RunRecord(case_id=f"{SID}[openai-responses]", scenario_id=SID, dialect="openai-responses", adapter="a",
                       capabilities=CAPS, upstream=(first, second), positions_known=False)
    assert HISTORY in {f.row for f in grade(record, _scenario(), Settings(timeout=5.0)).findings}


def test_served_items_go_through_the_run_record_json() -> None:
    calls, _served = _served_loop()
    record = RunRecord(case_id="c", scenario_id=SID, dialect="openai-responses", adapter="a", capabilities=CAPS,
                       upstream=tuple(UpstreamCall(turn=c.turn, served_items=c.served_items) for c in calls))
    again = RunRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record and again.upstream[0].served_items == calls[0].served_items
    # A recording made before served items were kept reads as none served.
    old = record.to_json()
    for call in old["upstream"]:
        del call["served_items"]
    assert RunRecord.from_json(old).upstream[0].served_items == ()
