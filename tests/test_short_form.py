"""User scenarios in five lines: the short form validates, serves, and reports every mistake at once."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import anthropic
import openai
import pytest

from mock_provider.corpus import load_scenarios
from mock_provider.scenario import ScenarioErrors, fixtures_dir, load_scenario, parse_scenario_text
from mock_provider.server import ThreadedMockServer
from mock_provider.server.selection import has_tool_result, last_user_text

WEATHER = """\
id: my.weather.001
match: {last_user_contains: weather, tool_result: false}
tool_call: {name: get_weather, args: {city: Paris}}
"""
HELLO = """\
# A greeting, any model starting with gpt-
id: my.hello.001
title: Say hello
match: {model: "gpt-*", last_user_contains: hello}
reply: "Hello from the mock!"
"""
AFTER_TOOL = """\
id: my.weather.002
match: {tool_result: true}
reply: "It is sunny in Paris."
"""
FIVE_MISTAKES = """\
id: my.broken.001
titel: typo in a key
match: {last_user_contains: 3}
reply: [not, a, string]
tool_call: {name: get_weather, args: "city=Paris"}
wire: {line_ending: cr}
"""


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mock_provider", *args], capture_output=True, text=True,
                          timeout=60, check=False)


@pytest.fixture
def user_dir(tmp_path: Path) -> Path:
    for name, text in (("weather.yaml", WEATHER), ("hello.yaml", HELLO), ("after.yaml", AFTER_TOOL)):
        (tmp_path / name).write_text(text)
    return tmp_path


def test_a_five_line_scenario_gets_rows_citations_request_and_a_derived_transcript(user_dir: Path) -> None:
    s = load_scenario(user_dir / "hello.yaml")
    assert (s.id, s.title) == ("my.hello.001", "Say hello")
    assert s.request.messages[0].content == "hello"
    assert s.rows == ["8.1.4", "8.1.5", "8.1.18"]
    assert (s.expected.text, s.expected.finish_reason, s.expected.tool_calls) == ("Hello from the mock!", "stop", [])
    call = load_scenario(user_dir / "weather.yaml")
    assert [(c.id, c.name, c.args) for c in call.expected.tool_calls] == [("call_0", "get_weather", {"city": "Paris"})]
    assert call.expected.finish_reason == "tool_calls" and [t.name for t in call.request.tools] == ["get_weather"]
    assert "8.1.10" in call.rows and "8.1.4" not in call.rows


def test_a_user_file_without_an_id_is_named_after_the_file(tmp_path: Path) -> None:
    (tmp_path / "greeting.yaml").write_text('reply: "hi"\n')
    assert load_scenario(tmp_path / "greeting.yaml").id == "user.greeting"


def test_fail_alone_is_the_answer_and_with_a_reply_it_is_the_first_attempt() -> None:
    alone = parse_scenario_text("fail: {status: 429, retry_after: 2}", "f.yaml", short_form=True)
    fault = alone.http_fault()
    assert fault is not None and (fault.status, fault.headers) == (429, {"Retry-After": "2"})
    assert (alone.expected.terminal, alone.expected.error and alone.expected.error.code) == ("error", "429")
    retried = parse_scenario_text('fail: {status: 503}\nreply: "ok"', "g.yaml", short_form=True)
    assert [f.status for f in retried.failed_attempts] == [503] and retried.expected.text == "ok"
    assert "retries" in retried.features()


def test_the_builtin_corpus_keeps_the_strict_schema(tmp_path: Path) -> None:
    text = 'id: text.short.900\nreply: "hi"\n'
    with pytest.raises(ScenarioErrors) as err:
        parse_scenario_text(text, "corpus.yaml")  # short_form defaults to off for a text
    assert {e.field for e in err.value.errors} >= {"title", "rows", "citations", "request", "script", "expected"}
    corpus_file = next((fixtures_dir() / "scenarios" / "text").glob("*.yaml"))
    assert load_scenario(corpus_file).source == str(corpus_file)  # the corpus still loads, strictly


def test_validate_lists_every_error_of_every_file_with_file_line_and_field(user_dir: Path) -> None:
    bad = user_dir / "broken.yaml"
    bad.write_text(FIVE_MISTAKES)
    other = user_dir / "other.yaml"
    other.write_text("id: my.other.001\nreply: 7\n")
    out = cli("validate", str(user_dir / "hello.yaml"), str(bad), str(other))
    assert out.returncode == 1
    assert f"ok: {user_dir / 'hello.yaml'} (my.hello.001" in out.stdout
    lines = out.stderr.splitlines()
    mine = [line for line in lines if line.startswith(f"error: {bad}:")]
    located = {line.split(":", 3)[2] + ":" + line.split(":", 3)[3].split(":")[0] for line in mine}
    assert located == {"2: titel", "3: match.last_user_contains", "4: reply", "5: tool_call.args",
                       "6: wire.line_ending"}, lines
    assert len(mine) == 5
    assert [line for line in lines if line.startswith(f"error: {other}:")] == [
        f"error: {other}:2: reply: Input should be a valid string"]


def test_serve_reports_every_bad_file_then_refuses_to_start(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("reply: 1\n")
    (tmp_path / "b.yaml").write_text("match: {}\nreply: hi\n")
    out = cli("--scenarios", str(tmp_path), "serve", "--port", "0")
    assert out.returncode == 2
    assert f"error: {tmp_path / 'a.yaml'}:1: reply:" in out.stderr
    assert f"error: {tmp_path / 'b.yaml'}:1: match: a rule with no condition never matches" in out.stderr
    assert "refuses to start" in out.stderr and "serving" not in out.stdout


def test_match_rules_read_every_wire() -> None:
    assert last_user_text({"input": [{"role": "user", "content": [{"type": "input_text", "text": "hi"}]}]}) == "hi"
    assert last_user_text({"contents": [{"role": "user", "parts": [{"text": "a"}]},
                                        {"role": "user", "parts": [{"functionResponse": {"name": "f"}}]}]}) == "a"
    assert has_tool_result({"messages": [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t"}]}]})
    assert has_tool_result({"contents": [{"role": "user", "parts": [{"functionResponse": {"name": "f"}}]}]})
    assert not has_tool_result({"contents": [{"role": "user", "parts": [{"text": "a"}]}]})


def test_five_line_scenarios_serve_to_the_official_sdks(user_dir: Path) -> None:
    with ThreadedMockServer(load_scenarios(user_dir, replace=True), time_scale=0.0) as server:
        client = openai.OpenAI(base_url=server.base_url + "/v1", api_key="sk-test", max_retries=0)
        stream = client.chat.completions.create(model="gpt-4o-mini", stream=True,
                                                messages=[{"role": "user", "content": "say hello"}])
        assert "".join(c.choices[0].delta.content or "" for c in stream if c.choices) == "Hello from the mock!"
        with pytest.raises(openai.BadRequestError):  # the model does not match gpt-*: nothing selected
            client.chat.completions.create(model="o3", messages=[{"role": "user", "content": "say hello"}])
        claude = anthropic.Anthropic(base_url=server.base_url, api_key="sk-ant-test", max_retries=0)
        first = claude.messages.create(model="claude-x", max_tokens=64,
                                       messages=[{"role": "user", "content": "What is the weather?"}])
        use = [b for b in first.content if b.type == "tool_use"]
        assert [(b.name, b.input) for b in use] == [("get_weather", {"city": "Paris"})]
        second = claude.messages.create(model="claude-x", max_tokens=64, messages=[
            {"role": "user", "content": "What is the weather?"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": use[0].id, "name": "get_weather",
                                               "input": {"city": "Paris"}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": use[0].id, "content": "sunny"}]}])
        assert [b.text for b in second.content if b.type == "text"] == ["It is sunny in Paris."]


def test_a_short_form_document_posts_to_a_running_server() -> None:
    with ThreadedMockServer([], time_scale=0.0) as server:
        req = urllib.request.Request(server.base_url + "/_mock/scenarios", method="POST",
                                     data=json.dumps({"reply": "posted!"}).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            sid = json.loads(r.read())["id"]
        assert sid.startswith("user.")
        client = openai.OpenAI(base_url=server.base_url + "/v1", api_key="k", max_retries=0)
        reply = client.chat.completions.create(model=f"scenario:{sid}", messages=[{"role": "user", "content": "x"}])
        assert reply.choices[0].message.content == "posted!"
        bad = urllib.request.Request(server.base_url + "/_mock/scenarios", method="POST",
                                     data=json.dumps({"reply": 1, "titel": "x"}).encode(),
                                     headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(bad, timeout=10)
        fields = {f["field"] for f in json.loads(err.value.read())["error"]["fields"]}
        assert fields == {"reply", "titel"}
