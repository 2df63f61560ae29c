"""What an ``@ag-ui/client`` 1.0.0 UI shows for one turn, expected vs actual (row ``consumer.agui-messages``).

The actual side runs the adapter's AG-UI events through the port of ``AbstractAgent.runAgent``
(:mod:`conformance.agui_client`) and reads the agent it leaves. The expected side is **derived
from the scenario's expected transcript**, never from an adapter's output. Both are reduced to
the same :class:`ClientView`:

* ``text``: the ``content`` of the assistant messages, joined in message order (a user sees the
  assistant's text; which message holds which part is the adapter's choice: one message per text
  block or one per run, and AG-UI's ``AssistantMessage`` holds its text apart from its tool calls,
  so where a call sits between two texts is not part of what the client keeps); a whitespace-only
  reply and no text are the same blank turn;
* ``reasoning``: the ``content`` of the ``reasoning`` messages, joined;
* ``calls``: every tool call of an assistant message by id: its name and its ``function.arguments``
  text, the ``TOOL_CALL_ARGS`` deltas concatenated (compared as JSON values; an expected call with
  no argument text is not compared, as row 8.1.10 allows ``""`` or ``"{}"``, and ``null`` and ``{}``
  are one, as the AG-UI protocol reads them, ``OutputProtocol.null_args_empty``);
* ``results``: the ``content`` of the ``tool`` messages by ``toolCallId``, parsed as JSON where it
  is JSON (AG-UI has no error flag: an error result is its content), in order;
* ``awaiting``: the calls ``agent.pendingInterrupts`` names (a run that ends asking for approval);
* ``run``: how the run ended for the client: ``finished``, ``error`` (a RUN_ERROR reached the
  reducer), ``no terminal``, or the event at which ``runAgent`` rejects (the pipeline threw).

What a ``MESSAGES_SNAPSHOT`` echoes of the request's own conversation is not this turn's
(:class:`History`). Where the scenario fixes no picture the row says nothing: an aborted run or one with no
terminal, forwarded preliminary results (each is its own tool message), and streams the port does
not vouch for (``ClientRun.unported``). The result that tells the model a malformed call was
invalid is accepted as well as none (row 8.1.14, :func:`conformance.semantics.told_malformed`).

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "tool.text-between.001")
    >>> v = expected_view(s, "v3")
    >>> v.text, sorted(v.calls), v.run
    ('First Madrid. Then Rome. Done.', ['toolu_mad', 'toolu_rom'], 'finished')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import Field

from conformance.agui_client import ClientRun, client_run
from conformance.caller_messages import content_text
from conformance.consumer_row import ViewModel, fixed_transcript, parsed_content, row_findings, show, shown_results
from conformance.contract import Policies
from conformance.findings import Finding
from conformance.semantics import _json_equal, _same_json, no_arguments
from mock_provider.parts import ToolCall, ToolInputStart
from mock_provider.scenario import Scenario

ROW = "consumer.agui-messages"
# The output protocol @ag-ui/client reads: the AG-UI wire (TanStack's yield layer has its own consumer).
PROTOCOLS: frozenset[str] = frozenset({"ag-ui"})


class CallShown(ViewModel):
    name: Any = None
    arguments: str | None = None  # None: not compared


class ClientView(ViewModel):
    """One turn as an @ag-ui/client UI holds it (see the module notes)."""

    text: str = ""
    reasoning: str = ""
    calls: dict[str, CallShown] = Field(default_factory=dict)
    results: dict[str, list[Any]] = Field(default_factory=dict)
    awaiting: list[str] = Field(default_factory=list)
    # Expected only: calls a suspension left waiting, which the client may or may not hold as awaiting.
    may_await: list[str] = Field(default_factory=list)
    run: str = "finished"
    # Expected side: calls whose one result telling the model its arguments were invalid may show or not.
    told: list[str] = Field(default_factory=list, exclude=True)
    # Expected side: calls the script starts that the transcript does not name (a call cut by a
    # fault or an error): what the adapter already sent of them may show or not.
    loose: list[str] = Field(default_factory=list, exclude=True)


def _run_state(run: ClientRun, failed: bool) -> str:
    if run.threw is not None:
        return f"the client's runAgent rejected at event {run.threw}"
    if run.run_error is not None or failed:
        return "error"
    return "finished" if run.outcome is not None else "no terminal"


class History:
    """The conversation the run was given (the scenario's request messages), as a snapshot may echo it.

    A ``MESSAGES_SNAPSHOT`` restates the whole thread: the request's earlier assistant messages,
    their calls and the results of those calls come back with it. They are not this turn's (a
    client that already holds them updates them in place: ``runAgent``'s ``newMessages`` leaves them
    out, agent.ts:387-389), so the view leaves out an assistant message equal to one of them (same
    text, same call ids), a call the request already holds and a result of such a call.
    """

    def __init__(self, messages: Sequence[Any] = ()) -> None:
        self.calls: set[str] = set()
        self.assistants: list[tuple[str, tuple[str, ...]]] = []
        for m in messages:
            if _field(m, "role") != "assistant":
                continue
            ids = tuple(str(c.get("id")) for c in _field(m, "tool_calls") or [] if isinstance(c, dict))
            self.calls |= set(ids)
            self.assistants.append((content_text(_field(m, "content")), ids))


def _field(message: Any, key: str) -> Any:
    return message.get(key) if isinstance(message, dict) else getattr(message, key, None)


def _echoed(msg: dict[str, Any], left: list[tuple[str, tuple[str, ...]]]) -> bool:
    """Whether an assistant message is one of the history's (each history message matches once)."""
    key = (content_text(msg.get("content")), tuple(str(c.get("id")) for c in msg.get("toolCalls") or []
                                                if isinstance(c, dict)))
    if key in left:
        left.remove(key)
        return True
    return False


def view_of(run: ClientRun, failed: bool = False, history: History | None = None) -> ClientView:
    """Reduce the agent ``runAgent`` leaves to a :class:`ClientView` (without what :class:`History` echoes).

    ``failed``: the agent's Observable errored after the events (a declared ``failure_channel:
    observable``): ``runAgent`` then rejects with that error and reports it through ``onRunFailed``
    (agent.ts:364-370, 649-707), the client's other way of ending a run in error.

    >>> view_of(ClientRun(messages=[{"id": "a", "role": "assistant", "content": "Hi "},
    ...                             {"id": "b", "role": "assistant", "content": "there"}], outcome="success")).text
    'Hi there'
    """
    view = ClientView(run=_run_state(run, failed))
    past = history or History()
    left = list(past.assistants)
    for msg in run.messages:
        role, content = msg.get("role"), msg.get("content")
        if role == "assistant" and not _echoed(msg, left):
            view.text += content if isinstance(content, str) else ""
            for call in msg.get("toolCalls") or []:
                if str(call.get("id")) in past.calls:
                    continue
                function = call.get("function") or {}
                view.calls.setdefault(str(call.get("id")), CallShown(name=function.get("name"),
                                                                     arguments=function.get("arguments")))
        elif role == "reasoning":
            view.reasoning += content if isinstance(content, str) else ""
        elif role == "tool" and str(msg.get("toolCallId")) not in past.calls:
            view.results.setdefault(str(msg.get("toolCallId")), []).append(parsed_content(content))
    view.awaiting = sorted(str(i["toolCallId"]) for i in run.interrupts
                           if isinstance(i, dict) and i.get("toolCallId") is not None)
    return view


def actual_view(events: Sequence[Any], failed: bool = False, history: History | None = None) -> ClientView | None:
    """The view of what ``runAgent`` leaves after the events, or None where the port cannot vouch for it."""
    run = client_run(events)
    return None if run.unported else view_of(run, failed, history)


def expected_view(scenario: Scenario, dialect: str, policies: Policies | None = None) -> ClientView | None:
    """The view the scenario's expected transcript implies, or None where it fixes no picture.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> expected_view(s, "v3").text
    'The capital of France is Paris.'
    """
    expected = fixed_transcript(scenario, dialect)
    if expected is None:
        return None
    results = shown_results(expected, policies or Policies())
    if results is None:
        return None  # each forwarded preliminary result is its own tool message: no one picture
    view = ClientView(text=expected.text, reasoning=expected.reasoning, run=expected.terminal,
                      awaiting=sorted(a.tool_call_id for a in expected.approvals), may_await=expected.suspended)
    for call in expected.tool_calls:
        view.calls[call.id] = CallShown(name=call.name, arguments=call.args_text or None)
    for res in results:
        view.results.setdefault(res.tool_call_id, []).append(res.result)
    view.told = sorted(c.id for c in expected.tool_calls if c.malformed and c.id not in view.results)
    view.loose = sorted(_script_calls(scenario) - set(view.calls))
    return view


def _script_calls(scenario: Scenario) -> set[str]:
    out: set[str] = set()
    for step in scenario.script:
        if isinstance(step.part, ToolInputStart):
            out.add(step.part.id)
        elif isinstance(step.part, ToolCall):
            out.add(step.part.tool_call_id)
    return out


def _no_arguments(text: str | None) -> bool:
    """No arguments: no text at all, ``{}`` or ``null``. A call with no TOOL_CALL_ARGS holds ``""``, and @ag-ui/client
    1.0.0 hands its TOOL_CALL_END subscribers ``{}`` for it (dist/index.mjs: ``try{l=JSON.parse(s)}catch{}``).

    >>> _no_arguments(""), _no_arguments(" {} "), _no_arguments('{"a":1}'), _no_arguments(None)
    (True, True, False, False)
    """
    return text == "" or no_arguments(text, parsed_content(text))


def _same_arguments(expected: str | None, actual: str | None) -> bool:
    return expected is None or expected == actual or _same_json(expected, actual) or (
        _no_arguments(expected) and _no_arguments(actual))


def _call_differences(expected: ClientView, actual: ClientView) -> list[str]:
    out: list[str] = []
    for call_id, exp in expected.calls.items():
        got = actual.calls.get(call_id)
        if got is None:
            out.append(f"tool call {call_id!r} ({exp.name}): the client holds no such call")
        elif exp.name != got.name:
            out.append(f"tool call {call_id!r} name: expected {show(exp.name)}, the client shows {show(got.name)}")
        elif not _same_arguments(exp.arguments, got.arguments):
            out.append(f"tool call {call_id!r} arguments: expected {show(exp.arguments)}, the client holds "
                       f"{show(got.arguments)}")
    extra = sorted(set(actual.calls) - set(expected.calls) - set(expected.loose))
    if extra:
        out.append(f"tool call(s) the scenario has no call for: {extra}")
    return out


def _same_results(expected: list[Any], actual: list[Any]) -> bool:
    return len(expected) == len(actual) and all(_json_equal(e, a) for e, a in zip(expected, actual, strict=True))


def _result_differences(expected: ClientView, actual: ClientView) -> list[str]:
    out: list[str] = []
    for call_id in sorted(set(expected.results) | set(actual.results)):
        want, got = expected.results.get(call_id, []), actual.results.get(call_id, [])
        if call_id in expected.told and not want and len(got) == 1:
            continue  # the one result telling the model its malformed call was invalid (row 8.1.14)
        if not _same_results(want, got):
            out.append(f"tool result(s) of {call_id!r}: expected {show(want)}, the client holds {show(got)}")
    return out


def _blank(expected: str, actual: str) -> bool:
    """A whitespace-only reply shown as other whitespace, or none: the same blank turn to the user."""
    return expected.strip() == "" and actual.strip() == ""


def differences(expected: ClientView, actual: ClientView) -> list[str]:
    """What the client shows differently, the run's end and the text first (empty when it shows the same).

    >>> differences(ClientView(text="a"), ClientView(text="b"))
    ['assistant text: expected "a", the client shows "b"']
    """
    out: list[str] = []
    if expected.run != actual.run:
        out.append(f"the run: expected {expected.run}, the client has {actual.run}")
    if expected.text != actual.text and not _blank(expected.text, actual.text):
        out.append(f"assistant text: expected {show(expected.text)}, the client shows {show(actual.text)}")
    out += _call_differences(expected, actual)
    out += _result_differences(expected, actual)
    if expected.reasoning != actual.reasoning:
        out.append(f"reasoning: expected {show(expected.reasoning)}, the client shows {show(actual.reasoning)}")
    awaiting = [c for c in actual.awaiting if c not in expected.may_await]
    if expected.awaiting != awaiting:
        out.append(f"calls awaiting approval (pendingInterrupts): expected {expected.awaiting}, the client has "
                   f"{actual.awaiting}")
    return out


def check(events: Sequence[Any], output: str, scenario: Scenario, dialect: str,
          policies: Policies | None = None, failed: bool = False) -> list[Finding]:
    """Row ``consumer.agui-messages``: what @ag-ui/client holds after the events is what the scenario implies.

    ``[]`` when the output protocol is not AG-UI, the scenario fixes no picture or the port cannot
    vouch for the stream (see the module notes). ``failed``: see :func:`view_of`.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> events = [{"type": "RUN_STARTED", "threadId": "t", "runId": "r"},
    ...           {"type": "TEXT_MESSAGE_START", "messageId": "m", "role": "user"},
    ...           {"type": "TEXT_MESSAGE_CONTENT", "messageId": "m", "delta": "The capital of France is Paris."},
    ...           {"type": "TEXT_MESSAGE_END", "messageId": "m"},
    ...           {"type": "RUN_FINISHED", "threadId": "t", "runId": "r"}]
    >>> [f.message[:50] for f in check(events, "ag-ui", s, "v3")]
    ['@ag-ui/client: assistant text: expected "The capit']
    """
    if output not in PROTOCOLS:
        return []
    return row_findings(ROW, "@ag-ui/client", expected_view(scenario, dialect, policies),
                        lambda: actual_view(events, failed, History(scenario.request.messages)), differences)
