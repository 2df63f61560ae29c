"""Mutant adapters: each breaks one rule of a reference adapter (see docs/matrix.md)."""

from __future__ import annotations

from tests.mutants.agui_mutants import MUTANTS as _AGUI
from tests.mutants.base import Mutant
from tests.mutants.blind_mutants import MUTANTS as _BLIND
from tests.mutants.bridge_mutants import MUTANTS as _BRIDGE
from tests.mutants.consumer_mutants import MUTANTS as _CONSUMER
from tests.mutants.endpoint_mutants import MUTANTS as _ENDPOINT
from tests.mutants.policy_mutants import MUTANTS as _POLICY
from tests.mutants.request_mutants import MUTANTS as _REQUEST
from tests.mutants.subclass_mutants import MUTANTS as _SUB
from tests.mutants.ui7_mutants import MUTANTS as _UI7
from tests.mutants.ui_mutants import MUTANTS as _UI

ALL_MUTANTS: list[Mutant] = [*_AGUI, *_SUB, *_BRIDGE, *_CONSUMER, *_REQUEST, *_UI, *_ENDPOINT]
# The UI message stream rules for ai 7 and the provider's finish reason.
ALL_MUTANTS += _UI7

# Blind spots of issue 15 (kept in a block of their own).
ALL_MUTANTS += _BLIND

ALL_MUTANTS += _POLICY  # the POLICY rows' declared-vs-done mutants (#15)

# Agent loops (issue 16): rules of a run that calls the model more than once.
from tests.mutants.loop_mutants import MUTANTS as _LOOP  # noqa: E402

ALL_MUTANTS += _LOOP

# Usage graded by each output protocol's own type (issue 15): TanStack's output count.
from tests.mutants.usage_mutants import MUTANTS as _USAGE  # noqa: E402

ALL_MUTANTS += _USAGE
# Refusals (issue 15): a refusal on the wire is shown (a SHOULD), whatever documented reading.
from tests.mutants.refusal_mutants import MUTANTS as _REFUSAL  # noqa: E402

ALL_MUTANTS += _REFUSAL
# An abort while an agent loop's server tool runs (issue 16, session 8 task E).
from tests.mutants.abort_loop_mutants import MUTANTS as _ABORT_LOOP  # noqa: E402

ALL_MUTANTS += _ABORT_LOOP
# Retries (issue 16, attempts): a refused call retried within the declared bound, after its Retry-After.
from tests.mutants.retry_mutants import MUTANTS as _RETRY  # noqa: E402

ALL_MUTANTS += _RETRY
# What ai's own UI message reader shows (issue 24): a defect only that consumer sees.
from tests.mutants.ui_consumer_mutants import MUTANTS as _UI_CONSUMER  # noqa: E402

ALL_MUTANTS += _UI_CONSUMER

# Never reading the upstream (row upstream.read): a replay of the public corpus.
from tests.mutants.replay_mutants import MUTANTS as _REPLAY  # noqa: E402

ALL_MUTANTS += _REPLAY

# Defects the kit used to miss: each now has its scenario or check.
from tests.mutants.missed_mutants import MUTANTS as _MISSED  # noqa: E402

ALL_MUTANTS += _MISSED

# A Gemini long-decode response continued with another request: row request.continuation.
from tests.mutants.gemini_mutants import MUTANTS as _GEMINI  # noqa: E402

ALL_MUTANTS += _GEMINI

# AG-UI 1.0 subagents, steps per lane and canary THINKING_* events: @ag-ui/client's verifyEvents rules.
from tests.mutants.subagent_mutants import MUTANTS as _SUBAGENT  # noqa: E402

ALL_MUTANTS += _SUBAGENT
