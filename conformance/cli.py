"""``conformance`` command line: re-render a saved report, compare two runs.

Example (shell)::

    conformance report reports/conformance.json --out site/       # conformance.md + .html
    conformance diff baseline/conformance.json reports/conformance.json   # exit 1 on regressions
    conformance gate reports/conformance.json   # exit 0 only for a finished, isolated run that passed
    conformance merge shard-*/conformance.json --out reports/   # a split run's shards -> one report
    conformance gate shard-*/conformance.json   # the same gate on the shards, merged in memory
    conformance init                    # my_adapter.py (passes the suite) + CONFORMANCE.md
    conformance init --lang ts          # the TypeScript harness tarball, a 15-line glue, a starter adapter
    npm install --save-dev "$(conformance ts-harness-path)"   # the harness package, from the installed kit
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from conformance.gate import diff_reports
from conformance.report import (
    ReportError,
    gate_failures,
    load_final_report,
    load_report,
    render_html,
    render_markdown,
    write_reports,
)
from mock_provider.cli import package_version, run_cli


def _cmd_report(args: argparse.Namespace) -> int:
    report = load_report(args.file)
    out = Path(args.out) if args.out else Path(args.file).resolve().parent
    out.mkdir(parents=True, exist_ok=True)
    for name, text in (("conformance.md", render_markdown(report)), ("conformance.html", render_html(report))):
        (out / name).write_text(text, encoding="utf-8")
        print(out / name)
    return 0


def format_diff(diff: dict[str, Any]) -> str:
    """The text ``conformance diff`` prints.

    >>> print(format_diff({"added": [], "removed": [], "new_failures": [], "fixed": [], "verdict_changes": [],
    ...                    "row_changes": [], "regressions": []}))
    no changes; regressions: 0
    """
    lines: list[str] = []

    def section(title: str, items: list[str]) -> None:
        if items:
            lines.append(f"{title} ({len(items)}):")
            lines.extend(f"  {item}" for item in items)

    section("new failures", [f"{d['case']}: {d['from'] or 'absent'} -> {d['to']}"
                             + (f" (rows {', '.join(d['rows'])})" if d["rows"] else "") for d in diff["new_failures"]])
    section("fixed", [f"{d['case']}: {d['from']} -> {d['to']}" for d in diff["fixed"]])
    section("verdict changes", [f"{d['case']}: {d['from']} -> {d['to']}" for d in diff["verdict_changes"]])
    section("rows", [f"{d['row']}: {d['from'] or '-'} -> {d['to'] or '-'}" for d in diff["row_changes"]])
    section("cases added", diff["added"])
    section("cases removed", diff["removed"])
    section("regressions", [f"{d['case']}: {d['reason']}" for d in diff["regressions"]])
    if not lines:
        return f"no changes; regressions: {len(diff['regressions'])}"
    lines.append(f"regressions: {len(diff['regressions'])}")
    return "\n".join(lines)


def _cmd_diff(args: argparse.Namespace) -> int:
    diff = diff_reports(load_final_report(args.a), load_final_report(args.b))
    print(json.dumps(diff, indent=1) if args.json else format_diff(diff))
    return 1 if diff["regressions"] else 0


def _cmd_gate(args: argparse.Namespace) -> int:
    files: list[str] = args.file
    report = load_report(files[0]) if len(files) == 1 else _merged(files)
    failures = gate_failures(report, allow_in_process=args.allow_in_process)
    for line in failures:
        print(f"gate: {line}", file=sys.stderr)
    if not failures:
        print(f"gate: passed ({', '.join(files)})")
    return 1 if failures else 0


def _merged(files: Sequence[str]) -> dict[str, Any]:
    """The shards' reports merged into one (``MergeError``, a ``ReportError``, when they are not one run)."""
    from conformance.shard import merge_reports

    return merge_reports([(name, load_report(name)) for name in files])


def _cmd_merge(args: argparse.Namespace) -> int:
    report = _merged(args.files)
    for path in write_reports(report, args.out):
        print(path)
    return 0


def _cmd_init(args: argparse.Namespace) -> int:
    from conformance.init import InitError, snippet, ts_snippet, write_starter, write_ts_starter

    try:
        if args.lang == "ts":
            paths = write_ts_starter(args.directory, force=args.force)
            text = ts_snippet(paths[0].name)
        else:
            paths = write_starter(args.directory, args.module, force=args.force)
            text = snippet(args.module)
    except InitError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for path in paths:
        print(f"wrote {path}")
    print("\n" + text)
    return 0


def _cmd_ts_harness_path(args: argparse.Namespace) -> int:
    from conformance.ts_harness import TsHarnessError, tarball

    try:
        print(tarball())
    except TsHarnessError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``conformance`` console script and ``python -m conformance``."""
    return run_cli(lambda: _main(argv))


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="conformance",
                                     description="Conformance reports: render and compare runs; start an adapter.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
    sub = parser.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("report", help="render conformance.md and conformance.html from a conformance.json")
    rep.add_argument("file", help="a conformance.json written by the pytest plugin")
    rep.add_argument("--out", help="output directory (default: the json's directory)")
    rep.set_defaults(func=_cmd_report)
    dif = sub.add_parser("diff", help="what changed from run A to run B; exit 1 when B has regressions vs A")
    dif.add_argument("a", help="the earlier conformance.json (the baseline)")
    dif.add_argument("b", help="the later conformance.json")
    dif.add_argument("--json", action="store_true", help="print the diff as JSON")
    dif.set_defaults(func=_cmd_diff)
    gat = sub.add_parser("gate", help="exit 0 only when a conformance.json is a finished run, in a worker process, "
                         "with no failing case the run's gate let fail")
    gat.add_argument("file", nargs="+", help="a conformance.json written by the pytest plugin, or every shard's "
                     "conformance.json of a split run (merged first, as conformance merge does)")
    gat.add_argument("--allow-in-process", action="store_true",
                     help="accept a run whose adapter ran in the suite's process (--adapter-isolation=none)")
    gat.set_defaults(func=_cmd_gate)
    mrg = sub.add_parser("merge", help="merge the conformance.json of every shard of a split run (pytest-split's "
                         "--splits/--group) into one report: json, md and html")
    mrg.add_argument("files", nargs="+", help="each shard's conformance.json, once each")
    mrg.add_argument("--out", default="reports", help="output directory (default: reports)")
    mrg.set_defaults(func=_cmd_merge)
    ini = sub.add_parser("init", help="write a starter adapter that passes the suite, and the command that runs it")
    ini.add_argument("directory", nargs="?", default=".", help="where to write (default: here)")
    ini.add_argument("--lang", choices=("python", "ts"), default="python",
                     help="python: my_adapter.py; ts: the harness package's tarball, conformance-harness.mjs "
                          "(the glue) and my-adapter.mjs (default python)")
    ini.add_argument("--module", default="my_adapter", help="the adapter module's name (default my_adapter; python)")
    ini.add_argument("--force", action="store_true", help="overwrite existing files")
    ini.set_defaults(func=_cmd_init)
    tsh = sub.add_parser("ts-harness-path", help="print the path of the TypeScript harness package's npm tarball "
                         "in the installed kit (npm install it into a TypeScript project)")
    tsh.set_defaults(func=_cmd_ts_harness_path)
    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)
    except ReportError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
