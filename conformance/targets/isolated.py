"""``--adapter-isolation=process`` (the default): an ``--adapter MODULE:FACTORY`` run in a worker process.

The factory is served by the packaged harness (:mod:`conformance.harness`) over the
``sac-harness/1`` protocol, so the target is a :class:`~conformance.targets.cmd.CmdTarget`
like any ``--adapter-cmd``, one worker reused case after case. The suite's process never
imports the adapter's module: the adapter cannot read the expected transcripts, patch the
grader, exit the suite or exhaust its stack. The worker knows each case by a random id (its
``ctx.scenario_id``, the request's thread and run ids, the HTTP model id), not by the
scenario's. The module is imported by the worker alone (a bad ``MODULE:FACTORY`` is reported
from the worker's start).

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.runner import run_case
    >>> target = isolated_target("conformance.reference:agui", start_timeout=20)
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> run_case(target, s, "v3").verdict
    'PASS'
    >>> target.close()
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

from conformance.targets.cmd import DEFAULT_START_TIMEOUT, CmdTarget

__all__ = ["DEFAULT_ISOLATION", "ISOLATION_MODES", "isolated_target", "isolation_mode"]

ISOLATION_MODES = ("process", "none")
DEFAULT_ISOLATION = "process"


def isolation_mode(value: str | None) -> str:
    """``--adapter-isolation``'s value, checked (``process`` when not given).

    ``none`` runs the factory in the suite's own process: a debugging mode, whose verdicts the
    adapter's code can forge (the terminal header and every report name it).

    >>> isolation_mode(None), isolation_mode("none")
    ('process', 'none')
    >>> isolation_mode("thread")
    Traceback (most recent call last):
    ...
    ValueError: --adapter-isolation must be one of process, none (got 'thread')
    """
    mode = (value or DEFAULT_ISOLATION).strip()
    if mode not in ISOLATION_MODES:
        raise ValueError(f"--adapter-isolation must be one of {', '.join(ISOLATION_MODES)} (got {value!r})")
    return mode


def isolated_target(spec: str, *, search: Sequence[Path] = (), start_timeout: float = DEFAULT_START_TIMEOUT,
                    case_timeout: float = 10.0) -> CmdTarget:
    """A target that runs ``spec``'s factory in ``python -m conformance.harness`` (this interpreter)."""
    argv = [sys.executable, "-m", "conformance.harness"]
    for directory in search:
        argv += ["--search", str(directory)]
    target = CmdTarget(shlex.join([*argv, spec]), start_timeout=start_timeout, case_timeout=case_timeout, opaque=True)
    target.__name__ = spec
    return target
