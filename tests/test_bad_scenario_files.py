"""A bad scenario file gets one located error on every path (the loader, ``mock-provider validate``,
a POST to the control API), never a traceback and never a silent reading.

Each case here was accepted or crashed before: duplicate keys kept the last value, aliases were
refused by POST but read from files, non-UTF-8 bytes, deep nesting and a 5,000-digit integer gave
tracebacks, a ``.inf`` delay broke a 200 stream midway, and an id ending in a newline passed the
id pattern (``$`` matches before a final newline).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from mock_provider.scenario import SCENARIO_ID, ScenarioError, load_scenario
from mock_provider.server import ThreadedMockServer

GOOD = (Path(__file__).resolve().parent.parent / "fixtures" / "scenarios" / "text" / "text.basic.001.yaml"
        ).read_text(encoding="utf-8")

BAD: dict[str, tuple[bytes, str]] = {
    "duplicate-key": ((GOOD + "title: again\n").encode(), "title: duplicate key"),
    "alias": (GOOD.replace("title:", "title: &t", 1).encode() + b"description: *t\n", "aliases"),
    "not-utf8": (GOOD.encode() + b"description: caf\xe9\n", "not UTF-8"),
    "deep": (GOOD.encode() + b"zz_deep: " + b"[" * 200 + b"]" * 200 + b"\n", "levels deep"),
    "huge-int": (GOOD.encode() + b"zz_huge: " + b"9" * 5000 + b"\n", "cannot read"),
    "inf-delay": (GOOD.replace("script:\n", "script:\n  - {delay_ms: .inf, part: {type: stream-start, "
                                           "warnings: []}}\n", 1).encode(), "finite"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_the_loader_names_the_file_and_what_is_wrong(name: str, tmp_path: Path) -> None:
    data, expected = BAD[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(data)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert str(info.value).startswith(str(path)) and expected in str(info.value), str(info.value)


@pytest.mark.parametrize("name", list(BAD))
def test_validate_prints_the_error_and_no_traceback(name: str, tmp_path: Path) -> None:
    data, expected = BAD[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(data)
    out = subprocess.run([sys.executable, "-m", "mock_provider", "validate", str(path)], capture_output=True,
                         text=True, timeout=60)
    both = out.stdout + out.stderr
    assert out.returncode != 0 and expected in both and "Traceback" not in both, both


@pytest.mark.parametrize("name", ["duplicate-key", "deep", "huge-int", "inf-delay"])
def test_a_post_gets_the_same_error_as_a_file(name: str) -> None:
    data, expected = BAD[name]
    with ThreadedMockServer() as server:
        r = httpx.post(server.base_url + "/_mock/scenarios", content=data.replace(b"text.basic.001", b"x.y.001"),
                       headers={"content-type": "application/yaml"}, timeout=10)
    # 422 is the control API's answer to a document that parses but is not a valid scenario.
    assert r.status_code == (422 if name == "inf-delay" else 400) and expected in r.text, r.text


def test_an_id_ending_in_a_newline_is_not_an_id() -> None:
    assert SCENARIO_ID.match("text.basic.001")
    assert not SCENARIO_ID.match("text.basic.001\n")
