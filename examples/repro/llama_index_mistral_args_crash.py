"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui-mistral.verdicts.json
(D-mistral-args-crash): a tool call whose arguments are no JSON (here cut: '{"city":"Par', as a model stopped mid-call
sends them) ends the run in RUN_ERROR JSONDecodeError, and the call is never handed to the client.

llama-index-llms-mistralai 0.11.0 llama_index/llms/mistralai/base.py:774, MistralAI.get_tool_calls_from_response:
``json.loads(tool_call.tool_kwargs)`` unguarded, called by the AG-UI workflow after the stream
(llama-index-protocols-ag-ui 0.6.0 agent.py:293); llama-index-llms-openai's get_tool_calls_from_response catches the
parse error. The call is sent whole, as Mistral's own models send calls. Run with the llama-index environment's python:
python examples/repro/llama_index_mistral_args_crash.py (exit 1: present).
"""

import sys

from _llama_mistral_canned import call, chunk, end, finish, run

shapes = {"whole, valid": '{"city":"Paris"}', "whole, cut": '{"city":"Par'}
wrong = []
for name, args in shapes.items():
    events = run([chunk({"role": "assistant", "content": ""}), chunk(call(0, args, "abcDEF123")),
                  finish("tool_calls")])
    calls = [e for e in events if e["type"] == "TOOL_CALL_CHUNK"]
    print(f"{name}: {len(calls)} call(s) handed over, the run ends {end(events)!r}")
    if not calls or end(events) != "RUN_FINISHED":
        wrong.append(name)
sys.exit(1 if wrong else 0)
