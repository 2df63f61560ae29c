"""Generate docs/contract.md: per output protocol, every value of the adapter's output the grader reads.

Nothing here is written by hand: the page is measured from the code. For each output protocol the
bundled reference adapter (``conformance.reference``) runs a few corpus scenarios; then, one value at
a time, the same run is repeated with that one value of one event changed. A value the grader reads
changes the case's transcript (the page's *goes to* column: the field of
``mock_provider.transcript.Transcript``) or its findings (the rows and levels a wrong value gets);
a value nothing reads changes neither and is left off the page.

Usage: ``python tools/gen_contract.py`` (write) or ``python tools/gen_contract.py --check`` (exit 1
if stale). tests/test_docs_site.py runs the check, so the page cannot go stale.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from _cli import wants_check, write_or_check  # noqa: E402

from conformance import reference  # noqa: E402
from conformance.contract import AdapterContext, RunRequest  # noqa: E402
from conformance.findings import row_anchor  # noqa: E402
from conformance.runner import run_case  # noqa: E402
from conformance.verdict import CaseResult  # noqa: E402
from mock_provider.corpus import load_scenarios  # noqa: E402

DOC = ROOT / "docs" / "contract.md"
# Output protocol -> its reference adapter's factory.
PROTOCOLS: dict[str, Callable[[AdapterContext], Any]] = {
    "ag-ui": reference.agui,
    "tanstack": reference.tanstack,
    "tanstack-legacy": reference.tanstack_legacy,
    "ui-message-stream": reference.ui_message_stream,
    "ui-message-stream@7": reference.ui_message_stream7,
}
# Scenarios whose streams carry every kind of graded value: text, finish reason, model and usage;
# reasoning; a tool call with its arguments; an upstream error with its code; cache and reasoning
# token counts; a provider tool's result, and one marked as an error; an approval request ending the run.
SCENARIOS = ("text.basic.001", "reasoning.basic.001", "tool.basic.001", "error.code.001", "usage.nested.001",
             "tool.provider-executed.001", "tool.provider-executed.002", "tool.approval.001")
DIALECT = "v3"
Path_ = tuple[str | int, ...]


def leaves(value: Any, path: Path_ = ()) -> list[tuple[Path_, Any]]:
    """Every scalar in a JSON value with its path (the discriminating ``type`` keys left out).

    >>> leaves({"type": "X", "delta": "a", "usage": [{"inputTokens": 1}]})
    [(('delta',), 'a'), (('usage', 0, 'inputTokens'), 1)]
    """
    if isinstance(value, dict):
        return [leaf for key, item in value.items() if not (path == () and key == "type")
                for leaf in leaves(item, (*path, key))]
    if isinstance(value, list):
        return [leaf for index, item in enumerate(value) for leaf in leaves(item, (*path, index))]
    return [] if value is None else [(path, value)]


def changed(value: Any) -> Any:
    """A different value of the same JSON type.

    >>> changed("stop"), changed(3), changed(True)
    ('stop~', 10, False)
    """
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 7
    return f"{value}~"


def with_value(event: dict[str, Any], path: Path_, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(event)
    target: Any = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def perturbed(base: Callable[[AdapterContext], Any], index: int, path: Path_) -> Callable[[AdapterContext], Any]:
    """``base`` with the ``path`` value of its ``index``-th output event changed."""
    def factory(ctx: AdapterContext) -> Any:
        adapter = base(ctx)
        inner = adapter.stream

        async def stream(request: RunRequest) -> AsyncIterator[Any]:
            position = 0
            async for event in inner(request):
                yield with_value(event, path, changed(_at(event, path))) if position == index else event
                position += 1

        adapter.stream = stream
        return adapter
    return factory


def _at(event: Any, path: Path_) -> Any:
    for key in path:
        event = event[key]
    return event


@dataclass
class Reading:
    """One value the grader reads: where it is, what it feeds, what a wrong one gets."""
    event: str
    path: str
    kind: str
    example: Any
    goes_to: set[str] = field(default_factory=set)
    rows: set[str] = field(default_factory=set)


def _findings(result: CaseResult) -> set[str]:
    """Each finding as a link to its row on the matrix page, with its level."""
    return {f"[{f.row}](matrix.md#{row_anchor(f.row)}) ({f.level})" for f in result.findings}


def measure(name: str) -> tuple[list[Reading], dict[str, list[dict[str, Any]]]]:
    """The values ``name``'s grader reads, and example events per event type (the first one, then any
    that shows a graded value the earlier ones lack, such as an approval's ``outcome``)."""
    factory = PROTOCOLS[name]
    corpus = {s.id: s for s in load_scenarios()}
    readings: dict[tuple[str, str], Reading] = {}
    examples: dict[str, list[dict[str, Any]]] = {}
    containers: set[tuple[str, str]] = set()  # (event type, the object holding a graded value) shown by an example
    for scenario_id in SCENARIOS:
        scenario = corpus[scenario_id]
        base = run_case(factory, scenario, DIALECT)
        before = _findings(base)
        for index, event in enumerate(base.events):
            etype = str(event.get("type"))
            if etype not in examples:
                examples[etype] = [event]
            for path, value in leaves(event):
                after = run_case(perturbed(factory, index, path), scenario, DIALECT)
                goes = {k for k in (base.actual or {}) if (after.actual or {}).get(k) != (base.actual or {}).get(k)}
                rows = _findings(after) - before
                if not goes and not rows:
                    continue
                shown = ".".join("[]" if isinstance(k, int) else k for k in path).replace(".[]", "[]")
                reading = readings.setdefault((etype, shown), Reading(etype, shown, type(value).__name__, value))
                reading.goes_to |= goes
                reading.rows |= rows
                container = (etype, shown.rsplit(".", 1)[0] if "." in shown else shown)
                if container not in containers:
                    containers.add(container)
                    if event not in examples[etype]:
                        examples[etype].append(event)
    return sorted(readings.values(), key=lambda r: (r.event, r.path)), examples


def render() -> str:
    lines = [
        "# The contract, value by value",
        "",
        "Generated by `python tools/gen_contract.py`; a test fails when this page is stale. For each output",
        "protocol, the bundled reference adapter ran the scenarios " + ", ".join(f"`{s}`" for s in SCENARIOS),
        f"(dialect `{DIALECT}`); then each value of each event it emitted was changed, one at a time, and the",
        "case graded again. A row below is a value whose change moved the verdict's inputs:",
        "",
        "- **goes to**: the transcript field it feeds (`mock_provider/transcript.py`), compared with the",
        "  scenario's expected transcript;",
        "- **a wrong value gets**: the matrix rows (and their level for this protocol) a changed value",
        "  fails; their rules are in [the conformance matrix](matrix.md);",
        "- **example**: the value the reference adapter sent (`[]`: every item of a list).",
        "",
        "What a protocol cannot express is absent from its table and not compared. What these scenarios",
        "do not exercise (structured output, a call the upstream never completed, agent loops) is described in",
        "[Checking your adapter](adapters.md#where-each-graded-value-goes-per-output-protocol).",
    ]
    for name in PROTOCOLS:
        readings, examples = measure(name)
        lines += ["", f"## `{name}`", "", "| event | field | type | goes to | a wrong value gets | example |",
                  "|---|---|---|---|---|---|"]
        for r in readings:
            goes = ", ".join(f"`{g}`" for g in sorted(r.goes_to)) or "—"
            rows = ", ".join(sorted(r.rows)) or "—"
            example = json.dumps(r.example)
            example = example if len(example) <= 40 else example[:37] + "..."
            lines.append(f"| `{r.event}` | `{r.path}` | {r.kind} | {goes} | {rows} | `{example}` |")
        lines += ["", "Example events:", "", "```json"]
        lines += [json.dumps(e, sort_keys=False) for t in sorted({r.event for r in readings}) for e in examples[t]]
        lines += ["```"]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    """Write the page, or with ``--check`` exit 1 when the committed one is stale."""
    check = wants_check("python tools/gen_contract.py", "Generate docs/contract.md: the values the grader reads.", argv)
    return write_or_check({DOC: render()}, check, "python tools/gen_contract.py")


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
