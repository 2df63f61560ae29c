"""Generate docs/ecosystem.md and docs/ecosystem.html: real adapters x rows, from the pinned verdicts.

Every number comes from ``tests/data/*.verdicts.json`` (the per-row counts each real adapter's test
checks against a run, the pinned cases and their triage records), so the page says only what CI
measured. Usage: ``python tools/ecosystem.py`` (write) or ``--check`` (exit 1 if a page is stale);
tests/test_ecosystem.py runs the check.
"""

from __future__ import annotations

import html
import json
import re
import sys
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from _cli import wants_check, write_or_check  # noqa: E402

from conformance.catalog import catalog  # noqa: E402
from mock_provider.corpus import load_scenarios  # noqa: E402

DATA = ROOT / "tests" / "data"
MD = ROOT / "docs" / "ecosystem.md"
HTML = ROOT / "docs" / "ecosystem.html"
RAN_OK = ("PASS", "INFO")


def rel(doc: str) -> str:
    """A repository path as a link from docs/ (where both pages live).

    Example:
        >>> rel("docs/findings-ai-sdk.md#x"), rel("tests/data/a.json")
        ('findings-ai-sdk.md#x', '../tests/data/a.json')
    """
    return doc.removeprefix("docs/") if doc.startswith("docs/") else f"../{doc}"


def load() -> list[dict[str, Any]]:
    """The pin files, in file-name order, each with its ``file`` name added."""
    out = []
    for path in sorted(DATA.glob("*.verdicts.json")):
        pins = json.loads(path.read_text(encoding="utf-8"))
        out.append({**pins, "file": path.name})
    return out


_ROWS: dict[str, list[str]] = {}


def _scenario_rows(case: str) -> list[str]:
    """The rows of a case's scenario (``text.basic.001[v3]`` -> text.basic.001's rows)."""
    if not _ROWS:
        _ROWS.update({sc.id: list(sc.rows) for sc in load_scenarios()})
    return _ROWS.get(case.split("[", 1)[0], [])


def _broken(a: dict[str, Any], row: str) -> bool:
    """Whether ``row`` failed (or errored) in some case of adapter ``a``'s pin (its per-row counts).

    Example:
        >>> _broken({"row_summary": {"8.1.19": {"PASS-NONSTRICT": 2}, "8.1.4": {"FAIL": 1}}}, "8.1.19")
        False
    """
    counts = a["row_summary"].get(row, {})
    return bool(counts.get("FAIL") or counts.get("ERROR"))


def defects(adapters: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One entry per distinct defect (same adapter, source line and reproducer), numbered D1, D2, ... in page order."""
    found: dict[tuple[str, str, str], dict[str, Any]] = {}
    for a in adapters:
        for case, entry in a["cases"].items():
            triage = entry.get("triage", [])
            for t in triage if isinstance(triage, list) else [triage]:
                if t.get("kind") != "defect":
                    continue
                key = (a["file"], t["adapter_source"], t["reproducer"])
                d = found.setdefault(key, {**t, "adapter": a, "cases": [], "rows": set()})
                d["cases"].append(case)
                level = catalog().row
                # An ERROR case pins no rows; its row_summary counts it under every row of its scenario. A catalog
                # MUST row the pin counts no FAIL on was graded SHOULD there (a declared policy lowers it, as
                # missing_finish does 8.1.19): the case missed it, the defect did not break it.
                must = [r for r in entry["rows"] if level(r).level_for(a["adapter"]["output"]) == "MUST"
                        and _broken(a, r)]
                errored = [r for r in _scenario_rows(case) if a["row_summary"].get(r, {}).get("ERROR")
                           and level(r).level_for(a["adapter"]["output"]) is not None]
                d["rows"] |= set(t.get("rows") or (must if entry["rows"] else errored))
    out = list(found.values())
    for i, d in enumerate(out, 1):
        d["id"] = f"D{i}"
    return out


def cell(a: dict[str, Any], row: str, marks: list[str]) -> str:
    """``✓n ~n ✗n`` for one adapter and row (PASS/INFO, PASS-NONSTRICT, FAIL), ``n-a`` when nothing ran."""
    protocol = a["adapter"]["output"]
    counts = a["row_summary"].get(row, {})
    ran = {k: n for k, n in counts.items() if k not in ("UNSUPPORTED", "NOT-EXPRESSIBLE")}
    if catalog().row(row).level_for(protocol) is None or not ran:
        return "n-a"
    parts = [f"✓{sum(ran.get(k, 0) for k in RAN_OK)}"]
    if ran.get("PASS-NONSTRICT"):
        parts.append(f"~{ran['PASS-NONSTRICT']}")
    if ran.get("FAIL") or ran.get("ERROR"):
        parts.append(f"✗{ran.get('FAIL', 0) + ran.get('ERROR', 0)}")
        parts.append(" ".join(marks) if marks else "(pending)")
    return " ".join(parts)


def kinds(entry: dict[str, Any]) -> set[str]:
    """The kinds of a pinned case's triage record(s).

    Example:
        >>> sorted(kinds({"triage": [{"kind": "defect"}, {"kind": "pending"}]})), kinds({})
        (['defect', 'pending'], set())
    """
    triage = entry.get("triage") or []
    return {t.get("kind", "") for t in (triage if isinstance(triage, list) else [triage])}


def _pending_on(a: dict[str, Any], row: str) -> bool:
    """Whether some failing case of this adapter breaks the row and is still pending its triage."""
    return any(row in e["rows"] and "pending" in kinds(e)
               for e in a["cases"].values() if e["verdict"] in ("FAIL", "ERROR"))


def table(adapters: list[dict[str, Any]], found: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """Header and body of the adapters x rows matrix (rows some adapter graded, in catalog order)."""
    graded = {r for a in adapters for r in a["row_summary"]}
    head = ["row", "level"] + [a["adapter"]["name"] for a in adapters]
    body = []
    for row in catalog().rows:
        if row.id not in graded:
            continue
        cells = []
        for a in adapters:
            marks = [d["id"] for d in found if d["adapter"] is a and row.id in d["rows"]]
            if marks and _pending_on(a, row.id):
                marks.append("+pending")
            cells.append(cell(a, row.id, marks))
        body.append([row.id, row.level, *cells])
    return head, body


FIRST_RUN_CLASSES = ("real", "suite-error", "harness")


def precision(real: int, wrong: int) -> str:
    """Real FAIL/ERROR cases over all the kit charged to the adapter (its glue's own bugs not counted).

    Example:
        >>> precision(9, 1), precision(0, 0)
        ('90% (9 of 10)', 'no FAIL')
    """
    total = real + wrong
    return f"{round(100 * real / total)}% ({real} of {total})" if total else "no FAIL"


def first_run(a: dict[str, Any]) -> str:
    """First-run precision from the pin's per-case classification, recorded before any rule changed for it."""
    cases = a.get("first_run", {}).get("cases")
    if cases is None:
        return "not recorded per case (see what changed)"
    classes = [c["class"] for c in cases.values()]
    harness = classes.count("harness")
    shown = precision(classes.count("real"), classes.count("suite-error"))
    return shown + (f"; {harness} glue bug(s) of the harness" if harness else "")


def first_run_total(adapters: list[dict[str, Any]]) -> str:
    """Two sentences: the first-run precision over every configuration whose first run is classified per case,
    by case and by cause (one kit error that fails 124 cases, a route the mock lacked, counts once there).

    >>> first = {"cases": {"a": {"class": "real", "defect": "D-x"}, "b": {"class": "real", "defect": "D-x"},
    ...                    "c": {"class": "suite-error", "rule": "8.1.4"}, "d": {"class": "harness"}}}
    >>> total = first_run_total([{"first_run": first}])
    >>> total.split(": ")[1].split(". ")[0], total.split(": ")[2]
    ('67% (2 of 3)', '50% (1 of 2).')
    """
    recorded = [a for a in adapters if "cases" in a.get("first_run", {})]
    cases = [c for a in recorded for c in a["first_run"]["cases"].values()]
    classes = [c["class"] for c in cases]
    defects = sum(len({c.get("defect") for c in a["first_run"]["cases"].values() if c["class"] == "real"})
                  for a in recorded)
    rules = sum(len({c.get("rule") for c in a["first_run"]["cases"].values() if c["class"] == "suite-error"})
                for a in recorded)
    return (f"First-run precision over the {len(recorded)} configuration(s) whose first run is classified per "
            f"case: {precision(classes.count('real'), classes.count('suite-error'))}. By cause (each "
            f"configuration's distinct defects and distinct suite-error rules): {precision(defects, rules)}.")


def audit(a: dict[str, Any]) -> list[str]:
    """Before/now FAIL counts of one adapter: defects and pending suite errors from the triage records."""
    fails = [e for e in a["cases"].values() if e["verdict"] in ("FAIL", "ERROR")]
    real = sum(1 for e in fails if kinds(e) == {"defect"})
    pending = len(fails) - real
    au = a.get("audit", {})
    return [a["adapter"]["name"], str(au.get("fails_before", "new")), str(len(fails)), str(real), str(pending),
            first_run(a), precision(real, pending), au.get("note", "")]


AUDIT_HEAD = ["adapter", "FAIL/ERROR cases before this round", "FAIL/ERROR cases now", "cases of real defects",
              "cases pending (suite errors)", "first-run precision", "precision now",
              "what changed"]


LEGEND = ("Cell: ✓n cases passed the row, ~n passed but missed a SHOULD, ✗n failed it; a failing cell names "
          "its real defects (D1, ...; +pending when suite errors fail it too) or says (pending) when every "
          "failure there is a suite error awaiting its fix. n-a: the row does not apply to the adapter's output "
          "protocol, or no case it could run grades it.")


def render_md(adapters: list[dict[str, Any]]) -> str:
    """The Markdown page."""
    found = defects(adapters)
    out = ["# Real adapters x rows", "",
           "Generated by `python tools/ecosystem.py` from `tests/data/*.verdicts.json`; do not edit. Each",
           "real adapter runs in CI against the corpus and its verdicts, rows and per-row counts are",
           "checked against these pins; every FAIL carries a triage record (`tests/test_triage.py`).", "",
           *textwrap.wrap(LEGEND.replace("✓n", "`✓n`").replace("~n", "`~n`").replace("✗n", "`✗n`")
                          .replace("(D1", "(`D1`").replace("+pending", "`+pending`")
                          .replace("says (pending)", "says `(pending)`").replace("n-a:", "`n-a`:"), 95),
           "", "## Adapters", "",
           "| adapter | configuration | output | pinned versions | findings |", "|---|---|---|---|---|"]
    for a in adapters:
        ad = a["adapter"]
        versions = ", ".join(f"`{p}` {v}" for p, v in a["versions"].items())
        out.append(f"| {ad['name']} | {ad['config']} | `{ad['output']}` | {versions} | [{ad['findings']}]"
                   f"({rel(ad['findings'])}) |")
    head, body = table(adapters, found)
    out += ["", "## Rows", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join([f"`{r[0]}`", *r[1:]]) + " |" for r in body]
    out += ["", "## Real defects", ""]
    for d in found:
        link = d.get("findings", d["adapter"]["adapter"]["findings"])
        pins = rel("tests/data/" + d["adapter"]["file"])
        out += [f'<a id="{d["id"].lower()}"></a>', "",
                f"**{d['id']}** · {d['adapter']['adapter']['name']} · rows "
                + ", ".join(f"`{r}`" for r in sorted(d["rows"])) + f" · [findings]({rel(link)}) · [triage]({pins})", "",
                f"- source: `{d['adapter_source']}`", f"- reproducer: `{d['reproducer']}`",
                "- cases: " + ", ".join(f"`{c}`" for c in d["cases"]), f"- {d['summary']}", ""]
    out += ["## False-positive audit", "", "| " + " | ".join(AUDIT_HEAD) + " |", "|" + "---|" * len(AUDIT_HEAD)]
    out += ["| " + " | ".join(audit(a)) + " |" for a in adapters]
    out += ["", first_run_total(adapters)]
    return "\n".join(out) + "\n"


def render_html(adapters: list[dict[str, Any]]) -> str:
    """The HTML twin: the same tables, failing cells marked."""
    e = html.escape
    found = defects(adapters)
    head, body = table(adapters, found)

    def tr(cells: list[str], tag: str = "td") -> str:
        return "<tr>" + "".join(f"<{tag}>{c}</{tag}>" for c in cells) + "</tr>"

    def rowcell(text: str) -> str:
        text = re.sub(r"\bD\d+\b", lambda m: f'<a href="#{m[0].lower()}">{m[0]}</a>', text)
        cls = "fail" if "✗" in text else "na" if text == "n-a" else "pass"
        return f'<span class="{cls}">{text}</span>'

    rows = "".join(tr([f"<code>{e(r[0])}</code>", e(r[1]), *(rowcell(e(c)) for c in r[2:])]) for r in body)
    adapters_rows = "".join(tr([e(a["adapter"]["name"]), e(a["adapter"]["config"].replace("`", "")),
                                e(a["adapter"]["output"]),
                                e(", ".join(f"{p} {v}" for p, v in a["versions"].items())),
                                f'<a href="{e(rel(a["adapter"]["findings"]))}">{e(a["adapter"]["findings"])}</a>'])
                            for a in adapters)
    items = "".join(
        f'<li id="{d["id"].lower()}"><b>{d["id"]}</b> {e(d["adapter"]["adapter"]["name"])}: {e(d["summary"])}'
        f"<br>source <code>{e(d['adapter_source'])}</code>, reproducer <code>{e(d['reproducer'])}</code>, cases "
        f"{e(', '.join(d['cases']))}</li>" for d in found)
    audits = "".join(tr([e(c) for c in audit(a)]) for a in adapters)
    style = ("body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;"
             "padding:2px 6px}.fail{color:#b00;font-weight:bold}.na{color:#999}.pass{color:#070}"
             "#rows th{position:sticky;top:0;background:#fff}")
    return ("<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>Real adapters x rows</title>"
            f"<style>{style}</style></head><body>\n<h1>Real adapters x rows</h1>\n"
            "<p>Generated by <code>python tools/ecosystem.py</code> from <code>tests/data/*.verdicts.json</code>"
            " (the same data as docs/ecosystem.md).</p>\n"
            f"<h2>Adapters</h2>\n<table>{tr(['adapter', 'configuration', 'output', 'versions', 'findings'], 'th')}"
            f"{adapters_rows}</table>\n<h2>Rows</h2>\n<p id=\"legend\">{e(LEGEND)}</p>\n"
            f"<table id=\"rows\">{tr([e(h) for h in head], 'th')}{rows}</table>\n"
            f"<h2>Real defects</h2>\n<ul>{items}</ul>\n<h2>False-positive audit</h2>\n"
            f"<table>{tr([e(h) for h in AUDIT_HEAD], 'th')}{audits}</table>\n<p>{e(first_run_total(adapters))}</p>\n"
            "</body></html>\n")


def main(argv: list[str]) -> int:
    """Write both pages, or with ``--check`` report whether they are current."""
    check = wants_check("python tools/ecosystem.py", "Generate docs/ecosystem.md and .html from the pinned "
                        "verdicts of real adapters (tests/data/*.verdicts.json).", argv)
    adapters = load()
    return write_or_check({MD: render_md(adapters), HTML: render_html(adapters)}, check, "python tools/ecosystem.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
