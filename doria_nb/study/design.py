"""What a balance study compares: cells that each change one thing against a baseline.

A :class:`StudyCell` is one scenario, one party and one set of optional rules (named by
:data:`~doria_nb.engine.game.option_sets.OPTION_SETS`). The default design keeps the
starter scenario and varies either the party (under the standard rules) or one optional rule
(with the starter party), so each difference from the baseline has a single cause. Every
cell plays the same seeds, so two cells differ by their party or rule, not by their luck.

>>> [cell.name for cell in DEFAULT_CELLS][:2]
['warrior+mage+ranger+priestess', 'shield_maiden+huntress+adventurer+scoundrel']
>>> design(rules=["no_fumbles"], parties=[("warrior", "mage")])[1].label
'No Fumbles'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from doria_nb.content import starter_pack
from doria_nb.engine.errors import UnknownContentError
from doria_nb.engine.game.option_sets import OptionSetError, option_set
from doria_nb.engine.game.setup import MAX_HEROES
from doria_nb.engine.options import TITLES, RulesOptions
from doria_nb.study.wilson import StudyError

__all__ = [
    "BASELINE_PARTY",
    "DEFAULT_CELLS",
    "DEFAULT_PARTIES",
    "DEFAULT_RULES",
    "SCENARIO",
    "StudyCell",
    "design",
    "rules_label",
]

SCENARIO = "the_flooded_archive"
"""The starter scenario: every default cell plays it."""

BASELINE_PARTY = ("warrior", "mage", "ranger", "priestess")
"""The starter party, the baseline every optional rule is compared against."""

DEFAULT_PARTIES: tuple[tuple[str, ...], ...] = (
    BASELINE_PARTY,
    ("shield_maiden", "huntress", "adventurer", "scoundrel"),
    ("warrior", "shield_maiden", "ranger", "huntress"),
    ("warrior", "mage", "priestess"),
    ("warrior", "priestess"),
)
"""The parties compared under the standard rules: the starter four, the other four heroes,
four fighters with no caster, a party of three and a pair."""

DEFAULT_RULES: tuple[str, ...] = (
    "no_fumbles",
    "dice_rolling",
    "dominance:surround",
    "monster_difficulty:extra_hp",
    "easier_overall_game",
)
"""The optional rules compared with the starter party, one at a time."""


def rules_label(rules: str) -> str:
    """A set of optional rules in the rulebook's words.

    >>> rules_label("none"), rules_label("dominance:surround")
    ('standard rules', 'Dominance (surround)')
    """
    if rules == "none":
        return "standard rules"
    field, _, variant = rules.partition(":")
    title = TITLES.get(field, rules)
    return f"{title} ({variant})" if variant else title


@dataclass(frozen=True, slots=True)
class StudyCell:
    """One cell of a study: a scenario, a party and a named set of optional rules."""

    scenario: str
    party: tuple[str, ...]
    rules: str = "none"

    @property
    def options(self) -> RulesOptions:
        return option_set(self.rules)

    @property
    def name(self) -> str:
        """The cell's key in the CSV files: the party, then the rules unless standard."""
        party = "+".join(self.party)
        return party if self.rules == "none" else f"{party}|{self.rules}"

    @property
    def label(self) -> str:
        """What a plot writes beside the cell: the party under the standard rules, else the
        rule's rulebook title."""
        if self.rules == "none":
            pack = starter_pack()
            return ", ".join(pack.hero(hero).name for hero in self.party)
        return rules_label(self.rules)


def _checked_party(party: Sequence[str]) -> tuple[str, ...]:
    heroes = tuple(party)
    if not 1 <= len(heroes) <= MAX_HEROES:
        raise StudyError(f"A party has 1 to {MAX_HEROES} heroes, not {len(heroes)}.")
    pack = starter_pack()
    for hero in heroes:
        try:
            pack.hero(hero)
        except UnknownContentError as error:
            raise StudyError(str(error)) from None
    return heroes


def design(
    *,
    scenario: str = SCENARIO,
    parties: Iterable[Sequence[str]] = DEFAULT_PARTIES,
    rules: Iterable[str] = DEFAULT_RULES,
) -> tuple[StudyCell, ...]:
    """The cells of a study: each party under the standard rules, then each set of optional
    rules with the first party. Unknown heroes, scenarios or rules are refused in words."""
    try:
        starter_pack().scenario(scenario)
    except UnknownContentError as error:
        raise StudyError(str(error)) from None
    chosen = [_checked_party(party) for party in parties]
    if not chosen:
        raise StudyError("A study needs at least one party.")
    cells = [StudyCell(scenario, party) for party in dict.fromkeys(chosen)]
    for name in dict.fromkeys(rules):
        try:
            option_set(name)
        except OptionSetError as error:
            raise StudyError(str(error)) from None
        if name != "none":
            cells.append(StudyCell(scenario, chosen[0], name))
    return tuple(cells)


DEFAULT_CELLS = design()
"""The default study: five parties and five optional rules, ten cells."""
