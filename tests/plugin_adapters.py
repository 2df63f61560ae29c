"""Adapters that pytester runs through the plugin (tests/test_generated.py, tests/test_footer.py), as the
text of a module the test writes into its temporary directory.

Example:
    >>> "def drops_first_delta(ctx)" in ADAPTERS and "def no_tools(ctx)" in ADAPTERS
    True
"""

ADAPTERS = '''
from conformance.reference import agui


def drops_first_delta(ctx):
    """Loses the first text delta: the corpus's text cases and generated-text FAIL."""
    adapter = agui(ctx)
    inner = adapter.stream

    async def stream(request):
        seen = False
        async for e in inner(request):
            if e["type"] == "TEXT_MESSAGE_CONTENT" and not seen:
                seen = True
                continue
            yield e

    adapter.stream = stream
    return adapter


def no_tools(ctx):
    """Declares no tools: the tool cases and generated-tools are UNSUPPORTED (skipped)."""
    adapter = agui(ctx)
    adapter.capabilities = adapter.capabilities.model_copy(update={"features": {"reasoning"}})
    return adapter
'''
