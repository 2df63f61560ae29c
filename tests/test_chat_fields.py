"""Chat Completions fields OpenAI sends beside the content (wire option ``chat_fields``): each is played
in the shape of the published types, and none changes what the other wires send."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openai.types.chat import ChatCompletionChunk

from mock_provider.scenario import Scenario, load_corpus
from mock_provider.wires import plan_response

SID = "quirks.chat-extras.001"


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return next(s for s in load_corpus() if s.id == SID)


def _chunks(body: bytes) -> list[dict[str, Any]]:
    return [json.loads(line[6:]) for line in body.decode().splitlines()
            if line.startswith("data: ") and line != "data: [DONE]"]


def _render(s: Scenario, wire: str = "openai-chat") -> bytes:
    return plan_response(s, wire, {"stream": True, "stream_options": {"include_usage": True}}).body_bytes()


def test_every_field_is_played_in_the_published_shape(scenario: Scenario) -> None:
    chunks = [ChatCompletionChunk.model_validate(c) for c in _chunks(_render(scenario))]
    assert {c.service_tier for c in chunks} == {"default"}
    assert len({c.system_fingerprint for c in chunks}) == 1 and chunks[0].system_fingerprint
    pads = [c.obfuscation for c in chunks]
    assert all(pads) and len({len(p or "") for p in pads}) > 1  # padding of varying length
    tokens = [lp.token for c in chunks for ch in c.choices if ch.logprobs and ch.logprobs.content
              for lp in ch.logprobs.content]
    assert "".join(tokens) == scenario.expected.text
    usage = chunks[-1].usage
    assert usage is not None and usage.prompt_tokens_details and usage.completion_tokens_details
    assert (usage.prompt_tokens_details.cached_tokens, usage.prompt_tokens_details.cache_write_tokens,
            usage.prompt_tokens_details.audio_tokens) == (12, 0, 0)
    details = usage.completion_tokens_details
    assert (details.reasoning_tokens, details.audio_tokens, details.accepted_prediction_tokens,
            details.rejected_prediction_tokens) == (4, 0, 0, 0)


def test_the_same_scenario_without_the_fields_differs_only_in_them(scenario: Scenario) -> None:
    plain = scenario.model_copy(update={"wire": scenario.wire.model_copy(update={"chat_fields": []})})
    extra = {"service_tier", "system_fingerprint", "obfuscation"}
    with_fields, without = _chunks(_render(scenario)), _chunks(_render(plain))
    assert len(with_fields) == len(without)
    for a, b in zip(with_fields, without, strict=True):
        assert set(a) - set(b) == extra
        assert [c["delta"] for c in a["choices"]] == [c["delta"] for c in b["choices"]]
    for wire in ("anthropic", "openai-responses", "gemini"):
        assert _render(scenario, wire) == _render(plain, wire), wire  # the other wires ignore them


def test_a_zero_detail_count_the_wire_sent_is_not_a_usage_difference() -> None:
    """With ``usage_details`` the Chat wire sends ``cache_write_tokens: 0`` where the script has no cache write.
    An adapter that passes that 0 on (``cacheWriteInputTokens: 0`` on ``RUN_FINISHED.usage``) reports what it
    read: pydantic-ai's recorded run of this scenario, with that one count added, still passes 8.3.v3; a
    count the wire never sent (1) does not."""
    import copy

    from conformance.grading import grade
    from conformance.runner import Settings
    from mock_provider.corpus import load_scenarios
    from tests.calibration import read_records

    scenario = next(s for s in load_scenarios() if s.id == "quirks.chat-extras.001")
    record = next(r for r in read_records("pydantic-ai-agui") if r.case_id == "quirks.chat-extras.001[openai-chat]")

    def with_cache_write(value: int) -> Any:
        rewritten = copy.deepcopy(record)
        finished = next(e for e in rewritten.events if e.get("type") == "RUN_FINISHED")
        finished["usage"][0]["cacheWriteInputTokens"] = value
        return rewritten

    passed_on = grade(with_cache_write(0), scenario, Settings(timeout=10.0))
    assert passed_on.actual is not None
    assert passed_on.actual["usage"]["cache_write_input_tokens"] == 0  # the count the wire sent, passed on
    assert "8.3.v3" not in {f.row for f in passed_on.findings}, passed_on.describe()
    invented = grade(with_cache_write(1), scenario, Settings(timeout=10.0))
    assert "8.3.v3" in {f.row for f in invented.findings}, invented.describe()
