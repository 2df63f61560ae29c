"""Each server flavour's stream is read by its vendor's own AI SDK provider, chunk by chunk, on the whole corpus.

tests/test_server_sdk_types.py holds the flavours to the vendors' Python SDK models. The AI SDK providers validate
every chunk with a zod schema of their own, and a chunk it rejects is no suite failure of the adapter under test but a
mock that lied about the server: it comes out of ``doStream`` as an ``error`` part carrying a TypeValidationError
("Type validation failed"). That happened twice before a first run caught it (the ``xai`` flavour's OpenAI-style
tool-call fragments, which @ai-sdk/xai 3.0.99's chunk schema rejects: 39 suite errors; the ``mistral`` flavour's
continuation deltas without ``function.name``: 41). Here every provider the kit has a harness for runs its
LanguageModel's ``doStream`` against the running mock, one Node process per provider, on every turn of every scenario
a client of its server can be sent (:func:`mock_provider.servers.foreign_quirk` None on its wire; not outside the
wire's contract on purpose; no transport fault, which is not a chunk's shape), with its server chosen by the
``X-Mock-Server`` header through the provider's ``headers`` option (and the reasoning field its harness names). A
validation error fails; an ``error`` part fails too unless the turn's script has an error part. Skipped where node or
a package is missing (``npm ci --prefix examples/ts``, ``examples/ts-openrouter``).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from mock_provider.dialects import DialectError
from mock_provider.parts import Error
from mock_provider.scenario import Scenario, load_corpus
from mock_provider.server import ThreadedMockServer
from mock_provider.servers import foreign_quirk, served_as
from mock_provider.wires import plan_response

ROOT = Path(__file__).resolve().parent.parent

# Slow set (tests/conftest.py): a Node process per provider, a few hundred streams each (seconds).
pytestmark = [pytest.mark.slow, pytest.mark.skipif(shutil.which("node") is None, reason="node missing")]


@dataclass(frozen=True)
class Reader:
    """One provider's LanguageModel on one wire, as the kit's harness for it builds it."""

    package: str  # the import specifier (an npm alias for the ai 6 line)
    factory: str  # the create function the package exports
    server: str  # the X-Mock-Server flavour its harness declares
    dialect: str  # openai-chat or openai-responses
    method: str | None = None  # provider.<method>(id); None: provider(id), the package's default model
    folder: str = "ts"  # examples/<folder>/node_modules holds the package
    headers: dict[str, str] = field(default_factory=dict)  # the harness's own request headers


# The harnesses' providers (examples/ts/*.mjs, examples/ts-openrouter/*.mjs) with the model each harness makes.
READERS: dict[str, Reader] = {
    "openai-chat": Reader("@ai-sdk/openai", "createOpenAI", "openai", "openai-chat", "chat"),
    "openai-responses": Reader("@ai-sdk/openai", "createOpenAI", "openai", "openai-responses", "responses"),
    "openai-compatible": Reader("@ai-sdk/openai-compatible", "createOpenAICompatible", "openai", "openai-chat",
                                "chatModel"),
    "groq": Reader("@ai-sdk/groq", "createGroq", "groq", "openai-chat", headers={"X-Mock-Reasoning": "reasoning"}),
    "ai6-groq": Reader("ai6-groq", "createGroq", "groq", "openai-chat", headers={"X-Mock-Reasoning": "reasoning"}),
    "mistral": Reader("@ai-sdk/mistral", "createMistral", "mistral", "openai-chat",
                      headers={"X-Mock-Reasoning": "thinking-chunks"}),
    "ai6-mistral": Reader("ai6-mistral", "createMistral", "mistral", "openai-chat",
                          headers={"X-Mock-Reasoning": "thinking-chunks"}),
    # Mistral's server for its own models (each call whole): no harness declares it with this provider, whose clients
    # may name a relayed model, but it is Mistral's own reader of Mistral's chunks.
    "mistral-own": Reader("@ai-sdk/mistral", "createMistral", "mistral-own", "openai-chat",
                          headers={"X-Mock-Reasoning": "thinking-chunks"}),
    "xai-responses": Reader("@ai-sdk/xai", "createXai", "xai", "openai-responses"),
    "ai6-xai-chat": Reader("ai6-xai", "createXai", "xai", "openai-chat"),
    "ai6-xai-responses": Reader("ai6-xai", "createXai", "xai", "openai-responses", "responses"),
    "deepseek": Reader("@ai-sdk/deepseek", "createDeepSeek", "deepseek", "openai-chat"),
    "perplexity": Reader("@ai-sdk/perplexity", "createPerplexity", "perplexity", "openai-chat"),
    "moonshotai": Reader("@ai-sdk/moonshotai", "createMoonshotAI", "moonshot", "openai-chat"),
    "huggingface": Reader("@ai-sdk/huggingface", "createHuggingFace", "huggingface", "openai-responses"),
    "cerebras": Reader("@ai-sdk/cerebras", "createCerebras", "cerebras", "openai-chat"),
    # Clients of servers the kit has no flavour for (`other`), as their harnesses declare.
    "togetherai": Reader("@ai-sdk/togetherai", "createTogetherAI", "other", "openai-chat"),
    "fireworks": Reader("@ai-sdk/fireworks", "createFireworks", "other", "openai-chat"),
    "baseten": Reader("@ai-sdk/baseten", "createBaseten", "other", "openai-chat"),
    "alibaba": Reader("@ai-sdk/alibaba", "createAlibaba", "other", "openai-chat"),
    "vercel": Reader("@ai-sdk/vercel", "createVercel", "other", "openai-chat"),
    "azure": Reader("@ai-sdk/azure", "createAzure", "other", "openai-responses"),
    "openrouter": Reader("@openrouter/ai-sdk-provider", "createOpenRouter", "openrouter", "openai-chat",
                         folder="ts-openrouter", headers={"X-Mock-Reasoning": "reasoning_details"}),
}

# Reads each job's stream to its end: the parts doStream makes, the `data:` events the server sent (a fetch that
# counts them on a clone of the body), every error part and a throw, each with its name and message.
READER = r"""
const spec = JSON.parse(await new Promise((ok) => { let s = ''; process.stdin.on('data', (d) => { s += d })
  process.stdin.on('end', () => ok(s)) }))
const mod = await import(spec.package)
let pending = Promise.resolve(0)
const counting = async (url, init) => {
  const response = await fetch(url, init)
  const copy = response.clone()
  pending = copy.text().then((t) => t.split('\n').filter((l) => l.startsWith('data:') && l !== 'data: [DONE]').length,
    () => 0)
  return response
}
const options = { baseURL: spec.baseURL, apiKey: 'conformance', headers: spec.headers, fetch: counting }
if (spec.factory === 'createOpenAICompatible') options.name = 'conformance'
const provider = mod[spec.factory](options)
const describe = (e) => e instanceof Error
  ? { name: e.name, message: String(e.message).slice(0, 400) }
  : { name: typeof e, message: (JSON.stringify(e) ?? String(e)).slice(0, 400) }
for (const job of spec.jobs) {
  const id = `scenario:${job.id}`
  const model = spec.method ? provider[spec.method](id) : provider(id)
  const prompt = [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]
  for (let t = 1; t < job.turn; t++) {
    prompt.push({ role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
      { role: 'user', content: [{ type: 'text', text: 'go on' }] })
  }
  const record = { id: job.id, turn: job.turn, parts: 0, chunks: 0, errors: [], thrown: null }
  try {
    const { stream } = await model.doStream({ prompt, abortSignal: AbortSignal.timeout(10000) })
    for await (const part of stream) {
      record.parts += 1
      if (part.type === 'error') record.errors.push(describe(part.error))
    }
  } catch (e) { record.thrown = describe(e) }
  record.chunks = await pending
  pending = Promise.resolve(0)
  process.stdout.write(JSON.stringify(record) + '\n')
}
"""


def _faultless(scenario: Scenario) -> bool:
    """No transport fault in any turn (a cut, a stall, malformed bytes, a failed attempt): a chunk's shape only."""
    return not scenario.failed_attempts and all(
        step.fault is None for script in scenario.turn_scripts() for step in script) and all(
        not turn.failed_attempts for turn in scenario.turns)


def sendable(dialect: str, server: str) -> list[Scenario]:
    """The scenarios a client of ``server`` can be sent on ``dialect`` (its wire's, in contract, without faults)."""
    return [s for s in load_corpus() if (s.dialects is None or dialect in s.dialects) and s.contract is None
            and _faultless(s) and foreign_quirk(s, server, dialect) is None]


def expressible(scenario: Scenario, turn: int, reader: Reader) -> bool:
    """Whether the mock streams the turn to ``reader`` at all (no 422: the wire has no form for a part of it), as
    the server plans it (mock_provider.server.control ``plan_for``: the turn, the reasoning header, the flavour)."""
    turn_scenario = scenario.for_turn(turn)
    reasoning = reader.headers.get("X-Mock-Reasoning")
    if reasoning is not None:
        wire = turn_scenario.wire.model_copy(update={"reasoning": reasoning})
        turn_scenario = turn_scenario.model_copy(update={"wire": wire})
    try:
        plan_response(served_as(turn_scenario, reader.server, reader.dialect), reader.dialect,
                      {"stream": True, "stream_options": {"include_usage": True}}, streaming=True)
    except DialectError:
        return False
    return True


def _scripted_error(scenario: Scenario, turn: int) -> bool:
    return any(isinstance(step.part, Error) for step in scenario.turn_scripts()[turn - 1])


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadedMockServer]:
    with ThreadedMockServer(load_corpus(), time_scale=0.0) as srv:
        yield srv


def read(server: ThreadedMockServer, reader: Reader, scenarios: list[Scenario]) -> list[dict[str, Any]]:
    """Each turn of each scenario as ``reader``'s provider reads it: one record per stream."""
    jobs = [{"id": s.id, "turn": t} for s in scenarios for t in range(1, (1 if s.stateless else s.turn_count()) + 1)
            if expressible(s, t, reader)]
    spec = {"package": reader.package, "factory": reader.factory, "method": reader.method, "jobs": jobs,
            "baseURL": f"{server.base_url.rstrip('/')}/v1",
            "headers": {"X-Mock-Server": reader.server, "X-Mock-Scope": f"sdk-{reader.package}-{reader.dialect}",
                        **reader.headers}}
    out = subprocess.run(["node", "--input-type=module", "-e", READER], cwd=ROOT / "examples" / reader.folder,
                         input=json.dumps(spec), capture_output=True, text=True, timeout=300, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    records = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    assert len(records) == len(jobs), out.stderr[-2000:]
    return records


# Throws that are the client's own defect on a shape graded for every server as robustness, not a chunk its schema
# rejects: the harness's pinned verdict says so (tests/data/<harness>.verdicts.json), and the case stays graded.
CLIENT_DEFECTS = {
    # @ai-sdk/groq 3.0.71 iterates its calls by index and reads a gap's hole (D-index-gap, ai-sdk6-groq's pin).
    ("ai6-groq", "quirks.tool-index-gap.001"): "TypeError",
    # @ai-sdk/openai 4.0.118's chat model wants the name in a call's first delta; the `openai` flavour plays every
    # OpenAI-compatible server's habits, vLLM's late name among them (D-late-tool-name, ai-sdk7-openai-chat's pin).
    ("openai-chat", "quirks.tool-late-id.001"): "AI_InvalidResponseDataError",
    # @openrouter/ai-sdk-provider 3.1.0 too (dist/index.js:4809-4823), though OpenRouter's own SDK types leave id and
    # name optional in every delta (@openrouter/sdk 0.13.20 chatstreamtoolcall.d.ts): D-late-tool-name,
    # ai-sdk7-openrouter's pin, triaged a defect of the provider.
    ("openrouter", "quirks.tool-late-id.001"): "AI_InvalidResponseDataError",
}


def _validation(error: dict[str, Any]) -> bool:
    return "TypeValidationError" in error["name"] or "Type validation failed" in error["message"]


def faults(name: str, scenarios: list[Scenario], records: list[dict[str, Any]]) -> list[str]:
    """What reader ``name``'s provider rejected: every validation error, and an error part or a throw where the turn's
    script has no error part (a throw listed in :data:`CLIENT_DEFECTS` aside)."""
    by_id = {s.id: s for s in scenarios}
    found: list[str] = []
    for r in records:
        where = f"{r['id']} turn {r['turn']}"
        scripted = _scripted_error(by_id[r["id"]], r["turn"])
        thrown = [] if r["thrown"] is None or CLIENT_DEFECTS.get((name, r["id"])) == r["thrown"]["name"] else [
            {**r["thrown"], "name": f"thrown {r['thrown']['name']}"}]
        for error in [*r["errors"], *thrown]:
            if _validation(error) or not scripted:
                found.append(f"{where}: {error['name']}: {error['message'][:300]}")
    return found


@pytest.mark.parametrize("name", sorted(READERS))
def test_every_stream_a_server_sends_its_vendors_provider_reads(name: str, server: ThreadedMockServer) -> None:
    reader = READERS[name]
    if not (ROOT / "examples" / reader.folder / "node_modules" / reader.package / "package.json").exists():
        pytest.skip(f"{reader.package} missing: npm ci --prefix examples/{reader.folder}")
    scenarios = sendable(reader.dialect, reader.server)
    records = read(server, reader, scenarios)
    chunks = sum(r["chunks"] for r in records)
    assert chunks > 20 * len(scenarios) // 10, chunks  # the corpus streamed, not refused
    found = faults(name, scenarios, records)
    assert found == [], f"{len(found)} stream(s) {reader.package} ({reader.server} flavour, {reader.dialect}) " \
        "rejects:\n" + "\n".join(found[:30])


def test_the_sweep_sees_a_chunk_its_provider_rejects(server: ThreadedMockServer) -> None:
    """The check can fail: OpenAI's in-band error frame, served to @ai-sdk/xai 3's chat model as the `openai` flavour
    serves it, is the TypeValidationError part the sweep reports (the gap the `xai` flavour had before session 22)."""
    reader = READERS["ai6-xai-chat"]
    if not (ROOT / "examples" / reader.folder / "node_modules" / reader.package / "package.json").exists():
        pytest.skip(f"{reader.package} missing: npm ci --prefix examples/{reader.folder}")
    scenario = next(s for s in load_corpus() if s.id == "error.openai-midstream.001")
    as_openai = Reader(reader.package, reader.factory, "openai", reader.dialect)
    found = faults("ai6-xai-chat", [scenario], read(server, as_openai, [scenario]))
    assert len(found) == 1 and "Type validation failed" in found[0], found
    assert foreign_quirk(scenario, "xai") is not None  # and the xai flavour no longer sends it


FINISH_USAGE = r"""
const spec = JSON.parse(process.argv[1])
const mod = await import(spec.package)
const provider = mod[spec.factory]({ baseURL: spec.baseURL, apiKey: 'conformance', headers: spec.headers })
const model = spec.method ? provider[spec.method](`scenario:${spec.id}`) : provider(`scenario:${spec.id}`)
const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] })
for await (const part of stream) {
  if (part.type === 'finish') process.stdout.write(JSON.stringify({ input: part.usage.inputTokens,
    output: part.usage.outputTokens }))
}
"""


def _finish_usage(server: ThreadedMockServer, folder: str, spec: dict[str, Any]) -> dict[str, Any]:
    """The finish part's usage a provider of ``examples/<folder>`` reads from the flavour ``spec['server']`` serves."""
    spec = {**spec, "baseURL": f"{server.base_url.rstrip('/')}/v1", "headers": {"X-Mock-Server": spec["server"]}}
    out = subprocess.run(["node", "--input-type=module", "-e", FINISH_USAGE, json.dumps(spec)],
                         cwd=ROOT / "examples" / folder, capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    usage: dict[str, Any] = json.loads(out.stdout)
    return usage


@pytest.mark.parametrize("case, output, reasoning, cached", [("usage.nested.001", 300, 120, 900),
                                                             ("text.basic.001", 7, 0, 0)])
def test_xais_chat_model_reads_the_xai_flavours_usage_as_the_script_counts_it(
        server: ThreadedMockServer, case: str, output: int, reasoning: int, cached: int) -> None:
    """@ai-sdk/xai 3.0.99's chat model adds completion_tokens_details.reasoning_tokens to completion_tokens
    (dist/index.mjs:141-160), as xAI's server leaves the reasoning out of completion_tokens: the flavour's usage, so
    read, is the script's (its OpenAI-shaped usage read 420 output tokens for usage.nested.001's 300)."""
    reader = READERS["ai6-xai-chat"]
    if not (ROOT / "examples" / reader.folder / "node_modules" / reader.package / "package.json").exists():
        pytest.skip(f"{reader.package} missing: npm ci --prefix examples/{reader.folder}")
    usage = _finish_usage(server, reader.folder, {"package": reader.package, "factory": reader.factory,
                                                  "method": reader.method, "id": case, "server": reader.server})
    assert (usage["output"]["total"], usage["output"]["reasoning"], usage["output"]["text"]) == (
        output, reasoning, output - reasoning)
    assert usage["input"]["cacheRead"] == cached


@pytest.mark.parametrize("folder", ["ts", "ts-copilotkit"])  # @ai-sdk/deepseek 3.0.56 and 2.0.69
@pytest.mark.parametrize("case, cached, output, reasoning", [("usage.nested.001", 900, 300, 120),
                                                             ("text.basic.001", 0, 7, 0)])
def test_deepseeks_provider_reads_the_deepseek_flavours_cache_count(
        server: ThreadedMockServer, folder: str, case: str, cached: int, output: int, reasoning: int) -> None:
    """@ai-sdk/deepseek reads the cache count from DeepSeek's ``prompt_cache_hit_tokens`` only (convertDeepSeekUsage,
    0 where it is absent): the ``deepseek`` flavour sends it, so the client reads usage.nested.001's 900 cached tokens
    (before session 26 it read 0: the flavour sent OpenAI's ``prompt_tokens_details.cached_tokens`` alone), and the
    scripted reasoning count from ``completion_tokens_details.reasoning_tokens``."""
    if not (ROOT / "examples" / folder / "node_modules" / "@ai-sdk" / "deepseek" / "package.json").exists():
        pytest.skip(f"@ai-sdk/deepseek missing: npm ci --prefix examples/{folder}")
    usage = _finish_usage(server, folder, {"package": "@ai-sdk/deepseek", "factory": "createDeepSeek", "method": None,
                                           "id": case, "server": "deepseek"})
    assert usage["input"]["cacheRead"] == cached and usage["input"]["noCache"] == usage["input"]["total"] - cached
    assert (usage["output"]["total"], usage["output"]["reasoning"]) == (output, reasoning)
