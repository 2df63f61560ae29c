"""The HTML report's per-case timeline: the scenario's upstream steps on one lane, the adapter's events
on the other, each event linked to the step it came out after (inline SVG, nothing fetched).

Example:
    >>> _event_label(3, {"type": "TEXT_MESSAGE_CONTENT", "delta": "Hi"})
    "#3 TEXT_MESSAGE_CONTENT 'Hi'"
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from typing import Any


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _event_label(i: int, event: Any) -> str:
    if not isinstance(event, dict):
        return f"#{i} {_clip(repr(event), 50)}"
    kind = str(event.get("type", "?"))
    for key in ("delta", "toolCallName", "name", "content", "message", "finishReason"):
        if key in event and isinstance(event[key], str | int | float):
            return f"#{i} {kind} {_clip(repr(event[key]), 36)}"
    return f"#{i} {kind}"


def timeline_svg(case: Mapping[str, Any], steps: list[str] | None, max_items: int = 300) -> str:
    """Upstream steps on the left lane, emitted events on the right, a line from each event to where it came out.

    Event ``i`` is linked to the boundary after ``upstream_positions[i]`` steps (0 = before the first step).
    Events with a finding are drawn red; the first differing event is bold.
    """
    e = html.escape
    events = case["events"][:max_items]
    positions = case["upstream_positions"]
    n_steps = len(steps) if steps is not None else (max(positions) if positions else 0)
    step_labels = (steps or [f"step {k + 1}" for k in range(n_steps)])[:max_items]
    flagged = {f["event_index"] for f in case["findings"] if f.get("event_index") is not None}
    first = case["first_difference"] if case["failing"] else None
    rh, top, lx, lw, rx, rw = 18, 34, 4, 300, 440, 380
    height = top + rh * max(len(step_labels), len(events), 1) + 22
    out = [f'<svg class="timeline" xmlns="http://www.w3.org/2000/svg" width="{rx + rw + 4}" height="{height}" '
           f'role="img" aria-label="timeline of {e(case["case"])}">',
           f'<text x="{lx}" y="16" font-weight="bold">upstream ({e(case["dialect"])})</text>',
           f'<text x="{rx}" y="16" font-weight="bold">emitted events</text>']
    for k, label in enumerate(step_labels):
        y = top + k * rh
        fill = "#fff3e0" if label.startswith("fault") else "#e3f2fd"
        out.append(f'<rect x="{lx}" y="{y}" width="{lw}" height="{rh - 3}" rx="3" fill="{fill}" stroke="#90caf9"/>'
                   f'<text x="{lx + 5}" y="{y + 12}">{e(_clip(f"{k + 1}. {label}", 46))}</text>')
    for i, event in enumerate(events):
        y = top + i * rh
        red = i in flagged
        stroke = "#c62828" if red else "#a5d6a7"
        fill = "#ffebee" if red else "#e8f5e9"
        weight = ' font-weight="bold"' if i == first else ""
        full = e(_clip(json.dumps(event), 400))
        out.append(f'<g><title>{full}</title><rect x="{rx}" y="{y}" width="{rw}" height="{rh - 3}" rx="3" '
                   f'fill="{fill}" stroke="{stroke}"/><text x="{rx + 5}" y="{y + 12}"{weight}>'
                   f"{e(_clip(_event_label(i, event), 54))}</text></g>")
        if i < len(positions):
            by = top + min(positions[i], len(step_labels)) * rh - 1.5
            color = "#c62828" if red else "#78909c"
            out.append(f'<line x1="{lx + lw}" y1="{by}" x2="{rx}" y2="{y + (rh - 3) / 2}" stroke="{color}" '
                       'stroke-width="1"/>'
                       f'<circle cx="{lx + lw}" cy="{by}" r="2.5" fill="{color}"/>')
    if not positions and events:
        out.append(f'<text x="{lx}" y="{height - 2}" fill="#777">no upstream positions recorded (served over HTTP)'
                   "</text>")
    if len(case["events"]) > max_items:
        more = len(case["events"]) - max_items
        out.append(f'<text x="{rx}" y="{height - 2}" fill="#777">… {more} more events</text>')
    out.append("</svg>")
    return "".join(out)
