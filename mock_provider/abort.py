"""A caller-side abort signal: the Python stand-in for the web ``AbortSignal``.

Adapters pass it to the upstream (``do_stream({"abort_signal": signal})``); the scripted
model and the HTTP client helpers honour it.

Example:
    >>> s = AbortSignal(); s.aborted
    False
    >>> s.abort("user"); (s.aborted, s.reason)
    (True, 'user')
"""

from __future__ import annotations

import asyncio


class AbortError(Exception):
    """Raised by an upstream whose request was aborted (like a DOM ``AbortError``)."""


class AbortSignal:
    def __init__(self) -> None:
        self._event: asyncio.Event | None = None
        self._aborted = False
        self.reason: str | None = None

    @property
    def aborted(self) -> bool:
        return self._aborted

    def abort(self, reason: str = "aborted") -> None:
        """Fire the signal (idempotent)."""
        if not self._aborted:
            self._aborted = True
            self.reason = reason
            if self._event is not None:
                self._event.set()

    async def wait(self) -> None:
        """Return once the signal fires."""
        if self._event is None:
            # Created lazily so the signal can be built outside a running loop.
            self._event = asyncio.Event()
            if self._aborted:
                self._event.set()
        await self._event.wait()
