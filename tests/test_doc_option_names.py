"""The README and docs/*.md spell the kit's pytest options by their current names.

The previous release's names (``--profile``, ``--report-dir``, ...; ``_sac_pytest.conformance.aliases``
marks them deprecated) still work for one release, and the docs say so in one sentence; anywhere
else a reader copying a command would get a ``PytestDeprecationWarning``, or, with a plugin that owns
the name (pytest-profiling's ``--profile``), that plugin's option instead of the kit's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from _sac_pytest.conformance import aliases

ROOT = Path(__file__).resolve().parent.parent
# The one sentence allowed to name the deprecated spellings (docs/pytest-plugins.md).
SENTENCE = re.compile(r"Deprecated: the previous release's names \(.*?\) still work for one more release[^.]*\.",
                      re.S)
# `mock-provider render ID --dialect D`: the mock server's CLI has its own --dialect, not the pytest option.
OTHER_CLI = "mock-provider "


def deprecated() -> list[str]:
    """The deprecated spellings, longest first (``--recording-scenario`` before ``--recording``)."""
    return sorted((old for old, (_, dep) in aliases().items() if dep), key=len, reverse=True)


def uses(text: str, names: list[str]) -> list[str]:
    """``line: name`` for each deprecated option name in ``text`` (not inside a longer option name).

    >>> uses("run `--profile=x`\\nnot --conformance-profile nor --profiles\\nmock-provider render a --dialect v3",
    ...      ["--profile", "--dialect"])
    ['1: --profile']
    """
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])")
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for match in pattern.finditer(line):
            if OTHER_CLI not in line[:match.start()]:
                found.append(f"{number}: {match.group(1)}")
    return found


def test_the_deprecated_names_appear_only_in_the_one_sentence_that_says_they_still_work() -> None:
    names = deprecated()
    assert "--profile" in names and "--adapter" not in names  # the alias table is what the test reads
    pages = {"README.md": (ROOT / "README.md").read_text(encoding="utf-8")}
    pages.update({f"docs/{doc.name}": doc.read_text(encoding="utf-8") for doc in sorted((ROOT / "docs").glob("*.md"))})
    pages["harness/ts/README.md"] = (ROOT / "harness" / "ts" / "README.md").read_text(encoding="utf-8")
    sentences = [s for text in pages.values() for s in SENTENCE.findall(text)]
    assert len(sentences) == 1, "the docs need exactly one sentence saying the old names still work"
    assert set(names) <= {u.split(": ")[1] for u in uses(sentences[0], names)}, "the sentence lists every old name"
    stale = {path: uses(SENTENCE.sub("", text), names) for path, text in pages.items()}
    assert {path: found for path, found in stale.items() if found} == {}


def test_the_check_finds_an_old_name_outside_the_sentence() -> None:
    text = "Pass `--report-dir=out` or\n`--conformance-report-dir=out`; `mock-provider render x --dialect v2`."
    assert uses(text, deprecated()) == ["1: --report-dir"]


@pytest.mark.parametrize(("text", "found"), [
    ("run `--profile=x`", ["1: --profile"]),
    ("not --conformance-profile nor --profiles", []),  # inside a longer option name
    ("mock-provider render a --dialect v3", []),  # mock-provider's own --dialect
    ("pytest --dialect v3", ["1: --dialect"]),
])
def test_uses_finds_an_old_name_only_where_it_is_one(text: str, found: list[str]) -> None:
    """uses()'s doctest is not collected (tests/ is not a doctest package): its cases run here."""
    assert uses(text, ["--profile", "--dialect"]) == found
