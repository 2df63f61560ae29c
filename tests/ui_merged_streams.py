"""UI message streams merged from two sources, as ``createUIMessageStream``'s ``writer.merge`` makes them.

``writer.merge(stream)`` (ai 7.0.173 dist/index.js:11421-11440, ai 6 the same) reads each merged
stream on its own and enqueues every chunk as it arrives: nothing is renamed, dropped or reordered
within a source, and the sources interleave as their producers happen to yield. Two
``streamText(...).toUIMessageStream()`` merged with the defaults therefore give two ``start`` and two
``finish`` chunks, and parts of both sources under whatever ids their providers chose, so two text
parts may share an id (``msg-1`` here, ``0`` or ``txt-0`` in the field). The documented way to merge is
to keep one envelope (``sendStart: false`` on the later streams, ``sendFinish: false`` on the earlier).

This module builds those shapes from real adapter output for ``tests/test_ui_stream_oracle.py`` to
read with ``ai``'s own reader and with our port (they must agree on every one):

* a *schedule* says which source the next chunk comes from: ``sequential`` (the first merged stream
  ends before the second begins), ``alternate`` (one chunk each), ``shuffled`` (a seeded interleaving);
* an *envelope*: ``both`` (the defaults: each source's ``start`` and ``finish`` kept) or ``one``
  (the second source's ``start`` and the first's ``finish`` dropped).

Example:
    >>> a = [{"type": "start"}, {"type": "text-start", "id": "t"}, {"type": "finish"}]
    >>> b = [{"type": "start"}, {"type": "text-start", "id": "t"}, {"type": "finish"}]
    >>> [c["type"] for c in merge(a, b, "alternate", "both")]
    ['start', 'start', 'text-start', 'text-start', 'finish', 'finish']
    >>> [c["type"] for c in merge(a, b, "sequential", "one")]
    ['start', 'text-start', 'text-start', 'finish']
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any, Literal

Schedule = Literal["sequential", "alternate", "shuffled"]
Envelope = Literal["both", "one"]
SCHEDULES: tuple[Schedule, ...] = ("sequential", "alternate", "shuffled")
ENVELOPES: tuple[Envelope, ...] = ("both", "one")


def _type(chunk: Any) -> Any:
    return chunk.get("type") if isinstance(chunk, dict) else None


def _order(a: int, b: int, schedule: Schedule, seed: str) -> list[int]:
    """Which source (0 or 1) each merged chunk comes from, keeping each source's own order."""
    if schedule == "sequential":
        return [0] * a + [1] * b
    if schedule == "alternate":
        out = [s for pair in zip([0] * a, [1] * b, strict=False) for s in pair]
        return out + [0] * (a - min(a, b)) + [1] * (b - min(a, b))
    picks = [0] * a + [1] * b
    random.Random(hashlib.sha256(seed.encode()).hexdigest()).shuffle(picks)
    return picks


def merge(a: Sequence[Any], b: Sequence[Any], schedule: Schedule, envelope: Envelope, seed: str = "") -> list[Any]:
    """The stream ``writer.merge(a); writer.merge(b)`` can give under one schedule and envelope."""
    first, second = list(a), list(b)
    if envelope == "one":
        first = [c for c in first if _type(c) != "finish"]
        second = [c for c in second if _type(c) != "start"]
    sources, taken = (first, second), [0, 0]
    out: list[Any] = []
    for source in _order(len(first), len(second), schedule, seed):
        out.append(sources[source][taken[source]])
        taken[source] += 1
    return out


def merged_cases(streams: Sequence[dict[str, Any]], pairs: int) -> list[dict[str, Any]]:
    """Oracle cases: up to ``pairs`` pairs of same-version streams (each with the next one of its version),
    merged under every schedule and envelope.

    >>> s = [{"id": f"s{i}", "version": 7, "events": [{"type": "start"}, {"type": "finish"}]} for i in range(3)]
    >>> [c["id"] for c in merged_cases(s, 1)][:2]
    ['merged:sequential/both:s0+s1', 'merged:sequential/one:s0+s1']
    >>> len(merged_cases(s, 5))  # three pairs (s0+s1, s1+s2, s2+s0), six shapes each
    18
    """
    out: list[dict[str, Any]] = []
    for version in sorted({s["version"] for s in streams}):
        mine = [s for s in streams if s["version"] == version]
        for i, a in enumerate(mine[:pairs] if len(mine) > 1 else []):
            b = mine[(i + 1) % len(mine)]
            for schedule in SCHEDULES:
                for envelope in ENVELOPES:
                    key = f"{schedule}/{envelope}:{a['id']}+{b['id']}"
                    out.append({"id": f"merged:{key}", "version": version,
                                "events": merge(a["events"], b["events"], schedule, envelope, seed=key)})
    return out
