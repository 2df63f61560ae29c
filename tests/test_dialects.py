"""Dialect encoders/decoders: published shapes field by field, DialectError, round trips.

Expected dicts below are written from the published types (``@ai-sdk/provider`` 2.0.0 /
3.0.19 / 4.0.38 ``index.d.ts``, ``@mastra/core`` 1.71.0 ``stream/types.d.ts``) and the
spec-reference tables (1.1-1.4, 5.2, 5.3, 6.7), never copied from encoder output.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from mock_provider.dialects import DialectError, decode_items, encode_parts
from mock_provider.parts import AGENT_PART_TYPES, PART_TYPES, Part, parse_part

DIALECTS = ("v2", "v3", "v4", "mastra")
SID = "dialect.test.001"
PM = {"acme": {"trace": "t-1", "score": 0.5}}
ENV = {"runId": "mock-run", "from": "AGENT"}

CALL = {"type": "tool-call", "toolCallId": "c1", "toolName": "get_weather", "input": '{"city": "Paris"}'}
FULL_USAGE = {
    "inputTokens": {"total": 100, "noCache": 60, "cacheRead": 30, "cacheWrite": 10},
    "outputTokens": {"total": 50, "text": 40, "reasoning": 10},
    "raw": {"prompt_tokens": 100, "completion_tokens": 50},
}

# part type -> named examples; each example is a part sequence whose LAST part is the
# subject (earlier parts give encoder state, e.g. the tool-call an approval refers to).
EXAMPLES: dict[str, dict[str, list[dict[str, Any]]]] = {
    "text-start": {
        "minimal": [{"type": "text-start", "id": "t0"}],
        "rich": [{"type": "text-start", "id": "t0", "providerMetadata": PM}],
    },
    "text-delta": {
        "minimal": [{"type": "text-delta", "id": "t0", "delta": "Hi"}],
        "rich": [{"type": "text-delta", "id": "t0", "delta": "Hi", "providerMetadata": PM}],
        "empty": [{"type": "text-delta", "id": "t0", "delta": ""}],
    },
    "text-end": {
        "minimal": [{"type": "text-end", "id": "t0"}],
        "rich": [
            {
                "type": "text-end",
                "id": "t0",
                "citations": [
                    {
                        "source": {"sourceType": "url", "id": "s1", "url": "https://ex.com/a", "title": "A"},
                        "startIndex": 0,
                        "endIndex": 2,
                        "citedText": "Hi",
                    }
                ],
                "providerMetadata": PM,
            }
        ],
        "with-metadata": [{"type": "text-end", "id": "t0", "providerMetadata": PM}],
    },
    "reasoning-start": {
        "minimal": [{"type": "reasoning-start", "id": "r0"}],
        "rich": [{"type": "reasoning-start", "id": "r0", "providerMetadata": PM}],
    },
    "reasoning-delta": {
        "minimal": [{"type": "reasoning-delta", "id": "r0", "delta": "think"}],
        "rich": [{"type": "reasoning-delta", "id": "r0", "delta": "think", "providerMetadata": PM}],
    },
    "reasoning-end": {
        "minimal": [{"type": "reasoning-end", "id": "r0"}],
        "rich": [{"type": "reasoning-end", "id": "r0", "providerMetadata": PM}],
    },
    "tool-input-start": {
        "minimal": [{"type": "tool-input-start", "id": "c1", "toolName": "get_weather"}],
        "rich": [
            {
                "type": "tool-input-start",
                "id": "c1",
                "toolName": "get_weather",
                "providerExecuted": True,
                "dynamic": True,
                "title": "Weather",
                "inputEncoding": "json",
                "providerMetadata": PM,
            }
        ],
    },
    "tool-input-delta": {
        "minimal": [{"type": "tool-input-delta", "id": "c1", "delta": '{"city":'}],
        "rich": [
            {"type": "tool-input-start", "id": "c1", "toolName": "get_weather"},
            {"type": "tool-input-delta", "id": "c1", "delta": '{"city":', "providerMetadata": PM},
        ],
        "empty": [{"type": "tool-input-delta", "id": "c1", "delta": ""}],
    },
    "tool-input-end": {
        "minimal": [{"type": "tool-input-end", "id": "c1"}],
        "rich": [{"type": "tool-input-end", "id": "c1", "providerMetadata": PM}],
    },
    "tool-call": {
        "minimal": [CALL],
        "rich": [{**CALL, "providerExecuted": True, "dynamic": True, "providerMetadata": PM}],
        "invalid-json": [{**CALL, "input": '{"city": '}],
        "empty-input": [{**CALL, "input": ""}],
    },
    "tool-result": {
        "minimal": [
            {"type": "tool-result", "toolCallId": "c1", "toolName": "get_weather", "result": {"t": 20}}
        ],
        "rich": [
            {
                "type": "tool-result",
                "toolCallId": "c1",
                "toolName": "get_weather",
                "result": [{"t": 20}, "sunny"],
                "isError": True,
                "preliminary": False,
                "dynamic": True,
                "providerExecuted": True,
                "providerMetadata": PM,
            }
        ],
        "preliminary": [
            {"type": "tool-result", "toolCallId": "c1", "toolName": "f", "result": 1, "preliminary": True}
        ],
    },
    "tool-approval-request": {
        "minimal": [CALL, {"type": "tool-approval-request", "approvalId": "a1", "toolCallId": "c1"}],
        "rich": [
            CALL,
            {"type": "tool-approval-request", "approvalId": "a1", "toolCallId": "c1", "providerMetadata": PM},
        ],
        "orphan": [{"type": "tool-approval-request", "approvalId": "a1", "toolCallId": "c9"}],
    },
    "file": {
        "minimal": [{"type": "file", "mediaType": "image/png", "data": {"type": "data", "data": "aGVsbG8="}}],
        "rich": [
            {
                "type": "file",
                "mediaType": "image/png",
                "data": {"type": "url", "url": "https://ex.com/a.png", "originalUrl": "HTTPS://ex.com/a.png"},
                "providerMetadata": PM,
            }
        ],
    },
    "reasoning-file": {
        "minimal": [
            {"type": "reasoning-file", "mediaType": "image/png", "data": {"type": "data", "data": "aGk="}}
        ],
        "rich": [
            {
                "type": "reasoning-file",
                "mediaType": "image/png",
                "data": {"type": "url", "url": "https://ex.com/r.png"},
                "providerMetadata": PM,
            }
        ],
    },
    "source": {
        "minimal": [{"type": "source", "sourceType": "url", "id": "s1", "url": "https://ex.com"}],
        "rich": [
            {
                "type": "source",
                "sourceType": "document",
                "id": "s2",
                "title": "Report",
                "mediaType": "application/pdf",
                "filename": "report.pdf",
                "providerMetadata": PM,
            }
        ],
        "url-titled": [
            {"type": "source", "sourceType": "url", "id": "s1", "url": "https://ex.com", "title": "Ex"}
        ],
    },
    "custom": {
        "minimal": [{"type": "custom", "kind": "acme.thing"}],
        "rich": [{"type": "custom", "kind": "acme.thing", "providerMetadata": PM}],
    },
    "stream-start": {
        "minimal": [{"type": "stream-start", "warnings": []}],
        "rich": [
            {
                "type": "stream-start",
                "warnings": [
                    {"type": "unsupported", "feature": "topK", "details": "ignored"},
                    {"type": "compatibility", "feature": "seed", "details": "best effort"},
                    {"type": "other", "message": "note"},
                ],
            }
        ],
        "deprecated": [
            {
                "type": "stream-start",
                "warnings": [{"type": "deprecated", "setting": "maxTokens", "message": "m"}],
            }
        ],
    },
    "response-metadata": {
        "minimal": [{"type": "response-metadata"}],
        "rich": [
            {
                "type": "response-metadata",
                "id": "resp-1",
                "timestamp": "2025-01-01T00:00:00.000Z",
                "modelId": "m-1",
            }
        ],
    },
    "finish": {
        "minimal": [{"type": "finish", "finishReason": {"unified": "stop"}}],
        "rich": [
            {
                "type": "finish",
                "finishReason": {"unified": "tool-calls", "raw": "tool_use"},
                "usage": FULL_USAGE,
                "providerMetadata": PM,
            }
        ],
        "unknown": [{"type": "finish", "finishReason": {"unified": "unknown"}, "usage": None}],
        "interrupted": [{"type": "finish", "finishReason": {"unified": "interrupted"}}],
    },
    "raw": {
        "minimal": [{"type": "raw", "rawValue": None}],
        "rich": [{"type": "raw", "rawValue": {"choices": [{"delta": {"content": "Hi"}}]}}],
    },
    "error": {
        "minimal": [{"type": "error", "error": "boom"}],
        "rich": [{"type": "error", "error": {"name": "APIError", "message": "overloaded", "status": 529}}],
    },
    "ping": {"minimal": [{"type": "ping"}]},
    "step-start": {
        "minimal": [{"type": "step-start"}],
        "rich": [{"type": "step-start", "messageId": "m-1"}],
    },
    "step-finish": {
        "minimal": [{"type": "step-finish", "finishReason": {"unified": "stop"}}],
        "rich": [
            {
                "type": "step-finish",
                "finishReason": {"unified": "tool-calls", "raw": "tool_use"},
                "usage": FULL_USAGE,
                "messageId": "m-1",
            }
        ],
        "interrupted": [{"type": "step-finish", "finishReason": {"unified": "interrupted"}}],
    },
    "tool-call-suspended": {
        "minimal": [CALL, {"type": "tool-call-suspended", "toolCallId": "c1"}],
        "rich": [CALL, {"type": "tool-call-suspended", "toolCallId": "c1", "suspendPayload": {"ask": "city?"},
                        "resumeSchema": '{"type":"object"}'}],
        "orphan": [{"type": "tool-call-suspended", "toolCallId": "c9"}],
    },
    "tool-error": {
        "minimal": [{"type": "tool-error", "toolCallId": "c1", "toolName": "get_weather", "error": "boom"}],
        "rich": [CALL, {"type": "tool-error", "toolCallId": "c1", "toolName": "get_weather",
                        "error": {"name": "Error", "message": "boom"}, "providerExecuted": False,
                        "providerMetadata": PM}],
    },
    "tool-output-denied": {
        "minimal": [{"type": "tool-output-denied", "toolCallId": "c1", "toolName": "get_weather", "approvalId": "a1"}],
        "rich": [CALL, {"type": "tool-output-denied", "toolCallId": "c1", "toolName": "get_weather",
                        "approvalId": "a1", "reason": "not now"}],
    },
    "reasoning-signature": {
        "minimal": [{"type": "reasoning-signature", "id": "r1", "signature": "sig=="}],
        "rich": [{"type": "reasoning-signature", "id": "r1", "signature": "sig==", "providerMetadata": PM}],
    },
    "redacted-reasoning": {
        "minimal": [{"type": "redacted-reasoning", "id": "r1", "data": "opaque"}],
        "rich": [{"type": "redacted-reasoning", "id": "r1", "data": {"blob": "opaque"}, "providerMetadata": PM}],
    },
    "abort": {"minimal": [{"type": "abort"}]},
    "object": {
        "minimal": [{"type": "object", "object": {}}],
        "rich": [{"type": "object", "object": {"city": "Par"}}],
    },
    "object-result": {
        "minimal": [{"type": "object-result", "object": None}],
        "rich": [{"type": "object-result", "object": {"city": "Paris", "tempC": 21}}],
    },
    "data": {
        "minimal": [{"type": "data", "name": "progress", "data": None}],
        "rich": [{"type": "data", "name": "progress", "data": {"pct": 50}, "id": "d1", "transient": True}],
    },
    "tripwire": {
        "minimal": [{"type": "tripwire", "reason": "blocked"}],
        "rich": [{"type": "tripwire", "reason": "blocked", "retry": False, "metadata": {"score": 0.9},
                  "processorId": "moderation"}],
    },
    "background-task": {
        "minimal": [{"type": "background-task", "status": "started", "taskId": "t1", "toolCallId": "c1",
                     "toolName": "report"}],
        "progress": [{"type": "background-task", "status": "progress", "taskIds": ["t1"], "runningCount": 1,
                      "elapsedMs": 900}],
        "rich": [{"type": "background-task", "status": "output", "taskId": "t1", "toolCallId": "c1",
                  "toolName": "report", "output": {"pct": 50}},
                 {"type": "background-task", "status": "completed", "taskId": "t1", "toolCallId": "c1",
                  "toolName": "report", "result": {"pages": 4}, "isError": False, "at": "2026-01-01T00:00:00Z"}],
        "running without its args": [{"type": "background-task", "status": "running", "taskId": "t1",
                                      "toolCallId": "c1", "toolName": "report", "at": "2026-01-01T00:00:00Z"}],
    },
}

CASES = [(t, name) for t in PART_TYPES for name in EXAMPLES[t]]


def parts(seq: list[dict[str, Any]]) -> list[Part]:
    return [parse_part(d) for d in seq]


def enc(seq: list[dict[str, Any]], dialect: str) -> list[dict[str, Any]]:
    return encode_parts(parts(seq), dialect, SID)


def enc_last(seq: list[dict[str, Any]], dialect: str) -> list[dict[str, Any]]:
    """Items produced for the last part of the sequence only."""
    return enc(seq, dialect)[len(enc(seq[:-1], dialect)) :]


def one(d: dict[str, Any], dialect: str) -> dict[str, Any]:
    [item] = enc([d], dialect)
    return item


def rules(dialect: str) -> Any:
    return importlib.import_module(f"mock_provider.dialects.{dialect}").RULES


# ---------------------------------------------------------------- coverage and round trips
def test_examples_cover_every_part_type() -> None:
    assert set(EXAMPLES) == set(PART_TYPES)
    for t, named in EXAMPLES.items():
        assert {"minimal"} <= set(named), t
        if t not in ("ping", "abort"):  # no fields: the minimal example is the rich one
            assert "rich" in named, t


@pytest.mark.parametrize("dialect", DIALECTS)
def test_rules_table_covers_every_part_type(dialect: str) -> None:
    table = rules(dialect)
    assert set(table) == set(PART_TYPES)
    for t, rule in table.items():
        assert rule.action in ("same", "mapped", "dropped", "error"), t
        assert rule.note, t


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize(("part_type", "example"), CASES)
def test_round_trip_or_dialect_error(dialect: str, part_type: str, example: str) -> None:
    seq = EXAMPLES[part_type][example]
    rule = rules(dialect)[part_type]
    try:
        items = enc(seq, dialect)
    except DialectError as exc:
        assert rule.action == "error" or rule.error_when, f"{dialect}/{part_type} raised but RULES allow it"
        assert (exc.part_type, exc.dialect, exc.scenario_id) == (part_type, dialect, SID)
        assert repr(part_type) in str(exc) and repr(dialect) in str(exc) and SID in str(exc)
        return
    assert rule.action != "error", f"{dialect}/{part_type} should raise DialectError"
    assert encode_parts(decode_items(items, dialect), dialect, SID) == items


@pytest.mark.parametrize(("part_type", "example"), CASES)
def test_v4_is_lossless(part_type: str, example: str) -> None:
    seq = EXAMPLES[part_type][example]
    lossy = (part_type, example) in {("finish", "unknown"), ("tool-result", "rich")}
    if lossy:  # 'unknown' -> 'other'; V2-only tool-result.providerExecuted is left out
        return
    if part_type in AGENT_PART_TYPES:
        return  # agent-loop parts: V4 has none (test_agent_parts_are_mastra_only)
    assert decode_items(enc(seq, "v4"), "v4") == parts(seq)


@pytest.mark.parametrize(
    ("dialect", "part_type"),
    [(d, t) for d in DIALECTS for t in PART_TYPES if rules(d)[t].action == "error"],
)
def test_error_rules_always_raise(dialect: str, part_type: str) -> None:
    for seq in EXAMPLES[part_type].values():
        with pytest.raises(DialectError):
            enc(seq, dialect)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_encode_raw(dialect: str) -> None:
    from mock_provider.dialects import encoder

    item = {"type": "future-part", "x": [1]}
    out = encoder(dialect, SID).encode_raw(item)
    if dialect == "mastra":
        assert out == [{"type": "raw", **ENV, "payload": {"type": "future-part", "x": [1]}}]
    else:
        assert out == [{"type": "future-part", "x": [1]}]
        assert out[0] is not item


# ---------------------------------------------------------------- v4
def test_v4_identity_shapes() -> None:
    assert one({"type": "ping"}, "v4") == {"type": "ping"}
    assert one(EXAMPLES["tool-input-start"]["rich"][0], "v4") == {
        "type": "tool-input-start",
        "id": "c1",
        "toolName": "get_weather",
        "providerExecuted": True,
        "dynamic": True,
        "title": "Weather",
        "inputEncoding": "json",
        "providerMetadata": PM,
    }
    assert one(EXAMPLES["file"]["rich"][0], "v4")["data"] == {
        "type": "url",
        "url": "https://ex.com/a.png",
        "originalUrl": "HTTPS://ex.com/a.png",
    }
    assert one(EXAMPLES["text-end"]["rich"][0], "v4")["citations"][0]["citedText"] == "Hi"


def test_v4_finish() -> None:
    assert one(EXAMPLES["finish"]["rich"][0], "v4") == {
        "type": "finish",
        "finishReason": {"unified": "tool-calls", "raw": "tool_use"},
        "usage": {
            "inputTokens": {"total": 100, "noCache": 60, "cacheRead": 30, "cacheWrite": 10},
            "outputTokens": {"total": 50, "text": 40, "reasoning": 10},
            "raw": {"prompt_tokens": 100, "completion_tokens": 50},
        },
        "providerMetadata": PM,
    }
    # 'unknown' -> {unified:'other', raw}: official asLanguageModelV3; usage:null -> key absent.
    assert one(
        {"type": "finish", "finishReason": {"unified": "unknown", "raw": "??"}, "usage": None}, "v4"
    ) == {
        "type": "finish",
        "finishReason": {"unified": "other", "raw": "??"},
    }
    assert one({"type": "finish", "finishReason": {"unified": "interrupted"}}, "v4")["finishReason"] == {
        "unified": "interrupted"
    }
    [decoded] = decode_items([{"type": "finish", "finishReason": {"unified": "stop"}}], "v4")
    assert decoded.usage is None  # type: ignore[union-attr]


def test_v4_tool_result_has_no_provider_executed() -> None:
    assert one(EXAMPLES["tool-result"]["rich"][0], "v4") == {
        "type": "tool-result",
        "toolCallId": "c1",
        "toolName": "get_weather",
        "result": [{"t": 20}, "sunny"],
        "isError": True,
        "preliminary": False,
        "dynamic": True,
        "providerMetadata": PM,
    }
    with pytest.raises(DialectError, match="NonNullable"):
        one({"type": "tool-result", "toolCallId": "c1", "toolName": "f", "result": None}, "v4")


# ---------------------------------------------------------------- v3
def test_v3_file_data_is_a_string() -> None:
    assert one(EXAMPLES["file"]["minimal"][0], "v3") == {
        "type": "file",
        "mediaType": "image/png",
        "data": "aGVsbG8=",
    }
    assert one(EXAMPLES["file"]["rich"][0], "v3") == {
        "type": "file",
        "mediaType": "image/png",
        "data": "https://ex.com/a.png",
        "providerMetadata": PM,
    }


def test_v3_keeps_input_encoding_and_v3_keys() -> None:
    item = one(EXAMPLES["tool-input-start"]["rich"][0], "v3")
    assert item["inputEncoding"] == "json" and item["dynamic"] is True and item["title"] == "Weather"
    assert one({"type": "tool-approval-request", "approvalId": "a1", "toolCallId": "c1"}, "v3") == {
        "type": "tool-approval-request",
        "approvalId": "a1",
        "toolCallId": "c1",
    }
    assert one({"type": "finish", "finishReason": {"unified": "unknown"}}, "v3") == {
        "type": "finish",
        "finishReason": {"unified": "other"},
        "usage": {"inputTokens": {}, "outputTokens": {}},
    }


@pytest.mark.parametrize(
    ("part", "needle"),
    [
        ({"type": "ping"}, "ping"),
        ({"type": "custom", "kind": "a.b"}, "custom"),
        (
            {"type": "reasoning-file", "mediaType": "image/png", "data": {"type": "data", "data": "aGk="}},
            "V4",
        ),
        ({"type": "finish", "finishReason": {"unified": "interrupted"}}, "interrupted"),
        (EXAMPLES["text-end"]["rich"][0], "citations"),
        (EXAMPLES["stream-start"]["deprecated"][0], "deprecated"),
    ],
)
def test_v3_dialect_errors(part: dict[str, Any], needle: str) -> None:
    with pytest.raises(DialectError) as info:
        one(part, "v3")
    msg = str(info.value)
    assert f"dialect 'v3' cannot express part {part['type']!r} (scenario {SID})" in msg
    assert needle in msg


def test_v3_empty_citations_are_dropped() -> None:
    assert one({"type": "text-end", "id": "t0", "citations": []}, "v3") == {"type": "text-end", "id": "t0"}


# ---------------------------------------------------------------- v2
def test_v2_finish_string_reason_and_flat_usage() -> None:
    assert one(EXAMPLES["finish"]["rich"][0], "v2") == {
        "type": "finish",
        "finishReason": "tool-calls",
        "usage": {
            "inputTokens": 100,
            "outputTokens": 50,
            "totalTokens": 150,
            "reasoningTokens": 10,
            "cachedInputTokens": 30,
        },
        "providerMetadata": PM,
    }
    assert one(EXAMPLES["finish"]["unknown"][0], "v2") == {"type": "finish", "finishReason": "unknown"}


def test_v2_total_tokens_rules() -> None:
    provider_total = {
        "type": "finish",
        "finishReason": {"unified": "stop"},
        "usage": {"inputTokens": {"total": 3}, "outputTokens": {"total": 4}, "raw": {"totalTokens": 11}},
    }
    assert one(provider_total, "v2")["usage"] == {"inputTokens": 3, "outputTokens": 4, "totalTokens": 11}
    half = {"type": "finish", "finishReason": {"unified": "length"}, "usage": {"inputTokens": {"total": 3}}}
    assert one(half, "v2") == {"type": "finish", "finishReason": "length", "usage": {"inputTokens": 3}}
    # Decoding uses the official V2 -> V3 conversion: raw = {totalTokens}.
    [p] = decode_items(
        [
            {
                "type": "finish",
                "finishReason": "stop",
                "usage": {"inputTokens": 3, "outputTokens": 4, "totalTokens": 9},
            }
        ],
        "v2",
    )
    assert p.model_dump(by_alias=True, exclude_none=True)["usage"] == {
        "inputTokens": {"total": 3},
        "outputTokens": {"total": 4},
        "raw": {"totalTokens": 9},
    }


def test_v2_warnings_mapping() -> None:
    assert one(EXAMPLES["stream-start"]["rich"][0], "v2") == {
        "type": "stream-start",
        "warnings": [
            {"type": "unsupported-setting", "setting": "topK", "details": "ignored"},
            {"type": "other", "message": "seed: best effort"},
            {"type": "other", "message": "note"},
        ],
    }
    with pytest.raises(DialectError, match="deprecated"):
        one(EXAMPLES["stream-start"]["deprecated"][0], "v2")


def test_v2_tool_parts_use_v2_keys() -> None:
    assert one(EXAMPLES["tool-input-start"]["rich"][0], "v2") == {
        "type": "tool-input-start",
        "id": "c1",
        "toolName": "get_weather",
        "providerExecuted": True,
        "providerMetadata": PM,
    }
    assert one(EXAMPLES["tool-call"]["rich"][0], "v2") == {
        "type": "tool-call",
        "toolCallId": "c1",
        "toolName": "get_weather",
        "input": '{"city": "Paris"}',
        "providerExecuted": True,
        "providerMetadata": PM,
    }
    assert one(EXAMPLES["tool-result"]["rich"][0], "v2") == {
        "type": "tool-result",
        "toolCallId": "c1",
        "toolName": "get_weather",
        "result": [{"t": 20}, "sunny"],
        "isError": True,
        "providerExecuted": True,
        "providerMetadata": PM,
    }
    with pytest.raises(DialectError, match="preliminary"):
        one(EXAMPLES["tool-result"]["preliminary"][0], "v2")


def test_v2_file_has_no_provider_metadata() -> None:
    assert one(EXAMPLES["file"]["rich"][0], "v2") == {
        "type": "file",
        "mediaType": "image/png",
        "data": "https://ex.com/a.png",
    }


@pytest.mark.parametrize("part_type", ["tool-approval-request", "reasoning-file", "custom", "ping"])
def test_v2_missing_parts(part_type: str) -> None:
    seq = EXAMPLES[part_type]["minimal"]
    with pytest.raises(DialectError) as info:
        enc(seq, "v2")
    assert (info.value.part_type, info.value.dialect, info.value.scenario_id) == (part_type, "v2", SID)


# ---------------------------------------------------------------- mastra
def m(kind: str, payload: Any) -> dict[str, Any]:
    return {"type": kind, **ENV, "payload": payload}


def test_mastra_envelope_and_text() -> None:
    assert enc(EXAMPLES["stream-start"]["rich"], "mastra") == []  # converter drops stream-start
    assert one({"type": "text-start", "id": "t0"}, "mastra") == m("text-start", {"id": "t0"})
    assert one(EXAMPLES["text-delta"]["rich"][0], "mastra") == m(
        "text-delta", {"id": "t0", "text": "Hi", "providerMetadata": PM}
    )
    assert enc(EXAMPLES["text-delta"]["empty"], "mastra") == []
    # An empty delta that carries providerMetadata is kept (the converter's condition).
    assert one({"type": "text-delta", "id": "t0", "delta": "", "providerMetadata": PM}, "mastra") == m(
        "text-delta", {"id": "t0", "text": "", "providerMetadata": PM}
    )
    assert one({"type": "reasoning-delta", "id": "r0", "delta": ""}, "mastra") == m(
        "reasoning-delta", {"id": "r0", "text": ""}
    )
    assert one({"type": "reasoning-end", "id": "r0"}, "mastra") == m("reasoning-end", {"id": "r0"})
    assert one(EXAMPLES["response-metadata"]["rich"][0], "mastra") == m(
        "response-metadata", {"id": "resp-1", "timestamp": "2025-01-01T00:00:00.000Z", "modelId": "m-1"}
    )


def test_mastra_tool_streaming() -> None:
    assert one(EXAMPLES["tool-input-start"]["rich"][0], "mastra") == m(
        "tool-call-input-streaming-start",
        {
            "toolCallId": "c1",
            "toolName": "get_weather",
            "providerExecuted": True,
            "providerMetadata": PM,
            "dynamic": True,
            "title": "Weather",
        },
    )
    assert enc_last(EXAMPLES["tool-input-delta"]["rich"], "mastra") == [
        m(
            "tool-call-delta",
            {
                "argsTextDelta": '{"city":',
                "toolCallId": "c1",
                "toolName": "get_weather",
                "providerMetadata": PM,
            },
        )
    ]
    assert enc(EXAMPLES["tool-input-delta"]["empty"], "mastra") == []
    assert one({"type": "tool-input-end", "id": "c1"}, "mastra") == m(
        "tool-call-input-streaming-end", {"toolCallId": "c1"}
    )


def test_mastra_tool_call_args() -> None:
    assert one(CALL, "mastra") == m(
        "tool-call", {"toolCallId": "c1", "toolName": "get_weather", "args": {"city": "Paris"}}
    )
    assert one(EXAMPLES["tool-call"]["invalid-json"][0], "mastra")["payload"] == {
        "toolCallId": "c1",
        "toolName": "get_weather",
    }
    assert "args" not in one(EXAMPLES["tool-call"]["empty-input"][0], "mastra")["payload"]
    assert "args" not in one({**CALL, "input": "NaN"}, "mastra")["payload"]  # JSON.parse rejects NaN
    # sanitizeToolCallInput: trailing <|call|> tokens are stripped before parsing.
    assert one({**CALL, "input": '{"a": 1}<|call|>'}, "mastra")["payload"]["args"] == {"a": 1}
    rich = one(EXAMPLES["tool-call"]["rich"][0], "mastra")["payload"]
    assert rich == {
        "toolCallId": "c1",
        "toolName": "get_weather",
        "args": {"city": "Paris"},
        "providerExecuted": True,
        "providerMetadata": PM,
    }


def test_mastra_tool_result_and_approval() -> None:
    assert one(EXAMPLES["tool-result"]["rich"][0], "mastra") == m(
        "tool-result",
        {
            "toolCallId": "c1",
            "toolName": "get_weather",
            "result": [{"t": 20}, "sunny"],
            "isError": True,
            "providerExecuted": True,
            "providerMetadata": PM,
        },
    )
    # A preliminary result is the output a tool streams before its result: Mastra's tool-output.
    assert one(EXAMPLES["tool-result"]["preliminary"][0], "mastra") == m(
        "tool-output", {"output": 1, "toolCallId": "c1", "toolName": "f"})
    assert enc_last(EXAMPLES["tool-approval-request"]["minimal"], "mastra") == [
        m(
            "tool-call-approval",
            {"toolCallId": "c1", "toolName": "get_weather", "args": {"city": "Paris"}, "resumeSchema": "{}"},
        )
    ]
    with pytest.raises(DialectError) as info:
        enc(EXAMPLES["tool-approval-request"]["orphan"], "mastra")
    assert "c9" in str(info.value) and info.value.part_type == "tool-approval-request"


def test_mastra_finish() -> None:
    assert one(EXAMPLES["finish"]["rich"][0], "mastra") == m(
        "finish",
        {
            "stepResult": {"reason": "tool-calls", "rawReason": "tool_use"},
            "output": {
                "usage": {
                    "inputTokens": 100,
                    "outputTokens": 50,
                    "totalTokens": 150,
                    "reasoningTokens": 10,
                    "cachedInputTokens": 30,
                    "cacheCreationInputTokens": 10,
                    "raw": FULL_USAGE,
                }
            },
            "metadata": {"providerMetadata": PM},
            "messages": {"all": [], "user": [], "nonUser": []},
            "providerMetadata": PM,
        },
    )
    assert one(EXAMPLES["finish"]["unknown"][0], "mastra") == m(
        "finish",
        {
            "stepResult": {"reason": "other"},
            "output": {"usage": {}},
            "metadata": {},
            "messages": {"all": [], "user": [], "nonUser": []},
        },
    )
    with pytest.raises(DialectError, match="interrupted"):
        one(EXAMPLES["finish"]["interrupted"][0], "mastra")


def test_mastra_other_chunks() -> None:
    assert one(EXAMPLES["error"]["rich"][0], "mastra") == m(
        "error", {"error": {"name": "APIError", "message": "overloaded", "status": 529}}
    )
    assert one(EXAMPLES["raw"]["rich"][0], "mastra") == m("raw", {"choices": [{"delta": {"content": "Hi"}}]})
    assert one(EXAMPLES["file"]["minimal"][0], "mastra") == m(
        "file", {"data": "aGVsbG8=", "base64": "aGVsbG8=", "mimeType": "image/png"}
    )
    # An http(s) URL is not base64 (Mastra's isUrlString).
    assert one(EXAMPLES["file"]["rich"][0], "mastra") == m(
        "file", {"data": "https://ex.com/a.png", "mimeType": "image/png", "providerMetadata": PM}
    )
    assert one(EXAMPLES["reasoning-file"]["minimal"][0], "mastra") == m(
        "reasoning-file", {"data": "aGk=", "base64": "aGk=", "mimeType": "image/png"}
    )
    assert one(EXAMPLES["source"]["minimal"][0], "mastra") == m(
        "source", {"id": "s1", "sourceType": "url", "title": "", "url": "https://ex.com"}
    )
    assert one(EXAMPLES["source"]["rich"][0], "mastra") == m(
        "source",
        {
            "id": "s2",
            "sourceType": "document",
            "title": "Report",
            "mimeType": "application/pdf",
            "filename": "report.pdf",
            "providerMetadata": PM,
        },
    )
    assert one(EXAMPLES["custom"]["rich"][0], "mastra") == m(
        "custom", {"kind": "acme.thing", "providerMetadata": PM}
    )
    with pytest.raises(DialectError, match="ping"):
        one({"type": "ping"}, "mastra")


def test_mastra_decode_rejects_foreign_chunks() -> None:
    with pytest.raises(ValueError, match="workflow-start"):
        decode_items([m("workflow-start", {})], "mastra")


def test_mastra_step_chunks() -> None:
    # @mastra/core 1.71.0 ChunkType (spec-reference 5.2): step-start{request R, messageId?},
    # step-finish{stepResult{reason, rawReason?}, output{usage}, metadata{...}, messageId?}.
    assert one({"type": "step-start"}, "mastra") == m("step-start", {"request": {}})
    assert one({"type": "step-start", "messageId": "m-1"}, "mastra") == m(
        "step-start", {"request": {}, "messageId": "m-1"})
    usage = {"inputTokens": {"total": 7}, "outputTokens": {"total": 3}}
    item = one({"type": "step-finish", "finishReason": {"unified": "tool-calls", "raw": "tool_use"},
                "usage": usage}, "mastra")
    assert item == m("step-finish", {
        "stepResult": {"reason": "tool-calls", "rawReason": "tool_use"},
        "output": {"usage": {"inputTokens": 7, "outputTokens": 3, "totalTokens": 10, "raw": usage}},
        "metadata": {},
    })
    # Read back: the same canonical part, so a scenario's steps survive the round trip.
    [back] = decode_items([item], "mastra")
    assert back.type == "step-finish" and back.finish_reason.unified == "tool-calls"
    assert back.usage is not None and back.usage.input_tokens.total == 7


@pytest.mark.parametrize("dialect", ["v2", "v3", "v4", "openai-chat", "anthropic", "openai-responses", "gemini"])
def test_agent_parts_are_mastra_only(dialect: str) -> None:
    for part in ({"type": "step-start"}, {"type": "step-finish", "finishReason": {"unified": "stop"}}):
        if dialect in ("v2", "v3", "v4"):
            with pytest.raises(DialectError, match="agent-loop step"):
                one(part, dialect)
    table = importlib.import_module("mock_provider.dialects").dialect(dialect).rules
    for kind in AGENT_PART_TYPES:
        assert table[kind].action == "error" and table[kind].note, (dialect, kind)
    assert "tool-result{isError: true}" in table["tool-error"].note


def test_mastra_agent_chunks() -> None:
    """Each agent-loop part as its ChunkType member (@mastra/core 1.71.0 dist/stream/types.d.ts)."""
    assert enc_last(EXAMPLES["tool-call-suspended"]["rich"], "mastra") == [m("tool-call-suspended", {
        "toolCallId": "c1", "toolName": "get_weather", "suspendPayload": {"ask": "city?"},
        "args": {"city": "Paris"}, "resumeSchema": '{"type":"object"}'})]
    # ToolCallSuspendedPayload: every key required (suspendPayload: any; resumeSchema: string).
    assert enc_last(EXAMPLES["tool-call-suspended"]["minimal"], "mastra")[0]["payload"] == {
        "toolCallId": "c1", "toolName": "get_weather", "suspendPayload": None, "args": {"city": "Paris"},
        "resumeSchema": "{}"}
    with pytest.raises(DialectError, match="c9"):
        enc(EXAMPLES["tool-call-suspended"]["orphan"], "mastra")
    assert enc_last(EXAMPLES["tool-error"]["rich"], "mastra") == [m("tool-error", {
        "toolCallId": "c1", "toolName": "get_weather", "error": {"name": "Error", "message": "boom"},
        "args": {"city": "Paris"}, "providerExecuted": False, "providerMetadata": PM})]
    assert enc_last(EXAMPLES["tool-output-denied"]["rich"], "mastra") == [m("tool-output-denied", {
        "toolCallId": "c1", "toolName": "get_weather", "args": {"city": "Paris"},
        "approval": {"id": "a1", "approved": False, "reason": "not now"}})]
    assert one(EXAMPLES["reasoning-signature"]["rich"][0], "mastra") == m(
        "reasoning-signature", {"id": "r1", "signature": "sig==", "providerMetadata": PM})
    assert one(EXAMPLES["redacted-reasoning"]["minimal"][0], "mastra") == m(
        "redacted-reasoning", {"id": "r1", "data": "opaque"})
    assert one({"type": "abort"}, "mastra") == m("abort", {})
    # object / object-result carry `object` beside the envelope; data-* chunks have no envelope at all.
    assert one(EXAMPLES["object"]["rich"][0], "mastra") == {
        "type": "object", "runId": "mock-run", "from": "AGENT", "object": {"city": "Par"}}
    assert one(EXAMPLES["object-result"]["minimal"][0], "mastra") == {
        "type": "object-result", "runId": "mock-run", "from": "AGENT", "object": None}
    assert one(EXAMPLES["data"]["rich"][0], "mastra") == {
        "type": "data-progress", "data": {"pct": 50}, "id": "d1", "transient": True}
    assert one(EXAMPLES["tripwire"]["rich"][0], "mastra") == m("tripwire", {
        "reason": "blocked", "retry": False, "metadata": {"score": 0.9}, "processorId": "moderation"})
    # background-task-*: each status its own chunk, payloads as @mastra/core 1.71.0 BackgroundTask*Payload types them.
    assert one(EXAMPLES["background-task"]["minimal"][0], "mastra") == m(
        "background-task-started", {"taskId": "t1", "toolName": "report", "toolCallId": "c1"})
    assert one(EXAMPLES["background-task"]["progress"][0], "mastra") == m(
        "background-task-progress", {"taskIds": ["t1"], "runningCount": 1, "elapsedMs": 900})
    ids = {"taskId": "t1", "toolName": "report", "toolCallId": "c1", "runId": "mock-run", "agentId": "mock-agent"}
    assert enc(EXAMPLES["background-task"]["rich"], "mastra") == [
        m("background-task-output", {**ids, "payload": {
            "type": "tool-output", "runId": "mock-run", "from": "AGENT",
            "payload": {"output": {"pct": 50}, "toolCallId": "c1", "toolName": "report"}}}),
        m("background-task-completed", {**ids, "completedAt": "2026-01-01T00:00:00Z", "result": {"pages": 4},
                                        "isError": False})]
    with pytest.raises(DialectError, match="args is required"):
        enc(EXAMPLES["background-task"]["running without its args"], "mastra")


# ---------------------------------------------------------------- the registry
def test_registry_describes_every_dialect_in_its_module() -> None:
    from mock_provider.dialects import HTTP_DIALECTS, PART_DIALECTS, REGISTRY, PartDialect, dialect, names
    from mock_provider.wires.plan import HttpDialect

    assert names() == list(REGISTRY) == [*PART_DIALECTS, *HTTP_DIALECTS]
    assert PART_DIALECTS == DIALECTS and HTTP_DIALECTS == ("openai-chat", "anthropic", "openai-responses", "gemini")
    for name, (kind, module) in REGISTRY.items():
        d = dialect(name)
        assert d is importlib.import_module(module).DIALECT
        assert (d.name, d.kind) == (name, kind)
        assert set(d.rules) == set(PART_TYPES), name
        assert isinstance(d, PartDialect if kind == "parts" else HttpDialect), name
    with pytest.raises(ValueError, match="unknown dialect 'v9'"):
        dialect("v9")


def test_scenario_dialect_literal_is_the_registry() -> None:
    from typing import get_args

    from mock_provider.dialects import names
    from mock_provider.scenario import Dialect

    assert list(get_args(Dialect)) == names()


@pytest.mark.parametrize("name", DIALECTS)
def test_described_shapes_match_the_encoders(name: str) -> None:
    """What a description says about finish, usage and citations is what the encoder does."""
    from mock_provider.dialects import dialect

    d = dialect(name)
    usage = {"inputTokens": {"total": 3, "cacheWrite": 1}, "outputTokens": {"total": 4}, "raw": {"totalTokens": 9}}
    [item] = enc([{"type": "finish", "finishReason": {"unified": "stop"}, "usage": usage}], name)
    body = item["payload"] if d.envelope else item
    assert isinstance(body.get("finishReason"), str) == (d.finish_shape == "string")
    flat = body["output"]["usage"] if d.envelope else body["usage"]
    assert (flat.get("totalTokens") == 9) == d.provider_total
    written = flat.get("cacheCreationInputTokens", flat.get("inputTokens", {}))
    assert (written == 1 or (isinstance(written, dict) and written.get("cacheWrite") == 1)) == d.cache_write
    assert ("interrupted" in d.finish_reasons) == (name == "v4")


def test_text_encoded_tool_input_has_no_v2_form() -> None:
    """A custom tool's free-text deltas (inputEncoding 'text', V3 3.0.19+) would read as JSON in V2."""
    start = {"type": "tool-input-start", "id": "c1", "toolName": "run_sql", "inputEncoding": "text"}
    with pytest.raises(DialectError, match="inputEncoding"):
        one(start, "v2")
    assert one({**start, "inputEncoding": "json"}, "v2")["toolName"] == "run_sql"  # JSON input still maps
    assert one(start, "v3")["inputEncoding"] == "text"
