"""The conformance suite's pytest hooks, registered only when a run asks for the suite.

:mod:`_sac_pytest.conformance` (the ``conformance`` pytest11 entry point) owns the options and
registers this module when ``--adapter``, ``--adapter-cmd``, ``--adapter-url`` or
``--conformance-recording`` (or an ini key of theirs) is given; a run without them never imports
it. Then pytest collects the suite shipped in :mod:`conformance.suite`: one test per scenario x
dialect, named by scenario id (``-k tool.interleave``), marked by matrix row (``-m row_8_1_12``).

Example (shell)::

    pytest --adapter=conformance.reference:agui -k tool.interleave
    pytest --adapter=mypkg.adapter:factory --conformance-profile=tanstack --strict \\
        --conformance-snapshot-dir=tests/conformance
    pytest --adapter=mypkg.adapter:factory --conformance-baseline=conformance/baseline.json \\
        --conformance-deviations=deviations.yaml

At the end of the session the reports go to ``reports/`` (``--conformance-report-dir``, :mod:`conformance.report`);
the gate (:mod:`conformance.gate`) turns known failures and accepted deviations into xfail.

Under pytest-xdist (``-n 4``) each worker runs its share of the cases and hands its results
and gate decisions to the controller when it stops; the controller prints the matrix and
writes the reports, the same as a run in one process.
"""

from __future__ import annotations

import contextlib
import difflib
import math
import os
import pickle
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from _sac_pytest.conformance import opt
from conformance import second_suite_hooks, session_gc
from conformance.catalog import catalog
from conformance.gate import DeviationsError, Gate, load_deviations
from conformance.grading.gates import unrouted_summary
from conformance.item_ids import set_nodeid
from conformance.matrix import marker_name
from conformance.process_guard import leaked_threads
from conformance.report import ReportError, build_report, load_final_report, render_matrix_markdown, write_reports
from conformance.reproducer import DEFAULT_DIR
from conformance.runner import ABORT_TIME_BOUND, Settings
from conformance.session import AdapterLoadError, ConformanceSession, load_factory, worst_of
from conformance.shard import record_shard, split_options
from conformance.targets.isolated import isolation_mode
from conformance.verdict import CaseResult
from mock_provider.corpus import load_scenarios
from mock_provider.scenario import ScenarioError

SESSION_KEY = pytest.StashKey[ConformanceSession]()
LEAKS_BEFORE_KEY = pytest.StashKey[set[tuple[str, str]]]()
EXIT_STATUS_KEY = pytest.StashKey[int]()
GATE_KEY = pytest.StashKey[Gate]()
REPORTS_KEY = pytest.StashKey[list[str]]()
STARTED_KEY = pytest.StashKey[bool]()
SHARD_KEY = pytest.StashKey[dict[str, Any]]()
# With --adapter-isolation=process: makes another worker of the same spec (conformance.ahead).
SPARE_KEY = pytest.StashKey[Callable[[], Any]]()
# node id -> verdict of each suite case pytest reported (corpus and generated): what the footer counts.
OUTCOMES_KEY = pytest.StashKey[dict[str, str]]()
SUITE_PATH = str(Path(__file__).resolve().parent / "suite" / "test_conformance.py")
RECORDING_KEY = pytest.StashKey[tuple[str, Any, Any]]()
RECORDING_SUITE = str(Path(__file__).resolve().parent / "suite" / "test_recording.py")
# The suite's node ids as the kit's own repository names them, used for them wherever the kit is installed.
SUITE_NODE_PATH = "conformance/suite/test_conformance.py"
RECORDING_NODE_PATH = "conformance/suite/test_recording.py"
# pytest-xdist: the key under which a worker hands its results to the controller.
WORKER_OUTPUT_KEY = "conformance_results"


def _abort_bound(value: Any) -> float:
    """``--conformance-abort-bound``: a positive number of seconds (``ValueError`` otherwise)."""
    if value is None:
        return ABORT_TIME_BOUND
    try:
        bound = float(value)
    except ValueError:
        bound = math.nan
    if not (math.isfinite(bound) and bound > 0):
        raise ValueError(f"--conformance-abort-bound must be a positive number of seconds, got {value!r}")
    return bound


def _scenarios_only(config: pytest.Config) -> bool:
    """``--conformance-scenarios-only``: the directory replaces the built-in corpus instead of adding to it."""
    return bool(config.getoption("conformance_scenarios_only", default=None)
                or config.getini("conformance_scenarios_only"))


def _strict(config: pytest.Config) -> bool:
    return bool(opt(config, "conformance-strict") or getattr(config.option, "strict", False))


def configure(config: pytest.Config) -> None:
    """Set up an active run (called by the plugin's ``pytest_configure``): markers, session, gate, suite path."""
    for row in catalog().rows:
        config.addinivalue_line("markers", f"{marker_name(row.id)}: [{row.level}] {row.title}")
    config.addinivalue_line("markers", "conformance: a conformance suite case")
    spec = opt(config, "conformance-adapter")
    cmd = opt(config, "conformance-adapter-cmd")
    url = opt(config, "conformance-adapter-url")
    given = [name for name, value in (("--adapter", spec), ("--adapter-cmd", cmd), ("--adapter-url", url)) if value]
    if given:
        config.pluginmanager.register(CaseOutcomes(config), "conformance.case_outcomes")
        # First registered, last run: after every other cleanup (harnesses killed), see whether
        # adapter threads would hold the exit.
        config.stash[LEAKS_BEFORE_KEY] = set(leaked_threads())
        config.add_cleanup(lambda: _exit_without_leaked_threads(config))
    if len(given) > 1:
        raise pytest.UsageError("conformance: give one of --adapter, --adapter-cmd, --adapter-url "
                                f"(got {', '.join(given)})")
    if not given:
        configure_recording(config)
        return
    timeout = opt(config, "conformance-timeout")
    dialects = opt(config, "conformance-dialect")
    _examples(config)  # bad values are usage errors now, not collection errors or failures later
    if opt(config, "conformance-snapshot-dir") and not config.pluginmanager.hasplugin("syrupy"):
        raise pytest.UsageError("conformance: --conformance-snapshot-dir needs syrupy's pytest plugin: "
                                "pip install 'stream-adapter-conformance[snapshot]'")
    try:
        if (properties := _properties()) is not None:
            properties.seed_for("", "", opt(config, "conformance-seed"))
    except ValueError:
        raise pytest.UsageError("conformance: --conformance-seed must be an integer or 'random'") from None
    try:
        settings = Settings(timeout=float(timeout) if timeout else 10.0, strict=_strict(config),
                            time_scale=float(os.environ.get("MOCK_PROVIDER_TIME_SCALE", "0") or 0),
                            abort_bound=_abort_bound(opt(config, "conformance-abort-bound")))
        options: dict[str, Any] = dict(
            settings=settings, profile=opt(config, "conformance-profile"),
            dialects=[d.strip() for d in dialects.split(",")] if dialects else None,
            scenarios_dir=opt(config, "conformance-scenarios"), scenarios_only=_scenarios_only(config),
        )
        second_suite_hooks.fork(config, spec, settings, other_target=bool(cmd or url))  # before any thread
        if cmd:
            from conformance.targets.cmd import DEFAULT_START_TIMEOUT, CmdTarget

            start = opt(config, "conformance-adapter-cmd-start-timeout")
            factory = CmdTarget(cmd, start_timeout=float(start) if start else DEFAULT_START_TIMEOUT,
                                case_timeout=settings.timeout)
            config.add_cleanup(factory.close)
            session = ConformanceSession.from_factory(factory, factory.__name__, isolation="process", **options)
        elif url:
            from conformance.targets.url import target_from_options

            names = ("capabilities", "stream", "select", "features", "policies")
            target = target_from_options(url, *(opt(config, f"conformance-adapter-url-{n}") for n in names))
            session = ConformanceSession.from_factory(target, url, isolation="endpoint", **options)
        elif isolation_mode(opt(config, "conformance-adapter-isolation")) == "process":
            session = _isolated_session(config, spec, settings, options)
        else:
            loaded = load_factory(spec, search=(Path.cwd(), config.rootpath))
            session = ConformanceSession.from_factory(loaded, spec, isolation="none", **options)
    except (AdapterLoadError, ScenarioError, OSError, ValueError) as exc:
        # A bad adapter spec, profile or scenario file is the user's input: say what, no traceback.
        raise pytest.UsageError(f"conformance: {exc}") from exc
    config.stash[SESSION_KEY] = session
    config.stash[GATE_KEY] = _gate(config, session)
    session_gc.freeze_long_lived()  # the kit, the catalog and the corpus: skipped by collection's GC passes
    # Collect the shipped suite: alone when no paths were given, beside them otherwise; a node id of the
    # suite (as a failure printed it) selects that case of the shipped file.
    if config.args_source == pytest.Config.ArgsSource.ARGS:
        config.args[:] = suite_args(config.args)
        if not any(arg.startswith(SUITE_PATH) for arg in config.args):
            config.args.append(SUITE_PATH)
    else:
        config.args[:] = [SUITE_PATH]
    configure_recording(config)


def suite_args(args: list[str]) -> list[str]:
    """``args`` with each node id of the shipped suite pointed at its file, wherever the kit is installed.

    Outside the kit's repository the suite's cases are named ``conformance/suite/test_conformance.py::...``
    (:func:`pytest_itemcollected`); that name, and the bare ``::test_case[...]`` of earlier releases, select
    the case in the installed file. Other arguments are kept.

    >>> node = "conformance/suite/test_conformance.py::test_case[x]"
    >>> suite_args([node, "tests/"]) == [SUITE_PATH + "::test_case[x]", "tests/"]
    True
    >>> suite_args(["tests/test_a.py::test_b"])
    ['tests/test_a.py::test_b']
    """
    out = []
    for arg in args:
        for prefix in (SUITE_NODE_PATH + "::", "::"):
            if arg.startswith(prefix) and not Path(arg.split("::")[0] or "/nonexistent-").is_file():
                arg = SUITE_PATH + "::" + arg[len(prefix):]
                break
        out.append(arg)
    return out


def pytest_itemcollected(item: pytest.Item) -> None:
    """Give the shipped suite's cases a node id that names their file, wherever the kit is installed.

    pytest names a test file outside the rootdir relative to the argument that collected it: the suite's
    own path, so the id was ``::test_case[...]`` with an empty path, which ``pytest`` refuses to re-run and
    JUnit writes with an empty classname.
    """
    if item.nodeid.startswith("::") and str(item.path) in (SUITE_PATH, RECORDING_SUITE):
        prefix = SUITE_NODE_PATH if str(item.path) == SUITE_PATH else RECORDING_NODE_PATH
        set_nodeid(item, f"{prefix}{item.nodeid}")


def _isolated_session(config: pytest.Config, spec: str, settings: Settings, options: dict[str, Any]
                      ) -> ConformanceSession:
    """``--adapter-isolation=process``: the factory runs in ``python -m conformance.harness``.

    The adapter's module is never imported here; a worker that cannot start (a bad spec, an
    import error) is a usage error quoting the worker's stderr, as ``--adapter`` would be.
    """
    from conformance.targets.isolated import isolated_target

    start = opt(config, "conformance-adapter-cmd-start-timeout")
    target = isolated_target(spec, search=(Path.cwd(), config.rootpath), case_timeout=settings.timeout,
                             **({"start_timeout": float(start)} if start else {}))
    config.add_cleanup(target.close)
    session = ConformanceSession.from_factory(target, spec, isolation="process", **options)
    if target.start_failure is not None:
        raise AdapterLoadError(target.start_failure)
    config.stash[SPARE_KEY] = lambda: isolated_target(spec, search=(Path.cwd(), config.rootpath),
                                                      case_timeout=settings.timeout,
                                                      **({"start_timeout": float(start)} if start else {}))
    return session


def configure_recording(config: pytest.Config) -> None:
    """``--recording=FILE [--recording-scenario=ID]``: load it now (a bad file is a usage error), collect its test."""
    from conformance.recording import RecordingError, load_recording

    path = opt(config, "conformance-recording")
    if not path:
        return
    try:
        recording = load_recording(path)
        scenario_id = opt(config, "conformance-recording-scenario") or (recording.conformance.scenario
                                                             if recording.conformance else None)
        scenario = None
        if scenario_id:
            corpus = {s.id: s for s in load_scenarios(opt(config, "conformance-scenarios"),
                                                      replace=_scenarios_only(config))}
            if scenario_id not in corpus:
                close = difflib.get_close_matches(scenario_id, corpus, n=3)
                raise RecordingError(f"{path}: unknown scenario {scenario_id!r}"
                                     + (f" (did you mean {', '.join(close)}?)" if close else ""))
            scenario = corpus[scenario_id]
    except (RecordingError, ScenarioError, OSError) as exc:
        raise pytest.UsageError(f"conformance: {exc}") from exc
    config.stash[RECORDING_KEY] = (str(path), recording, scenario)
    if config.args_source == pytest.Config.ArgsSource.ARGS or SUITE_PATH in config.args:
        if RECORDING_SUITE not in config.args:
            config.args.append(RECORDING_SUITE)  # beside the given paths, or beside the adapter suite
    else:
        config.args[:] = [RECORDING_SUITE]


def check_recording_case(request: pytest.FixtureRequest) -> None:
    """The recording suite's test body: the recording's MUST findings fail it."""
    from conformance.recording import check_recording

    stashed = request.config.stash.get(RECORDING_KEY, None)
    if stashed is None:
        pytest.skip("no --recording given")
    path, recording, scenario = stashed
    report = check_recording(recording, path=path, scenario=scenario)
    request.node.user_properties.append(("findings", len(report.findings)))
    if report.failed:
        pytest.fail(report.describe(), pytrace=False)


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
    failure: str | None = None
    if result.verdict == "UNSUPPORTED":
        needed = session.profile_misses(scenario)
        if needed and result.reason.startswith("feature"):
            failure = (f"UNSUPPORTED but --conformance-profile={session.profile} requires "
                       f"{', '.join(sorted(needed))} ({result.reason}); the profile requires "
                       f"{', '.join(sorted(session.required_features())) or 'nothing'}, see docs/profiles.md")
    elif result.verdict in ("FAIL", "ERROR"):
        failure = result.describe()
    # The gate turns a failure into xfail when the baseline knew it or a deviation accepts it.
    decision = request.config.stash[GATE_KEY].decide(result, failing=failure is not None)
    request.node.user_properties.append(("gate", decision.status))
    if failure is not None:
        if decision.status in ("known-failure", "deviation"):
            pytest.xfail(f"{decision.status}: {decision.reason}\n{failure}")
        pytest.fail(f"{decision.reason}\n{failure}" if decision.reason else failure, pytrace=False)
    if result.verdict == "NOT-EXPRESSIBLE":
        pytest.skip(f"NOT-EXPRESSIBLE: {result.reason}")
    if result.verdict == "UNSUPPORTED":
        pytest.skip(f"UNSUPPORTED: {result.reason}")
    _snapshot(request, result)


def _properties() -> Any:
    """:mod:`conformance.properties`, or ``None`` where hypothesis (the ``[generated]`` extra) is not installed."""
    try:
        from conformance import properties
    except ImportError as exc:
        if (exc.name or "").split(".")[0] == "hypothesis":
            return None
        raise
    return properties


NO_HYPOTHESIS = "generated-* cases need hypothesis: pip install 'stream-adapter-conformance[generated]'"


def _examples(config: pytest.Config) -> int:
    value = opt(config, "conformance-examples")
    try:
        return 100 if value is None else int(value)  # properties.DEFAULT_EXAMPLES (a test keeps them equal)
    except ValueError:
        raise pytest.UsageError(f"conformance: --conformance-examples must be a number (got {value!r})") from None


def _property_params(config: pytest.Config) -> list[Any]:
    """One generated-* case per property x dialect the adapter consumes (skipped when it cannot run)."""
    session = config.stash.get(SESSION_KEY, None)
    properties = _properties()
    if session is None or _examples(config) <= 0 or properties is None:
        why = ("no --adapter given" if session is None else
               "--conformance-examples 0" if _examples(config) <= 0 else NO_HYPOTHESIS)
        return [pytest.param(None, marks=pytest.mark.skip(reason=why), id="generated-off")]
    params = []
    for name in properties.PROPERTIES:
        for dialect in session.selected_dialects():
            skip = properties.not_applicable(name, session.capabilities, dialect)
            marks = [pytest.mark.conformance] + ([pytest.mark.skip(reason=skip)] if skip else [])
            params.append(pytest.param((name, dialect), marks=marks, id=f"{name}-{dialect}"))
    return params


def check_property(case: Any, request: pytest.FixtureRequest) -> None:
    """Search generated streams for one the adapter gets wrong; save and show the shrunk one."""
    session: ConformanceSession = request.config.stash[SESSION_KEY]
    name, dialect = case
    features = session.capabilities.features if session.capabilities else None
    if second_suite_hooks.passed(request.config, name, dialect):
        request.node.user_properties.append(("verdict", "PASS"))  # every stream passed in the second suite
        return
    found = _properties().search(session.factory, name, dialect, examples=_examples(request.config),
                                 settings=session.settings, seed=opt(request.config, "conformance-seed"),
                                 features=features, adapter_name=session.spec)
    request.node.user_properties.append(("verdict", found.result.verdict if found else "PASS"))
    if found is None:
        return
    session.results.append(found.result)  # the matrix shows the rows the reproducer breaks
    path = found.write(opt(request.config, "conformance-reproducer-dir") or DEFAULT_DIR)
    failure = (f"{name} [{dialect}] found a stream the adapter gets wrong; reproducer saved to {path}\n"
               f"{found.result.describe()}\n\n--- {path}\n{found.yaml()}")
    # Gated like every corpus case, so the gate's word and pytest's exit code agree.
    decision = request.config.stash[GATE_KEY].decide(found.result, failing=True)
    request.node.user_properties.append(("gate", decision.status))
    if decision.status in ("known-failure", "deviation"):
        pytest.xfail(f"{decision.status}: {decision.reason}\n{failure}")
    pytest.fail(f"{decision.reason}\n{failure}" if decision.reason else failure, pytrace=False)


def _snapshot(request: pytest.FixtureRequest, result: CaseResult) -> None:
    directory = opt(request.config, "conformance-snapshot-dir")
    if not directory:
        return
    from conformance.snapshot import extension_for, normalize_events  # syrupy: the [snapshot] extra

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
    unreached = 0
    for row in session.matrix.rows:
        counts = summary.get(row.id)
        if not counts:
            unreached += 1  # only the rows this run reached are listed (a -k run reaches a few)
            continue
        cells = "".join(f"{counts.get(v, 0):>10}" for v in verdicts)
        tr.write_line(f"{row.id:<28}{row.level:<7}{cells}  {worst_of(counts)}")
    if unreached:
        tr.write_line(f"({unreached} rows no case of this run exercised are not listed)")
    by_case = Counter(config.stash.get(OUTCOMES_KEY, {}).values())
    tr.write_line(f"cases: {by_case.total()} graded: " + ", ".join(f"{k}={v}" for k, v in sorted(by_case.items())))
    _nonstrict_summary(tr, session.results)
    line = unrouted_summary(session.results)
    if line:
        tr.write_line(line, red=True)
    _gate_summary(tr, config)
    for note, case in getattr(session.factory, "leaks", [])[:20]:  # a worker's: it is ended with the suite
        tr.write_line(f"conformance warning: {case}: {note.removeprefix('note: ')}", yellow=True)


def case_verdict(report: pytest.TestReport) -> str | None:
    """The verdict the footer counts for a suite case's final report (None: not a suite case, or not final).

    The case's own ``verdict`` property when its body ran (a generated case that found nothing is PASS);
    a case skipped before its body by a mark is UNSUPPORTED when the reason says so, else NOT-EXPRESSIBLE
    (a generated stream in a dialect served over HTTP); one that errored outside its body is ERROR.

    >>> from types import SimpleNamespace as R
    >>> case_verdict(R(keywords={"conformance": 1}, when="setup", outcome="skipped", user_properties=[],
    ...                longrepr=("f", 1, "Skipped: UNSUPPORTED: feature(s) not declared: tools")))
    'UNSUPPORTED'
    """
    if "conformance" not in report.keywords:
        return None
    verdict = dict(report.user_properties).get("verdict")
    if report.when == "call":
        return str(verdict) if verdict is not None else ("PASS" if report.outcome == "passed" else "ERROR")
    if report.outcome == "passed" or (report.when == "teardown" and verdict is not None):
        return None
    if report.outcome == "skipped":
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        return "UNSUPPORTED" if "UNSUPPORTED" in reason else "NOT-EXPRESSIBLE"
    return "ERROR"


class CaseOutcomes:
    """A per-run plugin: each suite case's verdict from pytest's reports, so the footer counts what pytest
    counted (under xdist, the controller sees every worker's reports here)."""

    def __init__(self, config: pytest.Config) -> None:
        self.verdicts = config.stash.setdefault(OUTCOMES_KEY, {})

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        verdict = case_verdict(report)
        if verdict is not None:
            self.verdicts[report.nodeid] = verdict


def _nonstrict_summary(tr: Any, results: list[CaseResult]) -> None:
    """Name the cases that missed a SHOULD, with the rows and why: a PASS-NONSTRICT is a pass, but
    one the adapter's author should see without --strict."""
    nonstrict = [r for r in results if r.verdict == "PASS-NONSTRICT"]
    if not nonstrict:
        return
    tr.write_line(f"PASS-NONSTRICT ({len(nonstrict)}): a SHOULD missed; --strict makes these FAIL")
    for r in nonstrict[:20]:
        why = "; ".join(sorted({f"{f.row}: {f.message}" for f in r.findings if f.level == "SHOULD"}))
        tr.write_line(f"  {r.case_id}: {why[:300]}")
    if len(nonstrict) > 20:
        tr.write_line(f"  ... and {len(nonstrict) - 20} more (reports/conformance.md lists them all)")


def _gate_summary(tr: Any, config: pytest.Config) -> None:
    gate = config.stash.get(GATE_KEY, None)
    if gate is None:
        return
    summary = gate.summary()
    if gate.baseline is not None or gate.deviations:
        tr.write_line(f"gate: {'FAILED' if summary['failed'] else 'passed'}: "
                      f"{len(summary['regressions'])} regression(s)"
                      + (f" on rows {', '.join(summary['regressed_rows'])}" if summary["regressed_rows"] else "")
                      + f", {len(summary['known_failures'])} known failure(s), "
                      f"{len(summary['deviations'])} accepted deviation(s)")
    for unused in summary["unused_deviations"]:
        tr.write_line(f"conformance warning: unused deviation {unused}", yellow=True)
    for note in config.stash.get(REPORTS_KEY, []):
        tr.write_line(note, yellow=note.startswith("conformance warning"))
    for name, case in _new_leaks(config):
        tr.write_line(f"conformance warning: adapter thread {name!r} (left running by {case}) is still running; "
                      "the suite exits without waiting for it", yellow=True)


def _new_leaks(config: pytest.Config) -> list[tuple[str, str]]:
    """Adapter threads (name, case) left running by this session's cases and alive now."""
    before = config.stash.get(LEAKS_BEFORE_KEY, set())
    return [leak for leak in leaked_threads() if leak not in before]


def _exit_without_leaked_threads(config: pytest.Config) -> None:
    """The last cleanup: when non-daemon adapter threads still run, the interpreter would wait for
    them at its exit (97 s once; forever in CI). The reports are written and the summary printed:
    flush and leave with pytest's status. An xdist worker leaves that to its controller."""
    if not _new_leaks(config) or hasattr(config, "workerinput") or EXIT_STATUS_KEY not in config.stash:
        return
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
    os._exit(config.stash[EXIT_STATUS_KEY])


def _gate(config: pytest.Config, session: ConformanceSession) -> Gate:
    """The baseline and deviations of this run (a bad file is a usage error naming it)."""
    baseline_path, deviations_path = opt(config, "conformance-baseline"), opt(config, "conformance-deviations")
    try:
        baseline = load_final_report(baseline_path) if baseline_path else None
        deviations = load_deviations(deviations_path, session.matrix.ids()) if deviations_path else []
    except (ReportError, DeviationsError) as exc:
        raise pytest.UsageError(f"conformance: {exc}") from exc
    return Gate(baseline=baseline, baseline_path=baseline_path, deviations=deviations,
                deviations_path=deviations_path)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """pytest-xdist, on the controller: take a stopped worker's case results and gate decisions."""
    config = node.config
    conf = config.stash.get(SESSION_KEY, None)
    data = (getattr(node, "workeroutput", None) or {}).get(WORKER_OUTPUT_KEY)
    if conf is None or data is None:
        return
    # Pickle, not JSON: the report needs the whole CaseResult, and the bytes come from this
    # run's own worker processes (same code, same machine).
    results, decisions, shard = pickle.loads(data)
    conf.results.extend(results)
    config.stash[GATE_KEY].decisions.update(decisions)
    if shard is not None:  # every worker of a shard collects the same items and records the same shard
        config.stash[SHARD_KEY] = shard
    # Workers finish in any order; the reports list cases in the order one process runs them.
    order = {f"{scenario.id}[{dialect}]": i for i, (scenario, dialect) in enumerate(conf.cases())}
    conf.results.sort(key=lambda r: order.get(r.case_id, len(order)))


def _report(config: pytest.Config, conf: ConformanceSession, status: str) -> dict[str, Any]:
    gate = config.stash[GATE_KEY]
    return build_report(
        spec=conf.spec, results=conf.results, scenarios=conf.scenarios, capabilities=conf.capabilities,
        profile=conf.profile, strict=conf.settings.strict, dialects=conf.selected_dialects(), matrix=conf.matrix,
        decisions={k: d.as_dict() for k, d in gate.decisions.items()}, gate=gate.summary(),
        isolation=conf.isolation, status=status, shard=config.stash.get(SHARD_KEY, None),
    )


def _report_dir(config: pytest.Config) -> Path | None:
    if config.getoption("conformance_no_report", default=False):
        return None
    return Path(opt(config, "conformance-report-dir") or "reports")


def _write_started_report(config: pytest.Config, conf: ConformanceSession) -> None:
    """Before the first case: a report that says the run has not finished, replaced at the end.

    A run that dies on the way (an in-process adapter's ``os._exit(0)``, a killed job) leaves
    this one behind, which no gate accepts (:func:`conformance.report.incomplete`), instead of
    no report or the last run's.
    """
    directory = _report_dir(config)
    if directory is None:
        return
    try:
        write_reports(_report(config, conf, "started"), directory)
        config.stash[STARTED_KEY] = True
    except OSError:
        pass  # said at the end, when the final report cannot be written either


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Write the reports, and the matrix to ``$GITHUB_STEP_SUMMARY`` when that is set.

    An xdist worker writes nothing: it hands its results to the controller (see above).
    """
    config = session.config
    config.stash[EXIT_STATUS_KEY] = int(exitstatus)
    conf = config.stash.get(SESSION_KEY, None)
    if conf is not None:
        conf.attach_late_notes()  # a harness's messages that came after the last case ended
    shard = None if config.option.collectonly else config.stash.get(SHARD_KEY, None)
    workeroutput = getattr(config, "workeroutput", None)
    if workeroutput is not None:
        if conf is not None and (conf.results or shard is not None):
            workeroutput[WORKER_OUTPUT_KEY] = pickle.dumps((conf.results, config.stash[GATE_KEY].decisions, shard))
        return
    started: bool = config.stash.get(STARTED_KEY, False)
    if conf is None or not (conf.results or started or shard is not None):
        return
    if shard is not None and exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED:
        # A shard given no case (more shards than cases) is still one part of the run: its report says
        # which cases the run planned, and the merge needs it; the job passes.
        session.exitstatus = pytest.ExitCode.OK
        config.stash[EXIT_STATUS_KEY] = 0
    report = _report(config, conf, "complete")
    notes: list[str] = []
    try:
        directory = _report_dir(config)
        if directory is not None:
            notes += [f"report: {p}" for p in write_reports(report, directory)]
        summary_file = os.environ.get("GITHUB_STEP_SUMMARY")
        if summary_file and conf.results:
            with open(summary_file, "a", encoding="utf-8") as fh:
                fh.write(render_matrix_markdown(report) + "\n")
    except (OSError, ReportError) as exc:
        # A report that cannot be written is said in the summary; it does not crash the session.
        notes.append(f"conformance warning: could not write the reports: {exc}")
    config.stash[REPORTS_KEY] = notes


class _Deselections:
    """Every ``pytest_deselected`` call while the items are being selected, in order (empty ones too)."""

    def __init__(self) -> None:
        self.calls: list[list[pytest.Item]] = []

    def pytest_deselected(self, items: list[pytest.Item]) -> None:
        self.calls.append(list(items))


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> Any:
    """The cases in which the adapter waits go last (:func:`_waits_last`). A shard of a split run
    (pytest-split's ``--splits``/``--group``): record which shard it is, what the
    whole run plans and what this shard was given, for the report (:mod:`conformance.shard`)."""
    if config.stash.get(SESSION_KEY, None) is not None:
        _waits_last(config, items)
    if config.stash.get(SESSION_KEY, None) is None or split_options(config) is None:
        return (yield)
    candidates = list(items)
    listener = _Deselections()
    config.pluginmanager.register(listener)
    try:
        result = yield
    finally:
        config.pluginmanager.unregister(listener)
    config.stash[SHARD_KEY] = record_shard(config, candidates, items, listener.calls)
    return result


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session: pytest.Session) -> None:
    """Before the first case runs (here or in xdist's workers): the ``started`` report."""
    config = session.config
    conf = config.stash.get(SESSION_KEY, None)
    if conf is None or hasattr(config, "workerinput"):
        return
    _junit_properties(config, conf)
    xdist = getattr(config.option, "dist", "no") != "no"  # the controller collects nothing: its workers run
    if config.option.collectonly or not (session.items or xdist):
        return
    _write_started_report(config, conf)


def _junit_properties(config: pytest.Config, conf: ConformanceSession) -> None:
    """``--junitxml``: the adapter, where it ran and the kit's version as the test suite's properties."""
    from _pytest.junitxml import xml_key

    from conformance.report import KIT_DISTRIBUTION, _dist_version

    xml = config.stash.get(xml_key, None)
    if xml is None:
        return
    for name, value in (("conformance_adapter", conf.spec), ("conformance_isolation", conf.isolation),
                        ("conformance_kit", _dist_version(KIT_DISTRIBUTION) or "?")):
        xml.add_global_property(name, value)


def pytest_report_header(config: pytest.Config) -> list[str]:
    """The first lines of the run: the adapter, where it runs, and the kit's version."""
    conf = config.stash.get(SESSION_KEY, None)
    if conf is None:
        return []
    from conformance.report import KIT_DISTRIBUTION, _dist_version

    line = f"conformance: adapter {conf.spec} · isolation {conf.isolation} · kit {_dist_version(KIT_DISTRIBUTION)}"
    if conf.isolation == "none":
        line += (" · WARNING: the adapter runs in this process and can change its own verdicts "
                 "(--adapter-isolation=none is for debugging)")
    return [line]


# --- generated-* streams drawn in a child process while the corpus runs (issue 18, conformance.prefetch)
@pytest.hookimpl(trylast=True)  # after hypothesis's own: its plugin's initialization is over, no warning
def pytest_sessionstart(session: pytest.Session) -> None:
    """Start drawing the generated-* cases' streams now, beside collection and the corpus cases.

    Not under xdist: the controller runs no case, and a worker's child would draw every property
    whether or not the worker is sent its cases (the workers already fill the cores).
    :func:`pytest_collection_finish` ends the child when no generated-* case was selected.
    """
    config = session.config
    conf = config.stash.get(SESSION_KEY, None)
    properties = _properties()
    xdist = getattr(config.option, "dist", "no") != "no" or hasattr(config, "workerinput")
    if conf is None or properties is None or xdist or _examples(config) <= 0:
        return
    dialects = conf.selected_dialects()
    names = [name for name in properties.PROPERTIES
             if any(properties.not_applicable(name, conf.capabilities, d) is None for d in dialects)]
    if not names:
        return
    from conformance import drawn, prefetch

    features = conf.capabilities.features if conf.capabilities else None
    examples, seed = _examples(config), opt(config, "conformance-seed")
    keys = [prefetch.key_for(name, features, examples, seed) for name in names]
    # The default seed's streams for the reference adapter's features ship with the kit: nothing to draw.
    prefetch.start([key for key in keys if not drawn.available(key)])


def pytest_collection_finish(session: pytest.Session) -> None:
    """End the drawing child when no generated-* case is to run (``-k``, ``--deselect``); freeze what lives as
    long as the session, the collected items with it (:mod:`conformance.session_gc`)."""
    if session.config.stash.get(SESSION_KEY, None) is not None:
        session_gc.freeze_long_lived()
        _run_waits_ahead(session)
    second_suite_hooks.plan(session)
    for item in session.items:
        param = getattr(getattr(item, "callspec", None), "params", {})
        if param.get("conformance_property") is not None and item.get_closest_marker("skip") is None:
            return
    from conformance import prefetch

    prefetch.stop()


def _run_waits_ahead(session: pytest.Session) -> None:
    """Give the selected cases in which the adapter waits to a second worker now (conformance.ahead); they
    come last in the run (:func:`_waits_last`)."""
    config = session.config
    conf: ConformanceSession = config.stash[SESSION_KEY]
    make = config.stash.get(SPARE_KEY, None)
    if make is None or getattr(config.option, "dist", "no") != "no" or hasattr(config, "workerinput"):
        return
    from conformance.ahead import MIN_WAIT_S, Ahead, adapter_wait

    cases = [case for item in session.items
             if (case := getattr(getattr(item, "callspec", None), "params", {}).get("conformance_case")) is not None
             and item.get_closest_marker("skip") is None and adapter_wait(case[0]) > 0]
    if sum(adapter_wait(scenario) for scenario, _ in cases) < MIN_WAIT_S:
        return
    conf.ahead = Ahead(make, cases, conf.settings, conf.spec)
    config.add_cleanup(conf.ahead.close)


def _waits_last(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Move the cases in which the adapter waits to the end of the run, where they can be run ahead
    (:func:`_run_waits_ahead`): the second worker then has every other case's time to finish them, instead
    of the few cases between its start and theirs (it runs them one after another). Done before a split
    run records its plan, so every shard and the run in one piece order the cases alike."""
    if config.stash.get(SPARE_KEY, None) is None or getattr(config.option, "dist", "no") != "no" \
            or hasattr(config, "workerinput"):
        return
    from conformance.ahead import waits_last

    waits_last(items, lambda item: getattr(getattr(item, "callspec", None), "params", {}).get("conformance_case"))


def pytest_unconfigure(config: pytest.Config) -> None:
    """End the drawing child if the session ended before taking its streams (-x, an interrupt); collect the
    run's garbage once (:func:`conformance.session_gc.collect_once`)."""
    from conformance import prefetch

    prefetch.stop()
    if config.stash.get(SESSION_KEY, None) is not None:
        session_gc.collect_once(config)

