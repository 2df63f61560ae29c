"""The mock-provider command line: list, validate, render."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from mock_provider.scenario import Scenario
from mock_provider.wires import plan_response

BROKEN = Path(__file__).parent / "data" / "broken_scenarios"


def cli(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "mock_provider", *args], capture_output=True, check=False)


def test_list_names_every_scenario(corpus: list[Scenario]) -> None:
    out = cli("list")
    assert out.returncode == 0
    lines = out.stdout.decode().splitlines()
    assert len(lines) == len(corpus)
    assert any(line.startswith("tool.interleave.002") for line in lines)


def test_validate_reports_file_line_and_field() -> None:
    bad = sorted(BROKEN.glob("*.yaml"))[0]
    out = cli("validate", str(bad))
    assert out.returncode == 1
    err = out.stderr.decode()
    assert err.startswith(f"error: {bad}:") and ": " in err


def test_render_prints_the_exact_bytes(corpus: list[Scenario]) -> None:
    s = next(s for s in corpus if s.id == "tool.interleave.001")
    for dialect in ("v3", "mastra", "openai-chat", "anthropic", "openai-responses", "gemini"):
        out = cli("render", s.id, "--dialect", dialect)
        assert out.returncode == 0, out.stderr
        assert out.stdout == plan_response(s, dialect, {"model": f"scenario:{s.id}", "stream": True},
                                           streaming=True).body_bytes()
        assert out.stderr.decode().startswith("# HTTP 200")


def test_render_takes_the_reasoning_dialect_the_header_would() -> None:
    out = cli("render", "reasoning.basic.001", "--dialect", "openai-chat", "--reasoning", "think-tags")
    assert out.returncode == 0, out.stderr
    assert b'"delta":{"content":"<think>91 = 7 * 13"}' in out.stdout and b"reasoning_content" not in out.stdout
    assert b'"reasoning_content":"91 = 7 * 13"' in cli("render", "reasoning.basic.001", "--dialect",
                                                       "openai-chat").stdout


def test_render_refuses_what_a_dialect_cannot_express() -> None:
    out = cli("render", "tool.approval.001", "--dialect", "v2")
    assert out.returncode == 1
    assert "cannot express part 'tool-approval-request'" in out.stderr.decode()


def test_render_prints_anthropic_server_tool_blocks() -> None:
    """A provider-executed search renders as server_tool_use + web_search_tool_result (anthropic 2.14.0 types)."""
    out = cli("render", "tool.provider-executed.001", "--dialect", "anthropic")
    assert out.returncode == 0, out.stderr
    body = out.stdout.decode()
    assert '"content_block":{"type":"server_tool_use","id":"srvtoolu_01","name":"web_search","input":{}}' in body
    assert '"content_block":{"type":"web_search_tool_result","tool_use_id":"srvtoolu_01"' in body
    assert '"url":"https://example.com/paris-weather"' in body
    assert body.index("server_tool_use") < body.index("web_search_tool_result") < body.index("text_delta")


def test_a_broken_scenario_directory_is_reported_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "x.yaml").write_text("id: bad.one.001\ntitle: x\n")
    out = cli("--scenarios", str(tmp_path), "list")
    assert out.returncode == 1
    err = out.stderr.decode()
    # A user's file may leave rows and the transcript out (short form), but it needs an answer.
    assert err.startswith(f"error: {tmp_path / 'x.yaml'}:1: script: no answer") and "Traceback" not in err


MY_SCENARIO = """
id: mine.added.001
title: a user's own scenario
rows: ["8.1.4"]
citations: [{ref: "my notes"}]
request: {messages: [{role: user, content: hi}]}
script: [{part: {type: text-delta, id: "0", delta: "mine"}}]
expected: {text: mine}
"""


def test_a_scenario_directory_adds_to_the_corpus_unless_only(tmp_path: Path) -> None:
    """Before issue 18, --scenarios replaced the built-in corpus: a user's one file hid the 400 others."""
    (tmp_path / "mine.yaml").write_text(MY_SCENARIO)
    ids = [line.split()[0] for line in cli("--scenarios", str(tmp_path), "list").stdout.decode().splitlines()]
    assert "mine.added.001" in ids and "text.basic.001" in ids
    only = [line.split()[0] for line in cli("--scenarios", str(tmp_path), "--scenarios-only", "list")
            .stdout.decode().splitlines()]
    assert only == ["mine.added.001"]


def test_a_directory_id_already_in_the_corpus_names_both_files(tmp_path: Path) -> None:
    (tmp_path / "clash.yaml").write_text(MY_SCENARIO.replace("mine.added.001", "text.basic.001"))
    out = cli("--scenarios", str(tmp_path), "list")
    err = out.stderr.decode()
    assert out.returncode != 0 and "duplicate id 'text.basic.001'" in err and "clash.yaml" in err, err
    assert "fixtures" in err or "_fixtures" in err  # the corpus's file is named too
