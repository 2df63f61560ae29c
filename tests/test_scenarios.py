"""The scenario corpus: it loads, matches its published JSON Schema, covers the matrix, and
broken scenario files fail with a located error (file:line: field).

Regenerate the committed schema with (from the repository root):

    python -c "from mock_provider.scenario import schema_text; \\
        open('fixtures/schemas/scenario.schema.json','w').write(schema_text())"
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import jsonschema
import pytest
import yaml

from conformance.structured import STRUCTURED_TOOL_NAME
from mock_provider.parts import (
    Error,
    ReasoningDelta,
    ResponseMetadata,
    TextDelta,
    ToolCall,
    ToolInputDelta,
    ToolInputStart,
)
from mock_provider.scenario import (
    PART_DIALECTS,
    Scenario,
    ScenarioError,
    load_corpus,
    load_scenario,
    schema_text,
)
from mock_provider.servers import plays_legacy_reasoning

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "fixtures" / "scenarios"
SCHEMA = ROOT / "fixtures" / "schemas" / "scenario.schema.json"
MATRIX = ROOT / "fixtures" / "matrix.yaml"
BROKEN = Path(__file__).resolve().parent / "data" / "broken_scenarios"
REGENERATE = (
    'python -c "from mock_provider.scenario import schema_text; '
    "open('fixtures/schemas/scenario.schema.json','w').write(schema_text())\""
)

CORPUS: list[Scenario] = load_corpus(SCENARIOS)
CORPUS_IDS = [s.id for s in CORPUS]


def _matrix_row_ids() -> list[str]:
    data = yaml.safe_load(MATRIX.read_text(encoding="utf-8"))
    return [str(r["id"]) for r in data["rows"]]


# ---------------------------------------------------------------- the corpus loads
def test_corpus_loads_with_enough_scenarios() -> None:
    assert len(CORPUS) >= 60, f"only {len(CORPUS)} scenarios"
    files = sorted(SCENARIOS.rglob("*.yaml"))
    assert len(files) == len(CORPUS)


def test_ids_unique_and_match_file_names() -> None:
    dupes = [i for i, n in Counter(CORPUS_IDS).items() if n > 1]
    assert not dupes, f"duplicate ids: {dupes}"
    for s in CORPUS:
        path = Path(s.source or "")
        assert path.name == f"{s.id}.yaml", f"{path}: file name must be the id + .yaml"
        area = s.id.split(".")[0]
        assert path.parent.name == area, f"{path}: must live under scenarios/{area}/"


def test_default_corpus_is_the_checkout() -> None:
    # load_corpus() with no argument finds the same corpus (the source checkout's fixtures/).
    assert [s.id for s in load_corpus()] == CORPUS_IDS


# ---------------------------------------------------------------- JSON Schema
def test_committed_schema_is_current() -> None:
    assert SCHEMA.exists(), f"missing {SCHEMA}; generate it with: {REGENERATE}"
    assert SCHEMA.read_text(encoding="utf-8") == schema_text(), (
        f"{SCHEMA} is stale (the Scenario model changed); regenerate it with: {REGENERATE}"
    )


def _validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


@pytest.mark.parametrize("path", sorted(SCENARIOS.rglob("*.yaml")), ids=lambda p: p.stem)
def test_scenario_validates_against_json_schema(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    errors = sorted(_validator().iter_errors(data), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(
        f"{path}: {'.'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in errors
    )


def test_json_schema_rejects_what_the_loader_rejects() -> None:
    # The schema is not vacuous: a typo inside a part and a wrong deep type are refused.
    v = _validator()
    good = yaml.safe_load((SCENARIOS / "text" / "text.basic.001.yaml").read_text(encoding="utf-8"))
    typo = json.loads(json.dumps(good))
    typo["script"][3]["part"]["delt"] = typo["script"][3]["part"].pop("delta")
    assert list(v.iter_errors(typo))
    wrong = json.loads(json.dumps(good))
    wrong["script"][-1]["part"]["usage"]["inputTokens"]["total"] = "fourteen"
    assert list(v.iter_errors(wrong))
    assert not list(v.iter_errors(good))


# ---------------------------------------------------------------- matrix coverage
def test_every_part_row_is_exercised() -> None:
    rows = _matrix_row_ids()
    part_rows = [r for r in rows if r.startswith("8.1.")]
    assert "8.1.12a" in part_rows
    cited = {r for s in CORPUS for r in s.rows}
    missing = [r for r in part_rows if r not in cited]
    assert not missing, f"8.1 rows no scenario exercises: {missing}"


def test_finish_and_usage_rows_are_primary_somewhere() -> None:
    # Every 8.2 line (tripwire is not expressible: the canonical finish has no tripwire) and
    # every 8.3 line is exercised; the ones with a dedicated scenario are its primary row.
    rows = _matrix_row_ids()
    cited = {r for s in CORPUS for r in s.rows}
    primary = {s.rows[0] for s in CORPUS}
    for r in rows:
        if r.startswith("8.2.") and r != "8.2.tripwire":
            assert r in primary, f"no scenario is written for {r}"
        if r.startswith("8.3."):
            assert r in cited, f"no scenario exercises {r}"


def test_every_listed_row_exists() -> None:
    rows = set(_matrix_row_ids())
    unknown = sorted({(s.id, r) for s in CORPUS for r in s.rows if r not in rows})
    assert not unknown, f"scenarios list rows that are not in fixtures/matrix.yaml: {unknown}"


def test_citations_and_descriptions() -> None:
    for s in CORPUS:
        assert s.citations and all(c.ref.strip() for c in s.citations), s.id
        assert s.description.strip(), f"{s.id}: describe the stimulus and the correct behaviour"


# ---------------------------------------------------------------- corpus self-consistency
# Cross-checks between each scenario's script and its hand-written expected transcript.
# They catch typos; they do not define the expected values (those follow the published rules).


def _emitted_steps(s: Scenario) -> list:
    n = s.client.abort_after_step
    # An agent loop's turns follow one another in one run, up to a turn whose every attempt fails
    # (more failed attempts than ai's two retries: the run gives up there).
    later: list = []
    for turn in s.turns:
        if len(turn.failed_attempts) > 2:
            break
        later.extend(turn.script)
    if s.client.abort_during_tool is not None:
        later = []  # the caller aborts while turn 1's tool runs: no later turn is asked for
    return list(s.script if n is None else s.script[:n]) + (later if n is None else [])


def _before_first_failure(s: Scenario) -> list:
    out = []
    for step in _emitted_steps(s):
        if step.fault is not None and step.fault.kind != "split":
            break
        if isinstance(step.part, Error):
            break
        out.append(step)
    return out


def _fails_before_request(s: Scenario) -> bool:
    """A structured run that cannot even be sent (strict mode rejects the schema): no upstream text."""
    return bool(s.expected.structured and s.expected.structured.error and not s.expected.text)


def _structured_tool_ids(s: Scenario) -> set[str]:
    """Calls of the forced structured_output tool: the answer, not tool calls (structured.tool)."""
    if s.request.output_schema is None or s.request.structured_mode != "tool":
        return set()
    return {p.id if isinstance(p, ToolInputStart) else p.tool_call_id for p in s.parts()
            if isinstance(p, ToolInputStart | ToolCall) and p.tool_name == STRUCTURED_TOOL_NAME}


@pytest.mark.parametrize("s", CORPUS, ids=CORPUS_IDS)
def test_expected_text_is_the_upstream_text(s: Scenario) -> None:
    if _fails_before_request(s):
        return
    steps = _before_first_failure(s)
    structured = _structured_tool_ids(s)
    if structured:  # the forced tool's complete input streams as the text
        assert s.expected.text == "".join(st.part.input for st in steps
                                          if isinstance(st.part, ToolCall) and st.part.tool_call_id in structured)
        return
    text = "".join(st.part.delta for st in steps if isinstance(st.part, TextDelta))
    reasoning = "".join(st.part.delta for st in steps if isinstance(st.part, ReasoningDelta))
    assert s.expected.text == text
    assert s.expected.reasoning == reasoning


@pytest.mark.parametrize("s", CORPUS, ids=CORPUS_IDS)
def test_expected_tool_calls_are_consistent(s: Scenario) -> None:
    deltas: dict[str, str] = {}
    inputs: dict[str, str] = {}
    order: list[str] = []
    text_input: set[str] = set()
    structured = _structured_tool_ids(s)
    for st in _before_first_failure(s):
        p = st.part
        if isinstance(p, ToolInputStart | ToolInputDelta) and p.id in structured:
            continue
        if isinstance(p, ToolCall) and p.tool_call_id in structured:
            continue
        if isinstance(p, ToolInputStart):
            order.append(p.id)
            deltas[p.id] = ""
            if p.input_encoding == "text":
                text_input.add(p.id)
        elif isinstance(p, ToolInputDelta):
            deltas[p.id] += p.delta
        elif isinstance(p, ToolCall):
            if p.tool_call_id not in order:
                order.append(p.tool_call_id)
            inputs[p.tool_call_id] = p.input
            if deltas.get(p.tool_call_id):
                # Text deltas join to the raw string; the tool-call input is still JSON (@ai-sdk/provider
                # 3.0.19 tool-input-start.inputEncoding): the string, JSON-encoded.
                joined = deltas[p.tool_call_id]
                want = json.dumps(joined, ensure_ascii=False) if p.tool_call_id in text_input else joined
                assert want == p.input, f"{p.tool_call_id}: deltas do not join to the input"
    if s.expected.terminal != "finished":
        # An interrupted call is never exposed as complete.
        assert all(c.id in inputs for c in s.expected.tool_calls)
        return
    assert [c.id for c in s.expected.tool_calls] == order, "tool calls must be in first-appearance order"
    for c in s.expected.tool_calls:
        text = inputs.get(c.id, deltas.get(c.id))
        assert c.args_text == text
        if c.malformed:
            assert c.args is None
            with pytest.raises(ValueError):
                json.loads(c.args_text or "")
        elif c.args_text == "":
            assert c.args == {}
        else:
            assert json.loads(c.args_text) == c.args
    if s.dialects is not None and "mastra" not in s.dialects:
        return
    for c in s.expected_for("mastra").tool_calls:
        if c.args_text and not c.malformed:
            # compact JSON: what JSON.stringify gives back after a parse (Mastra re-serialises args)
            assert json.dumps(c.args, separators=(",", ":"), ensure_ascii=False) == c.args_text


@pytest.mark.parametrize("s", CORPUS, ids=CORPUS_IDS)
def test_expected_model_and_terminal(s: Scenario) -> None:
    model_ids = [p.model_id for p in s.parts() if isinstance(p, ResponseMetadata) and p.model_id]
    if s.expected.terminal != "aborted":
        assert s.expected.model == (model_ids[0] if model_ids else None)
    if s.client.aborts:
        assert s.expected.terminal == "aborted"
        assert s.expected.finish_reason is None and s.expected.usage is None
    if s.expected.terminal == "error":
        assert s.expected.finish_reason is None and s.expected.usage is None
    for dialect in s.expected_by_dialect:
        s.expected_for(dialect)  # every override gives a valid transcript
    legacy_event = plays_legacy_reasoning(s)
    if s.dialects is not None and not s.rows[0].startswith(("request.", "structured.")) \
            and not {"custom_tools", "audio_output"} & s.features() and not legacy_event:
        # Only a check of the HTTP request form itself may be HTTP-only; and custom tools (free-text input),
        # whose AG-UI and TanStack readings the kit has not written, and spoken answers (Chat delta.audio):
        # played where an adapter claims them, on the wire that carries them; and an event form only one wire
        # ever had (Responses' older raw reasoning events), whose reasoning the part dialects already play.
        assert set(s.dialects) & set(PART_DIALECTS), s.dialects


# ---------------------------------------------------------------- broken files
# (file, line, field path, a fragment of the message) read off each file in tests/data/broken_scenarios.
BROKEN_CASES = [
    ("bad_yaml_syntax.yaml", 3, "", "not valid YAML"),
    ("unknown_field_in_part.yaml", 16, "script.2.part.providerMetdata", "unknown field"),
    ("missing_required_field.yaml", 16, "script.3.part.toolName", "Field required"),
    ("wrong_type_deep.yaml", 23, "script.4.part.usage.inputTokens.total", "valid integer"),
    ("two_kinds_in_step.yaml", 13, "script.2", "a step holds one of part, raw_part, fault"),
    ("unknown_part_type.yaml", 12, "script.1.part", "text-delt"),
    ("bad_finish_reason.yaml", 15, "script.1.part.finishReason.unified", "tool-calls"),
    ("bad_expected_field.yaml", 17, "expected.tool_calls.0.arguments", "unknown field"),
]


@pytest.mark.parametrize(
    ("name", "line", "field", "fragment"), BROKEN_CASES, ids=[c[0] for c in BROKEN_CASES]
)
def test_broken_scenario_is_located(name: str, line: int, field: str, fragment: str) -> None:
    path = BROKEN / name
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    err = info.value
    assert (err.path, err.line, err.field) == (str(path), line, field)
    text = str(err)
    assert text.startswith(f"{path}:{line}: ")
    if field:
        assert f": {field}: " in text
    assert fragment in text


def test_bad_id_is_reported() -> None:
    path = BROKEN / "bad_id_format.yaml"
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert str(info.value).startswith(f"{path}:")
    assert "Text_Basic-1" in str(info.value) and "dotted lowercase" in str(info.value)


def test_bad_id_names_the_field_and_line() -> None:
    path = BROKEN / "bad_id_format.yaml"
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert (info.value.line, info.value.field) == (4, "id")


def test_broken_files_are_all_checked() -> None:
    on_disk = {p.name for p in BROKEN.glob("*.yaml")}
    checked = {c[0] for c in BROKEN_CASES} | {"bad_id_format.yaml"}
    assert on_disk == checked
    assert len(on_disk) >= 6
    # Each broken file says where it is broken; keep the comment and the table in step.
    for name, line, _field, _fragment in BROKEN_CASES:
        first = (BROKEN / name).read_text(encoding="utf-8").splitlines()[0]
        assert re.search(rf"\b{line}\b", first), f"{name}: first-line comment should name line {line}"


def test_expected_suspended_names_the_scripts_suspended_calls() -> None:
    """``expected.suspended`` lists exactly the calls a tool-call-suspended part suspends (and nothing else)."""
    from mock_provider.parts import ToolSuspended
    from mock_provider.scenario import load_corpus

    for s in load_corpus():
        parts = [step.part for turn in [s.script, *(t.script for t in s.turns)] for step in turn]
        suspended = [p.tool_call_id for p in parts if isinstance(p, ToolSuspended)]
        assert s.expected.suspended == suspended, s.id


def test_a_later_turns_parts_need_their_features_too() -> None:
    # An agent loop's second model call can reason or ask for approval when its first does not; an adapter
    # that declares neither must get those scenarios UNSUPPORTED, not graded on what it never claimed.
    corpus = {s.id: s for s in load_corpus()}
    assert all(p.type != "reasoning-start" for p in corpus["loop.reasoning.001"].parts())  # turn 1 does not reason
    assert "reasoning" in corpus["loop.reasoning.001"].features()
    assert "approval" in corpus["loop.approval.001"].features()
    # One call per model call is not a parallel call, however many turns the loop has.
    three = corpus["loop.three-turns.001"]
    assert three.turn_count() == 3 and "parallel_tools" not in three.features()


def test_a_request_that_offers_client_tools_needs_the_tools_feature() -> None:
    # Offering a client tool is a tools request whether or not the scripted model calls one: an adapter that
    # declares no tools (a provider that sends none, such as @ai-sdk/perplexity 4) must get those scenarios
    # UNSUPPORTED, not graded on input it never claimed to take.
    corpus = {s.id: s for s in load_corpus()}
    for case in ("request.tool-history.001", "finish.tool-calls-none.001", "finish.gemini-malformed-call.001"):
        assert not any(p.type.startswith("tool-") for p in corpus[case].parts()), case  # the model calls nothing
        assert "tools" in corpus[case].features(), case
    # A server tool alone is the agent loop's feature, not a client tool: no 'tools' from it.
    server_only = Scenario.model_validate({"id": "a.b", "title": "t", "rows": ["8.1.4"], "citations": [{"ref": "r"}],
        "request": {"messages": [{"role": "user", "content": "hi"}], "tools": [
            {"name": "lookup", "server": True}]},
        "script": [{"part": {"type": "text-delta", "id": "0", "delta": "Hi"}}], "expected": {"text": "Hi"}})
    assert server_only.features() == {"server_tools"}
    assert "tools" not in corpus["text.basic.001"].features()
