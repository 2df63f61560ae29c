"""Text and reasoning messages of the reference interpreter (rows 3-8): deferred starts, fresh ids,
non-empty deltas in order, one segment open at a time.

>>> from conformance.reference.agui import AguiReferenceAdapter
>>> from conformance.contract import RunRequest
>>> a = AguiReferenceAdapter()
>>> a.begin(RunRequest(model="m", messages=[], tools=[], output_schema=None, options={}, thread_id="t", run_id="r"))
>>> a.on_text_delta({"type": "text-delta", "delta": ""}); a.drain()  # no empty message
[]
"""

from __future__ import annotations

from conformance.reference.base import AdapterBase
from conformance.reference.values import Part

__all__ = ["TextMixin"]


class TextMixin(AdapterBase):
    """Text and reasoning handlers plus their open/close bookkeeping.

    >>> TextMixin().text_delta({"type": "text-delta", "textDelta": "Hi"})
    'Hi'
    """

    def parent_message_id(self) -> str:
        """Row 9 ``parentMessageId: M``: the open/last text message, else one reserved id."""
        st = self.state
        if st.text_id is not None:
            return st.text_id
        if st.last_text_id is not None:
            return st.last_text_id
        if st.parent_id is None:
            st.parent_id = self.message_id()
        return st.parent_id

    def on_text_start(self, part: Part) -> None:
        """Row 3: START is deferred to the first non-empty delta (no empty messages)."""

    def on_text_delta(self, part: Part) -> None:
        """Row 4: forward non-empty deltas in order, opening a message first if needed."""
        delta = self.text_delta(part)
        if not delta:
            return  # hygiene.empty-delta
        st = self.state
        if st.text_id is None:
            self.open_text()
        assert st.text_id is not None
        st.text_message += delta
        st.text_total += delta
        self.emit_text_content(st.text_id, delta)

    def on_text_end(self, part: Part) -> None:
        """Row 5: the text block ended."""
        self.close_text()

    def on_reasoning_start(self, part: Part) -> None:
        """Row 6: deferred to the first non-empty reasoning delta, like text."""

    def on_reasoning_delta(self, part: Part) -> None:
        """Row 7: forward non-empty reasoning deltas."""
        delta = self.text_delta(part)
        if not delta:
            return
        st = self.state
        if st.reasoning_id is None:
            self.open_reasoning()
        assert st.reasoning_id is not None
        st.reasoning_message += delta
        st.reasoning_total += delta
        self.emit_reasoning_content(st.reasoning_id, delta)

    def on_reasoning_end(self, part: Part) -> None:
        """Row 8."""
        self.close_reasoning()

    def text_delta(self, part: Part) -> str:
        """The delta text of a text/reasoning delta (``textDelta`` is the pre-V2 spelling)."""
        delta = part.get("delta", part.get("textDelta", ""))
        return delta if isinstance(delta, str) else ""

    def open_text(self) -> None:
        """Open a new text message; reasoning is closed before text (rows 3, 8)."""
        self.close_reasoning()
        st = self.state
        st.text_id = self.message_id()
        st.text_message = ""
        if self.structured():
            self.emit_structured_start(st.text_id)
        self.emit_text_start(st.text_id)

    def close_text(self) -> None:
        """End the open text message, if any (row 5)."""
        st = self.state
        if st.text_id is None:
            return
        self.emit_text_end(st.text_id)
        st.last_text_id, st.text_id = st.text_id, None

    def open_reasoning(self) -> None:
        """Open a new reasoning message; an open text message is ended first (one segment at a time)."""
        self.close_text()
        st = self.state
        st.reasoning_id = self.reasoning_id()
        st.reasoning_message = ""
        self.emit_reasoning_start(st.reasoning_id)

    def close_reasoning(self) -> None:
        """End the open reasoning message and span, if any (row 8)."""
        st = self.state
        if st.reasoning_id is None:
            return
        self.emit_reasoning_end(st.reasoning_id)
        st.reasoning_id = None
        st.step_id = None
