"""What every consumer row shares: the scenario's picture against what a ported official consumer shows.

A consumer row (``consumer.ui-messages``, ``consumer.ui-message-stream``, ``consumer.agui-messages``)
reduces both sides of a run to a view of its own: the *expected* view derived from the scenario,
never from an adapter's output, and the *actual* one a port of the protocol's official consumer
builds from the adapter's events. Each view module says what its view keeps; this one holds the
steps they take alike: which transcripts fix a picture at all (:func:`fixed_transcript`,
:func:`shown_results`), how a value reads and is quoted (:func:`parsed_content`, :func:`show`), how
the parts both views hold are compared field by field (:func:`field_differences`), and how the two
views become at most three findings (:func:`row_findings`). The display items the ordered views
share are :mod:`conformance.display_items`.

Example:
    >>> found = row_findings("consumer.ui-messages", "port", "a", lambda: "b", lambda e, a: [f"{e} is shown as {a}"])
    >>> [f.message for f in found]
    ['port: a is shown as b']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict

from conformance.consumer import js_parse
from conformance.contract import Policies
from conformance.findings import Finding
from mock_provider.scenario import Scenario
from mock_provider.transcript import ToolResultRecord, Transcript

# What a port raises on events it cannot even key on (a list as a message id): the schema row speaks for them.
PORT_ERRORS = (TypeError, ValueError, AttributeError, KeyError, RecursionError)
MAX_FINDINGS = 3  # one defect changes much of what a UI shows: the first differences tell it

Expected = TypeVar("Expected")
Actual = TypeVar("Actual")
Part = TypeVar("Part", bound=BaseModel)


class ViewModel(BaseModel):
    """The base of a view's models: a field the view does not declare is an error, not a silent extra."""

    model_config = ConfigDict(extra="forbid")


def show(value: Any) -> str:
    """A value as a finding quotes it: JSON, cut at 200 characters.

    >>> show("a"), show({"x": [1]})
    ('"a"', '{"x": [1]}')
    """
    return json.dumps(value, ensure_ascii=False, default=str)[:200]


def parsed_content(content: Any) -> Any:
    """A tool result's content as a UI holds it: what JavaScript's ``JSON.parse`` makes of it, else as it is.

    >>> parsed_content('{"a": 1}'), parsed_content("plain")
    ({'a': 1}, 'plain')
    """
    ok, value = js_parse(content)
    return value if ok else content


def field_differences(part: str, expected: Mapping[str, Part], actual: Mapping[str, Part], keys: Sequence[str],
                      differs: Callable[[Part, Part, str], bool]) -> list[str]:
    """For each ``part`` both views hold by id (one the UI lacks is already a display difference), each
    field of ``keys`` the view's rule ``differs`` tells apart, in that order.

    >>> class Call(ViewModel):
    ...     name: str = ""
    >>> print(*field_differences("tool part", {"c": Call(name="f")}, {"c": Call(name="g")}, ["name"],
    ...                          lambda e, a, key: getattr(e, key) != getattr(a, key)))
    tool part 'c' name: expected "f", the UI shows "g"
    """
    out: list[str] = []
    for part_id, want in expected.items():
        got = actual.get(part_id)
        if got is None:
            continue
        out += [f"{part} {part_id!r} {key}: expected {show(getattr(want, key))}, the UI shows {show(getattr(got, key))}"
                for key in keys if differs(want, got, key)]
    return out


def fixed_transcript(scenario: Scenario, dialect: str) -> Transcript | None:
    """The scenario's expected transcript in ``dialect``, or None for an aborted run or one with no terminal
    (what arrives before an abort is not fixed).

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> fixed_transcript(s, "v3").text
    'The capital of France is Paris.'
    """
    expected = scenario.expected_for(dialect)
    return None if expected.terminal in ("aborted", "none") else expected


def shown_results(expected: Transcript, policies: Policies) -> list[ToolResultRecord] | None:
    """The tool results a UI shows, each its own: the final ones, and the preliminary ones the policy
    forwards; None where some forwarded preliminary result is among them (they replace each other, or
    each is its own message: no one picture).

    >>> from mock_provider.transcript import ToolResultRecord
    >>> t = Transcript(tool_results=[ToolResultRecord(tool_call_id="c", result=1, preliminary=True)])
    >>> shown_results(t, Policies()), shown_results(t, Policies(preliminary_results="forward"))
    ([], None)
    """
    results = [r for r in expected.tool_results if policies.preliminary_results == "forward" or not r.preliminary]
    return None if any(r.preliminary for r in results) else results


def row_findings(row: str, consumer: str, expected: Expected | None, read: Callable[[], Actual | None],
                 compare: Callable[[Expected, Actual], list[str]]) -> list[Finding]:
    """Row ``row``'s findings: the first :data:`MAX_FINDINGS` differences ``compare`` finds between the
    expected view and the one ``read`` gives, each prefixed with the ``consumer`` that shows it.

    None at all where the scenario fixes no picture (``expected`` is None), where the port cannot
    key on the events (``read`` raises one of :data:`PORT_ERRORS`) or does not vouch for them
    (``read`` gives None).

    >>> row_findings("consumer.ui-messages", "port", None, lambda: "b", lambda e, a: ["differs"])
    []
    >>> row_findings("consumer.ui-messages", "port", "a", lambda: None, lambda e, a: ["differs"])
    []
    >>> [f.row for f in row_findings("consumer.ui-messages", "port", "a", lambda: "b", lambda e, a: ["differs"])]
    ['consumer.ui-messages']
    """
    if expected is None:
        return []
    try:
        actual = read()
    except PORT_ERRORS:
        return []
    if actual is None:
        return []
    return [Finding(row=row, source="consumer", message=f"{consumer}: {d}")
            for d in compare(expected, actual)[:MAX_FINDINGS]]
