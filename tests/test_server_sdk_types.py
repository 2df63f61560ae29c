"""Each server flavour's stream validates against that server's own SDK, chunk by chunk, on the whole corpus.

tests/test_wire_sdk_types.py holds every Chat Completions frame to the openai SDK's ``ChatCompletionChunk``. A client
written for another server reads the stream with that server's SDK, whose models can be stricter: the mistralai SDK
requires ``function.name`` in every streamed tool call, and the mock's first ``mistral`` flavour omitted it in
continuation deltas (41 suite errors in the first run of pydantic-ai on ``MistralModel``). Here every scenario a
client of the server can be sent (not a habit of another server, not outside the wire's contract on purpose) is
served as the server streams it (``X-Mock-Server``) and each chunk validated with that SDK's published model
(faults, which are the transport's, left out).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from mock_provider.scenario import Scenario, load_corpus
from mock_provider.server import ThreadedMockServer
from mock_provider.servers import foreign_quirk
from tests.test_wire_sdk_types import _openai_compatible

# Faults (a cut, a stall, bytes malformed on purpose) are the transport's, not a chunk's shape.
CORPUS = [s for s in load_corpus() if (s.dialects is None or "openai-chat" in s.dialects) and s.contract is None
          and not any(step.fault is not None for step in s.script)]


def _mistral() -> Callable[[dict[str, Any]], object]:
    models = pytest.importorskip("mistralai.client.models", reason="the mistralai SDK (the calibration extra)")
    return models.CompletionChunk.model_validate  # type: ignore[no-any-return]


def _groq() -> Callable[[dict[str, Any]], object]:
    chat = pytest.importorskip("groq.types.chat", reason="the groq SDK (the calibration extra)")
    return chat.ChatCompletionChunk.model_validate  # type: ignore[no-any-return]


def _cerebras() -> Callable[[dict[str, Any]], object]:
    # Cerebras's stream chunk (cerebras-cloud-sdk 1.91.0, generated from its OpenAPI spec, types/chat/chat_completion.py
    # ChatChunkResponse): `system_fingerprint` required. The SDK casts each chunk to the union ChatCompletion without
    # validating, so a chunk this rejects is built as another variant (the first run of agno's Cerebras model: every
    # delta a dict, 65 RUN_ERRORs).
    chat = pytest.importorskip("cerebras.cloud.sdk.types.chat", reason="the cerebras-cloud-sdk (the calibration extra)")
    return chat.chat_completion.ChatChunkResponse.model_validate  # type: ignore[no-any-return]


def _openai() -> Callable[[dict[str, Any]], object]:
    chat = pytest.importorskip("openai.types.chat", reason="the openai SDK")
    return chat.ChatCompletionChunk.model_validate  # type: ignore[no-any-return]


# Mistral's server for its own models (`mistral-own`, each call whole) is read by the same SDK as for relayed ones.
SDK_MODELS: dict[str, Callable[[], Callable[[dict[str, Any]], object]]] = {"mistral": _mistral, "mistral-own": _mistral,
                                                                          "groq": _groq, "cerebras": _cerebras}
# The servers whose Python clients read the stream with the openai SDK pointed at the server's URL (DeepSeek's, xAI's,
# OpenRouter's, Perplexity's and Moonshot's docs give that recipe; pydantic-ai's OpenRouterModel, DeepSeek and
# Moonshot providers are OpenAIChatModel), and a server without a flavour, whose client the kit cannot name. Hugging
# Face's client is not here: huggingface_hub builds ChatCompletionStreamOutput without validating
# (inference/_generated/types/base.py parse_obj: "we don't want to raise an error but still create the dataclass
# object"), so its model rejects nothing a client would.
SDK_MODELS.update(dict.fromkeys(("deepseek", "xai", "openrouter", "perplexity", "moonshot", "other"), _openai))


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with ThreadedMockServer(load_corpus(), time_scale=0.0) as server:  # the scripts' delays change no chunk
        yield server.base_url


def _frames(base_url: str, scenario: Scenario, server: str) -> list[dict[str, Any]] | None:
    """The JSON chunks of the scenario's first turn as ``server`` streams it (None: an HTTP error answer)."""
    response = httpx.post(f"{base_url}/v1/chat/completions", headers={"X-Mock-Server": server}, timeout=10, json={
        "model": f"scenario:{scenario.id}", "stream": True, "stream_options": {"include_usage": True},
        "messages": [{"role": "user", "content": "hi"}]})
    if response.status_code != 200 or not response.headers.get("content-type", "").startswith("text/event-stream"):
        return None
    lines = [line.removeprefix("data: ") for line in response.text.splitlines() if line.startswith("data: ")]
    return [json.loads(line) for line in lines if line != "[DONE]"]


# The openai SDK's flavours are in the slow set (tests/conftest.py): a few seconds each, and CI runs them.
@pytest.mark.parametrize("server", [pytest.param(s, marks=pytest.mark.slow) if SDK_MODELS[s] is _openai else s
                                    for s in sorted(SDK_MODELS)])
def test_every_chunk_a_server_streams_is_its_own_sdks_chunk(server: str, base_url: str) -> None:
    validate = SDK_MODELS[server]()
    failures, checked = [], 0
    for scenario in CORPUS:
        if foreign_quirk(scenario, server) is not None:
            continue  # another server's habit: a client of this one is never sent it (NOT-EXPRESSIBLE)
        for chunk in _frames(base_url, scenario, server) or []:
            if "error" in chunk and ("choices" not in chunk or server == "openrouter"):
                continue  # an error frame, or OpenRouter's error chunk: no chunk model (the SDKs raise on it)
            checked += 1
            try:
                # A finish reason outside OpenAI's Literal where the scenario's is other/unknown (the groq and mistral
                # flavours rule those out): OpenAI-compatible servers send their own, which the openai SDK, building
                # without validation, hands on (tests/test_wire_sdk_types.py allows the same on the default flavour).
                validate(_openai_compatible(chunk, scenario) if SDK_MODELS[server] is _openai else chunk)
            except Exception as exc:  # pydantic's ValidationError, whichever pydantic the SDK was built with
                failures.append(f"{scenario.id}: {str(exc).splitlines()[:3]}")
    assert checked > 500, checked  # the corpus streams, not a handful
    assert failures == [], f"{len(failures)} chunk(s) the {server} SDK rejects:\n" + "\n".join(failures[:20])
