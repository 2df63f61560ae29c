"""The built wheel, installed in a fresh virtual environment outside the repository (issue 18).

One test, about a minute (most of it pip): build the wheel, install it with the ``generated``
extra into a new venv in a temporary directory (no system site-packages, nothing of this
checkout on ``sys.path``), then from a directory outside the repository:

* the README's main job, ``pytest --adapter=conformance.reference:agui``, passes;
* ``--version`` works on both commands and names the wheel's version;
* the adapter-protocol schema the README sends harness authors to comes from the installed kit;
* ``mypy --strict`` on a user's file sees the kit's real types (a wrong assignment is an error);
* with ``pytest-profiling`` installed beside the kit, pytest runs (its ``--profile`` is its own);
* a project with its own ``conformance/`` package runs under ``python -m pytest``;
* ``conformance init`` writes the starter adapter from the installed kit;
* ``conformance init --lang ts`` writes the TypeScript starter with the harness tarball the wheel ships,
  and (where npm is installed) a fresh TypeScript project installs it as shown and passes the suite.

It needs PyPI (pip downloads the dependencies; pip's cache makes reruns fast) and skips when
``SAC_SKIP_WHEEL_TEST`` is set.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

USER_FILE = '''
from conformance.contract import Capabilities, RunRequest
from mock_provider import Scenario, load_corpus

corpus: list[Scenario] = load_corpus()
wrong: int = Capabilities(name="x", inputs=["v3"], output="ag-ui")
also_wrong: str = RunRequest.model_fields
'''


def _run(args: list[str], cwd: Path, env: dict[str, str], timeout: float = 600) -> subprocess.CompletedProcess[str]:
    run = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    return run


@pytest.mark.slow
def test_the_wheel_installed_outside_the_repository_does_the_readmes_job(tmp_path: Path) -> None:
    if os.environ.get("SAC_SKIP_WHEEL_TEST"):
        pytest.skip("SAC_SKIP_WHEEL_TEST is set")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    build = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(ROOT)],
                 tmp_path, env)
    assert build.returncode == 0, build.stderr
    [wheel] = (tmp_path / "dist").glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    assert {"_sac_pytest/conformance.py", "_sac_pytest/mock_provider.py", "conformance/_starter_adapter.py"} <= names
    # The TypeScript harness's npm tarball (hatch_build.py) and the starter `conformance init --lang ts` writes.
    assert {"conformance/_ts_harness/stream-adapter-conformance-harness-0.1.0.tgz",
            "conformance/_ts_starter/conformance-harness.mjs", "conformance/_ts_starter/my-adapter.mjs"} <= names
    if (ROOT / "conformance" / "harness.py").exists():  # the Python harness (branch s7-D) ships in the kit
        assert "conformance/harness.py" in names

    venv = tmp_path / "venv"
    assert _run([sys.executable, "-m", "venv", str(venv)], tmp_path, env).returncode == 0
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    py = str(bin_dir / "python")
    install = _run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", f"{wheel}[generated]",
                    "mypy", "pytest-profiling"], tmp_path, env, timeout=900)
    if install.returncode != 0 and "Could not find a version" in install.stderr + install.stdout:
        pytest.skip(f"PyPI not reachable: {install.stderr[-300:]}")
    assert install.returncode == 0, install.stdout + install.stderr

    work = tmp_path / "user-project"
    work.mkdir()
    # --version, from the wheel's metadata.
    version = wheel.name.split("-")[1]
    for command in ("conformance", "mock-provider"):
        out = _run([str(bin_dir / command), "--version"], work, env)
        assert out.returncode == 0 and version in out.stdout, out.stdout + out.stderr

    # The README's main job, from outside the repository (pytest-profiling installed beside the kit).
    job = _run([str(bin_dir / "pytest"), "--adapter=conformance.reference:agui", "-q", "-p", "no:cacheprovider",
                "--conformance-no-report"], work, env)
    assert job.returncode == 0, job.stdout[-3000:] + job.stderr[-2000:]
    assert "conformance matrix: conformance.reference:agui" in job.stdout
    assert "generated-text-v3" not in job.stdout or "skipped" not in job.stdout.split("generated-text-v3")[1][:40]

    # pytest-profiling's --profile is its own: the kit's old alias does not take it.
    (work / "test_plain.py").write_text("def test_plain():\n    assert True\n")
    plain = _run([str(bin_dir / "pytest"), "-q", "-p", "no:cacheprovider", "--profile", "test_plain.py"], work, env)
    assert plain.returncode == 0, plain.stdout + plain.stderr

    # A project with its own conformance/ package, under python -m pytest.
    (work / "conformance").mkdir()
    (work / "conformance" / "__init__.py").write_text("WHO = 'the project'\n")
    (work / "test_own.py").write_text("import conformance\n\n\ndef test_own():\n"
                                      "    assert conformance.WHO == 'the project'\n")
    own = _run([py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_own.py"], work, env)
    assert own.returncode == 0, own.stdout + own.stderr
    # Where Python writes bytecode (the default), the package now holds a __pycache__ too.
    shutil.rmtree(work / "conformance")

    # conformance init writes the starter from the installed kit.
    starter = _run([str(bin_dir / "conformance"), "init", "starter"], work, env)
    assert starter.returncode == 0 and "def factory" in (work / "starter" / "my_adapter.py").read_text(), starter.stderr

    # The TypeScript starter, with the harness from the wheel (not from this checkout).
    where = _run([str(bin_dir / "conformance"), "ts-harness-path"], work, env)
    assert where.returncode == 0 and Path(where.stdout.strip()).is_relative_to(venv), where.stdout + where.stderr
    ts_project = work / "ts-project"
    ts_project.mkdir()
    (ts_project / "package.json").write_text('{"name": "ts-project", "private": true}\n')
    ts_init = _run([str(bin_dir / "conformance"), "init", "--lang", "ts"], ts_project, env)
    assert ts_init.returncode == 0 and (ts_project / "stream-adapter-conformance-harness-0.1.0.tgz").is_file()
    if shutil.which("npm") and shutil.which("node"):
        npm_env = {**env, "npm_config_offline": "true", "npm_config_audit": "false", "npm_config_fund": "false"}
        install_ts = _run(["npm", "install", "--save-dev", "./stream-adapter-conformance-harness-0.1.0.tgz"],
                          ts_project, npm_env)
        assert install_ts.returncode == 0, install_ts.stderr
        ts_run = _run([str(bin_dir / "pytest"), "--adapter-cmd", "node conformance-harness.mjs", "-q", "-p",
                       "no:cacheprovider", "--conformance-no-report"], ts_project, env)
        assert ts_run.returncode == 0 and " passed" in ts_run.stdout, ts_run.stdout[-3000:] + ts_run.stderr[-2000:]

    # The harness protocol's schema comes from the installed kit and matches the committed one.
    schema = _run([py, "-m", "conformance.targets.protocol"], work, env)
    assert schema.returncode == 0, schema.stderr
    assert json.loads(schema.stdout) == json.loads((ROOT / "docs" / "adapter-protocol.schema.json").read_text())

    # mypy --strict on a user's file sees real types (with Any, both wrong assignments would pass).
    (work / "user_adapter.py").write_text(USER_FILE)
    typed = _run([py, "-m", "mypy", "--strict", "--no-incremental", "user_adapter.py"], work, env)
    errors = [line for line in typed.stdout.splitlines() if ": error:" in line]
    assert [e.split(":")[1] for e in errors] == ["6", "7"], typed.stdout
    assert '"Capabilities"' in errors[0] and "int" in errors[0]
