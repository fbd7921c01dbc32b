"""*Phase C: Roll for Initiative*: every character's roll, the Doom Counter, the Initiative Board.

:func:`initiative_phase` rolls initiative for every character in the order of the mapping given
(:func:`~doria_nb.engine.health.roll_initiative` judges each roll: AP capped at 40, a fumble or
fewer than 1 AP knocks the character out). A character the player kept unconscious in the last
Phase H does not roll and does not move the Doom Counter (*Unconsciousness*). Every other
character whose roll moves the Doom Counter (falling unconscious; a fumble under *Fumbling
Initiative*, ruling H30) moves it one square, and the move is returned with its triggers for the
round engine to run (:meth:`~doria_nb.engine.doom.counter.DoomCounter.move`).

The Initiative Board (*Phase D: Action Phase*) holds a marker for every conscious character at
its AP and one for every monster still standing from an earlier round at its AP (Monster
Modifiers included). :meth:`InitiativePhase.board` lists who acts, highest first; a character
acts before a monster on the same value; characters on the same value are a tie the players
settle, and monsters on the same value are settled by *Monster Order*
(:func:`~doria_nb.engine.monster_ai.order.monster_order`): both are returned as groups.

>>> from doria_nb.engine.attributes import Attributes
>>> from doria_nb.engine.chance import ScriptedChance
>>> from doria_nb.engine.character import Character
>>> from doria_nb.engine.doom.counter import DoomCounter
>>> mage = Character("Mage", Attributes(STR=4, CON=6, AGI=7, PER=11, WIS=12, PSI=12))
>>> phase = initiative_phase({"Mage": mage}, ScriptedChance([1, 1]), DoomCounter())
>>> phase.unconscious, phase.doom_move.end.square
(('Mage',), 40)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.doom.counter import DoomCounter, DoomMove, DoomTrigger
from doria_nb.engine.errors import HealthError
from doria_nb.engine.health import InitiativeResult, check_death, roll_initiative
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section

__all__ = [
    "BoardGroup",
    "InitiativePhase",
    "InitiativePhaseError",
    "Rolled",
    "acts_next",
    "initiative_phase",
]

Side = Literal["character", "monster"]


class InitiativePhaseError(HealthError):
    """A Phase C request that cannot be (an unknown character kept unconscious, a monster
    without a whole AP value, a name used twice, ...). Nothing is rolled when it is raised."""


@dataclass(frozen=True, slots=True)
class Rolled:
    """One character's initiative roll in Phase C."""

    name: str
    result: InitiativeResult

    def explain(self) -> str:
        return f"{self.name}: {self.result.explain()}"


@dataclass(frozen=True, slots=True)
class BoardGroup:
    """The markers of one side on one square of the Initiative Board.

    More than one character is a tie the players settle (*Phase D: Action Phase*); more than
    one monster is settled by *Monster Order*.

    >>> BoardGroup(19, "character", ("Green", "Yellow")).tie
    True
    """

    ap: int
    side: Side
    names: tuple[str, ...]

    @property
    def tie(self) -> bool:
        return len(self.names) > 1

    def explain(self) -> str:
        who = " and ".join(self.names)
        if not self.tie:
            return f"{self.ap}: {who}"
        if self.side == "character":
            return f"{self.ap}: {who} (a tie: the players decide who acts first)"
        return f"{self.ap}: {who} (monsters on one value: Monster Order decides)"


@dataclass(frozen=True, slots=True)
class InitiativePhase:
    """Phase C done: the rolls, who is unconscious, the Doom Counter move and the markers.

    ``rolls`` are in rolling order; ``kept_unconscious`` did not roll; ``monster_ap`` are the
    monsters on the board from an earlier round, at their AP. ``doom_move`` is the Doom
    Counter's move (one square per roll that moves it); its triggers are for the round engine.
    """

    rolls: tuple[Rolled, ...]
    kept_unconscious: tuple[str, ...]
    monster_ap: tuple[tuple[str, int], ...]
    doom_move: DoomMove

    @property
    def rule(self) -> Section:
        return Section.PHASE_C

    @property
    def unconscious(self) -> tuple[str, ...]:
        """Characters who fell unconscious at this roll (not those kept unconscious)."""
        return tuple(r.name for r in self.rolls if r.result.unconscious)

    @property
    def out_this_round(self) -> tuple[str, ...]:
        """Every character who does not act this round: fallen or kept unconscious."""
        return self.unconscious + self.kept_unconscious

    @property
    def character_ap(self) -> dict[str, int]:
        """The AP of every character who acts this round."""
        return {r.name: r.result.ap for r in self.rolls if not r.result.unconscious}

    @property
    def doom_steps(self) -> int:
        return len(self.doom_move.steps)

    @property
    def doom(self) -> DoomCounter:
        """The Doom Counter after Phase C."""
        return self.doom_move.end

    @property
    def triggers(self) -> tuple[DoomTrigger, ...]:
        """What the Doom Counter set off, in order (to be run at once, before Phase D)."""
        return self.doom_move.triggers

    def result(self, name: str) -> InitiativeResult:
        """The roll of the character ``name``."""
        for rolled in self.rolls:
            if rolled.name == name:
                return rolled.result
        raise InitiativePhaseError(f"{name!r} did not roll initiative this round.")

    def board(self) -> tuple[BoardGroup, ...]:
        """Who acts, in order: highest AP first; on one value the characters, then the
        monsters; each side's markers on one value form one group (a tie to settle).

        >>> from doria_nb.engine.doom.counter import DoomCounter
        >>> phase = InitiativePhase((), (), (("Orc", 7), ("Mummy", 7)), DoomCounter().move(0))
        >>> [group.explain() for group in phase.board()]
        ['7: Orc and Mummy (monsters on one value: Monster Order decides)']
        """
        markers: list[tuple[int, int, str]] = []
        markers += [(ap, 0, name) for name, ap in self.character_ap.items()]
        markers += [(ap, 1, name) for name, ap in self.monster_ap]
        groups: dict[tuple[int, int], list[str]] = {}
        for ap, side, name in markers:
            groups.setdefault((ap, side), []).append(name)
        order = sorted(groups, key=lambda key: (-key[0], key[1]))
        return tuple(
            BoardGroup(ap, "character" if side == 0 else "monster", tuple(groups[(ap, side)]))
            for ap, side in order
        )

    def explain(self) -> str:
        lines = [rolled.explain() for rolled in self.rolls]
        lines += [
            f"{name}: kept unconscious in Phase H, does not roll (the Doom Counter does not move)."
            for name in self.kept_unconscious
        ]
        lines.append(self.doom_move.explain())
        board = "; ".join(group.explain() for group in self.board())
        lines.append(f"Initiative Board: {board or 'no marker'}.")
        return "\n".join(lines)


def acts_next(characters: Mapping[str, int], monsters: Mapping[str, int]) -> BoardGroup | None:
    """Who acts next in *Phase D: Action Phase*, from the markers still to act: ``characters``
    by AP (each needs at least 1 AP left to act) and ``monsters`` by AP (only those that have
    not acted yet this round; a monster acts once). The highest value acts; on one value the
    characters go before the monsters. A group of more than one is a tie (the players settle
    characters, *Monster Order* settles monsters). ``None`` when no marker has AP left.

    This is the one place the rule lives: the game's turn order and the Initiative Board
    widget both ask it.

    >>> acts_next({"Ann": 5}, {"Orc": 7, "Mummy": 5}).explain()
    '7: Orc'
    >>> acts_next({"Ann": 5, "Bea": 5}, {"Mummy": 5}).explain()
    '5: Ann and Bea (a tie: the players decide who acts first)'
    >>> acts_next({"Ann": 0}, {}) is None
    True
    """
    able = [(ap, 0, name) for name, ap in characters.items() if ap >= 1]
    able += [(ap, 1, name) for name, ap in monsters.items() if ap >= 1]
    if not able:
        return None
    top, side, _ = min(able, key=lambda marker: (-marker[0], marker[1]))
    names = tuple(name for ap, s, name in able if ap == top and s == side)
    return BoardGroup(top, "character" if side == 0 else "monster", names)


def _name(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InitiativePhaseError(f"Each {what} needs a name, not {value!r}.")
    return value


def _check(
    characters: object,
    chance: object,
    doom: object,
    kept_unconscious: object,
    monster_ap: object,
    options: object,
    solo: object,
) -> tuple[frozenset[str], tuple[tuple[str, int], ...]]:
    if not isinstance(characters, Mapping) or not characters:
        raise InitiativePhaseError("Phase C needs the characters in play, by name.")
    for name, character in characters.items():
        _name(name, "character")
        if not isinstance(character, Character):
            raise InitiativePhaseError(f"{name} must be a character, not {character!r}.")
        if check_death(character).dead:
            raise InitiativePhaseError(
                f"{name} is dead (HP {character.hp}, PP {character.pp}): the scenario is over, "
                "there is no next round."
            )
    if not isinstance(chance, Chance):
        raise InitiativePhaseError(f"Phase C needs a Chance to roll with, not {chance!r}.")
    if not isinstance(doom, DoomCounter):
        raise InitiativePhaseError(f"Phase C needs the Doom Counter, not {doom!r}.")
    if isinstance(kept_unconscious, str) or not isinstance(
        kept_unconscious, (set, frozenset, tuple, list)
    ):
        raise InitiativePhaseError(
            f"Name the characters kept unconscious as a set of names, not {kept_unconscious!r}."
        )
    kept = frozenset(kept_unconscious)
    unknown = sorted(str(k) for k in kept if k not in characters)
    if unknown:
        raise InitiativePhaseError(
            f"{', '.join(unknown)} cannot be kept unconscious: not among the characters "
            f"({', '.join(characters)})."
        )
    if not isinstance(monster_ap, Mapping):
        raise InitiativePhaseError(f"Give the monsters' AP by name, not {monster_ap!r}.")
    monsters: list[tuple[str, int]] = []
    for name, ap in monster_ap.items():
        _name(name, "monster")
        if name in characters:
            raise InitiativePhaseError(
                f"{name} is both a character and a monster: give every marker its own name."
            )
        if not isinstance(ap, int) or isinstance(ap, bool) or ap < 1:
            raise InitiativePhaseError(
                f"The {name}'s marker needs its AP value, a whole number of at least 1, not {ap!r}."
            )
        monsters.append((name, ap))
    if options is not None and not isinstance(options, RulesOptions):
        raise InitiativePhaseError(f"The options must be RulesOptions, not {options!r}.")
    if not isinstance(solo, bool):
        raise InitiativePhaseError(f"'solo' is yes or no, not {solo!r}.")
    if solo and len(characters) != 1:
        raise InitiativePhaseError(
            f"A solo game has one character, not {len(characters)} ({', '.join(characters)})."
        )
    return kept, tuple(monsters)


def initiative_phase(
    characters: Mapping[str, Character],
    chance: Chance,
    doom: DoomCounter,
    *,
    kept_unconscious: frozenset[str] = frozenset(),
    monster_ap: Mapping[str, int] | None = None,
    options: RulesOptions | None = None,
    solo: bool = False,
) -> InitiativePhase:
    """Phase C for ``characters`` (rolled in the mapping's order), with the Doom Counter at
    ``doom``. Those in ``kept_unconscious`` (kept so in the last Phase H) neither roll nor move
    the Doom Counter. ``monster_ap`` puts the monsters not defeated in the round they spawned
    on the Initiative Board, at their AP including Monster Modifiers. Every input is checked
    before the first die is rolled; characters are not changed.

    >>> from doria_nb.engine.attributes import Attributes
    >>> from doria_nb.engine.chance import ScriptedChance
    >>> knight = Character("Knight", Attributes(STR=12, CON=11, AGI=8, PER=7, WIS=6, PSI=6))
    >>> phase = initiative_phase({"Knight": knight}, ScriptedChance([5, 6]), DoomCounter(),
    ...                          monster_ap={"Orc": 9})
    >>> [(g.ap, g.names) for g in phase.board()][-1], phase.doom_steps
    ((9, ('Orc',)), 0)
    """
    kept, monsters = _check(
        characters, chance, doom, kept_unconscious, monster_ap or {}, options, solo
    )
    rolls = tuple(
        Rolled(name, roll_initiative(character, chance, options=options, solo=solo, who=name))
        for name, character in characters.items()
        if name not in kept
    )
    steps = sum(rolled.result.doom_steps for rolled in rolls)
    kept_in_order = tuple(name for name in characters if name in kept)
    return InitiativePhase(rolls, kept_in_order, monsters, doom.move(steps))
