"""Reproducer of the llama-index defect of this configuration's first run
(tests/data/llama-index-agui-anthropic.verdicts.json first_run and audit): llama-index-llms-anthropic 0.12.3
asks only ``anthropic>=0.75.0`` (its Requires-Dist), so pip gives it anthropic 2.14.0, and with any anthropic
from 1.0.0 on every chat fails before the model is asked:

* anthropic >= 2.0.0: ``messages_to_anthropic_messages`` calls ``anthropic.types.MessageParam(role=..., content=...)``
  (llama_index/llms/anthropic/utils.py:397, :406), a ``typing.Union`` alias there: "Cannot instantiate typing.Union"
  (D-anthropic2-message-param);
* anthropic 1.x: ``Anthropic._model_kwargs`` sends ``temperature`` for every model not in ANTHROPIC_NO_TEMP_MODELS
  (base.py:345; claude-sonnet-4-6 is not), and ``messages.create`` has no such argument since 1.0.0
  (D-anthropic1-temperature).

The pinned environment holds anthropic 0.125.0, where it works (exit 0). To see the defect, run it with the anthropic
pip resolves for the package, e.g. ``pip install --no-deps --target /tmp/anth2 anthropic==2.14.0`` then
``PYTHONPATH=/tmp/anth2 python examples/repro/llama_index_anthropic_sdk_range.py`` (exit 1: present).
"""

import sys

import anthropic
from _llama_anthropic_canned import MESSAGE_START, message_end, run, text_block

try:
    events = run([MESSAGE_START, *text_block(0, "Hello."), *message_end("end_turn")], prompt="Hi")
    errors = [e.get("message") for e in events if e["type"] == "RUN_ERROR"]
except Exception as exc:  # the router sends RUN_ERROR, then re-raises (router.py:95), which the test client raises
    errors = [f"{type(exc).__name__}: {exc}"]
print("anthropic", anthropic.__version__, "- run errors:", errors)
sys.exit(1 if errors else 0)
