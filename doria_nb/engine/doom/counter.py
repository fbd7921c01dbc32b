"""*Phase G: Doom Counter*: how far the marker moves, and what it sets off on the way.

:func:`doom_steps` counts the steps of Phase G (one per Room Tile with a character on it,
unconscious ones included, at least one; one more when no door was opened this round);
:func:`count_doom_steps` gives the same count as a record that explains itself.
:meth:`DoomCounter.move` walks the marker that many steps along a :class:`DoomTrack` and
lists every square it reaches, in order, with the trigger each one sets off. Other rules move
the same marker (*Phase C: Roll for Initiative*: one step per character who falls unconscious
at the initiative roll; the optional *Trap Shop*: one step per Trap removed): they call
:meth:`DoomCounter.move` too.

The triggers are records, not actions: the round engine runs them in the order given.
An :class:`ExtraActivation` is the refill of
:func:`~doria_nb.engine.spawning.refill.refill_at_entrance` followed by every monster
acting once (:func:`~doria_nb.engine.monster_ai.phase.monster_phase`); a
:class:`MonsterLevelUp` raises the Monster Level (in a campaign scenario only the first one
counts, *Monster level in campaigns*). Nothing here changes any state: a move returns a new
counter.

The rulebook's Example 1 of Phase G: 5 characters on 3 Room Tiles, no door opened.

>>> steps = doom_steps(3, door_opened=False)
>>> move = DoomCounter(36).move(steps)
>>> print(move.explain())  # doctest: +NORMALIZE_WHITESPACE
The Doom Counter moves 4 squares, from 36 to 32: 35; 34; 33: Extra Activation (refill the
monsters to half the player count, rounded up, then every monster activates once); 32.
>>> [type(t).__name__ for t in move.triggers], move.end.square
(['ExtraActivation'], 32)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from doria_nb.engine.doom.track import (
    HEAD,
    RED_38_36_34_DOOM_TRACK,
    STARTER_DOOM_TRACK,
    DoomTrack,
    SquareKind,
)
from doria_nb.engine.errors import DoomError
from doria_nb.engine.sections import Section

__all__ = [
    "HEAD",
    "MAX_ROOM_TILES",
    "STARTER_DOOM_TRACK",
    "DoomCounter",
    "DoomMove",
    "DoomStep",
    "DoomSteps",
    "DoomTrack",
    "DoomTrigger",
    "ExtraActivation",
    "MonsterLevelUp",
    "SquareKind",
    "count_doom_steps",
    "doom_steps",
    "doom_track_for",
]

RULE = Section.PHASE_G

MAX_ROOM_TILES = 6
"""At most six characters (*Player Count*), so at most six Room Tiles with a character."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _where(square: int | None) -> str:
    return "the red monster head" if square is HEAD else str(square)


@dataclass(frozen=True, slots=True)
class ExtraActivation:
    """A red square reached: first the monsters are refilled to half the player count,
    rounded up (:meth:`refill_to`; done by
    :func:`~doria_nb.engine.spawning.refill.refill_at_entrance`), then every monster on
    the board activates once in initiative order while the characters only defend
    (:func:`~doria_nb.engine.monster_ai.phase.monster_phase`).

    >>> ExtraActivation(33).refill_to(5)
    3
    """

    square: int

    @property
    def rule(self) -> Section:
        return RULE

    @staticmethod
    def refill_to(player_count: int) -> int:
        """How many monsters the board must hold before the activation: ⌈players ÷ 2⌉."""
        if not isinstance(player_count, int) or isinstance(player_count, bool):
            raise DoomError(f"The player count must be a whole number, not {player_count!r}.")
        if not 1 <= player_count <= MAX_ROOM_TILES:
            raise DoomError(f"The player count must be 1 to 6, not {player_count}.")
        return math.ceil(player_count / 2)

    def explain(self) -> str:
        return (
            "Extra Activation (refill the monsters to half the player count, rounded up, "
            "then every monster activates once)"
        )


@dataclass(frozen=True, slots=True)
class MonsterLevelUp:
    """An orange square reached: every monster goes up one Monster Level (*Hero and Monster
    Level*; only the first one in a campaign scenario, *Monster level in campaigns*) and the
    marker goes back to the start of the track."""

    square: int

    @property
    def rule(self) -> Section:
        return RULE

    def explain(self) -> str:
        return "Monster Level Up (the marker goes back to the start)"


DoomTrigger = ExtraActivation | MonsterLevelUp
"""What a square of the Doom Counter sets off."""


@dataclass(frozen=True, slots=True)
class DoomStep:
    """One step of the marker: the square it reached, what that square set off (or ``None``),
    and where the marker stands afterwards (``None``: on the red monster head)."""

    square: int
    trigger: DoomTrigger | None
    stands_on: int | None

    def explain(self) -> str:
        text = str(self.square)
        if self.trigger is not None:
            text += f": {self.trigger.explain()}"
        if self.stands_on != self.square:
            text += f", onto {_where(self.stands_on)}"
        return text


@dataclass(frozen=True, slots=True)
class DoomCounter:
    """The Doom Counter marker on its track: ``square`` is the numbered square it stands on,
    or ``None`` for the red monster head (where it starts).

    >>> DoomCounter().move(1).end
    DoomCounter(square=40)
    >>> DoomCounter(30)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    doria_nb.engine.errors.DoomError: The Doom Counter marker cannot stand on square 30: ...
    """

    square: int | None = HEAD
    track: DoomTrack = STARTER_DOOM_TRACK

    def __post_init__(self) -> None:
        if not isinstance(self.track, DoomTrack):
            raise DoomError(f"The Doom Counter needs a Doom Counter track, not {self.track!r}.")
        if self.track.holds(self.square):
            return
        if type(self.square) is int and self.square == self.track.wrap_square:
            raise DoomError(
                f"The Doom Counter marker cannot stand on square {self.square}: the marker is "
                f"moved onto the red monster head as soon as it reaches square {self.square}."
            )
        raise DoomError(
            f"The Doom Counter marker cannot stand on {self.square!r}: the track runs from "
            f"{self.track.squares[0]} down to {self.track.squares[-1]}, plus the red monster "
            "head (None)."
        )

    def __repr__(self) -> str:
        if self.track == STARTER_DOOM_TRACK:
            return f"DoomCounter(square={self.square!r})"
        return f"DoomCounter(square={self.square!r}, track={self.track!r})"

    @classmethod
    def start(cls, track: DoomTrack = STARTER_DOOM_TRACK) -> DoomCounter:
        """The marker on the track's starting space, as at the beginning of a scenario."""
        return cls(track.start, track)

    def move(self, steps: int) -> DoomMove:
        """Move ``steps`` squares down the track (0 moves nothing). Every square reached is
        listed once per time it is reached; several red squares in one move each trigger, in
        order; reaching an orange square levels the monsters up and puts the marker back on the
        start, and the remaining steps go on from there.

        >>> for step in DoomCounter(32).move(3).steps:
        ...     print(step.explain())
        31
        30: Monster Level Up (the marker goes back to the start), onto the red monster head
        40
        """
        if not isinstance(steps, int) or isinstance(steps, bool):
            raise DoomError(f"The Doom Counter moves a whole number of squares, not {steps!r}.")
        if steps < 0:
            raise DoomError(f"The Doom Counter only moves down the track, never back ({steps}).")
        track, position, taken = self.track, self.square, []
        for _ in range(steps):
            square = track.next_square(position)
            kind = track.kind(square)
            trigger: DoomTrigger | None = None
            if kind is SquareKind.EXTRA_ACTIVATION:
                trigger = ExtraActivation(square)
            elif kind is SquareKind.LEVEL:
                trigger = MonsterLevelUp(square)
            if kind is SquareKind.LEVEL:
                position = track.start
            elif square == track.wrap_square:
                position = HEAD
            else:
                position = square
            taken.append(DoomStep(square, trigger, position))
        return DoomMove(self, DoomCounter(position, track), tuple(taken))


@dataclass(frozen=True, slots=True)
class DoomMove:
    """One move of the marker: the counter before and after, and every step in order."""

    before: DoomCounter
    end: DoomCounter
    steps: tuple[DoomStep, ...]

    @property
    def rule(self) -> Section:
        return RULE

    @property
    def squares(self) -> tuple[int, ...]:
        """Every square reached, in order (the red monster head is not one)."""
        return tuple(step.square for step in self.steps)

    @property
    def triggers(self) -> tuple[DoomTrigger, ...]:
        """What the move sets off, in the order the round engine must run it."""
        return tuple(step.trigger for step in self.steps if step.trigger is not None)

    @property
    def monster_points(self) -> int:
        """Red and orange squares crossed: the Monster Points of a campaign scenario
        (*Monster level in campaigns*)."""
        return len(self.triggers)

    def explain(self) -> str:
        count = len(self.steps)
        if count == 0:
            return f"The Doom Counter stays on {_where(self.before.square)}."
        route = "; ".join(step.explain() for step in self.steps)
        return (
            f"The Doom Counter moves {_plural(count, 'square')}, from "
            f"{_where(self.before.square)} to {_where(self.end.square)}: {route}."
        )

    def __str__(self) -> str:
        return self.explain()


@dataclass(frozen=True, slots=True)
class DoomSteps:
    """The count of Phase G: Room Tiles with a character, whether a door was opened by the
    *Reveal a Room Tile* action this round, and whether a lone hero paid 1 XP to hold back
    the door step (*Special Rules for 1 or 2 Players*).

    >>> print(count_doom_steps(2, door_opened=False).explain())
    2 Room Tiles with a character: 2 squares; no door opened this round: +1; 3 squares in all.
    """

    tiles_with_characters: int
    door_opened: bool
    door_step_bought_off: bool = False

    @property
    def rule(self) -> Section:
        return RULE

    @property
    def tile_steps(self) -> int:
        """One per Room Tile with a character, but always at least one."""
        return max(1, self.tiles_with_characters)

    @property
    def door_step(self) -> int:
        return 0 if self.door_opened or self.door_step_bought_off else 1

    @property
    def total(self) -> int:
        return self.tile_steps + self.door_step

    def explain(self) -> str:
        tiles = self.tiles_with_characters
        if tiles == 0:
            first = "no Room Tile with a character: still 1 square (the minimum)"
        else:
            first = f"{_plural(tiles, 'Room Tile')} with a character: {_plural(tiles, 'square')}"
        if self.door_opened:
            door = "a door was opened this round: +0"
        elif self.door_step_bought_off:
            door = "no door opened, but 1 XP was paid to hold the marker back: +0"
        else:
            door = "no door opened this round: +1"
        return f"{first}; {door}; {_plural(self.total, 'square')} in all."


def count_doom_steps(
    tiles_with_characters: int, door_opened: bool, *, door_step_bought_off: bool = False
) -> DoomSteps:
    """The Phase G count as a record (see :class:`DoomSteps`). Tiles revealed by a trap or a
    Secret Door event do not make ``door_opened`` true; unconscious characters count for their
    Room Tile; several doors opened still give only one step less. ``door_step_bought_off``
    is the solo rule: 1 XP spent when no door was opened.

    >>> count_doom_steps(7, True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    doria_nb.engine.errors.DoomError: At most 6 characters play, ...
    """
    if not isinstance(tiles_with_characters, int) or isinstance(tiles_with_characters, bool):
        raise DoomError(
            f"The number of Room Tiles with a character must be a whole number, not "
            f"{tiles_with_characters!r}."
        )
    if tiles_with_characters < 0:
        raise DoomError(
            f"The number of Room Tiles with a character cannot be negative "
            f"({tiles_with_characters})."
        )
    if tiles_with_characters > MAX_ROOM_TILES:
        raise DoomError(
            f"At most {MAX_ROOM_TILES} characters play, so at most {MAX_ROOM_TILES} Room Tiles "
            f"can have a character on them, not {tiles_with_characters}."
        )
    for what, flag in (
        ("door_opened", door_opened),
        ("door_step_bought_off", door_step_bought_off),
    ):
        if not isinstance(flag, bool):
            raise DoomError(f"{what} must be True or False, not {flag!r}.")
    if door_opened and door_step_bought_off:
        raise DoomError(
            "A door was opened this round, so there is no door step to hold back with XP."
        )
    return DoomSteps(tiles_with_characters, door_opened, door_step_bought_off)


def doom_steps(
    tiles_with_characters: int, door_opened: bool, *, door_step_bought_off: bool = False
) -> int:
    """How many squares the Doom Counter moves in Phase G.

    >>> doom_steps(1, True), doom_steps(3, False), doom_steps(0, True)
    (1, 4, 1)
    """
    return count_doom_steps(
        tiles_with_characters, door_opened, door_step_bought_off=door_step_bought_off
    ).total


def doom_track_for(readings: frozenset[str]) -> DoomTrack:
    """The Doom Counter track a game plays on under the named ``readings`` in force (ruling
    D1: the default layout, or the named reading ``doom_red_38_36_34``).

    >>> doom_track_for(frozenset()) is STARTER_DOOM_TRACK
    True
    >>> sorted(doom_track_for(frozenset({"doom_red_38_36_34"})).extra_activations)
    [34, 36, 38]
    """
    if "doom_red_38_36_34" in readings:
        return RED_38_36_34_DOOM_TRACK
    return STARTER_DOOM_TRACK
