"""The Party tab's character sheet as text: the body (skills, bonds, hazards) and the mind
(adaptation, disorders, traits, phobias and manias), with what is due next.

Pure functions of the state: no widgets here, so the sheet is easy to test and to reuse.
"""

from __future__ import annotations

from rich.text import Text

from fhtagn_tui.domain import skills as skill_rules
from fhtagn_tui.domain.lookup import command_name
from fhtagn_tui.domain.state import Character, State
from fhtagn_tui.domain.systems import derived
from fhtagn_tui.rules.fhtagn.hazards import OngoingHazard
from fhtagn_tui.rules.fhtagn.party import ADAPTATION_BOXES, ADAPTATION_TRACKS
from fhtagn_tui.rules.gurps import fright as fr
from fhtagn_tui.rules.gurps.fright import Timer
from fhtagn_tui.rules.weapons import attack_text

from ..widgets.status_text import status_text

FIRST_AID_USED = "first-aid-used"  # the FHTAGN healing feature's condition (FH-HEAL-01)
CHECKED, EMPTY = "☒", "☐"


def _label(text: Text, label: str) -> None:
    text.append(f"{label}: ", style="bold")


def head_text(state: State, char: Character) -> Text:
    """Name, kind, characteristics and derived values."""
    text = Text()
    text.append(char.name, style="bold")
    text.append(f"  {char.kind}" + ("  (hidden from players)" if char.hidden else ""), style="dim")
    if char.stats:  # blank for a hidden character in the players' view
        d = derived(state.system, char)
        # Luck is spent and regained (COC-DICE-09, COC-DEV-03): the line shows what the next roll is against
        text.append("\n" + "  ".join(f"{k} {char.current.get(k, v) if k == 'Luck' else v}" for k, v in char.stats.items()))
        text.append("\n" + "  ".join(f"{k} {v}" for k, v in d.items()), style="cyan")
    return text


def bonds_text(char: Character) -> Text:
    """``Sister Claire 14 · Dr. Okafor 0 ✗ BROKEN``."""
    text = Text()
    for i, b in enumerate(char.bonds):
        if i:
            text.append(" · ")
        if b.broken:
            text.append(f"{b.name} {b.score}", style="red strike")
            text.append(" ✗ BROKEN", style="bold red")
        else:
            text.append(f"{b.name} ", style="")
            text.append(str(b.score), style="bold green" if b.score >= 10 else "bold yellow")
    return text


def adaptation_text(char: Character) -> Text:
    """``violence ☒☒☐  helplessness ☒☒☒ adapted``."""
    text = Text()
    for i, track in enumerate(ADAPTATION_TRACKS):
        if i:
            text.append("  ")
        adapted = track in char.mind.adapted
        boxes = ADAPTATION_BOXES if adapted else min(ADAPTATION_BOXES, char.mind.boxes.get(track, 0))
        text.append(f"{track} ")
        text.append(CHECKED * boxes, style="bold magenta")
        text.append(EMPTY * (ADAPTATION_BOXES - boxes), style="grey50")
        if adapted:
            text.append(" adapted", style="bold magenta")
    return text


def _lines(parts: list[tuple[str, Text | str, str]]) -> Text:
    text = Text()
    for i, (label, body, style) in enumerate(parts):
        if i:
            text.append("\n")
        _label(text, label)
        text.append(body if isinstance(body, Text) else Text(body, style=style))
    return text


def body_text(state: State, char: Character) -> Text:
    """Bonds and conditions."""
    parts: list[tuple[str, Text | str, str]] = []
    if char.bonds:
        parts.append(("Bonds", bonds_text(char), ""))
    if char.conditions:
        parts.append(("Conditions", status_text(char, state), "yellow"))  # by urgency, with what is left
    if char.attacks:
        parts.append(("Attacks", "; ".join(attack_text(w, char.skills.get(w.skill)) for w in char.attacks), ""))
    if char.san_loss and state.system != "gurps":
        parts.append(("SAN loss", char.san_loss, ""))
    parts += development_parts(state, char)
    return _lines(parts)


def development_parts(state: State, char: Character) -> list[tuple[str, Text | str, str]]:
    """Experience checks (CoC, COC-DEV-01) or marks (FHTAGN, FH-DEV-03), and a failed roll a push may act on
    or whose push waits for the Keeper's consequence (COC-DICE-06)."""
    parts: list[tuple[str, Text | str, str]] = []
    dev = char.dev
    if dev.checks:
        label = "Marked" if state.system == "fhtagn" else "Checks"
        parts.append((label, ", ".join(dev.checks), "green"))
    if dev.push_asked:
        parts.append(("Push", f"{dev.push_by} asks to push {dev.failed.skill if dev.failed else ''}: "
                              f"{dev.push_asked} (u confirms)", "yellow"))
    elif dev.consequence_due:
        parts.append(("Push", f"{dev.consequence_due} failed: the Keeper's consequence to write", "yellow"))
    elif state.system == "coc7" and dev.failed is not None and not dev.failed.pushed:
        from fhtagn_tui.rules.coc.dice import Level, push_refusal

        if not push_refusal(dev.failed.skill, dev.failed.kind, Level[dev.failed.level.upper()], False):
            parts.append(("Push", f"{dev.failed.skill} ({dev.failed.roll} vs {dev.failed.target}) may be pushed", ""))
    return parts


def skills_text(state: State, char: Character) -> Text:
    """Skills and notes: last, being the longest."""
    parts: list[tuple[str, Text | str, str]] = []
    if char.stats and state.system in skill_rules.LISTS:
        parts.append(("Skills", skill_rules.sheet_line(state.system, char), ""))
    elif char.skills:
        parts.append(("Skills", ", ".join(f"{k} {v}" for k, v in char.skills.items()), ""))
    if char.notes:
        parts.append(("Notes", char.notes, "italic"))
    return _lines(parts)


def _trait(t: fr.Trait) -> str:
    sc = f", SC {t.self_control}" if t.self_control else ""
    return f"{t.name} [{t.kind} {t.points:+d}{sc}]"


def mind_text(state: State, char: Character) -> Text:
    """Adaptation, disorders, GURPS traits, CoC phobias, manias and insanity."""
    mind = char.mind
    text = Text()
    parts: list[Text] = []

    def part(label: str, body: Text | str, style: str = "") -> None:
        t = Text()
        _label(t, label)
        t.append(body if isinstance(body, Text) else Text(body, style=style))
        parts.append(t)

    if state.system == "fhtagn" and "SAN" in char.current:
        part("Adaptation", adaptation_text(char))
        part("Disorders", ", ".join(mind.disorders) if mind.disorders else "none", "bold red" if mind.disorders else "dim")
        for cond in char.conditions:  # temporary insanity, resolved for this agent (FH-SAN-07)
            if not cond.startswith("insane-"):
                continue
            # (an insane agent's sheet only: the Sanity rules are not imported before a first frame)
            from fhtagn_tui.rules.fhtagn import sanity as fh_san

            react = fh_san.reaction(cond.removeprefix("insane-"))
            if react is not None:
                part("Insanity", f"{react.name}: {react.effect_for(char.stats.get('CON', 0))}", "bold red")
    if state.system == "gurps" and (mind.traits or char.is_pc):
        total = sum(t.points for t in mind.traits)
        label = f"Quirks & disadvantages ({total:+d} pts)" if mind.traits else "Quirks & disadvantages"
        part(label, "; ".join(_trait(t) for t in mind.traits) if mind.traits else "none", "" if mind.traits else "dim")
    if state.system == "coc7":
        # (a CoC sheet's only: not imported before another system's first frame)
        from fhtagn_tui.rules.coc import insanity as coc_ins

        phase = [c for c in char.conditions if c in coc_ins.INSANE.values()]
        if phase:
            part("Insanity", ", ".join(phase), "bold red")
        if mind.phobias:
            part("Phobias", ", ".join(mind.phobias), "red")
        if mind.manias:
            part("Manias", ", ".join(mind.manias), "red")
        if mind.cumulative:
            part("SAN lost to", ", ".join(f"{k} {v}" for k, v in mind.cumulative.items()))
        if mind.day_start:
            part("Today", f"lost {mind.day_loss}; indefinite insanity at {max(1, mind.day_start // 5)}")
    for i, t in enumerate(parts):
        if i:
            text.append("\n")
        text.append(t)
    return text


# --- what is due next ---------------------------------------------------------------------------


def _hazard_due(state: State, char: Character, h: OngoingHazard) -> tuple[str, str]:
    who = command_name(state, char)
    tick = f"hazard tick {who} {h.kind}"
    if h.kind == "fire":
        return f"in a {h.intensity or ''} fire: damage (and DEX×5 or catch fire) each turn".replace("a  ", "a "), tick
    if h.kind == "burning":
        return "burning: damage each turn until put out", tick
    if h.kind == "suffocation":
        if h.grace > 0:
            return f"holding breath: {h.grace} turn{'s' if h.grace != 1 else ''} left, then CON×5 each turn", tick
        return "suffocating: CON×5 each turn (1 HP or 1d6)", tick
    if h.kind == "cold":
        if not h.exposed:
            return f"warming up: {h.loss} CON to regain, 1 a minute", f"warm {who} minutes=N"
        if h.elapsed < h.grace:
            return f"cold {h.elapsed} min: CON×5 tests begin after {h.grace} min", f"{tick} (5 min)"
        return f"cold {h.elapsed} min: CON×5 every 5 minutes (CON −{h.loss} so far)", tick
    if h.kind == "disease":
        speed = f" (every {h.speed})" if h.speed else ""
        return f"{h.label}: next interval{speed} CON×5 or {h.damage or 'damage'}; no HP regained", tick
    if h.kind == "poison":
        speed = f" after {h.speed}" if h.speed else ""
        return f"{h.label}: acts{speed}", f"{tick} (or an antidote first)"
    return h.label, ""


def _timer_due(state: State, char: Character, t: Timer) -> tuple[str, str]:
    who = command_name(state, char)
    will = derived(state.system, char).get("Will", 10) if char.stats else 10
    target = fr.recovery_target(t, int(will), char.stats.get("HT", 10))
    span = f"{t.condition} {t.amount} {t.unit}" + (f" (after {t.elapsed})" if t.elapsed else "")
    recover = f"fright recover {who} {t.condition}"
    if target is None:
        return f"{span}, then ends by itself", recover
    return f"{span}, then a {t.recovery} roll ({target}) each {t.unit.rstrip('s') or t.unit}", recover


def _due(state: State, char: Character) -> list[tuple[str, str]]:
    """What waits, each as (what, the GM's command for it or "")."""
    mind = char.mind
    who = command_name(state, char)
    items: list[tuple[str, str]] = []
    for h in char.hazards:
        items.append(_hazard_due(state, char, h))
    for t in mind.timers:
        items.append(_timer_due(state, char, t))
    if state.system == "fhtagn":
        if mind.insomnia_due:
            items.append(("insomnia: a SAN roll at the next sleep, failure regains no WP", f"san sleep {who}"))
        if char.has(FIRST_AID_USED):
            items.append(("first aid used: no more first aid until hurt again", ""))
        if char.has("lost-control"):
            items.append(("lost control: the GM runs them until the crisis ends", ""))
        if char.has("permanently-insane"):
            items.append(("permanently insane (SAN 0): out of the player's hands", ""))
    if state.system == "coc7":
        from fhtagn_tui.rules.coc import insanity as coc_ins

        if char.has(coc_ins.INSANE["temporary"]):
            hours = f" for {mind.insane_hours} h" if mind.insane_hours else ""
            items.append((f"temporarily insane{hours}: a bout on any further loss", f"recover {who} hours=N|rest"))
        if char.has(coc_ins.INSANE["indefinite"]):
            items.append(("indefinitely insane: a month's treatment", f"treat {who} care|institution"))
    return items


def due_lines(state: State, char: Character, commands: bool = True) -> list[str]:
    """Everything on the sheet that waits for a roll, a tick or the GM, in words; ``commands``: each
    with the GM's command for it (the players' view has no command line: without)."""
    return [f"{what} — {cmd}" if cmd and commands else what for what, cmd in _due(state, char)]


def due_text(state: State, char: Character, commands: bool = True) -> Text:
    text = Text()
    lines = due_lines(state, char, commands)
    _label(text, "Due next")
    if not lines:
        text.append("nothing", style="dim")
        return text
    for line in lines:
        text.append("\n• ")
        text.append(line, style="yellow")
    return text


def sheet_text(state: State, char: Character) -> Text:
    """The whole sheet as one text (the head, the body, the mind, what is due)."""
    text = head_text(state, char)
    for part in (body_text(state, char), mind_text(state, char), skills_text(state, char)):
        if part.plain:
            text.append("\n")
            text.append(part)
    if char.stats or due_lines(state, char):
        text.append("\n")
        text.append(due_text(state, char))
    return text
