"""The pure core (rules/, domain/, commands/) imports no UI, no storage, no IO."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ("rules", "domain", "commands")
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


def test_core_sources_import_no_io_modules():
    offenders = []
    for pkg in CORE:
        for path in (ROOT / "fhtagn_tui" / pkg).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names: list[str] = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    names = [node.module]
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
