"""MkDocs hook: links from docs/ to the repository's other files (``../tests/data/x.json``).

MkDocs checks links between documentation pages (``mkdocs build --strict`` fails on a broken one) but
reports every link that leaves ``docs/`` as not found. This hook rewrites such a link to the file on the
repository host when ``repo_url`` is set, or to the path in code font when it is not, and reports a
link to a file the repository does not have as a warning, which ``--strict`` turns into a failure.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.plugins.sac_links")
LINK = re.compile(r"\[([^\]]*)\]\((\.\./[^)#\s]+)(#[^)\s]*)?\)")


def rewrite(markdown: str, page_dir: Path, repo_root: Path, repo_url: str | None, page: str) -> str:
    """Every ``](../path)`` that leaves the docs directory, rewritten; a missing target is logged.

    >>> import tempfile; root = Path(tempfile.mkdtemp()); (root / "docs").mkdir(); _ = (root / "a.txt").write_text("")
    >>> rewrite("see [a](../a.txt)", root / "docs", root, None, "p.md")
    'see `a.txt` (a)'
    >>> rewrite("see [a](../a.txt)", root / "docs", root, "https://h/o/r", "p.md")
    'see [a](https://h/o/r/blob/main/a.txt)'
    """
    def one(match: re.Match[str]) -> str:
        text, target, anchor = match.group(1), match.group(2), match.group(3) or ""
        path = (page_dir / target).resolve()
        try:
            relative = path.relative_to(repo_root.resolve()).as_posix()
        except ValueError:
            log.warning("Doc file '%s' links outside the repository: %s", page, target)
            return match.group(0)
        if relative.startswith("docs/"):
            return match.group(0)  # a page: MkDocs checks it
        if not path.exists():
            log.warning("Doc file '%s' contains a link to '%s', which the repository does not have", page, relative)
            return match.group(0)
        if repo_url:
            return f"[{text}]({repo_url.rstrip('/')}/blob/main/{relative}{anchor})"
        return f"`{relative}` ({text})" if text.strip("`") != relative else f"`{relative}`"
    return LINK.sub(one, markdown)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """MkDocs' hook: rewrite the page's links to repository files before MkDocs checks the rest."""
    docs_dir = Path(config["docs_dir"])
    page_dir = (docs_dir / page.file.src_path).parent
    return rewrite(markdown, page_dir, docs_dir.parent, config.get("repo_url"), page.file.src_path)
