"""Sources a wire can say only as a retrieval tool's output, shown by the adapter as that tool's call.

On the Gemini API a document source exists only as a ``retrievedContext`` groundingChunk, which
google-genai documents as "context retrieved from a data source ... when a retrieval tool fetches
information" (3.6.1 ``google/genai/types.py:8071-8076``). A client may show it as a source
(``@ai-sdk/google`` 4.0.121 ``extractSources``) or as the provider's own retrieval: pydantic-ai
2.68.0 makes it a provider-executed ``file_search`` call whose result lists the retrieved
documents, after the text (``pydantic_ai/models/google.py:2941-2962, 3059-3074``). A url source exists there only
as a ``web`` groundingChunk, and a GroundingChunk is returned "when grounding is enabled" (google-genai 2.34.0
``types.py:7868-7874``): the output of a search or a URL fetch the provider ran, which AG2 1.2.1 shows as that
grounding's call with the pages as its result (``ag2/config/gemini/gemini_client.py:308-314``). Each shows the
user the source; none invents a call the upstream did not report. So a call that is not in the
scenario, whose result names one of the scenario's retrieval-only sources, is the source shown,
not a call "not in the upstream": it is left out of the calls the content rows compare
(:func:`retrieval_calls`, :func:`without_calls`) and of the consumer views. Any other extra call still fails.

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> from mock_provider.transcript import ToolCallRecord, ToolResultRecord, Transcript
    >>> s = next(s for s in load_corpus() if s.id == "parts.source.001")
    >>> found = [{"title": "Paris monuments", "uri": "monuments.pdf"}]
    >>> shown = Transcript(text="t", tool_calls=[ToolCallRecord(id="fs-1", name="file_search", args={})],
    ...                    tool_results=[ToolResultRecord(tool_call_id="fs-1", result=found)])
    >>> sorted(retrieval_calls(s, "gemini", shown)), retrieval_calls(s, "v3", shown)
    (['fs-1'], frozenset())
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from mock_provider.dialects import dialect as dialect_of
from mock_provider.dialects import names as dialect_names
from mock_provider.parts import Source
from mock_provider.scenario import Scenario
from mock_provider.transcript import Transcript

__all__ = ["events_without", "retrieval_calls", "retrieval_names", "without_calls"]


def retrieval_names(scenario: Scenario, dialect: str) -> set[str]:
    """The names (file name, url) of the scenario's sources ``dialect`` can say only as a retrieval's output.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "parts.source.001")
    >>> sorted(retrieval_names(s, "gemini")), retrieval_names(s, "v3")
    (['https://example.com/eiffel', 'monuments.pdf'], set())
    """
    if dialect not in dialect_names():
        return set()
    kinds = dialect_of(dialect).retrieval_sources
    found = (p for p in scenario.parts() if isinstance(p, Source) and p.source_type in kinds)
    return {str(name) for p in found for name in (p.filename, p.url) if name}


def retrieval_calls(scenario: Scenario, dialect: str, actual: Transcript) -> frozenset[str]:
    """The ids of ``actual``'s calls that show a retrieval-only source (module doc)."""
    names = retrieval_names(scenario, dialect)
    if not names or not actual.tool_calls:
        return frozenset()
    expected_ids = {c.id for c in scenario.expected.tool_calls}
    results = {r.tool_call_id: json.dumps(r.result, ensure_ascii=False) for r in actual.tool_results}
    return frozenset(c.id for c in actual.tool_calls
                     if c.id not in expected_ids and any(n in results.get(c.id, "") for n in names))


def without_calls(actual: Transcript, calls: frozenset[str]) -> Transcript:
    """``actual`` without ``calls`` and their results (the calls :func:`retrieval_calls` found).

    >>> from mock_provider.transcript import ToolCallRecord
    >>> without_calls(Transcript(tool_calls=[ToolCallRecord(id="a", name="f")]), frozenset({"a"})).tool_calls
    []
    """
    if not calls:
        return actual
    return actual.model_copy(update={
        "tool_calls": [c for c in actual.tool_calls if c.id not in calls],
        "tool_results": [r for r in actual.tool_results if r.tool_call_id not in calls]})


def events_without(events: Sequence[Any], calls: frozenset[str]) -> list[Any]:
    """``events`` without those of ``calls`` (every output protocol names a call by ``toolCallId``), for the
    consumer views: the retrieval a call shows is the source shown, not a call of the scenario's.

    >>> events_without([{"type": "A"}, {"type": "B", "toolCallId": "fs"}], frozenset({"fs"}))
    [{'type': 'A'}]
    """
    if not calls:
        return list(events)
    return [e for e in events if not (isinstance(e, dict) and e.get("toolCallId") in calls)]
