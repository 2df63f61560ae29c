"""Gemini long decode (wire quirk ``continuation``): the mock plays both hops, a published client
continues through them, and row request.continuation catches a wrong continuation request."""

from __future__ import annotations

import json

import pytest

from conformance.checks.continuation import continuation_findings
from conformance.run_record import UpstreamCall
from conformance.runner import Settings, run_case
from mock_provider.dialects import DialectError
from mock_provider.scenario import Scenario, load_corpus
from mock_provider.server.serve import ThreadedMockServer
from mock_provider.wires import plan_response
from tests.mutants.gemini_mutants import contents_changed, gemini_reference

SID = "quirks.gemini-continuation.001"
TOKEN = "Y29udC1nZW0tMDAx"


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return next(s for s in load_corpus() if s.id == SID)


def _chunks(body: bytes) -> list[dict[str, object]]:
    return [json.loads(line[6:]) for line in body.decode().splitlines() if line.startswith("data: ")]


def test_the_first_hop_ends_with_continuation_and_the_token_gets_the_rest(scenario: Scenario) -> None:
    first = _chunks(plan_response(scenario, "gemini", {"stream": True}).body_bytes())
    second = _chunks(plan_response(scenario, "gemini", {"stream": True, "continuationToken": TOKEN}).body_bytes())
    text = ["".join(p["text"] for c in hop for p in c["candidates"][0]["content"].get("parts", []))  # type: ignore[index]
            for hop in (first, second)]
    assert text[0] + text[1] == scenario.expected.text
    assert text[0] and text[1]  # the split falls inside the text
    end = first[-1]["candidates"][0]  # type: ignore[index]
    assert (end["finishReason"], end["continuationToken"]) == ("CONTINUATION", TOKEN)
    assert second[-1]["candidates"][0]["finishReason"] == "STOP"  # type: ignore[index]
    hops = [first[-1]["usageMetadata"], second[-1]["usageMetadata"]]
    assert [h["promptTokenCount"] for h in hops] == [20, 20]  # type: ignore[index]
    assert sum(h["candidatesTokenCount"] for h in hops) == 80  # type: ignore[index,misc]


def test_a_token_the_response_never_gave_is_refused(scenario: Scenario) -> None:
    plan = plan_response(scenario, "gemini", {"stream": True, "continuationToken": "b3RoZXI="})
    assert plan.status == 400 and b"INVALID_ARGUMENT" in plan.body_bytes()
    other = next(s for s in load_corpus() if s.id == "text.basic.001")
    assert plan_response(other, "gemini", {"stream": True, "continuationToken": TOKEN}).status == 400


@pytest.mark.parametrize("wire", ["openai-chat", "openai-responses", "anthropic"])
def test_the_other_wires_refuse_the_quirk(scenario: Scenario, wire: str) -> None:
    with pytest.raises(DialectError, match="continuation is a Gemini quirk"):
        plan_response(scenario, wire, {"stream": True})


def test_google_genai_continues_through_the_mock(scenario: Scenario) -> None:
    """The published Python client (google-genai 3.6.1, automatic continuation on by default) gets the
    whole text and the summed usage, in two requests, the second one sending the token back."""
    from google import genai
    from google.genai import types

    with ThreadedMockServer([scenario]) as server:
        client = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=server.base_url,
                                                                            api_version="v1beta"))
        chunks = list(client.models.generate_content_stream(model=f"scenario:{SID}", contents="Write"))
        bodies = [r.request for r in server.state.log.records]
    assert "".join(c.text or "" for c in chunks) == scenario.expected.text
    usage = chunks[-1].usage_metadata
    assert usage is not None and (usage.prompt_token_count, usage.candidates_token_count) == (40, 80)
    assert [b.get("continuationToken") for b in bodies] == [None, TOKEN]
    assert bodies[1]["contents"] == bodies[0]["contents"]


def test_the_reader_passes_and_its_mutant_fails_the_row_alone(scenario: Scenario) -> None:
    """The control of mutant gemini.continuation-contents-changed: the unmutated reader passes."""
    good = run_case(gemini_reference, scenario, "gemini", Settings(timeout=20.0, grace=1.0), adapter_name="gemini")
    assert good.verdict == "PASS", [f.message for f in good.findings]
    bad = run_case(contents_changed, scenario, "gemini", Settings(timeout=20.0, grace=1.0), adapter_name="mutant")
    assert bad.verdict == "FAIL" and {f.row for f in bad.findings} == {"request.continuation"}
    assert "changed contents" in bad.findings[0].message


def test_the_check_names_a_missing_or_foreign_token() -> None:
    first = UpstreamCall(turn=1, attempt=1, request={"contents": [1]})
    again = UpstreamCall(turn=1, attempt=2, request={"contents": [1]})
    other = UpstreamCall(turn=1, attempt=2, request={"contents": [1], "continuationToken": "b3RoZXI="})
    assert [f.actual for f in continuation_findings([first, again], 1, TOKEN, 0)] == ["no continuationToken"]
    assert [f.actual for f in continuation_findings([first, other], 1, TOKEN, 0)] == ["continuationToken 'b3RoZXI='"]
    # A scripted refusal's retry is no continuation: the first answered request is the one continued.
    assert continuation_findings([first, again], 1, TOKEN, 1) == []
    # An adapter that never continues sent nothing wrong upstream (the transcript rows say what is missing).
    assert continuation_findings([first], 1, TOKEN, 0) == []


def test_the_published_clients_own_continuation_passes_the_row(scenario: Scenario) -> None:
    """google-genai 3.6.1 continues a call made with no config by sending ``generationConfig: {}`` beside the
    token (google/genai/_extra_utils.py prepare_continuation_config builds a config that holds only the token):
    an empty config asks for the defaults, as no config does, so the row finds nothing (agno over Gemini's
    first run read it as a changed request)."""
    from google import genai
    from google.genai import types

    with ThreadedMockServer([scenario]) as server:
        client = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=server.base_url,
                                                                            api_version="v1beta"))
        list(client.models.generate_content_stream(model=f"scenario:{SID}", contents="Write"))
        bodies = [r.request for r in server.state.log.records]
    assert "generationConfig" not in bodies[0] and bodies[1].get("generationConfig") == {}  # the client's habit
    calls = [UpstreamCall(turn=1, attempt=n, request=b) for n, b in enumerate(bodies, 1)]
    assert continuation_findings(calls, 1, TOKEN, 0) == []
    # A config that does set something is still a changed request.
    hot = UpstreamCall(turn=1, attempt=2, request={**bodies[1], "generationConfig": {"temperature": 2.0}})
    changed = [f.actual for f in continuation_findings([calls[0], hot], 1, TOKEN, 0)]
    assert changed == ["fields changed: generationConfig"]
