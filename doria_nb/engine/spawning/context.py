"""What every spawn needs from the table, in one object: :class:`SpawnContext`.

A spawn on monster icons, the Phase G refill and the Zombies of Phase F all read the same
things besides *where*: the board, the monster deck, the dice, the content pack, the Monster
Level, the player count, the optional rules in force, the modifiers waiting under *Limit
Modifiers* and, during a turn, the current character's place on the Initiative Board. The
game state builds one (:meth:`~doria_nb.engine.table.state.GameState.spawn_context`) so its
callers pass one object instead of unpacking the state argument by argument; a notebook may
build one by hand, or call :func:`~.icons.spawn_monsters` and :func:`~.refill.refill_at_entrance`
with the plain arguments.

>>> from doria_nb.content import starter_pack
>>> from doria_nb.engine.chance import ScriptedChance
>>> from doria_nb.engine.geometry import Square
>>> from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
>>> from doria_nb.engine.situation import Situation
>>> pack = starter_pack()
>>> room = Situation.from_text("map:\\n  #D###\\n  #.w.#\\n  #####\\nfigures:")
>>> table = SpawnContext(room, MonsterDeck.stacked([pack.monster("goblin")]),
...     ScriptedChance([]), pack=pack, player_count=1)
>>> table.spawn_monsters([Square(2, 1)]).letters
('a', 'b')

Every value is checked when a spawn is asked for, before the first card is drawn, exactly as
the plain functions check their arguments.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.chance import Chance
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
from doria_nb.engine.monsters import MonsterModifier
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.situation import Situation
from doria_nb.engine.spawning.icons import spawn_monsters
from doria_nb.engine.spawning.records import SpawnResult
from doria_nb.engine.spawning.refill import refill_at_entrance
from doria_nb.engine.spawning.zombies import ZombieRising, raise_zombies

__all__ = ["SpawnContext"]


@dataclass(frozen=True, slots=True)
class SpawnContext:
    """The table as a spawn reads it.

    ``situation``: the board, with the numbers the spawn rules compare on the figures (the
    characters' STR, AGI and WIS break ties between squares); ``deck``: the monster deck drawn
    from; ``chance``: the dice that reshuffle it; ``pack``: the cards; ``player_count``: the
    players (icon colours, the refill); ``level``: the Monster Level; ``current_initiative``:
    the Initiative Board value of the character acting now, or ``None`` outside a turn (new
    monsters above it act at once); ``options``: the optional rules in force;
    ``waiting_modifiers``: modifiers an earlier spawn set aside under *Limit Modifiers*.
    """

    situation: Situation
    deck: MonsterDeck
    chance: Chance
    pack: ContentPack
    player_count: int
    level: int = 1
    current_initiative: int | None = None
    options: RulesOptions | None = None
    waiting_modifiers: tuple[MonsterModifier, ...] = ()

    def _table(self) -> dict[str, Any]:
        """The values every plain spawn function takes by keyword."""
        return {
            "pack": self.pack,
            "level": self.level,
            "player_count": self.player_count,
            "current_initiative": self.current_initiative,
            "options": self.options,
            "waiting_modifiers": self.waiting_modifiers,
        }

    def spawn_monsters(self, icons: Iterable[Square]) -> SpawnResult:
        """A monster on each of ``icons`` (*Monster Icons on a Room Tile*): see
        :func:`~.icons.spawn_monsters`."""
        return spawn_monsters(self.situation, icons, self.deck, self.chance, **self._table())

    def refill_at_entrance(self) -> SpawnResult:
        """The Phase G refill at the stairs (*Phase G: Doom Counter*): see
        :func:`~.refill.refill_at_entrance`."""
        return refill_at_entrance(self.situation, self.deck, self.chance, **self._table())

    def raise_zombies(self) -> ZombieRising:
        """The Zombies multiplying in Phase F: see :func:`~.zombies.raise_zombies` (it draws
        no card, so only the board, the pack and the Monster Level count)."""
        return raise_zombies(self.situation, pack=self.pack, level=self.level)
