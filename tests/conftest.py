"""Shared fixtures for the project's own tests, and the slow set.

Tests marked ``slow`` (each takes seconds: whole-corpus mutant runs, real adapters and oracles in Node,
pytest runs in a subprocess, wheel builds) are skipped unless ``--runslow`` is given, pytest's own recipe
(docs "Control skipping of tests according to command line option"); CI runs them with
``pytest -n auto --runslow``, the README's ``pytest -n auto`` and the slow set in one run.
"""

from __future__ import annotations

from typing import Any

import pytest

from mock_provider.scenario import Scenario, load_corpus
from tests.xdist_groups import keep_groups

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


# The longest single tests of the slow set (benchmarks/ci_time.md, their durations under CI's load): run first,
# so that no worker starts one of them when the other has nothing left (xdist hands work out in collection
# order after the groups, which its loadgroup scheduler sends first, the largest first).
LONGEST_FIRST = (
    "tests/test_doc_commands_run.py::test_the_cheap_commands_run_in_a_fresh_directory",
    "tests/test_generated.py::test_the_shrunk_reproducer_is_small",
    "tests/test_wheel.py::",
    "tests/test_agui_oracle.py::test_our_reading_agrees_with_ag_ui_client[mutants]",
    "tests/test_agui_client.py::test_corpus_and_mutant_streams",
    "tests/test_ts_harnesses.py::test_tanstack_ai_mistral_gets_its_committed_verdicts",
    "tests/test_parts_ahead.py::test_the_whole_corpus_and_every_generated_stream_in_every_part_dialect",
    "tests/test_generated.py::test_property_finds_the_mutant_and_its_reproducer_is_a_working_scenario",
    "tests/test_generated.py::test_reference_passes_generated_streams",
    "tests/test_shard.py::",
    "tests/test_adapter_cmd.py::test_mutants_fail_the_same_rows_behind_the_harness",
    "tests/test_ag2_endpoint.py::",
)


def _longest_first(items: list[pytest.Item]) -> None:
    """Move :data:`LONGEST_FIRST`'s tests to the front, in that order (the rest keep theirs)."""
    def rank(item: pytest.Item) -> int:
        return next((i for i, prefix in enumerate(LONGEST_FIRST) if item.nodeid.startswith(prefix)),
                    len(LONGEST_FIRST))

    items.sort(key=rank)  # stable: equal ranks keep the collection order


@pytest.hookimpl(trylast=True)  # after xdist's own suffixing, which pytest >= 9.2 ignores (tests/xdist_groups.py)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        if hasattr(config, "workerinput"):  # an xdist worker: one process alone keeps each module's tests together
            if config.getvalue("loadgroup"):
                keep_groups(items)
            _longest_first(items)
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow (CI runs `pytest -n auto --runslow`)")
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def corpus() -> list[Scenario]:
    return load_corpus()

