"""Issue 35 found by a stranger: a block whose name starts like a label — "Dr. Helen Marsh" (GURPS's
DR), "HP Lovecraft Jr.", "Move-Along Mike" — lost its name: the import made a character called
"Imported" and put the real name in the GM notes, and two such blocks were refused as "Imported is
twice".  A short label is a label only when a value follows it (``DR 2``, ``Move: 8``)."""

from __future__ import annotations

from fhtagn_tui.importers.statblock import parse

STATS = "STR 45 CON 50 SIZ 60 DEX 55 INT 85 APP 50 POW 70 EDU 90\nHP 11 DB 0 Build 0 Move 5 MP 14\n"


def test_names_that_start_like_a_label_are_names() -> None:
    text = "\n".join(f"{name}\n{STATS}" for name in ("Dr. Helen Marsh, coroner", "HP Lovecraft Jr.", "Move-Along Mike",
                                                     "Dodgy Pete", "Dr Wen"))
    blocks = parse(text, "coc7")
    assert [b.entry.name for b in blocks] == ["Dr. Helen Marsh", "HP Lovecraft Jr.", "Move-Along Mike", "Dodgy Pete",
                                              "Dr Wen"]
    assert blocks[0].entry.notes.splitlines()[0] == "coroner"
    assert all(b.remarks == [] and b.unknown == [] for b in blocks)


def test_a_doctor_over_two_lines_with_her_age() -> None:
    text = ("Dr. Ambrose Kettleby, age 58, disgraced\nsurgeon of Miskatonic\n" + STATS
            + "Scalpel 40% (20/8), damage 1D4\n")
    (block,) = parse(text, "coc7")
    assert block.entry.name == "Dr. Ambrose Kettleby"
    assert block.entry.stats["Age"] == 58 and block.entry.stats["INT"] == 85
    assert block.entry.notes.splitlines()[0] == "age 58, disgraced surgeon of Miskatonic"
    assert [a.name for a in block.entry.attacks] == ["Scalpel"]


def test_the_short_labels_with_a_value_still_end_a_name() -> None:
    text = "Glass Spider\nST 9 DX 12 IQ 14 HT 10; HP 9 Will 15 Per 13 FP 10; Basic Speed 5.50; Move 6\nDR 2\nDodge 8\n"
    (block,) = parse(text, "gurps")
    assert block.entry.name == "Glass Spider" and block.entry.armor == 2


def test_several_blocks_without_a_name_are_told_apart_by_their_line() -> None:
    """Two nameless blocks were both "Imported", and the import was refused as "Imported is twice"."""
    blocks = parse(STATS + "\n" + STATS, "coc7")
    assert [b.entry.name for b in blocks] == ["Imported (line 1)", "Imported (line 4)"]
    (one,) = parse(STATS, "coc7")
    assert one.entry.name == "Imported"
