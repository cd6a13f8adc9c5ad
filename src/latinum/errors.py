"""The exceptions latinum raises; all derive from :class:`LatinumError`."""

from __future__ import annotations


class LatinumError(ValueError):
    """Base class of every latinum error."""


class ParseError(LatinumError):
    """Text that cannot be read as a puzzle; knows the source, line and column."""

    def __init__(
        self,
        problem: str,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.problem = problem
        self.source = source
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        where = [] if self.source is None else [self.source]
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        return f"{', '.join(where)}: {self.problem}" if where else self.problem

    def located(self, source: str) -> ParseError:
        """The same error, naming ``source`` when it named none."""
        if self.source is not None:
            return self
        return ParseError(self.problem, source, self.line, self.column)


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
