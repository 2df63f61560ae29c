"""A harness's descendants end with it, even those that left its process group.

Killing the harness's process group left a grandchild started with ``setsid`` running after the
suite. Each case here starts one: in its own session with the harness's environment (then the
harness exits, so the grandchild is orphaned), or with an empty environment under a live harness.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

from conformance.targets.cmd import HarnessProcess

SPAWN = """
import os, subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"], start_new_session=True,
                         env=None if sys.argv[2] == "inherit" else {})
open(sys.argv[1], "w").write(str(child.pid))
if sys.argv[3] == "exit":
    sys.exit(0)
time.sleep(600)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read()
    except OSError:
        return False
    return stat[stat.rfind(b")") + 2:].split()[0] != b"Z"  # a zombie has ended


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
@pytest.mark.parametrize(("env", "harness"), [("inherit", "exit"), ("empty", "stay")])
def test_a_setsid_grandchild_is_ended_with_its_harness(tmp_path: Path, env: str, harness: str) -> None:
    pid_file = tmp_path / "grandchild.pid"
    proc = HarnessProcess([sys.executable, "-c", SPAWN, str(pid_file), env, harness])
    for _ in range(2_000):  # the grandchild is started: polled by count, no duration asserted
        if pid_file.exists() and pid_file.read_text():
            break
        time.sleep(0.005)
    pid = int(pid_file.read_text())
    if harness == "exit":
        proc.proc.wait(timeout=30)
    assert _alive(pid) and os.getsid(pid) != os.getsid(proc.proc.pid if harness == "stay" else os.getpid())
    proc.kill()
    for _ in range(400):  # SIGKILL is asynchronous: let the kernel reap it
        if not _alive(pid):
            break
        time.sleep(0.005)
    assert not _alive(pid)
