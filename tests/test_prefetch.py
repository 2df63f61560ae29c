"""The generated-* streams drawn in a child process (conformance.prefetch) are the ones drawn in process.

The main job draws its 300 streams in a spawned child while the corpus cases run; a stream the
child drew differently would change what the job checks, so each property's child draw is compared
with the parent's own, field by field. A child that fails leaves the parent to draw.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance import prefetch, properties
from conformance.properties import PROPERTIES, drawn_streams

EXAMPLES = 6  # a count no other test draws, so the process-wide cache holds nothing for these keys


@pytest.fixture(autouse=True)
def _no_child() -> Any:
    prefetch.stop()
    yield
    prefetch.stop()


def _fresh(key: prefetch.Key) -> None:
    properties._DRAWN.pop(key, None)


@pytest.fixture(params=["default", "ci"])
def profile(request: pytest.FixtureRequest) -> Any:
    """Each of hypothesis's own profiles ('ci' is the one it loads itself where CI=true, as in this
    project's CI), then the profile the run had."""
    from hypothesis import settings

    before = settings.get_current_profile_name()
    settings.load_profile(request.param)
    yield request.param
    settings.load_profile(before)


def test_child_draws_the_same_streams_as_the_parent(profile: str) -> None:
    keys = [prefetch.key_for(name, None, EXAMPLES, None) for name in PROPERTIES]
    for key in keys:
        _fresh(key)
    assert prefetch.start(keys)
    fetched = {key: prefetch.take(key) for key in reversed(keys)}  # taken out of order: kept until asked
    for key in keys:
        _fresh(key)
        seed, streams = drawn_streams(*key)  # the child is gone: drawn here
        got = fetched[key]
        assert got is not None, key
        assert got[0] == seed
        assert [s.model_dump() for s in got[1]] == [s.model_dump() for s in streams]
        assert len(streams) == EXAMPLES


def test_drawn_streams_uses_the_childs_draw() -> None:
    key = prefetch.key_for("generated-text", None, EXAMPLES + 1, None)
    _fresh(key)
    assert prefetch.start([key])
    _, streams = drawn_streams(*key)
    assert len(streams) == EXAMPLES + 1
    assert prefetch._CHILD == {}  # everything received: the child was ended
    _fresh(key)


def test_a_failed_child_draw_leaves_the_parent_to_draw() -> None:
    key = prefetch.key_for("no-such-property", None, 3, None)  # KeyError in the child
    assert prefetch.start([key])
    assert prefetch.take(key) is None
    with pytest.raises(KeyError):
        drawn_streams(*key)  # the parent meets the error itself


def test_a_profile_of_a_conftest_is_not_prefetched() -> None:
    """A profile the project registers is unknown to a spawned child: the parent draws."""
    from hypothesis import settings

    before = settings.get_current_profile_name()
    settings.register_profile("sac-test-own-profile", max_examples=7)
    settings.load_profile("sac-test-own-profile")
    try:
        assert not prefetch.start([prefetch.key_for("generated-text", None, 3, None)])
    finally:
        settings.load_profile(before)


def test_a_random_seed_is_not_prefetched() -> None:
    assert not prefetch.start([prefetch.key_for("generated-text", None, 3, "random")])
    assert prefetch.take(prefetch.key_for("generated-text", None, 3, "random")) is None


def test_the_plugin_runs_generated_cases_on_the_childs_streams(pytester: pytest.Pytester,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    taken: list[tuple[prefetch.Key, bool]] = []
    real_take = prefetch.take

    def spy(key: prefetch.Key) -> Any:
        got = real_take(key)
        taken.append((key, got is not None))
        return got

    monkeypatch.setattr(prefetch, "take", spy)
    examples = EXAMPLES + 2
    for key in [k for k in properties._DRAWN if k[2] == examples]:
        _fresh(key)  # whatever features the adapter declares
    result = pytester.runpytest_inprocess("--adapter=conformance.reference:agui", "-p", "no:cacheprovider",
                                          "-k", "text.basic.001 or generated-text-v3",
                                          f"--conformance-examples={examples}", "--conformance-no-report")
    result.assert_outcomes(passed=5)  # text.basic.001 in four dialects, then the generated case
    assert [(key[0], key[2], from_child) for key, from_child in taken] == [("generated-text", examples, True)]
    assert prefetch._CHILD == {}  # the session's end ended the child (still drawing the other properties)


def _draws_forever(conn: Any, keys: list[prefetch.Key], profile: str) -> None:
    """A child stuck before it sends anything (a lock inherited at fork, say)."""
    import threading

    threading.Event().wait()


def test_a_stuck_child_is_given_up_and_the_parent_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prefetch, "_draw", _draws_forever)
    monkeypatch.setattr(prefetch, "TAKE_TIMEOUT", 0.0)  # give up at the first empty poll
    key = prefetch.key_for("generated-text", None, EXAMPLES + 2, None)
    _fresh(key)
    assert prefetch.start([key])
    assert prefetch.take(key) is None  # before the bound: this waited forever
    assert prefetch._CHILD == {}  # the stuck child was ended
