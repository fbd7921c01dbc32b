"""What goes where on the table for N players (*General Setup*, *Table Setup*): the model of
:class:`~doria_nb.ui.table_setup_view.TableSetupView`, plain data without any widget.

Every number comes from the content pack and the engine, not from the rulebook's printed
game: the loot deck's size split into three stacks, the monster deck (special monsters left
out), the Monster Level deck a scenario starts with, the Room Tiles of the scenario, the Doom
Counter's start, the shop's slots, and for each seat the hero's Standard Items and how many
cards its hand fills to. What changes with the number of players is listed apart
(:attr:`TablePlan.player_counts`).

>>> plan = TablePlan.build(4)
>>> [seat.hero for seat in plan.seats]
['Warrior', 'Shield Maiden', 'Ranger', 'Huntress']
>>> plan.area("Monster Level Decks").items[0]
'Monster Level 1 deck on the table (levels 1 to 4 in the box)'
>>> TablePlan.build(7)  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
TablePlanError: A table seats 1 to 6 players (one character each), not 7.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from doria_nb.engine.cards import ContentPack, Marker
from doria_nb.engine.doom.counter import DoomCounter
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.monsters import LEVEL_CARDS
from doria_nb.engine.optional_rules.fate import starting_bonus_picks
from doria_nb.engine.optional_rules.monsters import starting_monster_level
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.progression import GroupXP
from doria_nb.engine.sections import Section
from doria_nb.engine.shop.records import SHOP_SLOTS
from doria_nb.engine.starting import hand_size
from doria_nb.engine.tiles import active_monster_colors

__all__ = ["LOOT_STACKS", "MAX_PLAYERS", "Area", "Seat", "TablePlan", "TablePlanError"]

MAX_PLAYERS = 6
"""Dungeons of Doria seats 1 to 6 cooperative players (*Game Overview*)."""
LOOT_STACKS = 3
"""The loot cards are split into three face-down stacks (*General Setup*)."""


class TablePlanError(DoriaError):
    """A table that cannot be set up: a player count outside 1 to 6, an unknown hero or
    scenario, a hero chosen twice."""


@dataclass(frozen=True, slots=True)
class Area:
    """One place on the table: its ``name`` (as *Table Setup* lists it), what lies there and
    the rulebook section that says so."""

    name: str
    items: tuple[str, ...]
    rule: Section

    def describe(self) -> str:
        return f"{self.name} ({self.rule}):\n" + "\n".join(f"  - {item}" for item in self.items)


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's place: the hero (its Character Mat), its Standard Items, the cards its
    hand fills to, and the hero bonuses a small group starts with."""

    player: int
    hero: str
    standard_items: tuple[str, ...]
    hand: int
    bonus_picks: int

    def describe(self) -> str:
        items = ", ".join(self.standard_items) or "no Standard Items"
        bonus = f"; {self.bonus_picks} hero bonus to choose" if self.bonus_picks else ""
        loot = self.hand - len(self.standard_items)
        return (
            f"Player {self.player}: the {self.hero}'s Character Mat and Sheet, an Initiative "
            f"Marker in a colour of the player's choice; Standard Items: {items}; draws Loot "
            f"Cards until the hand holds {self.hand} cards ({loot} with these items){bonus}."
        )


def _whole_players(players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool):
        raise TablePlanError(f"The number of players is a whole number, not {players!r}.")
    if not 1 <= players <= MAX_PLAYERS:
        raise TablePlanError(
            f"A table seats 1 to {MAX_PLAYERS} players (one character each), not {players}."
        )
    return players


def _split(total: int, parts: int) -> tuple[int, ...]:
    """``total`` cards dealt into ``parts`` stacks as evenly as they go.

    >>> _split(20, 3)
    (7, 7, 6)
    """
    size, rest = divmod(total, parts)
    return tuple(size + (1 if n < rest else 0) for n in range(parts))


@dataclass(frozen=True, slots=True)
class TablePlan:
    """The table for one group: every :class:`Area` and every :class:`Seat`."""

    players: int
    scenario: str | None
    areas: tuple[Area, ...]
    seats: tuple[Seat, ...]
    player_counts: tuple[str, ...]

    @classmethod
    def build(
        cls,
        players: int,
        *,
        heroes: Sequence[str] | None = None,
        scenario: str | None = "the_flooded_archive",
        pack: ContentPack | None = None,
        options: RulesOptions | None = None,
    ) -> TablePlan:
        """The table for ``players`` players (1 to 6), one hero each: ``heroes`` by id (the
        pack's first heroes if not given), ``scenario`` by id (``None``: exploring without
        one). Bad input raises :class:`TablePlanError` in words."""
        count = _whole_players(players)
        if pack is None:
            from doria_nb.content import starter_pack

            pack = starter_pack()
        options = options if options is not None else RulesOptions()
        chosen = list(heroes) if heroes is not None else [h.id for h in pack.heroes[:count]]
        if len(chosen) != count:
            raise TablePlanError(
                f"{count} players need {count} heroes, one each; {len(chosen)} were chosen."
            )
        if len(set(chosen)) != len(chosen):
            raise TablePlanError("Each hero can be played by one player only; one is chosen twice.")
        try:
            templates = [pack.hero(h) for h in chosen]
            record = pack.scenario(scenario) if scenario is not None else None
        except DoriaError as error:
            raise TablePlanError(str(error)) from None
        hand, picks = hand_size(count), starting_bonus_picks(options, count)
        seats = tuple(
            Seat(n, t.name, tuple(i.name for i in t.standard_items), hand, picks)
            for n, t in enumerate(templates, start=1)
        )
        areas = _areas(pack, record, count, options)
        return cls(count, scenario, areas, seats, _counts(count, hand, picks))

    def area(self, name: str) -> Area:
        """The area called ``name`` (as *Table Setup* lists it)."""
        for area in self.areas:
            if area.name == name:
                return area
        raise TablePlanError(
            f"The table has no area {name!r}; it has {', '.join(a.name for a in self.areas)}."
        )

    def describe(self) -> str:
        """The whole table in words, area by area, then the seats."""
        parts = [a.describe() for a in self.areas]
        parts.append("Character Mats & Sheets, Character Equipment (Table Setup):")
        parts += [f"  - {seat.describe()}" for seat in self.seats]
        parts.append(f"What depends on the {self.players} players:")
        parts += [f"  - {line}" for line in self.player_counts]
        return "\n".join(parts)


def _counts(players: int, hand: int, picks: int) -> tuple[str, ...]:
    colors = sorted(c.value for c in active_monster_colors(players))
    lines = [
        f"each hand fills to {hand} cards (Preparing Characters; Special Rules for 1 or 2 Players)",
        f"monster icons in play: {', '.join(colors)} (Monster Icons on a Room Tile)",
        f"one Attribute Point costs {GroupXP(players).cost} Group XP (Experience Points)",
        f"{players} Initiative Marker{'s' if players > 1 else ''} for characters, one per "
        "character (Phase C)",
    ]
    if picks:
        lines.append(f"each hero starts with {picks} hero bonus (Special Rules for 1 or 2 Players)")
    return tuple(lines)


def _areas(
    pack: ContentPack, scenario: object, players: int, options: RulesOptions
) -> tuple[Area, ...]:
    loot = pack.loot_deck()
    stacks = _split(len(loot), LOOT_STACKS)
    deck = pack.monster_deck()
    special = [m.name for m in pack.monsters if m.special]
    start_tile = getattr(scenario, "start_tile", "A-1")
    tile_ids = getattr(scenario, "tiles", None)
    tiles = len(tile_ids) if tile_ids is not None else len(pack.tiles)
    level = starting_monster_level(options, int(getattr(scenario, "monster_level", 1)))
    doom = DoomCounter.start()
    doom_at = "the red monster head" if doom.square is None else f"square {doom.square}"
    name = getattr(scenario, "name", None)
    markers = ", ".join(m.value.replace("_", " ") for m in Marker)
    return (
        Area(
            "Initiative Board",
            (
                "the Initiative Board, with the Initiative Markers next to it",
                f"the Doom Counter on its start: {doom_at}",
                "the Round Marker on the first round, the XP Marker at 0 Group XP",
            ),
            Section.GENERAL_SETUP,
        ),
        Area(
            "Room Tile Deck",
            (
                f"{tiles - (1 if tile_ids is None or start_tile in tile_ids else 0)} Room "
                f"Tiles face down ({f'the deck of {name}' if name else 'every tile of the pack'})",
            ),
            Section.GENERAL_SETUP,
        ),
        Area(
            "3 Loot Decks",
            (
                f"{len(loot)} Loot Cards shuffled into {LOOT_STACKS} face-down stacks of "
                f"{', '.join(str(s) for s in stacks)}; draw from any of them",
            ),
            Section.GENERAL_SETUP,
        ),
        Area(
            "Shop Items",
            (f"{SHOP_SLOTS} places for shop cards, filled in Phase B",),
            Section.PHASE_B,
        ),
        Area(
            "Monster Deck",
            (
                f"{len(deck)} cards (monsters and modifiers) shuffled face down",
                f"kept out: {', '.join(special)}" if special else "nothing is kept out",
            ),
            Section.GENERAL_SETUP,
        ),
        Area(
            "Monster Level Decks",
            (f"Monster Level {level} deck on the table (levels 1 to {LEVEL_CARDS} in the box)",),
            Section.GENERAL_SETUP,
        ),
        Area(
            "Current Monster in play",
            ("the level cards of the monsters on the board",),
            Section.TABLE_SETUP,
        ),
        Area(
            "Sorted Markers and Figurines",
            (
                "the dice",
                f"Dungeon Markers ({markers}), Damaged Markers and Bonus Markers, sorted",
                f"monster figurines: {sum(m.figures for m in pack.monsters)} in the box",
            ),
            Section.GENERAL_SETUP,
        ),
        Area(
            "Play area",
            (
                f"the start tile {start_tile}, with the start positions I to {_roman(players)} "
                "for the heroes",
                f"the scenario: {name}" if name else "no scenario: agree on an end condition first",
            ),
            Section.GENERAL_SETUP,
        ),
    )


def _roman(n: int) -> str:
    return ("I", "II", "III", "IV", "V", "VI")[n - 1]
