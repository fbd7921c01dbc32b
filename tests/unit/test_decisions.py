"""The Decision mechanism: choices, default policies, explicit answers."""

from __future__ import annotations

import pytest

from doria_nb.engine.decisions import (
    NONE,
    Choice,
    ChoiceKind,
    DecisionError,
    Option,
    answers_then,
    decide,
    default_policy,
    no_armor,
    no_psi_points,
    resist_when_it_helps,
)
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.sections import Section


def pp_choice(pp: int, needed: int) -> Choice:
    return Choice(
        ChoiceKind.PSI_POINTS,
        "the Mage",
        "Add Psi Points?",
        tuple(Option(str(n), f"{n} PP", n) for n in range(pp + 1)),
        rule=Section.PSI_RESISTANCE,
        facts=(("needed", needed),),
    )


def armor_choice() -> Choice:
    return Choice(
        ChoiceKind.ARMOR,
        "the Warrior",
        "Which armor?",
        (Option(NONE, "no armor"), Option("head", "Helmet (AR 2)", 2), Option("torso", "Mail", 4)),
        rule=Section.GETTING_HIT,
    )


def test_default_armor_is_the_highest() -> None:
    assert decide(armor_choice()).answer == "torso"


def test_armor_with_only_none_answers_none() -> None:
    choice = Choice(
        ChoiceKind.ARMOR, "x", "Which?", (Option(NONE, "no armor"),), rule=Section.GETTING_HIT
    )
    assert decide(choice).answer == NONE


def test_psi_points_only_when_they_turn_the_hit() -> None:
    assert decide(pp_choice(11, 3)).answer == "3"
    assert decide(pp_choice(2, 3)).answer == "0"  # not enough PP: spend none
    assert decide(pp_choice(5, -1)).answer == "0"  # nothing turns it (a fumble)


def test_explicit_answer_is_recorded_and_checked() -> None:
    decided = decide(armor_choice(), answer="none")
    assert decided.by == "answer given" and decided.option.label == "no armor"
    with pytest.raises(DecisionError, match="not an answer") as error:
        decide(armor_choice(), answer="legs")
    assert isinstance(error.value, DoriaError)


def test_a_policy_must_answer_legally() -> None:
    with pytest.raises(DecisionError):
        decide(armor_choice(), lambda choice: "cloak")


def test_named_policies() -> None:
    assert decide(armor_choice(), no_armor).answer == NONE
    assert decide(pp_choice(5, 2), no_psi_points).answer == "0"
    fixed = answers_then({"armor": "head"}, default_policy)
    assert decide(armor_choice(), fixed).answer == "head"
    assert decide(pp_choice(5, 2), fixed).answer == "2"


def test_a_choice_needs_distinct_options() -> None:
    with pytest.raises(DecisionError):
        Choice(ChoiceKind.ARMOR, "x", "Which?", (), rule=Section.GETTING_HIT)
    with pytest.raises(DecisionError):
        Choice(
            ChoiceKind.ARMOR,
            "x",
            "Which?",
            (Option("a", "A"), Option("a", "B")),
            rule=Section.GETTING_HIT,
        )


def test_the_default_never_spends_psi_points_the_character_does_not_have() -> None:
    options = tuple(Option(str(n), f"{n} PP", n) for n in range(25))
    asked = Choice(
        ChoiceKind.PSI_POINTS,
        "the Warrior",
        "Add PP?",
        options,
        Section.PSI_RESISTANCE,
        facts=(("needed", 23), ("pp", 5)),
    )
    assert resist_when_it_helps(asked) == "0"
    enough = Choice(
        ChoiceKind.PSI_POINTS,
        "the Mage",
        "Add PP?",
        options,
        Section.PSI_RESISTANCE,
        facts=(("needed", 3), ("pp", 11)),
    )
    assert resist_when_it_helps(enough) == "3"
