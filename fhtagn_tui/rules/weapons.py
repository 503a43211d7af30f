"""Weapons and armour as data: one :class:`Weapon` struct, a starter list per system.

The GM extends the lists per campaign (``weapon add …``); campaign weapons
live in :class:`Armory` (``State.armory``) and win over a starter weapon of
the same name.  Damage strings by system:

* FHTAGN: a dice expression (``1d4-1``, ``2d6``); ``lethality`` > 0 replaces it
  (FH-DICE-07).  Unarmed and melee weapons add the STR damage bonus (FH-PARTY-06).
* CoC 7e: a dice expression without the damage bonus; ``db`` says how much DB
  is added (``full``, ``half`` — thrown and muscle-powered missiles — or ``none``).
  Shotguns give one expression per range band: ``4d6/2d6/1d6``.
* GURPS: ``thr±N`` / ``sw±N`` (from ST, :func:`gurps_st_damage`) or dice
  (``2d+1``), with ``damage_type`` (cr, cut, imp, pi-, pi, pi+, pi++, burn, tox, cor).
"""

import msgspec

from fhtagn_tui.rules.names import matches

KINDS = ("unarmed", "melee", "thrown", "ranged")
ACTIONS = ("single", "bolt", "pump", "lever", "semi", "auto")  # how a gun cycles
DB_KINDS = ("full", "half", "none", "")
GURPS_DAMAGE_TYPES = ("cr", "cut", "imp", "pi-", "pi", "pi+", "pi++", "burn", "tox", "cor")


class Weapon(msgspec.Struct, frozen=True):
    name: str
    system: str  # "fhtagn" | "coc7" | "gurps"
    skill: str  # the skill rolled to attack
    damage: str  # see the module docstring
    kind: str = "melee"  # unarmed | melee | thrown | ranged
    impaling: bool = False  # CoC: an extreme success impales
    damage_type: str = ""  # GURPS wounding type
    base_range: int = 0  # metres (FHTAGN) / yards (CoC, GURPS); 0 for close combat
    shots: int = 1  # shots per round (CoC "1(3)" is 1, max 3: shots=3)
    magazine: int = 0  # rounds loaded (0: not a firearm)
    malfunction: int = 0  # CoC: a final roll ≥ this jams (0: never)
    burst: int = 0  # bullets in one burst (0: no burst)
    auto: bool = False  # full-automatic capable
    action: str = ""  # for guns: single | bolt | pump | lever | semi | auto
    lethality: int = 0  # FHTAGN lethality rating % (0: roll the damage)
    db: str = ""  # full | half | none; "" by kind: melee and unarmed full, thrown half, ranged none
    notes: str = ""
    per_round: int = 1  # a character's own attack: attacks per round (a monster's claws: 2)

    @property
    def key(self) -> str:
        return self.name.casefold()

    @property
    def db_mode(self) -> str:
        """How much damage bonus the weapon takes: melee weapons the full bonus unless told otherwise
        (COC-MELEE-08, FH-PARTY-06), thrown ones half (COC-COMBAT-06), firearms none."""
        if self.db:
            return self.db
        return {"unarmed": "full", "melee": "full", "thrown": "half"}.get(self.kind, "none")

    @property
    def close_combat(self) -> bool:
        return self.kind in ("unarmed", "melee")

    @property
    def repeats(self) -> bool:
        """Can fire more than one shot per action (not bolt-action or single-shot)."""
        return self.kind == "ranged" and self.action in ("semi", "auto", "pump", "lever")


def _fh(name: str, skill: str, damage: str, kind: str = "melee", **kw: object) -> Weapon:
    return Weapon(name=name, system="fhtagn", skill=skill, damage=damage, kind=kind, **kw)  # type: ignore[arg-type]


def _coc(name: str, skill: str, damage: str, kind: str = "melee", **kw: object) -> Weapon:
    return Weapon(name=name, system="coc7", skill=skill, damage=damage, kind=kind, **kw)  # type: ignore[arg-type]


def _gu(name: str, skill: str, damage: str, dtype: str, kind: str = "melee", **kw: object) -> Weapon:
    return Weapon(name=name, system="gurps", skill=skill, damage=damage, damage_type=dtype, kind=kind, **kw)  # type: ignore[arg-type]


FHTAGN_WEAPONS: tuple[Weapon, ...] = (
    _fh("unarmed", "Unarmed Combat", "1d4-1", "unarmed"),
    _fh("knife", "Melee Weapons", "1d4"),
    _fh("club", "Melee Weapons", "1d6"),
    _fh("machete", "Melee Weapons", "1d8"),
    _fh("axe", "Melee Weapons", "1d8"),
    _fh("light pistol", "Firearms", "1d8", "ranged", base_range=10, magazine=10, action="semi"),
    _fh("pistol", "Firearms", "1d10", "ranged", base_range=15, magazine=15, action="semi"),
    _fh("revolver", "Firearms", "1d10", "ranged", base_range=15, magazine=6, action="semi"),
    _fh("heavy pistol", "Firearms", "1d12", "ranged", base_range=20, magazine=7, action="semi"),
    _fh("rifle", "Firearms", "1d12", "ranged", base_range=150, magazine=10, action="semi"),
    _fh("hunting rifle", "Firearms", "1d12", "ranged", base_range=150, magazine=5, action="bolt"),
    _fh("assault rifle", "Firearms", "1d12", "ranged", base_range=100, magazine=30, action="auto", auto=True),
    _fh("smg", "Firearms", "1d10", "ranged", base_range=50, magazine=30, action="auto", auto=True),
    _fh("shotgun", "Firearms", "2d6", "ranged", base_range=50, magazine=5, action="pump"),
    _fh("double-barrel shotgun", "Firearms", "2d6", "ranged", base_range=50, magazine=2, action="single"),
    _fh("machine gun", "Heavy Weapons", "0", "ranged", base_range=300, magazine=100, action="auto", auto=True, lethality=10),
    _fh("grenade", "Athletics", "0", "thrown", base_range=20, lethality=15, notes="blast radius 10 m"),
    _fh("rocket launcher", "Heavy Weapons", "0", "ranged", base_range=150, magazine=1, action="single", lethality=30),
)

COC_WEAPONS: tuple[Weapon, ...] = (
    _coc("unarmed", "Fighting (Brawl)", "1d3", "unarmed", db="full"),
    _coc("knife", "Fighting (Brawl)", "1d4", impaling=True, db="full"),
    _coc("large knife", "Fighting (Brawl)", "1d8", impaling=True, db="full"),
    _coc("club", "Fighting (Brawl)", "1d8", db="full"),
    _coc("nightstick", "Fighting (Brawl)", "1d6", db="full"),
    _coc("hatchet", "Fighting (Axe)", "1d6+1", impaling=True, db="full"),
    _coc("thrown knife", "Throw", "1d4", "thrown", impaling=True, db="half", base_range=10),
    _coc("bow", "Firearms (Bow)", "1d6", "ranged", impaling=True, db="half", base_range=30, malfunction=97),
    _coc(".22 automatic", "Firearms (Handgun)", "1d6", "ranged", impaling=True, base_range=10,
         shots=3, magazine=6, malfunction=100, action="semi"),
    _coc(".38 revolver", "Firearms (Handgun)", "1d10", "ranged", impaling=True, base_range=15,
         shots=3, magazine=6, malfunction=100, action="semi"),
    _coc(".45 automatic", "Firearms (Handgun)", "1d10+2", "ranged", impaling=True, base_range=15,
         shots=3, magazine=7, malfunction=100, action="semi"),
    _coc(".30-06 rifle", "Firearms (Rifle/Shotgun)", "2d6+4", "ranged", impaling=True, base_range=110,
         magazine=5, malfunction=100, action="bolt"),
    _coc("12-gauge shotgun", "Firearms (Rifle/Shotgun)", "4d6/2d6/1d6", "ranged", base_range=10,
         shots=2, magazine=2, malfunction=100, action="single"),
    _coc("thompson smg", "Firearms (Submachine Gun)", "1d10+2", "ranged", impaling=True, base_range=20,
         magazine=30, malfunction=96, auto=True, action="auto"),
    _coc("m16 assault rifle", "Firearms (Rifle/Shotgun)", "2d6", "ranged", impaling=True, base_range=110,
         magazine=30, malfunction=97, burst=3, action="semi"),
    _coc("browning bar", "Firearms (Machine Gun)", "2d6+4", "ranged", impaling=True, base_range=90,
         shots=2, magazine=20, malfunction=100, auto=True, action="auto"),
)

GURPS_WEAPONS: tuple[Weapon, ...] = (
    _gu("punch", "Brawling", "thr-1", "cr", "unarmed"),
    _gu("kick", "Brawling", "thr", "cr", "unarmed"),
    _gu("knife", "Knife", "thr", "imp"),
    _gu("knife slash", "Knife", "sw-2", "cut"),
    _gu("baton", "Shortsword", "sw", "cr"),
    _gu("axe", "Axe/Mace", "sw+2", "cut"),
    _gu("pistol", "Guns (Pistol)", "2d", "pi", "ranged", base_range=150, shots=3, magazine=15, action="semi"),
    _gu(".38 revolver", "Guns (Pistol)", "2d-1", "pi", "ranged", base_range=120, shots=3, magazine=6, action="semi"),
    _gu(".45 pistol", "Guns (Pistol)", "2d", "pi+", "ranged", base_range=175, shots=3, magazine=7, action="semi"),
    _gu("rifle", "Guns (Rifle)", "7d", "pi", "ranged", base_range=1000, magazine=5, action="bolt"),
    _gu("shotgun", "Guns (Shotgun)", "1d+1", "pi", "ranged", base_range=50, shots=2, magazine=5, action="pump"),
    _gu("smg", "Guns (SMG)", "2d", "pi+", "ranged", base_range=160, shots=13, magazine=30, auto=True, action="auto"),
)

STARTER_WEAPONS: dict[str, tuple[Weapon, ...]] = {
    "fhtagn": FHTAGN_WEAPONS,
    "coc7": COC_WEAPONS,
    "gurps": GURPS_WEAPONS,
}

#: The weapon an attack uses when none is named.
UNARMED: dict[str, str] = {"fhtagn": "unarmed", "coc7": "unarmed", "gurps": "punch"}


class Armory(msgspec.Struct, frozen=True):
    """What outlasts an encounter: campaign weapons, worn armour, pending injuries."""

    weapons: dict[str, Weapon] = {}  # campaign weapons by lower-case name
    armor: dict[str, int] = {}  # character id → armour points (FH-COMBAT-24, COC-COMBAT-08, GURPS DR)
    armor_names: dict[str, str] = {}  # character id → what is worn
    injuries: dict[str, int] = {}  # FHTAGN: character id → permanent-injury points awaiting a stat (FH-DMG-04)


def weapons_for(system: str, armory: Armory, own: tuple[Weapon, ...] = ()) -> dict[str, Weapon]:
    """Every weapon usable in a campaign of ``system``, by lower-case name.

    ``own``: a character's own attacks (a claw, a bite, a cultist's knife), which win
    over a campaign or starter weapon of the same name.
    """
    out = {w.key: w for w in STARTER_WEAPONS.get(system, ())}
    out.update({k: w for k, w in armory.weapons.items() if w.system == system})
    out.update({w.key: w for w in own})
    return out


def find_weapon(system: str, armory: Armory, name: str, own: tuple[Weapon, ...] = ()) -> Weapon | None:
    """A weapon by name, or a unique start of any word, or a unique piece of one (:mod:`.names`);
    the character's own attacks first."""
    key = name.strip().casefold()
    for w in own:
        if w.key == key:
            return w
    mine = matches(name, [w.name for w in own]) if key else []
    if len(mine) == 1:
        return next(w for w in own if w.name == mine[0])
    table = weapons_for(system, armory, own)
    if key in table:
        return table[key]
    hits = matches(name, [w.name for w in table.values()])
    if len(hits) != 1:
        return None
    return next(w for w in table.values() if w.name == hits[0])


def default_weapon(system: str, own: tuple[Weapon, ...], close: bool | None = None) -> str:
    """The weapon an attack uses when none is named: the character's first own attack
    (of the wanted reach: ``close`` True for close combat, False for ranged), else unarmed."""
    for w in own:
        if close is None or w.close_combat == close:
            return w.name
    return UNARMED.get(system, "unarmed")


def damage_text(w: Weapon) -> str:
    """A weapon's damage as a stat block prints it: ``1d6+DB``, ``sw+1 cut``, ``lethality 10%``."""
    if w.lethality:
        return f"lethality {w.lethality}%"
    db = {"full": "+DB", "half": "+½DB"}.get(w.db, "") if w.system == "coc7" else ""
    return w.damage + db + (f" {w.damage_type}" if w.damage_type else "")


def attack_text(w: Weapon, skill: int | None = None) -> str:
    """One of a character's own attacks in a line: ``Claw (Fighting (Claw) 40%) 1d6+DB ×2``."""
    value = "" if skill is None else (f" {skill}" if w.system == "gurps" else f" {skill}%")
    apr = f" ×{w.per_round}" if w.per_round > 1 else ""
    rng = f" range {w.base_range}" if w.base_range else ""
    return f"{w.name} ({w.skill}{value}) {damage_text(w)}{apr}{rng}"


def attacks_per_round(own: tuple[Weapon, ...]) -> int:
    """How many attacks a character makes in a round: the most any of its own attacks gives."""
    return max((w.per_round for w in own), default=1)


def split_damage(system: str, text: str) -> tuple[str, str, str]:
    """A damage as a stat block prints it → (dice, CoC db, GURPS damage type).

    ``1D6+DB`` → (``1d6``, ``full``, ``""``); ``1d4+½DB`` → half; GURPS ``sw+1 cut`` →
    (``sw+1``, ``none``, ``cut``).  FHTAGN adds the STR bonus to close combat by itself
    (FH-PARTY-06), so a ``+DB`` there is dropped.
    """
    t = " ".join(text.replace("\u2013", "-").replace("\u2212", "-").split()).strip()
    low = t.casefold().replace(" ", "")
    db = "none"
    for mark, kind in (("+½db", "half"), ("+1/2db", "half"), ("+halfdb", "half"), ("+db", "full")):
        if mark in low:
            low = low.replace(mark, "")
            db = kind
            break
    dtype = ""
    if system == "gurps":
        for candidate in sorted(GURPS_DAMAGE_TYPES, key=len, reverse=True):
            if low.endswith(candidate) and len(low) > len(candidate):
                head = low[: -len(candidate)]
                if head[-1].isdigit() or head.endswith(("d", ")", "thr", "sw")):
                    dtype, low = candidate, head
                    break
    return low, db, dtype


# --- GURPS basic damage by ST (Basic Set table, [STD]) ------------------------

#: (ST, thrust, swing) for ST 1…30.
GURPS_ST_DAMAGE: tuple[tuple[int, str, str], ...] = (
    (1, "1d-6", "1d-5"), (2, "1d-6", "1d-5"), (3, "1d-5", "1d-4"), (4, "1d-5", "1d-4"),
    (5, "1d-4", "1d-3"), (6, "1d-4", "1d-3"), (7, "1d-3", "1d-2"), (8, "1d-3", "1d-2"),
    (9, "1d-2", "1d-1"), (10, "1d-2", "1d"), (11, "1d-1", "1d+1"), (12, "1d-1", "1d+2"),
    (13, "1d", "2d-1"), (14, "1d", "2d"), (15, "1d+1", "2d+1"), (16, "1d+1", "2d+2"),
    (17, "1d+2", "3d-1"), (18, "1d+2", "3d"), (19, "2d-1", "3d+1"), (20, "2d-1", "3d+2"),
    (21, "2d", "4d-1"), (22, "2d", "4d"), (23, "2d+1", "4d+1"), (24, "2d+1", "4d+2"),
    (25, "2d+2", "5d-1"), (26, "2d+2", "5d"), (27, "3d-1", "5d+1"), (28, "3d-1", "5d+1"),
    (29, "3d", "5d+2"), (30, "3d", "5d+2"),
)


def gurps_st_damage(st: int) -> tuple[str, str]:
    """(thrust, swing) basic damage for a ST score (clamped to 1…30)."""
    st = max(1, min(30, st))
    _, thr, sw = GURPS_ST_DAMAGE[st - 1]
    return thr, sw


def resolve_gurps_damage(damage: str, st: int) -> str:
    """Turn ``thr-1`` / ``sw+2`` into a dice expression for a wielder's ST."""
    text = damage.strip().lower().replace(" ", "")
    for word, index in (("thr", 0), ("sw", 1)):
        if text.startswith(word):
            base = gurps_st_damage(st)[index]
            extra = text[len(word):]
            if not extra:
                return base
            return _add_flat(base, int(extra))
    return text


def _add_flat(expr: str, plus: int) -> str:
    """``1d-2`` + 1 → ``1d-1``."""
    dice, _, tail = expr.partition("d")
    flat = int(tail) if tail else 0
    total = flat + plus
    return f"{dice}d" + (f"{total:+d}" if total else "")


#: GURPS wounding multipliers (injury = penetrating damage × multiplier, [STD]).
GURPS_WOUNDING: dict[str, tuple[int, int]] = {
    "cr": (1, 1), "cut": (3, 2), "imp": (2, 1), "pi-": (1, 2), "pi": (1, 1),
    "pi+": (3, 2), "pi++": (2, 1), "burn": (1, 1), "tox": (1, 1), "cor": (1, 1),
}
