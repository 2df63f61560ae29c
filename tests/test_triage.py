"""Every FAIL or ERROR pinned for a real adapter carries a triage record (tests/data/*.verdicts.json).

A gate that cries wolf gets switched off, so a pinned FAIL must be a real defect of the adapter:
``{"kind": "defect", "adapter_source": "<package>@<version> <path>:<line>", "reproducer": "node|python
<file>", "summary": ...}``, where the file and line exist in the pinned package as installed and the
reproducer is a file in this repository that shows the defect without the suite. A suite error is
fixed, not pinned. ``pending`` (a fix in flight elsewhere, with its reason) is accepted only for the
cases listed in ``PENDING``: delete an entry when the fix lands and the case is re-pinned.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

from conformance.catalog import catalog

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
PIN_FILES = sorted(DATA.glob("*.verdicts.json"))
# Where the npm packages of the TypeScript harnesses are installed (npm ci --prefix <dir>).
# A package may be in more than one at different versions (examples/ts-openrouter's @tanstack/ai 0.52.3 beside
# examples/ts's 0.58.0): a record is checked against the install of the version it names.
NODE_DIRS = [ROOT / "examples" / "ts" / "node_modules", ROOT / "examples" / "ts-mastra" / "node_modules",
             ROOT / "examples" / "ts-voltagent" / "node_modules", ROOT / "examples" / "ts-openrouter" / "node_modules",
             ROOT / "examples" / "ts-copilotkit" / "node_modules", ROOT / "examples" / "ts-llamaindex" / "node_modules"]
SOURCE = re.compile(r"^(?P<package>@?[^@\s]+)@(?P<version>[^\s]+) (?P<path>[^\s:]+):(?P<line>\d+)$")
REPRODUCER = re.compile(r"^(node|python) (?P<path>[\w./-]+)$")

# The allowlist of pending triage, per pin file: "*" for every case, else the case ids. Remove an
# entry once its cases are re-pinned after the fix it waits for.
PENDING: dict[str, str | set[str]] = {
    # Cleared before: other servers' habits are scoped to their clients (mock_provider.servers), which cleared the
    # Groq, Mistral, DeepSeek and xAI configurations' pending suite errors and tanstack-ai-openrouter's (OpenAI's
    # bare in-band error chunk served to an OpenRouter client: the openrouter flavour sends OpenRouter's own);
    # a Chat Completions message's text and calls are unordered (Dialect.unordered_message), which cleared AG2's;
    # ai-sdk7-openrouter's two are fixed (semantics.Comparison.calls_decide; refusal.WIRE_FINISH), and
    # VoltAgent's request.prompt one (a caller message that holds nothing may be left out); tanstack-ai-grok's
    # (OpenAI's cache_write_tokens played to an xAI client: the xai flavour leaves it out, servers.served_as).
    # CopilotKit on @ai-sdk/deepseek 2.0.69's six (session 26): the deepseek flavour streams DeepSeek's usage, with
    # prompt_cache_hit_tokens on every usage, the one cache field that client reads (servers.served_as, wire option
    # usage_counts), and a DeepSeek client's cache count of 0 is graded as none.
    # ai-sdk7-perplexity's six are fixed too (the 'perplexity' flavour; the client tools a request offers need
    # the 'tools' feature); ai-sdk7-moonshotai's four likewise (the 'moonshot' flavour).
    # The last three: agno over Claude's tool.interleave.002 (interleaved tool_use blocks, which the Messages API
    # never streams) is graded on robustness only because the anthropic wire says it breaks its contract
    # (Dialect.contract_break, mock_provider/wires/anthropic_contract.py), and so are its tool.malformed.* cases
    # (input text that is no JSON object, on a tool not asked for fine-grained streaming); its
    # fault.raw-bytes.001 (an event-less frame the Anthropic SDKs skip) is NOT-EXPRESSIBLE there
    # (anthropic_contract.unnamed_raw_bytes); pydantic-ai-agui-responses' reasoning.raw-text.001 grades 8.1.7 as
    # information (scenario `unspecified`: OpenAI says raw chain of thought should not be shown to end users).
    # CrewAI over litellm's Anthropic provider's two (tool.interleave.001/.002, the same interleaved blocks) likewise.
    # pydantic-ai on GoogleModel's eight: a blocked prompt's error at once is the agent's rejection of an empty
    # answer under its declared output_validation (conformance.output_validation, 'unretryable'), and a document
    # source the Gemini wire says only as a retrieval's output may be shown as that retrieval's call
    # (conformance.retrieval_sources).
    # ai-sdk7-huggingface's nine (OpenAI's reasoning summary and response.incomplete played to a client of Hugging
    # Face's Responses server, huggingface/responses.js, which sends neither): the 'huggingface' flavour plays reasoning
    # as raw reasoning_text and makes a length or content-filter finish NOT-EXPRESSIBLE (mock_provider.servers).
    # llama-index on MistralAI's 19 (session 24, its first run: the mistral flavour fragments every tool call, a habit
    # of the models Mistral's server relays, while this client can name only Mistral's own models): the
    # 'mistral-own' flavour sends each call whole (mock_provider.servers), which its capabilities declare.
    # llama-index on Groq's six (session 25, its first run: the groq flavour interleaved call fragments and played
    # arguments that do not parse, which Groq's server never sends): the 'groq' flavour sends each call whole and makes
    # unparsable call arguments NOT-EXPRESSIBLE (mock_provider.servers _WHOLE_CALLS, _groq_habit).
    # agno over its Cerebras model's 65 (session 26, its first run: the mock's chunks lacked the system_fingerprint the
    # cerebras-cloud-sdk's ChatChunkResponse requires, so the SDK built every chunk as its non-stream type): the
    # 'cerebras' flavour sends it on every chunk, with `type` on every tool-call delta, and makes a finish outside its
    # closed finish_reason NOT-EXPRESSIBLE (mock_provider.servers), which its capabilities declare.
    # pydantic-ai over TogetherProvider's one (session 25, its first run): strict_tools held a `strict: true` tool to
    # OpenAI's strict-mode schema form for every server; only OpenAI's is now (mock_provider.servers
    # requires_strict_tool_schemas).
    # CopilotKit on @ai-sdk/xai 3.0.99's 76 (session 26, its first run: the xai flavour streamed OpenAI's Chat
    # Completions usage, where xAI's server sends both details objects on every usage and leaves reasoning out of
    # completion_tokens): the 'xai' flavour sends xAI's usage (mock_provider.chat_habits _XAI, xai_usage).
    # ai-sdk5-openai's 21 (session 26, its first run): request.tool-history did not resolve the Responses
    # `item_reference` items @ai-sdk/openai 2 sends for earlier calls while store is on (now read as the items the mock
    # served: UpstreamCall.served_items), and schema.event held ai 5's finish chunk to ai 6's chunk schema, which lacks
    # finishReason 'unknown' (the harness now declares `ui-message-stream@5`,
    # conformance/protocols/ui_message_stream5.py).
    # CopilotKit on @ai-sdk/deepseek 2.0.69's six (session 26, its first run: the deepseek flavour streamed OpenAI's
    # usage where DeepSeek's API always sends prompt_cache_hit_tokens, the one cache field this client reads): the
    # 'deepseek' flavour sends DeepSeek's counts (mock_provider.chat_habits _DEEPSEEK, WireOptions.usage_counts).
    # CopilotKit on @ai-sdk/cerebras 2.0.82's 75 (session 26, its first run: the cerebras flavour streamed the usage
    # only when stream_options asked, where Cerebras's server sends it unasked on the finish chunk): the flavour sends
    # it there (mock_provider.chat_habits _CEREBRAS); what fails now is the client's D-zero-filled-usage.
}


def _pins(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def records(entry: dict[str, Any]) -> list[dict[str, Any]]:
    """A case's triage records: one, or a list when several defects break the case's rows."""
    triage = entry.get("triage")
    if triage is None:
        return []
    return list(triage) if isinstance(triage, list) else [triage]


def _defects() -> list[tuple[str, str, dict[str, Any]]]:
    return [(p.name, case, t) for p in PIN_FILES for case, c in _pins(p)["cases"].items()
            for t in records(c) if t.get("kind") == "defect"]


def _must_rows(entry: dict[str, Any], protocol: str) -> set[str]:
    return {r for r in entry["rows"] if catalog().row(r).level_for(protocol) == "MUST"}


def record_problem(pin_file: str, case: str, triage: dict[str, Any]) -> str | None:
    """Why one triage record is not acceptable, or None.

    Example:
        >>> record_problem("x.verdicts.json", "c", {"kind": "suite-error", "fixed_by": "branch x"})
        "triage kind 'suite-error': a suite error is fixed, not pinned"
    """
    kind = triage.get("kind")
    if kind == "pending":
        allowed = PENDING.get(pin_file, set())
        if allowed != "*" and case not in allowed:
            return "pending triage outside the PENDING allowlist"
        return None if triage.get("reason") else "pending without a reason"
    if kind != "defect":
        return f"triage kind {kind!r}: a suite error is fixed, not pinned"
    missing = [k for k in ("adapter_source", "reproducer", "summary") if not triage.get(k)]
    if missing:
        return f"defect record without {', '.join(missing)}"
    if not SOURCE.match(triage["adapter_source"]):
        return "adapter_source is not '<package>@<version> <path>:<line>'"
    run = REPRODUCER.match(triage["reproducer"])
    if run is None or not (ROOT / run["path"]).is_file():
        return "reproducer is not 'node|python <file in this repository>'"
    return None


def triage_problem(pin_file: str, case: str, entry: dict[str, Any], protocol: str = "ag-ui") -> str | None:
    """Why a pinned case's triage is not acceptable, or None.

    Defects explain the MUST rows the case broke: each record names its ``rows`` (all of the case's
    MUST rows when absent), and together they must cover every one.

    Example:
        >>> triage_problem("x.verdicts.json", "c", {"verdict": "FAIL", "rows": ["8.1.4"]})
        'FAIL without a triage record'
        >>> triage_problem("x.verdicts.json", "c", {"verdict": "PASS-NONSTRICT", "rows": ["8.1.2"]}) is None
        True
    """
    failing = entry["verdict"] in ("FAIL", "ERROR")
    found = records(entry)
    if not found:
        return f"{entry['verdict']} without a triage record" if failing else None
    if not failing:
        return f"a triage record on a {entry['verdict']} case (stale: remove it)"
    for triage in found:
        if (why := record_problem(pin_file, case, triage)) is not None:
            return why
    if any(t["kind"] == "pending" for t in found):
        return None
    must = _must_rows(entry, protocol)
    explained = {r for t in found for r in t.get("rows", must)}
    if not must <= explained:
        return f"no defect record explains row(s) {', '.join(sorted(must - explained))}"
    return None


@pytest.mark.parametrize("path", PIN_FILES, ids=lambda p: p.name)
def test_every_pinned_fail_is_triaged(path: Path) -> None:
    pins = _pins(path)
    problems = {case: why for case, entry in pins["cases"].items()
                if (why := triage_problem(path.name, case, entry, pins["adapter"]["output"])) is not None}
    assert problems == {}
    # A defect names the package at the version this file pins (where the file pins it).
    for case, entry in pins["cases"].items():
        for triage in records(entry):
            m = SOURCE.match(triage.get("adapter_source", ""))
            if m and m["package"] in pins["versions"]:
                assert m["version"] == pins["versions"][m["package"]], case


def test_defect_records_must_explain_every_must_row_of_their_case() -> None:
    defect = {"kind": "defect", "adapter_source": "pkg@1 a.js:1", "summary": "s",
              "reproducer": "python docs/repro/pydantic_ai_interleave.py"}
    entry = {"verdict": "FAIL", "rows": ["8.1.10", "8.4.2", "8.1.2"]}
    assert triage_problem("x.verdicts.json", "c", {**entry, "triage": defect}) is None
    partial = {**entry, "triage": [{**defect, "rows": ["8.1.10"]}]}
    assert triage_problem("x.verdicts.json", "c", partial) == "no defect record explains row(s) 8.4.2"
    both = {**entry, "triage": [{**defect, "rows": ["8.1.10"]}, {**defect, "rows": ["8.4.2"]}]}
    assert triage_problem("x.verdicts.json", "c", both) is None


def test_the_pending_allowlist_names_pinned_cases_only() -> None:
    # An allowlist entry whose case no longer fails (or was renamed) must go.
    for name, allowed in PENDING.items():
        cases = _pins(DATA / name)["cases"]
        if allowed != "*":
            stale = {c for c in allowed if not any(t.get("kind") == "pending" for t in records(cases.get(c, {})))}
            assert stale == set(), name


def _installed(package: str, version: str | None = None) -> tuple[Path, str] | None:
    """The installed root and version of an npm package (harness node_modules: the install of ``version`` where
    there is one, else the first) or a Python distribution (this environment, else the llama-index one named by
    SAC_LLAMA_PYTHON, the ADK one named by SAC_ADK_PYTHON, the CrewAI one named by SAC_CREWAI_PYTHON or the AG2
    one named by SAC_AG2_PYTHON), or None."""
    # A package an adapter holds at its own version is nested under it (examples/ts-openrouter's
    # @tanstack/ai-grok/node_modules/@tanstack/openai-base 0.10.9, beside examples/ts's hoisted 0.10.15).
    manifests = [m for modules in NODE_DIRS for m in (modules / package / "package.json",
                                                      *sorted(modules.glob(f"*/node_modules/{package}/package.json")),
                                                      *sorted(modules.glob(f"@*/*/node_modules/{package}/package.json")))]
    npm = [(m.parent, str(json.loads(m.read_text(encoding="utf-8"))["version"])) for m in manifests if m.is_file()]
    if npm:
        return next((found for found in npm if found[1] == version), npm[0])
    try:
        dist = metadata.distribution(package)
        return Path(str(dist.locate_file(""))), dist.version
    except metadata.PackageNotFoundError:
        pass
    code = (f"import importlib.metadata as m; d = m.distribution({package!r}); "
            "print(d.locate_file('')); print(d.version)")
    for variable in ("SAC_LLAMA_PYTHON", "SAC_ADK_PYTHON", "SAC_CREWAI_PYTHON", "SAC_AG2_PYTHON"):
        other = os.environ.get(variable, "")
        if not other or not Path(other).is_file():
            continue
        out = subprocess.run([other, "-c", code], capture_output=True, text=True, check=False, timeout=60)
        if out.returncode == 0:
            root, version = out.stdout.split()
            return Path(root), version
    return None


@pytest.mark.parametrize(("pin_file", "case", "triage"), _defects(), ids=lambda v: v if isinstance(v, str) else "")
def test_defect_source_line_exists_in_the_pinned_package(pin_file: str, case: str, triage: dict[str, Any]) -> None:
    m = SOURCE.match(triage["adapter_source"])
    assert m is not None, triage["adapter_source"]
    found = _installed(m["package"], m["version"])
    if found is None:
        pytest.skip(f"{m['package']} is not installed here (npm ci --prefix examples/ts*, the calibration extra, "
                    "SAC_LLAMA_PYTHON, SAC_ADK_PYTHON, SAC_CREWAI_PYTHON or SAC_AG2_PYTHON)")
    root, version = found
    assert version == m["version"], f"{case}: triage names another version than installed"
    source = root / m["path"]
    assert source.is_file(), f"{case}: {source} does not exist"
    lines = source.read_text(encoding="utf-8", errors="replace").count("\n") + 1
    assert 1 <= int(m["line"]) <= lines, f"{case}: line {m['line']} is past the end of {m['path']} ({lines} lines)"


# Pins made before per-case first-run records existed: their first run is told in "audit.note" only.
# Every other pin must carry "first_run" (recorded before any rule changed because of that run).
FIRST_RUN_NOT_RECORDED = {
    "ag-ui-mastra", "agno-agui", "ai-sdk-openai-compatible", "ai-sdk7-google", "ai-sdk7-openai-compatible",
    "ai-sdk7-openai", "llama-index-agui", "pydantic-ai-agui", "tanstack-ai-gemini",
    "tanstack-ai-openai-responses", "tanstack-ai-openai",
}
FIRST_RUN_NEEDS = {"real": ("defect", "source", "why"), "suite-error": ("rule", "why"), "harness": ("why",)}


def first_run_problems(name: str, pins: dict[str, Any]) -> list[str]:
    """What is missing from a pin's first-run record (an empty list when it is complete), and from its
    ``second_run``, where a first run that measured the kit alone was followed by the run that first graded the
    adapter (the same form)."""
    record = pins.get("first_run")
    if record is None:
        return [] if name in FIRST_RUN_NOT_RECORDED else [f"{name}: no first_run record"]
    runs = {"first_run": record, **({"second_run": pins["second_run"]} if "second_run" in pins else {})}
    return [p for key, run in runs.items() for p in _run_problems(name, key, run)]


def _run_problems(name: str, key: str, record: dict[str, Any]) -> list[str]:
    problems = [f"{name}: {key}.{k} missing" for k in ("date", "kit", "command", "cases") if k not in record]
    for case, c in record.get("cases", {}).items():
        if c.get("verdict") not in ("FAIL", "ERROR"):
            problems.append(f"{name}: {key} {case}: verdict {c.get('verdict')!r} is not FAIL or ERROR")
        needs = FIRST_RUN_NEEDS.get(c.get("class", ""))
        if needs is None:
            problems.append(f"{name}: {key} {case}: class {c.get('class')!r} not one of {sorted(FIRST_RUN_NEEDS)}")
            continue
        problems += [f"{name}: {key} {case}: {c['class']} needs {k!r}" for k in needs if not c.get(k)]
    return problems


@pytest.mark.parametrize("path", PIN_FILES, ids=lambda p: p.name)
def test_a_new_configuration_records_its_classified_first_run(path: Path) -> None:
    assert first_run_problems(path.name.removesuffix(".verdicts.json"), _pins(path)) == []


def test_the_first_run_check_catches_what_a_record_lacks() -> None:
    good = {"date": "2026-11-28", "kit": "abc", "command": "node x.mjs",
            "cases": {"a.001": {"verdict": "FAIL", "rows": ["8.1.4"], "class": "real", "defect": "D-x",
                                "source": "pkg/dist/x.js:1", "why": "the call never ends"},
                      "b.001": {"verdict": "ERROR", "rows": [], "class": "suite-error", "rule": "8.1.4",
                                "why": "the consumer shows the same"}}}
    assert first_run_problems("new", {"first_run": good}) == []
    assert first_run_problems("new", {}) == ["new: no first_run record"]
    assert first_run_problems("agno-agui", {}) == []
    bad = {**good, "cases": {"a.001": {"verdict": "PASS", "class": "real", "defect": "D-x", "why": "w"},
                             "b.001": {"verdict": "FAIL", "class": "guess"}}}
    assert first_run_problems("new", {"first_run": good, "second_run": {**good, "cases": bad["cases"]}})[:1] == [
        "new: second_run a.001: verdict 'PASS' is not FAIL or ERROR"]
    assert first_run_problems("new", {"first_run": bad}) == [
        "new: first_run a.001: verdict 'PASS' is not FAIL or ERROR", "new: first_run a.001: real needs 'source'",
        "new: first_run b.001: class 'guess' not one of ['harness', 'real', 'suite-error']"]
