"""The adapter CI kit: the composite action and the example workflow parse, hold what they promise,
and run the very command the README documents (which works with the optional inputs left empty)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

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
    assert inputs["adapter"]["required"] is True
    for name in ("profile", "baseline", "deviations", "python-version", "extra-packages", "kit", "report-dir"):
        assert inputs[name]["required"] is False and "default" in inputs[name], name
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    uses = [s.get("uses", "") for s in steps]
    assert uses[0].startswith("actions/setup-python@")
    assert steps[0]["with"]["python-version"] == "${{ inputs.python-version }}"
    install = steps[1]["run"]
    assert '"$KIT" $EXTRA' in install and "pip install ." in install
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["if"] == "always()", "reports are uploaded also when the gate fails the run"
    assert upload["with"]["path"] == "${{ inputs.report-dir }}"
    assert steps.index(upload) > steps.index(_run_step(action))
    # Every input reaches the run through env (never spliced into the shell text).
    env = _run_step(action)["env"]
    assert env == {"ADAPTER": "${{ inputs.adapter }}", "PROFILE": "${{ inputs.profile }}",
                   "BASELINE": "${{ inputs.baseline }}", "DEVIATIONS": "${{ inputs.deviations }}",
                   "REPORT_DIR": "${{ inputs.report-dir }}", "ISOLATION": "${{ inputs.isolation }}"}
    assert "${{" not in _run_step(action)["run"]


def test_the_action_runs_the_command_the_readme_documents() -> None:
    command = _run_step(_load(ACTION))["run"].strip()
    readme = (ROOT / "README.md").read_text()
    documented = [line for line in readme.splitlines() if line.startswith('pytest -p no:cacheprovider --adapter="$')]
    assert documented == [command]


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
    env = {**os.environ, "ADAPTER": "conformance.reference:agui", "PROFILE": "", "BASELINE": "", "DEVIATIONS": "",
           "REPORT_DIR": "out", "ISOLATION": "process", "PYTEST_ADDOPTS": "-k text.basic.001 --dialect=v3",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    env.pop("GITHUB_STEP_SUMMARY", None)
    done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert re.search(r"1 passed", done.stdout)
    report = load_report(tmp_path / "out" / "conformance.json")
    assert report["profile"] is None and report["gate"]["baseline"] is None
    assert (tmp_path / "out" / "junit.xml").is_file() and (tmp_path / "out" / "conformance.html").is_file()
