"""The movement explorer, driven from Python as a reader would drive it (no browser).

Rulebook sections: *Walking (1 AP per square)*, *Jumping (5 AP)*, *Swap Places (5 AP)*,
*Occupied squares*, *Difficult Terrain*.
"""

from __future__ import annotations

import html
import re

import pytest
from bokeh.models import HoverTool

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square
from doria_nb.engine.situation import Situation
from doria_nb.ui.movement_explorer import (
    CSS_CLASSES,
    MOVE_COLOURS,
    MovementExplorer,
    reach_highlights,
)

CORRIDOR = """
map:
  ###D######
  #H..x..~.#
  #..K.o...#
  #........#
  ##########
figures:
  H = hero Huntress AP 8 STR 7 AGI 10
  K = hero Knight AP 3
  o = monster Orc AP 10
"""
"""A room with a Hole to jump, Blue Dashed terrain, a second hero to swap with and an Orc."""

HUNTRESS = Square(1, 1)
KNIGHT = Square(3, 2)
ORC = Square(5, 2)
HOLE = Square(4, 1)


def situation() -> Situation:
    return Situation.from_text(CORRIDOR)


def text(widget) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def shaded(explorer: MovementExplorer) -> dict[Square, dict[str, object]]:
    data = explorer.board.highlights_source.data
    out = {}
    for i, (x, y) in enumerate(zip(data["sx"], data["sy"], strict=True)):
        out[Square(x, y)] = {key: data[key][i] for key in ("label", "corner", "fill", "info")}
    return out


def test_starts_with_the_figures_drawn_and_an_instruction() -> None:
    explorer = MovementExplorer(situation())
    assert explorer.reach is None
    assert explorer.board.figures_source.data["letter"] == ["H", "K", "o"]
    assert explorer.board.figures_source.data["kind"] == ["hero", "hero", "monster"]
    assert [value for _, value in explorer.hero_choice.options] == [None, "H", "K"]
    assert "Click a hero" in text(explorer.status)
    assert CSS_CLASSES["root"] in explorer._dom_classes


def test_clicking_a_hero_shades_every_reachable_square_with_its_cost() -> None:
    s = situation()
    explorer = MovementExplorer(s)
    explorer.board.tap_square(HUNTRESS)
    reach = s.reach("Huntress")
    assert explorer.reach is not None
    assert set(explorer.reach.squares) == set(reach.squares)
    marks = shaded(explorer)
    assert set(marks) == set(reach.squares) | {HUNTRESS}
    for square in reach.squares:
        assert marks[square]["label"] == str(reach.cost(square))
        assert marks[square]["info"] == str(reach.path(square))
    assert marks[HUNTRESS]["label"] == "8" and marks[HUNTRESS]["corner"] == "AP"
    assert explorer.hero_choice.value == "H" and explorer.ap_input.value == 8
    assert "Huntress (H) at (1, 1) with 8 AP can end on" in text(explorer.status)
    # Cheaper squares are darker.
    alpha = dict(
        zip(
            zip(
                explorer.board.highlights_source.data["sx"],
                explorer.board.highlights_source.data["sy"],
                strict=True,
            ),
            explorer.board.highlights_source.data["alpha"],
            strict=True,
        )
    )
    assert alpha[(2, 1)] > alpha[(6, 3)]


def test_jump_landings_are_orange_and_show_their_target_number() -> None:
    s = situation()
    explorer = MovementExplorer(s, hero="H")
    reach = s.reach("H")
    landings = {
        square: step.target_number
        for square, path in reach.squares.items()
        for step in path.steps
        if step.kind == "jump" and step.end == square
    }
    assert landings  # the Hole makes jumps worth it
    marks = shaded(explorer)
    for square, tn in landings.items():
        assert marks[square]["corner"] == f"TN{tn}"
        assert marks[square]["fill"] == MOVE_COLOURS["jump"]
    walked = next(sq for sq, p in reach.squares.items() if not p.jumps)
    assert marks[walked]["fill"] == MOVE_COLOURS["walk"] and marks[walked]["corner"] == ""


def test_hover_on_the_highlights_shows_the_path() -> None:
    explorer = MovementExplorer(situation(), hero="H")
    hovers = [tool for tool in explorer.board.figure.tools if isinstance(tool, HoverTool)]
    assert len(hovers) == 1
    assert hovers[0].renderers == [explorer.board.plot.renderers_by_layer["highlights"]]
    assert ("", "@info") in hovers[0].tooltips


def test_the_list_names_every_reachable_square_cheapest_first() -> None:
    s = situation()
    explorer = MovementExplorer(s, hero="Huntress")
    reach = s.reach("Huntress")
    assert [value for _, value in explorer.square_list.options] == list(reach)
    first_label, first = explorer.square_list.options[0]
    assert first_label == f"({first.x}, {first.y}): {reach.path(first)}"
    explorer.square_list.value = Square(6, 1)
    assert explorer.chosen == Square(6, 1)
    assert "To (6, 1): jump" in text(explorer.status)
    assert "Jump checks after the movement: TN" in text(explorer.status)


def test_clicking_a_reachable_square_draws_its_path() -> None:
    s = situation()
    explorer = MovementExplorer(s, hero="H")
    target = Square(3, 3)
    explorer.board.tap_square(target)
    path = s.reach("H").path(target)
    lines = explorer.board.lines_source.data
    assert len(lines["xs"]) == len(path.steps)
    assert lines["xs"][0][0] == HUNTRESS.x + 0.5 and lines["ys"][-1][-1] == target.y + 0.5
    assert explorer.square_list.value == target
    assert f"{8 - path.cost} AP left" in text(explorer.status)
    marks = explorer.board.highlights_source.data
    i = list(zip(marks["sx"], marks["sy"], strict=True)).index((3, 3))
    assert marks["line"][i] == MOVE_COLOURS["chosen"]


@pytest.mark.parametrize("square", [ORC, HOLE, Square(0, 0)])
def test_clicking_an_unreachable_square_says_why(square: Square) -> None:
    s = situation()
    explorer = MovementExplorer(s, hero="H")
    explorer.board.tap_square(Square(2, 1))
    explorer.board.tap_square(square)
    assert text(explorer.status) == "⚠ " + s.reach("H").why_not(square)
    assert explorer.chosen is None and explorer.board.lines_source.data["xs"] == []
    assert explorer.square_list.value is None


def test_clicks_before_a_hero_and_off_the_board() -> None:
    explorer = MovementExplorer(situation())
    explorer.board.tap_square(Square(6, 3))
    assert "Click a hero first" in text(explorer.status)
    explorer.board.tap(25.5, 1.5)
    assert "(25, 1) is off the dungeon" in text(explorer.status)
    explorer.board.tap_square(ORC)  # a monster is not chosen
    assert explorer.reach is None


def test_choosing_a_hero_in_the_dropdown_and_changing_ap() -> None:
    s = situation()
    explorer = MovementExplorer(s)
    explorer.hero_choice.value = "K"
    assert explorer.hero.name == "Knight"
    assert set(explorer.reach.squares) == set(s.reach("K").squares)
    explorer.square_list.value = Square(3, 3)
    explorer.ap_input.value = 1
    assert set(explorer.reach.squares) == set(s.reach("K", ap=1).squares)
    assert explorer.chosen == Square(3, 3)  # still reachable with 1 AP: still shown
    assert "To (3, 3)" in text(explorer.status)


def test_clicking_another_hero_selects_it() -> None:
    explorer = MovementExplorer(situation(), hero="H")
    explorer.board.tap_square(KNIGHT)
    assert explorer.hero.letter == "K"
    assert explorer.reach.start == KNIGHT


def test_a_monster_cannot_be_selected() -> None:
    explorer = MovementExplorer(situation())
    with pytest.raises(DoriaError, match="monster"):
        explorer.select("Orc")
    with pytest.raises(DoriaError):
        explorer.select("Nobody")


def test_reach_highlights_is_a_pure_function_of_the_reach() -> None:
    reach = situation().reach("H")
    marks = reach_highlights(reach, chosen=Square(2, 1))
    assert marks[0].square == HUNTRESS
    assert len(marks) == len(reach.squares) + 1
    chosen = next(m for m in marks if m.square == Square(2, 1))
    assert chosen.line == MOVE_COLOURS["chosen"]


def test_the_longest_jump_control_limits_the_jumps_shown() -> None:
    """Ruling M2: without a limit a long jump may be the cheapest way; the control caps it."""
    from doria_nb.engine.situation import Situation

    situation = Situation.from_text(
        "map:\n  #########\n  #H......#\n  ####D####\n"
        "figures:\n  H = hero Huntress AP 10 STR 7 AGI 10\n"
    )
    view = MovementExplorer(situation, hero="H")
    far = Square(7, 1)
    assert view.reach.path(far).jumps
    view.jump_choice.value = 1
    assert all(step.target_number in (None, 10) for step in view.reach.path(far).steps)
