"""``privacy``: what a player may see of the other investigators (issue 34)."""

from __future__ import annotations

from fhtagn_tui.domain import privacy as rules
from fhtagn_tui.domain.features.privacy import SetPrivacy
from fhtagn_tui.domain.state import State

from .language import Args, Query, command


def privacy_text(state: State) -> str:
    """The setting in force, and how to change it."""
    return (f"{rules.explain(state.privacy)}\n"
            f"  privacy own | full | gm-picks FIELD[,FIELD…]   (fields: {', '.join(rules.FIELDS)})")


@command(
    "privacy",
    "privacy [own|full|gm-picks FIELD[,FIELD…]]",
    "what a player sees of the other investigators (own by default); no argument: the setting in force",
    details="own: each player sees their own sheet whole; of the other investigators only the name, the\n"
    "visible conditions and the wounds in words, and the events about them without numbers.\n"
    "full: every investigator's numbers.  gm-picks: the listed parts of the others' sheets are private:\n"
    + "\n".join(f"  {name}: {what}" for name, what in rules.FIELDS.items())
    + "\nNPCs are not concerned (char new … --hidden hides one).  A change applies to the whole log players read.",
    examples=("privacy", "privacy full", "privacy gm-picks san,bp,bonds,disorders"),
)
def _privacy(args: Args) -> SetPrivacy | Query:
    if not args.positional:
        return Query(run=privacy_text)
    try:
        wanted = rules.parse(args.positional)
    except rules.PrivacyError as exc:
        raise args.fail(str(exc)) from None
    return SetPrivacy(mode=wanted.mode, fields=wanted.fields)
