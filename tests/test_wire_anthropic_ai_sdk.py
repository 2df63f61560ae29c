"""``@ai-sdk/anthropic``'s own model reads the Messages elements only it gives a meaning, from the running server.

The anthropic SDK types the blocks (tests/test_wire_anthropic.py) but leaves their meaning to the caller;
``@ai-sdk/anthropic`` 4.0.105 is the consumer that renames the three code execution blocks' calls to
``code_execution`` (the block's kind first in the input), hands their results on, and reads a
``redacted_thinking`` block as reasoning without text. Its ``doStream`` and ``doGenerate`` run against the
mock server here; the transcript of the parts they make must be the scenario's expected one. Skipped where
node or the package is missing (``npm ci --prefix examples/ts``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mock_provider.derive import expected_transcript
from mock_provider.parts import parse_part
from mock_provider.scenario import load_corpus
from mock_provider.server import ThreadedMockServer

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "examples" / "ts"
CASES = ["tool.server-results.001", "tool.server-results.002", "reasoning.redacted.001"]

# Slow set (tests/conftest.py): one Node process per reading.
pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    shutil.which("node") is None or not (TS / "node_modules" / "@ai-sdk" / "anthropic" / "package.json").exists(),
    reason="node or @ai-sdk/anthropic missing: npm ci --prefix examples/ts")]

# doStream's parts as they come; doGenerate's content as the parts a stream of it would be (a whole text,
# reasoning or call becomes its start/delta/end or tool-call), so one transcript reading serves both.
READER = """
import { createAnthropic } from '@ai-sdk/anthropic'
const [base, scenario, mode] = process.argv.slice(1)
const provider = createAnthropic({ baseURL: `${base.replace(/\\/$/, '')}/v1`, apiKey: 'conformance' })
const model = provider(`scenario:${scenario}`)
const prompt = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]
const out = []
if (mode === 'stream') {
  const { stream } = await model.doStream({ prompt })
  for await (const p of stream) if (p.type !== 'stream-start' && p.type !== 'custom') out.push(p)
} else {
  const r = await model.doGenerate({ prompt })
  r.content.forEach((c, i) => {
    if (c.type === 'text' || c.type === 'reasoning') {
      const kind = c.type, id = String(i)
      out.push({ type: `${kind}-start`, id }, { type: `${kind}-delta`, id, delta: c.text }, { type: `${kind}-end`, id })
    } else out.push(c)
  })
  out.push({ type: 'finish', finishReason: r.finishReason, usage: r.usage })
}
for (const p of out) { delete p.providerMetadata; process.stdout.write(JSON.stringify(p) + '\\n') }
"""


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedMockServer]:
    with ThreadedMockServer(load_corpus(), time_scale=0.0) as srv:
        yield srv


def read(server: ThreadedMockServer, sid: str, mode: str) -> list[dict[str, Any]]:
    out = subprocess.run(["node", "--input-type=module", "-e", READER, server.base_url, sid, mode], cwd=TS,
                         capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def transcript(parts: list[Any]) -> dict[str, Any]:
    t = dict(expected_transcript(parts, "anthropic").model_dump(), model=None)
    if t.get("usage"):
        t["usage"] = {k: t["usage"][k] for k in ("input_tokens", "output_tokens", "total_tokens")}
    for call in t.get("tool_calls") or []:
        call["args_text"] = None  # a whole Message's input is JSON.stringify'd (no space after the kind)
    return t


@pytest.mark.parametrize("mode", ["stream", "generate"])
@pytest.mark.parametrize("sid", CASES)
def test_the_provider_reads_the_scenarios_parts(server: ThreadedMockServer, sid: str, mode: str) -> None:
    """Equal in, equal out: the provider's parts mean what the scenario's parts mean."""
    scenario = next(s for s in load_corpus() if s.id == sid)
    read_back = [parse_part(p) for p in read(server, sid, mode)]
    assert transcript(read_back) == transcript(scenario.parts())


def test_the_stream_opens_a_code_execution_input_with_its_kind(server: ThreadedMockServer) -> None:
    """The streamed argument text is the script's, byte for byte (the kind @ai-sdk/anthropic puts first)."""
    scenario = next(s for s in load_corpus() if s.id == "tool.server-results.002")
    got = [p["delta"] for p in read(server, scenario.id, "stream") if p["type"] == "tool-input-delta"]
    assert got == [p.delta for p in scenario.parts() if p.type == "tool-input-delta"]  # type: ignore[union-attr]


# The custom parts each reading hands on, with their provider metadata (the READER above drops both).
CUSTOM_READER = READER.replace("p.type !== 'custom'", "true").replace("delete p.providerMetadata; ", "")


def test_a_container_upload_is_a_custom_part_in_a_whole_message_and_an_error_in_the_stream(
        server: ThreadedMockServer) -> None:
    """parts.container-upload.001: doGenerate hands the block on as the scenario's custom part; doStream's chunk
    schema has no container_upload (dist/index.js:905-1107), so the same block is an error part there, and the
    answer after it still comes (the scenario's expected transcript is the protocol's, the stream's error the
    package's defect)."""
    scenario = next(s for s in load_corpus() if s.id == "parts.container-upload.001")
    custom = [p.model_dump(by_alias=True, exclude_none=True) for p in scenario.parts() if p.type == "custom"]

    def run(mode: str) -> list[dict[str, Any]]:
        out = subprocess.run(["node", "--input-type=module", "-e", CUSTOM_READER, server.base_url, scenario.id, mode],
                             cwd=TS, capture_output=True, text=True, timeout=60, check=False)
        assert out.returncode == 0, out.stderr[-2000:]
        return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]

    whole = run("generate")
    assert [p for p in whole if p["type"] == "custom"] == custom  # kind and fileId as scripted
    assert transcript([parse_part(p) for p in whole if p["type"] != "custom"]) == transcript(scenario.parts())
    streamed = run("stream")
    assert [p.get("kind", p["type"]) for p in streamed if p["type"] == "error" or p.get("kind") == custom[0]["kind"]] \
        == ["error"]  # the block fails the chunk schema (a ZodError: no matching discriminator)
    assert "No matching discriminator" in json.dumps(next(p for p in streamed if p["type"] == "error"))
    text = "".join(p["delta"] for p in streamed if p["type"] == "text-delta")
    assert text == scenario.expected.text
