"""``conformance init --lang ts``: a TypeScript project gets the harness from the installed kit and passes.

In a fresh project outside the repository (no clone, no registry entry for the harness), the lines
the starter's CONFORMANCE.md shows are run as they are: ``npm install`` of the harness tarball the kit
ships, then ``pytest --adapter-cmd "node conformance-harness.mjs"`` over the whole corpus (about ten
seconds: the starter declares one upstream dialect, V3 parts). Every graded case PASSes or is INFO:
0 FAIL, 0 ERROR, 0 PASS-NONSTRICT. The same starter with its tools dropped from the model call FAILs
on that row only, so the run is graded, not skipped. tests/test_wheel.py does the same from the built
wheel in a fresh virtual environment.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tarfile
from collections import Counter
from pathlib import Path

import pytest

from conformance.init import TS_FILES
from conformance.ts_harness import pack, source_directory

# Slow set (tests/conftest.py): each test packs the harness and runs a TypeScript project in Node.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
needs_npm = pytest.mark.skipif(shutil.which("npm") is None or shutil.which("node") is None,
                               reason="npm and node are not installed (the TypeScript starter needs them)")


def _env() -> dict[str, str]:
    # The kit from this checkout; npm offline: the harness tarball has no dependencies to fetch.
    return {**os.environ, "PYTHONPATH": str(ROOT), "npm_config_offline": "true", "npm_config_audit": "false",
            "npm_config_fund": "false"}


def _init(project: Path) -> list[str]:
    """``conformance init --lang ts`` into ``project``; the commands its CONFORMANCE.md shows."""
    done = subprocess.run([sys.executable, "-m", "conformance", "init", "--lang", "ts"], cwd=project,
                          capture_output=True, text=True, env=_env(), timeout=120)
    assert done.returncode == 0, done.stderr
    shown = (project / "CONFORMANCE.md").read_text(encoding="utf-8").splitlines()
    return [line for line in shown if line.startswith(("npm ", "pytest "))]


Run = tuple[subprocess.CompletedProcess[str], Counter[str], dict[str, list[str]]]


def _verdicts(project: Path, commands: list[str]) -> Run:
    """Run the shown commands in ``project``: the pytest run, its report's verdict counts, the failing rows."""
    install, run = commands
    installed = subprocess.run(shlex.split(install), cwd=project, capture_output=True, text=True, env=_env(),
                               timeout=300)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    done = subprocess.run([sys.executable, "-m", *shlex.split(run), "-q", "-p", "no:cacheprovider"], cwd=project,
                          capture_output=True, text=True, env=_env(), timeout=600)
    report = json.loads((project / "reports" / "conformance.json").read_text(encoding="utf-8"))
    failing = {case["case"]: sorted(case["failed_rows"]) for case in report["cases"] if case["verdict"] == "FAIL"}
    return done, Counter(case["verdict"] for case in report["cases"]), failing


def _fresh_project(tmp_path: Path) -> Path:
    project = tmp_path / "my-ts-project"
    project.mkdir()
    (project / "package.json").write_text('{"name": "my-ts-project", "private": true, "type": "module"}\n')
    assert not (project / "node_modules").exists()
    return project


def test_the_glue_is_15_lines_and_the_tarball_holds_the_package(tmp_path: Path) -> None:
    glue = (ROOT / "examples" / "ts-starter" / TS_FILES[0]).read_text(encoding="utf-8")
    assert len(glue.splitlines()) <= 15 and "from 'stream-adapter-conformance-harness'" in glue
    with tarfile.open(pack(source_directory(), tmp_path)) as tar:
        names = tar.getnames()
        manifest = json.loads(tar.extractfile("package/package.json").read())  # type: ignore[union-attr]
    assert manifest["name"] == "stream-adapter-conformance-harness"
    assert {"package/index.js", "package/index.d.ts", "package/convert.js"} <= set(names)
    assert not any("/test/" in n for n in names)


@needs_npm
def test_the_tarball_holds_what_npm_pack_puts_in_it(tmp_path: Path) -> None:
    dry = subprocess.run(["npm", "pack", "--dry-run", "--json"], cwd=source_directory(), capture_output=True,
                         text=True, timeout=300)
    assert dry.returncode == 0, dry.stderr
    with tarfile.open(pack(source_directory(), tmp_path)) as tar:
        ours = {n.removeprefix("package/") for n in tar.getnames()}
    assert ours == {f["path"] for f in json.loads(dry.stdout)[0]["files"]}


@needs_npm
def test_a_fresh_typescript_project_passes_with_the_starter(tmp_path: Path) -> None:
    project = _fresh_project(tmp_path)
    commands = _init(project)
    assert commands == ["npm install --save-dev ./stream-adapter-conformance-harness-0.1.0.tgz",
                        'pytest --adapter-cmd "node conformance-harness.mjs"']
    done, verdicts, _ = _verdicts(project, commands)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert (project / "node_modules" / "stream-adapter-conformance-harness" / "index.js").is_file()
    assert json.loads((project / "package.json").read_text())["devDependencies"] == {
        "stream-adapter-conformance-harness": "file:stream-adapter-conformance-harness-0.1.0.tgz"}
    assert verdicts["FAIL"] == verdicts["ERROR"] == verdicts["PASS-NONSTRICT"] == 0, verdicts
    assert verdicts["PASS"] >= 80, verdicts  # graded, not skipped: measured 87 PASS, 12 INFO
    # docs/other-languages.md's command for a harness of the user's own name.
    shutil.copy(project / "conformance-harness.mjs", project / "my-harness.mjs")
    own = subprocess.run([sys.executable, "-m", "pytest", "--adapter-cmd", "node my-harness.mjs",
                          "--conformance-adapter-cmd-start-timeout=60", "-k", "tool.interleave", "-q", "-p",
                          "no:cacheprovider", "--conformance-no-report"], cwd=project, capture_output=True, text=True,
                         env=_env(), timeout=600)
    assert own.returncode == 0 and " passed" in own.stdout.splitlines()[-1], own.stdout[-3000:]


@needs_npm
def test_the_starter_with_its_tools_dropped_fails_the_tools_row(tmp_path: Path) -> None:
    project = _fresh_project(tmp_path)
    commands = _init(project)
    adapter = project / "my-adapter.mjs"
    source = adapter.read_text(encoding="utf-8")
    right, wrong = "return { prompt, tools, abortSignal }", "return { prompt, tools: [], abortSignal }"
    assert right in source
    adapter.write_text(source.replace(right, wrong), encoding="utf-8")
    done, _, failing = _verdicts(project, commands)
    assert done.returncode == 1
    assert failing == {"request.tools.001[v3]": ["request.tools"]}, failing
