"""``harness/ts``: the npm package that puts a TypeScript adapter behind ``sac-harness/1``.

Its own protocol tests run under ``node --test``; its types compile against a typed user file; and a
TypeScript adapter written on it in under 20 lines (``examples/ts/sample-ai-sdk7.mjs``) passes the
suite: every case it is graded on PASSes or is INFO, none FAILs or ERRORs.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from conformance.session import ConformanceSession
from conformance.targets.cmd import CmdTarget

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "harness" / "ts"
SAMPLE = ROOT / "examples" / "ts" / "sample-ai-sdk7.mjs"
TSC = ROOT / "tools" / "type-oracle" / "node_modules" / ".bin" / "tsc"

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


@needs_node
def test_the_package_protocol_tests_pass_under_node_test() -> None:
    run = subprocess.run(["node", "--test", "test/"], cwd=PACKAGE, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "# fail 0" in run.stdout and "# pass 16" in run.stdout  # 16: + tool-started (1)


@needs_node
@pytest.mark.skipif(not TSC.exists(), reason="typescript is not installed: npm ci --prefix tools/type-oracle")
def test_a_typed_adapter_file_compiles_against_the_declarations(tmp_path: Path) -> None:
    user = tmp_path / "adapter.ts"
    user.write_text(
        f"import {{ runHarness, type HarnessCase }} from '{PACKAGE.as_posix()}/index.js'\n"
        f"import {{ toModelMessages }} from '{PACKAGE.as_posix()}/convert.js'\n"
        "async function* events(c: HarnessCase): AsyncIterable<unknown> {\n"
        "  const n = toModelMessages(c.request.messages).length\n"
        "  yield { type: 'RUN_STARTED', threadId: c.request.thread_id, runId: c.request.run_id, n }\n"
        "}\n"
        "void runHarness({ capabilities: { name: 'x', inputs: ['openai-chat'], output: 'ag-ui' }, stream: events })\n",
        encoding="utf-8",
    )
    bad = tmp_path / "bad.ts"
    bad.write_text(  # an output protocol the suite does not know: the declarations must refuse it
        f"import {{ runHarness }} from '{PACKAGE.as_posix()}/index.js'\n"
        "void runHarness({ capabilities: { name: 'x', inputs: ['openai-chat'], output: 'sse' },\n"
        "  async *stream() {} })\n",
        encoding="utf-8",
    )
    base = [str(TSC), "--noEmit", "--strict", "--allowJs", "--module", "nodenext", "--moduleResolution", "nodenext",
            "--target", "es2022", "--lib", "es2022,dom", "--types", ""]
    good = subprocess.run([*base, str(user)], capture_output=True, text=True, timeout=300)
    assert good.returncode == 0, good.stdout + good.stderr
    wrong = subprocess.run([*base, str(bad)], capture_output=True, text=True, timeout=300)
    assert wrong.returncode != 0 and '"sse"' in wrong.stdout and "OutputProtocol" in wrong.stdout


@needs_node
def test_a_sample_adapter_of_under_20_lines_passes_the_suite() -> None:
    if not (ROOT / "examples" / "ts" / "node_modules" / "ai7").exists():
        pytest.skip("the ai 7 packages are not installed: npm ci --prefix examples/ts")
    assert len(SAMPLE.read_text(encoding="utf-8").splitlines()) < 20
    target = CmdTarget(f"node {SAMPLE}", start_timeout=30, case_timeout=10)
    try:
        session = ConformanceSession.from_factory(target, target.__name__)
        for scenario, dialect in session.cases():
            session.run(scenario, dialect)
    finally:
        target.close()
    verdicts = {r.case_id: r.verdict for r in session.results}
    bad = {case: v for case, v in verdicts.items() if v in ("FAIL", "ERROR")}
    assert bad == {}
    assert sum(v == "PASS" for v in verdicts.values()) >= 40  # it is graded, not skipped
    assert target.starts == 1


@pytest.mark.skipif(shutil.which("npm") is None, reason="npm is not installed")
def test_npm_pack_builds_a_package_a_typescript_project_installs_by_its_name(tmp_path: Path) -> None:
    """``npm pack`` of harness/ts, installed offline into a fresh project: its name says what it is, and the
    entry points the README imports resolve from ``node_modules``, without this repository on any path."""
    import json

    manifest = json.loads((PACKAGE / "package.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "stream-adapter-conformance-harness"
    packed = subprocess.run(["npm", "pack", "--json", "--pack-destination", str(tmp_path)], cwd=PACKAGE,
                            capture_output=True, text=True, timeout=300)
    assert packed.returncode == 0, packed.stderr
    info = json.loads(packed.stdout)[0]
    assert {f["path"] for f in info["files"]} >= {"index.js", "index.d.ts", "convert.js", "convert.d.ts", "README.md"}
    assert not any(f["path"].startswith("test/") for f in info["files"])
    project = tmp_path / "project"
    project.mkdir()
    (project / "package.json").write_text('{"name": "my-adapter", "private": true, "type": "module"}\n')
    tarball = str(tmp_path / info["filename"])
    install = subprocess.run(["npm", "install", "--offline", "--no-audit", "--no-fund", tarball],
                             cwd=project, capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr
    probe = ("const h = await import('stream-adapter-conformance-harness');"
             "const c = await import('stream-adapter-conformance-harness/convert');"
             "console.log(typeof h.runHarness, typeof c.aiSdkPrompt)")
    run = subprocess.run(["node", "--input-type=module", "-e", probe], cwd=project, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0 and run.stdout.split() == ["function", "function"], run.stderr
