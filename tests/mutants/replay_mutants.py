"""A mutant that never reads its upstream (row ``upstream.read``): it finds its case in the public
corpus and plays the reference adapter against its own copy of the script.

Its output is the reference's, event for event, so every transcript row passes: only the
upstream's own count shows that the model the suite served was never called. In a worker it knows
its case by an opaque id, so it finds it by the request's messages and tools, as any forger would.
"""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator
from typing import Any

from conformance.checks.upstream_read import scripted_upstream_error
from conformance.contract import AdapterContext, RunRequest
from conformance.reference import agui
from mock_provider.model import ScriptedLanguageModel
from mock_provider.scenario import Scenario, load_corpus
from tests.mutants.base import Mutant


@functools.cache
def _corpus() -> tuple[Scenario, ...]:
    # Read once: parsing the corpus inside the stream blocked the event loop past the suite's
    # blocked-loop bound on a loaded machine (an ERROR instead of the mutant's FAILs).
    return tuple(load_corpus())


def find_case(scenario_id: str, request: RunRequest) -> Scenario | None:
    """The corpus scenario by id, else the first whose request has these messages and tool names."""
    corpus = _corpus()
    by_id = next((s for s in corpus if s.id == scenario_id), None)
    if by_id is not None:
        return by_id
    tools = sorted(str(t.get("name")) for t in request.tools)
    for s in corpus:
        if ([m.model_dump(exclude_none=True) for m in s.request.messages] == request.messages
                and sorted(t.name for t in s.request.tools) == tools):
            return s
    return None


class Replayer:
    """The reference adapter, fed by a scripted model of its own: the suite's upstream is never called."""

    def __init__(self, ctx: AdapterContext) -> None:
        self.ctx = ctx
        self.capabilities = agui(ctx).capabilities
        _corpus()  # parsed here, at set-up, not inside the stream

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        scenario = find_case(self.ctx.scenario_id, request)
        if scenario is None:  # not in the public corpus: nothing to replay
            yield {"type": "RUN_STARTED", "threadId": request.thread_id, "runId": request.run_id}
            yield {"type": "RUN_FINISHED", "threadId": request.thread_id, "runId": request.run_id}
            return
        at = scenario.client.abort_after_step

        def caller_aborts(step: int) -> None:  # the caller's abort as the suite's model would fire it
            if at is not None and step == at:
                request.abort.abort("client abort")

        own = ScriptedLanguageModel(scenario, self.ctx.dialect, on_step=caller_aborts)
        inner = agui(AdapterContext(dialect=self.ctx.dialect, model=own, scenario_id=scenario.id,
                                    model_info=self.ctx.model_info))
        async for event in inner.stream(request):
            yield event


def replayer(ctx: AdapterContext) -> Replayer:
    return Replayer(ctx)


MUTANTS = [
    Mutant("agui.replays-the-corpus", "never reads its upstream: replays the reference against its own copy of "
           "the public script", replayer,
           # The upstream got nothing: no prompt, tools, media or response format (request.*, structured.*
           # request rows), and every tool call is exposed before the (never read) tool-call part (the timing
           # alone: SHOULD hygiene.early-exposure; upstream.read already fails the case).
           {"upstream.read", "request.media", "request.prompt", "request.tool-history", "request.tools",
            "structured.instruction", "structured.native", "structured.tool"}, "agui", dialects=["v3"],
           should={"hygiene.early-exposure"}),
]
MUTANTS.append(
    # Over the scenarios whose model call answers with an error: the replay ends in the scripted error, so
    # every transcript row passes and only the upstream's count shows the error is the adapter's own.
    Mutant("agui.replays-upstream-errors", "ends in the scripted upstream error without asking the model",
           replayer, {"upstream.read"}, "agui", dialects=["v3"], only=scripted_upstream_error))

