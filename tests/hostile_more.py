"""Twenty hostile in-process adapters of kinds tests/hostile.py lacks (issue 19).

Each must get a verdict with a reason within the case's bounds, and leave the suite's process
as it found it (recursion limit, working directory) for the cases after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

from conformance.contract import AdapterContext, RunRequest
from tests.hostile import CAPS, _Base, _started, cls_factory


def _finished(request: RunRequest) -> dict[str, Any]:
    return {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id}


class NeverYields(_Base):
    """Never ends and never yields, but awaits: only the time bound ends it."""

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        while True:
            await asyncio.sleep(0)
        yield {}  # pragma: no cover


class YieldsBytes(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield b'{"type": "RUN_STARTED"}'


class _Poison:
    """Every dunder the suite might call raises."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("__eq__ says no")

    def __hash__(self) -> int:
        raise RuntimeError("__hash__ says no")

    def __repr__(self) -> str:
        raise RuntimeError("__repr__ says no")

    __str__ = __repr__


class HostileDunders(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield _Poison()
        yield {**_started(request), "x": _Poison()}


class _ItemsRaise(dict):  # type: ignore[type-arg]
    def items(self) -> Any:
        raise RuntimeError("items() refused")

    def get(self, *args: Any) -> Any:
        raise RuntimeError("get() refused")


class DictSubclassRaises(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield _ItemsRaise(_started(request))
        yield _finished(request)


class HugeString(_Base):
    """A 64 MiB delta: the event is bounded, not the whole string copied into the reports."""

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield _started(request)
        yield {"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "assistant"}
        yield {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "x" * (64 << 20)}
        yield {"type": "TEXT_MESSAGE_END", "messageId": "m"}
        yield _finished(request)


class _ReprBomb:
    def __repr__(self) -> str:
        return repr(self)  # a recursion bomb

    def __str__(self) -> str:
        return str(self)


class ReprBomb(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield {**_started(request), "x": _ReprBomb()}
        yield _finished(request)


class DeepNesting(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        # Five times the default recursion limit: deep enough to break any recursive copy, cheap enough
        # to build well inside the case's time bound on a loaded machine (100,000 levels was not).
        deep: Any = {}
        for _ in range(5 * sys.getrecursionlimit()):
            deep = {"d": deep}
        yield {**_started(request), "deep": deep}
        yield _finished(request)


class YieldsNone(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield None
        yield _finished(request)


class _Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("str() of the exception raised too")


class ExceptionStrRaises(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield _started(request)
        raise _Unprintable()


class RaisesKeyboardInterrupt(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield _started(request)
        raise KeyboardInterrupt


class RaisesStopAsyncIteration(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield _started(request)
        raise StopAsyncIteration


class CancelsItself(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield _started(request)
        task = asyncio.current_task()
        assert task is not None
        task.cancel()
        await asyncio.sleep(0)
        yield _finished(request)


class StopsTheLoop(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield _started(request)
        asyncio.get_running_loop().stop()
        await asyncio.sleep(0.01)
        yield _finished(request)


class LowersRecursionLimit(_Base):
    """Leaves the process with a recursion limit the grader and the reports cannot live with."""

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        sys.setrecursionlimit(80)
        yield _started(request)
        yield _finished(request)


class ChangesDirectory(_Base):
    """Leaves the process in another directory: relative report paths would land there."""

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        os.chdir(os.path.abspath(os.sep))
        yield _started(request)
        yield _finished(request)


class HugeInteger(_Base):
    """A 5,000-digit integer: Python's int-to-str limit makes it unwritable as JSON."""

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield {**_started(request), "n": 10 ** 5000}
        yield _finished(request)


class RefusesToClose(_Base):
    """Swallows its close and yields again, then hangs in its own finally."""

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        try:
            yield _started(request)
            await asyncio.Event().wait()
        finally:
            await asyncio.Event().wait()


class _NotAwaitable:
    def __aiter__(self) -> _NotAwaitable:
        return self

    def __anext__(self) -> int:
        return 42


class AnextNotAwaitable(_Base):
    def stream(self, request: RunRequest) -> Any:
        return _NotAwaitable()


class CapabilitiesPropertyRaises:
    def __init__(self, ctx: AdapterContext) -> None:
        pass

    @property
    def capabilities(self) -> Any:
        raise RuntimeError("capabilities are not ready")


class LeaksThread(_Base):
    """Starts a non-daemon thread that outlives the case (it waits on ``RELEASE``)."""

    RELEASE = threading.Event()

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        threading.Thread(target=self.RELEASE.wait, name="adapter-leaked-worker", daemon=False).start()
        yield _started(request)
        yield _finished(request)


class LeaksForever(_Base):
    """A non-daemon thread that never ends: the suite's process must still exit (tests run it in a subprocess)."""

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        threading.Thread(target=threading.Event().wait, name="adapter-forever", daemon=False).start()
        yield _started(request)
        yield _finished(request)


class PrintsALot(_Base):
    """Prints 300 MB while it streams: the case's captured output is capped."""

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        line = "adapter log " + "z" * (1 << 20) + "\n"
        for _ in range(300):
            sys.stdout.write(line)
        yield _started(request)
        yield _finished(request)


class ClosesStdout(_Base):
    """Closes ``sys.stdout``: pytest's capture and terminal once lost every later case (issue 19)."""

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        sys.stdout.close()
        yield _started(request)
        yield _finished(request)


# Set by the test once it has checked the case: a thread the runner failed to stop spins until then
# (at most 10 s), not in whatever test runs next in the worker.
RECURSION_DONE = threading.Event()
# The thread that ran the last RunawayRecursion (the test checks that the runner stopped it).
RECURSION_THREADS: list[threading.Thread] = []


def _recurse(n: int) -> int:
    return _recurse(n + 1) + 1


class RunawayRecursion(_Base):
    """Raises the recursion limit and recurses to it again and again, never awaiting: the runner
    must stop its thread at the case's bound (an abandoned one took the process's memory at a limit
    of 10**7 while the report was built).

    1,500 levels (the default limit is 1,000). 50,000, then 4,000, lost the xdist worker running this
    file (the second time in the next test): most likely a tracer left active in a long worker makes
    CPython 3.11 turn each Python call into a C call, overflowing the thread's C stack. The path tested
    (a raised limit, recursion to it, the case's bound) is the same."""

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        RECURSION_THREADS.append(threading.current_thread())
        sys.setrecursionlimit(1_500)
        yield _started(request)
        deadline = time.monotonic() + 10.0  # a cap, should the runner fail to stop it
        while not RECURSION_DONE.is_set() and time.monotonic() < deadline:
            with contextlib.suppress(RecursionError):
                _recurse(0)
        yield _finished(request)


leaks_forever = cls_factory(LeaksForever)
prints_a_lot = cls_factory(PrintsALot)
closes_stdout = cls_factory(ClosesStdout)

ALL = [NeverYields, YieldsBytes, HostileDunders, DictSubclassRaises, HugeString, ReprBomb, DeepNesting, YieldsNone,
       ExceptionStrRaises, RaisesKeyboardInterrupt, RaisesStopAsyncIteration, CancelsItself, StopsTheLoop,
       LowersRecursionLimit, ChangesDirectory, HugeInteger, RefusesToClose, AnextNotAwaitable,
       CapabilitiesPropertyRaises, LeaksThread]
assert CAPS is not None
