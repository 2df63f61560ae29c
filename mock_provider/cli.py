"""``mock-provider`` command line: list, validate and render scenarios.

Example (shell)::

    mock-provider list
    mock-provider validate my_scenarios/*.yaml
    mock-provider render tool.interleave.002 --dialect v3
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from mock_provider.dialects import DialectError, encoder
from mock_provider.scenario import PART_DIALECTS, ScenarioError, load_corpus, load_scenario


def _cmd_list(args: argparse.Namespace) -> int:
    for s in load_corpus(args.scenarios):
        print(f"{s.id:<40} {','.join(s.rows):<28} {s.title}")
    return 0


def _cmd_validate(args: argparse.Namespace) -> int:
    bad = 0
    for path in args.files:
        try:
            s = load_scenario(path)
        except ScenarioError as exc:
            print(f"error: {exc}", file=sys.stderr)
            bad += 1
            continue
        print(f"ok: {path} ({s.id}, {len(s.script)} steps)")
    return 1 if bad else 0


def _cmd_render(args: argparse.Namespace) -> int:
    scenarios = {s.id: s for s in load_corpus(args.scenarios)}
    s = scenarios.get(args.id)
    if s is None:
        print(f"error: unknown scenario {args.id!r}", file=sys.stderr)
        return 2
    enc = encoder(args.dialect, s.id)
    try:
        for i, step in enumerate(s.script):
            items = (enc.encode(step.part) if step.part is not None
                     else enc.encode_raw(step.raw_part) if step.raw_part is not None else [])
            if step.fault is not None:
                print(f"# step {i}: fault {step.fault.model_dump_json()}")
            for item in items:
                print(json.dumps(item, ensure_ascii=False, separators=(",", ":")))
    except DialectError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``mock-provider`` / ``python -m mock_provider``."""
    parser = argparse.ArgumentParser(prog="mock-provider", description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", default=None, help="scenario directory (default: the built-in corpus)")
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list scenarios").set_defaults(fn=_cmd_list)
    v = sub.add_parser("validate", help="lint scenario files (errors name file, line, field)")
    v.add_argument("files", nargs="+")
    v.set_defaults(fn=_cmd_validate)
    r = sub.add_parser("render", help="print a scenario's upstream items in one dialect, one JSON per line")
    r.add_argument("id")
    r.add_argument("--dialect", choices=PART_DIALECTS, default="v3")
    r.set_defaults(fn=_cmd_render)
    args = parser.parse_args(argv)
    code: int = args.fn(args)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
