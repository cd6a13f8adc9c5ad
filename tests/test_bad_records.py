"""One bad record never costs the others: bad bytes, foreign or malformed records and
long heads of comments, wherever they sit, in every format of one puzzle a line.

Each test checks that the answers plus the reported records are the records."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from latinum import ParseError, Puzzle, formats, io
from latinum.cli import main
from latinum.formats.records import SNIFF_CHARS

FIXTURES = Path(__file__).parent / "fixtures"
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
HARD_SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
FORMATS = ["line", "csv", "json", "solo", "keen", "unequal"]
NUL = b"\x00"
BAD_BYTES = {"nul": NUL, "not-utf8": b"\xff", "cut-character": b"\xc3"}
#: Records enough that the last ones lie past the start detection reads.
MANY = 2 * SNIFF_CHARS // 30


def examples(name: str) -> list[str]:
    """A few records of the format ``name``, one line each."""
    if name in ("line", "csv"):
        return [CLASSIC, HARD]
    if name in ("json", "solo"):
        return [formats.write(Puzzle.sudoku(grid), name).strip() for grid in (CLASSIC, HARD)]
    if name == "keen":
        lines = (FIXTURES / "cage" / "keen.jsonl").read_text().splitlines()
        return [json.loads(line)["keen_id"] for line in lines[:4]]
    rows = (FIXTURES / "futoshiki" / "unequal.tsv").read_text().splitlines()[1:5]
    return [row.split("\t")[0] for row in rows]


def batch(name: str, count: int) -> list[bytes]:
    """``count`` records of ``name`` (after a header line for CSV)."""
    records = examples(name)
    lines = [records[index % len(records)].encode() for index in range(count)]
    return [b"puzzle", *lines] if name == "csv" else lines


def spoiled(line: bytes, bad: bytes) -> bytes:
    return line[:5] + bad + line[6:]


def latinum(*args: str, stdin: bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


def tally(result: Result) -> tuple[list[str], list[str]]:
    """The answers and the reported records of a run."""
    return result.stdout.splitlines(), result.stderr.splitlines()


@pytest.mark.parametrize("bad", BAD_BYTES.values(), ids=BAD_BYTES.keys())
@pytest.mark.parametrize("where", ["first", "second", "last"])
@pytest.mark.parametrize("name", FORMATS)
def test_a_bad_byte_costs_only_its_record(
    tmp_path: Path, name: str, where: str, bad: bytes
) -> None:
    lines = batch(name, MANY)
    first = 1 if name == "csv" else 0
    at = {"first": first, "second": first + 1, "last": len(lines) - 1}[where]
    lines[at] = spoiled(lines[at], bad)
    path = tmp_path / f"batch.{name}"
    path.write_bytes(b"\n".join(lines) + b"\n")
    answers, reported = tally(latinum("convert", "--to", "json", str(path)))
    assert len(answers) == MANY - 1
    assert reported == [f"latinum: {path}, line {at + 1}: {problem(bad)}"]


def problem(bad: bytes) -> str:
    return (
        "a NUL byte (byte 6): binary data, not text"
        if bad == b"\x00"
        else "not UTF-8 text (byte 6)"
    )


@pytest.mark.parametrize("name", FORMATS)
def test_bad_bytes_in_a_pipe_cost_only_their_records(name: str) -> None:
    lines = batch(name, MANY)
    spoilt = [len(lines) // 3, len(lines) - 2]
    for at in spoilt:
        lines[at] = spoiled(lines[at], b"\xff")
    result = subprocess.run(
        [sys.executable, "-m", "latinum", "convert", "--to", "json", "-"],
        input=b"\n".join(lines),
        capture_output=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert len(result.stdout.splitlines()) == MANY - 2
    reported = result.stderr.decode().splitlines()
    assert reported == [
        f"latinum: <stdin>, line {at + 1}: not UTF-8 text (byte 6)" for at in spoilt
    ]


def test_a_small_file_keeps_the_records_before_a_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "three.txt"
    path.write_bytes(
        f"{CLASSIC}\n".encode() + spoiled(CLASSIC.encode(), NUL) + f"\n{HARD}".encode()
    )
    result = latinum("solve", "--to", "line", str(path))
    assert result.exit_code == 2
    assert tally(result) == ([SOLVED, HARD_SOLVED], [f"latinum: {path}, line 2: {problem(NUL)}"])


def test_a_binary_file_is_one_message(tmp_path: Path) -> None:
    path = tmp_path / "picture.png"
    path.write_bytes(bytes(range(256)) * 40)
    assert tally(latinum("solve", str(path))) == (
        [],
        [f"latinum: {path}: binary data, not a text puzzle file"],
    )


FOREIGN = {
    "line": formats.write(Puzzle.sudoku(CLASSIC), "solo").strip(),
    "solo": CLASSIC,
    "json": CLASSIC,
    "keen": "6:a_b_c,zz9",
    "unequal": "4:0,0,9U,",
}


@pytest.mark.parametrize("at", [0, 1, 40])
@pytest.mark.parametrize("name", FOREIGN)
def test_a_foreign_or_malformed_record_early_costs_only_itself(
    tmp_path: Path, name: str, at: int
) -> None:
    lines = batch(name, 100)
    lines[at] = FOREIGN[name].encode()
    path = tmp_path / f"mixed.{name}"
    path.write_bytes(b"\n".join(lines) + b"\n")
    answers, reported = tally(latinum("convert", "--to", "json", str(path)))
    assert len(answers) == 99
    [error] = reported
    assert error.startswith(f"latinum: {path}, line {at + 1}")
    first = json.loads(answers[0])
    assert first["variant"] == ("futoshiki" if name == "unequal" else first["variant"])


def test_detection_goes_with_the_format_of_most_records_not_a_minority() -> None:
    solo = FOREIGN["line"]
    text = "\n".join([CLASSIC, solo, solo, HARD, CLASSIC]) + "\n"
    assert formats.detect(text).name == "line"
    assert formats.detect("\n".join([solo, CLASSIC, CLASSIC, solo, solo])).name == "solo"
    with pytest.raises(ParseError, match=r"^line 2: .* \(read as line, which it looks like"):
        formats.detect("\n".join([CLASSIC, solo, "hello", "world"]))
    with pytest.raises(ParseError, match="not a puzzle in any known format"):
        formats.detect("1\n" * 100)


@pytest.mark.parametrize("head", ["# a comment line\n", "\n", "   \n#\n"])
@pytest.mark.parametrize("name", ["line", "solo", "csv", "json"])
def test_a_long_head_of_comments_or_blank_lines_is_passed_over(
    tmp_path: Path, name: str, head: str
) -> None:
    lines = batch(name, 20)
    text = head * (100 * 1024 // len(head)) + b"\n".join(lines).decode() + "\n"
    path = tmp_path / f"head.{name}"
    path.write_text(text)
    skipped = text.count("\n") - len(lines)
    answers, reported = tally(latinum("convert", "--to", "json", str(path)))
    assert (len(answers), reported) == (20, [])
    assert (
        len(latinum("convert", "--to", "json", "-", stdin=text.encode()).stdout.splitlines()) == 20
    )
    spoilt = text.replace(CLASSIC, "X" + CLASSIC[1:], 1) if name == "line" else None
    if spoilt:
        path.write_text(spoilt)
        [error] = tally(latinum("convert", "--to", "json", str(path)))[1]
        assert error.startswith(f"latinum: {path}, line {skipped + 1}, column 1:")


def test_a_file_of_comments_alone_holds_no_puzzle(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("# nothing here yet\n\n" * 10_000)
    assert tally(latinum("solve", str(path)))[1] == [
        f"latinum: {path}: no puzzle found: only blank lines and # comments"
    ]


def test_an_invalid_puzzle_is_named_by_its_line_and_number(tmp_path: Path) -> None:
    invalid = "11" + CLASSIC[2:]
    path = tmp_path / "batch.txt"
    path.write_text(f"# my puzzles\n\n{CLASSIC}\n# the next one is broken\n{invalid}\n{HARD}\n")
    result = latinum("solve", "--to", "line", str(path))
    assert tally(result) == (
        [SOLVED, HARD_SOLVED],
        [
            f"latinum: {path}, line 5 (puzzle 2): invalid puzzle: "
            "r1c1 and r1c2 both hold 1 in row 1 and box 1"
        ],
    )
    checked = latinum("check", str(path)).stdout.splitlines()
    assert checked[0].startswith(f"{path}, line 3 (puzzle 1): sudoku 9x9")


def test_a_puzzle_of_a_format_read_whole_is_named_by_its_number(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text(
        json.dumps(
            [
                json.loads(formats.write(Puzzle.sudoku(g), "json"))
                for g in (CLASSIC, "11" + CLASSIC[2:])
            ],
            indent=1,
        )
    )
    [error] = tally(latinum("solve", str(path)))[1]
    assert error.startswith(f"latinum: {path} puzzle 2: invalid puzzle")


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(min_value=1, max_value=40),
    spoilt=st.sets(st.integers(min_value=0, max_value=39)),
    bad=st.sampled_from(list(BAD_BYTES.values())),
    comments=st.integers(min_value=0, max_value=3),
)
def test_records_read_plus_lines_reported_are_the_records(
    count: int, spoilt: set[int], bad: bytes, comments: int
) -> None:
    lines = [(CLASSIC if index % 2 else HARD).encode() for index in range(count)]
    spoilt = {at for at in spoilt if at < count}
    if len(spoilt) * 2 >= count:  # mostly broken: a binary file, refused whole
        return
    for at in spoilt:
        lines[at] = spoiled(lines[at], bad)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "batch.txt"
        path.write_bytes(b"# head\n" * comments + b"\n".join(lines))
        records = list(io.stream(path)[1])
    broken = [record.line for record in records if isinstance(record, ParseError)]
    assert len(records) == count
    assert broken == sorted(at + comments + 1 for at in spoilt)
