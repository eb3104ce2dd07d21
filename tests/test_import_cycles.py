"""No circular imports in the package: the graph of the imports that run when a
module is loaded (its module-level imports, read from the source with ``ast``) has
no cycle, the server's modules included.

An import under ``if TYPE_CHECKING:`` or inside a function runs later or never: it is
the deliberate way to break a cycle (a type needed both ways, an import deferred so
that a command starts fast or a package is imported only when used), so it is no edge
here, but each such import of a package module is listed and their number is held
down: a new one needs a reason.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "crowsnest"
DEFERRED_MOST = 35
"""The most imports of package modules inside functions or under ``TYPE_CHECKING``."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the package by name (not the compiled build's folder)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        if "_native" not in path.relative_to(PACKAGE).parts:
            found[module_name(path)] = path
    return found


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(body: list[ast.stmt], deferred: bool = False) -> Iterator[tuple[ast.stmt, bool]]:
    """Every import statement of ``body`` at any depth, and whether it is deferred:
    inside a function or under ``if TYPE_CHECKING:`` (a class body runs on import)."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, deferred
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from imports(node.body, True)
        elif isinstance(node, ast.If) and is_type_checking(node.test):
            yield from imports(node.body, True)
            yield from imports(node.orelse, deferred)
        else:
            for field in ("body", "orelse", "finalbody"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    yield from imports(inner, deferred)
            for inner_block in (*getattr(node, "handlers", ()), *getattr(node, "cases", ())):
                yield from imports(inner_block.body, deferred)


def targets(node: ast.stmt, name: str, is_package: bool, known: dict[str, Path]) -> set[str]:
    """The package modules that ``node`` (in module ``name``) loads: those it names,
    the module it takes names from (unless it takes only submodules of a package
    ``name`` is in: that one is loaded already), and the packages they are in
    (again those ``name`` is not in itself)."""
    mine = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 2)}
    found: set[str] = set()
    if isinstance(node, ast.Import):
        found = {alias.name for alias in node.names}
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            here = name.split(".") if is_package else name.split(".")[:-1]
            here = here[: len(here) - node.level + 1]
            base = ".".join([*here, base] if base else here)
        subs = {f"{base}.{alias.name}" for alias in node.names} & set(known)
        found = subs
        if base not in mine or len(subs) < len(node.names):
            found.add(base)
    found &= set(known)
    for module in list(found):
        parts = module.split(".")
        found |= {".".join(parts[:i]) for i in range(1, len(parts))} - mine
    found.discard(name)
    return found


def graph() -> tuple[dict[str, set[str]], list[str]]:
    """Each module's module-level imports of package modules, and the deferred
    import statements of package modules (``module:line: statement``)."""
    known = modules()
    edges: dict[str, set[str]] = {m: set() for m in known}
    deferred: list[str] = []
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        for node, later in imports(tree.body):
            found = targets(node, name, is_package, known)
            if later and found:
                deferred.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
            elif not later:
                edges[name] |= found
    return edges, deferred


def a_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``edges`` (its modules, the first again at the end), or None."""
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for nxt in sorted(edges[module]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(edges):
        if module not in state and (found := visit(module)) is not None:
            return found
    return None


def test_the_package_imports_without_a_cycle() -> None:
    edges, _ = graph()
    cycle = a_cycle(edges)
    assert cycle is None, "an import cycle: " + " -> ".join(cycle or ())


def test_deferred_imports_are_few() -> None:
    _, deferred = graph()
    print(f"{len(deferred)} deferred imports of package modules:", *deferred, sep="\n  ")
    assert len(deferred) <= DEFERRED_MOST, "\n".join(deferred)


def test_the_graph_sees_a_cycle_and_what_breaks_one() -> None:
    """The reader itself: an import inside a function or under ``TYPE_CHECKING`` is
    no edge; one at module level (in a class body, a ``try``) is, and so is the
    package a module is imported from."""
    tree = ast.parse(
        "import crowsnest.engine.cards\n"
        "if TYPE_CHECKING:\n    from crowsnest.engine import views\n"
        "else:\n    import crowsnest.engine.tricks\n"
        "try:\n    from crowsnest.ai import base\nexcept ImportError:\n    pass\n"
        "class C:\n    from crowsnest import native\n"
        "def f():\n    import crowsnest.arena\n"
    )
    known = modules()
    found = {
        t: later
        for node, later in imports(tree.body)
        for t in targets(node, "crowsnest.skill", False, known)
    }
    assert found == {
        "crowsnest.engine": False,
        "crowsnest.engine.cards": False,
        "crowsnest.engine.views": True,
        "crowsnest.engine.tricks": False,
        "crowsnest.ai": False,
        "crowsnest.ai.base": False,
        "crowsnest.native": False,
        "crowsnest.arena": True,
    }
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert a_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None
