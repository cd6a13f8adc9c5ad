"""A line-mode game for any terminal, pipe or screen reader.

The board is plain text: row and column numbers, box rules, givens as bare
numbers and the player's entries in brackets. Commands are read one per
line, so a game can be scripted:

>>> import io
>>> from latinum import Puzzle
>>> out = io.StringIO()
>>> PlainGame([Puzzle.sudoku("12343412214.4321")], io.StringIO("3 4 3\\nn\\n"), out).run()
0
>>> "Congratulations" in out.getvalue()
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TextIO, cast

from ..cages import OPERATOR_NAMES, Cage
from ..errors import LatinumError
from ..grid import Grid
from ..puzzle import Puzzle
from ..render.text import cages as cage_drawing
from ..solver import solve
from ..solver.naive_steps import candidates
from ..symbols import value_of

QUIT = {"q", "quit", "exit"}
HELP = """\
Commands:
  ROW COL VALUE  write VALUE in the cell at ROW, COL (1-based; spaces or commas
                 between); VALUE 0 erases your entry. Example: 1 3 4
  hint           name one cell and its value
  solve          fill the board with the solution
  board          show the board again
  restart        erase all your entries
  help           show this help
  quit           end the game (also q)"""
INTRO = (
    "Your entries appear in [brackets]; givens cannot be changed.\n"
    "Type ROW COL VALUE (for example 1 3 4), 0 as VALUE to erase, "
    "'help' for more, 'quit' to stop."
)
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

Mark = Callable[[str], str]


def _plain(text: str) -> str:
    return text


def underline(text: str) -> str:
    """``text`` underlined with ANSI codes (for a terminal that allows colour)."""
    return f"\x1b[4m{text}\x1b[0m"


class PlainGame:
    """One game session over ``puzzles``: reads commands from ``stdin``, writes to ``stdout``.

    ``mark`` decorates entered values (after their brackets), ``echo`` repeats
    each command read, which makes a transcript of a scripted game readable.
    After a win, 'Play again?' moves to the next puzzle (cycling).
    """

    def __init__(
        self,
        puzzles: Sequence[Puzzle],
        stdin: TextIO,
        stdout: TextIO,
        *,
        mark: Mark = _plain,
        echo: bool = False,
    ) -> None:
        if not puzzles:
            raise ValueError("no puzzle to play")
        self.puzzles = list(puzzles)
        self.stdin = stdin
        self.stdout = stdout
        self.mark = mark
        self.echo = echo
        self.puzzle = self.puzzles[0]
        self.values = list(self.puzzle.givens)
        self._solution: Grid | None = None

    def run(self) -> int:
        """Play until the player quits, declines another game or input ends; the exit status."""
        self.say(INTRO)
        index = 0
        while True:
            self.start(index)
            if not self.play_one():
                break
            if not self.again():
                break
            index = (index + 1) % len(self.puzzles)
        self.say("Goodbye.")
        return 0

    # One puzzle -------------------------------------------------------

    def start(self, index: int) -> None:
        """Set up puzzle ``index`` and show it."""
        self.puzzle = self.puzzles[index]
        self.values = list(self.puzzle.givens)
        self._solution = None
        count = f"Puzzle {index + 1} of {len(self.puzzles)}: " if len(self.puzzles) > 1 else ""
        self.say(f"\n{count}{self.puzzle.describe()}\n{rules(self.puzzle)}")
        if self.puzzle.cages:
            self.say("\n".join(cage_rule(self.puzzle, cage) for cage in self.puzzle.cages))
        self.show()

    def play_one(self) -> bool:
        """Read commands until the board is finished (True) or the player leaves (False)."""
        while True:
            line = self.ask("Move: ")
            if line is None:
                return False
            command = line.strip().lower()
            if not command:
                continue
            if command in QUIT:
                return False
            if command in ("help", "h", "?"):
                self.say(HELP)
            elif command in ("board", "show", "b"):
                self.show()
            elif command == "restart":
                self.values = list(self.puzzle.givens)
                self.show()
            elif command == "hint":
                self.hint()
            elif command == "solve":
                if self.fill_solution():
                    return True
            elif self.move(command):
                return True

    def move(self, command: str) -> bool:
        """Apply a ``row col value`` command; True when it completes the board correctly."""
        numbers = self.parse_move(command)
        if numbers is None:
            return False
        row, col, value = numbers
        cell = self.puzzle.geometry.index(row - 1, col - 1)
        name = self.puzzle.geometry.name(cell)
        if self.puzzle.givens[cell]:
            self.say(f"{name} is a given ({self.puzzle.givens[cell]}) and cannot be changed.")
            return False
        if value == 0 and not self.values[cell]:
            self.say(f"{name} is already empty.")
            return False
        self.values[cell] = value
        self.show()
        problems = self.problems()
        if 0 in self.values:
            self.say("\n".join(problems))
            return False
        if problems:
            self.say("The board is full but not correct:\n" + "\n".join(problems))
            return False
        self.say("Congratulations! The puzzle is solved.")
        return True

    def parse_move(self, command: str) -> tuple[int, int, int] | None:
        """Row, column and value of a move, or None after saying what is wrong."""
        size = self.puzzle.size
        words = [word for word in re.split(r"[\s,]+", command) if word]
        numbers = [_number(word, size) for word in words]
        if len(words) != 3 or None in numbers:
            shown = command if len(command) <= 40 else command[:40] + "..."
            self.say(
                f"Sorry, {shown!r} is not a command. Type ROW COL VALUE, "
                "for example 1 3 4, or 'help'."
            )
            return None
        row, col, value = cast("list[int]", numbers)  # no None: checked just above
        for label, number, low in (("Row", row, 1), ("Column", col, 1), ("Value", value, 0)):
            if not low <= number <= size:
                self.say(f"{label} must be {low} to {size}, not {number}.")
                return None
        return row, col, value

    def fill_solution(self) -> bool:
        """Show the solution on the board; False if there is none."""
        solution = self.solution()
        if solution is None:
            return False
        self.values = list(solution)
        self.show()
        self.say("Here is the solution.")
        return True

    def hint(self) -> None:
        """Point out a wrong entry, else one cell and its value (a naked single if any)."""
        solution = self.solution()
        if solution is None:
            return
        name = self.puzzle.geometry.name
        wrong = [c for c, v in enumerate(self.values) if v and v != solution[c]]
        if wrong:
            self.say(f"Hint: {name(wrong[0])} does not match the solution.")
            return
        empty = [c for c, v in enumerate(self.values) if not v]
        values = tuple(self.values)
        single = next((c for c in empty if len(candidates(self.puzzle, values, c)) == 1), None)
        if single is not None:
            self.say(f"Hint: {name(single)} can only be {solution[single]}.")
        elif empty:
            self.say(f"Hint: {name(empty[0])} is {solution[empty[0]]}.")

    def solution(self) -> Grid | None:
        """The puzzle's solution (computed once), or None after saying there is none."""
        if self._solution is None:
            try:
                self._solution = solve(self.puzzle)
            except LatinumError as error:
                self.say(f"Sorry, no solution: {error}.")
                return None
        return self._solution

    def problems(self) -> list[str]:
        """Every repeated value and broken full cage, in words."""
        return duplicates(self.puzzle, self.values) + broken_cages(self.puzzle, self.values)

    def again(self) -> bool:
        """Ask 'Play again? (y/n)' until answered; False for no or end of input."""
        while True:
            answer = self.ask("Play again? (y/n) ")
            if answer is None:
                return False
            answer = answer.strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no") or answer in QUIT:
                return False
            self.say("Please answer y or n.")

    # Input and output -------------------------------------------------

    def show(self) -> None:
        self.say(board_text(self.puzzle, self.values, self.mark))

    def say(self, text: str) -> None:
        if text:
            self.stdout.write(text + "\n")
            self.stdout.flush()

    def ask(self, prompt: str) -> str | None:
        """One line of input after ``prompt``; None at end of input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            return None
        if self.echo:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line


def _number(word: str, size: int) -> int | None:
    """The number ``word`` stands for: digits, or a letter (10 = A) on grids above 9."""
    if word.isdigit() and word.isascii():
        return int(word) if len(word) <= 9 else None
    if size > 9 and len(word) == 1 and word.isalpha():
        return value_of(word)
    return None


# Drawing --------------------------------------------------------------


def board_text(puzzle: Puzzle, values: Sequence[int], mark: Mark = _plain) -> str:
    """The board with row and column numbers; cage outlines if the puzzle has cages."""
    if puzzle.cages:
        return _caged_board(puzzle, values, mark)
    return _boxed_board(puzzle, values, mark)


def _cell(puzzle: Puzzle, values: Sequence[int], cell: int, width: int, mark: Mark) -> str:
    """The cell's text centred in ``width``: ``5`` for a given, ``[5]`` for an entry."""
    value = values[cell]
    text = str(value) if value else "."
    if value and not puzzle.givens[cell]:
        text = f"[{text}]"
    return _centre(text, width, mark if value and not puzzle.givens[cell] else _plain)


def _centre(text: str, width: int, mark: Mark = _plain) -> str:
    """``text`` marked and centred in ``width``, leaning right so digits line up."""
    left = (width - len(text) + 1) // 2
    return " " * left + mark(text) + " " * (width - len(text) - left)


def _boxed_board(puzzle: Puzzle, values: Sequence[int], mark: Mark) -> str:
    n = puzzle.size
    box_rows, box_cols = puzzle.geometry.box or (n, n)
    digits = len(str(n))
    width = digits + 2
    margin = " " * (digits + 1)
    starts = range(0, n, box_cols)
    header = (
        margin
        + " "
        + " ".join(
            "".join(_centre(str(col + 1), width) for col in range(start, start + box_cols))
            for start in starts
        )
    )
    rule = margin + "+" + "+".join("-" * (box_cols * width) for _ in starts) + "+"
    lines = [header.rstrip(), rule]
    for row in range(n):
        cells = [_cell(puzzle, values, row * n + col, width, mark) for col in range(n)]
        chunks = ["".join(cells[start : start + box_cols]) for start in starts]
        lines.append(f"{row + 1:>{digits}} |" + "|".join(chunks) + "|")
        if (row + 1) % box_rows == 0:
            lines.append(rule)
    return "\n".join(lines)


def _caged_board(puzzle: Puzzle, values: Sequence[int], mark: Mark) -> str:
    """The cage drawing of :mod:`latinum.render.text` with our cell texts and numbers."""
    n = puzzle.size
    drawing = cage_drawing(puzzle, [0] * (n * n)).split("\n")
    width = (len(drawing[0]) - 1) // n - 1
    digits = len(str(n))
    margin = " " * (digits + 1)
    header = margin + "".join(" " + _centre(str(col + 1), width) for col in range(n))
    lines = [header.rstrip()]
    for index, line in enumerate(drawing):
        row, kind = divmod(index - 1, 3)
        if index == 0 or kind != 1:
            lines.append(margin + line)
            continue
        cells = "".join(
            line[col * (width + 1)] + _cell(puzzle, values, row * n + col, width, mark)
            for col in range(n)
        )
        lines.append(f"{row + 1:>{digits}} " + cells + line[-1])
    return "\n".join(lines)


# Reports in words -------------------------------------------------------


def duplicates(puzzle: Puzzle, values: Sequence[int]) -> list[str]:
    """Each value repeated in a row, column, box, diagonal or Killer cage, in words.

    >>> duplicates(Puzzle.latin("0" * 9), [1, 0, 1, 0, 0, 0, 0, 0, 0])
    ['Row 1 has two 1s: r1c1 and r1c3.']
    """
    geometry = puzzle.geometry
    units: list[tuple[str, Sequence[int]]] = []
    units += [(f"Row {i + 1}", unit) for i, unit in enumerate(geometry.rows)]
    units += [(f"Column {i + 1}", unit) for i, unit in enumerate(geometry.columns)]
    word = geometry.box_word.capitalize()
    units += [(f"{word} {i + 1}", unit) for i, unit in enumerate(geometry.boxes)]
    units += [(f"Window {i + 1}", unit) for i, unit in enumerate(geometry.window_units)]
    for diagonal in geometry.diagonal_units:
        units.append((f"The diagonal from {geometry.name(diagonal[0])}", diagonal))
    for cage in puzzle.cages:
        if cage.distinct:
            units.append((f"The cage at {geometry.name(cage.cells[0])}", cage.cells))
    found = []
    for label, unit in units:
        where: dict[int, list[int]] = {}
        for cell in unit:
            if values[cell]:
                where.setdefault(values[cell], []).append(cell)
        for value, cells in sorted(where.items()):
            if len(cells) > 1:
                count = NUMBER_WORDS[len(cells)] if len(cells) < len(NUMBER_WORDS) else len(cells)
                names = _and([geometry.name(cell) for cell in cells])
                found.append(f"{label} has {count} {value}s: {names}.")
    return found


def broken_cages(puzzle: Puzzle, values: Sequence[int]) -> list[str]:
    """Each full cage whose values miss its target, in words."""
    found = []
    for cage in puzzle.cages:
        cage_values = [values[cell] for cell in cage.cells]
        if all(cage_values) and not cage.evaluate(cage_values):
            rule = cage_rule(puzzle, cage).rstrip(".")
            found.append(f"{rule}, but holds {_and([str(v) for v in cage_values])}.")
    return found


def rules(puzzle: Puzzle) -> str:
    """The rules of ``puzzle`` in one sentence."""
    units = ["row", "column"]
    if puzzle.has_boxes:
        units.append(puzzle.geometry.box_word)
    if puzzle.geometry.windows:
        units.append("window")
    if puzzle.geometry.diagonals:
        units.append("main diagonal")
    if puzzle.variant == "killer":
        units.append("cage")
    text = (
        f"Fill every empty cell (.) with 1 to {puzzle.size} so that no value repeats "
        f"in a {', '.join(units[:-1])} or {units[-1]}"
    )
    return text + (", and every cage reaches its target." if puzzle.cages else ".")


def cage_rule(puzzle: Puzzle, cage: Cage) -> str:
    """A cage's rule in words, such as 'Cage 15*: the product of r1c1, r1c2 and r1c3 is 15.'."""
    names = _and([puzzle.geometry.name(cell) for cell in cage.cells])
    label = f"Cage {cage.target}{'' if cage.op == '=' or cage.distinct else cage.op}"
    if cage.op == "=":
        return f"{label}: {names} is {cage.target}."
    different = " (all different)" if cage.distinct and len(cage.cells) > 1 else ""
    return f"{label}: the {OPERATOR_NAMES[cage.op]} of {names}{different} is {cage.target}."


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
