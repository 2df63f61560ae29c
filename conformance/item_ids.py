"""Giving a collected pytest item another node id, on every pytest the kit supports.

pytest has no public setter. Up to 9.1 the id is the string ``item._nodeid``; from 9.2 it is the
structured ``item._id`` (a ``NodeId`` whose ``parse`` reads the string form) and ``_nodeid`` is read by
nothing. Kept apart from the suite plugin so that code outside a conformance run (the project's own test
configuration) can use it without importing the plugin before pytest can rewrite its assertions.

Example:
    >>> class Item:
    ...     _nodeid = "t.py::test_a"
    ...     nodeid = property(lambda self: self._nodeid)
    >>> item = Item(); set_nodeid(item, "t.py::test_a@group"); item.nodeid
    't.py::test_a@group'
"""

from __future__ import annotations

from typing import Any

__all__ = ["set_nodeid"]


def set_nodeid(item: Any, nodeid: str) -> None:
    """Give ``item`` (a ``pytest.Item``) the node id ``nodeid``."""
    structured = getattr(item, "_id", None)
    parse = getattr(type(structured), "parse", None)
    if structured is not None and callable(parse):
        setattr(item, "_id", parse(nodeid))  # noqa: B010
    else:
        setattr(item, "_nodeid", nodeid)  # noqa: B010
