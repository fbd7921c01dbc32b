"""Trap records: a card read for the rules (:class:`TrapPlan`), whom it strikes, what each
check did, what stays on the board, the trap that lasts, the reward.

Every record is frozen and explains itself in player words, citing its rulebook sections
(*Traps and Secret Doors*, *Dungeon Markers*, *Critical Trap Rolls*, *Phase F: Special
Actions*). The rules that fill them are in :mod:`doria_nb.engine.traps` (the moment a trap is
drawn) and :mod:`doria_nb.engine.traps.lasting` (traps that last: Phase F and disarming).

>>> from doria_nb.engine.geometry import Square
>>> MarkerChange(Square(3, 4), Marker.HOLE, placed=True).describe()
'Hole marker placed at (3, 4)'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from doria_nb.engine.cards import CheckSpec, ItemCard, Marker, TrapKind
from doria_nb.engine.checks import CheckResult
from doria_nb.engine.dungeon import marker_name
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.geometry import Square
from doria_nb.engine.sections import Section

__all__ = [
    "AREA_RANGE",
    "DISARM_AP",
    "ActiveTrap",
    "CheckRole",
    "MarkerChange",
    "Reward",
    "TrapError",
    "TrapPlan",
    "TrapRelease",
    "TrapResolution",
    "TrapVictims",
    "VictimResult",
]

TRAPS = Section.TRAPS_AND_SECRET_DOORS
MARKERS = Section.DUNGEON_MARKERS

AREA_RANGE = 2
"""How far an area trap reaches from the character who set it off: every area trap of the
starter pack says "within 2 squares" (ruling TR2)."""

DISARM_AP = 10
"""What one attempt to disarm a lasting trap costs: every such text says 10 AP, and the
*Efficiency* bonus does not lower it (ruling TR8)."""


class TrapError(DoriaError):
    """A trap request that cannot be: a card that is no trap, a trigger who is not a conscious
    character, a disarm attempt from outside the room, a missing character, ..."""


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def pos(square: Square) -> str:
    """``'(3, 4)'``: a square as messages write it."""
    return f"({square.x}, {square.y})"


def sentence(text: str) -> str:
    """``text`` with its first letter in upper case (the rest untouched)."""
    return text[:1].upper() + text[1:]


def cite(*sections: Section) -> str:
    """``'(Traps and Secret Doors; Dungeon Markers)'``: the sections a sentence rests on."""
    return "(" + "; ".join(dict.fromkeys(str(s) for s in sections)) + ")"


@dataclass(frozen=True, slots=True)
class TrapVictims:
    """Whom a trap strikes: ``letters`` in the order they check (the trigger first), the room's
    tile indices for a room trap, and every figure ``spared`` with the reason."""

    card: str
    kind: TrapKind
    trigger: str
    letters: tuple[str, ...]
    labels: tuple[tuple[str, str], ...] = ()
    tiles: tuple[int, ...] = ()
    spared: tuple[tuple[str, str], ...] = ()

    @property
    def rule(self) -> Section:
        return TRAPS

    def label(self, letter: str) -> str:
        return dict(self.labels).get(letter, letter)

    def __contains__(self, letter: object) -> bool:
        return letter in self.letters

    def explain(self) -> str:
        """Who is struck and why, who is spared and why."""
        trigger = self.label(self.trigger)
        if self.kind is TrapKind.PERSON:
            reach = f"a person trap: it strikes only {trigger}, who set it off"
        elif self.kind is TrapKind.AREA:
            reach = (
                f"an area trap: it strikes every conscious character within range {AREA_RANGE} "
                f"of {trigger}, who set it off, and in sight of that square"
            )
        else:
            tiles = "1 Room Tile" if len(self.tiles) == 1 else f"{len(self.tiles)} Room Tiles"
            reach = (
                f"a room trap: it strikes every conscious character in the room of {trigger}, "
                f"who set it off ({tiles}, up to the nearest doors)"
            )
        struck = ", ".join(self.label(x) for x in self.letters) or "nobody"
        text = f"{self.card} is {reach}. Struck: {struck}."
        if self.spared:
            spared = "; ".join(f"{self.label(x)}: {why}" for x, why in self.spared)
            text += f" Spared: {spared}."
        unconscious = any("unconscious" in why for _, why in self.spared)
        rules = (TRAPS, Section.UNCONSCIOUSNESS) if unconscious else (TRAPS,)
        return f"{text} {cite(*rules)}"


@dataclass(frozen=True, slots=True)
class MarkerChange:
    """A marker placed on (``placed``) or taken off a square, for the game to apply to its
    :class:`~doria_nb.engine.dungeon.Dungeon` (see :func:`~doria_nb.engine.traps.
    apply_markers`)."""

    square: Square
    marker: Marker
    placed: bool = True

    def describe(self) -> str:
        verb = "placed at" if self.placed else "removed from"
        return f"{marker_name(self.marker)} marker {verb} {pos(self.square)}"


@dataclass(frozen=True, slots=True)
class Reward:
    """The trap card kept as gold by the character ``gold_to`` (a letter), and its XP for the
    group (*Traps and Secret Doors*: paid whether the trap was beaten or went off)."""

    card: ItemCard
    gold_to: str
    who: str = ""

    @property
    def gold(self) -> int:
        return self.card.gold

    @property
    def xp(self) -> int:
        return self.card.trap.xp if self.card.trap is not None else 0

    def explain(self) -> str:
        who = self.who or self.gold_to
        gold = "no gold" if self.gold == 0 else f"{self.gold} gold"
        return (
            f"{sentence(who)} keeps the {self.card.name} card as gold ({gold}); the group gains "
            f"{self.xp} XP {cite(TRAPS)}."
        )


@dataclass(frozen=True, slots=True)
class VictimResult:
    """What a trap did to one character: its check (``None`` when there was none), the Hit
    Points it loses (``extra_damage`` of them from *Critical Trap Rolls*), Poison Markers
    gained, Psi Points lost, and whether it is now held fast or buried."""

    letter: str
    who: str
    check: CheckResult | None = None
    damage: int = 0
    extra_damage: int = 0
    poison: int = 0
    pp_lost: int = 0
    immobilized: bool = False
    buried: bool = False

    @property
    def avoided(self) -> bool:
        """The check reached the Target Number: no penalty."""
        return self.check is not None and self.check.success

    @property
    def needed(self) -> int | None:
        """What the 2D had to show: the Target Number minus the two attributes."""
        if self.check is None:
            return None
        return self.check.target - self.check.bonus

    def penalties(self) -> str:
        parts = []
        if self.damage:
            extra = (
                f", {self.extra_damage} of it from Critical Trap Rolls" if self.extra_damage else ""
            )
            parts.append(f"loses {self.damage} HP{extra}")
        if self.poison:
            parts.append(f"receives {_count(self.poison, 'Poison Marker')}")
        if self.pp_lost:
            parts.append(f"loses {self.pp_lost} PP")
        if self.immobilized:
            parts.append("cannot move until a check succeeds (one try in every Phase F)")
        if self.buried:
            parts.append("is buried under Rubble")
        return ", ".join(parts)

    def explain(self) -> str:
        head = sentence(f"{self.who} ({self.letter})")
        if self.check is None:
            return f"{head}: no check; {self.penalties() or 'nothing happens'}."
        needs = f"{head} needs {self.needed} on 2D: {self.check.explain()}"
        if self.avoided:
            return f"{needs} Avoided."
        return f"{needs} {sentence(self.penalties() or 'no penalty')}."


@dataclass(frozen=True, slots=True)
class TrapRelease:
    """What goes when a lasting trap ends: the Blocked Doors it placed (``markers``, to be
    removed) and the characters it held (``freed``, whose ``immobilized`` flag goes)."""

    card: str
    markers: tuple[MarkerChange, ...] = ()
    freed: tuple[str, ...] = ()

    def explain(self) -> str:
        parts = [m.describe() for m in self.markers]
        if self.freed:
            parts.append(f"the characters it held ({', '.join(self.freed)}) may move again")
        body = "; ".join(parts) if parts else "nothing stays behind"
        return f"The {self.card} is over: {body} {cite(TRAPS, MARKERS)}."


@dataclass(frozen=True, slots=True)
class ActiveTrap:
    """A trap that lasts: the card, who set it off, the room's ``tiles``, the Blocked Doors it
    placed (``blocked``), whether the room is still ``sealed``, the characters still ``held``,
    the damage it deals in every Phase F, who has ``tried`` to disarm it this round, and the
    Phase F rounds it has lasted.

    It ends when it is disarmed (a sealed room) or when its last held character breaks free.
    Hole, Rubble, Fire, Ice and Air markers stay when it ends; its Blocked Doors go (ruling
    TR6)."""

    card: ItemCard
    trigger: str
    tiles: tuple[int, ...] = ()
    blocked: tuple[Square, ...] = ()
    sealed: bool = False
    held: tuple[str, ...] = ()
    damage_each_round: int = 0
    tried: tuple[str, ...] = ()
    rounds: int = 0

    @property
    def over(self) -> bool:
        return not self.sealed and not self.held

    @property
    def disarm_ap(self) -> int | None:
        """The AP of one disarm attempt, ``None`` when no disarm action ends this trap."""
        return DISARM_AP if self.sealed else None

    def release(self) -> TrapRelease:
        """Everything this trap still holds, as it would be released now."""
        markers = tuple(MarkerChange(sq, Marker.BLOCKED_DOOR, placed=False) for sq in self.blocked)
        return TrapRelease(self.card.name, markers, self.held)

    def explain(self) -> str:
        parts = []
        if self.sealed:
            doors = ", ".join(pos(sq) for sq in self.blocked) or "none could be placed"
            parts.append(
                f"the room is sealed (Blocked Doors: {doors}) until a character on it disarms "
                f"the trap ({DISARM_AP} AP, one attempt per character per round)"
            )
        if self.damage_each_round:
            parts.append(
                f"everyone on the room's tiles loses {self.damage_each_round} HP in every Phase F"
            )
        if self.held:
            parts.append(
                f"held: {', '.join(self.held)} cannot move (but may act) and tries the check "
                "again in every Phase F"
            )
        body = "; ".join(parts) or "it is over"
        return f"{self.card.name} lasts: {body} {cite(TRAPS, Section.PHASE_F)}."


@dataclass(frozen=True, slots=True)
class TrapResolution:
    """Everything a trap did the moment it was drawn, for the game to apply."""

    card: ItemCard
    trigger: str
    monster_level: int
    target: int | None
    victims: TrapVictims
    results: tuple[VictimResult, ...]
    markers: tuple[MarkerChange, ...] = ()
    notes: tuple[str, ...] = ()
    buried: tuple[str, ...] = ()
    active: ActiveTrap | None = None
    reward: Reward | None = None
    secret_door: bool = False
    critical_trap_rolls: bool = False

    @property
    def rules(self) -> tuple[Section, ...]:
        rules = [TRAPS]
        if self.markers:
            rules.append(Section.DUNGEON_MARKERS)
        if self.critical_trap_rolls:
            rules.append(Section.CRITICAL_TRAP_ROLLS)
        return tuple(rules)

    @property
    def immobilized(self) -> tuple[str, ...]:
        return tuple(r.letter for r in self.results if r.immobilized)

    @property
    def losses(self) -> tuple[VictimResult, ...]:
        return self.results

    @property
    def marker_changes(self) -> tuple[MarkerChange, ...]:
        return self.markers

    @property
    def flags_added(self) -> tuple[tuple[str, str], ...]:
        return tuple((x, "immobilized") for x in self.immobilized) + tuple(
            (x, "buried") for x in self.buried
        )

    @property
    def flags_removed(self) -> tuple[tuple[str, str], ...]:
        return ()

    def result(self, letter: str) -> VictimResult:
        for result in self.results:
            if result.letter == letter:
                return result
        raise TrapError(f"The {self.card.name} did not strike {letter!r}.")

    def explain(self) -> str:
        lines = [self.victims.explain()]
        if self.target is not None:
            assert self.card.trap is not None and self.card.trap.check is not None
            lines.append(
                f"Monster Level {self.monster_level}: {self.card.trap.check} gives TN "
                f"{self.target}."
            )
        lines += [f"- {r.explain()}" for r in self.results if r.check or r.penalties()]
        if not any(r.check or r.penalties() for r in self.results):
            lines.append("Nobody is hurt at once.")
        lines += [f"{sentence(m.describe())}." for m in self.markers]
        lines += list(self.notes)
        if self.secret_door:
            lines.append("A Secret Door opens (placed by the exploration rules).")
        if self.active is not None:
            lines.append(self.active.explain())
        if self.reward is not None:
            lines.append(self.reward.explain())
        else:
            lines.append("The card pays its gold and XP when the trap ends.")
        return "\n".join(lines) + f"\n{cite(*self.rules)}"


ON_TRIGGER_SQUARE = (Marker.HOLE, Marker.FIRE, Marker.ICE, Marker.AIR)
"""Markers a trap leaves on the square of the character who set it off, whatever the check."""


class CheckRole(StrEnum):
    """What a trap's printed check is for."""

    AVOID = "avoid"
    """Each victim checks at once; a failure brings the penalties."""
    DISARM = "disarm"
    """No check at once: the penalties strike, the room is sealed, and the check is the 10 AP
    action that ends the trap."""
    NONE = "none"
    """No check printed: the penalties strike every victim."""


@dataclass(frozen=True, slots=True)
class TrapPlan:
    """A trap card read for the rules: its check and what it is for, the damage at once and in
    every Phase F, Poison Markers, Psi Points drained, whether it holds its victims, and the
    marker it places."""

    card: ItemCard
    kind: TrapKind
    check: CheckSpec | None
    role: CheckRole
    damage: int = 0
    damage_each_round: int = 0
    poison: int = 0
    drain_pp: int = 0
    immobilize: bool = False
    marker: Marker | None = None

    @property
    def seals(self) -> bool:
        """It puts Blocked Doors on the room's doors until disarmed."""
        return self.marker is Marker.BLOCKED_DOOR

    @property
    def secret_door(self) -> bool:
        """It opens a Secret Door (for the exploration rules to place)."""
        return self.marker is Marker.SECRET_DOOR

    def penalties(self) -> str:
        parts = []
        if self.damage:
            parts.append(f"{self.damage} damage")
        if self.poison:
            parts.append(f"{self.poison} Poison Marker{'s' * (self.poison != 1)}")
        if self.drain_pp:
            parts.append(f"{self.drain_pp} Psi Points lost")
        if self.immobilize:
            parts.append("held fast until a check succeeds (one try in every Phase F)")
        if self.marker is Marker.RUBBLE:
            parts.append("buried under Rubble")
        return ", ".join(parts) or "nothing more"

    def describe(self) -> str:
        head = f"{self.card.name} ({self.kind} trap)"
        if self.role is CheckRole.AVOID:
            assert self.check is not None
            text = f"{head}: each victim checks {self.check}; on a failure: {self.penalties()}."
        elif self.role is CheckRole.DISARM:
            assert self.check is not None
            hurt = self.penalties()
            hurt = "" if hurt == "nothing more" else f"; every victim suffers: {hurt}"
            text = (
                f"{head}: the room's doors are blocked at once{hurt}; a character in the room "
                f"disarms it with {self.check} ({DISARM_AP} AP)."
            )
        else:
            text = f"{head}: no check; every victim suffers: {self.penalties()}."
        if self.damage_each_round:
            text += f" It deals {self.damage_each_round} damage in every Phase F until it ends."
        if self.marker in ON_TRIGGER_SQUARE:
            name = marker_name(self.marker)
            article = "An" if name[0] in "AEIOU" else "A"
            text += f" {article} {name} marker is left on the trigger's square."
        if self.secret_door:
            text += " It opens a Secret Door."
        return text
