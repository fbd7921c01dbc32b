"""The stages of a monster's activation, one decision at a time, for the monster stepper.

:func:`build_stages` turns the engine's :class:`~doria_nb.engine.monster_ai.Activation` (and,
with several monsters, the *Monster Order* trace) into a tuple of :class:`Stage` records, in
the order the rules decide: who acts, each criterion of *Target of a Monster*, the players'
choice on a tie, each criterion of *Fastest Way to the Target*, the movement (with pushes),
then the attack and what the monster did. A tie the rules leave to the players ends the
stages with a ``"pending"`` stage whose ``options`` the reader picks from.

The records are plain data (keys are figure letters or ``"x,y"`` squares, as in the engine's
traces), so what the stepper shows can be tested without a widget, and :func:`stage_marks`
(:mod:`doria_nb.ui.monster_stepper.marks`) says how each stage is drawn on the board from
the same data.

>>> from doria_nb.engine.situation import Situation
>>> from doria_nb.engine.monster_ai import activate
>>> s = Situation.from_text('''
... map:
...   #D#######
...   #A..o..M#
...   #########
... figures:
...   o = monster Orc
...   M = hero Mage STR 4
...   A = hero Adventurer STR 9
... ''')
>>> [stage.title for stage in build_stages(activate(s, "o"))]
... # doctest: +NORMALIZE_WHITESPACE
['Target: attack multiple targets', 'Target: closer targets are preferred',
 'Target: lower STR (melee attack)', 'Route: the only square in reach', 'Movement',
 'Attack']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai import Activation, Decision, Trace
from doria_nb.engine.sections import Section
from doria_nb.ui.board.style import square_label

__all__ = [
    "CHOICE_KINDS",
    "Stage",
    "build_stages",
    "key_of",
]

StageKind = Literal["order", "target", "choice", "route", "pending", "move", "attack", "idle"]

CHOICE_KINDS = ("target", "square", "push")
"""The ties the players settle, in the order an activation meets them; the engine's keyword
for each is ``target``, ``square`` and ``push_to``."""

_TIE_RULE = {
    "target": Section.TARGET_OF_A_MONSTER,
    "square": Section.FASTEST_WAY,
    "push": Section.MONSTERS_AND_OBSTACLES,
}


@dataclass(frozen=True, slots=True)
class Stage:
    """One step of the walk through an activation.

    ``title`` names the step, ``rule`` the rulebook section(s) it applies, ``text`` says it in
    words; ``highlighted`` are the keys still in the running (or the path, the defender and
    the characters struck), ``struck`` the keys this step ruled out. A ``"pending"`` or
    ``"choice"`` stage has ``options`` (the tied keys) and ``choice`` (which tie: ``"target"``,
    ``"square"`` or ``"push"``); a choice stage's ``highlighted`` is what the players picked.
    """

    kind: StageKind
    title: str
    rule: str
    text: str
    highlighted: tuple[str, ...] = ()
    struck: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    choice: str = ""


def key_of(square: Square) -> str:
    """The trace key of a square: ``"x,y"``.

    >>> key_of(Square(3, 1))
    '3,1'
    """
    return f"{square.x},{square.y}"


def _labels(activation: Activation, order: Trace | None) -> dict[str, str]:
    labels = {f.letter: f.label for f in activation.before.figures}
    labels.update(activation.target.labels)
    if order is not None:
        labels.update(order.labels)
    for d in activation.route:
        for key in d.candidates_before:
            labels[key] = _word(key, labels)
    return labels


def _word(key: str, labels: Mapping[str, str]) -> str:
    if "," in key:
        x, y = key.split(",")
        return f"({x}, {y})"
    return labels.get(key, key)


_SHOWN = 8
"""Longer lists of candidates are cut short in the words (the records keep them all)."""


def _words(keys: Sequence[str], labels: Mapping[str, str]) -> str:
    words = [_word(k, labels) for k in keys]
    if len(words) > _SHOWN:
        return ", ".join(words[: _SHOWN - 2]) + f", ... ({len(words)} in all)"
    return ", ".join(words) or "nobody"


def _decision_stage(kind: StageKind, prefix: str, d: Decision, labels: Mapping[str, str]) -> Stage:
    return Stage(
        kind,
        f"{prefix}: {d.criterion}",
        d.rule.value,
        _decision_text(d, labels),
        d.candidates_after,
        d.struck,
    )


def _decision_text(d: Decision, labels: Mapping[str, str]) -> str:
    """A criterion in words without its name and rule (the stage's title and rule say
    them): who was in the running, who is left, and why."""
    text = f"{_words(d.candidates_before, labels)} -> {_words(d.candidates_after, labels)}."
    return f"{text} {d.note}" if d.note else text


def _choice_stage(
    what: str, picked: str, options: tuple[str, ...], labels: Mapping[str, str]
) -> Stage:
    others = tuple(o for o in options if o != picked)
    return Stage(
        "choice",
        "The players' choice",
        _TIE_RULE[what].value,
        f"Tied between {_words(options, labels)}: the players chose {_word(picked, labels)}.",
        (picked,),
        others,
        options,
        what,
    )


def build_stages(
    activation: Activation,
    order: Trace | None = None,
    choices: Mapping[str, str] | None = None,
    tied: Mapping[str, tuple[str, ...]] | None = None,
) -> tuple[Stage, ...]:
    """The stages of ``activation``; see the module docstring.

    ``order`` is the *Monster Order* trace (a first stage when it ranks several monsters),
    ``choices`` the ties the players already settled (``{"target": "M", "square": "2,2"}``)
    and ``tied`` the options each of those ties had, for the choice stages.
    """
    choices = choices or {}
    tied = tied or {}
    labels = _labels(activation, order)
    me = activation.monster
    stages: list[Stage] = []
    if order is not None and sum(len(g) for g in order.ranking) > 1:
        first = order.ranking[0]
        lead = (
            f"The {activation.label} acts now."
            if me in first
            else f"You chose to see the {activation.label}, not the first monster, act."
        )
        stages.append(
            Stage(
                "order",
                "Monster Order: who acts first?",
                order.steps[0].rule.value if order.steps else Section.MONSTER_ORDER.value,
                f"{order.explain()}\n{lead}",
                (me,),
                (),
            )
        )
    for d in activation.target.steps:
        stages.append(_decision_stage("target", "Target", d, labels))

    def choice(what: str) -> None:
        if what in choices and what in tied:
            stages.append(_choice_stage(what, choices[what], tied[what], labels))

    choice("target")
    for d in activation.route:
        stages.append(_decision_stage("route", "Route", d, labels))
    choice("square")
    choice("push")
    pending = activation.pending
    if pending is not None:
        what = "push" if pending.kind == "push" else pending.kind
        picker = (
            "Tap one of the squares marked ? on the board"
            if what != "target"
            else ("Tap one of the characters marked ? on the board")
        )
        stages.append(
            Stage(
                "pending",
                "The players decide",
                _TIE_RULE.get(what, Section.MONSTER_ACTIVATION).value,
                f"The rules leave a tie: {pending.question} "
                f"({_words(pending.options, labels)}). {picker}, or pick it in the list.",
                pending.options,
                (),
                pending.options,
                what,
            )
        )
        return tuple(stages)
    if not activation.target.result:
        stages.append(
            Stage("idle", "Nothing to do", Section.TARGET_OF_A_MONSTER.value, activation.summary())
        )
        return tuple(stages)
    stages.append(_movement_stage(activation, labels))
    stages.append(_attack_stage(activation, labels))
    return tuple(stages)


def _movement_stage(activation: Activation, labels: Mapping[str, str]) -> Stage:
    rules: list[str] = []
    for step in activation.steps:
        if step.rule.value not in rules:
            rules.append(step.rule.value)
    parts: list[str] = []
    if activation.steps:
        spent = sum(s.cost for s in activation.steps)
        parts.append(
            f"The {activation.label} moves ({spent} AP, {activation.ap_left} AP left): "
            + "; ".join(str(s) for s in activation.steps)
            + "."
        )
    else:
        parts.append(f"The {activation.label} stays where it is.")
    for push in activation.pushes:
        verb = "swaps places with" if push.swap else "pushes aside"
        parts.append(
            f"It {verb} {_word(push.letter, labels)}: {square_label(push.start)} -> "
            f"{square_label(push.end)}."
        )
        if Section.MONSTERS_AND_OBSTACLES.value not in rules:
            rules.append(Section.MONSTERS_AND_OBSTACLES.value)
    return Stage(
        "move",
        "Movement",
        ", ".join(rules) or Section.MONSTER_ACTIVATION.value,
        " ".join(parts),
        tuple(key_of(s) for s in activation.path),
        (),
    )


def _attack_stage(activation: Activation, labels: Mapping[str, str]) -> Stage:
    rules = [Section.MONSTER_ACTIVATION.value] if activation.attack is not None else []
    for d in activation.notes:
        if d.rule.value not in rules:
            rules.append(d.rule.value)
    lines = [d.explain(labels) for d in activation.notes]
    attack = activation.attack
    if attack is not None:
        lines.insert(
            0,
            f"{_word(attack.attacker, labels)} attacks {_word(attack.defender, labels)}"
            f" from {square_label(attack.square)}.",
        )
    lines.append(activation.summary())
    struck = (
        ()
        if attack is None
        else (attack.defender, *tuple(s for s in attack.struck if s != attack.defender))
    )
    return Stage(
        "attack",
        "Attack" if attack is not None else "No attack",
        ", ".join(rules) or Section.MONSTER_ACTIVATION.value,
        "\n".join(lines),
        struck,
        (),
    )
