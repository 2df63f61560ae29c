"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui.verdicts.json: the MESSAGES_SNAPSHOT
that ends a run restates the reply under a new id with its trailing whitespace stripped, and @ag-ui/client
replaces the streamed reply with that copy.

llama-index-protocols-ag-ui 0.6.0 llama_index/protocols/ag_ui/utils.py:315 (an assistant message's content
is ``.strip()``ped when it becomes an AG-UI message; :279 gives it a fresh uuid when it has none), sent by
agent.py:204. @ag-ui/client 1.0.0 src/apply/default.ts:818-827 keeps only the messages the snapshot names
and appends the snapshot's others, so the streamed message (its id is not in the snapshot) is dropped and
the stripped copy is what the client holds and sends back as history.
Run with the llama-index environment's python: python docs/repro/llama_index_snapshot_strip.py (exit 1: present).
"""

import sys

from _llama_canned import USER, chunk, run

REPLY = "if x:\n    pass \t\n\n"
SSE = "".join([chunk({"role": "assistant", "content": "if x:\n    "}), chunk({"content": "pass \t\n\n"}),
               chunk({}, "stop"), "data: [DONE]\n\n"])
events, _ = run(SSE, USER)
streamed = {e["messageId"] for e in events if e["type"] == "TEXT_MESSAGE_CHUNK"}
text = "".join(e.get("delta", "") for e in events if e["type"] == "TEXT_MESSAGE_CHUNK")
snapshot = next(e for e in events if e["type"] == "MESSAGES_SNAPSHOT")
replies = [m for m in snapshot["messages"] if m["role"] == "assistant"]
print("streamed", repr(text), "under", streamed)
print("snapshot", [(m["id"], m.get("content")) for m in replies])
kept = [m for m in replies if m["id"] in streamed]
shown = kept or replies  # the client drops the streamed message when the snapshot does not name it
sys.exit(1 if text == REPLY and [m.get("content") for m in shown] != [REPLY] else 0)
