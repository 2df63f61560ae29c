"""Write conformance/drawn_streams.json.gz: the generated-* streams of the default seed, drawn here.

Usage: ``python tools/draw_streams.py`` (from the repository root, with the hypothesis version the
kit is tested with). Run it after a change to a module in ``conformance.drawn.SOURCES`` or an upgrade
of hypothesis: until then the main job draws its streams at run time (as fast as before the file
existed) and tests/test_drawn.py says the file is stale.

The keys are each property under the features of the reference adapters the README runs
(``conformance.reference:agui``), 100 examples (the default), the default seed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conformance import drawn  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description="Write conformance/drawn_streams.json.gz: the default seed's generated-* "
                            "streams for the reference adapters the README runs (after a change to a module "
                            "in conformance.drawn.SOURCES or a hypothesis upgrade).").parse_args(argv)
    path = drawn.write(drawn.shipped_keys())
    print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
