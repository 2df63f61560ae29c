"""How a reference run ends (rows 15, 18, 19; spec 8.2, 8.3): finish reason, usage and approvals.

>>> FinishMixin().map_finish_reason("content-filter"), FinishMixin().map_finish_reason("other")
('content_filter', 'stop')
"""

from __future__ import annotations

from typing import Any

from conformance.reference.base import AdapterBase
from conformance.reference.state import ToolCallState
from conformance.reference.values import Part, TokenCounts, dig, normalize_usage

__all__ = ["FinishMixin"]


class FinishMixin(AdapterBase):
    """The finish part remembered, the final reason and usage, and the approval interrupts.

    >>> FinishMixin().upstream_finish_reason({"type": "finish", "finishReason": {"unified": "length"}})
    'length'
    """

    def upstream_finish_reason(self, part: Part) -> str | None:
        """8.2 reading: V2 string, V3/V4 ``finishReason.unified``, Mastra ``stepResult.reason``."""
        reason = part.get("finishReason")
        while isinstance(reason, dict):  # never compare the object itself to a string
            reason = reason.get("unified")
        return reason if isinstance(reason, str) else None

    def map_finish_reason(self, upstream: str | None) -> str | None:
        """8.2 table, before the run-level tool-call rule of :meth:`final_finish_reason`."""
        table = {
            "stop": "stop",
            "length": "length",
            "content-filter": "content_filter",
            "content_filter": "content_filter",
            # upstream tool-calls without a completed client call is 'stop' (8.2)
            "tool-calls": "stop",
            "tool_calls": "stop",
            "tripwire": "content_filter",  # 8.2 POLICY: guardrail stop
            "retry": "stop",
        }
        if upstream in table:
            return table[upstream]
        return self.unknown_finish_reason()

    def provider_finish_reason(self, upstream: str | None) -> str | None:
        """8.2 POLICY ``finish_reason: provider``: the provider's own reason, mapped, whatever the calls."""
        if upstream in ("tool-calls", "tool_calls"):
            return "tool_calls"
        return self.map_finish_reason(upstream)

    def missing_finish_is_error(self) -> bool:
        """Row 19 POLICY ``missing_finish``: a truncated upstream ends the run with an error (or finishes)."""
        return self.policies.resolved(self.OUTPUT).missing_finish == "error"

    def unknown_finish_reason(self) -> str | None:
        """other / unknown / interrupted / missing: POLICY ``unknown_finish`` (8.2, row 19)."""
        return None if self.policies.unknown_finish == "null" else "stop"

    def is_client_call(self, call: ToolCallState) -> bool:
        """Row 12a: a provider-executed call is not the client's to run."""
        return not call.provider_executed

    def counts_as_completed(self, call: ToolCallState) -> bool:
        """8.2 / 8.4 rule 4: a *client* call whose input a tool-call part completed.

        A call only closed at stream end (tool-input-* but never a tool-call part) is ended
        for the lifecycle, yet its input was never declared complete (row 11), so it does
        not turn the finish into 'tool_calls' (scenario tool.input-end-only.001).
        """
        return call.completed and call.input_complete and self.is_client_call(call) and not call.executed

    def final_finish_reason(self) -> str | None:
        """8.2 + row 19: 'tool_calls' iff a client call was completed, else the mapped reason (POLICY
        ``finish_reason: engine``); under ``provider`` the provider's reason is passed through."""
        if self.policies.resolved(self.OUTPUT).finish_reason == "provider":
            return self.provider_finish_reason(self.state.upstream_finish)
        if any(self.counts_as_completed(c) for c in self.state.calls.values()):
            return "tool_calls"
        return self.map_finish_reason(self.state.upstream_finish)

    def usage(self, part: Part) -> TokenCounts | None:
        """8.3: the finish part's usage as AG-UI ``TokenUsage`` keys, or None."""
        return normalize_usage(part.get("usage"))

    def final_usage(self) -> TokenCounts | None:
        """8.3 POLICY ``missing_usage``: omit (None), or zeros when upstream had none."""
        if self.state.usage is not None:
            return self.state.usage
        if self.policies.missing_usage == "zeros":
            return {"inputTokens": 0, "outputTokens": 0, "totalTokens": 0}
        return None

    def on_approval_request(self, part: Part) -> None:
        """Row 15: remember it; the run ends as an interrupt / approval-requested."""
        approval_id = part.get("approvalId")
        call_id = part.get("toolCallId")
        if not isinstance(call_id, str):
            return
        if not isinstance(approval_id, str) or not approval_id:
            approval_id = call_id
        if any(a["id"] == approval_id for a in self.state.approvals):
            return
        approval = {"id": approval_id, "toolCallId": call_id, "toolName": part.get("toolName")}
        self.state.approvals.append({**approval, "input": part.get("input")})

    def on_finish(self, part: Part) -> None:
        """Row 18: remember reason and usage; the run ends when the upstream does (usage may be late)."""
        st = self.state
        st.finish_seen = True
        reason = self.upstream_finish_reason(part)
        if reason is not None:
            st.upstream_finish = reason
        raw = part.get("rawFinishReason", dig(part, "finishReason", "raw"))
        if raw is not None:
            st.raw_finish = raw
        usage = self.usage(part)
        if usage is not None:
            st.usage = usage

    def approval_interrupts(self) -> list[dict[str, Any]]:
        """Row 15: one AG-UI ``Interrupt`` per approval (TanStack ``buildActionableInterrupts`` shape)."""
        out = []
        for a in self.state.approvals:
            call = self.state.calls.get(a["toolCallId"])
            name = a["toolName"] if isinstance(a["toolName"], str) else (call.name if call else "")
            inp = a["input"]
            if inp is None and call is not None:
                inp = call.input_value if call.input_ok else call.input_text
            out.append(
                {
                    "id": a["id"],
                    "reason": "tool_call",
                    "toolCallId": a["toolCallId"],
                    "message": f"Approval required to run {name}",
                    "metadata": {"kind": "approval", "toolName": name, "input": inp},
                }
            )
        return out
