"""The type checker runs in the suite: mypy, configured in pyproject.toml (strict on the whole
package, app/ and serve/ included), must find no error in the package; the msgspec plugin must keep
frozen Structs frozen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(sys.prefix) / "mypy-cache"  # beside the venv: a second run re-checks only what changed


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
               "--cache-dir", str(CACHE), "--no-error-summary", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_the_package_type_checks():
    out = mypy()  # the files named in [tool.mypy]
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_msgspec_plugin_passes_frozen_down_and_keeps_it(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import msgspec\n"
        "class Base(msgspec.Struct, frozen=True, tag_field='type'):\n"
        "    x: int\n"
        "class Child(Base, tag='child'):\n"
        "    y: str\n"
        "class Loose(msgspec.Struct):\n"
        "    z: int\n"
        "child = Child(x=1, y='a')\n"
        "child.y = 'b'\n"
        "loose = Loose(z=1)\n"
        "loose.z = 2\n",
        encoding="utf-8",
    )
    out = mypy(str(sample))
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    assert "Non-frozen dataclass" not in out.stdout, out.stdout
    assert len(errors) == 1 and "sample.py:9:" in errors[0], out.stdout  # only the write to a frozen field
