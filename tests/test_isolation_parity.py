"""The worker and the suite's own process grade alike: every reference adapter on the corpus and
every mutant on the cases of its rows, run in process and in a worker process
(``--adapter-isolation``: ``none`` and the default ``process``), get the same verdicts and findings.

One worker serves them all (tests/parity_worker.py), told which adapter each case is for, so the
run pays one worker start. Each reference runs the corpus in one dialect (together they cover
every part dialect and an HTTP one); each mutant runs like tests/test_grading_parity.py.
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conformance.runner import Settings, capabilities_of, run_case
from conformance.targets.cmd import CmdTarget
from conformance.targets.isolated import isolated_target
from conformance.verdict import CaseResult
from mock_provider.scenario import Scenario
from tests.mutants import ALL_MUTANTS
from tests.mutants.base import Mutant, loop_scenario
from tests.parity_worker import named

# One xdist group: the module's parity fixture runs every reference and mutant twice, so the slow set
# (``--dist loadgroup``, tests/conftest.py) runs it on one worker, not once on each.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("isolation-parity")]

ROOT = Path(__file__).resolve().parent.parent
ALWAYS = ("text.basic.001", "tool.interleave.001")
REFERENCES = {"agui": "v4", "tanstack": "v3", "tanstack_legacy": "v2", "ui_message_stream": "mastra",
              "ui_message_stream7": "v4", "agui_bridge": "mastra", "openai_http": "openai-chat"}
# Mutants whose in-process and worker verdicts differ for a reason the worker cannot remove, each said.
NOT_IN_A_WORKER = {
    # They wrap a URL target (--adapter-url): not a factory a worker serves.
    **{m.name: "an endpoint mutant" for m in ALL_MUTANTS if m.base == "agui-endpoint"},
    # It finds its case by ctx.scenario_id in process; a worker is given an opaque id, so it finds another
    # scenario by the request's messages (and still FAILs upstream.read: tests/test_isolation.py).
    "agui.replays-the-corpus": "what it replays depends on the id the worker hides",
}
WORKER_MUTANTS = [m for m in ALL_MUTANTS if m.name not in NOT_IN_A_WORKER]


class Parity:
    """The worker, and a factory per adapter that runs its cases there with that adapter's capabilities."""

    def __init__(self, target: CmdTarget, name_file: Path) -> None:
        self.target, self.name_file = target, name_file

    def factory(self, name: str) -> Any:
        from conformance.contract import AdapterContext

        caps = capabilities_of(named(name)(AdapterContext(dialect="probe", model=None, scenario_id="probe")))

        def make(ctx: Any) -> Any:
            self.name_file.write_text(name, encoding="utf-8")
            adapter = self.target(ctx)
            adapter.capabilities = caps  # what a worker serving this adapter alone would have declared
            return adapter

        make.__name__ = name
        return make


@pytest.fixture(scope="module")
def parity(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Parity]:
    # The Gemini mutants import google-genai inside their first case: cold, on a loaded machine, that import once
    # outlasted the in-process case's timeout (an ERROR where the worker graded FAIL) when this module ran first
    # in its worker. Imported here, no case's time includes it, wherever the module lands in the run.
    with contextlib.suppress(ImportError):
        importlib.import_module("google.genai")
    name_file = tmp_path_factory.mktemp("parity") / "adapter"
    name_file.write_text("", encoding="utf-8")
    os.environ["SAC_PARITY_ADAPTER_FILE"] = str(name_file)  # inherited by the worker
    target = isolated_target("tests.parity_worker:dispatch", search=(ROOT,), start_timeout=60, case_timeout=15.0)
    try:
        yield Parity(target, name_file)
    finally:
        target.close()
        os.environ.pop("SAC_PARITY_ADAPTER_FILE", None)


def _key(result: CaseResult) -> dict[str, Any]:
    """What must agree: the verdicts, and which rows have findings at which level. Not the messages: they
    quote times measured on each run ("ended 4.95s after the caller aborted") and the worker's traceback.
    Nor request.abort's time bound (its ``actual`` is the measured time): how long an upstream that ignores
    the abort stays open is wall-clock time, which a process round trip on a busy machine stretches past
    the bound where the in-process run does not; its step-count finding is compared."""
    timed = [f for f in result.findings if f.row == "request.abort" and isinstance(f.actual, str)]
    return {"verdict": result.verdict, "content": result.content, "termination": result.termination,
            "findings": sorted({(f.row, f.level or "") for f in result.findings if f not in timed})}


def _differences(parity: Parity, name: str, cases: list[tuple[Scenario, str]], settings: Settings) -> list[str]:
    worker = parity.factory(name)
    out = []
    for scenario, dialect in cases:
        local = _key(run_case(named(name), scenario, dialect, settings, adapter_name=name))
        remote = _key(run_case(worker, scenario, dialect, settings, adapter_name=name))
        if local != remote:
            out.append(f"{name} {scenario.id}[{dialect}]: in process {local} != in a worker {remote}")
    return out


@pytest.mark.parametrize("name", list(REFERENCES))
def test_references_grade_alike_in_process_and_in_a_worker(name: str, parity: Parity,
                                                            corpus: list[Scenario]) -> None:
    diffs = _differences(parity, f"ref:{name}", [(s, REFERENCES[name]) for s in corpus], Settings(timeout=10.0))
    assert not diffs, "\n".join(diffs[:5])


def test_mutants_grade_alike_in_process_and_in_a_worker(parity: Parity, corpus: list[Scenario]) -> None:
    diffs: list[str] = []
    for mutant in WORKER_MUTANTS:
        diffs += _differences(parity, mutant.name, _mutant_cases(mutant, corpus), _settings(mutant))
    assert not diffs, f"{len(diffs)} difference(s):\n" + "\n".join(diffs[:8])


def _mutant_cases(mutant: Mutant, corpus: list[Scenario]) -> list[tuple[Scenario, str]]:
    mine = [s for s in corpus if (set(s.rows) & (mutant.targets | mutant.should) or s.id in ALWAYS)
            and (mutant.loops or not loop_scenario(s))]
    return [(s, mutant.dialects[0]) for s in mine]


def _settings(mutant: Mutant) -> Settings:
    settings = Settings(timeout=max(mutant.timeout, 5.0), grace=2.0)
    if mutant.abort_bound is not None:
        settings.abort_bound = mutant.abort_bound
    return settings


def test_the_parity_is_not_vacuous(parity: Parity, corpus: list[Scenario]) -> None:
    """A mutant's failure reaches the worker's verdict too: the comparison above compares real grades."""
    mutant = next(m for m in ALL_MUTANTS if m.name == "agui.text-left-open")
    scenario = next(s for s in corpus if s.id == "text.basic.001")
    remote = run_case(parity.factory(mutant.name), scenario, mutant.dialects[0], Settings(timeout=10.0))
    assert remote.verdict == "FAIL" and "8.1.5" in remote.failed_rows(), remote.describe()
