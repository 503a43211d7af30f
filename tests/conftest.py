import itertools
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _no_user_keymap(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tester's own ~/.config/fhtagn-tui/keymap.toml must not move the keys the tests press."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.getbasetemp() / "xdg-config"))


@pytest.fixture(autouse=True)
def _reproducible_dice(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Dice nobody forced come from a seed fixed by the test's name, so a test that passes once passes
    every time: a test whose outcome hangs on unforced dice (a CoC Luck of 3D6×5 rolled at creation)
    fails on every run instead of one run in ten on CI."""
    from fhtagn_tui.rules import dice

    base = zlib.crc32(request.node.nodeid.encode())
    counter = itertools.count()
    original = dice.RandomSource.__init__

    def seeded(self: dice.RandomSource, seed: int | None = None) -> None:
        original(self, base + next(counter) if seed is None else seed)

    monkeypatch.setattr(dice.RandomSource, "__init__", seeded)
