"""A run split across machines: what each shard records, and merging the shards' reports into one.

Splitting is pytest-split's (``pip install 'stream-adapter-conformance[split]'``): each machine runs
``pytest --adapter=... --splits 3 --group N``, balanced by the durations a ``--store-durations`` run
recorded. Each shard's ``conformance.json`` says which shard it is (``run.shard``): its group, the
number of splits, the cases the whole run plans (after ``-k``/``-m``) and the cases this shard was
given. :func:`merge_reports` puts the shards back together into the report one unsplit run writes,
and refuses shards that overlap, leave cases out, or are not the same run (kit version, adapter,
isolation, settings).

Example:
    >>> base = {"format": 1, "adapter": {"spec": "a:f", "capabilities": None, "policies": []},
    ...         "versions": {"kit": "1"}, "profile": None, "strict": False, "dialects": ["v3"],
    ...         "scenarios": {}, "rows": [], "gate": None}
    >>> def shard(group, cases):
    ...     run = {"status": "complete", "isolation": "process", "shard": {"tool": "pytest-split",
    ...            "group": group, "splits": 2, "planned": ["a[v3]", "b[v3]"], "selected": cases}}
    ...     return {**base, "run": run, "timestamp": f"2026-01-0{group}T00:00:00+00:00", "totals": {},
    ...             "cases": []}
    >>> merged = merge_reports([("1.json", shard(1, ["a[v3]"])), ("2.json", shard(2, ["b[v3]"]))])
    >>> merged["run"]["merged"]["splits"], merged["timestamp"]
    (2, '2026-01-02T00:00:00+00:00')
    >>> merge_reports([("1.json", shard(1, ["a[v3]"])), ("2.json", shard(2, ["a[v3]"]))])
    Traceback (most recent call last):
    ...
    conformance.shard.MergeError: 1.json and 2.json overlap: both ran a[v3]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pytest

from conformance.report import VERDICTS, ReportError, incomplete, shard_of
from conformance.session import worst_of

TOOL = "pytest-split"
# What the shards of one run share; a difference means they are not one run split (label, path in the report).
SAME_RUN: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("the kit version", ("versions", "kit")),
    ("the adapter", ("adapter", "spec")),
    ("the adapter's version", ("versions", "adapter")),
    ("the adapter's capabilities", ("adapter", "capabilities")),
    ("the adapter's policies", ("adapter", "policies")),
    ("isolation", ("run", "isolation")),
    ("the profile", ("profile",)),
    ("strict mode", ("strict",)),
    ("the dialects", ("dialects",)),
    ("the Python version", ("versions", "python")),
    ("the pytest version", ("versions", "pytest")),
    ("the pydantic version", ("versions", "pydantic")),
    ("the baseline", ("gate", "baseline")),
    ("the deviations file", ("gate", "deviations_file")),
    ("the matrix rows", ("_row_ids",)),
    ("the number of splits", ("run", "shard", "splits")),
    ("the planned cases (the same -k/-m and durations file on every shard?)", ("run", "shard", "planned")),
)
MAX_NAMED = 5


class MergeError(ReportError):
    """Shard reports that cannot be merged into one run's report (names the files and why)."""


# ---------------------------------------------------------------- recording a shard (pytest side)
def case_key(item: pytest.Item) -> str:
    """The case a suite item runs, ``scenario[dialect]`` (a generated-* one: ``property[dialect]``), or its node id.

    The key of a corpus case is its report entry's ``case``, so a merge can order the cases as one run does.
    """
    param = next(iter(getattr(getattr(item, "callspec", None), "params", {}).values()), None)
    if isinstance(param, tuple) and len(param) == 2:
        first = getattr(param[0], "id", param[0])
        return f"{first}[{param[1]}]"
    return item.nodeid


def split_options(config: pytest.Config) -> tuple[int, int] | None:
    """pytest-split's ``(group, splits)`` when this run is one shard of a split run, else None."""
    splits = getattr(config.option, "splits", None)
    group = getattr(config.option, "group", None)
    return (int(group), int(splits)) if splits and group else None


def record_shard(config: pytest.Config, candidates: Sequence[pytest.Item], selected: Sequence[pytest.Item],
                 deselections: Sequence[Sequence[pytest.Item]]) -> dict[str, Any]:
    """What ``run.shard`` of this shard's report says, from one ``pytest_collection_modifyitems`` call.

    ``candidates`` are the items before any deselection, ``selected`` the shard's items after all of
    it, ``deselections`` every ``pytest_deselected`` call in between. pytest-split deselects last
    (``trylast``), once, so the whole run's plan is the shard plus that last call; it is checked by
    splitting the plan again with pytest-split's own algorithm, which must give this shard back.
    """
    where = split_options(config)
    assert where is not None
    group, splits = where
    chosen = {item.nodeid for item in selected}
    last = {item.nodeid for item in deselections[-1]} if deselections else set()
    planned = [item for item in candidates if item.nodeid in chosen or item.nodeid in last]
    again = _split_again(config, planned, splits)
    if again is not None and {item.nodeid for item in again[group - 1]} != chosen:
        raise pytest.UsageError(
            "conformance: cannot tell which cases the whole split run has: a plugin deselected cases after "
            "pytest-split, so a merge could not find a shard's missing cases; deselect with -k/-m instead")
    return {"tool": TOOL, "group": group, "splits": splits,
            "planned": [case_key(item) for item in planned], "selected": [case_key(item) for item in selected]}


def _split_again(config: pytest.Config, items: list[pytest.Item], splits: int) -> list[list[pytest.Item]] | None:
    """pytest-split's groups for ``items`` with the durations it loaded (None: not its plugin as known)."""
    try:
        from pytest_split.algorithms import Algorithms
    except ImportError:
        return None
    plugin = config.pluginmanager.get_plugin("pytestsplitplugin")
    durations = getattr(plugin, "cached_durations", None)
    name = getattr(config.option, "splitting_algorithm", None)
    if not isinstance(durations, dict) or name not in Algorithms.names():
        return None
    return [list(g.selected) for g in Algorithms[name].value(splits, list(items), durations)]


# ---------------------------------------------------------------- merging the shards' reports
def _get(report: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    if path == ("_row_ids",):
        return [r["id"] for r in report["rows"]]
    value: Any = report
    for key in path:
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


def _named(items: Iterable[str]) -> str:
    items = list(items)
    more = len(items) - MAX_NAMED
    return ", ".join(items[:MAX_NAMED]) + (f" and {more} more" if more > 0 else "")


def _part(report: Mapping[str, Any]) -> Mapping[str, Any]:
    shard = shard_of(report)
    assert shard is not None  # _check_shards refused a report without one
    return shard


def _check_shards(named: Sequence[tuple[str, Mapping[str, Any]]]) -> None:
    """Raise :class:`MergeError` unless the reports are every shard of one run, each once, none overlapping."""
    if not named:
        raise MergeError("no shard reports given")
    for source, report in named:
        if (why := incomplete(report)) is not None:
            raise MergeError(f"{source}: {why}")
        if shard_of(report) is None:
            raise MergeError(f"{source}: not a shard of a split run (no run.shard): it is a whole run already")
    _check_same_run(named)
    _check_cover(named)


def _check_same_run(named: Sequence[tuple[str, Mapping[str, Any]]]) -> None:
    first_source, first = named[0]
    for source, report in named[1:]:
        for label, path in SAME_RUN:
            if _get(report, path) != _get(first, path):
                a, b = _get(first, path), _get(report, path)
                shown = "" if isinstance(a, list | dict) else f": {a!r} vs {b!r}"
                raise MergeError(f"{first_source} and {source} are not shards of one run: they differ on {label}"
                                 + shown)


def _check_cover(named: Sequence[tuple[str, Mapping[str, Any]]]) -> None:
    first = named[0][1]
    splits = int(_part(first)["splits"])
    by_group: dict[int, str] = {}
    for source, report in named:
        group = int(_part(report)["group"])
        if group in by_group:
            raise MergeError(f"{by_group[group]} and {source} overlap: both are shard {group}/{splits}")
        by_group[group] = source
    ran: dict[str, str] = {}
    for source, report in named:
        for key in _part(report)["selected"]:
            if key in ran:
                raise MergeError(f"{ran[key]} and {source} overlap: both ran {key}")
            ran[key] = source
    planned = list(_part(first)["planned"])
    missing_groups = [f"{g}/{splits}" for g in range(1, splits + 1) if g not in by_group]
    missing = [key for key in planned if key not in ran]
    if missing_groups or missing:
        raise MergeError("the shards miss cases of the run: "
                         + (f"no report of shard {', '.join(missing_groups)}; " if missing_groups else "")
                         + f"{len(missing)} planned case(s) in no shard" + (f": {_named(missing)}" if missing else ""))
    extra = [key for key in ran if key not in set(planned)]
    if extra:
        raise MergeError(f"the shards ran cases the run did not plan: {_named(extra)}")


def merge_reports(named: Sequence[tuple[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """One report from every shard's ``conformance.json`` (``(source, report)`` pairs, any order).

    The result is what one unsplit run writes, but for the durations, the timestamp (the last
    shard's) and ``run.merged`` (which shards it was made of). :class:`MergeError` names the files when
    the shards are not every shard of one run exactly once.
    """
    _check_shards(named)
    shards = sorted(named, key=lambda pair: int(_part(pair[1])["group"]))
    first = shards[0][1]
    order = {key: i for i, key in enumerate(_part(first)["planned"])}
    cases = [c for _, report in shards for c in report["cases"]]
    seen: dict[str, int] = Counter(c["case"] for c in cases)
    twice = [case for case, n in seen.items() if n > 1]
    if twice:
        raise MergeError(f"the shards overlap: more than one has the case(s) {_named(twice)}")
    cases.sort(key=lambda c: order.get(c["case"], len(order)))  # stable: a generated-* case keeps its shard order
    totals: Counter[str] = Counter()
    for _, report in shards:
        totals.update(report["totals"])
    scenarios: dict[str, Any] = {}
    for _, report in shards:
        scenarios.update(report["scenarios"])
    shard = _part(first)
    return {
        "format": first["format"],
        "run": {"status": "complete", "isolation": first["run"]["isolation"],
                "merged": {"tool": shard["tool"], "splits": shard["splits"],
                           "shards": [{"group": _part(r)["group"], "source": s,
                                       "timestamp": r["timestamp"]} for s, r in shards]}},
        "adapter": first["adapter"],
        "versions": first["versions"],
        "profile": first["profile"],
        "strict": first["strict"],
        "dialects": first["dialects"],
        "timestamp": max(r["timestamp"] for _, r in shards),
        "totals": {v: totals[v] for v in VERDICTS if totals.get(v)},
        "rows": _merge_rows([r["rows"] for _, r in shards]),
        "scenarios": {sid: scenarios[sid] for sid in sorted(scenarios)},
        "cases": cases,
        "gate": _merge_gates([r["gate"] for _, r in shards]),
    }


def _merge_rows(per_shard: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Row counts add up case by case; a row's verdict is the worst of the summed counts, as in one run."""
    merged = []
    for at, row in enumerate(per_shard[0]):
        counts: Counter[str] = Counter()
        for rows in per_shard:
            counts.update(rows[at]["counts"])
        merged.append({**row, "counts": {v: counts[v] for v in VERDICTS if counts.get(v)},
                       "verdict": worst_of(counts) if counts else None})
    return merged


def _merge_gates(gates: list[Mapping[str, Any] | None]) -> dict[str, Any] | None:
    """The gate over every case: the lists joined; a deviation is unused only when no shard used it."""
    present = [g for g in gates if g is not None]
    if not present:
        return None
    if len(present) != len(gates):
        raise MergeError("some shards have a gate section and some not: not one run")
    unused = [d for d in present[0]["unused_deviations"] if all(d in g["unused_deviations"] for g in present)]
    merged: dict[str, Any] = {"failed": any(g["failed"] for g in present), "baseline": present[0]["baseline"],
                              "deviations_file": present[0]["deviations_file"]}
    for key in ("regressions", "regressed_rows", "known_failures", "deviations"):
        merged[key] = sorted({x for g in present for x in g[key]})
    merged["unused_deviations"] = unused
    return merged
