"""``@ai-sdk/google``'s own model reads the Gemini elements only it interprets, from the running server.

google-genai types the chunks (tests/test_wire_gemini.py) but leaves their meaning to the caller;
the AI SDK's provider is the consumer that gives streamed arguments, finish reasons and prompt
blocks a meaning. ``examples/ts/wire-readers/ai-sdk-google-read.mjs`` runs its ``doStream`` against
the mock server and prints the LanguageModelV4 parts; the transcript of those parts must be the
scenario's expected one. The ``vertex`` reading names the provider as ``@ai-sdk/google-vertex``
does, the one case where ``@ai-sdk/google`` 4.0.121 asks for streamed arguments
(``toolConfig.functionCallingConfig.streamFunctionCallArguments``): the server then streams a
``partial_args`` call as ``partialArgs``, which the provider's incremental JSON builder rebuilds.
Skipped where node or the package is missing (``npm ci --prefix examples/ts``).
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
from mock_provider.minted import renamed, renames
from mock_provider.parts import Finish, parse_part
from mock_provider.scenario import load_corpus
from mock_provider.server import ThreadedMockServer

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "examples" / "ts"
READER = TS / "wire-readers" / "ai-sdk-google-read.mjs"
PARTIAL = "quirks.gemini-partial-args.001"
# Scenarios whose Gemini elements only @ai-sdk/google gives a meaning to.
CASES = [PARTIAL, "finish.gemini-malformed-call.001", "finish.gemini-other-reason.001", "finish.gemini-recitation.001",
         "finish.gemini-prompt-blocked.001", "reasoning.gemini-signature.001", "parts.file.001", "parts.source.001",
         "parts.reasoning-file.001", "tool.gemini-server-tool.001", "tool.gemini-code-execution.001",
         *sorted(s.id for s in load_corpus()
                 if s.id.startswith(("finish.gemini-reason-", "finish.gemini-prompt-blocked-")))]
# What the transcript leaves out and only this provider reads back: files, sources, thought signatures.
CONTENT = ["reasoning.gemini-signature.001", "parts.file.001", "parts.source.001", "parts.reasoning-file.001",
           "tool.gemini-server-tool.001"]

# Slow set (tests/conftest.py): one Node process per scenario reads the mock server with @ai-sdk/google.
pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    shutil.which("node") is None or not (TS / "node_modules" / "@ai-sdk" / "google" / "package.json").exists(),
    reason="node or @ai-sdk/google missing: npm ci --prefix examples/ts")]


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedMockServer]:
    with ThreadedMockServer(load_corpus(), time_scale=0.0) as srv:
        yield srv


def read(server: ThreadedMockServer, sid: str, mode: str) -> list[dict[str, Any]]:
    out = subprocess.run(["node", str(READER), server.base_url, sid, mode], cwd=TS, capture_output=True,
                         text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def transcript(parts: list[Any]) -> dict[str, Any]:
    """The transcript, usage on the counts usageMetadata states (@ai-sdk/google fills cache and
    reasoning counts the wire left out with 0: convertGoogleUsage)."""
    t = dict(expected_transcript(parts, "gemini").model_dump(), model=None)
    if t.get("usage"):
        t["usage"] = {k: t["usage"][k] for k in ("input_tokens", "output_tokens", "total_tokens")}
    return t


@pytest.mark.parametrize("mode", ["vertex", "plain"])
@pytest.mark.parametrize("sid", CASES)
def test_the_provider_reads_the_scenarios_parts(server: ThreadedMockServer, sid: str, mode: str) -> None:
    """Equal in, equal out: the provider's parts mean what the scenario's parts mean (the transcript
    derived from both), and its finish carries the scenario's unified reason and raw wire value."""
    scenario = next(s for s in load_corpus() if s.id == sid)
    read_back = [parse_part(p) for p in read(server, sid, mode) if p["type"] != "stream-start"]
    # A code execution call's id is one the provider generates (mock_provider.minted): read as the scripted one.
    assert renamed(transcript(read_back), renames(expected_transcript(scenario.parts(), "gemini"),
                                                  expected_transcript(read_back, "gemini"))) \
        == transcript(scenario.parts())
    from google.genai import types

    # A raw reason of another wire (parts.source.001's 'stop') is sent as Gemini's own: only the unified compares.
    gemini = {e.value for e in types.FinishReason} | {e.value for e in types.BlockedReason}
    finish = [p.finish_reason for p in read_back if isinstance(p, Finish)]
    want = [p.finish_reason for p in scenario.parts() if isinstance(p, Finish)]
    assert [(f.unified, f.raw if w.raw in gemini else None) for f, w in zip(finish, want, strict=True)] == \
        [(f.unified, f.raw if f.raw in gemini else None) for f in want]


def content_of(parts: list[Any]) -> list[Any]:
    """Files, sources and signed parts in order, without the ids the provider mints (generateId) or the
    block boundaries it draws (an inlineData part closes the text or reasoning block before it)."""
    out: list[Any] = []
    for p in parts:
        if p.type in ("file", "reasoning-file"):
            out.append((p.type, p.media_type, p.data.data))
        elif p.type == "source":
            out.append((p.source_type, p.url, p.title, p.media_type, p.filename))
        sig = ((getattr(p, "provider_metadata", None) or {}).get("google") or {}).get("thoughtSignature")
        if sig is not None and p.type in ("reasoning-delta", "tool-call"):
            out.append((p.type, sig))
    return out


@pytest.mark.parametrize("sid", CONTENT)
def test_files_sources_and_signatures_read_back_as_the_scripts(server: ThreadedMockServer, sid: str) -> None:
    """An inlineData part is the script's file (a reasoning file when a thought), a groundingChunk its
    source, a thoughtSignature the signature of the same part: each once, in order."""
    scenario = next(s for s in load_corpus() if s.id == sid)
    read_back = [parse_part(p) for p in read(server, sid, "plain")]
    want = content_of(scenario.parts())
    assert want and content_of(read_back) == want


def test_streamed_arguments_come_only_to_a_request_that_asks(server: ThreadedMockServer) -> None:
    streamed = [p["delta"] for p in read(server, PARTIAL, "vertex") if p["type"] == "tool-input-delta"]
    whole = [p["delta"] for p in read(server, PARTIAL, "plain") if p["type"] == "tool-input-delta"]
    # The builder emits text as values complete: the string split across fragments, then the numbers and
    # the array members, then the closing brace at the empty functionCall; one whole delta otherwise.
    assert len(streamed) >= 5 and len(whole) == 1
    assert "".join(streamed) == whole[0]
    assert streamed[0] == '{"city":"Reyk'


FINISH_READER = """
import { createGoogleGenerativeAI } from '@ai-sdk/google'
const bodies = JSON.parse(await new Promise((ok) => { let s = ''; process.stdin.on('data', (d) => s += d);
  process.stdin.on('end', () => ok(s)) }))
const out = []
for (const body of bodies) {
  const fetch = async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } })
  const { stream } = await createGoogleGenerativeAI({ apiKey: 'k', fetch })('m').doStream({
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] })
  let reason = null
  for await (const p of stream) if (p.type === 'finish') reason = p.finishReason
  out.push(reason)
}
process.stdout.write(JSON.stringify(out))
"""


def test_every_finish_reason_the_wire_sends_reads_back_as_its_unified_reason() -> None:
    """Each google-genai FinishReason the wire keeps as raw, and each prompt BlockedReason, is read by
    @ai-sdk/google as the unified reason the wire's table says (CONTINUATION, a second request within the
    call, is not sent)."""
    from google.genai import types

    from mock_provider.wires.gemini import BLOCK_REASONS, CONSUMER_REASONS, Encoder

    cases: list[tuple[str, str, dict[str, Any]]] = []
    for value in [e.value for e in types.FinishReason if e.value != "CONTINUATION"]:
        unified = CONSUMER_REASONS[value]
        cases.append((unified, value, {"type": "finish", "finishReason": {"unified": unified, "raw": value}}))
    for block in BLOCK_REASONS:
        cases.append(("content-filter", block, {
            "type": "finish", "finishReason": {"unified": "content-filter", "raw": block},
            "providerMetadata": {"google": {"promptFeedback": {"blockReason": block}}}}))
    bodies = []
    for _unified, _raw, part in cases:
        chunks = Encoder("x.y.001").encode(parse_part({**part, "usage": {"inputTokens": {"total": 3}}}))
        assert "finishReason" in json.dumps(chunks) or "promptFeedback" in chunks[0]
        bodies.append("".join(f"data: {json.dumps(c)}\n\n" for c in chunks))
    out = subprocess.run(["node", "--input-type=module", "-e", FINISH_READER], cwd=TS, capture_output=True,
                         text=True, timeout=120, check=False, input=json.dumps(bodies))
    assert out.returncode == 0, out.stderr[-2000:]
    got = [(r["unified"], r["raw"]) for r in json.loads(out.stdout)]
    assert got == [(unified, raw) for unified, raw, _ in cases]
    assert set(CONSUMER_REASONS) == {e.value for e in types.FinishReason} - {"CONTINUATION"}
