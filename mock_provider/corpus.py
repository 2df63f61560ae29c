"""What ``--conformance-scenarios DIR`` and ``mock-provider --scenarios DIR`` load: the built-in corpus plus yours.

A user's directory adds to the corpus (before issue 18 it replaced it, so a user's one scenario
hid the 400 others); ``replace=True`` (``--conformance-scenarios-only``, ``--scenarios-only``)
loads the directory alone. An id the corpus already has is an error naming both files; a
directory that does not exist is an error, not an empty corpus.

Example:
    >>> len(load_scenarios()) == len(load_corpus())
    True
"""

from __future__ import annotations

from pathlib import Path

from mock_provider.scenario import Scenario, fixtures_dir, load_corpus, load_directories


def load_scenarios(directory: str | Path | None = None, *, replace: bool = False) -> list[Scenario]:
    """The built-in corpus plus every ``*.yaml`` under ``directory``; with ``replace``, the directory's only."""
    if directory is None:
        return load_corpus()
    root = Path(directory)
    if not root.is_dir():
        raise FileNotFoundError(f"scenario directory not found: {root}")
    if replace:
        return load_corpus(root)
    return load_directories([fixtures_dir() / "scenarios", root])
