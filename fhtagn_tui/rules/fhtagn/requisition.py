"""FHTAGN equipment requisitions (catalogue FH-REQ).

An agent gets gear either by calling in a favour from a contact (a bond) or by
spending their own money.  What it costs depends on the expense category of
the item.  The tables below are the data the GM screen shows; the functions
read them.  Nothing here knows about characters or events: the domain passes
in scores and bonds as plain values.
"""

from collections.abc import Sequence

import msgspec

from fhtagn_tui.rules.dice import Dice, roll_expr
from fhtagn_tui.rules.fhtagn.dice import percentile_test, stat_x5
from fhtagn_tui.rules.registry import rule

CURRENCY = "€"

FAVOUR = "favour"
OWN = "own"
METHODS = (FAVOUR, OWN)

# --- expense categories (FH-REQ-01) ---------------------------------------------


class Category(msgspec.Struct, frozen=True):
    key: str  # "standard"
    name: str  # "Standard"
    rank: int  # 1 (Incidental) … 5 (Extreme)
    above: int  # the price must be more than this (euros)
    up_to: int | None  # … and at most this; None: no ceiling
    examples: tuple[str, ...]
    approval: bool = False  # the GM must approve before any roll

    @property
    def range_text(self) -> str:
        if self.up_to is None:
            return f"over {money(self.above)}"
        if self.above <= 0:
            return f"up to {money(self.up_to)}"
        return f"{self.above + 1:,}–{money(self.up_to)}"

    def fits(self, price: int) -> bool:
        return price > self.above and (self.up_to is None or price <= self.up_to)


CATEGORIES: tuple[Category, ...] = (
    Category(
        "incidental", "Incidental", 1, -1, 150,
        ("food", "cab", "rental car", "ammunition", "shovels and tarpaulins", "disposable phone"),
    ),
    Category(
        "standard", "Standard", 2, 150, 800,
        ("pistol or rifle", "plane ticket", "rental car for several days", "a week at a modest hotel"),
    ),
    Category(
        "unusual", "Unusual", 3, 800, 5_000,
        ("used car", "powerful computer", "long-haul flight", "a week at a fancy hotel",
         "fake passport to a developing country"),
    ),
    Category(
        "major", "Major", 4, 5_000, 30_000,
        ("a week in a private villa", "access to an exclusive charity event"),
    ),
    Category("extreme", "Extreme", 5, 30_000, None, ("at the GM's discretion",), approval=True),
)

CATEGORY_BY_KEY: dict[str, Category] = {c.key: c for c in CATEGORIES}


def money(amount: int) -> str:
    return f"{amount:,} {CURRENCY}"


def find_category(word: str) -> Category | None:
    """A category by name, unique prefix (``std`` is not one; ``s``, ``stan`` are) or rank 1–5."""
    key = word.strip().casefold()
    if not key:
        return None
    if key.isdigit():
        rank = int(key)
        return next((c for c in CATEGORIES if c.rank == rank), None)
    if key in CATEGORY_BY_KEY:
        return CATEGORY_BY_KEY[key]
    hits = [c for c in CATEGORIES if c.key.startswith(key)]
    return hits[0] if len(hits) == 1 else None


@rule("FH-REQ-01", summary="An item's price in euros puts it in one of five expense categories, Incidental to Extreme.")
def classify(price: int) -> Category:
    if price < 0:
        raise ValueError(f"a price cannot be negative ({price})")
    for cat in CATEGORIES:
        if cat.fits(price):
            return cat
    raise AssertionError("the categories cover every price")  # pragma: no cover


# --- a catalogue of common items ------------------------------------------------------


class Item(msgspec.Struct, frozen=True):
    name: str
    category: str  # a Category key: the suggested category
    aliases: tuple[str, ...] = ()
    seed: bool = True  # named in the seed's examples (False: added as an obvious case)


ITEMS: tuple[Item, ...] = (
    # Incidental (seed)
    Item("food", "incidental", ("meal", "groceries", "rations")),
    Item("cab", "incidental", ("taxi", "cab ride", "taxi ride")),
    Item("rental car", "incidental", ("car rental", "rental car for a day")),
    Item("ammunition", "incidental", ("ammo", "bullets", "rounds", "box of ammunition")),
    Item("shovel", "incidental", ("shovels", "spade")),
    Item("tarpaulin", "incidental", ("tarpaulins", "tarp", "tarps")),
    Item("disposable phone", "incidental", ("disposable cell phone", "burner", "burner phone", "prepaid phone")),
    # Incidental (obvious)
    Item("flashlight", "incidental", ("torch",), seed=False),
    Item("crowbar", "incidental", ("pry bar",), seed=False),
    Item("first aid kit", "incidental", ("medkit", "first-aid kit"), seed=False),
    Item("rope", "incidental", (), seed=False),
    # Standard (seed)
    Item("pistol", "standard", ("handgun", "revolver")),
    Item("rifle", "standard", ("hunting rifle",)),
    Item("plane ticket", "standard", ("flight", "air ticket", "domestic flight")),
    Item("rental car for several days", "standard", ("rental car for a week", "car rental for several days")),
    Item("a week at a modest hotel", "standard", ("modest hotel", "week at a modest hotel", "cheap hotel")),
    # Standard (obvious)
    Item("shotgun", "standard", (), seed=False),
    Item("bulletproof vest", "standard", ("body armor", "body armour", "kevlar vest"), seed=False),
    Item("camera", "standard", ("digital camera",), seed=False),
    Item("binoculars", "standard", (), seed=False),
    # Unusual (seed)
    Item("used car", "unusual", ("second-hand car",)),
    Item("powerful computer", "unusual", ("workstation", "gaming computer")),
    Item("long-haul flight", "unusual", ("long haul flight", "intercontinental flight")),
    Item("a week at a fancy hotel", "unusual", ("fancy hotel", "week at a fancy hotel", "luxury hotel")),
    Item("fake passport", "unusual", ("forged passport", "fake passport to a developing country")),
    # Unusual (obvious)
    Item("night-vision goggles", "unusual", ("night vision goggles", "nvg"), seed=False),
    Item("assault rifle", "unusual", (), seed=False),
    # Major (seed)
    Item("a week in a private villa", "major", ("private villa", "villa", "week in a private villa")),
    Item("charity event access", "major", ("exclusive charity event", "access to an exclusive charity event")),
    # Major (obvious)
    Item("new car", "major", (), seed=False),
    Item("private plane charter", "major", ("charter flight", "private jet"), seed=False),
    Item("motorboat", "major", ("boat",), seed=False),
)


def _norm(text: str) -> str:
    return " ".join(text.casefold().replace("’", "'").split())


def _keys(item: Item) -> tuple[str, ...]:
    return tuple(_norm(n) for n in (item.name, *item.aliases))


def suggest(text: str) -> Item | None:
    """The catalogue item a GM's words name (exact name or alias; a plural 's' is forgiven)."""
    key = _norm(text)
    if not key:
        return None
    for item in ITEMS:
        keys = _keys(item)
        if key in keys or key.removesuffix("s") in keys or key + "s" in keys:
            return item
    return None


def item_names() -> list[str]:
    return [n for item in ITEMS for n in (item.name, *item.aliases)]


def search_items(word: str = "") -> list[Item]:
    """Catalogue items whose name, alias or category contains ``word``."""
    key = _norm(word)
    if not key:
        return list(ITEMS)
    return [i for i in ITEMS if key in i.category or any(key in k for k in _keys(i))]


# --- outcome tables (FH-REQ-03 … FH-REQ-12) --------------------------------------------
#
# A loss is a dice expression ("0", "1", "1d4", "1d6") taken off a bond score.


class FavourOutcome(msgspec.Struct, frozen=True):
    acquired: bool
    contact_loss: str = "0"


class FavourRow(msgspec.Struct, frozen=True):
    category: str
    rule: str
    modifier: int = 0  # on the CHA×5 test
    success: FavourOutcome | None = None  # None: no test is rolled
    failure: FavourOutcome | None = None
    untested: FavourOutcome | None = None


FAVOUR_TABLE: tuple[FavourRow, ...] = (
    FavourRow("incidental", "FH-REQ-03", untested=FavourOutcome(True)),
    FavourRow("standard", "FH-REQ-04", success=FavourOutcome(True), failure=FavourOutcome(False, "1")),
    FavourRow("unusual", "FH-REQ-05", success=FavourOutcome(True, "1"), failure=FavourOutcome(False, "1")),
    FavourRow("major", "FH-REQ-06", success=FavourOutcome(True, "1"), failure=FavourOutcome(False, "1d4")),
    FavourRow(
        "extreme", "FH-REQ-07", modifier=-20,
        success=FavourOutcome(True, "1d4"), failure=FavourOutcome(False, "1d6"),
    ),
)


class OwnOutcome(msgspec.Struct, frozen=True):
    acquired: bool = True
    every_loss: str = "0"  # off every bond, one roll for all
    chosen_loss: str | None = None  # off the bond the player picks, instead of every_loss


class OwnRow(msgspec.Struct, frozen=True):
    category: str
    rule: str
    test: str  # "none" | "required" | "optional" (the GM allows an avoidance test)
    success: OwnOutcome | None = None
    failure: OwnOutcome | None = None
    untested: OwnOutcome | None = None
    debt: str = ""  # "", "debt", "heavy debt"

    @property
    def chooses_bond(self) -> bool:
        """Whether some outcome of this row hurts one bond the player picks."""
        return any(o is not None and o.chosen_loss is not None for o in (self.success, self.failure, self.untested))


OWN_TABLE: tuple[OwnRow, ...] = (
    OwnRow("incidental", "FH-REQ-08", "none", untested=OwnOutcome()),
    OwnRow("standard", "FH-REQ-09", "required", success=OwnOutcome(), failure=OwnOutcome(chosen_loss="1")),
    OwnRow(
        "unusual", "FH-REQ-10", "optional",
        success=OwnOutcome(), failure=OwnOutcome(chosen_loss="1"), untested=OwnOutcome(chosen_loss="1"),
    ),
    OwnRow(
        "major", "FH-REQ-11", "required", debt="debt",
        success=OwnOutcome(every_loss="1"), failure=OwnOutcome(every_loss="1", chosen_loss="1d4"),
    ),
    OwnRow("extreme", "FH-REQ-12", "none", debt="heavy debt", untested=OwnOutcome(every_loss="1d4")),
)

FAVOUR_ROWS: dict[str, FavourRow] = {r.category: r for r in FAVOUR_TABLE}
OWN_ROWS: dict[str, OwnRow] = {r.category: r for r in OWN_TABLE}


def _pick(row: FavourRow | OwnRow, success: bool | None) -> FavourOutcome | OwnOutcome:
    outcome = row.untested if success is None else row.success if success else row.failure
    if outcome is None:
        state = "untested" if success is None else "tested"
        raise ValueError(f"a {row.category} requisition cannot be {state} this way")
    return outcome


@rule(
    "FH-REQ-03", "FH-REQ-04", "FH-REQ-05", "FH-REQ-06", "FH-REQ-07",
    summary="A favour costs the contact's bond by category: nothing, 1, 1d4 or 1d6; failure means refusal.",
)
def favour_outcome(category: str, success: bool | None) -> FavourOutcome:
    """The favour table row for ``category``; ``success`` None when no test is rolled."""
    outcome = _pick(FAVOUR_ROWS[category], success)
    assert isinstance(outcome, FavourOutcome)
    return outcome


@rule(
    "FH-REQ-08", "FH-REQ-09", "FH-REQ-10", "FH-REQ-11", "FH-REQ-12",
    summary="Own money always buys the item; by category it costs one chosen bond or every bond 1 or 1d4.",
)
def own_outcome(category: str, success: bool | None) -> OwnOutcome:
    """The own-money table row for ``category``; ``success`` None when no test is rolled."""
    outcome = _pick(OWN_ROWS[category], success)
    assert isinstance(outcome, OwnOutcome)
    return outcome


# --- tests and bond damage (FH-REQ-02, FH-REQ-13) --------------------------------------------


class ReqTest(msgspec.Struct, frozen=True):
    label: str  # "CHA×5", "INT×5", "Accounting"
    base: int
    modifiers: tuple[int, ...] = ()


@rule(
    "FH-REQ-02",
    summary="Favours test CHA×5 (−20 for Extreme); own money tests the better of INT×5 and Accounting, +20 if the profession helps.",
)
def requisition_test(
    method: str, category: str, *, cha: int, intelligence: int, accounting: int = 0, profession: bool = False
) -> ReqTest:
    if method == FAVOUR:
        mod = FAVOUR_ROWS[category].modifier
        return ReqTest("CHA×5", stat_x5(cha), (mod,) if mod else ())
    by_int = stat_x5(intelligence)
    label, base = ("Accounting", accounting) if accounting > by_int else ("INT×5", by_int)
    return ReqTest(label, base, (20,) if profession else ())


@rule("FH-REQ-13", summary="Requisitions never take a bond below 0; a bond at 0 is broken.")
def reduce_bond(score: int, loss: int) -> int:
    return max(0, score - loss)


# --- resolution ------------------------------------------------------------------------------


class BondLoss(msgspec.Struct, frozen=True):
    bond: str
    old: int
    new: int
    loss: int  # as rolled; new = max(0, old − loss)

    @property
    def broken(self) -> bool:
        return self.new <= 0


class Resolution(msgspec.Struct, frozen=True):
    acquired: bool
    test: str = ""  # the test's label; "" when none was rolled
    target: int | None = None
    roll: int | None = None
    success: bool | None = None
    losses: tuple[BondLoss, ...] = ()
    debt: str = ""
    rules: tuple[str, ...] = ()


def _loss(dice: Dice, expr: str, purpose: str) -> int:
    return roll_expr(dice, purpose, expr) if "d" in expr else int(expr)


def _roll_test(dice: Dice, test: ReqTest) -> tuple[int, int, bool, tuple[str, ...]]:
    t = percentile_test(dice, f"requisition {test.label}", test.base, test.modifiers)
    rules = ("FH-REQ-02", "FH-DICE-01") + (("FH-DICE-04",) if test.label.endswith("×5") else ())
    rules += ("FH-DICE-05",) if test.modifiers else ()
    return t.target, t.roll, t.success, rules  # a critical is a success, a fumble a failure


def resolve_favour(
    dice: Dice, category: str, *, cha: int, intelligence: int, contact: tuple[str, int] | None
) -> Resolution:
    """Call in a favour: test CHA×5 (unless Incidental), then the contact's bond pays."""
    row = FAVOUR_ROWS[category]
    rules: tuple[str, ...] = ("FH-REQ-01",)
    target = roll = success = None
    label = ""
    if row.untested is None:
        test = requisition_test(FAVOUR, category, cha=cha, intelligence=intelligence)
        target, roll, success, more = _roll_test(dice, test)
        label, rules = test.label, rules + more
    outcome = favour_outcome(category, success)
    rules += (row.rule,)
    losses: tuple[BondLoss, ...] = ()
    if outcome.contact_loss != "0":
        if contact is None:
            raise ValueError("a favour of this size needs the contact's bond")
        name, score = contact
        loss = _loss(dice, outcome.contact_loss, f"bond loss: {name}")
        losses = (BondLoss(name, score, reduce_bond(score, loss), loss),)
        rules += ("FH-REQ-13",)
    return Resolution(outcome.acquired, label, target, roll, success, losses, "", rules)


def resolve_own(
    dice: Dice,
    category: str,
    *,
    intelligence: int,
    accounting: int = 0,
    profession: bool = False,
    tested: bool = False,
    bonds: Sequence[tuple[str, int]] = (),
    chosen: str | None = None,
) -> Resolution:
    """Spend the agent's own money: the item is always bought; bonds may pay.

    ``tested`` matters only for Unusual expenses (the GM allows the avoidance
    test); ``chosen`` is the bond the player picks for a single-bond loss.
    A loss die is rolled only when some bond it falls on is above 0.
    """
    row = OWN_ROWS[category]
    rules: tuple[str, ...] = ("FH-REQ-01",)
    target = roll = success = None
    label = ""
    rolls_test = row.test == "required" or (row.test == "optional" and tested)
    if rolls_test:
        test = requisition_test(OWN, category, cha=0, intelligence=intelligence, accounting=accounting,
                                profession=profession)
        target, roll, success, more = _roll_test(dice, test)
        label, rules = test.label, rules + more
    outcome = own_outcome(category, success)
    rules += (row.rule,)
    key = chosen.casefold() if chosen else None
    chosen_bond = next(((n, s) for n, s in bonds if n.casefold() == key), None) if key else None
    if outcome.chosen_loss is not None and chosen_bond is None and any(s > 0 for _, s in bonds):
        raise ValueError("the player must choose the bond that pays")
    others = [(n, s) for n, s in bonds if chosen_bond is None or outcome.chosen_loss is None or n != chosen_bond[0]]
    losses: list[BondLoss] = []
    if outcome.chosen_loss is not None and chosen_bond is not None and outcome.chosen_loss != "0":
        name, score = chosen_bond
        loss = _loss(dice, outcome.chosen_loss, f"bond loss: {name}") if score > 0 else 0
        losses.append(BondLoss(name, score, reduce_bond(score, loss), loss))
    if outcome.every_loss != "0" and others:
        if any(s > 0 for _, s in others):
            what = "every bond" if outcome.chosen_loss is None else "every other bond"
            loss = _loss(dice, outcome.every_loss, f"bond loss: {what}")
        else:
            loss = 0
        losses.extend(BondLoss(n, s, reduce_bond(s, loss), loss) for n, s in others)
    if losses:
        rules += ("FH-REQ-13",)
    return Resolution(outcome.acquired, label, target, roll, success, tuple(losses), row.debt, rules)


class Requisition(msgspec.Struct, frozen=True):
    """One resolved requisition: a line of the req screen's ledger (kept across sessions)."""

    seq: int  # the event that resolved it
    session: int
    agent: str  # character id
    item: str
    category: str  # a Category key
    method: str  # FAVOUR | OWN
    acquired: bool
    price: int | None = None
    contact: str = ""  # the bond asked for a favour
    chosen: str = ""  # the bond the player picked to pay (own money)
    test: str = ""  # "" when no test was rolled
    target: int | None = None
    roll: int | None = None
    success: bool | None = None
    losses: tuple[BondLoss, ...] = ()
    debt: str = ""

    @property
    def bond_cost(self) -> int:
        return sum(b.old - b.new for b in self.losses)


# --- in words (the request form's hint and the GM screen read these) --------------------------


def _favour_words(o: FavourOutcome) -> str:
    got = "acquired" if o.acquired else "refused"
    return got + (f", contact bond −{o.contact_loss}" if o.contact_loss != "0" else "")


def _own_words(o: OwnOutcome) -> str:
    parts = ["acquired" if o.acquired else "not acquired"]
    if o.chosen_loss is not None:
        parts.append(f"one bond (player's choice) −{o.chosen_loss}")
        if o.every_loss != "0":
            parts.append(f"all others −{o.every_loss}")
    elif o.every_loss != "0":
        parts.append(f"all bonds −{o.every_loss}")
    return ", ".join(parts)


def favour_words(row: FavourRow) -> str:
    """How a favour of this category is resolved, in words."""
    if row.untested is not None:
        return f"no test: {_favour_words(row.untested)}"
    mod = f" {row.modifier:+d}%" if row.modifier else ""
    assert row.success is not None and row.failure is not None
    return f"CHA×5{mod}: success {_favour_words(row.success)}; failure {_favour_words(row.failure)}"


def own_words(row: OwnRow) -> str:
    """How spending one's own money in this category is resolved, in words."""
    debt = f"only through {row.debt}; " if row.debt else ""
    if row.test == "none":
        assert row.untested is not None
        return f"{debt}no test: {_own_words(row.untested)}"
    test = "INT×5 or Accounting (+20 if the profession helps)"
    assert row.success is not None and row.failure is not None
    text = f"{debt}{test}: success {_own_words(row.success)}; failure {_own_words(row.failure)}"
    if row.test == "optional" and row.untested is not None:
        text = f"{debt}{_own_words(row.untested)}; the GM may allow {test} to avoid the bond damage"
    return text
