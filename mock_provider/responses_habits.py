"""The Responses servers' habits: what a scenario plays on the Responses wire that only some servers send.

``mock_provider.servers`` asks these when it decides whether a scenario is NOT-EXPRESSIBLE for a declared server.

    >>> from mock_provider.scenario import load_corpus
    >>> next(responses_quirks(next(s for s in load_corpus() if s.id == "text.basic.001")), None) is None
    True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from mock_provider.parts import Custom, Finish, ToolCall, ToolInputStart, ToolResult

if TYPE_CHECKING:  # the scenario module imports the servers module, which imports this one
    from mock_provider.scenario import Scenario


def plays_legacy_reasoning(scenario: Scenario) -> bool:
    """Whether the scenario sends raw reasoning as the older Responses API did (``channel: reasoning_legacy``).

    >>> from mock_provider.scenario import load_corpus
    >>> [s.id for s in load_corpus() if plays_legacy_reasoning(s)]
    ['quirks.responses-legacy-reasoning.001']
    """
    return any(st.wire is not None and st.wire.channel == "reasoning_legacy"
               for script in scenario.turn_scripts() for st in script)


def responses_quirks(scenario: Scenario) -> Iterator[tuple[str, str]]:
    """Each Responses server habit a scenario plays: (the habit, whose it is), in words."""
    if scenario.wire.queued:
        # openai 3.57.0 response_queued_event.py: a background response waits in OpenAI's queue. xAI's
        # Responses API has no background mode (@ai-sdk/xai 5.0.12 dist/index.js:816, its chunk schema,
        # has no response.queued event).
        yield ("a queued response (`response.queued`, background mode)", "OpenAI's")
    for script in scenario.turn_scripts():
        for step in script:
            if isinstance(step.part, Custom) and step.part.kind == "openai.compaction":
                # OpenAI's context compaction item; @ai-sdk/xai 5.0.12's item schema has no `compaction` item.
                yield ("a compaction item (`compaction`, `response.compaction.compacting`)", "OpenAI's")
    if plays_legacy_reasoning(scenario):
        # The events OpenAI's Responses API sent before reasoning_text (openai 1.97.0); xAI's API came later
        # (@ai-sdk/xai 5.0.12 dist/index.js:875-915 models only reasoning_summary_* and reasoning_text.*).
        yield ("raw reasoning as `response.reasoning.delta` (the older Responses API)", "OpenAI's")


# The Responses output items xAI's server sends, as @ai-sdk/xai 5.0.12 reads them (outputItemSchema,
# dist/index.js:713-789, a discriminated union: any other item, and any event outside its chunk union, :816-1130, is a
# TypeValidationError part). OpenAI's client-run built-in tools (shell, apply_patch, computer, local_shell), its hosted
# shell, tool search and programmatic tool calls are items xAI's API does not have.
_XAI_ITEMS = frozenset({"web_search_call", "x_search_call", "code_interpreter_call", "code_execution_call",
                        "view_image_call", "view_x_video_call", "file_search_call", "image_generation_call",
                        "custom_tool_call", "mcp_call", "message", "function_call", "reasoning"})


def _xai_item_habit(part: ToolCall | ToolInputStart) -> str | None:
    """The Responses item a call is (mock_provider.wires.openai_responses_tools.builtin_kind) that xAI's server does
    not send, in words (None: a function call or an item xAI has)."""
    from mock_provider.wires.openai_responses_tools import builtin_kind  # the wires import this module (Server)

    kind = builtin_kind(part.tool_name, bool(part.provider_executed))
    if kind == "mcp_call":
        # The wire opens each MCP server's first call with its `mcp_list_tools` item and
        # `response.mcp_list_tools.*` events, none of which is in the chunk union.
        return "an MCP call opened by its server's `mcp_list_tools` item"
    if kind and kind not in _XAI_ITEMS:
        return f"a `{kind}` output item, the {part.tool_name} built-in tool"
    return None


def _xai_responses_what(scenario: Scenario) -> str | None:
    """What ``scenario`` streams on Responses that :func:`xai_responses_habit` names, in words (None: nothing)."""
    if "audio" in scenario.wire.responses_fields:
        return "a spoken answer in `response.audio.*`"
    if "mcp_list_failed" in scenario.wire.responses_fields:
        return "a failed MCP tool listing in `response.mcp_list_tools.failed`"
    for script in scenario.turn_scripts():
        for step in script:
            part = step.part
            if step.wire is not None and step.wire.channel == "refusal":
                return "a refusal in `response.refusal.delta`"
            if isinstance(part, (ToolCall, ToolInputStart)) and (item := _xai_item_habit(part)) is not None:
                return item
            if isinstance(part, ToolResult) and part.preliminary and part.tool_name == "image_generation":
                return "a partial image in `response.image_generation_call.partial_image`"
    return None


def xai_responses_habit(scenario: Scenario) -> tuple[str, str] | None:
    """What ``scenario`` streams on Responses that @ai-sdk/xai 5.0.12's chunk schema has no member for, with whose
    habit it is (None: nothing): OpenAI's refusal and audio events, its partial images and MCP tool listings, the
    items :data:`_XAI_ITEMS` lacks."""
    what = _xai_responses_what(scenario)
    if what is None:
        return None
    return (f"{what} (no member of @ai-sdk/xai 5.0.12's chunk schema, dist/index.js:713-789, :816-1130)", "OpenAI's")


# Hugging Face's Responses server, huggingface/responses.js (src/routes/responses.ts at c0ac6ee), ends every response
# with `response.completed` (status 'completed', :164-171) or, on an error, `response.failed` (:140-162); its response
# object's type leaves `incomplete_details` out (:35) and it never reads the upstream `finish_reason`. So a length or
# content-filter stop reaches its client as a plain completion, and a scenario whose finish is one of them says
# something that server cannot (@ai-sdk/huggingface 2.0.48 dist/index.js:657 reads incomplete_details?.reason only).
_INCOMPLETE = {"length": "max_output_tokens", "content-filter": "content_filter"}
# The Responses servers that never end a response `response.incomplete`: Hugging Face's. A server without a flavour
# ("other") still gets it: it is no one server's habit (OpenAI's, and xAI's, whose client reads it), and the client
# of Azure OpenAI, the one such Responses server the kit runs (@ai-sdk/azure), is @ai-sdk/openai's own Responses model.
NO_INCOMPLETE = frozenset({"huggingface"})


def incomplete_habit(scenario: Scenario) -> tuple[str, str] | None:
    """A finish the Responses wire ends with ``response.incomplete`` (OpenAI's terminal, which @ai-sdk/xai 5.0.12
    reads too, dist/index.js:1094, :2205-2215), in words (None: none)."""
    for script in scenario.turn_scripts():
        for step in script:
            if isinstance(step.part, Finish) and step.part.finish_reason.unified in _INCOMPLETE:
                reason = _INCOMPLETE[step.part.finish_reason.unified]
                return (f"a response ended by `response.incomplete` (incomplete_details.reason {reason!r}; Hugging "
                        "Face's server ends every response `response.completed` or `response.failed`, "
                        "huggingface/responses.js src/routes/responses.ts:140-171)", "OpenAI's and xAI's")
    return None
