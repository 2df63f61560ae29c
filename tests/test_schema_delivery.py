"""A client of a server the kit has no flavour for (``server: other``) must give the model the caller's schema:
natively (``response_format`` json_schema, ``strict`` optional) or written into the system message; a
``json_object`` request that carries it nowhere fails ``structured.native`` (the mutant
``openai-http.other-schema-dropped`` proves the row fails on exactly that)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from pydantic import ValidationError

from conformance.contract import AdapterContext
from conformance.reference import openai_http
from conformance.reference.openai_http import OpenAIChatModel
from conformance.runner import run_case
from mock_provider.scenario import Scenario, load_corpus
from mock_provider.scenario_steps import RequestCheck


class _InstructionModel(OpenAIChatModel):
    """json_object, with the schema written into a system message in front (what @ai-sdk/alibaba does for a
    model it knows has no json_schema)."""

    def response_format(self, fmt: dict[str, Any]) -> dict[str, Any]:
        return {"type": "json_object"}

    async def do_stream(self, options: dict[str, Any]) -> Any:
        fmt = options.get("responseFormat") or {}
        schema = json.dumps(fmt.get("schema"), indent=2)
        instruction = {"role": "system", "content": f"Answer with JSON that follows this schema:\n{schema}"}
        return await super().do_stream({**options, "prompt": [instruction, *options.get("prompt", [])]})


def _other(model_class: type[OpenAIChatModel] | None = None) -> Any:
    def factory(ctx: AdapterContext) -> Any:
        adapter = openai_http(ctx)
        adapter.capabilities = adapter.capabilities.model_copy(update={"server": "other"})
        model = getattr(adapter.ctx, "model", None)
        if model_class is not None and isinstance(model, OpenAIChatModel):
            swapped = model_class(model.base_url, model.model_id, model.headers, model.finish_when_missing)
            adapter.ctx = dataclasses.replace(adapter.ctx, model=swapped)
        return adapter
    return factory


@pytest.fixture(scope="module")
def native() -> Scenario:
    return next(s for s in load_corpus() if s.id == "structured.native.001")


def test_a_native_schema_reaches_a_server_without_a_flavour(native: Scenario) -> None:
    result = run_case(_other(), native, "openai-chat")
    assert result.verdict == "PASS", result.describe()


def test_a_schema_written_into_the_system_message_reaches_it_too(native: Scenario) -> None:
    result = run_case(_other(_InstructionModel), native, "openai-chat")
    assert "structured.native" not in result.failed_rows(), result.describe()


def test_json_object_alone_never_gave_the_model_the_schema(native: Scenario) -> None:
    class Dropped(OpenAIChatModel):
        def response_format(self, fmt: dict[str, Any]) -> dict[str, Any]:
            return {"type": "json_object"}

    result = run_case(_other(Dropped), native, "openai-chat")
    assert result.failed_rows() == {"structured.native"}, result.describe()
    message = next(f.message for f in result.findings if f.row == "structured.native")
    assert "nor /messages/0/content" in message  # it says where else the schema was looked for


def test_an_alternative_form_takes_its_dialects_servers_and_row_from_its_check() -> None:
    with pytest.raises(ValidationError, match="or_else"):
        RequestCheck(path="/a", equals=1, or_else=[RequestCheck(path="/b", equals=1, servers=["other"])])
