"""The UI message stream adapter for ``ai`` 7 (``Capabilities.output = "ui-message-stream@7"``), from the docs alone.

docs/contract.md's ``ui-message-stream@7`` table is the ``ai`` 6 one, value for value, so the chunks are
:mod:`tests.contract_adapters.ui_message_stream`'s, but for a V4 ``interrupted`` finish, which ai 7 says
in band (docs/adapters.md, "Where each graded value goes"). Run it with
``pytest --adapter=tests.contract_adapters.ui_message_stream7:factory``.
"""

from __future__ import annotations

from conformance.contract import AdapterContext, Capabilities
from tests.contract_adapters._core import Event, Usage, base_capabilities
from tests.contract_adapters.ui_message_stream import UiMessageStreamAdapter, UiMessageWriter


class UiMessage7Writer(UiMessageWriter):
    """ai 7's chunks: ai 6's, and ``finish{finishReason: 'interrupted'}`` for an upstream that said so."""

    def finished(self, reason: str, usage: Usage | None) -> list[Event]:
        return super().finished("interrupted" if self.run.upstream_reason == "interrupted" else reason, usage)


class UiMessageStream7Adapter(UiMessageStreamAdapter):
    """AI SDK V2/V3/V4 parts in, ``ai`` 7 UI message stream out."""

    capabilities: Capabilities = base_capabilities("contract-ui-message-stream-7", "ui-message-stream@7")
    writer = UiMessage7Writer


def factory(ctx: AdapterContext) -> UiMessageStream7Adapter:
    """The ``--adapter=tests.contract_adapters.ui_message_stream7:factory`` entry point."""
    return UiMessageStream7Adapter(ctx)
