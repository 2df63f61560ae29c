"""An adapter that fails before it asks the model passes no error case: the run's error is its own.

llama-index-llms-anthropic 0.12.3 on the anthropic 2.x its own range installs raises before every model call
(docs/findings-llama-index.md); its first run got PASS-NONSTRICT on http.401/429/500, whose scripted errors it
never asked for. Row ``upstream.read`` now fails such a case.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from conformance.contract import AdapterContext
from conformance.reference import openai_http
from conformance.reference.openai_http import OpenAIChatModel
from conformance.runner import run_case
from mock_provider.scenario import Scenario, load_corpus


class _Broken(OpenAIChatModel):
    async def do_stream(self, options: dict[str, Any]) -> Any:
        raise TypeError("Cannot instantiate typing.Union")  # what the SDK mismatch raises, before any request


def _broken(ctx: AdapterContext) -> Any:
    adapter = openai_http(ctx)
    model = getattr(adapter.ctx, "model", None)
    if isinstance(model, OpenAIChatModel):
        swapped = _Broken(model.base_url, model.model_id, model.headers, model.finish_when_missing)
        adapter.ctx = dataclasses.replace(adapter.ctx, model=swapped)
    return adapter


def _case(sid: str) -> Scenario:
    return next(s for s in load_corpus() if s.id == sid)


@pytest.mark.parametrize("sid", ["http.401.001", "http.500.001", "error.first.001"])
def test_an_error_the_adapter_made_without_asking_the_model_fails_upstream_read(sid: str) -> None:
    result = run_case(_broken, _case(sid), "openai-chat")
    assert "upstream.read" in result.failed_rows(), result.describe()
    assert result.verdict == "FAIL"


@pytest.mark.parametrize("sid", ["http.401.001", "http.500.001", "error.first.001"])
def test_the_same_error_read_from_the_model_call_passes_the_row(sid: str) -> None:
    result = run_case(openai_http, _case(sid), "openai-chat")
    assert "upstream.read" not in result.failed_rows(), result.describe()


def test_an_error_the_scenario_expects_before_any_request_is_not_the_upstream_s() -> None:
    """structured.one-of.001: the schema cannot be made strict, so the adapter errors before it asks."""
    result = run_case(openai_http, _case("structured.one-of.001"), "openai-chat")
    assert result.verdict == "PASS", result.describe()
