"""The engine's packages form no import cycle (issue 17 item 3; ``docs/architecture.md``,
"One package per rulebook concept").

Each package directly under ``doria_nb/engine`` (``shop``, ``doom``, ``table``, ``game``, …) and
each flat module there (``dice``, ``cards``, …) is one node; a module's import of another
node is an edge. Imports are read with :mod:`ast` by the reader of the layer test
(``imported_modules`` of ``test_layers.py``: every ``import``, those inside
functions included, and ``import_module("x")`` texts), with two exceptions, both no dependency
when the program runs:

* imports under ``if TYPE_CHECKING:`` (read by a type checker only: the table names the Doom
  Counter's type, and the Doom Counter's game half changes the table);
* ``doria_nb.engine`` itself, the public face that loads its names on first use
  (:mod:`doria_nb.engine.lazy`), which every ``from doria_nb.engine import x`` names.

A cycle that could not be removed yet would be listed below as the one import that closes it,
with the reason; the graph without them must have no cycle, every listed import must still
exist and still close a cycle, so the list can only shrink. It is empty: the engine's packages
form no cycle at all.
"""

from __future__ import annotations

import ast
import importlib.util
import itertools
from collections import defaultdict
from pathlib import Path


def _layer_test() -> object:
    """The layer test's module, loaded from its file for its import reader (the tests are no
    package, and pytest's ``importlib`` mode puts no folder on the path)."""
    spec = importlib.util.spec_from_file_location(
        "layer_test_reader", Path(__file__).with_name("test_layers.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_LAYERS = _layer_test()
ROOT: Path = _LAYERS.ROOT  # type: ignore[attr-defined]
imported_modules = _LAYERS.imported_modules  # type: ignore[attr-defined]
ENGINE = ROOT / "engine"
PREFIX = "doria_nb.engine."

KNOWN_CYCLES: dict[tuple[str, str], str] = {}
"""(importing node, imported node) -> why this import, which closes a cycle, is still there."""


class _WithoutTypeOnlyImports(ast.NodeTransformer):
    """Drops the ``if TYPE_CHECKING:`` blocks (their ``else`` stays)."""

    def visit_If(self, node: ast.If) -> ast.AST | list[ast.stmt] | None:
        test = node.test
        name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", None)
        if name == "TYPE_CHECKING":
            return [self.visit(statement) for statement in node.orelse] or None
        return self.generic_visit(node)


def _node(module: str) -> str | None:
    """The package or flat module of the engine that ``module`` belongs to, if any."""
    if not module.startswith(PREFIX):
        return None
    return module.removeprefix(PREFIX).split(".")[0]


def import_graph() -> dict[tuple[str, str], set[str]]:
    """(importing node, imported node) -> the files under ``doria_nb/`` that make the edge."""
    edges: dict[tuple[str, str], set[str]] = defaultdict(set)
    for path in sorted(ENGINE.rglob("*.py")):
        relative = path.relative_to(ENGINE)
        if relative.parts == ("__init__.py",):
            continue  # the public face, loaded lazily (see the module's docstring)
        here = relative.parts[0].removesuffix(".py")
        package = ".".join(path.relative_to(ROOT.parent).parts[:-1])
        tree = _WithoutTypeOnlyImports().visit(ast.parse(path.read_text(encoding="utf-8")))
        for module in imported_modules(ast.unparse(tree), package):
            there = _node(module)
            if there is not None and there != here:
                edges[(here, there)].add(path.relative_to(ROOT).as_posix())
    return edges


def _successors(edges: set[tuple[str, str]]) -> dict[str, set[str]]:
    after: dict[str, set[str]] = defaultdict(set)
    for source, target in edges:
        after[source].add(target)
    return after


def _path(after: dict[str, set[str]], start: str, goal: str) -> list[str] | None:
    """A shortest path of imports from ``start`` to ``goal``, if there is one."""
    came: dict[str, str | None] = {start: None}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(after[node]):
                if target in came:
                    continue
                came[target] = node
                if target == goal:
                    path = [target]
                    while (previous := came[path[-1]]) is not None:
                        path.append(previous)
                    return path[::-1]
                following.append(target)
        frontier = following
    return None


def find_cycle(edges: set[tuple[str, str]]) -> list[str] | None:
    """One import cycle among ``edges`` as its nodes (first == last), or ``None``."""
    after = _successors(edges)
    for source, target in sorted(edges):
        back = _path(after, target, source)
        if back is not None:
            return [source, *back]
    return None


def test_the_engine_packages_form_no_import_cycle() -> None:
    graph = import_graph()
    cycle = find_cycle(set(graph) - set(KNOWN_CYCLES))
    if cycle is not None:
        steps = [
            f"{a} -> {b} ({', '.join(sorted(graph[(a, b)]))})" for a, b in itertools.pairwise(cycle)
        ]
        raise AssertionError("an import cycle between the engine's packages:\n" + "\n".join(steps))


def test_every_known_cycle_is_still_there() -> None:
    """A cycle removed is taken off the list: its import is gone, or it closes no cycle."""
    graph = import_graph()
    after = _successors(set(graph))
    for source, target in KNOWN_CYCLES:
        assert (source, target) in graph, f"{source} no longer imports {target}: unlist it"
        assert _path(after, target, source), f"{source} -> {target} closes no cycle: unlist it"


def test_a_cycle_is_found() -> None:
    """The check itself: a made-up cycle of three nodes is found; a chain is not one."""
    assert find_cycle({("a", "b"), ("b", "c"), ("c", "a")}) == ["a", "b", "c", "a"]
    assert find_cycle({("a", "b"), ("b", "c"), ("a", "c")}) is None


def test_type_only_imports_are_left_out() -> None:
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import doria_nb.engine.x\n"
    tree = _WithoutTypeOnlyImports().visit(ast.parse(source))
    assert "doria_nb.engine.x" not in imported_modules(ast.unparse(tree), "doria_nb.engine.y")
