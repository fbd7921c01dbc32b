"""Whether the monster AI and the combat rules read a monster the same way (ruling RB6).

A monster's activation is planned by the AI on the game's board (:meth:`GameState.board`:
the range it reads is lent from the monster's :class:`~doria_nb.engine.combat.foe.Foe`) and
its attack is then checked by the combat rules against that Foe. Where the two disagree, the
AI plans an attack that is refused while the hero's input that woke the monster is carried
out, and the game can never get past that input. The property tests and the soak's checks ask
:func:`ai_disagreements` square by square.
"""

from __future__ import annotations

from dataclasses import replace

from doria_nb.engine.combat.board_check import attack_check
from doria_nb.engine.monster_ai.records import monster_profile
from doria_nb.engine.monster_ai.strike import can_attack_from
from doria_nb.engine.table.state import GameState

__all__ = ["ai_disagreements"]


def ai_disagreements(state: GameState, monster: str, hero: str) -> list[str]:
    """Every free square of the board where the AI's *can the monster attack ``hero`` from
    here* and the combat check's answer differ (none, when the two agree), in words."""
    board = state.board()
    profile = monster_profile(board, monster, pack=state.pack, level=state.monster_level)
    foe = state.monsters[monster].foe
    target = board.figure(hero)
    taken = {f.square for f in board.figures}
    found = []
    for square in board.dungeon.squares():
        if square in taken or not board.dungeon.passable(square):
            continue
        moved = board.with_figure(replace(board.figure(monster), square=square))
        planned = can_attack_from(board, profile, square, target)
        checked = bool(attack_check(moved, monster, hero, foe))
        if planned != checked:
            found.append(
                f"{profile.label} on ({square.x}, {square.y}) against {target.label}: the AI "
                f"says {'it can' if planned else 'it cannot'} attack, the combat check says "
                f"{'it can' if checked else 'it cannot'}"
            )
    return found
