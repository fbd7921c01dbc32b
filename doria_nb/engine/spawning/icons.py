"""Spawning monsters on the monster icons of a room tile just revealed.

* :func:`spawn_monsters` draws a monster for each icon (*Monster Icons on a Room Tile*), with
  the modifiers drawn before it (*Monster modifiers*), and places its figures: the first on
  the icon, every further one as close as possible to the first (*Multiple monsters per
  monster icon*). A monster with no figure left in the box gives an existing monster of its
  kind an Extra Activation instead, and that monster inherits the modifiers.

Its siblings in :mod:`doria_nb.engine.spawning`, one job each: :mod:`.placement` (where the
monsters of one icon stand, :func:`~.placement.place_group`), :mod:`.draw` (drawing a monster
and the figure limit), :mod:`.records` (the records returned), :mod:`.board` (letters,
distances and words shared by them) and :mod:`.refill` (the Phase G refill at the entrance).

Nothing here runs an activation: an :class:`ExtraActivation` says who acts and why, and
:attr:`SpawnResult.acts_now` lists the new monsters that act at once because they are higher
on the Initiative Board than the current character (*Current initiative for monsters*).

Every function answers with a :class:`~doria_nb.engine.monster_ai.trace.Trace`. When the
rules leave a tie between squares, the trace says the players decide and names the squares;
the engine then takes the first in reading order so that play can go on.

>>> from doria_nb.content import starter_pack
>>> from doria_nb.engine.chance import ScriptedChance
>>> from doria_nb.engine.situation import Situation
>>> pack = starter_pack()
>>> s = Situation.from_text('''
... map:
...   ####D####
...   #.......#
...   #.w.....#
...   #.....H.#
...   #########
... figures:
...   H = hero Huntress AP 12 STR 7 AGI 10 WIS 6
... ''')
>>> deck = MonsterDeck.stacked([pack.monster("goblin")])
>>> done = spawn_monsters(s, [Square(2, 2)], deck, ScriptedChance([]), pack=pack,
...     player_count=1)
>>> print(done.situation)
####D####
#.......#
#.ab....#
#.....H.#
#########
>>> [(f.name, f.letter, f.ap) for f in done.situation.monsters]
[('Goblin', 'a', 13), ('Goblin', 'b', 13)]
"""

from __future__ import annotations

from collections.abc import Iterable

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.chance import Chance
from doria_nb.engine.errors import MonsterAIError
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
from doria_nb.engine.monster_ai.trace import Decision
from doria_nb.engine.monsters import MonsterModifier
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.spawning.board import check_square, plural, square_key
from doria_nb.engine.spawning.draw import Spawner, check_spawn_args
from doria_nb.engine.spawning.records import ExtraActivation, Spawned, SpawnResult
from doria_nb.engine.tiles import monster_icon_active

__all__ = ["ExtraActivation", "SpawnResult", "Spawned", "spawn_monsters"]

_ICONS = Section.MONSTER_ICONS
_COLORS = Section.MONSTER_ICON_COLORS
_NO_CONNECTION = Section.NO_CONNECTION
_MULTIPLE = Section.MULTIPLE_MONSTERS


def spawn_monsters(
    situation: Situation,
    icons: Iterable[Square],
    deck: MonsterDeck,
    chance: Chance,
    *,
    pack: ContentPack,
    level: int = 1,
    player_count: int,
    current_initiative: int | None = None,
    options: RulesOptions | None = None,
    waiting_modifiers: tuple[MonsterModifier, ...] = (),
) -> SpawnResult:
    """Spawn a monster on each of ``icons`` (table squares, in the order given) of a room tile
    just revealed (*Monster Icons on a Room Tile*).

    For each icon a card is drawn from ``deck``, modifiers until a monster card comes
    (*Monster modifiers*); the card's figures (``per_icon``, plus 2 for a Horde) are placed by
    :func:`place_group`, each with ``AP`` (its level card's, after the modifiers) and ``MOD``
    (its number of modifiers), and a free letter. A figure the box no longer has gives an
    existing monster of that kind an Extra Activation, chosen by *Monster Order*, and that
    monster takes over the modifiers (*Multiple monsters per monster icon*, rulings P3 and
    P4).

    An icon of a colour not in use with ``player_count`` characters (*Monster icon colors*)
    or without a connection to the dungeon (*No connection to the dungeon*) spawns nothing
    and draws no card. An icon square off the dungeon is refused. With ``current_initiative``
    (the Initiative Board value of the character acting now), new monsters above it are
    listed in :attr:`SpawnResult.acts_now`.

    ``options``: the optional rules in force (*Limit Modifiers*, *Monster Difficulty*);
    ``waiting_modifiers``: modifiers an earlier spawn set aside under *Limit Modifiers*
    (:attr:`SpawnResult.waiting_modifiers`), taken first.

    Every argument is checked before the first card is drawn.
    """
    situation = check_spawn_args(
        situation,
        deck,
        chance,
        pack,
        level,
        player_count,
        current_initiative,
        options,
        waiting_modifiers,
    )
    if isinstance(icons, Square) or not isinstance(icons, Iterable):
        raise MonsterAIError(f"Give the monster icons as a list of squares, not {icons!r}.")
    squares = [check_square(situation, icon, "monster icon") for icon in icons]
    spawner = Spawner(situation, deck, chance, pack, level, options, waiting_modifiers)
    connected = situation.dungeon.connected_squares
    for icon in squares:
        key = (square_key(icon),)
        color = situation.dungeon.content(icon).monster_color  # type: ignore[union-attr]
        if color is not None and not monster_icon_active(color, player_count):
            spawner.steps.append(
                Decision(
                    _COLORS,
                    "icon colour in use",
                    key,
                    (),
                    f"The {color.value} icon at {icon} is used from {color.min_players} "
                    f"players on; with {player_count} it is ignored.",
                )
            )
            continue
        if icon not in connected:
            spawner.steps.append(
                Decision(
                    _NO_CONNECTION,
                    "connected to the dungeon",
                    key,
                    (),
                    f"The icon at {icon} has no connection to the rest of the dungeon: no card "
                    "is drawn until one is made.",
                )
            )
            continue
        draw = spawner.draw(f"the icon at {icon}")
        spawner.bring(
            draw,
            [icon],
            icon=icon,
            what=f"the icon at {icon}",
            first_rule=_ICONS,
            near_rule=_MULTIPLE,
        )
    question = (
        f"What do the monster icons spawn ({plural(len(squares), 'icon')}, "
        f"{plural(player_count, 'player')})?"
    )
    return spawner.result(question, current_initiative)
