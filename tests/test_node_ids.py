"""Outside the kit's repository a failing case can be re-run by the node id pytest printed for it.

pytester's project directory is outside the kit, as a user's project is: the shipped suite file is then
outside the rootdir, where pytest used to name its cases ``::test_case[...]`` (an empty path it refuses
to re-run, and an empty JUnit classname).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

# Slow set (tests/conftest.py): each test runs pytest in a subprocess over generated and corpus cases.
pytestmark = pytest.mark.slow

pytest_plugins = ["pytester"]
CASE = "test_case[text.basic.001-v3]"
NODE = f"conformance/suite/test_conformance.py::{CASE}"


def _run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", "--adapter=conformance.reference:agui", *args)


def test_a_case_is_named_by_its_file_and_re_runs_by_that_name(pytester: pytest.Pytester) -> None:
    listed = _run(pytester, "-k", "text.basic.001", "--conformance-dialect=v3", "--collect-only", "-q")
    assert NODE in listed.stdout.lines
    assert not [line for line in listed.stdout.lines if line.startswith("::")]
    again = _run(pytester, NODE, "-q", "--junitxml=junit.xml")
    again.assert_outcomes(passed=1)
    case = ET.parse(pytester.path / "junit.xml").getroot().find(".//testcase")
    assert case is not None and case.get("classname") == "conformance.suite.test_conformance"
    assert case.get("name") == CASE


def test_the_bare_id_of_earlier_releases_still_selects_the_case(pytester: pytest.Pytester) -> None:
    _run(pytester, f"::{CASE}", "-q").assert_outcomes(passed=1)
