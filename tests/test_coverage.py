"""docs/coverage.md is generated from the installed packages and the corpus, and cannot go stale.

The page lists, per pinned package, every stream element type the package defines: when a package
moves (a new Responses event, a new Mastra chunk, a new Gemini finish reason), the live extraction
differs from the committed table and these tests fail until the page is regenerated and reviewed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import gen_coverage  # noqa: E402

NEEDS_NODE_TYPES = pytest.mark.skipif(not (gen_coverage.NODE / "provider3").exists(),
                                      reason="npm types missing: npm ci --prefix tools/type-oracle")


@NEEDS_NODE_TYPES
def test_every_defined_element_is_a_row_of_the_committed_page() -> None:
    committed = gen_coverage.defined_in_page(gen_coverage.PAGE.read_text(encoding="utf-8"))
    live = {f"{s.title}: `{s.package}` {s.version}": s.defined for s in gen_coverage.sections()}
    assert set(committed) == set(live), "a package version moved: python tools/gen_coverage.py"
    for heading, elements in live.items():
        missing = sorted(set(elements) - set(committed[heading]))
        gone = sorted(set(committed[heading]) - set(elements))
        assert not missing and not gone, f"{heading}: new {missing}, removed {gone}"


@NEEDS_NODE_TYPES
def test_committed_coverage_page_is_the_generated_one() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_coverage.py"), "--check"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_a_new_union_member_in_a_dts_becomes_a_new_element() -> None:
    before = "export type Part = { type: 'text'; text: string } | Extra;\ntype Extra = { type: 'file' };"
    after = before.replace("type Extra = { type: 'file' };", "type Extra = { type: 'file' } | { type: 'audio' };")
    assert gen_coverage.dts_type_literals(before, "Part") == ["file", "text"]
    assert gen_coverage.dts_type_literals(after, "Part") == ["audio", "file", "text"]


def test_the_dts_reader_finds_the_parts_the_issue_names_in_the_published_types() -> None:
    mastra = (gen_coverage.NODE / "@mastra" / "core" / "dist" / "stream" / "types.d.ts")
    if not mastra.exists():
        pytest.skip("npm types missing: npm ci --prefix tools/type-oracle")
    found = gen_coverage.dts_type_literals(mastra.read_text(encoding="utf-8"), "ChunkType")
    for chunk in ("tool-call-suspended", "tool-error", "tool-output", "tripwire", "abort", "data-${string}"):
        assert chunk in found
    assert "tool-output" in found and "nested" not in found


def test_a_new_python_sdk_union_member_becomes_a_new_element() -> None:
    from typing import Literal

    from pydantic import BaseModel

    class A(BaseModel):
        type: Literal["a"]

    class B(BaseModel):
        type: Literal["b"]

    assert gen_coverage.union_discriminators(A | B) == ["a", "b"]
    assert gen_coverage.union_discriminators(A) == ["a"]


def test_the_responses_table_lists_the_reasoning_text_events_the_issue_names() -> None:
    # The OpenAI sections come from the Python package alone: this runs without the npm types.
    openai_sections = {s.title: s for s in gen_coverage.openai_sections()}
    defined = openai_sections["OpenAI Responses stream"].defined
    assert {"response.reasoning_text.delta", "response.reasoning_text.done",
            "response.custom_tool_call_input.delta", "item:custom_tool_call"} <= set(defined)


def test_the_responses_table_splits_a_tool_search_by_who_runs_it() -> None:
    """ResponseToolSearchCall.execution (openai 3.57.0) is 'server' or 'client', and @ai-sdk/openai 4.0.118 reads the
    two differently (dist/index.js:8692-8719): each is an element of its own, and both are played."""
    responses = next(s for s in gen_coverage.openai_sections() if s.title == "OpenAI Responses stream")
    assert {"item:tool_search_call.execution=client", "item:tool_search_call.execution=server"} <= set(
        responses.defined)
    page = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    for element in ("item:tool_search_call.execution=client", "item:tool_search_call.execution=server"):
        assert f"| `{element}` | played (" in page
