"""The pytest plugin end to end, through pytester: options, selection, verdicts, snapshots, summary."""

from __future__ import annotations

import pytest

ADAPTERS = '''
from conformance.contract import Capabilities
from conformance.reference import agui
from conformance.reference.agui import AguiReferenceAdapter


class TextLeftOpen(AguiReferenceAdapter):
    def close_text(self):
        self.state.text_id = None  # forgets TEXT_MESSAGE_END


def broken(ctx):
    return TextLeftOpen(ctx)


class NoReasoning(AguiReferenceAdapter):
    pass


def no_reasoning(ctx):
    adapter = NoReasoning(ctx)
    caps = adapter.capabilities
    adapter.capabilities = caps.model_copy(update={"features": set(caps.features) - {"reasoning"}})
    return adapter


def empty_deltas(ctx):
    adapter = agui(ctx)
    inner = adapter.stream

    async def stream(request):
        async for e in inner(request):
            yield e
            if e["type"] == "TEXT_MESSAGE_START":
                yield {"type": "TEXT_MESSAGE_CONTENT", "messageId": e["messageId"], "delta": ""}

    adapter.stream = stream
    return adapter
'''


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makepyfile(myadapters=ADAPTERS)
    pytester.syspathinsert()
    return pytester


def test_reference_adapter_passes_and_prints_the_matrix(project: pytest.Pytester) -> None:
    result = project.runpytest_inprocess("--adapter=conformance.reference:agui", "-k", "text.basic", "-q")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(["*conformance matrix: conformance.reference:agui*", "*8.1.4*MUST*PASS*"])


@pytest.mark.slow
def test_selection_by_row_marker(project: pytest.Pytester) -> None:
    result = project.runpytest_inprocess("--adapter=conformance.reference:agui", "-m", "row_8_1_15", "-q")
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) >= 3
    assert "failed" not in outcomes


def test_dialect_option_limits_the_cases(project: pytest.Pytester) -> None:
    result = project.runpytest_inprocess("--adapter=conformance.reference:agui", "--dialect=mastra",
                                         "-k", "tool.interleave", "--collect-only", "-q")
    lines = [line for line in result.stdout.lines if "test_case[" in line]
    assert lines and all(line.endswith("-mastra]") for line in lines)


def test_broken_adapter_fails_with_expected_vs_actual(project: pytest.Pytester) -> None:
    result = project.runpytest_inprocess("--adapter=myadapters:broken", "-k", "text.basic.001-v3")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "*text.basic.001[[]v3[]]: content=PASS termination=FAIL*",
        "*first differing event: #*",
        "*row 8.1.5 [[]MUST[]]: text message * still open at RUN_FINISHED*",
    ])


@pytest.mark.slow
def test_undeclared_feature_is_unsupported_and_a_profile_requires_it(project: pytest.Pytester) -> None:
    skipped = project.runpytest_inprocess("--adapter=myadapters:no_reasoning", "-k", "reasoning.basic", "-rs")
    skipped.assert_outcomes(skipped=4)
    skipped.stdout.fnmatch_lines(["*UNSUPPORTED: feature(s) not declared: reasoning*"])
    required = project.runpytest_inprocess("--adapter=myadapters:no_reasoning", "--conformance-profile=tanstack",
                                           "-k", "reasoning.basic")
    required.assert_outcomes(failed=4)
    required.stdout.fnmatch_lines(["*UNSUPPORTED but --conformance-profile=tanstack requires reasoning*"
                                   "the profile requires abort, approval, parallel_tools, provider_executed, "
                                   "reasoning, tools, see docs/profiles.md*"])


def test_a_profile_fails_only_on_the_features_it_requires(project: pytest.Pytester) -> None:
    """reasoning.interleaved.001 needs tools and reasoning: the tools profile does not require reasoning, so an
    adapter that declares tools but not reasoning gets UNSUPPORTED there, not a failure."""
    result = project.runpytest_inprocess("--adapter=myadapters:no_reasoning", "--conformance-profile=tools",
                                         "-k", "reasoning.interleaved.001", "-rs")
    result.assert_outcomes(skipped=4)
    result.stdout.fnmatch_lines(["*UNSUPPORTED: feature(s) not declared: reasoning*"])


@pytest.mark.slow
def test_nonstrict_passes_unless_strict(project: pytest.Pytester) -> None:
    args = ["--adapter=myadapters:empty_deltas", "-k", "text.basic.001-v3"]
    project.runpytest_inprocess(*args).assert_outcomes(passed=1)
    project.runpytest_inprocess(*args, "--conformance-strict").assert_outcomes(failed=1)


def test_options_from_the_ini_file(project: pytest.Pytester) -> None:
    project.makeini("[pytest]\nconformance_adapter = myadapters:broken\nconformance_dialect = v2\n")
    result = project.runpytest_inprocess("-k", "text.basic.001")
    result.assert_outcomes(failed=1)


@pytest.mark.slow
def test_bad_adapter_spec_is_a_usage_error(project: pytest.Pytester) -> None:
    result = project.runpytest_inprocess("--adapter=no_such_module:factory")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*cannot import adapter module 'no_such_module'*"])
    result = project.runpytest_inprocess("--adapter=myadapters")
    result.stderr.fnmatch_lines(["*--adapter must be MODULE:FACTORY*"])


@pytest.mark.slow
def test_snapshots_record_and_show_a_behaviour_change(project: pytest.Pytester) -> None:
    snap = project.path / "snaps"
    base = ["-k", "text.basic.001-v3", f"--snapshot-dir={snap}"]
    project.runpytest_inprocess("--adapter=conformance.reference:agui", *base, "--snapshot-update")
    files = list(snap.glob("*.json"))
    assert len(files) == 1
    text = files[0].read_text()
    assert "<id:1>" in text and "TEXT_MESSAGE_CONTENT" in text and "thread-" not in text
    project.runpytest_inprocess("--adapter=conformance.reference:agui", *base).assert_outcomes(passed=1)
    changed = project.runpytest_inprocess("--adapter=myadapters:empty_deltas", *base)
    changed.assert_outcomes(failed=1)
    changed.stdout.fnmatch_lines(["*assert [[]- snapshot[]] == [[]+ received[]]*", '*+ *"delta": "",*'])


def test_without_adapter_the_plugin_collects_nothing_of_its_own(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_x="def test_x():\n    assert True\n")
    result = pytester.runpytest_inprocess("-q")
    result.assert_outcomes(passed=1)


def test_a_broken_scenario_directory_is_a_usage_error_naming_file_line_field(project: pytest.Pytester) -> None:
    bad = project.mkdir("scenarios")
    (bad / "x.yaml").write_text("id: bad.one.001\ntitle: x\n")
    result = project.runpytest_inprocess("--adapter=conformance.reference:agui", f"--conformance-scenarios={bad}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"*conformance: {bad / 'x.yaml'}:1: script: no answer*"])  # short form: rows derived


@pytest.mark.slow
def test_plain_pytest_finds_an_adapter_module_in_the_rootdir(pytester: pytest.Pytester) -> None:
    """``pytest --adapter=mymod:factory`` could not import ``mymod`` from the current directory
    (only ``python -m pytest`` could), and the error did not say so."""
    import subprocess
    import sys
    from pathlib import Path

    pytester.makepyfile(my_local_adapter="from conformance.reference import agui as factory\n")
    script = Path(sys.executable).with_name("pytest")  # the console script, which does not put cwd on sys.path
    run = subprocess.run([str(script), "--adapter=my_local_adapter:factory", "-k", "text.basic.001", "--dialect=v3",
                          "-p", "no:cacheprovider", "--conformance-examples=0", "-q"],
                         cwd=pytester.path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    missing = pytester.runpytest_subprocess("--adapter=not_here_at_all:factory", "-p", "no:cacheprovider")
    assert missing.ret == 4  # a usage error
    missing.stderr.fnmatch_lines(["*no module named 'not_here_at_all'*PYTHONPATH*"])


def test_the_terminal_summary_lists_reached_rows_and_names_nonstrict_cases(pytester: pytest.Pytester) -> None:
    """The matrix printed all rows, '(no case)' ones too, for a one-case run, and a missed SHOULD
    (PASS-NONSTRICT) was never named without --strict."""
    pytester.makepyfile(should_adapters="from tests.mutants import ALL_MUTANTS\n"
                        "factory = next(m.factory for m in ALL_MUTANTS if m.name == 'agui.model-not-reported')\n")
    pytester.syspathinsert()
    run = pytester.runpytest_inprocess("--adapter=should_adapters:factory", "-k", "text.basic.001", "--dialect=v3",
                                       "-p", "no:cacheprovider", "--conformance-examples=0")
    out = run.stdout.str()
    assert "(no case)" not in out and "rows no case of this run exercised are not listed" in out
    run.stdout.fnmatch_lines(["cases: 1 graded: PASS-NONSTRICT=1",
                              "PASS-NONSTRICT (1): a SHOULD missed*",
                              "  text.basic.001?v3?: 8.1.2: *"])  # [v3] would be a character class
