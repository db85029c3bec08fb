"""The code's shape, as the README's tour promises it: small modules and functions, apps of
comparable size, no import cycle. (The floors between apps are import-linter's contracts in
pyproject.toml, checked by ``make lint``.)"""

import ast
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
CODE = ROOT / "ofcleague"
MODULE_LINES = 400
FUNCTION_LINES = 60
APP_SHARE = 0.25
MODEL_SHARE = 0.40


def python_modules():
    return sorted(p for p in CODE.rglob("*.py") if "migrations" not in p.parts)


def lines(path):
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_module_is_longer_than_400_lines():
    scripts = sorted((ROOT / "static" / "js").rglob("*.js"))
    long = {str(p.relative_to(ROOT)): lines(p) for p in python_modules() + scripts}
    assert {name: n for name, n in long.items() if n > MODULE_LINES} == {}


def test_no_function_is_longer_than_60_lines():
    long = {}
    for path in python_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1
                if length > FUNCTION_LINES:
                    long[f"{path.relative_to(ROOT)}:{node.name}"] = length
    assert long == {}


def test_no_app_holds_more_than_25_percent_of_the_lines():
    """An app's lines are its Python (migrations aside) and its templates, against all of the
    product's code: Python, templates, scripts and styles (the measure the issue used)."""
    per_app = {}
    for path in python_modules():
        part = path.relative_to(CODE).parts
        app = part[0] if len(part) > 1 else "(project)"
        per_app[app] = per_app.get(app, 0) + lines(path)
    for path in (ROOT / "templates").rglob("*.html"):
        part = path.relative_to(ROOT / "templates").parts
        app = part[0] if len(part) > 1 else "(project)"
        per_app[app] = per_app.get(app, 0) + lines(path)
    assets = [*(ROOT / "static").rglob("*.js"), *(ROOT / "static").rglob("*.css")]
    total = sum(per_app.values()) + sum(lines(path) for path in assets)
    shares = {app: round(n / total, 3) for app, n in per_app.items()}
    assert {app: share for app, share in shares.items() if share > APP_SHARE} == {}


def test_no_app_owns_more_than_40_percent_of_the_models():
    """Each concept owns its models (issue 39): the core keeps the league, its players and
    evenings; history tables count as models, as the issue counted them."""
    from django.apps import apps

    ours = [m for m in apps.get_models() if m.__module__.startswith("ofcleague.")]
    per_app: dict[str, int] = {}
    for model in ours:
        per_app[model._meta.app_label] = per_app.get(model._meta.app_label, 0) + 1
    shares = {app: round(n / len(ours), 3) for app, n in per_app.items()}
    assert {app: share for app, share in shares.items() if share > MODEL_SHARE} == {}
    assert len(per_app) >= 6  # the concepts are apps, not one app beside a few small ones


def test_no_import_cycle_between_modules():
    graph = grimp.build_graph("ofcleague")
    cycles = set()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(imported, module):
                cycles.add(tuple(sorted((module, imported))))
    assert cycles == set()


def test_the_engine_imports_neither_django_nor_the_site():
    graph = grimp.build_graph("ofcleague", include_external_packages=True)
    engine = graph.find_descendants("ofcleague.scoring") | {"ofcleague.scoring"}
    imported = set().union(*(graph.find_modules_directly_imported_by(m) for m in engine))
    assert {m for m in imported - engine if m.startswith(("django", "ofcleague"))} == set()


def _is_module(name):
    """Whether ``name`` (dotted) is one of our modules or packages (read from the files)."""
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def test_no_module_imports_another_modules_private_names():
    """A name starting with ``_`` is its module's own: no other module of ours imports it
    (``from x import _y``) or reaches for it (``x._y``, with ``x`` one of our modules). The
    engine's ``_`` (its marker for translatable text) is no private name."""
    found = []
    for path in python_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        ours = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ofcleague"):
                for alias in node.names:
                    if alias.name.startswith("_") and alias.name != "_" and alias.name[1] != "_":
                        found.append(f"{path.relative_to(ROOT)}: {node.module}.{alias.name}")
                    if _is_module(f"{node.module}.{alias.name}"):
                        ours[alias.asname or alias.name] = node.module
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("ofcleague"):
                        ours[alias.asname or alias.name.split(".")[0]] = alias.name
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in ours
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                found.append(f"{path.relative_to(ROOT)}: {node.value.id}.{node.attr}")
    assert found == [], "\n".join(found)
