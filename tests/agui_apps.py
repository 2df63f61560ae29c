"""The real AG-UI apps the pin tests serve, and the corpus run through ``--adapter-url`` against one.

An app whose stack fits this process (pydantic-ai, agno) is served by uvicorn in a thread
(:func:`served_in_thread`); one that needs a Python environment of its own (llama-index, Google ADK)
is served by that environment's uvicorn on a free port (:class:`OwnVenvApp`, :func:`serve_pinned`),
once its pinned versions are read there. Either way every corpus case runs against the URL
(:func:`run_corpus`), to the verdicts pinned for the app (:func:`check_pinned_verdicts`).

Example (a test module)::

    ADK = OwnVenvApp("adk-agui", "SAC_ADK_PYTHON", "ADK", "examples.adk_agui_app:app", "/agui",
                     ROOT / "examples" / "adk_capabilities.yaml")

    @pytest.fixture(scope="module")
    def adk_url() -> Iterator[str]:
        with serve_pinned(ADK) as url:
            yield url

    def test_adk_verdicts_match_the_pins(adk_url: str, corpus: list[Any]) -> None:
        check_pinned_verdicts(ADK, adk_url, corpus)
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from conformance.runner import Settings
from conformance.served import mock_server_url
from conformance.session import ConformanceSession
from conformance.targets.url import target_from_options
from tests.calibration import DATA, check_pins

ROOT = Path(__file__).resolve().parent.parent
# How long an app may take to listen: a cap for a stuck start, not a speed bound. CI installs the adapter venvs
# without byte-compiling them, so the first start compiles what it imports (CrewAI's took over 60 s on a machine
# loaded by other jobs beside CI); a start that never comes is ended sooner by the app exiting.
START_S = 300


def installed_versions(python: str, packages: Iterable[str]) -> dict[str, str]:
    """The versions of ``packages`` as installed in the environment of ``python``."""
    code = ("import json, importlib.metadata as m; "
            f"print(json.dumps({{p: m.version(p) for p in {sorted(packages)!r}}}))")
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    return dict(json.loads(out.stdout))


@contextlib.contextmanager
def served_in_thread(app: Any, path: str, name: str) -> Iterator[str]:
    """Serve the ASGI ``app`` with uvicorn in a thread of this process on a free port; yields its URL + ``path``
    once it listens, and stops it after."""
    import uvicorn  # the calibration extra's: a test module that serves an app skips without it

    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, name=name, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_S  # a cap for a stuck start, not a speed bound
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}{path}"
    server.should_exit = True
    thread.join(10)


@contextlib.contextmanager
def served_app(python: str, app: str, path: str, name: str, time_scale: float = 0.0) -> Iterator[str]:
    """Serve ``app`` (``module:attribute``) with that environment's uvicorn, pointed at the mock provider of
    ``time_scale``; yields its URL + ``path`` once it listens, and stops it after."""
    with socket.socket() as probe:  # a free port for uvicorn in the other environment
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "MOCK_BASE_URL": mock_server_url(time_scale), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([python, "-m", "uvicorn", app, "--host", "127.0.0.1", "--port", str(port),
                             "--log-level", "warning"], cwd=ROOT, env=env)
    try:
        deadline = time.monotonic() + START_S
        while True:
            assert proc.poll() is None, f"{name} exited"
            assert time.monotonic() < deadline, f"{name} did not start"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}{path}"
    finally:
        proc.terminate()
        proc.wait(10)


@dataclass(frozen=True)
class OwnVenvApp:
    """One such app: its pin name (``tests/data/<pins>.verdicts.json``), the variable naming its environment's
    Python (.ci/run builds it), what the stack is called, the ``module:attribute`` uvicorn serves, the
    AG-UI endpoint's path and the capabilities file ``--adapter-url`` reads. ``time_scale`` picks the
    process's mock server: a second app of one module gets its own (another scale), so a model request the
    first app left running (an abort it does not pass on) cannot reach the second app's cases."""

    pins: str
    python_variable: str
    stack: str
    app: str
    path: str
    capabilities: Path
    time_scale: float = 0.0

    def pinned(self) -> dict[str, Any]:
        """The pin file's content."""
        return dict(json.loads((DATA / f"{self.pins}.verdicts.json").read_text(encoding="utf-8")))


@contextlib.contextmanager
def serve_pinned(app: OwnVenvApp) -> Iterator[str]:
    """Serve ``app`` from its environment (skip the test where there is none) once the environment holds the
    pinned versions; yields the endpoint's URL."""
    python = os.environ.get(app.python_variable, "")
    if not python or not Path(python).is_file():
        pytest.skip(f"no {app.stack} environment: set {app.python_variable} (.ci/run builds one)")
    versions = app.pinned()["versions"]
    assert installed_versions(python, versions) == versions, (
        f"other {app.stack} versions than pinned ({versions}): re-pin and re-triage")
    with served_app(python, app.app, app.path, f"the {app.stack} app", app.time_scale) as url:
        yield url


def warm_up(url: str, time_scale: float = 0.0) -> None:
    """One run of ``text.basic.001`` through the app at ``url`` (the default scenario of the mock server of
    ``time_scale``, cleared after), so that a one-off cost of the app's first model call (litellm loads its
    tokenizer on the event loop, 1-3 s measured: docs/findings-crewai.md "Cold start") is behind it before the
    corpus; the run must succeed.

    Example (a module fixture)::

        with serve_pinned(CREWAI) as url:
            warm_up(url)
            yield url
    """
    mock = mock_server_url(time_scale)
    httpx.put(f"{mock}/_mock/default-scenario", json={"scenario": "text.basic.001"}).raise_for_status()
    try:
        body = {"threadId": "warm-up", "runId": "warm-up", "state": {}, "tools": [], "context": [],
                "forwardedProps": {}, "messages": [{"id": "u1", "role": "user", "content": "hi"}]}
        text = httpx.post(url, json=body, headers={"accept": "text/event-stream"}, timeout=60).text
        assert '"RUN_FINISHED"' in text, text[-500:]
    finally:
        httpx.delete(f"{mock}/_mock/default-scenario").raise_for_status()
        httpx.delete(f"{mock}/_mock/requests").raise_for_status()


def run_corpus(url: str, capabilities: Path, corpus: list[Any], settings: Settings | None = None,
               **options: Any) -> ConformanceSession:
    """Every case of ``corpus`` run against the app at ``url`` through ``--adapter-url`` with its ``capabilities``
    file (and the target's other ``options``), under ``settings`` (10 s a case by default); the run records
    are kept (``session.records``)."""
    target = target_from_options(url, str(capabilities), **options)
    session = ConformanceSession.from_factory(target, url, settings=settings or Settings(timeout=10), records=[])
    session.scenarios = corpus
    for scenario, dialect in session.cases():
        session.run(scenario, dialect)
    return session


def check_pinned_verdicts(app: OwnVenvApp, url: str, corpus: list[Any]) -> None:
    """:func:`run_corpus` (one case a scenario: the one dialect the app's model speaks), requiring the
    pinned verdicts, rows and per-row counts (:func:`tests.calibration.check_pins`)."""
    session = run_corpus(url, app.capabilities, corpus, Settings(timeout=10, time_scale=app.time_scale))
    assert {r.scenario_id for r in session.results} == {s.id for s in corpus}
    check_pins(app.pins, session)
