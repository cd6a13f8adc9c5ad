"""Griffe extension: Sphinx markup in latinum's docstrings, made readable by mkdocstrings.

Loaded by mkdocs.yml (python handler, ``extensions:``); the source files are not touched.

- ``:class:`~latinum.grid.Grid``` becomes a cross-reference showing ``Grid``, and
  ``:func:`latinum.read_all``` one showing ``latinum.read_all`` (likewise ``:meth:``,
  ``:mod:``, ``:data:``, ``:attr:``, ...). Short and relative targets (``Puzzle.validate``,
  ``.records``) are looked up from the docstring's object outwards: its members, its
  class's, its module's, then the packages above, then from the root.
- A target found in the loaded package links to where it is defined, as an *optional*
  autoref: when the reference does not render that object, autorefs shows the code text
  instead of failing ``mkdocs build --strict``. A target not found (``random.Random``)
  is plain code.
- reST literals, two backticks each side, become Markdown code (one backtick).
- ``#:`` comments just above an attribute become its docstring, as in Sphinx autodoc.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import Any

import griffe

ROLE = re.compile(
    r":(?:py:)?(?:class|func|meth|mod|data|attr|exc|obj|const|type):"
    r"`(?:(?P<title>[^`<]*?)\s*<(?P<explicit>[^`>]+)>|(?P<target>[^`]+))`"
)
LITERAL = re.compile(r"(?<!`)``([^`]+)``(?!`)")


def _lookup(name: str, obj: griffe.Object) -> str | None:
    """The path where ``name``, as written in the docstring of ``obj``, is defined."""
    name = name.lstrip(".")
    scope: griffe.Object | None = obj
    candidates = []
    while scope is not None:
        candidates.append(f"{scope.path}.{name}")
        scope = scope.parent
    candidates.append(name)
    for path in candidates:
        try:
            return obj.modules_collection.get_member(path).canonical_path
        except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
            continue
    return None


def _role(match: re.Match[str], obj: griffe.Object) -> str:
    """The Markdown for one role: an optional autoref, or code when unresolved."""
    written = match["target"] or match["explicit"]
    target = written.lstrip("!~")
    title = match["title"] or target.lstrip(".")
    if not match["title"] and "~" in written[:2]:
        title = title.rpartition(".")[2]
    path = None if written.startswith("!") else _lookup(target, obj)
    if path is None:
        return f"`{title}`"
    return f'<autoref identifier="{path}" optional><code>{title}</code></autoref>'


def rewrite(text: str, obj: griffe.Object) -> str:
    """``text`` with its Sphinx roles and reST literals turned into Markdown."""
    text = ROLE.sub(lambda match: _role(match, obj), text)
    return LITERAL.sub(r"`\1`", text)


def _objects(obj: griffe.Object) -> Iterator[griffe.Object]:
    """``obj`` and everything defined in it (not the names it imports)."""
    yield obj
    for member in obj.members.values():
        if not member.is_alias:
            yield from _objects(member)  # type: ignore[arg-type]


class SphinxRoles(griffe.Extension):
    """Rewrites the docstrings of each loaded package, once all of its modules are loaded."""

    def on_attribute_instance(
        self,
        *,
        node: ast.AST | griffe.ObjectNode,
        attr: griffe.Attribute,
        agent: griffe.Visitor | griffe.Inspector,
        **kwargs: Any,
    ) -> None:
        if (
            attr.docstring is not None
            or attr.lineno is None
            or not isinstance(agent, griffe.Visitor)
        ):
            return
        lines = agent.code.splitlines()
        end = start = attr.lineno - 1  # the 1-based line just above the assignment
        while start >= 1 and lines[start - 1].strip().startswith("#:"):
            start -= 1
        comments = [line.strip()[2:].removeprefix(" ") for line in lines[start:end]]
        if comments:
            attr.docstring = griffe.Docstring(
                "\n".join(comments),
                lineno=start + 1,
                endlineno=end,
                parent=attr,
                parser=agent.docstring_parser,
                parser_options=agent.docstring_options,
            )

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        for obj in _objects(pkg):
            if obj.docstring is not None:
                obj.docstring.value = rewrite(obj.docstring.value, obj)
