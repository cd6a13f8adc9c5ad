"""Batches on a Dask cluster (``--dask``, ``client=``): the same output as one process."""

from __future__ import annotations

import importlib.util
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from latinum import Puzzle, batch
from latinum.batch import cluster
from latinum.cli import main
from latinum.errors import InvalidArgument, MissingExtra
from processes import children, finish

# Not imported here: importing distributed changes how every exception class defined
# so far pickles (tblib), which test_batch_pool relies on.
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("distributed") is None, reason="needs the dask extra"
)

FIXTURES = Path(__file__).parent / "fixtures"
SOLVED = (FIXTURES / "solver" / "sudoku9.txt").read_text().splitlines()
SEVERAL = (FIXTURES / "solver" / "multiple.txt").read_text().splitlines()
NINES = (FIXTURES / "formats" / "line-9x9.txt").read_text().splitlines()
EASY = [line for line in NINES if line and not line.startswith("#")][3:]  # quick to rate
INVALID = "11" + "." * 79
UNREADABLE = "this is not a puzzle"
#: Good puzzles with bad ones in the middle: invalid, unreadable, several solutions.
MIXED = [*SOLVED[:8], INVALID, *SEVERAL[:3], UNREADABLE, *SOLVED[8:], *SEVERAL[3:6]]


def latinum(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    """A client of a local cluster of two worker processes, for the module."""
    with cluster.connect(workers=2) as client:
        yield client


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("dask") / "mixed.txt"
    path.write_text("\n".join(MIXED) + "\n")
    return path


def test_the_api_gives_the_records_of_one_process(client: object) -> None:
    assert list(batch.solve(MIXED, client=client)) == list(batch.solve(MIXED))
    assert list(batch.count(MIXED, 5, client=client)) == list(batch.count(MIXED, 5))
    easy = [Puzzle.sudoku(line) for line in EASY]
    assert list(batch.rate(easy, client=client)) == list(batch.rate(easy))
    errors = [record.error for record in batch.solve(MIXED, client=client)]
    assert errors[8].startswith("invalid puzzle") and errors[12].startswith("not a puzzle")


def test_generate_makes_the_same_puzzles_on_any_workers(client: object) -> None:
    made = list(batch.generate("sudoku", 8, "d", client=client, size=4))
    assert made == list(batch.generate("sudoku", 8, "d", size=4))
    assert made == list(batch.generate("sudoku", 8, "d", jobs=2, size=4))
    assert [record.seed for record in made] == [f"d:{n}" for n in range(1, 9)]


def test_a_killed_worker_loses_and_repeats_nothing(client: object) -> None:
    lines = EASY * 150
    expected = list(batch.rate(lines))
    pids = list(client.run(os.getpid).values())  # type: ignore[attr-defined]
    found = []
    for record in batch.rate(lines, client=client):
        found.append(record)
        if len(found) == 20:
            os.kill(pids[0], signal.SIGKILL)  # its chunks are in flight now
    assert found == expected
    client.wait_for_workers(2, timeout=30)  # type: ignore[attr-defined]
    assert pids[0] not in client.run(os.getpid).values()  # type: ignore[attr-defined]


def test_the_api_checks_its_arguments(client: object) -> None:
    with pytest.raises(InvalidArgument, match="not both"):
        batch.solve(MIXED, jobs=2, client=client)
    with pytest.raises(InvalidArgument, match=r"distributed\.Client"):
        batch.solve(MIXED, client="tcp://localhost:8786")
    with pytest.raises(InvalidArgument, match="on_attempt"):
        batch.generate("sudoku", 2, 1, client=client, on_attempt=print)
    with pytest.raises(InvalidArgument, match="scheduler address"), cluster.connect("tcp://a b:1"):
        pass


def test_without_dask_the_api_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(MissingExtra, match=r"pip install 'latinum\[dask\]'"), cluster.connect():
        pass


COMMANDS = {
    "solve": ["solve", "--to", "line"],
    "solve-first-csv": ["solve", "--first", "--to", "csv"],
    "count": ["count", "--limit", "5"],
    "check": ["check", "--json"],
    "convert": ["convert", "--to", "solo"],
}


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_gives_the_output_of_one_process(name: str, mixed: Path) -> None:
    alone = latinum(*COMMANDS[name], str(mixed))
    spread = latinum(*COMMANDS[name], str(mixed), "--dask", "--jobs", "2")
    assert alone.stdout and alone.exit_code == 2  # the invalid and the unreadable puzzles
    assert (spread.exit_code, spread.stdout, spread.stderr) == (
        alone.exit_code,
        alone.stdout,
        alone.stderr,
    )


def test_a_command_runs_on_a_running_scheduler(client: object, mixed: Path) -> None:
    address = client.scheduler.address  # type: ignore[attr-defined]
    alone = latinum("solve", "--to", "line", str(mixed))
    there = latinum("solve", "--to", "line", str(mixed), "--dask", address)
    assert (there.exit_code, there.stdout, there.stderr) == (
        alone.exit_code,
        alone.stdout,
        alone.stderr,
    )
    args = ["generate", "kenken", "--size", "4", "--count", "5", "--seed", "3"]
    assert latinum(*args, "--dask", address).stdout == latinum(*args, "--jobs", "2").stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["solve", "--dask", "puzzles.txt"], "put --dask after the files"),
        (["solve", "x.txt", "--dask", "tcp://h:1", "--jobs", "2"], "--jobs sets the workers"),
        (["solve", "x.txt", "--dask", "--algorithm", "backtrack"], "apply to --algorithm fast"),
    ],
)
def test_the_command_line_refuses_what_cannot_work(args: list[str], words: str) -> None:
    result = latinum(*args)
    assert result.exit_code == 2 and words in result.output


def test_an_unreachable_scheduler_is_one_line(mixed: Path, monkeypatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    result = latinum("solve", str(mixed), "--dask", "tcp://127.0.0.1:9")
    assert result.exit_code == 2
    assert result.stderr.startswith("latinum: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert result.stderr.count("\n") == 1


def test_without_dask_the_command_says_what_to_install(monkeypatch, mixed: Path) -> None:
    monkeypatch.setattr("importlib.util.find_spec", lambda name, *rest: None)
    result = latinum("solve", str(mixed), "--dask")
    assert (result.exit_code, result.stderr) == (
        2,
        "latinum: --dask needs Dask: pip install 'latinum[dask]'\n",
    )


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_closes_the_local_cluster(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("\n".join(EASY * 2000) + "\n")
    command = [sys.executable, "-m", "latinum", "rate", "--to", "csv", str(big), "--dask"]
    command += ["--jobs", "2"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert select.select([process.stdout], [], [], 60)[0], "no output within 60 s"
        process.stdout.readline()  # the header
        process.stdout.readline()  # the first record, made by a worker
        workers = children(process.pid)
        assert len(workers) >= 2
        process.send_signal(signal.SIGINT)
        start = time.monotonic()
        assert process.wait(timeout=20) == 130
        assert time.monotonic() - start < 10
        assert process.stderr.read().endswith("latinum: interrupted\n")
        deadline = time.monotonic() + 5  # the resource tracker ends once the workers have
        while time.monotonic() < deadline and any(os.path.exists(f"/proc/{p}") for p in workers):
            time.sleep(0.1)
        assert [pid for pid in workers if os.path.exists(f"/proc/{pid}")] == []
    finally:
        finish(process)


class Workers:
    """A client whose workers answer ``run`` with ``found`` (or raise it)."""

    def __init__(self, found: object) -> None:
        self.found = found

    def run(self, function: object, *args: object) -> dict:
        if isinstance(self.found, Exception):
            raise self.found
        return {"tcp://w:1": self.found}


def test_workers_without_this_latinum_are_refused() -> None:
    with pytest.raises(cluster.ClusterError, match=r"have latinum 0\.0\.1, not"):
        cluster.same_latinum(Workers("0.0.1"), "tcp://w:1")
    with pytest.raises(cluster.ClusterError, match="has no latinum installed"):
        cluster.same_latinum(Workers(metadata.PackageNotFoundError("latinum")), "tcp://w:1")
    cluster.same_latinum(Workers(metadata.version("latinum")), "tcp://w:1")


def test_few_chunks_are_out_at_once(client: object) -> None:
    taken = []

    def tasks() -> Iterator[tuple]:
        for number in range(60):
            taken.append(number)
            yield 2, number

    most = cluster.AHEAD * cluster.threads(client)
    for given, result in enumerate(cluster.in_order(client, pow, tasks())):
        assert result == 2**given
        assert len(taken) - given <= most


def test_the_clusters_started_here_keep_no_log_of_messages(client: object) -> None:
    import dask.config

    name = "distributed.admin.low-level-log-length"
    kept = client.run(dask.config.get, name)  # type: ignore[attr-defined]
    assert set(kept.values()) == {0}
