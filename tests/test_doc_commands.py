"""Every command the README and the documentation site show is checked against the kit that runs it.

Each shell line of a ```bash block in README.md and docs/*.md is read (backslash continuations joined):

* ``pytest ...``: every long option must be one pytest knows with the kit's plugin loaded (a renamed
  or misspelt option, or pytest's own ``--strict`` where ``--conformance-strict`` was meant, fails);
* the kit's own CLIs (``conformance``, ``mock-provider``, ``python -m conformance...``,
  ``python tools/...``): every long option must be in the ``--help`` of that command (and subcommand);
* other programs (pip, npm, tox, uvicorn, ...) are not the kit's and are listed in OTHER.

The README's quickstart command runs for real (bounded to one case).
"""

from __future__ import annotations

import functools
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
OTHER = {"pip", "npm", "node", "tox", "uvicorn", "cp", "python3", "tomllib"}
# pytest's own options a reader means as the kit's: pytest's --strict is --strict-markers, the kit's is
# --conformance-strict.
NOT_THE_KITS = {"--strict": "--conformance-strict"}
OPTION = re.compile(r"(?<![\w-])(--[a-z][\w-]*)")


def commands() -> list[tuple[str, str]]:
    """``(page, command)`` for each shell line of the pages' bash blocks."""
    found = []
    for page in PAGES:
        for block in re.findall(r"```(?:bash|sh|shell)\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            for line in block.replace("\\\n", " ").splitlines():
                line = line.split(" # ")[0].strip()
                if line and not line.startswith("#"):
                    found.extend((page.name, part.strip().rstrip("&").strip()) for part in line.split(" && "))
    return found


def program(command: str) -> list[str]:
    """The command's words from the program on: environment assignments and ``.venv/bin/`` dropped.

    >>> program("CONFORMANCE_MOCK_PORT=8765 .venv/bin/pytest --adapter-url=u")
    ['pytest', '--adapter-url=u']
    >>> program("SAC_AG2_PYTHON=/tmp/ag2-venv/bin/python pytest tests/x.py")
    ['pytest', 'tests/x.py']
    """
    words = shlex.split(command.replace('"${TARGET[@]}"', "TARGET"))
    while words and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):  # a variable's name may hold digits
        words.pop(0)
    if words:
        words[0] = words[0].rsplit("/", 1)[-1]
    return words


def _run(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300, env=env,
                          stdin=subprocess.DEVNULL)


@functools.cache
def pytest_options() -> frozenset[str]:
    done = _run([sys.executable, "-m", "pytest", "--help"])
    assert done.returncode == 0, done.stderr[-2000:]
    # pytest's help lists --junit-xml only; --junitxml is its documented alias.
    return frozenset(OPTION.findall(done.stdout)) | {"--junitxml"}


@functools.cache
def help_options(words: tuple[str, ...]) -> frozenset[str]:
    done = _run([*words, "--help"])
    assert done.returncode == 0, (words, done.stderr[-2000:])
    return frozenset(OPTION.findall(done.stdout))


def kit_command(words: list[str]) -> tuple[str, ...]:
    """The command line (with its subcommand) whose ``--help`` lists the options ``words`` uses."""
    if words[0] in ("conformance", "mock-provider"):
        module = {"conformance": "conformance.cli", "mock-provider": "mock_provider.cli"}[words[0]]
        base: tuple[str, ...] = (sys.executable, "-c", f"import sys; from {module} import main; "
                                                       "raise SystemExit(main())")
        rest = words[1:]
    elif words[:2] == ["python", "-m"]:
        base, rest = (sys.executable, "-m", words[2]), words[3:]
    else:  # python tools/x.py
        base, rest = (sys.executable, str(ROOT / words[1])), words[2:]
    found = re.search(r"\{([\w,-]+)\}", _run([*base, "--help"]).stdout)
    subs = found.group(1).split(",") if found else []
    # The first word that names a subcommand (a global option's value, `--scenarios DIR`, comes before it).
    sub = next((w for w in rest if w in subs), None)
    return (*base, sub) if sub else base


def test_the_pages_show_commands() -> None:
    shown = commands()
    assert len(shown) > 50
    assert ("README.md", "pytest --adapter=examples.minimal_adapter:factory") in shown


@pytest.mark.parametrize(("page", "command"), commands(), ids=[f"{p}:{c[:60]}" for p, c in commands()])
def test_each_command_uses_options_its_program_has(page: str, command: str) -> None:
    words = program(command)
    if words[0] in OTHER or words[:2] in (["python", "-c"],) or (words[0] == "pytest" and "tests/" in command):
        return
    used = set(OPTION.findall(" ".join(w.split("=")[0] for w in words[1:] if w.startswith("--"))))
    if words[0] == "pytest":
        known = pytest_options() - set(NOT_THE_KITS)
    else:
        assert words[0] in ("conformance", "mock-provider", "python"), f"{page}: unknown program in {command!r}"
        line = kit_command(words)
        # Options before the subcommand are the program's own (`mock-provider --scenarios DIR serve`).
        known = help_options(line) | (help_options(line[:-1]) if words[:2] != ["python", "-m"] and line[-1] in words[1:]
                                          else frozenset())
    assert used <= known, f"{page}: {command!r} uses {sorted(used - known)}"


def test_the_check_finds_pytests_own_strict_where_the_kit_option_was_meant() -> None:
    assert "--conformance-strict" in pytest_options() and "--conformance-strikt" not in pytest_options()
    assert "--strict" in pytest_options()  # pytest's own: allowed by pytest, refused in the docs
    with pytest.raises(AssertionError, match="--strict"):
        test_each_command_uses_options_its_program_has("x.md", "pytest --adapter=m:f --strict")
    with pytest.raises(AssertionError, match="--help-me"):
        test_each_command_uses_options_its_program_has("x.md", "conformance diff a.json b.json --help-me")


def test_the_readme_quickstart_runs(tmp_path: Path) -> None:
    done = _run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--adapter=examples.minimal_adapter:factory",
                 "-k", "text.basic.001", "--conformance-dialect=v3", "--conformance-report-dir", str(tmp_path), "-q"])
    assert done.returncode == 0, done.stdout[-3000:]
    assert "1 passed" in done.stdout
