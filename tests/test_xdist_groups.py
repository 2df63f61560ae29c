"""The slow set's ``xdist_group`` tests keep their group whatever pytest names node ids with (tests/xdist_groups.py)."""

from __future__ import annotations

import pytest

from tests.xdist_groups import group_of, keep_groups

MODULE = """
import pytest

@pytest.mark.xdist_group("study")
@pytest.mark.parametrize("p", ["a", "ui@7"])
def test_grouped(p):
    pass

def test_alone():
    pass
"""


def test_each_grouped_test_is_named_into_its_group_once(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(MODULE)
    items, _ = pytester.inline_genitems()
    assert [group_of(i.nodeid) for i in items] == [None, None, None]  # as pytest names them before xdist
    assert keep_groups(items) == 2
    assert [group_of(i.nodeid) for i in items] == ["study", "study", None]
    assert items[1].nodeid.endswith("test_grouped[ui@7]@study")  # a parameter's own @ is not a group
    assert keep_groups(items) == 0  # already grouped (xdist did it, on a pytest it can reach): left alone
    assert [group_of(i.nodeid) for i in items] == ["study", "study", None]
