"""Structured output in the reference interpreter (``structured.*`` rows, ``RunRequest.structured_mode``).

The forced ``structured_output`` tool's input streams as the message text (mode ``tool``); at the
end the text is parsed tolerantly into ``CUSTOM structured-output.complete``, or the run fails
with ``RUN_ERROR{code:'parse-error'}``.

>>> StructuredMixin().parse_structured('Here: {"a": 1}')
({'a': 1}, '{"a": 1}')
"""

from __future__ import annotations

from typing import Any

from conformance.reference.text import TextMixin
from conformance.structured import STRUCTURED_TOOL_NAME, StructuredOutputParseError, extract_json

__all__ = ["StructuredMixin"]


class StructuredMixin(TextMixin):
    """The structured-output rules; built on the text messages the answer streams as.

    >>> StructuredMixin.parse_structured.__name__
    'parse_structured'
    """

    def is_structured_tool(self, call_id: str, name: Any) -> bool:
        """structured.tool: a call of the forced ``structured_output`` tool is the answer, not a tool call."""
        if not self.structured() or self.structured_mode() != "tool":
            return False
        return call_id in self.state.structured_calls or name == STRUCTURED_TOOL_NAME

    def structured_input(self, call_id: str, text: Any, final: bool) -> None:
        """The forced tool's input streams as the structured message's text (as AI SDK's anthropic
        ``jsonTool`` re-emits ``input_json_delta`` as text); the complete input only adds a missing tail."""
        st = self.state
        sent = st.structured_calls.setdefault(call_id, "")
        if not isinstance(text, str):
            return
        if final:
            if text == sent or not text.startswith(sent):
                return
            text = text[len(sent):]
        st.structured_calls[call_id] = sent + text
        self.on_text_delta({"type": "text-delta", "delta": text})

    def parse_structured(self, text: str) -> tuple[Any, str]:
        """structured.parse: tolerant extraction (direct, fenced block, JSON inside prose) -> (data, raw)."""
        found = extract_json(text)
        return found.data, found.raw_text

    def complete_structured(self) -> bool:
        """Before RUN_FINISHED: the result as ``CUSTOM structured-output.complete``, or a RUN_ERROR
        with a content preview when no JSON can be read (then False: the run has failed)."""
        st = self.state
        try:
            data, raw = self.parse_structured(st.text_total)
        except StructuredOutputParseError as exc:
            self.fail_run(str(exc), "parse-error")
            return False
        self.emit_structured_complete(st.last_text_id, data, raw)
        return True
