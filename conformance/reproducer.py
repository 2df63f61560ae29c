"""Reproducers: a scenario (typically a shrunk generated stream) written as a ready-to-commit YAML file.

The YAML is what a person would write under ``fixtures/scenarios/``: ``id``, ``title``,
``rows``, ``citations``, ``request``, ``script`` (one canonical part per step, flow style),
``expected`` and, where dialects differ, ``expected_by_dialect``. It validates against
``fixtures/schemas/scenario.schema.json`` and loads with :func:`mock_provider.scenario.load_scenario`,
so dropping the file into ``fixtures/scenarios/`` makes the failure a regular case.

Example:
    >>> from mock_provider.parts import parse_part
    >>> from mock_provider.scenario import parse_scenario_text
    >>> from conformance.strategies import build_scenario
    >>> s = build_scenario("text", [parse_part({"type": "text-delta", "id": "t", "delta": "Hi 😀"})])
    >>> text = scenario_yaml(s)
    >>> parse_scenario_text(text).model_dump() == s.model_dump()
    True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from mock_provider.parts import Finish, dump_part
from mock_provider.scenario import Scenario, Step

DEFAULT_DIR = "reports/reproducers"
# YAML 1.1 line breaks that PyYAML writes raw in plain or single-quoted scalars (allow_unicode)
# and then folds to a space when reading: such strings go double-quoted, where they are escaped.
_BREAKS = ("\x85", "\u2028", "\u2029")


class _Dumper(yaml.SafeDumper):
    pass


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = '"' if any(b in value for b in _BREAKS) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def _step(step: Step) -> dict[str, Any]:
    if step.part is None:
        return step.model_dump(mode="json", exclude_defaults=True)
    part = dump_part(step.part)
    if isinstance(step.part, Finish) and step.part.usage is None:
        part["usage"] = None  # 'usage: null' is "no usage key", unlike an absent (all-undefined) usage
    out: dict[str, Any] = {"part": part}
    if step.delay_ms:
        out["delay_ms"] = step.delay_ms
    return out


def scenario_document(scenario: Scenario) -> dict[str, Any]:
    """The scenario as the mapping a scenario file holds (keys in the corpus' usual order).

    >>> from mock_provider.scenario import load_corpus
    >>> list(scenario_document(next(s for s in load_corpus() if s.id == "text.basic.001")))[:4]
    ['id', 'title', 'description', 'rows']
    """
    doc: dict[str, Any] = {"id": scenario.id, "title": scenario.title}
    if scenario.description:
        doc["description"] = scenario.description
    doc["rows"] = list(scenario.rows)
    doc["citations"] = [c.model_dump(mode="json") for c in scenario.citations]
    doc["request"] = scenario.request.model_dump(mode="json", exclude_defaults=True)
    for key in ("dialects", "requires", "client", "wire", "match", "contract"):
        value = getattr(scenario, key)
        dumped = value.model_dump(mode="json", exclude_defaults=True) if hasattr(value, "model_dump") else value
        if dumped:
            doc[key] = dumped
    doc["script"] = [_step(s) for s in scenario.script]
    expected = scenario.expected.model_dump(mode="json", exclude_defaults=True)
    # Always state the finish reason and usage: "null" there is a claim, not an omission.
    expected.setdefault("finish_reason", scenario.expected.finish_reason)
    expected.setdefault("usage", None)
    doc["expected"] = expected
    if scenario.expected_by_dialect:
        doc["expected_by_dialect"] = dict(scenario.expected_by_dialect)
    return doc


def scenario_yaml(scenario: Scenario, header: str = "") -> str:
    """The scenario as YAML text; ``header`` lines become ``#`` comments at the top.

    >>> from mock_provider.parts import parse_part
    >>> from conformance.strategies import build_scenario
    >>> s = build_scenario("text", [parse_part({"type": "text-delta", "id": "t", "delta": "a"})])
    >>> print(scenario_yaml(s).splitlines()[0])
    id: generated.text.e77223bc61
    """
    body = yaml.dump(scenario_document(scenario), Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                     default_flow_style=None, width=100_000)
    comments = "".join(f"# {line}\n" if line else "#\n" for line in header.splitlines())
    return comments + body


def write_reproducer(scenario: Scenario, directory: str | Path = DEFAULT_DIR, header: str = "") -> Path:
    """Write ``<directory>/<scenario id>.yaml`` (directories created) and return its path.

    >>> import tempfile
    >>> from mock_provider.parts import parse_part
    >>> from mock_provider.scenario import load_scenario
    >>> from conformance.strategies import build_scenario
    >>> s = build_scenario("text", [parse_part({"type": "text-delta", "id": "t", "delta": "a"})])
    >>> load_scenario(write_reproducer(s, tempfile.mkdtemp())).expected.text
    'a'
    """
    path = Path(directory) / f"{scenario.id}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(scenario_yaml(scenario, header), encoding="utf-8")
    return path
