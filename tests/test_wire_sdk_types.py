"""Every HTTP rendering validates against the official SDKs' own models, frame by frame.

tests/test_wire_openai.py and tests/test_wire_anthropic.py read each scenario through the SDKs'
clients, which build their response objects without validation (a wrong field type passes). Here
every streamed frame of every scenario (stall and client-abort scenarios included) and every
JSON body is validated with pydantic against the SDK's published model: ``ChatCompletionChunk``
and ``ChatCompletion`` (``openai``), ``RawMessageStreamEvent`` and ``Message`` (``anthropic``).
Error frames are the SDKs' error payloads, which have no model; they are checked for the key
the SDK reads. Faults that write malformed bytes on purpose (``raw_bytes``) are left out, and so
are scenarios marked ``contract`` (their input breaks the provider contract; the wire may too).

The Messages frames are held to the anthropic SDK of this environment (2.x) and, where the AG2 environment is there
(``SAC_AG2_PYTHON``), to the 1.x SDK that ag2's ``anthropic`` extra asks for (``anthropic>=1.9.0,<2``), whose client
reads them in the AG2 Anthropic pin: a client on another major reads the stream with that major's models.

Two published differences between a model and the wire are allowed, each where the scenario needs it:
the Chat Completions wire is OpenAI-*compatible*, so a finish reason outside OpenAI's closed
``finish_reason`` literal is allowed where the scenario's reason is ``other``/``unknown``
(``@ai-sdk/openai-compatible`` 2.0.87 reads any string and maps it to ``other``); and a Messages
``thinking`` block starts without ``signature`` (spec-reference 6.3: the signature comes in a
``signature_delta``), which the SDK's ``ThinkingBlock`` model requires for a whole message.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from anthropic.types import Message, RawMessageStreamEvent
from openai.types.chat import ChatCompletion, ChatCompletionChunk
from pydantic import TypeAdapter

from mock_provider.dialects import DialectError
from mock_provider.parts import Finish
from mock_provider.scenario import RawBytesFault, Scenario
from mock_provider.wires import plan_response
from tests.shared_corpus import builtin_corpus

CORPUS = builtin_corpus()
ANTHROPIC_EVENT: TypeAdapter[Any] = TypeAdapter(RawMessageStreamEvent)
OPENAI_REASONS = {"stop", "length", "tool_calls", "content_filter", "function_call"}


def _openai_compatible(data: dict[str, Any], s: Scenario) -> dict[str, Any]:
    """The chunk or completion with a non-OpenAI finish reason read as 'stop' (a stand-in OpenAI's model
    accepts), where the scenario's scripted reason is other/unknown."""
    if not any(isinstance(p, Finish) and p.finish_reason.unified in ("other", "unknown") for p in s.parts()):
        return data
    choices = [{**c, "finish_reason": "stop"} if c.get("finish_reason") not in (*OPENAI_REASONS, None) else c
               for c in data.get("choices", [])]
    return {**data, "choices": choices}


def _with_signature(data: dict[str, Any]) -> dict[str, Any]:
    block = data.get("content_block")
    if data.get("type") == "content_block_start" and isinstance(block, dict) and block.get("type") == "thinking":
        return {**data, "content_block": {"signature": "", **block}}
    return data


def _plan_body(s: Scenario, dialect: str, streaming: bool) -> bytes | None:
    if s.dialects is not None and dialect not in s.dialects:
        return None
    if any(isinstance(step.fault, RawBytesFault) for step in s.script) or s.contract is not None:
        return None  # malformed on purpose
    request: dict[str, Any] = {"stream": streaming, "stream_options": {"include_usage": True}}
    try:
        plan = plan_response(s, dialect, request)
    except DialectError:
        return None
    if plan.status >= 400:
        return None
    return plan.body_bytes()


def _frames(body: bytes) -> list[tuple[str | None, dict[str, Any]]]:
    """SSE events as (event name, JSON data); comments, [DONE] and a cut tail are left out."""
    out: list[tuple[str | None, dict[str, Any]]] = []
    for raw in body.replace(b"\r\n", b"\n").split(b"\n\n")[:-1]:
        lines = raw.decode("utf-8").split("\n")
        event = next((x[len("event: "):] for x in lines if x.startswith("event: ")), None)
        data = "".join(x[len("data: "):] for x in lines if x.startswith("data: "))
        if data and data != "[DONE]":
            out.append((event, json.loads(data)))
    return out


@pytest.mark.parametrize("sid", [s.id for s in CORPUS])
def test_chat_completions_frames_are_sdk_chunks(sid: str) -> None:
    s = next(x for x in CORPUS if x.id == sid)
    body = _plan_body(s, "openai-chat", streaming=True)
    if body is None:
        pytest.skip("no Chat Completions stream for this scenario")
    frames = _frames(body)
    for _, data in frames:
        if "error" in data:
            assert isinstance(data["error"], dict) and "message" in data["error"], data
        elif s.contract is not None and data.get("choices") == [] and data.get("object") == "":
            continue  # Azure's content-filter chunk: outside the type on purpose (the scenario says so)
        else:
            ChatCompletionChunk.model_validate(_openai_compatible(data, s))
    json_body = _plan_body(s, "openai-chat", streaming=False)
    if json_body:
        ChatCompletion.model_validate(_openai_compatible(json.loads(json_body), s))


@pytest.mark.parametrize("sid", [s.id for s in CORPUS])
def test_messages_frames_are_sdk_events(sid: str) -> None:
    s = next(x for x in CORPUS if x.id == sid)
    body = _plan_body(s, "anthropic", streaming=True)
    if body is None:
        pytest.skip("no Messages stream for this scenario")
    for event, data in _frames(body):
        assert event == data.get("type"), (event, data)  # the SDK dispatches on the SSE event name
        if event == "error":
            assert isinstance(data.get("error"), dict) and "message" in data["error"], data
        elif event != "ping":
            ANTHROPIC_EVENT.validate_python(_with_signature(data))
    json_body = _plan_body(s, "anthropic", streaming=False)
    if json_body:
        Message.model_validate_json(json_body)


# Run in the AG2 environment: every frame (and message) validated with that environment's anthropic models; prints the
# version and the ids of the scenarios whose frames a model rejects, with the first error line.
_VALIDATE_THERE = """
import json, sys
import anthropic
from anthropic.types import Message, RawMessageStreamEvent
from pydantic import TypeAdapter
event = TypeAdapter(RawMessageStreamEvent)
bad = {}
for sid, kind, data in json.load(open(sys.argv[1])):
    try:
        Message.model_validate(data) if kind == "message" else event.validate_python(data)
    except Exception as exc:
        bad.setdefault(sid, str(exc).splitlines()[0])
print(json.dumps({"version": anthropic.__version__, "bad": bad}))
"""


@pytest.mark.slow
def test_messages_frames_are_the_anthropic_1x_sdks_events(tmp_path: Path) -> None:
    python = os.environ.get("SAC_AG2_PYTHON", "")
    if not python or not Path(python).is_file():
        pytest.skip("no AG2 environment (SAC_AG2_PYTHON): its anthropic 1.x SDK reads the AG2 Anthropic pin's streams")
    items: list[tuple[str, str, dict[str, Any]]] = []
    for s in CORPUS:
        body = _plan_body(s, "anthropic", streaming=True)
        items += [(s.id, "event", _with_signature(data)) for event, data in _frames(body or b"")
                  if event not in ("error", "ping")]
        json_body = _plan_body(s, "anthropic", streaming=False)
        if json_body:
            items.append((s.id, "message", json.loads(json_body)))
    frames = tmp_path / "frames.json"
    frames.write_text(json.dumps(items), encoding="utf-8")
    out = subprocess.run([python, "-c", _VALIDATE_THERE, str(frames)], capture_output=True, text=True, check=True,
                         timeout=120)
    result = json.loads(out.stdout)
    assert result["version"].startswith("1."), result["version"]
    assert len(items) > 1000 and result["bad"] == {}
