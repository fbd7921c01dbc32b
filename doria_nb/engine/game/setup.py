"""A new game from a scenario, heroes and a seed (*General Setup*, *Preparing Characters*,
*Single Scenario Mode*).

The loot cards are shuffled (the three loot decks are one shuffled deck split in three, so one
pile stands for them), each hero takes its Standard Items and draws Loot Cards up to its hand
size (6; 8 with two characters, 10 alone), replacing traps and events as the default policy
does, and arranges its cards by :func:`~doria_nb.engine.starting.outfit`. The monster deck
and the scenario's room tiles are shuffled; the start tile is laid; a created hero (a
campaign's, *Optional Rule: Create Heroes*) takes the Standard Items its players chose and
draws Loot Cards as a custom hero does; the Doom Counter stands on its start. The heroes are
placed on the start positions by their first initiative, in Phase C of round 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from doria_nb.engine.cards import CardType, ContentPack, HeroTemplate
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.doom.counter import DoomCounter, doom_track_for
from doria_nb.engine.door_events import DoorEventDeck
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.events import EventLog
from doria_nb.engine.exploration import TileDeck
from doria_nb.engine.loot import LootDeck
from doria_nb.engine.mat import Area
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
from doria_nb.engine.optional_rules.fate import FatePool, starting_bonus_picks
from doria_nb.engine.optional_rules.monsters import starting_monster_level
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.progression import GroupXP
from doria_nb.engine.shop.records import EMPTY_SHOP
from doria_nb.engine.situation import Situation
from doria_nb.engine.situation.figure import FIGURE_LETTERS
from doria_nb.engine.starting import (
    LootPile,
    deal_custom,
    deal_premade,
    first_phase_h_rewards,
    outfit,
    settle,
)
from doria_nb.engine.table.records import GameError, HeroSeat
from doria_nb.engine.table.state import GameState

__all__ = ["hero_letters", "new_state"]

MAX_HEROES = 6


def hero_letters(names: Sequence[str]) -> tuple[str, ...]:
    """A board letter per hero: its initial if free (upper case), else the next free letter.

    >>> hero_letters(["Mage", "Warrior", "Maiden"])
    ('M', 'W', 'A')
    """
    taken: list[str] = []
    for name in names:
        candidates = [c for c in name.upper() if c in FIGURE_LETTERS and c.isupper()]
        candidates += [c for c in FIGURE_LETTERS if c.isupper()]
        taken.append(next(c for c in candidates if c not in taken))
    return tuple(taken)


def _pick_bonuses(pack: ContentPack, character: Character) -> None:
    """The hero bonuses of a start above hero level 1 (*Special Rules for 1 or 2 Players*,
    *Easier Overall Game*): the default policy takes the first the hero may choose, in the
    pack's order (the players choose freely at the table)."""
    while character.bonuses_to_choose > 0:
        choices = [b for b in pack.bonuses if character.can_choose_bonus(b)]
        if not choices:
            return
        character.choose_bonus(choices[0])


def _fate(options: RulesOptions, seats: dict[str, HeroSeat]) -> FatePool | None:
    """*Fate Points*: one point per hero level and character, kept per character or by the
    group; ``None`` when the rule is off."""
    if options.fate_points == "off":
        return None
    return FatePool.start(options, {s.name: s.character.level for s in seats.values()})


def new_state(
    pack: ContentPack,
    scenario: object,
    heroes: Sequence[str],
    seed: int,
    options: RulesOptions,
    created: Mapping[str, HeroTemplate] | None = None,
) -> GameState:
    """The state before round 1 (see the module text). ``created`` holds the templates of
    heroes the players created (*Optional Rule: Create Heroes*, a campaign's created heroes)
    by id: they are dealt as custom heroes, their chosen Standard Items then Loot Cards."""
    created = created or {}
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise GameError(f"A game's seed is a whole number, not {seed!r}.")
    names = list(heroes)
    if not 1 <= len(names) <= MAX_HEROES:
        raise GameError(f"A game has 1 to {MAX_HEROES} heroes, not {len(names)}.")
    templates = []
    for hero in names:
        if hero in created:
            templates.append(created[hero])
            continue
        try:
            templates.append(pack.hero(hero))
        except ValueError as error:
            raise GameError(str(error)) from None
    if len({t.id for t in templates}) != len(templates):
        raise GameError("Each hero may join the party once.")
    log = EventLog()
    chance = Chance.seeded(seed, log)
    pile = LootPile(pack.loot_deck(), chance, log)
    seats: dict[str, HeroSeat] = {}
    hands = []
    letters = hero_letters([t.name for t in templates])
    for letter, template in zip(letters, templates, strict=True):
        character = Character.from_template(
            template, dodge=pack.dodge, psi_resistance=pack.psi_resistance, log=log
        )
        if template.id in created:
            dealt = deal_custom(
                template.name,
                pile,
                len(templates),
                standard=template.standard_items,
                options=options,
            )
        else:
            dealt = deal_premade(template, pile, len(templates))
        hand = settle(dealt, pile)
        hands.append(hand)
        for card in hand.cards:
            if not card.standard and card.type not in (CardType.TRAP, CardType.EVENT):
                character.receive(card, Area.BACKPACK)
        outfit(character)
        picks = starting_bonus_picks(options, len(templates))
        if picks:
            character.set_level(character.level + picks)
            _pick_bonuses(pack, character)
        seats[letter] = HeroSeat(letter, character)
    loot = LootDeck(tuple(reversed(pile._cards)), tuple(pile.discards))
    start_tile = getattr(scenario, "start_tile", "A-1")
    dungeon = Dungeon.start(pack.tile(start_tile))
    tile_ids = getattr(scenario, "tiles", None)
    tiles = pack.tiles if tile_ids is None else tuple(pack.tile(t) for t in tile_ids)
    tile_deck = TileDeck.shuffled(tiles, chance, leave_out=(start_tile,))
    monster_deck = MonsterDeck.shuffled(pack, chance)
    door_deck = DoorEventDeck.shuffled(pack, chance) if options.door_events else None
    return GameState(
        pack=pack,
        options=options,
        scenario=scenario,
        chance=chance,
        log=log,
        situation=Situation(dungeon, ()),
        heroes=seats,
        monsters={},
        loot=loot,
        monster_deck=monster_deck,
        tile_deck=tile_deck,
        doom=DoomCounter.start(doom_track_for(options.readings)),
        group_xp=GroupXP(len(templates)),
        monster_level=starting_monster_level(options, int(getattr(scenario, "monster_level", 1))),
        player_count=len(templates),
        setup_rewards_due=first_phase_h_rewards(hands),
        shop=EMPTY_SHOP,
        door_deck=door_deck,
        fate=_fate(options, seats),
    )
