"""Reproducer of an ag-ui-adk defect behind the pinned execution-slot exhaustion (docs/findings-adk.md): a client
tool whose JSON Schema types a parameter as a list (`{"type": ["string", "null"]}`, JSON Schema's nullable) fails
the whole run before the model is asked.

ag-ui-adk 0.11.0 ag_ui_adk/client_proxy_tool.py:250 (_get_declaration) validates the tool's JSON Schema parameters
as google-genai's own `types.Schema`, whose `type` is one enum value: a list raises AttributeError ('list' object has
no attribute 'upper', google/genai/_common.py:702), and the run ends in RUN_ERROR. google-genai takes raw JSON Schema
in FunctionDeclaration.parameters_json_schema. Run with the ADK environment's python:
python docs/repro/adk_nullable_schema.py (exit 1: present).
"""

import sys

import _adk_canned
from _adk_canned import USER, chunk, run

_adk_canned.TOOL = {"name": "log_note", "description": "Log a note",
                    "parameters": {"type": "object", "properties": {"note": {"type": ["string", "null"]}}}}
events, upstream = run(chunk([{"text": "Done."}], "STOP"), USER)
print([e["type"] for e in events], events[-1].get("message", ""))
print(f"model requests: {len(upstream.requests)}")
sys.exit(1 if events[-1]["type"] == "RUN_ERROR" and not upstream.requests else 0)
