"""Property cases: random search for a generated stream the adapter under test gets wrong.

Each property (``generated-text``, ``generated-tools``, ``generated-mixed``) draws streams
from :mod:`conformance.strategies` that fit the adapter's declared features, runs each one
through :func:`conformance.runner.run_case` (lifecycle invariants and transcript equality)
and looks for a FAIL or ERROR verdict. Hypothesis shrinks the first one found to a minimal
stream, which becomes a :class:`Counterexample`: the shrunk scenario, its graded result
and a reproducer YAML (:mod:`conformance.reproducer`).

Plain Python (no pytest): the plugin and the project's own tests share it.

Example:
    >>> from conformance.reference import agui
    >>> search(agui, "generated-text", "v3", examples=20) is None
    True
"""

from __future__ import annotations

import contextlib
import random
import zlib
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, find
from hypothesis import settings as hypothesis_settings
from hypothesis.errors import HypothesisException, NoSuchExample
from hypothesis.strategies import SearchStrategy

from conformance import drawn, prefetch
from conformance.contract import Capabilities
from conformance.findings import Finding
from conformance.reproducer import DEFAULT_DIR, scenario_yaml, write_reproducer
from conformance.runner import Factory, Settings, run_case
from conformance.strategies import Kind, build_scenario, generated_streams
from conformance.verdict import FAILING, CaseResult
from mock_provider.parts import (
    Part,
    ReasoningDelta,
    ReasoningEnd,
    ReasoningStart,
    TextDelta,
    TextEnd,
    TextStart,
    ToolCall,
    ToolInputDelta,
    ToolInputEnd,
    ToolInputStart,
)
from mock_provider.scenario import FEATURES, PART_DIALECTS, Scenario

PROPERTIES: dict[str, Kind] = {"generated-text": "text", "generated-tools": "tools", "generated-mixed": "mixed"}
DEFAULT_EXAMPLES = 100
SHRINK_RUNS = 1000


@dataclass
class Counterexample:
    """The minimal failing stream one property found, graded, and how it was found."""

    property: str
    dialect: str
    seed: int
    scenario: Scenario
    result: CaseResult
    note: str = ""

    def failing_finding(self) -> Finding | None:
        """The finding the reproducer is filed under: the first differing event among the findings that make
        the verdict (MUST), else the first finding; None for a verdict without findings (ERROR)."""
        return failing_finding(self.result)

    def filed(self) -> Scenario:
        """The scenario as the reproducer files it: the row that failed first in ``rows`` (its primary row),
        not the row the generator gave the stream.

        >>> from conformance.findings import Finding
        >>> from conformance.strategies import build_scenario
        >>> from conformance.verdict import CaseResult
        >>> from mock_provider.parts import parse_part
        >>> s = build_scenario("text", [parse_part({"type": "text-delta", "id": "t", "delta": "a"})])
        >>> r = CaseResult(case_id="c", scenario_id=s.id, dialect="v3", adapter="a", content="FAIL",
        ...                findings=[Finding(row="8.1.19", message="m", level="MUST", event_index=2)])
        >>> s.rows[0], Counterexample("generated-text", "v3", 1, s, r).filed().rows[0]
        ('8.1.4', '8.1.19')
        """
        finding = self.failing_finding()
        if finding is None or finding.row == self.scenario.rows[0]:
            return self.scenario
        return self.scenario.model_copy(update={"rows": [finding.row, *(r for r in self.scenario.rows
                                                                           if r != finding.row)]})

    def header(self) -> str:
        """The comment lines at the top of the reproducer file: the verdict, the row it is filed under and the
        first differing event."""
        finding = self.failing_finding()
        first = finding.message if finding is not None else self.result.reason
        lines = [f"Found by the {self.property} property (seed {self.seed}) against {self.result.adapter} "
                 f"in dialect {self.dialect}: {self.result.verdict}: {first}"]
        if finding is not None:
            where = ""
            if finding.event_index is not None and 0 <= finding.event_index < len(self.result.events):
                event = self.result.events[finding.event_index]
                kind = event.get("type") if isinstance(event, dict) else type(event).__name__
                where = f"; first differing event: #{finding.event_index} ({kind})"
            lines.append(f"Filed under row {finding.row}{where}.")
        lines.append("Copy this file into fixtures/scenarios/ to keep it as a regular case.")
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def yaml(self) -> str:
        """The reproducer as YAML text (a scenario file)."""
        return scenario_yaml(self.filed(), self.header())

    def write(self, directory: str | Path = DEFAULT_DIR) -> Path:
        """Save the reproducer as ``<directory>/<scenario id>.yaml``."""
        return write_reproducer(self.filed(), directory, self.header())


def failing_finding(result: CaseResult) -> Finding | None:
    """The finding a failing case is filed under: the first differing event among the findings that make
    the verdict (MUST), else the first finding; None for a verdict without findings (ERROR).

    >>> r = CaseResult(case_id="c", scenario_id="s", dialect="v3", adapter="a", content="FAIL",
    ...                findings=[Finding(row="8.1.4", message="m", level="MUST", event_index=5),
    ...                          Finding(row="8.1.10", message="m", level="MUST", event_index=2)])
    >>> failing_finding(r).row
    '8.1.10'
    """
    graded = [f for f in result.findings if f.level == "MUST"] or list(result.findings)
    indexed = [f for f in graded if f.event_index is not None]
    if indexed:
        return min(indexed, key=lambda f: f.event_index or 0)
    return graded[0] if graded else None


def not_applicable(name: str, capabilities: Capabilities | None, dialect: str) -> str | None:
    """Why a property case cannot run for this adapter and dialect (None: it can)."""
    if dialect not in PART_DIALECTS:
        return f"generated streams are AI SDK parts; dialect {dialect!r} is served over HTTP"
    if PROPERTIES[name] == "tools" and capabilities is not None and "tools" not in capabilities.features:
        return "UNSUPPORTED: feature(s) not declared: tools"
    return None


def strategy(name: str, features: Collection[str] | None = None) -> SearchStrategy[Scenario]:
    """The streams one property draws, limited to the declared ``features``.

    >>> from hypothesis import find
    >>> find(strategy("generated-tools", {"tools"}), lambda s: True).features()
    {'tools'}
    """
    return generated_streams(PROPERTIES[name], features=FEATURES if features is None else features)


def seed_for(name: str, dialect: str, seed: int | str | None = None) -> int:
    """The search seed: fixed per property and dialect unless given; ``'random'`` picks a new one.

    >>> seed_for("generated-text", "v3") == seed_for("generated-text", "v3"), seed_for("x", "v3", 7)
    (True, 7)
    """
    if seed is None:
        return zlib.crc32(f"{name}:{dialect}".encode())
    if seed == "random":
        return random.SystemRandom().randrange(2**32)
    return int(seed)


@contextlib.contextmanager
def without_local_constants() -> Iterator[None]:
    """Draw with hypothesis's own constants only, not the literals of the "local" source files.

    hypothesis >= 6.131 mixes into its draws the literals of every imported module outside
    site-packages. A checkout or an editable install makes the kit's own hundred modules local (a
    wheel does not), so the same seed drew other streams depending on how the kit was installed,
    or on which modules a project had imported first; the kit's 1,100 literals also cost the main
    job about 5 s of CPU. Inside this block the local pool is empty (hypothesis has no setting for
    it: the private hook is replaced while the block runs, and the cache of permitted constants is
    emptied on entry and exit so the user's own hypothesis tests keep theirs). Without the hook
    (older hypothesis, before local constants) it changes nothing.

    >>> from hypothesis.internal.conjecture import providers
    >>> with without_local_constants():
    ...     len(providers._get_local_constants())
    0
    """
    try:
        from hypothesis.internal.conjecture import providers
        from hypothesis.internal.constants_ast import Constants
    except ImportError:  # hypothesis before local constants
        yield
        return
    original = getattr(providers, "_get_local_constants", None)
    cache = getattr(getattr(providers, "CONSTANTS_CACHE", None), "cache", None)
    if original is None or not isinstance(cache, dict):
        yield
        return
    empty = Constants()
    cache.clear()
    providers._get_local_constants = lambda: empty
    try:
        yield
    finally:
        providers._get_local_constants = original
        cache.clear()


# The streams each property's search runs, drawn once per process and reused by every dialect: drawing
# is nearly all of a search's cost (the reference adapter grades a stream in well under a millisecond).
_DRAWN: dict[tuple[str, frozenset[str] | None, int, int | str | None], tuple[int, list[Scenario]]] = {}


def drawn_streams(name: str, features: Collection[str] | None = None, examples: int = DEFAULT_EXAMPLES,
                  seed: int | str | None = None) -> tuple[int, list[Scenario]]:
    """The seed and the streams one property's search runs in every dialect (drawn once per process).

    >>> seed, streams = drawn_streams("generated-text", examples=5)
    >>> len(streams), drawn_streams("generated-text", examples=5)[1] is streams, seed == seed_for("generated-text", "")
    (5, True, True)
    """
    key = (name, None if features is None else frozenset(features), examples, seed)
    if key not in _DRAWN and (shipped := drawn.lookup(key)) is not None:
        _DRAWN[key] = shipped  # the same draw, made ahead of time and shipped (conformance.drawn)
    if key not in _DRAWN and (fetched := prefetch.take(key)) is not None:
        _DRAWN[key] = fetched  # drawn by the same function in the session's child process (conformance.prefetch)
    if key not in _DRAWN:
        chosen = seed_for(name, "", seed)
        streams: list[Scenario] = []

        def keep(scenario: Scenario) -> bool:
            streams.append(scenario)
            return False

        options = hypothesis_settings(max_examples=max(examples, 1), database=None, deadline=None,
                                      suppress_health_check=list(HealthCheck))
        # NoSuchExample: raised when every draw was kept, as intended.
        with contextlib.suppress(NoSuchExample), without_local_constants():
            find(strategy(name, features), keep, settings=options, random=random.Random(chosen))
        _DRAWN[key] = (chosen, streams)
    return _DRAWN[key]


def search(
    factory: Factory,
    name: str,
    dialect: str,
    *,
    examples: int = DEFAULT_EXAMPLES,
    seed: int | str | None = None,
    settings: Settings | None = None,
    features: Collection[str] | None = None,
    adapter_name: str | None = None,
    shrink_runs: int = SHRINK_RUNS,
) -> Counterexample | None:
    """Run up to ``examples`` generated streams; the shrunk first failure, or None if all passed.

    The streams are :func:`drawn_streams` (the same for every dialect of one property). When
    one fails, hypothesis searches this dialect again from its own seed and shrinks what it
    finds (:func:`shrink_search`); if that search finds nothing, the drawn failure is the
    answer, unshrunk.
    """
    st = settings or Settings()
    drawn_seed, streams = drawn_streams(name, features, examples, seed)
    for scenario in streams:
        first = run_case(factory, scenario, dialect, st, adapter_name=adapter_name)
        if first.verdict in FAILING:
            break
    else:
        return None
    shrunk = shrink_search(factory, name, dialect, examples=examples, seed=seed, settings=st, features=features,
                           adapter_name=adapter_name, shrink_runs=shrink_runs)
    return shrunk or Counterexample(property=name, dialect=dialect, seed=drawn_seed, scenario=scenario, result=first,
                                    note="Note: drawn in the shared search, not shrunk (the dialect's own search "
                                         "did not meet it again).")


def shrink_search(
    factory: Factory,
    name: str,
    dialect: str,
    *,
    examples: int = DEFAULT_EXAMPLES,
    seed: int | str | None = None,
    settings: Settings | None = None,
    features: Collection[str] | None = None,
    adapter_name: str | None = None,
    shrink_runs: int = SHRINK_RUNS,
) -> Counterexample | None:
    """Search this dialect from its own seed (hypothesis draws and runs) and shrink the first failure.

    Shrinking runs the adapter at most ``shrink_runs`` more times (a case that hit the timeout
    counts fifty times): a hanging adapter must not turn shrinking into hours. Once they are
    spent the search ends at its next step, and the smallest failure so far is the answer.
    What hypothesis left is then shrunk once more by :func:`drop_blocks` (whole tool calls and
    text blocks, which hypothesis's shrinker seldom drops from a group), within the same budget.

    Example (an adapter that fails every stream: shrunk to one text block, the least a text stream has):

    >>> def broken(ctx):
    ...     raise RuntimeError("no")
    >>> found = shrink_search(broken, "generated-text", "v3", examples=5, shrink_runs=20)
    >>> found.result.verdict, sum(p.type == "text-start" for p in found.scenario.parts())
    ('ERROR', 1)
    """
    chosen = seed_for(name, dialect, seed)
    st = settings or Settings()
    trials = _Trials(lambda s: run_case(factory, s, dialect, st, adapter_name=adapter_name), st.timeout, shrink_runs)
    options = hypothesis_settings(max_examples=max(examples, 1), database=None, deadline=None,
                                  suppress_health_check=list(HealthCheck))
    note = ""
    try:
        # Without local constants, as in the shared draw: with them, the literals of whatever local
        # modules the process had imported steered the draws, so one module more (a new literal in
        # the kit, or the user's project) moved the shrunk reproducer of the same seed.
        with without_local_constants():
            found = find(strategy(name, features), trials.fails, settings=options, random=random.Random(chosen))
    except NoSuchExample:
        return None
    except _BudgetSpent:
        found = trials.smallest()
    except HypothesisException as exc:  # e.g. Flaky: the adapter does not answer the same stream the same way
        if not trials.failures:
            raise
        found = trials.failures[-1]
        note = f"Note: the search ended with {type(exc).__name__}; this stream failed once but may not always."
    found = drop_blocks(found, PROPERTIES[name], trials.same_failure(found))
    if trials.spent_out():
        note = "\n".join(n for n in (note, f"Note: shrinking stopped when its budget of {shrink_runs} adapter "
                                             "runs was spent; a smaller stream may fail too.") if n)
    result = trials.graded.get(found.id) or run_case(factory, found, dialect, st, adapter_name=adapter_name)
    return Counterexample(property=name, dialect=dialect, seed=chosen, scenario=found, result=result, note=note)


class _BudgetSpent(BaseException):
    """Ends a shrink search whose budget of adapter runs is spent.

    A BaseException, like KeyboardInterrupt: hypothesis takes an Exception (or SystemExit,
    GeneratorExit) raised by the test function for a failure of its own and would shrink that
    too (``hypothesis.core.failure_exceptions_to_catch``), but lets any other BaseException
    through its engine and ``find``, which stop at once. Answering "passes" instead would leave
    hypothesis's shrinker drawing candidate streams, with no adapter run left to grade them,
    until its own fixed point or its five-minute limit.
    """


@dataclass
class _Trials:
    """The adapter runs of one shrink search: the failures met so far and the budget they spend."""

    run: Callable[[Scenario], CaseResult]
    timeout: float
    budget: int
    graded: dict[str, CaseResult] = field(default_factory=dict)
    failures: list[Scenario] = field(default_factory=list)
    spent: int = 0

    def spent_out(self) -> bool:
        """Whether shrinking has spent its budget (the search for a first failure spends nothing)."""
        return bool(self.failures) and self.spent >= self.budget

    def fails(self, scenario: Scenario) -> bool:
        """Run the adapter on ``scenario``: whether it FAILs or ERRORs; :class:`_BudgetSpent` once the
        budget is spent."""
        if self.spent_out():
            raise _BudgetSpent
        result = self.run(scenario)
        if self.failures or result.verdict in FAILING:
            self.spent += 50 if result.duration_s >= self.timeout else 1
        if result.verdict in FAILING:
            self.graded[scenario.id] = result
            self.failures.append(scenario)
            return True
        return False

    def same_failure(self, scenario: Scenario) -> Callable[[Scenario], bool]:
        """A test of whether a stream fails as ``scenario`` (a failure met) did: FAIL on the row it is filed
        under, or ERROR for an ERROR without findings. Dropping blocks must not slip to another bug."""
        first = self.graded[scenario.id]
        finding = failing_finding(first)

        def same(candidate: Scenario) -> bool:
            if not self.fails(candidate):
                return False
            result = self.graded[candidate.id]
            if finding is None:
                return result.verdict == first.verdict
            return finding.row in result.failed_rows() or finding.row == getattr(failing_finding(result), "row", None)

        return same

    def smallest(self) -> Scenario:
        """The smallest failure met: fewest parts, then the shortest script (the first met of equals)."""
        return min(self.failures, key=_size)


def _size(scenario: Scenario) -> tuple[int, int]:
    parts = scenario.parts()
    return len(parts), sum(len(p.model_dump_json()) for p in parts)


_Block = tuple[str, str]


def _block_of(part: Part) -> _Block | None:
    """The tool call (``call``) or text/reasoning block (``text``) a part belongs to, by its id."""
    if isinstance(part, ToolInputStart | ToolInputDelta | ToolInputEnd):
        return "call", part.id
    if isinstance(part, ToolCall):
        return "call", part.tool_call_id
    if isinstance(part, TextStart | TextDelta | TextEnd | ReasoningStart | ReasoningDelta | ReasoningEnd):
        return "text", part.id
    return None


def drop_blocks(scenario: Scenario, kind: str, fails: Callable[[Scenario], bool]) -> Scenario:
    """``scenario`` without every whole tool call and text block it still ``fails`` without, one at a time.

    hypothesis shrinks a stream's choices one by one; a group of concurrent calls drawn as one
    choice seldom loses a member that way, so a two-call bug could stay four calls long. Each
    block is tried in stream order; after a drop the stream is tried again from its first block,
    until no block can go. A ``tools`` stream keeps one call and a ``text`` stream one text block
    (as the property draws them). ``fails`` may end the pass early by raising
    :class:`_BudgetSpent`; the smallest failing stream so far is kept.

    >>> from conformance.strategies import build_scenario
    >>> from mock_provider.parts import parse_part
    >>> s = build_scenario("text", [parse_part({"type": "text-delta", "id": i, "delta": i}) for i in "abc"])
    >>> drop_blocks(s, "text", lambda c: "b" in c.expected.text).expected.text
    'b'
    """
    need = {"tools": "call", "text": "text"}.get(kind)
    current = scenario
    try:
        while True:
            parts = current.parts()
            for block in dict.fromkeys(b for p in parts if (b := _block_of(p)) is not None):
                kept = [p for p in parts if _block_of(p) != block]
                if not kept or (need and not any((b := _block_of(p)) and b[0] == need for p in kept)):
                    continue
                candidate = build_scenario(kind, kept)
                if fails(candidate):
                    current = candidate
                    break
            else:
                return current
    except _BudgetSpent:
        return current
