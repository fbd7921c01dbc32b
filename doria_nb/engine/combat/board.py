"""Attacks on the board: range, sight, area attacks, friends caught, unconscious defenders.

The combat functions (:func:`resolve_hero_attack`, :func:`resolve_monster_attack`) resolve one
attacker against one defender and are told whether a Blue Solid Line is in the way. This
module stands them on a :class:`~doria_nb.engine.situation.Situation`:

* :func:`attack_check` (in :mod:`.board_check`) says whether the attack may be made from
  where the figures stand, and the Line of Sight it finds gives ``hindered``;
* :func:`hero_attack_on_board` resolves a hero's attack, and for an area attack every monster
  struck and every friend caught, each defending on its own (*Area effects by characters*);
  the caster is exempt from its own spell (ruling Y1);
* :func:`monster_attack_on_board` resolves a monster AI :class:`~doria_nb.engine.monster_ai.
  outcome.Attack` against its defender and every other character its area attack struck.

An area attack is **one** attack roll: every defender rolls its own defense against it, and
takes the same damage, plus its own criticals, if it fails (ruling C21). The attacker's Psi
Points and a fumbled item are counted once, in the target's resolution. Bad input raises
:class:`~doria_nb.engine.errors.CombatError` before any die is rolled.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

from doria_nb.engine import optional_rules
from doria_nb.engine.attack_bonus import AttackBonus, Step
from doria_nb.engine.cards import Element
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.combat.answers import parse_answers
from doria_nb.engine.combat.board_area import area_shape, struck_by_hero
from doria_nb.engine.combat.board_check import AttackCheck, attack_check, figure_of
from doria_nb.engine.combat.board_records import BoardAttack, BoardHit
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.combat.hero_attack import check_hero_attack, resolve_hero_attack
from doria_nb.engine.combat.monster_attack import check_defender_answers, resolve_monster_attack
from doria_nb.engine.combat.records import AttackResolution, Direction
from doria_nb.engine.combat.weapons import AttackOption, cap
from doria_nb.engine.decisions import NONE, ChoiceKind, Policy
from doria_nb.engine.dice import Dice, Roll
from doria_nb.engine.effects import Immobilize, effect_of
from doria_nb.engine.errors import CombatError, DoriaError
from doria_nb.engine.monster_ai.outcome import Attack
from doria_nb.engine.monsters import MonsterLevel
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Figure, Situation

if TYPE_CHECKING:
    from doria_nb.engine.optional_rules import Size

__all__ = [
    "AttackCheck",
    "BoardAttack",
    "BoardHit",
    "attack_check",
    "hero_attack_on_board",
    "monster_attack_on_board",
]

T = TypeVar("T")
Answers = Mapping[ChoiceKind | str, str]
AREA = Section.ADDITIONAL_COMBAT_RULES


class _SharedAttack(Chance):
    """A chance source that hands back an attack roll already made (one area attack, many
    defenders) and rolls everything else with ``inner``."""

    def __init__(self, inner: Chance, attack: Roll) -> None:
        super().__init__(random.Random(0), None)
        self._inner = inner
        self._attack: Roll | None = attack

    def d10(self) -> int:
        return self._inner.d10()

    def below(self, n: int) -> int:
        return self._inner.below(n)

    def roll(
        self,
        dice: Dice | str,
        *,
        fixed: bool = False,
        who: str = "",
        purpose: str = "",
        rule: Section = Section.CRITICALS_AND_FUMBLES,
    ) -> Roll:
        if purpose == "attack" and self._attack is not None:
            attack, self._attack = self._attack, None
            return attack
        return self._inner.roll(dice, fixed=fixed, who=who, purpose=purpose, rule=rule)


def _letters(mapping: Mapping[str, T] | None, what: str) -> Mapping[str, T]:
    if mapping is None:
        return {}
    if not isinstance(mapping, Mapping):
        raise CombatError(f"{what} must map figure letters to values, not {mapping!r}.")
    return mapping


def _hindered(situation: Situation, attacker: Figure, defender: Figure) -> bool:
    """Blue Solid cover on the line from the attacker's square (ruling C25)."""
    if attacker.square == defender.square:
        return False
    return situation.line_of_sight(attacker.square, defender.square).hindered


def _same_roll_step(defender: str, rolled: Roll) -> Step:
    return Step(
        AREA,
        f"The same attack roll ({rolled.total}) strikes {defender} too; it defends on its own "
        "(ruling C21).",
    )


def _secondary(res: AttackResolution, option: AttackOption, rolled: Roll) -> AttackResolution:
    """A monster struck besides the target: the attacker's costs were counted once."""
    keep = tuple(
        s
        for s in res.steps
        if s.rule not in (Section.PSI_SPELLS, Section.ENCHANTED_WEAPONS, Section.BELT_WEAPONS)
        and not s.text.startswith(f"The {option.name} is damaged")
    )
    return replace(
        res,
        steps=(_same_roll_step(res.defender, rolled), *keep),
        changes=(),
        decisions=(),
        ap=0,
        pp=(res.pp[0], res.pp[0]),
    )


def _damage_only(bonus: AttackBonus) -> AttackBonus:
    """The part of the target's bonus that counts for the other defenders of the same roll:
    its damage (ruling OR7)."""
    if not bonus.damage:
        return AttackBonus()
    note = Step(
        bonus.steps[-1].rule,
        f"+{bonus.damage} damage with a hit, as against the target (one attack, ruling OR7).",
    )
    return AttackBonus(damage=bonus.damage, steps=(note,))


def _friendly_fire(character: Character, option: AttackOption, element: Element | None) -> Foe:
    """The hero's attack as an attacker a friend defends against (same dice, same damage)."""
    stats = MonsterLevel(
        level=1,
        ap=1,
        range=max(option.range, 1),
        attack=option.kind,
        attack_dice=option.dice,
        damage=option.damage,
        defense=option.dice,
        psi_resistance=option.dice,
        hp=1,
        element=element,
    )
    return Foe(f"{character.name}'s {option.name}", stats, 1)


def _check_hero(situation: Situation, letter: str, character: Character) -> Figure:
    figure = figure_of(situation, letter)
    if not isinstance(character, Character):
        raise CombatError(f"Only a character attacks this way, not {character!r}.")
    if not figure.is_hero:
        raise CombatError(f"{figure.label} is a monster, not the hero {character.name}.")
    if figure.name.casefold() != character.name.casefold():
        raise CombatError(
            f"{figure.label} on the board is not {character.name}; give the figure of the "
            "character who attacks."
        )
    return figure


def hero_attack_on_board(
    situation: Situation,
    hero: str,
    character: Character,
    target: str,
    foe: Foe,
    option: AttackOption,
    chance: Chance,
    *,
    foes: Mapping[str, Foe] | None = None,
    friends: Mapping[str, Character] | None = None,
    options: RulesOptions | None = None,
    policy: Policy | None = None,
    answers: Answers | None = None,
    friend_answers: Mapping[str, Answers] | None = None,
    ap_available: int | None = None,
    higher_ground: bool | None = None,
    target_size: Size | None = None,
    extra_bonus: AttackBonus | None = None,
) -> BoardAttack:
    """The hero on letter ``hero`` (``character``) attacks the monster on letter ``target``
    (``foe``) with ``option``, from where they stand in ``situation``.

    The attack must be possible from there (:func:`attack_check`; refused with the reason
    otherwise); ``hindered`` comes from the Line of Sight. If the card's attack has an area,
    every other monster struck needs its :class:`Foe` in ``foes`` and every friend caught its
    :class:`Character` in ``friends`` (by letter); ``friend_answers`` fixes their decisions
    (defense, psi points, armor), ``answers`` the hero's (enchantment). Nothing is changed:
    see :meth:`BoardAttack.apply` and :attr:`BoardAttack.foes_after`.

    The optional rules *Close Quarters Combat*, *Combat Modifiers* and *Dominance* in
    ``options`` are read off the board against the target
    (:func:`~doria_nb.engine.optional_rules.attack_bonus`); ``higher_ground`` and
    ``target_size`` override what the board says for *Combat Modifiers*. An area attack is one
    roll: its bonus is the target's, and a damage bonus counts for every monster struck.
    """
    caster = _check_hero(situation, hero, character)
    goal = figure_of(situation, target)
    if not goal.is_monster:
        raise CombatError(
            f"{goal.label} is a character; heroes attack monsters ({Section.ATTACK}). Friends "
            "are struck only when an area attack catches them."
        )
    check_hero_attack(character, foe, option, ap_available=ap_available)
    foes_by = _letters(foes, "foes")
    friends_by = _letters(friends, "friends")
    friend_answers_by = _letters(friend_answers, "friend_answers")
    card_attack = character.mat.at(option.location).card.attack(option.kind)
    note = card_attack.area if card_attack is not None else None
    shape = area_shape(note) if note else None
    reach = shape.size if shape is not None and shape.kind == "around" else option.range
    check = attack_check(situation, caster.letter, goal.letter, reach, kind=option.kind)
    if not check:
        raise CombatError(check.reason)
    struck, spared, why = struck_by_hero(situation, caster, goal, shape, option.range)

    # Everything the defenders need, before any die is rolled.
    notes: list[Step] = []
    if why:
        notes.append(Step(AREA, why))
    plan: list[tuple[Figure, Foe | Character]] = []
    for figure in struck:
        if figure.is_monster:
            other = foe if figure.letter == goal.letter else foes_by.get(figure.letter)
            if not isinstance(other, Foe):
                raise CombatError(
                    f"The attack strikes {figure.label} too; give its Foe in foes "
                    f"(foes={{'{figure.letter}': Foe.of(...)}})."
                )
            if other.only_hurt_by_magic and figure.letter != goal.letter:
                try:
                    check_hero_attack(character, other, option)
                except CombatError as error:
                    notes.append(Step(Section.ENCHANTED_WEAPONS, f"{figure.label}: {error}"))
                    continue
            if other.defeated:
                raise CombatError(f"{cap(other.the)} ({figure.letter}) is already defeated.")
            plan.append((figure, other))
        else:
            friend = friends_by.get(figure.letter)
            if not isinstance(friend, Character):
                raise CombatError(
                    f"The attack catches {figure.label}, a friend, who must defend; give the "
                    f"Character in friends (friends={{'{figure.letter}': ...}})."
                )
            check_defender_answers(
                friend, parse_answers(friend_answers_by.get(figure.letter)), option.kind
            )
            plan.append((figure, friend))
    if shape is not None:
        notes.append(
            Step(
                Section.PSI_SPELLS,
                f"{caster.label} is exempt from its own attack (ruling Y1).",
            )
        )
    for figure in spared:
        notes.append(
            Step(
                Section.UNCONSCIOUSNESS,
                f"{figure.label} is unconscious and immune to attacks of any kind.",
            )
        )

    bonus = optional_rules.attack_bonus(
        situation,
        caster.letter,
        goal.letter,
        options,
        kind=option.kind,
        higher=higher_ground,
        size=target_size,
    )
    if extra_bonus is not None:
        bonus = bonus + extra_bonus
    hits: list[BoardHit] = []
    primary = resolve_hero_attack(
        character,
        foe,
        option,
        chance,
        hindered=check.hindered,
        options=options,
        policy=policy,
        answers=answers,
        ap_available=ap_available,
        bonus=bonus,
    )
    hits.append(BoardHit(goal.letter, check.hindered, primary, caster.letter))
    rolled = primary.attack_roll
    woken = next(
        (d.answer for d in primary.decisions if d.choice.kind is ChoiceKind.ENCHANTMENT), None
    )
    element = option.element
    if woken is not None and woken != NONE:
        element = Element(woken)
    for figure, defender in plan[1:]:
        hindered = _hindered(situation, caster, figure)
        shared = _SharedAttack(chance, rolled)
        if isinstance(defender, Foe):
            res = resolve_hero_attack(
                character,
                defender,
                option,
                shared,
                hindered=hindered,
                options=options,
                policy=policy,
                answers={ChoiceKind.ENCHANTMENT: woken} if woken is not None else None,
                bonus=_damage_only(bonus),
            )
            hits.append(BoardHit(figure.letter, hindered, _secondary(res, option, rolled), None))
        else:
            res = resolve_monster_attack(
                _friendly_fire(character, option, element),
                defender,
                shared,
                hindered=hindered,
                options=options,
                policy=policy,
                answers=friend_answers_by.get(figure.letter),
            )
            first = Step(
                AREA,
                f"{cap(defender.who)} is caught by {character.who}'s {option.name}: a friend in "
                "the area must defend or take the same damage (Area effects by characters).",
            )
            res = replace(res, steps=(first, _same_roll_step(defender.who, rolled), *res.steps))
            hits.append(BoardHit(figure.letter, hindered, res, figure.letter))
    held = _held(character, option, hits)
    if held:
        names = ", ".join(situation.figure(letter).label for letter in held)
        notes.append(
            Step(
                Section.ATTACK,
                f"The {option.name} holds what it hits: {names} cannot move until their next "
                "activation.",
            )
        )
    return BoardAttack(caster.letter, goal.letter, check, note, tuple(notes), tuple(hits), held)


def _held(character: Character, option: AttackOption, hits: list[BoardHit]) -> tuple[str, ...]:
    """The monsters hit by an attack whose card holds its targets (an *immobilize* effect)."""
    held_card = character.mat.get(option.location)
    if held_card is None or held_card.card.effect is None:
        return ()
    try:
        holds = isinstance(effect_of(held_card.card), Immobilize)
    except DoriaError:
        return ()
    return tuple(
        h.defender
        for h in hits
        if holds and h.resolution.direction is Direction.HERO_ATTACKS and h.resolution.hit
    )


def monster_attack_on_board(
    situation: Situation,
    attack: Attack,
    characters: Mapping[str, Character],
    foe: Foe,
    chance: Chance,
    *,
    options: RulesOptions | None = None,
    policy: Policy | None = None,
    answers: Mapping[str, Answers] | None = None,
    higher_ground: bool | None = None,
    extra_armor: Mapping[str, int] | None = None,
) -> BoardAttack:
    """Resolve the monster AI's ``attack`` (from ``activation.attack``) on ``situation``,
    the board the monster attacks on (``activation.after``): its defender and every other
    character its area attack struck, each with their :class:`Character` in ``characters``
    by letter and defending on their own; ``answers`` fixes each one's decisions by letter.
    ``foe`` is the attacking monster. Unconscious characters are never struck.

    The optional rules *Close Quarters Combat*, *Combat Modifiers* and *Dominance* in
    ``options`` are read off the board against the defender, as for a hero's attack
    (``higher_ground`` overrides the board).
    """
    if not isinstance(attack, Attack):
        raise CombatError(f"Give the monster's Attack (activation.attack), not {attack!r}.")
    if not isinstance(foe, Foe):
        raise CombatError(f"The attacker must be a monster (a Foe), not {foe!r}.")
    monster = figure_of(situation, attack.attacker)
    if monster.square != attack.square:
        raise CombatError(
            f"{monster.label} stands on ({monster.square.x}, {monster.square.y}), but the attack "
            f"is made from ({attack.square.x}, {attack.square.y}); resolve it on the board after "
            "the monster moved (activation.after)."
        )
    if foe.defeated:
        raise CombatError(f"{cap(foe.the)} is defeated (0 HP) and attacks no more.")
    characters_by = _letters(characters, "characters")
    answers_by = _letters(answers, "answers")
    check = attack_check(situation, monster.letter, attack.defender, foe)
    if not check:
        raise CombatError(check.reason)
    notes: list[Step] = []
    plan: list[tuple[Figure, Character]] = []
    for letter in (attack.defender, *(s for s in attack.struck if s != attack.defender)):
        figure = figure_of(situation, letter)
        if figure.unconscious or figure.carried_by is not None:
            notes.append(
                Step(
                    Section.UNCONSCIOUSNESS,
                    f"{figure.label} is unconscious and immune to attacks of any kind.",
                )
            )
            continue
        if not figure.is_hero:
            notes.append(
                Step(
                    AREA,
                    f"{figure.label} is a monster: monsters are immune to other monsters' "
                    "area attacks (Damage from other monsters and traps).",
                )
            )
            continue
        character = characters_by.get(letter)
        if not isinstance(character, Character):
            raise CombatError(
                f"The attack strikes {figure.label}; give its Character in characters "
                f"(characters={{'{letter}': ...}})."
            )
        check_defender_answers(character, parse_answers(answers_by.get(letter)), foe.attack_kind)
        plan.append((figure, character))
    if len(plan) > 1:
        names = ", ".join(f.label for f, _ in plan[1:])
        notes.append(
            Step(AREA, f"The area attack also strikes {names}; each defends on their own.")
        )
    bonus = optional_rules.attack_bonus(
        situation,
        monster.letter,
        check.defender,
        options,
        kind=foe.attack_kind,
        higher=higher_ground,
    )
    hits: list[BoardHit] = []
    rolled: Roll | None = None
    for figure, character in plan:
        hindered = (
            check.hindered
            if figure.letter == check.defender
            else _hindered(situation, monster, figure)
        )
        source = chance if rolled is None else _SharedAttack(chance, rolled)
        res = resolve_monster_attack(
            foe,
            character,
            source,
            hindered=hindered,
            options=options,
            policy=policy,
            answers=answers_by.get(figure.letter),
            bonus=bonus if figure.letter == check.defender else _damage_only(bonus),
            extra_armor=(extra_armor or {}).get(figure.letter, 0),
        )
        if rolled is None:
            rolled = res.attack_roll
        else:
            res = replace(res, steps=(_same_roll_step(character.who, rolled), *res.steps))
        hits.append(BoardHit(figure.letter, hindered, res, figure.letter))
    return BoardAttack(monster.letter, check.defender, check, None, tuple(notes), tuple(hits))
