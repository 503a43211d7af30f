"""A roll in words shows every die's face, in order, whatever the number of dice (one die — most
rolls — is told by its face alone, the same words as the general join)."""

from __future__ import annotations

import pytest

from fhtagn_tui.domain.features.campaign import DiceRolled
from fhtagn_tui.rules.dice import Roll


@pytest.mark.parametrize("faces", [(), (7,), (40, 3), (1, 6, 6, 2)])
def test_a_roll_tells_every_face(faces: tuple[int, ...]) -> None:
    dice = tuple(Roll("test", "d10", v) for v in faces)
    ev = DiceRolled(expr="1d100", total=43, label="Firearms", character="ada", target=50, level="success",
                    imposed="stunned", note="capped", dice=dice, seq=2, group=2)
    general = ", ".join(str(v) for v in faces)
    assert ev.describe({"ada": "Ada"}) == f"Ada rolls Firearms vs 50 (capped) → 43 [{general}]: success (stunned)"
    assert DiceRolled(expr="3d6", total=9, dice=dice, seq=3, group=3).describe({}) == f"Roll 3d6 → 9 [{general}]"
