"""Between two campaign scenarios: the Campaign Sheet after a scenario ends.

:func:`after_scenario` fills in the sheet as the players would:

1. the scenario's Monster Points (red and orange Doom Counter squares crossed, counted by the
   game, and those the scenario's own rules add, :func:`scenario_points`) join the total
   (*Monster level in campaigns*);
2. every hero's attributes, saved Attribute Points, level and bonuses are copied from the game,
   and the Group XP left on the track are noted for the next scenario (*XP in Campaigns*);
3. a won scenario is completed. After an odd-numbered one each hero may keep one card more;
   after an even-numbered one each hero rises a hero level and picks a bonus, and if the
   heroes' level is now above the monsters', the monsters get 1 Monster Point (*Campaign Sheet
   Anatomy*, *Monster level in campaigns*);
4. after a death (*Death of a character in campaigns*) the dead hero's cards are lost and a
   new character takes its place (or the party goes on without it); the group replays the
   scenario (the Monster Points stay as they are) or goes on to the next one with 5 Monster
   Points more and the scenario's rewards. An escape (*Escaping a campaign scenario*) or a
   lost scenario is replayed or gone on from the same way (ruling CA5);
5. each hero keeps the Loot Cards it chose (by default its most valuable ones) within what the
   rewards allow (:mod:`~doria_nb.engine.campaign.keeping`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from doria_nb.engine.attributes import Attributes
from doria_nb.engine.campaign.created import CreatedHero
from doria_nb.engine.campaign.errors import CampaignError
from doria_nb.engine.campaign.keeping import check_kept, default_keep
from doria_nb.engine.campaign.monster_points import (
    DEATH_CONTINUE_POINTS,
    hero_level_point,
    main_level,
)
from doria_nb.engine.campaign.sheet import (
    MAX_KEPT_CARDS,
    CampaignSheet,
    HeroRecord,
    Outcome,
    ScenarioRecord,
)
from doria_nb.engine.health import check_death
from doria_nb.engine.sections import Section

__all__ = ["PROCEED", "after_scenario", "new_character", "outcome_of", "scenario_points"]

PROCEED = ("replay", "continue")
"""After a scenario that was not won: play it again, or go on to the next one."""


def outcome_of(game: Any) -> Outcome:
    """How the campaign scenario ``game`` ended."""
    if not game.over:
        raise CampaignError(
            "The scenario is still being played: finish it (or escape) before filling in the "
            "Campaign Sheet."
        )
    play = game.state.campaign
    if play is None:
        raise CampaignError("This game is a Single Scenario, not a campaign scenario.")
    if play.escaped:
        return Outcome.ESCAPED
    if game.result.won:
        return Outcome.WON
    if game.result.rule is Section.DEATH_OF_A_CHARACTER:
        return Outcome.DIED
    return Outcome.LOST


def scenario_points(game: Any) -> int:
    """The Monster Points the scenario's own special rules add on top of the Doom Counter's
    (*Monster level in campaigns*): the hook ``campaign_points_per_treasure``."""
    hooked = getattr(game.state.scenario, "hooked", None)
    rules = hooked("campaign_points_per_treasure") if hooked is not None else ()
    searched = game.state.counters.treasures_searched
    return sum(int(dict(rule.params).get("points", 1)) * searched for rule in rules)


def _record_from(seat: Any, kept: tuple[str, ...], before: HeroRecord) -> HeroRecord:
    """The hero's record from the game; a created hero keeps its creation and Standard Items
    from the sheet's record ``before``."""
    ch = seat.character
    return HeroRecord(
        ch.template.id,
        ch.name,
        ch.attributes,
        ch.level,
        tuple(b.id for b in ch.hero_bonuses),
        ch.saved_points,
        kept,
        before.created,
        before.standard,
    )


def _gained(record: HeroRecord, pack: Any) -> int:
    """Attribute Points a hero has had so far: spent (above its premade values, or above its
    creation for a created hero) and saved."""
    if record.points_earned is not None:
        return record.points_earned
    template = pack.hero(record.hero)
    return record.attributes.total - template.attributes.total + record.saved_points


def _first_bonuses(pack: Any, level: int, have: Sequence[str] = ()) -> tuple[str, ...]:
    """The default policy for hero bonuses: those held, then the first ones of the pack."""
    chosen = list(have)
    for bonus in pack.bonuses:
        if len(chosen) >= level - 1:
            break
        if bonus.id not in chosen:
            chosen.append(bonus.id)
    return tuple(chosen)


def _spread(
    base: Attributes, points: int, raises: Mapping[str, int] | None, who: str
) -> Attributes:
    """``base`` with ``points`` Attribute Points added: as the players distribute them
    (``raises``, attribute → points, adding up to ``points``), else by the default policy
    (always the lowest attribute)."""
    values = base.as_dict()
    if raises is not None:
        unknown = sorted(set(raises) - set(values))
        bad = [
            k for k, n in raises.items() if not isinstance(n, int) or isinstance(n, bool) or n < 0
        ]
        if unknown or bad:
            raise CampaignError(
                f"{who} distributes Attribute Points over STR, CON, AGI, PER, WIS and PSI, as "
                f"whole numbers of 0 or more; not {dict(raises)!r}."
            )
        if sum(raises.values()) != points:
            raise CampaignError(
                f"{who} has {points} Attribute Point(s) to distribute, like the others; the "
                f"distribution adds up to {sum(raises.values())}."
            )
        for key, n in raises.items():
            values[key] += n
        return Attributes.of(values)
    for _ in range(points):
        lowest = min(values, key=lambda a: (values[a], list(values).index(a)))
        values[lowest] += 1
    return Attributes.of(values)


def _new_bonuses(pack: Any, level: int, chosen: Sequence[str] | None) -> tuple[str, ...]:
    """The hero bonuses of a new character: as chosen (the same number as the others have,
    each once, each of the pack), else the default policy's."""
    if chosen is None:
        return _first_bonuses(pack, level)
    picked = tuple(chosen)
    if isinstance(chosen, str) or len(picked) != level - 1:
        raise CampaignError(
            f"The new character is hero level {level}, like the others: it chooses "
            f"{level - 1} hero bonus(es), not {chosen!r}."
        )
    for bonus in picked:
        pack.bonus(bonus)
    if len(set(picked)) != len(picked):
        raise CampaignError("The new character chooses each hero bonus once.")
    return picked


def new_character(
    hero: str | CreatedHero,
    pack: Any,
    *,
    points: int,
    level: int,
    raises: Mapping[str, int] | None = None,
    bonuses: Sequence[str] | None = None,
) -> HeroRecord:
    """A completely new character for a hero who died: the premade ``hero``'s attributes (or
    those a :class:`~doria_nb.engine.campaign.created.CreatedHero` was created with) with
    ``points`` Attribute Points distributed (``raises``, else the default policy: always the
    lowest attribute), hero level ``level`` with the hero bonuses chosen (``bonuses``: one per
    level above 1, else the default ones), and no card kept (it draws fresh Loot Cards at the
    next start)."""
    bonuses = _new_bonuses(pack, level, bonuses)
    if isinstance(hero, CreatedHero):
        attributes = _spread(hero.attributes, points, raises, hero.name)  # type: ignore[arg-type]
        return HeroRecord(
            hero.hero_id,
            hero.name,
            attributes,
            level,
            bonuses,
            created=hero.attributes,  # type: ignore[arg-type]
            standard=hero.standard,
        )
    template = pack.hero(hero)
    attributes = _spread(template.attributes, points, raises, template.name)
    return HeroRecord(template.id, template.name, attributes, level, bonuses)


def _kept(seat: Any, allowance: int, chosen: Sequence[str] | None, options: Any) -> tuple[str, ...]:
    cards = seat.character.mat.cards
    if chosen is None:
        return tuple(c.id for c in default_keep(cards, allowance))
    pool = list(cards)
    picked = []
    for card_id in chosen:
        card = next((c for c in pool if c.id == card_id), None)
        if card is None:
            raise CampaignError(f"{seat.name} does not hold {card_id!r} at the scenario's end.")
        pool.remove(card)
        picked.append(card)
    verdict = check_kept(picked, allowance, options)
    if not verdict:
        raise CampaignError(f"{seat.name}: {verdict.reason}")
    return tuple(chosen)


def after_scenario(
    sheet: CampaignSheet,
    game: Any,
    *,
    next_scenario: str | None,
    proceed: str = "replay",
    keep: Mapping[str, Sequence[str]] | None = None,
    bonuses: Mapping[str, str] | None = None,
    replacements: Mapping[str, str | CreatedHero | None] | None = None,
    raises: Mapping[str, Mapping[str, int]] | None = None,
    new_bonuses: Mapping[str, Sequence[str]] | None = None,
    notes: str = "",
) -> CampaignSheet:
    """The sheet after the campaign scenario ``game`` (see the module text).

    ``next_scenario`` is the scenario that follows a completed one (``None``: the campaign
    ends); ``proceed`` ("replay" or "continue") what the group does after a scenario it did
    not win; ``keep`` the card ids each hero (by premade id) keeps, else the default policy;
    ``bonuses`` the bonus each hero picks when it levels up, else the first it may; and
    ``replacements`` the premade hero who replaces a dead one (``None``: the party goes on
    without it; a :class:`~doria_nb.engine.campaign.created.CreatedHero`: a character the
    players create; by default the same premade hero as a new character, or for a created
    hero a new one created alike); ``raises`` how each new character (by the dead hero's id)
    distributes the Attribute Points it gets like the others, and ``new_bonuses`` the hero
    bonuses it chooses, else the default policy. Nothing is changed when a choice is
    refused."""
    if proceed not in PROCEED:
        raise CampaignError(
            f"After a scenario the group can {' or '.join(PROCEED)}, not {proceed!r}."
        )
    outcome = outcome_of(game)
    state = game.state
    pack = game.pack
    if tuple(s.character.template.id for s in state.heroes.values()) != tuple(
        h.hero for h in sheet.heroes
    ):
        raise CampaignError("This game was not started from this Campaign Sheet's heroes.")
    completed = outcome is Outcome.WON or proceed == "continue"
    number = sheet.scenario_number
    points = state.campaign.points + scenario_points(game)
    total = sheet.monster_points + points
    extra_notes = [notes] if notes else []
    if outcome is not Outcome.WON and proceed == "continue":
        total += DEATH_CONTINUE_POINTS
        extra_notes.append(f"went on to the next scenario: +{DEATH_CONTINUE_POINTS} Monster Points")
    allowance = sheet.kept_cards
    if completed and number % 2 == 1:
        allowance = min(allowance + 1, MAX_KEPT_CARDS)
    keep = keep or {}
    records: list[HeroRecord] = []
    dead: list[str] = []
    for seat, before in zip(state.heroes.values(), sheet.heroes, strict=True):
        hero_id = seat.character.template.id
        if check_death(seat.character).dead:
            dead.append(hero_id)
            records.append(_record_from(seat, (), before))
            continue
        chosen = _kept(seat, allowance, keep.get(hero_id), sheet.options)
        records.append(_record_from(seat, chosen, before))
    records = _replace_dead(
        records, dead, pack, replacements or {}, raises or {}, new_bonuses or {}
    )
    if completed and number % 2 == 0:
        records = [_level_up(r, pack, (bonuses or {}).get(r.hero)) for r in records]
        point = hero_level_point(
            hero_level=max(r.level for r in records), monster_level=main_level(total)
        )
        if point:
            total += point
            extra_notes.append("the heroes rose above the monsters' level: +1 Monster Point")
    record = ScenarioRecord(
        number,
        game.setup.scenario or "no scenario",
        str(state.scenario) if state.scenario is not None else "no scenario",
        outcome,
        points,
        "; ".join(extra_notes),
    )
    return replace(
        sheet,
        heroes=tuple(records),
        played=(*sheet.played, record),
        completed=sheet.completed + (1 if completed else 0),
        monster_points=total,
        group_xp=state.group_xp.xp,
        kept_cards=allowance,
        next_scenario=next_scenario if completed else game.setup.scenario,
    )


def _replace_dead(
    records: list[HeroRecord],
    dead: list[str],
    pack: Any,
    replacements: Mapping[str, str | CreatedHero | None],
    raises: Mapping[str, Mapping[str, int]],
    new_bonuses: Mapping[str, Sequence[str]],
) -> list[HeroRecord]:
    """Each dead hero's record replaced by a new character, or dropped. A dead created hero
    is by default replaced by a character created alike (same name, allocation and Standard
    Items): a completely new character all the same, with the others' points and level."""
    if not dead:
        return records
    survivors = [r for r in records if r.hero not in dead]
    out = []
    for record in records:
        if record.hero not in dead:
            out.append(record)
            continue
        default: str | CreatedHero = record.hero
        if record.created is not None:
            default = CreatedHero(record.name, record.created, record.standard)
        hero = replacements.get(record.hero, default)
        if hero is None:
            continue
        others = survivors or [record]
        points = max(_gained(r, pack) for r in others)
        level = max(r.level for r in others)
        out.append(
            new_character(
                hero,
                pack,
                points=points,
                level=level,
                raises=raises.get(record.hero),
                bonuses=new_bonuses.get(record.hero),
            )
        )
    if not out:
        raise CampaignError(
            "Every hero would be gone: a new character must take the dead one's place."
        )
    return out


def _level_up(record: HeroRecord, pack: Any, bonus: str | None) -> HeroRecord:
    """The hero one hero level up with one more bonus (after an even-numbered scenario)."""
    level = record.level + 1
    if bonus is None:
        return replace(record, level=level, bonuses=_first_bonuses(pack, level, record.bonuses))
    pack.bonus(bonus)
    if bonus in record.bonuses:
        raise CampaignError(f"{record.name} already has {bonus}; each bonus is chosen once.")
    return replace(record, level=level, bonuses=(*record.bonuses, bonus))
