"""Events: the facts of a session log, as a msgspec tagged union.

Every event type subclasses :class:`Event` (``tag=True``: the JSON field
``type`` carries the class name).  Each event carries its position in the log
(``seq``), the wall clock (``ts``), the session number, the action group (the
command that produced it), the catalogue rule IDs it applied and every die
drawn for it.  ``v`` is the schema version the event was written with; old
shapes are lifted by upcasters (see :mod:`fhtagn_tui.domain.codec`).

Event types register themselves on definition (``__init_subclass__``), so a
feature module only has to define its events; the union is built from the
registry when the codec is first used.
"""

from typing import Annotated, Any, ClassVar

import msgspec

from fhtagn_tui.rules.dice import Roll

#: Bump when any event's shape changes, and add an upcaster for the old shape.
SCHEMA_VERSION = 2

EVENT_TYPES: "dict[str, type[Event]]" = {}
#: ``v`` as a record is read: a record of another schema version does not decode as its type (the
#: codec then reads it on its own: upcast from an older schema, refused from a newer one), so a
#: piece of records all decoded at once holds only current events — no pass over their versions.
Version = Annotated[int, msgspec.Meta(ge=SCHEMA_VERSION, le=SCHEMA_VERSION)]


class Event(msgspec.Struct, tag=True, tag_field="type", kw_only=True, frozen=True, gc=False):
    v: Version = SCHEMA_VERSION
    seq: int = 0
    ts: float = 0.0
    session: int = 0
    group: int = 0
    rules: tuple[str, ...] = ()
    dice: tuple[Roll, ...] = ()
    secret: bool = False

    #: Short human label of the kind of event (for the Log tab and exports).
    kind_label: ClassVar[str] = ""
    #: What the event happens in without naming it in a field: ``"fight"`` for a fight's own events,
    #: ``"chase"`` for a chase's (its ``chase`` number).  With the strings its own fields hold (ids of
    #: characters, participants, weapons…) these are its references (``domain.public.refs``): what
    #: the public projection decides a player's reading from.
    within: ClassVar[str] = ""
    #: Fields listing things (ids) of which players read only those they may: a secret one is left
    #: out of the players' copy of the event, not the whole event (``ask all``: the request to the
    #: characters players know).
    parts: ClassVar[tuple[str, ...]] = ()
    #: Fields naming campaign-wide things it only reads (the template a character is made from, the
    #: tome read, the spell cast, the madness table rolled on): one a secret changed keeps it from
    #: players, but kept from them it does not touch them (a secret casting leaves the spell as it was).
    #: A dotted path reads into a field (``tome.spells``: the spells a tome defined in secret lists).
    reads: ClassVar[tuple[str, ...]] = ()
    #: A part of the characters it names that it reads or changes beyond what its fields say
    #: (``"dev"``: a character's experience checks, marks and last failed roll): besides the
    #: characters, it refers to that part of each (``ada\0dev``), so a secret change of that part
    #: keeps it from players.
    aspect: ClassVar[str] = ""
    #: It changes nothing of its characters but that part: kept from players, it touches only the
    #: part (a secret roll's experience check hides later development, not the investigator's
    #: public rolls).
    aspect_only: ClassVar[bool] = False
    #: The part of its ``character`` that a counted event (a roll: it changes no state) may still
    #: leave something in when it is a test (it has a ``target``): ``"dev"``, a skill test's
    #: experience check or mark.  Kept from players, such a test touches that part (``ada\0dev``),
    #: whatever its outcome, so what later rests on it is kept too.
    leaves: ClassVar[str] = ""
    #: Fields of free text (typed by the GM, or a table's words): they refer to nothing, whatever
    #: they say — a secret damage's ``source=goon`` does not make the Goon template secret.
    #: (Named so that no event's own field can take its name: a field ``words`` — a failed push's
    #: consequence — hid it, and the players' view of any campaign with a secret crashed on it.)
    free_text: ClassVar[frozenset[str]] = frozenset(
        {"source", "reason", "note", "title", "text", "label", "item", "trigger", "effect", "detail", "words"})

    #: The field listing the characters (ids) it is addressed to, when it is for their players' eyes only
    #: (a whisper, a handout: ``"to"``).  The public projection tells it to a viewer bound to one of them
    #: and to nobody else: for any other viewer (another player, a watcher, the players' recap) it is as
    #: if it had never happened — not told, not folded, not numbered, touching nothing, its undo and
    #: redo with it.  Kept secret, it touches nothing either (it changes only what its readers read).
    addressed: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name = cls.__name__
        if name in EVENT_TYPES and EVENT_TYPES[name] is not cls:
            raise RuntimeError(f"event type {name} defined twice")
        EVENT_TYPES[name] = cls

    @property
    def type_name(self) -> str:
        return type(self).__name__

    def describe(self, names: dict[str, str]) -> str:
        """Plain words for the log; ``names`` maps character ids to display names."""
        return type(self).__name__
