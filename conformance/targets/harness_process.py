"""One running ``sac-harness/1`` process: its pipes, the threads that read and write them, its stderr tail,
and the processes it started (:func:`descendants`, :func:`marked_processes`), all ended by :meth:`HarnessProcess.kill`.

:class:`~conformance.targets.cmd.CmdTarget` starts one, greets it and reuses it case after case. Each
line it prints is parsed (and the messages of cases that already ended are dropped, counted, so a
flood of them never reaches a case's queue) by the case's own event loop while a case runs (no
thread hand-off per line: :meth:`HarnessProcess.attach` takes the pipe from the reader thread,
:meth:`HarnessProcess.detach` gives it back) and by the reader thread between cases. A line to the
harness goes straight into its stdin when the pipe has room, else through the writer thread.

Example:
    >>> import os
    >>> descendants(os.getpid()) >= set()
    True
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import io
import os
import queue
import select
import shlex
import signal
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any, TypeVar

from conformance.contract import Capabilities, HarnessError
from conformance.targets.protocol import CapabilitiesMessage, HelloMessage, ProtocolViolation, parse_harness_line

__all__ = ["DEFAULT_MAX_LINE_BYTES", "HARNESS_MARK", "HarnessProcess", "Item", "descendants", "marked_processes",
           "off_loop", "polled_exit_code"]

DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024
READ_BUFFER = 1 << 16
STDERR_TAIL_LINES = 20

T = TypeVar("T")

# An item from the stdout reader thread: ("msg", message) | ("violation", text) | ("eof", None).
Item = tuple[str, Any]


# Set in a harness's environment (a fresh value per process): its descendants inherit it, whatever
# session or parent they end up with.
HARNESS_MARK = "CONFORMANCE_HARNESS_MARK"


def _proc_pids() -> list[int]:
    try:
        return [int(name) for name in os.listdir("/proc") if name.isdigit()]
    except OSError:  # no /proc (not Linux): the process group is all that is ended
        return []


def descendants(pid: int) -> set[int]:
    """The processes below ``pid`` in the parent tree now (Linux ``/proc``; empty elsewhere).

    >>> descendants(os.getpid()) >= set()
    True
    """
    children: dict[int, list[int]] = {}
    for p in _proc_pids():
        try:
            with open(f"/proc/{p}/stat", "rb") as fh:
                stat = fh.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2:].split()  # after the command name, which may hold spaces
        children.setdefault(int(fields[1]), []).append(p)
    found: set[int] = set()
    stack = [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found


def marked_processes(mark: str) -> set[int]:
    """The processes whose environment holds ``HARNESS_MARK=mark`` (those this user may read).

    >>> marked_processes("no-such-mark")
    set()
    """
    needle = f"{HARNESS_MARK}={mark}".encode()
    found: set[int] = set()
    for p in _proc_pids():
        try:
            with open(f"/proc/{p}/environ", "rb") as fh:
                if needle in fh.read().split(b"\0"):
                    found.add(p)
        except OSError:
            continue
    return found


def _put_all(inbox: asyncio.Queue[Item], items: list[Item]) -> None:
    for item in items:
        inbox.put_nowait(item)


def _nonblocking(pipe: Any) -> bool:
    """Make ``pipe`` non-blocking, so a write never waits for its reader; False where it cannot be."""
    try:
        os.set_blocking(pipe.fileno(), False)
    except (OSError, ValueError, AttributeError):
        return False
    return True


def _write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to the non-blocking ``fd``, waiting (in this thread) while the pipe is full."""
    view = memoryview(data)
    while view:
        try:
            view = view[os.write(fd, view):]
        except BlockingIOError:
            select.select([], [fd], [])


class HarnessProcess:
    """One running harness process: its pipes, reader/writer threads and stderr tail."""

    def __init__(self, argv: list[str], *, max_line_bytes: int = DEFAULT_MAX_LINE_BYTES,
                 late: Callable[[Any], bool] | None = None) -> None:
        self.argv = argv
        self.max_line_bytes = max_line_bytes
        # Decides, on the reader thread, that a message belongs to a case that already ended (it is
        # then counted there and dropped): a flood of them never reaches, nor queues before, a case.
        self._is_late = late
        self.late = 0  # messages dropped so (written by the reader thread only)
        self.late_cases: collections.Counter[str] = collections.Counter()  # ... and the cases they named
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL_LINES)
        self.capabilities: Capabilities | None = None
        self.flow = "push"
        self.sends: frozenset[str] = frozenset()  # the optional harness messages it declared (tool-started)
        self.receives: frozenset[str] = frozenset()  # the optional suite messages it understands (parts-ahead)
        self.eof = False
        # The last case this process ended: a death of the process before it takes its next case is
        # that case's (CmdTarget attributes it), not the next one's.
        self.last_ended: str | None = None
        self._lock = threading.Lock()
        self._sink: tuple[asyncio.AbstractEventLoop, asyncio.Queue[Item]] | None = None
        self._idle: queue.Queue[Item] = queue.Queue()
        self._out: queue.Queue[bytes | None] = queue.Queue()
        # Lines handed to the writer thread and not yet written: while any is, a new line queues behind it.
        self._queued = 0
        self._out_lock = threading.Lock()
        # Own process group: killing it also ends children (``npx``, shell wrappers). A descendant that
        # leaves the group (``setsid``) still inherits the environment: the mark finds it (kill()).
        self.mark = uuid.uuid4().hex
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     bufsize=0, start_new_session=True, env={**os.environ, HARNESS_MARK: self.mark})
        self._direct = _nonblocking(self.proc.stdin)
        # Stdout is read by a case's own loop while the case runs (no thread hop per line), and by the
        # reader thread between cases (late messages, floods, the handshake); attach()/detach() hand
        # the pipe over. The partial line and the framing state go with it.
        self._frame = bytearray()
        self._scan = 0
        self._framing_lost = False  # a line past max_line_bytes: nothing after it can be framed
        self._loop_reads = _nonblocking(self.proc.stdout)
        self._holder: asyncio.AbstractEventLoop | None = None  # the case loop reading stdout now
        self._handover = threading.Event()  # set by the reader thread once it stopped reading
        self._resume = threading.Event()  # set by detach(): the reader thread reads again
        self._closing = False
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._want_pipe = False
        self._stderr_thread = threading.Thread(target=self._read_stderr, daemon=True, name="harness-stderr")
        self._threads = [threading.Thread(target=self._read_stdout, daemon=True, name="harness-stdout"),
                         threading.Thread(target=self._write, daemon=True, name="harness-stdin"),
                         self._stderr_thread]
        for t in self._threads:
            t.start()

    # ------------------------------------------------------------ threads
    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        try:
            while not self._closing and not self.eof and not self._framing_lost:
                if self._want_pipe:  # a case's loop takes the pipe: wait until it gives it back
                    self._handover.set()
                    self._resume.wait()
                    self._resume.clear()
                    continue
                if not self._loop_reads:  # a pipe that cannot be non-blocking: plain blocking reads
                    self._take(os.read(fd, READ_BUFFER), self._deliver_all)
                    continue
                ready, _, _ = select.select([fd, self._wake_r.fileno()], [], [])
                if fd not in ready:
                    with contextlib.suppress(OSError):
                        self._wake_r.recv(4096)
                    continue
                with contextlib.suppress(BlockingIOError):
                    self._take(os.read(fd, READ_BUFFER), self._deliver_all)
        except (OSError, ValueError):
            if not self.eof and not self._closing:
                self.eof = True
                self._deliver(("eof", None))
        finally:
            self._handover.set()  # an attach waiting for this thread does not wait for a thread that ended
            self._wake_r.close()
            self._wake_w.close()

    def _take(self, chunk: bytes, deliver: Callable[[list[Item]], None]) -> None:
        """Frame ``chunk`` (b"": end of file) into lines, parse them and ``deliver`` what they say, in order."""
        if not chunk:
            if self._frame:  # the last line, without its newline
                last, self._frame = bytes(self._frame), bytearray()
                deliver(self._parse_into([], last))
            self.eof = True
            deliver([("eof", None)])
            return
        buf = self._frame
        buf += chunk
        items: list[Item] = []
        start = 0
        too_long = False
        while (nl := buf.find(b"\n", self._scan)) >= 0:
            if nl + 1 - start > self.max_line_bytes:
                too_long = True
                break
            self._parse_into(items, bytes(buf[start:nl + 1]))
            start = self._scan = nl + 1
        if too_long or len(buf) - start > self.max_line_bytes:
            head = bytes(buf[start:start + 80]).decode("utf-8", "replace")
            items.append(("violation", f"a stdout line longer than {self.max_line_bytes} bytes (starts {head!r})"))
            self._framing_lost = True  # the rest of the line cannot be framed; the process will be killed
        del buf[:start]
        self._scan = len(buf)
        if items:
            deliver(items)

    def _parse_into(self, items: list[Item], line: bytes) -> list[Item]:
        """Parse one stdout line onto ``items`` (nothing for a blank line or a late message, counted)."""
        if not line.strip():
            return items
        try:
            msg = parse_harness_line(line)
            if self._is_late is not None and self._is_late(msg):
                self.late += 1
                self.late_cases[msg.case] += 1
                return items
            items.append(("msg", msg))
        except ProtocolViolation as exc:
            items.append(("violation", str(exc)))
        except Exception as exc:  # RecursionError on deep JSON once killed this thread silently
            items.append(("violation", f"a stdout line the suite cannot read ({type(exc).__name__}; "
                                       f"{len(line)} bytes, starts {line[:80].decode('utf-8', 'replace')!r})"))
        return items

    def _pump(self, inbox: asyncio.Queue[Item]) -> None:
        """The case's loop: read what stdout has now and queue its messages for the case."""
        assert self.proc.stdout is not None
        try:
            chunk = os.read(self.proc.stdout.fileno(), READ_BUFFER)
        except BlockingIOError:
            return
        except (OSError, ValueError):
            chunk = b""
        self._take(chunk, lambda items: _put_all(inbox, items))
        if (self.eof or self._framing_lost) and self._holder is not None:
            with contextlib.suppress(Exception):
                self._holder.remove_reader(self.proc.stdout.fileno())

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        stderr = io.BufferedReader(self.proc.stderr, buffer_size=READ_BUFFER)  # type: ignore[type-var]
        with contextlib.suppress(OSError, ValueError):
            for raw in iter(lambda: stderr.readline(64 * 1024), b""):
                self.stderr_tail.append(raw.decode("utf-8", "replace").rstrip("\n")[:500])
        with contextlib.suppress(OSError, ValueError):
            stderr.close()  # at EOF (the harness ended): left to the collector it was an unclosed-file warning

    def _write(self) -> None:
        stdin = self.proc.stdin
        assert stdin is not None
        while True:
            data = self._out.get()
            if data is None:
                break
            try:
                if self._direct:
                    _write_all(stdin.fileno(), data)
                else:
                    stdin.write(data)
                    stdin.flush()
            except (OSError, ValueError):
                break  # the process is gone: the stdout reader reports the exit
            finally:
                with self._out_lock:
                    self._queued -= 1

    def _deliver_all(self, items: list[Item]) -> None:
        for item in items:
            self._deliver(item)

    def _deliver(self, item: Item) -> None:
        with self._lock:
            sink = self._sink
        if sink is None:
            self._idle.put(item)
            return
        loop, inbox = sink
        with contextlib.suppress(RuntimeError):  # the case's loop already closed
            loop.call_soon_threadsafe(inbox.put_nowait, item)

    # ------------------------------------------------------------ API
    def send(self, message: Any) -> None:
        """Write one protocol message to the harness's stdin, or queue it for the writer thread (never blocks
        the caller).

        A line goes straight into the pipe when nothing is queued before it and the pipe has room (a
        case's pulls are answered without waking another thread); the rest of it, and every line
        behind it, go through the writer thread, which waits for a harness that does not read.
        """
        data = message.line()
        with self._out_lock:
            if self._direct and not self._queued:
                try:
                    data = data[os.write(self.proc.stdin.fileno(), data):]  # type: ignore[union-attr]
                except BlockingIOError:
                    pass
                except (OSError, ValueError):
                    return  # the process is gone: the stdout reader reports the exit
                if not data:
                    return
            self._queued += 1
            self._out.put(data)

    def alive(self) -> bool:
        return self.proc.poll() is None and not self.eof

    def handshake(self, timeout: float) -> Capabilities:
        """Send ``hello`` and wait for ``capabilities``; raise :class:`HarnessError` saying why not."""
        self.send(HelloMessage())
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                kind, msg = self._idle.get(timeout=max(left, 0.0))
            except queue.Empty:
                raise HarnessError(f"harness did not start: no capabilities within {timeout:.1f}s of hello "
                                   f"({shlex.join(self.argv)}){self.tail()}") from None
            if kind == "eof":
                raise HarnessError(f"harness did not start: it exited (code {self.exit_code()}) before answering "
                                   f"hello ({shlex.join(self.argv)}){self.tail()}")
            if kind == "violation":
                raise HarnessError(f"harness did not start: protocol violation in its reply to hello: {msg}"
                                   f"{self.tail()}")
            if isinstance(msg, CapabilitiesMessage):
                self.capabilities = msg.capabilities
                self.flow = msg.flow
                self.sends = frozenset(msg.sends)
                self.receives = frozenset(msg.receives)
                return msg.capabilities
            raise HarnessError(f"harness did not start: expected a capabilities message, got {msg.type!r}"
                               f"{self.tail()}")

    def attach(self, loop: asyncio.AbstractEventLoop, inbox: asyncio.Queue[Item]) -> list[Item]:
        """Route stdout to this case's queue; return what arrived between cases (should be nothing).

        Where the pipe can be read without blocking, the case's loop reads it from now until
        :meth:`detach` (the reader thread stops first); else the reader thread hands each line over.
        """
        own = self._loop_reads and not self.eof and not self._framing_lost and not self._closing
        if own:
            if self._holder is not None:  # an earlier case's loop never gave the pipe back
                with contextlib.suppress(Exception):
                    self._holder.remove_reader(self.proc.stdout.fileno())  # type: ignore[union-attr]
                self._holder = None
            else:
                self._want_pipe = True
                with contextlib.suppress(OSError):
                    self._wake_w.send(b"x")
                self._handover.wait()
                self._handover.clear()
        stray: list[Item] = []
        with self._lock:
            while True:
                try:
                    stray.append(self._idle.get_nowait())
                except queue.Empty:
                    break
            self._sink = (loop, inbox)
        if own and not self.eof and not self._framing_lost:
            self._holder = loop
            loop.add_reader(self.proc.stdout.fileno(), self._pump, inbox)  # type: ignore[union-attr]
        return stray

    def detach(self) -> None:
        holder, self._holder = self._holder, None
        if holder is not None:
            with contextlib.suppress(Exception):  # the loop may be closed already
                holder.remove_reader(self.proc.stdout.fileno())  # type: ignore[union-attr]
        with self._lock:
            self._sink = None
        if self._want_pipe:
            self._want_pipe = False
            self._resume.set()

    def exit_code(self, wait: float = 1.0) -> int | None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            return self.proc.wait(timeout=wait)
        return None

    def tail(self) -> str:
        """The last lines of the harness's stderr, for an error message ('' if none)."""
        self._stderr_thread.join(0.2 if self.proc.poll() is not None else 0.0)
        lines = [ln for ln in self.stderr_tail if ln.strip()]
        if not lines:
            return ""
        return "\n--- harness stderr (last lines) ---\n" + "\n".join(lines[-10:])

    def kill(self) -> None:
        """End the process (and its group) now; the threads end on EOF."""
        self._out.put(None)
        self._closing = True
        self._resume.set()
        with contextlib.suppress(OSError):
            self._wake_w.send(b"x")
        # The whole group, even when the harness itself has exited: its children (a node harness's
        # workers, a shell's commands) are in the group and would outlive the suite.
        strays = descendants(self.proc.pid) | marked_processes(self.mark)
        with contextlib.suppress(OSError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        for pid in strays - {self.proc.pid}:  # left the group (setsid) or were orphaned: still the harness's
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        if self.proc.poll() is None:
            with contextlib.suppress(OSError):
                self.proc.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=2.0)
        for pipe in (self.proc.stdin, self.proc.stdout):
            with contextlib.suppress(OSError, ValueError):
                if pipe is not None:
                    pipe.close()


async def off_loop(fn: Callable[[], T]) -> T:
    """``fn()`` in a daemon thread of its own, awaited on the case's loop (a harness's restart blocks).

    Not ``asyncio.to_thread``: the loop's executor thread is not a daemon, and the process guard
    would name it as the adapter's.

    >>> asyncio.run(off_loop(lambda: 6 * 7))
    42
    """
    loop = asyncio.get_running_loop()
    done: asyncio.Future[T] = loop.create_future()

    def settle(value: Any, exc: BaseException | None) -> None:
        if done.done():
            return
        if exc is not None:
            done.set_exception(exc)
        else:
            done.set_result(value)

    def run() -> None:
        try:
            value, exc = fn(), None
        except BaseException as error:  # handed to the awaiting case as it is
            value, exc = None, error
        with contextlib.suppress(RuntimeError):  # the case's loop already closed
            loop.call_soon_threadsafe(settle, value, exc)

    threading.Thread(target=run, daemon=True, name="harness-restart").start()
    return await done


async def polled_exit_code(proc: HarnessProcess, polls: int = 50, every_s: float = 0.02) -> int | None:
    """The harness's exit code if it ends within ``polls`` looks, else None.

    Polled on the case's loop: ``asyncio.to_thread`` would start the loop's executor thread, a
    non-daemon thread that outlives the case, and the process guard would name it as the adapter's.

    >>> import subprocess, sys
    >>> class Ended:
    ...     proc = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
    >>> asyncio.run(polled_exit_code(Ended(), polls=500))  # type: ignore[arg-type]
    3
    """
    for _ in range(polls):
        code = proc.proc.poll()
        if code is not None:
            return code
        await asyncio.sleep(every_s)
    return proc.proc.poll()
