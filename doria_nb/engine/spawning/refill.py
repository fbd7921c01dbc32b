"""Phase G refill: new monsters come in at the stairs (*Phase G: Doom Counter*).

:func:`refill_at_entrance` brings the number of monsters on the board up to half the player
count, rounded up, placing each new monster on the entrance squares of the stairs
(:func:`entrance_squares`) or as near to them as possible; the figure limit and its Extra
Activations hold as on a monster icon (rulings P5 to P7).
"""

from __future__ import annotations

import math

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.chance import Chance
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import MonsterAIError
from doria_nb.engine.geometry import Square, reading_order
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
from doria_nb.engine.monster_ai.trace import Decision
from doria_nb.engine.monsters import MonsterModifier
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.spawning.board import plural
from doria_nb.engine.spawning.draw import Spawner, check_spawn_args
from doria_nb.engine.spawning.records import SpawnResult

__all__ = ["entrance_squares", "refill_at_entrance"]

_PHASE_G = Section.PHASE_G


def entrance_squares(dungeon: Dungeon) -> tuple[Square, ...]:
    """The stairs entrance squares of the dungeon (A-1's three squares in front of the
    stairs), in reading order: where new monsters come in during Phase G.

    >>> from doria_nb.content import starter_pack
    >>> entrance_squares(Dungeon.start(starter_pack().tile("A-1")))
    (Square(x=3, y=7), Square(x=4, y=7), Square(x=5, y=7))
    """
    found = {placed.to_table(local) for placed in dungeon.tiles for local in placed.tile.entrances}
    return tuple(sorted(found, key=reading_order))


def refill_at_entrance(
    situation: Situation,
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
    """Refill the monsters in Phase G before an Extra Activation (*Phase G: Doom Counter*):
    while fewer than half the player count (rounded up) monsters are on the board, draw one
    monster (with its modifiers) per monster missing, and place it on the free entrance square
    nearer to a character; when all entrance squares are taken, on the free square nearest to
    them. Its further figures (Goblins, a Horde) go as close as possible to it, and the figure
    limit holds as on an icon (rulings P5 to P7).

    ``options``: the optional rules in force (*Limit Modifiers*, *Monster Difficulty*);
    ``waiting_modifiers``: modifiers an earlier spawn set aside under *Limit Modifiers*
    (:attr:`SpawnResult.waiting_modifiers`), taken first.

    Every argument is checked before the first card is drawn; a dungeon without entrance
    squares is refused.
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
    entrances = entrance_squares(situation.dungeon)
    if not entrances:
        raise MonsterAIError(
            "The dungeon has no stairs entrance squares (A-1's 'e' squares), so there is "
            "nowhere for new monsters to come in."
        )
    wanted = math.ceil(player_count / 2)
    here = tuple(f.letter for f in situation.monsters)
    missing = max(wanted - len(here), 0)
    spawner = Spawner(situation, deck, chance, pack, level, options, waiting_modifiers)
    spawner.steps.append(
        Decision(
            _PHASE_G,
            "refill to half the player count",
            here,
            here,
            f"{plural(player_count, 'player')}: {wanted} monster"
            f"{'' if wanted == 1 else 's'} should be on the board (half, rounded up); "
            f"{len(here)} {'is' if len(here) == 1 else 'are'}: "
            f"{missing or 'none'} to draw.",
        )
    )
    for number in range(1, missing + 1):
        now = len(spawner.situation.monsters)
        if now >= wanted:
            spawner.steps.append(
                Decision(
                    _PHASE_G,
                    "refill to half the player count",
                    (),
                    (),
                    f"{now} monsters are on the board now, {wanted} are wanted: the refill "
                    "is complete (ruling P6).",
                )
            )
            break
        draw = spawner.draw(f"refill {number} of {missing}")
        spawner.bring(
            draw,
            entrances,
            icon=None,
            what="the entrance",
            first_rule=_PHASE_G,
            near_rule=_PHASE_G,
        )
    question = f"Phase G: which monsters come in at the entrance ({player_count} players)?"
    return spawner.result(question, current_initiative)
