"""Which scenario a request gets: by model name, by header, by the default, by a matching rule.

The scenario is chosen, in order, by ``"model": "scenario:<id>"`` in the JSON body, by the
``X-Mock-Scenario: <id>`` header, then by the default scenario (``PUT /_mock/default-scenario``,
for clients with a fixed model name that send no header), then by the scenarios' ``match`` rules
(first match in registration order). An unknown id is refused with the closest known ids
("did you mean").

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> store = ScenarioStore(load_corpus())
    >>> select_scenario(store, {}, {"X-Mock-Scenario": "text.basic.001"}).id
    'text.basic.001'
"""

from __future__ import annotations

import difflib
import fnmatch
import itertools
import threading
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from mock_provider.request_reading import offered, said
from mock_provider.scenario import MAX_ID_LENGTH, REASONING_DIALECTS, SCENARIO_ID, MatchRule, Scenario
from mock_provider.server.errors import RequestError

SCOPE_HEADER = "X-Mock-Scope"
SCENARIO_HEADER = "X-Mock-Scenario"
REASONING_HEADER = "X-Mock-Reasoning"  # a Chat Completions reasoning dialect for this request only
MODEL_PREFIX = "scenario:"
MAX_SUGGEST = 300  # ids compared for a "did you mean" (each costs ~20 us on the loop)
SELECTION_HELP = (
    f'select a scenario with "model": "{MODEL_PREFIX}<id>" in the JSON body, the header '
    f"{SCENARIO_HEADER}: <id>, a default scenario (PUT /_mock/default-scenario), or a scenario whose match rule "
    "fits the request; GET /_mock/scenarios lists the ids"
)


class ScenarioStore:
    """Scenarios by id, in registration order, with the request-matching rules.

    Copy on write: a change builds a new dict and swaps it in whole, so a reader on the event loop
    (``match`` walks every scenario) never sees the dict it walks change size, whichever thread
    posts (the control API validates on a worker thread; a harness registers from its own).

    >>> from mock_provider.scenario import load_corpus
    >>> store = ScenarioStore(load_corpus())
    >>> store.get("text.basic.001").id, store.closest("text.basic.01")[0]
    ('text.basic.001', 'text.basic.001')
    """

    def __init__(self, scenarios: Iterable[Scenario] = ()) -> None:
        self._by_id: dict[str, Scenario] = {}
        # Other names a scenario is selected by (a case's opaque id), never listed.
        self._aliases: dict[str, Scenario] = {}
        self._write = threading.Lock()  # writers only: readers take the current dict as it is
        # Counts every change (add, put, remove, alias): a cache of what selection chose keys on it.
        self.generation = 0
        first: dict[str, Scenario] = {}
        for s in scenarios:
            if s.id in first:
                raise KeyError(s.id)
            first[s.id] = s
        self._by_id = first

    def alias(self, name: str, scenario: Scenario) -> None:
        """Select ``scenario`` by ``name`` as well (not listed, not a stored id) until :meth:`unalias`.

        >>> from mock_provider.scenario import load_corpus
        >>> store = ScenarioStore(load_corpus()[:1])
        >>> store.alias("case.1f", load_corpus()[0])
        >>> store.get("case.1f").id == load_corpus()[0].id, len(store)
        (True, 1)
        """
        self._aliases[name] = scenario
        self.generation += 1

    def unalias(self, name: str) -> None:
        """Forget an alias (no error when unknown)."""
        self._aliases.pop(name, None)
        self.generation += 1

    def add(self, scenario: Scenario) -> None:
        """Register a scenario; ``KeyError`` when the id is taken."""
        with self._write:
            if scenario.id in self._by_id:
                raise KeyError(scenario.id)
            self._by_id = {**self._by_id, scenario.id: scenario}
            self.generation += 1

    def get(self, scenario_id: str) -> Scenario | None:
        """The scenario with this id (or alias), or None."""
        return self._by_id.get(scenario_id) or self._aliases.get(scenario_id)

    def put(self, scenario: Scenario) -> None:
        """Register a scenario or replace the one with its id."""
        with self._write:
            self._by_id = {**self._by_id, scenario.id: scenario}
            self.generation += 1

    def remove(self, scenario_id: str) -> Scenario | None:
        """Forget a scenario; the one removed, or None."""
        with self._write:
            current = self._by_id
            if scenario_id not in current:
                return None
            kept = dict(current)
            gone = kept.pop(scenario_id)
            self._by_id = kept
            self.generation += 1
            return gone

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self) -> Iterator[Scenario]:
        return iter(self._by_id.values())

    def closest(self, scenario_id: str, n: int = 5) -> list[str]:
        """Up to ``n`` known ids that look like ``scenario_id`` (difflib).

        Bounded: difflib runs on the event loop, so it compares at most :data:`MAX_SUGGEST` ids,
        those of the same family (first id segment) first; 10,000 stored ids once cost 211 ms a
        request.
        """
        family = scenario_id.split(".", 1)[0] + "."
        ids = self._by_id
        first = itertools.chain((i for i in ids if i.startswith(family)), (i for i in ids if not i.startswith(family)))
        pool = list(itertools.islice(first, MAX_SUGGEST))
        return difflib.get_close_matches(scenario_id, pool, n=n, cutoff=0.5)

    def match(self, body: Mapping[str, Any]) -> Scenario | None:
        """The first scenario whose ``match`` rule fits the request body.

        A rule with no condition never matches, so a scenario cannot become a catch-all by accident.
        """
        facts = _RequestFacts(body)
        for s in self._by_id.values():
            if s.match is not None and s.match.conditions() and facts.fits(s.match):
                return s
        return None


class _RequestFacts:
    """What match rules read from one request, each computed once, on first use."""

    def __init__(self, body: Mapping[str, Any]) -> None:
        self.body = body
        self._text: str | None = None
        self._names: set[str] | None = None
        self._result: bool | None = None

    def fits(self, rule: MatchRule) -> bool:
        """Whether every condition the rule states holds for this request."""
        if rule.model is not None:
            model = self.body.get("model")
            if not isinstance(model, str) or not fnmatch.fnmatchcase(model.removeprefix("models/"), rule.model):
                return False
        if rule.last_user_contains is not None:
            if self._text is None:
                self._text = last_user_text(self.body) or ""
            if rule.last_user_contains not in self._text:
                return False
        if rule.tool_names is not None:
            if self._names is None:
                self._names = set(tool_names(self.body))
            if not set(rule.tool_names) <= self._names:
                return False
        if rule.tool_result is not None:
            if self._result is None:
                self._result = has_tool_result(self.body)
            if rule.tool_result != self._result:
                return False
        return True


def _conversation(body: Mapping[str, Any]) -> list[Any]:
    """The conversation of any wire's request: Chat/Messages ``messages``, AI SDK ``prompt``,
    Responses ``input`` (a string is one user message), Gemini ``contents``."""
    for key in ("messages", "prompt", "contents", "input"):
        value = body.get(key)
        if isinstance(value, list):
            return value
        if key == "input" and isinstance(value, str):
            return [{"role": "user", "content": value}]
    return []


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
    return ""


def last_user_text(body: Mapping[str, Any]) -> str | None:
    """The text of the last user message (string content or the ``text`` of content parts), on every wire.

    >>> last_user_text({"messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]})
    'hi'
    >>> last_user_text({"contents": [{"role": "user", "parts": [{"text": "hallo"}]}]}), last_user_text({"input": "yo"})
    ('hallo', 'yo')
    """
    for m in reversed(_conversation(body)):
        if isinstance(m, dict) and m.get("role") == "user":
            if "parts" in m and "content" not in m:
                text = _text_of(m.get("parts"))
                if text or not any(isinstance(p, dict) and "functionResponse" in p for p in m.get("parts") or []):
                    return text
                continue  # a Gemini user turn that only carries function responses
            return _text_of(m.get("content"))
    return None


def has_tool_result(body: Mapping[str, Any]) -> bool:
    """Whether the request carries a tool result, on any wire (``mock_provider.request_reading.said``).

    >>> has_tool_result({"messages": [{"role": "tool", "tool_call_id": "c", "content": "1"}]})
    True
    >>> has_tool_result({"contents": [{"role": "user", "parts": [{"functionResponse": {"name": "f"}}]}]})
    True
    >>> has_tool_result({"messages": [{"role": "user", "content": "hi"}]})
    False
    """
    return any(item.kind == "result" for item in said(dict(body))[0])


def tool_names(body: Mapping[str, Any]) -> list[str]:
    """The names of the function tools the request offers, on any wire (``mock_provider.request_reading.offered``).

    >>> tool_names({"tools": [{"type": "function", "function": {"name": "a"}}, {"name": "b"}]})
    ['a', 'b']
    >>> tool_names({"tools": [{"functionDeclarations": [{"name": "c"}]}]})
    ['c']
    """
    return list(offered(dict(body)))


def check_scenario_id(value: str, source: str) -> str:
    """Validate an id from a request (``SCENARIO_ID``: no path tricks); ``RequestError`` (400).

    >>> check_scenario_id("../etc/passwd", "header X-Mock-Scenario")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mock_provider.server.errors.RequestError: header X-Mock-Scenario: '../etc/passwd' is not a scenario id (dotted ...
    """
    if len(value) > MAX_ID_LENGTH or not SCENARIO_ID.match(value):
        shown = value if len(value) <= 80 else value[:80] + "..."
        raise RequestError(400, "invalid_scenario_id",
                           f"{source}: {shown!r} is not a scenario id (dotted lowercase segments like "
                           f"'tool.interleave.002')")
    return value


def header_value(headers: Mapping[str, str], name: str) -> str | None:
    """A header's value when it is a string (a mapping may hold anything), else None.

    >>> header_value({"Accept": "text/plain"}, "Accept"), header_value({}, "Accept")
    ('text/plain', None)
    """
    value = headers.get(name)
    return value if isinstance(value, str) else None


def select_scenario(store: ScenarioStore, body: Mapping[str, Any], headers: Mapping[str, str],
                    default: str | None = None) -> Scenario:
    """Pick the scenario: body ``model: scenario:<id>``, then ``X-Mock-Scenario``, then ``default``, then match rules.

    ``default`` is the id set with ``PUT /_mock/default-scenario``: it comes before the match
    rules because a harness set it on purpose for the request that is about to come.

    Raises ``RequestError``: 400 for a malformed id or when nothing selects a scenario,
    404 (with the closest ids) for an unknown id.

    >>> from mock_provider.scenario import load_corpus
    >>> select_scenario(ScenarioStore(load_corpus()), {"model": "scenario:text.basic.001"}, {}).id
    'text.basic.001'
    """
    chosen: str | None = None
    model = body.get("model")
    if isinstance(model, str) and model.startswith(MODEL_PREFIX):
        chosen = check_scenario_id(model[len(MODEL_PREFIX):].strip(), "model")
    else:
        header = header_value(headers, SCENARIO_HEADER)
        if header is not None:
            chosen = check_scenario_id(header.strip(), f"header {SCENARIO_HEADER}")
    if chosen is None and default is not None:
        chosen = default
    if chosen is not None:
        scenario = store.get(chosen)
        if scenario is None:
            raise RequestError(404, "unknown_scenario", f"no scenario {chosen!r}", closest=store.closest(chosen))
        return scenario
    matched = store.match(body)
    if matched is None:
        raise RequestError(400, "no_scenario_selected", f"no scenario selected: {SELECTION_HELP}")
    return matched


__all__ = ["MAX_ID_LENGTH", "MODEL_PREFIX", "SCENARIO_HEADER", "SCOPE_HEADER", "SELECTION_HELP", "ScenarioStore",
           "check_scenario_id", "has_tool_result", "header_value", "last_user_text", "select_scenario", "tool_names"]


def reasoning_override(headers: Mapping[str, str]) -> str | None:
    """The Chat Completions reasoning dialect a request asks for (``X-Mock-Reasoning``), if any.

    It overrides the scenario's ``wire.reasoning`` for this request; an unknown value is a 400.

    >>> reasoning_override({"X-Mock-Reasoning": "think-tags"}), reasoning_override({})
    ('think-tags', None)
    >>> reasoning_override({"X-Mock-Reasoning": "thoughts"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mock_provider.server.errors.RequestError: header X-Mock-Reasoning: 'thoughts' is not one of reasoning_content, ...
    """
    value = header_value(headers, REASONING_HEADER)
    if value is None:
        return None
    if value not in REASONING_DIALECTS:
        raise RequestError(400, "invalid_request_error", f"header {REASONING_HEADER}: {value[:40]!r} is not one of "
                           f"{', '.join(REASONING_DIALECTS)}", param=REASONING_HEADER)
    return value
