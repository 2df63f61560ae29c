"""Importing an adapter's factory from ``MODULE:FACTORY`` (``--adapter``, and the harness worker's argument).

Its own module, importing nothing else of the kit at run time: the worker process of
``--adapter-isolation=process`` (:mod:`conformance.harness`) loads the factory with it and has no use
for the grader (:mod:`conformance.session` and what it imports, about 0.8 s of imports at each start).

Example:
    >>> load_factory("conformance.reference:agui").__name__
    'agui'
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from conformance.runner import Factory

__all__ = ["AdapterLoadError", "load_factory"]


class AdapterLoadError(Exception):
    """``--adapter`` could not be imported or called; the message says which part failed."""


def _import(mod_name: str, search: Sequence[Path]) -> Any:
    """Import a module; when its top package is nowhere on ``sys.path``, look in ``search`` too
    (the current directory and the rootdir, as ``python -m pytest`` would; plain ``pytest`` does not)."""
    top = mod_name.split(".", 1)[0]
    try:
        return importlib.import_module(mod_name)
    except ModuleNotFoundError as exc:
        if exc.name != top:
            raise
    extra = [str(p) for p in search if str(p) not in sys.path]
    sys.path.extend(extra)
    try:
        return importlib.import_module(mod_name)
    except ModuleNotFoundError as exc:
        if exc.name != top:
            raise
        where = ", ".join(str(p) for p in search) or "nowhere else"
        raise AdapterLoadError(
            f"cannot import adapter module {mod_name!r}: no module named {top!r} on sys.path nor in {where}; "
            f"install the adapter's package (pip install -e .) or put its directory on PYTHONPATH") from None


def load_factory(spec: str, search: Sequence[Path] = ()) -> Factory:
    """Import ``MODULE:FACTORY`` (``search``: directories to try when the module is not importable).

    >>> load_factory("conformance.reference:agui").__name__
    'agui'
    >>> load_factory("no_such_adapter_module:f")
    Traceback (most recent call last):
    ...
    conformance.factory_import.AdapterLoadError: cannot import adapter module 'no_such_adapter_module': ...
    """
    if ":" not in spec:
        raise AdapterLoadError(f"--adapter must be MODULE:FACTORY (got {spec!r})")
    mod_name, _, attr = spec.partition(":")
    try:
        mod = _import(mod_name, search)
    except AdapterLoadError:
        raise
    except Exception as exc:
        raise AdapterLoadError(f"cannot import adapter module {mod_name!r}: {type(exc).__name__}: {exc}") from exc
    obj: Any = mod
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise AdapterLoadError(f"module {mod_name!r} has no attribute {attr!r}")
        obj = getattr(obj, part)
    if not callable(obj):
        raise AdapterLoadError(f"{spec} is not callable (expected factory(ctx) -> adapter)")
    factory: Factory = obj
    return factory
