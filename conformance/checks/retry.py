"""Rows ``retry.bounded`` and ``retry.after``: how the adapter retries a model call the upstream refused.

A scenario scripts the answers to a turn's first attempts (``failed_attempts``: a 429 with
Retry-After, a 500); the request log numbers every call's attempt at its turn and stamps its arrival
and end on the monotonic clock (:class:`~conformance.run_record.UpstreamCall`).

* ``retry.bounded`` (MUST): the adapter retried one turn's failed calls at most its declared
  ``max_retries`` times (:class:`~conformance.contract.Capabilities`, default 2, the default of ai's
  ``retryWithExponentialBackoffRespectingRetryHeaders`` and of the ``openai`` SDK). A retry is an
  attempt that follows a failed one; an agent's re-ask after an answer (POLICY ``output_validation``)
  is not a retry and is not counted.
  A refusal no client retries (:data:`NOT_RETRIED`: 400, 401, 403, 404, 422, the request itself is
  wrong) bounds the turn at one attempt: ai retries only ``isRetryable`` errors (408, 409, 429, 5xx;
  @ai-sdk/provider APICallError), the openai SDKs the same statuses.
* ``retry.after`` (SHOULD, RFC 9110 10.2.3 "how long the user agent ought to wait"): the attempt after
  a failed one whose response carried ``retry-after-ms`` or a numeric ``retry-after`` arrives no
  sooner than that delay after the failed attempt arrived. The adapter cannot have read the refusal
  before its request arrived, so the measured gap is never shorter than the adapter's own wait. (The
  failed attempt's end is no such bound: over HTTP the mock stamps it once its write returned, and a
  client in another process may read the refusal, and start its wait, before that: a worker that
  waited the whole delay was once graded as early.) Only delays up to :data:`HONOURED_UP_TO` are graded: ai honours a
  header under 60 s and falls back to its own backoff above it (ai@7.0.173 dist/index.js:2421).

Example:
    >>> ROWS
    ('retry.bounded', 'retry.after')
    >>> header_delay({"Retry-After-Ms": "300"}), header_delay({"retry-after": "2"}), header_delay({})
    (0.3, 2.0, None)
"""

from __future__ import annotations

from collections.abc import Sequence

from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding
from conformance.run_record import UpstreamCall
from mock_provider.scenario import Scenario
from mock_provider.turns import header_delay

ROWS = declare("retry.bounded", "retry.after")

# Statuses that say the request itself is wrong: retrying it sends the same wrong request again. Neither ai
# (@ai-sdk/provider 3.0.19 APICallError isRetryable: 408, 409, 429, >= 500) nor the openai SDKs
# (openai@6.49.0 client.js shouldRetry, openai 3.57.0 _base_client.py _should_retry) retry them.
NOT_RETRIED = frozenset({400, 401, 403, 404, 422})

# Seconds: a Retry-After at or above this is one ai does not honour (it uses its own backoff instead),
# so a sooner retry is not graded (ai@7.0.173 dist/index.js:2421 `ms < 6e4`).
HONOURED_UP_TO = 60.0


def retries_at(scenario: Scenario, calls: Sequence[UpstreamCall], turn: int) -> int:
    """How many times the adapter retried a failed call of ``turn``: its attempts that followed a
    scripted failed attempt (a re-ask after the script's answer is not a retry).

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "loop.retry-exhausted.001")
    >>> t = next(t for t in range(1, s.turn_count() + 1) if s.failed_attempts_of(t))
    >>> [retries_at(s, [UpstreamCall(turn=t, attempt=a) for a in range(1, n + 1)], t) for n in (1, 3, 4)]
    [0, 2, 3]
    """
    failed = len(scenario.failed_attempts_of(turn))
    last = max((c.attempt or 0 for c in calls if c.turn == turn and not c.past_last_turn), default=0)
    return min(last - 1, failed) if last > 1 else 0


def check(ctx: GradeContext) -> list[Finding]:
    """The retry findings of a scenario that scripts failed attempts (none for others, or unknown upstream)."""
    if not ctx.record.upstream_known:
        return []
    scenario = ctx.scenario
    turns = [t for t in range(1, scenario.turn_count() + 1) if scenario.failed_attempts_of(t)]
    calls = [c for c in ctx.record.upstream if c.kind == "stream"]
    out: list[Finding] = _not_retried(scenario, calls)
    for turn in turns:
        out += _bounded(ctx, calls, turn)
        out += _after(scenario, calls, turn)
    return out


def _bounded(ctx: GradeContext, calls: Sequence[UpstreamCall], turn: int) -> list[Finding]:
    """retry.bounded: at most ``max_retries`` retries of this turn's failed calls."""
    bound = ctx.capabilities.max_retries
    made = retries_at(ctx.scenario, calls, turn)
    if made <= bound:
        return []
    return [Finding(row="retry.bounded", source="runner", expected=f"at most {bound} retries",
                    actual=f"{made} retries",
                    message=f"turn {turn}: the adapter retried the refused model call {made} times; it declares "
                            f"max_retries {bound} (at most {1 + bound} attempts)")]


def refused_for_good(scenario: Scenario, turn: int) -> int | None:
    """The status no client retries with which every attempt at ``turn`` is refused (its script is that
    refusal), or None.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "http.401.001")
    >>> refused_for_good(s, 1)
    401
    """
    script = scenario.turn_scripts()[turn - 1]
    fault = script[0].fault if script else None
    status = getattr(fault, "status", None) if getattr(fault, "kind", None) == "http_status" else None
    return status if status in NOT_RETRIED else None


def _not_retried(scenario: Scenario, calls: Sequence[UpstreamCall]) -> list[Finding]:
    """retry.bounded: a turn refused with a status no client retries was attempted once."""
    out: list[Finding] = []
    for turn in range(1, scenario.turn_count() + 1):
        status = refused_for_good(scenario, turn)
        attempts = max((c.attempt or 0 for c in calls if c.turn == turn and not c.past_last_turn), default=0)
        if status is None or attempts <= 1:
            continue
        out.append(Finding(row="retry.bounded", source="runner", expected="one attempt", actual=f"{attempts} attempts",
                           message=f"turn {turn}: the upstream refused the request with {status}, which no client "
                                   f"retries (the request itself is wrong), and the adapter sent it {attempts} times"))
    return out


def _after(scenario: Scenario, calls: Sequence[UpstreamCall], turn: int) -> list[Finding]:
    """retry.after: each retry came no sooner than the failed attempt before it asked."""
    by_attempt = {c.attempt: c for c in calls if c.turn == turn and not c.past_last_turn}
    out: list[Finding] = []
    for number, fault in enumerate(scenario.failed_attempts_of(turn), start=1):
        failed, retry = by_attempt.get(number), by_attempt.get(number + 1)
        delay = header_delay(fault.headers)
        if failed is None or retry is None or delay is None or not 0 < delay < HONOURED_UP_TO:
            continue
        if failed.started_at is None or retry.started_at is None:
            continue  # a record without the log's times (an older recording): nothing to measure
        gap = retry.started_at - failed.started_at
        if gap >= delay:
            continue
        out.append(Finding(row="retry.after", source="runner", expected=f"a retry no sooner than {delay:g}s",
                           actual=f"{gap:.3f}s",
                           message=f"turn {turn}: attempt {number + 1} came {gap:.3f}s after attempt {number} "
                                   f"(refused with a Retry-After of {delay:g}s) arrived"))
    return out
