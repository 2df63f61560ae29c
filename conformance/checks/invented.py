"""Row ``robust.invented-input``: a call handed over as complete carries the arguments the model sent for it.

On an input that breaks the provider's contract (a scenario marked ``contract``: calls that reuse one
Chat Completions ``index``) the content rows are information only, as what a client makes of such
input is not specified. One harm stays whatever the input: a call the client would run (its
arguments parse) whose arguments the model never sent for it, as a client that merges two calls by
their index hands one call the other's arguments. On the other scenarios the content rows (8.1.10,
8.1.12, 8.1.13) compare every call with the expected one, so this check does not repeat them.

Example:
    >>> ROWS
    ('robust.invented-input',)
    >>> sent_arguments("") , sent_arguments('{"a": 1}'), sent_arguments("{")
    ({}, {'a': 1}, None)
"""

from __future__ import annotations

import json
from typing import Any

from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding
from conformance.semantics import no_arguments
from mock_provider.parts import ToolCall

ROWS = declare("robust.invented-input")


def sent_arguments(text: str) -> Any:
    """The arguments a tool-call part's input text means: ``''`` is no arguments (``{}``), text that does
    not parse is None (a malformed input has no arguments to compare with)."""
    if not text.strip():
        return {}
    try:
        return json.loads(text)
    except ValueError:
        return None


def check(ctx: GradeContext) -> list[Finding]:
    """One finding per call handed over with parsed arguments the model did not send for it."""
    if ctx.scenario.contract is None:
        return []
    sent: dict[str, tuple[str, str]] = {}
    for script in ctx.scenario.turn_scripts():
        for step in script:
            if isinstance(step.part, ToolCall):
                sent.setdefault(step.part.tool_call_id, (step.part.tool_name, step.part.input))
    out: list[Finding] = []
    for call in ctx.actual.tool_calls:
        if call.malformed or call.provider_executed or call.id not in sent:
            continue  # not handed over to run, or not a call the model made (other rows grade that)
        name, text = sent[call.id]
        expected = sent_arguments(text)
        if expected is None or call.args == expected:
            continue
        if no_arguments(text or "{}", expected) and no_arguments(call.args_text or "{}", call.args):
            continue  # '', 'null' and '{}' are all no arguments
        out.append(Finding(row="robust.invented-input", source="semantics", field=f"tool_calls[{call.id}]",
                           tool_call_id=call.id, tool_name=call.name, expected=expected, actual=call.args,
                           message=f"tool call {call.id!r} ({call.name}) handed over with arguments "
                                   f"{json.dumps(call.args)[:120]}, which the model never sent for it "
                                   f"(it sent {name}({text[:120] or '{}'}))"))
    return out
