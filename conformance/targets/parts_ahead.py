"""``parts-ahead`` (docs/adapter-protocol.md): a model call's parts sent at once to a harness that asks for
them, and the reads it says its adapter made, played on the suite's own scripted stream.

The suite offers it only where the order of reads cannot change what the upstream does (:func:`offer`);
:class:`AheadCall` keeps one such call's count of reads, so each event is placed after exactly the parts
its adapter had read, as with a pull per read.

Example:
    >>> call = AheadCall(3, None)
    >>> call.violation(2) is None, call.violation(5)
    (True, 'made 5 read(s) of a call answered with parts-ahead, after 0, of 3 the call has')
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

__all__ = ["SAYS_READ", "Ahead", "AheadCall", "offer"]

# A call's parts, and what the read after the last one raises (None: that read ends the stream).
Ahead = tuple[list[dict[str, Any]], BaseException | None]
# The harness messages that may say how many reads its adapter made of a call answered ahead (``read``).
SAYS_READ = frozenset({"event", "end", "error", "pull", "parts-close"})


def offer(flow: str, receives: frozenset[str], model: Any, aborted: bool) -> Ahead | None:
    """The current model call's parts and end to send at once, or None: a pull per read.

    Only to a harness that declared it, in pull flow, and only where the order of reads cannot change what
    the upstream does: a caller that never aborts (an abort's timing is measured against the pulls), and a
    stream whose reads all return at once (``reads_ahead`` of the scripted model).

    >>> offer("pull", frozenset(), None, False) is None
    True
    """
    if flow != "pull" or "parts-ahead" not in receives or aborted:
        return None
    client = getattr(getattr(model, "scenario", None), "client", None)
    reads_ahead = getattr(model, "reads_ahead", None)
    if client is None or client.aborts or not callable(reads_ahead):
        return None
    ahead: Ahead | None = reads_ahead()
    return ahead


class AheadCall:
    """One call answered ahead, over the suite's own ``stream`` of it: its reads in all (its parts and the read
    that meets the end), how many the harness said its adapter made, and how many the stream has played."""

    def __init__(self, total: int, stream: AsyncIterator[Any]) -> None:
        self.total, self.stream, self.said, self.played, self.done = total, stream, 0, 0, False

    def violation(self, read: int) -> str | None:
        """Why ``read`` breaks the protocol (it goes back, or past the call's reads), or None."""
        if read < self.said or read > self.total:
            return (f"made {read} read(s) of a call answered with parts-ahead, after {self.said}, of {self.total} "
                    "the call has")
        return None

    async def take(self, read: int | None) -> bool:
        """A message's ``read`` (None: it says none): the stream is read that far before the message counts;
        ValueError naming the violation; True once the stream ended or failed."""
        if read is not None:
            why = self.violation(read)
            if why is not None:
                raise ValueError(why)
            self.said = read
            await self.play(read)
        return self.done

    async def play(self, reads: int) -> bool:
        """Read the stream up to ``reads`` reads, as the harness's adapter did (its steps, the request log and
        the abort callbacks move as under a pull per read); True once it ended or failed."""
        while self.played < reads and not self.done:
            self.played += 1
            try:
                await self.stream.__anext__()
            except StopAsyncIteration:
                self.done = True
            except Exception:  # the upstream's failure: the harness's adapter met it as the call's error
                self.done = True
        return self.done
