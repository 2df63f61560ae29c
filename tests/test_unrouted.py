"""A model client pointed at a path the mock does not serve: the case says so (ERROR, setup) instead of
grading the error the adapter made of the 404, and a run of such cases says it once at the end."""

from __future__ import annotations

import dataclasses
from typing import Any

from conformance.contract import AdapterContext
from conformance.grading.gates import UNROUTED, unrouted_summary
from conformance.reference import openai_http
from conformance.reference.openai_http import OpenAIChatModel
from conformance.run_record import RunRecord
from conformance.runner import run_case
from mock_provider.scenario import Scenario, load_corpus
from mock_provider.server.control import MockProviderState


def _scenario(sid: str) -> Scenario:
    return next(s for s in load_corpus() if s.id == sid)


def _based(path: str) -> Any:
    """The reference Chat Completions adapter over HTTP whose model client's base URL is the server's root + ``path``
    (right: ``/v1``; the mock serves the wire under any prefix, so a wrong one is a base URL without ``/v1``)."""
    def factory(ctx: AdapterContext) -> Any:
        adapter = openai_http(ctx)
        model = getattr(adapter.ctx, "model", None)
        if ctx.base_url and isinstance(model, OpenAIChatModel):
            moved = OpenAIChatModel(ctx.base_url.rstrip("/") + path, model.model_id, model.headers,
                                    model.finish_when_missing)
            adapter.ctx = dataclasses.replace(adapter.ctx, model=moved)
        return adapter
    return factory


def test_a_wrong_base_url_is_a_setup_error_that_names_the_path_asked_and_the_route_served() -> None:
    result = run_case(_based(""), _scenario("text.basic.001"), "openai-chat")
    assert result.verdict == "ERROR"  # without the gate: FAIL on 8.1.4 (the run ended in the 404's error)
    assert result.reason.startswith(UNROUTED)
    assert "POST /chat/completions (404)" in result.reason
    assert "POST /v1/chat/completions" in result.reason.split("served at", 1)[1]


def test_the_same_adapter_with_the_right_base_url_passes() -> None:
    result = run_case(_based("/v1"), _scenario("text.basic.001"), "openai-chat")
    assert result.verdict == "PASS", result.describe()
    assert not result.reason.startswith(UNROUTED)


def test_a_case_that_also_reached_a_model_route_is_graded_as_usual() -> None:
    """A client that asks a path the mock does not serve, then the right one (a model listing, say), was
    given the stream: its case is graded, not stopped."""
    def factory(ctx: AdapterContext) -> Any:
        import urllib.error
        import urllib.request

        if ctx.base_url:
            probe = urllib.request.Request(ctx.base_url.rstrip("/") + "/v1/not-a-route", data=b"{}", method="POST",
                                           headers=dict(ctx.extra.get("headers", {})))
            try:
                urllib.request.urlopen(probe, timeout=5).close()
            except urllib.error.HTTPError as exc:
                assert exc.code == 404
        return openai_http(ctx)

    result = run_case(factory, _scenario("text.basic.001"), "openai-chat")
    assert result.verdict == "PASS", result.describe()


def test_the_server_remembers_a_bounded_number_of_unrouted_requests_by_scope() -> None:
    state = MockProviderState([])
    for i in range(state.MAX_UNROUTED + 44):
        state.note_unrouted("case-a" if i % 2 else None, "POST", f"/x/{i}", 404)
    assert len(state.unrouted) == state.MAX_UNROUTED
    mine = state.unrouted_for("case-a", float("inf"))  # no unscoped request came after "now + inf"
    assert mine and all(u.scope == "case-a" for u in mine)
    assert state.unrouted_for("case-b", float("inf")) == []
    assert state.unrouted[-1].path == f"/x/{state.MAX_UNROUTED + 43}"


def test_the_unrouted_requests_survive_a_recording() -> None:
    rec = RunRecord(case_id="c", scenario_id="text.basic.001", dialect="openai-chat", adapter="a",
                    unrouted=("POST /chat/completions (404)",))
    assert RunRecord.from_json(rec.to_json()) == rec


def test_the_terminal_summary_says_it_once_for_every_unrouted_case() -> None:
    results = [run_case(_based(""), _scenario(sid), "openai-chat")
               for sid in ("text.basic.001", "tool.basic.001")]
    line = unrouted_summary(results)
    assert line is not None and line.startswith("conformance setup: 2 case(s) never reached a model route")
    assert unrouted_summary([run_case(_based("/v1"), _scenario("text.basic.001"), "openai-chat")]) is None
