"""The generated-* cases spread over two cores: a second suite process runs them from the last one back.

The main job's twelve generated-* cases (1,200 adapter runs) were the largest part of its time, on one
core: the session and its harness worker hand each run back and forth, so a second core idled. As the
run is configured (before the session starts any thread) :func:`SecondSuite.start` forks one child,
which waits for the plan. Once collection has chosen the cases, :meth:`SecondSuite.begin` sends it the
selected generated-* cases in pytest's order; the child builds its own target (its own harness worker
with ``--adapter-isolation=process``, the adapter itself in process with ``none``) and runs the cases
from the last one back, while the session runs the corpus and then the same cases from the first one
forward. Each case is claimed once, under a lock the two share, in a page of memory they share (no
pipe that the child could fill while the session is busy).

Only a pass is taken from the child: every drawn stream of the case ran and none FAILed or ERRORed
(:func:`first_failure`, the same streams and grading as
:func:`conformance.properties.search`). The session then has nothing to search. A case the child found
failing is searched again, and shrunk, by the session (so the verdict, the reproducer and the reports
come from the same road as without the child), and so is a case the child claimed but never answered:
the child died, or made no run for ``hang_s`` seconds (it is killed), or the shared lock could not be
taken (a child killed holding it). The adapter under test cannot reach the shared page: with process
isolation it runs in a harness worker started by ``exec`` (no inherited mapping, the pipes closed).

Not started (the session runs every case, as before): no ``fork`` (not Linux), one core, a process
that already has another thread (a lock it holds would stay held in the child), a random seed (each
process would draw its own streams), and streams that are not shipped (``conformance.drawn``: the child
would draw them again beside the drawing child).

Example (a child that passes every case it claims; each case is the child's or the session's, once):
    >>> second = SecondSuite.start(lambda: None, lambda target, plan, name, dialect, progress: True,
    ...                            hang_s=30.0, force=True)
    >>> second.begin(Plan(cases=(("generated-text", "v2"), ("generated-text", "v3")), features=None,
    ...                   examples=5, seed=None, adapter_name="x"))
    >>> run_here = [not second.passed("generated-text", dialect) for dialect in ("v2", "v3")]
    >>> sum(run_here) + second.taken
    2
    >>> second.close()
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import mmap
import multiprocessing
import os
import sys
import threading
import time
import warnings
from collections.abc import Callable, Collection
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from conformance.runner import Factory, Settings, run_case
from conformance.verdict import FAILING, CaseResult
from mock_provider.scenario import Scenario

__all__ = ["MAX_CASES", "Plan", "SecondSuite", "first_failure", "property_runner", "why_not"]

# The shared page's room: three properties in the four part dialects are twelve; a plan's cases past
# this many are the session's alone.
MAX_CASES = 64
FREE, SESSION, CHILD = 0, 1, 2  # who claimed a case
PENDING, PASSED, FAILED = 0, 1, 2  # the child's word on a case it claimed
# The critical section is a few reads and writes: a lock not taken in this long is held by a child that
# was killed holding it (or is stopped); the session then gives up on the child.
LOCK_TIMEOUT_S = 5.0
POLL_S = 0.002  # how often the session looks at the page while it waits for a case the child runs


@dataclass(frozen=True)
class Plan:
    """The generated-* cases the child may run, in pytest's order, and what their searches draw."""

    cases: tuple[tuple[str, str], ...]  # (property, dialect)
    features: frozenset[str] | None
    examples: int
    seed: int | str | None
    adapter_name: str


# (target, plan, property, dialect, progress) -> whether every stream passed; progress() after each run.
Runner = Callable[[Any, Plan, str, str, Callable[[], None]], bool]


class _Page(ctypes.Structure):
    _fields_ = [("progress", ctypes.c_int64), ("runs", ctypes.c_int64),
                ("owner", ctypes.c_int32 * MAX_CASES), ("verdict", ctypes.c_int32 * MAX_CASES)]


def _cores() -> int:
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else (os.cpu_count() or 1)


def why_not() -> str | None:
    """Why no second suite process can be forked here and now (None: it can).

    >>> why_not() is None or isinstance(why_not(), str)
    True
    """
    if sys.platform != "linux" or "fork" not in multiprocessing.get_all_start_methods():
        return "no fork on this platform"
    if _cores() < 2:
        return "one core"
    if threading.active_count() != 1:
        return "the process already has another thread"
    return None


def first_failure(factory: Factory, name: str, dialect: str, *, examples: int, seed: int | str | None,
                  settings: Settings, features: Collection[str] | None, adapter_name: str | None,
                  progress: Callable[[], None] | None = None) -> tuple[Scenario, CaseResult] | None:
    """The first drawn stream the adapter FAILs or ERRORs in this dialect, graded; None if all passed.

    The loop :func:`conformance.properties.search` runs before it shrinks (the same streams, in the same
    order, through the same :func:`conformance.runner.run_case`); ``progress`` is called after each run.

    >>> from conformance.reference import agui
    >>> first_failure(agui, "generated-text", "v3", examples=5, seed=None, settings=Settings(),
    ...               features=None, adapter_name=None) is None
    True
    """
    from conformance.properties import drawn_streams

    for scenario in drawn_streams(name, features, examples, seed)[1]:
        result = run_case(factory, scenario, dialect, settings, adapter_name=adapter_name)
        if progress is not None:
            progress()
        if result.verdict in FAILING:
            return scenario, result
    return None


def property_runner(settings: Settings) -> Runner:
    """The child's runner: :func:`first_failure` under ``settings`` (with the catalog the session grades by).

    >>> from conformance.reference import agui
    >>> plan = Plan(cases=(), features=None, examples=3, seed=None, adapter_name="a")
    >>> property_runner(Settings())(agui, plan, "generated-mixed", "v3", lambda: None)
    True
    """
    def run(target: Any, plan: Plan, name: str, dialect: str, progress: Callable[[], None]) -> bool:
        from conformance.catalog import catalog

        # The session sets the catalog on its settings once forked (ConformanceSession.from_factory).
        graded = settings if settings.matrix is not None else replace(settings, matrix=catalog())
        return first_failure(target, name, dialect, examples=plan.examples, seed=plan.seed, settings=graded,
                             features=plan.features, adapter_name=plan.adapter_name, progress=progress) is None

    return run


class SecondSuite:
    """The session's side of the second suite process: the plan sent, the claims, the child's passes."""

    def __init__(self, process: BaseProcess, conn: Connection, mapping: mmap.mmap, page: _Page, lock: Any,
                 hang_s: float) -> None:
        self._process, self._conn, self._mapping, self._page, self._lock = process, conn, mapping, page, lock
        self.hang_s = hang_s
        self._index: dict[tuple[str, str], int] = {}
        self._gone = False  # given up on: the session runs every case it reaches
        self.taken = 0  # cases whose pass the session took from the child
        self.returned = 0  # cases the child claimed and the session ran all the same (a failure, or no word)

    @classmethod
    def start(cls, build: Callable[[], Any], run: Runner, *, hang_s: float, force: bool = False
              ) -> SecondSuite | None:
        """Fork the child now (it waits for :meth:`begin`); None where :func:`why_not` says no.

        ``build`` makes the child's target (called in the child); ``force`` forks even beside other threads
        (for tests whose process has them; the main job never forks so).
        """
        why = why_not()
        if why is not None and not (force and sys.platform == "linux"):
            return None
        ctx = multiprocessing.get_context("fork")
        mapping = mmap.mmap(-1, ctypes.sizeof(_Page))  # anonymous and shared: the child writes, the session reads
        page = _Page.from_buffer(mapping)
        lock = ctx.Lock()
        reader, writer = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_child, args=(reader, writer, build, run, page, lock), daemon=True,
                              name="conformance-second-suite")
        try:
            with warnings.catch_warnings():
                # Python >= 3.12 warns of fork beside threads: only a forced start (a test's) forks so.
                warnings.simplefilter("ignore", DeprecationWarning)
                process.start()
        except Exception:  # no process here (a sandbox): the session runs every case
            del page
            mapping.close()
            return None
        reader.close()
        return cls(process, writer, mapping, page, lock, hang_s)

    def begin(self, plan: Plan) -> None:
        """Send the child its plan (an empty one ends it): it starts claiming from the last case."""
        self._index = {case: i for i, case in enumerate(plan.cases[:MAX_CASES])}
        try:
            self._conn.send(plan)
        except (OSError, ValueError):  # the child is gone already
            self._give_up()
        finally:
            self._conn.close()

    def passed(self, name: str, dialect: str) -> bool:
        """Whether the child ran this case and every stream passed: the session has nothing to search.

        False: the session runs the case itself (it claimed it first, or the child found a failure, died,
        hung, or never had it).
        """
        index = self._index.get((name, dialect))
        if index is None:
            return False
        if self._gone:  # a pass it wrote before it died or was killed still stands: its runs were all made
            if self._page.owner[index] != CHILD:
                return False
            ok = bool(self._page.verdict[index] == PASSED)
        elif self._claim(index) != CHILD:
            return False
        else:
            ok = self._wait(index)
        if ok:
            self.taken += 1
        else:
            self.returned += 1
        return ok

    def claimed_by_child(self, name: str, dialect: str) -> bool:
        """Whether the child has claimed this case (tests wait for it to order the two sides)."""
        index = self._index.get((name, dialect))
        return index is not None and self._page.owner[index] == CHILD

    def word(self, name: str, dialect: str) -> str | None:
        """What the child said of a case it claimed: ``"passed"``, ``"failed"``, or None (no word, not its)."""
        index = self._index.get((name, dialect))
        if index is None or self._page.owner[index] != CHILD:
            return None
        return {PASSED: "passed", FAILED: "failed"}.get(int(self._page.verdict[index]))

    def alive(self) -> bool:
        """Whether the child process is still running."""
        return self._process.is_alive()

    def _claim(self, index: int) -> int:
        """Claim the case for the session unless the child has; who has it."""
        if not self._lock.acquire(timeout=LOCK_TIMEOUT_S):
            self._give_up()
            return SESSION
        try:
            if self._page.owner[index] == FREE:
                self._page.owner[index] = SESSION
            owner: int = self._page.owner[index]
            return owner
        finally:
            self._lock.release()

    def _wait(self, index: int) -> bool:
        """Wait for the child's word on a case it claimed: True for a pass; False when it failed the case,
        died, or made no run for ``hang_s`` seconds (then it is killed)."""
        seen, since = self._page.progress, time.monotonic()
        while self._page.verdict[index] == PENDING:
            if not self._process.is_alive():
                self._gone = True
                break
            if self._page.progress != seen:
                seen, since = self._page.progress, time.monotonic()
            elif time.monotonic() - since > self.hang_s:
                self._give_up()
                return False
            time.sleep(POLL_S)
        return bool(self._page.verdict[index] == PASSED)

    def child_runs(self) -> int:
        """How many adapter runs the child has made (tests bound the work by it)."""
        return int(self._page.runs)

    def _give_up(self) -> None:
        """Kill the child and its target's worker goes with its pipes; the session runs what is left."""
        self._gone = True
        if self._process.is_alive():
            self._process.kill()
        self._process.join(timeout=5)

    def close(self) -> None:
        """End the child (it has at most the case it runs left) and release the shared page."""
        if not self._conn.closed:
            self._conn.close()  # a child still waiting for its plan ends
        self._process.join(timeout=0.5)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout=5)
        if self._process.is_alive():
            self._process.kill()
            self._process.join(timeout=5)


def _child(conn: Connection, other: Connection, build: Callable[[], Any], run: Runner, page: _Page,
           lock: Any) -> None:
    """In the child: wait for the plan, build a target, run cases from the last one back while it can claim
    them, and say how each went on the shared page."""
    other.close()  # the session's end: the child sees end of file when the session closes it
    # What the child got from the session lives as long as the child: out of the cyclic collector's reach, so
    # its full passes between runs walk only what the child makes (its GC CPU about 0.35 -> 0.2 s at load 7).
    gc.freeze()
    with contextlib.suppress(BaseException):
        # Nothing from here reaches the session's terminal: its captured output would be another test's.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
    try:
        plan: Plan = conn.recv()
    except (EOFError, OSError):
        return
    finally:
        conn.close()
    if not plan.cases:
        return
    target: Any = None
    try:
        target = build()
        if getattr(target, "start_failure", None) is not None:
            return

        def progress() -> None:
            page.runs += 1
            page.progress += 1

        for index in reversed(range(min(len(plan.cases), MAX_CASES))):
            if not lock.acquire(timeout=LOCK_TIMEOUT_S):
                return
            try:
                mine = page.owner[index] == FREE
                if mine:
                    page.owner[index] = CHILD
            finally:
                lock.release()
            if not mine:
                return  # the session has reached the cases from here back
            name, dialect = plan.cases[index]
            try:
                ok = run(target, plan, name, dialect, progress)
            except Exception:  # the session searches this case itself and meets the error there
                ok = False
            page.verdict[index] = PASSED if ok else FAILED
            page.progress += 1
    except BaseException:  # a target that cannot be built, an interrupt: the session runs what is left
        return
    finally:
        close = getattr(target, "close", None)
        if callable(close):
            with contextlib.suppress(BaseException):
                close()
