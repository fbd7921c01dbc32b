"""A monster attacks a hero (*Defense*, *Psi Resistance*, *Getting Hit and Armor Rating*,
*Additional Combat Rules*).

The steps, in the rulebook's order:

1. the defender chooses a defense roll (a :class:`Choice`): an undamaged item on the Body
   with a defense roll, or Dodge if the attributes allow it; against magic, an item with psi
   resistance or the Psi Resistance skill. Defending costs no AP and may happen any number of
   times, so there is one defense roll per attack and no AP check;
2. the monster's attack dice against the chosen roll, +1D to the defender across a Blue
   Solid Line (``hindered``);
3. against magic, after the roll, the defender may add Psi Points point by point (a
   :class:`Choice`); the roll is judged again with them;
4. the defender's fumble damages the item it defended with (under *Critical Fail* also a
   beating by 10 or more); a fumble adds one critical either way;
5. on a hit: the monster's damage + 1 per critical; the defender chooses one armor or none
   (a :class:`Choice`); armor vulnerable to the attack's element is ignored, not damaged; the
   armor used is damaged and takes off its AR; the rest comes off the HP.

Nothing is changed: the result holds the operations (see :meth:`AttackResolution.apply`).
"""

from __future__ import annotations

from collections.abc import Mapping

from doria_nb.engine.attack_bonus import AttackBonus, Step
from doria_nb.engine.cards import AttackKind, Element
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character, DefenseOption
from doria_nb.engine.checks import ComparativeResult, Side, comparative_roll, compare, criticals
from doria_nb.engine.combat import rules
from doria_nb.engine.combat.answers import ask, parse_answers
from doria_nb.engine.combat.damage import character_damage
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.combat.hero_attack import check_bonus
from doria_nb.engine.combat.records import (
    AttackResolution,
    CharacterChange,
    Direction,
    ItemDamage,
    PointsLoss,
    across_blue_solid,
)
from doria_nb.engine.combat.weapons import cap, where
from doria_nb.engine.decisions import NONE, Choice, ChoiceKind, Decided, Option, Policy
from doria_nb.engine.dice import Dice, Roll
from doria_nb.engine.errors import CombatError
from doria_nb.engine.health import DEATH_THRESHOLD
from doria_nb.engine.mat import Location, Mat
from doria_nb.engine.options import RulesOptions

__all__ = ["check_defender_answers", "defense_choice", "expected_total", "resolve_monster_attack"]


def expected_total(dice: Dice) -> float:
    """The mean of an exploding roll: 55/9 a die (5.5 ÷ 0.9) plus the modifier."""
    return dice.count * 55 / 9 + dice.modifier


def _defense_key(option: DefenseOption) -> str:
    return where(option.source) if option.source is not None else option.name.lower()


def _defenses(character: Character, kind: AttackKind) -> tuple[DefenseOption, ...]:
    if kind is AttackKind.MAGIC:
        return character.psi_resistance_options()
    return character.defense_options()


def defense_choice(character: Character, kind: AttackKind) -> Choice | None:
    """The defender's choice of roll against an attack of ``kind`` (None if it has none)."""
    defenses = _defenses(character, kind)
    if not defenses:
        return None
    what = "psi resistance" if kind is AttackKind.MAGIC else "defense"
    return Choice(
        ChoiceKind.DEFENSE,
        character.who,
        f"Which {what} roll against the {kind} attack?",
        tuple(
            Option(_defense_key(d), f"{d.name} {d.dice}", round(expected_total(d.dice) * 100))
            for d in defenses
        ),
        rule=rules.PSI_RESISTANCE if kind is AttackKind.MAGIC else rules.DEFENSE,
    )


TEMPORARY = "temporary"
"""The key of a temporary armor (a spell or potion's, ruling Y21) in the armor choice."""


def armor_choice(
    character: Character, mat: Mat, total: int, element: Element | None, extra_armor: int = 0
) -> tuple[Choice | None, tuple[str, ...], dict[str, Location]]:
    """The question which armor takes ``total`` damage (``None`` when there is nothing to
    choose), the armor the ``element`` makes useless, and the offered armor by key."""
    usable = mat.armor_options(element)
    ignored = tuple(
        f"{held.card.name} (AR {held.card.armor})"
        for loc, held in mat.armor_options(None)
        if (loc, held) not in usable
    )
    places = {where(loc): loc for loc, _ in usable}
    if (not usable and extra_armor <= 0) or total <= 0:
        return None, ignored, places
    options = [Option(NONE, "no armor")] + [
        Option(where(loc), f"{held.card.name} (AR {held.active_armor})", held.active_armor)
        for loc, held in usable
    ]
    if extra_armor > 0:
        options.append(
            Option(TEMPORARY, f"the temporary armor (AR {extra_armor}, never damaged)", extra_armor)
        )
    choice = Choice(
        ChoiceKind.ARMOR,
        character.who,
        f"Which armor takes the {total} damage (one at most)?",
        tuple(options),
        rule=rules.GETTING_HIT,
    )
    return choice, ignored, places


def _most_pp(character: Character) -> int:
    """The most Psi Points a character may add to psi resistance: PP may fall below 0, as
    when casting (ruling Y3), but never to the deadly -20."""
    return max(character.pp - DEATH_THRESHOLD - 1, 0)


def check_defender_answers(
    character: Character, fixed: Mapping[ChoiceKind, str], kind: AttackKind
) -> None:
    """Refuse answers that can never be legal, before any die is rolled."""
    if ChoiceKind.ENCHANTMENT in fixed:
        raise CombatError("A monster's attack asks no enchantment decision.")
    if ChoiceKind.PSI_POINTS in fixed:
        if kind is not AttackKind.MAGIC:
            raise CombatError(
                "Psi Points strengthen only psi resistance, against a magic attack; this "
                f"attack is {kind}."
            )
        text = fixed[ChoiceKind.PSI_POINTS]
        top = _most_pp(character)
        if not text.isdigit() or int(text) > top:
            raise CombatError(f"{cap(character.who)} can add 0 to {top} Psi Points, not {text!r}.")
    if ChoiceKind.ARMOR in fixed:
        legal = {NONE, TEMPORARY} | {where(loc) for loc, _ in character.mat.armor_options(None)}
        if fixed[ChoiceKind.ARMOR] not in legal:
            raise CombatError(
                f"{fixed[ChoiceKind.ARMOR]!r} is not an undamaged armor of {character.who}; "
                f"choose one of {', '.join(sorted(legal))}."
            )


def _with_points(roll: Roll, points: int) -> Roll:
    """The same dice with ``points`` added to the total (Psi Points after the roll)."""
    return Roll(roll.dice + points, roll.chains, roll.fixed)


def resolve_monster_attack(
    foe: Foe,
    character: Character,
    chance: Chance,
    *,
    hindered: bool = False,
    options: RulesOptions | None = None,
    policy: Policy | None = None,
    answers: Mapping[ChoiceKind | str, str] | None = None,
    bonus: AttackBonus | None = None,
    extra_armor: int = 0,
) -> AttackResolution:
    """Resolve ``foe``'s attack on ``character``; nothing is changed (see module doc).

    ``extra_armor``: the AR of a temporary armor the character holds from a spell or potion
    (ruling Y21): one more armor to choose, never damaged.

    ``bonus``: what the optional rules on the board add to the monster's attack (see
    :func:`~doria_nb.engine.optional_rules.attack_bonus`), written into the steps.

    ``answers`` fixes decisions by kind (``"defense"``: an option key such as ``"hand 1"`` or
    ``"dodge"``; ``"psi points"``: ``"0"``, ``"3"``…; ``"armor"``: a Body slot such as
    ``"torso"`` or ``"none"``); the others come from ``policy`` (the default policy if None).
    Answers that can never be legal raise :class:`CombatError` before any die is rolled; an
    armor answer that only the roll made useless is noted in the steps (ruling C11); answers
    to questions that are not asked (Psi Points after a miss) are not used.
    """
    if not isinstance(foe, Foe):
        raise CombatError(f"The attacker must be a monster (a Foe), not {foe!r}.")
    if not isinstance(character, Character):
        raise CombatError(f"A monster attacks a character, not {character!r}.")
    if foe.defeated:
        raise CombatError(f"{cap(foe.the)} is defeated (0 HP) and attacks no more.")
    if not isinstance(hindered, bool):
        raise CombatError(f"hindered must be True or False, not {hindered!r}.")
    if not isinstance(chance, Chance):
        raise CombatError(f"The dice need a Chance to roll with, not {chance!r}.")
    options = options or RulesOptions()
    bonus = check_bonus(bonus)
    kind = foe.attack_kind
    fixed = parse_answers(answers)
    check_defender_answers(character, fixed, kind)
    who = cap(character.who)
    steps: list[Step] = []
    decisions: list[Decided] = []
    changes: list[CharacterChange] = []
    attack_dice = foe.stats.attack_dice
    element = foe.stats.element
    steps.append(
        Step(
            rules.ATTACK,
            f"{cap(foe.the)} attacks {character.who}: {kind} {attack_dice}, damage "
            f"{foe.stats.damage}{f' {element}' if element else ''}.",
        )
    )
    steps.extend(bonus.steps)
    if bonus.dice or bonus.points:
        attack_dice = bonus.on(attack_dice)
        steps.append(Step(rules.ATTACK, f"With the optional rules the attack rolls {attack_dice}."))

    choice = defense_choice(character, kind)
    chosen: DefenseOption | None = None
    if choice is not None:
        decided = ask(choice, policy, answer=fixed.get(ChoiceKind.DEFENSE))
        decisions.append(decided)
        chosen = dict(zip(choice.keys, _defenses(character, kind), strict=True))[decided.answer]
        steps.append(
            Step(choice.rule, f"{who} defends with {chosen.name} ({chosen.dice}); no AP needed.")
        )
    elif ChoiceKind.DEFENSE in fixed:
        raise CombatError(f"{who} has no defense roll to choose against a {kind} attack.")

    result: ComparativeResult | None = None
    points = 0
    if chosen is None:
        # Ruling C9: no defense roll at all: the defense counts 0.
        attack_roll = chance.roll(
            attack_dice,
            fixed=options.dice_rolling,
            who=Side.MONSTER.value,
            purpose="attack",
            rule=rules.COMPARATIVE,
        )
        fumbled = attack_roll.shows_fumble and not options.no_fumbles
        hit, crits = not fumbled, 0 if fumbled else criticals(attack_roll.total)
        steps.append(
            Step(
                rules.DEFENSE,
                f"{who} has no defense roll (ruling C9: the defense counts 0). Attack "
                f"{attack_dice}: {attack_roll.describe()}: "
                + ("fumble, miss." if fumbled else f"hit, {crits} critical(s)."),
            )
        )
    else:
        defense = across_blue_solid(chosen.dice, hindered, who, steps)
        result = comparative_roll(
            attack_dice,
            defense,
            chance,
            options=options,
            attacker=Side.MONSTER,
            defender=Side.CHARACTER,
        )
        steps.append(Step(rules.COMPARATIVE, result.explain()))
        if kind is AttackKind.MAGIC and result.hit and character.pp > DEATH_THRESHOLD + 1:
            needed = result.margin + 1 if not result.defender_fumbled else -1
            pp_choice = Choice(
                ChoiceKind.PSI_POINTS,
                character.who,
                f"Add Psi Points to the psi resistance of {result.defense.total} against "
                f"{result.attack.total}?",
                tuple(Option(str(n), f"{n} PP", n) for n in range(_most_pp(character) + 1)),
                rule=rules.PSI_RESISTANCE,
                facts=(("needed", needed), ("pp", character.pp)),
            )
            decided = ask(pp_choice, policy, answer=fixed.get(ChoiceKind.PSI_POINTS))
            decisions.append(decided)
            points = int(decided.answer)
            if points:
                result = compare(
                    result.attack,
                    _with_points(result.defense, points),
                    options=options,
                    attacker=Side.MONSTER,
                    defender=Side.CHARACTER,
                )
                steps.append(
                    Step(
                        rules.PSI_RESISTANCE,
                        f"{who} adds {points} PP after the roll: {result.explain()}",
                    )
                )
        attack_roll, hit, crits = result.attack, result.hit, result.criticals

    mat = character.mat
    if result is not None and result.defender_item_damaged and chosen is not None:
        why = "fumble" if result.defender_fumbled else "critical failure (Critical Fail)"
        if chosen.source is not None:
            changes.append(ItemDamage(chosen.source, chosen.name, why))
            mat = mat.damage(chosen.source).after
            steps.append(Step(rules.COMBAT_RULES, f"The {chosen.name} is damaged by the {why}."))
        else:
            steps.append(Step(rules.COMBAT_RULES, f"{chosen.name} is a skill: nothing to damage."))

    damage = None
    hp_lost = 0
    if hit:
        total = foe.stats.damage + bonus.damage + crits
        asked, ignored, places = armor_choice(character, mat, total, element, extra_armor)
        armor_name, armor = None, 0
        if asked is not None:
            answer = fixed.get(ChoiceKind.ARMOR)
            if answer is not None and answer not in asked.keys:
                # Ruling C11: legal before the roll, not after it (a fumble damaged it).
                steps.append(
                    Step(
                        rules.COMBAT_RULES,
                        f"The armor asked for ({answer}) cannot take this hit any more; the "
                        "policy chooses instead (ruling C11).",
                    )
                )
                answer = None
            decided = ask(asked, policy, answer=answer)
            decisions.append(decided)
            if decided.answer == TEMPORARY:
                armor_name, armor = "temporary armor", extra_armor
            elif decided.answer != NONE:
                location = places[decided.answer]
                held = mat.at(location)
                armor_name, armor = held.card.name, held.active_armor
                changes.append(ItemDamage(location, held.card.name, "took the hit"))
        elif fixed.get(ChoiceKind.ARMOR, NONE) != NONE:
            # Ruling C11: the armor asked for cannot take this hit (its element, or no damage).
            steps.append(
                Step(
                    rules.ARMOR_VULNERABILITY,
                    f"The armor asked for ({fixed[ChoiceKind.ARMOR]}) cannot take this hit"
                    + (f": {', '.join(ignored)} ignored by {element}." if ignored else "."),
                )
            )
        damage = character_damage(
            foe.stats.damage + bonus.damage,
            crits,
            armor_name=armor_name,
            armor=armor,
            ignored=ignored,
        )
        hp_lost = damage.taken
        marked = (
            f" The {armor_name} is damaged."
            if armor_name and armor_name != "temporary armor"
            else ""
        )
        steps.append(
            Step(
                rules.CRITICAL_HITS if crits else rules.GETTING_HIT,
                f"{damage.text()}; HP {character.hp} → {character.hp - hp_lost}.{marked}",
            )
        )
    if hp_lost or points:
        changes.append(PointsLoss(hp_lost, points, f"attack of {foe.the}"))
    return AttackResolution(
        direction=Direction.MONSTER_ATTACKS,
        attacker=foe.the,
        defender=character.who,
        kind=kind,
        attack_roll=attack_roll,
        comparison=result,
        hit=hit,
        criticals=crits,
        psi_points=points,
        ap=0,
        decisions=tuple(decisions),
        steps=tuple(steps),
        damage=damage,
        changes=tuple(changes),
        character=character.name,
        mat_before=character.mat,
        hp=(character.hp, character.hp - hp_lost),
        pp=(character.pp, character.pp - points),
        foe_before=foe,
        foe_after=foe,
    )
