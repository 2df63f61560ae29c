"""A log of the calls a scripted model received: what was asked and how the stream ended.

Tests read it to check adapter behaviour the stream items cannot show: that an abort
reached the upstream (``aborted_after_step``), that the adapter stopped reading early
(``client_left_early``), which options it sent.

Example:
    >>> log = RequestLog()
    >>> rec = log.start("stream", "x.y.001", "v4", {"abort_signal": object(), "temperature": 0})
    >>> rec.call_id, rec.options
    (1, {'temperature': 0, 'has_abort_signal': True})
"""

from __future__ import annotations

import math
import threading
import time
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

CallKind = Literal["stream", "generate"]


def json_safe(value: Any) -> Any:
    """A JSON-safe deep copy: containers copied, anything that is not JSON ``repr``'d.

    >>> json_safe({"a": (1, 2), "b": {3}, 4: float("nan")})
    {'a': [1, 2], 'b': '{3}', '4': 'nan'}
    """
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        # NaN and infinities are not JSON numbers.
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v) for v in value]
    return repr(value)


def sanitize_options(options: dict[str, Any]) -> dict[str, Any]:
    """Call options as logged: ``abort_signal`` replaced by ``has_abort_signal``, the rest JSON-safe.

    >>> sanitize_options({"prompt": [], "abort_signal": None})
    {'prompt': [], 'has_abort_signal': False}
    """
    out: dict[str, Any] = {str(k): json_safe(v) for k, v in options.items() if k != "abort_signal"}
    out["has_abort_signal"] = options.get("abort_signal") is not None
    return out


class RequestRecord(BaseModel):
    """One ``do_stream``/``do_generate`` call; the model updates it while the stream runs.

    ``steps_sent`` counts script steps whose items were all handed out (a fault step
    counts once it took effect). ``client_left_early`` means the consumer stopped
    iterating (closed the stream or was cancelled) before the script ended. ``error`` is
    ``"<ExceptionType>: <message>"`` of whatever ended the call, aborts included.

    >>> r = RequestRecord(call_id=1, kind="stream", scenario_id="x.y.001", dialect="v4",
    ...                   options={}, started_at=0.0)
    >>> r.completed, r.aborted, r.ended_at
    (False, False, None)
    """

    model_config = ConfigDict(extra="forbid")

    call_id: int
    kind: CallKind
    scenario_id: str
    dialect: str
    options: dict[str, Any]
    started_at: float
    ended_at: float | None = None
    steps_sent: int = 0
    completed: bool = False
    aborted: bool = False
    aborted_after_step: int | None = None
    client_left_early: bool = False
    error: str | None = None


class RequestLog:
    """Records in call order. A lock guards the list and the id counter so the log may
    also be shared with a server thread; record fields are only written by the call's
    own coroutine.

    >>> log = RequestLog(); _ = log.start("generate", "x.y.001", "v2", {})
    >>> len(log), log.last().kind
    (1, 'generate')
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: list[RequestRecord] = []
        self._next_id = 1

    def start(self, kind: CallKind, scenario_id: str, dialect: str, options: dict[str, Any]) -> RequestRecord:
        """Open and store a record for a new call (``started_at`` = ``time.monotonic()``).

        >>> RequestLog().start("stream", "x.y.001", "v3", {"seed": 1}).options
        {'seed': 1, 'has_abort_signal': False}
        """
        with self._lock:
            record = RequestRecord(
                call_id=self._next_id,
                kind=kind,
                scenario_id=scenario_id,
                dialect=dialect,
                options=sanitize_options(options),
                started_at=time.monotonic(),
            )
            self._next_id += 1
            self._records.append(record)
        return record

    @property
    def records(self) -> list[RequestRecord]:
        """A snapshot list of the records (the records themselves are live)."""
        with self._lock:
            return list(self._records)

    def clear(self) -> None:
        """Forget every record (call ids keep counting up, so they stay unique)."""
        with self._lock:
            self._records.clear()

    def last(self) -> RequestRecord:
        """The most recent record; ``LookupError`` when nothing was recorded.

        >>> RequestLog().last()
        Traceback (most recent call last):
        ...
        LookupError: no request recorded yet
        """
        with self._lock:
            if not self._records:
                raise LookupError("no request recorded yet")
            return self._records[-1]

    def __len__(self) -> int:
        with self._lock:
            return len(self._records)
