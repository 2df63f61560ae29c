"""Example (c): pydantic-ai's AG-UI app (examples/pydantic_ai_agui_app.py) through ``--adapter-url``.

uvicorn serves the app on 127.0.0.1 in a thread; its model reads the suite's mock server, and the
suite selects each case's scenario with the mock server's default scenario (the app's model name
is fixed). The verdicts must match ``tests/data/pydantic-ai-agui.verdicts.json``, which records the
findings published in docs/findings-pydantic-ai.md: a change in pydantic-ai's behaviour, or in
the target, shows up here.
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

pytest.importorskip("pydantic_ai", reason="example (c) needs pydantic-ai-slim (Python >= 3.11)")
uvicorn = pytest.importorskip("uvicorn")

from conformance.runner import Settings, expressible  # noqa: E402
from conformance.served import mock_server_url  # noqa: E402
from conformance.session import ConformanceSession  # noqa: E402
from conformance.targets.url import target_from_options  # noqa: E402
from tests.calibration import DATA, check_pins  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PINS = json.loads((DATA / "pydantic-ai-agui.verdicts.json").read_text(encoding="utf-8"))
CAPS = ROOT / "examples" / "pydantic_ai_capabilities.yaml"
# This module's own mock server (the process keeps one per time scale): a request another endpoint test left
# running in this worker cannot reach this app's cases, which in full runs moved the three cases whose
# empty answer pydantic-ai asks again for. The scale is small enough that no scripted delay is felt.
OWN_SERVER = 1e-9


@pytest.fixture(scope="module")
def agui_url() -> Iterator[str]:
    from examples.pydantic_ai_agui_app import create_app

    server = uvicorn.Server(uvicorn.Config(create_app(mock_server_url(OWN_SERVER)), host="127.0.0.1", port=0,
                                           log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, name="pydantic-ai-agui", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}/agui"
    server.should_exit = True
    thread.join(10)


def _run(url: str, corpus: list[Any], **options: Any) -> ConformanceSession:
    target = target_from_options(url, str(CAPS), **options)
    session = ConformanceSession.from_factory(target, url, settings=Settings(timeout=10, time_scale=OWN_SERVER),
                                              records=[])
    session.scenarios = corpus
    for scenario, dialect in session.cases():
        session.run(scenario, dialect)
    return session


def test_pydantic_ai_verdicts_match_the_published_findings(agui_url: str, corpus: list[Any]) -> None:
    assert metadata.version("pydantic-ai-slim") == PINS["versions"]["pydantic-ai-slim"], (
        "another pydantic-ai version: re-measure (SAC_REPIN=1), triage, and update the findings doc")
    session = _run(agui_url, corpus)
    results = {r.scenario_id: r for r in session.results}
    assert set(results) == {s.id for s in corpus}  # one openai-chat case per scenario
    # No ERROR at all: the target and the harness never broke down, and the app never hung.
    errors = {k: r.reason for k, r in results.items() if r.verdict == "ERROR"}
    assert errors == {}
    # NOT-EXPRESSIBLE is the wire's limit, decided before the endpoint is called.
    skipped = {k for k, r in results.items() if r.verdict == "NOT-EXPRESSIBLE"}
    refuses = session.factory.refuses  # type: ignore[attr-defined]
    assert skipped == {s.id for s in corpus if expressible(s, "openai-chat") is not None or refuses(s) is not None}
    # No transport finding: pydantic-ai's SSE framing, content type and stream end are right.
    transport = [(k, f.row) for k, r in results.items() for f in r.findings if f.row.startswith("transport.")]
    assert transport == []
    # Every other verdict, the rows it broke and the per-row counts are the pinned ones.
    check_pins("pydantic-ai-agui", session)


def test_pydantic_ai_does_not_answer_ndjson(agui_url: str, corpus: list[Any]) -> None:
    """Asked for NDJSON, the app still sends SSE: every case FAILs transport.content-type (and framing)."""
    basic = [s for s in corpus if s.id == "text.basic.001"]
    session = _run(agui_url, basic, stream_format="ndjson")
    (result,) = session.results
    rows = {f.row for f in result.findings if f.row.startswith("transport.")}
    assert "transport.content-type" in rows, result.describe()
