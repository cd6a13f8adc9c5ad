"""Work spread over processes, with results in order and only a few tasks ahead.

Each worker is a process with a pipe of its own, so no queue or lock is
shared: the main process hands a task to whichever worker is idle, keeps
the results in input order, and on leaving stops every worker at once
(SIGTERM, then SIGKILL), whatever they are doing.
"""

from __future__ import annotations

import multiprocessing
import pickle
import signal
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from typing import Any, TypeVar, cast

T = TypeVar("T")
STOP_GRACE = 0.2  # seconds the workers get to end on SIGTERM before SIGKILL


class WorkerDied(RuntimeError):
    """A worker process ended while it was still needed (killed, for instance)."""


class RemoteTraceback(Exception):
    """The traceback of a task that failed in a worker (the cause of its error)."""

    def __str__(self) -> str:
        return f"\n\n{self.args[0]}"


def ignore_interrupts() -> None:
    """Leave Ctrl-C to the main process, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back here (it comes after) and in the processes started meanwhile."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def reply(function: Callable[..., Any], task: tuple) -> bytes:
    """``(True, function(*task), None)`` pickled, or ``(False, error, traceback)``."""
    try:
        return pickle.dumps((True, function(*task), None), pickle.HIGHEST_PROTOCOL)
    except Exception as error:
        text = traceback.format_exc()
        try:
            data = pickle.dumps((False, error, text), pickle.HIGHEST_PROTOCOL)
            pickle.loads(data)  # some exceptions pickle but cannot be rebuilt
        except Exception:
            data = pickle.dumps((False, RuntimeError(repr(error)), text), pickle.HIGHEST_PROTOCOL)
        return data


def serve(connection: Connection, function: Callable[..., Any]) -> None:
    """A worker: answer each task received until the pipe is closed or the main process ends."""
    ignore_interrupts()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    parent = multiprocessing.parent_process()
    watched: list[Connection | int] = [connection]
    if parent is not None:
        watched.append(parent.sentinel)
    while True:
        try:
            if connection not in wait(watched):
                return  # the main process was killed
            task = connection.recv()
        except (EOFError, OSError):
            return
        try:
            connection.send_bytes(reply(function, task))
        except OSError:  # the main process is gone or stopping us
            return


class Worker:
    """A process running :func:`serve`, and our end of its pipe."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.connection, theirs = multiprocessing.Pipe()
        self.process = multiprocessing.Process(
            target=serve, args=(theirs, function), name="latinum worker", daemon=True
        )
        self.process.start()
        theirs.close()  # the pipe ends when the worker does
        self.number = -1  # of the task being made

    def died(self) -> WorkerDied:
        self.process.join(STOP_GRACE)  # its exit code may lag behind its pipe
        code = self.process.exitcode
        how = f"killed by signal {-code}" if code and code < 0 else f"exit code {code}"
        return WorkerDied(f"a worker process (pid {self.process.pid}) ended unexpectedly ({how})")


def stop(workers: list[Worker]) -> None:
    """End every worker now (SIGTERM, then SIGKILL after a short grace) and reap them."""
    for worker in workers:
        worker.process.terminate()
        worker.connection.close()
    deadline = time.monotonic() + STOP_GRACE
    for worker in workers:
        worker.process.join(max(0.0, deadline - time.monotonic()))
    for worker in workers:
        if worker.process.exitcode is None:
            worker.process.kill()
        worker.process.join()
        worker.process.close()


def in_order(workers: list[Worker], tasks: Iterable[tuple], ahead: int) -> Iterator[Any]:
    """The result of each task, in order, with at most ``ahead`` tasks made or waiting."""
    pending = iter(tasks)
    idle = list(workers)
    busy: dict[Connection, Worker] = {}
    done: dict[int, tuple] = {}  # replies not yet yielded, by task number
    taken = given = 0  # tasks taken from ``pending``, results yielded
    exhausted = False
    sentinels = {worker.process.sentinel: worker for worker in workers}
    while True:
        while idle and not exhausted and taken - given < ahead:
            try:
                task = next(pending)
            except StopIteration:
                exhausted = True
                break
            worker = idle.pop()
            try:
                worker.connection.send(task)
            except OSError:
                raise worker.died() from None
            worker.number, taken = taken, taken + 1
            busy[worker.connection] = worker
        if given in done:
            ok, value, text = done.pop(given)
            given += 1
            if not ok:
                raise value from RemoteTraceback(text)
            yield value
        elif not busy:
            return
        else:
            for ready in wait([*busy, *sentinels]):
                if ready in sentinels:  # the process has ended
                    raise sentinels[ready].died()
                connection = cast(Connection, ready)  # not a sentinel: one of our pipes
                worker = busy.pop(connection)
                try:
                    done[worker.number] = pickle.loads(connection.recv_bytes())
                except (EOFError, OSError):
                    raise worker.died() from None
                idle.append(worker)


@contextmanager
def ordered(
    function: Callable[..., T], tasks: Iterable[tuple], jobs: int, client: Any = None
) -> Iterator[Iterator[T]]:
    """``function(*task)`` for each task, in order, made by ``jobs`` processes, or
    by the workers of a Dask ``client`` when one is given.

    ``function`` must be a module-level function and the tasks picklable.
    With one job everything runs here and no process is started. Leaving
    the block (at the end, on an error or on Ctrl-C) stops the workers at
    once (on Dask: cancels the tasks out); the exception of a task is raised
    when its result is reached.
    """
    if client is not None:
        from . import cluster  # which imports this module

        results = cluster.in_order(client, function, tasks)
        try:
            yield results
        finally:
            results.close()  # cancels the tasks still out
        return
    if jobs == 1:
        yield (function(*task) for task in tasks)
        return
    workers: list[Worker] = []
    try:
        with interrupts_held():  # no worker starts with Ctrl-C still live
            for _ in range(jobs):
                workers.append(Worker(function))
        yield in_order(workers, tasks, 2 * jobs)
    finally:
        stop(workers)
