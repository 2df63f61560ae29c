"""How much memory a parsed object holds: what the scenario store's bound counts.

A posted document's length says little about the scenario it parses into: 0.9 MB of small script
steps became ~18 MB of models, dicts and strings (37 posts took the server 674 MB above its bound).
:func:`footprint` walks the parsed object once and adds up ``sys.getsizeof`` of everything it holds.

Example:
    >>> footprint({"a": [1, 2]}) > footprint({})
    True
"""

from __future__ import annotations

import sys
from typing import Any

from pydantic import BaseModel

__all__ = ["footprint"]

_LEAVES = (str, bytes, int, float, bool, type(None))


def footprint(value: Any) -> int:
    """Bytes held by ``value`` and everything it reaches through containers and pydantic models
    (each object counted once; classes and functions not counted).

    >>> footprint("x" * 1000) >= 1000
    True
    """
    seen: set[int] = set()
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, _LEAVES):
            continue
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif isinstance(item, BaseModel):
            stack.extend(getattr(item, name, None) for name in
                         ("__dict__", "__pydantic_extra__", "__pydantic_fields_set__", "__pydantic_private__"))
    return total
