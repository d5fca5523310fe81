"""Small modules (issue 19): no module in service/, replay/ or clients/ over 500 lines, no function over 60.

Read with `ast`, so a function's length is its whole definition (decorators excluded, its docstring and
nested functions included), as a reader meets it. Generated code (the protobuf stubs under proto/, the
TypeScript under clients/) is not Python in these folders and is not walked; nor are the games' types that
schemas/gen.py generates into the Python SDK (one module a game, as long as the game's messages).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("service", "replay", "clients")
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60
GENERATED = ROOT / "clients" / "python" / "playledger_client" / "games"


def python_modules() -> list[Path]:
    return sorted(
        path
        for folder in FOLDERS
        for path in (ROOT / folder).rglob("*.py")
        if not {"node_modules", "build", "dist"} & set(path.parts)  # installed or built copies, not the source
        and not path.name.endswith(("_pb2.py", "_pb2_grpc.py"))
        and not path.is_relative_to(GENERATED)
    )


def oversized(path: Path, root: Path = ROOT) -> list[str]:
    """What in this module is over the limits, each named by path:line and function."""
    source = path.read_text(encoding="utf-8")
    name = path.relative_to(root).as_posix()
    found = []
    lines = len(source.splitlines())
    if lines > MAX_MODULE_LINES:
        found.append(f"{name}: {lines} lines (at most {MAX_MODULE_LINES})")
    for node in ast.walk(ast.parse(source, filename=name)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found.append(f"{name}:{node.lineno} {node.name}(): {length} lines (at most {MAX_FUNCTION_LINES})")
    return found


def test_every_module_and_function_is_small() -> None:
    modules = python_modules()
    assert len(modules) > 100  # the walk found the code (a wrong ROOT would pass vacuously)
    found = [f for path in modules for f in oversized(path)]
    assert not found, "split these by what each part holds:\n" + "\n".join(found)


def test_the_check_names_what_is_too_long(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    text = f"def long():\n{body}\n\n\ndef short():\n    return 1\n" + "#\n" * MAX_MODULE_LINES
    module = tmp_path / "long.py"
    module.write_text(text)
    assert oversized(module, tmp_path) == [
        f"long.py: {len(text.splitlines())} lines (at most {MAX_MODULE_LINES})",
        f"long.py:1 long(): {MAX_FUNCTION_LINES + 1} lines (at most {MAX_FUNCTION_LINES})",
    ]
    module.write_text("def short():\n    return 1\n")
    assert oversized(module, tmp_path) == []
