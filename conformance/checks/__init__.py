"""The checks, in the order they run: one module each, one signature, ``check(ctx) -> list[Finding]``.

Each check reads the :class:`~conformance.checks.context.GradeContext` and returns its own
findings; none sees or changes another's. The order is the order findings are reported in.
Adding a check is one module here plus one line in :data:`CHECKS`.

Example:
    >>> [c.__module__.rsplit(".", 1)[1] for c in CHECKS][:4]
    ['transport', 'raised', 'abort_hang', 'schema']
"""

from __future__ import annotations

from collections.abc import Callable

from conformance.checks import (
    abort,
    abort_hang,
    bridge_profile,
    consumer,
    continuation,
    exposure,
    invented,
    lifecycle,
    modalities,
    raised,
    refusal,
    request,
    retry,
    schema,
    semantics,
    transport,
    ui_steps,
    upstream_read,
)
from conformance.checks.context import GradeContext
from conformance.findings import Finding

Check = Callable[[GradeContext], list[Finding]]

CHECKS: tuple[Check, ...] = (
    transport.check,  # what a transport target saw on the wire
    raised.check,  # stream() raised where an error event was expected
    abort_hang.check,  # the adapter kept running after the caller aborted
    schema.check,  # every event is a JSON object of the protocol's schema
    lifecycle.check,  # the protocol's lifecycle table
    semantics.check,  # the transcript against the scenario's expected one
    request.check,  # what the adapter sent upstream
    continuation.check,  # a Gemini long-decode response continued with the right request
    upstream_read.check,  # what it showed came from the upstream at all
    modalities.check,  # the input modalities it declares for the model
    exposure.check,  # a call is complete only after its tool-call part
    invented.check,  # on a contract-breaking input, no call handed over with arguments the model never sent
    abort.check,  # the caller's abort reached the upstream, in time, and nothing else followed
    bridge_profile.check,  # the AG-UI bridge profile's own rows (seed 001)
    consumer.check,  # what each protocol's official consumer shows: TanStack's, ai's reader, @ag-ui/client
    refusal.check,  # a refusal on the wire is shown (issue 15)
    retry.check,  # a refused model call retried at most max_retries times, after its Retry-After (issue 16)
    ui_steps.check,  # the UI message stream's step pairs and its finish after an error (SHOULDs)
)
