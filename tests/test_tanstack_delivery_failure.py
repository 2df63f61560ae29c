"""A TanStack adapter whose stream raises fails the run through TanStack's own delivery, not outside it.

``chat()`` re-throws what its adapter throws, and the route TanStack documents,
``toServerSentEventsResponse(chat(...))`` (and ``toHttpResponse``), sends a failed iterator as one ``RUN_ERROR``
frame with the error's message (@tanstack/ai 0.58.0 dist/esm/stream-to-response.js:119 ``encodeError``, the
frame ``runErrorChunk``; 0.52.3 the same at :118, :47-55): the client's StreamProcessor sees the failure as it sees
a yielded RUN_ERROR. So for output ``tanstack`` a raise is the run's error terminal with no declaration (as
``failure_channel: observable`` makes it for an AG-UI AbstractAgent, tests/test_failure_channel.py): what the
consumer shows the same gets the same verdict. A raise after the caller's abort stays a raise: the delivery sends
nothing once it is cancelled (stream-to-response.js:118, ``!isAborted(cancellation.signal)``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from conformance.contract import AdapterContext, RunRequest
from conformance.reference import tanstack
from conformance.run_record import RunRecord
from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario

# Error cases whose RUN_ERROR carries no code (an Error's message is all a raise keeps).
ERROR_CASES = ["error.string.001", "error.openai-midstream.001", "error.continue.001"]


class _Throws:
    """The TanStack reference, throwing its error's message where it would yield RUN_ERROR (an adapter whose
    conversion fails outside its try, as @tanstack/ai-openrouter 0.19.6's structuredOutputStream does)."""

    def __init__(self, ctx: AdapterContext, fail_success: bool = False) -> None:
        self.inner = tanstack(ctx)
        self.capabilities = self.inner.capabilities
        self.fail_success = fail_success

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        async for event in self.inner.stream(request):
            if event.get("type") == "RUN_ERROR":
                raise RuntimeError(str(event.get("message") or (event.get("error") or {}).get("message")))
            if event.get("type") == "RUN_FINISHED" and self.fail_success:
                raise RuntimeError("the adapter failed")
            yield event


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


@pytest.mark.parametrize("sid", ERROR_CASES)
def test_a_raise_grades_as_the_run_error_it_is_sent_as(corpus: list[Scenario], sid: str) -> None:
    scenario = _scenario(corpus, sid)
    yielded = run_case(tanstack, scenario, "v3", Settings(timeout=5.0))
    thrown = run_case(_Throws, scenario, "v3", Settings(timeout=5.0))
    assert thrown.actual is not None and thrown.actual["terminal"] == "error", thrown.describe()
    assert yielded.verdict in ("PASS", "INFO"), yielded.describe()
    assert thrown.verdict in ("PASS", "PASS-NONSTRICT", "INFO"), thrown.describe()
    # What an Error cannot carry (the response's model, a code) is graded as for any RUN_ERROR without it: SHOULD.
    must = {f.row for f in thrown.findings if f.level == "MUST"}
    should = {f.row for f in thrown.findings if f.level == "SHOULD"}
    assert must == set() and should <= {"8.1.2", "hygiene.error-code"}, thrown.describe()


def test_a_run_expected_to_succeed_that_raised_fails_as_one_that_errored(corpus: list[Scenario]) -> None:
    thrown = run_case(lambda ctx: _Throws(ctx, fail_success=True), _scenario(corpus, "text.basic.001"), "v3",
                      Settings(timeout=5.0))
    assert thrown.verdict == "FAIL", thrown.describe()
    assert any(f.field == "terminal" and f.actual == "error" for f in thrown.findings)


class _ThrowsOnAbort:
    """The TanStack reference, throwing once the caller aborted (as a provider SDK's AbortError escapes)."""

    def __init__(self, ctx: AdapterContext) -> None:
        self.inner = tanstack(ctx)
        self.capabilities = self.inner.capabilities

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        async for event in self.inner.stream(request):
            yield event
        if request.abort.aborted:
            raise RuntimeError("This operation was aborted")


def test_a_raise_after_the_callers_abort_stays_a_raise(corpus: list[Scenario]) -> None:
    """A cancelled delivery sends no error frame: the raise is not read as a RUN_ERROR the client saw."""
    kept: list[RunRecord] = []
    run_case(_ThrowsOnAbort, _scenario(corpus, "abort.mid-text.001"), "v3", Settings(timeout=5.0), keep=kept)
    assert [r.outcome for r in kept] == ["raised"]
    kept.clear()
    run_case(_Throws, _scenario(corpus, "error.string.001"), "v3", Settings(timeout=5.0), keep=kept)
    assert [r.outcome for r in kept] == ["failed"]
