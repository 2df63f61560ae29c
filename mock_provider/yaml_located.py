"""YAML read with locations: every way a file can be bad raises an error naming file, line and field.

One reader for every path a YAML document takes (scenario files, POSTed scenarios, the gate's
deviations): :func:`compose_located` parses and vets the text, :func:`node_line` maps a field
path back to its line.

Example:
    >>> data, node = compose_located("a: 1", "x.yaml", LocatedError)
    >>> data, node_line(node, ["a"])
    ({'a': 1}, 1)
"""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import yaml


class LocatedError(Exception):
    """A YAML file that does not load: names the file, the line and the field (``file:line: field: why``)."""

    def __init__(self, path: str, line: int | None, field: str, message: str) -> None:
        self.path, self.line, self.field, self.message = path, line, field, message
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {field}: {message}" if field else f"{where}: {message}")


MAX_YAML_DEPTH = 64  # far deeper than any scenario; bounds the composer's and pydantic's recursion


def _yaml_loader() -> type[yaml.SafeLoader]:
    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return loader


def _scan_events(text: str, path: str, error: type[LocatedError]) -> None:
    """Refuse aliases (a small document could expand exponentially) and nesting past the bound."""
    depth = 0
    for event in yaml.parse(text, Loader=_yaml_loader()):
        line = event.start_mark.line + 1 if event.start_mark else None
        if isinstance(event, yaml.AliasEvent):
            raise error(path, line, "", "YAML aliases are not supported in scenarios")
        if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            depth += 1
            if depth > MAX_YAML_DEPTH:
                raise error(path, line, "", f"nested more than {MAX_YAML_DEPTH} levels deep")
        elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            depth -= 1


_INT_TAG = "tag:yaml.org,2002:int"


def _int_digits_limit() -> int:
    """Python's int-from-string bound (0 means none): a 5,000-digit integer raises past 4,300."""
    limit = sys.get_int_max_str_digits()
    return limit if limit > 0 else sys.maxsize


def _check_nodes(node: yaml.Node, path: str, error: type[LocatedError]) -> None:
    """Refuse duplicate mapping keys (YAML would silently keep the last) and strings UTF-8 cannot
    encode (a lone surrogate from a ``"\\ud800"`` escape would break the server's writer)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, yaml.MappingNode):
            seen: set[str] = set()
            for k, v in n.value:
                if isinstance(k, yaml.ScalarNode):
                    if k.value in seen:
                        raise error(path, k.start_mark.line + 1, str(k.value), "duplicate key")
                    seen.add(k.value)
                stack.extend((k, v))
        elif isinstance(n, yaml.SequenceNode):
            stack.extend(n.value)
        elif isinstance(n, yaml.ScalarNode) and isinstance(n.value, str):
            digits = sum(c.isdigit() for c in n.value) if n.tag == _INT_TAG else 0
            if digits > _int_digits_limit():  # found here, the error has its line (int() would not say)
                raise error(path, n.start_mark.line + 1, "", f"an integer Python cannot read ({digits} digits; "
                            f"the limit is {_int_digits_limit()})")
            try:
                n.value.encode("utf-8")
            except UnicodeEncodeError:
                raise error(path, n.start_mark.line + 1, "", "a string that UTF-8 cannot encode "
                            "(a lone surrogate)") from None


_GC_LOCK = threading.Lock()
_GC_HOLDS = 0  # readers running with the collector paused (the last one to finish resumes it)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a document is read (and validated: callers nest it).

    A large document allocates millions of long-lived nodes and values, none of them garbage;
    each full collection walks them all again, which made reading quadratic (a valid 50 MB file
    gave no verdict in 110 s). Reference counting still frees what the reader drops.

    >>> with collector_paused():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    global _GC_HOLDS, _GC_RESUME
    with _GC_LOCK:
        if _GC_HOLDS == 0:
            _GC_RESUME = gc.isenabled()  # left off by the program: left off
            gc.disable()
        _GC_HOLDS += 1
    try:
        yield
    finally:
        with _GC_LOCK:
            _GC_HOLDS -= 1
            if _GC_HOLDS == 0 and _GC_RESUME:
                gc.enable()


_GC_RESUME = True


def compose_located(text: str, path: str, error: type[LocatedError]) -> tuple[Any, yaml.Node | None]:
    """YAML text as (data, node tree for line numbers); every way it can be bad raises ``error``
    with its line: unparsable, aliases, nesting past :data:`MAX_YAML_DEPTH`, duplicate keys,
    strings UTF-8 cannot encode, values Python refuses (an integer of 5,000 digits).

    >>> compose_located("a: b: c", "x.yaml", LocatedError)
    Traceback (most recent call last):
    ...
    mock_provider.yaml_located.LocatedError: x.yaml:1: not valid YAML: ...
    >>> compose_located("a: 1\\nb: 2\\na: 3\\n", "x.yaml", LocatedError)
    Traceback (most recent call last):
    ...
    mock_provider.yaml_located.LocatedError: x.yaml:3: a: duplicate key
    """
    try:
        with collector_paused():
            _scan_events(text, path, error)
            # One parse gives the node tree (for lines, vetted first) and the data built from it.
            loader = _yaml_loader()(text)
            try:
                node = loader.get_single_node()
                if node is None:
                    return None, None
                _check_nodes(node, path, error)
                return loader.construct_document(node), node
            finally:
                loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise error(path, mark.line + 1 if mark else None, "", f"not valid YAML: {exc}") from exc
    except ValueError as exc:  # e.g. int() past sys.get_int_max_str_digits()
        raise error(path, None, "", f"a value Python cannot read: {exc}") from exc


def node_line(node: yaml.Node, loc: Sequence[str | int]) -> int:
    """Best line for a pydantic error location: walk the YAML node tree as far as it goes."""
    line = node.start_mark.line + 1
    for key in loc:
        if isinstance(node, yaml.MappingNode):
            nxt = None
            for k, v in node.value:
                if k.value == key:
                    nxt = v
                    line = k.start_mark.line + 1
                    break
            if nxt is None:
                return line
            node = nxt
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            node = node.value[key]
            line = node.start_mark.line + 1
        else:
            return line
    return line
