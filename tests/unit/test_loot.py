"""Defeated monsters: loot draws, traps in order, Group XP, Stop Loot and the immutable loot
deck (doria_nb.engine.loot)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from doria_nb.content import starter_pack
from doria_nb.engine.cards import CardType
from doria_nb.engine.chance import Chance, ScriptedChance
from doria_nb.engine.errors import HealthError
from doria_nb.engine.events import EventLog
from doria_nb.engine.loot import Defeated, LootDeck, continue_loot, defeat
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck, draw_monster
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.starting import CardDrawn

PACK = starter_pack()
MODIFIERS = PACK.modifiers


def cards(*ids: str):
    return [PACK.item(card_id) for card_id in ids]


def test_a_plain_monster_gives_one_card_and_one_xp() -> None:
    orc = Defeated("Orc")
    assert (orc.loot_cards, orc.xp) == (1, 1)


def test_modifiers_add_cards_and_xp() -> None:
    horde = PACK.modifier("horde")
    faster = PACK.modifier("faster")
    boss = Defeated("Orc", (horde, faster))
    assert boss.loot_cards == 1 + horde.loot + faster.loot
    assert boss.xp == 1 + horde.xp + faster.xp
    assert Defeated("Orc", horde).modifiers == (horde,)


def test_each_figure_of_a_group_pays_the_modifiers_it_carries() -> None:
    """*Defeated Monsters*: "for each monster defeated" 1 XP and the modifiers' XP; a Horde
    of three exploding Zombies pays the modifiers three times (ruling H31, re-decided)."""
    horde, explosion = PACK.modifier("horde"), PACK.modifier("explosion")
    mods = (explosion, horde)
    group = [Defeated("Zombie", mods) for _ in range(3)]
    assert [d.loot_cards for d in group] == [1 + explosion.loot + horde.loot] * 3
    assert sum(d.xp for d in group) == 3 * (1 + explosion.xp + horde.xp)


def test_defeated_from_a_monster_draw() -> None:
    deck = MonsterDeck.stacked([PACK.modifier("blocker"), PACK.monster("orc")])
    draw, _ = draw_monster(deck, Chance.seeded(0))
    defeated = Defeated(draw.name, draw.modifiers)
    assert defeated.name == "Blocker Orc" and defeated.loot_cards == 2


@pytest.mark.parametrize("bad", [("", ()), ("Orc", ("blocker",)), (3, ())])
def test_bad_defeated_monsters_are_refused(bad: tuple[object, object]) -> None:
    with pytest.raises(HealthError):
        Defeated(*bad)  # type: ignore[arg-type]


def test_traps_are_returned_in_order_and_not_played() -> None:
    deck = LootDeck.stacked(cards("log_trap", "dagger", "boulder_trap", "healing_potion"))
    kills = [Defeated("Orc", (PACK.modifier("blocker"),)), Defeated("Goblin"), Defeated("Rat")]
    draw, after = defeat(kills, deck, Chance.seeded(1))
    assert [c.id for c in draw.cards] == ["log_trap", "dagger", "boulder_trap", "healing_potion"]
    assert [c.id for c in draw.traps] == ["log_trap", "boulder_trap"]
    assert all(c.type is CardType.TRAP for c in draw.traps)
    assert len(after) == 0 and after.discard_pile == ()
    assert "Log Trap (trap)" in draw.explain()


def test_the_deck_is_immutable_and_reshuffles_its_discards() -> None:
    deck = LootDeck.stacked(cards("dagger")).discard(cards("healing_potion", "log_trap"))
    draw, after = defeat([Defeated("Orc"), Defeated("Goblin")], deck, ScriptedChance([0]))
    assert len(deck) == 1 and len(deck.discard_pile) == 2, "the old deck is unchanged"
    assert draw.reshuffled and len(draw.cards) == 2 and draw.cards[0].id == "dagger"
    assert len(after) == 1 and after.discard_pile == ()
    assert "shuffled in" in draw.explain()


def test_an_exhausted_deck_draws_short() -> None:
    draw, _ = defeat([Defeated("Orc"), Defeated("Goblin")], LootDeck(), Chance.seeded(0))
    assert draw.cards == () and draw.short == 2 and draw.xp == 2
    assert "could not be drawn" in draw.explain()


def test_draws_are_logged_as_events() -> None:
    log = EventLog()
    defeat(
        Defeated("Orc"), LootDeck.stacked(cards("dagger")), Chance.seeded(0), who="Mage", log=log
    )
    events = list(log)
    assert len(events) == 1 and isinstance(events[0], CardDrawn)
    assert events[0].card == "dagger" and events[0].drawer == "Mage"


def test_a_seeded_deck_is_reproducible() -> None:
    first = LootDeck.shuffled(PACK, Chance.seeded(42))
    second = LootDeck.shuffled(PACK, Chance.seeded(42))
    assert first == second and len(first) == len(PACK.loot_deck())


def test_stop_loot_with_the_trap_last_does_not_pause() -> None:
    deck = LootDeck.stacked(cards("dagger", "log_trap", "healing_potion"))
    draw, after = defeat(
        [Defeated("Orc"), Defeated("Goblin")],
        deck,
        Chance.seeded(0),
        options=RulesOptions(stop_loot=True),
    )
    assert not draw.paused and [c.id for c in draw.cards] == ["dagger", "log_trap"]
    assert [c.id for c in after.draw_pile] == ["healing_potion"]


def test_stop_loot_leaves_the_rest_on_top_when_the_player_stops() -> None:
    deck = LootDeck.stacked(cards("log_trap", "dagger", "healing_potion"))
    draw, after = defeat(
        [Defeated("Orc"), Defeated("Goblin")],
        deck,
        Chance.seeded(0),
        options=RulesOptions(stop_loot=True),
    )
    assert draw.paused and draw.remaining == 1 and draw.xp == 2
    assert [c.id for c in after.draw_pile] == ["dagger", "healing_potion"]


def test_only_a_paused_draw_continues() -> None:
    draw, deck = defeat(Defeated("Orc"), LootDeck.stacked(cards("dagger")), Chance.seeded(0))
    with pytest.raises(HealthError, match="Stop Loot"):
        continue_loot(draw, deck, Chance.seeded(0))


@pytest.mark.parametrize(
    "call",
    [
        lambda deck: defeat([], deck, Chance.seeded(0)),
        lambda deck: defeat(["Orc"], deck, Chance.seeded(0)),  # type: ignore[list-item]
        lambda deck: defeat(Defeated("Orc"), list(deck.draw_pile), Chance.seeded(0)),
        lambda deck: defeat(Defeated("Orc"), deck, 7),
        lambda deck: defeat(Defeated("Orc"), deck, Chance.seeded(0), options="yes"),
        lambda deck: deck.draw(-1, Chance.seeded(0)),
        lambda deck: LootDeck.stacked(["dagger"]),
    ],
)
def test_bad_input_is_refused_and_draws_nothing(call) -> None:
    deck = LootDeck.stacked(cards("dagger", "log_trap"))
    chance_before = len(deck)
    with pytest.raises(HealthError):
        call(deck)
    assert len(deck) == chance_before and deck.draw_pile[0].id == "dagger"


@given(
    kills=st.lists(
        st.lists(st.sampled_from(MODIFIERS), max_size=3).map(tuple), min_size=1, max_size=4
    ),
    seed=st.integers(0, 1000),
    stop_loot=st.booleans(),
)
def test_every_owed_card_is_drawn_paused_or_short(
    kills: list[tuple[object, ...]], seed: int, stop_loot: bool
) -> None:
    defeated = [Defeated(f"Monster {i}", mods) for i, mods in enumerate(kills)]  # type: ignore[arg-type]
    deck = LootDeck.shuffled(PACK, Chance.seeded(seed))
    draw, after = defeat(
        defeated, deck, Chance.seeded(seed), options=RulesOptions(stop_loot=stop_loot)
    )
    assert len(draw.cards) + draw.remaining + draw.short == draw.owed
    assert len(after) + len(draw.cards) == len(deck)
    assert draw.xp == sum(1 + sum(m.xp for m in mods) for mods in kills)  # type: ignore[attr-defined]
    if stop_loot and draw.paused:
        assert draw.cards[-1].type is CardType.TRAP and len(draw.traps) == 1
