"""The pytest plugin (entry point ``pytest11``): ``pytest --adapter=mypkg:factory``.

With ``--adapter`` (or ``conformance_adapter`` in the ini file) pytest collects the suite
shipped in :mod:`conformance.suite`: one test per scenario x dialect, named by scenario id
(``-k tool.interleave``), marked by matrix row (``-m row_8_1_12``). Without it the plugin
only registers its options and markers.

Example (shell)::

    pytest --adapter=conformance.reference:agui -k tool.interleave
    pytest --adapter=mypkg.adapter:factory --profile=tanstack --strict --snapshot-dir=tests/conformance
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from conformance.matrix import load_matrix, marker_name
from conformance.properties import DEFAULT_EXAMPLES, PROPERTIES, not_applicable, search, seed_for
from conformance.reproducer import DEFAULT_DIR
from conformance.runner import Settings
from conformance.session import PROFILES, AdapterLoadError, ConformanceSession, worst_of
from conformance.snapshot import extension_for, normalize_events
from conformance.verdict import CaseResult
from mock_provider.scenario import ScenarioError

SESSION_KEY = pytest.StashKey[ConformanceSession]()
SUITE_PATH = str(Path(__file__).resolve().parent / "suite" / "test_conformance.py")

_OPTIONS: list[tuple[str, str, dict[str, Any]]] = [
    ("adapter", "MODULE:FACTORY of the adapter under test (enables the conformance suite)", {}),
    ("profile", f"feature profile the adapter must support: {', '.join(PROFILES)}", {}),
    ("dialect", "comma-separated upstream dialects to run (default: every dialect the adapter consumes)", {}),
    ("conformance-timeout", "per-case timeout in seconds (default 10)", {}),
    ("snapshot-dir", "directory for syrupy snapshots of each case's normalized events (enables snapshots)", {}),
    ("conformance-scenarios", "directory of scenario YAML files (default: the built-in corpus)", {}),
    ("conformance-examples", f"generated streams per generated-* case (default {DEFAULT_EXAMPLES}; 0: none)", {}),
    ("conformance-seed", "seed of the generated-* search (default: fixed per case; 'random': new each run)", {}),
    ("reproducer-dir", f"where a failing generated stream is saved as scenario YAML (default {DEFAULT_DIR})", {}),
]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("conformance", "stream adapter conformance suite")
    for name, help_text, kw in _OPTIONS:
        group.addoption(f"--{name}", dest=_key(name), default=None, help=help_text, **kw)
        parser.addini(_key(name), help_text, default=None)
    # pytest >= 8 owns `--strict`; the suite honours it (see _strict) and adds its own spelling.
    group.addoption("--conformance-strict", dest="conformance_strict", action="store_true", default=None,
                    help="grade PASS-NONSTRICT (a SHOULD missed) as a failure (pytest's --strict does too)")
    parser.addini("conformance_strict", "grade PASS-NONSTRICT as a failure", type="bool", default=False)


def _key(name: str) -> str:
    # --conformance-timeout -> ini conformance_timeout (as documented), not conformance_conformance_timeout.
    return "conformance_" + name.removeprefix("conformance-").replace("-", "_")


def _opt(config: pytest.Config, name: str) -> Any:
    key = _key(name)
    value = config.getoption(key, default=None)
    if value is None:
        value = config.getini(key)
    return value or None


def _strict(config: pytest.Config) -> bool:
    return bool(_opt(config, "strict") or getattr(config.option, "strict", False))


def pytest_configure(config: pytest.Config) -> None:
    for row in load_matrix().rows:
        config.addinivalue_line("markers", f"{marker_name(row.id)}: [{row.level}] {row.title}")
    config.addinivalue_line("markers", "conformance: a conformance suite case")
    spec = _opt(config, "adapter")
    if not spec:
        return
    timeout = _opt(config, "conformance-timeout")
    dialects = _opt(config, "dialect")
    _examples(config)  # bad values are usage errors now, not collection errors or failures later
    try:
        seed_for("", "", _opt(config, "conformance-seed"))
    except ValueError:
        raise pytest.UsageError("conformance: --conformance-seed must be an integer or 'random'") from None
    try:
        settings = Settings(timeout=float(timeout) if timeout else 10.0, strict=_strict(config),
                            time_scale=float(os.environ.get("MOCK_PROVIDER_TIME_SCALE", "0") or 0))
        session = ConformanceSession.from_spec(
            spec, settings=settings, profile=_opt(config, "profile"),
            dialects=[d.strip() for d in dialects.split(",")] if dialects else None,
            scenarios_dir=_opt(config, "conformance-scenarios"),
        )
    except (AdapterLoadError, ScenarioError, OSError, ValueError) as exc:
        # A bad adapter spec, profile or scenario file is the user's input: say what, no traceback.
        raise pytest.UsageError(f"conformance: {exc}") from exc
    config.stash[SESSION_KEY] = session
    # Collect the shipped suite: alone when no paths were given, beside them otherwise.
    if config.args_source == pytest.Config.ArgsSource.ARGS:
        if SUITE_PATH not in config.args:
            config.args.append(SUITE_PATH)
    else:
        config.args[:] = [SUITE_PATH]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "conformance_property" in metafunc.fixturenames:
        metafunc.parametrize("conformance_property", _property_params(metafunc.config))
        return
    if "conformance_case" not in metafunc.fixturenames:
        return
    session = metafunc.config.stash.get(SESSION_KEY, None)
    if session is None:
        metafunc.parametrize("conformance_case", [pytest.param(None, marks=pytest.mark.skip(
            reason="no --adapter given"))], ids=["no-adapter"])
        return
    params = []
    for scenario, dialect in session.cases():
        marks = [pytest.mark.conformance, *(getattr(pytest.mark, marker_name(r)) for r in scenario.rows)]
        params.append(pytest.param((scenario, dialect), marks=marks, id=f"{scenario.id}-{dialect}"))
    metafunc.parametrize("conformance_case", params)


def check_case(case: Any, request: pytest.FixtureRequest) -> None:
    """Run one case and turn its verdict into a pytest outcome (the suite's only test body)."""
    session: ConformanceSession = request.config.stash[SESSION_KEY]
    scenario, dialect = case
    result = session.run(scenario, dialect)
    request.node.user_properties.append(("verdict", result.verdict))
    request.node.user_properties.append(("content", result.content))
    request.node.user_properties.append(("termination", result.termination))
    if result.verdict == "NOT-EXPRESSIBLE":
        pytest.skip(f"NOT-EXPRESSIBLE: {result.reason}")
    if result.verdict == "UNSUPPORTED":
        needed = scenario.features() & session.required_features()
        if needed and result.reason.startswith("feature"):
            pytest.fail(f"UNSUPPORTED but required by --profile {session.profile}: {result.reason}", pytrace=False)
        pytest.skip(f"UNSUPPORTED: {result.reason}")
    if result.verdict in ("FAIL", "ERROR"):
        pytest.fail(result.describe(), pytrace=False)
    _snapshot(request, result)


def _examples(config: pytest.Config) -> int:
    value = _opt(config, "conformance-examples")
    try:
        return DEFAULT_EXAMPLES if value is None else int(value)
    except ValueError:
        raise pytest.UsageError(f"conformance: --conformance-examples must be a number (got {value!r})") from None


def _property_params(config: pytest.Config) -> list[Any]:
    """One generated-* case per property x dialect the adapter consumes (skipped when it cannot run)."""
    session = config.stash.get(SESSION_KEY, None)
    if session is None or _examples(config) <= 0:
        why = "no --adapter given" if session is None else "--conformance-examples 0"
        return [pytest.param(None, marks=pytest.mark.skip(reason=why), id="generated-off")]
    params = []
    for name in PROPERTIES:
        for dialect in session.selected_dialects():
            skip = not_applicable(name, session.capabilities, dialect)
            marks = [pytest.mark.conformance] + ([pytest.mark.skip(reason=skip)] if skip else [])
            params.append(pytest.param((name, dialect), marks=marks, id=f"{name}-{dialect}"))
    return params


def check_property(case: Any, request: pytest.FixtureRequest) -> None:
    """Search generated streams for one the adapter gets wrong; save and show the shrunk one."""
    session: ConformanceSession = request.config.stash[SESSION_KEY]
    name, dialect = case
    features = session.capabilities.features if session.capabilities else None
    found = search(session.factory, name, dialect, examples=_examples(request.config), settings=session.settings,
                   seed=_opt(request.config, "conformance-seed"), features=features, adapter_name=session.spec)
    request.node.user_properties.append(("verdict", found.result.verdict if found else "PASS"))
    if found is None:
        return
    session.results.append(found.result)  # the matrix shows the rows the reproducer breaks
    path = found.write(_opt(request.config, "reproducer-dir") or DEFAULT_DIR)
    pytest.fail(f"{name} [{dialect}] found a stream the adapter gets wrong; reproducer saved to {path}\n"
                f"{found.result.describe()}\n\n--- {path}\n{found.yaml()}", pytrace=False)


def _snapshot(request: pytest.FixtureRequest, result: CaseResult) -> None:
    directory = _opt(request.config, "snapshot-dir")
    if not directory:
        return
    snapshot = request.getfixturevalue("snapshot")
    assert snapshot.use_extension(extension_for(str(Path(directory).resolve()))) == normalize_events(result.events)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    session = config.stash.get(SESSION_KEY, None)
    if session is None or not session.results:
        return
    tr = terminalreporter
    tr.section(f"conformance matrix: {session.spec}")
    summary = session.row_summary()
    verdicts = ["PASS", "PASS-NONSTRICT", "INFO", "FAIL", "ERROR", "UNSUPPORTED", "NOT-EXPRESSIBLE"]
    short = ["pass", "nonstrict", "info", "FAIL", "ERROR", "unsup", "n/expr"]
    tr.write_line(f"{'row':<28}{'level':<7}" + "".join(f"{s:>10}" for s in short) + "  verdict")
    for row in session.matrix.rows:
        counts = summary.get(row.id)
        if not counts:
            tr.write_line(f"{row.id:<28}{row.level:<7}" + "".join(f"{'-':>10}" for _ in short) + "  (no case)")
            continue
        cells = "".join(f"{counts.get(v, 0):>10}" for v in verdicts)
        tr.write_line(f"{row.id:<28}{row.level:<7}{cells}  {worst_of(counts)}")
    by_case: dict[str, int] = {}
    for r in session.results:
        by_case[r.verdict] = by_case.get(r.verdict, 0) + 1
    tr.write_line("cases: " + ", ".join(f"{k}={v}" for k, v in sorted(by_case.items())))
