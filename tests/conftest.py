"""Shared fixtures for the project's own tests."""

from __future__ import annotations

import pytest

from mock_provider.scenario import Scenario, load_corpus

pytest_plugins = ["pytester"]


@pytest.fixture(scope="session")
def corpus() -> list[Scenario]:
    return load_corpus()
