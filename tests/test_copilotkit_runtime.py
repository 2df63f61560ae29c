"""A real AG-UI producer over ``--adapter-cmd``: the CopilotKit runtime's built-in agent (examples/ts-copilotkit),
on OpenAI's Responses API, Anthropic's Messages API and the Gemini API.

The harness mounts ``@copilotkit/runtime`` 1.75.0 (``CopilotRuntime`` + ``createCopilotRuntimeHandler``, its v2
entry point) with a ``BuiltInAgent`` whose model is ``@ai-sdk/openai``'s default Responses model on the suite's
mock server, posts each case to the run endpoint in process and prints the AG-UI events of the SSE answer. Its
FAILs are results: each case's verdict, the rows it broke and the per-row counts must be the ones pinned in
``tests/data/copilotkit-runtime.verdicts.json`` (explained in docs/findings-copilotkit.md), and each FAIL there
carries its triage record (tests/test_triage.py). The Anthropic configuration (``copilotkit-runtime-anthropic.mjs``:
the same runtime, its ``BuiltInAgent`` on the ``@ai-sdk/anthropic`` the runtime resolves for ``anthropic/<model>``) is
pinned in ``tests/data/copilotkit-runtime-anthropic.verdicts.json``; the Gemini one (``copilotkit-runtime-google.mjs``:
the ``@ai-sdk/google`` it resolves for ``google/<model>``) in ``tests/data/copilotkit-runtime-google.verdicts.json``;
the one whose model is a LanguageModel instance of ``@ai-sdk/openai-compatible``
(``copilotkit-runtime-openai-compatible.mjs``: Chat Completions, a model no model string builds) in
``tests/data/copilotkit-runtime-openai-compatible.verdicts.json``; the one on an ``@ai-sdk/mistral`` 3.0.68 model
instance (``copilotkit-runtime-mistral.mjs``: Mistral's API, server flavour ``mistral``) in
``tests/data/copilotkit-runtime-mistral.verdicts.json``; the one on an ``@ai-sdk/groq`` 3.0.71 model instance
(``copilotkit-runtime-groq.mjs``: Groq's API, server flavour ``groq``) in
``tests/data/copilotkit-runtime-groq.verdicts.json``; the one on an ``@ai-sdk/deepseek`` 2.0.69 model instance
(``copilotkit-runtime-deepseek.mjs``: DeepSeek's API, server flavour ``deepseek``) in
``tests/data/copilotkit-runtime-deepseek.verdicts.json``; the one on an ``@ai-sdk/xai`` 3.0.99 model instance
(``copilotkit-runtime-xai.mjs``: its default chat model, xAI's Chat Completions API, server flavour ``xai``) in
``tests/data/copilotkit-runtime-xai.verdicts.json``; the one on an ``@ai-sdk/cerebras`` 2.0.82 model instance
(``copilotkit-runtime-cerebras.mjs``: Cerebras's Chat Completions API, server flavour ``cerebras``) in
``tests/data/copilotkit-runtime-cerebras.verdicts.json``; the one on an ``@ai-sdk/togetherai`` 2.0.84 model instance
(``copilotkit-runtime-togetherai.mjs``: its default chat model, Together's Chat Completions API, server flavour
``other``) in ``tests/data/copilotkit-runtime-togetherai.verdicts.json``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conformance.session import ConformanceSession
from conformance.targets.cmd import CmdTarget
from conformance.verdict import CaseResult
from tests.calibration import DATA, check_pins

# Slow set (tests/conftest.py): the CopilotKit runtime runs the corpus in Node.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "examples" / "ts-copilotkit"


def _skip_reason() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    if not (HARNESS / "node_modules" / "@copilotkit" / "runtime" / "package.json").exists():
        return "@copilotkit/runtime is not installed: run `npm ci --prefix examples/ts-copilotkit`"
    return None


def _result(session: ConformanceSession, case_id: str) -> CaseResult:
    return next(r for r in session.results if r.case_id == case_id)


def test_copilotkit_runtime_gets_its_committed_verdicts() -> None:
    why = _skip_reason()
    if why:
        pytest.skip(why)
    pins = json.loads((DATA / "copilotkit-runtime.verdicts.json").read_text(encoding="utf-8"))
    for package, version in pins["versions"].items():
        installed = json.loads((HARNESS / "node_modules" / package / "package.json").read_text())["version"]
        assert installed == version, f"{package}: the lockfile pins {version}"
    target = CmdTarget(f"node {HARNESS / 'copilotkit-runtime.mjs'}", start_timeout=30, case_timeout=10)
    try:
        session = ConformanceSession.from_factory(target, target.__name__, records=[])
        caps = session.capabilities
        assert caps is not None and (caps.inputs, caps.output) == (["openai-responses"], "ag-ui")
        for scenario, dialect in session.cases():
            session.run(scenario, dialect)
    finally:
        target.close()
    assert len(session.results) == len(session.scenarios)  # one openai-responses case per scenario
    assert target.starts == 1  # the harness never crashed or hung
    assert [r.case_id for r in session.results if r.verdict == "ERROR"] == []
    # BuiltInAgent sends its text as TEXT_MESSAGE_CHUNK; the runtime's runAgent expands it (@ag-ui/client's
    # transformChunks), so the client gets START/CONTENT/END and text.basic.001 passes the text rows.
    basic = _result(session, "text.basic.001[openai-responses]")
    assert [e["type"] for e in basic.events] == ["RUN_STARTED", "TEXT_MESSAGE_START", *["TEXT_MESSAGE_CONTENT"] * 3,
                                                 "TEXT_MESSAGE_END", "RUN_FINISHED"]
    assert not {f.row for f in basic.findings} & {"8.1.4", "8.1.5", "8.4.2"}
    # A server tool runs in BuiltInAgent's loop (defineTool + maxSteps) and its result reaches the client.
    served = [e["type"] for e in _result(session, "loop.server-tool.001[openai-responses]").events]
    assert "TOOL_CALL_RESULT" in served and served[-1] == "RUN_FINISHED"
    # D-error-text: the client's RUN_ERROR is the runner finalizer's, with the Observable's bare message.
    last = _result(session, "error.code.001[openai-responses]").events[-1]
    assert (last["type"], last["message"], last.get("code")) == ("RUN_ERROR", "AI SDK stream error",
                                                                 "INCOMPLETE_STREAM")
    # D-tool-error-dropped: a throwing server tool gets no TOOL_CALL_RESULT.
    failed = [e["type"] for e in _result(session, "loop.tool-error.001[openai-responses]").events]
    assert "TOOL_CALL_END" in failed and "TOOL_CALL_RESULT" not in failed
    check_pins("copilotkit-runtime", session)


def _graded(harness: str, pin: str, dialect: str) -> ConformanceSession:
    """Every case once through ``examples/ts-copilotkit/<harness>``, which consumes ``dialect`` only."""
    why = _skip_reason()
    if why:
        pytest.skip(why)
    pins = json.loads((DATA / f"{pin}.verdicts.json").read_text(encoding="utf-8"))
    for package, version in pins["versions"].items():
        installed = json.loads((HARNESS / "node_modules" / package / "package.json").read_text())["version"]
        assert installed == version, f"{package}: the lockfile pins {version}"
    target = CmdTarget(f"node {HARNESS / harness}", start_timeout=30, case_timeout=10)
    try:
        session = ConformanceSession.from_factory(target, target.__name__, records=[])
        caps = session.capabilities
        assert caps is not None and (caps.inputs, caps.output) == ([dialect], "ag-ui")
        for scenario, wire in session.cases():
            session.run(scenario, wire)
    finally:
        target.close()
    assert len(session.results) == len(session.scenarios)  # one case per scenario, on its one wire
    assert target.starts == 1  # the harness never crashed or hung
    assert [r.case_id for r in session.results if r.verdict == "ERROR"] == []
    return session


def test_copilotkit_runtime_on_anthropic_gets_its_committed_verdicts() -> None:
    session = _graded("copilotkit-runtime-anthropic.mjs", "copilotkit-runtime-anthropic", "anthropic")
    # The text reaches the client as START/CONTENT/END, and the usage as the provider read it: 0 cache reads (the
    # Messages API's count, which @ai-sdk/anthropic reads as 0 where the wire leaves it out).
    basic = _result(session, "text.basic.001[anthropic]")
    assert [e["type"] for e in basic.events] == ["RUN_STARTED", "TEXT_MESSAGE_START", *["TEXT_MESSAGE_CONTENT"] * 3,
                                                 "TEXT_MESSAGE_END", "RUN_FINISHED"]
    assert basic.events[-1]["usage"][0]["cachedInputTokens"] == 0 and basic.verdict != "FAIL"
    # BuiltInAgent offers its two state tools beside the caller's: request.tools still holds.
    assert "request.tools" not in {f.row for f in _result(session, "request.tools.001[anthropic]").findings}
    # D-open-call-finished: a call cut mid-arguments is left open at RUN_FINISHED; the client gets the verifier's error.
    last = _result(session, "finish.missing.004[anthropic]").events[-1]
    assert last["type"] == "RUN_ERROR" and "while tool calls are still active" in last["message"]
    # D-container-upload: @ai-sdk/anthropic 3.0.140's stream schema rejects the block; the run errors.
    upload = _result(session, "parts.container-upload.001[anthropic]").events
    assert upload[-1]["type"] == "RUN_ERROR" and "container_upload" in upload[-1]["message"]
    check_pins("copilotkit-runtime-anthropic", session)


def test_copilotkit_runtime_on_gemini_gets_its_committed_verdicts() -> None:
    session = _graded("copilotkit-runtime-google.mjs", "copilotkit-runtime-google", "gemini")
    # The text reaches the client as START/CONTENT/END, and the usage as the provider read it: 0 cache reads and 0
    # thought tokens (counts the Gemini API leaves out at 0, which @ai-sdk/google reads as 0).
    basic = _result(session, "text.basic.001[gemini]")
    assert [e["type"] for e in basic.events] == ["RUN_STARTED", "TEXT_MESSAGE_START", *["TEXT_MESSAGE_CONTENT"] * 3,
                                                 "TEXT_MESSAGE_END", "RUN_FINISHED"]
    usage = basic.events[-1]["usage"][0]
    assert (usage["cachedInputTokens"], usage["reasoningTokens"]) == (0, 0) and basic.verdict != "FAIL"
    # D-lost-before-error: the text before an in-band error is gone; the error keeps the upstream's message (an
    # APICallError from @ai-sdk/google, so D-error-text does not show on this wire).
    failed = _result(session, "error.code.001[gemini]").events
    assert "TEXT_MESSAGE_CONTENT" not in {e["type"] for e in failed}
    assert (failed[-1]["type"], failed[-1]["message"]) == ("RUN_ERROR", "Rate limit reached for tokens per minute")
    # D-malformed-call-finished: Gemini's MALFORMED_FUNCTION_CALL (ai's finishReason 'error') ends in RUN_FINISHED.
    last = _result(session, "finish.gemini-malformed-call.001[gemini]").events[-1]
    assert (last["type"], last.get("finishReason")) == ("RUN_FINISHED", "error")
    check_pins("copilotkit-runtime-google", session)


def test_copilotkit_runtime_on_an_openai_compatible_model_gets_its_committed_verdicts() -> None:
    session = _graded("copilotkit-runtime-openai-compatible.mjs", "copilotkit-runtime-openai-compatible", "openai-chat")
    # ai 6 runs the provider's LanguageModelV2 in its compatibility mode; the text reaches the client as
    # START/CONTENT/END, and the usage (asked for with includeUsage) as RUN_FINISHED.usage.
    basic = _result(session, "text.basic.001[openai-chat]")
    assert [e["type"] for e in basic.events] == ["RUN_STARTED", "TEXT_MESSAGE_START", *["TEXT_MESSAGE_CONTENT"] * 3,
                                                 "TEXT_MESSAGE_END", "RUN_FINISHED"]
    assert basic.events[-1]["usage"] and basic.verdict != "FAIL"
    # BuiltInAgent offers its two state tools beside the caller's: request.tools still holds on Chat Completions.
    assert "request.tools" not in {f.row for f in _result(session, "request.tools.001[openai-chat]").findings}
    # D-openrouter-error: 1.0.61's chunk schema strips OpenRouter's top-level error; finish_reason 'error' is 'other'.
    last = _result(session, "error.openrouter-midstream.001[openai-chat]").events[-1]
    assert (last["type"], last.get("finishReason")) == ("RUN_FINISHED", "other")
    # D-late-tool-name: the provider's tracker throws on a first delta without the call's name.
    late = _result(session, "quirks.tool-late-id.001[openai-chat]").events[-1]
    assert (late["type"], late["message"]) == ("RUN_ERROR", "Expected 'function.name' to be a string.")
    check_pins("copilotkit-runtime-openai-compatible", session)


def test_copilotkit_runtime_on_a_mistral_model_gets_its_committed_verdicts() -> None:
    session = _graded("copilotkit-runtime-mistral.mjs", "copilotkit-runtime-mistral", "openai-chat")
    assert session.capabilities is not None and session.capabilities.server == "mistral"
    # The text reaches the client as START/CONTENT/END, and the usage Mistral sends on its finish chunk unasked as
    # RUN_FINISHED.usage (no stream_options, unlike the OpenAI-compatible model).
    basic = _result(session, "text.basic.001[openai-chat]")
    assert [e["type"] for e in basic.events] == ["RUN_STARTED", "TEXT_MESSAGE_START", *["TEXT_MESSAGE_CONTENT"] * 3,
                                                 "TEXT_MESSAGE_END", "RUN_FINISHED"]
    assert basic.events[-1]["usage"] and basic.verdict != "FAIL"
    # Mistral's thinking chunks reach the client as REASONING_* events.
    thought = {e["type"] for e in _result(session, "reasoning.basic.001[openai-chat]").events}
    assert "REASONING_MESSAGE_CONTENT" in thought
    # D-zero-usage: @ai-sdk/mistral reports the wire's cached count 0 as undefined; RUN_FINISHED.usage leaves it out.
    late = _result(session, "usage.late.001[openai-chat]").events[-1]
    assert late["type"] == "RUN_FINISHED" and "cachedInputTokens" not in late["usage"][0]
    # D-empty-choices: a chunk without a choice throws in the provider; the run errors after the first text.
    empty = _result(session, "quirks.azure-filter-chunk.001[openai-chat]").events[-1]
    assert (empty["type"], empty["message"]) == ("RUN_ERROR", "Cannot read properties of undefined (reading 'delta')")
    check_pins("copilotkit-runtime-mistral", session)


def test_copilotkit_runtime_on_a_groq_model_gets_its_committed_verdicts() -> None:
    session = _graded("copilotkit-runtime-groq.mjs", "copilotkit-runtime-groq", "openai-chat")
    assert session.capabilities is not None and session.capabilities.server == "groq"
    # The text reaches the client as START/CONTENT/END, and the usage Groq sends in the last chunk's x_groq unasked as
    # RUN_FINISHED.usage (no stream_options, unlike the OpenAI-compatible model), a cached count of 0 kept as 0.
    basic = _result(session, "text.basic.001[openai-chat]")
    assert [e["type"] for e in basic.events] == ["RUN_STARTED", "TEXT_MESSAGE_START", *["TEXT_MESSAGE_CONTENT"] * 3,
                                                 "TEXT_MESSAGE_END", "RUN_FINISHED"]
    assert basic.events[-1]["usage"] and basic.verdict != "FAIL"
    late = _result(session, "usage.late.001[openai-chat]").events[-1]
    assert late["type"] == "RUN_FINISHED" and late["usage"][0]["cachedInputTokens"] == 0
    # Groq's delta.reasoning reaches the client as REASONING_* events; 3.0.71 ends its reasoning part at a tool call,
    # so the Mistral and OpenAI-compatible models' D-reasoning-after-close does not show.
    thought = {e["type"] for e in _result(session, "reasoning.basic.001[openai-chat]").events}
    assert "REASONING_MESSAGE_CONTENT" in thought
    assert _result(session, "reasoning.interleaved.001[openai-chat]").verdict != "FAIL"
    # D-error-text: Groq's error chunk is handed on as a plain object; the client gets the finalizer's bare message.
    last = _result(session, "error.code.001[openai-chat]").events[-1]
    assert (last["type"], last["message"]) == ("RUN_ERROR", "AI SDK stream error")
    # D-index-gap: the provider's flush throws on the hole in its call list; the run errors with both calls open.
    gap = _result(session, "quirks.tool-index-gap.001[openai-chat]").events
    assert (gap[-1]["type"], gap[-1]["message"]) == ("RUN_ERROR",
                                                     "Cannot read properties of undefined (reading 'hasFinished')")
    assert "TOOL_CALL_END" not in {e["type"] for e in gap}
    check_pins("copilotkit-runtime-groq", session)


def test_copilotkit_runtime_on_a_deepseek_model_gets_its_committed_verdicts() -> None:
    session = _graded("copilotkit-runtime-deepseek.mjs", "copilotkit-runtime-deepseek", "openai-chat")
    assert session.capabilities is not None and session.capabilities.server == "deepseek"
    # The text reaches the client as START/CONTENT/END, with the usage the provider asks for itself (include_usage).
    basic = _result(session, "text.basic.001[openai-chat]")
    assert [e["type"] for e in basic.events] == ["RUN_STARTED", "TEXT_MESSAGE_START", *["TEXT_MESSAGE_CONTENT"] * 3,
                                                 "TEXT_MESSAGE_END", "RUN_FINISHED"]
    # D-zero-filled-usage: no reasoning count on the wire, reasoningTokens 0 at RUN_FINISHED (8.3.v3 fails on it).
    assert basic.events[-1]["usage"][0]["reasoningTokens"] == 0 and basic.verdict == "FAIL"
    # DeepSeek's prompt_cache_hit_tokens (the deepseek flavour's usage since session 26) is the cache count it reads.
    nested = _result(session, "usage.nested.001[openai-chat]")
    assert nested.events[-1]["usage"][0]["cachedInputTokens"] == 900 and nested.verdict == "PASS-NONSTRICT"
    # DeepSeek's delta.reasoning_content reaches the client as REASONING_* events, with the wire's count.
    thought = _result(session, "reasoning.basic.001[openai-chat]").events
    assert "REASONING_MESSAGE_CONTENT" in {e["type"] for e in thought} and thought[-1]["usage"][0]["reasoningTokens"]
    # D-lost-before-error without D-error-text: the provider hands DeepSeek's error on as a string, which BuiltInAgent
    # keeps; the text before it is lost.
    failed = _result(session, "error.code.001[openai-chat]").events
    assert "TEXT_MESSAGE_CONTENT" not in {e["type"] for e in failed}
    assert (failed[-1]["type"], failed[-1]["message"]) == ("RUN_ERROR", "Rate limit reached for tokens per minute")
    # D-azure-filter-chunk: 2.0.69's chunk schema refuses Azure's filter chunk; the run errors.
    azure = _result(session, "quirks.azure-filter-chunk.001[openai-chat]").events[-1]
    assert azure["type"] == "RUN_ERROR" and azure["message"].startswith("Type validation failed")
    check_pins("copilotkit-runtime-deepseek", session)


def test_copilotkit_runtime_on_an_xai_model_gets_its_committed_verdicts() -> None:
    session = _graded("copilotkit-runtime-xai.mjs", "copilotkit-runtime-xai", "openai-chat")
    caps = session.capabilities
    assert caps is not None and caps.server == "xai" and caps.policies.missing_usage == "zeros"
    # @ai-sdk/xai 3.0.99's default model is the chat model: the text reaches the client as START/CONTENT/END.
    basic = _result(session, "text.basic.001[openai-chat]")
    assert [e["type"] for e in basic.events] == ["RUN_STARTED", "TEXT_MESSAGE_START", *["TEXT_MESSAGE_CONTENT"] * 3,
                                                 "TEXT_MESSAGE_END", "RUN_FINISHED"]
    # The provider reads an absent cache/reasoning count as 0, which xAI's server always sends (0 when nothing was
    # used): no FAIL since session 26, when the mock's `xai` flavour sends xAI's usage (the first run's suite error).
    assert basic.events[-1]["usage"][0]["reasoningTokens"] == 0 and basic.verdict != "FAIL"
    # No usage on the wire: every count 0, the declared 'zeros' policy (a SHOULD, not a MUST).
    assert _result(session, "usage.undefined.001[openai-chat]").verdict == "PASS-NONSTRICT"
    # D-reasoning-after-close: reasoning resumed after a tool call goes to the ended part; ai 6 throws, the run errors.
    last = _result(session, "reasoning.interleaved.001[openai-chat]").events[-1]
    assert last["type"] == "RUN_ERROR" and last["message"].startswith("reasoning part reasoning-")
    check_pins("copilotkit-runtime-xai", session)


def test_copilotkit_runtime_on_a_cerebras_model_gets_its_committed_verdicts() -> None:
    session = _graded("copilotkit-runtime-cerebras.mjs", "copilotkit-runtime-cerebras", "openai-chat")
    caps = session.capabilities
    assert caps is not None and caps.server == "cerebras" and caps.policies.missing_finish == "error"
    # The text reaches the client as START/CONTENT/END.
    basic = _result(session, "text.basic.001[openai-chat]")
    assert [e["type"] for e in basic.events] == ["RUN_STARTED", "TEXT_MESSAGE_START", *["TEXT_MESSAGE_CONTENT"] * 3,
                                                 "TEXT_MESSAGE_END", "RUN_FINISHED"]
    # @ai-sdk/cerebras 2.0.82 asks for no usage (no stream_options); Cerebras's server sends it unasked on the finish
    # chunk (the cerebras flavour since session 26; its first run's suite error), so RUN_FINISHED carries it.
    assert "usage" in basic.events[-1]
    # A stream with no finish reason: the provider fails the run on purpose (the declared missing_finish 'error').
    missing = _result(session, "finish.missing.001[openai-chat]")
    assert missing.events[-1]["message"] == "Response stream ended without a finish reason."
    assert missing.verdict != "FAIL"
    # D-reused-index (openai-compatible 2.0.76): file_write's arguments go to list_files.
    assert _result(session, "quirks.tool-index-reused.002[openai-chat]").verdict == "FAIL"
    check_pins("copilotkit-runtime-cerebras", session)


def test_copilotkit_runtime_on_a_togetherai_model_gets_its_committed_verdicts() -> None:
    session = _graded("copilotkit-runtime-togetherai.mjs", "copilotkit-runtime-togetherai", "openai-chat")
    caps = session.capabilities
    assert caps is not None and caps.server == "other" and caps.policies.missing_finish == "error"
    # @ai-sdk/togetherai 2.0.84's default model is the chat model, asking for the usage (includeUsage).
    basic = _result(session, "text.basic.001[openai-chat]")
    assert [e["type"] for e in basic.events] == ["RUN_STARTED", "TEXT_MESSAGE_START", *["TEXT_MESSAGE_CONTENT"] * 3,
                                                 "TEXT_MESSAGE_END", "RUN_FINISHED"]
    # D-zero-filled-usage: no cache or reasoning count on the wire, both 0 at RUN_FINISHED (8.3.v3 fails on them).
    usage = basic.events[-1]["usage"][0]
    assert (usage["cachedInputTokens"], usage["reasoningTokens"], basic.verdict) == (0, 0, "FAIL")
    # A reported cache count arrives (usage.nested.001 scripts one): only an absent count becomes 0.
    nested = _result(session, "usage.nested.001[openai-chat]")
    assert nested.events[-1]["usage"][0]["cachedInputTokens"] and nested.verdict != "FAIL"
    # A stream with no finish reason: the provider fails the run on purpose (the declared missing_finish 'error').
    missing = _result(session, "finish.missing.001[openai-chat]")
    assert missing.events[-1]["message"] == "Response stream ended without a finish reason."
    assert missing.verdict != "FAIL"
    check_pins("copilotkit-runtime-togetherai", session)
