"""The non-streaming (``stream: false``) JSON of the refusal and url-citation quirks, read by openai 3.57.0's models.

``quirks.refusal.001`` and ``quirks.chat-annotations.001`` are read in streaming form by
tests/test_wire_openai.py and tests/test_wire_openai_responses.py. Here their JSON bodies are
validated with the SDK's own pydantic models (``ChatCompletion``, ``Response``: a wrong field type
or a missing required field raises, unlike the clients' unvalidated construction) and the typed
fields are compared with values derived from the scenario's script:

- Chat Completions: ``choices[0].message.refusal`` (types/chat/chat_completion_message.py:41) holds
  the refusal text, ``content`` is null; ``message.annotations`` (:45) holds one ``url_citation``
  per url source, ``{url, title, start_index, end_index}`` over the content before the source.
- Responses: the message item's content is a ``refusal`` part (types/responses/response_output_refusal.py),
  or an ``output_text`` whose ``annotations`` (response_output_text.py:37 AnnotationURLCitation) hold
  the url citations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from mock_provider.parts import Source, TextDelta
from mock_provider.scenario import Scenario
from mock_provider.wires import plan_response
from tests.test_wire import corpus_scenario

openai = pytest.importorskip("openai")
from openai.types.chat import ChatCompletion  # noqa: E402
from openai.types.responses import Response  # noqa: E402

JSON_REQUEST = {"stream": False}


@dataclass
class Cite:
    url: str
    title: str | None
    start: int
    end: int


def refusal_text(s: Scenario) -> str:
    """The text the script sends on the refusal channel (its text deltas marked ``channel: refusal``)."""
    return "".join(step.part.delta for step in s.script
                   if isinstance(step.part, TextDelta) and step.wire is not None and step.wire.channel == "refusal")


def text_and_cites(s: Scenario) -> tuple[str, list[Cite]]:
    """The answer text and, per url source, the span of text the script sent before it (the quirk's meaning:
    the citation covers the answer so far)."""
    text, cites = "", []
    for p in s.parts():
        if isinstance(p, TextDelta):
            text += p.delta
        elif isinstance(p, Source) and p.source_type == "url":
            cites.append(Cite(url=p.url or "", title=p.title, start=0, end=len(text)))
    return text, cites


def json_body(sid: str, dialect: str) -> tuple[Scenario, bytes]:
    s = corpus_scenario(sid)
    plan = plan_response(s, dialect, JSON_REQUEST)
    assert plan.status == 200 and plan.headers["content-type"] == "application/json"
    return s, plan.body_bytes()


def test_chat_completion_json_carries_the_refusal() -> None:
    s, body = json_body("quirks.refusal.001", "openai-chat")
    want = refusal_text(s)
    assert want  # the scenario does refuse
    message = ChatCompletion.model_validate_json(body).choices[0].message
    assert (message.refusal, message.content) == (want, None)
    # OpenAI ends a refusal with 'stop' (the AI SDK reads stop + refusal as content-filter).
    assert ChatCompletion.model_validate_json(body).choices[0].finish_reason == "stop"


def test_chat_completion_json_carries_the_url_citations() -> None:
    s, body = json_body("quirks.chat-annotations.001", "openai-chat")
    text, cites = text_and_cites(s)
    assert cites
    message = ChatCompletion.model_validate_json(body).choices[0].message
    assert message.content == text and message.refusal is None
    got = [(a.type, a.url_citation) for a in message.annotations or []]
    assert [(kind, c.url, c.title, c.start_index, c.end_index) for kind, c in got] == [
        ("url_citation", c.url, c.title, c.start, c.end) for c in cites]
    # The span is the cited sentence, not the whole answer (the source comes mid-text).
    assert 0 < cites[0].end < len(text)


def test_responses_json_carries_the_refusal_part() -> None:
    s, body = json_body("quirks.refusal.001", "openai-responses")
    r = Response.model_validate_json(body)
    assert r.status == "completed"
    parts: list[Any] = [c for item in r.output if item.type == "message" for c in item.content]
    assert [(c.type, c.refusal) for c in parts] == [("refusal", refusal_text(s))]
    assert r.output_text == ""  # the SDK's own output_text leaves the refusal out


def test_responses_json_carries_the_output_text_annotations() -> None:
    s, body = json_body("quirks.chat-annotations.001", "openai-responses")
    text, cites = text_and_cites(s)
    r = Response.model_validate_json(body)
    parts: list[Any] = [c for item in r.output if item.type == "message" for c in item.content]
    assert [c.type for c in parts] == ["output_text"] and parts[0].text == text
    assert [(a.type, a.url, a.title, a.start_index, a.end_index) for a in parts[0].annotations] == [
        ("url_citation", c.url, c.title, c.start, c.end) for c in cites]
    assert r.output_text == text
