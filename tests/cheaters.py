"""Adapters that try to grade themselves (issue 19): each emits only RUN_STARTED and RUN_FINISHED,
and cheats so that this lazy output passes.

In process (``--adapter-isolation=none``, the debugging mode) they succeed: that is what the
in-process mode trusts (the README says so). In a worker process (the default) there is nothing to
reach, and the lazy output is graded as what it is; ``replays_the_corpus`` needs no reach at all,
and row ``upstream.read`` catches it. Cheating only on ``CHEAT_ON`` lets the tests show the next
case of the same worker is not affected.
"""

from __future__ import annotations

import gc
import os
import sys
import threading
from collections.abc import AsyncIterator
from typing import Any

from conformance.contract import AdapterContext, Capabilities, RunRequest
from conformance.reference import agui

CAPS = Capabilities(name="cheater", inputs=["v2", "v3", "v4", "mastra"], output="ag-ui")
CHEAT_ON = "text.basic.001"


def _forget_expectations(scenario: Any) -> bool:
    """Rewrite the suite's expected transcript to fit a run that says nothing."""
    from mock_provider.transcript import Transcript

    if getattr(scenario, "id", None) != CHEAT_ON or not hasattr(scenario, "expected"):
        return False
    scenario.expected = Transcript()
    scenario.expected_by_dialect = {}
    scenario.expected_request = []
    return True


class _Lazy:
    capabilities = CAPS

    def __init__(self, ctx: AdapterContext) -> None:
        self.ctx = ctx
        self.cheated = False

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        yield {"type": "RUN_STARTED", "threadId": request.thread_id, "runId": request.run_id}
        yield {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id}


class ThroughTheModel(_Lazy):
    """Object graph: the scripted model the context hands over knows its scenario."""

    def __init__(self, ctx: AdapterContext) -> None:
        super().__init__(ctx)
        self.cheated = _forget_expectations(getattr(ctx.model, "scenario", None))


class ThroughGc(_Lazy):
    """gc: every live object of the process, among them the case being run."""

    def __init__(self, ctx: AdapterContext) -> None:
        super().__init__(ctx)
        for obj in gc.get_objects():
            try:  # plain attributes only: no __getattr__ magic runs
                attrs = object.__getattribute__(obj, "__dict__")
            except Exception:
                continue
            if isinstance(attrs, dict) and attrs.get("ctx") is ctx and obj is not self:
                self.cheated = _forget_expectations(attrs.get("scenario")) or self.cheated


class ThroughFrames(_Lazy):
    """Stack frames: the suite's own threads are waiting on this case with the scenario in a local."""

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        for frame in list(sys._current_frames().values()):
            f: Any = frame
            while f is not None:
                found = f.f_locals.get("scenario")
                if found is not None and _forget_expectations(found):
                    self.cheated = True
                f = f.f_back
        async for event in super().stream(request):
            yield event


class PatchesTheGrader(_Lazy):
    """Module globals: the grader's list of checks, emptied."""

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        if is_cheat_case(request):
            import conformance.grading

            conformance.grading.CHECKS = ()  # type: ignore[assignment]
            self.cheated = True
        async for event in super().stream(request):
            yield event


class EndsTheSuite(_Lazy):
    """``os._exit(0)``: a suite that ends with status 0 and no failure is a green CI job."""

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        yield {"type": "RUN_STARTED", "threadId": request.thread_id, "runId": request.run_id}
        sys.stdout.flush()
        os._exit(0)


def is_cheat_case(request: RunRequest) -> bool:
    """Whether the request is ``CHEAT_ON``'s: found by its messages in the public corpus (a worker
    knows its case by an opaque id only)."""
    from mock_provider.scenario import load_corpus

    scenario = next(s for s in load_corpus() if s.id == CHEAT_ON)
    return request.messages == [m.model_dump(exclude_none=True) for m in scenario.request.messages]


class ExhaustsTheStack:
    """The reference adapter, except on ``CHEAT_ON``, where it overflows the C stack (a segfault)."""

    def __init__(self, ctx: AdapterContext) -> None:
        self.inner = agui(ctx)
        self.capabilities = self.inner.capabilities

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        if is_cheat_case(request):
            _overflow()
        async for event in self.inner.stream(request):
            yield event


def _overflow() -> None:
    sys.setrecursionlimit(10**7)

    def overflow() -> None:
        nested: list[Any] = []
        for _ in range(1_000_000):
            nested = [nested]
        repr(nested)  # C recursion past the thread's stack: the process dies (SIGSEGV)

    threading.stack_size(1 << 20)  # a small stack overflows at once, whatever `ulimit -s` says
    worker = threading.Thread(target=overflow)
    worker.start()
    worker.join()


class Chatty:
    """Not a cheater: the reference adapter, printing to stdout as it goes (harmless in process;
    in a worker, stdout is the protocol's unless the harness keeps it apart)."""

    def __init__(self, ctx: AdapterContext) -> None:
        print("chatty: building the adapter")
        self.inner = agui(ctx)
        self.capabilities = self.inner.capabilities

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        async for event in self.inner.stream(request):
            print(f"chatty: {event.get('type')}", flush=True)
            yield event


def cheater(cls: type) -> Any:
    def factory(ctx: AdapterContext) -> Any:
        return cls(ctx)

    factory.__name__ = cls.__name__
    return factory


through_the_model = cheater(ThroughTheModel)
through_gc = cheater(ThroughGc)
through_frames = cheater(ThroughFrames)
patches_the_grader = cheater(PatchesTheGrader)
ends_the_suite = cheater(EndsTheSuite)
chatty = cheater(Chatty)
# The reference adapter against its own copy of the public script: the suite's upstream is never read.

exhausts_the_stack = cheater(ExhaustsTheStack)


class WhereTheAbortComesFrom:
    """Not a cheater: an adapter that lets an error of ``do_stream`` itself propagate, and ends
    silently on an abort read from the stream. Whether an abort before the first part comes from
    ``do_stream`` or from the first read must not depend on where the adapter runs."""

    capabilities = Capabilities(name="abort-site", inputs=["v3", "v4"], output="ag-ui", features=["abort"])

    def __init__(self, ctx: AdapterContext) -> None:
        self.ctx = ctx

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        from mock_provider.abort import AbortError

        yield {"type": "RUN_STARTED", "threadId": request.thread_id, "runId": request.run_id}
        assert self.ctx.model is not None
        result = await self.ctx.model.do_stream({"prompt": request.messages, "abort_signal": request.abort})
        try:
            async for _ in result.stream:
                pass
        except AbortError:
            return  # the abort policy 'silent': the run ends without a terminal
        yield {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id}


where_the_abort_comes_from = cheater(WhereTheAbortComesFrom)


def replays_the_corpus(ctx: AdapterContext) -> Any:
    """The reference adapter against its own copy of the public script: the suite's upstream is never read."""
    from tests.mutants.replay_mutants import replayer

    return replayer(ctx)
