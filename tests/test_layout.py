"""The package layout: no import cycles between manoled's modules, and no module over 450 lines.

Every import counts, including the ones inside functions and under ``TYPE_CHECKING``: a lazy
import hides a cycle from Python, not from a reader. ``from package import name`` counts as an
import of the module ``package.name`` when there is one, else of the package itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "manoled"
MAX_LINES = 450
TOO_LONG_FOR_NOW: set[str] = set()  # modules allowed over MAX_LINES (none)


def modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imported(name: str, mods: dict[str, Path]) -> str | None:
    """The manoled module that importing ``name`` runs last (a submodule, else its package)."""
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str, path: Path, mods: dict[str, Path]) -> set[str]:
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(m for a in node.names if (m := _imported(a.name, mods)))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                target = f"{source}.{alias.name}"
                found.update(m for m in (_imported(target if target in mods else source, mods),) if m)
    found.discard(module)
    return found


def import_graph() -> dict[str, set[str]]:
    mods = modules()
    return {m: imports_of(m, p, mods) for m, p in mods.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_import_graph_is_read():
    graph = import_graph()
    assert "manoled.catalog.store" in graph["manoled.index.pipeline"]
    assert "manoled.serve.service" in graph["manoled.serve.askqueue"]  # an import under TYPE_CHECKING


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycles():
    assert cycles(import_graph()) == []


def test_no_module_is_over_450_lines():
    long = {}
    for module, path in modules().items():
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES and module not in TOO_LONG_FOR_NOW:
            long[module] = n
    assert long == {}


def test_every_package_has_an_init():
    """A folder without ``__init__.py`` is a namespace package, which the wheel leaves out."""
    folders = {p.parent for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
    assert sorted(str(f) for f in folders if not (f / "__init__.py").exists()) == []
