"""Health: initiative dice and judging, unconsciousness, death, healing and potions, recovery,
reviving and repair costs (doria_nb.engine.health, health_care, health_repair)."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content import starter_pack
from doria_nb.engine.attributes import Attributes
from doria_nb.engine.chance import Chance, ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.dice import Dice, Roll
from doria_nb.engine.errors import DoriaError, HealthError, RepairError, UseError
from doria_nb.engine.health import (
    check_death,
    initiative_dice,
    judge_initiative,
    roll_initiative,
)
from doria_nb.engine.health.care import (
    can_revive,
    default_split,
    heal,
    healed,
    potion_points,
    recover_unconscious,
    revive,
    revive_limits,
    revive_target,
)
from doria_nb.engine.health.repair import plan_repair, repair
from doria_nb.engine.mat import Location, Slot
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.potions import drink_potion

PACK = starter_pack()
AVERAGE = Attributes(STR=9, CON=9, AGI=8, PER=8, WIS=8, PSI=8)


def hero(name: str = "Adventurer", attributes: Attributes = AVERAGE) -> Character:
    return Character(name, attributes)


def snapshot(*characters: Character) -> list[tuple[int, int, object]]:
    return [(c.hp, c.pp, c.mat) for c in characters]


# -- initiative -----------------------------------------------------------------------------


def test_initiative_dice_cases() -> None:
    assert initiative_dice(9, 8, 8).dice == Dice(2, 8)
    assert initiative_dice(-1, 8, 8).dice == Dice(1, 7)
    assert initiative_dice(3, -4, 8).dice == Dice(1, 4)
    assert initiative_dice(3, 3, -2).dice == Dice(1, -2), "negative IP is counted once"
    assert initiative_dice(-5, -5, -2).dice == Dice(1, -7), "still one die fewer, at most"
    assert initiative_dice(-5, 0, 8, extra_dice=1).dice == Dice(2, 3)


@pytest.mark.parametrize(
    "args", [("1", 0, 0), (0, 0.5, 0), (0, 0, True), (0, 0, 0, -1), (0, 0, 0, 0, "yes")]
)
def test_initiative_dice_refuses_bad_numbers(args: tuple[object, ...]) -> None:
    hp, pp, ip, *rest = args
    kwargs: dict[str, object] = {}
    if rest:
        kwargs["extra_dice"] = rest[0]
    if len(rest) > 1:
        kwargs["solo"] = rest[1]
    with pytest.raises(HealthError):
        initiative_dice(hp, pp, ip, **kwargs)  # type: ignore[arg-type]


@given(
    hp=st.integers(-25, 20),
    pp=st.integers(-25, 20),
    ip=st.integers(-10, 20),
    extra=st.integers(0, 2),
    solo=st.booleans(),
)
def test_initiative_dice_count_never_below_one(
    hp: int, pp: int, ip: int, extra: int, solo: bool
) -> None:
    expression = initiative_dice(hp, pp, ip, extra_dice=extra, solo=solo)
    assert expression.dice.count >= 1 + extra
    assert expression.dice.count <= 2 + extra
    assert expression.dice.modifier <= ip
    assert expression.explain().endswith(f"= {expression.dice}")


@given(hp_loss=st.integers(0, 25), pp_loss=st.integers(0, 25), solo=st.booleans())
def test_initiative_dice_agree_with_the_character_sheet(
    hp_loss: int, pp_loss: int, solo: bool
) -> None:
    from doria_nb.engine.health import initiative_of

    adventurer = hero()
    adventurer.change_points(hp=-hp_loss, pp=-pp_loss)
    assert initiative_of(adventurer, solo=solo).dice == adventurer.initiative_dice(solo=solo)


def test_judge_refuses_a_roll_of_other_dice() -> None:
    expression = initiative_dice(5, 5, 7)
    with pytest.raises(HealthError, match="2D\\+7"):
        judge_initiative(expression, Roll.from_faces("1D+7", [3]))


def test_no_fumbles_and_fumbling_initiative() -> None:
    expression = initiative_dice(5, 5, 7)
    ones = Roll.from_faces(expression.dice, [1, 1])
    plain = judge_initiative(expression, ones)
    assert plain.unconscious and plain.doom_steps == 1
    no_fumbles = judge_initiative(expression, ones, options=RulesOptions(no_fumbles=True))
    assert not no_fumbles.fumbled and not no_fumbles.unconscious and no_fumbles.doom_steps == 0
    fumbling = judge_initiative(expression, ones, options=RulesOptions(fumbling_initiative=True))
    assert fumbling.fumbled and not fumbling.unconscious and fumbling.doom_steps == 1
    assert "Fumbling Initiative" in fumbling.explain()
    low = judge_initiative(initiative_dice(-9, 5, 7), Roll.from_faces("1D-2", [1]))
    assert low.unconscious and low.doom_steps == 1, "a lone 1 is a fumble and 1D-2 gives -1"


def test_exactly_one_ap_is_awake_and_zero_is_not() -> None:
    expression = initiative_dice(-8, 5, 5)
    assert not judge_initiative(expression, Roll.from_faces(expression.dice, [4])).unconscious
    assert judge_initiative(expression, Roll.from_faces(expression.dice, [3])).unconscious


def test_roll_initiative_records_the_roll_and_refuses_bad_chance() -> None:
    chance = Chance.seeded(3)
    result = roll_initiative(hero(), chance)
    assert result.roll.dice == Dice(2, 8) and len(chance.outcomes) >= 2
    with pytest.raises(HealthError):
        roll_initiative(hero(), "seed")  # type: ignore[arg-type]


# -- death ----------------------------------------------------------------------------------


def test_death_at_minus_twenty() -> None:
    assert check_death(-20, 0).dead and check_death(0, -20).dead and check_death(-25, -25).dead
    alive = check_death(-19, -19)
    assert not alive.dead and "alive" in alive.explain()
    assert "scenario ends" in check_death(-20, 3).explain()
    adventurer = hero()
    adventurer.change_points(hp=-29)
    assert check_death(adventurer).dead
    with pytest.raises(HealthError):
        check_death(-3)
    with pytest.raises(HealthError):
        check_death(-3, "x")  # type: ignore[arg-type]


# -- healing and potions ---------------------------------------------------------------------


def test_healing_stops_at_the_maximum() -> None:
    adventurer = hero()
    adventurer.change_points(hp=-2)
    healing = heal(adventurer, hp=5, source="a bandage")
    assert healing.hp == (7, 9) and healing.wasted == 3
    assert "capped at the maximum 9" in healing.explain()


@given(
    loss=st.integers(0, 30),
    pp_loss=st.integers(0, 30),
    hp=st.integers(0, 30),
    pp=st.integers(0, 30),
)
def test_healing_never_exceeds_the_maximum(loss: int, pp_loss: int, hp: int, pp: int) -> None:
    adventurer = hero()
    adventurer.change_points(hp=-loss, pp=-pp_loss)
    before = (adventurer.hp, adventurer.pp)
    heal(adventurer, hp=hp, pp=pp)
    top = adventurer.maximum
    assert adventurer.hp <= top.hp and adventurer.pp <= top.pp
    assert adventurer.hp >= before[0] and adventurer.pp >= before[1]
    assert healed(before[0], hp, top.hp) == adventurer.hp


def test_heal_refuses_negative_or_odd_amounts_and_changes_nothing() -> None:
    adventurer = hero()
    adventurer.change_points(hp=-4)
    before = snapshot(adventurer)
    for kwargs in ({"hp": -1}, {"pp": 1.5}, {"hp": True}):
        with pytest.raises(HealthError):
            heal(adventurer, **kwargs)  # type: ignore[arg-type]
    assert snapshot(adventurer) == before


def test_potion_points() -> None:
    assert potion_points(PACK.item("healing_potion")) == (6, 0)
    assert potion_points(PACK.item("small_psi_potion")) == (0, 3)
    with pytest.raises(HealthError, match="Antidote"):
        potion_points(PACK.item("antidote"))
    with pytest.raises(HealthError, match="Dagger"):
        potion_points(PACK.item("dagger"))


def test_drinking_a_potion_from_the_belt() -> None:
    adventurer = hero()
    adventurer.receive(PACK.item("small_healing_potion"), Slot.ACCESSORY)
    adventurer.mat = adventurer.mat.with_belt(PACK.item("healing_potion"))
    adventurer.change_points(hp=-8)
    use = drink_potion(adventurer, Location.belt(0))
    assert use.ap == 5 + 4 and use.healing.hp == (1, 7)
    assert adventurer.mat.find("healing_potion") is None, "a used potion is discarded"
    assert "Healing Potion" in use.explain()
    second = drink_potion(adventurer, Location.body(Slot.ACCESSORY))
    assert second.ap == 5 and adventurer.hp == 9


def test_a_potion_in_ones_own_backpack_cannot_be_drunk_and_nothing_changes() -> None:
    adventurer = hero()
    adventurer.mat = adventurer.mat.with_backpack(PACK.item("healing_potion"))
    adventurer.change_points(hp=-5)
    before = snapshot(adventurer)
    with pytest.raises(UseError, match="Backpack"):
        drink_potion(adventurer, Location.backpack(0))
    with pytest.raises(UseError, match="no card"):
        drink_potion(adventurer, Location.belt(0))
    with pytest.raises(HealthError):
        drink_potion(adventurer, "belt")  # type: ignore[arg-type]
    assert snapshot(adventurer) == before


def test_a_companions_potion_costs_5_more_from_anywhere_and_heals_the_target() -> None:
    """*Take, Use or Repair Other Items*: 5 AP + the potion's, even from the Backpack; the
    user may pour it into a third character (here the unconscious holder itself)."""
    user, holder = hero("Warrior"), hero("Mage")
    holder.mat = holder.mat.with_backpack(PACK.item("dagger"), PACK.item("healing_potion"))
    holder.change_points(hp=-12)
    use = drink_potion(user, Location.backpack(1), holder=holder, target=holder)
    assert use.ap == 5 + 5 and use.healing.hp == (-3, 3)
    assert holder.mat.find("healing_potion") is None
    assert "taken from Mage" in use.explain()


def test_the_last_card_on_a_mat_is_discarded_too() -> None:
    adventurer = hero()
    adventurer.receive(PACK.item("healing_potion"), Slot.ACCESSORY)
    drink_potion(adventurer, Location.body(Slot.ACCESSORY))
    assert len(adventurer.mat) == 0


def test_efficiency_saves_on_potions_and_on_reaching_into_a_companions_gear() -> None:
    user, holder = hero("Huntress"), hero("Mage")
    user.hero_bonuses = (PACK.bonus("efficiency"),)
    holder.mat = holder.mat.with_belt(PACK.item("small_healing_potion"))
    use = drink_potion(user, Location.belt(0), holder=holder, target=holder)
    assert use.ap == (5 - 3) + 2


def test_a_damaged_or_useless_potion_is_refused() -> None:
    user, holder = hero("Warrior"), hero("Mage")
    holder.mat = holder.mat.with_belt(PACK.item("healing_potion"), damaged=True)
    holder.mat = holder.mat.with_belt(PACK.item("dagger"))  # not a potion (the Antidote is, #6)
    before = snapshot(user, holder)
    with pytest.raises(UseError, match="damaged"):
        drink_potion(user, Location.belt(0), holder=holder)
    with pytest.raises(UseError, match="Dagger is not a potion"):
        drink_potion(user, Location.belt(1), holder=holder)
    assert snapshot(user, holder) == before


# -- recovering while unconscious --------------------------------------------------------------


def test_recovery_split_and_default_policy() -> None:
    mage = hero("Mage")
    mage.change_points(hp=-12, pp=-2)
    assert default_split(mage, 3) == (3, 0)
    mage.change_points(hp=10)
    assert (mage.hp, mage.pp) == (7, 6)
    assert default_split(mage, 3) == (1, 2)
    assert recover_unconscious(mage).hp[1] == 8


@pytest.mark.parametrize("split", [(2, 0), (4, -1), (1, 1, 1), "3,0", (1.5, 1.5)])
def test_recovery_refuses_a_split_that_is_not_3(split: object) -> None:
    mage = hero("Mage")
    mage.change_points(hp=-12)
    before = snapshot(mage)
    with pytest.raises(HealthError):
        recover_unconscious(mage, split)  # type: ignore[arg-type]
    assert snapshot(mage) == before


# -- reviving -----------------------------------------------------------------------------------


def test_revive_limits() -> None:
    assert revive_limits(23) == (5, 11)
    assert revive_limits(10) == (5, 5)
    assert revive_limits(9) is None and revive_limits(-4) is None
    assert revive_target(1) == 26 and revive_target(3) == 30
    assert not can_revive(23, 12) and not can_revive(23, 4) and can_revive(23, 11)
    assert "cannot revive" in can_revive(9, 5).reason


@given(healer_ap=st.integers(-20, 40), given_ap=st.integers(-5, 45))
def test_a_revive_never_costs_more_ap_than_allowed(healer_ap: int, given_ap: int) -> None:
    verdict = can_revive(healer_ap, given_ap)
    if verdict:
        assert 5 <= given_ap <= healer_ap // 2 < healer_ap
    else:
        assert verdict.reason


def test_a_successful_revive_gives_the_ap_and_a_point_per_critical() -> None:
    healer, target = hero("Priestess"), hero("Mage")
    target.change_points(hp=-12)
    # PER 8 + WIS 8 + 2D (10+10+4, 6) = 46 vs TN 26: 2 criticals.
    revival = revive(
        healer, target, ScriptedChance([10, 10, 4, 6]), healer_ap=20, ap_given=8, monster_level=1
    )
    assert revival.success and revival.ap_received == 8 and revival.bonus_points == 2
    assert target.hp == -1 and revival.healing is not None
    assert "wakes with 8 AP" in revival.explain()


def test_a_failed_revive_spends_the_ap_and_gives_nothing() -> None:
    healer, target = hero("Priestess"), hero("Mage")
    target.change_points(hp=-12)
    revival = revive(
        healer, target, ScriptedChance([3, 4]), healer_ap=20, ap_given=6, monster_level=2
    )
    assert not revival.success and revival.ap_received == 0 and revival.check.target == 28
    assert target.hp == -3 and "stays unconscious" in revival.explain()


def test_revive_split_chooser_is_used_and_checked() -> None:
    healer, target = hero("Priestess"), hero("Mage")
    target.change_points(hp=-5, pp=-5)

    def crit_revive(split: object) -> None:
        # PER 8 + WIS 8 + (10+10+1) + 4 = 41 vs TN 26: 1 critical.
        chance = ScriptedChance([10, 10, 1, 4])
        kwargs = {"healer_ap": 12, "ap_given": 5, "monster_level": 1}
        revive(healer, target, chance, split=split, **kwargs)  # type: ignore[arg-type]

    crit_revive(lambda who, n: (0, n))
    assert (target.hp, target.pp) == (4, 4)
    with pytest.raises(HealthError, match="to split"):
        crit_revive(lambda who, n: (n, 1))


@pytest.mark.parametrize(
    ("healer_ap", "ap_given", "level"),
    [(9, 5, 1), (20, 11, 1), (20, 4, 1), (20, 5, 0), (20, "5", 1)],
)
def test_bad_revives_change_nothing_and_roll_nothing(
    healer_ap: int, ap_given: int, level: int
) -> None:
    healer, target = hero("Priestess"), hero("Mage")
    target.change_points(hp=-12)
    before = snapshot(healer, target)
    chance = ScriptedChance([9, 9])
    with pytest.raises(HealthError):
        revive(healer, target, chance, healer_ap=healer_ap, ap_given=ap_given, monster_level=level)
    assert snapshot(healer, target) == before and chance.remaining == 2


def test_nobody_revives_themselves() -> None:
    healer = hero("Priestess")
    with pytest.raises(HealthError, match="themselves"):
        revive(healer, healer, ScriptedChance([9, 9]), healer_ap=20, ap_given=5, monster_level=1)


# -- repair costs ---------------------------------------------------------------------------


def test_repairing_a_companions_card_costs_5_more_and_it_stays_with_its_owner() -> None:
    owner, smith = hero("Warrior"), hero("Huntress")
    owner.mat = owner.mat.with_belt(PACK.item("dagger"), damaged=True)
    own = plan_repair(owner, Location.belt(0))
    other = plan_repair(owner, Location.belt(0), repairer=smith)
    assert other.ap == own.ap + 5
    assert "another character's item" in other.explain()
    cost = repair(owner, [Location.belt(0)], repairer=smith)
    assert cost.ap == other.ap and not owner.mat.at(Location.belt(0)).damaged
    smith.hero_bonuses = (PACK.bonus("efficiency"),)
    owner.damage_item(Location.belt(0))
    assert plan_repair(owner, Location.belt(0), repairer=smith).ap == own.ap - 3 + 2


def test_bad_repairs_are_refused_and_change_nothing() -> None:
    owner = hero("Warrior")
    owner.mat = owner.mat.with_belt(PACK.item("dagger"))
    before = copy.deepcopy(snapshot(owner))
    with pytest.raises(RepairError, match="not damaged"):
        repair(owner, Location.belt(0))
    with pytest.raises(HealthError):
        plan_repair(owner, "belt")  # type: ignore[arg-type]
    with pytest.raises(DoriaError):
        plan_repair(owner, Location.belt(0), repairer="Huntress")  # type: ignore[arg-type]
    assert snapshot(owner) == before
