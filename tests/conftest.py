"""Shared fixtures for the project's own tests, and the slow set.

Tests marked ``slow`` (each takes seconds: whole-corpus mutant runs, real adapters and oracles in Node,
pytest runs in a subprocess, wheel builds) are skipped unless ``--runslow`` is given, pytest's own recipe
(docs "Control skipping of tests according to command line option"); CI runs them with
``pytest -n auto --runslow -m slow`` after the README's ``pytest -n auto``.
"""

from __future__ import annotations

import pytest

from mock_provider.scenario import Scenario, load_corpus

pytest_plugins = ["pytester"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False,
                     help="also run the tests marked slow (skipped by default; `-m slow` runs only them)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow (CI runs `pytest -n auto --runslow -m slow`)")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def corpus() -> list[Scenario]:
    return load_corpus()
