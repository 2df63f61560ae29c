"""The plugin's one collection at the end of an adapter run (``session_gc.collect_once``): the run's garbage
is still finalized under pytest's unraisable hook before what is alive is frozen, and nothing is frozen where
pytest makes no pass of its own (``pytester``'s in-process runs)."""

from __future__ import annotations

import gc
import sys

import pytest
from _pytest.unraisableexception import gc_collect_iterations_key

from conformance.session_gc import collect_once as _collect_once


class _Raises:
    """Garbage only the cyclic collector frees, whose finalizer raises (an unraisable exception)."""

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        raise RuntimeError("finalizer ran")


class _Config:
    def __init__(self, iterations: int | None) -> None:
        self.stash = pytest.Stash()
        if iterations is not None:
            self.stash[gc_collect_iterations_key] = iterations


def test_the_runs_garbage_is_finalized_under_the_hook_then_frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda u: seen.append(str(u.exc_value)))
    gc.collect()
    frozen = gc.get_freeze_count()
    _Raises()
    try:
        _collect_once(_Config(None))  # type: ignore[arg-type]
        assert "finalizer ran" in seen
        assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()


def test_nothing_is_frozen_where_pytest_makes_no_pass() -> None:
    gc.collect()
    frozen = gc.get_freeze_count()
    _collect_once(_Config(0))  # type: ignore[arg-type]
    assert gc.get_freeze_count() == frozen
