"""A real AG-UI endpoint through ``--adapter-url``: agno's AG-UI interface (examples/agno_agui_app.py).

uvicorn serves the app on 127.0.0.1 in a thread; its agent's model reads the suite's mock server,
and the suite selects each case's scenario with the mock server's default scenario. Each case's
verdict, the rows it broke and the per-row counts must be the ones pinned in
``tests/data/agno-agui.verdicts.json`` (explained in docs/findings-agno.md), whose FAIL/ERROR
cases carry triage records (tests/test_triage.py). Needs the ``calibration`` extra.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("agno", reason="agno is not installed: pip install -e '.[calibration]'")
uvicorn = pytest.importorskip("uvicorn")

from conformance.runner import Settings  # noqa: E402
from conformance.served import mock_server_url  # noqa: E402
from conformance.session import ConformanceSession  # noqa: E402
from conformance.targets.url import target_from_options  # noqa: E402
from tests.calibration import DATA, check_pins  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CAPS = ROOT / "examples" / "agno_capabilities.yaml"
PINS = json.loads((DATA / "agno-agui.verdicts.json").read_text(encoding="utf-8"))
# The agent loops on a replayed tool call until the case times out (5 cases, see the findings page):
# a shorter bound than pydantic-ai's 10 s keeps the test's CI time near 30 s.
TIMEOUT = 5.0


@pytest.fixture(scope="module")
def agno_url() -> Iterator[str]:
    from examples.agno_agui_app import create_app

    server = uvicorn.Server(uvicorn.Config(create_app(mock_server_url()), host="127.0.0.1", port=0,
                                           log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, name="agno-agui", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}/agui"
    server.should_exit = True
    thread.join(10)


def _run(url: str, corpus: list[Any], caps: Path = CAPS) -> ConformanceSession:
    target = target_from_options(url, str(caps))
    session = ConformanceSession.from_factory(target, url, settings=Settings(timeout=TIMEOUT), records=[])
    session.scenarios = corpus
    for scenario, dialect in session.cases():
        session.run(scenario, dialect)
    return session


def test_agno_verdicts_match_the_pins(agno_url: str, corpus: list[Any]) -> None:
    assert metadata.version("agno") == PINS["versions"]["agno"], "another agno version: re-pin and re-triage"
    session = _run(agno_url, corpus)
    assert {r.scenario_id for r in session.results} == {s.id for s in corpus}  # one openai-chat case each
    # agno's SSE framing, content type and stream end are right on every case.
    assert [(r.case_id, f.row) for r in session.results for f in r.findings if f.row.startswith("transport.")] == []
    check_pins("agno-agui", session)


def test_declaring_no_usage_is_what_keeps_usage_ungraded(agno_url: str, corpus: list[Any], tmp_path: Path) -> None:
    """agno sends no RUN_FINISHED.usage: declared (reports_usage: false) it is not graded; undeclared, 8.3 FAILs."""
    basic = [s for s in corpus if s.id == "text.basic.001"]
    (declared,) = _run(agno_url, basic).results
    assert not {f.row for f in declared.findings if f.row.startswith("8.3.")}
    undeclared = tmp_path / "caps.yaml"
    undeclared.write_text(CAPS.read_text(encoding="utf-8").replace("reports_usage: false", "reports_usage: true"))
    (graded,) = _run(agno_url, basic, undeclared).results
    assert "8.3.v3" in graded.failed_rows(), graded.describe()
