"""The generated-* properties' streams for the default seed, drawn once ahead of time and shipped with the kit.

Drawing the 300 streams of the main job (three properties, 100 streams each, hypothesis at about
60 µs a choice) costs 3 to 5 s of CPU, on a 2-core machine the core the adapter's worker process
needs. ``drawn_streams.json.gz`` beside this module holds, for each property under the reference
adapter's features, exactly what :func:`conformance.properties.drawn_streams` draws with the default
seed: the seed and the streams (each a :class:`~mock_provider.scenario.Scenario` as JSON).
``python tools/draw_streams.py`` writes it; tests/test_drawn.py checks that a fresh draw gives the
same streams field by field.

:func:`lookup` gives them only when they are the draw this process would make: the file's
fingerprint (hypothesis's version, the hypothesis settings profile, the SHA-256 of every source file
the strategies are made of, :data:`SOURCES`) equals this process's. Otherwise, and for any other key
(another seed, another feature set, another number of examples), it gives None and the caller draws
as before (:mod:`conformance.prefetch`, or in process).

Example:
    >>> lookup(("generated-text", None, 7, 1234)) is None  # not a shipped key: the caller draws
    True
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Collection
from pathlib import Path
from typing import Any

from mock_provider.scenario import Scenario

# (property, features or None, examples, seed): the key of conformance.properties._DRAWN.
Key = tuple[str, frozenset[str] | None, int, int | str | None]

FILE = Path(__file__).resolve().with_name("drawn_streams.json.gz")
ROOT = Path(__file__).resolve().parent.parent

# The kit's modules a draw runs (conformance.strategies and what it imports, and the drawing code
# itself): a change to any of them may change the streams, so the shipped ones are no longer used.
# tests/test_drawn.py checks that a draw imports no other module of the kit.
SOURCES = (
    "conformance/__init__.py",
    "conformance/properties.py",
    "conformance/strategies.py",
    "mock_provider/__init__.py",
    "mock_provider/chat_habits.py",
    "mock_provider/derive.py",
    "mock_provider/dialects/__init__.py",
    "mock_provider/dialects/base.py",
    "mock_provider/dialects/mastra.py",
    "mock_provider/dialects/mastra_background.py",
    "mock_provider/dialects/v2.py",
    "mock_provider/dialects/v3.py",
    "mock_provider/dialects/v4.py",
    "mock_provider/matrix_rows.py",
    "mock_provider/parts.py",
    "mock_provider/quirks.py",
    "mock_provider/responses_habits.py",
    "mock_provider/scenario.py",
    "mock_provider/scenario_steps.py",
    "mock_provider/servers.py",
    "mock_provider/short_form.py",
    "mock_provider/transcript.py",
    "mock_provider/yaml_located.py",
)

_LOADED: dict[str, Any] = {}  # "data": the file's JSON, or None when absent, unreadable or not current


def fingerprint(profile: str | None = None) -> str | None:
    """What the streams drawn here depend on besides their key, under ``profile`` (default: the current
    hypothesis settings profile), or None when hypothesis is absent or the profile is not one hypothesis
    registers itself (a conftest's may change draws).

    >>> fingerprint() == fingerprint(), fingerprint("default") == fingerprint("ci"), fingerprint("mine")
    (True, False, None)
    """
    try:
        import hypothesis
        from hypothesis import settings
    except ImportError:
        return None
    current = getattr(settings, "get_current_profile_name", None)
    if profile is None and current is not None:
        profile = current()
    if profile not in ("default", "ci"):
        return None
    digest = hashlib.sha256(f"hypothesis {hypothesis.__version__}\nprofile {profile}\n".encode())
    for name in SOURCES:
        try:
            digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
        except OSError:
            return None
    return digest.hexdigest()


def _encode(key: Key) -> str:
    name, features, examples, seed = key
    return json.dumps([name, None if features is None else sorted(features), examples, seed])


def _data() -> dict[str, Any] | None:
    """The shipped file's draws by encoded key, read once; None when it is not this process's draw."""
    if "data" not in _LOADED:
        data: dict[str, Any] | None = None
        try:
            raw = json.loads(gzip.decompress(FILE.read_bytes()))
            current = fingerprint()
            if current is not None and isinstance(raw, dict) and current in raw.get("fingerprints", ()):
                data = raw["draws"]
        except (OSError, ValueError, KeyError, EOFError):  # absent or damaged: the caller draws
            data = None
        _LOADED["data"] = data
    result: dict[str, Any] | None = _LOADED["data"]
    return result


def available(key: Key) -> bool:
    """Whether :func:`lookup` has ``key``'s streams (without building them).

    >>> available(("generated-mixed", None, 3, 99))
    False
    """
    data = _data()
    return data is not None and _encode(key) in data


def lookup(key: Key) -> tuple[int, list[Scenario]] | None:
    """The shipped seed and streams for ``key``, or None (not shipped, or not what a draw here gives)."""
    data = _data()
    entry = None if data is None else data.get(_encode(key))
    if entry is None:
        return None
    return int(entry["seed"]), [Scenario.model_validate(item) for item in entry["streams"]]


def _draw_all(keys: Collection[Key], profile: str) -> dict[str, Any]:
    """Each key's seed and streams drawn here under ``profile`` (never from this file or a prefetch child)."""
    from hypothesis import settings

    from conformance.properties import _DRAWN, drawn_streams

    before = settings.get_current_profile_name()
    _LOADED["data"] = None  # draw for real
    settings.load_profile(profile)
    try:
        draws: dict[str, Any] = {}
        for key in keys:
            _DRAWN.pop(key, None)
            seed, streams = drawn_streams(*key)
            _DRAWN.pop(key, None)
            draws[_encode(key)] = {"seed": seed, "streams": [s.model_dump(mode="json") for s in streams]}
        return draws
    finally:
        settings.load_profile(before)
        _LOADED.clear()


def shipped_keys() -> list[Key]:
    """The keys the file holds: each property under the reference AG-UI adapter's features (the README's
    main job), the default number of examples and the default seed.

    >>> [key[0] for key in shipped_keys()]
    ['generated-text', 'generated-tools', 'generated-mixed']
    """
    from conformance.contract import AdapterContext
    from conformance.properties import DEFAULT_EXAMPLES, PROPERTIES
    from conformance.reference import agui

    features = agui(AdapterContext(dialect="v3", model=None, scenario_id="x.y")).capabilities.features
    return [(name, frozenset(features), DEFAULT_EXAMPLES, None) for name in PROPERTIES]


def write(keys: Collection[Key], path: Path = FILE) -> Path:
    """Draw ``keys`` under hypothesis's ``default`` profile and write them, valid for each of hypothesis's
    own profiles whose draw is the same (``ci`` is the one hypothesis loads where ``CI`` is set): what
    ``tools/draw_streams.py`` runs."""
    draws = _draw_all(keys, "default")
    valid = [fp for profile in ("default", "ci") if (fp := fingerprint(profile)) is not None
             and (profile == "default" or _draw_all(keys, profile) == draws)]
    if not valid:
        raise RuntimeError("no fingerprint here (hypothesis is missing)")
    text = json.dumps({"fingerprints": valid, "draws": draws}, sort_keys=True, separators=(",", ":"))
    path.write_bytes(gzip.compress(text.encode(), compresslevel=9, mtime=0))
    _LOADED.clear()
    return path


__all__ = ["FILE", "SOURCES", "Key", "available", "fingerprint", "lookup", "shipped_keys", "write"]
