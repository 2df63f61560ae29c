"""Mutants of issue 15's refusal row: a refusal on the wire that never reaches the consumer."""

from __future__ import annotations

import dataclasses
from typing import Any

from conformance.contract import AdapterContext
from conformance.reference import openai_http
from conformance.reference.openai_http import OpenAIChatModel
from tests.mutants.base import Mutant


class _ContentOnlyModel(OpenAIChatModel):
    """Reads ``delta.content`` only, as agno 3.1.10 and llama-index-llms-openai 0.8.3 do: a refusal is lost."""

    def delta_texts(self, delta: Any) -> tuple[str | None, str | None, bool]:
        reasoning, _, _ = super().delta_texts(delta)
        return reasoning, delta.content, False


def refusal_dropped(ctx: AdapterContext) -> Any:
    """refusal.shown broken: the refusal becomes an empty successful answer (the provider's 'stop')."""
    adapter = openai_http(ctx)
    model = getattr(adapter.ctx, "model", None)
    if isinstance(model, OpenAIChatModel):
        blind = _ContentOnlyModel(model.base_url, model.model_id, model.headers, model.finish_when_missing)
        adapter.ctx = dataclasses.replace(adapter.ctx, model=blind)
    return adapter


MUTANTS: list[Mutant] = [
    # A SHOULD miss, not a broken stream: no MUST row fails (one terminal, valid events, no text that is
    # not the refusal), PASS-NONSTRICT on refusal.shown (FAIL only under --strict).
    Mutant("openai-http.refusal-dropped", "over HTTP: delta.refusal not read, the refusal lost silently",
           refusal_dropped, set(), "openai-http", dialects=["openai-chat"], should={"refusal.shown"}),
]
