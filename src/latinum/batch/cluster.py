"""The same batches on a Dask cluster: chunks out as futures, results back in input order.

Needs the ``latinum[dask]`` extra (``distributed``). :func:`connect` starts a
``LocalCluster`` for the run or joins a running scheduler; :func:`in_order`
keeps a bounded number of chunks in flight and hands their results back in
the order the chunks went out. A worker that dies mid-run loses nothing:
the scheduler runs its chunks again elsewhere, and each result is taken
once, when its turn comes.
"""

from __future__ import annotations

import itertools
import os
import pickle
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import contextmanager
from importlib import metadata
from typing import Any

from ..errors import InvalidArgument, LatinumError, MissingExtra
from .pool import interrupts_held

INSTALL = "pip install 'latinum[dask]'"
#: Seconds to reach a scheduler, and to wait for its first worker.
CONNECT_SECONDS = 10
WORKER_SECONDS = 60
#: Chunks in flight for each worker thread of the cluster.
AHEAD = 2
#: Results between two looks at how many worker threads the cluster has.
RECOUNT = 100
#: Dask's settings for the clusters started here: no INFO lines, and no log of the last
#: 1,000 messages under 1 MB that each connection keeps by default, which held a
#: copy of the last chunks sent and their results (hundreds of MB on a long batch).
QUIET: dict[str, Any] = {
    "logging.distributed": "error",
    "distributed.admin.low-level-log-length": 0,
}


class ClusterError(LatinumError):
    """The cluster cannot be reached, has no worker, or lost a chunk too often."""


def _distributed() -> Any:
    """The ``distributed`` module, or MissingExtra saying what to install."""
    try:
        import distributed
    except ImportError:
        raise MissingExtra(f"Dask is not installed: {INSTALL}") from None
    return distributed


def checked_address(address: str | None) -> str | None:
    """The scheduler's address (None: a local cluster), or InvalidArgument."""
    if address is None:
        return None
    if not isinstance(address, str) or not address.strip() or any(c.isspace() for c in address):
        raise InvalidArgument(f"a Dask scheduler address is like tcp://HOST:8786, not {address!r}")
    return address.strip()


@contextmanager
def connect(address: str | None = None, workers: int = 0) -> Iterator[Any]:
    """A ``distributed.Client``: of a ``LocalCluster`` of ``workers`` single-threaded
    processes started for the block (0: one for each core), or of the scheduler at
    ``address``, with at least one worker. Closed, with the local cluster, on leaving."""
    address = checked_address(address)
    # Workers started from here inherit these: their start-up lines stay quiet, and
    # they keep no copy of the last messages (see QUIET).
    for name, value in QUIET.items():
        variable = "DASK_" + name.upper().replace(".", "__").replace("-", "_")
        os.environ.setdefault(variable, str(value))
    distributed = _distributed()
    import dask.config

    with dask.config.set(QUIET), _client(distributed, address, workers) as client:
        yield client


@contextmanager
def _client(distributed: Any, address: str | None, workers: int) -> Iterator[Any]:
    if address is None:
        with interrupts_held():  # Ctrl-C is the main process's: it closes the cluster
            cluster = distributed.LocalCluster(
                n_workers=workers or None,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                # Its web server (health checks) on a free port, not 8787, which a
                # scheduler already running here may hold.
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
            )
        try:
            with distributed.Client(cluster) as client:
                yield client
        finally:
            cluster.close()
        return
    try:
        client = distributed.Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as error:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    with client:
        try:
            client.wait_for_workers(1, timeout=WORKER_SECONDS)
        except TimeoutError:
            raise ClusterError(
                f"no Dask worker joined the scheduler at {address} in {WORKER_SECONDS} s "
                f"(start one with: dask worker {address})"
            ) from None
        same_latinum(client, address)
        yield client


def same_latinum(client: Any, address: str) -> None:
    """ClusterError unless every worker has this version of latinum installed."""
    ours = metadata.version("latinum")
    try:
        theirs = set(client.run(metadata.version, "latinum").values())
    except metadata.PackageNotFoundError:
        raise ClusterError(
            f"a Dask worker of {address} has no latinum installed: {INSTALL} there"
        ) from None
    if theirs != {ours}:
        found = ", ".join(sorted(theirs))
        raise ClusterError(f"the Dask workers of {address} have latinum {found}, not {ours}")


def threads(client: Any) -> int:
    """The worker threads the client's cluster has now (at least 1)."""
    return max(1, sum(client.nthreads().values()))


def unpacked(packed: bytes) -> Any:
    """``function(*task)`` for a task sent pickled: the scheduler, which unpickles the
    tasks it is given, then sees bytes only, not every puzzle of the chunk."""
    function, task = pickle.loads(packed)
    return function(*task)


def in_order(
    client: Any, function: Callable[..., Any], tasks: Iterable[tuple]
) -> Generator[Any, None, None]:
    """``function(*task)`` for each task, computed on the cluster, in order, with at
    most :data:`AHEAD` tasks a worker thread submitted and not yet yielded. The
    exception of a task is raised when its result is reached; leaving early
    cancels the tasks still out."""
    distributed = _distributed()
    out: deque[Any] = deque()
    pending = iter(tasks)
    try:
        for given in itertools.count():
            if given % RECOUNT == 0:  # workers may join or leave
                most = AHEAD * threads(client)
            while len(out) < most:
                task = next(pending, None)
                if task is None:
                    break
                packed = pickle.dumps((function, task), pickle.HIGHEST_PROTOCOL)
                out.append(client.submit(unpacked, packed, pure=False))
            if not out:
                return
            future = out.popleft()
            try:
                result = future.result()
            except distributed.KilledWorker as error:
                raise ClusterError(f"Dask workers died running the same chunk: {error}") from None
            future.release()
            yield result
    finally:
        if out:
            client.cancel(list(out))
