"""The two server shells around the app: :class:`MockServer` on the caller's event loop (the CLI
runs it), and :class:`ThreadedMockServer` on its own loop in a daemon thread (test sessions).

Example:
    >>> with ThreadedMockServer([]) as server:
    ...     server.state.log.records
    []
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import threading
from typing import Any, TypeVar

from aiohttp import web

from mock_provider.scenario import Scenario
from mock_provider.server.app import create_app, use_json_protocol_errors
from mock_provider.server.control import STATE_KEY, MockProviderState

DEFAULT_HOST = "127.0.0.1"
# The young-generation GC threshold of a server that owns its process (see MockServer.start).
YOUNG_GC_THRESHOLD = 100_000


class MockServer:
    """Run the app on a TCP port (default ``127.0.0.1``, ephemeral port).

    >>> import asyncio
    >>> async def main():
    ...     async with MockServer([]) as server:
    ...         return server.base_url.startswith("http://127.0.0.1:")
    >>> asyncio.run(main())
    True
    """

    def __init__(self, scenarios: list[Scenario] | None = None, *, app: web.Application | None = None,
                 shutdown_timeout: float = 5.0, access_log: bool = False, backlog: int = 1024,
                 freeze_gc: bool = False, fast_path: bool = True, **app_options: Any) -> None:
        self.app = app if app is not None else create_app(scenarios, **app_options)
        # With the corpus loaded the heap holds ~10^5 long-lived objects that every full GC
        # walks again; gc.freeze() after startup removes those pauses from the request path.
        # It is process-wide, so only a server that owns its process (the CLI) turns it on.
        self.freeze_gc = freeze_gc
        self.app[STATE_KEY].freeze_gc = freeze_gc
        self.shutdown_timeout = shutdown_timeout
        # aiohttp's default listen backlog (128) drops SYNs when hundreds of streams open at once.
        self.backlog = backlog
        # Plain model requests answered below aiohttp's request objects (server/fastpath.py).
        self.fast_path = fast_path
        self.access_log = access_log
        self._runner: web.AppRunner | None = None
        self._gc_threshold: tuple[int, int, int] | None = None
        self.base_url = ""

    @property
    def state(self) -> MockProviderState:
        """The shared state: scenarios, request log, settings."""
        return self.app[STATE_KEY]

    async def start(self, host: str = DEFAULT_HOST, port: int = 0) -> str:
        """Listen and return the base URL, e.g. ``http://127.0.0.1:54321``."""
        if self._runner is not None:
            raise RuntimeError("server already started")
        kwargs: dict[str, Any] = {} if self.access_log else {"access_log": None}
        # No SO_KEEPALIVE probes: they find dead peers after hours, and this server's peers are
        # local test clients. It saves a setsockopt per connection (~3.5% of the CPU on 1,000
        # concurrent short streams, paired A/B runs).
        kwargs["tcp_keepalive"] = False
        runner = web.AppRunner(self.app, shutdown_timeout=self.shutdown_timeout, **kwargs)
        await runner.setup()
        use_json_protocol_errors(runner, fast_path=self.fast_path)
        site = web.TCPSite(runner, host, port, backlog=self.backlog)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        if self.freeze_gc:
            gc.collect()
            gc.freeze()
            # Under 1,000 concurrent requests, the default young-generation threshold (700 net
            # new objects) collects again and again while requests are in flight: their objects
            # are caught alive, promoted, and walked again by full collections. perf put the
            # cyclic GC at ~10% of the server's CPU; with 100,000 it was ~3%. Acyclic garbage
            # is still freed at once by reference counting; only cycles wait longer.
            self._gc_threshold = gc.get_threshold()
            gc.set_threshold(YOUNG_GC_THRESHOLD, *self._gc_threshold[1:])
        bound = runner.addresses[0]
        shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
        self.base_url = f"http://{shown}:{bound[1]}"
        return self.base_url

    async def stop(self) -> None:
        """Stop listening, end stalls, give running streams ``shutdown_timeout`` seconds, close."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        if self._gc_threshold is not None:
            gc.set_threshold(*self._gc_threshold)
            self._gc_threshold = None

    async def __aenter__(self) -> MockServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()


_Threaded = TypeVar("_Threaded", bound="ThreadedServer")


class ThreadedServer:
    """An async server on its own event loop in a daemon thread, for synchronous code (session
    fixtures, hypothesis tests, scripts). Subclasses say how to start (:meth:`_serve`, returning
    the base URL) and stop (:meth:`_shutdown`) it; this class owns the thread and the loop.
    """

    label = "server"

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.base_url = ""

    async def _serve(self, host: str, port: int) -> str:
        raise NotImplementedError

    async def _shutdown(self) -> None:
        raise NotImplementedError

    def start(self, host: str = DEFAULT_HOST, port: int = 0, timeout: float = 15.0) -> str:
        """Start the thread and wait (bounded) until the server listens; returns the base URL."""
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(host, port),),
                                        name=self.label.replace(" ", "-"), daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError(f"{self.label} did not start within {timeout} s")
        if self._error is not None:
            raise self._error
        return self.base_url

    async def _main(self, host: str, port: int) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        try:
            self.base_url = await self._serve(host, port)
        except BaseException as exc:
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await self._shutdown()

    def stop(self, timeout: float = 15.0) -> None:
        """Stop the server and join the thread (bounded)."""
        if self._loop is not None and self._stop is not None and not self._loop.is_closed():
            loop, stop = self._loop, self._stop
            with contextlib.suppress(RuntimeError):  # the loop may have finished already
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def __enter__(self: _Threaded) -> _Threaded:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class ThreadedMockServer(ThreadedServer):
    """A :class:`MockServer` in a daemon thread (see :class:`ThreadedServer`).

    >>> with ThreadedMockServer([]) as server:
    ...     server.base_url.startswith("http://127.0.0.1:")
    True
    """

    label = "mock-provider server"

    def __init__(self, scenarios: list[Scenario] | None = None, **options: Any) -> None:
        super().__init__()
        self._server = MockServer(scenarios, **options)

    @property
    def state(self) -> MockProviderState:
        """The server's state (the log is safe to read from another thread)."""
        return self._server.state

    async def _serve(self, host: str, port: int) -> str:
        return await self._server.start(host, port)

    async def _shutdown(self) -> None:
        await self._server.stop()


__all__ = ["DEFAULT_HOST", "YOUNG_GC_THRESHOLD", "MockServer", "ThreadedMockServer", "ThreadedServer"]
