"""Cases in which the adapter waits, run ahead on a second worker while the other cases run.

A case whose refused attempt carries ``retry-after-ms`` (``loop.retry-after.001``: 0.3 s, once per
part dialect) makes an adapter that honours it sleep before its retry: its own wait, in the worker
process, which the suite's time scale does not shorten and ``retry.after`` grades from the request
log's times. One worker runs one case at a time, so the main job spent those waits one after another.
With ``--adapter-isolation=process`` the plugin gives these cases, as the run starts, to a second
worker of the same spec (:func:`conformance.targets.isolated.isolated_target`: another process the
adapter cannot reach the grader from either), run one after another in a background thread of the
suite, and moves them to the end of the run, so that worker has every other case's time to finish them;
:meth:`conformance.session.ConformanceSession.run` takes each result when pytest reaches its case, so the
results, the reports and the run records keep the order pytest ran. Each case is run and
graded by the same :func:`conformance.runner.run_case` as any other; a case the background could not
run (the spare worker did not start, an error of the suite's) is run again by the caller as before.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> waits = {s.id: adapter_wait(s) for s in load_corpus()}
    >>> waits["loop.retry-after.001"], waits["text.basic.001"]
    (0.3, 0.0)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from conformance.execution import execute
from conformance.run_record import RunRecord
from conformance.runner import Factory, Settings, grade_safely
from conformance.verdict import CaseResult
from mock_provider.scenario import Scenario

__all__ = ["MIN_WAIT_S", "Ahead", "adapter_wait", "waits_last"]

# Below this much waiting in all, a second worker (a process start, about 0.4 s of CPU) costs more
# than it saves.
MIN_WAIT_S = 0.5


def waits_last(items: list[Any], case_of: Callable[[Any], tuple[Scenario, str] | None]) -> None:
    """Sort ``items`` (pytest's, in place, stable) so those whose case makes the adapter wait come last.

    >>> from mock_provider.scenario import load_corpus
    >>> corpus = {s.id: s for s in load_corpus()}
    >>> items = [(corpus["loop.retry-after.001"], "v3"), None, (corpus["text.basic.001"], "v3")]
    >>> waits_last(items, lambda item: item)
    >>> [item[0].id if item else None for item in items]
    [None, 'text.basic.001', 'loop.retry-after.001']
    """
    def waits(item: Any) -> bool:
        case = case_of(item)
        return case is not None and adapter_wait(case[0]) > 0

    items.sort(key=waits)


def adapter_wait(scenario: Scenario) -> float:
    """Seconds an adapter that honours the scenario's Retry-After headers sleeps in all (0.0: none)."""
    from conformance.checks.retry import HONOURED_UP_TO
    from mock_provider.turns import header_delay

    total = 0.0
    for turn in range(1, scenario.turn_count() + 1):
        for fault in scenario.failed_attempts_of(turn):
            delay = header_delay(fault.headers)
            if delay is not None and 0 < delay < HONOURED_UP_TO:
                total += delay
    return total


Key = tuple[str, str]  # (scenario id, dialect)


class Ahead:
    """The waiting cases of one session, run on their own target in one background thread."""

    def __init__(self, make_target: Callable[[], Factory], cases: Sequence[tuple[Scenario, str]],
                 settings: Settings, spec: str) -> None:
        self._make_target, self._settings, self._spec = make_target, settings, spec
        self._cases = list(cases)
        self._done: dict[Key, tuple[CaseResult, list[RunRecord]] | None] = {}
        self._ready: dict[Key, threading.Event] = {(s.id, d): threading.Event() for s, d in self._cases}
        self.target: Any = None
        self._thread = threading.Thread(target=self._run, name="conformance-ahead", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.target = target = self._make_target()
            usable = getattr(target, "start_failure", None) is None
            for scenario, dialect in self._cases:
                key = (scenario.id, dialect)
                if not usable:
                    self._ready[key].set()
                    continue
                try:
                    # run_case without its process guards: they watch this process's global state
                    # (sys.stdout, the working directory, its threads) around one case at a time, the
                    # main thread's; the adapter is in another process and can change none of it.
                    record = execute(target, scenario, dialect, self._settings, adapter_name=self._spec)
                    result = grade_safely(record, scenario, self._settings)
                    self._done[key] = (result, [record])
                except Exception:  # the caller runs this case itself and meets the error there
                    self._done[key] = None
                finally:
                    self._ready[key].set()
        finally:
            for event in self._ready.values():
                event.set()

    def take(self, scenario: Scenario, dialect: str) -> tuple[CaseResult, list[RunRecord]] | None:
        """The case's result and run records (waiting for them), or None: not a case run ahead, or the
        background could not run it (the caller runs it)."""
        event = self._ready.get((scenario.id, dialect))
        if event is None:
            return None
        event.wait()
        return self._done.pop((scenario.id, dialect), None)

    def late_notes(self) -> dict[str, str]:
        """The spare target's notes on messages that came after their case ended (as the main target's)."""
        take = getattr(self.target, "late_notes", None)
        notes: dict[str, str] = take() if callable(take) else {}
        return notes

    def close(self) -> None:
        """Wait for the background (each case is bounded by its own timeout) and end the spare worker."""
        self._thread.join()
        close = getattr(self.target, "close", None)
        if callable(close):
            close()
