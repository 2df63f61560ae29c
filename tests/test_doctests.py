"""The examples in the packages' docstrings run and show what they say (public API documentation)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import _sac_pytest
import conformance
import mock_provider


def _modules() -> list[str]:
    names: list[str] = []
    for pkg in (mock_provider, conformance, _sac_pytest):
        names.append(pkg.__name__)
        names += [m.name for m in pkgutil.walk_packages(pkg.__path__, prefix=pkg.__name__ + ".")]
    # Modules that import pytest's plugin machinery at import time are covered by the plugin tests.
    return sorted(n for n in names if not n.endswith(("pytest_plugin", ".plugin", "__main__")) and ".suite" not in n)


# conformance.strategies' examples draw hypothesis streams (seconds each): in the slow set (tests/conftest.py).
SLOW_MODULES = {"conformance.strategies"}


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW_MODULES else n
                                  for n in _modules()])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} docstring examples failed in {name}"
