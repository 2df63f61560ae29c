"""Reproducer of an agno defect pinned in tests/data/agno-agui-mistral.verdicts.json (D-mistral-fragments): agno's
MistralChat makes every tool_calls entry of every streamed chunk a call of its own, so a call whose arguments
Mistral's server streams in fragments reaches the client with its first, empty, arguments.

Mistral's server sends a call of the models it relays (glm-5-2 on api.mistral.ai) in fragments: the first delta with
the id and name, each continuation ``{index, type: 'function', function: {name: '', arguments}}`` (langchain-ai/
langchainjs PR 11505, anomalyco/opencode issue 49692); its own models send each call whole. agno 3.1.10
agno/models/mistral/mistral.py:408-420 appends each entry as ``{id, type, function: {name, arguments}}``,
Model._populate_stream_data only extends the list (agno/models/base.py:1981-1984) and MistralChat does not override
parse_tool_calls, which returns the list as it is (base.py:2035-2039); agno's OpenAIChat and Groq merge by index.
- "whole": one delta holds the call: the client gets get_weather({"city":"Paris"}).
- "fragments": the same call in three deltas: the client gets the call with '{}' (the nameless continuations are
  calls of their own, 'Function  not found').
Run: python examples/repro/agno_mistral_fragments.py (prints the calls the client got; exit 1 while present).
"""

import json
import sys

from _agno_mistral_canned import agno_mistral_events, call, calls_and_end, chunk, fragment

ARGS = '{"city":"Paris"}'
shapes = {
    "whole": [chunk({"role": "assistant", **call(0, ARGS, "abcDEF123")}), chunk(finish="tool_calls")],
    "fragments": [chunk({"role": "assistant", **call(0, "", "abcDEF123")}), chunk(fragment(0, '{"city":')),
                  chunk(fragment(0, '"Paris"}')), chunk(finish="tool_calls")],
}
wrong = []
for name, chunks in shapes.items():
    calls, _text, end = calls_and_end(agno_mistral_events(chunks))
    print(f"{name}: calls the client got {sorted(calls.values())}, the run ends {end}")
    if [json.loads(args or 'null') for args in calls.values()] != [json.loads(ARGS)]:  # agno re-serializes them
        wrong.append(name)
sys.exit(1 if wrong else 0)
