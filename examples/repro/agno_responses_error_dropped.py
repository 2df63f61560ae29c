"""Reproducer of an agno defect pinned in tests/data/agno-agui-responses.verdicts.json: a Responses API `error` event
(and `response.failed`) is dropped by agno's OpenAIResponses, and the AG-UI run ends RUN_FINISHED instead of
RUN_ERROR.

agno 3.1.10 agno/models/openai/responses.py:1432-1539 (_parse_provider_response_delta reads response.created, text,
reasoning summary, function-call items and response.completed, :1523; it has no branch for the ResponseErrorEvent
or ResponseFailedEvent). The openai SDK (3.57.0 _streaming.py:79-96) raises only for data with an `error` key,
which an `error` event (`{type: 'error', code, message}`) does not have, so nothing raises: the stream ends, the
agent finishes, and the user sees the partial answer as if it were complete.
Run: python examples/repro/agno_responses_error_dropped.py (prints how each run ends; exit 1 while present).
"""

import sys

from _agno_responses_canned import USER, event, run, run_input, stream, text_item

ERROR = {"code": "server_error", "message": "The server had an error while processing your request."}
failures = {
    # text, then the error event; the stream ends without a terminal response event (what the Responses API sends)
    "error event": stream(text_item(0, "Dear")[:3], "") + event("error", param=None, **ERROR),
    # a response.failed terminal carrying the error
    "response.failed": stream(text_item(0, "Dear"), "response.failed", error=ERROR),
}
lost = []
for name, sse in failures.items():
    (events,), _ = run([sse], run_input([USER]))
    kinds = [e["type"] for e in events if e["type"] != "RAW"]
    print(f"{name}: the run ends {kinds[-1]}")
    if "RUN_ERROR" not in kinds:
        lost.append(name)
sys.exit(1 if lost else 0)
