"""What an in-process adapter may leave changed in the suite's process, found and put back per case.

An adapter runs in the suite's own process (``--adapter-isolation=none``), so it can lower the
recursion limit (the grader and the report writer then fail), change the working directory
(relative report paths land elsewhere), replace ``sys.stdout``/``sys.stderr``, or start a
non-daemon thread that holds the interpreter's exit for as long as it runs. :func:`guarded`
notes the state before a case and restores it after, returning a note for the case's reason;
the non-daemon threads the case left running are remembered, so the plugin can report them at
the end of the session and exit without waiting for them (:func:`leaked_threads`).

Example:
    >>> import sys
    >>> before = ProcessState.take()
    >>> limit = sys.getrecursionlimit()
    >>> sys.setrecursionlimit(limit - 1)
    >>> before.restore("x[v3]").startswith("note: the adapter changed the recursion limit")
    True
    >>> sys.getrecursionlimit() == limit
    True
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CappedOutput", "CaseStopped", "ProcessState", "capped_output", "leaked_threads", "stop_thread"]

# Characters of an adapter's stdout/stderr kept per case (a 300 MB print once went into pytest's output).
OUTPUT_CAP = 64 * 1024

# Non-daemon threads started during a case and alive after it: thread -> the case id.
_LEAKED: dict[threading.Thread, str] = {}
_LOCK = threading.Lock()


class CaseStopped(SystemExit):
    """Raised inside a case's thread to end it: a ``SystemExit``, so asyncio's tasks pass it on
    instead of keeping it, and the thread ends without a traceback."""


def stop_thread(thread: threading.Thread, wake: Callable[[], None] | None = None, tries: int = 100,
                wait_s: float = 0.02) -> bool:
    """End a thread that runs Python code by raising :class:`CaseStopped` in it; True once it ended.

    A thread left running after its case kept spinning (a recursion at a raised limit took the
    process's memory while the report was built). The exception is raised again each try, for code
    that catches it once; ``wake`` is called each try to get a thread out of a blocking wait that
    can be woken (an event loop's selector). A thread blocked in C without end cannot be stopped:
    False.

    >>> spin = threading.Event()
    >>> def spin_forever() -> None:  # bytecode the exception can land between (a C loop never checks)
    ...     spin.set()
    ...     while True:
    ...         pass
    >>> t = threading.Thread(target=spin_forever, daemon=True); t.start()
    >>> spin.wait(5), stop_thread(t, tries=2000)  # ends at the first try that lands; many on a busy machine
    (True, True)
    """
    ident = thread.ident
    for _ in range(tries):
        if ident is None or not thread.is_alive():
            break
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(CaseStopped))
        if wake is not None:
            with suppress(Exception):  # a closed loop: nothing to wake
                wake()
        thread.join(wait_s)
    if thread.is_alive() and ident is not None:
        # Not stopped: take the pending exception back, so it cannot land in code run later.
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), None)
    return not thread.is_alive()


@dataclass
class ProcessState:
    """The process-wide things a case must not change: taken before it, restored after."""

    cwd: str
    recursion_limit: int
    stdout: Any
    stderr: Any
    threads: set[threading.Thread] = field(default_factory=set)

    @classmethod
    def take(cls) -> ProcessState:
        try:
            cwd = os.getcwd()
        except OSError:  # the directory was removed under us: nothing to restore to
            cwd = ""
        return cls(cwd=cwd, recursion_limit=sys.getrecursionlimit(), stdout=sys.stdout, stderr=sys.stderr,
                   threads=set(threading.enumerate()))

    def restore(self, case_id: str) -> str:
        """Put back what changed; return a note naming each change ('' when nothing did)."""
        changes: list[str] = []
        limit = sys.getrecursionlimit()
        if limit != self.recursion_limit:
            sys.setrecursionlimit(self.recursion_limit)
            changes.append(f"the recursion limit ({self.recursion_limit} -> {limit} "
                           "would break the grader and the reports)")
        try:
            cwd = os.getcwd()
        except OSError:
            cwd = ""
        if self.cwd and cwd != self.cwd:
            os.chdir(self.cwd)
            changes.append(f"the working directory (to {cwd or 'a removed directory'!r})")
        for name, saved in (("stdout", self.stdout), ("stderr", self.stderr)):
            if getattr(sys, name) is not saved:
                setattr(sys, name, saved)
                changes.append(f"sys.{name}")
        leaked = [t for t in threading.enumerate()
                  if t not in self.threads and not t.daemon and t.is_alive()]
        with _LOCK:
            for t in leaked:
                _LEAKED.setdefault(t, case_id)
        notes = [f"note: the adapter changed {', '.join(changes)}; restored"] if changes else []
        if leaked:
            names = ", ".join(sorted(t.name for t in leaked))
            notes.append(f"note: the adapter left {len(leaked)} non-daemon thread(s) running ({names}); "
                         "the suite will not wait for them at its exit")
        return "\n".join(notes)


def leaked_threads() -> list[tuple[str, str]]:
    """(thread name, case id) of the adapter threads still running, left by earlier cases.

    >>> before, release = ProcessState.take(), threading.Event()
    >>> t = threading.Thread(target=release.wait, name="left-by-x"); t.start()
    >>> "left 1 non-daemon thread(s) running (left-by-x)" in before.restore("x[v3]")
    True
    >>> [case for name, case in leaked_threads() if name == "left-by-x"]
    ['x[v3]']
    >>> release.set(); t.join(); [case for name, case in leaked_threads() if name == "left-by-x"]
    []
    """
    with _LOCK:
        return sorted((t.name, case) for t, case in _LEAKED.items() if t.is_alive())


class CappedOutput:
    """A text stream that passes the first ``cap`` characters on to ``target`` and counts the rest."""

    def __init__(self, target: Any, cap: int) -> None:
        self.target, self.cap, self.written = target, cap, 0
        self.closed = False
        self._lock = threading.Lock()

    def write(self, text: str) -> int:
        with self._lock:
            room = self.cap - self.written
            self.written += len(text)
        if room > 0 and self.target is not None and not self.closed:
            with suppress(Exception):  # a closed or broken stream: the count still says how much there was
                self.target.write(text[:room])
        return len(text)

    def flush(self) -> None:
        with suppress(Exception):
            if self.target is not None:
                self.target.flush()

    def isatty(self) -> bool:
        return False

    def close(self) -> None:
        """The adapter's close ends its own view only: pytest's capture and terminal share the real
        stream (closing it once lost the report of every later case).

        >>> import io
        >>> real = io.StringIO()
        >>> out = CappedOutput(real, 5)
        >>> out.close()
        >>> out.closed, real.closed, out.write("after"), real.getvalue()
        (True, False, 5, '')
        """
        self.closed = True

    def __getattr__(self, name: str) -> Any:  # encoding, fileno ...: the real stream's
        return getattr(self.target, name)


@contextmanager
def capped_output(cap: int = OUTPUT_CAP) -> Iterator[list[str]]:
    """Cap what the adapter prints to ``sys.stdout``/``sys.stderr`` while a case runs; the list it
    yields gets a note per stream that went past the cap (said in the case's reason).

    >>> import sys
    >>> with capped_output(cap=5) as notes:
    ...     _ = sys.stdout.write("0123456789")
    01234
    >>> notes
    ['note: the adapter printed 10 characters to stdout; the first 5 are kept']
    """
    saved = {"stdout": sys.stdout, "stderr": sys.stderr}
    capped = {name: CappedOutput(stream, cap) for name, stream in saved.items()}
    notes: list[str] = []
    for name, stream in capped.items():
        setattr(sys, name, stream)
    try:
        yield notes
    finally:
        for name, stream in capped.items():
            setattr(sys, name, saved[name])
            if stream.closed:
                notes.append(f"note: the adapter closed sys.{name}; the suite's stream was kept open")
            if stream.written > cap:
                notes.append(f"note: the adapter printed {stream.written:,} characters to {name}; "
                             f"the first {cap:,} are kept")
