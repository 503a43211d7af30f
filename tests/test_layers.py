"""The layers: the contracts in pyproject.toml (import-linter) hold, and the pure core (rules/,
reference/, domain/, commands/) imports no UI, no storage, no IO."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ("rules", "reference", "domain", "commands")
FORBIDDEN_PACKAGES = ("textual", "tinydb", "asyncssh", "textual_serve", "rich", "fhtagn_tui.store",
                      "fhtagn_tui.app", "fhtagn_tui.serve", "fhtagn_tui.cli", "fhtagn_tui.service")
FORBIDDEN_STDLIB = {"os", "io", "pathlib", "socket", "subprocess", "shutil", "tempfile", "time",
                    "fcntl", "asyncio", "threading", "signal", "sqlite3", "urllib", "http"}


def test_core_imports_no_ui_storage_or_io_at_runtime():
    code = (
        "import sys\n"
        "import fhtagn_tui.rules.registry as r; r.load_all()\n"
        "import fhtagn_tui.domain.codec\n"
        "import fhtagn_tui.commands.language as l; l.load_all()\n"
        f"bad = [m for m in sys.modules if any(m == p or m.startswith(p + '.') for p in {FORBIDDEN_PACKAGES!r})]\n"
        "print(','.join(sorted(bad)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"the core pulled in: {out.stdout.strip()}"


def absolute(path: Path, node: ast.ImportFrom) -> str:
    """The module a `from … import` names, relative imports resolved against the file's package."""
    if node.level == 0:
        return node.module or ""
    package = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
    base = package[: len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def test_relative_imports_are_resolved():
    file = ROOT / "fhtagn_tui" / "rules" / "coc.py"
    assert absolute(file, ast.ImportFrom(module="dice", names=[], level=1)) == "fhtagn_tui.rules.dice"
    assert absolute(file, ast.ImportFrom(module="store", names=[], level=2)) == "fhtagn_tui.store"


def test_core_sources_import_no_io_modules():
    offenders = []
    for pkg in CORE:
        for path in (ROOT / "fhtagn_tui" / pkg).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names: list[str] = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [absolute(path, node)]
                for name in names:
                    top = name.split(".")[0]
                    if top in FORBIDDEN_STDLIB or any(name == p or name.startswith(p + ".") for p in FORBIDDEN_PACKAGES):
                        offenders.append(f"{path.relative_to(ROOT)}: {name}")
    assert offenders == []


def test_layers_point_down_store_does_not_import_app():
    offenders = []
    for path in (ROOT / "fhtagn_tui" / "store").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for banned in ("fhtagn_tui.app", "fhtagn_tui.cli", "textual"):
            if f"import {banned}" in text or f"from {banned}" in text:
                offenders.append(f"{path.name}: {banned}")
    assert offenders == []


def lint_imports(*args: str) -> subprocess.CompletedProcess[str]:
    exe = Path(sys.executable).with_name("lint-imports")
    assert exe.exists(), "import-linter is in the test extra: pip install -e '.[test]'"
    return subprocess.run([str(exe), "--no-cache", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_layer_contracts_hold():
    out = lint_imports()
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout and "6 kept" in out.stdout, out.stdout


def _lint_a_copy(tmp_path: Path, module: str, line: str) -> subprocess.CompletedProcess[str]:
    """lint-imports with the same contracts on a copy of the package where ``module`` gets ``line``."""
    import shutil

    copy = tmp_path / "fhtagn_tui"
    shutil.copytree(ROOT / "fhtagn_tui", copy, ignore=shutil.ignore_patterns("__pycache__", "data"))
    (copy / "data").mkdir()
    (copy / "data" / "__init__.py").write_text("")
    with (copy / module).open("a", encoding="utf-8") as f:
        f.write(f"\n{line}  # noqa: E402,F401\n")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    exe = Path(sys.executable).with_name("lint-imports")
    env = {"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}
    return subprocess.run([str(exe), "--no-cache"], cwd=tmp_path, capture_output=True, text=True, env=env, timeout=300)


def test_a_broken_contract_is_reported(tmp_path):
    """The same contracts on a copy where rules/ reaches up into domain/: lint-imports must refuse it."""
    out = _lint_a_copy(tmp_path, "rules/dice.py", "from fhtagn_tui.domain.state import State")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "fhtagn_tui.rules.dice -> fhtagn_tui.domain.state" in out.stdout
    assert "2 broken" in out.stdout  # the layers and "rules never import domain"


def test_a_screen_reaching_past_the_door_is_reported(tmp_path):
    """A tab importing the Engine's module (or the store) itself breaks "app-through-door" only:
    the layers allow it (service is below the app), the door contract does not."""
    out = _lint_a_copy(tmp_path, "app/screens/party.py", "from fhtagn_tui.service import MemorySink")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "fhtagn_tui.app.screens.party -> fhtagn_tui.service" in out.stdout
    assert "1 broken" in out.stdout and "door" in out.stdout


def test_a_fold_reached_past_the_read_side_is_reported(tmp_path):
    """An export importing one of the read side's modules (the plain fold) itself breaks "one-read-side"
    only: the layers allow it (domain is below export), the read side does not — ask ``domain.replay``."""
    out = _lint_a_copy(tmp_path, "export/recap.py", "from fhtagn_tui.domain.replay.plain import PlainFold")
    assert out.returncode == 1, out.stdout + out.stderr
    assert "fhtagn_tui.export.recap -> fhtagn_tui.domain.replay.plain" in out.stdout
    assert "1 broken" in out.stdout and "read side" in out.stdout


def test_design_draws_the_contracted_layers():
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    (layers,) = [c["layers"] for c in config["contracts"] if c["type"] == "layers"]
    picture = (ROOT / "DESIGN.md").read_text(encoding="utf-8").split("## Layers", 1)[1].split("```")[1]
    rows = [line.split("  ")[0].strip() for line in picture.splitlines() if line and not line.startswith(" ")]
    drawn = [" | ".join(part.strip().rstrip("/").removesuffix(".py") for part in row.split("|")) for row in rows]
    assert drawn == layers, "DESIGN.md's layer picture and pyproject's contracts disagree"
