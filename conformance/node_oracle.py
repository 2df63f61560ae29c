"""The second oracle: run ``@tanstack/ai``'s real ``StreamProcessor`` (Node) on event streams.

``tools/consumer-oracle/process.mjs`` reads ``[{id, output, events}]`` on stdin and prints
``[{id, messages, error}]``. It needs ``node`` and ``npm ci --prefix tools/consumer-oracle``.
:func:`normalize` removes only what is legitimately non-deterministic: ``createdAt`` (the
script drops it) and generated message/step ids (``msg-<Date.now()>-<random>`` in Node,
``generated-N`` in the port), which become ``<generated-k>`` in order of first appearance.

Example:
    >>> normalize([{"id": "msg-1763900000000-abc12", "parts": []}, {"id": "msg-1763900000000-abc12"}])
    [{'id': '<generated-1>', 'parts': []}, {'id': '<generated-1>'}]
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

ORACLE_DIR = Path(__file__).resolve().parent.parent / "tools" / "consumer-oracle"
SCRIPT = ORACLE_DIR / "process.mjs"
_GENERATED = re.compile(r'"(msg-\d{10,}-[0-9a-z]*|generated-\d+)"')


def unavailable() -> str | None:
    """Why the Node oracle cannot run here (None when it can)."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (ORACLE_DIR / "node_modules" / "@tanstack" / "ai" / "package.json").is_file():
        return f"@tanstack/ai is not installed: run `npm ci --prefix {ORACLE_DIR}`"
    return None


def run(cases: list[dict[str, Any]], timeout: float = 120.0) -> list[dict[str, Any]]:
    """``[{id, output, events}]`` -> ``[{id, messages, error}]`` from the real processor."""
    proc = subprocess.run(["node", str(SCRIPT)], input=json.dumps(cases), capture_output=True, text=True,
                          timeout=timeout, check=False, cwd=ORACLE_DIR)
    if proc.returncode != 0:
        raise RuntimeError(f"{SCRIPT.name} failed ({proc.returncode}): {proc.stderr.strip()[:500]}")
    out: list[dict[str, Any]] = json.loads(proc.stdout)
    return out


def normalize(messages: Any) -> Any:
    """Generated ids as ``<generated-k>`` (k by first appearance); everything else unchanged."""
    text = json.dumps(messages, sort_keys=True, ensure_ascii=False)
    names: dict[str, str] = {}

    def sub(m: re.Match[str]) -> str:
        return '"' + names.setdefault(m.group(1), f"<generated-{len(names) + 1}>") + '"'

    return json.loads(_GENERATED.sub(sub, text))
