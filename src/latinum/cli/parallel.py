"""Work spread over processes, with results in order and only a few tasks ahead."""

from __future__ import annotations

import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from multiprocessing import Pool
from multiprocessing.pool import AsyncResult
from multiprocessing.pool import Pool as PoolType
from typing import TypeVar

T = TypeVar("T")


def ignore_interrupts() -> None:
    """Leave Ctrl-C to the main process, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_order(
    pool: PoolType, function: Callable[..., T], tasks: Iterable[tuple], ahead: int
) -> Iterator[T]:
    """``function(*task)`` for each task, in order, with at most ``ahead`` tasks pending."""
    pending: deque[AsyncResult[T]] = deque()
    for task in tasks:
        pending.append(pool.apply_async(function, task))
        if len(pending) >= ahead:
            yield pending.popleft().get()
    while pending:
        yield pending.popleft().get()


@contextmanager
def ordered(function: Callable[..., T], tasks: Iterable[tuple], jobs: int) -> Iterator[Iterator[T]]:
    """``function(*task)`` for each task, in order, made by ``jobs`` processes.

    ``function`` must be a module-level function and the tasks picklable.
    With one job everything runs here and no process is started. Leaving
    the block (at the end, on an error or on Ctrl-C) terminates the workers;
    the first exception of a task is raised when its result is reached.
    """
    if jobs == 1:
        yield (function(*task) for task in tasks)
        return
    with Pool(jobs, initializer=ignore_interrupts) as pool:
        yield in_order(pool, function, tasks, 2 * jobs)
