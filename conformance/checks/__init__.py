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
    exposure,
    lifecycle,
    modalities,
    raised,
    refusal,
    request,
    retry,
    schema,
    semantics,
    transport,
    ui_reader,
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
    modalities.check,  # the input modalities it declares for the model
    exposure.check,  # a call is complete only after its tool-call part
    abort.check,  # the caller's abort reached the upstream, in time, and nothing else followed
    bridge_profile.check,  # the AG-UI bridge profile's own rows (seed 001)
    consumer.check,  # the UI TanStack's StreamProcessor shows
    ui_reader.check,  # the UI ai's readUIMessageStream shows
    refusal.check,  # a refusal on the wire is shown (issue 15)
    retry.check,  # a refused model call retried at most max_retries times, after its Retry-After (issue 16)
)
