"""Regenerate ``docs/img/report.png``: the HTML report of a mutant gated against a reference baseline.

The reference AG-UI adapter runs the corpus in dialect v3 (the baseline); then the mutant
``agui.text-left-open`` (it forgets ``TEXT_MESSAGE_END``) runs the same cases, gated against it.
The HTML report of the second run is rendered by headless Chromium.

Usage: ``python tools/report_screenshot.py [--out docs/img/report.png] [--html out.html]``
(needs ``chromium`` or ``chromium-browser`` on PATH).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conformance.gate import Gate  # noqa: E402
from conformance.reference import agui  # noqa: E402
from conformance.report import build_report, render_html  # noqa: E402
from conformance.runner import Settings, run_case  # noqa: E402
from conformance.verdict import FAILING  # noqa: E402
from mock_provider.scenario import load_corpus  # noqa: E402
from tests.mutants import ALL_MUTANTS  # noqa: E402

MUTANT = "agui.text-left-open"
TIMESTAMP = "2026-11-23T19:00:00+00:00"  # fixed, so the picture changes only when the report does


def chromium() -> str | None:
    """The headless browser binary, if one is on PATH."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def screenshot(html_path: Path, png: Path, browser: str, size: str = "1280,1900") -> None:
    """Render ``html_path`` with headless Chromium into ``png`` (bounded in time)."""
    subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    f"--window-size={size}", f"--screenshot={png}", html_path.resolve().as_uri()],
                   check=True, capture_output=True, timeout=120)


def demo_html() -> str:
    """The demo report's HTML (baseline: the reference adapter; run: the mutant, v3 only)."""
    mutant = next(m for m in ALL_MUTANTS if m.name == MUTANT)
    corpus = load_corpus()
    settings = Settings(timeout=5.0)
    spec = "tests.mutants:text_left_open"
    baseline_results = [run_case(agui, s, "v3", settings, adapter_name="conformance.reference:agui") for s in corpus]
    baseline = build_report(spec="conformance.reference:agui", results=baseline_results, scenarios=corpus,
                            dialects=["v3"], timestamp=TIMESTAMP)
    gate = Gate(baseline=baseline, baseline_path="baseline/conformance.json")
    results = [run_case(mutant.factory, s, "v3", settings, adapter_name=spec) for s in corpus]
    for r in results:
        gate.decide(r, failing=r.verdict in FAILING)
    report = build_report(spec=spec, results=results, scenarios=corpus, dialects=["v3"], timestamp=TIMESTAMP,
                          decisions={k: d.as_dict() for k, d in gate.decisions.items()}, gate=gate.summary())
    return render_html(report)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "img" / "report.png"))
    parser.add_argument("--html", help="also keep the HTML here")
    args = parser.parse_args()
    browser = chromium()
    if browser is None:
        print("error: no chromium or chromium-browser on PATH", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(args.html) if args.html else Path(tmp) / "conformance.html"
        page.write_text(demo_html(), encoding="utf-8")
        screenshot(page, Path(args.out), browser)
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
