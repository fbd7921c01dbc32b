"""Explicit decisions: where a rule lets a player choose, the engine asks and records.

A rule that needs a choice (which item to defend with, which armor takes the hit, how many
Psi Points to add to a psi resistance roll, which element an enchanted weapon wakes) builds a
frozen :class:`Choice`: who decides, the question in player words, the legal options and the
rulebook section that grants the choice. The answer comes either from the caller (an explicit
answer, e.g. a button in the book) or from a :class:`Policy`, a plain callable from a choice to
one of its option keys. Every answer is recorded as a :class:`Decided` next to its choice, so a
result can show each decision and a replay can feed the same answers back.

Every kind of choice has a documented default policy (:func:`default_policy`), so bots, tests
and simulations run unattended.

>>> choice = Choice(
...     ChoiceKind.ARMOR, "the Warrior", "Which armor takes the 4 damage?",
...     (Option("none", "no armor"), Option("torso", "Leather Armor (AR 3)", 3),
...      Option("head", "Leather Helmet (AR 3)", 3)),
...     rule=Section.GETTING_HIT,
... )
>>> decide(choice).answer
'torso'
>>> decide(choice, answer="none").describe()
'the Warrior: Which armor takes the 4 damage? → no armor (answer given)'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.sections import Section

__all__ = [
    "NONE",
    "Choice",
    "ChoiceKind",
    "Decided",
    "DecisionError",
    "Option",
    "Policy",
    "answers_then",
    "best_armor",
    "best_defense",
    "decide",
    "default_policy",
    "enchant_when_it_helps",
    "no_armor",
    "no_psi_points",
    "resist_when_it_helps",
]

NONE = "none"
"""The key of the option "none of them" (no armor, no element, no Psi Points)."""


class DecisionError(DoriaError):
    """An answer that is not one of the choice's options (the rule is not changed by it)."""


class ChoiceKind(StrEnum):
    """The kinds of choice the rules give a player; an answer mapping is keyed by these."""

    DEFENSE = "defense"
    """Which item (or Dodge / Psi Resistance) to defend with (*Defense*)."""
    PSI_POINTS = "psi points"
    """How many Psi Points to add to a psi resistance roll after it (*Psi Resistance*)."""
    ARMOR = "armor"
    """Which armor takes a hit, or none (*Getting Hit and Armor Rating*)."""
    ENCHANTMENT = "enchantment"
    """Which element of an enchanted weapon to activate, or none (*Enchanted Weapons*)."""
    PLACEMENT = "placement"
    """Where a newly drawn Room Tile is laid (*Revealing a Room Tile*)."""
    MONSTER_TIE = "monster tie"
    """A tie the monster rules leave to the players: order, target, square or push."""
    KEEP_CARD = "keep card"
    """Which of two Loot Cards a careful search keeps (*Search Treasures*)."""
    SPLIT = "split"
    """How an unconscious character splits the 3 points it recovers between HP and PP
    (*Unconsciousness*)."""
    WAKE = "wake"
    """Whether an unconscious character wakes up for the next round (*Phase H*)."""
    RAISE = "raise"
    """Which attribute an Attribute Point raises (*Character Improvement*)."""
    DOOM_XP = "doom xp"
    """The solo hero: whether to spend 1 XP against the Doom Counter's door step (*Special
    Rules for 1 or 2 Players*)."""
    FATE = "fate"
    """Whether to spend a Fate Point on rolling again (*Fate Points*)."""
    HERO_BONUS = "hero bonus"
    """Which hero bonus a character takes at a new hero level (*Hero and Monster Level*)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer: ``key`` is what an answer names, ``label`` what a player reads, and
    ``value`` the number a default policy ranks it by (AR, expected defense total, PP, ...)."""

    key: str
    label: str
    value: int = 0


@dataclass(frozen=True, slots=True)
class Choice:
    """A question a rule asks a player: who, what, the legal options and the rule.

    ``facts`` are the numbers behind the question that a policy may need (for Psi Points:
    ``needed``, the fewest points that turn the hit into a miss).
    """

    kind: ChoiceKind
    who: str
    question: str
    options: tuple[Option, ...]
    rule: Section
    facts: tuple[tuple[str, int], ...] = ()
    details: tuple[object, ...] = field(default=(), compare=False, repr=False)
    """What each option stands for, in option order, for views that draw the options (a tile
    placement's :class:`~doria_nb.engine.dungeon.PlacedTile`, a square); no rule reads it."""

    def __post_init__(self) -> None:
        if not self.options:
            raise DecisionError(f"{self.question} has no options to choose from.")
        keys = [o.key for o in self.options]
        if len(set(keys)) != len(keys):
            raise DecisionError(f"{self.question} lists an option twice: {keys}.")

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(o.key for o in self.options)

    def fact(self, name: str, default: int = 0) -> int:
        return dict(self.facts).get(name, default)

    def option(self, key: str) -> Option:
        """The option named ``key``; a :class:`DecisionError` lists the legal ones."""
        for option in self.options:
            if option.key == key:
                return option
        legal = ", ".join(f"{o.key!r} ({o.label})" for o in self.options)
        raise DecisionError(
            f"{key!r} is not an answer to “{self.question}”; choose one of {legal}."
        )


Policy = Callable[[Choice], str]
"""Answers a choice with one of its option keys."""


@dataclass(frozen=True, slots=True)
class Decided:
    """A choice and its answer, and whether a policy (by name) or the caller gave it."""

    choice: Choice
    answer: str
    by: str

    @property
    def option(self) -> Option:
        return self.choice.option(self.answer)

    def describe(self) -> str:
        return f"{self.choice.who}: {self.choice.question} → {self.option.label} ({self.by})"


def _best(choice: Choice, *, allow_none: bool = True) -> str:
    """The option with the highest value (the first on ties); ``none`` only if nothing else."""
    real = [o for o in choice.options if o.key != NONE]
    if not real:
        return NONE if allow_none else choice.options[0].key
    return max(real, key=lambda o: o.value).key


def best_defense(choice: Choice) -> str:
    """The defense roll with the highest expected total (the first listed on ties)."""
    return _best(choice)


def best_armor(choice: Choice) -> str:
    """The undamaged armor with the highest AR that the element does not bypass (the options
    hold only such armor); none when there is none."""
    return _best(choice)


def no_armor(choice: Choice) -> str:
    """Keep every armor intact and take the whole damage."""
    return NONE if NONE in choice.keys else choice.options[0].key


def resist_when_it_helps(choice: Choice) -> str:
    """Spend exactly the Psi Points that turn the hit into a miss, if the character has them
    (the fact ``"pp"``: spending may take PP below 0, ruling C4, but this policy never does);
    otherwise spend none."""
    needed = int(choice.fact("needed", -1))
    has = int(choice.fact("pp", needed))
    if needed <= 0 or needed > has or str(needed) not in choice.keys:
        return "0"
    return str(needed)


def no_psi_points(choice: Choice) -> str:
    """Never add Psi Points to a psi resistance roll."""
    return "0"


def enchant_when_it_helps(choice: Choice) -> str:
    """Wake the element the monster's armor is vulnerable to (options of value 1), if the PP
    stay at 0 or more; otherwise none."""
    helpful = [o for o in choice.options if o.value > 0]
    return helpful[0].key if helpful else NONE


_DEFAULTS: dict[ChoiceKind, Policy] = {
    ChoiceKind.DEFENSE: best_defense,
    ChoiceKind.ARMOR: best_armor,
    ChoiceKind.PSI_POINTS: resist_when_it_helps,
    ChoiceKind.ENCHANTMENT: enchant_when_it_helps,
}


def default_policy(choice: Choice) -> str:
    """The documented default of each kind: best defense, best armor, Psi Points only when
    they turn a hit into a miss, an element only when it bypasses the monster's armor."""
    return _DEFAULTS[choice.kind](choice)


def answers_then(answers: Mapping[ChoiceKind | str, str], fallback: Policy) -> Policy:
    """A policy that gives the fixed ``answers`` (by kind) and asks ``fallback`` otherwise."""
    fixed = {ChoiceKind(k): v for k, v in answers.items()}

    def policy(choice: Choice) -> str:
        return fixed[choice.kind] if choice.kind in fixed else fallback(choice)

    return policy


def decide(choice: Choice, policy: Policy | None = None, *, answer: str | None = None) -> Decided:
    """Answer ``choice``: the explicit ``answer`` if given, else ``policy`` (the default
    policy if none). An answer that is not a legal option raises :class:`DecisionError`."""
    if answer is not None:
        choice.option(answer)
        return Decided(choice, answer, "answer given")
    policy = policy or default_policy
    key = policy(choice)
    choice.option(key)
    name = getattr(policy, "__name__", type(policy).__name__).replace("_", " ")
    return Decided(choice, key, f"policy: {name}")
