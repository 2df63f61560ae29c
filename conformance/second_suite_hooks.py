"""The suite plugin's hooks for the second suite process (:mod:`conformance.second_suite`): fork it in
``pytest_configure`` while the session has no other thread, and hand it the generated-* cases once collected.

Example:
    >>> SECOND_KEY is not None  # where the session keeps its SecondSuite (``config.stash``)
    True
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from _sac_pytest.conformance import opt
from conformance.runner import Settings
from conformance.session import load_factory
from conformance.targets.isolated import isolation_mode

__all__ = ["SECOND_KEY", "fork", "passed", "plan"]

# The second suite process that runs generated-* cases on the other core.
SECOND_KEY = pytest.StashKey[Any]()


def fork(config: pytest.Config, spec: str | None, settings: Settings, *, other_target: bool) -> None:
    """Fork the second suite process (:mod:`conformance.second_suite`) while this one has no other thread;
    it builds its own target of ``spec`` (its own harness worker, or the adapter in process) once planned.

    Not under xdist (the workers fill the cores), for ``--collect-only``, for a random seed (each process
    would draw its own streams) or without generated-* cases.
    """
    from conformance.suite_plugin import _examples, _properties

    xdist = getattr(config.option, "dist", "no") != "no" or hasattr(config, "workerinput")
    if not spec or other_target or xdist or config.option.collectonly or _examples(config) <= 0 \
            or _properties() is None or opt(config, "conformance-seed") == "random":
        return
    from conformance.second_suite import SecondSuite, property_runner
    from conformance.targets.cmd import DEFAULT_START_TIMEOUT
    from conformance.targets.isolated import isolated_target

    given = opt(config, "conformance-adapter-cmd-start-timeout")
    start = float(given) if given else DEFAULT_START_TIMEOUT
    search = (Path.cwd(), config.rootpath)
    build: Callable[[], Any]
    if isolation_mode(opt(config, "conformance-adapter-isolation")) == "process":
        def build() -> Any:
            return isolated_target(spec, search=search, case_timeout=settings.timeout, start_timeout=start)
    else:
        def build() -> Any:
            return load_factory(spec, search=search)
    # A run is bounded by the case timeout, and a worker that hung by its restart: a child that makes no
    # run for longer is stuck, and the session runs its case.
    second = SecondSuite.start(build, property_runner(settings), hang_s=2 * settings.timeout + start)
    if second is not None:
        config.stash[SECOND_KEY] = second
        config.add_cleanup(second.close)


def plan(session: pytest.Session) -> None:
    """Send the second suite process the selected generated-* cases in pytest's order (an empty plan ends
    it): only streams that ship with the kit, which both processes read alike without drawing."""
    from conformance import drawn, prefetch
    from conformance.second_suite import Plan
    from conformance.suite_plugin import SESSION_KEY, _examples

    config = session.config
    second = config.stash.get(SECOND_KEY, None)
    conf = config.stash.get(SESSION_KEY, None)
    if second is None:
        return

    cases = []
    for item in session.items if conf is not None else ():
        case = getattr(getattr(item, "callspec", None), "params", {}).get("conformance_property")
        if case is not None and item.get_closest_marker("skip") is None:
            cases.append(tuple(case))
    features = conf.capabilities.features if conf is not None and conf.capabilities else None
    examples, seed = _examples(config), opt(config, "conformance-seed")
    shipped = all(drawn.available(prefetch.key_for(name, features, examples, seed)) for name, _ in cases)
    plan = Plan(cases=tuple(cases) if shipped else (), features=None if features is None else frozenset(features),
                examples=examples, seed=seed, adapter_name=conf.spec if conf is not None else "")
    second.begin(plan)


def passed(config: pytest.Config, name: str, dialect: str) -> bool:
    """Whether the second suite process ran every stream of this generated case and none failed (then the
    session takes its PASS; anything else the session searches and shrinks itself)."""
    second = config.stash.get(SECOND_KEY, None)
    return second is not None and bool(second.passed(name, dialect))
