"""Reproducer of an AG2 defect pinned in tests/data/ag2-agui-responses.verdicts.json (D-responses-error): a Responses
stream that fails (an `error` event, then `response.failed`) ends the AG-UI run as a success, RUN_FINISHED with the
text that came before the failure, where the client is owed RUN_ERROR.

ag2 1.2.1 ag2/config/openai/openai_responses_client.py:318-388 (_process_stream reads output_text.delta, the shell
deltas, output_item.done and response.completed only) with openai 3.57.0 openai/_streaming.py:96 (the SDK raises only
for data with an `error` key, which neither event has: they reach ag2 as ResponseErrorEvent / ResponseFailedEvent).
Run with the AG2 environment's python: python examples/repro/ag2_responses_error.py (exit 1: present).
"""

import sys

from _ag2_responses_canned import event, run, terminal, text_item

text = text_item(0, "Tides are caused")[:3]  # the message item opened and one delta, then the failure
failure = event("error", code="server_error", message="The server had an error", param=None)
events = [*text, failure, terminal("response.failed", text, error={"code": "server_error",
                                                                    "message": "The server had an error"})]
out = run(events)
kinds = [e["type"] for e in out]
print("upstream: text 'Tides are caused', error server_error, response.failed -> AG-UI", kinds)
sys.exit(1 if "RUN_FINISHED" in kinds and "RUN_ERROR" not in kinds else 0)
