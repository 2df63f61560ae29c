"""Grading that blamed adapters for what no consumer of their protocol can see (false alarms measured on
real adapters): each test runs the behaviour a real adapter has on purpose and asserts the kit's verdict."""

from __future__ import annotations

from typing import Any

import pytest

from conformance.contract import AdapterContext, Policies
from conformance.reference.agui import AguiReferenceAdapter
from conformance.reference.ui_message_stream import UIMessageStreamReferenceAdapter
from conformance.runner import run_case
from mock_provider.scenario import Scenario


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


# An agent that never shows the provider's error text to the browser (it may carry keys, URLs, quotas):
# ai's toUIMessageStream masks it by default (onError: () => 'An error occurred.', ai@6.0.326
# dist/index.mjs:9512).
GENERIC = "An error occurred."


def _own_error_text(base: type, declared: str | None) -> Any:
    class OwnText(base):  # type: ignore[valid-type,misc]
        def error_message(self, error: Any) -> str:
            return GENERIC

        def exception_message(self, exc: BaseException) -> str:
            return GENERIC

    def factory(ctx: AdapterContext) -> Any:
        policies = Policies() if declared is None else Policies(error_text=declared)  # type: ignore[arg-type]
        return OwnText(ctx, policies)

    return factory


ERROR_CASES = ["error.first.001", "error.string.001", "error.anthropic-midstream.001", "error.code.001"]


@pytest.mark.parametrize("sid", ERROR_CASES)
@pytest.mark.parametrize("base", [UIMessageStreamReferenceAdapter, AguiReferenceAdapter])
def test_own_error_text_declared_passes_and_undeclared_fails_8_1_17(sid: str, base: type,
                                                                  corpus: list[Scenario]) -> None:
    s = _scenario(corpus, sid)
    own = run_case(_own_error_text(base, "own"), s, "v3")
    assert own.verdict in ("PASS", "INFO") and not own.failed_rows(), own.describe()
    assert all(f.level == "MAY" for f in own.findings), own.describe()
    undeclared = run_case(_own_error_text(base, None), s, "v3")
    assert undeclared.verdict == "FAIL" and set(undeclared.failed_rows()) == {"8.1.17"}, undeclared.describe()
    assert Policies().error_text == "upstream"  # the recommended value, the one an undeclared adapter gets


def test_own_error_text_still_needs_the_error_terminal(corpus: list[Scenario]) -> None:
    """'own' frees the text, not the terminal: an adapter that finishes instead of failing still fails 8.1.17."""

    class FinishesInstead(UIMessageStreamReferenceAdapter):
        def fail_run(self, message: str, code: str | None = None) -> None:
            self.finish_run()

    r = run_case(lambda ctx: FinishesInstead(ctx, Policies(error_text="own")), _scenario(corpus, "error.first.001"),
                 "v3")
    assert r.verdict == "FAIL" and "8.1.17" in r.failed_rows(), r.describe()
