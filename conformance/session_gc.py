"""A conformance session and Python's cyclic garbage collector.

What a session builds before it runs its cases (the kit's and its libraries' modules, the catalog, the
scenarios, the collected items) lives as long as the session: :func:`freeze_long_lived` moves it out of the
collector's reach, so the full passes between cases stop walking it again (about 1 s of the main job's CPU
went there). At the end of a run :func:`collect_once` collects once and freezes what is left, so pytest's own
five passes after the summary walk only what its cleanups leave.

Example:
    >>> import gc
    >>> freeze_long_lived(); gc.get_freeze_count() > 0
    True
    >>> gc.unfreeze()
"""

from __future__ import annotations

import gc

import pytest

__all__ = ["collect_once", "freeze_long_lived"]


def freeze_long_lived() -> None:
    """Move every object alive now out of the cyclic collector's reach (``gc.freeze``)."""
    gc.freeze()


def collect_once(config: pytest.Config) -> None:
    """One full collection now, then what is alive out of the collector's reach.

    pytest's own cleanup then collects five times over (for the unraisable exceptions of finalizers), each
    pass walking every result, event and report of the run (about 0.03 s of CPU each at load 7, after the
    summary). This pass runs under the same unraisable hook, so what it finds is reported as before; the
    later passes walk only what the cleanups leave. Not where pytest runs no pass (``pytester``'s in-process
    runs): freezing there would only keep the run's objects alive.
    """
    try:
        from _pytest.unraisableexception import gc_collect_iterations_key
    except ImportError:  # another pytest: its cleanup as it is
        return
    if config.stash.get(gc_collect_iterations_key, 5) < 2:
        return
    gc.collect()
    gc.freeze()
