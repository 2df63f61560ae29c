"""A spoken answer on the OpenAI Responses wire (wire option ``responses_fields: [audio]``).

The answer's text is the audio's transcript: ``response.audio.transcript.delta`` per text delta, then
at the text's end ``response.audio.transcript.done``, the audio as ``response.audio.delta`` (base64)
and ``response.audio.done`` (openai 3.57.0 ``response_audio_transcript_delta_event.py``,
``response_audio_delta_event.py`` and their ``done`` events); no message item. ``@ai-sdk/openai``
4.0.118 models none of these events (dist/index.js:4431-4489, :5057-5060), so it hands on no text.

Example:
    >>> from mock_provider.parts import parse_part
    >>> seq = iter(range(10))
    >>> sp = Spoken(lambda kind, **f: {"type": kind, **f, "sequence_number": next(seq)})
    >>> sp.encode(parse_part({"type": "text-delta", "id": "0", "delta": "Hi"}))
    [{'type': 'response.audio.transcript.delta', 'delta': 'Hi', 'sequence_number': 0}]
    >>> [e["type"] for e in sp.encode(parse_part({"type": "text-end", "id": "0"}))]
    ['response.audio.transcript.done', 'response.audio.delta', 'response.audio.done']
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any

from mock_provider.parts import TextDelta, TextEnd, TextStart


class Spoken:
    """The audio events of a spoken answer's text parts."""

    def __init__(self, event: Callable[..., dict[str, Any]]) -> None:
        self.event = event  # the encoder's event maker (numbers each event)
        self.transcript = ""  # the spoken text so far

    def encode(self, part: TextStart | TextDelta | TextEnd) -> list[dict[str, Any]]:
        """The events of one text part (a text start has none)."""
        if isinstance(part, TextDelta):
            self.transcript += part.delta
            return [self.event("response.audio.transcript.delta", delta=part.delta)]
        if isinstance(part, TextEnd):
            audio = base64.b64encode(self.transcript.encode()).decode()  # stands for the speech
            self.transcript = ""
            return [self.event("response.audio.transcript.done"), self.event("response.audio.delta", delta=audio),
                    self.event("response.audio.done")]
        return []
