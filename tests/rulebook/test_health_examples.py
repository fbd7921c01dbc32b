"""The rulebook's worked examples about health, initiative, repairs and defeated monsters,
rebuilt with ``doria_nb.engine.health``, ``health_care``, ``health_repair`` and ``loot``.

Each test names its section and says how the situation was reconstructed. Cards come from the
test pack ``tests/content/fixtures/mini`` and the starter pack; heroes follow the rulings of
``docs/rulings.md`` (H2: the Mage's IP 9; his 5 IP in the *Unconsciousness* example is IP 9
less armor encumbrance).
"""

from __future__ import annotations

from pathlib import Path

from doria_nb.content import load_pack, starter_pack
from doria_nb.engine.chance import ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.dice import Dice
from doria_nb.engine.health import initiative_dice, initiative_of, roll_initiative
from doria_nb.engine.health.care import recover_unconscious
from doria_nb.engine.health.repair import plan_repair, repair
from doria_nb.engine.loot import Defeated, LootDeck, continue_loot, defeat
from doria_nb.engine.mat import Location, Slot
from doria_nb.engine.options import RulesOptions

MINI = Path(__file__).resolve().parents[1] / "content" / "fixtures" / "mini"
PACK = load_pack(MINI)


def premade(hero_id: str) -> Character:
    return Character.from_template(PACK.hero(hero_id))


def overloaded_mage() -> Character:
    """The Mage with 5 IP: light armor 4 AR above his STR 4 (as in test_character_examples)."""
    mage = premade("mage")
    for card_id, slot in [("woolen_jacket", Slot.TORSO), ("woolen_shoes", Slot.FEET),
                          ("woolen_gloves", Slot.ARMS), ("tights", Slot.LEGS),
                          ("bone_charm", Slot.ACCESSORY), ("wizard_hat", Slot.HEAD)]:  # fmt: skip
        mage.receive(PACK.item(card_id), slot)
    assert mage.ip == 5
    return mage


def test_negative_hit_points_mage_rolls_1d_plus_3() -> None:
    """*Hit Points, Initiative Points and Psi Points* (Negative Hit Points or Psi Points),
    Example: the Mage (IP 9) at -6 HP and -3 PP rolls one die and subtracts the deeper value,
    6: 1D+3. He cast a spell in the round he got there (ruling H21: still awake)."""
    mage = premade("mage")
    mage.change_points(hp=-(mage.hp + 6), pp=-(mage.pp + 3))
    expression = initiative_of(mage)
    assert expression.dice == Dice(1, 3) == initiative_dice(-6, -3, 9).dice
    assert expression.dice == mage.initiative_dice()
    assert expression.subtracted == 6 and expression.one_die_fewer
    assert "the deeper of HP -6 and PP -3" in expression.explain()


def test_unconsciousness_mage_at_minus_10_hp_rolls_minus_1_ap() -> None:
    """*Unconsciousness*, Example: the Mage (-10 HP, 5 IP) rolls a 4 on one die: -1 AP. He is
    unconscious this round, the Doom Counter moves 1 space in Phase C, and in Phase H he adds
    all 3 recovered points to his Hit Points."""
    mage = overloaded_mage()
    mage.change_points(hp=-(mage.hp + 10))
    result = roll_initiative(mage, ScriptedChance([4]))
    assert result.expression.dice == Dice(1, -5)
    assert result.ap == -1
    assert result.unconscious and result.doom_steps == 1 and not result.fumbled
    assert "Fewer than 1 AP" in result.explain()
    recovered = recover_unconscious(mage, (3, 0))
    assert recovered.hp == (-10, -7) and mage.hp == -7


def test_phase_c_example_1_green_player_19_ap() -> None:
    """*Phase C: Roll for Initiative*, Example 1: 12 on 2D + 7 IP = 19 AP."""
    result = roll_initiative(initiative_dice(5, 5, 7), ScriptedChance([5, 7]))
    assert result.ap == 19 and not result.unconscious and result.doom_steps == 0


def test_phase_c_example_2_red_player_fumbles() -> None:
    """*Phase C: Roll for Initiative*, Example 2: two 1s on 2D: a fumble, unconscious at once,
    and the Doom Counter moves one space."""
    result = roll_initiative(initiative_dice(5, 5, 12), ScriptedChance([1, 1]))
    assert result.fumbled and result.unconscious and result.doom_steps == 1
    assert result.ap == 14, "the total does not matter once the dice fumble"


def test_phase_c_at_most_40_action_points() -> None:
    """*Phase C: Roll for Initiative*: more than 40 AP is cut to 40."""
    result = roll_initiative(initiative_dice(5, 5, 30), ScriptedChance([10, 4, 9]))
    assert result.roll.total == 53 and result.ap == 40


def test_initiative_bonus_keeps_two_dice_when_hurt() -> None:
    """*Hero and Monster Level* (Initiative Bonus): 3D normally; with negative HP or PP the
    character still rolls 2D."""
    mage = premade("mage")
    mage.hero_bonuses = (PACK.bonus("initiative_bonus"),)
    assert initiative_of(mage).dice == Dice(3, 9)
    mage.change_points(hp=-(mage.hp + 1))
    assert initiative_of(mage).dice == Dice(2, 8)


def test_one_player_never_unconscious_and_nothing_subtracted() -> None:
    """*Special Rules for 1 or 2 Players* (1 Player): one die fewer but no subtraction, never
    unconscious (not even on a fumble), and the Doom Counter never moves for it."""
    expression = initiative_dice(-6, -3, 9, solo=True)
    assert expression.dice == Dice(1, 9)
    fumble = roll_initiative(expression, ScriptedChance([1]))
    assert fumble.fumbled and not fumble.unconscious and fumble.doom_steps == 0
    low = roll_initiative(initiative_dice(-15, 0, -3, solo=True), ScriptedChance([2]))
    assert low.ap == -1 and not low.unconscious


def test_repairing_equipment_ranger_set_repair() -> None:
    """*Repairing Equipment*, Example: the Ranger (24 AP) with damaged Leather Armor (8 AP),
    Leather Helmet (9 AP) and Padded Boots (7 AP) repairs the two Leather parts together for
    9 AP and the boots alone for 7. Rebuilt on a custom hero (the test pack has no Ranger)."""
    ranger = Character.custom(
        "Ranger", {"STR": 10, "CON": 9, "AGI": 11, "PER": 10, "WIS": 5, "PSI": 5}
    )
    for card_id, slot in [("leather_armor", Slot.TORSO), ("leather_helmet", Slot.HEAD),
                          ("padded_boots", Slot.FEET)]:  # fmt: skip
        ranger.receive(PACK.item(card_id), slot)
        ranger.damage_item(Location.body(slot))
    leather = [Location.body(Slot.TORSO), Location.body(Slot.HEAD)]
    cost = plan_repair(ranger, leather)
    assert (cost.ap, cost.set_name) == (9, "Leather")
    assert "highest part" in cost.explain()
    boots = plan_repair(ranger, Location.body(Slot.FEET))
    assert boots.ap == 7
    assert cost.ap + boots.ap <= 24
    repair(ranger, leather)
    repair(ranger, Location.body(Slot.FEET))
    assert not any(held.damaged for held in ranger.mat.equipped)


def test_defeated_monsters_draw_together_and_play_in_order() -> None:
    """*Defeated Monsters*: two monsters defeated by one action, one with a Blocker modifier
    (1 extra Loot Card, 1 extra XP): three cards drawn together, played in the order drawn, the
    trap among them included; 3 Group XP. The rulebook gives no numbers; the cards are
    stacked."""
    pack = starter_pack()
    stacked = [pack.item("dagger"), pack.item("log_trap"), pack.item("healing_potion")]
    kills = [Defeated("Orc", (pack.modifier("blocker"),)), Defeated("Goblin")]
    draw, deck = defeat(kills, LootDeck.stacked(stacked), ScriptedChance([]), who="Warrior")
    assert [c.id for c in draw.cards] == ["dagger", "log_trap", "healing_potion"]
    assert [c.id for c in draw.traps] == ["log_trap"]
    assert draw.xp == 3 and draw.owed == 3 and len(deck) == 0


def test_stop_loot_pauses_after_the_first_trap() -> None:
    """*Optional Rule: Stop Loot*: drawing stops once a trap has come; the player may draw the
    rest (ruling H28: all of it) or stop."""
    pack = starter_pack()
    stacked = [pack.item("log_trap"), pack.item("dagger"), pack.item("healing_potion")]
    kills = [Defeated("Orc", (pack.modifier("blocker"),)), Defeated("Goblin")]
    draw, deck = defeat(
        kills, LootDeck.stacked(stacked), ScriptedChance([]), options=RulesOptions(stop_loot=True)
    )
    assert [c.id for c in draw.cards] == ["log_trap"] and draw.remaining == 2
    assert "Stop Loot" in draw.explain()
    rest, deck = continue_loot(draw, deck, ScriptedChance([]))
    assert [c.id for c in rest.cards] == ["dagger", "healing_potion"]
    assert rest.xp == 0 and len(deck) == 0
