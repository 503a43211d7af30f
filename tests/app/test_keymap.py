"""The keymap loader (app/keymap.py): files from outside, checked where they enter."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.binding import Binding

from fhtagn_tui.app import keymap as km
from fhtagn_tui.cli import main

APP = Path(km.__file__).parent


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


# --- every binding has an id -------------------------------------------------------------------------


def _binding_calls() -> list[tuple[str, int, bool]]:
    found = []
    for path in sorted(APP.rglob("*.py")):
        tree = ast.parse(path.read_bytes())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("Binding", "_b"):
                if isinstance(node.args[0], ast.Constant):  # not _b's own body
                    found.append((str(path.relative_to(APP)), node.lineno, any(k.arg == "id" for k in node.keywords)))
    return found


def test_every_binding_of_the_app_has_an_id():
    calls = _binding_calls()
    assert len(calls) > 120
    assert [(p, line) for p, line, has in calls if not has] == []


def test_every_module_with_bindings_is_known_to_the_keymap():
    modules = {"fhtagn_tui.app." + p.removesuffix(".py").replace("/", ".") for p, _line, _has in _binding_calls()}
    assert modules == set(km.BINDING_MODULES)


def test_the_table_of_bindings_is_the_bindings():
    """keymap_table.py (read at start-up, so that checking a keymap imports no form) is up to date."""
    assert km.known_bindings() == km.scan_bindings(), (
        "a binding changed: python -m fhtagn_tui.app.keymap > fhtagn_tui/app/keymap_table.py")
    assert (APP / "keymap_table.py").read_text() == km.table_source()


def test_known_bindings_carry_ids_defaults_and_screens():
    known = km.scan_bindings()
    by = {(k.screen, k.id): k for k in known}
    assert by[("GmApp", "app.undo")].keys == ("ctrl+z",)
    assert by[("PartyTab", "party.delete")].keys == ("delete", "x")
    assert by[("PartyTab", "party.sanity")].keys == ("s",)  # two actions (SAN / Fright), one key, one id
    assert by[("InitiativeTab", "initiative.act")].keys == ("a",)
    assert {k.screen for k in known if k.id == "form.save"} >= {"CharacterForm", "ActionForm", "SanityDialog"}
    assert not [k for k in known if k.id.startswith("<")]  # no binding of ours without an id
    # no screen gives one key two jobs by default (the keymap's conflict check starts clean)
    assert km._conflicts({}, known) == []


def test_the_keys_that_win_everywhere_are_the_apps_priority_keys():
    from fhtagn_tui.app.gm import GmApp
    from fhtagn_tui.app.review import REVIEW_BINDINGS

    review = {b.id for b in REVIEW_BINDINGS if isinstance(b, Binding)} - {"app.secret"}
    priority = {b.id for b in GmApp.BINDINGS if isinstance(b, Binding) and b.priority}
    # ":" is priority for its order only (the keys read with it are the line's: test_keys_in_one_read);
    # it acts where the app's keys act, on the tabs outside a line (check_action), so it is a tab key
    assert priority - review - {"app.command_line"} == km.EVERYWHERE
    assert "app.command_line" in priority


def test_a_screen_key_may_not_take_a_key_that_wins_everywhere(tmp_path):
    user = km.load([write(tmp_path / "k.toml", '[keys]\n"party.new" = "ctrl+q"\n"app.secret" = "s"\n')])
    assert user.keys == {}
    assert "'party.new' = 'ctrl+q' clashes with app.quit on the same screen" in user.problems[0].message
    assert user.problems[1].message.startswith(  # s is a key of several screens
        "'app.secret' = 's' clashes with chase.shoot, initiative.start, party.sanity on the same screen")


# --- one key ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "key"), [
    ("a", "a"), ("A", "A"), ("?", "question_mark"), ("question_mark", "question_mark"), ("ctrl+s", "ctrl+s"),
    ("Ctrl+S", "ctrl+S"), ("esc", "escape"), ("Escape", "escape"), ("del", "delete"), ("F5", "f5"),
    ("shift+f1", "shift+f1"), ("+", "plus"), ("ctrl++", "ctrl+plus"), (",", "comma"), ("comma", "comma"),
    ("[", "left_square_bracket"), (" space ", "space"), ("é", "é"), ("ctrl+alt+x", "ctrl+alt+x"),
    ("shift+a", "A"), ("Shift+A", "A"), ("ctrl+shift+a", "ctrl+shift+a"),
])
def test_a_key_is_read_as_textual_names_it(text, key):
    assert km.check_key(text) == (key, "")


@pytest.mark.parametrize(("text", "why"), [
    ("", "empty"), ("  ", "empty"), ("foo", "'foo' is no key"), ("ctrl+", "the key is missing"),
    ("ctl+a", "'ctl' in 'ctl+a' is no modifier"), ("ctrl+ctrl+a", "names ctrl twice"), ("\x1b", "is no key"),
    ("f25", "'f25' is no key"), ("x" * 50, "longer than 40"), ("left_square", "is no key"),
])
def test_a_bad_key_is_named_with_why(text, why):
    key, message = km.check_key(text)
    assert key == "" and why in message


def test_several_keys_are_joined_by_commas_and_bounded():
    assert km.check_keys("a, ctrl+a") == ("a,ctrl+a", "")
    assert km.check_keys("a,a") == ("a", "")
    assert "at most 4" in km.check_keys("a,b,c,d,e")[1]
    assert "empty" in km.check_keys("a,")[1]


# --- one file --------------------------------------------------------------------------------------


def test_a_missing_file_is_no_problem(tmp_path):
    assert km.read_file(tmp_path / "keymap.toml") == ([], [])


def test_entries_quoted_or_grouped_with_their_lines(tmp_path):
    path = write(tmp_path / "keymap.toml", '# mine\n[keys]\n"initiative.act" = "A"\n\n[keys.party]\nnew = "N,ctrl+n"\n')
    entries, problems = km.read_file(path)
    assert problems == []
    assert [(e.id, e.keys, e.line) for e in entries] == [("initiative.act", "A", 3), ("party.new", "N,ctrl+n", 6)]


def test_a_toml_syntax_error_names_the_file_and_line(tmp_path):
    path = write(tmp_path / "keymap.toml", '[keys]\n"app.undo" = "ctrl+u"\n"app.redo" = ctrl+r\n')
    entries, problems = km.read_file(path)
    assert entries == []
    text = str(problems[0])
    assert text.startswith(str(path)) and "not valid TOML" in text and "line 3" in text and "default keys" in text


def test_a_value_that_is_no_string_keeps_the_default(tmp_path):
    path = write(tmp_path / "keymap.toml", '[keys]\n"app.undo" = 5\n"app.redo" = ["a"]\n"app.help" = "h"\n')
    entries, problems = km.read_file(path)
    assert [e.id for e in entries] == ["app.help"]
    assert [p.line for p in problems] == [2, 3]
    assert "'app.undo': the keys must be a string" in problems[0].message and "not a number" in problems[0].message
    assert "not a list" in problems[1].message


def test_a_bad_key_names_the_entry_and_line(tmp_path):
    path = write(tmp_path / "keymap.toml", '[keys]\n"app.undo" = "ctrl+zz"\n')
    _entries, problems = km.read_file(path)
    assert str(problems[0]) == (f"{path}, line 2: 'app.undo' = 'ctrl+zz': 'zz' is no key (a character such as a or ?, "
                                "or a name such as esc, enter, space, up, f1); its default is kept")


def test_other_tables_and_a_keys_value_are_told(tmp_path):
    _e, problems = km.read_file(write(tmp_path / "a.toml", 'keys = "a"\n'))
    assert "'keys' must be a table" in problems[0].message
    _e, problems = km.read_file(write(tmp_path / "b.toml", '[colours]\nx = "y"\n[keys]\n'))
    assert "only a [keys] table is read, not 'colours'" in problems[0].message and problems[0].line == 1


def test_a_large_or_binary_file_is_refused_whole(tmp_path):
    _e, problems = km.read_file(write(tmp_path / "big.toml", "#" * (km.MAX_BYTES + 1)))
    assert "larger than 64 KiB" in problems[0].message
    _e, problems = km.read_file(write(tmp_path / "bin.toml", b"[keys]\n\xff\xfe"))
    assert "not UTF-8" in problems[0].message and problems[0].line == 2


def test_too_many_entries_are_cut(tmp_path):
    body = "".join(f'"x.k{i}" = "a"\n' for i in range(km.MAX_ENTRIES + 5))
    entries, problems = km.read_file(write(tmp_path / "many.toml", "[keys]\n" + body))
    assert len(entries) == km.MAX_ENTRIES and "more than 400 entries" in problems[-1].message


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300) | st.text(max_size=300).map(lambda t: ("[keys]\n" + t).encode()))
def test_any_bytes_give_entries_or_problems_never_an_exception(tmp_path, data):
    path = tmp_path / "fuzz.toml"
    path.write_bytes(data)
    entries, problems = km.read_file(path)
    for entry in entries:
        assert km.check_keys(entry.keys) == (entry.keys, "")  # what passes is clean
    for problem in problems:
        assert str(problem).isprintable()


# --- the keymap: both files, ids, conflicts -----------------------------------------------------------


def test_an_unknown_id_is_told_with_the_nearest(tmp_path):
    user = km.load([write(tmp_path / "keymap.toml", '[keys]\n"initiative.nxt" = "A"\n"nothing.here" = "z"\n')])
    assert user.keys == {}
    messages = [str(p) for p in user.problems]
    assert messages[0].endswith("line 2: 'initiative.nxt' is no binding of the app (did you mean 'initiative.next'?)")
    assert "'nothing.here' is no binding of the app (`fhtagn keys` lists them)" in messages[1]


def test_a_swap_is_no_conflict_but_half_a_swap_is(tmp_path):
    swap = km.load([write(tmp_path / "swap.toml", '[keys]\n"party.new" = "e"\n"party.edit" = "n"\n')])
    assert swap.problems == [] and swap.keys == {"party.new": "e", "party.edit": "n"}
    half = km.load([write(tmp_path / "half.toml", '[keys]\n"party.new" = "e"\n"app.undo" = "ctrl+u"\n')])
    assert half.keys == {"app.undo": "ctrl+u"}  # the rest of the file is kept
    assert str(half.problems[0]).endswith(
        "line 2: 'party.new' = 'e' clashes with party.edit on the same screen; its default is kept")


def test_two_entries_on_one_key_are_both_left_out(tmp_path):
    user = km.load([write(tmp_path / "k.toml", '[keys]\n"initiative.next" = "z"\n"initiative.wait" = "z"\n')])
    assert user.keys == {}
    assert [p.message for p in user.problems] == [
        "'initiative.next' = 'z' clashes with initiative.wait on the same screen; its default is kept",
        "'initiative.wait' = 'z' clashes with initiative.next on the same screen; its default is kept"]


def test_a_key_of_another_screen_is_free(tmp_path):
    user = km.load([write(tmp_path / "k.toml", '[keys]\n"party.new" = "m"\n')])  # m is the Chase tab's Move
    assert user.problems == [] and user.keys == {"party.new": "m"}


def test_a_shared_id_moves_every_screen_and_clashes_in_any(tmp_path):
    user = km.load([write(tmp_path / "k.toml", '[keys]\n"form.save" = "ctrl+r"\n')])  # the sanity dialog's roll
    assert user.keys == {} and "clashes with sanity.roll_one" in user.problems[0].message


def test_the_saves_folder_wins_entry_by_entry(tmp_path):
    env = {"XDG_CONFIG_HOME": str(tmp_path / "cfg"), "HOME": str(tmp_path / "home")}
    mine = write(tmp_path / "cfg" / "fhtagn-tui" / "keymap.toml", '[keys]\n"app.undo" = "ctrl+u"\n"app.help" = "h"\n')
    table = write(tmp_path / "saves" / "keymap.toml", '[keys]\n"app.help" = "H"\n')
    paths = km.keymap_paths(tmp_path / "saves", env)
    assert paths == [mine, table]
    user = km.load(paths)
    assert user.keys == {"app.undo": "ctrl+u", "app.help": "H"} and user.files == [mine, table]


def test_the_user_file_lives_in_the_config_dir():
    assert km.user_keymap_path({"XDG_CONFIG_HOME": "/x/cfg"}) == Path("/x/cfg/fhtagn-tui/keymap.toml")
    assert km.user_keymap_path({"HOME": "/home/gm"}) == Path("/home/gm/.config/fhtagn-tui/keymap.toml")
    assert km.user_keymap_path({"XDG_CONFIG_HOME": "relative", "HOME": "/h"}) == Path("/h/.config/fhtagn-tui/keymap.toml")


def test_no_home_means_no_user_file(tmp_path, monkeypatch):
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert km.keymap_paths(tmp_path, {}) == [tmp_path / "keymap.toml"]


def test_no_file_asks_nothing_of_the_app(tmp_path):
    called = []
    user = km.load([tmp_path / "none.toml"], known=called)  # an empty known list would refuse every id
    assert (user.keys, user.problems, user.files, user.notice()) == ({}, [], [], "")


def test_the_notice_lists_the_first_problems(tmp_path):
    body = "".join(f'"app.k{i}" = "a"\n' for i in range(6))
    user = km.load([write(tmp_path / "k.toml", "[keys]\n" + body)])
    lines = user.notice().splitlines()
    assert lines[0] == f"keymap {tmp_path / 'k.toml'}:"
    assert lines[1] == "  line 2: 'app.k0' is no binding of the app (`fhtagn keys` lists them)"
    assert len(lines) == 6 and "2 more: `fhtagn keys --check FILE`" in lines[-1]


def test_a_whole_file_problem_reads_on_from_the_name(tmp_path):
    user = km.load([write(tmp_path / "k.toml", "[keys\n")])
    assert user.notice().startswith(f"keymap {tmp_path / 'k.toml'} is not valid TOML (")


# --- fhtagn keys ------------------------------------------------------------------------------------


def test_fhtagn_keys_lists_every_id_default_and_in_use(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    write(tmp_path / "saves" / "keymap.toml", '[keys]\n"initiative.act" = "A"\n')
    assert main(["--saves", str(tmp_path / "saves"), "keys"]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split()[1:3] for line in out.splitlines()[1:] if not line.startswith("keymap")}
    assert rows["initiative.act"] == ["a", "A"] and rows["app.undo"] == ["ctrl+z", "="]
    assert rows["party.delete"] == ["Del/x", "="]
    assert {k.id for k in km.known_bindings()} <= set(rows)
    assert f"keymap file (read): {tmp_path / 'saves' / 'keymap.toml'}" in out
    assert f"keymap file (none): {tmp_path / 'cfg' / 'fhtagn-tui' / 'keymap.toml'}" in out


def test_fhtagn_keys_check_reports_a_file(tmp_path, capsys):
    good = write(tmp_path / "good.toml", '[keys]\n"app.undo" = "ctrl+u"\n')
    assert main(["keys", "--check", str(good)]) == 0
    assert capsys.readouterr().out == f"{good}: fine, 1 key(s) moved\n"
    bad = write(tmp_path / "bad.toml", '[keys]\n"app.undo" = "ctrl+uu"\n"app.nope" = "x"\n')
    assert main(["keys", "--check", str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{bad}, line 2: 'app.undo' = 'ctrl+uu': 'uu' is no key")
    assert out[1] == f"{bad}, line 3: 'app.nope' is no binding of the app (did you mean 'app.undo'?)"
    missing = tmp_path / "nope.toml"  # a file that is not there is not "fine"
    assert main(["keys", "--check", str(missing)]) == 1
    assert capsys.readouterr().err == f"fhtagn: {missing}: no such keymap file\n"


KNOWN = km.known_bindings()
IDS = sorted({k.id for k in KNOWN})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(moves=st.dictionaries(st.sampled_from(IDS), st.lists(st.sampled_from("aenswxgq?1") | st.just("ctrl+q"),
                                                             min_size=1, max_size=2), max_size=12))
def test_what_a_keymap_keeps_gives_no_key_two_jobs_on_one_screen(tmp_path, moves):
    body = "".join(f'"{ident}" = "{",".join(keys)}"\n' for ident, keys in moves.items())
    user = km.load([write(tmp_path / "prop.toml", "[keys]\n" + body)], KNOWN)
    assert set(user.keys) <= set(moves)
    assert len(user.keys) + len(user.problems) == len(moves)  # each entry kept or told, once
    kept = {i: km.Entry(i, keys, tmp_path, 0) for i, keys in user.keys.items()}
    shared = km.shared_by_default(KNOWN)  # what the defaults share on purpose (a tab's F1 over the app's)
    for keys in km._effective(KNOWN, kept).values():
        for ids in keys.values():
            assert all(frozenset((a, b)) in shared for a in ids for b in ids if a != b), ids


def test_a_tabs_key_moved_onto_one_of_the_apps_keys_is_a_clash(tmp_path):
    """On a tab, the app's own keys (``:`` the command line, ``1``–``5`` the tabs) work unless the tab's
    key shadows them: a keymap that moves a tab's key there is refused (the defaults' own sharing is not)."""
    path = write(tmp_path / "k.toml", '[keys]\n"party.new" = ":"\n"party.test" = "1"\n"initiative.act" = "m"\n')
    user = km.load([path], KNOWN)
    assert user.keys == {"initiative.act": "m"}
    assert [p.message for p in user.problems] == [
        "'party.new' = ':' clashes with app.command_line on the same screen; its default is kept",
        "'party.test' = '1' clashes with app.tab_party on the same screen; its default is kept",
    ]


def test_a_key_that_types_a_character_is_refused_where_text_has_the_focus(tmp_path):
    """The command line's Esc moved onto ``x`` would be typed, never leave the line (a trap): refused,
    as a form's cancel on ``q``; a control key there is fine, and a letter on a tab too."""
    path = write(tmp_path / "k.toml", '[keys]\n"command_line.leave" = "x"\n"form.cancel" = "q"\n'
                                      '"form.save" = "ctrl+w"\n"party.new" = "m"\n')
    user = km.load([path], KNOWN)
    assert user.keys == {"form.save": "ctrl+w", "party.new": "m"}
    assert [(p.line, p.message.split(":")[0]) for p in user.problems] == [(2, "'command_line.leave' = 'x'"),
                                                                         (3, "'form.cancel' = 'q'")]
    assert all("typed into the text" in p.message and "default is kept" in p.message for p in user.problems)


def test_a_refused_entry_of_the_saves_folder_gives_way_to_the_users_own(tmp_path):
    """The saves folder wins entry by entry — but an entry of it that is refused does not throw away
    the user's own key for that id: that one is tried instead (and checked in turn)."""
    mine = write(tmp_path / "cfg.toml", '[keys]\n"party.new" = "m"\n"party.edit" = "ctrl+e"\n')
    table = write(tmp_path / "saves.toml", '[keys]\n"party.new" = ":"\n"party.edit" = "1"\n')
    user = km.load([mine, table], KNOWN)
    assert user.keys == {"party.new": "m", "party.edit": "ctrl+e"}
    assert [p.message for p in user.problems] == [
        f"'party.new' = ':' clashes with app.command_line on the same screen; its key in {mine} is tried instead",
        f"'party.edit' = '1' clashes with app.tab_party on the same screen; its key in {mine} is tried instead",
    ]
    alone = km.load([table], KNOWN)  # without a file of the user's: the defaults
    assert alone.keys == {} and all(p.message.endswith("its default is kept") for p in alone.problems)
