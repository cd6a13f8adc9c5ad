"""Datasets: records written as JSON Lines, CSV with a header, or Parquet, and read back.

JSON Lines and CSV stream a record at a time; Parquet (pyarrow, the
``latinum[data]`` extra) is written in row groups of :data:`ROW_GROUP` records,
so memory stays flat in the length of the batch too.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType
from typing import IO, Any, Protocol

from ..errors import InvalidArgument, MissingExtra, ParseError
from .records import COLUMNS, Record

DATASETS = ("jsonl", "csv", "parquet")
ROW_GROUP = 10_000
INSTALL = "pip install 'latinum[data]'"
#: The type of each column, for CSV (text) and Parquet.
INTEGERS = {"solution_count", "steps"}
FLOATS = {"score"}
BOOLEANS = {"solved"}


class Writer(Protocol):
    def write(self, record: Record) -> None: ...

    def close(self) -> None: ...


class JsonLinesWriter:
    """One JSON object a line."""

    def __init__(self, stream: IO[bytes], columns: tuple[str, ...]) -> None:
        self.text = io.TextIOWrapper(stream, encoding="utf-8", newline="\n", write_through=True)
        self.columns = columns

    def write(self, record: Record) -> None:
        self.text.write(json.dumps(record.as_dict(self.columns), ensure_ascii=False) + "\n")

    def close(self) -> None:
        self.text.flush()
        self.text.detach()


class CsvWriter:
    """A header naming the columns, then a row a record; an empty field is None."""

    def __init__(self, stream: IO[bytes], columns: tuple[str, ...]) -> None:
        self.text = io.TextIOWrapper(stream, encoding="utf-8", newline="", write_through=True)
        self.rows = csv.writer(self.text, lineterminator="\n")
        # csv quotes a field holding "\n" but not one holding a lone "\r", which reads back
        # as a line break: a row with one is written with every field quoted
        self.quoted = csv.writer(self.text, lineterminator="\n", quoting=csv.QUOTE_ALL)
        self.columns = columns
        self.rows.writerow(columns)

    def write(self, record: Record) -> None:
        values = ["" if value is None else value for value in record_values(record, self.columns)]
        rows = self.quoted if any("\r" in str(value) for value in values) else self.rows
        rows.writerow(values)

    def close(self) -> None:
        self.text.flush()
        self.text.detach()


class ParquetWriter:
    """Row groups of :data:`ROW_GROUP` records, typed columns, nulls where None."""

    def __init__(self, stream: IO[bytes], columns: tuple[str, ...]) -> None:
        self.arrow, parquet = load_pyarrow()
        self.columns = columns
        self.schema = self.arrow.schema([(name, arrow_type(self.arrow, name)) for name in columns])
        self.file = parquet.ParquetWriter(self.arrow.PythonFile(stream, mode="w"), self.schema)
        self.held: list[Record] = []

    def write(self, record: Record) -> None:
        self.held.append(record)
        if len(self.held) >= ROW_GROUP:
            self.flush()

    def flush(self) -> None:
        if self.held:
            data = {name: [getattr(r, name) for r in self.held] for name in self.columns}
            self.file.write_table(self.arrow.table(data, schema=self.schema))
            self.held = []

    def close(self) -> None:
        self.flush()
        self.file.close()


def record_values(record: Record, columns: tuple[str, ...]) -> list[Any]:
    return [getattr(record, name) for name in columns]


def arrow_type(arrow: ModuleType, column: str) -> Any:
    if column in INTEGERS:
        return arrow.int64()
    if column in FLOATS:
        return arrow.float64()
    if column in BOOLEANS:
        return arrow.bool_()
    return arrow.string()


def load_pyarrow() -> tuple[ModuleType, ModuleType]:
    """pyarrow and pyarrow.parquet, or MissingExtra saying what to install."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise MissingExtra(f"Parquet needs pyarrow: {INSTALL}") from None
    return pyarrow, pyarrow.parquet


WRITERS: dict[str, Callable[[IO[bytes], tuple[str, ...]], Writer]] = {
    "jsonl": JsonLinesWriter,
    "csv": CsvWriter,
    "parquet": ParquetWriter,
}


def writer(format: str, stream: IO[bytes], columns: tuple[str, ...] = COLUMNS) -> Writer:
    """A writer of ``format`` (jsonl, csv or parquet) on the binary ``stream``."""
    check_format(format)
    unknown = [name for name in columns if name not in COLUMNS]
    if unknown:
        raise InvalidArgument(f"no column {unknown[0]!r}; the columns are {', '.join(COLUMNS)}")
    return WRITERS[format.lower()](stream, tuple(columns))


def check_format(format: str) -> str:
    """``format`` in lower case, if it names a dataset format; else InvalidArgument."""
    if not isinstance(format, str) or format.lower() not in DATASETS:
        raise InvalidArgument(f"dataset format {format!r}: choose one of {', '.join(DATASETS)}")
    if format.lower() == "parquet":
        load_pyarrow()
    return format.lower()


def read(stream: IO[bytes], format: str) -> Iterator[Record]:
    """The records of a dataset written by :func:`writer` (columns missing there are None)."""
    format = check_format(format)
    if format == "parquet":
        _, parquet = load_pyarrow()
        for batch in parquet.ParquetFile(stream).iter_batches():
            yield from (Record(**row) for row in batch.to_pylist())
        return
    text = io.TextIOWrapper(stream, encoding="utf-8", newline="")
    if format == "jsonl":
        for number, line in enumerate(text, 1):
            if line.strip():
                yield Record(**known_fields(json.loads(line), number))
        return
    for number, row in enumerate(csv.DictReader(text), 2):
        yield Record(
            **known_fields({name: typed(name, value) for name, value in row.items()}, number)
        )


def known_fields(values: dict, line: int) -> dict:
    unknown = [name for name in values if name not in COLUMNS]
    if unknown:
        raise ParseError(f"no column {unknown[0]!r} in a latinum dataset", None, line)
    return values


def typed(column: str, text: str) -> Any:
    """A CSV field as its column's type (None when empty)."""
    if text == "":
        return None
    if column in INTEGERS:
        return int(text)
    if column in FLOATS:
        return float(text)
    if column in BOOLEANS:
        return text == "True"
    return text


def write(
    records: Iterable[Record], stream: IO[bytes], format: str, columns: tuple[str, ...] = COLUMNS
) -> int:
    """Write ``records`` to ``stream``; the number written."""
    out = writer(format, stream, columns)
    written = 0
    try:
        for record in records:
            out.write(record)
            written += 1
    finally:
        out.close()
    return written
