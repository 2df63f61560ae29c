"""Every command line of the kit answers ``--help`` with its usage and exits 0, without doing its job.

The list is found, not written down: the console scripts of pyproject.toml (and each subcommand), every
module of the packages with a ``__main__`` block, and every script in tools/. A new CLI that ignores
``--help`` (``python -m conformance.matrix --help`` once checked the catalog instead) fails here.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("conformance", "mock_provider", "_sac_pytest")


def _modules() -> list[str]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if re.search(r'^if __name__ == "__main__":', path.read_text(encoding="utf-8"), re.M):
                module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
                found.append(module.removesuffix(".__main__"))
    return found


def _scripts() -> list[str]:
    return sorted(p.name for p in (ROOT / "tools").glob("*.py")
                  if re.search(r'^if __name__ == "__main__":', p.read_text(encoding="utf-8"), re.M))


def _console_scripts() -> list[tuple[str, str]]:
    import tomllib  # Python >= 3.11: the test using it is skipped before

    with (ROOT / "pyproject.toml").open("rb") as f:
        return sorted(tomllib.load(f)["project"]["scripts"].items())


COMMANDS = ([[sys.executable, "-m", m] for m in _modules()]
            + [[sys.executable, str(ROOT / "tools" / s)] for s in _scripts()])


def _help(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*command, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


def test_the_lists_are_found() -> None:
    assert "conformance.matrix" in _modules() and "conformance.harness" in _modules()
    assert {"gen_docs.py", "gen_contract.py", "ecosystem.py"} <= set(_scripts())


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[-1].rsplit("/", 1)[-1])
def test_every_command_answers_help(command: list[str]) -> None:
    done = _help(command)
    assert done.returncode == 0, done.stdout[-1000:] + done.stderr[-2000:]
    assert done.stdout.startswith("usage: "), done.stdout[:500]


@pytest.mark.slow
@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib")
@pytest.mark.parametrize("name", ["conformance", "mock-provider"])
def test_every_console_script_and_subcommand_answers_help(name: str) -> None:
    target = dict(_console_scripts())[name]
    module = target.split(":")[0]
    top = _help([sys.executable, "-c", f"import sys; from {module} import main; sys.argv[0] = {name!r}; "
                                       "raise SystemExit(main())"])
    assert top.returncode == 0 and top.stdout.startswith("usage: "), top.stderr[-2000:]
    subcommands = re.search(r"\{([\w,-]+)\}", top.stdout)
    assert subcommands is not None, top.stdout
    for sub in subcommands.group(1).split(","):
        done = _help([sys.executable, "-c", f"import sys; from {module} import main; sys.argv[0] = {name!r}; "
                                            f"raise SystemExit(main())", sub])
        assert done.returncode == 0 and done.stdout.startswith("usage: "), (sub, done.stderr[-2000:])
