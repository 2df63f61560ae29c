"""The server remembers how it resolved a request (``MockProviderState.resolve``): a repeat must get
exactly what a fresh state gives it, and whatever can change the answer must not be remembered.

Each test compares a state that has seen the request before with one that has not (or with the
answer before the change), so an expected value is never copied from the output it checks.
"""

from __future__ import annotations

import json

import pytest

from mock_provider.scenario import Scenario, load_corpus
from mock_provider.server.control import MockProviderState
from mock_provider.server.errors import RequestError

BODY = json.dumps({"model": "m", "stream": True, "messages": [{"role": "user", "content": "hi"}]}).encode()
HEADERS = {"X-Mock-Scenario": "text.basic.001"}


def _corpus(*ids: str) -> list[Scenario]:
    return [s for s in load_corpus() if s.id in ids]


def _answer(state: MockProviderState, body: bytes = BODY, headers: dict[str, str] | None = None,
            scope: str | None = None, dialect: str = "openai-chat") -> tuple[str, int, bytes, tuple[object, ...]]:
    """(scenario id, status, body bytes, the log record's fields) of one request."""
    entry = state.log.start("POST", "/v1/chat/completions", dialect, ((b"Host", b"x"),), scope)
    scenario, plan = state.resolve(dialect, body, headers if headers is not None else HEADERS, entry)
    data = plan.single if plan.single is not None else plan.body
    record = (entry.scenario_id, entry.turn, entry.attempt, entry.past_last_turn, entry.raw_body, entry.body_bytes,
              entry.scope, entry.logged_bytes)
    return scenario.id, plan.status, data, record


def test_a_repeat_gets_what_a_fresh_state_gives_and_its_own_record() -> None:
    warm = MockProviderState(_corpus("text.basic.001"))
    first = _answer(warm)
    for _ in range(3):
        again = _answer(warm)
        fresh = _answer(MockProviderState(_corpus("text.basic.001")))
        assert again[:3] == fresh[:3] == first[:3]
        # The record: the same scenario and turn, the attempt counted on (the fresh state's first is 1).
        assert again[3][0:2] == fresh[3][0:2]
        assert again[3][4:] == fresh[3][4:]
    assert fresh[3][2] == 1
    assert [c.attempt for c in warm.log.records] == [1, 2, 3, 4]


def test_scripted_failed_attempts_still_follow_the_attempt_count() -> None:
    """loop.retry-after.001: attempt 1 of turn 1 is a 429, attempt 2 the script; repeats never skip it."""
    state = MockProviderState(_corpus("loop.retry-after.001"))
    headers = {"X-Mock-Scenario": "loop.retry-after.001"}
    statuses = [_answer(state, headers=headers, scope=scope)[1] for scope in ("a", "a", "a", "b", "b")]
    assert statuses[0] == statuses[3] == 429
    assert statuses[1] == statuses[4] == 200
    assert statuses[2] == 200  # past its failed attempts the script answers again


def test_a_changed_scenario_is_served_at_once() -> None:
    """Replaced (PUT) and removed (DELETE) through the control API's own methods."""
    state = MockProviderState([])
    base = next(s for s in load_corpus() if s.id == "text.basic.001")
    doc = {**base.model_dump(mode="json", exclude_none=True), "id": "cache.replaced.001"}
    headers = {"X-Mock-Scenario": "cache.replaced.001"}
    state.add_scenario_document(json.dumps(doc).encode(), "application/json")
    before = _answer(state, headers=headers)[2]
    assert _answer(state, headers=headers)[2] == before
    changed = json.loads(json.dumps(doc))
    delta = next(step["part"] for step in changed["script"] if step.get("part", {}).get("type") == "text-delta")
    delta["delta"] = "something else entirely"
    changed["expected"].pop("text", None)
    state.add_scenario_document(json.dumps(changed).encode(), "application/json", put_id="cache.replaced.001")
    after = _answer(state, headers=headers)[2]
    assert before != after
    assert after == _answer(MockProviderState([Scenario.model_validate(changed)]), headers=headers)[2]
    state.remove_scenario("cache.replaced.001")
    with pytest.raises(RequestError) as gone:
        _answer(state, headers=headers)
    assert gone.value.status == 404


def test_a_pause_set_after_a_first_answer_still_pauses() -> None:
    state = MockProviderState(_corpus("text.basic.001"))
    whole = _answer(state, scope="case")
    state.pauses["case"] = (1, lambda: None)
    entry = state.log.start("POST", "/v1/chat/completions", "openai-chat", (), "case")
    _, plan = state.resolve("openai-chat", BODY, HEADERS, entry)
    assert any(op.kind != "write" for op in plan.ops), "the paused plan holds the stream open"
    assert (plan.single if plan.single is not None else plan.body) != whole[2]


def test_the_default_scenario_and_the_headers_are_part_of_the_question() -> None:
    state = MockProviderState(_corpus("text.basic.001", "reasoning.only.001"))
    with pytest.raises(RequestError):  # no selection without a header or a default
        _answer(state, headers={})
    state.default_scenario = ("text.basic.001", "harness")
    by_default = _answer(state, headers={})
    assert by_default[0] == "text.basic.001" and by_default[3][6] == "harness"  # rescoped into the case
    state.default_scenario = ("reasoning.only.001", None)
    assert _answer(state, headers={})[0] == "reasoning.only.001"
    assert _answer(state, headers={"X-Mock-Scenario": "text.basic.001"})[0] == "text.basic.001"
    think = _answer(state, headers={"X-Mock-Scenario": "reasoning.only.001", "X-Mock-Reasoning": "think-tags"})[2]
    plain_reasoning = _answer(state, headers={"X-Mock-Scenario": "reasoning.only.001"})[2]
    assert think != plain_reasoning
    assert think == _answer(MockProviderState(_corpus("reasoning.only.001")),
                            headers={"X-Mock-Scenario": "reasoning.only.001", "X-Mock-Reasoning": "think-tags"})[2]


def test_a_bad_request_is_refused_every_time() -> None:
    state = MockProviderState(_corpus("text.basic.001"))
    for _ in range(2):
        with pytest.raises(RequestError) as refused:
            _answer(state, body=b'{"messages": "not a list"')
        assert refused.value.status == 400
    assert _answer(state)[1] == 200


def test_the_memory_is_bounded_by_count_and_by_body_bytes() -> None:
    state = MockProviderState(_corpus("text.basic.001"))
    state.MAX_RESOLVED, state.MAX_RESOLVED_BYTES = 3, 10_000  # type: ignore[misc]
    bodies = [json.dumps({"model": "m", "stream": True,
                          "messages": [{"role": "user", "content": (str(i) * 4000)[:4000]}]}).encode()
              for i in range(40)]
    for body in bodies:
        first = _answer(state, body=body)
        assert first[:3] == _answer(state, body=body)[:3]  # a repeat still gets the same answer
        assert len(state._resolved) <= 3
        assert state._resolved_bytes <= 10_000
        assert state._resolved_bytes == sum(len(k[1]) for k in state._resolved)
