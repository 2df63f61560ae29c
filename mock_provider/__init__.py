"""mock_provider: a scripted model provider for testing LLM stream adapters.

The names below are imported on first use (PEP 562): the ``mock_provider`` pytest fixture lives
in every pytest run of an environment that has the kit, and importing this package must not
cost such a run the scenario models, the dialects and pydantic.

Example:
    >>> from mock_provider import load_corpus, ScriptedLanguageModel
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> ScriptedLanguageModel(s, "v3").model_id
    'scenario:text.basic.001'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mock_provider.abort import AbortError, AbortSignal
    from mock_provider.dialects import DialectError, decode_items, encode_parts
    from mock_provider.model import APICallError, ScriptedLanguageModel, StreamDisconnected
    from mock_provider.parts import Part, dump_part, parse_part
    from mock_provider.request_log import RequestLog, RequestRecord
    from mock_provider.scenario import Scenario, ScenarioError, load_corpus, load_scenario
    from mock_provider.transcript import Transcript

# name -> the module that defines it
_HOMES = {
    "AbortError": "abort", "AbortSignal": "abort",
    "DialectError": "dialects", "decode_items": "dialects", "encode_parts": "dialects",
    "APICallError": "model", "ScriptedLanguageModel": "model", "StreamDisconnected": "model",
    "Part": "parts", "dump_part": "parts", "parse_part": "parts",
    "RequestLog": "request_log", "RequestRecord": "request_log",
    "Scenario": "scenario", "ScenarioError": "scenario", "load_corpus": "scenario", "load_scenario": "scenario",
    "Transcript": "transcript",
}

__all__ = [
    "APICallError",
    "AbortError",
    "AbortSignal",
    "DialectError",
    "Part",
    "RequestLog",
    "RequestRecord",
    "Scenario",
    "ScenarioError",
    "ScriptedLanguageModel",
    "StreamDisconnected",
    "Transcript",
    "decode_items",
    "dump_part",
    "encode_parts",
    "load_corpus",
    "load_scenario",
    "parse_part",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'mock_provider' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"mock_provider.{home}"), name)
    globals()[name] = value  # once imported, a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
