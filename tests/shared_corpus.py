"""The built-in corpus parsed once per process, for the test modules that read it at import.

Ten test modules build their parameters from the corpus while pytest collects them; each parsing
every scenario file again cost each xdist worker seconds of collection. They share one parse here
(as the tests share the session ``corpus`` fixture, tests/conftest.py); a test never edits a scenario
in place (it makes a copy with ``model_copy``).
"""

from __future__ import annotations

import functools

from mock_provider.scenario import Scenario, load_corpus


@functools.cache
def _parsed() -> tuple[Scenario, ...]:
    return tuple(load_corpus())


def builtin_corpus() -> list[Scenario]:
    """The built-in corpus, sorted by id (a new list of the shared scenarios).

    >>> builtin_corpus()[0] is builtin_corpus()[0]
    True
    """
    return list(_parsed())
