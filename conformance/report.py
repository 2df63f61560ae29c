"""Conformance reports: ``conformance.json`` (the record), ``conformance.md`` and ``conformance.html``.

Pure functions: :func:`build_report` turns a session's results into a JSON-friendly dict
(validated by ``conformance/schemas/report.schema.json``); :func:`render_markdown` and
:func:`render_html` render that dict alone, so ``conformance report FILE.json`` can redo them
from a saved run. The HTML is self-contained (inline CSS and SVG, nothing fetched).

Example:
    >>> from conformance.runner import run_case
    >>> from conformance.reference import agui
    >>> from mock_provider.scenario import load_corpus
    >>> s = next(s for s in load_corpus() if s.id == "text.basic.001")
    >>> report = build_report(spec="conformance.reference:agui", results=[run_case(agui, s, "v3")], scenarios=[s])
    >>> validate_report(report); report["totals"]
    {'PASS': 1}
    >>> "conformance-matrix" in render_html(report)
    True
"""

from __future__ import annotations

import datetime as _dt
import difflib
import html
import importlib.metadata as md
import json
import platform
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from conformance.catalog import catalog
from conformance.contract import Policies
from conformance.findings import call_subject, row_link
from conformance.matrix import Matrix
from conformance.report_timeline import _clip, _event_label, timeline_svg
from conformance.session import row_summary, worst_of
from conformance.snapshot import normalize_events
from conformance.verdict import FAILING, CaseResult
from mock_provider.dialects import HTTP_DIALECTS
from mock_provider.scenario import Scenario, Step

REPORT_FORMAT = 1
KIT_DISTRIBUTION = "stream-adapter-conformance"
SCHEMA_PATH = Path(__file__).resolve().parent / "schemas" / "report.schema.json"
VERDICTS = ["PASS", "PASS-NONSTRICT", "INFO", "FAIL", "ERROR", "UNSUPPORTED", "NOT-EXPRESSIBLE"]
GATE_STATUSES = ("ok", "failed", "known-failure", "deviation")
# Bounds so a runaway or hostile adapter cannot make a report of gigabytes.
MAX_EVENTS = 2000
MAX_VALUE_CHARS = 10_000


class ReportError(Exception):
    """A report file that cannot be read or does not match the report schema (names the file)."""


# ---------------------------------------------------------------- building
def versions(adapter_spec: str | None = None) -> dict[str, str | None]:
    """Versions of this kit, Python, pytest, pydantic and the adapter's distribution (None if not found).

    >>> versions("conformance.reference:agui")["adapter_distribution"]
    'stream-adapter-conformance'
    """
    out: dict[str, str | None] = {
        "kit": _dist_version(KIT_DISTRIBUTION),
        "python": platform.python_version(),
        "pytest": _dist_version("pytest"),
        "pydantic": _dist_version("pydantic"),
        "adapter": None,
        "adapter_distribution": None,
    }
    if adapter_spec and ":" in adapter_spec:
        top = adapter_spec.split(":", 1)[0].split(".", 1)[0]
        dist = adapter_distribution(top)
        if dist is not None:
            out["adapter_distribution"] = dist
            out["adapter"] = _dist_version(dist)
    return out


def _versions_or_unknown(adapter_spec: str | None) -> dict[str, str | None]:
    """:func:`versions`, or every version unknown when looking them up fails: the installed packages'
    metadata is optional in a report (it once raised MemoryError after a runaway adapter, and the
    whole report was lost).

    >>> sorted(_versions_or_unknown("conformance.reference:agui"))[:2]
    ['adapter', 'adapter_distribution']
    """
    try:
        return versions(adapter_spec)
    except (Exception, MemoryError, RecursionError):
        return dict.fromkeys(("kit", "python", "pytest", "pydantic", "adapter", "adapter_distribution"))


def adapter_distribution(top_level: str) -> str | None:
    """The installed distribution that provides a top-level module, if one can be found."""
    if top_level in ("conformance", "mock_provider"):
        return KIT_DISTRIBUTION
    dists = _packages_distributions().get(top_level)
    if dists:
        return dists[0]
    # Editable installs often list no top-level modules; a distribution named like the module is the next best.
    wanted = top_level.replace("_", "-").lower()
    for dist in md.distributions():
        name = dist.metadata["Name"] or ""
        if name.replace("_", "-").lower() == wanted:
            return str(name)
    return None


@cache
def _packages_distributions() -> Mapping[str, list[str]]:
    return md.packages_distributions()


def _dist_version(name: str) -> str | None:
    try:
        return md.version(name)
    except md.PackageNotFoundError:
        return None


def jsonable(value: Any, limit: int = MAX_VALUE_CHARS) -> Any:
    """A JSON value for anything an adapter emitted: non-JSON becomes its repr; huge values are cut.

    >>> jsonable({"a": {1, 2}})
    {'a': '{1, 2}'}
    """
    try:
        text = json.dumps(value, default=repr, ensure_ascii=False, allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        text = json.dumps(repr(value)[:limit])
    if len(text) > limit:
        return {"_truncated": text[: limit - 40] + "...", "_chars": len(text)}
    return json.loads(text)


def step_label(step: Step) -> str:
    """A short label for one script step (a part, a raw part, or a fault).

    >>> from mock_provider.scenario import Step
    >>> step_label(Step.model_validate({"part": {"type": "text-delta", "id": "t", "delta": "Hi"}}))
    "text-delta 'Hi'"
    """
    if step.fault is not None:
        fault = step.fault.model_dump(exclude_none=True)
        kind = fault.pop("kind")
        detail = " ".join(f"{k}={v}" for k, v in fault.items() if not isinstance(v, dict | list))
        return f"fault {kind} {detail}".strip()
    if step.raw_part is not None:
        return f"raw {step.raw_part.get('type')}"
    assert step.part is not None
    data = step.part.model_dump(exclude_none=True, by_alias=True)
    kind = str(data.get("type", type(step.part).__name__))
    for key in ("delta", "toolName", "finishReason", "error", "modelId"):
        if key in data:
            value = data[key]
            if key == "finishReason" and isinstance(value, dict):
                value = value.get("unified", value)
            return f"{kind} {_clip(repr(value) if key == 'delta' else str(value), 40)}"
    return kind


def case_entry(result: CaseResult, decision: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One case of the report: both axes, findings, first differing event, events and where they came out."""
    first = result.first_difference()
    events = [jsonable(e) for e in normalize_events(list(result.events[:MAX_EVENTS]))]
    failing = bool(decision["failing"]) if decision else result.verdict in FAILING
    status = str(decision["status"]) if decision else ("failed" if failing else "ok")
    return {
        "case": result.case_id,
        "scenario": result.scenario_id,
        "dialect": result.dialect,
        "rows": list(result.rows),
        "content": result.content,
        "termination": result.termination,
        "verdict": result.verdict,
        "reason": result.reason,
        "traceback": result.traceback,
        "failing": failing,
        "gate": status,
        "gate_reason": str(decision.get("reason", "")) if decision else "",
        "failed_rows": sorted(result.failed_rows()),
        "findings": [jsonable({**f.as_dict(), "link": row_link(f.row)}) for f in result.findings],
        "first_difference": first.event_index if first is not None else None,
        "duration_s": round(result.duration_s, 6),
        "events": events,
        "events_total": len(result.events),
        # Served over HTTP the harness cannot see the upstream step of an event: no positions.
        "upstream_positions": [] if result.dialect in HTTP_DIALECTS else list(result.upstream_positions[:MAX_EVENTS]),
        "expected": jsonable(result.expected) if result.expected is not None else None,
        "actual": jsonable(result.actual) if result.actual is not None else None,
    }


def build_report(
    *,
    spec: str,
    results: Iterable[CaseResult],
    scenarios: Iterable[Scenario] = (),
    capabilities: Any = None,
    profile: str | None = None,
    strict: bool = False,
    dialects: list[str] | None = None,
    matrix: Matrix | None = None,
    decisions: Mapping[str, Mapping[str, Any]] | None = None,
    gate: Mapping[str, Any] | None = None,
    timestamp: str | None = None,
    isolation: str | None = None,
    status: str = "complete",
    shard: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The whole report as a JSON-friendly dict (see ``conformance/schemas/report.schema.json``).

    ``decisions`` maps a case id to the gate's decision (``status``, ``reason``, ``failing``);
    ``gate`` is the gate's summary (baseline, deviations, regressions). ``isolation`` is where
    the adapter ran (``process``, ``none``: in the suite's process, where it can forge its
    verdicts); ``status`` is ``started`` for the report a session writes before its first case,
    which the end of the session replaces (:func:`incomplete` says why a report is not final);
    ``shard`` is what a shard of a split run records (:func:`conformance.shard.record_shard`).
    """
    results = list(results)
    matrix = matrix or catalog()
    decisions = decisions or {}
    by_id = {s.id: s for s in scenarios}
    used = {r.scenario_id for r in results}
    summary = row_summary(results, [r.id for r in matrix.rows if r.every_case])
    caps = _capabilities_json(capabilities)
    output = str(caps.get("output") or "ag-ui") if isinstance(caps, Mapping) else "ag-ui"
    rows = _row_entries(matrix, summary, output)
    totals: Counter[str] = Counter(r.verdict for r in results)
    return {
        "format": REPORT_FORMAT,
        "run": {"status": status, "isolation": isolation, **({"shard": dict(shard)} if shard else {})},
        "adapter": {"spec": spec, "capabilities": jsonable(caps) if caps is not None else None,
                    "policies": policy_choices(caps)},
        "versions": _versions_or_unknown(spec),
        "profile": profile,
        "strict": strict,
        "dialects": dialects,
        "timestamp": timestamp or _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "totals": {v: totals[v] for v in VERDICTS if totals.get(v)},
        "rows": rows,
        "scenarios": {sid: {"title": by_id[sid].title, "rows": list(by_id[sid].rows),
                            "steps": [step_label(st) for st in by_id[sid].script]}
                      for sid in sorted(used) if sid in by_id},
        "cases": [case_entry(r, decisions.get(r.case_id)) for r in results],
        "gate": dict(gate) if gate else None,
    }


def _capabilities_json(capabilities: Any) -> Any:
    """The declared capabilities as JSON, set fields sorted.

    A set dumps in hash order, which differs between processes: two runs (or the shards of one run)
    of the same adapter must write the same capabilities.

    >>> from conformance.contract import Capabilities
    >>> caps = Capabilities(name="a", inputs=["v3"], output="ag-ui", structured_modes=["tool", "native"])
    >>> _capabilities_json(caps)["structured_modes"]
    ['native', 'tool']
    """
    caps = capabilities.model_dump(mode="json") if hasattr(capabilities, "model_dump") else capabilities
    if isinstance(caps, dict):
        for key, value in caps.items():
            if isinstance(value, list) and (key == "features" or isinstance(getattr(capabilities, key, None), set)):
                caps[key] = sorted(value)
    return caps


def _row_entries(matrix: Matrix, summary: Mapping[str, Counter[str]], output: str) -> list[dict[str, Any]]:
    rows = []
    for row in matrix.rows:
        counts = summary.get(row.id, Counter())
        rows.append({"id": row.id, "level": row.level, "axis": row.axis, "title": row.title,
                     "counts": {v: counts[v] for v in VERDICTS if counts.get(v)},
                     "verdict": worst_of(counts) if counts else None,
                     # What the row rests on for this adapter's output protocol (the catalog's sources).
                     "sources": [src.ref for src in row.sources_for(output)]})
    return rows


def policy_choices(capabilities: Any) -> list[dict[str, Any]]:
    """The POLICY choices the run was graded under: each value, and whether the adapter declared it
    or it is the output protocol's default (docs/adapters.md "POLICY choices").

    >>> from conformance.contract import Capabilities, Policies
    >>> caps = Capabilities(name="a", inputs=["v3"], output="ui-message-stream",
    ...                     policies=Policies(missing_finish="error"))
    >>> [(c["name"], c["value"], c["declared"]) for c in policy_choices(caps.model_dump(mode="json"))][-2:]
    [('missing_finish', 'error', True), ('finish_reason', 'provider', False)]
    """
    if not isinstance(capabilities, Mapping) or not isinstance(capabilities.get("policies"), Mapping):
        return []
    declared = Policies.model_validate(capabilities["policies"])
    resolved = declared.resolved(str(capabilities.get("output") or "ag-ui"))
    stated = declared.declared()
    return [{"name": k, "value": v, "declared": k in stated} for k, v in resolved.model_dump().items()]


def _policies_text(report: Mapping[str, Any]) -> str:
    choices = report["adapter"].get("policies") or []
    return " · ".join(f"{c['name']} `{c['value']}`" + ("" if c["declared"] else " (protocol default)")
                      for c in choices)


# ---------------------------------------------------------------- reading and validating
@cache
def report_schema() -> dict[str, Any]:
    """The published JSON Schema of ``conformance.json``."""
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


def validate_report(report: Any, source: str = "<report>") -> None:
    """Raise :class:`ReportError` (naming ``source`` and the JSON path) unless ``report`` matches the schema."""
    import jsonschema  # type: ignore[import-untyped,unused-ignore]

    validator = jsonschema.Draft202012Validator(report_schema())
    error = next(iter(sorted(validator.iter_errors(report), key=lambda e: list(e.absolute_path))), None)
    if error is not None:
        where = ".".join(str(p) for p in error.absolute_path) or "(top level)"
        raise ReportError(f"{source}: {where}: {error.message}")


def incomplete(report: Mapping[str, Any]) -> str | None:
    """Why a report cannot be trusted as a run's outcome (None: it is final).

    A session writes a ``started`` report before its first case and replaces it when it ends:
    one still ``started`` is a run that died (an adapter's ``os._exit``, a killed job).

    >>> incomplete({"run": {"status": "complete"}}) is None
    True
    >>> incomplete({"run": {"status": "started"}})
    'the run that wrote it never finished (status started): its cases are not all there'
    """
    status = (report.get("run") or {}).get("status", "complete")  # reports before the field were written at the end
    if status == "complete":
        return None
    return f"the run that wrote it never finished (status {status}): its cases are not all there"


def shard_of(report: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """A report's ``run.shard`` (None: the report is a whole run, unsplit or merged).

    >>> shard_of({"run": {"status": "complete", "isolation": None}}) is None
    True
    """
    shard = (report.get("run") or {}).get("shard")
    return shard if isinstance(shard, Mapping) else None


def not_whole(report: Mapping[str, Any]) -> str | None:
    """Why a report is only part of a run (one shard), or None.

    >>> not_whole({"run": {"shard": {"group": 2, "splits": 3}}})
    'it is shard 2/3 of a split run: merge the shards first (conformance merge SHARD.json... --out DIR)'
    """
    shard = shard_of(report)
    if shard is None:
        return None
    return (f"it is shard {shard['group']}/{shard['splits']} of a split run: merge the shards first "
            "(conformance merge SHARD.json... --out DIR)")


def isolation_text(report: Mapping[str, Any]) -> str:
    """How the report says where the adapter ran.

    >>> isolation_text({"run": {"isolation": "none"}})
    "none (in the suite's process: the adapter could change its own verdicts)"
    >>> isolation_text({"run": {"isolation": "process"}}), isolation_text({})
    ('process', 'not recorded')
    """
    mode = (report.get("run") or {}).get("isolation")
    if mode == "none":
        return "none (in the suite's process: the adapter could change its own verdicts)"
    return str(mode) if mode else "not recorded"


def load_report(path: str | Path) -> dict[str, Any]:
    """Read and validate a saved ``conformance.json``; errors name the file."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ReportError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except json.JSONDecodeError as exc:
        raise ReportError(f"{path}:{exc.lineno}: not valid JSON: {exc.msg}") from exc
    validate_report(data, str(path))
    report: dict[str, Any] = data
    return report


def load_final_report(path: str | Path) -> dict[str, Any]:
    """:func:`load_report`, refusing a report whose run never finished (``ReportError`` saying so).

    What a gate reads (a baseline, ``conformance diff``, ``conformance gate``): a ``started``
    report holds the cases of a run that died, which no verdict can be drawn from; one shard of
    a split run holds only its share of the cases (:func:`conformance.shard.merge_reports` joins them).
    """
    report = load_report(path)
    why = incomplete(report)
    if why is not None:
        raise ReportError(f"{path}: {why}; run the suite again")
    if (part := not_whole(report)) is not None:
        raise ReportError(f"{path}: {part}")
    return report


def gate_failures(report: Mapping[str, Any], *, allow_in_process: bool = False) -> list[str]:
    """Why a final report does not let a CI job pass (empty: it does). ``conformance gate`` prints them.

    >>> gate_failures({"run": {"status": "complete", "isolation": "process"}, "gate": {"failed": False},
    ...                "cases": [{"case": "a[v3]", "failing": False, "gate": "ok"}]})
    []
    >>> gate_failures({"run": {"status": "complete", "isolation": "none"}, "gate": None, "cases": []})[0][:46]
    "the adapter ran in the suite's process (isolat"
    """
    out: list[str] = []
    if (why := incomplete(report)) is not None:
        out.append(why)
    if (part := not_whole(report)) is not None:
        out.append(part)
    if (report.get("run") or {}).get("isolation") == "none" and not allow_in_process:
        out.append("the adapter ran in the suite's process (isolation none), where it can change its own verdicts; "
                   "run it with the default --adapter-isolation=process, or pass --allow-in-process")
    failed = [c["case"] for c in report.get("cases", []) if c.get("failing") and c.get("gate") == "failed"]
    if failed:
        out.append(f"{len(failed)} failing case(s): {', '.join(failed[:20])}" + (" ..." if len(failed) > 20 else ""))
    return out


def write_reports(report: dict[str, Any], directory: str | Path) -> list[Path]:
    """Write ``conformance.json``, ``conformance.md`` and ``conformance.html`` into ``directory``.

    The JSON report first, each file as soon as it is rendered: the Markdown and HTML views are
    derived from it, and a view that cannot be rendered (``ReportError`` says which) leaves the
    files already written in place.
    """
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    renderers: dict[str, Callable[[dict[str, Any]], str]] = {
        "conformance.json": lambda r: json.dumps(r, indent=1, ensure_ascii=False) + "\n",
        "conformance.md": render_markdown,
        "conformance.html": render_html,
    }
    paths: list[Path] = []
    for name, render in renderers.items():
        path = out / name
        try:
            text = render(report)
        except (Exception, MemoryError, RecursionError) as exc:
            if not paths:
                raise
            written = ", ".join(str(p) for p in paths)
            raise ReportError(f"{name} could not be rendered ({type(exc).__name__}: {exc}); "
                              f"written: {written}") from exc
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


# ---------------------------------------------------------------- markdown
_SHORT = {"PASS": "pass", "PASS-NONSTRICT": "nonstrict", "INFO": "info", "FAIL": "FAIL", "ERROR": "ERROR",
          "UNSUPPORTED": "unsup", "NOT-EXPRESSIBLE": "n/expr"}


def failing_cases(report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Cases that count as failing in this run (whether or not the gate let them through)."""
    return [c for c in report["cases"] if c["failing"]]


def attention_cases(report: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The cases a reader must look at, failing ones first, then PASS-NONSTRICT (a SHOULD missed).

    >>> cases = [{"case": "b", "failing": False, "verdict": "PASS-NONSTRICT"}, {"case": "c", "failing": False,
    ...          "verdict": "PASS"}, {"case": "a", "failing": True, "verdict": "FAIL"}]
    >>> [c["case"] for c in attention_cases({"cases": cases})]
    ['a', 'b']
    """
    chosen = [c for c in report["cases"] if c["failing"] or c["verdict"] == "PASS-NONSTRICT"]
    return sorted(chosen, key=lambda c: (not c["failing"], c["case"]))


def headline(case: Mapping[str, Any]) -> tuple[str, str]:
    """A case's first finding that counts (row, message naming the call) and its first differing event.

    >>> headline({"findings": [{"row": "8.1.9", "level": "MUST", "message": "name differs", "tool_call_id": "c1",
    ...          "tool_name": "f"}], "first_difference": 2, "events": [{}, {}, {"type": "TOOL_CALL_START"}]})
    ("8.1.9: tool call 'c1' (f): name differs", '#2 TOOL_CALL_START')
    """
    counted = [f for f in case["findings"] if f.get("level", "MUST") in ("MUST", "SHOULD")] or case["findings"]
    first = counted[0] if counted else None
    finding = f"{first['row']}: {_about(first)}{first['message']}" if first else (case.get("reason") or "")
    at = case.get("first_difference")
    events = case.get("events") or []
    event = _event_label(at, events[at]) if at is not None and at < len(events) else ""
    return _clip(finding, 240), event


def render_attention_markdown(report: Mapping[str, Any]) -> str:
    """The cases to look at first, one line each ('' when every case passed cleanly)."""
    cases = attention_cases(report)
    if not cases:
        return ""
    lines = [f"## Needs attention ({len(cases)})", "", "| verdict | case | first finding | first differing event |",
             "|---|---|---|---|"]
    for c in cases:
        finding, event = headline(c)
        lines.append(f"| {c['verdict']} | `{c['case']}` | {finding.replace('|', '/')} | {event.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def render_matrix_markdown(report: Mapping[str, Any]) -> str:
    """The rows x verdicts matrix, the totals and the gate summary (also what goes to the GitHub step summary)."""
    head = f"## Conformance: `{report['adapter']['spec']}`\n\n"
    meta = [f"profile `{report['profile'] or '-'}`", f"strict `{str(report['strict']).lower()}`",
            f"isolation `{isolation_text(report)}`", f"kit {report['versions'].get('kit') or '?'}", report["timestamp"]]
    policies = _policies_text(report)
    why = incomplete(report)
    lines = [head + " · ".join(meta), *([f"\n**INCOMPLETE**: {why}"] if why else []),
             *([f"\npolicies: {policies}"] if policies else []), "",
             "| row | level | " + " | ".join(_SHORT[v] for v in VERDICTS) + " | verdict |",
             "|---|---|" + "---:|" * len(VERDICTS) + "---|"]
    for row in report["rows"]:
        if row["verdict"] is None:
            continue  # a row no case of this run reached: counted below, not listed
        cells = " | ".join(str(row["counts"].get(v, 0)) for v in VERDICTS)
        verdict = f"**{row['verdict']}**" if row["verdict"] in FAILING else row["verdict"]
        lines.append(f"| {row['id']} | {row['level']} | {cells} | {verdict} |")
    unreached = sum(1 for row in report["rows"] if row["verdict"] is None)
    lines.append("")
    if unreached:
        lines += [f"{unreached} row(s) of the matrix were not reached by this run's cases (not listed).", ""]
    lines.append("cases: " + ", ".join(f"{k}={v}" for k, v in sorted(report["totals"].items())))
    gate = report.get("gate")
    if gate:
        lines.append("")
        lines.extend(_gate_lines(gate))
    return "\n".join(lines) + "\n"


def _gate_lines(gate: Mapping[str, Any], limit: int = 50) -> list[str]:
    out = [f"gate: **{'FAILED' if gate['failed'] else 'passed'}**"
           + (f" against baseline `{gate['baseline']}`" if gate.get("baseline") else "")]
    if not gate.get("baseline") and not gate.get("deviations_file"):
        out.append("- no baseline and no deviations file: every failing case fails the run")
    if gate.get("deviations_file"):
        out.append(f"- deviations file: `{gate['deviations_file']}`")
    if gate.get("regressions"):
        more = len(gate["regressions"]) - limit
        shown = ", ".join(f"`{c}`" for c in gate["regressions"][:limit])
        out.append(f"- regressions ({len(gate['regressions'])}): {shown}" + (f" and {more} more" if more > 0 else ""))
    if gate.get("regressed_rows"):
        out.append("- regressed rows: " + ", ".join(f"`{r}`" for r in gate["regressed_rows"]))
    if gate.get("known_failures"):
        out.append(f"- known failures (in the baseline, not failing the run): {len(gate['known_failures'])}")
    if gate.get("deviations"):
        out.append(f"- accepted deviations: {len(gate['deviations'])}")
    for unused in gate.get("unused_deviations", []):
        out.append(f"- warning: unused deviation {unused}")
    return out


def render_markdown(report: Mapping[str, Any]) -> str:
    """The matrix, then one section per failing case: findings, first differing event, transcript diff."""
    attention = render_attention_markdown(report)
    parts = [render_matrix_markdown(report)]
    if attention:
        parts.insert(1, attention)
    bad = failing_cases(report)
    if bad:
        parts.append(f"\n## Failing cases ({len(bad)})\n")
    for case in bad:
        parts.append(_case_markdown(case))
    return "\n".join(parts)


def _about(finding: Mapping[str, Any]) -> str:
    """The tool call a finding is about, as a prefix of its message (``""`` when about no one call).

    >>> _about({"tool_call_id": "c1", "tool_name": "f"}), _about({})
    ("tool call 'c1' (f): ", '')
    """
    subject = call_subject(finding.get("tool_call_id"), finding.get("tool_name"))
    return f"{subject}: " if subject else ""


def _case_markdown(case: Mapping[str, Any]) -> str:
    lines = [f"### `{case['case']}`: {case['verdict']}",
             f"content {case['content']} · termination {case['termination']} · gate {case['gate']}"
             + (f" ({case['gate_reason']})" if case["gate_reason"] else "")]
    if case["reason"]:
        lines.append(f"\nreason: {case['reason']}")
    if case.get("traceback"):
        lines.append("\n```text\n" + case["traceback"].rstrip() + "\n```")
    lines.append("")
    for f in case["findings"]:
        at = f" at event #{f['event_index']}" if f.get("event_index") is not None else ""
        lines.append(f"- row `{f['row']}` [{f.get('level', 'MUST')}]: {_about(f)}{f['message']}{at}")
        if "expected" in f or "actual" in f:
            lines.append(f"  - expected: `{_clip(json.dumps(f.get('expected')), 300)}`")
            lines.append(f"  - actual: `{_clip(json.dumps(f.get('actual')), 300)}`")
    first = case["first_difference"]
    if first is not None and first < len(case["events"]):
        lines.append(f"\nfirst differing event #{first}: `{_clip(json.dumps(case['events'][first]), 300)}`")
    diff = transcript_diff(case)
    if diff:
        lines += ["", "```diff", diff, "```"]
    return "\n".join(lines) + "\n"


def transcript_diff(case: Mapping[str, Any]) -> str:
    """Unified diff of the expected vs actual transcript ('' when either is missing or they agree)."""
    if case.get("expected") is None or case.get("actual") is None:
        return ""
    a = json.dumps(case["expected"], indent=1, sort_keys=True).splitlines()
    b = json.dumps(case["actual"], indent=1, sort_keys=True).splitlines()
    return "\n".join(difflib.unified_diff(a, b, "expected", "actual", lineterm="", n=2))


# ---------------------------------------------------------------- html
_COLORS = {"PASS": "#2e7d32", "PASS-NONSTRICT": "#9e9d24", "INFO": "#0277bd", "FAIL": "#c62828",
           "ERROR": "#6a1b9a", "UNSUPPORTED": "#757575", "NOT-EXPRESSIBLE": "#9e9e9e"}

_CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px;color:#222;background:#fff}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px}h3{font-size:15px;margin:0}
.meta{color:#555;margin-bottom:12px}.meta code{background:#f3f3f3;padding:0 4px;border-radius:3px}
table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #ddd;padding:3px 8px}
th{background:#f5f5f5;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
td.z{color:#bbb}td.t{max-width:440px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
tr.regressed td{background:#fff3f3}.tag{color:#c62828;font-size:11px;font-weight:600;margin-left:4px}
.v{display:inline-block;padding:1px 6px;border-radius:3px;color:#fff;font-weight:600;font-size:12px}
.gate{padding:8px 12px;border-radius:4px;margin:10px 0}.gate.ok{background:#e8f5e9}.gate.bad{background:#ffebee}
details{border:1px solid #ddd;border-radius:4px;margin:8px 0;padding:6px 10px}
summary{cursor:pointer}pre{background:#f7f7f7;padding:8px;overflow:auto;font-size:12px;max-height:360px}
.ins{color:#1b5e20}.del{color:#b71c1c}.finding{margin:2px 0}svg{font:11px ui-monospace,monospace}
"""


def _badge(verdict: str | None) -> str:
    if verdict is None:
        return '<span class="z">(no case)</span>'
    color = _COLORS.get(verdict, "#555")
    return f'<span class="v" style="background:{color}">{html.escape(verdict)}</span>'


def render_html(report: Mapping[str, Any]) -> str:
    """A self-contained HTML page: header, gate, matrix (``id=conformance-matrix``), every case with its timeline."""
    e = html.escape
    spec = report["adapter"]["spec"]
    vers = report["versions"]
    meta = " · ".join([
        f"profile <code>{e(str(report['profile'] or '-'))}</code>",
        f"strict <code>{str(report['strict']).lower()}</code>",
        f"dialects <code>{e(', '.join(report['dialects'] or ['all declared']))}</code>",
        f"isolation <code id=\"conformance-isolation\">{e(isolation_text(report))}</code>",
        f"kit {e(str(vers.get('kit')))} · python {e(str(vers.get('python')))} · pytest {e(str(vers.get('pytest')))}"
        f" · pydantic {e(str(vers.get('pydantic')))}"
        + (f" · {e(str(vers['adapter_distribution']))} {e(str(vers['adapter']))}"
           if vers.get("adapter_distribution") else ""),
        e(report["timestamp"]),
    ])
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>Conformance: {e(spec)}</title><style>{_CSS}</style></head><body>",
           f"<h1>Conformance report: <code>{e(spec)}</code></h1>", f'<div class="meta">{meta}</div>']
    if (why := incomplete(report)) is not None:
        out.append(f'<div class="gate bad" id="conformance-incomplete"><b>INCOMPLETE</b>: {e(why)}</div>')
    if report["adapter"].get("policies"):
        out.append(f'<div class="meta" id="conformance-policies">policies: {_md_inline(_policies_text(report))}</div>')
    totals = " ".join(f"{_badge(v)}&nbsp;{n}" for v, n in report["totals"].items())
    out.append(f'<div id="conformance-totals">cases: {totals}</div>')
    gate = report.get("gate")
    if gate:
        cls = "bad" if gate["failed"] else "ok"
        items = "".join(f"<li>{_md_inline(line.lstrip('- '))}</li>" for line in _gate_lines(gate, limit=8)[1:])
        out.append(f'<div class="gate {cls}" id="conformance-gate"><b>gate {"FAILED" if gate["failed"] else "passed"}'
                   f'</b>{" against baseline <code>" + e(gate["baseline"]) + "</code>" if gate.get("baseline") else ""}'
                   f"<ul>{items}</ul></div>")
    out.append(_attention_html(report))
    out.append("<h2>Matrix</h2>")
    out.append(_matrix_html(report))
    cases = sorted(report["cases"], key=lambda c: (not c["failing"], c["case"]))
    scenarios = report.get("scenarios", {})
    out.append(f'<h2>Cases ({len(cases)})</h2><div id="conformance-cases">')
    for case in cases:
        out.append(_case_html(case, scenarios.get(case["scenario"])))
    out.append("</div></body></html>\n")
    return "\n".join(out)


def _md_inline(text: str) -> str:
    # The gate lines are markdown with `code` and **bold** only.
    escaped = html.escape(text)
    parts = escaped.split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p.replace("**", "") for i, p in enumerate(parts))


def case_anchor(case_id: str) -> str:
    """The HTML id of a case's section.

    >>> case_anchor("text.basic.001[v3]")
    'case-text.basic.001-v3'
    """
    return "case-" + "".join(ch if ch.isalnum() or ch in ".-_" else "-" for ch in case_id).rstrip("-")


def _attention_html(report: Mapping[str, Any]) -> str:
    e = html.escape
    cases = attention_cases(report)
    if not cases:
        return '<h2 id="conformance-attention-none">Needs attention: nothing (every case passed cleanly)</h2>'
    rows = []
    for c in cases:
        finding, event = headline(c)
        rows.append(f'<tr data-case="{e(c["case"])}"><td>{_badge(c["verdict"])}</td>'
                    f'<td><a href="#{e(case_anchor(c["case"]))}"><code>{e(c["case"])}</code></a></td>'
                    f"<td>{e(finding)}</td><td><code>{e(event)}</code></td></tr>")
    return (f"<h2>Needs attention ({len(cases)})</h2><table id=\"conformance-attention\"><thead><tr><th>verdict</th>"
            f"<th>case</th><th>first finding</th><th>first differing event</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def _matrix_html(report: Mapping[str, Any]) -> str:
    e = html.escape
    regressed = set((report.get("gate") or {}).get("regressed_rows", []))
    head = "".join(f"<th>{e(_SHORT[v])}</th>" for v in VERDICTS)
    rows = []
    unreached = sum(1 for row in report["rows"] if row["verdict"] is None)
    for row in report["rows"]:
        if row["verdict"] is None:
            continue  # not reached by this run's cases
        cells = "".join(
            f'<td class="n{"" if row["counts"].get(v) else " z"}">{row["counts"].get(v, 0) if row["verdict"] else "-"}'
            "</td>" for v in VERDICTS)
        tag, cls = ('<span class="tag">regression</span>', ' class="regressed"') if row["id"] in regressed else ("", "")
        src = e("sources: " + "; ".join(row.get("sources") or []), quote=True)
        rows.append(f'<tr data-row="{e(row["id"])}"{cls}><td title="{src}"><code>{e(row["id"])}</code></td>'
                    f'<td>{e(row["level"])}</td>'
                    f'<td class="t" title="{e(row["title"])}">{e(row["title"])}</td>{cells}'
                    f"<td>{_badge(row['verdict'])}{tag}</td></tr>")
    note = (f'<p class="meta" id="conformance-unreached">{unreached} row(s) not reached by this run.</p>'
            if unreached else "")
    return (f'<table id="conformance-matrix"><thead><tr><th>row</th><th>level</th><th>title</th>{head}'
            f"<th>verdict</th></tr></thead><tbody>{''.join(rows)}</tbody></table>{note}")


def _case_html(case: Mapping[str, Any], scenario: Mapping[str, Any] | None) -> str:
    e = html.escape
    status = "" if case["gate"] in ("ok", "failed") else f" · {e(case['gate'])}"
    head = (f"<summary>{_badge(case['verdict'])} <code>{e(case['case'])}</code> "
            f"<small>content {e(case['content'])} · termination {e(case['termination'])}{status}"
            f" · {case['duration_s'] * 1000:.1f} ms</small></summary>")
    body = []
    if scenario:
        body.append(f"<p>{e(scenario['title'])} · rows {e(', '.join(scenario['rows']))}</p>")
    if case["reason"]:
        body.append(f"<p>reason: {e(case['reason'])}</p>")
    if case.get("traceback"):
        body.append(f"<details><summary>traceback</summary><pre>{e(case['traceback'])}</pre></details>")
    if case["gate_reason"]:
        body.append(f"<p>gate: {e(case['gate'])}: {e(case['gate_reason'])}</p>")
    for f in case["findings"]:
        at = f" at event #{f['event_index']}" if f.get("event_index") is not None else ""
        detail = ""
        if "expected" in f or "actual" in f:
            detail = (f"<br>expected <code>{e(_clip(json.dumps(f.get('expected')), 300))}</code>"
                      f"<br>actual <code>{e(_clip(json.dumps(f.get('actual')), 300))}</code>")
        body.append(f'<div class="finding">row <code>{e(f["row"])}</code> [{e(str(f.get("level", "MUST")))}]: '
                    f"{e(_about(f))}{e(f['message'])}{at}{detail}</div>")
    first = case["first_difference"]
    if case["failing"] and first is not None and first < len(case["events"]):
        shown = e(_clip(json.dumps(case["events"][first]), 300))
        body.append(f"<p>first differing event <b>#{first}</b>: <code>{shown}</code></p>")
    diff = transcript_diff(case) if case["failing"] else ""
    if diff:
        lines = []
        for line in diff.splitlines():
            cls = "ins" if line.startswith("+") else "del" if line.startswith("-") else ""
            lines.append(f'<span class="{cls}">{e(line)}</span>' if cls else e(line))
        body.append("<b>expected vs actual transcript</b><pre>" + "\n".join(lines) + "</pre>")
    body.append(timeline_svg(case, scenario["steps"] if scenario else None))
    opened = " open" if case["failing"] else ""
    return (f'<details class="case" id="{e(case_anchor(case["case"]))}" data-case="{e(case["case"])}"{opened}>'
            f'{head}{"".join(body)}</details>')
