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
