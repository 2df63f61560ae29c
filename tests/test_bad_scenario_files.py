"""A bad scenario file gets one located error on every path (the loader, ``mock-provider validate``,
a POST to the control API), never a traceback and never a silent reading.

Each case here was accepted or crashed before: duplicate keys kept the last value, aliases were
refused by POST but read from files, non-UTF-8 bytes, deep nesting and a 5,000-digit integer gave
tracebacks, a ``.inf`` delay broke a 200 stream midway, and an id ending in a newline passed the
id pattern (``$`` matches before a final newline).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import yaml

from mock_provider.scenario import SCENARIO_ID, ScenarioError, every_error, load_scenario
from mock_provider.server import ThreadedMockServer

GOOD = (Path(__file__).resolve().parent.parent / "fixtures" / "scenarios" / "text" / "text.basic.001.yaml"
        ).read_text(encoding="utf-8")

BAD: dict[str, tuple[bytes, str]] = {
    "duplicate-key": ((GOOD + "title: again\n").encode(), "title: duplicate key"),
    "alias": (GOOD.replace("title:", "title: &t", 1).encode() + b"description: *t\n", "aliases"),
    "not-utf8": (GOOD.encode() + b"description: caf\xe9\n", "not UTF-8"),
    "deep": (GOOD.encode() + b"zz_deep: " + b"[" * 200 + b"]" * 200 + b"\n", "levels deep"),
    "huge-int": (GOOD.encode() + b"zz_huge: " + b"9" * 5000 + b"\n", "cannot read (5000 digits"),
    "inf-delay": (GOOD.replace("script:\n", "script:\n  - {delay_ms: .inf, part: {type: stream-start, "
                                           "warnings: []}}\n", 1).encode(), "finite"),
}


def _attempt_headers(headers: str) -> bytes:
    return (GOOD + f"failed_attempts:\n  - {{kind: http_status, status: 429, headers: {headers}}}\n").encode()


# A failed attempt's headers go out as they are: a CR/LF value gave a 500 on every wire, a scripted
# content-length or transfer-encoding contradicted the body the server frames, a name with a space passed.
BAD_HEADERS: dict[str, tuple[bytes, str]] = {
    "header-crlf": (_attempt_headers('{x-a: "1\\r\\nx-b: 2"}'), "failed_attempts.0.headers"),
    "header-nul": (_attempt_headers('{x-a: "1\\0"}'), "CR, LF or NUL"),
    "header-content-length": (_attempt_headers('{content-length: "5"}'), "content-length"),
    "header-transfer-encoding": (_attempt_headers('{Transfer-Encoding: chunked}'), "transfer-encoding"),
    "header-connection": (_attempt_headers('{connection: close}'), "connection"),
    "header-name-space": (_attempt_headers('{"x a:": "1"}'), "not an HTTP header name"),
}
BAD.update(BAD_HEADERS)


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


@pytest.mark.parametrize("name", ["duplicate-key", "deep", "huge-int", "inf-delay", *BAD_HEADERS])
def test_a_post_gets_the_same_error_as_a_file(name: str) -> None:
    data, expected = BAD[name]
    with ThreadedMockServer() as server:
        r = httpx.post(server.base_url + "/_mock/scenarios", content=data.replace(b"text.basic.001", b"x.y.001"),
                       headers={"content-type": "application/yaml"}, timeout=10)
    # 422 is the control API's answer to a document that parses but is not a valid scenario.
    parsed = name == "inf-delay" or name in BAD_HEADERS
    assert r.status_code == (422 if parsed else 400) and expected in r.text, r.text


def test_an_id_ending_in_a_newline_is_not_an_id() -> None:
    assert SCENARIO_ID.match("text.basic.001")
    assert not SCENARIO_ID.match("text.basic.001\n")


def _posted_json(sid: str, delta: str) -> str:
    """text.basic.001 as a JSON document under ``sid`` with its first text delta replaced
    (``json.dumps`` writes a lone surrogate as its ``\\ud800`` escape, as any JSON client may)."""

    data = yaml.safe_load(GOOD)
    data["id"] = sid
    next(s for s in data["script"] if s["part"]["type"] == "text-delta")["part"]["delta"] = delta
    return json.dumps(data)


def test_a_json_post_with_a_lone_surrogate_is_refused_and_nothing_breaks_the_stream() -> None:
    """YAML posts and files refused a lone surrogate; a JSON post was stored (201) and every stream of
    it was a 500 (the SSE writer cannot encode it)."""
    with ThreadedMockServer() as server:
        r = httpx.post(server.base_url + "/_mock/scenarios", content=_posted_json("x.sur.001", "a\ud800b"),
                       headers={"content-type": "application/json"}, timeout=10)
        assert r.status_code == 400, r.text
        assert r.json()["error"]["param"].endswith(".part.delta") and "lone surrogate" in r.text, r.text
        # A valid astral character (a surrogate pair in the JSON escape) is text, and streams.
        ok = httpx.post(server.base_url + "/_mock/scenarios", content=_posted_json("x.sur.002", "a\U0001f600b"),
                        headers={"content-type": "application/json"}, timeout=10)
        assert ok.status_code == 201, ok.text
        streamed = httpx.post(server.base_url + "/v1/chat/completions", timeout=10, json={
            "model": "scenario:x.sur.002", "stream": True, "messages": [{"role": "user", "content": "hi"}]})
        assert streamed.status_code == 200, streamed.text
        chunks = [json.loads(line[6:]) for line in streamed.text.splitlines()
                  if line.startswith("data: {")]
        text = "".join(c["choices"][0]["delta"].get("content") or "" for c in chunks if c["choices"])
        assert "a\U0001f600b" in text, text


def test_a_post_whose_id_ends_in_a_newline_is_refused() -> None:
    with ThreadedMockServer() as server:
        r = httpx.post(server.base_url + "/_mock/scenarios", content=_posted_json("x.nl.001\n", "hi"),
                       headers={"content-type": "application/json"}, timeout=10)
    assert r.status_code == 422 and [f["field"] for f in r.json()["error"]["fields"]] == ["id"], r.text


def test_a_huge_integer_is_named_with_its_line(tmp_path: Path) -> None:
    """int() past Python's digit bound says nothing of where: the error once named only the file."""
    path = tmp_path / "huge.yaml"
    data, _ = BAD["huge-int"]
    path.write_bytes(data)
    line = data.decode().splitlines().index("zz_huge: " + "9" * 5000) + 1
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert str(info.value).startswith(f"{path}:{line}: an integer Python cannot read"), str(info.value)[:200]


def test_a_json_post_with_a_duplicate_key_is_refused_like_a_yaml_one() -> None:
    """json keeps the last of two equal keys without a word; YAML posts and files refuse them."""
    doc = _posted_json("x.dup.001", "hi")
    twice = doc.replace('"title": ', '"title": "first", "title": ', 1)
    with ThreadedMockServer() as server:
        r = httpx.post(server.base_url + "/_mock/scenarios", content=twice,
                       headers={"content-type": "application/json"}, timeout=10)
        assert r.status_code == 400 and "duplicate key 'title'" in r.text, r.text
        once = httpx.post(server.base_url + "/_mock/scenarios", content=doc,
                          headers={"content-type": "application/json"}, timeout=10)
        assert once.status_code == 201, once.text


def test_a_row_id_typo_is_an_error_at_every_place_a_scenario_names_rows(tmp_path: Path) -> None:
    # A typo in `rows` attributed nothing; in `unspecified.rows` it left a finding at its full level.
    path = tmp_path / "typo.yaml"
    path.write_text('match: {last_user_contains: hi}\nreply: "Hello!"\nrows: ["8.1.4", "8.1.44"]\n'
                    'unspecified: {rows: ["8.1.77"], why: "a test"}\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    found = [str(e) for e in every_error(info.value)]
    assert len(found) == 2, found
    assert found[0].startswith(f"{path}:3: rows.1: ") and "'8.1.44'" in found[0] and "close: 8.1.4" in found[0]
    assert found[1].startswith(f"{path}:4: unspecified.rows.0: ") and "'8.1.77'" in found[1]
    path.write_text('match: {last_user_contains: hi}\nreply: "Hello!"\nrows: ["8.1.4"]\n'
                    'unspecified: {rows: ["8.1.5"], why: "a test"}\n', encoding="utf-8")
    assert load_scenario(path).unspecified is not None  # the same file with known rows loads
