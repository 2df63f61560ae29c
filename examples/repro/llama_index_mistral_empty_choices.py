"""Reproducer of a llama-index defect pinned in tests/data/llama-index-agui-mistral.verdicts.json
(D-mistral-empty-choices): MistralAI reads ``choices[0]`` of every streamed chunk unguarded, so a chunk whose
``choices`` is empty ends the run in RUN_ERROR 'list index out of range' and the rest of the answer is lost.

llama-index-llms-mistralai 0.11.0 llama_index/llms/mistralai/base.py:646: ``chunk.data.choices[0].delta``. mistralai
3.7.0 decodes such a chunk (client/models/completionchunk.py: ``choices`` is a list, which may be empty). The chunk is
Azure OpenAI's content-filter chunk with Mistral's required fields (what the corpus's quirks.azure-filter-chunk.001
plays); no source says Mistral's own server sends one, so this is robustness (as agno's same line,
examples/repro/agno_mistral_empty_choices.py). Run with the llama-index environment's python:
python examples/repro/llama_index_mistral_empty_choices.py (exit 1: present).
"""

import sys

from _llama_mistral_canned import chunk, end, finish, run, streamed_text

empty = {**chunk(), "choices": []}
events = run([chunk({"role": "assistant", "content": "Hello"}), empty, chunk({"content": " there!"}), finish("stop")],
             prompt="Say hello.")
print(f"text the client got {streamed_text(events)!r}, the run ends {end(events)!r}")
sys.exit(1 if streamed_text(events) != "Hello there!" or end(events) != "RUN_FINISHED" else 0)
