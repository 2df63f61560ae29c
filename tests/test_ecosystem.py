"""docs/ecosystem.md and its HTML twin are generated from the pinned verdicts and cannot go stale."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import ecosystem  # noqa: E402


def test_committed_ecosystem_pages_are_the_generated_ones() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "ecosystem.py"), "--check"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


def test_every_real_defect_is_marked_and_linked_on_the_page() -> None:
    adapters = ecosystem.load()
    page = ecosystem.render_md(adapters)
    found = ecosystem.defects(adapters)
    pinned = {(a["file"], c) for a in adapters for c, e in a["cases"].items()
              for t in (e["triage"] if isinstance(e.get("triage"), list) else [e.get("triage") or {}])
              if t.get("kind") == "defect"}
    assert {(d["adapter"]["file"], c) for d in found for c in d["cases"]} == pinned
    for d in found:
        assert f'<a id="{d["id"].lower()}"></a>' in page
        # The defect's mark stands in the row of every MUST row its cases broke.
        for row in d["rows"]:
            line = next(x for x in page.splitlines() if x.startswith(f"| `{row}` |"))
            assert d["id"] in line and "✗" in line, line


def test_a_cell_counts_what_the_pin_says() -> None:
    adapter = {"adapter": {"output": "ag-ui"}, "row_summary": {"8.1.4": {"PASS": 3, "FAIL": 2, "UNSUPPORTED": 4}}}
    assert ecosystem.cell(adapter, "8.1.4", ["D9"]) == "✓3 ✗2 D9"
    assert ecosystem.cell(adapter, "8.1.4", []) == "✓3 ✗2 (pending)"
    assert ecosystem.cell({**adapter, "row_summary": {"8.1.4": {"UNSUPPORTED": 4}}}, "8.1.4", []) == "n-a"


def test_a_browser_renders_the_html_page_with_every_adapter_and_resolvable_defect_links() -> None:
    """Headless Chromium (skipped without it, as tests/test_report_browser.py) loads the committed
    HTML twin: the rows table has a column per pinned adapter and a row per graded row, the legend
    is there, and every defect link points at an element of the page."""
    import re
    import shutil

    import pytest

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no chromium or chromium-browser on PATH (Debian: apt-get install chromium)")
    done = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                           (ROOT / "docs" / "ecosystem.html").as_uri()], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    table = re.search(r'<table id="rows">(.*?)</table>', dom, re.S)
    assert table is not None and 'id="legend"' in dom
    header = re.findall(r"<th>(.*?)</th>", table.group(1).split("</tr>")[0])
    adapters = ecosystem.load()
    assert header[2:] == [a["adapter"]["name"].replace("&", "&amp;") for a in adapters]
    _head, body = ecosystem.table(adapters, ecosystem.defects(adapters))
    assert table.group(1).count("<tr>") == len(body) + 1
    targets = set(re.findall(r'<a href="#([^"]+)"', dom))
    assert targets, "the page links its defects"
    for target in targets:
        assert f'id="{target}"' in dom, f"#{target} has no element on the page"


def test_a_defect_is_not_marked_on_a_row_its_case_missed_only_as_a_should() -> None:
    # 8.1.19 is a MUST row for AG-UI, but a declared missing_finish policy grades a truncated stream's success as a
    # SHOULD miss: the pin counts the case PASS-NONSTRICT there, so the defect that failed the case on another row
    # (here a fragmented call's arguments) is marked on that row only.
    triage = {"kind": "defect", "adapter_source": "pkg@1 a.py:1", "reproducer": "python r.py", "summary": "s"}
    adapter = {"file": "x.verdicts.json", "adapter": {"output": "ag-ui"},
               "cases": {"finish.missing.002[openai-chat]": {"verdict": "FAIL", "triage": triage,
                                                              "rows": ["8.1.19", "robust.invented-input"]}},
               "row_summary": {"8.1.19": {"PASS-NONSTRICT": 1}, "robust.invented-input": {"FAIL": 1}}}
    (defect,) = ecosystem.defects([adapter])
    assert defect["rows"] == {"robust.invented-input"}
