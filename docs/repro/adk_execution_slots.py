"""Reproducer of an ag-ui-adk defect pinned in tests/data/adk-agui.verdicts.json: ten runs that end at a client-side
tool call hold the server's ten execution slots after they finished, and every later run on every thread is
refused with RUN_ERROR "Maximum concurrent executions (10) reached" (for execution_timeout_seconds, 600 s).

ag-ui-adk 0.11.0 ag_ui_adk/adk_agent.py:3339-3348: when a run ends, its execution is marked complete but kept in
`_active_executions` while its thread has pending client tool calls; :3222-3229 counts every entry, complete or
not, against max_concurrent_executions (default 10) and refuses the run; _cleanup_stale_executions (:4663-4673,
execution_state.py:59-68) frees an entry only when it started more than execution_timeout_seconds ago.
An AG-UI client owes no tool result (the user may leave, or the frontend may not run the tool), so ten such
threads deny the whole server. Run with the ADK environment's python:
python docs/repro/adk_execution_slots.py (exit 1: present).
"""

import sys

from _adk_canned import Upstream, chunk, create_app, events_of, run_input
from fastapi.testclient import TestClient

CALL = chunk([{"functionCall": {"id": "call-1", "name": "get_weather", "args": {"city": "Paris"}}}], "STOP")
upstream = Upstream(CALL)
USER = [{"id": "u1", "role": "user", "content": "Weather in Paris?"}]
with TestClient(create_app(upstream.url)) as client:
    ends = []
    for n in range(11):
        events = events_of(client.post("/agui", json=run_input(USER, thread=f"thread-{n}"),
                                       headers={"accept": "text/event-stream"}).text)
        ends.append((events[-1]["type"], events[-1].get("message", "")))
upstream.server.shutdown()
for n, end in enumerate(ends):
    print(f"thread-{n}: {end[0]} {end[1]}")
print(f"model requests: {len(upstream.requests)} for 11 runs")
sys.exit(1 if ends[-1][0] == "RUN_ERROR" and "Maximum concurrent executions" in ends[-1][1]
         and all(e[0] == "RUN_FINISHED" for e in ends[:10]) else 0)
