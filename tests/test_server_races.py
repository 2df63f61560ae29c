"""The scenario store under concurrent use: posting scenarios while model requests run.

The control API validates a posted document on a worker thread; it also registered it there, while
the event loop walked the store for match rules: "dictionary changed size during iteration" (500s).
"""

from __future__ import annotations

from typing import Any

import pytest

from mock_provider.server import selection
from tests.test_server import make_scenario


def test_a_scenario_registered_while_match_rules_are_walked_does_not_break_the_walk(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A registration in the middle of a walk, made where the walk reads the request's text."""
    store = selection.ScenarioStore([make_scenario("race.a.001", match={"last_user_contains": "nothing"}),
                                     make_scenario("race.b.001", match={"last_user_contains": "hello"})])
    real = selection.last_user_text
    added = iter(range(3))

    def register_meanwhile(body: Any) -> str | None:
        for i in added:
            store.add(make_scenario(f"race.posted.{i:03d}"))
        return real(body)

    monkeypatch.setattr(selection, "last_user_text", register_meanwhile)
    found = store.match({"messages": [{"role": "user", "content": "hello"}]})
    assert found is not None and found.id == "race.b.001" and len(store) == 5


def test_a_scenario_removed_during_a_listing_does_not_break_it() -> None:
    store = selection.ScenarioStore([make_scenario(f"race.list.{i:03d}") for i in range(3)])
    seen = []
    for s in store:
        seen.append(s.id)
        store.remove("race.list.002")
        store.put(make_scenario("race.list.009"))
    assert seen == ["race.list.000", "race.list.001", "race.list.002"]
    assert [s.id for s in store] == ["race.list.000", "race.list.001", "race.list.009"]
