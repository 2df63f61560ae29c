"""Reproducer (outside the suite) of a pydantic-ai AG-UI defect pinned in
tests/data/pydantic-ai-agui-mistral.verdicts.json (D-index-reused, the Chat configuration's, on MistralModel).

Two calls that both say index 0, told apart by the second's new id, become one part: MistralModel keys tool-call
deltas by index alone (pydantic_ai/models/mistral.py:956, vendor_part_id=dtc.index) and the parts manager applies the
second call's delta to the first part (pydantic_ai/_parts_manager.py:428, pydantic-ai-slim 2.68.0).
Run: python examples/repro/pydantic_ai_mistral_index_reused.py (exits 1 while the defect is present).
"""

import sys

from _pydantic_canned import index_reused
from _pydantic_mistral_canned import chunk, fragment, mistral_events

sys.exit(index_reused(mistral_events, chunk, ids=("callW1aaa", "callW2bbb"), continuing=fragment))
