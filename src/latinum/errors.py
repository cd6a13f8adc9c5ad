"""The exceptions latinum raises; all derive from :class:`LatinumError`."""

from __future__ import annotations


class LatinumError(ValueError):
    """Base class of every latinum error."""


class ParseError(LatinumError):
    """Text that cannot be read as a puzzle; knows the source, line and column.

    ``others`` holds further problems found in the same text, so that a
    checker can report every one of them.
    """

    def __init__(
        self,
        problem: str,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        others: tuple[ParseError, ...] = (),
    ) -> None:
        self.problem = problem
        self.source = source
        self.line = line
        self.column = column
        self.others = others
        super().__init__(str(self))

    def __str__(self) -> str:
        count = len(self.others)
        more = f" (and {count} more problem{'s' if count > 1 else ''})" if count else ""
        return self.where() + more

    def where(self) -> str:
        """This one problem with its source, line and column."""
        where = [] if self.source is None else [self.source]
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        return f"{', '.join(where)}: {self.problem}" if where else self.problem

    def every(self) -> list[ParseError]:
        """This problem and the others, each naming the source."""
        return [
            self,
            *(other.located(self.source) if self.source else other for other in self.others),
        ]

    def located(self, source: str) -> ParseError:
        """The same error, naming ``source`` when it named none."""
        if self.source is not None:
            return self
        return ParseError(self.problem, source, self.line, self.column, self.others)

    @classmethod
    def of(cls, problems: list[ParseError]) -> ParseError:
        """One error standing for ``problems`` (at least one), first first."""
        first = problems[0]
        return cls(first.problem, first.source, first.line, first.column, tuple(problems[1:]))


class InvalidPuzzle(LatinumError):
    """A puzzle whose definition breaks the rules of its variant."""

    def __init__(self, problems: list[str] | str) -> None:
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(self.problems))


class Unsolvable(LatinumError):
    """The puzzle has no solution."""


class MultipleSolutions(LatinumError):
    """The puzzle has more than one solution where exactly one was required."""


class SearchLimit(LatinumError):
    """A search stopped at its node or time limit before finishing."""


class InvalidArgument(LatinumError):
    """An argument the function cannot take: an unknown name, a value out of range,
    an option that does not apply; the message says what would be accepted."""


class CannotWrite(LatinumError):
    """A format that cannot hold the puzzle given (a Sudoku as a Keen ID, say)."""


class MissingExtra(LatinumError):
    """A feature needs an optional dependency that is not installed; says what to install."""
