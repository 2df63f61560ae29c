"""Draw the generated-* properties' streams in a child process while the corpus cases run.

Drawing the 300 streams of the main job (hypothesis, about 60 µs a choice) took a third of its
CPU, on one core while the other idled. :func:`start` hands the draws to one child process (forked
where that is safe, else spawned) as the session starts; :func:`take` waits for one property's streams
(:func:`conformance.properties.drawn_streams` asks it first). The child calls the very function
the parent would (``drawn_streams``, fixed seed, hypothesis's own constants only), so the streams
are the same (tests/test_prefetch.py compares them). Anything that goes wrong there (no child,
a crash, a stream that cannot be sent back) gives ``None``, and the parent draws as before.

Not prefetched: ``--conformance-seed random`` (a seed of its own in each process) and a hypothesis
settings profile other than hypothesis's own ``default`` and ``ci`` (the one hypothesis loads itself
when the ``CI`` variable is set): a conftest's profile is not registered in a spawned child. The child
loads the parent's profile by name.

Example:
    >>> take(("generated-text", None, 5, None)) is None  # nothing started: the caller draws itself
    True
"""

from __future__ import annotations

import multiprocessing
import sys
import threading
import time
from collections.abc import Collection
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

# (property, features or None, examples, seed): the key of conformance.properties._DRAWN.
Key = tuple[str, frozenset[str] | None, int, int | str | None]

# Seconds take() waits for one property's streams before drawing them itself (a child stuck on a lock
# inherited at fork, say); the whole draw takes about 5 s of CPU.
TAKE_TIMEOUT = 120.0

_CHILD: dict[str, Any] = {}  # "process", "conn", "pending" (keys not yet received), "received"


def key_for(name: str, features: Collection[str] | None, examples: int, seed: int | str | None) -> Key:
    """The cache key of one property's draw (as :func:`conformance.properties.drawn_streams` builds it).

    >>> key_for("generated-tools", ["tools"], 100, None)
    ('generated-tools', frozenset({'tools'}), 100, None)
    """
    return (name, None if features is None else frozenset(features), examples, seed)


BUILTIN_PROFILES = frozenset({"default", "ci"})  # registered by hypothesis itself, in every process


def _builtin_profile() -> str | None:
    """The current hypothesis profile's name if hypothesis itself registers it, else None."""
    from hypothesis import settings

    current = getattr(settings, "get_current_profile_name", None)
    name = current() if current is not None else None
    return name if name in BUILTIN_PROFILES else None


def start(keys: list[Key]) -> bool:
    """Start drawing ``keys`` (in this order) in one spawned child; False when it is not done here.

    >>> start([("generated-text", None, 5, "random")])  # a random seed is drawn in process
    False
    """
    profile = _builtin_profile()
    if _CHILD or not keys or any(k[3] == "random" for k in keys) or profile is None:
        return False
    # A fork starts drawing at once; a spawned child first imports hypothesis and the kit (about
    # 1.5 s). Fork only a Linux process with no other thread (a lock another thread held stays held).
    forkable = sys.platform == "linux" and threading.active_count() == 1
    ctx = multiprocessing.get_context("fork") if forkable else multiprocessing.get_context("spawn")
    parent, child = ctx.Pipe(duplex=False)
    process: BaseProcess = ctx.Process(target=_draw, args=(child, keys, profile), daemon=True,
                                       name="conformance-prefetch")
    try:
        process.start()
    except Exception:  # no process here (a sandbox): the parent draws
        return False
    child.close()
    _CHILD.update(process=process, conn=parent, pending=list(keys), received={})
    return True


def take(key: Key) -> tuple[int, list[Any]] | None:
    """The child's draw for ``key`` (waiting for it), or None: not prefetched, or the child failed.

    >>> take(key_for("generated-mixed", None, 7, None)) is None
    True
    """
    if not _CHILD or (key not in _CHILD["pending"] and key not in _CHILD["received"]):
        return None
    received: dict[Key, Any] = _CHILD["received"]
    conn: Connection = _CHILD["conn"]
    process: BaseProcess = _CHILD["process"]
    deadline = time.monotonic() + TAKE_TIMEOUT
    try:
        while key not in received:
            if not conn.poll(0.5):
                if not process.is_alive() or time.monotonic() > deadline:
                    raise TimeoutError("the drawing child is gone or stuck")  # the parent draws
                continue
            got, result = conn.recv()
            received[got] = result
            _CHILD["pending"].remove(got)
    except Exception:  # EOFError (the child died), a stuck child, a stream that did not unpickle: draw here
        stop()
        return None
    result = received.pop(key)
    if not _CHILD["pending"] and not received:
        stop()
    return result if isinstance(result, tuple) else None


def stop() -> None:
    """End the child (at the session's end, or once everything was received)."""
    if not _CHILD:
        return
    process: BaseProcess = _CHILD["process"]
    conn: Connection = _CHILD["conn"]
    conn.close()
    if process.is_alive():
        process.terminate()
    process.join(timeout=5)
    _CHILD.clear()


def _draw(conn: Connection, keys: list[Key], profile: str) -> None:
    """In the child: draw each property, under the parent's profile, and send it back as soon as it is drawn."""
    from hypothesis import settings

    from conformance.properties import drawn_streams

    try:
        settings.load_profile(profile)
        for key in keys:
            name, features, examples, seed = key
            try:
                result: Any = drawn_streams(name, features, examples, seed)
            except Exception:  # the parent draws this one itself (and meets the error there)
                result = None
            conn.send((key, result))
    except (BrokenPipeError, EOFError, OSError):  # the parent went away
        pass
    finally:
        conn.close()


__all__ = ["Key", "key_for", "start", "stop", "take"]
