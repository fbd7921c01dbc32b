"""Traps that last: what they do in every *Phase F: Special Actions*, and disarming them.

A trap that seals a room (Spiked Walls, Pitfall, Falling Portcullis) or holds a character fast
(Water Pit, Snare Net) becomes an :class:`~doria_nb.engine.traps.records.ActiveTrap` when it is
drawn (:func:`~doria_nb.engine.traps.resolve_trap`). The game keeps it and:

* in every Phase F (after the monster modifiers, before the Zombies) calls
  :func:`trap_phase_f`: the damage it deals each round, then one new check for every character
  it holds;
* in Phase D offers :func:`can_disarm` / :func:`disarm` to the characters on a sealed room: a
  10 AP action, one attempt per character per round (ruling TR8).

When a trap ends, its :class:`~doria_nb.engine.traps.records.TrapRelease` says what goes (the
Blocked Doors it placed, the ``immobilized`` flags) and the card pays its reward to the
character who ended it (ruling TR9). :func:`~doria_nb.engine.traps.apply_trap` applies a
:class:`TrapRound` or a :class:`Disarm` as it applies a resolution.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from doria_nb.engine.cards import ItemCard
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.checks import CheckResult
from doria_nb.engine.decisions import Policy
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.traps.armor import TrapArmor, armor_for_trap
from doria_nb.engine.traps.records import (
    DISARM_AP,
    ActiveTrap,
    MarkerChange,
    Reward,
    TrapError,
    TrapRelease,
    TrapResolution,
    VictimResult,
    cite,
    pos,
    sentence,
)
from doria_nb.engine.traps.resolve import characters_for, check_request, roll_trap_check, trap_plan
from doria_nb.engine.verdict import Verdict

__all__ = [
    "Disarm",
    "TrapApplied",
    "TrapRound",
    "apply_markers",
    "apply_trap",
    "can_disarm",
    "disarm",
    "trap_phase_f",
]

TRAPS = Section.TRAPS_AND_SECRET_DOORS
PHASE_F = Section.PHASE_F


def _freed_flags(
    release: TrapRelease | None, freed: tuple[str, ...]
) -> tuple[tuple[str, str], ...]:
    letters = dict.fromkeys((*freed, *(release.freed if release else ())))
    return tuple((x, "immobilized") for x in letters)


@dataclass(frozen=True, slots=True)
class TrapRound:
    """One Phase F of a lasting trap: the damage it dealt, the new checks of the characters it
    holds, who broke free, and — when it ended — what goes and the reward."""

    card: ItemCard
    before: ActiveTrap
    after: ActiveTrap | None
    damage: tuple[VictimResult, ...] = ()
    retries: tuple[VictimResult, ...] = ()
    freed: tuple[str, ...] = ()
    release: TrapRelease | None = None
    reward: Reward | None = None
    notes: tuple[str, ...] = ()

    @property
    def active(self) -> ActiveTrap | None:
        return self.after

    @property
    def rules(self) -> tuple[Section, ...]:
        markers = (Section.DUNGEON_MARKERS,) if self.marker_changes else ()
        return (PHASE_F, TRAPS, *markers)

    @property
    def losses(self) -> tuple[VictimResult, ...]:
        return self.damage

    @property
    def marker_changes(self) -> tuple[MarkerChange, ...]:
        return self.release.markers if self.release else ()

    @property
    def flags_added(self) -> tuple[tuple[str, str], ...]:
        return ()

    @property
    def flags_removed(self) -> tuple[tuple[str, str], ...]:
        return _freed_flags(self.release, self.freed)

    def explain(self) -> str:
        lines = [f"Phase F, {self.card.name} (round {self.before.rounds + 1} of the trap):"]
        lines += [f"- {sentence(r.who)} ({r.letter}) loses {r.damage} HP." for r in self.damage]
        for r in self.retries:
            assert r.check is not None
            verdict = "Breaks free." if r.avoided else "Still held."
            lines.append(
                f"- {sentence(r.who)} ({r.letter}) tries to break free and needs {r.needed} on "
                f"2D: {r.check.explain()} {verdict}"
            )
        lines += list(self.notes)
        if self.release is not None:
            lines.append(self.release.explain())
        if self.reward is not None:
            lines.append(self.reward.explain())
        if self.after is not None:
            lines.append(self.after.explain())
        return "\n".join(lines) + f"\n{cite(*self.rules)}"


@dataclass(frozen=True, slots=True)
class Disarm:
    """One attempt to disarm a sealed room: who tried (``letter``), the check, the AP it cost,
    and, on a success, what goes and the reward."""

    card: ItemCard
    letter: str
    who: str
    check: CheckResult
    before: ActiveTrap
    after: ActiveTrap | None
    release: TrapRelease | None = None
    reward: Reward | None = None
    ap: int = DISARM_AP

    @property
    def success(self) -> bool:
        return self.check.success

    @property
    def active(self) -> ActiveTrap | None:
        return self.after

    @property
    def rules(self) -> tuple[Section, ...]:
        return (TRAPS, Section.DUNGEON_MARKERS) if self.marker_changes else (TRAPS,)

    @property
    def losses(self) -> tuple[VictimResult, ...]:
        return ()

    @property
    def marker_changes(self) -> tuple[MarkerChange, ...]:
        return self.release.markers if self.release else ()

    @property
    def flags_added(self) -> tuple[tuple[str, str], ...]:
        return ()

    @property
    def flags_removed(self) -> tuple[tuple[str, str], ...]:
        return _freed_flags(self.release, ())

    def explain(self) -> str:
        needed = self.check.target - self.check.bonus
        head = (
            f"{sentence(self.who)} ({self.letter}) tries to disarm the {self.card.name} for "
            f"{self.ap} AP and needs {needed} on 2D: {self.check.explain()}"
        )
        if not self.success:
            return (
                f"{head} The trap holds; {self.who} may try again next round. "
                "Critical failures while disarming have no special effect "
                f"{cite(TRAPS)}."
            )
        lines = [f"{head} Disarmed."]
        if self.release is not None:
            lines.append(self.release.explain())
        if self.reward is not None:
            lines.append(self.reward.explain())
        return "\n".join(lines)


def _active(active: object) -> ActiveTrap:
    if not isinstance(active, ActiveTrap):
        raise TrapError(f"This needs a trap that lasts (an ActiveTrap), not {active!r}.")
    if active.over:
        raise TrapError(f"The {active.card.name} is already over.")
    return active


def trap_phase_f(
    active: ActiveTrap,
    situation: Situation,
    characters: Mapping[str, Character],
    chance: Chance,
    monster_level: int,
    options: RulesOptions | None = None,
) -> TrapRound:
    """What a lasting trap does in this round's Phase F.

    First its damage each round: a sealed room's to every character on the room's tiles,
    unconscious ones too, since it is an ongoing effect on the Room Tile (ruling TR10); a trap
    that only holds hurts the characters it holds. Then every character it holds checks again
    (an unconscious one cannot try). Disarm attempts of the round are forgotten: next round
    everyone may try again. ``characters`` maps letters to Characters and must hold everyone
    struck; nothing is rolled when a request is refused.
    """
    active = _active(active)
    plan = trap_plan(active.card)
    options = RulesOptions() if options is None else options
    check_request(monster_level, options, chance)
    if not isinstance(situation, Situation):
        raise TrapError(f"Phase F needs the Situation, not {situation!r}.")
    present = {f.letter: f for f in situation.heroes}
    notes: list[str] = []
    hurt: list[str] = []
    if active.damage_each_round:
        if active.sealed:
            hurt = [
                f.letter
                for f in situation.heroes
                if situation.dungeon.tile_index(f.square) in active.tiles
            ]
        else:
            hurt = [x for x in active.held if x in present]
    trying = [x for x in active.held if x in present and not present[x].unconscious]
    people = characters_for(dict.fromkeys(hurt + trying), characters, f"The {active.card.name}")
    damage = tuple(VictimResult(x, people[x].who, damage=active.damage_each_round) for x in hurt)
    gone = [x for x in active.held if x not in present]
    notes += [f"{x} is no longer on the board and is no longer held." for x in gone]
    notes += [
        f"{present[x].label} is unconscious and cannot try to break free this round."
        for x in active.held
        if x in present and present[x].unconscious
    ]
    retries: list[VictimResult] = []
    freed: list[str] = []
    assert plan.check is not None  # trap_plan refuses a hold without a check
    for letter in trying:
        check = roll_trap_check(
            plan.check, people[letter], chance, monster_level=monster_level,
            options=options, purpose="trap check (to break free)",
        )  # fmt: skip
        retries.append(
            VictimResult(letter, people[letter].who, check, immobilized=not check.success)
        )
        if check.success:
            freed.append(letter)
    held = tuple(x for x in active.held if x not in freed and x not in gone)
    after = replace(active, held=held, tried=(), rounds=active.rounds + 1)
    release = reward = None
    if after.over:
        release = TrapRelease(active.card.name, (), tuple(freed))
        ender = freed[0] if freed else active.trigger
        who = people[ender].who if ender in people else ender
        reward = Reward(active.card, ender, who)
    return TrapRound(
        card=active.card,
        before=active,
        after=None if after.over else after,
        damage=damage,
        retries=tuple(retries),
        freed=tuple(freed),
        release=release,
        reward=reward,
        notes=tuple(notes),
    )


def can_disarm(
    active: ActiveTrap, situation: Situation, who: str, *, ap: int | None = None
) -> Verdict:
    """Whether ``who`` (a letter or name) may try to disarm ``active`` now: only a trap that
    seals a room has a disarm action; the character must be conscious, not buried, standing on
    the room's tiles, with at least 1 AP (``ap``, or its figure's AP), and not have tried this
    round already."""
    active = _active(active)
    if not isinstance(situation, Situation):
        raise TrapError(f"Disarming is asked of a Situation, not {situation!r}.")
    name = active.card.name
    if not active.sealed:
        return Verdict.no(
            f"The {name} has no disarm action; whoever it holds breaks free only by a new check "
            "in Phase F."
        )
    figure = situation.figure(who)
    if figure.is_monster:
        return Verdict.no(f"{figure.label} is a monster; monsters do not disarm traps.")
    if figure.unconscious:
        return Verdict.no(f"{figure.label} is unconscious and cannot act.")
    if figure.buried:
        return Verdict.no(f"{figure.label} is buried under Rubble and cannot reach the trap.")
    if situation.dungeon.tile_index(figure.square) not in active.tiles:
        return Verdict.no(
            f"{figure.label} is not in the {name}'s room; only a character on the room's tiles "
            "can disarm it."
        )
    if figure.letter in active.tried:
        return Verdict.no(
            f"{figure.label} has already tried to disarm the {name} this round; each character "
            "gets one attempt per round."
        )
    points = figure.ap if ap is None else ap
    if points is None:
        return Verdict.no(f"{figure.label}'s AP are not known; give them to decide.")
    if points < 1:
        return Verdict.no(
            f"Disarming needs at least 1 AP (it costs {DISARM_AP}, and the last action may go "
            f"below 0); {figure.label} has {points}."
        )
    return Verdict.yes()


def disarm(
    active: ActiveTrap,
    character: Character,
    chance: Chance,
    monster_level: int,
    options: RulesOptions | None = None,
    *,
    situation: Situation,
    who: str,
    ap: int | None = None,
) -> Disarm:
    """``character`` (figure ``who``) tries to disarm ``active``: a 10 AP action with the trap's
    check. A success ends the trap (its Blocked Doors go, whoever it held may move) and the
    character keeps the card as gold; the group gains its XP. A failure only uses the attempt
    of this round. Refused in words, with nothing rolled, when :func:`can_disarm` says no."""
    verdict = can_disarm(active, situation, who, ap=ap)
    verdict.enforce(TrapError)
    options = RulesOptions() if options is None else options
    check_request(monster_level, options, chance)
    if not isinstance(character, Character):
        raise TrapError(f"Disarming needs the character's Character, not {character!r}.")
    plan = trap_plan(active.card)
    assert plan.check is not None
    letter = situation.figure(who).letter
    check = roll_trap_check(
        plan.check, character, chance, monster_level=monster_level, options=options,
        purpose="disarm",
    )  # fmt: skip
    if not check.success:
        after = replace(active, tried=(*active.tried, letter))
        return Disarm(active.card, letter, character.who, check, active, after)
    return Disarm(
        active.card,
        letter,
        character.who,
        check,
        active,
        None,
        active.release(),
        Reward(active.card, letter, character.who),
    )


# -- applying -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrapApplied:
    """What :func:`apply_trap` did to the characters (``points``: letter, HP lost, PP lost)
    and what the game must still apply: Poison Markers per letter, markers for the dungeon,
    flags for the figures, the trap that lasts, the reward."""

    points: tuple[tuple[str, int, int], ...] = ()
    poison: tuple[tuple[str, int], ...] = ()
    markers: tuple[MarkerChange, ...] = ()
    flags_added: tuple[tuple[str, str], ...] = ()
    flags_removed: tuple[tuple[str, str], ...] = ()
    active: ActiveTrap | None = None
    reward: Reward | None = None
    armor: tuple[tuple[str, TrapArmor], ...] = ()
    """The armor each character took the damage on (ruling TR7), by letter."""

    @property
    def poison_markers(self) -> dict[str, int]:
        return dict(self.poison)

    def armor_notes(self) -> list[str]:
        """One sentence per armor that took a trap's damage."""
        return [taken.explain(letter) for letter, taken in self.armor]


def apply_trap(
    result: TrapResolution | TrapRound | Disarm,
    characters: Mapping[str, Character],
    *,
    options: RulesOptions | None = None,
    policy: Policy | None = None,
) -> TrapApplied:
    """Apply a trap's result to the characters: Hit Points and Psi Points lost, logged as
    ``PointsChanged`` with the reason "trap: <card>". Each character struck may take the
    damage on one armor, chosen by ``policy`` (default: the best armor), which is then
    damaged (ruling TR7; under the named reading ``traps_ignore_armor`` in ``options`` the
    damage goes straight to the Hit Points). Returns what the game state must still take:
    Poison Markers to add by letter, marker changes (:func:`apply_markers`), figure flags to
    add and remove, the trap that lasts (or ``None``: it is over) and the reward. Nothing
    changes when a request is refused."""
    if not isinstance(result, TrapResolution | TrapRound | Disarm):
        raise TrapError(f"apply_trap needs the result of a trap, not {result!r}.")
    losses = [r for r in result.losses if r.damage or r.pp_lost or r.poison]
    people = characters_for([r.letter for r in losses], characters, f"The {result.card.name}")
    for r in losses:
        if people[r.letter].who != r.who:
            raise TrapError(f"{r.letter} was struck as {r.who}, not as {people[r.letter].who}.")
    armor_on = not (options or RulesOptions()).reads("traps_ignore_armor")
    points: list[tuple[str, int, int]] = []
    armor: list[tuple[str, TrapArmor]] = []
    for r in losses:
        taken = armor_for_trap(people[r.letter], r.damage, result.card.name, policy)
        taken = taken if armor_on else None
        hp_lost = r.damage if taken is None else taken.hp_lost
        if taken is not None:
            people[r.letter].damage_item(taken.location)
            armor.append((r.letter, taken))
        if hp_lost or r.pp_lost:
            people[r.letter].change_points(
                hp=-hp_lost, pp=-r.pp_lost, reason=f"trap: {result.card.name}"
            )
            points.append((r.letter, hp_lost, r.pp_lost))
    return TrapApplied(
        points=tuple(points),
        poison=tuple((r.letter, r.poison) for r in losses if r.poison),
        markers=result.marker_changes,
        flags_added=result.flags_added,
        flags_removed=result.flags_removed,
        active=result.active,
        reward=result.reward,
        armor=tuple(armor),
    )


def apply_markers(dungeon: Dungeon, changes: Iterable[MarkerChange]) -> Dungeon:
    """The dungeon with ``changes`` laid on it (markers placed and removed, in order)."""
    for change in changes:
        if not isinstance(change, MarkerChange):
            raise TrapError(f"A marker change is a MarkerChange, not {change!r}.")
        if change.placed:
            dungeon = dungeon.with_marker(change.square, change.marker)
        elif dungeon.marker(change.square) is not change.marker:
            raise TrapError(f"There is no {change.describe().split(' marker')[0]} marker at "
                            f"{pos(change.square)} to remove.")  # fmt: skip
        else:
            dungeon = dungeon.without_marker(change.square)
    return dungeon
