"""The adapter CI kit: the composite action and the example workflow parse, hold what they promise,
and run the very command the README documents (which works with the optional inputs left empty)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from conformance.report import load_report
from conformance.session import load_factory

ROOT = Path(__file__).resolve().parent.parent
ACTION = ROOT / ".github" / "actions" / "conformance" / "action.yml"
WORKFLOW = ROOT / ".github" / "workflows" / "conformance-example.yml"


def _load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text())
    assert isinstance(data, dict), path
    return data


def _run_step(action: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in action["runs"]["steps"] if s.get("name") == "Run the conformance suite")


def test_the_action_is_a_composite_with_the_promised_inputs_and_steps() -> None:
    action = _load(ACTION)
    inputs = action["inputs"]
    for name in ("adapter", "profile", "baseline", "deviations", "python-version", "extra-packages", "kit",
                 "report-dir"):
        assert inputs[name]["required"] is False and "default" in inputs[name], name
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    uses = [s.get("uses", "") for s in steps]
    assert uses[0].startswith("actions/setup-python@")
    assert steps[0]["with"]["python-version"] == "${{ inputs.python-version }}"
    install = _step(action, "Install the conformance kit and the adapter")["run"]
    assert '"$KIT" $EXTRA' in install and "pip install ." in install
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["if"] == "always()", "reports are uploaded also when the gate fails the run"
    assert upload["with"]["path"] == "${{ inputs.report-dir }}"
    assert steps.index(upload) > steps.index(_run_step(action))
    # Every input reaches the run through env (never spliced into the shell text).
    env = _run_step(action)["env"]
    assert env == {"ADAPTER": "${{ inputs.adapter }}", "ADAPTER_CMD": "${{ inputs.adapter-cmd }}",
                   "ADAPTER_URL": "${{ inputs.adapter-url }}", "PYTEST_ARGS": "${{ inputs.pytest-args }}",
                   "PROFILE": "${{ inputs.profile }}", "BASELINE": "${{ inputs.baseline }}",
                   "DEVIATIONS": "${{ inputs.deviations }}", "REPORT_DIR": "${{ inputs.report-dir }}",
                   "ISOLATION": "${{ inputs.isolation }}", "SHARD": "${{ inputs.shard }}"}
    assert "${{" not in _run_step(action)["run"]


def test_the_action_runs_the_command_the_docs_document() -> None:
    command = [line.strip() for line in _run_step(_load(ACTION))["run"].splitlines()
               if line.strip().startswith("pytest ")]
    page = (ROOT / "docs" / "ci.md").read_text()
    documented = [line for line in page.splitlines() if line.startswith('pytest -p no:cacheprovider "${TARGET[@]}"')]
    assert documented == command and len(command) == 1


def test_the_example_workflow_runs_the_action_on_pull_requests() -> None:
    workflow = _load(WORKFLOW)
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert "pull_request" in triggers and "workflow_dispatch" not in triggers
    steps = workflow["jobs"]["conformance"]["steps"]
    assert steps[0]["uses"].startswith("actions/checkout@")
    step = next(s for s in steps if s.get("uses", "").endswith("/actions/conformance"))
    assert (ROOT / step["uses"] / "action.yml").resolve() == ACTION.resolve()
    load_factory(step["with"]["adapter"])  # the example's adapter spec is real
    assert set(step["with"]) <= set(_load(ACTION)["inputs"])
    assert WORKFLOW.read_text().count("# CHANGE") >= 3


def test_the_documented_command_runs_with_empty_optional_inputs(tmp_path: Path) -> None:
    command = _run_step(_load(ACTION))["run"].strip()
    env = {**os.environ, "ADAPTER": "conformance.reference:agui", "ADAPTER_CMD": "", "ADAPTER_URL": "",
           "PYTEST_ARGS": "", "PROFILE": "", "BASELINE": "", "DEVIATIONS": "", "SHARD": "",
           "REPORT_DIR": "out", "ISOLATION": "process", "PYTEST_ADDOPTS": "-k text.basic.001 --dialect=v3",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("GITHUB_STEP_SUMMARY", None)
    done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert re.search(r"1 passed", done.stdout)
    report = load_report(tmp_path / "out" / "conformance.json")
    assert report["profile"] is None and report["gate"]["baseline"] is None
    assert (tmp_path / "out" / "junit.xml").is_file() and (tmp_path / "out" / "conformance.html").is_file()


def _split_workflow() -> dict[str, Any]:
    """The matrix + merge workflow of docs/ci.md "Split a run across machines"."""
    page = (ROOT / "docs" / "ci.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", page, re.S)
    found = [yaml.safe_load(b) for b in blocks if "conformance merge" in b]
    assert len(found) == 1, "docs/ci.md shows one split workflow"
    workflow = found[0]
    assert isinstance(workflow, dict)
    return workflow


@pytest.mark.slow
def test_the_shard_input_runs_shards_that_the_documented_merge_job_joins(tmp_path: Path) -> None:
    """The action's run step as the docs' matrix job runs it (``shard: N/3``, each shard's reports where
    download-artifact puts them), then the docs' merge job's own commands: one merged report, one gate."""
    import pytest

    pytest.importorskip("pytest_split", reason="the [split] extra (pytest-split) is not installed")
    action, jobs = _load(ACTION), _split_workflow()["jobs"]
    matrix_job = jobs["conformance"]
    step = next(s for s in matrix_job["steps"] if s.get("uses", "").endswith("/actions/conformance"))
    assert set(step["with"]) <= set(action["inputs"]) and "shard" in action["inputs"]
    groups = matrix_job["strategy"]["matrix"]["group"]
    assert step["with"]["shard"] == "${{ matrix.group }}/" + str(len(groups))
    assert matrix_job["strategy"]["fail-fast"] is False
    command = _run_step(action)["run"].strip()
    env = {**os.environ, "ADAPTER": "conformance.reference:agui", "ADAPTER_CMD": "", "ADAPTER_URL": "",
           "PYTEST_ARGS": "", "PROFILE": "", "BASELINE": "", "DEVIATIONS": "", "ISOLATION": "process",
           "PYTEST_ADDOPTS": "-k 'text.basic or tool.basic or finish.stop' --dialect=v3",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("GITHUB_STEP_SUMMARY", None)
    artifact = step["with"]["artifact-name"].replace("${{ matrix.group }}", "{}")
    selected: list[list[str]] = []
    for group in groups:
        shard_env = {**env, "SHARD": f"{group}/{len(groups)}", "REPORT_DIR": f"shards/{artifact.format(group)}"}
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=shard_env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
        shard = load_report(tmp_path / shard_env["REPORT_DIR"] / "conformance.json")["run"]["shard"]
        assert (shard["group"], shard["splits"]) == (group, len(groups))
        selected.append(shard["selected"])
    # Four cases in three shards: pytest-split (no durations yet) leaves the last one empty; it passes,
    # and its report tells the merge that no case is missing.
    assert sorted(map(len, selected)) == [0, 2, 2]
    merge = jobs["conformance-gate"]
    download = next(s for s in merge["steps"] if s.get("uses", "").startswith("actions/download-artifact@"))
    assert download["with"] == {"pattern": artifact.format("*"), "path": "shards"}
    assert merge["needs"] == "conformance" and merge["if"] == "always()"
    commands = [s["run"] for s in merge["steps"] if s.get("run", "").startswith("conformance ")]
    assert [c.split()[1] for c in commands] == ["merge", "gate"]
    for line in commands:
        done = subprocess.run(["bash", "-e", "-c", line], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, line + "\n" + done.stdout + done.stderr
    merged = load_report(tmp_path / "reports" / "conformance.json")
    assert merged["run"]["merged"]["splits"] == len(groups) and len(merged["cases"]) == 4
    # A shard that is not GROUP/SPLITS stops before pytest, naming the input.
    for bad in ("4/3", "0/3", "1of3"):
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env={**env, "SHARD": bad, "REPORT_DIR": "x"},
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and "shard must be GROUP/SPLITS" in done.stdout, bad
        assert not (tmp_path / "x").exists()


def test_every_option_the_action_and_the_merge_job_pass_is_a_real_one() -> None:
    """The ``--options`` in the action's run step are pytest's (with the kit's and pytest-split's plugins),
    and the merge job's ``conformance`` commands are subcommands and options of the real CLI."""
    import pytest

    pytest.importorskip("pytest_split", reason="the [split] extra (pytest-split) is not installed")
    run = _run_step(_load(ACTION))["run"]
    passed = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]+)", run))
    assert {"--splits", "--group", "--adapter-isolation", "--conformance-report-dir"} <= passed
    helped = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--help"], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert helped.returncode == 0, helped.stderr
    # pytest's help names --junitxml by its other spelling only.
    known = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]+)", helped.stdout.replace("--junit-xml=", "--junitxml=")))
    assert passed <= known, f"not pytest options: {sorted(passed - known)}"
    jobs = _split_workflow()["jobs"]
    for line in (s["run"] for s in jobs["conformance-gate"]["steps"] if s.get("run", "").startswith("conformance ")):
        words = line.split()
        helped = subprocess.run([sys.executable, "-m", "conformance", words[1], "--help"], cwd=ROOT,
                                capture_output=True, text=True, timeout=60)
        assert helped.returncode == 0, line
        for option in (w for w in words if w.startswith("--")):
            assert option in helped.stdout, f"{line}: {option} is no option of conformance {words[1]}"


def _step(action: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in action["runs"]["steps"] if s.get("name") == name)


def test_the_action_takes_any_target_and_installs_the_kit_of_its_own_repository() -> None:
    action = _load(ACTION)
    inputs = action["inputs"]
    for name in ("adapter", "adapter-cmd", "adapter-url", "node-version", "pytest-args"):
        assert inputs[name]["required"] is False and inputs[name]["default"] == "", name
    assert inputs["kit"]["default"] == "" and inputs["install-project"]["default"] == "auto"
    node = next(s for s in action["runs"]["steps"] if s.get("uses", "").startswith("actions/setup-node@"))
    assert node["if"] == "${{ inputs.node-version != '' }}"
    for step in ("Install the conformance kit and the adapter", "Run the conformance suite"):
        assert "${{" not in _step(action, step)["run"], f"{step}: inputs reach the shell through env only"


def _shell(step: dict[str, Any], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-e", "-c", step["run"]], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)


@pytest.mark.slow
def test_the_action_steps_run_on_a_typescript_repository(tmp_path: Path) -> None:
    """The action's own shell steps, run here as a runner would, on a repository with no Python
    project, set up as docs/ci.md says: ``conformance init --lang ts`` wrote the harness tarball (from the
    kit, not a clone), the glue and a starter adapter; ``npm install --save-dev`` of the tarball made the
    lock file. Then the kit is installed from this repository (the empty `kit` default), `pip install .`
    is skipped, `npm ci` installs the harness from the committed tarball, one case is graded."""
    import shutil

    import pytest

    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node and npm are not installed")
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "package.json").write_text('{"name": "my-ts-adapter", "private": true, "type": "module"}\n')
    init = subprocess.run([sys.executable, "-m", "conformance", "init", "--lang", "ts"], cwd=repo, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert init.returncode == 0, init.stderr
    lock = subprocess.run(["npm", "install", "--save-dev", "--package-lock-only", "--offline", "--no-audit",
                           "--no-fund", "./stream-adapter-conformance-harness-0.1.0.tgz"], cwd=repo,
                          capture_output=True, text=True, timeout=300)
    assert lock.returncode == 0, lock.stderr
    assert str(ROOT) not in (repo / "package-lock.json").read_text(), "the lock names the committed tarball, no clone"
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
           "KIT": "", "EXTRA": "", "INSTALL_PROJECT": "auto", "NODE_VERSION": "20",
           "ACTION_PATH": str(ACTION.parent), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    action = _load(ACTION)
    installed = _shell(_step(action, "Install the conformance kit and the adapter"), env, repo)
    assert installed.returncode == 0, installed.stdout[-3000:] + installed.stderr[-3000:]
    assert (repo / "node_modules" / "stream-adapter-conformance-harness" / "index.js").exists(), "npm ci ran"
    env.update({"ADAPTER": "", "ADAPTER_CMD": "node conformance-harness.mjs", "ADAPTER_URL": "", "ISOLATION": "process",
                "PYTEST_ARGS": "-k text.basic.001 --dialect=v3", "PROFILE": "", "BASELINE": "", "DEVIATIONS": "",
                "REPORT_DIR": "out"})
    env.pop("GITHUB_STEP_SUMMARY", None)
    ran = _shell(_step(action, "Run the conformance suite"), env, repo)
    assert ran.returncode == 0, ran.stdout[-3000:] + ran.stderr[-2000:]
    report = load_report(repo / "out" / "conformance.json")
    assert [c["case"] for c in report["cases"]] == ["text.basic.001[v3]"]
    assert report["adapter"]["capabilities"]["name"] == "my-adapter"
    assert report["cases"][0]["verdict"] == "PASS"
    # Two targets at once is the user's mistake, said before pytest starts.
    env["ADAPTER"] = "conformance.reference:agui"
    both = _shell(_step(action, "Run the conformance suite"), env, repo)
    assert both.returncode == 2 and "exactly one of the inputs" in both.stdout
