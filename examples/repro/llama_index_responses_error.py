"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui-responses.verdicts.json: a Responses
API `error` event (and `response.failed`) is dropped, and the run ends RUN_FINISHED instead of RUN_ERROR.

llama-index-llms-openai 0.8.3 llama_index/llms/openai/responses.py:600-679 (process_response_event has no branch
for ResponseErrorEvent or ResponseFailedEvent; the only terminal it reads is ResponseCompletedEvent, :674). The
openai SDK (2.54.0 _streaming.py:87) raises only for data with an `error` key, which these events do not have.
Run with the llama-index environment's python: python examples/repro/llama_index_responses_error.py
(exit 1: present).
"""

import sys

from _llama_responses_canned import event, run, stream, text_item

failures = {
    "error event": stream([text_item(0, "Dear")], "") + event(
        "error", code="server_error", message="The server had an error.", param=None, sequence_number=9),
    "response.failed": stream([text_item(0, "Dear")], "response.failed",
                              error={"code": "server_error", "message": "The server had an error."}),
}
lost = []
for name, sse in failures.items():
    kinds = [e["type"] for e in run(sse)]
    print(f"{name}: the run ends {kinds[-1]}")
    if "RUN_ERROR" not in kinds:
        lost.append(name)
sys.exit(1 if lost else 0)
