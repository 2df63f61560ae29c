"""The Chat Completions wire's usage object, as each server reports it: OpenAI's (with its details objects when
``chat_fields`` asks), DeepSeek's own cache counts (``usage_counts: deepseek``) and xAI's (``chat_fields: xai_usage``),
and which counts a client cannot tell 0 from absent in (:func:`zero_usage`). Which server sends which is
:mod:`mock_provider.servers`'s to say.

Example:
    >>> from mock_provider.parts import parse_part
    >>> openai_usage(parse_part({"type": "finish", "finishReason": {"unified": "stop"},
    ...     "usage": {"inputTokens": {"total": 2}, "outputTokens": {"total": 1}}}).usage)["total_tokens"]
    3
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mock_provider.parts import Usage
    from mock_provider.scenario import Scenario


def openai_usage(usage: Usage | None, *, details: bool = False, counts: str = "openai") -> dict[str, Any] | None:
    """Canonical nested usage as a Chat Completions usage object (None: nothing to report).

    A missing side counts 0 (the object has no optional counts); ``total_tokens`` is always
    the sum, as OpenAI computes it.

    >>> from mock_provider.parts import parse_part
    >>> openai_usage(parse_part({"type": "finish", "finishReason": {"unified": "stop"},
    ...     "usage": {"inputTokens": {"total": 9, "cacheRead": 2}, "outputTokens": {"total": 3}}}).usage)
    {'prompt_tokens': 9, 'completion_tokens': 3, 'total_tokens': 12, 'prompt_tokens_details': {'cached_tokens': 2}}

    ``details``: every count of both details objects, 0 where the usage has none (as OpenAI sends them).

    ``counts`` (``WireOptions.usage_counts``): ``deepseek``, DeepSeek's: ``prompt_cache_hit_tokens`` and
    ``prompt_cache_miss_tokens`` and ``prompt_tokens_details.cached_tokens`` on every usage, 0 hit when nothing was
    cached; ``cached``, Cerebras's: ``prompt_tokens_details.cached_tokens`` on every usage. Either: the reasoning count
    only where the usage has one.

    >>> openai_usage(parse_part({"type": "finish", "finishReason": {"unified": "stop"},
    ...     "usage": {"inputTokens": {"total": 9}, "outputTokens": {"total": 3}}}).usage, counts="deepseek")
    ... # doctest: +NORMALIZE_WHITESPACE
    {'prompt_tokens': 9, 'completion_tokens': 3, 'total_tokens': 12, 'prompt_tokens_details': {'cached_tokens': 0},
     'prompt_cache_hit_tokens': 0, 'prompt_cache_miss_tokens': 9}
    """
    if usage is None:
        return None
    inp, out = usage.input_tokens, usage.output_tokens
    prompt, completion = inp.wire_total(), out.wire_total()
    if prompt is None and completion is None:
        return None
    result: dict[str, Any] = {
        "prompt_tokens": prompt or 0,
        "completion_tokens": completion or 0,
        "total_tokens": (prompt or 0) + (completion or 0),
    }
    if details:
        result["prompt_tokens_details"] = {"cached_tokens": inp.cache_read or 0, "cache_write_tokens":
                                           inp.cache_write or 0, "audio_tokens": 0}
        result["completion_tokens_details"] = {"reasoning_tokens": out.reasoning or 0, "audio_tokens": 0,
                                               "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0}
    else:
        if inp.cache_read is not None or counts != "openai":
            result["prompt_tokens_details"] = {"cached_tokens": inp.cache_read or 0}
        if out.reasoning is not None:
            result["completion_tokens_details"] = {"reasoning_tokens": out.reasoning}
    if counts == "deepseek":
        # DeepSeek's own fields, on every usage (prompt_tokens = hit + miss).
        result["prompt_cache_hit_tokens"] = inp.cache_read or 0
        result["prompt_cache_miss_tokens"] = result["prompt_tokens"] - (inp.cache_read or 0)
    return result


def xai_usage(usage: Usage | None) -> dict[str, Any] | None:
    """Canonical nested usage as xAI's Chat Completions server reports it (chat_fields ``xai_usage``; None: nothing).

    ``completion_tokens`` leaves the reasoning tokens out and ``total_tokens`` counts them; both details objects are
    always there, 0 where the usage has none, with ``num_sources_used`` beside them. A recorded api.x.ai stream
    (charmbracelet/fantasy providertests/testdata/TestOpenAICompatibleCommon/xai-grok-code-fast/
    simple_streaming.yaml) ends with ``{"prompt_tokens":213,"completion_tokens":10,"total_tokens":386,
    "prompt_tokens_details":{"text_tokens":213,"audio_tokens":0,"image_tokens":0,"cached_tokens":192},
    "completion_tokens_details":{"reasoning_tokens":163,"audio_tokens":0,"accepted_prediction_tokens":0,
    "rejected_prediction_tokens":0},"num_sources_used":0}``: 213 + 10 + 163 = 386 (xai-grok-4-fast/
    tool_streaming.yaml: 538 + 41 + 36 = 615; thinking-streaming-xai-grok-3-mini.yaml: 332 + 13 + 120 = 465).
    @ai-sdk/xai 3.0.99's chat model adds the reasoning back (dist/index.mjs:141-160, outputTokens.total =
    completion_tokens + reasoning_tokens). The script's output total is the client's: the wire sends it less the
    reasoning.

    >>> from mock_provider.parts import parse_part
    >>> u = xai_usage(parse_part({"type": "finish", "finishReason": {"unified": "stop"},
    ...     "usage": {"inputTokens": {"total": 213, "cacheRead": 192}, "outputTokens": {"total": 173, "reasoning": 163}}
    ...     }).usage)
    >>> u["prompt_tokens"], u["completion_tokens"], u["total_tokens"], u["completion_tokens_details"][
    ...     "reasoning_tokens"]
    (213, 10, 386, 163)
    >>> xai_usage(parse_part({"type": "finish", "finishReason": {"unified": "stop"},
    ...     "usage": {"inputTokens": {"total": 9}, "outputTokens": {"total": 3}}}).usage)["prompt_tokens_details"]
    {'text_tokens': 9, 'audio_tokens': 0, 'image_tokens': 0, 'cached_tokens': 0}
    """
    if usage is None:
        return None
    inp, out = usage.input_tokens, usage.output_tokens
    prompt, output = inp.wire_total(), out.wire_total()
    if prompt is None and output is None:
        return None
    reasoning = out.reasoning or 0
    return {
        "prompt_tokens": prompt or 0,
        "completion_tokens": max((output or 0) - reasoning, 0),
        "total_tokens": (prompt or 0) + max(output or 0, reasoning),
        "prompt_tokens_details": {"text_tokens": prompt or 0, "audio_tokens": 0, "image_tokens": 0,
                                  "cached_tokens": inp.cache_read or 0},
        "completion_tokens_details": {"reasoning_tokens": reasoning, "audio_tokens": 0,
                                      "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0},
        "num_sources_used": 0,
    }


def zero_usage(scenario: Scenario) -> frozenset[str]:
    """The usage counts this wire sends as 0 where the script has none, for a scenario as its server serves it
    (:func:`mock_provider.servers.served_as`): every detail count when it plays ``chat_fields: [usage_details]`` (a
    client cannot tell that 0 from absent, so neither can the grader), the cached and reasoning counts of xAI's usage
    (``xai_usage``, which the ``xai`` flavour plays), the cached count when it plays DeepSeek's counts
    (``usage_counts: deepseek``: its hit count is on every usage) or Cerebras's (``cached``), none otherwise.

    >>> from mock_provider.corpus import load_scenarios
    >>> chat_extras = next(s for s in load_scenarios() if s.id == "quirks.chat-extras.001")
    >>> sorted(zero_usage(chat_extras))
    ['cache_write_input_tokens', 'cached_input_tokens', 'reasoning_tokens']
    >>> basic = next(s for s in load_scenarios() if s.id == "text.basic.001")
    >>> xai = basic.wire.model_copy(update={"chat_fields": ["system_fingerprint", "xai_usage"]})
    >>> sorted(zero_usage(basic.model_copy(update={"wire": xai}))), sorted(zero_usage(basic))
    (['cached_input_tokens', 'reasoning_tokens'], [])
    >>> deepseek = basic.wire.model_copy(update={"usage_counts": "deepseek"})
    >>> sorted(zero_usage(basic.model_copy(update={"wire": deepseek})))
    ['cached_input_tokens']
    """
    fields = set(scenario.wire.chat_fields)
    zero: set[str] = set()
    if "usage_details" in fields:
        zero |= {"cached_input_tokens", "cache_write_input_tokens", "reasoning_tokens"}
    if "xai_usage" in fields:
        zero |= {"cached_input_tokens", "reasoning_tokens"}
    if scenario.wire.usage_counts != "openai":
        zero.add("cached_input_tokens")
    return frozenset(zero)
