"""Real AG-UI apps that need a Python environment of their own (llama-index, Google ADK): their pinned
versions read there, and the app served there by uvicorn on a free port for the length of a test module.

Example (in a fixture)::

    with served_app(PYTHON, "examples.adk_agui_app:app", "/agui", "the ADK app") as url:
        yield url
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from conformance.served import mock_server_url

ROOT = Path(__file__).resolve().parent.parent
START_S = 60  # how long an app may take to listen (a first import of these stacks is slow)


def installed_versions(python: str, packages: Iterable[str]) -> dict[str, str]:
    """The versions of ``packages`` as installed in the environment of ``python``."""
    code = ("import json, importlib.metadata as m; "
            f"print(json.dumps({{p: m.version(p) for p in {sorted(packages)!r}}}))")
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    return dict(json.loads(out.stdout))


@contextlib.contextmanager
def served_app(python: str, app: str, path: str, name: str) -> Iterator[str]:
    """Serve ``app`` (``module:attribute``) with that environment's uvicorn, pointed at the mock provider;
    yields its URL + ``path`` once it listens, and stops it after."""
    with socket.socket() as probe:  # a free port for uvicorn in the other environment
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "MOCK_BASE_URL": mock_server_url(), "PYTHONPATH": str(ROOT)}
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
