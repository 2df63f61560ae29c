"""Generated streams: valid by construction, passed by the references, failed by mutants with a reproducer.

The expected transcripts of generated streams come from the generator's choices; these tests
check that the generator only draws valid, expressible streams, that the three reference
adapters grade PASS on many of them, that a mutant's bug is found and shrunk to a scenario
file that works through the normal loader, and that the YAML round-trips.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from conformance.contract import AdapterContext
from conformance.properties import PROPERTIES, Counterexample, drop_blocks, search, shrink_search
from conformance.reference import agui, tanstack, tanstack_legacy
from conformance.reproducer import scenario_yaml
from conformance.runner import Factory, Settings, expressible, run_case
from conformance.strategies import generated_streams, mixed_streams
from mock_provider.parts import Error, Finish, ReasoningStart, ToolCall, ToolInputDelta, ToolInputEnd, ToolInputStart
from mock_provider.scenario import PART_DIALECTS, SCENARIO_ID, Scenario, fixtures_dir, load_corpus
from tests.mutants import ALL_MUTANTS
from tests.plugin_adapters import ADAPTERS

# Each reference runs every property in one dialect (1,000 streams each; see README
# "Generated streams" for the wall time); together they cover all four dialects' encoders
# through the corpus, and mastra here.
REFERENCE_RUNS = [("agui", agui, "v3"), ("tanstack", tanstack, "mastra"), ("tanstack_legacy", tanstack_legacy, "v2")]
# The AG-UI reference (the main job's adapter) gets 1,000 streams per property; the other two
# get 250, which keeps the whole CI run under its 10-minute budget (their 1,000-stream runs are
# measured in README "Generated streams"). CONFORMANCE_TEST_EXAMPLES overrides both.
EXAMPLES = int(os.environ.get("CONFORMANCE_TEST_EXAMPLES", "0")) or None
EXAMPLES_BY_REFERENCE = {"agui": 1000, "tanstack": 250, "tanstack_legacy": 250}
# Derandomized: CI explores the same streams every run (the search itself is what is tested).
FAST = settings(max_examples=150, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))
# Built once: building a validator per example cost more than the round trip itself.
SCHEMA = jsonschema.Draft202012Validator(json.loads((fixtures_dir() / "schemas" / "scenario.schema.json").read_text()))
MUTANTS = {m.name: m for m in ALL_MUTANTS}
BASES = {"agui": agui, "tanstack": tanstack, "tanstack-legacy": tanstack_legacy}


# ---------------------------------------------------------------- the generator draws valid streams
@FAST
@given(mixed_streams())
def test_generated_streams_are_valid_and_expressible_in_every_part_dialect(scenario: Scenario) -> None:
    assert SCENARIO_ID.match(scenario.id)
    for dialect in PART_DIALECTS:
        assert expressible(scenario, dialect) is None
    parts = scenario.parts()
    calls = [p for p in parts if isinstance(p, ToolCall)]
    assert len({c.tool_call_id for c in calls}) == len(calls), "a call id is reused"
    for call in calls:  # the fragments streamed for a call join to its complete input
        fragments = "".join(p.delta for p in parts if isinstance(p, ToolInputDelta) and p.id == call.tool_call_id)
        assert fragments == call.input
    expected = scenario.expected
    errors = [i for i, p in enumerate(parts) if isinstance(p, Error)]
    if errors:
        assert expected.terminal == "error" and expected.finish_reason is None and expected.usage is None
        completed_before = {p.tool_call_id for p in parts[: errors[0]] if isinstance(p, ToolCall)}
        assert {c.id for c in expected.tool_calls} == completed_before
    else:
        assert expected.terminal == "finished"
        assert (expected.finish_reason == "tool_calls") == bool(calls)
        if not any(isinstance(p, Finish) for p in parts):
            assert expected.usage is None
    for record in expected.tool_calls:
        assert json.loads(record.args_text or "") == record.args
    # Valid by construction, or marked: V4's finish always carries its usage object; a stream that neither
    # finishes nor fails, or a tool-input-end no tool-call completes, breaks the contract and says so.
    assert all(p.usage is not None for p in parts if isinstance(p, Finish))
    unfinished = not any(isinstance(p, Finish | Error) for p in parts)
    ended = {p.id for p in parts if isinstance(p, ToolInputEnd)} - {c.tool_call_id for c in calls}
    assert (scenario.contract is not None) == (unfinished or bool(ended))
    if unfinished:
        assert scenario.contract is not None and scenario.contract.covered_by == ["8.1.19"]


@FAST
@given(generated_streams("mixed", features={"tools"}))
def test_undeclared_features_are_never_drawn(scenario: Scenario) -> None:
    assert scenario.features() <= {"tools"}
    assert not any(isinstance(p, ReasoningStart) for p in scenario.parts())
    assert len([p for p in scenario.parts() if isinstance(p, ToolCall)]) <= 1


@settings(max_examples=60, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(generated_streams("mixed"))
def test_usage_differs_by_dialect_only_where_the_dialects_do(scenario: Scenario) -> None:
    finish = next((p for p in scenario.parts() if isinstance(p, Finish)), None)
    for dialect, override in scenario.expected_by_dialect.items():
        assert dialect in ("v2", "mastra") and set(override) == {"usage"}
        assert finish is not None and finish.usage is not None
        if "total_tokens" in override["usage"]:  # V2 carries the provider's own total
            assert dialect == "v2" and override["usage"]["total_tokens"] == (finish.usage.raw or {})["totalTokens"]
        if "cache_write_input_tokens" in override["usage"]:  # V2 has no cache-write count
            assert dialect == "v2" and override["usage"]["cache_write_input_tokens"] is None


# ---------------------------------------------------------------- the YAML round-trips
@FAST
@given(mixed_streams())
def test_reproducer_yaml_round_trips_through_the_loader_and_the_schema(scenario: Scenario) -> None:
    from mock_provider.scenario import parse_scenario_text

    text = scenario_yaml(scenario, header="found by a test")
    SCHEMA.validate(yaml.safe_load(text))
    assert parse_scenario_text(text).model_dump() == scenario.model_dump()


# YAML 1.1 line breaks (NEL, LS, PS) came back as spaces before they were double-quoted.
@pytest.mark.parametrize("text", ["\x85", "a\u2028b\u2029", "\ufeffx", " lead", "trail ", "\x00\x07", "\r\n",
                                  "😀", "e\u0301", "- x", "'q'", "null", "8.2", "\t"])
def test_reproducer_yaml_keeps_tricky_text_exactly(text: str) -> None:
    from conformance.strategies import build_scenario
    from mock_provider.parts import parse_part
    from mock_provider.scenario import parse_scenario_text

    scenario = build_scenario("text", [parse_part({"type": "text-delta", "id": "t", "delta": text})])
    assert parse_scenario_text(scenario_yaml(scenario)).expected.text == text


# ---------------------------------------------------------------- the references pass
@pytest.mark.slow
@pytest.mark.parametrize("prop", list(PROPERTIES))
@pytest.mark.parametrize(("name", "factory", "dialect"), REFERENCE_RUNS, ids=[r[0] for r in REFERENCE_RUNS])
def test_reference_passes_generated_streams(name: str, factory: object, dialect: str, prop: str) -> None:
    found = search(factory, prop, dialect, examples=EXAMPLES or EXAMPLES_BY_REFERENCE[name],
                   settings=Settings(timeout=5.0))
    assert found is None, f"{name} [{dialect}] {prop}: {found.result.describe() if found else ''}\n" + (
        found.yaml() if found else "")


# ---------------------------------------------------------------- mutants are found, with a working reproducer
# The interleaving mutant's search is the one test_the_shrunk_reproducer_is_small reads: one search for both,
# on one worker (their xdist group), not two of about 40 s each.
SHRUNK = ("agui.args-to-latest-call", "generated-tools", "v3")
MUTANT_RUNS = [
    (*SHRUNK, "8.1.10"),  # only interleaved calls show it
    ("agui.args-fragment-lost", "generated-tools", "v4", "8.1.10"),
    ("agui.tool-order-lost", "generated-tools", "mastra", "8.1.9"),
    ("agui.text-delta-lost", "generated-text", "v3", "8.1.4"),
    ("legacy.content-not-cumulative", "generated-text", "v2", "8.1.4"),
    ("agui.stop-misread", "generated-mixed", "v3", "8.2.stop"),
    ("agui.v3-total-missing", "generated-mixed", "v4", "8.3.v3"),
    ("tanstack.usage-zeroed", "generated-text", "mastra", "8.3.mastra"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("mutant", "prop", "dialect", "row"), [
    pytest.param(*r, id=r[0], marks=[pytest.mark.xdist_group("interleaving-search")] if r[:3] == SHRUNK else [])
    for r in MUTANT_RUNS])
def test_property_finds_the_mutant_and_its_reproducer_is_a_working_scenario(
    mutant: str, prop: str, dialect: str, row: str, tmp_path: Path
) -> None:
    m = MUTANTS[mutant]
    st = Settings(timeout=m.timeout)
    found = (_shrink_interleaving() if (mutant, prop, dialect) == SHRUNK
             else search(m.factory, prop, dialect, examples=300, settings=st, adapter_name=mutant))
    assert found is not None, f"{prop} did not find {mutant} ({m.rule}) in 300 streams"
    assert row in found.result.failed_rows()

    # Filed under the row that failed first, at the first differing event the header names.
    first = found.failing_finding()
    assert first is not None and first.level == "MUST" and found.filed().rows[0] == first.row
    assert f"Filed under row {first.row}" in found.header()
    if first.event_index is not None:
        assert f"first differing event: #{first.event_index} (" in found.header()
    path = found.write(tmp_path / "scenarios")
    assert path == tmp_path / "scenarios" / f"{found.scenario.id}.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Found by the ") and mutant in text.splitlines()[0]
    SCHEMA.validate(yaml.safe_load(text))
    [loaded] = load_corpus(tmp_path / "scenarios")  # the normal loader, as for fixtures/scenarios/
    assert loaded.id == found.scenario.id and loaded.id.startswith(f"generated.{PROPERTIES[prop]}.")

    again = run_case(m.factory, loaded, dialect, st)
    assert again.verdict == "FAIL" and row in again.failed_rows(), again.describe()
    for d in PART_DIALECTS:  # the reproducer is a valid case everywhere: the reference passes it
        ok = run_case(BASES[m.base], loaded, d, st)
        assert ok.verdict == "PASS", ok.describe()


@functools.lru_cache(maxsize=1)
def _shrink_interleaving() -> Counterexample | None:
    """The seeded v3 search of the generated tool streams against the interleaving mutant (once per process)."""
    mutant, prop, dialect = SHRUNK
    return search(MUTANTS[mutant].factory, prop, dialect, examples=300, settings=Settings(timeout=60.0),
                  adapter_name=mutant)


SHRINK_PROBE = """
import functools
import json
from tests.test_generated import _shrink_interleaving
found = _shrink_interleaving()
print(json.dumps(found and found.yaml()))
"""


@pytest.mark.slow
@pytest.mark.xdist_group("interleaving-search")
def test_the_shrunk_reproducer_is_small() -> None:
    """Shrinking is what makes a reproducer readable: what is left of the interleaving bug's stream
    is tool calls and the finish, each call one fragment of the empty object (the failure first
    found has text, arguments and many fragments).

    And the same seed gives the same reproducer whatever the process had imported: here (a pytest
    process with the test suite imported) as in a fresh interpreter. hypothesis mixes the literals of
    every imported local module into its draws; before the search went without them, one module
    more (the server's fast path) moved this reproducer from 2 calls to 3 and 23 parts, and the
    report module from 3 calls to 2 and 12 parts.

    Two calls, interleaved: the mutant gives each fragment to the call started last, so the bug
    shows only when a second call starts before the first call's fragment; one call, or calls one
    after the other, pass. hypothesis's shrinker alone stopped at four calls here (two finished one
    after the other, then the interleaved two): it seldom drops a member of a group of calls drawn
    together; the search's own pass that drops whole calls (drop_blocks) takes it to two.
    """
    import subprocess
    import sys

    found = _shrink_interleaving()
    assert found is not None and found.result.verdict == "FAIL"
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", SHRINK_PROBE], capture_output=True, text=True, timeout=600,
                         cwd=root, env={**os.environ, "PYTHONPATH": str(root)})
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.strip().splitlines()[-1]) == found.yaml()
    parts = found.scenario.parts()
    calls = [p for p in parts if isinstance(p, ToolCall)]
    assert len(calls) == 2 and all(c.input == "{}" for c in calls), found.yaml()
    # Nothing but the calls and the finish, each call start, one fragment, end, call.
    assert len(parts) == 4 * 2 + 1 and isinstance(parts[-1], Finish), found.yaml()
    for call in calls:
        own = [p for p in parts if getattr(p, "id", None) == call.tool_call_id]
        assert [type(p) for p in own] == [ToolInputStart, ToolInputDelta, ToolInputEnd], found.yaml()
    starts = [i for i, p in enumerate(parts) if isinstance(p, ToolInputStart)]
    first_fragment = min(i for i, p in enumerate(parts) if isinstance(p, ToolInputDelta))
    assert starts[1] < first_fragment, found.yaml()  # interleaved: both started before any fragment


def test_the_shrink_search_draws_without_the_literals_of_local_modules() -> None:
    """hypothesis (>= 6.131) mixes the literals of every imported local module into its draws; the
    search sees none of them, or one import more (the user's project, a new literal anywhere in the
    kit) moves the reproducer of the same seed."""
    from hypothesis.internal.conjecture import providers

    local = getattr(providers, "_get_local_constants", None)
    if local is None:
        pytest.skip("hypothesis before local constants")
    assert len(local()) > 0  # this test module is local: outside the search the pool is not empty
    seen: list[int] = []

    def counted(ctx: AdapterContext) -> object:
        seen.append(len(providers._get_local_constants()))
        return agui(ctx)

    assert shrink_search(counted, "generated-mixed", "v3", examples=5) is None  # the reference passes all
    assert len(seen) == 5 and set(seen) == {0}, seen



def _tools_stream(order: str) -> Scenario:
    """A tools stream of calls ``a``, ``b``, ... whose parts come in ``order`` (one letter per part: each call's
    start, fragment, end, call in turn), then a finish."""
    from conformance.strategies import build_scenario
    from mock_provider.parts import parse_part

    lanes: dict[str, list[dict[str, object]]] = {}
    for name in dict.fromkeys(order):
        lanes[name] = [{"type": "tool-input-start", "id": name, "toolName": "t"},
                       {"type": "tool-input-delta", "id": name, "delta": "{}"},
                       {"type": "tool-input-end", "id": name},
                       {"type": "tool-call", "toolCallId": name, "toolName": "t", "input": "{}"}]
    script = [parse_part(lanes[name].pop(0)) for name in order]
    finish = {"type": "finish", "finishReason": {"unified": "tool-calls"},
              "usage": {"inputTokens": {"total": 1}, "outputTokens": {"total": 1}}}
    return build_scenario("tools", [*script, parse_part(finish)])


def _interleaved(scenario: Scenario) -> bool:
    """Whether some call starts while another is still streaming its input."""
    open_calls: set[str] = set()
    for part in scenario.parts():
        if isinstance(part, ToolInputStart):
            if open_calls:
                return True
            open_calls.add(part.id)
        elif isinstance(part, ToolInputEnd):
            open_calls.discard(part.id)
    return False


def test_drop_blocks_drops_whole_calls_while_the_failure_persists() -> None:
    # a and b one after the other, then c and d interleaved: only c and d are needed.
    stream = _tools_stream("aaaabbbbcdcdcdcd")
    tried: list[Scenario] = []

    def fails(candidate: Scenario) -> bool:
        tried.append(candidate)
        return _interleaved(candidate)

    kept = drop_blocks(stream, "tools", fails)
    assert sorted({p.tool_call_id for p in kept.parts() if isinstance(p, ToolCall)}) == ["c", "d"]
    assert len(kept.parts()) == 2 * 4 + 1 and kept.id != stream.id
    # a, b dropped (2 runs), then c and d each tried and kept (2 runs): nothing else was run.
    assert len(tried) == 4
    # A tools stream keeps one call even when the failure needs none.
    assert [p.tool_call_id for p in drop_blocks(stream, "tools", lambda c: True).parts()
            if isinstance(p, ToolCall)] == ["d"]


def _raises(ctx: AdapterContext) -> object:
    raise RuntimeError("every stream fails")


@pytest.mark.parametrize(("adapter", "prop"), [(_raises, "generated-mixed"), (_raises, "generated-tools"),
                                               (MUTANTS["agui.no-run-started"].factory, "generated-mixed")],
                         ids=["raises-mixed", "raises-tools", "no-run-started-mixed"])
def test_shrinking_ends_once_its_budget_is_spent(monkeypatch: pytest.MonkeyPatch, adapter: Factory,
                                                 prop: str) -> None:
    """With a budget of N adapter runs, the search runs the adapter at most N times from its first failure on,
    and ends at its next call: hypothesis's shrinker, told "passes" for every stream after the budget, used
    to go on drawing streams with nothing left to run (360 calls for a budget of 0 against the mutant here,
    up to hypothesis's own five-minute limit on a larger stream).

    ``_raises`` fails every stream; the mutant every stream that keeps the provider's contract (the
    first it fails is not the first drawn, and larger)."""
    from conformance import properties

    runs, calls = [0], [0]

    def counted_adapter(ctx: AdapterContext) -> object:
        runs[0] += 1
        return adapter(ctx)

    original = properties.strategy

    def counted(name: str, features: object = None) -> object:
        def seen(scenario: Scenario) -> Scenario:
            calls[0] += 1  # one drawn stream, one call of the search's test function
            return scenario

        return original(name, features).map(seen)  # type: ignore[arg-type]

    monkeypatch.setattr(properties, "strategy", counted)
    first = None  # the runs it takes to meet the first failure (the budget counts from that one on)
    for budget in (0, 1, 7, 30):
        runs[0] = calls[0] = 0
        found = shrink_search(counted_adapter, prop, "v3", examples=50, shrink_runs=budget)
        assert found is not None and found.result.verdict in ("FAIL", "ERROR")
        first = runs[0] if first is None else first
        assert first <= 50
        assert runs[0] <= first - 1 + max(budget, 1), (budget, runs[0], first)
        # Each call of the test function runs the adapter, but the last, which ends the search.
        assert calls[0] <= runs[0] + 1, (budget, calls[0], runs[0])
        if budget and runs[0] == first - 1 + budget:
            assert f"budget of {budget} adapter runs" in found.header()
        # Ended early, and still the same answer for the same seed and budget.
        again = shrink_search(counted_adapter, prop, "v3", examples=50, shrink_runs=budget)
        assert again is not None and again.scenario.id == found.scenario.id


@pytest.mark.slow
def test_shrinking_runs_the_adapter_a_bounded_number_of_times() -> None:
    runs = [0]
    fails_every_case = MUTANTS["agui.no-run-started"].factory

    def counted(ctx: AdapterContext) -> object:
        runs[0] += 1
        return fails_every_case(ctx)

    # The runs it takes to find a failing stream at all (the drawn streams the mutant passes: a contract-breaking
    # one is graded on robustness only), counted with no shrinking budget; the budget bounds what comes after.
    assert search(counted, "generated-mixed", "v3", examples=50, shrink_runs=0) is not None
    found = runs[0]
    runs[0] = 0
    assert search(counted, "generated-mixed", "v3", examples=50, shrink_runs=5) is not None
    assert found <= runs[0] <= found + 5
    runs[0] = 0
    assert search(counted, "generated-mixed", "v3", examples=50) is not None
    assert runs[0] > found + 5  # without the cap, shrinking runs it more often: the cap is what bounded it


# ---------------------------------------------------------------- through the plugin


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(genadapters=ADAPTERS)
    pytester.syspathinsert()
    return pytester


@pytest.mark.slow
def test_plugin_fails_a_generated_case_and_saves_its_reproducer(project: pytest.Pytester) -> None:
    out = project.path / "repro"
    result = project.runpytest_inprocess("--adapter=genadapters:drops_first_delta", "-k", "generated-text-v3",
                                         "--conformance-examples=50", f"--reproducer-dir={out}")
    result.assert_outcomes(failed=1)
    [path] = list(out.glob("*.yaml"))
    result.stdout.fnmatch_lines([f"*reproducer saved to {path}*", "id: generated.text.*", "expected:*"])
    [loaded] = load_corpus(out)
    assert loaded.expected.text  # the bug needs text to show


def test_plugin_runs_one_generated_case_per_property_and_dialect(project: pytest.Pytester) -> None:
    result = project.runpytest_inprocess("--adapter=conformance.reference:agui", "-k", "generated",
                                         "--collect-only", "-q")
    ids = sorted(line.split("[", 1)[1].rstrip("]") for line in result.stdout.lines if "test_generated[" in line)
    assert ids == sorted(f"{p}-{d}" for p in PROPERTIES for d in PART_DIALECTS)


def test_plugin_skips_what_the_adapter_does_not_declare_and_honours_examples_zero(project: pytest.Pytester) -> None:
    skipped = project.runpytest_inprocess("--adapter=genadapters:no_tools", "-k", "generated-tools-v3", "-rs")
    skipped.assert_outcomes(skipped=1)
    skipped.stdout.fnmatch_lines(["*UNSUPPORTED: feature(s) not declared: tools*"])
    off = project.runpytest_inprocess("--adapter=conformance.reference:agui", "-k", "generated",
                                      "--conformance-examples=0", "-rs")
    off.assert_outcomes(skipped=1)
    off.stdout.fnmatch_lines(["*--conformance-examples 0*"])
    bad = project.runpytest_inprocess("--adapter=conformance.reference:agui", "--conformance-examples=lots")
    assert bad.ret == pytest.ExitCode.USAGE_ERROR
    bad_seed = project.runpytest_inprocess("--adapter=conformance.reference:agui", "--conformance-seed=x1")
    assert bad_seed.ret == pytest.ExitCode.USAGE_ERROR


def test_ini_names_are_the_documented_ones(project: pytest.Pytester) -> None:
    project.makeini("[pytest]\nconformance_examples = 0\nconformance_timeout = 5\n")
    result = project.runpytest_inprocess("--adapter=conformance.reference:agui", "-k", "generated", "-rs")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*--conformance-examples 0*"])
