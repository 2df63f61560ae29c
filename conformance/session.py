"""A conformance session: the adapter under test, its settings, the cases and their results.

Plain Python (no pytest), so the project's own tests and the plugin share one engine.

Example:
    >>> s = ConformanceSession.from_spec("conformance.reference:agui")
    >>> [c for c in s.cases() if c[0].id == "text.basic.001"][0][1]
    'v2'
"""

from __future__ import annotations

import contextlib
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from conformance.catalog import catalog
from conformance.contract import AdapterContext, Capabilities
from conformance.factory_import import AdapterLoadError as AdapterLoadError
from conformance.factory_import import load_factory as load_factory
from conformance.matrix import Matrix
from conformance.run_record import RunRecord
from conformance.runner import Factory, Settings, capabilities_of, run_case
from conformance.targets.contract import transport_rows
from conformance.verdict import ORDER, CaseResult
from mock_provider.corpus import load_scenarios
from mock_provider.scenario import PART_DIALECTS, Scenario

if TYPE_CHECKING:
    from conformance.ahead import Ahead

# Named sets of features an adapter must support: with --conformance-profile, an UNSUPPORTED case that
# misses one of them FAILS instead of being skipped (a CI gate for "full TanStack adapter").
PROFILES: dict[str, set[str]] = {
    "minimal": set(),
    "tools": {"tools", "parallel_tools"},
    "tanstack": {"tools", "parallel_tools", "reasoning", "provider_executed", "approval", "abort"},
    "full": {"tools", "parallel_tools", "reasoning", "provider_executed", "approval", "abort",
             "structured_output", "multimodal"},
    # An AG-UI bridge over Mastra chunks (seed 001; conformance.bridge): its own conventions plus tools.
    "bridge": {"bridge", "tools", "parallel_tools", "provider_executed"},
}


PROBE_TIMEOUT_S = 30.0


def probe_capabilities(factory: Factory, timeout: float = PROBE_TIMEOUT_S) -> Capabilities | None:
    """Capabilities from a factory called with a context that has no model (None if it refuses,
    raises, exits or does not return within ``timeout`` seconds: a blocking factory once hung the
    suite before any output).

    >>> import time
    >>> probe_capabilities(lambda ctx: time.sleep(5), timeout=0.05) is None
    True
    """
    found: list[Capabilities] = []

    def call() -> None:
        with contextlib.suppress(BaseException):  # SystemExit too: a thread's exit is not the suite's
            found.append(capabilities_of(factory(AdapterContext(dialect="probe", model=None, scenario_id="probe"))))

    worker = threading.Thread(target=call, name="conformance-probe", daemon=True)
    worker.start()
    worker.join(timeout)
    return found[0] if found else None


@dataclass
class ConformanceSession:
    factory: Factory
    spec: str
    settings: Settings = field(default_factory=Settings)
    dialects: list[str] | None = None
    profile: str | None = None
    scenarios: list[Scenario] = field(default_factory=list)
    results: list[CaseResult] = field(default_factory=list)
    capabilities: Capabilities | None = None
    matrix: Matrix = field(default_factory=catalog)
    # Where the adapter runs: "process" (a worker, or an --adapter-cmd harness), "none" (this
    # process: its code can change its own verdicts), "endpoint" (--adapter-url). The reports say it.
    isolation: str = "none"
    # The ungraded run records of the cases run, in order, when the caller asks for them (a list): the
    # real adapters' pins keep them to regrade without running the adapter again. None: not kept.
    records: list[RunRecord] | None = None
    # The cases run ahead on a second worker (conformance.ahead.Ahead), taken here in pytest's order.
    ahead: Ahead | None = None

    @classmethod
    def from_spec(cls, spec: str, **kwargs: Any) -> ConformanceSession:
        return cls.from_factory(load_factory(spec), spec, **kwargs)

    @classmethod
    def from_factory(cls, factory: Factory, spec: str, **kwargs: Any) -> ConformanceSession:
        """A session for a factory built elsewhere (``--adapter-url``); ``spec`` names it in reports."""
        scenarios_dir = kwargs.pop("scenarios_dir", None)
        scenarios_only = kwargs.pop("scenarios_only", False)  # --conformance-scenarios-only: replace the corpus
        session = cls(factory=factory, spec=spec, **kwargs)
        session.scenarios = load_scenarios(scenarios_dir, replace=scenarios_only)
        session.capabilities = probe_capabilities(factory)
        if session.profile is not None and session.profile not in PROFILES:
            raise AdapterLoadError(f"unknown --conformance-profile {session.profile!r}; known: {', '.join(PROFILES)}")
        session.settings.matrix = session.matrix
        return session

    def selected_dialects(self) -> list[str]:
        """Dialects to run: the adapter's declared inputs (all part dialects if unknown) x ``--dialect``."""
        base: list[str] = list(self.capabilities.inputs) if self.capabilities else list(PART_DIALECTS)
        if self.dialects:
            base = [d for d in base if d in self.dialects]
        return base

    def cases(self) -> list[tuple[Scenario, str]]:
        return [(s, d) for s in self.scenarios for d in self.selected_dialects()]

    def run(self, scenario: Scenario, dialect: str) -> CaseResult:
        """Run and record one case."""
        early = self.ahead.take(scenario, dialect) if self.ahead is not None else None
        if early is not None:
            result, records = early
            if self.records is not None:
                self.records.extend(records)
        else:
            result = run_case(self.factory, scenario, dialect, self.settings, adapter_name=self.spec,
                              keep=self.records)
        self.results.append(result)
        self.attach_late_notes()
        return result

    def attach_late_notes(self) -> None:
        """Add a transport target's notes on messages that came after their case had ended
        (``--adapter-cmd``: dropped, not charged to the next case) to the cases they belong to."""
        take = getattr(self.factory, "late_notes", None)
        notes: dict[str, str] = take() if callable(take) else {}
        if self.ahead is not None:
            notes = {**notes, **self.ahead.late_notes()}
        for r in self.results if notes else ():
            if r.case_id in notes:
                r.reason = f"{r.reason}\n{notes[r.case_id]}" if r.reason else notes[r.case_id]

    def required_features(self) -> set[str]:
        return PROFILES.get(self.profile or "", set())

    def profile_misses(self, scenario: Scenario) -> set[str]:
        """The features ``scenario`` needs that the profile requires and the adapter does not declare.

        Only these turn an UNSUPPORTED case into a failure: a case that also needs a feature outside the
        profile (reasoning, under ``tools``) stays UNSUPPORTED.
        """
        declared = set(self.capabilities.features) if self.capabilities else set()
        return (scenario.features() - declared) & self.required_features()

    def row_summary(self) -> dict[str, Counter[str]]:
        """Row id -> counts of per-case verdicts on that row."""
        # A target over a transport checks its wire rows on every case too (``transport_rows``).
        wire = set(transport_rows(self.factory))
        return row_summary(self.results, [r.id for r in self.matrix.rows if r.every_case or r.id in wire])


def row_summary(results: Iterable[CaseResult], every_case: Iterable[str] = ()) -> dict[str, Counter[str]]:
    """Per row: how many cases gave each verdict *for that row* (findings on the row, else the case status).

    ``every_case`` rows are checked on the events of every case that ran, whatever its scenario.
    """
    universal = set(every_case)
    out: dict[str, Counter[str]] = {}
    for r in results:
        ran = r.verdict not in ("ERROR", "UNSUPPORTED", "NOT-EXPRESSIBLE")
        rows = set(r.rows) | {f.row for f in r.findings} | (universal if ran else set())
        for row in rows:
            mine = [f for f in r.findings if f.row == row]
            v: str
            if r.verdict in ("ERROR", "UNSUPPORTED", "NOT-EXPRESSIBLE"):
                v = r.verdict
            elif not mine:
                v = "PASS"
            else:
                levels = {f.level for f in mine}
                v = "FAIL" if "MUST" in levels else "PASS-NONSTRICT" if "SHOULD" in levels else "INFO"
            out.setdefault(row, Counter())[v] += 1
    return out


def worst_of(counter: Counter[str]) -> str:
    """The row's verdict: the worst of the cases that ran; UNSUPPORTED/NOT-EXPRESSIBLE only if none ran.

    >>> worst_of(Counter({"UNSUPPORTED": 1, "NOT-EXPRESSIBLE": 3})), worst_of(Counter({"UNSUPPORTED": 2, "INFO": 1}))
    ('NOT-EXPRESSIBLE', 'INFO')
    >>> worst_of(Counter({"UNSUPPORTED": 1})), worst_of(Counter({"NOT-EXPRESSIBLE": 1, "UNSUPPORTED": 1}))
    ('UNSUPPORTED', 'NOT-EXPRESSIBLE')
    """
    ran = [v for v, n in counter.items() if n and v not in ("UNSUPPORTED", "NOT-EXPRESSIBLE")]
    pool = ran or [v for v, n in counter.items() if n]
    # UNSUPPORTED and NOT-EXPRESSIBLE rank alike: the tie goes to NOT-EXPRESSIBLE whatever order the cases
    # ran in (one process, xdist workers or the shards of a split run give the same row verdict).
    return max(pool, key=lambda v: (ORDER[v], v == "NOT-EXPRESSIBLE")) if pool else "PASS"
