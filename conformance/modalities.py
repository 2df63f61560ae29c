"""Row ``request.modalities``: the TanStack input modalities an adapter declares for its model.

A model catalogue (models.dev) lists a model's input modalities as ``text``, ``image``,
``audio``, ``video`` and ``pdf``. TanStack AI's ``Modality`` (``@tanstack/ai`` 0.58.0
``types.d.ts``) is ``'text' | 'image' | 'audio' | 'video' | 'document'``: the PDF modality is
called ``document`` there (seed 000 section 6.6; spec-reference 4.4 and 7 item 26). TanStack
keeps a model's input modalities in its model meta (``supports.input``, ``createModel(name,
input)``) and, on the adapter, only as a type (``'~types'.inputModalities``, "not assigned at
runtime"); the contract's runtime twin is the adapter's optional ``input_modalities``
(:mod:`conformance.contract`).

A scenario states the model's catalogue entry (``model_info``, given to the adapter as
``AdapterContext.model_info``) and the TanStack modalities it implies
(``expected_modalities``, written from the rule). An adapter that declares none gets
UNSUPPORTED (:func:`unsupported_reason`); a declared list is compared as a set, and only
``Modality`` values may appear in it (:func:`modality_findings`).

Example:
    >>> print(modality_findings(["document"], ["pdf"])[0].message)
    input_modalities ['pdf'], expected ['document'] in any order: 'pdf' is not a TanStack Modality; missing 'document'
    >>> modality_findings(["text", "document"], ("document", "text"))
    []
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from conformance.findings import Finding
from conformance.run_record import Modalities

__all__ = ["ATTRIBUTE", "ROW", "TANSTACK_MODALITIES", "Unreadable", "modality_findings", "read_declared", "recorded",
           "recorded_findings", "unsupported_reason"]

ROW = "request.modalities"
ATTRIBUTE = "input_modalities"
# @tanstack/ai 0.58.0 dist/esm/types.d.ts: export type Modality = 'text' | 'image' | 'audio' | 'video' | 'document'
TANSTACK_MODALITIES: tuple[str, ...] = ("text", "image", "audio", "video", "document")


class Unreadable:
    """A declaration whose reading raised (kept as text: graded, never a crash)."""

    def __init__(self, why: str) -> None:
        self.why = why


def read_declared(adapter: Any) -> Any:
    """The adapter's ``input_modalities`` (None when it declares none; a property that raises is kept as text).

    >>> class A:
    ...     input_modalities = ["text"]
    >>> read_declared(A()), read_declared(object())
    (['text'], None)
    """
    try:
        return getattr(adapter, ATTRIBUTE, None)
    except Exception as exc:  # a hostile adapter's property: graded, never a crash
        return Unreadable(f"{type(exc).__name__}: {exc}")


def unsupported_reason(adapter: Any) -> str | None:
    """Why a case with a ``model_info`` is UNSUPPORTED for this adapter (None: it declares modalities).

    >>> unsupported_reason(object())
    'the adapter declares no input_modalities for the model (conformance.contract; row request.modalities)'
    """
    if read_declared(adapter) is None:
        return f"the adapter declares no {ATTRIBUTE} for the model (conformance.contract; row {ROW})"
    return None


def modality_findings(expected: Sequence[str], declared: Any) -> list[Finding]:
    """One finding on :data:`ROW` when ``declared`` is not the set ``expected`` of TanStack modalities."""
    if isinstance(declared, Unreadable):
        return [_finding(f"reading {ATTRIBUTE} raised {declared.why}", expected, None)]
    if isinstance(declared, str | bytes) or not isinstance(declared, Sequence | set | frozenset):
        return [_finding(f"{ATTRIBUTE} is not a list of modality names: {declared!r}", expected, None)]
    items = list(declared)
    problems = [f"{m!r} is not a TanStack Modality" for m in items if m not in TANSTACK_MODALITIES]
    problems += [f"missing {m!r}" for m in expected if m not in items]
    problems += [f"{m!r} is not an input modality of the model" for m in items
                 if m in TANSTACK_MODALITIES and m not in expected]
    if not problems:
        return []
    return [_finding(f"{ATTRIBUTE} {items!r}, expected {list(expected)!r} in any order: "
                     + "; ".join(problems), expected, items)]


def _finding(message: str, expected: Sequence[str], actual: Any) -> Finding:
    return Finding(row=ROW, source="modalities", field=ATTRIBUTE, message=message,
                   expected=list(expected), actual=actual)


def recorded(adapter: Any) -> Modalities:
    """The adapter's declaration as the run record keeps it: the list, or why it is not one.

    >>> class A:
    ...     input_modalities = "text"
    >>> recorded(A()).problem
    "input_modalities is not a list of modality names: 'text'"
    """
    declared = read_declared(adapter)
    if declared is None:
        return Modalities()
    if isinstance(declared, Unreadable):
        return Modalities(problem=f"reading {ATTRIBUTE} raised {declared.why}")
    if isinstance(declared, str | bytes) or not isinstance(declared, Sequence | set | frozenset):
        return Modalities(problem=f"{ATTRIBUTE} is not a list of modality names: {declared!r}")
    return Modalities(declared=tuple(declared))


def recorded_findings(expected: Sequence[str], declared: Modalities) -> list[Finding]:
    """:func:`modality_findings` of a recorded declaration.

    >>> [f.row for f in recorded_findings(["text"], Modalities(declared=("text", "image")))]
    ['request.modalities']
    """
    if declared.problem is not None:
        return [_finding(declared.problem, expected, None)]
    return modality_findings(expected, list(declared.declared) if declared.declared is not None else None)
