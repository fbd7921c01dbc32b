"""Named sets of optional rules, for soaks and property tests that must cover them all.

``"none"`` is the standard game; each optional rule has a set of its own (named by its field
in :class:`~doria_nb.engine.options.RulesOptions`, a variant after a colon); ``"all"``
switches every rule on at once (with the first variant of each rule that has variants) and
``"all:group"`` does the same with the other variants.

>>> option_set("door_events").door_events
True
>>> sorted(option_set("all").enabled()) == sorted(option_set("all:group").enabled())
True
"""

from __future__ import annotations

from dataclasses import fields

from doria_nb.engine.errors import DoriaError
from doria_nb.engine.options import (
    COMBAT_MODIFIER_NAMES,
    DOMINANCE_VARIANTS,
    FATE_POINT_VARIANTS,
    MONSTER_DIFFICULTY_VARIANTS,
    TITLES,
    RulesOptions,
)

__all__ = ["OPTION_SETS", "OptionSetError", "option_set", "option_sets"]


class OptionSetError(DoriaError):
    """A name that is no set of optional rules."""


def _singles() -> dict[str, RulesOptions]:
    out: dict[str, RulesOptions] = {}
    variants = {
        "dominance": DOMINANCE_VARIANTS[1:],
        "monster_difficulty": MONSTER_DIFFICULTY_VARIANTS[1:],
        "fate_points": FATE_POINT_VARIANTS[1:],
    }
    for f in fields(RulesOptions):
        if f.name not in TITLES:
            continue
        if f.name in variants:
            for variant in variants[f.name]:
                out[f"{f.name}:{variant}"] = RulesOptions(**{f.name: variant})
        elif f.name == "combat_modifiers":
            out[f.name] = RulesOptions(combat_modifiers=frozenset(COMBAT_MODIFIER_NAMES))
        elif f.name == "easier_overall_game":
            out[f.name] = RulesOptions(easier_overall_game=1)
        else:
            out[f.name] = RulesOptions(**{f.name: True})
    return out


def _all(dominance: str, difficulty: str, fate: str, bonus: str) -> RulesOptions:
    flags = {f.name: True for f in fields(RulesOptions) if f.name in TITLES and f.type == "bool"}
    return RulesOptions(
        **flags,
        combat_modifiers=frozenset(COMBAT_MODIFIER_NAMES),
        dominance=dominance,
        dominance_bonus=bonus,
        monster_difficulty=difficulty,
        fate_points=fate,
        easier_overall_game=1,
    )


OPTION_SETS: dict[str, RulesOptions] = {
    "none": RulesOptions(),
    **_singles(),
    "all": _all("surround", "extra_hp", "character", "dice"),
    "all:group": _all("tile_both", "easier", "group", "damage"),
}
"""Every named set, the standard game first."""


def option_set(name: str) -> RulesOptions:
    """The optional rules of the set ``name`` (a key of :data:`OPTION_SETS`)."""
    try:
        return OPTION_SETS[name]
    except (KeyError, TypeError):
        known = ", ".join(OPTION_SETS)
        message = f"{name!r} is no set of optional rules; the sets are {known}."
        raise OptionSetError(message) from None


def option_sets(names: str) -> list[tuple[str, RulesOptions]]:
    """The sets named in ``names``, separated by commas; ``"every"`` means each of them."""
    if names.strip() == "every":
        return list(OPTION_SETS.items())
    return [(n.strip(), option_set(n.strip())) for n in names.split(",") if n.strip()]
