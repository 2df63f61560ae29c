"""The UI message stream adapter for ``ai`` 7 (``Capabilities.output = "ui-message-stream@7"``), from the docs alone.

docs/contract.md's ``ui-message-stream@7`` table is the ``ai`` 6 one, value for value, so the chunks are
:mod:`tests.contract_adapters.ui_message_stream`'s. Run it with
``pytest --adapter=tests.contract_adapters.ui_message_stream7:factory``.
"""

from __future__ import annotations

from conformance.contract import AdapterContext, Capabilities
from tests.contract_adapters._core import base_capabilities
from tests.contract_adapters.ui_message_stream import UiMessageStreamAdapter


class UiMessageStream7Adapter(UiMessageStreamAdapter):
    """AI SDK V3 parts in, ``ai`` 7 UI message stream out."""

    capabilities: Capabilities = base_capabilities("contract-ui-message-stream-7", "ui-message-stream@7")


def factory(ctx: AdapterContext) -> UiMessageStream7Adapter:
    """The ``--adapter=tests.contract_adapters.ui_message_stream7:factory`` entry point."""
    return UiMessageStream7Adapter(ctx)
