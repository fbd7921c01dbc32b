"""May this figure attack that one from where they stand? (*Range and Line of Sight*).

:func:`attack_check` answers with an :class:`AttackCheck`, which is true or false like a bool,
says why in player words with the rule, and carries the Line of Sight (its Blue Solid cover
becomes the ``hindered`` of the combat functions). The rules it applies, in order:

* heroes attack monsters and monsters attack characters (*Attack*); an unconscious character
  neither attacks nor can be attacked (*Unconsciousness*);
* a buried figure is attacked only from an orthogonally adjacent square, and (ruling C22)
  attacks only one too (*Dungeon Markers*, Rubble);
* range 1 means orthogonally adjacent (``Dungeon.neighbors``); a *monster's* melee attack
  also strikes straight across a Hole (*Monsters and Obstacles/Holes*); a hero's does not
  (ruling C20);
* a longer range counts squares orthogonally, and the target must be in Line of Sight;
  figures never block it, and a Poltergeist inside a wall is seen by everyone (*Walls*).

>>> from doria_nb.engine.situation import Situation
>>> s = Situation.from_text('''
... map:
...   ###D#####
...   #...%...#
...   #H..%..o#
...   #...%...#
...   #########
... figures:
...   H = hero Huntress
...   o = monster Orc
... ''')
>>> check = attack_check(s, "H", "o", 6)
>>> bool(check), check.range, check.hindered
(True, 6, True)
>>> bool(attack_check(s, "H", "o", 5))
False
>>> print(attack_check(s, "H", "o", 5).reason)  # doctest: +NORMALIZE_WHITESPACE
Orc (o) is 6 squares from Huntress (H), beyond the attack's range of 5
(Range and Line of Sight).
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.cards import AttackKind
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.combat.weapons import AttackOption
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import CombatError, SituationError
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.strike import across_hole
from doria_nb.engine.sections import Section
from doria_nb.engine.sight import SightResult
from doria_nb.engine.situation import Figure, Situation
from doria_nb.engine.verdict import Verdict

__all__ = ["AttackCheck", "attack_check", "figure_of", "hero_may_reach"]


@dataclass(frozen=True, slots=True)
class AttackCheck:
    """The answer of :func:`attack_check`: ``ok`` and, when not, ``reason``; ``rule`` is the
    section that decided. ``range`` counts the squares between the two figures, ``reach`` is
    the attack's range; ``sight`` the Line of Sight (None when the question never got there);
    ``across_hole`` a monster's melee blow straight over a Hole."""

    attacker: str
    defender: str
    ok: bool
    reason: str
    rule: Section
    range: int | None = None
    reach: int | None = None
    sight: SightResult | None = None
    across_hole: bool = False

    def __bool__(self) -> bool:
        return self.ok

    @property
    def hindered(self) -> bool:
        """The attack must cross a Blue Solid Line: the defender rolls 1D more."""
        return self.ok and self.sight is not None and self.sight.hindered

    @property
    def verdict(self) -> Verdict:
        return Verdict.yes() if self.ok else Verdict.no(self.reason)

    def explain(self) -> str:
        """One sentence: why the attack may or may not be made."""
        return self.reason


def figure_of(situation: Situation, who: str) -> Figure:
    """The figure with letter (or name) ``who``, a :class:`CombatError` if there is none."""
    if not isinstance(situation, Situation):
        raise CombatError(f"An attack on the board needs a Situation, not {situation!r}.")
    try:
        return situation.figure(who)
    except SituationError as error:
        raise CombatError(str(error)) from None


def _reach(reach: AttackOption | Foe | int, kind: AttackKind | None) -> tuple[int, AttackKind]:
    if isinstance(reach, AttackOption):
        return reach.range, reach.kind
    if isinstance(reach, Foe):
        return reach.stats.range, reach.attack_kind
    if isinstance(reach, int) and not isinstance(reach, bool) and reach >= 0:
        return reach, kind or AttackKind.MELEE
    raise CombatError(
        f"Give the attack's range as a whole number, an attack option or a monster, not {reach!r}."
    )


def _squares(n: int) -> str:
    return f"{n} square{'s' * (n != 1)}"


def hero_may_reach(dungeon: Dungeon, start: Square, end: Square, reach: int) -> bool:
    """A quick necessary condition of :func:`attack_check` for a hero: a hero's attack of
    range ``reach`` from ``start`` can be allowed on ``end`` only if ``end`` is next to
    ``start`` or within ``reach`` squares of it (only a monster's melee blow reaches farther,
    straight across a Hole). For callers that would otherwise build a situation just to be
    told no."""
    return dungeon.range(start, end) <= reach or end in dungeon.neighbors(start)


def attack_check(
    situation: Situation,
    attacker: str,
    defender: str,
    reach: AttackOption | Foe | int,
    *,
    kind: AttackKind | None = None,
) -> AttackCheck:
    """Whether ``attacker`` may attack ``defender`` (letters or names) from where they stand,
    with an attack of range ``reach`` (an :class:`AttackOption`, a monster's :class:`Foe`, or
    a whole number with its ``kind``, melee by default). Nothing is changed."""
    a, d = figure_of(situation, attacker), figure_of(situation, defender)
    reach_n, kind = _reach(reach, kind)

    def no(reason: str, rule: Section, **facts: object) -> AttackCheck:
        return AttackCheck(a.letter, d.letter, False, reason, rule, **facts)  # type: ignore[arg-type]

    if a.letter == d.letter:
        return no(f"{a.label} cannot attack itself.", Section.ATTACK)
    if a.unconscious or a.carried_by is not None:
        return no(f"{a.label} is unconscious and cannot act this round.", Section.UNCONSCIOUSNESS)
    if d.unconscious or d.carried_by is not None:
        return no(
            f"{d.label} is unconscious: unconscious characters are immune to direct attacks "
            f"of any kind ({Section.UNCONSCIOUSNESS}).",
            Section.UNCONSCIOUSNESS,
        )
    if a.kind == d.kind:
        both = "heroes" if a.is_hero else "monsters"
        return no(
            f"{a.label} and {d.label} are both {both}; heroes attack monsters and monsters "
            f"attack characters ({Section.ATTACK}).",
            Section.ATTACK,
        )
    dungeon = situation.dungeon
    distance = dungeon.range(a.square, d.square)
    adjacent = d.square in dungeon.neighbors(a.square)
    facts = {"range": distance, "reach": reach_n}
    if a.buried or d.buried:
        who = d if d.buried else a
        if not adjacent:
            return no(
                f"{who.label} is buried under Rubble: it can be attacked, and attack, only "
                f"from an adjacent square (range 1); the two are {_squares(distance)} apart "
                f"({Section.DUNGEON_MARKERS}).",
                Section.DUNGEON_MARKERS,
                **facts,
            )
    if reach_n < 1:
        return no(
            f"An attack of range 0 reaches no other square; it works around the attacker "
            f"({Section.RANGE_AND_LINE_OF_SIGHT}).",
            Section.RANGE_AND_LINE_OF_SIGHT,
            **facts,
        )

    # Line of Sight is the costly question: it is asked only where the answer needs it (a
    # blow that lands carries it, and so does any attack at range within reach).
    def sight_between() -> SightResult:
        return situation.line_of_sight(a.square, d.square)

    if reach_n == 1 or a.buried or d.buried:
        if adjacent:
            return AttackCheck(
                a.letter,
                d.letter,
                True,
                f"{a.label} is next to {d.label} and may attack it "
                f"({Section.RANGE_AND_LINE_OF_SIGHT}).",
                Section.RANGE_AND_LINE_OF_SIGHT,
                distance,
                reach_n,
                sight_between(),
            )
        hole = across_hole(dungeon, a.square, d.square)
        if hole and a.is_monster and kind is AttackKind.MELEE and reach_n == 1:
            return AttackCheck(
                a.letter,
                d.letter,
                True,
                f"{a.label} strikes {d.label} straight across the Hole: a monster's melee "
                f"blow reaches exactly over it ({Section.MONSTERS_AND_OBSTACLES}).",
                Section.MONSTERS_AND_OBSTACLES,
                distance,
                reach_n,
                sight_between(),
                across_hole=True,
            )
        if hole and a.is_hero:
            return no(
                f"{d.label} is across a Hole, {_squares(distance)} away; only monsters strike "
                "in melee straight over a Hole, a hero needs a weapon of that range "
                f"({Section.DIFFICULT_TERRAIN}; ruling C20).",
                Section.DIFFICULT_TERRAIN,
                **facts,
            )
        if a.buried or d.buried:
            return no(
                f"{(d if d.buried else a).label} is buried under Rubble: only an adjacent "
                f"figure can attack it or be attacked by it ({Section.DUNGEON_MARKERS}).",
                Section.DUNGEON_MARKERS,
                **facts,
            )
        return no(
            f"{d.label} is not next to {a.label} ({_squares(distance)} away, counted "
            f"orthogonally); a range-1 attack reaches only an adjacent square "
            f"({Section.RANGE_AND_LINE_OF_SIGHT}).",
            Section.RANGE_AND_LINE_OF_SIGHT,
            **facts,
        )
    melee_monster = a.is_monster and kind is AttackKind.MELEE
    if distance > reach_n and melee_monster and across_hole(dungeon, a.square, d.square):
        return AttackCheck(
            a.letter,
            d.letter,
            True,
            f"{a.label} strikes {d.label} straight across the Hole, {_squares(distance)} "
            f"away: a monster's melee blow reaches exactly over it, whatever its range "
            f"({Section.MONSTERS_AND_OBSTACLES}; ruling RB6).",
            Section.MONSTERS_AND_OBSTACLES,
            distance,
            reach_n,
            sight_between(),
            across_hole=True,
        )
    if distance > reach_n:
        return no(
            f"{d.label} is {_squares(distance)} from {a.label}, beyond the attack's range of "
            f"{reach_n} ({Section.RANGE_AND_LINE_OF_SIGHT}).",
            Section.RANGE_AND_LINE_OF_SIGHT,
            **facts,
        )
    sight = sight_between()
    if not sight.visible:
        return no(
            f"{a.label} has no Line of Sight to {d.label}: {sight.explain()}",
            sight.rule,
            range=distance,
            reach=reach_n,
            sight=sight,
        )
    cover = (
        f"; the line must cross a Blue Solid Line, so {d.label} rolls 1D more "
        f"({Section.DIFFICULT_TERRAIN})"
        if sight.hindered
        else ""
    )
    seen = (
        f"a Poltergeist inside a wall is seen by everyone ({Section.WALLS})"
        if sight.exposed
        else f"in Line of Sight ({Section.RANGE_AND_LINE_OF_SIGHT})"
    )
    return AttackCheck(
        a.letter,
        d.letter,
        True,
        f"{d.label} is {_squares(distance)} from {a.label}, within range {reach_n}, and "
        f"{seen}{cover}.",
        Section.WALLS if sight.exposed else Section.RANGE_AND_LINE_OF_SIGHT,
        distance,
        reach_n,
        sight,
    )
