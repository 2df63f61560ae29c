"""Shared fixtures for the project's own tests, and the slow set.

Tests marked ``slow`` (each takes seconds: whole-corpus mutant runs, real adapters and oracles in Node,
pytest runs in a subprocess, wheel builds) are skipped unless ``--runslow`` is given, pytest's own recipe
(docs "Control skipping of tests according to command line option"); CI runs them with
``pytest -n auto --runslow -m slow`` after the README's ``pytest -n auto``.
"""

from __future__ import annotations

from typing import Any

import pytest

from mock_provider.scenario import Scenario, load_corpus

pytest_plugins = ["pytester"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False,
                     help="also run the tests marked slow (skipped by default; `-m slow` runs only them)")


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """With ``--runslow`` over pytest-xdist workers, distribute by ``loadgroup`` unless ``--dist`` says otherwise.

    A few slow modules build one expensive module fixture that many tests read (the metamorphic study, the
    isolation parity runs, the UI stream oracle's Node pass); they are marked ``xdist_group``, so that one
    worker builds each while the other runs other tests, instead of every worker building each once. Runs
    before pytest-xdist's own hook, which keeps a ``--dist`` already chosen. Without xdist it does nothing.
    A worker parses the command line again, without the choice: :func:`pytest_configure_node` hands it over.
    """
    option = config.option
    handed: dict[str, Any] = getattr(config, "workerinput", {})
    if handed.get("sac_dist") == "loadgroup":
        option.loadgroup = True  # what xdist's worker set-up reads --dist=loadgroup into
    elif config.getoption("--runslow") and getattr(option, "numprocesses", None) \
            and getattr(option, "dist", None) == "no":
        option.dist = "loadgroup"


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist's controller hook: tell each worker the distribution mode chosen above."""
    node.workerinput["sac_dist"] = node.config.option.dist


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

