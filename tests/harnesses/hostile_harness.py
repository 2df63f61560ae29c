"""Hostile ``sac-harness/1`` harnesses: ``python tests/harnesses/hostile_harness.py MODE``.

Each mode breaks the protocol one way; the suite must give ERROR with a reason and go on.
Mode ``push`` is not hostile: the reference harness in the draft's push flow. Modes that
misbehave on one case (``*-on-basic``) behave like the reference harness on every
other case, to prove the suite restarts the process and the next case passes.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time

# The mode is the first argument when run as a harness; imported (a test reads a constant), there is none.
MODE = sys.argv[1] if __name__ == "__main__" and len(sys.argv) > 1 else ""
if MODE == "exit-at-start":  # before the (slow) imports: like a missing module
    print("harness: cannot find module 'x'", file=sys.stderr, flush=True)
    sys.exit(2)

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from conformance.targets.protocol import CaseMessage  # noqa: E402  (after the exit-at-start mode)
from examples.harness_python import Harness, write  # noqa: E402

BAD_CASE = "text.basic.001"
# Issue 19's harnesses (tests/test_hostile_harnesses.py): hostile on BAD_CASE only.
NEW_KINDS = ("giant-line", "child-holds-pipe", "deep-json", "invalid-utf8", "stdout-closed", "flood-events",
             "nan-event", "end-twice", "events-after-error", "stderr-flood")
# Ends BAD_CASE as the reference does, then prints LATE_BURST events for it before it reads anything
# else, and keeps printing more while it serves the next cases.
LATE_FLOOD = "late-flood"
LATE_BURST = 5000


class Hostile(Harness):
    previous = ""
    flow = "push" if MODE == "push" else "pull"
    given = 0  # cases received

    async def run_case(self, msg: CaseMessage) -> None:
        bad = msg.case.startswith(BAD_CASE)
        self.given += 1
        if MODE == "exit-on-second-case" and self.given == 2:
            # Its first case ended as the reference's does; it dies (a provider's unhandled rejection,
            # a leak that ran out of memory) with the next case unread: nothing printed for that case.
            print("harness: dying between cases", file=sys.stderr, flush=True)
            os._exit(5)
        if MODE == "exit-silently-on-basic" and bad:  # dies on this case's input, before printing anything
            print("harness: this input kills me", file=sys.stderr, flush=True)
            os._exit(6)
        if MODE == "request-then-exit-on-basic" and bad and msg.upstream.mode == "http":
            # Takes the case (its adapter calls the upstream) and dies before printing a line for it.
            import urllib.request

            body = json.dumps({"model": msg.upstream.model_id, "stream": True,
                               "messages": [{"role": "user", "content": "hi"}]}).encode()
            req = urllib.request.Request(msg.upstream.base_url + "/v1/chat/completions", data=body,
                                         headers={"Content-Type": "application/json", **msg.upstream.headers})
            urllib.request.urlopen(req).read(1)  # the request is served (and logged) before the exit
            os._exit(7)
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
        if bad and MODE == LATE_FLOOD:
            await super().run_case(msg)
            self.flood = asyncio.create_task(self.flood_late(msg.case))
            return
        if bad and MODE in NEW_KINDS:
            await self.new_kind(msg)
            return
        if MODE == "late-event" and not bad:
            await super().run_case(msg)
            self.previous = msg.case
            return
        if MODE == "late-event" and bad:
            # An event of the previous case, after its end (a forgotten callback, say).
            write({"type": "event", "case": self.previous, "event": {"type": "RUN_FINISHED"}})
        await super().run_case(msg)

    async def flood_late(self, case: str) -> None:
        """Events of a case that has ended, without end, yielding so the next case is served in between."""
        event = {"type": "event", "case": case, "event": {"type": "CUSTOM", "name": "late", "value": 1}}
        for _ in range(LATE_BURST):  # no await: the next case's message waits behind these
            write(event)
        while True:
            write(event)
            await asyncio.sleep(0)

    async def new_kind(self, msg: CaseMessage) -> None:
        """Issue 19's kinds, on the bad case only (every other case is served as the reference does)."""
        out = sys.stdout.buffer
        started = {"type": "RUN_STARTED", "threadId": msg.request.thread_id, "runId": msg.request.run_id}
        if MODE == "giant-line":  # 1 GiB without a newline, written as the suite reads (it stops early)
            out.write(b'{"type":"event","case":"' + msg.case.encode() + b'","event":"')
            chunk = b"x" * (1 << 20)
            for _ in range(1024):
                out.write(chunk)
            out.write(b'"}\n')
        elif MODE == "child-holds-pipe":  # exits, leaving a child that inherited stdout
            import subprocess

            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
            print("harness: exiting, my child keeps stdout", file=sys.stderr, flush=True)
            os._exit(4)
        elif MODE == "deep-json":
            out.write(b'{"type":"event","case":"' + msg.case.encode() + b'","event":' + b"[" * 20_000
                      + b"]" * 20_000 + b"}\n")
        elif MODE == "invalid-utf8":
            out.write(b'{"type":"event","case":"' + msg.case.encode() + b'","event":"\xff\xfe"}\n')
        elif MODE == "stdout-closed":  # closes its stdout and lives on
            out.flush()
            os.close(1)
            await asyncio.Event().wait()
        elif MODE == "flood-events":
            write({"type": "event", "case": msg.case, "event": started})
            while True:
                write({"type": "event", "case": msg.case, "event": {"type": "CUSTOM", "name": "x", "value": 1}})
                await asyncio.sleep(0)
        elif MODE == "nan-event":
            out.write(b'{"type":"event","case":"' + msg.case.encode() + b'","event":{"type":"RUN_STARTED",'
                      b'"threadId":"t","runId":"r","x":NaN}}\n')
            write({"type": "end", "case": msg.case})
        elif MODE in ("end-twice", "events-after-error", "stderr-flood"):
            if MODE == "stderr-flood":  # 16 MiB of logging: the suite keeps only the tail
                line = b"harness log " + b"y" * 1000 + b"\n"
                for _ in range(16 * 1024):
                    sys.stderr.buffer.write(line)
                sys.stderr.buffer.flush()
            if MODE == "events-after-error":
                write({"type": "error", "case": msg.case, "message": "Error: boom"})
            else:
                await super().run_case(msg)
            # After the case's end: late, and must not be charged to the next case.
            write({"type": "event", "case": msg.case, "event": started})
            write({"type": "end", "case": msg.case})
            return
        out.flush()

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
    asyncio.run(Hostile(sys.argv[2] if len(sys.argv) > 2 else "conformance.reference:agui").main())
