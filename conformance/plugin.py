"""The ``conformance`` pytest plugin under its earlier entry-point name (kept for one release).

The plugin is :mod:`_sac_pytest.conformance` (options and the switch) plus
:mod:`conformance.suite_plugin` (the suite, registered only when a run asks for it). An
environment installed from an earlier release still loads this module through its old entry
point; it re-exports the plugin's hooks, so such a run behaves the same.

Example:
    >>> from conformance import plugin
    >>> plugin.pytest_addoption.__module__
    '_sac_pytest.conformance'
"""

from __future__ import annotations

from _sac_pytest.conformance import pytest_addoption, pytest_configure, pytest_load_initial_conftests

__all__ = ["pytest_addoption", "pytest_configure", "pytest_load_initial_conftests"]
