"""The worked examples of *Phase C: Roll for Initiative*, rebuilt with
``doria_nb.engine.phases.initiative``.

Player 2 (green) plays the Warrior of the starter pack (IP 7, as in Example 1); player 5 (red)
plays the Mage. The dice are scripted faces; the Doom Counter starts on the red monster head.
"""

from __future__ import annotations

from doria_nb.content import starter_pack
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.doom import DoomCounter
from doria_nb.engine.phases import BoardGroup, initiative_phase

PACK = starter_pack()


def premade(hero_id: str) -> Character:
    return Character.from_template(next(h for h in PACK.heroes if h.id == hero_id))


def test_example_1_green_rolls_12_plus_7_for_19_ap() -> None:
    """*Phase C*, Example 1: 12 on 2D + 7 IP = 19 AP; the marker goes on square 19."""
    green = premade("warrior")
    assert green.ip == 7
    phase = initiative_phase({"Green": green}, ScriptedChance([5, 7]), DoomCounter())
    result = phase.result("Green")
    assert result.roll.total == 19 and result.ap == 19 and not result.unconscious
    assert phase.board() == (BoardGroup(19, "character", ("Green",)),)
    assert phase.doom_steps == 0 and phase.doom == DoomCounter()


def test_example_2_red_fumbles_and_the_doom_counter_goes_to_40() -> None:
    """*Phase C*, Example 2: two 1s on 2D are an initiative fumble: red is unconscious this
    round, has no marker on the board, and the Doom Counter moves one square, to 40."""
    green, red = premade("warrior"), premade("mage")
    chance = ScriptedChance([5, 7, 1, 1])
    phase = initiative_phase({"Green": green, "Red": red}, chance, DoomCounter())
    assert chance.remaining == 0
    assert phase.result("Red").fumbled and phase.unconscious == ("Red",)
    assert phase.doom_steps == 1 and phase.doom.square == 40
    assert phase.triggers == ()
    assert [group.names for group in phase.board()] == [("Green",)]
    assert "fumble" in phase.explain()
