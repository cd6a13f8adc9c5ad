"""Child processes in the tests: who a process started, ending one, an ended process id."""

from __future__ import annotations

import os
import subprocess
import sys


def children(pid: int) -> list[int]:
    """The processes any thread of ``pid`` started, still running (Linux)."""
    found = []
    for thread in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{thread}/children") as listing:
            found += [int(child) for child in listing.read().split()]
    return found


def finish(process: subprocess.Popen) -> None:
    """Kill ``process`` if it still runs, and close its pipes."""
    if process.poll() is None:
        process.kill()
        process.wait()
    process.stdout.close()
    process.stderr.close()


def ended_pid() -> int:
    """The process id of a process that has ended (as a writer killed mid-save)."""
    child = subprocess.Popen([sys.executable, "-c", ""])
    child.wait()
    return child.pid
