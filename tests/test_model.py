"""ScriptedLanguageModel: ordering, delays, aborts, faults, request log, do_generate.

Plus the helpers it rests on: ``timing`` (time scale, abort-aware sleep) and
``request_log``. Async code runs through ``asyncio.run`` (no pytest-asyncio).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from typing import Any, TypeVar

import pytest

from mock_provider.abort import AbortError, AbortSignal
from mock_provider.dialects import DialectError
from mock_provider.model import (
    APICallError,
    ScriptedLanguageModel,
    StreamDisconnected,
    StreamResult,
    UpstreamError,
)
from mock_provider.request_log import RequestLog, RequestRecord, sanitize_options
from mock_provider.scenario import Scenario
from mock_provider.timing import TIME_SCALE_ENV, scripted_sleep, time_scale_from_env

T = TypeVar("T")

TEXT: list[dict[str, Any]] = [
    {"part": {"type": "stream-start", "warnings": []}},
    {"part": {"type": "text-start", "id": "t0"}},
    {"part": {"type": "text-delta", "id": "t0", "delta": "Hel"}},
    {"part": {"type": "text-delta", "id": "t0", "delta": "lo"}},
    {"part": {"type": "text-end", "id": "t0"}},
    {
        "part": {
            "type": "finish",
            "finishReason": {"unified": "stop"},
            "usage": {"inputTokens": {"total": 5}, "outputTokens": {"total": 2}},
        }
    },
]


def scenario(script: list[dict[str, Any]], sid: str = "model.test.001") -> Scenario:
    return Scenario.model_validate(
        {
            "id": sid,
            "title": "model test",
            "rows": ["8.1.4"],
            "citations": [{"ref": "spec-reference 1.1"}],
            "request": {"messages": [{"role": "user", "content": "hi"}]},
            "script": script,
            "expected": {},
        }
    )


def run(coro: Awaitable[T]) -> T:
    async def main() -> T:
        return await coro

    return asyncio.run(main())


async def collect(result: StreamResult) -> list[dict[str, Any]]:
    return [item async for item in result.stream]


async def stream_all(
    model: ScriptedLanguageModel, options: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    return await collect(await model.do_stream(options or {}))


async def read_until_error(result: StreamResult, out: list[dict[str, Any]]) -> None:
    async for item in result.stream:
        out.append(item)


# ---------------------------------------------------------------- shape and ordering
def test_model_attributes() -> None:
    m = ScriptedLanguageModel(scenario(TEXT), "mastra")
    assert (m.specification_version, m.provider, m.model_id, m.supported_urls) == (
        "mastra",
        "mock-provider",
        "scenario:model.test.001",
        {},
    )
    assert (m.steps_emitted, m.exhausted) == (0, False)
    with pytest.raises(ValueError, match="unknown part dialect"):
        ScriptedLanguageModel(scenario(TEXT), "v9")


def test_parts_in_order_v4() -> None:
    m = ScriptedLanguageModel(scenario(TEXT), "v4")
    items = run(stream_all(m))
    assert items == [
        {"type": "stream-start", "warnings": []},
        {"type": "text-start", "id": "t0"},
        {"type": "text-delta", "id": "t0", "delta": "Hel"},
        {"type": "text-delta", "id": "t0", "delta": "lo"},
        {"type": "text-end", "id": "t0"},
        {
            "type": "finish",
            "finishReason": {"unified": "stop"},
            "usage": {"inputTokens": {"total": 5}, "outputTokens": {"total": 2}},
        },
    ]
    assert (m.steps_emitted, m.exhausted) == (6, True)
    rec = m.log.last()
    assert rec.completed and not rec.aborted and not rec.client_left_early and rec.error is None
    assert rec.steps_sent == 6 and rec.ended_at is not None and rec.ended_at >= rec.started_at


def test_parts_in_order_mastra_drops_stream_start_and_passes_unknown_parts() -> None:
    script = [*TEXT[:3], {"raw_part": {"type": "future-part", "n": 1}}, *TEXT[3:]]
    m = ScriptedLanguageModel(scenario(script), "mastra")
    items = run(stream_all(m))
    env = {"runId": "mock-run", "from": "AGENT"}
    assert [i["type"] for i in items] == [
        "text-start",
        "text-delta",
        "raw",
        "text-delta",
        "text-end",
        "finish",
    ]
    assert items[2] == {"type": "raw", **env, "payload": {"type": "future-part", "n": 1}}
    assert items[1] == {"type": "text-delta", **env, "payload": {"id": "t0", "text": "Hel"}}
    assert m.exhausted and m.steps_emitted == 7


def test_unknown_part_is_verbatim_in_ai_sdk_dialects() -> None:
    m = ScriptedLanguageModel(scenario([{"raw_part": {"type": "future-part", "n": 1}}]), "v2")
    assert run(stream_all(m)) == [{"type": "future-part", "n": 1}]


def test_dialect_error_before_any_item() -> None:
    m = ScriptedLanguageModel(scenario([*TEXT, {"part": {"type": "ping"}}]), "v2")
    with pytest.raises(DialectError) as info:
        run(m.do_stream({}))
    assert (info.value.part_type, info.value.dialect, info.value.scenario_id) == (
        "ping",
        "v2",
        "model.test.001",
    )
    rec = m.log.last()
    assert rec.error is not None and "DialectError" in rec.error and not rec.completed
    assert rec.steps_sent == 0


# ---------------------------------------------------------------- delays
def test_zero_time_scale_never_sleeps(monkeypatch: pytest.MonkeyPatch) -> None:
    async def no_sleep(*_: Any, **__: Any) -> None:
        raise AssertionError("asyncio.sleep must not be called at time_scale 0")

    monkeypatch.setattr(asyncio, "sleep", no_sleep)
    monkeypatch.setattr(asyncio, "wait", no_sleep)
    script = [{**step, "delay_ms": 60_000} for step in TEXT]
    m = ScriptedLanguageModel(scenario(script), "v3", time_scale=0.0)
    assert len(run(stream_all(m, {"abort_signal": AbortSignal()}))) == 6


def test_delays_are_scaled(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted on a sleep the test controls, not timed: 400 ms at scale 0.1 asks for 40 ms."""
    slept: list[float] = []

    async def record(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(asyncio, "sleep", record)
    script = [{**TEXT[1], "delay_ms": 400}, TEXT[2]]
    m = ScriptedLanguageModel(scenario(script), "v4", time_scale=0.1)
    run(stream_all(m))
    assert slept == [pytest.approx(0.04)]


# ---------------------------------------------------------------- abort
def test_abort_mid_stream_via_on_step() -> None:
    signal = AbortSignal()
    calls: list[int] = []

    def on_step(i: int) -> None:
        calls.append(i)
        if i == 3:
            signal.abort("user stop")

    m = ScriptedLanguageModel(scenario(TEXT), "v4", on_step=on_step)
    got: list[dict[str, Any]] = []

    async def main() -> None:
        result = await m.do_stream({"abort_signal": signal})
        await read_until_error(result, got)

    with pytest.raises(AbortError, match="user stop"):
        run(main())
    assert [i["type"] for i in got] == ["stream-start", "text-start", "text-delta"]
    assert calls == [0, 1, 2, 3]
    rec = m.log.last()
    assert (rec.aborted, rec.aborted_after_step, rec.steps_sent, rec.completed) == (True, 3, 3, False)
    assert rec.options["has_abort_signal"] is True and "abort_signal" not in rec.options
    assert m.steps_emitted == 3 and not m.exhausted


def test_abort_after_last_step_still_reaches_the_reader() -> None:
    signal = AbortSignal()
    m = ScriptedLanguageModel(scenario(TEXT[:2]), "v4", on_step=lambda i: signal.abort() if i == 2 else None)
    got: list[dict[str, Any]] = []

    async def main() -> None:
        await read_until_error(await m.do_stream({"abort_signal": signal}), got)

    with pytest.raises(AbortError):
        run(main())
    assert len(got) == 2
    rec = m.log.last()
    assert rec.aborted_after_step == 2 and m.exhausted and not rec.client_left_early


def test_abort_wakes_a_long_delay() -> None:
    signal = AbortSignal()
    m = ScriptedLanguageModel(scenario([TEXT[1], {**TEXT[2], "delay_ms": 60_000}]), "v4", time_scale=1.0)

    async def main() -> float:
        result = await m.do_stream({"abort_signal": signal})
        asyncio.get_running_loop().call_later(0.05, signal.abort, "timeout")
        start = time.monotonic()
        with pytest.raises(AbortError):
            await collect(result)
        return time.monotonic() - start

    assert run(main()) < 5.0
    rec = m.log.last()
    assert rec.aborted and rec.aborted_after_step == 1


def test_already_aborted_signal_fails_do_stream() -> None:
    signal = AbortSignal()
    signal.abort()
    m = ScriptedLanguageModel(scenario(TEXT), "v4")
    with pytest.raises(AbortError):
        run(m.do_stream({"abort_signal": signal}))
    rec = m.log.last()
    assert rec.aborted and rec.aborted_after_step == 0


# ---------------------------------------------------------------- faults
def test_stall_ends_on_abort() -> None:
    signal = AbortSignal()
    m = ScriptedLanguageModel(scenario([TEXT[1], {"fault": {"kind": "stall"}}, TEXT[4]]), "v4")
    got: list[dict[str, Any]] = []

    async def main() -> None:
        result = await m.do_stream({"abort_signal": signal})
        asyncio.get_running_loop().call_later(0.05, signal.abort)
        await read_until_error(result, got)

    with pytest.raises(AbortError):
        run(main())
    assert got == [{"type": "text-start", "id": "t0"}]
    rec = m.log.last()
    assert (rec.aborted, rec.aborted_after_step, rec.completed) == (True, 1, False)


def test_stall_without_signal_waits_until_cancelled() -> None:
    m = ScriptedLanguageModel(scenario([TEXT[1], {"fault": {"kind": "stall"}}]), "v4")

    async def main() -> None:
        result = await m.do_stream({})
        await asyncio.wait_for(collect(result), timeout=0.05)

    with pytest.raises(asyncio.TimeoutError):
        run(main())
    rec = m.log.last()
    assert rec.client_left_early and not rec.aborted and not rec.completed and rec.steps_sent == 1


def test_disconnect_raises_stream_disconnected() -> None:
    m = ScriptedLanguageModel(scenario([*TEXT[:3], {"fault": {"kind": "disconnect"}}, *TEXT[3:]]), "v3")
    got: list[dict[str, Any]] = []

    async def main() -> None:
        await read_until_error(await m.do_stream({}), got)

    with pytest.raises(StreamDisconnected) as info:
        run(main())
    assert isinstance(info.value, ConnectionError)
    assert len(got) == 3
    rec = m.log.last()
    assert rec.error is not None and rec.error.startswith("StreamDisconnected")
    assert rec.steps_sent == 4 and not rec.completed and not rec.client_left_early


def test_http_status_raises_before_any_item() -> None:
    body = {"error": {"message": "Overloaded", "type": "overloaded_error"}}
    script = [{"fault": {"kind": "http_status", "status": 529, "body": body, "headers": {"x-r": "1"}}}, *TEXT]
    m = ScriptedLanguageModel(scenario(script), "v4")
    with pytest.raises(APICallError) as info:
        run(m.do_stream({}))
    err = info.value
    assert str(err) == "Overloaded"
    assert (err.status_code, err.response_headers, err.is_retryable) == (529, {"x-r": "1"}, True)
    assert err.response_body == '{"error": {"message": "Overloaded", "type": "overloaded_error"}}'
    rec = m.log.last()
    assert rec.error is not None and "APICallError" in rec.error and not rec.completed


@pytest.mark.parametrize(
    ("status", "retryable"), [(400, False), (401, False), (408, True), (409, True), (500, True)]
)
def test_api_call_error_retryable(status: int, retryable: bool) -> None:
    assert APICallError(status, "x", {}).is_retryable is retryable


def test_http_status_only_first() -> None:
    m = ScriptedLanguageModel(scenario([TEXT[1], {"fault": {"kind": "http_status", "status": 500}}]), "v4")
    with pytest.raises(ValueError, match="only allowed as the first step"):
        run(m.do_stream({}))


@pytest.mark.parametrize(
    ("dialect", "expected"),
    [
        (
            "v4",
            {
                "type": "error",
                "error": {
                    "name": "TypeValidationError",
                    "message": "malformed upstream chunk: data: {not json",
                },
            },
        ),
        (
            "mastra",
            {
                "type": "error",
                "runId": "mock-run",
                "from": "AGENT",
                "payload": {
                    "error": {
                        "name": "TypeValidationError",
                        "message": "malformed upstream chunk: data: {not json",
                    }
                },
            },
        ),
    ],
)
def test_raw_bytes_yields_an_error_item(dialect: str, expected: dict[str, Any]) -> None:
    script = [TEXT[1], {"fault": {"kind": "raw_bytes", "data": "data: {not json"}}, TEXT[4]]
    items = run(stream_all(ScriptedLanguageModel(scenario(script), dialect)))
    assert items[1] == expected and len(items) == 3


def test_raw_bytes_message_is_cut_at_80_chars() -> None:
    script = [{"fault": {"kind": "raw_bytes", "data": "x" * 200}}]
    [item] = run(stream_all(ScriptedLanguageModel(scenario(script), "v2")))
    assert item["error"]["message"] == "malformed upstream chunk: " + "x" * 80


def test_split_has_no_effect_in_process() -> None:
    script = [TEXT[1], {"fault": {"kind": "split", "offsets": [3]}}, TEXT[2]]
    m = ScriptedLanguageModel(scenario(script), "v4")
    assert len(run(stream_all(m))) == 2
    assert m.exhausted and m.log.last().completed


# ---------------------------------------------------------------- consumer behaviour
def test_client_left_early_when_consumer_breaks() -> None:
    m = ScriptedLanguageModel(scenario(TEXT), "v4")

    async def main() -> RequestRecord:
        result = await m.do_stream({})
        async for _ in result.stream:
            break
        await result.stream.aclose()
        return m.log.last()

    rec = run(main())
    assert rec.client_left_early and not rec.completed and rec.error is None and rec.steps_sent == 1
    assert rec.ended_at is not None and not m.exhausted


def test_stopping_after_the_last_item_is_not_leaving_early() -> None:
    m = ScriptedLanguageModel(scenario(TEXT[:2]), "v4")

    async def main() -> RequestRecord:
        result = await m.do_stream({})
        n = 0
        async for _ in result.stream:
            n += 1
            if n == 2:
                break
        await result.stream.aclose()
        return m.log.last()

    rec = run(main())
    assert not rec.client_left_early and rec.steps_sent == 2 and m.exhausted


def test_on_step_is_called_before_each_step_and_at_the_end() -> None:
    calls: list[tuple[int, int]] = []
    m = ScriptedLanguageModel(scenario(TEXT[:3]), "v4")
    m.on_step = lambda i: calls.append((i, m.steps_emitted))
    run(stream_all(m))
    assert calls == [(0, 0), (1, 1), (2, 2), (3, 3)]


def test_zero_item_steps_still_count() -> None:
    # Mastra emits nothing for stream-start; the step is still emitted (and counted).
    calls: list[int] = []
    m = ScriptedLanguageModel(scenario(TEXT[:2]), "mastra", on_step=calls.append)
    items = run(stream_all(m))
    assert len(items) == 1 and calls == [0, 1, 2] and m.steps_emitted == 2


# ---------------------------------------------------------------- request log
def test_request_log_records_each_call() -> None:
    log = RequestLog()
    m = ScriptedLanguageModel(scenario(TEXT), "v2", log=log)

    class Opaque:
        def __repr__(self) -> str:
            return "<opaque>"

    options = {"prompt": [{"role": "user"}], "temperature": 0.2, "headers": {"x": Opaque()}}
    run(stream_all(m, options))
    run(m.do_generate({"abort_signal": None}))
    assert len(log) == 2
    first, second = log.records
    assert (first.call_id, first.kind, first.scenario_id, first.dialect) == (
        1,
        "stream",
        "model.test.001",
        "v2",
    )
    assert first.options == {
        "prompt": [{"role": "user"}],
        "temperature": 0.2,
        "headers": {"x": "<opaque>"},
        "has_abort_signal": False,
    }
    assert (second.call_id, second.kind, second.completed) == (2, "generate", True)
    assert log.last() is second
    log.clear()
    assert len(log) == 0 and log.records == []
    with pytest.raises(LookupError):
        log.last()
    run(stream_all(m))
    assert log.last().call_id == 3  # ids stay unique across clear()


def test_sanitize_options_is_a_copy() -> None:
    inner = {"a": [1, 2]}
    out = sanitize_options({"providerOptions": inner, "stopSequences": ("x",), "n": float("inf")})
    assert out == {
        "providerOptions": {"a": [1, 2]},
        "stopSequences": ["x"],
        "n": "inf",
        "has_abort_signal": False,
    }
    out["providerOptions"]["a"].append(3)
    assert inner == {"a": [1, 2]}


# ---------------------------------------------------------------- do_generate
GEN: list[dict[str, Any]] = [
    {"part": {"type": "stream-start", "warnings": [{"type": "unsupported", "feature": "topK"}]}},
    {"part": {"type": "response-metadata", "id": "resp-1", "modelId": "m-1"}},
    {"part": {"type": "reasoning-start", "id": "r0"}},
    {"part": {"type": "reasoning-delta", "id": "r0", "delta": "Think"}},
    {"part": {"type": "reasoning-end", "id": "r0"}},
    {"part": {"type": "text-start", "id": "t0"}},
    {"part": {"type": "text-delta", "id": "t0", "delta": "Let me "}},
    {"part": {"type": "text-delta", "id": "t0", "delta": "check."}},
    {"part": {"type": "text-end", "id": "t0"}},
    {"part": {"type": "tool-input-start", "id": "c1", "toolName": "get_weather"}},
    {"part": {"type": "tool-input-delta", "id": "c1", "delta": '{"city": "Paris"}'}},
    {"part": {"type": "tool-input-end", "id": "c1"}},
    {
        "part": {
            "type": "tool-call",
            "toolCallId": "c1",
            "toolName": "get_weather",
            "input": '{"city": "Paris"}',
        }
    },
    {
        "part": {
            "type": "finish",
            "finishReason": {"unified": "tool-calls", "raw": "tool_calls"},
            "usage": {"inputTokens": {"total": 10}, "outputTokens": {"total": 4, "reasoning": 1}},
        }
    },
]


def test_do_generate_v4() -> None:
    result = run(ScriptedLanguageModel(scenario(GEN), "v4").do_generate({"prompt": []}))
    assert result["content"] == [
        {"type": "reasoning", "text": "Think"},
        {"type": "text", "text": "Let me check."},
        {"type": "tool-call", "toolCallId": "c1", "toolName": "get_weather", "input": '{"city": "Paris"}'},
    ]
    assert result["finishReason"] == {"unified": "tool-calls", "raw": "tool_calls"}
    assert result["usage"] == {"inputTokens": {"total": 10}, "outputTokens": {"total": 4, "reasoning": 1}}
    assert result["warnings"] == [{"type": "unsupported", "feature": "topK"}]
    assert result["request"] == {"body": {"prompt": [], "has_abort_signal": False}}
    assert result["response"]["id"] == "resp-1" and result["response"]["modelId"] == "m-1"


def test_do_generate_v2_and_mastra_shapes() -> None:
    v2 = run(ScriptedLanguageModel(scenario(GEN), "v2").do_generate({}))
    assert v2["finishReason"] == "tool-calls"
    assert v2["usage"] == {"inputTokens": 10, "outputTokens": 4, "totalTokens": 14, "reasoningTokens": 1}
    assert v2["warnings"] == [{"type": "unsupported-setting", "setting": "topK"}]
    mastra = run(ScriptedLanguageModel(scenario(GEN), "mastra").do_generate({}))
    assert mastra["finishReason"] == "tool-calls"
    assert mastra["usage"]["totalTokens"] == 14 and mastra["warnings"] == []
    assert mastra["content"][-1] == {
        "type": "tool-call",
        "toolCallId": "c1",
        "toolName": "get_weather",
        "args": {"city": "Paris"},
    }


def test_do_generate_without_finish_and_with_faults() -> None:
    no_finish = run(ScriptedLanguageModel(scenario(TEXT[1:5]), "v3").do_generate({}))
    assert no_finish["content"] == [{"type": "text", "text": "Hello"}]
    assert no_finish["finishReason"] == {"unified": "other"}
    with pytest.raises(APICallError) as info:
        run(
            ScriptedLanguageModel(
                scenario([{"fault": {"kind": "http_status", "status": 401}}]), "v4"
            ).do_generate({})
        )
    assert info.value.status_code == 401 and str(info.value) == "Unauthorized"
    with pytest.raises(APICallError, match="Invalid JSON response"):
        run(
            ScriptedLanguageModel(
                scenario([{"fault": {"kind": "raw_bytes", "data": "{"}}]), "v4"
            ).do_generate({})
        )
    with pytest.raises(StreamDisconnected):
        run(
            ScriptedLanguageModel(scenario([TEXT[1], {"fault": {"kind": "disconnect"}}]), "v4").do_generate(
                {}
            )
        )
    m = ScriptedLanguageModel(scenario([TEXT[1], {"part": {"type": "error", "error": "boom"}}]), "v4")
    with pytest.raises(UpstreamError) as up:
        run(m.do_generate({}))
    assert up.value.error == "boom" and "UpstreamError" in (m.log.last().error or "")


def test_do_generate_abort() -> None:
    signal = AbortSignal()
    m = ScriptedLanguageModel(scenario(GEN), "v4", on_step=lambda i: signal.abort() if i == 4 else None)
    with pytest.raises(AbortError):
        run(m.do_generate({"abort_signal": signal}))
    rec = m.log.last()
    assert (rec.kind, rec.aborted, rec.aborted_after_step) == ("generate", True, 4)


# ---------------------------------------------------------------- timing helpers
def test_time_scale_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TIME_SCALE_ENV, raising=False)
    assert time_scale_from_env() == 0.0
    assert time_scale_from_env(default=1.0) == 1.0
    monkeypatch.setenv(TIME_SCALE_ENV, " 0.25 ")
    assert time_scale_from_env() == 0.25
    monkeypatch.setenv(TIME_SCALE_ENV, "")
    assert time_scale_from_env(default=2.0) == 2.0
    for bad in ("fast", "-1", "nan", "inf"):
        monkeypatch.setenv(TIME_SCALE_ENV, bad)
        with pytest.raises(ValueError, match=TIME_SCALE_ENV):
            time_scale_from_env()


def test_scripted_sleep() -> None:
    async def main() -> None:
        await scripted_sleep(0, 1.0, None)
        await scripted_sleep(10, 0.0, None)
        await scripted_sleep(10, 1.0, AbortSignal())  # sleeps 10 ms, no abort
        signal = AbortSignal()
        asyncio.get_running_loop().call_later(0.02, signal.abort, "stop")
        start = time.monotonic()
        with pytest.raises(AbortError, match="stop"):
            await scripted_sleep(60_000, 1.0, signal)
        assert time.monotonic() - start < 30.0  # a 60 s sleep ended by the abort, not slept out
        with pytest.raises(ValueError):
            await scripted_sleep(-1, 1.0, None)

    run(main())
