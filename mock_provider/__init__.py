"""mock_provider: a scripted model provider for testing LLM stream adapters.

Example:
    >>> from mock_provider import load_corpus, ScriptedLanguageModel
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> ScriptedLanguageModel(s, "v3").model_id
    'scenario:text.basic.001'
"""

from mock_provider.abort import AbortError, AbortSignal
from mock_provider.dialects import DialectError, decode_items, encode_parts
from mock_provider.model import APICallError, ScriptedLanguageModel, StreamDisconnected
from mock_provider.parts import Part, dump_part, parse_part
from mock_provider.request_log import RequestLog, RequestRecord
from mock_provider.scenario import Scenario, ScenarioError, load_corpus, load_scenario
from mock_provider.transcript import Transcript

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
