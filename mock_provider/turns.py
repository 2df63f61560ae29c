"""Agent loops, sans-IO: which turn of a scenario a request gets, and which attempt of it it is.

The in-process model and the HTTP server both ask :func:`pick_turn`, so a request is answered
the same way on every road. The turn follows the assistant turns the request's conversation
carries (counted by its dialect, :func:`mock_provider.dialects.assistant_turns`); the attempt is
the count of requests for that turn in the call's scope (:meth:`CallLog.next_attempt`). Attempt
``a`` of a turn gets the turn's ``failed_attempts[a-1]`` while there are any, then the script; a
turn past the last is refused (never a replay).

Example:
    >>> from mock_provider.request_log import RequestLog
    >>> from mock_provider.scenario import Scenario
    >>> s = Scenario.model_validate({"id": "x.y.001", "title": "t", "rows": ["8.1.4"],
    ...     "citations": [{"ref": "r"}], "request": {"messages": [{"role": "user", "content": "hi"}]},
    ...     "script": [{"part": {"type": "text-delta", "id": "0", "delta": "Hi"}}],
    ...     "failed_attempts": [{"kind": "http_status", "status": 429, "headers": {"retry-after-ms": "0"}}],
    ...     "expected": {"text": "Hi"}})
    >>> log = RequestLog()
    >>> first = pick_turn(s, "v3", {"prompt": []}, log)
    >>> (first.turn, first.attempt, refusal(s, "v3", first).status)
    (1, 1, 429)
    >>> second = pick_turn(s, "v3", {"prompt": []}, log)
    >>> (second.attempt, refusal(s, "v3", second))
    (2, None)
    >>> past = pick_turn(s, "v3", {"prompt": [{"role": "assistant", "content": []}]}, log)
    >>> past.past_last_turn, refusal(s, "v3", past).message
    (True, 'scenario x.y.001 scripts 1 turn; this request is turn 2')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mock_provider.dialects import assistant_turns, dialect
from mock_provider.request_log import CallLog, UpstreamCall
from mock_provider.scenario import HttpStatusFault, Scenario

# The error type a status gets in the OpenAI/Anthropic error object (Anthropic's names, which
# openai and anthropic both read as plain strings); the Gemini wire maps the status itself.
_KINDS = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
          404: "not_found_error", 413: "request_too_large", 429: "rate_limit_error", 529: "overloaded_error"}


def error_kind(status: int) -> str:
    """The error ``type`` of a scripted failure's default body.

    >>> error_kind(429), error_kind(503), error_kind(418)
    ('rate_limit_error', 'api_error', 'invalid_request_error')
    """
    return _KINDS.get(status, "api_error" if status >= 500 else "invalid_request_error")


@dataclass(frozen=True)
class TurnPick:
    """What one request gets: its 1-based ``turn`` and ``attempt``, and whether the turn is past the last."""

    turn: int
    attempt: int
    past_last_turn: bool

    def record(self, call: UpstreamCall) -> None:
        """Write the pick into the request's log record (``turn``, ``attempt``, ``past_last_turn``)."""
        call.turn, call.attempt, call.past_last_turn = self.turn, self.attempt, self.past_last_turn


@dataclass(frozen=True)
class Refusal:
    """An answer that is not the turn's script: a scripted failed attempt, or a turn past the last (400).

    ``body`` is a JSON object (or the fault's string body); ``headers`` the fault's (e.g. ``retry-after``).
    """

    status: int
    message: str
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


def pick_turn(scenario: Scenario, dialect_name: str, request: Mapping[str, Any], log: CallLog,
              scope: str | None = None) -> TurnPick:
    """Pick the turn of a request from its conversation and count its attempt in ``scope``."""
    turn = scenario.turn_index(assistant_turns(dialect_name, request))
    attempt = log.next_attempt(scope, scenario.id, turn)
    return TurnPick(turn, attempt, turn > scenario.turn_count())


def refusal(scenario: Scenario, dialect_name: str, pick: TurnPick) -> Refusal | None:
    """The refusal a pick gets, in the dialect's own error envelope; None when the script answers."""
    error_body = dialect(dialect_name).error_body
    if pick.past_last_turn:
        message = scenario.past_last_turn_message(pick.turn)
        return Refusal(400, message, error_body(400, "invalid_request_error", message))
    failed = scenario.failed_attempts_of(pick.turn)
    if pick.attempt > len(failed):
        return None
    fault: HttpStatusFault = failed[pick.attempt - 1]
    message = (f"mock-provider: scripted HTTP {fault.status} (scenario {scenario.id}, turn {pick.turn}, "
               f"attempt {pick.attempt})")
    body = fault.body if fault.body is not None else error_body(fault.status, error_kind(fault.status), message)
    return Refusal(fault.status, message, body, dict(fault.headers))




def header_delay(headers: Mapping[str, Any]) -> float | None:
    """The wait in seconds a failed response's headers ask for (None: no numeric Retry-After).

    ``retry-after-ms`` first, then ``retry-after`` in seconds, as both official clients read them
    (ai@7.0.173 dist/index.js:2406-2422 getRetryDelayInMs; openai 3.57.0 _base_client.py:849-872).
    An HTTP date is left out: its delay depends on the wall clock at the time of the run.

    >>> header_delay({"retry-after-ms": "0", "retry-after": "5"}), header_delay({"retry-after": "Wed, 21 Oct 2015"})
    (0.0, None)
    """
    lowered = {str(k).lower(): v for k, v in headers.items()}
    for name, divisor in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        try:
            value = float(lowered[name])
        except (KeyError, TypeError, ValueError):
            continue
        if math.isfinite(value):
            return value / divisor
    return None


__all__ = ["Refusal", "TurnPick", "error_kind", "header_delay", "pick_turn", "refusal"]
