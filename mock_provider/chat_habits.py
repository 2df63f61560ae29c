"""What each server flavour does its own way on the Chat Completions wire: where its usage goes and which counts it
carries, the fields every chunk of its has, and the shape of a tool call's continuation deltas. Each is a
:class:`~mock_provider.scenario_steps.WireOptions` value the server sets whatever the scenario asks
(:data:`CHAT_WIRE`, read by :func:`mock_provider.servers.served_as`); the usage rendering itself is
:mod:`mock_provider.wires.openai_chat_usage`'s.

Example:
    >>> from mock_provider.scenario_steps import WireOptions
    >>> chat_wire(WireOptions(), "groq").usage, chat_wire(WireOptions(), "xai").chat_fields
    ('x_groq', ['system_fingerprint', 'xai_usage'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mock_provider.parts import Finish

if TYPE_CHECKING:
    from mock_provider.scenario_steps import Step, WireOptions

# Mistral streams the usage on its finish chunk, with no `stream_options` to ask for it (`usage: finish`), and its
# continuation tool-call deltas name the type and an empty function name (`call_deltas: named`). Its usage has
# prompt, completion and total tokens and a cached prompt count (@ai-sdk/mistral 4.0.87 dist/index.js:23-41 reads
# num_cached_tokens or prompt_tokens_details.cached_tokens, and no reasoning or cache-write count:
# outputTokens.reasoning undefined); its SDK's UsageInfo (@mistralai/mistralai 2.2.0) types prompt, completion and
# total tokens only. The mock sends it none of the two (:func:`mistral_usage`), and its clients are graded without.
_MISTRAL = {"usage": "finish", "call_deltas": "named"}
# Groq streams the usage in the last chunk's `x_groq.usage`, unasked; its clients (pydantic-ai's GroqModel,
# @ai-sdk/groq) read it there and send no `stream_options`.
_GROQ = {"usage": "x_groq"}
# DeepSeek's usage: OpenAI's counts, its own `prompt_cache_hit_tokens` and `prompt_cache_miss_tokens` (prompt_tokens =
# hit + miss) and `prompt_tokens_details.cached_tokens` on every usage, 0 hit when nothing was cached (a logged live
# deepseek-chat usage: {"prompt_tokens": 496, "completion_tokens": 1783, "total_tokens": 2279, "prompt_tokens_details":
# {"cached_tokens": 0}, "prompt_cache_hit_tokens": 0, "prompt_cache_miss_tokens": 496}; its API reference's usage
# object lists both cache counts; BerriAI/litellm issue 5017 quotes a live one with hit 0).
# `completion_tokens_details.reasoning_tokens` only from its reasoning model: a deepseek-chat answer has none, a
# deepseek-reasoner answer logged in opensolon/solon solon-ai/src/test/java/features/ai/DeepSeek.md has
# {"reasoning_tokens": 81} within completion_tokens 92 beside prompt_cache_hit_tokens 0. So the mock sends the
# reasoning count a script has and none where it has none. @ai-sdk/deepseek (2.0.69 and 3.0.56 convertDeepSeekUsage)
# reads the cache count from prompt_cache_hit_tokens only, 0 when absent: a 0 and an absent cache count are one to a
# client of DeepSeek (mock_provider.wires.openai_chat_usage.zero_usage).
_DEEPSEEK = {"usage_counts": "deepseek"}
# xAI's sends `system_fingerprint` on every chunk and its own usage object (`xai_usage`: completion_tokens without the
# reasoning tokens, both details objects always, 0 where nothing was used), as recorded api.x.ai streams show
# (charmbracelet/fantasy providertests/testdata/TestOpenAICompatibleCommon/xai-grok-code-fast/simple_streaming.yaml,
# xai-grok-4-fast/tool_streaming.yaml, thinking-streaming-xai-grok-3-mini.yaml). Its Responses API reports usage as
# OpenAI's does (output_tokens with the reasoning: @ai-sdk/xai 3.0.99 convertXaiResponsesUsage,
# dist/index.mjs:1276-1295, takes output_tokens as the total), so that wire keeps it.
_XAI = {"chat_fields": ("system_fingerprint", "xai_usage")}
# Cerebras's chunk type requires `system_fingerprint` on every chunk and `type` on every tool-call delta
# (cerebras-cloud-sdk 1.91.0 types/chat/chat_completion.py:255-265, :423-443; mock_provider.servers, `cerebras`).
# Its server streams the usage on the finish chunk unasked, with `prompt_tokens_details.cached_tokens` (0 when nothing
# was cached) and `time_info` beside it: recorded api.cerebras.ai streams of requests without `stream_options`
# (llama-stack tests/integration/recordings/responses/eefb4206a4a9.json and 0648374e43e7.json, as of its commit
# 3f36bfaea^: the finish chunk's usage {completion_tokens 11, prompt_tokens 45, total_tokens 56, prompt_tokens_details:
# {cached_tokens: 0}}). @ai-sdk/cerebras never asks for usage (no stream_options), so on OpenAI's placement its
# clients saw none.
_CEREBRAS = {"chat_fields": ("system_fingerprint",), "call_deltas": "typed", "usage": "finish",
             "usage_counts": "cached"}
# The servers whose usage has no reasoning count (the expected transcript follows: servers.served_expected).
NO_REASONING_COUNT = frozenset({"mistral"})
CHAT_WIRE: dict[str, dict[str, Any]] = {"mistral": _MISTRAL, "mistral-own": _MISTRAL, "groq": _GROQ,
                                        "deepseek": _DEEPSEEK, "xai": _XAI, "cerebras": _CEREBRAS}


def chat_wire(wire: WireOptions, server: str | None) -> WireOptions:
    """``wire`` as ``server`` sends it on the Chat Completions wire (:data:`CHAT_WIRE`): its own options set, its own
    chunk fields added to the scenario's.

    >>> from mock_provider.scenario_steps import WireOptions
    >>> chat_wire(WireOptions(chat_fields=["logprobs"]), "cerebras").chat_fields
    ['logprobs', 'system_fingerprint']
    >>> chat_wire(WireOptions(), "mistral-own").usage, chat_wire(WireOptions(), None) == WireOptions()
    ('finish', True)
    """
    own = CHAT_WIRE.get(server, {}) if server is not None else {}
    if not own:
        return wire
    update = {k: v for k, v in own.items() if k != "chat_fields"}
    fields = own.get("chat_fields", ())
    if fields:
        update["chat_fields"] = list(dict.fromkeys([*wire.chat_fields, *fields]))
    return wire.model_copy(update=update)


def without_cache_write(step: Step) -> Step:
    """A finish step whose usage has no cache-write count (its input total kept as the script gave it)."""
    part = step.part
    if not isinstance(part, Finish) or part.usage is None or part.usage.input_tokens.cache_write is None:
        return step
    tokens = part.usage.input_tokens
    usage = part.usage.model_copy(update={"input_tokens": tokens.model_copy(update={"cache_write": None,
                                                                                    "total": tokens.wire_total()})})
    return step.model_copy(update={"part": part.model_copy(update={"usage": usage})})


def mistral_usage(step: Step) -> Step:
    """A finish step as Mistral counts it: no reasoning or cache-write count (:data:`_MISTRAL`)."""
    step = without_cache_write(step)
    part = step.part
    if not isinstance(part, Finish) or part.usage is None or part.usage.output_tokens.reasoning is None:
        return step
    out = part.usage.output_tokens.model_copy(update={"reasoning": None})
    usage = part.usage.model_copy(update={"output_tokens": out})
    return step.model_copy(update={"part": part.model_copy(update={"usage": usage})})
