"""The quick answer of "may this figure stand here?" agrees with the rules asked one by one.

:func:`~doria_nb.engine.situation.standing._cannot_stand` (run for every figure of every
situation built) answers a figure that is not buried on a passable square at once; here it is
compared with the full :func:`~doria_nb.engine.situation.standing._why_not_standing` for
every square of random dungeons with markers of every kind, opened and closed doors, and
heroes, monsters and a Poltergeist, buried, unconscious or neither.
"""

from __future__ import annotations

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.cards import Marker
from doria_nb.engine.chance import Chance
from doria_nb.engine.errors import DungeonError
from doria_nb.engine.random_dungeon import explore
from doria_nb.engine.situation.figure import Figure
from doria_nb.engine.situation.standing import _cannot_stand, _why_not_standing

PACK = starter_pack()
MARKERS = (Marker.HOLE, Marker.RUBBLE, Marker.BLOCKED_DOOR, Marker.SECRET_DOOR, Marker.FIRE)


@pytest.mark.parametrize("seed", range(8))
def test_the_quick_answer_is_the_full_answer_on_every_square(seed: int) -> None:
    chance = Chance.seeded(seed)
    dungeon = explore(PACK, chance, tiles=2 + seed % 6, characters=4)
    squares = list(dungeon.squares())
    for marker in MARKERS * 2:
        square = squares[chance.below(len(squares))]
        if dungeon.marker(square) is None and dungeon.passable(square):
            try:
                dungeon = dungeon.with_marker(square, marker)
            except DungeonError:  # a marker the dungeon refuses there: try the next one
                continue
    answers = set()
    for square in squares:
        for figure in (
            Figure.hero("Warrior", "W", square),
            Figure.hero("Mage", "M", square, flags={"buried"}),
            Figure.hero("Ranger", "R", square, HP=-1, flags={"unconscious"}),
            Figure.monster("Orc", "o", square),
            Figure.monster("Poltergeist", "p", square),
        ):
            quick = _cannot_stand(dungeon, figure)
            assert quick == _why_not_standing(dungeon, figure), (square, figure.label)
            answers.add(bool(quick))
    assert answers == {True, False}
