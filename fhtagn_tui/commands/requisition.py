"""Commands of FHTAGN requisitions: ``req``, ``req list``, ``req items``."""

from __future__ import annotations

from fhtagn_tui.domain.features.requisition import RequestRequisition
from fhtagn_tui.domain.lookup import did_you_mean, find_character
from fhtagn_tui.domain.state import State
from fhtagn_tui.rules.fhtagn import requisition as req
from fhtagn_tui.rules.fhtagn.requisition import Requisition

from .language import Args, ParseError, Query, command

# Bare words recognised at the end of the line, after the item.
_FLAG_WORDS = {
    "profession": "profession", "prof": "profession",
    "approved": "approved", "approve": "approved",
    "test": "test", "notest": "notest", "no-test": "notest",
}
# The way to pay as a bare word after the item: only the full words.  ``via=`` accepts more
# (``f``, ``cash``, ``money``, ``contact`` … : domain.features.requisition), but as bare trailing
# words those would be eaten off the item's name ("req ada petty cash", "req ada f").
_BARE_METHOD_WORDS = {"favour": req.FAVOUR, "favor": req.FAVOUR, "own": req.OWN}
_CATEGORY_WORDS = {c.key: c.key for c in req.CATEGORIES}


def parse_price(raw: str, args: Args) -> int:
    """``450``, ``1,200``, ``1200€``, ``€5000``, ``5k``, ``2.5k`` → euros."""
    text = raw.strip().casefold().replace("€", "").replace("eur", "").replace(",", "").replace("_", "")
    text = text.replace(" ", "")
    try:
        if text.endswith("k"):
            value = float(text[:-1]) * 1000
            if not value.is_integer():
                raise ValueError
            return int(value)
        return int(text)
    except ValueError:
        raise args.fail(f"price={raw} is not an amount of euros (e.g. price=450, price=1,200, price=5k)") from None


def _one(args: Args, keys: tuple[str, ...], bare: str | None, what: str) -> str:
    """The value of an option known by several names, or of a bare trailing word."""
    given = {k: v for k in keys if (v := args.opt(k)) is not None}
    values = {v.casefold() for v in given.values()} | ({bare} if bare else set())
    if len(values) > 1:
        raise args.fail(f"req: two different {what}s given ({', '.join(sorted(values))})")
    return next(iter(given.values()), bare or "")


@command(
    "req",
    "req AGENT ITEM... [category=incidental|standard|unusual|major|extreme] [price=EUROS] "
    "via=favour|own [contact=BOND] [bond=BOND] [profession] [approved] [test|notest] [roll=…]",
    "requisition equipment by a favour (contact's bond) or own money (FHTAGN)",
    details=(
        "The category can be left out when price= is given (it is classified) or the item is in the\n"
        "catalogue ('req items').  The method and category may also be bare words after the item\n"
        "('req ada pistol favour contact=Sister').\n"
        "favour: Incidental needs no test; otherwise CHA×5 (Extreme −20 %), costing the contact's bond.\n"
        "own: INT×5 or Accounting, whichever is better ('profession' +20 %).  Standard, Unusual and\n"
        "Major can cost one bond the player picks — name it with bond= before the roll.  Unusual rolls\n"
        "the avoidance test only with 'test'.  Major goes into debt; Extreme into heavy debt.\n"
        "Extreme needs 'approved' (the GM agrees) before anything is rolled."
    ),
    examples=(
        "req ada pistol via=favour contact=Sister",
        "req ada used car own bond=Partner test profession",
        "req ada villa price=12k via=own bond=Sister",
        "req ada yacht extreme favour contact=Sister approved roll=55,3",
    ),
    dice=True,
    aliases=("requisition",),
)
def _req(args: Args) -> RequestRequisition:
    agent = args.pos(0, "AGENT")
    words = list(args.positional[1:])
    flags: set[str] = {f for f in args.flags if f in _FLAG_WORDS.values()}
    for f in flags:
        args.flag(f)
    method_word: str | None = None
    category_word: str | None = None
    while words:
        last = words[-1].casefold()
        if last in _FLAG_WORDS:
            flags.add(_FLAG_WORDS[last])
        elif last in _BARE_METHOD_WORDS and method_word is None:
            method_word = _BARE_METHOD_WORDS[last]
        elif last in _CATEGORY_WORDS and category_word is None:
            category_word = last
        else:
            break
        words.pop()
    item = " ".join(words)
    if not item:
        raise args.fail("req: what is requisitioned? e.g. req ada pistol via=favour contact=Sister")
    if "test" in flags and "notest" in flags:
        raise args.fail("req: 'test' and 'notest' together — choose one")
    raw_price = args.opt("price") or args.opt("cost")
    return RequestRequisition(
        agent=agent,
        item=item,
        method=_one(args, ("via", "method"), method_word, "method"),
        category=_one(args, ("category", "cat"), category_word, "category"),
        price=parse_price(raw_price, args) if raw_price is not None else None,
        contact=args.opt("contact", "") or "",
        bond=args.opt("bond", "") or "",
        profession="profession" in flags,
        approved="approved" in flags,
        test=True if "test" in flags else False if "notest" in flags else None,
    )


# --- read-only views ---------------------------------------------------------------


def _outcome(r: Requisition) -> str:
    test = f"rolled {r.roll} vs {r.test} {r.target}, {'success' if r.success else 'failure'}" if r.test else "no test"
    got = "acquired" if r.acquired else "refused"
    if r.debt:
        got += f" ({r.debt})"
    costs = ", ".join(f"{b.bond} −{b.old - b.new}" + (" broken" if b.broken else "") for b in r.losses if b.new != b.old)
    return f"{test}; {got}; bonds: {costs or 'no cost'}"


def format_requisition(state: State, r: Requisition) -> str:
    char = state.characters.get(r.agent)
    who = char.name if char else r.agent
    cat = req.CATEGORY_BY_KEY[r.category].name
    price = f" {req.money(r.price)}" if r.price is not None else ""
    via = f"favour of {r.contact}" if r.method == req.FAVOUR and r.contact else r.method
    if r.method == req.OWN:
        via = "own money"
    return f"S{r.session} #{r.seq} {who}: {r.item} [{cat}{price}] by {via} — {_outcome(r)}"


@command(
    "req list",
    "req list [agent=NAME] [category=CATEGORY] [session=N]",
    "list the requisitions with their outcome and bond cost",
    examples=("req list", "req list agent=ada category=major"),
    aliases=("reqs",),
)
def _req_list(args: Args) -> Query:
    args.max_positional(0)
    agent = args.opt("agent")
    cat_word = args.opt("category") or args.opt("cat")
    session = args.int_opt_none("session")
    cat = req.find_category(cat_word) if cat_word else None
    if cat_word and cat is None:
        keys = [c.key for c in req.CATEGORIES]
        raise args.fail(f"req list: {cat_word!r} is not a category{did_you_mean(cat_word, keys)} ({', '.join(keys)})")

    def run(state: State) -> str:
        rows = list(state.requisitions)
        if agent:
            key = find_character(state, agent).id
            rows = [r for r in rows if r.agent == key]
        if cat is not None:
            rows = [r for r in rows if r.category == cat.key]
        if session is not None:
            rows = [r for r in rows if r.session == session]
        if not rows:
            return "no requisitions" + (" match" if agent or cat or session is not None else " yet")
        return "\n".join(format_requisition(state, r) for r in rows)

    return Query(run=run)


@command(
    "req items",
    "req items [WORD]",
    "list the catalogue of common items with their suggested expense category",
    examples=("req items", "req items hotel", "req items major"),
)
def _req_items(args: Args) -> Query:
    word = args.rest(0)
    items = req.search_items(word)
    if not items:
        raise ParseError(f"no catalogue item matches {word!r}{did_you_mean(word, req.item_names())}; 'req items' lists all")
    lines: list[str] = []
    for cat in req.CATEGORIES:
        mine = [i for i in items if i.category == cat.key]
        if not mine:
            continue
        lines.append(f"{cat.name} ({cat.range_text}):")
        for i in mine:
            also = f"  (also: {', '.join(i.aliases)})" if i.aliases else ""
            lines.append(f"  {i.name}{also}")
    text = "\n".join(lines)
    return Query(run=lambda state: text)
