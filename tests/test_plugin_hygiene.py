"""The kit is a good citizen of every pytest run in its environment (issue 18).

Inactive (no adapter, no recording), its plugins import nothing heavy, register no row markers
and add one fixture; its options cannot collide with another plugin's; a project with its own
``conformance/`` package or ``mock_provider.py`` still runs. The plugins are loaded as the
installed kit's entry points name them (``-p _sac_pytest.*`` with autoloading off, so the
environment's other plugins do not blur the check).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from _sac_pytest.conformance import OPTIONS, aliases

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = ["-p", "_sac_pytest.conformance", "-p", "_sac_pytest.mock_provider"]
HEAVY = ("hypothesis", "yaml", "aiohttp", "pydantic", "jsonschema", "httpx", "syrupy", "respx", "ag_ui",
         "conformance.suite_plugin", "conformance.catalog", "mock_provider.scenario", "mock_provider.server")

PROBE = """
import json, sys, pytest
code = pytest.main(sys.argv[1:])
print("\\nMODULES=" + json.dumps(sorted(sys.modules)))
raise SystemExit(code)
"""


def _run(cwd: Path, *args: str, module: bool = False) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "pytest"] if module else [sys.executable, "-c", PROBE]
    return subprocess.run([*command, "-p", "no:cacheprovider", *PLUGINS, *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def _modules(run: subprocess.CompletedProcess[str]) -> set[str]:
    line = next(line for line in run.stdout.splitlines() if line.startswith("MODULES="))
    return set(json.loads(line.removeprefix("MODULES=")))


def test_an_inactive_run_imports_nothing_heavy(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text("def test_x():\n    assert True\n")
    run = _run(tmp_path, "-q")
    assert run.returncode == 0, run.stdout + run.stderr
    modules = _modules(run)
    loaded = sorted(m for m in modules for heavy in HEAVY if m == heavy or m.startswith(heavy + "."))
    assert not loaded, loaded
    assert "_sac_pytest.conformance" in modules and "_sac_pytest.mock_provider" in modules  # the probe saw them


def test_an_active_run_does_import_the_suite(tmp_path: Path) -> None:
    """The probe above can see the suite when it is there: with an adapter it is imported."""
    run = _run(tmp_path, "-q", "--co", "--adapter=conformance.reference:agui", "-k", "text.basic.001-v3")
    assert run.returncode == 0, run.stdout + run.stderr
    assert {"conformance.suite_plugin", "mock_provider.scenario"} <= _modules(run)


def test_an_inactive_run_registers_no_row_markers_and_one_fixture(tmp_path: Path) -> None:
    markers = _run(tmp_path, "--markers")
    assert "row_8_1_4" not in markers.stdout and "conformance:" not in markers.stdout
    fixtures = _run(tmp_path, "--fixtures")
    ours = [line.split()[0] for line in fixtures.stdout.splitlines()
            if line.startswith("mock_provider") or line.startswith("conformance")]
    assert ours == ["mock_provider"], ours
    active = _run(tmp_path, "--markers", "--adapter=conformance.reference:agui")
    assert "@pytest.mark.row_8_1_4:" in active.stdout  # with an adapter the row markers are there


def test_every_option_is_prefixed() -> None:
    names = [o.name for o in OPTIONS]
    assert all(n.startswith("conformance-") for n in names)
    assert {"--adapter", "--adapter-cmd", "--adapter-url", "--profile", "--baseline", "--no-report"} <= set(aliases())
    assert not [a for a, (_, deprecated) in aliases().items() if not deprecated
                and a not in ("--adapter", "--adapter-cmd", "--adapter-url", "--adapter-isolation")]


def test_the_help_texts_name_the_suites_defaults() -> None:
    """The always-loaded half cannot import the suite's constants; this keeps its copies honest."""
    from conformance.properties import DEFAULT_EXAMPLES
    from conformance.reproducer import DEFAULT_DIR
    from conformance.session import PROFILES
    from conformance.settings import ABORT_TIME_BOUND
    from conformance.suite_plugin import _examples
    from conformance.targets.cmd import DEFAULT_START_TIMEOUT

    text = {o.name: o.help for o in OPTIONS}
    assert text["conformance-profile"].endswith(": " + ", ".join(PROFILES))
    assert f"default {DEFAULT_EXAMPLES};" in text["conformance-examples"]
    assert f"default {DEFAULT_DIR})" in text["conformance-reproducer-dir"]
    assert f"default {ABORT_TIME_BOUND:g})" in text["conformance-abort-bound"]
    assert f"default {DEFAULT_START_TIMEOUT:g})" in text["conformance-adapter-cmd-start-timeout"]

    class Config:  # only what _examples reads
        def getoption(self, name: str, default: object = None) -> object:
            return None

        def getini(self, name: str) -> object:
            return None

    assert _examples(Config()) == DEFAULT_EXAMPLES  # type: ignore[arg-type]


OTHER_PLUGIN = '''
def pytest_addoption(parser):
    parser.addoption("--profile", action="store_true", help="profile the run (as pytest-profiling does)")
    parser.addoption("--baseline", default=None)

def pytest_configure(config):
    config.profile_seen = config.getoption("profile")
'''


def test_another_plugins_option_of_an_old_name_stays_its_own(tmp_path: Path) -> None:
    """pytest-profiling's --profile (and any plugin's --baseline) beside the kit: both load, the name is theirs."""
    (tmp_path / "other_plugin.py").write_text(OTHER_PLUGIN)
    (tmp_path / "test_x.py").write_text("def test_x(request):\n    assert request.config.profile_seen is True\n")
    env_path = f"{tmp_path}{os.pathsep}{ROOT}"
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "other_plugin", *PLUGINS,
                          "-q", "--profile", "--baseline=x"], cwd=tmp_path, capture_output=True, text=True,
                         env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1", "PYTHONPATH": env_path},
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "deprecated" not in run.stdout


@pytest.mark.slow
def test_an_old_option_name_warns_naming_the_new_one(tmp_path: Path) -> None:
    run = _run(tmp_path, "--co", "--adapter=conformance.reference:agui", "--profile=tools", "--report-dir=r",
               "-k", "text.basic.001-v3", "-W", "default", module=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "--profile is deprecated and goes in the next release: use --conformance-profile" in run.stdout
    assert "--report-dir is deprecated" in run.stdout and "--adapter is deprecated" not in run.stdout


@pytest.mark.slow
def test_the_old_name_still_sets_the_option(tmp_path: Path) -> None:
    run = _run(tmp_path, "--co", "-q", "--adapter=conformance.reference:agui", "--dialect=mastra", module=True)
    assert run.returncode == 0, run.stdout + run.stderr
    ids = [line for line in run.stdout.splitlines() if "::test_case[" in line]
    assert ids and all(line.endswith("-mastra]") for line in ids)


@pytest.mark.parametrize("shadow", ["package", "module"])
def test_a_project_with_its_own_conformance_or_mock_provider_runs(tmp_path: Path, shadow: str) -> None:
    """``python -m pytest`` puts the project first on sys.path; the kit's plugins load anyway."""
    if shadow == "package":
        (tmp_path / "conformance").mkdir()
        (tmp_path / "conformance" / "__init__.py").write_text("WHO = 'the project'\n")
    else:
        (tmp_path / "mock_provider.py").write_text("WHO = 'the project'\n")
    (tmp_path / "test_x.py").write_text(textwrap.dedent(f"""
        import {'conformance' if shadow == 'package' else 'mock_provider'} as mine

        def test_x():
            assert mine.WHO == "the project"
    """))
    run = _run(tmp_path, "-q", module=True)
    assert run.returncode == 0, run.stdout + run.stderr
    run = _run(tmp_path, "-q", "--adapter=conformance.reference:agui", module=True)
    # Asked for the suite, which needs the kit's packages: a usage error that names the cause.
    assert run.returncode == 4 and "shadowing the kit's" in run.stderr, run.stdout + run.stderr


MY_SCENARIO = """
id: mine.added.001
title: a user's own scenario
rows: ["8.1.4"]
citations: [{ref: "my notes"}]
request: {messages: [{role: user, content: hi}]}
script: [{part: {type: text-delta, id: "0", delta: "mine"}}]
expected: {text: mine}
"""


@pytest.mark.slow
def test_conformance_scenarios_adds_to_the_corpus_unless_only(tmp_path: Path) -> None:
    """Before, --conformance-scenarios replaced the corpus: a user's one scenario was the whole suite."""
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "mine.yaml").write_text(MY_SCENARIO)
    base = ["--co", "-q", "--adapter=conformance.reference:agui", "--conformance-dialect=v3",
            f"--conformance-scenarios={mine}", "--conformance-examples=0"]
    added = _run(tmp_path, *base, module=True)
    assert added.returncode == 0, added.stdout + added.stderr
    assert "test_case[mine.added.001-v3]" in added.stdout and "test_case[text.basic.001-v3]" in added.stdout
    only = _run(tmp_path, *base, "--conformance-scenarios-only", module=True)
    cases = [line for line in only.stdout.splitlines() if "test_case[" in line]
    assert only.returncode == 0 and len(cases) == 1 and "mine.added.001-v3" in cases[0], only.stdout
