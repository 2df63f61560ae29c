"""Valid inputs, proven: every scripted part stream type-checks against the published ``@ai-sdk/provider``.

One ``tsc --noEmit --strict`` run compiles every scenario x part dialect (v2/v3/v4 against
``@ai-sdk/provider``, mastra against ``@mastra/core``'s ``ChunkType``) as typed literals
(:mod:`conformance.type_oracle`). A scenario not marked ``contract`` must compile in every
dialect it renders to; a scenario marked ``contract`` must really break a published
type or the stated runtime contract, so the mark cannot rot. Skipped, with the reason, where
``node`` or ``tools/type-oracle/node_modules`` is missing (``npm ci --prefix tools/type-oracle``).
"""

from __future__ import annotations

import pytest

from conformance import type_oracle
from conformance.type_oracle import Diagnostic, Rendering, compile_renderings, renderings, runtime_breaches
from mock_provider.scenario import Scenario

needs_tsc = pytest.mark.skipif(type_oracle.unavailable() is not None, reason=str(type_oracle.unavailable()))


_RUN: dict[str, tuple[list[Rendering], list[Diagnostic]]] = {}


def _corpus_run(corpus: list[Scenario]) -> tuple[list[Rendering], list[Diagnostic]]:
    """One compiler run per session for the whole corpus."""
    if "corpus" not in _RUN:
        items = renderings(corpus)
        _RUN["corpus"] = (items, compile_renderings(items))
    return _RUN["corpus"]


@needs_tsc
def test_every_unmarked_scenario_type_checks_in_every_part_dialect(corpus: list[Scenario]) -> None:
    items, diagnostics = _corpus_run(corpus)
    marked = {s.id for s in corpus if s.contract is not None}
    wrong = [f"{d.scenario} [{d.dialect}] item {d.item}: {d.message}" for d in diagnostics if d.scenario not in marked]
    assert not wrong, "scenarios outside the published types but not marked contract:\n" + "\n".join(wrong)
    # Every diagnostic is located on a rendered item of a known scenario (the line map holds).
    assert all(d.scenario != "?" for d in diagnostics), diagnostics
    # Every typed dialect was compiled, for most of the corpus.
    for dialect in type_oracle.TYPED_DIALECTS:
        assert sum(r.dialect == dialect for r in items) >= 80, dialect


@needs_tsc
def test_every_marked_scenario_really_breaks_the_contract(corpus: list[Scenario]) -> None:
    _, diagnostics = _corpus_run(corpus)
    untyped = {d.scenario for d in diagnostics}
    rotten = [s.id for s in corpus
              if s.contract is not None and s.id not in untyped and not runtime_breaches(s)]
    assert not rotten, f"marked contract-breaking, yet they type-check and keep the runtime contract: {rotten}"


@needs_tsc
def test_the_compiler_rejects_what_the_published_types_forbid() -> None:
    # A V4 finish without usage, a type outside the union, a V2 `interrupted` reason: each
    # fails on its own item; the valid item next to them does not.
    items = [
        Rendering("x.ok.001", "v4", [{"type": "text-delta", "id": "0", "delta": "a"}]),
        Rendering("x.no-usage.001", "v4", [{"type": "text-start", "id": "0"},
                                           {"type": "finish", "finishReason": {"unified": "stop"}}]),
        Rendering("x.future.001", "v3", [{"type": "future-part"}]),
        Rendering("x.reason.001", "v2", [{"type": "finish", "finishReason": "interrupted", "usage": {}}]),
        Rendering("x.chunk.001", "mastra", [{"type": "text-delta", "runId": "r", "from": "AGENT",
                                             "payload": {"id": "0", "text": "a"}},
                                            {"type": "text-delta", "runId": "r", "from": "AGENT",
                                             "payload": {"id": "0"}}]),
    ]
    found = {(d.scenario, d.dialect, d.item) for d in compile_renderings(items)}
    assert found == {("x.no-usage.001", "v4", 1), ("x.future.001", "v3", 0), ("x.reason.001", "v2", 0),
                     ("x.chunk.001", "mastra", 1)}


def _scenario(script: list[dict[str, object]]) -> Scenario:
    return Scenario.model_validate({"id": "x.y.001", "title": "t", "rows": ["8.1.4"], "citations": [{"ref": "r"}],
                                    "request": {"messages": [{"role": "user", "content": "hi"}]},
                                    "script": script, "expected": {}})


FINISH = {"part": {"type": "finish", "finishReason": {"unified": "stop"}}}


@pytest.mark.parametrize(("script", "breach"), [
    ([{"part": {"type": "text-delta", "id": "t", "delta": "a"}}, FINISH], "text-delta for t, which is not open"),
    ([{"part": {"type": "tool-input-delta", "id": "c", "delta": "{"}}, FINISH], "tool-input-delta for c"),
    ([{"part": {"type": "text-start", "id": "t"}}, FINISH], "text block t is still open at finish"),
    ([{"part": {"type": "text-start", "id": "t"}}, {"part": {"type": "text-start", "id": "t"}}], "already open"),
    ([{"part": {"type": "ping"}}], "no finish part"),
    ([FINISH, {"part": {"type": "ping"}}], "after finish"),
    ([FINISH, FINISH], "2 finish parts"),
])
def test_runtime_breaches_name_the_broken_rule(script: list[dict[str, object]], breach: str) -> None:
    assert any(breach in b for b in runtime_breaches(_scenario(script))), runtime_breaches(_scenario(script))


def test_a_fault_or_an_error_part_may_end_the_stream_without_finish() -> None:
    assert runtime_breaches(_scenario([{"part": {"type": "text-start", "id": "t"}},
                                       {"fault": {"kind": "disconnect"}}])) == []
    # @ai-sdk/anthropic 3.0.138 sends `error` and no `finish` when the API reports an error mid-stream.
    assert runtime_breaches(_scenario([{"part": {"type": "error", "error": "overloaded"}}])) == []


def test_every_unmarked_scenario_keeps_the_runtime_contract(corpus: list[Scenario]) -> None:
    typed = {r.scenario for r in renderings(corpus, type_oracle.PROVIDER_DIALECTS)}
    broken = {s.id: runtime_breaches(s) for s in corpus if s.contract is None and s.id in typed}
    assert not {k: v for k, v in broken.items() if v}
