"""The rule catalog: every matrix row as data, in one place (``fixtures/matrix.yaml``).

A row has an id, a level (MUST, SHOULD, MAY), an axis (content or termination), a title, the
sources it rests on (a published type, a consumer's code, a seed section, the spec reference,
each with a path or a package version), and, per output protocol, whether and how it applies
(``applies``; a protocol not named there gets the row's own level). Code names rows through this
catalog: :func:`declare` checks a module's row ids when the module is imported, and a
:class:`~conformance.findings.Finding` on an unknown row raises :class:`UnknownRow` when it is
made, so a misspelt id is an error, never a silent MUST. (ag-ui-validate keeps its rules as such
a catalog with ids, severity and messages, checked at import.)

Sources speak per output protocol. A source's ``protocols`` names the output protocols (families:
``ag-ui``, ``tanstack``, ``tanstack-legacy``, ``ui-message-stream``) whose producer or consumer it
describes: a consumer's code speaks for the protocol that consumer reads, an AG-UI event table for
AG-UI, spec-reference section 8 (written for AG-UI and the TanStack chunks, see its heading) for
those three only, a ``ai`` file and line for the UI message stream. A source without
``protocols`` is protocol-neutral, and that is allowed only where it truly speaks for every
output: the upstream input (``@ai-sdk/provider`` types, the request an adapter sends, how a
provider reads a part), or a spec passage that names every protocol. A rule whose only source
is another protocol's consumer does not apply to a protocol (``applies: n/a`` with why), or is a
POLICY (``policy``: the :class:`~conformance.contract.Policies` field whose declared value the
row grades). :meth:`Matrix.unsourced` lists every MUST row, at its level for a protocol, with no
source for that protocol; tests/test_catalog.py keeps it empty.

A protocol is matched by family: ``ui-message-stream@7`` reads the ``ui-message-stream`` sources
and ``applies`` entries (:func:`family`).

A MUST is harm. A source may say *which harm* it shows, for the protocols it speaks for, in
``harm``; a row is MUST for a protocol only if one of its sources for that protocol does:

* ``schema``: the protocol's published schema rejects the event (``@ag-ui/core`` EventSchema,
  ``ai``'s uiMessageChunkSchema, a published chunk type);
* ``consumer``: the protocol's official consumer throws, or ends in a state the scenario's
  expected transcript does not give (``ai``'s processUIMessageStream / readUIMessageStream and
  Chat, ``@ag-ui/client``'s verifyEvents and default apply, TanStack's StreamProcessor and chat()
  engine reading an adapter's chunks; ``@tanstack/ai`` 0.2.2's for the legacy chunks). A TanStack
  chunk is "a typed AG-UI event" served to AG-UI clients (``@tanstack/ai`` 0.58.0
  skills/ai-core/ag-ui-protocol/SKILL.md:8, :39-40), so ``@ag-ui/client`` reads the ``tanstack``
  protocol too. Cite the consumer's own code (file:line, pinned version),
  never a producer's (streamText, toUIMessageStream): what a reference producer happens to do is
  a habit, at most SHOULD;
* ``upstream``: what reached the model is wrong (the mock's request log: an abort not sent, a
  wrong prompt or tool result, a retry where none is allowed); such a source may be neutral;
* ``normative``: a sentence of the protocol's own published documentation says MUST; ``quote``
  (the sentence) and ``link`` (where, with its version) are then required.

:meth:`Matrix.unharmed` lists every (row, protocol) that is MUST without such a source;
tests/test_catalog.py keeps it empty. A protocol a row harms no user of is lowered with an
``applies`` entry (SHOULD, with a ``why`` naming the producer that does it and the consumer
that does not care).

Example:
    >>> catalog().row("8.1.5").level
    'MUST'
    >>> level_for("8.1.2", "ui-message-stream") is None  # no UI message stream chunk carries a model
    True
    >>> level_for("8.1.2", "ui-message-stream@7") is None  # a version reads its family's entries
    True
    >>> catalog().row("8.2.tool-calls").sources_for("ui-message-stream")[0].ref.split(" (")[0]
    'ai@6.0.326 dist/index.mjs:7215, 8566, 9283'
    >>> declare("8.1.5", "8.1.99")
    Traceback (most recent call last):
    ...
    conformance.catalog.UnknownRow: unknown matrix row '8.1.99' (not in fixtures/matrix.yaml)
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from mock_provider.scenario import fixtures_dir

Level = Literal["MUST", "SHOULD", "MAY"]
OUTPUT_PROTOCOLS: tuple[str, ...] = ("ag-ui", "tanstack", "tanstack-legacy", "ui-message-stream",
                                     "ui-message-stream@7", "ui-message-stream@5")
# A protocol's ``applies`` key: one of OUTPUT_PROTOCOLS (a versioned name falls back to its family).
ProtocolKey = Literal["ag-ui", "tanstack", "tanstack-legacy", "ui-message-stream", "ui-message-stream@7",
                      "ui-message-stream@5"]


def family(protocol: str) -> str:
    """The protocol family a versioned name belongs to (its ``applies`` fallback).

    >>> family("ui-message-stream@7"), family("ag-ui")
    ('ui-message-stream', 'ag-ui')
    """
    return protocol.split("@", 1)[0]


SourceKind = Literal["spec", "anchor", "seed", "published-type", "consumer", "test"]
# What a broken rule does to a user of the protocol (see the module notes): the evidence a MUST needs.
HarmKind = Literal["schema", "consumer", "upstream", "normative"]
ProtocolFamily = Literal["ag-ui", "tanstack", "tanstack-legacy", "ui-message-stream"]


class UnknownRow(KeyError):
    """A row id that is not in the catalog."""

    def __str__(self) -> str:
        return str(self.args[0])


class Source(BaseModel):
    """One source a row rests on: what kind, which passage, and where to read it."""

    model_config = ConfigDict(extra="forbid")

    kind: SourceKind
    ref: str = Field(min_length=1)
    path: str | None = None  # a file next to the project (shared/...) for spec, anchor and seed sources
    link: str | None = None
    protocols: list[ProtocolFamily] | None = Field(
        default=None, min_length=1,
        description="The output protocols this source speaks for; absent: protocol-neutral (see the module notes).")
    harm: HarmKind | None = Field(
        default=None, description="The harm this source shows when the rule is broken, for the protocols it "
                                  "speaks for: what makes the row MUST there (see the module notes).")
    quote: str | None = Field(
        default=None, min_length=1, description="A normative source's MUST sentence, verbatim (with ``link``).")

    @model_validator(mode="after")
    def _harm_evidence(self) -> Source:
        if self.harm == "normative" and not (self.quote and self.link):
            raise ValueError(f"a normative source needs the sentence (quote) and its link: {self.ref!r}")
        if self.quote is not None and self.harm != "normative":
            raise ValueError(f"a quote is the MUST sentence of a normative source: {self.ref!r}")
        if self.harm in ("consumer", "schema") and self.protocols is None:
            raise ValueError(f"a consumer or schema speaks for the protocol it reads: name it ({self.ref!r})")
        return self

    def speaks_for(self, protocol: str) -> bool:
        """Whether this source supports a rule for ``protocol`` (neutral sources speak for all)."""
        return self.protocols is None or family(protocol) in self.protocols


class Applicability(BaseModel):
    """How a row applies to one output protocol: at a level, or not at all (``n/a``, with why)."""

    model_config = ConfigDict(extra="forbid")

    level: Level | Literal["n/a"]
    why: str = Field(min_length=1)


class Row(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    level: Level
    axis: Literal["content", "termination"]
    title: str
    sources: list[Source] = Field(min_length=1)
    applies: dict[ProtocolKey, Applicability] = Field(
        default_factory=dict, description="Per output protocol, where it differs from the row's own level; an "
                                          "entry for a family (ui-message-stream) also covers its versions "
                                          "(ui-message-stream@7) unless the version has its own.")
    policy: str | None = Field(
        default=None, description="The Policies field whose declared (or protocol default) value this row grades.")
    every_case: bool = Field(default=False, description="Checked on every case's events, whatever its scenario.")
    subordinate: bool = Field(
        default=False, description="Reported only where every other MUST row held (it would blame a second row "
                                   "for the same defect).")
    robustness: bool = Field(
        default=False, description="A robustness row (no crash, no hang, valid output, one terminal event): "
                                   "it also grades scenarios whose input breaks the provider contract "
                                   "(Scenario.contract).")
    scenarios: list[str] = Field(default_factory=list)

    @property
    def citations(self) -> list[str]:
        """The sources' references, as text."""
        return [s.ref for s in self.sources]

    def applies_to(self, protocol: str) -> Applicability | None:
        """The ``applies`` entry for an output protocol: its own, else its family's (None: neither)."""
        applies: dict[str, Applicability] = {str(k): v for k, v in self.applies.items()}
        entry = applies.get(protocol)
        return entry if entry is not None else applies.get(family(protocol))

    def level_for(self, protocol: str) -> Level | None:
        """The level this row has for an output protocol (None: it does not apply)."""
        entry = self.applies_to(protocol)
        if entry is None:
            return self.level
        return None if entry.level == "n/a" else entry.level

    def sources_for(self, protocol: str) -> list[Source]:
        """The sources that speak for one output protocol (its family's, and the neutral ones)."""
        return [s for s in self.sources if s.speaks_for(protocol)]

    def harm_for(self, protocol: str) -> list[Source]:
        """The sources that show harm for one output protocol: what lets the row be MUST there."""
        return [s for s in self.sources_for(protocol) if s.harm is not None]


class Matrix(BaseModel):
    """The whole catalog: the rows in their published order."""

    model_config = ConfigDict(extra="forbid")

    rows: list[Row]

    def row(self, row_id: str) -> Row:
        """The row with this id (:class:`UnknownRow` naming the unknown id)."""
        found = self._by_id().get(row_id)
        if found is None:
            raise UnknownRow(f"unknown matrix row {row_id!r}")
        return found

    def _by_id(self) -> dict[str, Row]:
        cached: dict[str, Row] | None = self.__dict__.get("_index")
        if cached is None:
            cached = {r.id: r for r in self.rows}
            self.__dict__["_index"] = cached
        return cached

    def ids(self) -> list[str]:
        return [r.id for r in self.rows]

    def must_rows(self) -> list[str]:
        return [r.id for r in self.rows if r.level == "MUST"]

    def unsourced(self, protocols: tuple[str, ...] = OUTPUT_PROTOCOLS) -> list[tuple[str, str]]:
        """(row, protocol) for every row that is MUST for a protocol yet has no source speaking for it.

        >>> bare = Matrix.model_validate({"rows": [{"id": "x", "level": "MUST", "axis": "content", "title": "t",
        ...     "sources": [{"kind": "consumer", "ref": "@ag-ui/client", "protocols": ["ag-ui"]}]}]})
        >>> bare.unsourced(("ag-ui", "ui-message-stream@7"))
        [('x', 'ui-message-stream@7')]
        """
        return [(r.id, p) for r in self.rows for p in protocols
                if r.level_for(p) == "MUST" and not r.sources_for(p)]

    def unharmed(self, protocols: tuple[str, ...] = OUTPUT_PROTOCOLS) -> list[tuple[str, str]]:
        """(row, protocol) for every row that is MUST for a protocol without a source showing harm there.

        A producer's habit is no harm: a MUST resting on it alone is listed.

        >>> habit = Matrix.model_validate({"rows": [{"id": "x", "level": "MUST", "axis": "content", "title": "t",
        ...     "sources": [{"kind": "consumer", "ref": "streamText sends start first",
        ...                  "protocols": ["ui-message-stream"]},
        ...                 {"kind": "consumer", "ref": "@ag-ui/client verify.ts:252", "protocols": ["ag-ui"],
        ...                  "harm": "consumer"}]}]})
        >>> habit.unharmed(("ag-ui", "ui-message-stream@7"))
        [('x', 'ui-message-stream@7')]
        """
        return [(r.id, p) for r in self.rows for p in protocols
                if r.level_for(p) == "MUST" and not r.harm_for(p)]


def matrix_path() -> Path:
    return fixtures_dir() / "matrix.yaml"


# libyaml's loader when PyYAML was built with it: the pure-Python one takes about ten times as long
# on matrix.yaml (about 110 ms against 12 ms here), and gives the same data.
_YAML_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_matrix(path: str | Path | None = None) -> Matrix:
    """Load and validate ``matrix.yaml`` (the built-in catalog when no path is given), parsed anew:
    code that only reads the built-in catalog uses :func:`catalog`, parsed once per process.

    >>> load_matrix().row("8.1.5").level
    'MUST'
    """
    p = Path(path) if path else matrix_path()
    data = yaml.load(p.read_text(encoding="utf-8"), Loader=_YAML_LOADER)
    return Matrix.model_validate(data)


@functools.lru_cache(maxsize=1)
def catalog() -> Matrix:
    """The built-in catalog, loaded once per process (callers read it, never change it).

    >>> catalog() is catalog()
    True
    """
    return load_matrix()


def known(row_id: str) -> bool:
    """Whether ``row_id`` is a row of the catalog.

    >>> known("8.1.5"), known("8.1.99")
    (True, False)
    """
    return row_id in catalog()._by_id()


def declare(*row_ids: str) -> tuple[str, ...]:
    """The ids, checked against the catalog: a module states the rows it reports at import time."""
    for row_id in row_ids:
        if not known(row_id):
            raise UnknownRow(f"unknown matrix row {row_id!r} (not in fixtures/matrix.yaml)")
    return row_ids


def level_for(row_id: str, protocol: str) -> Level | None:
    """The row's level for one output protocol (None: the row does not apply to it)."""
    return catalog().row(row_id).level_for(protocol)
