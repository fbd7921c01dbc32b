"""The record of an attack on the board: the check, whom it struck, one resolution each.

:class:`BoardAttack` is frozen and changes nothing. Its :meth:`BoardAttack.apply` applies the
characters' changes (the attacker's Psi Points and fumbled item, each defender's HP and damaged
items) all at once, after checking every character first; the monsters' new HP are in
:attr:`BoardAttack.foes_after`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from doria_nb.engine.attack_bonus import Step
from doria_nb.engine.character import Character
from doria_nb.engine.combat.board_check import AttackCheck
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.combat.records import AttackResolution, Direction
from doria_nb.engine.errors import CombatError
from doria_nb.engine.situation import Situation

__all__ = ["BoardAttack", "BoardHit"]


@dataclass(frozen=True, slots=True)
class BoardHit:
    """One defender's part of an attack on the board: the defender's letter, whether the
    line to it crosses a Blue Solid Line (``hindered``), its :class:`AttackResolution`, and
    ``changes_for``, the letter of the character whose changes the resolution holds (the
    attacking hero against a monster, the defending character otherwise), or None when it
    holds none."""

    defender: str
    hindered: bool
    resolution: AttackResolution
    changes_for: str | None

    @property
    def hit(self) -> bool:
        return self.resolution.hit


@dataclass(frozen=True, slots=True)
class BoardAttack:
    """An attack made on the board: ``check`` (why it may be made from there), ``area`` (the
    card's or monster's area note, if any), ``notes`` (the board's reasons: who was struck,
    who was spared), and ``hits``, one per defender, the target first."""

    attacker: str
    target: str
    check: AttackCheck
    area: str | None
    notes: tuple[Step, ...]
    hits: tuple[BoardHit, ...]
    held: tuple[str, ...] = ()
    """The monsters a hit of a holding spell (Vine Tendrils) keeps from moving until their
    next activation; :meth:`held_on` marks them on the board."""

    def held_on(self, situation: Situation) -> Situation:
        """``situation`` with every held monster flagged ``immobilized`` (the monster AI then
        lets it attack only from where it stands)."""
        figures = tuple(
            replace(f, flags=f.flags | {"immobilized"}) if f.letter in self.held else f
            for f in situation.figures
        )
        return replace(situation, figures=figures)

    @property
    def struck(self) -> tuple[str, ...]:
        """The letters of every defender, the target first."""
        return tuple(h.defender for h in self.hits)

    @property
    def resolutions(self) -> tuple[AttackResolution, ...]:
        return tuple(h.resolution for h in self.hits)

    def resolution(self, letter: str) -> AttackResolution:
        """The resolution against the defender with this letter."""
        for hit in self.hits:
            if hit.defender == letter:
                return hit.resolution
        raise CombatError(
            f"{letter!r} was not struck by this attack (struck: {', '.join(self.struck)})."
        )

    @property
    def foes_after(self) -> dict[str, Foe]:
        """The monsters struck by a hero, by letter, with their HP after the attack."""
        return {
            h.defender: h.resolution.foe_after
            for h in self.hits
            if h.resolution.direction is Direction.HERO_ATTACKS
        }

    def explain(self) -> str:
        """The check, the board's notes, then every defender's resolution, in words."""
        lines = [f"{self.check.explain()} [{self.check.rule}]"]
        lines += [f"{note.text} [{note.rule}]" for note in self.notes]
        for hit in self.hits:
            res = hit.resolution
            lines.append(f"— {res.defender} ({hit.defender}):")
            lines.append(res.explain())
        return "\n".join(lines)

    def apply(self, characters: Mapping[str, Character]) -> None:
        """Apply the changes to the characters (by letter): all are checked first, so a
        mismatch raises :class:`CombatError` and changes nobody."""
        todo: list[tuple[AttackResolution, Character]] = []
        for hit in self.hits:
            res = hit.resolution
            if hit.changes_for is None or not res.changes:
                continue
            character = characters.get(hit.changes_for)
            if character is None:
                raise CombatError(
                    f"This attack changes {res.character} ({hit.changes_for}); give that "
                    "character under its letter."
                )
            if (
                character.name != res.character
                or character.mat != res.mat_before
                or (character.hp, character.pp) != (res.hp[0], res.pp[0])
            ):
                raise CombatError(
                    f"This attack was resolved for {res.character} as they were then; "
                    f"{character.name} has changed since (or is someone else): resolve the "
                    "attack again."
                )
            todo.append((res, character))
        for res, character in todo:
            res.apply(character)
