"""The suite's pipes to a harness: its stdin written straight when the pipe has room, through the writer
thread when it is full (never blocking the caller, never reordering or losing bytes); its stdout read
by the case's own loop during a case and by the reader thread between cases."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from conformance.targets.harness_process import HarnessProcess

# Waits (without reading stdin) until the test creates GO, then reads exactly N bytes and prints their
# SHA-256 on stderr: the pipe stays full while the test sends.
CHILD = """
import hashlib, os, sys, time
go, n = sys.argv[1], int(sys.argv[2])
while not os.path.exists(go):
    time.sleep(0.01)
data = b""
while len(data) < n:
    chunk = os.read(0, n - len(data))
    if not chunk:
        break
    data += chunk
print("sha", hashlib.sha256(data).hexdigest(), file=sys.stderr, flush=True)
"""


class _Line:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def line(self) -> bytes:
        return self.data


def test_a_full_pipe_queues_in_order_and_never_blocks_the_sender(tmp_path: Path) -> None:
    lines = [(f"{i:04d}".encode() * 25_000) + b"\n" for i in range(12)]  # 100 kB each, 1.2 MB in all
    total = b"".join(lines)
    go = tmp_path / "go"
    proc = HarnessProcess([sys.executable, "-c", CHILD, str(go), str(len(total))])
    try:
        for line in lines:
            proc.send(_Line(line))  # the child reads nothing yet: a blocking write would hang here
        assert proc._queued > 0  # the pipe (64 kB) filled: the rest waits for the writer thread
        go.touch()
        assert proc.proc.wait(timeout=120) == 0
        proc._stderr_thread.join(timeout=120)
        assert f"sha {hashlib.sha256(total).hexdigest()}" in proc.stderr_tail
    finally:
        proc.kill()


def test_a_reading_harness_gets_small_lines_without_the_writer_thread(tmp_path: Path) -> None:
    go = tmp_path / "go"
    go.touch()
    lines = [f'{{"n":{i}}}\n'.encode() for i in range(50)]
    total = b"".join(lines)
    proc = HarnessProcess([sys.executable, "-c", CHILD, str(go), str(len(total))])
    try:
        for line in lines:
            proc.send(_Line(line))
        assert proc._out.empty()  # 2.5 kB fit in the pipe: every line was written by the sender itself
        assert proc.proc.wait(timeout=120) == 0
        proc._stderr_thread.join(timeout=120)
        assert f"sha {hashlib.sha256(total).hexdigest()}" in proc.stderr_tail
    finally:
        proc.kill()


# Answers each stdin line with a pull message naming it: one stdout line per line read.
ECHO = """
import json, sys
for line in sys.stdin:
    print(json.dumps({"type": "pull", "case": line.strip()}), flush=True)
"""


def test_stdout_is_read_by_the_case_loop_during_a_case_and_by_the_reader_thread_between_cases() -> None:
    import asyncio
    import queue

    proc = HarnessProcess([sys.executable, "-c", ECHO])
    try:
        proc.send(_Line(b"before\n"))
        kind, msg = proc._idle.get(timeout=120)
        assert (kind, msg.case) == ("msg", "before")  # between cases: the reader thread

        async def case() -> list[str]:
            loop = asyncio.get_running_loop()
            inbox: asyncio.Queue[tuple[str, object]] = asyncio.Queue()
            assert proc.attach(loop, inbox) == []
            assert proc._holder is loop  # the case's loop reads the pipe itself
            got = []
            for name in ("one", "two"):
                proc.send(_Line(name.encode() + b"\n"))
                _, item = await asyncio.wait_for(inbox.get(), 120)
                got.append(str(getattr(item, "case", None)))
            proc.detach()
            return got

        assert asyncio.run(case()) == ["one", "two"]
        assert proc._holder is None
        try:
            proc._idle.get_nowait()
            raise AssertionError("a line of the case reached the between-cases queue")
        except queue.Empty:
            pass
        proc.send(_Line(b"after\n"))
        kind, msg = proc._idle.get(timeout=120)
        assert (kind, msg.case) == ("msg", "after")  # the reader thread reads again after the case
    finally:
        proc.kill()
