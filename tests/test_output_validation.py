"""POLICY ``output_validation`` (issues 15, 16): an agent that rejects the model's answer and asks again.

An in-process agent built on the AG-UI reference adapter behaves as pydantic-ai's ``Agent`` does: an
answer with nothing to hand on (reasoning only, no text, no call) makes it ask the model again (the
mock answers the same turn's script again) and then end with RUN_ERROR; an unparsable tool call
exposed to the client ends the run at once (no retries for a frontend tool). The grades: such a run
passes only where the adapter declared ``retry`` and the record shows the rejection; a silent success
after a re-ask, a dropped call, or an error without a re-ask still FAIL; an adapter that does not
declare the policy is graded as before.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import pytest
from pydantic import ValidationError

from conformance.contract import AdapterContext, Policies, RunRequest
from conformance.execution import execute
from conformance.grading import grade
from conformance.reference import agui
from conformance.runner import run_case
from conformance.targets.url import target_from_options
from mock_provider.scenario import Scenario


def _scenario(corpus: list[Scenario], sid: str) -> Scenario:
    return next(s for s in corpus if s.id == sid)


def _parses(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


class ValidatingAgent:
    """The AG-UI reference adapter behind an agent that validates the answer before it finishes the run.

    ``declare``: the policy it declares; ``reask``: it asks the model again after an empty answer;
    ``ends``: 'error' (its retries spent) or 'finished' (a silent success); ``drop_calls``: it hides
    the malformed call it rejected.
    """

    def __init__(self, ctx: AdapterContext, declare: str = "retry", reask: bool = True, ends: str = "error",
                 drop_calls: bool = False) -> None:
        self.ctx, self.inner = ctx, agui(ctx)
        policies = self.inner.capabilities.policies.model_copy(update={"output_validation": declare})
        self.capabilities = self.inner.capabilities.model_copy(update={"policies": policies})
        self.reask, self.ends, self.drop_calls = reask, ends, drop_calls

    async def stream(self, request: RunRequest) -> AsyncIterator[dict[str, Any]]:
        said, args, held = False, dict[str, str](), list[dict[str, Any]]()
        async for event in self.inner.stream(request):
            kind = event["type"]
            said = said or (kind == "TEXT_MESSAGE_CONTENT" and bool(event["delta"]))
            if kind == "TOOL_CALL_START":
                args[event["toolCallId"]] = ""
            elif kind == "TOOL_CALL_ARGS":
                args[event["toolCallId"]] += event["delta"]
            if kind != "RUN_FINISHED":
                held.append(event)
                continue
            bad = {c for c, text in args.items() if not _parses(text)}
            if (said or args) and not bad:
                held.append(event)  # a valid answer: handed on as it came
            else:
                if not bad and self.reask:
                    await self._ask_again(request)
                held.append(event if self.ends == "finished" else _run_error(event))
        for event in held:
            if self.drop_calls and event.get("toolCallId") in {c for c, t in args.items() if not _parses(t)}:
                continue
            yield event

    async def _ask_again(self, request: RunRequest) -> None:
        # The rejected answer is not sent back (pydantic-ai drops an empty response): the same turn again.
        assert self.ctx.model is not None
        retry = {"role": "user", "content": [{"type": "text", "text": "Please return text."}]}
        result = await self.ctx.model.do_stream({"prompt": [retry], "abort_signal": request.abort})
        async for _ in result.stream:
            pass


def _run_error(finished: dict[str, Any]) -> dict[str, Any]:
    """RUN_ERROR in place of RUN_FINISHED, with the model the reference reports on its terminal."""
    model = finished.get("metadata", {}).get("tanstack", {}).get("model")
    return {"type": "RUN_ERROR", "message": "retries spent", **({"metadata": {"tanstack": {"model": model}}}
                                                                 if model else {})}


def _agent(**kw: Any) -> Any:
    return lambda ctx: ValidatingAgent(ctx, **kw)


@pytest.mark.parametrize("sid", ["reasoning.only.001", "usage.zero.001"])
def test_an_agent_that_asked_again_and_then_failed_passes_where_it_declared_so(sid: str,
                                                                               corpus: list[Scenario]) -> None:
    s = _scenario(corpus, sid)
    record = execute(_agent(), s, "v3")
    # The runner keeps the re-ask: the same turn, a second attempt the scenario does not script.
    assert [(c.turn, c.attempt, c.past_last_turn) for c in record.upstream] == [(1, 1, False), (1, 2, False)]
    result = grade(record, s)
    assert result.verdict == "PASS", result.describe()
    assert "graded as a rejection" in result.reason
    # The same events from an adapter that did not declare it: graded as before (a normal finish expected).
    undeclared = run_case(_agent(declare="none"), s, "v3")
    assert undeclared.verdict == "FAIL"
    assert any(f.field == "terminal" and f.actual == "error" for f in undeclared.findings), undeclared.describe()


@pytest.mark.parametrize("sid", ["reasoning.only.001", "usage.zero.001"])
def test_a_silent_success_after_asking_again_fails(sid: str, corpus: list[Scenario]) -> None:
    r = run_case(_agent(ends="finished"), _scenario(corpus, sid), "v3")
    assert r.verdict == "FAIL"
    assert any(f.field == "terminal" and f.expected == "error" and f.actual == "finished" for f in r.findings)


def test_an_error_without_asking_again_is_not_a_rejection_of_an_empty_answer(corpus: list[Scenario]) -> None:
    # Declared 'retry' but never asked the model: the scenario's normal finish is expected.
    r = run_case(_agent(reask=False), _scenario(corpus, "reasoning.only.001"), "v3")
    assert r.verdict == "FAIL" and "graded as a rejection" not in r.reason
    assert any(f.field == "terminal" and f.expected == "finished" for f in r.findings), r.describe()


@pytest.mark.parametrize("sid", ["finish.gemini-prompt-blocked.001", "finish.gemini-prompt-blocked-safety.001"])
def test_an_error_at_once_on_a_blocked_empty_answer_passes_where_declared(sid: str, corpus: list[Scenario]) -> None:
    # The provider blocked the prompt (content-filter, nothing said): asking again would be blocked again, so an
    # agent that validates answers ends the run with an error at once (pydantic-ai's ContentFilterError).
    s = _scenario(corpus, sid)
    ok = run_case(_agent(reask=False), s, "v3")
    assert ok.verdict == "PASS", ok.describe()
    assert "content-filter or length" in ok.reason
    # Not declared: the empty finish the scenario expects is the only right end.
    undeclared = run_case(_agent(declare="none", reask=False), s, "v3")
    assert undeclared.verdict == "FAIL"
    assert any(f.field == "terminal" and f.expected == "finished" for f in undeclared.findings), undeclared.describe()
    # Declared, and the agent finished silently after all: the scenario's own end, still a PASS.
    assert run_case(_agent(reask=False, ends="finished"), s, "v3").verdict == "PASS"


def test_only_a_block_or_a_limit_excuses_the_missing_re_ask(corpus: list[Scenario]) -> None:
    from conformance.output_validation import rejection
    from conformance.run_record import UpstreamCall
    from mock_provider.transcript import Transcript

    s = _scenario(corpus, "usage.zero.001")  # one turn, answered once
    once, error = [UpstreamCall(turn=1, attempt=1)], Transcript(terminal="error")
    got = {reason: rejection("empty-answer", s, once, error, Transcript(finish_reason=reason))
           for reason in ("length", "content_filter", "stop", "tool_calls", None)}
    assert got == {"length": "unretryable", "content_filter": "unretryable", "stop": None, "tool_calls": None,
                   None: None}


@pytest.mark.parametrize("sid", ["reasoning.only.001", "usage.zero.001", "tool.malformed.001", "text.basic.001"])
def test_the_normal_outcome_still_passes_under_the_policy(sid: str, corpus: list[Scenario]) -> None:
    # The reference accepts every answer as it is: the scenario's own expectation, declared or not.
    probe = agui(AdapterContext(dialect="v3", model=None, scenario_id="probe")).capabilities.policies
    declared = probe.model_copy(update={"output_validation": "retry"})

    def factory(ctx: AdapterContext) -> Any:
        ctx.extra["policies"] = declared
        return agui(ctx)

    r = run_case(factory, _scenario(corpus, sid), "v3")
    assert r.verdict == "PASS" and r.reason == "", r.describe()


@pytest.mark.parametrize("sid", ["tool.malformed.001", "tool.malformed.002", "tool.malformed.003"])
def test_a_malformed_call_exposed_then_an_error_passes_where_declared(sid: str, corpus: list[Scenario]) -> None:
    s = _scenario(corpus, sid)
    ok = run_case(_agent(), s, "v3")
    assert ok.verdict == "PASS", ok.describe()
    assert "without a retry" in ok.reason
    # Not declared: the error is not the normal finish the scenario expects.
    assert run_case(_agent(declare="none"), s, "v3").verdict == "FAIL"
    # Declared, but the call it rejected was hidden: the call is dropped (8.1.13).
    dropped = run_case(_agent(drop_calls=True), s, "v3")
    assert dropped.verdict == "FAIL" and "8.1.13" in dropped.failed_rows(), dropped.describe()


def test_the_policy_is_declared_through_the_url_roads(tmp_path: Any) -> None:
    caps = tmp_path / "caps.yaml"
    caps.write_text("name: x\ninputs: [openai-chat]\noutput: ag-ui\npolicies: {output_validation: retry}\n")
    target = target_from_options("http://127.0.0.1:9/agui", str(caps))
    assert target.capabilities.policies.output_validation == "retry"
    override = target_from_options("http://127.0.0.1:9/agui", str(caps), policies="output_validation=none")
    assert override.capabilities.policies.output_validation == "none"
    with pytest.raises(ValidationError):
        Policies.model_validate({"output_validation": "sometimes"})
