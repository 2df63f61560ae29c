"""The generated-* streams shipped with the kit (conformance.drawn) are the ones a draw here gives.

The main job runs them instead of drawing; a shipped stream that a draw would not give would change
what the job checks, so each property's shipped streams are compared with a fresh draw field by field,
and the fingerprint that decides whether they are used is checked to cover every module a draw runs.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance import drawn, prefetch, properties

ROOT = Path(__file__).resolve().parent.parent
shipped_keys = drawn.shipped_keys

STALE = "conformance/drawn_streams.json.gz is stale: run python tools/draw_streams.py"


def _file() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(gzip.decompress(drawn.FILE.read_bytes()))
    return data


@pytest.fixture
def fresh() -> Any:
    """Drawing in this process, the shipped file and the cache set aside."""
    saved = dict(properties._DRAWN)
    properties._DRAWN.clear()
    drawn._LOADED["data"] = None
    yield
    drawn._LOADED.clear()
    properties._DRAWN.clear()
    properties._DRAWN.update(saved)


def test_the_test_extra_pins_the_hypothesis_the_file_was_drawn_with() -> None:
    """Another hypothesis draws other streams: CI installs the [test] extra, so its pin decides."""
    import re

    import hypothesis

    pin = re.search(r'"hypothesis==([^"]+)"', (ROOT / "pyproject.toml").read_text())
    assert pin is not None, "pyproject.toml's [test] extra must pin hypothesis exactly"
    assert hypothesis.__version__ == pin.group(1), (
        f"hypothesis {hypothesis.__version__} is installed, the [test] extra pins {pin.group(1)}: "
        "pip install -e '.[test]' (or, upgrading, change the pin and run python tools/draw_streams.py)")


def test_the_shipped_file_is_current() -> None:
    assert drawn.fingerprint("default") in _file()["fingerprints"], STALE
    assert sorted(_file()["draws"]) == sorted(drawn._encode(key) for key in shipped_keys())


def test_the_shipped_streams_are_a_fresh_draw(fresh: None) -> None:
    drawn._LOADED.clear()
    shipped = {key: drawn.lookup(key) for key in shipped_keys()}
    drawn._LOADED["data"] = None
    for key, got in shipped.items():
        assert got is not None, STALE
        seed, streams = properties.drawn_streams(*key)  # drawn here: the file is set aside
        assert got[0] == seed
        assert len(got[1]) == len(streams) == properties.DEFAULT_EXAMPLES
        assert [s.model_dump() for s in got[1]] == [s.model_dump() for s in streams], key


def test_drawn_streams_takes_the_shipped_ones(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_draw(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("drew instead of taking the shipped streams")

    monkeypatch.setattr(properties, "find", no_draw)
    monkeypatch.setattr(prefetch, "take", no_draw)
    drawn._LOADED.clear()
    key = shipped_keys()[0]
    seed, streams = properties.drawn_streams(*key)
    assert len(streams) == properties.DEFAULT_EXAMPLES
    assert seed == properties.seed_for(key[0], "")


def test_a_file_of_another_fingerprint_is_not_used(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn._LOADED.clear()
    monkeypatch.setattr(drawn, "fingerprint", lambda profile=None: "another hypothesis or changed strategies")
    key = shipped_keys()[0]
    assert not drawn.available(key)
    assert drawn.lookup(key) is None


def test_a_profile_of_a_conftest_is_not_served() -> None:
    from hypothesis import settings

    before = settings.get_current_profile_name()
    settings.register_profile("sac-test-drawn-profile", max_examples=7)
    settings.load_profile("sac-test-drawn-profile")
    try:
        assert drawn.fingerprint() is None
    finally:
        settings.load_profile(before)


DRAW_IMPORTS = """
import sys
from hypothesis import HealthCheck, find, settings
from hypothesis.errors import NoSuchExample
import conformance.strategies as strategies
from mock_provider.scenario import FEATURES
for kind in ("text", "tools", "mixed"):
    try:
        find(strategies.generated_streams(kind, features=FEATURES), lambda s: False,
             settings=settings(max_examples=30, database=None, suppress_health_check=list(HealthCheck)))
    except NoSuchExample:
        pass
print("\\n".join(m for m in sys.modules if m.split(".")[0] in ("conformance", "mock_provider")))
"""


def test_the_fingerprint_covers_every_module_a_draw_runs() -> None:
    run = subprocess.run([sys.executable, "-c", DRAW_IMPORTS], cwd=ROOT, capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": ""}, check=True)
    loaded = set(run.stdout.split())
    covered = {name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for name in drawn.SOURCES}
    assert "conformance.strategies" in loaded
    assert loaded <= covered, sorted(loaded - covered)
