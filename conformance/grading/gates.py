"""What is decided before any check runs: cases that cannot be graded, in the order they are asked.

Each gate reads the record and the scenario and either lets the case through (None) or stops it
with a verdict for both axes and a reason. A stop may still name checks whose findings the report
shows (an adapter that raised is ERROR, and its events' schema errors are listed), or leave the
verdict to those checks' findings (a transport that broke the stream is graded on its own rows).

Example:
    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.run_record import RunRecord
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> first_stop(RunRecord(case_id="c", scenario_id=s.id, dialect="v3", adapter="a", outcome="setup-error",
    ...                      reason="the adapter factory failed: boom"), s).verdict
    'ERROR'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from conformance.catalog import catalog
from conformance.checks import schema, transport
from conformance.checks.context import GradeContext
from conformance.expectations import expected_under
from conformance.findings import Finding
from conformance.modalities import ATTRIBUTE, ROW
from conformance.run_record import RunRecord
from conformance.verdict import CaseResult, Verdict
from mock_provider.scenario import Scenario
from mock_provider.servers import foreign_quirk


@dataclass(frozen=True)
class Stop:
    """A gate's decision. ``verdict`` None: grade the findings of ``checks`` as usual."""

    verdict: Verdict | None
    reason: str = ""
    checks: tuple[Callable[[GradeContext], list[Finding]], ...] = ()


Gate = Callable[[RunRecord, Scenario], "Stop | None"]


def not_expressible(rec: RunRecord, scenario: Scenario) -> Stop | None:
    return Stop("NOT-EXPRESSIBLE", rec.reason) if rec.outcome == "not-expressible" else None


def setup_error(rec: RunRecord, scenario: Scenario) -> Stop | None:
    if rec.outcome == "setup-error":
        return Stop("ERROR", rec.reason)
    if rec.capabilities is None:  # the factory never returned (it blocked): nothing was declared
        return Stop("ERROR", rec.reason or "the adapter declared no capabilities")
    return None


def unsupported_input(rec: RunRecord, scenario: Scenario) -> Stop | None:
    caps = rec.capabilities
    if caps is not None and rec.dialect not in caps.inputs:
        return Stop("UNSUPPORTED", f"the adapter does not consume dialect {rec.dialect!r} "
                                   f"(declared inputs: {caps.inputs})")
    return None


def foreign_server(rec: RunRecord, scenario: Scenario) -> Stop | None:
    """The scenario plays a habit of a server other than the one the adapter's client is written for
    (``Capabilities.server``): that client never gets this stream (:mod:`mock_provider.servers`).

    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.contract import Capabilities
    >>> s = next(s for s in load_corpus() if s.id == "quirks.tool-late-id.001")
    >>> caps = Capabilities(name="n", inputs=["openai-chat"], output="ui-message-stream", server="groq")
    >>> foreign_server(RunRecord(case_id="c", scenario_id=s.id, dialect="openai-chat", adapter="a",
    ...                          capabilities=caps), s).verdict
    'NOT-EXPRESSIBLE'
    """
    caps = rec.capabilities
    why = foreign_quirk(scenario, caps.server, rec.dialect) if caps is not None else None
    return Stop("NOT-EXPRESSIBLE", why) if why is not None else None


def unsupported_feature(rec: RunRecord, scenario: Scenario) -> Stop | None:
    caps = rec.capabilities
    missing = sorted(scenario.features() - set(caps.features)) if caps is not None else []
    if missing:
        return Stop("UNSUPPORTED", f"feature(s) not declared: {', '.join(missing)}")
    client = scenario.client_tool_calls() if caps is not None and not caps.client_tools else []
    return Stop("UNSUPPORTED", f"the adapter runs every tool itself (client_tools: false); the model calls "
                               f"client tool(s) {', '.join(client)}") if client else None


def unsupported_modalities(rec: RunRecord, scenario: Scenario) -> Stop | None:
    # A harness that broke (conformance.targets.cmd) is ERROR below, even if it declared nothing yet.
    if scenario.model_info is None or rec.outcome == "harness-error":
        return None
    if rec.modalities.declared is None and rec.modalities.problem is None:
        return Stop("UNSUPPORTED", f"the adapter declares no {ATTRIBUTE} for the model "
                                   f"(conformance.contract; row {ROW})")
    return None


def absent_mechanism(rec: RunRecord, scenario: Scenario) -> Stop | None:
    """The scenario asks for a structured-output mode whose row the catalog says does not apply to the
    adapter's output protocol: that mechanism does not exist there, so what the script answers is a
    reply to a request the adapter never makes (a forced ``structured_output`` tool it never offered),
    and the scenario's expected transcript describes the mechanism, not this protocol."""
    caps = rec.capabilities
    if caps is None or scenario.request.output_schema is None or scenario.request.structured_mode == "native":
        return None
    row = catalog().row(f"structured.{scenario.request.structured_mode}")
    if row.level_for(caps.output) is not None:
        return None
    entry = row.applies_to(caps.output)
    why = entry.why if entry is not None else ""
    return Stop("NOT-EXPRESSIBLE", f"structured-output mode {scenario.request.structured_mode!r} does not exist "
                                   f"for {caps.output} (row {row.id}: {why})")


def inapplicable_request_row(rec: RunRecord, scenario: Scenario) -> Stop | None:
    """The scenario's primary row is a request conversion (``request.*``) the catalog says does not apply
    to the adapter's output protocol: its expected transcript presumes the upstream got that
    conversion's request, which this protocol's producers do not make (TanStack refuses the empty user
    message the AI SDK sends for null content), so the adapter's answer is not specified here.

    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.contract import Capabilities
    >>> s = next(s for s in load_corpus() if s.id == "request.prompt.001")
    >>> caps = Capabilities(name="n", inputs=["openai-chat"], output="tanstack")
    >>> rec = RunRecord(case_id="c", scenario_id=s.id, dialect="openai-chat", adapter="a", capabilities=caps)
    >>> inapplicable_request_row(rec, s).verdict
    'NOT-EXPRESSIBLE'
    >>> agui = Capabilities(name="n", inputs=["openai-chat"], output="ag-ui")
    >>> inapplicable_request_row(RunRecord(case_id="c", scenario_id=s.id, dialect="openai-chat", adapter="a",
    ...                                    capabilities=agui), s) is None
    True
    """
    caps = rec.capabilities
    primary = scenario.rows[0]
    if caps is None or not primary.startswith("request."):
        return None
    row = catalog().row(primary)
    if row.level_for(caps.output) is not None:
        return None
    entry = row.applies_to(caps.output)
    why = entry.why if entry is not None else ""
    return Stop("NOT-EXPRESSIBLE", f"row {row.id} does not apply to {caps.output}: {why}")


def undeclared_mechanism(rec: RunRecord, scenario: Scenario) -> Stop | None:
    """The scenario asks for a structured-output mode the adapter did not declare (``structured_modes``):
    its script answers a request (a forced tool, an instruction prompt) the adapter never makes, so
    what follows is not that mode's behaviour to grade (issue 15 class 7).

    >>> from mock_provider.scenario import load_corpus
    >>> from conformance.contract import Capabilities
    >>> s = next(s for s in load_corpus() if s.id == "structured.tool.001")
    >>> caps = Capabilities(name="n", inputs=["openai-chat"], output="tanstack", structured_modes={"native"})
    >>> rec = RunRecord(case_id="c", scenario_id=s.id, dialect="openai-chat", adapter="a", capabilities=caps)
    >>> undeclared_mechanism(rec, s).reason
    "structured-output mode 'tool' not declared (declared structured_modes: ['native'])"
    """
    caps = rec.capabilities
    mode = scenario.request.structured_mode
    if caps is None or scenario.request.output_schema is None or mode in caps.structured_modes:
        return None
    return Stop("UNSUPPORTED", f"structured-output mode {mode!r} not declared "
                               f"(declared structured_modes: {sorted(caps.structured_modes)})")


# How an unrouted case's reason starts (the terminal summary counts them).
UNROUTED = "setup: the adapter's model client reached no model route of the mock"


def unrouted_upstream(rec: RunRecord, scenario: Scenario) -> Stop | None:
    """No request of the case reached a model route of the mock, and some reached none at all: the
    adapter's model client is pointed elsewhere (a base URL, a path prefix, an API version), so it was
    never given the scenario's stream and nothing it does with one was tested. An ERROR that says where
    it asked and where the wire is served, instead of grading the error the adapter made of a 404.

    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> rec = RunRecord(case_id="c", scenario_id=s.id, dialect="openai-chat", adapter="a",
    ...                 unrouted=("POST /chat/completions (404)",))
    >>> print(unrouted_upstream(rec, s).reason)  # doctest: +ELLIPSIS
    setup: the adapter's model client reached no model route of the mock: it asked for POST /chat/completions...
    """
    if not rec.unrouted:
        return None
    from mock_provider.dialects import HTTP_DIALECTS
    from mock_provider.wires import http_dialect

    routes = ([f"POST {route}" for route, _ in http_dialect(rec.dialect).routes()]
              if rec.dialect in HTTP_DIALECTS else [])
    served = (f"; the {rec.dialect} wire is served at {', '.join(routes)} under the base URL the case gives"
              if routes else "")
    return Stop("ERROR", f"{UNROUTED}: it asked for "
                         f"{', '.join(rec.unrouted[:3])}{served}. Check the client's base URL (OpenAI clients "
                         f"take it with /v1), path prefix and API version; nothing the adapter does with a stream "
                         f"was tested. If the provider's real API serves that path, the mock lacks it: report it")


def hung(rec: RunRecord, scenario: Scenario) -> Stop | None:
    """The run did not end in time or ran away. When its adapter had asked for a turn past the
    scenario's last, the reason says so instead of "the adapter hung": the provider refused that
    turn with an error, which the adapter did not end its run with."""
    if rec.outcome not in ("timed-out", "too-many-events"):
        return None
    turn = rec.unscripted_turn()
    if turn is None:
        return Stop("ERROR", rec.reason)
    asked = sum(1 for c in rec.upstream if c.past_last_turn)
    return Stop("ERROR", f"no terminal event: the adapter asked for turn {turn}, past the last scripted turn "
                         f"{scenario.turn_count()} of {scenario.id}, and the provider refused it ({asked} refused "
                         f"request(s)); the adapter did not end its run on that error ({rec.outcome})")


def transport_broken(rec: RunRecord, scenario: Scenario) -> Stop | None:
    # The wire broke the stream (non-2xx, early close): what never arrived cannot be graded.
    return Stop(None, checks=(transport.check,)) if rec.transport_broken else None


def harness_error(rec: RunRecord, scenario: Scenario) -> Stop | None:
    return Stop("ERROR", rec.reason) if rec.outcome == "harness-error" else None


def raised(rec: RunRecord, scenario: Scenario) -> Stop | None:
    """stream() raised where no error was expected (where one was, the ``raised`` check grades it).

    The expectation is the one the declared choices make: under ``missing_finish: error`` a truncated
    upstream expects an error, so a raise there breaks that row rather than being an ERROR.
    """
    if rec.outcome != "raised" or _expected_terminal(rec, scenario) == "error":
        return None
    return Stop("ERROR", f"the adapter raised: {rec.reason}", checks=(schema.check,))


def _expected_terminal(rec: RunRecord, scenario: Scenario) -> str:
    expected = scenario.expected_for(rec.dialect)
    caps = rec.capabilities
    if caps is None:
        return expected.terminal
    return expected_under(expected, scenario, caps.policies, caps.output, rec.dialect).terminal


GATES: tuple[Gate, ...] = (
    not_expressible, setup_error, unsupported_input, foreign_server, unsupported_feature, unsupported_modalities,
    absent_mechanism, undeclared_mechanism, inapplicable_request_row,
    unrouted_upstream, hung,
    transport_broken, harness_error, raised,
)


def first_stop(rec: RunRecord, scenario: Scenario) -> Stop | None:
    """The first gate that stops the case (None: every check runs)."""
    for gate in GATES:
        stop = gate(rec, scenario)
        if stop is not None:
            return stop
    return None


def unrouted_summary(results: Sequence[CaseResult]) -> str | None:
    """One line when cases never reached a model route of the mock (a wrong base URL makes every case an
    ERROR for the same reason, which the line says once), else None.

    >>> r = CaseResult(case_id="c", scenario_id="s", dialect="openai-chat", adapter="a",
    ...                reason=UNROUTED + ": it asked for POST /chat/completions (404)")
    >>> print(unrouted_summary([r, r]))  # doctest: +ELLIPSIS
    conformance setup: 2 case(s) never reached a model route of the mock, so their adapter was not tested: ...
    >>> unrouted_summary([]) is None
    True
    """
    missed = [r for r in results if r.reason.startswith(UNROUTED)]
    if not missed:
        return None
    return (f"conformance setup: {len(missed)} case(s) never reached a model route of the mock, so their adapter "
            f"was not tested: fix this before reading the other verdicts. First: {missed[0].case_id}: "
            f"{missed[0].reason.removeprefix(UNROUTED + ': ')}")
