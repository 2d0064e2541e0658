"""The tree shows the architecture (issue 25): no import circle in the engine or the page,
no module of engine/ named with another's name as a prefix, no module over MAX_LINES.

The imports are read from the source (ast), every import statement counted, those inside
functions too: `import a.b` and `from a import b` (b a submodule) are edges to the submodule
a.b, not to package a's __init__. Only the imports under `if TYPE_CHECKING:` are left out:
they are for annotations and never run. The page's modules are named as Pyodide imports them:
web/main.py is `main`, web/page/x.py is `page.x`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREES = {ROOT / "engine": "engine", ROOT / "web": ""}
"""Each tree walked, and the package its files are modules of ("": the page's top level)."""
MAX_LINES = 600


def module_name(path: Path, root: Path, package: str) -> str:
    """The dotted name a file is imported as (a package's __init__.py is the package)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(p for p in (package, *parts) if p)


def modules() -> dict[str, Path]:
    """Every Python module of engine/ and web/ by its dotted name."""
    found = {}
    for root, package in TREES.items():
        for path in sorted(root.rglob("*.py")):
            found[module_name(path, root, package)] = path
    return found


def _package_of(name: str, path: Path) -> str:
    """The package a module's relative imports start from."""
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _type_checking_only(node: ast.If) -> bool:
    """An `if TYPE_CHECKING:` block: imports for annotations, which never run."""
    return "TYPE_CHECKING" in ast.unparse(node.test)


def _run_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of `tree` but those inside `if TYPE_CHECKING:` blocks (their `else:`
    runs)."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and _type_checking_only(child):
            for node in child.orelse:
                yield node
                yield from _run_time_nodes(node)
            continue
        yield child
        yield from _run_time_nodes(child)


def imports_of(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """The known modules that `name` (at `path`) imports, anywhere in its source."""
    known = set(known)
    edges = set()
    for node in _run_time_nodes(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package_of(name, path).split(".")
                anchor = package[: len(package) - node.level + 1]
                base = ".".join(p for p in (*anchor, base) if p)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                       for alias in node.names]
        else:
            continue
        edges.update(t for t in targets if t in known and t != name)
    return edges


def import_graph() -> dict[str, set[str]]:
    """Each module of engine/ and web/ -> the modules of engine/ and web/ it imports."""
    found = modules()
    return {name: imports_of(name, path, found) for name, path in found.items()}


def find_cycle(graph: Mapping[str, Iterable[str]]) -> list[str] | None:
    """One import circle as [a, b, ..., a], or None when there is none."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path, on_path = [start], {start}
        stack = [iter(sorted(graph.get(start, ())))]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                finished = path.pop()
                on_path.discard(finished)
                done.add(finished)
                continue
            if nxt in on_path:
                return path[path.index(nxt):] + [nxt]
            if nxt not in done:
                path.append(nxt)
                on_path.add(nxt)
                stack.append(iter(sorted(graph.get(nxt, ()))))
    return None


def test_the_import_walker_counts_submodules_relative_and_function_local_imports() -> None:
    graph = import_graph()
    assert "engine.render.board" in graph["main"]  # a function-local `import a.b.c`
    assert "page.dom" in graph["page.editor"]  # `from .dom import ...`
    assert "page.bridge" in graph["page.editor"]  # `from . import bridge`
    assert "engine.systems" in graph["page.editor"]  # `from engine import systems`
    assert "engine" not in graph["page.editor"]  # ... an edge to engine.systems only
    assert "page.slices" not in graph["page.state"]  # under `if TYPE_CHECKING:` only


def test_only_the_imports_that_never_run_are_left_out(tmp_path) -> None:
    path = tmp_path / "m.py"
    path.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import a\n"
                    "else:\n    import b\n\ndef f():\n    import c\n", "utf-8")
    assert imports_of("m", path, {"a", "b", "c"}) == {"b", "c"}


def test_a_circle_is_found_and_named() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"b"}}) == ["b", "c", "b"]
    assert find_cycle({"x": {"a"}, "a": {"x"}}) == ["a", "x", "a"]


def test_no_import_circle_in_the_engine_or_the_page() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_no_module_of_the_engine_carries_another_ones_name_as_a_prefix() -> None:
    clashes = []
    for folder in [ROOT / "engine", *(ROOT / "engine").rglob("*/")]:
        if folder.name == "__pycache__" or not folder.is_dir():
            continue
        names = {p.stem for p in folder.glob("*.py")} | {
            p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}
        clashes += [f"{folder.relative_to(ROOT)}/{n}" for n in sorted(names)
                    if any(n.startswith(f"{other}_") for other in names - {n})]
    assert not clashes, f"named as a part of a sibling module: {clashes}"


def test_no_module_of_the_engine_or_the_page_is_over_600_lines() -> None:
    sizes = {path.relative_to(ROOT).as_posix(): len(path.read_text("utf-8").splitlines())
             for path in modules().values()}
    over = {path: n for path, n in sorted(sizes.items()) if n > MAX_LINES}
    assert not over, f"over {MAX_LINES} lines: {over}"
