"""``conformance init``: write a starter adapter that passes the suite, and the lines that run it.

``--lang ts`` writes the TypeScript starter instead (:func:`write_ts_starter`): the harness package's
tarball from the installed kit, a 15-line glue ``conformance-harness.mjs`` and a small adapter
``my-adapter.mjs`` (AI SDK V3 parts in, UI message stream out) that passes the suite.

The starter is the kit's ``examples/minimal_adapter.py`` (shipped inside the wheel as
``conformance/_starter_adapter.py``): AI SDK V3/V4 parts in, AG-UI events out, with the
request conversion, text, tools, errors, abort and usage. It declares no reasoning, structured
output or multimodal input, so those cases are UNSUPPORTED (skipped with the reason); it passes
all the others. Edit it into your adapter and rerun the same command.

Example:
    >>> "def factory(ctx: AdapterContext)" in starter_source()
    True
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
# In the wheel (pyproject force-include), and in a checkout or an editable install.
_PLACES = (_PACKAGE / "_starter_adapter.py", _PACKAGE.parent / "examples" / "minimal_adapter.py")
_TS_PLACES = (_PACKAGE / "_ts_starter", _PACKAGE.parent / "examples" / "ts-starter")
TS_FILES = ("conformance-harness.mjs", "my-adapter.mjs")
# The tarball name the starter's comments show (the installed kit's own replaces it).
_TS_TARBALL_SHOWN = "stream-adapter-conformance-harness-0.1.0.tgz"


class InitError(Exception):
    """``conformance init`` would overwrite a file, or was given a bad module name."""


def starter_source() -> str:
    """The starter adapter's source text."""
    for path in _PLACES:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    raise InitError(f"the starter adapter is missing from the installed kit (looked in {', '.join(map(str, _PLACES))})")


def snippet(module: str) -> str:
    """The README lines that run the suite on the starter.

    >>> print(snippet("my_adapter").splitlines()[2])
    pytest --adapter=my_adapter:factory
    """
    return (f"## Conformance\n\n"
            f"pytest --adapter={module}:factory\n\n"
            f"The stream adapter conformance suite runs every scenario in every dialect `{module}` consumes;\n"
            f"`-k <scenario id>` runs one, reports go to reports/conformance.md.\n")


def write_starter(directory: str | Path, module: str = "my_adapter", *, force: bool = False) -> list[Path]:
    """Write ``<module>.py`` and ``CONFORMANCE.md`` into ``directory``; the paths written.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in write_starter(d)]
    ['my_adapter.py', 'CONFORMANCE.md']
    """
    if not module.isidentifier():
        raise InitError(f"{module!r} is not a Python module name")
    root = Path(directory)
    targets = [root / f"{module}.py", root / "CONFORMANCE.md"]
    existing = [str(p) for p in targets if p.exists()]
    if existing and not force:
        raise InitError(f"not overwriting {', '.join(existing)} (--force does)")
    root.mkdir(parents=True, exist_ok=True)
    source = starter_source().replace("pytest --adapter=examples.minimal_adapter:factory",
                                      f"pytest --adapter={module}:factory")
    targets[0].write_text(source, encoding="utf-8")
    targets[1].write_text(snippet(module), encoding="utf-8")
    return targets


def ts_snippet(tarball: str) -> str:
    """The lines that install the harness from its tarball and run the suite on the TypeScript starter.

    >>> print(ts_snippet("h-1.0.0.tgz").splitlines()[2])
    npm install --save-dev ./h-1.0.0.tgz
    """
    return (f"## Conformance\n\n"
            f"npm install --save-dev ./{tarball}\n"
            f"pytest --adapter-cmd \"node conformance-harness.mjs\"\n\n"
            f"The stream adapter conformance suite runs every scenario in every dialect conformance-harness.mjs\n"
            f"declares; `-k <scenario id>` runs one, reports go to reports/conformance.md.\n")


def write_ts_starter(directory: str | Path, *, force: bool = False) -> list[Path]:
    """Write the TypeScript starter into ``directory``: the harness tarball, the glue, the adapter, CONFORMANCE.md.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     [p.name for p in write_ts_starter(d)]  # doctest: +NORMALIZE_WHITESPACE
    ['stream-adapter-conformance-harness-0.1.0.tgz', 'conformance-harness.mjs', 'my-adapter.mjs',
     'CONFORMANCE.md']
    """
    from conformance.ts_harness import TsHarnessError, tarball

    try:
        packed = tarball()
    except TsHarnessError as exc:
        raise InitError(str(exc)) from exc
    source = next((d for d in _TS_PLACES if all((d / f).is_file() for f in TS_FILES)), None)
    if source is None:
        raise InitError(f"the TypeScript starter is missing from the installed kit (looked in "
                        f"{', '.join(map(str, _TS_PLACES))})")
    root = Path(directory)
    targets = [root / packed.name, *(root / f for f in TS_FILES), root / "CONFORMANCE.md"]
    existing = [str(p) for p in targets if p.exists()]
    if existing and not force:
        raise InitError(f"not overwriting {', '.join(existing)} (--force does)")
    root.mkdir(parents=True, exist_ok=True)
    targets[0].write_bytes(packed.read_bytes())
    for name, target in zip(TS_FILES, targets[1:], strict=False):
        target.write_text((source / name).read_text(encoding="utf-8").replace(_TS_TARBALL_SHOWN, packed.name),
                          encoding="utf-8")
    targets[-1].write_text(ts_snippet(packed.name), encoding="utf-8")
    return targets
