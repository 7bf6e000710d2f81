"""The modules of ``bots/`` import one way: no two of them need each other, even through an import inside a
function (issue 31 item 8), so each reads on top of the ones below it."""
from __future__ import annotations

import ast
from pathlib import Path

import deadeye.bots

BOTS = Path(deadeye.bots.__file__).resolve().parent


def imported(path: Path) -> set[str]:
    """The ``bots`` modules ``path`` imports anywhere in it (at the top or inside a function)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                base = node.module
            elif node.level == 0 and (node.module or "").startswith("deadeye.bots."):
                base = node.module.removeprefix("deadeye.bots.")
            elif node.level == 0 and node.module == "deadeye.bots":
                base = None
            else:
                continue
            names = [base.split(".")[0]] if base else [alias.name for alias in node.names]
            found.update(names)
        elif isinstance(node, ast.Import):
            found.update(alias.name.removeprefix("deadeye.bots.").split(".")[0] for alias in node.names
                         if alias.name.startswith("deadeye.bots."))
    return found


def import_graph() -> dict[str, set[str]]:
    modules = {p.stem: p for p in BOTS.glob("*.py") if p.stem != "__init__"}
    return {name: imported(path) & set(modules) - {name} for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each strongly connected group of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(groups)


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]] and cycles({"a": {"b"}, "b": set()}) == []


def test_no_two_bots_modules_import_each_other():
    graph = import_graph()
    assert {"arena", "distributed", "registry", "openspiel"} <= set(graph)
    assert cycles(graph) == [], f"import circles in bots/: {cycles(graph)}"


ROOT = BOTS.parent
LOWER_LAYERS = ("core", "search", "bots", "protocol")


def interop_imports(path: Path) -> list[str]:
    """Where ``path`` (a .py, .pyx or .pxd file) imports ``deadeye.interop``: import statements, and
    ``import_module("deadeye.interop...")`` calls."""
    if path.suffix == ".py":
        found = []
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("deadeye.interop"):
                found.append(f"{path.name}:{node.lineno}")
            elif isinstance(node, ast.Import) and any(a.name.startswith("deadeye.interop") for a in node.names):
                found.append(f"{path.name}:{node.lineno}")
            elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                  and str(node.args[0].value).startswith("deadeye.interop")):
                found.append(f"{path.name}:{node.lineno}")
        return found
    return [f"{path.name}:{n}" for n, line in enumerate(path.read_text().splitlines(), 1)
            if line.lstrip().startswith(("from deadeye.interop", "import deadeye.interop", "cimport deadeye.interop"))]


def test_the_interop_layer_sits_on_top_and_nothing_below_imports_it():
    """interop may import core, search and bots; nothing in core/search/bots/protocol imports interop (its bots
    reach the arena through the ``deadeye.bots`` entry point instead)."""
    assert (ROOT / "interop" / "__init__.py").exists()
    below = [hit for layer in LOWER_LAYERS for ext in ("*.py", "*.pyx", "*.pxd")
             for path in sorted((ROOT / layer).rglob(ext)) for hit in interop_imports(path)]
    assert below == [], f"modules below interop import it: {below}"


def test_the_checker_sees_an_interop_import(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import importlib\nfrom deadeye.interop import openspiel\n"
                      "importlib.import_module('deadeye.interop.arena')\n")
    pyx = tmp_path / "m.pyx"
    pyx.write_text("# deadeye.interop in a comment is fine\nfrom deadeye.interop.pettingzoo import env\n")
    assert interop_imports(module) == ["m.py:2", "m.py:3"] and interop_imports(pyx) == ["m.pyx:2"]
