"""The mock provider's shorthand on the TypeScript side: ``harness/ts/mock.js`` (reply, toolCall, fail, scoped
to one test), used by ``examples/ts/shorthand.test.mjs`` with AI SDK 7. The example runs under vitest
(examples/ts's dev dependency) and under ``node:test`` alike; it runs here against a kit server both
ways, and a wrong answer makes it fail."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

from mock_provider.server import ThreadedMockServer

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "ts" / "shorthand.test.mjs"
MODULES = ROOT / "examples" / "ts" / "node_modules"

pytestmark = [
    pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed"),
    pytest.mark.skipif(not (MODULES / "ai7").exists() or not (MODULES / "@ai-sdk" / "anthropic").exists(),
                       reason="examples/ts packages are not installed: npm ci --prefix examples/ts"),
]


def _node_test(path: Path, base_url: str, token: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MOCK_BASE_URL": base_url, "AI_SDK_LOG_WARNINGS": "false"}
    if token:
        env["MOCK_TOKEN"] = token
    return subprocess.run(["node", "--test", str(path)], capture_output=True, text=True, timeout=120, env=env,
                          check=False)


def test_the_typescript_example_uses_the_shorthand_against_the_kit() -> None:
    with ThreadedMockServer([], time_scale=0.0) as server:
        run = _node_test(EXAMPLE, server.base_url)
        left = [s["id"] for s in httpx.get(server.base_url + "/_mock/scenarios", timeout=10).json()["scenarios"]]
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "# pass 4" in run.stdout and "# fail 0" in run.stdout
    assert not [i for i in left if i.startswith("fixture.")], left  # afterEach removed every answer


def test_a_wrong_expectation_fails_the_example(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.test.mjs"
    wrong.write_text(EXAMPLE.read_text().replace("assert.equal(await result.text, 'Bonjour!')",
                                                 "assert.equal(await result.text, 'Bonsoir!')")
                     .replace("'../../harness/ts/mock.js'", repr((ROOT / "harness" / "ts" / "mock.js").as_uri())),
                     encoding="utf-8")
    (tmp_path / "node_modules").symlink_to(MODULES)
    with ThreadedMockServer([], time_scale=0.0) as server:
        run = _node_test(wrong, server.base_url)
    assert run.returncode != 0 and "# fail 1" in run.stdout and "Bonsoir!" in run.stdout, run.stdout[-3000:]


VITEST = MODULES / ".bin" / "vitest"


@pytest.mark.skipif(not VITEST.exists(), reason="vitest is not installed: npm ci --prefix examples/ts")
def test_the_typescript_example_runs_under_vitest() -> None:
    with ThreadedMockServer([], time_scale=0.0) as server:
        env = {**os.environ, "MOCK_BASE_URL": server.base_url, "AI_SDK_LOG_WARNINGS": "false"}
        run = subprocess.run([str(VITEST), "run", "--root", str(EXAMPLE.parent), "shorthand"], capture_output=True,
                             text=True, timeout=300, env=env, check=False)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "4 passed" in run.stdout, run.stdout[-2000:]


TSC = ROOT / "tools" / "type-oracle" / "node_modules" / ".bin" / "tsc"


@pytest.mark.skipif(not TSC.exists(), reason="typescript is not installed: npm ci --prefix tools/type-oracle")
def test_the_client_declarations_type_a_test_and_refuse_a_wrong_call(tmp_path: Path) -> None:
    mock = (ROOT / "harness" / "ts" / "mock.js").as_posix()
    good = tmp_path / "good.ts"
    good.write_text(f"import {{ mockProvider }} from '{mock}'\n"
                    "const m = mockProvider({ baseURL: 'http://127.0.0.1:1' })\n"
                    "const ids: Promise<string>[] = [m.reply('hi', { usage: [1, 2] }),\n"
                    "  m.toolCall('f', { a: 1 }, { text: 't' }), m.fail(429, { retryAfter: 2, then: 'ok' })]\n"
                    "const h: Record<string, string> = m.headers\n"
                    "void ids; void h; void m.reset()\n", encoding="utf-8")
    bad = tmp_path / "bad.ts"
    bad.write_text(f"import {{ mockProvider }} from '{mock}'\n"
                   "void mockProvider().fail('429')\n", encoding="utf-8")
    base = [str(TSC), "--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext",
            "--target", "es2022", "--lib", "es2022,dom", "--types", ""]
    ok = subprocess.run([*base, str(good)], capture_output=True, text=True, timeout=300, check=False)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    wrong = subprocess.run([*base, str(bad)], capture_output=True, text=True, timeout=300, check=False)
    assert wrong.returncode != 0 and "number" in wrong.stdout, wrong.stdout
