"""Tool calls in the reference interpreter (rows 9-14): one START per id in first-appearance order,
verbatim ARGS, the call exposed exactly once when the complete input arrives, provider results.

>>> ToolsMixin().tool_call_input({"type": "tool-call", "input": {"q": 1}})
'{"q":1}'
"""

from __future__ import annotations

from typing import Any, ClassVar

from conformance.reference.state import ToolCallState
from conformance.reference.structured_output import StructuredMixin
from conformance.reference.values import Part, js_stringify, parse_json_text

__all__ = ["ToolsMixin"]


class ToolsMixin(StructuredMixin):
    """Tool-call handlers and the per-call bookkeeping; built on text (closed before a call starts)
    and structured output (the forced tool's calls are the answer, not tool calls).

    >>> ToolsMixin().keep_tool_result({"type": "tool-result", "preliminary": True})
    False
    """

    # A call whose input is free text (``inputEncoding: 'text'``, a Responses custom tool): its fragments
    # go out as the fragments of that text's JSON string, so that they join to the tool-call input (a JSON
    # string, @ai-sdk/provider 3.0.19) and a consumer that JSON-parses the arguments gets the text
    # (@ag-ui/client 1.0.0 hands onToolCallEndEvent ``JSON.parse(arguments)``, ``{}`` when that throws).
    # An output that can say the input is text (ai 7's tool-input-start.inputEncoding) sends it raw.
    TEXT_INPUT_AS_JSON: ClassVar[bool] = True

    def on_tool_input_start(self, part: Part) -> None:
        """Row 9: START once per id, in first-appearance order ``k``."""
        call_id = part.get("id")
        if not isinstance(call_id, str):
            return
        if self.is_structured_tool(call_id, part.get("toolName")):
            self.state.structured_calls.setdefault(call_id, "")
            return
        call = self.call_for(call_id, part.get("toolName"), bool(part.get("providerExecuted")))
        if part.get("inputEncoding") == "text" and not call.started:
            call.text_input = True
        if not call.started and not call.completed:
            self.start_tool(call)

    def on_tool_input_delta(self, part: Part) -> None:
        """Row 10: fragments forwarded verbatim, per id, in order (interleaving allowed)."""
        call_id = part.get("id")
        if not isinstance(call_id, str):
            return
        if self.is_structured_tool(call_id, part.get("toolName")):
            self.structured_input(call_id, part.get("delta"), final=False)
            return
        call = self.call_for(call_id, part.get("toolName"), False)
        if call.completed:
            return  # the input is final; late fragments cannot change it
        if not call.started:
            self.start_tool(call)  # a delta with no start: open the call now
        delta = part.get("delta")
        self.send_args(call, self.text_fragment(call, delta if isinstance(delta, str) else ""))

    def text_fragment(self, call: ToolCallState, delta: str) -> str:
        """One fragment of a call's input as sent: a free-text call's as a piece of its JSON string.

        >>> m, call = ToolsMixin(), ToolCallState(id="c", name="sql", index=0, text_input=True)
        >>> print(m.text_fragment(call, 'say "hi"'))  # the first piece opens the string
        "say \\"hi\\"
        """
        if not call.text_input or not self.TEXT_INPUT_AS_JSON or not delta:
            return delta
        piece = js_stringify(delta)[1:-1]
        return piece if call.args_sent else '"' + piece

    def on_tool_input_end(self, part: Part) -> None:
        """Row 11: the input is complete only at ``tool-call``; nothing to do here."""

    def on_tool_call(self, part: Part) -> None:
        """Row 12: END (the exposure) exactly once, when the complete input arrives.

        Atomic call: START + ARGS(input) + END. Replay of a streamed id: no second START; ARGS
        only if none were sent (or the missing tail, when the streamed text is a prefix).
        """
        call_id = part.get("toolCallId")
        if not isinstance(call_id, str):
            return
        if self.is_structured_tool(call_id, part.get("toolName")):
            self.structured_input(call_id, self.tool_call_input(part), final=True)
            return
        provider_executed = bool(part.get("providerExecuted"))
        call = self.call_for(call_id, part.get("toolName"), provider_executed)
        if call.completed:
            return  # a duplicate replay after the call was already exposed
        if provider_executed:
            call.provider_executed = True
        if not call.started:
            self.start_tool(call)
        text = self.tool_call_input(part)
        if text is None:
            text = call.args_text  # Mastra could not parse: keep the raw streamed text (row 13)
        if not call.args_sent:
            self.send_args(call, text)
        elif text != call.args_text and text.startswith(call.args_text):
            self.send_args(call, text[len(call.args_text) :])
        call.input_complete = True
        self.end_tool(call, text)

    def on_tool_result(self, part: Part) -> None:
        """Row 14: a provider tool result, once per call, as JSON text."""
        if not self.keep_tool_result(part):
            return
        call_id = part.get("toolCallId")
        if not isinstance(call_id, str):
            return
        name = part.get("toolName")
        if not isinstance(name, str):
            call = self.state.calls.get(call_id)
            name = call.name if call is not None else ""
        self.emit_tool_result(call_id, name, part.get("result"), bool(part.get("isError")))

    def tool_call_input(self, part: Part) -> str | None:
        """The complete input text of a ``tool-call`` part (always a JSON *string*, 1.5)."""
        value = part.get("input")
        if value is None:
            return None
        # Some producers put an object here; the spec says string, so re-encode objects.
        return value if isinstance(value, str) else js_stringify(value)

    def resolve_input(self, call: ToolCallState, text: str) -> None:
        """Row 13: parse the final input; malformed text is kept raw (policy decides the END)."""
        call.input_text = text
        call.input_ok, call.input_value = parse_json_text(text)

    def end_input(self, call: ToolCallState) -> tuple[bool, Any]:
        """The parsed input to put on the END event: ``(present, value)`` per POLICY ``malformed_args``."""
        if call.input_ok:
            return True, call.input_value
        if self.policies.malformed_args == "empty-object":
            return True, {}
        return False, None

    def keep_tool_result(self, part: Part) -> bool:
        """Row 14 POLICY ``preliminary_results``: drop preliminary results by default."""
        return not (part.get("preliminary") and self.policies.preliminary_results == "drop")

    def call_for(self, call_id: str, name: Any, provider_executed: bool) -> ToolCallState:
        """The call with this id, created with the next ordinal ``k`` on first appearance (row 9)."""
        calls = self.state.calls
        call = calls.get(call_id)
        if call is None:
            call = ToolCallState(
                id=call_id,
                name=name if isinstance(name, str) else "",
                index=self.next_tool_index(),
                provider_executed=provider_executed,
            )
            calls[call_id] = call
        elif not call.name and isinstance(name, str):
            call.name = name
        return call

    def next_tool_index(self) -> int:
        """Row 9: ``k`` = order of first appearance (0, 1, 2, ...)."""
        return len(self.state.calls)

    def start_tool(self, call: ToolCallState) -> None:
        """Text and reasoning end before a tool call starts (4.6 order); then START."""
        self.close_text()
        self.close_reasoning()
        call.parent_message_id = self.parent_message_id()
        call.started = True
        self.emit_tool_start(call)

    def send_args(self, call: ToolCallState, delta: str) -> None:
        """Forward one argument fragment verbatim; empty fragments are skipped (hygiene)."""
        if not delta:
            return
        call.args_text += delta
        call.args_sent = True
        self.emit_tool_args(call, delta)

    def end_tool(self, call: ToolCallState, text: str) -> None:
        """Expose the call as complete (row 12): END with the parsed input."""
        self.resolve_input(call, text)
        call.completed = True
        self.emit_tool_end(call)

    def close_open(self) -> None:
        """Before the terminal: END started calls (with what streamed), then text, then reasoning."""
        for call in self.state.calls.values():
            if call.started and not call.completed:
                self.end_tool(call, call.args_text)
        self.close_text()
        self.close_reasoning()
