"""Where a batch runs: ``--jobs J`` worker processes here, or ``--dask`` on a Dask cluster."""

from __future__ import annotations

import functools
import importlib.util
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import click

from ..batch import cluster
from ..batch.work import workers
from .values import WholeNumber

LOCAL = "local"
#: A scheduler's address: tcp://HOST:PORT (any protocol) or HOST:PORT.
ADDRESS = re.compile(r"([a-z][a-z0-9+.-]*://)?[^\s/:]+:\d+/?|[a-z][a-z0-9+.-]*://\S+", re.I)


@dataclass(frozen=True)
class Spread:
    """``jobs`` processes here, or a Dask cluster: ``dask`` is ``local`` (a LocalCluster
    of ``jobs`` workers, 0: one on each core) or a scheduler's address."""

    jobs: int = 1
    dask: str | None = None

    @property
    def processes(self) -> int:
        """The worker processes started here (1: none), Dask aside."""
        return 1 if self.dask else workers(self.jobs)

    @property
    def spread(self) -> bool:
        """Whether the work leaves this process."""
        return self.dask is not None or self.processes > 1

    @contextmanager
    def client(self) -> Iterator[Any]:
        """The Dask client for the run (None without ``--dask``), closed on leaving."""
        if self.dask is None:
            yield None
            return
        address = None if self.dask == LOCAL else self.dask
        with cluster.connect(address, workers(self.jobs)) as client:
            yield client


#: One process, this one.
HERE = Spread()


def checked_dask(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--dask``'s value: ``local`` or a scheduler's address, with Dask installed."""
    if value is None:
        return None
    if value != LOCAL and not ADDRESS.fullmatch(value):
        raise click.BadParameter(
            f"{value!r} is not a scheduler address such as tcp://HOST:8786 "
            "(a file after --dask is taken as its address: put --dask after the files)",
            ctx,
            param,
        )
    if importlib.util.find_spec("distributed") is None:
        click.echo(f"latinum: --dask needs Dask: {cluster.INSTALL}", err=True)
        ctx.exit(2)
    return value


def jobs_option(command: Callable) -> Callable:
    """``--jobs J`` and ``--dask [ADDRESS]``, given to the command as ``jobs``, a Spread."""

    @functools.wraps(command)
    def with_spread(*args: Any, jobs: int, dask: str | None, **kwargs: Any) -> Any:
        ctx = click.get_current_context()
        chosen = ctx.get_parameter_source("jobs") != click.core.ParameterSource.DEFAULT
        if dask not in (None, LOCAL) and chosen:
            raise click.UsageError(
                "--jobs sets the workers of a local cluster (--dask alone); "
                f"those of {dask} are the ones started there",
                ctx,
            )
        count = jobs if chosen or dask is None else 0
        return command(*args, jobs=Spread(count, dask), **kwargs)

    with_spread = click.option(
        "--dask",
        metavar="[ADDRESS]",
        is_flag=False,
        flag_value=LOCAL,
        callback=checked_dask,
        help=f"Run on Dask ({cluster.INSTALL}): alone, on a local cluster of "
        "--jobs worker processes (default: one on each core); with tcp://HOST:PORT, on "
        "the workers of that scheduler. The output is the same.",
    )(with_spread)
    return click.option(
        "--jobs",
        type=WholeNumber(min=0, example=4),
        default=1,
        show_default=True,
        metavar="J",
        help="Worker processes, 0 for one on each core (the output is the same for any J).",
    )(with_spread)
