"""Tests marked ``xdist_group`` run on one pytest-xdist worker under ``--dist loadgroup``, whatever pytest.

pytest-xdist (3.8.0 ``remote.py:254``) groups a test by appending ``@<group>`` to its node id through
``item._nodeid``. From pytest 9.2 a node id is the structured ``item._id`` and ``_nodeid`` is read by
nothing, so the suffix is lost: the scheduler sees no group, hands a group's tests to both workers
between other modules' tests, and each module fixture they share (the metamorphic study, minutes of CPU)
is built on both workers and again each time a worker comes back to the module. A CI run took three
times as long. :func:`keep_groups` appends the suffix where it is missing, through the kit's own
setter of a node id (:mod:`conformance.item_ids`), which knows both forms.

Example:
    >>> group_of("tests/test_x.py::test_a[p]@study"), group_of("tests/test_x.py::test_a[p@7]")
    ('study', None)
"""

from __future__ import annotations

import pytest

from conformance.item_ids import set_nodeid

__all__ = ["group_of", "keep_groups"]


def group_of(nodeid: str) -> str | None:
    """The group a node id names, as xdist's ``LoadGroupScheduling._split_scope`` reads it (None: none)."""
    return nodeid.split("@")[-1] if nodeid.rfind("@") > nodeid.rfind("]") else None


def keep_groups(items: list[pytest.Item]) -> int:
    """Give each ``xdist_group`` test the ``@<group>`` suffix xdist meant it to have; how many needed it."""
    fixed = 0
    for item in items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})
        if names and group_of(item.nodeid) != "_".join(names):
            set_nodeid(item, f"{item.nodeid}@{'_'.join(names)}")
            if group_of(item.nodeid) != "_".join(names):  # a pytest whose node id neither setter reaches
                raise pytest.UsageError(f"cannot put {item.nodeid} in its xdist group {names}: run without -n")
            fixed += 1
    return fixed
