"""The house keeps its shape: small functions and modules, no import circle, one direction of
dependency, and ``docs/architecture.md`` names every stage the code registers."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from radon.complexity import cc_visit

from conformance.checks import CHECKS
from conformance.grading.gates import GATES

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("conformance", "mock_provider", "_sac_pytest")
MAX_COMPLEXITY = 25  # radon grades E and F start above this
MAX_FUNCTION_LINES = 100
MAX_MODULE_LINES = 800
# The port of TanStack's StreamProcessor follows the published code's layout, so it may be long.
LONG_MODULES = {"conformance/consumer.py"}


def _sources() -> Iterator[tuple[str, str]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def _blocks(code: str) -> Iterator[tuple[str, int]]:
    for block in cc_visit(code):
        for item in [block, *getattr(block, "methods", []), *getattr(block, "closures", [])]:
            yield item.fullname, item.complexity


def test_no_function_above_the_complexity_limit() -> None:
    over = [f"{name} in {path}: {cc}" for path, code in _sources() for name, cc in _blocks(code)
            if cc > MAX_COMPLEXITY]
    assert not over, f"cyclomatic complexity above {MAX_COMPLEXITY}:\n" + "\n".join(over)


def test_no_function_over_the_line_limit() -> None:
    over = []
    for path, code in _sources():
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    over.append(f"{path}:{node.lineno} {node.name}: {lines} lines")
    assert not over, "\n".join(over)


def test_no_module_over_the_line_limit() -> None:
    over = [f"{path}: {len(code.splitlines())}" for path, code in _sources()
            if len(code.splitlines()) > MAX_MODULE_LINES and path not in LONG_MODULES]
    assert not over, "\n".join(over)


def _module_name(path: str) -> str:
    name = path[:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def _import_graph() -> dict[str, set[str]]:
    """Module-level imports between the packages' modules (imports inside functions are lazy by intent)."""
    modules = {_module_name(path): code for path, code in _sources()}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, code in modules.items():
        for node in ast.parse(code).body:
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            graph[module] |= {t for t in targets if t in modules and t != module}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_circle() -> None:
    cycle = _cycle(_import_graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_mock_provider_never_imports_conformance() -> None:
    graph = _import_graph()
    wrong = [f"{m} -> {t}" for m, ts in graph.items() if m.startswith("mock_provider") for t in ts
             if t.startswith("conformance")]
    assert not wrong, wrong


def test_the_circle_detector_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_architecture_page_names_every_registered_stage() -> None:
    from conformance.catalog import OUTPUT_PROTOCOLS
    from mock_provider.dialects import names as dialect_names

    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    checks = [c.__module__.rsplit(".", 1)[1] for c in CHECKS]
    missing = [f"check {c}" for c in checks if f"`checks/{c}.py`" not in page]
    missing += [f"gate {g.__name__}" for g in GATES if f"`{g.__name__}`" not in page]
    missing += [f"protocol {p}" for p in OUTPUT_PROTOCOLS if f"`{p}`" not in page]
    missing += [f"dialect {d}" for d in dialect_names() if f"`{d}`" not in page]
    assert not missing, f"docs/architecture.md does not name: {missing}"
    # The page lists the checks in the order they run.
    positions = [page.index(f"`checks/{c}.py`") for c in checks]
    assert positions == sorted(positions), "docs/architecture.md lists the checks out of their order"
