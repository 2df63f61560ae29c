"""The TypeScript harness package (``harness/ts``) as an npm tarball, shipped inside the Python wheel.

A TypeScript project installs the harness from the installed kit, with no clone of this repository
and no npm registry entry: ``npm install --save-dev "$(conformance ts-harness-path)"``. The wheel's
build (``hatch_build.py``) packs the tarball with :func:`pack`; in a checkout or an editable install
:func:`tarball` packs ``harness/ts`` on first use into a directory named by its content hash.

The tarball is what ``npm pack`` makes (``package/`` prefix, the manifest's ``files`` plus
``package.json``), written with the standard library so the wheel's build needs no Node. This module
imports nothing outside the standard library: the build hook loads it by path.

Example:
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     pack(source_directory(), Path(d)).name
    'stream-adapter-conformance-harness-0.1.0.tgz'
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import tarfile
import tempfile
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
# In the wheel (hatch_build.py puts it there), then the checkout's sources.
SHIPPED = _PACKAGE / "_ts_harness"
CHECKOUT = _PACKAGE.parent / "harness" / "ts"
# npm pack's fixed timestamp (1985-10-26T08:15:00Z): the same sources give the same bytes.
_NPM_MTIME = 499162500


class TsHarnessError(Exception):
    """The harness package is neither in the installed kit nor in a checkout beside it."""


def source_directory() -> Path:
    """The checkout's ``harness/ts`` (absent from the wheel, which ships the tarball instead).

    >>> (source_directory() / "package.json").is_file()
    True
    """
    if not (CHECKOUT / "package.json").is_file():
        raise TsHarnessError(f"no TypeScript harness sources at {CHECKOUT}")
    return CHECKOUT


def _members(source: Path) -> tuple[str, list[str]]:
    """The tarball's file name and the package's files (``package.json`` first, as npm does)."""
    manifest = json.loads((source / "package.json").read_text(encoding="utf-8"))
    files = ["package.json", *sorted(f for f in manifest.get("files", []) if f != "package.json")]
    missing = [f for f in files if not (source / f).is_file()]
    if missing:
        raise TsHarnessError(f"{source}: package.json lists missing files {missing}")
    return f"{manifest['name']}-{manifest['version']}.tgz", files


def pack(source: Path, destination: Path) -> Path:
    """Write the npm tarball of the package in ``source`` into ``destination``; its path.

    >>> import tarfile, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     "package/index.js" in tarfile.open(pack(source_directory(), Path(d))).getnames()
    True
    """
    name, files = _members(source)
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for file in files:
            data = (source / file).read_bytes()
            info = tarfile.TarInfo(f"package/{file}")
            info.size, info.mtime, info.mode = len(data), _NPM_MTIME, 0o644
            tar.addfile(info, io.BytesIO(data))
    destination.mkdir(parents=True, exist_ok=True)
    out = destination / name
    with out.open("wb") as handle, gzip.GzipFile(filename="", mode="wb", fileobj=handle, mtime=0) as gz:
        gz.write(raw.getvalue())
    return out


def tarball() -> Path:
    """The harness tarball: the one the wheel ships, else packed from the checkout (cached by content).

    >>> tarball().name
    'stream-adapter-conformance-harness-0.1.0.tgz'
    """
    shipped = sorted(SHIPPED.glob("*.tgz")) if SHIPPED.is_dir() else []
    if shipped:
        return shipped[-1]
    source = source_directory()
    name, files = _members(source)
    digest = hashlib.sha256()
    for file in files:
        digest.update(file.encode() + b"\0" + (source / file).read_bytes())
    cached = Path(tempfile.gettempdir()) / f"sac-ts-harness-{digest.hexdigest()[:16]}" / name
    if cached.is_file():
        return cached
    # Packed beside, then renamed: a concurrent reader never sees half a tarball.
    cached.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=cached.parent))
    pack(source, staging).replace(cached)
    staging.rmdir()
    return cached
