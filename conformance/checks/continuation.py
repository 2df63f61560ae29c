"""Row ``request.continuation``: a Gemini long-decode response continued with the right request.

A Gemini response that reaches the per-request output cap with budget left ends with
``finishReason: CONTINUATION`` and a ``continuationToken`` (the wire quirk ``continuation``,
:func:`mock_provider.wires.gemini.continuation_of`). The published clients continue inside the same
model call with the first request's body plus ``continuationToken`` (@ai-sdk/google 4.0.121
``{...args, continuationToken}``; @google/genai 2.32.0 and google-genai 3.6.1 the call's own contents
and config with the token). After the first hop was served, each later request of that turn must
send the token back and otherwise be the first request: without the token the upstream starts the
generation again (and bills it again), with other contents it continues another prompt. An adapter
that never asks for the second hop sent nothing wrong upstream: what its run lacks, the transcript
rows say.

Example:
    >>> ROWS
    ('request.continuation',)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conformance.catalog import declare
from conformance.checks.context import GradeContext
from conformance.findings import Finding
from conformance.run_record import UpstreamCall
from mock_provider.wires.gemini import continuation_of, continuation_token

ROWS = declare("request.continuation")


def _without_token(body: Any) -> Any:
    """``body`` without its token and without top-level fields that are empty objects.

    An empty object sets no field of its message, so the API applies the defaults, as for an absent one:
    google-genai 3.6.1 continues a call made with no config with ``generationConfig: {}`` beside the token
    (google/genai/_extra_utils.py prepare_continuation_config), the same generation as the first request's.

    >>> _without_token({"contents": [1], "generationConfig": {}, "continuationToken": "t"})
    {'contents': [1]}
    """
    if not isinstance(body, dict):
        return body
    return {k: v for k, v in body.items() if k != "continuationToken" and v != {}}


def continuation_findings(calls: Sequence[UpstreamCall], turn: int, token: str, failed: int) -> list[Finding]:
    """The findings of one turn whose script ends its first hop with ``token``; ``failed`` is the count of
    the turn's scripted failed attempts (a retry of one of those is no continuation).

    >>> first = UpstreamCall(turn=1, attempt=1, request={"contents": [1]})
    >>> good = UpstreamCall(turn=1, attempt=2, request={"contents": [1], "continuationToken": "abcd"})
    >>> continuation_findings([first, good], 1, "abcd", 0)
    []
    >>> bad = UpstreamCall(turn=1, attempt=2, request={"contents": [2], "continuationToken": "abcd"})
    >>> [f.row for f in continuation_findings([first, bad], 1, "abcd", 0)]
    ['request.continuation']
    """
    mine = sorted((c for c in calls if c.kind == "stream" and c.turn == turn and not c.past_last_turn),
                  key=lambda c: c.attempt or 0)
    # The first request the upstream answered with the script (not a scripted refusal) got the first hop.
    served = next((c for c in mine if (c.attempt or 0) > failed and isinstance(c.request, dict)
                   and continuation_token(c.request) is None), None)
    if served is None:
        return []
    out: list[Finding] = []
    for call in mine:
        if (call.attempt or 0) <= (served.attempt or 0) or not isinstance(call.request, dict):
            continue
        sent = continuation_token(call.request)
        where = f"turn {turn}, request {call.attempt}"
        if sent is None:
            out.append(Finding(row="request.continuation", source="runner", expected=f"continuationToken {token!r}",
                               actual="no continuationToken",
                               message=f"{where}: the response stopped with finishReason CONTINUATION and token "
                                       f"{token!r}, and the next request did not send it back: the upstream starts "
                                       "the generation again instead of continuing it"))
        elif sent != token:
            out.append(Finding(row="request.continuation", source="runner", expected=f"continuationToken {token!r}",
                               actual=f"continuationToken {sent[:40]!r}",
                               message=f"{where}: the continuation request sent a token the response never gave"))
        elif _without_token(call.request) != _without_token(served.request):
            sent_body, first_body = _without_token(call.request), _without_token(served.request)
            changed = sorted(k for k in set(sent_body) | set(first_body) if sent_body.get(k) != first_body.get(k))
            out.append(Finding(row="request.continuation", source="runner",
                               expected="the first request's body plus continuationToken",
                               actual=f"fields changed: {', '.join(changed)}",
                               message=f"{where}: the continuation request changed {', '.join(changed)} of the "
                                       "request it continues: the upstream continues a generation of another request"))
    return out


def check(ctx: GradeContext) -> list[Finding]:
    """The continuation findings of a Gemini case whose script has a continuation hop (none otherwise)."""
    if not ctx.record.upstream_known or ctx.record.dialect != "gemini":
        return []
    out: list[Finding] = []
    for turn in range(1, ctx.scenario.turn_count() + 1):
        found = continuation_of(ctx.scenario.for_turn(turn))
        if found is not None:
            out += continuation_findings(ctx.record.upstream, turn, found[1].token,
                                         len(ctx.scenario.failed_attempts_of(turn)))
    return out
