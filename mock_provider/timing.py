"""Scripted delays: scenario ``delay_ms`` scaled by a time scale, abort-aware.

A time scale of ``0`` (the default) makes every delay free: :func:`scripted_sleep` then
returns without awaiting anything, so a whole scenario runs synchronously inside one
event-loop step (tests stay fast and deterministic). ``1`` is real time.

Example:
    >>> import asyncio
    >>> asyncio.run(scripted_sleep(5000, 0.0, None)) is None
    True
"""

from __future__ import annotations

import asyncio
import math
import os

from mock_provider.abort import AbortError, AbortSignal

TIME_SCALE_ENV = "MOCK_PROVIDER_TIME_SCALE"


def time_scale_from_env(default: float = 0.0) -> float:
    """The time scale from ``MOCK_PROVIDER_TIME_SCALE``, or ``default`` when unset/blank.

    Raises ``ValueError`` naming the variable when the value is not a finite number >= 0.

    >>> import os
    >>> os.environ[TIME_SCALE_ENV] = "0.5"; time_scale_from_env()
    0.5
    >>> os.environ[TIME_SCALE_ENV] = "fast"; time_scale_from_env()
    Traceback (most recent call last):
    ...
    ValueError: MOCK_PROVIDER_TIME_SCALE='fast' is not a number; ...
    >>> del os.environ[TIME_SCALE_ENV]
    """
    raw = os.environ.get(TIME_SCALE_ENV)
    if raw is None or not raw.strip():
        return default
    hint = "use a number >= 0, e.g. 0 (no delays), 1 (real time) or 0.1 (ten times faster)"
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{TIME_SCALE_ENV}={raw!r} is not a number; {hint}") from None
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{TIME_SCALE_ENV}={raw!r} is out of range; {hint}")
    return value


def _abort_error(abort: AbortSignal) -> AbortError:
    return AbortError(f"The operation was aborted ({abort.reason or 'aborted'})")


async def scripted_sleep(delay_ms: float, time_scale: float, abort: AbortSignal | None) -> None:
    """Sleep ``delay_ms * time_scale`` milliseconds, waking early with ``AbortError`` on abort.

    When the product is 0 nothing is awaited at all (not even ``asyncio.sleep(0)``), so
    the caller does not yield to the event loop. A signal that is already aborted raises
    at once when there is a delay to wait.

    >>> import asyncio
    >>> from mock_provider.abort import AbortSignal
    >>> s = AbortSignal(); s.abort("user")
    >>> asyncio.run(scripted_sleep(10, 1.0, s))
    Traceback (most recent call last):
    ...
    mock_provider.abort.AbortError: The operation was aborted (user)
    """
    if delay_ms < 0 or time_scale < 0:
        raise ValueError(f"delay_ms and time_scale must be >= 0 (got {delay_ms}, {time_scale})")
    seconds = delay_ms * time_scale / 1000.0
    if seconds == 0:
        return
    if abort is None:
        await asyncio.sleep(seconds)
        return
    if abort.aborted:
        raise _abort_error(abort)
    waiter = asyncio.ensure_future(abort.wait())
    try:
        await asyncio.wait({waiter}, timeout=seconds)
    finally:
        # Either the timeout passed or we were cancelled: the waiter must not outlive us.
        if not waiter.done():
            waiter.cancel()
    if abort.aborted:
        raise _abort_error(abort)
