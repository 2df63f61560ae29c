"""Hostile adapters: each misbehaves in a way a real adapter can, and must get a verdict, not a hang."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

from conformance.contract import AdapterContext, Capabilities, RunRequest

CAPS = Capabilities(name="hostile", inputs=["v2", "v3", "v4", "mastra"], output="ag-ui")


def _started(request: RunRequest) -> dict[str, Any]:
    return {"type": "RUN_STARTED", "threadId": request.thread_id, "runId": request.run_id}


class _Base:
    capabilities = CAPS

    def __init__(self, ctx: AdapterContext) -> None:
        self.ctx = ctx


def factory_raises(ctx: AdapterContext) -> Any:
    raise RuntimeError("cannot build adapter")


def factory_returns_none(ctx: AdapterContext) -> Any:
    return None


class NoCapabilities:
    def __init__(self, ctx: AdapterContext) -> None:
        pass

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        yield _started(request)


class BadCapabilities(_Base):
    capabilities = {"name": "x", "inputs": [], "output": "morse"}  # type: ignore[assignment]


class StreamReturnsList(_Base):
    def stream(self, request: RunRequest) -> list[dict[str, Any]]:
        return [_started(request)]


class SyncGenerator(_Base):
    def stream(self, request: RunRequest) -> Iterator[dict[str, Any]]:
        yield _started(request)


class RaisesImmediately(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        raise KeyError("boom")
        yield {}  # pragma: no cover


class RaisesMidway(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        yield _started(request)
        raise ZeroDivisionError("midway")


class Hangs(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        yield _started(request)
        await asyncio.Event().wait()


class BlocksEventLoop(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        yield _started(request)
        time.sleep(3)  # a blocking call inside an async generator
        yield {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id}


class IgnoresCancellation(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        yield _started(request)
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            try:
                await asyncio.sleep(0.01)
            except asyncio.CancelledError:
                continue


class NonDictEvents(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield "RUN_STARTED"
        yield ["not", "an", "event"]


class NonJsonEvent(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield {**_started(request), "extra": {1, 2, 3}}
        yield {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id}


class NaNEvent(_Base):
    """Python's json writes NaN, which JavaScript's JSON.parse rejects: the client cannot read the event."""

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield _started(request)
        yield {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id,
               "result": {"score": float("nan")}}


class NonStringKeys(_Base):
    """Keys that are not strings once crashed the snapshot writer at the end of the session."""

    async def stream(self, request: RunRequest) -> AsyncIterator[Any]:
        yield {**_started(request), 1: "one"}
        yield {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id}


class MutatesAfterYield(_Base):
    """Changes an event after yielding it: the graded copy must be what was yielded."""

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        started = _started(request)
        yield started
        started["type"] = "RUN_ERROR"
        yield {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id}


def factory_exits(ctx: AdapterContext) -> Any:
    raise SystemExit(3)


class StreamExits(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        yield _started(request)
        raise SystemExit("from the stream")


class HugeEvent(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        yield _started(request)
        yield {"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "assistant"}
        yield {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "x" * 3_000_000}
        yield {"type": "TEXT_MESSAGE_END", "messageId": "m"}
        yield {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id}


class Runaway(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        yield _started(request)
        yield {"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "assistant"}
        while True:
            yield {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "again "}


class WrongTypes(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        yield {"type": 42, "threadId": request.thread_id}
        yield {"type": "RUN_FINISHED", "threadId": None, "runId": 7}


class Silent(_Base):
    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        return
        yield {}  # pragma: no cover


def cls_factory(cls: type) -> Any:
    def factory(ctx: AdapterContext) -> Any:
        return cls(ctx)

    factory.__name__ = cls.__name__
    return factory
