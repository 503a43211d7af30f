"""FHTAGN equipment requisitions: a favour from a contact or the agent's own money.

One command resolves one request: a :class:`RequisitionResolved` event (the
test, the dice, what every bond lost) followed by one :class:`BondChanged` per
bond whose score moved, so the Party screen shows the damage.
"""

from msgspec.structs import replace

from fhtagn_tui.rules.dice import Dice
from fhtagn_tui.rules.fhtagn import requisition as req
from fhtagn_tui.rules.fhtagn.requisition import BondLoss, Category, Requisition
from fhtagn_tui.rules.fhtagn.skills import BASES as FH_BASES

from ..commands import Command
from ..decide import Rejected, decider, evolver
from ..events import Event
from ..lookup import did_you_mean, find_character
from ..state import Bond, Character, State
from .campaign import BondChanged

# --- events -------------------------------------------------------------------


class RequisitionResolved(Event):
    agent: str  # character id
    item: str
    category: str  # a Category key
    method: str  # "favour" | "own"
    acquired: bool
    price: int | None = None
    contact: str = ""  # favour: the contact's bond
    chosen: str = ""  # own money: the bond the player picked to pay
    test: str = ""  # "CHA×5", "INT×5", "Accounting"; "" when no test was rolled
    target: int | None = None
    roll: int | None = None
    success: bool | None = None
    losses: tuple[BondLoss, ...] = ()  # every bond the outcome touched (old, new, loss rolled)
    approved: bool = False  # the GM approved an Extreme expense
    profession: bool = False  # +20 % because the profession helps
    debt: str = ""  # "", "debt", "heavy debt"

    kind_label = "requisition"

    def describe(self, names: dict[str, str]) -> str:
        who = names.get(self.agent, self.agent)
        cat = req.CATEGORY_BY_KEY[self.category].name
        price = f", {req.money(self.price)}" if self.price is not None else ""
        via = f"favour from {self.contact}" if self.method == req.FAVOUR else "own money"
        if self.method == req.FAVOUR and not self.contact:
            via = "favour"
        text = f"{who} requisitions {self.item} ({cat}{price}) by {via}"
        if self.test:
            # the roll against its target (an arrow between them read as the target changed)
            text += f": rolled {self.roll} vs {self.test} {self.target}, {'success' if self.success else 'failure'}"
        text += " — acquired" if self.acquired else " — refused"
        if self.debt:
            text += f" through {self.debt}"
        costs = [
            f"{b.bond} −{b.old - b.new} ({b.old}→{b.new}{', broken' if b.broken else ''})"
            for b in self.losses
            if b.new != b.old
        ]
        return text + ("; " + ", ".join(costs) if costs else "")


# --- commands -----------------------------------------------------------------


class RequestRequisition(Command):
    label = "requisition"
    agent: str
    item: str
    method: str  # favour | own (short forms accepted)
    category: str = ""  # "" : from price=, else the catalogue's suggestion
    price: int | None = None
    contact: str = ""  # favour: the contact's bond (bond= is accepted for it too)
    bond: str = ""  # own money: the bond the player picks to pay
    profession: bool = False
    approved: bool = False
    test: bool | None = None  # Unusual own money: allow the avoidance test (None: no)


# --- deciding -----------------------------------------------------------------

#: What ``via=`` accepts for each way to pay (an option's value: short forms and synonyms are safe
#: here, unlike the bare words the parser reads off the end of the item — see ``commands.requisition``).
_VIA_WORDS = {
    "favour": req.FAVOUR, "favor": req.FAVOUR, "f": req.FAVOUR, "contact": req.FAVOUR,
    "own": req.OWN, "money": req.OWN, "cash": req.OWN, "o": req.OWN, "own money": req.OWN,
}


def _a(cat: Category) -> str:
    """The category with its article: "a Standard", "an Unusual"."""
    return ("an " if cat.name[0] in "AEIOU" else "a ") + cat.name


def method_of(word: str) -> str:
    key = word.strip().casefold()
    if not key:
        raise Rejected("how is it paid? give via=favour (with contact=BOND) or via=own")
    method = _VIA_WORDS.get(key)
    if method is None:
        raise Rejected(f"via={word} is not a way to pay{did_you_mean(key, ['favour', 'own'])} — use via=favour or via=own")
    return method


def category_of(cmd: RequestRequisition) -> Category:
    """The expense category: as given, classified from the price, or suggested by the catalogue."""
    keys = ", ".join(c.key for c in req.CATEGORIES)
    if cmd.price is not None and cmd.price < 0:
        raise Rejected(f"a price cannot be negative ({cmd.price}) — give the cost in euros, e.g. price=450")
    if cmd.category:
        cat = req.find_category(cmd.category)
        if cat is None:
            raise Rejected(
                f"category {cmd.category!r} is not an expense category"
                f"{did_you_mean(cmd.category, [c.key for c in req.CATEGORIES])} (categories: {keys}, or 1–5)"
            )
        if cmd.price is not None and not cat.fits(cmd.price):
            real = req.classify(cmd.price)
            raise Rejected(
                f"a price of {req.money(cmd.price)} is {real.name} ({real.range_text}), not {cat.name} "
                f"({cat.range_text}) — fix the price or drop category="
            )
        return cat
    if cmd.price is not None:
        return req.classify(cmd.price)
    item = req.suggest(cmd.item)
    if item is None:
        raise Rejected(
            f"{cmd.item!r} is not in the catalogue{did_you_mean(cmd.item, req.item_names())} — "
            f"give category=({keys}) or price=EUROS"
        )
    return req.CATEGORY_BY_KEY[item.category]


def _find_bond(char: Character, name: str) -> Bond:
    bond = char.bond(name.strip())
    if bond is None:
        names = [b.name for b in char.bonds]
        have = ", ".join(names) if names else "none"
        raise Rejected(f"{char.name} has no bond {name!r}{did_you_mean(name, names)} (bonds: {have})")
    return bond


def _check_favour(char: Character, cat: Category, cmd: RequestRequisition) -> Bond | None:
    if cmd.contact and cmd.bond and cmd.contact.casefold() != cmd.bond.casefold():
        raise Rejected("a favour costs only the contact's bond: give contact=BOND alone")
    if cmd.profession:
        raise Rejected("'profession' helps only own-money tests (INT×5/Accounting), not a favour's CHA×5")
    row = req.FAVOUR_ROWS[cat.key]
    if cmd.test is False and row.untested is None:
        raise Rejected(f"{_a(cat)} favour always tests CHA×5 — drop 'notest'")
    if cmd.test is True and row.untested is not None:
        raise Rejected(f"{_a(cat)} favour needs no test — drop 'test'")
    name = cmd.contact or cmd.bond
    if not name:
        if row.untested is not None:
            return None
        have = ", ".join(f"{b.name} {b.score}" for b in char.bonds) or "none"
        raise Rejected(f"{_a(cat)} favour costs the contact's bond: add contact=BOND ({char.name}'s bonds: {have})")
    bond = _find_bond(char, name)
    if bond.broken:
        raise Rejected(f"{char.name}'s bond {bond.name} is broken (0): that contact does no more favours — ask another")
    return bond


def _check_own(char: Character, cat: Category, cmd: RequestRequisition) -> tuple[bool, Bond | None]:
    """Whether the test is rolled, and the bond the player picked."""
    if cmd.contact:
        raise Rejected("own money asks no contact: drop contact= (the bond the player picks to pay is bond=)")
    row = req.OWN_ROWS[cat.key]
    if row.test == "required" and cmd.test is False:
        raise Rejected(f"{_a(cat)} own-money request always tests INT×5/Accounting — drop 'notest'")
    if row.test == "none" and cmd.test:
        raise Rejected(f"{_a(cat)} own-money request has no test — drop 'test'")
    tested = row.test == "required" or (row.test == "optional" and bool(cmd.test))
    if cmd.profession and not tested:
        hint = " (add 'test' to allow the avoidance test)" if row.test == "optional" else ""
        raise Rejected(f"'profession' adds +20 % to a test, and this request rolls none{hint}")
    if not row.chooses_bond:
        if cmd.bond:
            which = "touches no bond" if row.untested and row.untested.every_loss == "0" else "hits every bond"
            raise Rejected(f"{_a(cat)} own-money request {which}: drop bond=")
        return tested, None
    standing = [b for b in char.bonds if not b.broken]
    if not cmd.bond:
        if not standing:
            return tested, None  # no bond left to lose
        have = ", ".join(f"{b.name} {b.score}" for b in standing)
        raise Rejected(
            f"{_a(cat)} own-money request can cost one bond of the player's choice: "
            f"add bond=BOND before rolling ({char.name}'s bonds: {have})"
        )
    bond = _find_bond(char, cmd.bond)
    if bond.broken and standing:
        raise Rejected(
            f"{char.name}'s bond {bond.name} is already broken — pick a bond that can still pay "
            f"({', '.join(b.name for b in standing)})"
        )
    return tested, bond


@decider(RequestRequisition)
def _requisition(state: State, cmd: RequestRequisition, dice: Dice) -> list[Event]:
    if state.system != "fhtagn":
        raise Rejected("requisitions are a FHTAGN rule; this campaign plays " + state.system)
    char = find_character(state, cmd.agent)
    if not char.is_pc:
        raise Rejected(f"{char.name} is an {char.kind}: requisitions are made by agents")
    item = " ".join(cmd.item.split())
    if not item:
        raise Rejected("what is requisitioned? e.g. req ada pistol via=favour contact=Sister")
    method = method_of(cmd.method)
    cat = category_of(cmd)
    if cat.approval and not cmd.approved:
        raise Rejected(f"{_a(cat)} expense ({cat.range_text}) needs the GM's approval before any roll — add 'approved'")
    if cmd.approved and not cat.approval:
        raise Rejected(f"only Extreme expenses need approval; this one is {cat.name} — drop 'approved'")
    stats = char.stats
    contact: Bond | None = None
    chosen: Bond | None = None
    if method == req.FAVOUR:
        contact = _check_favour(char, cat, cmd)
        res = req.resolve_favour(
            dice, cat.key, cha=stats["CHA"], intelligence=stats["INT"],
            contact=(contact.name, contact.score) if contact else None,
        )
    else:
        tested, chosen = _check_own(char, cat, cmd)
        accounting = next((v for k, v in char.skills.items() if k.casefold() == "accounting"), FH_BASES["Accounting"])
        res = req.resolve_own(
            dice, cat.key, intelligence=stats["INT"], accounting=accounting, profession=cmd.profession,
            tested=tested, bonds=[(b.name, b.score) for b in char.bonds],
            chosen=chosen.name if chosen else None,
        )
    resolved = RequisitionResolved(
        agent=char.id,
        item=item,
        category=cat.key,
        method=method,
        acquired=res.acquired,
        price=cmd.price,
        contact=contact.name if contact else "",
        chosen=chosen.name if chosen else "",
        test=res.test,
        target=res.target,
        roll=res.roll,
        success=res.success,
        losses=res.losses,
        approved=cmd.approved,
        profession=cmd.profession,
        debt=res.debt,
        rules=res.rules,
        dice=tuple(dice.take()),
    )
    row_rule = (req.FAVOUR_ROWS if method == req.FAVOUR else req.OWN_ROWS)[cat.key].rule
    changes: list[Event] = [
        BondChanged(
            character=char.id, bond=b.bond, old=b.old, new=b.new,
            reason=f"requisition: {item}", rules=(row_rule, "FH-REQ-13"),
        )
        for b in res.losses
        if b.new != b.old
    ]
    return [resolved, *changes]


# --- evolving -----------------------------------------------------------------


@evolver(RequisitionResolved)
def _ev_requisition(state: State, ev: RequisitionResolved) -> State:
    record = Requisition(
        seq=ev.seq, session=ev.session, agent=ev.agent, item=ev.item, category=ev.category,
        method=ev.method, acquired=ev.acquired, price=ev.price, contact=ev.contact, chosen=ev.chosen,
        test=ev.test, target=ev.target, roll=ev.roll, success=ev.success, losses=ev.losses, debt=ev.debt,
    )
    return replace(state, requisitions=state.requisitions + (record,))
