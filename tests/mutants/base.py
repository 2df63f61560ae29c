"""Building blocks for mutant adapters: a reference adapter with one rule broken.

Three ways to break a rule, smallest first:

* :func:`map_events` rewrites the reference's output events (drop, reorder, duplicate);
* :func:`map_upstream` rewrites what the reference sees from the upstream model
  (an adapter that misreads a part behaves like a correct one fed a misread part);
* a subclass overriding one method of the reference (see the mutant modules).
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from conformance.contract import AdapterContext, Capabilities, RunRequest

Factory = Callable[[AdapterContext], Any]
EventMap = Callable[[AsyncIterator[dict[str, Any]], AdapterContext], AsyncIterator[dict[str, Any]]]
StreamMap = Callable[[AsyncIterator[dict[str, Any]], AdapterContext], AsyncIterator[dict[str, Any]]]


@dataclass
class Mutant:
    """A mutant adapter and the rows it must FAIL (and no others)."""

    name: str
    rule: str  # the one rule it breaks, in words
    factory: Factory
    targets: set[str]
    base: str  # which reference it wraps: agui | tanstack | tanstack-legacy | ui-message-stream
    dialects: list[str] = field(default_factory=lambda: ["v2", "v3", "v4", "mastra"])
    should: set[str] = field(default_factory=set)  # SHOULD rows it must grade PASS-NONSTRICT
    timeout: float = 5.0  # per case; a mutant that hangs on purpose gets a short one
    abort_bound: float | None = None  # Settings.abort_bound; short for one that leaks on purpose
    # Also run on the agent-loop scenarios (a server tool offered): see loop_scenario().
    loops: bool = False
    # Run only on the scenarios this says (None: the whole corpus): a mutant of a reader that plays one wire
    # feature only (tests/mutants/gemini_mutants.py), whose unmutated reader passes those scenarios.
    only: Callable[[Any], bool] | None = None


def loop_scenario(scenario: Any) -> bool:
    """A scenario whose correct run calls the model more than once (its request offers a server tool).

    A mutant written for one model call wraps the reference's events or upstream reads as if there were
    one: in a loop its artifacts (output held back past the next call's refusal, a crash on turn 2's
    stream-start) land on rows that are not its rule. Those scenarios are run by the loop mutants
    (``loops=True``, tests/mutants/loop_mutants.py), which break the loop's own rules.
    """
    return any(t.server for t in scenario.request.tools)


class _EventMapped:
    def __init__(self, inner: Any, ctx: AdapterContext, fn: EventMap) -> None:
        self.inner, self.ctx, self.fn = inner, ctx, fn
        self.capabilities: Capabilities = inner.capabilities

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        # Streamed, not collected: the abort and exposure checks look at *when* events come.
        async for e in self.fn(self.inner.stream(request), self.ctx):
            yield e


def subclass(cls: Callable[[AdapterContext], Any]) -> Factory:
    """A factory for a reference subclass that breaks one rule by override, named after the class."""

    def factory(ctx: AdapterContext) -> Any:
        return cls(ctx)

    factory.__name__ = cls.__name__
    return factory


def per_event(f: Callable[[dict[str, Any], AdapterContext], Iterable[dict[str, Any]]]) -> EventMap:
    """Lift a function of one event (returning the events to emit instead) to a stream transform."""

    async def fn(events: AsyncIterator[dict[str, Any]], ctx: AdapterContext) -> AsyncIterator[dict[str, Any]]:
        async for e in events:
            for out in f(e, ctx):
                yield out

    return fn


def map_events(base: Factory, fn: EventMap) -> Factory:
    """A factory whose adapter emits ``fn(reference_events, ctx)`` (an async stream transform)."""

    def factory(ctx: AdapterContext) -> _EventMapped:
        return _EventMapped(base(ctx), ctx, fn)

    return factory


class _ModelView:
    """Wraps the scripted model so the reference sees a transformed upstream."""

    def __init__(self, model: Any, ctx: AdapterContext, fn: StreamMap, strip_abort: bool) -> None:
        self._model, self._ctx, self._fn, self._strip_abort = model, ctx, fn, strip_abort

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)

    async def do_stream(self, options: dict[str, Any]) -> Any:
        if self._strip_abort:
            options = {k: v for k, v in options.items() if k != "abort_signal"}
        result = await self._model.do_stream(options)
        return dataclasses.replace(result, stream=self._fn(result.stream, self._ctx))


def map_upstream(base: Factory, fn: StreamMap, *, strip_abort: bool = False) -> Factory:
    """A factory whose reference adapter reads ``fn(upstream_items, ctx)`` instead of the real upstream."""

    def factory(ctx: AdapterContext) -> Any:
        if ctx.model is None:  # capability probe
            return base(ctx)
        view = dataclasses.replace(ctx, model=_ModelView(ctx.model, ctx, fn, strip_abort))
        return base(view)

    return factory


async def passthrough(stream: AsyncIterator[dict[str, Any]], ctx: AdapterContext) -> AsyncIterator[dict[str, Any]]:
    async for item in stream:
        yield item


def item_type(item: dict[str, Any]) -> str:
    return str(item.get("type", ""))


def payload(item: dict[str, Any], ctx: AdapterContext) -> dict[str, Any]:
    """The part's fields: Mastra keeps them under ``payload``."""
    if ctx.dialect == "mastra":
        p = item.get("payload")
        return p if isinstance(p, dict) else {}
    return item
