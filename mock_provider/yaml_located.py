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


@contextmanager
def _located_yaml_errors(path: str, error: type[LocatedError]) -> Iterator[None]:
    """PyYAML's and Python's refusals as ``error`` with the line where PyYAML found the problem."""
    try:
        yield
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise error(path, mark.line + 1 if mark else None, "", f"not valid YAML: {exc}") from exc
    except ValueError as exc:  # e.g. int() past sys.get_int_max_str_digits()
        raise error(path, None, "", f"a value Python cannot read: {exc}") from exc


def compose_located(text: str, path: str, error: type[LocatedError]) -> tuple[Any, yaml.Node | None]:
    """YAML text as (data, node tree for line numbers); every way it can be bad raises ``error``
    with its line: unparsable, aliases, nesting past :data:`MAX_YAML_DEPTH`, duplicate keys,
    strings UTF-8 cannot encode, values Python refuses (an integer of 5,000 digits).

    The node tree costs about 25 bytes of memory per byte of text; :func:`read_located` builds
    the data alone and composes the tree only when a line is asked for.

    >>> compose_located("a: b: c", "x.yaml", LocatedError)
    Traceback (most recent call last):
    ...
    mock_provider.yaml_located.LocatedError: x.yaml:1: not valid YAML: ...
    >>> compose_located("a: 1\\nb: 2\\na: 3\\n", "x.yaml", LocatedError)
    Traceback (most recent call last):
    ...
    mock_provider.yaml_located.LocatedError: x.yaml:3: a: duplicate key
    """
    with _located_yaml_errors(path, error), collector_paused():
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


class Lines:
    """Where the fields of a document read by :func:`read_located` are.

    The node tree is composed on the first question (an error to locate), not while reading.

    >>> Lines("a:\\n  b: 1\\n").line(["a", "b"])
    2
    """

    def __init__(self, text: str, node: yaml.Node | None = None) -> None:
        self._text, self._node = text, node

    def line(self, loc: Sequence[str | int]) -> int:
        """The best line for a field path (the deepest part of it the document has)."""
        if self._node is None:
            with collector_paused():
                self._node = yaml.compose(self._text, Loader=_yaml_loader())
        return node_line(self._node, loc) if self._node is not None else 1


def read_located(text: str, path: str, error: type[LocatedError]) -> tuple[Any, Lines | None]:
    """YAML text as (data, :class:`Lines`), vetted as :func:`compose_located` vets it, in a fraction
    of its memory: the data is assembled from the parser's events, with no node tree kept.

    >>> data, lines = read_located("a:\\n  - 1\\n  - {b: x}\\n", "x.yaml", LocatedError)
    >>> data, lines.line(["a", 1, "b"])
    ({'a': [1, {'b': 'x'}]}, 3)
    >>> read_located("a: &x 1\\nb: *x\\n", "x.yaml", LocatedError)
    Traceback (most recent call last):
    ...
    mock_provider.yaml_located.LocatedError: x.yaml:2: YAML aliases are not supported in scenarios
    """
    with _located_yaml_errors(path, error), collector_paused():
        try:
            data = _Assembler(text, path, error).run()
        except _Unusual:  # what the assembler leaves to PyYAML's composer and constructor
            data, node = compose_located(text, path, error)
            return data, Lines(text, node) if node is not None else None
    return data, Lines(text)


class _Unusual(Exception):
    """A document :class:`_Assembler` does not build itself: merge keys, tagged collections, a
    collection as a mapping key, several documents."""


_PLAIN_COLLECTION_TAGS = {None, "!", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}
_MERGE_TAG = "tag:yaml.org,2002:merge"


class _Open:
    """A mapping or sequence being assembled; a mapping keeps its pending key and the keys seen."""

    def __init__(self, mapping: bool) -> None:
        self.value: Any = {} if mapping else []
        self.key: Any = _NO_KEY
        self.seen: set[str] = set()


_NO_KEY = object()


class _Assembler:
    """A document's data from the parser's events, vetted as :func:`compose_located` vets it.

    Raises :class:`_Unusual` for what it leaves to the composer. Aliases and nesting raise at
    once; what the composer's reader finds in the node tree (duplicate keys, integers Python
    cannot read, lone surrogates) raises at the end, so a document with both gets the same error.
    """

    def __init__(self, text: str, path: str, error: type[LocatedError]) -> None:
        self.loader: Any = _yaml_loader()(text)
        self.path, self.error = path, error
        self.problem: LocatedError | None = None

    def run(self) -> Any:
        try:
            root = self._walk()
        finally:
            self.loader.dispose()
        if self.problem is not None:
            raise self.problem
        return root

    def _walk(self) -> Any:
        stack: list[_Open] = []
        root: Any = None
        documents = 0
        while not isinstance(event := self.loader.get_event(), yaml.StreamEndEvent):
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise _Unusual  # the composer's own error says it
                continue
            if isinstance(event, yaml.StreamStartEvent | yaml.DocumentEndEvent):
                continue
            line = event.start_mark.line + 1
            if isinstance(event, yaml.AliasEvent):
                raise self.error(self.path, line, "", "YAML aliases are not supported in scenarios")
            if isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
                if event.tag not in _PLAIN_COLLECTION_TAGS:
                    raise _Unusual
                if len(stack) >= MAX_YAML_DEPTH:
                    raise self.error(self.path, line, "", f"nested more than {MAX_YAML_DEPTH} levels deep")
                stack.append(_Open(isinstance(event, yaml.MappingStartEvent)))
                continue
            scalar = isinstance(event, yaml.ScalarEvent)
            value = self._scalar(event, line) if scalar else stack.pop().value
            if stack:
                self._add(stack[-1], value, event.value if scalar else None, line)
            else:
                root = value
        return root

    def _defer(self, line: int, field: str, message: str) -> None:
        if self.problem is None:
            self.problem = self.error(self.path, line, field, message)

    def _add(self, into: _Open, value: Any, raw: str | None, line: int) -> None:
        if isinstance(into.value, list):
            into.value.append(value)
        elif into.key is not _NO_KEY:
            into.value[into.key] = value
            into.key = _NO_KEY
        elif raw is None:
            raise _Unusual  # a collection as a key
        else:
            if raw in into.seen:  # the composer compares keys as written: `1` and `'1'` collide
                self._defer(line, raw, "duplicate key")
            into.seen.add(raw)
            into.key = value

    def _scalar(self, event: Any, line: int) -> Any:
        """One scalar event as PyYAML's composer and constructor would make it."""
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        if tag == _MERGE_TAG:
            raise _Unusual  # the constructor merges while it builds the mapping
        digits = sum(c.isdigit() for c in event.value) if tag == _INT_TAG else 0
        if digits > _int_digits_limit():
            self._defer(line, "", f"an integer Python cannot read ({digits} digits; "
                        f"the limit is {_int_digits_limit()})")
            return None
        try:
            event.value.encode("utf-8")
        except UnicodeEncodeError:
            self._defer(line, "", "a string that UTF-8 cannot encode (a lone surrogate)")
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        value = self.loader.construct_object(node, deep=True)
        self.loader.constructed_objects.pop(node, None)  # the constructor's memo would keep every node
        return value


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
