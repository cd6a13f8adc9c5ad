"""``latinum.batch.pool``: results in order, few tasks ahead, workers stopped at once."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from latinum.batch.pool import WorkerDied, ordered
from processes import children, finish

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


@pytest.fixture(autouse=True)
def deadline() -> Iterator[None]:
    """Fail a test that hangs (instead of hanging the run), then check no worker is left."""

    def too_long(*_: object) -> None:
        raise TimeoutError("the test took more than 20 s")

    previous = signal.signal(signal.SIGALRM, too_long)
    signal.setitimer(signal.ITIMER_REAL, 20)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert multiprocessing.active_children() == []


def square(number: int, delay: float = 0.0) -> int:
    time.sleep(delay)
    return number * number


def failing(number: int) -> int:
    if number == 3:
        raise ValueError(f"no {number}")
    return number


class Unpicklable(Exception):
    def __reduce__(self) -> object:
        raise TypeError("not this one")


class NeedsTwo(Exception):
    def __init__(self, first: str, second: str) -> None:
        super().__init__(first)  # pickles, but cannot be rebuilt from its args


def rebuilds(error: Exception) -> bool:
    try:
        pickle.loads(pickle.dumps(error))
    except TypeError:
        return False
    return True


def raising(kind: str) -> None:
    raise Unpicklable("odd") if kind == "unpicklable" else NeedsTwo("a", "b")


def suicidal(number: int) -> int:
    if number == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.05)
    return number


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_results_come_in_order(jobs: int) -> None:
    delays = [0.1, 0.0, 0.05, 0.0, 0.12, 0.01, 0.0, 0.08, 0.0, 0.02]
    with ordered(square, ((n, delay) for n, delay in enumerate(delays)), jobs) as results:
        assert list(results) == [n * n for n in range(len(delays))]


def test_one_job_starts_no_process() -> None:
    with ordered(square, [(2,), (3,)], 1) as results:
        assert multiprocessing.active_children() == []
        assert list(results) == [4, 9]


def test_no_task_gives_no_result() -> None:
    with ordered(square, [], 2) as results:
        assert list(results) == []


@pytest.mark.parametrize("jobs", [2, 3])
def test_only_a_few_tasks_are_taken_ahead(jobs: int) -> None:
    taken = []

    def tasks() -> Iterator[tuple[int, float]]:
        for number in range(20):
            taken.append(number)
            yield number, 0.3 if number == 0 else 0.0  # the others could all be made meanwhile

    given = 0
    with ordered(square, tasks(), jobs) as results:
        for result in results:
            assert result == given * given
            given += 1
            assert len(taken) <= given + 2 * jobs
    assert given == 20


def test_an_error_is_raised_at_its_place_and_the_workers_end() -> None:
    seen = []
    with (
        pytest.raises(ValueError, match="no 3") as caught,
        ordered(failing, [(n,) for n in range(8)], 2) as results,
    ):
        for result in results:
            seen.append(result)
    assert seen == [0, 1, 2]
    assert "in failing" in str(caught.value.__cause__)  # the worker's traceback
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize(
    ("kind", "words"), [("unpicklable", "Unpicklable('odd')"), ("two", "NeedsTwo('a')")]
)
def test_an_error_that_cannot_be_sent_is_named(kind: str, words: str) -> None:
    if kind == "two" and rebuilds(NeedsTwo("a", "b")):
        pytest.skip("tblib (imported with Dask) taught every exception class to pickle")
    with (
        pytest.raises(RuntimeError, match=re.escape(words)),
        ordered(raising, [(kind,)], 2) as results,
    ):
        list(results)


def test_leaving_the_loop_early_stops_the_workers() -> None:
    with ordered(square, ((n, 5.0 if n else 0.05) for n in range(100)), 2) as results:
        for result in results:
            assert result == 0
            assert len(multiprocessing.active_children()) == 2
            break
        start = time.monotonic()
    assert time.monotonic() - start < 1
    assert multiprocessing.active_children() == []


def test_a_killed_worker_is_an_error_not_a_hang() -> None:
    with (
        pytest.raises(WorkerDied, match="killed by signal 9"),
        ordered(suicidal, [(n,) for n in range(10)], 2) as results,
    ):
        list(results)


def test_a_worker_killed_from_outside_is_an_error() -> None:
    with (
        pytest.raises(WorkerDied, match=r"worker process \(pid \d+\) ended unexpectedly"),
        ordered(square, ((n, 0.05) for n in range(20)), 2) as results,
    ):
        for result in results:
            if result == 0:
                os.kill(multiprocessing.active_children()[0].pid, signal.SIGKILL)


def test_spawned_workers_work_too() -> None:
    method = multiprocessing.get_start_method(allow_none=True)
    multiprocessing.set_start_method("spawn", force=True)
    try:
        with ordered(square, [(n, 0.01) for n in range(6)], 2) as results:
            assert list(results) == [0, 1, 4, 9, 16, 25]
    finally:
        multiprocessing.set_start_method(method, force=True)


def running(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie (Linux)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def generating(jobs: int) -> tuple[subprocess.Popen, list[int]]:
    """``latinum generate`` with ``jobs`` workers once it printed a puzzle, and its workers."""
    command = [sys.executable, "-m", "latinum", "generate", "sudoku", "--count", "2000"]
    process = subprocess.Popen(
        [*command, "--jobs", str(jobs), "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert select.select([process.stdout], [], [], 15)[0], "no puzzle within 15 s"
    assert len(process.stdout.readline().strip()) == 81
    workers = children(process.pid)
    assert len(workers) == jobs
    return process, workers


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_with_jobs_stops_everything_at_once() -> None:
    process, workers = generating(2)
    try:
        start = time.monotonic()
        process.send_signal(signal.SIGINT)
        status = process.wait(timeout=10)
        took = time.monotonic() - start
        print(f"stopped {took * 1000:.0f} ms after Ctrl-C")
        assert status == 130
        assert took < 5
        assert [pid for pid in workers if os.path.exists(f"/proc/{pid}")] == []  # and reaped
        assert process.stderr.read().startswith("latinum: interrupted after ")
    finally:
        finish(process)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_end_when_the_main_process_is_killed() -> None:
    process, workers = generating(3)
    try:
        process.kill()
        process.wait(timeout=10)
        end = time.monotonic() + 5
        while any(map(running, workers)) and time.monotonic() < end:
            time.sleep(0.01)
        assert not any(map(running, workers))
    finally:
        finish(process)
        for pid in filter(running, workers):
            os.kill(pid, signal.SIGKILL)
