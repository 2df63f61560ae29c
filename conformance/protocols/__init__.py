"""Output protocols, one module each: schema, lifecycle state-machine table, transcript extraction.

Every protocol module defines ``PROTOCOL``, an :class:`~conformance.protocols.base.OutputProtocol`
(its name, the :class:`~mock_provider.transcript.UsageRecord` fields it can express,
``schema_errors``, ``lifecycle``, ``extract``, ``exposures``, and ``expresses_*`` declarations of
what it cannot say). :func:`protocol` returns it by name; the modules are imported on first use.
Every lifecycle table runs on the one interpreter in ``conformance.protocols.lifecycle``.

Example:
    >>> protocol("ag-ui").name
    'ag-ui'
    >>> names()
    ['ag-ui', 'tanstack', 'tanstack-legacy', 'ui-message-stream', 'ui-message-stream@7', 'ui-message-stream@5']
    >>> protocol("ui-message-stream@6") is protocol("ui-message-stream")  # ai 6, named explicitly
    True
"""

from __future__ import annotations

import importlib

from conformance.protocols.base import OutputProtocol

# name -> module under conformance.protocols (imported lazily: each loads its schema).
_MODULES = {
    "ag-ui": "agui",
    "tanstack": "tanstack",
    "tanstack-legacy": "tanstack_legacy",
    "ui-message-stream": "ui_message_stream",
    "ui-message-stream@7": "ui_message_stream7",
    "ui-message-stream@5": "ui_message_stream5",
}
# Other names for a protocol above (not listed by names(): the catalog grades each protocol once).
ALIASES = {"ui-message-stream@6": "ui-message-stream"}


def names() -> list[str]:
    """The known output protocol names.

    >>> "ui-message-stream" in names()
    True
    """
    return list(_MODULES)


def protocol(name: str) -> OutputProtocol:
    """The :class:`OutputProtocol` for an output protocol name.

    >>> protocol("ui-message-stream").expresses_model
    False
    >>> protocol("nope")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown output protocol 'nope'; known: ag-ui, tanstack, ..., ui-message-stream@5
    """
    try:
        module = _MODULES[ALIASES.get(name, name)]
    except KeyError:
        raise ValueError(f"unknown output protocol {name!r}; known: {', '.join(_MODULES)}") from None
    found: OutputProtocol = importlib.import_module(f"conformance.protocols.{module}").PROTOCOL
    return found
