"""The target contract: every optional member the runner reads from a factory or an adapter, declared.

An in-process adapter needs only ``capabilities`` and ``stream()`` (:class:`conformance.contract.Adapter`).
A target that reaches the adapter over a transport (:mod:`conformance.targets.url`,
:mod:`conformance.targets.cmd`) may say more, and these protocols are the whole list:

* the factory (:class:`RefusingTarget`): ``refuses(scenario)``, why its transport cannot carry a
  scenario's request (the case is NOT-EXPRESSIBLE), and ``transport_rows``, the rows it checks on
  every case;
* the adapter (:class:`TransportAdapter`): ``transport_findings`` (what it saw on the wire),
  ``transport_broken`` (the wire broke the stream: only those findings are graded),
  ``abort_event_index`` (how many events it had emitted when a caller's abort reached it) and
  ``abort_delivered_at`` (``time.monotonic()`` when the abort reached it: row ``request.abort`` counts from
  then, crediting at most one bound of delivery).

The runner reads them only through :func:`refusal`, :func:`transport_rows` and
:func:`transport_report`, which never raise: a hostile adapter's property that raises reads as absent.

Example:
    >>> class Wire:
    ...     transport_findings = [Finding(row="transport.status", message="HTTP 500")]
    ...     transport_broken = True
    ...     abort_event_index = None
    ...     abort_delivered_at = None
    >>> isinstance(Wire(), TransportAdapter), transport_report(Wire()).broken
    (True, True)
    >>> transport_report(object()).broken
    False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from conformance.findings import Finding
from mock_provider.scenario import Scenario


@runtime_checkable
class RefusingTarget(Protocol):
    """A factory whose transport cannot carry every request."""

    transport_rows: tuple[str, ...]

    def refuses(self, scenario: Scenario) -> str | None: ...


@runtime_checkable
class TransportAdapter(Protocol):
    """An adapter reached over a transport, reporting what it saw on the wire."""

    transport_findings: Sequence[Finding]
    transport_broken: bool
    abort_event_index: int | None
    abort_delivered_at: float | None


@dataclass(frozen=True)
class TransportReport:
    """What a transport adapter reported after its case (empty for an in-process adapter)."""

    findings: tuple[Finding, ...] = ()
    broken: bool = False
    abort_event_index: int | None = None
    abort_delivered_at: float | None = None


def refusal(factory: object, scenario: Scenario) -> str | None:
    """Why the factory's transport cannot carry ``scenario`` (None: it can, or it is no transport).

    >>> refusal(lambda ctx: None, None) is None
    True
    """
    refuses = getattr(factory, "refuses", None)
    if not callable(refuses):
        return None
    why = refuses(scenario)
    return why if isinstance(why, str) else None


def transport_rows(factory: object) -> tuple[str, ...]:
    """The rows a transport target checks on every case (none for an in-process factory).

    >>> transport_rows(lambda ctx: None)
    ()
    """
    try:
        rows = getattr(factory, "transport_rows", ())
        return tuple(str(r) for r in rows)
    except Exception:
        return ()


def transport_report(adapter: object) -> TransportReport:
    """The transport facts an adapter reported (each member optional; a raising one reads as absent)."""
    out: dict[str, Any] = {}
    for name, key in (("transport_findings", "findings"), ("transport_broken", "broken"),
                      ("abort_event_index", "abort_event_index"), ("abort_delivered_at", "abort_delivered_at")):
        try:
            out[key] = getattr(adapter, name, None)
        except Exception:
            out[key] = None
    findings = tuple(f for f in (out["findings"] or ()) if isinstance(f, Finding))
    index, delivered = out["abort_event_index"], out["abort_delivered_at"]
    return TransportReport(findings=findings, broken=bool(findings) and out["broken"] is True,
                           abort_event_index=index if isinstance(index, int) and not isinstance(index, bool) else None,
                           abort_delivered_at=float(delivered) if isinstance(delivered, float) else None)


__all__ = ["RefusingTarget", "TransportAdapter", "TransportReport", "refusal", "transport_report", "transport_rows"]
