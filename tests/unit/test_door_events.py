"""Resolving Door Event cards and the Door Event deck (*Optional Rule: Door Events*;
doria_nb.engine.door_events)."""

from __future__ import annotations

import dataclasses

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.attributes import Attribute, Attributes
from doria_nb.engine.cards import CheckSpec
from doria_nb.engine.chance import Chance, ScriptedChance
from doria_nb.engine.character import Character
from doria_nb.engine.door_events import (
    DoorEffect,
    DoorEffectKind,
    DoorEventCard,
    DoorEventDeck,
    DoorEventError,
    DoorEventOutcome,
    resolve_door_event,
)
from doria_nb.engine.events import DiceRolled, EventLog
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.starting import CardDrawn

K = DoorEffectKind
AGI_PER = CheckSpec((Attribute.AGI, Attribute.PER), 24, 2)  # TN 26 at Monster Level 1


def hero() -> Character:
    """AGI 11 + PER 9 = 20: a check against TN 26 needs 6 on 2D. HP 8, PP 7."""
    return Character("Scoundrel", Attributes(STR=8, CON=8, AGI=11, PER=9, WIS=7, PSI=7))


def card(kind: DoorEffectKind, amount: int = 0, check: CheckSpec | None = None) -> DoorEventCard:
    return DoorEventCard(
        f"test_{kind}", f"Test {kind}", "A test card.", DoorEffect(kind, amount, check)
    )


def resolve(c: DoorEventCard, faces: list[int], **kwargs: object) -> DoorEventOutcome:
    chance = ScriptedChance(faces)
    kwargs.setdefault("monster_level", 1)
    outcome = resolve_door_event(c, kwargs.pop("opener", hero()), chance, **kwargs)  # type: ignore[arg-type]
    assert chance.remaining == 0, "every scripted face is used"
    return outcome


def numbers(outcome: DoorEventOutcome) -> dict[str, int]:
    names = ("damage", "poison", "heal", "ap_change", "pp_change", "doom_steps", "monsters")
    values = {name: getattr(outcome, name) for name in (*names, "loot_cards")}
    return {name: value for name, value in values.items() if value}


# -- every kind ---------------------------------------------------------------------------------


def test_no_event_rolls_nothing_and_changes_nothing() -> None:
    outcome = resolve(card(K.NONE), [])
    assert outcome.check is None and outcome.nothing and numbers(outcome) == {}
    assert outcome.rule is Section.DOOR_EVENTS
    assert outcome.explain() == "Test none (Scoundrel): No event; the door opens as usual."


def test_damage_unless_the_check_succeeds() -> None:
    failed = resolve(card(K.DAMAGE, 2, AGI_PER), [3, 2])  # 20 + 5 = 25 < 26
    assert not failed.check.success  # type: ignore[union-attr]
    assert numbers(failed) == {"damage": 2}
    assert failed.explain().endswith("Scoundrel takes 2 damage.")
    passed = resolve(card(K.DAMAGE, 2, AGI_PER), [4, 2])  # 26: the TN is enough
    assert passed.avoided and numbers(passed) == {}
    assert "escapes it: no 2 damage." in (passed.explain())


def test_damage_without_a_check_always_happens() -> None:
    outcome = resolve(card(K.DAMAGE, 1), [])
    assert outcome.check is None and numbers(outcome) == {"damage": 1}


def test_the_check_target_grows_with_the_monster_level() -> None:
    """TN = tn + per_level x Monster Level: 24 + 2 x 3 = 30 at ML 3."""
    outcome = resolve(card(K.DAMAGE, 2, AGI_PER), [6, 3], monster_level=3)  # 29 < 30
    assert outcome.check.target == 30 and outcome.damage == 2  # type: ignore[union-attr]
    assert resolve(card(K.DAMAGE, 2, AGI_PER), [6, 4], monster_level=3).avoided


def test_criticals_do_not_change_a_door_event() -> None:
    """Ruling DE3: a critical failure adds no damage (as a trap's, *Traps and Secret Doors*);
    a fumble simply fails."""
    tough = DoorEventCard(
        "t", "Tough", "", DoorEffect(K.DAMAGE, 2, CheckSpec(AGI_PER.attributes, 60))
    )
    outcome = resolve(tough, [2, 3], options=RulesOptions(critical_trap_rolls=True))
    assert outcome.check.critical_failures == 3 and outcome.damage == 2  # type: ignore[union-attr]
    fumble = resolve(card(K.DAMAGE, 2, CheckSpec(AGI_PER.attributes, 5)), [1, 1])
    assert fumble.check.fumbled and fumble.damage == 2  # type: ignore[union-attr]
    no_fumbles = resolve(
        card(K.DAMAGE, 2, CheckSpec(AGI_PER.attributes, 5)),
        [1, 1],
        options=RulesOptions(no_fumbles=True),
    )
    assert no_fumbles.avoided


def test_poison_markers_unless_the_check() -> None:
    check = CheckSpec((Attribute.CON, Attribute.WIS), 24, 2)  # 15 + 2D against 26
    assert numbers(resolve(card(K.POISON, 2, check), [5, 5])) == {"poison": 2}
    assert resolve(card(K.POISON, 2, check), [10, 1, 5]).avoided  # 10 explodes: 16 + 15 = 31


def test_doom_steps() -> None:
    outcome = resolve(card(K.DOOM, 2), [])
    assert numbers(outcome) == {"doom_steps": 2}
    assert outcome.explain().endswith("The Doom Counter moves 2 squares on.")
    assert resolve(card(K.DOOM, 1, AGI_PER), [5, 5]).doom_steps == 0


def test_an_extra_monster_at_the_opened_door() -> None:
    outcome = resolve(card(K.MONSTER, 1), [])
    assert numbers(outcome) == {"monsters": 1}
    assert "An extra monster is drawn and placed at the opened door." in outcome.explain()
    assert resolve(card(K.MONSTER, 1, AGI_PER), [2, 2]).monsters == 1


def test_loot_cards() -> None:
    outcome = resolve(card(K.LOOT, 2), [])
    assert numbers(outcome) == {"loot_cards": 2}
    assert "draws 2 Loot Cards" in outcome.explain()


def test_healing_stops_at_the_maximum() -> None:
    """Ruling Y24: healing never goes above the maximum HP."""
    wounded = hero()
    wounded.change_points(hp=-3)
    assert resolve(card(K.HEAL, 2), [], opener=wounded).heal == 2
    outcome = resolve(card(K.HEAL, 5), [], opener=wounded)
    assert outcome.heal == 3
    assert outcome.explain().endswith("regains 3 HP (2 wasted at the maximum).")
    assert resolve(card(K.HEAL, 2), []).heal == 0


def test_action_points_move_the_initiative_marker() -> None:
    assert numbers(resolve(card(K.AP, 3), [])) == {"ap_change": 3}
    stuck = resolve(card(K.AP, -4, AGI_PER), [1, 2])
    assert numbers(stuck) == {"ap_change": -4}
    assert stuck.explain().endswith("Initiative Marker moves 4 down.")
    assert resolve(card(K.AP, -4, AGI_PER), [9, 9]).ap_change == 0


def test_psi_points_lost_or_regained() -> None:
    drained = resolve(card(K.PP, -2), [])
    assert numbers(drained) == {"pp_change": -2}
    assert drained.explain().endswith("Scoundrel loses 2 PP.")
    assert resolve(card(K.PP, 3), []).pp_change == 0  # already at the maximum
    tired = hero()
    tired.change_points(pp=-2)
    assert resolve(card(K.PP, 3), [], opener=tired).pp_change == 2


def test_the_check_is_logged_under_door_events() -> None:
    log = EventLog()
    resolve_door_event(
        card(K.DAMAGE, 2, AGI_PER), hero(), ScriptedChance([5, 5], log), monster_level=1
    )
    rolls = [event for event in log if isinstance(event, DiceRolled)]
    assert len(rolls) == 1 and rolls[0].rule is Section.DOOR_EVENTS


@pytest.mark.parametrize(
    "kwargs",
    [
        {"monster_level": 0},
        {"monster_level": 1, "options": "no fumbles"},
        {"monster_level": 1, "opener": "the Mage"},
        {"monster_level": 1, "card": "Spore Cloud"},
    ],
)
def test_bad_requests_roll_no_die(kwargs: dict[str, object]) -> None:
    chance = ScriptedChance([5, 5])
    args = {"card": card(K.DAMAGE, 2, AGI_PER), "opener": hero(), "chance": chance, **kwargs}
    with pytest.raises(DoorEventError):
        resolve_door_event(args.pop("card"), args.pop("opener"), args.pop("chance"), **args)  # type: ignore[arg-type]
    assert chance.remaining == 2


# -- the effect record ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "amount", "check", "field_name"),
    [
        ("explode", 1, None, "kind"),
        (K.NONE, 1, None, "amount"),
        (K.NONE, 0, AGI_PER, "check"),
        (K.DAMAGE, 0, None, "amount"),
        (K.MONSTER, -1, None, "amount"),
        (K.AP, 0, None, "amount"),
        (K.HEAL, 2, AGI_PER, "check"),
        (K.LOOT, 1, AGI_PER, "check"),
        (K.PP, 2, AGI_PER, "check"),
        (K.DOOM, 1.5, None, "amount"),
    ],
)
def test_bad_effects_are_refused(
    kind: object, amount: object, check: CheckSpec | None, field_name: str
) -> None:
    with pytest.raises(DoorEventError) as info:
        DoorEffect(kind, amount, check)  # type: ignore[arg-type]
    assert info.value.field == field_name


def test_a_kind_may_be_given_by_its_name() -> None:
    assert DoorEffect("poison", 1).kind is K.POISON  # type: ignore[arg-type]
    assert DoorEffect(K.AP, -3, AGI_PER).harmful and not DoorEffect(K.AP, 3).harmful


# -- the deck --------------------------------------------------------------------------------------


def test_the_shuffled_deck_is_the_whole_pack_deck() -> None:
    pack = starter_pack()
    deck = DoorEventDeck.shuffled(pack, Chance.seeded(1))
    assert sorted(c.id for c in deck.draw_pile) == sorted(c.id for c in pack.door_event_deck())
    assert deck == DoorEventDeck.shuffled(pack, Chance.seeded(1))
    assert deck != DoorEventDeck.shuffled(pack, Chance.seeded(2))


def test_no_event_cards_may_be_left_out() -> None:
    """The rule lets a group remove as many No Event cards as it likes."""
    pack = starter_pack()
    deck = DoorEventDeck.shuffled(pack, Chance.seeded(1), leave_out_no_event=5)
    assert len(deck) == len(pack.door_event_deck()) - 5
    assert sum(c.no_event for c in deck.draw_pile) == 7
    assert not any(
        c.no_event
        for c in DoorEventDeck.shuffled(pack, Chance.seeded(1), leave_out_no_event=12).draw_pile
    )
    with pytest.raises(DoorEventError, match="leave out 0 to 12, not 13"):
        DoorEventDeck.shuffled(pack, Chance.seeded(1), leave_out_no_event=13)


def test_draw_and_discard() -> None:
    a, b = card(K.NONE), card(K.DOOM, 1)
    deck = DoorEventDeck.stacked([a, b])
    log = EventLog()
    first, deck, reshuffled = deck.draw(ScriptedChance([]), who="the Mage", log=log)
    assert first is a and not reshuffled and len(deck) == 1
    assert [e for e in log if isinstance(e, CardDrawn)] == [
        CardDrawn(Section.DOOR_EVENTS, "the Mage", a.id)
    ]
    deck = deck.discard(first)
    assert deck.discard_pile == (a,)
    with pytest.raises(dataclasses.FrozenInstanceError):
        deck.draw_pile = ()  # type: ignore[misc]


def test_an_empty_draw_pile_takes_the_discard_pile_reshuffled() -> None:
    """Ruling DE4 (as H29 for the loot deck)."""
    a, b = card(K.NONE), card(K.DOOM, 1)
    deck = DoorEventDeck((), (a, b))
    drawn, deck, reshuffled = deck.draw(ScriptedChance([0]))  # Fisher-Yates swaps the two
    assert reshuffled and drawn is b and deck.draw_pile == (a,) and deck.discard_pile == ()


def test_both_piles_empty_means_no_event() -> None:
    drawn, deck, reshuffled = DoorEventDeck().draw(ScriptedChance([]))
    assert drawn is None and not reshuffled and deck == DoorEventDeck()


def test_a_deck_holds_door_event_cards_only() -> None:
    with pytest.raises(DoorEventError):
        DoorEventDeck.stacked(["spore_cloud"])  # type: ignore[list-item]
    with pytest.raises(DoorEventError):
        DoorEventDeck().discard("spore_cloud")  # type: ignore[arg-type]


def test_every_starter_card_resolves() -> None:
    """Each card of the starter deck resolves for a premade hero, whatever the dice."""
    pack = starter_pack()
    mage = Character.from_template(pack.hero("mage"))
    for door_card in pack.door_events:
        for faces in ([1, 1], [10, 10, 10, 5, 5]):
            chance = ScriptedChance(faces)
            outcome = resolve_door_event(door_card, mage, chance, monster_level=2)
            assert outcome.card is door_card and outcome.explain().startswith(door_card.name)
            assert (outcome.check is None) == (door_card.effect.check is None)
