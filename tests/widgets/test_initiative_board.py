"""The Initiative Board widget from Python (no browser): state records, plain JSON, the words of
``describe()``, select intents through the message handler, bad state refused in words.

Rulebook examples the board can show are here too, each citing its section: *Phase C: Roll for
Initiative* (Example 1), *Phase D: Action Phase* (the green and yellow markers), *Monster Order*
(Orc at 7, character at 5, Mummy at 5) and *Character Improvement* (Example 1).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from anywidget._file_contents import FileContents

from doria_nb.engine.doom.track import STARTER_DOOM_TRACK, DoomTrack
from doria_nb.engine.sections import Section
from doria_nb.ui.assets import widget_asset
from doria_nb.ui.initiative_board import (
    CSS_CLASS,
    BoardMarker,
    InitiativeBoard,
    InitiativeBoardError,
    InitiativeBoardState,
    acts_next,
    board_json,
    describe_board,
    marker_square,
)


def hero(key: str, ap: int, **flags: bool) -> BoardMarker:
    return BoardMarker(key, key.capitalize(), "hero", ap, **flags)


def monster(key: str, ap: int, label: str | None = None, **flags: bool) -> BoardMarker:
    return BoardMarker(key, label or key.capitalize(), "monster", ap, **flags)


def lines(state: InitiativeBoardState) -> dict[str, str]:
    """describe() split by the word each line starts with."""
    return {line.split(":")[0]: line for line in describe_board(state).splitlines()}


# --- files and class --------------------------------------------------------------------


def test_front_end_files_are_given_as_paths_and_exist() -> None:
    for key, name in (("_esm", "initiative_board.js"), ("_css", "initiative_board.css")):
        value = InitiativeBoard.__dict__[key]
        assert isinstance(value, FileContents)
        assert value._path == widget_asset(name)
        assert isinstance(value._path, Path) and value._path.is_file()


def test_the_front_end_uses_no_network_and_no_imports() -> None:
    js = widget_asset("initiative_board.js").read_text(encoding="utf-8")
    css = widget_asset("initiative_board.css").read_text(encoding="utf-8")
    for text in (js, css):
        assert "http://" not in text.replace("http://www.w3.org", "")
        assert "https://" not in text
        assert "@import" not in text
    assert "\nimport " not in js
    assert 'send({ type: "select", key: marker.key })' in js


def test_widget_has_its_stable_css_class() -> None:
    assert CSS_CLASS in InitiativeBoard()._dom_classes


# --- state -> JSON ----------------------------------------------------------------------


def test_markers_on_squares_in_board_order_heroes_before_monsters() -> None:
    state = InitiativeBoardState(
        markers=(monster("orc", 17, "Orc 1"), hero("green", 19), hero("yellow", 17)),
        active="green",
    )
    data = InitiativeBoard(state).state_json()
    assert json.loads(json.dumps(data)) == data  # plain JSON through and through
    assert [(m["key"], m["square"]) for m in data["markers"]] == [
        ("green", 19),
        ("yellow", 17),
        ("orc", 17),
    ]
    green = data["markers"][0]
    assert green["kind"] == "hero" and green["active"] and green["next"]
    assert green["abbr"] == "Gr"
    assert data["markers"][2]["abbr"] == "O1"
    assert green["aria"] == "Green, hero, 19 AP, on square 19, acting now, acts next"


def test_the_synced_trait_is_the_json_and_the_python_attribute_the_record() -> None:
    state = InitiativeBoardState(markers=(hero("mage", 12),), doom=38, round=3)
    board = InitiativeBoard(state)
    assert board.state is state
    synced = board.get_state()["state"]
    assert synced == board_json(state, None)
    assert synced["markers"][0]["square"] == 12
    assert synced["doom"]["position"] == 38


def test_squares_above_40_and_below_1() -> None:
    assert [marker_square(ap) for ap in (46, 40, 1, 0, -11)] == [40, 40, 1, 0, 0]
    data = board_json(InitiativeBoardState(markers=(hero("fast", 46), hero("spent", -11))))
    assert [(m["square"], m["ap"]) for m in data["markers"]] == [(40, 46), (0, -11)]
    assert "on the gray 0 square" in data["markers"][1]["aria"]
    # The true AP decide who acts and are said; only the drawing stops at 40.
    state = InitiativeBoardState(markers=(hero("steady", 40), hero("fast", 46)))
    assert [m.key for m in acts_next(state)] == ["fast"]
    assert "square 40: Fast (hero, 46 AP), Steady (hero)." in describe_board(state)


def test_letters_on_markers_are_distinct() -> None:
    state = InitiativeBoardState(
        markers=(
            hero("a", 5),
            BoardMarker("m1", "Mage", "hero", 4),
            BoardMarker("m2", "Mage", "hero", 3),
            monster("fz", 2, "Fire Zombie 2"),
        )
    )
    letters = {m["key"]: m["abbr"] for m in board_json(state)["markers"]}
    assert letters == {"a": "A", "m1": "Ma", "m2": "Ma2", "fz": "FZ2"}


def test_unconscious_markers_are_off_the_track() -> None:
    data = board_json(InitiativeBoardState(markers=(hero("warrior", 5, unconscious=True),)))
    (warrior,) = data["markers"]
    assert warrior["square"] is None and warrior["unconscious"]
    assert "unconscious, off the track" in warrior["aria"]


def test_doom_round_and_xp_json() -> None:
    data = board_json(
        InitiativeBoardState(doom=33, round=7, door_opened=True, group_xp=9, xp_per_point=4)
    )
    kinds = {s["square"]: s["kind"] for s in data["doom"]["squares"]}
    assert kinds[None] == "head"
    assert [k for k, v in kinds.items() if v == "extra activation"] == [39, 36, 33]
    assert [k for k, v in kinds.items() if v == "level"] == [30]
    assert data["doom"]["position"] == 33 and data["doom"]["next"] == 32
    assert data["round"]["value"] == 7 and data["round"]["door_opened"]
    assert data["round"]["level_rounds"] == [7, 13, 18]
    assert data["round"]["squares"][0] == 0 and data["round"]["squares"][-1] == 20
    assert data["xp"] == {"value": 9, "per_point": 4, "shown": 12, "ready": 2, "left": 1}


def test_a_custom_doom_track_is_drawn_as_given() -> None:
    track = DoomTrack(squares=(5, 4, 3), wrap_square=2, extra_activations=frozenset({4}))
    data = board_json(InitiativeBoardState(doom_track=track, doom=3))
    assert [(s["square"], s["kind"]) for s in data["doom"]["squares"]] == [
        (None, "head"),
        (5, "plain"),
        (4, "extra activation"),
        (3, "plain"),
        (2, "plain"),
    ]


# --- who acts next (Phase D) --------------------------------------------------------------


def test_highest_marker_acts_a_character_before_a_monster_on_the_same_value() -> None:
    state = InitiativeBoardState(markers=(monster("orc", 12), hero("mage", 12), hero("ann", 3)))
    assert [m.key for m in acts_next(state)] == ["mage"]


def test_characters_tied_are_returned_for_the_players() -> None:
    state = InitiativeBoardState(markers=(hero("green", 9), hero("yellow", 9), monster("orc", 9)))
    assert [m.key for m in acts_next(state)] == ["green", "yellow"]
    assert "tied on 9; the players decide" in lines(state)["Acts next"]


def test_monsters_tied_go_by_monster_order() -> None:
    state = InitiativeBoardState(markers=(monster("orc", 8), monster("bat", 8), hero("ann", 2)))
    assert [m.key for m in acts_next(state)] == ["orc", "bat"]
    assert f"monsters tied on 8; {Section.MONSTER_ORDER.value} decides" in describe_board(state)


def test_nobody_on_0_or_below_or_unconscious_acts() -> None:
    state = InitiativeBoardState(
        markers=(hero("spent", 0), monster("orc", -4), hero("out", 30, unconscious=True))
    )
    assert acts_next(state) == ()
    assert "Acts next: nobody, no marker has AP left" in describe_board(state)


# --- describe() ---------------------------------------------------------------------------


def test_describe_says_the_whole_board() -> None:
    state = InitiativeBoardState(
        markers=(
            hero("green", 19),
            monster("orc", 17, "Orc 1"),
            hero("yellow", 17, acted=True),
            hero("mage", -3),
            hero("warrior", 6, unconscious=True),
        ),
        active="yellow",
        doom=38,
        round=5,
        door_opened=True,
        group_xp=7,
        xp_per_point=5,
        phase="D",
    )
    assert InitiativeBoard(state).describe().splitlines() == [
        "Phase: D.",
        "Initiative Board: square 19: Green (hero); square 17: Yellow (hero, has acted), "
        "Orc 1 (monster); the gray 0 square: Mage (hero, -3 AP). "
        "Unconscious, off the track: Warrior.",
        "Acting now: Yellow. Acts next: Green on 19, the highest marker (Phase D: Action Phase).",
        "Doom Counter: on square 38; one step on: square 37. "
        "The next red or orange square is 36, 2 steps away.",
        "Round Marker: round 5 (door side up: a door was opened this round). "
        "The heroes level up after rounds 7, 13 and 18; next after round 7.",
        "Group XP: 7 points collected; 5 make 1 Attribute Point for every character: "
        "enough for 1 now (2 left over).",
    ]


def test_describe_an_empty_board() -> None:
    assert InitiativeBoard().describe().splitlines() == [
        "Initiative Board: no marker on the track.",
        "Acts next: nobody, no marker has AP left (Phase D: Action Phase).",
        "Doom Counter: on the red monster head; one step on: square 40. "
        "The next red or orange square is 39, 2 steps away.",
        "Round Marker: on 0, before the first round. "
        "The heroes level up after rounds 7, 13 and 18; next after round 7.",
        "Group XP: 0 points collected; 4 make 1 Attribute Point for every character: "
        "4 more needed.",
    ]


def test_acting_now_and_next_the_same_marker_is_said_once() -> None:
    state = InitiativeBoardState(markers=(hero("green", 19),), active="green")
    assert lines(state)["Acting now"] == (
        "Acting now: Green on 19, the highest marker (Phase D: Action Phase)."
    )


@pytest.mark.parametrize(
    ("doom", "words"),
    [
        (40, "one step on: square 39 (red: Extra Activation)."),
        (39, "one step on: square 38. The next red or orange square is 36, 3 steps away."),
        (
            31,
            "one step on: square 30 (orange: Monster Level Up), "
            "which sends it back to the red monster head.",
        ),
    ],
)
def test_doom_counter_words(doom: int, words: str) -> None:
    line = lines(InitiativeBoardState(doom=doom))["Doom Counter"]
    assert line.endswith(words), line


def test_round_words_after_the_last_level_up() -> None:
    line = lines(InitiativeBoardState(round=19))["Round Marker"]
    assert line == (
        "Round Marker: round 19. The heroes have had every level-up of a Single Scenario "
        "(rounds 7, 13, 18)."
    )
    assert "next after round 13" in lines(InitiativeBoardState(round=8))["Round Marker"]


def test_description_is_sent_to_the_front_end() -> None:
    board = InitiativeBoard(InitiativeBoardState(markers=(hero("mage", 12),)))
    assert board.state_json()["description"] == board.describe()


# --- intents ------------------------------------------------------------------------------


def test_a_select_intent_reaches_python_and_its_callbacks() -> None:
    board = InitiativeBoard(InitiativeBoardState(markers=(hero("mage", 12), monster("orc", 9))))
    heard: list[str] = []
    board.on_select(heard.append)
    board._on_front_end_message(board, {"type": "select", "key": "orc"}, [])
    assert board.selected == "orc" and heard == ["orc"]
    data = board.get_state()["state"]
    assert data["selected"] == "orc"
    assert [m["selected"] for m in data["markers"]] == [False, True]
    assert data["markers"][1]["aria"].endswith(", selected")
    board.on_select(heard.append, remove=True)
    board._on_front_end_message(board, {"type": "select", "key": "mage"}, [])
    assert board.selected == "mage" and heard == ["orc"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ({"type": "select", "key": "ghost"}, "No Initiative Marker has the key 'ghost'"),
        ({"type": "select"}, "A select request needs a marker key, not None"),
        ({"type": "move", "key": "mage"}, "does not understand the request"),
        ("select", "does not understand the request"),
    ],
)
def test_bad_intents_change_nothing(content: object, words: str) -> None:
    board = InitiativeBoard(InitiativeBoardState(markers=(hero("mage", 12),)))
    heard: list[str] = []
    board.on_select(heard.append)
    board.select("mage")
    before = board.get_state()["state"]
    board._on_front_end_message(board, content, [])
    assert words in board.message
    assert board.selected == "mage" and heard == ["mage"]
    assert board.get_state()["state"] == before


def test_show_updates_and_drops_a_selection_that_left() -> None:
    board = InitiativeBoard(InitiativeBoardState(markers=(hero("mage", 12), monster("orc", 9))))
    board.select("orc")
    later = InitiativeBoardState(markers=(hero("mage", 2),), round=2)
    board.show(later)
    assert board.state is later and board.selected is None
    assert board.get_state()["state"]["markers"][0]["square"] == 2


# --- bad state is refused in words --------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: BoardMarker("mage", "Mage", "hero", 12.5), "needs a whole number of AP, not 12.5"),
        (lambda: BoardMarker("mage", "Mage", "hero", True), "needs a whole number of AP, not True"),
        (lambda: BoardMarker("mage", "Mage", "hero", "7"), "needs a whole number of AP, not '7'"),
        (lambda: BoardMarker("", "Mage", "hero", 7), "needs a key"),
        (lambda: BoardMarker("mage", " ", "hero", 7), "needs a label"),
        (lambda: BoardMarker("orc", "Orc", "villain", 7), "'hero' or a 'monster', not 'villain'"),
        (lambda: BoardMarker("orc", "Orc", "monster", 7, acted="yes"), "acted is True or False"),
        (
            lambda: InitiativeBoardState(markers=(hero("a", 3), monster("a", 5, "Orc"))),
            "Two Initiative Markers share the key 'a' (A and Orc)",
        ),
        (lambda: InitiativeBoardState(active="ghost"), "'ghost' is not on the Initiative Board"),
        (lambda: InitiativeBoardState(doom=30), "The Doom Counter cannot stand on 30"),
        (lambda: InitiativeBoardState(doom=41), "head (None) and the squares 40 to 31"),
        (lambda: InitiativeBoardState(round=-1), "round is a whole number of at least 0"),
        (lambda: InitiativeBoardState(xp_per_point=0), "xp_per_point is a whole number"),
        (lambda: InitiativeBoardState(group_xp=2.0), "group_xp is a whole number"),
        (lambda: InitiativeBoardState(markers=("mage",)), "shows BoardMarker records"),
        (lambda: InitiativeBoard(state="mage"), "shows an InitiativeBoardState, not str"),
    ],
)
def test_bad_state_is_refused_in_words(make, words: str) -> None:
    with pytest.raises(InitiativeBoardError, match=None) as caught:
        make()
    assert words in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_a_refused_show_keeps_the_board() -> None:
    state = InitiativeBoardState(markers=(hero("mage", 12),))
    board = InitiativeBoard(state)
    before = board.get_state()["state"]
    with pytest.raises(InitiativeBoardError):
        board.show({"markers": []})  # type: ignore[arg-type]
    assert board.state is state and board.get_state()["state"] == before


def test_markers_given_as_a_list_become_a_tuple() -> None:
    state = InitiativeBoardState(markers=[hero("mage", 12)])  # type: ignore[arg-type]
    assert state.markers == (hero("mage", 12),)
    assert state.doom_track is STARTER_DOOM_TRACK


# --- rulebook examples ------------------------------------------------------------------


def test_phase_c_example_1_green_on_square_19() -> None:
    """*Phase C: Roll for Initiative*, Example 1: 12 on 2D plus IP 7 puts green on 19."""
    data = board_json(InitiativeBoardState(markers=(hero("green", 12 + 7),)))
    assert data["markers"][0]["square"] == 19


def test_phase_d_example_green_attacks_then_yellow_acts_then_green_ends_on_0() -> None:
    """*Phase D: Action Phase*: green at 19 attacks for 15 AP and drops to 4; yellow at 17 acts
    next; later green at 4 attacks again (15 AP) and its marker lies on the gray 0 square."""
    before = InitiativeBoardState(markers=(hero("green", 19), hero("yellow", 17)))
    assert [m.key for m in acts_next(before)] == ["green"]
    after = InitiativeBoardState(markers=(hero("green", 19 - 15), hero("yellow", 17)))
    assert [m.key for m in acts_next(after)] == ["yellow"]
    assert board_json(after)["markers"][1]["square"] == 4
    last = InitiativeBoardState(markers=(hero("green", 4 - 15), hero("yellow", 0)))
    squares = {m["key"]: m["square"] for m in board_json(last)["markers"]}
    assert squares == {"green": 0, "yellow": 0}
    assert "the gray 0 square: Yellow (hero), Green (hero, -11 AP)." in describe_board(last)
    assert acts_next(last) == ()


def test_monster_order_example_orc_character_mummy() -> None:
    """*Monster Order*: Orc at 7, a character at 5, then the Mummy at 5."""
    state = InitiativeBoardState(
        markers=(monster("mummy", 5), hero("ann", 5), monster("orc", 7)),
    )
    assert [m["key"] for m in board_json(state)["markers"]] == ["orc", "ann", "mummy"]
    order = []
    markers = list(state.markers)
    while True:
        up = acts_next(InitiativeBoardState(markers=tuple(markers)))
        if not up:
            break
        order.append(up[0].key)
        markers = [m for m in markers if m.key != up[0].key]
    assert order == ["orc", "ann", "mummy"]


def test_character_improvement_example_1_five_players_seven_xp() -> None:
    """*Character Improvement*, Example 1: five players with 7 Group XP get 1 Attribute Point
    each and the track keeps 2."""
    data = board_json(InitiativeBoardState(group_xp=7, xp_per_point=5))
    assert (data["xp"]["ready"], data["xp"]["left"]) == (1, 2)
    assert "enough for 1 now (2 left over)" in describe_board(
        InitiativeBoardState(group_xp=7, xp_per_point=5)
    )


def test_character_improvement_example_2_campaign_of_four_needs_12() -> None:
    """*Character Improvement*, Example 2: in a campaign four players need 12 Group XP."""
    line = lines(InitiativeBoardState(group_xp=11, xp_per_point=3 * 4))["Group XP"]
    assert line.endswith("12 make 1 Attribute Point for every character: 1 more needed.")
