"""The HTML report in a real browser: Debian's headless Chromium loads it and finds the matrix and the failing case.

Skipped (with the reason) when no ``chromium`` / ``chromium-browser`` is on PATH; ``.ci/run``
installs it when it can. ``tools/report_screenshot.py`` makes ``docs/img/report.png`` the same way.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conformance.reference import agui
from conformance.report import build_report, render_html
from conformance.runner import run_case
from mock_provider.scenario import Scenario
from tests.mutants import ALL_MUTANTS

ROOT = Path(__file__).resolve().parent.parent
BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
needs_browser = pytest.mark.skipif(BROWSER is None, reason="no chromium or chromium-browser on PATH "
                                   "(Debian: apt-get install chromium)")


def _browser(*args: str) -> subprocess.CompletedProcess[str]:
    assert BROWSER is not None
    return subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", *args],
                          capture_output=True, text=True, timeout=120)


@needs_browser
def test_chromium_renders_the_matrix_and_the_failing_case(corpus: list[Scenario], tmp_path: Path) -> None:
    mutant = next(m for m in ALL_MUTANTS if m.name == "agui.text-left-open")
    text = next(s for s in corpus if s.id == "text.basic.001")
    tool = next(s for s in corpus if s.id == "tool.basic.001")
    results = [run_case(agui, tool, "v3"), run_case(mutant.factory, text, "v3")]
    page = tmp_path / "conformance.html"
    page.write_text(render_html(build_report(spec="demo:adapter", results=results, scenarios=[text, tool])))
    done = _browser("--dump-dom", page.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    table = re.search(r'<table id="conformance-matrix">(.*?)</table>', dom, re.S)
    assert table is not None, "the browser's DOM has the matrix table"
    rows = re.findall(r'<tr data-row="([^"]+)"', table.group(1))
    assert "8.1.5" in rows and "schema.event" in rows
    row_815 = re.search(r'<tr data-row="8\.1\.5".*?</tr>', table.group(1), re.S)
    assert row_815 is not None and ">FAIL<" in row_815.group(0)
    assert re.search(r'<details class="case" id="case-text\.basic\.001-v3" data-case="text\.basic\.001\[v3\]" open="">',
                     dom)
    assert dom.count("<svg") == 2 and "first differing event" in dom
    # Failure-first: the cases to look at come before the matrix, each naming its first finding and
    # its first differing event, and linking to its section; the passing case is not among them.
    attention = re.search(r'<table id="conformance-attention">(.*?)</table>', dom, re.S)
    assert attention is not None and dom.index('id="conformance-attention"') < dom.index('id="conformance-matrix"')
    listed = re.findall(r'<tr data-case="([^"]+)">(.*?)</tr>', attention.group(1), re.S)
    assert [c for c, _ in listed] == ["text.basic.001[v3]"]
    assert 'href="#case-text.basic.001-v3"' in listed[0][1] and "8.1.5" in listed[0][1] and "#" in listed[0][1]


@needs_browser
def test_chromium_takes_a_screenshot(corpus: list[Scenario], tmp_path: Path) -> None:
    page = tmp_path / "conformance.html"
    text = next(s for s in corpus if s.id == "text.basic.001")
    page.write_text(render_html(build_report(spec="demo:adapter", results=[run_case(agui, text, "v3")],
                                             scenarios=[text])))
    png = tmp_path / "shot.png"
    done = _browser("--hide-scrollbars", "--window-size=800,600", f"--screenshot={png}", page.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")) == (800, 600)


def test_the_readme_shows_the_committed_screenshot() -> None:
    png = ROOT / "docs" / "img" / "report.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "](docs/img/report.png)" in (ROOT / "README.md").read_text()
