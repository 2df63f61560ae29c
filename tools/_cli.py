"""The command line every page generator in tools/ shares: write (default) or ``--check``; ``--help`` answers."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wants_check(prog: str, description: str, argv: Sequence[str]) -> bool:
    """Parse a generator's arguments; True for ``--check`` (exit 1 when stale), False to write.

    >>> wants_check("gen", "Generate a page.", ["--check"]), wants_check("gen", "Generate a page.", [])
    (True, False)
    """
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when the output is stale")
    return bool(parser.parse_args(list(argv)).check)


def write_or_check(pages: Mapping[Path, str], check: bool, command: str) -> int:
    """Write each page's text (its folder made), exit status 0; with ``check`` write nothing and give 1, naming
    the pages whose file is missing or holds another text and the ``command`` that refreshes them.

    >>> import tempfile
    >>> page = Path(tempfile.mkdtemp()) / "page.md"
    >>> write_or_check({page: "x"}, False, "gen"), write_or_check({page: "x"}, True, "gen")
    (0, 0)
    """
    if check:
        stale = [str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else str(p)
                 for p, text in pages.items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
        if stale:
            print(f"stale: {', '.join(stale)}: run `{command}`", file=sys.stderr)
        return 1 if stale else 0
    for path, text in pages.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return 0
