"""The AG-UI streams the Node oracle tests read (``tests/test_agui_oracle.py``, ``tests/test_agui_client.py``).

What the AG-UI reference adapter yields over the corpus (four dialects, and v3 with its text as
TEXT_MESSAGE_CHUNKs), and what the AG-UI mutants yield on the scenarios of the rows they break
(the realistic wrong streams), each as an oracle case ``{"id": "<source>:<case id>", "events": [...]}``;
and the skip where ``tools/agui-oracle`` cannot run.

Example (in a test)::

    skip_without_oracle()
    cases = reference_streams(corpus) + chunk_streams(corpus) + mutant_streams(corpus)
    answers = node_oracle.run_agui(cases)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from conformance import node_oracle
from conformance.reference import agui
from conformance.runner import Settings, run_case
from mock_provider.scenario import Scenario
from tests.mutants import ALL_MUTANTS
from tests.test_agui_chunks import _TextAsChunks

MUTANT_BASES = ("agui", "agui-bridge")
# Besides the rows a mutant breaks: the text rows, where a stream's shape shows most.
MUTANT_ROWS = frozenset({"8.1.4", "8.1.9"})


def skip_without_oracle() -> None:
    """Skip the test, with the reason, where ``node`` or ``tools/agui-oracle/node_modules`` is missing."""
    why = node_oracle.agui_unavailable()
    if why is not None:
        pytest.skip(f"AG-UI client oracle unavailable: {why}")


def adapter_streams(factory: Any, corpus: Sequence[Scenario], dialects: Sequence[str], prefix: str,
                    settings: Settings) -> list[dict[str, Any]]:
    """The non-empty event streams of ``factory`` over ``corpus`` x ``dialects``, ids ``<prefix>:<case id>``."""
    cases = []
    for scenario in corpus:
        for dialect in dialects:
            result = run_case(factory, scenario, dialect, settings, adapter_name=prefix)
            if result.events:
                cases.append({"id": f"{prefix}:{result.case_id}", "events": result.events})
    return cases


def reference_streams(corpus: Sequence[Scenario]) -> list[dict[str, Any]]:
    """The AG-UI reference adapter's streams in the four part dialects."""
    return adapter_streams(agui, corpus, ("v2", "v3", "v4", "mastra"), "ref", Settings(timeout=5.0))


def chunk_streams(corpus: Sequence[Scenario]) -> list[dict[str, Any]]:
    """The reference's v3 streams with their text as TEXT_MESSAGE_CHUNKs (as @ag-ui/mastra sends it)."""
    return adapter_streams(_TextAsChunks, corpus, ("v3",), "chunks", Settings(timeout=5.0))


def mutant_streams(corpus: Sequence[Scenario], also: Callable[[Scenario], bool] = lambda s: False,
                   ) -> list[dict[str, Any]]:
    """Each AG-UI mutant's streams in its first dialect, on the scenarios of the rows it breaks (and the text
    rows), and on those ``also`` picks."""
    cases = []
    for mutant in (m for m in ALL_MUTANTS if m.base in MUTANT_BASES):
        chosen = [s for s in corpus if set(s.rows) & (mutant.targets | MUTANT_ROWS) or also(s)]
        cases += adapter_streams(mutant.factory, chosen, mutant.dialects[:1], mutant.name,
                                 Settings(timeout=2.0, grace=0.5))
    return cases
