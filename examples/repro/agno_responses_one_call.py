"""Reproducer of an agno defect pinned in tests/data/agno-agui-responses.verdicts.json: agno's OpenAIResponses
builds every function call in one slot, whatever item an event names, so two calls whose items overlap in the
stream are merged or handed over wrong, and the client never gets them.

agno 3.1.10 agno/models/openai/responses.py:1494-1521: `response.output_item.added` of a function_call replaces the
one `tool_use` dict, `response.function_call_arguments.delta` appends to it (:1509) and ANY
`response.output_item.done` hands it over and clears it (:1512); `output_index` and `item_id`, which every one of
these events carries (openai 3.57.0 types/responses/response_function_call_arguments_delta_event.py) and which the
SDK's own accumulator keys on (openai/lib/streaming/responses/_responses.py), are never read.
- "replayed": call A (output_index 0) is open while a text item (1) streams and call B (2) opens: the text item's
  done hands A over, A's done hands B over with no arguments, and B's argument delta raises KeyError 'function':
  RUN_ERROR "'function'" (the corpus's tool.replay.001).
- "interleaved": A and B both open, then their argument deltas alternate: one call B with both argument texts
  joined ('{"city":"Paris"}{"city":"Rome"}'), which agno cannot parse, answers itself with an error and asks the
  model again; the client sees no call (the corpus's tool.interleave.001).
Run: python examples/repro/agno_responses_one_call.py (prints each run's calls and end; exit 1 while present).
"""

import sys

from _agno_responses_canned import USER, call_item, run, run_input, stream, text_item

a = call_item(0, "call_a", '{"city":"Paris"}')
b = call_item(2, "call_b", '{"city":"Rome"}')
shapes = {
    # A added + its arguments, a whole text item, B added, A done, B's arguments and done.
    "replayed": [*a[:3], *text_item(1, "Checking both."), b[0], a[3], *b[1:]],
    # both added, then each one's delta, arguments done and item done in turn.
    "interleaved": [x for pair in zip(a, b, strict=True) for x in pair],
}
wrong = []
for name, events_in in shapes.items():
    (events,), _ = run([stream(events_in), stream(text_item(0, "Done."))], run_input([USER]))
    calls = {e["toolCallId"]: "" for e in events if e["type"] == "TOOL_CALL_START"}
    for e in events:
        if e["type"] == "TOOL_CALL_ARGS":
            calls[e["toolCallId"]] += e["delta"]
    ends = [e.get("message", e["type"]) for e in events if e["type"] in ("RUN_ERROR", "RUN_FINISHED")]
    print(f"{name}: calls the client got {sorted(calls.values())}, the run ends {ends}")
    if sorted(calls.values()) != ['{"city":"Paris"}', '{"city":"Rome"}']:
        wrong.append(name)
sys.exit(1 if wrong else 0)
