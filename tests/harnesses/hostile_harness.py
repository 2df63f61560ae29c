"""Hostile ``sac-harness/1`` harnesses: ``python tests/harnesses/hostile_harness.py MODE``.

Each mode breaks the protocol one way; the suite must give ERROR with a reason and go on.
Mode ``push`` is not hostile: the reference harness in the draft's push flow. Modes that
misbehave on one case (``*-on-basic``) behave like the reference harness on every
other case, to prove the suite restarts the process and the next case passes.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time

if sys.argv[1] == "exit-at-start":  # before the (slow) imports: like a missing module
    print("harness: cannot find module 'x'", file=sys.stderr, flush=True)
    sys.exit(2)

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from conformance.targets.protocol import CaseMessage
from examples.harness_python import Harness, write

MODE = sys.argv[1]
BAD_CASE = "text.basic.001"


class Hostile(Harness):
    previous = ""
    flow = "push" if MODE == "push" else "pull"

    async def run_case(self, msg: CaseMessage) -> None:
        bad = msg.case.startswith(BAD_CASE)
        if MODE == "exit-mid-case" or (MODE == "exit-mid-case-on-basic" and bad):
            write({"type": "event", "case": msg.case, "event": {"type": "RUN_STARTED", "threadId": "t", "runId": "r"}})
            print("harness: giving up on purpose", file=sys.stderr, flush=True)
            os._exit(3)
        if MODE == "garbage":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            return
        if MODE == "not-an-object":
            write([1, 2, 3])  # type: ignore[arg-type]
            return
        if MODE == "unknown-type":
            write({"type": "bogus", "case": msg.case})
            return
        if MODE == "wrong-case":
            write({"type": "event", "case": "someone.else.001[v3]", "event": {"type": "RUN_STARTED"}})
            return
        if MODE == "hang-mid-case" or (MODE == "hang-on-basic" and bad):
            print("harness: hanging on purpose", file=sys.stderr, flush=True)
            await asyncio.Event().wait()
        if MODE == "huge-line":
            sys.stdout.write('{"type":"event","case":"' + msg.case + '","event":"' + "x" * 300_000 + '"}\n')
            sys.stdout.flush()
            return
        if MODE == "adapter-throws":
            write({"type": "event", "case": msg.case, "event": {"type": "RUN_STARTED", "threadId": "t", "runId": "r"}})
            write({"type": "error", "case": msg.case, "message": "TypeError: boom", "stack": "at adapter.mjs:1"})
            return
        if MODE.startswith("modalities-") and msg.model_info is not None:
            # A malformed declaration of the adapter's input modalities (row request.modalities).
            bad_input = {"modalities-not-a-list": "text,image,audio,video,document",
                         "modalities-not-strings": ["text", 1]}.get(MODE, ["text"])
            case = "someone.else.001[v3]" if MODE == "modalities-wrong-case" else msg.case
            write({"type": "modalities", "case": case, "input": bad_input})
            # modalities-twice: the reference harness then sends the right one, a second message
        if MODE == "no-modalities":
            # A harness that never declares: its adapter does not see the catalogue entry either.
            msg = msg.model_copy(update={"model_info": None})
        if MODE == "late-event" and not bad:
            await super().run_case(msg)
            self.previous = msg.case
            return
        if MODE == "late-event" and bad:
            # An event of the previous case, after its end (a forgotten callback, say).
            write({"type": "event", "case": self.previous, "event": {"type": "RUN_FINISHED"}})
        await super().run_case(msg)

    async def main(self) -> None:
        if MODE == "no-hello":
            sys.stdin.readline()
            time.sleep(60)  # never answers; the suite kills it
        if MODE == "bad-capabilities":
            sys.stdin.readline()
            write({"type": "capabilities", "protocol": "sac-harness/1",
                   "capabilities": {"name": "x", "inputs": [], "output": "ag-ui"}})
            time.sleep(60)
        await super().main()


if __name__ == "__main__":
    asyncio.run(Hostile("conformance.reference:agui").main())
