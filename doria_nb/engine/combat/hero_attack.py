"""A hero attacks a monster (*Attack*, *Getting Hit and Armor Rating*, *Enchanted Weapons*).

The steps, in the rulebook's order:

1. the attack chosen must be one the character can make now (:func:`attack_options`): an
   undamaged weapon or spell in the hands, or a one-handed one from the Belt for 4 AP more;
   Poltergeists are hurt only by magic, so a weapon attack on one is refused;
2. an enchanted weapon may wake one of its elements for its PP (a :class:`Choice`);
3. the attack dice (bonuses included) against the monster's defense, or its psi resistance
   against magic, +1D to the monster if the attack crosses a Blue Solid Line (``hindered``);
4. on a hit: the damage + 1 per critical, less the monster's armor unless the attack's element
   is the one its armor is vulnerable to; the monster's HP drop (it is never damaged);
5. a character's fumble (or, under *Critical Fail*, a critical failure) damages the item used;
   a spell's PP are spent whether it hits or not.

Nothing is changed: the result holds the operations for the character (see
:meth:`AttackResolution.apply`) and the monster after the attack (``foe_after``).
"""

from __future__ import annotations

from collections.abc import Mapping

from doria_nb.engine.attack_bonus import AttackBonus, Step
from doria_nb.engine.cards import AttackKind, Element
from doria_nb.engine.chance import Chance
from doria_nb.engine.character import Character
from doria_nb.engine.checks import Side, comparative_roll
from doria_nb.engine.combat import rules
from doria_nb.engine.combat.answers import ask, parse_answers
from doria_nb.engine.combat.damage import monster_damage
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.combat.records import (
    AttackResolution,
    CharacterChange,
    Direction,
    ItemDamage,
    PointsLoss,
    across_blue_solid,
)
from doria_nb.engine.combat.weapons import AttackOption, attack_options, cap, where
from doria_nb.engine.decisions import (
    NONE,
    Choice,
    ChoiceKind,
    Decided,
    Option,
    Policy,
)
from doria_nb.engine.errors import CombatError
from doria_nb.engine.mat import Purpose
from doria_nb.engine.options import RulesOptions

__all__ = ["check_bonus", "check_hero_attack", "enchant_choice", "resolve_hero_attack"]


def check_hero_attack(
    character: Character,
    foe: Foe,
    attack: AttackOption,
    *,
    ap_available: int | None = None,
) -> None:
    """Raise :class:`CombatError` if ``character`` cannot make ``attack`` on ``foe`` now."""
    if not isinstance(character, Character):
        raise CombatError(f"Only a character attacks this way, not {character!r}.")
    if not isinstance(foe, Foe):
        raise CombatError(f"The target must be a monster (a Foe), not {foe!r}.")
    if not isinstance(attack, AttackOption):
        raise CombatError(f"Choose the attack from attack_options(character), not {attack!r}.")
    if foe.defeated:
        raise CombatError(f"{cap(foe.the)} is already defeated (0 HP).")
    if attack not in attack_options(character):
        verdict = character.can_use(attack.location, Purpose.ATTACK, attack.kind)
        reason = verdict.reason or (
            f"{cap(character.who)} cannot make that attack now; choose one of "
            "attack_options(character)."
        )
        raise CombatError(reason)
    if foe.only_hurt_by_magic and attack.kind is not AttackKind.MAGIC:
        raise CombatError(
            f"{cap(foe.the)} is hurt only by magic; the {attack.name} makes a "
            f"{attack.kind} attack (an enchanted element does not make it magic)."
        )
    if ap_available is not None and attack.ap > ap_available:
        raise CombatError(
            f"The {attack.name} needs {attack.ap} AP; {character.who} has {ap_available}."
        )


def check_bonus(bonus: AttackBonus | None) -> AttackBonus:
    if bonus is None:
        return AttackBonus()
    if not isinstance(bonus, AttackBonus):
        raise CombatError(f"bonus must be an AttackBonus (optional rules), not {bonus!r}.")
    return bonus


def enchant_choice(character: Character, foe: Foe, attack: AttackOption) -> Choice:
    """The question whether to wake an element of ``attack`` against ``foe`` (*Enchanted
    Weapons*): no element, or each element for its PP, the ones the monster's armor is
    vulnerable to valued 1 (what :func:`~doria_nb.engine.decisions.enchant_when_it_helps`
    picks while the PP stay at 0 or more)."""
    pp_left = character.pp - attack.pp - attack.enchant_pp
    options = [Option(NONE, "no element")]
    for element in attack.elements:
        helps = foe.armor > 0 and foe.vulnerable == element and pp_left >= 0
        label = f"{element} ({attack.enchant_pp} PP)"
        options.append(Option(element.value, label, int(helps)))
    return Choice(
        ChoiceKind.ENCHANTMENT,
        character.who,
        f"Wake an element of the {attack.name} against {foe.the}?",
        tuple(options),
        rule=rules.ENCHANTED,
    )


def resolve_hero_attack(
    character: Character,
    foe: Foe,
    attack: AttackOption,
    chance: Chance,
    *,
    hindered: bool = False,
    options: RulesOptions | None = None,
    policy: Policy | None = None,
    answers: Mapping[ChoiceKind | str, str] | None = None,
    ap_available: int | None = None,
    bonus: AttackBonus | None = None,
) -> AttackResolution:
    """Resolve ``character``'s ``attack`` on ``foe``; nothing is changed (see module doc).

    ``hindered``: the attack crosses a Blue Solid Line (+1D to the monster's roll).
    ``bonus``: what the optional rules on the board add (dice, points, damage; see
    :func:`~doria_nb.engine.optional_rules.attack_bonus`), written into the steps.
    ``answers`` fixes decisions by kind (here only ``"enchantment"``: ``"none"`` or an
    element); the others come from ``policy`` (the default policy if None). Bad input raises
    :class:`CombatError` before any die is rolled.
    """
    check_hero_attack(character, foe, attack, ap_available=ap_available)
    if not isinstance(hindered, bool):
        raise CombatError(f"hindered must be True or False, not {hindered!r}.")
    if not isinstance(chance, Chance):
        raise CombatError(f"The dice need a Chance to roll with, not {chance!r}.")
    options = options or RulesOptions()
    bonus = check_bonus(bonus)
    fixed = parse_answers(answers)
    extra = sorted(k.value for k in fixed if k is not ChoiceKind.ENCHANTMENT)
    if extra:
        raise CombatError(
            f"A hero's attack asks only the enchantment decision, not {', '.join(extra)}."
        )
    steps: list[Step] = []
    decisions: list[Decided] = []
    changes: list[CharacterChange] = []
    who = cap(character.who)

    belt = " from the Belt (+4 AP)" if attack.from_belt else ""
    steps.append(
        Step(
            rules.BELT if attack.from_belt else rules.ATTACK,
            f"{who} attacks {foe.the} with the {attack.name} ({where(attack.location)}){belt}: "
            f"{attack.kind} {attack.dice}, damage {attack.damage}, {attack.ap} AP.",
        )
    )

    element: Element | None = attack.element
    pp_spent = attack.pp
    if attack.elements:
        choice = enchant_choice(character, foe, attack)
        decided = ask(choice, policy, answer=fixed.get(ChoiceKind.ENCHANTMENT))
        decisions.append(decided)
        if decided.answer != NONE:
            element = Element(decided.answer)
            pp_spent += attack.enchant_pp
            steps.append(
                Step(rules.ENCHANTED, f"{who} wakes {element} for {attack.enchant_pp} PP.")
            )
        else:
            steps.append(Step(rules.ENCHANTED, f"{who} wakes no element."))
    if attack.pp:
        steps.append(
            Step(rules.PSI_SPELLS, f"The {attack.name} costs {attack.pp} PP, hit or miss.")
        )

    steps.extend(bonus.steps)
    dice = bonus.on(attack.dice)
    if bonus.dice or bonus.points:
        steps.append(Step(rules.ATTACK, f"With the optional rules the attack rolls {dice}."))
    defense = foe.defense_against(attack.kind)
    what = "psi resistance" if attack.kind is AttackKind.MAGIC else "defense"
    defense = across_blue_solid(defense, hindered, foe.the, steps)
    result = comparative_roll(
        dice,
        defense,
        chance,
        options=options,
        attacker=Side.CHARACTER,
        defender=Side.MONSTER,
    )
    steps.append(Step(rules.COMPARATIVE, f"{cap(what)} of {foe.the}: {result.explain()}"))

    foe_after = foe
    damage = None
    if result.hit:
        damage = monster_damage(
            attack.damage + bonus.damage,
            result.criticals,
            armor=foe.armor,
            vulnerable=foe.vulnerable,
            element=element,
        )
        foe_after = foe.with_hp(foe.hp - damage.taken)
        if foe.armor <= 0 and foe.vulnerable is not None:
            steps.append(
                Step(
                    rules.MONSTER_ARMOR,
                    f"{cap(foe.the)} has no armor, so its vulnerability to "
                    f"{foe.vulnerable} does not matter.",
                )
            )
        end = " — defeated." if foe_after.defeated else "."
        steps.append(
            Step(
                rules.CRITICAL_HITS if result.criticals else rules.GETTING_HIT,
                f"{damage.text()}; {foe.the} HP {foe.hp} → {foe_after.hp}{end}",
            )
        )
    if result.attacker_item_damaged:
        why = "fumble" if result.attacker_fumbled else "critical failure (Critical Fail)"
        changes.append(ItemDamage(attack.location, attack.name, why))
        steps.append(Step(rules.COMBAT_RULES, f"The {attack.name} is damaged by the {why}."))
    if pp_spent:
        changes.append(PointsLoss(0, pp_spent, f"{attack.name}"))
        steps.append(
            Step(
                rules.PSI_SPELLS if attack.pp else rules.ENCHANTED,
                f"{who} spends {pp_spent} PP: PP {character.pp} → {character.pp - pp_spent}.",
            )
        )
    return AttackResolution(
        direction=Direction.HERO_ATTACKS,
        attacker=character.who,
        defender=foe.the,
        kind=attack.kind,
        attack_roll=result.attack,
        comparison=result,
        hit=result.hit,
        criticals=result.criticals,
        psi_points=0,
        ap=attack.ap,
        decisions=tuple(decisions),
        steps=tuple(steps),
        damage=damage,
        changes=tuple(changes),
        character=character.name,
        mat_before=character.mat,
        hp=(character.hp, character.hp),
        pp=(character.pp, character.pp - pp_spent),
        foe_before=foe,
        foe_after=foe_after,
    )
