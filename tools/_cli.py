"""The command line every page generator in tools/ shares: write (default) or ``--check``; ``--help`` answers."""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def wants_check(prog: str, description: str, argv: Sequence[str]) -> bool:
    """Parse a generator's arguments; True for ``--check`` (exit 1 when stale), False to write.

    >>> wants_check("gen", "Generate a page.", ["--check"]), wants_check("gen", "Generate a page.", [])
    (True, False)
    """
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when the output is stale")
    return bool(parser.parse_args(list(argv)).check)
