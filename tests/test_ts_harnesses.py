"""Real TypeScript adapters over ``--adapter-cmd`` (examples/ts, installed with ``npm ci --prefix examples/ts``).

A third-party adapter's FAILs are results, not test failures: each test asserts the run completes
with no harness ERROR and that every case's verdict (and the rows it broke) is the committed
expectation in ``tests/data/<harness>.verdicts.json``, which the harness's findings page
(docs/findings-tanstack-ai.md, docs/findings-ai-sdk.md, docs/findings-ai-sdk-openai.md,
docs/findings-ai-sdk-google.md, docs/findings-ai-sdk-anthropic.md, docs/findings-ai-sdk6-anthropic.md,
docs/findings-ai-sdk6-google.md, docs/findings-ai-sdk6-openai.md, ...) explains case by case.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from conformance.session import ConformanceSession
from conformance.targets.cmd import CmdTarget
from conformance.verdict import CaseResult
from tests.calibration import check_pins

# Slow set (tests/conftest.py): each real TypeScript adapter runs the corpus in Node.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "examples" / "ts"


# VoltAgent's dependency tree is large: it has its own directory (npm ci --prefix examples/ts-voltagent).
TS_VOLTAGENT = ROOT / "examples" / "ts-voltagent"
# OpenRouter's adapters need packages examples/ts cannot hold beside its own (@tanstack/ai-openrouter's peer
# @tanstack/ai ^0.52.1): their own directory (npm ci --prefix examples/ts-openrouter).
TS_OPENROUTER = ROOT / "examples" / "ts-openrouter"


def _skip_reason(package: str, directory: Path = TS) -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (directory / "node_modules" / package / "package.json").exists():
        return f"{package} is not installed: run `npm ci --prefix {directory.relative_to(ROOT)}`"
    return None


def _installed_version(package: str, directory: Path = TS, under: str | None = None) -> str:
    """The version of ``package`` in ``directory``: the hoisted install, else the one nested under the package that
    holds it at its own version (@tanstack/ai-grok's @tanstack/openai-base in examples/ts-openrouter). ``under``
    names the package whose own nested copy is meant even where another version is hoisted: the copy Node resolves
    from that package (@ai-sdk/azure 4.0.85's exact @ai-sdk/openai 4.0.81, beside examples/ts's hoisted 4.0.118)."""
    modules = directory / "node_modules"
    if under is not None:
        return str(json.loads((modules / under / "node_modules" / package / "package.json").read_text())["version"])
    found = [modules / package / "package.json", *sorted(modules.glob(f"@*/*/node_modules/{package}/package.json")),
             *sorted(modules.glob(f"*/node_modules/{package}/package.json"))]
    manifest = next((m for m in found if m.is_file()), found[0])
    return str(json.loads(manifest.read_text())["version"])


def _graded(harness: str, verdicts: str, package: str, dialect: str = "openai-chat",
            directory: Path = TS, nested: dict[str, str] | None = None,
            hangs: int = 0) -> tuple[ConformanceSession, dict[str, Any]]:
    """Run every case through ``<directory>/<harness>`` (examples/ts by default; it consumes ``dialect``
    only) and check it against ``tests/data/<verdicts>``. ``nested`` maps a pinned package to the package whose
    own copy of it the adapter runs (see :func:`_installed_version`). ``hangs``: how many pinned cases may end with
    the adapter hung (a triaged defect), each of which the runner ends by restarting the harness."""
    why = _skip_reason(package, directory)
    if why:
        pytest.skip(why)
    expected = json.loads((ROOT / "tests" / "data" / verdicts).read_text())
    for pkg, version in expected["versions"].items():
        installed = _installed_version(pkg, directory, (nested or {}).get(pkg))
        assert installed == version, f"{pkg}: the lockfile pins {version}"
    target = CmdTarget(f"node {directory / harness}", start_timeout=30, case_timeout=10)
    try:
        session = ConformanceSession.from_factory(target, target.__name__, records=[])
        assert session.capabilities is not None and session.capabilities.inputs == [dialect]
        for scenario, dialect in session.cases():
            session.run(scenario, dialect)
    finally:
        target.close()
    assert len(session.results) == len(session.scenarios)  # one case per scenario, on its one wire
    # No harness ERROR: an ERROR is allowed only where it is pinned and the adapter itself raised (an agent
    # run that throws where the scenario expects success; each has its triage record).
    errors = [f"{r.case_id}: {r.reason}" for r in session.results if r.verdict == "ERROR"
              and not (expected["cases"].get(r.case_id, {}).get("verdict") == "ERROR"
                       and r.reason.startswith("the adapter raised"))]
    assert errors == []
    # The verdicts, the rows and the per-row counts are the pinned ones (tests/calibration.py).
    check_pins(verdicts.removesuffix(".verdicts.json"), session)
    # The harness never crashed: it was restarted only after a case the runner ended because the adapter hung,
    # and only a pinned defect hangs it. How many of those cases hang is the machine's timing, so it is bounded,
    # not counted: an adapter that looks at the abort only between the chunks it reads (@tanstack/ai-mistral's
    # reader loop, text.js:440) stops when the abort comes while a chunk is in hand, and hangs when it comes while
    # the reader waits on the held socket (a loaded CI run saw 1 of the 4 hang).
    hung = [r.case_id for r in session.results if any("(the adapter hung" in f.message for f in r.findings)]
    assert target.starts == 1 + len(hung), (target.starts, hung)
    assert len(hung) <= hangs, hung
    return session, expected


def _result(session: ConformanceSession, case_id: str) -> CaseResult:
    return next(r for r in session.results if r.case_id == case_id)


def test_tanstack_ai_openai_gets_its_committed_verdicts() -> None:
    _graded("tanstack-ai-openai.mjs", "tanstack-ai-openai.verdicts.json", "@tanstack/ai")


def test_ai_sdk_openai_compatible_gets_its_committed_verdicts() -> None:
    session, _expected = _graded("ai-sdk-openai-compatible.mjs", "ai-sdk-openai-compatible.verdicts.json", "ai")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream"
    assert (caps.policies.abort, caps.policies.unknown_finish, caps.policies.malformed_args) == (
        "cancelled", "null", "raw")
    # streamText ends the step and the message after the `error` chunk (docs/findings-ai-sdk.md):
    # its own shape, which the UI message stream grading accepts (issue #15, class 1).
    types = [e["type"] for e in _result(session, "error.continue.001[openai-chat]").events]
    assert types[types.index("error") + 1:][-2:] == ["finish-step", "finish"]
    # An aborted run ends with the stream's own abort chunk (policy 'cancelled').
    assert _result(session, "abort.mid-text.001[openai-chat]").events[-1]["type"] == "abort"


def test_ai_sdk7_openai_compatible_gets_its_committed_verdicts() -> None:
    """The ai 7 harness (``ai`` 7.0.173, ``@ai-sdk/openai-compatible`` 3) declares ``ui-message-stream@7``,
    every chunk it sends matches ai 7's schema, and its verdicts are the pinned ones."""
    session, _expected = _graded("ai-sdk7-openai-compatible.mjs", "ai-sdk7-openai-compatible.verdicts.json", "ai7")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    # Same shapes as ai 6: error then finish-step + finish, and the abort chunk last.
    types = [e["type"] for e in _result(session, "error.continue.001[openai-chat]").events]
    assert types[types.index("error") + 1:][-2:] == ["finish-step", "finish"]
    assert _result(session, "abort.mid-text.001[openai-chat]").events[-1]["type"] == "abort"


# ---------------------------------------------------------------- the default paths (issue 17)
def _finish_types(session: ConformanceSession, case_id: str) -> list[Any]:
    return [e.get("finishReason") for e in _result(session, case_id).events if e["type"] == "finish"]


PRIME_REASONING = "91 = 7 * 13, so it has divisors other than 1 and itself."  # reasoning.basic.001's script


def _reasoning(session: ConformanceSession, case_id: str, delta_type: str = "reasoning-delta") -> str:
    """The reasoning text a case's output streamed (UI message stream deltas, or TanStack's events)."""
    return "".join(e["delta"] for e in _result(session, case_id).events if e["type"] == delta_type)


def _schema_refused(session: ConformanceSession) -> list[str]:
    """The cases with an event the output protocol's schema refuses."""
    return [r.case_id for r in session.results if any(f.row == "schema.event" for f in r.findings)]


def test_ai_sdk7_openai_responses_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/openai` 4's default model (the Responses API) under ai 7's `streamText`, over `POST /v1/responses`."""
    session, _expected = _graded("ai-sdk7-openai.mjs", "ai-sdk7-openai.verdicts.json", "@ai-sdk/openai",
                                 "openai-responses")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    # The wire has no 'stop'/'tool-calls' of its own: the provider derives 'tool-calls' from the calls.
    assert _finish_types(session, "finish.stop-with-call.001[openai-responses]") == ["tool-calls"]
    # A stream cut before response.completed finishes as 'interrupted' (ai 7's word for it).
    assert _finish_types(session, "finish.missing.001[openai-responses]") == ["interrupted"]


def test_ai_sdk7_azure_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/azure` 4's default model `azure(deploymentName)` (the Responses API of the `@ai-sdk/openai` 4.0.81
    it bundles, not examples/ts's hoisted 4.0.118) under ai 7's `streamText`, over `POST /v1/responses`."""
    session, _expected = _graded("ai-sdk7-azure.mjs", "ai-sdk7-azure.verdicts.json", "@ai-sdk/azure",
                                 "openai-responses", nested={"@ai-sdk/openai": "@ai-sdk/azure"})
    caps = session.capabilities
    # Azure OpenAI is one vendor's server the kit has no flavour for; @ai-sdk/azure exports no custom tool.
    assert caps is not None and caps.output == "ui-message-stream@7" and caps.server == "other"
    assert "custom_tools" not in caps.features
    assert _schema_refused(session) == []
    # A baseURL off Azure's hosts is a "custom gateway": the request goes to {baseURL}/responses, the one
    # Responses route the mock serves (/v1/responses), so the plain text case is answered and passes.
    assert _result(session, "text.basic.001[openai-responses]").verdict == "PASS"
    # The provider's metadata is keyed by its own name, `azure` (the model's providerOptionsName).
    starts = [e for e in _result(session, "text.basic.001[openai-responses]").events if e["type"] == "text-start"]
    assert [list(e["providerMetadata"]) for e in starts] == [["azure"]]
    # D-missing-finish: 4.0.81 finishes a stream cut before response.completed 'other' (4.0.118: 'interrupted').
    assert _finish_types(session, "finish.missing.002[openai-responses]") == ["other"]
    assert _finish_types(session, "finish.stop-with-call.001[openai-responses]") == ["tool-calls"]
    # 4.0.81 drops response.refusal.delta (fixed in @ai-sdk/openai 4.0.110): an empty text part, a SHOULD miss.
    assert _result(session, "quirks.refusal.001[openai-responses]").verdict == "PASS-NONSTRICT"


def test_ai_sdk7_google_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/google` 4 under ai 7's `streamText`, over `streamGenerateContent?alt=sse`."""
    session, _expected = _graded("ai-sdk7-google.mjs", "ai-sdk7-google.verdicts.json", "@ai-sdk/google", "gemini")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    assert _finish_types(session, "finish.stop-with-call.001[gemini]") == ["tool-calls"]
    assert _finish_types(session, "finish.tool-calls-none.001[gemini]") == ["stop"]
    assert _finish_types(session, "finish.missing.001[gemini]") == ["interrupted"]


def test_ai_sdk7_google_vertex_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/google-vertex` 5 under ai 7's `streamText`: @ai-sdk/google 4's GoogleLanguageModel on Vertex AI's
    path, `/v1beta1/projects/{p}/locations/{l}/publishers/google/models/{m}:streamGenerateContent?alt=sse` (the
    harness fails any other URL), with a bearer token from a stub OAuth2Client of the provider's google-auth-library."""
    session, _expected = _graded("ai-sdk7-google-vertex.mjs", "ai-sdk7-google-vertex.verdicts.json",
                                 "@ai-sdk/google-vertex", "gemini")
    caps = session.capabilities
    # `server` names Chat Completions and Responses servers only: the Gemini wire has no flavours to choose from.
    assert caps is not None and caps.output == "ui-message-stream@7" and caps.server is None
    assert _schema_refused(session) == []
    assert _finish_types(session, "finish.stop-with-call.001[gemini]") == ["tool-calls"]
    assert _finish_types(session, "finish.missing.001[gemini]") == ["interrupted"]
    # The model is the Vertex provider's: its metadata is keyed by Vertex's names, not `google`.
    starts = [e for e in _result(session, "reasoning.gemini-signature.001[gemini]").events
              if e["type"] == "reasoning-start"]
    assert [sorted(e["providerMetadata"]) for e in starts] == [["googleVertex", "vertex"]]
    # On Vertex the history's function calls and responses carry no ids (@ai-sdk/google 4.0.121
    # dist/internal/index.js:1714, includeFunctionCallIds: !isVertexProvider); the case passes all the same.
    history = [p for m in _sent(session, "request.tool-history.001[gemini]")["contents"] for p in m["parts"]
               if "functionCall" in p or "functionResponse" in p]
    assert len(history) == 4 and not any("id" in next(iter(p.values())) for p in history)
    assert _result(session, "request.tool-history.001[gemini]").verdict == "PASS"


def test_ai_sdk7_anthropic_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/anthropic` 4 under ai 7's `streamText`, over the Messages API (`POST /v1/messages`)."""
    session, _expected = _graded("ai-sdk7-anthropic.mjs", "ai-sdk7-anthropic.verdicts.json", "@ai-sdk/anthropic",
                                 "anthropic")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    # Anthropic's stop_reason is the provider's word: end_turn reads 'stop' even after a tool_use block.
    assert _finish_types(session, "finish.stop-with-call.001[anthropic]") == ["stop"]
    assert _finish_types(session, "finish.tool-calls-none.001[anthropic]") == ["tool-calls"]
    # A stream cut before message_stop finishes 'interrupted', with its text part still open (D-open-blocks).
    events = _result(session, "finish.missing.001[anthropic]").events
    assert [e["type"] for e in events][-3:] == ["text-delta", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[anthropic]") == ["interrupted"]
    # The thinking block's signature_delta arrives as an empty reasoning-delta carrying the signature.
    signed = [e for e in _result(session, "reasoning.basic.001[anthropic]").events
              if e["type"] == "reasoning-delta" and e["delta"] == ""]
    assert [e["providerMetadata"]["anthropic"]["signature"] for e in signed] == ["EqQBCkYIARgCKkDsig"]


def test_ai_sdk6_anthropic_gets_its_committed_verdicts() -> None:
    """ai 6's own `@ai-sdk/anthropic` 3 (npm alias ``ai6-anthropic``) under ai 6's `streamText`, over the
    Messages API (`POST /v1/messages`): other code than the ai 7 generation above."""
    session, _expected = _graded("ai-sdk6-anthropic.mjs", "ai-sdk6-anthropic.verdicts.json", "ai6-anthropic",
                                 "anthropic")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream"
    assert _schema_refused(session) == []
    assert _finish_types(session, "finish.stop-with-call.001[anthropic]") == ["stop"]
    assert _finish_types(session, "finish.tool-calls-none.001[anthropic]") == ["tool-calls"]
    # D-silent-truncation: a stream cut before message_stop finishes 'other' (ai 7's generation: 'interrupted'),
    # with no error chunk, and its text part still open (D-open-blocks).
    events = _result(session, "finish.missing.001[anthropic]").events
    assert [e["type"] for e in events][-3:] == ["text-delta", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[anthropic]") == ["other"]
    assert _reasoning(session, "reasoning.basic.001[anthropic]") == PRIME_REASONING


def test_ai_sdk6_google_gets_its_committed_verdicts() -> None:
    """ai 6's own `@ai-sdk/google` 3 (npm alias ``ai6-google``) under ai 6's `streamText`, over
    `streamGenerateContent?alt=sse`: other code than the ai 7 generation above."""
    session, _expected = _graded("ai-sdk6-google.mjs", "ai-sdk6-google.verdicts.json", "ai6-google", "gemini")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream"
    assert _schema_refused(session) == []
    assert _finish_types(session, "finish.stop-with-call.001[gemini]") == ["tool-calls"]
    assert _finish_types(session, "finish.tool-calls-none.001[gemini]") == ["stop"]
    # D-silent-truncation: a stream cut before any finishReason finishes 'other' (ai 7's generation:
    # 'interrupted'), with no error chunk; the provider's flush does close the text part first.
    types = [e["type"] for e in _result(session, "finish.missing.001[gemini]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[gemini]") == ["other"]
    assert _reasoning(session, "reasoning.basic.001[gemini]") == PRIME_REASONING


def test_ai_sdk6_openai_gets_its_committed_verdicts() -> None:
    """ai 6's own `@ai-sdk/openai` 3 (npm alias ``ai6-openai``) under ai 6's `streamText`: its default model
    `openai(modelId)` is the Responses API, over `POST /v1/responses` (other code than ai-sdk7-openai's)."""
    session, _expected = _graded("ai-sdk6-openai.mjs", "ai-sdk6-openai.verdicts.json", "ai6-openai",
                                 "openai-responses")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream"
    assert _schema_refused(session) == []
    # The wire has no 'stop'/'tool-calls' of its own: the provider derives 'tool-calls' from the calls.
    assert _finish_types(session, "finish.stop-with-call.001[openai-responses]") == ["tool-calls"]
    # D-silent-truncation: a stream cut before response.completed finishes 'other' (ai 7's generation:
    # 'interrupted'), with no error chunk and its text part still open (no text-end).
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-responses]").events]
    assert "error" not in types and types[-3:] == ["text-delta", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-responses]") == ["other"]
    # The custom tool (free-text input) reaches the UI as a call: the harness passes the name openai 3 needs.
    assert any(e["type"] == "tool-input-available" and e["toolCallId"] == "call_sql_1"
               for e in _result(session, "tool.custom-input.001[openai-responses]").events)


def _ai5_common(session: ConformanceSession, dialect: str) -> None:
    """What every AI SDK 5 pin shares: graded as ai 5's UI message stream, whose schema takes every chunk (its finish
    'unknown' among them); structured output asked for through ai 5's experimental_output (the harness's outputOption)
    and answered; D-silent-truncation's finish reason 'unknown' on a stream cut before its finish."""
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream@5"
    assert _schema_refused(session) == []
    assert _result(session, f"structured.native.001[{dialect}]").verdict == "PASS"
    assert _finish_types(session, f"finish.missing.001[{dialect}]") == ["unknown"]


def test_ai_sdk5_openai_gets_its_committed_verdicts() -> None:
    """ai 5's own `@ai-sdk/openai` 2 (npm alias ``ai5-openai``) under ai 5's `streamText` (``ai5``): its default
    model `openai(modelId)` is the Responses API, over `POST /v1/responses`, graded as ai 5's UI message stream
    (``ui-message-stream@5``: ai 5's chunk schema and reader; docs/findings-ai-sdk5-openai.md)."""
    session, _expected = _graded("ai-sdk5-openai.mjs", "ai-sdk5-openai.verdicts.json", "ai5-openai",
                                 "openai-responses")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream@5"
    # ai 5's finish chunk may say 'unknown' (ai 5's schema has it, ai 6's does not): only where the provider never
    # read a response.completed (a cut, a dropped error event or a null-usage completion). ai 5's schema takes it.
    assert any(_finish_types(session, r.case_id) == ["unknown"] for r in session.results)
    assert _finish_types(session, "finish.stop-with-call.001[openai-responses]") == ["tool-calls"]
    # D-silent-truncation: a stream cut before response.completed finishes 'unknown' (ai 6's generation: 'other',
    # ai 7's: 'interrupted'), with no error chunk and its text part still open (no text-end).
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-responses]").events]
    assert "error" not in types and types[-3:] == ["text-delta", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-responses]") == ["unknown"]
    # D-responses-error: the Responses `error` event (code and message at the top) is dropped: no error chunk.
    assert "error" not in [e["type"] for e in _result(session, "error.code.001[openai-responses]").events]
    _ai5_common(session, "openai-responses")

def test_ai_sdk5_anthropic_gets_its_committed_verdicts() -> None:
    """ai 5's own `@ai-sdk/anthropic` 2 (npm alias ``ai5-anthropic``) under ai 5's `streamText` (``ai5``), over the
    Messages API (`POST /v1/messages`), graded as ai 5's UI message stream (``ui-message-stream@5``;
    docs/findings-ai-sdk5-anthropic.md): the same cases fail as under ai 6's generation."""
    session, _expected = _graded("ai-sdk5-anthropic.mjs", "ai-sdk5-anthropic.verdicts.json", "ai5-anthropic",
                                 "anthropic")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream@5"
    assert _finish_types(session, "finish.stop-with-call.001[anthropic]") == ["stop"]
    assert _finish_types(session, "finish.tool-calls-none.001[anthropic]") == ["tool-calls"]
    # D-silent-truncation: a stream cut before message_stop finishes 'unknown' (ai 6's generation: 'other', ai 7's:
    # 'interrupted'), with no error chunk, and its text part still open (D-open-blocks).
    events = _result(session, "finish.missing.001[anthropic]").events
    assert [e["type"] for e in events][-3:] == ["text-delta", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[anthropic]") == ["unknown"]
    assert _reasoning(session, "reasoning.basic.001[anthropic]") == PRIME_REASONING
    _ai5_common(session, "anthropic")

def test_ai_sdk5_google_gets_its_committed_verdicts() -> None:
    """ai 5's own `@ai-sdk/google` 2 (npm alias ``ai5-google``) under ai 5's `streamText` (``ai5``), over
    `streamGenerateContent?alt=sse`, graded as ai 5's UI message stream (``ui-message-stream@5``;
    docs/findings-ai-sdk5-google.md): the same cases fail as under ai 6's generation."""
    session, _expected = _graded("ai-sdk5-google.mjs", "ai-sdk5-google.verdicts.json", "ai5-google", "gemini")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream@5"
    assert _finish_types(session, "finish.stop-with-call.001[gemini]") == ["tool-calls"]
    assert _finish_types(session, "finish.tool-calls-none.001[gemini]") == ["stop"]
    # D-silent-truncation: a stream cut before any finishReason finishes 'unknown' (ai 6's generation: 'other', ai 7's:
    # 'interrupted'), with no error chunk; the provider's flush does close the text part first.
    types = [e["type"] for e in _result(session, "finish.missing.001[gemini]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[gemini]") == ["unknown"]
    assert _reasoning(session, "reasoning.basic.001[gemini]") == PRIME_REASONING
    _ai5_common(session, "gemini")

def test_ai_sdk5_openai_compatible_gets_its_committed_verdicts() -> None:
    """ai 5's own `@ai-sdk/openai-compatible` 1 (npm alias ``ai5-openai-compatible``) under ai 5's `streamText`
    (``ai5``), `createOpenAICompatible(...).chatModel` over `POST /v1/chat/completions` with no server flavour, graded
    as ai 5's UI message stream (``ui-message-stream@5``; docs/findings-ai-sdk5-openai-compatible.md)."""
    session, _expected = _graded("ai-sdk5-openai-compatible.mjs", "ai-sdk5-openai-compatible.verdicts.json",
                                 "ai5-openai-compatible")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@5" and caps.server is None
    # Images only (a PDF part throws before any request, dist/index.mjs:69-71): the harness does not declare multimodal.
    assert "multimodal" not in caps.features
    # ai 5's finish chunk says 'unknown' where the provider read no finish_reason; ai 5's schema takes it.
    # D-silent-truncation: a stream cut before its finish_reason finishes 'unknown' with no error chunk (ai 6's
    # generation, @ai-sdk/openai-compatible 2, sends an error chunk for the same bytes); flush closes the text part.
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-chat]").events]
    assert "error" not in types and types[-4:] == ["text-delta", "text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["unknown"]
    # D-openrouter-error: the chunk with choices and a top-level error is read as an ordinary chunk (error stripped).
    assert "error" not in [e["type"] for e in _result(session, "error.openrouter-midstream.001[openai-chat]").events]
    assert _finish_types(session, "error.openrouter-midstream.001[openai-chat]") == ["unknown"]
    # D-late-tool-name: the tracker throws on a call's first delta without a name; the UI message stream errors.
    assert "Expected 'function.name' to be a string." in _result(session, "quirks.tool-late-id.001[openai-chat]").reason
    _ai5_common(session, "openai-chat")

def test_ai_sdk5_mistral_gets_its_committed_verdicts() -> None:
    """ai 5's own `@ai-sdk/mistral` 2 (npm alias ``ai5-mistral``) under ai 5's `streamText` (``ai5``), its chat model
    over `POST /v1/chat/completions` to the ``mistral`` server, graded as ai 5's UI message stream
    (``ui-message-stream@5``; docs/findings-ai-sdk5-mistral.md)."""
    session, _expected = _graded("ai-sdk5-mistral.mjs", "ai-sdk5-mistral.verdicts.json", "ai5-mistral")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@5" and caps.server == "mistral"
    assert caps.structured_modes == {"native"} and "multimodal" in caps.features
    # The harness asks the mock for Mistral's thinking chunks, which 2.0.50 reads (dist/index.mjs:505-510).
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # D-silent-truncation: a stream cut before its finish_reason finishes 'unknown', no error chunk (3.0.68: 'other').
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-chat]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["unknown"]
    # D-empty-choices: the unguarded value.choices[0].delta throws on Azure's empty-choices chunk.
    assert "reading 'delta'" in _result(session, "quirks.azure-filter-chunk.001[openai-chat]").reason
    # D-pdf-bare-base64: the PDF goes out as document_url holding bare base64 (no data: URL); only request.media fails.
    multimodal = _result(session, "text.multimodal.001[openai-chat]")
    assert {f.row for f in multimodal.findings if f.level == "MUST"} == {"request.media"}
    _ai5_common(session, "openai-chat")

def test_ai_sdk5_groq_gets_its_committed_verdicts() -> None:
    """ai 5's own `@ai-sdk/groq` 2 (npm alias ``ai5-groq``) under ai 5's `streamText` (``ai5``), its chat model over
    `POST /v1/chat/completions` to the ``groq`` server, graded as ai 5's UI message stream (``ui-message-stream@5``;
    docs/findings-ai-sdk5-groq.md)."""
    session, _expected = _graded("ai-sdk5-groq.mjs", "ai-sdk5-groq.verdicts.json", "ai5-groq")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@5" and caps.server == "groq"
    # Images only (a PDF part throws before any request); response_format is its one structured-output mechanism.
    assert "multimodal" not in caps.features and caps.structured_modes == {"native"}
    # The harness asks the mock for Groq's `delta.reasoning`, the one field 2.0.56 reads (dist/index.mjs:534).
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # D-silent-truncation: a stream cut before its finish_reason finishes 'unknown', no error chunk (3.0.71: 'other').
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-chat]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["unknown"]
    # D-reused-index in the per-index code (as 3.0.71): the second call's arguments go to the first, the second is lost.
    reused = _result(session, "quirks.tool-index-reused.002[openai-chat]")
    assert [(e["toolName"], e["input"]) for e in reused.events if e["type"] == "tool-input-available"] == [
        ("list_files", {"path": "world.py"})]
    # D-unparsed-call-dropped: a call whose arguments never parse ('' for no parameters) is started, never handed over
    # (2.0.56's flush has no pending-call loop); with no such loop, the index gap that 3.0.71's flush trips on passes.
    empty = [e["type"] for e in _result(session, "tool.empty-input.001[openai-chat]").events]
    assert "tool-input-start" in empty and "tool-input-available" not in empty
    assert _result(session, "quirks.tool-index-gap.001[openai-chat]").verdict == "PASS"
    _ai5_common(session, "openai-chat")

def test_ai_sdk5_xai_gets_its_committed_verdicts() -> None:
    """ai 5's own `@ai-sdk/xai` 2 (npm alias ``ai5-xai``) under ai 5's `streamText` (``ai5``): its default model
    `xai(modelId)` is its chat model (2.0.95 dist/index.mjs:2544), over `POST /v1/chat/completions` to the ``xai``
    server, graded as ai 5's UI message stream (``ui-message-stream@5``; docs/findings-ai-sdk5-xai.md)."""
    session, _expected = _graded("ai-sdk5-xai.mjs", "ai-sdk5-xai.verdicts.json", "ai5-xai")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@5" and caps.server == "xai"
    # Images only (a PDF part throws before any request); response_format is its one structured-output mechanism.
    assert "multimodal" not in caps.features and caps.structured_modes == {"native"}
    # xAI's server sends each tool call whole: the client hands it over with its complete input, in one go.
    basic = _result(session, "tool.basic.001[openai-chat]")
    assert basic.verdict == "PASS"
    deltas = [e["inputTextDelta"] for e in basic.events if e["type"] == "tool-input-delta"]
    assert deltas == ['{"city":"Paris","days":3}']
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # D-silent-truncation: a stream cut before its finish_reason finishes 'unknown', no error chunk (3.0.99: 'other').
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-chat]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["unknown"]
    # D-reasoning-after-close: reasoning resumed after the text goes to the ended part; streamText answers an error.
    assert "reasoning part reasoning-chatcmpl-021 not found" in [
        e.get("errorText") for e in _result(session, "ids.reuse.002[openai-chat]").events if e["type"] == "error"]
    _ai5_common(session, "openai-chat")

def test_ai_sdk6_groq_gets_its_committed_verdicts() -> None:
    """ai 6's own `@ai-sdk/groq` 3 (npm alias ``ai6-groq``) under ai 6's `streamText`, over
    `POST /v1/chat/completions`: its own per-index chunk parser, other code than the ai 7 generation below."""
    session, _expected = _graded("ai-sdk6-groq.mjs", "ai-sdk6-groq.verdicts.json", "ai6-groq",
                                 nested={"@ai-sdk/provider-utils": "ai6-groq"})
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream" and caps.server == "groq"
    assert _schema_refused(session) == []
    # Images only (a PDF part throws before any request); response_format is its one structured-output mechanism.
    assert "multimodal" not in caps.features and caps.structured_modes == {"native"}
    # The harness asks the mock for Groq's `delta.reasoning`, the one field 3.0.71 reads.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # D-silent-truncation: a stream cut before its finish_reason finishes 'other' (ai 7's generation: 'interrupted'),
    # with no error chunk; flush closes the text part first.
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-chat]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # Other servers' habits are not played to a Groq client.
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.refusal.001", "quirks.tool-late-id.001",
            "error.openrouter-midstream.001")] == ["NOT-EXPRESSIBLE"] * 3
    # D-reused-index in the per-index code: the second call's arguments go to the first, the second is lost.
    reused = _result(session, "quirks.tool-index-reused.002[openai-chat]")
    assert [(e["toolName"], e["input"]) for e in reused.events if e["type"] == "tool-input-available"] == [
        ("list_files", {"path": "world.py"})]
    # D-index-gap: the pinned ERROR is the provider's flush reading the hole that indices 0 and 2 leave.
    assert "reading 'hasFinished'" in _result(session, "quirks.tool-index-gap.001[openai-chat]").reason


def test_ai_sdk6_mistral_gets_its_committed_verdicts() -> None:
    """ai 6's own `@ai-sdk/mistral` 3 (npm alias ``ai6-mistral``) under ai 6's `streamText`, over
    `POST /v1/chat/completions`: its own chunk parser (tool calls looked up by id, then index), not 4's."""
    session, _expected = _graded("ai-sdk6-mistral.mjs", "ai-sdk6-mistral.verdicts.json", "ai6-mistral",
                                 nested={"@ai-sdk/provider-utils": "ai6-mistral"})
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream" and caps.server == "mistral"
    assert _schema_refused(session) == []
    # Images and PDFs both go out in Mistral's own shapes; response_format is its one structured-output mechanism.
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "PASS"
    assert caps.structured_modes == {"native"}
    # The harness asks the mock for Mistral's thinking chunks, the one reasoning shape 3.0.68 reads.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # D-silent-truncation: a stream cut before its finish_reason finishes 'other' with no error chunk (4.0.87:
    # 'interrupted').
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-chat]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # Mistral's finish vocabulary has no content_filter, and OpenAI's refusal channel is another server's habit.
    assert "Mistral's finish vocabulary" in _result(session, "finish.content-filter.001[openai-chat]").reason
    assert _result(session, "quirks.refusal.001[openai-chat]").verdict == "NOT-EXPRESSIBLE"
    # D-empty-choices: the pinned ERROR is doStream reading value.choices[0].delta of an empty choices array.
    assert "reading 'delta'" in _result(session, "quirks.azure-filter-chunk.001[openai-chat]").reason
    # A reused index does not merge two calls here: a delta with a new id opens its own call (dist/index.mjs:633).
    reused = _result(session, "quirks.tool-index-reused.002[openai-chat]")
    assert [e["toolName"] for e in reused.events if e["type"] == "tool-input-available"] == ["list_files",
                                                                                             "file_write"]


def test_ai_sdk6_xai_gets_its_committed_verdicts() -> None:
    """ai 6's own `@ai-sdk/xai` 3 (npm alias ``ai6-xai``) under ai 6's `streamText`: its default model `xai(modelId)`
    is its chat model, over `POST /v1/chat/completions` (the ai 7 generation's default is the Responses model)."""
    session, _expected = _graded("ai-sdk6-xai.mjs", "ai-sdk6-xai.verdicts.json", "ai6-xai",
                                 nested={"@ai-sdk/provider-utils": "ai6-xai"})
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream" and caps.server == "xai"
    assert _schema_refused(session) == []
    # Images only (a PDF part throws before any request); response_format is its one structured-output mechanism.
    assert "multimodal" not in caps.features and caps.structured_modes == {"native"}
    # xAI's server sends each tool call whole: the client hands it over with its complete input, in one go.
    basic = _result(session, "tool.basic.001[openai-chat]")
    assert basic.verdict == "PASS"
    deltas = [e["inputTextDelta"] for e in basic.events if e["type"] == "tool-input-delta"]
    assert deltas == ['{"city":"Paris","days":3}']
    # A call cut before it is whole is not xAI's to send; reasoning comes in delta.reasoning_content only.
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("abort.mid-tool.001", "fault.disconnect.002",
            "reasoning.field-reasoning.001")] == ["NOT-EXPRESSIBLE"] * 3
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # D-silent-truncation: a stream cut before its finish_reason finishes 'other' with no error chunk.
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-chat]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # D-reasoning-after-close: reasoning resumed after the text goes to the ended part; streamText answers an error.
    assert "reasoning part reasoning-chatcmpl-021 not found" in [
        e.get("errorText") for e in _result(session, "ids.reuse.002[openai-chat]").events if e["type"] == "error"]


def test_ai_sdk7_groq_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/groq` 4 under ai 7's `streamText`, over `POST /v1/chat/completions` (Groq's reasoning field)."""
    session, _expected = _graded("ai-sdk7-groq.mjs", "ai-sdk7-groq.verdicts.json", "@ai-sdk/groq")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    # Groq takes images only: the harness does not declare image + PDF input, so the case is not run.
    assert "multimodal" not in caps.features
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    # The harness asks the mock for Groq's `delta.reasoning`, the field @ai-sdk/groq reads.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") != ""
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["interrupted"]
    # The harness declares server 'groq': OpenAI's refusal channel and a late call id are other servers' habits.
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.refusal.001", "quirks.tool-late-id.001",
            "error.openrouter-midstream.001")] == ["NOT-EXPRESSIBLE"] * 3


def test_ai_sdk7_mistral_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/mistral` 4 under ai 7's `streamText`, over `POST /v1/chat/completions`."""
    session, _expected = _graded("ai-sdk7-mistral.mjs", "ai-sdk7-mistral.verdicts.json", "@ai-sdk/mistral")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    # Mistral reads reasoning only as `thinking` chunks in delta.content, which the harness asks the mock
    # for (X-Mock-Reasoning: thinking-chunks; the first run, without it, lost all reasoning).
    assert _reasoning(session, "reasoning.basic.001[openai-chat]").startswith("91 = 7 * 13")
    # The harness declares server 'mistral': its finish vocabulary has no content_filter, and OpenAI's refusal
    # channel is another server's habit, so neither case runs.
    assert "Mistral's finish vocabulary" in _result(session, "finish.content-filter.001[openai-chat]").reason
    assert _result(session, "quirks.refusal.001[openai-chat]").verdict == "NOT-EXPRESSIBLE"
    # An unscripted turn is refused in Mistral's error body, whose message the provider reads and the user sees.
    events = _result(session, "loop.malformed.002[openai-chat]").events
    errors = [e["errorText"] for e in events if e["type"] == "error"]
    assert errors != [] and "this request is turn 2" in errors[-1] and "Bad Request" not in errors[-1]
    # Mistral's own request shapes: the image as a data-URL string, the PDF as a document_url chunk.
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "PASS"


def test_ai_sdk7_deepseek_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/deepseek` 3 (its default chat model) under ai 7's `streamText`, over `POST /v1/chat/completions`."""
    session, _expected = _graded("ai-sdk7-deepseek.mjs", "ai-sdk7-deepseek.verdicts.json", "@ai-sdk/deepseek")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    # DeepSeek takes images only: the harness does not declare image + PDF input, so the case is not run.
    assert "multimodal" not in caps.features
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    # The provider reads `delta.reasoning_content`, the mock's default reasoning field: no header needed.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]").startswith("91 = 7 * 13")
    # createDeepSeek has no JSON-schema response format: the schema goes in a system message (instruction only).
    assert caps.structured_modes == {"instruction"}
    assert _result(session, "text.structured.001[openai-chat]").verdict == "UNSUPPORTED"
    # A stream cut before its finish_reason finishes 'other', not ai 7's 'interrupted' (D-missing-finish).
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # The harness declares server 'deepseek': OpenAI's refusal channel, a late call id, OpenRouter's error chunk
    # and the reasoning fields DeepSeek never streams are other servers' habits (the first run's suite errors).
    assert caps.server == "deepseek"
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.refusal.001", "quirks.tool-late-id.001",
            "error.openrouter-midstream.001", "reasoning.field-reasoning.001",
            "reasoning.openrouter-details.001")] == ["NOT-EXPRESSIBLE"] * 5


def test_ai_sdk7_perplexity_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/perplexity` 4 under ai 7's `streamText`, over `POST /v1/chat/completions`."""
    session, _expected = _graded("ai-sdk7-perplexity.mjs", "ai-sdk7-perplexity.verdicts.json", "@ai-sdk/perplexity")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    # The provider sends no tools and reads no reasoning field: the harness declares neither, so neither is graded.
    assert not {"tools", "parallel_tools", "server_tools", "reasoning"} & caps.features
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("tool.basic.001", "reasoning.basic.001")] == [
        "UNSUPPORTED"] * 2
    # A schema goes out as response_format json_schema only (the native mechanism).
    assert caps.structured_modes == {"native"}
    assert _result(session, "text.structured.001[openai-chat]").verdict == "PASS"
    # A stream cut before its finish_reason finishes 'other', not ai 7's 'interrupted' (D-missing-finish).
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # The harness declares server 'perplexity': OpenRouter's error chunk and a content_filter finish (outside
    # Perplexity's 'stop' | 'length') are other servers' habits, and Perplexity's own request shapes (its file_url
    # chunk, a json_schema without OpenAI's strict) are what its requests are checked against (first-run suite
    # errors, all four).
    assert caps.server == "perplexity"
    assert [_result(session, f"{c}[openai-chat]").verdict for c in (
        "error.openrouter-midstream.001", "finish.content-filter.001", "structured.native.001",
        "text.multimodal.001")] == ["NOT-EXPRESSIBLE", "NOT-EXPRESSIBLE", "PASS", "PASS"]
    # A request that offers client tools is a tools request: not graded for an adapter that declares none (the
    # first run graded two).
    assert [_result(session, f"{c}[openai-chat]").verdict for c in (
        "request.tool-history.001", "finish.tool-calls-none.001")] == ["UNSUPPORTED"] * 2


def test_ai_sdk7_cerebras_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/cerebras` 3 (a subclass of its own @ai-sdk/openai-compatible 3.0.59 chat model) under ai 7's
    `streamText`, over `POST /v1/chat/completions`."""
    session, _expected = _graded("ai-sdk7-cerebras.mjs", "ai-sdk7-cerebras.verdicts.json", "@ai-sdk/cerebras")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    # The package's docs give image input to one model and PDFs to none: image + PDF input is not declared.
    assert "multimodal" not in caps.features
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    # The provider reads `delta.reasoning_content ?? delta.reasoning`: the mock's default field is read.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]").startswith(PRIME_REASONING[:11])
    # createCerebras sets supportsStructuredOutputs: a schema goes out as response_format json_schema only.
    assert caps.structured_modes == {"native"}
    _assert_native_schema_passes(session)
    # The harness declares server 'cerebras' ('other' until session 26, when the kit had no Cerebras flavour): no named
    # server's habit is played to it, and no finish outside Cerebras's finish_reason.
    assert caps.server == "cerebras"
    assert _result(session, "finish.other.001[openai-chat]").verdict == "NOT-EXPRESSIBLE"
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.refusal.001", "quirks.tool-late-id.001",
            "error.openrouter-midstream.001", "finish.content-filter.001", "reasoning.field-reasoning.001")] == [
        "NOT-EXPRESSIBLE"] * 5
    # The mock refuses the unscripted turn in OpenAI's error body, which the Cerebras client cannot read (its error
    # schema is Cerebras's flat body): the user sees the status text. The run ends in an error, and the refusal's
    # words are not graded for a server without a flavour (the first run's one suite error; FAIL there).
    malformed = _result(session, "loop.malformed.002[openai-chat]")
    assert malformed.verdict == "INFO" and malformed.events[-1] == {"type": "error", "errorText": "Bad Request"}


def _assert_native_schema_passes(session: Any) -> None:
    """A provider that sets supportsStructuredOutputs sends the schema as response_format json_schema: both cases
    that ask for one pass."""
    assert [_result(session, f"{c}[openai-chat]").verdict
            for c in ("structured.native.001", "text.structured.001")] == ["PASS"] * 2


def _assert_reused_index_keeps_the_arguments(session: Any) -> None:
    """The older tool-call tracker (provider-utils up to 5.0.49) keeps a reused index's argument deltas with the call
    still open: file_write gets the arguments the model sent, and the case passes."""
    reused = _result(session, "quirks.tool-index-reused.002[openai-chat]")
    assert reused.verdict == "PASS"
    assert [e["input"] for e in reused.events if e["type"] == "tool-input-available"] == [{}, {"path": "world.py"}]


def _assert_an_other_chat_vendor(session: Any) -> None:
    """What ai 7 over an @ai-sdk/openai-compatible 3 vendor provider declared ``server: 'other'`` shows alike: no
    image + PDF input declared (each vendor's docs give images to a few models and PDFs to none), the mock's default
    reasoning field read (``delta.reasoning_content ?? delta.reasoning``), native structured output only, no named
    server's habit played to it, the mock's refusal of an unscripted turn read in OpenAI's error body, and a stream
    cut before its finish_reason ended with an error chunk and finish 'error'."""
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    assert "multimodal" not in caps.features
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    assert _reasoning(session, "reasoning.basic.001[openai-chat]").startswith(PRIME_REASONING[:11])
    assert caps.structured_modes == {"native"}
    assert caps.server == "other"
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.refusal.001", "quirks.tool-late-id.001",
            "error.openrouter-midstream.001", "finish.content-filter.001", "reasoning.field-reasoning.001")] == [
        "NOT-EXPRESSIBLE"] * 5
    malformed = _result(session, "loop.malformed.002[openai-chat]")
    assert malformed.verdict == "INFO" and "this request is turn 2" in malformed.events[-1]["errorText"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["error"]


def test_ai_sdk7_fireworks_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/fireworks` 3 (an OpenAICompatibleChatLanguageModel of its own @ai-sdk/openai-compatible 3.0.59) under
    ai 7's `streamText`, over `POST /v1/chat/completions`."""
    session, _expected = _graded("ai-sdk7-fireworks.mjs", "ai-sdk7-fireworks.verdicts.json", "@ai-sdk/fireworks")
    _assert_an_other_chat_vendor(session)
    # createFireworks sets supportsStructuredOutputs: a schema goes out as response_format json_schema only.
    _assert_native_schema_passes(session)
    # (Its nested @ai-sdk/openai-compatible 3.0.59 ends a cut stream with finish 'error', not ai 7's 'interrupted',
    # which that version's finish vocabulary predates: the shared check above.)


def test_ai_sdk7_togetherai_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/togetherai` 3 (an OpenAICompatibleChatLanguageModel of its own @ai-sdk/openai-compatible 3.0.53) under
    ai 7's `streamText`, over `POST /v1/chat/completions`."""
    session, _expected = _graded("ai-sdk7-togetherai.mjs", "ai-sdk7-togetherai.verdicts.json", "@ai-sdk/togetherai")
    _assert_an_other_chat_vendor(session)
    # Its provider-utils 5.0.45 keeps a reused index's argument deltas with the call still open: file_write gets the
    # arguments the model sent (5.0.51, under @ai-sdk/fireworks and @ai-sdk/cerebras, hands it over with {}).
    _assert_reused_index_keeps_the_arguments(session)


def test_ai_sdk7_deepinfra_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/deepinfra` 3 (DeepInfraChatLanguageModel, a subclass of its own @ai-sdk/openai-compatible 3.0.57's chat
    model) under ai 7's `streamText`, over `POST {baseURL}/openai/chat/completions` (sent to the mock's route)."""
    session, _expected = _graded("ai-sdk7-deepinfra.mjs", "ai-sdk7-deepinfra.verdicts.json", "@ai-sdk/deepinfra")
    _assert_an_other_chat_vendor(session)
    # createDeepInfra sets supportsStructuredOutputs: a schema goes out as response_format json_schema only.
    _assert_native_schema_passes(session)
    # Its provider-utils 5.0.49 has the older tool-call tracker (5.0.45's code): a reused index's argument deltas stay
    # with the call still open, and file_write gets the arguments the model sent.
    _assert_reused_index_keeps_the_arguments(session)


def test_ai_sdk7_baseten_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/baseten` 2 (its Model APIs chat model, an OpenAICompatibleChatLanguageModel of its own
    @ai-sdk/openai-compatible 3.0.48) under ai 7's `streamText`, over `POST {baseURL}/chat/completions`."""
    nested = {p: "@ai-sdk/baseten" for p in ("@ai-sdk/openai-compatible", "@ai-sdk/provider-utils")}
    session, _expected = _graded("ai-sdk7-baseten.mjs", "ai-sdk7-baseten.verdicts.json", "@ai-sdk/baseten",
                                 nested=nested)
    _assert_an_other_chat_vendor(session)
    # createBaseten sets supportsStructuredOutputs: a schema goes out as response_format json_schema only.
    _assert_native_schema_passes(session)
    # Its provider-utils 5.0.40 has the older tool-call tracker: a reused index's argument deltas stay with the call
    # still open, and file_write gets the arguments the model sent.
    _assert_reused_index_keeps_the_arguments(session)


def test_ai_sdk6_vercel_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/vercel` 2 (the v0 API's chat model, an OpenAICompatibleChatLanguageModel of its own
    @ai-sdk/openai-compatible 2.0.76) under ai 6's `streamText`, over `POST {baseURL}/chat/completions`."""
    nested = {p: "@ai-sdk/vercel" for p in ("@ai-sdk/openai-compatible", "@ai-sdk/provider-utils")}
    session, _expected = _graded("ai-sdk6-vercel.mjs", "ai-sdk6-vercel.verdicts.json", "@ai-sdk/vercel",
                                 nested=nested)
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream" and caps.server == "other"
    assert _schema_refused(session) == []
    assert "multimodal" not in caps.features and caps.structured_modes == {"native"}
    assert _reasoning(session, "reasoning.basic.001[openai-chat]").startswith(PRIME_REASONING[:11])
    # No named server's habit is played to a client of a server without a flavour.
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.refusal.001", "quirks.tool-late-id.001",
            "error.openrouter-midstream.001", "finish.content-filter.001", "reasoning.field-reasoning.001")] == [
        "NOT-EXPRESSIBLE"] * 5
    # openai-compatible 2.0.76 ends a stream cut before its finish_reason with finish 'error'.
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["error"]
    # D-reused-index in its older per-index code: the second call's arguments go to the first, the second is lost.
    reused = _result(session, "quirks.tool-index-reused.002[openai-chat]")
    assert [(e["toolName"], e["input"]) for e in reused.events if e["type"] == "tool-input-available"] == [
        ("list_files", {"path": "world.py"})]


def test_ai_sdk7_huggingface_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/huggingface` 2 (its own HuggingFaceResponsesLanguageModel) under ai 7's `streamText`, over
    `POST /v1/responses`."""
    session, _expected = _graded("ai-sdk7-huggingface.mjs", "ai-sdk7-huggingface.verdicts.json",
                                 "@ai-sdk/huggingface", dialect="openai-responses")
    caps = session.capabilities
    # Hugging Face's Responses server (the huggingface flavour): raw reasoning_text, never response.incomplete.
    assert caps is not None and caps.output == "ui-message-stream@7" and caps.server == "huggingface"
    assert _schema_refused(session) == []
    # Image input only (a PDF part throws), and no agent loop: the provider drops tool results from the prompt.
    assert not {"multimodal", "server_tools"} & set(caps.features)
    assert caps.structured_modes == {"native"}
    assert [_result(session, f"{c}[openai-responses]").verdict
            for c in ("structured.native.001", "text.structured.001")] == ["PASS"] * 2
    # The finish reason comes from response.completed's incomplete_details only: a tool call finishes 'stop'.
    assert _finish_types(session, "tool.basic.001[openai-responses]") == ["stop"]
    # A stream with no terminal event finishes 'other': shown as a finished answer.
    assert _finish_types(session, "finish.missing.002[openai-responses]") == ["other"]
    # Its server's reasoning (raw reasoning_text) is read; a length or content-filter stop that server cannot say
    # is not run (the huggingface flavour).
    assert [_result(session, f"{c}[openai-responses]").verdict for c in ("reasoning.basic.001", "finish.length.001")] \
        == ["PASS", "NOT-EXPRESSIBLE"]


def test_ai_sdk7_moonshotai_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/moonshotai` 3 (its own chat model, Kimi) under ai 7's `streamText`, over `POST /v1/chat/completions`."""
    session, _expected = _graded("ai-sdk7-moonshotai.mjs", "ai-sdk7-moonshotai.verdicts.json", "@ai-sdk/moonshotai")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    # The provider throws on any file part but images and videos (a PDF included): image + PDF input is not declared.
    assert "multimodal" not in caps.features
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    # The provider reads `delta.reasoning_content`, the mock's default reasoning field: no header needed.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]").startswith("91 = 7 * 13")
    # A schema goes out as response_format json_schema, but only for the model ids the provider lists: for the
    # case's id it sends json_object and drops the schema (D-schema-dropped).
    assert caps.structured_modes == {"native"}
    assert _result(session, "structured.native.001[openai-chat]").failed_rows() == {"structured.native"}
    # A stream cut before its finish_reason finishes 'other', not ai 7's 'interrupted' (D-missing-finish).
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # The harness declares server 'moonshot': a late call id, OpenRouter's error chunk, the reasoning fields Kimi
    # never streams (the first run's four suite errors) and OpenAI's refusal channel are other servers' habits.
    assert caps.server == "moonshot"
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.tool-late-id.001",
            "error.openrouter-midstream.001", "reasoning.field-reasoning.001", "reasoning.openrouter-details.001",
            "quirks.refusal.001")] == ["NOT-EXPRESSIBLE"] * 5


def _sent(session: ConformanceSession, case_id: str) -> dict[str, Any]:
    """The body of the first request a case's adapter sent upstream (over HTTP: the Chat Completions JSON)."""
    record = next(r for r in session.records or [] if r.case_id == case_id)
    return dict(record.upstream[0].request)


def test_ai_sdk7_alibaba_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/alibaba` 2 (its own chat model, Qwen on DashScope's compatible mode) under ai 7's `streamText`,
    over `POST /v1/chat/completions`."""
    session, _expected = _graded("ai-sdk7-alibaba.mjs", "ai-sdk7-alibaba.verdicts.json", "@ai-sdk/alibaba")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    # The provider throws on any file part but an image (a PDF included): image + PDF input is not declared.
    assert "multimodal" not in caps.features
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    # The provider reads `delta.reasoning_content`, the mock's default reasoning field: no header needed.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]").startswith("91 = 7 * 13")
    # For a model id outside the Qwen ids it lists, the provider asks for json_object and puts the caller's schema
    # in the system message (its documented fallback, with a warning): the instruction mechanism, declared beside
    # the native one.
    assert caps.structured_modes == {"native", "instruction"}
    sent = _sent(session, "structured.native.001[openai-chat]")
    assert sent["response_format"] == {"type": "json_object"}
    assert sent["messages"][0]["role"] == "system" and '"nickname":{"type":"string"}' in sent["messages"][0]["content"]
    assert _result(session, "structured.native.001[openai-chat]").verdict == "PASS"
    # A stream cut before its finish_reason finishes 'other', not ai 7's 'interrupted' (D-missing-finish).
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # The harness declares server 'other' (DashScope has no flavour in the kit; docs/adapters.md): a late call id,
    # OpenRouter's error chunk, OpenAI's refusal channel and a content_filter finish are not played to it.
    assert caps.server == "other"
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.tool-late-id.001",
            "error.openrouter-midstream.001", "quirks.refusal.001", "finish.content-filter.001")] == [
        "NOT-EXPRESSIBLE"] * 4


def test_ai_sdk7_openai_chat_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/openai` 4's Chat Completions model (`openai.chat`) under ai 7's `streamText`, over
    `POST /v1/chat/completions` (not the default Responses model of the test above)."""
    session, _expected = _graded("ai-sdk7-openai-chat.mjs", "ai-sdk7-openai-chat.verdicts.json", "@ai-sdk/openai")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@7"
    assert _schema_refused(session) == []
    # The chat model reads no reasoning field: the harness does not declare reasoning, so it is not graded.
    assert "reasoning" not in caps.features
    assert _result(session, "reasoning.basic.001[openai-chat]").verdict == "UNSUPPORTED"
    # ... nor where only a later turn of an agent loop reasons (the first run graded it: a suite error).
    assert _result(session, "loop.reasoning.001[openai-chat]").verdict == "UNSUPPORTED"
    # OpenAI's own `delta.refusal` is read as text, and a refusal that ends 'stop' finishes 'content-filter'.
    refusal = _result(session, "quirks.refusal.001[openai-chat]")
    assert refusal.verdict == "PASS"
    assert _finish_types(session, "quirks.refusal.001[openai-chat]") == ["content-filter"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["interrupted"]
    # OpenRouter's mid-stream error chunk loses its error (D-openrouter-error): a finish 'other', no error chunk.
    events = _result(session, "error.openrouter-midstream.001[openai-chat]").events
    assert "error" not in [e["type"] for e in events]
    assert _finish_types(session, "error.openrouter-midstream.001[openai-chat]") == ["other"]


def test_ai_sdk7_xai_gets_its_committed_verdicts() -> None:
    """`@ai-sdk/xai` 5's default model (xAI's Responses API) under ai 7's `streamText`, over `POST /v1/responses`."""
    session, _expected = _graded("ai-sdk7-xai.mjs", "ai-sdk7-xai.verdicts.json", "@ai-sdk/xai", "openai-responses")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@7" and caps.server == "xai"
    assert _schema_refused(session) == []
    # OpenAI's background queue is not played to xAI's server (it has none): its first run's one suite error.
    assert _result(session, "text.queued.001[openai-responses]").verdict == "NOT-EXPRESSIBLE"
    # xAI takes a non-image file only by URL or file id: the harness does not declare image + PDF data input.
    assert _result(session, "text.multimodal.001[openai-responses]").verdict == "UNSUPPORTED"
    # D-cut-finish-other: a stream cut before response.completed finishes 'other', not 'interrupted'.
    assert _finish_types(session, "finish.missing.001[openai-responses]") == ["other"]
    assert _finish_types(session, "finish.stop-with-call.001[openai-responses]") == ["tool-calls"]
    # The mock's reasoning item carries the status xAI's server sends (the provider requires it).
    assert _reasoning(session, "reasoning.basic.001[openai-responses]") == PRIME_REASONING
    # D-open-reasoning: cut inside a reasoning item, the finish comes with no reasoning-end.
    types = [e["type"] for e in _result(session, "finish.missing.003[openai-responses]").events]
    assert "reasoning-start" in types and "reasoning-end" not in types and types[-1] == "finish"


def test_tanstack_ai_openai_responses_gets_its_committed_verdicts() -> None:
    """`@tanstack/ai-openai`'s `openaiText` (its Responses adapter) under `chat()`, over `POST /v1/responses`."""
    session, _expected = _graded("tanstack-ai-openai-responses.mjs", "tanstack-ai-openai-responses.verdicts.json",
                                 "@tanstack/ai-openai", "openai-responses")
    assert session.capabilities is not None and session.capabilities.output == "tanstack"
    # A max_output_tokens stop (response.incomplete) ends in RUN_ERROR, the pinned defect.
    last = _result(session, "finish.length.001[openai-responses]").events[-1]
    assert (last["type"], last.get("code")) == ("RUN_ERROR", "incomplete")


def test_tanstack_ai_openai_compatible_gets_its_committed_verdicts() -> None:
    """`@tanstack/ai-openai/compatible`'s `openaiCompatibleText` (Chat Completions, with the reasoning_content
    hook) under `chat()`, over `POST /v1/chat/completions`."""
    session, _expected = _graded("tanstack-ai-openai-compatible.mjs", "tanstack-ai-openai-compatible.verdicts.json",
                                 "@tanstack/ai-openai")
    caps = session.capabilities
    assert caps is not None and caps.output == "tanstack" and "reasoning" in caps.features
    # The compatible adapter reads DeepSeek's delta.reasoning_content, which createOpenaiChatCompletions ignores.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]", "REASONING_MESSAGE_CONTENT") == PRIME_REASONING
    # Reasoning resumed after the text goes to the reasoning message already ended (D-reasoning-after-close).
    events = _result(session, "ids.reuse.002[openai-chat]").events
    ended = [i for i, e in enumerate(events) if e["type"] == "REASONING_MESSAGE_END"]
    assert ended and any(e["type"] == "REASONING_MESSAGE_CONTENT" for e in events[ended[0]:])


def test_tanstack_ai_gemini_gets_its_committed_verdicts() -> None:
    """`@tanstack/ai-gemini`'s `geminiText` under `chat()`, over `streamGenerateContent?alt=sse`."""
    session, _expected = _graded("tanstack-ai-gemini.mjs", "tanstack-ai-gemini.verdicts.json", "@tanstack/ai-gemini",
                                 "gemini")
    assert session.capabilities is not None and session.capabilities.output == "tanstack"
    # A failed request is a RUN_ERROR with no RUN_STARTED before it: @ag-ui/client accepts it, a SHOULD.
    assert [e["type"] for e in _result(session, "http.429.001[gemini]").events] == ["RUN_ERROR"]


def test_tanstack_ai_anthropic_gets_its_committed_verdicts() -> None:
    """`@tanstack/ai-anthropic`'s `anthropicText` under `chat()`, over `POST /v1/messages` (stream)."""
    session, _expected = _graded("tanstack-ai-anthropic.mjs", "tanstack-ai-anthropic.verdicts.json",
                                 "@tanstack/ai-anthropic", "anthropic")
    assert session.capabilities is not None and session.capabilities.output == "tanstack"
    # D-input-tokens: message_start (which carries input_tokens) is never read. The live API repeats the
    # count in message_delta (the default wire), so text.basic shows it; the docs' shape (output_tokens
    # alone, quirks.anthropic-delta-usage.001) leaves the prompt at 0.
    def prompt_tokens(case: str) -> list[int]:
        return [e["usage"]["promptTokens"] for e in _result(session, case).events if e["type"] == "RUN_FINISHED"]
    assert prompt_tokens("text.basic.001[anthropic]") == [14]
    assert prompt_tokens("quirks.anthropic-delta-usage.001[anthropic]") == [0]
    # D-max-tokens-error: stop_reason max_tokens ends the run in RUN_ERROR, not RUN_FINISHED 'length'.
    last = _result(session, "finish.length.001[anthropic]").events[-1]
    assert (last["type"], last.get("code")) == ("RUN_ERROR", "max_tokens")


def test_tanstack_ai_mistral_gets_its_committed_verdicts() -> None:
    """`@tanstack/ai-mistral` 0.6.7's `createMistralText` under `chat()`: its own fetch of `POST /v1/chat/completions`
    (structured output through @mistralai/mistralai's `chat.complete`), as a Mistral client (server 'mistral')."""
    # D-abort-ignored: the four cases that abort mid-stream hang until the case timeout (the fetch has no signal).
    session, _expected = _graded("tanstack-ai-mistral.mjs", "tanstack-ai-mistral.verdicts.json",
                                 "@tanstack/ai-mistral", hangs=4)
    caps = session.capabilities
    assert caps is not None and caps.output == "tanstack" and caps.server == "mistral"
    # Mistral's usage rides on its finish chunk (the mistral flavour), which is where the adapter reads it.
    usage = [e.get("usage") for e in _result(session, "text.basic.001[openai-chat]").events
             if e["type"] == "RUN_FINISHED"]
    assert usage == [{"promptTokens": 14, "completionTokens": 7, "totalTokens": 21}]
    # D-malformed-args-error: an unparsable call ends the whole run in RUN_ERROR.
    last = _result(session, "tool.malformed.001[openai-chat]").events[-1]
    assert last["type"] == "RUN_ERROR" and "Failed to parse tool call arguments" in last["message"]


@pytest.mark.parametrize("harness", ["tanstack-ai-openai.mjs", "ai-sdk-openai-compatible.mjs"])
def test_the_shared_harnesses_report_when_a_held_tool_starts(harness: str) -> None:
    """Their server tools come from ``toolExecutor(t, c)`` and they declare ``sends: ['tool-started']``,
    so loop.abort-during-tool's abort lands while the tool runs, as the tool sees it, not once the call
    was printed complete (an agent may not have read the call by then)."""
    why = _skip_reason("@tanstack/ai" if harness.startswith("tanstack") else "ai")
    if why:
        pytest.skip(why)
    target = CmdTarget(f"node {TS / harness}", start_timeout=30, case_timeout=10)
    try:
        assert "tool-started" in target.process().sends
    finally:
        target.close()


def test_openai_agents_ui_gets_its_committed_verdicts() -> None:
    """`@openai/agents`' `run(agent, input, {stream: true})` on its default Responses model, turned into a UI
    message stream by `@openai/agents-extensions`' own ai-sdk-ui module, over `POST /v1/responses`."""
    session, _expected = _graded("openai-agents-ui.mjs", "openai-agents-ui.verdicts.json", "@openai/agents-extensions",
                                 "openai-responses")
    caps = session.capabilities
    # uiMessageStream.d.ts types its chunks against the `ai` it resolves, 6.0.326; its function tools all run.
    assert caps is not None and caps.output == "ui-message-stream" and caps.client_tools is False
    assert _schema_refused(session) == []
    # Client tool calls are UNSUPPORTED; a server tool round runs and its result is sent.
    assert _result(session, "tool.basic.001[openai-responses]").verdict == "UNSUPPORTED"
    served = [e["type"] for e in _result(session, "loop.server-tool.001[openai-responses]").events]
    assert "tool-output-available" in served and served[-1] == "finish"
    # D-no-error-chunk: a failed run sends no error chunk (the stream errors); D-abort-finish: 'stop' after an abort.
    assert "error" not in [e["type"] for e in _result(session, "error.first.001[openai-responses]").events]
    assert _result(session, "abort.mid-text.002[openai-responses]").events[-1] == {"type": "finish",
                                                                                  "finishReason": "stop"}


def test_openai_agents_ui_chat_gets_its_committed_verdicts() -> None:
    """The same run and ai-sdk-ui bridge on the Agents SDK's Chat Completions model (`OpenAIProvider({useResponses:
    false})`, OpenAIChatCompletionsModel), over `POST /v1/chat/completions`."""
    session, _expected = _graded("openai-agents-ui-chat.mjs", "openai-agents-ui-chat.verdicts.json",
                                 "@openai/agents-extensions")
    caps = session.capabilities
    # The chat model keeps `delta.reasoning` in rawContent, which the bridge never shows: reasoning is not declared.
    assert caps is not None and caps.output == "ui-message-stream" and "reasoning" not in caps.features
    assert _schema_refused(session) == []
    assert _result(session, "reasoning.basic.001[openai-chat]").verdict == "UNSUPPORTED"
    # D-finish-always-stop: a 'length' stop reaches the reader as 'stop'.
    assert _finish_types(session, "finish.length.001[openai-chat]") == ["stop"]
    # A stream with no finish_reason finishes as a completed answer (missing_finish 'stop', declared after the
    # first run).
    assert _result(session, "finish.missing.001[openai-chat]").verdict == "PASS-NONSTRICT"
    # The caller's `strict: false` json_schema reaches OpenAI's server as given (the first run's suite error).
    assert _result(session, "structured.native.001[openai-chat]").verdict == "PASS"
    assert _sent(session, "structured.native.001[openai-chat]")["response_format"]["json_schema"]["strict"] is False


def test_ai_sdk7_agent_anthropic_gets_its_committed_verdicts() -> None:
    """ai 7's agent path: a `ToolLoopAgent` on `@ai-sdk/anthropic` 4 answered by `createAgentUIStreamResponse` (the
    route ai 7's agent docs write), read from the Response's SSE body, over `POST /v1/messages`."""
    session, _expected = _graded("ai-sdk7-agent-anthropic.mjs", "ai-sdk7-agent-anthropic.verdicts.json", "ai7",
                                 "anthropic")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@7" and caps.max_retries == 0
    assert _schema_refused(session) == []
    # The caller's leading system message is the agent's instructions: Anthropic's `system`, not a message.
    sent = _sent(session, "request.prompt.001[anthropic]")
    assert sent.get("system") and all(m["role"] in ("user", "assistant") for m in sent["messages"])
    # The OpenAI-style tool history went in as UI tool parts (state output-available) and reached the
    # Messages API as tool_use / tool_result blocks.
    assert _result(session, "request.tool-history.001[anthropic]").verdict == "PASS"
    # A server tool runs in the agent's loop and the model is asked again with its result.
    served = [e["type"] for e in _result(session, "loop.server-tool.001[anthropic]").events]
    assert "tool-output-available" in served and served[-1] == "finish"
    # Unlike streamText's one step, the agent sends an invalid call back to the model as a tool error and asks
    # again (isStepCount(20)): the second call is past the scenario's script, so the case is INFO, not graded.
    record = next(r for r in session.records or [] if r.case_id == "tool.malformed.001[anthropic]")
    assert [c.past_last_turn for c in record.upstream] == [False, True]
    assert _result(session, "tool.malformed.001[anthropic]").verdict == "INFO"
    # The route's body ends an aborted run with the abort chunk, as streamText's UI stream does.
    assert _result(session, "abort.mid-text.001[anthropic]").events[-1]["type"] == "abort"


def test_openai_agents_aisdk_anthropic_gets_its_committed_verdicts() -> None:
    """The same run and ai-sdk-ui bridge with the agent's model an AI SDK model: `aisdk(anthropic(modelId))` of
    `@openai/agents-extensions/ai-sdk` around `@ai-sdk/anthropic` 4's Messages model, over `POST /v1/messages`."""
    session, _expected = _graded("openai-agents-aisdk-anthropic.mjs", "openai-agents-aisdk-anthropic.verdicts.json",
                                 "@openai/agents-extensions", "anthropic")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream" and caps.client_tools is False
    assert _schema_refused(session) == []
    # A server tool round runs through AiSdkModel and its result is sent.
    served = [e["type"] for e in _result(session, "loop.server-tool.001[anthropic]").events]
    assert "tool-output-available" in served and served[-1] == "finish"
    # The outputType reaches Anthropic as output_config.format (the harness names the provider's outputFormat mode).
    assert "format" in _sent(session, "structured.native.001[anthropic]")["output_config"]
    # D-finish-always-stop: AiSdkModel drops the finish part's reason; a max_tokens stop reaches the reader as 'stop'.
    assert _finish_types(session, "finish.length.001[anthropic]") == ["stop"]
    # D-no-error-chunk: a failed run sends no error chunk (AiSdkModel throws the model's error part).
    assert "error" not in [e["type"] for e in _result(session, "error.first.001[anthropic]").events]


def test_voltagent_ui_gets_its_committed_verdicts() -> None:
    """VoltAgent (`@voltagent/core` 2.10.0): `agent.streamText(messages)` and its result's own
    `toUIMessageStream()` (ai 6.0.326's UI message stream), on `@ai-sdk/openai` 3's chat model, from
    examples/ts-voltagent (docs/findings-voltagent.md)."""
    session, _expected = _graded("voltagent-ui.mjs", "voltagent-ui.verdicts.json", "@voltagent/core",
                                 directory=TS_VOLTAGENT)
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream" and caps.policies.error_text == "own"
    assert _schema_refused(session) == []
    # A server tool round runs in VoltAgent's loop and its result is sent.
    served = [e["type"] for e in _result(session, "loop.server-tool.001[openai-chat]").events]
    assert "tool-output-available" in served and served[-1] == "finish"
    # D-tool-error-as-output: a throwing tool is sent as a successful output carrying {error: true, stack}.
    failed = [e for e in _result(session, "loop.tool-error.001[openai-chat]").events
              if e["type"].startswith("tool-output")]
    assert [e["type"] for e in failed] == ["tool-output-available"] and failed[0]["output"]["error"] is True
    # A model call refused before any output: VoltAgent's streamText rejects; the documented route answers 500.
    assert _result(session, "http.500.001[openai-chat]").events == []


def test_voltagent_ui_anthropic_gets_its_committed_verdicts() -> None:
    """The same VoltAgent agent and route on `@ai-sdk/anthropic` 3.0.140's Messages model, over `POST /v1/messages`
    (examples/ts-voltagent/voltagent-ui-anthropic.mjs, docs/findings-voltagent-anthropic.md)."""
    session, _expected = _graded("voltagent-ui-anthropic.mjs", "voltagent-ui-anthropic.verdicts.json",
                                 "@ai-sdk/anthropic", "anthropic", directory=TS_VOLTAGENT)
    caps = session.capabilities
    # The Messages wire has no server flavours (they are Chat Completions and Responses servers').
    assert caps is not None and caps.output == "ui-message-stream" and caps.server is None
    assert caps.policies.error_text == "own" and "reasoning" in caps.features
    assert _schema_refused(session) == []
    # Thinking blocks reach the UI as reasoning, through VoltAgent's toUIMessageStream.
    assert _reasoning(session, "reasoning.basic.001[anthropic]") == PRIME_REASONING
    # D-tool-error-as-output is VoltAgent's, on every model: a throwing tool is sent as a successful output.
    failed = [e for e in _result(session, "loop.tool-error.001[anthropic]").events
              if e["type"].startswith("tool-output")]
    assert [e["type"] for e in failed] == ["tool-output-available"] and failed[0]["output"]["error"] is True
    # D-text-tool-result, VoltAgent's too: the text result reaches the model inside its own envelope.
    blocks = [b for m in _sent(session, "request.tool-history.001[anthropic]")["messages"]
              if isinstance(m["content"], list) for b in m["content"] if b["type"] == "tool_result"]
    assert [json.loads(b["content"]) for b in blocks][-1] == {"type": "text", "value": "14:05"}
    # D-silent-truncation + D-open-blocks (the provider's): a cut stream finishes 'other' with its text part open.
    events = _result(session, "finish.missing.001[anthropic]").events
    assert [e["type"] for e in events][-3:] == ["text-delta", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[anthropic]") == ["other"]
    # A model call refused before any output: VoltAgent's streamText rejects; the documented route answers 500.
    assert _result(session, "http.500.001[anthropic]").events == []


def test_tanstack_ai_openrouter_gets_its_committed_verdicts() -> None:
    """`@tanstack/ai-openrouter` 0.19.6's `createOpenRouterText` (Chat Completions through `@openrouter/sdk` 0.13.20)
    under `chat()` of `@tanstack/ai` 0.52.3, from examples/ts-openrouter (docs/findings-tanstack-ai-openrouter.md)."""
    session, _expected = _graded("tanstack-ai-openrouter.mjs", "tanstack-ai-openrouter.verdicts.json",
                                 "@tanstack/ai-openrouter", directory=TS_OPENROUTER)
    caps = session.capabilities
    assert caps is not None and caps.output == "tanstack" and "reasoning" in caps.features
    assert _schema_refused(session) == []
    # OpenRouter's reasoning field (delta.reasoning_details, which the harness asks the mock for) is read.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]", "REASONING_MESSAGE_CONTENT") == PRIME_REASONING
    # D-chunk-schema: OpenRouter's documented mid-stream error chunk (a string code) fails the SDK's per-event
    # parse, so the RUN_ERROR carries the validation issues instead of the provider's message.
    last = _result(session, "error.openrouter-midstream.001[openai-chat]").events[-1]
    assert last["type"] == "RUN_ERROR" and "Provider disconnected unexpectedly" not in last["message"]
    assert '"invalid_type"' in last["message"]
    # Declared server 'openrouter': every in-band error comes in OpenRouter's chunk (so the same D-chunk-schema on
    # its string code, not OpenAI's bare error object's missing `choices`), and an HTTP error in OpenRouter's body,
    # whose message the SDK reads (it could not parse the scripted Anthropic-shaped one).
    assert caps.server == "openrouter"
    coded = _result(session, "error.code.001[openai-chat]").events[-1]
    assert coded["type"] == "RUN_ERROR" and [i["path"] for i in json.loads(coded["message"])] == [
        ["data", "error", "code"]]
    assert _result(session, "http.401.001[openai-chat]").events[-1]["message"] == "invalid x-api-key"


def test_tanstack_ai_grok_gets_its_committed_verdicts() -> None:
    """`@tanstack/ai-grok` 0.18.3's `createGrokText` (a `@tanstack/openai-base` 0.10.9 Responses adapter on xAI's
    Responses API) under `chat()` of `@tanstack/ai` 0.52.3, from examples/ts-openrouter
    (docs/findings-tanstack-ai-grok.md)."""
    session, _expected = _graded("tanstack-ai-grok.mjs", "tanstack-ai-grok.verdicts.json", "@tanstack/ai-grok",
                                 "openai-responses", directory=TS_OPENROUTER)
    caps = session.capabilities
    assert caps is not None and caps.output == "tanstack" and caps.server == "xai" and "reasoning" in caps.features
    assert _schema_refused(session) == []
    assert _reasoning(session, "reasoning.basic.001[openai-responses]", "REASONING_MESSAGE_CONTENT") == PRIME_REASONING
    # D-incomplete: a max_output_tokens stop (response.incomplete) ends in RUN_ERROR, not RUN_FINISHED 'length'.
    last = _result(session, "finish.length.001[openai-responses]").events[-1]
    assert (last["type"], last.get("code")) == ("RUN_ERROR", "incomplete")
    # D-structured-after-finish: chat() 0.52.3 yields the structured result after the run's RUN_FINISHED.
    types = [e.get("name", e["type"]) for e in _result(session, "structured.native.001[openai-responses]").events]
    assert types[-2:] == ["RUN_FINISHED", "structured-output.complete"]


def test_ai_sdk7_openrouter_gets_its_committed_verdicts() -> None:
    """`streamText` of `ai` 7.0.173 over `@openrouter/ai-sdk-provider` 3.1.0 (OpenRouter's own AI SDK provider, its
    Chat Completions model) and ai 7's `toUIMessageStream`, from examples/ts-openrouter
    (docs/findings-ai-sdk7-openrouter.md)."""
    # The harness outlives D-abort-crash's unhandled AbortError (it logs it; the reproducer shows the defect), so it
    # starts once, as every harness must.
    session, _expected = _graded("ai-sdk7-openrouter.mjs", "ai-sdk7-openrouter.verdicts.json",
                                 "@openrouter/ai-sdk-provider", directory=TS_OPENROUTER)
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream@7" and "reasoning" in caps.features
    assert caps.policies.malformed_args == "empty-object"
    assert _schema_refused(session) == []
    # OpenRouter's reasoning fields (delta.reasoning_details beside delta.reasoning, which the harness asks the mock
    # for) are read; an unparsable argument text becomes {} at a tool-calls finish (the declared policy).
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    assert [e["input"] for e in _result(session, "tool.malformed.004[openai-chat]").events
            if e["type"] == "tool-input-available"] == [{}]
    # D-reasoning-after-text: the reasoning that resumes after the text is not streamed.
    assert _reasoning(session, "ids.reuse.002[openai-chat]") == "Part one first."
    # D-missing-finish: a stream cut before its finish_reason finishes 'other', not 'interrupted'.
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # Declared server 'openrouter': OpenRouter's error chunk (a string code, which @openrouter/sdk's schema refuses
    # for the TanStack adapter) reaches the user with its message.
    assert caps.server == "openrouter"
    assert [e["errorText"] for e in _result(session, "error.code.001[openai-chat]").events
            if e["type"] == "error"] == ["Rate limit reached for tokens per minute"]


def test_ai_sdk6_agent_google_gets_its_committed_verdicts() -> None:
    """ai 6's agent path: a `ToolLoopAgent` on `@ai-sdk/google` 3 (npm alias ``ai6-google``) answered with
    `createAgentUIStreamResponse` from the chat's UI messages, the route ai 6 documents
    (docs/findings-ai-sdk6-agent-google.md)."""
    session, _expected = _graded("ai-sdk6-agent-google.mjs", "ai-sdk6-agent-google.verdicts.json", "ai6-google",
                                 "gemini")
    assert session.capabilities is not None and session.capabilities.output == "ui-message-stream"
    assert _schema_refused(session) == []
    assert _reasoning(session, "reasoning.basic.001[gemini]") == PRIME_REASONING
    # The history goes in as UI messages: its tool rounds are one assistant message (what useChat holds), so the
    # answer continues that message (ai 6's getResponseUIMessageId: the start chunk carries its id).
    assert _result(session, "request.tool-history.001[gemini]").events[0] == {"type": "start", "messageId": "msg-1"}
    # The agent's own loop (stepCountIs(20) by default) runs a server tool and asks the model again.
    steps = [e["type"] for e in _result(session, "loop.server-tool.001[gemini]").events if e["type"] == "start-step"]
    assert len(steps) == 2
    # An undeclared tool's call becomes a tool error the agent sends back to the model, where streamText's one step
    # stops (ai-sdk6-google's PASS): the case asks for an unscripted turn and is graded on robustness (INFO).
    assert "tool-output-error" in [e["type"] for e in _result(session, "tool.dynamic.001[gemini]").events]
    # D-silent-truncation through the route: a stream cut before any finishReason finishes 'other', with no error.
    types = [e["type"] for e in _result(session, "finish.missing.001[gemini]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[gemini]") == ["other"]


def test_voltagent_ui_google_gets_its_committed_verdicts() -> None:
    """The same VoltAgent agent and route on `@ai-sdk/google` 3.0.141's Gemini model, over
    `POST /v1beta/models/{id}:streamGenerateContent?alt=sse` (examples/ts-voltagent/voltagent-ui-google.mjs,
    docs/findings-voltagent-google.md). The provider runs its own nested `@ai-sdk/provider-utils` 4.0.64."""
    session, _expected = _graded("voltagent-ui-google.mjs", "voltagent-ui-google.verdicts.json", "@ai-sdk/google",
                                 "gemini", directory=TS_VOLTAGENT, nested={"@ai-sdk/provider-utils": "@ai-sdk/google"})
    caps = session.capabilities
    # The Gemini wire has no server flavours (they are Chat Completions and Responses servers').
    assert caps is not None and caps.output == "ui-message-stream" and caps.server is None
    assert caps.policies.error_text == "own" and "reasoning" in caps.features
    assert _schema_refused(session) == []
    # Thought parts reach the UI as reasoning, through VoltAgent's toUIMessageStream.
    assert _reasoning(session, "reasoning.basic.001[gemini]") == PRIME_REASONING
    # D-tool-error-as-output is VoltAgent's, on every model: a throwing tool is sent as a successful output.
    failed = [e for e in _result(session, "loop.tool-error.001[gemini]").events
              if e["type"].startswith("tool-output")]
    assert [e["type"] for e in failed] == ["tool-output-available"] and failed[0]["output"]["error"] is True
    # D-text-tool-result, VoltAgent's too: the text result reaches Gemini inside its own envelope, an object where
    # @ai-sdk/google puts the result's value (functionResponse.response.content).
    contents = _sent(session, "request.tool-history.001[gemini]")["contents"]
    responses = [p["functionResponse"]["response"] for c in contents for p in c["parts"] if "functionResponse" in p]
    assert responses[-1]["content"] == {"type": "text", "value": "14:05"}
    # D-silent-truncation (the provider's): a cut stream finishes 'other', its text part closed by the flush.
    events = _result(session, "finish.missing.001[gemini]").events
    assert [e["type"] for e in events][-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[gemini]") == ["other"]
    # A model call refused before any output: VoltAgent's streamText rejects; the documented route answers 500.
    assert _result(session, "http.500.001[gemini]").events == []


def test_openai_agents_aisdk_google_gets_its_committed_verdicts() -> None:
    """The same run and ai-sdk-ui bridge on an AI SDK Gemini model: `aisdk(google(modelId))` of
    `@openai/agents-extensions/ai-sdk` around `@ai-sdk/google` 4's Gemini API model, over `:streamGenerateContent`
    (docs/findings-openai-agents-aisdk-google.md)."""
    session, _expected = _graded("openai-agents-aisdk-google.mjs", "openai-agents-aisdk-google.verdicts.json",
                                 "@ai-sdk/google", "gemini")
    caps = session.capabilities
    assert caps is not None and caps.output == "ui-message-stream" and caps.client_tools is False
    assert caps.server is None
    assert _schema_refused(session) == []
    # A server tool round runs through AiSdkModel and its result is sent.
    served = [e["type"] for e in _result(session, "loop.server-tool.001[gemini]").events]
    assert "tool-output-available" in served and served[-1] == "finish"
    # The outputType reaches Gemini as a native JSON schema (no provider option: the mock's ids are not gemini-*).
    assert "responseJsonSchema" in _sent(session, "structured.native.001[gemini]")["generationConfig"]
    # Thought parts are shown as reasoning (after the text: D-reasoning-after-the-answer).
    assert _reasoning(session, "reasoning.basic.001[gemini]") == PRIME_REASONING
    # D-finish-always-stop on Gemini's reasons: MAX_TOKENS and MALFORMED_FUNCTION_CALL both finish 'stop'.
    assert _finish_types(session, "finish.length.001[gemini]") == ["stop"]
    assert _finish_types(session, "finish.gemini-malformed-call.001[gemini]") == ["stop"]
    # D-split-model-turn: turn 1's text and call go back as two consecutive `model` contents, a function call turn
    # right after a model turn.
    record = next(r for r in session.records or [] if r.case_id == "loop.text-between.001[gemini]")
    roles = [c["role"] for c in record.upstream[1].request["contents"]]
    assert roles == ["user", "model", "model", "user"]
    assert "functionCall" in record.upstream[1].request["contents"][2]["parts"][0]


def test_voltagent_ui_mistral_gets_its_committed_verdicts() -> None:
    """The same VoltAgent agent and route on `@ai-sdk/mistral` 3.0.69's chat model, over `POST /v1/chat/completions`
    (examples/ts-voltagent/voltagent-ui-mistral.mjs, docs/findings-voltagent-mistral.md). The provider runs its own
    nested `@ai-sdk/provider-utils` 4.0.56."""
    session, _expected = _graded("voltagent-ui-mistral.mjs", "voltagent-ui-mistral.verdicts.json", "@ai-sdk/mistral",
                                 directory=TS_VOLTAGENT, nested={"@ai-sdk/provider-utils": "@ai-sdk/mistral"})
    caps = session.capabilities
    # The server @ai-sdk/mistral is written for; response_format is its one structured-output mechanism.
    assert caps is not None and caps.output == "ui-message-stream" and caps.server == "mistral"
    assert caps.policies.error_text == "own" and "reasoning" in caps.features
    assert caps.structured_modes == {"native"}
    assert _schema_refused(session) == []
    # Mistral's thinking chunks reach the UI as reasoning, through VoltAgent's toUIMessageStream.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # D-tool-error-as-output is VoltAgent's, on every model: a throwing tool is sent as a successful output.
    failed = [e for e in _result(session, "loop.tool-error.001[openai-chat]").events
              if e["type"].startswith("tool-output")]
    assert [e["type"] for e in failed] == ["tool-output-available"] and failed[0]["output"]["error"] is True
    # D-text-tool-result, VoltAgent's too: the text result reaches Mistral as its own envelope's JSON text.
    tool_messages = [m for m in _sent(session, "request.tool-history.001[openai-chat]")["messages"]
                     if m["role"] == "tool"]
    assert json.loads(tool_messages[-1]["content"]) == {"type": "text", "value": "14:05"}
    # D-silent-truncation (the provider's): a stream cut before its finish_reason finishes 'other', no error chunk.
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-chat]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # D-empty-choices (the provider's): the pinned ERROR is doStream reading value.choices[0].delta of [].
    assert "reading 'delta'" in _result(session, "quirks.azure-filter-chunk.001[openai-chat]").reason
    # A model call refused before any output: VoltAgent's streamText rejects; the documented route answers 500.
    assert _result(session, "http.500.001[openai-chat]").events == []


def test_voltagent_ui_groq_gets_its_committed_verdicts() -> None:
    """The same VoltAgent agent and route on `@ai-sdk/groq` 3.0.71's chat model, over `POST /v1/chat/completions`
    (examples/ts-voltagent/voltagent-ui-groq.mjs, docs/findings-voltagent-groq.md). The provider runs its own
    nested `@ai-sdk/provider-utils` 4.0.56."""
    session, _expected = _graded("voltagent-ui-groq.mjs", "voltagent-ui-groq.verdicts.json", "@ai-sdk/groq",
                                 directory=TS_VOLTAGENT, nested={"@ai-sdk/provider-utils": "@ai-sdk/groq"})
    caps = session.capabilities
    # The server @ai-sdk/groq is written for; response_format is its one structured-output mechanism, and a PDF
    # part throws before any request (images only), so the agent's 'multimodal' is dropped for this model.
    assert caps is not None and caps.output == "ui-message-stream" and caps.server == "groq"
    assert caps.policies.error_text == "own" and "reasoning" in caps.features
    assert "multimodal" not in caps.features and caps.structured_modes == {"native"}
    assert _schema_refused(session) == []
    # Groq's `delta.reasoning` reaches the UI as reasoning, through VoltAgent's toUIMessageStream.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # Other servers' habits are not played to a Groq client.
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.refusal.001", "quirks.tool-late-id.001",
            "error.openrouter-midstream.001")] == ["NOT-EXPRESSIBLE"] * 3
    # D-tool-error-as-output is VoltAgent's, on every model: a throwing tool is sent as a successful output.
    failed = [e for e in _result(session, "loop.tool-error.001[openai-chat]").events
              if e["type"].startswith("tool-output")]
    assert [e["type"] for e in failed] == ["tool-output-available"] and failed[0]["output"]["error"] is True
    # D-text-tool-result, VoltAgent's too: the text result reaches Groq as its own envelope's JSON text.
    tool_messages = [m for m in _sent(session, "request.tool-history.001[openai-chat]")["messages"]
                     if m["role"] == "tool"]
    assert json.loads(tool_messages[-1]["content"]) == {"type": "text", "value": "14:05"}
    # D-silent-truncation (the provider's): a stream cut before its finish_reason finishes 'other', no error chunk.
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-chat]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # D-reused-index (the provider's per-index code): the second call's arguments go to the first, the second is lost.
    reused = _result(session, "quirks.tool-index-reused.002[openai-chat]")
    assert [(e["toolName"], e["input"]) for e in reused.events if e["type"] == "tool-input-available"] == [
        ("list_files", {"path": "world.py"})]
    # D-index-gap (the provider's): the pinned ERROR is its flush reading the hole that indices 0 and 2 leave.
    assert "reading 'hasFinished'" in _result(session, "quirks.tool-index-gap.001[openai-chat]").reason
    # A model call refused before any output: VoltAgent's streamText rejects; the documented route answers 500.
    assert _result(session, "http.500.001[openai-chat]").events == []


def _agents_aisdk_on_chat(session: Any, strict: bool) -> None:
    """What an Agents SDK pin over `aisdk()` on Chat Completions shows on every provider: a server tool round runs
    through AiSdkModel and its result is sent; the outputType reaches the model as a json_schema response format
    (``strict``: the provider's default); the reasoning is shown after the text (the openai-chat wire does not grade
    where reasoning stands)."""
    served = [e["type"] for e in _result(session, "loop.server-tool.001[openai-chat]").events]
    assert "tool-output-available" in served and served[-1] == "finish"
    response_format = _sent(session, "structured.native.001[openai-chat]")["response_format"]
    assert response_format["type"] == "json_schema" and response_format["json_schema"]["strict"] is strict
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    types = [e["type"] for e in _result(session, "reasoning.basic.001[openai-chat]").events]
    assert types.index("text-end") < types.index("reasoning-start")


def test_openai_agents_aisdk_mistral_gets_its_committed_verdicts() -> None:
    """The same run and ai-sdk-ui bridge on an AI SDK Mistral model: `aisdk(mistral(modelId))` of
    `@openai/agents-extensions/ai-sdk` around `@ai-sdk/mistral` 4's chat model, over `POST /v1/chat/completions`
    (docs/findings-openai-agents-aisdk-mistral.md)."""
    session, _expected = _graded("openai-agents-aisdk-mistral.mjs", "openai-agents-aisdk-mistral.verdicts.json",
                                 "@ai-sdk/mistral")
    caps = session.capabilities
    # The server @ai-sdk/mistral is written for (any model id: `mistral`, not `mistral-own`).
    assert caps is not None and caps.output == "ui-message-stream" and caps.client_tools is False
    assert caps.server == "mistral"
    assert _schema_refused(session) == []
    # Not strict: @ai-sdk/mistral's default. Mistral's thinking chunks are its reasoning (D-reasoning-after-the-answer).
    _agents_aisdk_on_chat(session, strict=False)
    # D-finish-always-stop: Mistral's 'length' reaches the reader as 'stop'.
    assert _finish_types(session, "finish.length.001[openai-chat]") == ["stop"]
    # Turn 1's text and call go back as two consecutive assistant messages, which Mistral's server (and the mock's
    # turn counter) takes as one turn: turn 2 is served.
    record = next(r for r in session.records or [] if r.case_id == "loop.text-between.001[openai-chat]")
    assert [c.turn for c in record.upstream] == [1, 2]
    assert [m["role"] for m in record.upstream[1].request["messages"]] == ["user", "assistant", "assistant", "tool"]
    # D-empty-choices (the provider's): the pinned ERROR is doStream reading value.choices[0].delta of [].
    assert "reading 'delta'" in _result(session, "quirks.azure-filter-chunk.001[openai-chat]").reason


def test_voltagent_ui_deepseek_gets_its_committed_verdicts() -> None:
    """The same VoltAgent agent and route on `@ai-sdk/deepseek` 2.0.69's chat model, over `POST /v1/chat/completions`
    (examples/ts-voltagent/voltagent-ui-deepseek.mjs, docs/findings-voltagent-deepseek.md). The provider runs its own
    nested `@ai-sdk/provider-utils` 4.0.56."""
    session, _expected = _graded("voltagent-ui-deepseek.mjs", "voltagent-ui-deepseek.verdicts.json",
                                 "@ai-sdk/deepseek", directory=TS_VOLTAGENT,
                                 nested={"@ai-sdk/provider-utils": "@ai-sdk/deepseek"})
    caps = session.capabilities
    # The server @ai-sdk/deepseek is written for; a schema goes into a system message beside json_object (the
    # package never sets supportsStructuredOutputs), and a PDF part is dropped with a warning (images only).
    assert caps is not None and caps.output == "ui-message-stream" and caps.server == "deepseek"
    assert caps.policies.error_text == "own" and "reasoning" in caps.features
    assert "multimodal" not in caps.features and caps.structured_modes == {"instruction"}
    assert _schema_refused(session) == []
    sent = _sent(session, "structured.instruction.001[openai-chat]")
    assert sent["response_format"] == {"type": "json_object"}
    assert any(m["role"] == "system" and m["content"].startswith("Return JSON that conforms to the following schema")
               for m in sent["messages"])
    # DeepSeek's `delta.reasoning_content` reaches the UI as reasoning, through VoltAgent's toUIMessageStream.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # Other servers' habits are not played to a DeepSeek client.
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.refusal.001", "quirks.tool-late-id.001",
            "error.openrouter-midstream.001", "reasoning.field-reasoning.001")] == ["NOT-EXPRESSIBLE"] * 4
    # D-tool-error-as-output is VoltAgent's, on every model: a throwing tool is sent as a successful output.
    failed = [e for e in _result(session, "loop.tool-error.001[openai-chat]").events
              if e["type"].startswith("tool-output")]
    assert [e["type"] for e in failed] == ["tool-output-available"] and failed[0]["output"]["error"] is True
    # D-text-tool-result, VoltAgent's too: the text result reaches DeepSeek as its own envelope's JSON text.
    tool_messages = [m for m in _sent(session, "request.tool-history.001[openai-chat]")["messages"]
                     if m["role"] == "tool"]
    assert json.loads(tool_messages[-1]["content"]) == {"type": "text", "value": "14:05"}
    # D-silent-truncation (the provider's): a stream cut before its finish_reason finishes 'other', no error chunk.
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-chat]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # D-azure-filter-chunk (the provider's chunk schema): each filter chunk is an error chunk inside a whole answer.
    azure = [e["type"] for e in _result(session, "quirks.azure-filter-chunk.001[openai-chat]").events]
    assert azure.count("error") == 2 and azure[-1] == "finish"
    assert _finish_types(session, "quirks.azure-filter-chunk.001[openai-chat]") == ["stop"]
    # D-reused-index (the provider's per-index code): the second call's arguments go to the first, the second is lost.
    reused = _result(session, "quirks.tool-index-reused.002[openai-chat]")
    assert [(e["toolName"], e["input"]) for e in reused.events if e["type"] == "tool-input-available"] == [
        ("list_files", {"path": "world.py"})]
    # Unlike @ai-sdk/groq 3.0.71, the provider's flush filters its per-index array: indices 0 and 2 pass.
    assert _result(session, "quirks.tool-index-gap.001[openai-chat]").verdict == "PASS"
    # A model call refused before any output: VoltAgent's streamText rejects; the documented route answers 500.
    assert _result(session, "http.500.001[openai-chat]").events == []


# The AI SDK's LlamaIndex adapter pins ai 7.0.111 exactly, beside LlamaIndex.TS: its own directory
# (npm ci --prefix examples/ts-llamaindex).
TS_LLAMAINDEX = ROOT / "examples" / "ts-llamaindex"


def test_ai_sdk7_llamaindex_gets_its_committed_verdicts() -> None:
    """`toUIMessageStream` of `@ai-sdk/llamaindex` 3.0.111 over a LlamaIndex `SimpleChatEngine` (llamaindex 0.12.1)
    whose LLM is `@llamaindex/openai` 0.4.22's `OpenAI` (Chat Completions), answered with ai 7.0.111's
    `createUIMessageStreamResponse`, from examples/ts-llamaindex (docs/findings-ai-sdk7-llamaindex.md)."""
    session, _expected = _graded("ai-sdk7-llamaindex.mjs", "ai-sdk7-llamaindex.verdicts.json", "@ai-sdk/llamaindex",
                                 directory=TS_LLAMAINDEX)
    caps = session.capabilities
    # A text-only adapter: no tools, reasoning or structured output; no finish reason, no usage.
    assert caps is not None and caps.output == "ui-message-stream@7" and caps.features == {"multimodal", "abort"}
    assert (caps.reports_finish_reason, caps.reports_usage, caps.max_retries) == (False, False, 0)
    assert _schema_refused(session) == []
    # The adapter's whole vocabulary: text-start, text-delta, text-end (id '1'); no start and no finish chunk (the
    # suite error the pin carries as pending).
    assert [e["type"] for e in _result(session, "text.basic.001[openai-chat]").events][::len(
        _result(session, "text.basic.001[openai-chat]").events) - 1] == ["text-start", "text-end"]
    assert {e["type"] for r in session.results for e in r.events} == {"text-start", "text-delta", "text-end"}
    # The engine's history reaches the model as Chat Completions messages: the image as image_url, the PDF as a
    # file part; the OpenAI LLM's own defaults (temperature 0.1, top_p 1) go with it.
    sent = _sent(session, "text.multimodal.001[openai-chat]")
    assert [p["type"] for p in sent["messages"][0]["content"]] == ["text", "image_url", "file"]
    assert (sent["temperature"], sent["top_p"]) == (0.1, 1)
    # D-error-cuts-stream: a refused call answers 200 with text-start, then the body errors (no error chunk).
    refused = _result(session, "http.500.001[openai-chat]")
    assert [e["type"] for e in refused.events] == ["text-start"]
    assert any(f.message.startswith("the adapter raised instead of emitting an error event") for f in refused.findings)
    # D-trim-start: an answer of whitespace only reaches the client as empty deltas.
    assert [e["delta"] for e in _result(session, "text.whitespace-only.001[openai-chat]").events
            if e["type"] == "text-delta"] == ["", "", ""]
    # D-abort-held: after the client's disconnect the model's request is never aborted, nor ended.
    record = next(r for r in session.records or [] if r.case_id == "abort.mid-text.001[openai-chat]")
    assert [(c.aborted, c.ended_at) for c in record.upstream] == [(False, None)]


def test_openai_agents_aisdk_groq_gets_its_committed_verdicts() -> None:
    """The same run and ai-sdk-ui bridge on an AI SDK Groq model: `aisdk(groq(modelId))` of
    `@openai/agents-extensions/ai-sdk` around `@ai-sdk/groq` 4's chat model, over `POST /v1/chat/completions`
    (docs/findings-openai-agents-aisdk-groq.md)."""
    session, _expected = _graded("openai-agents-aisdk-groq.mjs", "openai-agents-aisdk-groq.verdicts.json",
                                 "@ai-sdk/groq")
    caps = session.capabilities
    # The server @ai-sdk/groq is written for; no PDF input (the provider refuses every non-image file part).
    assert caps is not None and caps.output == "ui-message-stream" and caps.client_tools is False
    assert caps.server == "groq" and "multimodal" not in caps.features and "reasoning" in caps.features
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    assert _schema_refused(session) == []
    # Strict: @ai-sdk/groq's default. Groq's delta.reasoning is its reasoning.
    _agents_aisdk_on_chat(session, strict=True)
    # D-finish-always-stop: Groq's 'length' and 'content_filter' reach the reader as 'stop'.
    assert _finish_types(session, "finish.length.001[openai-chat]") == ["stop"]
    assert _finish_types(session, "finish.content-filter.001[openai-chat]") == ["stop"]
    # D-no-error-chunk on Groq's in-stream error chunk: the provider hands on an `error` part (the ai-sdk7-groq pin
    # shows it as an error chunk), AiSdkModel throws it, and the UI stream is cut after the text with no error chunk.
    cut = _result(session, "error.groq-tool-use-failed.001[openai-chat]")
    assert [e["type"] for e in cut.events][-1] == "text-delta"
    assert any("Failed to call a function" in f.message for f in cut.findings)
    # Unlike @ai-sdk/mistral, @ai-sdk/groq guards choices[0]: the empty-choices chunk is skipped.
    assert _result(session, "quirks.azure-filter-chunk.001[openai-chat]").verdict == "PASS"


def test_voltagent_ui_xai_gets_its_committed_verdicts() -> None:
    """The same VoltAgent agent and route on `@ai-sdk/xai` 3.0.138's default (chat) model, over
    `POST /v1/chat/completions` (examples/ts-voltagent/voltagent-ui-xai.mjs, docs/findings-voltagent-xai.md). The
    provider runs its own nested `@ai-sdk/provider-utils` 4.0.56."""
    session, _expected = _graded("voltagent-ui-xai.mjs", "voltagent-ui-xai.verdicts.json", "@ai-sdk/xai",
                                 directory=TS_VOLTAGENT, nested={"@ai-sdk/provider-utils": "@ai-sdk/xai"})
    caps = session.capabilities
    # The server @ai-sdk/xai is written for; response_format is its chat model's one structured-output mechanism,
    # and a PDF part throws before any request (images only), so the agent's 'multimodal' is dropped for this model.
    assert caps is not None and caps.output == "ui-message-stream" and caps.server == "xai"
    assert caps.policies.error_text == "own" and "reasoning" in caps.features
    assert "multimodal" not in caps.features and caps.structured_modes == {"native"}
    assert _schema_refused(session) == []
    # The output schema reaches xAI as a strict json_schema response format.
    response_format = _sent(session, "structured.native.001[openai-chat]")["response_format"]
    assert response_format["type"] == "json_schema" and response_format["json_schema"]["strict"] is True
    # xAI's `delta.reasoning_content` reaches the UI as reasoning, through VoltAgent's toUIMessageStream.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # Other servers' habits are not played to an xAI client: OpenAI's refusal channel and in-band error frame, a late
    # call id, OpenRouter's error chunk and reasoning field, a call cut mid-arguments (xAI sends each call whole).
    assert [_result(session, f"{c}[openai-chat]").verdict for c in (
        "quirks.refusal.001", "quirks.tool-late-id.001", "error.openrouter-midstream.001", "error.openai-midstream.001",
        "reasoning.field-reasoning.001", "fault.disconnect.002")] == ["NOT-EXPRESSIBLE"] * 6
    # D-tool-error-as-output is VoltAgent's, on every model: a throwing tool is sent as a successful output.
    failed = [e for e in _result(session, "loop.tool-error.001[openai-chat]").events
              if e["type"].startswith("tool-output")]
    assert [e["type"] for e in failed] == ["tool-output-available"] and failed[0]["output"]["error"] is True
    # D-text-tool-result, VoltAgent's too: the text result reaches xAI as its own envelope's JSON text.
    tool_messages = [m for m in _sent(session, "request.tool-history.001[openai-chat]")["messages"]
                     if m["role"] == "tool"]
    assert json.loads(tool_messages[-1]["content"]) == {"type": "text", "value": "14:05"}
    # D-silent-truncation (the provider's): a stream cut before its finish_reason finishes 'other', no error chunk.
    types = [e["type"] for e in _result(session, "finish.missing.001[openai-chat]").events]
    assert "error" not in types and types[-3:] == ["text-end", "finish-step", "finish"]
    assert _finish_types(session, "finish.missing.001[openai-chat]") == ["other"]
    # D-reasoning-after-close (the provider's): reasoning resumed after the call goes to the ended part, a bare
    # reasoning-delta that ai 6 follows with an error chunk, in a run the model finished ('stop').
    types = [e["type"] for e in _result(session, "reasoning.interleaved.001[openai-chat]").events]
    end = types.index("reasoning-end")
    assert "reasoning-start" not in types[end:] and types[end:].count("reasoning-delta") == 1
    assert types[types.index("reasoning-delta", end) + 1] == "error"
    assert _finish_types(session, "reasoning.interleaved.001[openai-chat]") == ["stop"]
    # Azure's filter chunk passes the provider's chunk schema (it has no `object` member) and, with no choice, is
    # skipped (unlike @ai-sdk/deepseek 2.0.69's D-azure-filter-chunk).
    assert _result(session, "quirks.azure-filter-chunk.001[openai-chat]").verdict == "PASS"
    # A model call refused before any output: VoltAgent's streamText rejects; the documented route answers 500.
    assert _result(session, "http.500.001[openai-chat]").events == []


def test_openai_agents_aisdk_xai_gets_its_committed_verdicts() -> None:
    """The same run and ai-sdk-ui bridge on an AI SDK xAI model: `aisdk(xai(modelId))` of
    `@openai/agents-extensions/ai-sdk` around `@ai-sdk/xai` 5's default model, its Responses model, over
    `POST /v1/responses` (docs/findings-openai-agents-aisdk-xai.md)."""
    session, _expected = _graded("openai-agents-aisdk-xai.mjs", "openai-agents-aisdk-xai.verdicts.json",
                                 "@ai-sdk/xai", "openai-responses")
    caps = session.capabilities
    # The server @ai-sdk/xai is written for; no PDF input (the provider refuses a non-image file given as data).
    assert caps is not None and caps.output == "ui-message-stream" and caps.client_tools is False
    assert caps.server == "xai" and "multimodal" not in caps.features and "reasoning" in caps.features
    assert _result(session, "text.multimodal.001[openai-responses]").verdict == "UNSUPPORTED"
    assert _schema_refused(session) == []
    # xai(modelId) is the Responses model: every model call went to the mock's Responses route.
    record = next(r for r in session.records or [] if r.case_id == "loop.server-tool.001[openai-responses]")
    assert [c.turn for c in record.upstream] == [1, 2] and "input" in record.upstream[0].request
    # A server tool round runs through AiSdkModel and its result is sent.
    served = [e["type"] for e in _result(session, "loop.server-tool.001[openai-responses]").events]
    assert "tool-output-available" in served and served[-1] == "finish"
    # The outputType reaches xAI as the Responses text.format json_schema, strict (@ai-sdk/xai's only choice).
    text_format = _sent(session, "structured.native.001[openai-responses]")["text"]["format"]
    assert text_format["type"] == "json_schema" and text_format["strict"] is True
    # D-reasoning-after-the-answer: the reasoning xAI streamed before its text is shown after it, past finish-step.
    assert _reasoning(session, "reasoning.basic.001[openai-responses]") == PRIME_REASONING
    types = [e["type"] for e in _result(session, "reasoning.basic.001[openai-responses]").events]
    assert types.index("finish-step") < types.index("reasoning-start")
    # D-finish-always-stop: response.incomplete's max_output_tokens and content_filter reach the reader as 'stop'.
    assert _finish_types(session, "finish.length.001[openai-responses]") == ["stop"]
    assert _finish_types(session, "finish.content-filter.001[openai-responses]") == ["stop"]
    # D-no-error-chunk on xAI's `error` event: the provider hands on an `error` part (the ai-sdk7-xai pin shows it as
    # an error chunk), AiSdkModel throws it, and the UI stream is cut after the text with no error chunk.
    cut = _result(session, "error.continue.001[openai-responses]")
    assert [e["type"] for e in cut.events][-1] == "text-delta"
    assert any("citation lookup failed" in f.message for f in cut.findings)
    # The provider's cut-stream finish 'other' (the ai-sdk7-xai pin's D-cut-finish-other) does not reach the reader:
    # AiSdkModel reads only the finish part's usage and the module finishes 'stop' (missing_finish 'stop', SHOULD).
    assert _finish_types(session, "finish.missing.001[openai-responses]") == ["stop"]


def test_openai_agents_aisdk_deepseek_gets_its_committed_verdicts() -> None:
    """The same run and ai-sdk-ui bridge on an AI SDK DeepSeek model: `aisdk(deepseek(modelId))` of
    `@openai/agents-extensions/ai-sdk` around `@ai-sdk/deepseek` 3's chat model, over `POST /v1/chat/completions`
    (docs/findings-openai-agents-aisdk-deepseek.md)."""
    session, _expected = _graded("openai-agents-aisdk-deepseek.mjs", "openai-agents-aisdk-deepseek.verdicts.json",
                                 "@ai-sdk/deepseek")
    caps = session.capabilities
    # The server @ai-sdk/deepseek is written for; no PDF input (the provider drops every non-image file part); the
    # schema goes into a system message beside json_object (createDeepSeek never sets supportsStructuredOutputs).
    assert caps is not None and caps.output == "ui-message-stream" and caps.client_tools is False
    assert caps.server == "deepseek" and "multimodal" not in caps.features and "reasoning" in caps.features
    assert caps.structured_modes == {"instruction"}
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    assert _schema_refused(session) == []
    # What _agents_aisdk_on_chat checks on the json_schema siblings, on DeepSeek's instruction route: a server tool
    # round runs through AiSdkModel; the outputType reaches DeepSeek as json_object with the schema in a system
    # message; DeepSeek's delta.reasoning_content is the reasoning, shown after the text.
    served = [e["type"] for e in _result(session, "loop.server-tool.001[openai-chat]").events]
    assert "tool-output-available" in served and served[-1] == "finish"
    sent = _sent(session, "structured.instruction.001[openai-chat]")
    assert sent["response_format"] == {"type": "json_object"}
    assert any(m["role"] == "system" and m["content"].startswith("Return JSON that conforms to the following schema")
               for m in sent["messages"])
    # No structured case is graded: the kit has no instruction mode for a UI message stream (row structured.instruction)
    # and the native one is not declared (the ai-sdk7-deepseek and voltagent-ui-deepseek pins' outcome too).
    structured = ("structured.instruction.001", "structured.native.001")
    assert [_result(session, f"{c}[openai-chat]").verdict for c in structured] == ["NOT-EXPRESSIBLE", "UNSUPPORTED"]
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    types = [e["type"] for e in _result(session, "reasoning.basic.001[openai-chat]").events]
    assert types.index("text-end") < types.index("reasoning-start")
    # D-finish-always-stop: DeepSeek's 'length' and 'content_filter' reach the reader as 'stop'.
    assert _finish_types(session, "finish.length.001[openai-chat]") == ["stop"]
    assert _finish_types(session, "finish.content-filter.001[openai-chat]") == ["stop"]
    # D-no-error-chunk on an in-stream error chunk: the provider hands on an `error` part (the ai-sdk7-deepseek pin
    # shows it as an error chunk), AiSdkModel throws it, and the UI stream is cut after the text with no error chunk.
    cut = _result(session, "error.continue.001[openai-chat]")
    assert [e["type"] for e in cut.events][-1] == "text-delta" and cut.verdict == "FAIL"
    # D-empty-answer-rerun: the reasoning-only answer is asked again with its reasoning sent back as
    # `reasoning_content` beside an empty content (the provider's assistant message).
    record = next(r for r in session.records or [] if r.case_id == "reasoning.only.001[openai-chat]")
    assert [c.turn for c in record.upstream] == [1, 2]
    assert record.upstream[1].request["messages"][-1] == {
        "role": "assistant", "content": "", "reasoning_content": "The user asked me to think. Nothing else to say."}
    # D-azure-filter-chunk (the provider's chunk schema): Azure's filter chunk is an error part, which ends the run.
    assert "Type validation failed" in _result(session, "quirks.azure-filter-chunk.001[openai-chat]").reason
    # Other servers' habits are not played to a DeepSeek client.
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.refusal.001", "quirks.tool-late-id.001",
            "error.openrouter-midstream.001", "reasoning.field-reasoning.001")] == ["NOT-EXPRESSIBLE"] * 4


def _agents_aisdk_other_server(session: ConformanceSession, reasoning_field: str) -> None:
    """What the Agents SDK pins on an openai-compatible provider of a server without a flavour share."""
    # D-finish-always-stop: the 'length' finish reaches the reader as 'stop'.
    assert _finish_types(session, "finish.length.001[openai-chat]") == ["stop"]
    # D-no-error-chunk on a stream without its finish reason: the provider's flush hands on an `error` part,
    # AiSdkModel throws it, and the UI stream is cut after the text with no error chunk.
    cut = _result(session, "finish.missing.001[openai-chat]")
    assert [e["type"] for e in cut.events][-1] == "text-delta" and cut.verdict == "FAIL"
    assert any("ended without a finish reason" in f.message for f in cut.findings)
    # D-empty-answer-rerun: the reasoning-only answer is asked again with its reasoning sent back beside empty content.
    record = next(r for r in session.records or [] if r.case_id == "reasoning.only.001[openai-chat]")
    assert [c.turn for c in record.upstream] == [1, 2]
    assert record.upstream[1].request["messages"][-1] == {
        "role": "assistant", "content": "", reasoning_field: "The user asked me to think. Nothing else to say."}
    # Azure's filter chunk (no choice) is skipped by openai-compatible's `choice?.` guard.
    assert _result(session, "quirks.azure-filter-chunk.001[openai-chat]").verdict == "PASS"
    # No named server's habits are played to a client of a server without a flavour: in-stream error chunks, OpenAI's
    # refusal channel, a late call id, OpenRouter's reasoning field.
    assert [_result(session, f"{c}[openai-chat]").verdict for c in ("quirks.refusal.001", "quirks.tool-late-id.001",
            "error.continue.001", "error.openai-midstream.001", "reasoning.field-reasoning.001")] == [
        "NOT-EXPRESSIBLE"] * 5


def test_openai_agents_aisdk_cerebras_gets_its_committed_verdicts() -> None:
    """The same run and ai-sdk-ui bridge on an AI SDK Cerebras model: `aisdk(cerebras(modelId))` of
    `@openai/agents-extensions/ai-sdk` around `@ai-sdk/cerebras` 3's chat model (its own nested
    `@ai-sdk/openai-compatible` 3.0.59), over `POST /v1/chat/completions`
    (docs/findings-openai-agents-aisdk-cerebras.md)."""
    session, _expected = _graded("openai-agents-aisdk-cerebras.mjs", "openai-agents-aisdk-cerebras.verdicts.json",
                                 "@ai-sdk/cerebras", nested={"@ai-sdk/openai-compatible": "@ai-sdk/cerebras"})
    caps = session.capabilities
    # Cerebras's server ('cerebras'; 'other' until session 26, docs/adapters.md); no PDF input (the docs give none); the
    # provider's error part for a stream without its finish reason, which AiSdkModel throws (missing_finish 'error').
    assert caps is not None and caps.output == "ui-message-stream" and caps.client_tools is False
    assert caps.server == "cerebras" and "multimodal" not in caps.features and "reasoning" in caps.features
    assert caps.structured_modes == {"native"} and caps.policies.missing_finish == "error"
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    assert _schema_refused(session) == []
    # Strict: openai-compatible's default strictJsonSchema, as createCerebras sets supportsStructuredOutputs.
    _agents_aisdk_on_chat(session, strict=True)
    # D-empty-answer-rerun sends the reasoning back as Cerebras's `reasoning` (transformCerebrasRequestBody renames
    # openai-compatible's reasoning_content).
    _agents_aisdk_other_server(session, reasoning_field="reasoning")


def test_openai_agents_aisdk_togetherai_gets_its_committed_verdicts() -> None:
    """The same run and ai-sdk-ui bridge on an AI SDK Together AI model: `aisdk(togetherai(modelId))` of
    `@openai/agents-extensions/ai-sdk` around `@ai-sdk/togetherai` 3's chat model (its own nested
    `@ai-sdk/openai-compatible` 3.0.53), over `POST /v1/chat/completions`
    (docs/findings-openai-agents-aisdk-togetherai.md)."""
    session, _expected = _graded("openai-agents-aisdk-togetherai.mjs", "openai-agents-aisdk-togetherai.verdicts.json",
                                 "@ai-sdk/togetherai", nested={"@ai-sdk/openai-compatible": "@ai-sdk/togetherai"})
    caps = session.capabilities
    # A server the kit has no flavour for ('other'); no PDF input (the docs give none); the provider's error part for
    # a stream without its finish reason, which AiSdkModel throws (missing_finish 'error'), as on the cerebras pin.
    assert caps is not None and caps.output == "ui-message-stream" and caps.client_tools is False
    assert caps.server == "other" and "multimodal" not in caps.features and "reasoning" in caps.features
    assert caps.structured_modes == {"native"} and caps.policies.missing_finish == "error"
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    assert _schema_refused(session) == []
    # A server tool round runs through AiSdkModel; the reasoning is shown after the text.
    served = [e["type"] for e in _result(session, "loop.server-tool.001[openai-chat]").events]
    assert "tool-output-available" in served and served[-1] == "finish"
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    types = [e["type"] for e in _result(session, "reasoning.basic.001[openai-chat]").events]
    assert types.index("text-end") < types.index("reasoning-start")
    # D-schema-unsent (the provider's): for any model id but one the outputType goes out as json_object with the
    # schema nowhere, neither in response_format nor in a system message.
    sent = _sent(session, "structured.native.001[openai-chat]")
    assert sent["response_format"] == {"type": "json_object"}
    assert all(m["role"] != "system" for m in sent["messages"])
    _agents_aisdk_other_server(session, reasoning_field="reasoning_content")


def test_voltagent_ui_cerebras_gets_its_committed_verdicts() -> None:
    """The same VoltAgent agent and route on `@ai-sdk/cerebras` 2.0.82's chat model, over `POST /v1/chat/completions`
    (examples/ts-voltagent/voltagent-ui-cerebras.mjs, docs/findings-voltagent-cerebras.md). The provider runs its own
    nested `@ai-sdk/openai-compatible` 2.0.76 and `@ai-sdk/provider-utils` 4.0.52."""
    session, _expected = _graded("voltagent-ui-cerebras.mjs", "voltagent-ui-cerebras.verdicts.json", "@ai-sdk/cerebras",
                                 directory=TS_VOLTAGENT, nested={"@ai-sdk/provider-utils": "@ai-sdk/cerebras",
                                                                 "@ai-sdk/openai-compatible": "@ai-sdk/cerebras"})
    caps = session.capabilities
    # Cerebras's server ('cerebras'; 'other' until session 26, docs/adapters.md); response_format json_schema is the
    # provider's one structured-output mechanism, and its docs give no model image or PDF input, so 'multimodal' is
    # dropped.
    assert caps is not None and caps.output == "ui-message-stream" and caps.server == "cerebras"
    assert caps.policies.error_text == "own" and "reasoning" in caps.features
    assert "multimodal" not in caps.features and caps.structured_modes == {"native"}
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    assert _schema_refused(session) == []
    # The output schema reaches Cerebras as a strict json_schema response format.
    response_format = _sent(session, "structured.native.001[openai-chat]")["response_format"]
    assert response_format["type"] == "json_schema" and response_format["json_schema"]["strict"] is True
    # The default `delta.reasoning_content` reaches the UI as reasoning, through VoltAgent's toUIMessageStream.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # No named server's habits are played to a client of a server without a flavour: OpenAI's refusal channel and
    # in-band error frame, a late call id, OpenRouter's error chunk and reasoning field.
    assert [_result(session, f"{c}[openai-chat]").verdict for c in (
        "quirks.refusal.001", "quirks.tool-late-id.001", "error.openrouter-midstream.001", "error.openai-midstream.001",
        "reasoning.field-reasoning.001")] == ["NOT-EXPRESSIBLE"] * 5
    # The mock refuses an unscripted turn in OpenAI's error body, which Cerebras's client does not read: the run ends
    # in an error and the refusal's words are not graded (the ai-sdk7-cerebras first run's suite error, since fixed).
    assert _result(session, "loop.malformed.002[openai-chat]").verdict == "INFO"
    # D-tool-error-as-output is VoltAgent's, on every model: a throwing tool is sent as a successful output.
    failed = [e for e in _result(session, "loop.tool-error.001[openai-chat]").events
              if e["type"].startswith("tool-output")]
    assert [e["type"] for e in failed] == ["tool-output-available"] and failed[0]["output"]["error"] is True
    # D-text-tool-result, VoltAgent's too: the text result reaches Cerebras as its own envelope's JSON text.
    tool_messages = [m for m in _sent(session, "request.tool-history.001[openai-chat]")["messages"]
                     if m["role"] == "tool"]
    assert json.loads(tool_messages[-1]["content"]) == {"type": "text", "value": "14:05"}
    # D-reused-index (openai-compatible 2.0.76's per-index code): a second call on index 0 is appended to the first,
    # which is handed over with the arguments the model sent for the second; the second is lost.
    handed = [(e["toolName"], e["input"]) for e in _result(session, "quirks.tool-index-reused.002[openai-chat]").events
              if e["type"] == "tool-input-available"]
    assert handed == [("list_files", {"path": "world.py"})]
    # D-disconnect (ai 6's): the connection drops after output started and the UI stream is cut with no error chunk.
    cut = _result(session, "fault.disconnect.001[openai-chat]")
    assert "error" not in [e["type"] for e in cut.events] and cut.verdict == "FAIL"
    # A model call refused before any output: VoltAgent's streamText rejects; the documented route answers 500.
    assert _result(session, "http.500.001[openai-chat]").events == []


def _voltagent_other_server(session: ConformanceSession) -> None:
    """What the VoltAgent pins on a provider of a server without a flavour share: no named server's habits played,
    VoltAgent's own D-tool-error-as-output and D-text-tool-result, ai 6's D-disconnect, a refused first call."""
    # No named server's habits are played to a client of a server without a flavour: OpenAI's refusal channel and
    # in-band error frame, a late call id, OpenRouter's error chunk and reasoning field.
    assert [_result(session, f"{c}[openai-chat]").verdict for c in (
        "quirks.refusal.001", "quirks.tool-late-id.001", "error.openrouter-midstream.001", "error.openai-midstream.001",
        "reasoning.field-reasoning.001")] == ["NOT-EXPRESSIBLE"] * 5
    # D-tool-error-as-output is VoltAgent's, on every model: a throwing tool is sent as a successful output.
    failed = [e for e in _result(session, "loop.tool-error.001[openai-chat]").events
              if e["type"].startswith("tool-output")]
    assert [e["type"] for e in failed] == ["tool-output-available"] and failed[0]["output"]["error"] is True
    # D-text-tool-result, VoltAgent's too: the text result reaches the model as its own envelope's JSON text.
    tool_messages = [m for m in _sent(session, "request.tool-history.001[openai-chat]")["messages"]
                     if m["role"] == "tool"]
    assert json.loads(tool_messages[-1]["content"]) == {"type": "text", "value": "14:05"}
    # D-disconnect (ai 6's): the connection drops after output started and the UI stream is cut with no error chunk.
    cut = _result(session, "fault.disconnect.001[openai-chat]")
    assert "error" not in [e["type"] for e in cut.events] and cut.verdict == "FAIL"
    # A model call refused before any output: VoltAgent's streamText rejects; the documented route answers 500.
    assert _result(session, "http.500.001[openai-chat]").events == []


def test_voltagent_ui_togetherai_gets_its_committed_verdicts() -> None:
    """The same VoltAgent agent and route on `@ai-sdk/togetherai` 2.0.84's chat model, over
    `POST /v1/chat/completions` (examples/ts-voltagent/voltagent-ui-togetherai.mjs,
    docs/findings-voltagent-togetherai.md). The provider runs its own nested `@ai-sdk/openai-compatible` 2.0.78 and
    `@ai-sdk/provider-utils` 4.0.54."""
    session, _expected = _graded("voltagent-ui-togetherai.mjs", "voltagent-ui-togetherai.verdicts.json",
                                 "@ai-sdk/togetherai", directory=TS_VOLTAGENT,
                                 nested={"@ai-sdk/provider-utils": "@ai-sdk/togetherai",
                                         "@ai-sdk/openai-compatible": "@ai-sdk/togetherai"})
    caps = session.capabilities
    # A server without a flavour ('other', docs/adapters.md names @ai-sdk/togetherai); response_format json_schema is
    # the provider's one structured-output mechanism, and its docs give image input to 3 of 8 models and no PDF
    # input, so 'multimodal' is dropped.
    assert caps is not None and caps.output == "ui-message-stream" and caps.server == "other"
    assert caps.policies.error_text == "own" and "reasoning" in caps.features
    assert "multimodal" not in caps.features and caps.structured_modes == {"native"}
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    assert _schema_refused(session) == []
    # D-schema-unsent (the provider's): createTogetherAI 2.0.84 never turns structured outputs on, so the output
    # schema goes out as json_object with the schema nowhere, neither in response_format nor in a system message.
    sent = _sent(session, "structured.native.001[openai-chat]")
    assert sent["response_format"] == {"type": "json_object"}
    assert "properties" not in json.dumps(sent["messages"])
    # The default `delta.reasoning_content` reaches the UI as reasoning, through VoltAgent's toUIMessageStream.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # D-reused-index (openai-compatible 2.0.78's per-index code): a second call on index 0 is appended to the first,
    # which is handed over with the arguments the model sent for the second; the second is lost.
    handed = [(e["toolName"], e["input"]) for e in _result(session, "quirks.tool-index-reused.002[openai-chat]").events
              if e["type"] == "tool-input-available"]
    assert handed == [("list_files", {"path": "world.py"})]
    _voltagent_other_server(session)


def test_voltagent_ui_fireworks_gets_its_committed_verdicts() -> None:
    """The same VoltAgent agent and route on `@ai-sdk/fireworks` 2.0.90's chat model, over `POST /v1/chat/completions`
    (examples/ts-voltagent/voltagent-ui-fireworks.mjs, docs/findings-voltagent-fireworks.md). The provider runs its
    own nested `@ai-sdk/openai-compatible` 2.0.80 and `@ai-sdk/provider-utils` 4.0.56."""
    session, _expected = _graded("voltagent-ui-fireworks.mjs", "voltagent-ui-fireworks.verdicts.json",
                                 "@ai-sdk/fireworks", directory=TS_VOLTAGENT,
                                 nested={"@ai-sdk/provider-utils": "@ai-sdk/fireworks",
                                         "@ai-sdk/openai-compatible": "@ai-sdk/fireworks"})
    caps = session.capabilities
    # A server without a flavour ('other'); response_format json_schema is the provider's one structured-output
    # mechanism, and its docs give image input to 3 of 21 models and no PDF input, so 'multimodal' is dropped.
    assert caps is not None and caps.output == "ui-message-stream" and caps.server == "other"
    assert caps.policies.error_text == "own" and "reasoning" in caps.features
    assert "multimodal" not in caps.features and caps.structured_modes == {"native"}
    assert _result(session, "text.multimodal.001[openai-chat]").verdict == "UNSUPPORTED"
    assert _schema_refused(session) == []
    # createFireworks sets supportsStructuredOutputs: the output schema reaches Fireworks as a strict json_schema.
    response_format = _sent(session, "structured.native.001[openai-chat]")["response_format"]
    assert response_format["type"] == "json_schema" and response_format["json_schema"]["strict"] is True
    assert _result(session, "structured.native.001[openai-chat]").verdict == "PASS"
    # The default `delta.reasoning_content` reaches the UI as reasoning, through VoltAgent's toUIMessageStream.
    assert _reasoning(session, "reasoning.basic.001[openai-chat]") == PRIME_REASONING
    # D-reused-index (provider-utils 4.0.56's shared tracker, fed by openai-compatible 2.0.80): both calls are kept,
    # but the second's index-only argument deltas are ambiguous between them and dropped; it is handed over with {}.
    handed = [(e["toolName"], e["input"]) for e in _result(session, "quirks.tool-index-reused.002[openai-chat]").events
              if e["type"] == "tool-input-available"]
    assert handed == [("list_files", {}), ("file_write", {})]
    _voltagent_other_server(session)
