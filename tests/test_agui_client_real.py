"""The @ag-ui/client port agrees with the real runAgent on what real AG-UI servers send.

The pinned real adapters (pydantic-ai's AG-UI app, agno's AG-UI interface, llama-index's router,
@ag-ui/mastra's MastraAgent) run over the corpus as their pin tests run them (tests/test_*_endpoint.py,
tests/test_ag_ui_mastra.py: their fixtures start the servers); every stream they send goes through
``tools/agui-oracle/oracle.mjs`` in one batch, and
:func:`conformance.agui_client.client_run` must leave the same agent (their streams carry what the
reference adapters never send: MESSAGES_SNAPSHOT, STATE_SNAPSHOT, the *_CHUNK shorthand, timestamps).
Each test skips, with the reason, where its adapter's environment or the Node oracle is missing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from conformance.session import ConformanceSession
from tests.agui_apps import run_corpus
from tests.agui_streams import skip_without_oracle
from tests.test_agui_client import _disagreements, _report
from tests.test_llama_index_endpoint import (
    LLAMA,
    llama_url,  # noqa: F401  (the fixture; it skips without the venv)
)

pydantic_run: Callable[..., ConformanceSession] | None
agno_run: Callable[..., ConformanceSession] | None
try:
    from tests.test_pydantic_ai_endpoint import _run as pydantic_run
    from tests.test_pydantic_ai_endpoint import agui_url  # noqa: F401  (the fixture)
except pytest.skip.Exception:  # pydantic-ai is not installed: its test below skips
    pydantic_run = None
try:
    from tests.test_agno_endpoint import _run as agno_run
    from tests.test_agno_endpoint import agno_url  # noqa: F401  (the fixture)
except pytest.skip.Exception:  # agno is not installed
    agno_run = None


def _cases(name: str, session: ConformanceSession) -> list[dict[str, Any]]:
    return [{"id": f"{name}:{r.case_id}", "events": list(r.events)} for r in session.results if r.events]


def _agree(name: str, session: ConformanceSession, capsys: pytest.CaptureFixture[str]) -> None:
    cases = _cases(name, session)
    disagree, threw, with_messages = _disagreements(cases)
    _report(capsys, name, cases, disagree, threw, with_messages)
    assert len(cases) > 50 and with_messages > 30  # it really ran


def test_pydantic_ai(request: pytest.FixtureRequest, corpus: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    skip_without_oracle()
    if pydantic_run is None:
        pytest.skip("pydantic-ai is not installed")
    _agree("pydantic-ai", pydantic_run(request.getfixturevalue("agui_url"), corpus), capsys)


def test_agno(request: pytest.FixtureRequest, corpus: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    skip_without_oracle()
    if agno_run is None:
        pytest.skip("agno is not installed")
    _agree("agno", agno_run(request.getfixturevalue("agno_url"), corpus), capsys)


def test_llama_index(request: pytest.FixtureRequest, corpus: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    skip_without_oracle()
    _agree("llama-index", run_corpus(request.getfixturevalue("llama_url"), LLAMA.capabilities, corpus), capsys)


@pytest.mark.slow
def test_ag_ui_mastra(capsys: pytest.CaptureFixture[str]) -> None:
    """@ag-ui/mastra's MastraAgent through its node harness (tests/test_ag_ui_mastra.py)."""
    skip_without_oracle()
    from conformance.targets.cmd import CmdTarget
    from tests.test_ag_ui_mastra import HARNESS, _skip_reason

    why = _skip_reason()
    if why:
        pytest.skip(why)
    target = CmdTarget(f"node {HARNESS / 'ag-ui-mastra.mjs'}", start_timeout=30, case_timeout=10)
    try:
        session = ConformanceSession.from_factory(target, target.__name__)
        for scenario, dialect in session.cases():
            session.run(scenario, dialect)
    finally:
        target.close()
    _agree("ag-ui-mastra", session, capsys)


def test_recorded_runs_of_every_pinned_ag_ui_adapter(capsys: pytest.CaptureFixture[str]) -> None:
    """The same comparison over the recorded runs (tests/data/recorded) of every pinned real AG-UI adapter,
    without starting any of them: runs where their environments are missing."""
    from tests.calibration import recorded_runs

    skip_without_oracle()
    cases = [{"id": f"{name}:{r.case_id}", "events": list(r.events)} for name, records in recorded_runs().items()
             for r in records if r.events and r.capabilities is not None and r.capabilities.output == "ag-ui"]
    disagree, threw, with_messages = _disagreements(cases)
    _report(capsys, "recorded real AG-UI adapters", cases, disagree, threw, with_messages)
    assert len(cases) > 200 and with_messages > 100  # four adapters' corpus runs
